"""Card sets from other packages (`hooks.munchkin_card_set`): reading a set's folder of
card files with the base cards' loader and model, checking it against the cards already
known, and registering its cards with the rules, the view and the bot.

A set with any problem is left out whole, with every problem named (file, card, field);
the base game and the other sets do not change. Registered cards join `cards.ALL`
(`cards.CARDS` stays the base pool), `cards.PLAIN` and the tables read by definition
id, once per process: a card id belongs to one set (or the base pool) for as long as
the process runs, so the ids of every set ever loaded stay unique. A match holds a
set's cards only when its `sets` option names the set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from nbc.core.cards import DataError, load_cards, plain_copy
from nbc.plugins.munchkin import bot, rules, view
from nbc.plugins.munchkin.cards import ALL, CARDS, PLAIN, MunchkinCard
from nbc.plugins.munchkin.hooks import CardSet

SET_NAME = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
MAX_COPIES = 10  # as the `cards` option allows


@dataclass(frozen=True, slots=True)
class LoadedSet:
    """A card set that passed its checks: what its plugin said, and its cards (each with
    `card_set` set to the set's name), in file order."""

    info: CardSet
    cards: dict[str, MunchkinCard]


def _owner(card: MunchkinCard) -> str:
    return f"card set '{card.card_set}'" if card.card_set else "the base cards"


def load_set(info: object, others: dict[str, LoadedSet]) -> LoadedSet:
    """Read and check a card set; raises `DataError` listing every problem. `others` are
    the sets already taken in by this game (their names and card names must differ)."""
    if not isinstance(info, CardSet):
        raise DataError(f"munchkin_card_set returned {type(info).__name__}, not a CardSet")
    if not isinstance(info.name, str) or not SET_NAME.match(info.name):
        raise DataError(
            f"card set name {info.name!r}: use lowercase letters, digits and dashes, "
            "starting with a letter, at most 40 characters"
        )
    if info.name in others:
        raise DataError(f"card set '{info.name}': another plugin already adds a card set of that name")
    if not isinstance(info.title, str) or not info.title.strip():
        raise DataError(f"card set '{info.name}': give it a title")
    folder = Path(info.cards)
    files = sorted(folder.glob("*.toml")) if folder.is_dir() else []
    if not files:
        raise DataError(f"card set '{info.name}': {folder}: no .toml card files found")
    names = {c.name: c for c in CARDS.values()}
    for other in others.values():
        names.update({c.name: c for c in other.cards.values()})
    problems: list[str] = []
    found: dict[str, MunchkinCard] = {}
    source: dict[str, Path] = {}
    for file in files:
        try:
            cards = load_cards(file, MunchkinCard)
        except DataError as error:
            problems.extend(error.problems)
            continue
        for card_id, card in cards.items():
            where = f"{file}: card '{card_id}'"
            before = len(problems)
            if card.card_set:
                problems.append(f"{where}, field 'card_set': set from the card set's name; leave it out")
            if card_id in found:
                problems.append(f"{where}, field 'id': duplicate id; already defined in {source[card_id]}")
            elif card_id in ALL and ALL[card_id].card_set != info.name:
                problems.append(f"{where}, field 'id': already the id of a card of {_owner(ALL[card_id])}")
            if card.name in names and names[card.name].id != card_id:
                problems.append(
                    f"{where}, field 'name': {card.name!r} already names a card of {_owner(names[card.name])}"
                )
            if card.copies > MAX_COPIES:
                problems.append(f"{where}, field 'copies': {card.copies}; give 1 to {MAX_COPIES}")
            if len(problems) == before:
                found[card_id] = card.model_copy(update={"card_set": info.name})
                source[card_id] = file
                names[card.name] = found[card_id]
    if problems:
        raise DataError(problems)
    return LoadedSet(info, found)


def register(loaded: LoadedSet) -> None:
    """Make a checked set's cards known to the rules, the view and the bot (once per
    process; registering the same set again replaces its cards by their new reading)."""
    plain = {key: plain_copy(card) for key, card in loaded.cards.items()}
    ALL.update(loaded.cards)
    PLAIN.update(plain)
    rules.index_cards(plain)
    view.index_cards(plain)
    bot.BY_NAME.update({card.name: card for card in loaded.cards.values()})
