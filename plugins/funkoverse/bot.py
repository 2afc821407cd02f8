"""`funkoverse-greedy`: a quick heuristic player of Funkoverse, and the search helpers
the `ismcts` bot uses on Funkoverse positions.

The bot reads only its seat's view and prompts. It takes its turns with the piece
nearest a rival, challenges whenever it may (a rival already knocked down first, since
any win then knocks it out and scores; then characters before minions, the lowest
Defense first), stands a fallen ally up, uses an ability when a rival is next to it
and no challenge is on offer, and otherwise moves toward the nearest rival.
Knock-outs are what every scenario scores, so the fight is carried to the rivals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nbc.core.bots import any_choice, standing_values
from nbc.core.game import Prompt
from nbc.core.rng import Rng

Square = tuple[int, int]


class FunkoverseGreedyBot:
    name = "funkoverse-greedy"
    description = "Funkoverse heuristics: close in on rivals and challenge them, the weakest first"
    games = frozenset({"funkoverse"})

    def choose(self, view: dict[str, Any], prompts: list[Prompt], rng: Rng) -> str:
        seat = prompts[0].seat
        for prompt in prompts:
            answer = _ANSWERS.get(prompt.kind)
            if answer is not None:
                found = answer(view, seat, prompt, rng)
                if found is not None and any(c.id == found for c in prompt.choices):
                    return found
        return any_choice(prompts, rng)


def _my_side(view: dict[str, Any], seat: int) -> int:
    return next((s["index"] for s in view.get("sides", []) if seat in s["seats"]), -1)


def _rival_squares(view: dict[str, Any], seat: int) -> list[Square]:
    """Where the rivals on the board stand or lie (minions score nothing)."""
    side = _my_side(view, seat)
    return [
        tuple(p["square"])
        for p in view.get("pieces", [])
        if p["side"] != side and p.get("square") is not None and p["kind"] != "minion"
    ]


def _distance(a: Sequence[int], b: Sequence[int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _nearest(square: Sequence[int] | None, rivals: list[Square]) -> int:
    if square is None or not rivals:
        return 99
    return min(_distance(square, r) for r in rivals)


def _square_of(choice_id: str) -> Square | None:
    tail = choice_id.split(":", 1)[1] if ":" in choice_id else ""
    parts = tail.split(",")
    if len(parts) == 2 and all(p.lstrip("-").isdigit() for p in parts):
        return (int(parts[0]), int(parts[1]))
    return None


def _pieces(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in view.get("pieces", [])}


def _turn(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    pieces, rivals = _pieces(view), _rival_squares(view, seat)
    best, best_key = None, None
    for choice in prompt.choices:
        piece = pieces.get(choice.id.split(":", 1)[1]) if choice.id.startswith("pick:") else None
        if piece is None:
            continue
        key = (_nearest(piece.get("square"), rivals), piece["kind"] != "character")
        if best_key is None or key < best_key:
            best, best_key = choice.id, key
    return best


def _action(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    ids = [c.id for c in prompt.choices]
    challenges = [c for c in prompt.choices if c.id.startswith("challenge:")]
    if challenges:
        return _target(view, seat, Prompt(prompt.seat, prompt.kind, prompt.text, tuple(challenges)), rng)
    assists = [i for i in ids if i.startswith("assist:")]
    if assists:
        return assists[0]
    piece = _pieces(view).get(view.get("active") or "")
    near = _nearest(piece.get("square") if piece else None, _rival_squares(view, seat))
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


def _toward_rivals(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    rivals = _rival_squares(view, seat)
    best, best_key = None, None
    for choice in prompt.choices:
        square = _square_of(choice.id)
        if square is None:
            continue
        key = _nearest(square, rivals)
        if best_key is None or key < best_key:
            best, best_key = choice.id, key
    return best


def _target(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    pieces = _pieces(view)
    best, best_key = None, None
    for choice in prompt.choices:
        piece = pieces.get(choice.id.split(":", 1)[1]) if ":" in choice.id else None
        if piece is None:
            continue
        # a rival already down is knocked out (and scores) by any win; characters score
        key = (
            piece.get("standing", True),
            piece["kind"] not in ("character", "basic"),
            piece.get("defense", 9),
        )
        if best_key is None or key < best_key:
            best, best_key = choice.id, key
    return best


def _first_of(*ids: str) -> Any:
    def answer(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
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


def evaluate(state: Any, players: int) -> Sequence[float]:
    """Each side's points (and, a little, its pieces still standing) as shares of the
    win, handed to every seat of the side."""
    standing = [0] * len(state.sides)
    for piece in state.pieces.values():
        if getattr(piece, "standing", False) and 0 <= piece.side < len(standing):
            standing[piece.side] += 1
    values = standing_values([side.points + 0.25 * standing[i] for i, side in enumerate(state.sides)], 0.8)
    per_seat = [0.0] * players
    for i, side in enumerate(state.sides):
        for seat in side.seats:
            per_seat[seat] = values[i]
    return per_seat


def rollout_choice(state: Any, prompts: Sequence[Prompt], rng: Rng) -> str | None:
    """Challenge when a challenge is on offer, mostly move rather than end, and move
    toward the nearest rival: random pieces rarely meet, so a random playout says
    little about who is ahead."""
    prompt = prompts[0]
    if prompt.kind == "action":
        challenges = [c.id for c in prompt.choices if c.id.startswith("challenge:")]
        if challenges:
            return challenges[rng.below(len(challenges))]
        if rng.below(4) and any(c.id == "move" for c in prompt.choices):
            return "move"
        return None
    if prompt.kind == "move" and rng.below(5):
        rivals = [p.square for p in state.pieces.values() if p.side != state.turn and p.square is not None]
        best, best_distance = None, None
        for choice in prompt.choices:
            square = _square_of(choice.id)
            if square is not None:
                distance = _nearest(square, rivals)
                if best_distance is None or distance < best_distance:
                    best, best_distance = choice.id, distance
        return best
    return None
