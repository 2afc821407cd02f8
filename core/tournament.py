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

A record (`record=PATH`, `nbc tournament --record FILE`) keeps every finished match
as one line of JSON, after a first line that names the tournament (game, variant,
seats, line-up, budget, seed, options). Run again with the same file and settings,
the tournament plays only the matches the file lacks, so a long table can be played
in several sittings, and a run that is stopped loses only the matches it was playing.
A file of another tournament is refused, with the setting that differs.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
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
    recorded: int = 0  # matches read from the record instead of played

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "lineup": list(self.lineup),
            "budget": self.budget,
            "seed": self.seed,
            "games": len(self.entries),
            "recorded": self.recorded,
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
    record: Path | str | None = None,
) -> TournamentResult:
    """Play `games` matches of `game_name` among the bots of `lineup` (one per seat, in
    every rotation). `jobs` processes play them (default: one per core); the results
    are in match order whatever the number of processes. With `record`, matches
    found there are taken as played and each new one is added as it ends (see the
    module docstring)."""
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
    result = TournamentResult(game_name, chosen, players, lineup, str(budget) if budget else "default", seed)
    book = Record(Path(record), result, dict(options or {})) if record is not None else None
    done = {n: e for n, e in (book.entries.items() if book else ()) if n < games}
    result.entries.extend(done.values())
    result.recorded = len(done)
    wanted = [number for number in range(games) if number not in done]
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(wanted) or 1))

    def finished(entry: Entry) -> None:
        result.entries.append(entry)
        if book:
            book.add(entry)
        if progress:
            progress(len(result.entries))

    if progress and done:
        progress(len(done))
    if jobs == 1:
        bots = {name: with_budget(host.bot(name), budget) for name in set(lineup)}
        for number in wanted:
            finished(play_match(game, chosen, players, lineup, bots, number, seed, options))
    elif wanted:
        import multiprocessing

        work = [(number, chosen, seed, players, lineup, dict(options or {})) for number in wanted]
        context = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
        with context.Pool(jobs, _setup_worker, (game_name, lineup, budget)) as pool:
            for entry in pool.imap_unordered(_play_one, work):
                finished(entry)
    result.entries.sort(key=lambda e: e.number)
    result.standings = standings(result.entries, lineup)
    return result


class Record:
    """A tournament's record file (see the module docstring): read when opened,
    checked against the tournament, then added to one finished match at a time."""

    def __init__(self, path: Path, result: TournamentResult, options: dict[str, Any]) -> None:
        self.path = path
        self.settings = {
            "game": result.game,
            "variant": result.variant,
            "players": result.players,
            "lineup": list(result.lineup),
            "budget": result.budget,
            "seed": result.seed,
            "options": options,
        }
        self.entries: dict[int, Entry] = {}
        if path.exists():
            self._read()
        else:
            try:
                path.write_text(json.dumps({"tournament": self.settings}) + "\n", encoding="utf-8")
            except OSError as error:
                raise BadOptions(f"cannot write the record {path}: {error.strerror or error}") from error

    def _refuse(self, line: int, why: str) -> BadOptions:
        return BadOptions(
            f"{self.path}, line {line}: {why}; a record holds a first line naming its tournament and "
            "then one finished match a line, as `nbc tournament --record` writes it"
        )

    def _read(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise BadOptions(f"cannot read the record {self.path}: {error}") from error
        lines = text.split("\n")
        if text and not text.endswith("\n"):
            # A run stopped while writing its last match: that match is played again.
            kept = text[: text.rfind("\n") + 1]
            self.path.write_text(kept, encoding="utf-8")
            lines = kept.split("\n")
        lines = lines[:-1]  # after the last newline
        if not lines:
            raise self._refuse(1, "the file is empty")
        try:
            first = json.loads(lines[0])
        except ValueError as error:
            raise self._refuse(1, f"not JSON ({error})") from error
        theirs = first.get("tournament") if isinstance(first, dict) else None
        if not isinstance(theirs, dict):
            raise self._refuse(1, 'the first line is not {"tournament": {...}}')
        for key, ours in self.settings.items():
            if theirs.get(key) != ours:
                raise BadOptions(
                    f"the record {self.path} is of another tournament: its {key} is {theirs.get(key)!r}, "
                    f"this run's is {ours!r}; give the same settings to go on with it, or another file"
                )
        for number, line in enumerate(lines[1:], start=2):
            entry = self._entry(number, line)
            self.entries[entry.number] = entry

    def _entry(self, line: int, text: str) -> Entry:
        try:
            data = json.loads(text)["match"]
            entry = Entry(
                int(data["number"]),
                tuple(str(b) for b in data["seating"]),
                tuple(float(x) for x in data["shares"]),
                int(data["steps"]),
                str(data["reason"]),
                tuple(int(m) for m in data["moves"]),
                tuple(float(x) for x in data["seconds"]),
            )
        except (ValueError, TypeError, KeyError) as error:
            raise self._refuse(line, f"not a finished match ({type(error).__name__}: {error})") from error
        lineup, players = self.settings["lineup"], self.settings["players"]
        if entry.number < 0 or entry.seating != seating_of(lineup, entry.number):
            raise self._refuse(line, f"match {entry.number} cannot have the seating {list(entry.seating)}")
        if not (len(entry.shares) == len(entry.moves) == len(entry.seconds) == players):
            raise self._refuse(line, f"match {entry.number} does not have {players} seats")
        if entry.number in self.entries:
            raise self._refuse(line, f"match {entry.number} is there twice")
        return entry

    def add(self, entry: Entry) -> None:
        line = {
            "match": {
                "number": entry.number,
                "seating": list(entry.seating),
                "shares": list(entry.shares),
                "steps": entry.steps,
                "reason": entry.reason,
                "moves": list(entry.moves),
                "seconds": list(entry.seconds),
            }
        }
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")
        self.entries[entry.number] = entry


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
