import enum
from dataclasses import dataclass, field

import pytest

from nbc.core.serial import SerialError, canonical_json, from_data, to_data


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(slots=True)
class Inner:
    name: str
    counts: dict[int, int] = field(default_factory=dict)


@dataclass(slots=True)
class Outer:
    items: list[Inner]
    colour: Colour
    maybe: int | None = None
    pair: tuple[int, str] = (0, "")
    tags: dict[str, list[str]] = field(default_factory=dict)


def test_round_trip_of_a_nested_state():
    value = Outer([Inner("a", {1: 2})], Colour.BLUE, None, (3, "x"), {"k": ["v"]})
    data = to_data(value)
    assert data["colour"] == "blue" and data["items"][0]["counts"] == {"1": 2}
    assert from_data(Outer, data) == value


def test_errors_name_the_path():
    data = to_data(Outer([Inner("a")], Colour.RED))
    data["items"][0]["name"] = 5
    with pytest.raises(SerialError, match=r"state.items\[0\].name"):
        from_data(Outer, data)
    data = to_data(Outer([], Colour.RED))
    data["extra"] = 1
    with pytest.raises(SerialError, match="unknown fields"):
        from_data(Outer, data)


def test_unsavable_values_are_refused():
    with pytest.raises(SerialError, match="cannot save"):
        to_data(object())


def test_canonical_json_is_order_independent():
    assert canonical_json({"b": 1, "a": 2}) == canonical_json({"a": 2, "b": 1})


def _dumps(data):
    import json

    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def test_canonical_json_writes_what_json_dumps_writes():
    class Level(enum.IntEnum):
        ONE = 1

    values = [
        None,
        True,
        0,
        -7,
        2**70,
        1.5,
        -0.0,
        1e100,
        float("nan"),
        float("inf"),
        "",
        'Sally\'s "patch" \\ \n \t \u00e9 \u2603 \U0001f383 \x00 \x1f',
        [],
        {},
        Level.ONE,
        {"b": [1, {"z": None, "a": [True, False]}], "a": "x", "é": 1},
        {3: "int keys", 1: "sorted as numbers"},
        {1.5: "a float key"},
        {True: "a bool key"},
        {None: "a None key"},
        [[[[[[["deep"]]]]]]],
        ("a", "tuple"),
    ]
    for value in values:
        assert canonical_json(value) == _dumps(value)


def test_canonical_json_fails_as_json_dumps_does():
    circular: list = []
    circular.append(circular)
    with pytest.raises(ValueError, match="Circular reference detected"):
        canonical_json({"a": circular})
    with pytest.raises(TypeError, match="Object of type set is not JSON serializable"):
        canonical_json({"a": {1, 2}})
    with pytest.raises(TypeError):
        canonical_json({1: "int", "a": "str"})  # keys that cannot be sorted together
