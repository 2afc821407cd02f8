"""The cooldown track: placing by cost, shifting down, handing back what falls off."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nbc.core.cooldown import CooldownError, CooldownTrack, clamp_space
from nbc.core.serial import from_data


def test_clamp_space() -> None:
    assert clamp_space(0) is None
    assert clamp_space(-2) is None
    assert clamp_space(1) == 1
    assert clamp_space(4) == 4
    assert clamp_space(7) == 4
    assert clamp_space(7, size=6) == 6


def test_new_track_has_empty_numbered_spaces() -> None:
    track = CooldownTrack()
    assert track.spaces == {"1": [], "2": [], "3": [], "4": []}
    assert CooldownTrack(size=2).spaces == {"1": [], "2": []}


def test_place_clamps_the_space() -> None:
    track = CooldownTrack()
    assert track.place("token-a", 2) == 2
    assert track.place("token-b", 9) == 4
    assert track.place("free", 0) is None
    assert track.items_on(2) == ["token-a"]
    assert track.items_on(4) == ["token-b"]
    assert "free" not in track
    assert track.find("token-b") == 4
    assert track.find("free") is None


def test_shift_releases_space_one_in_the_order_placed() -> None:
    track = CooldownTrack()
    track.place("first", 1)
    track.place("second", 1)
    track.place("later", 2)
    track.place("last", 4)
    assert track.shift() == ["first", "second"]
    assert track.items_on(1) == ["later"]
    assert track.items_on(3) == ["last"]
    assert track.items_on(4) == []
    assert track.shift() == ["later"]
    assert track.shift() == []
    assert track.shift() == ["last"]
    assert len(track) == 0


def test_an_item_can_only_be_on_the_track_once() -> None:
    track = CooldownTrack()
    track.place("zero", 3)
    with pytest.raises(CooldownError, match="cannot place 'zero': already on space 3"):
        track.place("zero", 1)
    assert track.items() == ["zero"]


def test_remove_early() -> None:
    track = CooldownTrack()
    track.place("a", 2)
    track.place("b", 2)
    assert track.remove("a") == 2
    assert track.items_on(2) == ["b"]
    with pytest.raises(CooldownError, match="'a': it is not on the cooldown track"):
        track.remove("a")


def test_items_lists_space_one_first() -> None:
    track = CooldownTrack()
    track.place("d", 4)
    track.place("a", 1)
    track.place("c", 3)
    assert track.items() == ["a", "c", "d"]


def test_bad_spaces_are_refused() -> None:
    with pytest.raises(CooldownError, match="no space 5: spaces run 1..4"):
        CooldownTrack().items_on(5)
    with pytest.raises(CooldownError, match="unknown spaces \\['5'\\]"):
        CooldownTrack({"5": ["x"]})
    with pytest.raises(CooldownError, match="listed twice"):
        CooldownTrack({"1": ["x"], "2": ["x"]})


def test_track_survives_a_json_round_trip() -> None:
    track = CooldownTrack()
    track.place("a", 1)
    track.place("b", 3)
    data = json.loads(json.dumps(asdict(track)))
    assert from_data(CooldownTrack, data) == track
    assert CooldownTrack(**data) == track


@given(
    st.lists(st.tuples(st.booleans(), st.integers(-1, 6)), max_size=40),
)
def test_shift_only_loses_what_it_returns(steps: list[tuple[bool, int]]) -> None:
    track, released, placed = CooldownTrack(), [], []
    for number, (shift, cost) in enumerate(steps):
        if shift:
            before = track.items()
            out = track.shift()
            assert before == out + track.items()  # space 1 first, so it is a prefix
            released.extend(out)
        else:
            item = f"item-{number}"
            if track.place(item, cost) is not None:
                placed.append(item)
    assert Counter(released + track.items()) == Counter(placed)
