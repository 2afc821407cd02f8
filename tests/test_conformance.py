"""Run the test kit's conformance suite on every installed game (the example game
from examples/ included: `make test` installs it)."""

import pytest

from nbc.core.testkit.conformance import test_conformance, test_plugins_load_cleanly  # noqa: F401

# Seeded playouts per case in this suite (the kit's default is 8). A random game of
# Munchkin runs to hundreds of choices (Epic, to Level 20, to thousands), and the
# kit checks every step, so one playout per variant and seat count keeps the suite
# fast; `nbc check munchkin` (8 playouts) is the full check, and `--nbc-playouts N`
# overrides this for every game.
PLAYOUTS = {"munchkin": 1}


@pytest.fixture
def nbc_playouts(request, nbc_case):
    return request.config.getoption("nbc_playouts") or PLAYOUTS.get(nbc_case.game.name, 8)
