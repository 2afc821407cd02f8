"""Card definitions from TOML data files, and opaque card instance ids.

A card pool is a TOML file of `[[card]]` tables, one per card. Each table is checked
against a pydantic model (a game's subclass of `CardDef`), and any problem is raised
as a `DataError` that says which file, which card, which field, what was found and
what was expected, so a data author can fix it without reading Python.

In play, cards are known by instance ids ('c1', 'c2', ...) handed out in a shuffled
order by `make_instances`, so an id on its own never tells which card it is.
`NameFinder` tells which cards of a pool a text (a label, an event) names by display
name, for card references (`nbc.core.game.REFS`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import UnionType
from typing import Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from nbc.core.rng import Rng

M = TypeVar("M", bound=BaseModel)

SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
"""Pattern for ids: lower-case letters and digits in words joined by single hyphens."""


class DataError(ValueError):
    """A data file is wrong. Each problem is one line naming file, item and field."""

    def __init__(self, problems: str | list[str]) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("\n".join(self.problems))


class DataModel(BaseModel):
    """Base for anything read from a data file.

    Unknown fields are refused (a typo is an error, not a silently ignored key), and
    values must already have the right type (`cost = "3"` is refused, not coerced).
    Use `Literal[...]` rather than `Enum` for a fixed set of words: strict mode only
    accepts Enum members, which TOML cannot write.
    """

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


_PLAIN_CLASSES: dict[type, tuple[type, tuple[str, ...]]] = {}


def plain_copy(value: Any) -> Any:
    """A plain-object twin of a data model (and of the models, lists and dicts inside
    it), for rules that read card fields in their innermost loops.

    Pydantic models define `__getattr__`, which keeps CPython from caching their
    attribute reads: a field read costs about four times a plain object's. The twin has
    the same field values and the values of the model's properties, worked out once
    (the models it copies are frozen, so a property's value cannot change); it is not
    validated again, and is read-only by convention."""
    if isinstance(value, BaseModel):
        model = type(value)
        found = _PLAIN_CLASSES.get(model)
        if found is None:
            properties = tuple(
                name
                for klass in reversed(model.__mro__)
                if klass not in BaseModel.__mro__
                for name, member in vars(klass).items()
                if isinstance(member, property)
            )
            names = (*model.model_fields, *dict.fromkeys(properties))
            namespace: dict[str, Any] = {"__slots__": names, "__module__": model.__module__}
            namespace["__repr__"] = lambda self: f"<plain {model.__name__} {getattr(self, 'id', '')}>"
            found = _PLAIN_CLASSES[model] = (type(model.__name__, (), namespace), names)
        plain, names = found
        twin = object.__new__(plain)
        for name in names:
            setattr(twin, name, plain_copy(getattr(value, name)))
        return twin
    if isinstance(value, list):
        return [plain_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: plain_copy(item) for key, item in value.items()}
    return value


class CardDef(DataModel):
    """The fields every card has. Games subclass it with their own fields."""

    id: str = Field(pattern=SLUG)
    name: str = Field(min_length=1)


# -- loading ---------------------------------------------------------------------------


def load_cards(path: str | Path, model: type[M], table: str = "card") -> dict[str, M]:
    """Read the `[[table]]` entries of one TOML file, keyed by their `id`, in file order."""
    return load_table(path, model, table, key="id")


def load_card_dir(folder: str | Path, model: type[M], table: str = "card") -> dict[str, M]:
    """Read every `*.toml` file in `folder` (by name order) into one pool of cards."""
    folder = Path(folder)
    files = sorted(folder.glob("*.toml"))
    if not files:
        raise DataError(f"{folder}: no .toml files found; expected at least one card file")
    merged: dict[str, M] = {}
    source: dict[str, Path] = {}
    problems: list[str] = []
    for file in files:
        try:
            cards = load_cards(file, model, table)
        except DataError as error:
            problems.extend(error.problems)
            continue
        for card_id, card in cards.items():
            if card_id in merged:
                problems.append(
                    f"{file}: {table} '{card_id}': duplicate id; already defined in {source[card_id]}"
                )
                continue
            merged[card_id] = card
            source[card_id] = file
    if problems:
        raise DataError(problems)
    return merged


def load_table(path: str | Path, model: type[M], table: str, key: str = "id") -> dict[str, M]:
    """Validate each `[[table]]` entry of a TOML file with `model`, keyed by field `key`.

    Every problem in the file is collected and raised together as one `DataError`.
    """
    path = Path(path)
    entries = _read_entries(path, table)
    result: dict[str, M] = {}
    first_at: dict[str, int] = {}
    problems: list[str] = []
    for position, entry in enumerate(entries, start=1):
        where = _where(table, position, entry, key)
        if not isinstance(entry, dict):
            problems.append(f"{path}: {where}: expected a table, found {_show(entry)}")
            continue
        raw_ident = entry.get(key)
        if isinstance(raw_ident, str):  # checked before validation, so a bad twin still counts
            if raw_ident in first_at:
                problems.append(
                    f"{path}: {where} ({table} #{position}): duplicate {key}; "
                    f"{table} #{first_at[raw_ident]} already uses it"
                )
                continue
            first_at[raw_ident] = position
        try:
            item = model.model_validate(entry)
        except ValidationError as error:
            problems.extend(
                f"{path}: {where}, field '{_field_path(e['loc'])}': {_explain(e, model)}"
                for e in error.errors()
            )
            continue
        ident = getattr(item, key, None)
        if not isinstance(ident, str):
            raise TypeError(f"{model.__name__} has no str field {key!r} to key {table}s by")
        result[ident] = item
    if problems:
        raise DataError(problems)
    return result


def _read_entries(path: Path, table: str) -> list[Any]:
    """The raw `[[table]]` entries of a TOML file; refuses anything else at top level."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise DataError(f"{path}: file not found") from None
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{path}: not valid TOML: {error}") from None
    except UnicodeDecodeError as error:
        raise DataError(f"{path}: not UTF-8 text: {error}") from None
    problems = [
        f"{path}: unknown top-level key '{name}'; expected only [[{table}]] tables"
        for name in data
        if name != table
    ]
    entries = data.get(table)
    if entries is None:
        problems.append(f"{path}: no [[{table}]] tables found; expected at least one")
    elif not isinstance(entries, list):
        problems.append(
            f"{path}: '{table}': expected an array of tables written [[{table}]], found {_show(entries)}"
        )
    if problems:
        raise DataError(problems)
    return entries


def _where(table: str, position: int, entry: Any, key: str) -> str:
    """How to name an entry: by its key when it has a usable one, else by position."""
    ident = entry.get(key) if isinstance(entry, dict) else None
    if isinstance(ident, str) and ident:
        return f"{table} '{ident}'"
    return f"{table} #{position}"


def _field_path(loc: tuple[int | str, ...]) -> str:
    """('effects', 0, 'amount') -> 'effects[0].amount'."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(whole entry)"


_EXPECTED = {
    "int_type": "an integer",
    "int_parsing": "an integer",
    "int_from_float": "an integer",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "a string",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "a table",
    "model_type": "a table",
    "model_attributes_type": "a table",
}


_LENGTHS = {
    "too_short": ("at least", "min_length", "entry", "entries"),
    "too_long": ("at most", "max_length", "entry", "entries"),
    "string_too_short": ("at least", "min_length", "character", "characters"),
    "string_too_long": ("at most", "max_length", "character", "characters"),
}
_COMPARISONS = ("greater_than", "greater_than_equal", "less_than", "less_than_equal")


def _explain(error: Any, model: type[BaseModel]) -> str:
    """One pydantic error as 'expected ..., found ...' in data-author terms."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    found = _show(error.get("input"))
    if kind == "missing":
        return "expected a value (the field is required), found nothing"
    if kind == "extra_forbidden":
        allowed = _allowed_fields(model, error["loc"][:-1])
        listed = f"; allowed fields: {', '.join(allowed)}" if allowed else ""
        return f"unknown field (value {found}){listed}"
    if kind in _EXPECTED:
        return f"expected {_EXPECTED[kind]}, found {found}"
    if kind == "string_pattern_mismatch":
        return f"expected text matching {ctx.get('pattern')}, found {found}"
    if kind in _LENGTHS:
        bound, limit_key, one, many = _LENGTHS[kind]
        limit = ctx.get(limit_key)
        return f"expected {bound} {limit} {one if limit == 1 else many}, found {found}"
    message = str(error["msg"])
    if message.startswith(("Input should be ", "Value should be ")):
        wanted = message.split(" should be ", 1)[1]
        message = f"expected {'a value ' if kind in _COMPARISONS else ''}{wanted}"
    else:  # e.g. a game's own validator: "Value error, <its message>"
        message = _lower_first(message.removeprefix("Value error, "))
    return f"{message}, found {found}"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _show(value: Any) -> str:
    """A short, TOML-flavoured rendering of a found value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table" if value else "an empty table"
    if isinstance(value, list):
        return f"a list of {len(value)}" if value else "an empty list"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _allowed_fields(model: type[BaseModel], loc: tuple[int | str, ...]) -> list[str]:
    """The field names allowed at `loc` inside `model` (best effort; [] when unknown)."""
    current: Any = model
    for part in loc:
        current = _strip_optional(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = _field_by_key(current, part)
            if field is None:
                return []
            current = field
        elif get_origin(current) in (list, tuple, dict):
            args = get_args(current)
            current = args[-1] if args else None
        else:
            return []
    current = _strip_optional(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return [info.alias or name for name, info in current.model_fields.items()]
    return []


def _field_by_key(model: type[BaseModel], key: int | str) -> Any:
    """The annotation of the field a data key names (by alias or name), else None."""
    for name, info in model.model_fields.items():
        if key in (name, info.alias):
            return info.annotation
    return None


def _strip_optional(annotation: Any) -> Any:
    """Strip `X | None` style unions down to the one non-None member, if there is one."""
    if get_origin(annotation) in (Union, UnionType):
        members = [arg for arg in get_args(annotation) if arg is not type(None)]
        if len(members) == 1:
            return members[0]
    return annotation


# -- instances -------------------------------------------------------------------------


def make_instances(def_ids: Sequence[str], rng: Rng, *, prefix: str = "c", start: int = 1) -> dict[str, str]:
    """Give each listed card (repeats allowed) an opaque instance id: id -> def id.

    Ids run `c1`..`cN` but are dealt to the cards in a shuffled order, so seeing an id
    reveals nothing about the card. Use `start` to number cards added later in a match.
    """
    order = list(def_ids)
    rng.shuffle(order)
    return {f"{prefix}{start + i}": def_id for i, def_id in enumerate(order)}


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


class NameFinder:
    """Which of a fixed set of names a text names: each as written (case and all), as
    whole words, the longest first and none inside another found there, so "Zero (Ghost
    Dog)" is one name and "Locale" does not name a card called "Lock". Used to fill and
    to check card references (`nbc.core.game.REFS`) where a text names cards."""

    __slots__ = ("names",)

    def __init__(self, names: Iterable[str]) -> None:
        self.names = sorted(set(names), key=len, reverse=True)

    def __call__(self, text: str) -> list[str]:
        """The names `text` names, in the order it names them (a name twice: twice)."""
        present = [n for n in self.names if n in text]
        if not present:
            return []
        taken: list[tuple[int, int, str]] = []
        for name in present:
            start = text.find(name)
            while start >= 0:
                end = start + len(name)
                whole = (start == 0 or not _word(name[0]) or not _word(text[start - 1])) and (
                    end == len(text) or not _word(name[-1]) or not _word(text[end])
                )
                if whole and not any(start < e and s < end for s, e, _ in taken):
                    taken.append((start, end, name))
                start = text.find(name, start + 1)
        return [name for _, _, name in sorted(taken)]
