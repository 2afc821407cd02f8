"""The browser client in a real Chromium against a real server: every built-in game's
table played to the end by clicks alone, a second player joining by the invite link,
hidden cards kept out of the other seat's page and traffic, the replay viewer,
refusals, the keyboard and a phone's width."""

from __future__ import annotations

import json
import random
import re

import httpx
import pytest
from browser import (
    click_one,
    create_match,
    finished_match,
    open_page,
    play_to_end,
    public_match,
    same_step,
    screenshot,
    settle,
    shown,
)

from nbc.api.devserver import running_server

MOVED = """(seq) => { const m = document.querySelector('.match');
  return !m.dataset.busy && m.dataset.seq !== seq; }"""

VARIANTS = [
    # game, variant, options set through the form, the table's own element, screenshot
    ("tcg", "base", {"days": 2}, ".tcg-table .locale", "table-tcg"),
    ("tcg", "christmas-town", {"days": 2}, ".tcg-table .locale", "table-christmas-town"),
    ("munchkin", "base", {"turn_limit": 2}, ".munchkin-table .slots", "table-munchkin"),
    ("funkoverse", "territory", {"round_limit": 1}, ".funkoverse-table svg.map .square", "table-funkoverse"),
    ("trick-or-treat", "base", {}, ".generic-table dl", "table-generic"),
]


@pytest.mark.parametrize(
    ("game", "variant", "options", "table", "picture"), VARIANTS, ids=[f"{g}-{v}" for g, v, *_ in VARIANTS]
)
def test_a_match_against_bots_is_played_to_the_end_by_clicks(
    context, tmp_path, game, variant, options, table, picture
):
    page, errors = open_page(context)
    create_match(page, game, variant, **options)
    rng = random.Random(f"{game}-{variant}")
    page.wait_for_selector(table, state="attached")
    # a few choices in, the table is photographed (for docs/img)
    clicks = 0
    linked: set[str] = set()
    for _ in range(4):
        settle(page)
        if page.get_attribute(".match", "data-status") != "FINISHED":
            clicks += click_one(page, rng, linked)
    settle(page)
    if game == "funkoverse":
        # the line of sight from the first piece on the map, shaded on the squares it sees
        while len(page.query_selector_all("#sight-from option")) < 2:
            assert page.get_attribute(".match", "data-status") != "FINISHED", "no piece was ever placed"
            clicks += click_one(page, rng, linked)
            settle(page)
        page.select_option("#sight-from", index=1)
        assert page.query_selector_all(".map .square.seen"), "no square is in sight"
    page.keyboard.press("Escape")  # the card under the pointer, shown beside the table
    screenshot(page, picture, tmp_path)
    clicks += play_to_end(page, rng, seen=linked)
    assert page.get_attribute(".match", "data-status") == "FINISHED"
    assert linked, "no choice was ever offered on the table itself, only as buttons"
    assert "Won by" in page.inner_text(".status") or "draw" in page.inner_text(".status").lower()
    assert page.query_selector_all(".log .event"), "the event log is empty"
    assert clicks > 0
    assert not errors, errors


def invite_link(page) -> str:
    page.wait_for_selector("#invite")
    link = page.input_value("#invite")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/#/join/[\w-]+", link), link
    return link


def join_by_link(page, link: str, seat: int) -> None:
    page.goto(link)
    page.click(f"button[data-seat='{seat}']")
    page.wait_for_selector(".match[data-seq]")


def test_a_second_player_joins_by_the_invite_link_and_both_play_to_the_end(browser, context, server):
    jack, jack_errors = open_page(context)
    create_match(jack, "trick-or-treat", "short", seats=["PERSON", "OPEN"])
    assert jack.get_attribute(".match", "data-status") == "WAITING"
    link = invite_link(jack)
    other = browser.new_context(base_url=server)
    try:
        sally, sally_errors = open_page(other)
        join_by_link(sally, link, 1)
        assert "you are seat 1" in sally.inner_text(".status")
        jack.wait_for_selector(".match[data-status=ACTIVE], .match[data-status=FINISHED]")
        play_to_end(jack, random.Random("invite"), other=sally)
        assert sally.get_attribute(".match", "data-status") == "FINISHED"
        # a reload resumes the seat from this browser's storage
        jack.reload()
        jack.wait_for_selector(".match[data-status=FINISHED]")
        assert "you are seat 0" in jack.inner_text(".status")
        # the seats are taken: the link offers none any more
        late = other.new_page()
        late.goto(link)
        late.wait_for_selector(".join")
        assert late.query_selector("button[data-seat]") is None
        assert "No seat is open" in late.inner_text(".join")
        assert not jack_errors and not sally_errors, jack_errors + sally_errors
    finally:
        other.close()


def hand_of(page) -> list[tuple[str, str]]:
    """(instance id, name) of the cards in the caller's own hand, from the table."""
    cards = page.query_selector_all("[data-mine] .hand-zone .card")
    return [
        (c.get_attribute("data-keys").split(" ")[0], c.inner_text().split(" (")[0].strip())
        for c in cards
    ]


def test_nothing_of_the_other_seats_hand_reaches_the_page_or_the_network(browser, context, server):
    jack, _ = open_page(context)
    match_id = create_match(jack, "tcg", "base", seats=["PERSON", "OPEN"], listed=True, days=2)
    other = browser.new_context(base_url=server)
    try:
        sally, _ = open_page(other)
        responses, frames = [], []
        sally.on("response", lambda r: responses.append(r) if "/graphql" in r.url else None)
        sally.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(frame)))
        # seat 1 finds the match in the lobby's open matches
        sally.goto("/")
        sally.click(f"a[href='#/join/{match_id}']")
        sally.click("button[data-seat='1']")
        sally.wait_for_selector(".match[data-seq]")
        rng = random.Random("secrets")
        for _ in range(10):
            for page in (jack, sally):
                settle(page)
                click_one(page, rng)
        same_step(jack, sally)
        hand = hand_of(jack)
        assert hand, "seat 0 holds no cards to look for"
        public_text = json.dumps(public_match(server, match_id))
        # what seat 1 knows of its own: its hand and piles (folded ones too), its prompts,
        # the events only it was told
        own = sally.query_selector_all("[data-mine], .prompts, .log .event.private")
        own_text = " ".join(c.text_content() for c in own)
        secret_names = {name for _, name in hand if name not in public_text and name not in own_text}
        page_text = sally.content()
        # every answer about the match (the games, their options and the catalogue name
        # cards too, whatever the match holds, and say nothing about it)
        about_match = [r for r in responses if match_id in (r.request.post_data or "")]
        assert len(about_match) >= 3 and frames, "the traffic about the match was not captured"
        traffic = [r.text() for r in about_match] + [f if isinstance(f, str) else f.decode() for f in frames]
        assert traffic, "no traffic was captured"
        # a card taken into the hand in the open (a search shows what it takes) is no secret
        secret_ids = [card_id for card_id, _ in hand if f'"{card_id}"' not in public_text]
        assert secret_ids, "seat 0 holds no card the others have not seen"
        for card_id in secret_ids:
            assert not re.search(rf"\b{card_id}\b", page_text), f"seat 0's card {card_id} is in seat 1's page"
            leaks = [t for t in traffic if f'"{card_id}"' in t]
            assert not leaks, f"seat 0's card {card_id} reached seat 1: {leaks[0][:300]}"
        # names are looked for in what the page shows: a card's text in a tooltip may name
        # another card (a Surprise that is free "with Sally") without telling of a hand
        shown = sally.inner_text("body")
        for name in secret_names:
            assert name not in shown, f"seat 0's {name} is named in seat 1's page"
            assert not [t for t in traffic if name in t], f"seat 0's {name} reached seat 1"
    finally:
        other.close()


REPLAY_AT = """(seq) => { const t = document.querySelector('.replay-table');
  return t && t.dataset.seq === String(seq) && !t.dataset.loading; }"""
KEYS = "els => els.map(e => e.dataset.keys)"


def replay_table(page, seq: int) -> str:
    """The replay's table once the step `seq` is drawn."""
    page.wait_for_function(REPLAY_AT, arg=seq)
    return page.inner_text(".replay-table")


def test_the_replay_steps_through_the_tables_and_events_the_seat_saw(browser, context, server):
    page, errors = open_page(context)
    match_id = create_match(page, "trick-or-treat", "short")
    # the table as it was shown live, at each step the seat saw
    live: dict[int, str] = {}
    rng = random.Random("replay")
    while True:
        settle(page)
        now = shown(page)
        live[now["seq"]] = now["table"]
        if now["status"] == "FINISHED":
            break
        click_one(page, rng)
    last = max(live)
    page.click("a.button:has-text('Replay')")
    page.wait_for_selector(".replay")
    steps = last + 1
    assert f"step {steps} of {steps}" in page.inner_text(".replay .status")
    assert replay_table(page, last) == live[last]
    page.click("#replay-back")
    assert f"step {steps - 1} of {steps}" in page.inner_text(".replay .status")
    page.keyboard.press("ArrowLeft")
    assert f"step {steps - 2} of {steps}" in page.inner_text(".replay .status")
    page.click("text=⏮ Start")
    assert f"step 1 of {steps}" in page.inner_text(".replay .status")
    assert page.query_selector_all(".log.current .event"), "the set-up shows no event"
    # every step the seat saw live shows that table again, stepping forward, then back
    assert len(live) > 2
    for seq in range(steps):
        if seq in live:
            assert replay_table(page, seq) == live[seq], f"step {seq}"
        if seq < last:
            page.click("#replay-forward")
    for seq in range(last, -1, -1):
        if seq in live:
            assert replay_table(page, seq) == live[seq], f"step {seq} (back)"
        if seq:
            page.click("#replay-back")
    mine = page.eval_on_selector_all(".replay-table [data-mine] .card", KEYS)
    hand = {key for keys in mine for key in keys.split() if re.fullmatch(r"c\d+", key)}
    assert hand, "the seat's own cards are not on its set-up table"
    page.click("text=End ⏭")
    assert page.query_selector_all(".log .event.private"), "the seat's own draws are missing"
    # a spectator's replay of the same match holds only public events, and no hand
    other = browser.new_context(base_url=server)
    try:
        watcher = other.new_page()
        watcher.goto(f"/#/replay/{match_id}")
        watcher.wait_for_selector(".replay")
        assert "As a spectator sees it" in watcher.inner_text(".replay")
        assert watcher.query_selector_all(".log .event")
        assert not watcher.query_selector_all(".log .event.private")
        watcher.click("text=⏮ Start")
        replay_table(watcher, 0)
        keys = " ".join(watcher.eval_on_selector_all(".replay-table [data-keys]", KEYS))
        for card_id in hand:
            assert not re.search(rf"\b{card_id}\b", keys), f"seat 0's {card_id} is on a spectator's table"
    finally:
        other.close()
    assert not errors, errors


CREATE_BOTS = "mutation($i: CreateMatchInput!) { createMatch(input: $i) { match { id status viewJson } } }"


def test_the_christmas_town_table_shows_each_locales_joy_and_christmas_characters(context, server):
    # bot-only replayable matches, played at once: the first whose end has Joy to show
    for number in range(12):
        spec = {
            "game": "tcg",
            "variant": "christmas-town",
            "options": {"days": 2},
            "seats": [{"kind": "BOT"}, {"kind": "BOT"}],
            "replayable": True,
            "seed": f"joy-{number}",
        }
        match = httpx.post(f"{server}/graphql", json={"query": CREATE_BOTS, "variables": {"i": spec}}).json()
        match = finished_match(server, match["data"]["createMatch"]["match"]["id"], "id viewJson")
        towns = [
            (p["seat"], k, slot)
            for p in match["viewJson"]["players"]
            for k, slot in enumerate(p["row"])
            if slot["town"] == "christmas-town"
        ]
        if any(slot["joy"] for _, _, slot in towns):
            break
    else:
        raise AssertionError("no seed gave a Christmas Town Locale with a Christmas Character")
    page, errors = open_page(context)
    page.goto(f"/#/match/{match['id']}")
    page.wait_for_selector(".tcg-table .locale.christmas-town")
    for seat, k, slot in towns:
        locale = page.query_selector_all(f".tcg-table .player[data-seat='{seat}'] .locale")[k]
        assert f"Joy {slot['joy']} / {slot['joy_needed']}" in locale.inner_text()
        assert ("not Active" not in locale.inner_text()) is slot["active"]
        christmas = [c for c in slot["characters"] if c["holiday"] == "christmas"]
        assert len(locale.query_selector_all(".in-play.christmas")) == len(christmas) == slot["joy"]
    assert not errors, errors


SEATS = "query($id: ID!) { match(id: $id) { seats { seat kind bot budget } } }"


def test_a_bot_seat_that_searches_takes_a_budget_within_the_apis_bounds(context, server):
    bounds = httpx.post(f"{server}/graphql", json={"query": "{ bots { name budget { min max default } } }"})
    bounds = {b["name"]: b["budget"] for b in bounds.json()["data"]["bots"]}
    assert bounds["random"] is None and bounds["ismcts"] is not None
    low, high = bounds["ismcts"]["min"], bounds["ismcts"]["max"]
    page, errors = open_page(context)
    page.goto("/")
    page.wait_for_selector("#create")
    page.select_option("#game", "trick-or-treat")
    page.select_option("#variant", "short")
    # a bot that takes no budget shows no budget field
    page.select_option("#seat-1", "BOT:random")
    assert not page.is_visible("#seat-1-budget")
    page.select_option("#seat-1", "BOT:ismcts")
    assert page.is_visible("#seat-1-budget")
    assert float(page.get_attribute("#seat-1-budget", "min")) == low
    assert float(page.get_attribute("#seat-1-budget", "max")) == high
    # out of bounds: refused in the form, naming the seat and the bounds; nothing is created
    page.fill("#seat-1-budget", f"{high * 2:g}")
    page.click("#create")
    notice = page.inner_text("#notice")
    assert f"seat 1: {high * 2:g} seconds per move is out of bounds" in notice, notice
    assert f"give {low:g} to {high:g}" in notice and "#/match/" not in page.url
    # within them: the seat keeps the budget it was given
    page.fill("#seat-1-budget", str(low))
    page.click("#create")
    page.wait_for_selector(".match[data-seq]")
    match_id = re.search(r"#/match/([^/]+)", page.url).group(1)
    seats = httpx.post(f"{server}/graphql", json={"query": SEATS, "variables": {"id": match_id}})
    seats = seats.json()["data"]["match"]["seats"]
    assert seats[1] == {"seat": 1, "kind": "BOT", "bot": "ismcts", "budget": low}
    assert seats[0]["budget"] is None
    play_to_end(page, random.Random("budget"))
    assert not errors, errors


def test_the_lobby_says_what_is_wrong_with_the_options(context):
    page, _ = open_page(context)
    page.goto("/")
    page.wait_for_selector("#create")
    page.select_option("#game", "tcg")
    page.click(".options-box summary")
    page.fill("#opt-days", "99")
    page.click("#create")
    assert "days must be between 1 and 12, not 99" in page.inner_text("#notice")
    assert page.url.endswith("/")
    # a refusal from the server is shown in its own words
    page.select_option("#game", "trick-or-treat")
    page.fill("#opt-mix", '{"no-such-candy": 1}')
    page.click("#create")
    page.wait_for_function("() => document.getElementById('notice').textContent.includes('not created')")
    assert "no-such-candy" in page.inner_text("#notice")
    page.fill("#opt-mix", "{")
    page.click("#create")
    assert "mix is not valid JSON" in page.inner_text("#notice")


def test_a_choice_is_made_with_the_keyboard_alone(context):
    page, _ = open_page(context)
    create_match(page, "trick-or-treat", "short")
    settle(page)
    seq = page.get_attribute(".match", "data-seq")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('.prompts button.choice, .table .choosable')"):
            break
    else:
        raise AssertionError("Tab never reached a choice")
    page.keyboard.press("Enter")
    page.wait_for_function(MOVED, arg=seq)


def test_a_card_on_the_table_answers_the_prompt_that_names_it(context):
    page, _ = open_page(context)
    create_match(page, "trick-or-treat", "short")
    settle(page)
    card = page.query_selector("[data-mine] .choosable")
    assert card is not None, "no card of the hand is linked to a choice"
    choice = card.get_attribute("data-linked")
    assert choice.startswith("treat:")
    seq = page.get_attribute(".match", "data-seq")
    card.focus()
    page.keyboard.press(" ")
    page.wait_for_function(MOVED, arg=seq)
    assert "banks" in page.inner_text(".log")


def test_the_table_fits_a_phone(browser, server, tmp_path):
    phone = browser.new_context(
        base_url=server, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        page, errors = open_page(phone)
        create_match(page, "tcg", "christmas-town", days=2)
        settle(page)
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1] + 1, f"the page is {width[0]}px wide on a {width[1]}px screen"
        page.keyboard.press("Escape")
        screenshot(page, "table-phone", tmp_path)
        assert not errors, errors
    finally:
        phone.close()


def test_graphiql_runs_from_this_server_alone(context, server):
    page, errors = open_page(context)
    elsewhere = []
    page.on("request", lambda r: elsewhere.append(r.url) if not r.url.startswith((server, "data:")) else None)
    page.goto("/graphql")
    page.wait_for_selector(".graphiql-container")
    page.click(".graphiql-execute-button")
    page.wait_for_function(
        "() => (document.querySelector('.graphiql-response') || {}).innerText.includes('\"funkoverse\"')"
    )
    assert not elsewhere, elsewhere
    assert not errors, errors


@pytest.mark.parametrize("map_id", ["oogie-boogies-lair", "halloween-town"])
def test_the_tables_line_of_sight_agrees_with_the_engines_grid(context, map_id):
    """The Funkoverse table works out sight in the browser from the map's drawing: for
    every pair of squares it must say what core.grid says."""
    from nbc.plugins.funkoverse.effects import grid

    board = grid(map_id)
    drawn = {"width": board.width, "height": board.height, "drawing": board.render().splitlines()}
    page, errors = open_page(context)
    page.goto("/")
    page.wait_for_selector("#create")
    clear = page.evaluate(
        """async (map) => {
             const { parseMap, lineClear } = await import('/web/tables/funkoverse.js');
             const parsed = parseMap(map);
             const out = {};
             for (let ay = 0; ay < map.height; ay++) for (let ax = 0; ax < map.width; ax++)
               for (let by = 0; by < map.height; by++) for (let bx = 0; bx < map.width; bx++)
                 out[`${ax},${ay}-${bx},${by}`] = lineClear(parsed, [ax, ay], [bx, by]);
             return out;
           }""",
        drawn,
    )
    squares = [(x, y) for y in range(board.height) for x in range(board.width)]
    wrong = [
        f"{a}-{b}: table {clear[f'{a[0]},{a[1]}-{b[0]},{b[1]}']}, grid {board.line_clear(a, b)}"
        for a in squares
        for b in squares
        if clear[f"{a[0]},{a[1]}-{b[0]},{b[1]}"] != board.line_clear(a, b)
    ]
    assert not wrong, f"{len(wrong)} of {len(squares) ** 2} pairs differ, e.g. {wrong[:5]}"
    assert not errors, errors


TABLE_PLUGIN = '''
from pathlib import Path

from nbc.core.game import WebTable
from nbc.core.hookspecs import hookimpl


@hookimpl
def nbc_web_tables():
    return [WebTable("trick-or-treat", Path(__file__).parent / "treats_table", "table.js")]
'''
# A table drawn by a plugin: each of the caller's candies as a button-like chip that
# the client links to the prompt that names it; a neighbour module imported relatively.
TABLE_MODULE = """
import { title } from "./title.js";
export default function render(view, ctx) {
  const mine = view.players.find((p) => p.seat === ctx.you);
  return ctx.h("div", { class: "treats-table", "data-mine": "" },
    ctx.h("h2", {}, title(view)),
    (mine.hand.cards || []).map((c) => ctx.card({ id: c.id, name: c.name })));
}
"""


def test_a_plugin_draws_its_own_table(browser, tmp_path):
    """A plugin installed as pip would, with `nbc_web_tables`: its module draws the
    table, and its cards answer the prompts that name them."""
    folder = tmp_path / "site"
    (folder / "treats_table").mkdir(parents=True)
    (folder / "nbc_test_treats_table.py").write_text(TABLE_PLUGIN)
    (folder / "treats_table" / "table.js").write_text(TABLE_MODULE)
    title = "export const title = (view) => `Round ${view.round}`;\n"
    (folder / "treats_table" / "title.js").write_text(title)
    info = folder / "nbc_test_treats_table-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: nbc-test-treats-table\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[nbc]\ntreats-table = nbc_test_treats_table\n")
    with running_server(f"sqlite:///{tmp_path / 'nbc.db'}", env={"PYTHONPATH": str(folder)}) as base_url:
        context = browser.new_context(base_url=base_url)
        try:
            page, errors = open_page(context)
            create_match(page, "trick-or-treat", "short")
            page.wait_for_selector(".treats-table h2:has-text('Round 1')")
            assert not page.query_selector(".generic-table")
            play_to_end(page, random.Random("plugin table"))
            assert not errors, errors
        finally:
            context.close()


def test_a_choice_on_a_stale_table_is_refused_with_a_clear_message(context):
    """Two windows on one seat; the second hears nothing live (its socket is cut off),
    so it still shows a choice the first one has already made."""
    first, _ = open_page(context)
    match_id = create_match(first, "trick-or-treat", "base")
    second, errors = open_page(context)
    second.route_web_socket(re.compile(r".*/graphql$"), lambda socket: None)
    second.goto(f"/#/match/{match_id}")
    second.wait_for_selector(".match[data-seq] .prompts button.choice")
    stale = second.get_attribute(".match", "data-seq")
    settle(first)
    first.click(".prompts button.choice")
    first.wait_for_function(MOVED, arg=stale)
    # the bot answers by the subscription: once seat 0 decides again, the match stays put
    first.wait_for_selector(".prompts button.choice")
    second.click(".prompts button.choice")
    second.wait_for_function("() => !document.getElementById('notice').hidden")
    notice = second.inner_text("#notice")
    assert "moved on before your choice arrived" in notice and "expectedSeq is " + stale in notice, notice
    # the page read the match again: it now shows what the first window made of it
    second.wait_for_function(MOVED, arg=stale)
    assert second.get_attribute(".match", "data-seq") == first.get_attribute(".match", "data-seq")
    assert not errors, errors
