"""Hostile clients against a real `nbc serve`, with /healthz timed throughout.

Each test starts a server on loopback, runs one attack from addresses of its own
(127.0.0.2 and up: one client each) and, from 127.0.0.1 all the while, asks /healthz
and reads an unrelated match, as a bystander would. Before this round each attack
here stalled the bystander for seconds, or broke the attacked match's subscribers.
Loops are bounded in count and time; nothing leaves loopback.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import httpx
import pytest
from client import CREATE, Api, settled

from nbc.api.devserver import running_server

pytestmark = pytest.mark.alone  # each test times the server: run with nothing else running

STALL = 0.1  # the longest a bystander may wait during an attack (docs/api.md, Limits)


# The bystander runs in a process of its own, so that the attackers' work in the test's
# process never shows in its timings: only the server's does.
BYSTANDER = r"""
import json, sys, threading, time
import httpx
base, match_id = sys.argv[1], sys.argv[2] or None
stop = threading.Event()
threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
slowest, failures = {"healthz": 0.0, "read": 0.0}, []
body = {"query": "query($id: ID!) { match(id: $id) { seq status } }", "variables": {"id": match_id}}
with httpx.Client(base_url=base, timeout=10) as http:
    asks = [("healthz", lambda: http.get("/healthz"))]
    if match_id:
        asks.append(("read", lambda: http.post("/graphql", json=body)))
    print("ready", flush=True)
    while not stop.is_set():
        for what, ask in asks:
            start = time.perf_counter()
            try:
                answer = ask()
                if answer.status_code != 200:
                    failures.append(f"{what}: HTTP {answer.status_code}")
            except httpx.HTTPError as error:
                failures.append(f"{what}: {type(error).__name__}")
            slowest[what] = max(slowest[what], time.perf_counter() - start)
        stop.wait(0.02)
print(json.dumps({"slowest": slowest, "failures": failures}), flush=True)
"""


class Bystander:
    """Asks /healthz (and, given a match, reads it) from 127.0.0.1 every 20 ms, from a
    process of its own, and keeps the slowest answer of each."""

    def __init__(self, base: str, match_id: str | None = None) -> None:
        self.base, self.match_id = base, match_id
        self.slowest: dict[str, float] = {}
        self.failures: list[str] = []

    def __enter__(self) -> Bystander:
        self.process = subprocess.Popen(
            [sys.executable, "-c", BYSTANDER, self.base, self.match_id or ""],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None and self.process.stdout.readline().strip() == "ready"
        return self

    def __exit__(self, *exc: Any) -> None:
        out, _ = self.process.communicate("", timeout=20)
        found = json.loads(out.strip().splitlines()[-1])
        self.slowest, self.failures = found["slowest"], found["failures"]

    def check(self) -> None:
        assert not self.failures, self.failures[:5]
        assert self.slowest["healthz"] < STALL, f"/healthz waited {self.slowest['healthz']:.3f} s"
        if self.match_id is not None:
            assert self.slowest["read"] < STALL, (
                f"a read of another match waited {self.slowest['read']:.3f} s"
            )


def client_from(base: str, address: str, timeout: float = 30) -> httpx.Client:
    return httpx.Client(base_url=base, timeout=timeout, transport=httpx.HTTPTransport(local_address=address))


def person_match(api: Api) -> tuple[str, dict[int, str]]:
    match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short")
    return match["id"], tokens


# --- 1. a document whose fragments double at every level ------------------------------


def doubling_fragments(levels: int) -> str:
    parts = ["query { ...F0 }"]
    for level in range(levels):
        parts.append(f"fragment F{level} on Query {{ ...F{level + 1} ...F{level + 1} }}")
    parts.append(f"fragment F{levels} on Query {{ games {{ name }} }}")
    return " ".join(parts)


def test_a_document_of_doubling_fragments_is_refused_at_once(database_url):
    with running_server(database_url) as base:
        bystander_api = Api(httpx.Client(base_url=base, timeout=10))
        other, _ = person_match(bystander_api)
        with Bystander(base, other) as bystander, client_from(base, "127.0.0.2") as attacker:
            for levels in (21, 30, 40):
                start = time.perf_counter()
                answer = attacker.post("/graphql", json={"query": doubling_fragments(levels)})
                took = time.perf_counter() - start
                assert answer.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST", answer.text
                assert took < STALL, f"{levels} levels took {took:.3f} s to refuse"
        bystander.check()


# --- 3. searching bots ------------------------------------------------------------------


def test_many_searching_bot_matches_hold_up_no_other_client(database_url):
    """Ten createMatch requests, each with three `ismcts` seats thinking 0.5 s a move,
    from ten addresses: each is answered at once, and a bystander's reads of its own
    match and /healthz are not held up while the bots think."""
    with running_server(database_url, env={"NBC_BOT_PROCESSES": "2"}) as base:
        bystander_api = Api(httpx.Client(base_url=base, timeout=10))
        other, _ = person_match(bystander_api)
        seats = [{"kind": "BOT", "bot": "ismcts", "budget": 0.5}] * 3 + [{"kind": "PERSON"}]
        made: list[str] = []
        with Bystander(base, other) as bystander:
            for number in range(10):
                with client_from(base, f"127.0.0.{number + 2}") as attacker:
                    start = time.perf_counter()
                    answer = attacker.post(
                        "/graphql",
                        json={"query": CREATE, "variables": {"i": {"game": "munchkin", "seats": seats}}},
                    )
                    assert time.perf_counter() - start < 1.0, "createMatch waited for its bots"
                    made.append(answer.json()["data"]["createMatch"]["match"]["id"])
            time.sleep(3)  # the bots think all this while
        bystander.check()
        moved = [bystander_api.match(m)["seq"] for m in made]
        assert any(seq > 0 for seq in moved), "no bot moved"


# --- 4. rate limits keyed on made-up tokens --------------------------------------------


def test_made_up_tokens_do_not_escape_the_rate_limit(database_url):
    with running_server(database_url, env={"NBC_RATE_LIMIT": "20", "NBC_RATE_BURST": "20"}) as base:
        with client_from(base, "127.0.0.2") as attacker:
            codes = []
            for number in range(60):
                answer = attacker.post(
                    "/graphql",
                    json={"query": "{ games { name } }"},
                    headers={
                        "Authorization": f"Bearer made-up-{number}",
                        "X-Forwarded-For": f"10.9.8.{number}",
                    },
                )
                codes.append(answer.status_code)
            assert codes.count(429) >= 30, codes
        with httpx.Client(base_url=base, timeout=10) as other:  # another address is served
            assert other.post("/graphql", json={"query": "{ games { name } }"}).status_code == 200


# --- 5. the same limits over a WebSocket -------------------------------------------------


def test_operations_over_a_websocket_are_rate_limited(database_url):
    from websockets.sync.client import connect

    with running_server(database_url, env={"NBC_RATE_LIMIT": "5", "NBC_RATE_BURST": "5"}) as base:
        url = base.replace("http://", "ws://") + "/graphql"
        with connect(url, subprotocols=["graphql-transport-ws"]) as ws:
            ws.send(json.dumps({"type": "connection_init", "payload": {}}))
            assert json.loads(ws.recv(5))["type"] == "connection_ack"
            refused = 0
            for number in range(20):
                ws.send(
                    json.dumps(
                        {"id": str(number), "type": "subscribe", "payload": {"query": "{ games { name } }"}}
                    )
                )
            deadline = time.monotonic() + 10
            done: set[str] = set()
            while len(done) < 20 and time.monotonic() < deadline:
                message = json.loads(ws.recv(5))
                if message["type"] == "error":
                    assert message["payload"][0]["extensions"]["code"] == "RATE_LIMITED"
                    refused += 1
                    done.add(message["id"])
                elif message["type"] == "complete":
                    done.add(message["id"])
            assert refused >= 10, refused


# --- 6. large lists ------------------------------------------------------------------------


PAGE = "query($id: ID!, $a: Int!) { match(id: $id) { events(after: $a, limit: 200) { seq index } } }"


def test_a_request_for_long_lists_is_priced_by_their_length(database_url):
    """Aliased pages of a long finished match's events and choices: what one request
    may ask for is bounded by its cost, so the answer stays small and quick, and the
    rest comes a page at a time."""
    with running_server(database_url) as base:
        api = Api(httpx.Client(base_url=base, timeout=30))
        match, _ = api.create("tcg", ["BOT", "BOT"], seed="long", replayable=True)
        finished = settled(api, match["id"])
        assert finished["status"] == "FINISHED"
        fields = "seq index kind text data private card cards"
        greedy = (
            "query($id: ID!) { match(id: $id) { "
            + " ".join(
                f"e{n}: events(limit: 1000) {{ {fields} }} c{n}: choices(limit: 1000) {{ seq seat choiceId }}"
                for n in range(12)
            )
            + " } }"
        )
        other, _ = person_match(api)
        with Bystander(base, other) as bystander, client_from(base, "127.0.0.2") as attacker:
            answer = attacker.post("/graphql", json={"query": greedy, "variables": {"id": match["id"]}})
            assert answer.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST"
            assert "costs" in answer.json()["errors"][0]["message"]
            pages, after = [], -1
            for _ in range(100):
                page = attacker.post(
                    "/graphql",
                    json={
                        "query": PAGE,
                        "variables": {"id": match["id"], "a": after},
                    },
                ).json()["data"]["match"]["events"]
                if not page:
                    break
                assert len(page) <= 200 or len({e["seq"] for e in page}) == 1
                pages.append(page)
                after = page[-1]["seq"]
        bystander.check()
        everything = [(e["seq"], e["index"]) for page in pages for e in page]
        assert len(everything) == len(set(everything)) and len(pages) > 1


# --- 7. a PostgreSQL server that goes away -------------------------------------------------


class Cable:
    """A TCP relay between the server and PostgreSQL that the test can cut: every
    relayed connection is closed and new ones are refused until it is joined again."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.cut = threading.Event()
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self._guard = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            if self.cut.is_set():
                near.close()
                continue
            try:
                far = socket.create_connection(self.target, timeout=5)
            except OSError:
                near.close()
                continue
            with self._guard:
                self.pairs.append((near, far))
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        with suppress(OSError):
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        for end in (source, sink):
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def disconnect(self) -> None:
        self.cut.set()
        with self._guard:
            for pair in self.pairs:
                for end in pair:
                    with suppress(OSError):
                        end.shutdown(socket.SHUT_RDWR)
                    end.close()
            self.pairs.clear()

    def reconnect(self) -> None:
        self.cut.clear()

    def close(self) -> None:
        self.disconnect()
        self.listener.close()


@contextmanager
def cabled_database() -> Iterator[tuple[str, Cable]]:
    from postgres import drop_database, fresh_database, postgres_url
    from sqlalchemy.engine import make_url

    url = fresh_database(postgres_url())
    parsed = make_url(url)
    cable = Cable((parsed.host or "127.0.0.1", parsed.port or 5432))
    try:
        yield parsed.set(host="127.0.0.1", port=cable.port).render_as_string(hide_password=False), cable
    finally:
        cable.close()
        drop_database(url)


UPDATES = (
    "subscription($m: ID!, $after: Int!) { matchUpdates(matchId: $m, after: $after) {"
    " seq status events { seq index } } }"
)


TRICK = 'mutation($m: ID!) { act(matchId: $m, choiceId: "trick", expectedSeq: 0) { match { seq } } }'


def test_a_database_outage_is_unavailable_and_subscribers_resume_after_it():
    from websockets.sync.client import connect

    with cabled_database() as (url, cable), running_server(url) as base:
        api = Api(httpx.Client(base_url=base, timeout=30))
        match_id, tokens = person_match(api)
        ws_url = base.replace("http://", "ws://") + "/graphql"
        with connect(ws_url, subprotocols=["graphql-transport-ws"]) as ws:
            ws.send(
                json.dumps({"type": "connection_init", "payload": {"Authorization": f"Bearer {tokens[1]}"}})
            )
            assert json.loads(ws.recv(5))["type"] == "connection_ack"
            ws.send(
                json.dumps(
                    {
                        "id": "u",
                        "type": "subscribe",
                        "payload": {"query": UPDATES, "variables": {"m": match_id, "after": -1}},
                    }
                )
            )
            got: list[tuple[int, int]] = []
            first = json.loads(ws.recv(5))
            assert first["type"] == "next"
            got += [(e["seq"], e["index"]) for e in first["payload"]["data"]["matchUpdates"]["events"]]

            cable.disconnect()
            refused = None
            for _ in range(40):  # until the server's pooled connections have noticed
                answer = httpx.post(
                    f"{base}/graphql",
                    json={
                        "query": TRICK,
                        "variables": {"m": match_id},
                    },
                    headers={"Authorization": f"Bearer {tokens[0]}"},
                    timeout=30,
                )
                if answer.status_code == 503:
                    refused = answer
                    break
                time.sleep(0.25)
            assert refused is not None, "an act during the outage was not refused with 503"
            assert refused.headers["retry-after"].isdigit()
            assert refused.json()["errors"][0]["extensions"]["code"] == "UNAVAILABLE"
            for leak in (str(cable.port), "psycopg", "connection to server", "Traceback"):
                assert leak not in refused.text
            with pytest.raises(TimeoutError):
                ws.recv(2)  # nothing comes meanwhile: not `complete`, not an error

            cable.reconnect()
            for _ in range(40):
                answer = httpx.post(
                    f"{base}/graphql",
                    json={
                        "query": TRICK,
                        "variables": {"m": match_id},
                    },
                    headers={"Authorization": f"Bearer {tokens[0]}"},
                    timeout=30,
                )
                if answer.status_code == 200 and not answer.json().get("errors"):
                    break
                time.sleep(0.25)
            else:
                raise AssertionError(f"the server did not come back: {answer.text}")
            deadline = time.monotonic() + 10
            seq = 0
            while seq < 1 and time.monotonic() < deadline:
                message = json.loads(ws.recv(10))
                assert message["type"] == "next", message
                update = message["payload"]["data"]["matchUpdates"]
                got += [(e["seq"], e["index"]) for e in update["events"]]
                seq = update["seq"]
            assert seq >= 1
        stored = api.run(
            "query($id: ID!) { match(id: $id) { events { seq index } } }", {"id": match_id}, tokens[1]
        )
        assert got == [(e["seq"], e["index"]) for e in stored["match"]["events"]]
