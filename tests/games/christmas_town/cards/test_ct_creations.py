"""The Christmas Town set's Creations, card by card: each test lays out a table, scripts every
choice and checks what the card's printed effect changes (card pool, section 2.5)."""

from __future__ import annotations

import pytest
from ctkit import christmas_tcg, ct_table, options
from tcgkit import discard, hand, row

from nbc.core.testkit.cardtests import covers

N = christmas_tcg().rules.names  # card id -> "Name (Alias)", as the prompts show it
DECK = ["zero", "igor", "fire", "clown", "cyclops", "wolfman", "behemoth", "devil"]
JACK = "jack-skellington-the-pumpkin-king"
AT_HOME = [("jacks-house", [JACK]), ("town-hall", [])]
AWAY = [("jacks-house", []), ("town-hall", [JACK])]


def _pp(s, seat=0):
    return s.state.players[seat].pp


def _creations(s, seat):
    return sorted(s.state.cards[c] for c in s.state.players[seat].creations)


def _at(card, seat, locale):
    return f"{N[card]} at seat {seat}'s {locale}"


# --- the six 1-cost toys of Jack's House -----------------------------------------------------------
@covers("beaker-of-joy")
def test_beaker_of_joy_with_jack_at_home_may_discard_a_card_for_two_points(tcg):
    s = ct_table(tcg, rows={0: AT_HOME}, hands={0: ["beaker-of-joy", "fire"]}, pp={0: 1})
    s.choose(0, "Play Beaker of Joy (1 PP)")
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Discard Fire!", kind="discard")
    assert _pp(s) == 2 and discard(s, 0) == ["fire"]
    s = ct_table(tcg, rows={0: AT_HOME}, hands={0: ["beaker-of-joy", "fire"]}, pp={0: 1})
    s.choose(0, "Play Beaker of Joy (1 PP)")
    s.choose(0, "No", kind="may")
    assert _pp(s) == 0 and hand(s, 0) == ["fire"]


def test_beaker_of_joy_without_jack_at_home_does_nothing(tcg):
    s = ct_table(tcg, rows={0: AWAY}, hands={0: ["beaker-of-joy", "fire"]}, pp={0: 1})
    s.choose(0, "Play Beaker of Joy (1 PP)")
    s.expect(0, "turn")
    assert _pp(s) == 0 and hand(s, 0) == ["fire"]


@covers("dissected-teddy")
def test_dissected_teddy_with_jack_at_home_takes_a_card_back_from_the_discard_pile(tcg):
    s = ct_table(
        tcg, rows={0: AT_HOME}, hands={0: ["dissected-teddy"]}, discards={0: ["fire", "igor"]}, pp={0: 1}
    )
    s.choose(0, "Play Dissected Teddy (1 PP)")
    s.choose(0, "Take Fire!", kind="recover")
    assert hand(s, 0) == ["fire"] and discard(s, 0) == ["igor"]
    s = ct_table(
        tcg, rows={0: AWAY}, hands={0: ["dissected-teddy"]}, discards={0: ["fire", "igor"]}, pp={0: 1}
    )
    s.choose(0, "Play Dissected Teddy (1 PP)")
    s.expect(0, "turn")
    assert hand(s, 0) == []


@covers("droopy-cane")
def test_droopy_cane_with_jack_at_home_draws_a_card(tcg):
    s = ct_table(tcg, rows={0: AT_HOME}, hands={0: ["droopy-cane"]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, "Play Droopy Cane (1 PP)")
    assert hand(s, 0) == ["zero"]
    s = ct_table(tcg, rows={0: AWAY}, hands={0: ["droopy-cane"]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, "Play Droopy Cane (1 PP)")
    assert hand(s, 0) == []


@covers("formaldetoys")
def test_formaldetoys_with_jack_at_home_may_discard_a_card_to_draw_two(tcg):
    s = ct_table(tcg, rows={0: AT_HOME}, hands={0: ["formaldetoys", "fire"]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, "Play Formaldetoys (1 PP)")
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Discard Fire!", kind="discard")
    assert hand(s, 0) == ["igor", "zero"] and discard(s, 0) == ["fire"]
    s = ct_table(tcg, rows={0: AT_HOME}, hands={0: ["formaldetoys", "fire"]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, "Play Formaldetoys (1 PP)")
    s.choose(0, "No", kind="may")
    assert hand(s, 0) == ["fire"]
    s = ct_table(tcg, rows={0: AWAY}, hands={0: ["formaldetoys", "fire"]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, "Play Formaldetoys (1 PP)")
    s.expect(0, "turn")
    assert hand(s, 0) == ["fire"]


@covers("ruptured-berry")
def test_ruptured_berry_with_jack_at_home_may_take_two_movement(tcg):
    s = ct_table(tcg, rows={0: AT_HOME}, hands={0: ["ruptured-berry"]}, pp={0: 1})
    s.choose(0, "Play Ruptured Berry (1 PP)")
    s.choose(0, "Yes", kind="may")
    s.choose(0, f"Move {N[JACK]} to Town Hall")
    s.choose(0, f"Move {N[JACK]} to Jack's House")
    s.expect(0, "turn")  # two Movement spent
    s = ct_table(tcg, rows={0: AWAY}, hands={0: ["ruptured-berry"]}, pp={0: 1})
    s.choose(0, "Play Ruptured Berry (1 PP)")
    s.expect(0, "turn")
    assert row(s, 0) == [("jacks-house", []), ("town-hall", [JACK])]


@covers("spider-flake")
def test_spider_flake_with_jack_at_home_adds_a_point(tcg):
    s = ct_table(tcg, rows={0: AT_HOME}, hands={0: ["spider-flake"]}, pp={0: 1})
    s.choose(0, "Play Spider Flake (1 PP)")
    assert _pp(s) == 1
    s = ct_table(tcg, rows={0: AWAY}, hands={0: ["spider-flake"]}, pp={0: 1})
    s.choose(0, "Play Spider Flake (1 PP)")
    assert _pp(s) == 0


TOYS = ["beaker-of-joy", "dissected-teddy", "droopy-cane", "formaldetoys", "ruptured-berry", "spider-flake"]


@pytest.mark.parametrize("toy", TOYS)
def test_a_jacks_house_toy_ignores_making_christmas_and_the_most_creations_count(tcg, toy):
    s = ct_table(tcg, rows={0: AWAY}, hands={0: ["making-christmas", toy, "road-kill"]}, pp={0: 3})
    s.choose(0, "Play Making Christmas (0 PP)")
    labels = options(s)
    assert f"Play {N[toy]} (1 PP)" in labels and "Play Road Kill (2 PP)" in labels
    s = ct_table(
        tcg, rows={0: AWAY, 1: [("jacks-house", [])]}, creations={0: [toy, "spider-flake"], 1: ["road-kill"]}
    )
    assert not tcg.rules.king_free(s.state, 0, "pp")  # two toys count for nothing
    assert tcg.rules.king_free(s.state, 1, "pp")


# --- Christmas Supplies ----------------------------------------------------------------------------
@covers("christmas-supplies")
def test_christmas_supplies_costs_one_less_per_ghost_at_your_well(tcg):
    rows = {0: [("jacks-house", ["soprano-ghost"]), ("the-well", ["alto-ghost", "bass-ghost", "igor"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["christmas-supplies"]}, pp={0: 4})
    assert "Play Christmas Supplies (4 PP)" in options(s)  # the Ghost elsewhere does not count
    s.choose(0, "Play Christmas Supplies (4 PP)")
    assert _pp(s) == 0 and _creations(s, 0) == ["christmas-supplies"]


# --- Claw Catapult ---------------------------------------------------------------------------------
LSB = ["lock-savage-captor", "shock-mad-schemer", "barrel-guinea-pig"]
FAR = [
    ("jacks-house", ["igor"]),
    ("town-hall", []),
    ("the-well", []),
    ("tree-circle", []),
    ("sallys-room", []),
]


@covers("claw-catapult")
def test_claw_catapult_with_lock_shock_and_barrel_flings_an_opponents_character_up_to_three_away(tcg):
    rows = {
        0: [("jacks-house", [LSB[0]]), ("town-hall", LSB[1:])],
        1: [*FAR, ("candy-shop", ["eddy-the-elf"])],
    }
    s = ct_table(tcg, rows=rows, hands={0: ["claw-catapult"]}, pp={0: 3})
    s.choose(0, "Play Claw Catapult (3 PP)")  # Igor is the one Character of its Halloweentown
    assert options(s, 0, "destination") == ["Town Hall", "The Well", "Tree Circle"]  # not four away
    s.choose(0, "Tree Circle", kind="destination")
    assert row(s, 1)[0] == ("jacks-house", []) and row(s, 1)[3] == ("tree-circle", ["igor"])


def test_claw_catapult_needs_all_three_in_your_halloweentown(tcg):
    rows = {
        0: [("jacks-house", LSB[:2]), ("candy-shop", LSB[2:])],  # Barrel is in Christmas Town
        1: FAR,
    }
    s = ct_table(tcg, rows=rows, hands={0: ["claw-catapult"]}, pp={0: 3})
    s.choose(0, "Play Claw Catapult (3 PP)")
    s.expect(0, "turn")
    assert row(s, 1)[0] == ("jacks-house", ["igor"])


# --- Cute Puppy ------------------------------------------------------------------------------------
PUPPY_TOWN = [
    ("jacks-house", []),
    ("candy-shop", ["eddy-the-elf", "suzy-the-elf"]),  # Active, Joy 2
    ("the-bakery", ["iggy-the-elf"]),  # Active, but Joy 1
    ("carousel", ["nelly-the-elf"]),  # Joy 3, not Active
]


@covers("cute-puppy")
def test_cute_puppy_goes_into_an_opponents_town_and_its_minus_three_counts_there(tcg):
    rows = {0: PUPPY_TOWN, 1: [("jacks-house", ["igor"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["cute-puppy"]}, pp={0: 3})
    assert [x for x in options(s) if "Cute Puppy" in x] == ["Play Cute Puppy into seat 1's town (2 PP)"]
    s.choose(0, "Play Cute Puppy into seat 1's town (2 PP)")
    assert _pp(s) == 1
    assert _creations(s, 0) == [] and _creations(s, 1) == ["cute-puppy"]
    assert s.match.view(0)["players"][1]["score"] == 1 - 3


def test_cute_puppy_skips_an_opponent_who_has_one_and_is_not_kept_out_by_your_own(tcg):
    rows = {0: PUPPY_TOWN, 1: [("jacks-house", [])], 2: [("jacks-house", [])]}
    creations = {0: ["cute-puppy"], 2: ["cute-puppy"]}  # seat 0 was given one already
    s = ct_table(tcg, players=3, rows=rows, hands={0: ["cute-puppy"]}, creations=creations, pp={0: 3})
    assert [x for x in options(s) if "Cute Puppy" in x] == ["Play Cute Puppy into seat 1's town (2 PP)"]
    s.choose(0, "Play Cute Puppy into seat 1's town (2 PP)")
    assert [_creations(s, k) for k in range(3)] == [["cute-puppy"], ["cute-puppy"], ["cute-puppy"]]


def test_cute_puppy_put_into_play_free_still_goes_to_an_opponent(tcg):
    rows = {0: [("jacks-house", [])], 1: [("jacks-house", [])], 2: [("jacks-house", [])]}
    s = ct_table(
        tcg, players=3, rows=rows, hands={0: ["sackful-of-mischief"]}, decks={0: ["cute-puppy"]}, pp={0: 1}
    )
    s.choose(0, "Play Sackful of Mischief (1 PP)")
    s.choose(0, "Yes", kind="may")  # play the turned Creation free
    s.choose(0, "seat 2", kind="choose")
    assert [_creations(s, k) for k in range(3)] == [[], [], ["cute-puppy"]]


# --- Extendable Arm --------------------------------------------------------------------------------
ARM_TOWN = [("jacks-house", []), ("town-hall", ["clown"])]


@covers("extendable-arm")
def test_extendable_arm_goes_into_an_opponents_town_and_pulls_one_of_their_creations_into_yours(tcg):
    rows = {0: ARM_TOWN, 1: [("jacks-house", [])]}
    s = ct_table(
        tcg, rows=rows, hands={0: ["extendable-arm"]}, creations={1: ["road-kill", "spider-flake"]}, pp={0: 4}
    )
    s.choose(0, "Play Extendable Arm into seat 1's town (4 PP)")
    s.choose(0, "Road Kill", kind="choose")
    assert _creations(s, 0) == ["road-kill"]
    assert _creations(s, 1) == ["extendable-arm", "spider-flake"]


@covers("extendable-arm", "we-bagged-him")
def test_extendable_arm_cannot_pull_a_jumbo_treat_bag_under_we_bagged_him(tcg):
    def bag_it(st):
        bag = next(c for c in st.players[1].creations if st.cards[c] == "jumbo-treat-bag")
        cid = f"c{30_000 + len(st.cards)}"
        st.cards[cid], st.owner[cid] = "we-bagged-him", 1
        st.stacked[bag] = [cid]  # no opponent's card may touch the Bag

    rows = {0: ARM_TOWN, 1: [("jacks-house", [])]}
    s = ct_table(
        tcg,
        rows=rows,
        hands={0: ["extendable-arm"]},
        creations={1: ["jumbo-treat-bag", "road-kill"]},
        pp={0: 4},
        edit=bag_it,
    )
    s.choose(0, "Play Extendable Arm into seat 1's town (4 PP)")  # Road Kill is the only Creation it may take
    assert _creations(s, 0) == ["road-kill"]
    assert _creations(s, 1) == ["extendable-arm", "jumbo-treat-bag"]


def test_extendable_arm_needs_the_clown_at_your_town_hall_to_go_elsewhere(tcg):
    rows = {0: [("jacks-house", ["clown"]), ("town-hall", [])], 1: [("jacks-house", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["extendable-arm"]}, creations={1: ["road-kill"]}, pp={0: 4})
    assert [x for x in options(s) if "Extendable Arm" in x] == ["Play Extendable Arm (4 PP)"]
    s.choose(0, "Play Extendable Arm (4 PP)")  # in your own town it takes nothing
    assert _creations(s, 0) == ["extendable-arm"] and _creations(s, 1) == ["road-kill"]


def test_extendable_arm_takes_from_that_towns_creations_whoever_played_them(tcg):
    def puppy_from_seat_0(st):  # seat 0's own Puppy, played into seat 1's town
        st.owner[st.players[1].creations[0]] = 0

    rows = {0: ARM_TOWN, 1: [("jacks-house", [])]}
    s = ct_table(
        tcg,
        rows=rows,
        hands={0: ["extendable-arm"]},
        creations={1: ["cute-puppy"]},
        pp={0: 4},
        edit=puppy_from_seat_0,
    )
    s.choose(0, "Play Extendable Arm into seat 1's town (4 PP)")  # the Puppy is the only one there
    assert _creations(s, 0) == ["cute-puppy"] and _creations(s, 1) == ["extendable-arm"]


def test_extendable_arm_never_takes_a_creation_whose_title_you_have(tcg):
    rows = {0: ARM_TOWN, 1: [("jacks-house", [])]}
    s = ct_table(
        tcg,
        rows=rows,
        hands={0: ["extendable-arm"]},
        creations={0: ["road-kill"], 1: ["road-kill", "spider-flake"]},
        pp={0: 4},
    )
    s.choose(0, "Play Extendable Arm into seat 1's town (4 PP)")  # only the Spider Flake may come
    assert _creations(s, 0) == ["road-kill", "spider-flake"]
    assert _creations(s, 1) == ["extendable-arm", "road-kill"]


# --- Halloweentown Bell ----------------------------------------------------------------------------
BELL = "Halloweentown Bell"


@covers("halloweentown-bell")
def test_halloweentown_bell_is_two_less_with_the_mayor_at_the_mayor_mobile_and_one_more_with_mummy_boy(tcg):
    def price(rows):
        s = ct_table(tcg, rows={0: rows}, hands={0: ["halloweentown-bell"]}, pp={0: 6})
        return [x for x in options(s) if BELL in x]

    mayor = "the-mayor-elected-official"
    assert price([("mayor-mobile", []), ("town-hall", [mayor])]) == [f"Play {BELL} (5 PP)"]
    assert price([("mayor-mobile", [mayor]), ("town-hall", [])]) == [f"Play {BELL} (3 PP)"]
    assert price([("mayor-mobile", [mayor, "mummy-boy"]), ("town-hall", [])]) == [f"Play {BELL} (2 PP)"]
    assert price([("mayor-mobile", []), ("town-hall", [mayor, "mummy-boy"])]) == [f"Play {BELL} (4 PP)"]
    s = ct_table(
        tcg, rows={0: [("mayor-mobile", [mayor, "mummy-boy"])]}, hands={0: ["halloweentown-bell"]}, pp={0: 2}
    )
    s.choose(0, f"Play {BELL} (2 PP)")
    assert _pp(s) == 0 and _creations(s, 0) == ["halloweentown-bell"]


# --- Here Comes Sandy Claws ------------------------------------------------------------------------
BAND = ["the-bass", "accordion-player", "bass-player", "sax-player"]


@covers("here-comes-sandy-claws")
def test_here_comes_sandy_claws_with_the_band_at_town_square_may_play_another_creation_free(tcg):
    rows = {0: [("jacks-house", []), ("town-square", BAND)]}
    s = ct_table(tcg, rows=rows, hands={0: ["here-comes-sandy-claws", "road-kill", "igor"]}, pp={0: 4})
    s.choose(0, "Play Here Comes Sandy Claws (4 PP)")
    assert options(s, 0, "choose") == ["Road Kill", "Choose none"]  # a Creation, and it may be none
    s.choose(0, "Road Kill", kind="choose")
    assert _creations(s, 0) == ["here-comes-sandy-claws", "road-kill"] and _pp(s) == 0


def test_here_comes_sandy_claws_may_play_nothing_and_needs_the_whole_band(tcg):
    rows = {0: [("jacks-house", []), ("town-square", BAND)]}
    s = ct_table(tcg, rows=rows, hands={0: ["here-comes-sandy-claws", "road-kill"]}, pp={0: 4})
    s.choose(0, "Play Here Comes Sandy Claws (4 PP)")
    s.choose(0, "Choose none", kind="choose")
    assert hand(s, 0) == ["road-kill"]
    rows = {0: [("jacks-house", ["sax-player"]), ("town-square", BAND[:3])]}
    s = ct_table(tcg, rows=rows, hands={0: ["here-comes-sandy-claws", "road-kill"]}, pp={0: 4})
    s.choose(0, "Play Here Comes Sandy Claws (4 PP)")
    s.expect(0, "turn")
    assert hand(s, 0) == ["road-kill"]


# --- Holly Jolly Roger -----------------------------------------------------------------------------
@covers("holly-jolly-roger")
def test_holly_jolly_roger_with_your_devil_may_discard_a_scare_one_character_of_an_opponents_halloweentown(
    tcg,
):
    rows = {
        0: [("jacks-house", ["devil"])],
        # Lock (Scare 1) has travelled into Christmas Town, out of the card's reach
        1: [("jacks-house", ["igor", "wolfman"]), ("town-hall", []), ("candy-shop", ["lock-savage-captor"])],
    }
    s = ct_table(tcg, rows=rows, hands={0: ["holly-jolly-roger"]}, pp={0: 4})
    s.choose(0, "Play Holly Jolly Roger (4 PP)")
    assert options(s, 0, "choose") == [_at("igor", 1, "Jack's House"), "Choose none"]
    s.choose(0, _at("igor", 1, "Jack's House"))
    assert discard(s, 1) == ["igor"]


def test_holly_jolly_roger_may_spare_everyone_and_needs_your_devil(tcg):
    rows = {0: [("jacks-house", ["devil"])], 1: [("jacks-house", ["igor"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["holly-jolly-roger"]}, pp={0: 4})
    s.choose(0, "Play Holly Jolly Roger (4 PP)")
    s.choose(0, "Choose none", kind="choose")
    assert discard(s, 1) == []
    rows = {0: [("jacks-house", [])], 1: [("jacks-house", ["igor", "devil"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["holly-jolly-roger"]}, pp={0: 4})
    s.choose(0, "Play Holly Jolly Roger (4 PP)")  # an opponent's Devil is not yours
    s.expect(0, "turn")
    assert discard(s, 1) == []


# --- Loco-motive -----------------------------------------------------------------------------------
@covers("loco-motive")
def test_loco_motive_with_your_mummy_boy_may_move_any_halloweentown_character_next_door(tcg):
    rows = {
        0: [("jacks-house", ["mummy-boy"])],
        1: [("jacks-house", []), ("town-hall", ["igor"]), ("the-well", []), ("candy-shop", ["eddy-the-elf"])],
    }
    s = ct_table(tcg, rows=rows, hands={0: ["loco-motive"]}, pp={0: 3})
    s.choose(0, "Play Loco-motive (3 PP)")
    assert options(s, 0, "choose") == [
        _at("mummy-boy", 0, "Jack's House"),
        _at("igor", 1, "Town Hall"),
        "Choose none",
    ]
    s.choose(0, _at("igor", 1, "Town Hall"))
    s.choose(0, "The Well", kind="destination")
    assert row(s, 1)[1:3] == [("town-hall", []), ("the-well", ["igor"])]


def test_loco_motive_may_move_nobody_and_needs_your_mummy_boy(tcg):
    rows = {0: [("jacks-house", ["mummy-boy"]), ("town-hall", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["loco-motive"]}, pp={0: 3})
    s.choose(0, "Play Loco-motive (3 PP)")
    s.choose(0, "Choose none", kind="choose")
    assert row(s, 0)[0] == ("jacks-house", ["mummy-boy"])
    rows = {0: [("jacks-house", ["igor"]), ("town-hall", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["loco-motive"]}, pp={0: 3})
    s.choose(0, "Play Loco-motive (3 PP)")
    s.expect(0, "turn")
