"""Fixtures for the browser client's tests: one real `nbc serve` on a free port with a
temporary SQLite database, and the system's Chromium driven by playwright.

Without /usr/bin/chromium (or the playwright package) the browser tests skip, saying
why, unless NBC_REQUIRE_BROWSER=1 (CI sets it), where they fail instead."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from nbc.api.devserver import running_server

sys.path.insert(0, str(Path(__file__).parent))
from browser import CHROMIUM, CHROMIUM_ARGS, need_browser  # noqa: E402


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("web") / "nbc.db"
    with running_server(f"sqlite:///{database}") as base_url:
        yield base_url


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Chromium, for the tests of one module at a time: playwright's synchronous API
    keeps an asyncio loop running in the calling thread for as long as it is open, and
    a later test of another module that runs a loop of its own (`asyncio.run`) would
    be refused in that process."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def context(browser, server):
    """A fresh browser profile (its own localStorage), wide as a desktop window."""
    made = browser.new_context(base_url=server, viewport={"width": 1280, "height": 900})
    made.set_default_timeout(20_000)
    try:
        yield made
    finally:
        made.close()
