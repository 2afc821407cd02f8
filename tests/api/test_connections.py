"""What a real `nbc serve` does with connections that hold it up (api/connections.py,
docs/api.md "Limits"):

- a thousand connections that never finish their request head, from a few
  addresses, leave /healthz and GraphQL answering other clients at once, and are cut
  after NBC_HEAD_TIMEOUT (so is one that trickles its head byte by byte, and a
  keep-alive connection that starts a second head and stops);
- one address holds at most NBC_MAX_CONNECTIONS_PER_CLIENT connections, an upgraded
  WebSocket among them until it closes; one more is closed at once;
- NBC_LIMIT_CONCURRENCY bounds /graphql work (requests at work and open WebSockets):
  beyond it /graphql answers 503 UNAVAILABLE with Retry-After (a WebSocket closes with
  1013) while /healthz and the web client still answer.

Different clients are different loopback source addresses (127.0.0.2, 127.0.0.3...);
the probes come from 127.0.0.1. Every socket goes to 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import select
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress

import httpx
import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from nbc.api import connections
from nbc.api.cli import app as cli
from nbc.api.connections import (
    ClientConnections,
    H11Protocol,
    HttpToolsProtocol,
    Limits,
    networks,
    raise_open_file_limit,
)
from nbc.api.devserver import free_port, running_server
from nbc.api.settings import Settings

ATTACKERS = [f"127.0.0.{n}" for n in range(2, 18)]  # 16 addresses
PER_ATTACKER = 63  # 16 x 63 = 1008 connections, each address under the default cap (64)
PARTIAL_HEAD = b"GET / HTTP/1.1\r\nHost: x\r\n"  # no blank line: the head never ends
PROBES = 20
PROBE_BOUND = 0.1  # seconds one /healthz may take while the attack holds
GAMES = {"query": "{ games { name } }"}
SUBPROTOCOL = "graphql-transport-ws"


@pytest.fixture(scope="module", autouse=True)
def enough_descriptors() -> None:
    """A thousand sockets in this process too (the server raises its own limit)."""
    if raise_open_file_limit() < 2 * len(ATTACKERS) * PER_ATTACKER + 200:
        pytest.skip("this process may not open enough files for the test")


def port_of(base_url: str) -> int:
    return int(base_url.rsplit(":", 1)[1])


def connect_from(address: str, port: int, timeout: float = 5.0) -> socket.socket:
    """A TCP connection to 127.0.0.1:`port` from the loopback address `address`."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def is_open(sock: socket.socket) -> bool:
    """The server has neither closed nor reset the connection (nothing to read)."""
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.settimeout(5.0)


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """The server closes or resets `sock` within `within` seconds (without answering)."""
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


@contextmanager
def http_from(address: str, port: int) -> Iterator[http.client.HTTPConnection]:
    """A keep-alive HTTP connection from `address`."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=(address, 0))
    try:
        yield conn
    finally:
        conn.close()


def get(conn: http.client.HTTPConnection, path: str) -> int:
    conn.request("GET", path)
    answer = conn.getresponse()
    answer.read()
    return answer.status


@contextmanager
def graphql_socket(port: int, address: str = "127.0.0.1") -> Iterator[ClientConnection]:
    """A graphql-transport-ws WebSocket from `address`, past connection_init."""
    sock = connect_from(address, port)
    with connect(f"ws://127.0.0.1:{port}/graphql", sock=sock, subprotocols=[SUBPROTOCOL]) as ws:
        ws.send(json.dumps({"type": "connection_init", "payload": {}}))
        assert json.loads(ws.recv(timeout=5))["type"] == "connection_ack"
        yield ws


def still_answers(ws: ClientConnection) -> bool:
    ws.send(json.dumps({"type": "ping"}))
    return json.loads(ws.recv(timeout=5))["type"] == "pong"


# --- (a) a thousand heads that never end ---------------------------------------------------


def test_a_thousand_unfinished_heads_hold_up_no_one(tmp_path):
    with running_server(f"sqlite:///{tmp_path / 'nbc.db'}") as base_url, ExitStack() as held:
        port = port_of(base_url)
        attack = []
        for address in ATTACKERS:
            for _ in range(PER_ATTACKER):
                sock = held.enter_context(connect_from(address, port))
                sock.sendall(PARTIAL_HEAD)
                attack.append(sock)
        # Fresh connections from another address, as a client arriving now would open.
        probe = httpx.Client(base_url=base_url, timeout=5, limits=httpx.Limits(max_keepalive_connections=0))
        with probe:
            slowest, statuses = 0.0, []
            for _ in range(PROBES):
                started = time.perf_counter()
                statuses.append(probe.get("/healthz").status_code)
                slowest = max(slowest, time.perf_counter() - started)
                time.sleep(0.05)
            answer = probe.post("/graphql", json=GAMES)
        assert statuses == [200] * PROBES
        assert slowest < PROBE_BOUND, f"the slowest /healthz took {slowest * 1000:.0f} ms"
        assert answer.status_code == 200, answer.text[:300]
        assert {g["name"] for g in answer.json()["data"]["games"]} >= {"trick-or-treat"}
        # The attack was in place all along: the server still holds every connection.
        assert sum(is_open(sock) for sock in attack) == len(attack)


def test_unfinished_heads_are_cut_after_the_head_timeout(tmp_path):
    env = {"NBC_HEAD_TIMEOUT": "1"}
    with running_server(f"sqlite:///{tmp_path / 'nbc.db'}", env=env) as base_url, ExitStack() as held:
        port = port_of(base_url)
        opened: dict[int, float] = {}  # socket's file number: when its head timer started
        socks: dict[int, socket.socket] = {}

        def keep(sock: socket.socket, since: float) -> None:
            socks[sock.fileno()], opened[sock.fileno()] = sock, since

        for address in ATTACKERS:
            for number in range(PER_ATTACKER):
                sock = held.enter_context(connect_from(address, port))
                since = time.monotonic()
                if number == 0:
                    pass  # sends nothing at all
                elif number == 1:
                    # One request answered in full, then the next head starts and stops.
                    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                    [head] = read_response(sock)
                    assert head.startswith(b"HTTP/1.1 200"), head[:100]
                    since = time.monotonic()
                    sock.sendall(PARTIAL_HEAD)
                else:
                    sock.sendall(PARTIAL_HEAD)
                keep(sock, since)
        trickler = held.enter_context(connect_from("127.0.0.1", port))
        keep(trickler, time.monotonic())
        trickle, sent = iter(PARTIAL_HEAD * 100), time.monotonic()

        closed: dict[int, float] = {}
        poller = select.poll()
        for fileno in socks:
            poller.register(fileno, select.POLLIN)
        deadline = max(opened.values()) + 3.0
        while len(closed) < len(socks) and time.monotonic() < deadline:
            for fileno, _ in poller.poll(50):
                if fileno not in closed and closed_by_server(socks[fileno], 0.5):
                    closed[fileno] = time.monotonic()
                    poller.unregister(fileno)
            if trickler.fileno() not in closed and time.monotonic() - sent > 0.2:
                # Bytes of a head that keep coming do not put off its timeout.
                with suppress(OSError):
                    trickler.send(bytes([next(trickle)]))
                sent = time.monotonic()
        assert len(closed) == len(socks), f"{len(socks) - len(closed)} connections still open after 3 s"
        waited = [closed[f] - opened[f] for f in socks]
        assert min(waited) > 0.8, f"a connection was cut after {min(waited):.2f} s, before its timeout"
        with httpx.Client(base_url=base_url, timeout=5) as probe:
            assert probe.get("/healthz").status_code == 200


def read_response(sock: socket.socket, count: int = 1) -> list[bytes]:
    """The heads of the next `count` HTTP responses (each with a Content-Length) on
    `sock`, each read whole."""
    data, heads = b"", []
    while len(heads) < count:
        while b"\r\n\r\n" not in data:
            data += receive(sock)
        head, _, data = data.partition(b"\r\n\r\n")
        length = next(
            int(line.split(b":", 1)[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length")
        )
        while len(data) < length:
            data += receive(sock)
        data, heads = data[length:], [*heads, head]
    assert not data, "more was sent than asked for"
    return heads


def receive(sock: socket.socket) -> bytes:
    chunk = sock.recv(4096)
    assert chunk, "the server closed the connection in the middle of an answer"
    return chunk


# --- (b) the cap on one address's connections ---------------------------------------------


def test_one_address_past_its_cap_is_closed_at_once(tmp_path):
    cap = 8
    env = {"NBC_MAX_CONNECTIONS_PER_CLIENT": str(cap), "NBC_TIMEOUT_KEEP_ALIVE": "60"}
    with running_server(f"sqlite:///{tmp_path / 'nbc.db'}", env=env) as base_url, ExitStack() as held:
        port = port_of(base_url)
        kept = [held.enter_context(http_from("127.0.0.2", port)) for _ in range(cap - 1)]
        assert [get(conn, "/healthz") for conn in kept] == [200] * (cap - 1)
        ws = held.enter_context(graphql_socket(port, "127.0.0.2"))  # an upgraded connection counts

        started = time.monotonic()
        extra = held.enter_context(connect_from("127.0.0.2", port))
        assert closed_by_server(extra, 2.0), "connection number cap + 1 was not closed"
        assert time.monotonic() - started < 1.0

        # The first ones still work, and another address is not touched.
        assert [get(conn, "/healthz") for conn in kept] == [200] * (cap - 1)
        assert still_answers(ws)
        with http_from("127.0.0.3", port) as other:
            assert get(other, "/healthz") == 200
        assert httpx.get(f"{base_url}/healthz", timeout=5).status_code == 200

        # A WebSocket that closes gives its place back; the cap holds again after.
        ws.close()
        assert admitted_within(port, "127.0.0.2", 3.0, held)
        assert closed_by_server(held.enter_context(connect_from("127.0.0.2", port)), 2.0)


def admitted_within(port: int, address: str, seconds: float, held: ExitStack) -> bool:
    """A new connection from `address` is served within `seconds` (kept open in `held`)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        conn = held.enter_context(http_from(address, port))
        with suppress(OSError, http.client.HTTPException):
            if get(conn, "/healthz") == 200:
                return True
        conn.close()
        time.sleep(0.1)
    return False


# --- (c) the app's own bound on GraphQL work ----------------------------------------------


def test_graphql_past_the_concurrency_limit_is_unavailable_and_healthz_answers(tmp_path):
    limit = 4
    env = {"NBC_LIMIT_CONCURRENCY": str(limit)}
    with running_server(f"sqlite:///{tmp_path / 'nbc.db'}", env=env) as base_url, ExitStack() as held:
        port = port_of(base_url)
        sockets = [held.enter_context(graphql_socket(port, ATTACKERS[n])) for n in range(limit)]
        probe = held.enter_context(httpx.Client(base_url=base_url, timeout=5))

        refused = probe.post("/graphql", json=GAMES)
        assert refused.status_code == 503, refused.text[:300]
        assert refused.headers["retry-after"] == "1"
        assert refused.headers["content-type"].startswith("application/json")
        body = refused.json()
        assert body["data"] is None and body["errors"][0]["extensions"]["code"] == "UNAVAILABLE"
        assert probe.get("/healthz").status_code == 200
        assert probe.get("/").status_code == 200  # the web client

        fifth = held.enter_context(connect(f"ws://127.0.0.1:{port}/graphql", subprotocols=[SUBPROTOCOL]))
        with pytest.raises(ConnectionClosed) as closed:
            fifth.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        assert all(still_answers(ws) for ws in sockets)

        sockets.pop().close()
        deadline, status = time.monotonic() + 3.0, 503
        while status == 503 and time.monotonic() < deadline:
            status = probe.post("/graphql", json=GAMES).status_code
            time.sleep(0.05)
        assert status == 200


# --- what `nbc serve` hands to uvicorn ----------------------------------------------------


@pytest.fixture
def no_server(monkeypatch):
    import uvicorn

    started: dict = {}
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: started.update(kwargs))
    return started


def test_serve_hands_uvicorn_the_guarded_protocol_and_no_connection_limit(no_server):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = CliRunner().invoke(cli, ["serve", "--database", "sqlite://", "--port", str(port)])
    assert result.exit_code == 0, result.output
    assert no_server["http"] == "nbc.api.connections:HTTPProtocol"
    assert no_server["limit_concurrency"] is None  # the app bounds GraphQL work instead


@pytest.mark.parametrize(
    "variable, value",
    [("NBC_HEAD_TIMEOUT", "0"), ("NBC_MAX_CONNECTIONS_PER_CLIENT", "0"), ("NBC_LIMIT_CONCURRENCY", "-1")],
)
def test_serve_refuses_a_connection_bound_below_one(no_server, monkeypatch, variable, value):
    monkeypatch.setenv(variable, value)
    result = CliRunner().invoke(cli, ["serve", "--database", "sqlite://"])
    assert result.exit_code == 2
    assert f"{variable} must be above 0, not {value}" in " ".join(result.stderr.split())
    assert no_server == {}


def test_serve_raises_the_open_file_limit_to_the_hard_limit(no_server):
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    lower = min(soft, 1024)
    resource.setrlimit(resource.RLIMIT_NOFILE, (lower, hard))
    try:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--database", "sqlite://", "--port", str(port)])
        assert result.exit_code == 0, result.output
        now = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        assert now == hard or (hard == resource.RLIM_INFINITY and now > lower)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, lower), hard))


# --- both HTTP protocol classes, in this process ------------------------------------------
# `nbc serve` runs on httptools; the h11 class must hold connections the same way.


async def tiny_app(scope, receive, send) -> None:
    """An ASGI app that answers at once, or after a second at /slow, and echoes text
    over a WebSocket."""
    if scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        while (message := await receive())["type"] == "websocket.receive":
            await send({"type": "websocket.send", "text": message.get("text") or ""})
        return
    while (await receive()).get("more_body"):
        pass
    if scope["path"] == "/slow":
        await asyncio.sleep(1.0)
    headers = [(b"content-type", b"text/plain"), (b"content-length", b"2")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"ok"})


@pytest.fixture(params=[HttpToolsProtocol, H11Protocol], ids=["httptools", "h11"])
def tiny_server(request, monkeypatch) -> Iterator[int]:
    """uvicorn in a thread, on the protocol class under test, with a head timeout of
    half a second and at most 3 connections per address; yields its port."""
    import uvicorn

    settings = Settings(head_timeout=0.5, max_connections_per_client=3)
    monkeypatch.setattr(connections, "limits", lambda: Limits.of(settings))
    monkeypatch.setattr(connections, "CLIENTS", ClientConnections())
    config = uvicorn.Config(
        tiny_app, host="127.0.0.1", port=free_port(), http=request.param, lifespan="off", log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(100):
        if server.started:
            break
        time.sleep(0.05)
    assert server.started, "uvicorn did not start in 5 s"
    try:
        yield config.port
    finally:
        server.should_exit = True
        thread.join(10)


def test_a_head_is_timed_from_the_open_and_from_each_answer(tiny_server):
    port, began = tiny_server, time.monotonic()
    silent = connect_from("127.0.0.2", port)
    partial = connect_from("127.0.0.3", port)
    partial.sendall(PARTIAL_HEAD)
    pipelined = connect_from("127.0.0.4", port)
    pipelined.sendall(b"GET /a HTTP/1.1\r\nHost: x\r\n\r\n" * 2 + PARTIAL_HEAD)
    slow = connect_from("127.0.0.5", port)
    slow.sendall(b"GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
    with silent, partial, pipelined, slow:
        # An answer that takes longer than the head timeout is not cut...
        assert read_response(slow)[0].startswith(b"HTTP/1.1 200")
        assert time.monotonic() - began > 0.9
        # ...and both pipelined requests are answered before the third head is cut.
        assert [head[:12] for head in read_response(pipelined, 2)] == [b"HTTP/1.1 200"] * 2
        for sock in (silent, partial, pipelined):
            assert closed_by_server(sock, 1.0)
        # The slow one's timer started again with its answer.
        answered = time.monotonic()
        assert is_open(slow)
        slow.sendall(PARTIAL_HEAD)
        assert closed_by_server(slow, 1.5)
        assert time.monotonic() - answered < 1.0


def test_a_websocket_outlives_the_head_timeout_and_keeps_its_place(tiny_server):
    port = tiny_server
    with ExitStack() as held:
        sock = connect_from("127.0.0.2", port)
        ws = held.enter_context(connect(f"ws://127.0.0.1:{port}/", sock=sock))
        kept = [held.enter_context(http_from("127.0.0.2", port)) for _ in range(2)]
        assert [get(conn, "/") for conn in kept] == [200, 200]
        assert closed_by_server(held.enter_context(connect_from("127.0.0.2", port)), 1.0)
        time.sleep(0.8)  # past the head timeout
        ws.send("still here")
        assert ws.recv(timeout=2) == "still here"
        ws.close()
        for conn in kept:
            conn.close()
        assert admitted_within(port, "127.0.0.2", 2.0, held)


def test_an_unfinished_head_past_the_header_bound_is_refused(tiny_server):
    """16 KiB, uvicorn's default for NBC_MAX_HEADER: h11 enforces it on its own, the
    httptools class as h11 does."""
    port = tiny_server
    with connect_from("127.0.0.2", port) as big, connect_from("127.0.0.3", port) as fits:
        big.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000)
        answer = b""
        with suppress(ConnectionResetError):
            while chunk := big.recv(4096):
                answer += chunk  # to the end: the server closes the connection
        assert answer.startswith(b"HTTP/1.1 400"), answer[:100]
        fits.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 10_000 + b"\r\n\r\n")
        assert read_response(fits)[0].startswith(b"HTTP/1.1 200")


class Peer:
    """A transport as far as `ClientConnections` looks at one: its peer's address."""

    def __init__(self, peer: object) -> None:
        self.peer = peer

    def get_extra_info(self, name: str) -> object:
        return self.peer if name == "peername" else None


def test_connections_are_counted_per_client_and_given_back_once():
    clients = ClientConnections()
    limits = Limits(head_timeout=1, per_client=2, uncapped=networks(["10.0.0.0/8", "proxy.example"]))
    first, second, third = Peer(("192.0.2.1", 1)), Peer(("192.0.2.1", 2)), Peer(("192.0.2.1", 3))
    assert clients.admit(first, limits) and clients.admit(second, limits)
    assert not clients.admit(third, limits)
    clients.release(first)
    clients.release(first)  # a second release of the same connection changes nothing
    assert clients.admit(third, limits) and not clients.admit(Peer(("::ffff:192.0.2.1", 4)), limits)
    # One IPv6 client is its /64; a trusted proxy's network and a Unix socket are not capped.
    assert clients.admit(Peer(("2001:db8::1", 1, 0, 0)), limits)
    assert clients.admit(Peer(("2001:db8::2", 1, 0, 0)), limits)
    assert not clients.admit(Peer(("2001:db8::3", 1, 0, 0)), limits)
    assert clients.admit(Peer(("2001:db8:0:1::1", 1, 0, 0)), limits)
    assert all(clients.admit(Peer(("10.1.2.3", n)), limits) for n in range(5))
    assert all(clients.admit(Peer(""), limits) for _ in range(5))
    assert clients.counts == {"192.0.2.1": 2, "2001:db8::/64": 2, "2001:db8:0:1::/64": 1}
