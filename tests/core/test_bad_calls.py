"""Match's public calls refuse arguments of the wrong type with the match's own errors
and messages, never with a compiled build's type check (`str object expected; got
int`), and change nothing. `test_builds_agree.py` runs this file on the other build too,
so the compiled and the interpreted modules answer alike."""

from __future__ import annotations

import pytest

from nbc.core.errors import BadOptions, IllegalChoice, NotYourTurn, ReplayError
from nbc.core.match import Action, Match


@pytest.fixture
def match(example_game):
    return Match.new(example_game, players=2, seed=5)


@pytest.mark.parametrize("wrong", [0, None, True, ["trick"]])
def test_act_refuses_a_choice_id_that_is_not_a_string(match, wrong):
    before = match.fingerprint()
    with pytest.raises(IllegalChoice, match="a choice id is a string") as caught:
        match.act(0, wrong)
    assert repr(wrong) in str(caught.value) and "'trick'" in str(caught.value)
    assert match.fingerprint() == before and match.seq == 0


def test_act_takes_a_choice_id_of_a_str_subclass(match):
    class Name(str):
        pass

    match.act(0, Name("trick"))
    assert match.seq == 1 and type(match.log[-1].choice) is str and match.log[-1].choice == "trick"


@pytest.mark.parametrize("seat", ["0", True, 7, -1, 1.0])
def test_prompts_and_events_refuse_a_seat_the_match_does_not_have(match, seat):
    with pytest.raises(NotYourTurn, match=f"there is no seat {seat!r} in this match; its seats are 0 to 1"):
        match.prompts(seat)
    with pytest.raises(NotYourTurn, match=f"there is no seat {seat!r} in this match"):
        match.events_for(seat)
    assert match.prompts(0) and match.prompts(1) == []  # the seats it has: seat 0 is to act
    assert all(e in match.events_for(1) for e in match.events_for(None))  # a seat sees what all see


@pytest.mark.parametrize("after", ["0", 1.5, True, None])
def test_events_for_refuses_an_after_that_is_not_a_choice_number(match, after):
    with pytest.raises(TypeError, match=r"after must be a choice number \(an int; -1 for every event\)"):
        match.events_for(0, after)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": "2"}, "the number of players must be a whole number, not '2'"),
        ({"variant": 5}, "has no variant '5'; its variants are"),
        ({"options": ["rounds"]}, "options must be a mapping of option names to values, not list"),
        ({"options": "rounds=2"}, "options must be a mapping of option names to values, not str"),
    ],
)
def test_new_refuses_bad_arguments_with_bad_options(example_game, arguments, message):
    with pytest.raises(BadOptions, match=message):
        Match.new(example_game, **arguments)


@pytest.mark.parametrize("seed", [[1], 1.5, True, b"seed"])
def test_new_refuses_a_seed_that_is_not_an_int_or_a_str(example_game, seed):
    with pytest.raises(TypeError, match=f"a seed must be an int or a str, not {type(seed).__name__}"):
        Match.new(example_game, players=2, seed=seed)


def test_from_json_refuses_what_is_not_a_saved_text(example_game, match):
    with pytest.raises(ReplayError, match="a saved match is the JSON text to_json wrote, not int"):
        Match.from_json(5, example_game)
    with pytest.raises(ReplayError, match="not bytes"):
        Match.from_json(match.to_json().encode(), example_game)


@pytest.mark.parametrize(
    ("log", "message"),
    [
        ([(0, 5)], "choice 1 of the log was refused: seat 0 cannot choose 5: a choice id is a string"),
        ([("0", "trick")], "choice 1 of the log was refused: there is no seat '0' in this match"),
        ([Action(0, "trick"), "trick"], "choice 2 of the log is 'trick', not a \\(seat, choice id\\) pair"),
        ([(0, "trick", 1)], "choice 1 of the log is \\(0, 'trick', 1\\), not a \\(seat, choice id\\) pair"),
    ],
)
def test_replay_refuses_a_log_entry_of_the_wrong_shape(example_game, match, log, message):
    with pytest.raises(ReplayError, match=message):
        Match.replay(example_game, match.header, log)
