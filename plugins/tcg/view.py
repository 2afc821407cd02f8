"""What one seat may see of a TCG match: the public table plus its own hand."""

from __future__ import annotations

from typing import Any

from nbc.plugins.tcg.state import State


def build(rules: Any, st: State, seat: int | None) -> dict[str, Any]:
    defs, parts, planted = st.cards, rules.view_parts, st.planted

    def card(c: str) -> dict[str, Any]:
        # {"id", "card", "name", "alias", "kind", "number"}: rules.card_data and the kind
        # and number of the card's definition (a planted card shows only its marker name)
        if planted and c in planted:
            part = parts[defs[c]]
            return {"id": c, "name": planted[c], "kind": part["kind"], "number": part["number"]}
        return {"id": c, **parts[defs[c]]}

    # the view asks the Scare Number of a card several times (its own, its Locale's
    # activity, the score): it is worked out once per card
    scares: dict[str, int] = {}

    def scare(state: State, c: str) -> int:
        value = scares.get(c)
        if value is None:
            value = scares[c] = rules.scare(state, c)
        return value

    def character(c: str) -> dict[str, Any]:
        data = card(c)
        data["scare"] = scare(st, c)
        data["stacked"] = [card(s) for s in st.stacked.get(c, [])]
        data["hex"] = c in st.hexed
        return data

    players = []
    for s, p in enumerate(st.players):
        row = []
        towns = [rules.slot_town(st, s, k) for k in range(len(p.row))]
        for k, slot in enumerate(p.row):
            row.append(
                {
                    "locale": card(slot.locale),
                    "active": rules.is_active(st, s, k, scare),
                    "threshold": rules.threshold(st, slot),
                    "characters": [character(c) for c in slot.characters],
                    "beneath": len(slot.beneath),
                    "flipped": slot.flipped,
                    "town": towns[k],
                    # the space the row keeps between two towns, before this Locale
                    "gap_before": k > 0 and towns[k] != towns[k - 1],
                }
            )
        players.append(
            {
                "seat": s,
                "deck_name": p.deck_name,
                "pumpkin_points": p.pp,
                "hand": [card(c) for c in p.hand] if seat == s else None,
                "hand_size": len(p.hand),
                "deck_size": len(p.deck),
                "locale_deck_size": len(p.locale_deck),
                # a player may look through their own discard pile, not another's: of
                # those only the face-up top card and the size are on the table
                "discard": [card(c) for c in p.discard] if seat == s else None,
                "discard_size": len(p.discard),
                "discard_top": card(p.discard[-1]) if p.discard else None,
                "surprise_discard": [card(c) for c in p.surprise_discard],
                "row": row,
                "creations": [character(c) for c in p.creations],
                "placed": [card(c) for c in p.placed],
                "score": rules.score(st, s, scare),
            }
        )
    view = {
        "day": st.round,
        "days_left": st.days_left,
        "pumpkin_king": st.king,
        "king_activity": st.king_activity,
        "phase": st.phase,
        "turn": st.turn,
        "center": [card(c) for c in st.center],
        "players": players,
        "shown": [*st.shown.get("all", []), *(st.shown.get(str(seat), []) if seat is not None else [])],
        "you": seat,
    }
    if st.expansions and rules.hooks is not None:
        rules.hooks.of(st).view(rules, st, seat, view)  # the expansions' own public fields
    return view
