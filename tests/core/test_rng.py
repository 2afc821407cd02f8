from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nbc.core.rng import Rng


def test_same_seed_same_sequence_and_different_seeds_differ():
    assert [Rng(7).next64() for _ in range(3)] == [Rng(7).next64() for _ in range(3)]
    assert Rng(7).next64() != Rng(8).next64()
    assert Rng("7").next64() != Rng(7).next64()  # str and int seeds are distinct


def test_known_values_are_stable_across_versions():
    # Pinned: a change to the generator or the shuffle would break the replay of every
    # stored match, so it must not go unnoticed.
    rng = Rng(2026)
    assert [rng.below(100) for _ in range(8)] == [41, 95, 89, 46, 77, 55, 56, 23]
    cards = list(range(10))
    Rng("deck").shuffle(cards)
    assert cards == [6, 9, 8, 3, 7, 1, 5, 0, 2, 4]


def test_state_round_trip_continues_the_sequence():
    rng = Rng("abc")
    rng.below(10)
    saved = rng.get_state()
    expected = [rng.below(1000) for _ in range(5)]
    resumed = Rng.from_state(saved)
    assert [resumed.below(1000) for _ in range(5)] == expected


def test_shuffle_is_a_permutation_and_seeded():
    a, b = list(range(20)), list(range(20))
    Rng(1).shuffle(a)
    Rng(1).shuffle(b)
    assert a == b and sorted(a) == list(range(20)) and a != list(range(20))


def test_below_is_roughly_uniform():
    rng = Rng(3)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 < c < 1150 for c in counts.values())


def test_errors_are_clear():
    with pytest.raises(ValueError, match="positive bound"):
        Rng(1).below(0)
    with pytest.raises(ValueError, match="empty"):
        Rng(1).choice([])
    with pytest.raises(TypeError, match="seed"):
        Rng(1.5)  # type: ignore[arg-type]


def test_repr_hides_the_state():
    assert "hidden" in repr(Rng(5)) and str(Rng(5).state) not in repr(Rng(5))


def test_fork_does_not_move_the_parent():
    rng = Rng(9)
    before = rng.get_state()
    child = rng.fork("bots")
    assert rng.get_state() == before and child.get_state() != before


@given(st.integers(min_value=1, max_value=10**12), st.integers())
def test_below_stays_in_range(n, seed):
    assert 0 <= Rng(seed).below(n) < n


@given(st.integers(), st.integers(min_value=0, max_value=30))
def test_sample_gives_distinct_items(seed, k):
    items = list(range(30))
    picked = Rng(seed).sample(items, k)
    assert len(picked) == len(set(picked)) == k


def test_shuffle_draws_exactly_as_below_does_and_leaves_the_same_state():
    for size in (0, 1, 2, 7, 52, 300):
        items = list(range(size))
        expected = list(items)
        by_hand = Rng(f"deal:{size}")
        for i in range(size - 1, 0, -1):
            j = by_hand.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        rng = Rng(f"deal:{size}")
        rng.shuffle(items)
        assert items == expected
        assert rng.get_state() == by_hand.get_state()
