"""The rules of the TCG, in the order of the rulebook's Round Order Chart.

`Rules.advance` drives a match: it runs the Start Phase, the Player Turns and the End
Phase, and every card effect on the stack, until some seat has a question to answer
(`State.asks`). `apply` records the answer and calls `advance` again. Every question is
an `Ask` whose options are listed in the state, so `prompts` only reads them.

`Rules` is assembled from one module per part of the rulebook, each a mixin class:

| module | what |
|---|---|
| `start_phase.py` | the Start Phase: Day counters, Locales, the Pumpkin King's activity |
| `turns.py` | the Player Turns: the turn menu, Functions, abilities, costs, playing cards |
| `end_phase.py` | the End Phase, step by step |
| `scoring.py` | Scare Points and the tie-breaks |
| `machine.py` | the effect machine: the stack, questions, triggers, response windows |
| `primitives.py` | what card effects are made of (draws, discards, Searches, movement, ...) |
| `scope.py` | the functions card expressions may call |
| `constants.py` | the numbers every part shares |

This module holds what they all read: the card pool, looking cards up, towns, Scare and
Active Locales, evaluating expressions, and the Round itself (`advance`, `next_step`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from nbc.core.cards import NameFinder, plain_copy
from nbc.core.coverage import fired
from nbc.core.game import Choice, Context
from nbc.plugins.tcg.constants import (
    ANY_TOWN,
    DAYS,
    HALLOWEENTOWN,
    HAND_LIMIT,
    KING_ACTIVITIES,
    MAIN_DECK_MIN,
    PP_CAP,
    SURPRISE_LIMIT,
    TITLE_MAX,
    TRIGGER_EVENTS,
    Cut,
)
from nbc.plugins.tcg.effects import (
    PROGRAMS,
    STEPS,
    TcgCard,
    compile_expression,
    compiled_steps,
    cut_price,
    expression_bounds,
    is_plain,
    register_program,
)
from nbc.plugins.tcg.end_phase import EndPhase
from nbc.plugins.tcg.machine import INTERNAL, TRIGGERS_BY_EVENT, EffectMachine
from nbc.plugins.tcg.primitives import Primitives
from nbc.plugins.tcg.scope import _NO_VARS, Scope
from nbc.plugins.tcg.scoring import Scoring
from nbc.plugins.tcg.start_phase import StartPhase
from nbc.plugins.tcg.state import Frame, Slot, State
from nbc.plugins.tcg.turns import PlayerTurns

# the rules' numbers, which other modules import from here
__all__ = [
    "ANY_TOWN",
    "DAYS",
    "HALLOWEENTOWN",
    "HAND_LIMIT",
    "KING_ACTIVITIES",
    "MAIN_DECK_MIN",
    "PP_CAP",
    "SURPRISE_LIMIT",
    "TITLE_MAX",
    "TRIGGER_EVENTS",
    "Cut",
    "Rules",
]


class Rules(StartPhase, PlayerTurns, EndPhase, Scoring, EffectMachine, Primitives):
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
        for key in [key for key in PROGRAMS if key not in STEPS]:  # compiled now, not mid-match
            compiled_steps(key)
        self.names = {d.id: f"{d.name} ({d.alias})" if d.alias else d.name for d in defs.values()}
        # display name -> card id, for the cards a fixed text names (`named`)
        self.by_name = {name: key for key, name in self.names.items()}
        self.name_finder = NameFinder(self.by_name)
        self._named: dict[str, list[str]] = {}
        # cards with no printed effect: they report to coverage when they are played
        self.plain = frozenset(d.id for d in defs.values() if is_plain(d))
        # what a view shows of each card besides its instance id (see view.build)
        self.view_parts = {
            key: {"card": d.id, "name": d.name, "alias": d.alias, "kind": d.kind, "number": d.number}
            for key, d in self.defs.items()
        }
        self._function_options: dict[tuple[str, int], list[tuple[Choice, list[Any]]]] = {}
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
            price = float(card.number or 0)
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

    def def_of(self, st: State, card: str) -> TcgCard:
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
        return list(map(table.__getitem__, cards))

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

    def ev(self, st: State, f: Frame, text: str, **extra: Any) -> Any:
        return compile_expression(text)(Scope(self, st, f.seat, f.source, f.vars, extra))

    def ev_at(self, st: State, seat: int, source: str, text: str, **extra: Any) -> Any:
        return compile_expression(text)(Scope(self, st, seat, source, _NO_VARS, extra))

    def card_data(self, st: State, card: str) -> dict[str, Any]:
        if st.planted and card in st.planted:
            return {"id": card, "name": st.planted[card]}
        d = self.defs[st.cards[card]]
        return {"id": card, "card": d.id, "name": d.name, "alias": d.alias}

    def advance(self, st: State, ctx: Context) -> None:
        """Run the match until a seat has a question to answer, or it is over."""
        while not st.asks and not st.over:
            if st.triggers and (not st.stack or self.due(st)):
                self.resolve_triggers(st, ctx)
            elif st.stack:
                self.step(st, ctx)
            elif st.phase == "turn":  # the most frequent round, called without next_step
                self.turn_menu(st, ctx)
            else:
                self.next_step(st, ctx)

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
