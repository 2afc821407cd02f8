"""Challenges: the rulebook's examples (a basic challenge, knocking out, a ranged
challenge blocked by an obstruction), ties, and what a challenge action needs."""

from __future__ import annotations

from nbc.core.testkit.ruletests import shows

# Oogie Boogie's Lair, rows 0-2 between columns 3 and 8 are open floor.


@shows(
    "funkoverse.challenge.basic",
    "funkoverse.challenge.knock-down",
    "funkoverse.challenge.defense",
    "funkoverse.basic.knocked-down-side",
    "funkoverse.challenge.win",
)
def test_basic_challenge_with_more_successes_knocks_a_standing_rival_down(fk):
    # Rulebook example: A rolls 2 dice against Z's defense 2; 3 successes beat 2.
    def build(seed):
        return fk.table({"jack-skellington": (4, 1), "vampire": (5, 1)}, seed=seed)

    s, roll = fk.with_rolls(
        build,
        lambda s: (s.choose(0, "pick:jack-skellington"), s.choose(0, "challenge:vampire")),
        lambda d: d["attack_successes"] == 3 and d["defense_successes"] == 2,
    )
    assert len(roll["attack"]) == 2 and len(roll["defense"]) == 2
    vampire = next(p for p in s.view(None)["pieces"] if p["id"] == "vampire")
    assert vampire["standing"] is False and vampire["square"] == [5, 1]
    assert s.events(kind="knocked-down", since_last=True)
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.challenge.win")
def test_a_tie_does_nothing(fk):
    def build(seed):
        return fk.table({"jack-skellington": (4, 1), "vampire": (5, 1)}, seed=seed)

    s, roll = fk.with_rolls(
        build,
        lambda s: (s.choose(0, "pick:jack-skellington"), s.choose(0, "challenge:vampire")),
        lambda d: d["attack_successes"] == d["defense_successes"],
    )
    assert roll["won"] is False
    assert all(p["standing"] for p in s.view(None)["pieces"] if p["id"] == "vampire")
    s.leave_open(0, "action")
    s.finish()


@shows(
    "funkoverse.challenge.knock-out",
    "funkoverse.first-game.knock-out-point",
    "funkoverse.first-game.one-point-each",
    "funkoverse.cooldown.own-track",
)
def test_a_knocked_down_rival_that_loses_is_knocked_out_to_space_1_and_scores(fk):
    # Rulebook example: Z already knocked down loses again and goes to space 1.
    def build(seed):
        return fk.table({"jack-skellington": (4, 1), "vampire": (5, 1)}, seed=seed, down=("vampire",))

    s, roll = fk.with_rolls(
        build,
        lambda s: (s.choose(0, "pick:jack-skellington"), s.choose(0, "challenge:vampire")),
        lambda d: d["won"],
    )
    view = s.view(None)
    vampire = next(p for p in view["pieces"] if p["id"] == "vampire")
    assert vampire["square"] is None and vampire["cooldown_space"] == 1
    assert view["sides"][1]["cooldown"][0]["things"] == ["piece:vampire"]
    assert view["sides"][0]["points"] == 1
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.challenge.knocked-down-state")
def test_a_character_challenged_three_times_is_knocked_down_then_out_by_two_allies(fk):
    # Rulebook example "knocking out": A knocks Z down, then ally B knocks it out.
    def build(seed):
        return fk.table({"jack-skellington": (4, 1), "mummy": (6, 1), "vampire": (5, 1)}, seed=seed)

    def act(s):
        s.choose(0, "pick:jack-skellington")
        s.choose(0, "challenge:vampire")

    s, _ = fk.with_rolls(build, act, lambda d: d["won"])
    s.choose(0, "end")
    s.choose(1, "pick:vampire")  # the knocked-down Vampire may only rally or end
    assert fk.ids(s, 1, "action") == {"rally", "end"}
    s.choose(1, "end")
    s.choose(0, "pick:mummy")
    s.choose(0, "challenge:vampire")
    [challenge] = s.events(kind="challenge", since_last=True)
    if challenge.data["won"]:
        assert s.events(kind="knocked-out", since_last=True)
    else:
        assert not s.events(kind="knocked-out", since_last=True)
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.challenge.range", "funkoverse.sight.obstruction")
def test_ranged_challenge_targets_a_visible_rival_but_not_one_behind_an_obstruction(fk):
    # Rulebook example: range 3 challenge 2 (Brain Scratch). Rival Y is in range but an
    # obstruction (the roulette table's closed leg on (4, 4) of the Lair) hides it.
    s = fk.table(
        {"dr-finkelstein": (3, 4), "sally": (3, 2), "vampire": (5, 4)},
        options={"lineup": fk.FINKELSTEIN_FIRST},
    )
    s.choose(0, "pick:dr-finkelstein")
    assert "ability:brain-scratch" in fk.ids(s, 0, "action")
    s.choose(0, "ability:brain-scratch")
    assert fk.ids(s, 0, "challenge") == {"target:sally"}
    s.choose(0, "target:sally")  # the Arm is not on the map: no Rag Doll question
    assert s.events(kind="challenge", since_last=True)[0].data["target"] == "sally"
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.challenge-action.needs-target")
def test_a_challenge_action_needs_a_possible_target(fk):
    s = fk.table({"jack-skellington": (4, 1), "vampire": (8, 1)})
    s.choose(0, "pick:jack-skellington")
    offered = fk.ids(s, 0, "action")
    assert not any(c.startswith("challenge:") for c in offered)
    assert "ability:this-is-halloween" not in offered and "ability:whats-this" not in offered
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.challenge.number", "funkoverse.challenge.multiple", "funkoverse.rival.definition")
def test_this_is_halloween_challenges_each_adjacent_standing_rival_one_at_a_time(fk):
    s = fk.table(
        {"jack-skellington": (4, 1), "vampire": (5, 1), "sally": (4, 0), "detachable-arm": (3, 1)},
        down=("vampire",),
    )
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "ability:this-is-halloween")
    s.choose(1, "stay")  # Sally is challenged first: Rag Doll asks her player
    targets = [e.data["target"] for e in s.events(kind="challenge")]
    assert targets == ["sally", "detachable-arm"]  # the knocked-down Vampire is not challenged
    assert all(len(e.data["attack"]) == 3 for e in s.events(kind="challenge"))
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.challenge.multiple")
def test_multiple_challenges_roll_separately(fk):
    s = fk.table({"jack-skellington": (4, 1), "vampire": (5, 1), "mummy": (8, 8)})
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "challenge:vampire")
    s.choose(0, "challenge:vampire")
    assert len(s.events(kind="challenge")) == 2
    s.leave_open(1, "turn")
    s.finish()
