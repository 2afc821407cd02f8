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
from dataclasses import dataclass, field
from typing import Any

from nbc.core.errors import BadOptions, GameBug, IllegalChoice, NotYourTurn, ReplayError
from nbc.core.game import Choice, Context, Event, Game, Outcome, Prompt, quick_init
from nbc.core.rng import Rng
from nbc.core.serial import SerialError, canonical_json, from_data, to_data

FORMAT = 1


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


@quick_init
@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    choice: str


@dataclass(slots=True)
class _Cache:
    seq: int = -1
    prompts: list[Prompt] = field(default_factory=list)


class Match:
    """A running match. Build one with `Match.new`, `Match.replay` or `Match.from_json`."""

    __slots__ = ("game", "header", "state", "rng", "log", "events", "_cache", "_event_text")

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
        self._cache = _Cache()
        self._event_text = _EventTexts(events)

    # --- creating ---------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game,
        variant: str | None = None,
        options: dict[str, Any] | None = None,
        players: int | None = None,
        seed: int | str | None = None,
    ) -> Match:
        """Start a match. Refuses an unknown variant, a bad seat count or bad options
        with `BadOptions`."""
        chosen = game.variant(variant)
        if players is None:
            players = game.seat_counts(chosen.name).start
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(f"the number of players must be a whole number, not {players!r}")
        game.check_players(chosen.name, players)
        parsed = game.make_options(chosen.name, options)
        if seed is None:
            seed = secrets.randbits(63)
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
        """An independent copy of this match: the state copied through the game's own
        codec, the same RNG state, log and events (events are immutable, so they are
        shared; the lists are not). Cheaper than `from_json(to_json())`."""
        game = self.game
        copy = type(self)(
            game,
            self.header,
            game.load_state(game.dump_state(self.state)),
            Rng.from_state(self.rng.get_state()),
            list(self.log),
            list(self.events),
        )
        copy._event_text = _EventTexts(copy.events, list(self._events().texts))
        return copy

    @classmethod
    def replay(cls, game: Game, header: Header, log: list[Action] | list[tuple[int, str]]) -> Match:
        """Rebuild a match from its header and its choices."""
        if header.game != game.name:
            raise ReplayError(f"a {header.game} match cannot be replayed by game {game.name}")
        match = cls._start(game, header)
        for number, entry in enumerate(log, start=1):
            seat, choice = (entry.seat, entry.choice) if isinstance(entry, Action) else entry
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
        cache = self._cache
        if cache.seq != len(self.log):
            cache.prompts = self.game.prompts(self.state)
            cache.seq = len(self.log)
        return cache.prompts

    def prompts(self, seat: int | None = None) -> list[Prompt]:
        """Open prompts: all of them, or only `seat`'s."""
        prompts = self.all_prompts()
        if seat is None:
            return list(prompts)
        return [p for p in prompts if p.seat == seat]

    def seats_to_act(self) -> list[int]:
        return sorted({p.seat for p in self.all_prompts()})

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def over(self) -> bool:
        return not self.all_prompts()

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (None: a spectator)."""
        self._check_seat(seat, allow_spectator=True)
        return self.game.view(self.state, seat)

    def events_for(self, seat: int | None, after: int = -1) -> list[Event]:
        """The events `seat` may see, made after choice number `after` (-1: all,
        set-up included)."""
        return [e for e in self.events if e.seq > after and e.visible_to(seat)]

    # --- acting -----------------------------------------------------------------
    def act(self, seat: int, choice_id: str) -> list[Event]:
        """Make a choice for `seat`. Anything but one of the seat's current choice ids
        is refused with `IllegalChoice` (or `NotYourTurn`), and nothing changes."""
        choice = self._find_choice(seat, choice_id)
        ctx = Context(self.rng, self.events, len(self.log) + 1)
        try:
            self.game.apply(self.state, seat, choice, ctx)
        except Exception as error:
            self._restore()
            raise GameBug(
                f"game '{self.game.name}' failed applying seat {seat}'s choice "
                f"'{choice_id}': {type(error).__name__}: {error}; the match is unchanged"
            ) from error
        self.log.append(Action(seat, choice_id))
        return ctx.new_events

    def _find_choice(self, seat: int, choice_id: str) -> Choice:
        self._check_seat(seat, allow_spectator=False)
        prompts = self.all_prompts()
        for prompt in prompts:
            if prompt.seat == seat:
                for choice in prompt.choices:
                    if choice.id == choice_id:
                        return choice
        mine = [p for p in prompts if p.seat == seat]
        if not mine:
            if not prompts:
                raise NotYourTurn(f"seat {seat} cannot act: the match is over")
            waiting = ", ".join(str(s) for s in self.seats_to_act())
            raise NotYourTurn(f"seat {seat} has nothing to decide now; waiting for seat(s) {waiting}")
        raise IllegalChoice(f"seat {seat} cannot choose '{choice_id}' now; {describe_choices(mine)}")

    def _check_seat(self, seat: int | None, allow_spectator: bool) -> None:
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
        self._cache = _Cache()

    # --- saving -----------------------------------------------------------------
    def _events(self) -> _EventTexts:
        """The per-event text cache, brought up to date (a replaced list starts afresh)."""
        cache = self._event_text
        if cache.events is not self.events or len(cache.texts) > len(self.events):
            cache = self._event_text = _EventTexts(self.events)
        cache.update()
        return cache

    def _events_json(self) -> str:
        """`canonical_json(to_data(self.events))`, built from the per-event cache."""
        return "[" + ",".join(self._events().texts) + "]"

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
                + canonical_json(self.game.dump_state(self.state))
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
            + canonical_json([[a.seat, a.choice] for a in self.log])
            + ',"rng":'
            + canonical_json(self.rng.get_state())
            + ',"state":'
            + canonical_json(self.game.dump_state(self.state))
            + "}"
        )

    @classmethod
    def from_json(cls, text: str, games: Mapping[str, Game] | Game) -> Match:
        """Load what `to_json` saved. `games` is one game or a name -> game mapping."""
        try:
            data, events, event_texts = _parse_saved(text)
            if data.get("format") != FORMAT:
                raise ReplayError(
                    f"saved match is malformed: format {data.get('format')!r}, expected {FORMAT}"
                )
            header = from_data(Header, data["header"], "header")
            game = games if isinstance(games, Game) else games.get(header.game)
            if game is None or game.name != header.game:
                raise ReplayError(f"the saved match is of game '{header.game}', which is not loaded")
            log = _load_log(data["log"])
            state = game.load_state(data["state"])
            rng = Rng.from_state(int(data["rng"]))
        except (KeyError, TypeError, ValueError, SerialError) as error:
            if isinstance(error, ReplayError):
                raise
            raise ReplayError(f"saved match is malformed: {error}") from None
        match = cls(game, header, state, rng, log, events)
        if event_texts is not None and len(event_texts) == len(events):
            match._event_text = _EventTexts(events, event_texts)
        return match


class _EventTexts:
    """Each event's canonical JSON text, and a running SHA-256 of the fingerprint's
    beginning (`{"events":[` and the events so far). Events are immutable and only
    ever appended, so a long match neither encodes nor hashes its whole history
    again at every fingerprint."""

    __slots__ = ("events", "texts", "hashed", "_digest")

    def __init__(self, events: list[Event], texts: list[str] | None = None) -> None:
        self.events = events
        self.texts = texts if texts is not None else []
        self.hashed = 0
        self._digest = hashlib.sha256(b'{"events":[')

    def update(self) -> None:
        texts = self.texts
        if len(texts) < len(self.events):
            texts.extend(canonical_json(_event_data(e)) for e in self.events[len(texts) :])

    def digest(self) -> Any:
        """A copy of the running hash, fed every event so far."""
        texts = self.texts
        if self.hashed < len(texts):
            start = self.hashed
            chunk = ",".join(texts[start:])
            self._digest.update((("," if start else "") + chunk).encode())
            self.hashed = len(texts)
        return self._digest.copy()


_SAVED_PREFIX = '{"events":['
_DECODER = json.JSONDecoder()
_LAST_PARSED: list[Any] = [None, None, None, None, None]  # text, data, events, event texts, log


def _parse_saved(text: str) -> tuple[dict[str, Any], list[Event], list[str] | None]:
    """Parse a saved match: its data, its events and, when known, each event's exact
    text. The same text is often loaded several times in a row (the test kit loads
    one save once per seat), so the last parse is kept: events are immutable and
    shared, the lists are copied, and the state is rebuilt by the game each time."""
    if _LAST_PARSED[0] is not text and _LAST_PARSED[0] != text:
        data, texts = _parse_text(text)
        _LAST_PARSED[:] = [text, data, _load_events(data["events"]), texts, None]
        return data, list(_LAST_PARSED[2]), None if texts is None else list(texts)
    _, cached, events, texts, _ = _LAST_PARSED
    # Everything but the events is parsed afresh: a game may keep (and later change) the
    # lists of the data it loads its state from, so two loads must not share them.
    if texts is None:
        data = json.loads(text)
    else:  # the events were read one by one, so they end exactly after their texts
        end = len(_SAVED_PREFIX) + len(",".join(texts))
        data = json.loads("{" + text[end + 2 :])
    data["events"] = cached["events"]
    data["log"] = cached["log"]
    return data, list(events), None if texts is None else list(texts)


def _load_log(data: Any) -> list[Action]:
    """Saved choices (kept with the last parse: actions are immutable)."""
    if _LAST_PARSED[1] is not None and data is _LAST_PARSED[1].get("log"):
        if _LAST_PARSED[4] is None:
            _LAST_PARSED[4] = [Action(int(seat), str(choice)) for seat, choice in data]
        return list(_LAST_PARSED[4])
    return [Action(int(seat), str(choice)) for seat, choice in data]


def _parse_text(text: str) -> tuple[dict[str, Any], list[str] | None]:
    """Text written by `to_json` starts with its events, each in canonical form:
    their exact text is kept, so the loaded match need not encode them again for
    its fingerprint. Any other text is parsed as plain JSON."""
    if not text.startswith(_SAVED_PREFIX):
        return json.loads(text), None
    items: list[Any] = []
    texts: list[str] = []
    index = len(_SAVED_PREFIX)
    if text.startswith("]", index):
        end = index
    else:
        while True:
            item, end = _DECODER.raw_decode(text, index)
            items.append(item)
            texts.append(text[index:end])
            if text.startswith(",", end):
                index = end + 1
            elif text.startswith("]", end):
                break
            else:
                return json.loads(text), None
    if not text.startswith("],", end):
        return json.loads(text), None
    data = json.loads("{" + text[end + 2 :])
    if not isinstance(data, dict) or "events" in data:
        return json.loads(text), None
    data["events"] = items
    return data, texts


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
    if not isinstance(data, list):
        return from_data(list[Event], data, "events")
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
            return from_data(list[Event], data, "events")
    return events


def describe_choices(prompts: list[Prompt], limit: int = 12) -> str:
    """A short account of what a seat may choose, for error messages."""
    choices = [c for p in prompts for c in p.choices]
    kinds = ", ".join(sorted({p.kind for p in prompts}))
    shown = "; ".join(f"'{c.id}' ({c.label})" for c in choices[:limit])
    more = f"; and {len(choices) - limit} more" if len(choices) > limit else ""
    return f"open {kinds} prompt(s) offer: {shown}{more}"
