"""The wheel must carry every package and every data file, and building it must be
free of setuptools warnings: pyproject.toml lists the packages by hand, because the
source folders are mapped onto nbc.* names, and data folders must be listed too."""

import fnmatch
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
EXAMPLE = ROOT / "examples" / "trick-or-treat"
CARD_SET = ROOT / "examples" / "munchkin-oogies-casino"
MAPPED = {"nbc": "nbc", "nbc.core": "core", "nbc.plugins": "plugins", "nbc.api": "api"}
IGNORED_BY_SETUPTOOLS = ("Package would be ignored", "absent from the `packages` configuration")


def setuptools_config(project: Path) -> dict:
    return tomllib.loads((project / "pyproject.toml").read_text())["tool"]["setuptools"]


def package_data_files(project: Path) -> dict[str, list[Path]]:
    """The files the project ships besides Python, by the dotted name of their folder."""
    config = setuptools_config(project)
    roots = config.get("package-dir") or {
        name.split(".")[0]: name.split(".")[0] for name in config["packages"]
    }
    patterns = [p for globs in config.get("package-data", {}).values() for p in globs]
    found: dict[str, list[Path]] = {}
    for name, folder in roots.items():
        for path in sorted((project / folder).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".py":
                continue
            if not any(fnmatch.fnmatch(path.name, p.rsplit("/", 1)[-1]) for p in patterns):
                continue
            relative = path.parent.relative_to(project / folder).parts
            found.setdefault(".".join((name, *relative)), []).append(path)
    return found


def test_every_source_package_is_listed_in_pyproject():
    config = setuptools_config(ROOT)
    assert config["package-dir"] == MAPPED
    found = set()
    for name, folder in MAPPED.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join((name, *relative)))
    missing = found - set(config["packages"])
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"


@pytest.mark.parametrize(
    "project", [ROOT, EXAMPLE, CARD_SET], ids=["nbc-rules", "trick-or-treat", "munchkin-oogies-casino"]
)
def test_every_folder_with_data_files_is_listed_as_a_package(project):
    listed = set(setuptools_config(project)["packages"])
    folders = package_data_files(project)
    assert folders, "no data files found: the package-data patterns match nothing"
    missing = sorted(set(folders) - listed)
    assert not missing, (
        f"add these data folders to [tool.setuptools] packages in {project.name}/pyproject.toml, "
        f"or setuptools warns that each 'would be ignored': {missing}"
    )


def copy_source(project: Path, to: Path) -> Path:
    """A copy without the virtualenv and build leftovers: building in place writes build/."""
    junk = shutil.ignore_patterns(
        ".venv", ".git", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis", "nbc.db*"
    )
    shutil.copytree(project, to, ignore=junk)
    return to


@pytest.mark.parametrize(
    "project", [ROOT, EXAMPLE, CARD_SET], ids=["nbc-rules", "trick-or-treat", "munchkin-oogies-casino"]
)
def test_the_wheel_builds_without_warnings_and_carries_every_data_file(project, tmp_path):
    source = copy_source(project, tmp_path / "source")
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "-v",
            "-w",
            str(tmp_path / "wheels"),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    output = built.stdout + built.stderr
    if built.returncode != 0 and "setuptools" in output and "No matching distribution" in output:
        pytest.skip("no package index to fetch the build backend (setuptools) from")
    assert built.returncode == 0, output[-3000:]
    for warning in IGNORED_BY_SETUPTOOLS:
        assert warning not in output, f"setuptools warns: {warning!r}"
    [wheel] = (tmp_path / "wheels").glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for dotted, files in package_data_files(source).items():
        for path in files:
            assert f"{dotted.replace('.', '/')}/{path.name}" in names, (
                f"{path.name} is missing from {wheel.name}"
            )


@pytest.mark.parametrize(
    "name", ["nbc.db", "nbc.db-journal", "nbc.db-wal", "nbc.db-shm", "data/other.db-wal"]
)
def test_the_database_files_sqlite_writes_are_ignored_by_git(name):
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    checked = subprocess.run(["git", "check-ignore", "--quiet", "--no-index", name], cwd=ROOT)
    assert checked.returncode == 0, f"{name} is not in .gitignore"
