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
    with pytest.raises(BadOptions, match="no bot 'genius'; the bots are: .*ismcts, .*random"):
        host.bot("genius")


# A plugin with a mistake is left out on its own; every other plugin still loads.

BUILT_IN = {"tcg", "munchkin", "funkoverse"}


def still_works(host):
    """The built-in games and the example load, the TCG still has its expansion, and
    matches can be played."""
    from nbc.core.match import Match
    from nbc.core.playout import play_out
    from nbc.core.rng import Rng

    assert BUILT_IN | {"trick-or-treat"} <= set(host.games)
    assert "christmas-town" in host.games["tcg"].variants
    assert "random" in host.bots
    match = Match.new(host.game("trick-or-treat"), "short", players=2, seed=1)
    assert play_out(match, Rng(1)).finished and match.outcome() is not None
    for name in BUILT_IN:
        match = Match.new(host.game(name), seed=2)
        for step in range(20):
            if match.over:
                break
            play_out(match, Rng(step), max_steps=1, raise_on_limit=False)


def reasons_of(host, plugin):
    return [p.reason for p in host.problems if p.plugin == plugin]


def test_a_misspelt_hook_leaves_out_only_its_plugin():
    class Misspelt:
        @staticmethod
        @hookimpl
        def nbc_game():
            return []

    host = PluginHost.load(extra=[Misspelt])
    [reason] = reasons_of(host, "Misspelt")
    assert "'nbc_game' is marked @hookimpl, but no hook of that name is declared" in reason
    assert "did you mean 'nbc_games'?" in reason
    assert host.pm.get_plugin("Misspelt") is None  # unregistered
    assert "Misspelt" not in [p.name for p in host.plugins]
    assert [p.plugin for p in host.problems] == ["Misspelt"]
    still_works(host)


def test_every_kind_of_broken_installed_plugin_is_reported_and_the_rest_load(broken_plugins):
    host = PluginHost.load()
    assert "did you mean 'nbc_games'?" in reasons_of(host, "misspelt")[0]
    assert "failed to import" in reasons_of(host, "needs-missing")[0]
    assert "nbc_no_such_dependency" in reasons_of(host, "needs-missing")[0]
    assert reasons_of(host, "wrong-argument") == [
        "hook 'nbc_add_hookspecs' has no argument 'manager'; its arguments are: pm"
    ]
    loaded = [p.name for p in host.plugins]
    for broken in ("misspelt", "needs-missing", "wrong-argument"):
        assert broken not in loaded and host.pm.get_plugin(broken) is None
    # Forgetting @hookimpl is not an error: the plugin loads, adds nothing, and is warned about.
    assert "forgot-hookimpl" in loaded and "forgotten-treats" not in host.games
    [warning] = [w for w in host.warnings if w.plugin == "forgot-hookimpl"]
    assert "nbc_games is not marked @hookimpl" in warning.reason and "adds nothing" in warning.reason
    # The view type's name clash is the API's business (see tests/api): the game loads.
    assert "haunted-treats" in host.games
    assert {p.plugin for p in host.problems} == {"misspelt", "needs-missing", "wrong-argument"}
    still_works(host)


def test_a_plugin_with_no_hook_at_all_gets_a_warning():
    class Empty:
        def nbc_bots(self):
            return []

    class Nothing:
        pass

    host = PluginHost.load(extra=[Empty(), Nothing], entry_points_=False)
    assert host.problems == []
    warnings = {w.plugin: w.reason for w in host.warnings}
    assert "nbc_bots is not marked @hookimpl" in warnings["Empty"]
    assert "probably forgot @hookimpl" in warnings["Nothing"]
    assert {"Empty", "Nothing"} <= {p.name for p in host.plugins}


def test_a_hook_function_left_unmarked_beside_marked_ones_gets_a_warning(example_game):
    class Half:
        @staticmethod
        @hookimpl
        def nbc_games():
            return [type(example_game)]

        @staticmethod
        def nbc_bots():
            return []

    host = PluginHost.load(extra=[Half], entry_points_=False)
    assert host.problems == [] and "trick-or-treat" in host.games
    [warning] = host.warnings
    assert "nbc_bots is named like a hook but not marked @hookimpl" in warning.reason


def test_a_hook_declared_late_by_a_game_is_not_a_misspelling():
    host = PluginHost.load()
    assert host.problems == []
    assert "christmas_town" in [p.name for p in host.plugins]
    expansions = [impl.plugin_name for impl in host.pm.hook.tcg_expansion.get_hookimpls()]
    assert expansions == ["christmas_town"]
    still_works(host)


def test_a_wrong_argument_name_in_a_late_hook_blames_the_expansion_not_the_game():
    class SloppyExpansion:
        @staticmethod
        @hookimpl
        def tcg_locale_active(g, st, seat, kk):
            return None

    host = PluginHost.load(extra=[SloppyExpansion])
    [problem] = host.problems
    assert problem.plugin == "SloppyExpansion"
    assert problem.reason == (
        "hook 'tcg_locale_active' has no argument 'kk' (did you mean 'k'?); its arguments are: g, st, seat, k"
    )
    assert host.pm.get_plugin("SloppyExpansion") is None
    still_works(host)


def test_an_expansion_without_its_game_is_left_out_with_a_hint():
    host = PluginHost.load(disabled=["tcg"])
    [problem] = host.problems
    assert problem.plugin == "christmas_town"
    assert "no hook of that name is declared" in problem.reason
    assert "known only while that game's plugin loads" in problem.reason
    assert {"munchkin", "funkoverse", "trick-or-treat"} <= set(host.games)


def test_a_wrong_argument_name_in_a_known_hook_is_refused_before_registering():
    class Sloppy:
        @staticmethod
        @hookimpl
        def nbc_add_hookspecs(plugin_manager):
            pass

    host = PluginHost.load(extra=[Sloppy], entry_points_=False)
    assert host.problems[0].reason == (
        "hook 'nbc_add_hookspecs' has no argument 'plugin_manager'; its arguments are: pm"
    )
    assert host.pm.get_plugin("Sloppy") is None


def test_a_plugin_that_exits_on_import_is_reported(installed_plugins):
    installed_plugins({"quitter": "raise SystemExit('no')\n"})
    host = PluginHost.load()
    assert "failed to import: SystemExit" in reasons_of(host, "quitter")[0]
    assert set(host.games) >= BUILT_IN


def test_builtin_only_loads_the_entry_points_of_nbc_rules_alone():
    host = PluginHost.load(builtin_only=True)
    assert set(host.games) == BUILT_IN
    assert "trick-or-treat" not in [p.name for p in host.plugins]


def test_loading_the_games_does_not_load_the_graphql_stack():
    """Only the API asks plugins for their GraphQL types; every installed plugin (the
    example game too) imports its strawberry types inside that hook, so a program
    that only plays carries no GraphQL objects for the garbage collector to walk."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from nbc.core.host import PluginHost\n"
        "host = PluginHost.load()\n"
        "assert len(host.games) >= 4, sorted(host.games)\n"
        "print(sorted(m for m in ('strawberry', 'graphql', 'starlette', 'nbc.api') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


# --- compiled hook implementations -------------------------------------------------------
# pluggy registers Python functions only and reads their argument names from their code;
# `@hookimpl` turns a compiled function into a Python twin that calls it.


def test_a_python_twin_takes_the_same_arguments_and_calls_through():
    import pluggy

    from nbc.core.hookspecs import python_twin

    def price(g, st, seat, bonus=0):
        """The price."""
        return (g, st, seat, bonus)

    twin = python_twin(price)
    assert twin.compiled is price and twin.__name__ == "price" and twin.__doc__ == "The price."
    assert pluggy._hooks.varnames(twin) == (("g", "st", "seat"), ("bonus",))
    assert twin(1, 2, 3) == (1, 2, 3, 0) and twin(1, 2, seat=3, bonus=4) == (1, 2, 3, 4)

    def keyword_only(g, *, st):
        return None

    with pytest.raises(TypeError, match="plain parameters only"):
        python_twin(keyword_only)


def test_compiled_hook_implementations_register_with_their_argument_names():
    from nbc import _compiled
    from nbc.plugins.christmas_town import rules

    compiled = rules.tcg_locale_active.__dict__.get("compiled")
    if compiled is None:
        assert not _compiled.active(), "a compiled build runs, without Christmas Town's rules"
        pytest.skip("the interpreted modules run (no compiled build)")
    host = PluginHost.load()
    assert not host.problems
    (impl,) = [i for i in host.pm.hook.tcg_locale_active.get_hookimpls() if i.plugin_name == "christmas_town"]
    assert impl.argnames == ("g", "st", "seat", "k") and impl.function.compiled is compiled
    # and the TCG's hook callers call the compiled function itself
    game = host.games["tcg"]
    bound = game.rules.hooks.of(type("St", (), {"expansions": ["christmas-town"]})())
    assert bound.locale_active is compiled
