"""Oogie's Casino: an example card set for Munchkin (entry point `oogies-casino` in the
`nbc` group). The cards are in `cards/*.toml`, in the base cards' format; the set plays
in matches whose `sets` option names it, or in its own variant `munchkin/oogies-casino`."""

from pathlib import Path

from nbc.core.game import Variant
from nbc.core.hookspecs import hookimpl

NAME = "oogies-casino"
CARDS = Path(__file__).parent / "cards"


@hookimpl
def munchkin_card_set():
    # Imported here: the record comes from Munchkin, which declares the hook.
    from nbc.plugins.munchkin.hooks import CardSet

    variant = Variant(
        NAME,
        "Oogie's Casino",
        options={"sets": [NAME]},
        description="the base game with six cards from Oogie Boogie's lair shuffled in",
        players=range(3, 7),
    )
    return CardSet(name=NAME, title="Oogie's Casino", cards=CARDS, variant=variant)
