"""Munchkin The Nightmare Before Christmas: the hook implementations (entry point
`munchkin` in the `nbc` group). It declares `munchkin_card_set` (`hooks.py`), through
which other packages add card sets."""

from nbc.core.hookspecs import hookimpl


@hookimpl
def nbc_add_hookspecs(pm):  # type: ignore[no-untyped-def]
    from nbc.plugins.munchkin import hooks

    pm.add_hookspecs(hooks)


@hookimpl
def nbc_games():
    from nbc.plugins.munchkin.game import Munchkin

    return [Munchkin]


@hookimpl
def nbc_bots():
    from nbc.plugins.munchkin.bot import MunchkinGreedyBot

    return [MunchkinGreedyBot()]


@hookimpl
def nbc_graphql_types():
    from nbc.plugins.munchkin.schema import VIEW

    return [VIEW]


@hookimpl
def nbc_rulebooks():  # type: ignore[no-untyped-def]
    from pathlib import Path

    from nbc.core.game import Rulebook

    return [
        Rulebook(
            "munchkin",
            "Munchkin The Nightmare Before Christmas",
            Path(__file__).parent / "data" / "rules.toml",
            "munchkin",
        )
    ]
