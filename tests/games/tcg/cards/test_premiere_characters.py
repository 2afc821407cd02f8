"""Per-card tests of the Premiere set's fifty Characters.

Each test lays out an exact table, plays or uses the Character with every choice
scripted, and checks what its printed effect changes: cards drawn or discarded,
Pumpkin Points, where Characters stand, prices, and who is asked what. Where the text
has a condition the failing case is tested too, and where it says "may" the test
checks that the player is asked.
"""

from __future__ import annotations

import pytest
from tcgkit import deck, discard, hand, labels, row, table

from nbc.core.testkit.cardtests import covers
from nbc.core.testkit.ruletests import shows

DECK = ["igor", "zero", "clown", "fire", "behemoth", "cyclops", "devil", "reaper"]
HOUSE = ("jacks-house", [])


def pp(s, seat: int = 0) -> int:
    return s.state.players[seat].pp


def find(s, card_id: str, seat: int = 0) -> str:
    """The instance id of seat's card `card_id` in play."""
    st = s.state
    return next(c for slot in st.players[seat].row for c in slot.characters if st.cards[c] == card_id)


# --- the "Player" trio: draw 1 when played beside another Player ---------------------------------
PLAYERS = {
    "accordion-player": "Accordion Player (Jimmy)",
    "bass-player": "Bass Player (Jim)",
    "sax-player": "Sax Player (James)",
}


def _player_draws_beside_another_player(tcg, card: str, other: str) -> None:
    s = table(tcg, rows={0: [HOUSE, ("town-hall", [other])]}, hands={0: [card]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, f"Play {PLAYERS[card]} under Town Hall (1 PP)")
    assert hand(s, 0) == ["igor"]
    assert row(s, 0)[1] == ("town-hall", sorted([card, other]))


def _player_draws_nothing_alone(tcg, card: str) -> None:
    # another Player at a different Locale, and a non-Player beside it: no draw
    s = table(
        tcg,
        rows={
            0: [
                ("jacks-house", ["sax-player" if card != "sax-player" else "bass-player"]),
                ("town-hall", ["igor"]),
            ]
        },
        hands={0: [card]},
        decks={0: DECK},
        pp={0: 1},
    )
    s.choose(0, f"Play {PLAYERS[card]} under Town Hall (1 PP)")
    assert hand(s, 0) == []
    s.expect(0, "turn")


@covers("accordion-player")
def test_accordion_player_draws_one_when_played_beside_another_player(tcg):
    _player_draws_beside_another_player(tcg, "accordion-player", "bass-player")
    _player_draws_nothing_alone(tcg, "accordion-player")


@covers("bass-player")
def test_bass_player_draws_one_when_played_beside_another_player(tcg):
    _player_draws_beside_another_player(tcg, "bass-player", "sax-player")
    _player_draws_nothing_alone(tcg, "bass-player")


@covers("sax-player")
def test_sax_player_draws_one_when_played_beside_another_player(tcg):
    _player_draws_beside_another_player(tcg, "sax-player", "accordion-player")
    _player_draws_nothing_alone(tcg, "sax-player")


# --- Barrel, Little Skeleton ---------------------------------------------------------------
BARREL_USE = "Barrel (Little Skeleton): Discard a spare Barrel from hand to draw 1"


@covers("barrel-little-skeleton")
def test_barrel_discards_a_spare_barrel_to_draw_when_beside_lock_and_shock(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["barrel-little-skeleton", "lock-little-devil", "shock-little-hag"])]},
        hands={0: ["barrel-little-skeleton", "fire"]},
        decks={0: DECK},
    )
    s.choose(0, BARREL_USE)
    s.choose(0, "Discard Barrel (Little Skeleton)", kind="discard")
    assert discard(s, 0) == ["barrel-little-skeleton"]
    assert hand(s, 0) == ["fire", "igor"]


def test_barrel_needs_both_lock_and_shock_at_his_locale(tcg):
    for friends in (["lock-little-devil"], ["shock-little-hag"]):
        s = table(
            tcg,
            rows={
                0: [
                    ("jacks-house", ["barrel-little-skeleton", *friends]),
                    ("town-hall", ["lock-little-devil"]),
                ]
            },
            hands={0: ["barrel-little-skeleton"]},
        )
        assert BARREL_USE not in labels(s, 0)


def test_barrel_draws_nothing_without_a_spare_barrel(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["barrel-little-skeleton", "lock-little-devil", "shock-little-hag"])]},
        hands={0: ["fire"]},
        decks={0: DECK},
    )
    assert BARREL_USE not in labels(s, 0)  # nothing to pay with


# --- Behemoth ------------------------------------------------------------------------------
BEHEMOTH_USE = "Behemoth (Axe Victim): Discard Behemoth: every opponent discards a card"


@covers("behemoth")
def test_behemoth_leaves_play_and_every_opponent_discards_a_card_of_their_choice(tcg):
    s = table(
        tcg,
        players=3,
        rows={0: [("jacks-house", ["behemoth"])], 1: [HOUSE], 2: [HOUSE]},
        hands={0: ["fire"], 1: ["igor", "zero"], 2: ["clown", "devil"]},
    )
    s.choose(0, BEHEMOTH_USE)
    assert discard(s, 0) == ["behemoth"]
    s.choose(1, "Discard Zero (Ghost Dog)", kind="discard")
    s.choose(2, "Discard Clown (With the Tear-away Face)", kind="discard")
    assert hand(s, 1) == ["igor"] and hand(s, 2) == ["devil"]
    assert hand(s, 0) == ["fire"]  # not its player
    s.expect(0, "turn")


# --- Big Witch -----------------------------------------------------------------------------
@shows("tcg.other.card-text-wins")
@covers("big-witch")
def test_big_witch_spends_one_movement_to_reach_any_locale(tcg):
    rows = {
        0: [("the-well", ["big-witch", "igor"]), ("the-crypt", []), ("town-hall", []), ("tree-circle", [])]
    }
    s = table(tcg, rows=rows)
    s.choose(0, "The Well: Move 6")
    options = labels(s, 0, "move")
    assert "Move Big Witch (Helgamine) to Tree Circle" in options
    assert "Move Igor (Faithful Lackey) to Tree Circle" not in options  # only next door for the others
    s.choose(0, "Move Big Witch (Helgamine) to Tree Circle")
    assert s.expect(0, "move").text == "Move your Characters (5 Movement left)"
    assert row(s, 0)[3] == ("tree-circle", ["big-witch"])


# --- Black Cat -----------------------------------------------------------------------------
@covers("black-cat")
def test_black_cat_draws_two_when_played_where_sally_is(tcg):
    s = table(
        tcg,
        rows={0: [HOUSE, ("town-hall", ["sally-shy-creature"])]},
        hands={0: ["black-cat", "fire"]},
        decks={0: DECK},
        pp={0: 1},
    )
    s.choose(0, "Play Black Cat (Uncertain Omen) under Town Hall (1 PP)")
    assert hand(s, 0) == ["fire", "igor", "zero"]
    assert discard(s, 0) == []


def test_black_cat_played_away_from_sally_discards_two_cards_of_your_choice(tcg):
    s = table(
        tcg,
        rows={0: [HOUSE, ("town-hall", ["sally-shy-creature"])]},
        hands={0: ["black-cat", "fire", "igor", "zero"]},
        decks={0: DECK},
        pp={0: 1},
    )
    s.choose(0, "Play Black Cat (Uncertain Omen) under Jack's House (1 PP)")
    s.choose(0, "Discard Fire!", kind="discard")
    s.choose(0, "Discard Zero (Ghost Dog)", kind="discard")
    assert hand(s, 0) == ["igor"]
    assert sorted(discard(s, 0)) == ["fire", "zero"]


# --- Clown ---------------------------------------------------------------------------------
CLOWN_USE = "Clown (With the Tear-away Face): Discard the Clown: discard an opponent's Character with Scare 1"


@covers("clown")
def test_clown_leaves_play_to_discard_an_opponents_scare_one_character(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["clown"])], 1: [("oogies-lair", ["igor", "behemoth", "mr-hyde", "zero"])]},
    )
    s.choose(0, CLOWN_USE)
    assert labels(s, 0, "choose") == [
        "Igor (Faithful Lackey) at seat 1's Oogie's Lair",
        "Mr. Hyde (Covert Fellow) at seat 1's Oogie's Lair",
    ]  # Scare exactly 1: not Behemoth (2) nor Zero (0)
    s.choose(0, "Mr. Hyde (Covert Fellow) at seat 1's Oogie's Lair")
    assert discard(s, 0) == ["clown"]
    assert discard(s, 1) == ["mr-hyde"]
    assert row(s, 1) == [("oogies-lair", ["behemoth", "igor", "zero"])]


def test_clown_is_not_offered_without_an_opposing_scare_one_character(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["clown", "igor"])], 1: [("oogies-lair", ["behemoth", "zero"])]})
    assert CLOWN_USE not in labels(s, 0)


def test_clown_is_spent_even_when_the_opponent_answers(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["clown"])], 1: [("oogies-lair", ["igor", "sally-shy-creature"])]},
        hands={1: ["pull-yourself-together"]},
    )
    s.choose(0, CLOWN_USE)
    s.choose(1, "Answer with Pull Yourself Together: Cancel it", kind="respond")
    assert discard(s, 0) == ["clown"]  # the cost was paid
    assert row(s, 1) == [("oogies-lair", ["igor", "sally-shy-creature"])]
    s.expect(0, "turn")


# --- the Corpse family ---------------------------------------------------------------------
CORPSE_NAMES = {"corpse-dad": "Corpse Dad (Ned)", "corpse-mom": "Corpse Mom (Bertha)"}


def _corpse_parent(tcg, card: str, other_parent: str) -> None:
    s = table(
        tcg,
        rows={0: [HOUSE, ("town-hall", ["corpse-kid", other_parent, "igor"])]},
        hands={0: [card]},
        pp={0: 1},
    )
    s.choose(0, f"Play {CORPSE_NAMES[card]} under Town Hall (1 PP)")
    assert pp(s) == 2  # 1 - 1 + 2 others of the family
    s = table(
        tcg,
        rows={0: [("jacks-house", [other_parent]), ("town-hall", ["igor"])]},
        hands={0: [card]},
        pp={0: 1},
    )
    s.choose(0, f"Play {CORPSE_NAMES[card]} under Town Hall (1 PP)")
    assert pp(s) == 0  # the other Corpse is at another Locale


@covers("corpse-dad")
def test_corpse_dad_adds_a_pumpkin_point_per_other_corpse_beside_him(tcg):
    _corpse_parent(tcg, "corpse-dad", "corpse-mom")


@covers("corpse-mom")
def test_corpse_mom_adds_a_pumpkin_point_per_other_corpse_beside_her(tcg):
    _corpse_parent(tcg, "corpse-mom", "corpse-dad")


CORPSE_KID_ASK = "Discard a card to add 1 Pumpkin Point?"
FETCH_FIRST = "Fetch: its effect as it is played (seat 0)"  # the player orders it and Corpse Kid


@covers("corpse-kid")
def test_corpse_kid_once_a_turn_trades_a_card_for_a_pumpkin_point_after_a_surprise(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["corpse-kid"])]},
        hands={0: ["fetch", "fire", "i-never-realized"]},
        decks={0: DECK * 2},
    )
    s.choose(0, "Play Fetch (0 PP)")  # Search 6 for Zero
    s.choose(0, FETCH_FIRST, kind="order-triggers")
    assert s.expect(0, "may").text == CORPSE_KID_ASK  # after the Surprise resolved
    assert "zero" in hand(s, 0)
    s.choose(0, "Yes")
    s.choose(0, "Discard Fire!", kind="discard")
    assert pp(s) == 1
    assert "fire" in discard(s, 0)
    s.choose(0, "Play I never realized (0 PP)")
    s.expect(0, "turn")  # Hex: not asked again this turn
    assert pp(s) == 1


def test_corpse_kid_may_be_declined(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["corpse-kid"])]}, hands={0: ["fetch", "fire"]}, decks={0: DECK})
    s.choose(0, "Play Fetch (0 PP)")
    s.choose(0, FETCH_FIRST, kind="order-triggers")
    s.choose(0, "No")
    assert pp(s) == 0 and "fire" in hand(s, 0)


def test_corpse_kid_asks_when_the_surprise_itself_filled_an_empty_hand(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["corpse-kid"])]}, hands={0: ["fetch"]}, decks={0: DECK})
    s.choose(0, "Play Fetch (0 PP)")  # the last card in hand; the Search finds Zero
    s.choose(0, FETCH_FIRST, kind="order-triggers")
    assert hand(s, 0) == ["zero"]
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Discard Zero (Ghost Dog)", kind="discard")
    assert pp(s) == 1


def test_corpse_kid_ignores_an_opponents_surprise(tcg):
    s = table(
        tcg,
        rows={0: [HOUSE], 1: [("oogies-lair", ["corpse-kid"])]},
        hands={0: ["fetch"], 1: ["fire"]},
        decks={0: DECK},
    )
    s.choose(0, "Play Fetch (0 PP)")
    s.expect(0, "turn")
    assert s.prompts(1) == []


# --- Cyclops -------------------------------------------------------------------------------
@covers("cyclops")
def test_cyclops_may_trade_a_card_for_a_draw_when_played(tcg):
    s = table(tcg, rows={0: [HOUSE]}, hands={0: ["cyclops", "fire"]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, "Play Cyclops (One-eyed Wonder) under Jack's House (1 PP)")
    assert s.expect(0, "may").text == "Discard a card to draw 1?"
    s.choose(0, "Yes")
    s.choose(0, "Discard Fire!", kind="discard")
    assert hand(s, 0) == ["igor"] and discard(s, 0) == ["fire"]

    s = table(tcg, rows={0: [HOUSE]}, hands={0: ["cyclops", "fire"]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, "Play Cyclops (One-eyed Wonder) under Jack's House (1 PP)")
    s.choose(0, "No")
    assert hand(s, 0) == ["fire"] and discard(s, 0) == []


def test_cyclops_asks_nothing_when_played_as_the_last_card_in_hand(tcg):
    s = table(tcg, rows={0: [HOUSE]}, hands={0: ["cyclops"]}, decks={0: DECK}, pp={0: 1})
    s.choose(0, "Play Cyclops (One-eyed Wonder) under Jack's House (1 PP)")
    s.expect(0, "turn")
    assert hand(s, 0) == []


# --- Decomposing Guy -----------------------------------------------------------------------
@covers("decomposing-guy")
def test_decomposing_guy_leaves_play_to_search_three_for_any_one_card(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["decomposing-guy"])]}, decks={0: DECK})
    s.choose(0, "Decomposing Guy (Puddinghead): Discard Decomposing Guy: Search 3 for any 1 card")
    assert len(labels(s, 0, "search-take")) == 3
    s.choose(0, "Take Clown (With the Tear-away Face)")
    assert hand(s, 0) == ["clown"]
    assert sorted(discard(s, 0)) == ["decomposing-guy", "igor", "zero"]
    assert row(s, 0) == [HOUSE]


# --- Devil ---------------------------------------------------------------------------------
@covers("devil")
def test_devil_draws_when_an_opponents_character_is_discarded_from_play(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["devil", "clown"])], 1: [("oogies-lair", ["igor", "sally-shy-creature"])]},
        decks={0: DECK},
    )
    s.choose(0, CLOWN_USE)  # the Clown (seat 0's own) leaves play first: no draw for it
    assert hand(s, 0) == ["igor"]  # Igor is the only Scare-1 target, chosen at once; one draw for him
    assert discard(s, 1) == ["igor"]


def test_devil_draws_when_the_opponent_discards_their_own_character(tcg):
    s = table(
        tcg,
        turn=1,
        rows={
            0: [("jacks-house", ["devil"])],
            1: [("oogies-lair", ["sally-shy-creature", "jack-skellington-the-pumpkin-king"])],
        },
        decks={0: DECK, 1: DECK},
    )
    s.choose(1, "Sally (Shy Creature): Discard Sally to draw 3")
    assert hand(s, 0) == ["igor"]


def test_devil_does_not_draw_for_his_own_players_characters(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["devil", "igor"])]}, decks={0: DECK})
    s.choose(0, "Igor (Faithful Lackey): Discard Igor: Move 2")
    assert discard(s, 0) == ["igor"]
    assert hand(s, 0) == []


# --- Dr. Finklestein -----------------------------------------------------------------------
BRAINY = "Dr. Finklestein (Brainy Inventor): Discard one of your Creations to draw its Scare Number"


@covers("dr-finklestein-brainy-inventor")
def test_brainy_inventor_discards_a_creation_to_draw_its_scare_number_once_a_turn(tcg):
    s = table(
        tcg,
        rows={0: [("finklestein-hall", ["dr-finklestein-brainy-inventor"])]},
        creations={0: ["jingle-bells", "road-kill"]},
        decks={0: DECK},
    )
    s.choose(0, BRAINY)
    s.choose(0, "Jingle Bells", kind="choose")
    assert discard(s, 0) == ["jingle-bells"]
    assert len(hand(s, 0)) == 4  # Jingle Bells has Scare 4
    assert BRAINY not in labels(s, 0)  # Hex: once a turn


def test_brainy_inventor_works_only_at_finklestein_hall(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["dr-finklestein-brainy-inventor"]), ("finklestein-hall", [])]},
        creations={0: ["jingle-bells"]},
    )
    assert BRAINY not in labels(s, 0)
    s = table(tcg, rows={0: [("finklestein-hall", ["dr-finklestein-brainy-inventor"])]})
    assert BRAINY not in labels(s, 0)  # no Creation to discard


MAD_SCIENTIST_DRAWS = "Dr. Finklestein (Mad Scientist): its triggered effect (seat 0)"


@covers("dr-finklestein-mad-scientist")
def test_mad_scientist_draws_for_each_creation_played_while_at_the_laboratory(tcg):
    s = table(
        tcg,
        rows={0: [HOUSE, ("the-laboratory", ["dr-finklestein-mad-scientist"])]},
        hands={0: ["road-kill", "nutcracker"]},
        decks={0: DECK},
        pp={0: 6},
    )
    s.choose(0, "Play Road Kill (3 PP)")
    s.choose(0, MAD_SCIENTIST_DRAWS, kind="order-triggers")  # beside the Creation's own effect
    assert hand(s, 0) == ["igor", "nutcracker"]
    s.choose(0, "Play Nutcracker (3 PP)")
    s.choose(0, MAD_SCIENTIST_DRAWS, kind="order-triggers")
    assert hand(s, 0) == ["igor", "zero"]


def test_mad_scientist_draws_nothing_at_a_laboratory_turned_face_down(tcg):
    def dark_alley(st):
        st.players[0].row[1].flipped = True  # an opponent's Dark Alley, until the End Phase

    s = table(
        tcg,
        rows={0: [HOUSE, ("the-laboratory", ["dr-finklestein-mad-scientist"])]},
        hands={0: ["road-kill"]},
        decks={0: DECK},
        pp={0: 3},
        edit=dark_alley,
    )
    s.choose(0, "Play Road Kill (3 PP)")
    assert hand(s, 0) == []


def test_mad_scientist_draws_nothing_away_from_the_laboratory(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["dr-finklestein-mad-scientist"]), ("the-laboratory", [])]},
        hands={0: ["road-kill"]},
        decks={0: DECK},
        pp={0: 3},
    )
    s.choose(0, "Play Road Kill (3 PP)")
    assert hand(s, 0) == []


# --- Easter Bunny --------------------------------------------------------------------------
@shows("tcg.other.card-text-wins", "tcg.win.negative-subtracts")
@covers("easter-bunny")
def test_easter_bunny_goes_free_to_your_own_locale_or_for_two_to_an_opponents_non_starting_locale(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", [])], 1: [("oogies-lair", []), ("the-crypt", [])]}
    s = table(tcg, rows=rows, hands={0: ["easter-bunny"]}, pp={0: 2})
    bunny = [label for label in labels(s, 0) if "Easter Bunny" in label]
    assert bunny == [
        "Play Easter Bunny (Scared Rabbit) under Jack's House (0 PP)",
        "Play Easter Bunny (Scared Rabbit) under Town Hall (0 PP)",
        "Play Easter Bunny (Scared Rabbit) under seat 1's The Crypt (2 PP)",  # never a Starting Locale
    ]
    before = tcg.rules.score(s.state, 1)
    s.choose(0, "Play Easter Bunny (Scared Rabbit) under seat 1's The Crypt (2 PP)")
    assert pp(s) == 0
    assert row(s, 1)[1] == ("the-crypt", ["easter-bunny"])
    assert tcg.rules.score(s.state, 1) == before - 1  # its -1 counts against that town


def test_easter_bunny_costs_two_only_in_an_opponents_town(tcg):
    rows = {0: [("jacks-house", [])], 1: [("oogies-lair", []), ("the-crypt", [])]}
    s = table(tcg, rows=rows, hands={0: ["easter-bunny"]}, pp={0: 1})
    assert [label for label in labels(s, 0) if "Easter Bunny" in label] == [
        "Play Easter Bunny (Scared Rabbit) under Jack's House (0 PP)"
    ]
    s.choose(0, "Play Easter Bunny (Scared Rabbit) under Jack's House (0 PP)")
    assert pp(s) == 1


def test_easter_bunny_never_moves(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["easter-bunny", "igor"]), ("town-hall", [])]})
    s.choose(0, "Jack's House: Move 4")
    assert labels(s, 0, "move") == ["Move Igor (Faithful Lackey) to Town Hall", "Stop moving"]


# --- Hanging Tree --------------------------------------------------------------------------
HANGING = "Play Hanging Tree (Murderous Host) under Jack's House (3 PP)"


@covers("hanging-tree")
def test_hanging_tree_costs_one_less_per_character_discarded_from_hand(tcg):
    s = table(tcg, rows={0: [HOUSE]}, hands={0: ["hanging-tree", "igor", "zero", "fire"]}, pp={0: 1})
    s.choose(0, HANGING)  # 3 PP, offered with 1 PP: two Characters in hand may pay the rest
    assert labels(s, 0, "discount") == [
        "Discard a Character from hand: Igor (Faithful Lackey)",
        "Discard a Character from hand: Zero (Ghost Dog)",
    ]  # Characters only: not Fire!
    s.choose(0, "Discard a Character from hand: Igor (Faithful Lackey)")
    s.choose(0, "Discard a Character from hand: Zero (Ghost Dog)")
    # no Character is left in hand, but the player is asked all the same (whether it is
    # asked must not tell what its hand holds): paying the rest is all it can do
    assert labels(s, 0, "discount") == ["Pay 1 without discarding more"]
    s.choose(0, "Pay 1 without discarding more", kind="discount")
    assert pp(s) == 0
    assert row(s, 0) == [("jacks-house", ["hanging-tree"])]
    assert sorted(discard(s, 0)) == ["igor", "zero"]
    assert hand(s, 0) == ["fire"]


def test_hanging_tree_lets_the_player_choose_how_many_to_discard(tcg):
    s = table(tcg, rows={0: [HOUSE]}, hands={0: ["hanging-tree", "igor", "zero"]}, pp={0: 2})
    s.choose(0, HANGING)
    assert "Pay 3 without discarding more" not in labels(s, 0, "discount")  # 2 PP: one must go
    s.choose(0, "Discard a Character from hand: Igor (Faithful Lackey)")
    s.choose(0, "Pay 2 without discarding more", kind="discount")
    assert pp(s) == 0
    assert hand(s, 0) == ["zero"]


def test_hanging_tree_takes_a_fourth_character_when_making_christmas_raises_its_price(tcg):
    def making_christmas(st):
        st.cards["c99"], st.owner["c99"] = "making-christmas", 1
        st.center.append("c99")  # Characters cost 1 more

    chars = ["igor", "zero", "clown", "cyclops"]
    s = table(tcg, rows={0: [HOUSE]}, hands={0: ["hanging-tree", *chars]}, edit=making_christmas)
    s.choose(0, "Play Hanging Tree (Murderous Host) under Jack's House (4 PP)")
    for name in ("Igor (Faithful Lackey)", "Zero (Ghost Dog)", "Clown (With the Tear-away Face)"):
        s.choose(0, f"Discard a Character from hand: {name}", kind="discount")
    s.choose(0, "Discard a Character from hand: Cyclops (One-eyed Wonder)", kind="discount")
    assert row(s, 0) == [("jacks-house", ["hanging-tree"])]
    assert hand(s, 0) == [] and pp(s) == 0


# --- Harlequin Demon, Jack (The Pumpkin King), Oogie (Meanest Guy Around): cheaper at home -------
def _prices(tcg, card: str, name: str, home: str) -> list[str]:
    s = table(tcg, rows={0: [("town-hall", []), (home, [])]}, hands={0: [card]}, pp={0: 6})
    return [label for label in labels(s, 0) if label.startswith(f"Play {name}")]


@covers("harlequin-demon")
def test_harlequin_demon_costs_one_less_at_back_alley(tcg):
    assert _prices(tcg, "harlequin-demon", "Harlequin Demon", "back-alley") == [
        "Play Harlequin Demon (Thingamabob) under Town Hall (2 PP)",
        "Play Harlequin Demon (Thingamabob) under Back Alley (1 PP)",
    ]


@covers("jack-skellington-the-pumpkin-king")
def test_the_pumpkin_king_costs_one_less_at_jacks_house(tcg):
    assert _prices(tcg, "jack-skellington-the-pumpkin-king", "Jack Skellington", "jacks-house") == [
        "Play Jack Skellington (The Pumpkin King) under Town Hall (3 PP)",
        "Play Jack Skellington (The Pumpkin King) under Jack's House (2 PP)",
    ]


@covers("oogie-boogie-meanest-guy-around")
def test_meanest_guy_around_costs_one_less_at_his_lair_and_two_movement_to_leave_it(tcg):
    assert _prices(tcg, "oogie-boogie-meanest-guy-around", "Oogie Boogie", "oogies-lair") == [
        "Play Oogie Boogie (Meanest Guy Around) under Town Hall (4 PP)",
        "Play Oogie Boogie (Meanest Guy Around) under Oogie's Lair (3 PP)",
    ]
    rows = {0: [("oogies-lair", ["oogie-boogie-meanest-guy-around"]), ("town-hall", []), ("the-crypt", [])]}
    s = table(tcg, rows=rows)
    s.choose(0, "Oogie's Lair: Move 1")
    s.expect(0, "turn")  # one Movement is not enough to leave the Lair
    s = table(tcg, rows={0: [("the-well", ["igor"]), *rows[0]]})
    s.choose(0, "The Well: Move 6")
    s.choose(0, "Move Oogie Boogie (Meanest Guy Around) to Town Hall")
    assert s.expect(0, "move").text == "Move your Characters (4 Movement left)"
    s.choose(0, "Move Oogie Boogie (Meanest Guy Around) to The Crypt")
    assert s.expect(0, "move").text == "Move your Characters (3 Movement left)"  # 1 to leave elsewhere


# --- Igor ----------------------------------------------------------------------------------
@covers("igor")
def test_igor_leaves_play_for_two_movement(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["igor", "clown"]), ("town-hall", []), ("the-crypt", [])]})
    s.choose(0, "Igor (Faithful Lackey): Discard Igor: Move 2")
    assert discard(s, 0) == ["igor"]
    assert s.expect(0, "move").text == "Move your Characters (2 Movement left)"
    s.choose(0, "Move Clown (With the Tear-away Face) to Town Hall")
    s.choose(0, "Move Clown (With the Tear-away Face) to The Crypt")
    s.expect(0, "turn")
    assert row(s, 0)[2] == ("the-crypt", ["clown"])
    assert not s.state.function_used  # not a Function


# --- Jack Skellington ----------------------------------------------------------------------
@covers("jack-skellington-demon-of-light")
def test_demon_of_light_fills_to_seven_the_hands_of_the_players_with_most_characters(tcg):
    s = table(
        tcg,
        players=3,
        rows={
            0: [("jacks-house", ["igor"])],
            1: [("oogies-lair", ["clown", "zero"])],
            2: [("mayor-mobile", ["behemoth"])],
        },
        hands={0: ["jack-skellington-demon-of-light", "fire"], 1: ["fire", "fire", "fire"], 2: []},
        decks={0: DECK, 1: DECK, 2: DECK},
        pp={0: 6},
    )
    s.choose(0, "Play Jack Skellington (Demon of Light) under Jack's House (6 PP)")
    assert len(s.state.players[0].hand) == 7  # 2 Characters with Jack himself: tied for the most
    assert len(s.state.players[1].hand) == 7
    assert len(s.state.players[2].hand) == 0  # 1 Character


def test_demon_of_light_gives_nothing_to_a_player_with_fewer_characters(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["clown", "zero"])]},
        hands={0: ["jack-skellington-demon-of-light"], 1: []},
        decks={0: DECK, 1: DECK},
        pp={0: 6},
    )
    s.choose(0, "Play Jack Skellington (Demon of Light) under Jack's House (6 PP)")
    assert hand(s, 0) == []
    assert len(s.state.players[1].hand) == 7


MASTER = "Play Jack Skellington (Master of Fright) under Town Hall (5 PP)"


@covers("jack-skellington-master-of-fright")
def test_master_of_fright_must_discard_another_character_at_his_locale(tcg):
    s = table(
        tcg,
        rows={0: [HOUSE, ("town-hall", ["igor", "zero"])]},
        hands={0: ["jack-skellington-master-of-fright"]},
        pp={0: 5},
    )
    s.choose(0, MASTER)
    assert labels(s, 0, "choose") == [
        "Igor (Faithful Lackey) at seat 0's Town Hall",
        "Zero (Ghost Dog) at seat 0's Town Hall",
    ]  # no "none": he must
    s.choose(0, "Zero (Ghost Dog) at seat 0's Town Hall")
    assert discard(s, 0) == ["zero"]
    assert row(s, 0)[1] == ("town-hall", ["igor", "jack-skellington-master-of-fright"])


def test_master_of_fright_discards_himself_when_alone(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["igor"]), ("town-hall", [])]},
        hands={0: ["jack-skellington-master-of-fright"]},
        pp={0: 5},
    )
    s.choose(0, MASTER)
    assert discard(s, 0) == ["jack-skellington-master-of-fright"]
    assert row(s, 0) == [("jacks-house", ["igor"]), ("town-hall", [])]


def test_master_of_fright_discards_himself_when_only_sandy_claws_stands_with_him(tcg):
    s = table(
        tcg,
        rows={0: [HOUSE, ("the-tree-house", ["sandy-claws"])]},
        hands={0: ["jack-skellington-master-of-fright"]},
        pp={0: 5},
    )
    s.choose(0, "Play Jack Skellington (Master of Fright) under The Tree House (5 PP)")
    assert row(s, 0)[1] == ("the-tree-house", ["sandy-claws"])  # she cannot be discarded
    assert discard(s, 0) == ["jack-skellington-master-of-fright"]


# --- Jewel ---------------------------------------------------------------------------------
def _fear_the_reaper_at_finklestein(tcg):
    s = table(
        tcg,
        turn=1,
        rows={
            0: [("jacks-house", []), ("the-laboratory", ["dr-finklestein-mad-scientist", "jewel"])],
            1: [("oogies-lair", ["reaper"])],
        },
        hands={1: ["fear-the-reaper"]},
        pp={1: 1},
    )
    s.choose(1, "Play Fear the Reaper (1 PP)")
    s.choose(1, "Discard your Reaper to discard any opponent's Character", kind="mode")
    s.choose(1, "Dr. Finklestein (Mad Scientist) at seat 0's The Laboratory", kind="choose")
    return s


@covers("jewel")
def test_jewel_may_be_discarded_instead_of_finklestein_beside_her(tcg):
    s = _fear_the_reaper_at_finklestein(tcg)
    assert labels(s, 0, "guard") == [
        "Discard Dr. Finklestein (Mad Scientist)",
        "Discard Jewel (Precious Creature) instead",
    ]
    s.choose(0, "Discard Jewel (Precious Creature) instead")
    assert row(s, 0)[1] == ("the-laboratory", ["dr-finklestein-mad-scientist"])
    assert discard(s, 0) == ["jewel"]


def test_jewel_may_let_finklestein_go(tcg):
    s = _fear_the_reaper_at_finklestein(tcg)
    s.choose(0, "Discard Dr. Finklestein (Mad Scientist)", kind="guard")
    assert row(s, 0)[1] == ("the-laboratory", ["jewel"])
    assert discard(s, 0) == ["dr-finklestein-mad-scientist"]


def test_jewel_does_not_guard_a_finklestein_at_another_locale_nor_another_character(tcg):
    s = table(
        tcg,
        turn=1,
        rows={
            0: [("jacks-house", ["dr-finklestein-mad-scientist"]), ("the-laboratory", ["igor", "jewel"])],
            1: [("oogies-lair", ["reaper"])],
        },
        hands={1: ["fear-the-reaper", "sound-of-rollin-dice"]},
        pp={1: 1},
    )
    s.choose(1, "Play Fear the Reaper (1 PP)")
    s.choose(1, "Discard your Reaper to discard any opponent's Character", kind="mode")
    s.choose(1, "Dr. Finklestein (Mad Scientist) at seat 0's Jack's House", kind="choose")
    assert s.prompts(0) == []
    assert discard(s, 0) == ["dr-finklestein-mad-scientist"]


# --- Little Witch --------------------------------------------------------------------------
LITTLE_WITCH = "Little Witch (Zeldaborn): Move to Big Witch's Locale for free"


@covers("little-witch")
def test_little_witch_goes_to_big_witchs_locale_for_free(tcg):
    rows = {0: [("jacks-house", ["little-witch"]), ("town-hall", []), ("the-crypt", ["big-witch"])]}
    s = table(tcg, rows=rows)
    s.choose(0, LITTLE_WITCH)
    assert row(s, 0)[2] == ("the-crypt", ["big-witch", "little-witch"])
    assert not s.state.function_used and pp(s) == 0
    assert LITTLE_WITCH not in labels(s, 0)  # already beside her


def test_little_witch_stays_without_big_witch(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["little-witch"]), ("town-hall", [])], 1: [("oogies-lair", ["big-witch"])]},
    )
    assert LITTLE_WITCH not in labels(s, 0)  # an opponent's Big Witch does not count


# --- Lock, Little Devil --------------------------------------------------------------------
LOCK_USE = "Lock (Little Devil): Discard a spare Lock from hand: Search 3 for Shock and Barrel"


@covers("lock-little-devil")
def test_lock_at_the_tree_house_trades_a_spare_lock_for_a_search_for_shock_and_barrel(tcg):
    s = table(
        tcg,
        rows={0: [HOUSE, ("the-tree-house", ["lock-little-devil"])]},
        hands={0: ["lock-little-devil"]},
        decks={0: ["shock-little-hag", "igor", "barrel-little-skeleton", "shock-little-hag"]},
    )
    s.choose(0, LOCK_USE)
    s.choose(0, "Discard Lock (Little Devil)", kind="discard")
    assert hand(s, 0) == ["barrel-little-skeleton", "shock-little-hag"]  # every match of the three
    assert sorted(discard(s, 0)) == ["igor", "lock-little-devil"]
    assert deck(s) == ["shock-little-hag"]


def test_lock_needs_the_tree_house_and_a_spare_lock(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["lock-little-devil"]), ("the-tree-house", [])]},
        hands={0: ["lock-little-devil"]},
    )
    assert LOCK_USE not in labels(s, 0)
    s = table(tcg, rows={0: [HOUSE, ("the-tree-house", ["lock-little-devil"])]}, hands={0: ["igor"]})
    assert LOCK_USE not in labels(s, 0)


# --- the Monsters: a Function performed at their Locale ------------------------------------
@covers("monster-under-the-bed")
def test_monster_under_the_bed_may_trade_a_card_for_a_pumpkin_point_when_his_locale_works(tcg):
    s = table(
        tcg, rows={0: [HOUSE, ("town-hall", ["monster-under-the-bed"])]}, hands={0: ["fire"]}, decks={0: DECK}
    )
    s.choose(0, "Town Hall: Draw 1 card and add 3 Pumpkin Points")
    assert s.expect(0, "may").text == "Discard a card to add 1 Pumpkin Point?"
    s.choose(0, "Yes")
    s.choose(0, "Discard Fire!", kind="discard")
    assert pp(s) == 4
    assert hand(s, 0) == ["igor"]


def test_monster_under_the_bed_is_not_asked_for_another_locale_nor_when_declined(tcg):
    s = table(
        tcg, rows={0: [HOUSE, ("town-hall", ["monster-under-the-bed"])]}, hands={0: ["fire"]}, decks={0: DECK}
    )
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    s.expect(0, "turn")
    s = table(
        tcg, rows={0: [HOUSE, ("town-hall", ["monster-under-the-bed"])]}, hands={0: ["fire"]}, decks={0: DECK}
    )
    s.choose(0, "Town Hall: Draw 1 card and add 3 Pumpkin Points")
    s.choose(0, "No", kind="may")
    assert pp(s) == 3 and hand(s, 0) == ["fire", "igor"]


def test_monster_under_the_bed_asks_once_the_function_filled_an_empty_hand(tcg):
    s = table(tcg, rows={0: [HOUSE, ("the-crypt", ["monster-under-the-bed"])]}, decks={0: DECK})
    s.choose(0, "The Crypt: Draw 4 cards")
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Discard Fire!", kind="discard")
    assert pp(s) == 1


def test_monster_under_the_bed_never_moves(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["monster-under-the-bed"]), ("town-hall", [])]})
    s.choose(0, "Jack's House: Move 4")
    s.expect(0, "turn")  # nobody can move


@covers("monster-under-the-stairs")
def test_monster_under_the_stairs_may_trade_a_card_for_a_draw_when_his_locale_works(tcg):
    s = table(tcg, rows={0: [HOUSE, ("the-crypt", ["monster-under-the-stairs", "igor"])]}, decks={0: DECK})
    s.choose(0, "The Crypt: Draw 4 cards")  # empty hand before, four cards after
    assert s.expect(0, "may").text == "Discard a card to draw 1?"
    s.choose(0, "Yes")
    s.choose(0, "Discard Fire!", kind="discard")
    assert hand(s, 0) == ["behemoth", "clown", "igor", "zero"]
    assert discard(s, 0) == ["fire"]
    s = table(tcg, rows={0: [HOUSE, ("the-crypt", ["monster-under-the-stairs", "igor"])]}, decks={0: DECK})
    s.choose(0, "Jack's House: Draw 2 cards")
    s.expect(0, "turn")  # not his Locale


# --- the Hydes -----------------------------------------------------------------------------
@covers("mr-hyde")
def test_mr_hyde_returns_to_hand_to_look_at_an_opponents_hand(tcg):
    s = table(
        tcg,
        players=3,
        rows={0: [("jacks-house", ["mr-hyde"])], 1: [HOUSE], 2: [HOUSE]},
        hands={1: ["fire", "zero"], 2: ["clown"]},
    )
    s.choose(0, "Mr. Hyde (Covert Fellow): Return Mr. Hyde to hand: look at an opponent's hand")
    assert hand(s, 0) == ["mr-hyde"] and row(s, 0) == [HOUSE]
    assert labels(s, 0, "choose") == ["seat 1", "seat 2"]
    s.choose(0, "seat 1")
    looked = s.events(0, "looked")
    assert [c["card"] for c in looked[-1].data["cards"]] == ["fire", "zero"]
    assert s.events(2, "looked") == []  # only he sees it
    assert hand(s, 1) == ["fire", "zero"]


@covers("mr-hyde-ii")
def test_mr_hyde_ii_returns_to_hand_then_trades_a_card_for_a_draw(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["mr-hyde-ii"])]}, hands={0: ["fire"]}, decks={0: DECK})
    s.choose(0, "Mr. Hyde II (Helpful Fellow): Return Mr. Hyde II to hand: discard a card, then draw 1")
    assert labels(s, 0, "discard") == ["Discard Fire!", "Discard Mr. Hyde II (Helpful Fellow)"]
    s.choose(0, "Discard Fire!")
    assert hand(s, 0) == ["igor", "mr-hyde-ii"]
    assert discard(s, 0) == ["fire"]
    assert row(s, 0) == [HOUSE]


@covers("mr-hyde-iii")
def test_mr_hyde_iii_returns_to_hand_to_ignore_an_opponents_card_that_discards_from_hand(tcg):
    s = table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", ["mr-hyde-iii"])], 1: [("oogies-lair", ["behemoth"])]},
        hands={0: ["fire", "zero"]},
    )
    s.choose(1, BEHEMOTH_USE)
    assert labels(s, 0, "respond") == [
        "Let it happen",
        "Answer with Mr. Hyde III (Tiny Fellow): Return Mr. Hyde III to hand and ignore it",
    ]
    s.choose(0, "Answer with Mr. Hyde III (Tiny Fellow): Return Mr. Hyde III to hand and ignore it")
    assert hand(s, 0) == ["fire", "mr-hyde-iii", "zero"]  # nothing discarded
    assert row(s, 0) == [HOUSE]
    assert discard(s, 0) == []
    s.expect(1, "turn")


def test_mr_hyde_iii_may_let_it_happen(tcg):
    s = table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", ["mr-hyde-iii"])], 1: [("oogies-lair", ["behemoth"])]},
        hands={0: ["fire", "zero"]},
    )
    s.choose(1, BEHEMOTH_USE)
    s.choose(0, "Let it happen", kind="respond")
    s.choose(0, "Discard Zero (Ghost Dog)", kind="discard")
    assert hand(s, 0) == ["fire"]
    assert row(s, 0) == [("jacks-house", ["mr-hyde-iii"])]


# --- Mummy Boy -----------------------------------------------------------------------------
MUMMY = "Play Mummy Boy (Ragamuffin) under Jack's House (1 PP)"
MUMMY_ROW = [("jacks-house", ["corpse-kid"]), ("town-hall", []), ("the-well", [])]


@covers("mummy-boy")
def test_mummy_boy_beside_corpse_kid_gives_two_movement(tcg):
    s = table(tcg, rows={0: MUMMY_ROW}, hands={0: ["mummy-boy"]}, pp={0: 1})
    s.choose(0, MUMMY)
    assert s.expect(0, "move").text == "Move your Characters (2 Movement left)"
    assert "Stop moving" in labels(s, 0, "move")  # "may"
    s.choose(0, "Move Corpse Kid (Ethan) to Town Hall")
    s.choose(
        0, "Move Corpse Kid (Ethan) to The Well"
    )  # Corpse Kid has left him: the second point still counts
    s.expect(0, "turn")
    assert row(s, 0) == [("jacks-house", ["mummy-boy"]), ("town-hall", []), ("the-well", ["corpse-kid"])]


def test_mummy_boy_may_move_himself_away_from_corpse_kid_with_both_points(tcg):
    s = table(tcg, rows={0: MUMMY_ROW}, hands={0: ["mummy-boy"]}, pp={0: 1})
    s.choose(0, MUMMY)
    s.choose(0, "Move Mummy Boy (Ragamuffin) to Town Hall")
    s.choose(0, "Move Mummy Boy (Ragamuffin) to The Well")
    s.expect(0, "turn")
    assert row(s, 0)[2] == ("the-well", ["mummy-boy"])


def test_mummy_boy_gives_no_movement_without_corpse_kid_beside_him(tcg):
    rows = [("jacks-house", []), ("town-hall", ["corpse-kid"]), ("the-well", [])]
    s = table(tcg, rows={0: rows}, hands={0: ["mummy-boy"]}, pp={0: 1})
    s.choose(0, MUMMY)
    s.expect(0, "turn")
    assert row(s, 0)[0] == ("jacks-house", ["mummy-boy"])


# --- Oogie Boogie --------------------------------------------------------------------------
@covers("oogie-boogie-eight-ball")
def test_eight_ball_makes_the_players_with_fewest_active_locales_discard_half_rounded_up(tcg):
    s = table(
        tcg,
        players=3,
        rows={
            0: [("jacks-house", []), ("the-well", ["igor"])],
            1: [("oogies-lair", []), ("town-hall", ["igor"])],
            2: [("mayor-mobile", []), ("the-well", ["zero", "igor"])],
        },
        hands={0: ["oogie-boogie-eight-ball", "fire"], 1: ["fire", "zero", "clown"], 2: ["fire", "zero"]},
        pp={0: 6},
    )
    s.choose(0, "Play Oogie Boogie (Eight Ball) under Jack's House (6 PP)")
    # seat 1: only Oogie's Lair is Active (Town Hall 1 of 3); seats 0 and 2 have two each
    s.choose(1, "Discard Clown (With the Tear-away Face)", kind="discard")
    s.choose(1, "Discard Fire!", kind="discard")
    assert hand(s, 1) == ["zero"]  # 3 cards: 2 go
    assert hand(s, 0) == ["fire"] and hand(s, 2) == ["fire", "zero"]
    s.expect(0, "turn")


def test_eight_ball_hits_every_tied_player_including_his_own(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["oogie-boogie-eight-ball", "fire"], 1: ["fire", "zero"]},
        pp={0: 6},
    )
    s.choose(0, "Play Oogie Boogie (Eight Ball) under Jack's House (6 PP)")
    s.choose(0, "Discard Fire!", kind="discard")  # 1 card: 1 goes (half, rounded up)
    s.choose(1, "Discard Zero (Ghost Dog)", kind="discard")
    assert hand(s, 0) == [] and hand(s, 1) == ["fire"]


@covers("oogie-boogie-gamblin-boogie-man")
def test_gamblin_boogie_man_discards_the_whole_hand_and_draws_as_many(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", [])]},
        hands={0: ["oogie-boogie-gamblin-boogie-man", "fire", "road-kill", "fetch"]},
        decks={0: DECK},
        pp={0: 5},
    )
    s.choose(0, "Play Oogie Boogie (Gamblin' Boogie Man) under Oogie's Lair (5 PP)")
    for card in ("Discard Fire!", "Discard Road Kill", "Discard Fetch"):
        s.choose(0, card, kind="discard")  # one at a time, in sight of all; none may be kept
    assert sorted(discard(s, 0)) == ["fetch", "fire", "road-kill"]
    assert hand(s, 0) == ["clown", "igor", "zero"]


# --- Reaper --------------------------------------------------------------------------------
@covers("reaper")
def test_reaper_makes_every_player_discard_a_character_from_hand_or_town(tcg):
    s = table(
        tcg,
        players=3,
        king=1,
        rows={0: [("jacks-house", ["igor"])], 1: [("oogies-lair", ["zero", "sandy-claws"])], 2: [HOUSE]},
        hands={0: ["reaper", "fire", "clown"], 1: ["fire"], 2: ["fire"]},
        pp={0: 3},
    )
    s.choose(0, "Play Reaper (Grim Harvester) under Jack's House (3 PP)")
    # from the Pumpkin King (seat 1) clockwise; seat 1 has one choice: Sandy Claws cannot go
    assert discard(s, 1) == ["zero"]
    assert hand(s, 1) == ["fire"]
    assert hand(s, 2) == ["fire"]  # seat 2 has no Character at all
    assert s.prompts(1) == [] and s.prompts(2) == []
    assert labels(s, 0, "choose") == [
        "Clown (With the Tear-away Face)",
        "Igor (Faithful Lackey) at seat 0's Jack's House",
        "Reaper (Grim Harvester) at seat 0's Jack's House",
    ]  # you too, from hand or town: not Fire!
    s.choose(0, "Clown (With the Tear-away Face)")
    assert discard(s, 0) == ["clown"]
    assert row(s, 0) == [("jacks-house", ["igor", "reaper"])]


# --- Sally ---------------------------------------------------------------------------------
SHY = "Sally (Shy Creature): Discard Sally to draw 3"


@shows("tcg.other.in-play")
@covers("sally-shy-creature")
def test_shy_sally_beside_jack_leaves_play_to_draw_three(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["sally-shy-creature", "jack-skellington-the-pumpkin-king"])]},
        decks={0: DECK},
    )
    s.choose(0, SHY)
    assert hand(s, 0) == ["clown", "igor", "zero"]
    assert discard(s, 0) == ["sally-shy-creature"]


def test_shy_sally_needs_her_own_jack_at_her_locale(tcg):
    s = table(
        tcg,
        rows={
            0: [
                ("jacks-house", ["sally-shy-creature"]),
                ("town-hall", ["jack-skellington-the-pumpkin-king"]),
            ],
            1: [("oogies-lair", ["jack-skellington-the-pumpkin-king"])],
        },
    )
    assert SHY not in labels(s, 0)


ALCHEMIST = "Sally (Skilled Alchemist): Discard a card to draw 1"


@covers("sally-skilled-alchemist")
def test_skilled_alchemist_at_sallys_room_trades_a_card_for_a_draw_once_a_turn(tcg):
    s = table(
        tcg,
        rows={0: [HOUSE, ("sallys-room", ["sally-skilled-alchemist"])]},
        hands={0: ["fire", "fetch"]},
        decks={0: DECK},
    )
    s.choose(0, ALCHEMIST)
    s.choose(0, "Discard Fetch", kind="discard")
    assert hand(s, 0) == ["fire", "igor"]
    assert ALCHEMIST not in labels(s, 0)  # Hex


def test_skilled_alchemist_works_only_at_sallys_room(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["sally-skilled-alchemist"]), ("sallys-room", [])]},
        hands={0: ["fire"]},
    )
    assert ALCHEMIST not in labels(s, 0)


# --- Sandy Claws ---------------------------------------------------------------------------
@covers("sandy-claws")
def test_sandy_claws_is_played_only_to_tree_circle_or_the_tree_house(tcg):
    rows = [("jacks-house", []), ("tree-circle", []), ("town-hall", []), ("the-tree-house", [])]
    s = table(tcg, rows={0: rows}, hands={0: ["sandy-claws"]})
    assert [label for label in labels(s, 0) if "Sandy" in label] == [
        "Play Sandy Claws (Victim of Circumstance) under Tree Circle (0 PP)",
        "Play Sandy Claws (Victim of Circumstance) under The Tree House (0 PP)",
    ]


def test_sandy_claws_moves_only_while_lock_shock_and_barrel_are_all_in_play(tcg):
    trio = ["lock-little-devil", "shock-little-hag", "barrel-little-skeleton"]
    for present, moves in ((trio[:2], False), (trio, True)):
        s = table(
            tcg, rows={0: [("jacks-house", present), ("tree-circle", ["sandy-claws"]), ("town-hall", [])]}
        )
        s.choose(0, "Jack's House: Move 4")
        options = labels(s, 0, "move")
        assert ("Move Sandy Claws (Victim of Circumstance) to Town Hall" in options) is moves


def test_sandy_claws_is_not_carried_off_by_a_card_without_lock_shock_and_barrel(tcg):
    rows = [("tree-circle", ["sandy-claws", "lock-little-devil"]), ("town-hall", [])]
    s = table(tcg, rows={0: rows}, hands={0: ["town-meeting"]}, pp={0: 1})
    s.choose(0, "Play Town Meeting! (1 PP)")
    s.choose(0, "Sandy Claws (Victim of Circumstance) at seat 0's Tree Circle", kind="choose")
    assert row(s, 0) == [("tree-circle", ["lock-little-devil", "sandy-claws"]), ("town-hall", [])]
    s.expect(0, "turn")


def test_sandy_claws_cannot_be_discarded_from_play(tcg):
    s = table(
        tcg,
        turn=1,
        rows={0: [("tree-circle", ["sandy-claws"])], 1: [("oogies-lair", ["reaper"])]},
        hands={1: ["fear-the-reaper"]},
        pp={1: 1},
    )
    s.choose(1, "Play Fear the Reaper (1 PP)")
    s.choose(1, "Discard your Reaper to discard any opponent's Character", kind="mode")
    assert row(s, 0) == [("tree-circle", ["sandy-claws"])]  # no target: nothing else happens
    s.expect(1, "turn")


# --- Shock, Little Hag: brings Lock and Barrel along --------------------------------------------
FOLLOW = "Move along with it for free?"
TRIO_ROW = [
    ("the-well", ["shock-little-hag", "lock-little-devil", "barrel-little-skeleton"]),
    ("town-hall", []),
    ("the-crypt", []),
]


@covers("shock-little-hag")
def test_shock_may_bring_lock_and_barrel_along_for_free(tcg):
    s = table(tcg, rows={0: TRIO_ROW})
    s.choose(0, "The Well: Move 6")
    s.choose(0, "Move Shock (Little Hag) to Town Hall")
    s.choose(0, "Stop moving", kind="move")
    s.choose(
        0, "Lock (Little Devil): its triggered effect (seat 0)", kind="order-triggers"
    )  # two at once: the player orders them
    assert s.expect(0, "may").text == FOLLOW
    s.choose(0, "Yes")  # Lock comes along
    s.choose(0, "No", kind="may")  # Barrel stays
    assert row(s, 0) == [
        ("the-well", ["barrel-little-skeleton"]),
        ("town-hall", ["lock-little-devil", "shock-little-hag"]),
        ("the-crypt", []),
    ]
    s.expect(0, "turn")


def test_shock_brings_them_to_where_she_is_after_moving_twice(tcg):
    s = table(tcg, rows={0: TRIO_ROW})
    s.choose(0, "The Well: Move 6")
    s.choose(0, "Move Shock (Little Hag) to Town Hall")
    s.choose(0, "Move Shock (Little Hag) to The Crypt")
    s.choose(0, "Stop moving", kind="move")
    s.choose(0, "Barrel (Little Skeleton): its triggered effect (seat 0)", kind="order-triggers")
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Yes", kind="may")
    assert row(s, 0) == [
        ("the-well", []),
        ("town-hall", []),
        ("the-crypt", ["barrel-little-skeleton", "lock-little-devil", "shock-little-hag"]),
    ]


def test_shock_brings_nobody_who_was_not_with_her(tcg):
    rows = [
        ("the-well", ["shock-little-hag", "igor"]),
        ("town-hall", ["lock-little-devil"]),
        ("the-crypt", []),
    ]
    s = table(tcg, rows={0: rows})
    s.choose(0, "The Well: Move 6")
    s.choose(0, "Move Shock (Little Hag) to Town Hall")
    s.choose(0, "Stop moving", kind="move")
    s.expect(0, "turn")  # Igor is not Lock or Barrel; Lock was elsewhere


# --- Zero: follows Jack ----------------------------------------------------------------------
ZERO_ROW = [
    ("jacks-house", ["jack-skellington-the-pumpkin-king", "zero"]),
    ("town-hall", []),
    ("the-crypt", []),
]


@covers("zero")
def test_zero_may_follow_jack_to_his_new_locale_for_free(tcg):
    s = table(tcg, rows={0: ZERO_ROW})
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, "Move Jack Skellington (The Pumpkin King) to Town Hall")
    s.choose(0, "Stop moving", kind="move")
    assert s.expect(0, "may").text == FOLLOW
    s.choose(0, "Yes")
    assert row(s, 0)[1] == ("town-hall", ["jack-skellington-the-pumpkin-king", "zero"])


def test_zero_may_stay_behind(tcg):
    s = table(tcg, rows={0: ZERO_ROW})
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, "Move Jack Skellington (The Pumpkin King) to Town Hall")
    s.choose(0, "Stop moving", kind="move")
    s.choose(0, "No", kind="may")
    assert row(s, 0)[0] == ("jacks-house", ["zero"])


def test_zero_lands_where_jack_is_after_several_moves(tcg):
    s = table(tcg, rows={0: ZERO_ROW})
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, "Move Jack Skellington (The Pumpkin King) to Town Hall")
    s.choose(0, "Move Jack Skellington (The Pumpkin King) to The Crypt")
    s.choose(0, "Stop moving", kind="move")
    s.choose(0, "Yes", kind="may")
    assert row(s, 0) == [
        ("jacks-house", []),
        ("town-hall", []),
        ("the-crypt", ["jack-skellington-the-pumpkin-king", "zero"]),
    ]


def test_zero_does_not_follow_another_character(tcg):
    rows = [("jacks-house", ["igor", "zero"]), ("town-hall", [])]
    s = table(tcg, rows={0: rows})
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, "Move Igor (Faithful Lackey) to Town Hall")
    s.choose(0, "Stop moving", kind="move")
    s.expect(0, "turn")


# --- The Mayor -----------------------------------------------------------------------------
GATHER = "The Mayor (Elected Official) pulls Characters of your choice from next door into Town Square"
SQUARE_ROW = [
    ("the-well", ["igor"]),
    ("tree-circle", ["clown", "zero"]),
    ("town-square", ["the-mayor-elected-official"]),
    ("town-hall", ["behemoth"]),
    ("the-crypt", ["cyclops"]),
]


@covers("the-mayor-elected-official")
def test_elected_official_pulls_the_characters_chosen_from_both_neighbours_for_one_movement(tcg):
    s = table(tcg, rows={0: SQUARE_ROW})
    s.choose(0, "The Well: Move 6")
    s.choose(0, GATHER, kind="move")
    asked = []
    for answer in ("Yes", "No", "Yes"):  # Clown, Zero (Tree Circle), Behemoth (Town Hall)
        asked.append(s.expect(0, "gather").text)
        s.choose(0, answer, kind="gather")
    assert asked == [
        "Pull Clown (With the Tear-away Face) into Town Square?",
        "Pull Zero (Ghost Dog) into Town Square?",
        "Pull Behemoth (Axe Victim) into Town Square?",
    ]  # only the two next door: not Igor nor Cyclops
    assert s.expect(0, "move").text == "Move your Characters (5 Movement left)"
    assert row(s, 0) == [
        ("the-well", ["igor"]),
        ("tree-circle", ["zero"]),
        ("town-square", ["behemoth", "clown", "the-mayor-elected-official"]),
        ("town-hall", []),
        ("the-crypt", ["cyclops"]),
    ]


def test_elected_official_pulls_only_from_town_square(tcg):
    rows = [
        ("tree-circle", ["clown"]),
        ("town-hall", ["the-mayor-elected-official"]),
        ("town-square", ["igor"]),
    ]
    s = table(tcg, rows={0: [("the-well", ["cyclops"]), *rows]})
    s.choose(0, "The Well: Move 6")
    assert not any("pulls" in label for label in labels(s, 0, "move"))


def test_elected_official_does_not_pull_who_cannot_move_that_way(tcg):
    rows = [
        ("the-well", ["cyclops"]),
        ("the-tree-house", ["sandy-claws"]),  # Sandy moves only with Lock, Shock and Barrel in play
        ("town-square", ["the-mayor-elected-official"]),
        ("oogies-lair", ["oogie-boogie-meanest-guy-around", "monster-under-the-bed", "igor"]),
    ]
    s = table(tcg, rows={0: rows})
    s.choose(0, "The Well: Move 6")
    s.choose(0, GATHER, kind="move")
    assert s.expect(0, "gather").text == "Pull Igor (Faithful Lackey) into Town Square?"
    s.choose(0, "Yes", kind="gather")
    assert row(s, 0)[2] == ("town-square", ["igor", "the-mayor-elected-official"])


LUGUBRIOUS = "the-mayor-lugubrious-leader"


@covers("the-mayor-lugubrious-leader")
def test_lugubrious_leader_draws_when_another_character_of_his_town_is_discarded(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [LUGUBRIOUS, "igor"]), ("town-hall", ["decomposing-guy"])]},
        decks={0: DECK * 2},
    )
    s.choose(0, "Igor (Faithful Lackey): Discard Igor: Move 2")
    s.choose(0, "Stop moving", kind="move")
    assert len(s.state.players[0].hand) == 1
    s.choose(0, "Decomposing Guy (Puddinghead): Discard Decomposing Guy: Search 3 for any 1 card")
    s.choose(0, "Take Fire!", kind="search-take")
    assert len(s.state.players[0].hand) == 3  # 1 + the searched card + 1 for the discard


def test_lugubrious_leader_draws_nothing_for_himself_or_an_opponents_character(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [LUGUBRIOUS, "clown"])], 1: [("oogies-lair", ["igor"])]},
        decks={0: DECK},
    )
    s.choose(0, CLOWN_USE)  # the Clown is his: one draw; Igor is the opponent's: none
    assert hand(s, 0) == ["igor"]
    s = table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", [LUGUBRIOUS])], 1: [("oogies-lair", ["reaper"])]},
        hands={1: ["fear-the-reaper"]},
        decks={0: DECK},
        pp={1: 1},
    )
    s.choose(1, "Play Fear the Reaper (1 PP)")
    s.choose(1, "Discard your Reaper to discard any opponent's Character", kind="mode")
    assert discard(s, 0) == [LUGUBRIOUS]
    assert hand(s, 0) == []


# --- Undersea Gal --------------------------------------------------------------------------
@covers("undersea-gal")
def test_undersea_gal_leaves_play_to_take_a_card_from_the_discard_pile(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["undersea-gal"])]}, discards={0: ["fire", "zero"]})
    s.choose(0, "Undersea Gal (Lady of the Lagoon): Discard Undersea Gal: take a card from your discard pile")
    assert labels(s, 0, "recover") == [
        "Take Fire!",
        "Take Zero (Ghost Dog)",
        "Take Undersea Gal (Lady of the Lagoon)",
    ]
    s.choose(0, "Take Fire!")
    assert hand(s, 0) == ["fire"]
    assert discard(s, 0) == ["zero", "undersea-gal"]
    assert row(s, 0) == [HOUSE]


# --- the Vampires ----------------------------------------------------------------------------
VAMPIRES = {
    "vampire-baron": "Vampire Baron (Garlic Hater)",
    "vampire-count": "Vampire Count (Mirror Breaker)",
    "vampire-lord": "Vampire Lord (Night Stalker)",
    "vampire-prince": "Vampire Prince (Blood Sucker)",
}


def _vampire(tcg, card: str) -> None:
    others = [v for v in VAMPIRES if v != card]
    s = table(
        tcg,
        rows={
            0: [("jacks-house", []), ("town-hall", [others[0]])],
            1: [("oogies-lair", [others[1], others[2]])],
        },
        hands={0: [card]},
        pp={0: 3},
    )
    assert f"Play {VAMPIRES[card]} under Town Hall (3 PP)" in labels(s, 0)  # always 3
    s.choose(0, f"Play {VAMPIRES[card]} under Jack's House (3 PP)")
    st = s.state
    me = find(s, card)
    assert tcg.rules.scare(st, me) == 2  # two Vampires in his town; the opponent's do not count
    assert tcg.rules.scare(st, find(s, others[1], seat=1)) == 2
    assert tcg.rules.is_active(st, 0, 1) is False  # Town Hall: the other Vampire's 2 of 3
    s2 = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: [card]}, pp={0: 3})
    s2.choose(0, f"Play {VAMPIRES[card]} under Jack's House (3 PP)")
    assert tcg.rules.scare(s2.state, find(s2, card)) == 1
    assert tcg.rules.score(s2.state, 0) == 1


@covers("vampire-baron")
def test_vampire_baron_is_as_scary_as_the_vampires_of_his_town(tcg):
    _vampire(tcg, "vampire-baron")


@covers("vampire-count")
def test_vampire_count_is_as_scary_as_the_vampires_of_his_town(tcg):
    _vampire(tcg, "vampire-count")


@covers("vampire-lord")
def test_vampire_lord_is_as_scary_as_the_vampires_of_his_town(tcg):
    _vampire(tcg, "vampire-lord")


@covers("vampire-prince")
def test_vampire_prince_is_as_scary_as_the_vampires_of_his_town(tcg):
    _vampire(tcg, "vampire-prince")


# --- Winged Demon --------------------------------------------------------------------------
WINGED = "Winged Demon (Bat Boy): Discard a card: move to any other Locale"


@covers("winged-demon")
def test_winged_demon_discards_a_card_to_fly_to_any_other_locale(tcg):
    rows = [("jacks-house", ["winged-demon"]), ("town-hall", []), ("the-crypt", [])]
    s = table(tcg, rows={0: rows}, hands={0: ["fire", "zero"]})
    s.choose(0, WINGED)
    s.choose(0, "Discard Zero (Ghost Dog)", kind="discard")
    assert labels(s, 0, "destination") == ["Town Hall", "The Crypt"]
    s.choose(0, "The Crypt")
    assert row(s, 0)[2] == ("the-crypt", ["winged-demon"])
    assert hand(s, 0) == ["fire"] and discard(s, 0) == ["zero"]
    assert not s.state.function_used


def test_winged_demon_needs_a_card_to_discard(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["winged-demon"]), ("town-hall", [])]})
    assert WINGED not in labels(s, 0)


# --- Wolfman -------------------------------------------------------------------------------
WOLFMAN = "Play Wolfman (Lycanthropic Beast) under The Tree House (2 PP)"


@covers("wolfman")
def test_wolfman_may_discard_another_character_beside_him_to_draw_two(tcg):
    rows = [HOUSE, ("the-tree-house", ["igor", "sandy-claws"])]
    s = table(tcg, rows={0: rows}, hands={0: ["wolfman"]}, decks={0: DECK}, pp={0: 2})
    s.choose(0, WOLFMAN)
    assert labels(s, 0, "choose") == ["Igor (Faithful Lackey) at seat 0's The Tree House", "Choose none"]
    s.choose(0, "Igor (Faithful Lackey) at seat 0's The Tree House")
    assert discard(s, 0) == ["igor"]
    assert hand(s, 0) == ["igor", "zero"]


def test_wolfman_may_discard_nobody(tcg):
    s = table(
        tcg,
        rows={0: [HOUSE, ("the-tree-house", ["igor"])]},
        hands={0: ["wolfman"]},
        decks={0: DECK},
        pp={0: 2},
    )
    s.choose(0, WOLFMAN)
    s.choose(0, "Choose none", kind="choose")
    assert hand(s, 0) == [] and discard(s, 0) == []
    assert row(s, 0)[1] == ("the-tree-house", ["igor", "wolfman"])


def test_wolfman_asks_nothing_beside_only_sandy_claws(tcg):
    s = table(
        tcg,
        rows={0: [HOUSE, ("the-tree-house", ["sandy-claws"])]},
        hands={0: ["wolfman"]},
        decks={0: DECK},
        pp={0: 2},
    )
    s.choose(0, WOLFMAN)
    s.expect(0, "turn")  # she cannot be discarded
    assert hand(s, 0) == []


# --- with Christmas Town loaded: "your Halloweentown" means Halloweentown only -------------------
@pytest.fixture(scope="module")
def ct():
    """The TCG as the plugin host builds it, with the Christmas Town expansion loaded."""
    from nbc.core.host import PluginHost

    return PluginHost.load(disabled=[]).game("tcg")


def ct_table(game, *, edit=None, **kwargs):
    """`table` in a match that enables Christmas Town (its Locales come last in a row)."""

    def enable(st):
        st.expansions = ["christmas-town"]
        if edit is not None:
            edit(st)

    return table(game, edit=enable, **kwargs)


def test_lugubrious_leader_ignores_an_elf_leaving_christmas_town(ct):
    s = ct_table(
        ct,
        rows={0: [("jacks-house", [LUGUBRIOUS]), ("candy-shop", ["mrs-claus", "eddy-the-elf"])]},
        decks={0: DECK},
    )
    s.choose(0, "Mrs. Claus (Pie-baking Wonder): Discard an Elf here (draw 1 at The Bakery)")
    assert discard(s, 0) == ["eddy-the-elf"]
    assert hand(s, 0) == []  # the Elf left Christmas Town, not his Halloweentown


def test_lugubrious_leader_still_counts_halloweentown_where_christmas_town_is_loaded(ct):
    s = ct_table(
        ct,
        rows={0: [("jacks-house", [LUGUBRIOUS, "igor"]), ("candy-shop", ["eddy-the-elf"])]},
        decks={0: DECK},
    )
    s.choose(0, "Igor (Faithful Lackey): Discard Igor: Move 2")  # nobody can move: the Elf stays in its town
    assert hand(s, 0) == ["igor"]


def test_reaper_offers_only_characters_of_hand_or_halloweentown(ct):
    s = ct_table(
        ct,
        rows={0: [("jacks-house", ["igor"]), ("candy-shop", ["eddy-the-elf"])], 1: [("oogies-lair", [])]},
        hands={0: ["reaper", "clown"]},
        pp={0: 3},
    )
    s.choose(0, "Play Reaper (Grim Harvester) under Jack's House (3 PP)")
    assert labels(s, 0, "choose") == [
        "Clown (With the Tear-away Face)",
        "Igor (Faithful Lackey) at seat 0's Jack's House",
        "Reaper (Grim Harvester) at seat 0's Jack's House",
    ]  # not the Elf in Christmas Town


def test_a_vampire_counts_only_the_vampires_of_halloweentown(ct):
    def count_in_christmas_town(st):
        st.players[0].row[1].characters.append("c99")
        st.cards["c99"], st.owner["c99"] = "vampire-count", 0  # brought there earlier (Magical Journey)

    s = ct_table(
        ct,
        rows={0: [("jacks-house", ["vampire-baron"]), ("candy-shop", [])]},
        edit=count_in_christmas_town,
    )
    st = s.state
    assert ct.rules.scare(st, find(s, "vampire-baron")) == 1
    assert ct.rules.scare(st, "c99") == 1  # himself not in Halloweentown: only the Baron counts


def test_easter_bunny_is_not_offered_under_an_opponents_christmas_town_locale(ct):
    s = ct_table(
        ct,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", []), ("the-crypt", []), ("candy-shop", [])]},
        hands={0: ["easter-bunny"]},
        pp={0: 2},
    )
    bunny = [label for label in labels(s, 0) if "seat 1's" in label]
    assert bunny == ["Play Easter Bunny (Scared Rabbit) under seat 1's The Crypt (2 PP)"]


def test_zero_does_not_follow_jack_into_christmas_town(ct):
    rows = [
        ("tree-circle", []),
        ("jacks-house", ["jack-skellington-explorer-of-unknown-realms", "zero"]),
        ("candy-shop", []),
    ]
    s = ct_table(ct, rows={0: rows})
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, "Move Jack Skellington (Explorer of Unknown Realms) to Candy Shop")
    s.choose(0, "Stop moving", kind="move")
    assert [p.kind for p in s.prompts(0)] == ["turn"]  # Zero cannot travel between the towns
    assert row(s, 0)[1] == ("jacks-house", ["zero"])
    assert pp(s) == 1  # Jack's own text did its part


def test_winged_and_big_witch_stay_in_halloweentown(ct):
    rows = [("the-well", ["winged-demon", "big-witch"]), ("jacks-house", []), ("candy-shop", [])]
    s = ct_table(ct, rows={0: rows}, hands={0: ["fire"]})
    s.choose(0, WINGED)
    s.choose(0, "Discard Fire!", kind="discard")
    assert row(s, 0)[1] == ("jacks-house", ["winged-demon"])  # the one other Locale of Halloweentown
    s.choose(0, "The Well: Move 6")
    assert labels(s, 0, "move") == [
        "Move Big Witch (Helgamine) to Jack's House",
        "Move Winged Demon (Bat Boy) to The Well",
        "Stop moving",
    ]


def test_elected_official_does_not_pull_from_christmas_town(ct):
    rows = [
        ("the-well", ["igor"]),
        ("town-square", ["the-mayor-elected-official"]),
        ("candy-shop", ["eddy-the-elf"]),
    ]
    s = ct_table(ct, rows={0: rows})
    s.choose(0, "The Well: Move 6")
    s.choose(0, GATHER, kind="move")
    assert s.expect(0, "gather").text == "Pull Igor (Faithful Lackey) into Town Square?"
