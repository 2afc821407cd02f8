"""The card definitions the rules read (`basics.Card`) hold what their models hold: every
field and property of `TcgCard`, with the same values, for every card of the base game
and of the installed expansions."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from nbc import _compiled
from nbc.core.host import PluginHost
from nbc.plugins.tcg.basics import Card
from nbc.plugins.tcg.effects import TcgCard

PROPERTIES = ("title_key", "is_locale")


def _as_data(value: object) -> object:
    """A model, a plain copy of one (`core.cards.plain_copy`) or a `Card`, as plain data."""
    if isinstance(value, BaseModel):
        names = (
            *type(value).model_fields,
            *(
                n
                for n in dir(type(value))
                if isinstance(getattr(type(value), n, None), property) and not n.startswith(("model_", "_"))
            ),
        )
        return {n: _as_data(getattr(value, n)) for n in names}
    if isinstance(value, list):
        return [_as_data(v) for v in value]
    if isinstance(value, dict):
        return {k: _as_data(v) for k, v in value.items()}
    slots = getattr(type(value), "__slots__", None)
    if slots and not isinstance(value, str | int | float | bool):
        return {n: _as_data(getattr(value, n)) for n in slots}
    return value


def test_a_card_declares_every_field_and_property_of_the_model():
    declared = _compiled.annotations_of(Card) or Card.__annotations__
    assert set(declared) == {*TcgCard.model_fields, *PROPERTIES}


@pytest.fixture(scope="module")
def rules():
    return PluginHost.load().games["tcg"].rules


def test_every_card_reads_as_its_model(rules):
    models = PluginHost.load().games["tcg"].defs
    assert set(rules.defs) == set(models) and len(models) > 250  # with Christmas Town's
    for key, model in models.items():
        card = rules.defs[key]
        assert isinstance(card, Card)
        for name in (*TcgCard.model_fields, *PROPERTIES):
            assert _as_data(getattr(card, name)) == _as_data(getattr(model, name)), f"{key}.{name}"


def test_a_card_names_itself(rules):
    assert repr(rules.defs["jacks-house"]) == "<card jacks-house>"
