"""`nbc lint-cards`: every card definition checked before any match is played."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from nbc.api.cli import app

runner = CliRunner()

# an installed expansion plugin (module source) with one card whose `{field} = {value}`
EXPANSION = '''
from pathlib import Path

from nbc.core.game import Variant
from nbc.core.hookspecs import hookimpl

CARDS = Path(__file__).parent / "{name}-cards"
CARDS.mkdir(exist_ok=True)
(CARDS / "cards.toml").write_text("""
[[card]]
id = "{card}"
name = "Some Card"
kind = "character"
set = "{name}"
number = 1
rarity = "C"
text = "A test card."
{line}
""")


@hookimpl
def tcg_expansion():
    from nbc.plugins.tcg.hooks import Expansion

    variant = Variant("{name}", "{name}", options={{"expansions": ["{name}"]}})
    return Expansion("{name}", variant, sets=("{name}",), cards=CARDS)
'''

BROKEN = {
    "bad-op": EXPANSION.format(name="bad-op", card="drowsy-bat", line="on_play = [{ op = 'drow', n = 1 }]"),
    "bad-group": EXPANSION.format(
        name="bad-group", card="lost-bug", line='play_when = \'at("oogie-bogie", "oogies-lair") > 0\''
    ),
    "clash": EXPANSION.format(name="clash", card="devil", line=""),
    "bad-field": EXPANSION.format(name="bad-field", card="odd-bat", line="scare_when = 'pp() > 0'"),
}


def test_the_built_in_pools_pass():
    result = runner.invoke(app, ["lint-cards"])
    assert result.exit_code == 0, result.output
    assert "no problems" in result.output
    data = json.loads(runner.invoke(app, ["lint-cards", "tcg", "--json"]).output)
    (tcg,) = data["games"]
    assert tcg["game"] == "tcg" and tcg["problems"] == [] and tcg["cards"] > 200
    assert data["problems"] == 0


def test_it_finds_each_broken_expansion_with_its_file_card_field_and_the_nearest(installed_plugins):
    installed_plugins(BROKEN)
    result = runner.invoke(app, ["lint-cards", "tcg", "--json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    by_plugin: dict[str, list[str]] = {}
    for problem in data["games"][0]["problems"]:
        by_plugin.setdefault(problem["plugin"], []).append(problem["problem"])
    assert set(by_plugin) == set(BROKEN)
    (op,) = by_plugin["bad-op"]
    assert "bad-op-cards/cards.toml: card 'drowsy-bat', field 'on_play'" in op
    assert "did you mean 'draw'?" in op
    (group,) = by_plugin["bad-group"]
    assert "card 'lost-bug', field 'play_when'" in group and "did you mean 'oogie-boogie'?" in group
    (clash,) = by_plugin["clash"]
    assert "card 'devil', field 'id'" in clash
    (field,) = by_plugin["bad-field"]
    assert "scare_when" in field
    assert data["problems"] == 4
    shown = runner.invoke(app, ["lint-cards"])
    assert shown.exit_code == 1 and "4 problems" in shown.output


def test_an_unknown_game_is_refused():
    result = runner.invoke(app, ["lint-cards", "chess"])
    assert result.exit_code == 2
