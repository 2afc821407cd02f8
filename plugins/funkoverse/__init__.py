"""Funkoverse (The Nightmare Before Christmas box) as an nbc game plugin."""

from __future__ import annotations

from typing import Any

from nbc.core.hookspecs import hookimpl


@hookimpl
def nbc_games() -> list[Any]:
    from nbc.plugins.funkoverse.game import Funkoverse

    return [Funkoverse]


@hookimpl
def nbc_bots() -> list[Any]:
    from nbc.plugins.funkoverse.bot import FunkoverseGreedyBot

    return [FunkoverseGreedyBot()]


@hookimpl
def nbc_graphql_types() -> list[Any]:
    from nbc.plugins.funkoverse.schema import VIEW

    return [VIEW]


@hookimpl
def nbc_rulebooks():  # type: ignore[no-untyped-def]
    from pathlib import Path

    from nbc.core.game import Rulebook

    return [
        Rulebook(
            "funkoverse",
            "Funkoverse: The Nightmare Before Christmas",
            Path(__file__).parent / "data" / "rules.toml",
            "funkoverse",
        )
    ]
