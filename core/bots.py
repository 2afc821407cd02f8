"""Bots: programs that play a seat, seeing only what that seat may see."""

from __future__ import annotations

from typing import Any, Protocol

from nbc.core.game import Prompt
from nbc.core.hookspecs import hookimpl
from nbc.core.rng import Rng


class Bot(Protocol):
    """A bot may set `needs_view = False` when it never reads its view."""

    name: str

    def choose(self, view: dict[str, Any], prompts: list[Prompt], rng: Rng) -> str:
        """Pick one choice id among `prompts` (all of them belong to the bot's seat)."""
        ...


class RandomBot:
    """Picks uniformly among every choice of its seat's open prompts."""

    name = "random"
    description = "picks uniformly at random among its legal choices"
    needs_view = False  # lets drivers skip building a view it would not read

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
    return [RandomBot()]
