"""`nbc check`: the kit on installed games, a table per game, JSON, pytest options."""

import json

from typer.testing import CliRunner

from nbc.api.cli import app

runner = CliRunner()


def test_check_prints_a_json_row_per_game_with_its_cases_playouts_and_result():
    result = runner.invoke(app, ["check", "trick-or-treat", "--playouts", "2", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout[result.stdout.index("{") :])
    [row] = report["games"]
    assert row["game"] == "trick-or-treat" and row["result"] == "passed"
    assert row["cases"] == 6 and row["playouts"] == 12 and row["choices"] > 0
    assert report["result"] == "passed"


def test_check_passes_pytest_options_through():
    result = runner.invoke(
        app, ["check", "trick-or-treat", "--playouts", "1", "--workers", "1", "--json", "--", "-k", "3p"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout[result.stdout.index("{") :])
    assert report["games"][0]["cases"] == 2  # base/3p and short/3p


def test_check_refuses_an_unknown_game():
    result = runner.invoke(app, ["check", "chess"])
    assert result.exit_code == 2 and "there is no game 'chess'" in result.output
