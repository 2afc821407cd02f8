"""Bounded counters: clamping by default, refusal in strict mode."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nbc.core.counters import Counter, CounterError
from nbc.core.serial import from_data


def pumpkin_points(value: int = 0) -> Counter:
    return Counter(value, 0, 6, name="pumpkin_points")


def test_add_returns_the_change_actually_made() -> None:
    points = pumpkin_points(4)
    assert points.add(5) == 2
    assert points.value == 6
    assert points.at_max
    assert points.add(-10) == -6
    assert points.value == 0
    assert points.at_min


def test_set_clamps_into_the_bounds() -> None:
    level = Counter(1, 1, 10, name="level")
    assert level.set(12) == 9
    assert level.value == 10
    assert level.set(0) == -9
    assert level.value == 1


def test_strict_add_refuses_to_cross_a_bound_and_changes_nothing() -> None:
    points = pumpkin_points(5)
    with pytest.raises(CounterError) as caught:
        points.add(2, strict=True)
    assert str(caught.value) == ("counter 'pumpkin_points' (bounds 0..6): cannot add 2 to 5, that gives 7")
    assert points.value == 5
    assert points.add(1, strict=True) == 1


def test_strict_set_refuses_out_of_bounds() -> None:
    with pytest.raises(CounterError, match="cannot set it to -1"):
        pumpkin_points().set(-1, strict=True)


def test_bad_bounds_or_start_are_refused() -> None:
    with pytest.raises(CounterError, match="low 5 is above high 1"):
        Counter(3, 5, 1)
    with pytest.raises(CounterError, match="starting value 7 is outside 0..6"):
        Counter(7, 0, 6)


def test_counter_survives_a_json_round_trip() -> None:
    points = pumpkin_points(3)
    data = json.loads(json.dumps(asdict(points)))
    assert from_data(Counter, data) == points
    assert Counter(**data) == points


@given(st.integers(0, 6), st.lists(st.integers(-10, 10), max_size=20))
def test_value_stays_in_bounds_and_changes_add_up(start: int, steps: list[int]) -> None:
    points = pumpkin_points(start)
    moved = sum(points.add(step) for step in steps)
    assert 0 <= points.value <= 6
    assert points.value == start + moved
