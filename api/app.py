"""The ASGI application: GraphQL over HTTP and WebSocket at /graphql, GraphiQL for
browsers, and /healthz."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse
from starlette.routing import Route, WebSocketRoute
from strawberry.asgi import GraphQL
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL

from nbc import __version__
from nbc.api.guard import RequestGuard
from nbc.api.schema import build_schema
from nbc.api.service import MatchService
from nbc.api.settings import Settings
from nbc.api.storage import Store, make_engine
from nbc.core.host import PluginHost


def create_app(settings: Settings | None = None, host: PluginHost | None = None) -> Starlette:
    """Build the app. Without arguments, settings come from NBC_* variables (that is
    how `uvicorn --factory nbc.api.app:create_app` and `nbc serve` start it)."""
    settings = settings or Settings.from_env()
    host = host or PluginHost.load()
    service = MatchService(host, Store(make_engine(settings.database_url)), settings.snapshot_every)
    schema = build_schema(service, settings)
    graphql = GraphQL(
        schema,
        graphql_ide="graphiql",
        subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,),
    )

    async def healthz(request: Request) -> JSONResponse:
        return JSONResponse(
            {"status": "ok", "version": __version__, "games": sorted(host.games)},
        )

    async def home(request: Request) -> RedirectResponse:
        return RedirectResponse("/graphql")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        stop = service.store.listen(service.watchers.wake)  # other processes' moves
        try:
            yield
        finally:
            stop()

    app = Starlette(
        lifespan=lifespan,
        routes=[
            Route("/", home),
            Route("/healthz", healthz),
            Route("/graphql", graphql, methods=["GET", "POST"]),
            WebSocketRoute("/graphql", graphql),
        ],
    )
    app.state.service = service
    app.state.schema = schema
    app.add_middleware(RequestGuard, settings=settings)
    return app


def schema_sdl(app: Any) -> str:
    return app.state.schema.as_str() + "\n"
