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


# --- the quick reading and writing give what the plain ones give ---------------------


@dataclass(slots=True)
class Node:
    label: str
    children: list["Node"] = field(default_factory=list)
    weight: float = 1.0
    note: str | None = None


@dataclass(slots=True)
class Mixed:
    either: int | str
    fixed: tuple[int, str]
    many: tuple[int, ...]
    keyed: dict[int, str]
    coloured: dict[Colour, int]
    unique: set[str]
    anything: object
    nodes: list[Node]
    nested: dict[str, list[Node]]


def _plain_to_data(obj):
    """to_data as it was written before dataclasses got their own functions."""
    import dataclasses

    from nbc.core.serial import _key

    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _plain_to_data(getattr(obj, f.name)) for f in dataclasses.fields(obj) if f.init}
    if isinstance(obj, list | tuple):
        return [_plain_to_data(item) for item in obj]
    if isinstance(obj, dict):
        return {_key(k): _plain_to_data(v) for k, v in obj.items()}
    return to_data(obj)


def _outcome(cls, data):
    from nbc.core.serial import _from_data

    results = []
    for read in (lambda: from_data(cls, data), lambda: _from_data(cls, data, "state")):
        try:
            value = read()
        except Exception as error:  # noqa: BLE001
            results.append(("error", type(error), str(error)))
        else:
            results.append(("value", type(value), value, repr(value)))
    return results


def test_the_quick_reading_agrees_with_the_plain_one():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 3),
        st.floats(allow_nan=False),
        st.sampled_from(["a", "red", "1"]),
    )
    json_data = st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.dictionaries(st.sampled_from(["a", "1", "red", "x"]), inner, max_size=3),
        ),
        max_leaves=12,
    )
    node = {"label": "n", "children": [{"label": "m", "weight": 2}], "weight": 1, "note": None}
    good = {
        "either": 3,
        "fixed": [1, "a"],
        "many": [1, 2],
        "keyed": {"1": "a"},
        "coloured": {"red": 1},
        "unique": ["a", "b"],
        "anything": {"k": [1]},
        "nodes": [node],
        "nested": {"k": [node]},
    }

    def edited(key):
        return st.builds(lambda v: {**good, key: v}, json_data)

    cases = st.one_of(
        json_data,
        st.just(good),
        st.sampled_from(list(good)).flatmap(edited),
        st.builds(lambda k: {key: v for key, v in good.items() if key != k}, st.sampled_from(list(good))),
    )

    @settings(max_examples=400, deadline=None)
    @given(cases)
    def check(data):
        for cls in (
            Mixed,
            Node,
            list[Node],
            dict[str, int],
            list[int],
            int | None,
            int | str,
            str | bool | None,
            float,
            Outer,
        ):
            quick, plain = _outcome(cls, data)
            assert quick == plain

    check()


def test_the_quick_writing_agrees_with_the_plain_one():
    value = Mixed(
        either="x",
        fixed=(1, "a"),
        many=(1, 2),
        keyed={1: "a"},
        coloured={Colour.RED: 1},
        unique={"b", "a"},
        anything={"k": (1, Colour.BLUE)},
        nodes=[Node("n", [Node("m", weight=2.0)], note="x")],
        nested={"k": [Node("p")]},
    )
    assert to_data(value) == _plain_to_data(value)
    assert canonical_json(to_data(value)) == canonical_json(_plain_to_data(value))
    assert to_data(from_data(Mixed, to_data(value))) == to_data(value)


def test_states_of_the_built_in_games_read_alike_both_ways():
    from nbc.core.game import Game
    from nbc.core.host import PluginHost
    from nbc.core.match import Match
    from nbc.core.playout import bot_step
    from nbc.core.rng import Rng
    from nbc.core.serial import _from_data

    host = PluginHost.load()
    for name, game in sorted(host.games.items()):
        variant = next(iter(game.variants))
        match = Match.new(game, variant, players=game.seat_counts(variant).start, seed=5)
        rng = Rng(5)
        while not match.over and match.seq < 150:
            data = to_data(match.state)
            assert data == _plain_to_data(match.state), name
            if type(game).load_state is Game.load_state:  # the game saves with this codec
                quick, plain = from_data(game.State, data), _from_data(game.State, data, "state")
                assert repr(quick) == repr(plain) and to_data(quick) == to_data(plain), name
            bot_step(match, rng)
