"""The conformance checks every game must pass, as plain functions.

Each check raises `ConformanceError`, whose text is one short block: a line naming
the game, variant, seat count and seed, how many choices were made and what went
wrong; then the check, where it broke (a path, when the check knows one), the
game's own frames when its code raised, and the replay (set-up, seed
and choices) written to a file under the temporary folder, with the command that
shrinks it into a test. The pytest module `nbc.core.testkit.conformance` runs them
over every registered game; the fuzzer (`nbc.core.testkit.fuzz`) runs them on
random set-ups; tests of the kit itself run them on deliberately broken games. Every
function here hides its frames from pytest's tracebacks (`__tracebackhide__`).

One seeded random playout is checked step by step:
- a live match (no outcome) always offers a choice, and a finished one offers none;
- every offered choice can be taken: one that fails (`GameBug`) is a stuck match;
- prompts are well formed (known seats, at least one choice, unique ids per seat);
- the game's declared invariants hold after every choice;
- the same choices on a twin match give the same state: no outside randomness;
- refused choices (unknown ids, ids that are not strings, another seat's ids, no
  such seat) raise `IllegalChoice` and leave the fingerprint as it was;
- saving to JSON and loading gives the same fingerprint, and the loaded copy
  continues exactly like the original;
- replaying the header and log gives the same fingerprint;
- no event changes once it is recorded (events are values that clones share);
- prompts(), view() and outcome() only read the state, and views are JSON;
- cards planted in one seat's hidden cards never show in another seat's view, a
  spectator's view, or an event another seat may see (unless that seat's view
  shows the card too, that is, the card became known to it);
- redealing what a seat cannot know (`Game.redeal_hidden`) changes neither its view
  nor its prompts, whatever the game calls its cards, nor the card references
  (`REFS`) of the events it is told next, unless that step showed it the card;
- twins that the kit builds itself from `Game.unknowns` (without the game's redeal)
  leave the seat's view, prompts and next events, and who is asked what, as they
  were; and the game's redeal keeps no hidden truth and moves nothing public
  (`twins.py`);
- every card reference on a choice or an event is an id of the game's catalogue,
  a label or event text that names a catalogue card by its display name lists it
  among its refs, and none shows a catalogue id instead of a name (`refs.py`);
- the bot hooks the game overrides (one in turn, at every other probe) answer within
  their contract on the live position, for one seat with a choice, and change
  nothing: `evaluate(state)` gives None or one finite number in 0..1 per seat,
  `rollout_choice(state, prompts, rng)` None or the id of a choice of the prompts it
  was given, `advise(view, prompts, rng)` the same from a plain copy of the seat's
  view, which it leaves as it was.
"""

from __future__ import annotations

import hashlib
import json
import linecache
import math
import numbers
import os
import re
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nbc.core.errors import BadOptions, GameBug, IllegalChoice, ReplayError
from nbc.core.game import Game, Prompt, Setup, Steering
from nbc.core.match import Match
from nbc.core.rng import Rng
from nbc.core.serial import canonical_json, to_data
from nbc.core.testkit.refs import ref_check
from nbc.core.testkit.twins import asked, check_twins

# pytest leaves out of its tracebacks every frame of a module that sets this: what a
# game's author sees ends at the game's own code, not at the kit's
__tracebackhide__ = True

# past every this many choices of a playout, its probe points come probe_every further apart
LONG_PLAYOUT = 280
# the light mode (probe_every 0) checks the invariants at one step in this many (staggered
# by seed, and at the end): a broken one mostly stays broken, and they cost the most
LIGHT_INVARIANTS_EVERY = 6
# the optional bot hooks the kit calls when a game overrides them: one of them at one
# probe point in this many
BOT_HOOKS = ("evaluate", "rollout_choice", "advise")
BOT_HOOKS_EVERY = 2
# where a failure's replay is written (under the temporary folder)
REPLAY_FOLDER = "nbc-replays"
# the nbc-rules folder (`nbc.core`): a frame outside it is the game's
_CORE = str(Path(__file__).resolve().parent.parent) + os.sep


class ConformanceError(AssertionError):
    """A game broke the contract. Besides the message, it carries what reproduces the
    failure: `check` (which check failed), `setup`, `seed` and `log`, the choices
    `(seat, choice id)` up to and including the one that failed, if one did; `path`,
    where it broke (the first place that differs when the check compares two values,
    where a leaked card or a value that is not JSON lies), when the check knows it;
    `game`, the game's name.

    `summary` is one line: the case, the seed, how far the match got and what broke.
    `str(error)` is the short block an author reads (`block()`): that line, the
    check, where it broke, the game's own frames when its code raised, and
    the replay, written to a file (`replay_file()`) with the command that shrinks it
    into a test."""

    def __init__(
        self,
        message: str,
        check: str = "",
        setup: Setup | None = None,
        seed: int | str | None = None,
        log: list[tuple[int, str]] | None = None,
        signature: str = "",
        path: str = "",
        game: str = "",
    ) -> None:
        super().__init__(message)
        self.summary = message
        self.check = check
        self.setup = setup
        self.seed = seed
        self.log = log or []
        # What makes two failures "the same" when a failure is shrunk: the check and,
        # for a crash, the kind of error the game raised.
        self.signature = signature or check
        self.path = path
        self.game = game
        self._file: Path | None = None

    def __str__(self) -> str:
        return self.block()

    def replay(self) -> dict[str, Any] | None:
        """The set-up, seed and choices that reproduce the failure (None when the
        error does not know its game and set-up)."""
        if not self.game or self.setup is None:
            return None
        setup = self.setup
        return {
            "game": self.game,
            "variant": setup.variant,
            "players": setup.players,
            "options": setup.options,
            "seed": self.seed,
            "choices": self.log,
        }

    def replay_file(self) -> Path | None:
        """The replay, written once to a file under the temporary folder (named by its
        content); `nbc fuzz GAME --replay FILE` shrinks it into a test."""
        replay = self.replay()
        if replay is None:
            return None
        if self._file is None:
            text = canonical_json(replay)
            folder = Path(tempfile.gettempdir()) / REPLAY_FOLDER
            folder.mkdir(exist_ok=True)
            path = folder / f"{self.game}-{hashlib.sha256(text.encode()).hexdigest()[:12]}.json"
            path.write_text(text + "\n")
            self._file = path
        return self._file

    def details(self) -> list[str]:
        """The lines after the summary, but for the replay: the check, where it broke,
        where the game's code raised."""
        check = self.check if self.signature == self.check else f"{self.check} ({self.signature})"
        lines = [f"check: {check}"]
        if self.path:
            lines.append(f"where: {self.path}")
        lines += game_frames(self.__cause__)
        return lines

    def block(self) -> str:
        """The failure as an author reads it, in a few lines."""
        lines = [self.summary, *(f"  {line}" for line in self.details())]
        path = self.replay_file()
        if path is not None:
            lines.append(f"  replay ({len(self.log)} choices): {path}")
            lines.append(f"  shrink it into a test: nbc fuzz {self.game} --replay {path}")
        return "\n".join(lines)


def game_frames(error: BaseException | None, most: int = 3) -> list[str]:
    """Where the game's own code raised `error` (or the error it was raised from): its
    innermost `most` frames outside nbc.core, innermost last, with their lines."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if not isinstance(error, ConformanceError | GameBug) or error.__cause__ is None:
            break
        error = error.__cause__
    if error is None or isinstance(error, ConformanceError):
        return []
    frames = []
    tb = error.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if not code.co_filename.startswith(_CORE):
            frames.append((code.co_filename, tb.tb_lineno, code.co_name))
        tb = tb.tb_next
    if not frames:
        return []
    lines = [f"where the game raised {type(error).__name__}:"]
    for filename, number, function in frames[-most:]:
        source = linecache.getline(filename, number).strip()
        lines.append(f"  {_short_path(filename)}:{number}, in {function}: {source}")
    return lines


def _short_path(filename: str) -> str:
    """`filename` relative to the working folder when it lies inside it."""
    try:
        relative = os.path.relpath(filename)
    except ValueError:  # another drive
        return filename
    return filename if relative.startswith("..") else relative


class Exhausted(Exception):
    """A scripted playout ran out of decisions before anything failed."""


@dataclass(frozen=True, slots=True)
class Case:
    """One game, variant and seat count to check."""

    game: Game
    variant: str
    players: int

    @property
    def id(self) -> str:
        return f"{self.game.name}/{self.variant}/{self.players}p"


@dataclass(slots=True)
class Report:
    playouts: int = 0
    choices: int = 0
    secrecy_checks: int = 0  # how many plantings were checked
    redeal_checks: int = 0  # how many redeals of hidden cards were compared
    twin_checks: int = 0  # how many twins (built by the kit from Game.unknowns) were compared
    random_setups: int = 0  # playouts that used a random set-up of the game's
    bot_checks: int = 0  # probe points at which the game's bot hooks were called and checked
    known: dict[str, int] = field(default_factory=dict)  # known failures met, by signature


def cases(games: dict[str, Game] | list[Game]) -> list[Case]:
    """Every game x variant x allowed seat count."""
    listed = games.values() if isinstance(games, dict) else games
    return [
        Case(game, variant, players)
        for game in sorted(listed, key=lambda g: g.name)
        for variant in game.variants
        for players in game.seat_counts(variant)
    ]


def case_setup(case: Case, seed: int) -> Setup:
    """The set-up the kit plays for `case` and `seed`: the variant's preset for even
    seeds, a random legal set-up of the game's (its decks, card mix, characters) for
    odd ones. A game that draws no set-ups of its own plays its preset every time."""
    preset = Setup(case.variant, case.players, {})
    if seed % 2 == 0 or type(case.game).random_setup is Game.random_setup:
        return preset
    return case.game.random_setup(Rng(f"setup:{case.id}:{seed}"), case.variant, case.players)


def check_case(
    case: Case,
    seeds: range | list[int] = range(10),
    max_steps: int = 20_000,
    probe_every: int = 7,
    engine: type[Match] = Match,
    random_setups: bool = True,
    known: frozenset[str] | set[str] = frozenset(),
) -> Report:
    """Run every check on seeded random playouts of one case. `engine` is the match
    class under test (the kit checks the engine and the game together). With
    `random_setups`, odd seeds play a random legal set-up (see `case_setup`). A
    failure whose signature is in `known` (an open defect with its own test) is
    counted in `report.known` instead of raised."""
    report = Report()
    for seed in seeds:
        setup = case_setup(case, seed) if random_setups else Setup(case.variant, case.players, {})
        report.random_setups += bool(setup.options)
        draw = Rng(f"conformance:{seed}").below
        try:
            check_playout(case.game, setup, seed, draw, max_steps, probe_every, engine, report)
        except ConformanceError as error:
            if error.signature not in known:
                raise
            report.known[error.signature] = report.known.get(error.signature, 0) + 1
    return report


def check_playout(
    game: Game,
    setup: Setup,
    seed: int | str,
    draw: Callable[[int], int],
    max_steps: int = 20_000,
    probe_every: int = 7,
    engine: type[Match] = Match,
    report: Report | None = None,
) -> Match:
    """Play one random playout of `setup` with match seed `seed`, checking every step;
    `draw(n)` picks among n options (the seat to act, then its choice). Returns the
    finished match, or raises `ConformanceError` (or `Exhausted` from `draw`)."""
    was = game.self_checks(True)
    try:
        return _Playout(game, setup, seed, engine, report or Report()).run(draw, max_steps, probe_every)
    finally:
        game.self_checks(was)


def pick(match: Match, draw: Callable[[int], int]) -> tuple[int, str]:
    """The random bot's move: which seat acts (when several may), then which of its
    choices, each drawn with `draw(n)`. The same draws as `bot_step` with the
    random bot."""
    prompts = match.all_prompts()
    if len(prompts) == 1:
        mine = prompts
    else:
        seats = sorted({p.seat for p in prompts})
        seat = seats[draw(len(seats))] if len(seats) > 1 else seats[0]
        mine = [p for p in prompts if p.seat == seat]
    choices = [c for p in mine for c in p.choices]
    steer = getattr(draw, "choice", None)  # a fuzzer's Draws may steer or favour some choices
    k = steer(choices, match, mine) if steer is not None else draw(len(choices))
    return mine[0].seat, choices[k].id


class _Playout:
    """One checked playout: the match under test, its twin and what failed."""

    def __init__(
        self, game: Game, setup: Setup, seed: int | str, engine: type[Match], report: Report
    ) -> None:
        self.game, self.setup, self.seed, self.engine, self.report = game, setup, seed, engine, report
        self.case = f"{game.name}/{setup.variant}/{setup.players}p"
        self.invariants = list(game.invariants())
        self.refs = ref_check(game)
        self.match: Match | None = None
        self.failed_choice: tuple[int, str] | None = None
        self.twin_turn = 0  # probe points so far: whose twin is built next (twins.py)
        self.probes = 0  # probe points so far: whose planting and redeal are checked next
        kind = type(game)
        self.bot_hooks = [name for name in BOT_HOOKS if getattr(kind, name) is not getattr(Game, name)]
        self.bot_turn = 0  # probe points so far: whether and which bot hook is called next

    # --- failing ----------------------------------------------------------------
    def fail(
        self, check: str, step: int, message: str, signature: str = "", path: str = ""
    ) -> ConformanceError:
        """The error to raise: `message` says what broke, `path` where (the first place
        where two values differ, where a leaked card or a value that is not JSON lies)."""
        log = [] if self.match is None else [(a.seat, a.choice) for a in self.match.log]
        if self.failed_choice is not None:
            log.append(self.failed_choice)
        where = f"{self.case} seed {self.seed!r}"
        if self.setup.options:
            where += " (random set-up)"
        text = f"{where}, after {step} choices: {message}"
        return ConformanceError(text, check, self.setup, self.seed, log, signature, path, self.game.name)

    def text(self, data: Any, what: str, step: int) -> str:
        """`data` as canonical JSON; a value that is not JSON fails, naming where."""
        try:
            return canonical_json(data)
        except (TypeError, ValueError) as error:
            path, value = _non_json(data)
            raise self.fail(
                "json",
                step,
                f"{what} holds a value that is not JSON at {path}: {type(value).__name__} {value!r:.80} "
                f"({error}); views, prompts and events must be plain JSON data",
                path=f"{what}{path}",
            ) from None

    # --- the playout ----------------------------------------------------------------
    def run(self, draw: Callable[[int], int], max_steps: int, probe_every: int) -> Match:
        game, setup, seed, engine = self.game, self.setup, self.seed, self.engine
        try:
            self.match = match = engine.new(game, setup.variant, setup.options, setup.players, seed)
        except BadOptions as error:
            raise self.fail(
                "setup",
                0,
                f"the game refuses the set-up it was given ({setup}): {error}; "
                "random_setup() and shrink_setup() must give legal set-ups",
            ) from None
        # probe_every 0 is the fuzzer's light mode for long runs: no twin and no probes,
        # only the prompts and the game's own checks at every step, the invariants now
        # and then, and the replay at the end
        light = probe_every <= 0
        twin = match if light else engine.new(game, setup.variant, setup.options, setup.players, seed)
        if not light and match.fingerprint() != twin.fingerprint():
            raise self.fail(
                "determinism",
                0,
                "two matches with the same seed start differently: setup() uses "
                "randomness outside ctx.rng (or state outside the match)",
            )
        probe_seed = hash_of(seed)
        agreed = 0  # the last step at which the twin's whole fingerprint was compared
        self.check_event_refs(0, match.events)
        for step in range(max_steps + 1):
            self.check_prompts(step)
            if not light or (step + probe_seed) % LIGHT_INVARIANTS_EVERY == 0 or match.over:
                self.check_invariants(step)
            # Probe points are staggered by seed, so several seeds cover every step; past
            # every LONG_PLAYOUT choices they come further apart (a long match is probed as
            # often as a short one in all, not all along at the same pace).
            every = probe_every * (1 + step // LONG_PLAYOUT)
            if not light and (step == 0 or (step + probe_seed) % every == 0 or match.over):
                probe = Rng(f"probe:{seed}:{step}")
                self.probes += 1
                self.check_pure_reads(step)
                if twin.fingerprint() != match.fingerprint():
                    raise self.fail("determinism", step, _twin_message(agreed))
                agreed = step
                self.check_refusals(step)
                self.check_round_trip(step, probe)
                self.report.secrecy_checks += self.check_planted(step, probe)
                self.report.redeal_checks += self.check_redeal(step, probe)
                self.report.twin_checks += check_twins(self, step, probe)
                self.report.bot_checks += self.check_bot_hooks(step, probe)
            if match.over:
                break
            if step == max_steps:
                raise self.fail("termination", step, f"the match did not end within {max_steps} choices")
            seat, choice = pick(match, draw)
            told = len(match.events)
            self.take(step, seat, choice)
            self.check_event_refs(step + 1, match.events[told:])
            if light:
                continue
            twin.act(seat, choice)
            # Every step compares what is cheap (the RNG, the events); probes compare
            # the whole fingerprint.
            if twin.rng.get_state() != match.rng.get_state() or _events_differ(twin, match):
                raise self.fail("determinism", step + 1, _twin_message(step))
        if match.outcome() is None:
            raise self.fail("stuck", len(match.log), "no choices are open but outcome() is None")
        self.check_events_kept(len(match.log))
        replayed = engine.replay(game, match.header, match.log)
        if replayed.fingerprint() != match.fingerprint():
            raise self.fail("replay", len(match.log), "replaying the log does not rebuild the same state")
        self.report.playouts += 1
        self.report.choices += len(match.log)
        return match

    def take(self, step: int, seat: int, choice: str, match: Match | None = None) -> None:
        """Act (on the match, or on a copy of its position); a choice the game offered
        but cannot apply is a stuck match."""
        match = match or self.match
        assert match is not None
        try:
            match.act(seat, choice)
        except ReplayError as error:  # the failure's own clean-up: the log does not replay
            self.failed_choice = (seat, choice)
            raise self.fail(
                "replay",
                step,
                f"taking seat {seat}'s '{choice}' failed, and the match could not be rebuilt from its "
                f"header and log: {error}",
            ) from error
        except GameBug as error:
            self.failed_choice = (seat, choice)
            cause = error.__cause__
            label = next((c.label for p in match.prompts(seat) for c in p.choices if c.id == choice), choice)
            kind = type(cause).__name__ if cause is not None else "GameBug"
            raise self.fail(
                "crash",
                step,
                f"seat {seat} was offered '{label}' ({choice}) and taking it failed: "
                f"{kind}: {cause if cause is not None else error}. A choice the game offers must "
                "work; until this is fixed the match is stuck whenever this choice is taken",
                signature=f"crash:{kind}{_where(cause)}",
            ) from error

    # --- the checks -------------------------------------------------------------------
    def check_prompts(self, step: int) -> None:
        match = self.match
        assert match is not None
        prompts = match.all_prompts()
        outcome = match.outcome()
        if prompts and outcome is not None:
            raise self.fail("prompts", step, f"outcome() reports an end ({outcome}) while prompts are open")
        if not prompts and outcome is None:
            raise self.fail(
                "stuck", step, "the match is not over but no seat has a choice: the match is stuck"
            )
        ids_by_seat: dict[int, set[str]] = {}
        for prompt in prompts:
            if not 0 <= prompt.seat < match.players:
                raise self.fail("prompts", step, f"a prompt names seat {prompt.seat}, not in the match")
            if not prompt.choices:
                raise self.fail(
                    "stuck", step, f"the '{prompt.kind}' prompt of seat {prompt.seat} offers no choice"
                )
            seen = ids_by_seat.setdefault(prompt.seat, set())
            for choice in prompt.choices:
                if choice.id in seen:
                    raise self.fail(
                        "prompts", step, f"seat {prompt.seat} is offered choice id '{choice.id}' twice"
                    )
                seen.add(choice.id)
                problem = self.refs.problem(choice.label, choice.data)
                if problem:
                    raise self.fail(
                        "refs",
                        step,
                        f"seat {prompt.seat}'s choice '{choice.id}' ({choice.label!r}) {problem}",
                        signature="refs:choice",
                    )

    def check_event_refs(self, step: int, events: list[Any]) -> None:
        """The card references of new events (see `refs.py`)."""
        check = self.refs.problem
        for event in events:
            problem = check(event.text, event.data)
            if problem:
                raise self.fail(
                    "refs",
                    step,
                    f"event '{event.kind}' ({event.text!r}) {problem}",
                    signature=f"refs:event:{event.kind}",
                )

    def check_invariants(self, step: int) -> None:
        state = self.match.state  # type: ignore[union-attr]
        for invariant in self.invariants:
            try:
                broken = invariant.check(state)
            except Exception as error:  # a check that cannot run is as bad as one that fails
                broken = f"the check itself failed: {type(error).__name__}: {error}"
            if broken:
                raise self.fail(
                    "invariant",
                    step,
                    f"invariant '{invariant.name}' ({invariant.text}) is broken: {broken}",
                    signature=f"invariant:{invariant.name}",
                )

    def check_pure_reads(self, step: int) -> None:
        """prompts(), view() and outcome() only read the state, and give JSON."""
        game, match = self.game, self.match
        assert match is not None
        before = self.text(game.dump_state(match.state), "dump_state()", step)
        reads: list[tuple[str, Callable[[], Any]]] = [
            ("prompts()", lambda: to_data(game.prompts(match.state))),
            ("outcome()", lambda: game.outcome(match.state)),
        ]
        reads += [
            (f"view({v})", lambda v=v: game.view(match.state, v)) for v in [*range(match.players), None]
        ]
        for name, read in reads:
            result = read()
            if name.startswith("view") or name == "prompts()":
                self.text(result, name, step)
            if self.text(game.dump_state(match.state), "dump_state()", step) != before:
                raise self.fail("purity", step, f"calling {name} changed the state; it must only read it")

    def check_refusals(self, step: int) -> None:
        match = self.match
        assert match is not None
        before = match.fingerprint()
        logged, told, rng = len(match.log), len(match.events), match.rng.get_state()
        own: dict[int, set[str]] = {}
        for prompt in match.all_prompts():
            own.setdefault(prompt.seat, set()).update(c.id for c in prompt.choices)
        attempts: list[tuple[int, Any]] = [(0, "no-such-choice"), (match.players, "x"), (-1, "x")]
        # a choice id that is not a string at all, from a seat that has something to decide
        attempts.extend((seat, wrong) for seat in sorted(own)[:1] for wrong in (0, None))
        for seat in range(match.players):
            for other, ids in own.items():
                if other != seat:
                    foreign = sorted(ids - own.get(seat, set()))[:2]
                    attempts.extend((seat, choice) for choice in foreign)
            attempts.append((seat, "no-such-choice"))
        for seat, choice in attempts:
            try:
                match.act(seat, choice)
            except IllegalChoice:
                pass
            except Exception as error:  # refused, but not as a bad choice
                raise self.fail(
                    "refusals",
                    step,
                    f"seat {seat}'s choice {choice!r} raised {type(error).__name__}: {error}; "
                    "a choice that is not offered must raise IllegalChoice",
                ) from error
            else:
                raise self.fail("refusals", step, f"seat {seat}'s choice {choice!r} should have been refused")
            # Cheap signs of a change after each attempt; the whole fingerprint once, after all.
            if len(match.log) != logged or len(match.events) != told or match.rng.get_state() != rng:
                raise self.fail(
                    "refusals", step, f"refusing seat {seat}'s choice {choice!r} changed the match"
                )
        if match.fingerprint() != before:
            raise self.fail("refusals", step, "refusing choices changed the match's state")

    def check_events_kept(self, step: int) -> None:
        """No event has changed since the match first hashed it."""
        match = self.match
        assert match is not None
        altered = match.altered_events()
        if altered:
            event = match.events[altered[0]]
            raise self.fail(
                "events",
                step,
                f"event {altered[0]} ({event.kind!r}, recorded at choice {event.seq}) changed after it "
                f"was recorded ({len(altered)} event(s) in all); an event is a value that clones "
                "share: emit a new one, and give each event data of its own rather than a list "
                "or dict the state keeps",
            )

    def check_round_trip(self, step: int, probe: Rng) -> None:
        match, game, engine = self.match, self.game, self.engine
        assert match is not None
        text = match.to_json()
        try:  # from_json refuses text that is not JSON; no separate parse of the whole save
            loaded = engine.from_json(text, game)
        except Exception as error:
            raise self.fail("save", step, f"the saved match does not load: {error}") from error
        if loaded.fingerprint() != match.fingerprint():
            self.check_events_kept(step)  # the likelier cause, named as such
            raise self.fail("save", step, "saving and loading changes the state")
        if match.over:
            return
        # The loaded copy must carry on exactly like the original (same RNG state too).
        first = engine.from_json(text, game)
        seat, choice = pick(first, Rng(probe.get_state()).below)
        self.take(step, seat, choice, first)
        loaded.act(seat, choice)
        if loaded.fingerprint() == first.fingerprint():
            return
        # Tell outside randomness from a save that loses something: a second copy of
        # the same save must at least agree with the first.
        second = engine.from_json(text, game)
        second.act(seat, choice)
        if second.fingerprint() != first.fingerprint():
            raise self.fail(
                "determinism",
                step + 1,
                "two copies loaded from the same save took the same choice and ended in different "
                "states: the game uses randomness outside the match's RNG (all chance must go "
                "through ctx.rng) or state kept outside the match",
            )
        raise self.fail("save", step, "a loaded match does not continue like the original")

    def check_bot_hooks(self, step: int, probe: Rng, hooks: Sequence[str] | None = None) -> int:
        """Call one of the bot hooks the game overrides (`evaluate`, `rollout_choice`,
        `advise`) at every other probe point, the next one each time (staggered by
        seed), so that a playout's probes call every one many times at a small part of
        the cost; or, with `hooks`, each of those now. Each is called on the live
        position, for one seat that has a choice, as the `ismcts` bot calls it, and must
        answer within its contract and leave the state as it was. Returns 1 when a hook
        was checked."""
        match, game = self.match, self.game
        assert match is not None
        if not self.bot_hooks or match.over:
            return 0
        if hooks is None:
            self.bot_turn += 1
            turn = self.bot_turn + hash_of(self.seed)
            if turn % BOT_HOOKS_EVERY:
                return 0
            hooks = [self.bot_hooks[turn // BOT_HOOKS_EVERY % len(self.bot_hooks)]]
        draw = Rng(f"{probe.get_state()}:bots")
        seed = draw.get_state()
        prompts = match.all_prompts()
        seats = sorted({p.seat for p in prompts})
        seat = seats[draw.below(len(seats))]
        mine = [p for p in prompts if p.seat == seat]
        ids = [c.id for p in mine for c in p.choices]
        state = match.state
        before = game.state_json(state)

        def call(hook: str, read: Callable[[], Any]) -> Any:
            try:
                answer = read()
            except Exception as error:
                raise self.fail(
                    "bots",
                    step,
                    f"{hook} raised {type(error).__name__}: {error}; the bot hooks must answer on "
                    "every live position",
                    signature=f"bots:{hook.partition('(')[0]}",
                ) from error
            after = game.state_json(state)
            if after != before:
                path, old, new = _first_difference(json.loads(before), json.loads(after))
                raise self.fail(
                    "bots",
                    step,
                    f"{hook} changed the state: at state{path}, {old!r:.80} became {new!r:.80}; "
                    "it must only read it",
                    signature=f"bots:{hook.partition('(')[0]}",
                    path=f"state{path}",
                )
            return answer

        def among(hook: str, answer: Any) -> None:
            if answer is None or (isinstance(answer, str) and answer in ids):
                return
            shown = ", ".join(repr(i) for i in ids[:6])
            if len(ids) > 6:
                shown += f" and {len(ids) - 6} more"
            raise self.fail(
                "bots",
                step,
                f"{hook} for seat {seat} returned {answer!r:.80}, which is not the id of a choice of "
                f"the prompts it was given ({shown}); it must return None or one of those ids",
                signature=f"bots:{hook.partition('(')[0]}",
            )

        if "evaluate" in hooks:
            values = call("evaluate(state)", lambda: game.evaluate(state))
            problem = _bad_values(values, match.players)
            if problem:
                raise self.fail(
                    "bots",
                    step,
                    f"evaluate(state) returned {values!r:.120}: {problem}; it must return None or "
                    f"one finite number in 0..1 per seat ({match.players} numbers)",
                    signature="bots:evaluate",
                )
        if "rollout_choice" in hooks:
            hook = "rollout_choice(state, prompts, rng)"
            among(hook, call(hook, lambda: game.rollout_choice(state, mine, Rng(f"{seed}:rollout"))))
        if "advise" in hooks:
            # a plain copy of the seat's view: advise can read nothing else of the match
            seen = self.text(match.view(seat), f"seat {seat}'s view", step)
            view = json.loads(seen)
            hook = "advise(view, prompts, rng)"
            among(hook, call(hook, lambda: game.advise(view, mine, Rng(f"{seed}:advice"))))
            if canonical_json(view) != seen:
                path, old, new = _first_difference(json.loads(seen), view)
                raise self.fail(
                    "bots",
                    step,
                    f"{hook} changed the view it was given: at view{path}, {old!r:.80} became "
                    f"{new!r:.80}; it must only read it (a server shares one view between answers)",
                    signature="bots:advise",
                    path=f"view{path}",
                )
        return 1

    def in_turn(self, viewers: list[int | None], step: int) -> list[int | None]:
        """Whose secrets a probe checks: everyone's at the start (the set-up events are
        read then), and one seat or the spectator in turn after that, staggered by seed,
        so that over a playout's probes each is checked many times, at a fraction of
        the cost of all of them at every probe."""
        if step == 0:
            return viewers
        return [viewers[(self.probes + hash_of(self.seed)) % len(viewers)]]

    def check_planted(self, step: int, probe: Rng) -> int:
        """Mark every hidden card of a seat (and every card nobody may see), whose turn
        it is (`in_turn`), in copies of the match; return how many plantings the game supported."""
        match, game = self.match, self.game
        assert match is not None
        checked = 0
        viewers = [*range(match.players), None]
        for owner in self.in_turn(viewers, step):
            copy = match.clone()
            owner_view_before = copy.view(owner) if owner is not None else None
            marker = f"PLANTED{hash_of(self.seed)}x{step}x{'n' if owner is None else owner}z"
            if not game.plant(copy.state, owner, marker):
                continue
            checked += 1
            copy.forget_prompts()  # the state was edited behind the match's back
            owner_name = "nobody" if owner is None else f"seat {owner}"
            for viewer in viewers:
                if viewer == owner:
                    continue
                who = _who(viewer)
                view = copy.view(viewer)
                if marker in self.text(view, f"{who}'s view", step):
                    where = _path_of(view, marker)
                    raise self.fail(
                        "secrecy",
                        step,
                        f"{who}'s view shows a card only {owner_name} may know, at {where}",
                        path=f"view{where}",
                    )
                if viewer is not None:
                    prompts = to_data(copy.prompts(viewer))
                    if marker in self.text(prompts, f"{who}'s prompts", step):
                        where = f"prompts{_path_of(prompts, marker)}"
                        raise self.fail(
                            "secrecy",
                            step,
                            f"{who}'s prompts name a card only {owner_name} may know, at {where}",
                            path=where,
                        )
            if owner is not None and step == 0:
                self.check_setup_events(copy, owner, owner_view_before, viewers)
            if copy.over:
                continue
            # One more step. Its events may name a marked card only to a seat that knew it
            # before the step (the owner) or that sees it after (it was shown or played).
            pattern = re.compile(re.escape(marker) + r"-\d+")
            before = copy.clone()  # what each reader knew before the step, read only if needed
            knew: dict[int | None, set[str]] = {}
            new_start = len(copy.events)
            self.take(step, *pick(copy, Rng(probe.get_state()).below), copy)
            for event in copy.events[new_start:]:
                data = to_data(event)
                named = set(pattern.findall(self.text(data, f"event '{event.kind}'", step + 1)))
                if not named:
                    continue
                for reader in viewers if event.to is None else list(event.to):
                    if reader not in knew:
                        knew[reader] = set(pattern.findall(canonical_json(before.view(reader))))
                    sees = knew[reader] | set(pattern.findall(canonical_json(copy.view(reader))))
                    if named - sees:
                        who = _who(reader)
                        where = f"event{_path_of(data, marker)}"
                        raise self.fail(
                            "secrecy",
                            step + 1,
                            f"event '{event.kind}' tells {who} of a card only {owner_name} may "
                            f"know (at {where}), and {who}'s view does not show it",
                            signature=f"secrecy:event:{event.kind}",
                            path=where,
                        )
        return checked

    def check_setup_events(self, copy: Match, owner: int, before: Any, viewers: list[int | None]) -> None:
        """Set-up events were recorded before any planting, so check them by content: the
        way the owner's view described its hidden cards before they were marked must not
        reach another seat through a set-up event, unless that seat's own view shows
        the same description (another copy of the card may be public)."""
        after = copy.view(owner)
        hidden = _changed_strings(before, after)
        # what the planting took out of the owner's view altogether: the ids of its hidden
        # cards, when its view names them (a set-up event may carry one as a card ref)
        gone = _strings(before) - _strings(after)
        for viewer in viewers:
            if viewer == owner:
                continue
            shown = canonical_json(copy.view(viewer))
            setup_events = [e for e in copy.events_for(viewer) if e.seq == 0]
            told = canonical_json([to_data(e) for e in setup_events])
            for description in hidden:
                if json.dumps(description) in told and json.dumps(description) not in shown:
                    raise self.fail(
                        "secrecy",
                        0,
                        f"a set-up event tells {_who(viewer)} of {description!r}, a card only seat "
                        f"{owner} holds",
                    )
            for event in setup_events:
                for ref in event.refs:
                    if ref in gone and json.dumps(ref) not in shown:
                        raise self.fail(
                            "secrecy",
                            0,
                            f"set-up event '{event.kind}' carries the card ref {ref!r} to {_who(viewer)}, "
                            f"a card only seat {owner} holds",
                            signature=f"secrecy:event:{event.kind}",
                        )

    def check_redeal(self, step: int, probe: Rng) -> int:
        """For a seat or the spectator in turn (`in_turn`), redeal what it cannot know in a copy: its
        view and prompts must not change, nor the card references of what it is told
        in the next step (see `check_redeal_events`). This does not trust the game's
        naming of cards: a view that looks a hidden card up directly changes with the
        redeal."""
        match, game = self.match, self.game
        assert match is not None
        if type(game).redeal_hidden is Game.redeal_hidden:
            return 0
        checked = 0
        for viewer in self.in_turn([*range(match.players), None], step):
            copy = match.clone()
            if not game.redeal_hidden(copy.state, viewer, Rng(f"redeal:{self.seed}:{step}:{viewer}")):
                continue
            checked += 1
            copy.forget_prompts()  # the state was edited behind the match's back
            who = _who(viewer)
            pairs = [("view", match.view(viewer), copy.view(viewer))]
            if viewer is not None:
                pairs.append(("prompts", to_data(match.prompts(viewer)), to_data(copy.prompts(viewer))))
            for what, before, after in pairs:
                if canonical_json(before) != canonical_json(after):
                    path, old, new = _first_difference(before, after)
                    raise self.fail(
                        "secrecy",
                        step,
                        f"{who}'s {what} changed when only cards hidden from {who} were redealt: "
                        f"at {what}{path}, {old!r:.80} became {new!r:.80}. The {what} depends on "
                        f"something {who} may not know",
                        signature=f"secrecy:redeal-{what}",
                        path=f"{what}{path}",
                    )
            if not match.over:
                self.check_redeal_events(step, viewer, copy, probe)
        return checked

    def check_redeal_events(
        self, step: int, viewer: int | None, redealt: Match, probe: Rng, forced: tuple[int, str] | None = None
    ) -> None:
        """Take the same choice in a copy of the match and in `redealt` (the copy where
        what `viewer` cannot know was redealt); the card references of the events
        `viewer` is told may differ only by cards the step showed it: each ref told in
        one copy and not in the other must be in `viewer`'s view of that copy after the
        step. A public event that carries a hidden card's ref fails here, whatever the
        game's `plant` marks. The viewer's own choice is taken when it has one (its
        prompts are the same in both copies); another seat's only when the redealt copy
        offers it too; `forced` (seat, choice id), when given, instead."""
        match = self.match
        assert match is not None
        original = match.clone()
        rng = Rng(f"{probe.get_state()}:{viewer}")
        mine = original.prompts(viewer) if viewer is not None else []
        if forced is not None:
            seat, choice = forced
        elif mine:
            choices = [c for p in mine for c in p.choices]
            seat, choice = mine[0].seat, choices[rng.below(len(choices))].id
        else:
            seat, choice = pick(original, rng.below)
            if not any(c.id == choice for p in redealt.prompts(seat) for c in p.choices):
                return
        # what the choice means to its seat in each copy: a choice named by a card
        # instance may stand for another card in the redealt copy
        meant = [
            next((to_data(c) for p in copy.prompts(seat) for c in p.choices if c.id == choice), None)
            for copy in (original, redealt)
        ]
        told = [len(original.events), len(redealt.events)]
        self.take(step, seat, choice, original)
        try:
            redealt.act(seat, choice)
        except GameBug as error:
            # the same signature as a crash met in the match itself: it is one fault,
            # whichever copy showed it first, and the shrinker keeps it as one
            cause = error.__cause__
            kind = type(cause).__name__ if cause is not None else "GameBug"
            self.failed_choice = (seat, choice)
            raise self.fail(
                "crash",
                step,
                f"after the cards hidden from {_who(viewer)} were redealt (Game.redeal_hidden), seat "
                f"{seat}'s offered choice '{choice}' failed: {kind}: {cause or error}. A redeal must "
                "leave a position the rules can play on",
                signature=f"crash:{kind}{_where(cause)}",
            ) from error
        refs = []
        for copy, start in ((original, told[0]), (redealt, told[1])):
            found: list[str] = []
            for event in copy.events[start:]:
                if event.visible_to(viewer):
                    found.extend(event.refs)
            refs.append(found)
        if refs[0] == refs[1] and meant[0] == meant[1] and asked(original) != asked(redealt):
            # the same choice, meaning the same to its seat, told the viewer the same in both
            # copies: whom the match waits for next, and with what question, must be the same
            path, old, new = _first_difference(asked(original), asked(redealt))
            raise self.fail(
                "secrecy",
                step,
                f"after seat {seat}'s '{choice}', taken where only cards hidden from {_who(viewer)} "
                f"differ, the seats asked differ: at seats asked{path}, {old!r:.80} against {new!r:.80}, "
                f"though the step told {_who(viewer)} the same in both. Whom a game asks is public: "
                "asking a seat only when it holds an answer tells everyone what it holds",
                signature="secrecy:asked-after",
                path=f"seats asked{path}",
            )
        for k, copy in enumerate((original, redealt)):
            extra = list(refs[k])
            for ref in refs[1 - k]:
                if ref in extra:
                    extra.remove(ref)
            if not extra:
                continue
            shown = canonical_json(copy.view(viewer))
            for ref in extra:
                if json.dumps(ref) not in shown:
                    who = _who(viewer)
                    event = next(e for e in copy.events[told[k] :] if e.visible_to(viewer) and ref in e.refs)
                    raise self.fail(
                        "secrecy",
                        step,
                        f"event '{event.kind}' tells {who} of the card {ref!r}, and tells it of another "
                        f"card when only cards hidden from {who} were redealt (seat {seat}'s choice "
                        f"'{choice}' taken in both), yet {who}'s view does not show {ref!r}: the card "
                        f"references of events {who} sees depend on cards it may not know",
                        signature=f"secrecy:redeal-event:{event.kind}",
                    )


def _where(error: BaseException | None) -> str:
    """`@file:function` of the innermost frame an error was raised in: what tells two
    crashes of the same type apart."""
    tb = error.__traceback__ if error is not None else None
    if tb is None:
        return ""
    while tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code
    return f"@{Path(code.co_filename).stem}:{code.co_name}"


def _bad_values(values: Any, players: int) -> str:
    """What is wrong with an `evaluate` answer ('' when nothing is)."""
    if values is None:
        return ""
    listed = hasattr(values, "__len__") and hasattr(values, "__getitem__")
    if not listed or isinstance(values, str | bytes | Mapping):
        return f"a {type(values).__name__}, not a list of numbers"
    if len(values) != players:
        return f"{len(values)} numbers for {players} seats"
    for seat, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            return f"seat {seat}'s value is a {type(value).__name__}, not a number"
        if not math.isfinite(value) or not -1e-9 <= value <= 1 + 1e-9:
            return f"seat {seat}'s value {value!r} is not within 0..1"
    return ""


def _events_differ(a: Match, b: Match) -> bool:
    if len(a.events) != len(b.events):
        return True
    return bool(a.events) and a.events[-1] != b.events[-1]


def _twin_message(agreed: int) -> str:
    return (
        "the same seed and the same choices gave different states (they still agreed after "
        f"choice {agreed}): the game uses randomness outside the match's RNG (all chance must "
        "go through ctx.rng) or state kept outside the match"
    )


def hash_of(seed: int | str) -> int:
    """A small stable number from a seed of either type, to stagger probes."""
    if isinstance(seed, int):
        return seed
    return int.from_bytes(hashlib.sha256(str(seed).encode()).digest()[:4], "big")


def _who(seat: int | None) -> str:
    return "a spectator" if seat is None else f"seat {seat}"


def _path_of(data: Any, needle: str) -> str:
    """Where inside `data` a string containing `needle` lies, as `.a[2].b`."""
    if isinstance(data, str):
        return "" if needle in data else "?"
    if isinstance(data, dict):
        for key, value in data.items():
            if needle in str(key):
                return f"[{key!r}] (a key)"
            if needle in canonical_json(value):
                return f".{key}{_path_of(value, needle)}"
    if isinstance(data, list | tuple):
        for index, value in enumerate(data):
            if needle in canonical_json(value):
                return f"[{index}]{_path_of(value, needle)}"
    return ""


def _first_difference(a: Any, b: Any, path: str = "") -> tuple[str, Any, Any]:
    """The first place where two JSON-like values differ, and both values there."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}", a.get(key, "<missing>"), b.get(key, "<missing>")
            if canonical_json(a[key]) != canonical_json(b[key]):
                return _first_difference(a[key], b[key], f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path} (length)", len(a), len(b)
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            if canonical_json(x) != canonical_json(y):
                return _first_difference(x, y, f"{path}[{index}]")
    return path, a, b


def _non_json(data: Any, path: str = "") -> tuple[str, Any]:
    """The first value inside `data` that JSON cannot hold, and where it is."""
    if isinstance(data, dict):
        for key, value in data.items():
            if not isinstance(key, str):
                return f"{path}[{key!r}] (a key)", key
            found = _non_json(value, f"{path}.{key}")
            if found[0]:
                return found
        return "", None
    if isinstance(data, list | tuple):
        for index, value in enumerate(data):
            found = _non_json(value, f"{path}[{index}]")
            if found[0]:
                return found
        return "", None
    if data is None or isinstance(data, bool | int | str):
        return "", None
    if isinstance(data, float) and data == data and data not in (float("inf"), float("-inf")):
        return "", None
    return path or "(the value itself)", data


def _strings(data: Any) -> set[str]:
    """Every string value inside `data` (dict keys left out)."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(_strings(v) for v in data.values()))
    if isinstance(data, list | tuple):
        return set().union(*(_strings(v) for v in data))
    return set()


def _changed_strings(before: Any, after: Any) -> set[str]:
    """Strings of `before` that `after` replaced at the same place."""
    if isinstance(before, dict) and isinstance(after, dict):
        return set().union(*(_changed_strings(before[k], after[k]) for k in before if k in after))
    if isinstance(before, list) and isinstance(after, list):
        return set().union(*(_changed_strings(b, a) for b, a in zip(before, after, strict=False)))
    if isinstance(before, str) and isinstance(after, str) and before != after:
        return {before}
    return set()


@dataclass(slots=True)
class Draws:
    """The decisions of a random playout, as numbers: drawn from `rng` and recorded,
    or replayed from `script` (each taken modulo the options open), raising
    `Exhausted` when the script runs out. Shrinking a failure edits these numbers."""

    rng: Rng | None = None
    script: list[int] | None = None
    taken: list[int] = field(default_factory=list)
    # the game's chooser that plays toward the cards the fuzzer has not seen fire
    # (`Game.steering`), or else choices to take more often (half the time, when one is
    # offered): those that name such a card
    steer: Steering | None = None
    favour: Callable[[Any], bool] | None = None

    def choice(self, choices: list[Any], match: Any = None, prompts: Sequence[Prompt] = ()) -> int:
        """Which of `choices` (those of `prompts`, open in `match`) to take; recorded like
        any draw, so a script replays it."""
        if self.script is None and self.rng is not None:
            if self.steer is not None and match is not None:
                chosen = self.steer(match, prompts, self.rng)
                for value, choice in enumerate(choices):
                    if choice.id == chosen:
                        self.taken.append(value)
                        return value
                raise ValueError(f"the game's steering chose {chosen!r}, which is not one of its choices")
            if self.favour is not None:
                liked = [k for k, c in enumerate(choices) if self.favour(c)]
                if liked and len(liked) < len(choices) and self.rng.below(2):
                    value = liked[self.rng.below(len(liked))]
                    self.taken.append(value)
                    return value
        return self(len(choices))

    def __call__(self, n: int) -> int:
        if self.script is None:
            assert self.rng is not None
            value = self.rng.below(n)
        else:
            if len(self.taken) >= len(self.script):
                raise Exhausted
            value = self.script[len(self.taken)] % n
        self.taken.append(value)
        return value
