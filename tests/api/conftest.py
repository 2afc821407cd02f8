"""Fixtures for the API tests: the app over SQLite, and over PostgreSQL when a
server is reachable (CI starts one; see .ci/postgres)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient  # noqa: E402

from nbc.api.app import create_app  # noqa: E402
from nbc.api.settings import Settings  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent.parent))
sys.path.insert(0, str(Path(__file__).parent))
from client import Api  # noqa: E402


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'nbc.db'}"
        return
    from postgres import drop_database, fresh_database, postgres_url

    url = fresh_database(postgres_url())
    try:
        yield url
    finally:
        drop_database(url)


@pytest.fixture
def app(database_url):
    return create_app(Settings(database_url=database_url))


@pytest.fixture
def api(app) -> Iterator[Api]:
    with TestClient(app) as client:
        yield Api(client)
