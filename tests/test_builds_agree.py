"""The compiled and the interpreted modules play the same matches and refuse the same
bad calls.

`make test` runs the suite on the compiled build (it builds one when the environment
has none of the current sources), so the pinned matches of `test_pinned_matches.py`
and the refusals of `core/test_bad_calls.py` are run once more here on the other one,
in a process of its own: interpreted when this process runs compiled, compiled when it
runs with `NBC_PURE=1` and a current build is there. Both must give the digests
recorded before any speed work, and the same errors. Random playouts of every variant
of every installed game are played by both builds, each in a process of its own, and
must end in the same states.
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


# Random playouts of every installed game and variant, at every seat count in turn,
# digested by their final fingerprints: printed by `python -c`, so that the other build
# plays them in a process of its own.
PLAYOUTS = """
import hashlib, random
from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.simulate import random_playout

digest = hashlib.sha256()
for name, game in sorted(PluginHost.load().games.items()):
    for variant in game.variants:
        seats = list(game.seat_counts(variant))
        for seed in range(3):
            match = Match.new(game, variant, players=seats[seed % len(seats)], seed=f"agree:{seed}")
            random_playout(match, random.Random(seed).random)
            digest.update(f"{name}/{variant}/{seed}:{match.seq}:{match.fingerprint()};".encode())
print(digest.hexdigest())
"""


def _other_build() -> dict[str, str]:
    """The environment of a process that runs the other build (skips without one)."""
    import nbc.core.match  # noqa: F401  (a compiled module: is it running compiled?)

    env = dict(os.environ)
    if _compiled.active():
        env["NBC_PURE"] = "1"
    elif env.get("NBC_PURE", "") not in ("", "0") and not _build.stale():
        del env["NBC_PURE"]
    else:
        pytest.skip(f"no compiled build to set against the interpreted modules: {_build.stale()}")
    return env


def test_random_playouts_of_every_variant_end_alike_on_both_builds() -> None:
    env = _other_build()
    here = subprocess.run([sys.executable, "-c", PLAYOUTS], capture_output=True, text=True, timeout=600)
    other = subprocess.run(
        [sys.executable, "-c", PLAYOUTS], env=env, capture_output=True, text=True, timeout=600
    )
    assert here.returncode == 0 and other.returncode == 0, here.stderr[-2000:] + other.stderr[-2000:]
    assert len(here.stdout.strip()) == 64 and here.stdout == other.stdout


@pytest.mark.costly
def test_the_pinned_matches_and_bad_calls_go_the_same_on_the_other_build() -> None:
    env = _other_build()
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
