"""The values a match exchanges with its game on every choice: the choices and prompts
offered, the events recorded and the `Context` a game records them through. Plain
slotted classes with no other dependency than the RNG, so that the compiled build
(`nbc._compiled`) can compile them with the rules that make them; `nbc.core.game`
re-exports each of them, and that is where a plugin author imports them from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final

from mypy_extensions import mypyc_attr

from nbc.core.rng import Rng

# The key of `Choice.data` and `Event.data` that lists the cards a choice or an event
# concerns (see `nbc.core.game`, where a plugin author reads what it holds).
REFS: Final = "refs"

# The classes below are made on every choice, so each writes its own `__init__` and
# keeps `@dataclass` (init=False) for the rest: in a compiled build (`nbc._compiled`)
# a dataclass's generated `__init__` stays interpreted code, and making an instance
# through it costs about five times a compiled `__init__`. Each `__init__` takes the
# fields in order with the same defaults (tests/core/test_records.py checks it).
# Choices, prompts, events and log entries hold plain data (text, numbers, lists and
# dicts of them) that never refers back to them, so they are `acyclic`: compiled, the
# collector does not track them (a cycle through one would never be freed).


@mypyc_attr(acyclic=True)
class MadeByInit:
    """The base of those classes: copies (`copy`, `deepcopy`) and `pickle` make an
    instance again through its `__init__`, from the fields `__init__` takes. (A compiled
    class's `__new__` calls `__init__`, so the usual way, an empty instance given its
    fields afterwards, does not work on them.)"""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), tuple([getattr(self, f.name) for f in fields(self) if f.init])  # type: ignore[arg-type]


def card_refs(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The card references in a choice's or an event's `data` (see `REFS`); () when none."""
    refs = data.get(REFS)
    return tuple(refs) if refs else ()


@mypyc_attr(acyclic=True)
@dataclass(slots=True, init=False)
class Choice(MadeByInit):
    """One option of a prompt. `id` is what a client sends back to `act`."""

    id: str
    label: str
    data: dict[str, Any] = field(default_factory=dict)

    def __init__(self, id: str, label: str, data: dict[str, Any] | None = None) -> None:
        self.id = id
        self.label = label
        self.data = {} if data is None else data

    @property
    def refs(self) -> tuple[str, ...]:
        """The catalogue ids of the cards this choice concerns (`data["refs"]`, see `REFS`)."""
        return card_refs(self.data)


@mypyc_attr(acyclic=True)
@dataclass(slots=True, init=False)
class Prompt(MadeByInit):
    """A decision open to one seat: a kind (e.g. "function", "discard"), a short text,
    and a finite list of choices. Several prompts may be open at once, for one seat
    or for several (simultaneous steps, reaction windows); a seat's choice ids are
    unique across all of its open prompts."""

    seat: int
    kind: str
    text: str
    choices: tuple[Choice, ...]

    def __init__(self, seat: int, kind: str, text: str, choices: tuple[Choice, ...]) -> None:
        self.seat = seat
        self.kind = kind
        self.text = text
        self.choices = choices


@mypyc_attr(acyclic=True)
@dataclass(slots=True, init=False)
class Event(MadeByInit):
    """Something that happened. `to` lists the seats that may see it; None means
    everyone, spectators included. `seq` is the number of choices made before it
    (0 for set-up), `index` its position in the match's whole event list."""

    kind: str
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    to: tuple[int, ...] | None = None
    seq: int = 0
    index: int = 0

    def __init__(
        self,
        kind: str,
        text: str = "",
        data: dict[str, Any] | None = None,
        to: tuple[int, ...] | None = None,
        seq: int = 0,
        index: int = 0,
    ) -> None:
        self.kind = kind
        self.text = text
        self.data = {} if data is None else data
        self.to = to
        self.seq = seq
        self.index = index

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    @property
    def refs(self) -> tuple[str, ...]:
        """The catalogue ids of the cards this event concerns (`data["refs"]`, see `REFS`)."""
        return card_refs(self.data)


class Context:
    """What `setup` and `apply` get besides the state: the RNG and the event sink. A
    match keeps one for all its choices and sets `seq` afresh for each: a game must not
    keep it past the call it was given to."""

    __slots__ = ("rng", "events", "seq", "_first_index")

    def __init__(self, rng: Rng, events: list[Event], seq: int) -> None:
        self.rng = rng
        self.events = events
        self.seq = seq
        self._first_index = len(events)

    def emit(
        self,
        kind: str,
        text: str = "",
        data: dict[str, Any] | None = None,
        to: Sequence[int] | None = None,
    ) -> None:
        """Record an event; `to` limits it to those seats (None: everyone)."""
        events = self.events
        if to is not None:
            one = type(to) in (list, tuple) and len(to) == 1
            to = (to[0],) if one else tuple(sorted(set(to)))
        events.append(Event(kind, text, {} if data is None else data, to, self.seq, len(events)))

    @property
    def new_events(self) -> list[Event]:
        return self.events[self._first_index :]


def offered_choice(prompts: list[Prompt] | None, seat: int, choice_id: str) -> Choice | None:
    """The choice `choice_id` of `seat`'s prompts among `prompts`, or None (also when
    `prompts` is None). What `Match.act` looks for; a game's `find_choice` may use it
    on the prompts it keeps."""
    if prompts:
        for prompt in prompts:
            if prompt.seat == seat:
                for choice in prompt.choices:
                    if choice.id == choice_id:
                        return choice
    return None
