"""Munchkin's random set-ups, card mixes, invariants and redeals (what the kit and the
fuzzer use)."""

import pytest

from nbc.core.errors import BadOptions
from nbc.core.match import Match
from nbc.core.playout import play_out
from nbc.core.rng import Rng
from nbc.core.serial import canonical_json, to_data
from nbc.plugins.munchkin.cards import CARDS
from nbc.plugins.munchkin.game import Munchkin
from nbc.plugins.munchkin.verify import INVARIANTS

GAME = Munchkin()
CHECKS = {i.name: i.check for i in INVARIANTS}


def test_random_set_ups_are_legal_deterministic_and_carry_the_focus_cards():
    for n in range(40):
        setup = GAME.random_setup(Rng(n), focus=["searchlight"])
        again = GAME.random_setup(Rng(n), focus=["searchlight"])
        assert setup == again
        assert setup.players in GAME.seat_counts(setup.variant)
        Match.new(GAME, setup.variant, setup.options, setup.players, seed=n)
        if "cards" in setup.options:
            assert setup.options["cards"]["searchlight"] >= 3


def test_a_card_mix_deals_only_its_cards():
    mix = {c.id: 1 for c in CARDS.values()}
    mix["searchlight"] = 5
    match = Match.new(GAME, "base", {"cards": mix}, 3, seed=1)
    assert sorted(match.state.cards.values()).count("searchlight") == 5
    assert len(match.state.cards) == sum(mix.values())


def test_a_bad_card_mix_is_refused_saying_what_is_wrong():
    with pytest.raises(BadOptions, match="'serchlight' is not a Munchkin card; did you mean searchlight"):
        Match.new(GAME, "base", {"cards": {"serchlight": 1}}, 3)
    with pytest.raises(BadOptions, match="'searchlight': 11 copies; give 0 to 10"):
        Match.new(GAME, "base", {"cards": {"searchlight": 11}}, 3)
    with pytest.raises(BadOptions, match="the mix holds 0 Door cards; 3 players need at least 20"):
        Match.new(GAME, "base", {"cards": {"searchlight": 3}}, 3)


def test_shrunk_set_ups_are_legal_and_smaller():
    setup = GAME.random_setup(Rng(3), "base", 5)
    for smaller in GAME.shrink_setup(setup):
        Match.new(GAME, smaller.variant, smaller.options, smaller.players, seed=0)
        assert smaller.players <= setup.players


def test_the_invariants_hold_in_random_games():
    for n in range(6):
        setup = GAME.random_setup(Rng(f"inv{n}"))
        match = Match.new(GAME, setup.variant, {**setup.options, "turn_limit": 12}, setup.players, seed=n)
        rng = Rng(n)
        while not match.over:
            play_out(match, rng, max_steps=25, raise_on_limit=False)
            for invariant in INVARIANTS:
                assert invariant.check(match.state) is None, invariant.name


def _position():
    match = Match.new(GAME, "base", None, 4, seed=7)
    play_out(match, Rng(7), max_steps=40, raise_on_limit=False)
    return match


def test_each_invariant_fails_on_a_broken_position():
    state = _position().state
    card = state.door_deck.cards[0]
    state.players[0].hand.cards.append(card)
    assert "is in the Door deck and in seat 0's hand" in CHECKS["one-place"](state)
    state.players[0].hand.cards.pop()
    state.players[1].level = state.win_level + 1
    assert "seat 1 is at Level 11" in CHECKS["levels"](state)
    state.players[1].level = 1
    heads = [c for c, d in state.cards.items() if CARDS[d].slot == "head"][:2]
    kept = state.players[2].items, state.players[2].equipped
    state.players[2].items, state.players[2].equipped = list(heads), list(heads)
    assert "seat 2 has 2 head in use" in CHECKS["equipment"](state)
    potion = next(c for c, d in state.cards.items() if CARDS[d].kind == "one-shot")
    state.players[2].items, state.players[2].equipped = [potion], [potion]
    assert "has a One-Shot Item equipped" in CHECKS["equipment"](state)
    state.players[2].items, state.players[2].equipped = kept
    state.treasure_deck.cards.append(state.door_deck.cards.pop())
    assert "is in the treasure deck" in CHECKS["decks"](state)


def test_a_redeal_changes_hidden_cards_but_not_what_the_seat_knows():
    match = _position()
    moved_total = 0
    for seat in [0, 1, 2, 3, None]:
        copy = match.clone()
        moved = GAME.redeal_hidden(copy.state, seat, Rng(f"r{seat}"))
        moved_total += moved
        assert canonical_json(GAME.view(copy.state, seat)) == canonical_json(GAME.view(match.state, seat))
        if seat is not None:
            assert to_data(GAME.prompts(copy.state)) is not None
            mine = [p for p in GAME.prompts(copy.state) if p.seat == seat]
            theirs = [p for p in GAME.prompts(match.state) if p.seat == seat]
            assert to_data(mine) == to_data(theirs)
            assert copy.state.players[seat].hand.cards == match.state.players[seat].hand.cards
    assert moved_total > 0
