"""Who may act when: the any-time windows of the seats whose turn it is not, cards
received outside one's turn, and what the player whose turn it is may do at each
step (docs/games/munchkin.md, "Who may act when"). Scripted strictly.

The seats a match waits for are public, so who is asked must tell nothing of a hand:
every living seat off turn that has not closed its window is asked, with a pass at
least, and a receiver is asked about what it received, whatever the cards are."""

from __future__ import annotations

from munchkin_positions import everyone_passes, fetch, finish_leaving_windows, table

from nbc.core.testkit.ruletests import shows
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
    assert asked(s) == [1, 2]  # seat 2, with nothing to play, is asked as well
    assert labels(s, 1) == ["Pass", "Play Trick or Treat!"]
    assert labels(s, 2) == ["Pass"]
    s.choose(1, "Play Trick or Treat!", kind="anytime")
    s.choose(1, "On seat 1", kind="target")
    assert level(s, 1) == 3
    assert asked(s) == [1, 2]  # nothing left to play: seat 1's window stays open all the same
    assert labels(s, 1) == ["Pass"]
    s.choose(1, "Pass", kind="anytime")
    s.choose(2, "Pass", kind="anytime")
    assert asked(s) == []  # both passed: only the turn player is asked
    s.leave_open(0, "arrange")
    s.finish()


def test_a_card_whose_play_waits_on_a_target_is_announced_to_everyone():
    """The seat choosing a target is the seat everyone waits for: the card it plays is
    announced to all, and is among its hand's known cards while it decides."""
    s = Scenario(GAME, "base", players=3, position=table(levels={1: 2}, hands={1: ["trick-or-treat"]}))
    s.choose(1, "Play Trick or Treat!", kind="anytime")
    assert asked(s, "target") == [1] and [p.seat for p in s.prompts()] == [1]
    [playing] = s.events(None, kind="playing", since_last=True)  # a spectator sees it too
    assert playing.text == "seat 1 plays Trick or Treat!"
    for viewer in (None, 0, 2):
        assert [c["name"] for c in s.view(viewer)["players"][1]["known"]] == ["Trick or Treat!"]
    s.choose(1, "On seat 1", kind="target")
    assert s.view(None)["players"][1]["known"] == []  # played: no longer in the hand
    finish_leaving_windows(s, (0, "arrange"))


def test_another_seat_curses_the_turn_player_before_the_door_is_kicked_open():
    position = table(items={0: ["top-hat", "axe"]}, hands={2: ["wind-blows-your-hair"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(2, "Play The Wind Blows Your Hair", kind="anytime")
    s.choose(2, "On seat 0", kind="target")
    assert [i["name"] for i in s.view(None)["players"][0]["items"]] == ["Axe"]
    finish_leaving_windows(s, (0, "arrange"))


def test_a_ride_may_be_played_outside_one_s_turn_and_the_window_stays_open_for_more_cards():
    s = Scenario(GAME, "base", players=3, position=table(hands={1: ["sled", "spooked"]}))
    s.choose(1, "Play Sled", kind="anytime")
    assert s.view(None)["players"][1]["ride"]["name"] == "Sled"
    assert labels(s, 1) == ["Pass", "Play Spooked!"]
    s.choose(1, "Pass", kind="anytime")
    assert asked(s) == [2]  # seat 1's pass closed its window; seat 2 has not passed
    s.leave_open(0, "arrange")
    s.leave_open(2, "anytime")
    s.finish()


def test_a_citizenship_may_be_given_up_outside_one_s_turn_and_that_closes_the_window():
    """Giving up a Citizenship changes the seat's table: its window closes until the next
    one opens, though it still holds a Curse."""
    position = table(citizenships={1: ["easter-town"]}, hands={1: ["spooked"]})
    s = Scenario(GAME, "base", players=3, position=position)
    assert labels(s, 1) == ["Pass", "Play Spooked!", "Give up Easter Town"]
    s.choose(1, "Give up Easter Town", kind="anytime")
    assert s.view(None)["players"][1]["citizenships"] == []
    assert asked(s) == [2]  # seat 1's window is closed, seat 2's still open
    s.leave_open(0, "arrange")
    s.leave_open(2, "anytime")
    s.finish()


def test_a_seat_with_nothing_to_play_is_asked_all_the_same_and_may_only_pass():
    """A monster, an Item, an Enhancer or a Citizenship in hand cannot be played outside
    one's own turn (outside a fight): those seats are asked all the same, with a pass
    only, exactly as seats with empty hands are, so being asked tells nothing of a hand."""
    position = table(hands={1: ["zero", "top-hat", "easter-town"], 2: ["monstrous", "wandering-monster"]})
    s = Scenario(GAME, "base", players=3, position=position)
    assert asked(s) == [1, 2]
    assert labels(s, 1) == labels(s, 2) == ["Pass"]
    empty = Scenario(GAME, "base", players=3, position=table())
    assert [(p.seat, p.kind, p.choices) for p in s.prompts()] == [
        (p.seat, p.kind, p.choices) for p in empty.prompts()
    ]
    s.choose(1, "Pass", kind="anytime")
    s.choose(2, "Pass", kind="anytime")
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
    assert asked(s) == []  # every window is closed for the rest of the turn
    s.choose(0, "Loot the Room")
    s.choose(0, "End your turn", kind="charity")
    assert s.view(None)["turn"] == 1  # seat 1's turn: seat 2's window is open again
    assert asked(s) == [0, 2]
    assert labels(s, 2) == ["Pass", "Play Sled"]
    s.leave_open(1, "arrange")
    s.leave_open(0, "anytime")
    s.leave_open(2, "anytime")
    s.finish()


def test_cards_played_any_time_are_offered_to_a_seat_out_of_the_fight_while_it_runs_its_course():
    """After the fight, while the fighter runs away, another seat may still curse it."""
    position = table(levels={0: 1}, hands={2: ["cold-shoulder"]}, door_top=("mr-hyde",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    assert asked(s, "run") == [0] and asked(s) == [1, 2]
    assert labels(s, 2) == ["Pass", "Play Cold Shoulder"]
    assert labels(s, 1) == ["Pass"]
    s.leave_open(0, "run")
    s.leave_open(1, "anytime")
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
    s.leave_open(2, "anytime")
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
    assert asked(s, "run") == [0] and asked(s) == [1, 2]
    assert "Offer a trade" in labels(s, 1)
    s.leave_open(0, "run")
    s.leave_open(1, "anytime")
    s.leave_open(2, "anytime")
    s.finish()


# --- cards received outside one's turn ----------------------------------------------------


def test_a_citizenship_received_as_charity_may_be_played_at_once():
    position = table(
        levels={0: 5, 1: 1, 2: 3},
        hands={0: ["christmas-town", *MONSTERS[:4]], 1: ["easter-town"]},
        door_top=("spooked", "creepy-crawlies"),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    assert labels(s, 1) == ["Pass"]  # seat 1 may not play the Easter Town it holds: not its turn
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Loot the Room")
    s.choose(0, "charity")
    gift = next(c.id for c in s.expect(0, "charity").choices if "Christmas Town" in c.label)
    s.choose(0, gift)
    assert [p.seat for p in s.prompts()] == [1]  # the receiver first, before anything else
    assert labels(s, 1, "received") == ["Play Christmas Town", "Keep them in your hand"]
    s.choose(1, "Play Christmas Town", kind="received")
    assert [c["name"] for c in s.view(None)["players"][1]["citizenships"]] == ["Christmas Town"]
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


def test_a_receiver_is_asked_about_cards_it_cannot_play_and_keeps_them():
    """A monster given in Charity cannot be played at once: its receiver is asked all the
    same (whether a receiver has a decision to make is public), and may only keep it."""
    position = table(
        levels={0: 5, 1: 1, 2: 3},
        hands={0: MONSTERS},
        door_top=("spooked", "creepy-crawlies"),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Loot the Room")
    s.choose(0, "charity")
    s.choose(0, next(c.id for c in s.expect(0, "charity").choices if "Zero" in c.label))
    assert [p.seat for p in s.prompts()] == [1]
    assert labels(s, 1, "received") == ["Keep them in your hand"]
    s.choose(1, "Keep them in your hand", kind="received")
    assert "Zero" in [c["name"] for c in s.view(1)["players"][1]["hand"]["cards"]]
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.received.play-at-once")
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
    s.leave_open(2, "anytime")
    s.finish()


def test_after_playing_one_of_several_cards_received_the_receiver_is_asked_about_the_rest():
    """The fighter picks first and takes its one Treasure: the helper receives the other
    two at once, plays one, and is asked again about the one still in its hand."""
    position = table(
        levels={0: 6, 1: 6}, door_top=("harlequin-demon",), treasure_top=("axe", "snowball", "top-hat")
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "Add 2 of the Treasures, you pick first", kind="bribe")
    s.choose(0, "ask", kind="bribe")
    s.choose(1, "accept", kind="help")
    everyone_passes(s)
    s.choose(0, "Take Snowball", kind="pick")
    assert labels(s, 1, "received") == ["Play Axe", "Play Top Hat", "Keep them in your hand"]
    s.choose(1, "Play Axe", kind="received")
    assert [p.seat for p in s.prompts()] == [1]
    assert labels(s, 1, "received") == ["Play Top Hat", "Keep them in your hand"]
    s.choose(1, "Keep them in your hand", kind="received")
    assert [i["name"] for i in s.view(None)["players"][1]["items"]] == ["Axe"]
    assert [c["name"] for c in s.view(1)["players"][1]["hand"]["cards"]] == ["Top Hat"]
    s.leave_open(0, "charity")
    finish_leaving_windows(s)


# --- the player whose turn it is -------------------------------------------------------------


@shows("munchkin.treasure.when-played")
def test_the_turn_player_may_play_an_item_before_looking_for_trouble():
    s = Scenario(GAME, "base", players=3, position=table(hands={0: ["axe"]}, door_top=("spooked",)))
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Play Axe", kind="trouble")
    assert [i["name"] for i in s.view(None)["players"][0]["items"]] == ["Axe"]
    finish_leaving_windows(s, (0, "trouble"))


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
    s.leave_open(2, "anytime")
    s.finish()
