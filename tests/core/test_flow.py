"""Turn order: clockwise seats, the leader marker, rounds, phases, simultaneous steps."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from nbc.core.flow import (
    FlowError,
    Leader,
    Phases,
    Round,
    Simultaneous,
    clockwise_from,
    next_seat,
)
from nbc.core.serial import from_data


def test_clockwise_from_wraps_round_the_table() -> None:
    assert clockwise_from(2, 4) == [2, 3, 0, 1]
    assert clockwise_from(0, 1) == [0]
    with pytest.raises(FlowError, match="seat 4 does not exist; seats run 0..3"):
        clockwise_from(4, 4)


def test_next_seat_skips_and_can_come_back_round() -> None:
    assert next_seat(3, 4) == 0
    assert next_seat(0, 4, skip={1, 2}) == 3
    assert next_seat(0, 3, skip={1, 2}) == 0
    with pytest.raises(FlowError, match="all 2 seats are skipped"):
        next_seat(0, 2, skip={0, 1})


def test_leader_marker_passes_clockwise() -> None:
    leader = Leader(seat=2, players=3)
    assert leader.order() == [2, 0, 1]
    assert leader.pass_on() == 0
    assert leader.pass_on(skip=[1]) == 2
    with pytest.raises(FlowError):
        Leader(seat=3, players=3)


def test_round_counts_up() -> None:
    rounds = Round()
    assert rounds.advance() == 2
    assert rounds.number == 2


def test_phases_advance_and_wrap_into_a_new_round() -> None:
    phases = Phases(["start", "play", "cooldown"])
    assert (phases.current, phases.round) == ("start", 1)
    assert phases.advance() == "play"
    assert phases.advance() == "cooldown"
    assert phases.advance() == "start"
    assert phases.round == 2


def test_go_to_skips_forward_counting_rounds() -> None:
    phases = Phases(["start", "play", "cooldown"], index=1)
    assert phases.go_to("play") == "play"
    assert phases.round == 1
    assert phases.go_to("start") == "start"
    assert phases.round == 2
    with pytest.raises(FlowError, match="no phase 'scare'; the phases are start, play, cooldown"):
        phases.go_to("scare")


def test_bad_phase_lists_are_refused() -> None:
    with pytest.raises(FlowError, match="at least one phase"):
        Phases([])
    with pytest.raises(FlowError, match="distinct"):
        Phases(["a", "a"])


def test_simultaneous_step_completes_when_every_seat_is_done() -> None:
    step = Simultaneous([0, 1, 2])
    step.done(1)
    assert step.waiting == [0, 2]
    assert step.is_waiting(0) and not step.is_waiting(1)
    assert not step.complete
    with pytest.raises(FlowError, match="seat 1 is not waited for; waiting for \\[0, 2\\]"):
        step.done(1)
    step.done(2)
    step.done(0)
    assert step.complete


def test_waiting_is_a_copy() -> None:
    step = Simultaneous([0, 1])
    step.waiting.clear()
    assert step.waiting == [0, 1]


@pytest.mark.parametrize(
    "value",
    [Leader(1, 4), Round(3), Phases(["a", "b"], index=1, round=5), Simultaneous([2, 0])],
)
def test_flow_state_survives_a_json_round_trip(value: object) -> None:
    data = json.loads(json.dumps(asdict(value)))  # type: ignore[call-overload]
    assert from_data(type(value), data) == value
    assert type(value)(**data) == value
