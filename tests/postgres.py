"""PostgreSQL for the tests that need a real server (a helper module, not a test file).

`.ci/postgres` installs and starts a throwaway server on 127.0.0.1 and prints its URL;
`.ci/run` exports it as NBC_TEST_POSTGRES_URL. Outside CI, tests that call `postgres_url()`
skip when no server is reachable; in CI (CI=true) they fail instead, so a broken server
setup can never pass as a green run with the PostgreSQL tests silently skipped.

Each test that writes should work in a database of its own:

    url = fresh_database(postgres_url())
    try:
        ...
    finally:
        drop_database(url)
"""

from __future__ import annotations

import os
import secrets
from typing import NoReturn

import pytest
from sqlalchemy.engine import URL, make_url

ENV_VAR = "NBC_TEST_POSTGRES_URL"
CONNECT_TIMEOUT_S = 2  # libpq's minimum

HOW_TO = (
    "to run them: `.ci/postgres` (as root; installs and starts a server on 127.0.0.1:55432), "
    f"then `export {ENV_VAR}=postgresql+psycopg://postgres@127.0.0.1:55432/nbc_test`"
)


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() == "true"


def _unavailable(reason: str) -> NoReturn:
    """Skip the test outside CI; fail it in CI, where the server must be there."""
    if _in_ci():
        pytest.fail(
            f"PostgreSQL tests cannot run in CI: {reason}. "
            f"`.ci/postgres` should have started the server and `.ci/run` exported {ENV_VAR}.",
            pytrace=False,
        )
    pytest.skip(f"PostgreSQL tests skipped: {reason}; {HOW_TO}")


def _libpq(url: str | URL) -> str:
    """A SQLAlchemy URL (postgresql+psycopg://...) as a libpq one that psycopg accepts."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _connect(url: str | URL, **kwargs):
    import psycopg

    return psycopg.connect(_libpq(url), connect_timeout=CONNECT_TIMEOUT_S, **kwargs)


def postgres_url() -> str:
    """The test server's SQLAlchemy URL, once a real connection to it has succeeded.

    Skips the calling test when no server is reachable, or fails it when CI=true.
    """
    url = os.environ.get(ENV_VAR, "").strip()
    if not url:
        _unavailable(f"{ENV_VAR} is not set")
    try:
        import psycopg
    except ImportError:
        _unavailable("psycopg is not installed (`pip install -e .` installs it)")
    error = None
    try:
        with _connect(url) as conn:
            conn.execute("select 1")
    except (psycopg.Error, ValueError) as exc:
        error = " ".join(str(exc).split())  # libpq's messages span lines
    if error is not None:  # reported outside the except block: no chained traceback
        shown = make_url(url).render_as_string(hide_password=True)
        _unavailable(f"PostgreSQL is not reachable at {shown} ({error})")
    return url


def fresh_database(url: str) -> str:
    """Create a database with a unique name (nbc_t_<hex>) on `url`'s server; return its URL.

    Nothing is registered anywhere: the caller drops it with `drop_database()`.
    """
    from psycopg import sql

    name = f"nbc_t_{secrets.token_hex(6)}"
    with _connect(url, autocommit=True) as conn:
        conn.execute(sql.SQL("create database {}").format(sql.Identifier(name)))
    return make_url(url).set(database=name).render_as_string(hide_password=False)


def drop_database(url: str) -> None:
    """Drop the database that `url` names, closing any connections still open to it."""
    from psycopg import sql

    target = make_url(url)
    name = target.database
    if not name:
        raise ValueError(f"no database in {target.render_as_string(hide_password=True)}")
    # Connect to another database of the same server to drop this one.
    with _connect(target.set(database="postgres"), autocommit=True) as conn:
        conn.execute(sql.SQL("drop database if exists {} with (force)").format(sql.Identifier(name)))
