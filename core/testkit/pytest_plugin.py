"""The nbc pytest plugin (entry point `pytest11`): options and fixtures for testing
games. It is active wherever nbc-rules is installed.

Run the conformance suite on installed games:

    pytest --pyargs nbc.core.testkit.conformance                 # every game
    pytest --pyargs nbc.core.testkit.conformance --nbc-game NAME # one game

A test that fails with the kit's `ConformanceError` (a conformance case, a test the
fuzzer wrote, an author's own `check_case`) is reported as the error's short block
(`ConformanceError.block`: the case, the seed, the check, where it broke, the
game's own frames, the replay file) instead of a traceback through the kit;
`--tb=long` gives pytest's traceback (without the kit's frames, which every kit
module hides), `--tb=native` and `--full-trace` give it with them.
"""

from __future__ import annotations

from typing import Any

import pytest

from nbc.core.host import PluginHost
from nbc.core.testkit.checks import ConformanceError, cases

# pytest leaves out of its tracebacks every frame of a module that sets this (the kit's)
__tracebackhide__ = True


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("nbc", "nbc-rules game conformance")
    group.addoption(
        "--nbc-game",
        action="append",
        default=[],
        help="check only this game (repeatable); default: every installed game",
    )
    group.addoption(
        "--nbc-playouts",
        type=int,
        default=None,
        help="seeded random playouts per game, variant and seat count (default 8)",
    )


_HOST: PluginHost | None = None


def host() -> PluginHost:
    global _HOST
    if _HOST is None:
        _HOST = PluginHost.load()
    return _HOST


@pytest.fixture(scope="session")
def nbc_host() -> PluginHost:
    """The plugin host with every installed plugin loaded."""
    return host()


def pytest_configure(config: Any) -> None:
    config.addinivalue_line(
        "markers",
        "nbc_card(*keys): the test asserts these cards' printed effects (nbc.core.testkit.cardtests)",
    )
    config.addinivalue_line(
        "markers",
        "nbc_rule(*clauses): the test shows these rule clauses of a book (nbc.core.testkit.ruletests)",
    )
    wanted = config.getoption("nbc_game")
    if not wanted:
        return
    loaded = host()
    unknown = [name for name in wanted if name not in loaded.games]
    if unknown:
        raise pytest.UsageError(
            f"--nbc-game {', '.join(unknown)}: not installed; installed games: "
            f"{', '.join(sorted(loaded.games)) or 'none'}"
        )


def pytest_generate_tests(metafunc: Any) -> None:
    if "nbc_case" not in metafunc.fixturenames:
        return
    wanted = metafunc.config.getoption("nbc_game")
    loaded = host()
    games = [g for name, g in loaded.games.items() if not wanted or name in wanted]
    found = cases(games)
    metafunc.parametrize("nbc_case", found, ids=[c.id for c in found])


@pytest.fixture
def nbc_playouts(request: Any) -> int:
    return request.config.getoption("nbc_playouts") or 8


@pytest.fixture
def nbc_known() -> frozenset[str]:
    """Signatures of open defects the kit counts instead of failing on (each should
    have its own failing test). None by default; a project overrides this fixture."""
    return frozenset()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Any:
    """A kit failure is reported as its short block, and kept as the user property
    `nbc_failure` for `nbc check`'s summary."""
    report = yield
    error = call.excinfo.value if call.excinfo is not None else None
    if report.failed and isinstance(error, ConformanceError):
        block = error.block()
        report.user_properties.append(("nbc_failure", block))
        config = item.config
        if not config.getoption("fulltrace", False) and config.getoption("tbstyle", "auto") not in (
            "long",
            "native",
        ):
            report.longrepr = _short_repr(item, error, block)
    return report


def _short_repr(item: Any, error: ConformanceError, block: str) -> Any:
    """`block` as pytest's report of an exception: printed as it is, and with the
    summary line as the message pytest's short summary shows."""
    try:
        from _pytest._code.code import ReprEntryNative, ReprExceptionInfo, ReprFileLocation, ReprTraceback
    except ImportError:  # another pytest: the block as text
        return block
    path, line, _ = item.location
    entries = [ReprEntryNative([f"{text}\n" for text in block.splitlines()])]
    crash = ReprFileLocation(path, (line or 0) + 1, f"{type(error).__name__}: {error.summary}")
    return ReprExceptionInfo(ReprTraceback(entries, None, "native"), crash)
