"""The API's executor (nbc.api.executor.LeanExecutor) answers exactly as graphql-core's
own: the same data and the same errors, with the same paths, for plain fields, fields
with resolvers and arguments, nulls, enums, lists of objects, aliases, directives, and
values that break their type."""

from __future__ import annotations

import enum
from typing import Any

import pytest
import strawberry
from strawberry.scalars import JSON
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from nbc.api.executor import LeanExecutor, leaf_plan


@strawberry.enum
class Colour(enum.Enum):
    ORANGE = "orange"
    BLACK = "black"


@strawberry.type
class Card:
    id: str
    cost: int
    scary: bool
    colour: Colour
    note: str | None = None
    data: JSON | None = None

    @strawberry.field
    def label(self, upper: bool = False) -> str:
        return self.id.upper() if upper else self.id


class Broken:
    """Looks like a Card to the executor, but reading some fields fails."""

    id = "broken"
    cost = "not a number"
    scary = True
    colour = Colour.BLACK
    note = None
    data = None

    @property
    def label(self) -> str:  # the resolver above is used, not this
        return "x"


class Missing:
    id = None  # a null for a non-null field
    cost = 1
    scary = False
    colour = "not a colour"
    note = 7  # coerced to a string by GraphQL
    data = {"a": [1, 2]}


class Raising:
    cost = 2
    scary = False
    colour = Colour.ORANGE
    note = None
    data = None

    @property
    def id(self) -> str:
        raise RuntimeError("the attribute itself fails")


@strawberry.type
class Query:
    @strawberry.field
    def cards(self) -> list[Card]:
        return [
            Card(id="jack", cost=3, scary=True, colour=Colour.BLACK, data={"k": 1}),
            Card(id="sally", cost=2, scary=False, colour=Colour.ORANGE, note="sews"),
        ]

    @strawberry.field
    def odd(self) -> list[Card | None]:
        return [Broken(), Missing(), Raising()]  # type: ignore[list-item]

    @strawberry.field
    def one(self) -> Card:
        return Missing()  # type: ignore[return-value]


DOCUMENTS = [
    "{ cards { id cost scary colour note data label } }",
    "{ cards { a: id b: id label(upper: true) __typename } }",
    "query($no: Boolean!) { cards { id cost @skip(if: $no) note @include(if: true) } }",
    "{ odd { id } }",
    "{ odd { cost } }",
    "{ odd { colour note data scary } }",
    "{ odd { id cost colour } }",
    "{ one { id } }",
    "{ one { note data } }",
    "{ cards { id note data } first: cards { colour } }",
    "{ cards { id ...on Card { cost } } }",
    "{ odd { note } one { cost scary } }",
]


def _answer(executor: type, document: str) -> dict[str, Any]:
    schema = strawberry.Schema(query=Query, execution_context_class=executor)
    result = schema.execute_sync(document, variable_values={"no": True})
    return {"data": result.data, "errors": [e.formatted for e in result.errors or []]}


@pytest.mark.parametrize("document", DOCUMENTS)
def test_the_same_answer_as_graphql_core(document):
    plain = _answer(StrawberryGraphQLCoreExecutionContext, document)
    lean = _answer(LeanExecutor, document)
    assert lean == plain
    assert lean["data"] is not None or lean["errors"]


def test_only_plain_leaf_fields_take_the_short_way():
    schema = strawberry.Schema(query=Query)
    card = schema._schema.type_map["Card"]
    assert leaf_plan(card, "id") is not None
    assert leaf_plan(card, "colour") is not None
    assert leaf_plan(card, "label") is None  # its own resolver and an argument
    assert leaf_plan(schema._schema.query_type, "cards") is None  # a list of objects
    assert leaf_plan(card, "__typename") is None
    assert leaf_plan(card, "note").nullable and not leaf_plan(card, "id").nullable


def test_a_requests_executor_is_freed_without_the_collector():
    """No reference cycle keeps an executor (and the request's data it holds) alive
    until the garbage collector's next pass."""
    import gc
    import weakref

    made: list[weakref.ref] = []

    class Watched(LeanExecutor):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(weakref.ref(self))

    schema = strawberry.Schema(query=Query, execution_context_class=Watched)
    gc.disable()
    try:
        result = schema.execute_sync("{ cards { id colour label(upper: true) } }")
        assert result.data is not None and not result.errors
        assert len(made) == 1
        assert made[0]() is None
    finally:
        gc.enable()


def test_a_middleware_still_sees_every_field():
    from strawberry.extensions import SchemaExtension

    seen: list[str] = []

    class Watch(SchemaExtension):
        def resolve(self, _next, root, info, *args, **kwargs):  # type: ignore[no-untyped-def]
            seen.append(info.field_name)
            return _next(root, info, *args, **kwargs)

    schema = strawberry.Schema(query=Query, execution_context_class=LeanExecutor, extensions=[Watch])
    result = schema.execute_sync("{ cards { id cost } }")
    assert not result.errors
    assert seen == ["cards", "id", "cost", "id", "cost"]
