"""A GraphQL executor that does less work per plain field.

Most fields in an answer (a choice's `id` and `label`, an event's `seq`, `kind` and
`text`...) are scalars read straight off an object: strawberry marks such a field as
"basic" (no resolver of its own, no field extension). graphql-core still treats each
one like any field: it builds a resolve-info record, looks for arguments, calls the
resolver through two wrappers, asks whether the result is awaitable and walks the
non-null wrapper before it coerces the value. `LeanExecutor` answers those fields by
reading the attribute and coercing it; an object whose selected fields are all such
fields (a choice, an event) is answered in one loop. Any other field, a field given
arguments, and any value that is missing where the type forbids it or does not coerce
go graphql-core's full way, so errors and their paths are exactly graphql-core's. So
does every field when a middleware (an extension's `resolve` hook) is in use.
"""

from __future__ import annotations

import operator
import weakref
from collections.abc import Callable
from typing import Any, NamedTuple

from graphql import GraphQLField, GraphQLNonNull, GraphQLObjectType, Undefined, is_leaf_type
from graphql.type.definition import GraphQLResolveInfoHelpers
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext
from strawberry.schema.schema_converter import GraphQLCoreConverter


class LeafPlan(NamedTuple):
    read: Callable[[Any], Any]  # the value off its object
    coerce: Callable[[Any], Any]  # the leaf type's output coercion
    nullable: bool


_plans: dict[tuple[GraphQLObjectType, str], LeafPlan | None] = {}


def leaf_plan(parent_type: GraphQLObjectType, name: str) -> LeafPlan | None:
    """How to answer the field `name` of `parent_type` directly, or None."""
    key = (parent_type, name)
    try:
        return _plans[key]
    except KeyError:
        plan = _plans[key] = _make_plan(parent_type.fields.get(name))
        return plan


def _make_plan(field: GraphQLField | None) -> LeafPlan | None:
    if field is None or field.args or not getattr(field.resolve, "_is_default", False):
        return None
    nullable = not isinstance(field.type, GraphQLNonNull)
    leaf = field.type if nullable else field.type.of_type
    if not is_leaf_type(leaf):
        return None
    definition = (field.extensions or {}).get(GraphQLCoreConverter.DEFINITION_BACKREF)
    name = getattr(definition, "python_name", None)
    resolver = getattr(definition, "default_resolver", None)
    if name is None or resolver is None:
        return None
    if resolver is getattr:
        read = operator.attrgetter(name)
    else:

        def read(source: Any) -> Any:
            return resolver(source, name)

    return LeafPlan(read, leaf.coerce_output_value, nullable)


def _answer(plan: LeafPlan, source: Any) -> Any:
    """The field's answer, or Undefined where graphql-core must give it (an error)."""
    try:
        value = plan.read(source)
        if value is None:
            return None if plan.nullable else Undefined
        coerced = plan.coerce(value)
    except Exception:  # noqa: BLE001 - answered, with its error, the full way
        return Undefined
    return Undefined if coerced is None else coerced


class LeanExecutor(StrawberryGraphQLCoreExecutionContext):
    """graphql-core's executor with the shortcuts above; see the module's docstring."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # graphql-core's helpers for resolvers hold bound methods of the executor: a
        # reference cycle that leaves every request's executor, and all it holds, to
        # the garbage collector. Weak references let it go when the request is done.
        gather, track = weakref.WeakMethod(self.gather_async_work), weakref.WeakMethod(self.track_async_work)
        self.async_helpers = GraphQLResolveInfoHelpers(
            gather=lambda *a, **k: gather()(*a, **k),  # type: ignore[misc]
            track=lambda *a, **k: track()(*a, **k),  # type: ignore[misc]
        )
        # A middleware (a schema extension with a `resolve` hook) must see every field.
        manager = self.middleware_manager
        self._shortcuts = not (manager is not None and manager.middlewares)
        # per selection (collect_subfields gives each selection of a type one object):
        # the leaf plans of its fields, or None if one of them is not a plain leaf
        self._flat: dict[int, tuple[object, tuple[tuple[str, LeafPlan], ...] | None]] = {}

    def execute_field(  # type: ignore[no-untyped-def]
        self, parent_type, source, field_details_list, path, position_context
    ):
        node = field_details_list[0].node
        plan = leaf_plan(parent_type, node.name.value) if self._shortcuts else None
        if plan is not None and not node.arguments:
            answer = _answer(plan, source)
            if answer is not Undefined:
                return answer
        return super().execute_field(parent_type, source, field_details_list, path, position_context)

    def collect_and_execute_subfields(  # type: ignore[no-untyped-def]
        self, return_type, field_details_list, path, result, position_context
    ):
        grouped, defers, _ = self.collect_subfields(return_type, field_details_list)
        flat = None if defers or not self._shortcuts else self._flat_plans(return_type, grouped)
        if flat is not None:
            answers = {}
            for response_name, plan in flat:
                answer = _answer(plan, result)
                if answer is Undefined:
                    break
                answers[response_name] = answer
            else:
                return answers
        return super().collect_and_execute_subfields(
            return_type, field_details_list, path, result, position_context
        )

    def _flat_plans(self, return_type, grouped):  # type: ignore[no-untyped-def]
        known = self._flat.get(id(grouped))
        if known is not None and known[0] is grouped:
            return known[1]
        plans: list[tuple[str, LeafPlan]] | None = []
        for response_name, details in grouped.items():
            node = details[0].node
            plan = None if node.arguments else leaf_plan(return_type, node.name.value)
            if plan is None:
                plans = None
                break
            plans.append((response_name, plan))
        flat = None if plans is None else tuple(plans)
        self._flat[id(grouped)] = (grouped, flat)  # kept alive, so its id stays its own
        return flat

    def complete_value(  # type: ignore[no-untyped-def]
        self, return_type, field_details_list, info, path, result, position_context
    ):
        # An object (a list's item, most often) that is there: straight to its
        # completion, without walking the type's wrappers one call at a time.
        if result is not None and not isinstance(result, Exception):
            kind = return_type.of_type if type(return_type) is GraphQLNonNull else return_type
            if type(kind) is GraphQLObjectType:
                return self.complete_object_value(
                    kind, field_details_list, info, path, result, position_context
                )
        return super().complete_value(return_type, field_details_list, info, path, result, position_context)

    def get_stream_usage(self, field_details_list, path):  # type: ignore[no-untyped-def]
        # Only a field with a directive can ask for @stream.
        if not field_details_list[0].node.directives:
            return None
        return super().get_stream_usage(field_details_list, path)
