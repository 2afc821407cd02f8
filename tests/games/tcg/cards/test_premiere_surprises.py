"""The Premiere Surprises, one ability at a time: each test lays out an exact table,
scripts every choice and checks what the printed effect changes, with the case where the
ability's condition fails beside it. A Surprise with two abilities (the "OR") has a test
for each (`covers(card, mode=k)`, k its place in the card's `modes`)."""

from __future__ import annotations

import pytest
from tcgkit import christmas_table, discard, hand, labels, row, table
from tcgkit import deck as deck_ids

from nbc.core.testkit.cardtests import covers
from nbc.core.testkit.ruletests import shows

JACK = "jack-skellington-the-pumpkin-king"
SALLY = "sally-shy-creature"
MAYOR = "the-mayor-elected-official"
OOGIE = "oogie-boogie-meanest-guy-around"
FINK = "dr-finklestein-mad-scientist"
LSB = ["lock-little-devil", "shock-little-hag", "barrel-little-skeleton"]
FILLER = ["igor", "zero", "clown", "fire", "reaper", "cyclops", "devil", "behemoth"]


def new_card(st, card_id: str, seat: int) -> str:
    """A new card instance owned by `seat` (for a test's own placing)."""
    cid = f"c{20_000 + len(st.cards)}"
    st.cards[cid], st.owner[cid] = card_id, seat
    return cid


def modes(s, seat: int = 0) -> list[str]:
    return labels(s, seat, "mode")


def ids(s, cards) -> list[str]:
    return sorted(s.state.cards[c] for c in cards)


def play(s, name: str, cost: int, mode: str | None = None, seat: int = 0) -> None:
    s.choose(seat, f"Play {name} ({cost} PP)")
    if mode is not None:
        s.choose(seat, mode, kind="mode")


# --- Bun-ny! ------------------------------------------------------------------------------
@covers("bun-ny", mode=0)
def test_bunny_searches_four_for_behemoth_and_easter_bunny(tcg):
    deck = ["behemoth", "igor", "easter-bunny", "zero", "behemoth"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["bun-ny"]}, decks={0: deck})
    play(s, "Bun-ny!", 0)  # the Bunny and Behemoth are not together: only the Search is open
    assert hand(s, 0) == ["behemoth", "easter-bunny"]
    assert discard(s, 0) == ["igor", "zero"] and deck_ids(s, 0) == ["behemoth"]


@covers("bun-ny", mode=1)
def test_bunny_discards_the_easter_bunny_beside_behemoth_and_draws_four(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["behemoth", "easter-bunny"])]},
        hands={0: ["bun-ny"]},
        decks={0: FILLER[:5]},
    )
    play(s, "Bun-ny!", 0, "Discard your Easter Bunny beside Behemoth to draw 4")
    assert row(s, 0) == [("jacks-house", ["behemoth"])]
    assert discard(s, 0) == ["easter-bunny"]
    assert hand(s, 0) == sorted(FILLER[:4])


def test_bunny_draws_nothing_when_behemoth_and_the_bunny_are_apart(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["behemoth"]), ("town-hall", ["easter-bunny"])]},
        hands={0: ["bun-ny"]},
        decks={0: FILLER[:5]},
    )
    play(s, "Bun-ny!", 0)
    assert not any(p.kind == "mode" for p in s.prompts(0))  # the Search was the only ability
    assert row(s, 0)[1] == ("town-hall", ["easter-bunny"])


# --- Dark Alley ---------------------------------------------------------------------------
THREE_ALLEY = ["wolfman", "decomposing-guy", "harlequin-demon"]


@covers("dark-alley", mode=0)
def test_dark_alley_searches_five_for_wolfman_decomposing_guy_and_harlequin_demon(tcg):
    deck = ["wolfman", "igor", "harlequin-demon", "decomposing-guy", "zero", "wolfman"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["dark-alley"]}, decks={0: deck}, pp={0: 1})
    play(s, "Dark Alley", 1)
    assert hand(s, 0) == ["decomposing-guy", "harlequin-demon", "wolfman"]
    assert discard(s, 0) == ["igor", "zero"] and deck_ids(s, 0) == ["wolfman"]


@covers("dark-alley", mode=1)
def test_dark_alley_turns_an_opponents_locale_face_down_until_the_end_phase(tcg):
    s = table(
        tcg,
        rows={
            0: [("jacks-house", THREE_ALLEY[:2]), ("town-hall", THREE_ALLEY[2:])],
            1: [("oogies-lair", []), ("the-well", ["igor"])],
        },
        hands={0: ["dark-alley"]},
        pp={0: 1},
    )
    play(s, "Dark Alley", 1, "Turn an opponent's Locale face down until the End Phase")
    s.choose(0, "The Well", kind="choose")
    assert not tcg.rules.is_active(s.state, 1, 1)
    s.choose(0, "End your turn")
    assert "The Well: Move 6" not in labels(s, 1)  # no Function from it in seat 1's turn
    s.choose(1, "End your turn")  # the End Phase turns it back up
    assert not s.state.players[1].row[1].flipped


def test_dark_alley_cannot_turn_a_locale_without_all_three_characters(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", THREE_ALLEY[:2])], 1: [("oogies-lair", [])]},
        hands={0: ["dark-alley"]},
        decks={0: FILLER[:5]},
        pp={0: 1},
    )
    play(s, "Dark Alley", 1)  # the Search is the only ability open
    assert not any(slot.flipped for slot in s.state.players[1].row)


# --- Deadly Nightshade --------------------------------------------------------------------
@covers("deadly-nightshade", mode=0)
def test_deadly_nightshade_searches_three_for_sally(tcg):
    deck = [SALLY, "igor", "sally-skilled-alchemist", "zero"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["deadly-nightshade"]}, decks={0: deck})
    play(s, "Deadly Nightshade", 0)
    assert hand(s, 0) == ["sally-shy-creature", "sally-skilled-alchemist"]
    assert discard(s, 0) == ["igor"] and deck_ids(s, 0) == ["zero"]


@covers("deadly-nightshade", mode=1)
def test_deadly_nightshade_returns_an_opponents_finklestein_while_your_sally_is_in_play(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [SALLY])], 1: [("oogies-lair", [FINK, "igor"])]},
        hands={0: ["deadly-nightshade"]},
    )
    play(s, "Deadly Nightshade", 0, "Return an opponent's Dr. Finklestein to hand")
    assert hand(s, 1) == [FINK]
    assert row(s, 1) == [("oogies-lair", ["igor"])]


def test_deadly_nightshade_cannot_return_finklestein_without_sally(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["igor"])], 1: [("oogies-lair", [FINK])]},
        hands={0: ["deadly-nightshade"]},
        decks={0: FILLER[:3]},
    )
    play(s, "Deadly Nightshade", 0)
    assert row(s, 1) == [("oogies-lair", [FINK])]


# --- Double Dead --------------------------------------------------------------------------
@covers("double-dead")
def test_double_dead_removes_every_copy_of_the_named_title_from_every_discard_pile(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["double-dead"]},
        discards={0: ["igor", "fire", "igor"], 1: ["igor", "zero"]},
    )
    play(s, "Double Dead", 0)
    assert sorted(labels(s, 0, "name-title")) == ["Fire!", "Igor", "Zero"]
    s.choose(0, "Igor", kind="name-title")
    assert discard(s, 0) == ["fire"] and discard(s, 1) == ["zero"]
    assert ids(s, s.state.players[0].removed) == ["igor", "igor"]
    assert ids(s, s.state.players[1].removed) == ["igor"]


# --- Eureka! ------------------------------------------------------------------------------
@covers("eureka")
def test_eureka_spends_the_pumpkin_points_chosen_to_draw_as_many(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [JACK])]},
        hands={0: ["eureka"]},
        decks={0: FILLER[:5]},
        pp={0: 4},
    )
    play(s, "Eureka!", 0)
    assert labels(s, 0, "spend") == ["Spend 1", "Spend 2", "Spend 3", "Spend 4"]
    s.choose(0, "Spend 3", kind="spend")
    assert s.state.players[0].pp == 1
    assert hand(s, 0) == sorted(FILLER[:3])


def test_eureka_needs_jack_at_jacks_house(tcg):
    s = table(tcg, rows={0: [("jacks-house", []), ("town-hall", [JACK])]}, hands={0: ["eureka"]}, pp={0: 4})
    assert "Play Eureka! (0 PP)" not in labels(s, 0)


# --- Everybody Scream! --------------------------------------------------------------------
@covers("everybody-scream")
def test_everybody_scream_adds_a_quarter_of_your_scare_in_place_of_the_function(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [JACK, "wolfman"]), ("town-hall", ["clown", "igor"])]},
        hands={0: ["everybody-scream"]},
    )
    play(s, "Everybody Scream!", 0)  # Scare 3 + 2 + 2 + 1 = 8
    assert s.state.players[0].pp == 2
    assert not any(
        ":" in label and "Jack's House" in label for label in labels(s, 0)
    )  # the Function is spent


def test_everybody_scream_divides_by_three_with_the_hanging_tree(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["hanging-tree", JACK]), ("town-hall", ["zero"])]},
        hands={0: ["everybody-scream"]},
    )
    play(s, "Everybody Scream!", 0)  # Scare 6, divided by 3
    assert s.state.players[0].pp == 2


def test_everybody_scream_is_not_played_after_the_function(tcg):
    s = table(tcg, rows={0: [("jacks-house", [JACK, "wolfman"])]}, hands={0: ["everybody-scream"]})
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    assert "Play Everybody Scream! (0 PP)" not in labels(s, 0)


def test_everybody_scream_never_takes_pumpkin_points_away(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["easter-bunny"])]}, hands={0: ["everybody-scream"]}, pp={0: 2})
    play(s, "Everybody Scream!", 0)  # Scare -1: a quarter of it, rounded down, adds nothing
    assert s.state.players[0].pp == 2


# --- Fear the Reaper ----------------------------------------------------------------------
@covers("fear-the-reaper", mode=0)
def test_fear_the_reaper_searches_six_for_the_reaper(tcg):
    deck = ["igor", "reaper", "zero", "clown", "reaper", "fire", "devil"]
    s = table(
        tcg, rows={0: [("jacks-house", [])]}, hands={0: ["fear-the-reaper"]}, decks={0: deck}, pp={0: 1}
    )
    play(s, "Fear the Reaper", 1)
    assert hand(s, 0) == ["reaper", "reaper"]
    assert deck_ids(s, 0) == ["devil"]


@covers("fear-the-reaper", mode=1)
def test_fear_the_reaper_discards_your_reaper_and_then_any_opponents_character(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["reaper"])], 1: [("oogies-lair", [OOGIE, "igor"])]},
        hands={0: ["fear-the-reaper"]},
        pp={0: 1},
    )
    play(s, "Fear the Reaper", 1, "Discard your Reaper to discard any opponent's Character")
    s.choose(0, "Oogie Boogie (Meanest Guy Around) at seat 1's Oogie's Lair", kind="choose")
    assert discard(s, 0) == ["reaper"] and discard(s, 1) == [OOGIE]
    assert row(s, 1) == [("oogies-lair", ["igor"])]


def test_fear_the_reaper_has_no_discard_ability_without_your_reaper(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["igor"])]},
        hands={0: ["fear-the-reaper"]},
        decks={0: FILLER[:6]},
        pp={0: 1},
    )
    play(s, "Fear the Reaper", 1)
    assert row(s, 1) == [("oogies-lair", ["igor"])]


# --- Fetch --------------------------------------------------------------------------------
@covers("fetch", mode=0)
def test_fetch_searches_six_for_zero(tcg):
    deck = ["zero", "igor", "clown", "zero", "fire", "devil", "zero"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["fetch"]}, decks={0: deck})
    play(s, "Fetch", 0)
    assert hand(s, 0) == ["zero", "zero"]
    assert deck_ids(s, 0) == ["zero"]


@covers("fetch", mode=1)
def test_fetch_searches_six_for_any_one_card_when_jack_and_zero_share_a_locale(tcg):
    deck = ["igor", "clown", "fire", "devil", "reaper", "cyclops", "wolfman"]
    s = table(tcg, rows={0: [("jacks-house", [JACK, "zero"])]}, hands={0: ["fetch"]}, decks={0: deck})
    play(s, "Fetch", 0, "Search 6 for any 1 card")
    s.choose(0, "Take Devil (Sadistic Fiend)", kind="search-take")
    assert hand(s, 0) == ["devil"]
    assert sorted(discard(s, 0)) == sorted(["igor", "clown", "fire", "reaper", "cyclops"])


def test_fetch_has_only_its_first_search_when_jack_and_zero_are_apart(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [JACK]), ("town-hall", ["zero"])]},
        hands={0: ["fetch"]},
        decks={0: FILLER[:6]},
    )
    play(s, "Fetch", 0)
    assert not any(p.kind in ("mode", "search-take") for p in s.prompts(0))


# --- Fire! --------------------------------------------------------------------------------
@covers("fire")
def test_fire_discards_an_opponents_creation(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        creations={1: ["road-kill", "jingle-bells"]},
        hands={0: ["fire"]},
        pp={0: 5},
    )
    play(s, "Fire!", 5)
    s.choose(0, "Jingle Bells", kind="choose")
    assert discard(s, 1) == ["jingle-bells"]
    assert ids(s, s.state.players[1].creations) == ["road-kill"]
    assert s.state.players[0].pp == 0


@covers("fire")
def test_fire_is_not_offered_without_an_opponents_creation_it_could_discard(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        creations={0: ["road-kill"]},  # your own Creation is no target
        hands={0: ["fire"]},
        pp={0: 5},
    )
    assert "Play Fire! (5 PP)" not in labels(s, 0)  # 5 Pumpkin Points for nothing
    s = christmas_table(
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        creations={1: ["jumbo-treat-bag"]},
        hands={0: ["fire"]},
        pp={0: 5},
        edit=lambda st: st.stacked.setdefault(st.players[1].creations[0], [new_card(st, "we-bagged-him", 1)]),
    )
    assert "Play Fire! (5 PP)" not in labels(s, 0)  # the Bag, under We Bagged Him!, cannot be discarded


def test_fire_costs_two_less_beside_your_search_lights(tcg):
    def lights(st):
        st.players[0].placed.append(new_card(st, "search-lights", 0))

    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        creations={1: ["road-kill"]},
        hands={0: ["fire"]},
        pp={0: 3},
        edit=lights,
    )
    play(s, "Fire!", 3)
    assert discard(s, 1) == ["road-kill"]


# --- Gate Keeper --------------------------------------------------------------------------
@shows("tcg.surprise.placed-discarded-to-regular-pile")
@covers("gate-keeper", mode=0)
def test_gate_keeper_discards_a_surprise_an_opponent_placed_on_the_table(tcg):
    def gates(st):
        st.players[1].placed.append(new_card(st, "halloweentown-gates", 1))

    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["gate-keeper"]},
        pp={0: 1},
        edit=gates,
    )
    play(s, "Gate Keeper", 1)  # no two empty Locales to swap: only this ability is open
    assert s.state.players[1].placed == []
    assert discard(s, 1) == ["halloweentown-gates"]  # to the regular discard pile


@covers("gate-keeper", mode=1)
def test_gate_keeper_swaps_two_empty_locales_of_any_players_row(tcg):
    s = table(
        tcg,
        rows={
            0: [("jacks-house", [])],
            1: [("oogies-lair", []), ("town-hall", ["igor"]), ("the-well", []), ("the-crypt", [])],
        },
        hands={0: ["gate-keeper"]},
        pp={0: 1},
    )
    play(s, "Gate Keeper", 1)  # no Surprise on the table: only the swap is open
    offered = labels(s, 0, "swap")
    assert not any("Town Hall" in o for o in offered)  # not empty: it stays put
    s.choose(0, "seat 1: swap Oogie's Lair and The Crypt", kind="swap")
    assert [name for name, _ in row(s, 1)] == ["the-crypt", "town-hall", "the-well", "oogies-lair"]


def test_gate_keeper_swaps_only_halloweentown_locales():
    s = christmas_table(
        rows={
            0: [("jacks-house", [])],
            1: [("oogies-lair", ["igor"]), ("town-hall", []), ("santas-house", []), ("the-bakery", [])],
        },
        hands={0: ["gate-keeper"]},
        pp={0: 1},
    )
    # the two empty Locales are both in seat 1's Christmas Town, and no Surprise is on the
    # table: neither ability could do anything, so the card is not offered
    assert "Play Gate Keeper (1 PP)" not in labels(s, 0)
    assert [name for name, _ in row(s, 1)] == ["oogies-lair", "town-hall", "santas-house", "the-bakery"]


# --- Halloween Plans ----------------------------------------------------------------------
@covers("halloween-plans", mode=0)
def test_halloween_plans_searches_six_for_the_mayor(tcg):
    deck = ["igor", MAYOR, "zero", "the-mayor-lugubrious-leader", "clown", "fire", MAYOR]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["halloween-plans"]}, decks={0: deck})
    play(s, "Halloween Plans", 0)
    assert hand(s, 0) == sorted([MAYOR, "the-mayor-lugubrious-leader"])
    assert deck_ids(s, 0) == [MAYOR]


@covers("halloween-plans", mode=1)
def test_halloween_plans_draws_two_with_the_mayor_at_the_mayor_mobile_or_beside_jack(tcg):
    s = table(
        tcg, rows={0: [("mayor-mobile", [MAYOR])]}, hands={0: ["halloween-plans"]}, decks={0: FILLER[:3]}
    )
    play(s, "Halloween Plans", 0, "Draw 2 cards")
    assert hand(s, 0) == sorted(FILLER[:2])
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", [MAYOR, JACK])]},
        hands={0: ["halloween-plans"]},
        decks={0: FILLER[:3]},
    )
    play(s, "Halloween Plans", 0, "Draw 2 cards")
    assert hand(s, 0) == sorted(FILLER[:2])


def test_halloween_plans_draws_nothing_with_the_mayor_elsewhere(tcg):
    s = table(
        tcg,
        rows={0: [("mayor-mobile", [JACK]), ("town-hall", [MAYOR])]},
        hands={0: ["halloween-plans"]},
        decks={0: FILLER[:6]},
    )
    play(s, "Halloween Plans", 0)  # only the Search is open
    assert not any(p.kind == "mode" for p in s.prompts(0))
    assert len(s.state.players[0].deck) == 0


# --- Halloweentown Gates ------------------------------------------------------------------
def _gates(st):
    st.players[0].placed.append(new_card(st, "halloweentown-gates", 0))


@shows("tcg.other.timing-protect-anytime", "tcg.play.responses-in-other-turns")
@covers("halloweentown-gates")
def test_halloweentown_gates_goes_back_to_hand_to_stop_an_opponents_surprise(tcg):
    s = table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", ["vampire-count"])], 1: [("oogies-lair", [])]},
        hands={1: ["twilight-sun"]},
        decks={1: FILLER[:4]},
        pp={1: 2},
        edit=_gates,
    )
    play(s, "Twilight Sun", 2, "Return any player's Vampire to hand, and then draw 3", seat=1)
    s.choose(0, "Answer with Halloweentown Gates: Pick the Gates back up to stop it", kind="respond")
    assert row(s, 0) == [("jacks-house", ["vampire-count"])]
    assert hand(s, 0) == ["halloweentown-gates"] and s.state.players[0].placed == []
    assert hand(s, 1) == []  # "and then": no Vampire returned, no draw


@shows("tcg.surprise.placed-or-stacked-stay", "tcg.surprise.placed-scores")
def test_halloweentown_gates_is_placed_on_the_table_and_scores(tcg):
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["halloweentown-gates"]}, pp={0: 2})
    play(s, "Halloweentown Gates", 2)
    assert ids(s, s.state.players[0].placed) == ["halloweentown-gates"]
    assert s.state.players[0].surprise_discard == []
    assert tcg.rules.score(s.state, 0) == 2


def test_halloweentown_gates_do_not_answer_a_characters_ability(tcg):
    s = table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", ["igor"])], 1: [("oogies-lair", ["clown"])]},
        edit=_gates,
    )
    s.choose(
        1, "Clown (With the Tear-away Face): Discard the Clown: discard an opponent's Character with Scare 1"
    )
    assert not any(p.kind == "respond" for p in s.prompts(0))
    assert discard(s, 0) == ["igor"]


# --- Hello, Oogie -------------------------------------------------------------------------
@covers("hello-oogie", mode=0)
def test_hello_oogie_returns_an_opponents_character_while_your_jack_is_in_play(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [JACK])], 1: [("oogies-lair", [OOGIE, "igor"])]},
        hands={0: ["hello-oogie"]},
        pp={0: 3},
    )
    play(s, "Hello, Oogie", 3)  # no opponent holds both Jack and Oogie: one ability is open
    s.choose(0, "Oogie Boogie (Meanest Guy Around) at seat 1's Oogie's Lair", kind="choose")
    assert hand(s, 1) == [OOGIE]


@covers("hello-oogie", mode=1)
def test_hello_oogie_discards_an_opponents_jack_and_oogie(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [JACK, OOGIE, "igor"])]},
        hands={0: ["hello-oogie"]},
        pp={0: 3},
    )
    play(s, "Hello, Oogie", 3)
    assert sorted(discard(s, 1)) == sorted([JACK, OOGIE])
    assert row(s, 1) == [("oogies-lair", ["igor"])]


def test_hello_oogie_is_not_played_without_jack_or_a_pair_to_discard(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [OOGIE])]},
        hands={0: ["hello-oogie"]},
        pp={0: 3},
    )
    assert "Play Hello, Oogie (3 PP)" not in labels(s, 0)


def test_hello_oogie_needs_jack_and_oogie_both_in_the_opponents_halloweentown():
    s = christmas_table(
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [OOGIE]), ("santas-house", [JACK])]},
        hands={0: ["hello-oogie"]},
        pp={0: 3},
    )
    assert "Play Hello, Oogie (3 PP)" not in labels(s, 0)  # Oogie would not go alone


def test_hello_oogie_is_stopped_for_both_by_one_answer(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [JACK, OOGIE])]},
        hands={0: ["hello-oogie"], 1: ["pull-yourself-together"]},
        pp={0: 3, 1: 1},
    )
    play(s, "Hello, Oogie", 3)
    s.choose(1, "Answer with Pull Yourself Together: Cancel it", kind="respond")
    assert row(s, 1) == [("oogies-lair", sorted([JACK, OOGIE]))]
    s.expect(0, "turn")


# --- Hiding Under Your Bed ----------------------------------------------------------------
def _under_bed(*cards):
    def edit(st):
        bed = next(slot for slot in st.players[0].row if st.cards[slot.locale] == "scary-bed")
        bed.beneath.extend(new_card(st, c, 0) for c in cards)

    return edit


@covers("hiding-under-your-bed", mode=0)
def test_hiding_under_your_bed_discards_everything_under_your_scary_bed(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("scary-bed", [])]},
        hands={0: ["hiding-under-your-bed"]},
        edit=_under_bed("igor", "fire", "zero"),
    )
    play(s, "Hiding Under Your Bed", 0)
    assert sorted(discard(s, 0)) == ["fire", "igor", "zero"]
    assert s.state.players[0].row[1].beneath == []


@covers("hiding-under-your-bed", mode=1)
def test_hiding_under_your_bed_takes_up_to_two_cards_from_under_the_bed_beside_the_monster(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("scary-bed", ["monster-under-the-bed"])]},
        hands={0: ["hiding-under-your-bed"]},
        edit=_under_bed("igor", "fire", "zero"),
    )
    play(s, "Hiding Under Your Bed", 0, "Take up to 2 cards from under your Scary Bed")
    s.choose(0, "Fire!", kind="take")
    assert "Take no more" in labels(s, 0, "take")  # "up to": the player may stop at one
    s.choose(0, "Zero (Ghost Dog)", kind="take")
    assert hand(s, 0) == ["fire", "zero"]
    assert ids(s, s.state.players[0].row[1].beneath) == ["igor"]
    s.expect(0, "turn")


def test_hiding_under_your_bed_takes_nothing_without_the_monster_at_the_bed(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["monster-under-the-bed"]), ("scary-bed", [])]},
        hands={0: ["hiding-under-your-bed"]},
        edit=_under_bed("igor"),
    )
    play(s, "Hiding Under Your Bed", 0)  # only the discard is open
    assert hand(s, 0) == [] and discard(s, 0) == ["igor"]


# --- Hitch a Ride -------------------------------------------------------------------------
@covers("hitch-a-ride", mode=0)
def test_hitch_a_ride_takes_any_of_your_characters_from_the_mayor_mobile_to_one_locale(tcg):
    s = table(
        tcg,
        rows={0: [("mayor-mobile", ["igor", "zero", "clown"]), ("town-hall", []), ("the-well", [])]},
        hands={0: ["hitch-a-ride"]},
    )
    play(s, "Hitch a Ride", 0)  # nobody elsewhere to bring to the Mayor-mobile: only this ability is open
    s.choose(0, "The Well", kind="locale")  # any one Locale, not only the next one
    s.choose(0, "Yes", kind="pick")  # Igor
    s.choose(0, "No", kind="pick")  # Zero stays
    s.choose(0, "Yes", kind="pick")  # the Clown
    assert row(s, 0) == [("mayor-mobile", ["zero"]), ("town-hall", []), ("the-well", ["clown", "igor"])]


@covers("hitch-a-ride", mode=1)
def test_hitch_a_ride_brings_any_of_your_characters_from_one_locale_to_the_mayor_mobile(tcg):
    s = table(
        tcg,
        rows={0: [("mayor-mobile", []), ("town-hall", ["igor"]), ("the-well", ["zero", "clown"])]},
        hands={0: ["hitch-a-ride"]},
    )
    play(s, "Hitch a Ride", 0)  # nobody at the Mayor-mobile: only this ability is open
    s.choose(0, "The Well", kind="locale")
    s.choose(0, "Yes", kind="pick")
    s.choose(0, "Yes", kind="pick")
    assert row(s, 0) == [("mayor-mobile", ["clown", "zero"]), ("town-hall", ["igor"]), ("the-well", [])]


# --- Hyde and Seek ------------------------------------------------------------------------
@covers("hyde-and-seek")
def test_hyde_and_seek_searches_four_for_the_hydes(tcg):
    deck = ["mr-hyde", "igor", "mr-hyde-iii", "mr-hyde-ii", "mr-hyde"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["hyde-and-seek"]}, decks={0: deck})
    play(s, "Hyde and Seek", 0)
    assert hand(s, 0) == ["mr-hyde", "mr-hyde-ii", "mr-hyde-iii"]
    assert discard(s, 0) == ["igor"] and deck_ids(s, 0) == ["mr-hyde"]


def _mad_genius_at(tcg, hand1):
    return table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["mad-genius"], 1: hand1},
        decks={1: ["fire", "reaper", "devil"]},
        pp={0: 1},
    )


@covers("hyde-and-seek")
def test_hyde_and_seek_cancels_a_discard_from_your_hand_and_may_show_a_hyde_to_draw_two(tcg):
    s = _mad_genius_at(tcg, ["hyde-and-seek", "mr-hyde", "igor"])
    play(s, "Mad Genius", 1)
    s.choose(1, "Answer with Hyde and Seek: Cancel it (draw 2 if you show a Hyde)", kind="respond")
    s.choose(1, "Yes", kind="may")  # revealing is the player's choice
    assert hand(s, 1) == ["fire", "igor", "mr-hyde", "reaper"]  # nothing discarded, two drawn
    shown = {c["card"] for c in s.match.view(0)["shown"]}
    assert "mr-hyde" in shown  # the Hyde was shown to the opponent
    assert ids(s, s.state.players[1].surprise_discard) == ["hyde-and-seek"]


def test_hyde_and_seek_may_cancel_without_showing_a_hyde(tcg):
    s = _mad_genius_at(tcg, ["hyde-and-seek", "mr-hyde", "igor"])
    play(s, "Mad Genius", 1)
    s.choose(1, "Answer with Hyde and Seek: Cancel it (draw 2 if you show a Hyde)", kind="respond")
    s.choose(1, "No", kind="may")
    assert hand(s, 1) == ["igor", "mr-hyde"]  # nothing discarded, nothing drawn
    assert "mr-hyde" not in {c["card"] for c in s.match.view(0)["shown"]}


def test_hyde_and_seek_without_a_hyde_in_hand_only_cancels(tcg):
    s = _mad_genius_at(tcg, ["hyde-and-seek", "igor"])
    play(s, "Mad Genius", 1)
    s.choose(1, "Answer with Hyde and Seek: Cancel it (draw 2 if you show a Hyde)", kind="respond")
    assert hand(s, 1) == ["igor"]
    s.expect(0, "turn")


# --- I am not the one ---------------------------------------------------------------------
@covers("i-am-not-the-one", mode=0)
def test_i_am_not_the_one_searches_three_for_one_surprise(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["i-am-not-the-one"]},
        decks={0: ["fetch", "igor", "fire", "bun-ny"]},
    )
    play(s, "I am not the one", 0)
    s.choose(0, "Take Fire!", kind="search-take")
    assert hand(s, 0) == ["fire"]
    assert sorted(discard(s, 0)) == ["fetch", "igor"] and deck_ids(s, 0) == ["bun-ny"]


@covers("i-am-not-the-one", mode=1)
def test_i_am_not_the_one_moves_an_opponents_sally_to_a_neighbouring_locale_you_choose(tcg):
    s = table(
        tcg,
        rows={
            0: [("jacks-house", [])],
            1: [("oogies-lair", []), ("town-hall", [SALLY, "igor"]), ("the-well", [])],
        },
        hands={0: ["i-am-not-the-one"]},
    )
    play(s, "I am not the one", 0, "Move an opponent's Sally one Locale")
    assert labels(s, 0, "destination") == [
        "Oogie's Lair",
        "The Well",
    ]  # asked of the player, not Sally's owner
    s.choose(0, "The Well", kind="destination")
    assert row(s, 1) == [("oogies-lair", []), ("town-hall", ["igor"]), ("the-well", [SALLY])]


def test_i_am_not_the_one_moves_no_sally_outside_the_opponents_halloweentown():
    s = christmas_table(
        rows={
            0: [("jacks-house", [])],
            1: [("oogies-lair", []), ("santas-house", [SALLY]), ("the-bakery", [])],
        },
        hands={0: ["i-am-not-the-one"]},
        decks={0: FILLER[:3]},
    )
    play(s, "I am not the one", 0)
    assert not any(
        p.kind == "mode" for p in s.prompts(0)
    )  # only the Search: no Sally in seat 1's Halloweentown
    assert row(s, 1)[1] == ("santas-house", [SALLY])


# --- I am the Pumpkin King! ---------------------------------------------------------------
@covers("i-am-the-pumpkin-king")
def test_i_am_the_pumpkin_king_lets_every_player_from_you_do_the_chosen_activity(tcg):
    s = table(
        tcg,
        players=3,
        king=2,
        rows={0: [("jacks-house", [JACK])], 1: [("oogies-lair", [])], 2: [("mayor-mobile", [])]},
        hands={0: ["i-am-the-pumpkin-king", "igor"], 1: ["zero"], 2: ["clown"]},
        creations={0: ["road-kill"]},
    )
    play(s, "I am the Pumpkin King!", 0)
    s.choose(0, "pp", kind="king-activity")
    # seat 0 holds the Pumpkin King card now: the activity goes round from seat 0
    assert "Do it for free" in labels(s, 0, "king")  # the most Creations: free
    s.choose(0, "Do it for free", kind="king")
    s.choose(1, "Discard Zero (Ghost Dog) to do it", kind="king")
    s.choose(2, "Decline", kind="king")
    assert [p.pp for p in s.state.players] == [1, 1, 0]
    assert discard(s, 1) == ["zero"] and hand(s, 2) == ["clown"]
    assert s.state.king == 2  # the card went back to its holder
    s.expect(0, "turn")


def test_i_am_the_pumpkin_king_needs_your_jack_in_play(tcg):
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["i-am-the-pumpkin-king"]})
    assert "Play I am the Pumpkin King! (0 PP)" not in labels(s, 0)


# --- I never realized ---------------------------------------------------------------------
@covers("i-never-realized", mode=0)
def test_i_never_realized_searches_three_for_jack_and_sally(tcg):
    deck = [SALLY, "igor", JACK, "sally-skilled-alchemist"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["i-never-realized"]}, decks={0: deck})
    play(s, "I never realized", 0)
    assert hand(s, 0) == sorted([JACK, SALLY])
    assert discard(s, 0) == ["igor"] and deck_ids(s, 0) == ["sally-skilled-alchemist"]


@covers("i-never-realized", mode=1)
def test_i_never_realized_draws_two_when_jack_and_sally_share_a_locale(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [JACK, SALLY])]},
        hands={0: ["i-never-realized"]},
        decks={0: FILLER[:3]},
    )
    play(s, "I never realized", 0, "Draw 2 cards")
    assert hand(s, 0) == sorted(FILLER[:2])


def test_i_never_realized_draws_nothing_when_jack_and_sally_are_apart(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [JACK]), ("sallys-room", [SALLY])]},
        hands={0: ["i-never-realized"]},
        decks={0: FILLER[:3]},
    )
    play(s, "I never realized", 0)
    assert not any(p.kind == "mode" for p in s.prompts(0))
    assert hand(s, 0) == []  # the Search found no Jack or Sally


# --- I told you!, I wanna do it!, I'm not the dumb one --------------------------------------
@pytest.mark.parametrize(
    ("card", "name"),
    [
        ("i-told-you", "I told you!"),
        ("i-wanna-do-it", "I wanna do it!"),
        ("im-not-the-dumb-one", "I'm not the dumb one"),
    ],
)
def test_the_trio_surprises_search_five_for_lock_shock_and_barrel(tcg, card, name):
    deck = [
        "lock-little-devil",
        "igor",
        "barrel-little-skeleton",
        "shock-little-hag",
        "zero",
        "lock-little-devil",
    ]
    s = table(tcg, rows={0: [("oogies-lair", [])]}, hands={0: [card]}, decks={0: deck}, pp={0: 1})
    play(s, name, 1)
    assert hand(s, 0) == sorted(LSB)
    assert discard(s, 0) == ["igor", "zero"] and deck_ids(s, 0) == ["lock-little-devil"]


@covers("i-told-you", mode=0)
def test_i_told_you_searches_five_for_lock_shock_and_barrel(tcg):
    test_the_trio_surprises_search_five_for_lock_shock_and_barrel(tcg, "i-told-you", "I told you!")


@covers("i-wanna-do-it", mode=0)
def test_i_wanna_do_it_searches_five_for_lock_shock_and_barrel(tcg):
    test_the_trio_surprises_search_five_for_lock_shock_and_barrel(tcg, "i-wanna-do-it", "I wanna do it!")


@covers("im-not-the-dumb-one", mode=0)
def test_im_not_the_dumb_one_searches_five_for_lock_shock_and_barrel(tcg):
    test_the_trio_surprises_search_five_for_lock_shock_and_barrel(
        tcg, "im-not-the-dumb-one", "I'm not the dumb one"
    )


def _stacked_on(s, seat: int, group: str) -> list[str]:
    st = s.state
    host = next(c for c in tcg_chars(st, seat) if group in st.cards[c])
    return ids(s, st.stacked.get(host, []))


def tcg_chars(st, seat: int) -> list[str]:
    return [c for slot in st.players[seat].row for c in slot.characters]


@shows("tcg.surprise.placed-or-stacked-stay", "tcg.surprise.stacked-adds-scare")
@covers("i-told-you", mode=1)
def test_i_told_you_stacks_on_shock_and_adds_two_pumpkin_points(tcg):
    s = table(tcg, rows={0: [("oogies-lair", LSB)]}, hands={0: ["i-told-you"]}, pp={0: 1})
    play(s, "I told you!", 1, "Stack on Shock and add 2 Pumpkin Points")
    assert _stacked_on(s, 0, "shock") == ["i-told-you"]
    assert s.state.players[0].pp == 2
    assert s.state.players[0].surprise_discard == []  # Stacked, not reimbursed
    assert tcg.rules.score(s.state, 0) == 4  # its Scare adds to Shock's


@covers("i-wanna-do-it", mode=1)
def test_i_wanna_do_it_stacks_on_lock_and_an_opponent_discards_at_random(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", LSB)], 1: [("jacks-house", [])]},
        hands={0: ["i-wanna-do-it"], 1: ["fire"]},
        pp={0: 1},
    )
    play(s, "I wanna do it!", 1, "Stack on Lock: an opponent discards at random")
    assert _stacked_on(s, 0, "lock") == ["i-wanna-do-it"]
    assert hand(s, 1) == [] and discard(s, 1) == ["fire"]


@covers("im-not-the-dumb-one", mode=1)
def test_im_not_the_dumb_one_stacks_on_barrel_and_draws_one(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", LSB)]},
        hands={0: ["im-not-the-dumb-one"]},
        decks={0: FILLER[:2]},
        pp={0: 1},
    )
    play(s, "I'm not the dumb one", 1, "Stack on Barrel and draw 1")
    assert _stacked_on(s, 0, "barrel") == ["im-not-the-dumb-one"]
    assert hand(s, 0) == [FILLER[0]]


@pytest.mark.parametrize(
    ("card", "name"),
    [
        ("i-told-you", "I told you!"),
        ("i-wanna-do-it", "I wanna do it!"),
        ("im-not-the-dumb-one", "I'm not the dumb one"),
    ],
)
def test_the_trio_surprises_do_not_stack_when_the_three_are_apart(tcg, card, name):
    s = table(
        tcg,
        rows={0: [("oogies-lair", LSB[:2]), ("town-hall", LSB[2:])]},
        hands={0: [card]},
        decks={0: FILLER[:5]},
        pp={0: 1},
    )
    play(s, name, 1)  # the Search is the only ability open
    assert s.state.stacked == {}


# --- I'm Santa Claus! ---------------------------------------------------------------------
@covers("im-santa-claus", mode=0)
def test_im_santa_claus_searches_six_for_sandy_claws(tcg):
    deck = ["igor", "sandy-claws", "zero", "clown", "fire", "sandy-claws", "devil"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["im-santa-claus"]}, decks={0: deck}, pp={0: 1})
    play(s, "I'm Santa Claus!", 1)
    assert hand(s, 0) == ["sandy-claws", "sandy-claws"] and deck_ids(s, 0) == ["devil"]


@covers("im-santa-claus", mode=1)
def test_im_santa_claus_stacks_on_sandy_and_in_oogies_lair_discards_an_opponents_creation(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", ["sandy-claws"])], 1: [("jacks-house", [])]},
        creations={1: ["road-kill"]},
        hands={0: ["im-santa-claus"]},
        pp={0: 1},
    )
    play(s, "I'm Santa Claus!", 1, "Stack on Sandy; in Oogie's Lair, discard an opponent's Creation")
    assert _stacked_on(s, 0, "sandy") == ["im-santa-claus"]
    assert discard(s, 1) == ["road-kill"]


def test_im_santa_claus_away_from_oogies_lair_only_stacks(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", []), ("tree-circle", ["sandy-claws"])], 1: [("jacks-house", [])]},
        creations={1: ["road-kill"]},
        hands={0: ["im-santa-claus"]},
        pp={0: 1},
    )
    play(s, "I'm Santa Claus!", 1, "Stack on Sandy; in Oogie's Lair, discard an opponent's Creation")
    assert _stacked_on(s, 0, "sandy") == ["im-santa-claus"]
    assert discard(s, 1) == []


# --- I'm the Boogie Man! ------------------------------------------------------------------
@covers("im-the-boogie-man")
def test_im_the_boogie_man_each_player_returns_a_scare_one_character_of_the_player_on_their_left(tcg):
    s = table(
        tcg,
        rows={
            0: [("oogies-lair", [OOGIE, "igor", "wolfman"])],
            1: [("jacks-house", ["zero", "cyclops", "mr-hyde"])],
        },
        hands={0: ["im-the-boogie-man"]},
        decks={0: FILLER[:2], 1: FILLER[:2]},
    )
    play(s, "I'm the Boogie Man!", 0)
    assert hand(s, 0) == [FILLER[0]]  # seat 0 has Oogie: draws 1
    s.choose(0, "Cyclops (One-eyed Wonder) at seat 1's Jack's House", kind="choose")  # Zero is Scare 0
    # seat 1 returns seat 0's only Scare 1 Character (Igor) without being asked, and draws nothing
    assert hand(s, 1) == ["cyclops"]
    assert hand(s, 0) == sorted([FILLER[0], "igor"])
    assert row(s, 0) == [("oogies-lair", sorted([OOGIE, "wolfman"]))]


# --- It's a phase, my dear ----------------------------------------------------------------
@covers("its-a-phase-my-dear", mode=0)
def test_its_a_phase_my_dear_searches_three_for_finklestein_and_sally(tcg):
    deck = [FINK, "igor", SALLY, "dr-finklestein-brainy-inventor"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["its-a-phase-my-dear"]}, decks={0: deck})
    play(s, "It's a phase, my dear", 0)
    assert hand(s, 0) == sorted([FINK, SALLY]) and discard(s, 0) == ["igor"]


@covers("its-a-phase-my-dear", mode=1)
def test_its_a_phase_my_dear_adds_a_pumpkin_point_when_finklestein_and_sally_share_a_locale(tcg):
    s = table(tcg, rows={0: [("jacks-house", [FINK, SALLY])]}, hands={0: ["its-a-phase-my-dear"]})
    play(s, "It's a phase, my dear", 0, "Add 1 Pumpkin Point")
    assert s.state.players[0].pp == 1
    s = table(
        tcg,
        rows={0: [("jacks-house", [FINK]), ("sallys-room", [SALLY])]},
        hands={0: ["its-a-phase-my-dear"]},
        decks={0: FILLER[:3]},
    )
    play(s, "It's a phase, my dear", 0)  # apart: only the Search
    assert s.state.players[0].pp == 0


# --- It's time to party! ------------------------------------------------------------------
@covers("its-time-to-party", mode=0)
def test_its_time_to_party_searches_six_for_the_devil(tcg):
    deck = ["devil", "igor", "zero", "devil", "clown", "fire", "devil"]
    s = table(
        tcg, rows={0: [("jacks-house", [])]}, hands={0: ["its-time-to-party"]}, decks={0: deck}, pp={0: 1}
    )
    play(s, "It's time to party!", 1)
    assert hand(s, 0) == ["devil", "devil"] and deck_ids(s, 0) == ["devil"]


@covers("its-time-to-party", mode=1)
def test_its_time_to_party_draws_one_per_creation_while_your_devil_is_in_play(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["devil"])]},
        creations={0: ["road-kill", "jingle-bells", "nutcracker"]},
        hands={0: ["its-time-to-party"]},
        decks={0: FILLER[:4]},
        pp={0: 1},
    )
    play(s, "It's time to party!", 1, "Draw 1 card per Creation you have")
    assert hand(s, 0) == sorted(FILLER[:3])


# --- It's Time You Begun ------------------------------------------------------------------
@covers("its-time-you-begun")
def test_its_time_you_begun_pays_the_missing_scare_in_cards_for_an_inactive_locales_function(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", ["igor"])]},
        hands={0: ["its-time-you-begun", "zero", "clown", "fire"]},
        decks={0: FILLER[:3]},
    )
    play(s, "It's Time You Begun", 0)
    assert labels(s, 0, "function") == ["Town Hall: Draw 1 card and add 3 Pumpkin Points (discard 2)"]
    s.choose(0, "Town Hall: Draw 1 card and add 3 Pumpkin Points (discard 2)", kind="function")
    s.choose(0, "Discard Zero (Ghost Dog)", kind="discard")
    s.choose(0, "Discard Clown (With the Tear-away Face)", kind="discard")
    assert hand(s, 0) == sorted(["fire", FILLER[0]])
    assert s.state.players[0].pp == 3
    assert not any(
        label.startswith("Jack's House:") for label in labels(s, 0)
    )  # that was the turn's Function


def test_its_time_you_begun_offers_no_locale_whose_gap_is_bigger_than_the_hand(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", [])]},
        hands={0: ["its-time-you-begun", "zero", "clown"]},
    )
    # Town Hall needs 3, and only 2 cards besides the Surprise: it would do nothing, so it is not offered
    assert "Play It's Time You Begun (0 PP)" not in labels(s, 0)
    assert hand(s, 0) == ["clown", "its-time-you-begun", "zero"] and s.state.players[0].pp == 0


# --- Kidnap Mr. Sandy Claws ---------------------------------------------------------------
@covers("kidnap-mr-sandy-claws")
def test_kidnap_mr_sandy_claws_every_player_draws_one_plus_one_per_kidnapper_and_sandy(tcg):
    s = table(
        tcg,
        rows={
            0: [("oogies-lair", ["lock-little-devil", "shock-little-hag"]), ("tree-circle", ["sandy-claws"])],
            1: [("jacks-house", ["barrel-little-skeleton", "igor"])],
        },
        hands={0: ["kidnap-mr-sandy-claws"]},
        decks={0: FILLER[:5], 1: FILLER[:5]},
        pp={0: 1},
    )
    play(s, "Kidnap Mr. Sandy Claws", 1)
    assert len(s.state.players[0].hand) == 4  # 1, plus Lock, Shock and Sandy Claws
    assert len(s.state.players[1].hand) == 2  # 1, plus Barrel


# --- Let's Play! and Sound of Rollin' Dice ---------------------------------------------------
@covers("lets-play", mode=0)
def test_lets_play_searches_six_for_sound_of_rollin_dice(tcg):
    deck = ["sound-of-rollin-dice", "igor", "zero", "sound-of-rollin-dice", "clown", "fire", "devil"]
    s = table(tcg, rows={0: [("oogies-lair", [OOGIE])]}, hands={0: ["lets-play"]}, decks={0: deck}, pp={0: 1})
    play(s, "Let's Play!", 1)  # no dice rolled: only the Search is open
    assert hand(s, 0) == ["sound-of-rollin-dice", "sound-of-rollin-dice"] and deck_ids(s, 0) == ["devil"]


def _dice_table(tcg, **more):
    return table(
        tcg,
        rows={0: [("oogies-lair", [OOGIE]), ("town-hall", [])], 1: [("jacks-house", ["wolfman"])]},
        hands={0: ["sound-of-rollin-dice", "lets-play", "fetch"]},
        decks={1: ["igor", "clown", "zero"], 0: FILLER[:6]},
        pp={0: 2},
        **more,
    )


@covers("lets-play", mode=1)
def test_lets_play_adds_a_second_turned_card_to_the_roll_just_made(tcg):
    s = _dice_table(tcg)
    play(s, "Sound of Rollin' Dice", 1)  # the only Character of seat 1 is the Wolfman (Scare 2)
    assert discard(s, 1) == ["igor"] and row(s, 1) == [("jacks-house", ["wolfman"])]  # 1 is not higher
    play(s, "Let's Play!", 1, "Roll again: add a second card to the last Rollin' Dice")
    assert discard(s, 1) == ["igor", "clown", "wolfman"]  # 1 + 2 = 3 beats 2
    assert row(s, 1) == [("jacks-house", [])]


def test_lets_play_must_come_right_after_the_roll(tcg):
    s = _dice_table(tcg)
    play(s, "Sound of Rollin' Dice", 1)
    play(s, "Fetch", 0)  # another card in between
    play(s, "Let's Play!", 1)  # only the Search is left open
    assert not any(p.kind == "mode" for p in s.prompts(0))
    assert row(s, 1) == [("jacks-house", ["wolfman"])]


def test_lets_play_does_not_roll_again_without_oogie_in_your_halloweentown(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["wolfman"])]},
        hands={0: ["sound-of-rollin-dice", "lets-play"]},
        decks={1: ["igor", "clown"], 0: FILLER[:6]},
        pp={0: 2},
    )
    play(s, "Sound of Rollin' Dice", 1)
    play(s, "Let's Play!", 1)
    assert not any(p.kind == "mode" for p in s.prompts(0))
    assert row(s, 1) == [("oogies-lair", ["wolfman"])]


@covers("sound-of-rollin-dice")
def test_sound_of_rollin_dice_discards_the_character_when_the_turned_card_is_higher(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["igor", "wolfman"])]},
        hands={0: ["sound-of-rollin-dice"]},
        decks={1: ["clown", "zero"]},
        pp={0: 1},
    )
    play(s, "Sound of Rollin' Dice", 1)
    s.choose(0, "Igor (Faithful Lackey) at seat 1's Oogie's Lair", kind="choose")
    assert discard(s, 1) == ["clown", "igor"]  # 2 beats 1
    assert row(s, 1) == [("oogies-lair", ["wolfman"])]


@covers("sound-of-rollin-dice")
def test_sound_of_rollin_dice_is_not_offered_when_no_card_can_be_turned(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["igor", "wolfman"])]},
        hands={0: ["sound-of-rollin-dice"]},
        decks={1: []},  # the opponent's Main Deck is empty until their End Phase
        pp={0: 1},
    )
    assert "Play Sound of Rollin' Dice (1 PP)" not in labels(s, 0)
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["sandy-claws"])]},
        hands={0: ["sound-of-rollin-dice"]},
        decks={1: ["clown"]},
        pp={0: 1},
    )
    assert "Play Sound of Rollin' Dice (1 PP)" not in labels(s, 0)  # Sandy cannot be discarded


def test_sound_of_rollin_dice_spares_the_character_when_the_turned_card_is_not_higher(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["igor", "wolfman"])]},
        hands={0: ["sound-of-rollin-dice"]},
        decks={1: ["clown", "zero"]},
        pp={0: 1},
    )
    play(s, "Sound of Rollin' Dice", 1)
    s.choose(0, "Wolfman (Lycanthropic Beast) at seat 1's Oogie's Lair", kind="choose")
    assert discard(s, 1) == ["clown"]  # 2 against 2: not higher
    assert row(s, 1) == [("oogies-lair", ["igor", "wolfman"])]


def test_sound_of_rollin_dice_turns_one_card_when_the_opponent_answers(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["igor"])]},
        hands={0: ["sound-of-rollin-dice"], 1: ["pull-yourself-together"]},
        decks={1: ["clown", "zero", "fire"]},
        pp={0: 1, 1: 1},
    )
    play(s, "Sound of Rollin' Dice", 1)
    s.choose(1, "Answer with Pull Yourself Together: Cancel it", kind="respond")
    assert row(s, 1) == [("oogies-lair", ["igor"])]
    assert len(s.state.players[1].deck) >= 2  # at most one card turned
    s.expect(0, "turn")


def test_lets_play_turns_one_more_card_when_the_opponent_answers(tcg):
    s = _dice_table(tcg, edit=lambda st: st.players[1].hand.append(new_card(st, "pull-yourself-together", 1)))
    s.state.players[1].pp = 1
    play(s, "Sound of Rollin' Dice", 1)
    assert row(s, 1) == [("jacks-house", ["wolfman"])]  # the first roll turns Igor (1): no answer asked
    play(s, "Let's Play!", 1, "Roll again: add a second card to the last Rollin' Dice")
    s.choose(1, "Answer with Pull Yourself Together: Cancel it", kind="respond")
    assert row(s, 1) == [("jacks-house", ["wolfman"])]
    assert discard(s, 1) == ["igor", "clown"]  # exactly one more card turned
    s.expect(0, "turn")


# --- Look what you've done ----------------------------------------------------------------
@covers("look-what-youve-done", mode=0)
def test_look_what_youve_done_searches_five_for_jack_and_sandy(tcg):
    deck = [JACK, "igor", "sandy-claws", "zero", "jack-skellington-master-of-fright", "sandy-claws"]
    s = table(
        tcg, rows={0: [("jacks-house", [])]}, hands={0: ["look-what-youve-done"]}, decks={0: deck}, pp={0: 1}
    )
    play(s, "Look what you've done", 1)
    assert hand(s, 0) == sorted([JACK, "jack-skellington-master-of-fright", "sandy-claws"])
    assert deck_ids(s, 0) == ["sandy-claws"]


@covers("look-what-youve-done", mode=1)
def test_look_what_youve_done_stacks_on_jack_and_returns_an_opponents_oogie(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [JACK]), ("tree-circle", ["sandy-claws"])], 1: [("oogies-lair", [OOGIE])]},
        hands={0: ["look-what-youve-done"]},
        pp={0: 1},
    )
    play(s, "Look what you've done", 1, "Stack on Jack or Sandy; return an opponent's Oogie to hand")
    s.choose(
        0, "Sandy Claws (Victim of Circumstance) at seat 0's Tree Circle", kind="choose"
    )  # either may carry it
    assert _stacked_on(s, 0, "sandy") == ["look-what-youve-done"]
    assert hand(s, 1) == [OOGIE]


def test_look_what_youve_done_only_stacks_when_no_opponent_has_oogie(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [JACK])], 1: [("oogies-lair", ["igor"])]},
        hands={0: ["look-what-youve-done"]},
        pp={0: 1},
    )
    play(s, "Look what you've done", 1, "Stack on Jack or Sandy; return an opponent's Oogie to hand")
    assert _stacked_on(s, 0, "jack") == ["look-what-youve-done"]
    assert hand(s, 1) == []


# --- Mad Genius ---------------------------------------------------------------------------
@covers("mad-genius", mode=0)
def test_mad_genius_makes_an_opponent_discard_at_random(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["mad-genius"], 1: ["fire"]},
        pp={0: 1},
    )
    play(s, "Mad Genius", 1)  # Finklestein is not at the Laboratory: only this ability
    assert hand(s, 1) == [] and discard(s, 1) == ["fire"]


@covers("mad-genius", mode=0)
def test_mad_genius_does_not_offer_a_random_discard_from_empty_hands(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["mad-genius"]},
        pp={0: 1},
    )
    assert "Play Mad Genius (1 PP)" not in labels(s, 0)


@covers("mad-genius", mode=1)
def test_mad_genius_shows_an_opponents_hand_and_you_pick_the_discard(tcg):
    s = table(
        tcg,
        rows={0: [("the-laboratory", [FINK])], 1: [("oogies-lair", [])]},
        hands={0: ["mad-genius"], 1: ["fire", "igor", "zero"]},
        pp={0: 1},
    )
    play(s, "Mad Genius", 1, "See an opponent's hand and pick the card they discard")
    assert {c["card"] for c in s.match.view(0)["shown"]} == {"fire", "igor", "zero"}  # seen by the player
    assert not s.match.view(1)["shown"] or "fire" not in {c["card"] for c in s.match.view(None)["shown"]}
    s.choose(0, "Igor (Faithful Lackey)", kind="choose")
    assert hand(s, 1) == ["fire", "zero"] and discard(s, 1) == ["igor"]


# --- Making Christmas ---------------------------------------------------------------------
@covers("making-christmas")
def test_making_christmas_makes_creations_cheaper_and_characters_dearer_until_the_end_phase(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["making-christmas", "road-kill", "igor"], 1: ["jingle-bells"]},
        pp={0: 4, 1: 3},
        turns_taken=0,
    )
    play(s, "Making Christmas", 0)
    assert ids(s, s.state.center) == ["making-christmas"] and s.state.players[0].surprise_discard == []
    offered = labels(s, 0)
    assert "Play Road Kill (2 PP)" in offered
    assert "Play Igor (Faithful Lackey) under Jack's House (2 PP)" in offered
    s.choose(0, "End your turn")
    assert "Play Jingle Bells (3 PP)" in labels(s, 1)  # for every player
    s.choose(1, "End your turn")
    assert s.state.center == [] and "making-christmas" in discard(s, 0)


def test_making_christmas_is_not_played_while_a_copy_is_in_the_centre(tcg):
    def centre(st):
        st.center.append(new_card(st, "making-christmas", 1))

    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["making-christmas"]}, edit=centre)
    assert "Play Making Christmas (0 PP)" not in labels(s, 0)


# --- Master! The Plans! -------------------------------------------------------------------
@covers("master-the-plans", mode=0)
def test_master_the_plans_searches_five_for_finklestein_and_igor(tcg):
    deck = ["igor", "zero", FINK, "clown", "igor", "igor"]
    s = table(
        tcg, rows={0: [("jacks-house", [])]}, hands={0: ["master-the-plans"]}, decks={0: deck}, pp={0: 1}
    )
    play(s, "Master! The Plans!", 1)
    assert hand(s, 0) == sorted([FINK, "igor", "igor"]) and deck_ids(s, 0) == ["igor"]


@covers("master-the-plans", mode=1)
def test_master_the_plans_draws_two_when_finklestein_and_igor_share_a_locale(tcg):
    s = table(
        tcg,
        rows={0: [("the-laboratory", [FINK, "igor"])]},
        hands={0: ["master-the-plans"]},
        decks={0: FILLER[:3]},
        pp={0: 1},
    )
    play(s, "Master! The Plans!", 1, "Draw 2 cards")
    assert hand(s, 0) == sorted(FILLER[:2])
    s = table(
        tcg,
        rows={0: [("the-laboratory", [FINK]), ("town-hall", ["igor"])]},
        hands={0: ["master-the-plans"]},
        decks={0: FILLER[:5]},
        pp={0: 1},
    )
    play(s, "Master! The Plans!", 1)  # apart: only the Search
    assert not any(p.kind == "mode" for p in s.prompts(0))


# --- Mellow Trio --------------------------------------------------------------------------
@covers("mellow-trio", mode=0)
def test_mellow_trio_searches_six_for_the_players(tcg):
    deck = ["sax-player", "igor", "bass-player", "accordion-player", "zero", "sax-player", "bass-player"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["mellow-trio"]}, decks={0: deck}, pp={0: 1})
    play(s, "Mellow Trio", 1)
    assert hand(s, 0) == sorted(["sax-player", "bass-player", "accordion-player", "sax-player"])
    assert deck_ids(s, 0) == ["bass-player"]


@covers("mellow-trio", mode=1)
def test_mellow_trio_draws_one_per_player_at_the_locale_you_choose(tcg):
    s = table(
        tcg,
        rows={
            0: [("jacks-house", ["sax-player", "bass-player", "igor"]), ("town-hall", ["accordion-player"])]
        },
        hands={0: ["mellow-trio"]},
        decks={0: FILLER[:4]},
        pp={0: 1},
    )
    play(s, "Mellow Trio", 1, "Draw 1 per Player at one of your Locales")
    s.choose(0, "Jack's House", kind="choose")
    assert hand(s, 0) == sorted(FILLER[:2])


# --- Moody Mayor --------------------------------------------------------------------------
@covers("moody-mayor", mode=0)
def test_moody_mayor_searches_three_for_the_mayor_lock_shock_and_barrel(tcg):
    deck = [MAYOR, "igor", "shock-little-hag", "lock-little-devil"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["moody-mayor"]}, decks={0: deck})
    play(s, "Moody Mayor", 0)
    assert hand(s, 0) == sorted([MAYOR, "shock-little-hag"]) and deck_ids(s, 0) == ["lock-little-devil"]


@covers("moody-mayor", mode=1)
def test_moody_mayor_counts_the_mayors_scare_twice_to_make_his_locale_active(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", [MAYOR])]},
        hands={0: ["moody-mayor"]},
        decks={0: FILLER[:3]},
    )
    assert "Town Hall: Draw 1 card and add 3 Pumpkin Points" not in labels(s, 0)  # 2 of 3
    play(s, "Moody Mayor", 0, "The Mayor's Scare counts double for his Locale today")
    s.choose(0, "Town Hall: Draw 1 card and add 3 Pumpkin Points")  # 4 of 3
    assert s.state.players[0].pp == 3


# --- Mournful Howl ------------------------------------------------------------------------
@covers("mournful-howl", mode=0)
def test_mournful_howl_searches_six_for_the_wolfman(tcg):
    deck = ["wolfman", "igor", "zero", "clown", "wolfman", "fire", "wolfman"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["mournful-howl"]}, decks={0: deck}, pp={0: 1})
    play(s, "Mournful Howl", 1)
    assert hand(s, 0) == ["wolfman", "wolfman"] and deck_ids(s, 0) == ["wolfman"]


@covers("mournful-howl", mode=1)
def test_mournful_howl_shows_a_character_from_the_discard_pile_and_draws_its_scare_up_to_four(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["wolfman"])]},
        hands={0: ["mournful-howl"]},
        discards={0: ["jack-skellington-demon-of-light", "igor", "fire"]},
        decks={0: FILLER[:6]},
        pp={0: 1},
    )
    play(s, "Mournful Howl", 1, "Show a Character from your discard pile: draw its Scare (at most 4)")
    assert labels(s, 0, "choose") == ["Jack Skellington (Demon of Light)", "Igor (Faithful Lackey)"]
    s.choose(0, "Jack Skellington (Demon of Light)", kind="choose")
    assert len(s.state.players[0].hand) == 4  # Scare 6, at most 4
    assert "jack-skellington-demon-of-light" in discard(s, 0)  # shown, not taken
    assert "jack-skellington-demon-of-light" in {c["card"] for c in s.match.view(1)["shown"]}


# --- Mystic Cauldron ----------------------------------------------------------------------
@covers("mystic-cauldron", mode=0)
def test_mystic_cauldron_looks_at_an_opponents_hand(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["mystic-cauldron"], 1: ["fire", "igor"]},
    )
    play(s, "Mystic Cauldron", 0)  # no witch: only this ability
    assert {c["card"] for c in s.match.view(0)["shown"]} == {"fire", "igor"}
    assert s.match.view(None)["shown"] == []  # to the player only
    assert hand(s, 1) == ["fire", "igor"]


@covers("mystic-cauldron", mode=1)
def test_mystic_cauldron_puts_your_top_six_back_in_the_order_you_choose(tcg):
    deck = ["igor", "zero", "clown", "fire", "reaper", "cyclops", "devil"]
    s = table(
        tcg, rows={0: [("jacks-house", ["little-witch"])]}, hands={0: ["mystic-cauldron"]}, decks={0: deck}
    )
    play(s, "Mystic Cauldron", 0, "Look at your top 6 cards and put them back in any order")
    for name in [
        "Igor (Faithful Lackey)",
        "Zero (Ghost Dog)",
        "Clown (With the Tear-away Face)",
        "Fire!",
        "Reaper (Grim Harvester)",
    ]:
        s.choose(0, name, kind="order")
    # the last one put back lies on top
    assert deck_ids(s, 0) == ["cyclops", "reaper", "fire", "clown", "zero", "igor", "devil"]


def test_mystic_cauldron_looks_at_no_deck_without_a_witch_in_your_halloweentown():
    s = christmas_table(
        rows={0: [("jacks-house", []), ("santas-house", ["big-witch"])], 1: [("oogies-lair", [])]},
        hands={0: ["mystic-cauldron"], 1: ["fire"]},
        decks={0: FILLER[:6]},
    )
    play(s, "Mystic Cauldron", 0)  # only the look at a hand is open
    assert not any(p.kind in ("mode", "order") for p in s.prompts(0))


# --- My Fantasies -------------------------------------------------------------------------
@covers("my-fantasies", mode=0)
def test_my_fantasies_searches_six_for_jack(tcg):
    deck = [JACK, "igor", "zero", "jack-skellington-master-of-fright", "clown", "fire", JACK]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["my-fantasies"]}, decks={0: deck})
    play(s, "My Fantasies", 0)
    assert hand(s, 0) == sorted([JACK, "jack-skellington-master-of-fright"]) and deck_ids(s, 0) == [JACK]


@covers("my-fantasies", mode=1)
def test_my_fantasies_searches_six_for_one_creation_with_jack_in_town(tcg):
    deck = ["road-kill", "igor", "nutcracker", "zero", "clown", "fire", "jingle-bells"]
    s = table(tcg, rows={0: [("town-hall", [JACK])]}, hands={0: ["my-fantasies"]}, decks={0: deck})
    play(s, "My Fantasies", 0, "Search 6 for 1 Creation")
    assert labels(s, 0, "search-take") == ["Take Road Kill", "Take Nutcracker"]
    s.choose(0, "Take Nutcracker", kind="search-take")
    assert hand(s, 0) == ["nutcracker"] and "road-kill" in discard(s, 0)


def test_my_fantasies_wants_jack_in_your_halloweentown():
    s = christmas_table(
        rows={0: [("jacks-house", []), ("santas-house", [JACK])]},
        hands={0: ["my-fantasies"]},
        decks={0: FILLER[:6]},
    )
    play(s, "My Fantasies", 0)  # only the Search for Jack is open
    assert not any(p.kind in ("mode", "search-take") for p in s.prompts(0))


# --- Nightmare Before Christmas -----------------------------------------------------------
@covers("nightmare-before-christmas")
def test_nightmare_before_christmas_every_player_draws_one_per_leading_character_in_their_town(tcg):
    s = table(
        tcg,
        rows={
            0: [("jacks-house", [JACK, SALLY, "igor"]), ("town-hall", [MAYOR])],
            1: [("oogies-lair", [OOGIE, FINK, "zero"])],
        },
        hands={0: ["nightmare-before-christmas"]},
        decks={0: FILLER[:5], 1: FILLER[:5]},
    )
    play(s, "Nightmare Before Christmas", 0)
    assert len(s.state.players[0].hand) == 3  # Jack, Sally, the Mayor
    assert len(s.state.players[1].hand) == 2  # Oogie, Finklestein


def test_nightmare_before_christmas_counts_only_halloweentown_characters():
    s = christmas_table(
        rows={0: [("jacks-house", [SALLY]), ("santas-house", [JACK, MAYOR])]},
        hands={0: ["nightmare-before-christmas"]},
        decks={0: FILLER[:5], 1: FILLER[:5]},
    )
    play(s, "Nightmare Before Christmas", 0)
    assert len(s.state.players[0].hand) == 1  # Sally only


def test_nightmare_before_christmas_does_not_take_sallys_arm_for_sally():
    s = christmas_table(
        rows={0: [("jacks-house", ["sallys-arm", "sallys-leg"])]},
        hands={0: ["nightmare-before-christmas"]},
        decks={0: FILLER[:5], 1: FILLER[:5]},
    )
    play(s, "Nightmare Before Christmas", 0)
    assert len(s.state.players[0].hand) == 0


# --- Oogie's turn to boogie ---------------------------------------------------------------
@covers("oogies-turn-to-boogie", mode=0)
def test_oogies_turn_to_boogie_searches_three_for_oogie_and_sandy_claws(tcg):
    deck = [OOGIE, "igor", "sandy-claws", "oogie-boogie-eight-ball"]
    s = table(tcg, rows={0: [("oogies-lair", [])]}, hands={0: ["oogies-turn-to-boogie"]}, decks={0: deck})
    play(s, "Oogie's turn to boogie", 0)
    assert hand(s, 0) == sorted([OOGIE, "sandy-claws"]) and deck_ids(s, 0) == ["oogie-boogie-eight-ball"]


@covers("oogies-turn-to-boogie", mode=1)
def test_oogies_turn_to_boogie_fills_the_hand_to_seven_with_oogie_and_sandy_in_his_lair(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", [OOGIE, "sandy-claws"])]},
        hands={0: ["oogies-turn-to-boogie", "igor", "zero"]},
        decks={0: FILLER},
    )
    play(s, "Oogie's turn to boogie", 0, "Fill your hand to 7")
    assert len(s.state.players[0].hand) == 7


def test_oogies_turn_to_boogie_draws_nothing_when_sandy_is_elsewhere(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", [OOGIE]), ("tree-circle", ["sandy-claws"])]},
        hands={0: ["oogies-turn-to-boogie"]},
        decks={0: FILLER[:3]},
    )
    play(s, "Oogie's turn to boogie", 0)
    assert not any(p.kind == "mode" for p in s.prompts(0))


# --- Organ Donor --------------------------------------------------------------------------
@covers("organ-donor")
def test_organ_donor_lets_each_player_trade_finklestein_or_three_characters_for_a_free_creation(tcg):
    s = table(
        tcg,
        rows={
            0: [("jacks-house", [FINK, "igor"])],
            1: [("oogies-lair", ["zero", "clown", "cyclops", "devil"])],
        },
        hands={0: ["organ-donor", "road-kill"], 1: ["jingle-bells"]},
        decks={0: FILLER[:3]},
        pp={0: 1},
    )
    play(s, "Organ Donor", 1)  # seat 0 is the Pumpkin King: first
    assert "Do not take part" in labels(s, 0, "organ-donor")
    s.choose(0, "Discard Dr. Finklestein to play Road Kill free", kind="organ-donor")
    assert discard(s, 0) == [FINK] and ids(s, s.state.players[0].creations) == ["road-kill"]
    s.choose(1, "Discard three Characters to play Jingle Bells free", kind="organ-donor")
    s.choose(1, "Zero (Ghost Dog) at seat 1's Oogie's Lair", kind="choose")
    s.choose(1, "Clown (With the Tear-away Face) at seat 1's Oogie's Lair", kind="choose")
    s.choose(1, "Cyclops (One-eyed Wonder) at seat 1's Oogie's Lair", kind="choose")
    assert ids(s, s.state.players[1].creations) == ["jingle-bells"]
    assert row(s, 1) == [("oogies-lair", ["devil"])]
    assert s.state.players[0].pp == 0 and s.state.players[1].pp == 0  # both free


def test_organ_donor_may_be_declined(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [FINK])], 1: [("oogies-lair", [])]},
        hands={0: ["organ-donor", "road-kill"]},
        pp={0: 1},
    )
    play(s, "Organ Donor", 1)
    s.choose(0, "Do not take part", kind="organ-donor")
    assert row(s, 0) == [("jacks-house", [FINK])] and hand(s, 0) == ["road-kill"]


def test_organ_donor_takes_characters_from_the_halloweentown_only():
    s = christmas_table(
        rows={
            0: [("jacks-house", ["igor"]), ("santas-house", [FINK, "zero", "clown"])],
            1: [("oogies-lair", [])],
        },
        hands={0: ["organ-donor", "road-kill"]},
        pp={0: 1},
    )
    play(s, "Organ Donor", 1)  # no Finklestein nor three Characters in seat 0's Halloweentown
    s.expect(0, "turn")
    assert hand(s, 0) == ["road-kill"]


# --- Public Transportation ----------------------------------------------------------------
@covers("public-transportation")
def test_public_transportation_each_player_moves_a_character_of_the_player_on_their_left(tcg):
    s = table(
        tcg,
        rows={
            0: [("jacks-house", [MAYOR, "zero"]), ("town-hall", ["igor"]), ("the-well", [])],
            1: [("oogies-lair", ["clown"]), ("the-crypt", [])],
        },
        hands={0: ["public-transportation"]},
    )
    play(s, "Public Transportation", 0)
    # seat 0 moves seat 1's Clown (its only Character) to its only neighbour, without a question
    assert row(s, 1) == [("oogies-lair", []), ("the-crypt", ["clown"])]
    # seat 1 moves one of seat 0's: the Mayor and Zero beside him are out of reach, so Igor goes
    assert labels(s, 1, "destination") == ["Jack's House", "The Well"]
    s.choose(1, "The Well", kind="destination")  # the mover picks where Igor goes
    assert row(s, 0) == [("jacks-house", sorted([MAYOR, "zero"])), ("town-hall", []), ("the-well", ["igor"])]


@covers("organ-donor")
def test_organ_donor_trades_only_characters_that_may_be_discarded_from_play():
    def anchor(st):
        fink = next(c for c in st.players[0].row[0].characters if st.cards[c] == FINK)
        st.stacked[fink] = [new_card(st, "aint-goin-nowhere", 0)]  # this Finklestein cannot be discarded

    s = christmas_table(
        rows={0: [("jacks-house", [FINK, OOGIE, "sandy-claws", "igor"])], 1: [("oogies-lair", [])]},
        hands={0: ["organ-donor", "road-kill"]},
        decks={0: FILLER[:3]},
        pp={0: 1},
        edit=anchor,
    )
    play(s, "Organ Donor", 1)
    # Finklestein and Sandy Claws cannot go: Oogie and Igor are two, not three
    assert not any(p.kind == "organ-donor" for p in s.prompts(0))
    assert hand(s, 0) == ["road-kill"] and discard(s, 0) == []


# --- Pull Yourself Together ---------------------------------------------------------------
@covers("pull-yourself-together")
def test_pull_yourself_together_searches_six_for_sally(tcg):
    deck = [SALLY, "igor", "zero", "clown", "sally-skilled-alchemist", "fire", SALLY]
    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["pull-yourself-together"]},
        decks={0: deck},
        pp={0: 1},
    )
    play(s, "Pull Yourself Together", 1)
    assert hand(s, 0) == sorted([SALLY, "sally-skilled-alchemist"]) and deck_ids(s, 0) == [SALLY]


@covers("pull-yourself-together")
def test_pull_yourself_together_cancels_a_card_aimed_at_your_character_free_with_sally_in_play(tcg):
    s = table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", [SALLY, "vampire-count"])], 1: [("oogies-lair", [])]},
        hands={0: ["pull-yourself-together"], 1: ["twilight-sun"]},
        decks={1: FILLER[:4]},
        pp={1: 2},
    )
    play(s, "Twilight Sun", 2, "Return any player's Vampire to hand, and then draw 3", seat=1)
    s.choose(0, "Answer with Pull Yourself Together: Cancel it", kind="respond")
    assert row(s, 0) == [("jacks-house", sorted([SALLY, "vampire-count"]))]
    assert hand(s, 1) == []
    assert ids(s, s.state.players[0].surprise_discard) == ["pull-yourself-together"]  # paid 0: no PP held


def test_pull_yourself_together_costs_one_without_sally(tcg):
    s = table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", ["vampire-count"])], 1: [("oogies-lair", [])]},
        hands={0: ["pull-yourself-together"], 1: ["twilight-sun"]},
        decks={1: FILLER[:4]},
        pp={1: 2},
    )
    play(s, "Twilight Sun", 2, "Return any player's Vampire to hand, and then draw 3", seat=1)
    # 0 PP: it cannot be paid, so the answer is not offered; seat 0 is asked all the same
    # (whom a window asks must not tell what a hand holds) and can only let it happen
    (ask,) = [p for p in s.prompts(0) if p.kind == "respond"]
    assert [c.id for c in ask.choices] == ["pass"]
    s.choose(0, "pass", kind="respond")
    assert hand(s, 0) == ["pull-yourself-together", "vampire-count"]


def test_pull_yourself_together_finds_no_sallys_arm():
    s = christmas_table(
        rows={0: [("jacks-house", [])]},
        hands={0: ["pull-yourself-together"]},
        decks={0: ["sallys-arm", SALLY, "sallys-leg", "igor", "zero", "clown"]},
        pp={0: 1},
    )
    play(s, "Pull Yourself Together", 1)
    assert hand(s, 0) == [SALLY]


# --- Putrid Playmates ---------------------------------------------------------------------
@covers("putrid-playmates", mode=0)
def test_putrid_playmates_searches_six_for_corpse_kid_and_mummy_boy(tcg):
    deck = ["corpse-kid", "igor", "mummy-boy", "corpse-dad", "zero", "clown", "mummy-boy"]
    s = table(
        tcg, rows={0: [("jacks-house", [])]}, hands={0: ["putrid-playmates"]}, decks={0: deck}, pp={0: 1}
    )
    play(s, "Putrid Playmates", 1)
    assert hand(s, 0) == ["corpse-kid", "mummy-boy"] and deck_ids(s, 0) == ["mummy-boy"]


@covers("putrid-playmates", mode=1)
def test_putrid_playmates_adds_two_pumpkin_points_when_corpse_kid_and_mummy_boy_share_a_locale(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["corpse-kid", "mummy-boy"])]},
        hands={0: ["putrid-playmates"]},
        pp={0: 1},
    )
    play(s, "Putrid Playmates", 1, "Add 2 Pumpkin Points")
    # Corpse Kid hears of the Surprise too: its player orders the two (the Surprise first)
    s.choose(0, "Putrid Playmates: its effect as it is played (seat 0)", kind="order-triggers")
    assert s.state.players[0].pp == 2
    s = table(
        tcg,
        rows={0: [("jacks-house", ["corpse-kid"]), ("town-hall", ["mummy-boy"])]},
        hands={0: ["putrid-playmates"]},
        decks={0: FILLER[:6]},
        pp={0: 1},
    )
    play(s, "Putrid Playmates", 1)  # apart: only the Search
    assert s.state.players[0].pp == 0


# --- Sackful of Mischief ------------------------------------------------------------------
@covers("sackful-of-mischief")
def test_sackful_of_mischief_may_play_a_turned_new_creation_free(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["decomposing-guy"])]},
        hands={0: ["sackful-of-mischief"]},
        decks={0: ["road-kill", "igor", "zero"]},
        pp={0: 1},
    )
    play(s, "Sackful of Mischief", 1)
    s.choose(0, "Yes", kind="may")
    assert ids(s, s.state.players[0].creations) == ["road-kill"]
    assert hand(s, 0) == ["igor", "zero"]  # Road Kill's own effect ran: Decomposing Guy is here
    assert s.state.players[0].pp == 0


def test_sackful_of_mischief_discards_a_declined_creation_or_any_other_card(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["sackful-of-mischief"]},
        decks={0: ["road-kill"]},
        pp={0: 1},
    )
    play(s, "Sackful of Mischief", 1)
    s.choose(0, "No", kind="may")
    assert discard(s, 0) == ["road-kill"] and s.state.players[0].creations == []
    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["sackful-of-mischief"]},
        decks={0: ["igor"]},
        pp={0: 1},
    )
    play(s, "Sackful of Mischief", 1)
    assert discard(s, 0) == ["igor"] and hand(s, 0) == []
    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        creations={0: ["road-kill"]},
        hands={0: ["sackful-of-mischief"]},
        decks={0: ["road-kill"]},
        pp={0: 1},
    )
    play(s, "Sackful of Mischief", 1)  # a Creation already in your town is discarded
    assert discard(s, 0) == ["road-kill"] and len(s.state.players[0].creations) == 1


# --- Say It Twice -------------------------------------------------------------------------
@covers("say-it-twice", mode=0)
def test_say_it_twice_searches_six_for_the_witches(tcg):
    deck = ["big-witch", "igor", "little-witch", "zero", "clown", "fire", "big-witch"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["say-it-twice"]}, decks={0: deck}, pp={0: 2})
    play(s, "Say It Twice", 2)
    assert hand(s, 0) == ["big-witch", "little-witch"] and deck_ids(s, 0) == ["big-witch"]


@covers("say-it-twice", mode=1)
def test_say_it_twice_gives_an_extra_function_at_the_witches_active_locale(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", ["big-witch", "little-witch"])]},
        hands={0: ["say-it-twice"]},
        decks={0: FILLER[:3]},
        pp={0: 2},
    )
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    play(s, "Say It Twice", 2, "Use the witches' Locale for an extra Function")
    offered = [label for label in labels(s, 0) if label.split(":")[0] in ("Jack's House", "Town Hall")]
    assert offered == ["Town Hall: Draw 1 card and add 3 Pumpkin Points"]  # only the witches' Locale
    s.choose(0, "Town Hall: Draw 1 card and add 3 Pumpkin Points")
    assert s.state.players[0].pp == 5 and hand(s, 0) == [FILLER[0]]  # 2 + 2 - 2 + 3
    assert not any(label.startswith("Town Hall:") for label in labels(s, 0))  # one extra only


def test_say_it_twice_needs_a_locale_of_threshold_four_or_less(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("castle-finklestein", ["big-witch", "little-witch", "wolfman"])]},
        hands={0: ["say-it-twice"]},
        decks={0: FILLER[:6]},
        pp={0: 2},
    )
    play(s, "Say It Twice", 2)  # Active, but Scare Threshold 5: only the Search
    assert not any(p.kind == "mode" for p in s.prompts(0))


# --- Scared Stiff -------------------------------------------------------------------------
@covers("scared-stiff", mode=0)
def test_scared_stiff_searches_three_for_jack(tcg):
    deck = [JACK, "igor", "jack-skellington-demon-of-light", JACK]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["scared-stiff"]}, decks={0: deck})
    play(s, "Scared Stiff", 0)
    assert hand(s, 0) == sorted([JACK, "jack-skellington-demon-of-light"]) and deck_ids(s, 0) == [JACK]


@covers("scared-stiff", mode=1)
def test_scared_stiff_discards_an_opponents_scare_one_character_for_the_master_of_fright(tcg):
    s = table(
        tcg,
        rows={
            0: [("jacks-house", ["jack-skellington-master-of-fright"])],
            1: [("oogies-lair", ["igor", "wolfman"])],
        },
        hands={0: ["scared-stiff"]},
    )
    play(s, "Scared Stiff", 0, "Discard an opponent's Scare 1 Character")
    assert discard(s, 1) == ["igor"] and row(s, 1) == [("oogies-lair", ["wolfman"])]


def test_scared_stiff_needs_the_master_of_fright(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [JACK])], 1: [("oogies-lair", ["igor"])]},
        hands={0: ["scared-stiff"]},
        decks={0: FILLER[:3]},
    )
    play(s, "Scared Stiff", 0)
    assert row(s, 1) == [("oogies-lair", ["igor"])]


# --- Search Lights ------------------------------------------------------------------------
@covers("search-lights", mode=0)
def test_search_lights_searches_six_for_any_one_card(tcg):
    deck = ["igor", "zero", "clown", "fire", "reaper", "cyclops", "devil"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["search-lights"]}, decks={0: deck}, pp={0: 3})
    play(s, "Search Lights", 3, "Search 6 for any 1 card")
    s.choose(0, "Take Reaper (Grim Harvester)", kind="search-take")
    assert hand(s, 0) == ["reaper"] and deck_ids(s, 0) == ["devil"]


@shows("tcg.surprise.placed-text-continues")
@covers("search-lights", mode=1)
def test_search_lights_stays_on_the_table_and_makes_fire_cost_you_two_less(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        creations={0: ["dead-head"], 1: ["road-kill"]},  # a Creation for each Fire! to aim at
        hands={0: ["search-lights", "fire"], 1: ["fire"]},
        pp={0: 6, 1: 5},
    )
    play(s, "Search Lights", 3, "Place it on the table: Fire! costs you 2 less")
    assert ids(s, s.state.players[0].placed) == ["search-lights"]
    assert "Play Fire! (3 PP)" in labels(s, 0)
    s.choose(0, "End your turn")
    assert "Play Fire! (5 PP)" in labels(s, 1)  # only for its owner


# --- Shadow on the Moon -------------------------------------------------------------------
@shows("tcg.surprise.stacked-adds-scare", "tcg.win.negative-subtracts")
@covers("shadow-on-the-moon")
def test_shadow_on_the_moon_stacks_on_an_opponents_character_and_lowers_its_scare(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("town-hall", ["wolfman", "igor"])]},
        hands={0: ["shadow-on-the-moon"]},
        pp={0: 2},
    )
    assert tcg.rules.is_active(s.state, 1, 0)
    play(s, "Shadow on the Moon", 2)
    s.choose(0, "Wolfman (Lycanthropic Beast) at seat 1's Town Hall", kind="choose")
    wolfman = s.state.players[1].row[0].characters[0]
    assert ids(s, s.state.stacked[wolfman]) == ["shadow-on-the-moon"]
    assert tcg.rules.scare(s.state, wolfman) == 1
    assert not tcg.rules.is_active(s.state, 1, 0)  # 2 of 3 now
    assert tcg.rules.score(s.state, 1) == 2


def test_shadow_on_the_moon_is_free_while_your_oogie_is_in_play(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", [OOGIE])], 1: [("jacks-house", ["igor"])]},
        hands={0: ["shadow-on-the-moon"]},
    )
    play(s, "Shadow on the Moon", 0)
    assert tcg.rules.score(s.state, 1) == 0


def _shadows(tcg, hands, turn=0):
    """Three seats; seat 1's Igor already carries a Shadow on the Moon seat 0 played."""

    def shadow_on_igor(st):
        igor = st.players[1].row[0].characters[1]
        st.cards["c19999"], st.owner["c19999"] = "shadow-on-the-moon", 0
        st.stacked[igor] = ["c19999"]

    return table(
        tcg,
        players=3,
        turn=turn,
        rows={
            0: [("jacks-house", ["zero"])],
            1: [("town-hall", ["wolfman", "igor"])],
            2: [("oogies-lair", ["clown"])],
        },
        hands=hands,
        pp={0: 4, 1: 4, 2: 4},
        edit=shadow_on_igor,
    )


@shows("tcg.play.one-title-per-town")
def test_one_shadow_on_the_moon_in_a_town_bars_a_second_there_but_not_in_another_town(tcg):
    s = _shadows(tcg, {0: ["shadow-on-the-moon"]})
    # seat 1's town holds one of seat 0's already: seat 2's Clown is the only Character
    # it may go on, so it goes there without a question
    play(s, "Shadow on the Moon", 2)
    assert not [p for p in s.prompts(0) if p.kind == "choose"]
    clown = s.state.players[2].row[0].characters[0]
    assert ids(s, s.state.stacked[clown]) == ["shadow-on-the-moon"]


@shows("tcg.play.one-title-per-town")
def test_a_town_holding_a_shadow_on_the_moon_takes_no_second_from_another_player(tcg):
    s = _shadows(tcg, {2: ["shadow-on-the-moon"]}, turn=2)
    play(s, "Shadow on the Moon", 2, seat=2)  # seat 1's town holds one (seat 0's): Zero it is
    zero = s.state.players[0].row[0].characters[0]
    assert ids(s, s.state.stacked[zero]) == ["shadow-on-the-moon"]
    assert [ids(s, s.state.stacked.get(c, [])) for c in s.state.players[1].row[0].characters] == [
        [],
        ["shadow-on-the-moon"],
    ]


# --- Something's up with Jack -------------------------------------------------------------
@covers("somethings-up-with-jack")
def test_somethings_up_with_jack_every_player_discards_half_and_those_with_jack_draw_one(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [JACK])], 1: [("oogies-lair", [])]},
        hands={
            0: ["somethings-up-with-jack", "igor", "zero", "clown"],
            1: ["fire", "reaper", "devil", "cyclops"],
        },
        decks={0: ["behemoth"], 1: ["wolfman"]},
    )
    play(s, "Something's up with Jack", 0)
    s.choose(0, "Discard Igor (Faithful Lackey)", kind="discard")
    s.choose(0, "Discard Zero (Ghost Dog)", kind="discard")  # 3 cards: half rounded up is 2
    s.choose(1, "Discard Fire!", kind="discard")
    s.choose(1, "Discard Devil (Sadistic Fiend)", kind="discard")  # each picks their own
    assert hand(s, 0) == ["behemoth", "clown"]  # Jack: one drawn
    assert hand(s, 1) == ["cyclops", "reaper"]  # no Jack: nothing drawn


# --- That's our Job -----------------------------------------------------------------------
@covers("thats-our-job", mode=0)
def test_thats_our_job_searches_five_for_the_corpse_family(tcg):
    deck = ["corpse-dad", "igor", "corpse-kid", "corpse-mom", "zero", "corpse-kid"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["thats-our-job"]}, decks={0: deck}, pp={0: 2})
    play(s, "That's our Job", 2)
    assert hand(s, 0) == ["corpse-dad", "corpse-kid", "corpse-mom"] and deck_ids(s, 0) == ["corpse-kid"]


@covers("thats-our-job", mode=1)
def test_thats_our_job_takes_a_card_from_the_discard_pile_when_corpse_dad_and_mom_share_a_locale(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["corpse-dad", "corpse-mom"])]},
        hands={0: ["thats-our-job"]},
        discards={0: ["fire", "igor"]},
        pp={0: 2},
    )
    play(s, "That's our Job", 2, "Take a card from your discard pile")
    s.choose(0, "Take Fire!", kind="recover")
    assert hand(s, 0) == ["fire"] and discard(s, 0) == ["igor"]


# --- The best I can -----------------------------------------------------------------------
@covers("the-best-i-can", mode=0)
def test_the_best_i_can_searches_six_for_oogie(tcg):
    deck = [OOGIE, "igor", "zero", "oogie-boogie-eight-ball", "clown", "fire", OOGIE]
    s = table(tcg, rows={0: [("oogies-lair", [])]}, hands={0: ["the-best-i-can"]}, decks={0: deck}, pp={0: 1})
    play(s, "The best I can", 1)
    assert hand(s, 0) == sorted([OOGIE, "oogie-boogie-eight-ball"]) and deck_ids(s, 0) == [OOGIE]


@covers("the-best-i-can", mode=1)
def test_the_best_i_can_stacks_on_oogie_and_in_his_lair_discards_a_scare_one_character(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", [OOGIE])], 1: [("jacks-house", ["igor", "wolfman"])]},
        hands={0: ["the-best-i-can"]},
        pp={0: 1},
    )
    play(
        s,
        "The best I can",
        1,
        "Stack on Oogie; in his Lair, discard an opponent's Character of Scare 1 or less",
    )
    assert _stacked_on(s, 0, "oogie") == ["the-best-i-can"]
    assert discard(s, 1) == ["igor"]


def test_the_best_i_can_outside_the_lair_only_stacks(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", []), ("town-hall", [OOGIE])], 1: [("jacks-house", ["igor"])]},
        hands={0: ["the-best-i-can"]},
        pp={0: 1},
    )
    play(
        s,
        "The best I can",
        1,
        "Stack on Oogie; in his Lair, discard an opponent's Character of Scare 1 or less",
    )
    assert _stacked_on(s, 0, "oogie") == ["the-best-i-can"] and discard(s, 1) == []


# --- This is Halloween! -------------------------------------------------------------------
@covers("this-is-halloween")
def test_this_is_halloween_makes_characters_cheaper_and_creations_dearer_until_the_end_phase(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["this-is-halloween", "igor", "wolfman", "road-kill"]},
        pp={0: 5},
    )
    play(s, "This is Halloween!", 1)
    offered = labels(s, 0)
    assert "Play Wolfman (Lycanthropic Beast) under Jack's House (1 PP)" in offered
    assert "Play Igor (Faithful Lackey) under Jack's House (1 PP)" in offered  # never below 1
    assert "Play Road Kill (4 PP)" in offered
    s.choose(0, "End your turn")
    s.choose(1, "End your turn")
    assert s.state.center == [] and "this-is-halloween" in discard(s, 0)


def test_this_is_halloween_is_not_played_while_a_copy_is_in_the_centre(tcg):
    def centre(st):
        st.center.append(new_card(st, "this-is-halloween", 1))

    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["this-is-halloween"]}, pp={0: 1}, edit=centre)
    assert "Play This is Halloween! (1 PP)" not in labels(s, 0)


# --- Three of a Kind ----------------------------------------------------------------------
@covers("three-of-a-kind", mode=0)
def test_three_of_a_kind_searches_six_for_lock_shock_and_barrel(tcg):
    deck = [
        "lock-little-devil",
        "igor",
        "shock-little-hag",
        "barrel-little-skeleton",
        "zero",
        "clown",
        "lock-little-devil",
    ]
    s = table(
        tcg, rows={0: [("oogies-lair", [])]}, hands={0: ["three-of-a-kind"]}, decks={0: deck}, pp={0: 2}
    )
    play(s, "Three of a Kind", 2)
    assert hand(s, 0) == sorted(LSB) and deck_ids(s, 0) == ["lock-little-devil"]


@covers("three-of-a-kind", mode=1)
def test_three_of_a_kind_makes_an_opponent_discard_down_to_three_and_draws_as_many(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", LSB[:2]), ("town-hall", LSB[2:])], 1: [("jacks-house", [])]},
        hands={0: ["three-of-a-kind"], 1: ["igor", "zero", "clown", "fire", "reaper"]},
        decks={0: FILLER[:3]},
        pp={0: 2},
    )
    play(s, "Three of a Kind", 2, "An opponent with 4 or more cards discards to 3; you draw as many")
    s.choose(1, "Discard Igor (Faithful Lackey)", kind="discard")  # the opponent picks
    s.choose(1, "Discard Fire!", kind="discard")
    assert hand(s, 1) == ["clown", "reaper", "zero"]
    assert hand(s, 0) == sorted(FILLER[:2])


def test_three_of_a_kind_draws_nothing_when_the_discard_is_cancelled(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", LSB)], 1: [("jacks-house", [])]},
        hands={0: ["three-of-a-kind"], 1: ["hyde-and-seek", "igor", "zero", "clown", "fire"]},
        decks={0: FILLER[:3]},
        pp={0: 2},
    )
    play(s, "Three of a Kind", 2, "An opponent with 4 or more cards discards to 3; you draw as many")
    s.choose(1, "Answer with Hyde and Seek: Cancel it (draw 2 if you show a Hyde)", kind="respond")
    assert hand(s, 1) == ["clown", "fire", "igor", "zero"]
    assert hand(s, 0) == []  # no card was discarded


def test_three_of_a_kind_spares_an_opponent_with_three_cards(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", LSB)], 1: [("jacks-house", [])]},
        hands={0: ["three-of-a-kind"], 1: ["igor", "zero", "clown"]},
        decks={0: FILLER[:3]},
        pp={0: 2},
    )
    play(s, "Three of a Kind", 2)  # nobody holds 4 cards: only the Search is open
    assert hand(s, 1) == ["clown", "igor", "zero"] and hand(s, 0) == []


def test_three_of_a_kind_wants_all_three_in_your_halloweentown():
    s = christmas_table(
        rows={0: [("oogies-lair", LSB[:2]), ("santas-house", LSB[2:])], 1: [("jacks-house", [])]},
        hands={0: ["three-of-a-kind"], 1: ["igor", "zero", "clown", "fire"]},
        decks={0: FILLER[:6]},
        pp={0: 2},
    )
    play(s, "Three of a Kind", 2)  # only the Search is open
    assert hand(s, 1) == ["clown", "fire", "igor", "zero"]


# --- Throw me a bone ----------------------------------------------------------------------
@covers("throw-me-a-bone", mode=0)
def test_throw_me_a_bone_searches_six_for_igor(tcg):
    deck = ["igor", "zero", "clown", "igor", "fire", "devil", "igor"]
    s = table(
        tcg, rows={0: [("jacks-house", [])]}, hands={0: ["throw-me-a-bone"]}, decks={0: deck}, pp={0: 1}
    )
    play(s, "Throw me a bone", 1)
    assert hand(s, 0) == ["igor", "igor"] and deck_ids(s, 0) == ["igor"]


@covers("throw-me-a-bone", mode=1)
def test_throw_me_a_bone_takes_a_creation_from_the_discard_pile_with_finklestein_and_igor_in_town(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [FINK]), ("town-hall", ["igor"])]},
        hands={0: ["throw-me-a-bone"]},
        discards={0: ["zero", "road-kill", "fire"]},
        pp={0: 1},
    )
    play(s, "Throw me a bone", 1, "Take a Creation from your discard pile")
    assert labels(s, 0, "recover") == ["Take Road Kill"]  # Creations only
    s.choose(0, "Take Road Kill", kind="recover")
    assert hand(s, 0) == ["road-kill"]
    assert discard(s, 0) == ["zero", "fire"]


def test_throw_me_a_bone_wants_finklestein_and_igor_in_your_halloweentown():
    s = christmas_table(
        rows={0: [("jacks-house", [FINK]), ("santas-house", ["igor"])]},
        hands={0: ["throw-me-a-bone"]},
        discards={0: ["road-kill"]},
        decks={0: FILLER[1:7]},
        pp={0: 1},
    )
    play(s, "Throw me a bone", 1)  # only the Search is open (and it finds no Igor)
    assert hand(s, 0) == []


# --- Town Meeting! ------------------------------------------------------------------------
@covers("town-meeting", mode=0)
def test_town_meeting_moves_one_of_your_characters_to_town_hall_or_town_square(tcg):
    s = table(
        tcg,
        rows={
            0: [("jacks-house", ["igor", "zero"]), ("the-well", []), ("town-hall", []), ("town-square", [])]
        },
        hands={0: ["town-meeting"]},
        pp={0: 1},
    )
    play(s, "Town Meeting!", 1)  # no Mayor at the Mayor-mobile: only this ability
    s.choose(0, "Igor (Faithful Lackey) at seat 0's Jack's House", kind="choose")
    assert labels(s, 0, "destination") == ["Town Hall", "Town Square"]
    s.choose(0, "Town Square", kind="destination")
    assert row(s, 0) == [
        ("jacks-house", ["zero"]),
        ("the-well", []),
        ("town-hall", []),
        ("town-square", ["igor"]),
    ]


@covers("town-meeting", mode=1)
def test_town_meeting_moves_any_of_your_characters_there_with_the_mayor_at_the_mayor_mobile(tcg):
    s = table(
        tcg,
        rows={0: [("mayor-mobile", [MAYOR, "igor"]), ("the-well", ["zero"]), ("town-hall", [])]},
        hands={0: ["town-meeting"]},
        pp={0: 1},
    )
    play(s, "Town Meeting!", 1, "Move any of your Characters to your Town Hall or Town Square")
    s.choose(0, "Leave it", kind="destination")  # the Mayor stays
    s.choose(0, "To Town Hall", kind="destination")  # Igor
    s.choose(0, "To Town Hall", kind="destination")  # Zero
    assert row(s, 0) == [("mayor-mobile", [MAYOR]), ("the-well", []), ("town-hall", ["igor", "zero"])]


@covers("town-meeting", mode=1)
def test_town_meeting_leaves_a_character_that_cannot_move_where_it_is(tcg):
    s = table(
        tcg,
        rows={
            0: [
                ("mayor-mobile", [MAYOR]),
                ("scary-bed", ["monster-under-the-bed", "igor"]),
                ("town-hall", []),
            ]
        },
        hands={0: ["town-meeting"]},
        pp={0: 1},
    )
    play(s, "Town Meeting!", 1, "Move any of your Characters to your Town Hall or Town Square")
    s.choose(0, "Leave it", kind="destination")  # the Mayor stays
    assert s.expect(0, "destination").text == "Move Igor (Faithful Lackey)?"  # the Monster is not asked about
    s.choose(0, "To Town Hall", kind="destination")
    assert row(s, 0) == [
        ("mayor-mobile", [MAYOR]),
        ("scary-bed", ["monster-under-the-bed"]),
        ("town-hall", ["igor"]),
    ]


# --- Tub of Terror ------------------------------------------------------------------------
@covers("tub-of-terror", mode=0)
def test_tub_of_terror_searches_four_for_lock_shock_and_barrel(tcg):
    deck = ["lock-little-devil", "igor", "shock-little-hag", "zero", "barrel-little-skeleton"]
    s = table(tcg, rows={0: [("oogies-lair", [])]}, hands={0: ["tub-of-terror"]}, decks={0: deck}, pp={0: 1})
    play(s, "Tub of Terror", 1)
    assert hand(s, 0) == ["lock-little-devil", "shock-little-hag"] and deck_ids(s, 0) == [
        "barrel-little-skeleton"
    ]


@covers("tub-of-terror", mode=1)
def test_tub_of_terror_moves_lock_shock_and_barrel_together_to_any_other_locale(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", [*LSB, "igor"]), ("town-hall", []), ("the-well", [])]},
        hands={0: ["tub-of-terror"]},
        pp={0: 1},
    )
    play(s, "Tub of Terror", 1, "Move Lock, Shock and Barrel together to another Locale")
    s.choose(0, "The Well", kind="destination")
    assert row(s, 0) == [("oogies-lair", ["igor"]), ("town-hall", []), ("the-well", sorted(LSB))]


@covers("tub-of-terror", mode=1)
def test_tub_of_terror_does_not_offer_to_move_a_trio_one_of_whom_cannot_move():
    def anchor(st):
        lock = next(c for c in st.players[0].row[0].characters if st.cards[c] == LSB[0])
        st.stacked[lock] = [new_card(st, "aint-goin-nowhere", 0)]  # Stacked beside Oogie: Lock stays put

    s = christmas_table(
        rows={0: [("oogies-lair", [*LSB, OOGIE]), ("town-hall", []), ("the-well", [])]},
        hands={0: ["tub-of-terror"]},
        pp={0: 1},
        edit=anchor,
    )
    card = next(c for c in s.state.players[0].hand if s.state.cards[c] == "tub-of-terror")
    assert s.game.rules.modes_open(s.state, 0, card) == [0]  # only the Search


# --- Twilight Sun -------------------------------------------------------------------------
@covers("twilight-sun", mode=0)
def test_twilight_sun_draws_two(tcg):
    s = table(
        tcg, rows={0: [("jacks-house", [])]}, hands={0: ["twilight-sun"]}, decks={0: FILLER[:3]}, pp={0: 2}
    )
    play(s, "Twilight Sun", 2)  # no Vampire in play: only this ability
    assert hand(s, 0) == sorted(FILLER[:2])


@covers("twilight-sun", mode=1)
def test_twilight_sun_returns_any_players_vampire_and_then_draws_three(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["vampire-lord"])], 1: [("oogies-lair", ["vampire-count"])]},
        hands={0: ["twilight-sun"]},
        decks={0: FILLER[:4]},
        pp={0: 2},
    )
    play(s, "Twilight Sun", 2, "Return any player's Vampire to hand, and then draw 3")
    s.choose(0, "Vampire Lord (Night Stalker) at seat 0's Jack's House", kind="choose")  # even your own
    assert hand(s, 0) == sorted([*FILLER[:3], "vampire-lord"])


@covers("twilight-sun", mode=1)
def test_twilight_sun_does_not_offer_to_return_a_vampire_when_none_is_in_play(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["igor"])], 1: [("oogies-lair", ["wolfman"])]},
        hands={0: ["twilight-sun", "vampire-lord"]},  # a Vampire in hand is not in play
        decks={0: FILLER[:4]},
        pp={0: 2},
    )
    card = next(c for c in s.state.players[0].hand if s.state.cards[c] == "twilight-sun")
    assert tcg.rules.modes_open(s.state, 0, card) == [0]
    play(s, "Twilight Sun", 2)  # no question: the draw is the only ability open
    assert hand(s, 0) == sorted([*FILLER[:2], "vampire-lord"])


# --- What Have I Done? --------------------------------------------------------------------
@covers("what-have-i-done", mode=0)
def test_what_have_i_done_takes_a_character_from_the_discard_pile(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["what-have-i-done"]},
        discards={0: ["fire", "igor", "zero"]},
        pp={0: 1},
    )
    play(s, "What Have I Done?", 1)  # no Creation of yours: only this ability
    assert labels(s, 0, "recover") == ["Take Igor (Faithful Lackey)", "Take Zero (Ghost Dog)"]
    s.choose(0, "Take Zero (Ghost Dog)", kind="recover")
    assert hand(s, 0) == ["zero"] and discard(s, 0) == ["fire", "igor"]


@covers("what-have-i-done", mode=1)
def test_what_have_i_done_stacks_on_your_creation_and_returns_an_opponents_jack(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("town-hall", [JACK])]},
        creations={0: ["road-kill"]},
        hands={0: ["what-have-i-done"]},
        discards={0: ["igor"]},  # a Character to take back: the other ability is open too
        pp={0: 1},
    )
    play(s, "What Have I Done?", 1, "Stack on one of your Creations; return an opponent's Jack to hand")
    creation = s.state.players[0].creations[0]
    assert ids(s, s.state.stacked[creation]) == ["what-have-i-done"]
    assert hand(s, 1) == [JACK]
    assert tcg.rules.score(s.state, 0) == 4  # Road Kill 3 + the Stacked Surprise 1


# --- Wheel of Torture ---------------------------------------------------------------------
@covers("wheel-of-torture")
def test_wheel_of_torture_discards_an_opponents_character_whose_scare_equals_the_turned_card(tcg):
    s = table(
        tcg,
        rows={
            0: [("oogies-lair", ["oogie-boogie-gamblin-boogie-man"])],
            1: [("jacks-house", ["igor", "wolfman", "clown"])],
        },
        hands={0: ["wheel-of-torture"]},
        decks={1: ["behemoth", "zero"]},
    )
    play(s, "Wheel of Torture", 0)
    assert discard(s, 1) == ["behemoth"]  # Scare 2
    assert labels(s, 0, "choose") == [
        "Wolfman (Lycanthropic Beast) at seat 1's Jack's House",
        "Clown (With the Tear-away Face) at seat 1's Jack's House",
    ]
    s.choose(0, "Clown (With the Tear-away Face) at seat 1's Jack's House", kind="choose")
    assert row(s, 1) == [("jacks-house", ["igor", "wolfman"])]


def test_wheel_of_torture_discards_nobody_when_no_scare_matches(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", ["oogie-boogie-gamblin-boogie-man"])], 1: [("jacks-house", ["igor"])]},
        hands={0: ["wheel-of-torture"]},
        decks={1: ["reaper"]},
    )
    play(s, "Wheel of Torture", 0)
    assert discard(s, 1) == ["reaper"] and row(s, 1) == [("jacks-house", ["igor"])]


def test_wheel_of_torture_needs_the_gamblin_boogie_man(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", [OOGIE])], 1: [("jacks-house", ["igor"])]},
        hands={0: ["wheel-of-torture"]},
    )
    assert "Play Wheel of Torture (0 PP)" not in labels(s, 0)


# --- "your Halloweentown" with the Christmas Town expansion --------------------------------
# A Character of yours standing in your Christmas Town is not in your Halloweentown
# (Christmas Town rules, section 3). Santa's House stands for any Christmas Town Locale.
def test_im_the_boogie_man_draws_only_for_an_oogie_in_the_halloweentown():
    s = christmas_table(
        rows={0: [("jacks-house", ["igor"]), ("santas-house", [OOGIE])], 1: [("oogies-lair", ["zero"])]},
        hands={0: ["im-the-boogie-man"]},
        decks={0: FILLER[:2], 1: FILLER[:2]},
    )
    play(s, "I'm the Boogie Man!", 0)  # seat 1 has no Scare 1 Character; seat 1 takes back Igor
    assert hand(s, 0) == ["igor"]  # no card drawn for the Oogie in Christmas Town


def test_kidnap_mr_sandy_claws_counts_only_the_halloweentown():
    s = christmas_table(
        rows={
            0: [
                ("oogies-lair", ["lock-little-devil"]),
                ("santas-house", ["shock-little-hag", "barrel-little-skeleton"]),
            ]
        },
        hands={0: ["kidnap-mr-sandy-claws"]},
        decks={0: FILLER[:5], 1: FILLER[:5]},
        pp={0: 1},
    )
    play(s, "Kidnap Mr. Sandy Claws", 1)
    assert len(s.state.players[0].hand) == 2  # 1, plus Lock


def test_lets_play_wants_oogie_in_your_halloweentown():
    s = christmas_table(
        rows={0: [("jacks-house", []), ("santas-house", [OOGIE])], 1: [("oogies-lair", ["wolfman"])]},
        hands={0: ["sound-of-rollin-dice", "lets-play"]},
        decks={1: ["igor", "clown"], 0: FILLER[:6]},
        pp={0: 2},
    )
    play(s, "Sound of Rollin' Dice", 1)
    play(s, "Let's Play!", 1)  # only the Search is open
    assert not any(p.kind == "mode" for p in s.prompts(0))
    assert row(s, 1) == [("oogies-lair", ["wolfman"])]


def test_somethings_up_with_jack_draws_only_for_a_jack_in_the_halloweentown():
    s = christmas_table(
        rows={0: [("jacks-house", []), ("santas-house", [JACK])], 1: [("oogies-lair", [])]},
        hands={0: ["somethings-up-with-jack", "igor"]},
        decks={0: ["behemoth"]},
    )
    play(s, "Something's up with Jack", 0)
    s.choose(0, "Discard Igor (Faithful Lackey)", kind="discard")
    assert hand(s, 0) == [] and deck_ids(s, 0) == ["behemoth"]


# Characters together "in your Halloweentown": not at a Locale of Christmas Town.
CO_LOCATED = [
    ("bun-ny", "Bun-ny!", 0, ["behemoth", "easter-bunny"]),
    ("fetch", "Fetch", 0, [JACK, "zero"]),
    ("i-never-realized", "I never realized", 0, [JACK, SALLY]),
    ("its-a-phase-my-dear", "It's a phase, my dear", 0, [FINK, SALLY]),
    ("master-the-plans", "Master! The Plans!", 1, [FINK, "igor"]),
    ("putrid-playmates", "Putrid Playmates", 1, ["corpse-kid", "mummy-boy"]),
]


@pytest.mark.parametrize(("card", "name", "cost", "chars"), CO_LOCATED)
def test_a_surprise_wanting_characters_together_in_halloweentown_ignores_christmas_town(
    card, name, cost, chars
):
    s = christmas_table(
        rows={0: [("jacks-house", []), ("santas-house", chars)]},
        hands={0: [card]},
        decks={0: ["cyclops"] * 6},
        pp={0: cost},
    )
    play(s, name, cost)
    assert not any(p.kind == "mode" for p in s.prompts(0))  # only the Search is open


# --- answers to a card that affects a Locale (Sound the Alarms!, Christmas Town) -------------
def test_dark_alley_may_be_answered_by_the_owner_of_the_locale():
    s = christmas_table(
        rows={0: [("jacks-house", THREE_ALLEY)], 1: [("oogies-lair", []), ("the-well", ["igor"])]},
        hands={0: ["dark-alley"], 1: ["sound-the-alarms"]},
        pp={0: 1},
    )
    play(s, "Dark Alley", 1, "Turn an opponent's Locale face down until the End Phase")
    s.choose(0, "The Well", kind="choose")
    s.choose(1, "Answer with Sound the Alarms!: Sound the alarm and ignore it", kind="respond")
    assert not s.state.players[1].row[1].flipped
    assert ids(s, s.state.players[1].surprise_discard) == ["sound-the-alarms"]
    s.expect(0, "turn")


def test_gate_keeper_swap_may_be_answered_by_the_owner_of_the_locales():
    s = christmas_table(
        rows={
            0: [("jacks-house", ["igor"])],
            1: [("oogies-lair", []), ("town-hall", []), ("the-well", ["zero"])],
        },
        hands={0: ["gate-keeper"], 1: ["sound-the-alarms"]},
        pp={0: 1},
    )
    play(s, "Gate Keeper", 1)  # the swap is the only ability open
    s.choose(0, "seat 1: swap Oogie's Lair and Town Hall", kind="swap")
    s.choose(1, "Answer with Sound the Alarms!: Sound the alarm and ignore it", kind="respond")
    assert [name for name, _ in row(s, 1)] == ["oogies-lair", "town-hall", "the-well"]
    s.expect(0, "turn")


def test_gate_keeper_swap_of_an_opponents_locales_goes_ahead_when_they_let_it():
    s = christmas_table(
        rows={
            0: [("jacks-house", ["igor"])],
            1: [("oogies-lair", []), ("town-hall", []), ("the-well", ["zero"])],
        },
        hands={0: ["gate-keeper"], 1: ["sound-the-alarms"]},
        pp={0: 1},
    )
    play(s, "Gate Keeper", 1)
    s.choose(0, "seat 1: swap Oogie's Lair and Town Hall", kind="swap")
    s.choose(1, "Let it happen", kind="respond")
    assert [name for name, _ in row(s, 1)] == ["town-hall", "oogies-lair", "the-well"]
    s.expect(0, "turn")


# --- companions moved by the same card are not offered to follow as well ---------------------
def test_tub_of_terror_asks_no_companion_to_follow_shock(tcg):
    s = table(
        tcg,
        rows={0: [("oogies-lair", LSB), ("town-hall", []), ("the-well", [])]},
        hands={0: ["tub-of-terror"]},
        pp={0: 1},
    )
    play(s, "Tub of Terror", 1, "Move Lock, Shock and Barrel together to another Locale")
    s.choose(0, "The Well", kind="destination")
    s.expect(0, "turn")  # Lock and Barrel went with the Tub: Shock's free follow is not offered
    assert row(s, 0)[2] == ("the-well", sorted(LSB))


def test_hitch_a_ride_asks_zero_to_follow_jack_only_when_zero_stayed_behind(tcg):
    s = table(
        tcg,
        rows={0: [("mayor-mobile", [JACK, "zero"]), ("town-hall", []), ("the-well", [])]},
        hands={0: ["hitch-a-ride"]},
    )
    play(s, "Hitch a Ride", 0)  # the only ability open: everyone stands at the Mayor-mobile
    s.choose(0, "The Well", kind="locale")
    s.choose(0, "Yes", kind="pick")  # Jack
    s.choose(0, "Yes", kind="pick")  # Zero
    s.expect(0, "turn")
    assert row(s, 0)[2] == ("the-well", sorted([JACK, "zero"]))
    s = table(
        tcg,
        rows={0: [("mayor-mobile", [JACK, "zero"]), ("town-hall", []), ("the-well", [])]},
        hands={0: ["hitch-a-ride"]},
    )
    play(s, "Hitch a Ride", 0)  # the only ability open: everyone stands at the Mayor-mobile
    s.choose(0, "The Well", kind="locale")
    s.choose(0, "Yes", kind="pick")  # Jack
    s.choose(0, "No", kind="pick")  # Zero stays...
    s.choose(0, "Yes", kind="may")  # ...and may still follow Jack for free
    assert row(s, 0)[2] == ("the-well", sorted([JACK, "zero"]))


def test_town_meeting_asks_no_companion_it_moved_itself_to_follow(tcg):
    s = table(
        tcg,
        rows={0: [("mayor-mobile", [MAYOR, JACK, "zero"]), ("town-hall", [])]},
        hands={0: ["town-meeting"]},
        pp={0: 1},
    )
    play(s, "Town Meeting!", 1, "Move any of your Characters to your Town Hall or Town Square")
    s.choose(0, "Leave it", kind="destination")  # the Mayor
    s.choose(0, "To Town Hall", kind="destination")  # Jack
    s.choose(0, "To Town Hall", kind="destination")  # Zero
    s.expect(0, "turn")
    assert row(s, 0) == [("mayor-mobile", [MAYOR]), ("town-hall", sorted([JACK, "zero"]))]
