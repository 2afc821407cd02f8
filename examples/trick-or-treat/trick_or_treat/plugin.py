"""The hook implementations: how nbc-rules finds this game (entry point `nbc`)."""

from nbc.core.hookspecs import hookimpl
from trick_or_treat.game import TrickOrTreat


@hookimpl
def nbc_games():
    return [TrickOrTreat]


@hookimpl
def nbc_graphql_types():
    # Imported here, not at the top: only the API server asks for views, and a
    # program that only plays (a bot, a simulation) need not load GraphQL at all.
    from trick_or_treat.schema import VIEW

    return [VIEW]
