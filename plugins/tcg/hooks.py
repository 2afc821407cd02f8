"""Hooks the TCG offers its expansions (added to the host with `nbc_add_hookspecs`).

An expansion implements these with `nbc.core.hookspecs.hookimpl` and names itself in
`tcg_expansion`. The TCG calls an expansion's hooks only in matches whose variant
enables it (`State.expansions`), and not at all in a base game. Every hook receives the
rules object `g` (nbc.plugins.tcg.rules.Rules) and the state; hooks returning a value
are `firstresult`: the first expansion with an answer decides, `None` means "no opinion".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pluggy

from nbc.core.game import Variant

hookspec = pluggy.HookspecMarker("nbc")


@dataclass(frozen=True, slots=True)
class Expansion:
    """What an expansion brings: its name (as listed in the `expansions` option), the
    variant that enables it, the card sets it adds (the `set` of its cards), and
    folders of card data (`[[card]]` TOML) and ready decks (`[[starter]]` TOML)."""

    name: str
    variant: Variant
    sets: tuple[str, ...] = ()
    cards: Path | None = None
    decks: Path | None = None


@hookspec
def tcg_expansion() -> Expansion:
    """Describe the expansion this plugin implements (see `Expansion`)."""


@hookspec(firstresult=True)
def tcg_locale_active(g: Any, st: Any, seat: int, k: int) -> bool | None:
    """Whether Locale k of seat's row is Active (None: the base rule decides)."""


@hookspec(firstresult=True)
def tcg_may_play_character(g: Any, st: Any, seat: int, card: str, k: int) -> bool | None:
    """Whether seat may play Character `card` to Locale k of its row."""


@hookspec(firstresult=True)
def tcg_may_move(g: Any, st: Any, town: int, card: str, frm: int, to: int) -> bool | None:
    """Whether a Character may go from Locale `frm` to Locale `to` of that row."""


@hookspec
def tcg_function_performed(g: Any, st: Any, seat: int, locale: str) -> None:
    """A Function was performed (Bonuses that answer Functions queue their effects)."""


@hookspec
def tcg_search_bonus(g: Any, st: Any, seat: int) -> int:
    """Extra cards a Search by `seat` turns over."""


@hookspec(firstresult=True)
def tcg_failed_search(g: Any, st: Any, seat: int, frame: Any, shown: list[str]) -> str | None:
    """A card `seat` may keep from a Search that found nothing."""


@hookspec(firstresult=True)
def tcg_locale_placements(g: Any, st: Any, seat: int, card: str) -> list[tuple[str, str, int]] | None:
    """Where a new Locale may go: (choice id, label, row index) triples."""


@hookspec(firstresult=True)
def tcg_tiebreak_threshold(g: Any, st: Any, seat: int, k: int) -> int | None:
    """The threshold of an Active Locale counted for the second tie-break."""


@hookspec
def tcg_event(g: Any, st: Any, event: str, data: dict[str, Any]) -> None:
    """A game event happened (one of `rules.TRIGGER_EVENTS`, with the data triggers see):
    an expansion may queue triggers of its own (`st.triggers`), e.g. Locale Bonuses."""


@hookspec
def tcg_more_actions(g: Any, st: Any, seat: int) -> list[tuple[str, str, Any]]:
    """Extra options for seat's turn menu: (choice id, label, action) triples, where an
    action is `["use", card, j]` (ability j of a card, such as a Locale) like the menu's own."""


@hookspec(firstresult=True)
def tcg_adjust_cost(g: Any, st: Any, seat: int, card: str, price: int) -> int | None:
    """The price of playing `card` after the expansion's changes (None: unchanged)."""


@hookspec
def tcg_check_deck(deck: Any, defs: dict[str, Any], where: str) -> list[str]:
    """Problems with a deck list under the expansion's construction rules (each one a
    sentence naming what is wrong and what is allowed)."""


@hookspec(firstresult=True)
def tcg_slot_town(g: Any, st: Any, seat: int, k: int) -> str | None:
    """The town Locale k of seat's row belongs to (None: "halloweentown")."""


HOOKS = (
    "tcg_locale_active",
    "tcg_may_play_character",
    "tcg_may_move",
    "tcg_function_performed",
    "tcg_search_bonus",
    "tcg_failed_search",
    "tcg_locale_placements",
    "tcg_tiebreak_threshold",
    "tcg_event",
    "tcg_more_actions",
    "tcg_adjust_cost",
    "tcg_check_deck",
    "tcg_slot_town",
)


class ExpansionHooks:
    """Calls a hook on the expansions a match enables (`State.expansions`) and no others."""

    def __init__(self, pm: pluggy.PluginManager, plugin_of: dict[str, str]) -> None:
        self.pm = pm
        self.plugin_of = plugin_of  # expansion name -> plugin name
        self._callers: dict[tuple[tuple[str, ...], str], Any] = {}

    def caller(self, st: Any, hook: str) -> Any:
        return self.caller_for(tuple(st.expansions), hook)

    def caller_for(self, expansions: tuple[str, ...], hook: str) -> Any:
        key = (expansions, hook)
        found = self._callers.get(key)
        if found is None:
            enabled = {self.plugin_of[e] for e in expansions if e in self.plugin_of}
            others = [p for name, p in self.pm.list_name_plugin() if name not in enabled]
            found = self._callers[key] = self.pm.subset_hook_caller(hook, remove_plugins=others)
        return found

    def locale_active(self, g: Any, st: Any, seat: int, k: int) -> bool | None:
        return self.caller(st, "tcg_locale_active")(g=g, st=st, seat=seat, k=k)

    def may_play_character(self, g: Any, st: Any, seat: int, card: str, k: int) -> bool | None:
        return self.caller(st, "tcg_may_play_character")(g=g, st=st, seat=seat, card=card, k=k)

    def may_move(self, g: Any, st: Any, town: int, card: str, frm: int, to: int) -> bool | None:
        return self.caller(st, "tcg_may_move")(g=g, st=st, town=town, card=card, frm=frm, to=to)

    def function_performed(self, g: Any, st: Any, seat: int, locale: str) -> None:
        self.caller(st, "tcg_function_performed")(g=g, st=st, seat=seat, locale=locale)

    def search_bonus(self, g: Any, st: Any, seat: int) -> int:
        return sum(self.caller(st, "tcg_search_bonus")(g=g, st=st, seat=seat))

    def failed_search(self, g: Any, st: Any, seat: int, frame: Any, shown: list[str]) -> str | None:
        return self.caller(st, "tcg_failed_search")(g=g, st=st, seat=seat, frame=frame, shown=shown)

    def locale_placements(self, g: Any, st: Any, seat: int, card: str) -> list[tuple[str, str, int]] | None:
        return self.caller(st, "tcg_locale_placements")(g=g, st=st, seat=seat, card=card)

    def tiebreak_threshold(self, g: Any, st: Any, seat: int, k: int) -> int | None:
        return self.caller(st, "tcg_tiebreak_threshold")(g=g, st=st, seat=seat, k=k)

    def event(self, g: Any, st: Any, event: str, data: dict[str, Any]) -> None:
        self.caller(st, "tcg_event")(g=g, st=st, event=event, data=data)

    def more_actions(self, g: Any, st: Any, seat: int) -> list[tuple[str, str, Any]]:
        return [o for found in self.caller(st, "tcg_more_actions")(g=g, st=st, seat=seat) for o in found]

    def adjust_cost(self, g: Any, st: Any, seat: int, card: str, price: int) -> int | None:
        return self.caller(st, "tcg_adjust_cost")(g=g, st=st, seat=seat, card=card, price=price)

    def check_deck(
        self, expansions: tuple[str, ...], deck: Any, defs: dict[str, Any], where: str
    ) -> list[str]:
        found = self.caller_for(expansions, "tcg_check_deck")(deck=deck, defs=defs, where=where)
        return [problem for problems in found for problem in problems]

    def slot_town(self, g: Any, st: Any, seat: int, k: int) -> str | None:
        return self.caller(st, "tcg_slot_town")(g=g, st=st, seat=seat, k=k)
