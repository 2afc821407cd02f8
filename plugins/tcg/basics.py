"""What every part of the TCG's rules reads: the card pool and its names, looking cards
up and naming them, towns, Scare and Active Locales, evaluating card expressions.

`Basics` is the trait every rules mixin builds on (`machine.EffectMachine` first, then
the others through it), and `rules.Rules` fills in its members when it loads a card
pool. Because the mixins inherit these methods instead of reaching them through the
finished `Rules`, the compiled build (`nbc._compiled`) calls them directly, and reads
the members declared here as fields.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import trait

from nbc.core.cards import NameFinder, plain_copy
from nbc.core.coverage import fired
from nbc.core.game import Choice
from nbc.plugins.tcg.constants import ANY_TOWN, HALLOWEENTOWN
from nbc.plugins.tcg.effects import TcgCard, compile_expression
from nbc.plugins.tcg.scope import _NO_VARS, Scope
from nbc.plugins.tcg.state import Frame, Slot, State


class Card:
    """A card definition as the rules read it: the fields of its `TcgCard` model (and
    the values of the model's properties), copied once when the pool loads. A compiled
    build reads these fields directly, where it reads a model's, or a plain copy's
    (`core.cards.plain_copy`), through Python's attribute lookup; the models inside
    (abilities, functions, ...) are plain copies. Read-only by convention, like the
    model it copies (tests/games/tcg/test_cards_as_read.py holds it to the model)."""

    id: str
    name: str
    alias: str
    kind: str
    set: str
    number: int | None
    variable: bool
    rarity: str
    text: str
    start_hand: int | None
    groups: list[str]
    holiday: str
    cost: str | None
    scare: str | None
    play_where: str | None
    play_when: str | None
    opponent_play: str | None
    opponent_when: str | None
    discounts: list[Any]
    on_play: list[dict[str, Any]]
    functions: list[Any]
    modes: list[Any]
    abilities: list[Any]
    triggers: list[Any]
    responses: list[Any]
    cannot_move: bool
    move_when: str | None
    leave_cost: dict[str, int]
    move_anywhere: bool
    gathers_at: str | None
    follows: str | None
    brings: list[str]
    immune: bool
    lends: list[str]
    guards: str | None
    center: bool
    modifiers: dict[str, int]
    not_a_creation_count: bool
    full_price: bool
    keywords: list[str]
    beneath_scare: int
    authored: list[str]
    mentions: list[str]
    # the model's properties
    title_key: str
    is_locale: bool

    def __init__(self, model: TcgCard) -> None:
        for name in (*type(model).model_fields, "title_key", "is_locale"):
            setattr(self, name, plain_copy(getattr(model, name)))

    def __repr__(self) -> str:
        return f"<card {self.id}>"


@trait
class Basics:
    """The card pool and the lookups every rules mixin shares (mixed into `Rules`)."""

    # set by Rules.__init__ (see there)
    defs: dict[str, Card]
    same_id: dict[str, str]
    hooks: Any
    home: dict[str, str]
    names: dict[str, str]
    by_name: dict[str, str]
    name_finder: NameFinder
    _named: dict[str, list[str]]
    plain: frozenset[str]
    view_parts: dict[str, dict[str, Any]]
    _function_options: dict[tuple[str, int], list[tuple[Choice, list[Any]]]]
    _mode_places: dict[tuple[str, int], bool]
    _floors: dict[tuple[frozenset[str], tuple[str, ...]], dict[str, int]]
    cost_by_place: set[str]
    hand_answers: dict[str, frozenset[str]]  # card id -> the kinds of effect it answers from hand

    def hooks_of(self, st: State) -> Any:
        """The expansion hook callers of `st`'s match (`ExpansionHooks.of`), kept with the
        state while its expansions list is the same one (a state is played by one thread
        at a time; the rules object is shared)."""
        if st.hooks_for is not st.expansions:
            st.hooks = self.hooks.of(st)
            st.hooks_for = st.expansions
        return st.hooks

    def def_of(self, st: State, card: str) -> Card:
        return self.defs[st.cards[card]]

    def label(self, st: State, card: str) -> str:
        if st.planted and card in st.planted:
            return st.planted[card]
        return self.names[st.cards[card]]

    def ref(self, st: State, card: str) -> str:
        """A card instance's card reference for choices and events (`nbc.core.game.REFS`):
        its card id, or the test kit's marker for a planted card (as `label` gives)."""
        if st.planted and card in st.planted:
            return st.planted[card]
        return st.cards[card]

    def refs(self, st: State, *cards: str) -> list[str]:
        """The card references of card instances, in order (see `ref`)."""
        planted, table = st.planted, st.cards
        if planted:
            return [planted.get(c) or table[c] for c in cards]
        return [table[c] for c in cards]

    def named(self, text: str) -> list[str]:
        """The card ids a fixed text names by display name, in order: a label from card
        data ("Search 6 for House of Cards"), a reason for a discard. Worked out once per
        text; the list is shared, so callers copy it before changing it."""
        found = self._named.get(text)
        if found is None:
            by_name = self.by_name
            found = self._named[text] = [by_name[n] for n in self.name_finder(text)]
        return found

    def is_(self, st: State, card: str, group: str) -> bool:
        d = self.defs[st.cards[card]]
        if group == "any" or group == d.id or group in d.groups or group == d.kind:
            return True
        # a Creation brought to life stands at a Locale and counts as a Character too
        return group == "character" and d.kind == "creation" and self.has_keyword(st, card, "animated")

    def creations_of(self, st: State, seat: int) -> list[str]:
        """Seat's Creations in play: beside the row, and any standing at a Locale."""
        p = st.players[seat]
        standing = [c for slot in p.row for c in slot.characters if self.defs[st.cards[c]].kind == "creation"]
        return [*p.creations, *standing] if standing else list(p.creations)

    def characters(self, st: State, seat: int) -> list[str]:
        return [c for slot in st.players[seat].row for c in slot.characters]

    def locate(self, st: State, card: str) -> tuple[int, int] | None:
        for seat, p in enumerate(st.players):
            for k, slot in enumerate(p.row):
                if card in slot.characters:
                    return seat, k
        return None

    def locate_locale(self, st: State, locale: str) -> tuple[int, int] | None:
        """(seat, row index) of a Locale in play."""
        for seat, p in enumerate(st.players):
            for k, slot in enumerate(p.row):
                if slot.locale == locale:
                    return seat, k
        return None

    # A player's cards in play form towns: the base game has one, Halloweentown; an
    # expansion may add more (`Expansion.towns`). A Locale belongs to its card's home town,
    # a Character to the town of the Locale it stands at (wherever it comes from), a Stacked
    # card to its host's town; Creations and placed Surprises are in Halloweentown.
    def home_town(self, st: State, card: str) -> str:
        """The town a card comes from (its `holiday`): where a Locale lies, where a
        Character is played."""
        return self.home[st.cards[card]]

    def slot_town(self, st: State, seat: int, k: int) -> str:
        """The town Locale k of seat's row belongs to."""
        return self.home[st.cards[st.players[seat].row[k].locale]]

    def town_slots(self, st: State, seat: int, town: str = HALLOWEENTOWN) -> list[Slot]:
        """Seat's Locales (row places) in `town`, or in every town for `any`."""
        row = st.players[seat].row
        if not st.expansions or town == ANY_TOWN:
            return row if town in (HALLOWEENTOWN, ANY_TOWN) else []
        home, cards = self.home, st.cards
        return [slot for slot in row if home[cards[slot.locale]] == town]

    def town_characters(self, st: State, seat: int, town: str = HALLOWEENTOWN) -> list[str]:
        """Seat's Characters in play in `town` (`any`: in every town)."""
        return [c for slot in self.town_slots(st, seat, town) for c in slot.characters]

    def card_town(self, st: State, card: str) -> str | None:
        """The town a card in play is part of (None: not in play). A discarded card's
        town is in its `char_discarded` event (`from_town`)."""
        for p in st.players:
            for slot in p.row:
                if card in slot.characters or card == slot.locale:
                    return self.home[st.cards[slot.locale]]
            if card in p.creations:
                return HALLOWEENTOWN
            if card in p.placed:  # a Surprise on the table: its card's town (Christmas Town Gates)
                return self.home[st.cards[card]]
        for host, stack in st.stacked.items():
            if card in stack:
                return self.card_town(st, host)
        return None

    def has_keyword(self, st: State, card: str, k: str) -> bool:
        """A printed keyword, one granted until the End Phase (the `grant` op), or one lent
        by a card Stacked on it (`lends`). The TCG itself reads `immune` (cannot be
        discarded from play), `anchored` (cannot move), `kept` (an opponent's card cannot
        return it to hand), `shielded` (an opponent's card cannot affect it) and `animated` (a
        Creation standing at a Locale that also counts as a Character)."""
        if k in self.defs[st.cards[card]].keywords:
            return True
        granted = st.flags.get("keywords")
        if granted and k in granted.get(card, ()):
            return True
        stack = st.stacked.get(card)
        return stack is not None and any(k in self.defs[st.cards[s]].lends for s in stack)

    def is_immune(self, st: State, card: str) -> bool:
        d = self.defs[st.cards[card]]
        if d.immune:
            fired(d.id)  # its printed immunity is what keeps it out of reach
            return True
        return self.has_keyword(st, card, "immune")

    def can_move(self, st: State, card: str) -> bool:
        d = self.defs[st.cards[card]]
        if d.cannot_move:
            fired(d.id)
            return False
        return not self.has_keyword(st, card, "anchored")

    def shields(self, st: State, f: Frame, card: str, town: int | None) -> bool:
        """Whether `card` (in `town`) is out of reach of the running effect's player."""
        return (
            town is not None and town != f.vars.get("by", f.seat) and self.has_keyword(st, card, "shielded")
        )

    def locale_id_of(self, st: State, card: str) -> str:
        found = self.locate(st, card)
        if found is None:
            return ""
        return st.cards[st.players[found[0]].row[found[1]].locale]

    def slots_named(self, st: State, seat: int, loc: str) -> list[Slot]:
        return [s for s in st.players[seat].row if st.cards[s.locale] == loc and not s.flipped]

    def opponents(self, st: State, seat: int) -> list[int]:
        n = len(st.players)
        return [(seat + k) % n for k in range(1, n)]

    def from_king(self, st: State) -> list[int]:
        n = len(st.players)
        return [(st.king + k) % n for k in range(n)]

    def in_play(self, st: State, card: str) -> bool:
        if self.locate(st, card) is not None:
            return True
        return any(card in p.creations or card in p.placed for p in st.players)

    def scare(self, st: State, card: str) -> int:
        """A card's current Scare Number, Stacked Surprises included."""
        d = self.defs[st.cards[card]]
        if d.variable:
            seat = st.owner[card]
            found = self.locate(st, card)
            if found is not None:
                seat = found[0]
            value = int(self.ev_at(st, seat, card, d.scare or "0"))
            fired(d.id)
        else:
            value = d.number or 0
        if d.beneath_scare:
            under = st.flags.get(f"beneath:{card}")
            if under:
                value += d.beneath_scare * len(under)
                fired(d.id)
        for s in st.stacked.get(card, ()):
            value += self.defs[st.cards[s]].number or 0
        return value

    def threshold(self, st: State, slot: Slot) -> int:
        return self.defs[st.cards[slot.locale]].number or 0

    def is_active(self, st: State, seat: int, k: int, scare: Any = None) -> bool:
        """Is Locale k of seat's row Active? (`scare`, when given, is `self.scare` with
        its answers kept, for a caller that asks about many cards of one position.)"""
        slot = st.players[seat].row[k]
        if slot.flipped:
            return False
        d = self.defs[st.cards[slot.locale]]
        if st.expansions and self.hooks is not None:
            verdict = self.hooks_of(st).locale_active(self, st, seat, k)
            if verdict is not None:
                return verdict
        if d.kind == "starting-locale" or f"active:{slot.locale}" in st.flags:
            return True
        total = 0
        flags = st.flags
        if scare is None:
            scare = self.scare
        for c in slot.characters:
            s = scare(st, c)
            total += 2 * s if flags and f"double:{c}" in flags else s
        return total >= (d.number or 0)

    def ev(self, st: State, f: Frame, text: str, **extra: Any) -> Any:
        return compile_expression(text)(Scope(self, st, f.seat, f.source, f.vars, extra))  # type: ignore[arg-type]  # self is the Rules

    def ev_at(self, st: State, seat: int, source: str, text: str, **extra: Any) -> Any:
        return compile_expression(text)(Scope(self, st, seat, source, _NO_VARS, extra))  # type: ignore[arg-type]  # self is the Rules

    def card_data(self, st: State, card: str) -> dict[str, Any]:
        if st.planted and card in st.planted:
            return {"id": card, "name": st.planted[card]}
        d = self.defs[st.cards[card]]
        return {"id": card, "card": d.id, "name": d.name, "alias": d.alias}

    def town_of(self, st: State, card: str) -> int | None:
        found = self.locate(st, card)
        if found is not None:
            return found[0]
        for seat, p in enumerate(st.players):
            if card in p.creations or card in p.placed:
                return seat
        return None

    def slot_of_locale(self, st: State, locale: str) -> Slot:
        for p in st.players:
            for slot in p.row:
                if slot.locale == locale:
                    return slot
        raise ValueError(f"{locale} is not a Locale in play")
