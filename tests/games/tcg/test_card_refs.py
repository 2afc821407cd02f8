"""Card references: every TCG choice and event that concerns a card names it by its
catalogue id (`data["refs"]`, the card it is about first, then the others its label or
text names), so a client can show the card; a ref is as secret as the card's name."""

from __future__ import annotations

import re

import pytest
from tcgkit import christmas_table, table

from nbc.core.game import Choice
from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.playout import bot_step
from nbc.core.rng import Rng

JACK = "jack-skellington-the-pumpkin-king"
FINK = "dr-finklestein-mad-scientist"
DECK = ["zero", "igor", "fire", "clown", "cyclops", "wolfman", "behemoth", "devil"]


def choice(s, seat: int, label: str, kind: str | None = None) -> Choice:
    found = [
        c for p in s.prompts(seat) if kind is None or p.kind == kind for c in p.choices if c.label == label
    ]
    assert len(found) == 1, f"{label!r} is not one choice of seat {seat}: {s.prompts(seat)}"
    return found[0]


def refs(s, seat: int, label: str, kind: str | None = None) -> list[str]:
    return list(choice(s, seat, label, kind).refs)


def told(s, seat: int | None, kind: str) -> list[list[str]]:
    """The refs of each event of `kind` that `seat` saw in the last choice."""
    return [list(e.refs) for e in s.events(seat, kind=kind, since_last=True)]


def test_playing_a_character_names_it_and_its_locale(tcg):
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["zero"]})
    assert refs(s, 0, "Play Zero (Ghost Dog) under Jack's House (0 PP)") == ["zero", "jacks-house"]
    assert refs(s, 0, "Jack's House: Draw 2 cards") == ["jacks-house"]
    assert refs(s, 0, "End your turn") == []
    s.choose(0, "Play Zero (Ghost Dog) under Jack's House (0 PP)")
    for seat in (0, 1, None):  # a play is seen by everyone, spectators too
        assert told(s, seat, "play") == [["zero"]]


def test_a_draw_names_the_cards_to_the_drawer_alone(tcg):
    s = table(tcg, rows={0: [("jacks-house", [])]}, decks={0: ["igor", "fire", "clown"]})
    s.choose(0, "Jack's House: Draw 2 cards")
    assert told(s, 0, "drew") == [["igor", "fire"]]
    assert told(s, 0, "function") == [["jacks-house"]]
    for seat in (1, None):
        assert told(s, seat, "drew") == []
        assert told(s, seat, "draw") == [[]]  # that seat 0 drew two, and nothing of which


def test_discarding_to_pay_for_the_king_activity_names_the_card(tcg):
    s = table(
        tcg,
        turns_taken=1,
        hands={0: ["igor", "zero"], 1: ["fire"]},
        edit=lambda st: [p.locale_deck.clear() for p in st.players],
    )
    s.choose(0, "End your turn")
    king = s.state.king
    s.choose(king, "pp", kind="king-activity")
    if king == 1:  # the King answers first
        s.choose(1, "Decline", kind="king")
    assert refs(s, 0, "Discard Zero (Ghost Dog) to do it", "king") == ["zero"]
    assert refs(s, 0, "Decline", "king") == []
    s.choose(0, "Discard Zero (Ghost Dog) to do it", kind="king")
    assert told(s, 1, "discard") == [["zero"]]  # a discard is seen by everyone


def test_discarding_down_to_seven_names_each_card(tcg):
    eight = ["igor", "zero", "fire", "clown", "cyclops", "wolfman", "behemoth", "devil"]
    s = table(tcg, turns_taken=1, hands={0: eight})
    s.choose(0, "End your turn")
    prompt = s.expect(0, "discard-to-7")
    names = {c.label: list(c.refs) for c in prompt.choices}
    assert names["Discard Fire!"] == ["fire"]
    assert names["Discard Igor (Faithful Lackey)"] == ["igor"]
    s.choose(0, "Discard Fire!", kind="discard-to-7")
    assert told(s, 1, "discard") == [["fire"]]


def test_a_discard_forced_by_an_effect_names_the_card_to_everyone(tcg):
    behemoth = "Behemoth (Axe Victim): Discard Behemoth: every opponent discards a card"
    s = table(
        tcg, rows={0: [("jacks-house", ["behemoth"])], 1: [("jacks-house", [])]}, hands={1: ["igor", "zero"]}
    )
    assert refs(s, 0, behemoth) == ["behemoth"]
    s.choose(0, behemoth)
    assert told(s, None, "ability") == [["behemoth"]]
    assert told(s, None, "discard") == [["behemoth"]]  # he leaves play to pay for it
    assert refs(s, 1, "Discard Zero (Ghost Dog)", "discard") == ["zero"]
    s.choose(1, "Discard Zero (Ghost Dog)", kind="discard")
    assert told(s, 0, "discard") == [["zero"]]


def test_a_target_names_the_card_and_its_locale_and_its_discard_names_it(tcg):
    s = table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", [FINK, "igor"])], 1: [("oogies-lair", ["reaper"])]},
        hands={1: ["fear-the-reaper"]},
        pp={1: 1},
    )
    assert refs(s, 1, "Play Fear the Reaper (1 PP)") == ["fear-the-reaper"]
    s.choose(1, "Play Fear the Reaper (1 PP)")
    mode = "Discard your Reaper to discard any opponent's Character"
    assert refs(s, 1, mode, "mode") == ["fear-the-reaper"]
    s.choose(1, mode, kind="mode")
    assert told(s, None, "discard") == [["reaper"]]  # the price: its player's Reaper
    target = "Dr. Finklestein (Mad Scientist) at seat 0's Jack's House"
    assert refs(s, 1, target, "choose") == [FINK, "jacks-house"]
    s.choose(1, target, kind="choose")
    assert told(s, None, "discard") == [[FINK]]


def test_a_card_returned_to_hand_is_named(tcg):
    s = table(
        tcg,
        rows={0: [("jacks-house", [JACK])], 1: [("oogies-lair", ["igor"])]},
        hands={0: ["hello-oogie"]},
        pp={0: 3},
    )
    s.choose(0, "Play Hello, Oogie (3 PP)")  # only its first ability is open: no pair to discard
    assert told(s, None, "bounce") == [["igor"]]


def test_movement_names_the_character_and_both_locales(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["igor"]), ("town-hall", [])]})
    s.choose(0, "Jack's House: Move 4")
    assert refs(s, 0, "Move Igor (Faithful Lackey) to Town Hall", "move") == ["igor", "town-hall"]
    assert refs(s, 0, "Stop moving", "move") == []
    s.choose(0, "Move Igor (Faithful Lackey) to Town Hall", kind="move")
    assert told(s, 1, "move") == [["igor", "jacks-house", "town-hall"]]


def test_a_search_shows_every_card_it_turns_to_everyone(tcg):
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["fetch"]}, decks={0: ["igor", "zero", "fire"]})
    s.choose(0, "Play Fetch (0 PP)")
    for seat in (0, 1, None):
        assert told(s, seat, "search") == [["igor", "zero", "fire"]]
        assert told(s, seat, "search-take") == [["zero"]]
        assert sorted(map(tuple, told(s, seat, "discard"))) == [("fire",), ("igor",)]


def test_a_card_tucked_face_down_is_not_named_but_its_locale_is(tcg):
    s = table(tcg, rows={0: [("scary-bed", ["reaper"])]}, hands={0: ["igor", "zero"]})
    s.choose(0, "Scary Bed: Tuck up to 2 cards from hand under the Bed: 2 Pumpkin Points each")
    assert refs(s, 0, "Tuck Zero (Ghost Dog)", "tuck") == ["zero"]
    s.choose(0, "Tuck Zero (Ghost Dog)", kind="tuck")
    assert told(s, 1, "tuck") == [["scary-bed"]]  # which card went under the Bed is seat 0's secret
    assert told(s, 0, "tuck") == [["scary-bed"]]


def test_a_triggered_effect_to_order_names_its_card(tcg):
    s = table(
        tcg,
        rows={0: [("the-laboratory", [FINK])]},
        hands={0: ["road-kill"]},
        decks={0: DECK},
        pp={0: 6},
    )
    s.choose(0, "Play Road Kill (3 PP)")
    prompt = s.expect(0, "order-triggers")
    assert {c.label: list(c.refs) for c in prompt.choices} == {
        "Road Kill: its effect as it is played (seat 0)": ["road-kill"],
        "Dr. Finklestein (Mad Scientist): its triggered effect (seat 0)": [FINK],
    }
    s.leave_open(0, "order-triggers")


def test_a_christmas_town_bonus_names_its_locale():
    elves = ["eddy-the-elf", "suzy-the-elf"]
    s = christmas_table(
        rows={0: [("jacks-house", []), ("cookie-factory", elves)]}, hands={0: ["road-kill"]}, decks={0: DECK}
    )
    cookie = "Cookie Factory: Discard a Creation from hand to draw a card"
    assert refs(s, 0, cookie) == ["cookie-factory"]
    s.choose(0, cookie)
    assert told(s, 1, "ability") == [["cookie-factory"]]
    assert refs(s, 0, "Discard Road Kill", "discard") == ["road-kill"]


def test_a_card_of_data_text_names_the_cards_it_mentions(tcg):
    """A mode whose printed label names another card lists it after its own card."""
    s = table(tcg, rows={0: [("jacks-house", [])]}, hands={0: ["search-lights"]}, pp={0: 3})
    s.choose(0, "Play Search Lights (3 PP)")
    place = "Place it on the table: Fire! costs you 2 less"
    assert refs(s, 0, place, "mode") == ["search-lights", "fire"]
    assert refs(s, 0, "Search 6 for any 1 card", "mode") == ["search-lights"]
    s.choose(0, place, kind="mode")
    assert told(s, 1, "place") == [["search-lights"]]


def test_a_planted_card_is_referred_to_by_its_marker(tcg):
    s = table(tcg, rows={0: [("jacks-house", [])]}, decks={0: ["igor", "fire"]})
    match = Match.from_json(s.match.to_json(), tcg)
    assert tcg.plant(match.state, None, "MARK")  # every card nobody may know: the decks
    match.forget_prompts()
    top = list(reversed(match.state.players[0].deck))[:2]
    match.act(0, "fn:0:0")  # Jack's House: Draw 2 cards
    drew = [e for e in match.events if e.kind == "drew"][-1]
    assert list(drew.refs) == [match.state.planted[c] for c in top]
    assert all(ref.startswith("MARK-") for ref in drew.refs)
    assert "igor" not in str(drew.data) and "fire" not in str(drew.data)


INSTANCE_ID = re.compile(r"\bc\d+\b")


@pytest.mark.parametrize("variant", ["base", "christmas-town"])
def test_texts_use_display_names_and_refs_are_catalogue_ids(variant):
    """Seeded playouts: no label, prompt text or event text shows an instance id, and
    every ref is a card of the catalogue (the kit checks names against refs)."""
    game = PluginHost.load().game("tcg")
    ids = {c.id for c in game.catalogue()}
    for seed in range(4):
        match = Match.new(game, variant, players=2 + seed % 3, seed=seed)
        rng = Rng(f"refs:{seed}")
        while not match.over:
            for prompt in match.all_prompts():
                assert not INSTANCE_ID.search(prompt.text), prompt.text
                for c in prompt.choices:
                    assert not INSTANCE_ID.search(c.label), c.label
                    assert set(c.refs) <= ids, c
            bot_step(match, rng)
        for event in match.events:
            assert not INSTANCE_ID.search(event.text), event.text
            assert set(event.refs) <= ids, event
        assert any(e.refs for e in match.events)
