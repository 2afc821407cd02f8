"""The Christmas Town expansion of the TCG, as its own plugin (variant `tcg/christmas-town`).

It implements the TCG's expansion hooks (`nbc.plugins.tcg.hooks`): the hook
implementations live in `rules.py`, the custom card effects in `effects.py`, the cards
and ready decks in `data/`. Disable it with `NBC_DISABLE_PLUGINS=christmas_town`.
"""

from __future__ import annotations

from pathlib import Path

from nbc.core.game import Variant
from nbc.core.hookspecs import hookimpl
from nbc.plugins.christmas_town import effects  # noqa: F401  (registers the custom effects)
from nbc.plugins.christmas_town.rules import (  # noqa: F401  (the hook implementations)
    CHRISTMAS_TOWN,
    KEYWORDS,
    tcg_adjust_cost,
    tcg_check_deck,
    tcg_event,
    tcg_failed_search,
    tcg_locale_active,
    tcg_locale_placements,
    tcg_may_move,
    tcg_may_play_character,
    tcg_more_actions,
    tcg_price_cuts,
    tcg_search_bonus,
    tcg_set_aside,
    tcg_shelter,
    tcg_tiebreak_threshold,
    tcg_view,
)

DATA = Path(__file__).parent / "data"
NAME = "christmas-town"
READY_DECKS = ("mrs-claus-pie-factory", "the-minion-engine")  # seats 1-2; further seats get the starters


@hookimpl
def tcg_expansion():  # type: ignore[no-untyped-def]
    from nbc.plugins.tcg.hooks import Expansion

    variant = Variant(
        NAME,
        "Christmas Town",
        description="the base game with the Christmas Town expansion: two Holiday Towns, Joy Thresholds, "
        "Bonuses and 136 more cards; 2 to 4 players",
        players=range(2, 5),
        options={"expansions": [NAME], "decks": list(READY_DECKS)},
    )
    return Expansion(
        name=NAME,
        variant=variant,
        sets=(NAME,),
        cards=DATA / "cards",
        decks=DATA / "decks",
        towns={"christmas": CHRISTMAS_TOWN},
        keywords=KEYWORDS,
    )


@hookimpl
def nbc_rulebooks():  # type: ignore[no-untyped-def]
    from pathlib import Path

    from nbc.core.game import Rulebook

    return [
        Rulebook(
            "christmas-town",
            "The TCG: Christmas Town expansion",
            Path(__file__).parent / "data" / "rules.toml",
            "tcg",
        )
    ]
