"""Secrecy through who is asked and through the redeal, checked with the kit's own twins
(`nbc.core.testkit.twins`): each test pins a position where the TCG used to leak, and
runs the check against a copy of the old behaviour (it must fail) and against the
rules as they are (it must pass)."""

from __future__ import annotations

import pytest
from tcgkit import table

from nbc.core.match import Match
from nbc.core.rng import Rng
from nbc.core.testkit.checks import ConformanceError, pick
from nbc.core.testkit.twins import asked, check_position
from nbc.plugins.tcg import machine
from nbc.plugins.tcg import redeal as redeal_module

SALLY = "sally-shy-creature"
FILLER = ["igor", "zero", "clown", "fire", "reaper", "cyclops"]
MODE = "Return any player's Vampire to hand, and then draw 3"


def _twilight_sun(tcg, answer_in_hand: bool = True):
    """Seat 1 is about to choose Twilight Sun's mode; seat 0 owns Pull Yourself Together
    (free with Sally beside the Vampire), in its hand or in its deck."""
    answer = ["pull-yourself-together"]
    s = table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", [SALLY, "vampire-count"])], 1: [("oogies-lair", [])]},
        hands={0: [*(answer if answer_in_hand else []), "igor"], 1: ["twilight-sun"]},
        decks={0: [*FILLER, *([] if answer_in_hand else answer)], 1: FILLER[:4]},
        pp={1: 2},
    )
    s.choose(1, "Play Twilight Sun (2 PP)")
    (mode,) = [c.id for p in s.prompts(1) for c in p.choices if c.label == MODE]
    return s, (1, mode)


def test_a_rival_is_asked_to_answer_whether_its_answer_is_in_hand_or_in_its_deck(tcg):
    asked_seats = []
    for in_hand in (True, False):
        s, then = _twilight_sun(tcg, in_hand)
        s.choose(*then)
        asked_seats.append(asked(s.match))
        (ask,) = [p for p in s.prompts(0) if p.kind == "respond"]
        choices = [c.id for c in ask.choices]
        assert choices[0] == "pass" and (len(choices) > 1) == in_hand
    assert asked_seats[0] == asked_seats[1] == [(0, "respond")]


def test_twins_pass_the_response_window_and_fail_the_old_rule_of_asking_holders(
    tcg, monkeypatch, ran_in_pure_python
):
    if ran_in_pure_python:  # the old rule is patched into the rules' Python code
        return
    s, then = _twilight_sun(tcg)
    for seed in range(6):
        check_position(tcg, s.match, viewers=[1], seed=f"window:{seed}", then=then)
    # the old rule: a window asked only a seat with an answer it could use now
    monkeypatch.setattr(machine.EffectMachine, "may_answer_from_hand", lambda *args: False)
    # (the twin whose answer lies in the deck lets the Vampire go at once, unasked: the
    # next step tells seat 1 something else, or waits on other seats)
    with pytest.raises(ConformanceError, match="seat 1") as error:
        for seed in range(12):
            check_position(tcg, s.match, viewers=[1], seed=f"window:{seed}", then=then)
    assert error.value.signature in ("secrecy:asked-after", "secrecy:redeal-event:bounce")


def _placing(tcg, seed=2):
    """A 2-seat match at the start of Day 2: both seats place their next Locale at once."""
    match = Match.new(tcg, "base", players=2, seed=seed)
    rng = Rng("to-day-2")
    while not (match.state.round == 2 and all(a.kind == "place-locale" for a in match.state.asks)):
        assert match.outcome() is None
        match.act(*pick(match, rng.below))
    assert len(match.state.asks) == 2
    return match


def _old_redeal(game, st, seat, rng):
    """The redeal as it was: every card any open question names stayed as it was."""
    kept = set()
    for ask in st.asks:
        kept.update(v for v in ask.values if isinstance(v, str) and v in st.cards)
        if ask.kind == "place-locale" and st.players[ask.seat].locale_deck:
            kept.add(st.players[ask.seat].locale_deck[-1])
    found = [u for u in redeal_module.unknowns(st, seat) if u.place not in kept]
    from nbc.core.game import reassign

    st.cards.update(reassign(found, rng))
    return len(found)


def test_the_redeal_at_a_simultaneous_placement_redraws_the_rivals_next_locale(tcg):
    match = _placing(tcg)
    top = match.state.players[1].locale_deck[-1]
    seen = set()
    for k in range(40):
        copy = match.clone()
        tcg.redeal_hidden(copy.state, 0, Rng(f"redeal:{k}"))
        seen.add(copy.state.cards[top])
        (ask,) = [a for a in copy.state.asks if a.seat == 1]
        assert tcg.rules.names[copy.state.cards[top]].split(" (")[0] in ask.text  # the question names it
    remaining = {match.state.cards[c] for c in match.state.players[1].locale_deck}
    assert seen == remaining and len(seen) > 1
    check_position(tcg, match, viewers=[0, None])


def test_twins_fail_the_old_redeal_that_kept_the_rivals_next_locale(tcg, monkeypatch):
    match = _placing(tcg)
    monkeypatch.setattr(type(tcg), "redeal_hidden", _old_redeal)
    with pytest.raises(ConformanceError, match="keeps hidden truth") as error:
        check_position(tcg, match, viewers=[0])
    assert error.value.signature == "secrecy:redeal-keeps"
