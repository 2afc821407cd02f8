"""The map data, `nbc map show`, the typed GraphQL view and the sight benchmark."""

from __future__ import annotations

from typer.testing import CliRunner

from nbc.api.cli import app
from nbc.core.grid import Grid
from nbc.core.match import Match
from nbc.plugins.funkoverse.effects import MAP_CARDS, grid, map_text
from nbc.plugins.funkoverse.game import sight_benchmark
from nbc.plugins.funkoverse.schema import build


def test_each_map_side_has_four_starting_areas_and_its_scenario_squares():
    for name in MAP_CARDS:
        g = grid(name)
        assert Grid.parse(g.render()) == g and g.render() == map_text(name)
        glyphs = list(g.labels.values())
        for base in "rbgy":
            assert glyphs.count(base) == 6
        assert all(glyphs.count(m) == 1 for m in "ABCD")
    assert "T" in grid("oogie-boogies-lair").labels.values()
    assert list(grid("halloween-town").labels.values()).count("*") == 12


def test_nbc_map_show_draws_a_map_side():
    result = CliRunner().invoke(app, ["map", "show", "oogie-boogies-lair"])
    assert result.exit_code == 0
    assert "Oogie Boogie's Lair" in result.output and grid("oogie-boogies-lair").render() in result.output
    missing = CliRunner().invoke(app, ["map", "show", "christmas-town"])
    assert missing.exit_code == 2


def test_the_view_builds_the_typed_graphql_view(fk):
    match = Match.new(fk.GAME, "leaders", fk.preset("leaders", 2, None), players=2, seed=3)
    typed = build(match.view(0))
    assert typed.map.width == 12 and len(typed.pieces) == 7 and len(typed.sides) == 2
    assert typed.sides[0].cooldown[3].space == 4


def test_sight_benchmark_reports_median_times():
    figures = sight_benchmark(repeats=1)
    assert figures["pieces"] == 8 and 0 < figures["median_warm_us"] <= figures["median_cold_us"] * 10
