"""Scenario helpers for Christmas Town: the TCG with the expansion loaded and enabled."""

from __future__ import annotations

from functools import cache
from typing import Any

from tcgkit import table

from nbc.core.host import PluginHost


@cache
def christmas_tcg() -> Any:
    """The TCG as the plugin host builds it, with the Christmas Town plugin loaded."""
    return PluginHost.load(disabled=[]).game("tcg")


def ct_table(game: Any, *, edit: Any = None, **kwargs: Any) -> Any:
    """`tcgkit.table` in a match that enables the expansion."""

    def enable(st: Any) -> None:
        st.expansions = ["christmas-town"]
        if edit is not None:
            edit(st)

    return table(game, edit=enable, **kwargs)


def options(s: Any, seat: int = 0, kind: str = "turn") -> list[str]:
    return [c.label for c in s.expect(seat, kind).choices]
