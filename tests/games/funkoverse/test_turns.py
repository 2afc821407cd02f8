"""A turn and a round: choosing, two actions, rally, assist, exhaust, cooldown,
refresh, the First Player marker, ability tokens and their costs."""

from __future__ import annotations

from nbc.core.cooldown import CooldownTrack
from nbc.core.testkit.ruletests import shows
from nbc.plugins.funkoverse import rules
from nbc.plugins.funkoverse.state import Side


def _piece(s, piece_id):
    return next(p for p in s.view(None)["pieces"] if p["id"] == piece_id)


@shows("funkoverse.turn.two-actions", "funkoverse.turn.exhaust", "funkoverse.turn.choose")
def test_a_character_may_do_the_same_action_twice_then_is_exhausted(fk):
    s = fk.table({"mummy": (4, 1), "vampire": (8, 8)})
    s.choose(0, "pick:mummy")
    s.choose(0, "move")
    s.choose(0, "to:5,1")
    s.choose(0, "move")
    s.choose(0, "to:6,1")
    assert _piece(s, "mummy")["exhausted"] is True
    assert fk.ids(s, 1, "turn") == {"pick:vampire"}  # the next player takes a turn
    s.leave_open(1, "turn")
    s.finish()


@shows("funkoverse.turn.rally", "funkoverse.challenge.knocked-down-state")
def test_rally_uses_both_actions_to_stand_up(fk):
    s = fk.table({"mummy": (4, 1), "vampire": (8, 8)}, down=("mummy",))
    s.choose(0, "pick:mummy")
    assert fk.ids(s, 0, "action") == {"rally", "end"}
    s.choose(0, "rally")
    assert _piece(s, "mummy")["standing"] is True and _piece(s, "mummy")["exhausted"] is True
    s.leave_open(1, "turn")
    s.finish()


@shows("funkoverse.action.assist", "funkoverse.challenge.knocked-down-state")
def test_assist_stands_up_an_adjacent_knocked_down_ally(fk):
    s = fk.table({"mummy": (4, 1), "jack-skellington": (5, 1), "vampire": (8, 8)}, down=("jack-skellington",))
    s.choose(0, "pick:mummy")
    s.choose(0, "assist:jack-skellington")
    assert _piece(s, "jack-skellington")["standing"] is True
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.challenge.knocked-out-turn")
def test_a_knocked_out_character_can_be_chosen_only_to_be_exhausted(fk):
    def edit(state):
        state.pieces["mummy"].exhausted = False
        state.sides[0].cooldown.place("piece:mummy", 2)

    s = fk.table({"vampire": (8, 8)}, edit=edit)
    s.choose(0, "pick:mummy")
    assert fk.ids(s, 0, "action") == {"end"}
    s.choose(0, "end")
    assert _piece(s, "mummy")["exhausted"] is True
    s.leave_open(1, "turn")
    s.finish()


@shows(
    "funkoverse.round.end",
    "funkoverse.round.refresh",
    "funkoverse.round.first-player",
    "funkoverse.cooldown.shift",
    "funkoverse.cooldown.return.token",
    "funkoverse.cooldown.own-track",
    "funkoverse.abilities.pay",
)
def test_round_end_cools_down_from_the_first_player_refreshes_and_passes_the_marker(fk):
    s = fk.table({"jack-skellington": (4, 1), "vampire": (8, 8)})
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "ability:hail-to-the-pumpkin-king")  # blue token onto space 2
    s.choose(0, "stay")
    assert s.view(None)["sides"][0]["cooldown"][1]["things"] == ["token:blue-1"]
    assert s.view(None)["sides"][0]["pool"] == ["gold"]
    s.choose(0, "end")
    s.choose(1, "pick:vampire")
    s.choose(1, "end")  # every character is exhausted: the round ends
    view = s.view(None)
    assert view["round"] == 2 and view["first_side"] == 1 and view["turn_side"] == 1
    assert view["sides"][0]["cooldown"][0]["things"] == ["token:blue-1"]
    assert not any(p["exhausted"] for p in view["pieces"] if p["square"] is not None)
    for seat, piece in ((1, "vampire"), (0, "jack-skellington"), (1, "sally"), (0, "mummy")):
        s.choose(seat, f"pick:{piece}")  # off-map pieces were refreshed too: they take turns
        s.choose(seat, "end")
    # round 2 ends: the token shifts off space 1 back to the pool
    assert sorted(s.view(None)["sides"][0]["pool"]) == ["blue", "gold"]
    s.leave_open(0, "turn")
    s.finish()


@shows("funkoverse.cooldown.return.character", "funkoverse.placing.returning")
def test_a_knocked_out_character_returns_to_its_starting_area_after_cooldown(fk):
    def edit(state):
        state.sides[1].cooldown.place("piece:vampire", 1)

    s = fk.table({"jack-skellington": (4, 1), "sally": (8, 8)}, edit=edit)
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "end")
    s.choose(1, "pick:sally")
    s.choose(1, "end")
    prompt = s.expect(1, "place")
    squares = {c.id for c in prompt.choices}
    assert squares == {f"place:{x},{y}" for x in (8, 9, 10) for y in (9, 10)}  # the blue area
    s.choose(1, "place:8,9")
    assert _piece(s, "vampire")["square"] == [8, 9]
    s.leave_open(1, "turn")
    s.finish()


@shows("funkoverse.abilities.no-token")
def test_no_matching_token_no_ability(fk):
    def edit(state):
        state.sides[0].pool = ["gold-2"]

    s = fk.table({"jack-skellington": (4, 1), "vampire": (8, 8)}, edit=edit)
    s.choose(0, "pick:jack-skellington")
    assert "ability:hail-to-the-pumpkin-king" not in fk.ids(s, 0, "action")
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.cost.decrease")
def test_a_decreased_cost_moves_the_token_down_and_below_1_needs_no_token(fk):
    # The Pumpkin King status lowers the holder's costs by 1 (authored card).
    def edit(state):
        state.pieces["dr-finkelstein"].statuses.append("pumpkin-king")

    s = fk.table(
        {"dr-finkelstein": (3, 1), "vampire": (5, 1)}, options={"lineup": fk.FINKELSTEIN_FIRST}, edit=edit
    )
    s.choose(0, "pick:dr-finkelstein")
    s.choose(0, "ability:brain-scratch")  # cost 1 - 1 = 0: free
    [used] = s.events(kind="ability", since_last=True)
    assert used.data["cost"] == 0 and used.data["space"] is None
    assert sorted(s.view(None)["sides"][0]["pool"]) == ["blue", "gold"]
    s.choose(0, "target:vampire")
    assert len(s.events(kind="challenge", since_last=True)[0].data["attack"]) == 3  # 2 + 1 extra die
    s.choose(0, "ability:faithful-servant")  # cost 2 - 1 = 1
    assert s.view(None)["sides"][0]["cooldown"][0]["things"] == ["token:gold-2"]
    s.leave_open(0, "place-minion")
    s.finish()


@shows("funkoverse.cost.increase")
def test_an_increased_cost_above_4_puts_the_token_on_space_4():
    side = Side(seats=[0], bases=["red"], pool=["gold-1"], cooldown=CooldownTrack())
    assert rules.pay(side, "gold", 6) == 4
    assert side.cooldown.items_on(4) == ["token:gold-1"] and side.pool == []
