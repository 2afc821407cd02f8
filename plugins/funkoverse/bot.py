"""`funkoverse-greedy`: a quick heuristic player of Funkoverse, and the search helpers
the `ismcts` bot uses on Funkoverse positions.

The bot reads only its seat's view and prompts. It takes its turns with the piece
nearest a rival, challenges whenever it may (a rival already knocked down first, since
any win then knocks it out and scores; then characters before minions, the lowest
Defense first), stands a fallen ally up, uses an ability when a rival is next to it
and no challenge is on offer, and otherwise moves toward the nearest rival.
Knock-outs are what every scenario scores, so the fight is carried to the rivals.
Distances are counted on foot around the map's walls (pieces ignored): a rival beyond a
wall is not "next to" a piece, which walks round rather than waiting by the wall (with
distances as the crow flies, two such players could wait there for ever).

The same rules of thumb play the `ismcts` bot's playouts (`rollout_choice`), read from
a sampled state instead of a view: both build a `Board`, the few facts they need.

At set-up `funkoverse-greedy` takes any character on offer, so its matches cover the
whole cast. The advice the `ismcts` bot starts from (`advise`) picks instead the
character that won most often in measured matches (`CHARACTER_ORDER`), and otherwise
plays as the heuristic player does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from nbc.core.bots import any_choice, standing_values
from nbc.core.game import Prompt
from nbc.core.rng import Rng
from nbc.plugins.funkoverse.effects import CARDS, grid

Square = tuple[int, int]
_DEFENSE = {card_id: card.defense for card_id, card in CARDS.items()}


class Piece(NamedTuple):
    side: int
    square: Square | None
    standing: bool
    kind: str
    defense: int


@dataclass(slots=True)
class Board:
    """What the heuristics read: the acting side, the piece taking its turn, the pieces."""

    side: int
    active: str | None
    pieces: dict[str, Piece]
    map: str | None = None  # the map side, for distances on foot; None: as the crow flies

    @classmethod
    def of_view(cls, view: dict[str, Any], seat: int) -> Board:
        side = next((s["index"] for s in view.get("sides", []) if seat in s["seats"]), -1)
        pieces = {
            p["id"]: Piece(
                p["side"],
                tuple(p["square"]) if p.get("square") is not None else None,
                bool(p.get("standing", True)),
                p["kind"],
                p.get("defense") or 0,
            )
            for p in view.get("pieces", [])
        }
        return cls(side, view.get("active"), pieces, (view.get("map") or {}).get("id"))

    @classmethod
    def of_state(cls, state: Any, seat: int) -> Board:
        side = next((i for i, s in enumerate(state.sides) if seat in s.seats), -1)
        defense = _DEFENSE
        pieces = {
            p.id: Piece(p.side, p.square, p.standing, p.kind, defense[p.card]) for p in state.pieces.values()
        }
        return cls(side, state.frames[0].piece if state.frames else None, pieces, state.map)

    def rivals(self) -> list[Square]:
        """Where the rivals on the board stand or lie (minions score nothing)."""
        return [
            p.square
            for p in self.pieces.values()
            if p.side != self.side and p.square is not None and p.kind != "minion"
        ]


class FunkoverseGreedyBot:
    name = "funkoverse-greedy"
    description = "Funkoverse heuristics: close in on rivals and challenge them, the weakest first"
    games = frozenset({"funkoverse"})

    def choose(self, view: dict[str, Any], prompts: list[Prompt], rng: Rng) -> str:
        board = Board.of_view(view, prompts[0].seat)
        for prompt in prompts:
            found = greedy_choice(board, prompt, rng)
            if found is not None:
                return found
        return any_choice(prompts, rng)


def greedy_choice(board: Board, prompt: Prompt, rng: Rng) -> str | None:
    """The heuristic answer to `prompt`, or None when it has none."""
    answer = _ANSWERS.get(prompt.kind)
    if answer is None:
        return None
    found = answer(board, prompt, rng)
    return found if found is not None and any(c.id == found for c in prompt.choices) else None


def _nearest(board: Board, square: Sequence[int] | None, rivals: list[Square]) -> int:
    """Steps from `square` to the nearest rival: on foot around the map's walls when the
    map is known (a rival beyond a wall is not next to us, so the piece walks round
    instead of waiting beside the wall), else as the crow flies."""
    if square is None or not rivals:
        return 99
    here = (square[0], square[1])
    best = 99
    if board.map is not None:
        for rival in rivals:
            d = _on_foot(board.map, rival).get(here, 99)
            if d < best:
                best = d
        return best
    x, y = here
    for rx, ry in rivals:
        d = abs(x - rx)
        dy = abs(y - ry)
        if dy > d:
            d = dy
        if d < best:
            best = d
    return best


@cache
def _on_foot(map_id: str, target: Square) -> dict[Square, int]:
    """Steps from every square of a map to `target` by the movement rules' walls and
    corners (pieces ignored), worked out once per map and square."""
    g = grid(map_id)
    steps = {target: 0}
    frontier = [target]
    while frontier:
        later = []
        for square in frontier:
            for next_square in g.neighbours(square):
                if next_square not in steps and g.step_allowed(next_square, square):
                    steps[next_square] = steps[square] + 1
                    later.append(next_square)
        frontier = later
    return steps


@cache
def _square_of(choice_id: str) -> Square | None:
    """The square a choice id names (`to:3,4`), read once per id (playouts ask often)."""
    tail = choice_id.split(":", 1)[1] if ":" in choice_id else ""
    parts = tail.split(",")
    if len(parts) == 2 and all(p.lstrip("-").isdigit() for p in parts):
        return (int(parts[0]), int(parts[1]))
    return None


def _turn(board: Board, prompt: Prompt, rng: Rng) -> str | None:
    rivals = board.rivals()
    best, best_key = None, None
    for choice in prompt.choices:
        piece = board.pieces.get(choice.id.split(":", 1)[1]) if choice.id.startswith("pick:") else None
        if piece is None:
            continue
        key = (_nearest(board, piece.square, rivals), piece.kind != "character")
        if best_key is None or key < best_key:
            best, best_key = choice.id, key
    return best


def _action(board: Board, prompt: Prompt, rng: Rng) -> str | None:
    ids = [c.id for c in prompt.choices]
    challenges = [c for c in prompt.choices if c.id.startswith("challenge:")]
    if challenges:
        return _target(board, Prompt(prompt.seat, prompt.kind, prompt.text, tuple(challenges)), rng)
    assists = [i for i in ids if i.startswith("assist:")]
    if assists:
        return assists[0]
    piece = board.pieces.get(board.active or "")
    near = _nearest(board, piece.square if piece else None, board.rivals())
    abilities = [i for i in ids if i.startswith("ability:")]
    if near <= 1 and abilities:
        return abilities[rng.below(len(abilities))]
    if "rally" in ids:
        return "rally"
    if "move" in ids and near > 1:
        return "move"
    if abilities and rng.below(2):
        return abilities[rng.below(len(abilities))]
    return "end"


def _toward_rivals(board: Board, prompt: Prompt, rng: Rng) -> str | None:
    rivals = board.rivals()
    best, best_key = None, None
    for choice in prompt.choices:
        square = _square_of(choice.id)
        if square is None:
            continue
        key = _nearest(board, square, rivals)
        if best_key is None or key < best_key:
            best, best_key = choice.id, key
    return best


def _target(board: Board, prompt: Prompt, rng: Rng) -> str | None:
    best, best_key = None, None
    for choice in prompt.choices:
        piece = board.pieces.get(choice.id.split(":", 1)[1]) if ":" in choice.id else None
        if piece is None:
            continue
        # a rival already down is knocked out (and scores) by any win; characters score
        key = (piece.standing, piece.kind not in ("character", "basic"), piece.defense)
        if best_key is None or key < best_key:
            best, best_key = choice.id, key
    return best


def _first_of(*ids: str) -> Any:
    def answer(board: Board, prompt: Prompt, rng: Rng) -> str | None:
        offered = [c.id for c in prompt.choices]
        return next((i for i in ids if i in offered), None)

    return answer


_ANSWERS = {
    "turn": _turn,
    "action": _action,
    "move": _toward_rivals,
    "place": _toward_rivals,
    "place-minion": _toward_rivals,
    "challenge": _target,
    "rag-doll": _first_of("swap"),
}


# --- search helpers (the state here is a sampled position, never the true one) -------------


# The characters, the best pick first, as measured: first-game matches of the heuristic
# player against itself (400 a character, seeds `e:0` to `e:399`, seats alternating)
# where one side took the given character whenever it was still on offer and the other
# side took any. The choosing side won 77.2% with Oogie Boogie (three defense dice, and
# his roll to stay standing), 47.0% with Sally, 43.8% with Dr. Finkelstein and 36.7%
# with Jack. The advice as a whole won 308 of those 400 matches.
CHARACTER_ORDER = ("oogie-boogie", "sally", "dr-finkelstein", "jack-skellington")


def advise(view: dict[str, Any], prompts: Sequence[Prompt], rng: Rng) -> str:
    """The move the `ismcts` bot starts from: the best character on offer at set-up
    (`CHARACTER_ORDER`), otherwise the heuristic player's choice."""
    for prompt in prompts:
        if prompt.kind == "character":
            offered = {c.id for c in prompt.choices}
            for card_id in CHARACTER_ORDER:
                if f"character:{card_id}" in offered:
                    return f"character:{card_id}"
    return FunkoverseGreedyBot().choose(view, list(prompts), rng)


# Weights of `evaluate` (points per side, softmax spread 0.8), fitted (logistic regression)
# to who went on to win from 22,000 positions of 600 first-game matches between the
# heuristic and random players: on 200 other matches the log loss of its guess at the
# winner is 0.60, against 0.63 for points and a quarter point a standing piece (a coin:
# 0.69; the dice leave much to chance).
STANDING_WEIGHT = 0.08  # a character of the side standing on the map
THREAT_WEIGHT = 0.38  # a rival lying on the map next to a standing character of the side


def evaluate(state: Any, players: int) -> Sequence[float]:
    """Each side's points, its characters standing and the fallen rivals it stands next
    to (any win against those knocks them out), as shares of the win handed to every
    seat of the side."""
    sides = len(state.sides)
    scores = [float(side.points) for side in state.sides]
    on_map = [p for p in state.pieces.values() if p.kind != "minion" and p.square is not None]
    for piece in on_map:
        if not 0 <= piece.side < sides:
            continue
        if piece.standing:
            scores[piece.side] += STANDING_WEIGHT
            continue
        steps = _on_foot(state.map, piece.square)
        threatened_by = {
            q.side for q in on_map if q.side != piece.side and q.standing and steps.get(q.square, 99) <= 1
        }
        for side in threatened_by:
            if 0 <= side < sides:
                scores[side] += THREAT_WEIGHT
    values = standing_values(scores, 0.8)
    per_seat = [0.0] * players
    for i, side in enumerate(state.sides):
        for seat in side.seats:
            per_seat[seat] = values[i]
    return per_seat


ROLLOUT_CHANCE = 5  # one playout choice in this many is left to chance


def rollout_choice(state: Any, prompts: Sequence[Prompt], rng: Rng) -> str | None:
    """The heuristic player's choice read from the sampled state, but now and then a
    random one, so the playouts of one move differ."""
    prompt = prompts[0]
    if prompt.kind not in _ANSWERS or rng.below(ROLLOUT_CHANCE) == 0:
        return None
    return greedy_choice(Board.of_state(state, prompt.seat), prompt, rng)
