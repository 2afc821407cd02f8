"""Typed GraphQL views for Funkoverse (they join the API's `View` union)."""

from __future__ import annotations

from typing import Any

import strawberry
from strawberry.scalars import JSON

from nbc.core.game import ViewType


@strawberry.type(description="A square of the map: column x (left to right) and row y (top down).")
class FunkoverseSquare:
    x: int
    y: int


@strawberry.type(description="A map side: its size and its drawing in the grid's ASCII format.")
class FunkoverseMap:
    id: str
    name: str
    width: int
    height: int
    drawing: list[str]


@strawberry.type(description="A character, minion token or companion, with its state.")
class FunkoversePiece:
    id: str
    card: str
    name: str
    kind: str
    seat: int
    side: int
    base: str
    square: FunkoverseSquare | None
    standing: bool
    exhausted: bool
    cooldown_space: int | None
    defense: int
    statuses: list[str]
    item: str | None
    item_ready: bool
    owner: str | None


@strawberry.type(description="One space of a cooldown track and what lies on it.")
class FunkoverseCooldownSpace:
    space: int
    things: list[str]


@strawberry.type(description="A side: its seats, points, ability token pool and cooldown track.")
class FunkoverseSide:
    index: int
    seats: list[int]
    bases: list[str]
    points: int
    pool: list[str]
    cooldown: list[FunkoverseCooldownSpace]
    leader: str | None


@strawberry.type(description="A point marker (A-D) or the triumph marker (T).")
class FunkoverseMarker:
    id: str
    home: FunkoverseSquare
    square: FunkoverseSquare | None
    holder: str | None


@strawberry.type(
    description=(
        "A pair: a character (chosen at set-up; null until then), basic character k and base colour k, "
        "played by one seat for its side."
    )
)
class FunkoversePair:
    pair: int
    seat: int
    side: int
    base: str
    basic: str
    character: str | None


@strawberry.type(description="One value of a definition, and whether it is authored (ours, not printed).")
class FunkoverseNumber:
    name: str
    value: JSON
    authored: bool


@strawberry.type(
    description=(
        "A definition the match uses (character, trait, ability, item, status, scenario, map, die), "
        "as Game.catalogue lists it: `authored` names its fields whose value is ours, not printed."
    )
)
class FunkoverseCard:
    id: str
    kind: str
    name: str
    text: str
    copies: int | None
    numbers: list[FunkoverseNumber]
    authored: list[str]


@strawberry.type(description="A Funkoverse match as one seat (or a spectator) sees it.")
class FunkoverseView:
    scenario: str
    cards: list[FunkoverseCard]
    stage: str = strawberry.field(
        description=(
            "characters, gear, leaders or placing (set-up steps waiting for the players), play, or over"
        )
    )
    pairs: list[FunkoversePair]
    extras: str = strawberry.field(
        description="what each side brings: none, fog-juice, zero, or choose (either, chosen by the side)"
    )
    map: FunkoverseMap
    mode: str
    round: int
    round_limit: int | None
    goal: int
    first_side: int
    turn_side: int
    active: str | None
    actions_left: int
    pieces: list[FunkoversePiece]
    sides: list[FunkoverseSide]
    markers: list[FunkoverseMarker]
    over: bool
    winners: list[int]


def _square(data: list[int] | None) -> FunkoverseSquare | None:
    return None if data is None else FunkoverseSquare(x=data[0], y=data[1])


def build(view: dict[str, Any]) -> FunkoverseView:
    return FunkoverseView(
        scenario=view["scenario"],
        cards=[
            FunkoverseCard(**{**c, "numbers": [FunkoverseNumber(**n) for n in c["numbers"]]})
            for c in view["cards"]
        ],
        stage=view["stage"],
        pairs=[FunkoversePair(**p) for p in view["pairs"]],
        extras=view["extras"],
        map=FunkoverseMap(**view["map"]),
        mode=view["mode"],
        round=view["round"],
        round_limit=view["round_limit"],
        goal=view["goal"],
        first_side=view["first_side"],
        turn_side=view["turn_side"],
        active=view["active"],
        actions_left=view["actions_left"],
        pieces=[FunkoversePiece(**{**p, "square": _square(p["square"])}) for p in view["pieces"]],
        sides=[
            FunkoverseSide(**{**s, "cooldown": [FunkoverseCooldownSpace(**c) for c in s["cooldown"]]})
            for s in view["sides"]
        ],
        markers=[
            FunkoverseMarker(
                id=m["id"], home=_square(m["home"]), square=_square(m["square"]), holder=m["holder"]
            )  # type: ignore[arg-type]
            for m in view["markers"]
        ],
        over=view["over"],
        winners=view["winners"],
    )


VIEW = ViewType(game="funkoverse", type=FunkoverseView, build=build)
