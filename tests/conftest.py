"""Shared fixtures for the test suite."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nbc.core.game import Game


@pytest.fixture
def ran_in_pure_python(request: pytest.FixtureRequest) -> bool:
    """For a test that patches a module's Python code to copy an old behaviour: with
    the compiled build active (where a patch of a compiled module's function does not
    reach its compiled callers), run the test again in a process of pure Python
    (`NBC_PURE=1`), fail if it fails there, and answer True; the test then returns.
    Without the build, answer False: the test runs here."""
    from nbc import _compiled

    if not _compiled.active():
        return False
    root = Path(__file__).resolve().parents[1]
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider"]
    done = subprocess.run(
        [*command, request.node.nodeid],
        cwd=root,
        env={**os.environ, "NBC_PURE": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"in pure Python: {done.stdout[-3000:]}{done.stderr[-2000:]}"
    return True


@pytest.fixture(scope="session")
def example_game() -> Game:
    """The example third-party game (installed by `make test` from examples/)."""
    from trick_or_treat.game import TrickOrTreat

    return TrickOrTreat()


# Plugin modules with the mistakes a plugin author makes, for the host's and the
# command line's tests (see the `installed_plugins` fixture).
MISSPELT_HOOK = """
from nbc.core.hookspecs import hookimpl

@hookimpl
def nbc_game():
    return []
"""

IMPORT_ERROR = """
import nbc_no_such_dependency  # noqa: F401
"""

WRONG_ARGUMENT = """
from nbc.core.hookspecs import hookimpl

@hookimpl
def nbc_add_hookspecs(manager):
    pass
"""

FORGOT_HOOKIMPL = """
from trick_or_treat.game import TrickOrTreat

class ForgottenTreats(TrickOrTreat):
    name = "forgotten-treats"

def nbc_games():
    return [ForgottenTreats]
"""

VIEW_NAME_CLASH = """
import strawberry

from nbc.core.game import ViewType
from nbc.core.hookspecs import hookimpl
from trick_or_treat.game import TrickOrTreat


class HauntedTreats(TrickOrTreat):
    name = "haunted-treats"


@strawberry.type(name="TcgView")  # the TCG's view type is called that already
class HauntedView:
    round: int


@hookimpl
def nbc_games():
    return [HauntedTreats]


@hookimpl
def nbc_graphql_types():
    return [ViewType(game="haunted-treats", type=HauntedView, build=lambda v: HauntedView(round=v["round"]))]
"""

BROKEN_PLUGINS = {
    "misspelt": MISSPELT_HOOK,
    "needs-missing": IMPORT_ERROR,
    "wrong-argument": WRONG_ARGUMENT,
    "forgot-hookimpl": FORGOT_HOOKIMPL,
    "view-clash": VIEW_NAME_CLASH,
}


@pytest.fixture
def installed_plugins(monkeypatch, tmp_path):
    """Install plugin modules as entry points of the `nbc` group, as `pip install` of a
    third-party package would: `installed_plugins({"name": source, ...})`. The modules
    are written to a temporary folder; each entry point's name is the plugin's name."""
    import sys
    from importlib.metadata import EntryPoint

    from nbc.core import host as host_module

    real = host_module.entry_points
    added: list[EntryPoint] = []
    modules: list[str] = []
    monkeypatch.syspath_prepend(str(tmp_path))

    def install(plugins: dict[str, str]) -> None:
        for name, source in plugins.items():
            module = "nbc_test_plugin_" + name.replace("-", "_")
            (tmp_path / f"{module}.py").write_text(source)
            modules.append(module)
            added.append(EntryPoint(name=name, value=module, group=host_module.ENTRY_POINT_GROUP))

    def with_added(group):
        return [*real(group=group), *(ep for ep in added if ep.group == group)]

    monkeypatch.setattr(host_module, "entry_points", with_added)
    yield install
    for module in modules:
        sys.modules.pop(module, None)


@pytest.fixture
def broken_plugins(installed_plugins):
    """Every plugin of BROKEN_PLUGINS installed; returns their sources by name."""
    installed_plugins(BROKEN_PLUGINS)
    return BROKEN_PLUGINS


# Open defects that the fuzzer and the kit have found, by failure signature, each with
# its shrunk test (marked to fail until the defect is fixed). The kit's conformance
# cases and the fuzzing budget count these instead of failing on them, and fail on
# anything else. Remove an entry when its defect is fixed (its test, strict xfail,
# then says so).
KNOWN: dict[str, dict[str, str]] = {}


@pytest.fixture(scope="session")
def known_defects() -> dict[str, dict[str, str]]:
    return KNOWN


@pytest.fixture
def nbc_known(nbc_case) -> frozenset[str]:
    """The test kit's known failures for this project's run of it (see KNOWN)."""
    return frozenset(KNOWN.get(nbc_case.game.name, {}))


# The TCG checks after every step of an effect that it is safe to resume after a
# question (see nbc.plugins.tcg.machine.EffectMachine.checked_op); the kit and the
# fuzzer turn it on for their own playouts, this for every scenario test too.
from nbc.plugins.tcg import machine as _tcg_machine  # noqa: E402

_tcg_machine.STRICT_STEPS = True


def pytest_collection_modifyitems(items):
    """The tests marked `costly` run first, so that no process meets a long test near
    the end while the other has nothing left (`make test` shares the rest out by
    worksteal)."""
    items.sort(key=lambda item: item.get_closest_marker("costly") is None)


def pytest_runtest_setup(item):
    """No test may start with an asyncio loop left running in this process's thread
    by an earlier one (a test of `asyncio.run` would be refused, depending on which
    tests its process ran before it). The browser's tests keep playwright's loop
    running while their module lasts (tests/web/conftest.py), so only they may."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    if "browser" not in getattr(item, "fixturenames", ()):
        raise RuntimeError(
            f"an asyncio loop is still running in this process ({loop!r}): a test run before "
            f"{item.nodeid} left it running; a fixture that runs one must stop it when its "
            "tests are done"
        )
