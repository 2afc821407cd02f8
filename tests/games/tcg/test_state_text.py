"""The TCG state's text for fingerprints and saves is canonical_json of its dump."""

from __future__ import annotations

import json

import pytest

from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.playout import bot_step
from nbc.core.rng import Rng
from nbc.core.serial import canonical_json
from nbc.plugins.tcg.state import Table


@pytest.fixture(scope="module")
def tcg():
    return PluginHost.load().games["tcg"]


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("base", 2, 1), ("base", 5, 2), ("christmas-town", 4, 3)]
)
def test_the_state_text_is_the_canonical_json_of_the_dump(tcg, variant, players, seed):
    if variant not in tcg.variants:
        pytest.skip(f"the {variant} variant's plugin is disabled")
    match = Match.new(tcg, variant, players=players, seed=seed)
    rng = Rng(seed)
    while True:
        state = match.state
        assert tcg.state_json(state) == canonical_json(tcg.dump_state(state))
        if match.seq % 10 == 0:
            loaded = tcg.load_state(json.loads(tcg.state_json(state)))
            assert type(loaded.cards) is Table and type(loaded.owner) is Table
            assert tcg.state_json(loaded) == tcg.state_json(state)
        if match.over:
            break
        bot_step(match, rng)


def test_a_table_changed_in_any_way_is_written_as_it_now_is(tcg):
    match = Match.new(tcg, "base", players=2, seed=4)
    state = match.state
    changes = [
        lambda t: t.__setitem__("c9000", "x"),
        lambda t: t.__delitem__("c9000"),
        lambda t: t.update({"c9001": "y"}),
        lambda t: t.pop("c9001"),
        lambda t: t.setdefault("c9002", "z"),
        lambda t: t.popitem(),
        lambda t: t.__ior__({"c9003": "w"}),
    ]
    for change in changes:
        tcg.state_json(state)  # the texts are kept ...
        change(state.cards)
        assert tcg.state_json(state) == canonical_json(tcg.dump_state(state))  # ... and dropped
    state.owner.clear()
    assert tcg.state_json(state) == canonical_json(tcg.dump_state(state))
    state.cards = dict(state.cards)  # a plain dict, as a hand-made position may hold
    assert tcg.state_json(state) == canonical_json(tcg.dump_state(state))
