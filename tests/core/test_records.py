"""The dataclasses that write their own `__init__` (`@dataclass(init=False)`, so that a
compiled build makes them natively, see `nbc.core.records`) take the same arguments, in
the same order and with the same defaults, as the `__init__` the dataclass would write."""

from __future__ import annotations

import ast
import copy
import dataclasses
import importlib
import pickle
import typing

import pytest

from nbc import _build, _compiled

# a value of each field type the classes declare, for their required arguments
_SAMPLES = {"str": "x", "int": 1, "bool": True, "list": [], "dict": {}, "tuple": ()}


def _own_init_classes() -> list[type]:
    found = []
    for name in _compiled.MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and value.__module__ == name
                and dataclasses.is_dataclass(value)
                and not value.__dataclass_params__.init  # type: ignore[attr-defined]
            ):
                found.append(value)
    return found


def _sample(field: dataclasses.Field) -> object:
    declared = field.type  # a string in source, the type itself in a compiled module
    if not isinstance(declared, str):
        declared = getattr(typing.get_origin(declared) or declared, "__name__", str(declared))
    kind = declared.split("[", 1)[0].split(" ", 1)[0]
    if kind not in _SAMPLES:
        raise AssertionError(f"no sample value for field {field.name}: {field.type}")
    return _SAMPLES[kind]


def _init_params(cls: type) -> list[tuple[str, object]]:
    """The parameters of `cls.__init__` as its source writes them (a compiled `__init__`
    shows no signature): each name and its default (`dataclasses.MISSING`: none)."""
    tree = ast.parse(_build.sources()[cls.__module__].read_text())
    klass = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    init = next(n for n in klass.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    args = init.args.args[1:]
    defaults = [dataclasses.MISSING] * (len(args) - len(init.args.defaults))
    defaults += [ast.literal_eval(d) for d in init.args.defaults]
    return [(a.arg, d) for a, d in zip(args, defaults, strict=True)]


def test_the_hot_classes_write_their_own_init():
    names = {cls.__qualname__ for cls in _own_init_classes()}
    assert {"Choice", "Prompt", "Event", "Action", "Ask", "Frame", "Trigger", "Slot", "Player"} <= names


@pytest.mark.parametrize("cls", _own_init_classes(), ids=lambda cls: f"{cls.__module__}.{cls.__qualname__}")
def test_own_init_matches_the_fields(cls):
    fields = dataclasses.fields(cls)
    taken = [f for f in fields if f.init]
    params = _init_params(cls)
    assert [name for name, _ in params] == [f.name for f in taken]
    for (_, default), field in zip(params, taken, strict=True):
        if field.default is not dataclasses.MISSING:
            assert default == field.default, field.name
        elif field.default_factory is not dataclasses.MISSING:
            assert default is None, f"{field.name}: None stands for a new {field.default_factory}"
        else:
            assert default is dataclasses.MISSING, field.name
    # made with its required arguments only, every other field holds its default
    made = cls(*[_sample(f) for f in taken if f.default is f.default_factory is dataclasses.MISSING])
    for field in fields:
        if field.default is not dataclasses.MISSING:
            assert getattr(made, field.name) == field.default, field.name
        elif field.default_factory is not dataclasses.MISSING:
            assert getattr(made, field.name) == field.default_factory(), field.name
    # two made alike are equal, as dataclasses compare, and copies are equal too
    assert made == cls(*[_sample(f) for f in taken if f.default is f.default_factory is dataclasses.MISSING])
    assert copy.deepcopy(made) == made
    assert copy.copy(made) == made
    assert pickle.loads(pickle.dumps(made)) == made
