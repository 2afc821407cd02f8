"""A check shared by the games' tests: `Game.copy_state` (what `Match.clone` uses) makes
what saving and loading the state makes, at every step of a seeded random match, and a
clone that plays on leaves its original where it was."""

from __future__ import annotations

import random

from nbc.core.game import Game
from nbc.core.match import Match


def assert_copies_are_saves(game: Game, variant: str, players: int, steps: int = 400) -> None:
    draw = random.Random(f"copy:{variant}").random
    match = Match.new(game, variant, players=players, seed=f"copy:{variant}")
    for step in range(steps):
        state = match.state
        copied = game.copy_state(state)
        loaded = game.load_state(game.dump_state(state))
        assert copied == loaded
        assert game.state_json(copied) == game.state_json(loaded) == game.state_json(state)
        prompts = match.prompts()
        if not prompts:
            break
        if step % 25 == 0:  # a clone plays on; the original does not move
            before = match.fingerprint()
            clone = match.clone()
            for _ in range(30):
                if not clone.prompts():
                    break
                p = clone.prompts()[0]
                clone.act(p.seat, p.choices[-1].id)
            assert match.fingerprint() == before
        prompt = prompts[int(draw() * len(prompts))]
        match.act(prompt.seat, prompt.choices[int(draw() * len(prompt.choices))].id)
