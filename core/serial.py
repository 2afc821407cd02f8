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
import types
import typing
from functools import cache
from typing import Any, Union, get_args, get_origin


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
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {name: to_data(getattr(obj, name)) for name in _field_names(kind)}
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, bool | int | str | float):  # subclasses of the scalars
        return obj
    if isinstance(obj, list | tuple):
        return [to_data(item) for item in obj]
    if isinstance(obj, dict):
        return {_key(k): to_data(v) for k, v in obj.items()}
    if isinstance(obj, set | frozenset):
        return sorted(to_data(item) for item in obj)
    raise SerialError(f"cannot save a value of type {type(obj).__name__}: {obj!r}")


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
                return from_data(option, data, where)
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
            items = [from_data(a, d, f"{where}[{i}]") for i, (a, d) in pairs]
            return tuple(items)
        item_type = args[0] if args else Any
        if item_type in _PLAIN and origin is list and all(type(d) is item_type for d in data):
            return list(data)
        items = [from_data(item_type, d, f"{where}[{i}]") for i, d in enumerate(data)]
        return origin(items) if origin is not list else items
    if origin is dict:
        if not isinstance(data, dict):
            raise SerialError(f"{where}: expected a table, found {type(data).__name__}")
        key_type, value_type = get_args(cls) or (Any, Any)
        if key_type is str and value_type in _PLAIN and all(type(v) is value_type for v in data.values()):
            return dict(data)
        return {
            _load_key(key_type, k, where): from_data(value_type, v, f"{where}.{k}") for k, v in data.items()
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
                kwargs[name] = from_data(hint, data[name], f"{where}.{name}")
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
        return from_data(key_type, key, where)
    return key


@cache
def _hints(cls: type) -> dict[str, Any]:
    names = _field_names(cls)
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
