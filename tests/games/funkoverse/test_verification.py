"""Funkoverse's random set-ups, invariants and the leaders' secret under redeals."""

import pytest

from nbc.core.match import Match
from nbc.core.playout import play_out
from nbc.core.rng import Rng
from nbc.core.testkit.checks import ConformanceError
from nbc.core.testkit.replay import replay_and_check
from nbc.plugins.funkoverse.game import Funkoverse
from nbc.plugins.funkoverse.verify import INVARIANTS

GAME = Funkoverse()
CHECKS = {i.name: i.check for i in INVARIANTS}


def test_random_set_ups_are_legal_deterministic_and_keep_the_variants_scenario():
    for n in range(60):
        setup = GAME.random_setup(Rng(n))
        assert setup == GAME.random_setup(Rng(n))
        match = Match.new(GAME, setup.variant, setup.options, setup.players, seed=n)
        assert match.state.scenario == GAME.make_options(setup.variant, None).scenario
        for smaller in GAME.shrink_setup(setup):
            Match.new(GAME, smaller.variant, smaller.options, smaller.players, seed=n)


def test_the_invariants_hold_in_random_games():
    for n in range(10):
        setup = GAME.random_setup(Rng(f"inv{n}"))
        match = Match.new(GAME, setup.variant, setup.options, setup.players, seed=n)
        rng = Rng(n)
        while not match.over:
            play_out(match, rng, max_steps=5, raise_on_limit=False)
            for invariant in INVARIANTS:
                assert invariant.check(match.state) is None, invariant.name


def test_each_invariant_fails_on_a_broken_position():
    match = Match.new(GAME, "first-game", None, 2, seed=1)
    play_out(match, Rng(1), max_steps=30, raise_on_limit=False)
    state = match.state
    placed = [p for p in state.pieces.values() if p.square is not None]
    first, second = placed[0], placed[1]
    second.square = first.square
    assert "share the square" in CHECKS["squares"](state)
    second.square = (-1, 0)
    assert "off the map" in CHECKS["squares"](state)
    second.square = None
    state.sides[0].cooldown.spaces["1"] += ["x", "x"]
    assert "x is on two spaces of side 0's cooldown track" in CHECKS["cooldown"](state)
    state.sides[0].cooldown.spaces["1"] = []
    state.sides[1].points = -1
    assert "side 1 has -1 points" in CHECKS["points"](state)


def _leader_choice(seat, players, mode="teams"):
    match = Match.new(GAME, "leaders", {"mode": mode}, players, seed=4)
    [prompt] = [p for p in match.prompts(seat) if p.kind == "leader"]
    return prompt.choices[0].id


@pytest.mark.parametrize(("players", "mode"), [(2, "teams"), (3, "teams"), (4, "teams"), (4, "free-for-all")])
def test_a_chosen_leader_stays_secret_from_the_other_sides_and_teammates_share_it(players, mode):
    choice = _leader_choice(0, players, mode)
    match = replay_and_check(GAME, "leaders", players, 4, {"mode": mode}, [(0, choice)])
    leader = choice.split(":", 1)[1]
    own = [s for s in match.state.sides if 0 in s.seats][0]
    for seat in range(players):
        shown = [s["leader"] for s in match.view(seat)["sides"] if 0 in s["seats"]][0]
        assert shown == (leader if seat in own.seats else None)
    assert GAME.redeal_hidden(match.clone().state, 1, Rng(0)) == 1  # seat 1 is on the other side


def test_a_view_that_shows_the_other_teams_leader_fails_the_kit():
    class Gossip(Funkoverse):
        def view(self, state, seat):
            view = super().view(state, seat)
            view["all_leaders"] = [side.leader for side in state.sides]
            return view

    game = Gossip()
    choice = _leader_choice(0, 4)
    with pytest.raises(ConformanceError, match=r"seat [13]'s view changed .* at view\.all_leaders\[0\]"):
        replay_and_check(game, "leaders", 4, 4, {"mode": "teams"}, [(0, choice)])
