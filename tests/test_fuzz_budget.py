"""CI's fuzzing budget: every built-in game and variant plays a fixed number of random
legal set-ups with every check after every choice, then (for the TCG, whose pools are
large) many more in the fuzzer's light mode, and every card of the TCG, Christmas Town
and Munchkin pools must have fired (its effect ran) somewhere in it.

The budget is a number of games with a fixed seed, so CI plays the same games every
time; a failure is shrunk and written as a test file under the test's temporary
folder, and its message says where.
"""

from __future__ import annotations

import pytest

from nbc.core.testkit.fuzz import FuzzResult, fuzz
from nbc.core.testkit.pytest_plugin import host

BUILT_IN = ("tcg", "munchkin", "funkoverse")
# Games per variant with every check after every choice and the probes (save and load,
# secrecy, refusals); then, for the TCG, whose pools are large, games in the light mode
# (no twin match and no probes; the prompts, the game's own checks and the invariants),
# focused on the cards still unfired, until every card has fired or the light budget is
# spent. The rarest cards need many games focused on them alone (We Bagged Him! fires in
# about one in 400). The TCG's share is the longest task of the suite: on 2026-11-29,
# with both of the machine's cores busy with the suite, 506 s for its fully checked
# games and 538 s for the light ones, all on one worker (Funkoverse 136 s, Munchkin 62 s).
GAMES = {"tcg": 200, "munchkin": 12, "funkoverse": 60}
LIGHT = {"tcg": 6000}
# The pools whose every card must fire (by coverage key), per game.
GATED = ("tcg", "munchkin")
SEED = 2026

_RESULTS: dict[str, dict[str, list[FuzzResult]]] = {}


def _results(game_name: str, out, known) -> dict[str, list[FuzzResult]]:
    """Per variant, in turn: the fully checked run, then the light run if the game has
    one, which counts as fired what any earlier run of the game fired."""
    if game_name not in _RESULTS:
        game = host().game(game_name)
        runs: dict[str, list[FuzzResult]] = {}
        seen: set[str] = set()
        for variant in game.variants:
            common = {"seconds": None, "variants": [variant], "out": out, "known": known.get(game_name, {})}
            full = fuzz(game, games=GAMES[game_name], seed=SEED, shrink_seconds=60, **common)
            runs[variant] = [full]
            seen |= full.fired[variant]
            if game_name in LIGHT and full.failure is None:
                fired = {variant: seen & set(game.coverage(variant))}
                light = fuzz(
                    game,
                    games=LIGHT[game_name],
                    seed=f"{SEED}:light",
                    probe_every=0,
                    fired=fired,
                    until_covered=True,
                    shrink_seconds=60,
                    **common,
                )
                runs[variant].append(light)
                seen |= light.fired[variant]
        _RESULTS[game_name] = runs
    return _RESULTS[game_name]


CASES = [(name, variant) for name in BUILT_IN for variant in host().game(name).variants]


# A game's runs are computed once per process: its tests share one xdist worker.
@pytest.mark.parametrize(
    ("game_name", "variant"),
    [pytest.param(g, v, marks=pytest.mark.xdist_group(f"fuzz-{g}")) for g, v in CASES],
    ids=[f"{g}/{v}" for g, v in CASES],
)
def test_the_fuzzing_budget_finds_no_failure(game_name, variant, tmp_path_factory, known_defects):
    runs = _results(game_name, tmp_path_factory.mktemp("fuzz"), known_defects)[variant]
    for result in runs:
        failure = result.failure
        assert failure is None, (
            f"{failure.message}\nshrunk to {len(failure.choices)} choices; the test is in "
            f"{failure.test_file}:\n{failure.test_file.read_text() if failure.test_file else ''}"
        )
    assert runs[0].games == GAMES[game_name]
    assert [r.games <= LIGHT[game_name] for r in runs[1:]] == ([True] if game_name in LIGHT else [])


@pytest.mark.parametrize(
    "game_name", [pytest.param(g, marks=pytest.mark.xdist_group(f"fuzz-{g}")) for g in GATED]
)
def test_every_card_of_the_pool_fires_within_the_budget(game_name, tmp_path_factory, known_defects):
    game = host().game(game_name)
    pool: dict[str, str] = {}
    fired: set[str] = set()
    results = _results(game_name, tmp_path_factory.mktemp("fuzz"), known_defects)
    for variant in game.variants:
        fired |= results[variant][-1].fired[variant]
        pool.update(game.coverage(variant))
    never = {key: name for key, name in pool.items() if key not in fired}
    assert pool, f"{game_name} reports no coverage keys"
    assert not never, f"{len(never)} of {len(pool)} cards never fired: " + ", ".join(
        f"{name} ({key})" for key, name in sorted(never.items())
    )
