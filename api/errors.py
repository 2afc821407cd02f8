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


class RateLimited(NbcError):
    """A client asked for more than its share: requests a second, or searching bots."""

    code = "RATE_LIMITED"


class Unavailable(NbcError):
    """The match store cannot be reached; the request changed nothing and may be sent again."""

    code = "UNAVAILABLE"


def unavailable(error: BaseException) -> bool:
    """Whether `error` says the database could not be reached or did not answer (a
    connection refused or lost, a pool or statement timeout), as opposed to a fault
    in a request or in the server."""
    from sqlalchemy import exc

    if isinstance(error, exc.DBAPIError):
        return bool(error.connection_invalidated) or isinstance(
            error, exc.OperationalError | exc.InterfaceError
        )
    return isinstance(error, exc.TimeoutError | exc.DisconnectionError | exc.ResourceClosedError)
