"""The eight Tournament Kit cards, one card at a time: each test lays out an exact table,
scripts every choice and checks what the printed effect changes."""

from __future__ import annotations

from tcgkit import christmas_table, christmas_tcg, discard, hand, price, row, table

from nbc.core.testkit.cardtests import covers
from nbc.core.testkit.ruletests import shows

BARREL = "barrel-dopey-trick-or-treater"
LOCK = "lock-impish-trick-or-treater"
SHOCK = "shock-bossy-trick-or-treater"
MOVE_4 = "Jack's House: Move 4"


# --- Barrel, Dopey Trick-or-Treater -------------------------------------------------------
@shows("tcg.other.hex-once")
@covers("barrel-dopey-trick-or-treater")
def test_barrel_dopey_draws_one_after_moving_once_a_turn(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [BARREL]), ("town-hall", [])]},
        decks={0: ["igor", "zero", "clown"]},
    )
    s.choose(0, MOVE_4)
    s.choose(0, "Move Barrel (Dopey Trick-or-Treater) to Town Hall", kind="move")
    s.choose(0, "Move Barrel (Dopey Trick-or-Treater) to Jack's House", kind="move")
    s.choose(0, "Stop moving", kind="move")  # the trigger waits for the Function to end
    assert hand(s, 0) == ["igor"]  # one card: HEX, once a turn
    s.expect(0, "turn")


@shows("tcg.other.hex-own-turn")
def test_barrel_dopey_draws_nothing_when_moved_in_an_opponents_turn(tcg):
    s = table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", [BARREL]), ("town-hall", [])], 1: [("oogies-lair", [])]},
        hands={1: ["public-transportation"]},
        decks={0: ["igor", "zero"]},
    )
    s.choose(1, "Play Public Transportation (0 PP)")  # seat 1 moves Barrel, the only Character of seat 0
    assert row(s, 0) == [("jacks-house", []), ("town-hall", [BARREL])]
    assert hand(s, 0) == []  # HEX text is only usable in its player's own turn
    s.expect(1, "turn")


# --- Lock, Impish Trick-or-Treater --------------------------------------------------------
def _move_and_stop(s, who: str) -> None:
    s.choose(0, MOVE_4)
    s.choose(0, f"Move {who} to Town Hall", kind="move")
    s.choose(0, "Stop moving", kind="move")  # the trigger waits for the Function to end


@covers("lock-impish-trick-or-treater")
def test_lock_impish_may_discard_two_after_moving_to_make_a_player_discard_at_random(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [LOCK]), ("town-hall", [])], 1: [("oogies-lair", [])]},
        hands={0: ["igor", "zero", "clown"], 1: ["fire"]},
    )
    s.choose(0, MOVE_4)
    s.choose(0, "Move Lock (Impish Trick-or-Treater) to Town Hall", kind="move")
    s.choose(0, "Move Lock (Impish Trick-or-Treater) to Jack's House", kind="move")
    s.choose(0, "Stop moving", kind="move")
    s.choose(0, "Yes", kind="may")  # asked once for both moves: HEX
    s.choose(0, "Discard Igor (Faithful Lackey)", kind="discard")
    s.choose(0, "Discard Zero (Ghost Dog)", kind="discard")
    s.choose(0, "seat 1", kind="choose")
    assert hand(s, 1) == [] and discard(s, 1) == ["fire"]
    assert hand(s, 0) == ["clown"] and discard(s, 0) == ["igor", "zero"]
    s.expect(0, "turn")


def test_lock_impish_may_be_declined(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [LOCK]), ("town-hall", [])], 1: [("oogies-lair", [])]},
        hands={0: ["igor", "zero"], 1: ["fire"]},
    )
    _move_and_stop(s, "Lock (Impish Trick-or-Treater)")
    s.choose(0, "No", kind="may")
    assert hand(s, 0) == ["igor", "zero"] and hand(s, 1) == ["fire"]


def test_lock_impish_is_not_offered_with_fewer_than_two_cards(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [LOCK]), ("town-hall", [])], 1: [("oogies-lair", [])]},
        hands={0: ["igor"], 1: ["fire"]},
    )
    _move_and_stop(s, "Lock (Impish Trick-or-Treater)")
    s.expect(0, "turn")  # nothing to pay with: no question
    assert hand(s, 1) == ["fire"]


# --- Shock, Bossy Trick-or-Treater --------------------------------------------------------
@covers("shock-bossy-trick-or-treater")
def test_shock_bossy_may_discard_a_card_after_moving_for_a_pumpkin_point(tcg):
    s = table(tcg, rows={0: [("jacks-house", [SHOCK]), ("town-hall", [])]}, hands={0: ["igor", "zero"]})
    s.choose(0, MOVE_4)
    s.choose(0, "Move Shock (Bossy Trick-or-Treater) to Town Hall", kind="move")
    s.choose(0, "Move Shock (Bossy Trick-or-Treater) to Jack's House", kind="move")
    s.choose(0, "Stop moving", kind="move")
    s.choose(0, "Yes", kind="may")  # asked once for both moves: HEX
    s.choose(0, "Discard Igor (Faithful Lackey)", kind="discard")
    assert s.state.players[0].pp == 1 and hand(s, 0) == ["zero"]
    s.expect(0, "turn")


def test_shock_bossy_may_be_declined(tcg):
    s = table(tcg, rows={0: [("jacks-house", [SHOCK]), ("town-hall", [])]}, hands={0: ["igor"]})
    _move_and_stop(s, "Shock (Bossy Trick-or-Treater)")
    s.choose(0, "No", kind="may")
    assert s.state.players[0].pp == 0 and hand(s, 0) == ["igor"]


# --- Everybody make a scene ---------------------------------------------------------------
@covers("everybody-make-a-scene")
def test_everybody_make_a_scene_draws_one_per_active_locale_of_threshold_two_or_more(tcg):
    rows = [
        ("jacks-house", []),
        ("the-well", ["igor"]),
        ("back-alley", ["wolfman"]),
        ("town-hall", ["clown", "cyclops"]),
        ("the-crypt", ["zero"]),  # threshold 3, not Active
    ]
    s = table(
        tcg,
        rows={0: rows},
        hands={0: ["everybody-make-a-scene"]},
        decks={0: ["fire", "reaper", "devil", "behemoth"]},
        pp={0: 2},
    )
    s.choose(0, "Play Everybody make a scene (2 PP)")
    assert hand(s, 0) == ["fire", "reaper"]  # Back Alley and Town Hall


def test_everybody_make_a_scene_counts_threshold_one_with_the_mayor_in_town(tcg):
    rows = [
        ("jacks-house", []),
        ("the-well", ["the-mayor-elected-official"]),
        ("back-alley", ["wolfman"]),
    ]
    s = table(
        tcg,
        rows={0: rows},
        hands={0: ["everybody-make-a-scene"]},
        decks={0: ["fire", "reaper", "devil"]},
        pp={0: 2},
    )
    s.choose(0, "Play Everybody make a scene (2 PP)")
    assert hand(s, 0) == ["fire", "reaper"]  # The Well counts too; the Starting Locale (0) never


def test_everybody_make_a_scene_counts_only_halloweentown_locales():
    rows = [
        ("jacks-house", []),
        ("back-alley", ["wolfman"]),
        ("santas-house", ["the-mayor-elected-official"]),  # a Christmas Town Locale
        ("the-bakery", ["eddy-the-elf"]),  # Active Christmas Town Locale, Joy Threshold 1
        ("candy-shop", ["eddy-the-elf", "suzy-the-elf"]),  # Active, Joy Threshold 2
    ]

    s = christmas_table(
        rows={0: rows},
        hands={0: ["everybody-make-a-scene"]},
        decks={0: ["fire", "reaper", "devil"]},
        pp={0: 2},
    )
    s.choose(0, "Play Everybody make a scene (2 PP)")
    assert hand(s, 0) == ["fire"]  # Back Alley only: the Mayor is not in the Halloweentown either


# --- House of Cards and I think I've got it -----------------------------------------------
@covers("house-of-cards")
def test_house_of_cards_scores_two_more_for_each_card_turned_beneath_it(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        creations={0: ["house-of-cards"]},
        hands={0: ["i-think-ive-got-it"]},
        decks={0: ["igor", "zero"]},
    )
    house = s.state.players[0].creations[0]
    assert tcg.rules.scare(s.state, house) == 2
    s.choose(0, "Play I think I've got it (0 PP)")
    s.choose(0, "Turn your top card: build the House of Cards or topple it", kind="mode")
    assert tcg.rules.scare(s.state, house) == 4
    assert tcg.rules.score(s.state, 0) == 4
    assert hand(s, 0) == [] and discard(s, 0) == []  # Igor lies face down beneath it


def test_house_of_cards_sends_its_cards_to_the_discard_pile_when_it_leaves_play(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        creations={0: ["house-of-cards"]},
        hands={1: ["fire"]},
        pp={1: 5},
        turn=1,
        edit=lambda st: st.flags.__setitem__(
            f"beneath:{st.players[0].creations[0]}", [_card(st, "igor", 0), _card(st, "zero", 0)]
        ),
    )
    s.choose(1, "Play Fire! (5 PP)")
    assert sorted(discard(s, 0)) == ["house-of-cards", "igor", "zero"]


def _card(st, card_id: str, seat: int) -> str:
    cid = f"c9{len(st.cards):04d}"
    st.cards[cid], st.owner[cid] = card_id, seat
    return cid


@covers("i-think-ive-got-it", mode=0)
def test_i_think_ive_got_it_searches_six_for_house_of_cards(tcg):
    deck = ["igor", "house-of-cards", "zero", "fire", "clown", "reaper", "devil"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["i-think-ive-got-it"]}, decks={0: deck})
    s.choose(0, "Play I think I've got it (0 PP)")  # no House in play: only the Search is open
    assert hand(s, 0) == ["house-of-cards"]
    assert sorted(discard(s, 0)) == sorted(["igor", "zero", "fire", "clown", "reaper"])


@covers("i-think-ive-got-it", mode=1)
def test_i_think_ive_got_it_topples_the_house_when_it_turns_a_surprise(tcg):
    def beneath(st):
        house = st.players[0].creations[0]
        st.flags[f"beneath:{house}"] = [_card(st, "igor", 0), _card(st, "zero", 0)]

    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        creations={0: ["house-of-cards"]},
        hands={0: ["i-think-ive-got-it"]},
        decks={0: ["fetch", "clown"]},
        edit=beneath,
    )
    house = s.state.players[0].creations[0]
    assert tcg.rules.scare(s.state, house) == 6
    s.choose(0, "Play I think I've got it (0 PP)")
    s.choose(0, "Turn your top card: build the House of Cards or topple it", kind="mode")
    assert sorted(discard(s, 0)) == ["fetch", "igor", "zero"]
    assert tcg.rules.scare(s.state, house) == 2  # the House itself stays
    assert [s.state.cards[c] for c in s.state.players[0].creations] == ["house-of-cards"]


def test_i_think_ive_got_it_needs_the_house_in_play_to_turn_a_card(tcg):
    s = table(
        tcg, rows={0: [("jacks-house", [])]}, hands={0: ["i-think-ive-got-it"]}, decks={0: ["igor"] * 6}
    )
    s.choose(0, "Play I think I've got it (0 PP)")
    assert not any(p.kind == "mode" for p in s.prompts(0))  # the Search was the only choice


# --- Old Sparkly --------------------------------------------------------------------------
SIX_ACTIVE = [
    ("jacks-house", []),
    ("the-well", ["igor"]),
    ("back-alley", ["wolfman"]),
    ("sallys-room", ["clown"]),
    ("town-hall", ["cyclops", "behemoth"]),
    ("the-crypt", ["devil", "zero", "mr-hyde"]),
]


@covers("old-sparkly")
def test_old_sparkly_costs_four_less_with_six_active_locales(tcg):
    s = table(tcg, rows={0: SIX_ACTIVE}, hands={0: ["old-sparkly"]}, pp={0: 5})
    assert price(s, 0, "Old Sparkly") == 1
    five = [*SIX_ACTIVE[:5], ("the-crypt", ["devil"])]
    s = table(tcg, rows={0: five}, hands={0: ["old-sparkly"]}, pp={0: 5})
    assert price(s, 0, "Old Sparkly") == 5


def test_old_sparkly_counts_only_halloweentown_locales():
    rows = [*SIX_ACTIVE[:4], ("the-bakery", ["eddy-the-elf"]), ("santas-house", ["suzy-the-elf"])]
    s = christmas_table(rows={0: rows}, hands={0: ["old-sparkly"]}, pp={0: 5})
    assert price(s, 0, "Old Sparkly") == 5  # six Active Locales, but only four in the Halloweentown


# --- Snake & Spider Stew ------------------------------------------------------------------
@covers("snake-spider-stew")
def test_snake_and_spider_stew_costs_five_less_with_oogie_and_sandy_in_oogies_lair(tcg):
    oogie = "oogie-boogie-meanest-guy-around"
    s = table(
        tcg, rows={0: [("oogies-lair", [oogie, "sandy-claws"])]}, hands={0: ["snake-spider-stew"]}, pp={0: 6}
    )
    assert price(s, 0, "Snake & Spider Stew") == 1
    s = table(
        tcg,
        rows={0: [("oogies-lair", [oogie]), ("tree-circle", ["sandy-claws"])]},
        hands={0: ["snake-spider-stew"]},
        pp={0: 6},
    )
    assert price(s, 0, "Snake & Spider Stew") == 6


def test_i_think_ive_got_it_builds_a_house_of_cards_brought_to_life():
    """It's Alive! (Christmas Town) stands the House at the Laboratory: it is still a Creation."""

    def alive(st):
        st.expansions = ["christmas-town"]
        house = st.players[0].row[0].characters[0]
        st.stacked[house] = [_card(st, "its-alive", 0)]

    s = table(
        christmas_tcg(),
        rows={0: [("the-laboratory", ["house-of-cards"])]},
        hands={0: ["i-think-ive-got-it"]},
        decks={0: ["igor", "zero"]},
        edit=alive,
    )
    s.choose(0, "Play I think I've got it (0 PP)")
    s.choose(0, "Turn your top card: build the House of Cards or topple it", kind="mode")
    house = s.state.players[0].row[0].characters[0]
    assert (
        christmas_tcg().rules.scare(s.state, house) == 2 + 1 + 2
    )  # its own 2, It's Alive! 1, a card beneath
