"""Price floors: the turn menu passes over cards dearer than the Pumpkin Points held
without pricing them, so each floor must be a true lower bound."""

from __future__ import annotations

import math

import pytest

from nbc.core.match import Match
from nbc.core.playout import bot_step
from nbc.core.rng import Rng
from nbc.plugins.tcg.effects import expression_bounds


@pytest.mark.parametrize(
    ("text", "bounds"),
    [
        ("number - (1 if to == 'jacks-house' else 0)", (3, 4)),
        ("number - mine('hyde')", (-math.inf, 4)),
        ("number - min(1, mine('devil')) - min(1, mine('wolfman'))", (2, 4)),
        ("max(1, number - at('any', 'town-square') + 1) if together('a', 'b') else number", (1, 5)),
        ("3", (3, 3)),
        ("-number", (-4, -4)),
        ("scare(c)", (-math.inf, math.inf)),
    ],
)
def test_expression_bounds(text, bounds):
    assert expression_bounds(text, {"number": 4}) == bounds


def test_floors_of_priced_and_versioned_cards(tcg):
    floor = tcg.rules.floor
    assert floor["oogie-boogie-meanest-guy-around"] == 2  # 4, one less at his Lair, one less again
    assert floor["jack-skellington-demon-of-light"] == 1  # 6, or 1 over a Jack of 5
    assert floor["vampire-baron"] == 2  # a literal price of 3, less one


def test_pruning_by_floor_never_changes_a_menu(tcg):
    rules = tcg.rules
    saved = dict(rules.floor)
    menus = 0
    try:
        for seed in range(12):
            match = Match.new(tcg, "base", players=4, seed=f"floors-{seed}")
            rng = Rng(f"floors-bots-{seed}")
            while bot_step(match, rng):
                st = match.state
                if st.asks and st.asks[0].kind == "turn":
                    pruned = rules.menu(st, st.turn)
                    rules.floor = dict.fromkeys(saved, 0)
                    assert rules.menu(st, st.turn) == pruned
                    rules.floor = saved
                    menus += 1
    finally:
        rules.floor = saved
    assert menus > 500
