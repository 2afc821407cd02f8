"""The state of a TCG match: plain slotted dataclasses, saved by nbc's codec.

Card instances are opaque ids (`c17`); `State.cards` maps each to its card
definition id. Piles are lists whose top is the END of the list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from nbc.core.game import REFS, Choice, Prompt
from nbc.core.records import MadeByInit
from nbc.core.serial import canonical_json, to_data


class Table(dict):
    """`State.cards` and `State.owner`: hundreds of entries fixed when the cards are
    dealt out (only a hand-made test position adds to them). Its canonical JSON text is
    kept until it changes: every method that changes it drops the text."""

    __slots__ = ("_text",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._text: str | None = None

    def text(self) -> str:
        if self._text is None:
            self._text = canonical_json(self)
        return self._text

    def __setitem__(self, key: Any, value: Any) -> None:
        self._text = None
        super().__setitem__(key, value)

    def __delitem__(self, key: Any) -> None:
        self._text = None
        super().__delitem__(key)

    def __ior__(self, other: Any) -> Table:  # type: ignore[misc]  # dict's own __or__ stays
        self._text = None
        return super().__ior__(other)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._text = None
        super().update(*args, **kwargs)

    def pop(self, *args: Any) -> Any:
        self._text = None
        return super().pop(*args)

    def popitem(self) -> Any:
        self._text = None
        return super().popitem()

    def clear(self) -> None:
        self._text = None
        super().clear()

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self._text = None
        return super().setdefault(key, default)


_TABLES = ("cards", "owner")


def state_text(st: State) -> str:
    """`canonical_json(to_data(st))`, with the text of `cards` and `owner` kept by
    their tables: the keys in sorted order, each value as canonical_json writes it."""
    parts = []
    for name in _SORTED_FIELDS:
        value = getattr(st, name)
        text = value.text() if type(value) is Table else canonical_json(to_data(value))
        parts.append(f"{_KEYS[name]}{text}")
    return "{" + ",".join(parts) + "}"


@dataclass(slots=True, init=False)
class Slot(MadeByInit):
    """One Locale in a player's row and the Characters standing below it."""

    locale: str  # instance id
    characters: list[str] = field(default_factory=list)
    beneath: list[str] = field(default_factory=list)  # face-down cards tucked under it (not in play)
    flipped: bool = False  # turned face down until the End Phase (Dark Alley): no Function, never Active

    def __init__(
        self,
        locale: str,
        characters: list[str] | None = None,
        beneath: list[str] | None = None,
        flipped: bool = False,
    ) -> None:
        self.locale = locale
        self.characters = [] if characters is None else characters
        self.beneath = [] if beneath is None else beneath
        self.flipped = flipped


@dataclass(slots=True, init=False)
class Player(MadeByInit):
    deck_name: str
    start_hand: int
    starting_locale: str  # instance id, face down until round 1 reveals it
    locale_deck: list[str]
    deck: list[str]  # Main Deck, top = end
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # top = end, face up
    surprise_discard: list[str] = field(default_factory=list)  # played this Round, reimbursed at End Phase
    row: list[Slot] = field(default_factory=list)  # Locales left to right
    creations: list[str] = field(default_factory=list)
    placed: list[str] = field(default_factory=list)  # Surprises placed on the table as part of the town
    removed: list[str] = field(default_factory=list)  # removed from the game
    pp: int = 0
    titles_this_round: list[str] = field(default_factory=list)  # Surprise titles played this Round
    has_responses: bool = False  # the deck holds a card that may answer on other players' turns

    def __init__(
        self,
        deck_name: str,
        start_hand: int,
        starting_locale: str,
        locale_deck: list[str],
        deck: list[str],
        hand: list[str] | None = None,
        discard: list[str] | None = None,
        surprise_discard: list[str] | None = None,
        row: list[Slot] | None = None,
        creations: list[str] | None = None,
        placed: list[str] | None = None,
        removed: list[str] | None = None,
        pp: int = 0,
        titles_this_round: list[str] | None = None,
        has_responses: bool = False,
    ) -> None:
        self.deck_name = deck_name
        self.start_hand = start_hand
        self.starting_locale = starting_locale
        self.locale_deck = locale_deck
        self.deck = deck
        self.hand = [] if hand is None else hand
        self.discard = [] if discard is None else discard
        self.surprise_discard = [] if surprise_discard is None else surprise_discard
        self.row = [] if row is None else row
        self.creations = [] if creations is None else creations
        self.placed = [] if placed is None else placed
        self.removed = [] if removed is None else removed
        self.pp = pp
        self.titles_this_round = [] if titles_this_round is None else titles_this_round
        self.has_responses = has_responses


# One option of a question, as `Ask.of` takes it: (id, label, value), (id, label,
# value, refs) or (Choice, value).
Option = tuple[Any, ...]


@dataclass(slots=True, init=False)
class Ask(MadeByInit):
    """A question open to one seat: the choices offered (ids and labels, as clients see
    them) and, in the same order, what each one means to the rules."""

    seat: int
    kind: str
    text: str
    choices: tuple[Choice, ...]
    values: list[Any]
    # the question as clients see it, made once (never saved: a loaded match remakes it)
    prompt: Prompt | None = field(default=None, init=False, repr=False, compare=False)

    def __init__(
        self, seat: int, kind: str, text: str, choices: tuple[Choice, ...], values: list[Any]
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.text = text
        self.choices = choices
        self.values = values
        self.prompt = None

    @classmethod
    def of(
        cls,
        seat: int,
        kind: str,
        text: str,
        options: Iterable[Option],
    ) -> Ask:
        """Build from (id, label, value) triples, or (id, label, value, refs) where the
        choice concerns cards: `refs` lists their card references (`Rules.refs`), the
        card it is about first, then the others its label names; or from (Choice, value)
        pairs, for a choice made once that never changes ("End your turn"). Each other
        option becomes a new Choice: comparing it with one made for an earlier question,
        to reuse that, cost more than making it."""
        choices: list[Choice] = []
        values: list[Any] = []
        for option in options:
            if len(option) == 2:  # a Choice made once (the same every time) and its value
                choices.append(option[0])
                values.append(option[1])
            else:
                refs: list[str] | None = option[3] if len(option) == 4 else None
                choices.append(Choice(option[0], option[1], {REFS: refs} if refs else {}))
                values.append(option[2])
        made = tuple(choices)
        ask = Ask(seat, kind, text, made, values)
        ask.prompt = Prompt(seat, kind, text, made)
        return ask

    def as_prompt(self) -> Prompt:
        if self.prompt is None:
            self.prompt = Prompt(self.seat, self.kind, self.text, self.choices)
        return self.prompt

    def find(self, choice_id: str) -> int | None:
        """Where choice `choice_id` stands among the choices (None: it is not one). A
        question has a few choices, so looking through them costs less than keeping an
        index of them."""
        for k, c in enumerate(self.choices):
            if c.id == choice_id:
                return k
        return None

    def value(self, choice_id: str) -> Any:
        k = self.find(choice_id)
        if k is None:
            raise KeyError(choice_id)
        return self.values[k]


@dataclass(slots=True, init=False)
class Frame(MadeByInit):
    """A card effect (or rules procedure) being carried out: a compiled program and where it is.

    `vars` holds what the effect has chosen so far (targets, modes, counts); values are
    plain data so a match saves and replays mid-effect.
    """

    prog: str  # key into the compiled program table
    seat: int  # the player carrying it out
    source: str = ""  # instance id of the card whose effect this is ("" for rules procedures)
    pc: int = 0
    vars: dict[str, Any] = field(default_factory=dict)

    def __init__(
        self, prog: str, seat: int, source: str = "", pc: int = 0, vars: dict[str, Any] | None = None
    ) -> None:
        self.prog = prog
        self.seat = seat
        self.source = source
        self.pc = pc
        self.vars = {} if vars is None else vars


@dataclass(slots=True, init=False)
class Trigger(MadeByInit):
    """An effect waiting to be put on the stack: a triggered ability, or (`own`) the
    effect of a card just played, queued with the triggers its play set off so that the
    current player orders them together. It waits until the effect that queued it is
    over: `depth` is the stack height below that effect (-1: until the stack is empty)."""

    prog: str
    seat: int
    source: str
    vars: dict[str, Any] = field(default_factory=dict)
    depth: int = -1
    own: bool = False

    def __init__(
        self,
        prog: str,
        seat: int,
        source: str,
        vars: dict[str, Any] | None = None,
        depth: int = -1,
        own: bool = False,
    ) -> None:
        self.prog = prog
        self.seat = seat
        self.source = source
        self.vars = {} if vars is None else vars
        self.depth = depth
        self.own = own


@dataclass(slots=True)
class State:
    players: list[Player]
    cards: dict[str, str]  # instance id -> card definition id
    expansions: list[str] = field(default_factory=list)
    days: int = 12  # the Day counters the match started with (the `days` option)
    days_left: int = 12
    round: int = 0
    king: int = 0  # seat holding the Pumpkin King card
    king_activity: str = ""  # "draw" | "pp" | "move" once chosen this Round
    phase: str = "start"  # start | place | king | turn | end | over
    turn: int = 0  # seat whose Player Turn it is (or who is being asked in the King's activity)
    turns_taken: int = 0  # Player Turns finished this Round
    function_used: bool = False
    extra_functions: int = 0  # granted by cards such as Say It Twice
    asks: list[Ask] = field(default_factory=list)
    answer: Any = None  # the value of the option just chosen, consumed by the op that asked
    answered_by: int = -1
    stack: list[Frame] = field(default_factory=list)
    triggers: list[Trigger] = field(default_factory=list)
    hexed: list[str] = field(default_factory=list)  # instance ids holding a Hex counter
    stacked: dict[str, list[str]] = field(default_factory=dict)  # host instance -> Surprises stacked on it
    center: list[str] = field(default_factory=list)  # global Surprises in the centre of the table
    owner: dict[str, int] = field(default_factory=dict)  # instance id -> seat that owns it
    flags: dict[str, Any] = field(default_factory=dict)  # short-lived rule changes ("double:c4", ...)
    # cards revealed by the last choice, as they were named then: "all" or a seat -> card data
    shown: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    planted: dict[str, str] = field(default_factory=dict)  # test kit: instance id -> marker name
    # cards some seats have seen that may lie in a hidden place (a hand, a deck, under a
    # Locale): instance id -> the seats that saw it, -1 for everyone (spectators too).
    # Redealing hidden cards leaves these alone; a recycled deck forgets them.
    known: dict[str, list[int]] = field(default_factory=dict)
    over: bool = False
    # facts worked out from the rest of the state when first needed (Rules.in_match);
    # never saved, so a loaded match starts it afresh
    memo: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    # the expansion hook callers of this match and the expansions list they are for
    # (Basics.hooks_of); never saved
    hooks: Any = field(default=None, init=False, repr=False, compare=False)
    hooks_for: Any = field(default=None, init=False, repr=False, compare=False)


# the fields the codec saves (those of __init__), in the order canonical JSON sorts them
_SORTED_FIELDS = sorted(f.name for f in fields(State) if f.init)
_KEYS = {name: canonical_json(name) + ":" for name in _SORTED_FIELDS}


def copy_state(st: State) -> State:
    """An independent copy of a state, equal to what saving and loading it gives
    (`TcgGame.copy_state`, for `Match.clone`): every list and dict is new, plain data
    (effect variables, flags, answers) is copied as `to_data` writes it, the card and
    owner tables keep their text, and the memo starts empty as in a loaded match. The
    choices of open questions are shared: they are immutable."""
    players = [
        Player(
            p.deck_name,
            p.start_hand,
            p.starting_locale,
            p.locale_deck[:],
            p.deck[:],
            p.hand[:],
            p.discard[:],
            p.surprise_discard[:],
            [Slot(s.locale, s.characters[:], s.beneath[:], s.flipped) for s in p.row],
            p.creations[:],
            p.placed[:],
            p.removed[:],
            p.pp,
            p.titles_this_round[:],
            p.has_responses,
        )
        for p in st.players
    ]
    return State(
        players=players,
        cards=_copy_table(st.cards),
        expansions=st.expansions[:],
        days=st.days,
        days_left=st.days_left,
        round=st.round,
        king=st.king,
        king_activity=st.king_activity,
        phase=st.phase,
        turn=st.turn,
        turns_taken=st.turns_taken,
        function_used=st.function_used,
        extra_functions=st.extra_functions,
        asks=[Ask(a.seat, a.kind, a.text, a.choices, to_data(a.values)) for a in st.asks],
        answer=to_data(st.answer),
        answered_by=st.answered_by,
        stack=[Frame(f.prog, f.seat, f.source, f.pc, to_data(f.vars)) for f in st.stack],
        triggers=[Trigger(t.prog, t.seat, t.source, to_data(t.vars), t.depth, t.own) for t in st.triggers],
        hexed=st.hexed[:],
        stacked={host: cards[:] for host, cards in st.stacked.items()},
        center=st.center[:],
        owner=_copy_table(st.owner),
        flags=to_data(st.flags),
        shown=to_data(st.shown),
        planted=dict(st.planted),
        known={card: seats[:] for card, seats in st.known.items()},
        over=st.over,
    )


def _copy_table(table: dict[str, Any]) -> Table:
    copy = Table(table)
    if type(table) is Table:
        copy._text = table._text
    return copy
