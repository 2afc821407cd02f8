"""Price floors: the turn menu passes over cards dearer than the Pumpkin Points held
without pricing them, so each floor must be a true lower bound."""

from __future__ import annotations

import math

import pytest

from nbc.core.host import PluginHost
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


def absent(name, args):
    """Facts of a table where nothing answers to 'hyde' or stands at 'town-square'."""
    if (name, args[:1]) == ("mine", ["hyde"]) or (name == "at" and args[1:] == ["town-square"]):
        return 0, 0
    return None


@pytest.mark.parametrize(
    ("text", "bounds"),
    [
        ("number - mine('hyde')", (4, 4)),
        ("number - mine('devil')", (-math.inf, 4)),
        (
            "max(1, number - at('any', 'town-square') + 1) if at('the-mayor', 'town-square') > 0 else number",
            (4, 4),
        ),
        ("1 if mine('hyde') >= 1 else 7", (7, 7)),
        ("1 if not mine('hyde') else 7", (1, 1)),
        ("number - (5 if at('a', 'town-square') > 0 and mine('devil') > 0 else 0)", (4, 4)),
        ("number - (5 if at('a', 'the-well') > 0 and mine('devil') > 0 else 0)", (-1, 4)),
        ("2 if number == 4 else 0", (2, 2)),
    ],
)
def test_expression_bounds_with_facts_take_the_branch_they_decide(text, bounds):
    assert expression_bounds(text, {"number": 4}, absent) == bounds


def test_floors_count_only_the_cards_of_the_match(tcg):
    pool = tcg.rules.defs
    alone = tcg.rules.price_floors([pool["oogie-boogie-meanest-guy-around"], pool["vampire-baron"]])
    assert alone == {"oogie-boogie-meanest-guy-around": 3, "vampire-baron": 3}  # one less at his Lair
    with_cuts = tcg.rules.price_floors(
        [pool[c] for c in ("oogie-boogie-meanest-guy-around", "vampire-baron", "this-is-halloween", "zero")]
    )
    assert with_cuts["oogie-boogie-meanest-guy-around"] == 2 and with_cuts["vampire-baron"] == 2
    assert with_cuts["zero"] == 0  # a capped cut never takes a price below its minimum, nor raises it
    ramp = ["takeoff-ramp", "the-mayor-elected-official"]
    assert tcg.rules.price_floors([pool[c] for c in ramp])["takeoff-ramp"] == 5  # no Town Square
    assert tcg.rules.price_floors([pool[c] for c in [*ramp, "town-square"]])["takeoff-ramp"] == 1
    hat = ["delightful-hat"]
    assert tcg.rules.price_floors([pool[c] for c in hat])["delightful-hat"] == 4  # no Harlequin Demon
    assert tcg.rules.price_floors([pool[c] for c in [*hat, "harlequin-demon"]])["delightful-hat"] == 2
    jacks = [pool[c] for c in pool if c.startswith("jack-skellington-")]
    by_number = {d.number: tcg.rules.price_floors(jacks)[d.id] for d in jacks}
    assert by_number == {6: 1, 5: 2, 3: 2}  # 6 over a 5, 5 over a 3; a 3 is one less at Jack's House


@pytest.mark.parametrize(("variant", "players"), [("base", 4), ("christmas-town", 2)])
def test_pruning_by_floor_never_changes_a_menu(variant, players):
    tcg = PluginHost.load().games["tcg"]  # with the installed expansions
    if variant not in tcg.variants:
        pytest.skip(f"the {variant} variant's plugin is disabled")
    rules = tcg.rules
    menus = 0
    for seed in range(12):
        match = Match.new(tcg, variant, players=players, seed=f"floors-{seed}")
        rng = Rng(f"floors-bots-{seed}")
        while bot_step(match, rng):
            st = match.state
            if st.asks and st.asks[0].kind == "turn":
                floors = rules.floors(st)
                assert floors, "a base match prices its cards"
                pruned = rules.menu(st, st.turn)
                st.memo["floors"] = dict.fromkeys(floors, 0)
                assert rules.menu(st, st.turn) == pruned
                st.memo["floors"] = floors
                menus += 1
    assert menus > 500


def test_every_function_bounds_knows_is_an_expression_function():
    from nbc.plugins.tcg.effects import _COUNTS, _TESTS, FUNCTIONS

    assert set(FUNCTIONS) >= (_COUNTS | _TESTS)
