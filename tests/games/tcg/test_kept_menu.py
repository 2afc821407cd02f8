"""The turn menu kept with the state (`PlayerTurns.kept_plays`): each seat keeps the ways
to play the cards of its hand and works out again only what the last actions changed;
with the self-checks on, every turn menu is compared with one made from scratch."""

from __future__ import annotations

import pytest

from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.playout import bot_step
from nbc.core.rng import Rng
from nbc.plugins.tcg import turns


@pytest.fixture(scope="module")
def tcg():
    return PluginHost.load().games["tcg"]


def count_ways(monkeypatch, rules):
    """Count the turn menus, the cards of a hand whose kept ways were looked up, and
    those whose ways had to be worked out again."""
    counts = {"menus": 0, "looked": 0, "made": 0}
    real_menu, real_key, real_ways = type(rules).menu, type(rules).menu_key, type(rules).play_ways

    def menu(self, st, seat, kept=True):
        counts["menus"] += kept
        return real_menu(self, st, seat, kept)

    def menu_key(self, *args):
        counts["looked"] += 1
        return real_key(self, *args)

    def play_ways(self, st, seat, card):
        counts["made"] += 1
        return real_ways(self, st, seat, card)

    monkeypatch.setattr(type(rules), "menu", menu)
    monkeypatch.setattr(type(rules), "menu_key", menu_key)
    monkeypatch.setattr(type(rules), "play_ways", play_ways)
    return counts


@pytest.mark.parametrize(
    ("variant", "players", "matches"),
    [("base", 2, 40), ("base", 4, 8), ("christmas-town", 2, 40), ("christmas-town", 3, 8)],
)
def test_every_kept_menu_equals_the_menu_made_from_scratch(tcg, monkeypatch, variant, players, matches):
    if variant not in tcg.variants:
        pytest.skip(f"the {variant} variant's plugin is disabled")
    counts = count_ways(monkeypatch, tcg.rules)
    was = tcg.self_checks(True)  # check_menu raises at the first menu that differs
    try:
        for seed in range(matches):
            match = Match.new(tcg, variant, players=players, seed=f"kept-menu-{seed}")
            rng = Rng(f"kept-menu-bots-{seed}")
            while bot_step(match, rng):
                pass
    finally:
        tcg.self_checks(was)
    assert counts["menus"] > 50 * matches
    # the kept ways serve a good share of the cards: a fifth at least are not worked out again
    assert counts["made"] <= 0.8 * counts["looked"]


def affordable_kept_ways(st):
    """The kept ways of the seat whose turn menu is open that its Points pay for."""
    if not (st.asks and st.asks[0].kind == "turn"):
        return []
    kept = st.memo.get(f"menu:{st.turn}")
    pp = st.players[st.turn].pp
    return (
        [card for card, (_, _, ways) in kept[1].items() if any(need <= pp for need, _ in ways)] if kept else []
    )


def test_a_kept_way_that_no_longer_holds_is_caught(tcg):
    match = Match.new(tcg, "base", players=2, seed="kept-menu-stale")
    rng = Rng("kept-menu-stale")
    while not affordable_kept_ways(match.state):
        assert bot_step(match, rng)
    st = match.state
    seat = st.turn
    tcg.rules.check_menu(st, seat, tcg.rules.menu(st, seat))  # as kept: the same
    # the cards of the hand are kept as playable nowhere, as if a change had been missed
    ways = st.memo[f"menu:{seat}"][1]
    for card in affordable_kept_ways(st):
        ways[card] = (*ways[card][:2], [])
    assert len(tcg.rules.menu(st, seat)) < len(tcg.rules.menu(st, seat, kept=False))
    with pytest.raises(AssertionError, match="differs from the one made from scratch"):
        tcg.rules.check_menu(st, seat, tcg.rules.menu(st, seat))


def test_the_self_checks_turn_the_menu_check_on_and_off(tcg):
    was = tcg.self_checks(True)
    assert turns.CHECK_MENUS
    tcg.self_checks(False)
    assert not turns.CHECK_MENUS
    tcg.self_checks(was)
