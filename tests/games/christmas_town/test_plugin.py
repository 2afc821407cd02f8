"""The expansion is a plugin of its own: present, or disabled and gone without a trace."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from nbc.api.cli import app
from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.rng import Rng


def _play_out(match: Match, seed: int = 0, limit: int = 5000) -> None:
    rng = Rng(seed)
    for _ in range(limit):
        if match.outcome() is not None:
            return
        prompt = match.prompts()[0]
        match.act(prompt.seat, prompt.choices[rng.below(len(prompt.choices))].id)
    raise AssertionError("the match did not finish")


def test_the_variant_is_offered_and_plays_to_the_end():
    tcg = PluginHost.load(disabled=[]).game("tcg")
    assert "christmas-town" in tcg.variants
    match = Match.new(tcg, "christmas-town", {"days": 4}, players=2, seed=3)
    assert match.state.expansions == ["christmas-town"]
    assert [p.deck_name for p in match.state.players] == ["mrs-claus-pie-factory", "the-minion-engine"]
    _play_out(match)


def test_ready_decks_are_chosen_by_name():
    tcg = PluginHost.load(disabled=[]).game("tcg")
    match = Match.new(tcg, "christmas-town", {"decks": ["the-minion-engine", "jack"]}, players=2, seed=1)
    assert [p.deck_name for p in match.state.players] == ["the-minion-engine", "jack"]


def test_disabling_the_plugin_leaves_the_base_game_working():
    host = PluginHost.load(disabled=["christmas_town"])
    assert "christmas_town" in host.blocked
    tcg = host.game("tcg")
    assert "christmas-town" not in tcg.variants
    assert "the-bakery" not in tcg.defs
    _play_out(Match.new(tcg, "base", {"days": 3}, players=2, seed=5))


def test_nbc_games_drops_the_variant_when_disabled(monkeypatch):
    runner = CliRunner()
    shown = json.loads(runner.invoke(app, ["games", "--json"]).output)
    assert "christmas-town" in [v["name"] for v in next(g for g in shown if g["name"] == "tcg")["variants"]]
    monkeypatch.setenv("NBC_DISABLE_PLUGINS", "christmas_town")
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    variants = [
        v["name"] for v in next(g for g in json.loads(result.output) if g["name"] == "tcg")["variants"]
    ]
    assert variants == ["base"]


def _parameters(cls: type, name: str) -> list[str]:
    """The parameter names of `cls.name`, read from its source when it is compiled (a
    compiled method carries no signature)."""
    import ast
    import inspect

    from nbc import _build

    try:
        return list(inspect.signature(getattr(cls, name)).parameters)
    except ValueError:
        pass
    compiled = _build.sources()  # each compiled module's source file
    for klass in cls.__mro__:
        path = compiled.get(klass.__module__)
        if path is None:
            continue
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ClassDef) and node.name == klass.__name__:
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == name:
                        a = item.args
                        return [x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs]]
    raise AssertionError(f"{cls.__name__}.{name}: no signature and no source found")


def test_the_expansion_reaches_the_tcg_only_through_its_documented_interface():
    """Christmas Town calls only the rules object's members listed in `api.TcgApi`, and
    imports from the TCG only its hooks and api modules."""
    import inspect
    import re
    from pathlib import Path

    from nbc.plugins.tcg import api
    from nbc.plugins.tcg.rules import Rules

    listed = api.members()
    for name in listed - {"defs"}:
        assert callable(getattr(Rules, name)), name
        offered = list(inspect.signature(getattr(api.TcgApi, name)).parameters)
        real = _parameters(Rules, name)
        assert real[: len(offered)] == offered, f"{name}: the API says {offered}, the rules take {real}"
    folder = Path(__file__).parents[3] / "plugins" / "christmas_town"
    for path in folder.glob("*.py"):
        source = path.read_text()
        used = set(re.findall(r"\bg\.(\w+)", source))
        assert used <= listed, f"{path.name} uses {sorted(used - listed)}, which the TCG's API does not offer"
        imported = set(re.findall(r"from nbc\.plugins\.tcg(\.\w+)? import", source))
        assert imported <= {".api", ".hooks"}, f"{path.name} imports from {sorted(imported)}"
