"""The view: what each seat may know, and its typed GraphQL form."""

from __future__ import annotations

from munchkin_positions import table

from nbc.core.testkit.ruletests import shows
from nbc.core.testkit.scenario import Scenario
from nbc.plugins.munchkin.game import Munchkin
from nbc.plugins.munchkin.schema import VIEW, MunchkinView

GAME = Munchkin()


def fight():
    position = table(
        levels={0: 2},
        items={0: ["axe"]},
        hands={0: ["top-hat", "sled"], 1: ["enraged"]},
        door_top=("corpse-kid",),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(1, "Play Enraged")
    return s


@shows("munchkin.hand.show")
def test_a_hand_is_shown_to_its_owner_only():
    s = fight()
    assert [c["name"] for c in s.view(0)["players"][0]["hand"]["cards"]] == ["Top Hat", "Sled"]
    for seat in (1, 2, None):
        hand = s.view(seat)["players"][0]["hand"]
        assert hand == {"count": 2, "cards": None}
    for seat in range(3):
        s.leave_open(seat, "combat")
    s.finish()


def test_the_combat_is_shown_to_everyone():
    s = fight()
    combat = s.view(None)["combat"]
    assert combat["heroes_strength"] == 4 and combat["monsters_strength"] == 2 + 5
    assert combat["foes"][0]["tags"] == ["undead"] and combat["foes"][0]["treasures"] == 2
    assert [e["name"] for e in combat["foes"][0]["enhancers"]] == ["Enraged"]
    for seat in range(3):
        s.leave_open(seat, "combat")
    s.finish()


def test_the_typed_view_carries_the_same_facts():
    s = fight()
    for seat in (0, 1, None):
        typed = VIEW.build(s.view(seat))
        assert isinstance(typed, MunchkinView)
        assert typed.combat.monsters_strength == 7
        assert typed.players[0].hand.count == 2
        assert (typed.players[0].hand.cards is None) == (seat != 0)
    for seat in range(3):
        s.leave_open(seat, "combat")
    s.finish()
