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
        "364a7857889ca1b99ce6b095b9829020c1ffe3f3b015b8583a0226b57861e824",
        "61f0016cd6e6d3c5dfba50447ec9dd2b751ef6ead56edb827a4e816e726436fe",
        "1a8b229e652f7861d4106b1bb5b5662a81ad3f84dc1ffbe6e3d02eb1cdae18c3",
    ),
    ("munchkin", "faster", 4, 5): (
        1142,
        "6ce364f8d8ca5a0998266620be47ca40da488ade89eb4197b0ddb1012d7ba514",
        "86ba7c6969749b14a0f97bf38e7bc8f26538f7c4ac7bf1d8ed4d2c61762dd1b9",
        "822f274afe39ab810a10fbbed6f0ff2b7d00bd443c37a1b81f1e7e51a9d4f776",
    ),
    ("munchkin", "epic", 3, 5): (
        1398,
        "6969c2254d518109e5e6c8fd1eb75c85842a8b2405ac90ee643f868662cb33d6",
        "40240d579c7b2a7eb83d7e4ff48100e0e000be80ea6c660feb124d2ad1675b6d",
        "9d95bdc4d98526e3317531f789e4037a42bc8735fb8f4bae3946f92ecd4b6305",
    ),
    ("munchkin", "two-player", 2, 6): (
        572,
        "3eafa52d4e2b7b3d17ca39c157e49e95779bcaaf837680d9d1af592e84dd9d91",
        "6978b46102d5af37477b76fd93eb5dd204893e58ae0e096ddf3cda3e7b36990a",
        "db7e43b7d6481a04bf697254ff91757291db8d9fc4c8b2402f22c1698a5132b1",
    ),
    ("munchkin", "base", 6, 3): (
        1218,
        "4e6472b3d000ddd78eaca4ea00b6f67bac3b1f8930ab1aa5d7d5b1cb6399d8a0",
        "5ded9fb27feacf2f3a34f3cfeb3666ae25db8c36518b1b9830b465056df85135",
        "8b06f31f4ab89988e58faa758efdc3740429b5988c6794a6ea349b02f56bfe02",
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
        "0492cef617e612c17a168d9c3c45a13d247e07523f90b6ed67280df74a0e6b91",
    ),
    ("tcg", "christmas-town", 4, 3): (
        251,
        "5e42493afd967a2b771546672a79ae64ef5fc0781fe63919fca5ebd5c4f360e3",
        "c1a56e155ea01f77833687d3cf8ae0bddb4318c0c00af0822865874676d9dd26",
        "ac9ac9e82612da0fd69f85a874c6dc8d1561c6d7fba2570f9b16b670d7967901",
    ),
    ("funkoverse", "first-game", 2, 0): (
        1741,
        "b74319c0e79cd5cb56e93c3e990bcdbf87f85ff82f4e23980d788fdc7d490661",
        "5609c4865dadfc853185a8319ea8fbf3e371df3c4cfe879aa520a7f9d13d28b9",
        "a53e8edf376c3e327ca9aaad0016cd935a7b1a5b0ba1d8b54c43bc000632af11",
    ),
    ("funkoverse", "territory", 3, 1): (
        481,
        "1e74931bd161d62fb062198de51d2fab265dd94b128dbe04541b3feed01114f8",
        "5d6ce94779b50a0c1f7e14e42fe28484534cb1e62152edcb71951eac4a7b2561",
        "d7285fecba39a67cbede3ac8068e56c25da64c2f621d055dbb59be5d2cf1e6a4",
    ),
    ("funkoverse", "leaders", 4, 2): (
        1217,
        "2db8968460e22440485a2439f2d35f7e5f7d1b7d6994ec48025fd11b49af290e",
        "8a2377d786e7e71b6ee56c10cc09898188cc18f5dd955c00b0487b2a4a3bb6d3",
        "2406e3752cf5eb6c8e4635e3e79333f04dde6d6908e8356e414e15c1c2c43e72",
    ),
    ("funkoverse", "triumph", 3, 0): (
        843,
        "94302b690edfab906476cbe8d0ce549c19080338ef5bb4c5af99a08dacb9f594",
        "e9c374458862ad40adebd16870a3411c57ea742e3e6abe1cf965eb2377cd7d61",
        "f382d48c231e0402119dbaa0d37037b11c6aa08ed8dda3c48715cf995ea4e75c",
    ),
    ("funkoverse", "infiltrate", 2, 4): (
        497,
        "4f1c13056301e4d3d25a76210da4a80990f7af2f505cb71033ca00d69d5b225d",
        "0ba75dc139fb02e7d7df31272e2081cb96de0c5d6377a8a4a3eff536a36f7736",
        "afaf6f69218dcb4839a4050980318a285475308858ed6f547542a468f3cd9fca",
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
                copy._cache.seq = -1
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
