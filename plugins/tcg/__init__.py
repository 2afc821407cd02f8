"""The Nightmare Before Christmas Trading Card Game, as an nbc plugin (game `tcg`)."""

from __future__ import annotations

from nbc.core.hookspecs import hookimpl


@hookimpl
def nbc_add_hookspecs(pm):  # type: ignore[no-untyped-def]
    from nbc.plugins.tcg import hooks

    pm.add_hookspecs(hooks)


@hookimpl
def nbc_games():  # type: ignore[no-untyped-def]
    from nbc.plugins.tcg.game import TcgGame

    return [TcgGame]


@hookimpl
def nbc_bots():  # type: ignore[no-untyped-def]
    from nbc.plugins.tcg.bot import TcgGreedyBot

    return [TcgGreedyBot()]


@hookimpl
def nbc_graphql_types():  # type: ignore[no-untyped-def]
    from nbc.plugins.tcg.schema import view_type

    return [view_type()]


@hookimpl
def nbc_rulebooks():  # type: ignore[no-untyped-def]
    from pathlib import Path

    from nbc.core.game import Rulebook

    return [
        Rulebook(
            "tcg", "The Nightmare Before Christmas TCG", Path(__file__).parent / "data" / "rules.toml", "tcg"
        )
    ]
