"""Typed errors. Each carries a `code` that the API reports as `extensions.code`.

Every refusal leaves the match unchanged; messages say what was wrong, where, and
what would be right.
"""

from __future__ import annotations


class NbcError(Exception):
    """Base of every error the platform reports to a user."""

    code = "INTERNAL"


class IllegalChoice(NbcError):
    """A choice id that is not among the seat's current choices."""

    code = "ILLEGAL_CHOICE"


class NotYourTurn(IllegalChoice):
    """The seat has nothing to decide now (or the match is over)."""

    code = "NOT_YOUR_TURN"


class BadOptions(NbcError):
    """Unknown game or variant, a bad seat count, or options that do not validate."""

    code = "BAD_OPTIONS"


class GameBug(NbcError):
    """A game's own code failed while applying a legal choice; the match was restored."""

    code = "INTERNAL"


class ReplayError(NbcError):
    """A stored match that cannot be rebuilt (unknown game, refused choice, bad data)."""

    code = "INTERNAL"
