"""The hook implementations: how nbc-rules finds this game (entry point `nbc`)."""

from nbc.core.hookspecs import hookimpl
from trick_or_treat.game import TrickOrTreat
from trick_or_treat.schema import VIEW


@hookimpl
def nbc_games():
    return [TrickOrTreat]


@hookimpl
def nbc_graphql_types():
    return [VIEW]
