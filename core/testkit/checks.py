"""The conformance checks every game must pass, as plain functions.

Each check raises `ConformanceError` with a message that names the game, variant,
seat count and seed, and says what went wrong. The pytest module
`nbc.core.testkit.conformance` runs them over every registered game; tests of the
kit itself run them on deliberately broken games and expect them to fail.

One seeded random playout per seed is checked step by step:
- a live match (no outcome) always offers a choice, and a finished one offers none;
- prompts are well formed (known seats, at least one choice, unique ids per seat);
- refused choices (unknown ids, another seat's ids, no such seat) raise
  `IllegalChoice` and leave the fingerprint as it was;
- saving to JSON and loading gives the same fingerprint, and the loaded copy
  continues exactly like the original;
- replaying the header and log gives the same fingerprint;
- prompts(), view() and outcome() only read the state;
- cards planted in one seat's hidden cards never show in another seat's view, a
  spectator's view, or an event another seat may see (unless that seat's view
  shows the card too, that is, the card became known to it).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from nbc.core.errors import IllegalChoice
from nbc.core.game import Game
from nbc.core.match import Match
from nbc.core.playout import bot_step
from nbc.core.rng import Rng
from nbc.core.serial import canonical_json, to_data


class ConformanceError(AssertionError):
    """A game broke the contract."""


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


def cases(games: dict[str, Game] | list[Game]) -> list[Case]:
    """Every game x variant x allowed seat count."""
    listed = games.values() if isinstance(games, dict) else games
    return [
        Case(game, variant, players)
        for game in sorted(listed, key=lambda g: g.name)
        for variant in game.variants
        for players in game.seat_counts(variant)
    ]


def check_case(
    case: Case,
    seeds: range | list[int] = range(10),
    max_steps: int = 20_000,
    probe_every: int = 7,
    engine: type[Match] = Match,
) -> Report:
    """Run every check on seeded random playouts of one case. `engine` is the match
    class under test (the kit checks the engine and the game together)."""
    report = Report()
    for seed in seeds:
        _check_playout(case, seed, max_steps, probe_every, report, engine)
    return report


def _fail(case: Case, seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{case.id} seed {seed}, after {step} choices: {message}")


def _check_playout(
    case: Case, seed: int, max_steps: int, probe_every: int, report: Report, engine: type[Match]
) -> None:
    game = case.game
    match = engine.new(game, case.variant, players=case.players, seed=seed)
    twin = engine.new(game, case.variant, players=case.players, seed=seed)
    if match.fingerprint() != twin.fingerprint():
        raise _fail(case, seed, 0, "two matches with the same seed start differently")
    bot_rng = Rng(f"conformance:{seed}")
    for step in range(max_steps + 1):
        _check_prompts(case, seed, step, match)
        # Probe points are staggered by seed, so several seeds cover every step.
        if step == 0 or (step + seed) % probe_every == 0 or match.over:
            _check_pure_reads(case, seed, step, match)
            _check_refusals(case, seed, step, match)
            _check_round_trip(case, seed, step, match, bot_rng, engine)
            report.secrecy_checks += _check_secrecy(case, seed, step, match, bot_rng, engine)
        if match.over:
            break
        if step == max_steps:
            raise _fail(case, seed, step, f"the match did not end within {max_steps} choices")
        before = len(match.log)
        bot_step(match, bot_rng)
        # The same choice on the twin must give the same result: no hidden randomness.
        action = match.log[before]
        twin.act(action.seat, action.choice)
        if twin.fingerprint() != match.fingerprint():
            raise _fail(
                case,
                seed,
                step + 1,
                "the same seed and the same choices gave different states: the game uses "
                "randomness or state outside the match (all chance must go through ctx.rng)",
            )
    if match.outcome() is None:
        raise _fail(case, seed, len(match.log), "no choices are open but outcome() is None")
    replayed = engine.replay(game, match.header, match.log)
    if replayed.fingerprint() != match.fingerprint():
        raise _fail(case, seed, len(match.log), "replaying the log does not rebuild the same state")
    report.playouts += 1
    report.choices += len(match.log)


def _check_prompts(case: Case, seed: int, step: int, match: Match) -> None:
    prompts = match.all_prompts()
    outcome = match.outcome()
    if prompts and outcome is not None:
        raise _fail(case, seed, step, f"outcome() reports an end ({outcome}) while prompts are open")
    if not prompts and outcome is None:
        raise _fail(case, seed, step, "the match is not over but no seat has a choice")
    ids_by_seat: dict[int, set[str]] = {}
    for prompt in prompts:
        if not 0 <= prompt.seat < match.players:
            raise _fail(case, seed, step, f"a prompt names seat {prompt.seat}, not in the match")
        if not prompt.choices:
            raise _fail(
                case, seed, step, f"the '{prompt.kind}' prompt of seat {prompt.seat} offers no choice"
            )
        seen = ids_by_seat.setdefault(prompt.seat, set())
        for choice in prompt.choices:
            if choice.id in seen:
                raise _fail(case, seed, step, f"seat {prompt.seat} is offered choice id '{choice.id}' twice")
            seen.add(choice.id)


def _check_pure_reads(case: Case, seed: int, step: int, match: Match) -> None:
    """prompts(), view() and outcome() only read the state."""
    game = case.game
    before = _text(game.dump_state(match.state))
    reads = [
        ("prompts()", lambda: game.prompts(match.state)),
        ("outcome()", lambda: game.outcome(match.state)),
    ]
    reads += [(f"view({v})", lambda v=v: game.view(match.state, v)) for v in [*range(match.players), None]]
    for name, read in reads:
        read()
        if _text(game.dump_state(match.state)) != before:
            raise _fail(case, seed, step, f"calling {name} changed the state; it must only read it")


def _check_refusals(case: Case, seed: int, step: int, match: Match) -> None:
    before = match.fingerprint()
    own: dict[int, set[str]] = {}
    for prompt in match.all_prompts():
        own.setdefault(prompt.seat, set()).update(c.id for c in prompt.choices)
    attempts: list[tuple[int, str]] = [(0, "no-such-choice"), (match.players, "x"), (-1, "x")]
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
        else:
            raise _fail(case, seed, step, f"seat {seat}'s choice '{choice}' should have been refused")
        if match.fingerprint() != before:
            raise _fail(case, seed, step, f"refusing seat {seat}'s choice '{choice}' changed the match")


def _check_round_trip(
    case: Case, seed: int, step: int, match: Match, bot_rng: Rng, engine: type[Match]
) -> None:
    text = match.to_json()
    try:
        json.loads(text)
        loaded = engine.from_json(text, case.game)
    except Exception as error:
        raise _fail(case, seed, step, f"the saved match does not load: {error}") from error
    if loaded.fingerprint() != match.fingerprint():
        raise _fail(case, seed, step, "saving and loading changes the state")
    # The loaded copy must carry on exactly like the original (same RNG state too).
    if not match.over:
        original = engine.from_json(text, case.game)
        probe = Rng(bot_rng.get_state())
        bot_step(original, probe)
        probe = Rng(bot_rng.get_state())
        bot_step(loaded, probe)
        if loaded.fingerprint() != original.fingerprint():
            raise _fail(case, seed, step, "a loaded match does not continue like the original")


def _check_secrecy(case: Case, seed: int, step: int, match: Match, bot_rng: Rng, engine: type[Match]) -> int:
    """Mark every hidden card of each seat (and every card nobody may see) in copies
    of the match; return how many plantings the game supported."""
    checked = 0
    text = match.to_json()
    viewers = [*range(match.players), None]
    for owner in [*range(match.players), None]:
        copy = engine.from_json(text, case.game)
        owner_view_before = copy.view(owner) if owner is not None else None
        marker = f"PLANTED{seed}x{step}x{'n' if owner is None else owner}z"
        if not case.game.plant(copy.state, owner, marker):
            continue
        checked += 1
        copy._cache.seq = -1  # the state was edited behind the match's back
        owner_name = "nobody" if owner is None else f"seat {owner}"
        for viewer in viewers:
            if viewer == owner:
                continue
            who = "a spectator" if viewer is None else f"seat {viewer}"
            if marker in _text(copy.view(viewer)):
                raise _fail(case, seed, step, f"{who}'s view shows a card only {owner_name} may know")
            if viewer is not None and marker in _text(to_data(copy.prompts(viewer))):
                raise _fail(case, seed, step, f"{who}'s prompts name a card only {owner_name} may know")
        if owner is not None and step == 0:
            _check_setup_events(case, seed, copy, owner, owner_view_before, viewers)
        if copy.over:
            continue
        # One more step. Its events may name a marked card only to a seat that knew it
        # before the step (the owner) or that sees it after (it was shown or played).
        pattern = re.compile(re.escape(marker) + r"-\d+")
        knew = {v: set(pattern.findall(_text(copy.view(v)))) for v in viewers}
        new_start = len(copy.events)
        bot_step(copy, Rng(bot_rng.get_state()))
        for event in copy.events[new_start:]:
            named = set(pattern.findall(_text(to_data(event))))
            if not named:
                continue
            for reader in viewers if event.to is None else list(event.to):
                sees = knew[reader] | set(pattern.findall(_text(copy.view(reader))))
                if named - sees:
                    who = "a spectator" if reader is None else f"seat {reader}"
                    raise _fail(
                        case,
                        seed,
                        step + 1,
                        f"event '{event.kind}' tells {who} of a card only {owner_name} may "
                        f"know, and {who}'s view does not show it",
                    )
    return checked


def _check_setup_events(
    case: Case, seed: int, copy: Match, owner: int, before: Any, viewers: list[int | None]
) -> None:
    """Set-up events were recorded before any planting, so check them by content: the
    way the owner's view described its hidden cards before they were marked must not
    reach another seat through a set-up event, unless that seat's own view shows
    the same description (another copy of the card may be public)."""
    after = copy.view(owner)
    hidden = _changed_strings(before, after)
    for viewer in viewers:
        if viewer == owner:
            continue
        shown = _text(copy.view(viewer))
        told = _text([to_data(e) for e in copy.events_for(viewer) if e.seq == 0])
        for description in hidden:
            if json.dumps(description) in told and json.dumps(description) not in shown:
                who = "a spectator" if viewer is None else f"seat {viewer}"
                raise _fail(
                    case,
                    seed,
                    0,
                    f"a set-up event tells {who} of {description!r}, a card only seat {owner} holds",
                )


def _changed_strings(before: Any, after: Any) -> set[str]:
    """Strings of `before` that `after` replaced at the same place."""
    if isinstance(before, dict) and isinstance(after, dict):
        return set().union(*(_changed_strings(before[k], after[k]) for k in before if k in after))
    if isinstance(before, list) and isinstance(after, list):
        return set().union(*(_changed_strings(b, a) for b, a in zip(before, after, strict=False)))
    if isinstance(before, str) and isinstance(after, str) and before != after:
        return {before}
    return set()


def _text(data: Any) -> str:
    return canonical_json(data)
