"""Scenario helpers for Christmas Town: the TCG with the expansion loaded and enabled
(`christmas_tcg`, and `ct_table`, which is `tcgkit.christmas_table`)."""

from __future__ import annotations

from typing import Any

from tcgkit import christmas_table as ct_table
from tcgkit import christmas_tcg

__all__ = ["MAIN", "christmas_tcg", "ct_table", "options"]

# a legal 40-card Main Deck of Christmas and Halloween Characters, for deck-list tests
MAIN = {
    "mrs-claus": 4,
    "eddy-the-elf": 4,
    "suzy-the-elf": 4,
    "zero": 4,
    "igor": 4,
    "fetch": 4,
    "nelly-the-elf": 4,
    "cyclops": 4,
    "clown": 4,
    "wolfman": 4,
}


def options(s: Any, seat: int = 0, kind: str = "turn") -> list[str]:
    return [c.label for c in s.expect(seat, kind).choices]
