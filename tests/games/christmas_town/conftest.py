"""Fixtures for the Christmas Town expansion's tests: the TCG as the host loads it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1] / "tcg"))


@pytest.fixture(scope="session")
def tcg():
    from ctkit import christmas_tcg

    return christmas_tcg()
