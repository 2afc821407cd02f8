"""What the game keeps between choices (who stands where, the prompts last worked out)
answers exactly as working it out afresh would, at every step of seeded random games."""

from __future__ import annotations

import random

import pytest

from nbc.core.match import Match
from nbc.plugins.funkoverse import rules
from nbc.plugins.funkoverse.game import Funkoverse
from tests.copying import assert_copies_are_saves

GAME = Funkoverse()


def _fresh_occupants(state):
    return {
        p.square: rules._OCCUPANTS[p.side][p.standing] for p in state.pieces.values() if p.square is not None
    }


@pytest.mark.parametrize(("variant", "players"), [("first-game", 2), ("territory", 3), ("leaders", 4)])
def test_kept_occupants_and_choices_match_fresh_ones(variant, players):
    draw = random.Random(f"kept:{variant}").random
    match = Match.new(GAME, variant, players=players, seed=f"kept:{variant}")
    for _ in range(600):
        state = match.state
        assert rules.occupants(state) == _fresh_occupants(state)
        prompts = match.prompts()
        if not prompts:
            break
        for prompt in prompts:
            for choice in prompt.choices:
                assert GAME.find_choice(state, prompt.seat, choice.id) is choice
            others = [s for s in range(players) if s not in {p.seat for p in prompts}]
            for seat in others:
                assert GAME.find_choice(state, seat, prompt.choices[0].id) is None
        assert GAME.find_choice(state, prompts[0].seat, "no-such-choice") is None
        prompt = prompts[int(draw() * len(prompts))]
        match.act(prompt.seat, prompt.choices[int(draw() * len(prompt.choices))].id)
        # until the next prompts are worked out, nothing is answered from the old ones
        assert GAME.find_choice(match.state, prompt.seat, prompt.choices[0].id) is None


def test_a_piece_moved_by_hand_is_seen_where_it_now_stands():
    match = Match.new(GAME, "first-game", players=2, seed="kept:moved")
    draw = random.Random("kept:moved").random
    while not any(p.square for p in match.state.pieces.values()):
        prompt = match.prompts()[0]
        match.act(prompt.seat, prompt.choices[int(draw() * len(prompt.choices))].id)
    state = match.state
    before = dict(rules.occupants(state))
    piece = next(p for p in state.pieces.values() if p.square is not None)
    free = next(sq for sq in rules._steps_in_order(state.map, piece.square) if sq not in before)
    piece.square, old = free, piece.square
    after = rules.occupants(state)
    assert old not in after and after[free] == before[old]
    piece.standing = not piece.standing
    assert rules.occupants(state)[free].standing == piece.standing


@pytest.mark.parametrize(
    ("variant", "players"),
    [("first-game", 2), ("territory", 3), ("leaders", 4), ("triumph", 2), ("infiltrate", 3)],
)
def test_a_copy_is_a_save_and_load_and_shares_nothing(variant, players):
    assert_copies_are_saves(GAME, variant, players)
