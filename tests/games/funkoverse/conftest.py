"""Helpers for Funkoverse rules tests: exact positions on the game's own maps.

`table(...)` builds a strict `Scenario` after set-up: every piece not named is off
the map (characters also exhausted, so they never take a turn), the named pieces
stand where they are put, and the side `turn` is about to choose a character.
Dice come from the match's seeded RNG; `with_rolls` tries seeds in order until a
challenge came out the way a test needs, and the test then asserts the roll.

The tables pre-set the characters (the `lineup` option: pair k's character is
lineup[k], with basic character k) and, where the variant brings an item or a companion,
give it to each side's first character (the `gear` option), so that no set-up question
is open. Piece ids are card ids: with the first-game lineup seat 0 plays Jack
Skellington and the Mummy, seat 1 Sally, the Vampire and Sally's Detachable Arm.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from nbc.core.testkit.scenario import Scenario
from nbc.plugins.funkoverse.game import Funkoverse
from nbc.plugins.funkoverse.setup import heroes_by_side
from nbc.plugins.funkoverse.state import State

GAME = Funkoverse()
FINKELSTEIN_FIRST = ["dr-finkelstein", "sally", "jack-skellington", "oogie-boogie"]
OOGIE_FIRST = ["oogie-boogie", "sally", "jack-skellington", "dr-finkelstein"]
HEROES = ["jack-skellington", "sally", "oogie-boogie", "dr-finkelstein"]
# The line-up each variant's tables use unless a test gives its own.
LINEUPS = {
    "first-game": HEROES,
    "territory": HEROES[2:] + HEROES[:2],  # Oogie Boogie, Dr. Finkelstein, Jack, Sally
    "leaders": HEROES[1:] + HEROES[:1],  # Sally, Oogie Boogie, Dr. Finkelstein, Jack
    "triumph": HEROES[3:] + HEROES[:3],  # Dr. Finkelstein, Jack, Sally, Oogie Boogie
    "infiltrate": HEROES,
}


def preset(variant: str, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """The options with the line-up and the holders pre-set: each side's first
    character holds what the variant (or the options) bring."""
    merged = {**GAME.variant(variant).options, **(options or {})}
    lineup = merged.get("lineup") or LINEUPS[variant]
    extras = merged.get("extras", "none")
    out = {**(options or {}), "lineup": lineup}
    if extras != "none" and not merged.get("gear"):
        mode = GAME.make_options(variant, out).mode
        out["gear"] = {heroes[0]: extras for heroes in heroes_by_side(lineup, players, mode)}
    return out


def table(
    at: dict[str, tuple[int, int]],
    variant: str = "first-game",
    players: int = 2,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    down: tuple[str, ...] = (),
    turn: int = 0,
    edit: Callable[[State], None] | None = None,
) -> Scenario:
    def position(state: State) -> None:
        state.placing.clear()
        if state.choosing_leaders:
            state.choosing_leaders = False
            state.leaders_revealed = True
        for piece in state.pieces.values():
            piece.square = at.get(piece.id)
            if piece.square is None and piece.kind in ("character", "basic"):
                piece.exhausted = True
            piece.standing = piece.id not in down
        state.turn = state.first = turn
        if edit is not None:
            edit(state)

    return Scenario(
        GAME,
        variant,
        players=players,
        seed=seed,
        options=preset(variant, players, options),
        position=position,
    )


def with_rolls(
    build: Callable[[int], Scenario], act: Callable[[Scenario], None], want: Callable[[Any], bool]
):
    """The first seed (0..399) whose first challenge event satisfies `want`."""
    for seed in range(400):
        s = build(seed)
        act(s)
        found = s.events(kind="challenge", since_last=True)
        if found and want(found[0].data):
            return s, found[0].data
    raise AssertionError("no seed gives the wanted roll")


def ids(s: Scenario, seat: int, kind: str) -> set[str]:
    return {c.id for c in s.expect(seat, kind).choices}


class Kit:
    """What the tests use, handed out by the `fk` fixture (test modules cannot import
    this conftest under pytest's importlib mode)."""

    GAME = GAME
    FINKELSTEIN_FIRST = FINKELSTEIN_FIRST
    OOGIE_FIRST = OOGIE_FIRST
    LINEUPS = LINEUPS
    table = staticmethod(table)
    preset = staticmethod(preset)
    with_rolls = staticmethod(with_rolls)
    ids = staticmethod(ids)


@pytest.fixture
def fk() -> type[Kit]:
    return Kit
