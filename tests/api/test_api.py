"""The GraphQL API end to end, in-process, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import threading

import pytest
from client import ACT, CREATE, JOIN, MATCH, play_to_end, settled

from nbc.api.errors import StaleSequence
from nbc.api.service import MatchService, SeatSpec
from nbc.api.storage import Store, make_engine
from nbc.core.host import PluginHost

HOST = PluginHost.load()
GAMES = sorted(HOST.games)


def test_games_lists_variants_seats_and_option_schemas(api):
    data = api.run(
        "{ games { name title minPlayers maxPlayers"
        " variants { name minPlayers maxPlayers options } optionsSchema } }"
    )
    games = {g["name"]: g for g in data["games"]}
    assert set(games) == set(GAMES)
    example = games["trick-or-treat"]
    assert (example["minPlayers"], example["maxPlayers"]) == (2, 4)
    assert {v["name"]: v["options"] for v in example["variants"]} == {"base": {}, "short": {"rounds": 2}}
    assert example["optionsSchema"]["properties"]["rounds"]["maximum"] == 20


# Funkoverse's first game plays to three knock-outs, thousands of random choices: over
# HTTP the test caps it at two rounds (a tied table still plays on until one side leads).
SHORTER = {"funkoverse": {"round_limit": 2}}


@pytest.mark.parametrize("game", GAMES)
def test_a_person_plays_a_bot_to_the_end(api, game):
    fewest = HOST.games[game].seat_counts(None).start  # the default variant's smallest table
    extra = {"options": SHORTER[game]} if game in SHORTER else {}
    match, tokens = api.create(game, ["PERSON", *["BOT"] * (fewest - 1)], seed="e2e", **extra)
    assert set(tokens) == {0} and match["seats"][1] == {"seat": 1, "kind": "BOT", "bot": "random"}
    final = play_to_end(api, match["id"], tokens)
    assert final["outcome"] is not None and final["outcome"]["winners"]
    assert final["prompts"] == [] and final["waitingFor"] == []


def test_bots_move_without_a_client(api):
    match, tokens = api.create("trick-or-treat", ["BOT", "PERSON"], "short", seed="bots-first")
    # Seat 0 is a bot: createMatch answers at once, and the bot takes its turn after.
    match = settled(api, match["id"], tokens[1])
    assert match["seq"] >= 1 and match["waitingFor"] == [1]
    only_bots, _ = api.create("trick-or-treat", ["BOT", "BOT", "BOT"], "short")
    only_bots = settled(api, only_bots["id"])
    assert only_bots["status"] == "FINISHED" and only_bots["outcome"] is not None


def test_typed_view_is_served_through_the_view_union(api):
    match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short", seed="typed")
    query = """query($id: ID!) { match(id: $id) { view { __typename ... on TrickOrTreatView {
        round players { seat hand { count cards { name } } } } } } }"""
    view = api.run(query, {"id": match["id"]}, tokens[0])["match"]["view"]
    assert view["__typename"] == "TrickOrTreatView"
    assert view["players"][0]["hand"]["cards"] and view["players"][1]["hand"]["cards"] is None


# --- errors: every code, and a refusal changes nothing ---------------------------


def snapshot(api, match_id, tokens):
    return [api.match(match_id, t) for t in [None, *tokens.values()]]


def test_every_refusal_has_a_code_and_changes_nothing(api):
    match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short", seed="errors")
    mid = match["id"]
    before = snapshot(api, mid, tokens)

    error = api.refused(ACT, {"m": mid, "c": "steal-the-moon", "s": 0}, tokens[0])
    assert (
        error.code == "ILLEGAL_CHOICE" and "'steal-the-moon'" in error.message and "'trick'" in error.message
    )
    error = api.refused(ACT, {"m": mid, "c": "trick", "s": 0}, tokens[1])
    assert error.code == "NOT_YOUR_TURN" and "waiting for seat(s) 0" in error.message
    error = api.refused(ACT, {"m": mid, "c": "trick", "s": 5}, tokens[0])
    assert error.code == "STALE_SEQUENCE" and "expectedSeq is 5 but the match is at 0" in error.message
    error = api.refused(ACT, {"m": mid, "c": "trick", "s": 0}, "not-a-real-token")
    assert error.code == "UNAUTHENTICATED"
    error = api.refused(ACT, {"m": mid, "c": "trick", "s": 0})
    assert error.code == "UNAUTHENTICATED" and "Authorization: Bearer" in error.message
    error = api.refused(MATCH, {"id": "no-such-match"})
    assert error.code == "NOT_FOUND" and "no-such-match" in error.message
    error = api.refused(ACT, {"m": "no-such-match", "c": "trick", "s": 0}, tokens[0])
    assert error.code == "NOT_FOUND"
    # A token is only good for its own match.
    other, other_tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short")
    error = api.refused(ACT, {"m": mid, "c": "trick", "s": 0}, other_tokens[0])
    assert error.code == "UNAUTHENTICATED"

    assert snapshot(api, mid, tokens) == before


def test_bad_options_are_refused_with_what_would_be_right(api):
    cases = [
        ({"game": "chess", "seats": [{"kind": "PERSON"}]}, "no game 'chess'; the games are: "),
        (
            {"game": "trick-or-treat", "variant": "long", "seats": [{"kind": "PERSON"}] * 2},
            "its variants are: base, short",
        ),
        ({"game": "trick-or-treat", "seats": [{"kind": "PERSON"}]}, "for 2 to 4 players, not 1"),
        ({"game": "trick-or-treat", "options": {"rounds": 0}, "seats": [{"kind": "PERSON"}] * 2}, "'rounds'"),
        (
            {"game": "trick-or-treat", "options": {"candy": 1}, "seats": [{"kind": "PERSON"}] * 2},
            "the options are: rounds, hand_size",
        ),
        ({"game": "trick-or-treat", "seats": [{"kind": "BOT", "bot": "genius"}] * 2}, "no bot 'genius'"),
        ({"game": "trick-or-treat", "seats": []}, "a match needs seats"),
    ]
    for spec, expected in cases:
        error = api.refused(CREATE, {"i": spec})
        assert error.code == "BAD_OPTIONS", (spec, error.errors)
        assert expected in error.message, (expected, error.message)


def test_malformed_and_oversized_requests_are_refused(api):
    error = api.refused("{ games { name ")
    assert error.code == "BAD_REQUEST"
    error = api.refused("{ games { nonsense } }")
    assert error.code == "BAD_REQUEST" and "nonsense" in error.message
    nested = (
        "query { " + "__schema { types { fields { type { ofType { " * 3 + "name" + " } } } } }" * 3 + " }"
    )
    error = api.refused(nested)
    assert error.code == "BAD_REQUEST" and "depth" in error.message
    aliases = "{ " + " ".join(f"g{i}: games {{ name }}" for i in range(40)) + " }"
    assert api.refused(aliases).code == "BAD_REQUEST"
    error = api.refused("{ match { id } }")
    assert error.code == "BAD_REQUEST" and "id" in error.message


# --- secrecy -----------------------------------------------------------------------


def test_spectators_and_other_seats_never_see_hidden_cards(api, app):
    match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON", "PERSON"], seed="seed-never-shown-42")
    mid = match["id"]
    api.act(mid, tokens[0], "trick", 0)
    service: MatchService = app.state.service
    loaded = service.get(mid)
    game = loaded.match.game
    assert game.plant(loaded.match.state, 1, "MARKONE") > 0
    assert game.plant(loaded.match.state, None, "MARKDECK") > 0
    loaded.match.forget_prompts()

    full = (
        "query($id: ID!) { match(id: $id) { "
        + "viewJson view { __typename ... on TrickOrTreatView {"
        + " players { hand { cards { id name } } } deck { count cards { name } } } }"
        + " prompts { choices { id label } } events { kind text data } } }"
    )
    seen = {who: json.dumps(api.run(full, {"id": mid}, tokens.get(who))) for who in (None, 0, 1, 2)}
    assert "MARKONE" in seen[1]  # the owner does see the planted cards
    for who in (None, 0, 2):
        assert "MARKONE" not in seen[who], who
    for who in seen:
        assert "MARKDECK" not in seen[who] and "seed-never-shown-42" not in seen[who]


def test_private_events_reach_only_their_seat(api):
    match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short", seed="events")
    mine = api.match(match["id"], tokens[0])
    drew = [e for e in mine["events"] if e["kind"] == "drew"]
    assert len(drew) == 1 and drew[0]["private"]
    names = {c["name"] for c in drew[0]["data"]["cards"]}
    theirs = json.dumps(api.match(match["id"], tokens[1])["events"])
    spectator = api.match(match["id"])
    assert all(e["kind"] != "drew" for e in spectator["events"])
    assert spectator["prompts"] == [] and spectator["you"] is None
    assert json.loads(theirs) != mine["events"] and all(json.dumps(drew[0]) not in theirs for _ in names)


# --- joining --------------------------------------------------------------------------


def test_open_seats_are_joined_before_play_starts(api):
    match, tokens = api.create("trick-or-treat", ["PERSON", "OPEN"], "short", seed="join")
    mid = match["id"]
    assert match["status"] == "WAITING"
    error = api.refused(ACT, {"m": mid, "c": "trick", "s": 0}, tokens[0])
    assert error.code == "NOT_YOUR_TURN" and "still open" in error.message
    joined = api.run(JOIN, {"m": mid, "seat": None})["joinMatch"]
    assert joined["seat"] == 1 and joined["match"]["status"] == "ACTIVE"
    assert api.match(mid, joined["token"])["you"] == 1
    assert api.refused(JOIN, {"m": mid, "seat": None}).code == "BAD_OPTIONS"
    api.act(mid, tokens[0], "trick", 0)


# --- concurrency and storage ---------------------------------------------------------


def test_two_servers_racing_on_one_sequence_number_apply_exactly_one(database_url, app):
    """Two services on one database stand for two server processes."""
    host = PluginHost.load()
    first: MatchService = app.state.service
    second = MatchService(host, Store(make_engine(database_url)))
    match_id, tokens = first.create(
        "trick-or-treat", None, {"rounds": 20}, [SeatSpec("person"), SeatSpec("person")], "race"
    )
    for round_number in range(6):
        current = first.get(match_id).match
        seat = current.seats_to_act()[0]
        choice = current.prompts(seat)[0].choices[-1].id
        token = tokens[seat]
        seq = current.seq
        second.get(match_id)  # both have the match loaded at the same position
        barrier = threading.Barrier(2)
        results: list[str] = []

        def attempt(service, results=results, barrier=barrier, token=token, seq=seq, choice=choice):
            barrier.wait()
            try:
                service.act(match_id, token, choice, seq)
                results.append("applied")
            except Exception as error:  # noqa: BLE001
                results.append(getattr(error, "code", repr(error)))

        threads = [threading.Thread(target=attempt, args=(s,)) for s in (first, second)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == ["STALE_SEQUENCE", "applied"], (round_number, results)
        assert first.get(match_id).match.seq == second.get(match_id).match.seq == seq + 1
    cached = first.get(match_id).match
    rebuilt = Store(make_engine(database_url)).load(match_id, cached.game)
    assert rebuilt is not None and rebuilt.fingerprint() == cached.fingerprint()


def test_a_process_whose_copy_is_behind_answers_as_a_fresh_read_would(database_url, app):
    """The second service holds the match one step behind the database: an act the
    client makes at the stored step is taken, and one made at the step only the old
    copy is at is refused as stale, with nothing stored."""
    host = PluginHost.load()
    first: MatchService = app.state.service
    second = MatchService(host, Store(make_engine(database_url)))
    match_id, tokens = first.create(
        "trick-or-treat", None, {"rounds": 20}, [SeatSpec("person"), SeatSpec("person")], "behind"
    )

    def move(service: MatchService) -> tuple[int, str, int]:
        current = service.get(match_id).match
        seat = current.seats_to_act()[0]
        return seat, current.prompts(seat)[0].choices[-1].id, current.seq

    second.get(match_id)
    seat, choice, seq = move(first)
    first.act(match_id, tokens[seat], choice, seq)  # the second's copy is now a step behind
    with pytest.raises(StaleSequence):
        second.act(match_id, tokens[seat], choice, seq)  # legal on its old copy, stale in the database
    assert Store(make_engine(database_url)).head(match_id).seq == seq + 1
    seat, choice, seq = move(first)
    second.act(match_id, tokens[seat], choice, seq)
    assert first.get(match_id).match.fingerprint() == second.get(match_id).match.fingerprint()
    assert Store(make_engine(database_url)).head(match_id).seq == seq + 1


def test_a_reloaded_match_has_the_same_fingerprint(database_url, app, api):
    match, tokens = api.create("trick-or-treat", ["PERSON", "BOT"], seed="reload")
    mid = match["id"]
    for _ in range(4):
        state = api.match(mid, tokens[0])
        if state["status"] == "FINISHED":
            break
        api.act(mid, tokens[0], state["prompts"][0]["choices"][-1]["id"], state["seq"])
    before = app.state.service.get(mid).match.fingerprint()
    fresh = MatchService(PluginHost.load(), Store(make_engine(database_url)), snapshot_every=3)
    assert fresh.get(mid).match.fingerprint() == before


def test_a_game_bug_is_reported_without_its_details_and_changes_nothing(api, app, monkeypatch):
    match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short", seed="bug")
    game = app.state.service.get(match["id"]).match.game
    before = api.match(match["id"], tokens[0])

    def broken(state, seat, choice, ctx):
        raise RuntimeError(f"secret hand {state.players[1].hand.cards}")

    monkeypatch.setattr(game, "apply", broken)
    error = api.refused(ACT, {"m": match["id"], "c": "trick", "s": 0}, tokens[0])
    assert error.code == "INTERNAL" and "secret hand" not in error.message
    monkeypatch.undo()
    assert api.match(match["id"], tokens[0]) == before


def test_bad_variables_and_subscriptions_over_http_are_bad_requests(api):
    error = api.refused(CREATE, {"i": {"game": "trick-or-treat", "seats": [{"kind": "HUMAN"}]}})
    assert error.code == "BAD_REQUEST" and "HUMAN" in error.message
    error = api.refused(ACT, {"m": "x", "c": "trick", "s": "two"})
    assert error.code == "BAD_REQUEST"
    error = api.refused('subscription { matchEvents(matchId: "x") { kind } }')
    assert error.code == "BAD_REQUEST" and "WebSocket" in error.message


def test_the_seed_fixes_the_bots_play_too(api):
    first, _ = api.create("trick-or-treat", ["BOT", "BOT"], "short", seed="same", replayable=True)
    second, _ = api.create("trick-or-treat", ["BOT", "BOT"], "short", seed="same", replayable=True)
    assert first["id"] != second["id"]
    first, second = settled(api, first["id"]), settled(api, second["id"])
    assert first["status"] == second["status"] == "FINISHED"
    assert [e["text"] for e in first["events"]] == [e["text"] for e in second["events"]]
    assert first["outcome"] == second["outcome"]


def test_munchkin_view_is_typed_and_hides_other_hands(api):
    match, tokens = api.create("munchkin", ["PERSON", "PERSON", "PERSON"], seed="typed")
    query = """query($id: ID!) { match(id: $id) { view { __typename ... on MunchkinView {
        phase players { seat level hand { count cards { name kind } } } } } } }"""
    view = api.run(query, {"id": match["id"]}, tokens[1])["match"]["view"]
    assert view["__typename"] == "MunchkinView" and view["phase"] == "create"
    hands = [p["hand"] for p in view["players"]]
    assert [h["count"] for h in hands] == [8, 8, 8]
    assert hands[1]["cards"] and hands[0]["cards"] is None and hands[2]["cards"] is None


def test_tcg_view_is_typed_and_hides_other_hands(api):
    match, tokens = api.create("tcg", ["PERSON", "PERSON"], seed="typed")
    query = """query($id: ID!) { match(id: $id) { view { __typename ... on TcgView {
        day daysLeft pumpkinKing players { seat handSize hand { name } deckSize
        row { town active threshold locale { name } characters { scare } } } } } } }"""
    view = api.run(query, {"id": match["id"]}, tokens[0])["match"]["view"]
    assert view["__typename"] == "TcgView" and view["day"] == 1 and view["daysLeft"] == 11
    mine, theirs = view["players"]
    assert len(mine["hand"]) == mine["handSize"] > 0
    assert theirs["hand"] is None and theirs["handSize"] > 0
    assert [slot["active"] for slot in mine["row"]] == [True]  # the Starting Locale, revealed on Day 1
