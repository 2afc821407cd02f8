"""What the browser tests share: the system's Chromium, and how a test plays through
the page (only by clicking, as a person would)."""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path

import httpx
import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).parents[2]
IDLE = "() => { const m = document.querySelector('.match'); return m && !m.dataset.busy; }"
# after a click: the match moved on, or a notice says why not
MOVED_ON = """(seq) => { const m = document.querySelector('.match');
  return m && !m.dataset.busy && (m.dataset.seq !== seq || !document.getElementById('notice').hidden); }"""
SCREENSHOTS = ROOT / "docs" / "img"


def browser_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is not installed (apt-get install chromium chromium-driver)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[dev]')"
    return None


def need_browser() -> None:
    missing = browser_missing()
    if missing is None:
        return
    if os.environ.get("NBC_REQUIRE_BROWSER") == "1":
        pytest.fail(f"NBC_REQUIRE_BROWSER=1 but {missing}")
    pytest.skip(missing)


class PageErrors(list):
    """Script errors a page reported; a test ends by asserting there were none."""


def open_page(context) -> tuple[object, PageErrors]:
    page = context.new_page()
    errors = PageErrors()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    return page, errors


def create_match(
    page, game: str, variant: str, seats: list[str] | None = None, listed: bool = False, **options: object
) -> str:
    """Fill the lobby's form and create the match; returns its id. `seats` lists each
    seat's choice as the form shows it ("PERSON", "BOT:random", "OPEN"); `listed` shows
    it in the lobby."""
    page.goto("/")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    page.select_option("#variant", variant)
    if seats is not None:
        page.fill("#players", str(len(seats)))
        page.dispatch_event("#players", "change")
        for seat, kind in enumerate(seats):
            page.select_option(f"#seat-{seat}", kind)
    if options:
        page.click(".options-box summary")
        for key, value in options.items():
            page.fill(f"#opt-{key}", str(value))
    if listed:
        page.check("#listed")
    page.click("#create")
    page.wait_for_selector(".match[data-seq]")
    return re.search(r"#/match/([^/]+)", page.url).group(1)


SHOWN = """() => { const m = document.querySelector('.match');
  return { seq: Number(m.dataset.seq), status: m.dataset.status,
           table: document.getElementById('table').innerText }; }"""


def shown(page) -> dict:
    """The step, status and table text the page shows, read at one moment: bots' moves
    and other people's choices arrive by the subscription at any time, so reading them
    one after the other could mix two steps."""
    return page.evaluate(SHOWN)


def finished_match(server: str, match_id: str, fields: str, seconds: float = 60) -> dict:
    """The match once it is over, read by a spectator: bots play off the request path,
    so a match of bots alone is still being played when createMatch answers."""
    deadline = time.monotonic() + seconds
    query = f"query($id: ID!) {{ match(id: $id) {{ status {fields} }} }}"
    while True:
        answer = httpx.post(f"{server}/graphql", json={"query": query, "variables": {"id": match_id}})
        match = answer.json()["data"]["match"]
        if match["status"] == "FINISHED":
            return match
        assert time.monotonic() < deadline, f"the bots did not finish match {match_id} in {seconds} s"
        time.sleep(0.1)


def public_match(server: str, match_id: str) -> dict:
    """A spectator's viewJson of the match and every event it may see (the events come
    a page at a time: a page holds whole choices, the next starts after its last seq)."""
    query = """query($id: ID!, $after: Int!) { match(id: $id) { seq viewJson
      events(after: $after, limit: 1000) { seq text data } } }"""
    events, after = [], -1
    while True:
        variables = {"id": match_id, "after": after}
        answer = httpx.post(f"{server}/graphql", json={"query": query, "variables": variables})
        match = answer.json()["data"]["match"]
        page = match["events"]
        events += page
        if not page or page[-1]["seq"] >= match["seq"]:
            return {"viewJson": match["viewJson"], "events": events}
        after = page[-1]["seq"]


def same_step(*pages, seconds: float = 20) -> None:
    """Wait until the pages show one step and none has a choice on its way: each hears
    the others' choices by its subscription, a moment after they were made."""
    deadline = time.monotonic() + seconds
    while True:
        for page in pages:
            settle(page)
        steps = {page.get_attribute(".match", "data-seq") for page in pages}
        if len(steps) == 1:
            return
        assert time.monotonic() < deadline, f"the pages show different steps: {steps}"
        time.sleep(0.05)


def settle(page) -> None:
    """Wait until no choice is on its way."""
    page.wait_for_function(IDLE)


def choice_controls(page) -> list:
    """The visible controls that answer a prompt: its buttons, and the table's linked things."""
    return [c for c in page.query_selector_all(".prompts button.choice, .table .choosable") if c.is_visible()]


def click_one(page, rng: random.Random, seen: set | None = None) -> bool:
    """Click one random visible choice control (and, when it opens a menu of several
    choices, one of those) and wait until the match moves on; False when the page has
    nothing to click. A refusal shown in the notice fails the test."""
    controls = choice_controls(page)
    if not controls:
        return False
    if seen is not None:  # the choices the table itself offered (a card, a Locale, a square)
        seen.update(c.get_attribute("data-linked") for c in controls if c.get_attribute("data-linked"))
    seq = page.get_attribute(".match", "data-seq")
    try:
        rng.choice(controls).click(timeout=3000)
    except Exception:  # redrawn under the pointer by a live update: look again
        return False
    menu = page.query_selector(".choice-menu")
    if menu is not None:
        rng.choice(menu.query_selector_all("button.choice")).click()
    page.wait_for_function(MOVED_ON, arg=seq)
    notice = page.inner_text("#notice") if page.is_visible("#notice") else ""
    assert "Refused" not in notice, notice
    return True


def play_to_end(page, rng: random.Random, max_clicks: int = 3000, other=None, seen: set | None = None) -> int:
    """Click random visible choices until the match is over (only clicks); returns the
    clicks made. With `other` (a second page in the same match), whichever page has a
    decision open is clicked; `seen` collects the choices the table linked to things."""
    clicks = 0
    pages = [page] if other is None else [page, other]
    while clicks < max_clicks:
        # two people: each page hears the other's choices a moment later, by its
        # subscription; click once both show the same step
        same_step(*pages)
        if page.get_attribute(".match", "data-status") == "FINISHED":
            if other is not None:
                other.wait_for_selector(".match[data-status=FINISHED]")
            return clicks
        acted = False
        for p in pages:  # one click at a time: the other page catches up before the next
            if click_one(p, rng, seen):
                clicks += 1
                acted = True
                break
        if not acted:
            page.wait_for_timeout(100)
    raise AssertionError(f"the match did not end within {max_clicks} clicks")


def screenshot(page, name: str, tmp_path: Path) -> Path:
    """Take a screenshot of the page; written to docs/img/ when NBC_WRITE_SCREENSHOTS=1
    (how the README's pictures are renewed), else beside the test's temporary files."""
    folder = SCREENSHOTS if os.environ.get("NBC_WRITE_SCREENSHOTS") == "1" else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


