"""Turn order: seats clockwise, rounds, named phases, a rotating leader, simultaneous steps.

Seats are the ints 0..n-1 and clockwise means the next index, wrapping to 0. A game
writes its round as an ordered list of step names, so the round order reads at a glance:

```python
phases = Phases(["start", "play", "scare", "cooldown"])
phases.advance()  # -> "play"
```
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field


class FlowError(ValueError):
    """Turn order was asked for something impossible; nothing is changed."""


def _check_seat(seat: int, n: int) -> None:
    if n < 1:
        raise FlowError(f"need at least one seat, not {n}")
    if not 0 <= seat < n:
        raise FlowError(f"seat {seat} does not exist; seats run 0..{n - 1}")


def clockwise_from(start: int, n: int) -> list[int]:
    """All n seats in clockwise order, beginning with `start`."""
    _check_seat(start, n)
    return [(start + step) % n for step in range(n)]


def next_seat(seat: int, n: int, skip: Collection[int] = ()) -> int:
    """The next seat clockwise that is not in `skip` (may come back round to `seat`)."""
    for candidate in clockwise_from(seat, n)[1:] + [seat]:
        if candidate not in skip:
            return candidate
    raise FlowError(f"no seat left after {seat}: all {n} seats are skipped")


@dataclass(slots=True)
class Leader:
    """Who holds the leader marker (Pumpkin King, First Player) among `players` seats."""

    seat: int
    players: int

    def __post_init__(self) -> None:
        _check_seat(self.seat, self.players)

    def pass_on(self, skip: Collection[int] = ()) -> int:
        """Hand the marker to the next seat clockwise not in `skip`; returns that seat."""
        self.seat = next_seat(self.seat, self.players, skip)
        return self.seat

    def order(self) -> list[int]:
        """All seats clockwise, leader first."""
        return clockwise_from(self.seat, self.players)


@dataclass(slots=True)
class Round:
    """The round number, starting at 1."""

    number: int = 1

    def advance(self) -> int:
        """Start the next round; returns its number."""
        self.number += 1
        return self.number


@dataclass(slots=True)
class Phases:
    """The named steps of a round, in order; stepping past the last starts a new round."""

    names: list[str]
    index: int = 0
    round: int = 1

    def __post_init__(self) -> None:
        if not self.names:
            raise FlowError("a round needs at least one phase")
        if len(set(self.names)) != len(self.names):
            raise FlowError(f"phase names must be distinct, got {self.names}")
        if not 0 <= self.index < len(self.names):
            raise FlowError(f"phase index {self.index} is outside 0..{len(self.names) - 1}")

    @property
    def current(self) -> str:
        return self.names[self.index]

    def advance(self) -> str:
        """Move to the next phase, wrapping to the first of a new round; returns its name."""
        self.index += 1
        if self.index == len(self.names):
            self.index = 0
            self.round += 1
        return self.current

    def go_to(self, name: str) -> str:
        """Skip forward to phase `name` (into the next round if it lies behind us).

        Going to the current phase changes nothing.
        """
        if name not in self.names:
            raise FlowError(f"no phase {name!r}; the phases are {', '.join(self.names)}")
        while self.current != name:
            self.advance()
        return name


@dataclass(slots=True)
class Simultaneous:
    """Seats that must each act in a step they all take at once, before it ends."""

    pending: list[int] = field(default_factory=list)

    def done(self, seat: int) -> None:
        """Record that `seat` has acted."""
        if seat not in self.pending:
            raise FlowError(f"seat {seat} is not waited for; waiting for {self.pending}")
        self.pending.remove(seat)

    def is_waiting(self, seat: int) -> bool:
        return seat in self.pending

    @property
    def waiting(self) -> list[int]:
        """The seats still to act, in the order they were listed."""
        return list(self.pending)

    @property
    def complete(self) -> bool:
        return not self.pending
