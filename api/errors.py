"""Refusals that only the API can make (the engine's own are in nbc.core.errors)."""

from nbc.core.errors import NbcError


class StaleSequence(NbcError):
    """The client acted on an old position: another choice was made first."""

    code = "STALE_SEQUENCE"


class Unauthenticated(NbcError):
    """A missing, malformed or unknown seat token where one is needed."""

    code = "UNAUTHENTICATED"


class NotFound(NbcError):
    """No match with that id."""

    code = "NOT_FOUND"


class BadRequest(NbcError):
    """An argument no match could ever take: text that is too long, or not valid Unicode."""

    code = "BAD_REQUEST"
