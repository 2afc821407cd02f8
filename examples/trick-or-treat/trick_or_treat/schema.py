"""Typed GraphQL views for Trick or Treat (joins the API's `View` union)."""

from __future__ import annotations

from typing import Any

import strawberry

from nbc.core.game import ViewType


@strawberry.type
class CandyCard:
    id: str
    name: str


@strawberry.type(description="A pile: its size, and its cards when the caller may see them.")
class CandyPile:
    count: int
    cards: list[CandyCard] | None


@strawberry.type
class TrickOrTreatPlayer:
    seat: int
    hand: CandyPile
    bag: CandyPile
    score: int


@strawberry.type(description="A Trick or Treat match as one seat (or a spectator) sees it.")
class TrickOrTreatView:
    round: int
    rounds: int
    turn: int
    last_roll: int | None
    deck: CandyPile
    discard: CandyPile
    players: list[TrickOrTreatPlayer]


def _pile(data: dict[str, Any]) -> CandyPile:
    cards = data.get("cards")
    return CandyPile(
        count=data["count"],
        cards=None if cards is None else [CandyCard(id=c["id"], name=c["name"]) for c in cards],
    )


def build(view: dict[str, Any]) -> TrickOrTreatView:
    return TrickOrTreatView(
        round=view["round"],
        rounds=view["rounds"],
        turn=view["turn"],
        last_roll=view["last_roll"],
        deck=_pile(view["deck"]),
        discard=_pile(view["discard"]),
        players=[
            TrickOrTreatPlayer(seat=p["seat"], hand=_pile(p["hand"]), bag=_pile(p["bag"]), score=p["score"])
            for p in view["players"]
        ],
    )


VIEW = ViewType(game="trick-or-treat", type=TrickOrTreatView, build=build)
