"""`Match.act` finds a choice in the prompts last worked out for the state: the answer
is the offered choice itself, or None for anything not offered to that seat now."""

from __future__ import annotations

import random

import pytest

from nbc.core.errors import IllegalChoice, NotYourTurn
from nbc.core.match import Match
from nbc.plugins.munchkin.game import Munchkin

GAME = Munchkin()


@pytest.mark.parametrize(("variant", "players"), [("base", 4), ("two-player", 2)])
def test_every_offered_choice_is_found_and_nothing_else(variant, players):
    draw = random.Random(f"find:{variant}").random
    match = Match.new(GAME, variant, players=players, seed=f"find:{variant}")
    for _ in range(500):
        state = match.state
        prompts = match.prompts()
        if not prompts:
            break
        offered = {p.seat: {c.id for c in p.choices} for p in prompts}
        for prompt in prompts:
            for choice in prompt.choices:
                assert GAME.find_choice(state, prompt.seat, choice.id) is choice
            for seat in range(players):
                if prompt.choices[0].id not in offered.get(seat, ()):
                    assert GAME.find_choice(state, seat, prompt.choices[0].id) is None
        prompt = prompts[int(draw() * len(prompts))]
        match.act(prompt.seat, prompt.choices[int(draw() * len(prompt.choices))].id)
        assert GAME.find_choice(match.state, prompt.seat, prompt.choices[0].id) is None


def test_a_choice_not_offered_is_still_refused_with_its_reason():
    match = Match.new(GAME, "base", players=4, seed="find:refused")
    prompts = match.prompts()
    with pytest.raises(IllegalChoice, match="cannot choose 'no-such-choice'"):
        match.act(prompts[0].seat, "no-such-choice")
    with pytest.raises(NotYourTurn, match="no seat 9"):
        match.act(9, prompts[0].choices[0].id)
    assert match.seq == 0


@pytest.mark.parametrize(("variant", "players"), [("base", 4), ("faster", 3), ("epic", 5), ("two-player", 2)])
def test_a_copy_is_a_save_and_load_and_shares_nothing(variant, players):
    draw = random.Random(f"copy:{variant}").random
    match = Match.new(GAME, variant, players=players, seed=f"copy:{variant}")
    for step in range(400):
        state = match.state
        copied = GAME.copy_state(state)
        loaded = GAME.load_state(GAME.dump_state(state))
        assert copied == loaded
        assert GAME.state_json(copied) == GAME.state_json(loaded) == GAME.state_json(state)
        prompts = match.prompts()
        if not prompts:
            break
        if step % 25 == 0:  # a clone plays on; the original does not move
            before = match.fingerprint()
            clone = match.clone()
            for _ in range(30):
                if not clone.prompts():
                    break
                p = clone.prompts()[0]
                clone.act(p.seat, p.choices[-1].id)
            assert match.fingerprint() == before
        prompt = prompts[int(draw() * len(prompts))]
        match.act(prompt.seat, prompt.choices[int(draw() * len(prompt.choices))].id)
