"""CI's fuzzing budget: every built-in game and variant plays a fixed number of random
legal set-ups with every check after every choice, then (for the TCG, whose pools are
large) many more in the fuzzer's light mode, and every card of the TCG, Christmas Town
and Munchkin pools must have fired (its effect ran) somewhere in it.

The budget is a number of games with a fixed seed, so CI plays the same games every
time; a failure is shrunk and written as a test file under the test's temporary
folder, and its message says where.

Each variant is one test with a computation of its own, so the suite's processes can
share the budget out freely. A card is the charge of the first variant of its game
whose pool lists it (Christmas Town answers for its own cards, the base game for the
rest); a later variant counts the earlier variants' cards as fired from the start.
"""

from __future__ import annotations

import pytest

from nbc.core.testkit.fuzz import FuzzResult, fuzz
from nbc.core.testkit.pytest_plugin import host

BUILT_IN = ("tcg", "munchkin", "funkoverse")
# Games per variant with every check after every choice and the probes (save and load,
# secrecy, refusals); then, for the TCG, whose pools are large, games in the light mode
# (no twin match and no probes; the prompts, the game's own checks and the invariants),
# focused on the variant's cards still unfired, until every one has fired or the light
# budget is spent. The rarest cards need many games focused on them alone (We Bagged
# Him! fires in about one in 400). The TCG's variants are the suite's longest tests.
GAMES = {"tcg": 200, "munchkin": 12, "funkoverse": 60}
LIGHT = {"tcg": 6000}
# The games whose every card must fire (by coverage key).
GATED = ("tcg", "munchkin")
SEED = 2026


def charge(game_name: str, variant: str) -> dict[str, str]:
    """The coverage keys (and card names) `variant` answers for: those no earlier
    variant of its game lists."""
    game = host().game(game_name)
    earlier: set[str] = set()
    for name in game.variants:
        if name == variant:
            break
        earlier.update(game.coverage(name))
    return {key: name for key, name in game.coverage(variant).items() if key not in earlier}


def no_failure(result: FuzzResult) -> None:
    failure = result.failure
    assert failure is None, (
        f"{failure.message}\nshrunk to {len(failure.choices)} choices; the test is in "
        f"{failure.test_file}:\n{failure.test_file.read_text() if failure.test_file else ''}"
    )


CASES = [(name, variant) for name in BUILT_IN for variant in host().game(name).variants]


@pytest.mark.costly
@pytest.mark.parametrize(("game_name", "variant"), CASES, ids=[f"{g}/{v}" for g, v in CASES])
def test_the_fuzzing_budget_finds_no_failure_and_fires_every_card(
    game_name, variant, tmp_path, known_defects
):
    game = host().game(game_name)
    common = {
        "seconds": None,
        "variants": [variant],
        "out": tmp_path,
        "known": known_defects.get(game_name, {}),
    }
    full = fuzz(game, games=GAMES[game_name], seed=SEED, shrink_seconds=60, **common)
    no_failure(full)
    assert full.games == GAMES[game_name]
    mine = charge(game_name, variant)
    fired = full.fired[variant]
    if game_name in LIGHT:
        light = fuzz(
            game,
            games=LIGHT[game_name],
            seed=f"{SEED}:light",
            probe_every=0,
            fired={variant: (set(game.coverage(variant)) - set(mine)) | fired},
            until_covered=True,
            shrink_seconds=60,
            **common,
        )
        no_failure(light)
        assert light.games <= LIGHT[game_name]
        fired = light.fired[variant]
    if game_name in GATED:
        assert game.coverage(variant), f"{game_name}/{variant} reports no coverage keys"
        never = {key: name for key, name in mine.items() if key not in fired}
        assert not never, f"{len(never)} of {len(mine)} cards of {variant} never fired: " + ", ".join(
            f"{name} ({key})" for key, name in sorted(never.items())
        )
