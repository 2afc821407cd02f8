"""Stacked Surprises that protect the card under them (the TCG's `lends`)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tcg"))

from tcgkit import labels, row, table  # noqa: E402

from nbc.core.host import PluginHost  # noqa: E402


def _tcg():
    return PluginHost.load().game("tcg")


def _stack(seat, slot, surprise, on_creation=False):
    def edit(st):
        zone = st.players[seat].creations if on_creation else st.players[seat].row[slot].characters
        host = zone[0]
        cid = f"c9{len(st.cards)}"
        st.cards[cid], st.owner[cid] = surprise, seat
        st.stacked[host] = [cid]
        st.expansions = ["christmas-town"]

    return edit


def test_aint_goin_nowhere_keeps_its_character_in_play_and_in_place():
    tcg = _tcg()
    s = table(
        tcg,
        rows={
            0: [("jacks-house", ["clown"])],
            1: [("oogies-lair", ["igor", "oogie-boogie-meanest-guy-around"]), ("the-well", [])],
        },
        edit=_stack(1, 0, "aint-goin-nowhere"),
    )
    igor = s.state.players[1].row[0].characters[0]
    assert tcg.rules.is_immune(s.state, igor) and not tcg.rules.can_move(s.state, igor)
    assert not any(label.startswith("Clown") for label in labels(s, 0))  # no Scare 1 target left


def test_alas_poor_jack_stops_opponents_returning_him():
    tcg = _tcg()
    s = table(
        tcg,
        rows={
            0: [("jacks-house", ["jack-skellington-the-pumpkin-king"])],
            1: [("oogies-lair", ["jack-skellington-the-pumpkin-king"])],
        },
        hands={0: ["hello-oogie"]},
        pp={0: 3},
        edit=_stack(1, 0, "alas-poor-jack"),
    )
    # the only Character it could return is kept: the card would do nothing, so it is not offered
    assert not any(c.label.startswith("Play Hello, Oogie") for c in s.expect(0, "turn").choices)
    assert row(s, 1) == [("oogies-lair", ["jack-skellington-the-pumpkin-king"])]


def test_we_bagged_him_keeps_the_bag_from_opponents():
    tcg = _tcg()
    s = table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        creations={1: ["jumbo-treat-bag"]},
        hands={0: ["fire"]},
        pp={0: 5},
        edit=_stack(1, 0, "we-bagged-him", on_creation=True),
    )
    assert not any(c.label.startswith("Play Fire!") for c in s.expect(0, "turn").choices)  # nothing to burn
    assert [s.state.cards[c] for c in s.state.players[1].creations] == ["jumbo-treat-bag"]


def _rat_table(igor_locale):
    rows = {
        0: [("jacks-house", ["jack-skellington-the-pumpkin-king"])],
        1: [("oogies-lair", ["the-rat"]), ("the-well", [])],
    }
    rows[1][igor_locale] = (rows[1][igor_locale][0], [*rows[1][igor_locale][1], "igor"])
    return table(
        _tcg(),
        rows=rows,
        hands={0: ["hello-oogie"]},
        pp={0: 3},
        edit=lambda st: setattr(st, "expansions", ["christmas-town"]),
    )


def test_the_rat_answers_for_a_character_at_his_locale():
    s = _rat_table(0)
    s.choose(0, "Play Hello, Oogie (3 PP)")
    s.choose(0, "Igor (Faithful Lackey) at seat 1's Oogie's Lair", kind="choose")
    s.choose(1, "Answer with The Rat (Prodigal Vermin): Discard The Rat and ignore it", kind="respond")
    assert row(s, 1) == [("oogies-lair", ["igor"]), ("the-well", [])]
    assert [s.state.cards[c] for c in s.state.players[1].discard] == ["the-rat"]


def test_the_rat_does_not_answer_for_a_character_elsewhere():
    s = _rat_table(1)
    s.choose(0, "Play Hello, Oogie (3 PP)")
    s.choose(0, "Igor (Faithful Lackey) at seat 1's The Well", kind="choose")
    assert not s.prompts(1)
    assert row(s, 1) == [("oogies-lair", ["the-rat"]), ("the-well", [])]  # Igor went back to hand


def test_same_routine_repeats_the_kings_activity_in_the_start_phase():
    def setup(st):
        st.expansions = ["christmas-town"]
        for p in st.players:
            p.locale_deck.clear()

    s = table(
        _tcg(),
        hands={0: ["same-routine", "igor", "zero"]},
        decks={0: ["fire", "clown", "reaper"]},
        turns_taken=1,
        edit=setup,
    )
    s.choose(0, "End your turn")
    assert s.state.king == 1
    s.choose(1, "draw", kind="king-activity")
    s.choose(1, "Decline", kind="king")
    s.choose(0, "First play Same Routine (0 PP)", kind="king")
    s.choose(0, "Discard Igor (Faithful Lackey) to do it", kind="king")  # the extra time
    s.choose(0, "Discard Zero (Ghost Dog) to do it", kind="king")  # the usual time
    hand = sorted(s.state.cards[c] for c in s.state.players[0].hand)
    assert hand == ["clown", "fire"]
    assert [s.state.cards[c] for c in s.state.players[0].surprise_discard] == ["same-routine"]


def test_extendable_arm_goes_into_an_opponents_town_and_pulls_a_creation_back():
    s = table(
        _tcg(),
        rows={0: [("jacks-house", []), ("town-hall", ["clown"])], 1: [("oogies-lair", [])]},
        creations={1: ["road-kill"]},
        hands={0: ["extendable-arm"]},
        pp={0: 4},
        edit=lambda st: setattr(st, "expansions", ["christmas-town"]),
    )
    s.choose(0, "Play Extendable Arm into seat 1's town (4 PP)")
    mine = [s.state.cards[c] for c in s.state.players[0].creations]
    theirs = [s.state.cards[c] for c in s.state.players[1].creations]
    assert mine == ["road-kill"] and theirs == ["extendable-arm"]


def test_its_alive_brings_a_creation_to_the_laboratory_as_a_character():
    tcg = _tcg()
    s = table(
        tcg,
        rows={0: [("jacks-house", []), ("the-laboratory", ["dr-finklestein-mad-scientist"])]},
        creations={0: ["road-kill"]},
        hands={0: ["its-alive"]},
        pp={0: 1},
        edit=lambda st: setattr(st, "expansions", ["christmas-town"]),
    )
    before = tcg.rules.score(s.state, 0)
    s.choose(0, "Play It's Alive! (1 PP)")
    st = s.state
    assert st.players[0].creations == []
    lab = st.players[0].row[1].characters
    kill = next(c for c in lab if st.cards[c] == "road-kill")
    assert tcg.rules.is_(st, kill, "character") and tcg.rules.is_(st, kill, "creation")
    assert tcg.rules.creations_of(st, 0) == [kill]
    assert tcg.rules.score(st, 0) == before + 1  # Road Kill counted once, plus It's Alive! (1)


def test_parasols_let_only_one_card_a_turn_reach_you():
    def shade(st):
        st.expansions = ["christmas-town"]
        cid = "c98765"
        st.cards[cid], st.owner[cid] = "parasols", 1
        st.players[1].placed.append(cid)

    s = table(
        _tcg(),
        rows={0: [("jacks-house", ["behemoth"])], 1: [("oogies-lair", [])]},
        hands={0: ["mad-genius"], 1: ["igor", "zero", "clown"]},
        pp={0: 1},
        edit=shade,
    )
    s.choose(0, "Behemoth (Axe Victim): Discard Behemoth: every opponent discards a card")
    s.choose(1, "Discard Igor (Faithful Lackey)", kind="discard")
    assert len(s.state.players[1].hand) == 2
    s.choose(0, "Play Mad Genius (1 PP)")
    assert len(s.state.players[1].hand) == 2  # the second card of the turn passes seat 1 by
    assert any(e.kind == "sheltered" for e in s.match.events)


def test_every_hook_written_in_rules_is_registered():
    import nbc.plugins.christmas_town as plugin
    from nbc.plugins.christmas_town import rules

    written = {name for name in vars(rules) if name.startswith("tcg_")}
    registered = {name for name in vars(plugin) if name.startswith("tcg_")}
    assert written <= registered, f"not registered: {sorted(written - registered)}"


def test_zero_pale_retriever_keeps_a_card_of_a_failed_search():
    s = table(
        _tcg(),
        rows={0: [("the-dark-wood", ["jack-skellington-the-pumpkin-king", "zero-pale-retriever"])]},
        hands={0: ["i-never-realized"]},
        decks={0: ["igor", "clown", "fire", "reaper"]},
        edit=lambda st: setattr(st, "expansions", ["christmas-town"]),
    )
    s.choose(0, "Play I never realized (0 PP)")
    s.choose(0, "Keep Clown (With the Tear-away Face)", kind="search-keep")
    hand = sorted(s.state.cards[c] for c in s.state.players[0].hand)
    assert hand == ["clown"]
    assert sorted(s.state.cards[c] for c in s.state.players[0].discard) == ["fire", "igor"]


def test_choo_choo_train_carries_the_chosen_christmas_characters():
    s = table(
        _tcg(),
        rows={
            0: [("jacks-house", []), ("candy-shop", ["barry-the-elf", "chucky-the-elf"]), ("carousel", [])]
        },
        hands={0: ["choo-choo-train"]},
        edit=lambda st: setattr(st, "expansions", ["christmas-town"]),
    )
    s.choose(0, "Play Choo Choo Train (0 PP)")
    s.choose(0, "From Candy Shop to Carousel", kind="route")
    s.choose(0, "yes", kind="pick")
    s.choose(0, "no", kind="pick")
    assert row(s, 0)[1:] == [("candy-shop", ["chucky-the-elf"]), ("carousel", ["barry-the-elf"])]
