"""Rules of the Christmas Town expansion (shared/rules/002) that no other test showed, one
scenario each, named by the clause it shows (plugins/christmas_town/data/rules.toml).

Each position is laid out with `ct_table` and played through the turn menu and the
prompts, as a player would; where a rule is about which town a card belongs to, the
rules' own `town()` and `in_town()` expressions are asked, as the card texts ask them.
"""

from __future__ import annotations

import pytest
from ctkit import MAIN, ct_table, options
from tcgkit import hand, row

from nbc.core.errors import BadOptions
from nbc.core.match import Match
from nbc.core.testkit.ruletests import shows

EXPLORER = "jack-skellington-explorer-of-unknown-realms"  # a Halloween Character that may travel
OPPONENT = [("oogies-lair", [])]


def _card(s, seat: int, card_id: str) -> str:
    """The instance of card_id that seat has in play (in the row, Creations or table)."""
    p = s.state.players[seat]
    pool = [c for slot in p.row for c in slot.characters] + p.creations + p.placed
    return next(c for c in pool if s.state.cards[c] == card_id)


def _town(s, seat: int, card: str) -> str:
    return s.game.rules.ev_at(s.state, seat, card, "town(self_card())")


def _active(s, seat: int = 0) -> list[bool]:
    return [x["active"] for x in s.view(seat)["players"][seat]["row"]]


def _end_of_game(s):
    """Both seats end their turns on the 12th Day: the End Phase ends the game."""
    s.choose(0, "End your turn")
    s.choose(1, "End your turn")
    outcome = s.match.outcome()
    assert outcome is not None and not s.prompts()
    return outcome


# --- 1. Halloweentown & Christmas Town ----------------------------------------------------------
@shows("christmas-town.towns.halloweentown-row", "christmas-town.towns.christmas-town-row")
def test_each_town_holds_its_own_locales_and_the_characters_under_them(tcg):
    rows = {
        0: [
            ("jacks-house", ["igor"]),
            ("town-hall", ["zero"]),
            ("the-bakery", ["eddy-the-elf"]),
            ("candy-shop", ["suzy-the-elf", "nelly-the-elf"]),
        ],
        1: OPPONENT,
    }
    s = ct_table(tcg, rows=rows)
    st, g = s.state, s.game.rules
    slots = st.players[0].row
    assert [_town(s, 0, slot.locale) for slot in slots] == [
        "halloweentown",
        "halloweentown",
        "christmas-town",
        "christmas-town",
    ]
    assert [_town(s, 0, c) for slot in slots for c in slot.characters] == [
        "halloweentown",
        "halloweentown",
        "christmas-town",
        "christmas-town",
        "christmas-town",
    ]
    # the towns' Characters, as card texts count them
    assert g.ev_at(st, 0, slots[0].locale, "in_town('igor', 'halloweentown')") == 1
    assert g.ev_at(st, 0, slots[0].locale, "in_town('igor', 'christmas-town')") == 0
    assert g.ev_at(st, 0, slots[0].locale, "in_town('elf', 'christmas-town')") == 3
    assert g.ev_at(st, 0, slots[0].locale, "in_town('elf', 'halloweentown')") == 0


@shows("christmas-town.towns.halloweentown-creations")
def test_every_creation_is_part_of_halloweentown(tcg):
    rows = {0: [("jacks-house", []), ("the-bakery", [])], 1: OPPONENT}
    s = ct_table(tcg, rows=rows, creations={0: ["road-kill"]}, hands={0: ["spider-flake"]}, pp={0: 6})
    assert _town(s, 0, _card(s, 0, "road-kill")) == "halloweentown"
    s.choose(0, "Play Spider Flake (1 PP)")  # played with a Christmas Town in the row
    assert [s.state.cards[c] for c in s.state.players[0].creations] == ["road-kill", "spider-flake"]
    assert _town(s, 0, _card(s, 0, "spider-flake")) == "halloweentown"


def _stacked_on(s, seat: int, card_id: str) -> list[str]:
    """The Surprises Stacked on seat's Character card_id, by card id."""
    return [s.state.cards[c] for c in s.state.stacked.get(_card(s, seat, card_id), [])]


@shows("christmas-town.towns.halloweentown-surprises")
def test_surprises_on_the_table_or_stacked_in_halloweentown_are_part_of_it(tcg):
    rows = {0: [("jacks-house", [EXPLORER]), ("the-bakery", [])], 1: OPPONENT}
    s = ct_table(tcg, rows=rows, hands={0: ["halloweentown-gates", "alas-poor-jack"]}, pp={0: 2})
    s.choose(0, "Play Halloweentown Gates (2 PP)")
    assert _town(s, 0, _card(s, 0, "halloweentown-gates")) == "halloweentown"
    s.choose(0, "Play Alas! Poor Jack! (0 PP)")  # Stacked on Jack, at Jack's House
    assert _stacked_on(s, 0, EXPLORER) == ["alas-poor-jack"]
    stacked = s.state.stacked[_card(s, 0, EXPLORER)][0]
    assert _town(s, 0, stacked) == "halloweentown"


@shows("christmas-town.towns.christmas-town-stacked-surprises")
def test_a_surprise_stacked_on_a_card_in_christmas_town_is_part_of_christmas_town(tcg):
    rows = {0: [("jacks-house", []), ("the-bakery", [EXPLORER])], 1: OPPONENT}
    s = ct_table(tcg, rows=rows, hands={0: ["alas-poor-jack"]})
    s.choose(0, "Play Alas! Poor Jack! (0 PP)")  # Stacked on Jack, at The Bakery
    assert _stacked_on(s, 0, EXPLORER) == ["alas-poor-jack"]
    stacked = s.state.stacked[_card(s, 0, EXPLORER)][0]
    assert _town(s, 0, stacked) == "christmas-town"


@shows("christmas-town.towns.christmas-town-placed-surprises")
def test_christmas_town_gates_on_the_table_is_part_of_christmas_town(tcg):
    rows = {0: [("jacks-house", []), ("the-bakery", [])], 1: OPPONENT}
    s = ct_table(tcg, rows=rows, hands={0: ["christmas-town-gates"]})
    s.choose(0, "Play Christmas Town Gates (0 PP)")
    assert _town(s, 0, _card(s, 0, "christmas-town-gates")) == "christmas-town"


@shows("christmas-town.towns.set-halloween-locales")
def test_the_sets_halloweentown_locales_work_as_base_locales(tcg):
    def board(who):
        rows = {0: [("jacks-house", []), ("the-observatory", who), ("the-bakery", [])], 1: OPPONENT}
        return ct_table(tcg, rows=rows, decks={0: ["zero", "igor", "fire", "clown"]})

    s = board(["igor"])  # Scare 1 against a Scare Threshold of 2
    assert _active(s) == [True, False, False]
    assert not any(x.startswith("The Observatory:") for x in options(s))
    s = board(["sally-shy-creature"])  # Scare 2
    assert _active(s) == [True, True, False]
    assert _town(s, 0, s.state.players[0].row[1].locale) == "halloweentown"
    s.choose(0, "The Observatory: Draw 3 cards and Move 1")
    assert hand(s, 0) == sorted(["zero", "igor", "fire"])


# --- 2. Playing with Christmas Town Locales -----------------------------------------------------
def _deck(locales, start="jacks-house"):
    return {"starting_locale": start, "locales": locales, "main": MAIN}


@shows("christmas-town.deck.six-locales")
def test_the_locale_deck_still_holds_six_locales(tcg):
    four = ["the-bakery", "candy-shop", "toy-factory", "town-center"]
    with pytest.raises(BadOptions, match="exactly 5 Locales besides the Starting Locale"):
        Match.new(tcg, "christmas-town", {"decks": [_deck(four), "jack"]}, players=2)
    with pytest.raises(BadOptions, match="exactly 5 Locales besides the Starting Locale"):
        Match.new(
            tcg, "christmas-town", {"decks": [_deck([*four, "carousel", "town-hall"]), "jack"]}, players=2
        )
    mixed = Match.new(
        tcg, "christmas-town", {"decks": [_deck([*four, "town-hall"]), "jack"]}, players=2, seed=1
    )
    assert len(mixed.state.players[0].locale_deck) + len(mixed.state.players[0].row) == 6


def _locale_deck(seat: int, locales: list[str]):
    """A layout edit: seat's Locale Deck holds `locales`, the first on top."""

    def edit(st):
        ids = []
        for k, card in enumerate(locales):
            cid = f"loc{seat}-{k}"
            st.cards[cid], st.owner[cid] = card, seat
            ids.append(cid)
        st.players[seat].locale_deck = list(reversed(ids))

    return edit


@shows("christmas-town.row.grouped", "christmas-town.row.order", "christmas-town.row.one-row")
@pytest.mark.parametrize("side", [0, 1])
def test_the_towns_stay_in_two_groups_as_the_locales_come_out(tcg, side):
    """Five Start Phases lay the whole Locale Deck, HT and CT mixed, always at the same end
    (`side`: left or right) of the new Locale's group."""
    order = ["the-bakery", "town-hall", "candy-shop", "tree-circle", "toy-factory"]
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: OPPONENT},
        decks={0: ["zero"] * 20, 1: ["igor"] * 20},
        edit=_locale_deck(0, order),
    )
    placed = 0
    while placed < len(order):
        prompt = s.prompts()[0]
        if prompt.kind == "place-locale" and prompt.seat == 0:
            labels = [c.label for c in prompt.choices]
            if placed == 0:  # the first Christmas Town Locale: one place, right of Halloweentown
                assert labels == ["The Bakery starts your Christmas Town"]
            else:
                assert len(labels) == 2 and "left end" in labels[0] and "right end" in labels[1]
            s.match.act(0, prompt.choices[min(side, len(labels) - 1)].id)
            placed += 1
            towns = [_town(s, 0, slot.locale) for slot in s.state.players[0].row]
            h = towns.count("halloweentown")
            assert towns == ["halloweentown"] * h + ["christmas-town"] * (len(towns) - h)
        elif prompt.kind == "turn":
            s.choose(prompt.seat, "End your turn")
        else:  # another seat's Locale, the Pumpkin King's activity (Draw 1), then Decline
            s.match.act(prompt.seat, prompt.choices[0].id)
    expected = {
        0: ["tree-circle", "town-hall", "jacks-house", "toy-factory", "candy-shop", "the-bakery"],
        1: ["jacks-house", "town-hall", "tree-circle", "the-bakery", "candy-shop", "toy-factory"],
    }[side]
    assert [name for name, _ in row(s, 0)] == expected
    shown = s.view(1)["players"][0]["row"]
    assert [x["gap_before"] for x in shown] == [False, False, False, True, False, False]


# --- 3. Halloween Characters and Christmas Characters -------------------------------------------
@shows("christmas-town.play.travellers-start-in-halloweentown", "christmas-town.play.halloween-characters")
def test_a_traveller_is_played_to_halloweentown_first(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", []), ("the-bakery", []), ("candy-shop", [])], 1: OPPONENT}
    s = ct_table(tcg, rows=rows, hands={0: [EXPLORER, "lock-savage-captor"]}, pp={0: 6})
    plays = [x for x in options(s) if x.startswith("Play ")]
    assert plays and all(" under Jack's House " in x or " under Town Hall " in x for x in plays)
    assert {x.split(" under ")[0] for x in plays} == {
        "Play Jack Skellington (Explorer of Unknown Realms)",
        "Play Lock (Savage Captor)",
    }


@shows("christmas-town.play.one-title")
def test_a_christmas_title_in_halloweentown_keeps_its_copy_out_of_christmas_town(tcg):
    rows = {0: [("jacks-house", ["eddy-the-elf"]), ("the-bakery", [])], 1: OPPONENT}
    s = ct_table(tcg, rows=rows, hands={0: ["eddy-the-elf", "suzy-the-elf"]})
    plays = [x for x in options(s) if x.startswith("Play ")]
    assert plays == ["Play Suzy the Elf (Stocking Stuffer) under The Bakery (0 PP)"]


@shows("christmas-town.play.replace-where-it-stands")
def test_a_new_version_replaces_a_traveller_where_he_stands_in_christmas_town(tcg):
    rows = {0: [("jacks-house", []), ("town-hall", []), ("the-bakery", [EXPLORER])], 1: OPPONENT}
    s = ct_table(tcg, rows=rows, hands={0: ["jack-skellington-the-pumpkin-king"]}, pp={0: 6})
    old, new = "Jack Skellington (Explorer of Unknown Realms)", "Jack Skellington (The Pumpkin King)"
    s.choose(0, f"Replace {old} with {new} (1 PP)")
    assert row(s, 0) == [
        ("jacks-house", []),
        ("town-hall", []),
        ("the-bakery", ["jack-skellington-the-pumpkin-king"]),
    ]
    assert s.state.players[0].pp == 5


@shows(
    "christmas-town.characters.christmas-keeps-holiday",
    "christmas-town.characters.christmas-in-halloweentown",
)
def test_a_christmas_character_in_halloweentown_is_still_christmas_but_of_halloweentown(tcg):
    rows = {0: [("jacks-house", []), ("the-well", ["eddy-the-elf"]), ("the-bakery", [])], 1: OPPONENT}
    s = ct_table(tcg, rows=rows)
    elf = _card(s, 0, "eddy-the-elf")
    shown = s.view(0)["players"][0]["row"][1]["characters"][0]
    assert (shown["holiday"], shown["scare"]) == ("christmas", 0)
    assert _town(s, 0, elf) == "halloweentown"
    st = s.state
    assert s.game.rules.ev_at(st, 0, elf, "in_town('elf', 'christmas-town')") == 0
    assert s.game.rules.ev_at(st, 0, elf, "in_town('elf', 'halloweentown')") == 1
    # still a Christmas Character of Scare 0: The Well (Scare Threshold 1) stays inactive
    assert _active(s) == [True, False, False]


# --- 4. Travel between Holiday Towns ------------------------------------------------------------
@shows("christmas-town.travel.needs-the-text", "christmas-town.travel.inner-edges")
def test_the_pumpkin_kings_move_crosses_only_with_the_travel_text(tcg):
    rows = {
        0: [
            ("jacks-house", []),
            ("town-hall", ["sally-shy-creature", EXPLORER]),
            ("the-bakery", ["eddy-the-elf"]),
        ],
        1: OPPONENT,
    }

    def no_locales(st):
        st.players[0].locale_deck, st.players[1].locale_deck = [], []

    s = ct_table(tcg, king=1, rows=rows, edit=no_locales, decks={0: ["zero"] * 5, 1: ["zero"] * 5})
    s.choose(0, "End your turn")
    s.choose(1, "End your turn")  # the Day ends; seat 0 is the next Pumpkin King
    s.choose(0, "Move 1 Character (free for the single player with the most Characters)")
    s.choose(0, "Do it for free")
    assert options(s, 0, "move") == [
        "Move Sally (Shy Creature) to Jack's House",
        "Move Jack Skellington (Explorer of Unknown Realms) to Jack's House",
        "Move Jack Skellington (Explorer of Unknown Realms) to The Bakery",
        "Stop moving",
    ]  # Sally may not cross; Eddy may not leave Christmas Town
    s.choose(0, "Move Jack Skellington (Explorer of Unknown Realms) to The Bakery")
    assert row(s, 0)[2] == ("the-bakery", sorted(["eddy-the-elf", EXPLORER]))


@shows("christmas-town.travel.inner-edges", "christmas-town.travel.outer-edges")
def test_a_traveller_crosses_back_from_christmas_towns_inner_edge_only(tcg):
    rows = {
        0: [("jacks-house", []), ("town-hall", []), ("the-bakery", []), ("candy-shop", [EXPLORER])],
        1: OPPONENT,
    }
    s = ct_table(tcg, rows=rows)
    s.choose(0, "Jack's House: Move 4")
    # at Christmas Town's outer edge: only along Christmas Town
    assert options(s, 0, "move") == [
        "Move Jack Skellington (Explorer of Unknown Realms) to The Bakery",
        "Stop moving",
    ]
    s.choose(0, "Move Jack Skellington (Explorer of Unknown Realms) to The Bakery")
    assert options(s, 0, "move") == [
        "Move Jack Skellington (Explorer of Unknown Realms) to Town Hall",
        "Move Jack Skellington (Explorer of Unknown Realms) to Candy Shop",
        "Stop moving",
    ]
    s.choose(0, "Move Jack Skellington (Explorer of Unknown Realms) to Town Hall")
    assert row(s, 0)[1] == ("town-hall", [EXPLORER])


def _hitch(tcg, rows, *picks):
    s = ct_table(tcg, rows={0: rows, 1: OPPONENT}, hands={0: ["hitch-a-ride"]})
    s.choose(0, "Play Hitch a Ride (0 PP)")
    for pick in picks:
        s.choose(0, pick)
    return s


@shows("christmas-town.travel.moving-cards-grant-nothing", "christmas-town.travel.needs-the-text")
def test_hitch_a_ride_takes_nobody_across_without_the_travel_text(tcg):
    board = [
        ("town-hall", []),
        ("mayor-mobile", ["sally-shy-creature"]),
        ("the-bakery", []),
        ("candy-shop", []),
    ]
    # nobody stands elsewhere to be brought in, so the card goes straight to its other
    # ability: taking the Mayor-mobile's Characters to one Locale
    s = _hitch(tcg, board, "The Bakery")
    assert [p.kind for p in s.prompts(0)] == ["turn"]  # Sally was not asked: she may not go
    assert row(s, 0)[1] == ("mayor-mobile", ["sally-shy-creature"])
    # the other way: an Elf is never taken out of Christmas Town, and with nobody on the
    # Mayor-mobile either the card has nothing it could begin, so it is not offered
    board = [("town-hall", []), ("mayor-mobile", []), ("the-bakery", ["eddy-the-elf"]), ("candy-shop", [])]
    s = ct_table(tcg, rows={0: board, 1: OPPONENT}, hands={0: ["hitch-a-ride"]})
    assert "Play Hitch a Ride (0 PP)" not in [c.label for p in s.prompts(0) for c in p.choices]
    assert row(s, 0)[2] == ("the-bakery", ["eddy-the-elf"])


@shows("christmas-town.travel.moving-cards-grant-nothing", "christmas-town.travel.outer-edges")
def test_hitch_a_ride_takes_a_traveller_only_between_the_inner_edges(tcg):
    board = [
        ("town-hall", []),
        ("mayor-mobile", [EXPLORER, "sally-shy-creature"]),
        ("the-bakery", []),
        ("candy-shop", []),
    ]
    s = _hitch(tcg, board, "Candy Shop")  # Christmas Town's outer edge: nobody may go
    assert [p.kind for p in s.prompts(0)] == ["turn"]  # not even Jack was asked
    assert row(s, 0)[1] == ("mayor-mobile", sorted([EXPLORER, "sally-shy-creature"]))
    s = _hitch(tcg, board, "The Bakery")
    assert s.expect(0, "pick").text == "Take along: Jack Skellington (Explorer of Unknown Realms)?"
    s.choose(0, "Yes")
    assert [p.kind for p in s.prompts(0)] == ["turn"]  # Sally was never asked
    assert row(s, 0)[1:3] == [("mayor-mobile", ["sally-shy-creature"]), ("the-bakery", [EXPLORER])]


# --- 5. Joy Thresholds --------------------------------------------------------------------------
@shows("christmas-town.joy.christmas-scare-zero")
def test_every_christmas_character_has_scare_zero(tcg):
    christmas = [d for d in tcg.defs.values() if d.kind == "character" and d.holiday == "christmas"]
    assert len(christmas) >= 10
    assert {d.number for d in christmas} == {0}
    rows = {
        0: [("jacks-house", []), ("town-center", ["santa-claus", "mrs-claus", "eddy-the-elf"])],
        1: OPPONENT,
    }
    s = ct_table(tcg, rows=rows)
    assert [c["scare"] for c in s.view(0)["players"][0]["row"][1]["characters"]] == [0, 0, 0]


@shows("christmas-town.joy.active", "christmas-town.joy.threshold")
def test_a_christmas_town_locale_is_active_at_its_joy_threshold_of_christmas_characters(tcg):
    elves = ["eddy-the-elf", "suzy-the-elf", "nelly-the-elf", "iggy-the-elf"]
    for n in range(5):
        s = ct_table(tcg, rows={0: [("jacks-house", []), ("town-center", elves[:n])], 1: OPPONENT})
        slot = s.view(0)["players"][0]["row"][1]
        assert (slot["threshold"], slot["joy"]) == (4, n)
        assert slot["active"] is (n >= 4)


# --- 6. Christmas Town Locale Bonuses -----------------------------------------------------------
@shows("christmas-town.bonus.not-functions", "christmas-town.bonus.one-function")
def test_a_christmas_town_locale_offers_no_function_and_its_bonus_is_not_one(tcg):
    elves = ["eddy-the-elf", "suzy-the-elf", "nelly-the-elf", "iggy-the-elf"]
    rows = {
        0: [("jacks-house", []), ("town-center", elves), ("cookie-factory", ["mrs-claus", "santa-claus"])],
        1: OPPONENT,
    }
    s = ct_table(
        tcg, rows=rows, hands={0: ["road-kill", "spider-flake"]}, decks={0: ["zero", "igor", "fire", "clown"]}
    )
    assert _active(s) == [True, True, True]
    labels = options(s)
    assert not any(x.startswith("Town Center:") for x in labels)
    assert [x for x in labels if x.startswith("Cookie Factory:")] == [
        "Cookie Factory: Discard a Creation from hand to draw a card"
    ]
    s.choose(0, "Cookie Factory: Discard a Creation from hand to draw a card")
    s.choose(0, "Discard Road Kill", kind="discard")
    assert hand(s, 0) == ["spider-flake", "zero"]
    # the Bonus used no Function: Jack's House is still on offer, and the Bonus again
    assert "Jack's House: Draw 2 cards" in options(s)
    s.choose(0, "Cookie Factory: Discard a Creation from hand to draw a card")
    s.choose(0, "Discard Spider Flake", kind="discard")
    s.choose(0, "Jack's House: Draw 2 cards")  # Town Center's Bonus adds a third card
    assert hand(s, 0) == sorted(["zero", "igor", "fire", "clown"])
    assert not any(x.startswith("Jack's House:") for x in options(s))


@shows("christmas-town.bonus.continuous")
def test_a_bonus_starts_when_its_locale_turns_active_and_applies_every_time(tcg):
    rows = {0: [("jacks-house", []), ("doll-factory", ["eddy-the-elf", "suzy-the-elf"])], 1: OPPONENT}
    deck = ["zero", "igor", "fire", "clown"]
    cards = ["spider-flake", "nelly-the-elf", "droopy-cane", "dissected-teddy"]  # Creations of 1
    s = ct_table(tcg, rows=rows, hands={0: cards}, decks={0: deck}, pp={0: 6})
    s.choose(0, "Play Spider Flake (1 PP)")  # Joy 2 of 3: no Bonus
    assert hand(s, 0) == ["dissected-teddy", "droopy-cane", "nelly-the-elf"]
    s.choose(0, "Play Nelly the Elf (Nurturing Nanny) under Doll Factory (0 PP)")
    s.choose(0, "No", kind="may")  # she keeps the hand
    assert _active(s) == [True, True]
    bonus = "Doll Factory: its triggered effect (seat 0)"  # beside the Creation's own text
    s.choose(0, "Play Droopy Cane (1 PP)")  # Active now: each Creation draws a card
    s.choose(0, bonus, kind="order-triggers")
    assert hand(s, 0) == ["dissected-teddy", "zero"]
    s.choose(0, "Play Dissected Teddy (1 PP)")
    s.choose(0, bonus, kind="order-triggers")
    assert hand(s, 0) == ["igor", "zero"]


# --- 7. Winning the Game ------------------------------------------------------------------------
@shows("christmas-town.win.most-scare-points")
def test_the_most_scare_points_win_before_any_tie_break(tcg):
    rows = {
        0: [("oogies-lair", []), ("the-bakery", [EXPLORER])],  # Scare 2, from Christmas Town
        1: [
            ("oogies-lair", ["igor"]),
            ("the-bakery", ["eddy-the-elf"]),
            ("candy-shop", ["suzy-the-elf", "nelly-the-elf"]),
        ],
    }
    outcome = _end_of_game(ct_table(tcg, day=12, rows=rows))
    assert outcome.scores == (2, 1)
    assert outcome.winners == (0,) and outcome.tiebreak is None


@shows("christmas-town.win.tie-active-locales")
def test_a_tie_goes_to_more_active_locales_of_both_towns(tcg):
    rows = {
        0: [("oogies-lair", ["igor"]), ("the-bakery", ["eddy-the-elf"])],  # Active: 2, one in Christmas Town
        1: [("oogies-lair", ["igor"]), ("town-hall", [])],  # Active: 1
    }
    outcome = _end_of_game(ct_table(tcg, day=12, rows=rows))
    assert outcome.scores == (1, 1)
    assert outcome.winners == (0,) and outcome.tiebreak == "most Active Locales"


@shows("christmas-town.win.printed-thresholds", "christmas-town.win.tie-thresholds")
def test_the_tie_break_adds_printed_joy_thresholds(tcg):
    rows = {
        # Santa's House (Joy 1) lets Cookie Factory (Joy 2) work with one Elf: 1 + 2 printed
        0: [("jacks-house", []), ("santas-house", ["santa-claus"]), ("cookie-factory", ["eddy-the-elf"])],
        1: [("oogies-lair", []), ("the-bakery", ["suzy-the-elf"]), ("santas-house", ["mrs-claus"])],  # 1 + 1
    }
    s = ct_table(tcg, day=12, rows=rows)
    assert _active(s, 0) == [True, True, True] and _active(s, 1) == [True, True, True]
    outcome = _end_of_game(s)
    assert outcome.scores == (0, 0)
    assert outcome.winners == (0,) and outcome.tiebreak == "highest total threshold of Active Locales"


@shows("christmas-town.win.tie-shared")
def test_players_tied_after_both_tie_breaks_share_the_win(tcg):
    rows = {
        0: [("oogies-lair", ["igor"]), ("the-bakery", ["eddy-the-elf"])],  # Active 2, thresholds 0 + 1
        1: [("oogies-lair", []), ("the-well", ["igor"])],  # Active 2, thresholds 0 + 1
    }
    outcome = _end_of_game(ct_table(tcg, day=12, rows=rows))
    assert outcome.scores == (1, 1)
    assert outcome.winners == (0, 1) and outcome.tiebreak == "shared victory"
