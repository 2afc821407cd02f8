"""The vocabulary of abilities, traits, items and statuses, and the data read with it.

Card data lives in ``data/*.toml``; each ability is a list of steps, each step one
small primitive (`Step.op`). The interpreter of the steps is in rules.py
(`run_steps`), because steps move pieces, make challenges and grant actions, which
are the round's own rules. Traits are named hooks the rules call at fixed moments
(`TRAITS` lists which moment each trait answers); their numbers are data.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from nbc.core.cards import SLUG, DataModel, load_table
from nbc.core.dice import Die, load_dice
from nbc.core.grid import Grid

DATA = Path(__file__).parent / "data"

Op = Literal[
    "challenge",
    "move",
    "give-status",
    "place-minion",
    "grant-action",
    "shift-cooldown",
    "oogie-roll",
    "pull-ally",
    "animate",
]
BASIC_ACTIONS = ("move", "challenge", "assist", "interact")


class Step(DataModel):
    """One primitive of an ability (see data/characters.toml for each op's meaning)."""

    op: Op
    dice: int = Field(default=0, ge=0, le=8)
    range: int = Field(default=0, ge=0, le=12)
    reach: int = Field(default=0, ge=0, le=12)
    targets: Literal["one", "each-adjacent-standing"] = "one"
    extra_vs_exhausted: int = Field(default=0, ge=0, le=4)
    squares: int = Field(default=0, ge=0, le=6)
    status: str = ""
    minion: str = ""
    teleport: bool = False
    who: Literal["self", "minion", "chosen"] = "self"
    exclude: list[Literal["move", "challenge", "assist", "interact"]] = Field(default_factory=list)
    different: bool = False
    count: int = Field(default=0, ge=0, le=4)
    by: int = Field(default=1, ge=1, le=4)
    threshold: int = Field(default=0, ge=0, le=12)
    then: int = Field(default=0, ge=0, le=8)
    animates: list[Literal["point-marker", "triumph-marker"]] = Field(default_factory=list)


class Ability(DataModel):
    id: str = Field(pattern=SLUG)
    name: str = Field(min_length=1)
    token: Literal["blue", "gold", "silver"]
    cost: int = Field(ge=0, le=6)
    challenge_action: bool = False
    text: str = Field(min_length=1)
    steps: list[Step] = Field(min_length=1)


class Trait(DataModel):
    id: Literal["long-stride", "rag-doll", "gamblin-boogie-man", "mad-scientist"]
    name: str
    text: str
    move: int = 0
    within: int = 0
    threshold: int = 0


class Card(DataModel):
    """A character card (full or basic), a minion token or the companion's card."""

    id: str = Field(pattern=SLUG)
    name: str = Field(min_length=1)
    kind: Literal["character", "basic", "minion", "companion"]
    defense: int = Field(ge=0, le=6)
    tokens: list[Literal["blue", "gold", "silver"]] = Field(default_factory=list)
    trait: Trait | None = None
    ability: list[Ability] = Field(default_factory=list)
    minion: str = ""
    actions: list[Literal["move", "challenge", "assist", "interact"]] = Field(default_factory=list)
    move: int = 0
    authored: list[str] = Field(default_factory=list)


class ItemCard(DataModel):
    id: str = Field(pattern=SLUG)
    name: str
    kind: Literal["item", "status"]
    text: str
    authored: list[Literal["name", "text", "cost", "move", "extra_dice", "cost_change"]]
    cost: int = 0
    move: int = 0
    extra_dice: int = 0
    cost_change: int = 0


class ScenarioCard(DataModel):
    id: str = Field(pattern=SLUG)
    name: str
    map: str
    text: str = Field(min_length=1)
    markers: list[Literal["A", "B", "C", "D"]]
    goal: int = Field(ge=1)
    goal_large: int = Field(ge=1)
    immediate: bool = False
    leader_bonus: int = 0
    triumph_points: int = 0
    adjacent_points: int = 0
    authored: list[
        Literal[
            "name",
            "text",
            "map",
            "markers",
            "goal",
            "goal_large",
            "leader_bonus",
            "triumph_points",
            "adjacent_points",
        ]
    ]


class MapCard(DataModel):
    id: str = Field(pattern=SLUG)
    name: str
    file: str
    text: str = Field(min_length=1)
    authored: list[Literal["name", "text", "layout"]]


class ComponentCard(DataModel):
    """A component shown on its own: the dice."""

    id: str = Field(pattern=SLUG)
    name: str
    kind: Literal["die"]
    copies: int = Field(ge=1)
    text: str = Field(min_length=1)
    authored: list[Literal["name", "text", "faces"]]


CARDS: dict[str, Card] = load_table(DATA / "characters.toml", Card, "character")
ITEMS: dict[str, ItemCard] = load_table(DATA / "items.toml", ItemCard, "item")
SCENARIOS: dict[str, ScenarioCard] = load_table(DATA / "scenarios.toml", ScenarioCard, "scenario")
MAP_CARDS: dict[str, MapCard] = load_table(DATA / "maps.toml", MapCard, "map")
COMPONENTS: dict[str, ComponentCard] = load_table(DATA / "components.toml", ComponentCard, "component")
DICE: dict[str, Die] = load_dice(DATA / "dice.toml")
CHALLENGE_DIE = DICE["challenge"]
OOGIE_DIE = DICE["oogie"]
ABILITIES: dict[str, Ability] = {f"{c.id}/{a.id}": a for c in CARDS.values() for a in c.ability}

HEROES = [c.id for c in CARDS.values() if c.kind == "character"]
BASICS = [c.id for c in CARDS.values() if c.kind == "basic"]
# What a side may bring besides its characters: an item (held) or a companion (attached).
GEAR = tuple(i.id for i in ITEMS.values() if i.kind == "item") + tuple(
    c.id for c in CARDS.values() if c.kind == "companion"
)


def map_text(name: str) -> str:
    """The drawing of a map side, as stored."""
    return (DATA / MAP_CARDS[name].file).read_text()


@cache
def grid(name: str) -> Grid:
    """The parsed grid of a map side (parsed once per process)."""
    return Grid.parse(map_text(name))


def trait_of(piece_id: str) -> str:
    card = CARDS[piece_id]
    return card.trait.id if card.trait else ""


CARD_FIELDS = ("name", "defense", "tokens", "move", "actions")
TRAIT_FIELDS = ("name", "text", "move", "within", "threshold")
ABILITY_FIELDS = ("name", "text", "token", "cost", "animates")


def authored_names(card: Card) -> set[str]:
    """Every name a character card's `authored` list may use (see characters.toml)."""
    names = set(CARD_FIELDS)
    if card.trait is not None:
        names |= {"trait"} | {f"trait.{f}" for f in TRAIT_FIELDS}
    for ability in card.ability:
        names |= {ability.id} | {f"{ability.id}.{f}" for f in ABILITY_FIELDS}
    return names


def _check() -> None:
    """Cross-references in the data, checked at import: a broken file fails loudly."""
    problems = []
    for card in CARDS.values():
        unknown = sorted(set(card.authored) - authored_names(card))
        if unknown:
            problems.append(f"{card.id}: authored names {unknown} are no part of the card")
        if card.minion and CARDS.get(card.minion) is None:
            problems.append(f"{card.id}: unknown minion {card.minion!r}")
        for ability in card.ability:
            if ability.token not in card.tokens:
                problems.append(f"{card.id}/{ability.id}: token {ability.token} not in the card's tokens")
            for step in ability.steps:
                if step.op == "give-status" and step.status not in ITEMS:
                    problems.append(f"{card.id}/{ability.id}: unknown status {step.status!r}")
                if step.op == "place-minion" and step.minion != card.minion:
                    problems.append(f"{card.id}/{ability.id}: minion {step.minion!r} is not the card's")
                if (step.op == "animate") != bool(step.animates):
                    problems.append(f"{card.id}/{ability.id}: only an animate step names what it animates")
    for scenario in SCENARIOS.values():
        if scenario.map not in MAP_CARDS:
            problems.append(f"scenario {scenario.id}: unknown map {scenario.map!r}")
    if problems:
        raise ValueError("funkoverse data: " + "; ".join(problems))


_check()
