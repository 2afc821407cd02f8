"""The state of a Funkoverse match: plain slots dataclasses, saved by nbc.core.serial.

Squares are ``(x, y)`` of the map's grid (see nbc.core.grid). A piece off the map has
``square = None``; whether it waits on a cooldown track, in the supply (a removed
minion) or to be placed is told by the side's track and by ``State.placing``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from nbc.core.cooldown import CooldownTrack

Square = tuple[int, int]


@dataclass(slots=True)
class Piece:
    """A character, basic character, minion token or companion on (or off) the map."""

    id: str  # unique in a match: the card id, or "<card>-<side>" for a second copy
    card: str  # the card id in data/characters.toml
    kind: str  # "character" | "basic" | "minion" | "companion"
    seat: int  # the seat that controls it
    side: int  # its side: allies share a side
    base: str  # base colour: its starting area
    square: Square | None = None
    standing: bool = True
    exhausted: bool = False
    statuses: list[str] = field(default_factory=list)
    item: str | None = None  # the item it holds
    owner: str | None = None  # minion or companion: the character it belongs to


@dataclass(slots=True)
class Side:
    """One side of the table: a player, or the players of a team, or one player in
    Free-for-All. A side has one cooldown track, one token pool and one score."""

    seats: list[int]
    bases: list[str]
    pool: list[str] = field(default_factory=list)  # ability token ids, "<colour>-<n>"
    cooldown: CooldownTrack = field(default_factory=CooldownTrack)
    points: int = 0
    leader: str | None = None  # Leaders: the chosen leader (secret until revealed)
    # The points by where they came from (rules.SOURCES), which add up to `points`.
    scored: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Marker:
    """A point marker (A-D), the triumph marker ("T"): where it is set up and is now."""

    id: str
    home: Square
    square: Square | None = None  # None while on a cooldown track (or carried)
    holder: str | None = None  # triumph marker: the piece carrying it


@dataclass(slots=True)
class Frame:
    """A piece doing actions. The turn's character is the bottom frame; an ability
    that grants a basic action to someone pushes a frame for them on top.

    `queue` holds the indexes of the ability's steps still to resolve (`ability`
    names it as "<card>/<ability>"); `awaiting` is set while a step waits for its
    controller's choice; `targets` are challenges still to resolve one at a time.
    """

    piece: str
    actions: int
    root: bool = False
    basic_only: bool = False
    exclude: list[str] = field(default_factory=list)
    companion_free: bool = False  # the attached companion's free action is still unused
    rallying: bool = False  # the turn's character was knocked down when chosen: no actions of its own
    ability: str = ""
    queue: list[int] = field(default_factory=list)
    step: int = -1  # the index of the step being resolved, -1 when none
    awaiting: str = ""  # "" or the op of the step waiting for a choice; "move" for a move's squares
    move_squares: int = 0  # squares of the move being chosen
    move_passes_rivals: bool = False
    count_left: int = 0  # shift-cooldown: things still to shift
    shifted: list[str] = field(default_factory=list)
    chosen: str = ""  # pull-ally: the ally placed, for a later grant-action
    last_kind: str = ""  # the kind of the last basic action done in this frame
    previous_kind: str = ""  # grant-action with different=true reads this
    targets: list[str] = field(default_factory=list)
    dice: int = 0
    extra_vs_exhausted: int = 0
    challenger: str = ""  # animate: a marker or token that challenges


@dataclass(slots=True)
class Reaction:
    """A challenge waiting for the defender's player to answer a trait (Rag Doll)."""

    seat: int
    challenger: str
    target: str
    dice: int
    origin: Square


@dataclass(slots=True)
class State:
    scenario: str
    map: str
    mode: str
    round_limit: int | None  # None: no cap, the match plays to its goal
    goal: int
    pieces: dict[str, Piece]
    sides: list[Side]
    markers: dict[str, Marker] = field(default_factory=dict)
    round: int = 1
    first: int = 0  # side holding the First Player marker
    turn: int = 0  # side taking the current turn
    frames: list[Frame] = field(default_factory=list)
    reaction: Reaction | None = None
    # Set-up, in this order: each pair's character is chosen, each side gives its item
    # or companion to one of its characters, leaders are picked (Leaders), pieces placed.
    lineup: list[str] = field(default_factory=list)  # pair k's character, "" until chosen
    pair_seats: list[int] = field(default_factory=list)  # the seat playing pair k
    picking: list[int] = field(default_factory=list)  # pairs still to choose, next first
    extras: str = "none"  # what each side brings: none, fog-juice, zero, or choose (either)
    outfitting: list[int] = field(default_factory=list)  # sides still to give theirs, next first
    placing: list[str] = field(default_factory=list)  # pieces waiting to be placed, first first
    choosing_leaders: bool = False
    leaders_revealed: bool = False
    over: bool = False
    winners: list[int] = field(default_factory=list)  # sides
    reason: str = ""
    planted: dict[str, str] = field(default_factory=dict)  # test kit: leader secrecy
    # A cache, not state: the prompts last worked out for this state, until the next
    # choice (`Funkoverse.find_choice`). Never saved, copied or compared.
    offered: list | None = field(default=None, init=False, repr=False, compare=False)
    # Likewise who stands where (`rules.occupants`), with the squares, stances and sides
    # of the pieces it was worked out from.
    occupied: tuple | None = field(default=None, init=False, repr=False, compare=False)


# -- a compact codec ------------------------------------------------------------------
# The generic nbc.core.serial codec works for this state too; this one writes each
# dataclass as a row of its fields, which makes saving, loading and fingerprints
# (done at every step by the conformance suite) several times cheaper.

_PIECE = tuple(f.name for f in fields(Piece))
_FRAME = tuple(f.name for f in fields(Frame))
_REACTION = tuple(f.name for f in fields(Reaction))
_SCALARS = (
    "scenario", "map", "mode", "round_limit", "goal", "round", "first", "turn", "lineup", "pair_seats",
    "picking", "extras", "outfitting", "placing", "choosing_leaders", "leaders_revealed", "over",
    "winners", "reason", "planted",
)  # fmt: skip


def _row(obj: object, names: tuple[str, ...]) -> list[object]:
    out: list[object] = []
    for n in names:
        value = getattr(obj, n)
        out.append(list(value) if isinstance(value, list | tuple) else value)
    return out


def _sq(value: list[int] | None) -> Square | None:
    return None if value is None else (value[0], value[1])


def dump(state: State) -> dict[str, object]:
    data: dict[str, object] = {n: _row(state, (n,))[0] for n in _SCALARS}
    data["planted"] = dict(state.planted)
    data["pieces"] = [_row(p, _PIECE) for p in state.pieces.values()]
    data["sides"] = [
        [
            list(s.seats),
            list(s.bases),
            list(s.pool),
            {k: list(v) for k, v in s.cooldown.spaces.items()},
            s.points,
            s.leader,
            dict(s.scored),
        ]
        for s in state.sides
    ]
    data["markers"] = [
        [m.id, list(m.home), None if m.square is None else list(m.square), m.holder]
        for m in state.markers.values()
    ]
    data["frames"] = [_row(f, _FRAME) for f in state.frames]
    data["reaction"] = None if state.reaction is None else _row(state.reaction, _REACTION)
    return data


def copy(state: State) -> State:
    """A direct copy of `state`, equal to `load(dump(state))` (the same rows, lists and
    dicts made anew, the kept prompts and occupants left behind) at a fraction of the
    cost: `Match.clone` (the search bots) copies the state for every sample."""
    pieces = {
        p.id: Piece(
            p.id, p.card, p.kind, p.seat, p.side, p.base, p.square, p.standing, p.exhausted,
            list(p.statuses), p.item, p.owner,
        )
        for p in state.pieces.values()
    }  # fmt: skip
    sides = [
        Side(
            list(s.seats),
            list(s.bases),
            list(s.pool),
            CooldownTrack(spaces={k: list(v) for k, v in s.cooldown.spaces.items()}),
            s.points,
            s.leader,
            dict(s.scored),
        )
        for s in state.sides
    ]
    markers = {m.id: Marker(m.id, m.home, m.square, m.holder) for m in state.markers.values()}
    frames = [Frame(*_row(f, _FRAME)) for f in state.frames]  # type: ignore[arg-type]
    r = state.reaction
    reaction = None if r is None else Reaction(r.seat, r.challenger, r.target, r.dice, r.origin)
    scalars = {n: _row(state, (n,))[0] for n in _SCALARS}
    scalars["planted"] = dict(state.planted)
    return State(pieces=pieces, sides=sides, markers=markers, frames=frames, reaction=reaction, **scalars)  # type: ignore[arg-type]


def load(data: dict[str, object]) -> State:
    pieces = {}
    for row in data["pieces"]:  # type: ignore[attr-defined]
        values = dict(zip(_PIECE, row, strict=True))
        values["square"] = _sq(values["square"])  # saved as a list
        piece = Piece(**values)
        pieces[piece.id] = piece
    sides = [
        Side(seats, bases, pool, CooldownTrack(spaces=spaces), points, leader, scored)
        for seats, bases, pool, spaces, points, leader, scored in data["sides"]  # type: ignore[attr-defined]
    ]
    markers = {m[0]: Marker(m[0], _sq(m[1]), _sq(m[2]), m[3]) for m in data["markers"]}  # type: ignore[attr-defined,arg-type]
    frames = [Frame(**dict(zip(_FRAME, row, strict=True))) for row in data["frames"]]  # type: ignore[attr-defined]
    reaction = None
    saved: Any = data["reaction"]
    if saved is not None:
        values = dict(zip(_REACTION, saved, strict=True))
        values["origin"] = _sq(values["origin"])  # saved as a list
        reaction = Reaction(**values)
    scalars = {n: data[n] for n in _SCALARS}
    return State(pieces=pieces, sides=sides, markers=markers, frames=frames, reaction=reaction, **scalars)  # type: ignore[arg-type]
