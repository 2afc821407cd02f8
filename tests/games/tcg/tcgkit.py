"""Build exact TCG positions for scenario tests.

`table(game, ...)` starts a match and then lays out the cards the test names (by card
id): hands (empty unless given), rows of Locales with their Characters, Creations, decks (top card first),
discard piles and Pumpkin Points. The match resumes at the start of `turn`'s Player
Turn with the Function not yet used.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import count
from typing import Any

from nbc.core.game import Context
from nbc.core.rng import Rng
from nbc.core.testkit.scenario import Scenario
from nbc.plugins.tcg.state import Slot, State


def table(
    game: Any,
    players: int = 2,
    *,
    turn: int = 0,
    king: int | None = None,
    day: int = 2,
    hands: dict[int, list[str]] | None = None,
    rows: dict[int, list[tuple[str, list[str]]]] | None = None,
    creations: dict[int, list[str]] | None = None,
    decks: dict[int, list[str]] | None = None,
    discards: dict[int, list[str]] | None = None,
    pp: dict[int, int] | None = None,
    turns_taken: int = 0,
    edit: Callable[[State], None] | None = None,
    seed: int = 1,
) -> Scenario:
    def lay_out(st: State) -> None:
        numbers = count(10_000)

        def new(card_id: str, seat: int) -> str:
            assert card_id in game.defs, f"no card {card_id!r}"
            cid = f"c{next(numbers)}"
            st.cards[cid] = card_id
            st.owner[cid] = seat
            return cid

        for seat, p in enumerate(st.players):
            p.hand = [new(c, seat) for c in (hands or {}).get(seat, [])]  # hands start empty
            if rows and seat in rows:
                p.row = [Slot(new(loc, seat), [new(c, seat) for c in chars]) for loc, chars in rows[seat]]
            if creations and seat in creations:
                p.creations = [new(c, seat) for c in creations[seat]]
            if decks and seat in decks:
                p.deck = [new(c, seat) for c in reversed(decks[seat])]
            if discards and seat in discards:
                p.discard = [new(c, seat) for c in discards[seat]]
            if pp and seat in pp:
                p.pp = pp[seat]
        st.king = turn if king is None else king
        st.round, st.days_left = day, 12 - day
        st.phase, st.turn, st.turns_taken = "turn", turn, turns_taken
        st.function_used, st.extra_functions = False, 0
        st.stack, st.triggers, st.asks = [], [], []
        st.answer, st.answered_by = None, -1
        if edit is not None:
            edit(st)
        game.rules.turn_menu(st, Context(Rng(0), [], 0))

    return Scenario(game, players=players, seed=seed, position=lay_out)


def hand(s: Scenario, seat: int) -> list[str]:
    """Card ids in a seat's hand."""
    return sorted(s.state.cards[c] for c in s.state.players[seat].hand)


def row(s: Scenario, seat: int) -> list[tuple[str, list[str]]]:
    st = s.state
    return [
        (st.cards[slot.locale], sorted(st.cards[c] for c in slot.characters)) for slot in st.players[seat].row
    ]


def discard(s: Scenario, seat: int) -> list[str]:
    return [s.state.cards[c] for c in s.state.players[seat].discard]


def labels(s: Scenario, seat: int, kind: str = "turn") -> list[str]:
    return [c.label for c in s.expect(seat, kind).choices]


def deck(s: Scenario, seat: int = 0) -> list[str]:
    """A seat's Main Deck, top card first."""
    return [s.state.cards[c] for c in reversed(s.state.players[seat].deck)]


def price(s: Scenario, seat: int, name: str) -> int | None:
    """The price the turn menu asks for playing the card called `name`, or None if it is
    not offered."""
    for label in labels(s, seat):
        if label.startswith(f"Play {name} (") and label.endswith(" PP)"):
            return int(label[len(f"Play {name} (") : -len(" PP)")])
    return None


@cache
def christmas_tcg() -> Any:
    """The TCG as the plugin host builds it, with the Christmas Town plugin loaded."""
    from nbc.core.host import PluginHost

    return PluginHost.load(disabled=[]).game("tcg")


def christmas_table(
    game: Any = None, *, edit: Callable[[State], None] | None = None, **kwargs: Any
) -> Scenario:
    """`table` in a match that enables the Christmas Town expansion (in `game`, by
    default the TCG with the expansion loaded)."""

    def enable(st: State) -> None:
        st.expansions = ["christmas-town"]
        if edit is not None:
            edit(st)

    return table(game if game is not None else christmas_tcg(), edit=enable, **kwargs)
