"""What one seat (or a spectator) sees of a Funkoverse match.

Everything is public except, in Leaders, a side's chosen leader before every side
has chosen: only that side's seats see it until the reveal. `cards` lists the
definitions the match uses (scenario, map, dice, each piece's card with its trait and
abilities, items, statuses), each with its values and which of them are authored, as
the catalogue has them (catalogue.py).
"""

from __future__ import annotations

from typing import Any

from nbc.plugins.funkoverse import catalogue, setup
from nbc.plugins.funkoverse.effects import BASICS, CARDS, ITEMS, MAP_CARDS, grid
from nbc.plugins.funkoverse.state import State


def stage(state: State) -> str:
    """Where the match is: the set-up step waiting for the players, play, or over."""
    if state.over:
        return "over"
    if state.picking:
        return "characters"
    if state.outfitting:
        return "gear"
    if state.choosing_leaders:
        return "leaders"
    if state.placing:
        return "placing"
    return "play"


def view(state: State, seat: int | None) -> dict[str, Any]:
    g = grid(state.map)
    active = state.frames[0].piece if state.frames else None
    sides = []
    for i, side in enumerate(state.sides):
        leader = side.leader
        if leader is not None and not state.leaders_revealed and (seat is None or seat not in side.seats):
            leader = None
        sides.append(
            {
                "index": i,
                "seats": list(side.seats),
                "bases": list(side.bases),
                "points": side.points,
                "pool": [token.rsplit("-", 1)[0] for token in side.pool],
                "cooldown": [
                    {"space": int(space), "things": list(things)}
                    for space, things in side.cooldown.spaces.items()
                ],
                "leader": None if leader is None else state.planted.get(leader, leader),
            }
        )
    pieces = []
    for p in state.pieces.values():
        track = state.sides[p.side].cooldown
        pieces.append(
            {
                "id": p.id,
                "card": p.card,
                "name": CARDS[p.card].name,
                "kind": p.kind,
                "seat": p.seat,
                "side": p.side,
                "base": p.base,
                "square": None if p.square is None else list(p.square),
                "standing": p.standing,
                "exhausted": p.exhausted,
                "cooldown_space": track.find(f"piece:{p.id}"),
                "defense": CARDS[p.card].defense,
                "statuses": [ITEMS[s].name for s in p.statuses],
                "item": None if p.item is None else ITEMS[p.item].name,
                "item_ready": p.item is not None and f"item:{p.id}" not in track,
                "owner": p.owner,
            }
        )
    pairs = [
        {
            "pair": k,
            "seat": seat,
            "side": setup.side_of_seat(state, seat),
            "base": setup.BASES[k],
            "basic": BASICS[k],
            "character": state.lineup[k] or None,
        }
        for k, seat in enumerate(state.pair_seats)
    ]
    in_use = [p.card for p in state.pieces.values()] + [p.item for p in state.pieces.values() if p.item]
    return {
        "scenario": state.scenario,
        "cards": catalogue.in_play(state.scenario, state.map, in_use),
        "stage": stage(state),
        "pairs": pairs,
        "extras": state.extras,
        "map": {
            "id": state.map,
            "name": MAP_CARDS[state.map].name,
            "width": g.width,
            "height": g.height,
            "drawing": g.render().splitlines(),
        },
        "mode": state.mode,
        "round": state.round,
        "round_limit": state.round_limit,
        "goal": state.goal,
        "first_side": state.first,
        "turn_side": state.turn,
        "active": active,
        "actions_left": state.frames[0].actions if state.frames else 0,
        "pieces": pieces,
        "sides": sides,
        "markers": [
            {
                "id": m.id,
                "home": list(m.home),
                "square": None if m.square is None else list(m.square),
                "holder": m.holder,
            }
            for m in state.markers.values()
        ],
        "over": state.over,
        "winners": list(state.winners),
    }
