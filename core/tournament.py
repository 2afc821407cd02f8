"""Tournaments: bots play one another in every seating, and the results come with
95% confidence intervals (Wilson) and Elo ratings.

A line-up names one bot per seat. Its rotations are the seatings: with line-up
(A, B) deal 0 is played as A-B and as B-A, deal 1 likewise, and so on, so every bot
meets the same cards from every seat (duplicate play). Match `k` plays deal
`k // seats` in seating `k % seats`; its match seed and its bots' RNG are derived from
the tournament's seed and `k`, so a tournament is the same however many processes
play it, as long as the bots' budgets are iterations (a time budget depends on the
machine's speed). Each bot's decisions and the seconds it spent on them are counted
too (`seconds_per_move`), the one figure that depends on the machine whatever the
budget.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from nbc.core.bots import Budget, check_bot, with_budget
from nbc.core.errors import BadOptions
from nbc.core.match import Match
from nbc.core.playout import play_out
from nbc.core.rng import Rng

Z95 = 1.959963984540054
ELO_BASE = 1500.0


@dataclass(frozen=True, slots=True)
class Entry:
    """One finished match: its number, the bot of each seat, each seat's share of the
    win, how many choices it took, and each seat's decisions and thinking time."""

    number: int
    seating: tuple[str, ...]
    shares: tuple[float, ...]
    steps: int
    reason: str
    moves: tuple[int, ...] = ()  # each seat's decisions (a choice among two or more)
    seconds: tuple[float, ...] = ()  # and the seconds its bot spent on them


@dataclass(slots=True)
class Standing:
    bot: str
    seats: int = 0  # seats it filled, over all matches
    wins: float = 0.0  # shared wins count their share
    low: float = 0.0
    high: float = 0.0
    elo: float = ELO_BASE
    moves: int = 0  # decisions among two or more choices, over all its matches
    seconds: float = 0.0  # spent on them

    @property
    def rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def seconds_per_move(self) -> float:
        return self.seconds / self.moves if self.moves else 0.0


@dataclass(slots=True)
class TournamentResult:
    game: str
    variant: str
    players: int
    lineup: tuple[str, ...]
    budget: str
    seed: str
    entries: list[Entry] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "lineup": list(self.lineup),
            "budget": self.budget,
            "seed": self.seed,
            "games": len(self.entries),
            "standings": [
                {
                    "bot": s.bot,
                    "seats": s.seats,
                    "wins": round(s.wins, 6),
                    "win_rate": round(s.rate, 6),
                    "ci95": [round(s.low, 6), round(s.high, 6)],
                    "elo": round(s.elo, 1),
                    "moves": s.moves,
                    "seconds_per_move": round(s.seconds_per_move, 4),
                }
                for s in self.standings
            ],
            "matches": [
                {
                    "number": e.number,
                    "seating": list(e.seating),
                    "shares": list(e.shares),
                    "steps": e.steps,
                    "reason": e.reason,
                }
                for e in self.entries
            ],
        }


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate of `wins` out of `n`."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if wins <= 0 else max(0.0, centre - spread)  # exact at the ends, not 1e-17 off
    high = 1.0 if wins >= n else min(1.0, centre + spread)
    return (low, high)


def elo(entries: Sequence[Entry], bots: Sequence[str], rounds: int = 2000) -> dict[str, float]:
    """Elo ratings fitted to every pair of different bots at each match (1 to the one
    with the larger share, 0.5 each when equal), by maximum likelihood of the logistic
    model with a weak prior toward the mean; the mean rating is 1500."""
    index = {bot: i for i, bot in enumerate(bots)}
    games: dict[tuple[int, int], list[float]] = {}
    for entry in entries:
        for a in range(len(entry.seating)):
            for b in range(a + 1, len(entry.seating)):
                i, j = index[entry.seating[a]], index[entry.seating[b]]
                if i == j:
                    continue
                sa, sb = entry.shares[a], entry.shares[b]
                score = 1.0 if sa > sb else 0.0 if sa < sb else 0.5
                if i > j:
                    i, j, score = j, i, 1.0 - score
                games.setdefault((i, j), [0.0, 0.0])
                games[(i, j)][0] += score
                games[(i, j)][1] += 1
    ratings = [0.0] * len(bots)  # in natural log-odds units
    prior = 0.01  # a pseudo-draw against the mean keeps a perfect record finite
    for _ in range(rounds):
        gradient = [-prior * r for r in ratings]
        for (i, j), (score, n) in games.items():
            expected = 1.0 / (1.0 + math.exp(ratings[j] - ratings[i]))
            gradient[i] += score - n * expected
            gradient[j] -= score - n * expected
        step = 1.0 / max(1.0, max((n for _, n in games.values()), default=1.0))
        ratings = [r + step * g for r, g in zip(ratings, gradient, strict=True)]
        mean = sum(ratings) / len(ratings)
        ratings = [r - mean for r in ratings]
    scale = 400.0 / math.log(10.0)
    return {bot: ELO_BASE + scale * ratings[i] for bot, i in index.items()}


# --- playing --------------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _setup_worker(game_name: str, lineup: tuple[str, ...], budget: Budget | None) -> None:
    from nbc.core.host import PluginHost

    host = PluginHost.load()
    _WORKER["game"] = host.game(game_name)
    _WORKER["bots"] = {name: with_budget(host.bot(name), budget) for name in set(lineup)}


def _play_one(job: tuple[int, str, str, int, tuple[str, ...], dict[str, Any]]) -> Entry:
    number, variant, seed, players, lineup, options = job
    game, bots = _WORKER["game"], _WORKER["bots"]
    return play_match(game, variant, players, lineup, bots, number, seed, options)


def seating_of(lineup: Sequence[str], number: int) -> tuple[str, ...]:
    """The bot of each seat in match `number`: the line-up rotated by `number` seats."""
    shift = number % len(lineup)
    return tuple(lineup[shift:]) + tuple(lineup[:shift])


def play_match(
    game: Any,
    variant: str,
    players: int,
    lineup: Sequence[str],
    bots: dict[str, Any],
    number: int,
    seed: str,
    options: dict[str, Any] | None = None,
) -> Entry:
    """Play match `number` of a tournament (its deal and its seating come from `number`)."""
    seating = seating_of(lineup, number)
    match = Match.new(
        game, variant, options, players=players, seed=f"tournament:{seed}:deal:{number // players}"
    )
    timed = [_Timed(bots[b]) for b in seating]
    played = play_out(match, Rng(f"tournament:{seed}:bots:{number}"), bots=dict(enumerate(timed)))
    outcome = match.outcome()
    shares = [0.0] * players
    if outcome is not None and outcome.winners:
        for seat in outcome.winners:
            shares[seat] = 1.0 / len(outcome.winners)
    return Entry(
        number,
        seating,
        tuple(shares),
        played.steps,
        outcome.reason if outcome else "",
        tuple(t.moves for t in timed),
        tuple(t.seconds for t in timed),
    )


class _Timed:
    """A bot that counts its decisions among two or more choices and the seconds they
    took; everything else (`wants_infoset`, `needs_view`, ...) is the bot's own."""

    def __init__(self, bot: Any) -> None:
        self._bot = bot
        self.moves = 0
        self.seconds = 0.0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._bot, name)

    def choose(self, *args: Any, **kwargs: Any) -> str:
        start = time.perf_counter()
        try:
            return self._bot.choose(*args, **kwargs)
        finally:
            prompts = args[1] if len(args) > 1 else kwargs.get("prompts", ())
            if sum(len(p.choices) for p in prompts) > 1:
                self.moves += 1
                self.seconds += time.perf_counter() - start


def tournament(
    host: Any,
    game_name: str,
    variant: str | None,
    lineup: Sequence[str],
    games: int,
    budget: Budget | None = None,
    seed: str = "0",
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
    options: dict[str, Any] | None = None,
) -> TournamentResult:
    """Play `games` matches of `game_name` among the bots of `lineup` (one per seat, in
    every rotation). `jobs` processes play them (default: one per core); the results
    are in match order whatever the number of processes."""
    game = host.game(game_name)
    chosen = game.variant(variant).name
    lineup = tuple(lineup)
    players = len(lineup)
    if players not in game.seat_counts(chosen):
        counts = game.seat_counts(chosen)
        raise BadOptions(
            f"a line-up of {players} bots needs {players} seats, but {game_name}/{chosen} is for "
            f"{counts.start} to {counts.stop - 1} players: name one bot per seat"
        )
    for name in lineup:
        check_bot(host.bots, name, game_name)
    if games < 1:
        raise BadOptions(f"a tournament needs at least 1 match, not {games}")
    Match.new(game, chosen, options, players=players, seed=0)  # refuses bad options up front
    jobs = max(1, min(jobs or os.cpu_count() or 1, games))
    result = TournamentResult(game_name, chosen, players, lineup, str(budget) if budget else "default", seed)
    work = [(number, chosen, seed, players, lineup, dict(options or {})) for number in range(games)]
    if jobs == 1:
        bots = {name: with_budget(host.bot(name), budget) for name in set(lineup)}
        for number in range(games):
            result.entries.append(play_match(game, chosen, players, lineup, bots, number, seed, options))
            if progress:
                progress(number + 1)
    else:
        import multiprocessing

        context = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
        with context.Pool(jobs, _setup_worker, (game_name, lineup, budget)) as pool:
            for entry in pool.imap_unordered(_play_one, work):
                result.entries.append(entry)
                if progress:
                    progress(len(result.entries))
        result.entries.sort(key=lambda e: e.number)
    result.standings = standings(result.entries, lineup)
    return result


def standings(entries: Sequence[Entry], lineup: Sequence[str]) -> list[Standing]:
    names = list(dict.fromkeys(lineup))
    table = {name: Standing(name) for name in names}
    for entry in entries:
        for bot, share in zip(entry.seating, entry.shares, strict=True):
            table[bot].seats += 1
            table[bot].wins += share
        for bot, moves, seconds in zip(entry.seating, entry.moves, entry.seconds, strict=False):
            table[bot].moves += moves
            table[bot].seconds += seconds
    ratings = elo(entries, names) if len(names) > 1 else {names[0]: ELO_BASE}
    for standing in table.values():
        standing.low, standing.high = wilson(standing.wins, standing.seats)
        standing.elo = ratings[standing.bot]
    return sorted(table.values(), key=lambda s: (-s.elo, s.bot))
