"""Seeded statistics of random Munchkin games: how the winning Level was reached, and
where the winners' levels came from. The tables in docs/games/munchkin.md come from

    python -m nbc.plugins.munchkin.stats --games 250 --seed stats --variants base:3-6,faster:3-6,epic:3-6

(the same seeds and random bots as `nbc simulate munchkin --seed stats`: match `n` is
dealt from the seed `stats:n` and played by the random bot drawing from `bots:stats:n`).
Everything is read from the matches' public events, so the figures are what a table
watching the games would count.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from nbc.core.game import Event
from nbc.core.match import Match
from nbc.core.playout import play_out
from nbc.core.rng import Rng
from nbc.plugins.munchkin.game import Munchkin

# How a game ended, in the order the table shows them.
ENDINGS = (
    "kill, alone",  # the winner killed the monster(s) of its last fight alone
    "kill, helped",  # ... with a helper
    "Go Up a Level or a sale",  # the winning Level came from a card or a sale (rule 4: never)
    "turn limit",  # the option `turn_limit` ended the game (highest Level wins)
    "no winner",  # the game ended with nobody winning (never expected)
)
# Where a winner's levels came from over the whole game (gains, before any losses).
SOURCES = ("kills", "Go Up a Level", "sales")


@dataclass(slots=True)
class Tally:
    variant: str
    players: int
    games: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    shared: int = 0  # helpers who shared a victory (faster play's shared victories)
    gained: Counter[str] = field(default_factory=Counter)  # the winners' levels, by source
    lost: int = 0  # levels the winners lost along the way
    choices: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        gained = sum(self.gained.values()) or 1
        return {
            "variant": self.variant,
            "players": self.players,
            "games": self.games,
            "endings": {e: self.endings[e] for e in ENDINGS},
            "shared_victories": self.shared,
            "winners_levels": {s: self.gained[s] for s in SOURCES},
            "winners_levels_share": {s: round(self.gained[s] / gained, 4) for s in SOURCES},
            "winners_levels_lost": self.lost,
            "mean_choices": round(statistics.fmean(self.choices), 1) if self.choices else 0,
            "mean_turns": round(statistics.fmean(self.turns), 1) if self.turns else 0,
            "most_choices": max(self.choices, default=0),
            "most_turns": max(self.turns, default=0),
        }


def read_game(events: Iterable[Event], tally: Tally) -> None:
    """Count one finished game from its public events."""
    gained: dict[int, Counter[str]] = {}
    lost: Counter[int] = Counter()
    last_win: dict[str, Any] | None = None  # the last fight won, and by whom
    last_gain = None  # what gave the last level before the end
    ending = "no winner"
    winners: list[int] = []
    for event in events:
        if event.to is not None:
            continue  # only public events: what everyone at the table saw
        data = event.data
        if event.kind == "combat" and data.get("won"):
            last_win = data
            if data["gained"]:
                gained.setdefault(data["seat"], Counter())["kills"] += data["gained"]
                last_gain = "kill"
        elif event.kind == "level" and "gained" in data:  # Go Up a Level
            if data["gained"]:
                gained.setdefault(data["seat"], Counter())["Go Up a Level"] += data["gained"]
                last_gain = "card"
        elif event.kind == "level":  # Bad Stuff or a Curse took levels
            lost[data["seat"]] += data["lost"]
        elif event.kind == "sell" and data["levels"]:
            gained.setdefault(data["seat"], Counter())["sales"] += data["levels"]
            last_gain = "sale"
        elif event.kind == "game-over":
            winners = list(data["winners"])
            if data.get("by") == "turn-limit":
                ending = "turn limit"
            elif last_gain != "kill":
                ending = "Go Up a Level or a sale"
            elif last_win is not None and last_win.get("helper") is not None:
                ending = "kill, helped"
            else:
                ending = "kill, alone"
    tally.games += 1
    tally.endings[ending] += 1
    if ending.startswith("kill") and len(winners) > 1:
        tally.shared += len(winners) - 1
    for seat in winners[:1]:  # the player who reached the winning Level (or led at the limit)
        tally.gained.update(gained.get(seat, Counter()))
        tally.lost += lost[seat]


def run(variant: str, players: int, games: int, seed: str) -> Tally:
    game = Munchkin()
    tally = Tally(variant, players)
    for number in range(games):
        match = Match.new(game, variant, players=players, seed=f"{seed}:{number}")
        played = play_out(match, Rng(f"bots:{seed}:{number}"))
        read_game(match.events, tally)
        tally.choices.append(played.steps)
        tally.turns.append(match.state.turns)
    return tally


def total(tallies: list[Tally]) -> Tally:
    """Several tallies of one variant as one (its `players` is 0: all seat counts)."""
    out = Tally(tallies[0].variant, 0)
    for t in tallies:
        out.games += t.games
        out.endings.update(t.endings)
        out.shared += t.shared
        out.gained.update(t.gained)
        out.lost += t.lost
        out.choices += t.choices
        out.turns += t.turns
    return out


def specs(text: str) -> list[tuple[str, int]]:
    """`base:3-6,epic:4` -> [("base", 3), ("base", 4), ..., ("epic", 4)]."""
    out = []
    for spec in text.split(","):
        variant, _, seats = spec.strip().partition(":")
        low, _, high = (seats or "4").partition("-")
        out += [(variant, n) for n in range(int(low), int(high or low) + 1)]
    return out


def table(tallies: list[Tally]) -> str:
    """The tallies as the Markdown tables of the docs (a row per variant and seat count,
    and the variant's total when it was played with several)."""
    rows_of: list[Tally] = []
    for variant in dict.fromkeys(t.variant for t in tallies):
        mine = [t for t in tallies if t.variant == variant]
        rows_of += mine + ([total(mine)] if len(mine) > 1 else [])

    def seats(t: Tally) -> str:
        return str(t.players) if t.players else "all"

    rows = [
        "| variant | seats | games | " + " | ".join(ENDINGS) + " | shared victories |",
        "|---|---|---|" + "---|" * (len(ENDINGS) + 1),
    ]
    for t in rows_of:
        cells = " | ".join(f"{t.endings[e]:,}" for e in ENDINGS)
        rows.append(f"| {t.variant} | {seats(t)} | {t.games:,} | {cells} | {t.shared:,} |")
    rows += [
        "",
        "| variant | seats | winners' levels from kills | from Go Up a Level | from sales "
        "| levels the winners lost | mean choices | most choices | mean turns | most turns |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for t in rows_of:
        gained = sum(t.gained.values()) or 1
        shares = " | ".join(f"{t.gained[s]:,} ({t.gained[s] / gained:.1%})" for s in SOURCES)
        rows.append(
            f"| {t.variant} | {seats(t)} | {shares} | {t.lost:,} | {statistics.fmean(t.choices):,.0f} | "
            f"{max(t.choices):,} | {statistics.fmean(t.turns):.1f} | {max(t.turns):,} |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=250, help="games per variant and seat count")
    parser.add_argument("--seed", default="stats", help="seed of the whole run")
    parser.add_argument(
        "--variants",
        default="base:3-6,faster:3-6,epic:3-6",
        help="variant:seats or variant:fewest-most, comma-separated",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    tallies = [run(variant, seats, args.games, args.seed) for variant, seats in specs(args.variants)]
    if args.json:
        print(json.dumps([t.as_dict() for t in tallies], indent=2))
    else:
        print(table(tallies))


if __name__ == "__main__":
    main()
