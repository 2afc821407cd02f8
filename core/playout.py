"""Driving matches with bots: random playouts for simulations, benchmarks and the
test kit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nbc.core.bots import RandomBot, decide
from nbc.core.match import Match
from nbc.core.rng import Rng


class PlayoutTooLong(RuntimeError):
    """A playout did not end within its step limit."""


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    steps: int
    finished: bool


def bot_step(match: Match, rng: Rng, bots: dict[int, Any] | None = None) -> bool:
    """Let one seat with an open prompt act. Returns False when nobody can act.

    When several seats may act at once, which one goes first is itself random, so
    playouts explore the orders a real table could produce.
    """
    prompts = match.all_prompts()
    if not prompts:
        return False
    if len(prompts) == 1:  # the usual case: one question, to one seat
        seat, mine = prompts[0].seat, prompts
    else:
        seats = sorted({p.seat for p in prompts})
        seat = seats[rng.below(len(seats))] if len(seats) > 1 else seats[0]
        mine = [p for p in prompts if p.seat == seat]
    bot = bots.get(seat, _RANDOM) if bots else _RANDOM
    match.act(seat, decide(bot, match, seat, mine, rng))
    return True


def play_out(
    match: Match,
    rng: Rng,
    max_steps: int = 100_000,
    bots: dict[int, Any] | None = None,
    raise_on_limit: bool = True,
) -> PlayoutResult:
    """Play until no prompt is open (or `max_steps` choices were made)."""
    all_prompts, act, below = match.all_prompts, match.act, rng.below
    for step in range(max_steps):
        if bots:
            if not bot_step(match, rng, bots):
                return PlayoutResult(step, True)
            continue
        prompts = all_prompts()
        if len(prompts) != 1:  # over, or several questions open at once
            if not bot_step(match, rng):
                return PlayoutResult(step, True)
            continue
        # the usual case, with the random bot's draw written out (the same draw it makes)
        prompt = prompts[0]
        choices = prompt.choices
        if not choices:
            raise ValueError("the random bot was asked to choose with no choices open")
        act(prompt.seat, choices[below(len(choices))].id)
    if match.all_prompts() and raise_on_limit:
        raise PlayoutTooLong(
            f"{match.game.name}/{match.header.variant} did not end within {max_steps} choices"
        )
    return PlayoutResult(max_steps, not match.all_prompts())


_RANDOM = RandomBot()
