"""What one seat cannot know (`TcgGame.unknowns`), and redealing it (`redeal_hidden`).

The cards hidden from a seat are its unknowns: an instance keeps its id and its place,
and the card definitions move among the instances of one pool, so every pile keeps its
size and every player keeps the cards they own.

- another player's hand, Main Deck and the cards they tucked face down under their
  Locales form one pool (a card may as well be in any of them), their Locale deck
  another;
- the seat's own Main Deck and Locale deck are a pool each (it knows its hand and
  what it tucked away, not the order of its decks);
- a spectator sees no hand, so every player's hidden cards are unknowns.

What the seat knows stays: a card it saw (`State.known`: shown by a Search, a look at
a hand, returned to a hand or tucked in sight of everyone), the cards its own open
question names, and every card the match's public pending work names (an effect
under way, a waiting trigger, a short-lived rule), so every prompt still means what it
says. Another seat's question that is read off the state (placing a Locale,
discarding down to the hand limit, the turn's menu) is made again after a redeal
(`remake_asks`), so it keeps no hidden truth; a question open to another seat in the
middle of an effect (an answer it may play, a card it picks) is about the cards it
names, which stay. Face-up cards are never hidden.
The redeal sorts each pool before shuffling (`reassign`), so it depends only on what
the seat knows and the RNG. Whatever is kept per instance stays with it: its owner,
the test kit's `planted` marker, what `State.known` says of it.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from nbc.core.game import Unknown, reassign
from nbc.core.rng import Rng
from nbc.plugins.tcg.state import State

# questions made again after a redeal (`remake_asks`), or that name no hidden card
REMADE = frozenset({"place-locale", "discard-to-7", "reimburse", "turn"})


def unknowns(st: State, seat: int | None) -> list[Unknown]:
    """Every card instance hidden from `seat` (None: a spectator), with its pool."""
    keep = pending_cards(st, seat)
    known = st.known
    table = st.cards
    out: list[Unknown] = []
    for owner, p in enumerate(st.players):
        if owner == seat:
            pools = [(f"deck:{owner}", p.deck), (f"locales:{owner}", p.locale_deck)]
        else:
            tucked = [c for slot in p.row for c in slot.beneath if st.owner[c] == owner]
            pools = [(f"hidden:{owner}", [*p.hand, *p.deck, *tucked]), (f"locales:{owner}", p.locale_deck)]
        for pool, group in pools:
            # hidden: not named by pending work it sees, and not seen by `seat` (nor by everyone)
            hidden = [
                c
                for c in group
                if c not in keep and ((seen := known.get(c)) is None or (-1 not in seen and seat not in seen))
            ]
            if len(hidden) > 1:  # a lone hidden card (a Starting Locale before Day 1) stays
                out += [Unknown(c, pool, table[c]) for c in hidden]
    return out


def put_unknowns(rules: Any, st: State, values: Mapping[Hashable, str], seat: int | None) -> int:
    """Give the instances in `values` their new cards; another seat's question at a
    simultaneous step is made again. Returns how many instances changed."""
    table = st.cards
    moved = {card: identity for card, identity in values.items() if table[card] != identity}
    if moved:
        table.update(moved)  # one change of the table (its kept text is dropped once)
        rules.remake_asks(st, seat)
    return len(moved)


def redeal_hidden(rules: Any, st: State, seat: int | None, rng: Rng) -> int:
    """Redeal, in place, the cards hidden from `seat` (None: a spectator); the number of
    instances whose card changed."""
    return put_unknowns(rules, st, reassign(unknowns(st, seat), rng), seat)


def pending_cards(st: State, seat: int | None) -> set[str]:
    """Every card instance the match's pending work names that `seat` may rely on: its
    own open question (and the Locale a placement question shows), another seat's
    question but one that is made again after a redeal (`REMADE`), running effects,
    waiting triggers, short-lived rules."""
    found: set[str] = set()
    cards = st.cards

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if value in cards:
                found.add(value)
            elif ":" in value:  # a flag named after a card, such as "double:c4"
                tail = value.rsplit(":", 1)[1]
                if tail in cards:
                    found.add(tail)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    for ask in st.asks:
        if ask.seat != seat and ask.kind in REMADE:
            continue  # made again after a redeal (`remake_asks`)
        walk(ask.values)
        if ask.kind == "place-locale" and st.players[ask.seat].locale_deck:
            found.add(st.players[ask.seat].locale_deck[-1])  # the question names it
    for frame in st.stack:
        found.add(frame.source)
        walk(frame.vars)
    for trigger in st.triggers:
        found.add(trigger.source)
        walk(trigger.vars)
    walk(st.flags)
    walk(st.answer)
    return found
