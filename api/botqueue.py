"""Bot seats played off the request path.

A request that makes it a bot's turn (a person's act, a createMatch whose first
decision is a bot's, the join that fills the last seat) stores what it did and answers;
it only hands the match to the `BotQueue`. The queue's own threads play the bots'
moves, store them and wake the match's subscribers, who see the moves arrive one
message at a time. So no request waits for a bot, and the threads that serve reads
and acts (nbc.api.schema.WORKERS) are never the ones a bot's search holds.

Fairness: the queue keeps one line of matches per client (the address or seat that
created the match) and takes the clients in turn, so one client's many bot matches
wait behind each other, not in front of everyone else's. A match takes at most one
slice of a thread at a time: a search bot's one move, or quick bots' moves for up to
`SLICE_SECONDS`; a match with more to play goes to the back of its client's line.

With `threads=0` nothing runs in the background: `request` plays the match's bots
before it returns (for library use and tests of the service alone).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable

log = logging.getLogger("nbc.api.bots")

SLICE_SECONDS = 0.02  # quick bots' moves stored together, at most this long a slice
RETRY_SECONDS = 1.0  # after a slice that failed (the database is away), try again this late


class BotQueue:
    """Matches whose bots have a move to make, played by `threads` threads of their
    own. `play(match_id)` plays one slice and says whether the match has more."""

    def __init__(self, threads: int = 2) -> None:
        self.threads = threads
        self.play: Callable[[str], bool] | None = None  # set by the service that owns it
        self._lines: OrderedDict[str, deque[str]] = OrderedDict()  # client -> its matches
        self._queued: dict[str, str] = {}  # match id -> its client, while waiting or playing
        self._playing: set[str] = set()
        self._again: set[str] = set()  # asked for again while playing
        self._later: list[tuple[float, str, str]] = []  # (when, match id, client): retries
        self._cond = threading.Condition()
        self._workers: list[threading.Thread] = []
        self._closed = False

    # --- asking ----------------------------------------------------------------
    def request(self, match_id: str, client: str) -> None:
        """Have the match's bots play (once more, if they are playing now)."""
        if self.threads == 0:
            self._play_inline(match_id)
            return
        with self._cond:
            if self._closed:
                return
            if match_id in self._playing:
                self._again.add(match_id)
                return
            if match_id in self._queued:
                return
            self._enqueue(match_id, client)
            self._start_workers()
            self._cond.notify()

    def busy(self, match_id: str) -> bool:
        """Whether the match is waiting for, or getting, a thread's slice."""
        with self._cond:
            return match_id in self._queued

    def idle(self, timeout: float = 10.0) -> bool:
        """Wait until no match is queued or playing (tests); False on timeout."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._queued or self._later:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.05))
        return True

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._lines.clear()
            self._queued.clear()
            self._later.clear()
            self._cond.notify_all()
        for worker in self._workers:
            worker.join(timeout=5)

    def __len__(self) -> int:
        with self._cond:
            return len(self._queued)

    # --- the threads -------------------------------------------------------------
    def _enqueue(self, match_id: str, client: str) -> None:
        self._queued[match_id] = client
        self._lines.setdefault(client, deque()).append(match_id)

    def _start_workers(self) -> None:
        while len(self._workers) < self.threads:
            worker = threading.Thread(target=self._work, name=f"nbc-bots-{len(self._workers)}", daemon=True)
            self._workers.append(worker)
            worker.start()

    def _next(self) -> tuple[str, str] | None:
        """The next client's first match (the client then goes to the back)."""
        now = time.monotonic()
        due = [entry for entry in self._later if entry[0] <= now]
        for entry in due:
            self._later.remove(entry)
            if entry[1] not in self._queued:
                self._enqueue(entry[1], entry[2])
        while self._lines:
            client, line = next(iter(self._lines.items()))
            self._lines.move_to_end(client)
            match_id = line.popleft()
            if not line:
                del self._lines[client]
            return match_id, client
        return None

    def _work(self) -> None:
        while True:
            with self._cond:
                picked = None
                while not self._closed:
                    picked = self._next()
                    if picked is not None:
                        break
                    wait = min((when for when, _, _ in self._later), default=None)
                    self._cond.wait(None if wait is None else max(0.0, wait - time.monotonic()))
                if self._closed:
                    return
                assert picked is not None
                match_id, client = picked
                self._playing.add(match_id)
            more, failed = self._play_once(match_id)
            with self._cond:
                self._playing.discard(match_id)
                again = match_id in self._again
                self._again.discard(match_id)
                self._queued.pop(match_id, None)
                if self._closed:
                    return
                if failed:
                    self._later.append((time.monotonic() + RETRY_SECONDS, match_id, client))
                elif more or again:
                    self._enqueue(match_id, client)
                self._cond.notify_all()

    def _play_once(self, match_id: str) -> tuple[bool, bool]:
        """(whether it has more to play, whether the slice failed)."""
        assert self.play is not None
        try:
            return self.play(match_id), False
        except Exception as error:  # noqa: BLE001 - logged; the match is tried again later
            log.warning("bots of match %s could not play (%s); trying again", match_id, type(error).__name__)
            return False, True

    def _play_inline(self, match_id: str) -> None:
        assert self.play is not None
        while self.play(match_id):
            pass
