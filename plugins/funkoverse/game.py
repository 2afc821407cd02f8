"""Funkoverse (The Nightmare Before Christmas box): the Game, its options and variants.

Variants: `first-game` (knock-outs score, first to 3 points) and one per scenario:
`territory` and `leaders` on Halloween Town, `triumph` and `infiltrate` on Oogie
Boogie's Lair. Two players, or three or four in two teams or (the first game,
triumph, infiltrate) Free-for-All (`mode`).
Set-up decisions (characters, items and companions, leaders) are in setup.py, the
round flow in rules.py, the ability vocabulary in effects.py, the views in view.py.
`maps()` and `render_map()` let tools (the `nbc map show` command) draw the map sides
without knowing this package's insides.
"""

from __future__ import annotations

import dataclasses
import statistics
import time
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

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
    Unknown,
    Variant,
)
from nbc.core.grid import Occupant
from nbc.core.rng import Rng
from nbc.plugins.funkoverse import catalogue, rules, setup, verify
from nbc.plugins.funkoverse.effects import BASICS, GEAR, HEROES, MAP_CARDS, SCENARIOS, grid
from nbc.plugins.funkoverse.state import State, copy, dump, load
from nbc.plugins.funkoverse.view import view as build_view

COVERAGE = {scenario: verify.coverage_keys(scenario) for scenario in SCENARIOS}
TWO_SIDED = ("territory", "leaders")  # regular scenarios: two players, or two teams


class FunkoverseOptions(Options):
    scenario: Literal["first-game", "territory", "leaders", "triumph", "infiltrate"] = Field(
        default="first-game", description="what is played: the first game or one of the scenarios"
    )
    mode: Literal["teams", "free-for-all"] = Field(
        default="teams",
        description=(
            "with 3 or 4 players: two teams, or every player for themselves (Free-for-All: the "
            "first game, triumph and infiltrate; territory and leaders are played by two sides)"
        ),
    )
    extras: Literal["none", "fog-juice", "zero", "choose"] = Field(
        default="none",
        description=(
            "what each side brings (as when two boxes meet): nothing, Fog Juice, Zero, or either one "
            "of the two, chosen by the side; each side gives it to a character of its choice at set-up"
        ),
    )
    gear: dict[str, str] = Field(
        default_factory=dict,
        description=(
            "pre-sets the holders instead of asking: character id -> item or companion it brings ("
            + ", ".join(GEAR)
            + "); replaces extras, needs a lineup, and must give every side in play exactly one"
        ),
    )
    lineup: list[str] = Field(
        default_factory=list,
        description=(
            "empty (the default): the players choose their characters at set-up; or the four "
            "characters in pair order, pre-set (pair k's character is lineup[k])"
        ),
    )
    round_limit: int | None = Field(
        default=None,
        ge=1,
        le=1000,
        description=(
            "none (the default): play to the scenario's goal, as the book does; a number caps the "
            "match for bots and tests: after that round the side ahead wins, and sides tied for the "
            "lead play on round by round until one is ahead"
        ),
    )

    @field_validator("lineup")
    @classmethod
    def _lineup(cls, value: list[str]) -> list[str]:
        if value and sorted(value) != sorted(HEROES):
            raise ValueError(f"lineup must be empty or list each of {', '.join(HEROES)} once, got {value}")
        return value

    @field_validator("gear")
    @classmethod
    def _gear(cls, value: dict[str, str]) -> dict[str, str]:
        problems = []
        for hero, thing in value.items():
            if hero in BASICS:
                problems.append(f"{hero} is a basic character, which holds no item and has no companion")
            elif hero not in HEROES:
                problems.append(f"{hero!r} is not a character (the characters are {', '.join(HEROES)})")
            if thing not in GEAR:
                problems.append(f"{hero} is given {thing!r}, which is not one of {', '.join(GEAR)}")
        if problems:
            raise ValueError("; ".join(problems))
        return value

    @model_validator(mode="after")
    def _two_sides(self) -> FunkoverseOptions:
        if self.mode == "free-for-all" and self.scenario in TWO_SIDED:
            raise ValueError(
                f"{self.scenario} is played by two sides (two players, or two teams with 3 or 4): "
                "mode must be teams; Free-for-All is for the first game, triumph and infiltrate"
            )
        return self


class Funkoverse(Game):
    name = "funkoverse"
    title = "Funkoverse: The Nightmare Before Christmas"
    description = "Tactical skirmish on a square grid: line of sight, challenges, cooldown tracks, scenarios."
    players = range(2, 5)
    Options = FunkoverseOptions
    variants = {
        "first-game": Variant("first-game", "First game: knock out rivals, first to 3 points"),
        "territory": Variant(
            "territory",
            "Territory (Halloween Town)",
            options={"scenario": "territory", "extras": "fog-juice"},
        ),
        "leaders": Variant(
            "leaders",
            "Leaders (Halloween Town)",
            options={"scenario": "leaders", "extras": "zero"},
        ),
        "triumph": Variant(
            "triumph",
            "Triumph (Oogie Boogie's Lair, Free-for-All)",
            options={"scenario": "triumph", "mode": "free-for-all", "extras": "zero"},
        ),
        "infiltrate": Variant(
            "infiltrate",
            "Infiltrate (Oogie Boogie's Lair, Free-for-All)",
            options={"scenario": "infiltrate", "mode": "free-for-all", "extras": "fog-juice"},
        ),
    }
    State = State

    # -- setup ---------------------------------------------------------------------

    def setup(self, options: FunkoverseOptions, players: int, ctx: Context) -> State:
        state = setup.new_state(options, players, ctx)
        rules.advance(state, ctx)
        return state

    # -- the contract --------------------------------------------------------------

    def prompts(self, state: State) -> list[Prompt]:
        out = state.offered = rules.prompts(state)  # kept until the next choice (find_choice)
        return out

    # From the prompts last worked out for this state (`rules.find_choice`); a plain
    # function, so `Match.act` calls it without a method in between.
    find_choice = staticmethod(rules.find_choice)

    def apply(self, state: State, seat: int, choice: Choice, ctx: Context) -> None:
        rules.apply(state, seat, choice, ctx)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        seats = [seat for side in state.sides for seat in side.seats]
        scores = [0] * len(seats)
        for side in state.sides:
            for seat in side.seats:
                scores[seat] = side.points
        winners = tuple(sorted(seat for i in state.winners for seat in state.sides[i].seats))
        return Outcome(winners=winners, scores=tuple(scores), reason=state.reason)

    def dump_state(self, state: State) -> Any:
        return dump(state)

    def load_state(self, data: Any) -> State:
        return load(data)

    def copy_state(self, state: State) -> State:
        """A direct copy, equal to saving and loading the state (`state.copy`)."""
        return copy(state)

    def plant(self, state: State, seat: int | None, marker: str) -> int:
        """Leaders: a side's chosen leader is secret until every side has chosen."""
        state.offered = None  # the prompts may name what is renamed
        if seat is None or not state.choosing_leaders:
            return 0
        for side in state.sides:
            if seat in side.seats and side.leader is not None and len(side.seats) == 1:
                state.planted[side.leader] = f"{marker}-0"
                return 1
        return 0

    # -- what the test kit and the fuzzer use (verify.py) ------------------------------

    def random_setup(
        self, rng: Rng, variant: str | None = None, players: int | None = None, focus: Sequence[str] = ()
    ) -> Setup:
        return verify.random_setup(self, rng, variant, players, focus)

    def shrink_setup(self, setup: Setup) -> Iterable[Setup]:
        return verify.shrink_setup(self, setup)

    def invariants(self) -> Sequence[Invariant]:
        return verify.INVARIANTS

    def redeal_hidden(self, state: State, seat: int | None, rng: Rng) -> int:
        return verify.redeal_hidden(state, seat, rng)

    def unknowns(self, state: State, seat: int | None) -> list[Unknown]:
        return verify.unknowns(state, seat)

    def put_unknowns(self, state: State, values: Mapping[Hashable, str]) -> None:
        verify.put_unknowns(state, values)

    def evaluate(self, state: State) -> Sequence[float]:
        """Shares of the win guessed from points, standing characters and fallen rivals
        within reach, for the `ismcts` bot (see `bot`)."""
        from nbc.plugins.funkoverse.bot import evaluate

        return evaluate(state, max(seat for side in state.sides for seat in side.seats) + 1)

    def advise(self, view: dict[str, Any], prompts: Sequence[Prompt], rng: Rng) -> str | None:
        """The heuristic player's choice, and at set-up the best character on offer (see `bot`)."""
        from nbc.plugins.funkoverse.bot import advise

        return advise(view, prompts, rng)

    def rollout_choice(self, state: State, prompts: Sequence[Prompt], rng: Rng) -> str | None:
        from nbc.plugins.funkoverse.bot import rollout_choice

        return rollout_choice(state, prompts, rng)

    def coverage(self, variant: str) -> Mapping[str, str]:
        scenario = self.make_options(variant, None).scenario  # an unknown variant is refused
        return COVERAGE[scenario]

    # -- public helpers for tools --------------------------------------------------

    def maps(self) -> dict[str, str]:
        """Map side id -> its display name."""
        return {m.id: m.name for m in MAP_CARDS.values()}

    def render_map(self, name: str) -> str:
        """The map side drawn in the grid's ASCII format (see nbc.core.grid)."""
        if name not in MAP_CARDS:
            raise KeyError(f"no map {name!r}; the maps are {', '.join(MAP_CARDS)}")
        return grid(name).render()

    def map_notes(self, name: str) -> list[str]:
        """Lines for under the drawing: the map's values, its description and, as every
        value of the drawing is ours, the mark's legend (`nbc map show`)."""
        if name not in MAP_CARDS:
            raise KeyError(f"no map {name!r}; the maps are {', '.join(MAP_CARDS)}")
        return catalogue.map_caption(name)

    def catalogue(self) -> Sequence[CatalogueCard]:
        """Every character, trait, ability, item, status, scenario, map and die, with the
        provenance of each value (catalogue.py)."""
        return catalogue.catalogue()

    def benchmarks(self) -> dict[str, Any]:
        """Game-specific micro-benchmarks (`nbc bench funkoverse --micro`)."""
        return {"line of sight": sight_benchmark}


def sight_benchmark(repeats: int = 5) -> dict[str, float]:
    """Median time of one `can_see` on Oogie Boogie's Lair with 8 pieces placed.

    Each query is timed on its own (`perf_counter_ns`) over every ordered pair of
    open squares. "cold" is a fresh grid, so every sight line is traced from scratch;
    "warm" repeats the queries on that grid, whose traced lines are cached (as in
    play, where one grid per map serves every match).
    """
    base = grid("oogie-boogies-lair")
    squares = [sq for sq in base.squares() if sq not in base.solid]
    spots = [(1, 1), (3, 2), (4, 6), (7, 4), (8, 8), (10, 3), (2, 9), (9, 10)]
    occ = {sq: Occupant(i % 2, i % 3 != 0) for i, sq in enumerate(spots)}
    pairs = [(a, b) for a in squares for b in squares]
    clock = time.perf_counter_ns
    cold: list[int] = []
    warm: list[int] = []
    for _ in range(repeats):
        g = dataclasses.replace(base)  # a new grid: empty line cache
        for times in (cold, warm):
            for a, b in pairs:
                start = clock()
                g.can_see(a, b, 0, occ)
                times.append(clock() - start)
    return {
        "median_cold_us": statistics.median(cold) / 1000,
        "median_warm_us": statistics.median(warm) / 1000,
        "queries": len(cold) + len(warm),
        "pieces": len(occ),
    }
