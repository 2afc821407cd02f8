"""The state of a Munchkin match: plain slots dataclasses, saved by nbc's codec.

Cards are known by opaque instance ids; `State.cards` maps each to its card
definition id. A card is always in exactly one place: a deck, a discard pile, a
hand, in play in front of a player, in the combat, in the face-up reward pool, or
on a dead character's body.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from nbc._compiled import annotations_of
from nbc.core.piles import Pile
from nbc.core.serial import canonical_json


class CardTable(dict):
    """`State.cards`: each card instance id to its card definition id. It is made once,
    when the cards are dealt out, and never changes (its methods that would change it
    refuse), so what it saves as, and that text, are worked out once."""

    __slots__ = ("_saved", "_text", "_refs")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._saved: Any = None
        self._text: str | None = None
        self._refs: dict[str, tuple[str, str, str]] | None = None

    def refs(self, names: dict[str, str], kinds: dict[str, str]) -> dict[str, tuple[str, str, str]]:
        """Each card instance's (name, kind, card id), for the view (which passes the
        same tables of names and kinds every time)."""
        if self._refs is None:
            self._refs = {c: (names[d], kinds[d], d) for c, d in self.items()}
        return self._refs

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a match's card table never changes")

    # each one a method of its own (a compiled class does not take a method by assignment)
    def __setitem__(self, key: Any, value: Any) -> None:
        self._refuse()

    def __delitem__(self, key: Any) -> None:
        self._refuse()

    def __ior__(self, *args: Any) -> Any:  # type: ignore[misc]  # dict's own __or__ stays
        return self._refuse()

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._refuse()

    def pop(self, *args: Any) -> Any:
        return self._refuse()

    def popitem(self) -> Any:
        return self._refuse()

    def clear(self) -> None:
        self._refuse()

    def setdefault(self, *args: Any) -> Any:
        return self._refuse()

    def saved(self) -> Any:
        """What the codec saves (see `_dump_dict`)."""
        if self._saved is None:
            saved = _dump_dict(self)
            if not isinstance(saved, str):
                return saved  # a table of other ids: a fresh dict each time
            self._saved = saved
        return self._saved

    def text(self) -> str:
        if self._text is None:
            self._text = canonical_json(self.saved())
        return self._text


@dataclass(slots=True)
class Player:
    hand: Pile
    level: int = 1
    citizenships: list[str] = field(default_factory=list)
    dual: str | None = None  # the Dual Citizenship card, attached to the Citizenship(s)
    ride: str | None = None
    ride_enhancers: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)  # carried Items in play, equipped or not
    equipped: list[str] = field(default_factory=list)  # the subset of `items` in use
    cheat: str | None = None  # a Cheat! card ...
    cheat_item: str | None = None  # ... and the Item it is attached to
    curses: list[str] = field(default_factory=list)  # Curses kept in front of the player
    known: list[str] = field(default_factory=list)  # cards in the hand that everyone has seen
    # "card@seat": a card in the hand that one other seat saw go there (a Charity gift)
    seen: list[str] = field(default_factory=list)
    dead: bool = False
    redraw: bool = False  # died: draws four of each deck at the start of the next own turn
    # Bounds on repeating free actions (docs/games/munchkin.md, "Bounds"):
    worn: list[str] = field(default_factory=list)  # Items put on in `worn_step` with `worn_table`
    worn_step: int = -1
    worn_table: str = ""  # the table (Items, Citizenships, Cheat!) those Items were put on with
    declined_step: int = -1  # the step in which a trade offer of this seat was declined
    sale_off: str = ""  # the step and the cards of this seat when it last called off a sale


@dataclass(slots=True)
class Foe:
    """A monster in the combat and the Enhancers played on it."""

    card: str
    enhancers: list[str] = field(default_factory=list)
    undead: bool = False  # made Undead by an Enhancer


@dataclass(slots=True)
class Combat:
    foes: list[Foe]
    passed: list[bool]  # per seat: has passed since the last card was played
    helper: int | None = None
    asked: list[int] = field(default_factory=list)  # seats asked for help this combat
    bribe_items: list[str] = field(default_factory=list)  # Items promised to the helper for a win
    bribe_share: int = 0  # Treasures promised to the helper
    helper_first: bool = False  # who picks first when the Treasures are shared
    hero_bonus: int = 0  # one-shots and abilities for the fighters
    run_bonus: int = 0  # one-shots that help the fighters Run Away
    played: list[str] = field(default_factory=list)  # cards to discard when the fight ends
    defeated: list[str] = field(default_factory=list)  # monsters removed without a kill
    kept_treasure: int = 0  # Treasure still earned from monsters defeated that way


@dataclass(slots=True)
class Runner:
    seat: int
    left: list[str]  # monster cards this runner still has to flee


@dataclass(slots=True)
class Pending:
    """A decision that must be made before anything else goes on."""

    seat: int
    kind: str
    card: str | None = None  # the card being played, or the Bad Stuff/Curse source
    options: list[str] = field(default_factory=list)
    n: int = 0
    target: int | None = None
    order: list[int] = field(default_factory=list)


@dataclass(slots=True)
class State:
    win_level: int
    kill_levels: list[int]  # levels that only a kill can give (rule 4)
    listen: bool
    shared_victories: bool
    epic: bool
    turn_limit: int
    door_deck: Pile
    treasure_deck: Pile
    door_discard: Pile
    treasure_discard: Pile
    players: list[Player]
    cards: CardTable  # instance id -> card definition id
    turn: int = 0  # the seat whose turn it is
    turns: int = 1  # turns begun so far
    phase: str = "create"
    step: int = 0  # counts the steps of turns (each change of phase), for the bounds
    ready: list[bool] = field(default_factory=list)  # character creation
    waived: list[bool] = field(default_factory=list)  # per seat: its any-time window is closed
    combat: Combat | None = None
    runners: list[Runner] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)  # face-up Door cards awaiting a decision
    lurking: list[str] = field(default_factory=list)  # Epic: monsters and Enhancers fought after `revealed`
    pool: list[str] = field(default_factory=list)  # face-up Treasures being shared out
    body: list[str] = field(default_factory=list)  # a dead character's cards, being looted
    sale: list[str] = field(default_factory=list)  # Items put up for sale
    discarded: list[str] = field(default_factory=list)  # put face up on a discard pile by the last choice
    sale_from: list[str] = field(default_factory=list)  # per sale card: "hand" or "table"
    split_helper: int | None = None  # sharing out a helped fight's Treasures
    split_share: int = 0  # Treasures the helper still gets
    split_next: int = 0  # the seat that picks next
    charity_given: bool = False  # the turn player has handed out its excess: the turn ends
    last_roll: int | None = None
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    over: bool = False
    planted: dict[str, str] = field(default_factory=dict)  # test kit: id -> marker name
    # A cache, not state: each seat's reaction-window prompt (and, under "own", the turn
    # player's own choices) with the step they were worked out in, kept while only
    # passes happen (a pass changes nobody else's choices). Never saved or fingerprinted.
    window_memo: dict[int | str, tuple] = field(default_factory=dict, repr=False, compare=False)
    # Likewise each seat's any-time window, with everything it depends on (rules.py).
    anytime_memo: dict[int | str, tuple] = field(default_factory=dict, repr=False, compare=False)
    # Likewise the prompts last worked out for this state, until the next choice (`find_choice`).
    offered: list | None = field(default=None, repr=False, compare=False)


# --- saving and loading ------------------------------------------------------------------
# A match is saved and fingerprinted after every choice, so the state has its own
# codec: each dataclass's fields are classified once, instead of nbc.core.serial
# inspecting every value's type each time. The data it writes is plain JSON.

_PLAIN, _LIST, _DICT, _PILE, _OBJ, _OPT_OBJ, _OBJ_LIST, _TABLE = range(8)
UNSAVED = frozenset({"window_memo", "anytime_memo", "offered"})


def _written_types(cls: type) -> dict[str, str]:
    """Each field's type as the source writes it (a compiled class keeps only bare types,
    so its annotations are read from its source)."""
    return annotations_of(cls) or {f.name: str(f.type) for f in fields(cls)}


def _schema(cls: type) -> list[tuple[str, int, type | None]]:
    written = _written_types(cls)
    hints = {
        "Pile": (_PILE, None),
        "Player": (_OBJ, Player),
        "list[Player]": (_OBJ_LIST, Player),
        "list[Foe]": (_OBJ_LIST, Foe),
        "list[Runner]": (_OBJ_LIST, Runner),
        "list[Pending]": (_OBJ_LIST, Pending),
        "Combat | None": (_OPT_OBJ, Combat),
        "CardTable": (_TABLE, None),
    }
    schema: list[tuple[str, int, type | None]] = []
    for f in fields(cls):
        if f.name in UNSAVED:
            continue
        hint = written[f.name]
        if hint in hints:
            kind, sub = hints[hint]
        elif hint.startswith("list["):
            kind, sub = _LIST, None
        elif hint.startswith("dict["):
            kind, sub = _DICT, None
        else:
            kind, sub = _PLAIN, None
        schema.append((f.name, kind, sub))
    return schema


_SCHEMAS: dict[type, list[tuple[str, int, type | None]]] = {}


_STRING = json.encoder.encode_basestring  # what json writes a str with (ensure_ascii off)

_IDS: dict[int, list[str]] = {}


def _ids(n: int) -> list[str]:
    ids = _IDS.get(n)
    if ids is None:
        ids = _IDS[n] = [f"c{i}" for i in range(1, n + 1)]
    return ids


def _dump_dict(value: dict[str, str]) -> Any:
    """`State.cards` maps ids c1..cN, in that order, to card ids: saved as one
    comma-separated string, much cheaper to write than a dict with sorted keys."""
    if value and list(value) == _ids(len(value)):
        return ",".join(value.values())
    return dict(value)


def _load_dict(value: Any) -> dict[str, str]:
    if isinstance(value, str):
        listed = value.split(",")
        return dict(zip(_ids(len(listed)), listed, strict=True))
    return {str(k): v for k, v in value.items()}


_LAST_TABLE: tuple[Any, Any] = (None, None)  # the saved form last loaded, and its table


def _load_table(value: Any) -> CardTable:
    """A card table, shared with the last one loaded from the same saved string: a
    table never changes, so loads of one match may hold the same one."""
    global _LAST_TABLE
    if isinstance(value, str):
        last_saved, last = _LAST_TABLE
        if value == last_saved:
            return last
        table = CardTable(_load_dict(value))
        _LAST_TABLE = (value, table)
        return table
    return CardTable(_load_dict(value))


def _dump_pile(value: Pile) -> dict[str, Any]:
    return {
        "name": value.name,
        "cards": ",".join(value.cards),  # ids hold no commas: one string is cheap to write
        "seen_by": value.seen_by,
        "owner": value.owner,
    }


def _load_pile(value: Any) -> Pile:
    cards = value["cards"]
    listed = cards.split(",") if cards else []
    return Pile(value["name"], listed, value["seen_by"], value["owner"])


# Each dataclass gets its own dump and load function, written out from its schema once
# (a field at a time, in the schema's order), so a dump or load runs no loop over the
# fields and no test of their kinds. They do exactly what the loops over the schema
# did: the same values, built in the same order.
_DUMPERS: dict[type, Any] = {}
_LOADERS: dict[type, Any] = {}


def _compile(cls: type) -> None:
    schema = _SCHEMAS.get(cls) or _SCHEMAS.setdefault(cls, _schema(cls))
    env: dict[str, Any] = {
        "_dump_dict": _dump_dict,
        "_load_dict": _load_dict,
        "_dump_pile": _dump_pile,
        "_load_pile": _load_pile,
        "_check": _check_fields,
        "_load_table": _load_table,
        "CardTable": CardTable,
        "cls": cls,
        "names": frozenset(name for name, _, _ in schema),
    }
    dumped, loaded = [], []
    for name, kind, sub in schema:
        value, data = f"obj.{name}", f"data[{name!r}]"
        label = "" if sub is None else sub.__name__
        if sub is not None:
            if sub not in _DUMPERS:
                _compile(sub)
            env[f"dump_{label}"] = _DUMPERS[sub]
            env[f"load_{label}"] = _LOADERS[sub]
        if kind == _PLAIN:
            dump, load = value, data
        elif kind == _LIST:
            dump, load = f"list({value})", f"list({data})"
        elif kind == _DICT:
            dump, load = f"_dump_dict({value})", f"_load_dict({data})"
        elif kind == _TABLE:
            dump = f"(v.saved() if type(v := {value}) is CardTable else _dump_dict(v))"
            load = f"_load_table({data})"
        elif kind == _PILE:
            dump, load = f"_dump_pile({value})", f"_load_pile({data})"
        elif kind == _OBJ:
            dump, load = f"dump_{label}({value})", f"load_{label}({data})"
        elif kind == _OPT_OBJ:
            dump = f"(None if {value} is None else dump_{label}({value}))"
            load = f"(None if {data} is None else load_{label}({data}))"
        else:
            dump = f"[dump_{label}(v) for v in {value}]"
            load = f"[load_{label}(v) for v in {data}]"
        dumped.append(f"        {name!r}: {dump},\n")
        loaded.append(f"        {name}={load},\n")
    source = (
        "def dump(obj):\n    return {\n" + "".join(dumped) + "    }\n\n"
        "def load(data):\n"
        "    if type(data) is not dict or data.keys() != names:\n"
        "        data = _check(cls, names, data)\n"
        "    return cls(\n" + "".join(loaded) + "    )\n"
    )
    exec(compile(source, f"<munchkin codec for {cls.__name__}>", "exec"), env)
    _DUMPERS[cls], _LOADERS[cls] = env["dump"], env["load"]


# The canonical JSON text of a dump (`canonical_json(dump(obj))`), written field by
# field: keys in sorted order, strings through json's own string encoder, ints as json
# writes them, and anything of another type than its field declares through
# canonical_json itself. `tests/games/munchkin/test_codec.py` holds it to the text
# canonical_json gives, step by step through many matches.
_WRITERS: dict[type, Any] = {}


def _text_of(value: Any) -> str:
    kind = type(value)
    if kind is str:
        return _STRING(value)
    if kind is int:
        return int.__repr__(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    return canonical_json(value)


def _list_text(value: Any) -> str:
    if type(value) is list:
        try:
            return "[" + ",".join(map(_STRING, value)) + "]"  # a list of strings: card ids
        except TypeError:
            pass
    return canonical_json(list(value))


def _pile_text(value: Pile) -> str:
    name, seen_by, owner = value.name, value.seen_by, value.owner
    if type(name) is str and type(seen_by) is str and (owner is None or type(owner) is int):
        cards = _STRING(",".join(value.cards))
        owner_text = "null" if owner is None else int.__repr__(owner)
        return f'{{"cards":{cards},"name":{_STRING(name)},"owner":{owner_text},"seen_by":{_STRING(seen_by)}}}'
    return canonical_json(_dump_pile(value))


def _compile_text(cls: type) -> None:
    schema = _SCHEMAS.get(cls) or _SCHEMAS.setdefault(cls, _schema(cls))
    hints = _written_types(cls)
    env: dict[str, Any] = {
        "J": canonical_json,
        "S": _STRING,
        "R": int.__repr__,
        "P": _text_of,
        "L": _list_text,
        "EMPTY": "[]",
        "pile": _pile_text,
        "dump_dict": _dump_dict,
        "CardTable": CardTable,
        "TRUE": "true",
        "FALSE": "false",
        "NULL": "null",
        "LB": "[",
        "RB": "]",
        "COMMA": ",",
    }
    parts = []
    for name, kind, sub in sorted(schema):
        value = f"obj.{name}"
        label = "" if sub is None else sub.__name__
        if sub is not None:
            if sub not in _WRITERS:
                _compile_text(sub)
            env[f"text_{label}"] = _WRITERS[sub]
        if kind == _PLAIN:
            hint = hints[name]
            if hint == "int":
                text = f"(R(v) if type(v := {value}) is int else J(v))"
            elif hint == "str":
                text = f"(S(v) if type(v := {value}) is str else J(v))"
            elif hint == "bool":
                text = f"(TRUE if (v := {value}) is True else FALSE if v is False else J(v))"
            elif hint in ("str | None", "int | None"):
                scalar = hint.split(" ")[0]
                writer = "S" if scalar == "str" else "R"
                text = f"(NULL if (v := {value}) is None else {writer}(v) if type(v) is {scalar} else J(v))"
            else:
                text = f"P({value})"
        elif kind == _LIST:
            text = f"(L(v) if (v := {value}) or type(v) is not list else EMPTY)"
        elif kind == _DICT:
            text = f"J(dump_dict({value}))"
        elif kind == _TABLE:
            text = f"(v.text() if type(v := {value}) is CardTable else J(dump_dict(v)))"
        elif kind == _PILE:
            text = f"pile({value})"
        elif kind == _OBJ:
            text = f"text_{label}({value})"
        elif kind == _OPT_OBJ:
            text = f"(NULL if (v := {value}) is None else text_{label}(v))"
        else:
            text = f"(LB + COMMA.join([text_{label}(v) for v in {value}]) + RB)"
        parts.append(f'"{name}":{{{text}}}')
    source = "def text(obj):\n    return f'{{" + ",".join(parts) + "}}'\n"
    exec(compile(source, f"<munchkin text of {cls.__name__}>", "exec"), env)
    _WRITERS[cls] = env["text"]


def text(obj: Any) -> str:
    """`canonical_json(dump(obj))`, written directly."""
    cls = type(obj)
    if cls not in _WRITERS:
        _compile_text(cls)
    return _WRITERS[cls](obj)


# Fields added after matches were first saved, with the value a save without them means.
LATER: dict[str, Any] = {"seen": list}


def _check_fields(cls: type, names: frozenset[str], data: Any) -> dict[str, Any]:
    """`data` with the fields added later filled in; any other difference is an error."""
    if isinstance(data, dict):
        missing = names - set(data)
        if set(data) <= names and missing <= set(LATER):
            return {**data, **{name: LATER[name]() for name in missing}}
    raise ValueError(f"{cls.__name__}: expected fields {sorted(names)}, found {sorted(data)}")


# A direct copy (`copy`, for `Match.clone`): per dataclass a function written out from
# its schema as the codec's are, making what `load(dump(obj))` makes without the
# saved form in between: lists, dicts and piles anew, plain values and the card table
# (which never changes) shared, the caches left behind.
_COPIERS: dict[type, Any] = {}


def _compile_copy(cls: type) -> None:
    schema = _SCHEMAS.get(cls) or _SCHEMAS.setdefault(cls, _schema(cls))
    env: dict[str, Any] = {
        "_dump_dict": _dump_dict,
        "_load_dict": _load_dict,
        "_load_table": _load_table,
        "CardTable": CardTable,
        "Pile": Pile,
        "cls": cls,
    }
    made = []
    for name, kind, sub in schema:
        value = f"obj.{name}"
        label = "" if sub is None else sub.__name__
        if sub is not None:
            if sub not in _COPIERS:
                _compile_copy(sub)
            env[f"copy_{label}"] = _COPIERS[sub]
        if kind == _PLAIN:
            made_value = value
        elif kind == _LIST:
            made_value = f"list({value})"
        elif kind == _DICT:
            made_value = f"_load_dict(_dump_dict({value}))"
        elif kind == _TABLE:
            made_value = f"(v if type(v := {value}) is CardTable else _load_table(_dump_dict(v)))"
        elif kind == _PILE:
            made_value = f"Pile((v := {value}).name, list(v.cards), v.seen_by, v.owner)"
        elif kind == _OBJ:
            made_value = f"copy_{label}({value})"
        elif kind == _OPT_OBJ:
            made_value = f"(None if (v := {value}) is None else copy_{label}(v))"
        else:
            made_value = f"[copy_{label}(v) for v in {value}]"
        made.append(f"        {name}={made_value},\n")
    source = "def copy(obj):\n    return cls(\n" + "".join(made) + "    )\n"
    exec(compile(source, f"<munchkin copy of {cls.__name__}>", "exec"), env)
    _COPIERS[cls] = env["copy"]


def copy(obj: Any) -> Any:
    """A copy equal to `load(type(obj), dump(obj))`, sharing nothing either changes."""
    cls = type(obj)
    if cls not in _COPIERS:
        _compile_copy(cls)
    return _COPIERS[cls](obj)


def dump(obj: Any) -> dict[str, Any]:
    cls = type(obj)
    if cls not in _DUMPERS:
        _compile(cls)
    return _DUMPERS[cls](obj)


def load(cls: type, data: dict[str, Any]) -> Any:
    if cls not in _LOADERS:
        _compile(cls)
    return _LOADERS[cls](data)
