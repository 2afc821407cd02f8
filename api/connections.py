"""What `nbc serve` does about connections that would hold the server up.

uvicorn on its own lets a connection wait for ever for the end of its request head,
and counts every open connection, idle or not, against one limit beyond which it
answers 503 to every request, /healthz too. So a few hundred sockets that send half
a request line shut everyone out. Three things here stop that:

- `HTTPProtocol` (uvicorn's HTTP protocol with additions; `nbc serve` hands it to
  uvicorn as `http="nbc.api.connections:HTTPProtocol"`) gives each connection
  `Settings.head_timeout` seconds to complete a request head: from the moment it
  opens, and again from the end of each response. Bytes that keep trickling in do
  not put the deadline off. It also refuses a connection from an address that holds
  `Settings.max_connections_per_client` already: the socket is closed at once,
  before anything is read from it. And on httptools it bounds the bytes of an
  unfinished head by `Settings.max_header`, as uvicorn's h11 protocol does.
- `ConcurrencyLimit`, an ASGI middleware, bounds the GraphQL work of a process
  instead: requests to /graphql at work plus /graphql WebSockets open, at most
  `Settings.limit_concurrency`. Beyond it a request is answered 503 UNAVAILABLE with
  `Retry-After: 1` and a WebSocket is closed with 1013 (try again later). /healthz
  and the web client's files are never refused by it.
- `raise_open_file_limit`, called by `nbc serve`, lets the process open as many
  sockets as the system allows it.

The counts are per server process: with `--workers N` each worker keeps its own.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from h11._connection import DEFAULT_MAX_INCOMPLETE_EVENT_SIZE
from uvicorn.protocols.http.h11_impl import H11Protocol as _H11

from nbc.api.settings import Settings

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as _HttpTools
except ImportError:  # pragma: no cover - httptools comes with uvicorn[standard]
    _HttpTools = None

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

logger = logging.getLogger("uvicorn.error")
GRAPHQL_PATH = "/graphql"
TRY_AGAIN_LATER = 1013  # RFC 6455's registered close code for an overloaded server
WARN_EVERY = 60.0  # seconds between two log lines about refused connections
UNLIMITED = 1 << 62


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class Limits:
    """What the HTTP protocol holds each connection to."""

    head_timeout: float
    per_client: int
    # Addresses whose connections are not capped: the trusted proxies, which carry
    # the connections of many clients (and must cap them themselves).
    uncapped: tuple[Network, ...] = ()

    @classmethod
    def of(cls, settings: Settings) -> Limits:
        # NBC_TRUSTED_PROXIES comes with the guard's reading of forwarding headers.
        proxies = getattr(settings, "trusted_proxies", ())
        return cls(settings.head_timeout, settings.max_connections_per_client, networks(proxies))


def networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """The addresses and networks among `entries` (a host name is left out: a
    connection's peer is an address)."""
    found = []
    for entry in entries:
        try:
            found.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            continue
    return tuple(found)


@cache
def limits() -> Limits:
    """The limits of this process's connections, read from NBC_* variables once (the
    protocol classes are made by uvicorn, which knows nothing of the settings)."""
    return Limits.of(Settings.from_env())


def peer_address(peer: object) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """A transport's `peername` as an address (an IPv4 one also when written as IPv6,
    ::ffff:a.b.c.d); None for a peer without one (a Unix socket)."""
    if not isinstance(peer, tuple | list) or not peer or not isinstance(peer[0], str):
        return None
    try:
        address = ipaddress.ip_address(peer[0].split("%", 1)[0])  # without an IPv6 zone
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def client_of(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    """The client an address belongs to: an IPv4 address is one, an IPv6 address
    counts as its /64 network (one host usually has a whole /64 to choose from)."""
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class ClientConnections:
    """The connections open in this process, counted per client address. A connection
    is known by its transport (its socket), so it stays counted when an HTTP
    connection becomes a WebSocket and another protocol object takes it over."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.owners: dict[object, str] = {}
        self.refused = 0  # since the last log line about it
        self.warned = 0.0

    def admit(self, transport: asyncio.BaseTransport, limits: Limits) -> bool:
        """Count the connection and say yes, or say no if its client has
        `limits.per_client` open already. A connection from an uncapped address (a
        trusted proxy) or without one is let in uncounted."""
        address = peer_address(transport.get_extra_info("peername"))
        if address is None or any(address in network for network in limits.uncapped):
            return True
        client = client_of(address)
        if self.counts.get(client, 0) >= limits.per_client:
            self._refused(client, limits.per_client)
            return False
        self.counts[client] = self.counts.get(client, 0) + 1
        self.owners[transport] = client
        return True

    def release(self, transport: asyncio.BaseTransport | None) -> None:
        """The connection is gone; a second call for it does nothing."""
        client = self.owners.pop(transport, None)
        if client is None:
            return
        left = self.counts[client] - 1
        if left:
            self.counts[client] = left
        else:
            del self.counts[client]

    def _refused(self, client: str, cap: int) -> None:
        self.refused += 1
        now = time.monotonic()
        if now - self.warned >= WARN_EVERY:
            logger.warning(
                "closed %d connection(s) from clients that had %d open already (%s the latest; "
                "NBC_MAX_CONNECTIONS_PER_CLIENT)",
                self.refused,
                cap,
                client,
            )
            self.refused, self.warned = 0, now


CLIENTS = ClientConnections()


@cache
def counted_websocket(base: type) -> type:
    """`base` (uvicorn's WebSocket protocol) giving its connection's place back when
    it closes. An upgraded connection was counted by `HTTPProtocol`, whose own
    `connection_lost` is never called once the WebSocket protocol has the socket."""

    class CountedWebSocket(base):  # type: ignore[misc, valid-type]
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            self.counted_transport = transport
            super().connection_made(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            try:
                super().connection_lost(exc)
            finally:
                CLIENTS.release(getattr(self, "counted_transport", None))

    CountedWebSocket.__name__ = CountedWebSocket.__qualname__ = f"Counted{base.__name__}"
    return CountedWebSocket


class GuardedConnection:
    """What both HTTP protocol classes below add to uvicorn's: the per-address cap and
    the head timeout. It works from the state uvicorn's classes keep (`cycle`, the
    request being answered; httptools' `pipeline` of requests read ahead), watched
    after each event that can change it: the connection opening, data arriving, a
    response ending."""

    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    cycle: Any
    ws_protocol_class: type | None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.limits = limits()
        self.head_timer: asyncio.TimerHandle | None = None
        if self.ws_protocol_class is not None:
            self.ws_protocol_class = counted_websocket(self.ws_protocol_class)

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(transport)
        if not CLIENTS.admit(transport, self.limits):
            transport.abort()  # nothing is read from it
            return
        self._watch_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        CLIENTS.release(self.transport)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch_head()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch_head()

    def waiting_for_head(self) -> bool:
        """No request of this connection is being answered or queued: what comes next
        from the client is a new request head."""
        return self.cycle is None or self.cycle.response_complete

    def _watch_head(self) -> None:
        """Start the head timer when the connection begins to wait for a head (not
        again while it waits), stop it once there is a request to answer, or the
        connection is closing, or a WebSocket protocol has taken it over."""
        waiting = (
            self.waiting_for_head()
            and not self.transport.is_closing()
            and self.transport.get_protocol() is self
        )
        if not waiting:
            self._stop_head_timer()
        elif self.head_timer is None:
            self.head_timer = self.loop.call_later(self.limits.head_timeout, self._head_timed_out)

    def _stop_head_timer(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _head_timed_out(self) -> None:
        self.head_timer = None
        if self.waiting_for_head() and not self.transport.is_closing():
            self.transport.close()


class H11Protocol(GuardedConnection, _H11):
    """uvicorn's pure-Python HTTP/1.1 protocol (h11), guarded."""


HTTPProtocol: type[asyncio.Protocol] = H11Protocol
if _HttpTools is not None:

    class HttpToolsProtocol(GuardedConnection, _HttpTools):
        """uvicorn's HTTP/1.1 protocol on httptools, guarded. Requests read ahead of
        the one being answered wait in `pipeline`; while one does, the connection is
        not waiting for a head.

        It also bounds the bytes of an unfinished head, as h11 does with the same
        setting (`h11_max_incomplete_event_size`, NBC_MAX_HEADER) and httptools does
        not: once more than that has come since a head began and it is still not
        complete, the connection is answered 400 and closed."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.max_head = self.config.h11_max_incomplete_event_size or DEFAULT_MAX_INCOMPLETE_EVENT_SIZE
            self.reading_head = False  # between the start of a request and the end of its head
            self.head_bytes = 0  # bytes received since (at most) that start

        def waiting_for_head(self) -> bool:
            return super().waiting_for_head() and not self.pipeline

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self.reading_head = True

        def on_headers_complete(self) -> None:
            self.reading_head = False
            super().on_headers_complete()

        def data_received(self, data: bytes) -> None:
            # A head that begins in this data began at most len(data) bytes ago.
            self.head_bytes = self.head_bytes + len(data) if self.reading_head else len(data)
            super().data_received(data)
            if (
                self.reading_head
                and self.head_bytes > self.max_head
                and not self.transport.is_closing()
                and self.transport.get_protocol() is self
            ):
                self.send_400_response("Request head too large.")

    # What `nbc serve` hands to uvicorn: httptools when it is there, as uvicorn's own
    # `http="auto"` would choose.
    HTTPProtocol = HttpToolsProtocol


class ConcurrencyLimit:
    """ASGI middleware bounding the GraphQL work in this process: HTTP requests to
    `path` not yet answered plus WebSockets on `path` still open, at most
    `settings.limit_concurrency`. What comes beyond is refused at once: HTTP with 503,
    `Retry-After: 1` and an UNAVAILABLE error; a WebSocket is accepted and closed with
    1013. Every other path passes untouched and uncounted."""

    def __init__(self, app: Any, settings: Settings, path: str = GRAPHQL_PATH) -> None:
        self.app, self.limit, self.path = app, settings.limit_concurrency, path
        self.busy = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or scope.get("path") != self.path:
            await self.app(scope, receive, send)
            return
        if self.busy >= self.limit:
            if scope["type"] == "http":
                await self._busy_http(send)
            else:
                await self._busy_socket(scope, receive, send)
            return
        self.busy += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.busy -= 1

    async def _busy_http(self, send: Send) -> None:
        from nbc.api.guard import error_body

        body = error_body(
            "UNAVAILABLE",
            f"the server is at its limit of {self.limit} GraphQL requests and subscriptions at once; "
            "send it again in a moment",
        )
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"retry-after", b"1"),
        ]
        await send({"type": "http.response.start", "status": 503, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def _busy_socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        # A close code reaches the client only on an accepted socket (a refused
        # handshake is a bare HTTP 403), so accept and close at once.
        message = await receive()
        if message["type"] != "websocket.connect":
            return
        asked = scope.get("subprotocols") or []
        accept: Message = {"type": "websocket.accept"}
        if "graphql-transport-ws" in asked:
            accept["subprotocol"] = "graphql-transport-ws"
        await send(accept)
        await send({"type": "websocket.close", "code": TRY_AGAIN_LATER, "reason": "try again later"})


def raise_open_file_limit() -> int:
    """Raise this process's soft limit on open files to its hard limit, so that a
    thousand sockets at once do not run out of descriptors (EMFILE); the server's
    workers inherit it. Returns the soft limit now in force (UNLIMITED where there is
    none)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return UNLIMITED
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):  # an unlimited hard limit the kernel will not take
            pass
    return UNLIMITED if soft == resource.RLIM_INFINITY else soft
