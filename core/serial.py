"""A small codec between dataclasses and JSON-friendly data, driven by type hints.

Game states are trees of `@dataclass(slots=True)` objects holding ints, strs, bools,
None, lists, dicts with str keys, enums and further dataclasses. `to_data` turns such a
tree into plain data (json.dumps-able, in a stable order) and `from_data` rebuilds it
from the class's type hints, so a plugin author gets save/load for free.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import keyword
import types
import typing
from functools import cache
from typing import Any, Union, get_args, get_origin

from nbc._compiled import annotations_of


class SerialError(ValueError):
    """Data that does not fit the type it is being loaded as."""


_SCALARS = frozenset({type(None), bool, int, str, float})


def to_data(obj: Any) -> Any:
    """Plain data for a dataclass tree (dataclasses become dicts of their fields)."""
    kind = type(obj)
    if kind in _SCALARS:
        return obj
    # lists and dicts come first and skip the call for scalar items: states are mostly these
    if kind is list or kind is tuple:
        return [item if type(item) in _SCALARS else to_data(item) for item in obj]
    if kind is dict:
        return {
            (k if type(k) is str else _key(k)): (v if type(v) in _SCALARS else to_data(v))
            for k, v in obj.items()
        }
    dumper = _DUMPERS.get(kind)
    if dumper is not None:
        return dumper(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return _dumper(kind)(obj)
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, bool | int | str | float):  # subclasses of the scalars
        return obj
    if isinstance(obj, list | tuple):
        return [to_data(item) for item in obj]
    if isinstance(obj, dict):  # as for a dict above (to_data of a plain scalar is itself)
        return {
            (k if type(k) is str else _key(k)): (v if type(v) in _SCALARS else to_data(v))
            for k, v in obj.items()
        }
    if isinstance(obj, set | frozenset):
        return sorted(to_data(item) for item in obj)
    raise SerialError(f"cannot save a value of type {type(obj).__name__}: {obj!r}")


# One function per dataclass, written out from its fields once: it does what the loop
# `{name: to_data(getattr(obj, name)) for name in fields}` does, without the loop.
_DUMPERS: dict[type, Any] = {}


def _dumper(cls: type) -> Any:
    names = _field_names(cls)
    items = []
    for k, name in enumerate(names):
        get = (
            f"obj.{name}" if name.isidentifier() and not keyword.iskeyword(name) else f"getattr(obj, N[{k}])"
        )
        items.append(f"        {name!r}: v if type(v := {get}) in S else to_data(v),\n")
    source = "def dump(obj):\n    return {\n" + "".join(items) + "    }\n"
    env = {"S": _SCALARS, "to_data": to_data, "N": names}
    exec(compile(source, f"<to_data of {cls.__qualname__}>", "exec"), env)
    _DUMPERS[cls] = env["dump"]
    return env["dump"]


def _key(key: Any) -> str:
    if isinstance(key, str):
        return key
    if isinstance(key, int) and not isinstance(key, bool):
        return str(key)
    if isinstance(key, enum.Enum):
        return str(key.value)
    raise SerialError(f"dict keys must be str or int to be saved, found {key!r}")


_PLAIN = frozenset({int, str, bool, float})


def from_data(cls: Any, data: Any, where: str = "state") -> Any:
    """Rebuild a value of type `cls` from `to_data` output; errors name the path."""
    try:
        load = _LOADERS.get(cls) or _loader(cls)
    except TypeError:  # an unhashable type hint
        return _from_data(cls, data, where)
    try:
        return load(data)
    except Exception:  # noqa: BLE001 - the plain reading below explains (or does not fail)
        return _from_data(cls, data, where)


def _from_data(cls: Any, data: Any, where: str) -> Any:
    """`from_data` read a step at a time, naming the path of whatever does not fit."""
    if cls in _PLAIN:  # the common case first: a scalar of the right type
        if type(data) is cls:
            return data
        if cls is float and type(data) is int:
            return float(data)
        raise SerialError(f"{where}: expected {cls.__name__}, found {data!r}")
    if cls is Any or cls is object:
        return data
    origin = get_origin(cls)
    if origin is Union or origin is types.UnionType:
        options = get_args(cls)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _from_data(option, data, where)
            except SerialError as error:
                errors.append(str(error))
        raise SerialError(f"{where}: {data!r} fits none of {cls}: {'; '.join(errors)}")
    if origin is typing.Literal:
        if data not in get_args(cls):
            raise SerialError(f"{where}: expected one of {get_args(cls)}, found {data!r}")
        return data
    if origin in (list, tuple, set, frozenset):
        if not isinstance(data, list):
            raise SerialError(f"{where}: expected a list, found {type(data).__name__}")
        args = get_args(cls)
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(data) != len(args):
                raise SerialError(f"{where}: expected {len(args)} items, found {len(data)}")
            pairs = enumerate(zip(args, data, strict=True))
            items = [_from_data(a, d, f"{where}[{i}]") for i, (a, d) in pairs]
            return tuple(items)
        item_type = args[0] if args else Any
        if item_type in _PLAIN and origin is list and all(type(d) is item_type for d in data):
            return list(data)
        items = [_from_data(item_type, d, f"{where}[{i}]") for i, d in enumerate(data)]
        return origin(items) if origin is not list else items
    if origin is dict:
        if not isinstance(data, dict):
            raise SerialError(f"{where}: expected a table, found {type(data).__name__}")
        key_type, value_type = get_args(cls) or (Any, Any)
        if key_type is str and value_type in _PLAIN and all(type(v) is value_type for v in data.values()):
            return dict(data)
        return {
            _load_key(key_type, k, where): _from_data(value_type, v, f"{where}.{k}") for k, v in data.items()
        }
    if isinstance(cls, type) and dataclasses.is_dataclass(cls):
        if not isinstance(data, dict):
            raise SerialError(f"{where}: expected a table for {cls.__name__}")
        hints = _hints(cls)
        unknown = set(data) - set(hints)
        if unknown:
            raise SerialError(f"{where}: unknown fields {sorted(unknown)} for {cls.__name__}")
        kwargs = {}
        for name, hint in hints.items():
            if name in data:
                kwargs[name] = _from_data(hint, data[name], f"{where}.{name}")
        try:
            return cls(**kwargs)
        except TypeError as error:
            raise SerialError(f"{where}: cannot build {cls.__name__}: {error}") from None
    if isinstance(cls, type) and issubclass(cls, enum.Enum):
        try:
            return cls(data)
        except ValueError:
            raise SerialError(f"{where}: {data!r} is not a {cls.__name__}") from None
    if cls is float and isinstance(data, int | float) and not isinstance(data, bool):
        return float(data)
    if cls in (int, str, bool, type(None)):
        if type(data) is not cls:
            raise SerialError(f"{where}: expected {cls.__name__}, found {data!r}")
        return data
    raise SerialError(f"{where}: cannot load type {cls!r}")


def _load_key(key_type: Any, key: str, where: str) -> Any:
    if key_type is int:
        try:
            return int(key)
        except ValueError:
            raise SerialError(f"{where}: key {key!r} is not an integer") from None
    if isinstance(key_type, type) and issubclass(key_type, enum.Enum):
        return _from_data(key_type, key, where)
    return key


# --- the quick reading ---------------------------------------------------------------
# `from_data` first reads with a function made once per type hint. It accepts only what
# the step-by-step reading (`_from_data`) accepts, and builds the same values; whatever
# it is unsure of, it hands back (`_Unsure`), and any failure is read again step by
# step, which names the path in its error.


class _Unsure(Exception):
    pass


_LOADERS: dict[Any, Any] = {}


def _unsure(*_: Any) -> Any:
    raise _Unsure


def _loader(cls: Any) -> Any:
    found = _LOADERS.get(cls)
    if found is not None:
        return found
    cell: list[Any] = []  # a dataclass may hold itself: its loader is looked up when it runs
    _LOADERS[cls] = lambda data: cell[0](data)
    try:
        load = _make_loader(cls)
    except Exception:
        del _LOADERS[cls]
        raise
    cell.append(load)
    _LOADERS[cls] = load
    return load


def _make_loader(cls: Any) -> Any:  # noqa: C901 - one case per kind of hint, as in _from_data
    if cls in _PLAIN:
        if cls is float:

            def load_float(data: Any) -> Any:
                if type(data) is float:
                    return data
                if type(data) is int:
                    return float(data)
                raise _Unsure

            return load_float

        def load_plain(data: Any) -> Any:
            if type(data) is cls:
                return data
            raise _Unsure

        return load_plain
    if cls is Any or cls is object:
        return lambda data: data
    if cls is type(None):

        def load_none(data: Any) -> Any:
            if data is None:
                return None
            raise _Unsure

        return load_none
    origin = get_origin(cls)
    if origin is Union or origin is types.UnionType:
        options = [o for o in get_args(cls) if o is not type(None)]
        if all(o in _PLAIN and o is not float for o in options):  # such as `int | str`
            kinds = frozenset(get_args(cls))

            def load_scalar(data: Any) -> Any:
                if type(data) in kinds:
                    return data
                raise _Unsure

            return load_scalar
        if len(options) != 1 or len(get_args(cls)) != 2:
            return _unsure  # a true union: read step by step
        inner = _loader(options[0])
        return lambda data: None if data is None else inner(data)
    if origin in (list, tuple, set, frozenset):
        args = get_args(cls)
        if origin is tuple and args and args[-1] is not Ellipsis:
            return _unsure
        item_type = args[0] if args else Any
        item = _loader(item_type)
        plain = item_type in _PLAIN and origin is list

        def load_items(data: Any) -> Any:
            if type(data) is not list:
                raise _Unsure
            if plain and all(type(d) is item_type for d in data):
                return list(data)
            items = [item(d) for d in data]
            return origin(items) if origin is not list else items

        return load_items
    if origin is dict:
        key_type, value_type = get_args(cls) or (Any, Any)
        if not (key_type is str or key_type is Any):
            return _unsure  # int and enum keys: read step by step
        value = _loader(value_type)
        plain = key_type is str and value_type in _PLAIN

        def load_dict(data: Any) -> Any:
            if type(data) is not dict:
                raise _Unsure
            if plain and all(type(v) is value_type for v in data.values()):
                return dict(data)
            return {k: value(v) for k, v in data.items()}

        return load_dict
    if isinstance(cls, type) and dataclasses.is_dataclass(cls):
        return _dataclass_loader(cls)
    return _unsure


def _dataclass_loader(cls: type) -> Any:
    hints = _hints(cls)
    names = tuple(hints)
    if not all(name.isidentifier() and not keyword.iskeyword(name) for name in names):
        return _unsure
    env: dict[str, Any] = {
        "cls": cls,
        "names": frozenset(names),
        "Unsure": _Unsure,
        "loads": [_loader(hint) for hint in hints.values()],
    }
    every, given = [], []
    for k, (name, hint) in enumerate(hints.items()):
        if hint in _PLAIN and hint is not float:
            env[f"T{k}"] = hint
            read = f"v if type(v := data[{name!r}]) is T{k} else bad()"
        else:
            read = f"loads[{k}](data[{name!r}])"
        every.append(f"            {name}={read},\n")
        given.append(f"    if {name!r} in data:\n        kwargs[{name!r}] = {read}\n")
    source = (
        "def bad():\n    raise Unsure\n\n"
        "def load(data):\n"
        "    if type(data) is not dict:\n        raise Unsure\n"
        "    if data.keys() == names:  # every field given: the usual case\n"
        "        return cls(\n" + "".join(every) + "        )\n"
        "    if not data.keys() <= names:\n        raise Unsure\n"
        "    kwargs = {}\n" + "".join(given) + "    return cls(**kwargs)\n"
    )
    exec(compile(source, f"<from_data of {cls.__qualname__}>", "exec"), env)
    return env["load"]


@cache
def _hints(cls: type) -> dict[str, Any]:
    names = _field_names(cls)
    written = annotations_of(cls)
    if written is not None:  # a compiled class: its annotations as its source writes them
        cls = type(cls.__name__, (), {"__annotations__": written, "__module__": cls.__module__})
    hints = typing.get_type_hints(cls)
    return {name: hints[name] for name in names}


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls) if f.init)


def canonical_json(data: Any) -> str:
    """Compact JSON with sorted keys: equal data always gives equal text."""
    if _ENCODE is not None:
        try:
            return "".join(_ENCODE(data, 0))
        except RecursionError:
            pass  # json.dumps tells a circular reference (ValueError) from deep data
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _fast_encoder() -> Any:
    """The C encoder that `json.dumps` builds for `canonical_json`'s arguments on every
    call, built once. It is made without json's record of the containers being
    written (`check_circular`), about a sixth of the time of a state or a view; a
    circular value then ends in RecursionError, and `canonical_json` asks json.dumps
    to report it as usual. None where the C encoder is missing."""
    try:
        from _json import make_encoder
    except ImportError:  # pragma: no cover - CPython always has it
        return None
    encoder = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return make_encoder(
        None,  # no circular check (see above)
        encoder.default,  # raises json's own TypeError for what it cannot write
        json.encoder.encode_basestring,
        encoder.indent,
        encoder.key_separator,
        encoder.item_separator,
        encoder.sort_keys,
        encoder.skipkeys,
        encoder.allow_nan,
    )


_ENCODE = _fast_encoder()
