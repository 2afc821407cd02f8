"""The Christmas Town set's Characters, card by card: each test lays out a table, scripts
every choice and checks what the card's printed effect changes (card pool, section 2.5)."""

from __future__ import annotations

from ctkit import christmas_tcg, ct_table, options
from tcgkit import discard, hand, row

from nbc.core.testkit.cardtests import covers

N = christmas_tcg().rules.names  # card id -> "Name (Alias)", as the prompts show it
ELVES = ["eddy-the-elf", "suzy-the-elf", "nelly-the-elf", "iggy-the-elf", "pauly-the-elf", "barry-the-elf"]
DECK = ["zero", "igor", "fire", "clown", "cyclops", "wolfman", "behemoth", "devil"]
EXPLORER = "jack-skellington-explorer-of-unknown-realms"
SPOOKER = "jack-skellington-motivational-spooker"


def _pp(s, seat=0):
    return s.state.players[seat].pp


def _deck(s, seat=0):
    return [s.state.cards[c] for c in reversed(s.state.players[seat].deck)]  # top card first


def _play(card, locale, price):
    return f"Play {N[card]} under {locale} ({price} PP)"


def _use(card, label):
    return f"{N[card]}: {label}"


def _at(card, seat, locale):
    return f"{N[card]} at seat {seat}'s {locale}"


# --- Alto, Soprano and Tenor Ghost ------------------------------------------------------------------
GHOSTS = [("alto-ghost", "surprise"), ("soprano-ghost", "character"), ("tenor-ghost", "creation")]
PILE = ["fetch", "igor", "road-kill", "fire", "clown", "spider-flake"]


def _ghost_takes(tcg, ghost, beside):
    rows = {0: [("jacks-house", []), ("the-well", beside), ("town-hall", [])]}
    return ct_table(tcg, rows=rows, hands={0: [ghost]}, discards={0: PILE}, pp={0: 1})


@covers("alto-ghost")
def test_alto_ghost_beside_another_ghost_takes_a_surprise_from_the_discard_pile(tcg):
    s = _ghost_takes(tcg, "alto-ghost", ["bass-ghost"])
    s.choose(0, _play("alto-ghost", "The Well", 1))
    assert options(s, 0, "recover") == ["Take Fetch", "Take Fire!"]  # Surprises only, chosen
    s.choose(0, "Take Fire!")
    assert hand(s, 0) == ["fire"] and "fire" not in discard(s, 0)
    assert any(c["card"] == "fire" for c in s.match.view(1)["shown"])  # shown to everyone


def test_alto_ghost_without_another_ghost_takes_nothing(tcg):
    s = _ghost_takes(tcg, "alto-ghost", ["igor"])
    s.choose(0, _play("alto-ghost", "The Well", 1))
    s.expect(0, "turn")
    assert hand(s, 0) == [] and discard(s, 0) == PILE


@covers("soprano-ghost")
def test_soprano_ghost_beside_another_ghost_takes_a_character_from_the_discard_pile(tcg):
    s = _ghost_takes(tcg, "soprano-ghost", ["tenor-ghost"])
    s.choose(0, _play("soprano-ghost", "The Well", 1))
    assert options(s, 0, "recover") == ["Take Igor (Faithful Lackey)", "Take Clown (With the Tear-away Face)"]
    s.choose(0, "Take Clown (With the Tear-away Face)")
    assert hand(s, 0) == ["clown"]
    s = _ghost_takes(tcg, "soprano-ghost", ["igor"])
    s.choose(0, _play("soprano-ghost", "The Well", 1))
    assert hand(s, 0) == [] and discard(s, 0) == PILE


@covers("tenor-ghost")
def test_tenor_ghost_beside_another_ghost_takes_a_creation_from_the_discard_pile(tcg):
    s = _ghost_takes(tcg, "tenor-ghost", ["alto-ghost"])
    s.choose(0, _play("tenor-ghost", "The Well", 1))
    assert options(s, 0, "recover") == ["Take Road Kill", "Take Spider Flake"]
    s.choose(0, "Take Spider Flake")
    assert hand(s, 0) == ["spider-flake"]
    s = _ghost_takes(tcg, "tenor-ghost", [])
    s.choose(0, _play("tenor-ghost", "The Well", 1))
    assert hand(s, 0) == [] and discard(s, 0) == PILE


# --- Baritone Ghost --------------------------------------------------------------------------------
@covers("baritone-ghost")
def test_baritone_ghost_at_the_well_may_discard_a_card_to_take_any_card_back(tcg):
    rows = {0: [("jacks-house", []), ("the-well", []), ("town-hall", [])]}
    s = ct_table(
        tcg, rows=rows, hands={0: ["baritone-ghost", "igor"]}, discards={0: ["road-kill"]}, pp={0: 1}
    )
    s.choose(0, _play("baritone-ghost", "The Well", 1))
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Discard Igor (Faithful Lackey)", kind="discard")
    s.choose(0, "Take Road Kill", kind="recover")  # any card
    assert hand(s, 0) == ["road-kill"] and discard(s, 0) == ["igor"]


def test_baritone_ghost_may_decline_and_elsewhere_is_not_asked(tcg):
    rows = {0: [("jacks-house", []), ("the-well", []), ("town-hall", [])]}
    s = ct_table(
        tcg, rows=rows, hands={0: ["baritone-ghost", "igor"]}, discards={0: ["road-kill"]}, pp={0: 1}
    )
    s.choose(0, _play("baritone-ghost", "The Well", 1))
    s.choose(0, "No", kind="may")
    assert hand(s, 0) == ["igor"]
    s = ct_table(
        tcg, rows=rows, hands={0: ["baritone-ghost", "igor"]}, discards={0: ["road-kill"]}, pp={0: 1}
    )
    s.choose(0, _play("baritone-ghost", "Town Hall", 1))
    s.expect(0, "turn")
    assert hand(s, 0) == ["igor"] and discard(s, 0) == ["road-kill"]


# --- Barrel, Guinea Pig ----------------------------------------------------------------------------
GUINEA = "barrel-guinea-pig"
GUINEA_USE = _use(GUINEA, "Return Barrel to hand: Search 2 for 1 Character")


@covers("barrel-guinea-pig")
def test_barrel_guinea_pig_at_the_tree_house_goes_back_to_hand_to_search_two_for_a_character(tcg):
    rows = {0: [("jacks-house", []), ("the-tree-house", [GUINEA])]}
    s = ct_table(tcg, rows=rows, decks={0: ["igor", "cyclops", "zero"]})
    s.choose(0, GUINEA_USE)
    s.choose(0, "Take Cyclops (One-eyed Wonder)", kind="search-take")  # one of the two
    assert hand(s, 0) == ["barrel-guinea-pig", "cyclops"]
    assert row(s, 0)[1] == ("the-tree-house", []) and discard(s, 0) == ["igor"]
    assert _deck(s) == ["zero"]


def test_barrel_guinea_pig_elsewhere_has_no_ability_but_travels(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", [GUINEA]), ("candy-shop", [])]}
    s = ct_table(tcg, rows=rows)
    assert GUINEA_USE not in options(s)
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, f"Move {N[GUINEA]} to Candy Shop")  # he may travel between the towns
    assert row(s, 0)[2] == ("candy-shop", [GUINEA])


# --- Barry, Chucky, Pauly, Demented Shadow, Timmy: on-play at a named Locale -----------------------
@covers("barry-the-elf")
def test_barry_at_the_cookie_factory_may_discard_a_card_to_draw_two(tcg):
    rows = {0: [("jacks-house", []), ("cookie-factory", []), ("candy-shop", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["barry-the-elf", "fire"]}, decks={0: DECK})
    s.choose(0, _play("barry-the-elf", "Cookie Factory", 0))
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Discard Fire!", kind="discard")
    assert hand(s, 0) == ["igor", "zero"] and discard(s, 0) == ["fire"]
    s = ct_table(tcg, rows=rows, hands={0: ["barry-the-elf", "fire"]}, decks={0: DECK})
    s.choose(0, _play("barry-the-elf", "Candy Shop", 0))
    s.expect(0, "turn")
    assert hand(s, 0) == ["fire"]


@covers("chucky-the-elf")
def test_chucky_at_the_candy_shop_may_draw_a_card(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", []), ("cookie-factory", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["chucky-the-elf"]}, decks={0: DECK})
    s.choose(0, _play("chucky-the-elf", "Candy Shop", 0))
    s.choose(0, "Yes", kind="may")
    assert hand(s, 0) == ["zero"]
    s = ct_table(tcg, rows=rows, hands={0: ["chucky-the-elf"]}, decks={0: DECK})
    s.choose(0, _play("chucky-the-elf", "Cookie Factory", 0))
    s.expect(0, "turn")
    assert hand(s, 0) == []


@covers("pauly-the-elf")
def test_pauly_at_the_hangar_may_take_two_movement(tcg):
    rows = {0: [("jacks-house", ["igor"]), ("town-hall", []), ("the-hangar", []), ("candy-shop", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["pauly-the-elf"]})
    s.choose(0, _play("pauly-the-elf", "The Hangar", 0))
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Move Igor (Faithful Lackey) to Town Hall")
    s.choose(0, f"Move {N['pauly-the-elf']} to Candy Shop")
    assert row(s, 0)[1] == ("town-hall", ["igor"]) and row(s, 0)[3] == ("candy-shop", ["pauly-the-elf"])
    s.expect(0, "turn")  # two Movement spent
    s = ct_table(tcg, rows=rows, hands={0: ["pauly-the-elf"]})
    s.choose(0, _play("pauly-the-elf", "Candy Shop", 0))
    s.expect(0, "turn")


@covers("demented-shadow")
def test_demented_shadow_at_the_graveyard_may_draw_one_and_move_one(tcg):
    rows = {0: [("jacks-house", []), ("the-graveyard", []), ("town-hall", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["demented-shadow"]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, _play("demented-shadow", "The Graveyard", 1))
    s.choose(0, "Yes", kind="may")
    assert hand(s, 0) == ["zero"]
    s.choose(0, f"Move {N['demented-shadow']} to Town Hall")
    assert row(s, 0)[2] == ("town-hall", ["demented-shadow"])
    s = ct_table(tcg, rows=rows, hands={0: ["demented-shadow"]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, _play("demented-shadow", "Town Hall", 1))
    s.expect(0, "turn")
    assert hand(s, 0) == []


@covers("timmy-the-elf")
def test_timmy_at_the_toy_factory_may_search_six_for_one_creation(tcg):
    rows = {0: [("jacks-house", []), ("toy-factory", []), ("candy-shop", [])]}
    deck = ["igor", "road-kill", "fire", "spider-flake", "clown", "zero", "devil"]
    s = ct_table(tcg, rows=rows, hands={0: ["timmy-the-elf"]}, decks={0: deck})
    s.choose(0, _play("timmy-the-elf", "Toy Factory", 0))
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Take Road Kill", kind="search-take")
    assert hand(s, 0) == ["road-kill"] and _deck(s) == ["devil"]
    s = ct_table(tcg, rows=rows, hands={0: ["timmy-the-elf"]}, decks={0: deck})
    s.choose(0, _play("timmy-the-elf", "Candy Shop", 0))
    s.expect(0, "turn")
    assert len(s.state.players[0].deck) == 7


# --- Bass Ghost and The Bass -----------------------------------------------------------------------
@covers("bass-ghost")
def test_bass_ghost_may_search_five_for_every_ghost(tcg):
    deck = ["alto-ghost", "igor", "tenor-ghost", "the-bass", "fire", "soprano-ghost"]
    rows = {0: [("jacks-house", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["bass-ghost"]}, decks={0: deck}, pp={0: 1})
    s.choose(0, _play("bass-ghost", "Jack's House", 1))
    s.choose(0, "Yes", kind="may")
    assert hand(s, 0) == ["alto-ghost", "tenor-ghost"]  # every Ghost of the five, no choice
    assert sorted(discard(s, 0)) == ["fire", "igor", "the-bass"]
    assert _deck(s) == ["soprano-ghost"]
    s = ct_table(tcg, rows=rows, hands={0: ["bass-ghost"]}, decks={0: deck}, pp={0: 1})
    s.choose(0, _play("bass-ghost", "Jack's House", 1))
    s.choose(0, "No", kind="may")
    assert hand(s, 0) == [] and len(s.state.players[0].deck) == 6


@covers("the-bass")
def test_the_bass_may_search_six_for_the_players_but_is_not_one(tcg):
    deck = ["sax-player", "the-bass", "igor", "accordion-player", "bass-player", "bass-ghost", "zero"]
    rows = {0: [("jacks-house", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["the-bass"]}, decks={0: deck}, pp={0: 1})
    s.choose(0, _play("the-bass", "Jack's House", 1))
    s.choose(0, "Yes", kind="may")
    assert hand(s, 0) == ["accordion-player", "bass-player", "sax-player"]
    assert sorted(discard(s, 0)) == ["bass-ghost", "igor", "the-bass"]
    s = ct_table(tcg, rows=rows, hands={0: ["the-bass"]}, decks={0: deck}, pp={0: 1})
    s.choose(0, _play("the-bass", "Jack's House", 1))
    s.choose(0, "No", kind="may")
    assert hand(s, 0) == [] and len(s.state.players[0].deck) == 7


# --- Dead Rooster ----------------------------------------------------------------------------------
ROOSTER = _use("dead-rooster", "Discard Dead Rooster: move a Vampire to another Locale")


@covers("dead-rooster")
def test_dead_rooster_gives_himself_up_to_move_any_players_vampire_within_its_halloweentown(tcg):
    rows = {
        0: [("jacks-house", ["dead-rooster"])],
        1: [("jacks-house", []), ("town-hall", ["vampire-count"]), ("the-well", []), ("candy-shop", [])],
    }
    s = ct_table(tcg, rows=rows)
    s.choose(0, ROOSTER)
    assert discard(s, 0) == ["dead-rooster"]
    assert options(s, 0, "destination") == ["Jack's House", "The Well"]  # not into Christmas Town
    s.choose(0, "The Well", kind="destination")
    assert row(s, 1)[2] == ("the-well", ["vampire-count"])


def test_dead_rooster_leaves_a_vampire_in_christmas_town_alone(tcg):
    # a Vampire taken to Christmas Town (Magical Journey) is in no Halloweentown
    rows = {
        0: [("jacks-house", ["dead-rooster"])],
        1: [
            ("jacks-house", ["vampire-lord"]),
            ("town-hall", []),
            ("candy-shop", ["vampire-count"]),
            ("carousel", []),
        ],
    }
    s = ct_table(tcg, rows=rows)
    s.choose(0, ROOSTER)  # the Lord is the only Vampire to choose, Town Hall his only way
    assert row(s, 1) == [
        ("jacks-house", []),
        ("town-hall", ["vampire-lord"]),
        ("candy-shop", ["vampire-count"]),
        ("carousel", []),
    ]


def test_dead_rooster_is_not_offered_without_a_vampire(tcg):
    s = ct_table(tcg, rows={0: [("jacks-house", ["dead-rooster"])], 1: [("jacks-house", ["igor"])]})
    assert ROOSTER not in options(s)


# --- Dr. Finklestein, Desperate Lover --------------------------------------------------------------
LOVER = "dr-finklestein-desperate-lover"
LOVER_USE = _use(LOVER, "Go to Sally for free and draw 1")


@covers("dr-finklestein-desperate-lover")
def test_desperate_lover_goes_to_his_sally_for_free_and_draws_once_a_turn(tcg):
    rows = {0: [("jacks-house", [LOVER]), ("town-hall", []), ("the-well", ["sally-shy-creature"])]}
    s = ct_table(tcg, rows=rows, decks={0: DECK})
    s.choose(0, LOVER_USE)
    assert row(s, 0)[2] == ("the-well", ["dr-finklestein-desperate-lover", "sally-shy-creature"])
    assert hand(s, 0) == ["zero"]
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, f"Move {N[LOVER]} to Town Hall")
    s.choose(0, "Stop moving")
    assert LOVER_USE not in options(s)  # HEX: once a turn


def test_desperate_lover_is_not_offered_beside_sally_or_without_her(tcg):
    s = ct_table(tcg, rows={0: [("jacks-house", [LOVER, "sally-shy-creature"]), ("town-hall", [])]})
    assert LOVER_USE not in options(s)
    s = ct_table(tcg, rows={0: [("jacks-house", [LOVER]), ("town-hall", ["sallys-arm", "sallys-leg"])]})
    assert LOVER_USE not in options(s)  # her Arm and Leg stand in for her only at a named Locale


@covers("dr-finklestein-desperate-lover")
def test_desperate_lover_is_not_offered_when_he_cannot_reach_his_sally(tcg):
    rows = {0: [("jacks-house", [LOVER]), ("town-hall", []), ("candy-shop", ["sally-restless-spirit"])]}
    s = ct_table(tcg, rows=rows)  # she is in Christmas Town; he may not travel there
    assert LOVER_USE not in options(s)


# --- Eddy the Elf ----------------------------------------------------------------------------------
@covers("eddy-the-elf")
def test_eddy_lets_every_player_draw_a_card_if_they_wish(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", [])], 1: [("jacks-house", [])], 2: [("jacks-house", [])]}
    decks = {0: ["zero"], 1: ["igor"], 2: ["fire"]}
    rows[1].append(("candy-shop", []))
    s = ct_table(tcg, players=3, turn=1, king=0, rows=rows, hands={1: ["eddy-the-elf"]}, decks=decks)
    s.choose(1, _play("eddy-the-elf", "Candy Shop", 0))
    s.choose(0, "Yes", kind="may")  # from the Pumpkin King on
    s.choose(1, "Yes", kind="may")
    s.choose(2, "No", kind="may")
    assert hand(s, 0) == ["zero"] and hand(s, 1) == ["igor"] and hand(s, 2) == []


# --- Iggy the Elf ----------------------------------------------------------------------------------
@covers("iggy-the-elf")
def test_iggy_beside_jack_adds_a_pumpkin_point(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", [EXPLORER]), ("carousel", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["iggy-the-elf"]})
    s.choose(0, _play("iggy-the-elf", "Candy Shop", 0))
    assert _pp(s) == 1
    s = ct_table(tcg, rows=rows, hands={0: ["iggy-the-elf"]})
    s.choose(0, _play("iggy-the-elf", "Carousel", 0))
    assert _pp(s) == 0


# --- Jack, Explorer of Unknown Realms --------------------------------------------------------------
@covers("jack-skellington-explorer-of-unknown-realms")
def test_explorer_travels_and_adds_a_point_the_first_time_a_turn_he_enters_christmas_town(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", [EXPLORER]), ("candy-shop", []), ("carousel", [])]}
    s = ct_table(tcg, rows=rows)
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, f"Move {N[EXPLORER]} to Candy Shop")  # he may travel between the towns
    s.choose(0, f"Move {N[EXPLORER]} to Carousel")
    s.choose(0, "Stop moving")
    assert row(s, 0)[3] == ("carousel", [EXPLORER])
    assert _pp(s) == 1  # HEX: once a turn, though he entered two Christmas Town Locales


def test_explorer_moving_within_halloweentown_adds_nothing(tcg):
    rows = {0: [("jacks-house", [EXPLORER]), ("town-hall", []), ("candy-shop", [])]}
    s = ct_table(tcg, rows=rows)
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, f"Move {N[EXPLORER]} to Town Hall")
    s.choose(0, "Stop moving")
    assert _pp(s) == 0


def test_explorer_moved_into_christmas_town_in_an_opponents_turn_adds_nothing(tcg):
    rows = {
        0: [("jacks-house", []), ("town-hall", [EXPLORER]), ("candy-shop", [])],
        1: [("jacks-house", ["mummy-boy"])],
    }
    s = ct_table(tcg, turn=1, rows=rows, hands={1: ["loco-motive"]}, pp={1: 3})
    s.choose(1, "Play Loco-motive (3 PP)")
    s.choose(1, _at(EXPLORER, 0, "Town Hall"), kind="choose")
    s.choose(1, "Candy Shop", kind="destination")
    assert row(s, 0)[2] == ("candy-shop", [EXPLORER])
    assert _pp(s, 0) == 0  # his text works in his own player's turn only


def test_a_follower_that_cannot_travel_does_not_follow_jack_into_christmas_town(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", [EXPLORER, "zero"]), ("candy-shop", [])]}
    s = ct_table(tcg, rows=rows)
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, f"Move {N[EXPLORER]} to Candy Shop")
    s.choose(0, "Stop moving")
    s.expect(0, "turn")  # Zero is not asked to follow across the towns
    assert row(s, 0)[1:] == [("town-hall", ["zero"]), ("candy-shop", [EXPLORER])]


def test_a_follower_joins_jack_where_he_is_after_the_movement(tcg):
    rows = {0: [("jacks-house", [EXPLORER, "zero"]), ("town-hall", []), ("the-well", [])]}
    s = ct_table(tcg, rows=rows)
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, f"Move {N[EXPLORER]} to Town Hall")
    s.choose(0, f"Move {N[EXPLORER]} to The Well")
    s.choose(0, "Stop moving")
    s.choose(0, "Yes", kind="may")  # Zero may follow, once the Movement is over
    assert row(s, 0) == [("jacks-house", []), ("town-hall", []), ("the-well", [EXPLORER, "zero"])]


# --- Jack, Motivational Spooker --------------------------------------------------------------------
SPOOK_USE = _use(SPOOKER, "Discard a card: move a Halloween Character from here to a neighbouring Locale")


@covers("jack-skellington-motivational-spooker")
def test_spooker_discards_a_card_to_send_another_halloween_character_next_door(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", [SPOOKER, "igor"]), ("the-well", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["fire"]})
    s.choose(0, SPOOK_USE)
    s.choose(0, "Discard Fire!", kind="discard")
    assert options(s, 0, "destination") == ["Jack's House", "The Well"]
    s.choose(0, "The Well", kind="destination")
    assert row(s, 0) == [("jacks-house", []), ("town-hall", [SPOOKER]), ("the-well", ["igor"])]
    assert discard(s, 0) == ["fire"]


def test_spooker_is_not_offered_with_only_christmas_characters_beside_him(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", [SPOOKER, "eddy-the-elf"]), ("carousel", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["fire"]})
    assert SPOOK_USE not in options(s)
    assert hand(s, 0) == ["fire"]


def test_spooker_needs_a_card_to_discard(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", [SPOOKER, "igor"]), ("the-well", [])]}
    s = ct_table(tcg, rows=rows)
    assert SPOOK_USE not in options(s)


# --- Jack, Santa Jack ------------------------------------------------------------------------------
@covers("jack-skellington-santa-jack")
def test_santa_jack_draws_two_whenever_you_stack_a_surprise_on_a_creation(tcg):
    rows = {0: [("jacks-house", ["jack-skellington-santa-jack"])], 1: [("jacks-house", [])]}
    s = ct_table(
        tcg,
        rows=rows,
        creations={0: ["road-kill"]},
        hands={0: ["what-have-i-done"]},
        decks={0: DECK},
        discards={0: ["clown"]},  # a Character to take back: both abilities are open
        pp={0: 1},
    )
    s.choose(0, "Play What Have I Done? (1 PP)")
    s.choose(0, "Stack on one of your Creations; return an opponent's Jack to hand", kind="mode")
    assert hand(s, 0) == ["igor", "zero"]


def test_santa_jack_draws_nothing_for_a_surprise_stacked_on_a_character(tcg):
    lsb = ["lock-little-devil", "shock-little-hag", "barrel-little-skeleton"]
    rows = {0: [("jacks-house", ["jack-skellington-santa-jack", *lsb])], 1: [("jacks-house", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["im-not-the-dumb-one"]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, "Play I'm not the dumb one (1 PP)")
    s.choose(0, "Stack on Barrel and draw 1", kind="mode")
    assert hand(s, 0) == ["zero"]  # the Surprise's own card only


# --- Languid Larry ---------------------------------------------------------------------------------
@covers("languid-larry")
def test_languid_larry_beside_nelly_draws_two_and_never_moves(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", ["nelly-the-elf"]), ("carousel", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["languid-larry"]}, decks={0: DECK})
    s.choose(0, _play("languid-larry", "Candy Shop", 0))
    assert hand(s, 0) == ["igor", "zero"]
    s.choose(0, "Jack's House: Move 4")
    assert not any(x.startswith(f"Move {N['languid-larry']}") for x in options(s, 0, "move"))


def test_languid_larry_without_nelly_draws_nothing(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", ["nelly-the-elf"]), ("carousel", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["languid-larry"]}, decks={0: DECK})
    s.choose(0, _play("languid-larry", "Carousel", 0))
    assert hand(s, 0) == []


# --- Lock, Savage Captor ---------------------------------------------------------------------------
CAPTOR = "lock-savage-captor"
CAPTOR_USE = _use(CAPTOR, "Discard another Character here: draw 1")


@covers("lock-savage-captor")
def test_savage_captor_at_the_tree_house_discards_another_character_there_to_draw(tcg):
    rows = {0: [("jacks-house", ["cyclops"]), ("the-tree-house", [CAPTOR, "igor"])]}
    s = ct_table(tcg, rows=rows, decks={0: DECK})
    s.choose(0, CAPTOR_USE)  # Igor is the only other Character there
    assert discard(s, 0) == ["igor"] and hand(s, 0) == ["zero"]
    assert CAPTOR_USE not in options(s)  # nobody else is left there


@covers("lock-savage-captor")
def test_savage_captor_is_not_offered_when_nobody_beside_him_can_be_discarded(tcg):
    rows = {0: [("jacks-house", []), ("the-tree-house", [CAPTOR, "sandy-claws"])]}
    s = ct_table(tcg, rows=rows, decks={0: DECK})
    assert CAPTOR_USE not in options(s)  # Sandy Claws cannot be discarded from play
    rows = {0: [("jacks-house", []), ("the-tree-house", [CAPTOR, "sandy-claws", "igor"])]}
    s = ct_table(tcg, rows=rows, decks={0: DECK})
    s.choose(0, CAPTOR_USE)  # Igor is the one Character there that can go: no question
    assert discard(s, 0) == ["igor"] and hand(s, 0) == ["zero"]


def test_savage_captor_elsewhere_has_no_ability_but_travels(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", [CAPTOR, "igor"]), ("candy-shop", [])]}
    s = ct_table(tcg, rows=rows)
    assert CAPTOR_USE not in options(s)
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, f"Move {N[CAPTOR]} to Candy Shop")
    assert row(s, 0)[2] == ("candy-shop", [CAPTOR])


# --- Mrs. Claus ------------------------------------------------------------------------------------
CLAUS_USE = _use("mrs-claus", "Discard an Elf here (draw 1 at The Bakery)")


@covers("mrs-claus")
def test_mrs_claus_discards_an_elf_beside_her_and_draws_at_the_bakery_once_a_turn(tcg):
    rows = {
        0: [("jacks-house", []), ("the-bakery", ["mrs-claus", "eddy-the-elf", "suzy-the-elf", "weary-willy"])]
    }
    s = ct_table(tcg, rows=rows, decks={0: DECK})
    s.choose(0, CLAUS_USE)
    assert options(s, 0, "choose") == [
        _at("eddy-the-elf", 0, "The Bakery"),
        _at("suzy-the-elf", 0, "The Bakery"),
    ]
    s.choose(0, _at("suzy-the-elf", 0, "The Bakery"))
    assert discard(s, 0) == ["suzy-the-elf"] and hand(s, 0) == ["zero"]
    assert CLAUS_USE not in options(s)  # HEX


def test_mrs_claus_elsewhere_discards_without_drawing(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", ["mrs-claus", "eddy-the-elf"])]}
    s = ct_table(tcg, rows=rows, decks={0: DECK})
    s.choose(0, CLAUS_USE)
    assert discard(s, 0) == ["eddy-the-elf"] and hand(s, 0) == []


# --- Nelly the Elf ---------------------------------------------------------------------------------
@covers("nelly-the-elf")
def test_nelly_may_discard_the_whole_hand_to_draw_one_per_other_elf_beside_her(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", ["eddy-the-elf", "suzy-the-elf", "mrs-claus"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["nelly-the-elf", "fire", "clown", "igor"]}, decks={0: DECK})
    s.choose(0, _play("nelly-the-elf", "Candy Shop", 0))
    s.choose(0, "Yes", kind="may")
    for card in ("Fire!", "Clown (With the Tear-away Face)", "Igor (Faithful Lackey)"):  # one at a time
        s.choose(0, f"Discard {card}", kind="discard")
    assert discard(s, 0) == ["fire", "clown", "igor"]  # the whole hand
    assert hand(s, 0) == ["igor", "zero"]  # two other Elves (Mrs. Claus is none)


def test_nelly_may_keep_her_hand(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", ["eddy-the-elf"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["nelly-the-elf", "fire"]}, decks={0: DECK})
    s.choose(0, _play("nelly-the-elf", "Candy Shop", 0))
    s.choose(0, "No", kind="may")
    assert hand(s, 0) == ["fire"] and discard(s, 0) == []


# --- Oogie Boogie, Voracious Villain ---------------------------------------------------------------
VILLAIN = "oogie-boogie-voracious-villain"
VILLAIN_USE = _use(VILLAIN, "Discard another Character here: Pumpkin Points equal to its Scare (up to 2)")


@covers("oogie-boogie-voracious-villain")
def test_voracious_villain_eats_another_character_for_its_scare_at_most_two_once_a_turn(tcg):
    rows = {0: [("jacks-house", [VILLAIN, "behemoth", "wolfman"])]}
    s = ct_table(tcg, rows=rows)
    s.choose(0, VILLAIN_USE)
    s.choose(0, _at("wolfman", 0, "Jack's House"), kind="choose")
    assert discard(s, 0) == ["wolfman"] and _pp(s) == 2
    assert VILLAIN_USE not in options(s)  # HEX


def test_voracious_villain_gains_only_the_scare_below_two(tcg):
    s = ct_table(tcg, rows={0: [("jacks-house", [VILLAIN, "igor"])]})
    s.choose(0, VILLAIN_USE)
    assert discard(s, 0) == ["igor"] and _pp(s) == 1
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", [VILLAIN, "the-bass"]), ("town-hall", ["oogie-boogie-meanest-guy-around"])]
        },
    )
    s.choose(0, VILLAIN_USE)
    assert _pp(s) == 1 and row(s, 0)[1] == ("town-hall", ["oogie-boogie-meanest-guy-around"])


# --- Sally, Restless Spirit ------------------------------------------------------------------------
RESTLESS = "sally-restless-spirit"
RESTLESS_USE = _use(RESTLESS, "Move Sally to a neighbouring Locale for free")


@covers("sally-restless-spirit")
def test_restless_spirit_moves_to_a_neighbouring_locale_for_free_once_a_turn(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", [RESTLESS]), ("the-well", [])]}
    s = ct_table(tcg, rows=rows)
    s.choose(0, RESTLESS_USE)
    assert options(s, 0, "destination") == ["Jack's House", "The Well"]
    s.choose(0, "The Well", kind="destination")
    assert row(s, 0)[2] == ("the-well", [RESTLESS]) and _pp(s) == 0
    assert RESTLESS_USE not in options(s)  # HEX


# --- Sally's Arm and Sally's Leg -------------------------------------------------------------------
@covers("sallys-arm")
def test_sallys_arm_is_cheaper_at_sallys_room_and_stands_in_for_sally_there(tcg):
    rows = {0: [("jacks-house", []), ("sallys-room", []), ("town-hall", [])]}
    s = ct_table(
        tcg,
        rows=rows,
        hands={0: ["sallys-arm", "frogs-breath", "deadly-nightshade"]},
        decks={0: DECK},
        pp={0: 1},
    )
    labels = options(s)
    assert _play("sallys-arm", "Sally's Room", 0) in labels and _play("sallys-arm", "Town Hall", 1) in labels
    s.choose(0, _play("sallys-arm", "Sally's Room", 0))
    s.choose(0, "Play Frog's Breath (0 PP)")
    s.choose(0, "Discard Deadly Nightshade: draw 3", kind="mode")  # "Sally in her Room" holds
    s.choose(0, "Discard Deadly Nightshade", kind="discard")
    assert hand(s, 0) == ["fire", "igor", "zero"]


@covers("sallys-leg")
def test_sallys_leg_is_cheaper_at_sallys_room_and_stands_in_for_sally_there(tcg):
    rows = {0: [("jacks-house", []), ("sallys-room", []), ("town-hall", [])]}
    hands = {0: ["sallys-leg", "worms-wart", "deadly-nightshade", "frogs-breath"]}
    s = ct_table(tcg, rows=rows, hands=hands, pp={0: 1})
    labels = options(s)
    assert _play("sallys-leg", "Sally's Room", 0) in labels and _play("sallys-leg", "Town Hall", 1) in labels
    s.choose(0, _play("sallys-leg", "Sally's Room", 0))
    s.choose(0, "Play Worm's Wart (0 PP)")
    s.choose(0, "Discard Deadly Nightshade and Frog's Breath: add 3 Pumpkin Points", kind="mode")
    s.choose(0, "Discard Deadly Nightshade", kind="discard")
    s.choose(0, "Discard Frog's Breath", kind="discard")
    assert _pp(s) == 4


def test_sallys_arm_and_leg_are_not_sally_anywhere_else(tcg):
    deck = ["sallys-arm", "sallys-leg", "sally-shy-creature", "igor", "fire", "clown"]
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["pull-yourself-together"]},
        decks={0: deck},
        pp={0: 1},
    )
    s.choose(0, "Play Pull Yourself Together (1 PP)")  # Search 6 for Sally
    assert hand(s, 0) == ["sally-shy-creature"]
    rows = {0: [("jacks-house", ["jack-skellington-the-pumpkin-king", "sallys-arm", "sallys-leg"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["i-never-realized"]}, decks={0: DECK})
    s.choose(0, "Play I never realized (0 PP)")  # Jack and Sally are not together: only the Search
    s.expect(0, "turn")
    assert discard(s, 0) == ["zero", "igor", "fire"] and hand(s, 0) == []


def test_falling_to_pieces_still_finds_sally_her_arm_and_her_leg(tcg):
    # the Surprise names all three, now that the Arm and the Leg are not Sally themselves
    deck = ["sallys-arm", "igor", "sallys-leg", "sally-shy-creature"]
    s = ct_table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["falling-to-pieces"]}, decks={0: deck})
    s.choose(0, "Play Falling to Pieces (0 PP)")  # only the Search is open
    assert hand(s, 0) == ["sallys-arm", "sallys-leg"] and discard(s, 0) == ["igor"]
    spread = [
        ("jacks-house", ["sally-shy-creature"]),
        ("town-hall", ["sallys-arm"]),
        ("the-well", ["sallys-leg"]),
    ]
    s = ct_table(tcg, rows={0: spread}, hands={0: ["falling-to-pieces"]}, decks={0: DECK})
    s.choose(0, "Play Falling to Pieces (0 PP)")
    s.choose(0, "Draw 2 and Move 2", kind="mode")  # three different Locales
    assert hand(s, 0) == ["igor", "zero"]
    together = [("jacks-house", ["sally-shy-creature", "sallys-arm"]), ("the-well", ["sallys-leg"])]
    s = ct_table(tcg, rows={0: together}, hands={0: ["falling-to-pieces"]}, decks={0: DECK})
    s.choose(0, "Play Falling to Pieces (0 PP)")  # Sally and her Arm share a Locale: the Search only
    s.expect(0, "turn")
    assert hand(s, 0) == [] and discard(s, 0) == ["zero", "igor", "fire"]


# --- Santa Claus -----------------------------------------------------------------------------------
SANTA_USE = _use("santa-claus", "Search 6 for Elves")


@covers("santa-claus")
def test_santa_claus_searches_six_for_every_elf_once_a_turn(tcg):
    deck = [
        "eddy-the-elf",
        "igor",
        "mrs-claus",
        "suzy-the-elf",
        "weary-willy",
        "timmy-the-elf",
        "nelly-the-elf",
    ]
    s = ct_table(tcg, rows={0: [("jacks-house", []), ("candy-shop", ["santa-claus"])]}, decks={0: deck})
    s.choose(0, SANTA_USE)
    assert hand(s, 0) == ["eddy-the-elf", "suzy-the-elf", "timmy-the-elf"]
    assert sorted(discard(s, 0)) == ["igor", "mrs-claus", "weary-willy"]
    assert SANTA_USE not in options(s)  # HEX


def test_santa_claus_and_sandy_claws_never_share_a_players_towns(tcg):
    rows = {0: [("jacks-house", []), ("tree-circle", ["sandy-claws"]), ("candy-shop", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["santa-claus"]})
    assert not any(x.startswith(f"Play {N['santa-claus']}") for x in options(s))
    rows = {0: [("jacks-house", []), ("tree-circle", []), ("candy-shop", ["santa-claus"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["sandy-claws"]})
    assert not any(x.startswith(f"Play {N['sandy-claws']}") for x in options(s))
    rows1 = {0: rows[0], 1: [("jacks-house", []), ("tree-circle", [])]}
    s = ct_table(tcg, turn=1, rows=rows1, hands={1: ["sandy-claws"]})
    assert _play("sandy-claws", "Tree Circle", 0) in options(s, 1)  # an opponent's Santa is no bar


# --- Shock, Mad Schemer ----------------------------------------------------------------------------
SCHEMER = "shock-mad-schemer"
SCHEMER_USE = _use(SCHEMER, "Discard a card: Search 3 for Mission of Menace")


@covers("shock-mad-schemer")
def test_mad_schemer_discards_a_card_to_search_three_for_mission_of_menace_and_travels(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", [SCHEMER]), ("candy-shop", [])]}
    deck = ["igor", "mission-of-menace", "mission-of-menace", "zero"]
    s = ct_table(tcg, rows=rows, hands={0: ["fire"]}, decks={0: deck})
    s.choose(0, SCHEMER_USE)
    s.choose(0, "Discard Fire!", kind="discard")
    assert hand(s, 0) == ["mission-of-menace", "mission-of-menace"]
    assert discard(s, 0) == ["fire", "igor"] and _deck(s) == ["zero"]
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, f"Move {N[SCHEMER]} to Candy Shop")
    assert row(s, 0)[2] == ("candy-shop", [SCHEMER])


# --- Siamese Shadow --------------------------------------------------------------------------------
@covers("siamese-shadow")
def test_siamese_shadow_costs_one_less_at_the_graveyard(tcg):
    rows = {0: [("jacks-house", []), ("the-graveyard", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["siamese-shadow"]}, pp={0: 1})
    assert [x for x in options(s) if "Siamese" in x] == [_play("siamese-shadow", "The Graveyard", 1)]
    s.choose(0, _play("siamese-shadow", "The Graveyard", 1))
    assert _pp(s) == 0 and row(s, 0)[1] == ("the-graveyard", ["siamese-shadow"])


# --- Suzy the Elf ----------------------------------------------------------------------------------
@covers("suzy-the-elf")
def test_suzy_draws_two_when_she_leaves_the_hand_empty(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["suzy-the-elf"]}, decks={0: DECK})
    s.choose(0, _play("suzy-the-elf", "Candy Shop", 0))
    assert hand(s, 0) == ["igor", "zero"]
    s = ct_table(tcg, rows=rows, hands={0: ["suzy-the-elf", "fire"]}, decks={0: DECK})
    s.choose(0, _play("suzy-the-elf", "Candy Shop", 0))
    assert hand(s, 0) == ["fire"]


# --- The Mayor, Excitable Politician ---------------------------------------------------------------
EXCITABLE = "the-mayor-excitable-politician"
EXCITABLE_USE = _use(EXCITABLE, "Return the Mayor to hand: draw 2")


@covers("the-mayor-excitable-politician")
def test_excitable_politician_at_the_mayor_mobile_goes_back_to_hand_to_draw_two(tcg):
    s = ct_table(tcg, rows={0: [("mayor-mobile", [EXCITABLE]), ("town-hall", [])]}, decks={0: DECK})
    s.choose(0, EXCITABLE_USE)
    assert hand(s, 0) == ["igor", EXCITABLE, "zero"] and row(s, 0)[0] == ("mayor-mobile", [])
    s = ct_table(tcg, rows={0: [("mayor-mobile", []), ("town-hall", [EXCITABLE])]}, decks={0: DECK})
    assert EXCITABLE_USE not in options(s)


# --- The Rat ---------------------------------------------------------------------------------------
CLOWN_USE = "Clown (With the Tear-away Face): Discard the Clown: discard an opponent's Character with Scare 1"
RAT_ANSWER = f"Answer with {N['the-rat']}: Discard The Rat and ignore it"


@covers("the-rat")
def test_the_rat_is_discarded_from_play_to_cancel_a_card_aimed_at_a_character_beside_him(tcg):
    rows = {
        0: [("jacks-house", ["clown"])],
        1: [("jacks-house", ["igor", "the-rat", "the-mayor-lugubrious-leader"]), ("town-hall", [])],
    }
    s = ct_table(tcg, rows=rows, decks={1: DECK})
    s.choose(0, CLOWN_USE)
    s.choose(0, _at("igor", 1, "Jack's House"), kind="choose")
    s.choose(1, RAT_ANSWER, kind="respond")
    assert row(s, 1)[0] == ("jacks-house", ["igor", "the-mayor-lugubrious-leader"])
    assert discard(s, 1) == ["the-rat"] and discard(s, 0) == ["clown"]
    assert hand(s, 1) == ["zero"]  # discarded from play: the Lugubrious Leader draws for him


def test_the_rat_cannot_answer_for_a_character_at_another_locale(tcg):
    rows = {0: [("jacks-house", ["clown"])], 1: [("jacks-house", ["the-rat"]), ("town-hall", ["igor"])]}
    s = ct_table(tcg, rows=rows)
    s.choose(0, CLOWN_USE)
    s.choose(0, _at("igor", 1, "Town Hall"), kind="choose")
    s.expect(0, "turn")  # seat 1 was never asked
    assert discard(s, 1) == ["igor"] and row(s, 1)[0] == ("jacks-house", ["the-rat"])


# --- Weary Willy -----------------------------------------------------------------------------------
@covers("weary-willy")
def test_weary_willy_may_move_three_but_only_christmas_characters(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", [EXPLORER, "eddy-the-elf"]), ("carousel", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["weary-willy"]})
    s.choose(0, _play("weary-willy", "Candy Shop", 0))
    s.choose(0, "Yes", kind="may")
    assert not any(x.startswith(f"Move {N[EXPLORER]}") for x in options(s, 0, "move"))
    s.choose(0, f"Move {N['eddy-the-elf']} to Carousel")
    s.choose(0, f"Move {N['weary-willy']} to Carousel")
    s.choose(0, f"Move {N['eddy-the-elf']} to Candy Shop")
    assert row(s, 0)[1:] == [("candy-shop", ["eddy-the-elf", EXPLORER]), ("carousel", ["weary-willy"])]
    s.expect(0, "turn")


def test_weary_willy_may_be_declined(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", ["eddy-the-elf"]), ("carousel", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["weary-willy"]})
    s.choose(0, _play("weary-willy", "Candy Shop", 0))
    s.choose(0, "No", kind="may")
    s.expect(0, "turn")


# --- Wolf Shadow -----------------------------------------------------------------------------------
WOLF = _use("wolf-shadow", "Discard Wolf Shadow: discard a lonely opponent's Character")


@covers("wolf-shadow")
def test_wolf_shadow_at_the_graveyard_gives_himself_up_for_a_lonely_halloweentown_character(tcg):
    rows = {
        0: [("jacks-house", []), ("the-graveyard", ["wolf-shadow"])],
        1: [
            ("jacks-house", ["igor", "cyclops"]),  # not alone
            ("town-hall", ["wolfman"]),  # alone
            ("the-well", ["clown"]),  # alone
            ("candy-shop", ["eddy-the-elf"]),  # alone, but in Christmas Town
        ],
    }
    s = ct_table(tcg, rows=rows)
    s.choose(0, WOLF)
    assert discard(s, 0) == ["wolf-shadow"]
    assert options(s, 0, "choose") == [_at("wolfman", 1, "Town Hall"), _at("clown", 1, "The Well")]
    s.choose(0, _at("clown", 1, "The Well"))
    assert discard(s, 1) == ["clown"]


def test_wolf_shadow_away_from_the_graveyard_has_no_ability(tcg):
    rows = {0: [("jacks-house", ["wolf-shadow"]), ("the-graveyard", [])], 1: [("jacks-house", ["igor"])]}
    s = ct_table(tcg, rows=rows)
    assert WOLF not in options(s)


# --- Zero, Pale Retriever --------------------------------------------------------------------------
MISSES = ["igor", "fire", "clown", "cyclops", "wolfman", "behemoth", "devil"]


@covers("zero-pale-retriever")
def test_pale_retriever_with_jack_at_the_dark_wood_keeps_a_card_from_a_surprises_failed_search(tcg):
    rows = {
        0: [
            ("jacks-house", []),
            ("the-dark-wood", ["zero-pale-retriever", "jack-skellington-the-pumpkin-king"]),
        ]
    }
    s = ct_table(tcg, rows=rows, hands={0: ["fetch"]}, decks={0: MISSES})
    s.choose(0, "Play Fetch (0 PP)")
    s.choose(0, "Search 6 for Zero", kind="mode")
    s.choose(0, "Keep Clown (With the Tear-away Face)", kind="search-keep")
    assert hand(s, 0) == ["clown"]
    assert sorted(discard(s, 0)) == ["behemoth", "cyclops", "fire", "igor", "wolfman"]


def test_pale_retriever_keeps_nothing_without_jack_or_for_a_characters_search(tcg):
    rows = {
        0: [
            ("jacks-house", ["jack-skellington-the-pumpkin-king"]),
            ("the-dark-wood", ["zero-pale-retriever"]),
        ]
    }
    s = ct_table(tcg, rows=rows, hands={0: ["fetch"]}, decks={0: MISSES})
    s.choose(0, "Play Fetch (0 PP)")  # Jack is not at The Dark Wood: the Search fails as usual
    assert hand(s, 0) == [] and len(discard(s, 0)) == 6
    rows = {
        0: [
            ("jacks-house", []),
            ("the-dark-wood", ["zero-pale-retriever", "jack-skellington-the-pumpkin-king"]),
        ]
    }
    s = ct_table(tcg, rows=rows, hands={0: ["bass-ghost"]}, decks={0: MISSES}, pp={0: 1})
    s.choose(0, _play("bass-ghost", "Jack's House", 1))
    s.choose(0, "Yes", kind="may")  # a Character's Search, not a Surprise's
    assert hand(s, 0) == [] and len(discard(s, 0)) == 5
