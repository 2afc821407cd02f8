"""matchEvents over graphql-transport-ws: each seat gets its own redacted events."""

from __future__ import annotations

import json

from client import play_to_end

SUBSCRIBE = (
    "subscription($m: ID!, $after: Int!) {"
    " matchEvents(matchId: $m, after: $after) { seq kind text data private } }"
)


def open_subscription(client, match_id, token=None, after=-1, query=SUBSCRIBE):
    ws = client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"])
    socket = ws.__enter__()
    payload = {"Authorization": f"Bearer {token}"} if token else {}
    socket.send_json({"type": "connection_init", "payload": payload})
    assert socket.receive_json()["type"] == "connection_ack"
    socket.send_json(
        {
            "id": "1",
            "type": "subscribe",
            "payload": {"query": query, "variables": {"m": match_id, "after": after}},
        }
    )
    return ws, socket


def receive_until(socket, predicate, limit=200):
    got = []
    for _ in range(limit):
        message = socket.receive_json()
        if message["type"] == "complete":
            return got, True
        assert message["type"] == "next", message
        assert not message["payload"].get("errors"), message
        got.append(message["payload"]["data"]["matchEvents"])
        if predicate(got):
            return got, False
    raise AssertionError(f"no matching event in {limit} messages: {got}")


def test_each_seat_and_spectators_get_their_own_events_live(api):
    client = api.http
    match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short", seed="subs")
    mid = match["id"]
    ws1, seat1 = open_subscription(client, mid, tokens[1])
    ws_s, spectator = open_subscription(client, mid)
    try:
        setup1, _ = receive_until(seat1, lambda got: any(e["kind"] == "drew" for e in got))
        private = [e for e in setup1 if e["private"]]
        mine = api.match(mid, tokens[1])["events"]
        assert private
        assert {json.dumps(e["data"], sort_keys=True) for e in private} <= {
            json.dumps(e["data"], sort_keys=True) for e in mine if e["private"]
        }
        seat0_private = [e for e in api.match(mid, tokens[0])["events"] if e["private"]]
        assert all(e["data"] not in [p["data"] for p in private] for e in seat0_private)

        setup_public, _ = receive_until(
            spectator, lambda got: any(e["kind"] == "draw" for e in got) and len(got) >= 2
        )
        assert not any(e["private"] for e in setup_public)

        api.act(mid, tokens[0], "trick", 0)  # a move made over HTTP reaches both subscribers
        live, _ = receive_until(seat1, lambda got: any(e["seq"] == 1 for e in got))
        assert any(e["kind"] == "roll" for e in live)
        live_public, _ = receive_until(spectator, lambda got: any(e["seq"] == 1 for e in got))
        assert all(not e["private"] for e in live_public)
    finally:
        ws1.__exit__(None, None, None)
        ws_s.__exit__(None, None, None)


def test_the_subscription_completes_when_the_match_ends(api):
    client = api.http
    match, tokens = api.create("trick-or-treat", ["PERSON", "BOT"], "short", seed="ends")
    play_to_end(api, match["id"], tokens)
    ws, socket = open_subscription(client, match["id"], tokens[0], after=-1)
    try:
        events, completed = receive_until(socket, lambda got: False, limit=500)
        assert completed and any(e["kind"] == "game-over" for e in events)
    finally:
        ws.__exit__(None, None, None)


def test_a_bad_token_on_the_socket_is_refused(api):
    match, _ = api.create("trick-or-treat", ["PERSON", "PERSON"], "short")
    ws, socket = open_subscription(api.http, match["id"], "forged")
    try:
        message = socket.receive_json()
        errors = message["payload"] if message["type"] == "error" else message["payload"]["errors"]
        assert errors[0]["extensions"]["code"] == "UNAUTHENTICATED"
        assert "does not belong to match" in errors[0]["message"]
    finally:
        ws.__exit__(None, None, None)


RESUME = (
    "subscription($m: ID!, $after: Int!) {"
    " matchEvents(matchId: $m, after: $after) { seq index kind text data private } }"
)


def _act_once(api, match_id, tokens):
    """One choice for whichever seat is to act (its first choice); returns the new seq."""
    seat = api.match(match_id)["waitingFor"][0]
    mine = api.match(match_id, tokens[seat])
    choice = mine["prompts"][0]["choices"][0]["id"]
    return api.act(match_id, tokens[seat], choice, mine["seq"])["match"]["seq"]


def test_a_subscriber_that_reconnects_with_after_misses_nothing_and_sees_nothing_twice(api):
    """The way docs/api.md tells a client to resume: subscribe again with `after` one
    below the last `seq` it got and drop the `index`es it already has."""
    match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short", seed="resume")
    mid = match["id"]
    ws, socket = open_subscription(api.http, mid, tokens[1], -1, RESUME)
    try:
        assert _act_once(api, mid, tokens) == 1
        first, _ = receive_until(socket, lambda got: any(e["seq"] == 1 for e in got))
    finally:
        ws.__exit__(None, None, None)  # the connection is lost here
    while_away = [_act_once(api, mid, tokens) for _ in range(2)]  # made while nobody listens
    assert while_away == [2, 3]
    last_seq = max(e["seq"] for e in first)
    ws, socket = open_subscription(api.http, mid, tokens[1], last_seq - 1, RESUME)
    try:
        again, _ = receive_until(socket, lambda got: any(e["seq"] == 3 for e in got))
        assert min(e["seq"] for e in again) == last_seq  # from one below the last seq on
        assert _act_once(api, mid, tokens) == 4  # live again afterwards, to the match's end
        live, completed = receive_until(socket, lambda got: False, limit=500)
        assert completed and api.match(mid)["status"] == "FINISHED"
    finally:
        ws.__exit__(None, None, None)
    have = {e["index"] for e in first}
    resumed = first + [e for e in again + live if e["index"] not in have]
    expected = api.match(mid, tokens[1])["events"]
    assert [e["index"] for e in resumed] == [e["index"] for e in expected]  # no gap, no repeat
    assert [(e["seq"], e["kind"], e["text"]) for e in resumed] == [
        (e["seq"], e["kind"], e["text"]) for e in expected
    ]
