"""Hooks the TCG offers its expansions (added to the host with `nbc_add_hookspecs`).

An expansion implements these with `nbc.core.hookspecs.hookimpl` and names itself in
`tcg_expansion`. The TCG calls an expansion's hooks only in matches whose variant
enables it (`State.expansions`), and not at all in a base game. Every hook receives the
rules object `g` (nbc.plugins.tcg.rules.Rules) and the state; hooks returning a value
are `firstresult`: the first expansion with an answer decides, `None` means "no opinion".
"""

from __future__ import annotations

from typing import Any

import pluggy

hookspec = pluggy.HookspecMarker("nbc")


@hookspec
def tcg_expansion() -> dict[str, Any]:
    """Describe the expansion: {"name": ..., "variant": Variant, "cards": folder, "decks": folder}."""


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
