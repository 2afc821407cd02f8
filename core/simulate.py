"""Bot-only matches: simulations (`nbc simulate`) and benchmarks (`nbc bench`)."""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nbc.core.game import Game
from nbc.core.match import Match
from nbc.core.playout import play_out
from nbc.core.rng import Rng


@dataclass(slots=True)
class SimulationResult:
    game: str
    variant: str
    players: int
    games: int = 0
    wins: list[float] = field(default_factory=list)  # a shared win counts 1/n to each winner
    shared: int = 0  # matches won by more than one seat
    lengths: list[int] = field(default_factory=list)  # choices per match
    endings: dict[str, int] = field(default_factory=dict)  # matches per Outcome.reason ("" when none)
    peak_rss_kb: int | None = None  # the process's peak resident memory when the run ended
    rss_growth_kb: int | None = None  # resident memory at the end minus after the first tenth

    @property
    def mean_length(self) -> float:
        return statistics.fmean(self.lengths) if self.lengths else 0.0

    def length_quantiles(self) -> dict[str, int]:
        """The median, 90th and 99th percentile and longest match, in choices (nearest
        rank: a length some match had)."""
        ordered = sorted(self.lengths)
        if not ordered:
            return {}

        def rank(percent: int) -> int:
            return ordered[max(0, -(-len(ordered) * percent // 100) - 1)]

        return {"median": rank(50), "p90": rank(90), "p99": rank(99), "max": ordered[-1]}

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "games": self.games,
            "wins": self.wins,
            "shared": self.shared,
            "mean_length": round(self.mean_length, 2),
            "lengths": self.length_quantiles(),
            "endings": dict(self.endings),
            "peak_rss_kb": self.peak_rss_kb,
            "rss_growth_kb": self.rss_growth_kb,
        }


def resident_kb() -> int | None:
    """This process's resident memory now, in KiB (None where /proc is missing)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * (os.sysconf("SC_PAGE_SIZE") // 1024)


def peak_kb() -> int | None:
    try:
        import resource
    except ImportError:  # not on every platform
        return None
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)  # KiB on Linux


def simulate(
    game: Game,
    variant: str | None,
    players: int | None,
    games: int,
    seed: int | str = 0,
    bots: dict[int, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    options: dict[str, Any] | None = None,
) -> SimulationResult:
    """Play `games` bot-only matches with seeds derived from `seed`, the variant's
    preset with `options` laid over it."""
    chosen = game.variant(variant).name
    players = players or game.seat_counts(chosen).start
    result = SimulationResult(game.name, chosen, players, wins=[0.0] * players)
    baseline = None
    for number in range(games):
        if number == max(1, games // 10):
            baseline = resident_kb()
        match = Match.new(game, chosen, options, players=players, seed=f"{seed}:{number}")
        played = play_out(match, Rng(f"bots:{seed}:{number}"), bots=bots)
        outcome = match.outcome()
        result.games += 1
        result.lengths.append(played.steps)
        reason = outcome.reason if outcome else ""
        result.endings[reason] = result.endings.get(reason, 0) + 1
        if outcome and outcome.winners:
            for seat in outcome.winners:
                result.wins[seat] += 1 / len(outcome.winners)
            result.shared += len(outcome.winners) > 1
        if progress:
            progress(number + 1)
    end = resident_kb()
    result.peak_rss_kb = peak_kb()
    if baseline is not None and end is not None:
        result.rss_growth_kb = end - baseline
    return result


@dataclass(frozen=True, slots=True)
class BenchResult:
    game: str
    variant: str
    players: int
    games_per_second: float
    choices_per_second: float
    runs: int
    clones_per_second: float = 0.0  # `Match.clone` of a match halfway through
    determinize_per_second: float = 0.0  # a clone, then `Game.redeal_hidden` for seat 0
    mid_game_seq: int = 0  # how many choices that match had made

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "games_per_second": round(self.games_per_second, 2),
            "choices_per_second": round(self.choices_per_second, 1),
            "clones_per_second": round(self.clones_per_second, 1),
            "determinize_per_second": round(self.determinize_per_second, 1),
            "mid_game_seq": self.mid_game_seq,
            "runs": self.runs,
        }


def random_playout(match: Match, draw: Callable[[], float], limit: int = 200_000) -> int:
    """Play `match` to its end the way a user of `Match` writes it, and the way the
    side-by-side comparison with other engines plays: the open prompts, a uniform
    random prompt, a uniform random choice of it, `act`. `draw()` gives a float in
    [0, 1). Returns the number of choices made (at most `limit`)."""
    steps = 0
    while steps < limit:
        prompts = match.prompts()
        if not prompts:
            break
        prompt = prompts[int(draw() * len(prompts))] if len(prompts) > 1 else prompts[0]
        choices = prompt.choices
        match.act(prompt.seat, choices[int(draw() * len(choices))].id)
        steps += 1
    return steps


def bench(
    game: Game,
    variant: str,
    players: int | None = None,
    runs: int = 5,
    seconds: float = 1.0,
    progress: Callable[[int], None] | None = None,
) -> BenchResult:
    """Median, over `runs` runs of about `seconds` each, of complete random games per
    second and choices per second through the public loop (`random_playout`, new
    matches included); then clones per second and determinizations (a clone and a
    redeal of what seat 0 cannot know) per second of a seeded match halfway through,
    each the median of `runs` runs of a fifth of `seconds`. `progress(runs_done)` is
    called after each run of the playouts."""
    players = players or game.seat_counts(variant).start
    games_rates, choice_rates = [], []
    for run in range(runs):
        draw = random.Random(f"bench:{game.name}:{variant}:{run}").random
        played_games = played_choices = 0
        start = time.perf_counter()
        while True:
            match = Match.new(game, variant, players=players, seed=f"bench:{run}:{played_games}")
            played_choices += random_playout(match, draw)
            played_games += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        games_rates.append(played_games / elapsed)
        choice_rates.append(played_choices / elapsed)
        if progress:
            progress(run + 1)
    middle = mid_game(game, variant, players)
    rng = Rng("bench:redeal")

    def determinize() -> None:
        game.redeal_hidden(middle.clone().state, 0, rng)

    window = seconds / 5
    clones = statistics.median(_rate(middle.clone, window) for _ in range(runs))
    determinized = statistics.median(_rate(determinize, window) for _ in range(runs))
    return BenchResult(
        game.name,
        variant,
        players,
        statistics.median(games_rates),
        statistics.median(choice_rates),
        runs,
        clones,
        determinized,
        middle.seq,
    )


def mid_game(game: Game, variant: str, players: int, seed: str = "bench:mid-game") -> Match:
    """A seeded match of the variant played at random (as `random_playout`) to half of
    its whole length: the position search bots clone and redeal in."""
    match = Match.new(game, variant, players=players, seed=seed)
    length = random_playout(match, random.Random(seed).random)
    again = Match.new(game, variant, players=players, seed=seed)
    random_playout(again, random.Random(seed).random, limit=length // 2)
    return again


def _rate(work: Callable[[], Any], seconds: float) -> float:
    """How many times per second `work()` runs, timed over about `seconds`."""
    done = 0
    start = time.perf_counter()
    while True:
        work()
        done += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed
