"""What one seat (or a spectator, seat None) may know of a Munchkin match.

Cards in play, the combat, revealed Door cards, a helped fight's Treasure and a
dead character's body are face up. Hands are private, decks face down, and a
discard pile shows its size and top card (nobody may look through it), besides the
cards the last choice put there.
"""

from __future__ import annotations

from typing import Any

from nbc.plugins.munchkin import effects as fx
from nbc.plugins.munchkin.cards import PLAIN
from nbc.plugins.munchkin.state import CardTable, State

NAME = {d.id: d.name for d in PLAIN.values()}
KIND = {d.id: d.kind for d in PLAIN.values()}


def index_cards(new: dict[str, Any]) -> None:
    """Add a card set's cards (plain twins) to the tables above (`sets.register`)."""
    NAME.update({key: d.name for key, d in new.items()})
    KIND.update({key: d.kind for key, d in new.items()})


def _refs(state: State) -> dict[str, tuple[str, str, str]]:
    """Each card instance's (name, kind, card id), as the view shows an unplanted card."""
    table = state.cards
    if type(table) is CardTable:
        return table.refs(NAME, KIND)
    return {c: (NAME[d], KIND[d], d) for c, d in table.items()}


def card_ref(state: State, c: str) -> dict[str, Any]:
    """A face-up card: its instance id, its card id (the catalogue's, as choices and
    events carry it under `refs`), name and kind; a planted card shows its marker."""
    d = state.cards[c]
    marker = state.planted.get(c)
    return {"id": c, "card": marker or d, "name": marker or NAME[d], "kind": KIND[d]}


def cards(
    state: State, ids: list[str], refs: dict[str, tuple[str, str, str]] | None = None
) -> list[dict[str, Any]]:
    if not ids:
        return []
    if state.planted:
        return [card_ref(state, c) for c in ids]
    if refs is None:
        refs = _refs(state)
    return [{"id": c, "card": (ref := refs[c])[2], "name": ref[0], "kind": ref[1]} for c in ids]


def _landed(state: State) -> list[dict[str, Any]]:
    """The cards the last choice put face up on a discard pile. Everyone saw them land,
    even those the same choice then shuffled back into a deck (an empty pile being
    refilled): those keep their name but lose their instance id, which now belongs to
    a hidden card of the deck."""
    if not state.discarded:
        return []
    piles = (state.door_discard.cards, state.treasure_discard.cards)
    shown = cards(state, state.discarded)
    for entry, c in zip(shown, state.discarded, strict=True):
        if not (c in piles[0] or c in piles[1]):
            entry["id"] = ""
    return shown


def view(state: State, seat: int | None) -> dict[str, Any]:
    combat = state.combat
    facts = fx.fight_facts(state, combat)  # the same for every player
    refs = _refs(state)
    strengths = [fx.player_strength(state, s, combat, facts) for s in range(len(state.players))]
    players = []
    for s, p in enumerate(state.players):
        players.append(
            {
                "seat": s,
                "level": p.level,
                "dead": p.dead,
                "strength": strengths[s],
                "citizenships": cards(state, p.citizenships, refs) if p.citizenships else [],
                "dual": None if p.dual is None else card_ref(state, p.dual),
                "ride": None if p.ride is None else card_ref(state, p.ride),
                "ride_enhancers": cards(state, p.ride_enhancers, refs) if p.ride_enhancers else [],
                "items": _items(state, p.items, p.equipped, p.cheat_item, refs) if p.items else [],
                "curses": cards(state, p.curses, refs) if p.curses else [],
                "hand": {
                    "count": len(p.hand.cards),
                    "cards": cards(state, p.hand.cards, refs) if seat == s else None,
                },
                "known": cards(state, p.known, refs) if p.known else [],
            }
        )
    pending = state.pending[0] if state.pending else None
    return {
        "turn": state.turn,
        "turns": state.turns,
        "phase": state.phase,
        "win_level": state.win_level,
        "last_roll": state.last_roll,
        "door_deck": len(state.door_deck.cards),
        "treasure_deck": len(state.treasure_deck.cards),
        "door_discard": _discard(state, state.door_discard.cards),
        "treasure_discard": _discard(state, state.treasure_discard.cards),
        "players": players,
        "combat": None if combat is None else _combat(state, strengths, refs, facts[0]),
        "runners": [{"seat": r.seat, "left": cards(state, r.left)} for r in state.runners],
        "revealed": cards(state, state.revealed + state.lurking),
        "pool": cards(state, state.pool),
        "body": cards(state, state.body),
        "sale": cards(state, state.sale),
        "discarded": _landed(state),
        "waiting_for": None if pending is None else {"seat": pending.seat, "kind": pending.kind},
        "over": state.over,
        "winners": list(state.winners),
        "reason": state.reason,
    }


def _items(
    state: State,
    items: list[str],
    equipped: list[str],
    cheat: str | None,
    refs: dict[str, tuple[str, str, str]],
) -> list[dict[str, Any]]:
    return [
        {**ref, "equipped": ref["id"] in equipped, "cheat": ref["id"] == cheat}
        for ref in cards(state, items, refs)
    ]


def _discard(state: State, pile: list[str]) -> dict[str, Any]:
    return {"count": len(pile), "top": card_ref(state, pile[-1]) if pile else None}


def _combat(
    state: State, strengths: list[int], refs: dict[str, tuple[str, str, str]], level_only: bool
) -> dict[str, Any]:
    """The fight. `strengths` are the players' (fx.player_strength in this fight): the
    fighters' sum is fx.heroes_strength, and the foes' strengths sum to
    fx.monsters_strength."""
    combat = state.combat
    foes = [
        {
            **card_ref(state, f.card),
            "level": fx.card(state, f.card).level,
            "strength": fx.foe_strength(state, combat, f),
            "treasures": fx.foe_treasures(state, f),
            "tags": sorted(fx.foe_tags(state, f)),
            "enhancers": cards(state, f.enhancers, refs),
        }
        for f in combat.foes
    ]
    heroes = sum(strengths[s] for s in fx.fighters(combat, state.turn))
    if not level_only:
        heroes += combat.hero_bonus
    return {
        "hero": state.turn,
        "helper": combat.helper,
        "foes": foes,
        "heroes_strength": heroes,
        "monsters_strength": sum(foe["strength"] for foe in foes),
        "played": cards(state, combat.played, refs),
        "defeated": cards(state, combat.defeated, refs),
        "bribe_items": cards(state, combat.bribe_items, refs),
        "bribe_share": combat.bribe_share,
        "waiting": [s for s, done in enumerate(combat.passed) if not done],
    }
