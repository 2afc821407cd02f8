"""Hooks Munchkin offers other packages (added to the host with `nbc_add_hookspecs`).

A card set is a folder of `[[card]]` TOML files, in the base cards' format, read by the
same loader and model (`cards.MunchkinCard`). A plugin names its set in
`munchkin_card_set`; a match shuffles it in only when its `sets` option names it (or
when the set's own variant is played). Card sets say everything in the card data: their
cards use the effect vocabulary of the base cards (the kinds, numbers and effect ops of
`cards.py`), and no Python runs for them. docs/games/munchkin.md ("Card sets") describes
the format and the checks a set must pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pluggy

from nbc.core.game import Variant

hookspec = pluggy.HookspecMarker("nbc")


@dataclass(frozen=True, slots=True)
class CardSet:
    """What a card set brings: its `name` (lowercase letters, digits and dashes, as the
    `sets` option names it; recorded on each of its cards as `card_set`), its `title`
    (the catalogue shows it as the set of its cards), the folder of its card files, and
    optionally a `variant` of Munchkin that plays with it (whose options name the set in
    `sets`)."""

    name: str
    title: str
    cards: Path
    variant: Variant | None = None
    description: str = ""


@hookspec
def munchkin_card_set() -> CardSet:
    """Describe the card set this plugin adds to Munchkin (see `CardSet`)."""
