"""Card coverage: which card effects actually ran.

A game reports that a card's effect ran (not merely that the card was played) with

    from nbc.core import coverage
    coverage.fired("sound-of-rollin-dice")

and lists every key it may report in `Game.coverage(variant)`. Recording is off
unless someone asks for it (the fuzzer does), and then it costs one set insertion:

    with coverage.recording() as seen:
        ... play matches ...
    never = set(game.coverage(variant)) - seen

Recording never touches a match's state, so it cannot change a replay.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

_seen: set[str] | None = None


def fired(key: str) -> None:
    """Note that the effect named `key` ran (a no-op unless recording)."""
    if _seen is not None:
        _seen.add(key)


def active() -> bool:
    """Whether something is recording; a game may skip working out keys otherwise."""
    return _seen is not None


@contextmanager
def recording(into: set[str] | None = None) -> Iterator[set[str]]:
    """Record the keys fired inside the block into `into` (a new set by default),
    which is also what the block receives. Recordings nest: an inner one also
    feeds the outer."""
    global _seen
    outer = _seen
    seen = set() if into is None else into
    _seen = seen if outer is None else _Tee(seen, outer)
    try:
        yield seen
    finally:
        _seen = outer


class _Tee(set):
    """A set that also adds into an outer recording."""

    def __init__(self, inner: set[str], outer: set[str]) -> None:
        super().__init__()
        self.inner, self.outer = inner, outer

    def add(self, key: str) -> None:
        self.inner.add(key)
        self.outer.add(key)
