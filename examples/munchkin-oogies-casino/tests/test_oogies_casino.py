"""The Oogie's Casino card set: it loads from its entry point, plays in its variant (a
scripted fight with two of its cards), passes the test kit there, and leaves Munchkin
as it was when blocked (NBC_DISABLE_PLUGINS=oogies-casino)."""

from __future__ import annotations

import pytest

from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.testkit.checks import Case, check_case
from nbc.core.testkit.scenario import Scenario

SET = "oogies-casino"


@pytest.fixture(scope="module")
def game():
    host = PluginHost.load(disabled=[])
    assert not [p for p in host.problems if p.plugin == SET]
    return host.game("munchkin")


def test_the_set_loads_with_every_card_authored(game):
    loaded = game.card_sets[SET]
    kinds = sorted(c.kind for c in loaded.cards.values())
    assert kinds == ["curse", "item", "item", "monster", "monster", "one-shot"]
    assert all(c.card_set == SET and c.printed == [] for c in loaded.cards.values())
    listed = [c for c in game.catalogue() if c.set == "Oogie's Casino"]
    assert len(listed) == 6 and all(set(c.provenance.values()) == {"authored"} for c in listed)
    assert game.variants[SET].options == {"sets": [SET]}


def fetch(state, def_id: str) -> str:
    for pile in [state.door_deck, state.treasure_deck, *(p.hand for p in state.players)]:
        for c in pile.cards:
            if state.cards[c] == def_id:
                pile.cards.remove(c)
                return c
    raise LookupError(def_id)


def skeleton_at_the_door(state) -> None:
    """Seat 0 (Level 1, a Weighted Die in hand... then in use) is to kick open the door
    onto the Roulette Skeleton, with a Jackpot! in hand."""
    for p in state.players:
        for c in p.hand.cards:
            deck = state.door_deck if c in state.door_deck.cards else None
            (deck or state.treasure_deck).cards.insert(0, c)
        p.hand.cards = []
    die = fetch(state, "casino-weighted-die")
    state.players[0].items = [die]
    state.players[0].equipped = [die]
    state.players[0].hand.cards = [fetch(state, "casino-jackpot")]
    state.door_deck.cards.append(fetch(state, "casino-roulette-skeleton"))
    state.ready = [True] * len(state.players)
    state.turn = 0
    state.phase = "arrange"


def test_a_jackpot_turns_a_fight_against_the_roulette_skeleton(game):
    s = Scenario(game, SET, players=3, position=skeleton_at_the_door)
    s.choose(0, "Kick Open the Door")
    combat = s.view(None)["combat"]
    assert [f["name"] for f in combat["foes"]] == ["Roulette Skeleton"]
    assert (combat["heroes_strength"], combat["monsters_strength"]) == (3, 4)  # Level 1, Weighted Die +2
    s.choose(0, "Play Jackpot!")
    s.choose(0, "For the fighters", kind="side")
    combat = s.view(None)["combat"]
    assert (combat["heroes_strength"], combat["monsters_strength"]) == (7, 4)
    asked = sorted({p.seat for p in s.prompts() if p.kind == "combat"})
    for seat in [x for x in asked if x != 0] + [0]:
        s.choose(seat, "pass", kind="combat")
    assert s.view(None)["players"][0]["level"] == 2


def test_a_base_match_holds_none_of_the_set(game):
    match = Match.new(game, "base", None, 3, 11)
    assert not any(d.startswith("casino-") for d in match.state.cards.values())
    assert "sets" not in match.header.options


def test_the_kit_passes_on_the_variant(game):
    # seed 0 plays the variant's preset; seed 7 a random mix of its pool, three of the
    # set's cards among them
    report = check_case(Case(game, SET, 3), seeds=[0, 7])
    assert report.playouts == 2 and report.random_setups == 1


def test_blocking_the_plugin_leaves_munchkin_as_it_was():
    host = PluginHost.load(disabled=[SET])
    game = host.game("munchkin")
    assert SET not in game.variants and not game.card_sets
    assert not host.problems
    assert not any(c.id.startswith("casino-") for c in game.catalogue())
