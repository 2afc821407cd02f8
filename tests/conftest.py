"""Shared fixtures for the test suite."""

from __future__ import annotations

import pytest

from nbc.core.game import Game


@pytest.fixture(scope="session")
def example_game() -> Game:
    """The example third-party game (installed by `make test` from examples/)."""
    from trick_or_treat.game import TrickOrTreat

    return TrickOrTreat()
