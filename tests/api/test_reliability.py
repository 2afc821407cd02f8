"""The API's reliability suite: what a server must survive without a wrong answer.

- a seeded batch of bad requests, over HTTP and the WebSocket, against the real app:
  no 5xx, no INTERNAL, no traceback, every refusal with a documented code, and the
  real matches exactly as they were (their stored choices, state and every seat's
  view), while a valid act still works afterwards;
- `kill -9` of a real server process in the middle of a stream of acts, then a
  restart: every acknowledged act is stored, the stored log replays to the stored
  state, the match plays on to its end with the same seat tokens;
- a real server process fed thousands of junk requests keeps its memory within a
  stated bound, and its caches within theirs.

The races between workers and the responsiveness during a heavy request are in
test_hostile.py. docs/api.md ("Reliability") says what runs and for how long.
"""

from __future__ import annotations

import json
import logging
import os
import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import httpx
from badrequests import SUBSCRIBE, BadRequests, Target, documented_codes, judge
from client import MATCH_FIELDS, Api, play_to_end
from sqlalchemy import func
from sqlmodel import select
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from nbc.api.app import create_app
from nbc.api.devserver import free_port, nbc_command
from nbc.api.settings import Settings
from nbc.api.storage import ChoiceRow, MatchRow, SeatRow, SnapshotRow, Store, make_engine
from nbc.core.host import PluginHost
from nbc.core.match import Action, Header, Match
from nbc.core.serial import from_data
from trick_or_treat.game import CANDY

CODES = documented_codes(Path(__file__).parents[2] / "docs" / "api.md")
# To explore beyond CI's batch, another seed and more requests:
#   NBC_FUZZ_SEED=7 NBC_FUZZ_REQUESTS=5000 pytest tests/api/test_reliability.py -k batch
FUZZ_SEED = int(os.environ.get("NBC_FUZZ_SEED", "1116"))
FUZZ_REQUESTS = int(os.environ.get("NBC_FUZZ_REQUESTS", "300"))
FUZZ_SOCKETS = 24
KILL_SEED = int(os.environ.get("NBC_KILL_SEED", "9"))
KILLS = 3
JUNK_WARM_UP = 300
JUNK_REQUESTS = 2000
RSS_BOUND_MB = 30
ACT_SEQ = (
    "mutation($m: ID!, $c: String!, $s: Int!) {"
    " act(matchId: $m, choiceId: $c, expectedSeq: $s) { match { seq } } }"
)
EVERYTHING = (
    "query($id: ID!) { match(id: $id) {" + MATCH_FIELDS + " seed replayable listed options variant } }"
)
TABLES = (MatchRow, SeatRow, ChoiceRow, SnapshotRow)


# --- 1. a seeded batch of bad requests -----------------------------------------------


def test_the_error_table_lists_the_codes_the_batch_accepts():
    assert {"BAD_REQUEST", "NOT_FOUND", "ILLEGAL_CHOICE", "UNAUTHENTICATED", "INTERNAL"} <= CODES


def test_a_seeded_batch_of_bad_requests_changes_nothing(database_url, caplog):
    app = create_app(Settings(database_url=database_url))
    with TestClient(app, raise_server_exceptions=False) as http:
        api = Api(http)
        targets = real_matches(api)
        before = record(api, targets)
        batch = BadRequests(FUZZ_SEED, targets)
        problems: list[str] = []
        kinds: dict[str, int] = {}
        with caplog.at_level(logging.ERROR):
            for number in range(FUZZ_REQUESTS):
                request = batch.make()
                response = request.send(http)
                kinds[request.what.split(" ")[0]] = kinds.get(request.what.split(" ")[0], 0) + 1
                problems += [
                    f"#{number} {p}" for p in judge(request, response.status_code, response.text, CODES)
                ]
            problems += bad_sockets(http, batch, FUZZ_SOCKETS)
        problems += [
            f"logged: {r.name}: {r.getMessage()[:200]}" for r in caplog.records if r.levelno >= logging.ERROR
        ]
        assert not problems, f"{len(problems)} problems (seed {FUZZ_SEED}):\n" + "\n".join(problems[:40])
        assert len(kinds) >= 8, kinds  # every kind of operation was tried
        assert record(api, targets) == before
        # And the matches still play: the seat to move acts, and the match moves on.
        active = next(t for t in targets if t.status == "ACTIVE" and t.game == "trick-or-treat")
        moved = api.act(active.id, active.tokens[active.movers[0]], active.choices[0], active.seq)
        assert moved["match"]["seq"] == active.seq + 1


def real_matches(api: Api) -> list[Target]:
    """Matches of every status for the batch to aim at."""
    active, tokens = api.create("trick-or-treat", ["PERSON", "PERSON", "PERSON"], seed="fuzz")
    for _ in range(4):
        state = api.match(active["id"])
        seat = state["waitingFor"][0]
        mine = api.match(active["id"], tokens[seat])
        api.act(active["id"], tokens[seat], mine["prompts"][0]["choices"][-1]["id"], mine["seq"])
    waiting, waiting_tokens = api.create("trick-or-treat", ["PERSON", "OPEN", "OPEN"], "short")
    finished, finished_tokens = api.create("trick-or-treat", ["PERSON", "BOT"], "short", seed="fuzz")
    play_to_end(api, finished["id"], finished_tokens)
    tcg, tcg_tokens = api.create("tcg", ["PERSON", "BOT"], seed="fuzz")
    made = [(active, tokens), (waiting, waiting_tokens), (finished, finished_tokens), (tcg, tcg_tokens)]
    targets = []
    for match, seat_tokens in made:
        state = api.match(match["id"])
        movers = tuple(state["waitingFor"])
        choices: tuple[str, ...] = ()
        if movers and movers[0] in seat_tokens:
            mine = api.match(match["id"], seat_tokens[movers[0]])
            choices = tuple(c["id"] for p in mine["prompts"] for c in p["choices"])
        targets.append(
            Target(
                id=match["id"],
                game=api.run("query($id: ID!) { match(id: $id) { game } }", {"id": match["id"]})["match"][
                    "game"
                ],
                status=state["status"],
                seq=state["seq"],
                players=state["players"],
                tokens=seat_tokens,
                movers=movers,
                choices=choices,
                open_seats=tuple(s["seat"] for s in state["seats"] if s["kind"] == "OPEN"),
            )
        )
    assert [t.status for t in targets] == ["ACTIVE", "WAITING", "FINISHED", "ACTIVE"]
    return targets


def record(api: Api, targets: list[Target]) -> dict[str, Any]:
    """Everything a refused request must leave as it was: each match as stored (its
    choices, seats, head and state) and as every seat and a spectator see it, and how
    many rows each table holds."""
    service = api.http.app.state.service
    store = service.store
    matches = {}
    for target in targets:
        game = service.host.game(target.game)
        seats = [(s.seat, s.kind, s.name, s.token_hash) for s in store.seats(target.id)]
        views = [api.raw(EVERYTHING, {"id": target.id}, token) for token in [None, *target.tokens.values()]]
        matches[target.id] = (
            store.head(target.id),
            store.choices_after(target.id, 0),
            seats,
            store.load(target.id, game).fingerprint(),
            views,
        )
    with store._session() as session:
        rows = {
            table.__tablename__: session.exec(select(func.count()).select_from(table)).one()
            for table in TABLES
        }
    return {"matches": matches, "rows": rows}


def bad_sockets(http: TestClient, batch: BadRequests, count: int) -> list[str]:
    """Junk over graphql-transport-ws: each must end in an error with a documented
    code or in the socket closed with a 44xx code, never in silence or a crash."""
    rng = batch.rng
    problems = []
    for number in range(count):
        what, init, messages = bad_socket_case(batch, rng)
        outcome: list[str] = []
        worker = threading.Thread(target=_run_socket, args=(http, init, messages, outcome), daemon=True)
        worker.start()
        worker.join(20)
        if worker.is_alive():
            problems.append(f"socket #{number} {what}: no answer in 20 s")
        elif outcome and outcome[0] != "ok":
            problems.append(f"socket #{number} {what}: {outcome[0]}")
    return problems


def bad_socket_case(batch: BadRequests, rng: random.Random) -> tuple[str, dict[str, Any], list[str]]:
    target = rng.choice(batch.targets)
    token = rng.choice(list(target.tokens.values())) if target.tokens else None
    subscribe = {"query": SUBSCRIBE, "variables": {"m": target.id, "after": -1}}
    init: dict[str, Any] = {}
    way = rng.choice(
        [
            "an unknown match",
            "a junk token",
            "another scheme",
            "another match's token",
            "a document that does not parse",
            "an unknown field",
            "a missing variable",
            "after of the wrong type",
            "a message that is not JSON",
            "JSON 5000 deep",
            "an unknown message type",
            "a payload that is not an object",
            "a mutation with a junk choice",
        ]
    )
    message: Any = {"id": "1", "type": "subscribe", "payload": subscribe}
    if way == "an unknown match":
        subscribe["variables"]["m"] = batch.junk_id()
    elif way == "a junk token":
        init = {"Authorization": f"Bearer {batch.junk_token()}"}
    elif way == "another scheme":
        init = {"Authorization": rng.choice(["Basic abc", "Bearer", ["x"], 5])}
    elif way == "another match's token":
        others = sorted(batch.tokens - set(target.tokens.values()))
        init = {"Authorization": f"Bearer {rng.choice(others)}"}
    elif way == "a document that does not parse":
        subscribe["query"] = subscribe["query"][: rng.randrange(1, len(subscribe["query"]) - 1)]
    elif way == "an unknown field":
        subscribe["query"] = subscribe["query"].replace("seq kind", "seq colour")
    elif way == "a missing variable":
        del subscribe["variables"]["m"]
    elif way == "after of the wrong type":
        subscribe["variables"]["after"] = rng.choice(["1", 1.5, 2**40, [], None])
    elif way == "a message that is not JSON":
        message = rng.choice(["{nope", "", "\U0001f383", '{"type": "subscribe", "id": '])
    elif way == "JSON 5000 deep":
        message = '{"id": "1", "type": "subscribe", "payload": ' + "[" * 5000 + "]" * 5000 + "}"
    elif way == "an unknown message type":
        message = {"id": "1", "type": rng.choice(["nope", "", 5, None])}
    elif way == "a payload that is not an object":
        message = {"id": "1", "type": "subscribe", "payload": rng.choice([[1], "x", None, {"query": 5}])}
    else:
        active = rng.choice(batch.active)
        choice = batch.junk(active.choices[0], avoid=set(active.choices))
        message["payload"] = {
            "query": "mutation($m: ID!, $c: String!, $s: Int!) {"
            " act(matchId: $m, choiceId: $c, expectedSeq: $s) { match { seq } } }",
            "variables": {"m": active.id, "c": choice, "s": active.seq},
        }
        init = {"Authorization": f"Bearer {active.tokens[active.movers[0]]}"}
    if token and not init and rng.random() < 0.5:
        init = {"Authorization": f"Bearer {token}"}
    text = message if isinstance(message, str) else json.dumps(message)
    return f"a socket with {way}", init, [text]


def _run_socket(http: TestClient, init: dict[str, Any], messages: list[str], outcome: list[str]) -> None:
    try:
        with http.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as socket:
            socket.send_json({"type": "connection_init", "payload": init})
            ack = socket.receive_json()
            if ack.get("type") != "connection_ack":
                outcome.append(f"no connection_ack: {ack}")
                return
            for text in messages:
                socket.send_text(text)
            refused = False
            while True:
                answer = socket.receive_json()
                errors = answer.get("payload") if answer.get("type") == "error" else None
                if answer.get("type") == "next":
                    errors = answer["payload"].get("errors")
                if answer.get("type") == "complete":
                    outcome.append("ok" if refused else "completed without an error")
                    return
                if not errors:
                    outcome.append(f"answered junk without an error: {str(answer)[:200]}")
                    return
                codes = {(e.get("extensions") or {}).get("code") for e in errors}
                if not codes <= CODES or "INTERNAL" in codes:
                    outcome.append(f"error codes {codes}: {str(answer)[:200]}")
                    return
                refused = True
                if answer.get("type") == "error":
                    outcome.append("ok")
                    return
    except WebSocketDisconnect as closed:
        if 4400 <= closed.code < 4500:
            outcome.append("ok")
        else:
            outcome.append(f"closed with {closed.code} {closed.reason!r}")
    except Exception as error:  # the server's own failure surfaces here in-process
        outcome.append(f"{type(error).__name__}: {str(error)[:200]}")


# --- 2. kill -9 in the middle of a stream of acts ------------------------------------------


class ServerProcess:
    """A real `nbc serve` on one database, which the test may kill with SIGKILL."""

    def __init__(self, database_url: str, env: dict[str, str] | None = None) -> None:
        self.database_url, self.env = database_url, env or {}
        self.process: subprocess.Popen | None = None
        self.url = ""

    def start(self) -> str:
        port = free_port()
        command = [nbc_command(), "serve", "--port", str(port), "--database", self.database_url]
        environment = {k: v for k, v in os.environ.items() if not k.startswith("NBC_")} | self.env
        self.process = subprocess.Popen(
            [*command, "--log-level", "warning"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=environment,
            start_new_session=True,
        )
        self.url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            assert self.process.poll() is None, f"nbc serve exited with {self.process.returncode}"
            with suppress(httpx.TransportError):
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self.url
            time.sleep(0.1)
        raise AssertionError("nbc serve did not answer /healthz in 30 s")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        """SIGKILL: no shutdown, no cleanup, as a crash or the OOM killer would."""
        if self.process is not None and self.process.poll() is None:
            with suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


@contextmanager
def server(database_url: str, env: dict[str, str] | None = None) -> Iterator[ServerProcess]:
    process = ServerProcess(database_url, env)
    try:
        yield process
    finally:
        process.kill()


def test_acts_acknowledged_before_a_kill_9_survive_it(database_url):
    """Four people play a long match as fast as they can; the server is killed at a
    random moment while an act is on its way, KILLS times, and started again."""
    rng = random.Random(KILL_SEED)
    game = PluginHost.load().game("trick-or-treat")
    # The most rounds and candies the game allows: some 60 to 80 acts.
    options = {"rounds": 20, "hand_size": 5, "mix": dict.fromkeys(CANDY, 10)}
    with server(database_url, {"NBC_SNAPSHOT_EVERY": "4"}) as serving:
        api = Api(httpx.Client(base_url=serving.start(), timeout=10))
        match, tokens = api.create(
            "trick-or-treat", ["PERSON"] * 4, options=options, seed="kill", replayable=True
        )
        mid = match["id"]
        # The client's own copy of the match: it knows every prompt without asking.
        mine = Match.new(game, None, options, 4, "kill")
        assert api.match(mid, tokens[0])["viewJson"] == _json(mine.view(0))
        for kill in range(KILLS):
            target = mine.seq + rng.randint(3, 12)
            lost = play_until_killed(api, mine, mid, tokens, serving, target, rng)
            assert mine.seq >= target, "the server died before the kill"
            stored = check_stored(database_url, game, mid, list(mine.log), lost)
            api = Api(httpx.Client(base_url=serving.start(), timeout=10))
            # The client sends the act whose answer it lost once more, as it was: the
            # server takes it if it was not stored, and says STALE_SEQUENCE if it was.
            seat, choice = lost
            sent_again = api.raw(ACT_SEQ, {"m": mid, "c": choice, "s": mine.seq}, tokens[seat])
            if len(stored) > mine.seq:
                assert sent_again["errors"][0]["extensions"]["code"] == "STALE_SEQUENCE", sent_again
            else:
                assert sent_again["data"]["act"]["match"]["seq"] == mine.seq + 1, sent_again
            mine.act(seat, choice)
            for seat in range(4):
                seen = api.match(mid, tokens[seat])
                assert seen["seq"] == mine.seq
                assert seen["viewJson"] == _json(mine.view(seat)), f"seat {seat} after kill {kill}"
        final = play_to_end(api, mid, tokens)  # the same tokens play it to its end
        assert final["outcome"] is not None
        serving.kill()
    engine = make_engine(database_url)
    assert Store(engine).head(mid).status == "finished"
    engine.dispose()


def play_until_killed(
    api: Api, mine: Match, match_id: str, tokens: dict[int, str], serving: ServerProcess, target: int, rng
) -> tuple[int, str]:
    """Act as fast as answers come, from the local copy's prompts; a second thread
    kills the server soon after act number `target` was acknowledged. Returns the act
    (seat, choice) that was on its way when the server died, whose answer never came."""
    reached = threading.Event()
    delay = rng.uniform(0, 0.02)

    def killer() -> None:
        reached.wait(30)
        time.sleep(delay)
        serving.kill()

    thread = threading.Thread(target=killer, daemon=True)
    thread.start()
    try:
        while not mine.over:
            seat = mine.seats_to_act()[0]
            choices = [c.id for p in mine.prompts(seat) for c in p.choices]
            choice = choices[rng.randrange(len(choices))]
            try:
                answer = api.act(match_id, tokens[seat], choice, mine.seq)
            except httpx.TransportError:
                return seat, choice
            mine.act(seat, choice)
            assert answer["match"]["seq"] == mine.seq
            if mine.seq >= target:
                reached.set()
        raise AssertionError("the match ended before the kill")
    finally:
        reached.set()
        thread.join(30)


def check_stored(
    database_url: str, game: Any, match_id: str, acked: list[Action], lost: tuple[int, str]
) -> list[Action]:
    """With the server dead, read the database itself: every acknowledged act is
    there in order, at most the one on its way besides; the match's row agrees with
    its choices; every snapshot and the loaded match equal a replay of the choices."""
    engine = make_engine(database_url)
    try:
        store = Store(engine)
        stored = store.choices_after(match_id, 0)
        assert stored[: len(acked)] == acked, "an acknowledged act is missing or changed"
        assert len(stored) - len(acked) in (0, 1)
        if len(stored) > len(acked):
            assert stored[-1] == Action(*lost)
        assert store.head(match_id).seq == len(stored), "the match's row and its choices disagree"
        with store._session() as session:
            header = from_data(Header, json.loads(session.get(MatchRow, match_id).header), "header")
            snapshots = list(session.exec(select(SnapshotRow).where(SnapshotRow.match_id == match_id)))
        replayed = Match.replay(game, header, stored)
        assert store.load(match_id, game).fingerprint() == replayed.fingerprint()
        for snapshot in snapshots:
            saved = Match.from_json(snapshot.data, game)
            assert saved.fingerprint() == Match.replay(game, header, stored[: snapshot.seq]).fingerprint()
        return stored
    finally:
        engine.dispose()


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


# --- 3. memory under junk --------------------------------------------------------------


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for process {pid}")


def junk(rng: random.Random, number: int) -> tuple[dict[str, Any], dict[str, str]]:
    """One junk request (a body and headers), each different from every other: an
    unknown match id, a body near the size limit, a distinct document that parses but
    is refused (as long as the token limit allows), or one that does not parse; every
    one with a seat token nobody has."""
    headers = {"Authorization": f"Bearer junk-{number}-{rng.getrandbits(64):x}"}
    kind = number % 4
    if kind == 0:
        body = {
            "query": "query($id: ID!) { match(id: $id) { id } }",
            "variables": {"id": f"no-match-{number}"},
        }
    elif kind == 1:
        pad = rng.randbytes(30_000).hex()
        body = {
            "query": "query($id: ID!) { match(id: $id) { id } }",
            "variables": {"id": "no-match", "pad": pad},
        }
    elif kind == 2:
        fields = " ".join(f"f{number}x{n}" for n in range(500))  # some 0.3 MB once parsed
        body = {"query": f"query Q{number} {{ games {{ {fields} }} }}"}
    else:
        body = {"query": f"{{ games {{ name{number} ( }}"}  # does not parse
    return body, headers


def test_memory_stays_bounded_under_junk(database_url):
    """RSS after a few thousand junk requests stays within RSS_BOUND_MB of what it was
    after a warm-up of the same kinds (the caches are bounded in entries and in size:
    see test_caches_stay_at_their_bounds)."""
    rng = random.Random(3)
    with server(database_url) as serving:
        client = httpx.Client(base_url=serving.start(), timeout=30)
        for number in range(JUNK_WARM_UP):
            body, headers = junk(rng, number)
            assert client.post("/graphql", json=body, headers=headers).status_code == 200
        warm = rss_mb(serving.pid)
        for number in range(JUNK_WARM_UP, JUNK_WARM_UP + JUNK_REQUESTS):
            body, headers = junk(rng, number)
            answer = client.post("/graphql", json=body, headers=headers)
            assert answer.status_code == 200 and answer.json()["errors"], answer.text[:200]
        after = rss_mb(serving.pid)
        assert after - warm <= RSS_BOUND_MB, f"RSS grew from {warm:.0f} MB to {after:.0f} MB"


def test_caches_stay_at_their_bounds(database_url):
    """The same junk in-process, where the caches can be looked at: no match is
    cached for an unknown id, no subscription is left watching, the documents kept
    stay within their count and size, the rate limiter within its clients."""
    from nbc.api.guard import BUCKETS

    app = create_app(Settings(database_url=database_url))
    with TestClient(app) as http:
        service, guard = app.state.service, _guard(app)
        cache = app.state.schema.documents
        rng = random.Random(4)
        for number in range(300):
            body, headers = junk(rng, number)
            assert http.post("/graphql", json=body, headers=headers).json()["errors"]
        assert len(service._cache) == 0 and len(service.watchers) == 0
        assert len(cache) <= cache.entries and cache.size <= cache.budget
        assert 0 < len(guard.limiter.buckets) <= BUCKETS


def test_the_match_cache_keeps_its_bound_and_an_evicted_match_plays_on(database_url):
    """More live matches than the cache holds: it stays at CACHE_SIZE, and the first
    match, long evicted, is read back from the database and plays on where it was."""
    from nbc.api.service import CACHE_SIZE, MatchService, SeatSpec
    from nbc.api.storage import Store, make_engine
    from nbc.core.host import PluginHost

    service = MatchService(PluginHost.load(), Store(make_engine(database_url)))
    made = [
        service.create("trick-or-treat", "short", None, [SeatSpec("person"), SeatSpec("person")], None)
        for _ in range(CACHE_SIZE + 40)
    ]
    for match_id, _ in made:
        service.get(match_id)
    assert len(service._cache) == CACHE_SIZE
    first, tokens = made[0]
    assert first not in service._cache
    caller, events, loaded = service.act(first, tokens[0], "trick", 0)
    assert caller.seat == 0 and loaded.match.seq == 1 and events
    assert len(service._cache) == CACHE_SIZE


def _guard(app: Any) -> Any:
    layer = app.middleware_stack
    while layer is not None and type(layer).__name__ != "RequestGuard":
        layer = getattr(layer, "app", None)
    assert layer is not None, "no RequestGuard in the app"
    return layer
