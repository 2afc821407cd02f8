"""The limits `nbc serve` hands to uvicorn (docs/api.md, "Limits"): a WebSocket message
over NBC_WS_MAX_SIZE closes the socket with 1009 and changes nothing; the same act
under the bound is taken. A real server, since the bound is uvicorn's."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
from client import Api
from test_reliability import ACT_SEQ, server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from nbc.api.settings import Settings, uvicorn_limits

BOUND = 4096
MESSAGE_TOO_BIG = 1009  # RFC 6455: a message bigger than the endpoint takes


def act_message(match_id: str, seq: int, padding: int) -> str:
    """An act sent as a graphql-transport-ws subscribe, its document padded with
    `padding` spaces (GraphQL ignores them)."""
    query = ACT_SEQ + " " * padding
    variables = {"m": match_id, "c": "trick", "s": seq}
    return json.dumps({"id": "1", "type": "subscribe", "payload": {"query": query, "variables": variables}})


@contextmanager
def socket_for(url: str, token: str) -> Iterator[ClientConnection]:
    with connect(url.replace("http", "ws", 1) + "/graphql", subprotocols=["graphql-transport-ws"]) as socket:
        socket.send(json.dumps({"type": "connection_init", "payload": {"Authorization": f"Bearer {token}"}}))
        assert json.loads(socket.recv(timeout=10))["type"] == "connection_ack"
        yield socket


def test_a_websocket_message_over_the_bound_is_refused_and_changes_nothing(database_url):
    with server(database_url, {"NBC_WS_MAX_SIZE": str(BOUND)}) as serving:
        url = serving.start()
        api = Api(httpx.Client(base_url=url, timeout=10))
        match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short", seed="limits")
        mid = match["id"]

        too_big = act_message(mid, 0, BOUND)
        assert len(too_big.encode()) > BOUND
        with socket_for(url, tokens[0]) as socket, pytest.raises(ConnectionClosed) as closed:
            socket.send(too_big)
            socket.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == MESSAGE_TOO_BIG
        assert api.match(mid, tokens[0])["seq"] == 0  # the act was not taken

        fits = act_message(mid, 0, 10)
        assert len(fits.encode()) < BOUND
        with socket_for(url, tokens[0]) as socket:
            socket.send(fits)
            answer = json.loads(socket.recv(timeout=10))
        assert answer["type"] == "next", answer
        assert answer["payload"]["data"]["act"]["match"]["seq"] == 1
        assert api.match(mid, tokens[0])["seq"] == 1


def test_the_limits_reach_uvicorn_and_a_bound_below_one_is_refused():
    limits = uvicorn_limits(Settings(ws_max_size=BOUND, max_header=8192))
    assert limits["ws_max_size"] == BOUND
    assert limits["h11_max_incomplete_event_size"] == 8192
    with pytest.raises(ValueError, match="NBC_WS_MAX_SIZE must be above 0, not 0"):
        uvicorn_limits(Settings(ws_max_size=0))
