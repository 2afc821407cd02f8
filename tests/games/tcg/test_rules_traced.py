"""Rules of the base rulebook that no other test showed, each scripted from the book:
set-up, the order of a Day, the Pumpkin King's activity, playing cards, Surprises,
the End Phase, scoring and the Other Rules. The clause each test shows is named with
`shows` (plugins/tcg/data/rules.toml)."""

from __future__ import annotations

import pytest
from tcgkit import deck, discard, hand, labels, row, table

from nbc.core.errors import BadOptions
from nbc.core.match import Match
from nbc.core.playout import bot_step
from nbc.core.rng import Rng
from nbc.core.testkit.ruletests import shows

FILLER = ["igor", "clown", "fire", "behemoth", "cyclops", "devil", "reaper", "wolfman"]


def new_card(st, card_id: str, seat: int) -> str:
    """A new card instance owned by `seat`, for a test's own placing."""
    cid = f"c{30_000 + len(st.cards)}"
    st.cards[cid], st.owner[cid] = card_id, seat
    return cid


def kinds(s) -> list[str]:
    return [p.kind for p in s.prompts()]


def answers(s, seat: int) -> list[str]:
    """The answers `seat` is offered to the effect now running (none when not asked)."""
    return [c.label for p in s.prompts(seat) if p.kind == "respond" for c in p.choices]


def let_it_happen(s, seat: int) -> None:
    """Pass on the chance to answer, when `seat` is asked at all (whom a window asks is
    the response machinery's business, not these tests')."""
    if any(p.kind == "respond" for p in s.prompts(seat)):
        s.choose(seat, "Let it happen", kind="respond")


def card_ids(value) -> set[str]:
    """Every card instance id a view names, wherever it sits."""
    found: set[str] = set()
    if isinstance(value, dict):
        if isinstance(value.get("id"), str):
            found.add(value["id"])
        for v in value.values():
            found |= card_ids(v)
    elif isinstance(value, list):
        for v in value:
            found |= card_ids(v)
    return found


def new_day(tcg, players: int = 2, king: int = 0, **kwargs):
    """A table at the last Player Turn of Day 2, so that ending it runs the End Phase and
    Day 3 begins with seat `king` holding the Pumpkin King card; the Locale decks are
    empty, so the Day goes straight to the King's activity."""
    before = (king - 1) % players
    last = (before + players - 1) % players
    more = kwargs.pop("edit", None)

    def edit(st):
        for p in st.players:
            p.locale_deck.clear()
        if more is not None:
            more(st)

    s = table(tcg, players=players, turn=last, king=before, turns_taken=players - 1, edit=edit, **kwargs)
    s.choose(last, "End your turn")
    assert s.state.king == king and s.state.round == 3
    return s


# --- Introduction and Setting Up -----------------------------------------------------------
@shows("tcg.game.twelve-days", "tcg.start.locale-decks-empty", "tcg.end.next-day-or-game-over")
def test_a_whole_match_lasts_twelve_days_and_ends_with_the_count(tcg):
    match = Match.new(tcg, "base", {"decks": ["jack", "oogie"]}, players=2, seed="twelve-days")
    rng = Rng("twelve-days-bots")
    while bot_step(match, rng):
        pass
    st = match.state
    assert match.over and st.round == 12 and st.days_left == 0
    assert [e.data["day"] for e in match.events if e.kind == "day"] == list(range(1, 13))
    assert all(len(p.row) == 6 and p.locale_deck == [] for p in st.players)  # six Locales, decks used up
    places = [e for e in match.events if e.kind == "place-locale"]
    assert len(places) == 2 * 5 and max(e.seq for e in places) < min(
        e.seq for e in match.events if e.kind == "day" and e.data["day"] == 7
    )  # no Locale placed from the seventh Day on
    ends = [e.index for e in match.events if e.kind == "end-phase"]
    assert len(ends) == 12 and match.events[-1].kind == "game-over"
    assert match.outcome().scores == tuple(tcg.rules.score(st, s) for s in range(2))


@shows("tcg.setup.decks", "tcg.setup.pumpkin-points")
def test_each_player_is_dealt_six_locales_and_forty_cards_with_no_pumpkin_points(tcg):
    match = Match.new(tcg, "base", {"decks": ["jack", "oogie"]}, players=2, seed=3)
    st = match.state
    for p, name in zip(st.players, ("jack", "oogie"), strict=True):
        starter = tcg.starters[name]
        assert tcg.rules.def_of(st, p.row[0].locale).kind == "starting-locale"
        assert st.cards[p.row[0].locale] == starter.starting_locale
        assert sorted(st.cards[c] for c in p.locale_deck) == sorted(starter.locales)
        main = [st.cards[c] for c in [*p.deck, *p.hand]]
        assert len(main) == 40 and {tcg.defs[c].kind for c in main} <= {"character", "creation", "surprise"}
        assert p.pp == 0
    assert [v["pumpkin_points"] for v in match.view(0)["players"]] == [0, 0]


@shows("tcg.setup.pumpkin-king")
def test_the_first_pumpkin_king_is_one_player_drawn_at_random(tcg):
    kings = set()
    for seed in range(12):
        match = Match.new(tcg, "base", players=3, seed=f"king-{seed}")
        setup = [e for e in match.events if e.kind == "setup"]
        assert len(setup) == 1 and setup[0].data["king"] == match.state.king
        assert match.view(None)["pumpkin_king"] == match.state.king
        assert [p.seat for p in match.all_prompts()] == [match.state.king]  # the King alone is asked
        kings.add(match.state.king)
    assert kings == {0, 1, 2}


@shows("tcg.setup.day-counters", "tcg.start.remove-day-counter")
def test_twelve_day_counters_and_the_king_takes_one_on_the_first_day(tcg):
    match = Match.new(tcg, "base", players=2, seed=4)
    assert match.state.days == 12
    day = next(e for e in match.events if e.kind == "day")
    assert day.data == {"day": 1, "king": match.state.king, "days_left": 11}
    assert match.view(0)["days_left"] == 11


@shows(
    "tcg.setup.starting-locale-face-down",
    "tcg.setup.hands-after-reveal",
    "tcg.start.reveal-starting-locales",
)
def test_the_starting_locales_turn_over_together_before_any_hand_is_drawn(tcg):
    match = Match.new(tcg, "base", {"decks": ["jack", "oogie"]}, players=2, seed=7)
    st = match.state
    events = match.events
    reveals = [k for k, e in enumerate(events) if e.kind == "reveal-start"]
    draws = [k for k, e in enumerate(events) if e.kind == "draw"]
    assert len(reveals) == 2 and reveals == list(range(reveals[0], reveals[0] + 2))  # at once
    assert draws and min(draws) > max(reveals)  # no card in hand before both are face up
    starting = {st.cards[p.row[0].locale] for p in st.players}
    assert starting == {"jacks-house", "oogies-lair"}
    assert not any(set(e.refs) & starting for e in events[: reveals[0]])  # face down until then
    assert [len(p.hand) for p in st.players] == [7, 5]  # the hands printed on Jack's House and Oogie's Lair
    assert [len(p.row) for p in st.players] == [1, 1]  # no Locale taken from a Locale deck on Day 1
    assert [len(p.locale_deck) for p in st.players] == [5, 5]


@shows("tcg.setup.locale-deck", "tcg.setup.main-deck")
def test_the_locale_deck_and_the_main_deck_are_shuffled_and_hidden(tcg):
    locale_orders, deck_orders = set(), set()
    for seed in range(6):
        match = Match.new(tcg, "base", {"decks": ["jack", "oogie"]}, players=2, seed=f"shuffle-{seed}")
        p = match.state.players[0]
        locale_orders.add(tuple(match.state.cards[c] for c in p.locale_deck))
        deck_orders.add(tuple(match.state.cards[c] for c in p.deck))
        seen = card_ids(match.view(1))
        assert not seen & {*p.locale_deck, *p.deck, *p.hand}  # face down: the other player sees none
        mine = match.view(1)["players"][0]
        assert mine["locale_deck_size"] == 5 and mine["deck_size"] == len(p.deck)
    assert len(locale_orders) > 1 and len(deck_orders) > 1


# --- Round Order ---------------------------------------------------------------------------
@shows(
    "tcg.round.phases",
    "tcg.start.once-per-round",
    "tcg.turn.order-from-king",
    "tcg.end.after-all-turns",
    "tcg.end.rotate-king",
    "tcg.end.next-day-or-game-over",
)
def test_a_day_is_the_start_phase_one_turn_each_from_the_king_and_the_end_phase(tcg):
    s = table(tcg, players=3, turn=1, king=1, edit=lambda st: [p.locale_deck.clear() for p in st.players])
    left = s.state.days_left
    mark = len(s.match.events)
    for seat, following in ((1, 2), (2, 0)):
        s.choose(seat, "End your turn")
        assert [(p.seat, p.kind) for p in s.prompts()] == [(following, "turn")]
        assert s.state.phase == "turn" and s.state.days_left == left  # no Start Phase between turns
    s.choose(0, "End your turn")
    steps = [
        (e.kind, e.data.get("seat", e.data.get("king")))
        for e in s.match.events[mark:]
        if e.kind in ("turn", "turn-end", "end-phase", "king", "day")
    ]
    assert steps == [
        ("turn-end", 1),
        ("turn", 2),
        ("turn-end", 2),
        ("turn", 0),
        ("turn-end", 0),
        ("end-phase", None),
        ("king", 2),  # the card passes to the King's left
        ("day", 2),  # Day counters remain: a new Day begins
    ]
    assert s.state.days_left == left - 1 and s.state.round == 3
    assert [(p.seat, p.kind) for p in s.prompts()] == [(2, "king-activity")]


@shows("tcg.start.order", "tcg.start.remove-day-counter", "tcg.start.no-new-starting-hand")
def test_the_start_phase_takes_a_counter_then_places_locales_then_asks_the_king(tcg):
    s = table(tcg, turns_taken=1, hands={0: ["igor"], 1: ["zero", "clown"]})
    left = s.state.days_left
    mark = len(s.match.events)
    s.choose(0, "End your turn")
    assert s.state.days_left == left - 1
    assert [len(p.hand) for p in s.state.players] == [1, 2]  # no starting hand on a later Day
    assert sorted(kinds(s)) == ["place-locale", "place-locale"]
    s.choose(0, "right", kind="place-locale")
    s.choose(1, "left", kind="place-locale")
    order = [e.kind for e in s.match.events[mark:] if e.kind in ("day", "place-locale")]
    assert order == ["day", "place-locale", "place-locale"]
    assert kinds(s) == ["king-activity"]
    assert [len(p.hand) for p in s.state.players] == [1, 2]


# --- The Pumpkin King's activity -----------------------------------------------------------
@shows("tcg.pk.choose-activity")
def test_the_king_must_pick_one_of_the_three_activities(tcg):
    s = new_day(tcg, hands={0: ["igor"], 1: ["zero"]})
    prompt = s.expect(0, "king-activity")
    assert [c.id for c in prompt.choices] == ["draw", "pp", "move"]  # no way to pick none
    s.choose(0, "pp", kind="king-activity")
    assert s.view(1)["king_activity"] == "pp"  # marked for everyone


@shows("tcg.pk.king-may-decline", "tcg.pk.clockwise", "tcg.pk.once-each", "tcg.pk.pp")
def test_the_activity_goes_round_from_the_king_whatever_he_does_and_once_each(tcg):
    s = new_day(tcg, players=3, king=1, hands={0: ["igor"], 1: ["zero"], 2: ["clown"]})
    s.choose(1, "pp", kind="king-activity")
    assert [(p.seat, p.kind) for p in s.prompts()] == [(1, "king")]
    assert "Decline" in labels(s, 1, "king")
    s.choose(1, "Decline", kind="king")  # the King passes ...
    assert [(p.seat, p.kind) for p in s.prompts()] == [(2, "king")]  # ... and his left still may
    s.choose(2, "Discard Clown (With the Tear-away Face) to do it", kind="king")
    assert [(p.seat, p.kind) for p in s.prompts()] == [(0, "king")]
    s.choose(0, "Decline", kind="king")
    assert [(p.seat, p.kind) for p in s.prompts()] == [(1, "turn")]  # one chance each, then the turns
    assert [p.pp for p in s.state.players] == [0, 0, 1]
    assert discard(s, 2) == ["clown"] and hand(s, 2) == []


@shows("tcg.pk.draw", "tcg.pk.draw-free-for-fewest")
def test_draw_one_costs_a_discard_and_is_free_for_the_player_with_fewest_cards(tcg):
    s = new_day(
        tcg,
        hands={0: ["igor"], 1: ["zero", "clown"]},
        decks={0: ["fire", "reaper"], 1: ["behemoth", "cyclops"]},
    )
    s.choose(0, "draw", kind="king-activity")
    assert "Do it for free" in labels(s, 0, "king")  # one card against two
    s.choose(0, "Do it for free", kind="king")
    assert hand(s, 0) == ["fire", "igor"] and discard(s, 0) == []
    assert "Do it for free" not in labels(s, 1, "king")
    s.choose(1, "Discard Zero (Ghost Dog) to do it", kind="king")
    assert hand(s, 1) == ["behemoth", "clown"] and discard(s, 1) == ["zero"]


@shows("tcg.pk.pp", "tcg.pk.pp-free-for-most-creations")
def test_add_one_point_costs_a_discard_and_is_free_for_the_player_with_most_creations(tcg):
    s = new_day(tcg, hands={0: ["igor"], 1: ["zero"]}, creations={1: ["road-kill"]})
    s.choose(0, "pp", kind="king-activity")
    assert "Do it for free" not in labels(s, 0, "king")
    s.choose(0, "Discard Igor (Faithful Lackey) to do it", kind="king")
    s.choose(1, "Do it for free", kind="king")
    assert [p.pp for p in s.state.players] == [1, 1]
    assert discard(s, 0) == ["igor"] and hand(s, 1) == ["zero"]


@shows("tcg.pk.move", "tcg.pk.move-free-for-most-characters")
def test_move_one_costs_a_discard_and_is_free_for_the_player_with_most_characters(tcg):
    s = new_day(
        tcg,
        rows={
            0: [("jacks-house", ["igor", "zero"]), ("town-hall", [])],
            1: [("oogies-lair", ["clown"]), ("the-well", [])],
        },
        hands={0: ["fire"], 1: ["reaper"]},
    )
    s.choose(0, "move", kind="king-activity")
    s.choose(0, "Do it for free", kind="king")
    assert labels(s, 0, "move") == [
        "Move Igor (Faithful Lackey) to Town Hall",
        "Move Zero (Ghost Dog) to Town Hall",
        "Stop moving",
    ]  # one's own Characters, one step
    s.choose(0, "Move Igor (Faithful Lackey) to Town Hall", kind="move")
    assert row(s, 0) == [("jacks-house", ["zero"]), ("town-hall", ["igor"])]
    assert hand(s, 0) == ["fire"]
    assert "Do it for free" not in labels(s, 1, "king")
    s.choose(1, "Discard Reaper (Grim Harvester) to do it", kind="king")
    s.choose(1, "Move Clown (With the Tear-away Face) to The Well", kind="move")
    assert row(s, 1) == [("oogies-lair", []), ("the-well", ["clown"])]
    assert discard(s, 1) == ["reaper"]
    s.expect(0, "turn")  # one move each: nothing more to spend


@shows("tcg.pk.move-not-two-movement")
def test_the_kings_single_move_cannot_take_oogie_out_of_his_lair(tcg):
    s = new_day(
        tcg,
        rows={0: [("oogies-lair", ["oogie-boogie-meanest-guy-around"]), ("the-well", [])]},
        hands={0: ["igor"]},
    )
    s.choose(0, "move", kind="king-activity")
    assert labels(s, 0, "king") == ["Decline"]  # nothing of his can make that one step
    s = new_day(
        tcg,
        rows={0: [("oogies-lair", ["oogie-boogie-meanest-guy-around", "zero"]), ("the-well", [])]},
        hands={0: ["igor"]},
    )
    s.choose(0, "move", kind="king-activity")
    s.choose(0, "Do it for free", kind="king")
    assert labels(s, 0, "move") == ["Move Zero (Ghost Dog) to The Well", "Stop moving"]


@shows("tcg.pk.tie-no-free")
def test_a_tie_for_the_free_use_leaves_nobody_free(tcg):
    s = new_day(tcg, hands={0: [], 1: []})
    s.choose(0, "draw", kind="king-activity")
    assert labels(s, 0, "king") == ["Decline"]  # both hold no card: nobody draws for free
    s.choose(0, "Decline", kind="king")
    assert labels(s, 1, "king") == ["Decline"]
    s = new_day(tcg, hands={0: ["igor"], 1: ["zero"]}, creations={0: ["road-kill"], 1: ["dead-head"]})
    s.choose(0, "pp", kind="king-activity")
    assert "Do it for free" not in labels(s, 0, "king")  # one Creation each


# --- Player Turns and playing cards ---------------------------------------------------------
@shows("tcg.play.own-turn-only")
def test_nobody_plays_a_card_in_another_players_turn(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["zero"], 1: ["igor", "fetch"]},
        pp={1: 3},
    )
    assert s.prompts(1) == []  # seat 1 holds playable cards and points, but it is seat 0's turn
    s.choose(0, "End your turn")
    offered = labels(s, 1)
    assert "Play Igor (Faithful Lackey) under Oogie's Lair (1 PP)" in offered
    assert "Play Fetch (0 PP)" in offered
    assert s.prompts(0) == []


@shows("tcg.turn.play-many-cards", "tcg.play.pay-cost", "tcg.cards.scare-number")
def test_several_cards_in_one_turn_each_paid_by_its_scare_number(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("back-alley", [])]},
        hands={0: ["wolfman", "igor", "zero"]},
        pp={0: 4},
    )
    assert not any(label.startswith("Back Alley:") for label in labels(s, 0))
    s.choose(0, "Play Wolfman (Lycanthropic Beast) under Back Alley (2 PP)")
    assert s.state.players[0].pp == 2
    assert "Back Alley: Draw 2 cards and Move 3" in labels(s, 0)  # his 2 wake the Alley (threshold 2)
    s.choose(0, "Play Igor (Faithful Lackey) under Jack's House (1 PP)")
    s.choose(0, "Play Zero (Ghost Dog) under Jack's House (0 PP)")
    assert s.state.players[0].pp == 1
    assert row(s, 0) == [("jacks-house", ["igor", "zero"]), ("back-alley", ["wolfman"])]
    assert tcg.rules.score(s.state, 0) == 3  # 2 + 1 + 0


@shows("tcg.play.cannot-afford")
def test_a_card_dearer_than_the_points_left_cannot_be_played(tcg):
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["wolfman", "igor"]}, pp={0: 1})
    offered = labels(s, 0)
    assert "Play Igor (Faithful Lackey) under Jack's House (1 PP)" in offered
    assert not any(label.startswith("Play Wolfman") for label in offered)
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    assert "Play Wolfman (Lycanthropic Beast) under Jack's House (2 PP)" in labels(s, 0)


@shows("tcg.play.character-own-locale")
def test_a_character_goes_below_any_locale_of_ones_own_town(tcg):
    s = table(
        tcg,
        rows={
            0: [("jacks-house", []), ("town-hall", []), ("the-well", [])],
            1: [("oogies-lair", []), ("the-crypt", [])],
        },
        hands={0: ["igor"]},
        pp={0: 1},
    )
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    assert [label for label in labels(s, 0) if label.startswith("Play Igor")] == [
        "Play Igor (Faithful Lackey) under Jack's House (1 PP)",
        "Play Igor (Faithful Lackey) under Town Hall (1 PP)",
        "Play Igor (Faithful Lackey) under The Well (1 PP)",
    ]  # not only where the points came from, and never into seat 1's town
    s.choose(0, "Play Igor (Faithful Lackey) under The Well (1 PP)")
    assert row(s, 0)[2] == ("the-well", ["igor"])


@shows("tcg.play.no-limit-per-locale")
def test_any_number_of_characters_may_stand_below_one_locale(tcg):
    crowd = ["igor", "zero", "clown", "cyclops", "black-cat", "behemoth"]
    s = table(tcg, rows={0: [("jacks-house", crowd)]}, hands={0: ["wolfman"]}, pp={0: 2})
    s.choose(0, "Play Wolfman (Lycanthropic Beast) under Jack's House (2 PP)")
    assert row(s, 0) == [("jacks-house", sorted([*crowd, "wolfman"]))]


@shows(
    "tcg.play.one-title-per-town",
    "tcg.cards.versions-one-character",
    "tcg.other.replace-other-alias-only",
)
def test_a_title_in_town_bars_every_copy_and_version_of_it(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["sally-shy-creature"]), ("town-hall", [])]},
        hands={0: ["sally-shy-creature", "sally-skilled-alchemist"]},
        pp={0: 4},
    )
    sally = [label for label in labels(s, 0) if "Sally" in label]
    # no second Sally at either Locale, not even another version; the other version
    # may only take the first one's place, and the same version cannot
    assert sally == ["Replace Sally (Shy Creature) with Sally (Skilled Alchemist) (0 PP)"]


@shows("tcg.play.titles-shared-across-towns", "tcg.play.one-creation-per-title")
def test_a_character_or_creation_an_opponent_has_may_still_be_played(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["sally-shy-creature"])]},
        creations={1: ["road-kill"]},
        hands={0: ["sally-shy-creature", "road-kill"]},
        pp={0: 5},
    )
    offered = labels(s, 0)
    assert "Play Sally (Shy Creature) under Jack's House (2 PP)" in offered
    assert "Play Road Kill (3 PP)" in offered


@shows("tcg.play.creations-aside", "tcg.play.one-creation-per-title")
def test_a_creation_goes_beside_the_row_once_per_title(tcg):
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["road-kill", "road-kill"]}, pp={0: 6})
    s.choose(0, "Play Road Kill (3 PP)")
    assert [s.state.cards[c] for c in s.state.players[0].creations] == ["road-kill"]
    assert row(s, 0) == [("jacks-house", [])]  # not below a Locale
    assert tcg.rules.score(s.state, 0) == 3  # but part of the town
    assert s.state.players[0].pp == 3 and hand(s, 0) == ["road-kill"]
    assert "Play Road Kill (3 PP)" not in labels(s, 0)  # a second copy may not join it


@shows("tcg.play.before-or-after-function", "tcg.play.enable-locale")
def test_cards_are_played_before_or_after_the_function_never_during_it(tcg):
    town_hall = "Town Hall: Draw 1 card and add 3 Pumpkin Points"
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", ["the-mayor-elected-official"])]},
        hands={0: ["mr-hyde", "zero"]},
        decks={0: ["igor", "clown"]},
        pp={0: 1},
    )
    assert town_hall not in labels(s, 0)  # 2 of 3
    s.choose(0, "Play Mr. Hyde (Covert Fellow) under Town Hall (1 PP)")  # before: it wakes Town Hall
    s.choose(0, town_hall)
    assert s.state.players[0].pp == 3 and hand(s, 0) == ["igor", "zero"]
    s.choose(0, "Play Zero (Ghost Dog) under Jack's House (0 PP)")  # after
    assert row(s, 0)[0] == ("jacks-house", ["zero"])

    s = table(tcg, rows={0: [("jacks-house", ["igor"]), ("the-well", [])]}, hands={0: ["zero"]})
    s.choose(0, "Jack's House: Move 4")
    assert kinds(s) == ["move"]  # in the middle of the Function: no turn menu, nothing to play
    assert not any(label.startswith("Play") for label in labels(s, 0, "move"))
    s.choose(0, "Move Igor (Faithful Lackey) to The Well", kind="move")
    s.choose(0, "Stop moving", kind="move")
    assert "Play Zero (Ghost Dog) under Jack's House (0 PP)" in labels(s, 0)


@shows("tcg.active.regular-one-function")
def test_a_regular_locale_has_one_function_that_may_do_several_things(tcg):
    s = table(tcg, rows={0: [("jacks-house", []), ("sallys-room", ["sally-shy-creature", "igor"])]})
    assert [label for label in labels(s, 0) if label.startswith("Sally's Room")] == [
        "Sally's Room: Add 2 Pumpkin Points and Move 3"
    ]
    s.choose(0, "Sally's Room: Add 2 Pumpkin Points and Move 3")
    assert s.state.players[0].pp == 2
    assert s.expect(0, "move").text == "Move your Characters (3 Movement left)"  # the same one Function


@shows("tcg.fn.no-hand-limit-in-turn")
def test_a_hand_may_pass_seven_during_a_turn(tcg):
    nine = ["igor", "zero", "clown", "fire", "reaper", "cyclops", "devil", "behemoth", "wolfman"]
    s = table(
        tcg,
        rows={0: [("oogies-lair", [])]},
        hands={0: nine},
        decks={0: ["black-cat", "jewel", "mr-hyde"]},
        turns_taken=1,
    )
    s.choose(0, "Oogie's Lair: Draw 2 cards")
    assert len(s.state.players[0].hand) == 11
    assert kinds(s) == ["turn"]  # nothing to discard yet
    s.choose(0, "End your turn")
    assert s.expect(0, "discard-to-7").text == "Discard down to 7: 4 more"


@shows("tcg.fn.draw-short-deck", "tcg.end.only-refill-time", "tcg.end.recycle-empty")
def test_a_draw_past_the_deck_takes_what_is_there_and_the_deck_waits_for_the_end_phase(tcg):
    s = table(
        tcg,
        rows={0: [("finklestein-hall", [])]},
        decks={0: ["igor"], 1: ["jewel"]},
        discards={0: ["zero", "clown"]},
        turns_taken=1,
    )
    s.choose(0, "Finklestein Hall: Draw 3 cards")
    assert hand(s, 0) == ["igor"]  # one card was there
    assert deck(s, 0) == [] and discard(s, 0) == ["zero", "clown"]  # not rebuilt in the turn
    s.expect(0, "turn")
    s.choose(0, "End your turn")
    assert sorted(deck(s, 0)) == ["clown", "zero"] and discard(s, 0) == []


@shows("tcg.fn.move-own-only", "tcg.fn.move-any-character")
def test_movement_moves_only_ones_own_characters_wherever_they_stand(tcg):
    s = table(
        tcg,
        rows={
            0: [("jacks-house", []), ("town-hall", ["igor"]), ("the-well", [])],
            1: [("oogies-lair", ["clown"]), ("the-crypt", [])],
        },
    )
    s.choose(0, "Jack's House: Move 4")
    assert labels(s, 0, "move") == [
        "Move Igor (Faithful Lackey) to Jack's House",
        "Move Igor (Faithful Lackey) to The Well",
        "Stop moving",
    ]  # seat 1's Clown is not offered
    s.choose(0, "Move Igor (Faithful Lackey) to The Well", kind="move")  # neither end is Jack's House
    assert row(s, 0)[2] == ("the-well", ["igor"])
    assert row(s, 1) == [("oogies-lair", ["clown"]), ("the-crypt", [])]


# --- Surprises ----------------------------------------------------------------------------
@shows("tcg.surprise.pile-public", "tcg.surprise.discarded-after")
def test_the_surprise_discard_pile_is_apart_and_in_everyones_view(tcg):
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["fetch"]}, decks={0: FILLER})
    s.choose(0, "Play Fetch (0 PP)")
    assert [s.state.cards[c] for c in s.state.players[0].surprise_discard] == ["fetch"]
    assert "fetch" not in discard(s, 0)  # not on the regular pile yet
    for seat in (1, None):
        assert [c["card"] for c in s.view(seat)["players"][0]["surprise_discard"]] == ["fetch"]


@shows("tcg.surprise.title-once-per-round")
def test_a_surprise_title_used_in_ones_turn_cannot_answer_later_that_day_but_may_next_day(tcg):
    s = table(
        tcg,
        turn=1,
        king=1,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["vampire-count"])]},
        hands={0: ["twilight-sun"], 1: ["pull-yourself-together", "pull-yourself-together", "igor"]},
        decks={0: FILLER[:6], 1: FILLER},
        pp={0: 2, 1: 2},
        edit=lambda st: [p.locale_deck.clear() for p in st.players],
    )
    s.choose(1, "Play Pull Yourself Together (1 PP)")  # its Search finds no Sally
    assert s.state.players[1].pp == 1
    s.choose(1, "End your turn")
    s.choose(0, "Play Twilight Sun (2 PP)")
    s.choose(0, "Return any player's Vampire to hand, and then draw 3", kind="mode")
    assert not any("Pull Yourself Together" in a for a in answers(s, 1))  # played this Round already
    let_it_happen(s, 1)
    assert "vampire-count" in hand(s, 1)
    s.choose(0, "End your turn")
    for seat in (0, 1):
        s.choose(seat, "Draw nothing", kind="reimburse")
    s.choose(0, "pp", kind="king-activity")  # Day 3: seat 0 is King
    s.choose(0, "Decline", kind="king")
    s.choose(1, "Discard Igor (Faithful Lackey) to do it", kind="king")
    s.choose(0, "End your turn")
    assert "Play Pull Yourself Together (1 PP)" in labels(s, 1)  # a new Round


@shows("tcg.surprise.reimburse-only-discarded")
def test_a_placed_surprise_earns_no_card_at_the_end_phase(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["halloweentown-gates", "fetch"]},
        decks={0: FILLER},
        pp={0: 2},
        turns_taken=1,
    )
    s.choose(0, "Play Halloweentown Gates (2 PP)")
    s.choose(0, "Play Fetch (0 PP)")
    s.choose(0, "End your turn")
    assert [c.label for c in s.expect(0, "reimburse").choices] == ["Draw 1", "Draw nothing"]  # Fetch only


@shows("tcg.surprise.placed-one-per-title")
def test_a_town_holds_one_copy_of_a_placed_surprise(tcg):
    def gates(st):
        st.players[0].placed.append(new_card(st, "halloweentown-gates", 0))

    kw = {"rows": {0: [("jacks-house", [])]}, "hands": {0: ["halloweentown-gates"]}, "pp": {0: 2}}
    assert "Play Halloweentown Gates (2 PP)" in labels(table(tcg, **kw), 0)
    assert "Play Halloweentown Gates (2 PP)" not in labels(table(tcg, edit=gates, **kw), 0)


@shows("tcg.surprise.stacked-adds-scare")
def test_a_stacked_surprise_adds_its_number_toward_waking_the_locale(tcg):
    crypt = "The Crypt: Draw 4 cards"

    def stacked(st):
        shock = st.players[0].row[1].characters[0]
        st.stacked[shock] = [new_card(st, "i-told-you", 0)]

    kw = {"rows": {0: [("jacks-house", []), ("the-crypt", ["shock-little-hag", "igor"])]}}
    assert crypt not in labels(table(tcg, **kw), 0)  # 1 + 1 of 3
    s = table(tcg, edit=stacked, **kw)
    assert crypt in labels(s, 0)  # 1 + 1 + 1 Stacked
    assert tcg.rules.score(s.state, 0) == 3


@shows("tcg.surprise.stacked-text-inert")
def test_a_stacked_surprises_text_does_nothing_once_it_is_stacked(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["jack-skellington-the-pumpkin-king"])], 1: [("oogies-lair", [])]},
        hands={0: ["look-what-youve-done"], 1: ["oogie-boogie-meanest-guy-around"]},
        pp={0: 1, 1: 3},
    )
    s.choose(0, "Play Look what you've done (1 PP)")
    s.choose(0, "Stack on Jack or Sandy; return an opponent's Oogie to hand", kind="mode")
    jack = s.state.players[0].row[0].characters[0]
    assert [s.state.cards[c] for c in s.state.stacked[jack]] == ["look-what-youve-done"]
    assert not any("Look what" in label for label in labels(s, 0))
    s.choose(0, "End your turn")
    s.choose(1, "Play Oogie Boogie (Meanest Guy Around) under Oogie's Lair (3 PP)")
    assert row(s, 1) == [("oogies-lair", ["oogie-boogie-meanest-guy-around"])]  # no Oogie sent back now
    s.expect(1, "turn")


@shows("tcg.surprise.stacked-many-one-per-title")
def test_a_character_carries_several_stacked_surprises_but_one_of_each_title(tcg):
    def stacked(st):
        sandy = st.players[0].row[1].characters[0]
        st.stacked[sandy] = [new_card(st, "look-what-youve-done", 0)]

    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("tree-circle", ["sandy-claws"])], 1: [("oogies-lair", [])]},
        hands={0: ["im-santa-claus", "look-what-youve-done"]},
        decks={0: FILLER},
        pp={0: 2},
        edit=stacked,
    )
    s.choose(0, "Play I'm Santa Claus! (1 PP)")
    s.choose(0, "Stack on Sandy; in Oogie's Lair, discard an opponent's Creation", kind="mode")
    sandy = s.state.players[0].row[1].characters[0]
    on_sandy = sorted(s.state.cards[c] for c in s.state.stacked[sandy])
    assert on_sandy == ["im-santa-claus", "look-what-youve-done"]
    assert tcg.rules.scare(s.state, sandy) == 2  # 0 + 1 + 1
    events = s.choose(0, "Play Look what you've done (1 PP)")
    assert not any(p.kind == "mode" for p in s.prompts(0))  # a second copy may only Search
    assert any(e.kind == "search" for e in events)
    assert len(s.state.stacked[sandy]) == 2


@shows("tcg.surprise.stack-leaves-with-host", "tcg.surprise.placed-discarded-to-regular-pile")
def test_stacked_surprises_are_discarded_when_their_character_leaves_play(tcg):
    def stacked_on(k):
        def edit(st):
            host = st.players[0].row[0].characters[k]
            st.stacked[host] = [new_card(st, "i-told-you", 0)]

        return edit

    s = table(
        tcg,
        rows={0: [("jacks-house", ["behemoth"])], 1: [("oogies-lair", [])]},
        hands={1: ["igor"]},
        edit=stacked_on(0),
    )
    s.choose(0, "Behemoth (Axe Victim): Discard Behemoth: every opponent discards a card")
    assert sorted(discard(s, 0)) == ["behemoth", "i-told-you"]
    assert s.state.stacked == {} and s.state.players[0].surprise_discard == []

    s = table(
        tcg,
        rows={0: [("jacks-house", ["mr-hyde"])], 1: [("oogies-lair", [])]},
        hands={1: ["igor"]},
        edit=stacked_on(0),
    )
    s.choose(0, "Mr. Hyde (Covert Fellow): Return Mr. Hyde to hand: look at an opponent's hand")
    assert hand(s, 0) == ["mr-hyde"]
    assert discard(s, 0) == ["i-told-you"] and s.state.stacked == {}


@shows("tcg.search.even-if-held")
def test_a_search_may_seek_a_card_already_in_hand_and_in_play(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", ["zero"])]},
        hands={0: ["fetch", "zero"]},
        decks={0: ["igor", "zero", "clown", "fire", "reaper", "cyclops", "devil"]},
    )
    s.choose(0, "Play Fetch (0 PP)")
    assert hand(s, 0) == ["zero", "zero"]


@shows("tcg.cards.creation-text-on-play")
def test_a_creations_text_acts_as_it_is_played_and_not_later(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["jack-in-the-box", "clown"]},
        decks={0: ["fetch", *FILLER]},
        pp={0: 6},
    )
    s.choose(0, "Play Jack in the Box (4 PP)")  # no Clown in town: its Search does not happen
    events = s.choose(0, "Play Clown (With the Tear-away Face) under Jack's House (2 PP)")
    assert not any(e.kind == "search" for e in events)  # the Clown's arrival wakes nothing
    assert deck(s, 0)[0] == "fetch" and hand(s, 0) == []
    assert not any("Jack in the Box" in label for label in labels(s, 0))


# --- End Phase ------------------------------------------------------------------------------
@shows("tcg.end.recycle-only-empty")
def test_a_deck_with_a_card_left_keeps_its_discard_pile(tcg):
    s = table(
        tcg,
        decks={0: ["igor"], 1: []},
        discards={0: ["zero", "clown"], 1: ["fire"]},
        turns_taken=1,
    )
    s.choose(0, "End your turn")
    assert deck(s, 0) == ["igor"] and discard(s, 0) == ["zero", "clown"]
    assert deck(s, 1) == ["fire"] and discard(s, 1) == []


# --- Winning ------------------------------------------------------------------------------
def ended(tcg, **kwargs):
    def finish(st):
        st.days_left = 0
        if more is not None:
            more(st)

    more = kwargs.pop("edit", None)
    s = table(tcg, turns_taken=1, edit=finish, **kwargs)
    s.choose(0, "End your turn")
    assert s.match.over
    return s


@shows("tcg.win.scare-points", "tcg.other.halloweentown", "tcg.other.not-in-halloweentown")
def test_scare_points_are_the_characters_creations_placed_and_stacked_surprises(tcg):
    def lay(st):
        wolfman = st.players[0].row[0].characters[0]
        st.stacked[wolfman] = [new_card(st, "i-told-you", 0)]
        st.players[0].placed.append(new_card(st, "halloweentown-gates", 0))

    s = ended(
        tcg,
        rows={0: [("jacks-house", ["wolfman"])], 1: [("oogies-lair", ["igor"])]},
        creations={0: ["road-kill"]},
        hands={0: ["oogie-boogie-eight-ball"]},
        decks={0: ["jack-skellington-demon-of-light"]},
        discards={0: ["sandy-claws-outfit"]},
        edit=lay,
    )
    out = s.match.outcome()
    # Wolfman, I told you!, Road Kill and the Gates; the hand, the deck and the pile add nothing
    assert out.scores == (2 + 1 + 3 + 2, 1)
    assert out.winners == (0,)


@shows("tcg.win.no-thresholds", "tcg.win.most-points")
def test_locale_thresholds_score_nothing(tcg):
    s = ended(tcg, rows={0: [("jacks-house", []), ("pumpkin-patch", [])], 1: [("oogies-lair", ["igor"])]})
    out = s.match.outcome()
    assert out.scores == (0, 1) and out.winners == (1,)  # the Patch's 6 is not a Scare Point


@shows("tcg.win.scores-public")
def test_every_players_score_is_in_every_view(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["igor"])], 1: [("oogies-lair", ["wolfman"])]},
        creations={1: ["road-kill"]},
    )
    for seat in (0, 1, None):
        assert [p["score"] for p in s.view(seat)["players"]] == [1, 5]


# --- Deck Construction ------------------------------------------------------------------------
@shows("tcg.deck.main-at-least-forty")
def test_a_main_deck_may_be_larger_than_forty_but_not_smaller(tcg):
    titles = ["igor", "zero", "clown", "fire", "fetch", "wolfman", "behemoth", "cyclops", "devil", "reaper"]
    big = {
        "starting_locale": "jacks-house",
        "locales": ["town-hall", "tree-circle", "town-square", "sallys-room", "the-well"],
        "main": {**dict.fromkeys(titles, 4), "jewel": 4},
    }
    match = Match.new(tcg, "base", {"decks": [big, "oogie"]}, players=2, seed=1)
    assert len(match.state.players[0].deck) + len(match.state.players[0].hand) == 44
    small = {**big, "main": {**dict.fromkeys(titles[:-1], 4), "reaper": 3}}
    with pytest.raises(BadOptions, match="the Main Deck has 39 cards; it needs at least 40"):
        Match.new(tcg, "base", {"decks": [small, "oogie"]}, players=2, seed=1)


# --- Other Rules ------------------------------------------------------------------------------
@shows("tcg.other.own-name")
def test_a_characters_own_name_means_that_card_not_an_opponents(tcg):
    use = "Sally (Shy Creature): Discard Sally to draw 3"
    s = table(
        tcg,
        rows={
            0: [("jacks-house", ["jack-skellington-the-pumpkin-king"])],
            1: [("oogies-lair", ["sally-shy-creature", "jack-skellington-the-pumpkin-king"])],
        },
        decks={0: FILLER, 1: FILLER},
    )
    assert use not in labels(s, 0)  # the opponent's Sally beside the opponent's Jack is not ours
    s.choose(0, "End your turn")
    assert use in labels(s, 1)


@shows("tcg.other.discard-one-at-a-time", "tcg.setup.discard-face-up")
def test_several_cards_are_discarded_one_at_a_time_in_sight_of_all(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", ["sally-shy-creature"])]},
        hands={0: ["black-cat", "fire", "igor", "zero"]},
        pp={0: 1},
    )
    s.choose(0, "Play Black Cat (Uncertain Omen) under Jack's House (1 PP)")
    for card, name, left in (("fire", "Fire!", "2"), ("zero", "Zero (Ghost Dog)", "1")):
        assert s.expect(0, "discard").text == f"Discard a card ({left} to go)"
        events = s.choose(0, f"Discard {name}", kind="discard")
        shown = [e for e in events if e.kind == "discard" and e.visible_to(1)]
        assert [e.data["card"]["card"] for e in shown] == [card]  # each one, as it goes
        assert s.view(1)["players"][0]["discard_top"]["card"] == card  # face up on the pile
    assert discard(s, 0) == ["fire", "zero"]


@shows("tcg.other.in-play")
def test_discarding_from_play_takes_the_card_from_the_town_not_the_hand(tcg):
    use = "Sally (Shy Creature): Discard Sally to draw 3"
    s = table(
        tcg,
        rows={0: [("jacks-house", ["jack-skellington-the-pumpkin-king"])]},
        hands={0: ["sally-shy-creature"]},
        decks={0: FILLER},
    )
    assert use not in labels(s, 0)  # a Sally in hand is not in play
    s = table(
        tcg,
        rows={0: [("jacks-house", ["jack-skellington-the-pumpkin-king", "sally-shy-creature"])]},
        hands={0: ["sally-shy-creature"]},
        decks={0: ["igor", "zero", "clown"]},
    )
    s.choose(0, use)
    assert row(s, 0) == [("jacks-house", ["jack-skellington-the-pumpkin-king"])]
    assert hand(s, 0) == ["clown", "igor", "sally-shy-creature", "zero"]  # the one in hand stays
    assert s.view(1)["players"][0]["discard_top"]["card"] == "sally-shy-creature"


@shows("tcg.other.not-in-halloweentown")
def test_a_card_in_hand_deck_or_discard_pile_is_not_in_the_town(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", ["igor"])]},
        hands={0: ["dead-head", "undersea-gal"]},
        decks={0: ["undersea-gal"]},
        discards={0: ["undersea-gal", "fire"]},
        pp={0: 3},
    )
    s.choose(0, "Play Dead Head (3 PP)")  # it wants Undersea Gal in the town
    assert not any(p.kind == "recover" for p in s.prompts(0))
    assert hand(s, 0) == ["undersea-gal"] and discard(s, 0) == ["undersea-gal", "fire"]


@shows("tcg.other.beneath-not-in-play")
def test_cards_tucked_under_the_scary_bed_are_out_of_play(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("scary-bed", ["reaper"])]},
        hands={0: ["wolfman", "oogie-boogie-eight-ball"]},
    )
    assert tcg.rules.score(s.state, 0) == 3
    s.choose(0, "Scary Bed: Tuck up to 2 cards from hand under the Bed: 2 Pumpkin Points each")
    s.choose(0, "Tuck Wolfman (Lycanthropic Beast)", kind="tuck")
    s.choose(0, "Tuck Oogie Boogie (Eight Ball)", kind="tuck")
    assert tcg.rules.score(s.state, 0) == 3  # nothing of theirs counts
    assert card_ids(s.view(1)) & set(s.state.players[0].row[1].beneath) == set()  # and nobody sees them
    assert s.view(1)["players"][0]["row"][1]["beneath"] == 2


@shows("tcg.other.hex-leaves-play")
def test_a_hex_counter_goes_with_its_character_and_a_new_copy_may_use_the_text(tcg):
    use = "Sally (Skilled Alchemist): Discard a card to draw 1"
    s = table(
        tcg,
        rows={0: [("sallys-room", ["sally-skilled-alchemist"])]},
        hands={0: ["igor", "wolfman", "sally-skilled-alchemist"]},
        decks={0: ["fire", "reaper", "clown", "zero"]},
        pp={0: 4},
    )
    s.choose(0, use)
    s.choose(0, "Discard Igor (Faithful Lackey)", kind="discard")
    assert use not in labels(s, 0)
    s.choose(0, "Play Wolfman (Lycanthropic Beast) under Sally's Room (2 PP)")
    s.choose(0, "Sally (Skilled Alchemist) at seat 0's Sally's Room", kind="choose")  # she leaves play
    assert s.state.hexed == []
    s.choose(0, "Play Sally (Skilled Alchemist) under Sally's Room (2 PP)")
    assert use in labels(s, 0)  # a new copy, no counter
    assert [c["hex"] for c in s.view(0)["players"][0]["row"][0]["characters"]] == [False, False]


@shows("tcg.other.hex-declined-counts")
def test_a_hex_trigger_turned_down_is_still_the_use_of_the_turn(tcg):
    shock = "shock-bossy-trick-or-treater"
    s = table(
        tcg,
        rows={0: [("jacks-house", [shock, "igor"]), ("town-hall", [])]},
        hands={0: ["zero", "clown"]},
    )
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, "Move Shock (Bossy Trick-or-Treater) to Town Hall", kind="move")
    s.choose(0, "Stop moving", kind="move")
    s.choose(0, "No", kind="may")
    s.choose(0, "Igor (Faithful Lackey): Discard Igor: Move 2")
    s.choose(0, "Move Shock (Bossy Trick-or-Treater) to Jack's House", kind="move")
    s.choose(0, "Stop moving", kind="move")
    assert not any(p.kind == "may" for p in s.prompts(0))  # moved again: not asked again
    assert s.state.players[0].pp == 0 and hand(s, 0) == ["clown", "zero"]
    s.expect(0, "turn")


@shows("tcg.other.surprise-limit-other-turns")
def test_after_three_surprises_a_defensive_one_still_answers_in_another_turn(tcg):
    def three(st):
        p = st.players[1]
        for card in ("fetch", "my-fantasies", "halloween-plans"):
            p.surprise_discard.append(new_card(st, card, 1))
        p.titles_this_round = ["Fetch", "My Fantasies", "Halloween Plans"]

    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["vampire-count"])]},
        hands={0: ["twilight-sun"], 1: ["pull-yourself-together"]},
        decks={0: FILLER[:4]},
        pp={0: 2, 1: 1},
        edit=three,
    )
    s.choose(0, "Play Twilight Sun (2 PP)")
    s.choose(0, "Return any player's Vampire to hand, and then draw 3", kind="mode")
    s.choose(1, "Answer with Pull Yourself Together: Cancel it", kind="respond")
    assert row(s, 1) == [("oogies-lair", ["vampire-count"])]
    assert len(s.state.players[1].surprise_discard) == 4


@shows("tcg.other.response-cancels-for-answerer")
def test_an_answer_spares_only_the_player_who_gives_it(tcg):
    s = table(
        tcg,
        players=3,
        rows={0: [("jacks-house", ["behemoth"])], 1: [("oogies-lair", [])], 2: [("mayor-mobile", [])]},
        hands={1: ["hyde-and-seek", "igor"], 2: ["clown", "devil"]},
    )
    s.choose(0, "Behemoth (Axe Victim): Discard Behemoth: every opponent discards a card")
    s.choose(1, "Answer with Hyde and Seek: Cancel it (draw 2 if you show a Hyde)", kind="respond")
    assert hand(s, 1) == ["igor"] and discard(s, 1) == []
    let_it_happen(s, 2)
    s.choose(2, "Discard Devil (Sadistic Fiend)", kind="discard")  # the other opponent still discards
    assert hand(s, 2) == ["clown"] and discard(s, 2) == ["devil"]


@shows("tcg.other.copies-interchangeable")
def test_copies_of_a_card_make_one_choice(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", [])]},
        hands={0: ["igor", "igor", "igor", "zero"]},
        pp={0: 1},
    )
    assert [label for label in labels(s, 0) if label.startswith("Play Igor")] == [
        "Play Igor (Faithful Lackey) under Jack's House (1 PP)",
        "Play Igor (Faithful Lackey) under Town Hall (1 PP)",
    ]
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["igor"] * 9}, turns_taken=1)
    s.choose(0, "End your turn")
    assert labels(s, 0, "discard-to-7") == ["Discard Igor (Faithful Lackey)"]


@shows("tcg.other.responses-only-when-usable")
def test_an_answer_that_cannot_be_paid_for_is_not_offered(tcg):
    def aimed(pp1: int):
        s = table(
            tcg,
            rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["vampire-count"])]},
            hands={0: ["twilight-sun"], 1: ["pull-yourself-together", "igor"]},
            decks={0: FILLER[:4]},
            pp={0: 2, 1: pp1},
        )
        s.choose(0, "Play Twilight Sun (2 PP)")
        s.choose(0, "Return any player's Vampire to hand, and then draw 3", kind="mode")
        return s

    cancel = "Answer with Pull Yourself Together: Cancel it"
    s = aimed(pp1=0)  # no Sally in play: it costs 1
    assert cancel not in answers(s, 1)
    let_it_happen(s, 1)
    assert "vampire-count" in hand(s, 1)
    assert cancel in answers(aimed(pp1=1), 1)
