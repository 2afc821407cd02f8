"""Rules of the instructions that no other test showed, each in a position on the
game's own maps (see conftest.py) and marked with the clause it shows
(data/rules.toml). Oogie Boogie's Lair: a wall between (3, 3) and (4, 3), a post on
corner (3, 3) with a wall from it between (2, 2) and (2, 3), closed squares (4, 4),
(6, 4), (4, 6), (6, 6); rows 0-2 between the starting areas are open floor."""

from __future__ import annotations

from nbc.core.grid import chebyshev
from nbc.core.testkit.ruletests import shows
from nbc.core.testkit.scenario import Scenario
from nbc.plugins.funkoverse import rules
from nbc.plugins.funkoverse.effects import CARDS, HEROES, grid

LAIR = "oogie-boogies-lair"
TOWN = "halloween-town"


def _piece(s, piece_id):
    return next(p for p in s.view(None)["pieces"] if p["id"] == piece_id)


def _marker(s, marker_id):
    return next(m for m in s.view(None)["markers"] if m["id"] == marker_id)


def _end_round(s, order):
    for seat, piece in order:
        s.choose(seat, f"pick:{piece}")
        s.choose(seat, "end")


def _squares(choices, verb):
    return {c.id.removeprefix(f"{verb}:") for c in choices if c.id.startswith(f"{verb}:")}


def _leave_all(s):
    for prompt in s.prompts():
        s.leave_open(prompt.seat, prompt.kind)
    s.finish()


def _area(glyph, map_name=LAIR):
    return {f"{x},{y}" for x, y in rules.area(map_name, glyph)}


# -- set-up ------------------------------------------------------------------------------


@shows("funkoverse.setup.ability-pool")
def test_each_side_pools_one_ability_token_per_coloured_dot_of_its_characters(fk):
    for players, mode in ((2, "teams"), (4, "teams"), (3, "free-for-all")):
        s = fk.table({}, players=players, options={"mode": mode})
        for side in s.view(None)["sides"]:
            heroes = [p for p in s.state.pieces.values() if p.side == side["index"] and p.kind == "character"]
            dots = sorted(colour for hero in heroes for colour in CARDS[hero.card].tokens)
            assert sorted(side["pool"]) == dots and dots  # basic characters bring no tokens
        _leave_all(s)


@shows("funkoverse.first-game.setup.lair", "funkoverse.first-game.setup.left-out")
def test_the_first_game_is_played_on_the_lair_without_companion_item_or_markers(fk):
    s = Scenario(fk.GAME, "first-game", players=2, seed=0, options={"lineup": fk.LINEUPS["first-game"]})
    view = s.view(None)
    assert view["map"]["id"] == LAIR and view["extras"] == "none" and view["markers"] == []
    assert {p["kind"] for p in view["pieces"]} == {"character", "basic", "minion"}  # no companion
    assert not any(p["item"] for p in view["pieces"])
    # each player keeps a track of its own, spaces 1 to 4
    assert [[c["space"] for c in side["cooldown"]] for side in view["sides"]] == [[1, 2, 3, 4]] * 2
    s.leave_open(s.prompts()[0].seat, "place")
    s.finish()


@shows("funkoverse.setup.first-player")
def test_chance_gives_the_first_player_marker_to_any_side(fk):
    for players, mode in ((2, "teams"), (3, "free-for-all")):
        firsts = {
            Scenario(fk.GAME, "first-game", players=players, seed=seed, options={"mode": mode}).view(None)[
                "first_side"
            ]
            for seed in range(40)
        }
        assert firsts == set(range(players))


@shows("funkoverse.setup.placing-order", "funkoverse.setup.starting-area")
def test_the_first_player_places_first_then_the_others_clockwise_in_their_areas(fk):
    for seed in range(3):
        s = Scenario(
            fk.GAME,
            "first-game",
            players=3,
            seed=seed,
            options={"mode": "free-for-all", "lineup": fk.LINEUPS["first-game"]},
        )
        first = s.view(None)["first_side"]
        sides = []
        while s.state.placing:
            [prompt] = s.prompts()
            piece = next(p for p in s.view(None)["pieces"] if p["id"] == s.state.placing[0])
            sides.append(piece["side"])
            offered = {c.id.removeprefix("place:") for c in prompt.choices}
            if piece["kind"] == "minion":  # Sally's Arm starts next to her
                sally = _piece(s, "sally")["square"]
                assert all(chebyshev(rules.parse_sq(sq), tuple(sally)) == 1 for sq in offered)
            else:
                taken = {f"{x},{y}" for x, y in rules.occupants(s.state)}
                assert offered == _area(rules.BASE_GLYPHS[piece["base"]]) - taken, piece["id"]
            assert prompt.seat == piece["seat"]
            s.choose(prompt.seat, prompt.choices[0].id)
        order = [(first + step) % 3 for step in range(3)]
        assert [side for i, side in enumerate(sides) if i == 0 or sides[i - 1] != side] == order
        _leave_all(s)


@shows("funkoverse.setup.open-choices")
def test_the_characters_are_chosen_in_the_open(fk):
    s = Scenario(fk.GAME, "first-game", players=2, seed=0)
    first = s.view(None)["first_side"]
    s.choose(first, "character:sally")
    for seat in (0, 1, None):
        assert [p["character"] for p in s.view(seat)["pairs"]].count("sally") == 1
    s.leave_open(1 - first, "character")
    s.finish()


# -- taking a turn ---------------------------------------------------------------------------


@shows("funkoverse.turn.choose", "funkoverse.turn.exhaust")
def test_an_exhausted_character_takes_no_second_turn_in_the_round(fk):
    s = fk.table({"jack-skellington": (4, 1), "mummy": (3, 1), "vampire": (8, 8), "sally": (9, 8)})
    assert fk.ids(s, 0, "turn") == {"pick:jack-skellington", "pick:mummy"}
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "end")
    assert _piece(s, "jack-skellington")["exhausted"] is True
    s.choose(1, "pick:vampire")
    s.choose(1, "end")
    assert fk.ids(s, 0, "turn") == {"pick:mummy"}
    s.leave_open(0, "turn")
    s.finish()


@shows("funkoverse.turn.side-done")
def test_a_side_with_no_character_left_is_passed_over(fk):
    s = fk.table({"jack-skellington": (4, 1), "mummy": (3, 1), "vampire": (8, 8)})
    _end_round(s, [(0, "jack-skellington"), (1, "vampire")])
    assert s.view(None)["turn_side"] == 0 and s.view(None)["round"] == 1  # side 1 has none left
    s.choose(0, "pick:mummy")
    s.choose(0, "end")
    assert s.view(None)["round"] == 2
    s.leave_open(1, "turn")
    s.finish()


@shows("funkoverse.round.cooldown-order")
def test_cooldown_starts_with_the_track_of_the_first_player(fk):
    def edit(state):
        for side, token in ((0, "gold-2"), (1, "silver-2")):
            state.sides[side].pool.remove(token)
            state.sides[side].cooldown.place(f"token:{token}", 1)

    s = fk.table({"jack-skellington": (4, 1), "vampire": (8, 8)}, turn=1, edit=edit)
    _end_round(s, [(1, "vampire"), (0, "jack-skellington")])
    returns = [e.data["side"] for e in s.events(kind="returns", since_last=True)]
    assert returns == [1, 0]
    s.leave_open(0, "turn")
    s.finish()


@shows("funkoverse.basic.no-special-actions")
def test_a_basic_character_has_only_the_basic_actions(fk):
    s = fk.table({"mummy": (4, 1), "vampire": (5, 1), "jack-skellington": (3, 1), "sally": (8, 8)})
    s.choose(0, "pick:mummy")
    assert fk.ids(s, 0, "action") == {"move", "challenge:vampire", "end"}
    s.choose(0, "end")
    s.choose(1, "pick:vampire")
    s.choose(1, "end")
    s.choose(0, "pick:jack-skellington")
    assert any(c.startswith("ability:") for c in fk.ids(s, 0, "action"))  # the full character has some
    s.leave_open(0, "action")
    s.finish()


# -- moving ---------------------------------------------------------------------------------


def _moves(s, seat, piece):
    s.choose(seat, f"pick:{piece}")
    s.choose(seat, "move")
    return _squares(s.expect(seat, "move").choices, "to")


@shows("funkoverse.move.basic", "funkoverse.move.straight-or-diagonal")
def test_a_basic_move_goes_up_to_2_squares_straight_or_diagonally(fk):
    s = fk.table({"mummy": (5, 1), "vampire": (8, 8)})
    moves = _moves(s, 0, "mummy")
    assert {"6,1", "7,1", "3,1", "5,3", "4,3", "6,3", "6,2", "7,2", "3,0"} <= moves
    assert all(chebyshev(rules.parse_sq(sq), (5, 1)) <= 2 for sq in moves)
    assert "8,1" not in moves and "5,4" not in moves
    s.leave_open(0, "move")
    s.finish()


@shows("funkoverse.move.special")
def test_a_move_given_by_an_ability_a_trait_or_an_item_covers_what_it_says(fk):
    s = fk.table({"jack-skellington": (5, 1), "vampire": (8, 8)}, options={"extras": "fog-juice"})
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "ability:hail-to-the-pumpkin-king")  # move up to 1
    hail = _squares(s.expect(0, "move").choices, "to")
    assert hail and all(chebyshev(rules.parse_sq(sq), (5, 1)) == 1 for sq in hail) and "6,2" in hail
    s.choose(0, "stay")
    s.choose(0, "item:fog-juice")  # Fog Juice: up to 2
    fog = _squares(s.expect(0, "move").choices, "to")
    assert "7,1" in fog and all(chebyshev(rules.parse_sq(sq), (5, 1)) <= 2 for sq in fog)
    s.leave_open(0, "move")
    s.finish()
    s = fk.table({"jack-skellington": (5, 1), "vampire": (8, 8)})
    assert "8,1" in _moves(s, 0, "jack-skellington")  # Long Stride: Jack's basic move is 3
    s.leave_open(0, "move")
    s.finish()


@shows("funkoverse.move.between-rivals")
def test_a_diagonal_step_between_two_rivals_is_allowed(fk):
    # (5, 2) shares no side with (4, 1) but the corner; the squares beside it hold rivals
    s = fk.table({"mummy": (4, 1), "vampire": (5, 1), "sally": (4, 2), "jack-skellington": (8, 8)})
    assert "5,2" in _moves(s, 0, "mummy")
    s.leave_open(0, "move")
    s.finish()


# -- adjacency and sight --------------------------------------------------------------------


@shows("funkoverse.adjacency.obstruction")
def test_an_obstructed_corner_breaks_diagonal_adjacency(fk):
    # the post on corner (3, 3) sits between (2, 2) and (3, 3)
    s = fk.table({"jack-skellington": (2, 2), "vampire": (3, 3), "sally": (3, 2)})
    s.choose(0, "pick:jack-skellington")
    offered = fk.ids(s, 0, "action")
    assert "challenge:sally" in offered and "challenge:vampire" not in offered
    s.leave_open(0, "action")
    s.finish()


def _ranged_targets(fk, at, down=(), **kw):
    s = fk.table(at, down=down, options={"lineup": fk.FINKELSTEIN_FIRST}, **kw)
    s.choose(0, "pick:dr-finkelstein")
    s.choose(0, "ability:brain-scratch")
    return {c.id.removeprefix("target:") for c in s.expect(0, "challenge").choices}


@shows("funkoverse.sight.unseen-rival")
def test_a_standing_rival_the_viewer_cannot_see_hides_nothing_behind_it(fk):
    # The line (2, 1) -> (5, 3) crosses the Vampire's square (4, 3), but the wall's end
    # on corner (4, 3) hides the Vampire from the doctor; Sally behind it is seen.
    g = grid(LAIR)
    assert (4, 3) in g.squares_crossed((2, 1), (5, 3)) and not g.line_clear((2, 1), (4, 3))
    assert _ranged_targets(fk, {"dr-finkelstein": (2, 1), "vampire": (4, 3), "sally": (5, 3)}) == {"sally"}


@shows("funkoverse.range.counting")
def test_range_is_counted_straight_over_obstructions(fk):
    # (2, 3) is 3 squares from (5, 1), but a walk there takes 4 steps (the post and walls)
    assert grid(LAIR).reachable((5, 1), 6, 0, {})[(2, 3)] == 4
    assert _ranged_targets(fk, {"dr-finkelstein": (5, 1), "vampire": (2, 3), "sally": (9, 9)}) == {"vampire"}


@shows("funkoverse.markers.sight")
def test_markers_do_not_block_sight(fk):
    # Halloween Town: point marker A lies on (1, 5), between the doctor and the Vampire
    at = {"dr-finkelstein": (1, 3), "vampire": (1, 6), "sally": (8, 8)}
    assert _marker(fk.table(at, variant="territory", options={"lineup": fk.FINKELSTEIN_FIRST}), "A")[
        "square"
    ] == [1, 5]
    assert _ranged_targets(fk, at, variant="territory") == {"vampire"}


@shows(
    "funkoverse.markers.share-square", "funkoverse.point-marker.interact", "funkoverse.markers.not-targets"
)
def test_a_character_may_stand_on_a_point_markers_square_and_take_it_there(fk):
    s = fk.table({"mummy": (1, 4), "vampire": (1, 6), "sally": (8, 8)}, variant="territory")
    s.choose(0, "pick:mummy")
    s.choose(0, "move")
    assert "to:1,5" in fk.ids(s, 0, "move")
    s.choose(0, "to:1,5")
    offered = fk.ids(s, 0, "action")
    assert "interact:A" in offered
    # the marker is no target: only the Vampire next to it can be challenged
    assert {c for c in offered if c.startswith("challenge:")} == {"challenge:vampire"}
    s.choose(0, "interact:A")
    assert s.view(None)["sides"][0]["points"] == 1 and _marker(s, "A")["square"] is None
    s.leave_open(1, "turn")
    s.finish()


@shows("funkoverse.markers.adjacency")
def test_a_marker_behind_a_wall_is_not_adjacent(fk):
    # Triumph: the triumph marker lies where its carrier fell, on (4, 3) by the wall
    def edit(state):
        state.markers["T"].square = (4, 3)

    s = fk.table({"mummy": (3, 3), "vampire": (8, 8)}, variant="triumph", edit=edit)
    s.choose(0, "pick:mummy")
    assert "interact:T" not in fk.ids(s, 0, "action")
    s.choose(0, "move")
    s.choose(0, "to:3,2")  # (3, 2) and (4, 3) meet at the wall's end: still no
    assert "interact:T" not in fk.ids(s, 0, "action")
    s.choose(0, "move")
    s.choose(0, "to:4,2")
    s.leave_open(1, "turn")
    s.finish()
    s = fk.table({"mummy": (4, 2), "vampire": (8, 8)}, variant="triumph", edit=edit)
    s.choose(0, "pick:mummy")
    assert "interact:T" in fk.ids(s, 0, "action")
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.map.enclosed")
def test_a_closed_square_is_never_entered_nor_placed_on(fk):
    # the roulette table's leg (4, 4) is closed; the doctor stands beside it
    s = fk.table({"dr-finkelstein": (3, 4), "vampire": (8, 8)}, options={"lineup": fk.FINKELSTEIN_FIRST})
    s.choose(0, "pick:dr-finkelstein")
    s.choose(0, "ability:faithful-servant")
    squares = _squares(s.expect(0, "place-minion").choices, "square")
    assert "4,4" not in squares and {"3,3", "3,5", "2,4"} <= squares
    s.choose(0, "square:3,5")
    s.choose(0, "move")
    moves = fk.ids(s, 0, "move")
    assert "to:4,4" not in moves and {"to:4,5", "to:5,5"} <= moves
    s.leave_open(0, "move")
    s.finish()


# -- challenges -------------------------------------------------------------------------------


@shows("funkoverse.challenge.no-ally", "funkoverse.ally.minions")
def test_allies_and_their_minions_are_never_challenged(fk):
    s = fk.table(
        {"sally": (5, 1), "detachable-arm": (6, 1), "vampire": (4, 1), "jack-skellington": (5, 2)}, turn=1
    )
    s.choose(1, "pick:sally")
    assert {c for c in fk.ids(s, 1, "action") if c.startswith("challenge:")} == {"challenge:jack-skellington"}
    s.leave_open(1, "action")
    s.finish()


def _basic_challenge(fk, want, **kw):
    def build(seed):
        return fk.table({"jack-skellington": (4, 1), "vampire": (5, 1)}, seed=seed, **kw)

    return fk.with_rolls(
        build, lambda s: (s.choose(0, "pick:jack-skellington"), s.choose(0, "challenge:vampire")), want
    )


def _successes(faces):
    return faces.count("success") + 3 * faces.count("triple")


@shows("funkoverse.challenge.successes")
def test_a_success_face_counts_1_and_a_triple_face_3_on_both_sides(fk):
    for side in ("attack", "defense"):
        s, roll = _basic_challenge(fk, lambda d, side=side: "triple" in d[side] and "success" in d[side])
        assert roll["attack_successes"] == _successes(roll["attack"])
        assert roll["defense_successes"] == _successes(roll["defense"])
        s.leave_open(0, "action")
        s.finish()


@shows("funkoverse.challenge.win")
def test_a_challenger_with_fewer_successes_loses_and_nothing_happens(fk):
    s, roll = _basic_challenge(fk, lambda d: d["attack_successes"] < d["defense_successes"])
    assert roll["won"] is False
    assert _piece(s, "vampire")["standing"] is True and _piece(s, "jack-skellington")["standing"] is True
    assert not s.events(kind="knocked-down", since_last=True)
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.challenge.defense")
def test_the_defender_rolls_as_many_dice_as_its_defense(fk):
    def build(seed):
        return fk.table(
            {"oogie-boogie": (4, 1), "vampire": (5, 1)}, options={"lineup": fk.OOGIE_FIRST}, turn=1, seed=seed
        )

    s, roll = fk.with_rolls(
        build, lambda s: (s.choose(1, "pick:vampire"), s.choose(1, "challenge:oogie-boogie")), lambda d: True
    )
    assert len(roll["defense"]) == CARDS["oogie-boogie"].defense == _piece(s, "oogie-boogie")["defense"]
    assert len(roll["defense"]) != CARDS["vampire"].defense  # not the challenger's
    s.leave_open(1, "action")
    s.finish()


# -- abilities and traits ---------------------------------------------------------------------


@shows("funkoverse.abilities.no-target-ends")
def test_an_ability_whose_challenge_finds_no_target_ends_there(fk):
    # What Have We Here?: a move, a challenge 4, then the Oogie dice; Oogie walks away
    s = fk.table(
        {"oogie-boogie": (4, 1), "vampire": (6, 1), "sally": (9, 9)}, options={"lineup": fk.OOGIE_FIRST}
    )
    s.choose(0, "pick:oogie-boogie")
    s.choose(0, "ability:what-have-we-here")
    s.choose(0, "to:2,1")
    assert s.events(kind="fizzle", since_last=True)
    assert not s.events(kind="challenge") and not s.events(kind="oogie-roll")
    assert s.view(None)["sides"][0]["cooldown"][2]["things"] == ["token:gold-1"]  # the cost stays paid
    assert s.view(None)["actions_left"] == 1 and s.expect(0, "action")
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.abilities.challenge-action")
def test_an_ability_without_the_challenge_mark_needs_no_target(fk):
    s = fk.table({"dr-finkelstein": (3, 1), "vampire": (9, 9)}, options={"lineup": fk.FINKELSTEIN_FIRST})
    s.choose(0, "pick:dr-finkelstein")
    offered = fk.ids(s, 0, "action")
    # Faithful Servant leads to Igor's basic action, a challenge maybe, but is no challenge action
    assert "ability:faithful-servant" in offered
    assert "ability:brain-scratch" not in offered and "ability:its-alive" not in offered
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.abilities.types")
def test_the_boxs_characters_use_three_types_of_ability_token(fk):
    colours = {colour for hero in HEROES for colour in CARDS[hero].tokens}
    assert len(colours) == 3
    for hero in HEROES:
        assert len(CARDS[hero].tokens) == 2
        assert all(a.token in CARDS[hero].tokens for a in CARDS[hero].ability)


@shows("funkoverse.traits.no-token")
def test_a_trait_works_all_the_time_without_a_token(fk):
    s = fk.table({"jack-skellington": (4, 1), "vampire": (9, 9)})
    pool = s.view(None)["sides"][0]["pool"]
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "move")
    s.choose(0, "to:7,1")  # Long Stride: 3 squares
    assert s.view(None)["sides"][0]["pool"] == pool
    assert all(not c["things"] for c in s.view(None)["sides"][0]["cooldown"])
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.traits.down-or-out")
def test_a_trait_keeps_working_while_its_character_is_knocked_down_or_out(fk):
    # Mad Scientist with the doctor knocked out (on the track): Igor still acts
    def edit(state):
        state.pieces["dr-finkelstein"].exhausted = False
        state.sides[0].cooldown.place("piece:dr-finkelstein", 2)

    s = fk.table({"igor": (4, 1), "vampire": (5, 1)}, options={"lineup": fk.FINKELSTEIN_FIRST}, edit=edit)
    s.choose(0, "pick:dr-finkelstein")
    s.choose(0, "end")
    assert s.state.frames[-1].piece == "igor" and "challenge:vampire" in fk.ids(s, 0, "action")
    s.leave_open(0, "action")
    s.finish()
    # Rag Doll with Sally knocked down: her player is still asked
    s = fk.table({"jack-skellington": (4, 1), "sally": (5, 1), "detachable-arm": (8, 1)}, down=("sally",))
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "challenge:sally")
    assert s.expect(1, "rag-doll")
    s.leave_open(1, "rag-doll")
    s.finish()


@shows("funkoverse.abilities.granted-to-knocked-down", "funkoverse.abilities.in-order")
def test_a_basic_action_granted_to_a_knocked_down_ally_can_only_be_passed(fk):
    # Snake and Spider Stew: put an ally next to Oogie, then the Oogie dice, then on 7
    # or more that ally does a basic action; the Mummy is knocked down
    for seed in range(100):
        s = fk.table(
            {"oogie-boogie": (4, 1), "mummy": (4, 3), "vampire": (9, 9)},
            options={"lineup": fk.OOGIE_FIRST},
            down=("mummy",),
            seed=seed,
        )
        s.choose(0, "pick:oogie-boogie")
        s.choose(0, "ability:snake-and-spider-stew")
        s.choose(0, "ally:mummy")
        assert not s.events(kind="oogie-roll", since_last=True)  # the dice come after the placing
        s.choose(0, "square:4,2")
        [roll] = s.events(kind="oogie-roll", since_last=True)
        if roll.data["total"] >= 7:
            break
    else:
        raise AssertionError("no seed rolls 7 or more")
    assert _piece(s, "mummy")["square"] == [4, 2] and _piece(s, "mummy")["standing"] is False
    assert s.state.frames[-1].piece == "mummy" and fk.ids(s, 0, "action") == {"end"}
    s.choose(0, "end")
    assert s.state.frames[-1].piece == "oogie-boogie"
    s.leave_open(0, "action")
    s.finish()


# -- minions, placing, statuses --------------------------------------------------------------


@shows("funkoverse.minion.removed")
def test_a_minion_that_loses_a_challenge_is_removed_and_scores_nothing(fk):
    def build(seed):
        return fk.table(
            {"igor": (4, 1), "vampire": (5, 1), "dr-finkelstein": (1, 1)},
            options={"lineup": fk.FINKELSTEIN_FIRST},
            turn=1,
            seed=seed,
        )

    s, _ = fk.with_rolls(
        build, lambda s: (s.choose(1, "pick:vampire"), s.choose(1, "challenge:igor")), lambda d: d["won"]
    )
    igor = _piece(s, "igor")
    assert igor["square"] is None and igor["cooldown_space"] is None and igor["standing"] is True
    assert not s.events(kind="knocked-down") and not s.events(kind="knocked-out")
    assert [side["points"] for side in s.view(None)["sides"]] == [0, 0]
    s.leave_open(1, "action")
    s.finish()


@shows("funkoverse.minion.credit")
def test_a_knock_out_made_by_a_minion_counts_for_its_character(fk):
    def build(seed):
        return fk.table(
            {"dr-finkelstein": (3, 0), "igor": (4, 1), "vampire": (5, 1)},
            options={"lineup": fk.FINKELSTEIN_FIRST},
            down=("vampire",),
            seed=seed,
        )

    def act(s):
        s.choose(0, "pick:dr-finkelstein")
        s.choose(0, "end")  # Mad Scientist: Igor does a basic action
        s.choose(0, "challenge:vampire")

    s, _ = fk.with_rolls(build, act, lambda d: d["won"])
    assert s.events(kind="knocked-out", since_last=True)[0].data["by"] == "igor"
    assert s.view(None)["sides"][0]["points"] == 1 and s.state.sides[0].scored == {"knock-out": 1}
    s.leave_open(1, "turn")
    s.finish()


@shows("funkoverse.minion.placing")
def test_a_minion_is_never_put_on_an_occupied_square(fk):
    s = fk.table(
        {"dr-finkelstein": (3, 1), "mummy": (4, 1), "vampire": (3, 0)},
        options={"lineup": fk.FINKELSTEIN_FIRST},
    )
    s.choose(0, "pick:dr-finkelstein")
    s.choose(0, "ability:faithful-servant")
    squares = _squares(s.expect(0, "place-minion").choices, "square")
    assert "4,1" not in squares and "3,0" not in squares and {"2,1", "4,2"} <= squares
    s.leave_open(0, "place-minion")
    s.finish()


@shows("funkoverse.minion.moves-like-a-character")
def test_a_minion_cannot_move_through_standing_rivals(fk):
    at = {
        "dr-finkelstein": (3, 1),
        "igor": (4, 1),
        "vampire": (5, 1),
        "sally": (5, 0),
        "detachable-arm": (5, 2),
    }
    s = fk.table(at, options={"lineup": fk.FINKELSTEIN_FIRST})
    s.choose(0, "pick:dr-finkelstein")
    s.choose(0, "end")  # Igor's basic action
    s.choose(0, "move")
    moves = _squares(s.expect(0, "move").choices, "to")
    assert not {"6,0", "6,1", "6,2"} & moves and "4,2" in moves
    s.leave_open(0, "move")
    s.finish()


@shows("funkoverse.placing.ignores-moving")
def test_putting_a_piece_somewhere_ignores_the_movement_rules(fk):
    # Detachable Arm: Sally is lifted into her Arm's square, past standing rivals that
    # fence her in and would stop any move
    at = {"sally": (4, 1), "jack-skellington": (5, 1), "mummy": (5, 0), "detachable-arm": (8, 1)}
    s = fk.table(at, turn=1)
    s.choose(1, "pick:sally")
    s.choose(1, "ability:detachable-arm")
    s.choose(1, "teleport")
    assert _piece(s, "sally")["square"] == [8, 1] and _piece(s, "detachable-arm")["square"] is None
    s.leave_open(1, "action")
    s.finish()


@shows("funkoverse.status.in-play")
def test_a_status_card_in_play_is_not_given_to_another(fk):
    def edit(state):
        state.pieces["mummy"].statuses.append("pumpkin-king")

    s = fk.table({"jack-skellington": (4, 1), "mummy": (2, 1), "vampire": (9, 9)}, edit=edit)
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "ability:hail-to-the-pumpkin-king")
    s.choose(0, "stay")
    assert _piece(s, "jack-skellington")["statuses"] == [] and _piece(s, "mummy")["statuses"] == [
        "The Pumpkin King"
    ]
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.status.discard")
def test_a_discarded_status_card_can_be_given_again(fk):
    # The Pumpkin King is discarded when its holder is knocked down (its card, authored)
    def build(seed):
        def edit(state):
            state.pieces["jack-skellington"].statuses.append("pumpkin-king")

        return fk.table(
            {"jack-skellington": (4, 1), "mummy": (3, 1), "vampire": (5, 1)}, turn=1, seed=seed, edit=edit
        )

    s, _ = fk.with_rolls(
        build,
        lambda s: (s.choose(1, "pick:vampire"), s.choose(1, "challenge:jack-skellington")),
        lambda d: d["won"],
    )
    assert _piece(s, "jack-skellington")["statuses"] == []
    s.choose(1, "end")
    s.choose(0, "pick:mummy")
    s.choose(0, "assist:jack-skellington")
    s.choose(0, "end")
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "ability:hail-to-the-pumpkin-king")
    s.choose(0, "stay")
    assert _piece(s, "jack-skellington")["statuses"] == ["The Pumpkin King"]
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.status.kept-when-knocked-out")
def test_a_knocked_out_character_keeps_its_status_cards(fk):
    def build(seed):
        def edit(state):
            state.pieces["jack-skellington"].statuses.append("pumpkin-king")

        return fk.table(
            {"jack-skellington": (4, 1), "vampire": (5, 1)},
            down=("jack-skellington",),
            turn=1,
            seed=seed,
            edit=edit,
        )

    s, _ = fk.with_rolls(
        build,
        lambda s: (s.choose(1, "pick:vampire"), s.choose(1, "challenge:jack-skellington")),
        lambda d: d["won"],
    )
    jack = _piece(s, "jack-skellington")
    assert jack["cooldown_space"] == 1 and jack["statuses"] == ["The Pumpkin King"]
    s.leave_open(1, "action")
    s.finish()


# -- items and companions ---------------------------------------------------------------------


@shows("funkoverse.items.use-action")
def test_using_an_item_is_one_of_the_two_actions(fk):
    s = fk.table({"jack-skellington": (4, 1), "vampire": (9, 9)}, options={"extras": "fog-juice"})
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "item:fog-juice")
    s.choose(0, "to:6,1")
    assert s.view(None)["actions_left"] == 1
    assert s.view(None)["sides"][0]["cooldown"][2]["things"] == ["item:jack-skellington"]  # its number: 3
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.items.cooling-down", "funkoverse.cooldown.return.item", "funkoverse.items.stays")
def test_an_item_on_the_track_cannot_be_used_until_it_returns_to_its_holder(fk):
    def edit(state):
        state.sides[0].cooldown.place("item:jack-skellington", 1)

    s = fk.table({"jack-skellington": (4, 1), "vampire": (9, 9)}, options={"extras": "fog-juice"}, edit=edit)
    s.choose(0, "pick:jack-skellington")
    assert (
        "item:fog-juice" not in fk.ids(s, 0, "action")
        and _piece(s, "jack-skellington")["item_ready"] is False
    )
    s.choose(0, "end")
    s.choose(1, "pick:vampire")
    s.choose(1, "end")  # the round ends: the card shifts off space 1
    jack = _piece(s, "jack-skellington")
    assert jack["item"] == "Fog Juice" and jack["item_ready"] is True
    s.choose(1, "pick:vampire")
    s.choose(1, "end")
    s.choose(0, "pick:jack-skellington")
    assert "item:fog-juice" in fk.ids(s, 0, "action")
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.companion.starting-area")
def test_zero_starts_in_its_starting_area_and_comes_back_there(fk):
    s = Scenario(
        fk.GAME, "first-game", players=2, seed=0, options=fk.preset("first-game", 2, {"extras": "zero"})
    )
    seen = set()
    while s.state.placing:
        [prompt] = s.prompts()
        piece = s.state.pieces[s.state.placing[0]]
        if piece.kind == "companion":
            taken = {f"{x},{y}" for x, y in rules.occupants(s.state)}
            assert {c.id.removeprefix("place:") for c in prompt.choices} == _area(
                rules.BASE_GLYPHS[piece.base]
            ) - taken
            seen.add(piece.id)
        s.choose(prompt.seat, prompt.choices[-1].id)
    assert seen == {"zero-0", "zero-1"}
    _leave_all(s)

    def edit(state):
        state.sides[0].cooldown.place("piece:zero-0", 1)

    s = fk.table({"jack-skellington": (4, 1), "vampire": (9, 9)}, options={"extras": "zero"}, edit=edit)
    _end_round(s, [(0, "jack-skellington"), (1, "vampire")])
    assert {c.id.removeprefix("place:") for c in s.expect(0, "place").choices} == _area("r")
    s.leave_open(0, "place")
    s.finish()


def _zero_moves(fk, at):
    s = fk.table({"jack-skellington": (1, 1), "zero-0": (4, 1), **at}, options={"extras": "zero"})
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "companion")
    s.choose(0, "move")
    moves = _squares(s.expect(0, "move").choices, "to")
    s.leave_open(0, "move")
    s.finish()
    return moves


@shows("funkoverse.companion.same-rules")
def test_zero_cannot_move_through_standing_rivals(fk):
    assert {"6,0", "6,1", "7,1"} <= _zero_moves(fk, {"vampire": (9, 9)})  # Zero moves up to 3
    moves = _zero_moves(fk, {"vampire": (5, 1), "sally": (5, 0), "detachable-arm": (5, 2)})
    assert not {"6,0", "6,1", "7,1"} & moves and "4,2" in moves


# -- more players ------------------------------------------------------------------------------


@shows("funkoverse.ffa.sides", "funkoverse.ffa.scenarios")
def test_in_free_for_all_every_other_player_is_an_opponent(fk):
    # seat 0 Jack, seat 1 the Vampire, seat 2 Oogie Boogie: three sides
    s = fk.table(
        {"jack-skellington": (4, 1), "oogie-boogie": (5, 1), "vampire": (6, 1)},
        players=3,
        options={"mode": "free-for-all"},
        turn=2,
    )
    assert [side["seats"] for side in s.view(None)["sides"]] == [[0], [1], [2]]
    s.choose(2, "pick:oogie-boogie")
    assert {"challenge:jack-skellington", "challenge:vampire"} <= fk.ids(s, 2, "action")
    s.leave_open(2, "action")
    s.finish()
    for variant in ("triumph", "infiltrate"):
        assert fk.GAME.variant(variant).options["mode"] == "free-for-all"


@shows("funkoverse.ffa.first-player", "funkoverse.turn.clockwise")
def test_in_free_for_all_turns_and_the_first_player_marker_go_clockwise(fk):
    at = {
        "jack-skellington": (4, 1),
        "mummy": (3, 1),
        "vampire": (9, 9),
        "sally": (9, 7),
        "oogie-boogie": (1, 9),
    }
    s = fk.table({**at, "witch": (1, 7)}, players=3, options={"mode": "free-for-all"})
    firsts, turns = [], []
    for _ in range(3):
        firsts.append(s.view(None)["first_side"])
        for _ in range(6):
            side = s.view(None)["turn_side"]
            turns.append(side)
            s.choose(side, s.expect(side, "turn").choices[0].id)
            s.choose(side, "end")
    assert firsts == [0, 1, 2] and s.view(None)["first_side"] == 0
    assert turns == [0, 1, 2] * 2 + [1, 2, 0] * 2 + [2, 0, 1] * 2
    s.leave_open(0, "turn")
    s.finish()


@shows("funkoverse.teams.one-side", "funkoverse.ally.teammates")
def test_teammates_share_one_pool_and_track_and_are_allies(fk):
    # four players: seats 0 (Jack) and 2 (Oogie Boogie) against 1 (Sally) and 3 (the doctor)
    s = fk.table(
        {
            "jack-skellington": (4, 3),
            "oogie-boogie": (4, 1),
            "vampire": (9, 9),
            "sally": (9, 8),
            "dr-finkelstein": (5, 3),
        },
        players=4,
        options={"mode": "teams"},
        down=("jack-skellington",),
    )
    side = s.view(None)["sides"][0]
    assert side["seats"] == [0, 2]
    tokens = CARDS["jack-skellington"].tokens + CARDS["oogie-boogie"].tokens
    assert sorted(side["pool"]) == sorted(tokens)
    s.choose(2, "pick:oogie-boogie")
    s.choose(2, "move")
    s.choose(2, "to:4,2")
    offered = fk.ids(s, 2, "action")
    assert "assist:jack-skellington" in offered  # the teammate's character is an ally
    assert "challenge:dr-finkelstein" in offered  # seat 3's, on the other side, is a rival
    s.choose(2, "ability:snake-and-spider-stew")
    assert s.view(None)["sides"][0]["cooldown"][2]["things"] == ["token:silver-4"]  # the shared track
    assert "ally:jack-skellington" in fk.ids(s, 2, "pull-ally")
    s.leave_open(2, "pull-ally")
    s.finish()


@shows("funkoverse.teams.turn-order")
def test_team_turns_alternate_between_the_sides_and_either_teammate_may_take_one(fk):
    s = fk.table(
        {"jack-skellington": (1, 1), "oogie-boogie": (4, 1), "vampire": (9, 9), "dr-finkelstein": (9, 7)},
        players=4,
        options={"mode": "teams"},
    )
    assert {p.seat for p in s.prompts()} == {0, 2}
    assert fk.ids(s, 0, "turn") == {"pick:jack-skellington"} and fk.ids(s, 2, "turn") == {"pick:oogie-boogie"}
    s.choose(2, "pick:oogie-boogie")
    s.choose(2, "end")
    assert {p.seat for p in s.prompts()} == {1, 3}
    s.choose(3, "pick:dr-finkelstein")
    s.choose(3, "end")
    assert [p.seat for p in s.prompts()] == [0]
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "end")
    s.leave_open(1, "turn")
    s.finish()


# -- scenarios -------------------------------------------------------------------------------


@shows("funkoverse.scenario.setup.markers", "funkoverse.scenario.maps")
def test_each_scenario_puts_its_markers_on_their_letters_squares(fk):
    for variant, map_name, letters in (
        ("territory", TOWN, "ABCD"),
        ("leaders", TOWN, "ABCD"),
        ("triumph", LAIR, "ABCDT"),
        ("infiltrate", LAIR, "ABCD"),
    ):
        s = Scenario(fk.GAME, variant, players=2, seed=0, options=fk.preset(variant, 2, None))
        labels = grid(map_name).labels
        markers = {m["id"]: m for m in s.view(None)["markers"]}
        assert set(markers) == set(letters) and s.view(None)["map"]["id"] == map_name
        for letter, m in markers.items():
            assert m["square"] == m["home"] and labels[tuple(m["home"])] == letter


@shows("funkoverse.scenario.win.round-end")
def test_a_scenario_is_decided_at_the_end_of_a_round(fk):
    def edit(state):
        state.sides[0].points = 5

    s = fk.table({"mummy": (5, 2), "vampire": (9, 8)}, variant="infiltrate", edit=edit)  # C lies on (5, 1)
    s.choose(0, "pick:mummy")
    s.choose(0, "interact:C")
    assert s.view(None)["sides"][0]["points"] == 6 == s.view(None)["goal"]
    assert s.view(None)["over"] is False  # the goal is reached, but the round is not over
    s.choose(0, "end")
    s.choose(1, "pick:vampire")
    s.choose(1, "end")
    outcome = s.match.outcome()
    assert outcome.winners == (0,) and outcome.reason == "reached the goal"
    s.finish()


@shows("funkoverse.scenario.win.points-supply")
def test_points_go_on_beyond_the_boxs_21_point_tokens(fk):
    def edit(state):
        state.sides[0].points = 21
        state.goal = 30

    s = fk.table({"mummy": (5, 2), "vampire": (9, 8)}, variant="infiltrate", edit=edit)
    s.choose(0, "pick:mummy")
    s.choose(0, "interact:C")
    assert s.view(None)["sides"][0]["points"] == 22
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.point-marker.again")
def test_a_point_marker_back_on_the_map_can_be_taken_again(fk):
    def edit(state):
        state.markers["A"].square = None
        state.sides[0].cooldown.place("marker:A", 1)

    s = fk.table({"mummy": (2, 4), "vampire": (8, 8)}, variant="territory", edit=edit)
    s.choose(0, "pick:mummy")
    assert "interact:A" not in fk.ids(s, 0, "action")  # on the track, not on the map
    s.choose(0, "end")
    s.choose(1, "pick:vampire")
    s.choose(1, "end")
    s.choose(1, "pick:vampire")
    s.choose(1, "end")
    s.choose(0, "pick:mummy")
    s.choose(0, "interact:A")
    assert s.view(None)["sides"][0]["points"] == 1
    assert s.view(None)["sides"][0]["cooldown"][3]["things"] == ["marker:A"]
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.scenario.goal")
def test_the_goal_is_6_points_with_one_pair_a_side_and_10_with_more(fk):
    for variant in ("territory", "leaders", "triumph", "infiltrate"):
        assert Scenario(fk.GAME, variant, players=2, seed=0).view(None)["goal"] == 6
        assert (
            Scenario(fk.GAME, variant, players=4, seed=0, options={"mode": "teams"}).view(None)["goal"] == 10
        )
    for variant in ("triumph", "infiltrate"):  # Free-for-All: one pair a side
        assert Scenario(fk.GAME, variant, players=4, seed=0).view(None)["goal"] == 6
    assert Scenario(fk.GAME, "first-game", players=4, seed=0).view(None)["goal"] == 3


@shows("funkoverse.territory.scoring")
def test_territory_with_more_than_two_characters_a_side_every_side_there_scores(fk):
    # four players: side 0 has Oogie Boogie in the scoring area, side 1 the Vampire and Sally
    s = fk.table(
        {"oogie-boogie": (4, 4), "vampire": (7, 7), "sally": (4, 7)},
        variant="territory",
        players=4,
        options={"mode": "teams"},
    )
    _end_round(s, [(0, "oogie-boogie"), (1, "vampire"), (3, "sally")])
    assert [side["points"] for side in s.view(None)["sides"]] == [1, 2]  # 1 each for being there, 1 for most
    _leave_all(s)


@shows("funkoverse.triumph.carry")
def test_the_triumph_marker_drops_where_its_carrier_is_knocked_down(fk):
    def build(seed):
        def edit(state):
            state.markers["T"].holder, state.markers["T"].square = "mummy", None

        return fk.table(
            {"mummy": (5, 3), "vampire": (6, 3), "dr-finkelstein": (1, 1)},
            variant="triumph",
            turn=1,
            seed=seed,
            edit=edit,
        )

    s, _ = fk.with_rolls(
        build, lambda s: (s.choose(1, "pick:vampire"), s.choose(1, "challenge:mummy")), lambda d: d["won"]
    )
    assert _piece(s, "mummy")["standing"] is False
    assert _marker(s, "T")["holder"] is None and _marker(s, "T")["square"] == [5, 3]
    s.leave_open(1, "action")
    s.finish()


# -- rulings -----------------------------------------------------------------------------------


@shows("funkoverse.placing.full-area")
def test_a_piece_whose_starting_area_is_full_comes_back_on_the_nearest_free_square(fk):
    # three players: the blue area (seat 1's) is full when the Vampire comes back
    blue = rules.area(LAIR, "b")
    crowd = ["jack-skellington", "mummy", "sally", "detachable-arm", "oogie-boogie", "witch"]

    def edit(state):
        for p in state.pieces.values():
            p.exhausted = p.id != "jack-skellington"
        state.sides[1].cooldown.place("piece:vampire", 1)

    s = fk.table(dict(zip(crowd, blue, strict=True)), players=3, options={"mode": "free-for-all"}, edit=edit)
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "end")
    offered = {c.id.removeprefix("place:") for c in s.expect(1, "place").choices}
    assert offered == {"7,8", "8,8", "9,8", "10,8", "7,9", "7,10"}
    s.leave_open(1, "place")
    s.finish()
