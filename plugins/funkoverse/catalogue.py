"""Every definition of the box as a client shows it, with each value's provenance:
`printed` where the sources give it, `authored` where the value is ours.

The data files name the authored values (`authored` lists, see data/characters.toml);
this module turns those names into `CatalogueCard`s (`Game.catalogue`), into the cards
a match view lists (`in_play`), and into text for people, where an authored value
carries `MARK` (the docs' tables, `nbc map show`). One reading of the marks serves all
of them, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from nbc.core.game import CatalogueCard
from nbc.plugins.funkoverse.effects import (
    CARDS,
    COMPONENTS,
    ITEMS,
    MAP_CARDS,
    SCENARIOS,
    Ability,
    Card,
    grid,
)

SET = "tnbc100"  # the box: Funkoverse Strategy Game, The Nightmare Before Christmas 100
MARK = "\N{DAGGER}"
LEGEND = f"{MARK} authored: our own value where the sources give none (the printed one was not available)"
PRINTED, AUTHORED = "printed", "authored"
KINDS = (
    "character",
    "basic",
    "minion",
    "companion",
    "trait",
    "ability",
    "item",
    "status",
    "scenario",
    "map",
    "die",
)


def marked(value: object, authored: bool) -> str:
    """A value as people read it: with `MARK` when it is authored."""
    return f"{value}{MARK}" if authored else str(value)


def _provenance(fields: Iterable[str], authored: set[str], whole: bool = False) -> dict[str, str]:
    return {f: AUTHORED if whole or f in authored else PRINTED for f in fields}


# -- one definition each ---------------------------------------------------------------------


def _character(card: Card) -> CatalogueCard:
    names = set(card.authored)
    numbers: dict[str, int | str | None] = {"defense": card.defense}
    if card.tokens:
        numbers["tokens"] = ", ".join(card.tokens)
    if card.move:
        numbers["move"] = card.move
    if card.actions:
        numbers["actions"] = ", ".join(card.actions)
    if card.kind == "character":
        parts = [f"Trait: {card.trait.name}." if card.trait else ""]
        parts.append("Abilities: " + ", ".join(a.name for a in card.ability) + ".")
        text = " ".join(p for p in parts if p)
        text_authored = bool(card.trait is not None and {"trait", "trait.name"} & names) or any(
            {a.id, f"{a.id}.name"} & names for a in card.ability
        )
    elif card.kind == "basic":
        text = (
            "Basic character: moves, challenges, assists, interacts and rallies; "
            "no abilities, traits or items."
        )
        text_authored = False
    elif card.kind == "minion":
        owner = next(c.name for c in CARDS.values() if c.minion == card.id)
        text = (
            f"Minion token of {owner}: acts only when given a basic action; removed, scoring "
            "nothing, when it loses a challenge."
        )
        text_authored = False
    else:
        text = (
            "Companion: joins one character; when that character takes a turn it does one action "
            "free, and one more for each action the character gives up."
        )
        text_authored = False
    provenance = _provenance(["name", *numbers], names)
    provenance["text"] = AUTHORED if text_authored else PRINTED
    provenance["copies"] = PRINTED
    return CatalogueCard(card.id, card.name, SET, card.kind, text, numbers, 1, provenance)


def _trait(card: Card) -> CatalogueCard:
    trait = card.trait
    assert trait is not None
    names = set(card.authored)
    whole = "trait" in names
    numbers: dict[str, int | str | None] = {
        n: getattr(trait, n) for n in ("move", "within", "threshold") if getattr(trait, n)
    }
    provenance = {
        f: AUTHORED if whole or f"trait.{f}" in names else PRINTED for f in ("name", "text", *numbers)
    }
    provenance["copies"] = PRINTED
    return CatalogueCard(
        f"{card.id}/{trait.id}", trait.name, SET, "trait", trait.text, numbers, None, provenance
    )


def _ability(card: Card, ability: Ability) -> CatalogueCard:
    names = set(card.authored)
    whole = ability.id in names
    numbers: dict[str, int | str | None] = {"token": ability.token, "cost": ability.cost}
    animates = [kind for step in ability.steps for kind in step.animates]
    if animates:
        numbers["animates"] = ", ".join(animates)
    provenance = {
        f: AUTHORED if whole or f"{ability.id}.{f}" in names else PRINTED for f in ("name", "text", *numbers)
    }
    provenance["copies"] = PRINTED
    key = f"{card.id}/{ability.id}"
    return CatalogueCard(key, ability.name, SET, "ability", ability.text, numbers, None, provenance)


def _item(item_id: str) -> CatalogueCard:
    item = ITEMS[item_id]
    numbers: dict[str, int | str | None] = {
        n: getattr(item, n) for n in ("cost", "move", "extra_dice", "cost_change") if getattr(item, n)
    }
    provenance = _provenance(["name", "text", *numbers], set(item.authored))
    provenance["copies"] = PRINTED
    return CatalogueCard(item.id, item.name, SET, item.kind, item.text, numbers, 1, provenance)


def _scenario(scenario_id: str) -> CatalogueCard:
    scenario = SCENARIOS[scenario_id]
    numbers: dict[str, int | str | None] = {
        "map": scenario.map,
        "markers": ", ".join(scenario.markers) or "none",
        "goal": scenario.goal,
        "goal_large": scenario.goal_large,
    }
    for n in ("leader_bonus", "triumph_points", "adjacent_points"):
        if getattr(scenario, n):
            numbers[n] = getattr(scenario, n)
    provenance = _provenance(["name", "text", *numbers], set(scenario.authored))
    provenance["copies"] = PRINTED
    copies = None if scenario.immediate else 1  # the first game is no card; each scenario is a card's side
    return CatalogueCard(
        scenario.id, scenario.name, SET, "scenario", scenario.text, numbers, copies, provenance
    )


def _map(map_id: str) -> CatalogueCard:
    card = MAP_CARDS[map_id]
    g = grid(map_id)
    areas = len({glyph for glyph in g.labels.values() if glyph in "rgyb"})
    numbers: dict[str, int | str | None] = {"width": g.width, "height": g.height, "starting_areas": areas}
    names = set(card.authored)
    provenance = {
        "name": AUTHORED if "name" in names else PRINTED,
        "text": AUTHORED if "text" in names else PRINTED,
        "copies": PRINTED,
        **{n: AUTHORED if "layout" in names else PRINTED for n in numbers},
    }
    return CatalogueCard(card.id, card.name, SET, "map", card.text, numbers, 1, provenance)


def _die(component_id: str) -> CatalogueCard:
    die = COMPONENTS[component_id]
    numbers: dict[str, int | str | None] = {"faces": 6}
    provenance = _provenance(["name", "text", "faces"], set(die.authored))
    provenance["copies"] = PRINTED
    return CatalogueCard(die.id, die.name, SET, die.kind, die.text, numbers, die.copies, provenance)


@cache
def catalogue() -> tuple[CatalogueCard, ...]:
    """Every definition, in the order a reader meets them: characters (each followed by
    its trait and abilities), basic characters, minions, the companion, items and
    statuses, scenarios, maps, dice."""
    out: list[CatalogueCard] = []
    for kind in ("character", "basic", "minion", "companion"):
        for card in CARDS.values():
            if card.kind != kind:
                continue
            out.append(_character(card))
            if card.trait is not None:
                out.append(_trait(card))
            out.extend(_ability(card, a) for a in card.ability)
    out += [_item(i) for i in ITEMS]
    out += [_scenario(s) for s in SCENARIOS]
    out += [_map(m) for m in MAP_CARDS]
    out += [_die(d) for d in COMPONENTS]
    return tuple(out)


@cache
def by_id() -> dict[str, CatalogueCard]:
    return {card.id: card for card in catalogue()}


def authored_fields(card: CatalogueCard) -> list[str]:
    """The fields of a catalogue card that are authored, in the card's order."""
    return [field for field, origin in card.provenance.items() if origin == AUTHORED]


def is_authored(card_id: str, field: str) -> bool:
    return by_id()[card_id].provenance.get(field) == AUTHORED


# -- what a match view lists -------------------------------------------------------------------


def _view_entry(card: CatalogueCard) -> tuple[Any, ...]:
    numbers = tuple((n, v, card.provenance.get(n) == AUTHORED) for n, v in card.numbers.items())
    return (card.id, card.kind, card.name, card.text, card.copies, numbers, tuple(authored_fields(card)))


@cache
def _entries_for(ids: tuple[str, ...]) -> tuple[tuple[Any, ...], ...]:
    return tuple(_view_entry(by_id()[i]) for i in ids)


def in_play(scenario: str, map_id: str, cards: Iterable[str]) -> list[dict[str, Any]]:
    """The definitions a match uses, for its view: the scenario, the map, the dice, and
    each card in `cards` (piece cards) with its trait, its abilities and the statuses
    they give; each with its numbers and its authored fields. Built afresh each time
    from entries made once per set of cards."""
    ids: list[str] = [scenario, map_id]
    for card_id in cards:
        if card_id in ids:
            continue
        ids.append(card_id)
        card = CARDS.get(card_id)
        if card is None:
            continue
        if card.trait is not None:
            ids.append(f"{card.id}/{card.trait.id}")
        for ability in card.ability:
            ids.append(f"{card.id}/{ability.id}")
            for step in ability.steps:
                if step.status and step.status not in ids:
                    ids.append(step.status)
    ids += [d for d in COMPONENTS if d not in ids]
    return [
        {
            "id": ident,
            "kind": kind,
            "name": name,
            "text": text,
            "copies": copies,
            "numbers": [{"name": n, "value": v, "authored": a} for n, v, a in numbers],
            "authored": list(authored),
        }
        for ident, kind, name, text, copies, numbers, authored in _entries_for(tuple(ids))
    ]


# -- text for people ---------------------------------------------------------------------------


def values(card: CatalogueCard) -> str:
    """A definition's numbers as people read them, authored ones marked."""
    return ", ".join(f"{n} {marked(v, card.provenance.get(n) == AUTHORED)}" for n, v in card.numbers.items())


def map_caption(map_id: str) -> list[str]:
    """What `nbc map show` prints around a map side's drawing: its values and its
    description above, the legend below when anything is authored."""
    card = by_id()[map_id]
    lines = [values(card), marked(card.text, card.provenance["text"] == AUTHORED)]
    return lines + ([LEGEND] if authored_fields(card) else [])


def pieces_table() -> str:
    """The docs' table of pieces and abilities, every authored value marked."""
    rows = [
        "| piece | defense | tokens | trait | abilities (token, cost) |",
        "|---|---|---|---|---|",
    ]
    for card in CARDS.values():
        entry = by_id()[card.id]
        name = marked(card.name, is_authored(card.id, "name"))
        defense = marked(card.defense, is_authored(card.id, "defense"))
        tokens = marked(", ".join(card.tokens), is_authored(card.id, "tokens")) if card.tokens else "-"
        if card.trait is not None:
            key = f"{card.id}/{card.trait.id}"
            trait = (
                f"{marked(card.trait.name, is_authored(key, 'name'))}: "
                f"{marked(card.trait.text, is_authored(key, 'text'))}"
            )
        elif card.kind == "companion":
            trait = (
                f"actions {marked(entry.numbers['actions'], is_authored(card.id, 'actions'))}, "
                f"move {marked(card.move, is_authored(card.id, 'move'))}"
            )
        else:
            trait = "-"
        abilities = []
        for ability in card.ability:
            key = f"{card.id}/{ability.id}"
            part = (
                f"{marked(ability.name, is_authored(key, 'name'))} "
                f"({marked(ability.token, is_authored(key, 'token'))} "
                f"{marked(ability.cost, is_authored(key, 'cost'))}): "
                f"{marked(ability.text, is_authored(key, 'text'))}"
            )
            if "animates" in by_id()[key].numbers:
                part += (
                    f" Animates: {marked(by_id()[key].numbers['animates'], is_authored(key, 'animates'))}."
                )
            abilities.append(part)
        rows.append(f"| {name} | {defense} | {tokens} | {trait} | {'<br>'.join(abilities) or '-'} |")
    return "\n".join(rows)


def others_table() -> str:
    """The docs' table of items, statuses, scenarios, maps and dice, marked alike."""
    rows = ["| kind | name | values | text |", "|---|---|---|---|"]
    for card in catalogue():
        if card.kind not in ("item", "status", "scenario", "map", "die"):
            continue
        name = marked(card.name, card.provenance["name"] == AUTHORED)
        text = marked(card.text, card.provenance["text"] == AUTHORED)
        rows.append(f"| {card.kind} | {name} | {values(card)} | {text} |")
    return "\n".join(rows)
