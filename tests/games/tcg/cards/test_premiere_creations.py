"""The Premiere Creations, one card at a time: each test lays out an exact table, scripts
every choice and checks what the card's printed effect changes (or, for a price rule,
what the card costs), with the case where its condition fails beside it."""

from __future__ import annotations

import pytest
from tcgkit import christmas_table, discard, hand, labels, price, row, table

from nbc.core.testkit.cardtests import covers


# --- Christmas Casket ---------------------------------------------------------------------
@covers("christmas-casket")
def test_christmas_casket_refills_the_hand_to_seven_when_jack_is_at_town_square(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("town-square", ["jack-skellington-the-pumpkin-king"])]},
        hands={0: ["christmas-casket", "igor"]},
        decks={0: ["zero", "clown", "fire", "reaper", "cyclops", "devil", "behemoth", "wolfman"]},
        pp={0: 6},
    )
    s.choose(0, "Play Christmas Casket (6 PP)")
    assert s.expect(0, "may").text == "Fill your hand to 7?"  # "may": the player is asked
    s.choose(0, "Yes")
    assert hand(s, 0) == sorted(["igor", "zero", "clown", "fire", "reaper", "cyclops", "devil"])
    assert [c for c in s.state.players[0].creations if s.state.cards[c] == "christmas-casket"]


def test_christmas_casket_may_be_declined(tcg):
    s = table(
        tcg,
        rows={0: [("town-square", ["jack-skellington-the-pumpkin-king"])]},
        hands={0: ["christmas-casket"]},
        decks={0: ["zero", "clown"]},
        pp={0: 6},
    )
    s.choose(0, "Play Christmas Casket (6 PP)")
    s.choose(0, "No")
    assert hand(s, 0) == []
    s.expect(0, "turn")


def test_christmas_casket_draws_nothing_when_jack_is_elsewhere(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["jack-skellington-the-pumpkin-king"]), ("town-square", [])]},
        hands={0: ["christmas-casket"]},
        decks={0: ["zero", "clown"]},
        pp={0: 6},
    )
    s.choose(0, "Play Christmas Casket (6 PP)")
    assert hand(s, 0) == []
    s.expect(0, "turn")  # no question was asked


# --- Christmas Tree Bats ------------------------------------------------------------------
@covers("christmas-tree-bats")
def test_christmas_tree_bats_cost_two_less_with_corpse_mom_beside_the_bass_player(tcg):
    together = table(
        tcg,
        rows={0: [("jacks-house", ["corpse-mom", "bass-player"])]},
        hands={0: ["christmas-tree-bats"]},
        pp={0: 1},
    )
    assert price(together, 0, "Christmas Tree Bats") == 1
    together.choose(0, "Play Christmas Tree Bats (1 PP)")
    assert together.state.players[0].pp == 0
    apart = table(
        tcg,
        rows={0: [("jacks-house", ["corpse-mom"]), ("town-hall", ["bass-player"])]},
        hands={0: ["christmas-tree-bats"]},
        pp={0: 3},
    )
    assert price(apart, 0, "Christmas Tree Bats") == 3


# --- Dead Head ----------------------------------------------------------------------------
@covers("dead-head")
def test_dead_head_takes_a_card_from_the_discard_pile_with_undersea_gal_in_town(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["undersea-gal"])]},
        hands={0: ["dead-head"]},
        discards={0: ["fire", "zero"]},
        pp={0: 3},
    )
    s.choose(0, "Play Dead Head (3 PP)")
    s.choose(0, "Take Fire!", kind="recover")
    assert hand(s, 0) == ["fire"]
    assert discard(s, 0) == ["zero"]


def test_dead_head_takes_nothing_without_undersea_gal(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["igor"])]},
        hands={0: ["dead-head"]},
        discards={0: ["fire"]},
        pp={0: 3},
    )
    s.choose(0, "Play Dead Head (3 PP)")
    assert hand(s, 0) == []
    s.expect(0, "turn")


# --- Delightful Hat -----------------------------------------------------------------------
@covers("delightful-hat")
def test_delightful_hat_costs_two_less_for_a_discard_with_harlequin_demon_in_town(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["harlequin-demon"])]},
        hands={0: ["delightful-hat", "zero"]},
        pp={0: 2},
    )
    s.choose(0, "Play Delightful Hat (4 PP)")
    s.choose(0, "Discard a card: Zero (Ghost Dog)", kind="discount")
    assert s.state.players[0].pp == 0
    assert discard(s, 0) == ["zero"]
    assert [s.state.cards[c] for c in s.state.players[0].creations] == ["delightful-hat"]


def test_delightful_hat_offers_no_discount_without_harlequin_demon(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["igor"])]}, hands={0: ["delightful-hat", "zero"]}, pp={0: 2})
    assert price(s, 0, "Delightful Hat") is None  # 4 PP, no cut: not playable with 2
    s = table(tcg, rows={0: [("jacks-house", ["igor"])]}, hands={0: ["delightful-hat", "zero"]}, pp={0: 4})
    s.choose(0, "Play Delightful Hat (4 PP)")
    assert s.state.players[0].pp == 0 and hand(s, 0) == ["zero"]  # not asked to discard


# --- Eager Anaconda -----------------------------------------------------------------------
@covers("eager-anaconda")
def test_eager_anaconda_costs_three_less_for_discarding_corpse_dad(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["corpse-dad", "igor", "zero"])]},
        hands={0: ["eager-anaconda"]},
        pp={0: 2},
    )
    s.choose(0, "Play Eager Anaconda (5 PP)")
    s.choose(0, "Discard Corpse Dad from play: Corpse Dad (Ned)", kind="discount")
    assert s.state.players[0].pp == 0
    assert row(s, 0) == [("jacks-house", ["igor", "zero"])]
    assert discard(s, 0) == ["corpse-dad"]


@covers("eager-anaconda")
def test_eager_anaconda_takes_no_character_that_cannot_be_discarded_from_play(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("tree-circle", ["sandy-claws", "igor"])]},
        hands={0: ["eager-anaconda"]},
        pp={0: 2},
    )
    # Sandy Claws cannot be discarded from play, so Igor alone cannot make the pair
    assert "Play Eager Anaconda (5 PP)" not in labels(s, 0)


def test_eager_anaconda_costs_three_less_for_discarding_two_other_characters(tcg):
    s = table(
        tcg, rows={0: [("jacks-house", ["igor", "zero", "clown"])]}, hands={0: ["eager-anaconda"]}, pp={0: 2}
    )
    s.choose(0, "Play Eager Anaconda (5 PP)")
    s.choose(0, "Discard two Characters from play: Igor (Faithful Lackey)", kind="discount")
    assert "Pay 5 without discarding more" not in labels(s, 0, "discount")  # the pair goes together
    s.choose(0, "Discard two Characters from play: Zero (Ghost Dog)", kind="discount")
    assert s.state.players[0].pp == 0
    assert row(s, 0) == [("jacks-house", ["clown"])]


# --- Fender Bender ------------------------------------------------------------------------
@covers("fender-bender")
def test_fender_bender_returns_an_opponents_cheap_creation_with_corpse_kid_in_town(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["corpse-kid"])], 1: [("oogies-lair", [])]},
        creations={1: ["road-kill", "jingle-bells"]},
        hands={0: ["fender-bender"]},
        pp={0: 3},
    )
    s.choose(0, "Play Fender Bender (3 PP)")  # Jingle Bells (4) is out of reach: Road Kill goes
    assert hand(s, 1) == ["road-kill"]
    assert [s.state.cards[c] for c in s.state.players[1].creations] == ["jingle-bells"]


def test_fender_bender_returns_nothing_without_corpse_kid(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["corpse-dad"])], 1: [("oogies-lair", [])]},
        creations={1: ["road-kill"]},
        hands={0: ["fender-bender"]},
        pp={0: 3},
    )
    s.choose(0, "Play Fender Bender (3 PP)")
    assert hand(s, 1) == []


# --- Jack in the Box ----------------------------------------------------------------------
@covers("jack-in-the-box")
def test_jack_in_the_box_may_search_six_for_a_surprise_with_the_clown_in_town(tcg):
    deck = ["fire", "igor", "fetch", "zero", "clown", "reaper", "behemoth"]
    s = table(
        tcg,
        rows={0: [("jacks-house", ["clown"])]},
        hands={0: ["jack-in-the-box"]},
        decks={0: deck},
        pp={0: 4},
    )
    s.choose(0, "Play Jack in the Box (4 PP)")
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Take Fetch", kind="search-take")
    assert hand(s, 0) == ["fetch"]
    assert sorted(discard(s, 0)) == sorted(["fire", "igor", "zero", "clown", "reaper"])


def test_jack_in_the_box_without_the_clown_searches_nothing(tcg):
    s = table(
        tcg, rows={0: [("jacks-house", [])]}, hands={0: ["jack-in-the-box"]}, decks={0: ["fetch"]}, pp={0: 4}
    )
    s.choose(0, "Play Jack in the Box (4 PP)")
    s.expect(0, "turn")
    assert hand(s, 0) == [] and discard(s, 0) == []


# --- Jingle Bells -------------------------------------------------------------------------
@covers("jingle-bells")
def test_jingle_bells_costs_one_less_per_player_in_town(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["sax-player", "igor"]), ("town-hall", ["bass-player"])]},
        hands={0: ["jingle-bells"]},
        pp={0: 4},
    )
    assert price(s, 0, "Jingle Bells") == 2  # Igor is no Player
    s = table(tcg, rows={0: [("jacks-house", ["igor"])]}, hands={0: ["jingle-bells"]}, pp={0: 4})
    assert price(s, 0, "Jingle Bells") == 4


# --- Jumbo Treat Bag ----------------------------------------------------------------------
@covers("jumbo-treat-bag")
def test_jumbo_treat_bag_costs_three_less_when_lock_shock_and_barrel_share_a_locale(tcg):
    trio = ["lock-little-devil", "shock-little-hag", "barrel-little-skeleton"]
    s = table(tcg, rows={0: [("oogies-lair", trio)]}, hands={0: ["jumbo-treat-bag"]}, pp={0: 5})
    assert price(s, 0, "Jumbo Treat Bag") == 2
    s = table(
        tcg,
        rows={0: [("oogies-lair", trio[:2]), ("town-hall", trio[2:])]},
        hands={0: ["jumbo-treat-bag"]},
        pp={0: 5},
    )
    assert price(s, 0, "Jumbo Treat Bag") == 5


# --- Marie Antoinette Doll ----------------------------------------------------------------
@covers("marie-antoinette-doll")
def test_marie_antoinette_doll_makes_the_chosen_player_discard_at_random(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["mummy-boy"])], 1: [("oogies-lair", [])]},
        hands={0: ["marie-antoinette-doll", "igor"], 1: ["fire"]},
        pp={0: 3},
    )
    s.choose(0, "Play Marie Antoinette Doll (3 PP)")
    assert [c.label for c in s.expect(0, "choose").choices] == ["seat 0", "seat 1"]
    s.choose(0, "seat 1")
    assert hand(s, 1) == [] and discard(s, 1) == ["fire"]
    assert hand(s, 0) == ["igor"]


def test_marie_antoinette_doll_does_nothing_without_mummy_boy(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["marie-antoinette-doll"], 1: ["fire"]},
        pp={0: 3},
    )
    s.choose(0, "Play Marie Antoinette Doll (3 PP)")
    s.expect(0, "turn")
    assert hand(s, 1) == ["fire"]


# --- Nutcracker ---------------------------------------------------------------------------
@covers("nutcracker")
def test_nutcracker_trades_any_number_of_cards_for_as_many_new_ones_with_behemoth(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["behemoth"])]},
        hands={0: ["nutcracker", "igor", "zero", "fire"]},
        decks={0: ["clown", "reaper", "cyclops"]},
        pp={0: 3},
    )
    s.choose(0, "Play Nutcracker (3 PP)")
    s.choose(0, "Discard Igor (Faithful Lackey)", kind="discard")
    s.choose(0, "Discard Zero (Ghost Dog)", kind="discard")
    s.choose(0, "Discard no more", kind="discard")  # "any number": the player stops when they like
    assert hand(s, 0) == ["clown", "fire", "reaper"]
    assert discard(s, 0) == ["igor", "zero"]


def test_nutcracker_without_behemoth_trades_nothing(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["nutcracker", "igor"]},
        decks={0: ["clown"]},
        pp={0: 3},
    )
    s.choose(0, "Play Nutcracker (3 PP)")
    s.expect(0, "turn")
    assert hand(s, 0) == ["igor"]


# --- Oogie's Dice -------------------------------------------------------------------------
@covers("oogies-dice")
def test_oogies_dice_may_move_oogie_out_of_his_lair_for_free(tcg):
    oogie = "oogie-boogie-meanest-guy-around"
    s = table(
        tcg,
        rows={0: [("oogies-lair", [oogie]), ("town-hall", []), ("the-well", [])]},
        hands={0: ["oogies-dice"]},
        pp={0: 4},
    )
    s.choose(0, "Play Oogie's Dice (4 PP)")
    assert "Choose none" in labels(s, 0, "choose")  # "may": Oogie can stay
    s.choose(0, "Oogie Boogie (Meanest Guy Around) at seat 0's Oogie's Lair")
    s.choose(0, "The Well", kind="destination")  # any Locale, not only the next one
    assert row(s, 0) == [("oogies-lair", []), ("town-hall", []), ("the-well", [oogie])]


def test_oogies_dice_moves_nobody_when_oogie_is_not_in_his_lair(tcg):
    oogie = "oogie-boogie-meanest-guy-around"
    s = table(
        tcg, rows={0: [("oogies-lair", []), ("town-hall", [oogie])]}, hands={0: ["oogies-dice"]}, pp={0: 4}
    )
    s.choose(0, "Play Oogie's Dice (4 PP)")
    s.expect(0, "turn")
    assert row(s, 0) == [("oogies-lair", []), ("town-hall", [oogie])]


# --- Road Kill ----------------------------------------------------------------------------
@covers("road-kill")
def test_road_kill_draws_two_with_decomposing_guy_in_town(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["decomposing-guy"])]},
        hands={0: ["road-kill"]},
        decks={0: ["igor", "zero", "clown"]},
        pp={0: 3},
    )
    s.choose(0, "Play Road Kill (3 PP)")
    assert hand(s, 0) == ["igor", "zero"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["road-kill"]}, decks={0: ["igor"]}, pp={0: 3})
    s.choose(0, "Play Road Kill (3 PP)")
    assert hand(s, 0) == []


# --- Sandy Claws Outfit -------------------------------------------------------------------
@covers("sandy-claws-outfit")
def test_sandy_claws_outfit_costs_three_less_when_jack_and_sally_share_a_locale(tcg):
    jack, sally = "jack-skellington-the-pumpkin-king", "sally-shy-creature"
    s = table(tcg, rows={0: [("jacks-house", [jack, sally])]}, hands={0: ["sandy-claws-outfit"]}, pp={0: 6})
    assert price(s, 0, "Sandy Claws Outfit") == 3
    s = table(
        tcg,
        rows={0: [("jacks-house", [jack]), ("sallys-room", [sally])]},
        hands={0: ["sandy-claws-outfit"]},
        pp={0: 6},
    )
    assert price(s, 0, "Sandy Claws Outfit") == 6


# --- Scary Teddy --------------------------------------------------------------------------
@covers("scary-teddy")
def test_scary_teddy_costs_one_less_for_each_of_corpse_dad_devil_and_wolfman(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["corpse-dad", "devil"]), ("town-hall", ["wolfman"])]},
        hands={0: ["scary-teddy"]},
        pp={0: 4},
    )
    assert price(s, 0, "Scary Teddy") == 1
    s = table(tcg, rows={0: [("jacks-house", ["devil", "igor"])]}, hands={0: ["scary-teddy"]}, pp={0: 4})
    assert price(s, 0, "Scary Teddy") == 3


# --- Scorpion Surprise --------------------------------------------------------------------
@covers("scorpion-surprise")
def test_scorpion_surprise_costs_one_less_per_hyde_in_town(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["mr-hyde", "mr-hyde-ii"]), ("town-hall", ["mr-hyde-iii", "igor"])]},
        hands={0: ["scorpion-surprise"]},
        pp={0: 4},
    )
    assert price(s, 0, "Scorpion Surprise") == 1
    s = table(tcg, rows={0: [("jacks-house", ["igor"])]}, hands={0: ["scorpion-surprise"]}, pp={0: 4})
    assert price(s, 0, "Scorpion Surprise") == 4


# --- Skeletal Reindeer --------------------------------------------------------------------
@covers("skeletal-reindeer")
def test_skeletal_reindeer_costs_less_for_finklestein_and_igor_at_the_laboratory(tcg):
    fink = "dr-finklestein-mad-scientist"
    both = table(
        tcg, rows={0: [("the-laboratory", [fink, "igor"])]}, hands={0: ["skeletal-reindeer"]}, pp={0: 6}
    )
    assert price(both, 0, "Skeletal Reindeer") == 3
    igor = table(
        tcg,
        rows={0: [("the-laboratory", ["igor"]), ("town-hall", [fink])]},
        hands={0: ["skeletal-reindeer"]},
        pp={0: 6},
    )
    assert price(igor, 0, "Skeletal Reindeer") == 5
    elsewhere = table(
        tcg, rows={0: [("town-hall", [fink, "igor"])]}, hands={0: ["skeletal-reindeer"]}, pp={0: 6}
    )
    assert price(elsewhere, 0, "Skeletal Reindeer") == 6


# --- Takeoff Ramp -------------------------------------------------------------------------
@covers("takeoff-ramp")
def test_takeoff_ramp_costs_one_less_per_character_beside_the_mayor_at_town_square(tcg):
    mayor = "the-mayor-elected-official"
    s = table(
        tcg, rows={0: [("town-square", [mayor, "igor", "zero"])]}, hands={0: ["takeoff-ramp"]}, pp={0: 6}
    )
    assert price(s, 0, "Takeoff Ramp") == 3  # the Mayor himself does not count
    crowd = [mayor, "igor", "zero", "clown", "cyclops", "devil", "wolfman"]
    s = table(tcg, rows={0: [("town-square", crowd)]}, hands={0: ["takeoff-ramp"]}, pp={0: 6})
    assert price(s, 0, "Takeoff Ramp") == 1  # never below 1
    s = table(
        tcg,
        rows={0: [("town-square", ["igor", "zero"]), ("town-hall", [mayor])]},
        hands={0: ["takeoff-ramp"]},
        pp={0: 6},
    )
    assert price(s, 0, "Takeoff Ramp") == 5


# --- Undead Duck --------------------------------------------------------------------------
@covers("undead-duck")
def test_undead_duck_draws_one_per_vampire_in_town(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["vampire-count", "igor"]), ("town-hall", ["vampire-lord"])]},
        hands={0: ["undead-duck"]},
        decks={0: ["zero", "clown", "fire"]},
        pp={0: 4},
    )
    s.choose(0, "Play Undead Duck (4 PP)")
    assert hand(s, 0) == ["clown", "zero"]


# --- Wreath of Wrath ----------------------------------------------------------------------
@covers("wreath-of-wrath")
def test_wreath_of_wrath_makes_every_player_discard_a_character_of_their_choice(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["igor", "zero"])], 1: [("oogies-lair", ["clown", "cyclops"])]},
        hands={0: ["wreath-of-wrath"]},
        pp={0: 5},
    )
    s.choose(0, "Play Wreath of Wrath (5 PP)")
    s.choose(0, "Zero (Ghost Dog) at seat 0's Jack's House", kind="choose")
    s.choose(1, "Cyclops (One-eyed Wonder) at seat 1's Oogie's Lair", kind="choose")  # each chooses their own
    assert row(s, 0) == [("jacks-house", ["igor"])]
    assert row(s, 1) == [("oogies-lair", ["clown"])]
    assert discard(s, 0) == ["zero"] and discard(s, 1) == ["cyclops"]


# --- "your Halloweentown" with the Christmas Town expansion --------------------------------
# A Character of yours standing in your Christmas Town is not in your Halloweentown
# (Christmas Town rules, section 3): a Creation that asks for one there must not see it.
# Santa's House stands for any Christmas Town Locale.
ON_PLAY_NEEDS = [
    ("dead-head", "Dead Head", "undersea-gal", 3),
    ("fender-bender", "Fender Bender", "corpse-kid", 3),
    ("jack-in-the-box", "Jack in the Box", "clown", 4),
    ("marie-antoinette-doll", "Marie Antoinette Doll", "mummy-boy", 3),
    ("nutcracker", "Nutcracker", "behemoth", 3),
    ("road-kill", "Road Kill", "decomposing-guy", 3),
    ("undead-duck", "Undead Duck", "vampire-count", 4),
]


@pytest.mark.parametrize(("card", "name", "needed", "cost"), ON_PLAY_NEEDS)
def test_a_creation_does_not_find_its_character_in_christmas_town(card, name, needed, cost):
    s = christmas_table(
        rows={0: [("jacks-house", []), ("santas-house", [needed])], 1: [("oogies-lair", [])]},
        hands={0: [card, "igor"], 1: ["fire"]},
        creations={1: ["road-kill"]},
        discards={0: ["zero"]},
        decks={0: ["clown", "cyclops", "reaper"]},
        pp={0: cost},
    )
    s.choose(0, f"Play {name} ({cost} PP)")
    s.expect(0, "turn")  # no question: the effect did not happen
    assert hand(s, 0) == ["igor"] and hand(s, 1) == ["fire"]
    assert discard(s, 0) == ["zero"] and len(s.state.players[0].deck) == 3


PRICE_NEEDS = [
    ("jingle-bells", "Jingle Bells", ["sax-player", "bass-player"], 4),
    ("scary-teddy", "Scary Teddy", ["corpse-dad", "devil", "wolfman"], 4),
    ("scorpion-surprise", "Scorpion Surprise", ["mr-hyde", "mr-hyde-ii"], 4),
]


@pytest.mark.parametrize(("card", "name", "chars", "full"), PRICE_NEEDS)
def test_a_creations_price_cut_does_not_count_christmas_town(card, name, chars, full):
    s = christmas_table(
        rows={0: [("jacks-house", []), ("santas-house", chars)]}, hands={0: [card]}, pp={0: 6}
    )
    assert price(s, 0, name) == full


def test_delightful_hat_offers_no_discount_for_a_harlequin_demon_in_christmas_town():
    s = christmas_table(
        rows={0: [("jacks-house", []), ("santas-house", ["harlequin-demon"])]},
        hands={0: ["delightful-hat", "zero"]},
        pp={0: 4},
    )
    s.choose(0, "Play Delightful Hat (4 PP)")
    assert hand(s, 0) == ["zero"] and s.state.players[0].pp == 0


def test_wreath_of_wrath_takes_only_characters_from_each_halloweentown():
    s = christmas_table(
        rows={
            0: [("jacks-house", ["igor"]), ("santas-house", ["zero"])],
            1: [("oogies-lair", []), ("santas-house", ["clown"])],
        },
        hands={0: ["wreath-of-wrath"]},
        pp={0: 5},
    )
    s.choose(0, "Play Wreath of Wrath (5 PP)")  # Igor is seat 0's only Halloweentown Character
    s.expect(0, "turn")  # seat 1 has none in its Halloweentown: nothing to discard
    assert discard(s, 0) == ["igor"] and discard(s, 1) == []
    assert row(s, 1)[1] == ("santas-house", ["clown"])


CO_LOCATED = [
    ("christmas-tree-bats", "Christmas Tree Bats", ["corpse-mom", "bass-player"], 3),
    (
        "jumbo-treat-bag",
        "Jumbo Treat Bag",
        ["lock-little-devil", "shock-little-hag", "barrel-little-skeleton"],
        5,
    ),
    (
        "sandy-claws-outfit",
        "Sandy Claws Outfit",
        ["jack-skellington-the-pumpkin-king", "sally-shy-creature"],
        6,
    ),
]


@pytest.mark.parametrize(("card", "name", "chars", "full"), CO_LOCATED)
def test_a_price_cut_for_characters_together_in_halloweentown_ignores_christmas_town(card, name, chars, full):
    s = christmas_table(
        rows={0: [("jacks-house", []), ("santas-house", chars)]}, hands={0: [card]}, pp={0: 6}
    )
    assert price(s, 0, name) == full


def test_eager_anaconda_takes_its_characters_from_halloweentown_only():
    s = christmas_table(
        rows={0: [("jacks-house", []), ("santas-house", ["corpse-dad", "igor", "zero"])]},
        hands={0: ["eager-anaconda"]},
        pp={0: 5},
    )
    s.choose(0, "Play Eager Anaconda (5 PP)")
    assert s.state.players[0].pp == 0  # paid in full: no Christmas Town Character was offered
