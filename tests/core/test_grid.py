"""Tests for nbc.core.grid.

The rulebook's map examples are pictures; each `test_move_*`, `test_sight_*`,
`test_adjacency_*` and `test_range_*` test below rebuilds one of them from its caption as
a small drawn map. Glyphs in the drawings: A and B are allies (team 0); C (the basic
character), X, Y and Z are standing rivals (team 1); lower-case c, x, y, z are knocked-down
rivals; * marks a square of interest and is not an occupant.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbc.core.grid import (
    Edge,
    Grid,
    MapError,
    Occupant,
    Square,
    chebyshev,
    edge_between,
    within,
)

ALLY, RIVAL = 0, 1


@dataclass(slots=True)
class Scene:
    grid: Grid
    occupants: dict[Square, Occupant]
    at: dict[str, Square]

    def team_of(self, glyph: str) -> int:
        return RIVAL if glyph in "CXYZcxyz" else ALLY

    def sees(self, viewer: str, target: str) -> bool:
        return self.grid.can_see(self.at[viewer], self.at[target], self.team_of(viewer), self.occupants)

    def reach(self, mover: str, steps: int) -> dict[Square, int]:
        return self.grid.reachable(self.at[mover], steps, self.team_of(mover), self.occupants)


def scene(drawing: str) -> Scene:
    grid = Grid.parse(drawing)
    occupants: dict[Square, Occupant] = {}
    at: dict[str, Square] = {}
    for sq, glyph in grid.labels.items():
        assert glyph not in at, f"glyph {glyph} drawn twice"
        at[glyph] = sq
        if glyph in "AB":
            occupants[sq] = Occupant(ALLY)
        elif glyph in "CXYZ":
            occupants[sq] = Occupant(RIVAL)
        elif glyph in "cxyz":
            occupants[sq] = Occupant(RIVAL, standing=False)
    return Scene(grid, occupants, at)


# --- movement: the general example and rules 2, 3 and 5 ---------------------------------


def test_move_rule4_through_ally_not_through_rival():
    s = scene(
        """
        +-+-+-+-+-+
        |. B A Z .|
        +-+-+-+-+-+
        """
    )
    # Leftwards the ally's square is crossed; rightwards the rival stops everything.
    assert s.reach("A", 2) == {(0, 0): 2}
    assert s.grid.path(s.at["A"], (0, 0), 2, ALLY, s.occupants) == [(2, 0), (1, 0), (0, 0)]
    assert (4, 0) not in s.reach("A", 10)
    assert s.grid.path(s.at["A"], (4, 0), 10, ALLY, s.occupants) is None


def test_move_rule5_knocked_down_rival_can_be_crossed_but_not_ended_on():
    s = scene(
        """
        +-+-+-+-+-+
        |. B A z .|
        +-+-+-+-+-+
        """
    )
    assert s.reach("A", 2) == {(0, 0): 2, (4, 0): 2}
    assert s.grid.path(s.at["A"], s.at["z"], 2, ALLY, s.occupants) is None


def test_move_rule3_post_on_corner_of_movers_square_blocks_that_diagonal():
    # The obstruction takes up a corner of A's square (a post on A's top-left corner)
    # but not its centre: only the diagonal step through that corner is lost.
    s = scene(
        """
        +-+-+-+
        |. . .|
        + o + +
        |. A .|
        + + + +
        |. . .|
        +-+-+-+
        """
    )
    assert set(s.reach("A", 1)) == {(1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)}
    assert not s.grid.step_allowed((1, 1), (0, 0))
    assert not s.grid.step_allowed((0, 0), (1, 1))
    assert not s.grid.step_allowed((1, 0), (0, 1))  # crosses the same corner point
    assert s.grid.step_allowed((1, 0), (2, 1))  # a diagonal through a clear corner


def test_move_rules1_2_partially_obstructed_square_wall_is_not_crossed():
    # A wall runs along A's right side: A's square can be entered and left, but the
    # wall is never crossed, nor passed at either of its ends.
    s = scene(
        """
        +-+-+-+
        |. . .|
        + + + +
        |. A|.|
        + + + +
        |. . .|
        +-+-+-+
        """
    )
    assert set(s.reach("A", 1)) == {(1, 0), (0, 0), (0, 1), (0, 2), (1, 2)}
    assert s.reach("A", 2) == {
        (1, 0): 1,
        (0, 0): 1,
        (0, 1): 1,
        (0, 2): 1,
        (1, 2): 1,
        (2, 0): 2,
        (2, 2): 2,
    }
    assert s.grid.reachable(s.at["A"], 3, ALLY, s.occupants)[(2, 1)] == 3
    # Rule 2: a square touched by an obstruction is still entered freely.
    assert s.grid.reachable((0, 1), 1, ALLY, {})[(1, 1)] == 1


def test_move_rule2_cannot_enter_square_with_obstructed_centre():
    s = scene(
        """
        +-+-+-+-+
        |A . . .|
        + + + + +
        |. # # .|
        + + + + +
        |. # # .|
        + + + + +
        |. . . .|
        +-+-+-+-+
        """
    )
    reach = s.reach("A", 10)
    assert not set(reach) & s.grid.solid
    assert len(reach) == 16 - 4 - 1
    # The corner of the closed area is part of the obstruction: the diagonal (0,0)->(1,1)
    # is gone, and so is any diagonal that would slip past one of its corners.
    assert not s.grid.step_allowed((0, 0), (1, 1))
    assert not s.grid.step_allowed((0, 1), (1, 0))
    assert reach[(3, 3)] == 6  # around the block, straight all the way
    assert not s.grid.line_clear((0, 0), (3, 3))
    assert not s.grid.can_see((0, 0), (1, 1), ALLY, {})


# --- STRAIGHT MOVES / CANNOT MOVE / DIAGONAL MOVES -------------------------------------


def test_move_rules1_6_straight_moves():
    s = scene(
        """
        +-+-+-+-+-+
        |. . . . .|
        + + + + + +
        |. . B . .|
        + + + + + +
        |. . A|. .|
        + + + + + +
        |. . . . .|
        + + + + + +
        |. . Z . .|
        +-+-+-+-+-+
        """
    )
    reach = s.reach("A", 2)
    # Straight lines from A: up past the ally, down one (rival beyond), left two,
    # right nothing (wall).
    assert [sq for sq in [(2, 1), (2, 0)] if sq in reach] == [(2, 0)]
    assert [sq for sq in [(2, 3), (2, 4)] if sq in reach] == [(2, 3)]
    assert [sq for sq in [(1, 2), (0, 2)] if sq in reach] == [(1, 2), (0, 2)]
    assert [sq for sq in [(3, 2), (4, 2)] if sq in reach] == []
    assert reach == {
        (1, 1): 1,
        (1, 2): 1,
        (1, 3): 1,
        (2, 3): 1,
        (0, 0): 2,
        (1, 0): 2,
        (2, 0): 2,
        (3, 0): 2,
        (0, 1): 2,
        (3, 1): 2,
        (0, 2): 2,
        (0, 3): 2,
        (3, 3): 2,
        (0, 4): 2,
        (1, 4): 2,
        (3, 4): 2,
    }


def test_move_rules1_5_cannot_move_when_hemmed_in():
    s = scene(
        """
        +-+-+-+
        |A Z .|
        + o + +
        |C . .|
        + + + +
        |. . .|
        +-+-+-+
        """
    )
    assert s.reach("A", 2) == {}
    assert s.reach("A", 9) == {}
    # Each of the three is needed: drop the post and the diagonal opens.
    opened = Grid(3, 3, labels=s.grid.labels)
    assert opened.reachable(s.at["A"], 2, ALLY, s.occupants)[(1, 1)] == 1


def test_move_rules3_6_diagonal_moves():
    s = scene(
        """
        +-+-+-+
        |B . .|
        + + o +
        |. A .|
        +-+ + +
        |. . .|
        +-+-+-+
        """
    )
    diagonals = {(0, 0), (2, 0), (0, 2), (2, 2)}
    reach = s.reach("A", 1)
    # Ally on one diagonal, post on the second, a wall end on the third.
    assert set(reach) & diagonals == {(2, 2)}
    assert set(reach) == {(1, 0), (0, 1), (2, 1), (1, 2), (2, 2)}
    assert s.grid.step_allowed((1, 1), (0, 0))  # geometry allows it, occupancy does not
    assert not s.grid.step_allowed((1, 1), (2, 0))
    assert not s.grid.step_allowed((1, 1), (0, 2))


def test_move_rule3_diagonal_between_two_rivals_when_corner_is_clear():
    s = scene(
        """
        +-+-+-+
        |. Y .|
        + + + +
        |. A Z|
        + o + +
        |. . .|
        +-+-+-+
        """
    )
    assert s.grid.step_allowed(s.at["A"], (2, 0))  # slips between Y and Z
    assert not s.grid.step_allowed(s.at["A"], (0, 2))  # the post is on that corner
    assert set(s.reach("A", 1)) == {(2, 0), (0, 0), (2, 2), (0, 1), (1, 2)}


# --- movement: mixed straight and diagonal steps --------------------------------------


def test_move_rule4_straight_then_diagonal_through_ally():
    s = scene(
        """
        +-+-+-+
        |. . .|
        +-+ + +
        |A B .|
        +-+ + +
        |. . .|
        +-+-+-+
        """
    )
    # Walls (and their ends) leave the ally's square as the only way out.
    assert s.reach("A", 2) == {(1, 0): 2, (1, 2): 2, (2, 0): 2, (2, 1): 2, (2, 2): 2}
    assert s.grid.path(s.at["A"], (2, 0), 2, ALLY, s.occupants) == [(0, 1), (1, 1), (2, 0)]
    without_b = {sq: o for sq, o in s.occupants.items() if sq != s.at["B"]}
    assert s.grid.reachable(s.at["A"], 2, ALLY, without_b)[(1, 1)] == 1


def test_move_rule1_two_basic_moves_to_go_around_a_wall():
    s = scene(
        """
        +-+-+-+
        |. . .|
        + + + +
        |. * .|
        + +-+ +
        |. A .|
        +-+-+-+
        """
    )
    target = s.at["*"]
    first = s.reach("A", 2)
    assert first == {(0, 2): 1, (2, 2): 1, (0, 1): 2, (2, 1): 2}
    assert target not in first
    # Two basic moves of up to 2 squares: the first stops beside the wall's end.
    assert any(target in s.grid.reachable(mid, 2, ALLY, s.occupants) for mid in first)
    assert s.grid.reachable(s.at["A"], 4, ALLY, s.occupants)[target] == 3
    route = s.grid.path(s.at["A"], target, 4, ALLY, s.occupants)
    assert route is not None and len(route) == 4
    assert s.grid.path_is_legal(route, ALLY, s.occupants)
    assert not s.grid.path_is_legal([(1, 2), (1, 1)], ALLY, s.occupants)


# --- sight: the seven examples and a few more ------------------------------------------


def test_sight_rule1_wall_blocks_both_ways():
    s = scene(
        """
        +-+-+-+-+
        |. . . .|
        + + + + +
        |A .|. Z|
        + + + + +
        |. . . .|
        +-+-+-+-+
        """
    )
    assert not s.sees("A", "Z")
    assert not s.sees("Z", "A")
    assert not s.grid.line_clear(s.at["A"], s.at["Z"])
    # Past the wall's upper end: clear when the line misses the end point, blocked
    # when it runs exactly through it (walls are thick).
    assert s.grid.can_see(s.at["A"], (2, 0), ALLY, s.occupants)
    assert not s.grid.can_see(s.at["A"], (3, 0), ALLY, s.occupants)


def test_sight_rule1_wall_hides_one_rival_but_not_the_other():
    s = scene(
        """
        +-+-+-+-+-+
        |A . . . Z|
        + + + + + +
        |. .|. . .|
        + + + + + +
        |. . . . Y|
        +-+-+-+-+-+
        """
    )
    assert s.sees("A", "Z")
    assert not s.sees("A", "Y")


def test_sight_rule2_standing_rival_hides_ally_behind_it():
    s = scene(
        """
        +-+-+-+
        |A C B|
        +-+-+-+
        """
    )
    assert not s.sees("A", "B")
    assert not s.sees("B", "A")
    assert s.sees("A", "C")
    knocked = {**s.occupants, s.at["C"]: Occupant(RIVAL, standing=False)}
    assert s.grid.can_see(s.at["A"], s.at["B"], ALLY, knocked)


def test_sight_rule4_line_through_corner_between_two_rivals():
    s = scene(
        """
        +-+-+-+-+
        |A . Y .|
        + + + + +
        |. Z . B|
        +-+-+-+-+
        """
    )
    # The line meets the corner shared by (1,0), (2,0), (1,1) and (2,1); Y and Z only
    # touch it there, while the squares it really crosses are empty.
    assert s.grid.squares_crossed(s.at["A"], s.at["B"]) == ((1, 0), (2, 1))
    assert s.sees("A", "B")
    assert s.sees("B", "A")
    # The plain diagonal version: two rivals beside a single shared corner.
    d = scene(
        """
        +-+-+
        |A Y|
        + + +
        |Z B|
        +-+-+
        """
    )
    assert d.sees("A", "B")
    assert d.grid.adjacent(d.at["A"], d.at["B"], ALLY, d.occupants)
    # A rival on a square the line does cross still blocks.
    crossed = {**s.occupants, (1, 0): Occupant(RIVAL)}
    assert not s.grid.can_see(s.at["A"], s.at["B"], ALLY, crossed)


def test_sight_rule2_knocked_down_rival_does_not_block_standing_one_does():
    s = scene(
        """
        +-+-+-+
        |A z B|
        + + + +
        |. Y .|
        + + + +
        |. . C|
        +-+-+-+
        """
    )
    assert s.sees("A", "B")
    assert s.sees("A", "Y")
    assert not s.sees("A", "C")


def test_sight_rule3_ally_does_not_block():
    s = scene(
        """
        +-+-+-+
        |A B Z|
        +-+-+-+
        """
    )
    assert s.sees("A", "Z")
    # Z's own view of A is hidden by B, who is Z's rival.
    assert not s.sees("Z", "A")


def test_sight_rules1_2_rival_the_viewer_cannot_see_does_not_block():
    s = scene(
        """
        +-+-+-+
        |A . .|
        + o + +
        |. Z C|
        +-+-+-+
        """
    )
    assert s.at["Z"] in s.grid.squares_crossed(s.at["A"], s.at["C"])
    assert not s.sees("A", "Z")  # the post sits exactly on the A-Z diagonal
    assert s.sees("A", "C")
    no_post = Grid(3, 2, labels=s.grid.labels)
    assert not no_post.can_see(s.at["A"], s.at["C"], ALLY, s.occupants)


def test_can_see_is_not_assumed_symmetric_when_teams_differ():
    s = scene(
        """
        +-+-+-+
        |A X Y|
        +-+-+-+
        """
    )
    assert not s.sees("A", "Y")  # X is A's rival
    assert s.sees("Y", "A")  # but Y's ally
    assert s.grid.visible_squares(s.at["A"], ALLY, s.occupants) == {(0, 0), (1, 0)}
    assert s.grid.visible_squares(s.at["Y"], RIVAL, s.occupants) == {(0, 0), (1, 0), (2, 0)}


def test_sight_rule2_first_visible_rival_hides_the_rest_of_the_line():
    s = scene(
        """
        +-+-+-+-+-+
        |A X Y . B|
        +-+-+-+-+-+
        """
    )
    assert s.sees("A", "X")
    assert not s.sees("A", "Y")
    assert not s.sees("A", "B")


# --- ADJACENCY -------------------------------------------------------------------------


def test_adjacency_example_wall_and_corner_post():
    s = scene(
        """
        +-+-+-+
        |. Y .|
        + +-+ +
        |. A Z|
        + o + +
        |C . .|
        +-+-+-+
        """
    )
    a = s.at["A"]
    assert s.grid.adjacent(a, s.at["Z"], ALLY, s.occupants)
    assert not s.grid.adjacent(a, s.at["Y"], ALLY, s.occupants)  # wall between
    assert not s.grid.adjacent(a, s.at["C"], ALLY, s.occupants)  # post on the corner
    adjacent = {sq for sq in s.grid.neighbours(a) if s.grid.adjacent(a, sq, ALLY, s.occupants)}
    # The wall's ends also cut the two upper diagonals.
    assert adjacent == {(0, 1), (2, 1), (1, 2), (2, 2)}


def test_corner_post_blocks_diagonal_adjacency_only():
    g = Grid.parse(
        """
        +-+-+
        |. .|
        + o +
        |. .|
        +-+-+
        """
    )
    assert g.posts == frozenset({(1, 1)})
    for a, b in [((0, 0), (1, 1)), ((1, 0), (0, 1))]:
        assert not g.adjacent(a, b, ALLY, {})
        assert not g.adjacent(b, a, ALLY, {})
        assert not g.step_allowed(a, b)
    for a, b in [((0, 0), (1, 0)), ((0, 0), (0, 1)), ((1, 1), (1, 0)), ((1, 1), (0, 1))]:
        assert g.adjacent(a, b, ALLY, {})
        assert g.step_allowed(a, b)


def test_wall_end_blocks_diagonal():
    g = Grid.parse(
        """
        +-+-+
        |.|.|
        + + +
        |. .|
        +-+-+
        """
    )
    assert g.walls == frozenset({edge_between((0, 0), (1, 0))})
    assert g.wall_between((0, 0), (1, 0))
    # The wall ends on the middle corner, which kills both diagonals there.
    for a, b in [((0, 0), (1, 1)), ((1, 0), (0, 1))]:
        assert not g.step_allowed(a, b)
        assert not g.adjacent(a, b, ALLY, {})
        assert not g.line_clear(a, b)
    assert g.adjacent((0, 1), (1, 1), ALLY, {})
    assert g.reachable((0, 0), 2, ALLY, {}) == {(0, 1): 1, (1, 1): 2}


def test_adjacent_needs_distance_one():
    g = Grid(3, 1)
    assert not g.adjacent((0, 0), (0, 0), ALLY, {})
    assert not g.adjacent((0, 0), (2, 0), ALLY, {})
    assert not g.adjacent((0, 0), (-1, 0), ALLY, {})
    assert g.neighbours((0, 0)) == [(1, 0)]
    assert sorted(Grid(3, 3).neighbours((1, 1))) == sorted(
        (x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)
    )


# --- RANGE and WITHIN ------------------------------------------------------------------


def test_range_note_rival_within_range_but_hidden():
    s = scene(
        """
        +-+-+-+-+
        |A . . .|
        + + + + +
        |. . . Z|
        + + + + +
        |# . . .|
        + + + + +
        |Y . . .|
        +-+-+-+-+
        """
    )
    a = s.at["A"]
    assert within(a, s.at["Z"], 3) and s.grid.in_range(a, s.at["Z"], 3, ALLY, s.occupants)
    assert within(a, s.at["Y"], 3)
    assert not s.grid.in_range(a, s.at["Y"], 3, ALLY, s.occupants)
    assert not s.grid.in_range(a, s.at["Z"], 2, ALLY, s.occupants)


def test_within_ignores_walls_posts_solid_and_occupants():
    g = Grid.parse(
        """
        +-+-+-+
        |.|#|.|
        +-o-+-+
        |. . .|
        +-+-+-+
        """
    )
    assert not g.line_clear((0, 0), (2, 0))
    assert within((0, 0), (2, 0), 2)
    assert not within((0, 0), (2, 0), 1)
    assert within((0, 0), (1, 1), 1)  # a diagonal counts as one square
    assert chebyshev((0, 0), (2, 1)) == 2
    assert chebyshev((5, 1), (2, 7)) == 6


# --- exact geometry --------------------------------------------------------------------


def test_sight_line_exactly_through_a_lattice_point():
    # (0,0) -> (3,1) passes exactly through corner (2,1).
    a, b = (0, 0), (3, 1)
    assert Grid(4, 2).line_clear(a, b)
    assert Grid(4, 2).squares_crossed(a, b) == ((1, 0), (2, 1))
    assert not Grid(4, 2, posts=frozenset({(2, 1)})).line_clear(a, b)
    # Any wall with an end on that corner blocks, whichever way it points.
    for wall in [((2, 1), (3, 1)), ((1, 1), (2, 1)), ((2, 0), (2, 1)), ((2, 1), (2, 2))]:
        assert not Grid(4, 2, walls=frozenset({wall})).line_clear(a, b), wall
    # Obstructions next to, but not on, the point leave the line alone.
    assert Grid(4, 2, posts=frozenset({(3, 1), (1, 1)})).line_clear(a, b)
    assert Grid(4, 2, walls=frozenset({((3, 1), (4, 1))})).line_clear(a, b)


def test_sight_long_shallow_line_grazing_a_corner_post():
    g = Grid(8, 3, posts=frozenset({(2, 1)}))
    assert not g.line_clear((0, 0), (6, 2))  # slope 1/3: hits the post exactly
    assert g.line_clear((0, 0), (7, 2))  # slope 2/7: misses it by a seventh
    wide = Grid(100, 2, posts=frozenset({(50, 1)}))
    assert not wide.line_clear((0, 0), (99, 1))  # passes exactly through (50, 1)
    assert wide.line_clear((0, 0), (98, 1))  # crosses y=1 at x=49.5: no lattice point
    near = Grid(100, 2, posts=frozenset({(49, 1), (51, 1)}))
    assert near.line_clear((0, 0), (99, 1))


def test_sight_touching_a_solid_squares_corner_is_blocked():
    g = Grid(3, 3, solid=frozenset({(1, 0)}))
    assert not g.line_clear((0, 0), (2, 2))  # meets the solid square's lower-left corner
    assert not g.step_allowed((0, 0), (1, 1))  # same corner, one step
    assert not g.line_clear((0, 1), (2, 0))  # runs through the solid area
    assert g.line_clear((0, 1), (2, 1))  # runs along below it
    assert g.step_allowed((0, 1), (1, 1))
    assert not g.can_see((0, 0), (1, 0), ALLY, {})
    assert not g.can_see((1, 0), (1, 1), ALLY, {})  # nothing is seen from inside


def test_square_sees_itself_unless_solid():
    g = Grid(2, 1, solid=frozenset({(1, 0)}))
    assert g.can_see((0, 0), (0, 0), ALLY, {})
    assert not g.can_see((1, 0), (1, 0), ALLY, {})
    assert not g.can_see((0, 0), (5, 0), ALLY, {})
    assert not g.line_clear((0, 0), (0, 9))


# --- ASCII format ----------------------------------------------------------------------

EXAMPLE = """\
+-+-+-+-+
|A . . Z|
+ + +-+ +
|. # . .|
+ o + + +
|B . . .|
+-+-+-+-+
"""


def test_parse_reads_every_kind_of_slot():
    g = Grid.parse(EXAMPLE)
    assert (g.width, g.height) == (4, 3)
    assert g.walls == frozenset({edge_between((2, 0), (2, 1))})
    assert g.posts == frozenset({(1, 2)})
    assert g.solid == frozenset({(1, 1)})
    assert g.labels == {(0, 0): "A", (3, 0): "Z", (0, 2): "B"}


def test_parse_render_round_trip():
    g = Grid.parse(EXAMPLE)
    assert g.render() == EXAMPLE
    assert Grid.parse(g.render()) == g
    marked = g.render({(1, 0): "*", (0, 0): "a"})
    assert marked.splitlines()[1] == "|a * . Z|"
    assert Grid.parse(marked).labels == {(0, 0): "a", (1, 0): "*", (3, 0): "Z", (0, 2): "B"}


def test_parse_open_border_indentation_and_blank_cells():
    drawn = Grid.parse(EXAMPLE)
    open_border = Grid.parse(
        "\n\n"
        "    + + + + +\n"
        "     A     Z \n"
        "    + + +-+ +\n"
        "       #     \n"
        "    + o + + +\n"
        "     B       \n"
        "    + + + + +\n"
        "\n"
    )
    assert open_border == drawn
    assert open_border.render() == EXAMPLE


def test_grid_is_frozen_and_hashable():
    g = Grid.parse(EXAMPLE)
    assert hash(g) == hash(Grid.parse(g.render()))
    with pytest.raises(AttributeError):
        g.width = 9  # type: ignore[misc]


@pytest.mark.parametrize(
    ("drawing", "line", "column", "found", "expected"),
    [
        ("+-+-+\n|. .|\n+-+-\n", 3, 5, "a row of 4", "5 like line 1"),
        ("+-+-+\n|. .|\n+-+-+-\n", 3, 6, "a row of 6", "5 like line 1"),
        ("+-+-+\n|.-.|\n+-+-+\n", 2, 3, "'-'", "vertical edge"),
        ("+-+-+\n|. .|\n+|+-+\n", 3, 2, "'|'", "horizontal edge"),
        ("+-+-+\n|. .|\n+-*-+\n", 3, 3, "'*'", "a corner"),
        ("+-+-+\n|.|+|\n+-+-+\n", 2, 4, "'+'", "a square"),
        ("+-+-+\n|. .|\n", 2, 1, "a drawing of 2 lines", "odd number"),
        ("+-+-\n|. .|\n+-+-+\n", 1, 4, "a first row of 4", "odd number"),
        ("+-+\n\n+-+\n", 2, 1, "a row of 0", "3 like line 1"),
        ("+-+\n|\t|\n+-+\n", 2, 2, "a tab", "spaces only"),
        ("  \n\n", 1, 1, "no drawing", "a map"),
    ],
)
def test_map_error_names_line_column_found_and_expected(drawing, line, column, found, expected):
    with pytest.raises(MapError) as info:
        Grid.parse(drawing)
    err = info.value
    assert (err.line, err.column) == (line, column), str(err)
    assert found in err.found and expected in err.expected
    assert str(err).startswith(f"line {line}, column {column}: found ")


def test_map_error_columns_count_in_the_original_indented_text():
    with pytest.raises(MapError, match=r"^line 3, column 5: found 'x', expected a vertical"):
        Grid.parse("\n  +-+-+\n  |.x.|\n  +-+-+\n")
    with pytest.raises(MapError, match=r"^line 3, column 7: found 'x', expected a vertical"):
        Grid.parse("\n  +-+-+\n  |. .x\n  +-+-+\n")


def test_constructor_rejects_bad_geometry():
    with pytest.raises(ValueError, match="border"):
        Grid(2, 2, walls=frozenset({((0, 0), (0, 1))}))
    with pytest.raises(ValueError, match="unit edge"):
        Grid(2, 2, walls=frozenset({((1, 0), (1, 2))}))
    with pytest.raises(ValueError, match="corner of the board"):
        Grid(2, 2, posts=frozenset({(3, 0)}))
    with pytest.raises(ValueError, match="off the board"):
        Grid(2, 2, solid=frozenset({(2, 0)}))
    with pytest.raises(ValueError, match="visible free glyph"):
        Grid(2, 2, labels={(0, 0): "#"})
    with pytest.raises(ValueError, match="at least one square"):
        Grid(0, 3)
    with pytest.raises(ValueError, match="share a side"):
        edge_between((0, 0), (1, 1))
    # Either corner order names the same wall.
    assert Grid(2, 1, walls=frozenset({((1, 1), (1, 0))})).walls == frozenset({((1, 0), (1, 1))})


def test_movement_argument_checks():
    g = Grid(2, 2)
    with pytest.raises(ValueError, match="off the board"):
        g.reachable((2, 0), 1, ALLY, {})
    with pytest.raises(ValueError, match="negative"):
        g.reachable((0, 0), -1, ALLY, {})
    assert g.reachable((0, 0), 0, ALLY, {}) == {}
    assert g.path((0, 0), (0, 0), 3, ALLY, {}) is None
    # The mover's own entry in the occupancy is not in its way.
    me = {(0, 0): Occupant(RIVAL)}
    assert g.reachable((0, 0), 1, ALLY, me) == {(1, 0): 1, (0, 1): 1, (1, 1): 1}


# --- properties ------------------------------------------------------------------------


def _interior_edges(w: int, h: int) -> list[Edge]:
    vertical = [((i, j), (i, j + 1)) for i in range(1, w) for j in range(h)]
    horizontal = [((i, j), (i + 1, j)) for i in range(w) for j in range(1, h)]
    return vertical + horizontal


@st.composite
def grids(draw: st.DrawFn, max_side: int = 6) -> Grid:
    w = draw(st.integers(1, max_side))
    h = draw(st.integers(1, max_side))
    edges = _interior_edges(w, h)
    walls = draw(st.sets(st.sampled_from(edges), max_size=8)) if edges else set()
    posts = draw(st.sets(st.tuples(st.integers(0, w), st.integers(0, h)), max_size=4))
    solid = draw(st.sets(st.tuples(st.integers(0, w - 1), st.integers(0, h - 1)), max_size=3))
    free = [(x, y) for x in range(w) for y in range(h) if (x, y) not in solid]
    labels: dict[Square, str] = {}
    if free:
        labels = draw(st.dictionaries(st.sampled_from(free), st.sampled_from("ABXYZo7*")))
    return Grid(w, h, frozenset(walls), frozenset(posts), frozenset(solid), labels)


def squares_of(grid: Grid) -> st.SearchStrategy[Square]:
    return st.tuples(st.integers(0, grid.width - 1), st.integers(0, grid.height - 1))


def occupancies(grid: Grid) -> st.SearchStrategy[dict[Square, Occupant]]:
    return st.dictionaries(
        squares_of(grid), st.builds(Occupant, st.integers(0, 1), st.booleans()), max_size=6
    )


def _orient(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int]) -> int:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _touch(p1, p2, q1, q2) -> bool:
    """Closed segments p1p2 and q1q2 share a point (q may be a single point)."""
    o1, o2 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    o3, o4 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    if (o1 > 0 and o2 > 0) or (o1 < 0 and o2 < 0) or (o3 > 0 and o4 > 0) or (o3 < 0 and o4 < 0):
        return False
    if o1 == 0 and o2 == 0:  # collinear: the projections must overlap on both axes
        return all(
            max(min(p1[k], p2[k]), min(q1[k], q2[k])) <= min(max(p1[k], p2[k]), max(q1[k], q2[k]))
            for k in (0, 1)
        )
    return True


def _centre(sq: Square) -> tuple[int, int]:
    return (2 * sq[0] + 1, 2 * sq[1] + 1)


def reference_line_clear(grid: Grid, a: Square, b: Square) -> bool:
    """Brute force in doubled units: test the segment against every obstruction."""
    if a in grid.solid or b in grid.solid:
        return False
    p, q = _centre(a), _centre(b)
    segments = [((2 * i0, 2 * j0), (2 * i1, 2 * j1)) for (i0, j0), (i1, j1) in grid.walls]
    segments += [((2 * i, 2 * j), (2 * i, 2 * j)) for i, j in grid.posts]
    for x, y in grid.solid:
        c = [(2 * x, 2 * y), (2 * x + 2, 2 * y), (2 * x + 2, 2 * y + 2), (2 * x, 2 * y + 2)]
        segments += [(c[k], c[(k + 1) % 4]) for k in range(4)]
    return not any(_touch(p, q, s, e) for s, e in segments)


def reference_crossed(grid: Grid, a: Square, b: Square) -> list[Square]:
    """Squares whose open interior meets the segment, by exact clipping with Fractions."""
    p, q = _centre(a), _centre(b)
    found: list[tuple[Fraction, Square]] = []
    for sq in grid.squares():
        if sq in (a, b):
            continue
        lo, hi = Fraction(-1), Fraction(2)
        for k in (0, 1):
            low, high, start, d = 2 * sq[k], 2 * sq[k] + 2, p[k], q[k] - p[k]
            if d == 0:
                if not low < start < high:
                    lo, hi = Fraction(1), Fraction(0)
                continue
            t1, t2 = sorted((Fraction(low - start, d), Fraction(high - start, d)))
            lo, hi = max(lo, t1), min(hi, t2)
        if lo < hi and lo < 1 and hi > 0:
            found.append((lo, sq))
    return [sq for _, sq in sorted(found)]


def reference_can_see(grid, viewer, target, team, occupants) -> bool:
    if not reference_line_clear(grid, viewer, target):
        return False
    for sq in reference_crossed(grid, viewer, target):
        occ = occupants.get(sq)
        if (
            occ is not None
            and occ.standing
            and occ.team != team
            and reference_can_see(grid, viewer, sq, team, occupants)
        ):
            return False
    return True


@given(st.integers(1, 7), st.integers(1, 7))
def test_property_open_board_everything_sees_everything(w, h):
    g = Grid(w, h)
    for a in g.squares():
        assert g.visible_squares(a, ALLY, {}) == set(g.squares())


@settings(deadline=None)
@given(st.data())
def test_property_line_clear_and_crossed_match_brute_force(data):
    g = data.draw(grids())
    a, b = data.draw(squares_of(g)), data.draw(squares_of(g))
    assert g.line_clear(a, b) == reference_line_clear(g, a, b)
    assert g.line_clear(a, b) == g.line_clear(b, a)
    assert list(g.squares_crossed(a, b)) == reference_crossed(g, a, b)
    for n in g.neighbours(a):
        assert g.step_allowed(a, n) == reference_line_clear(g, a, n)


@settings(deadline=None)
@given(st.data())
def test_property_can_see_matches_reference(data):
    g = data.draw(grids())
    occupants = data.draw(occupancies(g))
    viewer, team = data.draw(squares_of(g)), data.draw(st.integers(0, 1))
    expected = {t for t in g.squares() if reference_can_see(g, viewer, t, team, occupants)}
    assert g.visible_squares(viewer, team, occupants) == expected
    for t in g.squares():
        assert g.can_see(viewer, t, team, occupants) == (t in expected)
    allies_only = {sq: o for sq, o in occupants.items() if o.team == team}
    assert g.visible_squares(viewer, team, allies_only) == g.visible_squares(viewer, team, {})


@settings(deadline=None)
@given(st.data())
def test_property_reachable_matches_walk_enumeration(data):
    g = data.draw(grids(max_side=5))
    occupants = data.draw(occupancies(g))
    start, team = data.draw(squares_of(g)), data.draw(st.integers(0, 1))
    steps = data.draw(st.integers(0, 3))
    reach = g.reachable(start, steps, team, occupants)
    # Every walk of up to `steps` single steps, checked rule by rule.
    best: dict[Square, int] = {}
    frontier = [[start]]
    for length in range(1, steps + 1):
        longer = []
        for walk in frontier:
            for n in g.neighbours(walk[-1]):
                occ = occupants.get(n)
                if not g.step_allowed(walk[-1], n):
                    continue
                if occ is not None and occ.standing and occ.team != team:
                    continue
                longer.append([*walk, n])
                if n != start and n not in occupants:
                    best.setdefault(n, length)
        frontier = longer
    assert reach == best
    for end, d in reach.items():
        assert within(start, end, steps) and chebyshev(start, end) <= d <= steps
        assert end not in g.solid and end not in occupants
        route = g.path(start, end, steps, team, occupants)
        assert route is not None and len(route) == d + 1
        assert g.path_is_legal(route, team, occupants, steps)
    assert set(reach) <= set(g.reachable(start, steps + 1, team, occupants))


@settings(deadline=None)
@given(grids())
def test_property_parse_render_round_trip(g):
    text = g.render()
    assert Grid.parse(text) == g
    assert Grid.parse(text).render() == text
