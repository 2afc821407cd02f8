"""Typed GraphQL views for Munchkin (they join the API's `View` union)."""

from __future__ import annotations

from typing import Any

import strawberry

from nbc.core.game import ViewType


@strawberry.type(description="A Munchkin card, face up.")
class MunchkinCard:
    id: str
    card: str = strawberry.field(description="its card id: the catalogue's id (Game.catalogue)")
    name: str
    kind: str


@strawberry.type(description="An Item in play: carried, and perhaps equipped or backed by Cheat!.")
class MunchkinItem:
    id: str
    card: str = strawberry.field(description="its card id: the catalogue's id (Game.catalogue)")
    name: str
    kind: str
    equipped: bool
    cheat: bool


@strawberry.type(description="A hand: its size, and its cards for its owner only.")
class MunchkinHand:
    count: int
    cards: list[MunchkinCard] | None


@strawberry.type(description="A face-up discard pile: its size and top card.")
class MunchkinDiscard:
    count: int
    top: MunchkinCard | None


@strawberry.type
class MunchkinPlayer:
    seat: int
    level: int
    dead: bool
    strength: int
    citizenships: list[MunchkinCard]
    dual: MunchkinCard | None
    ride: MunchkinCard | None
    ride_enhancers: list[MunchkinCard]
    items: list[MunchkinItem]
    curses: list[MunchkinCard]
    hand: MunchkinHand
    known: list[MunchkinCard] = strawberry.field(description="cards in the hand that everyone has seen")


@strawberry.type(description="A monster in the fight, with what was played on it.")
class MunchkinFoe:
    id: str
    card: str = strawberry.field(description="its card id: the catalogue's id (Game.catalogue)")
    name: str
    kind: str
    level: int
    strength: int
    treasures: int
    tags: list[str]
    enhancers: list[MunchkinCard]


@strawberry.type
class MunchkinCombat:
    hero: int
    helper: int | None
    foes: list[MunchkinFoe]
    heroes_strength: int
    monsters_strength: int
    played: list[MunchkinCard]
    defeated: list[MunchkinCard]
    bribe_items: list[MunchkinCard] = strawberry.field(description="Items promised to the helper for a win")
    bribe_share: int
    waiting: list[int]


@strawberry.type
class MunchkinRunner:
    seat: int
    left: list[MunchkinCard]


@strawberry.type
class MunchkinWaiting:
    seat: int
    kind: str


@strawberry.type(description="A Munchkin match as one seat (or a spectator) sees it.")
class MunchkinView:
    turn: int
    turns: int
    phase: str
    win_level: int
    last_roll: int | None
    door_deck: int
    treasure_deck: int
    door_discard: MunchkinDiscard
    treasure_discard: MunchkinDiscard
    players: list[MunchkinPlayer]
    combat: MunchkinCombat | None
    runners: list[MunchkinRunner]
    revealed: list[MunchkinCard]
    pool: list[MunchkinCard]
    body: list[MunchkinCard]
    sale: list[MunchkinCard]
    discarded: list[MunchkinCard] = strawberry.field(
        description=(
            "cards the last choice put face up on a discard pile; one that the same choice "
            "then shuffled back into its deck has an empty id"
        )
    )
    waiting_for: MunchkinWaiting | None
    over: bool
    winners: list[int]
    reason: str


def _card(data: dict[str, Any] | None) -> MunchkinCard | None:
    return (
        None
        if data is None
        else MunchkinCard(id=data["id"], card=data["card"], name=data["name"], kind=data["kind"])
    )


def _cards(data: list[dict[str, Any]]) -> list[MunchkinCard]:
    return [_card(c) for c in data]


def _player(p: dict[str, Any]) -> MunchkinPlayer:
    hand = p["hand"]
    return MunchkinPlayer(
        seat=p["seat"],
        level=p["level"],
        dead=p["dead"],
        strength=p["strength"],
        citizenships=_cards(p["citizenships"]),
        dual=_card(p["dual"]),
        ride=_card(p["ride"]),
        ride_enhancers=_cards(p["ride_enhancers"]),
        items=[MunchkinItem(**i) for i in p["items"]],
        curses=_cards(p["curses"]),
        hand=MunchkinHand(
            count=hand["count"], cards=None if hand["cards"] is None else _cards(hand["cards"])
        ),
        known=_cards(p["known"]),
    )


def _combat(c: dict[str, Any] | None) -> MunchkinCombat | None:
    if c is None:
        return None
    return MunchkinCombat(
        hero=c["hero"],
        helper=c["helper"],
        foes=[MunchkinFoe(**{**f, "enhancers": _cards(f["enhancers"])}) for f in c["foes"]],
        heroes_strength=c["heroes_strength"],
        monsters_strength=c["monsters_strength"],
        played=_cards(c["played"]),
        defeated=_cards(c["defeated"]),
        bribe_items=_cards(c["bribe_items"]),
        bribe_share=c["bribe_share"],
        waiting=c["waiting"],
    )


def build(view: dict[str, Any]) -> MunchkinView:
    waiting = view["waiting_for"]
    return MunchkinView(
        turn=view["turn"],
        turns=view["turns"],
        phase=view["phase"],
        win_level=view["win_level"],
        last_roll=view["last_roll"],
        door_deck=view["door_deck"],
        treasure_deck=view["treasure_deck"],
        door_discard=MunchkinDiscard(
            count=view["door_discard"]["count"], top=_card(view["door_discard"]["top"])
        ),
        treasure_discard=MunchkinDiscard(
            count=view["treasure_discard"]["count"], top=_card(view["treasure_discard"]["top"])
        ),
        players=[_player(p) for p in view["players"]],
        combat=_combat(view["combat"]),
        runners=[MunchkinRunner(seat=r["seat"], left=_cards(r["left"])) for r in view["runners"]],
        revealed=_cards(view["revealed"]),
        pool=_cards(view["pool"]),
        body=_cards(view["body"]),
        sale=_cards(view["sale"]),
        discarded=_cards(view["discarded"]),
        waiting_for=None if waiting is None else MunchkinWaiting(seat=waiting["seat"], kind=waiting["kind"]),
        over=view["over"],
        winners=view["winners"],
        reason=view["reason"],
    )


VIEW = ViewType(game="munchkin", type=MunchkinView, build=build)
