"""The Nightmare Before Christmas Trading Card Game: the Game object, options and decks."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import Field

from nbc.core.cards import DataError, DataModel, load_card_dir, load_table
from nbc.core.errors import BadOptions
from nbc.core.game import (
    CatalogueCard,
    Choice,
    Context,
    Game,
    Invariant,
    Options,
    Outcome,
    Prompt,
    Setup,
    Steering,
    Unknown,
    Variant,
)
from nbc.core.rng import Rng
from nbc.plugins.tcg import bot as bot_module
from nbc.plugins.tcg import invariants as invariants_module
from nbc.plugins.tcg import lint, setups, verify
from nbc.plugins.tcg import redeal as redeal_module
from nbc.plugins.tcg import view as view_module
from nbc.plugins.tcg.effects import TcgCard
from nbc.plugins.tcg.hooks import Expansion, ExpansionHooks
from nbc.plugins.tcg.rules import DAYS, MAIN_DECK_MIN, TITLE_MAX, Rules
from nbc.plugins.tcg.state import State, Table, copy_state, state_text

DATA = Path(__file__).parent / "data"
BASE_SETS = ("premiere", "tournament-kit")


class DeckList(DataModel):
    """A deck given card by card: the Starting Locale, five other Locales, the Main Deck."""

    starting_locale: str
    locales: list[str]
    main: dict[str, int]


class Starter(DeckList):
    id: str
    name: str


class TcgOptions(Options):
    decks: list[str | DeckList] = Field(
        default_factory=list,
        description="one deck per seat: a ready deck's id (jack, oogie, mayor, finklestein, ...) or a deck "
        "list; seats without one get the starters in turn",
    )
    days: int = Field(default=DAYS, ge=1, le=DAYS, description="Day counters (12 in a full game)")
    expansions: list[str] = Field(
        default_factory=list, description="expansions in play (set by their variants, e.g. christmas-town)"
    )


def load_pool(folder: Path = DATA / "cards") -> dict[str, TcgCard]:
    return load_card_dir(folder, TcgCard)


def load_starters(folder: Path = DATA / "decks") -> dict[str, Starter]:
    out: dict[str, Starter] = {}
    for path in sorted(folder.glob("*.toml")):
        out.update(load_table(path, Starter, "starter"))
    return out


# the keywords the TCG itself reads (`Rules.has_keyword`; `at-locale-as:<g>`, read by the
# expression `at`, is a family); expansions declare theirs
KEYWORDS = frozenset({"immune", "anchored", "kept", "shielded", "animated", "at-locale-as:"})


def check_declared(defs: dict[str, TcgCard], holidays: set[str], keywords: set[str]) -> None:
    """Refuse cards whose holiday no loaded game declares a town for, or that print (or
    lend) a keyword nobody reads (a keyword ending in `:` declares a family, `active-with:`)."""
    families = tuple(k for k in keywords if k.endswith(":"))
    for d in defs.values():
        if d.holiday not in holidays:
            raise ValueError(
                f"card {d.id}: holiday {d.holiday!r} has no town; known: {', '.join(sorted(holidays))}"
            )
        for word in (*d.keywords, *d.lends):
            if word not in keywords and not word.startswith(families):
                raise ValueError(
                    f"card {d.id}: keyword {word!r} is read by no rule; known: {', '.join(sorted(keywords))}"
                )


def _load_base() -> tuple[dict[str, TcgCard], dict[str, str]]:
    """The base pool, each card checked (`lint`) against the whole pool's names; a
    problem in the built-in cards stops the import, as a broken game must not load."""
    cards, problems = lint.read_cards(DATA / "cards")
    problems += lint.pool_problems(cards, {}, KEYWORDS)
    if problems:
        raise DataError([str(p) for p in problems])
    return {key: card for key, (card, _) in cards.items()}, {key: file for key, (_, file) in cards.items()}


POOL, POOL_FILES = _load_base()
check_declared(POOL, {"halloween"}, set(KEYWORDS))
STARTERS = load_starters()
BASE_STARTERS = [s for s in STARTERS.values() if all(POOL[c].set in BASE_SETS for c in s.main)][:4]


def check_deck(deck: DeckList, defs: dict[str, TcgCard], sets: tuple[str, ...], where: str) -> list[str]:
    """Every problem with a deck list, each naming what is wrong and what is allowed."""
    problems: list[str] = []

    def known(card_id: str, role: str) -> TcgCard | None:
        d = defs.get(card_id)
        if d is None:
            problems.append(f"{where}: {role} {card_id!r} is not a card of this game")
        elif d.set not in sets:
            problems.append(
                f"{where}: {role} {card_id!r} is from the {d.set} set, which this variant does not use"
            )
            return None
        return d

    start = known(deck.starting_locale, "starting_locale")
    if start is not None and start.kind != "starting-locale":
        problems.append(
            f"{where}: starting_locale {deck.starting_locale!r} is a {start.kind}, not a Starting Locale"
        )
    if len(deck.locales) != 5:
        problems.append(
            f"{where}: the Locale deck needs exactly 5 Locales besides the Starting Locale, "
            f"not {len(deck.locales)}"
        )
    if len(set(deck.locales)) != len(deck.locales):
        problems.append(f"{where}: the 5 Locales must all be different")
    for card_id in deck.locales:
        d = known(card_id, "locale")
        if d is not None and d.kind != "locale":
            problems.append(
                f"{where}: {card_id!r} in locales is a {d.kind}; only non-starting Locales go there"
            )
    total = 0
    titles: dict[str, int] = {}
    for card_id, copies in deck.main.items():
        d = known(card_id, "main deck card")
        if copies < 1:
            problems.append(f"{where}: {card_id!r} is listed {copies} times; give a count of 1 or more")
        total += copies
        if d is None:
            continue
        if d.is_locale:
            problems.append(
                f"{where}: {card_id!r} is a Locale; the Main Deck holds Characters, Creations and Surprises"
            )
        titles[d.name] = titles.get(d.name, 0) + copies
    if total < MAIN_DECK_MIN:
        problems.append(f"{where}: the Main Deck has {total} cards; it needs at least {MAIN_DECK_MIN}")
    for title, copies in titles.items():
        if copies > TITLE_MAX:
            problems.append(
                f"{where}: {copies} copies of {title!r} (all versions count together); "
                f"at most {TITLE_MAX} are allowed"
            )
    return problems


# what a card's printed number means, by kind
NUMBER_NAMES = {
    "starting-locale": "threshold",
    "locale": "threshold",
    "character": "scare",
    "creation": "cost",
    "surprise": "cost",
}


class TcgGame(Game):
    name = "tcg"
    title = "The Nightmare Before Christmas Trading Card Game"
    description = (
        "Twelve Days to build the scariest Halloweentown: Characters, Locales, Creations and Surprises."
    )
    players = range(2, 7)
    Options = TcgOptions
    variants = {
        "base": Variant(
            "base", "Premiere and Tournament Kit cards", description="the base game, 2 to 6 players"
        ),
    }
    State = State
    sets: tuple[str, ...] = BASE_SETS

    def __init__(self) -> None:
        self.defs = POOL
        self.starters = STARTERS
        self.expansions: dict[str, Expansion] = {}
        # what was wrong with the expansions left out, by plugin (see `plugins_loaded`)
        self.refused: dict[str, list[lint.CardProblem]] = {}
        self.rules = Rules(self.defs)
        # ready decks found sound, by (deck, card sets, expansions): a sound one stays sound
        self._sound_starters: set[tuple[str, tuple[str, ...], tuple[str, ...]]] = set()
        self.pools: dict[str, setups.Pool] = {}  # by variant: its cards, sorted for deck building

    @property
    def rules(self) -> Rules:
        return self._rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        """The rules object; a `Match` calls `apply`, `prompts` and `find_choice` on every
        choice, so this game's are bound straight to the rules' methods they call (with
        the compiled build, compiled methods: no Python frame between)."""
        self._rules = rules
        self.apply, self.prompts, self.find_choice = rules.answer, rules.open_prompts, rules.offered

    def plugins_loaded(self, pm: Any) -> None:
        """Take in the expansions installed as plugins: their cards, decks and variants.

        Each expansion is loaded and checked on its own (`lint.check_expansion`: its card
        files, programs, expressions and the names they give, card and deck ids that no
        other card or deck has, its towns, keywords and variant). One with any problem is
        left out, its problems kept in `refused` and handed to the host as its own
        plugin's (`plugin_problems`); the base game and every other expansion load on."""
        if not hasattr(pm.hook, "tcg_expansion"):
            return
        plugin_of: dict[str, str] = {}
        defs, starters = dict(POOL), dict(STARTERS)
        variants = dict(type(self).variants)
        towns: dict[str, str] = {}
        keywords = set(KEYWORDS)
        card_owner: dict[str, str] = {}  # an expansion's card id -> "expansion 'x'"
        deck_owner = {key: "the base game" for key in STARTERS}
        self.refused = {}
        for impl in pm.hook.tcg_expansion.get_hookimpls():
            plugin = impl.plugin_name
            if pm.get_plugin(plugin) is None:
                continue
            try:
                info = impl.function()
                checked = lint.check_expansion(
                    info, POOL, KEYWORDS, card_owner, deck_owner, variants, check_deck, BASE_SETS
                )
                if not checked.problems and checked.info.name in plugin_of:
                    checked.problems.append(
                        lint.CardProblem(
                            f"expansion {checked.info.name!r}",
                            "",
                            "name",
                            f"plugin {plugin_of[checked.info.name]!r} has an expansion of that name already",
                        )
                    )
            except Exception as error:  # a broken expansion must not stop the others
                name = type(error).__name__
                problem = lint.CardProblem("tcg_expansion", "", "", f"failed: {name}: {error}")
                self.refused.setdefault(plugin, []).append(problem)
                continue
            if checked.problems:
                self.refused.setdefault(plugin, []).extend(checked.problems)
                continue
            info = checked.info
            plugin_of[info.name] = plugin
            self.expansions[info.name] = info
            towns.update(info.towns)
            keywords |= info.keywords
            defs.update(checked.defs)
            starters.update(checked.starters)
            card_owner.update(dict.fromkeys(checked.defs, f"expansion {info.name!r}"))
            deck_owner.update(dict.fromkeys(checked.starters, f"expansion {info.name!r}"))
            variants[info.variant.name] = info.variant
        if not plugin_of:
            return
        check_declared(defs, {"halloween", *towns}, keywords)
        self.defs, self.starters, self.variants = defs, starters, variants
        self.rules = Rules(defs, ExpansionHooks(pm, plugin_of), towns)
        self.pools.clear()

    def plugin_problems(self) -> list[tuple[str, str]]:
        """The expansions left out, one problem a line, as (plugin, reason) pairs."""
        return [
            (plugin, f"TCG expansion left out: {problem}")
            for plugin, problems in self.refused.items()
            for problem in problems
        ]

    def card_problems(self) -> list[tuple[str, str]]:
        """Every card definition checked again (`nbc lint-cards`): the base pool and its
        ready decks, and the problems of each expansion left out (those taken in had none)."""
        cards = {key: (card, POOL_FILES.get(key, "?")) for key, card in POOL.items()}
        found = [("tcg", str(p)) for p in lint.pool_problems(cards, {}, KEYWORDS)]
        for key, deck in STARTERS.items():
            if all(c in POOL for c in deck.main):
                found += [("tcg", why) for why in check_deck(deck, POOL, BASE_SETS, f"starter {key!r}")]
        found += [(plugin, str(p)) for plugin, problems in self.refused.items() for p in problems]
        return found

    # --- decks ---------------------------------------------------------------------------
    def resolve_decks(self, options: TcgOptions, players: int) -> list[tuple[str, DeckList]]:
        problems: list[str] = []
        sets = BASE_SETS
        for name in options.expansions:
            if name not in self.expansions:
                known = ", ".join(self.expansions) or "none installed"
                problems.append(f"expansions: no expansion called {name!r} (known: {known})")
            else:
                sets += self.expansions[name].sets
        starters = BASE_STARTERS
        expansions = tuple(options.expansions)
        chosen: list[tuple[str, DeckList]] = []
        if len(options.decks) > players:
            problems.append(f"decks: {len(options.decks)} decks given for {players} seats")
        for seat in range(players):
            where = f"decks[{seat}]"
            if seat < len(options.decks):
                deck = options.decks[seat]
                if isinstance(deck, str):
                    if deck not in self.starters:
                        problems.append(
                            f"{where}: no ready deck called {deck!r}; "
                            f"the ready decks are: {', '.join(self.starters)}"
                        )
                        continue
                    deck = self.starters[deck]
                    name = deck.id
                else:
                    name = "custom"
            else:
                deck = starters[seat % len(starters)]
                name = deck.id
            key = (deck.id, sets, expansions) if isinstance(deck, Starter) else None
            if key is None or key not in self._sound_starters:
                found = check_deck(deck, self.defs, sets, where)
                if expansions and self.rules.hooks is not None:
                    found += self.rules.hooks.check_deck(expansions, deck, self.defs, where)
                if key is not None and not found:
                    self._sound_starters.add(key)
                problems.extend(found)
            chosen.append((name, deck))
        if problems:
            raise BadOptions("deck problems: " + "; ".join(problems))
        return chosen

    # --- the contract --------------------------------------------------------------------
    def setup(self, options: TcgOptions, players: int, ctx: Context) -> State:
        decks = [
            (name, deck.starting_locale, deck.locales, deck.main)
            for name, deck in self.resolve_decks(options, players)
        ]
        return self.rules.deal(decks, options.expansions, options.days, ctx)

    def load_state(self, data: Any) -> State:
        state = super().load_state(data)
        same = self.rules.same_id  # card ids as the definitions' own strings (see Rules.deal)
        state.cards = Table({card: same.get(key, key) for card, key in state.cards.items()})
        state.owner = Table(state.owner)
        return state

    def copy_state(self, state: State) -> State:
        """A direct copy, equal to saving and loading the state (see `state.copy_state`)."""
        return copy_state(state)

    def find_choice(self, state: State, seat: int, choice_id: str) -> Choice | None:
        """The choice of the question open to `seat` (`Ask.find`)."""
        return self.rules.offered(state, seat, choice_id)

    def self_checks(self, on: bool) -> bool:
        from nbc.plugins.tcg import machine

        was, machine.STRICT_STEPS = machine.STRICT_STEPS, on
        return was

    def state_json(self, state: State) -> str:
        return state_text(state)

    def prompts(self, state: State) -> list[Prompt]:
        return self.rules.open_prompts(state)

    def apply(self, state: State, seat: int, choice: Choice, ctx: Context) -> None:
        self.rules.answer(state, seat, choice, ctx)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_module.build(self.rules, state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        rules = self.rules
        n = len(state.players)
        scores = tuple(rules.score(state, s) for s in range(n))
        best = max(scores)
        tied = [s for s in range(n) if scores[s] == best]
        tiebreak = None
        if len(tied) > 1:
            for name, measure in (
                ("most Active Locales", rules.active_count),
                ("highest total threshold of Active Locales", rules.active_thresholds),
            ):
                values = {s: measure(state, s) for s in tied}
                top = max(values.values())
                tiebreak = name
                tied = [s for s in tied if values[s] == top]
                if len(tied) == 1:
                    break
            else:
                tiebreak = "shared victory"
        return Outcome(
            winners=tuple(tied),
            scores=scores,
            tiebreak=tiebreak,
            reason="the most Scare Points after the 12th Day",
        )

    def plant(self, state: State, seat: int | None, marker: str) -> int:
        if seat is None:
            hidden = [c for p in state.players for c in (*p.deck, *p.locale_deck)]
            hidden += [c for p in state.players for slot in p.row for c in slot.beneath]
        else:
            hidden = list(state.players[seat].hand)
        for k, card in enumerate(hidden):
            state.planted[card] = f"{marker}-{k}"
        return len(hidden)

    # --- what the test kit and the fuzzer use -----------------------------------------------
    def random_setup(
        self, rng: Rng, variant: str | None = None, players: int | None = None, focus: Sequence[str] = ()
    ) -> Setup:
        """Random legal deck lists for the seat count (see `setups`)."""
        return setups.random_setup(self, rng, variant, players, focus)

    def shrink_setup(self, setup: Setup) -> Iterable[Setup]:
        """Fewer seats, fewer Days, ready decks, deck lists with fewer titles (see `setups`)."""
        return setups.shrink_setup(self, setup)

    def steering(self, variant: str, focus: Sequence[str], rng: Rng) -> Steering:
        """Coverage bots that play toward the focus cards (see `verify.steering`)."""
        return verify.steering(self, variant, focus, rng)

    def invariants(self) -> Sequence[Invariant]:
        """What holds after every choice (see `invariants` and docs/games/tcg.md)."""
        return invariants_module.invariants(self)

    def redeal_hidden(self, state: State, seat: int | None, rng: Rng) -> int:
        """Shuffle the cards hidden from `seat` among themselves (see `redeal`)."""
        return redeal_module.redeal_hidden(self.rules, state, seat, rng)

    def unknowns(self, state: State, seat: int | None) -> list[Unknown]:
        """The card instances hidden from `seat`, pooled by owner and deck (see `redeal`)."""
        return redeal_module.unknowns(state, seat)

    def put_unknowns(self, state: State, values: Mapping[Hashable, str]) -> None:
        redeal_module.put_unknowns(self.rules, state, values, None)

    def evaluate(self, state: State) -> Sequence[float]:
        """Shares of the win guessed from Scare Points, Active Locales, hands and
        progress toward the thresholds, for the `ismcts` bot (see `bot`)."""
        return bot_module.evaluate(self, state)

    def rollout_choice(self, state: State, prompts: Sequence[Prompt], rng: Rng) -> str | None:
        return bot_module.rollout_choice(state, prompts, rng)

    def advise(self, view: dict[str, Any], prompts: Sequence[Prompt], rng: Rng) -> str | None:
        """What `tcg-greedy` would choose."""
        return bot_module.ADVISOR.choose(view, list(prompts), rng)

    def coverage(self, variant: str) -> Mapping[str, str]:
        """Every card of the variant's pool, by id, with its name."""
        sets = self.variant_sets(variant)
        return {key: self.rules.names[key] for key, d in self.defs.items() if d.set in sets}

    def catalogue(self) -> Sequence[CatalogueCard]:
        """Every card of the base sets and the expansions: its printed number under the
        name the card gives it (a Locale's Scare threshold, a Character's Scare
        Number, what a Creation or Surprise costs), every field printed unless the
        card's data marks it authored (a ruling where the print is unclear)."""
        cards = []
        for d in self.defs.values():
            numbers: dict[str, int | str | None] = {}
            if d.number is not None:
                numbers[NUMBER_NAMES[d.kind]] = "varies" if d.variable else d.number
            if d.start_hand is not None:
                numbers["starting hand"] = d.start_hand
            fields = ["name", "text", *numbers]
            cards.append(
                CatalogueCard(
                    id=d.id,
                    name=self.rules.names[d.id],
                    set=d.set,
                    kind=d.kind,
                    text=d.text,
                    numbers=numbers,
                    copies=None,  # decks are built: no fixed count
                    provenance={f: "authored" if f in d.authored else "printed" for f in fields},
                )
            )
        return cards

    def variant_sets(self, variant: str) -> tuple[str, ...]:
        """The card sets a variant plays with: the base sets and its expansions' sets."""
        sets = self.sets
        for name in self.variant(variant).options.get("expansions", ()):
            if name in self.expansions:
                sets += self.expansions[name].sets
        return sets
