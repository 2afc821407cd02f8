"""The optional compiled build: the hot modules compiled to C extensions with mypyc.

`nbc compile` (or `make compiled`) compiles the modules in `MODULES` into a folder of
this Python environment (`build_dir()`), with a manifest of every compiled module's
source file and its hash. When `nbc` is imported, `install()` puts an import finder in
front of the usual ones that serves those extension modules in place of their sources,
and only while the build is whole and current: every source file the manifest names
must still hash the same and be the file Python would import, otherwise the whole
build is left aside (a compiled module calls the others of its build directly, so
serving some of them would mix old and new code) and the pure-Python modules are
imported as usual. The sources stay where they are, so `pip install -e .` and editing
a module work as before; `NBC_PURE=1` turns the build off for a process.

Only the standard library is imported here: this runs on every `import nbc`.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any

# The modules compiled, in the order they are given to mypyc. Every one must type-check
# (see docs/performance.md): a value of another type than its annotation says is a
# TypeError in compiled code where pure Python would carry on. A compiled dataclass
# keeps only bare types in its annotations (`list` for `list[Player]`); the save codec
# reads the annotations of such a class from its source instead (`annotations_of`).
MODULES: tuple[str, ...] = (
    "nbc.core.records",
    "nbc.core.match",
    "nbc.core.rng",
    "nbc.core.grid",
    "nbc.plugins.tcg.basics",
    "nbc.plugins.tcg.rules",
    "nbc.plugins.tcg.turns",
    "nbc.plugins.tcg.machine",
    "nbc.plugins.tcg.primitives",
    "nbc.plugins.tcg.ops",
    "nbc.plugins.tcg.start_phase",
    "nbc.plugins.tcg.end_phase",
    "nbc.plugins.tcg.scoring",
    "nbc.plugins.tcg.scope",
    "nbc.plugins.tcg.state",
    "nbc.plugins.christmas_town.rules",
    "nbc.plugins.munchkin.rules",
    "nbc.plugins.munchkin.state",
    "nbc.plugins.munchkin.effects",
    "nbc.plugins.funkoverse.rules",
    "nbc.plugins.funkoverse.state",
)

MANIFEST = "manifest.json"
_state: dict[str, Any] = {"finder": None, "reason": "not installed"}


def build_dir() -> Path:
    """Where this environment keeps its compiled build (one per Python version)."""
    return Path(sys.prefix) / "nbc-compiled" / sys.implementation.cache_tag


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class _Finder:
    """Serves the compiled modules of one build, once the build has been checked."""

    def __init__(self, folder: Path, manifest: dict[str, Any]) -> None:
        self.folder = folder
        self.modules: dict[str, dict[str, str]] = manifest["modules"]
        self.libraries: dict[str, str] = manifest["libraries"]  # shared code, by module name
        self.checked: bool | None = None

    def _check(self) -> bool:
        if set(self.modules) != set(MODULES):  # made by a version of nbc that compiled others
            _state["reason"] = "the build compiled other modules than this version of nbc compiles"
            return False
        for name, entry in self.modules.items():
            source = Path(entry["source"])
            try:
                same = source.is_file() and file_hash(source) == entry["sha256"]
            except OSError:
                same = False
            if not same:
                _state["reason"] = f"{name}: its source changed since the build ({source})"
                return False
        _state["reason"] = ""
        return True

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        entry = self.modules.get(name)
        library = self.libraries.get(name)
        if entry is None and library is None:
            return None
        if self.checked is None:
            self.checked = self._check()
        if not self.checked:
            return None
        if entry is not None:
            # the source Python would import now must be the one compiled (another
            # checkout or install of nbc-rules in the same environment is not)
            where = Path(path[0]) / (name.rpartition(".")[2] + ".py") if path else None
            if where is None or where.resolve() != Path(entry["source"]):
                return None
            built = self.folder / entry["extension"]
        else:
            built = self.folder / library
        loader = importlib.machinery.ExtensionFileLoader(name, str(built))
        return importlib.util.spec_from_file_location(name, built, loader=loader)


def install() -> None:
    """Serve the compiled build, if this environment has one and `NBC_PURE` is not set."""
    if _state["finder"] is not None:
        return
    if os.environ.get("NBC_PURE", "") not in ("", "0"):
        _state["reason"] = "turned off by NBC_PURE"
        return
    folder = build_dir()
    try:
        manifest = json.loads((folder / MANIFEST).read_text())
    except (OSError, ValueError):
        _state["reason"] = "no compiled build in this environment (nbc compile makes one)"
        return
    finder = _Finder(folder, manifest)
    sys.meta_path.insert(0, finder)
    _state["finder"] = finder
    _state["reason"] = "not checked yet"


def active() -> list[str]:
    """The modules now running compiled (imported from the build)."""
    finder = _state["finder"]
    if finder is None or not finder.checked:
        return []
    out = []
    for name in finder.modules:
        module = sys.modules.get(name)
        if module is not None and isinstance(
            getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader
        ):
            out.append(name)
    return out


def describe() -> str:
    """One line for reports of speed: how many modules run compiled, or why none do."""
    running = active()
    if running:
        return f"compiled build: {len(running)} of {len(MODULES)} modules in use"
    return f"pure Python ({why_not() or 'no compiled module imported'})"


def why_not() -> str:
    """Why the build is not in use ("" when it is, or has not been asked for yet)."""
    return str(_state["reason"])


def annotations_of(cls: type) -> dict[str, str] | None:
    """The annotations of class `cls` as its source writes them, when its module runs
    compiled: a compiled class keeps only each field's bare type (`list` for
    `list[Player]`), too little for the save codec to load a saved value into. None when
    the module runs from its source, whose annotations are whole."""
    finder = _state["finder"]
    entry = finder.modules.get(cls.__module__) if finder is not None and finder.checked else None
    module = sys.modules.get(cls.__module__)
    if entry is None or not isinstance(
        getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader
    ):
        return None
    return source_annotations(Path(entry["source"]), cls.__qualname__)


def source_annotations(source: Path, qualname: str) -> dict[str, str] | None:
    """The annotated names of class `qualname` (dotted for a nested class) in the Python
    file `source`, each with its annotation's text; None if the file has no such class."""
    import ast  # only for a compiled state, when it is first saved or loaded

    body = ast.parse(source.read_text(encoding="utf-8")).body
    for name in qualname.split("."):
        found = next((n for n in body if isinstance(n, ast.ClassDef) and n.name == name), None)
        if found is None:
            return None
        body = found.body
    return {
        node.target.id: ast.unparse(node.annotation)
        for node in body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
