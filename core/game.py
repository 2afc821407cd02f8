"""The game contract: what a game plugin implements, and the values it exchanges.

A `Game` is a stateless rules object. All of a match's data lives in its state (a
tree of dataclasses), so the same Game object serves every match at once.

    setup(options, players, ctx)  -> state        deal, shuffle, choose who starts
    prompts(state)                -> [Prompt]     who may act now and their choices
    apply(state, seat, choice, ctx)               change the state, emit events
    view(state, seat | None)      -> dict         what that seat (None: a spectator) may know
    outcome(state)                -> Outcome|None winners and scores once it is over

`ctx` is a `Context`: the match's seeded `Rng` (all chance goes through it) and
`emit()`, which records an event together with who may see it.

Five optional methods let the test kit and the fuzzer find a game's bugs by
themselves (each has a default that works, and each is in `docs/writing-a-plugin.md`):

    random_setup(rng, variant, players, focus) -> Setup  a random legal set-up to fuzz
    shrink_setup(setup)                -> [Setup]      smaller set-ups, to shrink a failure
    invariants()                       -> [Invariant]  what must hold after every choice
    redeal_hidden(state, seat, rng)    -> int          redraw what `seat` cannot know
    steering(variant, focus, rng)      -> chooser      play toward the cards not yet fired

Two more help the `ismcts` search bot play well (the defaults play by chance):

    evaluate(state)                    -> [float]|None how well each seat stands, 0..1
    advise(view, prompts, rng)         -> id|None     the heuristic player's choice
    rollout_choice(state, prompts, rng) -> id|None     a quick choice for its playouts

and `coverage(variant)` names the cards whose effects the game reports through
`nbc.core.coverage.fired`. `catalogue()` lists the card definitions a client may
show (`CatalogueCard`: name, text, numbers, copies, printed or authored per field).

A choice or an event that concerns cards names them for clients under the `refs` key
of its `data` (`REFS`): a list of catalogue ids, the card it is about first, then every
other card its label or text names, in the order named (see `card_refs`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from nbc.core.errors import BadOptions
from nbc.core.records import (  # noqa: F401  (re-exported: plugins import them from here)
    REFS,
    Choice,
    Context,
    Event,
    Prompt,
    card_refs,
    offered_choice,
)
from nbc.core.rng import Rng
from nbc.core.serial import canonical_json, from_data, to_data

NAME_PATTERN = re.compile(r"^[a-z][a-z0-9-]{0,39}$")

# `REFS` ("refs", from nbc.core.records) is the key of `Choice.data` and `Event.data`
# that lists the cards a choice or an event concerns, as catalogue ids
# (`CatalogueCard.id`). The card it is about comes first, then every other card its
# label or text names, in the order it names them (a copy named twice is listed
# twice). A game with a catalogue fills it wherever a label or text names a card of
# it; the test kit checks both. A ref is as secret as the card's name: an event
# carries one only to seats that may know that card, and `plant` marks a hidden card's
# ref as it marks its name. `card` and `cards` stay free for a game's own data
# (instance ids, card descriptions). `nbc.core.records` holds the values a match
# exchanges on every choice (compiled in the optional build); import them from here.


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a match ended: the winning seats (several for a shared win or an unbroken
    tie), each seat's score, and the tie-break that decided it, if any."""

    winners: tuple[int, ...]
    scores: tuple[int, ...] = ()
    tiebreak: str | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Variant:
    """A named preset of options, e.g. "base" or "christmas-town". `players`, when
    set, narrows the game's seat counts for this variant."""

    name: str
    title: str
    options: dict[str, Any] = field(default_factory=dict)
    description: str = ""
    players: range | None = None


@dataclass(frozen=True, slots=True)
class ViewType:
    """What a plugin returns from `nbc_graphql_types` for its views: the strawberry
    type that describes `game`'s view, and `build`, which turns the view dict from
    `Game.view` into an instance of that type (reading the dict, never changing it:
    the server shares one view per step and seat between answers)."""

    game: str
    type: Any
    build: Callable[[dict[str, Any]], Any]


@dataclass(frozen=True, slots=True)
class WebTable:
    """What a plugin returns from `nbc_web_tables`: `folder` holds the browser files
    of `game`'s table, served under `/web/plugins/<game>/`, and `module` is the ES
    module among them (a path relative to `folder`) whose default export draws it."""

    game: str
    folder: Path
    module: str = "table.js"


@dataclass(frozen=True, slots=True)
class Unknown:
    """One thing a seat cannot know, as `Game.unknowns` lists it: `place` is the game's
    own key for where it is (a hand slot, a deck position, a side's secret pick; any
    hashable value `put_unknowns` understands), `value` what is there now (a card id,
    a pick). Values move only between places of the same `pool`: the back of the card
    the seat sees (Munchkin's "door" and "treasure"), or the deck it came from. A
    place with `could_be` holds a secret pick instead: any one of those values.
    Anything the seat may know (a card it was shown, one passed face up, one named to
    it in an event) is not an unknown."""

    place: Hashable
    pool: str
    value: str
    could_be: tuple[str, ...] = ()


def reassign(unknowns: Sequence[Unknown], rng: Rng) -> dict[Hashable, str]:
    """A new value for every place of `unknowns`: each pool's values shuffled among its
    places, each secret pick drawn afresh from what it could be. The values are sorted
    before the draw, so the result depends on which values are unknown and on `rng`,
    never on where each one truly is: a game's `redeal_hidden` can be
    `put_unknowns(state, reassign(unknowns(state, seat), rng))`, and the kit builds
    its twins the same way."""
    pools: dict[str, list[Unknown]] = {}
    out: dict[Hashable, str] = {}
    for u in unknowns:
        if u.could_be:
            out[u.place] = sorted(u.could_be)[rng.below(len(u.could_be))]
        else:
            pools.setdefault(u.pool, []).append(u)
    for pool in sorted(pools):
        members = pools[pool]
        values = sorted(u.value for u in members)
        rng.shuffle(values)
        out.update(zip((u.place for u in members), values, strict=True))
    return out


@dataclass(frozen=True, slots=True)
class Rulebook:
    """What a plugin returns from `nbc_rulebooks`: the rules of one book (a game's, or
    an expansion's) as a TOML file of clauses (`nbc.core.testkit.ruletests`). `name`
    is the prefix of every clause id (`tcg`, `christmas-town`); `game` is the game
    the book's rules belong to."""

    name: str
    title: str
    clauses: Path
    game: str


@dataclass(frozen=True, slots=True)
class Setup:
    """How to start one match: a variant, a seat count and options laid over the
    variant's preset (what `Match.new` takes). `Game.random_setup` draws them."""

    variant: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Invariant:
    """Something a game promises holds after every choice. `check(state)` returns
    None when it holds, otherwise what is wrong, naming where (`"seat 1 holds 9
    cards after the End Phase"`). Checks only read the state and should be cheap:
    the kit and the fuzzer call them after every choice."""

    name: str
    text: str  # the promise, one sentence for the docs and for failure messages
    check: Callable[[Any], str | None]


# A chooser the fuzzer plays with (`Game.steering`): given the running match, one
# seat's open prompts and the playout's Rng, the id of the choice to take.
Steering = Callable[[Any, Sequence[Prompt], Rng], str]

PROVENANCE = ("printed", "authored")


@dataclass(frozen=True, slots=True)
class CatalogueCard:
    """One card (or piece, item, map...) definition as a client shows it to a person:
    `Game.catalogue` lists them. `numbers` are the printed (or authored) values by name
    (cost, Scare Number, level, bonus...), `copies` how many a pool holds (None when
    that is not fixed), and `provenance` says, per field (`name`, `text`, `copies` and
    each key of `numbers`), whether the value is `printed` on the real card or
    `authored` by this engine where no public source gives it."""

    id: str
    name: str
    set: str
    kind: str
    text: str
    numbers: dict[str, int | str | None] = field(default_factory=dict)
    copies: int | None = None
    provenance: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "set": self.set,
            "kind": self.kind,
            "text": self.text,
            "numbers": dict(self.numbers),
            "copies": self.copies,
            "provenance": dict(self.provenance),
        }


class Options(BaseModel):
    """Base for a game's options: unknown keys are refused, values are validated."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Game:
    """Base class of every game. Subclasses set the class attributes and implement
    the five methods; the rest has working defaults."""

    name: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""
    players: ClassVar[range]
    Options: ClassVar[type[Options]] = Options
    variants: ClassVar[dict[str, Variant]]
    State: ClassVar[type]  # the state's root dataclass, for saving and loading

    # --- the contract ------------------------------------------------------------
    def setup(self, options: Any, players: int, ctx: Context) -> Any:
        raise NotImplementedError

    def prompts(self, state: Any) -> list[Prompt]:
        raise NotImplementedError

    def apply(self, state: Any, seat: int, choice: Choice, ctx: Context) -> None:
        raise NotImplementedError

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome | None:
        raise NotImplementedError

    # --- defaults a game may override -------------------------------------------
    def plugins_loaded(self, pm: Any) -> None:
        """Called by the plugin host once every plugin is registered and every hook
        spec added. A game with expansions looks up their hooks here (and may add the
        variants they bring); the default does nothing."""

    def plugin_problems(self) -> Sequence[tuple[str, str]]:
        """Problems the game found in other plugins while `plugins_loaded` took them in,
        as (plugin name, reason) pairs: an expansion it had to leave out, say. The host
        records each as a problem of that plugin (`nbc plugins` lists it), not of the
        game, which keeps loading without it. The default: none."""
        return ()

    def card_problems(self) -> Sequence[tuple[str, str]]:
        """Every problem with the card definitions the game reads (its own and its
        expansions', those it left out included), as (plugin name, problem) pairs, each
        naming the file, the card and the field and what would be right; `nbc
        lint-cards` reports them. The default: none (a game whose loader refuses bad
        data when it is imported has nothing more to report)."""
        return ()

    def dump_state(self, state: Any) -> Any:
        """The state as JSON-friendly data."""
        return to_data(state)

    def load_state(self, data: Any) -> Any:
        """Rebuild a state from `dump_state` output."""
        return from_data(self.State, data)

    def state_json(self, state: Any) -> str:
        """`canonical_json(self.dump_state(state))`, which `Match` hashes for every
        fingerprint and writes into every save. A game may write the very same text
        faster (Munchkin writes it field by field); it must never differ."""
        return canonical_json(self.dump_state(state))

    def copy_state(self, state: Any) -> Any:
        """An independent copy of `state` (`Match.clone`, which search bots call for
        every sample): equal to `load_state(dump_state(state))`, which is the default,
        and sharing nothing that either copy changes. A game may copy its tree
        directly, which is many times quicker than writing and reading it."""
        return self.load_state(self.dump_state(state))

    def find_choice(self, state: Any, seat: int, choice_id: str) -> Choice | None:
        """The `Choice` with id `choice_id` among `seat`'s open prompts, or None. The
        default (None) leaves `Match.act` to look through the prompts; a game that
        keeps an index of what it offers may answer from it, and must then answer None
        for anything not offered to `seat` now (`act` refuses it with its reason)."""
        return None

    def plant(self, state: Any, seat: int | None, marker: str) -> int:
        """For the test kit's secrecy check: rename every card that only `seat` may
        know (seat None: every card nobody may know, such as a deck's) so that the
        k-th is shown as `f"{marker}-{k}"` wherever the game names it, its card
        reference (`REFS`) included; return how many were renamed (0 when there are
        none now). Games with hidden cards must implement it, or the kit reports that
        it cannot check them."""
        return 0

    # --- what the test kit and the fuzzer use -------------------------------------
    def random_setup(
        self,
        rng: Rng,
        variant: str | None = None,
        players: int | None = None,
        focus: Sequence[str] = (),
    ) -> Setup:
        """A random legal set-up of `variant` (None: any variant) for `players` seats
        (None: any count the variant allows), drawn only from `rng`. Games with deck
        lists or other choices made before play draw them here: random legal decks,
        card mixes, characters, scenarios. `focus` names coverage keys (see
        `coverage`) that the fuzzer has not yet seen fire; a set-up should include
        those cards where it legally can. The default picks the variant and the seat
        count and keeps the variant's preset options."""
        chosen = self.variant(variant if variant is not None else rng.choice(list(self.variants)))
        if players is None:
            counts = self.seat_counts(chosen.name)
            players = counts[rng.below(len(counts))]
        return Setup(chosen.name, players, {})

    def shrink_setup(self, setup: Setup) -> Iterable[Setup]:
        """Smaller set-ups than `setup`, simplest first, for the fuzzer to try when it
        shrinks a failure (fewer seats, smaller decks, fewer kinds of card). Each
        must be legal. The default offers fewer seats."""
        for players in self.seat_counts(setup.variant):
            if players >= setup.players:
                break
            yield Setup(setup.variant, players, setup.options)

    def steering(self, variant: str, focus: Sequence[str], rng: Rng) -> Steering | None:
        """A chooser for the fuzzer's playouts of a set-up built around `focus` (coverage
        keys that have not fired yet): `choose(match, prompts, rng)` returns the id of
        one of the choices in `prompts` (all of one seat's), drawing only from `rng`.
        It should play like a random bot that leans toward the focus cards: play
        them, keep them in hand rather than pay with them, save up for a dear one and
        bring on the cards and places their effects name. Set-up may draw from `rng`
        too (a play style per seat). The default (None) leaves the fuzzer to take the
        choices that name a focus card half the time."""
        return None

    def invariants(self) -> Sequence[Invariant]:
        """What must hold after every choice (Pumpkin Points 0-6, levels within
        bounds, no two pieces on one square, ...). The kit and the fuzzer check
        each after every choice; list them in the game's docs page."""
        return ()

    def redeal_hidden(self, state: Any, seat: int | None, rng: Rng) -> int:
        """Redraw, in place, everything `seat` cannot know (None: a spectator),
        keeping every fact `seat` can know: swap which card is which among the
        cards hidden from it (other hands, decks), re-pick a secret it has not seen,
        keeping sizes, counts and everything public. Return how many hidden things
        were redrawn (0: nothing is hidden from `seat` now).

        The kit's secrecy check compares `seat`'s view and prompts before and
        after a redeal: any difference means they depend on something `seat` may
        not know, however the game names it. Search bots use it to sample a
        position consistent with their seat's knowledge."""
        return 0

    def unknowns(self, state: Any, seat: int | None) -> Sequence[Unknown] | None:
        """Everything `seat` (None: a spectator) cannot know now, place by place (see
        `Unknown`): the cards in other hands and in face-down piles, secret picks it
        has not seen. The kit builds twins of a position from it, without the game's
        own redeal: it moves the values among the places of each pool (and re-picks
        secrets), writes them with `put_unknowns`, and checks that `seat`'s view,
        prompts and next events, and which seats are asked what, stay the same; and
        that `redeal_hidden` gives the same position from the original and the twin
        and changes nothing but these places. The default (None) declares nothing, and
        the kit reports that it could not build twins."""
        return None

    def put_unknowns(self, state: Any, values: Mapping[Hashable, str]) -> None:
        """Write `values` (place -> value, places as `unknowns` gives them) into
        `state`, in place: the twin the kit builds. Implement it with `unknowns`."""
        raise NotImplementedError(f"{type(self).__name__} lists unknowns but cannot put them")

    def evaluate(self, state: Any) -> Sequence[float] | None:
        """How well each seat stands in an unfinished match, one number in 0..1 per seat
        (roughly its chance to win), read from `state` alone. The `ismcts` bot scores a
        playout it cut short with it; the default (None) scores every seat alike. It
        sees a sampled position, never the true one, so it may read the whole state."""
        return None

    def advise(self, view: dict[str, Any], prompts: Sequence[Prompt], rng: Rng) -> str | None:
        """The choice the game's heuristic player would make from a seat's `view` among
        its `prompts`, or None (the default: no advice). The `ismcts` bot starts its
        search leaning toward it, so a short search plays at least as well."""
        return None

    def rollout_choice(self, state: Any, prompts: Sequence[Prompt], rng: Rng) -> str | None:
        """A quick choice among `prompts` (all of one seat's) for the `ismcts` bot's
        playouts, drawing only from `rng`; None (the default) leaves it to chance.
        Called for every choice of every playout, so it must be cheap."""
        return None

    def self_checks(self, on: bool) -> bool:
        """Turn the game's own internal checks on or off: checks too costly for normal
        play that catch a rules engine's mistakes where they happen (the TCG checks
        that every step of a card effect is safe to resume after a question). The kit
        and the fuzzer turn them on while they play. Returns whether they were on; the
        default has none."""
        return False

    def coverage(self, variant: str) -> Mapping[str, str]:
        """The coverage keys this game reports through `nbc.core.coverage.fired` in
        `variant` (usually every card definition id), each with a readable name.
        The fuzzer reports the keys that never fired; the default has none."""
        return {}

    def catalogue(self) -> Sequence[CatalogueCard]:
        """Every card (piece, item, scenario...) definition of every set this game
        ships, for clients to show and for `nbc games --json`: id, display name, set,
        kind, text in the engine's words, numbers, copies and the provenance of each
        field. The default has none. The card references of choices and events
        (`REFS`) are ids of these cards, and a label or an event text that names one
        of them by its display name lists it there: the test kit checks both."""
        return ()

    # --- helpers the host and Match use -----------------------------------------
    def variant(self, name: str | None) -> Variant:
        if name is None:
            return next(iter(self.variants.values()))
        try:
            return self.variants[name]
        except KeyError:
            known = ", ".join(self.variants) or "none"
            raise BadOptions(
                f"game '{self.name}' has no variant '{name}'; its variants are: {known}"
            ) from None

    def seat_counts(self, variant: str | None = None) -> range:
        chosen = self.variant(variant)
        return chosen.players if chosen.players is not None else self.players

    def make_options(self, variant: str | None, options: dict[str, Any] | None) -> Any:
        """The variant's preset with `options` laid over it, validated."""
        chosen = self.variant(variant)
        merged = {**chosen.options, **(options or {})}
        try:
            return self.Options(**merged)
        except ValidationError as error:
            problems = "; ".join(
                f"'{'.'.join(str(p) for p in e['loc']) or '(options)'}': {e['msg']}" for e in error.errors()
            )
            allowed = ", ".join(self.Options.model_fields) or "none"
            raise BadOptions(
                f"options for {self.name}/{chosen.name} refused: {problems} (the options are: {allowed})"
            ) from None

    def check_players(self, variant: str | None, players: int) -> None:
        counts = self.seat_counts(variant)
        if players not in counts:
            raise BadOptions(
                f"{self.name}/{self.variant(variant).name} is for "
                f"{counts.start} to {counts.stop - 1} players, not {players}"
            )

    @classmethod
    def options_schema(cls) -> dict[str, Any]:
        return cls.Options.model_json_schema()
