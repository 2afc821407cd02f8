"""What a client needs to show a game: the card catalogue and the lobby."""

from __future__ import annotations

import json
import subprocess
import sys

CARDS = (
    "query($g: String!, $s: String) {"
    " cards(game: $g, set: $s) { id name set kind text numbers copies provenance } }"
)
LOBBY = (
    "query($g: String) {"
    " lobby(game: $g) { id game variant players openSeats ageSeconds seats { seat kind } } }"
)


def test_the_catalogue_gives_every_tcg_card_with_its_provenance(api):
    cards = api.run(CARDS, {"g": "tcg"})["cards"]
    assert len(cards) == 295
    jack = next(c for c in cards if c["id"] == "jack-skellington-master-of-fright")
    assert jack["name"].startswith("Jack Skellington") and jack["kind"] == "character"
    assert jack["numbers"]["scare"] >= 1 and jack["text"]
    assert set(jack["provenance"]) == {"name", "text", *jack["numbers"]}
    assert set(jack["provenance"].values()) <= {"printed", "authored"}
    expansion = api.run(CARDS, {"g": "tcg", "s": "christmas-town"})["cards"]
    assert expansion and {c["set"] for c in expansion} == {"christmas-town"}


def test_the_catalogue_refuses_an_unknown_game_or_set(api):
    assert api.refused(CARDS, {"g": "chess"}).code == "BAD_OPTIONS"
    wrong = api.refused(CARDS, {"g": "tcg", "s": "no-such-set"})
    assert wrong.code == "BAD_OPTIONS" and "premiere" in wrong.message


def test_nbc_games_json_carries_the_catalogue():
    out = subprocess.run(
        [sys.executable, "-m", "nbc.api.cli", "games", "--json"], capture_output=True, text=True, check=True
    ).stdout
    games = {g["name"]: g for g in json.loads(out)}
    assert len(games["tcg"]["cards"]) == 295
    assert all(set(c["provenance"].values()) <= {"printed", "authored"} for c in games["tcg"]["cards"])


def test_the_lobby_lists_only_listed_matches_with_open_seats(api):
    listed, _ = api.create("trick-or-treat", ["PERSON", "OPEN"], "short", listed=True)
    unlisted, _ = api.create("trick-or-treat", ["PERSON", "OPEN"], "short")
    entries = {e["id"]: e for e in api.run(LOBBY, {})["lobby"]}
    assert listed["id"] in entries and unlisted["id"] not in entries
    entry = entries[listed["id"]]
    assert entry["game"] == "trick-or-treat" and entry["variant"] == "short"
    assert entry["openSeats"] == [1] and entry["players"] == 2 and entry["ageSeconds"] >= 0
    assert api.run(LOBBY, {"g": "tcg"})["lobby"] == []
    api.run("mutation($m: ID!) { joinMatch(matchId: $m) { seat } }", {"m": listed["id"]})
    assert listed["id"] not in {e["id"] for e in api.run(LOBBY, {})["lobby"]}  # full: gone


def test_the_lobby_limit_is_bounded(api):
    refused = api.refused("{ lobby(limit: 100000) { id } }")
    assert refused.code == "BAD_REQUEST" and "200" in refused.message
