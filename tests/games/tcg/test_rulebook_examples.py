"""The rulebook's worked examples, each scripted strictly."""

from __future__ import annotations

from tcgkit import discard, hand, labels, row, table

from nbc.core.game import Context
from nbc.core.rng import Rng
from nbc.core.testkit.ruletests import shows
from nbc.core.testkit.scenario import Scenario

TOWN_HALL_FN = "Town Hall: Draw 1 card and add 3 Pumpkin Points"


@shows("tcg.active.threshold", "tcg.fn.parts-run-in-full")
def test_town_hall_is_active_with_the_mayor_and_mr_hyde(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", ["the-mayor-elected-official", "mr-hyde"])]},
        decks={0: ["igor", "zero", "clown"]},
    )
    assert TOWN_HALL_FN in labels(s, 0)
    s.choose(0, TOWN_HALL_FN)
    assert hand(s, 0) == ["igor"]
    assert s.state.players[0].pp == 3


@shows("tcg.active.threshold", "tcg.active.starting-always")
def test_town_hall_is_not_active_with_the_mayor_alone(tcg):
    s = table(tcg, rows={0: [("jacks-house", []), ("town-hall", ["the-mayor-elected-official"])]})
    assert TOWN_HALL_FN not in labels(s, 0)
    assert "Jack's House: Draw 2 cards" in labels(s, 0)  # a Starting Locale is always Active


SALLYS_ROOM = [("jacks-house", ["igor"]), ("sallys-room", ["sally-shy-creature"]), ("town-hall", ["mr-hyde"])]
SALLYS_FN = "Sally's Room: Add 2 Pumpkin Points and Move 3"


@shows("tcg.fn.move-adjacent", "tcg.fn.move-split", "tcg.fn.move-any-character")
def test_sallys_room_moves_three_characters_once_each(tcg):
    s = table(tcg, rows={0: SALLYS_ROOM})
    s.choose(0, SALLYS_FN)
    s.choose(0, "Move Igor (Faithful Lackey) to Sally's Room")
    s.choose(0, "Move Sally (Shy Creature) to Town Hall")
    s.choose(0, "Move Mr. Hyde (Covert Fellow) to Sally's Room")
    assert row(s, 0) == [
        ("jacks-house", []),
        ("sallys-room", ["igor", "mr-hyde"]),
        ("town-hall", ["sally-shy-creature"]),
    ]
    assert s.state.players[0].pp == 2
    s.expect(0, "turn")  # three Movement spent: back to the turn


@shows("tcg.fn.active-when-chosen", "tcg.fn.move-split")
def test_sallys_room_moves_one_character_three_times_even_after_the_room_goes_inactive(tcg):
    s = table(tcg, rows={0: SALLYS_ROOM})
    s.choose(0, SALLYS_FN)
    s.choose(0, "Move Sally (Shy Creature) to Town Hall")  # the Room is no longer Active
    assert not tcg.rules.is_active(s.state, 0, 1)
    s.choose(0, "Move Sally (Shy Creature) to Sally's Room")
    s.choose(0, "Move Sally (Shy Creature) to Jack's House")
    assert row(s, 0)[0] == ("jacks-house", ["igor", "sally-shy-creature"])
    s.expect(0, "turn")


@shows("tcg.fn.move-split", "tcg.fn.stop-early")
def test_sallys_room_splits_two_and_one_or_stops_early(tcg):
    s = table(tcg, rows={0: SALLYS_ROOM})
    s.choose(0, SALLYS_FN)
    s.choose(0, "Move Igor (Faithful Lackey) to Sally's Room")
    s.choose(0, "Move Igor (Faithful Lackey) to Town Hall")
    s.choose(0, "Move Sally (Shy Creature) to Jack's House")
    assert row(s, 0)[2] == ("town-hall", ["igor", "mr-hyde"])

    s = table(tcg, rows={0: SALLYS_ROOM})
    s.choose(0, SALLYS_FN)
    s.choose(0, "Move Igor (Faithful Lackey) to Sally's Room")
    s.choose(0, "Stop moving")
    assert row(s, 0)[1] == ("sallys-room", ["igor", "sally-shy-creature"])
    s.expect(0, "turn")


TOP_SIX = ["sally-shy-creature", "igor", "sally-skilled-alchemist", "clown", "fire", "zero", "behemoth"]


@shows("tcg.search.procedure", "tcg.search.face-up", "tcg.search.all-turned")
def test_search_six_for_sally_takes_every_sally_and_discards_the_rest(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["pull-yourself-together"]},
        decks={0: TOP_SIX},
        pp={0: 1},
    )
    s.choose(0, "Play Pull Yourself Together (1 PP)")
    assert sorted(hand(s, 0)) == ["sally-shy-creature", "sally-skilled-alchemist"]
    assert sorted(discard(s, 0)) == ["clown", "fire", "igor", "zero"]
    assert [s.state.cards[c] for c in s.state.players[0].deck] == ["behemoth"]
    shown = {c["card"] for c in s.match.view(1)["shown"]}  # searched cards are shown to everyone
    assert shown == {"sally-shy-creature", "igor", "sally-skilled-alchemist", "clown", "fire", "zero"}


@shows("tcg.search.nothing-found", "tcg.surprise.discarded-after")
def test_search_finding_nothing_discards_every_card_turned(tcg):
    deck = ["igor", "clown", "fire", "behemoth", "cyclops", "devil", "reaper"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["fetch"]}, decks={0: deck})
    s.choose(0, "Play Fetch (0 PP)")
    assert hand(s, 0) == []
    assert discard(s, 0) == deck[:6]
    assert s.state.cards[s.state.players[0].surprise_discard[0]] == "fetch"


@shows("tcg.search.short-deck")
def test_a_search_with_a_short_deck_searches_what_is_left(tcg):
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["fetch"]}, decks={0: ["zero", "igor"]})
    s.choose(0, "Play Fetch (0 PP)")
    assert hand(s, 0) == ["zero"]
    assert discard(s, 0) == ["igor"]
    assert s.state.players[0].deck == []


@shows("tcg.search.every-copy")
def test_search_for_jack_and_sally_must_take_every_copy(tcg):
    deck = ["sally-shy-creature", "jack-skellington-the-pumpkin-king", "sally-shy-creature", "igor"]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["i-never-realized"]}, decks={0: deck})
    s.choose(0, "Play I never realized (0 PP)")  # only the Search can be chosen: no Jack and Sally together
    assert hand(s, 0) == ["jack-skellington-the-pumpkin-king", "sally-shy-creature", "sally-shy-creature"]
    assert discard(s, 0) == []
    assert [s.state.cards[c] for c in s.state.players[0].deck] == ["igor"]  # only 3 were turned


@shows("tcg.search.counted", "tcg.cards.surprise-choose-ability")
def test_search_for_one_creation_takes_one_of_those_found(tcg):
    deck = ["jingle-bells", "igor", "nutcracker", "fire", "clown", "zero"]
    s = table(
        tcg,
        rows={0: [("jacks-house", ["jack-skellington-the-pumpkin-king"])]},
        hands={0: ["my-fantasies"]},
        decks={0: deck},
    )
    s.choose(0, "Play My Fantasies (0 PP)")
    s.choose(0, "Search 6 for 1 Creation", kind="mode")  # the OR is settled before any card is turned
    s.choose(0, "Take Nutcracker", kind="search-take")
    assert hand(s, 0) == ["nutcracker"]
    assert sorted(discard(s, 0)) == ["clown", "fire", "igor", "jingle-bells", "zero"]


@shows("tcg.search.counted", "tcg.search.or-before-turning")
def test_search_for_one_card_takes_any_one(tcg):
    deck = ["jingle-bells", "igor", "nutcracker", "fire", "clown", "reaper"]
    s = table(
        tcg,
        rows={0: [("jacks-house", ["jack-skellington-the-pumpkin-king", "zero"])]},
        hands={0: ["fetch"]},
        decks={0: deck},
    )
    events = s.choose(0, "Play Fetch (0 PP)")
    assert not any(e.kind == "search" for e in events)  # nothing is turned before the OR is settled
    s.choose(0, "Search 6 for any 1 card", kind="mode")
    assert len(s.expect(0, "search-take").choices) == 6
    s.choose(0, "Take Reaper (Grim Harvester)")
    assert hand(s, 0) == ["reaper"]


@shows(
    "tcg.other.replace-version",
    "tcg.other.replace-same-locale",
    "tcg.other.replace-stack-moves",
    "tcg.other.forced-single-choice",
)
def test_replacing_jack_costs_the_difference_and_keeps_his_place(tcg):
    def stack(st):
        jack = st.players[0].row[0].characters[0]
        look = "c99999"
        st.cards[look], st.owner[look] = "look-what-youve-done", 0
        st.stacked[jack] = [look]

    s = table(
        tcg,
        rows={0: [("town-hall", []), ("jacks-house", ["jack-skellington-the-pumpkin-king", "zero"])]},
        hands={0: ["jack-skellington-master-of-fright"]},
        creations={0: []},
        pp={0: 2},
        edit=lambda st: (st.players[0].row.reverse(), stack(st)),
    )
    s.choose(0, "Replace Jack Skellington (The Pumpkin King) with Jack Skellington (Master of Fright) (2 PP)")
    st = s.state
    assert st.players[0].pp == 0
    jack = next(c for c in st.players[0].row[0].characters if st.cards[c].startswith("jack"))
    assert st.cards[jack] == "jack-skellington-master-of-fright"
    assert [st.cards[c] for c in st.stacked[jack]] == ["look-what-youve-done"]  # Stacked Surprises move over
    assert tcg.rules.scare(st, jack) == 6
    # Master of Fright's own text then discards another Character at his Locale: Zero
    assert sorted(discard(s, 0)) == ["jack-skellington-the-pumpkin-king", "zero"]


@shows("tcg.other.replace-equal-free", "tcg.other.replace-never-lower")
def test_replacing_with_an_equal_version_is_free_and_never_with_a_lower_one(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["sally-shy-creature", "jack-skellington-master-of-fright"])]},
        hands={0: ["sally-skilled-alchemist", "jack-skellington-the-pumpkin-king"]},
    )
    options = labels(s, 0)
    assert "Replace Sally (Shy Creature) with Sally (Skilled Alchemist) (0 PP)" in options
    assert not any("The Pumpkin King" in o for o in options)  # no lower version, no second Jack


@shows("tcg.other.replace-no-discard-effects")
def test_replacing_a_character_triggers_no_discard_effects(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["sally-shy-creature", "the-mayor-lugubrious-leader"])]},
        hands={0: ["sally-skilled-alchemist"]},
        decks={0: ["igor", "zero"]},
    )
    s.choose(0, "Replace Sally (Shy Creature) with Sally (Skilled Alchemist) (0 PP)")
    assert hand(s, 0) == []  # the Lugubrious Leader did not draw
    s.expect(0, "turn")


@shows("tcg.other.and-then")
def test_twilight_sun_returns_a_vampire_and_then_draws_three(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["vampire-count"])]},
        hands={0: ["twilight-sun"]},
        decks={0: ["igor", "zero", "clown", "fire"]},
        pp={0: 2},
    )
    s.choose(0, "Play Twilight Sun (2 PP)")
    s.choose(0, "Return any player's Vampire to hand, and then draw 3", kind="mode")
    assert hand(s, 1) == ["vampire-count"]
    assert hand(s, 0) == ["clown", "igor", "zero"]


@shows("tcg.other.and-then", "tcg.other.response-cancels-for-answerer", "tcg.play.responses-in-other-turns")
def test_twilight_sun_draws_nothing_when_the_vampire_is_not_returned(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["vampire-count"])]},
        hands={0: ["twilight-sun"], 1: ["pull-yourself-together"]},
        decks={0: ["igor", "zero", "clown", "fire"]},
        pp={0: 2, 1: 1},
    )
    s.choose(0, "Play Twilight Sun (2 PP)")
    s.choose(0, "Return any player's Vampire to hand, and then draw 3", kind="mode")
    s.choose(1, "Answer with Pull Yourself Together: Cancel it", kind="respond")
    assert row(s, 1) == [("oogies-lair", ["vampire-count"])]
    assert hand(s, 0) == []  # "and then": no return, no draw
    assert s.state.players[1].pp == 0


@shows("tcg.other.timing-no-interrupt")
def test_wolfman_discards_behemoth_before_behemoth_can_use_his_text(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["behemoth"])]},
        hands={0: ["wolfman"], 1: ["igor", "zero"]},
        decks={0: ["clown", "fire", "reaper"]},
        pp={0: 2},
    )
    assert "Behemoth (Axe Victim): Discard Behemoth: every opponent discards a card" in labels(s, 0)
    s.choose(0, "Play Wolfman (Lycanthropic Beast) under Jack's House (2 PP)")
    prompt = s.expect(0, "choose")  # only the Wolfman's question: no other card may be used now
    assert [p.kind for p in s.prompts(0)] == ["choose"]
    assert {c.label for c in prompt.choices} == {
        "Behemoth (Axe Victim) at seat 0's Jack's House",
        "Choose none",
    }
    s.choose(0, "Behemoth (Axe Victim) at seat 0's Jack's House")
    assert hand(s, 0) == ["clown", "fire"]
    assert hand(s, 1) == ["igor", "zero"]  # Behemoth left play without his own effect
    assert discard(s, 0) == ["behemoth"]
    assert not any("Behemoth" in label for label in labels(s, 0))


@shows(
    "tcg.start.remove-day-counter",
    "tcg.start.reveal-starting-locales",
    "tcg.pk.pp",
    "tcg.pk.tie-no-free",
    "tcg.play.pay-cost",
    "tcg.end.empty-pp",
    "tcg.end.reimburse",
    "tcg.end.rotate-king",
)
def test_the_sample_first_day_between_manny_and_chris(tcg):
    def deal(st):
        manny, chris = st.players
        names = [
            "jack-skellington-the-pumpkin-king",
            "fetch",
            "behemoth",
            "mr-hyde",
            "sax-player",
            "nutcracker",
        ]
        for c, card in zip(manny.hand, [*names, "jingle-bells"], strict=True):
            st.cards[c] = card
        top = ["igor", "clown", "fire", "behemoth", "cyclops", "devil", "reaper"]
        for c, card in zip(reversed(manny.deck), top, strict=False):
            st.cards[c] = card
        st.king, st.asks = 0, []
        tcg.rules.finish_placing(st, Context(Rng(0), [], 0))

    s = Scenario(tcg, players=2, seed=3, options={"decks": ["jack", "oogie"]}, position=deal)
    manny, chris = s.state.players
    assert s.state.round == 1 and s.state.days_left == 11  # the King took the first Day counter
    assert len(manny.hand) == 7 and len(chris.hand) == 5  # starting hands from the Starting Locales
    s.choose(0, "pp", kind="king-activity")
    s.choose(0, "Discard Behemoth (Axe Victim) to do it", kind="king")  # nobody is free: 0 Creations each
    s.choose(1, "Decline", kind="king")
    assert manny.pp == 1 and chris.pp == 0
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    assert manny.pp == 3
    s.choose(0, "Play Jack Skellington (The Pumpkin King) under Jack's House (2 PP)")
    s.choose(0, "Play Fetch (0 PP)")
    assert discard(s, 0)[-6:] == ["igor", "clown", "fire", "behemoth", "cyclops", "devil"]  # no Zero found
    assert [s.state.cards[c] for c in manny.surprise_discard] == ["fetch"]
    assert manny.pp == 1
    s.choose(0, "End your turn")
    s.choose(1, "Oogie's Lair: Draw 2 cards")
    assert len(chris.hand) == 7
    s.choose(1, "End your turn")
    # the End Phase: Pumpkin Points emptied, Fetch goes to the discard pile, Manny may
    # draw one card for it (he does), the King passes
    assert manny.pp == 0 and manny.surprise_discard == []
    assert discard(s, 0)[-1] == "fetch"
    assert [p.seat for p in s.prompts()] == [0]  # Chris played no Surprise: nothing to ask him
    s.choose(0, "Draw 1", kind="reimburse")
    assert "reaper" in hand(s, 0)
    assert s.state.king == 1 and s.state.round == 2
    assert {p.kind for p in s.prompts()} == {"place-locale"}
