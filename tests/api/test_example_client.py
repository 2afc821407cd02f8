"""The example client (examples/play_against_bot.py) against a real server process:
it plays a whole match over HTTP and follows it over the WebSocket subscription."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from graphql import parse, validate

from nbc.api.app import create_app
from nbc.api.devserver import running_server
from nbc.api.settings import Settings

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DOCUMENTS = sorted((EXAMPLES / "graphql").glob("*.graphql"))


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_the_example_documents_are_valid_against_the_schema(path):
    schema = create_app(Settings(database_url="sqlite://")).state.schema._schema
    document = parse(path.read_text())
    assert validate(schema, document) == []
    assert len(document.definitions) == 1  # one operation per file


def test_there_is_a_document_for_every_operation():
    expected = {"games", "create_match", "join_match", "match", "act", "match_events", "match_updates"}
    assert {p.stem for p in DOCUMENTS} >= expected


def test_the_example_client_plays_a_match_against_a_bot(tmp_path):
    with running_server(f"sqlite:///{tmp_path / 'nbc.db'}") as base_url:
        result = subprocess.run(
            [sys.executable, str(EXAMPLES / "play_against_bot.py"), "--url", f"{base_url}/graphql"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        output = result.stdout + result.stderr
        assert result.returncode == 0, output
        match_id = re.search(r"created match (\S+)", result.stdout).group(1)
        query = "query($id: ID!) { match(id: $id) { status outcome { winners } } }"
        body = {"query": query, "variables": {"id": match_id}}
        answer = httpx.post(f"{base_url}/graphql", json=body).json()

    match = answer["data"]["match"]
    assert match["status"] == "FINISHED"
    assert "game trick-or-treat" in result.stdout  # the games were listed
    assert re.search(r"^seq \d+: .+ -> .+$", result.stdout, re.M)  # it made choices
    events = re.findall(r"^  \[event (\d+)\.(\d+)\] ", result.stdout, re.M)
    assert events and events[0] == ("0", "0")  # from the set-up on, in order
    assert [(int(s), int(i)) for s, i in events] == sorted((int(s), int(i)) for s, i in events)
    received = re.search(r"subscription complete: (\d+) events received", result.stdout)
    assert received and int(received.group(1)) == len(events)
    winners = re.search(r"^outcome: winners \[([\d, ]*)\]", result.stdout, re.M)
    assert winners and [int(w) for w in winners.group(1).split(",")] == match["outcome"]["winners"]


def example_client():
    import importlib.util

    spec = importlib.util.spec_from_file_location("play_against_bot", EXAMPLES / "play_against_bot.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(f"sqlite:///{tmp_path_factory.mktemp('db') / 'nbc.db'}") as base_url:
        yield base_url


def games_list():
    from starlette.testclient import TestClient

    with TestClient(create_app(Settings(database_url="sqlite://"))) as client:
        document = (EXAMPLES / "graphql" / "games.graphql").read_text()
        return client.post("/graphql", json={"query": document}).json()["data"]["games"]


@pytest.mark.parametrize(
    "args, expected",
    [
        (["tcg"], "(tcg/base, 2 seats)"),
        (["munchkin", "base"], "(munchkin/base, 3 seats)"),
        (["munchkin", "two-player"], "(munchkin/two-player, 2 seats)"),
        # the first game plays to three knock-outs, thousands of random choices over HTTP
        (["funkoverse", "territory"], "(funkoverse/territory, 2 seats)"),
        (["tcg", "christmas-town", "--players", "3"], "(tcg/christmas-town, 3 seats)"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else "seats",
)
def test_the_example_client_plays_each_game_in_a_real_variant_and_seat_count(server, args, expected):
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "play_against_bot.py"), *args, "--url", f"{server}/graphql"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    assert expected in result.stdout
    assert re.search(r"^outcome: winners \[", result.stdout, re.M)


def test_the_example_client_picks_every_games_first_variant_and_fewest_seats():
    client = example_client()
    games = games_list()
    for game in games:
        variant, players = client.plan(games, game["name"], None, None)
        assert variant == game["variants"][0]["name"]
        assert players == game["variants"][0]["minPlayers"]
    munchkin = next(g for g in games if g["name"] == "munchkin")
    assert client.plan(games, "munchkin", "base", None) == ("base", 3)
    assert client.plan(games, "munchkin", "base", 5) == ("base", 5)
    assert munchkin["variants"][0]["minPlayers"] == 3


def test_the_example_client_refuses_what_the_server_does_not_offer():
    client = example_client()
    games = games_list()
    with pytest.raises(
        client.BadChoice, match="tcg has no variant 'short'; its variants are: base, christmas"
    ):
        client.plan(games, "tcg", "short", None)
    with pytest.raises(client.BadChoice, match="munchkin/base is for 3 to 6 players, not 2"):
        client.plan(games, "munchkin", "base", 2)
    with pytest.raises(client.BadChoice, match="there is no game 'chess'; the games are: "):
        client.plan(games, "chess", None, None)


@pytest.mark.parametrize(
    "winners, players, said",
    [
        ([0], 2, "I won!"),
        ([1], 2, "The bot in seat 1 won."),
        ([0, 2], 3, "A shared win: I share it with seat 2."),
        ([0, 1, 2], 4, "A shared win: I share it with seats 1 and 2."),
        ([1, 2], 3, "The bots in seats 1 and 2 share the win."),
        ([0, 1], 2, "A draw: every seat shares the win."),
        ([], 2, "Nobody won."),
    ],
)
def test_the_example_client_tells_a_shared_win_or_a_draw_honestly(winners, players, said):
    assert example_client().verdict(winners, players) == said
