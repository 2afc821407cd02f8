"""`TcgGame.copy_state`, the copy `Match.clone` makes for search bots: equal to saving
and loading the state, and sharing nothing either copy changes."""

from __future__ import annotations

import pytest

from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.playout import bot_step
from nbc.core.rng import Rng
from nbc.plugins.tcg.state import Table


@pytest.fixture(scope="module")
def tcg():
    return PluginHost.load().games["tcg"]


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("base", 2, 11), ("base", 4, 12), ("christmas-town", 3, 13)]
)
def test_a_copy_equals_the_state_saved_and_loaded_at_every_step(tcg, variant, players, seed):
    if variant not in tcg.variants:
        pytest.skip(f"the {variant} variant's plugin is disabled")
    match = Match.new(tcg, variant, players=players, seed=seed)
    rng = Rng(seed)
    while not match.over:
        state = match.state
        copy = tcg.copy_state(state)
        loaded = tcg.load_state(tcg.dump_state(state))
        assert copy == loaded  # field by field: lists stay lists, keys stay as a save has them
        assert type(copy.cards) is Table and type(copy.owner) is Table
        assert tcg.state_json(copy) == tcg.state_json(state)
        bot_step(match, rng)


def test_a_clone_plays_on_alone_exactly_as_its_original_would(tcg):
    match = Match.new(tcg, "base", players=3, seed=21)
    rng = Rng(21)
    for _ in range(40):
        bot_step(match, rng)
    before = match.fingerprint()
    clone = match.clone()
    twin = match.clone()
    # the clone's changes (a redeal, then play) never reach the original, nor another clone
    tcg.redeal_hidden(clone.state, 0, Rng(5))
    for _ in range(60):
        if clone.over:
            break
        bot_step(clone, Rng(clone.seq))
    assert match.fingerprint() == before and twin.fingerprint() == before
    # and the original and a clone, given the same choices, stay alike
    for _ in range(60):
        if match.over:
            break
        prompt = match.prompts()[0]
        choice = prompt.choices[match.seq % len(prompt.choices)].id
        match.act(prompt.seat, choice)
        twin.act(prompt.seat, choice)
        assert twin.fingerprint() == match.fingerprint()


@pytest.mark.parametrize("variant", ["base", "christmas-town"])
def test_card_tables_hold_the_definitions_own_id_strings_when_dealt_copied_and_loaded(tcg, variant):
    """The rules look definitions up by the card ids of `State.cards` on every step: a
    dealt, copied or loaded table holds the very strings the definitions are keyed by
    (found by identity), and the same ids as a save has them."""
    if variant not in tcg.variants:
        pytest.skip(f"the {variant} variant's plugin is disabled")
    match = Match.new(tcg, variant, players=2, seed=5)
    keys = {key: key for key in tcg.rules.defs}
    dealt = match.state
    loaded = tcg.load_state(tcg.dump_state(dealt))
    for state in (dealt, tcg.copy_state(dealt), loaded):
        assert all(keys[key] is key for key in state.cards.values())
    assert loaded.cards == dealt.cards and type(loaded.cards) is Table
