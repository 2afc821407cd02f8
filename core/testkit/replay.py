"""Replaying a recorded match strictly, with every check of the kit: what the tests
written by the fuzzer call.

    replay_and_check("tcg", variant="base", players=2, seed="fuzz:1:17",
                     options={...}, choices=[(0, "c12"), (1, "pass"), ...])

Every choice must be offered when its turn comes (as in a `Scenario`, nothing is
guessed); after every choice the kit's per-step checks run (prompts, invariants,
card references), and at the end every probe check runs on the position reached (purity, refusals,
save and load, secrecy, the bot hooks). A choice the game offers but cannot apply fails the test
as a stuck match.
"""

from __future__ import annotations

from typing import Any

from nbc.core.errors import GameBug
from nbc.core.game import Game, Setup
from nbc.core.match import Match
from nbc.core.rng import Rng
from nbc.core.testkit.checks import Report, _Playout
from nbc.core.testkit.scenario import Scenario

# pytest leaves out of its tracebacks every frame of a module that sets this (the kit's)
__tracebackhide__ = True


def replay_and_check(
    game: str | Game,
    variant: str,
    players: int,
    seed: int | str,
    options: dict[str, Any] | None,
    choices: list[tuple[int, str]],
) -> Match:
    """Replay `choices` strictly from the set-up, checking as the kit does; returns
    the match reached. `game` is a game object or the name of an installed game."""
    if isinstance(game, str):
        from nbc.core.testkit.pytest_plugin import host

        game = host().game(game)
    scenario = Scenario(game, variant, players, seed, options)
    playout = _Playout(game, Setup(variant, players, dict(options or {})), seed, Match, Report())
    playout.match = scenario.match
    playout.check_event_refs(0, scenario.match.events)
    for step, (seat, choice) in enumerate(choices):
        playout.check_prompts(step)
        playout.check_invariants(step)
        try:
            events = scenario.choose(seat, choice)
        except GameBug:
            playout.take(step, seat, choice)  # fails again, reported as a stuck match
            raise
        playout.check_event_refs(step + 1, events)
    step = len(choices)
    playout.check_prompts(step)
    playout.check_invariants(step)
    probe = Rng(f"probe:{seed}:{step}")
    playout.check_pure_reads(step)
    playout.check_refusals(step)
    playout.check_round_trip(step, probe)
    playout.check_planted(step, probe)
    playout.check_redeal(step, probe)
    playout.check_bot_hooks(step, probe, playout.bot_hooks)
    return scenario.match
