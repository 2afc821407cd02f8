"""The card data model: what a Munchkin card's TOML table may say.

No public card list of the set exists, so every field of a card is either
`printed` (a public source gives it: the rulesheet, the publisher's announcement
of the set, a review that names the card) or `authored` (this engine chose it).
A card lists its printed fields in `printed`: its `name`, its `text` (when the
text says no more than the source does), its `copies`, and any of its numbers
(`catalogue_numbers`); every other field is authored. Effects (Bad Stuff,
Curses) are lists of `Effect`s, whose ops are run by `effects.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

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
    "lose_item",  # lose one Item of `slot` (the victim picks; "best": the biggest bonus it gives)
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
    printed: list[str] = []  # the fields a public source gives (see the module's docstring)
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
    # the card set it comes from ("": the base pool); set by the loader, never by a file
    card_set: str = ""

    @model_validator(mode="after")
    def _printed_fields_exist(self) -> MunchkinCard:
        known = provenance_fields(self)
        unknown = [f for f in self.printed if f not in known]
        if unknown:
            raise ValueError(
                f"printed lists {', '.join(unknown)}, which a {self.kind} card does not show; "
                f"it may list {', '.join(known)}"
            )
        return self


# The numbers each kind of card shows (see `catalogue_numbers`): always, or only when set.
SHOWN: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "monster": (("level", "treasures", "levels"), ("tags", "vs_town", "run_away", "no_pursue", "level_only")),
    "curse": ((), ()),
    "enhancer": (("bonus", "extra_treasures"), ("make_undead",)),
    "citizenship": (("town",), ("bonus", "run_away", "gold")),
    "dual": ((), ()),
    "ride": (("bonus",), ("run_away",)),
    "ride-enhancer": (("bonus",), ("run_away",)),
    "wandering": ((), ()),
    "item": (("slot", "bonus", "gold"), ("town", "vs_tag", "vs_tag_bonus", "run_away")),
    "one-shot": (("use", "gold"), ("bonus", "max_level")),
    "level": ((), ()),
    "cheat": ((), ()),
}


def _shown(value: object) -> int | str | None:
    """A field's value as the catalogue shows it: numbers as they are, words as words,
    lists and town bonuses as short text."""
    if isinstance(value, bool):
        return "yes" if value else None
    if isinstance(value, int | str) or value is None:
        return value
    if isinstance(value, list):
        parts = [f"{v.town} {v.n:+d}" if isinstance(v, TownBonus) else str(v) for v in value]
        return ", ".join(parts) or None
    return str(value)


def catalogue_numbers(card: MunchkinCard) -> dict[str, int | str | None]:
    """The numbers (and short facts: slot, town, tags) a card shows, by field name."""
    always, when_set = SHOWN[card.kind]
    numbers = {name: _shown(getattr(card, name)) for name in always}
    for name in when_set:
        value = _shown(getattr(card, name))
        if value:
            numbers[name] = value
    return numbers


def provenance_fields(card: MunchkinCard) -> list[str]:
    """The fields whose provenance a card records: name, text, copies and its numbers."""
    return ["name", "text", "copies", *catalogue_numbers(card)]


def provenance(card: MunchkinCard) -> dict[str, str]:
    """`printed` or `authored`, for each of the card's provenance fields."""
    printed = set(card.printed)
    return {f: "printed" if f in printed else "authored" for f in provenance_fields(card)}


DATA = Path(__file__).parent / "data" / "cards"
# The base pool, in file order; it never changes.
CARDS: dict[str, MunchkinCard] = load_card_dir(DATA, MunchkinCard)
# Every card definition a match may hold: the base pool, then the cards of every card set
# loaded in this process (`sets.register`), whose ids are unique among them all.
ALL: dict[str, MunchkinCard] = dict(CARDS)
# Plain twins of the cards (a card set's join them), which the rules and the view read
# (see plain_copy: a field read costs a quarter of a pydantic model's).
PLAIN: dict[str, MunchkinCard] = {key: plain_copy(c) for key, c in CARDS.items()}
HAND_LIMIT = 5
