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
        91,
        "31a332300dfd0ca8acfbaf1355f9cb4bc18b6b317f7d3261bc772b63536ffc1b",
        "730d95935a49fecb91b63b19c749722158a47d9d6c326e1c01ed841ce772ee64",
        "3a472d33d390355e1d9a967c99623c5b6ace2d2946dbb75e42efcc0e2544e93a",
    ),
    ("funkoverse", "territory", 3, 1): (
        200,
        "5a24d756854d59106d81539269c02d9128c53b2fd57c27452e56357de2909521",
        "18ea6e9528ba30f6aedde899cccd52c45bfea072761c31fbed3ab15335c56188",
        "462124d7afef26c93dca7026ac54bef138954ba46526e7c1216883eddd6e9b21",
    ),
    ("funkoverse", "leaders", 4, 2): (
        221,
        "8f0a0f09c9cb519425c2dfece8df676f2e66789bd06ea1257948b37e7d95d6d3",
        "4c9f3370afa98d86c768a8d1b62a9d63dedc4f5f8586f85fc7771885306e23e1",
        "0566ed44f7652b855390c7e50b724b6e7761b351f722f275e40854d73f920e50",
    ),
    ("funkoverse", "triumph", 3, 0): (
        182,
        "b149bed5d7985a44aead99937bb1a9c823e6c5cf499a088382973b9f0eef2060",
        "7bad837431e0e58dfb41f5efb487853a692babb4f736b4cce0dbe18bb051a644",
        "a4020a4c0f110fdabcbbf8be6d6fd1bb8fb4266c3db059967b7ffba5daade455",
    ),
    ("funkoverse", "infiltrate", 2, 4): (
        76,
        "981c793425605a24a80c573e99f84d34db66ce861ddb899c3d58de5ad521be9b",
        "6ff944fe54bae045c41cdeeefee89dbc152fc883da37ce2a1f486b8f8501179e",
        "ca49f898bd14cfce9d22bf7041954c04f0f8fbcff85afbcfcaff51c5b4bec783",
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
