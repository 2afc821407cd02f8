"""The wheel must carry every package: pyproject.toml lists them by hand, because the
source folders are mapped onto nbc.* names."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[1]
MAPPED = {"nbc": "nbc", "nbc.core": "core", "nbc.plugins": "plugins", "nbc.api": "api"}


def test_every_source_package_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"] == MAPPED
    found = set()
    for name, folder in MAPPED.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join((name, *relative)))
    missing = found - set(config["packages"])
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"
