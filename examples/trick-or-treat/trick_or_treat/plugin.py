"""The hook implementations: how nbc-rules finds this game (entry point `nbc`)."""

from nbc.core.hookspecs import hookimpl
from trick_or_treat.game import TrickOrTreat


@hookimpl
def nbc_games():
    return [TrickOrTreat]
