"""Dice as data: rolling, totals over faces, loading dice from TOML."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict
from pathlib import Path

import pytest

from nbc.core.cards import DataError
from nbc.core.dice import DiceError, Die, Face, d6, load_dice, roll_many, total
from nbc.core.rng import Rng
from nbc.core.serial import from_data

DATA = Path(__file__).parent / "data"


def test_d6_faces_carry_their_pips() -> None:
    die = d6()
    assert [face.values["pips"] for face in die.faces] == [1, 2, 3, 4, 5, 6]
    assert die.face(5).label == "6"


def test_rolls_are_face_indexes_covering_every_face() -> None:
    rolls = roll_many(d6(), 600, Rng(3))
    assert set(rolls) == set(range(6))
    assert min(Counter(rolls).values()) > 60  # roughly even, not stuck on some faces


def test_rolls_repeat_for_a_seed_and_differ_between_seeds() -> None:
    assert roll_many(d6(), 20, Rng(9)) == roll_many(d6(), 20, Rng(9))
    assert roll_many(d6(), 20, Rng(9)) != roll_many(d6(), 20, Rng(10))


def test_total_sums_one_value_and_counts_missing_values_as_zero() -> None:
    die = Die("challenge", [Face("hit", {"successes": 1}), Face("blank"), Face("crit", {"successes": 2})])
    assert total(die, [0, 1, 2, 0], "successes") == 4
    assert total(die, [1, 1], "successes") == 0
    assert total(d6(), [0, 5], "pips") == 7


def test_bad_face_index_is_refused() -> None:
    with pytest.raises(DiceError, match="die 'd6' has faces 0..5, not 6"):
        d6().face(6)
    with pytest.raises(DiceError):
        total(d6(), [-1], "pips")


def test_a_die_needs_faces() -> None:
    with pytest.raises(DiceError, match="die 'empty' has no faces"):
        Die("empty", [])


def test_load_dice_from_toml() -> None:
    dice = load_dice(DATA / "dice.toml")
    challenge = dice["challenge"]
    assert [face.label for face in challenge.faces] == ["hit", "hit"] + ["blank"] * 4
    assert total(challenge, range(6), "successes") == 2


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "dice.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_die_without_faces_is_a_data_error(tmp_path: Path) -> None:
    path = write(tmp_path, '[[die]]\nname = "empty"\n')
    with pytest.raises(DataError) as caught:
        load_dice(path)
    assert str(caught.value) == (
        f"{path}: die 'empty', field 'face': expected a value (the field is required), found nothing"
    )


def test_empty_face_list_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="die 'empty', field 'face': expected at least 1 entry"):
        load_dice(write(tmp_path, '[[die]]\nname = "empty"\nface = []\n'))


def test_non_integer_face_value_names_die_face_and_value(tmp_path: Path) -> None:
    text = '[[die]]\nname = "odd"\n[[die.face]]\nlabel = "x"\nvalues = { successes = "one" }\n'
    with pytest.raises(DataError) as caught:
        load_dice(write(tmp_path, text))
    assert "die 'odd', field 'face[0].values.successes': expected an integer, found 'one'" in (
        str(caught.value)
    )


def test_unknown_face_field_is_refused(tmp_path: Path) -> None:
    text = '[[die]]\nname = "odd"\n[[die.face]]\nlabel = "x"\nvalue = 1\n'
    with pytest.raises(DataError, match="field 'face\\[0\\].value': unknown field .*label, values"):
        load_dice(write(tmp_path, text))


def test_die_survives_a_json_round_trip() -> None:
    die = load_dice(DATA / "dice.toml")["challenge"]
    data = json.loads(json.dumps(asdict(die)))
    assert from_data(Die, data) == die
    assert Die(data["name"], [Face(**face) for face in data["faces"]]) == die
