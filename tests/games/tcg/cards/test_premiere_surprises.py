"""The Premiere Surprises, one ability at a time: each test lays out an exact table,
scripts every choice and checks what the printed effect changes, with the case where the
ability's condition fails beside it. A Surprise with two abilities (the "OR") has a test
for each (`covers(card, mode=k)`, k its place in the card's `modes`)."""

from __future__ import annotations

from functools import cache

import pytest
from tcgkit import discard, hand, labels, row, table

from nbc.core.testkit.cardtests import covers

JACK = "jack-skellington-the-pumpkin-king"
SALLY = "sally-shy-creature"
MAYOR = "the-mayor-elected-official"
OOGIE = "oogie-boogie-meanest-guy-around"
FINK = "dr-finklestein-mad-scientist"
LSB = ["lock-little-devil", "shock-little-hag", "barrel-little-skeleton"]
FILLER = ["igor", "zero", "clown", "fire", "reaper", "cyclops", "devil", "behemoth"]


@cache
def _christmas_game():
    from nbc.core.host import PluginHost

    return PluginHost.load(disabled=[]).game("tcg")


def christmas_table(edit=None, **kwargs):
    """`table` in a match with the Christmas Town expansion enabled."""

    def enable(st):
        st.expansions = ["christmas-town"]
        if edit is not None:
            edit(st)

    return table(_christmas_game(), edit=enable, **kwargs)


def new_card(st, card_id: str, seat: int) -> str:
    """A new card instance owned by `seat` (for a test's own placing)."""
    cid = f"c{20_000 + len(st.cards)}"
    st.cards[cid], st.owner[cid] = card_id, seat
    return cid


def modes(s, seat: int = 0) -> list[str]:
    return labels(s, seat, "mode")


def deck_ids(s, seat: int) -> list[str]:
    """The Main Deck from the top."""
    return [s.state.cards[c] for c in reversed(s.state.players[seat].deck)]


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
    play(s, "Gate Keeper", 1, "Discard a Surprise an opponent placed on the table")
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
    play(s, "Gate Keeper", 1)  # two empty Locales, both in seat 1's Christmas Town: no swap
    s.expect(0, "turn")
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
    play(s, "Hello, Oogie", 3)
    s.expect(0, "turn")
    assert discard(s, 1) == []  # Oogie does not go alone


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
    play(s, "Hitch a Ride", 0, "Move Characters from your Mayor-mobile to one other Locale")
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
    assert "Play It's Time You Begun (0 PP)" in labels(s, 0)
    play(s, "It's Time You Begun", 0)  # Town Hall needs 3, only 2 cards left: nothing to choose
    s.expect(0, "turn")
    assert hand(s, 0) == ["clown", "zero"] and s.state.players[0].pp == 0


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


@pytest.mark.xfail(strict=True, reason="effect resume after a response")
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


@pytest.mark.xfail(strict=True, reason="effect resume after a response")
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


def test_mellow_trio_chooses_among_halloweentown_locales_only():
    s = christmas_table(
        rows={0: [("jacks-house", ["sax-player"]), ("santas-house", ["bass-player", "accordion-player"])]},
        hands={0: ["mellow-trio"]},
        decks={0: FILLER[:4]},
        pp={0: 1},
    )
    play(s, "Mellow Trio", 1, "Draw 1 per Player at one of your Locales")
    assert hand(s, 0) == [FILLER[0]]  # Jack's House was the only Locale to choose


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
