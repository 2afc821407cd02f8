"""The match service: what the GraphQL resolvers call.

It keeps recently used matches in memory, checks them against the database before
every change (another server process may have moved a match on), stores every choice,
hands matches whose bots have a move to make to its `BotQueue` (nbc.api.botqueue),
and wakes the subscriptions that watch a match whenever it changes.

A cached match is never changed in place. A choice is made on a copy, and the copy
replaces the cached one only once it is stored, so a reader that holds a `Loaded`
sees one consistent step: never a choice half applied, nor one that is then refused
or fails to be stored.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import threading
import time
import zlib
from collections import OrderedDict
from contextlib import suppress
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from nbc.api.botpool import DEFAULT_SECONDS, BotPool, check_seconds, parse_seat_bot, searches, seat_bot_text
from nbc.api.botqueue import SLICE_SECONDS, BotQueue
from nbc.api.errors import BadRequest, NotFound, RateLimited, StaleSequence, Unauthenticated, unavailable
from nbc.api.guard import KnownTokens, Refusal, check_text
from nbc.api.storage import Conflict, SeatRow, Store
from nbc.core.bots import check_bot, decide
from nbc.core.errors import BadOptions, IllegalChoice, NotYourTurn
from nbc.core.game import CatalogueCard, Event, Prompt
from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.rng import Rng

log = logging.getLogger("nbc.api")

MAX_BOT_STEPS = 100_000
LOBBY_MAX = 200
OWNERS = 8192  # matches whose creator this process remembers (for the bot queue's turns)
# A match whose bot is due but that has not moved for this long, and that this process
# is not playing, is handed to the bot queue by the next read (the process that was to
# play it went away, or the server restarted).
STALE_BOT_SECONDS = 10.0
# Per client (the address or seat that created them): searching bot seats in matches
# still in play, and their seconds per move added up. A match counts until it is
# finished or its bots have not moved for BOT_SHARE_HOURS.
MAX_BOT_SEATS = 8
MAX_BOT_SECONDS = 10.0
BOT_SHARE_HOURS = 1.0
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
    # Views of the current step made for answers, by seat (None: a spectator): every
    # request at this step asks for the same ones. Dropped when the step changes, and
    # with this copy of the match when it is forgotten, so a view of a step that was
    # never stored goes with it. At most one per seat, plus a spectator's.
    views: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    views_seq: int = -1
    since: float = field(default_factory=time.monotonic)  # when this step was cached

    def moved(self, match: Match, status: str) -> Loaded:
        """This match at a later step (a new entry: readers of this one keep it)."""
        return replace(self, match=match, status=status, views={}, views_seq=-1, since=time.monotonic())

    def bots(self) -> dict[int, tuple[str, float | None]]:
        """The bot seats: each bot's name and seconds per move (None: its default)."""
        return {s.seat: parse_seat_bot(s.bot) for s in self.seats if s.kind == "bot"}

    def bot_due(self) -> bool:
        """Whether a bot seat has a decision open."""
        if self.status != "active":
            return False
        bots = self.bots()
        return bool(bots) and any(seat in bots for seat in self.match.seats_to_act())


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
        self,
        host: PluginHost,
        store: Store,
        snapshot_every: int = 50,
        bot_pool: BotPool | None = None,
        bot_queue: BotQueue | None = None,
    ) -> None:
        self.host = host
        self.bot_pool = bot_pool if bot_pool is not None else BotPool(0)
        # without a queue of threads, bots play before the request that made them due returns
        self.bots = bot_queue if bot_queue is not None else BotQueue(0)
        self.bots.play = self._bot_slice
        self._owners: OrderedDict[str, str] = OrderedDict()  # match id -> the client that made it
        # client -> {match id: (searching seats, their seconds per move, last move)}
        self._bot_shares: dict[str, dict[str, tuple[int, float, float]]] = {}
        self._shares_guard = threading.Lock()
        self.store = store
        self.snapshot_every = snapshot_every
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        # A fixed set of locks, a match taking the one its id hashes to: junk ids leave
        # nothing behind, and two matches rarely share one.
        self._locks = [threading.RLock() for _ in range(LOCKS)]
        self.watchers = Watchers()  # woken on every change; subscriptions wait on it
        self.known_tokens = KnownTokens()  # seat tokens made or accepted here (the rate limiter's keys)
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
        client: str = "local",
    ) -> tuple[str, dict[int, str]]:
        """Start a match; returns its id and each person's seat token (shown once).
        A `listed` match is shown in the lobby while it has open seats. `client` (who
        asks: an address or a seat) is whose turn at the bot queue the match's bots
        take, and whose share of searching bots they count against."""
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
        searching = [
            DEFAULT_SECONDS if s.budget is None else s.budget
            for s in seats
            if s.kind == "bot" and searches(self.host.bot(s.bot or "random"))
        ]
        match_id = secrets.token_urlsafe(12)
        match = Match.new(game, variant, options, len(seats), self.match_seed(match_id, seed, replayable))
        self._take_bot_share(client, match_id, searching)
        tokens: dict[int, str] = {}
        rows = []
        for number, spec in enumerate(seats):
            token_hash = None
            if spec.kind == "person":
                tokens[number] = secrets.token_urlsafe(32)
                token_hash = hash_token(tokens[number])
                self.known_tokens.add(token_hash)
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
        try:
            self.store.create(match_id, match, rows, status, listed, replayable)
        except BaseException:
            self._drop_bot_share(match_id)
            raise
        self._owners[match_id] = client
        while len(self._owners) > OWNERS:
            self._owners.popitem(last=False)
        with self._lock(match_id):
            loaded = Loaded(match, status, rows, listed, replayable)
            self._remember(match_id, loaded)
            self._want_bots(match_id, loaded)
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
            self.known_tokens.add(hash_token(token))
            seats = self.store.seats(match_id)
            loaded = replace(loaded, seats=seats)
            if not any(s.kind == "open" for s in seats):
                self.store.set_status(match_id, "active")
                loaded = replace(loaded, status="active")
            self._remember(match_id, loaded)
            self._bump(match_id)
            self._want_bots(match_id, loaded)
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
                    self.known_tokens.add(wanted)
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

    def view(self, loaded: Loaded, seat: int | None) -> dict[str, Any]:
        """What `seat` may know of the match (None: a spectator), made once per step
        and seat. The answer is shared: callers must not change it."""
        match = loaded.match
        seq = match.seq
        if loaded.views_seq != seq:
            loaded.views, loaded.views_seq = {}, seq
        views = loaded.views
        view = views.get(seat)
        if view is None:
            view = match.view(seat)
            if match.seq == seq and loaded.views is views:  # not moved on meanwhile
                views[seat] = view
        return view

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
        match = match.clone()  # the cached step stays as it is until this one is stored
        first = match.seq + 1
        new_events = match.act(caller.seat, choice_id)
        now = self._store_moves(match_id, loaded, match, first)
        self._want_bots(match_id, now)
        latest = self._cache.get(match_id, now)  # later still if the bots played already
        return caller, [e for e in new_events if e.visible_to(caller.seat)], latest

    # --- bots -----------------------------------------------------------------
    def _want_bots(self, match_id: str, loaded: Loaded) -> None:
        """Hand the match to the bot queue if a bot seat has a decision open."""
        if loaded.bot_due():
            self.bots.request(match_id, self._owners.get(match_id, f"match:{match_id}"))

    def _bot_slice(self, match_id: str) -> bool:
        """Play the match's bots for one slice of the queue's time and store what they
        did: one move of a bot that searches (thinking on the cached step, with no
        lock held, so that reads and acts of the match go on meanwhile), or quick
        bots' moves for up to SLICE_SECONDS. Returns whether a bot is still due. A
        database that fails raises (the queue tries again later); a game that fails is
        logged and left (a later read hands it over again)."""
        try:
            with self._lock(match_id):
                loaded = self._load(match_id, want_bots=False)
                turn = self._bot_turn(loaded)
                if turn is None:
                    return False
                seat, bot, seconds = turn
                if not searches(bot) or sum(len(p.choices) for p in loaded.match.prompts(seat)) == 1:
                    return self._quick_bots(match_id, loaded)
            seen = loaded.match  # nobody changes a cached step: it is safe to read unlocked
            choice = self.bot_pool.choose(seen, seat, bot, seconds, self._bot_rng(seen))
            with self._lock(match_id):
                loaded = self._load(match_id, want_bots=False)
                if loaded.match.seq != seen.seq:
                    return True  # moved on while the bot thought: look again
                match = loaded.match.clone()
                match.act(seat, choice)
                return self._bot_turn(self._store_moves(match_id, loaded, match, seen.seq + 1)) is not None
        except StaleSequence:
            return True  # another process stored a move first: look again
        except NotFound:
            return False
        except Exception as error:
            if unavailable(error):
                raise  # the queue tries again later
            log.error("bots of match %s stopped on an error", match_id, exc_info=error)
            return False

    def _quick_bots(self, match_id: str, loaded: Loaded) -> bool:
        match = loaded.match.clone()
        first = match.seq + 1
        bots = loaded.bots()
        deadline = time.perf_counter() + SLICE_SECONDS
        for _ in range(MAX_BOT_STEPS):
            turn = self._bot_turn_of(match, bots)
            if turn is None:
                break
            seat, bot, _ = turn
            prompts = match.prompts(seat)
            if searches(bot) and sum(len(p.choices) for p in prompts) > 1:
                break  # a search: a slice of its own
            match.act(seat, decide(bot, match, seat, prompts, self._bot_rng(match)))
            if time.perf_counter() > deadline:
                break
        now = self._store_moves(match_id, loaded, match, first)
        return self._bot_turn(now) is not None

    def _bot_turn(self, loaded: Loaded) -> tuple[int, Any, float | None] | None:
        if loaded.status != "active":
            return None
        return self._bot_turn_of(loaded.match, loaded.bots())

    def _bot_turn_of(
        self, match: Match, bots: dict[int, tuple[str, float | None]]
    ) -> tuple[int, Any, float | None] | None:
        """The first bot seat with a decision open: the seat, its bot and seconds."""
        if match.over:
            return None
        for seat in match.seats_to_act():
            if seat in bots:
                name, seconds = bots[seat]
                return seat, self.host.bot(name), seconds
        return None

    @staticmethod
    def _bot_rng(match: Match) -> Rng:
        # from the match's seed and step: the seed fixes the bots' play (a search
        # bot's too, given an iteration budget) as it fixes the shuffles
        return Rng(f"bot:{match.header.seed}:{match.seq}")

    def _take_bot_share(self, client: str, match_id: str, seconds: list[float]) -> None:
        """Count a new match's searching bot seats against its client's share, or
        refuse it when the share is full."""
        if not seconds:
            return
        now = time.monotonic()
        with self._shares_guard:
            held = self._bot_shares.setdefault(client, {})
            for other, (_, _, moved) in list(held.items()):
                if now - moved > BOT_SHARE_HOURS * 3600:
                    del held[other]
            seats = sum(n for n, _, _ in held.values())
            thinking = sum(t for _, t, _ in held.values())
            if seats + len(seconds) > MAX_BOT_SEATS or thinking + sum(seconds) > MAX_BOT_SECONDS + 1e-9:
                raise RateLimited(
                    f"your matches in play already have {seats} searching bot seats thinking "
                    f"{thinking:g} s a move together; one client may have at most {MAX_BOT_SEATS} such "
                    f"seats and {MAX_BOT_SECONDS:g} s a move in all: finish a match, or give its bots "
                    "a smaller budget"
                )
            held[match_id] = (len(seconds), sum(seconds), now)

    def _drop_bot_share(self, match_id: str) -> None:
        with self._shares_guard:
            for client, held in list(self._bot_shares.items()):
                if held.pop(match_id, None) is not None and not held:
                    del self._bot_shares[client]

    def _touch_bot_share(self, match_id: str) -> None:
        client = self._owners.get(match_id)
        with self._shares_guard:
            held = self._bot_shares.get(client or "", {})
            if match_id in held:
                seats, seconds, _ = held[match_id]
                held[match_id] = (seats, seconds, time.monotonic())

    # --- storing --------------------------------------------------------------
    def _store_moves(self, match_id: str, loaded: Loaded, match: Match, first: int) -> Loaded:
        """Store the choices `match` made from step `first` on (a copy of the cached
        `loaded`'s match), then make it the cached step. Returns the new entry."""
        actions = match.log[first - 1 :]
        if not actions:
            return loaded
        status = "finished" if match.over else "active"
        try:
            self.store.append(match_id, first, actions, status)
        except Conflict:
            self._forget(match_id)
            raise StaleSequence(
                f"another choice was stored as step {first} first; read the match again "
                "and choose from its current prompts"
            ) from None
        every = self.snapshot_every
        if match.seq // every > (first - 1) // every or (match.over and match.seq >= every):
            with suppress(Exception):  # a snapshot only saves replaying; the choices are stored
                self.store.save_snapshot(match_id, match)
        now = loaded.moved(match, status)
        self._remember(match_id, now)
        if status == "finished":
            self._drop_bot_share(match_id)
        else:
            self._touch_bot_share(match_id)
        self._bump(match_id, announced=True)
        return now

    # --- the cache ------------------------------------------------------------
    def _load(self, match_id: str, want_bots: bool = True) -> Loaded:
        """The match as the database has it now (cached copy if it is up to date).
        A match whose bot is due and that nobody here plays, or that has not moved for
        STALE_BOT_SECONDS, is handed to the bot queue (unless `want_bots` is false)."""
        head = self.store.head(match_id)
        if head is None:
            self._forget(match_id)
            raise NotFound(f"there is no match '{match_id}'")
        seq, status, game_name = head.seq, head.status, head.game
        cached = self._cache.get(match_id)
        if cached is not None and cached.match.seq <= seq:
            loaded = cached
            if loaded.match.seq < seq:  # another server process moved it on
                match = loaded.match.clone()
                for action in self.store.choices_after(match_id, match.seq):
                    match.act(action.seat, action.choice)
                loaded = loaded.moved(match, loaded.status)
            if loaded.status != status:
                loaded = replace(loaded, status=status, seats=self.store.seats(match_id))
            self._remember(match_id, loaded)
            if want_bots and loaded is cached and time.monotonic() - loaded.since > STALE_BOT_SECONDS:
                self._want_stale_bots(match_id, loaded)
            return loaded
        match = self.store.load(match_id, self.host.game(game_name))
        assert match is not None
        loaded = Loaded(match, status, self.store.seats(match_id), head.listed, head.replayable)
        self._remember(match_id, loaded)
        if want_bots:
            self._want_stale_bots(match_id, loaded)
        return loaded

    def _want_stale_bots(self, match_id: str, loaded: Loaded) -> None:
        if not self.bots.busy(match_id) and loaded.bot_due():
            log.info("match %s: its bots are due and nobody plays them; playing them here", match_id)
            self._want_bots(match_id, loaded)

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
