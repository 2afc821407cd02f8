"""The state of a Trick or Treat match: plain dataclasses, saved by nbc's codec."""

from __future__ import annotations

from dataclasses import dataclass, field

from nbc.core.piles import Pile


@dataclass(slots=True)
class Player:
    hand: Pile
    bag: Pile


@dataclass(slots=True)
class State:
    rounds: int
    deck: Pile
    discard: Pile
    players: list[Player]
    cards: dict[str, str]  # instance id -> card definition id
    round: int = 1
    turn: int = 0  # the seat whose turn it is
    must_discard: bool = False  # a trick backfired: the turn's seat discards first
    last_roll: int | None = None
    over: bool = False
    planted: dict[str, str] = field(default_factory=dict)  # test kit: id -> marker name
