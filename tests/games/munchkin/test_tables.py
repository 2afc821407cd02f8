"""What the rulesheet allows with the cards on the table: trades proposed by anyone,
several Items for several, Dual Citizenship at character creation, One-Shot Items
carried and used from the table, selling as often as the Gold allows; and the
bounds that stop a free action repeating without end. Scripted strictly."""

from __future__ import annotations

from munchkin_positions import everyone_passes, fetch, finish_leaving_windows, leave_window_open, table

from nbc.core.testkit.ruletests import shows
from nbc.core.testkit.scenario import Scenario
from nbc.plugins.munchkin.cards import CARDS
from nbc.plugins.munchkin.game import Munchkin

GAME = Munchkin()


def level(s: Scenario, seat: int) -> int:
    return s.view(None)["players"][seat]["level"]


def items(s: Scenario, seat: int) -> dict[str, bool]:
    return {i["name"]: i["equipped"] for i in s.view(None)["players"][seat]["items"]}


# --- trades -----------------------------------------------------------------------------


@shows("munchkin.trade.stays-in-play", "munchkin.trade.out-of-combat")
def test_a_seat_whose_turn_it_is_not_offers_several_items_for_several():
    position = table(items={0: ["axe", "top-hat"], 2: ["tuba", "elf-shoes", "holey-spoon"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(2, "Offer a trade", kind="anytime")
    s.choose(2, "Offer seat 0 a trade", kind="trade")
    s.choose(2, "Give Tuba", kind="trade")
    s.choose(2, "Give Holey Spoon", kind="trade")
    s.choose(2, "Ask for seat 0's Axe", kind="trade")
    s.choose(2, "Ask for seat 0's Top Hat", kind="trade")
    s.choose(2, "Offer Tuba, Holey Spoon for Axe, Top Hat", kind="trade")
    assert s.expect(0, "trade-answer").choices[0].label == "Take Tuba, Holey Spoon for your Axe, Top Hat"
    s.choose(0, "accept", kind="trade-answer")
    assert items(s, 0) == {"Tuba": False, "Holey Spoon": False}  # received Items are carried
    assert items(s, 2) == {"Elf Shoes": True, "Axe": False, "Top Hat": False}
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.trade.gift")
def test_an_item_may_be_given_away_to_a_seat_that_accepts_it():
    s = Scenario(GAME, "base", players=3, position=table(items={1: ["holey-spoon"]}))
    s.choose(1, "Offer a trade", kind="anytime")
    s.choose(1, "Offer seat 2 a trade", kind="trade")
    s.choose(1, "Give Holey Spoon", kind="trade")
    s.choose(1, "Offer Holey Spoon for nothing", kind="trade")
    s.choose(2, "accept", kind="trade-answer")
    assert items(s, 2) == {"Holey Spoon": False} and items(s, 1) == {}
    s.leave_open(0, "arrange")
    s.leave_open(2, "anytime")
    s.finish()


def test_after_a_declined_offer_the_seat_offers_again_only_at_the_next_step():
    position = table(items={0: ["axe"], 1: ["top-hat"]}, door_top=("spooked", "zero"))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Offer a trade")
    s.choose(0, "Offer seat 1 a trade", kind="trade")
    s.choose(0, "Give Axe", kind="trade")
    s.choose(0, "Ask for seat 1's Top Hat", kind="trade")
    s.choose(0, "offer", kind="trade")
    s.choose(1, "decline", kind="trade-answer")
    assert "trade" not in [c.id for c in s.expect(0, "arrange").choices]
    s.choose(0, "Kick Open the Door")
    assert "trade" in [c.id for c in s.expect(0, "trouble").choices]
    s.leave_open(0, "trouble")
    s.leave_open(1, "anytime")
    finish_leaving_windows(s)


# --- bribes --------------------------------------------------------------------------------


@shows("munchkin.help.bribe")
def test_a_bribe_offers_several_items_and_a_share_of_the_treasure():
    position = table(levels={0: 2, 1: 4}, items={0: ["axe", "top-hat"]}, door_top=("the-mayor",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")  # 2 + 2 + 1 against 7
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "Add Axe to the bribe", kind="bribe")
    s.choose(0, "Add Top Hat to the bribe", kind="bribe")
    s.choose(0, "Add 2 of the Treasures, you pick first", kind="bribe")
    s.choose(0, "ask", kind="bribe")
    label = "Help seat 0 for Axe, Top Hat, 2 Treasure(s), the fighter picking first"
    assert s.expect(1, "help").choices[0].label == label
    s.choose(1, "accept", kind="help")
    combat = s.view(None)["combat"]
    assert [c["name"] for c in combat["bribe_items"]] == ["Axe", "Top Hat"] and combat["bribe_share"] == 2
    assert combat["heroes_strength"] == 2 + 2 + 1 + 4  # the promised Items still count: 9 to 7
    everyone_passes(s)
    assert items(s, 1) == {"Axe": False, "Top Hat": False}  # paid once the fight is won
    assert s.expect(0, "pick")  # the fighter picks first
    s.leave_open(0, "pick")
    s.leave_open(1, "anytime")  # it may put on what it was given
    finish_leaving_windows(s)


@shows("munchkin.ruling.bribe-paid-on-win")
def test_a_bribe_is_not_paid_when_the_fight_is_lost():
    position = table(levels={0: 1, 1: 1}, items={0: ["axe"]}, door_top=("oogie-boogie",))
    s = Scenario(GAME, "base", players=3, seed=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "Add Axe to the bribe", kind="bribe")
    s.choose(0, "ask", kind="bribe")
    s.choose(1, "accept", kind="help")
    everyone_passes(s)
    assert s.view(None)["phase"] == "run"
    assert items(s, 0) == {"Axe": True} and items(s, 1) == {}
    s.leave_open(0, "run")
    s.leave_open(1, "run")
    finish_leaving_windows(s)


# --- character creation ------------------------------------------------------------------


@shows("munchkin.citizenship.dual", "munchkin.create.citizenship-and-ride")
def test_dual_citizenship_may_be_played_at_character_creation():
    def dealt(state):  # still creating characters; seat 0 was dealt these two
        for p in state.players:
            for c in p.hand.cards:
                deck = state.door_deck if CARDS[state.cards[c]].deck == "door" else state.treasure_deck
                deck.cards.insert(0, c)
            p.hand.cards = []
        state.players[0].hand.cards = [fetch(state, "easter-town"), fetch(state, "dual-citizenship")]

    s = Scenario(GAME, "base", players=3, seed=1, position=dealt)
    assert s.view(None)["phase"] == "create"
    assert [c.label for c in s.expect(0, "create").choices] == ["Play Easter Town", "Ready"]
    s.choose(0, "Play Easter Town", kind="create")
    s.choose(0, "Play Dual Citizenship", kind="create")
    me = s.view(None)["players"][0]
    assert [c["name"] for c in me["citizenships"]] == ["Easter Town"] and me["dual"][
        "name"
    ] == "Dual Citizenship"
    for seat in range(3):
        s.leave_open(seat, "create")
    s.finish()


# --- One-Shot Items on the table -----------------------------------------------------------


@shows("munchkin.one-shot.use", "munchkin.combat.one-shots")
def test_a_one_shot_item_is_carried_on_the_table_and_used_from_there_in_a_fight():
    position = table(levels={0: 2}, hands={0: ["pumpkin-bomb"]}, door_top=("the-mayor",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Put Pumpkin Bomb on the table")
    assert items(s, 0) == {"Pumpkin Bomb": False}  # carried, never equipped
    assert s.view(None)["players"][0]["strength"] == 2  # it gives nothing until used
    s.choose(0, "Kick Open the Door")  # 2 against 7
    s.choose(0, "Use Pumpkin Bomb from the table", kind="combat")
    s.choose(0, "heroes", kind="side")
    assert s.view(None)["combat"]["heroes_strength"] == 2 + 4
    assert items(s, 0) == {}
    leave_window_open(s)
    s.finish()


def test_a_one_shot_item_on_the_table_counts_as_an_item_for_sale_and_trade():
    position = table(levels={0: 2}, items={0: ["coffin-shield"]}, hands={0: ["pumpkin-bomb"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Put Pumpkin Bomb on the table")
    s.choose(0, "Sell Items for levels")
    s.choose(0, "Add Coffin Shield to the sale", kind="sale")
    s.choose(0, "Add Pumpkin Bomb to the sale", kind="sale")
    s.choose(0, "Sell for 1 level(s) (1000 Gold, no change)", kind="sale")
    assert level(s, 0) == 3 and items(s, 0) == {}
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


# --- bounds, in place of caps per turn -----------------------------------------------------


def test_items_may_be_sold_more_than_once_a_turn():
    position = table(
        levels={0: 2},
        items={0: ["snowball-cannon", "christmas-tree"]},
        hands={0: ["coffin-shield", "bone-club"]},
    )
    s = Scenario(GAME, "base", players=3, position=position)
    for first, second in (("Snowball Cannon", "Christmas Tree"), ("Coffin Shield", "Bone Club")):
        s.choose(0, "Sell Items for levels")
        s.choose(0, f"Add {first} to the sale", kind="sale")
        s.choose(0, f"Add {second} to the sale", kind="sale")
        s.choose(0, "sell", kind="sale")
    assert level(s, 0) == 4
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


def test_a_sale_called_off_is_not_started_again_until_the_seat_s_cards_change():
    position = table(levels={0: 2}, items={0: ["snowball-cannon", "christmas-tree"]}, hands={0: ["axe"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Sell Items for levels")
    s.choose(0, "Call off the sale", kind="sale")
    assert "sell" not in [c.id for c in s.expect(0, "arrange").choices]
    s.choose(0, "Play Axe")  # its cards changed: a sale may be started again
    assert "sell" in [c.id for c in s.expect(0, "arrange").choices]
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


def test_an_item_is_not_put_back_on_while_nothing_else_changed():
    """Putting the Top Hat back on would only undo the change just made."""
    position = table(items={0: ["top-hat"]})

    def with_bat_hat(state):
        position(state)
        state.players[0].items.append(fetch(state, "bat-hat"))

    s = Scenario(GAME, "base", players=3, position=with_bat_hat)
    s.choose(0, "Put on Bat Hat")
    s.choose(0, "Put on Top Hat")
    assert not any(c.id.startswith("on:") for c in s.expect(0, "arrange").choices)  # not the Bat Hat again
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


def test_halloween_town_may_discard_more_than_three_monsters_in_a_fight():
    hand = ["zero", "igor", "bat-swarm", "mummy-kid"]
    position = table(citizenships={0: ["halloween-town"]}, hands={0: hand}, door_top=("doctor-finkelstein",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    for monster in ("Zero", "Igor", "Bat Swarm", "Mummy Kid"):
        s.choose(0, f"Halloween Town: discard {monster} for +3", kind="combat")
    assert s.view(None)["combat"]["heroes_strength"] == 1 + 4 * 3
    leave_window_open(s)
    s.finish()
