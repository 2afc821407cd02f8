"""The card data model: what a Munchkin card's TOML table may say.

Every card records where its numbers come from (`numbers`): `printed` when the
rulesheet gives them, `mixed` when only the fields listed in `printed` do, and
`authored` when this engine chose them (no public card list of the set exists).
Effects (Bad Stuff, Curses) are lists of `Effect`s, whose ops are run by
`effects.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from nbc.core.cards import CardDef, DataModel, load_card_dir, plain_copy

Town = Literal["halloween", "christmas", "easter", "thanksgiving"]
Tag = Literal["undead", "demon", "santa"]
Slot = Literal["head", "armor", "foot", "hand", "hands", "none"]
Kind = Literal[
    "monster",
    "curse",
    "enhancer",
    "citizenship",
    "dual",
    "ride",
    "ride-enhancer",
    "wandering",
    "item",
    "one-shot",
    "level",
    "cheat",
]
Op = Literal[
    "lose_levels",  # lose n levels (never below Level 1)
    "lose_item",  # lose one Item of `slot` (the victim picks; "best": biggest bonus)
    "lose_items",  # lose every Item of `slot` ("any": all Items)
    "lose_citizenship",  # lose one Citizenship (the victim picks)
    "lose_ride",  # lose the Ride and its Enhancers
    "discard_hand",  # discard the whole hand
    "lose_cards",  # discard n cards at random from the hand
    "death",  # die
    "next_combat",  # kept: -n in the victim's next combat
    "strength_penalty",  # kept (persistent): -n in every combat
    "run_penalty",  # kept (persistent): -n to every Run Away roll
]
Use = Literal["bonus", "run_away", "defeat", "defeat_keep", "take_discard", "draw_treasure", "remove_curse"]
KEPT_OPS = frozenset({"next_combat", "strength_penalty", "run_penalty"})


class Effect(DataModel):
    op: Op
    n: int = Field(default=1, ge=1)
    slot: Literal["head", "armor", "foot", "hand", "any", "best"] = "any"
    town: Town | None = None  # applies only to citizens of this town
    except_town: Town | None = None  # citizens of this town are spared


class TownBonus(DataModel):
    town: Town
    n: int


class MunchkinCard(CardDef):
    deck: Literal["door", "treasure"]
    kind: Kind
    numbers: Literal["printed", "mixed", "authored"]
    printed: list[str] = []
    text: str = Field(min_length=1)
    copies: int = Field(default=1, ge=1)
    # monsters
    level: int = Field(default=0, ge=0)
    treasures: int = Field(default=0, ge=0)
    levels: int = Field(default=1, ge=1, le=2)
    tags: list[Tag] = []
    vs_town: list[TownBonus] = []
    no_pursue: int = Field(default=0, ge=0)
    level_only: bool = False
    bad_stuff: list[Effect] = []
    # curses
    effects: list[Effect] = []
    # enhancers, rides, items, one-shots, citizenships
    bonus: int = 0
    run_away: int = 0
    extra_treasures: int = 0
    make_undead: bool = False
    slot: Slot = "none"
    gold: int = Field(default=0, ge=0)
    town: Town | None = None
    vs_tag: Tag | None = None
    vs_tag_bonus: int = 0
    use: Use | None = None
    max_level: int = Field(default=0, ge=0)


DATA = Path(__file__).parent / "data"
CARDS: dict[str, MunchkinCard] = load_card_dir(DATA, MunchkinCard)
# Plain twins of the cards, which the rules and the view read (see plain_copy: a field
# read costs a quarter of a pydantic model's).
PLAIN: dict[str, MunchkinCard] = {key: plain_copy(c) for key, c in CARDS.items()}
HAND_LIMIT = 5
