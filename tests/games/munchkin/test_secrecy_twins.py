"""Secrecy through who is asked and through the redeal, checked with the kit's own twins
(`nbc.core.testkit.twins`): each test pins a position where Munchkin used to leak, and
runs the check against a copy of the old behaviour (it must fail) and against the
rules as they are (it must pass)."""

from __future__ import annotations

import pytest
from munchkin_positions import table

from nbc.core.host import PluginHost
from nbc.core.rng import Rng
from nbc.core.testkit.checks import ConformanceError
from nbc.core.testkit.scenario import Scenario
from nbc.core.testkit.twins import asked, check_position
from nbc.plugins.munchkin import rules

GAME = PluginHost.load(builtin_only=True).game("munchkin")


def _arrange(hands):
    return Scenario(GAME, "base", players=3, position=table(hands=hands))


def test_every_other_living_seat_has_an_any_time_window_whatever_it_holds():
    s = _arrange({1: ["zero", "top-hat"], 2: ["trick-or-treat"]})
    assert asked(s.match) == [(0, "arrange"), (1, "anytime"), (2, "anytime")]
    assert [c.id for p in s.prompts(1) for c in p.choices] == ["pass"]  # nothing it may play now
    assert len([c for p in s.prompts(2) for c in p.choices]) > 1


def test_twins_pass_any_time_windows_and_fail_the_old_rule_of_asking_only_those_with_a_play(
    monkeypatch, ran_in_pure_python
):
    if ran_in_pure_python:  # the old rule is patched into the rules' Python code
        return
    s = _arrange({1: ["zero", "top-hat"], 2: ["trick-or-treat"]})
    for seed in range(4):
        check_position(GAME, s.match, viewers=[0, None], seed=f"anytime:{seed}")
    kept = rules.anytime_prompts

    def old_rule(state, busy):
        return [p for p in kept(state, busy) if len(p.choices) > 1]  # only a pass: not asked

    monkeypatch.setattr(rules, "anytime_prompts", old_rule)
    s = _arrange({1: ["zero", "top-hat"], 2: ["trick-or-treat"]})
    with pytest.raises(ConformanceError, match="seats asked") as error:
        for seed in range(12):
            check_position(GAME, s.match, viewers=[0], seed=f"anytime:{seed}")
    assert error.value.signature == "secrecy:twin-seats-asked"


def _cards(s, seat, prefix):
    return [c for p in s.prompts(seat) for c in p.choices if c.id.startswith(prefix)]


def test_a_card_whose_play_waits_on_a_target_is_shown_to_everyone_and_stays_in_twins():
    s = _arrange({0: ["spooked"]})
    (play,) = _cards(s, 0, "play:")
    s.choose(0, play.id)
    card = play.id.split(":", 1)[1]
    (shown,) = s.events(None, kind="playing", since_last=True)
    assert shown.to is None and shown.data["card"] == card
    assert s.expect(0, "target") and card in s.view(1)["players"][0]["known"][0]["id"]
    assert all(u.place != ("hand", 0, 0) for u in GAME.unknowns(s.match.state, 1))
    for seed in range(4):
        check_position(GAME, s.match, viewers=[1, 2, None], seed=f"target:{seed}")


def _charity():
    from munchkin_positions import table as position

    pool = ["zero", "igor", "bat-swarm", "corpse-kid", "mummy-kid", "melting-man", "corpse-mom"]
    s = Scenario(
        GAME,
        "base",
        players=3,
        position=position(
            levels={0: 5, 1: 2, 2: 3}, hands={0: pool}, door_top=("spooked", "creepy-crawlies")
        ),
    )
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Loot the Room")  # 8 cards in hand: 3 to give to seat 1, the lowest
    s.choose(0, "charity")
    gift = s.expect(0, "charity").choices[0].id
    s.choose(0, gift)
    return s, gift.split(":")[1]


def test_a_charity_gift_stays_where_its_giver_saw_it_go_in_every_redeal():
    s, gift = _charity()
    state = s.match.state
    assert gift in state.players[1].hand.cards
    assert gift not in {u.value for u in GAME.unknowns(state, 0)}  # the giver knows where it is
    assert gift in {u.value for u in GAME.unknowns(state, 2)}  # seat 2 saw only that a card went
    for k in range(30):
        copy = s.match.clone()
        GAME.redeal_hidden(copy.state, 0, Rng(f"gift:{k}"))
        assert gift in copy.state.players[1].hand.cards
    check_position(GAME, s.match, viewers=[0, 2, None])
