"""The effect machine: an effect resumes exactly where it stopped after an opponent's
answer, and the current player orders a card's own effect with the triggers it sets off
(the rulebook's Dr. Finklestein example)."""

from __future__ import annotations

from tcgkit import discard, hand, labels, row, table

from nbc.core.testkit.ruletests import shows

ROLL = "Play Sound of Rollin' Dice (1 PP)"


def rollin_dice_at_igor(tcg, top: str, answer_with: str | None = None, pp1: int = 1):
    """Seat 0 plays Sound of Rollin' Dice at seat 1's Igor (Scare 1) with `top` on top of
    seat 1's deck; seat 1 holds Pull Yourself Together and Halloweentown Gates is placed."""
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["igor"])]},
        hands={0: ["sound-of-rollin-dice"], 1: ["pull-yourself-together"]},
        decks={1: [top, "zero", "clown"]},
        pp={0: 1, 1: pp1},
    )
    s.choose(0, ROLL)
    return s


@shows("tcg.play.responses-in-other-turns", "tcg.other.timing-protect-anytime")
def test_rollin_dice_answered_by_pull_yourself_together_turns_one_card_and_spares_the_character(tcg):
    s = rollin_dice_at_igor(tcg, top="behemoth")
    # the card is turned first, then Igor's owner may answer the discard
    assert discard(s, 1) == ["behemoth"]
    s.choose(1, "Answer with Pull Yourself Together: Cancel it", kind="respond")
    assert row(s, 1) == [("oogies-lair", ["igor"])]
    assert discard(s, 1) == ["behemoth"]  # one card turned, not two
    assert len(s.state.players[1].deck) == 2
    assert s.state.players[1].pp == 0
    assert "pull-yourself-together" not in hand(s, 1)
    s.expect(0, "turn")


def test_rollin_dice_let_happen_discards_the_character_after_one_turned_card(tcg):
    s = rollin_dice_at_igor(tcg, top="behemoth")
    s.choose(1, "Let it happen", kind="respond")
    assert row(s, 1) == [("oogies-lair", [])]
    assert discard(s, 1) == ["behemoth", "igor"]
    assert len(s.state.players[1].deck) == 2
    assert hand(s, 1) == ["pull-yourself-together"]
    s.expect(0, "turn")


def test_rollin_dice_with_a_lower_card_asks_nobody_and_keeps_the_character(tcg):
    s = rollin_dice_at_igor(tcg, top="zero")
    assert discard(s, 1) == ["zero"]
    assert row(s, 1) == [("oogies-lair", ["igor"])]
    assert not s.prompts(1)
    s.expect(0, "turn")


def test_lets_play_answered_after_rollin_dice_turns_exactly_one_more_card(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["oogie-boogie-meanest-guy-around"])], 1: [("oogies-lair", ["clown"])]},
        hands={0: ["sound-of-rollin-dice", "lets-play"], 1: ["pull-yourself-together"]},
        decks={1: ["igor", "behemoth", "zero", "clown"]},
        pp={0: 2, 1: 1},
    )
    s.choose(0, ROLL)  # Igor (1) against Clown (2): not higher, nobody is asked
    assert discard(s, 1) == ["igor"] and row(s, 1) == [("oogies-lair", ["clown"])]
    s.choose(0, "Play Let's Play! (1 PP)")
    s.choose(0, "Roll again: add a second card to the last Rollin' Dice", kind="mode")
    assert discard(s, 1) == ["igor", "behemoth"]  # 1 + 2 beats Clown's 2: its owner may answer
    s.choose(1, "Answer with Pull Yourself Together: Cancel it", kind="respond")
    assert discard(s, 1) == ["igor", "behemoth"]
    assert row(s, 1) == [("oogies-lair", ["clown"])]
    assert len(s.state.players[1].deck) == 2
    s.expect(0, "turn")
    assert "Roll again" not in " ".join(labels(s, 0))


# The rulebook's timing example: Dr. Finklestein at the Laboratory draws a card when a
# Creation is played; a Creation with an effect of its own when played lets its player
# choose which of the two goes first.
FINKLESTEIN_ROW = [("jacks-house", ["undersea-gal"]), ("the-laboratory", ["dr-finklestein-mad-scientist"])]
FINKLESTEIN_DRAWS = "Dr. Finklestein (Mad Scientist): its triggered effect (seat 0)"
DEAD_HEAD_RECOVERS = "Dead Head: its effect as it is played (seat 0)"


def play_dead_head_beside_finklestein(tcg):
    s = table(
        tcg,
        rows={0: FINKLESTEIN_ROW},
        hands={0: ["dead-head"]},
        decks={0: ["igor", "clown"]},
        discards={0: ["zero"]},
        pp={0: 3},
    )
    s.choose(0, "Play Dead Head (3 PP)")
    order = s.expect(0, "order-triggers")
    assert sorted(c.label for c in order.choices) == sorted([FINKLESTEIN_DRAWS, DEAD_HEAD_RECOVERS])
    return s


@shows("tcg.other.timing-current-player-orders")
def test_finklestein_example_the_draw_may_come_before_the_creations_own_effect(tcg):
    s = play_dead_head_beside_finklestein(tcg)
    s.choose(0, FINKLESTEIN_DRAWS)
    assert hand(s, 0) == ["igor"]  # drawn before Dead Head takes its card back
    s.choose(0, "Take Zero (Ghost Dog)", kind="recover")
    assert hand(s, 0) == ["igor", "zero"]
    s.expect(0, "turn")


@shows("tcg.other.timing-current-player-orders")
def test_finklestein_example_the_creations_own_effect_may_come_first(tcg):
    s = play_dead_head_beside_finklestein(tcg)
    s.choose(0, DEAD_HEAD_RECOVERS)
    assert hand(s, 0) == []  # Dead Head asks first: nothing drawn yet
    s.choose(0, "Take Zero (Ghost Dog)", kind="recover")
    assert hand(s, 0) == ["igor", "zero"]
    s.expect(0, "turn")


def test_a_creation_with_no_trigger_beside_it_resolves_without_asking_the_order(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["undersea-gal"])]},
        hands={0: ["dead-head"]},
        discards={0: ["zero"]},
        pp={0: 3},
    )
    s.choose(0, "Play Dead Head (3 PP)")
    s.choose(0, "Take Zero (Ghost Dog)", kind="recover")
    assert hand(s, 0) == ["zero"]


def test_a_program_registered_again_runs_its_new_steps_not_the_ones_compiled_before(tcg):
    from nbc.plugins.tcg.effects import (
        CUSTOM,
        OPS,
        PROGRAM_FIRES,
        PROGRAMS,
        STEPS,
        compile_expression,
        compiled_steps,
    )
    from nbc.plugins.tcg.effects import register_program as register

    key = "test.compiled-steps"
    try:
        register(key, [{"op": "draw", "n": 1, "when": "pp >= 1"}])
        first = compiled_steps(key)
        assert STEPS[key] is first
        assert first[0].run is OPS["draw"] and first[0].ins is PROGRAMS[key][0]
        assert first[0].when is compile_expression("pp >= 1")
        register(key, [{"may": "Draw a card?", "then": [{"op": "custom", "fn": "king_do"}]}], fires="zero")
        assert key not in STEPS  # the old steps are gone with the old code
        may, king = compiled_steps(key)
        assert may.run is OPS["may"] and may.when is None and may.fires is None
        assert king.run is CUSTOM["king_do"] and king.fires == "zero"
    finally:
        for table in (PROGRAMS, STEPS, PROGRAM_FIRES):
            table.pop(key, None)


def test_every_program_is_compiled_when_the_rules_load(tcg):
    from nbc.plugins.tcg.effects import PROGRAMS, STEPS

    missing = [key for key in PROGRAMS if key.startswith(("rules.", "jack")) and key not in STEPS]
    assert not missing
    assert all(len(STEPS[key]) == len(PROGRAMS[key]) for key in STEPS if key in PROGRAMS)
