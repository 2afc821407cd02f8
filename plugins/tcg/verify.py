"""Playing random TCG set-ups to check the game: card coverage and invariants.

    python -m nbc.plugins.tcg.verify coverage [--seconds 60] [--variant christmas-town]
    python -m nbc.plugins.tcg.verify invariants [--games 300] [--variant base]

`coverage` plays `random_setup` set-ups focused on the cards that have not fired yet,
inside `nbc.core.coverage.recording()`, until every card of the variant's pool has fired
or the time is up, and lists the cards that never fired. While many cards are left the
set-ups share them out; near the end each match focuses on one of them. `invariants`
plays random set-ups with the random bot and checks every invariant after every
choice. Both count the matches a `GameBug` stopped (the match refused a choice its
game failed on) and go on.

The coverage bot (`FocusBot`) plays like the random bot with leanings that make rare
situations likelier: it prefers choices that name the focus cards (and plays and moves
of the cards and Locales they need), says yes to most "may" questions, and plays in a
mode drawn for each seat, weighted by what the focus cards need (`leanings`).
"""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nbc.core import coverage
from nbc.core.bots import RandomBot
from nbc.core.errors import GameBug
from nbc.core.game import Invariant, Prompt, Setup
from nbc.core.match import Match
from nbc.core.playout import play_out
from nbc.core.rng import Rng
from nbc.plugins.tcg.setups import FOCUS_EVERYWHERE, pool_of

if TYPE_CHECKING:
    from nbc.plugins.tcg.game import TcgGame


MAX_CHOICES = 20_000  # a coverage match that runs longer is left unfinished
MODES = ("eager", "thrifty", "builder")
HANDFUL = 4  # a builder with fewer cards in hand would rather draw than add Pumpkin Points


class FocusBot:
    """A random bot that leans toward choices naming the focus cards (`names`), and
    toward playing and moving the cards they need (`helpers`, whose own abilities it
    leaves alone: Behemoth discards himself), in one of three `MODES`: `eager` plays like
    the random bot; `thrifty` plays only cards it leans toward and takes the richest
    Function, saving up for a dear card; `builder` plays and moves Characters to its
    Locales that are not Active yet, so that whole towns come alive. A builder reads the
    table from the match it plays (`match`), which is much cheaper than a view."""

    name = "focus"
    needs_view = False

    def __init__(
        self,
        names: Sequence[str],
        helpers: Sequence[str] = (),
        mode: str = "eager",
        match: Match | None = None,
    ) -> None:
        if mode == "thrifty":
            names = [*names, "Pumpkin Point"]
        self.pattern = _any_of(names)
        self.helpers = _any_of(helpers)
        self.mode = mode if match is not None or mode != "builder" else "eager"
        self.match = match

    def choose(self, view: Any, prompts: list[Prompt], rng: Rng) -> str:
        choices = [c for p in prompts for c in p.choices]
        liked = self._liked(choices)
        if liked and rng.below(4):  # not always: a liked choice may come back for ever
            return liked[rng.below(len(liked))].id
        kind = prompts[0].kind
        if kind == "may" and rng.below(4):
            return "yes"
        mode = self.mode
        if kind == "king" and mode == "thrifty" and "Pumpkin Point" in prompts[0].text:
            paid = [c for c in choices if c.id != "pass"]  # the day's extra Pumpkin Point
            if paid:
                return paid[rng.below(len(paid))].id
        if kind == "turn" and mode != "eager":
            functions = [c for c in choices if c.id.startswith("fn:")]
            if functions and rng.below(4):  # the Function first, then the spending
                if mode == "builder" and len(self._me(prompts).hand) < HANDFUL:
                    functions = [c for c in functions if "Draw" in c.label] or functions
                else:
                    functions = [max(functions, key=_points_added)]
                return functions[rng.below(len(functions))].id
            if mode == "thrifty":
                choices = [c for c in choices if not c.id.startswith(("play", "replace"))]
        if kind in ("turn", "move") and mode == "builder" and rng.below(4):
            wanted = self._building(choices, prompts[0].seat)
            if wanted:
                return wanted[rng.below(len(wanted))].id
        return choices[rng.below(len(choices))].id

    def _liked(self, choices: list[Any]) -> list[Any]:
        """The choices naming the most focus cards and helpers: "Play Sax Player under
        Town Square" names two, "Play Sax Player under The Well" one."""
        pattern, helpers = self.pattern, self.helpers
        best, liked = 0, []
        for choice in choices:
            label = choice.label
            named = set(pattern.findall(label)) if pattern is not None else set()
            if helpers is not None and choice.id.startswith(_PLACING):
                named.update(helpers.findall(label))
            if named and len(named) >= best:
                if len(named) > best:
                    best, liked = len(named), []
                liked.append(choice)
        return liked

    def _me(self, prompts: list[Prompt]) -> Any:
        assert self.match is not None
        return self.match.state.players[prompts[0].seat]

    def _building(self, choices: list[Any], seat: int) -> list[Any]:
        """The choices that bring a Character to one of the seat's inactive Locales without
        leaving an Active one short (`play:<card>:<k>`, `mv:<card>:<k>`)."""
        assert self.match is not None
        st, rules = self.match.state, self.match.game.rules  # type: ignore[attr-defined]
        row = st.players[seat].row
        active = [rules.is_active(st, seat, k) for k in range(len(row))]
        spare: dict[str, bool] = {}  # a Character whose Locale stays Active without it
        for k, slot in enumerate(row):
            scares = {c: rules.scare(st, c) for c in slot.characters}
            total, need = sum(scares.values()), rules.threshold(st, slot)
            for c, scare in scares.items():
                spare[c] = (
                    not active[k]
                    or rules.def_of(st, slot.locale).kind == "starting-locale"
                    or total - scare >= need
                )
        found = []
        for choice in choices:
            parts = choice.id.split(":")
            if len(parts) == 3 and parts[0] in ("play", "mv") and parts[2].isdigit():
                k = int(parts[2])
                if k < len(row) and not active[k] and (parts[0] == "play" or spare.get(parts[1], False)):
                    found.append(choice)
        return found


_PLACING = ("play", "replace", "mv:", "fn:", "to:", "locale:", "gather", "yes")  # not an ability


def _any_of(names: Sequence[str]) -> re.Pattern[str] | None:
    ordered = sorted(set(names), key=len, reverse=True)  # the longest name first
    return re.compile("|".join(map(re.escape, ordered))) if ordered else None


def _points_added(choice: Any) -> int:
    """The Pumpkin Points a Function's label says it adds (0 for anything else)."""
    found = _POINTS.search(choice.label)
    return int(found.group(1)) if found else 0


_POINTS = re.compile(r"(\d+) Pumpkin Point")


def leanings(game: TcgGame, variant: str, focus: Sequence[str]) -> tuple[str, ...]:
    """The bot modes to draw from for a short focus: mostly `builder` for cards that
    count Active Locales, `thrifty` for dear ones (see `setups.Pool.wants`)."""
    if len(focus) > FOCUS_EVERYWHERE:
        return MODES
    wants = {want for card in focus for want in pool_of(game, variant).wants.get(card, ())}
    modes = list(MODES)
    if "busy" in wants:
        modes += ["builder"] * 4
    if "rich" in wants:
        modes += ["builder", "thrifty"] * 2
    return tuple(modes)


def focus_names(game: TcgGame, variant: str, focus: Sequence[str]) -> tuple[list[str], list[str]]:
    """The names a coverage bot looks for: the focus cards', and those of the cards and
    Locales their rules mention (and, for a short focus, that those mention in turn, as
    the set-up brings them along)."""
    pool = pool_of(game, variant)
    cards = set(focus)
    for _ in range(2 if len(focus) <= FOCUS_EVERYWHERE else 1):
        named = {name for card in cards for name in pool.needs.get(card, ())}
        cards |= {other for name in named for other in pool.answering.get(name, [name])}
    if any("crossing" in pool.wants.get(card, ()) for card in focus):  # somewhere to travel to
        cards |= set(pool.christmas_locales)
    if len(focus) <= FOCUS_EVERYWHERE:  # what makes a dear card cheaper, as the set-up brings it
        cards |= {
            cut for card in focus if "rich" in pool.wants.get(card, ()) for cut in pool.cutters.get(card, ())
        }
    names = {game.defs[card].name for card in focus if card in game.defs}
    return sorted(names), sorted({game.defs[c].name for c in cards if c in game.defs} - names)


@dataclass
class CoverageRun:
    variant: str
    keys: dict[str, str]  # every coverage key of the variant, with its name
    seen: set[str] = field(default_factory=set)
    matches: int = 0
    bugs: Counter[str] = field(default_factory=Counter)  # GameBug messages and how often
    first: dict[str, float] = field(default_factory=dict)  # key -> seconds into the run it first fired
    stray: list[str] = field(default_factory=list)  # keys reported that the game does not list
    seconds: float = 0.0

    @property
    def never(self) -> list[str]:
        return sorted(set(self.keys) - self.seen)


def play_for_coverage(
    game: TcgGame, variant: str, seconds: float = 60.0, seed: int | str = 0, max_matches: int | None = None
) -> CoverageRun:
    """Play focused random set-ups until every card of `variant` fired or time is up."""
    run = CoverageRun(variant, dict(game.coverage(variant)))
    rng = Rng(f"coverage:{variant}:{seed}")
    began = time.monotonic()
    with coverage.recording(run.seen):
        while run.never and time.monotonic() - began < seconds:
            if max_matches is not None and run.matches >= max_matches:
                break
            never = run.never
            # half the matches share a long list out among the seats, the others (and all
            # of them near the end) work on one card
            broad = len(never) > FOCUS_EVERYWHERE and rng.below(2)
            focus = never if broad else [never[rng.below(len(never))]]
            setup = game.random_setup(rng, variant, None, focus)
            match = Match.new(game, setup.variant, setup.options, setup.players, seed=rng.below(1 << 62))
            names, helpers = focus_names(game, variant, focus)
            modes = leanings(game, variant, focus)
            bots = {seat: FocusBot(names, helpers, rng.choice(modes), match) for seat in range(setup.players)}
            try:
                play_out(match, rng, max_steps=MAX_CHOICES, bots=bots, raise_on_limit=False)
            except GameBug as bug:
                run.bugs[_short(bug)] += 1
            run.matches += 1
            now = time.monotonic() - began
            for key in run.seen - run.first.keys():
                run.first[key] = now
    run.stray = sorted(run.seen - run.keys.keys())
    run.seen &= run.keys.keys()
    run.seconds = time.monotonic() - began
    return run


@dataclass(frozen=True, slots=True)
class Broken:
    """An invariant that failed: where, and how to replay it."""

    invariant: str
    message: str
    setup: Setup
    seed: int
    choices: int  # made before the check failed


def play_checked(
    game: TcgGame,
    setup: Setup,
    seed: int,
    invariants: Sequence[Invariant] | None = None,
    bugs: Counter[str] | None = None,
) -> list[Broken]:
    """Play one seeded random match of `setup` with `play_out` (the random bot's choices
    drawn from `Rng(f"bot:{seed}")`), checking every invariant after every choice; each
    invariant that fails is reported once, where it first failed. A `GameBug` ends the
    match and is counted in `bugs`."""
    checker = _Checking(game.invariants() if invariants is None else invariants, setup, seed)
    checker.match = Match.new(game, setup.variant, setup.options, setup.players, seed=seed)
    try:
        play_out(checker.match, Rng(f"bot:{seed}"), bots=dict.fromkeys(range(setup.players), checker))
    except GameBug as bug:
        if bugs is not None:
            bugs[_short(bug)] += 1
    checker.check()  # the table the last choice left
    return list(checker.broken.values())


class _Checking(RandomBot):
    """The random bot, checking the invariants on each table it is asked to act on."""

    def __init__(self, checks: Sequence[Invariant], setup: Setup, seed: int) -> None:
        self.checks, self.setup, self.seed = checks, setup, seed
        self.broken: dict[str, Broken] = {}
        self.match: Match | None = None

    def choose(self, view: Any, prompts: list[Prompt], rng: Rng) -> str:
        self.check()
        return super().choose(view, prompts, rng)

    def check(self) -> None:
        assert self.match is not None
        for check in self.checks:
            if check.name not in self.broken:
                message = check.check(self.match.state)
                if message is not None:
                    made = len(self.match.log)
                    self.broken[check.name] = Broken(check.name, message, self.setup, self.seed, made)


def _short(bug: GameBug) -> str:
    """A GameBug's message without its seat and the numbers in its choice id, so that
    like counts with like."""
    return re.sub(r"seat \d+'s choice '([a-z]+)[^']*'", r"a choice '\1...'", str(bug))


def main(argv: list[str] | None = None) -> None:
    from nbc.core.host import PluginHost

    parser = argparse.ArgumentParser(
        prog="python -m nbc.plugins.tcg.verify", description=__doc__.split("\n")[0]
    )
    parser.add_argument("what", choices=["coverage", "invariants"])
    parser.add_argument("--variant", action="append", help="a variant (default: every variant)")
    parser.add_argument("--seconds", type=float, default=60.0, help="coverage: time per variant")
    parser.add_argument("--games", type=int, default=300, help="invariants: matches per variant")
    parser.add_argument("--seed", default="0")
    args = parser.parse_args(argv)
    game = PluginHost.load().game("tcg")
    for variant in args.variant or list(game.variants):
        bugs: Counter[str] = Counter()
        if args.what == "coverage":
            run = play_for_coverage(game, variant, args.seconds, args.seed)
            bugs = run.bugs
            fired = f"{len(run.seen)}/{len(run.keys)} cards fired"
            print(f"{variant}: {fired} in {run.matches} matches, {run.seconds:.1f} s")
            last = sorted(run.first, key=run.first.__getitem__)[-5:]
            print("  fired last: " + ", ".join(f"{key} ({run.first[key]:.1f} s)" for key in last))
            for key in run.never:
                print(f"  never fired: {key} ({run.keys[key]})")
        else:
            rng = Rng(f"invariants:{variant}:{args.seed}")
            found: dict[str, Broken] = {}
            for k in range(args.games):
                for broken in play_checked(game, game.random_setup(rng, variant), k, bugs=bugs):
                    found.setdefault(broken.invariant, broken)
            print(f"{variant}: {args.games} matches, {len(found)} invariants broken")
            for broken in found.values():
                print(f"  {broken.invariant}: {broken.message}")
                print(f"    after {broken.choices} choices of seed {broken.seed}: {broken.setup}")
        for message, count in bugs.most_common():
            print(f"  GameBug x{count}: {message}")


if __name__ == "__main__":
    main()
