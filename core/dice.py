"""Dice as data: a die is a list of faces, and a face carries named integer values.

A plain d6 has faces valued {'pips': 1}..{'pips': 6}; a challenge die might have faces
worth {'successes': 1} or nothing at all. A roll is the index of the face that came up,
which keeps rolls small and easy to log; `total` adds up one value over several rolls.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import Field

from nbc.core.cards import SLUG, DataModel, load_table
from nbc.core.rng import Rng


class DiceError(ValueError):
    """A die was built or read wrongly."""


@dataclass(slots=True)
class Face:
    """One face of a die: what it shows, and the values it counts for (absent = 0)."""

    label: str
    values: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Die:
    """A named die with at least one face."""

    name: str
    faces: list[Face]

    def __post_init__(self) -> None:
        if not self.faces:
            raise DiceError(f"die '{self.name}' has no faces; a die needs at least one")

    def roll(self, rng: Rng) -> int:
        """Roll once; the result is the index of the face that came up."""
        return rng.below(len(self.faces))

    def face(self, index: int) -> Face:
        if not 0 <= index < len(self.faces):
            raise DiceError(f"die '{self.name}' has faces 0..{len(self.faces) - 1}, not {index}")
        return self.faces[index]


def d6() -> Die:
    """The ordinary six-sided die, faces valued {'pips': 1}..{'pips': 6}."""
    return Die("d6", [Face(str(pips), {"pips": pips}) for pips in range(1, 7)])


def roll_many(die: Die, n: int, rng: Rng) -> list[int]:
    """Roll the same die `n` times; face indexes in roll order."""
    if n < 0:
        raise DiceError(f"cannot roll die '{die.name}' {n} times")
    return [die.roll(rng) for _ in range(n)]


def total(die: Die, face_indexes: Iterable[int], key: str) -> int:
    """Sum value `key` over rolled faces, e.g. the successes in a challenge roll."""
    return sum(die.face(index).values.get(key, 0) for index in face_indexes)


# -- data files ------------------------------------------------------------------------


class _FaceData(DataModel):
    label: str = Field(min_length=1)
    values: dict[str, int] = Field(default_factory=dict)


class _DieData(DataModel):
    name: str = Field(pattern=SLUG)
    face: list[_FaceData] = Field(min_length=1)


def load_dice(path: str | Path) -> dict[str, Die]:
    """Read `[[die]]` tables, each with `[[die.face]]` tables, keyed by die name.

    ```toml
    [[die]]
    name = "challenge"
    [[die.face]]
    label = "hit"
    values = { successes = 1 }
    [[die.face]]
    label = "blank"
    ```
    """
    return {
        name: Die(name, [Face(f.label, dict(f.values)) for f in data.face])
        for name, data in load_table(path, _DieData, "die", key="name").items()
    }
