"""Rules of the Munchkin rulesheet that no other test showed, one behaviour per test,
each marked with the clauses of plugins/munchkin/data/rules.toml it shows. Scripted
strictly from exact positions (nbc.core.testkit.scenario).

Which seats get an any-time window outside a fight is not what these tests show
(test_windows.py shows it): `finish_leaving_windows` leaves every such window open, and
every fight is passed with `everyone_passes`, whoever is in it. Every other prompt left
open is declared."""

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


def level(s: Scenario, seat: int) -> int:
    return s.view(None)["players"][seat]["level"]


def items(s: Scenario, seat: int) -> dict[str, bool]:
    return {i["name"]: i["equipped"] for i in s.view(None)["players"][seat]["items"]}


def hand(s: Scenario, seat: int) -> list[str]:
    return [c["name"] for c in s.view(seat)["players"][seat]["hand"]["cards"]]


def labels(s: Scenario, seat: int, kind: str) -> list[str]:
    return [c.label for c in s.expect(seat, kind).choices]


def offered(s: Scenario, seat: int) -> list[str]:
    """Every label in every prompt of `seat` now (none if it is not asked)."""
    return [c.label for p in s.prompts(seat) for c in p.choices]


def keep_received(s: Scenario, seat: int) -> None:
    """Cards just received are kept in hand (their receiver is always asked about them)."""
    s.choose(seat, "Keep them in your hand", kind="received")


def creating(hands: dict[int, list[str]]):
    """Character creation, with exactly these cards dealt to the seats named."""

    def position(state) -> None:
        for p in state.players:
            for c in p.hand.cards:
                deck = state.door_deck if CARDS[state.cards[c]].deck == "door" else state.treasure_deck
                deck.cards.insert(0, c)
            p.hand.cards = []
        for seat, cards in hands.items():
            state.players[seat].hand.cards = [fetch(state, d) for d in cards]

    return position


# --- set-up, character creation, the order of play --------------------------------------


@shows("munchkin.setup.players")
def test_three_to_six_players_play_the_rulesheet_s_game():
    for players in range(3, 7):
        assert Match.new(GAME, "base", players=players, seed=1).header.players == players
    for players in (1, 2, 7):
        with pytest.raises(BadOptions):
            Match.new(GAME, "base", players=players, seed=1)


@shows("munchkin.setup.decks", "munchkin.setup.deal", "munchkin.create.level-one")
def test_set_up_deals_four_cards_of_each_deck_and_everyone_starts_at_level_1():
    match = Match.new(GAME, "base", players=4, seed=3)
    view = match.view(None)
    assert view["phase"] == "create"
    assert (view["door_deck"], view["treasure_deck"]) == (96 - 16, 72 - 16)
    state = match.state
    assert {CARDS[state.cards[c]].deck for c in state.door_deck.cards} == {"door"}
    assert {CARDS[state.cards[c]].deck for c in state.treasure_deck.cards} == {"treasure"}
    for seat in range(4):
        dealt = match.view(seat)["players"][seat]["hand"]["cards"]
        decks = sorted(CARDS_BY_NAME[c["name"]].deck for c in dealt)
        assert decks == ["door"] * 4 + ["treasure"] * 4
        assert view["players"][seat]["level"] == 1
    again = Match.new(GAME, "base", players=4, seed=4).state
    assert again.door_deck.cards != state.door_deck.cards  # both decks are shuffled
    assert again.treasure_deck.cards != state.treasure_deck.cards


@shows("munchkin.create.citizenship-and-ride", "munchkin.create.items")
def test_character_creation_plays_one_citizenship_one_ride_and_any_items():
    position = creating({0: ["easter-town", "christmas-town", "sled", "giant-bat", "axe", "top-hat"]})
    s = Scenario(GAME, "base", players=3, seed=1, position=position)
    assert labels(s, 0, "create") == [
        "Play Easter Town",
        "Play Christmas Town",
        "Play Sled",
        "Play Giant Bat",
        "Play Axe",
        "Play Top Hat",
        "Ready",
    ]
    s.choose(0, "Play Easter Town", kind="create")
    s.choose(0, "Play Sled", kind="create")
    s.choose(0, "Play Axe", kind="create")
    assert labels(s, 0, "create") == ["Play Top Hat", "Ready"]  # one Citizenship, one Ride
    me = s.view(None)["players"][0]
    assert [c["name"] for c in me["citizenships"]] == ["Easter Town"]
    assert me["ride"]["name"] == "Sled" and items(s, 0) == {"Axe": True}
    assert hand(s, 0) == ["Christmas Town", "Giant Bat", "Top Hat"]
    for seat in range(3):
        s.leave_open(seat, "create")
    s.finish()


@shows("munchkin.turns.first-player")
def test_the_first_player_is_chosen_by_chance():
    first = {Match.new(GAME, "base", players=4, seed=n).state.turn for n in range(30)}
    assert len(first) > 1 and first <= {0, 1, 2, 3}
    s = Scenario(GAME, "base", players=3, seed=5, position=creating({}))
    for seat in range(3):
        s.choose(seat, "Ready", kind="create")
    [start] = s.events(kind="start")
    assert start.data["seat"] == s.view(None)["turn"] == s.state.turn


@shows("munchkin.turns.next-player")
def test_each_turn_ends_after_charity_and_the_next_seat_takes_the_next():
    doors = ("wind-blows-your-hair", "zero", "snow-in-your-boots", "igor", "moth-eaten", "bat-swarm")
    s = Scenario(GAME, "base", players=3, position=table(door_top=doors))
    turns = s.view(None)["turns"]
    for seat in (0, 1, 2):
        assert s.view(None)["turn"] == seat
        s.choose(seat, "Kick Open the Door")  # a Curse with nothing to take
        s.choose(seat, "Loot the Room")  # a monster: nothing to play, five cards or fewer
        s.choose(seat, "End your turn", kind="charity")  # asked with cards in hand all the same
    assert s.view(None)["turn"] == 0 and s.view(None)["turns"] == turns + 3
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.conflicts.card-beats-rule")
def test_a_card_that_says_so_overrides_the_rulesheet_s_limits():
    """Cheat! lets an Item break the one-Headgear limit; with no Cheat! the limit holds."""
    position = table(items={0: ["top-hat"]}, hands={0: ["cheat", "bat-hat"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Play Bat Hat")
    assert items(s, 0) == {"Top Hat": True, "Bat Hat": False}  # the limit
    s.choose(0, "Play Cheat!")
    s.choose(0, "Bat Hat", kind="item")
    s.choose(0, "Put on Bat Hat")
    assert items(s, 0) == {"Top Hat": True, "Bat Hat": True}  # the card wins
    finish_leaving_windows(s, (0, "arrange"))


# --- card management -----------------------------------------------------------------------


@shows("munchkin.cards.discard-piles")
def test_each_deck_has_its_own_face_up_discard_pile():
    position = table(levels={0: 2}, items={0: ["coffin-shield", "bone-club"]}, door_top=("spooked",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    view = s.view(2)
    assert view["door_discard"]["count"] == 1 and view["door_discard"]["top"]["name"] == "Spooked!"
    assert view["treasure_discard"]["count"] == 0
    s.choose(0, "Sell Items for levels", kind="trouble")
    s.choose(0, "Add Coffin Shield to the sale", kind="sale")
    s.choose(0, "Add Bone Club to the sale", kind="sale")
    s.choose(0, "sell", kind="sale")
    view = s.view(2)
    assert view["door_discard"]["count"] == 1
    assert view["treasure_discard"]["count"] == 2 and view["treasure_discard"]["top"]["name"] == "Bone Club"
    finish_leaving_windows(s, (0, "trouble"))


@shows("munchkin.cards.no-looking-in-discards", "munchkin.ruling.discard-view")
def test_a_discard_pile_shows_its_size_and_top_card_and_only_a_card_opens_it():
    position = table(hands={0: ["searchlight"]}, door_discard=("sled", "zero", "spooked"))
    s = Scenario(GAME, "base", players=3, position=position)
    for seat in (0, 1, None):
        pile = s.view(seat)["door_discard"]
        assert set(pile) == {"count", "top"}
        assert pile["count"] == 3 and pile["top"]["name"] == "Spooked!"
        assert s.view(seat)["discarded"] == []  # nothing landed there with the last choice
    s.choose(0, "Play Searchlight")  # a card that lets its player look through the discards
    assert labels(s, 0, "search") == ["Take Sled", "Take Zero", "Take Spooked!"]
    s.choose(0, "Take Zero", kind="search")
    assert [c["name"] for c in s.view(1)["discarded"]] == ["Searchlight"]  # seen landing
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.cards.in-play-visible")
def test_the_cards_in_play_are_seen_by_every_seat():
    position = table(
        citizenships={0: ["easter-town"]},
        rides={0: "sled"},
        items={0: ["top-hat"]},
        curses={0: ["black-cat"]},
    )

    def spare(state):
        position(state)
        state.players[0].items.append(fetch(state, "bat-hat"))  # carried, not equipped

    s = Scenario(GAME, "base", players=3, position=spare)
    for seat in (1, 2, None):
        me = s.view(seat)["players"][0]
        assert [c["name"] for c in me["citizenships"]] == ["Easter Town"]
        assert me["ride"]["name"] == "Sled"
        assert [(i["name"], i["equipped"]) for i in me["items"]] == [("Top Hat", True), ("Bat Hat", False)]
        assert [c["name"] for c in me["curses"]] == ["Black Cat Crossed Your Path"]
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.cards.hand-not-in-play")
def test_cards_in_hand_give_their_holder_nothing():
    position = table(levels={0: 3}, hands={0: ["axe", "sled", "easter-town"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, position=position)
    assert s.view(None)["players"][0]["strength"] == 3
    s.choose(0, "Kick Open the Door")
    assert s.view(None)["combat"]["heroes_strength"] == 3
    leave_window_open(s)
    finish_leaving_windows(s)


@shows("munchkin.cards.hand-safe")
def test_a_hand_is_lost_only_to_a_card_that_takes_the_hand():
    position = table(
        hands={0: ["top-hat"], 2: ["dunked-in-the-fountain"]}, door_top=("wind-blows-your-hair",)
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")  # it takes worn Headgear: the Top Hat in hand is safe
    assert hand(s, 0) == ["Top Hat"]
    s.choose(2, "Play Dunked in the Fountain", kind="anytime")
    s.choose(2, "On seat 0", kind="target")  # it takes the whole hand
    assert hand(s, 0) == []
    finish_leaving_windows(s, (0, "trouble"))


@shows("munchkin.cards.no-return-to-hand")
def test_cards_in_play_never_go_back_to_the_hand():
    position = table(levels={0: 2}, items={0: ["coffin-shield", "axe"]}, rides={0: "sled"})
    s = Scenario(GAME, "base", players=3, position=position)
    in_play = {i["id"] for i in s.view(None)["players"][0]["items"]} | {
        s.view(None)["players"][0]["ride"]["id"]
    }
    for choice in s.expect(0, "arrange").choices:
        verb, _, rest = choice.id.partition(":")
        assert not (rest in in_play and verb not in ("on", "use")), choice
    s.choose(0, "Sell Items for levels")
    s.choose(0, "Add Coffin Shield to the sale", kind="sale")
    s.choose(0, "Call off the sale", kind="sale")  # back on the table, not into the hand
    assert set(items(s, 0)) == {"Coffin Shield", "Axe"} and hand(s, 0) == []
    finish_leaving_windows(s, (0, "arrange"))


# --- the turn --------------------------------------------------------------------------


@shows("munchkin.turn.arrange-first")
def test_a_turn_starts_with_arranging_the_cards_then_the_door_is_kicked_open():
    position = table(hands={0: ["axe"]}, door_top=("spooked",))

    def spare(state):
        position(state)
        state.players[0].items.append(fetch(state, "bat-hat"))

    s = Scenario(GAME, "base", players=3, position=spare)
    doors = s.view(None)["door_deck"]
    assert {"Kick Open the Door", "Play Axe", "Put on Bat Hat"} <= set(labels(s, 0, "arrange"))
    s.choose(0, "Play Axe")
    s.choose(0, "Put on Bat Hat")
    assert s.view(None)["door_deck"] == doors and s.view(None)["phase"] == "arrange"
    s.choose(0, "Kick Open the Door")
    assert s.view(None)["door_deck"] == doors - 1
    finish_leaving_windows(s, (0, "trouble"))


@shows("munchkin.door.other-card", "munchkin.ruling.known-cards")
def test_a_kicked_open_card_that_cannot_be_played_now_goes_to_the_hand_in_view_of_all():
    s = Scenario(GAME, "base", players=3, position=table(door_top=("monstrous",)))
    s.choose(0, "Kick Open the Door")
    assert labels(s, 0, "revealed") == ["Keep Monstrous"]  # no fight to play it in
    s.choose(0, "Keep Monstrous", kind="revealed")
    assert hand(s, 0) == ["Monstrous"]
    for seat in (1, 2, None):
        assert [c["name"] for c in s.view(seat)["players"][0]["known"]] == ["Monstrous"]
    finish_leaving_windows(s, (0, "trouble"))


@shows("munchkin.trouble.skip-after-a-fight")
def test_after_fighting_the_kicked_open_monster_the_turn_goes_on_to_charity():
    position = table(levels={0: 3}, hands={0: ["zero"]}, door_top=("jewel-finkelstein", "igor"))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    assert s.view(None)["phase"] == "charity"
    ids = [c.id for c in s.expect(0, "charity").choices]
    assert "loot" not in ids and not any(i.startswith("fight:") for i in ids)
    finish_leaving_windows(s, (0, "charity"))


@shows("munchkin.trouble.look-for-trouble", "munchkin.combat.entering")
def test_looking_for_trouble_fights_a_monster_from_the_hand_as_if_kicked_open():
    position = table(levels={0: 3}, hands={0: ["zero"]}, door_top=("spooked",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")  # Spooked!: Level 2
    assert labels(s, 0, "trouble")[:2] == ["Look for Trouble: fight Zero", "Loot the Room"]
    s.choose(0, "Look for Trouble: fight Zero")
    combat = s.view(None)["combat"]
    assert [f["name"] for f in combat["foes"]] == ["Zero"] and combat["hero"] == 0
    everyone_passes(s)  # 2 against 2: the monster wins the tie
    assert s.view(None)["phase"] == "run"
    finish_leaving_windows(s, (0, "run"))


@shows("munchkin.trouble.loot-the-room")
def test_a_citizenship_looted_from_the_room_may_be_played_at_once_or_kept():
    s = Scenario(GAME, "base", players=3, position=table(door_top=("spooked", "easter-town")))
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Loot the Room")
    assert {"Play Easter Town", "End your turn"} <= set(labels(s, 0, "charity"))
    s.choose(0, "Play Easter Town", kind="charity")
    assert [c["name"] for c in s.view(None)["players"][0]["citizenships"]] == ["Easter Town"]
    s.choose(0, "End your turn", kind="charity")
    finish_leaving_windows(s, (1, "arrange"))


@shows("munchkin.charity.play-down-to-five", "munchkin.cards.hand-limit")
def test_charity_lets_the_player_play_cards_to_keep_five():
    hand_cards = ["zero", "igor", "bat-swarm", "corpse-kid", "axe"]
    position = table(levels={0: 4, 1: 1, 2: 1}, hands={0: hand_cards}, door_top=("spooked", "mummy-kid"))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Loot the Room")  # six cards
    assert "Give away the excess (or discard it, if you are lowest)" in labels(s, 0, "charity")
    s.choose(0, "Play Axe", kind="charity")
    assert "End your turn" in labels(s, 0, "charity")  # five: nothing to give
    s.choose(0, "End your turn", kind="charity")
    assert [p["hand"]["count"] for p in s.view(None)["players"]] == [5, 0, 0]
    finish_leaving_windows(s, (1, "arrange"))


@shows("munchkin.charity.give-excess", "munchkin.charity.split-evenly")
def test_charity_shares_the_excess_between_the_tied_lowest_the_giver_choosing_the_bigger_share():
    hand_cards = ["zero", "igor", "bat-swarm", "corpse-kid", "mummy-kid", "melting-man", "corpse-mom"]
    position = table(
        levels={0: 5, 1: 2, 2: 2, 3: 4}, hands={0: hand_cards}, door_top=("spooked", "creepy-crawlies")
    )
    s = Scenario(GAME, "base", players=4, position=position)
    s.choose(0, "Kick Open the Door")  # Level 4
    s.choose(0, "Loot the Room")  # eight cards: three to give, to seats 1 and 2 (Level 2)
    s.choose(0, "charity")
    for _ in range(2):
        gifts = s.expect(0, "charity").choices
        assert {c.id.rsplit(":", 1)[1] for c in gifts} == {"1", "2"}  # never seat 3
        s.choose(0, next(c.id for c in gifts if c.id.endswith(":1")))  # the bigger share: seat 1
        keep_received(s, 1)
    gifts = s.expect(0, "charity").choices
    assert {c.id.rsplit(":", 1)[1] for c in gifts} == {"2"}  # the split stays as even as it goes
    s.choose(0, gifts[0].id)
    keep_received(s, 2)
    assert [p["hand"]["count"] for p in s.view(None)["players"]] == [5, 2, 1, 0]
    finish_leaving_windows(s, (1, "arrange"))


@shows("munchkin.charity.lowest-discards")
def test_charity_a_player_tied_for_the_lowest_level_discards_the_excess():
    hand_cards = ["zero", "igor", "bat-swarm", "corpse-kid", "mummy-kid"]
    position = table(levels={0: 3, 1: 2, 2: 5}, hands={0: hand_cards}, door_top=("spooked", "melting-man"))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")  # Level 2: tied with seat 1 for the lowest
    s.choose(0, "Loot the Room")
    s.choose(0, "charity")
    choices = s.expect(0, "charity").choices
    assert all(c.id.startswith("discard:") for c in choices)
    s.choose(0, choices[0].id)
    assert [p["hand"]["count"] for p in s.view(None)["players"]] == [5, 0, 0]
    assert s.view(None)["door_discard"]["count"] == 2
    finish_leaving_windows(s, (1, "arrange"))


# --- Citizenships ----------------------------------------------------------------------------


@shows("munchkin.citizenship.towns")
def test_citizenships_come_from_four_towns():
    towns = {c.town for c in CARDS.values() if c.kind == "citizenship"}
    assert towns == {"halloween", "christmas", "easter", "thanksgiving"}


@shows("munchkin.citizenship.abilities-with-the-card")
def test_a_citizenship_s_ability_comes_and_goes_with_its_card():
    position = table(levels={0: 1}, rides={0: "sled"}, hands={0: ["thanksgiving-town"]})
    s = Scenario(GAME, "base", players=3, position=position)
    assert s.view(None)["players"][0]["strength"] == 1 + 1
    s.choose(0, "Play Thanksgiving Town")
    assert s.view(None)["players"][0]["strength"] == 1 + 1 + 2  # +2 for the Ride
    s.choose(0, "Give up Thanksgiving Town")
    assert s.view(None)["players"][0]["strength"] == 1 + 1
    assert s.view(None)["door_discard"]["top"]["name"] == "Thanksgiving Town"
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.citizenship.discard-fodder")
def test_christmas_town_may_discard_an_item_in_play_to_escape():
    position = table(
        levels={0: 1},
        citizenships={0: ["christmas-town"]},
        items={0: ["santa-boots"]},
        curses={0: ["black-cat"]},
        door_top=("the-mayor",),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    run = s.expect(0, "run").choices
    assert [c.label for c in run if c.id.startswith("xmas:")] == ["Discard Santa Boots to escape The Mayor"]
    s.choose(0, "Discard Santa Boots to escape The Mayor")
    assert items(s, 0) == {} and level(s, 0) == 1 and s.view(None)["combat"] is None
    finish_leaving_windows(s, (0, "charity"))


@shows("munchkin.citizenship.give-up-any-time")
def test_a_citizenship_may_be_given_up_in_the_middle_of_a_fight():
    position = table(levels={0: 8}, citizenships={0: ["easter-town"]}, door_top=("wolfman",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    assert s.view(None)["combat"]["monsters_strength"] == 7 + 4
    s.choose(0, "Give up Easter Town", kind="combat")
    assert s.view(None)["combat"]["monsters_strength"] == 7
    everyone_passes(s)
    assert level(s, 0) == 9
    finish_leaving_windows(s, (0, "charity"))


@shows("munchkin.citizenship.new-on-own-turn")
def test_a_new_citizenship_is_played_on_one_s_own_turn_or_as_soon_as_it_is_received():
    monsters = ["zero", "igor", "bat-swarm", "corpse-kid"]
    position = table(
        levels={0: 5, 1: 1, 2: 3},
        hands={0: ["easter-town", "christmas-town", *monsters], 1: ["thanksgiving-town"]},
        door_top=("spooked", "creepy-crawlies"),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    assert "Play Thanksgiving Town" not in offered(s, 1)  # held, but it is not seat 1's turn
    s.choose(0, "Play Easter Town")
    assert [c["name"] for c in s.view(None)["players"][0]["citizenships"]] == ["Easter Town"]
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Loot the Room")  # six cards: one goes to seat 1, the lowest
    s.choose(0, "charity")
    s.choose(0, next(c.id for c in s.expect(0, "charity").choices if "Christmas Town" in c.label))
    assert labels(s, 1, "received") == ["Play Christmas Town", "Keep them in your hand"]
    s.choose(1, "Play Christmas Town", kind="received")
    assert [c["name"] for c in s.view(None)["players"][1]["citizenships"]] == ["Christmas Town"]
    finish_leaving_windows(s, (1, "arrange"))


@shows("munchkin.citizenship.one-at-a-time")
def test_without_dual_citizenship_a_new_citizenship_replaces_the_old():
    position = table(citizenships={0: ["easter-town"]}, hands={0: ["christmas-town"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Play Christmas Town")
    assert [c["name"] for c in s.view(None)["players"][0]["citizenships"]] == ["Christmas Town"]
    assert s.view(None)["door_discard"]["top"]["name"] == "Easter Town"
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.citizenship.dual", "munchkin.citizenship.no-twins")
def test_dual_citizenship_allows_a_second_town_but_not_the_same_one_twice():
    position = table(
        citizenships={0: ["easter-town"]}, hands={0: ["dual-citizenship", "easter-town", "christmas-town"]}
    )
    s = Scenario(GAME, "base", players=3, position=position)
    assert "Play Easter Town" not in labels(s, 0, "arrange")
    s.choose(0, "Play Dual Citizenship")
    assert "Play Easter Town" not in labels(s, 0, "arrange")  # the same Town twice: never
    s.choose(0, "Play Christmas Town")
    me = s.view(None)["players"][0]
    assert [c["name"] for c in me["citizenships"]] == ["Easter Town", "Christmas Town"]
    assert me["dual"]["name"] == "Dual Citizenship"
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.citizenship.dual-pays-costs")
def test_dual_citizenship_still_pays_for_an_ability():
    position = table(citizenships={0: ["halloween-town"]}, hands={0: ["zero"]}, door_top=("corpse-kid",))

    def dual(state):
        position(state)
        state.players[0].dual = fetch(state, "dual-citizenship")

    s = Scenario(GAME, "base", players=3, position=dual)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Halloween Town: discard Zero for +3", kind="combat")
    assert hand(s, 0) == [] and s.view(None)["combat"]["heroes_strength"] == 1 + 3
    leave_window_open(s)
    finish_leaving_windows(s)


# --- when cards may be played ------------------------------------------------------------


@shows("munchkin.level-card.any-time")
def test_go_up_a_level_may_be_played_on_anyone_even_in_a_fight():
    position = table(levels={0: 2, 1: 3}, hands={1: ["trick-or-treat"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")  # 2 against 2: losing
    s.choose(1, "Play Trick or Treat!", kind="combat")
    assert labels(s, 1, "target") == ["On seat 0", "On seat 1", "On seat 2"]
    s.choose(1, "On seat 0", kind="target")
    assert level(s, 0) == 3 and s.view(None)["combat"]["heroes_strength"] == 3
    assert s.view(None)["treasure_discard"]["top"]["name"] == "Trick or Treat!"
    everyone_passes(s)
    assert level(s, 0) == 4
    finish_leaving_windows(s, (0, "charity"))


@shows("munchkin.curse.on-anyone", "munchkin.curse.on-yourself")
def test_a_curse_from_the_hand_may_be_played_on_any_player_the_player_itself_included():
    s = Scenario(GAME, "base", players=3, position=table(levels={0: 3}, hands={0: ["spooked"]}))
    s.choose(0, "Play Spooked!")
    assert labels(s, 0, "target") == ["On seat 0", "On seat 1", "On seat 2"]
    s.choose(0, "On seat 0", kind="target")
    assert level(s, 0) == 2
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.treasure.when-played")
def test_items_are_played_on_one_s_own_turn_out_of_combat_or_when_received():
    position = table(hands={0: ["top-hat"], 1: ["axe"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, position=position)
    assert "Play Axe" not in offered(s, 1)  # not seat 1's turn
    assert "Play Top Hat" in labels(s, 0, "arrange")
    s.choose(0, "Kick Open the Door")
    assert "Play Top Hat" not in labels(s, 0, "combat")  # not in a fight
    assert "Play Axe" not in labels(s, 1, "combat")
    leave_window_open(s)
    finish_leaving_windows(s)


# --- combat ----------------------------------------------------------------------------------


@shows("munchkin.combat.ties")
def test_monsters_win_ties():
    s = Scenario(GAME, "base", players=3, position=table(levels={0: 2}, door_top=("corpse-kid",)))
    s.choose(0, "Kick Open the Door")
    combat = s.view(None)["combat"]
    assert (combat["heroes_strength"], combat["monsters_strength"]) == (2, 2)
    everyone_passes(s)
    [result] = s.events(kind="combat", since_last=True)
    assert not result.data["won"] and s.view(None)["phase"] == "run"
    finish_leaving_windows(s, (0, "run"))


@shows("munchkin.combat.win")
def test_a_big_monster_gives_two_levels_and_its_treasures():
    position = table(
        levels={0: 5},
        items={0: ["snowball-cannon", "pumpkins", "bat-hat", "santa-boots"]},
        door_top=("doctor-finkelstein",),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")  # 5 + 12 against 14
    everyone_passes(s)
    assert level(s, 0) == 7
    assert s.view(0)["players"][0]["hand"]["count"] == 4  # its four Treasures
    finish_leaving_windows(s, (0, "charity"))


@shows("munchkin.combat.discard-after-a-kill")
def test_a_killed_monster_and_every_card_played_in_the_fight_are_discarded():
    position = table(levels={0: 5}, hands={0: ["pumpkin-bomb"], 1: ["enraged"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(1, "Play Enraged", kind="combat")  # 2 + 5 against 5
    s.choose(0, "Play Pumpkin Bomb", kind="combat")
    s.choose(0, "heroes", kind="side")  # 5 + 4
    everyone_passes(s)
    assert level(s, 0) == 6
    view = s.view(None)
    assert view["combat"] is None
    assert view["door_discard"]["count"] == 2 and view["treasure_discard"]["top"]["name"] == "Pumpkin Bomb"
    discarded = {c["name"] for c in view["discarded"]}
    assert {"Corpse Kid", "Enraged", "Pumpkin Bomb"} <= discarded
    finish_leaving_windows(s, (0, "charity"))


@shows("munchkin.combat.one-shots", "munchkin.interfere")
def test_another_seat_may_strengthen_the_fighter_with_a_one_shot():
    position = table(levels={0: 2}, hands={2: ["snowball"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")  # 2 against 2
    s.choose(2, "Play Snowball", kind="combat")
    assert labels(s, 2, "side") == ["For the fighters", "For Corpse Kid"]
    s.choose(2, "heroes", kind="side")
    assert s.view(None)["combat"]["heroes_strength"] == 2 + 2
    everyone_passes(s)
    assert level(s, 0) == 3
    finish_leaving_windows(s, (0, "charity"))


@shows("munchkin.combat.defeat-without-kill")
def test_a_card_that_beats_a_monster_without_a_kill_gives_its_treasure_only_when_it_says_so():
    position = table(levels={0: 2}, hands={0: ["sleeping-potion"]}, door_top=("mr-hyde",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Play Sleeping Potion", kind="combat")  # its card keeps the monster's Treasure
    s.choose(0, "Mr. Hyde", kind="foe")
    assert s.view(None)["combat"]["foes"] == []
    everyone_passes(s)
    [result] = s.events(kind="combat", since_last=True)
    assert result.data["won"] and result.data["gained"] == 0
    assert level(s, 0) == 2 and s.view(0)["players"][0]["hand"]["count"] == 2  # Mr. Hyde's two
    finish_leaving_windows(s, (0, "charity"))


@shows("munchkin.one-shot.discarded-after-use")
def test_a_one_shot_is_discarded_once_its_effect_is_over():
    position = table(levels={0: 1}, hands={0: ["loaded-dice"]}, door_top=("the-mayor",))
    s = Scenario(GAME, "base", players=3, seed=1, position=position)  # seed 1: the first roll is 1
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Play Loaded Dice", kind="combat")  # +2 to Run Away
    assert [c["name"] for c in s.view(None)["combat"]["played"]] == ["Loaded Dice"]
    everyone_passes(s)
    s.choose(0, "Roll to Run Away from The Mayor")
    [run] = s.events(kind="run", since_last=True)
    assert (run.data["roll"], run.data["modifier"], run.data["escaped"]) == (1, 2, False)
    assert s.view(None)["treasure_discard"]["top"]["name"] == "Loaded Dice"
    assert s.view(0)["players"][0]["hand"]["count"] == 0 and items(s, 0) == {}
    finish_leaving_windows(s, (1, "arrange"))


# --- Monster Enhancers, several monsters, Undead and Demons ------------------------------


@shows("munchkin.enhancers.strength-and-treasure")
def test_an_enhancer_may_weaken_a_monster_and_take_away_treasure():
    position = table(levels={0: 1}, hands={1: ["sleepy"]}, door_top=("mr-hyde",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    assert s.view(None)["combat"]["foes"][0]["treasures"] == 2
    s.choose(1, "Play Sleepy", kind="combat")
    foe = s.view(None)["combat"]["foes"][0]
    assert (foe["strength"], foe["treasures"]) == (5 - 5, 2 - 1)
    everyone_passes(s)  # 1 against 0
    assert s.view(0)["players"][0]["hand"]["count"] == 1
    finish_leaving_windows(s, (0, "charity"))


@shows("munchkin.enhancers.add-up")
def test_the_enhancers_on_one_monster_add_up():
    position = table(levels={0: 9}, hands={1: ["enraged", "hungry"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(1, "Play Enraged", kind="combat")
    s.choose(1, "Play Hungry", kind="combat")
    foe = s.view(None)["combat"]["foes"][0]
    assert (foe["strength"], foe["treasures"]) == (2 + 5 + 3, 1 + 1 + 1)
    leave_window_open(s)
    finish_leaving_windows(s)


@shows("munchkin.enhancers.pick-the-monster")
def test_with_several_monsters_the_player_of_an_enhancer_picks_its_monster():
    position = table(
        levels={0: 9}, hands={1: ["wandering-monster", "igor"], 2: ["monstrous"]}, door_top=("zero",)
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(1, "Wandering Monster: Igor joins", kind="combat")
    s.choose(2, "Play Monstrous", kind="combat")
    assert labels(s, 2, "foe") == ["Zero", "Igor"]
    s.choose(2, "Igor", kind="foe")
    foes = {
        f["name"]: (f["strength"], [e["name"] for e in f["enhancers"]])
        for f in s.view(None)["combat"]["foes"]
    }
    assert foes == {"Zero": (2, []), "Igor": (3 + 10, ["Monstrous"])}
    leave_window_open(s)
    finish_leaving_windows(s)


@shows("munchkin.enhancers.anyone-any-combat")
def test_the_fighter_too_may_play_an_enhancer_in_its_own_fight():
    position = table(levels={0: 9}, hands={0: ["hungry"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Play Hungry", kind="combat")  # more Treasure for a fight it still wins
    assert s.view(None)["combat"]["foes"][0]["treasures"] == 2
    everyone_passes(s)
    assert level(s, 0) == 10 and s.match.outcome().winners == (0,)
    s.finish()


@shows("munchkin.multiple.eliminate-then-flee")
def test_one_monster_taken_out_and_the_other_fled_give_no_level_and_no_treasure():
    position = table(
        levels={0: 3},
        hands={0: ["bag-of-bugs"], 1: ["wandering-monster", "the-mayor"]},
        door_top=("corpse-kid",),
    )
    s = Scenario(GAME, "base", players=3, seed=2, position=position)  # seed 2: the first roll is 5
    s.choose(0, "Kick Open the Door")
    s.choose(1, "Wandering Monster: The Mayor joins", kind="combat")
    s.choose(0, "Play Bag of Bugs", kind="combat")
    s.choose(0, "Corpse Kid", kind="foe")
    everyone_passes(s)  # 3 against 7
    s.choose(0, "Roll to Run Away from The Mayor")
    assert s.events(kind="run", since_last=True)[0].data["escaped"]
    assert level(s, 0) == 3 and s.view(0)["players"][0]["hand"]["count"] == 0
    finish_leaving_windows(s, (1, "arrange"))


@shows("munchkin.multiple.combined-strength", "munchkin.rewards.level-per-monster")
def test_two_monsters_are_beaten_together_and_give_a_level_each():
    position = table(
        levels={0: 5}, items={0: ["axe"]}, hands={1: ["wandering-monster", "igor"]}, door_top=("zero",)
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(1, "Wandering Monster: Igor joins", kind="combat")
    combat = s.view(None)["combat"]
    assert (combat["heroes_strength"], combat["monsters_strength"]) == (7, 2 + 3)
    everyone_passes(s)
    assert level(s, 0) == 7
    assert s.view(0)["players"][0]["hand"]["count"] == 2
    finish_leaving_windows(s, (0, "charity"))


@shows("munchkin.undead.made-undead")
def test_a_card_that_makes_a_monster_undead_brings_it_into_an_undead_fight():
    position = table(levels={0: 9}, hands={1: ["risen-from-the-grave", "igor"]}, door_top=("corpse-kid",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    assert "Send Igor into the fight" not in labels(s, 1, "combat")  # Igor is not Undead
    s.choose(1, "Risen from the Grave: Igor joins as Undead", kind="combat")
    foes = {f["name"]: f["tags"] for f in s.view(None)["combat"]["foes"]}
    assert foes == {"Corpse Kid": ["undead"], "Igor": ["undead"]}
    assert s.view(None)["combat"]["monsters_strength"] == 2 + 3 + 5
    leave_window_open(s)
    finish_leaving_windows(s)


@shows("munchkin.demon.join")
def test_a_demon_joins_a_demon_fight_without_wandering_monster():
    position = table(levels={0: 9}, hands={1: ["winged-demon", "igor"]}, door_top=("sack-of-bugs",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    assert "Send Igor into the fight" not in labels(s, 1, "combat")
    s.choose(1, "Send Winged Demon into the fight", kind="combat")
    assert s.view(None)["combat"]["monsters_strength"] == 5 + 8
    leave_window_open(s)
    finish_leaving_windows(s)


# --- help and bribes -----------------------------------------------------------------------


@shows("munchkin.help.one-helper")
def test_only_one_player_helps_adding_its_strength():
    position = table(levels={0: 3, 1: 2, 2: 4}, door_top=("the-mayor",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")  # 3 against 7
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "ask", kind="bribe")
    s.choose(1, "accept", kind="help")
    assert s.view(None)["combat"]["heroes_strength"] == 3 + 2
    assert not any(c.id.startswith("ask:") for c in s.expect(0, "combat").choices)  # no second helper
    everyone_passes(s)
    assert s.view(None)["phase"] == "run" and {r["seat"] for r in s.view(None)["runners"]} == {0, 1}
    finish_leaving_windows(s, (0, "run"), (1, "run"))


@shows("munchkin.help.bribe-with-cards")
def test_the_fighter_may_play_go_up_a_level_on_its_helper():
    position = table(levels={0: 3, 1: 2}, hands={0: ["trick-or-treat"]}, door_top=("the-mayor",))
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "ask", kind="bribe")
    s.choose(1, "accept", kind="help")  # 3 + 2 against 7
    s.choose(0, "Play Trick or Treat!", kind="combat")
    s.choose(0, "On seat 1", kind="target")
    assert level(s, 1) == 3 and s.view(None)["combat"]["heroes_strength"] == 3 + 3
    leave_window_open(s)
    finish_leaving_windows(s)


@shows("munchkin.help.shared-abilities")
def test_a_halloween_town_helper_may_discard_a_monster_for_the_fighters():
    position = table(
        levels={0: 3, 1: 2},
        citizenships={1: ["halloween-town"]},
        hands={1: ["zero"]},
        door_top=("the-mayor",),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    s.choose(0, "Ask seat 1 for help")
    s.choose(0, "ask", kind="bribe")
    s.choose(1, "accept", kind="help")  # The Mayor: +2 against a Halloween Town helper
    assert s.view(None)["combat"]["monsters_strength"] == 7 + 2
    s.choose(1, "Halloween Town: discard Zero for +3", kind="combat")
    assert s.view(None)["combat"]["heroes_strength"] == 3 + 2 + 3
    leave_window_open(s)
    finish_leaving_windows(s)


# --- running away --------------------------------------------------------------------------


@shows("munchkin.run.no-rewards")
def test_a_lost_fight_gives_no_level_no_treasure_and_no_loot_even_after_an_escape():
    position = table(levels={0: 2}, door_top=("the-mayor", "zero"))
    s = Scenario(GAME, "base", players=3, seed=2, position=position)  # seed 2: the first roll is 5
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    s.choose(0, "Roll to Run Away from The Mayor")
    assert s.events(kind="run", since_last=True)[0].data["escaped"]
    assert level(s, 0) == 2 and s.view(0)["players"][0]["hand"]["count"] == 0
    assert s.view(None)["phase"] != "trouble" and s.view(None)["turn"] == 1  # no Loot the Room
    finish_leaving_windows(s, (1, "arrange"))


# --- Rides ---------------------------------------------------------------------------------


@shows("munchkin.ride.one")
def test_a_new_ride_replaces_the_old_one():
    s = Scenario(GAME, "base", players=3, position=table(rides={0: "sled"}, hands={0: ["giant-bat"]}))
    s.choose(0, "Play Giant Bat")
    assert s.view(None)["players"][0]["ride"]["name"] == "Giant Bat"
    assert s.view(None)["door_discard"]["top"]["name"] == "Sled"
    assert s.view(None)["players"][0]["strength"] == 1 + 2
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.ride.enhancers")
def test_a_ride_enhancer_needs_a_ride_and_leaves_with_it():
    s = Scenario(GAME, "base", players=3, position=table(hands={0: ["rocket-booster", "sled", "giant-bat"]}))
    assert "Play Rocket Booster" not in labels(s, 0, "arrange")
    s.choose(0, "Play Sled")
    s.choose(0, "Play Rocket Booster")
    me = s.view(None)["players"][0]
    assert [e["name"] for e in me["ride_enhancers"]] == ["Rocket Booster"] and me["strength"] == 1 + 1 + 2
    s.choose(0, "Play Giant Bat")  # the Sled goes, and its Enhancer with it
    me = s.view(None)["players"][0]
    assert me["ride"]["name"] == "Giant Bat" and me["ride_enhancers"] == [] and me["strength"] == 1 + 2
    assert {c["name"] for c in s.view(None)["discarded"]} == {"Sled", "Rocket Booster"}
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.ride.no-trade", "munchkin.trade.items-only")
def test_only_items_on_the_table_are_traded_never_a_ride_or_a_card_in_hand():
    position = table(rides={0: "sled"}, items={0: ["axe"], 1: ["top-hat"]}, hands={0: ["bat-hat"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Offer a trade")
    s.choose(0, "Offer seat 1 a trade", kind="trade")
    assert labels(s, 0, "trade") == ["Give Axe", "Ask for seat 1's Top Hat", "Call off the offer"]
    s.choose(0, "Call off the offer", kind="trade")
    finish_leaving_windows(s, (0, "arrange"))


# --- Items -------------------------------------------------------------------------------


@shows("munchkin.items.gold-value")
def test_an_item_of_no_value_is_an_item_worth_nothing_in_a_sale():
    position = table(levels={0: 2}, items={0: ["shiny-ornament", "snowball-cannon", "pumpkins"]})
    s = Scenario(GAME, "base", players=3, position=position)
    assert s.view(None)["players"][0]["strength"] == 2 + 1 + 5 + 3
    s.choose(0, "Sell Items for levels")
    s.choose(0, "Add Shiny Ornament to the sale", kind="sale")
    assert s.expect(0, "sale").text == "Selling Items: 0 Gold so far"
    s.choose(0, "Add Snowball Cannon to the sale", kind="sale")
    assert s.expect(0, "sale").text == "Selling Items: 800 Gold so far"
    assert "sell" not in [c.id for c in s.expect(0, "sale").choices]
    s.choose(0, "Add Pumpkins to the sale", kind="sale")
    s.choose(0, "Sell for 1 level(s) (1200 Gold, no change)", kind="sale")
    assert level(s, 0) == 3
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.items.carried-and-equipped")
def test_a_carried_item_that_is_not_equipped_gives_nothing():
    position = table(levels={0: 1}, items={0: ["top-hat"]})

    def spare(state):
        position(state)
        state.players[0].items.append(fetch(state, "bat-hat"))

    s = Scenario(GAME, "base", players=3, position=spare)
    assert items(s, 0) == {"Top Hat": True, "Bat Hat": False}
    assert s.view(None)["players"][0]["strength"] == 1 + 1
    s.choose(0, "Put on Bat Hat")
    assert s.view(None)["players"][0]["strength"] == 1 + 2
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.items.slots", "munchkin.ruling.equipment-swap")
def test_one_headgear_one_armor_and_one_footgear_are_equipped_at_a_time():
    position = table(items={0: ["top-hat", "skeleton-suit", "elf-shoes"]})
    spares = ["bat-hat", "pumpkins", "santa-boots"]

    def carried(state):
        position(state)
        state.players[0].items += [fetch(state, d) for d in spares]

    s = Scenario(GAME, "base", players=3, position=carried)
    assert not any(c.id.startswith("off") for c in s.expect(0, "arrange").choices)  # nothing just taken off
    for name in ("Bat Hat", "Pumpkins", "Santa Boots"):
        s.choose(0, f"Put on {name}")
    assert items(s, 0) == {
        "Top Hat": False,
        "Skeleton Suit": False,
        "Elf Shoes": False,
        "Bat Hat": True,
        "Pumpkins": True,
        "Santa Boots": True,
    }
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.items.no-limit-without-a-slot")
def test_items_without_a_slot_are_all_equipped_at_once():
    position = table(
        levels={0: 1}, items={0: ["holiday-lights", "mayors-badge", "jack-o-lantern", "christmas-wreath"]}
    )
    s = Scenario(GAME, "base", players=3, position=position)
    assert all(items(s, 0).values())
    assert s.view(None)["players"][0]["strength"] == 1 + 1 + 1 + 2 + 1
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.items.restricted")
def test_a_town_only_item_works_once_its_carrier_is_that_town_s_citizen():
    position = table(levels={0: 1}, hands={0: ["bunny-ears", "easter-town"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Play Bunny Ears")
    assert items(s, 0) == {"Bunny Ears": False} and s.view(None)["players"][0]["strength"] == 1
    s.choose(0, "Play Easter Town")
    s.choose(0, "Put on Bunny Ears")
    assert s.view(None)["players"][0]["strength"] == 1 + 3
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.items.no-idle-discard")
def test_an_item_leaves_only_by_a_sale_a_trade_a_gift_an_ability_or_a_loss():
    position = table(levels={0: 2}, items={0: ["axe", "coffin-shield"]})
    s = Scenario(GAME, "base", players=3, position=position)
    ids = {c.id for c in s.expect(0, "arrange").choices}
    assert ids == {"kick", "sell", "trade"}  # no choice throws an Item away
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.items.fixed-in-combat")
def test_the_fighter_changes_no_equipment_in_the_fight_or_while_running():
    position = table(levels={0: 1}, items={0: ["top-hat"]}, door_top=("the-mayor",))

    def spare(state):
        position(state)
        state.players[0].items.append(fetch(state, "bat-hat"))

    s = Scenario(GAME, "base", players=3, position=spare)
    assert "Put on Bat Hat" in labels(s, 0, "arrange")
    s.choose(0, "Kick Open the Door")
    assert "Put on Bat Hat" not in labels(s, 0, "combat")
    everyone_passes(s)
    assert "Put on Bat Hat" not in labels(s, 0, "run")
    finish_leaving_windows(s, (0, "run"))


# --- trading and selling -------------------------------------------------------------------


@shows("munchkin.trade.out-of-combat")
def test_nobody_trades_with_a_player_who_is_still_in_combat():
    position = table(
        levels={0: 1}, items={0: ["axe"], 1: ["top-hat"], 2: ["bat-hat"]}, door_top=("the-mayor",)
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    assert "Offer a trade" not in offered(s, 0)
    assert "Offer a trade" not in labels(s, 1, "combat")
    everyone_passes(s)  # seat 0 is running away: still in combat
    assert "Offer a trade" not in offered(s, 0)
    s.choose(1, "Offer a trade", kind="anytime")
    assert labels(s, 1, "trade") == ["Offer seat 2 a trade", "Call off the offer"]
    s.choose(1, "Call off the offer", kind="trade")
    finish_leaving_windows(s, (0, "run"))


@shows("munchkin.sell.levels-for-gold")
def test_2000_gold_buys_two_levels_at_once():
    position = table(levels={0: 2}, items={0: ["snowball-cannon", "christmas-tree", "coffin-shield"]})
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Sell Items for levels")
    for name in ("Snowball Cannon", "Christmas Tree", "Coffin Shield"):
        s.choose(0, f"Add {name} to the sale", kind="sale")
    s.choose(0, "Sell for 2 level(s) (2000 Gold, no change)", kind="sale")
    assert level(s, 0) == 4 and items(s, 0) == {}
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.sell.when")
def test_items_are_sold_only_on_one_s_own_turn_out_of_combat():
    position = table(
        levels={0: 1, 1: 2},
        hands={0: ["snowball-cannon", "christmas-tree"]},
        items={1: ["coffin-shield", "bone-club"]},
        door_top=("the-mayor",),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    assert "Sell Items for levels" in labels(s, 0, "arrange")
    assert "Sell Items for levels" not in offered(s, 1)  # not seat 1's turn
    s.choose(0, "Kick Open the Door")
    assert "Sell Items for levels" not in offered(s, 0)
    everyone_passes(s)
    assert "Sell Items for levels" not in offered(s, 0)  # nor while running away
    finish_leaving_windows(s, (0, "run"))


# --- Curses ----------------------------------------------------------------------------------


@shows("munchkin.curse.kept-not-fodder")
def test_a_kept_curse_is_never_discarded_to_power_a_citizenship():
    position = table(
        levels={0: 1},
        citizenships={0: ["christmas-town"]},
        curses={0: ["black-cat"]},
        hands={0: ["santa-boots"]},
        door_top=("the-mayor",),
    )
    s = Scenario(GAME, "base", players=3, position=position)
    curse = s.view(None)["players"][0]["curses"][0]["id"]
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    run = s.expect(0, "run").choices
    assert not any(curse in c.id for c in run)
    assert [c.label for c in run if c.id.startswith("xmas:")] == ["Discard Santa Boots to escape The Mayor"]
    finish_leaving_windows(s, (0, "run"))


# --- death ------------------------------------------------------------------------------------


@shows("munchkin.death.no-more-running")
def test_the_dead_run_from_no_other_monster():
    position = table(
        levels={0: 1}, hands={1: ["wandering-monster", "the-mayor"]}, door_top=("evil-scientist",)
    )
    s = Scenario(GAME, "base", players=3, seed=1, position=position)  # seed 1: the first roll is 1
    s.choose(0, "Kick Open the Door")
    s.choose(1, "Wandering Monster: The Mayor joins", kind="combat")
    everyone_passes(s)
    s.choose(0, "Roll to Run Away from Evil Scientist")
    assert s.events(kind="death", since_last=True)
    assert level(s, 0) == 1  # The Mayor's Bad Stuff (two levels) never came
    assert not any(p.kind == "run" for p in s.match.all_prompts())
    assert s.view(None)["combat"] is None and s.view(None)["turn"] == 1
    finish_leaving_windows(s, (1, "arrange"))


@shows("munchkin.death.keeps", "munchkin.death.cheat-apart")
def test_death_keeps_dual_citizenship_and_lays_out_a_cheat_apart_from_its_item():
    position = table(
        levels={0: 4, 1: 2, 2: 3},
        citizenships={0: ["easter-town"]},
        items={0: ["bat-hat"]},
        door_top=("evil-scientist",),
    )

    def cheating(state):
        position(state)
        me = state.players[0]
        me.dual = fetch(state, "dual-citizenship")
        me.cheat, me.cheat_item = fetch(state, "cheat"), me.items[0]

    s = Scenario(GAME, "base", players=3, seed=1, position=cheating)  # seed 1: the first roll is 1
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    s.choose(0, "Roll to Run Away from Evil Scientist")
    me = s.view(None)["players"][0]
    assert me["dead"] and me["level"] == 4
    assert [c["name"] for c in me["citizenships"]] == ["Easter Town"] and me["dual"][
        "name"
    ] == "Dual Citizenship"
    assert sorted(c["name"] for c in s.view(None)["body"]) == ["Bat Hat", "Cheat!"]
    s.choose(2, "Take Cheat!", kind="loot")  # Level 3 loots first
    keep_received(s, 2)
    s.choose(1, "Take Bat Hat", kind="loot")
    keep_received(s, 1)
    assert s.view(None)["body"] == []
    assert s.view(None)["turn"] == 1  # a dead player's turn ends
    finish_leaving_windows(s, (1, "arrange"))


@shows("munchkin.death.no-cards-no-levels")
def test_a_dead_character_cannot_go_up_a_level():
    def position(state):
        table(levels={0: 3, 1: 2, 2: 2}, hands={0: ["trick-or-treat"]})(state)
        state.players[1].dead = True  # died this turn

    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Play Trick or Treat!")
    assert labels(s, 0, "target") == ["On seat 0", "On seat 2"]
    s.choose(0, "On seat 2", kind="target")
    assert level(s, 2) == 3 and level(s, 1) == 2
    finish_leaving_windows(s, (0, "arrange"))


# --- rulings -----------------------------------------------------------------------------


@shows("munchkin.ruling.epic-others-first")
def test_epic_keeps_or_plays_the_other_doors_before_the_monsters_are_fought():
    position = table(levels={0: 10}, door_top=("sled", "corpse-kid"))
    s = Scenario(GAME, "epic", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    assert s.view(None)["combat"] is None
    assert labels(s, 0, "revealed") == ["Keep Sled", "Play Sled"]
    s.choose(0, "Play Sled", kind="revealed")
    combat = s.view(None)["combat"]
    assert [f["name"] for f in combat["foes"]] == ["Corpse Kid"] and combat["heroes_strength"] == 10 + 1
    leave_window_open(s)
    finish_leaving_windows(s)


@shows("munchkin.ruling.lose-which-citizenship")
def test_a_victim_with_two_citizenships_chooses_which_one_a_curse_takes():
    position = table(citizenships={0: ["easter-town", "christmas-town"]}, door_top=("deported",))

    def dual(state):
        position(state)
        state.players[0].dual = fetch(state, "dual-citizenship")

    s = Scenario(GAME, "base", players=3, position=dual)
    s.choose(0, "Kick Open the Door")
    assert labels(s, 0, "lose-citizenship") == ["Lose Easter Town", "Lose Christmas Town"]
    s.choose(0, "Lose Christmas Town", kind="lose-citizenship")
    me = s.view(None)["players"][0]
    assert [c["name"] for c in me["citizenships"]] == ["Easter Town"] and me["dual"] is not None
    finish_leaving_windows(s, (0, "trouble"))


# --- engine defects: rules the engine breaks (strict: they fail once it is fixed) -----------


def cheated(items_: list[str], cheat_on: str, **more):
    """A table where a Cheat! is attached to the carried Item `cheat_on`."""
    position = table(items={0: items_}, **more)

    def with_cheat(state):
        position(state)
        me = state.players[0]
        me.cheat = fetch(state, "cheat")
        me.cheat_item = next(c for c in me.items if state.cards[c] == cheat_on)

    return with_cheat


@shows("munchkin.sell.carried-or-in-hand")
def test_an_item_that_carries_a_cheat_is_carried_and_may_be_sold():
    s = Scenario(
        GAME, "base", players=3, position=cheated(["snowball-cannon", "coffin-shield"], "snowball-cannon")
    )
    assert items(s, 0) == {"Snowball Cannon": True, "Coffin Shield": True}  # carried, and in use
    s.choose(0, "Sell Items for levels")  # 800 + 600 Gold carried
    s.choose(0, "Add Snowball Cannon to the sale", kind="sale")
    s.choose(0, "Add Coffin Shield to the sale", kind="sale")
    s.choose(0, "Sell for 1 level(s) (1400 Gold, no change)", kind="sale")
    assert level(s, 0) == 2 and items(s, 0) == {}
    finish_leaving_windows(s, (0, "arrange"))


@shows("munchkin.citizenship.discard-fodder")
def test_christmas_town_may_discard_an_item_that_carries_a_cheat_to_escape():
    position = cheated(
        ["santa-boots"], "santa-boots", citizenships={0: ["christmas-town"]}, door_top=("the-mayor",)
    )
    s = Scenario(GAME, "base", players=3, position=position)
    s.choose(0, "Kick Open the Door")
    everyone_passes(s)
    s.choose(0, "Discard Santa Boots to escape The Mayor", kind="run")
    assert items(s, 0) == {} and level(s, 0) == 1
    finish_leaving_windows(s, (0, "charity"))
