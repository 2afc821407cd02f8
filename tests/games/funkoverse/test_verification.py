"""Funkoverse's random set-ups, shrinking, invariants, the redeal of the Leaders
secret, and card coverage (plugins/funkoverse/verify.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from nbc.core import coverage
from nbc.core.errors import BadOptions
from nbc.core.game import Setup
from nbc.core.match import Match
from nbc.core.playout import bot_step
from nbc.core.rng import Rng
from nbc.core.testkit.ruletests import shows
from nbc.plugins.funkoverse.game import Funkoverse
from nbc.plugins.funkoverse.setup import gear_of
from nbc.plugins.funkoverse.state import Frame, State

GAME = Funkoverse()
INVARIANTS = {i.name: i for i in GAME.invariants()}


def _start(setup: Setup, seed: int | str = 0) -> Match:
    return Match.new(GAME, setup.variant, setup.options, setup.players, seed=seed)


def _broken(state: State) -> list[str]:
    return [f"{i.name}: {msg}" for i in INVARIANTS.values() if (msg := i.check(state)) is not None]


# -- random set-ups ----------------------------------------------------------------------


def test_random_setups_are_legal_deterministic_and_keep_the_variants_scenario():
    seen = set()
    chosen = set()
    for n in range(150):
        variant = [None, *GAME.variants][n % (len(GAME.variants) + 1)]
        setup = GAME.random_setup(Rng(n), variant)
        assert GAME.random_setup(Rng(n), variant) == setup
        if variant is not None:
            assert setup.variant == variant
        options = GAME.make_options(setup.variant, setup.options)
        assert options.scenario == GAME.make_options(setup.variant, None).scenario
        match = _start(setup, n)  # Match.new refuses anything illegal
        assert not _broken(match.state)
        style = "gear" if options.gear else options.extras
        seen.add((setup.players, options.mode if setup.players > 2 else "-", style))
        chosen.add((bool(options.lineup), options.round_limit is None))
        if options.scenario in ("territory", "leaders"):
            assert options.mode == "teams"  # two sides only
    # every seat count, both modes, every kind of extra, set-ups that leave the characters
    # to the players and set-ups that pre-set them, with and without a round cap turn up
    assert {p for p, _, _ in seen} == {2, 3, 4}
    assert {m for _, m, _ in seen} == {"-", "teams", "free-for-all"}
    assert {s for _, _, s in seen} == {"none", "fog-juice", "zero", "choose", "gear"}
    assert chosen == {(True, True), (True, False), (False, True), (False, False)}


def test_focus_puts_the_focused_characters_and_extras_in_play():
    for n, key in enumerate(GAME.coverage("territory")):
        for variant in ("first-game", "triumph"):
            state = _start(GAME.random_setup(Rng(f"focus:{n}"), variant, focus=[key])).state
            cards = {p.card for p in state.pieces.values()} | {p.item for p in state.pieces.values()}
            owner = "jack-skellington" if key == "pumpkin-king" else key.split("/")[0]
            assert owner in cards, (key, variant)


LINEUP = ["jack-skellington", "sally", "oogie-boogie", "dr-finkelstein"]


@shows("funkoverse.items.both-sides", "funkoverse.items.no-basic")
def test_the_gear_option_refuses_what_the_rules_do_not_allow():
    assert gear_of(
        GAME.make_options(
            "leaders", {"lineup": LINEUP, "gear": {"sally": "zero", "jack-skellington": "fog-juice"}}
        ),
        4,
    )
    bad = [
        ({"gear": {"mummy": "zero"}}, 2, "basic character"),
        ({"gear": {"jack-skellington": "pumpkin-king", "sally": "zero"}}, 2, "not one of fog-juice, zero"),
        ({"gear": {"jack-skellington": "zero"}}, 2, r"side 1 \(sally\) is given 0"),
        ({"gear": {"jack-skellington": "zero", "sally": "zero", "oogie-boogie": "zero"}}, 2, "not in play"),
        ({"mode": "teams", "gear": {"jack-skellington": "zero", "oogie-boogie": "fog-juice"}}, 4, "given 2"),
    ]
    for options, players, message in bad:
        with pytest.raises(BadOptions, match=message):
            Match.new(GAME, "first-game", {**options, "lineup": LINEUP}, players)
    # the holders are characters, so pre-setting them needs the characters pre-set too
    with pytest.raises(BadOptions, match="needs a lineup"):
        Match.new(GAME, "first-game", {"gear": {"jack-skellington": "zero", "sally": "zero"}}, 2)


# -- shrinking ---------------------------------------------------------------------------


def _cap(limit: int | None) -> float:
    return float("inf") if limit is None else limit


def _simpler(small: Setup, big: Setup) -> bool:
    a, b = (GAME.make_options(s.variant, s.options) for s in (small, big))
    return small.variant == big.variant and (
        small.players < big.players
        or (small.players == big.players and (a.extras, a.gear) == ("none", {}) != (b.extras, b.gear))
        or (small.players == big.players and _cap(a.round_limit) < _cap(b.round_limit))
    )


def test_shrink_candidates_are_legal_and_simpler_fewest_seats_first():
    for n in range(60):
        setup = GAME.random_setup(Rng(f"shrink:{n}"))
        candidates = list(GAME.shrink_setup(setup))
        for candidate in candidates:
            _start(candidate)
            assert _simpler(candidate, setup), (candidate, setup)
        seats = [c.players for c in candidates]
        assert seats == sorted(seats)
        if setup.players > 2:
            assert candidates[0].players == 2
    four = Setup("leaders", 4, {"mode": "teams", "gear": {"sally": "zero", "jack-skellington": "zero"}})
    first = next(iter(GAME.shrink_setup(four)))
    assert first.players == 2 and GAME.make_options("leaders", first.options).gear == {}  # Jack sits out


# -- invariants --------------------------------------------------------------------------


def _playout(setup: Setup, seed: int | str, check_every: int = 1) -> Iterator[tuple[int, Match]]:
    match = _start(setup, seed)
    rng = Rng(f"play:{seed}")
    step = 0
    while bot_step(match, rng):
        step += 1
        if step % check_every == 0:
            yield step, match


def test_invariants_hold_on_random_playouts():
    playouts = steps = 0
    for n in range(250):
        setup = GAME.random_setup(Rng(f"setup:{n}"))
        for step, match in _playout(setup, n):
            assert not _broken(match.state), (setup, n, step, _broken(match.state))
            steps = max(steps, step)
        playouts += 1
    assert playouts == 250 and steps > 100


def test_the_triumph_marker_fuzz_case_now_keeps_its_invariants():
    # found by these invariants: Zero carried the triumph marker and was removed from
    # the map, taking the marker along (fixed in rules.take_off_map)
    setup = Setup(
        "triumph",
        3,
        {
            "mode": "free-for-all",
            "lineup": ["oogie-boogie", "jack-skellington", "sally", "dr-finkelstein"],
            "gear": {},
            "extras": "zero",
            "round_limit": 4,
        },
    )
    for step, match in _playout(setup, 2026):
        assert not _broken(match.state), (step, _broken(match.state))


def _mid_game() -> State:
    """A Triumph position with every piece placed, Zero on each side and the triumph
    marker and point markers on the map."""
    setup = Setup("triumph", 2, {"extras": "zero"})
    for _, match in _playout(setup, 7):
        state = match.state
        if not state.placing and state.frames:
            return state
    raise AssertionError("no position found")


def _on_map(state: State, index: int = 0) -> str:
    return [p.id for p in state.pieces.values() if p.square is not None][index]


def _off_map_knocked_out(state: State) -> None:
    piece = state.pieces[_on_map(state)]
    state.sides[piece.side].cooldown.place(f"piece:{piece.id}", 1)  # and still on the map


def _two_on_one(state: State) -> None:
    state.pieces[_on_map(state, 1)].square = state.pieces[_on_map(state, 0)].square


def _token_twice(state: State) -> None:
    side = state.sides[0]
    side.cooldown.place(f"token:{side.pool[0]}", 2)


def _token_lost(state: State) -> None:
    state.sides[1].pool.pop()


def _marker_on_closed_square(state: State) -> None:
    state.markers["A"].square = (0, 4)  # a closed square of Oogie Boogie's Lair


def _shared_win(state: State) -> None:
    # what a Free-for-All first game used to end with: two sides at 3 points both winning
    for side in state.sides:
        side.points = 3
    state.over, state.winners, state.reason = True, [0, 1], "reached the goal"


def _first_game_past_its_goal(state: State) -> None:
    state.scenario, state.goal = "first-game", 3
    state.sides[1].points = 3


def _a_point_from_a_source_of_another_scenario(state: State) -> None:
    # what Free-for-All Triumph and Infiltrate used to give a side next to a knock-out
    state.sides[1].points += 1
    state.sides[1].scored["next to a knock-out"] = 1


def _a_point_marker_taken_for_nothing(state: State) -> None:
    state.markers["A"].square = None
    state.sides[0].cooldown.place("marker:A", 4)


def _a_character_twice(state: State) -> None:
    state.lineup[1] = state.lineup[0]


def _a_second_companion(state: State) -> None:
    zero = next(p for p in state.pieces.values() if p.kind == "companion" and p.side == 0)
    hero = next(p for p in state.pieces.values() if p.side == 0 and p.kind == "character")
    hero.item = "fog-juice"
    assert zero.owner is not None


def _leader_of_the_rivals(state: State) -> None:
    state.scenario = "leaders"
    state.leaders_revealed = True
    state.sides[0].leader = next(p.id for p in state.pieces.values() if p.side == 1)
    state.sides[1].leader = next(p.id for p in state.pieces.values() if p.side == 1)


BREAKS: list[tuple[str, Callable[[State], None], str]] = [
    ("open-squares", lambda s: setattr(s.pieces[_on_map(s)], "square", (0, 4)), "(0, 4), a closed square"),
    (
        "open-squares",
        lambda s: setattr(s.pieces[_on_map(s)], "square", (11, 3)),
        "off the oogie-boogies-lair",
    ),
    ("one-per-square", _two_on_one, "share"),
    ("accounted-for", _off_map_knocked_out, "2 places at once"),
    ("accounted-for", lambda s: setattr(s.pieces[_on_map(s)], "square", None), "off the map, on no cooldown"),
    ("cooldown", _token_twice, "is both in side 0's pool and in side 0's track space 2"),
    ("cooldown", _token_lost, "but its characters brought"),
    ("cooldown", lambda s: s.sides[0].cooldown.spaces.pop("4"), "not 1-4"),
    ("scores", lambda s: setattr(s.sides[1], "points", -1), "side 1 has -1 points"),
    ("scores", lambda s: setattr(s, "winners", [0]), "already winners"),
    ("one-winner", _shared_win, "one side must win alone"),
    ("one-winner", _first_game_past_its_goal, "and the first game goes on"),
    ("point-sources", lambda s: setattr(s.sides[0], "points", s.sides[0].points + 1), "by source"),
    ("point-sources", _a_point_from_a_source_of_another_scenario, "which triumph does not give"),
    ("point-sources", _a_point_marker_taken_for_nothing, "1 point markers on its track but 0 points"),
    ("markers", _marker_on_closed_square, "marker A is on (0, 4)"),
    ("markers", lambda s: setattr(s.markers["T"], "square", None), "marker T is nowhere"),
    ("turn", lambda s: s.frames.append(Frame(s.frames[0].piece, actions=3)), "3 actions left"),
    ("leaders", _leader_of_the_rivals, "side 0's leader"),
    ("line-up", _a_character_twice, "repeats a character"),
    ("line-up", _a_second_companion, "brings 2 items or companions"),
]


@pytest.mark.parametrize(
    ("name", "edit", "message"), BREAKS, ids=[f"{b[0]}-{i}" for i, b in enumerate(BREAKS)]
)
def test_each_invariant_fails_on_a_broken_state(name, edit, message):
    state = _mid_game()
    assert INVARIANTS[name].check(state) is None
    edit(state)
    found = INVARIANTS[name].check(state)
    assert found is not None and message in found, found


def test_every_invariant_has_a_breaking_test():
    assert {name for name, _, _ in BREAKS} == set(INVARIANTS)


# -- the Leaders secret ------------------------------------------------------------------

# Leaders is played by two sides: two players, or two teams of three or four seats.
# The characters and holders are chosen at the table or pre-set; both lead to the pick.
LEADER_SETUPS = [
    Setup("leaders", 2, {}),
    Setup("leaders", 3, {"mode": "teams"}),
    Setup("leaders", 4, {"mode": "teams"}),
    Setup("leaders", 2, {"lineup": ["sally", "jack-skellington", "oogie-boogie", "dr-finkelstein"]}),
    Setup("leaders", 4, {"extras": "choose"}),
]


def _choosing_positions(game: Funkoverse, setup: Setup, seeds: range) -> Iterator[Match]:
    """Every position of the leaders' pick, from its start to the last side's pick:
    from the first pick on, the only time anything is hidden."""
    for seed in seeds:
        match = Match.new(game, setup.variant, setup.options, setup.players, seed=seed)
        rng = Rng(f"pick:{seed}")
        while not match.state.leaders_revealed and bot_step(match, rng):
            if match.state.choosing_leaders:
                yield match


def _what_seat_knows(game: Funkoverse, state: State, seat: int | None) -> tuple[object, object]:
    prompts = [p for p in game.prompts(state) if p.seat == seat]
    return game.view(state, seat), prompts


def _redeal_differences(game: Funkoverse, setup: Setup, seeds: range) -> tuple[int, int, int]:
    """(positions compared, seats whose view or prompts changed, secrets that changed)."""
    compared = differed = changed = 0
    for match in _choosing_positions(game, setup, seeds):
        for seat in [*range(setup.players), None]:
            copy = game.load_state(game.dump_state(match.state))
            before = _what_seat_knows(game, copy, seat)
            leaders = [side.leader for side in copy.sides]
            redrawn = game.redeal_hidden(copy, seat, Rng(f"redeal:{match.seq}:{seat}"))
            hidden = [
                i
                for i, side in enumerate(copy.sides)
                if side.leader is not None and (seat is None or seat not in side.seats)
            ]
            assert redrawn == len(hidden)
            for i, side in enumerate(copy.sides):
                if i not in hidden:
                    assert side.leader == leaders[i]  # what the seat knows stays
            changed += sum(side.leader != leaders[i] for i, side in enumerate(copy.sides))
            differed += _what_seat_knows(game, copy, seat) != before
            compared += 1
    return compared, differed, changed


@pytest.mark.parametrize(
    "setup", LEADER_SETUPS, ids=lambda s: f"{s.players}p-{'-'.join(map(str, s.options))}"
)
def test_a_redeal_changes_the_hidden_picks_and_nothing_the_seat_sees(setup):
    compared, differed, changed = _redeal_differences(GAME, setup, range(12))
    assert compared > 0 and differed == 0 and changed > 0


class LeakyFunkoverse(Funkoverse):
    """Shows every side's leader to everyone: the redeal comparison must notice."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "leaders": [side.leader for side in state.sides]}


def test_a_view_that_leaks_the_other_sides_pick_is_caught_by_the_redeal():
    _, differed, _ = _redeal_differences(LeakyFunkoverse(), LEADER_SETUPS[0], range(12))
    assert differed > 0


def test_both_teammates_see_their_leader_and_the_other_team_sees_neither():
    for match in _choosing_positions(GAME, LEADER_SETUPS[2], range(6)):
        state = match.state
        for i, side in enumerate(state.sides):
            for seat in [0, 1, 2, 3, None]:
                shown = GAME.view(state, seat)["sides"][i]["leader"]
                assert shown == (side.leader if seat in side.seats else None), (i, seat)


def test_no_redeal_once_the_leaders_are_revealed_or_outside_leaders():
    match = Match.new(GAME, "leaders", players=2, seed=3)
    rng = Rng("pick")
    while not match.state.leaders_revealed:
        bot_step(match, rng)
    assert GAME.redeal_hidden(match.state, 0, rng) == 0
    assert GAME.redeal_hidden(Match.new(GAME, "first-game", seed=3).state, None, rng) == 0


# -- coverage ----------------------------------------------------------------------------


def test_every_coverage_key_fires_in_focused_playouts():
    keys = GAME.coverage("territory")
    assert keys["sally/rag-doll"] == "Sally: Rag Doll" and keys["fog-juice"] == "Fog Juice"
    with coverage.recording() as seen:
        for n in range(40):
            focus = [key for key in keys if key not in seen]
            if not focus:
                break
            for _ in _playout(GAME.random_setup(Rng(f"cover:{n}"), None, focus=focus), n, check_every=10**9):
                pass
    assert set(keys) <= seen
    # the first game has no markers: It's Alive!!! has nothing to animate there
    assert set(GAME.coverage("first-game")) == set(keys) - {"dr-finkelstein/its-alive"}
    with pytest.raises(BadOptions):
        GAME.coverage("no-such-variant")
