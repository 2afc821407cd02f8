"""What the TCG offers its expansions: the rules object's documented interface.

Every expansion hook (`hooks.py`) and every custom effect (`effects.custom`) receives the
rules object `g` (`rules.Rules`). An expansion calls only the members listed in `TcgApi`
on it; everything else on `Rules` is the TCG's own and may change without notice (a test
holds the Christmas Town expansion to this list). Each member takes the match state `st`
(`state.State`) first, as the rules are stateless. docs/games/tcg.md ("Writing an
expansion") shows how the pieces fit.

A card's **town**: a Locale belongs to its card's home town (its `holiday`, mapped to a
town by `Expansion.towns`; the base game has `halloween` -> `halloweentown`), a Character
to the town of the Locale it stands at, a Stacked card to its host's town; Creations and
placed Surprises are in Halloweentown. A discarded Character's town travels in its
`char_discarded` event (`from_town`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from nbc.plugins.tcg.effects import ASK, TcgCard, custom, custom_check, cut_price, register_program
from nbc.plugins.tcg.ops import pick_each
from nbc.plugins.tcg.rules import Rules
from nbc.plugins.tcg.state import Frame, Slot, State, Trigger

# besides the rules object, an expansion uses these, re-exported here:
# `custom(name)` registers a custom effect (`{op = "custom", fn = name}`), which runs like an
# op: fn(g, st, f, ins, ctx) -> True (done), False (failed: the program ends) or ASK;
# `custom_check(name)` registers fn(g, st, f, ins) -> bool, whether that effect could be
# done now, for a mode, Function or ability that starts with it (see `TcgApi.can_start`);
# `register_program(key, steps, fires)` compiles a program of steps an expansion starts
# itself (with `g.push`); `pick_each` asks yes or no about each card of a pool ("any
# number of"); `cut_price` applies a price cut with its floor; `Trigger(prog, seat,
# source, vars, depth)` is what `tcg_event` appends to `st.triggers` (`depth` from
# `g.effect_depth(st)`). `Rules` and `State`, the classes of `g` and `st`, are there for
# annotations only: an expansion compiled with the TCG (`nbc._compiled`) that annotates
# them calls the rules directly, but it still calls only what `TcgApi` lists.
__all__ = [
    "Rules",
    "State",
    "ANY_TOWN",
    "ASK",
    "HALLOWEENTOWN",
    "TcgApi",
    "Trigger",
    "custom",
    "custom_check",
    "cut_price",
    "members",
    "pick_each",
    "register_program",
]

HALLOWEENTOWN = "halloweentown"  # the base game's town (rules.HALLOWEENTOWN)
ANY_TOWN = "any"  # every town of a player, where a town is asked for (rules.ANY_TOWN)


class TcgApi(Protocol):
    """The members of the rules object an expansion may use."""

    # --- cards ------------------------------------------------------------------------
    defs: Mapping[str, TcgCard]  # every card definition of the game, by card id (read only)

    def def_of(self, st: State, card: str) -> TcgCard:
        """The definition of a card instance."""

    def label(self, st: State, card: str) -> str:
        """A card instance's name for prompts and events."""

    def ref(self, st: State, card: str) -> str:
        """A card instance's card reference for choices and events (its card id; the
        test kit's marker for a planted card, as `label` gives)."""

    def refs(self, st: State, *cards: str) -> list[str]:
        """The card references of card instances, in order. Every choice whose label
        names a card, and every event whose text does, lists them under `refs` (the
        card it is about first): an option is then (id, label, value, refs), an event's
        data holds `"refs": [...]` (see nbc.core.game.REFS)."""

    def named(self, text: str) -> list[str]:
        """The card ids a fixed text (a label from card data) names by display name."""

    def card_data(self, st: State, card: str) -> dict[str, Any]:
        """A card instance as events show it."""

    def is_(self, st: State, card: str, group: str) -> bool:
        """Whether a card answers to a card id, name group, kind or `any`."""

    def has_keyword(self, st: State, card: str, k: str) -> bool:
        """A printed keyword, one granted until the End Phase, or one lent by a Stacked card."""

    def can_move(self, st: State, card: str) -> bool:
        """Whether a Character may move at all (not `cannot_move`, not anchored)."""

    def shields(self, st: State, f: Frame, card: str, town: int | None) -> bool:
        """Whether the card (in seat `town`'s town) is out of reach of the running effect."""

    def in_match(self, st: State) -> frozenset[str]:
        """The card ids a match holds (worked out once per match; a new match clears
        `st.memo`, where an expansion may keep facts of its own)."""

    def distinct(self, st: State, cards: Iterable[str]) -> list[str]:
        """One instance of each card id (copies are interchangeable in a choice)."""

    # --- towns and places -------------------------------------------------------------
    def home_town(self, st: State, card: str) -> str:
        """The town a card comes from: where a Locale lies, where a Character is played."""

    def slot_town(self, st: State, seat: int, k: int) -> str:
        """The town of Locale k of seat's row."""

    def town_slots(self, st: State, seat: int, town: str = HALLOWEENTOWN) -> list[Slot]:
        """Seat's Locales in `town` (`any`: every town), in row order."""

    def town_characters(self, st: State, seat: int, town: str = HALLOWEENTOWN) -> list[str]:
        """Seat's Characters in `town` (`any`: in play)."""

    def card_town(self, st: State, card: str) -> str | None:
        """The town a card in play is part of (None: not in play)."""

    def town_of(self, st: State, card: str) -> int | None:
        """The seat whose towns hold a card in play (None: not in play)."""

    def characters(self, st: State, seat: int) -> list[str]:
        """Seat's Characters in play, in every town."""

    def own_cards(self, st: State, seat: int) -> list[str]:
        """Seat's cards in play: Characters, Creations and placed Surprises."""

    def locate(self, st: State, card: str) -> tuple[int, int] | None:
        """(seat, row index) of the Locale a Character stands at."""

    def locate_locale(self, st: State, locale: str) -> tuple[int, int] | None:
        """(seat, row index) of a Locale in play."""

    def slots_named(self, st: State, seat: int, loc: str) -> list[Slot]:
        """Seat's face-up Locales with card id `loc`."""

    def is_active(self, st: State, seat: int, k: int) -> bool:
        """Whether Locale k of seat's row is Active (asks `tcg_locale_active` first)."""

    def active_count(self, st: State, seat: int) -> int:
        """Seat's Active Locales, in every town."""

    def opponents(self, st: State, seat: int) -> list[int]:
        """The other seats, in turn order from seat's left."""

    # --- rules of play ----------------------------------------------------------------
    def cost(self, st: State, seat: int, card: str, to: tuple[int, int] | None = None) -> int:
        """What seat pays for a card (played to Locale `to`, where that matters)."""

    def may_play_character(
        self, st: State, seat: int, card: str, town: int, k: int, how: str = "play"
    ) -> bool:
        """Whether seat may put a Character at Locale k of seat `town`'s row (see the hook)."""

    def may_play_surprise(self, st: State, seat: int, card: str, own_turn: bool) -> bool:
        """Whether seat may play that Surprise now (title once a Round, three a turn)."""

    def title_in_town(self, st: State, seat: int, card: str) -> str | None:
        """The instance of the card's title already in seat's towns, if any."""

    def may_enter(self, st: State, town: int, card: str, frm: int, to: int) -> bool:
        """Whether a Character may go from Locale `frm` to `to` of seat `town`'s row."""

    # --- changing the table -------------------------------------------------------------
    def move_character(self, st: State, town: int, card: str, frm: int, to: int, ctx: Any) -> None:
        """Move a Character along seat `town`'s row (fires `moved`; followers may come)."""

    def draw(self, st: State, seat: int, n: int, ctx: Any) -> int:
        """Seat draws up to n cards; the number drawn."""

    def to_discard(self, st: State, card: str, ctx: Any, why: str) -> None:
        """Put a card (already lifted from its place) on its owner's discard pile."""

    def take_out_of_play(self, st: State, card: str) -> int | None:
        """Lift a card off the table (not discarded yet); the seat whose town it was in."""

    def remove_for_cost(self, st: State, card: str, ctx: Any) -> None:
        """Discard one of your own cards from play to pay for something."""

    def play_free(self, st: State, seat: int, card: str, ctx: Any) -> None:
        """Put a Creation from hand into play for free (its on-play effect runs)."""

    def show(self, st: State, cards: Iterable[str], to: int | None = None) -> None:
        """Reveal cards to everyone (or one seat) for this choice."""

    def mark_known(self, st: State, cards: Iterable[str], seat: int | None = None) -> None:
        """Record that everyone (or one seat) saw these cards go to a hidden place."""

    # --- the effect machine -------------------------------------------------------------
    def ev(self, st: State, f: Frame, text: str, **extra: Any) -> Any:
        """Evaluate an expression for the running effect."""

    def ev_at(self, st: State, seat: int, source: str, text: str, **extra: Any) -> Any:
        """Evaluate an expression for seat and a source card, outside any effect."""

    def push(self, st: State, prog: str, seat: int, source: str = "", **vars: Any) -> None:
        """Start a program (a card's `<id>.on_play`, `<id>.function<j>`, a registered one)."""

    def fire(self, st: State, event: str, data: dict[str, Any], where: Slot | None = None) -> None:
        """Announce a game event (`rules.TRIGGER_EVENTS`): triggers and `tcg_event` see it."""

    def played(
        self, st: State, seat: int, card: str, prog: str, event: str, data: dict | None = None, **vars: Any
    ) -> None:
        """A card was just played (it is in place, paid for): queue its own effect `prog`
        (with `vars`) and the triggers of `event` (whose data is the card and `data`), for
        the current player to order when there are several."""

    def effect_depth(self, st: State) -> int:
        """The stack height below the effect now running: the `depth` a `Trigger` queued
        now takes, so it goes as soon as that effect is over (-1: when the stack is empty)."""

    def ask_for(self, st: State, f: Frame, key: str, seat: int, kind: str, text: str, options: Any) -> str:
        """Ask seat a question on behalf of effect step f; returns ASK."""

    def answered(self, st: State, f: Frame, key: str) -> tuple[bool, Any]:
        """(True, value) once the question asked under `key` is answered."""

    def window(
        self, st: State, f: Frame, seat: int, against: str, ctx: Any, target: str | None = None
    ) -> Any:
        """Let seat answer the running effect: True go on, False cancelled for them, ASK."""

    def can_start(self, st: State, seat: int, source: str, key: str) -> bool:
        """Whether program `key` (a mode, Function or ability of `source`) could do its first
        part for seat now: what is offered to a player is what can be begun."""


def members() -> frozenset[str]:
    """The names `TcgApi` lists."""
    names = {name for name in vars(TcgApi) if not name.startswith("_")}
    return frozenset(names | set(TcgApi.__annotations__))
