"""The fuzzer: random legal set-ups, random choices, every check of the kit after
every choice; a failure is shrunk and written out as a strict scenario test.

    result = fuzz(game, seconds=60, seed=1, out=Path("tests/fuzz"))
    result.failure          # None, or the shrunk Finding with the test file written
    result.never_fired      # per variant, coverage keys whose effect never ran

Each game is drawn by the game (`Game.random_setup`), favouring the cards the
fuzz has not yet seen fire (`Game.coverage`, `nbc.core.coverage.fired`), and played
with the game's chooser for them (`Game.steering`) where it has one. Each playout
is driven by a list of numbers (`Draws`): which seat acts when several may, then
which of its choices (the chooser's pick recorded as its number). Shrinking works
on that list and on the set-up:

1. smaller set-ups (`Game.shrink_setup`), each tried with fresh playouts;
2. the decisions: chunks deleted, then numbers lowered toward 0, keeping any
   change after which the same failure (the same check, the same kind of crash)
   still happens, with fewer choices, or as many and fewer or lower decisions.

A smaller set-up whose failure still takes more choices than the first one, once
its decisions are shrunk, loses to that first failure (shrunk in the time left): the
result never has more choices than the failure it started from.

The result replays by choice ids, so a test written from it needs nothing but the
game: `nbc.core.testkit.replay.replay_and_check`.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nbc.core import coverage
from nbc.core.errors import BadOptions, ReplayError
from nbc.core.game import Game, Setup
from nbc.core.match import Match
from nbc.core.rng import Rng
from nbc.core.serial import canonical_json
from nbc.core.testkit.checks import ConformanceError, Draws, Exhausted, Report, check_playout

# pytest leaves out of its tracebacks every frame of a module that sets this (the kit's)
__tracebackhide__ = True

# The fuzzer checks every step like the kit, but probes (save/load, secrecy,
# refusals) less often than the kit's 7, to play more games in its budget.
PROBE_EVERY = 13
MAX_STEPS = 20_000


@dataclass(slots=True)
class Finding:
    """A failure: what failed, and the smallest set-up, seed and decisions found
    that still make it fail."""

    check: str
    signature: str
    message: str
    setup: Setup
    seed: int | str
    draws: list[int]
    choices: list[tuple[int, str]]
    labels: list[str]
    original_choices: int
    details: list[str] = field(default_factory=list)  # the check, where it broke, the game's frames
    test_file: Path | None = None


@dataclass(slots=True)
class FuzzResult:
    game: str
    games: int = 0
    choices: int = 0
    seconds: float = 0.0
    per_variant: dict[str, int] = field(default_factory=dict)
    fired: dict[str, set[str]] = field(default_factory=dict)
    never_fired: dict[str, dict[str, str]] = field(default_factory=dict)
    failure: Finding | None = None
    known: dict[str, int] = field(default_factory=dict)  # known failures met, by signature

    def to_json(self) -> dict[str, Any]:
        failure = self.failure
        return {
            "game": self.game,
            "games": self.games,
            "choices": self.choices,
            "seconds": round(self.seconds, 2),
            "games_per_variant": self.per_variant,
            "coverage": {
                variant: {
                    "keys": len(self.fired.get(variant, ())) + len(never),
                    "fired": len(self.fired.get(variant, ())),
                    "never_fired": sorted(never),
                }
                for variant, never in self.never_fired.items()
            },
            "known_failures": self.known,
            "failure": None
            if failure is None
            else {
                "check": failure.check,
                "signature": failure.signature,
                "message": failure.message,
                "details": failure.details,
                "variant": failure.setup.variant,
                "players": failure.setup.players,
                "choices": len(failure.choices),
                "original_choices": failure.original_choices,
                "test_file": None if failure.test_file is None else str(failure.test_file),
            },
        }


Progress = Callable[[FuzzResult, float], None]  # result so far, fraction of the budget used


def fuzz(
    game: Game,
    seconds: float | None = 60.0,
    games: int | None = None,
    seed: int | str = 0,
    variants: Iterable[str] | None = None,
    out: Path | None = None,
    shrink_seconds: float = 60.0,
    progress: Progress | None = None,
    probe_every: int = PROBE_EVERY,
    max_steps: int = MAX_STEPS,
    known: Iterable[str] = (),
    players: int | None = None,
    fired: Mapping[str, Iterable[str]] | None = None,
    until_covered: bool = False,
) -> FuzzResult:
    """Play random set-ups of `game` (its variants in turn) until `seconds` pass or
    `games` games were played (whichever is given; both: the first reached), with
    `players` seats (None: the game picks a legal count each time), focusing on
    the coverage keys not yet fired, here or (`fired`, by variant) in an earlier
    run, whose keys the result counts as fired too. On the first failure, shrink it
    for up to `shrink_seconds` and, with `out`, write a test file there. Failures
    whose signature is in `known` (a defect already recorded, with its own test)
    are counted in `result.known` and play goes on. With `until_covered`, play
    stops early once every coverage key of every variant has fired. Deterministic for
    a `games` budget and a seed."""
    known = set(known)
    names = list(variants) if variants is not None else list(game.variants)
    for name in names:
        game.variant(name)  # an unknown variant is refused before anything runs
    if seconds is None and games is None:
        raise BadOptions("give the fuzzer a budget: seconds, games or both")
    result = FuzzResult(game.name)
    pools = {name: dict(game.coverage(name)) for name in names}
    result.fired = {name: set((fired or {}).get(name, ())) for name in names}
    started = time.perf_counter()
    rng = Rng(f"fuzz:{seed}")
    number = 0
    while True:
        elapsed = time.perf_counter() - started
        if (seconds is not None and elapsed >= seconds) or (games is not None and number >= games):
            break
        if until_covered and all(set(pools[name]) <= result.fired[name] for name in names):
            break
        variant = names[number % len(names)]
        never = sorted(set(pools[variant]) - result.fired[variant])
        # Half the games get every card still unfired (the game shares them out), the
        # others one of them, so that a set-up can be built around it.
        if len(never) > 1 and rng.below(2):
            focus = never
        else:
            focus = never[rng.below(len(never)) :][:1] if never else []
        setup = game.random_setup(rng, variant, players, focus)
        match_seed = f"fuzz:{seed}:{number}"
        draws = Draws(Rng(f"fuzz-choices:{seed}:{number}"))
        if focus:  # the game's own chooser plays toward the focus cards, if it has one
            draws.steer = game.steering(variant, focus, Rng(f"fuzz-steering:{seed}:{number}"))
        wanted = tuple(pools[variant][key] for key in focus if pools[variant].get(key))
        if wanted and draws.steer is None:  # else choices that name a focus card, more often
            draws.favour = lambda c, wanted=wanted: any(name in c.label for name in wanted)
        number += 1
        report = Report()
        try:
            with coverage.recording(result.fired[variant]):
                check_playout(game, setup, match_seed, draws, max_steps, probe_every, Match, report)
        except ConformanceError as error:
            result.games += 1
            result.per_variant[variant] = result.per_variant.get(variant, 0) + 1
            if error.signature in known:
                result.known[error.signature] = result.known.get(error.signature, 0) + 1
                continue
            result.failure = shrink(game, error, setup, match_seed, draws.taken, shrink_seconds, probe_every)
            if out is not None:
                result.failure.test_file = write_test(game, result.failure, out, seed)
            break
        result.games += 1
        result.choices += report.choices
        result.per_variant[variant] = result.per_variant.get(variant, 0) + 1
        if progress is not None:
            used = [
                (time.perf_counter() - started) / seconds if seconds else 0.0,
                number / games if games else 0.0,
            ]
            progress(result, min(1.0, max(used)))
    result.seconds = time.perf_counter() - started
    result.never_fired = {
        name: {key: pools[name][key] for key in sorted(set(pools[name]) - result.fired[name])}
        for name in names
    }
    return result


# --- shrinking ------------------------------------------------------------------------


def _attempt(
    game: Game,
    setup: Setup,
    seed: int | str,
    script: list[int] | None,
    probe_every: int,
    rng: Rng | None = None,
) -> tuple[ConformanceError | None, list[int]]:
    """Play once (from `script`, or fresh from `rng`); the failure and the draws taken."""
    draws = Draws(rng, script)
    try:
        check_playout(game, setup, seed, draws, MAX_STEPS, probe_every, Match, Report())
    except ConformanceError as error:
        return error, draws.taken
    except Exhausted:
        pass
    return None, draws.taken


def shrink(
    game: Game,
    error: ConformanceError,
    setup: Setup,
    seed: int | str,
    draws: list[int],
    seconds: float = 60.0,
    probe_every: int = PROBE_EVERY,
) -> Finding:
    """The smallest failure found within `seconds` that has the same signature, never
    one with more choices than `error`'s: smaller set-ups first, then fewer and lower
    decisions. A smaller set-up whose failure, once shrunk, still takes more choices
    than the failure it started from loses to that one, shrunk in the time left."""
    deadline = time.perf_counter() + seconds
    signature = error.signature
    start = (setup, seed, list(draws), error)
    best = start
    original = len(error.log)

    def same(found: ConformanceError | None) -> bool:
        return found is not None and found.signature == signature

    # 1. Smaller set-ups, each with a few fresh playouts; simplest first, and again
    #    from each smaller one found.
    improved = True
    while improved and time.perf_counter() < deadline:
        improved = False
        for candidate in game.shrink_setup(best[0]):
            if time.perf_counter() >= deadline:
                break
            for attempt in range(8):
                trial_seed = f"{seed}:shrink:{attempt}"
                found, taken = _attempt(
                    game, candidate, trial_seed, None, probe_every, Rng(f"shrink:{seed}:{attempt}")
                )
                if same(found):
                    assert found is not None
                    best = (candidate, trial_seed, taken, found)
                    improved = True
                    break
                if time.perf_counter() >= deadline:
                    break
            if improved:
                break

    # 2. The decisions, and if the smaller set-up still fails later than the failure
    #    found first, that failure's decisions too: the shorter wins.
    best = _shrink_decisions(game, best, signature, deadline, probe_every)
    if best is not start and len(best[3].log) > original:
        first = _shrink_decisions(game, start, signature, deadline, probe_every)
        if len(first[3].log) < len(best[3].log):
            best = first
    best_setup, best_seed, best_draws, best_error = best
    labels = _labels(game, best_setup, best_seed, best_error.log)
    return Finding(
        check=best_error.check,
        signature=signature,
        message=best_error.summary,
        setup=best_setup,
        seed=best_seed,
        draws=best_draws,
        choices=list(best_error.log),
        labels=labels,
        original_choices=original,
        details=best_error.details(),
    )


Trial = tuple[Setup, int | str, list[int], ConformanceError]


def _size(trial: Trial) -> tuple[int, int, list[int]]:
    """What shrinking makes smaller: the choices of the replay first, then the
    decisions, then their values."""
    return len(trial[3].log), len(trial[2]), trial[2]


def _shrink_decisions(game: Game, trial: Trial, signature: str, deadline: float, probe_every: int) -> Trial:
    """Delete chunks of the decisions (halves first), then lower each number, keeping
    each change after which the same failure happens with a smaller `_size`."""
    setup, seed = trial[0], trial[1]
    best = trial

    def attempt(script: list[int]) -> bool:
        nonlocal best
        found, taken = _attempt(game, setup, seed, script, probe_every)
        if found is None or found.signature != signature:
            return False
        candidate = (setup, seed, taken, found)
        if _size(candidate) < _size(best):
            best = candidate
            return True
        return False

    size = max(1, len(best[2]) // 2)
    while size >= 1 and time.perf_counter() < deadline:
        start = 0
        while start < len(best[2]) and time.perf_counter() < deadline:
            draws = best[2]
            if not attempt(draws[:start] + draws[start + size :]):
                start += size
        size //= 2
    index = 0
    while index < len(best[2]) and time.perf_counter() < deadline:
        draws = best[2]
        value = draws[index]
        for lower in sorted({0, value // 2, value - 1}):
            if 0 <= lower < value and attempt(draws[:index] + [lower] + draws[index + 1 :]):
                break
        index += 1
    return best


def draws_for(game: Game, setup: Setup, seed: int | str, choices: list[tuple[int, str]]) -> list[int]:
    """The decisions (as `pick` draws them) that make the recorded `choices`; a
    choice that was not offered is refused with `ReplayError`."""
    match = Match.new(game, setup.variant, setup.options, setup.players, seed)
    draws: list[int] = []
    for number, (seat, choice) in enumerate(choices, start=1):
        prompts = match.all_prompts()
        seats = sorted({p.seat for p in prompts})
        if len(prompts) > 1 and len(seats) > 1:
            if seat not in seats:
                raise ReplayError(f"choice {number}: seat {seat} has nothing to decide")
            draws.append(seats.index(seat))
        ids = [c.id for p in prompts if p.seat == seat for c in p.choices]
        if choice not in ids:
            raise ReplayError(f"choice {number}: seat {seat} is not offered {choice!r}")
        draws.append(ids.index(choice))
        if number < len(choices):
            match.act(seat, choice)
    return draws


def shrink_replay(game: Game, replay: dict[str, Any], seconds: float, out: Path | None) -> Finding | None:
    """Shrink a replay written by the kit (`{"game", "variant", "players", "options",
    "seed", "choices"}`) and, with `out`, write its test; None if it does not fail."""
    if replay["game"] != game.name:
        raise ReplayError(f"the replay is of game {replay['game']!r}, not {game.name!r}")
    setup = Setup(replay["variant"], int(replay["players"]), dict(replay["options"] or {}))
    seed = replay["seed"]
    choices = [(int(seat), str(choice)) for seat, choice in replay["choices"]]
    draws = draws_for(game, setup, seed, choices)
    found, taken = _attempt(game, setup, seed, draws, PROBE_EVERY)
    if found is None:
        found, taken = _attempt(game, setup, seed, draws, 1)  # a probe-only failure
        if found is None:
            return None
    finding = shrink(game, found, setup, seed, taken, seconds)
    if out is not None:
        finding.test_file = write_test(game, finding, out, "(a replay)")
    return finding


def _labels(game: Game, setup: Setup, seed: int | str, log: list[tuple[int, str]]) -> list[str]:
    """The label each choice of `log` had when it was offered (for the test's comments)."""
    match = Match.new(game, setup.variant, setup.options, setup.players, seed)
    labels = []
    for seat, choice in log:
        offered = {c.id: c.label for p in match.prompts(seat) for c in p.choices}
        labels.append(offered.get(choice, "?"))
        try:
            match.act(seat, choice)
        except Exception:  # the failing choice itself: its label is all we need
            break
    return labels


# --- writing the test -----------------------------------------------------------------


def write_test(game: Game, finding: Finding, out: Path, fuzz_seed: int | str) -> Path:
    """Write `finding` as a strict scenario test in `out`; return its path."""
    out.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(
        canonical_json([finding.setup.options, finding.seed, finding.choices]).encode()
    ).hexdigest()[:8]
    slug = "".join(ch if ch.isalnum() else "_" for ch in f"{game.name}_{finding.signature}").lower()
    name = f"test_fuzz_{slug}_{digest}"
    path = out / f"{name}.py"
    path.write_text(test_source(game, finding, name, fuzz_seed))
    return path


def test_source(game: Game, finding: Finding, name: str, fuzz_seed: int | str) -> str:
    setup = finding.setup
    lines = [
        f'"""Found by the fuzzer (`nbc fuzz {game.name} --seed {fuzz_seed}`): {finding.check}.',
        "",
        *_wrap(finding.message.splitlines()[0]),
        "",
        f"Shrunk from {finding.original_choices} choices to {len(finding.choices)}. The test replays every",
        "choice strictly, checks every step as the test kit does, then checks the position",
        'reached; it passes once the game is fixed."""',
        "",
        "from nbc.core.testkit.replay import replay_and_check",
        "",
        f"OPTIONS = {_python(setup.options)}",
        "",
        "CHOICES = [",
    ]
    for (seat, choice), label in zip(
        finding.choices, [*finding.labels, *["?"] * len(finding.choices)], strict=False
    ):
        lines.append(f"    ({seat}, {choice!r}),  # {_comment(label)}")
    lines += [
        "]",
        "",
        "",
        f"def {name}():",
        "    replay_and_check(",
        f"        {game.name!r},",
        f"        variant={setup.variant!r},",
        f"        players={setup.players},",
        f"        seed={finding.seed!r},",
        "        options=OPTIONS,",
        "        choices=CHOICES,",
        "    )",
        "",
    ]
    return "\n".join(lines)


def _wrap(text: str, width: int = 86) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


def _comment(label: str) -> str:
    return " ".join(label.split())[:64] or "(no label)"


def _python(data: Any, indent: int = 0) -> str:
    """`data` (JSON-like) as readable Python source, one item per line when long."""
    flat = repr(data)
    if len(flat) + indent <= 80 or not isinstance(data, dict | list):
        return flat
    pad = "    " * (indent + 1)
    if isinstance(data, dict):
        items = [f"{pad}{key!r}: {_python(value, indent + 1)}," for key, value in data.items()]
        return "{\n" + "\n".join(items) + "\n" + "    " * indent + "}"
    items = [f"{pad}{_python(value, indent + 1)}," for value in data]
    return "[\n" + "\n".join(items) + "\n" + "    " * indent + "]"
