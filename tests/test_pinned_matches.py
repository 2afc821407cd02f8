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
        599,
        "c7b0f9fa07eb6fa629e1d1a81b137ec1a85fe1207a7df3ee690b4d119bdf8fbf",
        "8759944816d936e9607e8eaaac31d9b70fb210475332def145e6ee63fc81c3bf",
        "32b41119e86d77802b0a296d4691a546f2215b31e65e95c37a25a10a0d3f3bf9",
    ),
    ("munchkin", "faster", 4, 5): (
        1142,
        "6ccb5fc27a47d01f42a510e2c6bac6c8b736fe423fe526bf63bef78f6d43770b",
        "073c82e9c9b20fa9c8d042d2ef54204b79b7f73c404c3c627fc9a339b0284d11",
        "dc646e813c577b6d424fe23774e2eab31fa17d51fdfcad7ca2bb3918413c01b7",
    ),
    ("munchkin", "epic", 3, 5): (
        1398,
        "30af3609464bd867c355f84a618bea0869be34da8a54a9ebcf004e6bfa4e3b28",
        "b1df1ed16cb1ef042c3ee3afeb641e9071f766f99a6db4b2e1e05f4e7f416581",
        "16012d4f1a3c5e407c2ac198c96202af5aeed88f13227dfed673f5083530112c",
    ),
    ("munchkin", "two-player", 2, 6): (
        572,
        "44d585d7d29fc37a6c4132282bdb74c2beb90ab4b72cc4916d27caed063c4573",
        "a81d60d79e90fefa9dab024869933d2844e5445df9494a83454a2b89022b2d83",
        "2a90a556252884428ac30bbdd23c2d3e8a471114bea16bd74d2fa0ff50cccfdf",
    ),
    ("munchkin", "base", 6, 3): (
        1218,
        "5fda0055e0161a0a75154757d86b040d09af3ed8cc9d2209f8775f34e6b16dba",
        "a3656b8701c420189ef8184b6ee19c4457743196017eee2016e2a00af7b6356f",
        "323f0416e49eed209348c67faa1c29244e0275c95c5213e1b93b2de4b1c97f63",
    ),
    ("tcg", "base", 3, 0): (
        197,
        "cc8945e4fff53f1fd47bec4e28d45a1e4273d66fb9015212fbc5c21fdf9cf685",
        "972a43d038499e6fd40d57f24b8760cf4a63757bd093ce1af23dc4e78204b393",
        "19acf547bee613d3d11df618f7041ad6c0a4e901bd58679a07c399bea3d63e05",
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
