"""The API under hostile clients, round two: what one client could do to the others.

Each test here reproduces something that a client could do to the server before this
round, and fails on the server as it was then:
- bot matches that held the threads serving every other request while their bots
  thought (`createMatch` and `act` waited for the bots);
- a choice that showed a seat no event never reached that seat's page;
- a reader that saw a choice half made, or one that was then refused;
- a database outage that ended subscriptions with `complete`, answered with the
  driver's words and logged tracebacks.
The transport's own attacks (documents, connections, rate keys, sockets) are in
test_guard_costs.py, test_guard_clients.py and test_connections.py; the same attacks
against a real `nbc serve`, with /healthz timed throughout, in test_hostile_server.py.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from client import Api, settled
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient

from nbc.api.app import create_app
from nbc.api.botpool import BotPool
from nbc.api.botqueue import BotQueue
from nbc.api.errors import StaleSequence
from nbc.api.service import MatchService, SeatSpec
from nbc.api.settings import Settings
from nbc.api.storage import Store, make_engine
from nbc.core.host import PluginHost

UPDATES = (
    "subscription($m: ID!, $after: Int!) { matchUpdates(matchId: $m, after: $after) {"
    " seq status waitingFor openSeats events { seq index kind text private } } }"
)


def open_updates(client: Any, match_id: str, token: str | None = None, after: int = -1):
    ws = client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"])
    socket = ws.__enter__()
    socket.send_json(
        {"type": "connection_init", "payload": {"Authorization": f"Bearer {token}"} if token else {}}
    )
    assert socket.receive_json()["type"] == "connection_ack"
    socket.send_json(
        {
            "id": "1",
            "type": "subscribe",
            "payload": {"query": UPDATES, "variables": {"m": match_id, "after": after}},
        }
    )
    return ws, socket


class Reader:
    """Reads a socket's messages in a thread of its own, with the time each came."""

    def __init__(self, socket: Any) -> None:
        self.messages: list[tuple[float, dict[str, Any]]] = []
        self.thread = threading.Thread(target=self._run, args=(socket,), daemon=True)
        self.thread.start()

    def _run(self, socket: Any) -> None:
        try:
            while True:
                message = socket.receive_json()
                self.messages.append((time.monotonic(), message))
                if message["type"] == "complete":
                    return
        except Exception:  # noqa: BLE001 - the socket closed
            return

    def updates(self) -> list[dict[str, Any]]:
        return [m["payload"]["data"]["matchUpdates"] for _, m in self.messages if m["type"] == "next"]

    def wait_for(self, predicate: Any, seconds: float = 5.0) -> tuple[float, dict[str, Any]]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for at, message in list(self.messages):
                if message["type"] == "next" and predicate(message["payload"]["data"]["matchUpdates"]):
                    return at, message["payload"]["data"]["matchUpdates"]
            time.sleep(0.002)
        raise AssertionError(f"no such update in {seconds:g} s; got {self.updates()}")


def silent_choice(api: Api, match_id: str, tokens: dict[int, str], watcher: int) -> tuple[int, str, int]:
    """Play the match on (first choices, persons only) until the seat to act has a
    choice that shows `watcher` no event: its seat, the choice and the step it is
    made from (found on a copy of the match, so the real one is only played)."""
    service = api.http.app.state.service
    for _ in range(300):
        state = settled(api, match_id)
        seat = next(s for s in state["waitingFor"] if s in tokens)
        loaded = service.get(match_id)
        for prompt in loaded.match.prompts(seat):
            for choice in prompt.choices:
                trial = loaded.match.clone()
                events = trial.act(seat, choice.id)
                if seat != watcher and not [e for e in events if e.visible_to(watcher)]:
                    return seat, choice.id, loaded.match.seq
        first = loaded.match.prompts(seat)[0].choices[0].id
        api.act(match_id, tokens[seat], first, loaded.match.seq)
    raise AssertionError("no choice that shows the watcher nothing")


# --- 8. every accepted choice reaches every subscriber ----------------------------


@pytest.mark.alone  # it times the server
@pytest.mark.parametrize("game, players", [("munchkin", 3), ("funkoverse", 2)])
def test_a_choice_that_shows_a_seat_no_event_still_reaches_it(api, game, players):
    match, tokens = api.create(game, ["PERSON"] * players)
    mid = match["id"]
    seat, choice, seq = silent_choice(api, mid, tokens, watcher=players - 1)
    ws, socket = open_updates(api.http, mid, tokens[players - 1], after=seq)
    try:
        reader = Reader(socket)
        reader.wait_for(lambda u: u["seq"] == seq)  # the first message: the match as it is
        sent = time.monotonic()
        api.act(mid, tokens[seat], choice, seq)
        at, update = reader.wait_for(lambda u: u["seq"] == seq + 1)
        assert update["events"] == []  # it shows this seat nothing, and says the match moved
        assert at - sent < 0.1, f"the update came {at - sent:.3f} s after the act"
        mine = api.match(mid, tokens[players - 1])
        assert update["waitingFor"] == mine["waitingFor"]
    finally:
        ws.__exit__(None, None, None)


def test_a_seat_taken_while_others_stay_open_reaches_every_subscriber(api):
    match, tokens = api.create("trick-or-treat", ["PERSON", "OPEN", "OPEN"], "short", seed="seats")
    ws, socket = open_updates(api.http, match["id"], tokens[0])
    try:
        reader = Reader(socket)
        reader.wait_for(lambda u: u["openSeats"] == 2 and u["status"] == "WAITING")
        api.run(
            "mutation($m: ID!) { joinMatch(matchId: $m) { seat } }", {"m": match["id"]}
        )  # one seat of two: the match stays open and at step 0
        _, update = reader.wait_for(lambda u: u["openSeats"] == 1)
        assert update["status"] == "WAITING" and update["seq"] == 0 and update["events"] == []
    finally:
        ws.__exit__(None, None, None)


def test_updates_carry_each_seats_own_events_once_and_in_order(api):
    match, tokens = api.create("trick-or-treat", ["PERSON", "BOT"], "short", seed="updates")
    mid = match["id"]
    ws, socket = open_updates(api.http, mid, tokens[0])
    spectator_ws, spectator = open_updates(api.http, mid)
    try:
        seat, watcher = Reader(socket), Reader(spectator)
        from client import play_to_end

        play_to_end(api, mid, tokens)
        for reader, token in ((seat, tokens[0]), (watcher, None)):
            reader.wait_for(lambda u: u["status"] == "FINISHED", 10)
            reader.thread.join(5)
            assert reader.messages[-1][1]["type"] == "complete"
            got = [(e["seq"], e["index"]) for u in reader.updates() for e in u["events"]]
            everything = api.run(
                "query($id: ID!) { match(id: $id) { events(limit: 1000) { seq index } } }", {"id": mid}, token
            )["match"]["events"]
            assert got == [(e["seq"], e["index"]) for e in everything]
            steps = [u["seq"] for u in reader.updates()]
            assert steps == sorted(steps)
    finally:
        ws.__exit__(None, None, None)
        spectator_ws.__exit__(None, None, None)


@pytest.mark.alone  # it times the server
def test_an_update_made_on_one_worker_reaches_a_subscriber_on_another_within_250_ms(monkeypatch):
    """Two server processes on one PostgreSQL database; the step that shows the
    subscriber no event arrives through NOTIFY, well before any re-reading."""
    from postgres import drop_database, fresh_database, postgres_url

    import nbc.api.schema as schema_module

    monkeypatch.setattr(schema_module, "RECHECK_SECONDS", 60.0)
    url = fresh_database(postgres_url())
    try:
        with (
            TestClient(create_app(Settings(database_url=url))) as one,
            TestClient(create_app(Settings(database_url=url))) as two,
        ):
            first = Api(one)
            match, tokens = first.create("munchkin", ["PERSON"] * 3)
            seat, choice, seq = silent_choice(first, match["id"], tokens, watcher=2)
            ws, socket = open_updates(two, match["id"], tokens[2], after=seq)
            try:
                reader = Reader(socket)
                reader.wait_for(lambda u: u["seq"] == seq)
                sent = time.monotonic()
                first.act(match["id"], tokens[seat], choice, seq)
                at, update = reader.wait_for(lambda u: u["seq"] == seq + 1)
                assert update["events"] == []
                assert at - sent < 0.25, f"the other worker's subscriber heard {at - sent:.3f} s later"
            finally:
                ws.__exit__(None, None, None)
    finally:
        drop_database(url)


# --- 9. reads see one consistent step ---------------------------------------------


def test_a_reader_never_sees_a_choice_that_was_refused(database_url):
    """Another process stores a choice first; this one tries its own on its cached
    copy, which the database then refuses. What a reader took before is untouched:
    it is still the step it was, without the refused choice's events."""
    host = PluginHost.load()
    here, there = (MatchService(host, Store(make_engine(database_url))) for _ in range(2))
    match_id, tokens = here.create(
        "trick-or-treat", "short", None, [SeatSpec("person"), SeatSpec("person")], None
    )
    there.get(match_id)
    taken = here.get(match_id)
    step, events = taken.match.seq, len(taken.match.events)
    there.act(match_id, tokens[0], "trick", step)  # stored first, elsewhere
    with pytest.raises(StaleSequence):
        here.act(match_id, tokens[0], "treat", step)
    assert taken.match.seq == step and len(taken.match.events) == events
    assert here.get(match_id).match.log[-1].choice == "trick"


def test_a_reader_never_sees_a_choice_half_made(database_url, monkeypatch):
    """While a choice is being made (here held halfway, between the rules' change and
    the write), readers get the step before it, whole."""
    host = PluginHost.load()
    service = MatchService(host, Store(make_engine(database_url)))
    match_id, tokens = service.create(
        "trick-or-treat", "short", None, [SeatSpec("person"), SeatSpec("person")], None
    )
    before = service.get(match_id).match.view(1)
    store = service.store
    halfway, release = threading.Event(), threading.Event()
    append = store.append

    def slow_append(*args: Any, **kwargs: Any) -> None:
        halfway.set()
        release.wait(5)
        append(*args, **kwargs)

    monkeypatch.setattr(store, "append", slow_append)
    actor = threading.Thread(target=service.act, args=(match_id, tokens[0], "trick", 0))
    actor.start()
    try:
        assert halfway.wait(5)
        seen = service._cache[match_id]  # what a reader is served while the write waits
        assert seen.match.seq == 0 and not any(e.seq == 1 for e in seen.match.events)
        assert seen.match.view(1) == before
    finally:
        release.set()
        actor.join(5)
    assert service.get(match_id).match.seq == 1


# --- 3. bots think off the request path -------------------------------------------


class SlowPool(BotPool):
    """A bot pool whose every search takes `seconds` (a stand-in for bots that
    think at length), counting the searches going on."""

    def __init__(self, seconds: float) -> None:
        super().__init__(0)
        self.seconds, self.thinking, self.most = seconds, 0, 0
        self._count = threading.Lock()

    def choose(self, match, seat, bot, seconds, rng):  # type: ignore[no-untyped-def]
        with self._count:
            self.thinking += 1
            self.most = max(self.most, self.thinking)
        try:
            time.sleep(self.seconds)
            return super().choose(match, seat, bot, 0.05, rng)
        finally:
            with self._count:
                self.thinking -= 1


@pytest.mark.alone  # it times the server
def test_searching_bots_never_hold_up_reads_acts_or_other_matches(database_url):
    """Ten matches whose searching bots think 0.5 s a move: creating each answers at
    once, and a read or an act of an unrelated match is served in a few milliseconds
    meanwhile (before, each createMatch waited for its bots in a request thread, and a
    read of another match waited seconds for a free thread)."""
    pool = SlowPool(0.5)
    service = MatchService(
        PluginHost.load(), Store(make_engine(database_url)), bot_pool=pool, bot_queue=BotQueue(2)
    )
    try:
        other, tokens = service.create(
            "trick-or-treat", "short", None, [SeatSpec("person"), SeatSpec("person")], None
        )
        made = []
        for number in range(10):
            start = time.perf_counter()
            made.append(
                service.create(
                    "munchkin",
                    None,
                    None,
                    [SeatSpec("bot", "ismcts", budget=0.5)] * 3 + [SeatSpec("person")],
                    None,
                    client=f"address:127.0.0.{number + 2}",
                )[0]
            )
            assert time.perf_counter() - start < 0.3, "createMatch waited for its bots"
        deadline = time.monotonic() + 5
        while pool.thinking == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert pool.thinking > 0
        reads = []
        for _ in range(20):
            start = time.perf_counter()
            service.get(other)
            reads.append(time.perf_counter() - start)
        start = time.perf_counter()
        service.act(other, tokens[0], "trick", 0)
        acted = time.perf_counter() - start
        assert max(reads) < 0.1 and acted < 0.1, (max(reads), acted)
        assert pool.most <= 2  # the bot queue's own two threads, never more
    finally:
        service.bots.close()


def test_one_clients_searching_bots_are_capped(database_url):
    service = MatchService(PluginHost.load(), Store(make_engine(database_url)), bot_queue=BotQueue(0))
    seats = [SeatSpec("person")] + [SeatSpec("bot", "ismcts", budget=1.0)] * 3
    for _ in range(2):
        service.create("munchkin", None, None, seats, None, client="address:10.0.0.1")
    from nbc.api.errors import RateLimited

    with pytest.raises(RateLimited, match="at most 8 such seats"):
        service.create("munchkin", None, None, seats, None, client="address:10.0.0.1")
    service.create("munchkin", None, None, seats, None, client="address:10.0.0.2")  # another client


def test_an_act_answers_once_the_persons_choice_is_stored(api):
    """The bots' reply comes after the act has answered, by subscription."""
    match, tokens = api.create("trick-or-treat", ["PERSON", "BOT"], "short", seed="reply")
    ws, socket = open_updates(api.http, match["id"], tokens[0])
    try:
        reader = Reader(socket)
        acted = api.act(match["id"], tokens[0], match["prompts"][0]["choices"][0]["id"], match["seq"])
        assert acted["match"]["seq"] >= 1 and all(e["seq"] == 1 for e in acted["events"])
        reader.wait_for(lambda u: u["seq"] > 1 or u["status"] == "FINISHED")
    finally:
        ws.__exit__(None, None, None)


# --- 7. a database outage -------------------------------------------------------------


class Outage:
    """Makes every call of the store fail as a lost connection would, while it is on
    (the real thing, a PostgreSQL server that goes away, is in test_hostile_server.py)."""

    CALLS = (
        "head",
        "load",
        "seats",
        "append",
        "choices_after",
        "create",
        "claim_seat",
        "lobby",
        "set_status",
    )

    def __init__(self, store: Any, monkeypatch: Any) -> None:
        self.on = False
        for name in self.CALLS:
            monkeypatch.setattr(store, name, self._failing(getattr(store, name)))

    def _failing(self, call: Any) -> Any:
        def failing(*args: Any, **kwargs: Any) -> Any:
            if self.on:
                raise OperationalError(
                    "SELECT 1", {}, Exception("connection to server at 127.0.0.1, port 5432 failed: refused")
                )
            return call(*args, **kwargs)

        return failing


def test_an_outage_is_unavailable_and_subscriptions_resume_with_nothing_lost(
    database_url, caplog, monkeypatch
):
    import nbc.api.schema as schema_module

    app = create_app(Settings(database_url=database_url))
    with TestClient(app) as client:
        api = Api(client)
        match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short", seed="outage")
        mid = match["id"]
        ws, socket = open_updates(client, mid, tokens[1])
        outage = Outage(app.state.service.store, monkeypatch)
        old_recheck = schema_module.RECHECK_SECONDS
        schema_module.RECHECK_SECONDS = 0.2
        try:
            reader = Reader(socket)
            reader.wait_for(lambda u: u["seq"] == 0)
            outage.on = True
            response = client.post(
                "/graphql",
                json={"query": "query($id: ID!) { match(id: $id) { seq } }", "variables": {"id": mid}},
            )
            assert response.status_code == 503 and response.headers["retry-after"].isdigit()
            error = response.json()["errors"][0]
            assert error["extensions"]["code"] == "UNAVAILABLE"
            for leak in ("5432", "127.0.0.1", "refused", "SELECT"):
                assert leak not in response.text
            refused = api.refused(
                'mutation($m: ID!) { act(matchId: $m, choiceId: "trick", expectedSeq: 0) { match { seq } } }',
                {"m": mid},
                tokens[0],
            )
            assert refused.code == "UNAVAILABLE"
            time.sleep(0.6)  # the subscription reads in vain a few times, and stays open
            assert all(m["type"] == "next" for _, m in reader.messages)
            outage.on = False
            api.act(mid, tokens[0], "trick", 0)
            reader.wait_for(lambda u: u["seq"] == 1)
            got = [(e["seq"], e["index"]) for u in reader.updates() for e in u["events"]]
            assert len(got) == len(set(got))
            assert got == [(e["seq"], e["index"]) for e in api.match(mid, tokens[1])["events"]]
            assert "Traceback" not in caplog.text and "refused" not in caplog.text
        finally:
            schema_module.RECHECK_SECONDS = old_recheck
            ws.__exit__(None, None, None)
