"""Scenario helpers for Christmas Town: the TCG with the expansion loaded and enabled
(`christmas_tcg`, and `ct_table`, which is `tcgkit.christmas_table`)."""

from __future__ import annotations

from typing import Any

from tcgkit import christmas_table as ct_table
from tcgkit import christmas_tcg

__all__ = ["christmas_tcg", "ct_table", "options"]


def options(s: Any, seat: int = 0, kind: str = "turn") -> list[str]:
    return [c.label for c in s.expect(seat, kind).choices]
