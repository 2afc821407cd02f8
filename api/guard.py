"""What a request must pass before any GraphQL work is done on it.

`RequestGuard` sits in front of `/graphql` (an ASGI middleware). For every HTTP
request it checks, in this order, and refuses with a GraphQL-shaped error body:

- the client's rate (a token bucket per seat token, or per address without one):
  429, `RATE_LIMITED`;
- the method: POST, or GET without GraphQL parameters (GraphiQL's page): else 405,
  `BAD_REQUEST` (a GraphQL request in a URL would pass by every check below);
- the content type, `application/json`: else 415, `BAD_REQUEST`;
- the body's size (`max_body` bytes): 413, `PAYLOAD_TOO_LARGE`;
- the body is UTF-8 JSON: an object with `query` (a string), `variables` (an object
  or null), `operationName` (a string or null) and no other key but `extensions`;
  nested at most `MAX_JSON_DEPTH` deep; every string free of NUL characters and of
  lone surrogates: else 400, `BAD_REQUEST`.

A WebSocket message is checked by `socket_message_problem` (see nbc.api.app).

`DocumentChecks` (a schema extension) then parses the document and weighs it before
it is validated: tokens, fields per selection and in all, and what its mutations
cost (each `createMatch` may start bots that play a whole match). It keeps what it
found in a `DocumentCache`, which is bounded in size as well as in entries.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    parse,
)
from graphql.validation import ASTValidationRule
from strawberry.extensions import SchemaExtension

from nbc.api.settings import Settings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

MAX_JSON_DEPTH = 32
BODY_KEYS = ("query", "variables", "operationName", "extensions")
# What one mutation field costs against `Settings.max_cost` (any other field costs 1,
# except those FIELD_COST names, wherever they are asked).
MUTATION_COST = {"createMatch": 50, "joinMatch": 5, "act": 5}
# viewAt may rebuild a match from its start (one choice at a time) before it answers
FIELD_COST = {"viewAt": 10}
BUCKETS = 4096  # clients whose rate is remembered; the longest idle are forgotten first


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


def client_key(scope: Scope) -> str:
    """A seat token's holder is one client, wherever it connects from; without a
    token, the address is."""
    for name, value in scope.get("headers", ()):
        if name == b"authorization":
            return "token:" + value.decode("latin-1")[-64:]
    client = scope.get("client")
    return f"address:{client[0] if client else '?'}"


class RequestGuard:
    """The ASGI middleware: checks every HTTP request to `path` before the app sees it."""

    def __init__(self, app: Any, settings: Settings, path: str = "/graphql") -> None:
        self.app, self.settings, self.path = app, settings, path
        self.limiter = RateLimiter(settings.rate_limit, settings.rate_burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != self.path:
            await self.app(scope, receive, send)
            return
        try:
            if not self.limiter.allow(client_key(scope)):
                raise Refusal(
                    429,
                    "RATE_LIMITED",
                    f"more than {self.settings.rate_limit:g} requests a second from this client; "
                    "wait a moment and send it again",
                )
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


def weigh(document: DocumentNode, max_selections: int) -> tuple[int, str | None]:
    """The document's cost (every field 1, a mutation as MUTATION_COST says, the fields
    FIELD_COST names as it says, fragments counted where they are spread) and, if a
    selection lists more than `max_selections` fields, what is wrong."""
    fragments = {d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)}
    total = 0
    problem: str | None = None

    def walk(selection_set: SelectionSetNode | None, top_mutation: bool, seen: tuple[str, ...]) -> None:
        nonlocal total, problem
        if selection_set is None:
            return
        if len(selection_set.selections) > max_selections and problem is None:
            problem = (
                f"a selection lists {len(selection_set.selections)} fields; at most {max_selections} "
                "may be asked together"
            )
        for node in selection_set.selections:
            if isinstance(node, FieldNode):
                name = node.name.value
                total += MUTATION_COST.get(name, 1) if top_mutation else FIELD_COST.get(name, 1)
                walk(node.selection_set, False, seen)
            elif isinstance(node, InlineFragmentNode):
                walk(node.selection_set, top_mutation, seen)
            elif isinstance(node, FragmentSpreadNode):
                name = node.name.value
                if name in fragments and name not in seen:  # a cycle is GraphQL's own error
                    walk(fragments[name].selection_set, top_mutation, (*seen, name))

    for definition in document.definitions:
        if isinstance(definition, OperationDefinitionNode):
            walk(definition.selection_set, definition.operation == OperationType.MUTATION, ())
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

            cost, problem = weigh(document, self.max_selections)
            if problem is None and cost > self.max_cost:
                problem = (
                    f"the document costs {cost} (each field 1, createMatch 50, viewAt 10, joinMatch and "
                    f"act 5); at most {self.max_cost} is served in one request: split it"
                )
            if problem is not None:
                return [GraphQLError(problem, extensions={"code": "BAD_REQUEST"})]
            return validate_document(context.schema._schema, document, list(context.validation_rules))

        context.pre_execution_errors = self.cache.errors(context.query or "", document, check)
        yield
