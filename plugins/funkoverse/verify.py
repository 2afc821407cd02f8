"""What the test kit and the fuzzer use on Funkoverse: random set-ups, the invariants
checked after every choice, and redealing the one secret of the game (a side's
leader in the Leaders scenario, shared by the two players of a team). See
`nbc.core.game.Game` for each method's contract and docs/games/funkoverse.md for
the list in words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from nbc.core.game import Invariant, Setup
from nbc.core.rng import Rng
from nbc.plugins.funkoverse.effects import HEROES, grid
from nbc.plugins.funkoverse.rules import is_character
from nbc.plugins.funkoverse.state import State

EXTRAS = ("none", "fog-juice", "zero")


def random_options(rng: Rng, preset: dict[str, Any], players: int) -> dict[str, Any]:
    """The variant's scenario, with a random line-up, random extras (an item or a
    companion for each side's first character), a random mode where the preset
    leaves it open and there are more than two players, and a random round limit."""
    lineup = list(HEROES)
    rng.shuffle(lineup)
    options: dict[str, Any] = {
        "lineup": lineup,
        "extras": EXTRAS[rng.below(len(EXTRAS))],
        "round_limit": rng.randint(1, 8),
    }
    if "mode" not in preset and players > 2:
        options["mode"] = ("teams", "free-for-all")[rng.below(2)]
    return options


def shrink_setup(setup: Setup) -> Iterable[Setup]:
    """No extras, then fewer rounds."""
    options = setup.options
    if options.get("extras", "none") != "none":
        yield Setup(setup.variant, setup.players, {**options, "extras": "none"})
    limit = options.get("round_limit", 6)
    if limit > 1:
        yield Setup(setup.variant, setup.players, {**options, "round_limit": max(1, limit // 2)})


# --- invariants ---------------------------------------------------------------------------


def pieces_on_open_squares(state: State) -> str | None:
    """A piece on the map stands on the board, never on a solid square, and never on
    a square another piece holds."""
    board = grid(state.map)
    held: dict[tuple[int, int], str] = {}
    for piece in state.pieces.values():
        square = piece.square
        if square is None:
            continue
        square = tuple(square)
        if not board.on_board(square):
            return f"{piece.id} is at {square}, off the map"
        if square in board.solid:
            return f"{piece.id} is on the solid square {square}"
        if square in held:
            return f"{piece.id} and {held[square]} share the square {square}"
        held[square] = piece.id
    return None


def cooldown_tracks_keep_their_shape(state: State) -> str | None:
    """Every side's track has its spaces 1..size, and nothing is on two of its spaces
    (token ids are a side's own, so two sides may both have a "blue-3")."""
    for index, side in enumerate(state.sides):
        track = side.cooldown
        wanted = [str(n) for n in range(1, track.size + 1)]
        if sorted(track.spaces, key=int) != wanted:
            return f"side {index}'s cooldown track has spaces {sorted(track.spaces)}, not 1 to {track.size}"
        items = [item for space in track.spaces.values() for item in space]
        twice = sorted({item for item in items if items.count(item) > 1})
        if twice:
            return f"{twice[0]} is on two spaces of side {index}'s cooldown track"
    return None


def points_in_bounds(state: State) -> str | None:
    for index, side in enumerate(state.sides):
        if side.points < 0:
            return f"side {index} has {side.points} points"
    return None


def markers_on_the_map(state: State) -> str | None:
    board = grid(state.map)
    for marker in state.markers.values():
        if marker.square is not None and not board.on_board(tuple(marker.square)):
            return f"marker {marker.id} is at {marker.square}, off the map"
    return None


INVARIANTS = (
    Invariant(
        "squares", "pieces stand on the board, off solid squares, one to a square", pieces_on_open_squares
    ),
    Invariant(
        "cooldown",
        "cooldown tracks keep their spaces, each thing on one space",
        cooldown_tracks_keep_their_shape,
    ),
    Invariant("points", "no side has fewer than 0 points", points_in_bounds),
    Invariant("markers", "point markers lie on the map", markers_on_the_map),
)


# --- the secret -----------------------------------------------------------------------------


def redeal_hidden(state: State, seat: int | None, rng: Rng) -> int:
    """Before the leaders are revealed, re-pick every other side's chosen leader among
    that side's characters; the seat's own side keeps its leader (teammates share
    it). Returns how many secrets were re-picked."""
    if state.leaders_revealed:
        return 0
    redrawn = 0
    for index, side in enumerate(state.sides):
        if side.leader is None or (seat is not None and seat in side.seats):
            continue
        eligible = sorted(p.id for p in state.pieces.values() if p.side == index and is_character(p))
        side.leader = eligible[rng.below(len(eligible))]
        redrawn += 1
    return redrawn
