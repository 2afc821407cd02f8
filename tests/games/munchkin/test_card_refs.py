"""Card references: every Munchkin choice and event that concerns a card names it by
its catalogue id (`data["refs"]`, the card it is about first, then the others its
label or text names), so a client can show the card; a ref is as secret as the card's
name. Scripted strictly from exact positions."""

from __future__ import annotations

from munchkin_positions import everyone_passes, table

from nbc.core.game import Choice
from nbc.core.testkit.ruletests import shows
from nbc.core.testkit.scenario import Scenario
from nbc.plugins.munchkin.game import Munchkin

GAME = Munchkin()


def choice(s: Scenario, seat: int, label: str, kind: str | None = None) -> Choice:
    found = [
        c for p in s.prompts(seat) if kind is None or p.kind == kind for c in p.choices if c.label == label
    ]
    assert len(found) == 1, f"{label!r} is not one choice of seat {seat}: {s.prompts(seat)}"
    return found[0]


def refs(s: Scenario, seat: int, label: str, kind: str | None = None) -> list[str]:
    return list(choice(s, seat, label, kind).refs)


def told(s: Scenario, seat: int | None, kind: str) -> list[list[str]]:
    """The refs of each event of `kind` that `seat` saw in the last choice."""
    return [list(e.refs) for e in s.events(seat, kind=kind, since_last=True)]


def combat_example() -> Scenario:
    """The rulesheet's combat: Jack (Level 3, Thanksgiving Town) kicks open Jewel
    Finkelstein; Sally holds Monstrous; a Searchlight can fetch the Sled."""
    position = table(
        levels={0: 3},
        citizenships={0: ["thanksgiving-town"]},
        items={0: ["pumpkins", "holiday-lights", "axe"]},
        hands={0: ["searchlight"], 1: ["monstrous"]},
        door_top=("jewel-finkelstein",),
        door_discard=("sled",),
        treasure_top=("bat-hat", "bone-club", "candy-cane"),
    )
    return Scenario(GAME, "base", players=3, position=position)


@shows("munchkin.door.kick")
def test_the_kicked_door_is_named_to_everyone():
    s = combat_example()
    assert refs(s, 0, "Kick Open the Door") == []
    s.choose(0, "Kick Open the Door")
    for seat in (0, 1, 2, None):
        assert told(s, seat, "kick") == [["jewel-finkelstein"]]
    [foe] = s.view(2)["combat"]["foes"]
    assert (foe["card"], foe["name"]) == ("jewel-finkelstein", "Jewel Finkelstein")


def test_a_card_played_on_a_monster_names_both():
    s = combat_example()
    s.choose(0, "Kick Open the Door")
    assert refs(s, 1, "Play Monstrous") == ["monstrous"]
    s.choose(1, "Play Monstrous")
    for seat in (0, 2, None):
        assert told(s, seat, "enhance") == [["monstrous", "jewel-finkelstein"]]


def test_searching_the_discards_names_the_search_and_the_card_taken():
    s = combat_example()
    s.choose(0, "Kick Open the Door")
    s.choose(1, "Play Monstrous")
    assert refs(s, 0, "Play Searchlight") == ["searchlight"]
    s.choose(0, "Play Searchlight")
    assert refs(s, 0, "Take Sled", "search") == ["sled"]
    s.choose(0, "Take Sled", kind="search")
    assert told(s, 1, "search") == [["searchlight", "sled"]]
    assert refs(s, 0, "Play Sled") == ["sled"]


def test_a_treasure_claimed_face_down_is_named_to_its_owner_alone():
    s = combat_example()
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    assert told(s, 0, "drew") == [["bat-hat"]]  # Jewel Finkelstein's one Treasure
    for seat in (1, 2, None):
        assert told(s, seat, "drew") == []
        assert told(s, seat, "draw") == [[]]  # that seat 0 drew one, and nothing of which


def test_a_planted_hand_card_is_referred_to_by_its_marker():
    s = combat_example()
    s.choose(0, "Kick Open the Door")
    assert GAME.plant(s.state, 1, "MARK") == 1  # Monstrous, the one card in seat 1's hand
    s.match.forget_prompts()  # the state was edited behind the match's back
    [marker] = [c.refs[0] for p in s.prompts(1) for c in p.choices if c.refs]
    assert marker.startswith("MARK-")
    assert refs(s, 1, f"Play {marker}") == [marker]
