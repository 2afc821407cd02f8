"""Scoring at the end of the 12th Day, with the tie-breaks (rulebook: Winning the Game)."""

from __future__ import annotations

from typing import Any

from mypy_extensions import trait

from nbc.plugins.tcg.basics import Basics
from nbc.plugins.tcg.state import State


@trait
class Scoring(Basics):
    """Scare Points and the tie-breaks (mixed into `Rules`)."""

    def score(self, st: State, seat: int, scare: Any = None) -> int:
        p = st.players[seat]
        if scare is None:
            scare = self.scare
        total: int = sum(scare(st, c) for c in self.characters(st, seat))
        total += sum(scare(st, c) for c in p.creations)
        # a Surprise on the table counts with whatever is Stacked on it (How dare you!
        # holds the Surprise it took), as a Character or a Creation does
        total += sum(scare(st, c) for c in p.placed)
        return total

    def active_count(self, st: State, seat: int) -> int:
        return sum(1 for k in range(len(st.players[seat].row)) if self.is_active(st, seat, k))  # type: ignore[misc]

    def active_thresholds(self, st: State, seat: int) -> int:
        p = st.players[seat]
        total = 0
        for k, slot in enumerate(p.row):
            if self.is_active(st, seat, k):
                counted = None
                if st.expansions and self.hooks is not None:
                    counted = self.hooks_of(st).tiebreak_threshold(self, st, seat, k)
                total += self.threshold(st, slot) if counted is None else counted
        return total

    def scores_data(self, st: State) -> dict[str, Any]:
        return {"scores": [self.score(st, s) for s in range(len(st.players))]}
