"""Card definitions from TOML, their error messages, and opaque instance ids."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Literal

import pytest
from pydantic import Field

from nbc.core.cards import (
    CardDef,
    DataError,
    DataModel,
    load_card_dir,
    load_cards,
    make_instances,
)
from nbc.core.rng import Rng

DATA = Path(__file__).parent / "data"


class Effect(DataModel):
    kind: Literal["draw", "gain"]
    amount: int = 1


class TestCard(CardDef):
    __test__ = False  # a model, not a test class

    cost: int = Field(ge=0)
    effects: list[Effect] = []


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def error_for(path: Path) -> str:
    with pytest.raises(DataError) as caught:
        load_cards(path, TestCard)
    return str(caught.value)


# -- loading good data -----------------------------------------------------------------


def test_cards_load_in_file_order_keyed_by_id() -> None:
    cards = load_cards(DATA / "cards.toml", TestCard)
    assert list(cards) == ["jack-1", "sally-1", "zero-1"]
    assert cards["sally-1"].effects == [Effect(kind="draw", amount=1)]
    assert cards["jack-1"].cost == 3


def test_card_definitions_are_immutable() -> None:
    card = load_cards(DATA / "cards.toml", TestCard)["jack-1"]
    with pytest.raises(ValueError):
        card.cost = 9  # type: ignore[misc]


# -- error messages --------------------------------------------------------------------


def test_wrong_type_names_file_card_field_found_and_expected(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.toml", '[[card]]\nid = "jack-1"\nname = "Jack"\ncost = "x"\n')
    assert error_for(path) == (f"{path}: card 'jack-1', field 'cost': expected an integer, found 'x'")


def test_values_are_not_coerced(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.toml", '[[card]]\nid = "a"\nname = "A"\ncost = "3"\n')
    assert "field 'cost': expected an integer, found '3'" in error_for(path)


def test_card_without_id_is_named_by_position(tmp_path: Path) -> None:
    text = '[[card]]\nid = "a"\nname = "A"\ncost = 1\n\n[[card]]\nname = "B"\ncost = -1\n'
    message = error_for(write(tmp_path, "cards.toml", text))
    assert "card #2, field 'id': expected a value (the field is required), found nothing" in (message)
    assert "card #2, field 'cost': expected a value greater than or equal to 0, found -1" in (message)


def test_unknown_field_lists_the_allowed_ones(tmp_path: Path) -> None:
    text = '[[card]]\nid = "a"\nname = "A"\ncost = 1\ncots = 2\n'
    message = error_for(write(tmp_path, "cards.toml", text))
    assert "card 'a', field 'cots': unknown field (value 2)" in message
    assert "allowed fields: id, name, cost, effects" in message


def test_nested_errors_name_the_path_inside_the_card(tmp_path: Path) -> None:
    text = (
        '[[card]]\nid = "a"\nname = "A"\ncost = 1\n'
        'effects = [{ kind = "drw" }, { kind = "draw", amount = true, extra = 1 }]\n'
    )
    message = error_for(write(tmp_path, "cards.toml", text))
    assert "field 'effects[0].kind': expected 'draw' or 'gain', found 'drw'" in message
    assert "field 'effects[1].amount': expected an integer, found true" in message
    assert "field 'effects[1].extra': unknown field (value 1); allowed fields: kind, amount" in (message)


def test_id_must_be_a_slug(tmp_path: Path) -> None:
    message = error_for(write(tmp_path, "c.toml", '[[card]]\nid = "Jack 1"\nname = "J"\ncost = 1\n'))
    assert "card 'Jack 1', field 'id': expected text matching" in message


def test_every_problem_in_a_file_is_reported_at_once(tmp_path: Path) -> None:
    text = '[[card]]\nid = "a"\nname = "A"\n\n[[card]]\nid = "b"\nname = 5\ncost = 1\n'
    with pytest.raises(DataError) as caught:
        load_cards(write(tmp_path, "cards.toml", text), TestCard)
    assert len(caught.value.problems) == 2


def test_duplicate_id_in_one_file(tmp_path: Path) -> None:
    card = '[[card]]\nid = "jack-1"\nname = "Jack"\ncost = 1\n'
    message = error_for(write(tmp_path, "cards.toml", card + card))
    assert "card 'jack-1' (card #2): duplicate id; card #1 already uses it" in message


def test_duplicate_id_counts_even_when_the_first_copy_is_invalid(tmp_path: Path) -> None:
    text = '[[card]]\nid = "a"\nname = "A"\n\n[[card]]\nid = "a"\nname = "A"\ncost = 1\n'
    assert "duplicate id" in error_for(write(tmp_path, "cards.toml", text))


def test_toml_syntax_error_gives_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.toml", '[[card]]\nid = "a"\nname = \n')
    message = error_for(path)
    assert message.startswith(f"{path}: not valid TOML")
    assert "line 3" in message


def test_misspelt_table_is_refused_not_ignored(tmp_path: Path) -> None:
    text = '[[card]]\nid = "a"\nname = "A"\ncost = 1\n\n[[crad]]\nid = "b"\n'
    assert "unknown top-level key 'crad'; expected only [[card]] tables" in error_for(
        write(tmp_path, "cards.toml", text)
    )


def test_single_table_instead_of_array_is_refused(tmp_path: Path) -> None:
    message = error_for(write(tmp_path, "cards.toml", '[card]\nid = "a"\n'))
    assert "expected an array of tables written [[card]], found a table" in message


def test_missing_file_is_a_data_error(tmp_path: Path) -> None:
    assert "file not found" in error_for(tmp_path / "nope.toml")


def test_other_table_names(tmp_path: Path) -> None:
    path = write(tmp_path, "t.toml", '[[treasure]]\nid = "t"\nname = "T"\ncost = "x"\n')
    with pytest.raises(DataError, match="treasure 't', field 'cost'"):
        load_cards(path, TestCard, table="treasure")


# -- folders ---------------------------------------------------------------------------


def test_card_dir_merges_files(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", '[[card]]\nid = "a"\nname = "A"\ncost = 1\n')
    write(tmp_path, "b.toml", '[[card]]\nid = "b"\nname = "B"\ncost = 2\n')
    write(tmp_path, "notes.txt", "not a card file")
    assert list(load_card_dir(tmp_path, TestCard)) == ["a", "b"]


def test_duplicate_id_across_files_names_both_files(tmp_path: Path) -> None:
    first = write(tmp_path, "a.toml", '[[card]]\nid = "jack-1"\nname = "A"\ncost = 1\n')
    second = write(tmp_path, "b.toml", '[[card]]\nid = "jack-1"\nname = "B"\ncost = 2\n')
    with pytest.raises(DataError) as caught:
        load_card_dir(tmp_path, TestCard)
    assert str(caught.value) == (f"{second}: card 'jack-1': duplicate id; already defined in {first}")


def test_card_dir_reports_problems_from_every_file(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", '[[card]]\nid = "a"\nname = "A"\ncost = "1"\n')
    write(tmp_path, "b.toml", '[[card]]\nid = "b"\nname = "B"\n')
    with pytest.raises(DataError) as caught:
        load_card_dir(tmp_path, TestCard)
    assert [p.split(":")[0] for p in caught.value.problems] == [
        str(tmp_path / "a.toml"),
        str(tmp_path / "b.toml"),
    ]


def test_empty_card_dir_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no .toml files"):
        load_card_dir(tmp_path, TestCard)


# -- instances -------------------------------------------------------------------------


def test_instances_cover_every_card_once() -> None:
    defs = ["jack-1", "jack-1", "sally-1", "zero-1"]
    instances = make_instances(defs, Rng(1))
    assert sorted(instances) == ["c1", "c2", "c3", "c4"]
    assert Counter(instances.values()) == Counter(defs)


def test_instances_are_deterministic_for_a_seed() -> None:
    defs = [f"card-{i}" for i in range(20)]
    assert make_instances(defs, Rng(7)) == make_instances(defs, Rng(7))


def test_instance_ids_do_not_reveal_the_card() -> None:
    defs = [f"card-{i}" for i in range(20)]
    first, second = make_instances(defs, Rng(1)), make_instances(defs, Rng(2))
    assert first != second
    # nor do they follow the order of the list they came from
    assert list(first.values()) != defs


def test_instances_added_later_do_not_collide() -> None:
    early = make_instances(["a", "b"], Rng(1))
    late = make_instances(["c"], Rng(1), start=len(early) + 1)
    assert list(late) == ["c3"]


def test_plain_copy_reads_like_the_model():
    from nbc.core.cards import CardDef, DataModel, plain_copy

    class Part(DataModel):
        label: str

    class Thing(CardDef):
        number: int = 0
        parts: list[Part] = Field(default_factory=list)
        table: dict[str, int] = Field(default_factory=dict)

        @property
        def doubled(self) -> int:
            return 2 * self.number

    model = Thing(id="a-thing", name="A Thing", number=3, parts=[Part(label="x")], table={"k": 1})
    twin = plain_copy(model)
    assert (twin.id, twin.name, twin.number, twin.doubled, twin.table) == (
        "a-thing",
        "A Thing",
        3,
        6,
        {"k": 1},
    )
    assert twin.parts[0].label == "x" and not isinstance(twin.parts[0], DataModel)
    assert "a-thing" in repr(twin)
    with pytest.raises(AttributeError):
        twin.colour  # noqa: B018 - only the model's fields exist
