"""The card pool: 168 cards in the classic proportions, the rulesheet's numbers, and
an effect the engine runs for every card."""

from __future__ import annotations

from collections import Counter

import pytest
from munchkin_positions import table
from pydantic import ValidationError

from nbc.core.testkit.scenario import Scenario
from nbc.plugins.munchkin.cards import CARDS, MunchkinCard, provenance, provenance_fields
from nbc.plugins.munchkin.game import Munchkin

COUNT = Counter()
for c in CARDS.values():
    COUNT[c.deck] += c.copies


def test_the_pool_has_96_door_and_72_treasure_cards():
    assert COUNT == {"door": 96, "treasure": 72}


def test_every_printed_mark_names_a_field_the_card_shows():
    for c in CARDS.values():
        fields = provenance_fields(c)
        assert set(c.printed) <= set(fields), c.id
        assert set(provenance(c)) == set(fields), c.id


def test_a_printed_mark_on_a_field_the_card_does_not_show_is_refused():
    data = {"id": "x", "name": "X", "deck": "door", "kind": "curse", "text": "t", "printed": ["level"]}
    with pytest.raises(ValidationError, match="printed lists level, which a curse card does not show"):
        MunchkinCard.model_validate(data)


def test_go_up_a_level_cards_print_only_their_rule():
    """The rulesheet gives the rule of Go Up a Level cards, not their names or their number."""
    levels = [c for c in CARDS.values() if c.kind == "level"]
    assert len(levels) == 9
    for c in levels:
        assert provenance(c) == {"name": "authored", "text": "printed", "copies": "authored"}, c.id


def test_no_copy_count_is_marked_printed():
    """No public source gives how many copies of a card the set holds."""
    for c in CARDS.values():
        assert provenance(c)["copies"] == "authored", c.id
    for card in ("thanksgiving-town", "dual-citizenship", "wandering-monster"):
        assert CARDS[card].copies > 1 and "copies" not in CARDS[card].printed


def test_the_rulesheets_facts_are_marked_printed_and_nothing_more():
    assert provenance(CARDS["bunny-ears"]) == {
        "name": "printed", "text": "authored", "copies": "authored",
        "slot": "authored", "bonus": "authored", "gold": "authored", "town": "printed",
    }  # fmt: skip
    assert provenance(CARDS["jewel-finkelstein"]) == {
        "name": "printed", "text": "authored", "copies": "authored",
        "level": "printed", "treasures": "printed", "levels": "printed",
    }  # fmt: skip
    monstrous = provenance(CARDS["monstrous"])
    assert monstrous["bonus"] == monstrous["extra_treasures"] == "printed"
    assert provenance(CARDS["wolfman"])["vs_town"] == "printed"
    assert provenance(CARDS["wolfman"])["level"] == "authored"
    assert provenance(CARDS["mayors-badge"])["name"] == "authored"  # only a doubtful source names it


def test_the_catalogue_lists_every_card_with_its_numbers_and_provenance():
    catalogue = {c.id: c for c in Munchkin().catalogue()}
    assert set(catalogue) == set(CARDS)
    axe = catalogue["axe"]
    assert (axe.name, axe.kind, axe.copies) == ("Axe", "item", 1)
    assert axe.numbers == {"slot": "hand", "bonus": 2, "gold": 400}
    assert axe.provenance == {
        "name": "printed", "text": "authored", "copies": "authored",
        "slot": "authored", "bonus": "printed", "gold": "authored",
    }  # fmt: skip
    jewel = catalogue["jewel-finkelstein"]
    assert jewel.numbers == {"level": 1, "treasures": 1, "levels": 1}
    assert catalogue["wolfman"].numbers["vs_town"] == "easter +4"
    assert catalogue["thanksgiving-town"].copies == 3
    for card in catalogue.values():
        assert set(card.provenance) == {"name", "text", "copies", *card.numbers}, card.id
        assert set(card.provenance.values()) <= {"printed", "authored"}, card.id
        assert card.to_json()["provenance"] == card.provenance


def test_the_rulesheet_numbers_are_kept():
    assert (CARDS["jewel-finkelstein"].level, CARDS["jewel-finkelstein"].treasures) == (1, 1)
    assert (CARDS["monstrous"].bonus, CARDS["monstrous"].extra_treasures) == (10, 2)
    assert CARDS["pumpkins"].bonus == 3
    assert CARDS["holiday-lights"].bonus == 1
    assert CARDS["axe"].bonus == 2
    assert CARDS["sled"].bonus == 1
    assert CARDS["thanksgiving-town"].bonus == 2
    assert CARDS["bunny-ears"].town == "easter"
    assert [(b.town, b.n) for b in CARDS["wolfman"].vs_town] == [("easter", 4)]
    assert [e.slot for e in CARDS["wind-blows-your-hair"].effects] == ["head"]
    assert CARDS["searchlight"].use == "take_discard"


def test_every_card_the_rulesheet_names_is_in_the_pool():
    names = {c.name for c in CARDS.values()}
    named = {
        "Pumpkins", "Holiday Lights", "Axe", "Jewel Finkelstein", "Monstrous", "Searchlight", "Sled",
        "Thanksgiving Town", "Bunny Ears", "Easter Town", "Oogie Boogie", "Doctor Finkelstein",
        "Creature Under the Stairs", "Harlequin Demon", "Wolfman", "Vampire Teddy", "Top Hat", "Elf Shoes",
        "Saxophone", "Santa Boots", "Bat Hat", "Holey Spoon", "Snowmobile", "The Wind Blows Your Hair",
        "Wandering Monster", "Dual Citizenship", "Cheat!", "Halloween Town", "Christmas Town", "Sandy Claws",
    }  # fmt: skip
    assert named <= names, sorted(named - names)


def test_the_pool_has_classic_proportions():
    kinds = Counter()
    for c in CARDS.values():
        kinds[c.kind] += c.copies
    assert kinds["monster"] == 42 and kinds["curse"] == 15 and kinds["citizenship"] == 12
    assert kinds["level"] == 9 and kinds["item"] == 38 and kinds["one-shot"] == 24


def test_every_card_has_an_effect_the_engine_runs():
    """Each kind is played somewhere in rules.py, and each card carries what its
    kind needs: a monster its level and Bad Stuff, a Curse its effects, an Item a
    bonus, a one-shot its use."""
    for c in CARDS.values():
        if c.kind == "monster":
            assert c.level >= 1 and c.bad_stuff, c.id
        elif c.kind == "curse":
            assert c.effects, c.id
        elif c.kind in ("enhancer", "ride-enhancer", "ride"):
            assert c.bonus or c.run_away or c.make_undead, c.id
        elif c.kind == "item":
            assert c.bonus > 0, c.id
        elif c.kind == "one-shot":
            assert c.use is not None, c.id
            if c.use in ("bonus", "run_away", "draw_treasure"):
                assert c.bonus > 0, c.id
            if c.use in ("defeat", "defeat_keep"):
                assert c.max_level > 0, c.id
        elif c.kind == "citizenship":
            assert c.town is not None, c.id


def test_every_card_can_be_played_in_its_place():
    """From seat 0's hand, each card is offered outside combat or in a combat
    (monsters: to fight, or with Wandering Monster)."""
    game = Munchkin()
    for def_id, c in CARDS.items():
        hand = [def_id] if def_id == "zero" else [def_id, "zero"]
        position = table(
            rides={0: "sled"},
            citizenships={0: ["easter-town" if def_id == "halloween-town" else "halloween-town"]},
            items={0: ["top-hat"]},
            curses={0: ["black-cat"]},
            hands={0: hand},
            door_top=("corpse-kid",) if def_id != "corpse-kid" else ("mummy-kid",),
            door_discard=("spooked",),
        )
        s = Scenario(game, "base", players=3, position=position)
        card = s.view(0)["players"][0]["hand"]["cards"][0]["id"]
        offered = any(card in choice.id.split(":") for choice in s.expect(0, "arrange").choices)
        if not offered:
            s.choose(0, "Kick Open the Door")
            offered = any(card in choice.id.split(":") for choice in s.expect(0, "combat").choices)
        assert offered, f"{def_id} ({c.kind}) is never offered"


def test_card_text_is_short_and_present():
    for c in CARDS.values():
        assert 0 < len(c.text) < 200, c.id
