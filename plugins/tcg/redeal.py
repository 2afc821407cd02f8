"""Redealing what one seat cannot know (`TcgGame.redeal_hidden`).

The cards hidden from a seat are dealt again among themselves: an instance keeps its id
and its place, and the card definitions are shuffled among the instances of one hidden
group, so every pile keeps its size and every player keeps the cards they own.

- another player's hand, Main Deck and the cards they tucked face down under their
  Locales form one group (a card may as well be in any of them), their Locale deck
  another;
- the seat's own Main Deck and Locale deck are each shuffled (it knows its hand and
  what it tucked away, not the order of its decks);
- a spectator sees no hand, so every player's hidden cards are redealt.

What the seat knows stays: a card it saw (`State.known`: shown by a Search, a look at
a hand, returned to a hand or tucked in sight of everyone), and every card the match's
pending work names (an open question, an effect under way, a waiting trigger, a
short-lived rule), so every prompt still means what it says. Face-up cards are never
hidden. A lone hidden card (a Starting Locale before Day 1) has nothing to swap with.
The hidden cards are sorted before they are shuffled, so the redeal depends only on
what the seat knows and the RNG: two matches that differ only in hidden cards redeal
alike. Whatever is kept per instance stays with it: its owner, the test kit's `planted` marker
(the instance stays hidden from the same seats), what `State.known` says of it.
"""

from __future__ import annotations

from typing import Any

from nbc.core.rng import Rng
from nbc.plugins.tcg.state import State


def redeal_hidden(st: State, seat: int | None, rng: Rng) -> int:
    """Redeal, in place, the cards hidden from `seat` (None: a spectator); the number of
    instances whose card changed."""
    keep = pending_cards(st)
    known = st.known
    changed = 0
    for owner, p in enumerate(st.players):
        if owner == seat:
            groups = [p.deck, p.locale_deck]
        else:
            tucked = [c for slot in p.row for c in slot.beneath if st.owner[c] == owner]
            groups = [[*p.hand, *p.deck, *tucked], p.locale_deck]
        for group in groups:
            # hidden: not named by pending work, and not seen by `seat` (nor by everyone)
            hidden = [
                c
                for c in group
                if c not in keep and ((seen := known.get(c)) is None or (-1 not in seen and seat not in seen))
            ]
            changed += _shuffle_identities(st, hidden, rng)
    return changed


def _shuffle_identities(st: State, cards: list[str], rng: Rng) -> int:
    if len(cards) < 2:
        return 0
    table = st.cards
    # Sorted first: the draw then depends on which cards are hidden, never on where
    # each one truly is (a search bot's samples must not carry the hidden order).
    identities = sorted(table[c] for c in cards)
    rng.shuffle(identities)
    moved = {
        card: identity for card, identity in zip(cards, identities, strict=True) if table[card] != identity
    }
    if moved:
        table.update(moved)  # one change of the table (its kept text is dropped once)
    return len(moved)


def pending_cards(st: State) -> set[str]:
    """Every card instance the match's pending work names: open questions (and the Locale
    a placement question shows), running effects, waiting triggers, short-lived rules."""
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
