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
    expected = {"games", "create_match", "join_match", "match", "act", "match_events"}
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
