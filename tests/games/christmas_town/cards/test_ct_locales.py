"""The Christmas Town set's Locales, card by card: each test lays out a table, scripts every
choice and checks what the card's printed effect changes (card pool, section 2.5)."""

from __future__ import annotations

from ctkit import ct_table, options
from tcgkit import discard, hand, row

from nbc.core.testkit.cardtests import covers

ELVES = ["eddy-the-elf", "suzy-the-elf", "nelly-the-elf", "iggy-the-elf", "pauly-the-elf", "barry-the-elf"]
DECK = ["zero", "igor", "fire", "clown", "cyclops", "wolfman", "behemoth", "devil"]


def _active(s, seat=0):
    return [x["active"] for x in s.match.view(seat)["players"][seat]["row"]]


def _pp(s, seat=0):
    return s.state.players[seat].pp


def _end_turn(s, seat):
    s.choose(seat, "End your turn")


# --- Candy Shop ------------------------------------------------------------------------------------
@covers("candy-shop")
def test_candy_shop_draws_when_the_player_on_the_left_plays_a_creation_and_not_for_the_right(tcg):
    rows = {
        0: [("jacks-house", []), ("candy-shop", ELVES[:2])],
        1: [("jacks-house", [])],
        2: [("jacks-house", [])],
    }
    s = ct_table(
        tcg,
        players=3,
        turn=1,
        king=0,
        turns_taken=1,
        rows=rows,
        hands={1: ["jingle-bells"], 2: ["jingle-bells"]},
        decks={0: ["zero", "igor"]},
        pp={1: 4, 2: 4},
    )
    s.choose(1, "Play Jingle Bells (4 PP)")  # seat 1 sits on seat 0's left (next in turn order)
    assert hand(s, 0) == ["zero"]
    _end_turn(s, 1)
    s.choose(2, "Play Jingle Bells (4 PP)")  # seat 2 is on seat 0's right
    assert hand(s, 0) == ["zero"]


# --- Carousel --------------------------------------------------------------------------------------
@covers("carousel")
def test_carousel_after_a_function_swaps_up_to_two_cards_for_as_many_new_ones(tcg):
    rows = {0: [("jacks-house", []), ("carousel", ELVES[:3])]}
    s = ct_table(tcg, rows=rows, hands={0: ["fire", "clown", "igor"]}, decks={0: DECK})
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    assert "Discard no more" in options(s, 0, "discard")  # up to two: the player is asked
    s.choose(0, "Discard Fire!", kind="discard")
    s.choose(0, "Discard Clown (With the Tear-away Face)", kind="discard")
    assert sorted(discard(s, 0)) == ["clown", "fire"]
    assert hand(s, 0) == ["igor", "igor", "zero"]  # two new cards for the two discarded


def test_carousel_may_be_declined_and_then_draws_nothing(tcg):
    rows = {0: [("jacks-house", []), ("carousel", ELVES[:3])]}
    s = ct_table(tcg, rows=rows, hands={0: ["fire"]}, decks={0: DECK})
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    s.choose(0, "Discard no more", kind="discard")
    assert hand(s, 0) == ["fire"] and discard(s, 0) == []
    s.expect(0, "turn")


# --- Christmas Cafe --------------------------------------------------------------------------------
@covers("christmas-cafe")
def test_christmas_cafe_lets_every_player_draw_when_an_elf_is_played_there(tcg):
    rows = {
        0: [("jacks-house", []), ("christmas-cafe", ELVES[:2]), ("candy-shop", [])],
        1: [("jacks-house", [])],
    }
    decks = {0: ["zero", "igor"], 1: ["fire", "clown"]}
    s = ct_table(tcg, rows=rows, hands={0: ["timmy-the-elf", "iggy-the-elf"]}, decks=decks)
    s.choose(0, "Play Timmy the Elf (Tenacious Toymaker) under Christmas Cafe (0 PP)")
    s.choose(0, "Christmas Cafe: its triggered effect (seat 0)", kind="order-triggers")
    s.choose(0, "Yes", kind="may")  # each player is asked, from the Pumpkin King on
    s.choose(1, "No", kind="may")
    assert hand(s, 0) == ["iggy-the-elf", "zero"]
    assert hand(s, 1) == []
    s.choose(0, "Play Iggy the Elf (Infrequent Insomniac) under Candy Shop (0 PP)")  # not at the Cafe
    s.expect(0, "turn")
    assert hand(s, 0) == ["zero"] and hand(s, 1) == []


# --- Cookie Factory --------------------------------------------------------------------------------
COOKIE = "Cookie Factory: Discard a Creation from hand to draw a card"


@covers("cookie-factory")
def test_cookie_factory_trades_creations_from_hand_for_cards_as_often_as_wished(tcg):
    rows = {0: [("jacks-house", []), ("cookie-factory", ELVES[:2])]}
    s = ct_table(tcg, rows=rows, hands={0: ["road-kill", "spider-flake", "igor"]}, decks={0: DECK})
    s.choose(0, COOKIE)
    s.choose(0, "Discard Road Kill", kind="discard")
    assert hand(s, 0) == ["igor", "spider-flake", "zero"]
    s.choose(0, COOKIE)  # no limit in a turn
    s.choose(0, "Discard Spider Flake", kind="discard")
    assert hand(s, 0) == ["igor", "igor", "zero"]
    assert discard(s, 0) == ["road-kill", "spider-flake"]
    assert COOKIE not in options(s)  # no Creation left in hand


def test_cookie_factory_is_not_offered_while_inactive(tcg):
    rows = {0: [("jacks-house", []), ("cookie-factory", ELVES[:1])]}
    s = ct_table(tcg, rows=rows, hands={0: ["road-kill"]}, decks={0: DECK})
    assert COOKIE not in options(s)


# --- Doll Factory ----------------------------------------------------------------------------------
@covers("doll-factory")
def test_doll_factory_draws_for_each_creation_its_player_plays(tcg):
    rows = {0: [("jacks-house", []), ("doll-factory", ELVES[:3])], 1: [("jacks-house", [])]}
    s = ct_table(
        tcg,
        rows=rows,
        hands={0: ["spider-flake", "droopy-cane"], 1: ["jingle-bells"]},
        decks={0: DECK},
        pp={0: 2, 1: 4},
    )
    s.choose(0, "Play Spider Flake (1 PP)")
    s.choose(0, "Doll Factory: its triggered effect (seat 0)", kind="order-triggers")
    assert hand(s, 0) == ["droopy-cane", "zero"]
    s.choose(0, "Play Droopy Cane (1 PP)")
    s.choose(0, "Droopy Cane: its effect as it is played (seat 0)", kind="order-triggers")
    assert hand(s, 0) == ["igor", "zero"]
    _end_turn(s, 0)
    s.choose(1, "Play Jingle Bells (4 PP)")  # an opponent's Creation draws seat 0 nothing
    assert hand(s, 0) == ["igor", "zero"]


# --- Elven Bedchamber ------------------------------------------------------------------------------
@covers("elven-bedchamber")
def test_elven_bedchamber_draws_when_an_elf_leaves_christmas_town_for_the_discard_pile(tcg):
    rows = {0: [("jacks-house", []), ("elven-bedchamber", ["mrs-claus", *ELVES[:4]])]}
    s = ct_table(tcg, rows=rows, decks={0: DECK})
    s.choose(0, "Mrs. Claus (Pie-baking Wonder): Discard an Elf here (draw 1 at The Bakery)")
    s.choose(0, "Eddy the Elf (Eager Electrician) at seat 0's Elven Bedchamber", kind="choose")
    assert "eddy-the-elf" in discard(s, 0)
    assert hand(s, 0) == ["zero"]


def test_elven_bedchamber_ignores_an_elf_discarded_from_halloweentown(tcg):
    # an Elf brought to Halloweentown (Mission of Menace takes Christmas Characters along)
    rows = {
        0: [
            ("jacks-house", []),
            ("town-hall", ["oogie-boogie-voracious-villain", "timmy-the-elf"]),
            ("elven-bedchamber", ELVES[:4]),
        ]
    }
    s = ct_table(tcg, rows=rows, decks={0: DECK})
    villain = "Oogie Boogie (Voracious Villain): Discard another Character here: "
    s.choose(0, villain + "Pumpkin Points equal to its Scare (up to 2)")
    assert "timmy-the-elf" in discard(s, 0)
    assert hand(s, 0) == []  # it was not discarded from Christmas Town


def test_elven_bedchamber_ignores_an_opponents_elf(tcg):
    rows = {
        0: [("jacks-house", []), ("elven-bedchamber", ELVES[:4])],
        1: [("jacks-house", []), ("candy-shop", ["mrs-claus", "timmy-the-elf"])],
    }
    s = ct_table(tcg, turn=1, rows=rows, decks={0: DECK, 1: DECK})
    s.choose(1, "Mrs. Claus (Pie-baking Wonder): Discard an Elf here (draw 1 at The Bakery)")
    assert discard(s, 1) == ["timmy-the-elf"]
    assert hand(s, 0) == []


# --- Loading Zone ----------------------------------------------------------------------------------
@covers("loading-zone")
def test_loading_zone_may_search_four_for_one_creation_after_a_function(tcg):
    rows = {0: [("jacks-house", []), ("loading-zone", ELVES[:4])]}
    deck = ["igor", "road-kill", "spider-flake", "fire", "zero"]
    s = ct_table(tcg, rows=rows, decks={0: deck})
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Take Spider Flake", kind="search-take")  # one Creation of the two found
    assert hand(s, 0) == ["spider-flake"]
    assert sorted(discard(s, 0)) == ["fire", "igor", "road-kill"]
    assert [s.state.cards[c] for c in s.state.players[0].deck] == ["zero"]  # four were turned


def test_loading_zone_may_be_declined(tcg):
    rows = {0: [("jacks-house", []), ("loading-zone", ELVES[:4])]}
    s = ct_table(tcg, rows=rows, decks={0: ["road-kill", "zero"]})
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    s.choose(0, "No", kind="may")
    assert hand(s, 0) == [] and len(s.state.players[0].deck) == 2


# --- Santa's House ---------------------------------------------------------------------------------
@covers("santas-house")
def test_santas_house_with_santa_eases_the_factories_and_the_workshop_only(tcg):
    rows = {
        0: [
            ("jacks-house", []),
            ("santas-house", ["santa-claus"]),
            ("toy-factory", ELVES[:5]),  # Joy 6, one short
            ("santas-workshop", ["mrs-claus", "weary-willy", "languid-larry", "chucky-the-elf"]),  # Joy 5
            ("town-center", ["timmy-the-elf", "eddy-the-elf", "suzy-the-elf"]),  # Joy 4: no Factory
        ]
    }
    s = ct_table(tcg, rows=rows)
    assert _active(s) == [True, True, True, True, False]


def test_santas_house_without_santa_eases_nothing(tcg):
    rows = {
        0: [
            ("jacks-house", []),
            ("santas-house", ["mrs-claus"]),
            ("toy-factory", [*ELVES[:5]]),
            ("santas-workshop", ["santa-claus", "weary-willy", "languid-larry", "chucky-the-elf"]),
        ]
    }
    s = ct_table(tcg, rows=rows)
    assert _active(s) == [True, True, False, False]


# --- Santa's Workshop ------------------------------------------------------------------------------
WORKSHOP = ["santa-claus", "mrs-claus", "eddy-the-elf", "suzy-the-elf", "nelly-the-elf"]


@covers("santas-workshop")
def test_santas_workshop_draws_four_at_the_start_of_the_end_phase_for_an_empty_hand(tcg):
    rows = {0: [("jacks-house", []), ("santas-workshop", WORKSHOP)], 1: [("jacks-house", [])]}
    s = ct_table(tcg, rows=rows, turns_taken=1, decks={0: DECK}, pp={0: 3})
    _end_turn(s, 0)  # the last turn of the Day
    assert hand(s, 0) == sorted(DECK[:4])
    assert _pp(s) == 0  # the End Phase went on after it


def test_santas_workshop_draws_nothing_when_a_card_is_left_in_hand(tcg):
    rows = {0: [("jacks-house", []), ("santas-workshop", WORKSHOP)], 1: [("jacks-house", [])]}
    s = ct_table(tcg, rows=rows, turns_taken=1, hands={0: ["igor"]}, decks={0: DECK})
    _end_turn(s, 0)
    assert hand(s, 0) == ["igor"]


# --- Skating Pond ----------------------------------------------------------------------------------
@covers("skating-pond")
def test_skating_pond_may_discard_a_card_to_move_two_different_characters_once_each(tcg):
    rows = {0: [("jacks-house", ["igor"]), ("town-hall", ["cyclops"]), ("skating-pond", ELVES[:2])]}
    s = ct_table(tcg, rows=rows, hands={0: ["fire", "zero"]})
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Discard Fire!", kind="discard")
    s.choose(0, "Move Igor (Faithful Lackey) to Town Hall")
    moves = options(s, 0, "move")
    assert not any(x.startswith("Move Igor") for x in moves)  # two different Characters
    s.choose(0, "Move Cyclops (One-eyed Wonder) to Jack's House")
    assert row(s, 0)[:2] == [("jacks-house", ["cyclops"]), ("town-hall", ["igor"])]
    assert discard(s, 0) == ["fire"] and hand(s, 0) == ["zero"]
    s.expect(0, "turn")


def test_skating_pond_declined_moves_nobody(tcg):
    rows = {0: [("jacks-house", ["igor"]), ("town-hall", []), ("skating-pond", ELVES[:2])]}
    s = ct_table(tcg, rows=rows, hands={0: ["fire"]})
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    s.choose(0, "No", kind="may")
    assert hand(s, 0) == ["fire"] and row(s, 0)[0] == ("jacks-house", ["igor"])


# --- Snow Fort -------------------------------------------------------------------------------------
@covers("snow-fort")
def test_snow_fort_makes_each_opponent_discard_an_elf_of_their_choice_from_christmas_town(tcg):
    rows = {
        0: [("jacks-house", []), ("snow-fort", ELVES[:3]), ("candy-shop", [])],
        1: [
            ("jacks-house", ["chucky-the-elf"]),  # an Elf in Halloweentown is out of reach
            ("candy-shop", ["timmy-the-elf", "eddy-the-elf", "santa-claus"]),
        ],
    }
    s = ct_table(tcg, rows=rows, hands={0: ["chucky-the-elf", "mrs-claus"]})
    s.choose(0, "Play Chucky the Elf (Chunky Choirboy) under Snow Fort (0 PP)")
    s.choose(0, "Snow Fort: its triggered effect (seat 0)", kind="order-triggers")
    prompt = options(s, 1, "choose")
    assert prompt == [
        "Timmy the Elf (Tenacious Toymaker) at seat 1's Candy Shop",
        "Eddy the Elf (Eager Electrician) at seat 1's Candy Shop",
    ]
    s.choose(1, "Timmy the Elf (Tenacious Toymaker) at seat 1's Candy Shop")
    assert discard(s, 1) == ["timmy-the-elf"]
    assert row(s, 1)[1] == ("candy-shop", ["eddy-the-elf", "santa-claus"])
    s.choose(0, "Play Mrs. Claus (Pie-baking Wonder) under Snow Fort (0 PP)")  # not an Elf
    assert discard(s, 1) == ["timmy-the-elf"]


def test_snow_fort_ignores_an_elf_played_elsewhere(tcg):
    rows = {
        0: [("jacks-house", []), ("snow-fort", ELVES[:4]), ("candy-shop", [])],
        1: [("jacks-house", []), ("candy-shop", ["timmy-the-elf"])],
    }
    s = ct_table(tcg, rows=rows, hands={0: ["timmy-the-elf"]})
    s.choose(0, "Play Timmy the Elf (Tenacious Toymaker) under Candy Shop (0 PP)")
    assert discard(s, 1) == []


# --- The Bakery ------------------------------------------------------------------------------------
@covers("the-bakery")
def test_the_bakery_adds_one_card_to_every_search(tcg):
    deck = ["igor", "fire", "clown", "cyclops", "wolfman", "behemoth", "zero", "devil"]
    rows = {0: [("jacks-house", []), ("the-bakery", ["eddy-the-elf"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["fetch"]}, decks={0: deck})
    s.choose(0, "Play Fetch (0 PP)")  # only its Search may be chosen here
    assert hand(s, 0) == ["zero"]  # the seventh card
    assert [s.state.cards[c] for c in s.state.players[0].deck] == ["devil"]


def test_the_bakery_inactive_adds_nothing(tcg):
    deck = ["igor", "fire", "clown", "cyclops", "wolfman", "behemoth", "zero", "devil"]
    rows = {0: [("jacks-house", []), ("the-bakery", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["fetch"]}, decks={0: deck})
    s.choose(0, "Play Fetch (0 PP)")  # only its Search may be chosen here
    assert hand(s, 0) == []
    assert [s.state.cards[c] for c in s.state.players[0].deck] == ["devil", "zero"]


# --- The Hangar ------------------------------------------------------------------------------------
HANGAR = [
    ("jacks-house", []),
    ("town-hall", ["jack-skellington-explorer-of-unknown-realms"]),
    ("the-tree-house", []),
]


@covers("the-hangar")
def test_the_hangar_draws_when_a_character_is_played_to_an_empty_locale_only(tcg):
    rows = {0: [*HANGAR, ("the-hangar", ELVES[:3])]}
    s = ct_table(tcg, rows=rows, hands={0: ["harlequin-demon", "igor"]}, decks={0: DECK}, pp={0: 3})
    s.choose(0, "Play Harlequin Demon (Thingamabob) under Town Hall (2 PP)")  # Jack stands there
    assert hand(s, 0) == ["igor"]
    s.choose(0, "Play Igor (Faithful Lackey) under The Tree House (1 PP)")
    assert hand(s, 0) == ["zero"]


def test_the_hangar_does_not_draw_for_a_version_replacing_another(tcg):
    rows = {0: [*HANGAR, ("the-hangar", ELVES[:3])]}
    s = ct_table(tcg, rows=rows, hands={0: ["jack-skellington-the-pumpkin-king"]}, decks={0: DECK}, pp={0: 1})
    old, new = "Jack Skellington (Explorer of Unknown Realms)", "Jack Skellington (The Pumpkin King)"
    s.choose(0, f"Replace {old} with {new} (1 PP)")
    assert row(s, 0)[1] == ("town-hall", ["jack-skellington-the-pumpkin-king"])
    assert hand(s, 0) == []  # Town Hall was not empty: the old version stood there


def test_the_hangar_inactive_draws_nothing(tcg):
    rows = {0: [*HANGAR, ("the-hangar", ELVES[:2])]}
    s = ct_table(tcg, rows=rows, hands={0: ["igor"]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, "Play Igor (Faithful Lackey) under The Tree House (1 PP)")
    assert hand(s, 0) == []


# --- Town Center -----------------------------------------------------------------------------------
@covers("town-center")
def test_town_center_draws_a_card_for_each_function_performed(tcg):
    rows = {0: [("jacks-house", []), ("town-center", ELVES[:4])]}
    s = ct_table(tcg, rows=rows, decks={0: DECK})
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    assert hand(s, 0) == ["zero"] and _pp(s) == 2


def test_town_center_draws_for_a_function_used_through_uninvited_guest(tcg):
    rows = {
        0: [("jacks-house", []), ("town-center", ELVES[:4])],
        1: [("oogies-lair", [])],
    }
    s = ct_table(tcg, rows=rows, hands={0: ["uninvited-guest", "igor"]}, decks={0: DECK})
    s.choose(0, "Play Uninvited Guest (0 PP)")
    s.choose(0, "Seat 1's Oogie's Lair: Add 3 Pumpkin Points (discard 1)", kind="function")
    s.choose(0, "Discard Igor (Faithful Lackey)", kind="discard")
    assert _pp(s) == 3
    assert discard(s, 0) == ["igor"]
    assert hand(s, 0) == ["zero"]  # a Function was performed, so Town Center drew


# --- Toy Factory -----------------------------------------------------------------------------------
@covers("toy-factory")
def test_toy_factory_makes_creations_one_cheaper_never_below_one(tcg):
    rows = {0: [("jacks-house", []), ("toy-factory", ELVES)]}
    s = ct_table(tcg, rows=rows, hands={0: ["road-kill", "spider-flake", "igor"]}, pp={0: 6})
    labels = options(s)
    assert "Play Road Kill (2 PP)" in labels
    assert "Play Spider Flake (1 PP)" in labels
    assert "Play Igor (Faithful Lackey) under Jack's House (1 PP)" in labels  # Characters as printed
    s.choose(0, "Play Road Kill (2 PP)")
    assert _pp(s) == 4


def test_toy_factory_inactive_cuts_nothing(tcg):
    rows = {0: [("jacks-house", []), ("toy-factory", ELVES[:5])]}
    s = ct_table(tcg, rows=rows, hands={0: ["road-kill"]}, pp={0: 6})
    assert "Play Road Kill (3 PP)" in options(s)


# --- Guillotine Area -------------------------------------------------------------------------------
GUILLOTINE = (
    "Guillotine Area: Discard a Character here: add 2 Pumpkin Points; each opponent discards a Character"
)


@covers("guillotine-area")
def test_guillotine_area_trades_a_character_here_for_two_points_and_a_character_of_each_opponent(tcg):
    rows = {
        0: [("jacks-house", ["igor"]), ("guillotine-area", ["oogie-boogie-meanest-guy-around", "cyclops"])],
        1: [
            ("jacks-house", ["clown"]),
            ("town-hall", ["wolfman"]),
            ("candy-shop", ["eddy-the-elf"]),  # Christmas Town is not the opponent's Halloweentown
        ],
    }
    s = ct_table(tcg, rows=rows)
    s.choose(0, GUILLOTINE)
    assert options(s, 0, "choose") == [
        "Oogie Boogie (Meanest Guy Around) at seat 0's Guillotine Area",
        "Cyclops (One-eyed Wonder) at seat 0's Guillotine Area",
    ]
    s.choose(0, "Cyclops (One-eyed Wonder) at seat 0's Guillotine Area")
    assert _pp(s) == 2
    assert options(s, 1, "choose") == [
        "Clown (With the Tear-away Face) at seat 1's Jack's House",
        "Wolfman (Lycanthropic Beast) at seat 1's Town Hall",
    ]
    s.choose(1, "Wolfman (Lycanthropic Beast) at seat 1's Town Hall")
    assert discard(s, 0) == ["cyclops"] and discard(s, 1) == ["wolfman"]
    assert row(s, 1)[2] == ("candy-shop", ["eddy-the-elf"])


@covers("guillotine-area")
def test_guillotine_area_makes_each_opponent_give_up_a_character_that_can_be_discarded(tcg):
    rows = {
        0: [
            ("jacks-house", []),
            ("guillotine-area", ["oogie-boogie-meanest-guy-around", "cyclops", "sandy-claws"]),
        ],
        1: [("jacks-house", ["clown"]), ("tree-circle", ["sandy-claws"])],
    }
    s = ct_table(tcg, rows=rows)
    s.choose(0, GUILLOTINE)
    assert options(s, 0, "choose") == [
        "Oogie Boogie (Meanest Guy Around) at seat 0's Guillotine Area",
        "Cyclops (One-eyed Wonder) at seat 0's Guillotine Area",
    ]  # Sandy Claws cannot be discarded from play
    s.choose(0, "Cyclops (One-eyed Wonder) at seat 0's Guillotine Area")
    # the opponent may not name their Sandy Claws to escape: the Clown is the one that can go
    assert discard(s, 1) == ["clown"] and row(s, 1)[1] == ("tree-circle", ["sandy-claws"])
    assert _pp(s) == 2


@covers("guillotine-area")
def test_guillotine_area_is_not_offered_when_no_character_there_can_be_discarded(tcg):
    def anchor(st):
        oogie = next(
            c for c in st.players[0].row[1].characters if st.cards[c] == "oogie-boogie-meanest-guy-around"
        )
        cid = f"c{30_000 + len(st.cards)}"
        st.cards[cid], st.owner[cid] = "aint-goin-nowhere", 0
        st.stacked[oogie] = [cid]  # 4 + 1: Active, and Oogie cannot be discarded from play

    rows = {
        0: [
            ("jacks-house", ["igor"]),
            ("guillotine-area", ["oogie-boogie-meanest-guy-around", "sandy-claws"]),
        ],
        1: [("jacks-house", ["clown"])],
    }
    s = ct_table(tcg, rows=rows, edit=anchor)
    assert tcg.rules.is_active(s.state, 0, 1)
    assert GUILLOTINE not in options(s)  # Sandy Claws cannot be discarded either


# --- Scary Staircase -------------------------------------------------------------------------------
STAIRCASE = "Scary Staircase: Discard up to 2 cards: draw 3 for each"


@covers("scary-staircase")
def test_scary_staircase_draws_three_for_each_of_up_to_two_cards_discarded(tcg):
    rows = {0: [("jacks-house", []), ("scary-staircase", ["cyclops", "igor"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["fire", "clown", "devil"]}, decks={0: DECK})
    s.choose(0, STAIRCASE)
    s.choose(0, "Discard Fire!", kind="discard")
    s.choose(0, "Discard Clown (With the Tear-away Face)", kind="discard")
    assert len(s.state.players[0].hand) == 7  # devil and six new cards
    assert sorted(discard(s, 0)) == ["clown", "fire"]


def test_scary_staircase_may_stop_after_one_card(tcg):
    rows = {0: [("jacks-house", []), ("scary-staircase", ["cyclops", "igor"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["fire", "clown"]}, decks={0: DECK})
    s.choose(0, STAIRCASE)
    s.choose(0, "Discard Fire!", kind="discard")
    s.choose(0, "Discard no more", kind="discard")
    assert hand(s, 0) == sorted(["clown", "zero", "igor", "fire"])  # three drawn (a second Fire)


# --- Sewing Hut ------------------------------------------------------------------------------------
SEWING = "Sewing Hut: Add 1 Pumpkin Point per other Active Halloweentown Locale"


@covers("sewing-hut")
def test_sewing_hut_adds_a_point_per_other_active_halloweentown_locale(tcg):
    rows = {
        0: [
            ("jacks-house", []),
            ("town-hall", ["wolfman", "igor"]),
            ("the-well", []),  # not Active
            ("sewing-hut", ["cyclops", "clown"]),
            ("candy-shop", ELVES[:2]),  # Active, but in Christmas Town
        ]
    }
    s = ct_table(tcg, rows=rows)
    s.choose(0, SEWING)
    assert _pp(s) == 2  # Jack's House and Town Hall


def test_sewing_hut_performed_while_inactive_still_counts_every_other_active_locale(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", ["wolfman", "igor"]), ("sewing-hut", ["clown"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["its-time-you-begun", "fire"]})
    s.choose(0, "Play It's Time You Begun (0 PP)")
    s.choose(0, "Sewing Hut: Add 1 Pumpkin Point per other Active Halloweentown Locale (discard 1)")
    s.choose(0, "Discard Fire!", kind="discard")
    assert _pp(s) == 2  # Jack's House and Town Hall; the Hut itself was never Active


# --- The Courtyard ---------------------------------------------------------------------------------
@covers("the-courtyard")
def test_the_courtyard_draws_two_and_adds_three_points(tcg):
    rows = {0: [("jacks-house", []), ("the-courtyard", ["wolfman", "clown", "igor", "cyclops"])]}
    s = ct_table(tcg, rows=rows, decks={0: DECK}, pp={0: 1})
    s.choose(0, "The Courtyard: Draw 2 cards and add 3 Pumpkin Points")
    assert hand(s, 0) == ["igor", "zero"] and _pp(s) == 4


# --- The Dark Wood ---------------------------------------------------------------------------------
DARK_WOOD = [("jacks-house", []), ("the-dark-wood", ["wolfman", "igor"]), ("town-hall", [])]


@covers("the-dark-wood", mode=0)
def test_the_dark_wood_draws_three(tcg):
    s = ct_table(tcg, rows={0: DARK_WOOD}, decks={0: DECK})
    s.choose(0, "The Dark Wood: Draw 3 cards")
    assert hand(s, 0) == ["fire", "igor", "zero"] and _pp(s) == 0


@covers("the-dark-wood", mode=1)
def test_the_dark_wood_adds_three_points(tcg):
    s = ct_table(tcg, rows={0: DARK_WOOD}, decks={0: DECK})
    s.choose(0, "The Dark Wood: Add 3 Pumpkin Points")
    assert _pp(s) == 3 and hand(s, 0) == []


@covers("the-dark-wood", mode=2)
def test_the_dark_wood_gives_three_movement(tcg):
    s = ct_table(tcg, rows={0: DARK_WOOD})
    s.choose(0, "The Dark Wood: Move 3")
    s.choose(0, "Move Igor (Faithful Lackey) to Town Hall")
    s.choose(0, "Move Wolfman (Lycanthropic Beast) to Jack's House")
    s.choose(0, "Move Igor (Faithful Lackey) to The Dark Wood")
    assert row(s, 0) == [("jacks-house", ["wolfman"]), ("the-dark-wood", ["igor"]), ("town-hall", [])]
    s.expect(0, "turn")  # the three Movement are spent


# --- The Observatory -------------------------------------------------------------------------------
@covers("the-observatory")
def test_the_observatory_draws_three_and_moves_one(tcg):
    rows = {0: [("jacks-house", []), ("the-observatory", ["wolfman"]), ("town-hall", [])]}
    s = ct_table(tcg, rows=rows, decks={0: DECK})
    s.choose(0, "The Observatory: Draw 3 cards and Move 1")
    assert hand(s, 0) == ["fire", "igor", "zero"]
    s.choose(0, "Move Wolfman (Lycanthropic Beast) to Town Hall")
    assert row(s, 0)[2] == ("town-hall", ["wolfman"])
    s.expect(0, "turn")


# --- Zero's Doghouse -------------------------------------------------------------------------------
DOGHOUSE = "Zero's Doghouse: Draw 2 cards, add 1 Pumpkin Point and Move 1"


@covers("zeros-doghouse")
def test_zeros_doghouse_is_active_with_zero_alone_and_draws_adds_and_moves(tcg):
    rows = {0: [("jacks-house", []), ("zeros-doghouse", ["zero"])]}
    s = ct_table(tcg, rows=rows, decks={0: DECK})
    assert _active(s) == [True, True]  # Zero's Scare is 0, below the threshold of 2
    s.choose(0, DOGHOUSE)
    assert hand(s, 0) == ["igor", "zero"] and _pp(s) == 1
    s.choose(0, "Move Zero (Ghost Dog) to Jack's House")
    assert row(s, 0) == [("jacks-house", ["zero"]), ("zeros-doghouse", [])]


def test_zeros_doghouse_without_zero_needs_its_threshold(tcg):
    s = ct_table(tcg, rows={0: [("jacks-house", []), ("zeros-doghouse", ["igor"])]})
    assert _active(s) == [True, False]
    s = ct_table(tcg, rows={0: [("jacks-house", []), ("zeros-doghouse", ["zero-pale-retriever"])]})
    assert _active(s) == [True, True]  # any Zero will do
