"""The expansion's ready decks: every one is legal, and the project's two travelling decks
(The Christmas Raid, Christmas Town Tour) cross between the towns and set off Bonuses in
ordinary games, here seeded random-bot matches against The Minion Engine (a designer list
with no Christmas Town Locale, so every Bonus in those matches is the travelling deck's)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from ctkit import christmas_tcg

from nbc.core import coverage
from nbc.core.match import Match
from nbc.core.playout import play_out
from nbc.core.rng import Rng
from nbc.plugins.christmas_town import DATA, READY_DECKS
from nbc.plugins.christmas_town.rules import MAX_CHRISTMAS_LOCALES
from nbc.plugins.tcg.game import load_starters
from nbc.plugins.tcg.rules import MAIN_DECK_MIN, TITLE_MAX

STARTERS = load_starters(DATA / "decks")
DESIGNER = ("mrs-claus-pie-factory", "the-minion-engine")
TRAVELLING = ("the-christmas-raid", "christmas-town-tour")
OPPONENT = "the-minion-engine"
GAMES = 30  # seeds 0..29, about half a second per deck


# --- every ready deck is legal ------------------------------------------------------------------
@pytest.mark.parametrize("deck_id", sorted(STARTERS))
def test_every_ready_deck_is_legal(deck_id):
    tcg = christmas_tcg()
    deck = STARTERS[deck_id]
    defs = tcg.defs
    assert defs[deck.starting_locale].kind == "starting-locale"
    assert defs[deck.starting_locale].holiday != "christmas"
    assert len(deck.locales) == 5 and len(set(deck.locales)) == 5
    assert all(defs[c].kind == "locale" for c in deck.locales)
    assert sum(defs[c].holiday == "christmas" for c in deck.locales) <= MAX_CHRISTMAS_LOCALES
    assert sum(deck.main.values()) >= MAIN_DECK_MIN
    titles: Counter[str] = Counter()
    for card, copies in deck.main.items():
        assert defs[card].kind in ("character", "creation", "surprise")
        titles[defs[card].name] += copies
    assert max(titles.values()) <= TITLE_MAX
    # and the game itself takes it (the TCG's deck check and the expansion's)
    match = Match.new(tcg, "christmas-town", {"decks": [deck_id, deck_id]}, players=2, seed=0)
    assert [p.deck_name for p in match.state.players] == [deck_id, deck_id]


def test_the_designer_lists_stay_and_are_still_the_default_seats():
    assert set(DESIGNER) | set(TRAVELLING) <= set(STARTERS)
    assert READY_DECKS == DESIGNER


def test_the_designer_lists_cannot_cross_between_the_towns():
    """Why no Character ever crosses in a default-deck game: one list has Christmas Town
    Locales but nothing that may travel (and no Magical Journey), the other a traveller but
    no Christmas Town."""
    defs = christmas_tcg().defs
    for deck_id in DESIGNER:
        deck = STARTERS[deck_id]
        has_christmas_town = any(defs[c].holiday == "christmas" for c in deck.locales)
        can_travel = any("travel" in defs[c].keywords for c in deck.main) or "magical-journey" in deck.main
        assert not (has_christmas_town and can_travel), deck_id


# --- the travelling decks in play ----------------------------------------------------------------
def crossings(match: Match, seat: int) -> int:
    """Moves of Characters between seat's two towns, read from the match's events. The row
    keeps Halloweentown on the left, so a slot index below the number of Halloweentown
    Locales laid so far (the Starting Locale and each placed one) is in Halloweentown."""
    defs = match.game.defs
    halloweentown = 1
    found = 0
    for event in match.events:
        if event.data.get("seat") != seat:
            continue
        if event.kind == "place-locale" and defs[event.data["card"]["card"]].holiday != "christmas":
            halloweentown += 1
        elif event.kind == "move":
            found += (event.data["from"] < halloweentown) != (event.data["to"] < halloweentown)
    return found


def play(deck_id: str, seed: int) -> tuple[Match, set[str]]:
    """One seeded random-bot match, deck_id at seat 0; also the cards whose effect ran."""
    match = Match.new(christmas_tcg(), "christmas-town", {"decks": [deck_id, OPPONENT]}, players=2, seed=seed)
    with coverage.recording() as seen:
        play_out(match, Rng(seed))
    assert match.outcome() is not None
    return match, seen


def bonuses(match: Match, deck: Any, seen: set[str]) -> set[str]:
    """The deck's Christmas Town Locales whose Bonus did something in the match: a Bonus
    reports to coverage when it goes off (its trigger, its ability, its keyword)."""
    defs = match.game.defs
    return {c for c in deck.locales if defs[c].holiday == "christmas" and c in seen}


@pytest.fixture(scope="module")
def results() -> dict[str, list[tuple[int, set[str]]]]:
    out = {}
    for deck_id in TRAVELLING:
        rows = []
        for seed in range(GAMES):
            match, seen = play(deck_id, seed)
            rows.append((crossings(match, 0), bonuses(match, STARTERS[deck_id], seen)))
            assert crossings(match, 1) == 0  # The Minion Engine has no Christmas Town
        out[deck_id] = rows
    return out


@pytest.mark.parametrize("deck_id", TRAVELLING)
def test_characters_cross_between_the_towns(results, deck_id):
    rows = results[deck_id]
    games_with_a_crossing = sum(1 for n, _ in rows if n)
    # seen: 15 (Raid) and 12 (Tour) games of 30, with 33 and 24 crossings in all
    assert games_with_a_crossing >= GAMES // 4, rows
    assert sum(n for n, _ in rows) >= GAMES // 2, rows


@pytest.mark.parametrize("deck_id", TRAVELLING)
def test_bonuses_fire(results, deck_id):
    rows = results[deck_id]
    games_with_a_bonus = sum(1 for _, fired in rows if fired)
    assert games_with_a_bonus >= GAMES // 2, rows  # seen: 23 (Raid) and 28 (Tour) of 30
    # more than one Bonus is at work, not a single lucky Locale
    assert len(set().union(*(fired for _, fired in rows))) >= 3, rows
