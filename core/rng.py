"""A seeded, serialisable random source.

Every chance event in a match goes through one `Rng`. Its whole state is a single
64-bit integer, so a match can be saved and resumed mid-game, and the same seed gives
the same sequence on every Python version and platform (the generator and the
shuffle are written here rather than borrowed from `random`, whose algorithms may
change between releases).

The generator is SplitMix64: tiny, fast in pure Python, and good enough for shuffling
decks and rolling dice. The seed and the state are secrets of the server.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

T = TypeVar("T")

_SPAN: Final = 1 << 64
_MASK: Final = _SPAN - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def seed_to_state(seed: object) -> int:
    """Turn any int or str seed into a 64-bit starting state (stable across runs)."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise TypeError(f"a seed must be an int or a str, not {type(seed).__name__}")
    digest = hashlib.sha256(f"{type(seed).__name__}:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Rng:
    """Seeded random source with a one-integer, JSON-friendly state."""

    __slots__ = ("state",)

    def __init__(self, seed: object = 0, *, state: int | None = None) -> None:
        self.state = seed_to_state(seed) if state is None else state & _MASK

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """Resume a generator from `get_state()`."""
        return cls(state=state)

    def get_state(self) -> int:
        return self.state

    def fork(self, label: str) -> Rng:
        """An independent generator derived from this one's state and a label.

        The parent does not advance, so forking never changes the parent's sequence.
        """
        return Rng(f"{self.state}:{label}")

    def next64(self) -> int:
        """The next raw 64-bit value."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        if n == 1:
            return 0
        limit = _SPAN - _SPAN % n
        while True:  # next64, written out: this is the hottest call of every playout
            self.state = z = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in low..high, both ends included."""
        if high < low:
            raise ValueError(f"randint() needs low <= high, got {low}..{high}")
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates). Each swap draws exactly as `below(i + 1)`
        would; the generator is written out here because dealing a match shuffles
        hundreds of cards, and the call per card cost as much as the draw."""
        z0 = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                z0 = z = (z0 + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                value = z ^ (z >> 31)
                if value < limit:
                    break
            j = value % n
            items[i], items[j] = items[j], items[i]
        self.state = z0

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct items, in random order."""
        if not 0 <= k <= len(items):
            raise ValueError(f"sample() of {k} from {len(items)} items")
        pool = list(items)
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def __repr__(self) -> str:  # never show the state: it is a server secret
        return "Rng(<hidden>)"
