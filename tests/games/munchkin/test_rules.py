"""Rules of Munchkin The Nightmare Before Christmas, one behaviour per test, scripted
strictly from exact positions (nbc.core.testkit.scenario)."""

from __future__ import annotations

import pytest
from munchkin_positions import everyone_passes, fetch, finish_leaving_windows, leave_window_open, table

from nbc.core.errors import BadOptions
from nbc.core.match import Match
from nbc.core.testkit.ruletests import shows
from nbc.core.testkit.scenario import Scenario
from nbc.plugins.munchkin.cards import CARDS
from nbc.plugins.munchkin.game import Munchkin

GAME = Munchkin()
CARDS_BY_NAME = {c.name: c for c in CARDS.values()}
DEFAULT_MIX = {c.id: c.copies for c in CARDS.values()}


def level(s: Scenario, seat: int) -> int:
    return s.view(None)["players"][seat]["level"]


def hand_ids(s: Scenario, seat: int) -> list[str]:
    return [c["id"] for c in s.view(seat)["players"][seat]["hand"]["cards"]]


# --- the rulesheet's worked example -----------------------------------------------------


@shows(
    "munchkin.example.combat",
    "munchkin.door.monster",
    "munchkin.combat.entering",
    "munchkin.combat.player-strength",
    "munchkin.combat.monster-strength",
    "munchkin.combat.win",
    "munchkin.enhancers.strength-and-treasure",
    "munchkin.enhancers.anyone-any-combat",
    "munchkin.rewards.treasure-count",
    "munchkin.rewards.face-up-when-helped",
    "munchkin.ride.any-time",
    "munchkin.ride.bonus",
    "munchkin.level.gain-and-loss",
    "munchkin.interfere",
)
def test_combat_example_jack_beats_monstrous_jewel_with_a_searchlight_sled():
    position = table(
        levels={0: 3},
        citizenships={0: ["thanksgiving-town"]},
        items={0: ["pumpkins", "holiday-lights", "axe"]},
        hands={0: ["searchlight"], 1: ["monstrous"]},
        door_top=("jewel-finkelstein",),
        door_discard=("sled",),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    treasure_before = s.view(None)["treasure_deck"]
    s.choose(0, "Kick Open the Door")
    combat = s.view(None)["combat"]
    assert [f["name"] for f in combat["foes"]] == ["Jewel Finkelstein"]
    assert (combat["heroes_strength"], combat["monsters_strength"]) == (9, 1)

    s.choose(1, "Play Monstrous")  # Sally: +10, and two more Treasures
    combat = s.view(None)["combat"]
    assert (combat["heroes_strength"], combat["monsters_strength"]) == (9, 11)

    s.choose(0, "Play Searchlight")
    s.choose(0, "Take Sled", kind="search")
    s.choose(0, "Play Sled")  # +1, and +2 more for a citizen of Thanksgiving Town
    combat = s.view(None)["combat"]
    assert (combat["heroes_strength"], combat["monsters_strength"]) == (12, 11)
    assert combat["foes"][0]["treasures"] == 3

    everyone_passes(s)
    assert level(s, 0) == 4
    [result] = s.events(kind="combat", since_last=True)
    assert result.data["won"] and (result.data["heroes"], result.data["monsters"]) == (12, 11)
    assert s.view(None)["treasure_deck"] == treasure_before - 3
    assert s.view(None)["players"][0]["hand"]["count"] == 3  # drawn face down: only seat 0 sees them
    [drew] = s.events(kind="drew", since_last=True)
    assert drew.to == (0,) and len(drew.data["cards"]) == 3
    s.choose(0, "End your turn", kind="charity")
    s.leave_open(1, "arrange")
    s.leave_open(0, "anytime")  # Jack may give up his Citizenship or offer a trade, any time
    finish_leaving_windows(s)


# --- the four rules no card overrides -----------------------------------------------------


@shows("munchkin.conflicts.level-floor")
def test_rule_1_nothing_takes_a_player_below_level_1():
    s = Scenario(GAME, "base", players=3, position=table(levels={0: 1}, door_top=("spooked", "zero")))
    s.choose(0, "Kick Open the Door")
    assert level(s, 0) == 1
    s.choose(0, "Loot the Room")
    s.choose(0, "End your turn", kind="charity")  # cards in hand: asked at Charity all the same
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.conflicts.strength-below-one")
def test_rule_1_combat_strength_may_go_below_1():
    position = table(levels={0: 1}, curses={0: ["black-cat", "cold-shoulder"]})
    s = Scenario(GAME, "base", players=3, position=position)
    assert s.view(None)["players"][0]["strength"] == -3
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.conflicts.level-only-by-kill", "munchkin.combat.defeat-without-kill")
def test_rule_2_defeating_a_monster_without_killing_it_gives_no_level_and_no_treasure():
    position = table(levels={0: 2}, hands={0: ["bag-of-bugs"]}, door_top=("the-mayor",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Play Bag of Bugs")
    s.choose(0, "The Mayor", kind="foe")
    assert s.view(None)["combat"]["foes"] == []
    everyone_passes(s)
    [result] = s.events(kind="combat", since_last=True)
    assert result.data["won"] and result.data["gained"] == 0
    assert level(s, 0) == 2
    assert s.view(None)["players"][0]["hand"]["count"] == 0
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


@shows(
    "munchkin.conflicts.rewards-after-combat",
    "munchkin.combat.last-chance",
    "munchkin.curse.on-anyone",
    "munchkin.curse.next-combat-counts-now",
    "munchkin.curse.kept-or-discarded",
    "munchkin.run.bad-stuff",
    "munchkin.interfere",
)
def test_rule_3_rewards_wait_until_the_fight_is_over_and_a_late_curse_can_still_turn_it():
    position = table(levels={0: 4}, hands={2: ["cold-shoulder"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, seed=1, position=position)  # seed 1: the first roll is 1
    s.choose(0, "Kick Open the Door")
    assert s.view(None)["combat"]["heroes_strength"] == 4  # 4 to 2: winning, but no level yet
    s.choose(0, "pass")
    assert level(s, 0) == 4 and s.view(None)["players"][0]["hand"]["count"] == 0
    s.choose(2, "Play Cold Shoulder")
    s.choose(2, "On seat 0", kind="target")  # "your next combat" counts in this one
    assert s.view(None)["combat"]["heroes_strength"] == 1
    everyone_passes(s)
    s.choose(0, "Roll to Run Away from Corpse Kid")
    [run] = s.events(kind="run", since_last=True)
    assert run.data["roll"] == 1 and not run.data["escaped"]
    assert level(s, 0) == 3  # Bad Stuff, and no reward
    assert s.view(None)["players"][0]["curses"] == []  # the Curse is used up
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


@shows(
    "munchkin.win.by-kill",
    "munchkin.level-card.no-winning-level",
    "munchkin.level-card.any-time",
    "munchkin.level.gain-and-loss",
)
def test_rule_4_go_up_a_level_never_gives_the_winning_level():
    position = table(levels={0: 9, 1: 9, 2: 5}, hands={0: ["trick-or-treat"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Play Trick or Treat!")
    target = s.expect(0, "target")
    assert [c.label for c in target.choices] == ["On seat 2"]
    s.choose(0, "On seat 2")
    assert level(s, 2) == 6
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.win.by-kill", "munchkin.sell.not-to-win")
def test_rule_4_selling_never_buys_the_winning_level():
    position = table(levels={0: 9}, items={0: ["snowball-cannon", "coffin-shield"]})
    s = Scenario(GAME, "base", players=3, position=position)
    ids = [c.id for c in s.expect(0, "arrange").choices]
    assert "sell" not in ids
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.win.level-ten", "munchkin.win.by-kill")
def test_rule_4_the_winning_level_comes_from_a_kill():
    s = Scenario(GAME, "base", players=3, position=table(levels={0: 9}, door_top=("jewel-finkelstein",)))
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    assert level(s, 0) == 10
    outcome = s.match.outcome()
    assert outcome is not None and outcome.winners == (0,)
    s.finish()


# --- helping and bribes ----------------------------------------------------------------------


@shows(
    "munchkin.help.one-helper",
    "munchkin.help.rewards",
    "munchkin.rewards.face-up-when-helped",
    "munchkin.items.fixed-in-combat",
    "munchkin.ruling.bribe-paid-on-win",
)
def test_a_bribe_item_keeps_counting_in_the_fight_and_goes_to_the_helper_after_the_win():
    """Items keep their status during a combat: the promised Holey Spoon still counts for
    the fighter, and changes hands once the fight is won."""
    position = table(levels={0: 3, 1: 2}, items={0: ["holey-spoon"]}, door_top=("mr-hyde",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")  # 3 + 1 against 5: losing alone
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "Add Holey Spoon to the bribe", kind="bribe")
    s.choose(0, "Ask for help, offering Holey Spoon", kind="bribe")
    s.choose(1, "Help seat 0 for Holey Spoon", kind="help")
    view = s.view(None)
    assert [i["name"] for i in view["combat"]["bribe_items"]] == ["Holey Spoon"]
    assert [i["name"] for i in view["players"][0]["items"]] == ["Holey Spoon"]
    assert view["combat"]["heroes_strength"] == 3 + 1 + 2  # 6 against 5: the spoon counts
    everyone_passes(s)
    assert level(s, 0) == 4 and level(s, 1) == 2  # the helper gains no level
    players = s.view(None)["players"]
    assert players[0]["items"] == []
    assert players[1]["items"] == [
        {"id": view["players"][0]["items"][0]["id"], "card": "holey-spoon", "name": "Holey Spoon",
         "kind": "item", "equipped": False, "cheat": False}
    ]  # fmt: skip
    [treasure] = s.events(None, kind="treasure", since_last=True)  # face up when helped
    assert len(treasure.data["cards"]) == 2
    s.leave_open(0, "charity")
    s.leave_open(1, "anytime")  # the helper may put on its new Holey Spoon
    finish_leaving_windows(s)


@shows(
    "munchkin.help.bribe",
    "munchkin.help.rewards",
    "munchkin.ruling.treasure-split",
    "munchkin.ruling.known-cards",
)
def test_a_bribe_of_an_item_and_a_share_of_the_treasure_is_paid_in_the_agreed_order():
    position = table(
        levels={0: 3, 1: 4},
        items={0: ["top-hat"]},
        door_top=("mr-hyde",),
        treasure_top=("frogs-breath", "snowball"),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")  # 3 + 1 against 5
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "Add Top Hat to the bribe", kind="bribe")
    s.choose(0, "Add 1 of the Treasures, helper picks first", kind="bribe")
    s.choose(0, "Ask for help, offering Top Hat, 1 Treasure(s), the helper picking first", kind="bribe")
    offer = "Top Hat, 1 Treasure(s), you picking first"
    s.choose(1, f"Help seat 0 for {offer}", kind="help")
    everyone_passes(s)
    pool = s.view(None)["pool"]
    assert [c["name"] for c in pool] == ["Frog's Breath", "Snowball"]
    assert s.expect(1, "pick")
    s.choose(1, "Take Snowball")
    s.choose(1, "Keep them in your hand", kind="received")  # a Treasure may be played as it comes
    assert hand_ids(s, 1) == [pool[1]["id"]] and hand_ids(s, 0) == [pool[0]["id"]]
    assert [i["name"] for i in s.view(None)["players"][1]["items"]] == ["Top Hat"]
    assert [c["id"] for c in s.view(2)["players"][1]["known"]] == [pool[1]["id"]]
    s.leave_open(0, "charity")
    s.leave_open(1, "anytime")
    finish_leaving_windows(s)


@shows("munchkin.help.ask")
def test_a_refused_request_leaves_the_fighter_alone_and_each_seat_is_asked_once():
    s = Scenario(GAME, "base", players=3, position=table(levels={0: 2}, door_top=("mr-hyde",)))
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Ask seat 2 for help")
    s.choose(0, "Ask for help, offering nothing", kind="bribe")
    s.choose(2, "Refuse", kind="help")
    labels = [c.label for c in s.expect(0, "combat").choices]
    assert "Ask seat 2 for help" not in labels and "Ask seat 1 for help" in labels
    everyone_passes(s)
    s.leave_open(0, "run")
    finish_leaving_windows(s)


@shows("munchkin.help.ask")
def test_help_is_asked_only_by_a_fighter_who_cannot_win_alone():
    """The rulesheet lets a fighter ask for help when it cannot kill the monster on its
    own: winning 2 to 1, seat 0 may not ask; once a Curse makes it lose, it may."""
    position = table(levels={0: 2}, hands={1: ["cold-shoulder"]}, door_top=("jewel-finkelstein",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    assert not any(c.id.startswith("ask:") for c in s.expect(0, "combat").choices)
    s.choose(1, "Play Cold Shoulder")
    s.choose(1, "On seat 0", kind="target")  # 2 - 3 against 1
    asks = [c.label for c in s.expect(0, "combat").choices if c.id.startswith("ask:")]
    assert asks == ["Ask seat 1 for help", "Ask seat 2 for help"]
    leave_window_open(s)
    s.finish()


# --- fighting with Level only ------------------------------------------------------------------


@shows("munchkin.ruling.level-only", "munchkin.combat.one-shots", "munchkin.one-shot.use")
def test_a_level_only_fight_counts_no_one_shot_or_ability_for_the_fighters():
    """The Cyclops makes the whole fight one of Level only: a Pumpkin Bomb or a Halloween
    Town discard for the fighters adds nothing, though a One-Shot on the monster does."""
    position = table(
        levels={0: 5},
        citizenships={0: ["halloween-town"]},
        items={0: ["axe"]},
        hands={0: ["pumpkin-bomb", "zero"], 1: ["frogs-breath"]},
        door_top=("cyclops",),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    assert s.view(None)["combat"]["heroes_strength"] == 5  # the Axe gives nothing: 5 to 6
    s.choose(0, "Play Pumpkin Bomb", kind="combat")
    s.choose(0, "heroes", kind="side")
    s.choose(0, "Halloween Town: discard Zero for +3", kind="combat")
    assert s.view(None)["combat"]["heroes_strength"] == 5
    s.choose(1, "Play Frog's Breath", kind="combat")
    s.choose(1, "For Cyclops", kind="side")
    assert s.view(None)["combat"]["monsters_strength"] == 6 + 2
    everyone_passes(s)
    [result] = s.events(kind="combat", since_last=True)
    assert not result.data["won"] and (result.data["heroes"], result.data["monsters"]) == (5, 8)
    s.leave_open(0, "run")
    finish_leaving_windows(s)


@shows(
    "munchkin.ruling.level-only",
    "munchkin.multiple.abilities-whole-fight",
    "munchkin.multiple.eliminate-one",
)
def test_one_shots_for_the_fighters_count_again_once_the_level_only_monster_is_gone():
    position = table(
        levels={0: 5},
        hands={0: ["pumpkin-bomb", "bag-of-bugs"], 1: ["wandering-monster", "cyclops"]},
        door_top=("mr-hyde",),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(1, "Wandering Monster: Cyclops joins", kind="combat")
    s.choose(0, "Play Pumpkin Bomb", kind="combat")
    s.choose(0, "heroes", kind="side")
    assert s.view(None)["combat"]["heroes_strength"] == 5
    s.choose(0, "Play Bag of Bugs", kind="combat")
    s.choose(0, "Cyclops", kind="foe")
    assert s.view(None)["combat"]["heroes_strength"] == 5 + 4
    leave_window_open(s)
    s.finish()


@shows("munchkin.ruling.sandy-claws")
def test_sandy_claws_does_not_bring_another_sandy_claws_into_the_fight():
    """Sandy Claws counts as a Santa monster only when sets are combined: in this set,
    a second one joins only with Wandering Monster."""
    mix = {**{c: n for c, n in DEFAULT_MIX.items()}, "sandy-claws": 2}
    position = table(levels={0: 5}, hands={1: ["sandy-claws", "corpse-kid"]}, door_top=("sandy-claws",))
    s = Scenario(GAME, "base", players=3, options={"cards": mix}, position=position)
    s.choose(0, "Kick Open the Door")
    assert [c.id for c in s.expect(1, "combat").choices] == ["pass"]  # neither monster may join
    leave_window_open(s)
    s.finish()


# --- losing the Item that gives the biggest bonus ------------------------------------------


def test_pickpocketed_takes_the_item_that_gives_a_bonus_not_unequipped_bunny_ears():
    """Bunny Ears carried by a seat that is no Easter Town citizen give it nothing: the
    +2 Axe is the Item with the biggest bonus."""
    position = table(items={0: ["axe"]}, door_top=("pickpocketed",))

    def ears(state):
        position(state)
        state.players[0].items.append(fetch(state, "bunny-ears"))  # carried, not equipped

    s = Scenario(GAME, "base", players=3, position=ears)
    s.choose(0, "Kick Open the Door")
    assert [i["name"] for i in s.view(None)["players"][0]["items"]] == ["Bunny Ears"]
    s.leave_open(0, "trouble")
    finish_leaving_windows(s)


def test_igor_and_lock_shock_and_barrel_take_the_item_that_gives_the_biggest_bonus():
    for monster in ("igor", "lock-shock-barrel"):
        position = table(levels={0: 1}, items={0: ["axe", "holey-spoon"]}, door_top=(monster,))

        def ears(state, position=position):
            position(state)
            state.players[0].items.append(fetch(state, "bunny-ears"))
            state.players[0].curses.append(fetch(state, "black-cat"))  # 1 + 2 + 1 - 1: Igor wins the tie

        s = Scenario(GAME, "base", players=3, seed=1, position=ears)  # seed 1: the first roll is 1
        s.choose(0, "Kick Open the Door")
        everyone_passes(s)
        s.choose(0, s.expect(0, "run").choices[0].id)
        assert not s.events(kind="run", since_last=True)[0].data["escaped"], monster
        names = [i["name"] for i in s.view(None)["players"][0]["items"]]
        assert names == ["Holey Spoon", "Bunny Ears"], monster
        s.leave_open(0, "charity")
        finish_leaving_windows(s)


def test_an_item_that_gives_nothing_is_not_lost_to_pickpocketed():
    position = table(door_top=("pickpocketed",))

    def ears(state):
        position(state)
        state.players[0].items.append(fetch(state, "bunny-ears"))

    s = Scenario(GAME, "base", players=3, position=ears)
    s.choose(0, "Kick Open the Door")
    assert [i["name"] for i in s.view(None)["players"][0]["items"]] == ["Bunny Ears"]
    s.leave_open(0, "trouble")
    finish_leaving_windows(s)


def test_the_bonus_against_a_tag_counts_toward_the_biggest_bonus_in_a_fight():
    from nbc.plugins.munchkin import effects as fx

    position = table(items={0: ["ghost-lantern", "bone-club"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, position=position)
    state = s.state
    player = state.players[0]
    lantern, club = player.items
    assert fx.item_candidates(state, player, "best") == [club]  # +3 against +2 outside a fight
    s.choose(0, "Kick Open the Door")  # Corpse Kid is Undead: the Ghost Lantern gives +4
    state = s.state
    assert fx.item_candidates(state, state.players[0], "best") == [lantern]
    leave_window_open(s)
    s.finish()


# --- running away -------------------------------------------------------------------------


@shows(
    "munchkin.run.roll",
    "munchkin.run.several-monsters",
    "munchkin.run.bad-stuff",
    "munchkin.run.discard-monsters",
    "munchkin.wandering-monster",
    "munchkin.multiple.combined-strength",
    "munchkin.interfere",
)
def test_fleeing_several_monsters_rolls_for_each_in_the_chosen_order():
    position = table(levels={0: 5}, hands={1: ["wandering-monster", "corpse-mom"]}, door_top=("mummy-kid",))
    s = Scenario(GAME, "base", players=3, seed=2, position=position)  # seed 2: rolls 5, then 3
    s.choose(0, "Kick Open the Door")
    s.choose(1, "Wandering Monster: Corpse Mom joins")
    assert s.view(None)["combat"]["monsters_strength"] == 3 + 4
    everyone_passes(s)
    prompt = s.expect(0, "run")
    assert {c.label for c in prompt.choices} == {
        "Roll to Run Away from Mummy Kid",
        "Roll to Run Away from Corpse Mom",
    }
    s.choose(0, "Roll to Run Away from Corpse Mom")
    [first] = s.events(kind="run", since_last=True)
    assert (first.data["roll"], first.data["escaped"]) == (5, True)
    assert level(s, 0) == 5
    s.choose(0, "Roll to Run Away from Mummy Kid")
    [second] = s.events(kind="run", since_last=True)
    assert (second.data["roll"], second.data["escaped"]) == (3, False)
    assert level(s, 0) == 4  # Mummy Kid's Bad Stuff, at once
    assert s.view(None)["combat"] is None  # the monsters are discarded after all rolls
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.multiple.no-partial-flee")
def test_you_cannot_kill_one_monster_and_flee_the_other():
    position = table(levels={0: 5}, hands={1: ["wandering-monster", "the-mayor"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, seed=2, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(1, "Wandering Monster: The Mayor joins")
    everyone_passes(s)
    labels = {c.label for c in s.expect(0, "run").choices}
    assert labels == {"Roll to Run Away from Corpse Kid", "Roll to Run Away from The Mayor"}
    s.leave_open(0, "run")
    finish_leaving_windows(s)


@shows("munchkin.ride.sacrifice")
def test_sacrificing_a_ride_escapes_every_monster_and_the_rider_decides_for_the_helper():
    position = table(levels={0: 1, 1: 1}, rides={0: "sled"}, door_top=("oogie-boogie",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "ask", kind="bribe")
    s.choose(1, "accept", kind="help")
    everyone_passes(s)
    s.choose(0, "ride:both")
    assert s.view(None)["players"][0]["ride"] is None
    assert s.view(None)["combat"] is None and not s.view(None)["players"][1]["dead"]
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.ride.any-time", "munchkin.ride.sacrifice")
def test_a_runner_may_play_a_ride_and_sacrifice_it_to_escape():
    """A Ride may be played at any time, even while running away; sacrificed, it lets
    its rider escape every monster."""
    position = table(levels={0: 1}, hands={0: ["giant-bat"]}, door_top=("oogie-boogie",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    s.choose(0, "Play Giant Bat", kind="run")
    s.choose(0, "Sacrifice Giant Bat to escape every monster", kind="run")
    view = s.view(None)
    assert view["combat"] is None and not view["players"][0]["dead"] and view["players"][0]["ride"] is None
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.ride.sacrifice", "munchkin.run.helper-runs-too", "munchkin.run.modifiers")
def test_the_helper_runs_too_and_can_be_caught_when_the_rider_escapes_alone():
    position = table(
        levels={0: 1, 1: 1},
        rides={0: "sled"},
        citizenships={1: ["easter-town"]},
        door_top=("witch-zeldaborn",),
    )
    s = Scenario(GAME, "base", players=3, seed=1, position=position)  # seed 1: the first roll is 1
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "ask", kind="bribe")
    s.choose(1, "accept", kind="help")
    everyone_passes(s)
    s.choose(0, "ride:alone")  # the rider escapes; the helper must roll
    assert s.view(None)["players"][0]["ride"] is None
    s.choose(1, "Roll to Run Away from Witch Zeldaborn")
    [run] = s.events(kind="run", since_last=True)
    assert (run.data["roll"], run.data["modifier"], run.data["escaped"]) == (1, 1, False)
    assert s.view(None)["players"][1]["citizenships"] == []  # her Bad Stuff
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


# --- death ------------------------------------------------------------------------------------


@shows(
    "munchkin.death.lose-stuff",
    "munchkin.death.keeps",
    "munchkin.death.loot-order",
    "munchkin.death.back-next-turn",
    "munchkin.run.modifiers",
)
def test_death_keeps_level_and_citizenship_and_the_body_is_looted_highest_level_first():
    position = table(
        turn=0,
        levels={0: 6, 1: 3, 2: 5, 3: 3},
        citizenships={0: ["halloween-town"]},
        items={0: ["axe", "top-hat"]},
        hands={0: ["hot-cocoa"]},
        curses={0: ["sticky-goo"]},  # -1 to Run Away, and Oogie Boogie -1: no roll escapes
        door_top=("oogie-boogie",),
    )
    s = Scenario(GAME, "base", players=4, seed=4, position=position)
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    s.choose(0, "Roll to Run Away from Oogie Boogie")
    [death] = s.events(kind="death", since_last=True)
    me = s.view(None)["players"][0]
    assert me["dead"] and me["level"] == 6
    assert [c["name"] for c in me["citizenships"]] == ["Halloween Town"]
    assert [c["name"] for c in me["curses"]] == ["Sticky Goo"]
    assert me["items"] == [] and me["hand"]["count"] == 0
    assert sorted(c["name"] for c in s.view(None)["body"]) == ["Axe", "Hot Cocoa", "Top Hat"]
    # seat 2 (Level 5) loots first; seats 1 and 3 (Level 3) then go in the order of a die roll
    [rolls] = s.events(kind="looting-rolls", since_last=True)
    rolls = {int(k): v for k, v in rolls.data["rolls"].items()}
    second, third = sorted([1, 3], key=lambda seat: (-rolls[seat], seat))
    for seat, card in ((2, "Axe"), (second, "Top Hat"), (third, "Hot Cocoa")):
        s.choose(seat, f"Take {card}", kind="loot")
        s.choose(seat, "Keep them in your hand", kind="received")  # it could be played at once
    assert s.view(None)["body"] == []
    assert death.data["seat"] == 0
    # the next player's turn: seat 0 is back, with no cards until its own turn
    assert not s.view(None)["players"][0]["dead"]
    s.leave_open(1, "arrange")
    s.leave_open(0, "anytime")  # it may give up its Citizenship
    finish_leaving_windows(s)


@shows("munchkin.death.redraw")
def test_the_dead_come_back_with_four_cards_of_each_deck_on_their_next_turn():
    def position(state):
        table(turn=2, door_top=("spooked", "zero"))(state)
        state.players[0].redraw = True  # seat 0 died earlier

    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(2, "Kick Open the Door")
    s.choose(2, "Loot the Room")
    s.choose(2, "End your turn", kind="charity")
    hand = s.view(0)["players"][0]["hand"]["cards"]
    assert len(hand) == 8
    assert sorted(CARDS_BY_NAME[c["name"]].deck for c in hand) == ["door"] * 4 + ["treasure"] * 4
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.death.no-cards-no-levels")
def test_dead_players_receive_no_charity():
    def position(state):
        table(
            levels={0: 5, 1: 1, 2: 3},
            hands={0: ["zero", "igor", "bat-swarm", "corpse-kid", "mummy-kid"]},
            door_top=("spooked", "melting-man"),
        )(state)
        state.players[1].dead = True  # died this turn: Level 1, but takes nothing

    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Loot the Room")  # 6 cards
    s.choose(0, "charity")
    targets = {c.id.rsplit(":", 1)[1] for c in s.expect(0, "charity").choices}
    assert targets == {"2"}
    give(s, s.expect(0, "charity").choices[0].id)
    assert [p["hand"]["count"] for p in s.view(None)["players"]] == [5, 0, 1]
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


# --- charity, selling, curses ------------------------------------------------------------------


def charity_position(giver_level: int, levels: dict[int, int], cards: int):
    """Monsters to give away: a monster received cannot be played at once."""
    pool = ["zero", "igor", "bat-swarm", "corpse-kid", "mummy-kid", "melting-man", "corpse-mom", "corpse-dad"]
    return table(
        levels={0: giver_level, **levels}, hands={0: pool[:cards]}, door_top=("spooked", "creepy-crawlies")
    )


def give(s: Scenario, choice_id: str) -> None:
    """Seat 0 gives a card in Charity, and its receiver, asked at once about what it
    received (as every receiver is), keeps it."""
    s.choose(0, choice_id)
    receiver = int(choice_id.rsplit(":", 1)[1])
    offered = [c.label for c in s.expect(receiver, "received").choices]
    assert offered == ["Keep them in your hand"]  # a monster cannot be played now
    s.choose(receiver, "Keep them in your hand", kind="received")


@shows("munchkin.charity.give-excess", "munchkin.charity.split-evenly", "munchkin.cards.hand-limit")
def test_charity_splits_the_excess_evenly_between_the_tied_lowest():
    s = Scenario(GAME, "base", players=4, position=charity_position(5, {1: 2, 2: 2, 3: 4}, 8))
    s.choose(0, "Kick Open the Door")  # Spooked!: Level 4
    s.choose(0, "Loot the Room")  # 9 cards in hand: 4 too many
    s.choose(0, "charity")
    first = s.expect(0, "charity").choices[0]
    give(s, first.id)
    gave_to = int(first.id.rsplit(":", 1)[1])
    give(s, next(c.id for c in s.expect(0, "charity").choices if c.id.endswith(f":{gave_to}")))
    # seat `gave_to` has its half (2 of 4): the rest must go to the other lowest seat
    other = 3 - gave_to
    targets = {int(c.id.rsplit(":", 1)[1]) for c in s.expect(0, "charity").choices}
    assert targets == {other}
    give(s, s.expect(0, "charity").choices[0].id)
    give(s, s.expect(0, "charity").choices[0].id)
    counts = [p["hand"]["count"] for p in s.view(None)["players"]]
    assert counts == [5, 2, 2, 0]
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.charity.give-excess", "munchkin.charity.split-evenly")
def test_charity_giver_decides_who_gets_the_bigger_share_of_an_odd_excess():
    s = Scenario(GAME, "base", players=3, position=charity_position(5, {1: 2, 2: 2}, 7))
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Loot the Room")  # 8 cards: 3 too many, for two tied seats
    s.choose(0, "charity")
    for _ in range(2):
        give(s, next(c.id for c in s.expect(0, "charity").choices if c.id.endswith(":1")))
    targets = {int(c.id.rsplit(":", 1)[1]) for c in s.expect(0, "charity").choices}
    assert targets == {2}
    give(s, s.expect(0, "charity").choices[0].id)
    assert [p["hand"]["count"] for p in s.view(None)["players"]] == [5, 2, 1]
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.charity.lowest-discards", "munchkin.cards.hand-limit")
def test_charity_when_you_are_the_lowest_discards_the_excess():
    s = Scenario(GAME, "base", players=3, position=charity_position(2, {1: 4, 2: 3}, 6))
    s.choose(0, "Kick Open the Door")  # Level 1 now
    s.choose(0, "Loot the Room")
    s.choose(0, "charity")
    choice = s.expect(0, "charity").choices[0]
    assert choice.id.startswith("discard:")
    s.choose(0, choice.id)
    s.choose(0, s.expect(0, "charity").choices[0].id)
    assert [p["hand"]["count"] for p in s.view(None)["players"]] == [5, 0, 0]
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.sell.levels-for-gold", "munchkin.sell.carried-or-in-hand", "munchkin.level.gain-and-loss")
def test_selling_items_gives_no_change():
    position = table(levels={0: 2}, items={0: ["coffin-shield"]}, hands={0: ["bone-club", "holey-spoon"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "sell")
    s.choose(0, "Add Coffin Shield to the sale", kind="sale")
    assert "sell" not in [c.id for c in s.expect(0, "sale").choices]  # 600 Gold is not enough
    s.choose(0, "Add Bone Club to the sale", kind="sale")
    s.choose(0, "Sell for 1 level(s) (1100 Gold, no change)", kind="sale")
    assert level(s, 0) == 3
    view = s.view(0)
    assert view["players"][0]["items"] == []
    assert [c["name"] for c in view["players"][0]["hand"]["cards"]] == ["Holey Spoon"]
    assert view["treasure_discard"]["count"] == 2
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.sell.not-to-win")
def test_selling_may_not_reach_the_winning_level_even_with_gold_for_two():
    position = table(levels={0: 8}, items={0: ["snowball-cannon", "coffin-shield", "christmas-tree"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "sell")
    for label in ("Snowball Cannon", "Coffin Shield"):
        s.choose(0, f"Add {label} to the sale", kind="sale")
    assert any(c.id == "sell" for c in s.expect(0, "sale").choices)  # 1400: Level 9
    s.choose(0, "Add Christmas Tree to the sale", kind="sale")
    assert not any(c.id == "sell" for c in s.expect(0, "sale").choices)  # 2000 would be Level 10
    s.choose(0, "cancel", kind="sale")
    assert len(s.view(None)["players"][0]["items"]) == 3
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.curse.nothing-to-lose", "munchkin.door.curse")
def test_a_curse_on_something_you_lack_does_nothing():
    s = Scenario(GAME, "base", players=3, position=table(door_top=("wind-blows-your-hair", "zero")))
    s.choose(0, "Kick Open the Door")
    assert s.view(None)["door_discard"]["top"]["name"] == "The Wind Blows Your Hair"
    assert s.view(None)["phase"] == "trouble"  # a Curse does not end the turn
    s.choose(0, "Loot the Room")
    s.choose(0, "End your turn", kind="charity")
    s.leave_open(1, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.door.curse")
def test_a_curse_hits_your_headgear():
    position = table(items={0: ["top-hat", "axe"]}, door_top=("wind-blows-your-hair",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    assert [i["name"] for i in s.view(None)["players"][0]["items"]] == ["Axe"]
    s.leave_open(0, "trouble")
    finish_leaving_windows(s)


@shows("munchkin.door.curse", "munchkin.curse.kept-or-discarded")
def test_a_persistent_curse_is_kept_in_front_of_its_victim():
    s = Scenario(GAME, "base", players=3, position=table(door_top=("black-cat",)))
    s.choose(0, "Kick Open the Door")
    assert [c["name"] for c in s.view(None)["players"][0]["curses"]] == ["Black Cat Crossed Your Path"]
    assert s.view(None)["players"][0]["strength"] == 0
    s.leave_open(0, "trouble")
    finish_leaving_windows(s)


# --- character ------------------------------------------------------------------------------


@shows("munchkin.help.shared-abilities")
def test_wolfman_is_stronger_against_an_easter_town_helper():
    position = table(levels={0: 6, 1: 1}, citizenships={1: ["easter-town"]}, door_top=("wolfman",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    assert s.view(None)["combat"]["monsters_strength"] == 7
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "ask", kind="bribe")
    s.choose(1, "accept", kind="help")
    assert s.view(None)["combat"]["monsters_strength"] == 11
    leave_window_open(s)
    s.finish()


@shows("munchkin.citizenship.dual-advantages-only", "munchkin.items.restricted")
def test_dual_citizenship_with_one_citizenship_keeps_the_advantages_only():
    def position(state):
        table(
            levels={0: 9},
            citizenships={0: ["easter-town"]},
            items={0: ["bunny-ears"]},
            door_top=("wolfman",),
        )(state)
        state.players[0].dual = fetch(state, "dual-citizenship")

    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    combat = s.view(None)["combat"]
    assert combat["monsters_strength"] == 7  # no +4 against this Easter Town citizen
    assert combat["heroes_strength"] == 9 + 3  # but the Bunny Ears work
    leave_window_open(s)
    s.finish()


@shows("munchkin.items.restricted", "munchkin.items.anyone-carries")
def test_citizenship_only_items_give_nothing_to_others():
    s = Scenario(GAME, "base", players=3, position=table(levels={0: 2}, items={0: ["bunny-ears"]}))
    assert s.view(None)["players"][0]["strength"] == 2
    assert not any(c.id.startswith("equip:") for c in s.expect(0, "arrange").choices)
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.items.slots", "munchkin.items.carried-and-equipped", "munchkin.ruling.equipment-swap")
def test_only_two_hands_of_items_are_equipped_at_once():
    position = table(items={0: ["axe", "saxophone"]}, hands={0: ["christmas-tree"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Play Christmas Tree")  # carried, not equipped: the hands are full
    items = {i["name"]: i["equipped"] for i in s.view(None)["players"][0]["items"]}
    assert items == {"Axe": True, "Saxophone": True, "Christmas Tree": False}
    s.choose(0, "Put on Christmas Tree")
    items = {i["name"]: i["equipped"] for i in s.view(None)["players"][0]["items"]}
    assert items == {"Axe": False, "Saxophone": False, "Christmas Tree": True}
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.items.ignore-limits")
def test_cheat_lets_an_item_break_the_slot_limits():
    position = table(items={0: ["top-hat"]}, hands={0: ["cheat", "bat-hat"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Play Bat Hat")
    s.choose(0, "Play Cheat!")
    s.choose(0, "Bat Hat", kind="item")
    s.choose(0, "Put on Bat Hat")
    items = {i["name"]: i["equipped"] for i in s.view(None)["players"][0]["items"]}
    assert items == {"Top Hat": True, "Bat Hat": True}
    assert s.view(None)["players"][0]["strength"] == 1 + 1 + 2
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


@shows("munchkin.undead.join")
def test_undead_monsters_join_an_undead_fight_without_wandering_monster():
    position = table(levels={0: 5}, hands={2: ["corpse-mom"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(2, "Send Corpse Mom into the fight")
    assert s.view(None)["combat"]["monsters_strength"] == 2 + 4
    leave_window_open(s)
    s.finish()


def test_halloween_town_discards_a_monster_for_a_bonus():
    position = table(citizenships={0: ["halloween-town"]}, hands={0: ["zero"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Halloween Town: discard Zero for +3")
    assert s.view(None)["combat"]["heroes_strength"] == 1 + 3
    leave_window_open(s)
    s.finish()


@shows("munchkin.citizenship.discard-fodder")
def test_christmas_town_discards_a_valuable_item_to_escape():
    position = table(
        levels={0: 1},
        citizenships={0: ["christmas-town"]},
        hands={0: ["santa-boots"]},
        door_top=("the-mayor",),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    s.choose(0, "Discard Santa Boots to escape The Mayor")
    assert level(s, 0) == 1 and s.view(None)["combat"] is None
    s.leave_open(0, "charity")
    finish_leaving_windows(s)


@shows("munchkin.trade.stays-in-play")
def test_trading_items_swaps_them_between_tables():
    position = table(items={0: ["axe"], 1: ["top-hat"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Offer a trade")
    s.choose(0, "Offer seat 1 a trade", kind="trade")
    s.choose(0, "Give Axe", kind="trade")
    s.choose(0, "Ask for seat 1's Top Hat", kind="trade")
    s.choose(0, "Offer Axe for Top Hat", kind="trade")
    s.choose(1, "accept", kind="trade-answer")
    players = s.view(None)["players"]
    assert [(i["name"], i["equipped"]) for i in players[0]["items"]] == [("Top Hat", False)]
    assert [(i["name"], i["equipped"]) for i in players[1]["items"]] == [("Axe", False)]
    s.leave_open(0, "arrange")
    s.leave_open(1, "anytime")  # seat 1 may put on the Axe, or trade again
    finish_leaving_windows(s)


# --- cards management, hidden information -------------------------------------------------------


@shows("munchkin.trouble.loot-the-room")
def test_loot_the_room_draws_face_down():
    s = Scenario(GAME, "base", players=3, position=table(door_top=("spooked", "sled")))
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Loot the Room")
    [drew] = s.events(kind="drew", since_last=True)
    assert drew.to == (0,) and drew.data["cards"][0]["name"] == "Sled"
    assert s.events(1, kind="drew", since_last=True) == []
    s.choose(0, "End your turn", kind="charity")
    s.leave_open(1, "arrange")
    s.leave_open(0, "anytime")  # a Ride may be played at any time
    finish_leaving_windows(s)


@shows("munchkin.door.other-card")
def test_a_kicked_open_card_may_be_kept_or_played():
    s = Scenario(GAME, "base", players=3, position=table(door_top=("sled",)))
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Play Sled", kind="revealed")
    assert s.view(None)["players"][0]["ride"]["name"] == "Sled"
    s.leave_open(0, "trouble")
    finish_leaving_windows(s)


@shows("munchkin.cards.reshuffle")
def test_an_empty_deck_is_reshuffled_from_its_discards():
    def position(state):
        table()(state)
        spooked = fetch(state, "spooked")
        state.players[2].hand.cards += state.door_deck.cards  # out of the way
        state.door_deck.cards, state.door_discard.cards = [], [spooked]

    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    [kick] = s.events(kind="kick", since_last=True)
    assert kick.data["cards"][0]["name"] == "Spooked!"
    s.leave_open(0, "trouble")
    s.leave_open(2, "anytime")  # its hand holds Curses and Rides
    finish_leaving_windows(s)


@shows("munchkin.cards.deck-exhausted")
def test_no_card_is_drawn_when_a_deck_and_its_discards_are_empty():
    def position(state):
        table()(state)
        state.players[2].hand.cards += state.door_deck.cards + state.door_discard.cards
        state.door_deck.cards, state.door_discard.cards = [], []

    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    assert s.events(kind="empty", since_last=True)
    s.choose(0, "Loot the Room")
    assert s.view(0)["players"][0]["hand"]["count"] == 0
    s.leave_open(1, "arrange")
    s.leave_open(2, "anytime")
    finish_leaving_windows(s)


# --- variants ----------------------------------------------------------------------------------


@shows("munchkin.faster.listen", "munchkin.faster.loot-treasure")
def test_faster_play_listens_at_the_door_and_loots_a_treasure():
    s = Scenario(GAME, "faster", players=3, position=table(door_top=("spooked",)))
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Loot the Room")
    [looted] = s.view(0)["players"][0]["hand"]["cards"]
    assert CARDS_BY_NAME[looted["name"]].deck == "treasure"
    s.choose(0, "End your turn", kind="charity")  # it could play the Treasure first
    [listened] = s.events(kind="drew", since_last=True)  # seat 1's turn starts
    assert listened.to == (1,) and CARDS_BY_NAME[listened.data["cards"][0]["name"]].deck == "door"
    assert s.view(None)["players"][1]["hand"]["count"] == 1
    s.leave_open(1, "arrange")
    s.leave_open(0, "anytime")
    finish_leaving_windows(s)


@shows("munchkin.faster.shared-victories")
def test_shared_victories_let_the_helper_win_too():
    position = table(levels={0: 9, 1: 2}, door_top=("creature-under-the-stairs",))
    s = Scenario(GAME, "faster", players=3, position=position)
    s.choose(0, "Kick Open the Door")  # 9 against 9: a tie, which the monster wins
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "ask", kind="bribe")
    s.choose(1, "accept", kind="help")
    everyone_passes(s)
    assert s.match.outcome().winners == (0, 1)
    s.finish()


@shows("munchkin.setup.players")
def test_two_players_need_the_unofficial_option():
    with pytest.raises(BadOptions):
        Match.new(GAME, "base", players=2)
    match = Match.new(GAME, "two-player", players=2, seed=1)
    assert match.header.options["unofficial_two_players"] is True


def test_epic_needs_kills_for_levels_19_and_20_but_not_for_10():
    position = table(levels={0: 9, 1: 18}, hands={0: ["trick-or-treat", "scare-the-mayor"]})
    s = Scenario(GAME, "epic", players=3, position=position)
    s.choose(0, "Play Trick or Treat!")
    assert {c.label for c in s.expect(0, "target").choices} == {"On seat 0", "On seat 2"}
    s.choose(0, "On seat 0")
    assert level(s, 0) == 10 and s.match.outcome() is None
    s.leave_open(0, "arrange")
    finish_leaving_windows(s)


def test_epic_kicks_open_two_doors_from_level_10():
    position = table(levels={0: 10}, door_top=("corpse-kid", "zero"))
    s = Scenario(GAME, "epic", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    assert [f["name"] for f in s.view(None)["combat"]["foes"]] == ["Corpse Kid", "Zero"]
    leave_window_open(s)
    s.finish()


@shows("munchkin.curse.victim-chooses")
def test_two_curses_at_once_never_take_the_same_item_twice():
    position = table(
        levels={0: 10},
        items={0: ["coffin-shield", "bone-club", "axe"]},
        door_top=("pickpocketed", "butterfingers"),
    )
    s = Scenario(GAME, "epic", players=3, position=position)
    s.choose(0, "Kick Open the Door")  # Epic: two doors, both Curses asking for a hand Item
    discarded = [c["name"] for c in s.view(None)["discarded"]]
    assert discarded == ["Pickpocketed", "Butterfingers"]  # both seen, though one lies under the other
    s.choose(0, "Lose Coffin Shield")  # Butterfingers: any hand Item
    prompt = s.expect(0, "lose-item")  # Pickpocketed: the biggest bonus, of what is left
    assert [c.label for c in prompt.choices] == ["Lose Bone Club"]
    s.choose(0, "Lose Bone Club")
    assert [i["name"] for i in s.view(None)["players"][0]["items"]] == ["Axe"]
    s.leave_open(0, "trouble")
    finish_leaving_windows(s)
