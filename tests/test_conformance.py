"""Run the test kit's conformance suite on every installed game (the example game
from examples/ included: `make test` installs it)."""

from nbc.core.testkit.conformance import test_conformance, test_plugins_load_cleanly  # noqa: F401
