"""A game-neutral square grid: walls, corner posts, solid squares, exact line of sight,
adjacency, movement, and an ASCII map format.

Coordinates
-----------
A square is ``(x, y)``: ``x`` counts columns to the right and ``y`` rows downward, both
from 0. A corner (lattice point) is ``(i, j)`` with ``0 <= i <= width`` and
``0 <= j <= height``; square ``(x, y)`` spans corners ``(x, y)`` to ``(x + 1, y + 1)``.
A wall is an ``Edge``: the unit segment between two neighbouring corners, smaller corner
first (use `edge_between` to name the edge shared by two squares).

Internally all geometry is at double resolution, so that every point that matters is an
integer: the centre of square ``(x, y)`` is ``(2x + 1, 2y + 1)`` and corner ``(i, j)``
is ``(2i, 2j)``. No floats are used anywhere; a line that runs exactly through a lattice
point is detected exactly.

Obstructions
------------
* walls on edges between squares;
* posts: obstructed corner points (a pillar where four squares meet);
* solid squares: the obstruction covers the centre, so the square can never be entered,
  seen or seen from. A closed-off area is drawn as a block of solid squares.

Obstructions have thickness, so a wall also blocks at its two end points, and a solid
square blocks its whole closed area (sides and corners included).

Sight and movement
------------------
``line_clear(a, b)`` is the pure geometry: the segment between the two centres touches no
obstruction. ``can_see`` adds the occupants: a standing rival in a square whose open
interior the segment crosses hides what lies behind it, but only if the viewer can see
that rival itself. Allies, knocked-down rivals, markers and tokens never hide anything.
A segment that only touches a square at a corner point does not cross it, which is why a
sight line through the meeting point of four squares ignores rivals beside that point.

A movement step goes to one of the 8 neighbours and is allowed when the step's own
centre-to-centre segment is clear (so a wall on the shared side stops a straight step,
and a post, a wall end or a solid square's corner on the shared corner stops a diagonal
step). Squares of allies and of knocked-down rivals can be crossed, squares of standing
rivals cannot, and no move may end on an occupied square or where it started.

ASCII format
------------
A map is drawn at double resolution; text row 0 is the top border::

    +-+-+-+-+
    |A . . Z|
    + + +-+ +
    |. # . .|
    + o + + +
    |B . . .|
    +-+-+-+-+

Square ``(x, y)`` is the character at text column ``2x + 1`` of text row ``2y + 1``. The
other slots are:

* even column, odd row: a vertical edge, ``|`` for a wall or a space for open;
* odd column, even row: a horizontal edge, ``-`` for a wall or a space for open;
* even column, even row: a corner, ``+`` plain or ``o`` for a post;
* a square cell: ``.`` or a space when empty, ``#`` when solid, any other visible glyph
  (letters, digits, ...) is kept in `Grid.labels` for the caller to interpret. The edge
  glyphs ``| - +`` are refused in cells because they almost always mean a misaligned row.

Every row must have the same length, so an open right border needs trailing spaces.
Blank lines before and after the drawing and a common indentation are ignored. Edges on
the outer border may be drawn or left open: the board edge limits everything anyway, so
they are not stored (`render` always draws them). Posts on the border are kept but can
never matter. Any malformed drawing raises `MapError` naming the line and column (both
counted from 1 in the text as given), what was found and what was expected.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

Square = tuple[int, int]
Corner = tuple[int, int]
Edge = tuple[Corner, Corner]

WALL_V = "|"
WALL_H = "-"
CORNER = "+"
POST = "o"
EMPTY = "."
SOLID = "#"
_EDGE_GLYPHS = frozenset((WALL_V, WALL_H, CORNER))

# Straight steps first, so `Grid.path` prefers them when two routes are equally short.
_OFFSETS: tuple[tuple[int, int], ...] = (
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
)


class MapError(ValueError):
    """A map drawing is malformed; says where (line, column from 1), what and what not."""

    def __init__(self, line: int, column: int, found: str, expected: str) -> None:
        self.line = line
        self.column = column
        self.found = found
        self.expected = expected
        super().__init__(f"line {line}, column {column}: found {found}, expected {expected}")


@dataclass(frozen=True, slots=True)
class Occupant:
    """Whoever stands in a square, as far as sight and movement care."""

    team: int
    standing: bool = True


Occupancy = Mapping[Square, Occupant]


def chebyshev(a: Square, b: Square) -> int:
    """Squares between a and b counted as moves go (a diagonal counts as one)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def within(a: Square, b: Square, n: int) -> bool:
    """Whether b is at most n squares from a, ignoring obstructions and occupants."""
    return chebyshev(a, b) <= n


def edge_between(a: Square, b: Square) -> Edge:
    """The edge shared by two orthogonally neighbouring squares."""
    (ax, ay), (bx, by) = a, b
    if ax == bx and abs(ay - by) == 1:
        j = max(ay, by)
        return ((ax, j), (ax + 1, j))
    if ay == by and abs(ax - bx) == 1:
        i = max(ax, bx)
        return ((i, ay), (i, ay + 1))
    raise ValueError(f"squares {a} and {b} do not share a side")


def _midpoint2(edge: Edge) -> tuple[int, int]:
    # In doubled coordinates an edge's midpoint is the sum of its corners, which is
    # also where the edge is drawn in the ASCII format.
    (i0, j0), (i1, j1) = edge
    return (i0 + i1, j0 + j1)


def _edge_at(col: int, row: int) -> Edge:
    """The edge drawn at text (col, row); exactly one of the two is even."""
    if col % 2 == 0:
        return ((col // 2, row // 2), (col // 2, row // 2 + 1))
    return ((col // 2, row // 2), (col // 2 + 1, row // 2))


def _read_glyph(
    ch: str,
    c: int,
    r: int,
    last_col: int,
    last_row: int,
    walls: set[Edge],
    posts: set[Corner],
    solid: set[Square],
    labels: dict[Square, str],
) -> str | None:
    """Record the glyph at text (c, r); return what was expected there if it is wrong."""
    if r % 2 == 0 and c % 2 == 0:
        if ch == POST:
            posts.add((c // 2, r // 2))
        elif ch != CORNER:
            return f"a corner: {CORNER!r}, or {POST!r} for a post"
    elif r % 2 == 1 and c % 2 == 1:
        sq = (c // 2, r // 2)
        if ch == SOLID:
            solid.add(sq)
        elif ch in _EDGE_GLYPHS or not ch.isprintable():
            return f"a square: {EMPTY!r}, ' ', {SOLID!r} or a label glyph"
        elif ch not in (EMPTY, " "):
            labels[sq] = ch
    else:
        vertical = c % 2 == 0
        wall = WALL_V if vertical else WALL_H
        if ch == wall:
            # Border edges are implicit, whether drawn or not.
            if not (c in (0, last_col) if vertical else r in (0, last_row)):
                walls.add(_edge_at(c, r))
        elif ch != " ":
            kind = "vertical" if vertical else "horizontal"
            return f"a {kind} edge: {wall!r} for a wall or ' ' for open"
    return None


# A traced segment: (touches no obstruction, squares whose interior it crosses in order).
_Trace = tuple[bool, tuple[Square, ...]]


@dataclass(frozen=True, slots=True)
class Grid:
    """A rectangular board of squares with its obstructions and free-form cell labels.

    Frozen so that the geometry caches built in ``__post_init__`` can never go stale;
    use `dataclasses.replace` to derive a changed grid.
    """

    width: int
    height: int
    walls: frozenset[Edge] = frozenset()
    posts: frozenset[Corner] = frozenset()
    solid: frozenset[Square] = frozenset()
    labels: dict[Square, str] = field(default_factory=dict, hash=False)
    # Derived geometry, never compared: wall midpoints (doubled), every point that
    # blocks a line passing exactly through it, and the allowed steps per square.
    _wall_mids: frozenset[tuple[int, int]] = field(init=False, repr=False, compare=False, hash=False)
    _block_points: frozenset[Corner] = field(init=False, repr=False, compare=False, hash=False)
    _steps: dict[Square, frozenset[Square]] = field(init=False, repr=False, compare=False, hash=False)
    # Traced segments, filled lazily; keyed by the ordered pair of end squares.
    _lines: dict[tuple[Square, Square], _Trace] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError(f"a grid needs at least one square, got {self.width}x{self.height}")
        walls = frozenset(self._checked_edge(edge) for edge in self.walls)
        posts = frozenset(self.posts)
        for i, j in posts:
            if not (0 <= i <= self.width and 0 <= j <= self.height):
                raise ValueError(f"post {(i, j)} is not a corner of the board")
        solid = frozenset(self.solid)
        for sq in solid:
            if not self.on_board(sq):
                raise ValueError(f"solid square {sq} is off the board")
        labels = dict(self.labels)
        for sq, glyph in labels.items():
            if not self.on_board(sq):
                raise ValueError(f"label {glyph!r} at {sq} is off the board")
            if sq in solid:
                raise ValueError(f"label {glyph!r} at {sq} is on a solid square")
            if (
                len(glyph) != 1
                or not glyph.isprintable()
                or glyph.isspace()
                or glyph in _EDGE_GLYPHS
                or glyph in (EMPTY, SOLID)
            ):
                raise ValueError(f"label {glyph!r} at {sq} must be one visible free glyph")
        points = set(posts)
        for a, b in walls:
            points.add(a)
            points.add(b)
        for x, y in solid:
            points.update(((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)))
        setattr_ = object.__setattr__  # frozen dataclass: normalise fields once, here
        setattr_(self, "walls", walls)
        setattr_(self, "posts", posts)
        setattr_(self, "solid", solid)
        setattr_(self, "labels", labels)
        setattr_(self, "_wall_mids", frozenset(_midpoint2(edge) for edge in walls))
        setattr_(self, "_block_points", frozenset(points))
        # A step is exactly a clear centre-to-centre segment between neighbours.
        setattr_(
            self,
            "_steps",
            {sq: frozenset(n for n in self.neighbours(sq) if self._trace(sq, n)[0]) for sq in self.squares()},
        )

    def _checked_edge(self, edge: Edge) -> Edge:
        (i0, j0), (i1, j1) = sorted(edge)
        if abs(i0 - i1) + abs(j0 - j1) != 1:
            raise ValueError(f"wall {edge} is not a unit edge between neighbouring corners")
        if min(i0, j0) < 0 or i1 > self.width or j1 > self.height:
            raise ValueError(f"wall {edge} is off the board")
        # Border edges are implicit (the board edge stops everything already).
        if (i0 == i1 and i0 in (0, self.width)) or (j0 == j1 and j0 in (0, self.height)):
            raise ValueError(f"wall {edge} lies on the border; border walls are implicit")
        return ((i0, j0), (i1, j1))

    # -- parsing and drawing -------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Grid:
        """Read a map in the ASCII format described in the module docstring."""
        lines = text.splitlines()
        for n, line in enumerate(lines, 1):
            if "\t" in line:
                raise MapError(n, line.index("\t") + 1, "a tab", "spaces only")
        used = [n for n, line in enumerate(lines) if line.strip()]
        if not used:
            raise MapError(1, 1, "no drawing", "a map drawn with '+', '|', '-' and cells")
        first, last = used[0], used[-1]
        indent = min(len(lines[n]) - len(lines[n].lstrip(" ")) for n in used)
        rows = [line[indent:] for line in lines[first : last + 1]]
        width2 = len(rows[0])
        if width2 < 3 or width2 % 2 == 0:
            raise MapError(
                first + 1,
                indent + width2,
                f"a first row of {width2} characters",
                "an odd number of at least 3 (2 * width + 1)",
            )
        if len(rows) < 3 or len(rows) % 2 == 0:
            raise MapError(
                last + 1,
                indent + 1,
                f"a drawing of {len(rows)} lines",
                "an odd number of at least 3 (2 * height + 1)",
            )
        for r, row in enumerate(rows):
            if len(row) != width2:
                raise MapError(
                    first + r + 1,
                    indent + min(len(row), width2) + 1,
                    f"a row of {len(row)} characters",
                    f"{width2} like line {first + 1} (pad open edges with spaces)",
                )
        last_row, last_col = len(rows) - 1, width2 - 1
        walls: set[Edge] = set()
        posts: set[Corner] = set()
        solid: set[Square] = set()
        labels: dict[Square, str] = {}
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                expected = _read_glyph(ch, c, r, last_col, last_row, walls, posts, solid, labels)
                if expected is not None:
                    raise MapError(first + r + 1, indent + c + 1, repr(ch), expected)
        return cls(
            width=width2 // 2,
            height=len(rows) // 2,
            walls=frozenset(walls),
            posts=frozenset(posts),
            solid=frozenset(solid),
            labels=labels,
        )

    def render(self, marks: Mapping[Square, str] | None = None) -> str:
        """Draw the grid in the ASCII format; `marks` overrides cell glyphs for display.

        ``Grid.parse(grid.render()) == grid`` always holds.
        """
        cols, rows = 2 * self.width + 1, 2 * self.height + 1
        out = [[" "] * cols for _ in range(rows)]
        for r in range(0, rows, 2):
            for c in range(0, cols, 2):
                out[r][c] = POST if (c // 2, r // 2) in self.posts else CORNER
        for c in range(1, cols, 2):
            out[0][c] = out[rows - 1][c] = WALL_H
        for r in range(1, rows, 2):
            out[r][0] = out[r][cols - 1] = WALL_V
        for c, r in self._wall_mids:
            out[r][c] = WALL_V if c % 2 == 0 else WALL_H
        for x, y in self.squares():
            sq = (x, y)
            out[2 * y + 1][2 * x + 1] = SOLID if sq in self.solid else self.labels.get(sq, EMPTY)
        for (x, y), glyph in (marks or {}).items():
            if not self.on_board((x, y)):
                raise ValueError(f"mark {glyph!r} at {(x, y)} is off the board")
            if len(glyph) != 1 or glyph.isspace() or not glyph.isprintable():
                raise ValueError(f"mark {glyph!r} at {(x, y)} must be one visible character")
            out[2 * y + 1][2 * x + 1] = glyph
        return "\n".join("".join(row) for row in out) + "\n"

    # -- board basics --------------------------------------------------------------

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def squares(self) -> Iterable[Square]:
        """All squares, row by row."""
        return ((x, y) for y in range(self.height) for x in range(self.width))

    def neighbours(self, sq: Square) -> list[Square]:
        """The on-board squares at Chebyshev distance 1, obstructions ignored."""
        x, y = sq
        return [(x + dx, y + dy) for dx, dy in _OFFSETS if self.on_board((x + dx, y + dy))]

    def wall_between(self, a: Square, b: Square) -> bool:
        """Whether a stored wall lies on the side shared by two orthogonal neighbours."""
        return edge_between(a, b) in self.walls

    # -- geometry ------------------------------------------------------------------

    def _trace(self, a: Square, b: Square) -> _Trace:
        key = (a, b) if a <= b else (b, a)
        found = self._lines.get(key)
        if found is None:
            found = self._lines[key] = self._walk(*key)
        return found

    def _walk(self, a: Square, b: Square) -> _Trace:
        """Follow the centre-to-centre segment square by square, in exact integers."""
        solid = self.solid
        mids = self._wall_mids
        points = self._block_points
        clear = a not in solid and b not in solid
        x, y = a
        px, py = 2 * x + 1, 2 * y + 1
        dx, dy = 2 * (b[0] - x), 2 * (b[1] - y)
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        adx, ady = abs(dx), abs(dy)
        crossed: list[Square] = []
        while (x, y) != b:
            # The next vertical grid line is at 2x+1+sx, the next horizontal one at
            # 2y+1+sy. Comparing the distances to them, cross-multiplied by the other
            # axis's extent, says which the segment meets first; a tie is a lattice point.
            if sy == 0:
                ex, ey = 0, 1
            elif sx == 0:
                ex, ey = 1, 0
            else:
                ex = abs(2 * x + 1 + sx - px) * ady
                ey = abs(2 * y + 1 + sy - py) * adx
            if ex < ey:
                if (2 * x + 1 + sx, 2 * y + 1) in mids:
                    clear = False
                x += sx
            elif ey < ex:
                if (2 * x + 1, 2 * y + 1 + sy) in mids:
                    clear = False
                y += sy
            else:
                # Through a corner point: only the two diagonal squares are crossed,
                # the two beside the point are merely touched.
                if ((2 * x + 1 + sx) // 2, (2 * y + 1 + sy) // 2) in points:
                    clear = False
                x += sx
                y += sy
            if (x, y) != b:
                if (x, y) in solid:
                    clear = False
                crossed.append((x, y))
        return clear, tuple(crossed)

    def line_clear(self, a: Square, b: Square) -> bool:
        """Sight rule 1 alone: the centre-to-centre segment touches no obstruction."""
        return self.on_board(a) and self.on_board(b) and self._trace(a, b)[0]

    def squares_crossed(self, a: Square, b: Square) -> tuple[Square, ...]:
        """Squares other than a and b whose open interior the a-b segment passes, a first.

        Squares touched only at a corner point are not included.
        """
        if not (self.on_board(a) and self.on_board(b)):
            raise ValueError(f"{a} or {b} is off the board")
        crossed = self._trace(a, b)[1]
        return crossed if a <= b else crossed[::-1]

    def step_allowed(self, a: Square, b: Square) -> bool:
        """Geometry of a single step to one of the 8 neighbours (occupants ignored)."""
        steps = self._steps.get(a)
        return steps is not None and b in steps

    # -- sight ---------------------------------------------------------------------

    def can_see(self, viewer: Square, target: Square, team: int, occupants: Occupancy) -> bool:
        """Whether a member of `team` at `viewer` sees `target` (a square sees itself)."""
        if not (self.on_board(viewer) and self.on_board(target)):
            return False
        return self._sees(viewer, target, team, occupants, {})

    def visible_squares(self, viewer: Square, team: int, occupants: Occupancy) -> set[Square]:
        """Every square `viewer` can see, sharing work between the targets."""
        if not self.on_board(viewer):
            return set()
        memo: dict[Square, bool] = {}
        return {sq for sq in self.squares() if self._sees(viewer, sq, team, occupants, memo)}

    def _sees(
        self,
        viewer: Square,
        target: Square,
        team: int,
        occupants: Occupancy,
        memo: dict[Square, bool],
    ) -> bool:
        known = memo.get(target)
        if known is not None:
            return known
        clear, crossed = self._trace(viewer, target)
        seen = clear
        if clear and occupants:
            for sq in crossed:
                occ = occupants.get(sq)
                # Only a standing rival the viewer itself sees can hide what is behind
                # it. Each crossed square is strictly nearer, so the recursion ends.
                if (
                    occ is not None
                    and occ.standing
                    and occ.team != team
                    and self._sees(viewer, sq, team, occupants, memo)
                ):
                    seen = False
                    break
        memo[target] = seen
        return seen

    def adjacent(self, a: Square, b: Square, team: int, occupants: Occupancy) -> bool:
        """Neighbouring squares that see each other.

        No square lies strictly between two neighbours, so occupants can never matter
        here; the parameters are kept so callers need not know that.
        """
        return chebyshev(a, b) == 1 and self.step_allowed(a, b)

    def in_range(self, a: Square, b: Square, n: int, team: int, occupants: Occupancy) -> bool:
        """Within n squares and visible: what a ranged action needs."""
        return within(a, b, n) and self.can_see(a, b, team, occupants)

    # -- movement ------------------------------------------------------------------

    def _explore(
        self, start: Square, steps: int, team: int, occupants: Occupancy
    ) -> tuple[dict[Square, int], dict[Square, Square]]:
        """Breadth-first search over squares a mover may pass through."""
        if not self.on_board(start):
            raise ValueError(f"start {start} is off the board")
        if steps < 0:
            raise ValueError(f"steps must not be negative, got {steps}")
        dist = {start: 0}
        parent: dict[Square, Square] = {}
        queue = deque([start])
        while queue:
            sq = queue.popleft()
            d = dist[sq]
            if d == steps:
                continue
            for nxt in self._steps[sq]:
                if nxt in dist:
                    continue
                occ = occupants.get(nxt)
                if occ is not None and occ.standing and occ.team != team:
                    continue  # a standing rival can be neither crossed nor entered
                dist[nxt] = d + 1
                parent[nxt] = sq
                queue.append(nxt)
        return dist, parent

    def reachable(self, start: Square, steps: int, team: int, occupants: Occupancy) -> dict[Square, int]:
        """Legal end squares of a move of up to `steps` squares -> fewest steps needed.

        Any occupied square may not be an end (the mover's own entry at `start` is
        ignored, and `start` itself is never an end).
        """
        dist, _ = self._explore(start, steps, team, occupants)
        return {sq: d for sq, d in dist.items() if sq != start and sq not in occupants}

    def path(
        self, start: Square, end: Square, steps: int, team: int, occupants: Occupancy
    ) -> list[Square] | None:
        """A shortest legal path ``[start, ..., end]``, or None if `end` is not reachable."""
        dist, parent = self._explore(start, steps, team, occupants)
        if end == start or end not in dist or end in occupants:
            return None
        route = [end]
        while route[-1] != start:
            route.append(parent[route[-1]])
        route.reverse()
        return route

    def path_is_legal(
        self,
        route: list[Square],
        team: int,
        occupants: Occupancy,
        steps: int | None = None,
    ) -> bool:
        """Whether `route` (start first) is a legal move, e.g. one proposed by a client."""
        if len(route) < 2 or (steps is not None and len(route) - 1 > steps):
            return False
        if any(not self.step_allowed(a, b) for a, b in zip(route, route[1:], strict=False)):
            return False
        for sq in route[1:-1]:
            occ = occupants.get(sq)
            if occ is not None and occ.standing and occ.team != team:
                return False
        end = route[-1]
        return end != route[0] and end not in occupants
