"""Set-up as the players make it at the table: the First Player marker, then each
pair's character, then who holds each side's item or companion, then (Leaders) the
secret leaders, then placing; and the options that pre-set the same decisions."""

from __future__ import annotations

import pytest

from nbc.core.errors import IllegalChoice
from nbc.core.testkit.ruletests import shows
from nbc.core.testkit.scenario import Scenario


def _first(s) -> int:
    return s.view(None)["first_side"]


@shows(
    "funkoverse.setup.order",
    "funkoverse.setup.basic-character",
    "funkoverse.setup.character",
    "funkoverse.setup.character-pieces",
    "funkoverse.mixing.same-name",
)
def test_players_choose_their_characters_one_pair_at_a_time_from_the_first_player(fk):
    s = Scenario(fk.GAME, "first-game", players=2, seed=0)
    first = _first(s)
    other = 1 - first
    prompt = s.expect(first, "character")
    assert {c.id for c in prompt.choices} == {
        "character:jack-skellington",
        "character:sally",
        "character:oogie-boogie",
        "character:dr-finkelstein",
    }
    assert s.view(None)["pieces"] == []  # nothing is in play before the characters are chosen
    s.choose(first, "character:oogie-boogie")
    # a character in play is not offered again: the box has one of each
    assert "character:oogie-boogie" not in fk.ids(s, other, "character")
    with pytest.raises(IllegalChoice):
        s.match.act(other, "character:oogie-boogie")
    s.choose(other, "character:sally")
    pairs = {p["seat"]: p["character"] for p in s.view(None)["pairs"]}
    assert pairs == {first: "oogie-boogie", other: "sally"}
    pieces = {p["id"]: p["seat"] for p in s.view(None)["pieces"]}
    basics = {0: "mummy", 1: "vampire"}  # basic character k goes with seat k
    assert pieces[basics[first]] == first and pieces[basics[other]] == other
    assert pieces["oogie-boogie"] == first and pieces["sally"] == other
    assert pieces["detachable-arm"] == other  # Sally's minion comes with her
    assert "jack-skellington" not in pieces
    s.leave_open(first, "place")  # placing begins with the first player
    s.finish()


@shows("funkoverse.setup.order", "funkoverse.teams.three-players", "funkoverse.teams.regular-scenarios")
def test_in_a_team_game_the_picks_alternate_between_the_sides(fk):
    s = Scenario(fk.GAME, "territory", players=3, seed=0, options={"extras": "none"})
    first = _first(s)
    order = []
    for _ in range(4):
        [prompt] = s.prompts()
        order.append(prompt.seat)
        s.choose(prompt.seat, prompt.choices[0].id)
    sides = [
        next(i for i, side in enumerate(s.view(None)["sides"]) if seat in side["seats"]) for seat in order
    ]
    assert sides[0] == first and sides == [first, 1 - first] * 2
    assert order.count(1) == 2  # with three players, seat 1 plays two pairs
    s.leave_open(s.prompts()[0].seat, "place")
    s.finish()


@shows("funkoverse.setup.order", "funkoverse.companion.attached")
def test_each_side_gives_its_companion_to_the_character_of_its_choice(fk):
    lineup = ["jack-skellington", "sally", "oogie-boogie", "dr-finkelstein"]
    s = Scenario(fk.GAME, "leaders", players=4, seed=2, options={"lineup": lineup})  # extras: Zero
    first = _first(s)
    side_seats = [side["seats"] for side in s.view(None)["sides"]]
    prompt = s.expect(side_seats[first][0], "gear")
    mine = {0: {"jack-skellington", "oogie-boogie"}, 1: {"sally", "dr-finkelstein"}}[first]
    assert {c.id for c in prompt.choices} == {f"gear:{hero}:zero" for hero in mine}
    hero = sorted(mine)[1]
    s.choose(side_seats[first][0], f"gear:{hero}:zero")
    zero = next(p for p in s.view(None)["pieces"] if p["id"] == f"zero-{first}")
    assert zero["owner"] == hero
    other = 1 - first
    theirs = {0: "jack-skellington", 1: "sally"}[other]
    s.choose(side_seats[other][0], f"gear:{theirs}:zero")
    # then the leaders, in secret, and only then the pieces are placed
    assert {p.kind for p in s.prompts()} == {"leader"}
    s.leave_open(side_seats[0][0], "leader")
    s.leave_open(side_seats[1][0], "leader")
    s.finish()


@shows("funkoverse.items.setup", "funkoverse.items.copy-per-side")
def test_a_side_with_one_way_to_give_its_item_is_not_asked(fk):
    # two players: each side has one character that can hold Fog Juice
    s = Scenario(fk.GAME, "territory", players=2, seed=1, options={"lineup": fk.LINEUPS["territory"]})
    assert {p.kind for p in s.prompts()} == {"place"}
    holders = {p["id"]: p["item"] for p in s.view(None)["pieces"] if p["item"]}
    assert holders == {"oogie-boogie": "Fog Juice", "dr-finkelstein": "Fog Juice"}
    assert len(s.events(kind="gear")) == 2
    s.leave_open(s.prompts()[0].seat, "place")
    s.finish()


@shows("funkoverse.items.setup", "funkoverse.companion.instead-of-item")
def test_with_extras_choose_each_side_brings_fog_juice_or_zero(fk):
    s = Scenario(
        fk.GAME,
        "first-game",
        players=2,
        seed=3,
        options={"lineup": fk.LINEUPS["first-game"], "extras": "choose"},
    )
    first = _first(s)
    hero = ["jack-skellington", "sally"][first]
    assert fk.ids(s, first, "gear") == {f"gear:{hero}:fog-juice", f"gear:{hero}:zero"}
    s.choose(first, f"gear:{hero}:zero")
    other_hero = ["jack-skellington", "sally"][1 - first]
    s.choose(1 - first, f"gear:{other_hero}:fog-juice")
    pieces = {p["id"]: p for p in s.view(None)["pieces"]}
    assert pieces[f"zero-{first}"]["owner"] == hero and pieces[other_hero]["item"] == "Fog Juice"
    s.leave_open(first, "place")
    s.finish()


def test_options_may_pre_set_the_characters_and_the_holders(fk):
    lineup = ["dr-finkelstein", "oogie-boogie", "sally", "jack-skellington"]
    options = {"mode": "teams", "lineup": lineup, "gear": {"sally": "zero", "jack-skellington": "fog-juice"}}
    s = Scenario(fk.GAME, "triumph", players=4, seed=0, options=options)
    assert {p.kind for p in s.prompts()} == {"place"}  # nothing left to choose
    pieces = {p["id"]: p for p in s.view(None)["pieces"]}
    assert pieces["zero-0"]["owner"] == "sally" and pieces["jack-skellington"]["item"] == "Fog Juice"
    assert [p["character"] for p in s.view(None)["pairs"]] == lineup
    s.leave_open(s.prompts()[0].seat, "place")
    s.finish()


@shows("funkoverse.teams.two-sided-scenarios")
def test_free_for_all_is_refused_for_the_two_sided_scenarios(fk):
    from nbc.core.errors import BadOptions
    from nbc.core.match import Match

    for variant in ("territory", "leaders"):
        with pytest.raises(BadOptions, match="played by two sides"):
            Match.new(fk.GAME, variant, {"mode": "free-for-all"}, 4)
    assert Match.new(fk.GAME, "triumph", {"mode": "free-for-all"}, 4).state.mode == "free-for-all"
