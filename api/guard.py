"""What a request must pass before any GraphQL work is done on it.

`RequestGuard` sits in front of `/graphql` (an ASGI middleware). For every HTTP
request it checks, in this order, and refuses with a GraphQL-shaped error body:

- the client's rate (a token bucket per client, see `RequestGuard.client_key`: the
  seat of a seat token the server knows, or else the address): 429, `RATE_LIMITED`;
- the method: POST, or GET without GraphQL parameters (GraphiQL's page): else 405,
  `BAD_REQUEST` (a GraphQL request in a URL would pass by every check below);
- the content type, `application/json`: else 415, `BAD_REQUEST`;
- the body's size (`max_body` bytes): 413, `PAYLOAD_TOO_LARGE`;
- the body is UTF-8 JSON: an object with `query` (a string), `variables` (an object
  or null), `operationName` (a string or null) and no other key but `extensions`;
  nested at most `MAX_JSON_DEPTH` deep; every string free of NUL characters and of
  lone surrogates: else 400, `BAD_REQUEST`.

A WebSocket upgrade to `/graphql` takes one request from the same allowance (over it,
the upgrade is answered 429); each `subscribe` message on the socket takes another
(`RequestGuard.allows_message`, called by nbc.api.app's socket handler). A WebSocket
message's shape is checked by `socket_message_problem`.

`DocumentChecks` (a schema extension) then parses the document and weighs it before
it is validated: tokens, fields per selection, and what answering it may cost
(`weigh`: lists priced by their length, and each `createMatch` by the bots it may
start). It keeps what it found in a `DocumentCache`, which is bounded in size as
well as in entries.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Generator, Iterable, Iterator, MutableMapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from graphql import (
    DocumentNode,
    EnumValueNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLField,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    IntValueNode,
    ListValueNode,
    NamedTypeNode,
    ObjectValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    ValueNode,
    VariableNode,
    is_abstract_type,
    is_object_type,
    parse,
)
from graphql.type import SchemaMetaFieldDef, TypeMetaFieldDef, TypeNameMetaFieldDef
from graphql.validation import ASTValidationRule
from strawberry.extensions import SchemaExtension

from nbc.api.settings import Settings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

MAX_JSON_DEPTH = 32
BODY_KEYS = ("query", "variables", "operationName", "extensions")
BUCKETS = 4096  # clients whose rate is remembered; the longest idle are forgotten first
KNOWN_TOKENS = 65536  # seat tokens remembered by `KnownTokens`; the least recently seen go first


class Refusal(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def error_body(code: str, message: str) -> bytes:
    return json.dumps({"data": None, "errors": [{"message": message, "extensions": {"code": code}}]}).encode()


def check_text(value: str, where: str) -> None:
    """Refuse a string a database or a client could not take: NUL characters and
    UTF-16 surrogates that stand alone (JSON's `\\ud800` escapes)."""
    if "\x00" in value:
        raise Refusal(400, "BAD_REQUEST", f"{where} contains a NUL character; send text without it")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Refusal(
            400, "BAD_REQUEST", f"{where} contains a lone UTF-16 surrogate; send valid Unicode text"
        ) from None


def check_json(value: Any, where: str, depth: int = 0) -> None:
    """Every string of `value` valid (`check_text`), no deeper than MAX_JSON_DEPTH."""
    if depth > MAX_JSON_DEPTH:
        raise Refusal(400, "BAD_REQUEST", f"the JSON is nested more than {MAX_JSON_DEPTH} deep at {where}")
    if isinstance(value, str):
        check_text(value, where)
    elif isinstance(value, dict):
        for key, item in value.items():
            check_text(key, f"{where} (a key)")
            check_json(item, f"{where}.{key}", depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            check_json(item, f"{where}[{index}]", depth + 1)


def parse_body(raw: bytes) -> dict[str, Any]:
    """The request body as a checked JSON object, or a `Refusal` saying what is wrong."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Refusal(400, "BAD_REQUEST", f"the body is not valid UTF-8 (byte {error.start})") from None
    try:
        body = json.loads(text)
    except RecursionError:
        raise Refusal(400, "BAD_REQUEST", f"the JSON is nested more than {MAX_JSON_DEPTH} deep") from None
    except ValueError as error:
        raise Refusal(400, "BAD_REQUEST", f"the body is not JSON: {error}") from None
    if not isinstance(body, dict):
        raise Refusal(
            400,
            "BAD_REQUEST",
            f'the body must be a JSON object like {{"query": "...", "variables": {{}}}}, '
            f"not {type(body).__name__ if body is not None else 'null'}",
        )
    unknown = sorted(set(body) - set(BODY_KEYS))
    if unknown:
        raise Refusal(
            400, "BAD_REQUEST", f"unknown keys {unknown} in the body; it may have {list(BODY_KEYS)}"
        )
    if not isinstance(body.get("query"), str):
        raise Refusal(400, "BAD_REQUEST", "the body needs 'query': the GraphQL document as a string")
    for key, kind in (("variables", dict), ("operationName", str), ("extensions", dict)):
        if body.get(key) is not None and not isinstance(body[key], kind):
            raise Refusal(
                400, "BAD_REQUEST", f"'{key}' must be {'an object' if kind is dict else 'a string'} or null"
            )
    check_json(body, "the body")
    return body


@dataclass(slots=True)
class Bucket:
    tokens: float
    at: float


class RateLimiter:
    """A token bucket per client: `rate` requests a second on average, bursts of
    `burst`. It remembers at most BUCKETS clients."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def allow(self, client: str) -> bool:
        if self.rate <= 0:
            return True
        now = self.clock()
        bucket = self.buckets.pop(client, None) or Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        self.buckets[client] = bucket
        while len(self.buckets) > BUCKETS:
            self.buckets.popitem(last=False)
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True


def socket_message_problem(message: Any) -> str | None:
    """What is wrong with a graphql-transport-ws message, if its shape is one the
    protocol handler would fail on: not an object, an id that is not a string, a
    subscribe payload that is not a request like an HTTP body's."""
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return 'a message must be a JSON object with a "type" string'
    if message["type"] in ("subscribe", "complete") and not isinstance(message.get("id"), str):
        return f'a {message["type"]} message needs an "id" string'
    if message["type"] == "subscribe":
        payload = message.get("payload")
        if not isinstance(payload, dict) or not isinstance(payload.get("query"), str):
            return 'a subscribe message needs a "payload" object with a "query" string'
        for key, kind in (("variables", dict), ("operationName", str), ("extensions", dict)):
            if payload.get(key) is not None and not isinstance(payload[key], kind):
                return f"'{key}' must be {'an object' if kind is dict else 'a string'} or null"
    return None


def bearer_token(header: object) -> str | None:
    """The token of an `Authorization: Bearer <token>` value, if it is one."""
    if not isinstance(header, str):
        return None
    scheme, _, token = header.partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


class KnownTokens:
    """The seat tokens this process has handed out or seen accepted, as the SHA-256
    hex digests the service stores (`hash_token` in nbc.api.service), so that the
    rate limiter can tell a real seat from a made-up token without a database read.
    At most `size` are kept; the least recently added or asked about go first. Safe
    to use from several threads (the service adds from its worker threads)."""

    def __init__(self, size: int = KNOWN_TOKENS) -> None:
        self.size = size
        self._hashes: OrderedDict[str, None] = OrderedDict()
        self._guard = threading.Lock()

    def __len__(self) -> int:
        return len(self._hashes)

    @staticmethod
    def hash(token: str) -> str:
        return hashlib.sha256(token.encode()).hexdigest()

    def add(self, token_hash: str) -> None:
        with self._guard:
            self._hashes[token_hash] = None
            self._hashes.move_to_end(token_hash)
            while len(self._hashes) > self.size:
                self._hashes.popitem(last=False)

    def knows(self, token: str) -> bool:
        return self.seat(token) is not None

    def seat(self, token: str) -> str | None:
        """The hash of `token` if it is a known seat token, else None."""
        try:
            token_hash = self.hash(token)
        except UnicodeEncodeError:  # a lone surrogate (JSON's "\ud800"): no token of ours
            return None
        with self._guard:
            if token_hash not in self._hashes:
                return None
            self._hashes.move_to_end(token_hash)
        return token_hash


def _host(text: str) -> str:
    """An address as a proxy header or a server may write it, without the port or
    the brackets of an IPv6 address (`[2001:db8::1]:4711`, `192.0.2.1:80`)."""
    text = text.strip().strip('"').strip()
    if text.startswith("["):
        return text[1 : text.find("]")] if "]" in text else text[1:]
    if text.count(":") == 1:  # an IPv4 address (or a name) with a port
        return text.split(":", 1)[0]
    return text


def _ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])  # without an IPv6 zone
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


class Proxies:
    """The peers whose forwarding headers are believed (`Settings.trusted_proxies`):
    addresses and networks (`10.0.0.0/8`, `::1`), and any other entry as a host name
    compared as written (a server may report a peer that has no IP address: a Unix
    socket's, or the name `testclient` under starlette's test client)."""

    def __init__(self, entries: Iterable[str] = ()) -> None:
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        self.names: set[str] = set()
        for entry in entries:
            entry = entry.strip()
            if not entry:
                continue
            try:
                self.networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                self.names.add(entry)

    def __bool__(self) -> bool:
        return bool(self.networks or self.names)

    def trusts(self, host: str) -> bool:
        if host in self.names:
            return True
        address = _ip(host)
        return address is not None and any(address in network for network in self.networks)


def forwarded_for(scope: Scope) -> list[str]:
    """The addresses a request passed through, as its proxies wrote them, the nearest
    last: `X-Forwarded-For` (every such header, in order), or without one, the `for=`
    of each `Forwarded` element (RFC 7239). A proxy that writes only `Forwarded` must
    drop any `X-Forwarded-For` a client sends, or a client could name its own."""
    chains: dict[bytes, list[str]] = {b"x-forwarded-for": [], b"forwarded": []}
    for name, value in scope.get("headers", ()):
        if name in chains:
            chains[name].append(value.decode("latin-1"))
    if chains[b"x-forwarded-for"]:
        return [entry.strip() for entry in ",".join(chains[b"x-forwarded-for"]).split(",") if entry.strip()]
    hops = []
    for element in ",".join(chains[b"forwarded"]).split(","):
        for pair in element.split(";"):
            key, _, value = pair.partition("=")
            if key.strip().lower() == "for" and value.strip():
                hops.append(value.strip())
    return hops


def client_address(scope: Scope, proxies: Proxies) -> str:
    """Where a request comes from: its peer's address, unless the peer is a trusted
    proxy; then the rightmost address of its forwarding headers that is not itself a
    trusted proxy (or the leftmost, when all are). A client may write anything into
    those headers, but each proxy appends the peer it saw, so the entries from the
    right up to the first untrusted one were written by trusted proxies, and that
    one is the address the outermost trusted proxy saw."""
    client = scope.get("client")
    peer = str(client[0]) if client else "?"
    if not proxies or not proxies.trusts(peer):
        return peer
    hops = [_host(hop) for hop in forwarded_for(scope)]
    hops = [hop for hop in hops if hop]
    for hop in reversed(hops):
        if not proxies.trusts(hop):
            return hop[:64]
    return hops[0][:64] if hops else peer


def address_key(address: str) -> str:
    """The rate limiter's key for an address. An IPv6 client is usually given a whole
    /64 network, so its addresses share one key."""
    ip = _ip(address)
    if isinstance(ip, ipaddress.IPv6Address):
        return f"address:{ipaddress.IPv6Network((ip, 64), strict=False)}"
    return f"address:{ip if ip is not None else address}"


def _too_fast(settings: Settings) -> str:
    return (
        f"more than {settings.rate_limit:g} requests a second from this client; "
        "wait a moment and send it again"
    )


SCOPE_KEY = "nbc.guard"  # where RequestGuard leaves itself in a WebSocket's scope


def guard_of(scope: Scope) -> RequestGuard | None:
    """The guard a WebSocket connection passed through, if any."""
    guard = scope.get(SCOPE_KEY)
    return guard if isinstance(guard, RequestGuard) else None


class RequestGuard:
    """The ASGI middleware: checks every HTTP request to `path` before the app sees it,
    and takes each WebSocket upgrade to `path` from the client's allowance."""

    def __init__(
        self,
        app: Any,
        settings: Settings,
        path: str = "/graphql",
        known_tokens: KnownTokens | None = None,
    ) -> None:
        self.app, self.settings, self.path = app, settings, path
        self.limiter = RateLimiter(settings.rate_limit, settings.rate_burst)
        self.known_tokens = known_tokens if known_tokens is not None else KnownTokens()
        self.proxies = Proxies(settings.trusted_proxies)

    def client_key(self, scope: Scope, *authorizations: object) -> str:
        """Who a request counts against: the seat of a seat token this process knows
        (`seat:<its hash>`), from the first of `authorizations` (such as a WebSocket's
        connection_init payload) or the request's Authorization header that carries
        one; otherwise its address (`client_address`). A token the server never gave
        out counts as nothing, so made-up tokens do not buy a client new allowances."""
        headers = [value for name, value in scope.get("headers", ()) if name == b"authorization"]
        for header in (*authorizations, *(value.decode("latin-1") for value in headers)):
            token = bearer_token(header)
            seat = self.known_tokens.seat(token) if token is not None else None
            if seat is not None:
                return f"seat:{seat}"
        return address_key(client_address(scope, self.proxies))

    def allows_message(self, scope: Scope, connection_params: object) -> bool:
        """Whether a WebSocket message (a `subscribe`) is within its client's allowance:
        keyed as `client_key` says, with the token of the connection_init payload
        ({"Authorization": "Bearer ..."}) tried before the upgrade's header."""
        offered = None
        if isinstance(connection_params, dict):
            offered = connection_params.get("Authorization") or connection_params.get("authorization")
        return self.limiter.allow(self.client_key(scope, offered))

    def refusal_message(self) -> str:
        return _too_fast(self.settings)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope["path"] == self.path:
            if not self.limiter.allow(self.client_key(scope)):
                await _deny_socket(
                    scope, receive, send, Refusal(429, "RATE_LIMITED", _too_fast(self.settings))
                )
                return
            scope[SCOPE_KEY] = self
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http" or scope["path"] != self.path:
            await self.app(scope, receive, send)
            return
        try:
            if not self.limiter.allow(self.client_key(scope)):
                raise Refusal(429, "RATE_LIMITED", _too_fast(self.settings))
            method = scope["method"]
            if method == "GET" and not _asks_graphql(scope):
                await self.app(scope, receive, send)  # GraphiQL's page
                return
            if method != "POST":
                asked = "a GraphQL request in the URL is" if method == "GET" else f"{method} is"
                raise Refusal(
                    405,
                    "BAD_REQUEST",
                    f"{asked} not served at /graphql: send queries and mutations as POST with a JSON "
                    "body (GET /graphql without parameters is GraphiQL's page)",
                )
            if not _is_json(scope):
                raise Refusal(
                    415, "BAD_REQUEST", "the body must be JSON, sent with 'Content-Type: application/json'"
                )
            raw = await self._read(scope, receive)
            parse_body(raw)
        except Refusal as refusal:
            await _answer(send, refusal)
            return
        await self.app(scope, _replay(raw), send)

    async def _read(self, scope: Scope, receive: Receive) -> bytes:
        limit = self.settings.max_body
        too_big = Refusal(
            413, "PAYLOAD_TOO_LARGE", f"the body is larger than {limit} bytes; send a smaller document"
        )
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                raise too_big
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise too_big
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        return b"".join(chunks)


async def _deny_socket(scope: Scope, receive: Receive, send: Send, refusal: Refusal) -> None:
    """Refuse a WebSocket upgrade: with an HTTP answer (the refusal's status and its
    GraphQL-shaped body) where the server can send one (the ASGI extension
    `websocket.http.response`, which uvicorn offers), else by closing it unaccepted
    with 1008 (policy violation) and the refusal's message as the reason."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    if "websocket.http.response" in scope.get("extensions", {}):
        body = error_body(refusal.code, refusal.message)
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        if refusal.status == 429:
            headers.append((b"retry-after", b"1"))
        await send({"type": "websocket.http.response.start", "status": refusal.status, "headers": headers})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008, "reason": refusal.message[:120]})


def _is_json(scope: Scope) -> bool:
    """Sent as application/json (the GraphQL app reads no other type as JSON)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            return value.split(b";")[0].strip().lower() == b"application/json"
    return False


def _asks_graphql(scope: Scope) -> bool:
    """A URL that carries a GraphQL request (a query, its variables...)."""
    asked = parse_qs(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
    return any(key in asked for key in BODY_KEYS)


def _replay(raw: bytes) -> Receive:
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": raw, "more_body": False}

    return receive


async def _answer(send: Send, refusal: Refusal) -> None:
    body = error_body(refusal.code, refusal.message)
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if refusal.status == 429:
        headers.append((b"retry-after", b"1"))
    if refusal.status == 405:
        headers.append((b"allow", b"GET, POST"))
    await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


# --- the document's weight ----------------------------------------------------------

# What a field costs against `Settings.max_cost`, besides what its lists hold. A
# mutation field at the top of a mutation costs as MUTATION_COST says: createMatch may
# start bots that play a whole match (BOT_SEAT_COST more for each BOT seat it lists),
# joinMatch and act may let bots play on. viewAt may rebuild a match from its start,
# one choice at a time, before it answers. Every other field costs 1.
MUTATION_COST = {"createMatch": 1000, "joinMatch": 100, "act": 100}
FIELD_COST = {"viewAt": 200}
BOT_SEAT_COST = 250
VARIABLE_BOT_SEATS = 4  # BOT seats a createMatch is priced for when its seats are a variable
# The largest `limit` the server accepts for a list, by (type, field): what a `limit`
# given as a variable is priced at (a document's price is kept with its text, so it
# cannot depend on its variables).
LIST_LIMITS = {("Match", "events"): 1000, ("Match", "choices"): 1000, ("Query", "lobby"): 200}
UNKNOWN_LIMIT = 1000  # a variable `limit` of a list that LIST_LIMITS does not name
# How many items a list without a `limit` argument holds, about, by (type, field).
LIST_SIZES = {
    ("Query", "games"): 10,
    ("Game", "variants"): 10,
    ("Query", "bots"): 20,
    ("Query", "cards"): 400,
    ("Match", "seats"): 8,
    ("Match", "prompts"): 4,
    ("Prompt", "choices"): 60,
    ("ActResult", "events"): 100,
    ("CreatedMatch", "tokens"): 8,
    ("LobbyMatch", "seats"): 8,
    ("MatchUpdate", "events"): 200,
    ("Subscription", "matchEvents"): 1,  # each message is one event
    # a match's events and choices, for a schema that serves them without `limit`
    ("Match", "events"): 200,
    ("Match", "choices"): 200,
}
LIST_SIZE = 10  # a list that neither table names
# Lists of the introspection types (`__Schema.types`, `__Type.fields`...) are priced
# as one item: their answers are bounded by the schema, not by anything a client
# stores, and GraphQL's own rule bounds how deep introspection may nest.
INTROSPECTION_LIST_SIZE = 1

PRICES = (
    "each field 1; a list of objects as many times what is asked of each item as it may "
    "hold (its `limit`, or the most a variable `limit` may be; lists without one by an "
    "estimate); createMatch 1000 and 250 for each BOT seat; joinMatch and act 100; viewAt 200"
)

Asked = tuple[SelectionSetNode, GraphQLObjectType | None]  # a selection, and for what type
Walk = Generator[Asked, int, int]


def _argument(node: FieldNode | ObjectValueNode, name: str) -> ValueNode | None:
    items = node.arguments if isinstance(node, FieldNode) else node.fields
    return next((item.value for item in items or () if item.name.value == name), None)


def bot_seats(node: FieldNode) -> int:
    """The BOT seats a createMatch field asks for, as far as its document says: each
    seat of `input.seats` written with `kind: BOT`; a seat, a kind or `input` itself
    given as a variable counts as BOT seats (VARIABLE_BOT_SEATS of them for a whole
    list)."""
    given = _argument(node, "input")
    if isinstance(given, VariableNode):
        return VARIABLE_BOT_SEATS
    if not isinstance(given, ObjectValueNode):
        return 0
    seats = _argument(given, "seats")
    if isinstance(seats, VariableNode):
        return VARIABLE_BOT_SEATS
    items = seats.values if isinstance(seats, ListValueNode) else [seats] if seats is not None else []
    count = 0
    for item in items:
        kind = _argument(item, "kind") if isinstance(item, ObjectValueNode) else item
        if isinstance(kind, VariableNode) or (isinstance(kind, EnumValueNode) and kind.value == "BOT"):
            count += 1
    return count


class Pricing:
    """What answering a document may cost: each selection is priced once for each
    object type it may be asked of (kept in `known`), so a fragment spread many times
    costs no more work than one spread once, and the walk over a document takes time
    in proportion to its size (times the object types a selection may stand for).
    Sums stop at `cap`: a selection that costs that much costs `cap`, and its other
    fields are not looked at. The walk keeps its own stack (`_run`), so fragments
    nested hundreds deep do not overflow Python's.

    Without a schema (`schema` None) or for a type the schema does not have, fields
    are counted untyped: each costs 1 and lists count as one item. That count is also
    taken of every document as a floor of its price, so that what GraphQL's validation
    will look at (fragments that cannot apply, unknown fields) is bounded too."""

    def __init__(self, document: DocumentNode, schema: GraphQLSchema | None, cap: int) -> None:
        self.schema, self.cap = schema, cap
        self.fragments = {
            d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
        }
        self.known: dict[tuple[int, str | None], int] = {}

    def operation(self, operation: OperationDefinitionNode) -> int:
        root = self.schema.get_root_type(operation.operation) if self.schema is not None else None
        typed = self._run((operation.selection_set, root)) if root is not None else 0
        return max(typed, self._run((operation.selection_set, None)))

    def _add(self, a: int, b: int) -> int:
        return min(self.cap, a + b)

    def _run(self, asked: Asked) -> int:
        """The price of `asked`, walking the selections with an explicit stack of
        generators: each yields the sub-selections it needs priced, and is sent back
        their prices. A selection met again while it is being priced (a fragment
        cycle, which validation refuses) costs nothing the second time."""
        key = self._key(asked)
        if key in self.known:
            return self.known[key]
        self.known[key] = 0
        stack: list[tuple[tuple[int, str | None], Walk]] = [(key, self._selection(*asked))]
        reply: int | None = None
        while True:
            key, walk = stack[-1]
            try:
                wanted = walk.send(reply) if reply is not None else next(walk)
            except StopIteration as done:
                self.known[key] = reply = done.value
                stack.pop()
                if not stack:
                    return reply
                continue
            wanted_key = self._key(wanted)
            if wanted_key in self.known:
                reply = self.known[wanted_key]
            else:
                self.known[wanted_key] = 0
                stack.append((wanted_key, self._selection(*wanted)))
                reply = None

    @staticmethod
    def _key(asked: Asked) -> tuple[int, str | None]:
        return id(asked[0]), asked[1].name if asked[1] is not None else None

    def _selection(self, selection_set: SelectionSetNode, kind: GraphQLObjectType | None) -> Walk:
        total = 0
        for node in selection_set.selections:
            if isinstance(node, FieldNode):
                cost = yield from self._field(node, kind)
            elif isinstance(node, InlineFragmentNode):
                cost = yield from self._fragment(node.type_condition, node.selection_set, kind)
            elif isinstance(node, FragmentSpreadNode):
                fragment = self.fragments.get(node.name.value)
                if fragment is None:  # validation names it
                    continue
                cost = yield from self._fragment(fragment.type_condition, fragment.selection_set, kind)
            else:
                continue
            total = self._add(total, cost)
            if total >= self.cap:
                break
        return total

    def _fragment(
        self, condition: NamedTypeNode | None, selection_set: SelectionSetNode, kind: GraphQLObjectType | None
    ) -> Walk:
        """A fragment's price for an object of type `kind`: nothing when its type
        condition cannot hold for it."""
        if kind is None or condition is None:
            return (yield (selection_set, kind))
        assert self.schema is not None
        wanted = self.schema.get_type(condition.name.value)
        if wanted is None:  # an unknown type: validation names it (the untyped count prices it)
            return 0
        if wanted is kind or (is_abstract_type(wanted) and self.schema.is_sub_type(wanted, kind)):  # type: ignore[arg-type]
            return (yield (selection_set, kind))
        return 0

    def _definition(self, kind: GraphQLObjectType, name: str) -> GraphQLField | None:
        assert self.schema is not None
        if name == "__typename":
            return TypeNameMetaFieldDef
        if kind is self.schema.query_type and name in ("__schema", "__type"):
            return SchemaMetaFieldDef if name == "__schema" else TypeMetaFieldDef
        return kind.fields.get(name)

    def _field(self, node: FieldNode, kind: GraphQLObjectType | None) -> Walk:
        name = node.name.value
        if kind is None:
            if node.selection_set is None:
                return 1
            return self._add(1, (yield (node.selection_set, None)))
        definition = self._definition(kind, name)
        if definition is None:  # validation names it (the untyped count prices it)
            return 1
        assert self.schema is not None
        if kind is self.schema.mutation_type:
            price = MUTATION_COST.get(name, 1)
            if name == "createMatch":
                price = self._add(price, BOT_SEAT_COST * bot_seats(node))
        else:
            price = FIELD_COST.get(name, 1)
        if node.selection_set is None:
            return price  # a scalar, or a list of scalars
        lists, of = 0, definition.type
        while isinstance(of, GraphQLNonNull | GraphQLList):
            lists += isinstance(of, GraphQLList)
            of = of.of_type
        if is_object_type(of):
            kinds: list[GraphQLObjectType] = [of]  # type: ignore[list-item]
        elif is_abstract_type(of):
            kinds = list(self.schema.get_possible_types(of))  # type: ignore[arg-type]
        else:
            return price
        each = 0  # the dearest of what an item may be
        for member in kinds:
            each = max(each, (yield (node.selection_set, member)))
            if each >= self.cap:
                break
        if lists:
            size = self._size(kind, definition, node)
            for _ in range(lists):  # a list of lists: each level as long
                each = min(self.cap, each * size)
        return self._add(price, each)

    def _size(self, kind: GraphQLObjectType, definition: GraphQLField, node: FieldNode) -> int:
        """How many items a list field's answer may hold: its `limit` argument as
        written, or its default when left out, or the largest a variable may ask
        (LIST_LIMITS); for a list without a `limit` argument, LIST_SIZES' estimate."""
        name = node.name.value
        if kind.name.startswith("__"):
            return INTROSPECTION_LIST_SIZE
        argument = definition.args.get("limit")
        if argument is None:
            return LIST_SIZES.get((kind.name, name), LIST_SIZE)
        given = _argument(node, "limit")
        if isinstance(given, IntValueNode):
            return max(0, int(given.value))
        default = argument.default_value
        if given is None and isinstance(default, int) and not isinstance(default, bool):
            return max(0, default)
        return LIST_LIMITS.get((kind.name, name), UNKNOWN_LIMIT)


def crowded(document: DocumentNode, max_selections: int) -> str | None:
    """What is wrong, if a selection of the document (anywhere, fragments included)
    lists more than `max_selections` fields."""
    waiting = [
        d.selection_set
        for d in document.definitions
        if isinstance(d, OperationDefinitionNode | FragmentDefinitionNode)
    ]
    while waiting:
        selection_set = waiting.pop()
        if len(selection_set.selections) > max_selections:
            return (
                f"a selection lists {len(selection_set.selections)} fields; at most {max_selections} "
                "may be asked together"
            )
        waiting.extend(
            node.selection_set
            for node in selection_set.selections
            if not isinstance(node, FragmentSpreadNode) and node.selection_set is not None
        )
    return None


def weigh(
    document: DocumentNode,
    max_selections: int,
    schema: GraphQLSchema | None = None,
    limit: int | None = None,
) -> tuple[int, str | None]:
    """The document's cost (`Pricing`, with the prices PRICES lists; fragments counted
    where they are spread) and, if a selection lists more than `max_selections`
    fields, what is wrong. With a `limit`, the cost is worked out only as far as
    `limit + 1`: a document that costs more is said to cost `limit + 1`."""
    problem = crowded(document, max_selections)
    cap = limit + 1 if limit is not None else 2**62
    pricing = Pricing(document, schema, cap)
    total = 0
    for definition in document.definitions:
        if isinstance(definition, OperationDefinitionNode):
            total = min(cap, total + pricing.operation(definition))
            if total >= cap:
                break
    return total, problem


class DocumentCache:
    """Parsed documents, and what their checks found, by the document's text; the
    least recently used go first. Bounded in entries and in the characters of the
    texts it keeps: a parsed document holds every token of its text, some 60 bytes
    a character, so distinct long documents under a bound on entries alone would
    hold hundreds of megabytes. Texts over `longest` characters are not kept."""

    def __init__(self, entries: int = 256, budget: int = 128 * 1024, longest: int = 8 * 1024) -> None:
        self.entries, self.budget, self.longest = entries, budget, longest
        self.size = 0  # characters of the texts kept
        self._kept: OrderedDict[str, list[Any]] = OrderedDict()  # text -> [document, errors or None]
        self._guard = threading.Lock()

    def __len__(self) -> int:
        return len(self._kept)

    def document(self, text: str, make: Callable[[str], DocumentNode]) -> DocumentNode:
        with self._guard:
            entry = self._kept.get(text)
            if entry is not None:
                self._kept.move_to_end(text)
                return entry[0]
        document = make(text)
        if len(text) <= self.longest:
            with self._guard:
                if text not in self._kept:
                    self._kept[text] = [document, None]
                    self.size += len(text)
                while len(self._kept) > self.entries or self.size > self.budget:
                    gone, _ = self._kept.popitem(last=False)
                    self.size -= len(gone)
        return document

    def errors(
        self, text: str, document: DocumentNode, check: Callable[[], list[GraphQLError]]
    ) -> list[GraphQLError]:
        """What `check` finds in `document`, worked out once for a kept document."""
        with self._guard:
            entry = self._kept.get(text)
        if entry is None or entry[0] is not document:
            return check()
        if entry[1] is None:
            entry[1] = check()
        return list(entry[1])


class DocumentChecks(SchemaExtension):
    """What every GraphQL operation passes through, as one schema extension (one
    set of hooks per request):

    - parsing through a `DocumentCache`, with at most `max_tokens` tokens; a document
      that does not parse is left to strawberry's own parsing, which reports the
      syntax error: over HTTP as BAD_REQUEST, over a WebSocket by closing it with 4400;
    - validation with a price list in front of it: a document that costs more than
      `max_cost` or lists more than `max_selections` fields in one selection is
      refused before GraphQL's own validation (whose cost grows with the square of
      the fields that share a name) looks at it; GraphQL's validation then runs
      with the `extra_rules` (depth and aliases) added. What was found is kept with
      the document."""

    def __init__(
        self,
        cache: DocumentCache,
        *,
        max_tokens: int,
        max_cost: int,
        max_selections: int,
        extra_rules: tuple[type[ASTValidationRule], ...] = (),
    ) -> None:
        super().__init__()
        self.cache = cache
        self.max_tokens, self.max_cost, self.max_selections = max_tokens, max_cost, max_selections
        self.extra_rules = extra_rules

    def on_operation(self) -> Iterator[None]:
        context = self.execution_context
        context.parse_options["max_tokens"] = self.max_tokens
        context.validation_rules = (*context.validation_rules, *self.extra_rules)
        yield

    def on_parse(self) -> Iterator[None]:
        context = self.execution_context
        if isinstance(context.query, str):
            with suppress(Exception):
                context.graphql_document = self.cache.document(
                    context.query, lambda text: parse(text, **context.parse_options)
                )
        yield

    def on_validate(self) -> Iterator[None]:
        context = self.execution_context
        document = context.graphql_document
        assert document is not None

        def check() -> list[GraphQLError]:
            from strawberry.schema.schema import validate_document

            cost, problem = weigh(document, self.max_selections, context.schema._schema, self.max_cost)
            if problem is None and cost > self.max_cost:
                problem = (
                    f"the document costs more than {self.max_cost}, the most one request may cost "
                    f"(prices: {PRICES}); ask for fewer fields, smaller pages (`limit`) or fewer "
                    "bots, or split it into several requests"
                )
            if problem is not None:
                return [GraphQLError(problem, extensions={"code": "BAD_REQUEST"})]
            return validate_document(context.schema._schema, document, list(context.validation_rules))

        context.pre_execution_errors = self.cache.errors(context.query or "", document, check)
        yield
