"""`nbc.core.simulate.bench`: what it plays and what it reports (never how fast)."""

from __future__ import annotations

import random

from nbc.core.match import Match
from nbc.core.simulate import bench, mid_game, random_playout


def test_a_random_playout_plays_offered_choices_to_the_end_and_counts_them(example_game):
    match = Match.new(example_game, "short", players=3, seed=4)
    steps = random_playout(match, random.Random(1).random)
    assert match.over and steps == match.seq > 0
    # the same draws play the same match
    again = Match.new(example_game, "short", players=3, seed=4)
    random_playout(again, random.Random(1).random)
    assert again.fingerprint() == match.fingerprint()


def test_a_random_playout_stops_at_its_limit(example_game):
    match = Match.new(example_game, players=2, seed=4)
    assert random_playout(match, random.Random(1).random, limit=3) == 3 and match.seq == 3


def test_the_mid_game_position_is_halfway_through_a_seeded_match(example_game):
    whole = Match.new(example_game, "base", players=2, seed="bench:mid-game")
    length = random_playout(whole, random.Random("bench:mid-game").random)
    middle = mid_game(example_game, "base", 2)
    assert middle.seq == length // 2 and not middle.over


def test_bench_reports_every_rate_of_the_variant(example_game):
    done = []
    result = bench(example_game, "short", players=3, runs=2, seconds=0.02, progress=done.append)
    assert done == [1, 2]
    assert (result.game, result.variant, result.players, result.runs) == ("trick-or-treat", "short", 3, 2)
    data = result.as_dict()
    for key in ("games_per_second", "choices_per_second", "clones_per_second", "determinize_per_second"):
        assert data[key] > 0, key
    assert data["mid_game_seq"] == result.mid_game_seq > 0
