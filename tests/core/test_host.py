"""The plugin host: entry points, directly registered plugins, and broken ones."""

from importlib.metadata import EntryPoint

import pytest

from nbc.core import host as host_module
from nbc.core.errors import BadOptions
from nbc.core.hookspecs import hookimpl, hookspec
from nbc.core.host import PluginHost


def provides(*games, name="toy"):
    class Plugin:
        @staticmethod
        @hookimpl
        def nbc_games():
            return list(games)

    Plugin.__name__ = name
    return Plugin


def test_the_example_game_loads_through_its_entry_point():
    host = PluginHost.load()
    info = next(p for p in host.plugins if p.name == "trick-or-treat")
    assert "entry point trick-or-treat = trick_or_treat.plugin" in info.source
    assert info.games == ("trick-or-treat",)
    assert "random" in host.bots


def test_a_plugin_that_fails_to_import_is_reported_and_the_rest_load(monkeypatch):
    real = host_module.entry_points

    def with_broken(group):
        broken = EntryPoint(name="haunted", value="nbc_no_such_module.plugin", group=group)
        return [*real(group=group), broken]

    monkeypatch.setattr(host_module, "entry_points", with_broken)
    host = PluginHost.load()
    assert "trick-or-treat" in host.games
    [problem] = host.problems
    assert problem.plugin == "haunted"
    assert "failed to import" in problem.reason and "nbc_no_such_module" in problem.reason


def test_a_broken_game_is_refused_by_name_with_the_reason(example_game):
    class NoApply(type(example_game)):
        name = "no-apply"
        apply = type(example_game).__mro__[-2].apply  # back to the unimplemented base

    class BadName(type(example_game)):
        name = "Bad Name!"

    class NoVariants(type(example_game)):
        name = "no-variants"
        variants = {}

    host = PluginHost.load(extra=[provides(NoApply, BadName, NoVariants)], entry_points_=False)
    reasons = {p.reason for p in host.problems}
    assert any("'no-apply' refused" in r and "does not implement apply()" in r for r in reasons)
    assert any("'Bad Name!' refused" in r and "lowercase" in r for r in reasons)
    assert any("'no-variants' refused" in r and "at least one variant" in r for r in reasons)
    assert host.games == {}


def test_a_failing_hook_and_a_duplicate_name_are_reported(example_game):
    class Exploding:
        @staticmethod
        @hookimpl
        def nbc_games():
            raise RuntimeError("the cauldron boiled over")

    host = PluginHost.load(extra=[Exploding, provides(type(example_game), name="copycat")])
    reasons = [p.reason for p in host.problems]
    assert "nbc_games failed: RuntimeError: the cauldron boiled over" in reasons
    assert any("another plugin already provides a game named 'trick-or-treat'" in r for r in reasons)
    assert "trick-or-treat" in host.games


def test_a_variant_with_bad_options_is_refused(example_game):
    from nbc.core.game import Variant

    class BadPreset(type(example_game)):
        name = "bad-preset"
        variants = {"base": Variant("base", "Base", options={"rounds": 0})}

    host = PluginHost.load(extra=[provides(BadPreset)], entry_points_=False)
    assert "variant 'base' has bad options" in host.problems[0].reason


def test_a_plugin_can_declare_hooks_for_its_expansions():
    class BaseGameSpecs:
        @staticmethod
        @hookspec(firstresult=True)
        def toy_town_of(card):
            """Which town a card belongs to."""

    class BaseGame:
        @staticmethod
        @hookimpl
        def nbc_add_hookspecs(pm):
            pm.add_hookspecs(BaseGameSpecs)

    class Expansion:
        @staticmethod
        @hookimpl
        def toy_town_of(card):
            return "christmas" if card == "sandy-claws" else None

    host = PluginHost.load(extra=[Expansion, BaseGame], entry_points_=False)
    assert host.problems == []
    assert host.pm.hook.toy_town_of(card="sandy-claws") == "christmas"


def test_unknown_game_and_bot_errors_list_what_exists():
    host = PluginHost.load()
    with pytest.raises(BadOptions, match="no game 'chess'; the games are: .*trick-or-treat"):
        host.game("chess")
    with pytest.raises(BadOptions, match="no bot 'genius'; the bots are: random"):
        host.bot("genius")
