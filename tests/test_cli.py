"""The nbc command line, run in-process."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nbc import _compiled
from nbc.api.cli import app

runner = CliRunner()


def test_plugins_lists_the_example_and_the_host():
    result = runner.invoke(app, ["plugins"])
    assert result.exit_code == 0
    assert "trick-or-treat" in result.output and "host" in result.output
    assert "bots: funkoverse-greedy, ismcts, munchkin-greedy, random, tcg-greedy" in result.output
    listed = json.loads(runner.invoke(app, ["plugins", "--json"]).output)["bots"]
    bots = {b["name"]: b["games"] for b in listed}
    assert bots["tcg-greedy"] == ["tcg"]
    assert bots["ismcts"] == ["funkoverse", "munchkin", "tcg", "trick-or-treat"]


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
    for memory in ("peak_rss_kb", "rss_growth_kb"):  # the process's memory, not the matches
        first.pop(memory), second.pop(memory)
    assert first == second
    assert first["games"] == 20 and abs(sum(first["wins"]) - 20) < 1e-9
    assert first["mean_length"] > 0


def test_simulate_takes_options_and_tells_how_the_matches_ended():
    args = ["simulate", "funkoverse", "--variant", "territory", "--games", "6", "--seed", "3"]
    capped = json.loads(runner.invoke(app, [*args, "--option", "round_limit=1", "--json"]).output)
    assert sum(capped["endings"].values()) == 6 and set(capped["endings"]) <= {
        "round limit reached",
        "reached the goal",
    }
    assert capped["shared"] == 0
    assert set(capped["lengths"]) == {"median", "p90", "p99", "max"}
    shown = runner.invoke(app, [*args, "-o", "round_limit=1"]).output
    assert "endings: " in shown and "lengths: median" in shown
    bad = runner.invoke(app, [*args, "--option", "round_limit"])
    assert bad.exit_code == 2 and "expected KEY=VALUE" in bad.output


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
    for row in rows:
        assert set(row) == {
            "game",
            "variant",
            "players",
            "games_per_second",
            "choices_per_second",
            "clones_per_second",
            "determinize_per_second",
            "mid_game_seq",
            "runs",
            "compiled",
        }
        assert row["compiled"] is bool(_compiled.active())  # whether the compiled build ran it
        assert row["game"] == "trick-or-treat" and row["players"] == 2 and row["runs"] == 1
        for key in ("games_per_second", "choices_per_second", "clones_per_second", "determinize_per_second"):
            assert row[key] > 0, key
        assert row["mid_game_seq"] > 0


def test_bench_table_names_every_figure_and_the_loop_it_times():
    result = runner.invoke(app, ["bench", "tcg", "--runs", "1", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    output = " ".join(result.stdout.split())
    for heading in ("games/s", "choices/s", "clones/s"):
        assert heading in output
    assert "tcg" in output and "base" in output
    assert "Match.prompts and Match.act" in output and "halfway through" in output
    assert _compiled.describe() in output  # the compiled build in use, or why not


# Broken plugins: each is reported, and every command goes on with the rest.


def test_plugins_reports_each_broken_plugin_and_lists_the_rest(broken_plugins):
    result = runner.invoke(app, ["plugins"])
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split())  # the console wraps long lines
    assert "problem: misspelt" in output and "did you mean 'nbc_games'?" in output
    assert "problem: needs-missing" in output and "failed to import" in output
    assert "problem: wrong-argument" in output and "has no argument 'manager'" in output
    assert (
        "problem: view-clash" in output and "view type 'TcgView' for game 'haunted-treats' left out" in output
    )
    assert "warning: forgot-hookimpl" in output and "not marked @hookimpl" in output
    for name in ("tcg", "munchkin", "funkoverse", "christmas_town", "trick-or-treat", "haunted-treats"):
        assert name in output
    assert "bots: funkoverse-greedy, ismcts, munchkin-greedy, random, tcg-greedy" in output


def test_plugins_json_has_plugins_problems_warnings_bots_and_blocked(broken_plugins, monkeypatch):
    monkeypatch.setenv("NBC_DISABLE_PLUGINS", "christmas_town")
    result = runner.invoke(app, ["plugins", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"plugins", "problems", "warnings", "bots", "blocked"}
    plugins = {p["name"]: p for p in data["plugins"]}
    assert plugins["tcg"]["games"] == ["tcg"]
    assert plugins["tcg"]["source"].startswith("entry point tcg = nbc.plugins.tcg")
    assert plugins["view-clash"]["games"] == ["haunted-treats"]
    assert "misspelt" not in plugins and "christmas_town" not in plugins
    problems = {p["plugin"]: p for p in data["problems"]}
    assert set(problems) == {"misspelt", "needs-missing", "wrong-argument", "view-clash"}
    assert problems["misspelt"]["source"] == "entry point misspelt = nbc_test_plugin_misspelt"
    assert [w["plugin"] for w in data["warnings"]] == ["forgot-hookimpl"]
    assert [b["name"] for b in data["bots"]] == [
        "funkoverse-greedy",
        "ismcts",
        "munchkin-greedy",
        "random",
        "tcg-greedy",
    ]
    assert data["blocked"] == ["christmas_town"]


def test_the_other_commands_go_on_with_the_rest(broken_plugins, monkeypatch):
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    assert {"tcg", "munchkin", "funkoverse", "trick-or-treat"} <= {
        g["name"] for g in json.loads(result.stdout)
    }
    assert "warning: plugin 'misspelt'" in result.stderr

    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    assert (
        "union View = JsonView | FunkoverseView | MunchkinView | TcgView | TrickOrTreatView" in result.stdout
    )
    assert "warning: plugin 'view-clash'" in result.stderr

    result = runner.invoke(app, ["simulate", "trick-or-treat", "--games", "2", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["games"] == 2

    import uvicorn

    started = {}
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: started.update(kwargs))
    result = runner.invoke(app, ["serve", "--database", "sqlite://", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert started["port"] == 8123
    stderr = " ".join(result.stderr.split())
    for name in ("misspelt", "needs-missing", "wrong-argument", "view-clash", "forgot-hookimpl"):
        assert f"warning: plugin '{name}'" in stderr
    assert "serving funkoverse, haunted-treats, munchkin, tcg, trick-or-treat" in " ".join(
        result.stdout.split()
    )


def installed_for_real(folder):
    """A broken plugin installed as pip would: a module and its dist-info, found on
    PYTHONPATH by importlib.metadata in a fresh process."""
    (folder / "nbc_test_misspelt.py").write_text(
        "from nbc.core.hookspecs import hookimpl\n\n@hookimpl\ndef nbc_game():\n    return []\n"
    )
    info = folder / "nbc_test_misspelt-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: nbc-test-misspelt\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[nbc]\nmisspelt = nbc_test_misspelt\n")
    return {**os.environ, "PYTHONPATH": str(folder)}


def test_a_broken_installed_plugin_does_not_stop_nbc_or_pytest(tmp_path):
    env = installed_for_real(tmp_path)
    nbc = [str(Path(sys.executable).parent / "nbc")]
    games = subprocess.run([*nbc, "games"], env=env, capture_output=True, text=True, timeout=120)
    assert games.returncode == 0, games.stderr
    assert "did you mean 'nbc_games'?" in games.stderr and "munchkin" in games.stdout

    kit = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "--pyargs",
        "nbc.core.testkit.conformance",
    ]
    tested = subprocess.run(
        [*kit, "--nbc-game", "trick-or-treat", "--nbc-playouts", "1"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    # The suite runs: the conformance cases pass; only the clean-load check names the plugin.
    assert "1 failed, 6 passed" in tested.stdout, tested.stdout + tested.stderr
    assert "misspelt (entry point misspelt = nbc_test_misspelt (nbc-test-misspelt 0.1))" in tested.stdout
    assert "PluginValidationError" not in tested.stdout + tested.stderr


def test_simulate_refuses_a_seat_count_the_variant_does_not_allow_and_names_the_allowed():
    result = runner.invoke(app, ["simulate", "munchkin", "--players", "0", "--games", "1"])
    assert result.exit_code == 2
    assert "munchkin/base is for 3 to 6 players, not 0" in result.stderr
    result = runner.invoke(app, ["simulate", "munchkin", "--variant", "two-player", "--players", "3"])
    assert result.exit_code == 2 and "munchkin/two-player is for 2 players, not 3" in result.stderr
    result = runner.invoke(app, ["simulate", "trick-or-treat", "--players", "-1"])
    assert result.exit_code == 2 and "for 2 to 4 players, not -1" in result.stderr


def test_simulate_refuses_other_bad_input_with_exit_status_2():
    result = runner.invoke(app, ["simulate", "trick-or-treat", "--games", "0"])
    assert result.exit_code == 2 and "--games" in result.output
    result = runner.invoke(app, ["simulate", "trick-or-treat", "--seed", " "])
    assert result.exit_code == 2 and "--seed must not be empty" in result.stderr
    result = runner.invoke(app, ["simulate", "trick-or-treat", "--variant", "long"])
    assert result.exit_code == 2 and "no variant 'long'; its variants are: base, short" in result.stderr
    result = runner.invoke(app, ["simulate", "trick-or-treat", "--bot", "genius"])
    assert result.exit_code == 2 and "no bot 'genius'" in result.stderr


def test_bench_refuses_a_seat_count_no_variant_allows_and_names_the_allowed():
    result = runner.invoke(app, ["bench", "munchkin", "--players", "0"])
    assert result.exit_code == 2
    message = " ".join(result.stderr.split())
    assert "no variant is for 0 players" in message
    assert "munchkin/base: 3 to 6" in message and "munchkin/two-player: 2" in message


@pytest.fixture
def no_server(monkeypatch):
    """Stand in for uvicorn.run: record what nbc serve would start."""
    import uvicorn

    started = {}
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: started.update(kwargs))
    return started


@pytest.mark.parametrize(
    "args, message",
    [
        (["--port", "99999"], "--port (NBC_PORT) must be a port number from 1 to 65535, not 99999"),
        (["--port", "0"], "from 1 to 65535, not 0"),
        (["--port", "-5"], "from 1 to 65535, not -5"),
        (["--workers", "0"], "--workers (NBC_WORKERS) must be at least 1, not 0"),
        (["--host", "300.1.1.1"], "--host (NBC_HOST) '300.1.1.1' is not an address to listen on"),
        (["--log-level", "loud"], "--log-level must be one of critical, error, warning, info, debug, trace"),
    ],
)
def test_serve_refuses_an_address_it_cannot_listen_on(no_server, args, message):
    result = runner.invoke(app, ["serve", "--database", "sqlite://", *args])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert no_server == {}  # it never claimed to serve


def test_serve_takes_the_port_from_the_environment_and_checks_it(no_server, monkeypatch):
    monkeypatch.setenv("NBC_PORT", "70000")
    result = runner.invoke(app, ["serve", "--database", "sqlite://"])
    assert result.exit_code == 2 and "not 70000" in result.stderr


def test_serve_refuses_a_port_in_use(no_server):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--database", "sqlite://", "--port", str(port)])
    assert result.exit_code == 2
    assert f"cannot listen on 127.0.0.1 port {port}" in result.stderr
    assert no_server == {}


def test_serve_starts_uvicorn_with_what_it_announces(no_server):
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = runner.invoke(
        app,
        ["serve", "--database", "sqlite://", "--port", str(port), "--workers", "2", "--log-level", "DEBUG"],
    )
    assert result.exit_code == 0, result.output
    assert f"http://127.0.0.1:{port}/graphql" in result.stdout
    assert f"on http://127.0.0.1:{port}/ " in " ".join(result.stdout.split())  # the browser client
    assert (no_server["host"], no_server["port"], no_server["workers"]) == ("127.0.0.1", port, 2)
    assert no_server["log_level"] == "debug"


def test_games_shows_every_default_and_preset_in_full():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "?" not in result.stdout and "…" not in result.stdout
    text = " ".join(result.stdout.split())  # lines wrap between words
    # Defaults made by a default factory (the JSON Schema has none for them) are shown.
    assert "decks = [] (a list of text or DeckList)" in text
    assert "lineup = [] (a list of text)" in text
    assert "win_level = 10 (2 to 20) the Level that wins" in text
    # Presets are shown whole, however long.
    assert "sets expansions=[christmas-town], decks=[mrs-claus-pie-factory, the-minion-engine]" in text
    assert "sets scenario=triumph, mode=free-for-all, extras=zero" in text
    assert "two-player, 2 seats: Unofficial two-player game" in text
    assert "base (default), 3-6 seats" in text and "sets nothing: the defaults" in text
    assert max(len(line) for line in result.stdout.splitlines()) <= 80  # and wrapped to the terminal


def test_games_json_gives_every_options_default():
    result = runner.invoke(app, ["games", "--json"])
    games = {g["name"]: g for g in json.loads(result.stdout)}
    assert games["tcg"]["defaults"] == {"decks": [], "days": 12, "expansions": []}
    # Funkoverse's players choose their characters at set-up, and play to the goal
    assert games["funkoverse"]["defaults"]["lineup"] == []
    assert games["funkoverse"]["defaults"]["round_limit"] is None


@pytest.fixture
def terminal(monkeypatch):
    """Standard error as a terminal, recorded."""
    import io

    from rich.console import Console

    from nbc.api import cli

    screen = io.StringIO()
    monkeypatch.setattr(cli, "err", Console(file=screen, force_terminal=True, width=100))
    return screen


BENCH = ["bench", "trick-or-treat", "--runs", "2", "--seconds", "0.02"]


def test_bench_shows_its_progress_on_a_terminal(terminal):
    result = runner.invoke(app, BENCH)
    assert result.exit_code == 0, result.output
    shown = terminal.getvalue()
    assert "trick-or-treat/base" in shown and "trick-or-treat/short" in shown
    assert "4/4" in shown  # two variants, two runs each
    assert "games/s" in result.stdout


def test_bench_shows_no_progress_with_json_or_off_a_terminal(terminal):
    result = runner.invoke(app, [*BENCH, "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)
    assert terminal.getvalue() == ""
    result = runner.invoke(app, BENCH)  # the real standard error: not a terminal here
    assert result.exit_code == 0
    assert "4/4" not in result.output
