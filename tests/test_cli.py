"""The nbc command line, run in-process."""

import json

from typer.testing import CliRunner

from nbc.api.cli import app

runner = CliRunner()


def test_plugins_lists_the_example_and_the_host():
    result = runner.invoke(app, ["plugins"])
    assert result.exit_code == 0
    assert "trick-or-treat" in result.output and "host" in result.output
    assert "bots: random" in result.output


def test_games_json_has_variants_seats_and_option_schema():
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    games = {g["name"]: g for g in json.loads(result.output)}
    example = games["trick-or-treat"]
    assert example["players"] == [2, 4]
    assert [v["name"] for v in example["variants"]] == ["base", "short"]
    assert example["options"]["properties"]["rounds"]["maximum"] == 20


def test_simulate_is_reproducible_and_counts_every_game():
    args = ["simulate", "trick-or-treat", "--players", "3", "--games", "20", "--seed", "7", "--json"]
    first = json.loads(runner.invoke(app, args).output)
    second = json.loads(runner.invoke(app, args).output)
    assert first == second
    assert first["games"] == 20 and abs(sum(first["wins"]) - 20) < 1e-9
    assert first["mean_length"] > 0


def test_simulate_refuses_bad_input_with_a_clear_message():
    result = runner.invoke(app, ["simulate", "chess"])
    assert result.exit_code == 2 and "no game 'chess'" in result.output
    result = runner.invoke(app, ["simulate", "trick-or-treat", "--players", "9"])
    assert result.exit_code == 2 and "for 2 to 4 players, not 9" in result.output


def test_bench_reports_rates_per_variant_as_json():
    result = runner.invoke(app, ["bench", "trick-or-treat", "--runs", "1", "--seconds", "0.05", "--json"])
    assert result.exit_code == 0
    rows = json.loads(result.output)
    assert [r["variant"] for r in rows] == ["base", "short"]
    assert all(r["games_per_second"] > 0 and r["choices_per_second"] > 0 for r in rows)
