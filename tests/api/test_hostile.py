"""The API under clients that try to cheat, crash requests or starve the server.

Each test here failed on the API before it was hardened: double-held seats, seeds
that reveal other seats' cards, bodies that gave 500s or INTERNAL, junk that grew
memory, documents that took seconds to validate.
"""

from __future__ import annotations

import json
import logging
import threading

import pytest
from client import CREATE, GraphQLFailure, play_to_end, settled
from graphql import parse
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from nbc.api.app import create_app
from nbc.api.guard import DocumentCache, RateLimiter
from nbc.api.service import MatchService, SeatSpec
from nbc.api.settings import Settings
from nbc.api.storage import Store, make_engine
from nbc.core.host import PluginHost
from nbc.core.match import Header, Match

HAND = "query($id: ID!) { match(id: $id) { viewJson seed replayable } }"


def _count(api) -> int:
    """How many matches the lobby-independent way sees: a listed probe is not needed,
    the service's store is read directly."""
    from sqlalchemy import func, select

    from nbc.api.storage import MatchRow

    service = api.http.app.state.service
    with service.store._session() as session:
        return session.exec(select(func.count()).select_from(MatchRow)).one()


# --- seats -------------------------------------------------------------------------


def test_two_workers_racing_for_one_seat_give_it_to_one(database_url):
    """Two server processes share a database; each has its own cache. Of many joins
    racing for the same seat, exactly one wins, and only its token acts as that seat."""
    host = PluginHost.load()
    workers = [MatchService(host, Store(make_engine(database_url))) for _ in range(2)]
    for round_ in range(12):
        match_id, _ = workers[0].create(
            "trick-or-treat", "short", None, [SeatSpec("person"), SeatSpec("open")], None
        )
        for worker in workers:
            worker.get(match_id)  # both have the waiting match cached
        won: list[tuple[int, str]] = []
        refused: list[str] = []
        start = threading.Barrier(6)
        threads = [
            threading.Thread(target=_join_race, args=(workers[n % 2], match_id, start, won, refused))
            for n in range(6)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(won) == 1, f"round {round_}: {len(won)} joins won seat 1"
        assert set(refused) <= {"STALE_SEQUENCE", "BAD_OPTIONS"}, refused
        token = won[0][1]
        for worker in workers:
            assert worker.caller(match_id, token).seat == 1


def _join_race(worker: MatchService, match_id: str, start, won: list, refused: list) -> None:
    start.wait()
    try:
        won.append(worker.join(match_id, 1, None))
    except Exception as error:  # the loser is told the seat is gone
        refused.append(getattr(error, "code", type(error).__name__))


# --- seeds -------------------------------------------------------------------------


def test_a_chosen_seed_does_not_repeat_another_players_deal(api):
    """The creator makes two matches with the same seed: unless the match is created
    replayable, the deals differ, and the seed is not shown while it is played."""
    first, _ = api.create("trick-or-treat", ["PERSON", "OPEN"], "short", seed="peek")
    second, _ = api.create("trick-or-treat", ["PERSON", "OPEN"], "short", seed="peek")
    _, token = _join(api, first["id"])
    theirs = api.run(HAND, {"id": first["id"]}, token)["match"]
    assert theirs["seed"] is None and theirs["replayable"] is False
    service = api.http.app.state.service
    dealt = [service.get(m["id"]).match.header.seed for m in (first, second)]
    assert dealt[0] != dealt[1] and "peek" not in dealt


def test_a_replayable_match_deals_from_its_seed_and_says_so(api):
    one, _ = api.create("trick-or-treat", ["BOT", "BOT"], "short", seed="open", replayable=True)
    two, _ = api.create("trick-or-treat", ["BOT", "BOT"], "short", seed="open", replayable=True)
    one, two = settled(api, one["id"]), settled(api, two["id"])
    assert [e["text"] for e in one["events"]] == [e["text"] for e in two["events"]]
    shown = api.run(HAND, {"id": one["id"]})["match"]
    assert shown["replayable"] is True and shown["seed"] == "open"
    refused = api.refused(
        CREATE, {"i": {"game": "trick-or-treat", "seats": [{"kind": "BOT"}] * 2, "replayable": True}}
    )
    assert refused.code == "BAD_OPTIONS" and "seed" in refused.message


def test_a_finished_match_reveals_its_seed_for_replays(api):
    match, _ = api.create("trick-or-treat", ["BOT", "BOT"], "short", seed="hidden until the end")
    shown = api.run(HAND, {"id": match["id"]})["match"]
    assert match["status"] == "FINISHED"
    assert shown["seed"] and shown["seed"] != "hidden until the end"  # mixed with the server's secret


REPLAY = (
    "query($id: ID!) { match(id: $id) { game variant options players seed status seq"
    " choices { seq seat choiceId } events { text } outcome { winners scores } } }"
)


def test_a_finished_match_replays_from_its_seed_and_choices_and_not_before(api):
    """What the API shows once a match is over (its seed and every choice, bots' too)
    rebuilds it exactly with Match.replay; while it is played neither is shown."""
    match, tokens = api.create("trick-or-treat", ["PERSON", "BOT"], "short", seed="to replay")
    during = api.run(REPLAY, {"id": match["id"]}, tokens[0])["match"]
    assert during["status"] == "ACTIVE" and during["seed"] is None and during["choices"] is None
    play_to_end(api, match["id"], tokens)
    shown = api.run(REPLAY, {"id": match["id"]})["match"]  # a spectator's reading
    assert shown["status"] == "FINISHED" and len(shown["choices"]) == shown["seq"]
    assert [c["seq"] for c in shown["choices"]] == list(range(1, shown["seq"] + 1))
    host = PluginHost.load()
    header = Header(shown["game"], shown["variant"], shown["options"], shown["players"], shown["seed"])
    log = [(c["seat"], c["choiceId"]) for c in shown["choices"]]
    replayed = Match.replay(host.game(shown["game"]), header, log)
    served = api.http.app.state.service.get(match["id"]).match
    assert replayed.fingerprint() == served.fingerprint()
    outcome = replayed.outcome()
    assert shown["outcome"] == {"winners": list(outcome.winners), "scores": list(outcome.scores)}
    assert [e.text for e in replayed.events_for(None)] == [e["text"] for e in shown["events"]]


def _join(api, match_id):
    data = api.run("mutation($m: ID!) { joinMatch(matchId: $m) { seat token } }", {"m": match_id})[
        "joinMatch"
    ]
    return data["seat"], data["token"]


# --- bad bodies ----------------------------------------------------------------------

BAD_BODIES = [
    ("null", b"null"),
    ("a string", b'"query"'),
    ("a number", b"42"),
    ("a list", b"[1, 2]"),
    ("invalid UTF-8", b'{"query": "{ games { name } }\xff"}'),
    (
        "JSON nested thousands deep",
        b'{"query": "{ games { name } }", "variables": {"x": ' + b"[" * 5000 + b"]" * 5000 + b"}}",
    ),
    (
        "a lone surrogate in a variable",
        b'{"query": "query($id: ID!) { match(id: $id) { id } }", "variables": {"id": "\\ud800"}}',
    ),
    (
        "a NUL byte in a variable",
        b'{"query": "query($id: ID!) { match(id: $id) { id } }", "variables": {"id": "a\\u0000b"}}',
    ),
    ("no query", b'{"variables": {}}'),
    ("unknown keys", b'{"query": "{ games { name } }", "sneaky": 1}'),
    ("variables not an object", b'{"query": "{ games { name } }", "variables": [1]}'),
]


@pytest.mark.parametrize(("what", "body"), BAD_BODIES, ids=[b[0] for b in BAD_BODIES])
def test_a_malformed_body_gets_a_400_with_a_code(api, what, body):
    before = _count(api)
    response = api.http.post("/graphql", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 400, (what, response.status_code, response.text)
    answer = response.json()
    assert answer["errors"][0]["extensions"]["code"] == "BAD_REQUEST"
    assert "Traceback" not in response.text
    assert _count(api) == before


NOT_JSON = [
    ("text/plain", b'{"query": "{ games { name } }"}'),
    ("application/x-www-form-urlencoded", b"query=%7B%20games%20%7B%20name%20%7D%20%7D"),
    ("multipart/form-data; boundary=x", b"--x\r\n\r\n--x--"),
    ("application/graphql", b"{ games { name } }"),
    (None, b'{"query": "{ games { name } }"}'),
    # The guard let this type pass unread, and the GraphQL app read it as JSON: a 500.
    (
        "application/jsonx",
        b'{"query": "{ games { name } }", "variables": {"x": ' + b"[" * 5000 + b"]" * 5000 + b"}}",
    ),
]


@pytest.mark.parametrize(("kind", "body"), NOT_JSON, ids=[str(k) for k, _ in NOT_JSON])
def test_a_body_not_sent_as_json_gets_a_415_with_a_code(api, kind, body):
    before = _count(api)
    headers = {"content-type": kind} if kind else {}
    response = api.http.post("/graphql", content=body, headers=headers)
    assert response.status_code == 415, response.text
    assert response.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST"
    assert _count(api) == before


def test_a_graphql_request_in_a_url_is_refused_with_a_code(api):
    """GraphQL over GET passed by the guard's checks: JSON nested thousands deep in
    its variables gave a 500. GET serves GraphiQL's page only."""
    deep = "[" * 5000 + "]" * 5000
    for params in (
        {"query": "{ games { name } }"},
        {"query": "query($x: JSON) { games { name } }", "variables": f'{{"x": {deep}}}'},
        {"query": 'mutation { joinMatch(matchId: "x") { seat } }'},
    ):
        response = api.http.get("/graphql", params=params)
        assert response.status_code == 405, response.text
        assert response.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST"
        assert "POST" in response.headers["allow"]
    page = api.http.get("/graphql", headers={"accept": "text/html"})
    assert page.status_code == 200 and "graphiql" in page.text.lower()


@pytest.mark.parametrize("method", ["PUT", "PATCH", "DELETE", "OPTIONS"])
def test_other_methods_get_a_405_with_a_code(api, method):
    response = api.http.request(method, "/graphql", json={"query": "{ games { name } }"})
    assert response.status_code == 405, response.text
    assert response.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST"


def test_the_graphql_apps_own_refusals_carry_a_code(api):
    """An operationName the document does not have was answered in plain text."""
    response = api.http.post("/graphql", json={"query": "query A { games { name } }", "operationName": "B"})
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["extensions"]["code"] == "BAD_REQUEST" and '"B"' in error["message"]


SOCKET_JUNK = [
    # Each one failed inside the protocol's handler (a RecursionError, a TypeError).
    ("JSON 5000 deep", '{"id": "1", "type": "subscribe", "payload": ' + "[" * 5000 + "]" * 5000 + "}"),
    ("a payload that is a list", '{"id": "1", "type": "subscribe", "payload": [1]}'),
    ("a query that is a number", '{"id": "1", "type": "subscribe", "payload": {"query": 5}}'),
    (
        "variables that are a list",
        '{"id": "1", "type": "subscribe", "payload": {"query": "{ games { name } }", "variables": [1]}}',
    ),
    ("an id that is a list", '{"id": [1], "type": "subscribe", "payload": {"query": "{ games { name } }"}}'),
    ("a message that is a number", "5"),
]


@pytest.mark.parametrize(("what", "message"), SOCKET_JUNK, ids=[w for w, _ in SOCKET_JUNK])
def test_a_websocket_message_the_protocol_cannot_read_closes_it_with_4400(api, caplog, what, message):
    with (
        caplog.at_level(logging.ERROR),
        api.http.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as socket,
    ):
        socket.send_json({"type": "connection_init", "payload": {}})
        assert socket.receive_json()["type"] == "connection_ack"
        socket.send_text(message)
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4400, (what, closed.value.code, closed.value.reason)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_subscription_that_does_not_parse_closes_the_socket_with_the_syntax_error(api, caplog):
    """It used to end the operation with `complete` and no error, the parser's
    traceback going to the server log."""
    with (
        caplog.at_level(logging.ERROR),
        api.http.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as socket,
    ):
        socket.send_json({"type": "connection_init", "payload": {}})
        assert socket.receive_json()["type"] == "connection_ack"
        socket.send_json(
            {"id": "1", "type": "subscribe", "payload": {"query": "subscription { matchEvents("}}
        )
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4400 and "Syntax Error" in closed.value.reason
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


BAD_ARGUMENTS = [
    (
        "a lone surrogate in a seat name",
        {"game": "trick-or-treat", "seats": [{"kind": "PERSON", "name": "\ud800"}, {"kind": "BOT"}]},
    ),
    (
        "a lone surrogate in a seed",
        {"game": "trick-or-treat", "seats": [{"kind": "PERSON"}, {"kind": "BOT"}], "seed": "x\udfff"},
    ),
    (
        "a NUL byte in a seat name",
        {"game": "trick-or-treat", "seats": [{"kind": "PERSON", "name": "a\x00b"}, {"kind": "BOT"}]},
    ),
    (
        "a seat name over 80 characters",
        {"game": "trick-or-treat", "seats": [{"kind": "PERSON", "name": "n" * 81}, {"kind": "BOT"}]},
    ),
    (
        "a seed over 200 characters",
        {"game": "trick-or-treat", "seats": [{"kind": "PERSON"}, {"kind": "BOT"}], "seed": "s" * 201},
    ),
]


@pytest.mark.parametrize(("what", "spec"), BAD_ARGUMENTS, ids=[b[0] for b in BAD_ARGUMENTS])
def test_text_no_database_could_hold_is_refused_before_any_work(api, what, spec):
    before = _count(api)
    body = json.dumps({"query": CREATE, "variables": {"i": spec}}).encode()
    response = api.http.post("/graphql", content=body, headers={"content-type": "application/json"})
    assert response.status_code in (200, 400), response.text
    error = response.json()["errors"][0]
    assert error["extensions"]["code"] == "BAD_REQUEST", (what, error)
    assert _count(api) == before


@pytest.mark.parametrize(
    ("what", "name"),
    [("a NUL byte", "a\x00b"), ("81 characters", "n" * 81), ("a lone surrogate", "x\ud800")],
)
def test_a_joiner_name_no_database_could_hold_is_refused_and_the_seat_stays_open(api, what, name):
    match, _ = api.create("trick-or-treat", ["PERSON", "OPEN"], "short", seed="join-name")
    join = "mutation($m: ID!, $n: String) { joinMatch(matchId: $m, name: $n) { seat token } }"
    body = json.dumps({"query": join, "variables": {"m": match["id"], "n": name}}).encode()
    response = api.http.post("/graphql", content=body, headers={"content-type": "application/json"})
    assert response.status_code in (200, 400), response.text
    assert response.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST", what
    assert api.match(match["id"])["status"] == "WAITING"
    joined = api.run(join, {"m": match["id"], "n": "n" * 80})["joinMatch"]  # the longest name allowed
    assert joined["seat"] == 1


def test_a_lone_surrogate_written_in_the_document_itself_is_refused(api):
    failure = api.refused('{ match(id: "\\ud800") { id } }')
    assert failure.code == "BAD_REQUEST"


def test_a_body_over_the_limit_is_refused_unread(database_url, tmp_path):
    app = create_app(Settings(database_url=database_url, max_body=2048))
    with TestClient(app) as client:
        body = json.dumps({"query": "{ games { name } }", "variables": {"pad": "x" * 4096}})
        response = client.post("/graphql", content=body, headers={"content-type": "application/json"})
        assert response.status_code == 413
        assert response.json()["errors"][0]["extensions"]["code"] == "PAYLOAD_TOO_LARGE"


# --- memory --------------------------------------------------------------------------


def test_junk_match_ids_leave_nothing_behind(api):
    service = api.http.app.state.service
    cached, watched = len(service._cache), len(service.watchers)
    for n in range(300):
        failure = api.refused("query($id: ID!) { match(id: $id) { id } }", {"id": f"junk-{n}-" + "z" * 20})
        assert failure.code == "NOT_FOUND"
        long_one = api.refused("query($id: ID!) { match(id: $id) { id } }", {"id": "j" * 5000})
        assert long_one.code == "NOT_FOUND"
    assert len(service._cache) == cached and len(service.watchers) == watched
    assert len(service._locks) == 64  # a fixed set, whatever ids were asked for


def test_the_document_cache_is_bounded_in_characters_as_well_as_entries():
    """Parsed documents were cached 256 at a time whatever their size: 400 distinct
    documents of 3,900 tokens took a server from 92 MB to 753 MB."""
    cache = DocumentCache(entries=4, budget=100, longest=40)
    texts = [f"{{ games {{ name{n} }} }}" for n in range(10)]  # 19 characters each
    kept = cache.document(texts[0], parse)
    assert cache.document(texts[0], parse) is kept  # parsed once
    for text in texts[1:]:
        cache.document(text, parse)
        assert len(cache) <= 4 and cache.size <= 100
    cache = DocumentCache(entries=100, budget=50, longest=40)
    for text in texts:
        cache.document(text, parse)
    assert len(cache) == 2 and cache.size == 38  # the characters bound, not the entries
    cache.document("{ games { " + "name " * 10 + "} }", parse)  # over 40 characters: parsed, not kept
    assert len(cache) == 2


def test_the_rate_limiter_remembers_a_bounded_number_of_clients():
    from nbc.api.guard import BUCKETS

    limiter = RateLimiter(rate=10, burst=10)
    for n in range(BUCKETS + 500):
        assert limiter.allow(f"token:junk-{n}")
    assert len(limiter.buckets) == BUCKETS


def test_rate_limits_are_per_client_and_answer_429(database_url):
    app = create_app(Settings(database_url=database_url, rate_limit=1, rate_burst=5))
    with TestClient(app) as client:
        answers = [
            client.post("/graphql", json={"query": "{ games { name } }"}).status_code for _ in range(7)
        ]
        assert answers[:5] == [200] * 5 and answers[-1] == 429
        # another client (another address; a made-up token would not do) has its own allowance
        other = TestClient(app, client=("192.0.2.7", 50000)).post(
            "/graphql", json={"query": "{ games { name } }"}
        )
        assert other.status_code == 200
        refused = client.post("/graphql", json={"query": "{ games { name } }"})
        assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
        assert refused.json()["errors"][0]["extensions"]["code"] == "RATE_LIMITED"


def test_the_rate_limiter_refills_with_time():
    now = [0.0]
    limiter = RateLimiter(rate=2, burst=2, clock=lambda: now[0])
    assert [limiter.allow("c") for _ in range(3)] == [True, True, False]
    now[0] += 0.5
    assert limiter.allow("c") and not limiter.allow("c")


# --- documents that cost too much ------------------------------------------------------


def test_many_bot_matches_in_one_request_are_refused_by_cost(api):
    before = _count(api)
    bots = '{game: "trick-or-treat", seats: [{kind: BOT}, {kind: BOT}]}'
    fields = " ".join(f"m{n}: createMatch(input: {bots}) {{ match {{ id }} }}" for n in range(30))
    failure = api.refused(f"mutation {{ {fields} }}")
    assert failure.code == "BAD_REQUEST" and "costs" in failure.message
    assert _count(api) == before


def test_a_document_of_repeated_fields_is_refused_before_validation(api):
    document = "{ " + "games { name } " * 900 + "}"  # about 13 KB
    failure = api.refused(document)
    assert failure.code == "BAD_REQUEST" and "selection lists" in failure.message


def test_a_document_deeper_than_the_depth_limit_is_refused_and_one_at_it_is_answered(tmp_path):
    """No field of the schema nests deeper than the default limit of 12, so the limit
    is shown at a lower setting: `{ lobby { seats { seat } } }` has depth 2 (the
    top-level field is depth 0)."""
    deep = "{ lobby { seats { seat } } }"
    url = f"sqlite:///{tmp_path / 'depth.db'}"
    with TestClient(create_app(Settings(database_url=url, max_depth=1))) as http:
        answer = http.post("/graphql", json={"query": deep}).json()
        assert answer["data"] is None
        error = answer["errors"][0]
        assert error["extensions"]["code"] == "BAD_REQUEST"
        assert "exceeds maximum operation depth of 1" in error["message"]
    with TestClient(create_app(Settings(database_url=url, max_depth=2))) as http:
        answer = http.post("/graphql", json={"query": deep}).json()
        assert "errors" not in answer and answer["data"] == {"lobby": []}


def test_graphql_refusals_keep_their_codes(api):
    with pytest.raises(GraphQLFailure) as refused:
        api.run("{ games { colour } }")
    assert refused.value.code == "BAD_REQUEST"


# --- responsiveness and events between workers -----------------------------------------


def test_health_and_other_clients_are_served_while_a_request_works(api, monkeypatch):
    """The engine and the database run off the event loop: while one request is
    still working (held here until /healthz has answered), others are answered."""
    service = api.http.app.state.service
    answered = threading.Event()
    real_create = service.create

    def slow_create(*args, **kwargs):
        assert answered.wait(10), "/healthz was not answered while createMatch worked"
        return real_create(*args, **kwargs)

    monkeypatch.setattr(service, "create", slow_create)
    results: list[dict] = []
    worker = threading.Thread(
        target=lambda: results.append(
            api.raw(CREATE, {"i": {"game": "trick-or-treat", "seats": [{"kind": "BOT"}, {"kind": "BOT"}]}})
        )
    )
    worker.start()
    health = api.http.get("/healthz")
    games = api.run("{ games { name } }")["games"]
    answered.set()
    worker.join(20)
    assert health.status_code == 200 and games
    assert results and not results[0].get("errors"), results


def test_an_event_made_on_one_worker_reaches_a_subscriber_on_another(monkeypatch):
    """Two server processes on one PostgreSQL database: a move made through one wakes
    the other's subscriber through NOTIFY, not through its slow re-reading."""
    from postgres import drop_database, fresh_database, postgres_url
    from test_subscriptions import open_subscription

    import nbc.api.schema as schema_module

    monkeypatch.setattr(schema_module, "RECHECK_SECONDS", 60.0)
    url = fresh_database(postgres_url())
    try:
        with (
            TestClient(create_app(Settings(database_url=url))) as one,
            TestClient(create_app(Settings(database_url=url))) as two,
        ):
            from client import Api

            first = Api(one)
            match, tokens = first.create("trick-or-treat", ["PERSON", "PERSON"], "short")
            ws, socket = open_subscription(two, match["id"], tokens[1])
            try:
                seen: list[dict] = []

                def read() -> None:
                    while not any(e["seq"] == 1 for e in seen):
                        message = socket.receive_json()
                        seen.append(message["payload"]["data"]["matchEvents"])

                prompts = first.match(match["id"], tokens[0])["prompts"]
                choice = prompts[0]["choices"][0]["id"]
                reader = threading.Thread(target=read, daemon=True)
                reader.start()
                first.act(match["id"], tokens[0], choice, match["seq"])
                reader.join(20)
                assert any(e["seq"] == 1 for e in seen), (
                    "the other worker's subscriber never heard of the move"
                )
            finally:
                ws.__exit__(None, None, None)
    finally:
        drop_database(url)
