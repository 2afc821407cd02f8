"""`nbc compile`: build the optional compiled modules (see `nbc._compiled`).

mypyc names a module after its folders, and the source tree keeps `core/` and
`plugins/` at the top level where they install as `nbc.core` and `nbc.plugins`, so the
build compiles a copy laid out as installed, in a temporary folder, then moves the
extension modules and a manifest of their sources into `build_dir()`.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from nbc._compiled import MANIFEST, MODULES, build_dir, file_hash

# mypy's settings for the build. The mixins of the TCG's rules read each other's
# attributes, which mypy cannot see (`attr-defined`); mypyc compiles those reads as
# plain attribute reads, so they behave as in Python. The card effects (`ops`) are
# mostly unannotated functions, whose annotated locals mypy only notes
# (`annotation-unchecked`): mypyc would count that note as a failure.
MYPY_CONFIG = """\
[mypy]
ignore_missing_imports = True
follow_imports = silent
disable_error_code = attr-defined, annotation-unchecked
"""


# What the build runs. mypyc writes the C code of each module into a file of its own
# (`multi_file`), and the C compiler takes those files on every processor the build may
# use (setuptools compiles the files of one extension one after another, and nearly all
# of the code is in one extension, the build's shared library).
SETUP = """\
from concurrent.futures import ThreadPoolExecutor

from setuptools import setup
import distutils.ccompiler
from mypyc.build import mypycify


def compile_in_parallel(self, sources, output_dir=None, macros=None, include_dirs=None, debug=False,
                        extra_preargs=None, extra_postargs=None, depends=None):
    macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

    def one(obj):
        src, ext = build[obj]
        self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

    with ThreadPoolExecutor({jobs}) as pool:
        list(pool.map(one, objects))
    return objects


# (setuptools' own distutils, once setuptools is imported) The parallel compile uses the
# compiler class's inner steps; a setuptools without them compiles one file at a time.
compiler = distutils.ccompiler.CCompiler
if all(hasattr(compiler, step) for step in ("_setup_compile", "_get_cc_args", "_compile")):
    compiler.compile = compile_in_parallel
setup(name="nbc-compiled", ext_modules=mypycify({args!r}, opt_level={opt!r}, multi_file=True))
"""


def _jobs() -> int:
    """How many C files to compile at once: the processors this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


class BuildError(RuntimeError):
    pass


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise BuildError(f"cannot find the package {name}")
    return Path(next(iter(spec.submodule_search_locations))).resolve()


def sources() -> dict[str, Path]:
    """Each module of `MODULES` and the source file it is compiled from."""
    out = {}
    for name in MODULES:
        package, _, leaf = name.rpartition(".")
        path = _package_dir(package) / f"{leaf}.py"
        if not path.is_file():
            raise BuildError(f"{name}: no source file at {path}")
        out[name] = path
    return out


def _stage(stage: Path) -> list[str]:
    """Copy the packages into `stage` as installed (nbc, nbc.core, nbc.plugins: what the
    modules import) with the build's mypy settings; returns the paths of `MODULES`."""
    shutil.copytree(_package_dir("nbc"), stage / "nbc", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for sub in ("core", "plugins"):
        shutil.copytree(
            _package_dir(f"nbc.{sub}"),
            stage / "nbc" / sub,
            ignore=shutil.ignore_patterns("__pycache__", "*.so"),
            dirs_exist_ok=True,
        )
    (stage / "mypy.ini").write_text(MYPY_CONFIG)
    return [str(Path(*name.split(".")).with_suffix(".py")) for name in MODULES]


def _needs(module: str) -> None:
    try:
        __import__(module)
    except ImportError as error:
        raise BuildError(
            f"{module} is not installed: pip install 'nbc-rules[compiled]' (or make compiled)"
        ) from error


def typecheck() -> None:
    """Type-check `MODULES` as the build does, without compiling; raises `BuildError` with
    mypy's report when any annotation does not hold (each such place is a `TypeError`
    in a compiled build where the interpreted one carries on)."""
    _needs("mypy")
    with tempfile.TemporaryDirectory(prefix="nbc-typecheck-") as tmp:
        stage = Path(tmp)
        paths = _stage(stage)
        command = [sys.executable, "-m", "mypy", "--config-file", "mypy.ini", "--no-incremental", *paths]
        run = subprocess.run(command, cwd=stage, capture_output=True, text=True)
        if run.returncode != 0:
            report = (run.stdout + run.stderr)[-4000:]
            raise BuildError(f"mypy found errors (exit {run.returncode}):\n{report}")


def stale() -> str:
    """Why this environment's compiled build is not a build of the current sources ("" when
    it is): what `nbc compile --if-stale` asks before it builds."""
    try:
        manifest = json.loads((build_dir() / MANIFEST).read_text())
    except (OSError, ValueError):
        return "there is no compiled build"
    modules = manifest.get("modules", {})
    if set(modules) != set(MODULES):
        return "the build compiled other modules than nbc._compiled.MODULES lists now"
    for name, source in sources().items():
        if modules[name].get("source") != str(source) or modules[name].get("sha256") != file_hash(source):
            return f"{name} changed since the build"
    return ""


def build(log: bool = False) -> Path:
    """Compile `MODULES` into `build_dir()`; returns it. Raises `BuildError` with mypyc's
    output when the build fails (the previous build, if any, is left as it was)."""
    _needs("mypyc")
    found = sources()
    with tempfile.TemporaryDirectory(prefix="nbc-compile-") as tmp:
        stage = Path(tmp)
        paths = _stage(stage)
        (stage / "setup.py").write_text(
            SETUP.format(
                jobs=_jobs(),
                args=["--config-file", "mypy.ini", *paths],
                opt=os.environ.get("MYPYC_OPT_LEVEL", "3"),
            )
        )
        command = [sys.executable, "setup.py", "build_ext", "--inplace"]
        run = subprocess.run(command, cwd=stage, capture_output=not log, text=True)
        if run.returncode != 0:
            output = (run.stdout or "") + (run.stderr or "")
            raise BuildError(f"mypyc failed (exit {run.returncode}):\n{output[-4000:]}")
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        target = build_dir()
        fresh = target.with_name(target.name + ".new")
        shutil.rmtree(fresh, ignore_errors=True)
        fresh.mkdir(parents=True)
        modules = {}
        for name, source in found.items():
            built = stage / Path(*name.split(".")).with_suffix(suffix)
            if not built.is_file():
                raise BuildError(f"{name}: mypyc made no extension module ({built.name})")
            shutil.copy2(built, fresh / f"{name}{suffix}")
            modules[name] = {
                "source": str(source),
                "sha256": file_hash(source),
                "extension": f"{name}{suffix}",
            }
        libraries = {}
        for built in stage.glob(f"*__mypyc{suffix}"):
            shutil.copy2(built, fresh / built.name)
            libraries[built.name[: -len(suffix)]] = built.name
        manifest = {"python": sys.version, "modules": modules, "libraries": libraries}
        (fresh / MANIFEST).write_text(json.dumps(manifest, indent=1))
        shutil.rmtree(target, ignore_errors=True)
        fresh.rename(target)
    return target


def clean() -> bool:
    """Remove this environment's compiled build; True when there was one."""
    target = build_dir()
    if not target.exists():
        return False
    shutil.rmtree(target)
    return True
