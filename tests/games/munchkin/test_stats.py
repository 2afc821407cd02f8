"""The statistics script (plugins/munchkin/stats.py) reads games as a table would."""

from __future__ import annotations

from nbc.core.game import Event
from nbc.plugins.munchkin import stats


def test_every_seeded_game_is_won_by_a_kill_and_the_winners_levels_add_up():
    tally = stats.run("faster", 3, 4, "test")
    assert tally.games == 4 and sum(tally.endings.values()) == 4
    assert tally.endings["kill, alone"] + tally.endings["kill, helped"] == 4
    assert tally.shared == tally.endings["kill, helped"]  # faster play shares a helped win
    assert sum(tally.gained.values()) - tally.lost == 4 * 9  # from Level 1 to 10, each game
    assert len(tally.choices) == len(tally.turns) == 4


def test_a_game_is_read_from_its_public_events():
    events = [
        Event("combat", data={"seat": 1, "won": True, "gained": 1, "level": 2, "helper": None}),
        Event("sell", data={"seat": 1, "levels": 2, "level": 4}),
        Event("level", data={"seat": 1, "lost": 1, "level": 3}),
        Event("level", data={"seat": 1, "card": "x", "gained": 6, "level": 9, "by": 0}),
        Event("drew", data={"seat": 1, "gained": 5}, to=(1,)),  # private: not read
        Event("combat", data={"seat": 1, "won": True, "gained": 1, "level": 10, "helper": 2}),
        Event("game-over", data={"winners": [1], "by": "kill"}),
    ]
    tally = stats.Tally("base", 3)
    stats.read_game(events, tally)
    assert tally.endings == {"kill, helped": 1}
    assert tally.gained == {"kills": 2, "sales": 2, "Go Up a Level": 6} and tally.lost == 1
    stats.read_game(events[:4] + [Event("game-over", data={"winners": [1], "by": "kill"})], tally)
    assert tally.endings["Go Up a Level or a sale"] == 1  # the last level did not come from a kill
    stats.read_game([Event("game-over", data={"winners": [0, 2], "by": "turn-limit"})], tally)
    assert tally.endings["turn limit"] == 1 and tally.shared == 0
