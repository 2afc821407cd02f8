"""The rules of the TCG, in the order of the rulebook's Round Order Chart.

`Rules.advance` drives a match: it runs the Start Phase, the Player Turns and the End
Phase, and every card effect on the stack, until some seat has a question to answer
(`State.asks`). `apply` records the answer and calls `advance` again. Every question is
an `Ask` whose options are listed in the state, so `prompts` only reads them.

Card effects are programs from the card data (see effects.py); this module holds the
primitives they are made of (draw, Pumpkin Points, movement, searches, discards,
removing cards from play, response windows) and the rules that decide what may be
played where and for how much.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from nbc.core.cards import plain_copy
from nbc.core.coverage import fired
from nbc.core.game import Choice, Context
from nbc.plugins.tcg.effects import (
    ASK,
    CUSTOM,
    OPS,
    PROGRAM_FIRES,
    PROGRAMS,
    TcgCard,
    compile_expression,
    custom,
    cut_price,
    expression_bounds,
    is_plain,
    register_program,
)
from nbc.plugins.tcg.state import Ask, Frame, Slot, State, Trigger

HALLOWEENTOWN = "halloweentown"  # the base game's one town; an expansion may add more (Expansion.towns)
ANY_TOWN = "any"  # in the town functions (`in_town`, `together_in`, ...): every town of the player
PP_CAP = 6
HAND_LIMIT = 7
SURPRISE_LIMIT = 3
DAYS = 12
MAIN_DECK_MIN = 40  # cards a Main Deck holds at least
TITLE_MAX = 4  # copies of one Card Title a Main Deck holds at most
Cut = tuple[str, int, int | None]  # a price cut: (card id, kind or group), amount, least price or None
# Checked after every step when true (tests and the fuzzer): see `Rules.checked_op`.
STRICT_STEPS = False
_NO_VARS: dict[str, Any] = {}  # the variables of an expression evaluated outside any effect
KING_ACTIVITIES = {
    "draw": "Draw 1 card (free for the single player with the fewest cards in hand)",
    "pp": "Add 1 Pumpkin Point (free for the single player with the most Creations)",
    "move": "Move 1 Character (free for the single player with the most Characters)",
}


class Scope:
    """What an expression sees: the state, the acting seat, the source card, the
    effect's variables and a few context names (`to`, `number`, `c`, `here`)."""

    __slots__ = ("g", "st", "seat", "source", "vars", "extra")

    def __init__(self, g: Rules, st: State, seat: int, source: str, vars: dict, extra: dict) -> None:
        self.g, self.st, self.seat, self.source, self.vars, self.extra = g, st, seat, source, vars, extra

    def v(self, name: str) -> Any:
        if name in self.extra:
            return self.extra[name]
        if name in self.vars:
            return self.vars[name]
        if name == "here":
            return self.g.locale_id_of(self.st, self.source)
        raise KeyError(f"the expression reads '{name}', which this effect has not set")

    # -- the functions listed in effects.FUNCTIONS --
    # x_mine, x_at and x_together run inside most price expressions, so they are plain loops.
    # The base vocabulary's "your town" is your Halloweentown (`Rules.town_slots`); the
    # `*_in` functions name a town, or `any` for every town of the player.
    def x_mine(self, g: str) -> int:
        return self.x_in_town(g, HALLOWEENTOWN)

    def x_at(self, g: str, loc: str) -> int:
        is_, st, cards, defs, n = self.g.is_, self.st, self.st.cards, self.g.defs, 0
        stand_in = "at-locale-as:" + g  # a card that counts as g wherever g must be at a Locale
        for slot in st.players[self.seat].row:
            if cards[slot.locale] == loc and not slot.flipped:
                for c in slot.characters:
                    if is_(st, c, g) or stand_in in defs[cards[c]].keywords:
                        n += 1
        return n

    def x_together(self, *groups: str) -> bool:
        return self.x_together_in(HALLOWEENTOWN, *groups)

    def x_together_in(self, t: str, *groups: str) -> bool:
        is_, st = self.g.is_, self.st
        for slot in self.g.town_slots(st, self.seat, t):
            chars = slot.characters
            for g in groups:
                for c in chars:
                    if is_(st, c, g):
                        break
                else:
                    break
            else:
                return True
        return False

    def x_others_here(self, g: str = "any") -> int:
        slot = self._here_slot()
        if slot is None:
            return 0
        return sum(1 for c in slot.characters if c != self.source and self.g.is_(self.st, c, g))

    def x_removable_here(self, g: str = "any") -> int:
        slot = self._here_slot()
        if slot is None:
            return 0
        return sum(
            1
            for c in slot.characters
            if c != self.source and self.g.is_(self.st, c, g) and not self.g.is_immune(self.st, c)
        )

    def _here_slot(self) -> Slot | None:
        if "to_slot" in self.extra:
            seat, k = self.extra["to_slot"]
            return self.st.players[seat].row[k]
        found = self.g.locate(self.st, self.source)
        return None if found is None else self.st.players[found[0]].row[found[1]]

    def x_here_is(self, loc: str) -> bool:
        slot = self._here_slot()  # a Locale turned face down (Dark Alley) is no Locale by name
        return slot is not None and not slot.flipped and self.g.def_of(self.st, slot.locale).id == loc

    def x_opp_has(self, g: str, t: str = ANY_TOWN) -> bool:
        return any(
            self.g.is_(self.st, c, g)
            for s in self.g.opponents(self.st, self.seat)
            for c in self.g.town_characters(self.st, s, t)
        )

    def x_creations(self, g: str = "any") -> int:
        return sum(1 for c in self.g.creations_of(self.st, self.seat) if self.g.is_(self.st, c, g))

    def x_hand(self) -> int:
        return len(self.st.players[self.seat].hand)

    def x_deck(self) -> int:
        return len(self.st.players[self.seat].deck)

    def x_pp(self) -> int:
        return self.st.players[self.seat].pp

    def x_start_hand(self) -> int:
        return self.st.players[self.seat].start_hand

    def x_active(self, min_threshold: int = 0) -> int:
        return self.x_active_in(HALLOWEENTOWN, min_threshold)

    def x_locales(self) -> int:
        return self.x_locales_in(HALLOWEENTOWN)

    def x_locales_in(self, t: str) -> int:
        return len(self.g.town_slots(self.st, self.seat, t))

    def x_scare(self, card: str) -> int:
        return self.g.scare(self.st, card)

    def x_printed(self, card: str) -> int:
        return self.g.def_of(self.st, card).number or 0

    def x_is_(self, card: str, g: str) -> bool:
        return self.g.is_(self.st, card, g)

    def x_kind(self, card: str) -> str:
        return self.g.def_of(self.st, card).kind

    def x_alias(self, card: str) -> str:
        return self.g.def_of(self.st, card).alias

    def x_owner(self, card: str) -> int:
        return self.st.owner[card]

    def x_me(self) -> int:
        return self.seat

    def x_king(self) -> int:
        return self.st.king

    def x_self_card(self) -> str:
        return self.source

    def x_where(self, card: str) -> str:
        return self.g.locale_id_of(self.st, card)

    def x_alias_in_play(self, g: str, a: str) -> bool:
        return any(
            self.g.is_(self.st, c, g) and self.g.def_of(self.st, c).alias == a
            for c in self.g.characters(self.st, self.seat)
        )

    def x_day(self) -> int:
        return self.st.round

    def x_beneath(self, loc: str) -> int:
        return sum(len(s.beneath) for s in self.g.slots_named(self.st, self.seat, loc))

    def x_opp_count(self, card: str) -> int:
        found = self.g.locate(self.st, card)
        return 0 if found is None else len(self.st.players[found[0]].row[found[1]].characters)

    def x_in_discard(self, g: str = "any") -> int:
        return sum(1 for c in self.st.players[self.seat].discard if self.g.is_(self.st, c, g))

    def x_in_hand(self, g: str = "any") -> int:
        return sum(1 for c in self.st.players[self.seat].hand if self.g.is_(self.st, c, g))

    def x_hand_of(self, seat: int) -> int:
        return len(self.st.players[seat].hand)

    def x_immune(self, card: str) -> bool:
        return self.g.is_immune(self.st, card)

    def x_opp_scare_count(self, lo: int, hi: int) -> int:
        return sum(
            1
            for s in self.g.opponents(self.st, self.seat)
            for c in self.g.characters(self.st, s)
            if lo <= self.g.scare(self.st, c) <= hi and not self.g.is_immune(self.st, c)
        )

    def x_function_used(self) -> bool:
        return self.st.function_used

    def x_total_scare(self) -> int:
        return sum(self.g.scare(self.st, c) for c in self.g.characters(self.st, self.seat))

    def x_chars_at(self, locale: str, g: str = "any") -> int:
        slot = self.g.slot_of_locale(self.st, locale)
        return sum(1 for c in slot.characters if self.g.is_(self.st, c, g))

    def x_beside(self, card: str, g: str) -> bool:
        found = self.g.locate(self.st, card)
        if found is None:
            return False
        slot = self.st.players[found[0]].row[found[1]]
        return any(c != card and self.g.is_(self.st, c, g) for c in slot.characters)

    def x_opp_placed_count(self) -> int:
        return sum(len(self.st.players[s].placed) for s in self.g.opponents(self.st, self.seat))

    def x_has_both(self, seat: int, g1: str, g2: str) -> bool:
        chars = self.g.town_characters(self.st, seat, HALLOWEENTOWN)
        return any(self.g.is_(self.st, c, g1) for c in chars) and any(
            self.g.is_(self.st, c, g2) for c in chars
        )

    def x_any_has(self, g: str) -> bool:
        return any(
            self.g.is_(self.st, c, g)
            for s in range(len(self.st.players))
            for c in self.g.characters(self.st, s)
        )

    def x_locales_named(self, loc: str) -> int:
        return len(self.g.slots_named(self.st, self.seat, loc))

    def x_witches_locale(self) -> str:
        for k, slot in enumerate(self.st.players[self.seat].row):
            chars = slot.characters
            if (
                any(self.g.is_(self.st, c, "big-witch") for c in chars)
                and any(self.g.is_(self.st, c, "little-witch") for c in chars)
                and self.g.threshold(self.st, slot) <= 4
                and self.g.is_active(self.st, self.seat, k)
            ):
                return slot.locale
        return ""

    def x_dice_pending(self) -> bool:
        dice = self.st.flags.get("dice")
        return dice is not None and dice["seat"] == self.seat and dice.get("next", self.source) == self.source

    def x_left(self) -> int:
        return (self.seat + 1) % len(self.st.players)

    def x_locale_of(self, card: str) -> str:
        found = self.g.locate(self.st, card)
        return "" if found is None else self.st.players[found[0]].row[found[1]].locale

    def x_holiday(self, card: str) -> str:
        return self.g.def_of(self.st, card).holiday

    def x_town(self, card: str) -> str:
        return self.g.card_town(self.st, card) or ""

    def x_in_town(self, g: str, t: str) -> int:
        is_, st, n = self.g.is_, self.st, 0
        for slot in self.g.town_slots(st, self.seat, t):
            for c in slot.characters:
                if is_(st, c, g):
                    n += 1
        return n

    def x_active_in(self, t: str, min_threshold: int = 0) -> int:
        g, st, seat = self.g, self.st, self.seat
        if not st.expansions and t not in (HALLOWEENTOWN, ANY_TOWN):
            return 0
        every = not st.expansions or t == ANY_TOWN
        return sum(
            1
            for k, slot in enumerate(st.players[seat].row)
            if (every or g.slot_town(st, seat, k) == t)
            and g.is_active(st, seat, k)
            and g.threshold(st, slot) >= min_threshold
        )

    def x_locale_active(self, card: str) -> bool:
        found = self.g.locate(self.st, card) or self.g.locate_locale(self.st, card)
        return found is not None and self.g.is_active(self.st, found[0], found[1])

    def x_has_keyword(self, card: str, k: str) -> bool:
        return self.g.has_keyword(self.st, card, k)

    def x_turn(self) -> int:
        return self.st.turn if self.st.phase == "turn" else -1

    def x_spread(self, g: str, t: str = "any") -> int:
        return sum(
            1
            for k, slot in enumerate(self.st.players[self.seat].row)
            if (t == "any" or self.g.slot_town(self.st, self.seat, k) == t)
            and any(self.g.is_(self.st, c, g) for c in slot.characters)
        )

    def x_has_placed(self, seat: int, g: str) -> bool:
        return any(self.g.is_(self.st, c, g) for c in self.st.players[seat].placed)

    def x_discarded(self, card: str) -> bool:
        return card in self.st.players[self.st.owner[card]].discard


class Rules:
    """The rules object for one card pool. Stateless: every method takes the state."""

    def __init__(
        self, defs: dict[str, TcgCard], hooks: Any = None, towns: dict[str, str] | None = None
    ) -> None:
        # plain copies: the rules read card fields on every step (see plain_copy)
        self.defs: dict[str, TcgCard] = {key: plain_copy(d) for key, d in defs.items()}
        self.hooks = hooks  # the expansion hook caller (see hooks.py); None in the base game
        # each card's home town, from its `holiday` (the base game's and the expansions'
        # `Expansion.towns`): the town a Locale belongs to, the town a Character comes from
        holidays = {"halloween": HALLOWEENTOWN, **(towns or {})}
        self.home: dict[str, str] = {key: holidays.get(d.holiday, HALLOWEENTOWN) for key, d in defs.items()}
        for card in defs.values():
            self.register_card(card)
        for key, steps in INTERNAL.items():
            register_program(key, steps)
        self.names = {d.id: f"{d.name} ({d.alias})" if d.alias else d.name for d in defs.values()}
        # cards with no printed effect: they report to coverage when they are played
        self.plain = frozenset(d.id for d in defs.values() if is_plain(d))
        # what a view shows of each card besides its instance id (see view.build)
        self.view_parts = {
            key: {"card": d.id, "name": d.name, "alias": d.alias, "kind": d.kind, "number": d.number}
            for key, d in self.defs.items()
        }
        self._function_options: dict[tuple[str, int], list[tuple[str, str, Any]]] = {}
        self._mode_places: dict[tuple[str, int], bool] = {}
        # (card definitions, expansions) of a match -> its price floors
        self._floors: dict[tuple[frozenset[str], tuple[str, ...]], dict[str, int]] = {}
        # cards whose price depends on the Locale they are played to (`to`, `here_is`, ...)
        self.cost_by_place = {
            card.id for card in defs.values() if card.cost and any(w in card.cost for w in ("to", "here"))
        }

    def floors(self, st: State) -> dict[str, int]:
        """The least each card of a match can cost there, whatever the table (with the
        cuts its expansions declare, tcg_price_cuts): the turn menu passes over cards
        dearer than the Pumpkin Points held unpriced."""
        defs = self.in_match(st)
        found = st.memo.get("floors")
        if found is None:
            key = (defs, tuple(st.expansions))
            found = self._floors.get(key)
            if found is None:
                if len(self._floors) > 256:
                    self._floors.clear()
                cards = [self.defs[d] for d in defs]
                cuts = []
                if st.expansions and self.hooks is not None:
                    cuts = self.hooks.price_cuts(key[1], cards)
                found = self._floors[key] = self.price_floors(cards, cuts)
            st.memo["floors"] = found
        return found

    @staticmethod
    def price_floors(cards: list[TcgCard], more_cuts: Iterable[Cut] = ()) -> dict[str, int]:
        """Each card's price less every cut the other cards could bring at once (centre
        and placed cards, its own discounts), or the difference to another version it
        may replace; 0 for a price with no lower bound and for cards played into other
        towns."""
        cuts = [
            (key, delta, d.modifiers.get("floor"))
            for d in cards
            for key, delta in d.modifiers.items()
            if key != "floor" and delta < 0
        ]
        cuts.extend(more_cuts)  # an expansion's own (tcg_price_cuts)
        versions: dict[str, list[TcgCard]] = {}
        for d in cards:
            versions.setdefault(d.title_key, []).append(d)
        present = {d.id for d in cards}

        def none_answer(g: Any) -> bool:
            return not any(g in ("any", d.id, d.kind) or g in d.groups for d in cards)

        def counts_nothing(name: str, args: list[Any]) -> tuple[float, float] | None:
            """A count of cards the match does not hold is 0."""
            if (
                (name == "mine" and len(args) == 1 and none_answer(args[0]))
                or (name == "at" and len(args) == 2 and (none_answer(args[0]) or args[1] not in present))
                or (name == "together" and any(none_answer(g) for g in args))
                or (name == "in_town" and len(args) == 2 and none_answer(args[0]))
                or (name == "together_in" and any(none_answer(g) for g in args[1:]))
            ):
                return 0, 0
            return None

        floors = {}
        for card in cards:
            if card.opponent_play is not None or card.kind not in ("character", "creation", "surprise"):
                floors[card.id] = 0
                continue
            price: float = card.number or 0
            if card.cost is not None:
                price = expression_bounds(card.cost, {"number": card.number or 0}, counts_nothing)[0]
            for disc in card.discounts:
                when = disc.when and expression_bounds(disc.when, {}, counts_nothing)
                if when != (0, 0) and not all(none_answer(g) for g in disc.find):
                    price -= disc.per * disc.max
            for key, delta, least in cuts:
                if key in (card.id, card.kind) or key in card.groups:
                    price = cut_price(price, delta, least)
            floor = max(0, price)
            if card.kind == "character":
                mine = card.number or 0
                for other in versions[card.title_key]:
                    if other.id != card.id and (other.number or 0) <= mine:
                        floor = min(floor, mine - (other.number or 0))
            floors[card.id] = int(floor)
        return floors

    @staticmethod
    def register_card(card: TcgCard) -> None:
        """Compile every program and expression on a card (a bad one raises with its place)."""
        for name in ("cost", "scare", "play_where", "play_when", "opponent_play", "opponent_when"):
            text = getattr(card, name)
            if text is not None:
                compile_expression(text)
        register_program(f"{card.id}.on_play", card.on_play, card.id)
        parts = (
            ("functions", "function"),
            ("modes", "mode"),
            ("abilities", "ability"),
            ("triggers", "trigger"),
            ("responses", "response"),
        )
        for field, key in parts:
            for k, part in enumerate(getattr(card, field)):
                register_program(f"{card.id}.{key}{k}", part.ops, card.id)
                for text in (getattr(part, "when", None), getattr(part, "cost", None)):
                    if text:
                        compile_expression(text)
        for trig in card.triggers:
            if trig.on not in TRIGGER_EVENTS:
                raise ValueError(
                    f"card {card.id}: trigger on {trig.on!r} is unknown; known: {', '.join(TRIGGER_EVENTS)}"
                )
            TRIGGERS_BY_EVENT.setdefault(trig.on, set()).add(card.id)

    # --- looking things up ---------------------------------------------------------------
    def def_of(self, st: State, card: str) -> TcgCard:
        return self.defs[st.cards[card]]

    def label(self, st: State, card: str) -> str:
        if st.planted and card in st.planted:
            return st.planted[card]
        return self.names[st.cards[card]]

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

    # --- towns ------------------------------------------------------------------------------
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
            if card in p.creations or card in p.placed:
                return HALLOWEENTOWN
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
        return bool(stack) and any(k in self.defs[st.cards[s]].lends for s in stack)

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
            verdict = self.hooks.of(st).locale_active(self, st, seat, k)
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

    # --- expressions ---------------------------------------------------------------------
    def ev(self, st: State, f: Frame, text: str, **extra: Any) -> Any:
        return compile_expression(text)(Scope(self, st, f.seat, f.source, f.vars, extra))

    def ev_at(self, st: State, seat: int, source: str, text: str, **extra: Any) -> Any:
        return compile_expression(text)(Scope(self, st, seat, source, _NO_VARS, extra))

    # --- questions -----------------------------------------------------------------------
    def ask(self, st: State, seat: int, kind: str, text: str, options: Iterable[tuple[str, str, Any]]) -> str:
        st.asks = [Ask.of(seat, kind, text, options, self.known_choices(st))]
        return ASK

    def known_choices(self, st: State) -> dict[str, Choice]:
        """The Choices this match has offered, by id, for Ask.of to reuse (never saved)."""
        self.in_match(st)  # a new match starts its memo afresh
        known = st.memo.get("choices")
        if known is None or len(known) > 2048:
            known = st.memo["choices"] = {}
        return known

    def answered(self, st: State, f: Frame, key: str) -> tuple[bool, Any]:
        """(True, value) once the question a step asked under `key` (`ask_for`) has been
        answered; (False, None) before. Steps that ask run again after the answer."""
        if st.answered_by >= 0 and f.vars.get("_wait") == key:
            del f.vars["_wait"]
            return True, self.take(st)
        return False, None

    def ask_for(self, st: State, f: Frame, key: str, seat: int, kind: str, text: str, options: Any) -> str:
        """Ask `seat` on behalf of step `f`; `answered(st, f, key)` reads the answer."""
        f.vars["_wait"] = key
        return self.ask(st, seat, kind, text, options)

    def got(self, st: State) -> bool:
        return st.answered_by >= 0

    def take(self, st: State) -> Any:
        value = st.answer
        st.answer, st.answered_by = None, -1
        return value

    def show(self, st: State, cards: Iterable[str], to: int | None = None) -> None:
        """Record cards revealed by this choice (to everyone, or to one seat) for the views."""
        cards = list(cards)
        shown = st.shown.setdefault("all" if to is None else str(to), [])
        seen = {c["id"] for c in shown}  # a step that runs again shows nothing twice
        shown.extend(self.card_data(st, c) for c in cards if c not in seen)
        self.mark_known(st, cards, to)

    def mark_known(self, st: State, cards: Iterable[str], seat: int | None = None) -> None:
        """Remember that `seat` (None: everyone) saw these cards, which may go on to a hidden
        place (a hand, a deck top, under a Locale): redealing hidden cards keeps them."""
        who = -1 if seat is None else seat
        known = st.known
        for c in cards:
            seats = known.get(c)
            if seats is None:
                known[c] = [who]
            elif who not in seats and -1 not in seats:
                seats.append(who)

    def distinct(self, st: State, cards: Iterable[str]) -> list[str]:
        """One card of each kind: copies of a card are interchangeable, so one choice serves."""
        seen: set[str] = set()
        out = []
        for c in cards:
            key = st.cards[c]
            if key not in seen:
                seen.add(key)
                out.append(c)
        return out

    # --- moving cards --------------------------------------------------------------------
    def draw(self, st: State, seat: int, n: int, ctx: Context) -> int:
        p = st.players[seat]
        n = max(0, min(n, len(p.deck)))
        if not n:
            return 0
        drawn = p.deck[-n:][::-1]
        del p.deck[-n:]
        p.hand.extend(drawn)
        ctx.emit("draw", f"seat {seat} draws {n}", {"seat": seat, "count": n})
        ctx.emit(
            "drew",
            "you draw " + ", ".join(self.label(st, c) for c in drawn),
            {"seat": seat, "cards": [self.card_data(st, c) for c in drawn]},
            to=[seat],
        )
        return n

    def add_pp(self, st: State, seat: int, n: int, ctx: Context) -> None:
        p = st.players[seat]
        before = p.pp
        p.pp = max(0, min(PP_CAP, p.pp + n))
        if p.pp != before:
            ctx.emit("pp", f"seat {seat} has {p.pp} Pumpkin Points", {"seat": seat, "pp": p.pp})

    def card_data(self, st: State, card: str) -> dict[str, Any]:
        if st.planted and card in st.planted:
            return {"id": card, "name": st.planted[card]}
        d = self.defs[st.cards[card]]
        return {"id": card, "card": d.id, "name": d.name, "alias": d.alias}

    def to_discard(self, st: State, card: str, ctx: Context, why: str) -> None:
        seat = st.owner[card]
        st.players[seat].discard.append(card)
        ctx.emit(
            "discard",
            f"seat {seat} discards {self.label(st, card)} ({why})",
            {"seat": seat, "card": self.card_data(st, card), "why": why},
        )

    def discard_hand_card(self, st: State, seat: int, card: str, ctx: Context, why: str) -> None:
        st.players[seat].hand.remove(card)
        self.to_discard(st, card, ctx, why)

    def take_out_of_play(self, st: State, card: str) -> int | None:
        """Lift a card off the table (wherever it is) and drop its Stacked cards and
        Hex counter; return the seat whose town it was in."""
        found = self.locate(st, card)
        town = None
        if found is not None:
            town = found[0]
            st.players[town].row[found[1]].characters.remove(card)
        else:
            for seat, p in enumerate(st.players):
                for zone in (p.creations, p.placed):
                    if card in zone:
                        zone.remove(card)
                        town = seat
        if card in st.hexed:
            st.hexed.remove(card)
        return town

    def drop_stack(self, st: State, card: str, ctx: Context) -> None:
        for s in st.stacked.pop(card, []):
            self.to_discard(st, s, ctx, "its card left play")
        for s in st.flags.pop(f"beneath:{card}", []):
            self.to_discard(st, s, ctx, "its card left play")

    # --- the Round -----------------------------------------------------------------------
    def advance(self, st: State, ctx: Context) -> None:
        """Run the match until a seat has a question to answer, or it is over."""
        while not st.asks and not st.over:
            if st.triggers and (not st.stack or self.due(st)):
                self.resolve_triggers(st, ctx)
            elif st.stack:
                self.step(st, ctx)
            else:
                self.next_step(st, ctx)

    def step(self, st: State, ctx: Context) -> None:
        f = st.stack[-1]
        code = PROGRAMS[f.prog]
        if f.pc >= len(code):
            st.stack.pop()
            return
        ins = code[f.pc]
        when = ins.get("when")
        if when is not None and ins["op"] != "may" and not self.ev(st, f, when):
            f.pc += 1
            return
        if STRICT_STEPS:  # noqa: SIM108 - the usual path stays a plain call
            result = self.checked_op(st, f, ins, ctx)
        else:
            result = OPS[ins["op"]](self, st, f, ins, ctx)
        if result == ASK:
            return
        if result is True and "fires" in ins:  # a step of a card's effect did its work
            fired(ins["fires"])
        if st.stack and st.stack[-1] is not f and any(x is f for x in st.stack):
            # the op pushed frames of its own (each): this one resumes after them
            f.pc += 1 if result else len(code)
            return
        if result:
            f.pc += 1
        else:
            f.pc = len(code)

    def checked_op(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        """Run one step and check the effect machine's resume rule: a step that asks a
        question runs again from its start once the question is answered, so running it
        again before the answer must change nothing (no card moved twice, no second
        draw, no event said twice). Tests and the fuzzer turn this on (`STRICT_STEPS`)."""
        result = OPS[ins["op"]](self, st, f, ins, ctx)
        if result == ASK and st.asks and st.stack and st.stack[-1] is f:
            before = (_digest(st), ctx.rng.get_state(), len(ctx.new_events))
            again = OPS[ins["op"]](self, st, f, ins, ctx)
            after = (_digest(st), ctx.rng.get_state(), len(ctx.new_events))
            if again != ASK or after != before:
                raise AssertionError(
                    f"step {f.pc} of {f.prog} ({ins['op']}) is not safe to resume: run again before its "
                    "question is answered, it "
                    + ("did not ask again" if again != ASK else "changed the table")
                )
        return result

    def push(self, st: State, prog: str, seat: int, source: str = "", **vars: Any) -> None:
        if prog.endswith(".on_play"):
            vars.setdefault("into", seat)  # the seat whose town the card entered
        st.stack.append(Frame(prog, seat, source, 0, vars))

    def next_step(self, st: State, ctx: Context) -> None:
        """Nothing is on the stack: move the Round on."""
        phase = st.phase
        if phase == "start":
            self.start_phase(st, ctx)
        elif phase == "place":
            self.finish_placing(st, ctx)
        elif phase == "king":
            self.king_next(st, ctx)
        elif phase == "turn":
            self.turn_menu(st, ctx)
        elif phase == "end":
            self.end_phase(st, ctx)
        elif phase == "reimburse":
            self.reimburse_all(st, ctx)
        elif phase == "trim":
            self.trim_hands(st, ctx)

    # -- Start Phase --
    def start_phase(self, st: State, ctx: Context) -> None:
        st.round += 1
        st.days_left -= 1
        ctx.emit(
            "day",
            f"Day {st.round} begins; seat {st.king} is the Pumpkin King; {st.days_left} Day counters remain",
            {"day": st.round, "king": st.king, "days_left": st.days_left},
        )
        if st.round == 1:
            for seat, p in enumerate(st.players):
                p.row.append(Slot(p.starting_locale))
                ctx.emit(
                    "reveal-start",
                    f"seat {seat} reveals {self.label(st, p.starting_locale)}",
                    {"seat": seat, "card": self.card_data(st, p.starting_locale)},
                )
            for seat, p in enumerate(st.players):
                self.draw(st, seat, p.start_hand, ctx)
            st.phase = "place"
            return
        asks = []
        for seat, p in enumerate(st.players):
            if not p.locale_deck:
                continue
            new = p.locale_deck[-1]
            name = self.label(st, new)
            places = None
            if st.expansions and self.hooks is not None:
                places = self.hooks.of(st).locale_placements(self, st, seat, new)
            if places is None:
                places = [
                    ("left", f"{name} at the left end", 0),
                    ("right", f"{name} at the right end", len(p.row)),
                ]
            asks.append(
                Ask.of(seat, "place-locale", f"Place {name} in your row", places, self.known_choices(st))
            )
        st.asks = asks
        st.phase = "place"

    def place_locale(self, st: State, seat: int, at: int, ctx: Context) -> None:
        """Put the top Locale of seat's Locale deck into its row at position `at`."""
        p = st.players[seat]
        new = p.locale_deck.pop()
        p.row.insert(at, Slot(new))
        ctx.emit(
            "place-locale",
            f"seat {seat} places {self.label(st, new)} at position {at + 1} of {len(p.row)}",
            {"seat": seat, "card": self.card_data(st, new), "position": at},
        )

    def finish_placing(self, st: State, ctx: Context) -> None:
        st.phase = "king"
        st.king_activity = ""
        st.turn = -1
        self.ask(
            st,
            st.king,
            "king-activity",
            "Choose the Pumpkin King's activity for this Day",
            [(k, text, k) for k, text in KING_ACTIVITIES.items()],
        )

    def king_next(self, st: State, ctx: Context) -> None:
        if not st.king_activity:
            st.king_activity = self.take(st)
            ctx.emit(
                "king-activity",
                f"the Pumpkin King chooses: {KING_ACTIVITIES[st.king_activity]}",
                {"activity": st.king_activity},
            )
        order = self.from_king(st)
        position = order.index(st.turn) + 1 if st.turn >= 0 else 0
        if position >= len(order):
            st.phase, st.turns_taken = "turn", 0
            self.begin_turn(st, st.king, ctx)
            return
        st.turn = order[position]
        self.push(st, "rules.king", st.turn, "", activity=st.king_activity)

    def king_free(self, st: State, seat: int, activity: str) -> bool:
        """Whether `seat` alone meets the activity's condition for doing it free."""
        if activity == "draw":
            counts = [len(p.hand) for p in st.players]
            best = min(counts)
        elif activity == "pp":
            counts = [
                sum(1 for c in self.creations_of(st, s) if not self.def_of(st, c).not_a_creation_count)
                for s in range(len(st.players))
            ]
            best = max(counts)
        else:
            counts = [len(self.characters(st, s)) for s in range(len(st.players))]
            best = max(counts)
        return counts[seat] == best and counts.count(best) == 1

    # -- Player Turns --
    def begin_turn(self, st: State, seat: int, ctx: Context) -> None:
        st.turn = seat
        st.function_used = False
        st.extra_functions = 0
        ctx.emit("turn", f"seat {seat} begins a Player Turn", {"seat": seat})

    def end_turn(self, st: State, ctx: Context) -> None:
        ctx.emit("turn-end", f"seat {st.turn} ends the turn", {"seat": st.turn})
        st.turns_taken += 1
        if st.turns_taken >= len(st.players):
            st.phase = "end"
            return
        self.begin_turn(st, (st.turn + 1) % len(st.players), ctx)

    # -- End Phase --
    def end_phase(self, st: State, ctx: Context) -> None:
        if "end_begun" not in st.flags:
            # effects that happen "at the start of the End Phase" resolve first
            st.flags["end_begun"] = True
            self.fire(st, "end_phase", {})
            if st.triggers:
                return
        ctx.emit("end-phase", f"the End Phase of Day {st.round}", {"day": st.round})
        for p in st.players:
            p.pp = 0
        owed = {}
        for seat, p in enumerate(st.players):
            count = len(p.surprise_discard)
            if count:
                p.discard.extend(p.surprise_discard)
                p.surprise_discard.clear()
                owed[str(seat)] = count
            p.titles_this_round.clear()
        st.hexed.clear()
        for card in st.center:
            self.to_discard(st, card, ctx, "the End Phase clears the centre of the table")
        st.center.clear()
        for p in st.players:
            for slot in p.row:
                slot.flipped = False
        st.flags = {k: v for k, v in st.flags.items() if k.startswith("beneath:")}
        if owed:
            st.flags["reimburse"] = owed
        st.phase = "reimburse"

    def reimburse_all(self, st: State, ctx: Context) -> None:
        """Every player who played Surprises this Round may draw as many cards (all of
        them or none), all at once."""
        owed = st.flags.pop("reimburse", {})
        st.asks = [
            Ask.of(
                int(seat),
                "reimburse",
                f"You played {n} Surprise{'s' if n > 1 else ''} this Day: draw {n} to replace them?",
                [("draw", f"Draw {n}", n), ("decline", "Draw nothing", 0)],
                self.known_choices(st),
            )
            for seat, n in owed.items()
        ]
        st.phase = "trim"

    def reimburse(self, st: State, seat: int, n: int, ctx: Context) -> None:
        if n:
            self.draw(st, seat, n, ctx)
        else:
            ctx.emit("reimburse-declined", f"seat {seat} draws nothing for its Surprises", {"seat": seat})

    def trim_hands(self, st: State, ctx: Context) -> None:
        asks = []
        for seat, p in enumerate(st.players):
            over = len(p.hand) - HAND_LIMIT
            if over > 0:
                cards = self.distinct(st, p.hand)
                options = [(f"discard:{c}", f"Discard {self.label(st, c)}", c) for c in cards]
                text = f"Discard down to {HAND_LIMIT}: {over} more"
                asks.append(Ask.of(seat, "discard-to-7", text, options, self.known_choices(st)))
        if asks:
            st.asks = asks
            return
        for seat, p in enumerate(st.players):
            if not p.deck and p.discard:
                p.deck = p.discard
                p.discard = []
                ctx.rng.shuffle(p.deck)
                for c in p.deck:  # shuffled face down: where each one lies is nobody's knowledge
                    st.known.pop(c, None)
                ctx.emit(
                    "recycle",
                    f"seat {seat} shuffles the discard pile into a new Main Deck ({len(p.deck)} cards)",
                    {"seat": seat, "count": len(p.deck)},
                )
        st.king = (st.king + 1) % len(st.players)
        ctx.emit("king", f"the Pumpkin King card passes to seat {st.king}", {"king": st.king})
        if st.days_left <= 0:
            st.over = True
            st.phase = "over"
            ctx.emit("game-over", "the 12th Day is over; Scare Points are counted", self.scores_data(st))
            return
        st.phase = "start"

    # --- scoring -------------------------------------------------------------------------
    def score(self, st: State, seat: int, scare: Any = None) -> int:
        p = st.players[seat]
        if scare is None:
            scare = self.scare
        total = sum(scare(st, c) for c in self.characters(st, seat))
        total += sum(scare(st, c) for c in p.creations)
        total += sum(self.defs[st.cards[c]].number or 0 for c in p.placed)
        return total

    def active_count(self, st: State, seat: int) -> int:
        return sum(1 for k in range(len(st.players[seat].row)) if self.is_active(st, seat, k))

    def active_thresholds(self, st: State, seat: int) -> int:
        p = st.players[seat]
        total = 0
        for k, slot in enumerate(p.row):
            if self.is_active(st, seat, k):
                counted = None
                if st.expansions and self.hooks is not None:
                    counted = self.hooks.of(st).tiebreak_threshold(self, st, seat, k)
                total += self.threshold(st, slot) if counted is None else counted
        return total

    def scores_data(self, st: State) -> dict[str, Any]:
        return {"scores": [self.score(st, s) for s in range(len(st.players))]}

    # --- the turn menu -------------------------------------------------------------------
    def turn_menu(self, st: State, ctx: Context) -> None:
        seat = st.turn
        if self.got(st):
            action = self.take(st)
            verb = action[0]
            dice = st.flags.get("dice")
            if dice is not None:  # Let's Play! may follow a roll only as the very next card played
                if verb == "play" and "next" not in dice:
                    dice["next"] = action[1]
                else:
                    del st.flags["dice"]
            if verb == "end":
                self.end_turn(st, ctx)
            elif verb == "fn":
                self.perform_function(st, seat, action[1], action[2], ctx)
            elif verb == "use":
                self.use_ability(st, seat, action[1], action[2], ctx)
            else:  # play / replace / playopp
                self.push(st, "rules.play", seat, action[1], verb=verb, to=action[2], mode=None)
            return
        self.ask(
            st,
            seat,
            "turn",
            "Your turn: play cards, perform one Function, or end the turn",
            self.menu(st, seat),
        )

    def menu(self, st: State, seat: int) -> list[tuple[str, str, Any]]:
        p = st.players[seat]
        out: list[tuple[str, str, Any]] = []
        if not st.function_used or st.extra_functions:
            only = st.flags.get("extra_at") if st.function_used else None
            for k, slot in enumerate(p.row):
                if (only is None or slot.locale == only) and self.is_active(st, seat, k):
                    out.extend(self.function_options(st.cards[slot.locale], k))
        pp, cards, defs = p.pp, st.cards, self.defs
        floors = self.floors(st)
        seen: set[str] = set()
        for card in p.hand:  # one entry per kind of card: copies are interchangeable
            key = cards[card]
            if key not in seen:
                seen.add(key)
                if floors[key] <= pp:
                    out.extend(self.play_options(st, seat, card))
        for card in self.own_cards(st, seat):
            d = defs[cards[card]]
            if not d.abilities:
                continue
            for j, ability in enumerate(d.abilities):
                if ability.hex and card in st.hexed:
                    continue
                if ability.when and not self.ev_at(st, seat, card, ability.when):
                    continue
                out.append((f"use:{card}:{j}", f"{self.label(st, card)}: {ability.label}", ["use", card, j]))
        if st.expansions and self.hooks is not None:
            out.extend(self.hooks.of(st).more_actions(self, st, seat) or ())
        out.append(("end", "End your turn", ["end"]))
        return out

    def function_options(self, locale: str, k: int) -> list[tuple[str, str, Any]]:
        """The menu entries for the Functions of Locale `locale` (a card id) at row place k."""
        found = self._function_options.get((locale, k))
        if found is None:
            d = self.defs[locale]
            found = [
                (f"fn:{k}:{j}", f"{d.name}: {fn.label}", ["fn", k, j]) for j, fn in enumerate(d.functions)
            ]
            self._function_options[locale, k] = found
        return found

    def own_cards(self, st: State, seat: int) -> list[str]:
        p = st.players[seat]
        return [*self.characters(st, seat), *p.creations, *p.placed]

    def perform_function(self, st: State, seat: int, k: int, j: int, ctx: Context) -> None:
        slot = st.players[seat].row[k]
        if st.function_used:
            st.extra_functions -= 1
        st.function_used = True
        d = self.def_of(st, slot.locale)
        ctx.emit(
            "function",
            f"seat {seat} performs {d.name}: {d.functions[j].label}",
            {"seat": seat, "locale": self.card_data(st, slot.locale), "function": j},
        )
        self.push(st, f"{d.id}.function{j}", seat, slot.locale)
        fired(d.id)
        self.fire(st, "function_here", {"locale": slot.locale}, where=slot)
        self.fire(st, "function_performed", {"player": seat, "locale": slot.locale})
        if st.expansions and self.hooks is not None:
            self.hooks.of(st).function_performed(self, st, seat, slot.locale)

    def use_ability(self, st: State, seat: int, card: str, j: int, ctx: Context) -> None:
        ability = self.def_of(st, card).abilities[j]
        if ability.hex:
            st.hexed.append(card)
        ctx.emit(
            "ability",
            f"seat {seat} uses {self.label(st, card)}: {ability.label}",
            {"seat": seat, "card": self.card_data(st, card), "ability": j},
        )
        self.push(st, f"{self.def_of(st, card).id}.ability{j}", seat, card)

    # --- playing cards -------------------------------------------------------------------
    def cost(self, st: State, seat: int, card: str, to: tuple[int, int] | None = None) -> int:
        d = self.defs[st.cards[card]]
        if d.cost is None:
            value = d.number or 0
        else:
            extra: dict[str, Any] = {"number": d.number or 0, "to": ""}
            if to is not None:
                extra["to"] = st.cards[st.players[to[0]].row[to[1]].locale]
                extra["to_slot"] = to
            value = int(compile_expression(d.cost)(Scope(self, st, seat, card, _NO_VARS, extra)))
            if value != (d.number or 0):
                fired(d.id)  # its own price rule changed the price
        placed = st.players[seat].placed
        if st.center or placed:
            for mod_card in [*st.center, *placed]:
                mods = self.def_of(st, mod_card).modifiers
                for key, delta in mods.items():
                    if key != "floor" and self.is_(st, card, key):
                        if delta < 0 and d.full_price:
                            fired(d.id)  # its full price held against a cut
                            continue
                        changed = int(cut_price(value, delta, mods.get("floor") if delta < 0 else None))
                        if changed != value:
                            fired(st.cards[mod_card])
                        value = changed
        if st.expansions and self.hooks is not None:
            changed = self.hooks.of(st).adjust_cost(self, st, seat, card, value)
            if changed is not None:
                value = changed
        return max(0, value)

    def max_discount(self, st: State, seat: int, card: str) -> int:
        total = 0
        for disc in self.def_of(st, card).discounts:
            if disc.when and not self.ev_at(st, seat, card, disc.when):
                continue
            total += disc.per * min(disc.max, len(self.discount_pool(st, seat, card, disc)) // disc.batch)
        return total

    def discount_pool(self, st: State, seat: int, card: str, disc: Any) -> list[str]:
        p = st.players[seat]
        # "town": the cards of your Halloweentown (Eager Anaconda's Characters)
        pool = p.hand if disc.zone == "hand" else [*self.town_characters(st, seat), *p.creations, *p.placed]
        return [c for c in pool if c != card and any(self.is_(st, c, g) for g in disc.find)]

    def title_in_town(self, st: State, seat: int, card: str) -> str | None:
        """The instance of the same Card Title already in `seat`'s town, if any."""
        defs, cards = self.defs, st.cards
        d = defs[cards[card]]
        if d.kind == "character":
            key = d.title_key
            for slot in st.players[seat].row:
                for c in slot.characters:
                    if defs[cards[c]].title_key == key:
                        return c
            return None
        zone = self.creations_of(st, seat) if d.kind == "creation" else st.players[seat].placed
        for c in zone:
            if defs[cards[c]].name == d.name:
                return c
        for stack in st.stacked.values():
            for c in stack:
                if st.owner[c] == seat and defs[cards[c]].name == d.name:
                    return c
        return None

    def play_options(self, st: State, seat: int, card: str) -> list[tuple[str, str, Any]]:
        d = self.def_of(st, card)
        p = st.players[seat]
        name = self.label(st, card)
        if d.play_when and not self.ev_at(st, seat, card, d.play_when):
            fired(d.id)  # its own condition keeps it in hand
            return []
        out: list[tuple[str, str, Any]] = []
        if d.kind == "character":
            current = self.title_in_town(st, seat, card)
            if current is not None:
                old = self.def_of(st, current)
                if old.id != d.id and (d.number or 0) >= (old.number or 0):
                    price = (d.number or 0) - (old.number or 0)
                    at = self.locate(st, current)
                    if price <= p.pp and self.may_play_character(st, seat, card, at[0], at[1], "replace"):
                        out.append(
                            (
                                f"replace:{card}",
                                f"Replace {self.label(st, current)} with {name} ({price} PP)",
                                ["replace", card, None],
                            )
                        )
            else:
                discount = self.max_discount(st, seat, card) if d.discounts else 0
                by_place = d.id in self.cost_by_place
                price = 0 if by_place else self.cost(st, seat, card)
                for k, slot in enumerate(p.row):
                    if not by_place and price - discount > p.pp:
                        break  # the same price everywhere, and too dear
                    if not self.may_play_character(st, seat, card, seat, k, "play"):
                        continue
                    if by_place:
                        price = self.cost(st, seat, card, (seat, k))
                    if price - discount <= p.pp:
                        loc = self.label(st, slot.locale)
                        out.append(
                            (
                                f"play:{card}:{k}",
                                f"Play {name} under {loc} ({price} PP)",
                                ["play", card, [seat, k]],
                            )
                        )
            if d.opponent_play:
                price = int(self.ev_at(st, seat, card, d.opponent_play, number=d.number or 0))
                if price <= p.pp:
                    for s in self.opponents(st, seat):
                        if self.title_in_town(st, s, card) is not None:
                            continue  # that player's towns hold the title already
                        for k, slot in enumerate(st.players[s].row):
                            if self.def_of(st, slot.locale).kind == "starting-locale":
                                continue
                            if not self.may_play_character(st, seat, card, s, k, "opponent"):
                                continue
                            loc = self.label(st, slot.locale)
                            out.append(
                                (
                                    f"playopp:{card}:{s}:{k}",
                                    f"Play {name} under seat {s}'s {loc} ({price} PP)",
                                    ["playopp", card, [s, k]],
                                )
                            )
            return out
        if d.kind == "creation":
            price = self.cost(st, seat, card)
            if (
                price - self.max_discount(st, seat, card) <= p.pp
                and self.title_in_town(st, seat, card) is None
            ):
                out.append((f"play:{card}", f"Play {name} ({price} PP)", ["play", card, None]))
            if d.opponent_play and (not d.opponent_when or self.ev_at(st, seat, card, d.opponent_when)):
                price = int(self.ev_at(st, seat, card, d.opponent_play, number=d.number or 0))
                for s in self.opponents(st, seat) if price <= p.pp else ():
                    if self.title_in_town(st, s, card) is None:
                        out.append(
                            (
                                f"playopp:{card}:{s}",
                                f"Play {name} into seat {s}'s town ({price} PP)",
                                ["playopp", card, [s, -1]],
                            )
                        )
            return out
        if d.kind == "surprise":
            if not self.may_play_surprise(st, seat, card, own_turn=True):
                return []
            price = self.cost(st, seat, card)
            if price <= p.pp and self.any_mode_open(st, seat, card):
                out.append((f"play:{card}", f"Play {name} ({price} PP)", ["play", card, None]))
        return out

    def may_play_character(
        self, st: State, seat: int, card: str, town: int, k: int, how: str = "play"
    ) -> bool:
        """Whether `seat` may put Character `card` at Locale k of `town`'s row (the row's
        owner: seat itself, or an opponent). `how` is the play path: `play` (from hand to
        your own row, paid or free), `opponent` (into an opponent's row), `replace` (a
        new version takes the old one's place). Every path asks the card's own rule and
        the expansions (`tcg_may_play_character`)."""
        slot = st.players[town].row[k]
        if slot.flipped:
            return False
        d = self.def_of(st, card)
        if d.play_where:
            to = st.cards[slot.locale]
            if not self.ev_at(st, seat, card, d.play_where, to=to, to_slot=(town, k)):
                fired(d.id)  # its own rule rules this Locale out
                return False
        if st.expansions and self.hooks is not None:
            verdict = self.hooks.of(st).may_play_character(self, st, seat, card, town, k, how)
            if verdict is not None:
                return verdict
        return True

    def may_play_surprise(self, st: State, seat: int, card: str, own_turn: bool) -> bool:
        p = st.players[seat]
        d = self.def_of(st, card)
        if d.name in p.titles_this_round:
            return False
        return not (own_turn and len(p.surprise_discard) >= SURPRISE_LIMIT)

    def modes_open(self, st: State, seat: int, card: str, phase: str = "turn") -> list[int]:
        return list(self.open_modes(st, seat, card, phase))

    def any_mode_open(self, st: State, seat: int, card: str, phase: str = "turn") -> bool:
        return next(self.open_modes(st, seat, card, phase), None) is not None

    def open_modes(self, st: State, seat: int, card: str, phase: str) -> Iterator[int]:
        """The modes of Surprise `card` that `seat` may choose now, one at a time."""
        d = self.defs[st.cards[card]]
        keeps = None  # whether the title is in town already, looked up when it matters
        for k, mode in enumerate(d.modes):
            if mode.phase != phase:
                continue
            places = self._mode_places.get((d.id, k))
            if places is None:  # whether the mode puts the card on the table (place, stack)
                program = PROGRAMS[f"{d.id}.mode{k}"]
                places = self._mode_places[d.id, k] = any(i["op"] in ("place", "stack") for i in program)
            if places:
                if keeps is None:
                    keeps = self.title_in_town(st, seat, card) is not None or (
                        d.center and any(self.defs[st.cards[c]].name == d.name for c in st.center)
                    )  # one copy of a title in a town, and one in the centre of the table
                if keeps:
                    continue
            if mode.when and not self.ev_at(st, seat, card, mode.when):
                continue
            yield k

    # --- triggers ------------------------------------------------------------------------
    def in_match(self, st: State) -> frozenset[str]:
        """The card definitions a match holds, in any zone (worked out once per match)."""
        memo = st.memo
        if memo.get("cards") != len(st.cards):  # a new match, or a test that added cards
            memo.clear()
            memo["cards"] = len(st.cards)
            memo["defs"] = frozenset(st.cards.values())
        return memo["defs"]

    def fire(self, st: State, event: str, data: dict[str, Any], where: Slot | None = None) -> None:
        """Queue every in-play card's trigger that listens for `event`."""
        if st.expansions and self.hooks is not None:
            self.hooks.of(st).event(self, st, event, data)
        listeners = TRIGGERS_BY_EVENT.get(event)
        if not listeners or listeners.isdisjoint(self.in_match(st)):
            return
        for seat, p in enumerate(st.players):
            if where is not None:
                pool = where.characters if where in p.row else []
            else:
                pool = [*self.characters(st, seat), *p.creations, *p.placed]
            for card in pool:
                d = self.defs[st.cards[card]]
                if d.id not in listeners:
                    continue
                for k, trig in enumerate(d.triggers):
                    if trig.on != event or (trig.hex and card in st.hexed):
                        continue
                    if trig.hex and (st.phase != "turn" or st.turn != seat):
                        continue  # HEX text is only usable in its player's own turn
                    if trig.when and not self.ev_at(st, seat, card, trig.when, **data):
                        continue
                    if trig.hex:
                        st.hexed.append(card)
                    st.triggers.append(
                        Trigger(f"{d.id}.trigger{k}", seat, card, dict(data), self.effect_depth(st))
                    )

    def effect_depth(self, st: State) -> int:
        """The stack height below the card effect now running (-1 outside any): what a
        trigger it sets off waits for. The frames a card's effect pushes for itself (an
        `each`) are part of it: its triggers wait until the whole effect is over."""
        k = len(st.stack) - 1
        if k < 0:
            return -1
        source = st.stack[k].source
        while k > 0 and source and st.stack[k - 1].source == source:
            k -= 1
        return k

    def due(self, st: State) -> bool:
        """Whether some queued trigger's effect is over, so it goes before the stack resumes."""
        height = len(st.stack)
        return any(t.depth >= height for t in st.triggers)

    def played(
        self, st: State, seat: int, card: str, prog: str, event: str, data: dict | None = None, **vars: Any
    ) -> None:
        """A card was just played: queue its own effect (`prog`, when it has steps) and the
        triggers its play sets off (`event`, with `data` besides the card). The current
        player orders them when there are several (the rulebook's Dr. Finklestein
        example); one runs at once."""
        depth = self.effect_depth(st)
        if PROGRAMS[prog]:
            if prog.endswith(".on_play"):
                vars.setdefault("into", seat)
            st.triggers.append(Trigger(prog, seat, card, vars, depth, True))
        self.fire(st, event, {"card": card, **(data or {})})

    def resolve_triggers(self, st: State, ctx: Context) -> None:
        height = len(st.stack)
        due = [k for k, t in enumerate(st.triggers) if not height or t.depth >= height]
        # A card still in its holder's hand (How dare you!) is that player's chance to
        # answer: it waits for the effects on the table, and nobody else orders it (or
        # sees its name). Those go one at a time, in the order they were queued.
        shown = [k for k in due if st.triggers[k].source not in st.players[st.triggers[k].seat].hand]
        due = shown or due[:1]
        if len(due) == 1 or self.got(st):
            t = st.triggers.pop(due[0] if len(due) == 1 else self.take(st))
            st.stack.append(Frame(t.prog, t.seat, t.source, 0, t.vars))
            if not t.own:
                _trigger_fires(t)
            return
        chooser = st.turn if st.turn >= 0 else st.king
        self.ask(
            st,
            chooser,
            "order-triggers",
            "Several effects go off at once: choose which resolves first",
            [(f"trigger:{k}", self.trigger_label(st, st.triggers[k]), k) for k in due],
        )

    def trigger_label(self, st: State, t: Trigger) -> str:
        what = "its effect as it is played" if t.own else "its triggered effect"
        return f"{self.label(st, t.source)}: {what} (seat {t.seat})"

    # --- response windows ----------------------------------------------------------------
    def responses_for(
        self, st: State, seat: int, against: str, from_surprise: bool, target: str | None = None
    ) -> list[tuple[str, int]]:
        """The (card, response index) pairs `seat` may use now against such an effect."""
        p = st.players[seat]
        kinds = {against}
        if against == "character" and from_surprise:
            kinds.add("surprise-character")
        out = []
        for zone, cards in (("hand", p.hand), ("play", self.own_cards(st, seat))):
            for card in cards:
                d = self.defs[st.cards[card]]
                for j, resp in enumerate(d.responses):
                    if resp.zone != zone or resp.against not in kinds:
                        continue
                    if resp.when and (target is None or not self.ev_at(st, seat, card, resp.when, c=target)):
                        continue
                    if zone == "hand":
                        if not self.may_play_surprise(st, seat, card, own_turn=False):
                            continue
                        if self.response_price(st, seat, card, resp) > p.pp:
                            continue
                    out.append((card, j))
        return out

    def window(
        self, st: State, f: Frame, seat: int, against: str, ctx: Context, target: str | None = None
    ) -> Any:
        """Offer `seat` the chance to answer the running effect (aimed at `target`, when it
        is one card). True: go on; False: the effect is cancelled for that player; ASK:
        waiting for the answer."""
        by = f.vars.get("by", f.seat)
        if seat == by:
            return True
        if seat in f.vars.get("_immune", []):
            return False
        key = f"_w{f.pc}:{seat}"
        if key in f.vars:
            return f.vars[key]
        done, choice = self.answered(st, f, key)
        if done:
            if choice is None:
                f.vars[key] = True
                return True
            card, j = choice
            self.use_response(st, seat, card, j, f, ctx)
            f.vars.setdefault("_immune", []).append(seat)
            f.vars[key] = False
            return False
        source = f.source
        if (
            st.expansions
            and self.hooks is not None
            and self.hooks.of(st).shelter(self, st, by, seat, source, against) is False
        ):
            f.vars.setdefault("_immune", []).append(seat)
            f.vars[key] = False
            ctx.emit(
                "sheltered",
                f"seat {seat} is sheltered from {self.label(st, source) if source else 'it'}",
                {"seat": seat},
            )
            return False
        from_surprise = bool(source) and self.defs[st.cards[source]].kind == "surprise"
        options = self.responses_for(st, seat, against, from_surprise, target)
        if not options:
            f.vars[key] = True
            return True
        f.vars["_wait"] = key
        what = self.label(st, source) if source else "this effect"
        return self.ask(
            st,
            seat,
            "respond",
            f"Seat {by}'s {what} affects you: answer it?",
            [("pass", "Let it happen", None)]
            + [
                (
                    f"respond:{c}:{j}",
                    f"Answer with {self.label(st, c)}: {self.def_of(st, c).responses[j].label}",
                    [c, j],
                )
                for c, j in options
            ],
        )

    def response_price(self, st: State, seat: int, card: str, resp: Any) -> int:
        """What answering from hand costs: the response's own price, changed by the
        expansions' price rules as any other card's price is."""
        price = (
            int(self.ev_at(st, seat, card, resp.cost))
            if resp.cost
            else (self.defs[st.cards[card]].number or 0)
        )
        if st.expansions and self.hooks is not None:
            changed = self.hooks.of(st).adjust_cost(self, st, seat, card, price)
            if changed is not None:
                price = changed
        return max(0, price)

    def use_response(self, st: State, seat: int, card: str, j: int, f: Frame, ctx: Context) -> None:
        d = self.def_of(st, card)
        resp = d.responses[j]
        p = st.players[seat]
        if resp.zone == "hand":
            p.pp -= self.response_price(st, seat, card, resp)
            p.hand.remove(card)
            p.surprise_discard.append(card)
            p.titles_this_round.append(d.name)
        elif resp.leaves_to == "discard":  # given up from play (The Rat): a discard like any other
            self.remove_for_cost(st, card, ctx)
        elif resp.leaves_to == "hand":
            self.take_out_of_play(st, card)
            self.drop_stack(st, card, ctx)
            p.hand.append(card)
            self.mark_known(st, [card])  # picked up from the table in sight of everyone
        fired(d.id)
        ctx.emit(
            "response",
            f"seat {seat} answers with {self.label(st, card)}: {resp.label}",
            {"seat": seat, "card": self.card_data(st, card)},
        )
        if resp.ops:
            self.push(st, f"{d.id}.response{j}", seat, card)

    # --- primitives used by the ops ------------------------------------------------------
    def discard_from_hand(
        self, st: State, f: Frame, ins: dict, ctx: Context, optional: bool = False, seat: int | None = None
    ) -> Any:
        """`seat` (default: the effect's player) discards from hand, asked card by card."""
        seat = f.seat if seat is None else seat
        p = st.players[seat]
        key = f"_d{f.pc}"
        if key not in f.vars:
            if f.vars.get("by", f.seat) != seat:
                verdict = self.window(st, f, seat, "hand-discard", ctx)
                if verdict != True:  # noqa: E712 - False or ASK
                    return verdict
            n = (
                int(self.ev(st, f, ins["max" if optional else "n"]))
                if isinstance(ins.get("max" if optional else "n"), str)
                else int(ins.get("max" if optional else "n", 1))
            )
            find = ins.get("find", ["any"])
            pool = [c for c in p.hand if any(self.is_(st, c, g) for g in find)]
            if not optional and not ins.get("forced") and len(pool) < n:
                return False
            f.vars[key] = [min(n, len(pool)), 0]
        left, done = f.vars[key]
        if self.got(st) and st.answered_by == seat and f.vars.get("_wait") == key:
            del f.vars["_wait"]
            card = self.take(st)
            if card is None:
                left = 0
            else:
                self.discard_hand_card(
                    st, seat, card, ctx, "to pay for an effect" if not ins.get("forced") else "an effect"
                )
                left, done = left - 1, done + 1
            f.vars[key] = [left, done]
        find = ins.get("find", ["any"])
        pool = [c for c in p.hand if any(self.is_(st, c, g) for g in find)]
        if left > 0 and pool:
            f.vars["_wait"] = key
            options = [(f"discard:{c}", f"Discard {self.label(st, c)}", c) for c in self.distinct(st, pool)]
            if optional:
                options.append(("stop", "Discard no more", None))
            return self.ask(st, seat, "discard", f"Discard a card ({left} to go)", options)
        del f.vars[key]
        _store_var(f, ins, done)
        return True

    def search(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        seat = f.seat
        p = st.players[seat]
        key = f"_s{f.pc}"
        find = ins.get("find", ["any"])
        count = ins.get("count")
        if key not in f.vars:
            n = int(self.ev(st, f, ins["n"])) if isinstance(ins["n"], str) else int(ins["n"])
            if st.expansions and self.hooks is not None:
                n += self.hooks.search_bonus(self, st, seat)
            n = min(n, len(p.deck))
            shown = p.deck[len(p.deck) - n :][::-1]
            del p.deck[len(p.deck) - n :]
            ctx.emit(
                "search",
                f"seat {seat} searches {n}: " + ", ".join(self.label(st, c) for c in shown),
                {"seat": seat, "cards": [self.card_data(st, c) for c in shown], "find": find},
            )
            self.show(st, shown)
            flt = ins.get("filter")
            matches = [
                c
                for c in shown
                if any(self.is_(st, c, g) for g in find) and (not flt or self.ev(st, f, flt, c=c))
            ]
            f.vars[key] = {"shown": shown, "matches": matches, "taken": [], "left": count}
        s = f.vars[key]
        done, card = self.answered(st, f, key)
        if done:
            s["taken"].append(card)
            s["matches"].remove(card)
            s["left"] -= 1
        if s["left"] is None:
            s["taken"].extend(s["matches"])
            s["matches"] = []
        elif s["left"] > 0 and s["matches"]:
            if len(s["matches"]) <= s["left"]:
                s["taken"].extend(s["matches"])
                s["matches"] = []
            else:
                f.vars["_wait"] = key
                return self.ask(
                    st,
                    seat,
                    "search-take",
                    "Choose a card to take from the search",
                    [(f"take:{c}", f"Take {self.label(st, c)}", c) for c in self.distinct(st, s["matches"])],
                )
        done, kept = self.answered(st, f, key + ":keep")
        if done:
            s["keep"] = kept
        if st.expansions and self.hooks is not None and not s["taken"] and "keep" not in s:
            # a Search that found nothing may still let its player keep a card (by a ruling of the expansion)
            allowed = self.hooks.of(st).failed_search(self, st, seat, f, list(s["shown"]))
            if allowed is True and s["shown"]:
                f.vars["_wait"] = key + ":keep"
                return self.ask(
                    st,
                    seat,
                    "search-keep",
                    "The search found nothing: keep one of the cards?",
                    [(f"keep:{c}", f"Keep {self.label(st, c)}", c) for c in self.distinct(st, s["shown"])],
                )
            s["keep"] = allowed or None
        del f.vars[key]
        if s.get("keep"):
            s["taken"].append(s["keep"])
        p.hand.extend(s["taken"])
        if s["taken"]:
            ctx.emit(
                "search-take",
                f"seat {seat} takes " + ", ".join(self.label(st, c) for c in s["taken"]),
                {"seat": seat, "cards": [self.card_data(st, c) for c in s["taken"]]},
            )
        rest = [c for c in s["shown"] if c not in s["taken"]]
        for c in rest:
            self.to_discard(st, c, ctx, "searched and not taken")
        _store_var(f, ins, len(s["taken"]) - (1 if s.get("keep") else 0))
        return True

    def recover(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        seat = f.seat
        p = st.players[seat]
        find = ins.get("find", ["any"])
        key = f"_r{f.pc}"
        done, card = self.answered(st, f, key)
        if done:
            p.discard.remove(card)
            p.hand.append(card)
            self.show(st, [card])
            ctx.emit(
                "recover",
                f"seat {seat} takes {self.label(st, card)} from the discard pile",
                {"seat": seat, "card": self.card_data(st, card)},
            )
            _store_var(f, ins, card)
            return True
        pool = [c for c in p.discard if any(self.is_(st, c, g) for g in find)]
        if not pool:
            return False
        f.vars["_wait"] = key
        return self.ask(
            st,
            seat,
            "recover",
            "Take a card from your discard pile",
            [(f"take:{c}", f"Take {self.label(st, c)}", c) for c in self.distinct(st, pool)],
        )

    def candidates(self, st: State, f: Frame, source: str) -> list[Any]:
        seat = f.seat
        if source == "my_chars":
            return self.characters(st, seat)
        if source == "my_chars_here":
            found = self.locate(st, f.source)
            if found is None:
                return []
            return [c for c in st.players[found[0]].row[found[1]].characters if c != f.source]
        if source == "opp_chars":
            return [c for s in self.opponents(st, seat) for c in self.characters(st, s)]
        if source == "any_chars":
            return [c for s in range(len(st.players)) for c in self.characters(st, s)]
        if source == "my_creations":
            return self.creations_of(st, seat)
        if source == "opp_creations":
            return [c for s in self.opponents(st, seat) for c in self.creations_of(st, s)]
        if source == "opp_placed":
            return [c for s in self.opponents(st, seat) for c in st.players[s].placed]
        if source == "hand":
            return list(self.distinct(st, st.players[seat].hand))
        if source == "hand_and_town_chars":
            p = st.players[seat]
            return [
                *self.distinct(st, [c for c in p.hand if self.is_(st, c, "character")]),
                *self.characters(st, seat),
            ]
        if source == "at_this_locale":
            return list(self.slot_of_locale(st, f.source).characters)
        if source == "left_chars":
            return self.characters(st, f.vars["left"])
        if source == "discard":
            return list(self.distinct(st, st.players[seat].discard))
        if source == "opponents":
            return self.opponents(st, seat)
        if source == "players":
            return list(range(len(st.players)))
        if source in ("my_locales", "opp_locales", "any_locales"):
            seats = {"my_locales": [seat], "opp_locales": self.opponents(st, seat)}.get(
                source, list(range(len(st.players)))
            )
            return [slot.locale for s in seats for slot in st.players[s].row]
        raise ValueError(f"choose: unknown source {source!r}")

    def choose(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        key = f"_c{f.pc}"
        done, value = self.answered(st, f, key)
        if done:
            _store_var(f, ins, value)
            return value is not None
        pool = self.candidates(st, f, ins["from"])
        town = ins.get("town")
        if town is not None:  # cards on the table count only in that town; others (a hand) stay
            pool = [c for c in pool if (t := self.card_town(st, c)) is None or t == town]
        flt = ins.get("filter")
        if flt:
            pool = [c for c in pool if self.ev(st, f, flt, c=c)]
        if not pool:
            return False
        if len(pool) == 1 and not ins.get("optional"):
            _store_var(f, ins, pool[0])
            return True
        f.vars["_wait"] = key
        options = [(f"pick:{c}", self.pick_label(st, c), c) for c in pool]
        if ins.get("optional"):
            options.append(("none", "Choose none", None))
        return self.ask(st, f.seat, "choose", ins.get("label", "Choose"), options)

    def pick_label(self, st: State, c: Any) -> str:
        if isinstance(c, int):
            return f"seat {c}"
        found = self.locate(st, c)
        if found is not None:
            where = self.label(st, st.players[found[0]].row[found[1]].locale)
            return f"{self.label(st, c)} at seat {found[0]}'s {where}"
        return self.label(st, c)

    def town_of(self, st: State, card: str) -> int | None:
        found = self.locate(st, card)
        if found is not None:
            return found[0]
        for seat, p in enumerate(st.players):
            if card in p.creations or card in p.placed:
                return seat
        return None

    def remove_card(self, st: State, f: Frame, card: str | None, dest: str, ctx: Context) -> Any:
        """Discard (`dest` "discard") or return to hand (`dest` "hand") a card in play."""
        if card is None or not self.in_play(st, card):
            return False
        town = self.town_of(st, card)
        d = self.def_of(st, card)
        if card != f.source and town is not None:
            verdict = self.window(st, f, town, "character" if d.kind == "character" else "card", ctx, card)
            if verdict is not True:
                return verdict
        if self.shields(st, f, card, town):
            return False
        if dest == "discard" and self.is_immune(st, card):
            return False
        if dest == "hand" and town != f.vars.get("by", f.seat) and self.has_keyword(st, card, "kept"):
            return False
        if dest == "discard" and d.kind == "character":
            guard = self.guard_for(st, f, card, ctx)
            if guard == ASK:
                return ASK
            card = guard
            d = self.def_of(st, card)
        where = self.card_town(st, card) if d.kind == "character" else None
        town = self.take_out_of_play(st, card)
        self.drop_stack(st, card, ctx)
        owner = st.owner[card]
        if dest == "hand":
            st.players[owner].hand.append(card)
            self.mark_known(st, [card])
            ctx.emit(
                "bounce",
                f"{self.label(st, card)} returns to seat {owner}'s hand",
                {"seat": owner, "card": self.card_data(st, card)},
            )
        else:
            self.to_discard(st, card, ctx, "discarded from play")
            if d.kind == "character":
                self.fire(st, "char_discarded", {"card": card, "town": town, "from_town": where})
        return True

    def guard_for(self, st: State, f: Frame, card: str, ctx: Context) -> Any:
        """A Character that may be discarded instead of `card` (Jewel), if its owner wants."""
        key = f"_g{f.pc}"
        done, guard = self.answered(st, f, key)
        if done:
            f.vars[key] = guard
            if guard != card:
                fired(st.cards[guard])  # it is discarded in the other's place
        if key in f.vars:
            return f.vars.pop(key)
        found = self.locate(st, card)
        if found is None:
            return card
        guards = [
            c
            for c in st.players[found[0]].row[found[1]].characters
            if c != card and (g := self.def_of(st, c).guards) and self.is_(st, card, g)
        ]
        if not guards:
            return card
        f.vars["_wait"] = key
        return self.ask(
            st,
            found[0],
            "guard",
            f"{self.label(st, card)} is about to be discarded",
            [("keep", f"Discard {self.label(st, card)}", card)]
            + [(f"instead:{g}", f"Discard {self.label(st, g)} instead", g) for g in guards],
        )

    def stack(self, st: State, f: Frame, host: str | None, ctx: Context) -> Any:
        if host is None or not self.in_play(st, host):
            return False
        town = self.town_of(st, host)
        if self.shields(st, f, host, town):
            return False
        if town is not None and town != f.seat:
            verdict = self.window(st, f, town, "character", ctx, host)
            if verdict is not True:
                return verdict
        p = st.players[f.seat]
        if f.source in p.surprise_discard:
            p.surprise_discard.remove(f.source)
        st.stacked.setdefault(host, []).append(f.source)
        ctx.emit(
            "stack",
            f"seat {f.seat} stacks {self.label(st, f.source)} on {self.label(st, host)}",
            {"seat": f.seat, "card": self.card_data(st, f.source), "on": self.card_data(st, host)},
        )
        if self.def_of(st, host).kind == "creation":
            self.fire(st, "stacked_on_creation", {"card": f.source, "on": host})
        return True

    def place(self, st: State, f: Frame, ctx: Context) -> Any:
        p = st.players[f.seat]
        if f.source in p.surprise_discard:
            p.surprise_discard.remove(f.source)
        d = self.def_of(st, f.source)
        if d.center:
            if any(self.def_of(st, c).name == d.name for c in st.center):
                p.discard.append(f.source)
                return False
            st.center.append(f.source)
            where = "the centre of the table"
        else:
            p.placed.append(f.source)
            where = "the table"
        ctx.emit(
            "place",
            f"seat {f.seat} places {self.label(st, f.source)} on {where}",
            {"seat": f.seat, "card": self.card_data(st, f.source)},
        )
        return True

    def each(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        who = ins["who"]
        order = self.from_king(st)
        n = len(st.players)
        if who == "all":
            seats = order
        elif who == "opponents":
            seats = [s for s in order if s != f.seat]
        elif who == "left_of_each":
            seats = order
        elif who == "most_characters":
            counts = [len(self.characters(st, s)) for s in range(n)]
            seats = [s for s in order if counts[s] == max(counts)]
        elif who == "fewest_active":
            counts = [self.active_count(st, s) for s in range(n)]
            seats = [s for s in order if counts[s] == min(counts)]
        else:
            raise ValueError(f"each: unknown who {who!r}")
        keep = {k: v for k, v in f.vars.items() if not k.startswith("_")}
        for s in reversed(seats):
            st.stack.append(
                Frame(
                    ins["do"], s, f.source, 0, {**keep, "by": f.vars.get("by", f.seat), "left": (s + 1) % n}
                )
            )
        return True

    def relocate(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        card = f.source if ins.get("card", "self") == "self" else f.vars.get(ins["card"])
        found = None if card is None else self.locate(st, card)
        if found is None:
            return False
        town, k = found
        if not self.can_move(st, card) or self.shields(st, f, card, town):
            return False
        d = self.def_of(st, card)
        if d.move_when and not self.ev_at(st, town, card, d.move_when):
            fired(d.id)  # its own rule keeps it where it is (Sandy Claws)
            return False
        if town != f.vars.get("by", f.seat) and card != f.source:
            verdict = self.window(st, f, town, "character", ctx, card)
            if verdict is not True:
                return verdict
        row = st.players[town].row
        key = f"_l{f.pc}"
        done, dest = self.answered(st, f, key)
        if not done:
            to = ins.get("to", "adjacent")
            if to == "adjacent":
                dests = [d for d in (k - 1, k + 1) if 0 <= d < len(row)]
            elif to == "any":
                dests = [d for d in range(len(row)) if d != k]
            elif to.startswith("var:"):
                other = self.locate(st, f.vars.get(to[4:]) or "")
                dests = [other[1]] if other is not None and other[0] == town and other[1] != k else []
            else:
                names = to.split("|")
                dests = [d for d, s in enumerate(row) if st.cards[s.locale] in names and d != k]
            dests = [d for d in dests if not row[d].flipped and self.may_enter(st, town, card, k, d)]
            if not dests:
                return False
            if len(dests) > 1:
                f.vars["_wait"] = key
                return self.ask(
                    st,
                    f.seat,
                    "destination",
                    f"Where does {self.label(st, card)} go?",
                    [(f"to:{d}", self.label(st, row[d].locale), d) for d in dests],
                )
            dest = dests[0]
        self.move_character(st, town, card, k, dest, ctx)
        return True

    def may_enter(self, st: State, town: int, card: str, frm: int, to: int) -> bool:
        if st.expansions and self.hooks is not None:
            verdict = self.hooks.of(st).may_move(self, st, town, card, frm, to)
            if verdict is not None:
                return verdict
        return True

    def move_character(self, st: State, town: int, card: str, frm: int, to: int, ctx: Context) -> None:
        row = st.players[town].row
        row[frm].characters.remove(card)
        row[to].characters.append(card)
        ctx.emit(
            "move",
            f"{self.label(st, card)} moves from {self.label(st, row[frm].locale)} "
            f"to {self.label(st, row[to].locale)}",
            {"seat": town, "card": self.card_data(st, card), "from": frm, "to": to},
        )
        self.fire(st, "moved", {"card": card, "from_slot": frm, "to_slot": to})
        d = self.def_of(st, card)
        for other in row[frm].characters:
            od = self.def_of(st, other)
            follows = od.follows is not None and self.is_(st, card, od.follows)
            brought = any(self.is_(st, other, g) for g in d.brings)
            # it goes along only where it could go itself (an expansion may bar the way)
            if (follows or brought) and self.can_move(st, other) and self.may_enter(st, town, other, frm, to):
                why = od.id if follows else d.id
                st.triggers.append(
                    Trigger(
                        "rules.follow",
                        town,
                        other,
                        {"card": other, "from_slot": frm, "to_slot": to, "why": why, "leader": card},
                        self.effect_depth(st),
                    )
                )

    def movement(self, st: State, f: Frame, ins: dict, n: int, ctx: Context) -> Any:
        """Spend up to n Movement on your own Characters, one step at a time."""
        seat = f.seat
        key = f"_m{f.pc}"
        if key not in f.vars:
            f.vars[key] = {"left": n, "moved": []}
        m = f.vars[key]
        done, choice = self.answered(st, f, key)
        if done:
            if choice is None:
                m["left"] = 0
            elif choice[0] == "gather":  # one Movement; the player then picks whom it pulls in
                _, card, pulled = choice
                fired(st.cards[card])
                m["gather"] = {"at": card, "left": list(pulled), "chosen": []}
                m["left"] -= 1
            else:
                _, card, frm, to, price = choice
                if abs(to - frm) > 1:  # only a Character that may go anywhere skips Locales
                    fired(st.cards[card])
                self.move_character(st, seat, card, frm, to, ctx)
                m["left"] -= price
                m["moved"].append(card)
        gathering = m.get("gather")
        if gathering is not None:
            answered, yes = self.answered(st, f, key + ":gather")
            if answered:
                other = gathering["left"].pop(0)
                if yes:
                    gathering["chosen"].append(other)
            if gathering["left"]:
                f.vars["_wait"] = key + ":gather"
                at = self.locate(st, gathering["at"])
                into = self.label(st, st.players[seat].row[at[1]].locale) if at else "his Locale"
                return self.ask(
                    st,
                    seat,
                    "gather",
                    f"Pull {self.label(st, gathering['left'][0])} into {into}?",
                    [("yes", "Yes", True), ("no", "No", False)],
                )
            del m["gather"]
            found = self.locate(st, gathering["at"])
            for other in gathering["chosen"]:
                where = self.locate(st, other)
                if where is not None and found is not None:
                    self.move_character(st, seat, other, where[1], found[1], ctx)
                    m["moved"].append(other)
        options = self.move_options(st, f, ins, m) if m["left"] > 0 else []
        if not options:
            del f.vars[key]
            return True
        f.vars["_wait"] = key
        options.append(("stop", "Stop moving", None))
        return self.ask(st, seat, "move", f"Move your Characters ({m['left']} Movement left)", options)

    def move_options(self, st: State, f: Frame, ins: dict, m: dict) -> list[tuple[str, str, Any]]:
        return list(self.moves(st, f, ins, m))

    def moves(self, st: State, f: Frame, ins: dict, m: dict) -> Iterator[tuple[str, str, Any]]:
        """The moves open to `f.seat` with the Movement left in `m`, one at a time."""
        seat = f.seat
        row = st.players[seat].row
        flt = ins.get("filter")
        moved = m["moved"] if ins.get("different") else ()
        left = m["left"]
        for k, slot in enumerate(row):
            for card in slot.characters:
                d = self.defs[st.cards[card]]
                if not self.can_move(st, card) or (flt and not self.ev(st, f, flt, c=card)) or card in moved:
                    continue
                if d.move_when and not self.ev_at(st, seat, card, d.move_when):
                    fired(d.id)
                    continue
                leave = d.leave_cost.get(st.cards[slot.locale], 1) if d.leave_cost else 1
                if leave != 1:
                    fired(d.id)  # leaving this Locale costs it more Movement
                if leave <= left:
                    dests = range(len(row)) if d.move_anywhere else (k - 1, k + 1)
                    for to in dests:
                        if to == k or not 0 <= to < len(row) or row[to].flipped:
                            continue
                        if not self.may_enter(st, seat, card, k, to):
                            continue
                        yield (
                            f"mv:{card}:{to}",
                            f"Move {self.label(st, card)} to {self.label(st, row[to].locale)}",
                            ["mv", card, k, to, leave],
                        )
                if d.gathers_at and st.cards[slot.locale] == d.gathers_at and not slot.flipped:
                    pulled = [
                        c
                        for j in (k - 1, k + 1)
                        if 0 <= j < len(row)
                        for c in row[j].characters
                        if self.can_move(st, c)
                        and not ((md := self.def_of(st, c).move_when) and not self.ev_at(st, seat, c, md))
                        and self.def_of(st, c).leave_cost.get(st.cards[row[j].locale], 1) <= 1
                        and (not flt or self.ev(st, f, flt, c=c))
                        and c not in moved
                        and self.may_enter(st, seat, c, j, k)
                    ]
                    if pulled:
                        yield (
                            f"gather:{card}",
                            f"{self.label(st, card)} pulls Characters of your choice from next door "
                            f"into {self.label(st, slot.locale)}",
                            ["gather", card, pulled],
                        )

    def look_hand(self, st: State, f: Frame, seat: int | None, ctx: Context) -> Any:
        if seat is None:
            return False
        hand = st.players[seat].hand
        self.show(st, hand, to=f.seat)
        ctx.emit("look", f"seat {f.seat} looks at seat {seat}'s hand", {"seat": f.seat, "target": seat})
        ctx.emit(
            "looked",
            f"seat {seat}'s hand: " + ", ".join(self.label(st, c) for c in hand),
            {"target": seat, "cards": [self.card_data(st, c) for c in hand]},
            to=[f.seat],
        )
        return True

    def random_discard(self, st: State, f: Frame, seat: int | None, ctx: Context) -> Any:
        if seat is None:
            return False
        verdict = self.window(st, f, seat, "hand-discard", ctx) if seat != f.seat else True
        if verdict is not True:
            return verdict
        hand = st.players[seat].hand
        if not hand:
            return False
        card = hand[ctx.rng.below(len(hand))]
        self.discard_hand_card(st, seat, card, ctx, "chosen at random")
        return True

    def tuck_hand(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        seat = f.seat
        key = f"_t{f.pc}"
        slot = self.slot_of_locale(st, f.source)
        done = f.vars.get(key, 0)  # cards tucked so far (or the most, once the player stops)
        answered, card = self.answered(st, f, key)
        if answered:
            if card is None:
                done = int(ins.get("max", 1))
            else:
                st.players[seat].hand.remove(card)
                slot.beneath.append(card)
                f.vars.setdefault("_tucked", 0)
                f.vars["_tucked"] += 1
                ctx.emit(
                    "tuck",
                    f"seat {seat} tucks a card face down under {self.label(st, slot.locale)}",
                    {"seat": seat},
                )
                done += 1
            f.vars[key] = done
        if done < int(ins.get("max", 1)) and st.players[seat].hand:
            f.vars["_wait"] = key
            options = [
                (f"tuck:{c}", f"Tuck {self.label(st, c)}", c)
                for c in self.distinct(st, st.players[seat].hand)
            ]
            return self.ask(
                st, seat, "tuck", "Tuck a card face down", [*options, ("stop", "Tuck no more", None)]
            )
        _store_var(f, ins, f.vars.pop("_tucked", 0))
        f.vars.pop(key, None)
        return True

    def slot_of_locale(self, st: State, locale: str) -> Slot:
        for p in st.players:
            for slot in p.row:
                if slot.locale == locale:
                    return slot
        raise ValueError(f"{locale} is not a Locale in play")

    def tuck_char(self, st: State, f: Frame, card: str | None, ctx: Context) -> Any:
        if card is None or self.locate(st, card) is None:
            return False
        slot = self.slot_of_locale(st, f.source)
        self.take_out_of_play(st, card)
        self.drop_stack(st, card, ctx)
        slot.beneath.append(card)
        self.mark_known(st, [card])  # it went face down in sight of everyone
        ctx.emit(
            "tuck",
            f"{self.label(st, card)} goes face down under {self.label(st, slot.locale)}",
            {"seat": f.seat, "card": self.card_data(st, card)},
        )
        return True

    def remove_for_cost(self, st: State, card: str, ctx: Context) -> None:
        """Discard one of your own cards from play to pay for something (it counts as discarded)."""
        where = self.card_town(st, card)
        town = self.take_out_of_play(st, card)
        self.drop_stack(st, card, ctx)
        self.to_discard(st, card, ctx, "discarded from play to pay a cost")
        if self.def_of(st, card).kind == "character":
            self.fire(st, "char_discarded", {"card": card, "town": town, "from_town": where})

    def play_free(self, st: State, seat: int, card: str, ctx: Context) -> None:
        """Put a Creation from hand into play without paying for it (its on-play effect runs)."""
        p = st.players[seat]
        p.hand.remove(card)
        p.creations.append(card)
        ctx.emit(
            "play",
            f"seat {seat} plays {self.label(st, card)} for free",
            {"seat": seat, "card": self.card_data(st, card), "cost": 0},
        )
        self.played(st, seat, card, f"{self.def_of(st, card).id}.on_play", "creation_played")

    def custom(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        return CUSTOM[ins["fn"]](self, st, f, ins, ctx)


def _digest(st: State) -> tuple:
    """What an effect's step can change, as one comparable value (for `checked_op`):
    cheaper than the whole saved state, and as searching."""
    return (
        tuple(
            (
                tuple(p.hand),
                tuple(p.deck),
                tuple(p.discard),
                tuple(p.surprise_discard),
                tuple((s.locale, tuple(s.characters), tuple(s.beneath), s.flipped) for s in p.row),
                tuple(p.creations),
                tuple(p.placed),
                tuple(p.locale_deck),
                tuple(p.removed),
                p.pp,
            )
            for p in st.players
        ),
        repr(st.flags),
        repr(st.stacked),
        repr(st.shown),
        tuple(st.center),
        tuple(st.hexed),
        tuple((t.prog, t.source) for t in st.triggers),
        tuple((f.prog, f.pc, repr(f.vars)) for f in st.stack),
        repr([(a.seat, a.kind, a.text, [c.id for c in a.choices]) for a in st.asks]),
        (st.days_left, st.round, st.king, st.king_activity, st.phase, st.turn, st.turns_taken),
        (st.function_used, st.extra_functions, st.over, len(st.cards), repr(st.known)),
    )


def _trigger_fires(t: Trigger) -> None:
    """A card's trigger (or an expansion's Bonus) goes off: report it to coverage."""
    key = PROGRAM_FIRES.get(t.prog)
    if key is not None:
        fired(key)


def _store_var(f: Frame, ins: dict, value: Any) -> None:
    if "as" in ins:
        f.vars[ins["as"]] = value


TRIGGER_EVENTS = (
    "char_discarded",
    "creation_played",
    "surprise_played",
    "function_here",
    "moved",
    "stacked_on_creation",
    "char_played",
    "function_performed",
    "end_phase",
)
TRIGGERS_BY_EVENT: dict[str, set[str]] = {}
INTERNAL: dict[str, list[dict[str, Any]]] = {}


# --- rules procedures run as programs ----------------------------------------------------
INTERNAL.update(
    {
        "rules.king": [{"op": "custom", "fn": "king_pay"}, {"op": "custom", "fn": "king_do"}],
        "rules.play": [
            {"op": "custom", "fn": "play_mode"},
            {"op": "custom", "fn": "play_discount"},
            {"op": "custom", "fn": "play_pay"},
        ],
        "rules.discard": [{"op": "discard", "n": "n", "forced": True}],
        "rules.follow": [{"may": "Move along with it for free?", "then": [{"op": "custom", "fn": "follow"}]}],
    }
)


@custom("king_pay")
def _king_pay(g: Rules, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
    """Each player in turn may do the chosen activity: free, or by discarding a card."""
    seat, activity = f.seat, f.vars["activity"]
    if g.got(st):
        choice = g.take(st)
        if choice is None:
            ctx.emit("king-pass", f"seat {seat} declines the Pumpkin King's activity", {"seat": seat})
            return False
        if choice == "free":
            ctx.emit("king-free", f"seat {seat} does the activity for free", {"seat": seat})
        elif isinstance(choice, list):  # a Surprise played now; the question comes back after it
            g.push(st, "rules.play", seat, choice[1], verb="play", to=None, mode=None, phase="king")
            return ASK
        else:
            g.discard_hand_card(st, seat, choice, ctx, "for the Pumpkin King's activity")
        return True
    p = st.players[seat]
    cards = g.distinct(st, p.hand)
    options: list[tuple[str, str, Any]] = [("pass", "Decline", None)]
    if activity != "move" or next(g.moves(st, f, {}, {"left": 1, "moved": []}), None) is not None:
        if g.king_free(st, seat, activity):
            options.append(("free", "Do it for free", "free"))
        options.extend((f"discard:{c}", f"Discard {g.label(st, c)} to do it", c) for c in cards)
    if st.phase == "king":
        for card in cards:
            d = g.def_of(st, card)
            if d.kind == "surprise" and g.may_play_surprise(st, seat, card, own_turn=False):
                price = g.cost(st, seat, card)
                if price <= p.pp and g.any_mode_open(st, seat, card, "king"):
                    label = f"First play {g.label(st, card)} ({price} PP)"
                    options.append((f"surprise:{card}", label, ["surprise", card]))
    return g.ask(st, seat, "king", KING_ACTIVITIES[activity], options)


# the step each King's activity is, for a player who paid for it or does it free
_KING_STEPS = {"draw": {"op": "draw", "n": 1}, "pp": {"op": "pp", "n": 1}, "move": {"op": "move", "n": 1}}


@custom("king_do")
def _king_do(g: Rules, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
    step = _KING_STEPS[f.vars["activity"]]
    return OPS[step["op"]](g, st, f, step, ctx)


@custom("play_mode")
def _play_mode(g: Rules, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
    card = f.source
    if g.def_of(st, card).kind != "surprise":
        return True
    if g.got(st):
        f.vars["mode"] = g.take(st)
        return True
    modes = g.modes_open(st, f.seat, card, f.vars.get("phase", "turn"))
    if len(modes) == 1:
        f.vars["mode"] = modes[0]
        return True
    d = g.def_of(st, card)
    return g.ask(
        st,
        f.seat,
        "mode",
        f"{d.name}: choose which ability to use",
        [(f"mode:{k}", d.modes[k].label, k) for k in modes],
    )


@custom("play_discount")
def _play_discount(g: Rules, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
    """Optional cost reductions paid by discarding (Hanging Tree, Delightful Hat, ...)."""
    seat, card = f.seat, f.source
    d = g.def_of(st, card)
    if not d.discounts or f.vars["verb"] != "play":
        f.vars["discount"] = 0
        return True
    f.vars.setdefault("discount", 0)
    f.vars.setdefault("disc_k", 0)
    if g.got(st):
        chosen = g.take(st)
        disc = d.discounts[f.vars["disc_k"]]
        if chosen is None:
            f.vars["disc_k"] += 1
            f.vars.pop("disc_n", None)
        else:
            if disc.zone == "hand":
                g.discard_hand_card(st, seat, chosen, ctx, f"to lower the cost of {d.name}")
            else:
                g.remove_for_cost(st, chosen, ctx)
            f.vars["disc_n"] = f.vars.get("disc_n", 0) + 1
            if f.vars["disc_n"] % disc.batch == 0:
                f.vars["discount"] += disc.per
                fired(d.id)
    while f.vars["disc_k"] < len(d.discounts):
        disc = d.discounts[f.vars["disc_k"]]
        to = tuple(f.vars["to"]) if f.vars["to"] else None
        price = g.cost(st, seat, card, to) - f.vars["discount"]
        pool = g.discount_pool(st, seat, card, disc)
        usable = (not disc.when or g.ev_at(st, seat, card, disc.when)) and price > 0
        if disc.exclusive and f.vars["discount"] > 0:
            usable = False
        if not usable or len(pool) < disc.batch or f.vars.get("disc_n", 0) >= disc.max * disc.batch:
            f.vars["disc_k"] += 1
            f.vars.pop("disc_n", None)
            continue
        options = [(f"discount:{c}", f"{disc.label}: {g.label(st, c)}", c) for c in g.distinct(st, pool)]
        if price <= st.players[seat].pp and f.vars.get("disc_n", 0) % disc.batch == 0:
            options.append(("stop", f"Pay {price} without discarding more", None))
        return g.ask(st, seat, "discount", f"{d.name} costs {price}: lower it?", options)
    return True


@custom("play_pay")
def _play_pay(g: Rules, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
    seat, card, verb = f.seat, f.source, f.vars["verb"]
    d = g.def_of(st, card)
    p = st.players[seat]
    to = tuple(f.vars["to"]) if f.vars["to"] else None
    if verb == "replace":
        old = g.title_in_town(st, seat, card)
        price = (d.number or 0) - (g.def_of(st, old).number or 0)
    elif verb == "playopp":
        price = int(g.ev_at(st, seat, card, d.opponent_play, number=d.number or 0))
    else:
        price = max(0, g.cost(st, seat, card, to) - f.vars.get("discount", 0))
    if price > p.pp:  # discounts were declined: the play is called off, nothing is spent
        return False
    p.pp -= price
    p.hand.remove(card)
    ctx.emit(
        "play",
        f"seat {seat} plays {g.label(st, card)} for {price}",
        {"seat": seat, "card": g.card_data(st, card), "cost": price},
    )
    if verb == "playopp" or d.id in g.plain:
        fired(d.id)  # played into another town, or a card whose whole job is being in play
    if d.kind == "character":
        if verb == "replace":
            old = g.title_in_town(st, seat, card)
            town, k = g.locate(st, old)
            slot = st.players[town].row[k]
            slot.characters[slot.characters.index(old)] = card
            if old in st.stacked:
                st.stacked[card] = st.stacked.pop(old)
            if old in st.hexed:
                st.hexed.remove(old)
            st.players[st.owner[old]].discard.append(old)
            ctx.emit(
                "replace", f"{g.label(st, old)} is replaced", {"seat": seat, "card": g.card_data(st, old)}
            )
        else:
            st.players[to[0]].row[to[1]].characters.append(card)
        g.played(st, seat, card, f"{d.id}.on_play", "char_played", data={"replaced": verb == "replace"})
    elif d.kind == "creation":
        into = to[0] if verb == "playopp" else seat
        st.players[into].creations.append(card)
        g.played(st, seat, card, f"{d.id}.on_play", "creation_played", into=into)
    else:
        p.surprise_discard.append(card)
        p.titles_this_round.append(d.name)
        fired(d.id)  # a Surprise resolves once paid for, whatever its steps then find
        g.played(st, seat, card, f"{d.id}.mode{f.vars['mode']}", "surprise_played")
    return True


@custom("follow")
def _follow(g: Rules, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
    card = f.vars["card"]
    found = g.locate(st, card)
    if found is None or found[1] != f.vars["from_slot"]:
        return False
    to = f.vars["to_slot"]
    if "leader" in f.vars:  # it goes where the leader is now, which may be further on
        leader = g.locate(st, f.vars["leader"])
        if leader is None or leader[0] != found[0] or leader[1] == found[1]:
            return False
        to = leader[1]
    if not g.may_enter(st, found[0], card, found[1], to):
        return False
    g.move_character(st, found[0], card, found[1], to, ctx)
    if "why" in f.vars:  # the card whose ability let it come along
        fired(f.vars["why"])
    return True


INTERNAL.update(
    {
        "rules.sacrifice3": [
            {
                "op": "choose",
                "from": "my_chars",
                "as": "a",
                "label": "Discard a Character (1 of 3)",
                "town": HALLOWEENTOWN,
            },
            {"op": "discard_card", "card": "a"},
            {
                "op": "choose",
                "from": "my_chars",
                "as": "b",
                "label": "Discard a Character (2 of 3)",
                "town": HALLOWEENTOWN,
            },
            {"op": "discard_card", "card": "b"},
            {
                "op": "choose",
                "from": "my_chars",
                "as": "c",
                "label": "Discard a Character (3 of 3)",
                "town": HALLOWEENTOWN,
            },
            {"op": "discard_card", "card": "c"},
        ],
        "rules.free_creation": [{"op": "custom", "fn": "free_creation"}],
        "rules.wheel": [
            {
                "op": "choose",
                "from": "opp_chars",
                "as": "t",
                "filter": "owner(c) == o and scare(c) == n and not immune(c)",
            },
            {"op": "destroy", "card": "t"},
        ],
    }
)
