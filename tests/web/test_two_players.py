"""Two people at one match, each in a browser of their own (two contexts, so two
seat tokens), played to the end by clicks alone: Munchkin (with a bot in the third
seat), the TCG and Funkoverse. Each page clicks only when the page itself shows that
its seat has a decision, and never reloads to catch up: the pages must keep current
by the matchUpdates subscription alone, even through steps that show a seat no event
(another player's hidden choice, a bot's move), so no click is ever refused as behind
the match, and both pages end on the same outcome. Then how the pages ride out a
server restart (the sockets are opened again after the last step heard) and a
database outage (a gentle notice, and the choice sent again)."""

from __future__ import annotations

import json
import random
import re
import time

import httpx
import pytest
from browser import MOVED_ON, create_match, open_page, settle

from nbc.api.devserver import free_port, running_server

# what every page shows at one moment: its step, status, whether a choice of its own is
# on its way, the seats the match waits for, its prompts' choice ids and the notice
STATE = """() => { const m = document.querySelector('.match'); const n = document.getElementById('notice');
  if (!m || m.dataset.seq === undefined) return null;
  return {
    seq: Number(m.dataset.seq),
    status: m.dataset.status,
    busy: Boolean(m.dataset.busy),
    waiting: (m.dataset.waiting || '').split(' ').filter(Boolean).map(Number),
    choices: [...document.querySelectorAll('.prompts button.choice')].map((b) => b.dataset.choice),
    notice: n.hidden ? '' : n.textContent,
    status_text: document.querySelector('.match .status').innerText,
  }; }"""

GAMES = [
    # game, variant, seats as the lobby's form offers them, options, clicks at most
    ("munchkin", "base", ["PERSON", "OPEN", "BOT:random"], {"turn_limit": 1}, 400),
    ("tcg", "base", ["PERSON", "OPEN"], {"days": 1}, 300),
    ("funkoverse", "territory", ["PERSON", "OPEN"], {"round_limit": 1}, 800),
]
# how long the pages may take to agree on the match after a click
CATCH_UP_SECONDS = 20


class Table:
    """The people's pages of one match, by seat, and every notice any of them showed."""

    def __init__(self, pages: dict[int, object], bots: set[int]) -> None:
        self.pages = pages
        self.bots = bots
        self.notices: list[str] = []

    def states(self) -> dict[int, dict]:
        states = {seat: page.evaluate(STATE) for seat, page in self.pages.items()}
        for seat, state in states.items():
            if state and state["notice"]:
                self.notices.append(f"seat {seat} at choice {state['seq']}: {state['notice']}")
        return states

    def caught_up(self) -> dict[int, dict]:
        """Wait until every page shows the same step, none has a choice on its way, and
        the match waits for no bot (a bot's move may come at any moment: only when the
        match waits for people alone is the step the pages agree on the match's own);
        then each seat the match waits for must show its prompts."""
        deadline = time.monotonic() + CATCH_UP_SECONDS
        while True:
            states = self.states()
            ready = all(s is not None and not s["busy"] for s in states.values())
            if ready and len({s["seq"] for s in states.values()}) == 1:
                first = next(iter(states.values()))
                if first["status"] == "FINISHED":
                    if all(s["status"] == "FINISHED" for s in states.values()):
                        return states
                elif first["status"] == "ACTIVE" and not self.bots & set(first["waiting"]):
                    people = [seat for seat in first["waiting"] if seat in self.pages]
                    if people and all(states[seat]["choices"] for seat in people):
                        return states
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"the pages did not agree on the match within {CATCH_UP_SECONDS} s: {states}"
                )
            time.sleep(0.05)

    def click(self, seat: int, rng: random.Random, choices: list[str]) -> None:
        """Click one of the seat's choices: on the table when the table offers just
        that choice, else its button; then wait for the page to take the answer."""
        page = self.pages[seat]
        choice = rng.choice(choices)
        seq = str(page.evaluate("() => document.querySelector('.match').dataset.seq"))
        on_table = [
            c
            for c in page.query_selector_all(".table .choosable")
            if c.get_attribute("data-linked") == choice
        ]
        if on_table and rng.random() < 0.5 and on_table[0].is_visible():
            on_table[0].click()
        else:
            page.click(f".prompts button.choice[data-choice='{choice}']")
        page.wait_for_function(MOVED_ON, arg=seq)
        self.states()  # the notice right after the answer, if any


def play_together(table: Table, rng: random.Random, max_clicks: int, stop_at: int | None = None) -> int:
    """Click, one choice at a time, for a seat the match waits for, until it is over
    (or `stop_at` clicks were made); returns the clicks made."""
    for clicks in range(max_clicks + 1):
        states = table.caught_up()
        if next(iter(states.values()))["status"] == "FINISHED" or clicks == stop_at:
            return clicks
        assert clicks < max_clicks, f"the match did not end within {max_clicks} clicks"
        waiting = [seat for seat in next(iter(states.values()))["waiting"] if seat in table.pages]
        seat = rng.choice(waiting)
        table.click(seat, rng, states[seat]["choices"])
    raise AssertionError("unreachable")


def seat_people(browser, base_url: str, first, link: str, seats: list[str]) -> tuple[dict, list, list]:
    """Open a browser of its own for each open seat and take it by the invite link;
    returns the pages by seat (the creator's as seat 0), the contexts opened and the
    pages' script errors."""
    pages, contexts, errors = {0: first}, [], []
    for seat, kind in enumerate(seats):
        if kind != "OPEN":
            continue
        other = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
        other.set_default_timeout(20_000)
        contexts.append(other)
        page, page_errors = open_page(other)
        page.goto(link)
        page.click(f"button[data-seat='{seat}']")
        page.wait_for_selector(".match[data-seq]")
        assert f"you are seat {seat}" in page.inner_text(".status")
        pages[seat] = page
        errors.append(page_errors)
    # the creator's page hears that the last open seat was taken: no reload, no click
    first.wait_for_selector(".match:not([data-status=WAITING])")
    return pages, contexts, errors


def outcome_line(status_text: str) -> str:
    """The outcome as a page states it, without the part that says who is looking."""
    parts = [p.strip() for p in status_text.split("·")]
    kept = [p for p in parts if not p.startswith("you are")]
    return " · ".join(kept).replace(", you)", ")")


@pytest.mark.parametrize(
    ("game", "variant", "seats", "options", "max_clicks"), GAMES, ids=[g for g, *_ in GAMES]
)
def test_two_people_in_two_browsers_play_one_match_to_the_end(
    browser, context, server, game, variant, seats, options, max_clicks
):
    started = time.monotonic()
    first, first_errors = open_page(context)
    match_id = create_match(first, game, variant, seats=seats, **options)
    assert first.get_attribute(".match", "data-status") == "WAITING"
    link = first.input_value("#invite")
    others = []
    try:
        pages, others, more_errors = seat_people(browser, server, first, link, seats)
        errors = first_errors + [e for page_errors in more_errors for e in page_errors]
        bots = {seat for seat, kind in enumerate(seats) if kind.startswith("BOT:")}
        table = Table(pages, bots)
        clicks = play_together(table, random.Random(f"two-{game}"), max_clicks)
        states = table.states()
        assert not table.notices, table.notices
        lines = {seat: outcome_line(s["status_text"]) for seat, s in states.items()}
        assert all(s["status"] == "FINISHED" for s in states.values()), states
        assert len(set(lines.values())) == 1, lines
        assert "Won by" in lines[0] or "draw" in lines[0].lower(), lines
        # the outcome the pages show is the match's own
        public = httpx.post(
            f"{server}/graphql",
            json={
                "query": "query($id: ID!) { match(id: $id) { status outcome { winners } } }",
                "variables": {"id": match_id},
            },
        ).json()["data"]["match"]
        assert public["status"] == "FINISHED"
        for winner in public["outcome"]["winners"]:
            assert re.search(rf"\bseat {winner}\b", lines[0].split("Won by", 1)[-1]), (lines[0], public)
        for page in pages.values():
            assert page.query_selector_all(".log .event"), "a page's event log is empty"
        assert clicks > 0
        assert not errors, errors
        print(f"{game}: {clicks} clicks, {time.monotonic() - started:.1f} s")
    finally:
        for other in others:
            other.close()


def test_both_pages_follow_the_match_again_after_the_server_restarts(browser, tmp_path):
    """The server stops in the middle of a match and starts again on the same database:
    the pages say they lost the server (gently), open their sockets again after the
    last step they heard, and the match is played to the end without a refusal."""
    database = f"sqlite:///{tmp_path / 'nbc.db'}"
    port = free_port()
    rng = random.Random("restart")
    with running_server(database, port=port) as base_url:
        context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
        context.set_default_timeout(20_000)
        contexts = [context]
        try:
            first, first_errors = open_page(context)
            create_match(first, "tcg", "base", seats=["PERSON", "OPEN"], days=2)
            pages, more, errors = seat_people(
                browser, base_url, first, first.input_value("#invite"), ["PERSON", "OPEN"]
            )
            contexts += more
            table = Table(pages, set())
            play_together(table, rng, 300, stop_at=3)
            assert not table.notices, table.notices
        except BaseException:
            for c in contexts:
                c.close()
            raise
    try:
        # the server is away: each page says so in a gentle notice, and tries again
        for page in pages.values():
            page.wait_for_function(
                "() => { const n = document.getElementById('notice'); "
                "return !n.hidden && n.className === 'info' && n.textContent.includes('trying again'); }"
            )
        with running_server(database, port=port):
            # back: the notices go once the pages hear the match again
            for page in pages.values():
                page.wait_for_function("() => document.getElementById('notice').hidden", timeout=30_000)
            table.notices.clear()
            play_together(table, rng, 300)
            assert not table.notices, table.notices
            states = table.states()
            assert all(s["status"] == "FINISHED" for s in states.values()), states
            lines = {outcome_line(s["status_text"]) for s in states.values()}
            assert len(lines) == 1, lines
            # the browser itself logs each try that found no server; the page's own scripts
            # must have reported nothing
            problems = [
                e for e in first_errors + [e for page_errors in errors for e in page_errors] if not lost(e)
            ]
            assert not problems, problems
    finally:
        for c in contexts:
            c.close()


def lost(message: str) -> bool:
    """A console line the browser writes for a request or socket that found no server."""
    return "ERR_CONNECTION_REFUSED" in message or "ERR_CONNECTION_RESET" in message


UNAVAILABLE = {
    "data": None,
    "errors": [
        {
            "message": "the match store cannot be reached just now; nothing was changed: "
            "try again in a few seconds",
            "extensions": {"code": "UNAVAILABLE"},
        }
    ],
}


def test_a_database_outage_is_waited_out_with_a_gentle_notice(context):
    """The server answers UNAVAILABLE (503) while its database is away: the page's
    first read and a choice are tried again, saying so gently (no refusal), and the
    notice goes once the answer comes."""
    page, errors = open_page(context)
    create_match(page, "trick-or-treat", "short")
    match_id = re.search(r"#/match/([^/]+)", page.url).group(1)
    away = {"reads": 2, "acts": 2}
    sent = {"reads": 0, "acts": 0}

    def outage(route):
        body = route.request.post_data or ""
        kind = "acts" if "act(matchId" in body else "reads" if "viewJson" in body else None
        if kind is None:
            return route.continue_()
        sent[kind] += 1
        if away[kind]:
            away[kind] -= 1
            return route.fulfill(
                status=503,
                headers={"Retry-After": "1"},
                content_type="application/json",
                body=json.dumps(UNAVAILABLE),
            )
        return route.continue_()

    page.route("**/graphql", outage)
    page.goto("/")
    page.goto(f"/#/match/{match_id}")
    notice = page.wait_for_selector("#notice:not([hidden])")
    assert notice.get_attribute("class") == "info", notice.inner_text()
    assert "trying again" in notice.inner_text()
    page.wait_for_selector(".match[data-seq] .prompts button.choice")
    page.wait_for_function("() => document.getElementById('notice').hidden")
    assert sent["reads"] >= 3
    settle(page)
    seq = page.get_attribute(".match", "data-seq")
    page.click(".prompts button.choice")
    page.wait_for_function(
        "() => { const n = document.getElementById('notice'); "
        "return !n.hidden && n.textContent.includes('sent again'); }"
    )
    assert page.get_attribute("#notice", "class") == "info"
    assert "Refused" not in page.inner_text("#notice")
    page.wait_for_function(MOVED_ON, arg=seq)
    page.wait_for_function("() => document.getElementById('notice').hidden")
    assert page.get_attribute(".match", "data-seq") != seq
    assert sent["acts"] == 3
    # the browser logs each 503 answer; the page's own scripts reported nothing
    problems = [e for e in errors if "status of 503" not in e]
    assert not problems, problems
