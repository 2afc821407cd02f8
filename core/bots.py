"""Bots: programs that play a seat, seeing only what that seat may see.

The protocol is `choose(view, prompts, rng) -> choice id`. Three optional attributes
extend it without breaking older bots:

- `needs_view = False`: the bot never reads its view, so drivers skip building one;
- `wants_infoset = True`: the bot is called as `choose(view, prompts, rng,
  infoset=...)` with an `InfoSet`, a handle on what its seat may know that can also
  sample whole positions consistent with that knowledge (search bots);
- `games`: the names of the games the bot can play (`None` or absent: every game);
  `supports(bot, game)` reads it, and the API and the CLI refuse a bot for a game it
  does not list;
- `with_budget(budget) -> Bot`: a copy that thinks within a `Budget` (seconds or
  iterations per move); a bot without it ignores budgets.

Every driver (playouts, simulations, tournaments, the API's bot seats) asks a bot
through `decide`, which is where these attributes are honoured.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from nbc.core.errors import BadOptions
from nbc.core.game import Prompt
from nbc.core.hookspecs import hookimpl
from nbc.core.rng import Rng

if TYPE_CHECKING:
    from nbc.core.match import Match


class Bot(Protocol):
    """A bot may set `needs_view`, `wants_infoset`, `games` and `with_budget` (see the
    module's docstring)."""

    name: str

    def choose(self, view: dict[str, Any], prompts: list[Prompt], rng: Rng) -> str:
        """Pick one choice id among `prompts` (all of them belong to the bot's seat)."""
        ...


# --- budgets ------------------------------------------------------------------------------

MIN_SECONDS = 0.001
MAX_SECONDS = 60.0
MAX_ITERATIONS = 1_000_000


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a bot may think per move: `seconds` of wall time, `iterations` of its
    search, or both (whichever runs out first). Only an iteration budget makes a
    search bot's play depend on nothing but its seed."""

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise BadOptions("a bot's budget needs seconds or iterations per move, e.g. 0.5s or 200i")
        if self.seconds is not None and (
            not math.isfinite(self.seconds) or not MIN_SECONDS <= self.seconds <= MAX_SECONDS
        ):
            raise BadOptions(
                f"a bot's budget of {self.seconds} seconds per move is out of bounds; "
                f"give {MIN_SECONDS} to {MAX_SECONDS:g} seconds"
            )
        if self.iterations is not None and not 1 <= self.iterations <= MAX_ITERATIONS:
            raise BadOptions(
                f"a bot's budget of {self.iterations} iterations per move is out of bounds; "
                f"give 1 to {MAX_ITERATIONS} iterations"
            )

    @classmethod
    def parse(cls, text: str) -> Budget:
        """`0.5` or `0.5s`: seconds per move; `200i`: iterations per move."""
        found = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(s|i|it)?\s*", text or "")
        if not found:
            raise BadOptions(
                f"cannot read the budget {text!r}: give seconds per move (0.5 or 0.5s) "
                "or iterations per move (200i)"
            )
        number, unit = found.groups()
        if unit in ("i", "it"):
            if "." in number:
                raise BadOptions(f"an iteration budget is a whole number, not {number!r}")
            return cls(iterations=int(number))
        return cls(seconds=float(number))

    def __str__(self) -> str:
        parts = []
        if self.seconds is not None:
            parts.append(f"{self.seconds:g}s")
        if self.iterations is not None:
            parts.append(f"{self.iterations}i")
        return "+".join(parts)


def with_budget(bot: Any, budget: Budget | None) -> Any:
    """`bot` thinking within `budget` (itself when there is no budget or it takes none)."""
    if budget is None or not hasattr(bot, "with_budget"):
        return bot
    return bot.with_budget(budget)


def supports(bot: Any, game: str) -> bool:
    """Whether `bot` can play `game` (a bot without `games` plays every game)."""
    games = getattr(bot, "games", None)
    return games is None or game in games


def bots_for(bots: dict[str, Any], game: str) -> list[str]:
    """The names among `bots` that can play `game`, sorted."""
    return sorted(name for name, bot in bots.items() if supports(bot, game))


def check_bot(bots: dict[str, Any], name: str, game: str) -> Any:
    """The bot named `name`, refused with `BadOptions` (listing the names that would do)
    when there is none or it cannot play `game`."""
    fitting = ", ".join(bots_for(bots, game)) or "none"
    bot = bots.get(name)
    if bot is None:
        raise BadOptions(f"there is no bot '{name}'; the bots that play {game} are: {fitting}")
    if not supports(bot, game):
        raise BadOptions(f"the bot '{name}' cannot play {game}; the bots that play {game} are: {fitting}")
    return bot


# --- what a seat may know -----------------------------------------------------------------


class InfoSet:
    """A seat's information set: its `view` and `prompts`, and `sample(rng)`, which
    builds a whole `Match` consistent with what the seat knows.

    A sample is a clone of the match in which the game has redealt everything the seat
    cannot know (`Game.redeal_hidden`), whose RNG is a fresh one drawn from `rng`
    (future dice and shuffles are as unknown as hidden cards), and which carries no
    history: its header has no seed and its log and events are empty. The true match
    stays inside this handle; a search bot that reads only samples, its view and its
    prompts can play on what the seat knows and nothing else. For that the redeal must
    draw from `rng` in a way that depends only on what the seat knows (a game sorts
    the hidden cards it redeals before shuffling them)."""

    __slots__ = ("__match", "seat", "view", "prompts")

    def __init__(self, match: Match, seat: int, view: dict[str, Any], prompts: list[Prompt]) -> None:
        self.__match = match
        self.seat = seat
        self.view = view
        self.prompts = prompts

    @property
    def game(self) -> Any:
        return self.__match.game

    @property
    def players(self) -> int:
        return self.__match.header.players

    def sample(self, rng: Rng) -> Match:
        from nbc.core.match import Match

        true = self.__match
        copy = true.clone()
        true.game.redeal_hidden(copy.state, self.seat, rng)
        header = replace(true.header, seed=0, start=None)
        return Match(true.game, header, copy.state, Rng.from_state(rng.next64()), [], [])


def decide(bot: Any, match: Match, seat: int, prompts: list[Prompt], rng: Rng) -> str:
    """Ask `bot` for `seat`'s choice among `prompts` (all `seat`'s), giving it a view
    unless it says it needs none, and an `InfoSet` when it wants one."""
    view = match.view(seat) if getattr(bot, "needs_view", True) else {}
    if getattr(bot, "wants_infoset", False):
        return bot.choose(view, prompts, rng, infoset=InfoSet(match, seat, view, prompts))
    return bot.choose(view, prompts, rng)


# --- helpers for games' bots and evaluations -------------------------------------------------


def standing_values(scores: Sequence[float], spread: float) -> list[float]:
    """Each seat's share of the win guessed from its score: a softmax of the scores with
    `spread` points of a lead worth a factor e (larger: less sure). Sums to 1."""
    top = max(scores)
    weights = [math.exp((s - top) / max(spread, 1e-9)) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def any_choice(prompts: Sequence[Prompt], rng: Rng) -> str:
    """A choice drawn uniformly among every choice of `prompts`."""
    return RandomBot().choose({}, list(prompts), rng)


# --- the random bot -----------------------------------------------------------------------


class RandomBot:
    """Picks uniformly among every choice of its seat's open prompts."""

    name = "random"
    description = "picks uniformly at random among its legal choices"
    needs_view = False  # lets drivers skip building a view it would not read
    games = None

    def choose(self, view: dict[str, Any], prompts: list[Prompt], rng: Rng) -> str:
        total = len(prompts[0].choices) if len(prompts) == 1 else sum(len(p.choices) for p in prompts)
        if total == 0:
            raise ValueError("the random bot was asked to choose with no choices open")
        index = rng.below(total)
        for prompt in prompts:
            if index < len(prompt.choices):
                return prompt.choices[index].id
            index -= len(prompt.choices)
        raise AssertionError("unreachable")


@hookimpl
def nbc_bots() -> list[Any]:
    from nbc.core.ismcts import IsmctsBot

    return [RandomBot(), IsmctsBot()]
