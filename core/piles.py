"""Ordered piles of card instance ids: decks, hands, discard piles.

The top of a pile is the END of `cards`, so drawing is cheap. Every method that takes
or returns several cards lists them TOP FIRST: `draw(2)` gives [top, second], and
`put_top(draw(2))` puts them back exactly as they were.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from nbc.core.rng import Rng

ALL = "all"  # face up: everyone sees the cards (a discard pile)
OWNER = "owner"  # only the owner sees them (a hand)
NONE = "none"  # nobody sees them (a face-down deck)
SEEN_BY = (ALL, OWNER, NONE)


class PileError(ValueError):
    """A pile was asked for something it cannot do; the pile is left unchanged."""


@dataclass(slots=True)
class Pile:
    """An ordered pile of card instance ids, with who may look at it."""

    name: str
    cards: list[str] = field(default_factory=list)
    seen_by: str = NONE
    owner: int | None = None

    def __post_init__(self) -> None:
        if self.seen_by not in SEEN_BY:
            raise PileError(
                f"pile '{self.name}': seen_by must be one of {', '.join(SEEN_BY)}, not {self.seen_by!r}"
            )
        if self.seen_by == OWNER and self.owner is None:
            raise PileError(f"pile '{self.name}': seen_by 'owner' needs an owner seat")
        if len(set(self.cards)) != len(self.cards):
            raise PileError(f"pile '{self.name}': the same card is listed twice")

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def draw(self, n: int = 1) -> list[str]:
        """Take exactly `n` cards off the top (top first); fails if there are fewer."""
        self._check_count("draw", n)
        if n > len(self.cards):
            raise PileError(f"pile '{self.name}': cannot draw {n}, it holds {len(self.cards)}")
        return self.draw_up_to(n)

    def draw_up_to(self, n: int) -> list[str]:
        """Take up to `n` cards off the top (top first): all of them if there are fewer."""
        self._check_count("draw", n)
        taken = self.cards[len(self.cards) - min(n, len(self.cards)) :]
        del self.cards[len(self.cards) - len(taken) :]
        taken.reverse()
        return taken

    def top(self, n: int = 1) -> list[str]:
        """Look at up to `n` cards from the top (top first) without moving them."""
        self._check_count("look at", n)
        return self.cards[: -n - 1 : -1] if n else []

    def put_top(self, cards: Iterable[str]) -> None:
        """Put cards on top; the list is read top first, so its first card ends on top."""
        new = self._check_new(cards)
        self.cards.extend(reversed(new))

    def put_bottom(self, cards: Iterable[str]) -> None:
        """Put cards underneath; the list is read top first, so its last card ends lowest."""
        new = self._check_new(cards)
        self.cards[0:0] = reversed(new)

    def remove(self, card: str) -> None:
        """Take one named card out of the pile, wherever it is."""
        if card not in self.cards:
            raise PileError(f"pile '{self.name}': cannot remove {card!r}, it is not here")
        self.cards.remove(card)

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self.cards)

    def visible_to(self, seat: int | None) -> bool:
        """May this seat (None = spectator) see which cards are in the pile?"""
        if self.seen_by == ALL:
            return True
        return self.seen_by == OWNER and seat is not None and seat == self.owner

    def view_for(self, seat: int | None) -> list[str] | int:
        """The cards (top first) if `seat` may see them, else only how many there are."""
        return self.cards[::-1] if self.visible_to(seat) else len(self.cards)

    def _check_count(self, verb: str, n: int) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise PileError(f"pile '{self.name}': cannot {verb} {n!r} cards, need a count >= 0")

    def _check_new(self, cards: Iterable[str]) -> list[str]:
        new = list(cards)
        present = set(self.cards)
        already = [card for card in new if card in present]
        if already:
            raise PileError(f"pile '{self.name}': cannot add {already}, already in the pile")
        if len(set(new)) != len(new):
            raise PileError(f"pile '{self.name}': cannot add {new}, a card is listed twice")
        return new
