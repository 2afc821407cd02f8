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
        "a641facff56ccc5d33025abc668c6d1638e4f90ac152b581a7984919c9be462d",
        "ed56fc9857e07914099156f03e0a22f3d06620fada3c7c7bbd22a373dab16303",
    ),
    ("munchkin", "faster", 4, 5): (
        473,
        "a04b29984ff31feb2a584b9c173debee87af7e3c776d058721d240c6dd76089f",
        "62602879cd86f810ab67f05d0ed5ebff316e2e708b1cab970c44d219205439f2",
        "b3a8f5fa71933322daae7147beb6650be3f47da78d1f0fb3aeee22f5ad15e80e",
    ),
    ("munchkin", "epic", 3, 5): (
        557,
        "b944201fe3c900ef8a458f84313e8a5587f98d003c001ba46bc5cb21fc36391a",
        "e1e8a0100a6048602e56a0dd04185fbc33b9f908d60335d9ef7652c984046bc4",
        "7b5a9d7a419f86476829662ca18c22a8e07bd0cc245ecd7ecb600535c220b751",
    ),
    ("munchkin", "two-player", 2, 6): (
        342,
        "9e62e0c3e6e1fdd807e955ff08c6e775393bf4fc2576e8507fa1b233abac0dae",
        "9c45533bdddbd684300c6e71d3bd7bddef96c0f7675365718b1222ee9488cb16",
        "a043d2f14bceece60f1fa62324b64777316188e9ca24bae8e6535d7c3f6a8d75",
    ),
    ("munchkin", "base", 6, 3): (
        909,
        "b14e6c2cedea8cafd1840f52ffb811cd8e79b626c89c5232494145ded365542c",
        "bb38b187a55a7de376acb83d4cdef610de896b4563d1c7948e425e130ce280c2",
        "5e0cb22a57106f038c7fddb1229a23062a934b93d8a6d37be4cf5dab061f3046",
    ),
    ("tcg", "base", 3, 0): (
        197,
        "159be595cc639b4b13c724d0b3473c8e23e15f555135ffd88d7afd700b1d19ee",
        "c7682c512dfa96e9a16855cd6b659003da5977c095fc30b8dd411c855088ff20",
        "ada84c1c4310677a611d85ddf3267499b841807767d09ff9dba64040d663b2ac",
    ),
    ("tcg", "base", 5, 2): (
        291,
        "53aa64030e4bf5c8e2eddbdb57b542698ab17165eb1c91eda0641c71934d47b0",
        "b0a42473772a6e1918a51061a8fea32d05d801a5a45d2200717d3efcf79f5740",
        "b750121eec4aff673ce0981df64eadb3f0d4bcafb3e08a4309eea8ef85f0c39e",
    ),
    ("tcg", "christmas-town", 2, 1): (
        110,
        "cb4120eb417eb0e618c93fdbe91afe99e4bfb6bd643b03237868ce150c678731",
        "d0618e93ef81f80d9c64c7dfc806747750058584ba6190f1734a5afbb9d62cee",
        "9cf9b62f763228eeab282ae6b2e2c610a74201a447a526a5e5560220620cbd5f",
    ),
    ("tcg", "christmas-town", 4, 3): (
        251,
        "e8f20d55f67cb4dc6561fe2e89f80bd5db6c009c4d52beebaedacb8a6d6d5e48",
        "d1488569c04b301b2788a4c78981c8e74ef087c5920441bd4eaf539ac6da1c13",
        "01a57ec3454e901f2d9a252a9fbdb665c1fb83c4969144cd9f06c0828eb869f3",
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
