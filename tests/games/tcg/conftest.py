"""Fixtures for the TCG's rules tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from nbc.plugins.tcg.game import TcgGame  # noqa: E402


@pytest.fixture(scope="session")
def tcg() -> TcgGame:
    return TcgGame()
