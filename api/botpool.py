"""Bot seats on the server: the bot and budget a seat names, and the processes in
which search bots think.

A seat stores its bot as `name` or, with a budget, `name@seconds` (`seat_bot_text`),
so the table of seats keeps its shape. Bots that search (`wants_infoset`) think in a
`BotPool`: a few worker processes that load the match from its save, decide within the
seat's budget and send back only a choice id; they run at a lower CPU priority than
the server's own processes, so that requests are served first while bots think. The
bot queue's thread that plays the match (nbc.api.botqueue) waits for that answer; no
request does. A bot that overruns its budget by far is replaced for that move by a
random choice. Bots that do not search answer at once, in the queue's thread.
"""

from __future__ import annotations

import concurrent.futures
import logging
import multiprocessing
import threading
from contextlib import suppress
from typing import Any

from nbc.core.bots import Budget, RandomBot, decide, with_budget
from nbc.core.errors import BadOptions
from nbc.core.game import Prompt
from nbc.core.match import Match
from nbc.core.rng import Rng

log = logging.getLogger("nbc.api.bots")

MIN_SECONDS = 0.05  # a seat's budget per move, as the API accepts it
MAX_SECONDS = 5.0
DEFAULT_SECONDS = 0.5  # what a search bot gets when its seat names no budget
GRACE_SECONDS = 30.0  # beyond its budget (and a worker's start) before a move is given up


def seat_bot_text(name: str, seconds: float | None) -> str:
    return name if seconds is None else f"{name}@{seconds:g}"


def parse_seat_bot(text: str | None) -> tuple[str, float | None]:
    """A stored seat's bot: its name and its budget in seconds (None: the default)."""
    name, _, seconds = (text or "random").partition("@")
    return name, float(seconds) if seconds else None


def check_seconds(seconds: float | None, bot: Any, seat: int) -> None:
    """Refuse a budget out of bounds, or one given to a bot that takes none."""
    if seconds is None:
        return
    if not hasattr(bot, "with_budget"):
        raise BadOptions(
            f"seat {seat}: the bot '{bot.name}' thinks no longer or shorter; leave its budget out"
        )
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise BadOptions(
            f"seat {seat}: a budget of {seconds:g} seconds per move is out of bounds; "
            f"give {MIN_SECONDS:g} to {MAX_SECONDS:g} seconds"
        )


def searches(bot: Any) -> bool:
    return bool(getattr(bot, "wants_infoset", False))


class BotPool:
    """Worker processes for search bots (`processes` = 0: think in the caller's thread,
    for tests and single-user servers)."""

    def __init__(self, processes: int = 2) -> None:
        self.processes = processes
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._guard = threading.Lock()

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        with self._guard:
            if self._executor is None:
                # spawn, not fork: the server has threads, and a forked lock stays locked
                self._executor = concurrent.futures.ProcessPoolExecutor(
                    self.processes, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker
                )
            return self._executor

    def choose(self, match: Match, seat: int, bot: Any, seconds: float | None, rng: Rng) -> str:
        prompts = match.prompts(seat)
        if not searches(bot) or sum(len(p.choices) for p in prompts) == 1:
            return decide(bot, match, seat, prompts, rng)
        seconds = DEFAULT_SECONDS if seconds is None else seconds
        if self.processes == 0:
            return decide(with_budget(bot, Budget(seconds=seconds)), match, seat, prompts, rng)
        future = self._pool().submit(
            _think, match.to_json(), match.game.name, seat, bot.name, seconds, rng.get_state()
        )
        try:
            return future.result(timeout=seconds + GRACE_SECONDS)
        except concurrent.futures.TimeoutError:
            future.cancel()
            log.warning(
                "bot %s overran its budget of %gs at seat %d; it plays at random", bot.name, seconds, seat
            )
            return _random_choice(prompts, rng)

    def close(self) -> None:
        with self._guard:
            if self._executor is not None:
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None


def _random_choice(prompts: list[Prompt], rng: Rng) -> str:
    return RandomBot().choose({}, prompts, rng)


_HOST: dict[str, Any] = {}


BOT_NICENESS = 10  # bots think at a lower CPU priority than the processes that serve requests


def _start_worker() -> None:
    import os

    from nbc.core.host import PluginHost

    with suppress(OSError, AttributeError):  # not every system lets a process lower its priority
        os.nice(BOT_NICENESS)

    _HOST["host"] = PluginHost.load()


def _think(saved: str, game: str, seat: int, bot_name: str, seconds: float, rng_state: int) -> str:
    host = _HOST["host"]
    match = Match.from_json(saved, host.games)
    bot = with_budget(host.bot(bot_name), Budget(seconds=seconds))
    return decide(bot, match, seat, match.prompts(seat), Rng.from_state(rng_state))
