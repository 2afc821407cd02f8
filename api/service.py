"""The match service: what the GraphQL resolvers call.

It keeps recently used matches in memory, checks them against the database before
every change (another server process may have moved a match on), stores every choice,
plays bot seats as soon as they have something to decide, and bumps a per-match
version that subscriptions watch.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import threading
import zlib
from collections import OrderedDict
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from nbc.api.botpool import BotPool, check_seconds, parse_seat_bot, searches, seat_bot_text
from nbc.api.errors import BadRequest, NotFound, StaleSequence, Unauthenticated
from nbc.api.guard import Refusal, check_text
from nbc.api.storage import Conflict, SeatRow, Store
from nbc.core.bots import check_bot, decide
from nbc.core.errors import BadOptions, IllegalChoice, NotYourTurn
from nbc.core.game import CatalogueCard, Event, Prompt
from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.rng import Rng

MAX_BOT_STEPS = 100_000
LOBBY_MAX = 200
CACHE_SIZE = 512
LOCKS = 64
# Past positions (viewAt): a match is rebuilt from the nearest kept position before
# the step asked for; one is kept every CHECKPOINT_EVERY choices, plus the last one
# rebuilt per match (stepping one choice on costs one choice), PAST_POSITIONS in all.
CHECKPOINT_EVERY = 25
PAST_POSITIONS = 64
SEAT_KINDS = ("person", "bot", "open")
# the longest text each argument may have (the database's columns are this wide)
LONGEST = {
    "match id": 40,
    "seat name": 80,
    "seed": 200,
    "choice id": 200,
    "bot name": 40,
    "game": 40,
    "variant": 40,
}


def text_argument(value: str | None, what: str) -> None:
    """Refuse, before any work, text no match could hold: too long, NUL characters,
    lone surrogates."""
    if value is None:
        return
    try:
        check_text(value, what)
    except Refusal as refusal:
        raise BadRequest(refusal.message) from None
    longest = LONGEST[what]
    if len(value) > longest:
        raise BadRequest(f"the {what} is {len(value)} characters long; at most {longest} are allowed")


def match_id_argument(match_id: str) -> None:
    """A match id that no match can have is NOT_FOUND at once (junk costs nothing)."""
    if len(match_id) > LONGEST["match id"]:
        raise NotFound(f"there is no match '{match_id[:40]}…' (match ids are at most 40 characters)")
    text_argument(match_id, "match id")


def bot_turns(match: Match, bots: dict[int, Any], choose: Any = None) -> list[Event]:
    """Let bot seats act while any of them has something to decide. Each decision
    draws from an Rng made from the match's seed and step, so the seed fixes the
    bots' play as well as the shuffles (and a search bot's, given an iteration budget).
    `choose(match, seat, bot, rng)` makes a decision (default: `decide` in this thread)."""
    events: list[Event] = []
    if not bots:
        return events
    for _ in range(MAX_BOT_STEPS):
        ready = [p.seat for p in match.all_prompts() if p.seat in bots]
        if not ready:
            break
        seat = ready[0]
        rng = Rng(f"bot:{match.header.seed}:{match.seq}")
        if choose is None:
            choice = decide(bots[seat], match, seat, match.prompts(seat), rng)
        else:
            choice = choose(match, seat, bots[seat], rng)
        events += match.act(seat, choice)
    return events


def seat_info(row: Any) -> SeatInfo:
    """What anyone may know about a stored seat (its bot's name and budget apart)."""
    name, budget = parse_seat_bot(row.bot) if row.kind == "bot" else (None, None)
    return SeatInfo(row.seat, row.kind, name, row.name, budget)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str  # person | bot | open
    bot: str | None = None
    name: str | None = None
    budget: float | None = None  # seconds per move, for a bot that searches


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """What anyone may know about a seat."""

    seat: int
    kind: str
    bot: str | None
    name: str | None
    budget: float | None = None  # a bot's seconds per move, when its seat set them


@dataclass(frozen=True, slots=True)
class Caller:
    """Who is asking: a seat of one match, or a spectator (seat None)."""

    match_id: str
    seat: int | None


@dataclass(slots=True)
class Loaded:
    match: Match
    status: str
    seats: list[SeatRow]
    listed: bool = False
    replayable: bool = False


@dataclass(frozen=True, slots=True)
class LobbyEntry:
    id: str
    game: str
    variant: str
    players: int
    seats: list[SeatRow]
    age_seconds: float


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes (stored in UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class PastPositions:
    """A small LRU of rebuilt past positions, keyed by (match id, step): the
    checkpoints every `every` choices and the last position each match was rebuilt
    to. Every position kept is a copy nobody else holds; a caller gets a fresh copy
    to play on, so threads never share a state."""

    def __init__(self, every: int = CHECKPOINT_EVERY, size: int = PAST_POSITIONS) -> None:
        self.every, self.size = every, size
        self._kept: OrderedDict[tuple[str, int], Match] = OrderedDict()
        self._last: dict[str, int] = {}  # match id -> the step of its last rebuilt position
        self._guard = threading.Lock()

    def position(self, match_id: str, header: Any, game: Any, log: list[Any]) -> Match:
        """The match as it stood after the choices in `log` (a prefix of its log)."""
        seq = len(log)
        start = self._nearest(match_id, seq)
        match = start.clone() if start is not None else Match.replay(game, header, [])
        for action in log[match.seq :]:
            match.act(action.seat, action.choice)
            if match.seq % self.every == 0 and match.seq < seq:
                self._keep(match_id, match.seq, match.clone())
        self._keep(match_id, seq, match.clone(), last=True)
        return match

    def _nearest(self, match_id: str, seq: int) -> Match | None:
        with self._guard:
            last = self._last.get(match_id)
            candidates = [c for c in range(seq - seq % self.every, -1, -self.every)]
            if last is not None and last <= seq:
                candidates.append(last)
            for step in sorted(candidates, reverse=True):
                found = self._kept.get((match_id, step))
                if found is not None:
                    self._kept.move_to_end((match_id, step))
                    return found
        return None

    def _keep(self, match_id: str, seq: int, match: Match, last: bool = False) -> None:
        with self._guard:
            if last:
                previous = self._last.get(match_id)
                if previous is not None and previous % self.every and previous != seq:
                    self._kept.pop((match_id, previous), None)
                self._last[match_id] = seq
            self._kept[(match_id, seq)] = match
            self._kept.move_to_end((match_id, seq))
            while len(self._kept) > self.size:
                (gone_id, gone_seq), _ = self._kept.popitem(last=False)
                if self._last.get(gone_id) == gone_seq:
                    del self._last[gone_id]

    def __len__(self) -> int:
        return len(self._kept)


class Watchers:
    """Who waits for a match to change: each subscription registers an asyncio event,
    which `wake` sets from any thread. Only matches someone watches are kept."""

    def __init__(self) -> None:
        self._waiting: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}
        self._guard = threading.Lock()

    def watch(self, match_id: str) -> tuple[asyncio.AbstractEventLoop, asyncio.Event]:
        entry = (asyncio.get_running_loop(), asyncio.Event())
        with self._guard:
            self._waiting.setdefault(match_id, set()).add(entry)
        return entry

    def unwatch(self, match_id: str, entry: tuple[asyncio.AbstractEventLoop, asyncio.Event]) -> None:
        with self._guard:
            waiting = self._waiting.get(match_id)
            if waiting is not None:
                waiting.discard(entry)
                if not waiting:
                    del self._waiting[match_id]

    def wake(self, match_id: str) -> None:
        with self._guard:
            waiting = list(self._waiting.get(match_id, ()))
        for loop, event in waiting:
            with suppress(RuntimeError):  # its loop has closed: the subscription is gone
                loop.call_soon_threadsafe(event.set)

    def __len__(self) -> int:
        return len(self._waiting)


class MatchService:
    def __init__(
        self, host: PluginHost, store: Store, snapshot_every: int = 50, bot_pool: BotPool | None = None
    ) -> None:
        self.host = host
        self.bot_pool = bot_pool if bot_pool is not None else BotPool(0)
        self.store = store
        self.snapshot_every = snapshot_every
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        # A fixed set of locks, a match taking the one its id hashes to: junk ids leave
        # nothing behind, and two matches rarely share one.
        self._locks = [threading.RLock() for _ in range(LOCKS)]
        self.watchers = Watchers()  # woken on every change; subscriptions wait on it
        self.past = PastPositions()  # rebuilt past positions, for view_at
        self._secret: str | None = None

    def secret(self) -> bytes:
        if self._secret is None:
            self._secret = self.store.secret()
        return self._secret.encode()

    def match_seed(self, match_id: str, seed: str | None, replayable: bool) -> str:
        """The seed a match is dealt from. A replayable match uses the client's own
        (anyone who knows it can see every deal: the API says so); any other mixes a
        fresh secret value with the server's secret and the match id, so that no
        client can know or repeat it."""
        if replayable:
            if seed is None:
                raise BadOptions("a replayable match needs its seed: give 'seed' with 'replayable: true'")
            return seed
        mixed = f"{match_id}:{seed or ''}:{secrets.token_hex(16)}"
        return hmac.new(self.secret(), mixed.encode(), hashlib.sha256).hexdigest()

    # --- creating and joining -------------------------------------------------
    def create(
        self,
        game_name: str,
        variant: str | None,
        options: dict[str, Any] | None,
        seats: list[SeatSpec],
        seed: str | None,
        listed: bool = False,
        replayable: bool = False,
    ) -> tuple[str, dict[int, str]]:
        """Start a match; returns its id and each person's seat token (shown once).
        A `listed` match is shown in the lobby while it has open seats."""
        text_argument(game_name, "game")
        text_argument(variant, "variant")
        text_argument(seed, "seed")
        for spec in seats:
            text_argument(spec.name, "seat name")
            text_argument(spec.bot, "bot name")
        game = self.host.game(game_name)
        if not seats:
            raise BadOptions("a match needs seats: list one entry per seat (person, bot or open)")
        for number, spec in enumerate(seats):
            if spec.kind not in SEAT_KINDS:
                raise BadOptions(f"seat {number}: kind '{spec.kind}' is not one of {', '.join(SEAT_KINDS)}")
            if spec.kind == "bot":
                try:
                    bot = check_bot(self.host.bots, spec.bot or "random", game.name)
                except BadOptions as error:
                    raise BadOptions(f"seat {number}: {error}") from None
                check_seconds(spec.budget, bot, number)
            elif spec.budget is not None:
                raise BadOptions(f"seat {number}: only a bot seat takes a budget, not a {spec.kind} seat")
        if all(s.kind == "bot" for s in seats) and any(
            searches(self.host.bot(s.bot or "random")) for s in seats
        ):
            raise BadOptions(
                "a match of bots alone is played out at once, so its bots may not search; "
                "give it a person or an open seat, or use `nbc tournament` to pit bots against each other"
            )
        if options is not None and not isinstance(options, dict):
            raise BadOptions('options must be a JSON object, e.g. {"rounds": 3}')
        match_id = secrets.token_urlsafe(12)
        match = Match.new(game, variant, options, len(seats), self.match_seed(match_id, seed, replayable))
        tokens: dict[int, str] = {}
        rows = []
        for number, spec in enumerate(seats):
            token_hash = None
            if spec.kind == "person":
                tokens[number] = secrets.token_urlsafe(32)
                token_hash = hash_token(tokens[number])
            rows.append(
                SeatRow(
                    match_id=match_id,
                    seat=number,
                    kind=spec.kind,
                    bot=seat_bot_text(spec.bot or "random", spec.budget) if spec.kind == "bot" else None,
                    name=spec.name,
                    token_hash=token_hash,
                )
            )
        status = "waiting" if any(s.kind == "open" for s in seats) else "active"
        self.store.create(match_id, match, rows, status, listed, replayable)
        with self._lock(match_id):
            self._remember(match_id, Loaded(match, status, rows, listed, replayable))
            if status == "active":
                self._play_bots(match_id)
        return match_id, tokens

    def join(self, match_id: str, seat: int | None, name: str | None) -> tuple[int, str]:
        """Take an open seat (the lowest, unless one is named); returns seat and token."""
        match_id_argument(match_id)
        text_argument(name, "seat name")
        with self._lock(match_id):
            loaded = self._load(match_id)
            open_seats = [s.seat for s in loaded.seats if s.kind == "open"]
            if not open_seats:
                raise BadOptions(f"match {match_id} has no open seat left; every seat is taken")
            if seat is None:
                seat = open_seats[0]
            elif seat not in open_seats:
                raise BadOptions(f"seat {seat} is not open; the open seats are {open_seats}")
            token = secrets.token_urlsafe(32)
            if not self.store.claim_seat(match_id, seat, hash_token(token), name):
                self._forget(match_id)
                raise StaleSequence(f"seat {seat} was taken a moment ago; the open seats have changed")
            loaded.seats = self.store.seats(match_id)
            if not any(s.kind == "open" for s in loaded.seats):
                self.store.set_status(match_id, "active")
                loaded.status = "active"
                self._play_bots(match_id)
            self._bump(match_id)
            return seat, token

    # --- reading --------------------------------------------------------------
    def lobby(self, game: str | None, limit: int) -> list[LobbyEntry]:
        """Listed matches with open seats, newest first (at most `limit`, up to 200)."""
        text_argument(game, "game")
        if not 1 <= limit <= LOBBY_MAX:
            raise BadRequest(f"limit must be 1 to {LOBBY_MAX}, not {limit}")
        now = datetime.now(UTC)
        return [
            LobbyEntry(
                row.id,
                row.game,
                row.variant,
                row.players,
                [seat_info(s) for s in seats],
                (now - _aware(row.created_at)).total_seconds(),
            )
            for row, seats in self.store.lobby(game, limit)
        ]

    def catalogue(self, game_name: str, set_name: str | None) -> list[CatalogueCard]:
        """A game's card definitions (of one set, if named)."""
        text_argument(game_name, "game")
        cards = list(self.host.game(game_name).catalogue())
        if set_name is None:
            return cards
        sets = sorted({c.set for c in cards})
        if set_name not in sets:
            raise BadOptions(f"{game_name} has no set '{set_name}'; its sets are {', '.join(sets) or 'none'}")
        return [c for c in cards if c.set == set_name]

    def caller(self, match_id: str, token: str | None) -> Caller:
        """Resolve a bearer token to a seat of this match (None: a spectator)."""
        match_id_argument(match_id)
        return self._caller(self.get(match_id), match_id, token)

    def _caller(self, loaded: Loaded, match_id: str, token: str | None) -> Caller:
        if token is None:
            return Caller(match_id, None)
        wanted = hash_token(token)
        for attempt in range(2):
            for row in loaded.seats:
                if row.token_hash is not None and hmac.compare_digest(row.token_hash, wanted):
                    return Caller(match_id, row.seat)
            if attempt == 0:  # a seat may have been joined through another server process
                loaded.seats = self.store.seats(match_id)
        raise Unauthenticated(
            f"the seat token does not belong to match {match_id}; send the token createMatch or "
            "joinMatch returned for this match, or no Authorization header to watch as a spectator"
        )

    def look(self, match_id: str, token: str | None) -> tuple[Caller, Loaded]:
        """The match and who is looking at it, with one read of the database."""
        match_id_argument(match_id)
        with self._lock(match_id):
            loaded = self._load(match_id)
            return self._caller(loaded, match_id, token), loaded

    def get(self, match_id: str) -> Loaded:
        match_id_argument(match_id)
        with self._lock(match_id):
            return self._load(match_id)

    def seat_infos(self, loaded: Loaded) -> list[SeatInfo]:
        return [seat_info(s) for s in loaded.seats]

    def prompts(self, loaded: Loaded, seat: int | None) -> list[Prompt]:
        if seat is None or loaded.status != "active":
            return []
        return loaded.match.prompts(seat)

    def events(self, loaded: Loaded, seat: int | None, after: int) -> list[Event]:
        return loaded.match.events_for(seat, after)

    def view_at(self, caller: Caller, seq: int) -> dict[str, Any]:
        """What the caller's seat (None: a spectator) could see after choice number
        `seq` (0: the set-up), rebuilt from the match's header and its first `seq`
        choices. A seat's past view holds only what that seat could know then."""
        match_id = caller.match_id
        with self._lock(match_id):
            # the choices as stored (a copy read earlier may hold a choice whose storing
            # failed): the positions kept for this match are built from them alone
            match = self._load(match_id).match
            current, header, game = match.seq, match.header, match.game
            log = list(match.log[:seq]) if 0 <= seq <= current else None
        if log is None:
            raise BadRequest(
                f"seq {seq} is not a step of match {match_id}: it is at step {current}, so seq "
                f"must be 0 (the set-up) to {current}"
            )
        return self.past.position(match_id, header, game, log).view(caller.seat)

    # --- acting ---------------------------------------------------------------
    def act(
        self, match_id: str, token: str | None, choice_id: str, expected_seq: int
    ) -> tuple[Caller, list[Event], Loaded]:
        """Make the token's seat's choice, let bots answer, and store it all at once.

        An active match cached at the step the client expects is acted on without
        reading the database first: the store's conditional write refuses a step
        another server process stored first. Then, and whenever the cached copy
        refuses the act, the act is tried once more on the match as the database has
        it, so the answer is the one a fresh read would have given."""
        match_id_argument(match_id)
        text_argument(choice_id, "choice id")
        with self._lock(match_id):
            cached = self._cache.get(match_id)
            if cached is not None and cached.status == "active" and cached.match.seq == expected_seq:
                self._cache.move_to_end(match_id)
                try:
                    return self._act(cached, match_id, token, choice_id, expected_seq)
                except (StaleSequence, IllegalChoice, NotYourTurn, Unauthenticated):
                    self._forget(match_id)  # perhaps behind another process: read it afresh
            return self._act(self._load(match_id), match_id, token, choice_id, expected_seq)

    def _act(
        self, loaded: Loaded, match_id: str, token: str | None, choice_id: str, expected_seq: int
    ) -> tuple[Caller, list[Event], Loaded]:
        caller = self._caller(loaded, match_id, token)
        if caller.seat is None:
            raise Unauthenticated(
                "acting needs a seat token: send 'Authorization: Bearer <token>' with the token "
                "createMatch or joinMatch gave you"
            )
        if loaded.status == "waiting":
            waiting = [s.seat for s in loaded.seats if s.kind == "open"]
            raise NotYourTurn(f"the match has not started: seats {waiting} are still open (joinMatch)")
        match = loaded.match
        if expected_seq != match.seq:
            raise StaleSequence(
                f"expectedSeq is {expected_seq} but the match is at {match.seq}; "
                "read the match again and choose from its current prompts"
            )
        first = match.seq + 1
        new_events = match.act(caller.seat, choice_id)
        try:
            new_events += self._bot_moves(match_id, loaded)
        except Exception:
            self._forget(match_id)  # the person's choice was applied but not stored
            raise
        self._persist(match_id, loaded, first)
        return caller, [e for e in new_events if e.visible_to(caller.seat)], loaded

    def _play_bots(self, match_id: str) -> None:
        """Let bots act and store their moves (after create or join)."""
        loaded = self._cache[match_id]
        first = loaded.match.seq + 1
        self._bot_moves(match_id, loaded)
        if loaded.match.seq >= first:
            # If another server process stored these bot moves first, all is well.
            with suppress(StaleSequence):
                self._persist(match_id, loaded, first)

    def _bot_moves(self, match_id: str, loaded: Loaded) -> list[Event]:
        if loaded.status == "waiting":
            return []
        bots, budgets = {}, {}
        for s in loaded.seats:
            if s.kind == "bot":
                name, seconds = parse_seat_bot(s.bot)
                bots[s.seat], budgets[s.seat] = self.host.bot(name), seconds
        pool = self.bot_pool

        def choose(match: Match, seat: int, bot: Any, rng: Rng) -> str:
            return pool.choose(match, seat, bot, budgets[seat], rng)

        return bot_turns(loaded.match, bots, choose)

    def _persist(self, match_id: str, loaded: Loaded, first: int) -> None:
        match = loaded.match
        actions = match.log[first - 1 :]
        status = "finished" if match.over else "active"
        try:
            self.store.append(match_id, first, actions, status)
        except Conflict:
            self._forget(match_id)
            raise StaleSequence(
                f"another choice was stored as step {first} first; read the match again "
                "and choose from its current prompts"
            ) from None
        loaded.status = status
        every = self.snapshot_every
        if match.seq // every > (first - 1) // every or (match.over and match.seq >= every):
            self.store.save_snapshot(match_id, match)
        self._bump(match_id, announced=True)

    # --- the cache ------------------------------------------------------------
    def _load(self, match_id: str) -> Loaded:
        """The match as the database has it now (cached copy if it is up to date)."""
        head = self.store.head(match_id)
        if head is None:
            self._forget(match_id)
            raise NotFound(f"there is no match '{match_id}'")
        seq, status, game_name = head.seq, head.status, head.game
        cached = self._cache.get(match_id)
        if cached is not None and cached.match.seq <= seq:
            if cached.match.seq < seq:  # another server process moved it on
                for action in self.store.choices_after(match_id, cached.match.seq):
                    cached.match.act(action.seat, action.choice)
            if cached.status != status:
                cached.status = status
                cached.seats = self.store.seats(match_id)
            self._cache.move_to_end(match_id)
            return cached
        match = self.store.load(match_id, self.host.game(game_name))
        assert match is not None
        loaded = Loaded(match, status, self.store.seats(match_id), head.listed, head.replayable)
        self._remember(match_id, loaded)
        return loaded

    def _remember(self, match_id: str, loaded: Loaded) -> None:
        self._cache[match_id] = loaded
        self._cache.move_to_end(match_id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def _forget(self, match_id: str) -> None:
        self._cache.pop(match_id, None)

    def _bump(self, match_id: str, announced: bool = False) -> None:
        """Wake this process's subscribers of the match; and, unless the change was
        announced with its write, the other processes'."""
        self.watchers.wake(match_id)
        if not announced:
            self.store.announce(match_id)

    def _lock(self, match_id: str) -> threading.RLock:
        return self._locks[zlib.crc32(match_id.encode()) % LOCKS]
