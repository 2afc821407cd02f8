"""nbc-rules: a rules platform for the games of The Nightmare Before Christmas.

The source lives in the top-level folders core/, plugins/ and api/, installed as
nbc.core, nbc.plugins and nbc.api (see pyproject.toml).
"""

__version__ = "0.1.0"

# the optional compiled build of the hot modules, when this environment has a current one
from nbc import _compiled  # noqa: E402

_compiled.install()
