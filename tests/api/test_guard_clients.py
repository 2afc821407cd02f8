"""Who a request counts against (the rate limiter's keys), over HTTP and WebSocket.

The limiter used to key a request on whatever Authorization header it carried, so a
client that sent a new made-up token with each request was never limited; and
nothing on a WebSocket was limited at all, mutations sent as `subscribe` messages
included. Now a request counts against the seat of a seat token the server knows,
or else against its address (a trusted proxy's forwarding headers honoured), and
every WebSocket upgrade and `subscribe` counts too.
"""

from __future__ import annotations

import hashlib
import threading

import pytest
from client import Api
from starlette.testclient import TestClient, WebSocketDenialResponse

from nbc.api.app import create_app
from nbc.api.guard import KnownTokens, Proxies, address_key, client_address, forwarded_for
from nbc.api.service import hash_token
from nbc.api.settings import Settings

GAMES = {"query": "{ games { name } }"}
BURST = 5


def limited_app(database_url: str, **settings) -> object:
    # A rate so low that nothing refills while a test runs.
    return create_app(Settings(database_url=database_url, rate_limit=0.001, rate_burst=BURST, **settings))


def statuses(http, count: int, headers=None, make_headers=None) -> list[int]:
    return [
        http.post("/graphql", json=GAMES, headers=make_headers(n) if make_headers else headers).status_code
        for n in range(count)
    ]


# --- the keys --------------------------------------------------------------------------


def test_known_tokens_hash_as_the_service_does_and_keep_their_bound():
    known = KnownTokens(size=3)
    known.add(hash_token("one"))
    assert known.knows("one") and not known.knows("two")
    assert (
        KnownTokens.hash("é-token") == hash_token("é-token") == hashlib.sha256("é-token".encode()).hexdigest()
    )
    for name in ("two", "three"):
        known.add(hash_token(name))
    assert known.knows("one")  # asked about: now the most recent
    known.add(hash_token("four"))
    assert len(known) == 3 and not known.knows("two") and known.knows("one")
    assert not known.knows("\ud800")  # a lone surrogate (JSON can carry one): nobody's token


def test_known_tokens_may_be_used_from_many_threads():
    known = KnownTokens(size=500)

    def work(n: int) -> None:
        for m in range(400):
            known.add(hash_token(f"{n}-{m}"))
            known.knows(f"{n}-{m - 1}")

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(known) == 500


def _scope(peer: str, *headers: tuple[str, str]) -> dict:
    return {
        "type": "http",
        "client": (peer, 1234),
        "headers": [(k.lower().encode(), v.encode("latin-1")) for k, v in headers],
    }


def test_forwarding_headers_are_read_only_from_trusted_peers():
    proxies = Proxies(["10.0.0.0/8", "testclient", "::1", "not an address/99"])
    forged = ("X-Forwarded-For", "6.6.6.6, 198.51.100.4")
    assert client_address(_scope("203.0.113.9", forged), proxies) == "203.0.113.9"  # untrusted peer
    assert client_address(_scope("203.0.113.9", forged), Proxies()) == "203.0.113.9"
    assert client_address(_scope("10.1.2.3", forged), proxies) == "198.51.100.4"  # the rightmost
    chain = ("X-Forwarded-For", "6.6.6.6, 198.51.100.4, 10.9.9.9")
    assert client_address(_scope("10.1.2.3", chain), proxies) == "198.51.100.4"  # past trusted hops
    assert client_address(_scope("testclient", forged), proxies) == "198.51.100.4"  # a peer by name
    assert client_address(_scope("::1", forged), proxies) == "198.51.100.4"
    assert client_address(_scope("::ffff:10.0.0.5", forged), proxies) == "198.51.100.4"
    two_headers = _scope("10.1.2.3", ("X-Forwarded-For", "6.6.6.6"), ("X-Forwarded-For", "192.0.2.8"))
    assert client_address(two_headers, proxies) == "192.0.2.8"
    all_trusted = ("X-Forwarded-For", "10.0.0.1, 10.0.0.2")
    assert client_address(_scope("10.1.2.3", all_trusted), proxies) == "10.0.0.1"
    assert client_address(_scope("10.1.2.3"), proxies) == "10.1.2.3"  # no header: the peer
    ported = ("X-Forwarded-For", "192.0.2.1:4711, [2001:db8::7]:80")
    assert client_address(_scope("10.1.2.3", ported), proxies) == "2001:db8::7"


def test_the_forwarded_header_is_read_when_there_is_no_x_forwarded_for():
    proxies = Proxies(["10.0.0.0/8"])
    header = ("Forwarded", 'for=6.6.6.6;proto=https, for="[2001:db8::1]:4711";by=10.0.0.1, For=10.0.0.9')
    assert forwarded_for(_scope("10.0.0.1", header)) == ["6.6.6.6", '"[2001:db8::1]:4711"', "10.0.0.9"]
    assert client_address(_scope("10.0.0.1", header), proxies) == "2001:db8::1"
    both = _scope("10.0.0.1", header, ("X-Forwarded-For", "192.0.2.5"))
    assert client_address(both, proxies) == "192.0.2.5"


def test_addresses_of_one_ipv6_network_share_a_key():
    assert (
        address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff::9") == "address:2001:db8:1:2::/64"
    )
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("192.0.2.1") == "address:192.0.2.1"
    assert address_key("testclient") == "address:testclient"


# --- over HTTP ------------------------------------------------------------------------


def test_made_up_tokens_do_not_buy_new_allowances(database_url):
    with TestClient(limited_app(database_url)) as http:
        answers = statuses(http, BURST + 3, make_headers=lambda n: {"Authorization": f"Bearer made-up-{n}"})
        assert answers[:BURST] == [200] * BURST and set(answers[BURST:]) == {429}


def test_forwarding_headers_from_an_untrusted_peer_change_nothing(database_url):
    with TestClient(limited_app(database_url)) as http:
        answers = statuses(http, BURST + 3, make_headers=lambda n: {"X-Forwarded-For": f"198.51.100.{n}"})
        assert answers[:BURST] == [200] * BURST and set(answers[BURST:]) == {429}


def test_forwarding_headers_from_a_trusted_proxy_name_the_client(database_url):
    """starlette's TestClient connects as the peer `testclient`, a name, not an IP."""
    with TestClient(limited_app(database_url, trusted_proxies=("testclient",))) as http:
        one = {"X-Forwarded-For": "6.6.6.6, 198.51.100.1"}
        assert statuses(http, BURST + 2, headers=one)[BURST:] == [429, 429]
        assert statuses(http, BURST, headers={"X-Forwarded-For": "198.51.100.2"}) == [200] * BURST
        # each client behind the proxy has its own allowance, whatever it writes first
        forged = statuses(http, 3, make_headers=lambda n: {"X-Forwarded-For": f"7.7.7.{n}, 198.51.100.1"})
        assert forged == [429] * 3


def test_a_real_seat_token_has_its_own_allowance(database_url):
    app = limited_app(database_url)
    with TestClient(app) as http:
        api = Api(http)
        _, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short")  # 1 of the 5
        assert statuses(http, BURST)[-1] == 429  # the address's allowance is spent
        seat = {"Authorization": f"Bearer {tokens[0]}"}
        answers = statuses(http, BURST + 1, headers=seat)
        assert answers == [200] * BURST + [429]  # the seat's own, as limited
        other = statuses(http, 1, headers={"Authorization": f"Bearer {tokens[1]}"})
        assert other == [200]  # another seat, another allowance


# --- over WebSocket -------------------------------------------------------------------


def _socket(http, headers=None, payload=None):
    ws = http.websocket_connect(
        "/graphql", subprotocols=["graphql-transport-ws"], headers=dict(headers or {})
    )
    socket = ws.__enter__()
    socket.send_json({"type": "connection_init", "payload": payload or {}})
    assert socket.receive_json()["type"] == "connection_ack"
    return ws, socket


def _ask(socket, number: int, query: str = "{ games { name } }", variables=None) -> dict:
    """Send an operation as a `subscribe`; its first answer (`next` or `error`)."""
    socket.send_json(
        {"id": str(number), "type": "subscribe", "payload": {"query": query, "variables": variables}}
    )
    message = socket.receive_json()
    if message["type"] == "next":
        assert socket.receive_json() == {"id": str(number), "type": "complete"}
    return message


def test_a_websocket_upgrade_over_the_limit_is_denied_with_the_reason(database_url):
    with TestClient(limited_app(database_url)) as http:
        assert statuses(http, BURST)[-1] == 200
        with (
            pytest.raises(WebSocketDenialResponse) as denied,
            http.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]),
        ):
            pass
        assert denied.value.status_code == 429
        error = denied.value.json()["errors"][0]
        assert error["extensions"]["code"] == "RATE_LIMITED" and "requests a second" in error["message"]


def test_subscribe_messages_over_the_limit_get_an_error_and_the_socket_stays_open(database_url):
    app = limited_app(database_url)
    with TestClient(app) as http:
        ws, socket = _socket(http)  # the upgrade: 1 of the 5
        try:
            answers = [_ask(socket, n) for n in range(BURST + 1)]
            assert [a["type"] for a in answers] == ["next"] * (BURST - 1) + ["error", "error"]
            refused = answers[-1]
            assert refused["id"] == str(BURST)
            assert refused["payload"][0]["extensions"] == {"code": "RATE_LIMITED"}
            socket.send_json({"type": "ping"})
            assert socket.receive_json() == {"type": "pong"}  # still open
            create = (
                "mutation($i: CreateMatchInput!) { createMatch(input: $i) { match { id } } }",
                {"i": {"game": "trick-or-treat", "seats": [{"kind": "BOT"}, {"kind": "BOT"}]}},
            )
            assert _ask(socket, 99, *create)["payload"][0]["extensions"]["code"] == "RATE_LIMITED"
        finally:
            ws.__exit__(None, None, None)
        service = app.state.service
        from sqlalchemy import func, select

        from nbc.api.storage import MatchRow

        with service.store._session() as session:
            assert session.exec(select(func.count()).select_from(MatchRow)).one()[0] == 0


def test_a_connection_init_token_no_server_could_hash_counts_as_the_address(api):
    ws, socket = _socket(api.http, payload={"Authorization": "Bearer \ud800"})
    try:
        assert _ask(socket, 1)["type"] == "next"
    finally:
        ws.__exit__(None, None, None)


def test_a_socket_with_a_seat_token_counts_against_the_seat(database_url):
    with TestClient(limited_app(database_url)) as http:
        api = Api(http)
        _, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short")  # address: 1
        assert statuses(http, BURST - 2)[-1] == 200  # address: 4 of 5 spent
        # The upgrade takes the address's last; connection_init names the seat.
        ws, socket = _socket(http, payload={"Authorization": f"Bearer {tokens[0]}"})
        try:
            answers = [_ask(socket, n)["type"] for n in range(BURST + 1)]
            assert answers == ["next"] * BURST + ["error"]
        finally:
            ws.__exit__(None, None, None)
        # The address is spent, but an upgrade with the other seat's token is its own.
        ws, socket = _socket(http, headers={"Authorization": f"Bearer {tokens[1]}"})
        try:
            assert _ask(socket, 1)["type"] == "next"
        finally:
            ws.__exit__(None, None, None)
        with (
            pytest.raises(WebSocketDenialResponse),
            http.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]),
        ):
            pass
