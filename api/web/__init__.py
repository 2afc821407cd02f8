"""The browser client: a page at `/`, its ES modules and styles under `/web/`, the
tables plugins ship under `/web/plugins/<game>/`, and GraphiQL's page at `/graphql`
with its scripts served from this package (docs/web.md describes the client).

Everything the browser loads comes from this server: no file here names another
origin, so the client works without internet access.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from nbc.core.host import PluginHost

STATIC = Path(__file__).parent / "static"
GRAPHIQL_PAGE = STATIC / "graphiql.html"
# Modules change with the package; the browser asks again each time (a 304 is cheap).
NO_STORE = {"Cache-Control": "no-cache"}


class Static(StaticFiles):
    """Starlette's static files, answered with `Cache-Control: no-cache` and
    `X-Content-Type-Options: nosniff`, and `.js` always as JavaScript (module scripts
    are refused by browsers under any other type, and the platform's MIME table may
    lack it)."""

    def file_response(self, full_path, stat_result, scope, status_code=200) -> Response:  # type: ignore[override]
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers.update(NO_STORE)
        response.headers["X-Content-Type-Options"] = "nosniff"
        suffix = Path(str(full_path)).suffix
        if suffix in CONTENT_TYPES:
            response.headers["content-type"] = CONTENT_TYPES[suffix]
        return response


CONTENT_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
}


def graphiql_html() -> str:
    """GraphiQL's page, its scripts and styles taken from /web/vendor/."""
    return GRAPHIQL_PAGE.read_text(encoding="utf-8")


def web_routes(host: PluginHost) -> list[BaseRoute]:
    """The routes of the browser client; `create_app` puts them beside /graphql."""
    tables = host.web_tables()

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type=CONTENT_TYPES[".html"], headers=NO_STORE)

    async def plugin_tables(request: Request) -> JSONResponse:
        """Which games draw their own table, and the module that does it."""
        return JSONResponse(
            {game: f"/web/plugins/{game}/{table.module}" for game, table in sorted(tables.items())},
            headers=NO_STORE,
        )

    routes: list[BaseRoute] = [
        Route("/", index),
        Route("/web/plugins.json", plugin_tables),
    ]
    routes += [
        Mount(f"/web/plugins/{game}", Static(directory=Path(table.folder)), name=f"table-{game}")
        for game, table in sorted(tables.items())
    ]
    routes.append(Mount("/web", Static(directory=STATIC), name="web"))
    return routes
