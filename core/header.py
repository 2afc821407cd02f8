"""What a match was started with (`Header`), in a module of its own: saves are read
back into it by `serial.from_data`, which reads each field's annotation, and it stays
interpreted in the compiled build (a compiled class keeps only the bare types of its
fields), while `nbc.core.match`, which re-exports it, may be compiled."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Header:
    """What a match was started with. The seed is a server secret: never send a
    header to a client."""

    game: str
    variant: str
    options: dict[str, Any]
    players: int
    seed: int | str
    # A match set up in an exact position (scenario tests) starts from this saved
    # state instead of running setup.
    start: dict[str, Any] | None = None
