"""`nbc check`: the kit on installed games, a table per game, JSON, pytest options."""

import json
import re
from pathlib import Path

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


LEAKY_TREATS = """
from nbc.core.hookspecs import hookimpl
from trick_or_treat.game import TrickOrTreat


class LeakyTreats(TrickOrTreat):
    name = "leaky-treats"

    def view(self, state, seat):
        return super().view(state, 0)  # every seat sees seat 0's hand


@hookimpl
def nbc_games():
    return [LeakyTreats]
"""


def test_a_failing_case_prints_one_short_block_with_the_case_seed_and_replay(installed_plugins, monkeypatch):
    from nbc.core.testkit import pytest_plugin

    installed_plugins({"leaky-treats": LEAKY_TREATS})
    monkeypatch.setattr(pytest_plugin, "_HOST", None)  # the kit's host, loaded afresh with the plugin
    result = runner.invoke(
        app, ["check", "leaky-treats", "--playouts", "2", "--workers", "1", "--", "-k", "base and 2p"]
    )
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) <= 25, result.output
    [start] = [k for k, line in enumerate(lines) if line.startswith("failed:")]
    assert lines[start].startswith(
        "failed: leaky-treats/base/2p seed 0, after 0 choices: "
        "seat 1's view shows a card only seat 0 may know"
    )
    block = "\n".join(lines[start:])
    assert "  check: secrecy" in block and "  where: view.players[0].hand.cards[0].name" in block
    [replay] = re.findall(r"  replay \(0 choices\): (\S+\.json)", block)
    assert json.loads(Path(replay).read_text())["game"] == "leaky-treats"
    assert f"nbc fuzz leaky-treats --replay {replay}" in block
    # no traceback, and the message only once
    assert "Traceback" not in result.output and "checks.py" not in result.output
    assert result.output.count("view shows a card only seat 0 may know") == 1
