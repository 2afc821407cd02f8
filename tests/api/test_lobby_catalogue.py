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


REFS = """query($id: ID!) { match(id: $id) {
    prompts { kind choices { id label card cards } }
    events { kind text private card cards }
    view { ... on TcgView { players { seat hand { card } row { locale { card } } } } } } }"""


def test_tcg_choices_and_events_name_their_cards_by_catalogue_id(api):
    match, tokens = api.create("tcg", ["PERSON", "PERSON"], seed="refs", replayable=True)
    ids = {c["id"] for c in api.run(CARDS, {"g": "tcg"})["cards"]}
    seen = api.run(REFS, {"id": match["id"]}, tokens[0])["match"]
    players = seen["view"]["players"]
    hand = sorted(c["card"] for c in players[0]["hand"])
    starting = [p["row"][0]["locale"]["card"] for p in players]
    # Day 1: each Starting Locale is revealed to everyone; the hand drawn is told to its seat alone
    reveals = [e for e in seen["events"] if e["kind"] == "reveal-start"]
    assert [(e["card"], e["cards"], e["private"]) for e in reveals] == [(s, [s], False) for s in starting]
    (drew,) = [e for e in seen["events"] if e["kind"] == "drew"]
    assert drew["private"] and sorted(drew["cards"]) == hand and drew["card"] == drew["cards"][0]
    # the other seat's draw is public and names no card
    draws = [e for e in seen["events"] if e["kind"] == "draw"]
    assert len(draws) == 2 and all(e["card"] is None and e["cards"] == [] for e in draws)
    # the other seat's view of the same events: its own hand, never seat 0's
    theirs = api.run(REFS, {"id": match["id"]}, tokens[1])["match"]
    told = [ref for e in theirs["events"] for ref in e["cards"]]
    (their_drew,) = [e for e in theirs["events"] if e["kind"] == "drew"]
    assert sorted(their_drew["cards"]) == sorted(c["card"] for c in theirs["view"]["players"][1]["hand"])
    assert sorted(told) == sorted([*starting, *their_drew["cards"]])
    # the Pumpkin King picks "Add 1 Pumpkin Point"; the first to answer may pay with a card
    # from hand: each "Discard X to do it" names X by its catalogue id
    king = api.match(match["id"])["waitingFor"][0]
    api.act(match["id"], tokens[king], "pp", match["seq"])
    state = api.match(match["id"])
    seat = state["waitingFor"][0]
    mine = api.run(REFS, {"id": match["id"]}, tokens[seat])["match"]
    names = {c["id"]: c["name"] for c in api.run(CARDS, {"g": "tcg"})["cards"]}
    own = sorted(c["card"] for c in mine["view"]["players"][seat]["hand"])
    (prompt,) = mine["prompts"]
    paying = [c for c in prompt["choices"] if c["id"].startswith("discard:")]
    assert sorted(c["card"] for c in paying) == sorted(set(own))
    for choice in paying:
        assert choice["cards"] == [choice["card"]] and choice["card"] in ids
        assert choice["label"] == f"Discard {names[choice['card']]} to do it"
    assert [c["cards"] for c in prompt["choices"] if c["id"] == "pass"] == [[]]
