"""Pinned seeded playouts: what the engine and the built-in games produce must not
change when their code is made faster.

Each case plays one seeded random playout the way the test kit does (`bot_step`
with the kit's bot RNG) and digests, at every step, the fingerprint, every seat's
and the spectator's view, and every open prompt; at a few steps it also digests the
save text and the views after each seat's cards are planted. The digests were
recorded before any speed work, so a change that alters a fingerprint, a save, a
view, a prompt or a planting fails here.

The saves in `data/pinned/` were written by the code of that time: they must still
load, give the same fingerprint, save again to the very same text, and play on to
the pinned end.

To print fresh values (only when a change of output is intended and documented):

    .venv/bin/python tests/test_pinned_matches.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.playout import bot_step
from nbc.core.rng import Rng
from nbc.core.serial import canonical_json, to_data

DATA = Path(__file__).parent / "data" / "pinned"
CHECKPOINTS = (0, 1, 7, 50, 200)

# (game, variant, players, seed): (choices, final fingerprint, sha256 of the final
# save, digest of every step)
PINNED: dict[tuple[str, str, int, int], tuple[int, str, str, str]] = {
    ("munchkin", "base", 3, 0): (
        872,
        "5d463e67efe912596a53efa0454ba5d509b8747fd5abe9eb665a4d2d19330ae0",
        "df0e0ddb31b82d70f4ad6a8723c671e82adab8f2133a5d95d1c0deec992505fb",
        "cd0a99c951587fa192c80fb98c30ae8ce6988a1f95ccf7b718fa929659ba1831",
    ),
    ("munchkin", "faster", 4, 5): (
        736,
        "136af60c7adf9f2361333d593884f4343ed6e5de11f4dab0ed74443af53bcebb",
        "2e1c25ca465b632784e5933ed0d4ee5a9e040be98449b06c34270466fece8093",
        "d0730ddf0a06e80e73e1f4e21b4735d9f729dbd4e4f7ca4ed2cfd9d2b0995c62",
    ),
    ("munchkin", "epic", 3, 5): (
        1557,
        "b0e43a50f4816671aef354986bd62f3b3695c07a5c1eda15deabf911369fd32c",
        "6a6246924c7d4f429a297a6422b680b6fecb00c4a8a7e30d99d753d3563f6c7b",
        "566099d7113618fed20f0032eaf9048ba46b6e5e3e6a9695ebb38ccc4457a99a",
    ),
    ("munchkin", "two-player", 2, 6): (
        589,
        "e8455420a663cf46d89c381f092e29f3fdfb478de501edfb8bf1ea831a9339e1",
        "cb10101c653ce659f81c6ed9277b0ad489d83917b2ad11462df81ae712634ab1",
        "c18c0dab412e0f7df1d60957665301a518c499a43d25e3b577b8a82c72c220cd",
    ),
    ("munchkin", "base", 6, 3): (
        1757,
        "5ff6c618e5beb93fe6e47ced6e33d86f237b6e07b9ca69b0d3e1ea855e856af6",
        "d73b5a71c97f19ab1bf84d3427a3ad2e3b0b6a98917509f88b2ce1f6fe02d47f",
        "b176b5be5bb2babb0ace96ad8eaec7be63f2358dfe503bf03f32559d7e6300ae",
    ),
    ("tcg", "base", 3, 0): (
        183,
        "3fbd0c502573add483d3b7a3c878b4cd1c2148bb7004c67256777d1b54763ec5",
        "14415c563608bdc914e2b5efb3b690763e9a3bd73c443667b94087d82b51d88a",
        "7c0b9fb9fd6427d1682a9488be8bd1900c7fc5ca18eb35d1784d4fac7c513f3d",
    ),
    ("tcg", "base", 5, 2): (
        291,
        "fde7aca453b23a601139cb6f6fc2209d93b9601ef15bc58860ca8a10d6615b4e",
        "1537437b89539fddac75ab75e6f414db9e04d8f8f6e8203b6af6cb56c33de52f",
        "78ce8444b7ef088a19f17cc6858e6a8b557227fa4e108e44917f08b5070f68a5",
    ),
    ("tcg", "christmas-town", 2, 1): (
        110,
        "9138a486332535735b45b43a5838d95122b57f58dd892d3bc44c91cab3e6a16f",
        "6e3d9074b25f965da510254e709febbefd85c1cb46b25c64f076015b5624ef47",
        "6405a850503df8bd3944d9a19bace2dc66cee8624a46be4fcdeb4f1430bd93cd",
    ),
    ("tcg", "christmas-town", 4, 3): (
        251,
        "5e42493afd967a2b771546672a79ae64ef5fc0781fe63919fca5ebd5c4f360e3",
        "c1a56e155ea01f77833687d3cf8ae0bddb4318c0c00af0822865874676d9dd26",
        "aa2266f496c0a49d80da906c020af016c9ab1237fb3a4d4e29be4c0510a9510b",
    ),
    ("funkoverse", "first-game", 2, 0): (
        1741,
        "4d608168dc1d0389d3e8618a21c73773961598e700b40a8793100b1139295aee",
        "fb4da0d83f97f6d0b95fad0a5d5d7978d3a6fad6db27aa9cd26ab0a4d2ffbdd5",
        "72889a1256bf621dacf7f89b429b544057f6ff76c92dbccb32261783c7367dfc",
    ),
    ("funkoverse", "territory", 3, 1): (
        481,
        "e3b06c24d5e058af01a391f9069d2bdaac5f1be738a4034265239f6a86ea1c93",
        "9decc7c26ee77de9af7c6269406d7b2817c596bdf8488d00da2c1e400bc3d52e",
        "0a659a3ffebcceb15be2976d2d39cd89aff0ab96ba0fd7db0fd855fb106cf136",
    ),
    ("funkoverse", "leaders", 4, 2): (
        1217,
        "9209c6aeda59f403080fbd84163a3b1e08bc8f5e83e788fbc69f64f7e46173b6",
        "a893d8e0749aa3637c49fdd22c2accef0a75be8d1dbc4de0903c0a16b0982fe2",
        "0fa3097f37c983ee1ac5c002b1570de064cce7a6414f54ac18de2f4f77504648",
    ),
    ("funkoverse", "triumph", 3, 0): (
        843,
        "0cdbdfbf517b5929dc3c3242a2fe3722e46e768cf0858a5fde3e483c4d4908b2",
        "bb4f924e5f002b9045415512c9e2123849fb90f6e26e08d01a29f24f3b17b313",
        "88c3d930035b09a04618cca9341cca1936577b6bd2094a6c0983653d320e5cf6",
    ),
    ("funkoverse", "infiltrate", 2, 4): (
        497,
        "4ab6cc762f66b4d1a1a741cc1973852c625958c0551df2139a8015cc8571fabe",
        "f432e060a1117d54d3a9d952bcfcc5a439224f5a15f40f0dbed0a4eb72119de6",
        "1c0bf14557557d5ea074d7950dd889e60a85437397557b0b99961893d4cea25c",
    ),
    ("trick-or-treat", "base", 3, 0): (
        15,
        "a588acbdcec2ddb33350fdb2eb7fa8dd7b03d0051c27fc39c43c50c10395af0c",
        "0cc430c5b42397cc052478d3dfc8b13434e169cef6e1d3ef8386a63e7d221566",
        "134b140293dda9b4bf39f913b1d431688a66dae19f210308cfcaec2ca3e37092",
    ),
    ("trick-or-treat", "short", 2, 1): (
        4,
        "5da81b78e6e744ecd2d0632b446242eb4dee452138d2189ebe13afb15a78b2d1",
        "74e7585ee7c4e1975f859c138c684913b2feaafedcc1ceee1271a2a505b018c3",
        "25e78f05fe10fcad4beac97b9e8e08cd3576cbadb61ff7593624cf8cb20da068",
    ),
}

# game: (variant, players, seed, step at which the save was written)
SAVES: dict[str, tuple[str, int, int, int]] = {
    "munchkin": ("epic", 4, 1, 120),
    "tcg": ("christmas-town", 3, 2, 60),
    "funkoverse": ("triumph", 3, 0, 100),
    "trick-or-treat": ("base", 3, 0, 8),
}


def _host() -> PluginHost:
    return PluginHost.load()


def _trace(match: Match, bot_rng: Rng, stop: int | None = None) -> tuple[int, str]:
    """Play on with the kit's random bot, digesting every step; returns the number of
    choices made and the digest."""
    digest = hashlib.sha256()
    seats = [*range(match.players), None]
    while True:
        step = match.seq
        digest.update(match.fingerprint().encode())
        for seat in seats:
            digest.update(canonical_json(match.view(seat)).encode())
        for prompt in match.all_prompts():
            digest.update(canonical_json(to_data(prompt)).encode())
        if step in CHECKPOINTS:
            text = match.to_json()
            digest.update(hashlib.sha256(text.encode()).hexdigest().encode())
            for owner in seats:
                copy = Match.from_json(text, match.game)
                planted = match.game.plant(copy.state, owner, f"PIN{step}x{owner}z")
                copy.forget_prompts()
                digest.update(str(planted).encode())
                for seat in seats:
                    digest.update(canonical_json(copy.view(seat)).encode())
                for prompt in copy.all_prompts():
                    digest.update(canonical_json(to_data(prompt)).encode())
        if match.over or step == stop:
            return step, digest.hexdigest()
        bot_step(match, bot_rng)


def _play(game_name: str, variant: str, players: int, seed: int) -> tuple[int, str, str, str]:
    game = _host().games[game_name]
    match = Match.new(game, variant, players=players, seed=seed)
    steps, digest = _trace(match, Rng(f"conformance:{seed}"))
    return steps, match.fingerprint(), hashlib.sha256(match.to_json().encode()).hexdigest(), digest


@pytest.mark.parametrize("case", list(PINNED), ids=lambda c: f"{c[0]}/{c[1]}/{c[2]}p/seed{c[3]}")
def test_a_seeded_playout_is_what_it_always_was(case):
    assert _play(*case) == PINNED[case]


def _save_path(game_name: str) -> Path:
    return DATA / f"{game_name}.json"


@pytest.mark.parametrize("game_name", list(SAVES))
def test_an_old_save_loads_saves_and_plays_on_as_it_always_did(game_name):
    game = _host().games[game_name]
    stored = json.loads(_save_path(game_name).read_text())
    text, fingerprint, end = stored["save"], stored["fingerprint"], stored["end"]
    loaded = Match.from_json(text, game)
    assert loaded.fingerprint() == fingerprint
    assert loaded.to_json() == text
    replayed = Match.replay(game, loaded.header, loaded.log)
    assert replayed.fingerprint() == fingerprint
    rng = Rng.from_state(stored["bot_rng"])
    steps, digest = _trace(loaded, rng)
    assert [steps, loaded.fingerprint(), digest] == end


def _write_save(game_name: str) -> None:
    variant, players, seed, at = SAVES[game_name]
    game = _host().games[game_name]
    match = Match.new(game, variant, players=players, seed=seed)
    rng = Rng(f"conformance:{seed}")
    while match.seq < at and not match.over:
        bot_step(match, rng)
    text, fingerprint, rng_state = match.to_json(), match.fingerprint(), rng.get_state()
    steps, digest = _trace(match, rng)
    DATA.mkdir(parents=True, exist_ok=True)
    record = {
        "save": text,
        "fingerprint": fingerprint,
        "bot_rng": rng_state,
        "end": [steps, match.fingerprint(), digest],
    }
    _save_path(game_name).write_text(json.dumps(record, indent=1) + "\n")


if __name__ == "__main__":
    import sys

    if "--saves" in sys.argv:
        for name in SAVES:
            _write_save(name)
    for key in PINNED:
        print(f"    {key!r}: {_play(*key)!r},")
