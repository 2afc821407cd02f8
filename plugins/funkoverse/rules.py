"""The rules of a Funkoverse round, in the rulebook's order.

    choose a character    a side on turn picks one of its characters without an
                          exhausted marker ("pick:<piece>")
    do up to two actions  move, basic challenge, assist, interact, ability, use item;
                          a knocked-down character may only rally (both actions);
                          a knocked-out one may only be exhausted; an attached
                          companion acts once free, or for actions given up to it
    exhaust               the character is marked; the next side clockwise that still
                          has a character to choose takes a turn
    round end             scenario scoring, the round cap, cooldown (from the first
                          player), returning pieces placed in their starting areas,
                          refresh, the First Player marker passes on

`prompts` lists what can be chosen now and `apply` does it; `advance` then runs
everything that needs no decision (ability steps, challenges, turn and round ends)
until a decision is needed again. Everything random goes through `ctx.rng`.
The decisions before the first turn (characters, items and companions, leaders) are
in setup.py; placing the pieces is here, since knocked-out pieces are placed again.
"""

from __future__ import annotations

from functools import cache, lru_cache
from operator import attrgetter

from nbc.core import coverage
from nbc.core.cooldown import clamp_space
from nbc.core.dice import roll_many, total
from nbc.core.game import REFS, Choice, Context, Prompt, offered_choice
from nbc.core.grid import Grid, Occupant, chebyshev, within
from nbc.plugins.funkoverse import setup
from nbc.plugins.funkoverse.effects import (
    ABILITIES,
    BASIC_ACTIONS,
    CARDS,
    CHALLENGE_DIE,
    ITEMS,
    OOGIE_DIE,
    SCENARIOS,
    Step,
    grid,
)
from nbc.plugins.funkoverse.state import Frame, Piece, Reaction, Side, Square, State

BASE_GLYPHS = {"red": "r", "blue": "b", "green": "g", "yellow": "y"}
CHARACTER_KINDS = ("character", "basic")
BASIC_CHALLENGE_DICE = 2
BASIC_MOVE = 2
KNOCKOUT_SPACE = 1
POINT_MARKER_SPACE = 4
# How a match ends (`State.reason`, `Outcome.reason`): the book's goal, or the optional
# round cap that bots and tests may set.
REACHED_GOAL = "reached the goal"
ROUND_LIMIT = "round limit reached"
# Where points come from (`Side.scored`); `point_sources` says which a scenario gives.
KNOCK_OUT = "knock-out"
NEXT_TO_KNOCK_OUT = "next to a knock-out"
POINT_MARKER = "point marker"
SCORING_AREA = "scoring area"
TRIUMPH = "triumph marker"
INFILTRATE = "rival starting area"
SOURCES = (KNOCK_OUT, NEXT_TO_KNOCK_OUT, POINT_MARKER, SCORING_AREA, TRIUMPH, INFILTRATE)
ROUND_END_SOURCES = {"territory": SCORING_AREA, "triumph": TRIUMPH, "infiltrate": INFILTRATE}


# -- the board -----------------------------------------------------------------------


@cache
def area(map_name: str, glyph: str) -> tuple[Square, ...]:
    """The squares of a map carrying one label glyph, row by row."""
    labels = grid(map_name).labels
    return tuple(sorted((sq for sq, g in labels.items() if g == glyph), key=lambda s: (s[1], s[0])))


def home_area(state: State, side: int, base: str) -> tuple[Square, ...]:
    """Where a pair of base colour `base` on side `side` starts: its base's area, or,
    on a map drawn with one area per side (Halloween Town, as Territory's card shows
    two), its side's area: that of the side's first base colour."""
    return area(state.map, BASE_GLYPHS[base]) or area(state.map, BASE_GLYPHS[state.sides[side].bases[0]])


def side_areas(state: State, side: int) -> list[tuple[Square, ...]]:
    """The starting areas a side's pieces start from, each once."""
    found: list[tuple[Square, ...]] = []
    for base in state.sides[side].bases:
        squares = home_area(state, side, base)
        if squares not in found:
            found.append(squares)
    return found


def occupants(state: State) -> dict[Square, Occupant]:
    """Who stands where, as the grid's sight and movement rules see it (markers and
    point markers are not occupants). Kept with the state while no piece's square,
    stance or side changed (callers only read it)."""
    pieces = state.pieces.values()
    where = tuple(map(_WHERE, pieces))
    kept = state.occupied
    if kept is not None and kept[0] == where:
        return kept[1]
    by_side = _OCCUPANTS
    occ = {p.square: by_side[p.side][p.standing] for p in pieces if p.square is not None}
    state.occupied = (where, occ)
    return occ


_WHERE = attrgetter("square", "standing", "side")


# Occupants are immutable: one per side and stance serves every square.
_OCCUPANTS = [(Occupant(side, False), Occupant(side, True)) for side in range(8)]


@cache
def _free_moves(
    map_name: str, start: Square, squares: int
) -> tuple[tuple[tuple[Square, Choice], ...], frozenset[Square]]:
    """A move of up to `squares` from `start` with nobody on the map: the squares it
    reaches, sorted, each with its "to:" choice; and the squares it passes through
    (nearer than `squares`, `start` left out). Worked out once per map and square."""
    reached = grid(map_name).reachable(start, squares, 0, {})
    ends = tuple((sq, _move_choice(sq)) for sq in sorted(reached))
    return ends, frozenset(sq for sq, d in reached.items() if d < squares)


@cache
def _move_choice(sq: Square) -> Choice:
    return Choice(f"to:{sq_id(sq)}", f"Move to {sq_id(sq)}")


def move_ends(
    state: State, start: Square, squares: int, side: int, occ: dict[Square, Occupant], passes_rivals: bool
) -> list[tuple[Square, Choice]]:
    """The legal ends of a move (as `Grid.reachable` finds them), sorted, each with its
    "to:" choice. The search is the map's own, worked out once (`_free_moves`), unless
    a standing rival stands where the move would pass: then the grid searches."""
    ends, passed = _free_moves(state.map, start, squares)
    if not passes_rivals:
        blockers = tuple([sq for sq, o in occ.items() if sq in passed and o.standing and o.team != side])
        if blockers:
            reached = _blocked_moves(state.map, start, squares, blockers)
            return [end for end in ends if end[0] in reached and end[0] not in occ]
    return [end for end in ends if end[0] not in occ]


def move_choices(
    state: State, start: Square, squares: int, side: int, occ: dict[Square, Occupant], passes_rivals: bool
) -> list[Choice]:
    """The "to:" choices of `move_ends`, in its order (made in one pass)."""
    ends, passed = _free_moves(state.map, start, squares)
    if not passes_rivals:
        blockers = tuple([sq for sq, o in occ.items() if sq in passed and o.standing and o.team != side])
        if blockers:
            reached = _blocked_moves(state.map, start, squares, blockers)
            return [choice for sq, choice in ends if sq in reached and sq not in occ]
    return [choice for sq, choice in ends if sq not in occ]


_BLOCKED: dict[tuple, frozenset[Square]] = {}


def _blocked_moves(
    map_name: str, start: Square, squares: int, blockers: tuple[Square, ...]
) -> frozenset[Square]:
    """The squares a move of up to `squares` from `start` reaches when standing rivals
    hold `blockers` (a breadth-first search, as `Grid.reachable` makes it; kept)."""
    key = (map_name, start, squares, blockers)
    found = _BLOCKED.get(key)
    if found is None:
        if len(_BLOCKED) > 50_000:
            _BLOCKED.clear()
        steps = grid(map_name)._steps
        seen = {start, *blockers}
        frontier = [start]
        for _ in range(squares):
            following = []
            for sq in frontier:
                for n in steps[sq]:
                    if n not in seen:
                        seen.add(n)
                        following.append(n)
            frontier = following
        found = _BLOCKED[key] = frozenset(seen.difference(blockers))
    return found


def is_character(piece: Piece) -> bool:
    return piece.kind in CHARACTER_KINDS


def name(piece: Piece) -> str:
    return CARDS[piece.card].name


def cooldown_name(state: State, entry: str) -> tuple[str, list[str]]:
    """What a cooldown track entry is, in words, and the card references of what the
    words name: a piece, the item a piece used, an ability token or a point marker."""
    kind, _, ident = entry.partition(":")
    if kind == "piece":
        piece = state.pieces[ident]
        return name(piece), [piece.card]
    if kind == "item":
        piece = state.pieces[ident]
        item = piece.item or ""
        return f"{name(piece)}'s {ITEMS[item].name}", [item, piece.card]
    if kind == "token":
        colour, _, number = ident.rpartition("-")
        return f"{colour} token {number}", []
    return f"point marker {ident}", []


def sq_id(sq: Square) -> str:
    return f"{sq[0]},{sq[1]}"


def parse_sq(text: str) -> Square:
    x, y = text.split(",")
    return (int(x), int(y))


def free_squares_near(state: State, squares: tuple[Square, ...]) -> list[Square]:
    """Free squares of an area; if all are taken, the free squares nearest to it."""
    occ = occupants(state)
    g = grid(state.map)
    free = [sq for sq in squares if sq not in occ and sq not in g.solid]
    if free or not squares:
        return free
    best: list[Square] = []
    best_d = None
    for sq in g.squares():
        if sq in occ or sq in g.solid:
            continue
        d = min(chebyshev(sq, a) for a in squares)
        if best_d is None or d < best_d:
            best, best_d = [sq], d
        elif d == best_d:
            best.append(sq)
    return best


def adjacent_free(state: State, piece: Piece, occ: dict[Square, Occupant] | None = None) -> list[Square]:
    """Free squares adjacent to a piece (neighbouring and visible)."""
    if piece.square is None:
        return []
    occ = occupants(state) if occ is None else occ
    return [sq for sq in _steps_in_order(state.map, piece.square) if sq not in occ]


@cache
def _steps_in_order(map_name: str, sq: Square) -> tuple[Square, ...]:
    """The neighbours a piece may step to from `sq`, in the grid's order of neighbours."""
    g = grid(map_name)
    return tuple(n for n in g.neighbours(sq) if g.step_allowed(sq, n))


@cache
def _square_choice(verb: str, sq: Square, label: str, card: str = "") -> Choice:
    """The choice `verb:x,y`; `label` has a `{}` for the square, and names `card` (its
    reference) when one is given."""
    return Choice(f"{verb}:{sq_id(sq)}", label.format(sq_id(sq)), {REFS: [card]} if card else {})


# -- whose turn ----------------------------------------------------------------------


def choosable(state: State, side: int) -> list[Piece]:
    """The side's characters without an exhausted marker (on the map or not)."""
    return [
        p
        for p in state.pieces.values()
        if p.side == side and not p.exhausted and p.kind in CHARACTER_KINDS  # is_character
    ]


def may_choose(state: State, side: int) -> bool:
    """Has the side a character to choose (`choosable` is not empty)?"""
    for p in state.pieces.values():
        if p.side == side and not p.exhausted and p.kind in CHARACTER_KINDS:
            return True
    return False


def next_turn(state: State, after: int) -> int | None:
    """The next side clockwise (possibly `after` itself) with a character to choose."""
    n = len(state.sides)
    for step in range(1, n + 1):
        side = (after + step) % n
        if may_choose(state, side):
            return side
    return None


# -- prompts -------------------------------------------------------------------------
# Choices are immutable, so the same one serves every prompt that offers it: those
# that name a piece or a square are made once per name (`_choice`).

STAY = Choice("stay", "Stay")
END_TURN = Choice("end", "End the turn")
PASS = Choice("end", "Pass")
RAG_DOLL = (Choice("swap", "Swap with the Arm"), Choice("stay", "Take the challenge"))


@cache
def _choice(verb: str, ident: str, label: str, refs: tuple[str, ...] = ()) -> Choice:
    """The choice `verb:ident` (or `verb` alone when `ident` is empty) with `label`, and
    the card references `refs` (the cards its label names)."""
    return Choice(f"{verb}:{ident}" if ident else verb, label, {REFS: list(refs)} if refs else {})


# The labels of the choices that name one piece, by verb.
PIECE_LABELS = {
    "pick": "Take a turn with {}",
    "challenge": "Challenge {}",
    "assist": "Stand {} up",
    "target": "Challenge {}",
    "ally": "Pull {}",
}


@cache
def _piece_choice(verb: str, piece_id: str, card: str) -> Choice:
    """The choice `verb:piece_id`, labelled with the piece's card's name."""
    return Choice(f"{verb}:{piece_id}", PIECE_LABELS[verb].format(CARDS[card].name), {REFS: [card]})


def prompts(state: State) -> list[Prompt]:
    if state.over:
        return []
    if state.picking or state.outfitting or state.choosing_leaders:
        return setup.prompts(state)
    if state.placing:
        piece = state.pieces[state.placing[0]]
        squares = placement_squares(state, piece)
        label = f"Place {name(piece)} on {{}}"
        return [
            Prompt(
                piece.seat,
                "place",
                f"Place {name(piece)}",
                tuple([_square_choice("place", sq, label, piece.card) for sq in squares]),
            )
        ]
    if state.reaction is not None:
        r = state.reaction
        return [
            Prompt(
                r.seat,
                "rag-doll",
                "Sally is challenged: swap places with the Detachable Arm?",
                RAG_DOLL,
            )
        ]
    if state.frames:
        frame = state.frames[-1]
        piece = state.pieces[frame.piece]
        if frame.awaiting:
            return [step_prompt(state, frame, piece)]
        return [Prompt(piece.seat, "action", _action_text(piece.card), action_choices(state, frame))]
    turn = state.turn
    seats = state.sides[turn].seats
    if len(seats) == 1:  # a side of one seat: its characters to choose, in one pass
        seat = seats[0]
        picks = tuple(
            [
                _piece_choice("pick", p.id, p.card)
                for p in state.pieces.values()
                if p.side == turn and not p.exhausted and p.kind in CHARACTER_KINDS and p.seat == seat
            ]
        )
        return [Prompt(seat, "turn", TURN_TEXT, picks)] if picks else []
    found = []
    pieces = choosable(state, turn)
    for seat in seats:
        mine = [p for p in pieces if p.seat == seat]
        if mine:
            found.append(
                Prompt(seat, "turn", TURN_TEXT, tuple([_piece_choice("pick", p.id, p.card) for p in mine]))
            )
    return found


TURN_TEXT = "Choose a character to take a turn"


@cache
def _action_text(card: str) -> str:
    return f"{CARDS[card].name}: choose an action"


def placement_squares(state: State, piece: Piece) -> list[Square]:
    """Where a piece waiting to be placed may go: its starting area, or for a minion
    at the start of the game, next to its character."""
    if piece.kind == "minion":
        owner = state.pieces[piece.owner or ""]
        return adjacent_free(state, owner)
    return free_squares_near(state, home_area(state, piece.side, piece.base))


def move_allowance(piece: Piece) -> int:
    card = CARDS[piece.card]
    if card.move:
        return card.move
    if card.trait is not None and card.trait.move:
        return card.trait.move
    return BASIC_MOVE


def can_move(
    state: State, piece: Piece, squares: int, occ: dict[Square, Occupant], passes_rivals: bool = False
) -> bool:
    g = grid(state.map)
    sq = piece.square
    if sq is None or squares < 1:
        return False
    for n in g._steps[sq]:  # a free neighbour settles it without a search
        if n not in occ:
            return True
    return bool(move_ends(state, sq, squares, piece.side, occ, passes_rivals))


def rivals_adjacent(state: State, piece: Piece, g: Grid) -> list[Piece]:
    sq = piece.square
    if sq is None:
        return []
    steps = g._steps[sq]
    return [p for p in state.pieces.values() if p.side != piece.side and p.square in steps]


def targets_from(
    state: State, origin: Square, side: int, reach: int, occ: dict[Square, Occupant]
) -> list[Piece]:
    """Rivals of `side` a challenge from `origin` may target: adjacent (reach 0) or
    within `reach` squares and visible."""
    g = grid(state.map)
    found = []
    if reach == 0:
        steps = g._steps.get(origin, ())  # the neighbours a step (so sight) reaches
        for p in state.pieces.values():
            if p.side != side and p.square in steps:
                found.append(p)
        return found
    x, y = origin
    for p in state.pieces.values():
        sq = p.square
        if p.side == side or sq is None:
            continue
        if -reach <= sq[0] - x <= reach and -reach <= sq[1] - y <= reach and g.can_see(origin, sq, side, occ):
            found.append(p)  # within reach and visible
    return found


def interactable(state: State, piece: Piece) -> list[str]:
    """Markers on the map the piece may interact with (in its square or adjacent)."""
    if piece.square is None:
        return []
    g = grid(state.map)
    found = []
    for m in state.markers.values():
        if m.square is None or m.holder is not None:
            continue
        if m.square == piece.square or (
            chebyshev(m.square, piece.square) == 1 and g.step_allowed(piece.square, m.square)
        ):
            found.append(m.id)
    return found


def ability_cost(state: State, piece: Piece, ability_key: str) -> int:
    """The ability's cost after the piece's status cards change it."""
    cost = ABILITIES[ability_key].cost
    for status in piece.statuses:
        cost += ITEMS[status].cost_change
    return cost


def token_for(side: Side, colour: str) -> str | None:
    for token in side.pool:
        if _token_colour(token) == colour:
            return token
    return None


@lru_cache(maxsize=4096)
def _colours(pool: tuple[str, ...]) -> frozenset[str]:
    """The colours of the tokens in a pool (kept for the pools seen last)."""
    return frozenset([_token_colour(t) for t in pool])


@cache
def _token_colour(token: str) -> str:
    """A token id is "<colour>-<n>"."""
    return token.rsplit("-", 1)[0]


def can_pay(state: State, piece: Piece, ability_key: str) -> bool:
    if ability_cost(state, piece, ability_key) < 1:
        return True
    return token_for(state.sides[piece.side], ABILITIES[ability_key].token) is not None


def has_possible_target(state: State, piece: Piece, ability_key: str, occ: dict[Square, Occupant]) -> bool:
    """A challenge action needs a possible target: check the ability's first challenge,
    from any square a move step before it could reach."""
    if piece.square is None:
        return False
    origins = [piece.square]
    g = grid(state.map)
    for step in ABILITIES[ability_key].steps:
        if step.op == "move":
            origins += [sq for sq, _ in move_ends(state, piece.square, step.squares, piece.side, occ, False)]
        elif step.op == "challenge":
            if step.targets == "each-adjacent-standing":
                return any(p.standing for p in rivals_adjacent(state, piece, g))
            if step.range == 0:  # a rival next to one of the squares, where a step reaches
                rivals = {p.square for p in state.pieces.values() if p.side != piece.side}
                steps = g._steps
                return any(not rivals.isdisjoint(steps[o]) for o in origins)
            return any(targets_from(state, o, piece.side, step.range, occ) for o in origins)
        elif step.op == "animate":
            return bool(animate_candidates(state, piece, step, occ))
    return True


def animate_candidates(state: State, piece: Piece, step: Step, occ: dict[Square, Occupant]) -> list[str]:
    if piece.square is None:
        return []
    found = []
    for m in state.markers.values():
        if m.square is None or m.holder is not None or not within(piece.square, m.square, step.range):
            continue
        if ("triumph-marker" if m.id == "T" else "point-marker") not in step.animates:
            continue
        if targets_from(state, m.square, piece.side, step.reach, occ):
            found.append(m.id)
    return found


# A companion's piece id is its card and its side (`setup.give`: one per side): the
# ids a side's companion may have, by side.
_COMPANION_IDS = [
    tuple(f"{c.id}-{side}" for c in CARDS.values() if c.kind == "companion") for side in range(8)
]


def companion_of(state: State, piece: Piece) -> Piece | None:
    pieces = state.pieces
    for ident in _COMPANION_IDS[piece.side]:
        p = pieces.get(ident)
        if p is not None and p.owner == piece.id:
            return p
    return None


def action_choices(state: State, frame: Frame) -> tuple[Choice, ...]:
    piece = state.pieces[frame.piece]
    choices: list[Choice] = []
    if frame.root:
        zero = companion_of(state, piece)
        if zero is not None and zero.square is not None and (frame.companion_free or frame.actions > 0):
            about: tuple[str, ...]
            if frame.companion_free:
                how, about = "free", (zero.card,)
            else:
                how, about = f"gives up one of {name(piece)}'s actions", (zero.card, piece.card)
            choices.append(_choice("companion", "", f"{name(zero)} acts ({how})", about))
    on_map = piece.square is not None
    if frame.rallying:
        # Knocked down when chosen: its own actions can only rally (both of them), even
        # once its companion has stood it up; they may still go to the companion.
        if on_map and not piece.standing and frame.actions == 2:
            choices.append(_choice("rally", "", f"{name(piece)} rallies (both actions)", (piece.card,)))
    elif on_map and piece.standing and frame.actions > 0:
        choices.extend(_actions_of_standing(state, frame, piece))
    choices.append(END_TURN if frame.root else PASS)
    return tuple(choices)


def allowed_kinds(frame: Frame, piece: Piece) -> tuple[str, ...]:
    card = CARDS[piece.card]
    kinds: tuple[str, ...] = tuple(card.actions) if card.actions else BASIC_ACTIONS
    if frame.exclude:
        kinds = tuple(k for k in kinds if k not in frame.exclude)
    return kinds


@cache
def _card_actions(
    card_id: str,
) -> tuple[tuple[str, ...], int, Choice, tuple[tuple[str, bool, Choice, int, str], ...]]:
    """What a character card offers, worked out once per card: its kinds of basic
    action, its move allowance with the "move" choice, and each ability's key (as
    `ABILITIES` knows it), whether it is a challenge action, its choice, its printed
    cost and the colour of token it takes."""
    card = CARDS[card_id]
    trait_move = card.trait.move if card.trait is not None else 0
    allowance = card.move or trait_move or BASIC_MOVE
    abilities = []
    for a in card.ability:
        key = f"{card_id}/{a.id}"
        ability = ABILITIES[key]
        choice = Choice(f"ability:{a.id}", f"Use {a.name}", {REFS: [key]})
        abilities.append((key, a.challenge_action, choice, ability.cost, ability.token))
    kinds: tuple[str, ...] = tuple(card.actions) if card.actions else BASIC_ACTIONS
    return kinds, allowance, Choice("move", f"Move up to {allowance} squares"), tuple(abilities)


def _actions_of_standing(state: State, frame: Frame, piece: Piece) -> list[Choice]:
    g = grid(state.map)
    occ = occupants(state)
    kinds, allowance, move, abilities = _card_actions(piece.card)
    if frame.exclude:
        kinds = tuple(k for k in kinds if k not in frame.exclude)
    out: list[Choice] = []
    if "move" in kinds and can_move(state, piece, allowance, occ):
        out.append(move)
    challenge, assist = "challenge" in kinds, "assist" in kinds
    if challenge or assist:
        steps = g._steps[piece.square]  # type: ignore[index]
        side = piece.side
        helped = []
        for other in state.pieces.values():
            if other.square in steps:  # a neighbour it can step to (and see)
                if other.side != side:
                    if challenge:
                        out.append(_piece_choice("challenge", other.id, other.card))
                elif assist and not other.standing:
                    helped.append(_piece_choice("assist", other.id, other.card))
        out += helped
    if "interact" in kinds:
        for marker in interactable(state, piece):
            out.append(_choice("interact", marker, f"Interact with marker {marker}"))
    if frame.basic_only or piece.kind != "character":
        return out
    colours = _colours(tuple(state.sides[piece.side].pool)) if abilities else ()
    for key, challenge_action, choice, cost, token in abilities:
        if piece.statuses:
            cost = ability_cost(state, piece, key)
        if cost >= 1 and token not in colours:
            continue  # it cannot be paid (`can_pay`)
        if not challenge_action or has_possible_target(state, piece, key, occ):
            out.append(choice)
    if piece.item and f"item:{piece.id}" not in state.sides[piece.side].cooldown:
        item = ITEMS[piece.item]
        if can_move(state, piece, item.move, occ, passes_rivals=True):
            out.append(_choice("item", piece.item, f"Use {item.name}", (piece.item,)))
    return out


def step_prompt(state: State, frame: Frame, piece: Piece) -> Prompt:
    """The decision an ability step (or a move) is waiting for."""
    seat = piece.seat
    kind = frame.awaiting
    occ = occupants(state)
    choices: list[Choice] = []
    if kind == "move":
        start: Square = piece.square  # type: ignore[assignment]
        choices = move_choices(state, start, frame.move_squares, piece.side, occ, frame.move_passes_rivals)
        if frame.step >= 0:
            choices.append(STAY)
        text = f"Move {name(piece)} up to {frame.move_squares} squares"
    elif kind == "challenge":
        origin = _challenge_origin(state, frame, piece)
        reach = _current_step(frame).range if not frame.challenger else _current_step(frame).reach
        found = targets_from(state, origin, piece.side, reach, occ)
        choices = [_piece_choice("target", t.id, t.card) for t in found]
        text = "Choose the target of the challenge"
    elif kind == "place-minion":
        step = _current_step(frame)
        minion = state.pieces[_minion_id(state, piece, step.minion)]
        label = f"Put {name(minion)} on {{}}"
        choices = [
            _square_choice("square", sq, label, minion.card) for sq in adjacent_free(state, piece, occ)
        ]
        if minion.square is not None:
            choices.append(Choice("stay", f"Leave {name(minion)} where it is", {REFS: [minion.card]}))
            if step.teleport:
                choices.append(
                    Choice(
                        "teleport",
                        f"Lift {name(minion)} and put {name(piece)} in its square",
                        {REFS: [minion.card, piece.card]},
                    )
                )
        text = "Place the minion"
    elif kind == "shift-cooldown":
        track = state.sides[piece.side].cooldown
        choices = []
        for item in track.items():
            if item not in frame.shifted:
                what, about = cooldown_name(state, item)
                choices.append(Choice(f"shift:{item}", f"Shift {what} down", {REFS: about} if about else {}))
        choices.append(Choice("done", "Shift nothing more"))
        text = f"Shift things on your cooldown track ({frame.count_left} left)"
    elif kind == "pull-ally":
        step = _current_step(frame)
        choices = [_piece_choice("ally", a.id, a.card) for a in pull_candidates(state, piece, step, occ)]
        text = "Choose an ally to pull next to you"
    elif kind == "pull-square":
        choices = [_square_choice("square", sq, "Put it on {}") for sq in adjacent_free(state, piece, occ)]
        text = "Choose where the ally lands"
    elif kind == "animate":
        step = _current_step(frame)
        choices = [
            Choice(f"marker:{m}", f"Animate marker {m}") for m in animate_candidates(state, piece, step, occ)
        ]
        text = "Choose the marker that comes alive"
    else:  # pragma: no cover - every awaiting kind is listed above
        raise AssertionError(f"unknown awaiting step {kind!r}")
    return Prompt(seat, kind, text, tuple(choices))


def _current_step(frame: Frame) -> Step:
    """The step being resolved: the one just taken off the queue."""
    return ABILITIES[frame.ability].steps[frame.step]


def _challenge_origin(state: State, frame: Frame, piece: Piece) -> Square:
    if frame.challenger:
        marker = state.markers[frame.challenger]
        return marker.square  # type: ignore[return-value]
    return piece.square  # type: ignore[return-value]


def _minion_id(state: State, owner: Piece, minion_card: str) -> str:
    for p in state.pieces.values():
        if p.kind == "minion" and p.card == minion_card and p.owner == owner.id:
            return p.id
    raise KeyError(f"{owner.id} has no minion {minion_card}")


def pull_candidates(state: State, piece: Piece, step: Step, occ: dict[Square, Occupant]) -> list[Piece]:
    if piece.square is None or not adjacent_free(state, piece, occ):
        return []
    g = grid(state.map)
    return [
        a
        for a in state.pieces.values()
        if a.side == piece.side
        and a.id != piece.id
        and a.square is not None
        and g.in_range(piece.square, a.square, step.range, piece.side, occ)
    ]


# -- apply ---------------------------------------------------------------------------


def find_choice(state: State, seat: int, choice_id: str) -> Choice | None:
    """The choice `choice_id` of `seat`'s prompt, when the prompts of this state were
    worked out already (`Funkoverse.prompts` keeps them in `State.offered` until the
    next choice); None otherwise, and for anything not offered."""
    return offered_choice(state.offered, seat, choice_id)


def apply(state: State, seat: int, choice: Choice, ctx: Context) -> None:
    state.offered = None
    verb, _, arg = choice.id.partition(":")
    if state.picking or state.outfitting or state.choosing_leaders:
        setup.apply(state, seat, choice.id, ctx)
    elif state.placing:
        place(state, state.placing.pop(0), parse_sq(arg), ctx)
    elif state.reaction is not None:
        answer_rag_doll(state, verb == "swap", ctx)
    elif not state.frames:
        piece = state.pieces[arg]
        zero = companion_of(state, piece)
        rallying = piece.square is not None and not piece.standing
        state.frames.append(
            Frame(piece.id, actions=2, root=True, companion_free=zero is not None, rallying=rallying)
        )
    else:
        frame = state.frames[-1]
        if frame.awaiting:
            answer_step(state, frame, verb, arg, ctx)
        else:
            do_action(state, frame, verb, arg, ctx)
    advance(state, ctx)


def do_action(state: State, frame: Frame, verb: str, arg: str, ctx: Context) -> None:
    piece = state.pieces[frame.piece]
    if verb == "end":
        finish_frame(state, ctx)
        return
    if verb == "companion":
        if frame.companion_free:
            frame.companion_free = False
        else:
            frame.actions -= 1
        zero = companion_of(state, piece)
        assert zero is not None
        state.frames.append(Frame(zero.id, actions=1, basic_only=True))
        coverage.fired(zero.card)
        ctx.emit(
            "companion",
            f"{name(zero)} acts for {name(piece)}",
            {"piece": zero.id, "for": piece.id, REFS: [zero.card, piece.card]},
        )
        return
    if verb == "rally":
        frame.actions = 0
        piece.standing = True
        ctx.emit("rally", f"{name(piece)} rallies and stands up", {"piece": piece.id, REFS: [piece.card]})
        return
    frame.actions -= 1
    frame.last_kind = verb if verb in BASIC_ACTIONS else ""
    if verb == "move":
        frame.awaiting, frame.move_squares, frame.move_passes_rivals = "move", move_allowance(piece), False
        trait = CARDS[piece.card].trait
        if trait is not None and trait.move and not CARDS[piece.card].move:
            trait_fired(piece)  # the trait (Long Stride) set the allowance
    elif verb == "challenge":
        start_challenge(state, piece.id, arg, BASIC_CHALLENGE_DICE + extra_dice(piece), ctx)
    elif verb == "assist":
        ally = state.pieces[arg]
        ally.standing = True
        ctx.emit(
            "assist",
            f"{name(piece)} stands {name(ally)} up",
            {"piece": piece.id, "ally": ally.id, REFS: [piece.card, ally.card]},
        )
    elif verb == "interact":
        interact(state, piece, arg, ctx)
    elif verb == "ability":
        use_ability(state, frame, piece, f"{piece.card}/{arg}", ctx)
    elif verb == "item":
        item = ITEMS[arg]
        state.sides[piece.side].cooldown.place(f"item:{piece.id}", item.cost)
        ctx.emit(
            "item",
            f"{name(piece)} uses {item.name}",
            {"piece": piece.id, "item": item.id, REFS: [item.id, piece.card]},
        )
        coverage.fired(item.id)
        frame.awaiting, frame.move_squares, frame.move_passes_rivals = "move", item.move, True
    else:  # pragma: no cover - prompts offer nothing else
        raise AssertionError(f"unknown action {verb!r}")


def extra_dice(piece: Piece) -> int:
    """The status cards' extra challenge dice (called only when a challenge is made)."""
    dice = 0
    for status in piece.statuses:
        if ITEMS[status].extra_dice:
            coverage.fired(status)
            dice += ITEMS[status].extra_dice
    return dice


def trait_fired(piece: Piece) -> None:
    """Report to coverage that the piece's trait changed what happened."""
    coverage.fired(f"{piece.card}/{CARDS[piece.card].trait.id}")  # type: ignore[union-attr]


def use_ability(state: State, frame: Frame, piece: Piece, key: str, ctx: Context) -> None:
    ability = ABILITIES[key]
    cost = ability_cost(state, piece, key)
    side = state.sides[piece.side]
    space = pay(side, ability.token, cost)
    coverage.fired(key)
    for status in piece.statuses:
        if ITEMS[status].cost_change:
            coverage.fired(status)
    ctx.emit(
        "ability",
        f"{name(piece)} uses {ability.name}",
        {"piece": piece.id, "ability": ability.id, "cost": cost, "space": space, REFS: [key, piece.card]},
    )
    frame.ability = key
    frame.queue = list(range(len(ability.steps)))


def pay(side: Side, colour: str, cost: int) -> int | None:
    """Spend a token of `colour` onto the cooldown track at `cost`: below 1 nothing is
    spent, above the track's last space the token goes on the last space."""
    space = clamp_space(cost, side.cooldown.size)
    if space is None:
        return None
    token = token_for(side, colour)
    if token is None:
        raise ValueError(f"no {colour} token in the pool {side.pool}")
    side.pool.remove(token)
    side.cooldown.place(f"token:{token}", space)
    return space


def interact(state: State, piece: Piece, marker_id: str, ctx: Context) -> None:
    marker = state.markers[marker_id]
    if marker_id == "T":
        marker.holder, marker.square = piece.id, None
        ctx.emit(
            "triumph", f"{name(piece)} takes the triumph marker", {"piece": piece.id, REFS: [piece.card]}
        )
        return
    marker.square = None
    side = state.sides[piece.side]
    side.cooldown.place(f"marker:{marker_id}", POINT_MARKER_SPACE)
    ctx.emit(
        "point-marker",
        f"{name(piece)} takes point marker {marker_id}",
        {"piece": piece.id, "marker": marker_id, REFS: [piece.card]},
    )
    score(state, piece.side, 1, POINT_MARKER, f"point marker {marker_id}", ctx)
    check_goal(state, ctx)


def move_piece(state: State, piece: Piece, to: Square) -> None:
    piece.square = to


def answer_step(state: State, frame: Frame, verb: str, arg: str, ctx: Context) -> None:
    piece = state.pieces[frame.piece]
    kind = frame.awaiting
    frame.awaiting = ""
    if kind == "move":
        if verb == "to":
            to = parse_sq(arg)
            ctx.emit(
                "move",
                f"{name(piece)} moves to {arg}",
                {"piece": piece.id, "to": arg, REFS: [piece.card]},
            )
            move_piece(state, piece, to)
    elif kind == "challenge":
        step = _current_step(frame)
        target = state.pieces[arg]
        dice = step.dice + extra_dice(piece) + (step.extra_vs_exhausted if target.exhausted else 0)
        start_challenge(state, frame.challenger or piece.id, arg, dice, ctx, credit=piece.id)
        frame.challenger = ""
    elif kind == "place-minion":
        step = _current_step(frame)
        minion = state.pieces[_minion_id(state, piece, step.minion)]
        if verb == "square":
            place(state, minion.id, parse_sq(arg), ctx)
        elif verb == "teleport":
            left = take_off_map(state, minion, ctx)
            ctx.emit(
                "teleport",
                f"{name(piece)} moves into {name(minion)}'s square",
                {"piece": piece.id, "to": list(left or ()), REFS: [piece.card, minion.card]},
            )
            move_piece(state, piece, left)  # type: ignore[arg-type]
    elif kind == "shift-cooldown":
        if verb == "shift":
            shift_down(state, piece.side, arg, frame.dice, ctx)
            frame.shifted.append(arg)
            frame.count_left -= 1
            if frame.count_left > 0 and any(
                i not in frame.shifted for i in state.sides[piece.side].cooldown.items()
            ):
                frame.awaiting = "shift-cooldown"
    elif kind == "pull-ally":
        frame.chosen = arg
        frame.awaiting = "pull-square"
    elif kind == "pull-square":
        ally = state.pieces[frame.chosen]
        ctx.emit(
            "pull",
            f"{name(ally)} is placed next to {name(piece)}",
            {"piece": ally.id, "to": arg, REFS: [ally.card, piece.card]},
        )
        move_piece(state, ally, parse_sq(arg))
    elif kind == "animate":
        frame.challenger = arg
        frame.awaiting = "challenge"


def shift_down(state: State, side_index: int, item: str, by: int, ctx: Context) -> None:
    """Shift one thing on a side's cooldown track down `by` spaces; off space 1 it
    returns to play at once."""
    track = state.sides[side_index].cooldown
    space = track.remove(item)
    what, about = cooldown_name(state, item)
    ctx.emit(
        "shift", f"{what} shifts down {by}", {"side": side_index, "item": item, "from": space, REFS: about}
    )
    if space - by >= 1:
        track.place(item, space - by)
    else:
        release(state, side_index, item, ctx)


# -- resolving without decisions -------------------------------------------------------


def advance(state: State, ctx: Context) -> None:
    """Run everything that needs no decision until one is needed (or the match ends)."""
    while not (state.over or state.reaction or state.picking or state.outfitting or state.choosing_leaders):
        if state.placing:
            if placement_squares(state, state.pieces[state.placing[0]]):
                return
            skipped = state.pieces[state.placing.pop(0)]  # a minion with no free square stays out
            ctx.emit(
                "not-placed",
                f"{name(skipped)} finds no free square",
                {"piece": skipped.id, REFS: [skipped.card]},
            )
            continue
        if not state.frames:
            if may_choose(state, state.turn):
                return
            following = next_turn(state, state.turn)
            if following is None:
                end_round(state, ctx)
            else:
                state.turn = following
            continue
        frame = state.frames[-1]
        if frame.awaiting:
            return
        if frame.targets:
            target = frame.targets.pop(0)
            piece = state.pieces[frame.piece]
            if state.pieces[target].square is not None:
                start_challenge(state, piece.id, target, frame.dice, ctx)
            continue
        if frame.queue:
            run_step(state, frame, frame.queue.pop(0), ctx)
            continue
        frame.step = -1
        if frame.actions > 0 or (frame.root and frame.companion_free and _companion_ready(state, frame)):
            return
        finish_frame(state, ctx)


def _companion_ready(state: State, frame: Frame) -> bool:
    zero = companion_of(state, state.pieces[frame.piece])
    return zero is not None and zero.square is not None


def run_step(state: State, frame: Frame, index: int, ctx: Context) -> None:
    """Resolve one ability step, or set `frame.awaiting` when it needs a decision."""
    frame.step = index
    step = ABILITIES[frame.ability].steps[index]
    piece = state.pieces[frame.piece]
    occ = occupants(state)
    op = step.op
    if op == "challenge":
        if step.targets == "each-adjacent-standing":
            targets = [p.id for p in rivals_adjacent(state, piece, grid(state.map)) if p.standing]
            frame.targets, frame.dice = targets, step.dice + extra_dice(piece)
            found = bool(targets)
        else:
            found = piece.square is not None and bool(
                targets_from(state, piece.square, piece.side, step.range, occ)
            )
            if found:
                frame.awaiting = "challenge"
        if not found:  # no possible target: the ability ends here
            ctx.emit(
                "fizzle",
                f"{ABILITIES[frame.ability].name} has no target and ends",
                {"piece": piece.id, REFS: [frame.ability]},
            )
            frame.queue.clear()
    elif op == "move":
        if can_move(state, piece, step.squares, occ):
            frame.awaiting, frame.move_squares, frame.move_passes_rivals = "move", step.squares, False
    elif op == "give-status":
        in_play = any(step.status in p.statuses for p in state.pieces.values())
        if not in_play:
            piece.statuses.append(step.status)
            ctx.emit(
                "status",
                f"{name(piece)} takes {ITEMS[step.status].name}",
                {"piece": piece.id, "status": step.status, REFS: [step.status, piece.card]},
            )
    elif op == "place-minion":
        minion = state.pieces[_minion_id(state, piece, step.minion)]
        if adjacent_free(state, piece, occ) or minion.square is not None:
            frame.awaiting = "place-minion"
    elif op == "grant-action":
        who = {"self": piece.id, "chosen": frame.chosen}.get(step.who)
        if step.who == "minion":
            who = _minion_id(state, piece, CARDS[piece.card].minion)
        actor = state.pieces.get(who or "")
        if actor is not None and actor.square is not None:
            exclude: list[str] = list(step.exclude)
            if step.different and frame.previous_kind:
                exclude.append(frame.previous_kind)
            state.frames.append(Frame(actor.id, actions=1, basic_only=True, exclude=exclude))
    elif op == "shift-cooldown":
        if state.sides[piece.side].cooldown.items():
            frame.awaiting, frame.count_left, frame.shifted, frame.dice = (
                "shift-cooldown",
                step.count,
                [],
                step.by,
            )
    elif op == "oogie-roll":
        rolls = roll_many(OOGIE_DIE, 2, ctx.rng)
        result = total(OOGIE_DIE, rolls, "pips")
        ctx.emit(
            "oogie-roll",
            f"Oogie dice: {result}",
            {"piece": piece.id, "total": result, "threshold": step.threshold},
        )
        if result < step.threshold:
            del frame.queue[: step.then]
    elif op == "pull-ally":
        frame.chosen = ""
        if pull_candidates(state, piece, step, occ):
            frame.awaiting = "pull-ally"
    elif op == "animate":
        if animate_candidates(state, piece, step, occ):
            frame.awaiting = "animate"
        else:
            frame.queue.clear()


def finish_frame(state: State, ctx: Context) -> None:
    frame = state.frames.pop()
    piece = state.pieces[frame.piece]
    if state.frames and not frame.root:
        state.frames[-1].previous_kind = frame.last_kind
    if not frame.root:
        return
    piece.exhausted = True
    ctx.emit(
        "exhaust", f"{name(piece)} took a turn and is exhausted", {"piece": piece.id, REFS: [piece.card]}
    )
    if CARDS[piece.card].trait is not None and CARDS[piece.card].trait.id == "mad-scientist":  # type: ignore[union-attr]
        igor = state.pieces.get(_minion_id(state, piece, CARDS[piece.card].minion))
        if igor is not None and igor.square is not None:
            state.frames.append(Frame(igor.id, actions=1, basic_only=True, exclude=["interact"]))
            trait_fired(piece)
    following = next_turn(state, state.turn)
    if following is not None:
        state.turn = following


# -- challenges ----------------------------------------------------------------------


def start_challenge(
    state: State, challenger: str, target_id: str, dice: int, ctx: Context, credit: str | None = None
) -> None:
    """Declare a challenge; Rag Doll may ask the defender's player first."""
    target = state.pieces[target_id]
    credit = credit or challenger
    card = CARDS[target.card]
    if card.trait is not None and card.trait.id == "rag-doll" and target.square is not None:
        arm = state.pieces.get(_minion_id(state, target, card.minion))
        if (
            arm is not None
            and arm.square is not None
            and within(target.square, arm.square, card.trait.within)
        ):
            state.reaction = Reaction(target.seat, credit, target_id, dice, target.square)
            trait_fired(target)
            return
    resolve_challenge(state, credit, target_id, dice, ctx)


def answer_rag_doll(state: State, swap: bool, ctx: Context) -> None:
    r = state.reaction
    assert r is not None
    state.reaction = None
    target = state.pieces[r.target]
    if swap:
        arm = state.pieces[_minion_id(state, target, CARDS[target.card].minion)]
        target.square, arm.square = arm.square, target.square
        ctx.emit(
            "rag-doll",
            f"{name(target)} swaps places with her Arm; the Arm takes the challenge",
            {"piece": target.id, REFS: [target.card]},
        )
        resolve_challenge(state, r.challenger, arm.id, r.dice, ctx)
    else:
        resolve_challenge(state, r.challenger, r.target, r.dice, ctx)


def resolve_challenge(state: State, credit: str, target_id: str, dice: int, ctx: Context) -> None:
    """Both sides roll; more successes than the defender wins, a tie or less does nothing."""
    target = state.pieces[target_id]
    attack = roll_many(CHALLENGE_DIE, dice, ctx.rng)
    defense = roll_many(CHALLENGE_DIE, CARDS[target.card].defense, ctx.rng)
    a = total(CHALLENGE_DIE, attack, "successes")
    d = total(CHALLENGE_DIE, defense, "successes")
    won = a > d
    ctx.emit(
        "challenge",
        f"{_credit_name(state, credit)} challenges {name(target)}: {a} against {d}",
        {
            "challenger": credit,
            "target": target.id,
            "attack": [CHALLENGE_DIE.faces[i].label for i in attack],
            "defense": [CHALLENGE_DIE.faces[i].label for i in defense],
            "attack_successes": a,
            "defense_successes": d,
            "won": won,
            REFS: [target.card, *_credit_refs(state, credit)],
        },
    )
    if won:
        lose(state, target, credit, ctx)


def _credit_name(state: State, credit: str) -> str:
    return name(state.pieces[credit]) if credit in state.pieces else credit


def _credit_refs(state: State, credit: str) -> list[str]:
    return [state.pieces[credit].card] if credit in state.pieces else []


def lose(state: State, target: Piece, credit: str, ctx: Context) -> None:
    """What losing a challenge does to the target."""
    side = state.sides[target.side]
    if target.kind == "minion":
        take_off_map(state, target, ctx)
        ctx.emit("removed", f"{name(target)} is removed", {"piece": target.id, REFS: [target.card]})
        return
    if target.kind == "companion":
        take_off_map(state, target, ctx)
        side.cooldown.place(f"piece:{target.id}", KNOCKOUT_SPACE)
        ctx.emit(
            "removed", f"{name(target)} goes to the cooldown track", {"piece": target.id, REFS: [target.card]}
        )
        return
    if target.standing:
        trait = CARDS[target.card].trait
        if trait is not None and trait.id == "gamblin-boogie-man":
            trait_fired(target)
            rolls = roll_many(OOGIE_DIE, 2, ctx.rng)
            result = total(OOGIE_DIE, rolls, "pips")
            ctx.emit(
                "oogie-roll",
                f"Oogie dice: {result}",
                {"piece": target.id, "total": result, "threshold": trait.threshold},
            )
            if result >= trait.threshold:
                return
        target.standing = False
        target.statuses = [s for s in target.statuses if s != "pumpkin-king"]
        drop_triumph(state, target, ctx)
        ctx.emit("knocked-down", f"{name(target)} is knocked down", {"piece": target.id, REFS: [target.card]})
        return
    square = take_off_map(state, target, ctx)
    target.standing = True
    side.cooldown.place(f"piece:{target.id}", KNOCKOUT_SPACE)
    ctx.emit(
        "knocked-out",
        f"{name(target)} is knocked out",
        {"piece": target.id, "by": credit, REFS: [target.card]},
    )
    credit_knockout(state, target, square, credit, ctx)


def take_off_map(state: State, piece: Piece, ctx: Context) -> Square | None:
    """Lift a piece off the map and return the square it left. A triumph marker it
    carries drops there: a minion or Zero may carry it too, and they leave the map
    without being knocked down first."""
    drop_triumph(state, piece, ctx)
    square, piece.square = piece.square, None
    return square


def drop_triumph(state: State, piece: Piece, ctx: Context) -> None:
    marker = state.markers.get("T")
    if marker is not None and marker.holder == piece.id:
        marker.holder, marker.square = None, piece.square
        ctx.emit(
            "triumph-dropped",
            f"{name(piece)} drops the triumph marker",
            {"piece": piece.id, REFS: [piece.card]},
        )


def credit_knockout(state: State, target: Piece, square: Square | None, credit: str, ctx: Context) -> None:
    """A knocked-out rival character scores 1 for the side credited with it (a minion's
    or companion's knock-out is its character's); Leaders: a knocked-out leader scores
    more. Only the first game also gives a point to each other rival side with a
    character adjacent to the victim (`adjacent_points`); the scenarios score the
    knock-out alone. The points of one knock-out are all in before the first game's
    goal is looked at."""
    if credit in state.pieces:
        credited = state.pieces[credit].side
    else:  # an animated marker: credited to the doctor who animated it
        credited = state.pieces[state.frames[-1].piece].side if state.frames else -1
    scenario = SCENARIOS[state.scenario]
    value = 1 + (scenario.leader_bonus if state.sides[target.side].leader == target.id else 0)
    if credited >= 0 and credited != target.side:
        score(state, credited, value, KNOCK_OUT, f"knocked out {name(target)}", ctx, [target.card])
    if scenario.adjacent_points and square is not None:
        g = grid(state.map)
        for i in range(len(state.sides)):
            if i in (credited, target.side):
                continue
            if any(
                p.side == i
                and is_character(p)
                and p.square is not None
                and g.adjacent(p.square, square, i, {})
                for p in state.pieces.values()
            ):
                why = f"adjacent when {name(target)} was knocked out"
                score(state, i, scenario.adjacent_points, NEXT_TO_KNOCK_OUT, why, ctx, [target.card])
    check_goal(state, ctx)


def point_sources(scenario_id: str) -> tuple[str, ...]:
    """Where a scenario's points may come from: knock-outs always, a character next to a
    knock-out where the scenario gives points for it (the first game), point markers
    where it sets them up, and its own scoring at the end of a round."""
    scenario = SCENARIOS[scenario_id]
    found = [KNOCK_OUT]
    if scenario.adjacent_points:
        found.append(NEXT_TO_KNOCK_OUT)
    if scenario.markers:
        found.append(POINT_MARKER)
    if scenario_id in ROUND_END_SOURCES:
        found.append(ROUND_END_SOURCES[scenario_id])
    return tuple(found)


def score(
    state: State, side: int, points: int, source: str, why: str, ctx: Context, about: list[str] | None = None
) -> None:
    """Add points from `source` (one of SOURCES). Whether the match ends is decided by
    the caller once every point of one event is in (`check_goal`): a first-game
    knock-out may score for several sides."""
    scoring = state.sides[side]
    scoring.points += points
    scoring.scored[source] = scoring.scored.get(source, 0) + points
    ctx.emit(
        "points",
        f"side {side} gains {points} ({why})",
        {"side": side, "points": points, "source": source, "total": scoring.points, REFS: about or []},
    )


def sole_leader(state: State) -> int | None:
    """The side alone at the top of the scores, or None while sides tie for it."""
    best = max(s.points for s in state.sides)
    leaders = [i for i, s in enumerate(state.sides) if s.points == best]
    return leaders[0] if len(leaders) == 1 else None


def check_goal(state: State, ctx: Context) -> None:
    """The first game ends the moment one side alone leads with the goal reached
    (sides tied at the top play on until one pulls ahead); scenarios look only at
    the end of a round (`end_round`)."""
    if state.over or not SCENARIOS[state.scenario].immediate:
        return
    leader = sole_leader(state)
    if leader is not None and state.sides[leader].points >= state.goal:
        finish(state, leader, REACHED_GOAL, ctx)


def finish(state: State, winner: int, reason: str, ctx: Context) -> None:
    state.winners = [winner]
    state.over = True
    state.reason = reason
    state.frames.clear()
    state.reaction = None
    ctx.emit("game-over", f"game over: side {winner} wins, {reason}", {"winners": [winner], "reason": reason})


# -- placing pieces --------------------------------------------------------------------


def place(state: State, piece_id: str, square: Square, ctx: Context) -> None:
    piece = state.pieces[piece_id]
    piece.square = square
    piece.standing = True
    ctx.emit(
        "placed",
        f"{name(piece)} is placed on {sq_id(square)}",
        {"piece": piece.id, "square": list(square), REFS: [piece.card]},
    )


def release(state: State, side_index: int, item: str, ctx: Context) -> None:
    """Something shifted off a cooldown track returns to play."""
    kind, _, ident = item.partition(":")
    side = state.sides[side_index]
    if kind == "token":
        side.pool.append(ident)
    elif kind == "piece":
        piece = state.pieces[ident]
        state.placing.append(piece.id)
    elif kind == "marker":
        marker = state.markers[ident]
        marker.square = marker.home
    what, about = cooldown_name(state, item)
    ctx.emit("returns", f"{what} returns to play", {"side": side_index, "item": item, REFS: about})


# -- the round's end -------------------------------------------------------------------


def end_round(state: State, ctx: Context) -> None:
    """Score, check the goal and the round cap, cool down, refresh, pass the marker."""
    score_round(state, ctx)
    if state.over:
        return
    leader = sole_leader(state)
    if leader is not None and state.sides[leader].points >= state.goal:
        finish(state, leader, REACHED_GOAL, ctx)
        return
    if leader is not None and state.round_limit is not None and state.round >= state.round_limit:
        finish(state, leader, ROUND_LIMIT, ctx)  # tied sides play on, as the book plays on a tie
        return
    n = len(state.sides)
    for step in range(n):
        index = (state.first + step) % n
        for item in state.sides[index].cooldown.shift():
            release(state, index, item, ctx)
    for piece in state.pieces.values():
        piece.exhausted = False
    state.first = (state.first + 1) % n
    state.turn = state.first
    state.round += 1
    ctx.emit(
        "round",
        f"round {state.round} begins; side {state.first} goes first",
        {"round": state.round, "first": state.first},
    )


def score_round(state: State, ctx: Context) -> None:
    """The scenario's points at the end of a round."""
    scenario = state.scenario
    if scenario == "territory":
        zone = set(area(state.map, "*"))
        counts = [
            sum(1 for p in state.pieces.values() if p.side == i and is_character(p) and p.square in zone)
            for i in range(len(state.sides))
        ]
        per_side = sum(1 for p in state.pieces.values() if p.side == 0 and is_character(p))
        if per_side > 2:
            for i, c in enumerate(counts):
                if c:
                    score(state, i, 1, SCORING_AREA, "a character in the scoring area", ctx)
        best = max(counts)
        if best and counts.count(best) == 1:
            score(state, counts.index(best), 1, SCORING_AREA, "most characters in the scoring area", ctx)
    elif scenario == "triumph":
        marker = state.markers["T"]
        if marker.holder is not None:
            holder = state.pieces[marker.holder]
            points = SCENARIOS[scenario].triumph_points
            score(state, holder.side, points, TRIUMPH, "holds the triumph marker", ctx)
    elif scenario == "infiltrate":
        for i in range(len(state.sides)):
            for j in range(len(state.sides)):
                if j == i:
                    continue
                for squares in side_areas(state, j):
                    zone = set(squares)
                    if any(
                        p.side == i and is_character(p) and p.standing and p.square in zone
                        for p in state.pieces.values()
                    ):
                        score(state, i, 1, INFILTRATE, f"infiltrates a starting area of side {j}", ctx)
