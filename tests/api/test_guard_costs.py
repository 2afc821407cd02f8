"""What a document costs (nbc.api.guard.weigh) and what an answer may weigh.

The price walk used to walk a fragment again at every spread, so a document of a
few hundred bytes whose fragments each spread the next one twice took seconds per
level, on the event loop; and every field cost 1 whatever its list held. Here each
fragment is priced once, lists are priced by their length, and an answer over
`max_response` bytes is refused instead of sent.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Annotated

import pytest
import strawberry
from client import ACT, CREATE, MATCH, Api
from graphql import parse
from starlette.testclient import TestClient

import nbc.api.app as app_module
from nbc.api import guard
from nbc.api.app import create_app, outweighs
from nbc.api.guard import BOT_SEAT_COST, MUTATION_COST, UNKNOWN_LIMIT, weigh
from nbc.api.settings import Settings

# --- a small schema of our own, for the prices ----------------------------------------


@strawberry.type
class Leaf:
    name: str
    tags: list[str]


@strawberry.interface
class Named:
    name: str


@strawberry.type
class Small(Named):
    size: int


@strawberry.type
class Large(Named):
    items: list[Leaf]


@strawberry.type
class Box:
    leaves: list[Leaf]
    one: Leaf


@strawberry.type
class Query:
    boxes: list[Box]
    box: Box
    things: list[Annotated[Small | Large, strawberry.union("Thing")]]
    named: list[Named]

    @strawberry.field
    def page(self, limit: int = 7) -> list[Leaf]:
        return []

    @strawberry.field
    def open_page(self, limit: int | None = None) -> list[Leaf]:
        return []


SCHEMA = strawberry.Schema(query=Query, types=[Small, Large])._schema


def cost(text: str, limit: int | None = None) -> int:
    total, problem = weigh(parse(text), 60, SCHEMA, limit)
    assert problem is None
    return total


def doubling(levels: int, leaf: str = "__typename") -> str:
    """A document whose every fragment spreads the next one twice: 2**levels leaves."""
    fragments = " ".join(f"fragment F{n} on Query {{ ...F{n + 1} ...F{n + 1} }}" for n in range(levels))
    return f"query {{ ...F0 }} {fragments} fragment F{levels} on Query {{ {leaf} }}"


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        ("{ __typename }", 1),
        ("{ box { one { name } } }", 3),  # an object field: its selection's cost
        ("{ box { leaves { name tags } } }", 1 + 1 + 10 * 2),  # a list nobody named: 10 items
        ("{ box { one { tags } } }", 3),  # a list of scalars: its price only
        ("{ page { name } }", 1 + 7),  # `limit` left out: the schema's default
        ("{ page(limit: 3) { name } }", 1 + 3),  # `limit` written: as written
        ("{ page(limit: 0) { name } }", 2),  # no items, but never less than one for each field
        ("query($n: Int!) { page(limit: $n) { name } }", 1 + UNKNOWN_LIMIT),  # a variable: the most
        ("{ openPage { name } }", 1 + UNKNOWN_LIMIT),  # no default
        # a union: the dearest member (Small 1, Large 1 + (1 + 10 items))
        ("{ things { ... on Small { name } ... on Large { name items { name } } } }", 1 + 10 * 12),
        ("{ things { ... on Named { name } } }", 1 + 10 * 1),  # a fragment on an interface they share
        ("{ things { __typename ... on Small { size } } }", 1 + 10 * 2),
        ("{ named { name ... on Large { items { name } } } }", 1 + 10 * 12),  # an interface
        # a fragment that cannot apply to a Leaf costs nothing (it would cost 1 + 1 + 10 * 4)
        ("{ box { leaves { name ... on Query { box { one { name } } } } } }", 1 + 1 + 10 * 1),
        ("{ box { one { name } } ...B } fragment B on Query { box { one { name } } }", 6),
    ],
)
def test_fields_and_lists_are_priced_by_what_they_may_hold(document, expected):
    assert cost(document) == expected


def test_the_list_tables_set_the_sizes(monkeypatch):
    monkeypatch.setitem(guard.LIST_SIZES, ("Query", "boxes"), 3)
    monkeypatch.setitem(guard.LIST_SIZES, ("Box", "leaves"), 5)
    monkeypatch.setitem(guard.LIST_LIMITS, ("Query", "page"), 50)
    assert cost("{ boxes { leaves { name } } }") == 1 + 3 * (1 + 5 * 1)
    assert cost("query($n: Int!) { page(limit: $n) { name } }") == 1 + 50
    assert cost("{ page(limit: 500) { name } }") == 1 + 500  # a literal is taken as written


def test_each_fragment_is_priced_once_and_exactly():
    started = time.perf_counter()
    assert cost(doubling(20)) == 2**20
    assert cost(doubling(40, "box { one { name } }")) == 3 * 2**40
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("levels", [30, 60, 300])
def test_a_limit_stops_the_sums_and_any_document_is_weighed_in_linear_time(levels):
    started = time.perf_counter()
    assert cost(doubling(levels), limit=10_000) == 10_001
    assert time.perf_counter() - started < 0.5


def test_fragments_nested_deeper_than_pythons_stack_are_weighed():
    chain = " ".join(f"fragment F{n} on Query {{ ...F{n + 1} }}" for n in range(3000))
    document = f"query {{ ...F0 }} {chain} fragment F3000 on Query {{ box {{ one {{ name }} }} }}"
    assert cost(document) == 3


def test_a_fragment_cycle_ends_the_walk_and_costs_nothing_more():
    document = "query { ...A } fragment A on Query { box { one { name } } ...B } fragment B on Query { ...A }"
    assert cost(document) == 3


def test_fields_the_schema_does_not_have_are_counted_one_each():
    """Validation refuses them, but only after the price is paid: what it will look at
    (through fragments too) is bounded by the untyped count."""
    assert cost("{ nope { a b c } }") == 4
    assert cost(doubling(12, "nope")) == 2**12
    assert cost(doubling(50, "nope"), limit=100) == 101
    assert cost("{ ... on Nowhere { a b } }") == 2


def test_the_selection_bound_holds_for_every_selection():
    wide = "{ box { one { " + "name " * 61 + "} } }"
    _, problem = weigh(parse(wide), 60, SCHEMA)
    assert problem is not None and "61 fields" in problem
    in_fragment = "{ ...F } fragment F on Query { box { one { " + "name " * 61 + "} } }"
    assert weigh(parse(in_fragment), 60, SCHEMA)[1] is not None


# --- the real schema ------------------------------------------------------------------


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('costs') / 'nbc.db'}"
    return create_app(Settings(database_url=url)).state.schema._schema


def test_a_normal_page_fits_in_one_request(real):
    """The test client's documents (a whole match with its events, an act, a create)
    each fit well within the default max_cost."""
    for document in (MATCH, ACT, CREATE):
        total, problem = weigh(parse(document), 60, real, Settings().max_cost)
        assert problem is None and total < Settings().max_cost / 2, (total, document[:40])


def _create(seats: str) -> str:
    return f'mutation {{ createMatch(input: {{game: "g", seats: {seats}}}) {{ match {{ id }} }} }}'


def test_create_match_is_priced_by_the_bot_seats_it_lists(real):
    base, _ = weigh(parse(_create("[{kind: PERSON}]")), 60, real)
    assert base == MUTATION_COST["createMatch"] + 2
    for seats, bots in (
        ('[{kind: BOT}, {kind: PERSON}, {kind: BOT, bot: "ismcts"}]', 2),
        ("{kind: BOT}", 1),  # a single seat for a list of one
        ("[{kind: OPEN}, {kind: PERSON}]", 0),
    ):
        total, _ = weigh(parse(_create(seats)), 60, real)
        assert total == base + bots * BOT_SEAT_COST, seats
    as_variables = [
        'mutation($s: [SeatInput!]!) { createMatch(input: {game: "g", seats: $s}) { match { id } } }',
        "mutation($i: CreateMatchInput!) { createMatch(input: $i) { match { id } } }",
    ]
    for document in as_variables:
        assert weigh(parse(document), 60, real)[0] == base + 4 * BOT_SEAT_COST
    kind_variable = (
        'mutation($k: SeatKind!) { createMatch(input: {game: "g", seats: [{kind: $k}]}) { match { id } } }'
    )
    assert weigh(parse(kind_variable), 60, real)[0] == base + BOT_SEAT_COST


def test_the_other_dear_fields(real):
    act = 'mutation { act(matchId: "m", choiceId: "c", expectedSeq: 0) { match { id } } }'
    join = 'mutation { joinMatch(matchId: "m") { seat } }'
    view_at = 'query { match(id: "m") { viewAt(seq: 0) } }'
    assert weigh(parse(act), 60, real)[0] == 100 + 2
    assert weigh(parse(join), 60, real)[0] == 100 + 1
    assert weigh(parse(view_at), 60, real)[0] == 1 + 200


def test_graphiqls_introspection_is_cheap(real):
    from graphql import get_introspection_query

    total, _ = weigh(parse(get_introspection_query(descriptions=True)), 60, real)
    assert total < 400


# --- over HTTP ------------------------------------------------------------------------


@pytest.mark.alone  # it times /healthz: run with nothing else on the machine
@pytest.mark.parametrize("levels", [30, 60])
def test_a_doubling_fragment_document_is_refused_at_once_and_health_answers(api, levels):
    document = doubling(levels, "games { name }")
    health: list[float] = []
    stop = threading.Event()

    def poll() -> None:
        while not stop.is_set():
            started = time.perf_counter()
            assert api.http.get("/healthz").status_code == 200
            health.append(time.perf_counter() - started)

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    try:
        for _ in range(3):
            started = time.perf_counter()
            failure = api.refused(document)
            took = time.perf_counter() - started
            assert failure.code == "BAD_REQUEST" and "costs more than" in failure.message
            assert "createMatch 1000" in failure.message  # the prices are stated
            assert took < 0.5, took
    finally:
        stop.set()
        poller.join(10)
    assert health and max(health) < 0.5, max(health or [0])


def test_pages_are_priced_by_their_limit_over_http(api: Api):
    events = "{ seq index kind text data private card cards }"
    two_pages = (
        "query($id: ID!, $n: Int!) { match(id: $id) {"
        f" a: events(limit: $n) {events} b: events(limit: $n) {events} }} }}"
    )
    refused = api.refused(two_pages, {"id": "nope", "n": 5})  # a variable is priced at the most
    assert refused.code == "BAD_REQUEST" and "costs more than" in refused.message
    written = two_pages.replace(", $n: Int!", "").replace("$n", "100")
    assert api.refused(written, {"id": "nope"}).code == "NOT_FOUND"  # priced, then answered
    page = "lobby(limit: 200) { seats { seat kind bot name } }"
    lobby = f"{{ a: {page} b: {page} }}"  # 2 * (1 + 200 * (1 + 8 * 4))
    assert "costs more than" in api.refused(lobby).message
    assert api.run("{ a: lobby { seats { seat kind bot name } } b: lobby { id } }") == {"a": [], "b": []}


def test_forty_bot_seats_in_one_match_are_refused_before_anything_is_made(api: Api):
    seats = ", ".join(["{kind: BOT}"] * 40)
    spec = f'{{game: "trick-or-treat", seats: [{seats}]}}'
    document = f"mutation {{ createMatch(input: {spec}) {{ match {{ id }} }} }}"
    failure = api.refused(document)
    assert failure.code == "BAD_REQUEST" and "costs more than" in failure.message


# --- what an answer may weigh ---------------------------------------------------------

BIG = "{ games { name title description variants { name title description } } }"


def test_an_answer_over_max_response_is_refused_with_a_code(tmp_path):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'nbc.db'}", max_response=600))
    with TestClient(app) as http:
        response = http.post("/graphql", json={"query": BIG})
        assert response.status_code == 400
        body = response.json()
        assert body["data"] is None
        error = body["errors"][0]
        assert error["extensions"]["code"] == "RESPONSE_TOO_LARGE"
        assert "600" in error["message"] and "limit" in error["message"]
        small = http.post("/graphql", json={"query": "{ __typename }"})
        assert small.status_code == 200 and small.json() == {"data": {"__typename": "Query"}}


def test_large_answers_are_encoded_off_the_event_loop_and_small_ones_on_it(api, monkeypatch):
    where: list[bool] = []  # True: encoded on the event loop's thread
    real_encode = app_module.encode

    def encode(answer):
        try:
            asyncio.get_running_loop()
            where.append(True)
        except RuntimeError:
            where.append(False)
        return real_encode(answer)

    monkeypatch.setattr(app_module, "encode", encode)
    assert api.run("{ __typename }") == {"__typename": "Query"}
    assert where == [True]
    cards = api.run('{ cards(game: "tcg") { id name kind text } }')["cards"]
    assert len(cards) > 100 and where == [True, False]
    expected = api.http.app.state.service.catalogue("tcg", None)
    assert [c["id"] for c in cards] == [c.id for c in expected]


def test_the_size_estimate_counts_only_as_far_as_it_must():
    assert not outweighs({"data": {"a": [1, 2, 3], "b": {"c": "x"}}}, 10)
    assert outweighs({"data": {"a": list(range(20))}}, 10)
    assert outweighs({"data": {"a": "x" * 64 * 20}}, 10)  # long strings count by their length
    assert not outweighs({"data": {"a": "x" * 64}}, 10)
