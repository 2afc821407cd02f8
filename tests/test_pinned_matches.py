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
        866,
        "62aa83f30e6fd1b9dcbd8bc0575baa62a5e790cbaef2975d3ec2b5a79416c074",
        "469357e69f981df75dafb8a5e0c7fa04ffd4589e7d34a833977799a340ef16fc",
        "909fa13ff29621c53940156e540741d6b27cf9bc850b60fc2aa2170fadd23789",
    ),
    ("munchkin", "faster", 4, 5): (
        731,
        "16341ff04176d53b78050cfafa19b4bd00d404f403c7d72990227dfcea67341b",
        "5539c5fbbcc9f476003d41a23e624b395a4fe90ef434443fa870523a0b356d49",
        "53f9d8c5516264d14aeb9f77579394fda95275c9f5a3d09367b7df3702c5764b",
    ),
    ("munchkin", "epic", 3, 5): (
        1548,
        "7ac97fb5bae4378685a60717985a9911fc72d140db7891ebd6ee1d43077227d6",
        "b5198a9b334906ee425dffe15a8c71108c14a257ecf78ce448e55ea8025f2e35",
        "83c33d95c38f706974e0e504c40c5330a5121ec794d5de8208c3f8ddd4608cf4",
    ),
    ("munchkin", "two-player", 2, 6): (
        582,
        "f3c76bc38b9a45a0c16d5a9b378422f58e1c4715ae165061ba2ffc8eebfd204b",
        "dcd541aaff3bbfa5eddfda8b092dc009c17b9e39c41ff2a6e8a8895a3e988e67",
        "617f55a98378a2947a6223e2cc2839bd0f6ecfb02fa3756d0d49a5a48e6466dc",
    ),
    ("munchkin", "base", 6, 3): (
        1717,
        "5a47aa63a8674d859f069ccdf8711a9252bcb2e551f229eedbfe24553b12914a",
        "7879d34959c3ade3fbe8df8e28b629918bf34e4daa35a841bb529f6989c73740",
        "3338c3c077501e7164339ebc19964df344c0e0efedb02a7c8efcaf15b848b7a5",
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
