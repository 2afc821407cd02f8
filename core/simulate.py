"""Bot-only matches: simulations (`nbc simulate`) and benchmarks (`nbc bench`)."""

from __future__ import annotations

import os
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

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "games_per_second": round(self.games_per_second, 2),
            "choices_per_second": round(self.choices_per_second, 1),
            "runs": self.runs,
        }


def bench(
    game: Game,
    variant: str,
    players: int | None = None,
    runs: int = 5,
    seconds: float = 1.0,
    progress: Callable[[int], None] | None = None,
) -> BenchResult:
    """Median, over `runs` runs of about `seconds` each, of complete random games per
    second and choices per second. `progress(runs_done)` is called after each run."""
    players = players or game.seat_counts(variant).start
    games_rates, choice_rates = [], []
    for run in range(runs):
        played_games = played_choices = 0
        start = time.perf_counter()
        while True:
            match = Match.new(game, variant, players=players, seed=f"bench:{run}:{played_games}")
            played_choices += play_out(match, Rng(f"bench-bots:{run}:{played_games}")).steps
            played_games += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        games_rates.append(played_games / elapsed)
        choice_rates.append(played_choices / elapsed)
        if progress:
            progress(run + 1)
    return BenchResult(
        game.name,
        variant,
        players,
        statistics.median(games_rates),
        statistics.median(choice_rates),
        runs,
    )
