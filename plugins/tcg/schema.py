"""Typed GraphQL views for the TCG (they join the API's `View` union)."""

from __future__ import annotations

from typing import Any

import strawberry

from nbc.core.game import ViewType


@strawberry.type(description="A card as the caller may see it.")
class TcgCard:
    id: str
    card: str | None
    name: str
    alias: str | None
    kind: str | None
    number: int | None


@strawberry.type(description="A Character or Creation in play, with its Stacked Surprises.")
class TcgInPlay:
    card: TcgCard
    scare: int
    stacked: list[TcgCard]
    hex: bool
    holiday: str | None = strawberry.field(
        description="the card's holiday (halloween, christmas) when an expansion says it (Christmas Town)"
    )


@strawberry.type(description="One Locale of a player's row and the Characters below it.")
class TcgLocale:
    locale: TcgCard
    town: str
    gap_before: bool = strawberry.field(description="a space before it in the row: a border between towns")
    active: bool
    threshold: int
    characters: list[TcgInPlay]
    beneath: int = strawberry.field(description="cards tucked face down under it")
    flipped: bool
    joy: int | None = strawberry.field(
        description="a Christmas Town Locale: the Christmas Characters there (its Joy); null for others"
    )
    joy_needed: int | None = strawberry.field(
        description="a Christmas Town Locale: the Joy it needs to be Active (its Joy Threshold, less "
        "what other cards take off); null for others"
    )


@strawberry.type
class TcgPlayer:
    seat: int
    deck_name: str
    pumpkin_points: int
    hand: list[TcgCard] | None = strawberry.field(description="only the caller's own hand")
    hand_size: int
    deck_size: int
    locale_deck_size: int
    discard: list[TcgCard] | None = strawberry.field(description="only the caller's own discard pile")
    discard_size: int
    discard_top: TcgCard | None = strawberry.field(description="the face-up top card of the discard pile")
    surprise_discard: list[TcgCard]
    row: list[TcgLocale]
    creations: list[TcgInPlay]
    placed: list[TcgCard]
    score: int


@strawberry.type(description="A TCG match as one seat (or a spectator) sees it.")
class TcgView:
    day: int
    days_left: int
    pumpkin_king: int
    king_activity: str
    phase: str
    turn: int
    center: list[TcgCard]
    shown: list[TcgCard] = strawberry.field(description="cards revealed by the last choice")
    players: list[TcgPlayer]
    you: int | None


def _card(data: dict[str, Any]) -> TcgCard:
    return TcgCard(
        id=data["id"],
        card=data.get("card"),
        name=data["name"],
        alias=data.get("alias") or None,
        kind=data.get("kind"),
        number=data.get("number"),
    )


def _in_play(data: dict[str, Any]) -> TcgInPlay:
    return TcgInPlay(
        card=_card(data),
        scare=data["scare"],
        stacked=[_card(s) for s in data["stacked"]],
        hex=data["hex"],
        holiday=data.get("holiday"),
    )


def build(view: dict[str, Any]) -> TcgView:
    return TcgView(
        day=view["day"],
        days_left=view["days_left"],
        pumpkin_king=view["pumpkin_king"],
        king_activity=view["king_activity"],
        phase=view["phase"],
        turn=view["turn"],
        center=[_card(c) for c in view["center"]],
        shown=[_card(c) for c in view["shown"]],
        you=view["you"],
        players=[
            TcgPlayer(
                seat=p["seat"],
                deck_name=p["deck_name"],
                pumpkin_points=p["pumpkin_points"],
                hand=None if p["hand"] is None else [_card(c) for c in p["hand"]],
                hand_size=p["hand_size"],
                deck_size=p["deck_size"],
                locale_deck_size=p["locale_deck_size"],
                discard=None if p["discard"] is None else [_card(c) for c in p["discard"]],
                discard_size=p["discard_size"],
                discard_top=None if p["discard_top"] is None else _card(p["discard_top"]),
                surprise_discard=[_card(c) for c in p["surprise_discard"]],
                row=[
                    TcgLocale(
                        locale=_card(slot["locale"]),
                        town=slot["town"],
                        gap_before=slot["gap_before"],
                        active=slot["active"],
                        threshold=slot["threshold"],
                        characters=[_in_play(c) for c in slot["characters"]],
                        beneath=slot["beneath"],
                        flipped=slot["flipped"],
                        joy=slot.get("joy"),
                        joy_needed=slot.get("joy_needed"),
                    )
                    for slot in p["row"]
                ],
                creations=[_in_play(c) for c in p["creations"]],
                placed=[_card(c) for c in p["placed"]],
                score=p["score"],
            )
            for p in view["players"]
        ],
    )


def view_type() -> ViewType:
    return ViewType(game="tcg", type=TcgView, build=build)
