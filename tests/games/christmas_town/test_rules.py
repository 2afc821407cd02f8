"""One scenario per section of the Christmas Town rules (shared/rules/002)."""

from __future__ import annotations

import pytest
from ctkit import MAIN, christmas_tcg, ct_table, options
from tcgkit import hand, row

from nbc.core.errors import BadOptions
from nbc.core.game import Context
from nbc.core.match import Match
from nbc.core.rng import Rng
from nbc.core.testkit.ruletests import shows

# A row as the expansion keeps it: Halloweentown on the left, then Christmas Town.
TOWNS = [("jacks-house", []), ("town-hall", []), ("the-bakery", []), ("toy-factory", [])]


# --- 1. Halloweentown and Christmas Town -----------------------------------------------------------
@shows("christmas-town.towns.two-towns", "christmas-town.row.one-row")
def test_each_locale_belongs_to_its_town_and_the_view_keeps_the_gap(tcg):
    s = ct_table(tcg, rows={0: TOWNS})
    slots = s.match.view(0)["players"][0]["row"]
    assert [x["town"] for x in slots] == [
        "halloweentown",
        "halloweentown",
        "christmas-town",
        "christmas-town",
    ]
    assert [x["gap_before"] for x in slots] == [False, False, True, False]


@shows("christmas-town.characters.halloween-in-christmas-town")
def test_a_halloween_character_in_christmas_town_is_part_of_christmas_town(tcg):
    rows = {
        0: [
            ("jacks-house", []),
            ("town-hall", []),
            ("the-bakery", ["jack-skellington-explorer-of-unknown-realms"]),
        ]
    }
    s = ct_table(tcg, rows=rows, hands={0: ["electric-lights"]})
    jack = s.state.players[0].row[2].characters[0]
    scope_value = tcg.rules.ev_at(s.state, 0, jack, "town(self_card())")
    assert scope_value == "christmas-town"
    assert tcg.rules.ev_at(s.state, 0, jack, "in_town('jack-skellington', 'halloweentown')") == 0


# --- 2. Playing with Christmas Town Locales --------------------------------------------------------
def _placements(tcg, locale):
    s = ct_table(tcg, rows={0: TOWNS, 1: [("oogies-lair", [])]})
    st = s.state
    new = next(iter(st.cards))  # reuse any instance id for the top Locale
    st.cards[new] = locale
    st.players[0].locale_deck = [new]
    st.players[1].locale_deck = []
    tcg.rules.start_phase(st, Context(Rng(0), [], 0))
    return [(c.label, v) for c, v in zip(st.asks[0].choices, st.asks[0].values, strict=True)]


@shows(
    "christmas-town.row.halloweentown-ends",
    "christmas-town.row.christmas-town-ends",
    "christmas-town.row.order",
)
def test_a_new_locale_goes_at_either_end_of_its_own_towns_group(tcg):
    assert [v for _, v in _placements(tcg, "candy-shop")] == [2, 4]
    assert [v for _, v in _placements(tcg, "the-courtyard")] == [0, 2]


@shows("christmas-town.deck.christmas-locales")
def test_up_to_five_christmas_town_locales_replace_halloweentown_ones(tcg):
    deck = {
        "starting_locale": "jacks-house",
        "locales": ["the-bakery", "candy-shop", "toy-factory", "town-center", "carousel"],
        "main": MAIN,
    }
    match = Match.new(tcg, "christmas-town", {"decks": [deck, "jack"]}, players=2, seed=1)
    assert match.state.expansions == ["christmas-town"]


@shows("christmas-town.deck.starting-locale")
def test_a_christmas_town_locale_cannot_start_and_the_base_game_refuses_the_set(tcg):
    bad = {
        "starting_locale": "the-bakery",
        "locales": ["candy-shop", "toy-factory", "town-center", "carousel", "town-hall"],
        "main": MAIN,
    }
    with pytest.raises(BadOptions, match="the Starting Locale must be a Halloweentown Locale"):
        Match.new(tcg, "christmas-town", {"decks": [bad, "jack"]}, players=2)
    good = {
        "starting_locale": "jacks-house",
        "locales": ["the-bakery", "candy-shop", "toy-factory", "town-center", "carousel"],
        "main": MAIN,
    }
    with pytest.raises(BadOptions, match="which this variant does not use"):
        Match.new(tcg, "base", {"decks": [good, "jack"]}, players=2)


# --- 3. Halloween Characters and Christmas Characters --------------------------------------------
@shows("christmas-town.play.halloween-characters", "christmas-town.play.christmas-characters")
def test_characters_are_played_to_their_own_holidays_town(tcg):
    s = ct_table(tcg, rows={0: TOWNS}, hands={0: ["eddy-the-elf", "igor"]}, pp={0: 3})
    labels = options(s)
    assert "Play Eddy the Elf (Eager Electrician) under The Bakery (0 PP)" in labels
    assert not any(x.startswith("Play Eddy the Elf (Eager Electrician) under Town Hall") for x in labels)
    assert "Play Igor (Faithful Lackey) under Town Hall (1 PP)" in labels
    assert not any(x.startswith("Play Igor (Faithful Lackey) under The Bakery") for x in labels)


@shows("christmas-town.play.one-title")
def test_no_second_copy_of_a_title_across_both_towns(tcg):
    rows = {
        0: [
            ("jacks-house", []),
            ("town-hall", []),
            ("the-bakery", ["jack-skellington-explorer-of-unknown-realms"]),
        ]
    }
    s = ct_table(tcg, rows=rows, hands={0: ["jack-skellington-the-pumpkin-king"]}, pp={0: 6})
    labels = options(s)
    assert not any(x.startswith("Play Jack Skellington (The Pumpkin King)") for x in labels)
    assert any(x.startswith("Replace Jack Skellington (Explorer") for x in labels)


# --- 4. Travel between Holiday Towns --------------------------------------------------------------
def _move_labels(s):
    return options(s, 0, "move")


@shows(
    "christmas-town.travel.inner-edges",
    "christmas-town.travel.outer-edges",
    "christmas-town.travel.printed-or-lent",
)
def test_travel_is_only_between_the_inner_edges(tcg):
    explorer = "jack-skellington-explorer-of-unknown-realms"
    rows = {0: [("jacks-house", [explorer]), ("town-hall", []), ("the-bakery", []), ("toy-factory", [])]}
    s = ct_table(tcg, rows=rows)
    s.choose(0, "Jack's House: Move 4")
    assert _move_labels(s) == [
        "Move Jack Skellington (Explorer of Unknown Realms) to Town Hall",
        "Stop moving",
    ]
    s.choose(0, "Move Jack Skellington (Explorer of Unknown Realms) to Town Hall")
    assert "Move Jack Skellington (Explorer of Unknown Realms) to The Bakery" in _move_labels(s)
    s.choose(0, "Move Jack Skellington (Explorer of Unknown Realms) to The Bakery")
    s.choose(0, "Move Jack Skellington (Explorer of Unknown Realms) to Toy Factory")
    # the outer end of Christmas Town is not connected to the outer end of Halloweentown
    assert _move_labels(s) == [
        "Move Jack Skellington (Explorer of Unknown Realms) to The Bakery",
        "Stop moving",
    ]


@shows("christmas-town.travel.needs-the-text")
def test_a_character_without_the_travel_text_stays_in_its_town(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", ["sally-shy-creature"]), ("the-bakery", [])]}
    s = ct_table(tcg, rows=rows)
    s.choose(0, "Jack's House: Move 4")
    assert _move_labels(s) == ["Move Sally (Shy Creature) to Jack's House", "Stop moving"]


@shows("christmas-town.travel.moving-cards-grant-nothing")
def test_town_meeting_does_not_grant_travel(tcg):
    rows = {0: [("town-hall", []), ("town-square", []), ("the-bakery", ["zero"]), ("candy-shop", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["town-meeting"]}, pp={0: 6})
    # Zero in Christmas Town may not cross to Town Hall or Town Square, and nobody else could
    # go: the card would move no one, so it is not offered
    assert not any(c.label.startswith("Play Town Meeting!") for c in s.expect(0, "turn").choices)
    assert row(s, 0)[2] == ("the-bakery", ["zero"])


@shows("christmas-town.travel.needs-the-text", "christmas-town.travel.moving-cards-grant-nothing")
def test_a_character_that_follows_a_traveller_does_not_cross_without_travel(tcg):
    # Zero may follow Jack for free when Jack leaves his Locale; Jack (Explorer) may travel,
    # Zero may not, so Jack crosses into Christmas Town alone and nobody asks about Zero.
    explorer = "jack-skellington-explorer-of-unknown-realms"
    rows = {0: [("jacks-house", []), ("town-hall", [explorer, "zero"]), ("the-bakery", [])]}
    s = ct_table(tcg, rows=rows)
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, "Move Jack Skellington (Explorer of Unknown Realms) to The Bakery")
    s.choose(0, "Stop moving")
    assert s.prompts()[0].kind == "turn"  # Jack's Pumpkin Point came at once; Zero was never offered
    assert row(s, 0) == [("jacks-house", []), ("town-hall", ["zero"]), ("the-bakery", [explorer])]
    # within a town Zero still follows him
    s.choose(0, "End your turn")
    rows = {0: [("jacks-house", [explorer, "zero"]), ("town-hall", []), ("the-bakery", [])]}
    s = ct_table(tcg, rows=rows)
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, "Move Jack Skellington (Explorer of Unknown Realms) to Town Hall")
    s.choose(0, "Stop moving")
    s.choose(0, "Yes", kind="may")
    assert row(s, 0)[1] == ("town-hall", sorted([explorer, "zero"]))


@shows("christmas-town.travel.printed-or-lent", "christmas-town.travel.lent-for-one-move")
def test_magical_journey_lets_a_halloween_character_travel_for_that_move_only(tcg):
    rows = {
        0: [
            ("jacks-house", []),
            ("tree-circle", ["sally-shy-creature"]),
            ("the-bakery", []),
            ("candy-shop", []),
        ]
    }
    s = ct_table(tcg, rows=rows, hands={0: ["magical-journey"]})
    s.choose(0, "Play Magical Journey (0 PP)")
    s.choose(0, "Candy Shop", kind="destination")
    assert row(s, 0)[3] == ("candy-shop", ["sally-shy-creature"])
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, "Move Sally (Shy Creature) to The Bakery")
    # the card let her travel for its own move only: she may not cross back with Movement
    assert _move_labels(s) == ["Move Sally (Shy Creature) to Candy Shop", "Stop moving"]
    s.choose(0, "Stop moving")
    assert row(s, 0)[2] == ("the-bakery", ["sally-shy-creature"])


# --- 5. Joy Thresholds -----------------------------------------------------------------------------
@shows("christmas-town.joy.active", "christmas-town.joy.only-christmas-characters")
def test_joy_counts_only_christmas_characters(tcg):
    explorer = "jack-skellington-explorer-of-unknown-realms"
    rows = {0: [("jacks-house", []), ("town-hall", []), ("candy-shop", ["eddy-the-elf", explorer])]}
    s = ct_table(tcg, rows=rows)
    assert [x["active"] for x in s.match.view(0)["players"][0]["row"]] == [True, False, False]
    rows = {
        0: [
            ("jacks-house", []),
            ("town-hall", []),
            ("candy-shop", ["eddy-the-elf", "suzy-the-elf", explorer]),
        ]
    }
    s = ct_table(tcg, rows=rows)
    assert [x["active"] for x in s.match.view(0)["players"][0]["row"]] == [True, False, True]


@shows("christmas-town.joy.christmas-free", "christmas-town.joy.christmas-score-nothing")
def test_christmas_characters_are_free_and_score_nothing(tcg):
    rows = {0: [("jacks-house", []), ("candy-shop", ["eddy-the-elf", "santa-claus"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["suzy-the-elf"]})
    assert "Play Suzy the Elf (Stocking Stuffer) under Candy Shop (0 PP)" in options(s)
    assert s.match.view(0)["players"][0]["score"] == 0


def test_santas_house_lowers_the_joy_a_factory_needs(tcg):
    rows = {0: [("jacks-house", []), ("santas-house", ["santa-claus"]), ("cookie-factory", ["eddy-the-elf"])]}
    s = ct_table(tcg, rows=rows)
    assert [x["active"] for x in s.match.view(0)["players"][0]["row"]] == [True, True, True]


# --- 6. Christmas Town Locale Bonuses -------------------------------------------------------------
@shows(
    "christmas-town.bonus.many-at-once",
    "christmas-town.bonus.one-function",
    "christmas-town.bonus.continuous",
)
def test_several_bonuses_work_at_once_and_the_function_is_still_one(tcg):
    rows = {
        0: [
            ("jacks-house", []),
            ("town-center", ["eddy-the-elf", "suzy-the-elf", "nelly-the-elf", "iggy-the-elf"]),
            ("doll-factory", ["mrs-claus", "santa-claus", "pauly-the-elf"]),
            ("toy-factory", ["barry-the-elf"]),
        ]
    }
    deck = ["zero", "igor", "fire", "clown", "cyclops", "wolfman"]
    s = ct_table(tcg, rows=rows, hands={0: ["jingle-bells"]}, decks={0: deck}, pp={0: 4})
    s.choose(0, "Jack's House: Draw 2 cards")
    assert hand(s, 0) == sorted(["jingle-bells", "zero", "igor", "fire"])  # Town Center added one
    assert not any(x.startswith("Jack's House:") for x in options(s))  # one Function per turn
    s.choose(0, "Play Jingle Bells (4 PP)")  # Toy Factory is not Active: full price
    assert "clown" in hand(s, 0)  # Doll Factory draws for the Creation


@shows("christmas-town.bonus.continuous")
def test_an_inactive_locale_gives_no_bonus(tcg):
    rows = {0: [("jacks-house", []), ("town-center", ["eddy-the-elf"])]}
    s = ct_table(tcg, rows=rows, decks={0: ["zero", "igor", "fire"]})
    s.choose(0, "Jack's House: Draw 2 cards")
    assert hand(s, 0) == ["igor", "zero"]


def test_toy_factory_makes_creations_cheaper_but_never_below_one(tcg):
    six = ["eddy-the-elf", "suzy-the-elf", "nelly-the-elf", "iggy-the-elf", "pauly-the-elf", "barry-the-elf"]
    rows = {0: [("jacks-house", []), ("toy-factory", six)]}
    s = ct_table(tcg, rows=rows, hands={0: ["road-kill", "spider-flake"]}, pp={0: 6})
    labels = options(s)
    assert "Play Road Kill (2 PP)" in labels
    assert "Play Spider Flake (1 PP)" in labels


def test_cookie_factory_is_a_bonus_used_in_your_turn(tcg):
    rows = {0: [("jacks-house", []), ("cookie-factory", ["eddy-the-elf", "suzy-the-elf"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["road-kill"]}, decks={0: ["zero"]})
    s.choose(0, "Cookie Factory: Discard a Creation from hand to draw a card")
    s.choose(0, "Discard Road Kill", kind="discard")
    assert hand(s, 0) == ["zero"]


# --- 7. Winning the Game ---------------------------------------------------------------------------
@shows("christmas-town.win.tie-thresholds")
def test_a_tie_is_broken_by_joy_thresholds(tcg):
    elves = ["eddy-the-elf", "suzy-the-elf", "nelly-the-elf", "iggy-the-elf"]
    rows = {
        0: [("oogies-lair", ["igor"]), ("town-center", elves)],
        1: [("oogies-lair", []), ("the-well", ["igor"])],
    }
    s = ct_table(tcg, rows=rows)
    st = s.state
    st.over = True
    outcome = tcg.outcome(st)
    assert outcome.scores == (1, 1)
    assert tcg.rules.active_count(st, 0) == tcg.rules.active_count(st, 1) == 2
    # Joy 4 of Town Center beats the Scare Threshold 1 of The Well
    assert outcome.winners == (0,)
    assert outcome.tiebreak == "highest total threshold of Active Locales"


@shows("christmas-town.win.halloween-in-christmas-town-scores")
def test_halloween_characters_in_christmas_town_still_score(tcg):
    explorer = "jack-skellington-explorer-of-unknown-realms"
    rows = {0: [("jacks-house", []), ("candy-shop", [explorer])]}
    s = ct_table(tcg, rows=rows)
    assert s.match.view(0)["players"][0]["score"] == 2


def test_toy_factory_is_a_price_cut_the_menu_counts_on():
    tcg = christmas_tcg()
    pool = tcg.rules.defs
    cards = [pool["claw-catapult"]]  # a Creation of 3
    factory = [*cards, pool["toy-factory"]]
    cuts = tcg.rules.hooks.price_cuts(("christmas-town",), factory)
    assert cuts == [("creation", -1, 1)]
    assert tcg.rules.price_floors(cards)["claw-catapult"] == 3
    assert tcg.rules.price_floors(factory, cuts)["claw-catapult"] == 2


# --- per-match facts ---------------------------------------------------------------------------
def test_a_matchs_facts_follow_the_cards_it_holds(tcg):
    from nbc.plugins.christmas_town.rules import facts

    s = ct_table(tcg, rows={0: [("jacks-house", []), ("cookie-factory", [])]}, hands={1: ["how-dare-you"]})
    st = s.state
    known = facts(tcg.rules, st)
    assert "surprise_played" in known.answers  # How dare you! is in a hand
    assert "char_discarded" not in known.answers  # no Mirror, Mirror and no Safety in Numbers
    assert "end_phase" in known.answers  # flags left for the End Phase are always tidied
    assert "cookie-factory" in known.ability_locales and not known.toy_factory
    # a card added to the match is seen: the facts are worked out again
    st.cards["c99999"], st.owner["c99999"] = "mirror-mirror", 1
    st.players[1].hand.append("c99999")
    assert "char_discarded" in facts(tcg.rules, st).answers
    assert facts(tcg.rules, st) is facts(tcg.rules, st)  # and kept until the cards change
