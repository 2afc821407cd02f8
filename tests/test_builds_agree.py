"""The compiled and the interpreted modules play the same matches and refuse the same
bad calls.

`make test` runs the suite on the compiled build (it builds one when the environment
has none of the current sources), so the pinned matches of `test_pinned_matches.py`
and the refusals of `core/test_bad_calls.py` are run once more here on the other one,
in a process of its own: interpreted when this process runs compiled, compiled when it
runs with `NBC_PURE=1` and a current build is there. Both must give the digests
recorded before any speed work, and the same errors.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nbc import _build, _compiled

PINNED = Path(__file__).with_name("test_pinned_matches.py")
BAD_CALLS = Path(__file__).parent / "core" / "test_bad_calls.py"


@pytest.mark.costly
def test_the_pinned_matches_and_bad_calls_go_the_same_on_the_other_build() -> None:
    import nbc.core.match  # noqa: F401  (a compiled module: is it running compiled?)

    env = dict(os.environ)
    if _compiled.active():
        env["NBC_PURE"] = "1"
    elif env.get("NBC_PURE", "") not in ("", "0") and not _build.stale():
        del env["NBC_PURE"]
    else:
        pytest.skip(f"no compiled build to set against the interpreted modules: {_build.stale()}")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", str(PINNED), str(BAD_CALLS)]
        + ["-p", "no:xdist", "-p", "no:cacheprovider"],
        cwd=PINNED.parent.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and " failed" not in run.stdout
