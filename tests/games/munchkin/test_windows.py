"""Who may act when: the any-time windows of the seats whose turn it is not, cards
received outside one's turn, and what the player whose turn it is may do at each
step (docs/games/munchkin.md, "Who may act when"). Scripted strictly."""

from __future__ import annotations

from munchkin_positions import everyone_passes, fetch, table

from nbc.core.testkit.scenario import Scenario
from nbc.plugins.munchkin.game import Munchkin

GAME = Munchkin()
MONSTERS = ["zero", "igor", "bat-swarm", "corpse-kid", "mummy-kid"]


def level(s: Scenario, seat: int) -> int:
    return s.view(None)["players"][seat]["level"]


def asked(s: Scenario, kind: str = "anytime") -> list[int]:
    return sorted(p.seat for p in s.prompts() if p.kind == kind)


def labels(s: Scenario, seat: int, kind: str = "anytime") -> list[str]:
    return [c.label for c in s.expect(seat, kind).choices]


# --- any time: Go Up a Level, Curses, Rides, giving up a Citizenship -------------------


def test_another_seat_plays_go_up_a_level_during_the_turn_player_s_arrange_step():
    s = Scenario(GAME, "base", players=3, position=table(levels={1: 2}, hands={1: ["trick-or-treat"]}))
    assert asked(s) == [1]
    assert labels(s, 1) == ["Pass", "Play Trick or Treat!"]
    s.choose(1, "Play Trick or Treat!", kind="anytime")
    s.choose(1, "On seat 1", kind="target")
    assert level(s, 1) == 3
    assert asked(s) == []  # nothing left to play: nobody is asked
    s.leave_open(0, "arrange")
    s.finish()


def test_another_seat_curses_the_turn_player_before_the_door_is_kicked_open():
    position = table(items={0: ["top-hat", "axe"]}, hands={2: ["wind-blows-your-hair"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(2, "Play The Wind Blows Your Hair", kind="anytime")
    s.choose(2, "On seat 0", kind="target")
    assert [i["name"] for i in s.view(None)["players"][0]["items"]] == ["Axe"]
    s.leave_open(0, "arrange")
    s.finish()


def test_a_ride_may_be_played_outside_one_s_turn_and_the_window_stays_open_for_more_cards():
    s = Scenario(GAME, "base", players=3, position=table(hands={1: ["sled", "spooked"]}))
    s.choose(1, "Play Sled", kind="anytime")
    assert s.view(None)["players"][1]["ride"]["name"] == "Sled"
    assert labels(s, 1) == ["Pass", "Play Spooked!"]
    s.choose(1, "Pass", kind="anytime")
    assert asked(s) == []
    s.leave_open(0, "arrange")
    s.finish()


def test_a_citizenship_may_be_given_up_outside_one_s_turn_and_that_closes_the_window():
    """Giving up a Citizenship changes the seat's table: its window closes until the next
    one opens, though it still holds a Curse."""
    position = table(citizenships={1: ["easter-town"]}, hands={1: ["spooked"]})
    s = Scenario(GAME, "base", players=3, position=position)
    assert labels(s, 1) == ["Pass", "Play Spooked!", "Give up Easter Town"]
    s.choose(1, "Give up Easter Town", kind="anytime")
    assert s.view(None)["players"][1]["citizenships"] == []
    assert asked(s) == []
    s.leave_open(0, "arrange")
    s.finish()


def test_a_window_nobody_can_use_asks_nobody():
    """A monster, an Item, an Enhancer or a Citizenship in hand cannot be played outside
    one's own turn (outside a fight): those seats get no prompt."""
    position = table(hands={1: ["zero", "top-hat", "easter-town"], 2: ["monstrous", "wandering-monster"]})
    s = Scenario(GAME, "base", players=3, position=position)
    assert [p.seat for p in s.prompts()] == [0]
    s.leave_open(0, "arrange")
    s.finish()


def test_a_pass_closes_the_window_until_the_next_turn_opens_it_again():
    position = table(hands={1: ["spooked"], 2: ["sled"]}, door_top=("black-cat", "creepy-crawlies"))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(1, "Pass", kind="anytime")
    s.choose(0, "Kick Open the Door")  # a Curse: seat 0 keeps Black Cat
    assert asked(s) == [2]  # seat 1 passed: it is not asked after the door either
    s.choose(2, "Pass", kind="anytime")
    s.choose(0, "Loot the Room")
    assert s.view(None)["turn"] == 1  # seat 1's turn: seat 2's window is open again
    assert asked(s) == [2]
    s.leave_open(1, "arrange")
    s.leave_open(2, "anytime")
    s.finish()


def test_cards_played_any_time_are_offered_to_a_seat_out_of_the_fight_while_it_runs_its_course():
    """After the fight, while the fighter runs away, another seat may still curse it."""
    position = table(levels={0: 1}, hands={2: ["cold-shoulder"]}, door_top=("mr-hyde",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    assert asked(s, "run") == [0] and asked(s) == [2]
    s.leave_open(0, "run")
    s.leave_open(2, "anytime")
    s.finish()


# --- outside combat: equipment and trades, for every seat ---------------------------------


def test_another_seat_changes_its_equipment_outside_its_turn():
    position = table(items={1: ["top-hat"]})

    def with_bat_hat(state):
        position(state)
        state.players[1].items.append(fetch(state, "bat-hat"))  # carried, not equipped

    s = Scenario(GAME, "base", players=3, position=with_bat_hat)
    assert labels(s, 1) == ["Pass", "Put on Bat Hat", "Offer a trade"]
    s.choose(1, "Put on Bat Hat", kind="anytime")
    items = {i["name"]: i["equipped"] for i in s.view(None)["players"][1]["items"]}
    assert items == {"Top Hat": False, "Bat Hat": True}
    s.choose(1, "Put on Top Hat", kind="anytime")
    assert labels(s, 1) == ["Pass", "Offer a trade"]  # each Item goes on once while nothing changes
    s.leave_open(0, "arrange")
    s.leave_open(1, "anytime")
    s.finish()


def test_a_seat_out_of_the_fight_changes_its_equipment_during_it_and_trades_after_it():
    """Only the fighters are in combat: a seat out of the fight may put on its Items in
    the fight's window (not the fighter), and offers trades once the fight is over."""
    position = table(levels={0: 1}, items={0: ["top-hat"], 1: ["skeleton-suit"]}, door_top=("mr-hyde",))

    def spares(state):
        position(state)
        state.players[0].items.append(fetch(state, "pumpkin-head"))  # carried, not equipped
        state.players[1].items.append(fetch(state, "spider-web-cape"))

    s = Scenario(GAME, "base", players=3, position=spares)
    s.choose(0, "Kick Open the Door")
    assert not any(label.startswith("Put on") for label in labels(s, 0, "combat"))
    assert labels(s, 1, "combat") == ["Pass", "Put on Spider Web Cape"]  # no trade offer in the fight
    s.choose(1, "Put on Spider Web Cape", kind="combat")
    cape = {i["name"]: i["equipped"] for i in s.view(None)["players"][1]["items"]}
    assert cape == {"Skeleton Suit": False, "Spider Web Cape": True}
    s.choose(1, "Put on Skeleton Suit", kind="combat")  # back as it was
    assert labels(s, 1, "combat") == ["Pass"]  # an Item goes on once while nothing else changes
    everyone_passes(s)
    assert asked(s, "run") == [0]
    assert "Offer a trade" in labels(s, 1)
    s.leave_open(0, "run")
    s.leave_open(1, "anytime")
    s.finish()


# --- cards received outside one's turn ----------------------------------------------------


def test_a_citizenship_received_as_charity_may_be_played_at_once():
    position = table(
        levels={0: 5, 1: 1, 2: 3},
        hands={0: ["christmas-town", *MONSTERS[:4]], 1: ["easter-town"]},
        door_top=("spooked", "creepy-crawlies"),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    assert asked(s) == []  # seat 1 may not play the Easter Town it holds: not its turn
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Loot the Room")
    s.choose(0, "charity")
    gift = next(c.id for c in s.expect(0, "charity").choices if "Christmas Town" in c.label)
    s.choose(0, gift)
    assert labels(s, 1, "received") == ["Play Christmas Town", "Keep them in your hand"]
    s.choose(1, "Play Christmas Town", kind="received")
    assert [c["name"] for c in s.view(None)["players"][1]["citizenships"]] == ["Christmas Town"]
    s.leave_open(1, "arrange")
    s.finish()


def test_the_helper_may_play_a_treasure_it_receives_at_once():
    position = table(levels={0: 3, 1: 4}, door_top=("mr-hyde",), treasure_top=("axe", "snowball"))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "Add 1 of the Treasures, helper picks first", kind="bribe")
    s.choose(0, "ask", kind="bribe")
    s.choose(1, "accept", kind="help")
    everyone_passes(s)
    s.choose(1, "Take Axe", kind="pick")
    s.choose(1, "Play Axe", kind="received")
    assert [(i["name"], i["equipped"]) for i in s.view(None)["players"][1]["items"]] == [("Axe", True)]
    s.leave_open(0, "charity")
    s.leave_open(1, "anytime")
    s.finish()


# --- the player whose turn it is -------------------------------------------------------------


def test_the_turn_player_may_play_an_item_before_looking_for_trouble():
    s = Scenario(GAME, "base", players=3, position=table(hands={0: ["axe"]}, door_top=("spooked",)))
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Play Axe", kind="trouble")
    assert [i["name"] for i in s.view(None)["players"][0]["items"]] == ["Axe"]
    s.leave_open(0, "trouble")
    s.finish()


def test_the_turn_player_changes_equipment_after_a_fight():
    position = table(levels={0: 3}, items={0: ["top-hat"]}, door_top=("jewel-finkelstein",))

    def bat_hat(state):
        position(state)
        state.players[0].items.append(fetch(state, "bat-hat"))

    s = Scenario(GAME, "base", players=3, position=bat_hat)
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    assert level(s, 0) == 4
    s.choose(0, "Put on Bat Hat", kind="charity")
    assert s.view(None)["players"][0]["strength"] == 4 + 2
    s.choose(0, "End your turn", kind="charity")
    s.leave_open(1, "arrange")
    s.leave_open(0, "anytime")
    s.finish()
