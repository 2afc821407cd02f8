"""A seeded, serialisable random source.

Every chance event in a match goes through one `Rng`. Its whole state is a single
64-bit integer, so a match can be saved and resumed mid-game, and the same seed gives
the same sequence on every Python version and platform (the generator and the
shuffle are written here rather than borrowed from `random`, whose algorithms may
change between releases).

The generator is SplitMix64: tiny, fast in pure Python, and good enough for shuffling
decks and rolling dice. The seed and the state are secrets of the server.

It is written twice. Python's integers work on the 64-bit values directly, and that is
the faster way interpreted; compiled (`nbc._compiled`) the same arithmetic on integers
past 2**62 goes through Python objects and costs about a microsecond a draw. So compiled,
`below` and `shuffle` work on the state's two 32-bit halves as native 64-bit integers
(`i64`), with no intermediate value above 2**50: the same numbers, exactly, both ways
(tests/core/test_rng.py compares the two), at about a twentieth of the cost.
"""

from __future__ import annotations

import hashlib
import types
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_SPAN: Final = 1 << 64
_MASK: Final = _SPAN - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB

# the same constants as 32-bit halves, and the masks the halves use
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_GOLDEN_HI: Final = 0x9E3779B9
_GOLDEN_LO: Final = 0x7F4A7C15
_MIX1_HI: Final = 0xBF58476D
_MIX1_LO: Final = 0x1CE4E5B9
_MIX2_HI: Final = 0x94D049BB
_MIX2_LO: Final = 0x133111EB
_LARGEST_HALVED: Final = 1 << 31  # `below` bounds under this draw on halves when compiled


def _low_product(a: i64, b: i64) -> i64:
    """(a * b) mod 2**32 for a and b under 2**32, with no product above 2**48."""
    return (a * (b & _M16) + (((a * (b >> 16)) & _M16) << 16)) & _M32


def _times(hi: i64, lo: i64, c_hi: i64, c_lo: i64) -> tuple[i64, i64]:
    """(hi:lo) * (c_hi:c_lo) mod 2**64, each number as its 32-bit halves."""
    t = lo * (c_lo & _M16)
    mid = (t >> 16) + lo * (c_lo >> 16)
    high = ((mid >> 16) + _low_product(hi, c_lo) + _low_product(lo, c_hi)) & _M32
    return high, ((mid & _M16) << 16) | (t & _M16)


def _step(hi: i64, lo: i64) -> tuple[i64, i64, i64, i64]:
    """One SplitMix64 step on halves: the next state's (hi, lo), then the value's."""
    lo += _GOLDEN_LO
    hi = (hi + _GOLDEN_HI + (lo >> 32)) & _M32
    lo &= _M32
    zh, zl = _times(hi ^ (hi >> 30), lo ^ (((lo >> 30) | (hi << 2)) & _M32), _MIX1_HI, _MIX1_LO)
    zh, zl = _times(zh ^ (zh >> 27), zl ^ (((zl >> 27) | (zh << 5)) & _M32), _MIX2_HI, _MIX2_LO)
    return hi, lo, zh ^ (zh >> 31), zl ^ (((zl >> 31) | (zh << 1)) & _M32)


def _below(hi: i64, lo: i64, n: i64) -> tuple[i64, i64, i64]:
    """A draw below n (under 2**31) on halves, refusing values as `Rng.below` does: the
    next state's (hi, lo), then the value drawn."""
    wrap = (_M32 + 1) % n  # 2**32 mod n
    # a value is refused when it is one of the last (2**64 mod n) of all 2**64
    refused_above = _M32 - wrap * wrap % n
    while True:
        hi, lo, zh, zl = _step(hi, lo)
        if zh != _M32 or zl <= refused_above:
            return hi, lo, (zh % n * wrap + zl) % n


def _compiled() -> bool:
    """Whether this module runs compiled: its functions are then not Python functions."""
    return not isinstance(_compiled, types.FunctionType)


HALVES: Final = _compiled()  # draw on halves (see the module's docstring)


def check_seed(seed: object) -> None:
    """Refuse a seed that is not an int or a str (a bool included) with `TypeError`."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise TypeError(f"a seed must be an int or a str, not {type(seed).__name__}")


def seed_to_state(seed: object) -> int:
    """Turn any int or str seed into a 64-bit starting state (stable across runs)."""
    check_seed(seed)
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
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int, halves: bool = HALVES) -> int:
        """A uniform integer in 0..n-1 (rejection sampling, so no modulo bias).
        `halves` draws on 32-bit halves (the module's docstring says when and why)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        if n == 1:
            return 0
        if halves and n < _LARGEST_HALVED:
            state = self.state
            hi, lo, drawn = _below(state >> 32, state & _M32, n)
            self.state = (int(hi) << 32) | int(lo)
            return int(drawn)
        limit = _SPAN - _SPAN % n
        while True:  # next64, written out: this is the hottest call of every playout
            self.state = z = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
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

    def shuffle(self, items: MutableSequence[T], halves: bool = HALVES) -> None:
        """Shuffle in place (Fisher-Yates). Each swap draws exactly as `below(i + 1)`
        would; the generator is written out here because dealing a match shuffles
        hundreds of cards, and the call per card cost as much as the draw."""
        if halves and len(items) <= _LARGEST_HALVED:
            self._shuffle_on_halves(items)
            return
        z0 = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                z0 = z = (z0 + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                value = z ^ (z >> 31)
                if value < limit:
                    break
            j = value % n
            items[i], items[j] = items[j], items[i]
        self.state = z0

    def _shuffle_on_halves(self, items: MutableSequence[T]) -> None:
        state = self.state
        hi: i64 = state >> 32
        lo: i64 = state & _M32
        for i in range(len(items) - 1, 0, -1):
            hi, lo, drawn = _below(hi, lo, i + 1)
            j = int(drawn)
            items[i], items[j] = items[j], items[i]
        self.state = (int(hi) << 32) | int(lo)

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
