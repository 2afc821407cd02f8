"""A match: a game, its state, its seeded RNG and its log of choices.

Everything a player does goes through `Match.act(seat, choice_id)`. A match is fully
described by its `Header` (game, variant, options, seat count, seed) plus the list of
choices made, so `Match.replay(header, log)` rebuilds it exactly; `fingerprint()`
is a digest of the whole state that proves it.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from nbc.core.errors import BadOptions, GameBug, IllegalChoice, NotYourTurn, ReplayError
from nbc.core.game import Choice, Context, Event, Game, Outcome, Prompt, offered_choice
from nbc.core.header import Header
from nbc.core.records import MadeByInit
from nbc.core.rng import Rng, check_seed
from nbc.core.serial import SerialError, canonical_json, from_data, to_data

FORMAT = 1


@mypyc_attr(acyclic=True)
@dataclass(slots=True, init=False)
class Action(MadeByInit):
    seat: int
    choice: str

    def __init__(self, seat: int, choice: str) -> None:  # compiled: see nbc.core.records
        self.seat = seat
        self.choice = choice


@mypyc_attr(allow_interpreted_subclasses=True)  # the test kit's engines subclass it
class Match:
    """A running match. Build one with `Match.new`, `Match.replay` or `Match.from_json`."""

    __slots__ = (
        "game",
        "header",
        "state",
        "rng",
        "log",
        "events",
        "_prompts",
        "_prompts_at",
        "_ctx",
        "_event_text",
        "_log_text",
        "_find",
    )

    def __init__(
        self,
        game: Game,
        header: Header,
        state: Any,
        rng: Rng,
        log: list[Action],
        events: list[Event],
    ) -> None:
        self.game = game
        self.header = header
        self.state = state
        self.rng = rng
        self.log = log
        self.events = events
        # the open prompts as the game last gave them, and the step they are of
        self._prompts: list[Prompt] = []
        self._prompts_at = -1
        # the Context handed to the game's `apply`, made again only if `rng` or
        # `events` is replaced
        self._ctx = Context(rng, events, 0)
        self._event_text = _EventTexts(events)
        self._log_text = _LogTexts(log)
        # the game's own index of its choices, when it keeps one (Game.find_choice)
        self._find = game.find_choice if type(game).find_choice is not Game.find_choice else None

    # --- creating ---------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game,
        variant: Any = None,
        options: Any = None,
        players: Any = None,
        seed: Any = None,
    ) -> Match:
        """Start a match (`variant`: a name, `options`: a mapping of option names to
        values, `players`: a whole number, `seed`: an int or a str). Refuses an unknown
        variant, a bad seat count or bad options with `BadOptions`, a seed of another
        type with `TypeError`."""
        if options is not None and not isinstance(options, Mapping):
            raise BadOptions(
                f"options must be a mapping of option names to values, not {type(options).__name__}"
            )
        chosen = game.variant(variant)
        if players is None:
            players = game.seat_counts(chosen.name).start
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(f"the number of players must be a whole number, not {players!r}")
        game.check_players(chosen.name, players)
        parsed = game.make_options(chosen.name, None if options is None else dict(options))
        if seed is None:
            seed = secrets.randbits(63)
        check_seed(seed)
        header = Header(
            game=game.name,
            variant=chosen.name,
            # Canonical (sorted keys), as a save holds it: a game that deals in the order
            # of an options mapping (a deck list) then deals alike when replayed from a save.
            options=json.loads(canonical_json(parsed.model_dump(mode="json"))),
            players=players,
            seed=seed,
        )
        return cls._start(game, header)

    @classmethod
    def _start(cls, game: Game, header: Header) -> Match:
        rng = Rng(header.seed)
        events: list[Event] = []
        if header.start is not None:
            state = game.load_state(header.start["state"])
            rng = Rng.from_state(header.start["rng"])
        else:
            options = game.make_options(header.variant, header.options)
            state = game.setup(options, header.players, Context(rng, events, 0))
        return cls(game, header, state, rng, [], events)

    @classmethod
    def from_position(cls, match: Match) -> Match:
        """A new match whose start is `match`'s current state (for scenario tests that
        edit a state into an exact position); it replays from that position."""
        start = {"state": match.game.dump_state(match.state), "rng": match.rng.get_state()}
        header = Header(
            game=match.header.game,
            variant=match.header.variant,
            options=match.header.options,
            players=match.header.players,
            seed=match.header.seed,
            start=start,
        )
        return cls._start(match.game, header)

    def clone(self) -> Match:
        """An independent copy of this match: the state copied by the game's
        `copy_state` (by default through its own codec), the same RNG state, log and
        events (events are immutable, so they are shared; the lists are not, and the
        texts and hash already worked out for the events are shared as far as they
        go). Cheaper than `from_json(to_json())`; search bots clone at every sample."""
        game = self.game
        events = list(self.events)
        copy = type(self)(
            game,
            self.header,
            game.copy_state(self.state),
            Rng.from_state(self.rng.state),
            list(self.log),
            events,
        )
        cache = self._event_text
        if cache.events is self.events and len(cache.texts) <= len(events):
            copy._event_text = cache.copy_for(events)
        return copy

    @classmethod
    def replay(cls, game: Game, header: Header, log: Any) -> Match:
        """Rebuild a match from its header and its choices (`Action`s or (seat, choice
        id) pairs); refuses anything else in the log with `ReplayError`."""
        if header.game != game.name:
            raise ReplayError(f"a {header.game} match cannot be replayed by game {game.name}")
        match = cls._start(game, header)
        seat: Any
        choice: Any  # checked by `act`, as a client's would be
        for number, entry in enumerate(log, start=1):
            if isinstance(entry, Action):
                seat, choice = entry.seat, entry.choice
            elif isinstance(entry, (tuple, list)) and len(entry) == 2:
                seat, choice = entry
            else:
                raise ReplayError(f"choice {number} of the log is {entry!r}, not a (seat, choice id) pair")
            try:
                match.act(seat, choice)
            except IllegalChoice as error:
                raise ReplayError(f"choice {number} of the log was refused: {error}") from None
        return match

    # --- reading ----------------------------------------------------------------
    @property
    def seq(self) -> int:
        """How many choices have been made."""
        return len(self.log)

    @property
    def players(self) -> int:
        return self.header.players

    def all_prompts(self) -> list[Prompt]:
        """The open prompts, worked out once per step (do not change the list)."""
        if self._prompts_at != len(self.log):
            self._prompts = self.game.prompts(self.state)
            self._prompts_at = len(self.log)
        return self._prompts

    def forget_prompts(self) -> None:
        """Work the open prompts out afresh: for a state edited behind the match's
        back (scenario and kit tests)."""
        self._prompts_at = -1

    def prompts(self, seat: Any = None) -> list[Prompt]:
        """Open prompts: all of them, or only `seat`'s (refuses a seat the match does not
        have with `NotYourTurn`)."""
        prompts = self.all_prompts()
        if seat is None:
            return list(prompts)
        self._check_seat(seat, allow_spectator=False)
        return [p for p in prompts if p.seat == seat]

    def seats_to_act(self) -> list[int]:
        return sorted({p.seat for p in self.all_prompts()})

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def over(self) -> bool:
        return not self.all_prompts()

    # The public calls take `seat` and `choice_id` as Any and check them themselves: a
    # compiled build would otherwise turn a `True` seat into 1, or refuse a wrong type
    # with its own TypeError instead of the match's error.
    def view(self, seat: Any) -> dict[str, Any]:
        """What `seat` may know (None: a spectator)."""
        self._check_seat(seat, allow_spectator=True)
        return self.game.view(self.state, seat)

    def events_for(self, seat: Any, after: Any = -1) -> list[Event]:
        """The events `seat` may see (None: a spectator), made after choice number
        `after` (-1: all, set-up included)."""
        self._check_seat(seat, allow_spectator=True)
        if isinstance(after, bool) or not isinstance(after, int):
            raise TypeError(f"after must be a choice number (an int; -1 for every event), not {after!r}")
        return [e for e in self.events if e.seq > after and e.visible_to(seat)]

    # --- acting -----------------------------------------------------------------
    def act(self, seat: Any, choice_id: Any) -> list[Event]:
        """Make a choice for `seat`. Anything but one of the seat's current choice ids
        is refused with `IllegalChoice` (or `NotYourTurn`), and nothing changes."""
        log = self.log
        choice = None
        if type(seat) is int and isinstance(choice_id, str):
            find = self._find
            if find is not None:  # the game's own index
                choice = find(self.state, seat, choice_id)
            elif self._prompts_at == len(log):  # the prompts of this step, already worked out
                choice = offered_choice(self._prompts, seat, choice_id)
        if choice is None:
            choice = self._find_choice(seat, choice_id)
        events = self.events
        first = len(events)
        ctx = self._ctx
        if ctx.events is not events or ctx.rng is not self.rng:
            ctx = self._ctx = Context(self.rng, events, 0)
        ctx.seq = len(log) + 1
        ctx._first_index = first
        try:
            self.game.apply(self.state, seat, choice, ctx)
        except Exception as error:
            self._restore()
            bug = GameBug(
                f"game '{self.game.name}' failed applying seat {seat}'s choice "
                f"'{choice_id}': {type(error).__name__}: {error}; the match is unchanged"
            )
            bug.__cause__ = error  # compiled code does not keep the cause `from` gives
            raise bug from error
        log.append(Action(seat, choice.id))  # the offered id itself (a plain str)
        return events[first:]

    def _find_choice(self, seat: Any, choice_id: Any) -> Choice:
        self._check_seat(seat, allow_spectator=False)
        prompts = self.all_prompts()
        found = offered_choice(prompts, seat, choice_id) if isinstance(choice_id, str) else None
        if found is not None:
            return found
        mine = [p for p in prompts if p.seat == seat]
        if not mine:
            if not prompts:
                raise NotYourTurn(f"seat {seat} cannot act: the match is over")
            waiting = ", ".join(str(s) for s in self.seats_to_act())
            raise NotYourTurn(f"seat {seat} has nothing to decide now; waiting for seat(s) {waiting}")
        if not isinstance(choice_id, str):
            raise IllegalChoice(
                f"seat {seat} cannot choose {choice_id!r}: a choice id is a string; {describe_choices(mine)}"
            )
        raise IllegalChoice(f"seat {seat} cannot choose '{choice_id}' now; {describe_choices(mine)}")

    def _check_seat(self, seat: Any, allow_spectator: bool) -> None:
        if type(seat) is int and 0 <= seat < self.header.players:
            return
        if seat is None and allow_spectator:
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise NotYourTurn(
                f"there is no seat {seat!r} in this match; its seats are 0 to {self.players - 1}"
            )

    def _restore(self) -> None:
        """Put the match back as it was before a failed apply, by replaying its log."""
        rebuilt = Match.replay(self.game, self.header, self.log)
        self.state, self.rng, self.events = rebuilt.state, rebuilt.rng, rebuilt.events
        self._prompts_at = -1

    # --- saving -----------------------------------------------------------------
    def _events(self) -> _EventTexts:
        """The per-event text cache, brought up to date (a replaced list starts afresh)."""
        cache = self._event_text
        if cache.events is not self.events or len(cache.texts) > len(self.events):
            cache = self._event_text = _EventTexts(self.events)
        cache.update()
        return cache

    def _log(self) -> _LogTexts:
        """The per-choice text cache (a replaced log starts afresh)."""
        if self._log_text.log is not self.log:
            self._log_text = _LogTexts(self.log)
        return self._log_text

    def _events_json(self) -> str:
        """`canonical_json(to_data(self.events))`, built from the per-event cache."""
        return "[" + ",".join(self._events().texts) + "]"

    def altered_events(self) -> list[int]:
        """The indexes of events that differ now from the text this match made of them
        when it first hashed them (`fingerprint`, `to_json`). Events are values: clones
        share them and the hash is fed each one once, so nothing may change an event
        after `Context.emit` has recorded it; the test kit checks it with this."""
        cache = self._event_text
        if cache.events is not self.events:
            return []
        return [
            k for k, text in enumerate(cache.texts) if canonical_json(_event_data(self.events[k])) != text
        ]

    def fingerprint(self) -> str:
        """A digest of everything the match holds; equal after replay or reload.
        It hashes `canonical_json({"events", "rng", "seq", "state"})`, written out
        key by key (sorted), and the events part is hashed once as they come."""
        digest = self._events().digest()
        digest.update(
            (
                '],"rng":'
                + canonical_json(self.rng.get_state())
                + ',"seq":'
                + canonical_json(len(self.log))
                + ',"state":'
                + self.game.state_json(self.state)
                + "}"
            ).encode()
        )
        return digest.hexdigest()

    def to_json(self) -> str:
        """The whole match, secrets included: for the server's storage only. The
        same text as `canonical_json` of {"events", "format", "header", "log", "rng",
        "state"}, written out key by key (sorted) so the events come from their cache."""
        return (
            '{"events":'
            + self._events_json()
            + ',"format":'
            + canonical_json(FORMAT)
            + ',"header":'
            + canonical_json(to_data(self.header))
            + ',"log":'
            + self._log().json()
            + ',"rng":'
            + canonical_json(self.rng.get_state())
            + ',"state":'
            + self.game.state_json(self.state)
            + "}"
        )

    @classmethod
    def from_json(cls, text: Any, games: Mapping[str, Game] | Game) -> Match:
        """Load what `to_json` saved. `games` is one game or a name -> game mapping."""
        if not isinstance(text, str):
            raise ReplayError(f"a saved match is the JSON text to_json wrote, not {type(text).__name__}")
        try:
            data, events, event_texts, log = _parse_saved(text)
            if data.get("format") != FORMAT:
                raise ReplayError(
                    f"saved match is malformed: format {data.get('format')!r}, expected {FORMAT}"
                )
            header = from_data(Header, data["header"], "header")
            game = games if isinstance(games, Game) else games.get(header.game)
            if game is None or game.name != header.game:
                raise ReplayError(f"the saved match is of game '{header.game}', which is not loaded")
            if log is None:
                log = _load_log(data["log"])
            state = game.load_state(data["state"])
            rng = Rng.from_state(int(data["rng"]))
        except (KeyError, TypeError, ValueError, SerialError) as error:
            if isinstance(error, ReplayError):
                raise
            raise ReplayError(f"saved match is malformed: {error}") from None
        match = cls(game, header, state, rng, log, events)
        if event_texts is not None:
            match._event_text = event_texts
        return match


class _EventTexts:
    """Each event's canonical JSON text, and a running SHA-256 of the fingerprint's
    beginning (`{"events":[` and the events so far). Events never change once
    recorded (`Match.altered_events` checks it) and are only ever appended, so a
    long match neither encodes nor hashes its whole history again at every
    fingerprint."""

    __slots__ = ("events", "texts", "hashed", "_digest")

    def __init__(
        self, events: list[Event], texts: list[str] | None = None, hashed: int = 0, digest: Any = None
    ) -> None:
        self.events = events
        self.texts = texts if texts is not None else []
        # `digest` (when given) has been fed the first `hashed` texts
        self.hashed = hashed if digest is not None else 0
        self._digest = digest if digest is not None else hashlib.sha256(b'{"events":[')

    def copy_for(self, events: list[Event]) -> _EventTexts:
        """The cache for a copy of the match (`events` a copy of this one's list): the
        texts made so far, and a copy of the hash, are taken as they are."""
        return _EventTexts(events, list(self.texts), self.hashed, self._digest.copy())

    def update(self) -> None:
        texts = self.texts
        if len(texts) < len(self.events):
            texts.extend(canonical_json(_event_data(e)) for e in self.events[len(texts) :])

    def digest(self) -> Any:
        """A copy of the running hash, fed every event so far."""
        self.hashed = _feed(self._digest, self.texts, self.hashed)
        return self._digest.copy()


def _feed(digest: Any, texts: list[str], hashed: int) -> int:
    """Feed `digest`, which holds the first `hashed` texts, the rest of them (comma
    separated, as in the JSON list); returns how many it now holds."""
    if hashed < len(texts):
        chunk = ",".join(texts[hashed:])
        digest.update((("," if hashed else "") + chunk).encode())
    return len(texts)


class _LogTexts:
    """Each choice's canonical JSON text (`[seat,"choice"]`), kept as the log grows."""

    __slots__ = ("log", "texts", "last")

    def __init__(self, log: list[Action]) -> None:
        self.log = log
        self.texts: list[str] = []
        self.last: Action | None = None  # the last action encoded, to notice a log rewritten

    def json(self) -> str:
        log, texts = self.log, self.texts
        done = len(texts)
        if done > len(log) or (done and log[done - 1] is not self.last):
            texts.clear()
            done = 0
        if done < len(log):
            texts.extend(canonical_json([a.seat, a.choice]) for a in log[done:])
            self.last = log[-1]
        return "[" + ",".join(texts) + "]"


_SAVED_PREFIX = '{"events":['
_DECODER = json.JSONDecoder()


class _Parsed:
    """What the last save laid out as `to_json` writes it held: its events (with their
    texts and a hash of them, as `_EventTexts` keeps) and its choices, and the exact
    text each was read from.

    The test kit saves and loads a match at many steps of a playout, and a later save
    of a match begins with the very text of an earlier one's events, as its log does
    with the earlier log (both are only ever appended to). So a save is read against
    the last one: where its events (or its log) begin with the same text, they are
    taken as they were read, and only what follows is parsed. Events and actions are
    immutable, so loads share them; the lists are copied, and everything else (the
    header, the RNG, the state) is parsed afresh for every load.

    A `_Parsed` is never changed, nor are the lists and the hash it holds: the next
    save read replaces it whole, so loads in several threads at once each see one
    consistent record."""

    __slots__ = ("events_text", "events", "texts", "digest", "log_text", "log")

    def __init__(
        self,
        events_text: str = _SAVED_PREFIX,
        events: list[Event] | None = None,
        texts: list[str] | None = None,
        digest: Any = None,
        log_text: str = '"log":[',
        log: list[Action] | None = None,
    ) -> None:
        self.events_text = events_text  # the save's text up to the end of its last event
        self.events = events if events is not None else []
        self.texts = texts if texts is not None else []  # each event's canonical text
        # fed `{"events":[` and every text
        self.digest = digest if digest is not None else hashlib.sha256(_SAVED_PREFIX.encode())
        self.log_text = log_text  # the log's text up to the end of its last entry
        self.log = log if log is not None else []


_LAST = _Parsed()


class _NotCanonical(Exception):
    """The save is not laid out as `to_json` writes it: it is parsed as plain JSON."""


def _parse_saved(text: str) -> tuple[dict[str, Any], list[Event], _EventTexts | None, list[Action] | None]:
    """Parse a saved match: its data, its events, their cached texts (when known) and
    its choices (None: still to be read from the data's "log")."""
    try:
        return _parse_canonical(text)
    except _NotCanonical:
        pass
    data = json.loads(text)
    return data, _load_events(data["events"]), None, None


def _expect(text: str, literal: str, index: int) -> int:
    if not text.startswith(literal, index):
        raise _NotCanonical
    return index + len(literal)


def _read_value(text: str, index: int) -> tuple[Any, int]:
    try:
        return _DECODER.raw_decode(text, index)
    except ValueError:
        raise _NotCanonical from None


def _read_items(text: str, index: int, items: list[Any], texts: list[str] | None, more: bool) -> int:
    """Read the values of a JSON list from `index` (just after its `[`, or after a
    comma when `more`) up to its closing `]`, whose index it returns."""
    if not more and text.startswith("]", index):
        return index
    while True:
        item, end = _read_value(text, index)
        items.append(item)
        if texts is not None:
            texts.append(text[index:end])
        if text.startswith(",", end):
            index = end + 1
        elif text.startswith("]", end):
            return end
        else:
            raise _NotCanonical


def _parse_canonical(text: str) -> tuple[dict[str, Any], list[Event], _EventTexts, list[Action]]:
    """Parse text laid out exactly as `to_json` writes it, reusing what the last such
    save held (see `_Parsed`); anything else raises `_NotCanonical`."""
    last = _LAST
    # the events, first: those the last save had, then the new ones
    index = _expect(text, _SAVED_PREFIX, 0)
    known = len(last.events_text)
    reused = bool(last.events) and text.startswith(last.events_text) and text.startswith((",", "]"), known)
    if reused:
        events, texts = list(last.events), list(last.texts)
        index = known + 1 if text.startswith(",", known) else known
        more = index != known
    else:
        events, texts, more = [], [], False
    items: list[Any] = []
    raw: list[str] = []
    if index != known or not reused:
        index = _read_items(text, index, items, raw, more)
    events_end = index
    if items:
        new = _quick_events(items)
        if new is None:
            raise _NotCanonical  # the plain parse explains what is wrong
        events += new
        # the fingerprint hashes these texts, so they must be canonical (a save
        # written by hand may not be)
        for item, item_text in zip(items, raw, strict=True):
            canonical = canonical_json(item)
            texts.append(item_text if canonical == item_text else canonical)
    # the other keys, in the order to_json writes them
    index = _expect(text, '],"format":', events_end)
    format_, index = _read_value(text, index)
    index = _expect(text, ',"header":', index)
    header, index = _read_value(text, index)
    log_start = index = _expect(text, ",", index)
    known = len(last.log_text)
    entries: list[Any] = []  # the log's entries read from the text, as JSON values
    if (
        last.log
        and text.startswith(last.log_text, log_start)
        and text.startswith((",", "]"), log_start + known)
    ):
        log = list(last.log)
        index = log_start + known
        if text.startswith(",", index):
            index = _read_items(text, index + 1, entries, None, True)
    else:
        log = []
        index = _read_items(text, _expect(text, '"log":[', index), entries, None, False)
    log_end = index
    try:
        log += _load_log(entries)
    except (TypeError, ValueError):
        raise _NotCanonical from None
    index = _expect(text, '],"rng":', index)
    rng, index = _read_value(text, index)
    index = _expect(text, ',"state":', index)
    state, index = _read_value(text, index)
    if index != len(text) - 1 or not text.startswith("}", index):
        raise _NotCanonical
    # remember this save for the next one
    events_text, digest = last.events_text, last.digest
    if not reused or items:
        events_text = text[:events_end]
        digest = last.digest.copy() if reused else hashlib.sha256(_SAVED_PREFIX.encode())
        _feed(digest, texts, len(last.texts) if reused else 0)
    log_text = last.log_text
    if entries or log_end - log_start != len(last.log_text):
        log_text = text[log_start:log_end]
    _remember(_Parsed(events_text, events, texts, digest, log_text, log))
    cache = _EventTexts(list(events), list(texts), len(texts), digest.copy())
    data = {"format": format_, "header": header, "rng": rng, "state": state}
    return data, cache.events, cache, list(log)


def _remember(parsed: _Parsed) -> None:
    global _LAST
    _LAST = parsed


def _load_log(data: Any) -> list[Action]:
    return [Action(int(seat), str(choice)) for seat, choice in data]


def _event_data(event: Event) -> dict[str, Any]:
    """`to_data(event)`, without looking the dataclass's fields up each time."""
    return {
        "kind": event.kind,
        "text": event.text,
        "data": to_data(event.data),
        "to": None if event.to is None else list(event.to),
        "seq": event.seq,
        "index": event.index,
    }


_EVENT_KEYS = frozenset({"kind", "text", "data", "to", "seq", "index"})


def _load_events(data: Any) -> list[Event]:
    """Saved events. Well-formed entries are built directly (a long match holds
    thousands); anything else goes through `from_data`, which explains the problem."""
    events = _quick_events(data) if isinstance(data, list) else None
    return events if events is not None else from_data(list[Event], data, "events")


def _quick_events(data: list[Any]) -> list[Event] | None:
    """The events of well-formed entries, or None if any entry is not."""
    events = []
    for item in data:
        if (
            type(item) is dict
            and item.keys() == _EVENT_KEYS
            and type(item["kind"]) is str
            and type(item["text"]) is str
            and type(item["data"]) is dict
            and type(item["seq"]) is int
            and type(item["index"]) is int
            and (item["to"] is None or (type(item["to"]) is list and all(type(s) is int for s in item["to"])))
        ):
            to = item["to"]
            events.append(
                Event(
                    item["kind"],
                    item["text"],
                    item["data"],
                    None if to is None else tuple(to),
                    item["seq"],
                    item["index"],
                )
            )
        else:
            return None
    return events


def describe_choices(prompts: list[Prompt], limit: int = 12) -> str:
    """A short account of what a seat may choose, for error messages."""
    choices = [c for p in prompts for c in p.choices]
    kinds = ", ".join(sorted({p.kind for p in prompts}))
    shown = "; ".join(f"'{c.id}' ({c.label})" for c in choices[:limit])
    more = f"; and {len(choices) - limit} more" if len(choices) > limit else ""
    return f"open {kinds} prompt(s) offer: {shown}{more}"
