"""Per-card tests of the Premiere set's Locales: the four Starting Locales (one test for
each of their three Functions) and the sixteen other Locales.

Each test lays out an exact table, performs the Function and checks what it changed:
cards drawn, Pumpkin Points, Movement spent, cards searched, taken or tucked.
"""

from __future__ import annotations

from tcgkit import deck, discard, hand, labels, row, table

from nbc.core.testkit.cardtests import covers
from nbc.core.testkit.ruletests import shows

DECK = ["igor", "zero", "clown", "fire", "behemoth", "cyclops", "devil", "reaper"]


def beneath(s, seat: int, k: int) -> list[str]:
    return sorted(s.state.cards[c] for c in s.state.players[seat].row[k].beneath)


def movement_left(s, seat: int = 0) -> str:
    return s.expect(seat, "move").text


# --- Starting Locales: always Active, three Functions, pick one ----------------------------
STARTING = {
    # locale: (draw, pp, move, starting hand)
    "finklestein-hall": (3, 2, 2, 7),
    "jacks-house": (2, 2, 4, 7),
    "mayor-mobile": (3, 2, 5, 6),
    "oogies-lair": (2, 3, 1, 5),
}
NAMES = {
    "finklestein-hall": "Finklestein Hall",
    "jacks-house": "Jack's House",
    "mayor-mobile": "Mayor-mobile",
    "oogies-lair": "Oogie's Lair",
}


def _draw(tcg, locale: str) -> None:
    n = STARTING[locale][0]
    s = table(tcg, rows={0: [(locale, [])]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, f"{NAMES[locale]}: Draw {n} cards")
    assert hand(s, 0) == sorted(DECK[:n])
    assert deck(s) == DECK[n:]
    assert s.state.players[0].pp == 1  # nothing else
    assert s.state.function_used
    assert not any(label.startswith(NAMES[locale]) for label in labels(s, 0))  # one Function a turn


def _pp(tcg, locale: str) -> None:
    n = STARTING[locale][1]
    s = table(tcg, rows={0: [(locale, [])]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, f"{NAMES[locale]}: Add {n} Pumpkin Points")
    assert s.state.players[0].pp == 1 + n
    assert hand(s, 0) == []


def _move(tcg, locale: str) -> None:
    n = STARTING[locale][2]
    # a row long enough to spend every point on one walk: Igor starts at the far left
    others = ["the-well", "the-crypt", "town-hall", "tree-circle", "town-square", "back-alley"]
    s = table(tcg, rows={0: [(locale, ["igor"]), *[(o, []) for o in others]]})
    s.choose(0, f"{NAMES[locale]}: Move {n}")
    names = ["The Well", "The Crypt", "Town Hall", "Tree Circle", "Town Square", "Back Alley"]
    for k in range(n):
        assert movement_left(s) == f"Move your Characters ({n - k} Movement left)"
        s.choose(0, f"Move Igor (Faithful Lackey) to {names[k]}")
    s.expect(0, "turn")  # every point spent: back to the turn
    assert row(s, 0)[n][1] == ["igor"]


@covers("finklestein-hall", mode=0)
def test_finklestein_hall_draws_three_cards(tcg):
    _draw(tcg, "finklestein-hall")


@covers("finklestein-hall", mode=1)
def test_finklestein_hall_adds_two_pumpkin_points(tcg):
    _pp(tcg, "finklestein-hall")


@covers("finklestein-hall", mode=2)
def test_finklestein_hall_gives_two_movement(tcg):
    _move(tcg, "finklestein-hall")


@shows("tcg.fn.draw")
@covers("jacks-house", mode=0)
def test_jacks_house_draws_two_cards(tcg):
    _draw(tcg, "jacks-house")


@shows("tcg.fn.add-pp")
@covers("jacks-house", mode=1)
def test_jacks_house_adds_two_pumpkin_points(tcg):
    _pp(tcg, "jacks-house")


@covers("jacks-house", mode=2)
def test_jacks_house_gives_four_movement(tcg):
    _move(tcg, "jacks-house")


@covers("mayor-mobile", mode=0)
def test_mayor_mobile_draws_three_cards(tcg):
    _draw(tcg, "mayor-mobile")


@covers("mayor-mobile", mode=1)
def test_mayor_mobile_adds_two_pumpkin_points(tcg):
    _pp(tcg, "mayor-mobile")


@covers("mayor-mobile", mode=2)
def test_mayor_mobile_gives_five_movement(tcg):
    _move(tcg, "mayor-mobile")


@covers("oogies-lair", mode=0)
def test_oogies_lair_draws_two_cards(tcg):
    _draw(tcg, "oogies-lair")


@covers("oogies-lair", mode=1)
def test_oogies_lair_adds_three_pumpkin_points(tcg):
    _pp(tcg, "oogies-lair")


@covers("oogies-lair", mode=2)
def test_oogies_lair_gives_one_movement(tcg):
    _move(tcg, "oogies-lair")


def test_starting_locales_print_their_starting_hands(tcg):
    assert {k: tcg.defs[k].start_hand for k in STARTING} == {k: v[3] for k, v in STARTING.items()}
    assert all(tcg.defs[k].number == 0 and tcg.defs[k].kind == "starting-locale" for k in STARTING)


@shows("tcg.active.starting-always")
def test_a_starting_locale_offers_its_functions_with_nobody_there(tcg):
    s = table(tcg, rows={0: [("oogies-lair", [])]})
    assert [label for label in labels(s, 0) if label.startswith("Oogie's Lair")] == [
        "Oogie's Lair: Draw 2 cards",
        "Oogie's Lair: Add 3 Pumpkin Points",
        "Oogie's Lair: Move 1",
    ]


@shows("tcg.fn.pp-cap")
def test_the_pumpkin_points_of_a_function_stop_at_six(tcg):
    s = table(tcg, rows={0: [("oogies-lair", [])]}, pp={0: 5})
    s.choose(0, "Oogie's Lair: Add 3 Pumpkin Points")
    assert s.state.players[0].pp == 6


# --- the other Locales: Active at their Scare Threshold, one Function each -------------------
def offers(s, label: str, seat: int = 0) -> bool:
    return label in labels(s, seat)


@shows("tcg.active.threshold")
def test_a_locale_is_active_only_when_its_characters_reach_the_threshold(tcg):
    fn = "Castle Finklestein: Discard a card to add 5 Pumpkin Points"
    short = table(
        tcg, rows={0: [("jacks-house", []), ("castle-finklestein", ["oogie-boogie-meanest-guy-around"])]}
    )
    assert not offers(short, fn)  # 4 of 5
    enough = table(
        tcg,
        rows={0: [("jacks-house", []), ("castle-finklestein", ["oogie-boogie-meanest-guy-around", "igor"])]},
        hands={0: ["fire"]},  # a card to pay the Function with
    )
    assert offers(enough, fn)  # 4 + 1


BACK_ALLEY = "Back Alley: Draw 2 cards and Move 3"


@covers("back-alley")
def test_back_alley_draws_two_and_gives_three_movement(tcg):
    rows = {0: [("jacks-house", []), ("back-alley", ["clown"]), ("the-well", [])]}
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("back-alley", ["igor"])]}), BACK_ALLEY)
    s = table(tcg, rows=rows, decks={0: DECK})
    s.choose(0, BACK_ALLEY)
    assert hand(s, 0) == ["igor", "zero"]
    assert movement_left(s) == "Move your Characters (3 Movement left)"
    s.choose(0, "Move Clown (With the Tear-away Face) to The Well")
    s.choose(0, "Move Clown (With the Tear-away Face) to Back Alley")
    s.choose(0, "Move Clown (With the Tear-away Face) to Jack's House")
    s.expect(0, "turn")
    assert row(s, 0)[0] == ("jacks-house", ["clown"])


CASTLE = "Castle Finklestein: Discard a card to add 5 Pumpkin Points"
CASTLE_ROW = [("jacks-house", []), ("castle-finklestein", ["oogie-boogie-meanest-guy-around", "igor"])]


@covers("castle-finklestein")
def test_castle_finklestein_trades_a_chosen_card_for_five_pumpkin_points(tcg):
    s = table(tcg, rows={0: CASTLE_ROW}, hands={0: ["zero", "fire"]}, pp={0: 1})
    s.choose(0, CASTLE)
    assert {c.label for c in s.expect(0, "discard").choices} == {"Discard Zero (Ghost Dog)", "Discard Fire!"}
    s.choose(0, "Discard Fire!")
    assert discard(s, 0) == ["fire"] and hand(s, 0) == ["zero"]
    assert s.state.players[0].pp == 6


@shows("tcg.other.and-then")
@covers("castle-finklestein")
def test_castle_finklestein_is_not_offered_without_a_card_to_discard(tcg):
    s = table(tcg, rows={0: [*CASTLE_ROW]}, pp={0: 1})
    assert not offers(s, CASTLE)  # "to": with no card to discard its Function would do nothing
    assert offers(table(tcg, rows={0: [*CASTLE_ROW]}, hands={0: ["zero"]}, pp={0: 1}), CASTLE)


BEDROOM = "Jack's Bedroom: Draw up to your starting hand size"


def _bedroom(tcg, held: list[str]):
    def start_with_five(st):
        st.players[0].start_hand = 5  # Oogie's Lair's starting hand

    return table(
        tcg,
        rows={0: [("oogies-lair", []), ("jacks-bedroom", ["oogie-boogie-meanest-guy-around"])]},
        hands={0: held},
        decks={0: DECK},
        edit=start_with_five,
    )


@covers("jacks-bedroom")
def test_jacks_bedroom_draws_up_to_the_starting_locales_hand_size(tcg):
    assert not offers(
        table(tcg, rows={0: [("oogies-lair", []), ("jacks-bedroom", ["clown", "igor"])]}), BEDROOM
    )  # 3 of 4
    s = _bedroom(tcg, ["fire", "fire"])
    s.choose(0, BEDROOM)
    assert hand(s, 0) == sorted(["fire", "fire", "igor", "zero", "clown"])  # 2 held + 3 drawn = 5


def test_jacks_bedroom_draws_nothing_with_a_full_hand(tcg):
    s = _bedroom(tcg, ["fire"] * 6)
    s.choose(0, BEDROOM)
    assert len(s.state.players[0].hand) == 6
    assert deck(s) == DECK


PATCH = "Pumpkin Patch: Put a Character from here face down under the Patch to add 6 Pumpkin Points"


@shows("tcg.other.beneath-not-in-play")
@covers("pumpkin-patch")
def test_pumpkin_patch_tucks_a_chosen_character_for_six_pumpkin_points(tcg):
    assert not offers(
        table(
            tcg,
            rows={0: [("jacks-house", []), ("pumpkin-patch", ["oogie-boogie-meanest-guy-around", "igor"])]},
        ),
        PATCH,
    )  # 5 of 6
    s = table(
        tcg, rows={0: [("jacks-house", []), ("pumpkin-patch", ["oogie-boogie-meanest-guy-around", "clown"])]}
    )
    before = tcg.rules.score(s.state, 0)
    s.choose(0, PATCH)
    s.choose(0, "Clown (With the Tear-away Face) at seat 0's Pumpkin Patch", kind="choose")
    assert row(s, 0)[1] == ("pumpkin-patch", ["oogie-boogie-meanest-guy-around"])
    assert beneath(s, 0, 1) == ["clown"]
    assert discard(s, 0) == []  # face down under the Patch, not discarded
    assert s.state.players[0].pp == 6
    assert tcg.rules.score(s.state, 0) == before - 2  # out of play: no longer scores


SALLYS_ROOM = "Sally's Room: Add 2 Pumpkin Points and Move 3"


@shows("tcg.active.regular-one-function")
@covers("sallys-room")
def test_sallys_room_adds_two_pumpkin_points_and_gives_three_movement(tcg):
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("sallys-room", ["igor"])]}), SALLYS_ROOM)
    s = table(tcg, rows={0: [("jacks-house", ["igor"]), ("sallys-room", ["clown"])]})
    s.choose(0, SALLYS_ROOM)
    assert s.state.players[0].pp == 2
    assert movement_left(s) == "Move your Characters (3 Movement left)"
    s.choose(0, "Move Igor (Faithful Lackey) to Sally's Room")
    s.choose(0, "Move Clown (With the Tear-away Face) to Jack's House")
    assert movement_left(s) == "Move your Characters (1 Movement left)"
    s.choose(0, "Stop moving")
    assert row(s, 0) == [("jacks-house", ["clown"]), ("sallys-room", ["igor"])]


SCARY_BED = "Scary Bed: Tuck up to 2 cards from hand under the Bed: 2 Pumpkin Points each"
BED_ROW = [("jacks-house", []), ("scary-bed", ["reaper"])]


@covers("scary-bed")
def test_scary_bed_tucks_two_cards_for_four_pumpkin_points(tcg):
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("scary-bed", ["clown"])]}), SCARY_BED)
    s = table(tcg, rows={0: BED_ROW}, hands={0: ["zero", "fire", "igor"]})
    s.choose(0, SCARY_BED)
    s.choose(0, "Tuck Fire!", kind="tuck")
    s.choose(0, "Tuck Zero (Ghost Dog)", kind="tuck")
    assert beneath(s, 0, 1) == ["fire", "zero"]
    assert hand(s, 0) == ["igor"]
    assert s.state.players[0].pp == 4
    s.expect(0, "turn")  # two is the most


def test_scary_bed_may_tuck_just_one_card(tcg):
    s = table(tcg, rows={0: BED_ROW}, hands={0: ["zero", "fire"]})
    s.choose(0, SCARY_BED)
    assert "Tuck no more" in labels(s, 0, "tuck")  # "up to": the player is asked
    s.choose(0, "Tuck Fire!", kind="tuck")
    s.choose(0, "Tuck no more", kind="tuck")
    assert beneath(s, 0, 1) == ["fire"]
    assert s.state.players[0].pp == 2


CRYPT = "The Crypt: Draw 4 cards"


@covers("the-crypt")
def test_the_crypt_draws_four_cards(tcg):
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("the-crypt", ["clown", "zero"])]}), CRYPT)
    s = table(tcg, rows={0: [("jacks-house", []), ("the-crypt", ["reaper"])]}, decks={0: DECK})
    s.choose(0, CRYPT)
    assert hand(s, 0) == sorted(DECK[:4])
    assert s.state.players[0].pp == 0


FOUNTAIN = "The Fountain: Search 3 for 1 Character and add 3 Pumpkin Points"
FOUNTAIN_ROW = [("jacks-house", []), ("the-fountain", ["oogie-boogie-meanest-guy-around"])]


@covers("the-fountain")
def test_the_fountain_takes_one_character_of_three_and_adds_three_pumpkin_points(tcg):
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("the-fountain", ["reaper"])]}), FOUNTAIN)
    s = table(tcg, rows={0: FOUNTAIN_ROW}, decks={0: ["igor", "fire", "clown", "zero"]})
    s.choose(0, FOUNTAIN)
    assert labels(s, 0, "search-take") == [
        "Take Igor (Faithful Lackey)",
        "Take Clown (With the Tear-away Face)",
    ]
    s.choose(0, "Take Clown (With the Tear-away Face)")
    assert hand(s, 0) == ["clown"]
    assert sorted(discard(s, 0)) == ["fire", "igor"]
    assert deck(s) == ["zero"]
    assert s.state.players[0].pp == 3


def test_the_fountain_adds_its_pumpkin_points_when_the_search_finds_nothing(tcg):
    s = table(tcg, rows={0: FOUNTAIN_ROW}, decks={0: ["fire", "jingle-bells", "fetch", "zero"]})
    s.choose(0, FOUNTAIN)
    assert hand(s, 0) == []
    assert discard(s, 0) == ["fire", "jingle-bells", "fetch"]
    assert s.state.players[0].pp == 3  # "and", not "to"


GRAVEYARD = "The Graveyard: Take a card from your discard pile"


@shows("tcg.other.search-discard-pile", "tcg.other.discard-pile-order")
@covers("the-graveyard")
def test_the_graveyard_takes_a_chosen_card_from_the_discard_pile(tcg):
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("the-graveyard", ["igor"])]}), GRAVEYARD)
    s = table(
        tcg, rows={0: [("jacks-house", []), ("the-graveyard", ["clown"])]}, discards={0: ["fire", "zero"]}
    )
    s.choose(0, GRAVEYARD)
    assert labels(s, 0, "recover") == ["Take Fire!", "Take Zero (Ghost Dog)"]
    s.choose(0, "Take Fire!")
    assert hand(s, 0) == ["fire"]
    assert discard(s, 0) == ["zero"]
    assert any(c["card"] == "fire" for c in s.view(1)["shown"])  # shown to everyone


@covers("the-graveyard")
def test_the_graveyard_is_not_offered_with_an_empty_discard_pile(tcg):
    s = table(tcg, rows={0: [("jacks-house", []), ("the-graveyard", ["clown"])]}, discards={0: []})
    assert tcg.rules.is_active(s.state, 0, 1)
    assert not offers(s, GRAVEYARD)  # Active, but nothing to take back


LABORATORY = "The Laboratory: Search 5 for 1 Creation and add 3 Pumpkin Points"


@covers("the-laboratory")
def test_the_laboratory_takes_one_creation_of_five_and_adds_three_pumpkin_points(tcg):
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("the-laboratory", ["clown"])]}), LABORATORY)
    top = ["igor", "jingle-bells", "fire", "road-kill", "zero", "nutcracker"]
    s = table(tcg, rows={0: [("jacks-house", []), ("the-laboratory", ["reaper"])]}, decks={0: top})
    s.choose(0, LABORATORY)
    assert labels(s, 0, "search-take") == ["Take Jingle Bells", "Take Road Kill"]  # the 6th is not turned
    s.choose(0, "Take Road Kill")
    assert hand(s, 0) == ["road-kill"]
    assert sorted(discard(s, 0)) == ["fire", "igor", "jingle-bells", "zero"]
    assert deck(s) == ["nutcracker"]
    assert s.state.players[0].pp == 3


TREE_HOUSE = "The Tree House: Draw 3 cards and add 1 Pumpkin Point"


@covers("the-tree-house")
def test_the_tree_house_draws_three_and_adds_one_pumpkin_point(tcg):
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("the-tree-house", ["clown"])]}), TREE_HOUSE)
    s = table(tcg, rows={0: [("jacks-house", []), ("the-tree-house", ["clown", "igor"])]}, decks={0: DECK})
    s.choose(0, TREE_HOUSE)
    assert hand(s, 0) == sorted(DECK[:3])
    assert s.state.players[0].pp == 1


WELL = "The Well: Move 6"


@covers("the-well")
def test_the_well_gives_six_movement(tcg):
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("the-well", ["zero"])]}), WELL)
    s = table(tcg, rows={0: [("jacks-house", ["clown"]), ("the-well", ["igor"]), ("the-crypt", [])]})
    s.choose(0, WELL)
    for k in range(3):
        assert movement_left(s) == f"Move your Characters ({6 - 2 * k} Movement left)"
        s.choose(0, "Move Clown (With the Tear-away Face) to The Well")
        s.choose(0, "Move Clown (With the Tear-away Face) to " + ("The Crypt" if k != 1 else "Jack's House"))
    s.expect(0, "turn")
    assert row(s, 0)[2] == ("the-crypt", ["clown"])


TOWN_HALL = "Town Hall: Draw 1 card and add 3 Pumpkin Points"


@covers("town-hall")
def test_town_hall_draws_one_and_adds_three_pumpkin_points(tcg):
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("town-hall", ["clown"])]}), TOWN_HALL)
    s = table(tcg, rows={0: [("jacks-house", []), ("town-hall", ["clown", "zero", "igor"])]}, decks={0: DECK})
    s.choose(0, TOWN_HALL)
    assert hand(s, 0) == ["igor"]
    assert s.state.players[0].pp == 3


TOWN_SQUARE = "Town Square: Add 4 Pumpkin Points"


@covers("town-square")
def test_town_square_adds_four_pumpkin_points(tcg):
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("town-square", ["reaper"])]}), TOWN_SQUARE)
    s = table(tcg, rows={0: [("jacks-house", []), ("town-square", ["reaper", "igor"])]}, decks={0: DECK})
    s.choose(0, TOWN_SQUARE)
    assert s.state.players[0].pp == 4
    assert hand(s, 0) == []


TREE_CIRCLE = "Tree Circle: Draw 2 cards and add 2 Pumpkin Points"


@covers("tree-circle")
def test_tree_circle_draws_two_and_adds_two_pumpkin_points(tcg):
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("tree-circle", ["clown"])]}), TREE_CIRCLE)
    s = table(tcg, rows={0: [("jacks-house", []), ("tree-circle", ["reaper"])]}, decks={0: DECK})
    s.choose(0, TREE_CIRCLE)
    assert hand(s, 0) == ["igor", "zero"]
    assert s.state.players[0].pp == 2


NOOK = "Witches' Nook: Search 6 for Surprises"


@shows("tcg.search.every-copy")
@covers("witches-nook")
def test_witches_nook_takes_every_surprise_of_six(tcg):
    assert not offers(table(tcg, rows={0: [("jacks-house", []), ("witches-nook", ["zero"])]}), NOOK)
    top = ["fire", "igor", "fetch", "jingle-bells", "fire", "zero", "twilight-sun"]
    s = table(tcg, rows={0: [("jacks-house", []), ("witches-nook", ["igor"])]}, decks={0: top})
    s.choose(0, NOOK)
    assert hand(s, 0) == ["fetch", "fire", "fire"]  # every match, no choice
    assert sorted(discard(s, 0)) == ["igor", "jingle-bells", "zero"]
    assert deck(s) == ["twilight-sun"]
    s.expect(0, "turn")
