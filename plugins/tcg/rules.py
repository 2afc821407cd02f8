"""The rules of the TCG, in the order of the rulebook's Round Order Chart.

`Rules.advance` drives a match: it runs the Start Phase, the Player Turns and the End
Phase, and every card effect on the stack, until some seat has a question to answer
(`State.asks`). `apply` records the answer and calls `advance` again. Every question is
an `Ask` whose options are listed in the state, so `prompts` only reads them.

`Rules` is assembled from one module per part of the rulebook, each a mixin class:

| module | what |
|---|---|
| `basics.py` | what every part reads: the card pool, card lookups, towns, Scare, expressions |
| `start_phase.py` | the Start Phase: Day counters, Locales, the Pumpkin King's activity |
| `turns.py` | the Player Turns: the turn menu, Functions, abilities, costs, playing cards |
| `end_phase.py` | the End Phase, step by step |
| `scoring.py` | Scare Points and the tie-breaks |
| `machine.py` | the effect machine: the stack, questions, triggers, response windows |
| `primitives.py` | what card effects are made of (draws, discards, Searches, movement, ...) |
| `scope.py` | the functions card expressions may call |
| `constants.py` | the numbers every part shares |

Each mixin inherits the parts it calls (`Basics` <- `EffectMachine`, `Scoring` <-
`Primitives` <- `PlayerTurns` <- `StartPhase`; `Primitives` <- `EndPhase`), so that their
calls to each other are known where they are written (the compiled build calls them
directly). This module loads a card pool into the members `Basics` declares, compiles
the cards' programs, and runs the Round itself (`advance`, `next_step`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from nbc.core.cards import NameFinder
from nbc.core.game import Choice, Context, Prompt
from nbc.plugins.tcg.basics import Card
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
from nbc.plugins.tcg.scoring import Scoring
from nbc.plugins.tcg.start_phase import StartPhase
from nbc.plugins.tcg.state import Player, State, Table
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


# the instance ids the deal hands out, made once for every match: index k holds "ck"
# (a deal of more cards makes the rest itself)
INSTANCE_IDS: tuple[str, ...] = tuple(f"c{k}" for k in range(1024))


class Rules(StartPhase, PlayerTurns, EndPhase, Primitives, EffectMachine, Scoring):
    """The rules object for one card pool. Stateless: every method takes the state."""

    def __init__(
        self, defs: dict[str, TcgCard], hooks: Any = None, towns: dict[str, str] | None = None
    ) -> None:
        # the rules read card fields on every step: copies they read directly (`Card`)
        self.defs = {key: Card(d) for key, d in defs.items()}
        self.same_id = {key: key for key in defs}  # each card id -> the defs' own key string
        self.hooks = hooks  # the expansion hook caller (see hooks.py); None in the base game
        # each card's home town, from its `holiday` (the base game's and the expansions'
        # `Expansion.towns`): the town a Locale belongs to, the town a Character comes from
        holidays = {"halloween": HALLOWEENTOWN, **(towns or {})}
        self.home = {key: holidays.get(d.holiday, HALLOWEENTOWN) for key, d in defs.items()}
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
        self._named = {}
        # cards with no printed effect: they report to coverage when they are played
        self.plain = frozenset(d.id for d in defs.values() if is_plain(d))
        # what a view shows of each card besides its instance id (see view.build)
        self.view_parts = {
            key: {"card": d.id, "name": d.name, "alias": d.alias, "kind": d.kind, "number": d.number}
            for key, d in self.defs.items()
        }
        self.hand_answers = {
            key: frozenset(r.against for r in d.responses if r.zone == "hand")
            for key, d in defs.items()
            if any(r.zone == "hand" for r in d.responses)
        }
        self._function_options = {}
        self._mode_places = {}
        # (card definitions, expansions) of a match -> its price floors
        self._floors = {}
        # cards whose price depends on the Locale they are played to (`to`, `here_is`, ...)
        self.cost_by_place = {
            card.id for card in defs.values() if card.cost and any(w in card.cost for w in ("to", "here"))
        }

    @staticmethod
    def price_floors(cards: list[Any], more_cuts: Iterable[Cut] = ()) -> dict[str, int]:
        """Each card's price less every cut the other cards could bring at once (centre
        and placed cards, its own discounts), or the difference to another version it
        may replace; 0 for a price with no lower bound and for cards played into other
        towns. `cards` are card definitions, as models or as the rules read them (`Card`)."""
        cuts = [
            (key, delta, d.modifiers.get("floor"))
            for d in cards
            for key, delta in d.modifiers.items()
            if key != "floor" and delta < 0
        ]
        cuts.extend(more_cuts)  # an expansion's own (tcg_price_cuts)
        versions: dict[str, list[Any]] = {}
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

    # --- what TcgGame's prompts, find_choice and apply do on every choice ----------------
    def open_prompts(self, st: State) -> list[Prompt]:
        """The questions open, as clients see them."""
        asks = st.asks
        if len(asks) == 1:  # the usual case: one question
            ask = asks[0]
            return [ask.prompt or ask.as_prompt()]
        return [a.prompt or a.as_prompt() for a in asks]

    def offered(self, st: State, seat: int, choice_id: str) -> Choice | None:
        """Choice `choice_id` of the question open to `seat` (`Ask.find`); None when it is
        not offered."""
        for ask in st.asks:
            if ask.seat == seat:
                k = ask.find(choice_id)
                if k is not None:
                    return ask.choices[k]
        return None

    def answer(self, st: State, seat: int, choice: Choice, ctx: Context) -> None:
        """Take `seat`'s answer to its question (`choice`, which `offered` found) and play
        on until the next question."""
        if st.shown:
            st.shown = {}
        asks = st.asks
        if len(asks) == 1:
            ask = asks.pop()
        else:  # several seats asked at once: the one that answered (a seat holds one question)
            ask = next(a for a in asks if a.seat == seat)
            asks.remove(ask)
        k = ask.find(choice.id)  # `offered` found it there
        assert k is not None, f"{choice.id} is not a choice of seat {seat}'s question"
        value = ask.values[k]
        if ask.kind == "place-locale":
            self.place_locale(st, seat, value, ctx)
        elif ask.kind == "reimburse":
            self.reimburse(st, seat, value, ctx)
        elif ask.kind == "discard-to-7":
            self.discard_hand_card(st, seat, value, ctx, "down to 7 cards")
            st.asks.clear()
        else:
            st.answer, st.answered_by = value, seat
        if not st.asks:
            self.advance(st, ctx)

    def deal(
        self,
        decks: list[tuple[str, str, list[str], dict[str, int]]],
        expansions: list[str],
        days: int,
        ctx: Context,
    ) -> State:
        """A new match's state, run up to its first question: `decks` gives each seat's
        deck (its name, Starting Locale, other Locales and Main Deck, as `TcgGame.setup`
        has checked them), dealt face down and shuffled."""
        # each card id as the very string the definitions are keyed by, so that the rules'
        # many lookups by card id find their key by identity, without comparing texts
        same = self.same_id
        ids: list[str] = []
        spans: list[tuple[int, int]] = []
        for _, starting, locales, main in decks:
            start = len(ids)
            ids.append(same[starting])
            ids.extend([same[card] for card in locales])
            for card, copies in main.items():
                ids.extend([same[card]] * copies)
            spans.append((start, len(ids)))
        # opaque instance ids: numbers dealt in a shuffled order, so an id says nothing
        numbers = list(range(1, len(ids) + 1))
        ctx.rng.shuffle(numbers)
        made = INSTANCE_IDS
        by_position = [made[k] if k < len(made) else f"c{k}" for k in numbers]
        owner: dict[str, int] = {}
        seats: list[Player] = []
        defs = self.defs
        for seat, (name, starting, _, main) in enumerate(decks):
            a, b = spans[seat]
            mine = by_position[a:b]
            for c in mine:
                owner[c] = seat
            locale_deck = mine[1:6]
            main_deck = mine[6:]
            ctx.rng.shuffle(locale_deck)
            ctx.rng.shuffle(main_deck)
            player = Player(name, defs[starting].start_hand or 0, mine[0], locale_deck, main_deck)
            player.has_responses = any(defs[c].responses for c in main)
            seats.append(player)
        cards = Table(zip(by_position, ids, strict=True))
        state = State(players=seats, cards=cards, owner=Table(owner), expansions=list(expansions))
        state.days = state.days_left = days
        state.king = ctx.rng.below(len(decks))
        ctx.emit("setup", f"seat {state.king} is the first Pumpkin King", {"king": state.king})
        self.advance(state, ctx)
        return state

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
