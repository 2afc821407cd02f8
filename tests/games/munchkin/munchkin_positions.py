"""Positions for Munchkin scenario tests (a helper module, not a test file)."""

from __future__ import annotations

from nbc.plugins.munchkin.cards import CARDS


def fetch(state, def_id: str) -> str:
    """Take one copy of a card from wherever it lies (decks, discards, hands)."""
    piles = [state.door_deck, state.treasure_deck, state.door_discard, state.treasure_discard]
    piles += [p.hand for p in state.players]
    for pile in piles:
        for c in pile.cards:
            if state.cards[c] == def_id:
                pile.cards.remove(c)
                return c
    raise LookupError(def_id)


def table(
    *,
    turn: int = 0,
    levels: dict[int, int] | None = None,
    hands: dict[int, list[str]] | None = None,
    citizenships: dict[int, list[str]] | None = None,
    items: dict[int, list[str]] | None = None,
    rides: dict[int, str] | None = None,
    curses: dict[int, list[str]] | None = None,
    door_top: tuple[str, ...] = (),
    treasure_top: tuple[str, ...] = (),
    door_discard: tuple[str, ...] = (),
):
    """A position: every hand emptied back into the decks, then exactly this table,
    with seat `turn` about to arrange its cards. `door_top` and `treasure_top` list
    the next cards of each deck, the first drawn first."""

    def position(state) -> None:
        for p in state.players:
            for c in p.hand.cards:
                deck = state.door_deck if CARDS[state.cards[c]].deck == "door" else state.treasure_deck
                deck.cards.insert(0, c)
            p.hand.cards = []
        for seat, level in (levels or {}).items():
            state.players[seat].level = level
        for seat, cards in (hands or {}).items():
            state.players[seat].hand.cards = [fetch(state, d) for d in cards]
        for seat, cards in (citizenships or {}).items():
            state.players[seat].citizenships = [fetch(state, d) for d in cards]
        for seat, cards in (items or {}).items():
            got = [fetch(state, d) for d in cards]
            state.players[seat].items = got
            state.players[seat].equipped = list(got)
        for seat, ride in (rides or {}).items():
            state.players[seat].ride = fetch(state, ride)
        for seat, cards in (curses or {}).items():
            state.players[seat].curses = [fetch(state, d) for d in cards]
        for d in reversed(door_top):
            state.door_deck.cards.append(fetch(state, d))
        for d in reversed(treasure_top):
            state.treasure_deck.cards.append(fetch(state, d))
        for d in door_discard:
            state.door_discard.cards.append(fetch(state, d))
        state.ready = [True] * len(state.players)
        state.turn = turn
        state.phase = "arrange"

    return position


def everyone_passes(s, fighter: int = 0) -> None:
    """Every seat in the combat's window passes, the fighter last."""
    asked = sorted({p.seat for p in s.prompts() if p.kind == "combat"})
    for seat in [x for x in asked if x != fighter] + [fighter]:
        s.choose(seat, "pass", kind="combat")


def leave_window_open(s) -> None:
    """The script ends in a combat's window: every seat in it is still to answer."""
    for p in s.prompts():
        if p.kind == "combat":
            s.leave_open(p.seat, "combat")


def finish_leaving_windows(s, *still_open: tuple[int, str]) -> None:
    """End the script: the prompts named stay open, and so does every any-time window
    (every living seat off turn that has not passed is asked, whatever it holds)."""
    for seat, kind in still_open:
        s.leave_open(seat, kind)
    for p in s.match.all_prompts():
        if p.kind == "anytime":
            s.leave_open(p.seat, "anytime")
    s.finish()
