"""The ASGI application: GraphQL over HTTP and WebSocket at /graphql, GraphiQL for
browsers (its scripts served from this package), the browser client at / (see
nbc.api.web), and /healthz."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
from collections.abc import AsyncIterator
from typing import Any

from cross_web import HTTPException
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import Receive, Scope, Send
from strawberry.asgi import GraphQL
from strawberry.http import GraphQLHTTPResponse
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import BaseGraphQLTransportWSHandler
from strawberry.types import ExecutionResult

from nbc import __version__
from nbc.api.affinity import pin_from_environment
from nbc.api.botpool import BotPool
from nbc.api.botqueue import BotQueue
from nbc.api.connections import ConcurrencyLimit
from nbc.api.guard import RequestGuard, error_body, guard_of, socket_message_problem
from nbc.api.schema import build_schema
from nbc.api.service import MatchService
from nbc.api.settings import Settings
from nbc.api.storage import Store, make_engine
from nbc.api.web import graphiql_html, web_routes
from nbc.core.host import PluginHost


class CheckedSocket(BaseGraphQLTransportWSHandler):
    """graphql-transport-ws, closing the socket (4400, with the reason) on a message
    whose shape the protocol's own handler would fail on. Each `subscribe` (a query,
    a mutation or a subscription) is taken from its client's allowance, as an HTTP
    request is (`RequestGuard.allows_message`): over it, the operation gets an `error`
    message for its id, code RATE_LIMITED, and the socket stays open."""

    async def handle_message(self, message: Any) -> None:
        problem = socket_message_problem(message)
        if problem is not None:
            await self.handle_invalid_message(problem)
            return
        refused = self._over_rate(message["id"]) if message["type"] == "subscribe" else None
        if refused is not None:
            error = {"message": refused, "extensions": {"code": "RATE_LIMITED"}}
            await self.send_message({"id": message["id"], "type": "error", "payload": [error]})
            return
        await super().handle_message(message)

    def _over_rate(self, operation_id: str) -> str | None:
        """Why a `subscribe` is refused for its client's rate, if it is."""
        if not self.connection_acknowledged or operation_id in self.operations:
            return None  # the protocol's handler closes the socket for these
        context = self.context if isinstance(self.context, dict) else {}
        scope = getattr(context.get("request"), "scope", None)
        guard = guard_of(scope) if isinstance(scope, dict) else None
        if guard is None or guard.allows_message(scope, context.get("connection_params")):
            return None
        return guard.refusal_message()


# What an HTTP answer may hold (dict entries and list items, a long string counting
# one for each 64 characters) and still be encoded on the event loop. Encoding costs
# about 0.1 µs an item, handing it to a thread and back some 50 µs: an act's answer
# (a few hundred items) stays on the loop, and a page of hundreds of events, which
# would hold every other client up for milliseconds, goes to the loop's executor.
ENCODE_ON_LOOP = 1000


class EncodedAnswer(dict[str, Any]):
    """A GraphQL answer with its JSON already made (`body`), and the HTTP status to
    send it with when it is not strawberry's own."""

    def __init__(self, answer: dict[str, Any], body: bytes, status: int | None = None) -> None:
        super().__init__(answer)
        self.body, self.status = body, status


def outweighs(value: Any, budget: int) -> bool:
    """Whether a JSON value holds more than `budget` items (as ENCODE_ON_LOOP counts
    them), counted only as far as that: the walk costs about half what encoding does.
    Only plain dicts and lists are looked into (what GraphQL's execution makes, and
    the JSON the games give): other containers are counted as one item, which may
    leave a large answer to be encoded on the loop, but never lets a too large one
    through (`max_response` is checked on the JSON itself)."""
    waiting = [value]
    while waiting:
        item = waiting.pop()
        budget -= len(item)
        if budget < 0:
            return True
        for inner in item.values() if type(item) is dict else item:
            kind = type(inner)
            if kind is dict or kind is list:
                waiting.append(inner)
            elif kind is str and len(inner) > 64:
                budget -= len(inner) >> 6
    return budget < 0


def encode(answer: Any) -> bytes:
    return json.dumps(answer, separators=(",", ":")).encode()


class GraphQLApp(GraphQL):
    """strawberry's ASGI app, answering its own refusals (a missing query, an unknown
    operationName...) as GraphQL errors with a code, like every other refusal.

    An answer over HTTP is encoded once, in `process_result`: on the event loop when
    it is small (`ENCODE_ON_LOOP`), else in a thread, so one large answer does not
    hold up every other client. An answer whose JSON is larger than `max_response`
    bytes is not sent: the client gets instead HTTP 400 with one error, code
    RESPONSE_TOO_LARGE, that says how large the answer was and to ask for less (a
    smaller `limit` on the lists, fewer fields) or in pages. It is 400, as the other
    refusals of what a request asks for are: the same request would be refused again,
    and it is the client's to change. What the operation did stands (a mutation's
    effects are kept; only its answer is dropped)."""

    graphql_transport_ws_handler_class = CheckedSocket
    max_response = 4 * 1024 * 1024

    def __init__(self, *args: Any, max_response: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if max_response is not None:
            self.max_response = max_response

    @property
    def graphql_ide_html(self) -> str:
        # strawberry's own page loads GraphiQL from a CDN; this one from /web/vendor/.
        return graphiql_html()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        try:
            response = await self.run(Request(scope=scope, receive=receive))
        except HTTPException as refusal:
            response = Response(
                error_body("BAD_REQUEST", refusal.reason),
                status_code=refusal.status_code,
                media_type="application/json",
            )
        await response(scope, receive, send)

    async def process_result(self, request: Any, result: ExecutionResult) -> GraphQLHTTPResponse:
        answer = await super().process_result(request, result)
        if isinstance(answer, dict) and outweighs(answer, ENCODE_ON_LOOP):
            body = await asyncio.get_running_loop().run_in_executor(None, encode, answer)
        else:
            body = encode(answer)
        if len(body) > self.max_response:
            message = (
                f"the answer would be {len(body)} bytes of JSON, over the {self.max_response} bytes "
                "one answer may be; ask for less: fewer fields, or long lists a page at a time "
                "with a smaller `limit`"
            )
            refusal = {
                "data": None,
                "errors": [{"message": message, "extensions": {"code": "RESPONSE_TOO_LARGE"}}],
            }
            return EncodedAnswer(refusal, encode(refusal), 400)  # type: ignore[return-value]
        return EncodedAnswer(answer, body)  # type: ignore[return-value,arg-type]

    def encode_json(self, data: object) -> str | bytes:
        if isinstance(data, EncodedAnswer):
            return data.body
        return super().encode_json(data)

    def create_response(self, response_data: Any, sub_response: Response) -> Response:
        response = super().create_response(response_data, sub_response)
        if isinstance(response_data, EncodedAnswer) and response_data.status is not None:
            response.status_code = response_data.status
        return response

    def decode_json(self, data: str | bytes) -> object:
        # JSON nested deeper than the interpreter's recursion limit (a WebSocket
        # message; HTTP bodies are checked by the guard) is JSON this server cannot read.
        try:
            return json.loads(data)
        except RecursionError:
            raise json.JSONDecodeError("nested too deep", "", 0) from None


def create_app(settings: Settings | None = None, host: PluginHost | None = None) -> Starlette:
    """Build the app. Without arguments, settings come from NBC_* variables (that is
    how `uvicorn --factory nbc.api.app:create_app` and `nbc serve` start it)."""
    settings = settings or Settings.from_env()
    host = host or PluginHost.load()
    service = MatchService(
        host,
        Store(make_engine(settings.database_url)),
        settings.snapshot_every,
        BotPool(settings.bot_processes),
        BotQueue(settings.bot_threads),
    )
    schema = build_schema(service, settings)
    graphql = GraphQLApp(
        schema,
        graphql_ide="graphiql",
        allow_queries_via_get=False,  # the guard refuses them first
        subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
        max_response=settings.max_response,
    )

    async def healthz(request: Request) -> JSONResponse:
        return JSONResponse(
            {"status": "ok", "version": __version__, "games": sorted(host.games)},
        )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        stop = service.store.listen(service.watchers.wake)  # other processes' moves
        try:
            yield
        finally:
            stop()
            service.bots.close()
            service.bot_pool.close()

    app = Starlette(
        lifespan=lifespan,
        routes=[
            Route("/healthz", healthz),
            Route("/graphql", graphql, methods=["GET", "POST"]),
            WebSocketRoute("/graphql", graphql),
            *web_routes(host),
        ],
    )
    app.state.service = service
    app.state.schema = schema
    # The guard keys the rate limit on the seat of a token the service knows.
    app.add_middleware(RequestGuard, settings=settings, known_tokens=getattr(service, "known_tokens", None))
    app.add_middleware(ConcurrencyLimit, settings=settings)  # outermost: refuses before the guard reads
    return app


def serve_app() -> Starlette:
    """`create_app` for a server process (`nbc serve` and each of its workers). Once the
    app is built, what it loaded (plugins, catalogues, the schema: some 120,000 objects
    that live as long as the process) is moved out of the garbage collector's sight, so
    a full pass scans only what requests keep alive. (Rarer young passes would save a
    little more time, but let junk requests' garbage pile up: see the memory test in
    tests/api/test_reliability.py.) Under `nbc serve --pin-cpus` the process first
    takes a CPU of its own (nbc.api.affinity)."""
    pin_from_environment()
    app = create_app()
    gc.collect()
    gc.freeze()
    return app


def schema_sdl(app: Any) -> str:
    return app.state.schema.as_str() + "\n"
