"""Piles: drawing, looking, putting back, shuffling and who may see them."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nbc.core.piles import Pile, PileError
from nbc.core.rng import Rng
from nbc.core.serial import from_data


def deck(n: int = 5) -> Pile:
    """A face-down deck c1..cn with c{n} on top."""
    return Pile("deck", [f"c{i}" for i in range(1, n + 1)])


def test_draw_takes_from_the_top_top_first() -> None:
    pile = deck()
    assert pile.draw() == ["c5"]
    assert pile.draw(2) == ["c4", "c3"]
    assert pile.cards == ["c1", "c2"]


def test_draw_more_than_there_are_fails_and_changes_nothing() -> None:
    pile = deck(2)
    with pytest.raises(PileError, match="pile 'deck': cannot draw 3, it holds 2"):
        pile.draw(3)
    assert pile.cards == ["c1", "c2"]


def test_draw_up_to_from_a_short_pile_takes_what_there_is() -> None:
    pile = deck(2)
    assert pile.draw_up_to(5) == ["c2", "c1"]
    assert len(pile) == 0
    assert pile.draw_up_to(1) == []


@pytest.mark.parametrize("bad", [-1, 1.5, True])
def test_counts_must_be_whole_and_not_negative(bad: object) -> None:
    pile = deck()
    with pytest.raises(PileError, match="pile 'deck': cannot draw"):
        pile.draw_up_to(bad)  # type: ignore[arg-type]
    assert len(pile) == 5


def test_top_looks_without_taking() -> None:
    pile = deck(3)
    assert pile.top(2) == ["c3", "c2"]
    assert pile.top(10) == ["c3", "c2", "c1"]
    assert pile.top(0) == []
    assert pile.cards == ["c1", "c2", "c3"]


def test_put_top_undoes_draw() -> None:
    pile = deck()
    pile.put_top(pile.draw(3))
    assert pile.cards == ["c1", "c2", "c3", "c4", "c5"]


def test_put_bottom_reads_top_first() -> None:
    pile = deck(2)
    pile.put_bottom(["x", "y"])
    assert pile.cards == ["y", "x", "c1", "c2"]
    assert pile.top(4) == ["c2", "c1", "x", "y"]


def test_a_card_cannot_be_in_a_pile_twice() -> None:
    pile = deck(2)
    with pytest.raises(PileError, match=r"cannot add \['c1'\], already in the pile"):
        pile.put_top(["new", "c1"])
    with pytest.raises(PileError, match="listed twice"):
        pile.put_bottom(["x", "x"])
    assert pile.cards == ["c1", "c2"]


def test_remove_a_named_card() -> None:
    pile = deck(3)
    pile.remove("c2")
    assert pile.cards == ["c1", "c3"]
    assert "c2" not in pile
    with pytest.raises(PileError, match="pile 'deck': cannot remove 'c2', it is not here"):
        pile.remove("c2")


def test_shuffle_is_deterministic_for_a_seed_and_differs_between_seeds() -> None:
    first, again, other = deck(20), deck(20), deck(20)
    first.shuffle(Rng(42))
    again.shuffle(Rng(42))
    other.shuffle(Rng(43))
    assert first.cards == again.cards
    assert first.cards != other.cards
    assert sorted(first.cards) == sorted(deck(20).cards)


def test_visibility() -> None:
    hand = Pile("hand", ["c1", "c2"], seen_by="owner", owner=1)
    discard = Pile("discard", ["c3"], seen_by="all")
    face_down = deck(4)
    assert hand.visible_to(1)
    assert not hand.visible_to(0)
    assert not hand.visible_to(None)
    assert discard.visible_to(None)
    assert not face_down.visible_to(0)
    assert hand.view_for(1) == ["c2", "c1"]
    assert hand.view_for(0) == 2
    assert face_down.view_for(None) == 4


def test_bad_visibility_is_refused() -> None:
    with pytest.raises(PileError, match="seen_by must be one of all, owner, none"):
        Pile("x", seen_by="some")
    with pytest.raises(PileError, match="needs an owner seat"):
        Pile("hand", seen_by="owner")


def test_pile_survives_a_json_round_trip() -> None:
    pile = Pile("hand", ["c3", "c1"], seen_by="owner", owner=0)
    data = json.loads(json.dumps(asdict(pile)))
    assert from_data(Pile, data) == pile
    assert Pile(**data) == pile


operations = st.lists(
    st.tuples(
        st.sampled_from(["draw_up_to", "top", "put_top", "put_bottom", "shuffle"]),
        st.integers(0, 6),
    ),
    max_size=30,
)


@given(st.integers(0, 15), operations)
def test_drawing_and_putting_back_never_loses_or_makes_cards(size: int, steps: list[tuple[str, int]]) -> None:
    pile, hand = deck(size), []
    rng = Rng(size)
    for name, n in steps:
        if name == "draw_up_to":
            hand.extend(pile.draw_up_to(n))
        elif name == "top":
            assert pile.top(n) == pile.cards[::-1][:n]
        elif name == "shuffle":
            pile.shuffle(rng)
        else:
            back, hand = hand[:n], hand[n:]
            getattr(pile, name)(back)
        assert len(pile) + len(hand) == size
    assert Counter(pile.cards + hand) == Counter(deck(size).cards)
