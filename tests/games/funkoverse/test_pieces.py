"""Minions (the Detachable Arm, Igor), the Zero companion, Fog Juice, statuses."""

from __future__ import annotations

from nbc.core.testkit.ruletests import shows


def _piece(s, piece_id):
    return next(p for p in s.view(None)["pieces"] if p["id"] == piece_id)


@shows("funkoverse.companion.free-action", "funkoverse.companion.forfeit")
def test_zero_acts_once_free_and_more_for_actions_given_up(fk):
    s = fk.table(
        {"jack-skellington": (4, 1), "zero-0": (6, 1), "vampire": (8, 8)}, options={"extras": "zero"}
    )
    s.choose(0, "pick:jack-skellington")
    [free] = [c for c in s.expect(0, "action").choices if c.id == "companion"]
    assert "free" in free.label
    s.choose(0, "companion")
    assert fk.ids(s, 0, "action") == {"move", "end"}  # Zero's card: move, assist, interact
    s.choose(0, "move")
    assert "9,1" in fk.ids(s, 0, "move") or "to:9,1" in fk.ids(s, 0, "move")  # Zero moves up to 3
    s.choose(0, "to:9,1")
    s.choose(0, "companion")  # now it costs one of Jack's two actions
    s.choose(0, "end")
    assert s.view(None)["actions_left"] == 1
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.companion.forfeit")
def test_zero_may_act_while_its_character_is_knocked_out(fk):
    def edit(state):
        state.pieces["jack-skellington"].exhausted = False
        state.sides[0].cooldown.place("piece:jack-skellington", 2)

    s = fk.table({"zero-0": (6, 1), "vampire": (8, 8)}, options={"extras": "zero"}, edit=edit)
    s.choose(0, "pick:jack-skellington")
    assert fk.ids(s, 0, "action") == {"companion", "end"}
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.companion.loses")
def test_a_companion_that_loses_goes_to_space_1_and_scores_nothing(fk):
    def build(seed):
        return fk.table(
            {"zero-0": (5, 1), "vampire": (4, 1), "jack-skellington": (8, 8)},
            options={"extras": "zero"},
            turn=1,
            seed=seed,
        )

    s, _ = fk.with_rolls(
        build, lambda s: (s.choose(1, "pick:vampire"), s.choose(1, "challenge:zero-0")), lambda d: d["won"]
    )
    zero = _piece(s, "zero-0")
    assert zero["square"] is None and zero["cooldown_space"] == 1
    assert s.view(None)["sides"][1]["points"] == 0
    s.leave_open(1, "action")
    s.finish()


def test_rag_doll_swaps_sally_with_her_arm_which_takes_the_challenge(fk):
    s = fk.table({"jack-skellington": (4, 1), "sally": (5, 1), "detachable-arm": (8, 1)})
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "challenge:sally")
    s.choose(1, "swap")
    assert _piece(s, "sally")["square"] == [8, 1]
    [challenge] = s.events(kind="challenge", since_last=True)
    assert challenge.data["target"] == "detachable-arm" and len(challenge.data["defense"]) == 1
    if challenge.data["won"]:  # a minion that loses is removed, never knocked down
        assert _piece(s, "detachable-arm")["square"] is None
        assert s.view(None)["sides"][0]["points"] == 0
    s.leave_open(0, "action")
    s.finish()


def test_igor_gets_a_free_basic_action_when_finkelstein_is_exhausted(fk):
    s = fk.table(
        {"dr-finkelstein": (3, 1), "igor": (4, 1), "vampire": (5, 1)},
        options={"lineup": fk.FINKELSTEIN_FIRST},
    )
    s.choose(0, "pick:dr-finkelstein")
    s.choose(0, "end")
    offered = fk.ids(s, 0, "action")
    assert "challenge:vampire" in offered and "move" in offered
    assert not any(c.startswith("interact") or c.startswith("ability") for c in offered)
    s.choose(0, "end")
    s.leave_open(1, "turn")
    s.finish()


@shows("funkoverse.abilities.in-order")
def test_faithful_servant_places_igor_who_then_acts(fk):
    s = fk.table({"dr-finkelstein": (3, 1), "vampire": (8, 8)}, options={"lineup": fk.FINKELSTEIN_FIRST})
    s.choose(0, "pick:dr-finkelstein")
    s.choose(0, "ability:faithful-servant")
    s.choose(0, "square:4,1")
    assert _piece(s, "igor")["square"] == [4, 1]
    assert s.expect(0, "action")  # Igor's granted action
    s.choose(0, "move")
    s.choose(0, "to:5,1")
    assert _piece(s, "igor")["square"] == [5, 1]
    s.leave_open(0, "action")  # back to the doctor's second action
    s.finish()


def test_nightshade_soup_gives_sally_and_the_arm_different_basic_actions(fk):
    s = fk.table({"sally": (4, 1), "detachable-arm": (6, 1), "jack-skellington": (8, 8)}, turn=1)
    s.choose(1, "pick:sally")
    s.choose(1, "ability:nightshade-soup")
    s.choose(1, "move")
    s.choose(1, "to:4,2")
    assert "move" not in fk.ids(s, 1, "action")  # the Arm may not also move
    s.leave_open(1, "action")
    s.finish()


@shows("funkoverse.abilities.precedence")
def test_fog_juice_moves_through_standing_rivals(fk):
    at = {"jack-skellington": (4, 1), "vampire": (5, 1), "sally": (5, 0), "detachable-arm": (5, 2)}
    s = fk.table(at, options={"extras": "fog-juice"})
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "item:fog-juice")
    assert "to:6,1" in fk.ids(s, 0, "move")
    s.choose(0, "to:6,1")
    assert _piece(s, "jack-skellington")["item_ready"] is False
    assert s.view(None)["sides"][0]["cooldown"][2]["things"] == ["item:jack-skellington"]
    s.leave_open(0, "action")
    s.finish()


def test_pumpkin_king_status_is_given_once_and_lost_when_knocked_down(fk):
    def build(seed):
        return fk.table({"jack-skellington": (4, 1), "vampire": (5, 1)}, seed=seed)

    s = build(0)
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "ability:hail-to-the-pumpkin-king")
    s.choose(0, "stay")
    assert _piece(s, "jack-skellington")["statuses"] == ["The Pumpkin King"]
    s.leave_open(0, "action")
    s.finish()


def test_gamblin_boogie_man_keeps_oogie_standing_on_7_or_more(fk):
    def build(seed):
        return fk.table(
            {"oogie-boogie": (4, 1), "vampire": (5, 1)}, options={"lineup": fk.OOGIE_FIRST}, turn=1, seed=seed
        )

    s, _ = fk.with_rolls(
        build,
        lambda s: (s.choose(1, "pick:vampire"), s.choose(1, "challenge:oogie-boogie")),
        lambda d: d["won"],
    )
    [roll] = s.events(kind="oogie-roll", since_last=True)
    assert _piece(s, "oogie-boogie")["standing"] is (roll.data["total"] >= 7)
    s.leave_open(1, "action")
    s.finish()


@shows("funkoverse.turn.rally-with-companion", "funkoverse.companion.forfeit")
def test_a_character_knocked_down_when_chosen_has_no_actions_of_its_own_even_once_zero_stands_it_up(fk):
    # Ruling: a turn taken by a knocked-down character is a rally turn. Zero may stand
    # it up with its free action, but the character's own two actions stay unusable
    # except for Zero (they can still be given up to it).
    s = fk.table(
        {"jack-skellington": (4, 1), "zero-0": (5, 1), "vampire": (8, 8)},
        options={"extras": "zero"},
        down=("jack-skellington",),
    )
    s.choose(0, "pick:jack-skellington")
    assert fk.ids(s, 0, "action") == {"companion", "rally", "end"}
    s.choose(0, "companion")  # the free action
    s.choose(0, "assist:jack-skellington")
    assert _piece(s, "jack-skellington")["standing"] is True
    assert fk.ids(s, 0, "action") == {"companion", "end"}  # no move, challenge or ability
    s.choose(0, "companion")  # one of Jack's actions given up to Zero
    s.choose(0, "move")
    s.choose(0, "to:6,2")
    assert s.view(None)["actions_left"] == 1
    s.choose(0, "end")
    assert _piece(s, "jack-skellington")["exhausted"] is True
    s.leave_open(1, "turn")
    s.finish()


@shows("funkoverse.turn.rally-with-companion")
def test_a_character_standing_when_chosen_acts_fully_after_zero_helps(fk):
    # The restriction belongs to the turn of a knocked-down character only: a standing
    # character whose companion acts first keeps both of its actions.
    s = fk.table(
        {"jack-skellington": (4, 1), "zero-0": (5, 1), "vampire": (8, 8)}, options={"extras": "zero"}
    )
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "companion")
    s.choose(0, "end")  # Zero passes
    assert {"move", "ability:hail-to-the-pumpkin-king"} <= fk.ids(s, 0, "action")
    assert s.view(None)["actions_left"] == 2
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.abilities.precedence")
def test_its_alive_brings_a_marker_to_life_that_challenges_from_its_own_square(fk):
    # Halloween Town: point marker A lies on (1, 5); the doctor stands 2 squares from it.
    s = fk.table(
        {"dr-finkelstein": (2, 3), "vampire": (1, 6), "sally": (6, 3)},
        variant="territory",
        options={"lineup": fk.FINKELSTEIN_FIRST},
    )
    s.choose(0, "pick:dr-finkelstein")
    s.choose(0, "ability:its-alive")
    assert fk.ids(s, 0, "animate") == {"marker:A"}  # B, C and D are out of reach
    s.choose(0, "marker:A")
    assert fk.ids(s, 0, "challenge") == {"target:vampire"}  # next to the marker, not to the doctor
    s.choose(0, "target:vampire")
    [challenge] = s.events(kind="challenge", since_last=True)
    assert challenge.data["target"] == "vampire" and len(challenge.data["attack"]) == 3
    s.leave_open(0, "action")
    s.finish()


def test_its_alive_animates_only_the_kinds_of_marker_its_data_names(fk):
    from nbc.core.grid import Occupant
    from nbc.plugins.funkoverse import rules
    from nbc.plugins.funkoverse.effects import ABILITIES

    # Triumph: the triumph marker lies on (5, 5), point marker C on (5, 1)
    s = fk.table({"dr-finkelstein": (5, 3), "vampire": (5, 6)}, variant="triumph")
    state = s.state
    occ = {sq: Occupant(side, True) for sq, side in (((5, 3), 0), ((5, 6), 1))}
    step = ABILITIES["dr-finkelstein/its-alive"].steps[0]
    doctor = state.pieces["dr-finkelstein"]
    assert rules.animate_candidates(state, doctor, step, occ) == ["T"]  # C: no rival within its reach
    only_points = step.model_copy(update={"animates": ["point-marker"]})
    assert rules.animate_candidates(state, doctor, only_points, occ) == []
    s.leave_open(0, "turn")
    s.finish()
