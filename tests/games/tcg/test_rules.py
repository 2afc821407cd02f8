"""Rules beyond the worked examples: limits, the Start and End Phases, winning, decks."""

from __future__ import annotations

import pytest
from tcgkit import discard, hand, labels, row, table

from nbc.core.errors import BadOptions
from nbc.core.match import Match
from nbc.core.testkit.ruletests import shows

SIX_SURPRISES = ["fetch", "my-fantasies", "halloween-plans", "i-never-realized", "hyde-and-seek", "bun-ny"]


@shows("tcg.other.surprise-limit")
def test_surprise_limit_is_three_per_turn(tcg):
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: SIX_SURPRISES}, decks={0: ["igor"] * 3})
    for name in ("Fetch", "My Fantasies", "Halloween Plans"):
        s.choose(0, f"Play {name} (0 PP)")
    assert len(s.state.players[0].surprise_discard) == 3
    assert not any(label.startswith("Play") for label in labels(s, 0))


@shows("tcg.surprise.title-once-per-round")
def test_the_same_surprise_title_is_played_once_a_round(tcg):
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["fetch", "fetch"]}, decks={0: ["igor"] * 12})
    s.choose(0, "Play Fetch (0 PP)")
    assert "Play Fetch (0 PP)" not in labels(s, 0)


@shows("tcg.other.hex-once")
def test_hex_text_is_used_once_per_turn(tcg):
    s = table(
        tcg,
        rows={0: [("sallys-room", ["sally-skilled-alchemist"])]},
        hands={0: ["igor", "zero", "clown"]},
        decks={0: ["fire", "reaper"]},
    )
    use = "Sally (Skilled Alchemist): Discard a card to draw 1"
    s.choose(0, use)
    s.choose(0, "Discard Igor (Faithful Lackey)", kind="discard")
    assert use not in labels(s, 0)
    assert s.match.view(0)["players"][0]["row"][0]["characters"][0]["hex"] is True


def test_a_price_cut_stops_at_its_minimum_and_never_raises_a_price(tcg):
    def halloween(st):
        st.cards["c900"], st.owner["c900"] = "this-is-halloween", 1
        st.center.append("c900")

    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["zero", "igor", "sally-skilled-alchemist"]},
        pp={0: 1},
        edit=halloween,
    )
    offered = labels(s, 0)
    assert "Play Zero (Ghost Dog) under Jack's House (0 PP)" in offered  # 0 stays 0
    assert "Play Igor (Faithful Lackey) under Jack's House (1 PP)" in offered  # 1 stays 1
    assert "Play Sally (Skilled Alchemist) under Jack's House (1 PP)" in offered  # 2 less 1


@shows("tcg.fn.pp-cap")
def test_pumpkin_points_never_exceed_six(tcg):
    s = table(tcg, rows={0: [("oogies-lair", [])]}, pp={0: 5})
    s.choose(0, "Oogie's Lair: Add 3 Pumpkin Points")
    assert s.state.players[0].pp == 6


@shows("tcg.turn.one-function")
def test_one_function_per_turn(tcg):
    s = table(tcg, rows={0: [("oogies-lair", []), ("town-square", ["oogie-boogie-meanest-guy-around"])]})
    s.choose(0, "Town Square: Add 4 Pumpkin Points")
    assert not any(":" in label and "Oogie's Lair" in label for label in labels(s, 0))


@shows("tcg.other.card-text-wins")
def test_oogie_needs_two_movement_to_leave_his_lair(tcg):
    s = table(tcg, rows={0: [("oogies-lair", ["oogie-boogie-meanest-guy-around"]), ("the-well", [])]})
    s.choose(0, "Oogie's Lair: Move 1")
    assert s.expect(0, "turn")  # nothing could move with one Movement: the Function is over
    s = table(tcg, rows={0: [("jacks-house", []), ("oogies-lair", ["oogie-boogie-meanest-guy-around"])]})
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, "Move Oogie Boogie (Meanest Guy Around) to Jack's House")
    assert s.expect(0, "move").text.endswith("(2 Movement left)")


@shows("tcg.start.locale-placement", "tcg.start.locale-not-between")
def test_new_locales_go_at_either_end_of_the_row(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", [])]},
        turns_taken=1,
        edit=lambda st: setattr(st, "days_left", 5),
    )
    s.choose(0, "End your turn")  # the last turn of the Day: End Phase, then a new Day
    for seat in (0, 1):
        prompt = s.expect(seat, "place-locale")
        assert [c.id for c in prompt.choices] == ["left", "right"]
    new = s.state.cards[s.state.players[0].locale_deck[-1]]
    s.choose(0, "left", kind="place-locale")
    s.choose(1, "right", kind="place-locale")
    assert row(s, 0)[0][0] == new
    assert [name for name, _ in row(s, 0)[1:]] == ["jacks-house", "town-hall"]
    assert s.expect(1 if s.state.king == 1 else 0, "king-activity")


@shows("tcg.start.locale-decks-empty")
def test_no_locale_step_once_the_locale_decks_are_empty(tcg):
    s = table(tcg, turns_taken=1, edit=lambda st: [p.locale_deck.clear() for p in st.players])
    s.choose(0, "End your turn")
    assert {p.kind for p in s.prompts()} == {"king-activity"}


@shows("tcg.pk.draw-free-for-fewest")
def test_king_activity_is_free_only_for_a_single_leader(tcg):
    s = table(
        tcg,
        turns_taken=1,
        hands={0: ["igor"], 1: ["igor", "zero"]},
        edit=lambda st: [p.locale_deck.clear() for p in st.players],
    )
    s.choose(0, "End your turn")
    king = s.state.king
    s.choose(king, "draw", kind="king-activity")
    seat0 = {c.label for c in s.expect(king, "king").choices}
    assert ("Do it for free" in seat0) == (king == 0)  # seat 0 alone holds the fewest cards


@shows(
    "tcg.end.order",
    "tcg.end.empty-pp",
    "tcg.end.remove-hex",
    "tcg.end.recycle-empty",
    "tcg.end.rotate-king",
)
def test_end_phase_order(tcg):
    """PP emptied, Surprises reimbursed, Hex removed, hand cut to 7, empty deck recycled, King passed."""
    s = table(
        tcg,
        rows={0: [("sallys-room", ["sally-skilled-alchemist"])]},
        hands={0: ["fetch", "igor", "zero", "clown", "fire", "reaper", "cyclops", "devil"]},
        decks={0: ["behemoth", "wolfman", "mr-hyde", "jewel", "sandy-claws", "black-cat", "easter-bunny"]},
        discards={0: ["the-crypt"]},
        turns_taken=1,
        pp={0: 4},
    )
    king = s.state.king
    s.choose(0, "Sally (Skilled Alchemist): Discard a card to draw 1")
    s.choose(0, "Discard Igor (Faithful Lackey)", kind="discard")
    s.choose(0, "Play Fetch (0 PP)")  # six turned, one drawn: the deck is now empty
    assert s.state.players[0].deck == []
    s.choose(0, "End your turn")
    p = s.state.players[0]
    assert p.pp == 0
    assert s.state.hexed == []
    s.choose(0, "Draw 1", kind="reimburse")
    # reimbursement drew nothing (the deck was empty), so the hand is cut from 7... to 7
    assert len(p.hand) == 7
    assert len(p.deck) > 0 and p.discard == []  # recycled only because it was empty
    assert s.state.king == (king + 1) % 2


@shows("tcg.end.reimburse", "tcg.end.reimburse-all-or-none")
def test_reimbursing_surprises_is_the_players_choice(tcg):
    """Each player who played Surprises this Day may draw that many cards, or none; the
    players are asked at the same time."""

    def played(st):  # the cards in hand were played as Surprises this Day
        for p in st.players:
            p.surprise_discard, p.hand = p.hand, []

    s = table(
        tcg,
        hands={0: ["fetch"], 1: ["mad-genius", "hitch-a-ride"]},
        decks={0: ["igor", "zero"], 1: ["clown", "fire", "reaper"]},
        turns_taken=1,
        edit=played,
    )
    s.choose(0, "End your turn")
    assert {(p.seat, p.kind) for p in s.prompts()} == {(0, "reimburse"), (1, "reimburse")}
    assert [c.label for c in s.expect(1, "reimburse").choices] == ["Draw 2", "Draw nothing"]
    s.choose(1, "Draw 2", kind="reimburse")
    s.choose(0, "Draw nothing", kind="reimburse")
    assert hand(s, 0) == [] and len(s.state.players[0].deck) == 2
    assert hand(s, 1) == ["clown", "fire"]
    assert discard(s, 0) == ["fetch"] and sorted(discard(s, 1)) == ["hitch-a-ride", "mad-genius"]


@shows("tcg.end.discard-to-seven")
def test_discard_down_to_seven_in_the_end_phase(tcg):
    cards = ["igor", "zero", "clown", "fire", "reaper", "cyclops", "devil", "behemoth", "wolfman"]
    s = table(tcg, hands={0: cards}, turns_taken=1)
    s.choose(0, "End your turn")
    s.choose(0, "Discard Igor (Faithful Lackey)", kind="discard-to-7")
    s.choose(0, "Discard Zero (Ghost Dog)", kind="discard-to-7")
    assert len(s.state.players[0].hand) == 7
    assert not any(p.kind == "discard-to-7" for p in s.prompts())


def _ended(tcg, rows):
    def finish(st):
        st.days_left = 0

    s = table(tcg, rows=rows, turns_taken=1, edit=finish)
    s.choose(0, "End your turn")
    assert s.match.over
    return s.match.outcome()


@shows("tcg.win.most-points", "tcg.end.next-day-or-game-over")
def test_the_most_scare_points_win(tcg):
    out = _ended(tcg, {0: [("jacks-house", ["wolfman"])], 1: [("oogies-lair", ["igor"])]})
    assert out.winners == (0,) and out.scores == (2, 1) and out.tiebreak is None


@shows("tcg.win.tiebreak-active-locales")
def test_tie_broken_by_most_active_locales(tcg):
    out = _ended(
        tcg,
        {0: [("jacks-house", []), ("the-well", ["igor"])], 1: [("oogies-lair", ["igor"]), ("town-hall", [])]},
    )
    assert out.winners == (0,) and out.tiebreak == "most Active Locales"


@shows("tcg.win.tiebreak-thresholds")
def test_tie_broken_by_highest_active_thresholds(tcg):
    out = _ended(
        tcg,
        {
            0: [("jacks-house", []), ("the-well", ["wolfman"])],
            1: [("oogies-lair", []), ("back-alley", ["wolfman"])],
        },
    )
    assert out.winners == (1,) and out.tiebreak == "highest total threshold of Active Locales"


@shows("tcg.win.shared")
def test_a_full_tie_is_a_shared_victory(tcg):
    out = _ended(tcg, {0: [("jacks-house", ["igor"])], 1: [("oogies-lair", ["igor"])]})
    assert out.winners == (0, 1) and out.tiebreak == "shared victory"


@shows("tcg.win.negative-subtracts", "tcg.surprise.stacked-adds-scare")
def test_stacked_surprises_and_negative_numbers_score(tcg):
    def shadow(st):
        igor = st.players[1].row[0].characters[0]
        st.cards["c99998"], st.owner["c99998"] = "shadow-on-the-moon", 0
        st.stacked[igor] = ["c99998"]

    s = table(tcg, rows={1: [("oogies-lair", ["igor"])]}, edit=shadow)
    assert tcg.rules.score(s.state, 1) == 0  # Igor 1, Shadow on the Moon -1


@shows("tcg.deck.main-at-least-forty")
def test_a_ready_deck_by_name_and_a_good_list(tcg):
    deck = {
        "starting_locale": "jacks-house",
        "locales": ["town-hall", "tree-circle", "town-square", "sallys-room", "the-well"],
        "main": {
            "igor": 4,
            "zero": 4,
            "clown": 4,
            "fire": 4,
            "fetch": 4,
            "wolfman": 4,
            "behemoth": 4,
            "cyclops": 4,
            "devil": 4,
            "reaper": 4,
        },
    }
    match = Match.new(tcg, "base", {"decks": ["mayor", deck]}, players=2, seed=5)
    assert match.state.players[0].deck_name == "mayor"
    assert match.state.players[1].deck_name == "custom"


@shows(
    "tcg.deck.one-starting-locale",
    "tcg.deck.five-distinct-locales",
    "tcg.deck.main-at-least-forty",
    "tcg.deck.main-no-locales",
    "tcg.deck.four-copies",
)
def test_a_bad_deck_list_names_every_problem(tcg):
    bad = {
        "starting_locale": "town-hall",
        "locales": ["town-hall", "town-hall", "jacks-house"],
        "main": {
            "jack-skellington-the-pumpkin-king": 3,
            "jack-skellington-master-of-fright": 2,
            "the-well": 1,
            "no-such-card": 1,
        },
    }
    with pytest.raises(BadOptions) as error:
        Match.new(tcg, "base", {"decks": [bad, "nobody"]}, players=2)
    text = str(error.value)
    for part in (
        "starting_locale 'town-hall' is a locale",
        "exactly 5 Locales",
        "must all be different",
        "'jacks-house' in locales is a starting-locale",
        "5 copies of 'Jack Skellington'",
        "'the-well' is a Locale",
        "'no-such-card' is not a card",
        "at least 40",
        "decks[1]: no ready deck called 'nobody'",
    ):
        assert part in text, part


def test_unknown_options_are_refused(tcg):
    with pytest.raises(BadOptions):
        Match.new(tcg, "base", {"decks": ["jack"], "speed": 2}, players=2)


@shows("tcg.other.discard-pile-privacy", "tcg.setup.discard-face-up")
def test_a_player_sees_their_own_discard_pile_and_only_the_top_of_anothers(tcg):
    s = table(tcg, discards={0: ["igor", "zero"], 1: ["clown", "fire", "reaper"]})
    mine, theirs = s.view(0)["players"]
    assert [c["card"] for c in mine["discard"]] == ["igor", "zero"]
    assert theirs["discard"] is None
    assert theirs["discard_size"] == 3 and theirs["discard_top"]["card"] == "reaper"
    spectator = s.view(None)["players"]
    assert [p["discard"] for p in spectator] == [None, None]
    assert [p["discard_top"]["card"] for p in spectator] == ["zero", "reaper"]
