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
import ast
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nbc.core import coverage
from nbc.core.bots import RandomBot
from nbc.core.errors import GameBug
from nbc.core.game import Invariant, Prompt, Setup, Steering
from nbc.core.match import Match
from nbc.core.playout import play_out
from nbc.core.rng import Rng
from nbc.plugins.tcg.effects import FACT_FIELDS
from nbc.plugins.tcg.setups import FOCUS_EVERYWHERE, RICH, points, pool_of

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
        keep: Sequence[str] = (),
        formations: Sequence[Formation] = (),
    ) -> None:
        if mode == "thrifty":
            names = [*names, "Pumpkin Point"]
        self.pattern = _any_of(names)
        self.helpers = _any_of(helpers)
        self.mode = mode if match is not None or mode != "builder" else "eager"
        self.match = match
        self.keep = frozenset(keep)
        self.formations = tuple(formations) if match is not None else ()

    def choose(self, view: Any, prompts: list[Prompt], rng: Rng) -> str:
        choices = [c for p in prompts for c in p.choices]
        if self.keep and self.match is not None:
            kept = [c for c in choices if not self._throws_away(c, prompts[0].seat)]
            if kept and len(kept) < len(choices):
                choices = kept
        if self.formations and prompts[0].kind in ("turn", "move") and rng.below(4):
            forming = self._forming(choices, prompts[0].seat)
            if forming:
                return forming[rng.below(len(forming))].id
        liked = self._liked(choices)
        if liked and rng.below(4):  # not always: a liked choice may come back for ever
            return liked[rng.below(len(liked))].id
        kind = prompts[0].kind
        if kind == "may" and rng.below(4):
            return "yes"
        mode = self.mode
        st = self.match.state if self.match is not None else None
        if mode == "thrifty" and st is not None and st.round * 2 <= st.days:
            mode = "builder"  # the first half of the match builds the town that pays later
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
            if mode == "thrifty":  # free cards cost nothing saved (and some add Points)
                choices = [c for c in choices if "(0 PP)" in c.label or not c.id.startswith(_SPENDING)]
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

    def _throws_away(self, choice: Any, seat: int) -> bool:
        """Whether `choice` loses what the match is about: it discards a focus card
        (`keep`) from hand, plays a focus card whose condition (a `Formation`) is not
        met yet, or moves a Character away from the place a formation wants it."""
        assert self.match is not None
        st = self.match.state
        parts = choice.id.split(":")
        if parts[0] == "discard":
            return st.cards.get(parts[1]) in self.keep
        if not self.formations or parts[0] not in ("play", "mv") or len(parts) < 2:
            return False
        card = st.cards.get(parts[1])
        if card in self.keep:  # a card that is part of its own condition goes to its place
            unmet = [
                f for f in self.formations if f.card == card and f.required and not f.formed(self.match, seat)
            ]
            return bool(unmet) and not any(f.member(self.match, parts[1]) for f in unmet)
        if parts[0] == "mv" and len(parts) == 3 and parts[2].isdigit():
            return any(f.strays(self.match, seat, parts[1], int(parts[2])) for f in self.formations)
        return False

    def _forming(self, choices: list[Any], seat: int) -> list[Any]:
        """The plays and moves that bring a Character nearest to a place a formation
        wants it (`play:<card>:<k>`, `mv:<card>:<k>`; a move only when it gets closer)."""
        assert self.match is not None
        best, found = None, []
        for choice in choices:
            parts = choice.id.split(":")
            if len(parts) == 3 and parts[0] in ("play", "mv") and parts[2].isdigit():
                for f in self.formations:
                    steps = f.closer(self.match, seat, parts[1], int(parts[2]), parts[0] == "mv")
                    if steps is not None and (best is None or steps <= best):
                        if best is None or steps < best:
                            best, found = steps, []
                        found.append(choice)
        return found

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
        if self.mode == "thrifty" and found:  # a saver builds the rich Locale nearest to Active
            short = {
                k: rules.threshold(st, slot) - sum(rules.scare(st, c) for c in slot.characters)
                for k, slot in enumerate(row)
                if points(rules.def_of(st, slot.locale)) >= RICH
            }
            aims = [c for c in found if int(c.id.split(":")[2]) in short]
            if aims:
                least = min(short[int(c.id.split(":")[2])] for c in aims)
                found = [c for c in aims if short[int(c.id.split(":")[2])] == least]
        return found


@dataclass(frozen=True, slots=True)
class Formation:
    """Characters a focus card's condition wants in one place: `groups` (ids or name
    groups, each answered by one Character) at the Locale `place`, or together at
    one Locale of the town `place` (`any`: of either town) when `together`."""

    groups: frozenset[str]
    place: str
    together: bool = False
    card: str = ""  # the card whose condition this is
    required: bool = True  # the card does nothing without it (False: it only costs less)

    def _fits(self, match: Match, seat: int, k: int) -> bool:
        rules, st = match.game.rules, match.state  # type: ignore[attr-defined]
        row = st.players[seat].row
        if k >= len(row):
            return False
        if not self.together:
            return bool(rules.def_of(st, row[k].locale).id == self.place)
        return self.place == "any" or rules.slot_town(st, seat, k) == self.place

    def member(self, match: Match, card: str) -> bool:
        rules, st = match.game.rules, match.state  # type: ignore[attr-defined]
        return any(rules.is_(st, card, g) for g in self.groups)

    def _gathered(self, match: Match, seat: int, k: int) -> int:
        """How many of the groups Characters at Locale k answer."""
        rules, st = match.game.rules, match.state  # type: ignore[attr-defined]
        here = st.players[seat].row[k].characters
        return sum(any(rules.is_(st, c, g) for c in here) for g in self.groups)

    def _target(self, match: Match, seat: int) -> list[int]:
        """The Locales to gather at: for `together`, those of the town already holding
        the most of the groups (all of the town's while none is there)."""
        fitting = [k for k in range(len(match.state.players[seat].row)) if self._fits(match, seat, k)]
        if not self.together or not fitting:
            return fitting
        counts = {k: self._gathered(match, seat, k) for k in fitting}
        best = max(counts.values())
        return [k for k in fitting if counts[k] == best]

    def _distance(self, match: Match, seat: int, card: str, k: int) -> int | None:
        """Steps along the row from Locale k to the nearest Locale where `card` is
        wanted (None: it is not wanted, or there is no such Locale)."""
        if not self.member(match, card):
            return None
        targets = self._target(match, seat)
        return min(abs(k - t) for t in targets) if targets else None

    def closer(self, match: Match, seat: int, card: str, k: int, moving: bool) -> int | None:
        """The steps left once `card` is played (or, `moving`, moved) to Locale k, when
        that brings it closer to where it is wanted; else None."""
        steps = self._distance(match, seat, card, k)
        if steps is None or not moving:
            return steps
        at = match.game.rules.locate(match.state, card)  # type: ignore[attr-defined]
        if at is None or at[0] != seat:
            return None
        now = self._distance(match, seat, card, at[1])
        return steps if now is not None and steps < now else None

    def strays(self, match: Match, seat: int, card: str, k: int) -> bool:
        """Whether moving `card` to Locale k takes it further from where it is wanted."""
        at = match.game.rules.locate(match.state, card)  # type: ignore[attr-defined]
        if at is None or at[0] != seat:
            return False
        now, then = self._distance(match, seat, card, at[1]), self._distance(match, seat, card, k)
        return now is not None and then is not None and then > now

    def formed(self, match: Match, seat: int) -> bool:
        return any(self._gathered(match, seat, k) == len(self.groups) for k in self._target(match, seat))


def formations(game: TcgGame, focus: Sequence[str]) -> list[Formation]:
    """What the focus cards' conditions want in place, read from their rules'
    expressions (`at(g, loc)`, `here_is(loc)`, `together(...)`, `together_in(t, ...)`,
    `in_town(g, t)`), plus `CONDITIONS` for those kept in code."""
    wanted: dict[tuple[str, str, bool, bool], set[str]] = {}
    for card in focus:
        d = game.defs.get(card)
        if d is None:
            continue
        for groups, place, together in CONDITIONS.get(card, ()):
            wanted.setdefault((card, place, together, True), set()).update(groups)
        for key, value in d.model_dump(exclude=set(FACT_FIELDS)).items():
            required = key != "cost"  # a price rule only makes the card cheaper
            for text in _strings(value):
                for name, args in _calls(text):
                    if name == "at" and len(args) == 2:
                        wanted.setdefault((card, args[1], False, required), set()).add(args[0])
                    elif name == "here_is" and args:
                        wanted.setdefault((card, args[0], False, required), set()).add(d.id)
                    elif name == "together" and args:
                        wanted.setdefault((card, "halloweentown", True, required), set()).update(args)
                    elif name == "together_in" and len(args) > 1:
                        wanted.setdefault((card, args[0], True, required), set()).update(args[1:])
                    elif name == "in_town" and len(args) == 2:  # gathered at one Locale of the town
                        wanted.setdefault((card, args[1], True, required), set()).add(args[0])
    return [Formation(frozenset(g), *key[1:3], key[0], key[3]) for key, g in wanted.items()]


def _calls(text: str) -> Iterator[tuple[str, list[str]]]:
    """The calls in a rules expression, each with its text arguments."""
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            yield (
                node.func.id,
                [a.value for a in node.args if isinstance(a, ast.Constant) and type(a.value) is str],
            )


def with_companions(game: TcgGame, variant: str, focus: Sequence[str]) -> list[str]:
    """The focus cards and the cards their rules name (We Bagged Him! and the Jumbo
    Treat Bag it goes on), whose own conditions are worth meeting too."""
    needs = pool_of(game, variant).needs
    return list(dict.fromkeys([*focus, *(n for c in focus for n in needs.get(c, ()) if n in game.defs)]))


# Conditions the rules hold in code rather than in a card's expressions.
CONDITIONS: dict[str, list[tuple[set[str], str, bool]]] = {
    "zero-pale-retriever": [({"zero-pale-retriever", "jack-skellington"}, "the-dark-wood", False)],
}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


_SPENDING = ("play", "replace")
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


def focus_bots(game: TcgGame, variant: str, focus: Sequence[str]) -> Callable[[Rng, Match], FocusBot]:
    """What makes a seat's coverage bot for a set-up built around `focus`: a mode drawn
    from the `Rng` it is given, the focus names and helpers, and for a short focus the
    cards its rules name as well (kept in hand like the focus) and the places their
    conditions want Characters (`formations`)."""
    names, helpers = focus_names(game, variant, focus)
    modes = leanings(game, variant, focus)
    short = len(focus) <= FOCUS_EVERYWHERE
    keep = with_companions(game, variant, focus) if short else list(focus)
    wanted = formations(game, keep) if short else []

    def make(rng: Rng, match: Match) -> FocusBot:
        return FocusBot(names, helpers, rng.choice(modes), match, keep, wanted)

    return make


def steering(game: TcgGame, variant: str, focus: Sequence[str], rng: Rng) -> Steering:
    """The fuzzer's chooser for a set-up built around `focus`: a `focus_bots` bot per
    seat, made (its mode drawn from `rng`) when the seat first acts."""
    make = focus_bots(game, variant, focus)
    bots: dict[int, FocusBot] = {}

    def choose(match: Match, prompts: Sequence[Prompt], draw: Rng) -> str:
        seat = prompts[0].seat
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = make(rng, match)
        bot.match = match
        return bot.choose(None, list(prompts), draw)

    return choose


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
            make = focus_bots(game, variant, focus)
            bots = {seat: make(rng, match) for seat in range(setup.players)}
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
