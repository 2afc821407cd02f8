"""The ASGI application: GraphQL over HTTP and WebSocket at /graphql, GraphiQL for
browsers (its scripts served from this package), the browser client at / (see
nbc.api.web), and /healthz."""

from __future__ import annotations

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
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL
from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import BaseGraphQLTransportWSHandler

from nbc import __version__
from nbc.api.affinity import pin_from_environment
from nbc.api.botpool import BotPool
from nbc.api.guard import RequestGuard, error_body, socket_message_problem
from nbc.api.schema import build_schema
from nbc.api.service import MatchService
from nbc.api.settings import Settings
from nbc.api.storage import Store, make_engine
from nbc.api.web import graphiql_html, web_routes
from nbc.core.host import PluginHost


class CheckedSocket(BaseGraphQLTransportWSHandler):
    """graphql-transport-ws, closing the socket (4400, with the reason) on a message
    whose shape the protocol's own handler would fail on."""

    async def handle_message(self, message: Any) -> None:
        problem = socket_message_problem(message)
        if problem is not None:
            await self.handle_invalid_message(problem)
            return
        await super().handle_message(message)


class GraphQLApp(GraphQL):
    """strawberry's ASGI app, answering its own refusals (a missing query, an unknown
    operationName...) as GraphQL errors with a code, like every other refusal."""

    graphql_transport_ws_handler_class = CheckedSocket

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
    )
    schema = build_schema(service, settings)
    graphql = GraphQLApp(
        schema,
        graphql_ide="graphiql",
        allow_queries_via_get=False,  # the guard refuses them first
        subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
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
    app.add_middleware(RequestGuard, settings=settings)
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
