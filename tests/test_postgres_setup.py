"""The PostgreSQL test server that `.ci/postgres` starts is there and usable.

Skips outside CI when no server is reachable; fails in CI (CI=true) instead.
"""

from __future__ import annotations

import sqlalchemy

from tests.postgres import drop_database, fresh_database, postgres_url


def test_fresh_database_answers_select_1_and_is_dropped() -> None:
    server = postgres_url()
    url = fresh_database(server)
    name = sqlalchemy.engine.make_url(url).database
    assert name is not None and name.startswith("nbc_t_")
    try:
        engine = sqlalchemy.create_engine(url)
        try:
            with engine.connect() as conn:
                assert conn.execute(sqlalchemy.text("select 1")).scalar_one() == 1
                assert conn.execute(sqlalchemy.text("select current_database()")).scalar_one() == name
        finally:
            engine.dispose()
    finally:
        drop_database(url)

    engine = sqlalchemy.create_engine(server)
    try:
        with engine.connect() as conn:
            left = conn.execute(
                sqlalchemy.text("select count(*) from pg_database where datname = :name"), {"name": name}
            ).scalar_one()
    finally:
        engine.dispose()
    assert left == 0
