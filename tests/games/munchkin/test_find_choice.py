"""`Match.act` finds a choice in the prompts last worked out for the state: the answer
is the offered choice itself, or None for anything not offered to that seat now."""

from __future__ import annotations

import random

import pytest

from nbc.core.errors import IllegalChoice, NotYourTurn
from nbc.core.match import Match
from nbc.core.testkit.ruletests import shows
from nbc.plugins.munchkin.game import Munchkin
from tests.copying import assert_copies_are_saves

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


@shows("munchkin.conflicts.disputes")
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
    assert_copies_are_saves(GAME, variant, players)


def test_the_kept_choices_stay_within_their_bound_and_play_the_same_when_emptied(monkeypatch):
    """The Choices made for card instances are kept between prompts, and emptied past
    CHOICES_KEPT: over many matches the caches stay within it, and a match played with
    caches that are emptied at every choice offers exactly the same prompts."""
    from nbc.core.simulate import random_playout
    from nbc.plugins.munchkin import rules

    draw = random.Random("kept").random
    for seed in range(25):  # some 250 new card choices a match: past the bound
        random_playout(Match.new(GAME, "base", players=4, seed=f"kept:{seed}"), draw)
        assert len(rules._CARD_CHOICES) <= rules.CHOICES_KEPT + 1
        assert len(rules._MADE) <= rules.CHOICES_KEPT + 1

    def played(kept: int) -> list[tuple]:
        monkeypatch.setattr(rules, "CHOICES_KEPT", kept)
        match, pick, seen = Match.new(GAME, "base", players=4, seed="kept:same"), random.Random(5), []
        while prompts := match.prompts():
            seen.append(
                tuple(
                    (p.seat, p.text, tuple((c.id, c.label, str(c.data)) for c in p.choices)) for p in prompts
                )
            )
            prompt = prompts[int(pick.random() * len(prompts))]
            match.act(prompt.seat, prompt.choices[int(pick.random() * len(prompt.choices))].id)
        return seen

    assert played(0) == played(4096)
