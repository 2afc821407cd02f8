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
    bot_processes: int = 2  # processes in which search bots think (0: in the request's thread)
    max_depth: int = 12  # GraphQL query depth limit
    max_tokens: int = 4000  # GraphQL document size limit, in tokens
    max_aliases: int = 30
    max_body: int = 64 * 1024  # bytes of one request body
    max_cost: int = 400  # what one document may cost (guard.weigh)
    max_selections: int = 60  # fields asked together in one selection
    rate_limit: float = 500.0  # requests a second per client, on average (0: no limit)
    rate_burst: float = 1000.0  # requests a client may send at once

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
            "max_depth": int(env.get("NBC_MAX_DEPTH", "12")),
            "max_tokens": int(env.get("NBC_MAX_TOKENS", "4000")),
            "max_aliases": int(env.get("NBC_MAX_ALIASES", "30")),
            "max_body": int(env.get("NBC_MAX_BODY", str(64 * 1024))),
            "max_cost": int(env.get("NBC_MAX_COST", "400")),
            "max_selections": int(env.get("NBC_MAX_SELECTIONS", "60")),
            "rate_limit": float(env.get("NBC_RATE_LIMIT", "500")),
            "rate_burst": float(env.get("NBC_RATE_BURST", "1000")),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]
