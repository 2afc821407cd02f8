"""Munchkin card sets from other packages (`munchkin_card_set`, docs/games/munchkin.md
"Card sets"): a set plays only when a match names it, a base match does not change with
sets installed, and a broken set is left out with its problems named while Munchkin and
the other sets carry on."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

from nbc.core.errors import BadOptions
from nbc.core.game import Variant
from nbc.core.hookspecs import hookimpl
from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.playout import bot_step
from nbc.core.rng import Rng
from nbc.plugins.munchkin.cards import ALL, CARDS
from nbc.plugins.munchkin.game import Munchkin
from nbc.plugins.munchkin.hooks import CardSet

GOOD = """
[[card]]
id = "lantern-ghost"
name = "Lantern Ghost"
deck = "door"
kind = "monster"
level = 2
treasures = 1
text = "A test monster. Bad Stuff: lose a level."
bad_stuff = [{ op = "lose_levels", n = 1 }]

[[card]]
id = "lantern-wick"
name = "Lantern Wick"
deck = "treasure"
kind = "item"
slot = "hand"
bonus = 1
gold = 100
copies = 2
text = "1 Hand, +1."
"""


def card_set_plugin(tmp_path: Path, name: str, files: dict[str, str], variant: bool = True):
    """A plugin module adding card set `name`, whose folder holds `files`."""
    folder = tmp_path / name
    folder.mkdir()
    for file, text in files.items():
        (folder / file).write_text(text)
    module = types.ModuleType(f"set_{name.replace('-', '_')}")

    @hookimpl
    def munchkin_card_set():
        preset = Variant(name, f"With {name}", options={"sets": [name]}, players=range(3, 7))
        return CardSet(name=name, title=f"The {name} set", cards=folder, variant=preset if variant else None)

    module.munchkin_card_set = munchkin_card_set
    return module


def host_with(*plugins) -> PluginHost:
    return PluginHost.load(extra=list(plugins), builtin_only=True, disabled=[])


def playout(game, variant: str, options: dict | None, seed: int, steps: int) -> Match:
    match = Match.new(game, variant, options, 3, seed)
    rng = Rng(f"sets:{seed}")
    for _ in range(steps):
        if not bot_step(match, rng):
            break
    return match


def test_a_good_set_loads_with_its_name_on_each_card_and_offers_its_variant(tmp_path):
    host = host_with(card_set_plugin(tmp_path, "lanterns", {"cards.toml": GOOD}))
    assert not host.problems
    game = host.game("munchkin")
    loaded = game.card_sets["lanterns"]
    assert list(loaded.cards) == ["lantern-ghost", "lantern-wick"]
    assert {c.card_set for c in loaded.cards.values()} == {"lanterns"}
    assert "lanterns" in game.variants and "base" in game.variants
    assert "lantern-ghost" not in CARDS and "lantern-ghost" in ALL  # the base pool stays as it was
    listed = {c.id: c for c in game.catalogue()}
    assert listed["lantern-wick"].set == "The lanterns set" and listed["lantern-wick"].copies == 2
    assert game.coverage("lanterns").keys() == CARDS.keys() | {"lantern-ghost", "lantern-wick"}
    assert game.coverage("base").keys() == CARDS.keys()


def test_the_set_plays_only_in_a_match_that_names_it(tmp_path):
    game = host_with(
        card_set_plugin(tmp_path, "lanterns-b", {"cards.toml": GOOD.replace("lantern", "lamp")})
    ).game("munchkin")
    base = Match.new(game, "base", None, 3, 4)
    assert not {"lamp-ghost", "lamp-wick"} & set(base.state.cards.values())
    assert "sets" not in base.header.options
    opted = Match.new(game, "base", {"sets": ["lanterns-b"]}, 3, 4)
    held = sorted(d for d in opted.state.cards.values() if d.startswith("lamp-"))
    assert held == ["lamp-ghost", "lamp-wick", "lamp-wick"]
    assert opted.header.options["sets"] == ["lanterns-b"]
    by_variant = Match.new(game, "lanterns-b", None, 3, 4)
    assert sorted(d for d in by_variant.state.cards.values() if d.startswith("lamp-")) == held
    played = playout(game, "lanterns-b", None, 4, 300)
    again = Match.replay(game, played.header, played.log)
    assert again.fingerprint() == played.fingerprint()


def test_an_unknown_set_or_a_set_card_not_opted_in_is_refused(tmp_path):
    game = host_with(
        card_set_plugin(tmp_path, "lanterns-c", {"c.toml": GOOD.replace("lantern", "lumen")})
    ).game("munchkin")
    with pytest.raises(BadOptions, match=r"no card set called 'nope' \(known: lanterns-c\)"):
        Match.new(game, "base", {"sets": ["nope"]}, 3, 1)
    with pytest.raises(BadOptions, match="not name in 'sets'"):
        Match.new(
            game, "base", {"cards": {**{c.id: c.copies for c in CARDS.values()}, "lumen-ghost": 1}}, 3, 1
        )
    with pytest.raises(BadOptions, match="more than once"):
        Match.new(game, "base", {"sets": ["lanterns-c", "lanterns-c"]}, 3, 1)
    with pytest.raises(BadOptions, match=r"known: none installed"):
        Match.new(Munchkin(), "base", {"sets": ["lanterns-c"]}, 3, 1)


def test_a_base_match_is_unchanged_with_a_set_installed(tmp_path):
    game = host_with(
        card_set_plugin(tmp_path, "lanterns-d", {"c.toml": GOOD.replace("lantern", "glim")})
    ).game("munchkin")
    for variant, seed in (("base", 0), ("faster", 5)):
        plain = playout(Munchkin(), variant, None, seed, 150)
        with_set = playout(game, variant, None, seed, 150)
        assert with_set.header == plain.header
        assert with_set.fingerprint() == plain.fingerprint()
        assert with_set.game.state_json(with_set.state) == plain.game.state_json(plain.state)


BROKEN = {
    "an unknown field": (
        GOOD.replace("gold = 100", "gold = 100\nshine = 3"),
        ["cards.toml", "card 'lantern-wick'", "field 'shine'"],
    ),
    "a number out of range": (
        GOOD.replace("level = 2", "level = -2"),
        ["cards.toml", "card 'lantern-ghost'", "field 'level'"],
    ),
    "an id of a base card": (
        GOOD.replace('id = "lantern-ghost"', 'id = "jewel-finkelstein"'),
        ["cards.toml", "card 'jewel-finkelstein'", "field 'id'", "the base cards"],
    ),
    "a name of a base card": (
        GOOD.replace('name = "Lantern Ghost"', 'name = "Jewel Finkelstein"'),
        ["cards.toml", "card 'lantern-ghost'", "field 'name'"],
    ),
    "too many copies": (
        GOOD.replace("copies = 2", "copies = 11"),
        ["cards.toml", "card 'lantern-wick'", "field 'copies'"],
    ),
    "a card_set of its own": (
        GOOD.replace("copies = 2", 'copies = 2\ncard_set = "mine"'),
        ["cards.toml", "card 'lantern-wick'", "field 'card_set'"],
    ),
    "malformed TOML": (GOOD.replace("[[card]]", "[[card]", 1), ["cards.toml", "not valid TOML"]),
}


@pytest.mark.parametrize("why", BROKEN)
def test_a_broken_set_is_left_out_and_named_while_munchkin_and_other_sets_carry_on(tmp_path, why):
    text, named = BROKEN[why]
    slug = why.lower().replace(" ", "-").replace("_", "-")
    prefix = f"bad{list(BROKEN).index(why)}"
    broken = card_set_plugin(tmp_path, f"broken-{slug}"[:40], {"cards.toml": text.replace("lantern", prefix)})
    good = card_set_plugin(
        tmp_path, f"fine-{slug}"[:40], {"cards.toml": GOOD.replace("lantern", f"ok{prefix}")}
    )
    host = host_with(broken, good)
    [problem] = [p for p in host.problems if p.plugin == broken.__name__]
    for part in named:
        assert part.replace("lantern", prefix) in problem.reason, problem.reason
    assert "munchkin card set left out" in problem.reason
    game = host.game("munchkin")
    assert list(game.card_sets) == [f"fine-{slug}"[:40]]
    assert f"broken-{slug}"[:40] not in game.variants
    assert not any(c.id.startswith(prefix) for c in game.catalogue())
    assert [p.plugin for p in host.problems] == [broken.__name__]
    assert (
        playout(game, "base", None, 2, 60).fingerprint()
        == playout(Munchkin(), "base", None, 2, 60).fingerprint()
    )
    playout(game, f"fine-{slug}"[:40], None, 2, 60)


def test_two_sets_may_not_share_a_card_id_or_a_name(tmp_path):
    first = card_set_plugin(tmp_path, "twin-one", {"a.toml": GOOD.replace("lantern", "twin")})
    second = card_set_plugin(tmp_path, "twin-two", {"a.toml": GOOD.replace("lantern", "twin")})
    third = card_set_plugin(tmp_path, "twin-one-again", {"a.toml": GOOD}, variant=False)
    third_info = third.munchkin_card_set()
    renamed = types.ModuleType("set_renamed")

    @hookimpl
    def munchkin_card_set():
        return CardSet(name="twin-one", title="Again", cards=third_info.cards)

    renamed.munchkin_card_set = munchkin_card_set
    host = host_with(first, second, renamed)
    game = host.game("munchkin")
    assert list(game.card_sets) == ["twin-one"]
    reasons = {p.plugin: p.reason for p in host.problems}
    assert "field 'id': already the id of a card of card set 'twin-one'" in reasons["set_twin_two"]
    assert "another plugin already adds a card set of that name" in reasons["set_renamed"]


def test_a_set_whose_variant_does_not_name_it_or_takes_a_base_name_is_left_out(tmp_path):
    folder = tmp_path / "v"
    folder.mkdir()
    (folder / "c.toml").write_text(GOOD.replace("lantern", "vary"))
    plugins = []
    for label, preset in (
        ("clash", Variant("epic", "Mine", options={"sets": ["vary-a"]})),
        ("unnamed", Variant("vary-b", "Mine")),
    ):
        module = types.ModuleType(f"set_vary_{label}")
        name = "vary-a" if label == "clash" else "vary-b"

        def make(name=name, preset=preset):
            @hookimpl
            def munchkin_card_set():
                return CardSet(name=name, title=name, cards=folder, variant=preset)

            return munchkin_card_set

        module.munchkin_card_set = make()
        plugins.append(module)
    host = host_with(*plugins)
    reasons = {p.plugin: p.reason for p in host.problems}
    assert "its variant 'epic' is already a variant of munchkin" in reasons["set_vary_clash"]
    assert "must name the set in its options" in reasons["set_vary_unnamed"]
    game = host.game("munchkin")
    assert not game.card_sets and game.variants["epic"].title == "Epic (authored): to Level 20"
