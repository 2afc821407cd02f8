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
        481,
        "23eb5e2923e46010611bd0693c1f6e55270aaa09d96179b3726e88f2ee636dbf",
        "730d85df947f5d847a3c06b8fdf5abdc221d7f5cf77f1a8d7a4b12b2f59ad7c9",
        "317b9acef2017b2e4fee65a5e42b6c70496e4d861f3134fd1218770eac1b2af0",
    ),
    ("munchkin", "faster", 4, 5): (
        473,
        "a04b29984ff31feb2a584b9c173debee87af7e3c776d058721d240c6dd76089f",
        "e63e96ddc39ed60d565c2117f09d007977568b3eff377b945e630a61bb4e2f72",
        "7e6a8e668943bd26465ab33f60f1d056eb0ee0b959909e475da97e4956d513f8",
    ),
    ("munchkin", "epic", 3, 5): (
        557,
        "b944201fe3c900ef8a458f84313e8a5587f98d003c001ba46bc5cb21fc36391a",
        "e2c7a3a90db3f73af9650c98bb4d2c111ac1bf23bdee6fade1afc9adfeaa7d67",
        "d8915ac5660a92efb4fe510219cf7e8553503c1f36ab75a094e1214e5df82034",
    ),
    ("munchkin", "two-player", 2, 6): (
        342,
        "9e62e0c3e6e1fdd807e955ff08c6e775393bf4fc2576e8507fa1b233abac0dae",
        "49592688be231cab74a2df5a26a4f7f94a4f22efda628ec3b076ac516ac09d00",
        "89c0814f6d4748432bee8db60f3c6f7d2e703c6c38407747f558ff8b7f8cd1d1",
    ),
    ("munchkin", "base", 6, 3): (
        909,
        "b14e6c2cedea8cafd1840f52ffb811cd8e79b626c89c5232494145ded365542c",
        "49ccd689aa05715b9e45b0c21b6594566051e7d6a91481f016b9a2623f43bc64",
        "d7a62a5c8a915599f7bdcb88adc4556932821ab076a37f596a8c950468a03324",
    ),
    ("tcg", "base", 3, 0): (
        184,
        "d4a2eca6c50a0e6c99bcd40b918857ef0839bb88ca1a18b029d98bc31cce6a2c",
        "e52354198494a7871b6168f7ee9fbde424f22f3707675828b832c7d2ecabe623",
        "fd279cc0af10fec6876b2c7789e1c59863f7255ff1dfcab1bb776c298bb174fc",
    ),
    ("tcg", "base", 5, 2): (
        302,
        "18898665ffe3734ba9bb63a8603f30ec3d2df770a1170066b1e0a7bf7c2e47c5",
        "80eaf5462b06909d188895f0fc2e8cb9f3767b15cdc0feafa64e2327ae5a3f7d",
        "9bc140ac140495123db7895f108b12275a8b5f6be637e10179c5783f2f867fcd",
    ),
    ("tcg", "christmas-town", 2, 1): (
        109,
        "7bf3b8145b842b335313405c9c86688dde2b058f3fb03319a2764e7e9367e2ba",
        "68de8b5604ba811332b300568480a058359f365071d2ddd6dd09d25745d15363",
        "193789f7f45d3156afd5a8a10b82ec5281aed4a17e13be7699ddad21eac9be57",
    ),
    ("tcg", "christmas-town", 4, 3): (
        260,
        "44775e28718225a36efcecd47661cecc9b453c62c929ecafe0c6736d003a51e4",
        "0c4c3d9810b6ec9d2cce38400cd7bbe9444327f5257666231b5a1d791ab00d04",
        "f30ab1dc49074d73d751df1e13448fdf4bb4dec7fb97c9048e32fb7096bf6ce8",
    ),
    ("funkoverse", "first-game", 2, 0): (
        91,
        "31a332300dfd0ca8acfbaf1355f9cb4bc18b6b317f7d3261bc772b63536ffc1b",
        "528f5f55e4cd1d54b0f673c39e2238f3ad9f0ca74ea67f99bcbf30cde7b52c95",
        "e966a4a721c5acb46b729eaf0cb3865a62dece5a93668bad4a1b45aab5073392",
    ),
    ("funkoverse", "territory", 3, 1): (
        200,
        "5a24d756854d59106d81539269c02d9128c53b2fd57c27452e56357de2909521",
        "a17a721b5a7c1444fe6280b70be9cd8f65d162c2f8f1f6491dc8994da3aff22d",
        "b4eee0378432c2642013522164e233884f43a0e290aa6636d12465d85f02055a",
    ),
    ("funkoverse", "leaders", 4, 2): (
        221,
        "8f0a0f09c9cb519425c2dfece8df676f2e66789bd06ea1257948b37e7d95d6d3",
        "472d67016e7c0407b305e93a61966d385d98436845cd345dd4dd721225a9c7be",
        "03762d3eef8a1079989d0191d204afa81e64c86890abb4efce66ce27692a55bc",
    ),
    ("funkoverse", "triumph", 3, 0): (
        182,
        "b149bed5d7985a44aead99937bb1a9c823e6c5cf499a088382973b9f0eef2060",
        "4ea95c4c058da32ae77c570fff9cf384e2ceafbba219161d3f330f5bd549fec3",
        "71fdc55a923820b163fa18dbcaeb8a435d86e5d4e813c7d9a8c0fc504373ee71",
    ),
    ("funkoverse", "infiltrate", 2, 4): (
        76,
        "981c793425605a24a80c573e99f84d34db66ce861ddb899c3d58de5ad521be9b",
        "d917281cfe79d2d28ad3d2fb30fcea34406aec1d77516614f842a3950c996edd",
        "87385ec7e6d9a877eb0c598746adf03404a87893fac437d6ac5314f7fe1f808d",
    ),
    ("trick-or-treat", "base", 3, 0): (
        15,
        "a588acbdcec2ddb33350fdb2eb7fa8dd7b03d0051c27fc39c43c50c10395af0c",
        "b514cd1bfd9bd407aa70f12e69d52c3c789c673cc56ff662620195ac12fc5300",
        "1f3d40bac96f0e8285f0ab954cc6cb8a781f0af878f3e8cdf35cbc0dff0d1c4b",
    ),
    ("trick-or-treat", "short", 2, 1): (
        4,
        "5da81b78e6e744ecd2d0632b446242eb4dee452138d2189ebe13afb15a78b2d1",
        "bd971f3d01f567d8f24918343fef2d5c122a35d48798d056dfe9a3a12483ab73",
        "ddcdb6ba4f9ab553cb0c3313c480650c983dc2405725a567efb603646e27a7b2",
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
