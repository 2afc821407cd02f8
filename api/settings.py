"""Server settings, from `NBC_*` environment variables or the command line."""

from __future__ import annotations

import os
from dataclasses import dataclass

DEFAULT_DATABASE = "sqlite:///./nbc.db"


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str = DEFAULT_DATABASE
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    snapshot_every: int = 50  # save a full snapshot every this many choices
    bot_processes: int = 2  # processes in which search bots think (0: in the bot queue's threads)
    bot_threads: int = 2  # threads that play bot seats (nbc.api.botqueue); never a request's
    max_depth: int = 12  # GraphQL query depth limit
    max_tokens: int = 4000  # GraphQL document size limit, in tokens
    max_aliases: int = 30
    max_body: int = 64 * 1024  # bytes of one request body
    max_cost: int = 10000  # what one document may cost (guard.weigh; its prices: guard.PRICES)
    max_selections: int = 60  # fields asked together in one selection
    rate_limit: float = 500.0  # requests a second per client, on average (0: no limit)
    rate_burst: float = 1000.0  # requests a client may send at once
    # Peers whose X-Forwarded-For / Forwarded headers name the client (addresses, CIDR
    # networks or host names; guard.client_address). Without any, those headers are ignored.
    trusted_proxies: tuple[str, ...] = ()
    max_response: int = 4 * 1024 * 1024  # bytes of one GraphQL answer over HTTP; beyond, RESPONSE_TOO_LARGE
    # What uvicorn holds each connection to (`uvicorn_limits`; docs/api.md, "Limits").
    ws_max_size: int = 64 * 1024  # bytes of one WebSocket message; beyond, closed with 1009
    ws_max_queue: int = 32  # WebSocket messages received and not yet handled, per connection
    ws_ping_interval: float = 20.0  # seconds between pings on an idle WebSocket
    ws_ping_timeout: float = 20.0  # seconds a ping may wait for its pong before the socket closes
    max_header: int = 16 * 1024  # bytes of an HTTP request's head (line and headers); beyond, 400
    # /graphql requests at work plus /graphql WebSockets open, per worker (nbc.api.connections);
    # beyond, 503 UNAVAILABLE or a WebSocket closed with 1013. /healthz and static files never count.
    limit_concurrency: int = 1000
    timeout_keep_alive: int = 5  # seconds an idle keep-alive HTTP connection stays open
    # What nbc.api.connections holds each connection to (docs/api.md, "Limits").
    head_timeout: float = 10.0  # seconds to complete a request head, from the open or the last answer
    max_connections_per_client: int = 64  # connections open from one address, per worker; beyond, closed

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        env = os.environ
        values: dict[str, object] = {
            "database_url": env.get("NBC_DATABASE_URL", DEFAULT_DATABASE),
            "host": env.get("NBC_HOST", "127.0.0.1"),
            "port": int(env.get("NBC_PORT", "8000")),
            "workers": int(env.get("NBC_WORKERS", "1")),
            "snapshot_every": int(env.get("NBC_SNAPSHOT_EVERY", "50")),
            "bot_processes": int(env.get("NBC_BOT_PROCESSES", "2")),
            "bot_threads": int(env.get("NBC_BOT_THREADS", "2")),
            "max_depth": int(env.get("NBC_MAX_DEPTH", "12")),
            "max_tokens": int(env.get("NBC_MAX_TOKENS", "4000")),
            "max_aliases": int(env.get("NBC_MAX_ALIASES", "30")),
            "max_body": int(env.get("NBC_MAX_BODY", str(64 * 1024))),
            "max_cost": int(env.get("NBC_MAX_COST", "10000")),
            "max_selections": int(env.get("NBC_MAX_SELECTIONS", "60")),
            "rate_limit": float(env.get("NBC_RATE_LIMIT", "500")),
            "rate_burst": float(env.get("NBC_RATE_BURST", "1000")),
            "trusted_proxies": tuple(
                entry.strip() for entry in env.get("NBC_TRUSTED_PROXIES", "").split(",") if entry.strip()
            ),
            "max_response": int(env.get("NBC_MAX_RESPONSE", str(4 * 1024 * 1024))),
            "ws_max_size": int(env.get("NBC_WS_MAX_SIZE", str(64 * 1024))),
            "ws_max_queue": int(env.get("NBC_WS_MAX_QUEUE", "32")),
            "ws_ping_interval": float(env.get("NBC_WS_PING_INTERVAL", "20")),
            "ws_ping_timeout": float(env.get("NBC_WS_PING_TIMEOUT", "20")),
            "max_header": int(env.get("NBC_MAX_HEADER", str(16 * 1024))),
            "limit_concurrency": int(env.get("NBC_LIMIT_CONCURRENCY", "1000")),
            "timeout_keep_alive": int(env.get("NBC_TIMEOUT_KEEP_ALIVE", "5")),
            "head_timeout": float(env.get("NBC_HEAD_TIMEOUT", "10")),
            "max_connections_per_client": int(env.get("NBC_MAX_CONNECTIONS_PER_CLIENT", "64")),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]


# The settings uvicorn enforces, each with the environment variable that sets it.
UVICORN_LIMITS = {
    "ws_max_size": "NBC_WS_MAX_SIZE",
    "ws_max_queue": "NBC_WS_MAX_QUEUE",
    "ws_ping_interval": "NBC_WS_PING_INTERVAL",
    "ws_ping_timeout": "NBC_WS_PING_TIMEOUT",
    "max_header": "NBC_MAX_HEADER",
    "timeout_keep_alive": "NBC_TIMEOUT_KEEP_ALIVE",
}
# The settings nbc.api.connections enforces (its HTTP protocol and its middleware).
CONNECTION_LIMITS = {
    "head_timeout": "NBC_HEAD_TIMEOUT",
    "max_connections_per_client": "NBC_MAX_CONNECTIONS_PER_CLIENT",
    "limit_concurrency": "NBC_LIMIT_CONCURRENCY",
}


def uvicorn_limits(settings: Settings) -> dict[str, object]:
    """The keyword arguments of `uvicorn.run` that bound what one connection may send
    and hold: the WebSocket message size and queue, pings, the HTTP head's size, the
    keep-alive. uvicorn's own limit on connections at once is turned off: it counts
    idle connections too and answers 503 to everyone, /healthz included, once they
    fill it; nbc.api.connections bounds connections per address and the GraphQL work
    instead. Refuses a bound that is not positive, naming its variable (the ones of
    CONNECTION_LIMITS too)."""
    problems = [
        f"{variable} must be above 0, not {getattr(settings, name)}"
        for name, variable in (UVICORN_LIMITS | CONNECTION_LIMITS).items()
        if not getattr(settings, name) > 0
    ]
    if problems:
        raise ValueError("; ".join(problems))
    return {
        "ws_max_size": settings.ws_max_size,
        "ws_max_queue": settings.ws_max_queue,
        "ws_ping_interval": settings.ws_ping_interval,
        "ws_ping_timeout": settings.ws_ping_timeout,
        "h11_max_incomplete_event_size": settings.max_header,
        "limit_concurrency": None,
        "timeout_keep_alive": settings.timeout_keep_alive,
    }
