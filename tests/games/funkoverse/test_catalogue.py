"""Authored values shown as authored, the same way everywhere: the data's `authored`
lists, the catalogue's provenance, the match view's cards, the docs' tables and
`nbc map show`."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from nbc.api.cli import app
from nbc.core.game import PROVENANCE
from nbc.core.match import Match
from nbc.plugins.funkoverse import catalogue
from nbc.plugins.funkoverse.effects import CARD_FIELDS, CARDS, ITEMS, MAP_CARDS, SCENARIOS
from nbc.plugins.funkoverse.schema import build

DOCS = Path(__file__).parents[3] / "docs" / "games" / "funkoverse.md"


def _entry(fk, card_id):
    return next(c for c in fk.GAME.catalogue() if c.id == card_id)


def test_every_definition_has_a_provenance_for_each_field(fk):
    cards = fk.GAME.catalogue()
    ids = [c.id for c in cards]
    assert len(ids) == len(set(ids))
    for card in cards:
        assert card.kind in catalogue.KINDS and card.set == "tnbc100" and card.text
        assert set(card.provenance) == {"name", "text", "copies", *card.numbers}, card.id
        assert set(card.provenance.values()) <= set(PROVENANCE), card.id
    kinds = {c.kind for c in cards}
    assert kinds == set(catalogue.KINDS)
    # one entry per character card, trait, ability, item, scenario, map side and die
    abilities = sum(len(c.ability) for c in CARDS.values())
    traits = sum(c.trait is not None for c in CARDS.values())
    assert len(cards) == len(CARDS) + traits + abilities + len(ITEMS) + len(SCENARIOS) + len(MAP_CARDS) + 2


def test_the_catalogue_marks_exactly_what_the_data_marks(fk):
    its_alive = _entry(fk, "dr-finkelstein/its-alive")
    assert its_alive.numbers == {"token": "blue", "cost": 3, "animates": "point-marker, triumph-marker"}
    assert catalogue.authored_fields(its_alive) == ["token", "cost", "animates"]  # name and text are printed
    halloween = _entry(fk, "jack-skellington/this-is-halloween")
    assert halloween.provenance == {
        "name": "printed",
        "text": "printed",
        "token": "authored",  # no source gives which dot an ability uses
        "cost": "printed",
        "copies": "printed",
    }
    assert catalogue.authored_fields(_entry(fk, "jack-skellington/long-stride")) == ["name", "text", "move"]
    assert catalogue.authored_fields(_entry(fk, "oogie-boogie")) == ["defense", "tokens"]
    assert catalogue.authored_fields(_entry(fk, "sally")) == ["text"]  # Nightshade Soup's name is ours
    assert catalogue.authored_fields(_entry(fk, "witch")) == ["name", "defense"]
    assert catalogue.authored_fields(_entry(fk, "mummy")) == []
    lair = _entry(fk, "oogie-boogies-lair")
    assert lair.numbers == {"width": 11, "height": 11, "starting_areas": 4}
    assert set(catalogue.authored_fields(lair)) == {"text", "width", "height", "starting_areas"}
    assert catalogue.authored_fields(_entry(fk, "territory")) == []
    # every name an authored list gives shows up as an authored field of its entry
    for card in CARDS.values():
        for name in card.authored:
            head, _, field = name.partition(".")
            if head in CARD_FIELDS:
                key, fields = card.id, [head]
            else:
                part = card.trait.id if head == "trait" else head
                key, fields = f"{card.id}/{part}", [field] if field else ["name", "text"]
            for one in fields:
                assert catalogue.is_authored(key, one), (card.id, name)


def test_the_view_lists_the_cards_in_play_with_their_authored_fields(fk):
    options = {"lineup": fk.FINKELSTEIN_FIRST}
    match = Match.new(fk.GAME, "triumph", options, players=2, seed=0)
    cards = {c["id"]: c for c in match.view(1)["cards"]}
    assert {"triumph", "oogie-boogies-lair", "challenge", "oogie"} <= set(cards)
    assert {"dr-finkelstein", "igor", "dr-finkelstein/its-alive", "dr-finkelstein/mad-scientist"} <= set(
        cards
    )
    assert "oogie-boogie" not in cards  # not in play
    its_alive = cards["dr-finkelstein/its-alive"]
    assert its_alive["authored"] == ["token", "cost", "animates"]
    assert {n["name"]: n["authored"] for n in its_alive["numbers"]} == {
        "token": True,
        "cost": True,
        "animates": True,
    }
    for card_id, shown in cards.items():  # the view says what the catalogue says
        assert shown["authored"] == catalogue.authored_fields(_entry(fk, card_id))
    typed = build(match.view(None))
    lair = next(c for c in typed.cards if c.id == "oogie-boogies-lair")
    assert lair.authored == ["text", "width", "height", "starting_areas"]
    assert next(n for n in lair.numbers if n.name == "width").authored is True


def test_the_docs_tables_are_the_catalogue_with_its_marks():
    text = DOCS.read_text()
    assert catalogue.pieces_table() in text
    assert catalogue.others_table() in text
    assert catalogue.LEGEND in text
    assert "Brain Scratch (gold\N{DAGGER} 1\N{DAGGER})" in catalogue.pieces_table()


def test_nbc_map_show_marks_the_authored_values_of_the_map():
    result = CliRunner().invoke(app, ["map", "show", "halloween-town"])
    assert result.exit_code == 0
    assert "width 12\N{DAGGER}, height 12\N{DAGGER}, starting_areas 2\N{DAGGER}" in result.output
    assert catalogue.LEGEND in result.output
