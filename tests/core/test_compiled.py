"""The optional compiled build: its import finder (nbc._compiled) serves a build only
while every compiled module's source is the one compiled, and the compiled modules
type-check as the build checks them (nbc._build)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from nbc import _compiled


def _build(tmp_path: Path, sources: dict[str, str]) -> tuple[Path, dict]:
    """A fake build: source files, and a manifest naming them as they are now (the
    modules it compiled are the ones nbc compiles, see `_fake_modules`)."""
    folder = tmp_path / "build"
    folder.mkdir()
    modules = {}
    for name, text in sources.items():
        source = tmp_path / "src" / f"{name.rpartition('.')[2]}.py"
        source.parent.mkdir(exist_ok=True)
        source.write_text(text)
        modules[name] = {
            "source": str(source.resolve()),
            "sha256": _compiled.file_hash(source),
            "extension": f"{name}.so",
        }
    manifest = {"modules": modules, "libraries": {"abc__mypyc": "abc__mypyc.so"}}
    (folder / _compiled.MANIFEST).write_text(json.dumps(manifest))
    return folder, manifest


@pytest.fixture(autouse=True)
def _own_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests' finders report into a state of their own, not the process's."""
    monkeypatch.setattr(_compiled, "_state", {"finder": None, "reason": ""})


@pytest.fixture
def _fake_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fake builds' modules are the ones this version of nbc compiles."""
    monkeypatch.setattr(_compiled, "MODULES", ("pkg.a", "pkg.b"))


@pytest.mark.usefixtures("_fake_modules")
def test_a_current_build_is_served_for_its_own_sources(tmp_path: Path) -> None:
    folder, manifest = _build(tmp_path, {"pkg.a": "A = 1\n", "pkg.b": "B = 2\n"})
    finder = _compiled._Finder(folder, manifest)
    spec = finder.find_spec("pkg.a", [str(tmp_path / "src")])
    assert spec is not None and spec.origin == str(folder / "pkg.a.so")
    assert finder.find_spec("abc__mypyc").origin == str(folder / "abc__mypyc.so")
    assert finder.find_spec("pkg.other", [str(tmp_path / "src")]) is None  # not compiled
    # the same module name found in another folder (another checkout) is not served
    assert finder.find_spec("pkg.b", [str(tmp_path / "elsewhere")]) is None


@pytest.mark.usefixtures("_fake_modules")
def test_one_edited_source_leaves_the_whole_build_aside(tmp_path: Path) -> None:
    folder, manifest = _build(tmp_path, {"pkg.a": "A = 1\n", "pkg.b": "B = 2\n"})
    (tmp_path / "src" / "b.py").write_text("B = 3\n")
    finder = _compiled._Finder(folder, manifest)
    assert finder.find_spec("pkg.a", [str(tmp_path / "src")]) is None
    assert finder.find_spec("abc__mypyc") is None
    assert "pkg.b: its source changed since the build" in _compiled.why_not()


def test_a_build_of_other_modules_is_left_aside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build made by a version of nbc that compiled other modules (one more, here) is
    not served, though each of its sources is unchanged: the module this version runs
    as Python may not be importable compiled (Christmas Town's hooks are not)."""
    folder, manifest = _build(tmp_path, {"pkg.a": "A = 1\n", "pkg.b": "B = 2\n"})
    monkeypatch.setattr(_compiled, "MODULES", ("pkg.a",))
    finder = _compiled._Finder(folder, manifest)
    assert finder.find_spec("pkg.a", [str(tmp_path / "src")]) is None
    assert "other modules" in _compiled.why_not()


def test_nbc_pure_turns_the_build_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NBC_PURE", "1")
    before = list(sys.meta_path)
    _compiled.install()
    assert sys.meta_path == before
    assert _compiled.why_not() == "turned off by NBC_PURE"


def test_every_compiled_module_has_a_source_file() -> None:
    from nbc import _build

    found = _build.sources()
    assert set(found) == set(_compiled.MODULES)
    assert all(path.suffix == ".py" and path.is_file() for path in found.values())


def test_make_rebuilds_only_a_build_of_other_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`nbc compile --if-stale` (what `make test` and `make serve` run) builds only when
    the environment holds no build of the current sources of every compiled module."""
    from nbc import _build

    monkeypatch.setattr(_build, "build_dir", lambda: tmp_path)
    assert _build.stale() == "there is no compiled build"
    modules = {
        name: {"source": str(path), "sha256": _compiled.file_hash(path), "extension": f"{name}.so"}
        for name, path in _build.sources().items()
    }
    manifest = tmp_path / _compiled.MANIFEST
    manifest.write_text(json.dumps({"modules": modules, "libraries": {}}))
    assert _build.stale() == ""
    modules["nbc.core.rng"]["sha256"] = "0" * 64  # built from another text of core/rng.py
    manifest.write_text(json.dumps({"modules": modules, "libraries": {}}))
    assert _build.stale() == "nbc.core.rng changed since the build"
    del modules["nbc.core.rng"]
    manifest.write_text(json.dumps({"modules": modules, "libraries": {}}))
    assert "other modules" in _build.stale()


@pytest.mark.costly
def test_the_compiled_modules_type_check() -> None:
    """Every annotation of the compiled modules holds as far as mypy can tell: a value
    of another type than its annotation is a TypeError in a compiled build."""
    from nbc import _build

    _build.typecheck()  # raises BuildError with mypy's report


def test_a_classs_annotations_are_read_from_its_source(tmp_path: Path) -> None:
    source = tmp_path / "state.py"
    source.write_text(
        "from __future__ import annotations\n"
        "class Outer:\n"
        "    class Inner:\n"
        "        cards: list[str]\n"
        "        owner: dict[str, int] | None = None\n"
        "        LIMIT = 3\n"
        "    players: list[Player]\n"
    )
    assert _compiled.source_annotations(source, "Outer") == {"players": "list[Player]"}
    assert _compiled.source_annotations(source, "Outer.Inner") == {
        "cards": "list[str]",
        "owner": "dict[str, int] | None",
    }
    assert _compiled.source_annotations(source, "Missing") is None


def test_an_interpreted_class_keeps_its_own_annotations() -> None:
    from nbc.plugins.tcg.state import Player

    assert _compiled.annotations_of(Player) is None  # this process has no build in use


def test_the_codec_loads_a_compiled_class_by_the_annotations_of_its_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A compiled dataclass shows `list` where its source says `list[Slot]`: the codec
    takes the source's annotations, so a saved player loads with its Slots rebuilt."""
    from nbc import _build
    from nbc.core import serial
    from nbc.plugins.tcg import state

    source = _build.sources()["nbc.plugins.tcg.state"]  # the .py file, compiled or not
    monkeypatch.setattr(
        serial, "annotations_of", lambda cls: _compiled.source_annotations(source, cls.__qualname__)
    )
    loaders = dict(serial._LOADERS)
    serial._hints.cache_clear()
    serial._LOADERS.clear()
    try:
        player = state.Player("jack", 5, "c1", [], ["c2"], row=[state.Slot("c1", ["c3"])])
        loaded = serial.from_data(state.Player, serial.to_data(player))
        assert loaded == player and type(loaded.row[0]) is state.Slot
    finally:
        serial._hints.cache_clear()
        serial._LOADERS.clear()
        serial._LOADERS.update(loaders)
