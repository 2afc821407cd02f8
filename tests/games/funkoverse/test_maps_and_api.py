"""The map data, `nbc map show`, the typed GraphQL view and the sight benchmark."""

from __future__ import annotations

from collections import deque

from typer.testing import CliRunner

from nbc.api.cli import app
from nbc.core.grid import Grid
from nbc.core.match import Match
from nbc.core.testkit.ruletests import shows
from nbc.plugins.funkoverse.effects import MAP_CARDS, grid, map_text
from nbc.plugins.funkoverse.game import sight_benchmark
from nbc.plugins.funkoverse.schema import build


@shows("funkoverse.map.sides")
def test_each_map_side_has_its_starting_areas_and_its_scenario_squares():
    for name in MAP_CARDS:
        g = grid(name)
        assert Grid.parse(g.render()) == g and g.render() == map_text(name)
        glyphs = list(g.labels.values())
        assert all(glyphs.count(m) == 1 for m in "ABCD")
    lair = list(grid("oogie-boogies-lair").labels.values())
    assert all(lair.count(base) == 6 for base in "rbgy") and lair.count("T") == 1
    # Territory's card shows two starting areas: Halloween Town has two, one per side
    town = list(grid("halloween-town").labels.values())
    assert town.count("r") == town.count("b") == 6 and "g" not in town and "y" not in town
    assert town.count("*") == 12


def _steps_from(g: Grid, squares) -> dict[tuple[int, int], int]:
    """Movement steps from the nearest of `squares` to every square reachable."""
    found = dict.fromkeys(squares, 0)
    frontier = deque(squares)
    while frontier:
        here = frontier.popleft()
        for there in g.neighbours(here):
            if there not in found and g.step_allowed(here, there):
                found[there] = found[here] + 1
                frontier.append(there)
    return found


def _distances(map_name: str, glyphs: str, areas: str) -> dict[str, list[int]]:
    """For each starting area, the sorted movement distances to the squares labelled
    with one of `glyphs`."""
    g = grid(map_name)
    targets = [sq for sq, glyph in g.labels.items() if glyph in glyphs]
    out = {}
    for base in areas:
        steps = _steps_from(g, [sq for sq, glyph in g.labels.items() if glyph == base])
        out[base] = sorted(steps[sq] for sq in targets)
    return out


def test_the_triumph_marker_is_as_far_from_every_starting_area():
    assert _distances("oogie-boogies-lair", "T", "rbgy") == dict.fromkeys("rbgy", [5])


def test_point_markers_lie_alike_for_every_starting_area():
    lair = _distances("oogie-boogies-lair", "ABCD", "rbgy")
    assert len({tuple(d) for d in lair.values()}) == 1, lair
    town = _distances("halloween-town", "ABCD", "rb")
    assert town["r"] == town["b"], town


def test_the_territory_scoring_area_is_as_far_from_both_starting_areas():
    town = _distances("halloween-town", "*", "rb")
    assert town["r"] == town["b"] and town["r"][0] == 3, town


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
