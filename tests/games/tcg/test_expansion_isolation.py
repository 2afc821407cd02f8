"""One bad expansion never takes the TCG down: each is loaded and checked on its own,
and one with a wrong card is left out and reported as its own plugin's problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from nbc.core.game import Variant
from nbc.core.hookspecs import hookimpl
from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.rng import Rng
from nbc.core.testkit.checks import Case, check_case
from nbc.plugins.tcg.hooks import Expansion

CARD = """
[[card]]
id = "{id}"
name = "{name}"
kind = "character"
set = "{set}"
number = 1
rarity = "C"
text = "A test card."
{extra}
"""


class ToyExpansion:
    """An expansion plugin with one card file, written to `folder`."""

    def __init__(self, name: str, folder: Path, cards: list[dict[str, str]]) -> None:
        self.__name__ = f"toy_{name.replace('-', '_')}"  # the plugin's name in the host
        self.name = name
        self.cards = folder / name / "cards"
        self.cards.mkdir(parents=True)
        text = "".join(CARD.format(set=name, extra="", **card) if "extra" not in card else
                       CARD.format(set=name, **card) for card in cards)  # fmt: skip
        self.file = self.cards / "cards.toml"
        self.file.write_text(text)

    @hookimpl
    def tcg_expansion(self):
        variant = Variant(self.name, self.name.title(), options={"expansions": [self.name]})
        return Expansion(self.name, variant, sets=(self.name,), cards=self.cards)


def bad_op(folder: Path) -> ToyExpansion:
    extra = 'on_play = [{ op = "drow", n = 1 }]'
    return ToyExpansion("bad-op", folder, [{"id": "drowsy-bat", "name": "Drowsy Bat", "extra": extra}])


def bad_group(folder: Path) -> ToyExpansion:
    extra = "play_when = \"at('oogie-bogie', 'oogies-lair') > 0\""
    return ToyExpansion("bad-group", folder, [{"id": "lost-bug", "name": "Lost Bug", "extra": extra}])


def clash(folder: Path) -> ToyExpansion:
    return ToyExpansion("clash", folder, [{"id": "devil", "name": "Another Devil"}])


def good(folder: Path) -> ToyExpansion:
    extra = "play_when = \"in_town('jack-skellington', 'any') == 0\""
    return ToyExpansion("good", folder, [{"id": "fine-bat", "name": "Fine Bat", "extra": extra}])


@pytest.fixture
def host(tmp_path: Path) -> PluginHost:
    return PluginHost.load(extra=[bad_op(tmp_path), bad_group(tmp_path), clash(tmp_path), good(tmp_path)])


def problems_of(host: PluginHost, plugin: str) -> list[str]:
    return [p.reason for p in host.problems if p.plugin == plugin]


def test_each_bad_expansion_is_left_out_and_blamed_on_its_own_plugin(host, tmp_path):
    tcg = host.game("tcg")
    for name in ("bad-op", "bad-group", "clash"):
        assert name not in tcg.expansions and name not in tcg.variants
    assert not problems_of(host, "tcg")  # nothing is blamed on the TCG
    (op,) = problems_of(host, "toy_bad_op")
    assert str(tmp_path / "bad-op" / "cards" / "cards.toml") in op
    assert "card 'drowsy-bat'" in op and "field 'on_play'" in op
    assert "unknown op 'drow'" in op and "did you mean 'draw'?" in op
    (group,) = problems_of(host, "toy_bad_group")
    assert "card 'lost-bug'" in group and "field 'play_when'" in group
    assert "'oogie-bogie' is no group, card id or kind" in group and "did you mean 'oogie-boogie'?" in group
    (clashing,) = problems_of(host, "toy_clash")
    assert "card 'devil'" in clashing and "field 'id'" in clashing and "a base card's already" in clashing
    assert "drowsy-bat" not in tcg.defs and "lost-bug" not in tcg.defs
    assert tcg.defs["devil"].name == "Devil"  # the base card, not the clashing one


def test_the_base_game_a_good_expansion_and_christmas_town_load_and_play_on(host):
    tcg = host.game("tcg")
    assert {"base", "christmas-town", "good"} <= set(tcg.variants)
    assert "fine-bat" in tcg.defs and not problems_of(host, "toy_good")
    for variant in ("base", "christmas-town"):
        match = Match.new(tcg, variant, players=2, seed=5)
        rng = Rng("isolation")
        for _ in range(20_000):
            if match.over:
                break
            prompt = match.prompts()[0]
            match.act(prompt.seat, prompt.choices[rng.below(len(prompt.choices))].id)
        assert match.over and match.outcome() is not None


def test_the_kit_passes_a_base_case_with_bad_expansions_installed(host):
    report = check_case(Case(host.game("tcg"), "base", 2), seeds=range(1))
    assert report.playouts == 1


def test_the_problems_show_in_nbc_plugins_terms(host):
    reasons = {p.plugin for p in host.problems}
    assert {"toy_bad_op", "toy_bad_group", "toy_clash"} <= reasons
    assert all(p.source == "registered directly" for p in host.problems if p.plugin.startswith("toy_"))


def test_an_expansion_whose_hook_raises_is_its_own_problem(tmp_path):
    class Raising:
        __name__ = "raising"

        @hookimpl
        def tcg_expansion(self):
            raise RuntimeError("no data here")

    host = PluginHost.load(extra=[Raising()])
    (reason,) = problems_of(host, "raising")
    assert "no data here" in reason
    assert "christmas-town" in host.game("tcg").variants


@pytest.mark.parametrize(
    ("expression", "hint"),
    [
        ("in_town('jak', 'any') > 0", "'jak' is no group, card id or kind"),
        ("in_town('jack-skellington', 'halloweentwn') > 0", "did you mean 'halloweentown'?"),
        ("minee('sally') > 0", "unknown function 'minee'; did you mean 'mine'?"),
        ("here_is('jacks-hose')", "did you mean 'jacks-house'?"),
        ("has_keyword(self_card(), 'immun')", "did you mean 'immune'?"),
    ],
)
def test_a_misspelt_name_in_an_expression_is_refused_with_the_nearest(tmp_path, expression, hint):
    extra = f'play_when = "{expression}"'
    toy = ToyExpansion("typo", tmp_path, [{"id": "typo-bat", "name": "Typo Bat", "extra": extra}])
    host = PluginHost.load(extra=[toy])
    (reason,) = problems_of(host, "toy_typo")
    assert hint in reason and "field 'play_when'" in reason
    assert "typo" not in host.game("tcg").expansions
