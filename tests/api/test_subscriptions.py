"""matchEvents over graphql-transport-ws: each seat gets its own redacted events."""

from __future__ import annotations

import json

from client import play_to_end

SUBSCRIBE = (
    "subscription($m: ID!, $after: Int!) {"
    " matchEvents(matchId: $m, after: $after) { seq kind text data private } }"
)


def open_subscription(client, match_id, token=None, after=-1):
    ws = client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"])
    socket = ws.__enter__()
    payload = {"Authorization": f"Bearer {token}"} if token else {}
    socket.send_json({"type": "connection_init", "payload": payload})
    assert socket.receive_json()["type"] == "connection_ack"
    socket.send_json(
        {
            "id": "1",
            "type": "subscribe",
            "payload": {"query": SUBSCRIBE, "variables": {"m": match_id, "after": after}},
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
