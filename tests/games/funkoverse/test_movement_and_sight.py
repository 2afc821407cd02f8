"""The grid's movement rules 1-6 and sight rules 1-4, each in a game position on
Oogie Boogie's Lair (a wall between columns 3 and 4 on row 3, a post on corner (3, 3),
the roulette table's closed legs on squares (4, 4), (6, 4), (4, 6) and (6, 6); rows
0-2 between the starting areas are open floor)."""

from __future__ import annotations

from nbc.core.testkit.ruletests import shows


def _moves(fk, s, seat, piece):
    s.choose(seat, f"pick:{piece}")
    s.choose(seat, "move")
    return {c.id.removeprefix("to:") for c in s.expect(seat, "move").choices}


def _one_square_moves(fk, at):
    # Hail to the Pumpkin King moves Jack up to 1 square: each neighbour in turn.
    s = fk.table(at)
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "ability:hail-to-the-pumpkin-king")
    return s, {c.id.removeprefix("to:") for c in s.expect(0, "move").choices if c.id != "stay"}


@shows("funkoverse.move.no-obstruction", "funkoverse.map.obstructions")
def test_move_rule_1_a_wall_cannot_be_crossed(fk):
    s, moves = _one_square_moves(fk, {"jack-skellington": (4, 3)})
    assert "3,3" not in moves and "5,3" in moves and "4,2" in moves


@shows("funkoverse.move.partly-obstructed")
def test_move_rule_2_a_square_whose_centre_is_obstructed_cannot_be_entered(fk):
    s, moves = _one_square_moves(fk, {"jack-skellington": (3, 4)})
    assert "4,4" not in moves and "3,5" in moves and "2,4" in moves


@shows("funkoverse.move.corner")
def test_move_rule_3_no_diagonal_step_through_an_obstructed_corner(fk):
    # A post stands on corner (3, 3): the diagonal (2, 2) -> (3, 3) passes it.
    s, moves = _one_square_moves(fk, {"jack-skellington": (3, 3)})
    assert "2,2" not in moves and "2,3" in moves and "3,2" in moves


@shows("funkoverse.move.through-allies")
def test_move_rule_4_allies_can_be_passed_through(fk):
    # Rivals fence the detours; the only way to (6, 1) goes through the ally Jack.
    s = fk.table({"mummy": (4, 1), "jack-skellington": (5, 1), "sally": (5, 0), "vampire": (5, 2)})
    assert "6,1" in _moves(fk, s, 0, "mummy")


@shows("funkoverse.move.standing-rivals")
def test_move_rule_5_standing_rivals_cannot_be_passed_but_knocked_down_ones_can(fk):
    at = {"mummy": (4, 1), "vampire": (5, 1), "sally": (5, 0), "detachable-arm": (5, 2)}
    assert not {"6,0", "6,1", "6,2"} & _moves(fk, fk.table(at), 0, "mummy")
    assert "6,1" in _moves(fk, fk.table(at, down=("vampire",)), 0, "mummy")


@shows("funkoverse.move.end-empty")
def test_move_rule_6_a_move_never_ends_on_an_occupied_square(fk):
    s = fk.table({"mummy": (4, 1), "jack-skellington": (5, 1), "vampire": (4, 2)}, down=("vampire",))
    moves = _moves(fk, s, 0, "mummy")
    assert "5,1" not in moves and "4,2" not in moves and "4,1" not in moves


def _ranged_targets(fk, at, down=()):
    s = fk.table(at, down=down, options={"lineup": fk.FINKELSTEIN_FIRST})
    s.choose(0, "pick:dr-finkelstein")
    s.choose(0, "ability:brain-scratch")
    return {c.id.removeprefix("target:") for c in s.expect(0, "challenge").choices}


@shows("funkoverse.sight.obstruction", "funkoverse.map.obstructions")
def test_sight_rule_1_an_obstruction_on_the_line_blocks_sight(fk):
    # the wall between (3, 3) and (4, 3) lies on the line to the Vampire
    assert _ranged_targets(fk, {"dr-finkelstein": (3, 3), "sally": (3, 1), "vampire": (5, 3)}) == {"sally"}


@shows("funkoverse.sight.standing-rival", "funkoverse.sight.knocked-down-rival")
def test_sight_rule_2_a_standing_rival_hides_what_lies_behind_it(fk):
    at = {"dr-finkelstein": (3, 1), "vampire": (4, 1), "sally": (6, 1)}
    assert _ranged_targets(fk, at) == {"vampire"}
    assert _ranged_targets(fk, at, down=("vampire",)) == {"vampire", "sally"}


@shows("funkoverse.sight.ally")
def test_sight_rule_3_allies_do_not_block_sight(fk):
    assert _ranged_targets(fk, {"dr-finkelstein": (3, 1), "mummy": (4, 1), "sally": (6, 1)}) == {"sally"}


@shows("funkoverse.sight.corner", "funkoverse.sight.centre-line")
def test_sight_rule_4_rivals_beside_a_corner_the_line_passes_do_not_block(fk):
    # The line (4, 0) -> (6, 2) runs through the corner shared by (4, 0), (5, 0),
    # (4, 1), (5, 1); the Vampire and the Arm beside it only touch the line.
    at = {"dr-finkelstein": (4, 0), "vampire": (5, 0), "detachable-arm": (4, 1), "sally": (6, 2)}
    assert "sally" in _ranged_targets(fk, at)


@shows("funkoverse.adjacency.definition", "funkoverse.challenge.basic")
def test_adjacency_needs_sight_so_a_wall_between_neighbours_prevents_a_basic_challenge(fk):
    s = fk.table({"jack-skellington": (3, 3), "vampire": (4, 3), "sally": (3, 4)})
    s.choose(0, "pick:jack-skellington")
    offered = fk.ids(s, 0, "action")
    assert "challenge:sally" in offered and "challenge:vampire" not in offered
    s.leave_open(0, "action")
    s.finish()


@shows("funkoverse.challenge.range", "funkoverse.range.counting")
def test_range_counts_squares_ignoring_obstructions(fk):
    # Sally is 4 squares away: out of Brain Scratch's range 3 though in plain sight.
    at = {"dr-finkelstein": (3, 1), "sally": (7, 1), "vampire": (6, 1)}
    assert _ranged_targets(fk, at) == {"vampire"}
