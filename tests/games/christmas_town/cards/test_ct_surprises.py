"""The Christmas Town Surprises, card by card: each test lays out an exact table, scripts
every choice and checks what the card's printed effect changes (one test per mode at
least; where the card has a condition, the case where it fails too)."""

from __future__ import annotations

from typing import Any

from ctkit import ct_table
from tcgkit import discard, hand, labels, row

from nbc.core.testkit.cardtests import covers

JACK = "jack-skellington-the-pumpkin-king"
EXPLORER = "jack-skellington-explorer-of-unknown-realms"
LSB_TRAVEL = ["lock-savage-captor", "shock-mad-schemer", "barrel-guinea-pig"]
LSB = ["lock-little-devil", "shock-bossy-trick-or-treater", "barrel-little-skeleton"]
FILLER = ["fire", "igor", "zero", "clown", "reaper", "behemoth", "cyclops", "mr-hyde"]


# --- helpers ----------------------------------------------------------------------------------
def new_card(st: Any, seat: int, card_id: str) -> str:
    cid = f"c{30_000 + len(st.cards)}"
    st.cards[cid], st.owner[cid] = card_id, seat
    return cid


def in_row(st: Any, seat: int, card_id: str) -> str:
    return next(c for slot in st.players[seat].row for c in slot.characters if st.cards[c] == card_id)


def stack_on(st: Any, seat: int, host_id: str, surprise_id: str, owner: int | None = None) -> str:
    """Stack a new `surprise_id` on seat's card `host_id` (a Character or a Creation)."""
    hosts = [c for slot in st.players[seat].row for c in slot.characters] + st.players[seat].creations
    host = next(c for c in hosts if st.cards[c] == host_id)
    card = new_card(st, seat if owner is None else owner, surprise_id)
    st.stacked.setdefault(host, []).append(card)
    return card


def place(st: Any, seat: int, surprise_id: str) -> str:
    card = new_card(st, seat, surprise_id)
    st.players[seat].placed.append(card)
    return card


def tuck(st: Any, seat: int, locale_id: str, cards: list[str]) -> None:
    slot = next(s for s in st.players[seat].row if st.cards[s.locale] == locale_id)
    slot.beneath.extend(new_card(st, seat, c) for c in cards)


def ids(s: Any, cards: list[str]) -> list[str]:
    return [s.state.cards[c] for c in cards]


def open_modes(s: Any, seat: int, card_id: str) -> list[str]:
    """The labels of the modes of `card_id` (in seat's hand) that may be chosen now."""
    st, g = s.state, s.game
    card = next(c for c in st.players[seat].hand if st.cards[c] == card_id)
    return [g.defs[card_id].modes[k].label for k in g.rules.modes_open(st, seat, card)]


def mode_label(s: Any, card_id: str, k: int) -> str:
    return s.game.defs[card_id].modes[k].label


def play(s: Any, card_id: str, mode: int | None = None, seat: int = 0) -> None:
    """Play the Surprise from seat's hand at its current price (and choose its mode)."""
    st, g = s.state, s.game
    card = next(c for c in st.players[seat].hand if st.cards[c] == card_id)
    price = g.rules.cost(st, seat, card)
    s.choose(seat, f"Play {g.defs[card_id].name} ({price} PP)")
    if mode is not None and s.prompts(seat) and s.prompts(seat)[0].kind == "mode":
        s.choose(seat, mode_label(s, card_id, mode), kind="mode")


def playable(s: Any, card_id: str, seat: int = 0) -> bool:
    name = s.game.defs[card_id].name
    return any(x.startswith(f"Play {name} (") for x in labels(s, seat))


def choices(s: Any, seat: int, kind: str) -> list[str]:
    return labels(s, seat, kind)


def surprise_pile(s: Any, seat: int) -> list[str]:
    return ids(s, s.state.players[seat].surprise_discard)


def deck(s: Any, seat: int) -> list[str]:
    return ids(s, s.state.players[seat].deck[::-1])  # top first


# --- A Good Scare ------------------------------------------------------------------------------
@covers("a-good-scare", mode=0)
def test_a_good_scare_searches_three_for_corpse_kid_and_winged_demon(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["a-good-scare"]},
        decks={0: ["corpse-kid", "igor", "winged-demon", "zero"]},
    )
    assert open_modes(s, 0, "a-good-scare") == [mode_label(s, "a-good-scare", 0)]
    play(s, "a-good-scare")
    assert hand(s, 0) == ["corpse-kid", "winged-demon"]
    assert discard(s, 0) == ["igor"]
    assert deck(s, 0) == ["zero"]


@covers("a-good-scare", mode=1)
def test_a_good_scare_removes_the_top_card_of_an_opponents_deck_with_both_at_the_guillotine(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", []), ("guillotine-area", ["corpse-kid", "winged-demon"])],
            1: [("oogies-lair", [])],
        },
        hands={0: ["a-good-scare"]},
        decks={1: ["reaper", "igor"]},
    )
    play(s, "a-good-scare", mode=1)
    s.choose(
        0, "A Good Scare: its effect as it is played (seat 0)", kind="order-triggers"
    )  # and Corpse Kid's
    assert ids(s, s.state.players[1].removed) == ["reaper"]
    assert deck(s, 1) == ["igor"]
    assert discard(s, 1) == []


def test_a_good_scare_removes_nothing_when_one_of_the_pair_is_elsewhere(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", ["winged-demon"]), ("guillotine-area", ["corpse-kid"])],
            1: [("oogies-lair", [])],
        },
        hands={0: ["a-good-scare"]},
        decks={1: ["reaper"]},
    )
    assert open_modes(s, 0, "a-good-scare") == [mode_label(s, "a-good-scare", 0)]


# --- Ain't Goin' Nowhere -----------------------------------------------------------------------
@covers("aint-goin-nowhere")
def test_aint_goin_nowhere_stacks_on_a_character_beside_oogie_who_then_stays_put(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("oogies-lair", ["oogie-boogie-meanest-guy-around", "igor", "mr-hyde"]),
                ("town-hall", ["zero"]),
            ]
        },
        hands={0: ["aint-goin-nowhere"]},
        pp={0: 1},
    )
    play(s, "aint-goin-nowhere")
    # only another Character at Oogie's Locale: not Oogie himself, not Zero elsewhere
    assert choices(s, 0, "choose") == [
        "Igor (Faithful Lackey) at seat 0's Oogie's Lair",
        "Mr. Hyde (Covert Fellow) at seat 0's Oogie's Lair",
    ]
    s.choose(0, "Igor (Faithful Lackey) at seat 0's Oogie's Lair")
    st = s.state
    igor = in_row(st, 0, "igor")
    assert ids(s, st.stacked[igor]) == ["aint-goin-nowhere"]
    assert surprise_pile(s, 0) == []  # Stacked, not in the Surprise Discard Pile
    assert tcg.rules.is_immune(st, igor) and not tcg.rules.can_move(st, igor)
    s.choose(0, "Oogie's Lair: Move 1")
    moves = choices(s, 0, "move")
    assert "Move Igor (Faithful Lackey) to Town Hall" not in moves
    assert "Move Mr. Hyde (Covert Fellow) to Town Hall" in moves


def test_aint_goin_nowhere_needs_your_oogie_in_play(tcg):
    s = ct_table(
        tcg, rows={0: [("oogies-lair", ["igor", "mr-hyde"])]}, hands={0: ["aint-goin-nowhere"]}, pp={0: 1}
    )
    assert not playable(s, "aint-goin-nowhere")


# --- Alas! Poor Jack! --------------------------------------------------------------------------
@covers("alas-poor-jack", mode=0)
def test_alas_poor_jack_takes_a_jack_back_from_the_discard_pile(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["alas-poor-jack"]},
        discards={0: ["igor", JACK, "zero"]},
    )
    play(s, "alas-poor-jack")
    assert choices(s, 0, "recover") == ["Take Jack Skellington (The Pumpkin King)"]
    s.choose(0, "Take Jack Skellington (The Pumpkin King)")
    assert hand(s, 0) == [JACK]
    assert discard(s, 0) == ["igor", "zero"]


@covers("alas-poor-jack", mode=1)
def test_alas_poor_jack_stacked_on_jack_stops_an_opponent_returning_him(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [EXPLORER])], 1: [("oogies-lair", ["sallys-arm"])]},
        hands={0: ["alas-poor-jack"], 1: ["armed-assault"]},
        discards={0: [JACK]},
        pp={1: 1},
    )
    play(s, "alas-poor-jack", mode=1)
    jack = in_row(s.state, 0, EXPLORER)
    assert ids(s, s.state.stacked[jack]) == ["alas-poor-jack"]
    s.choose(0, "End your turn")
    play(s, "armed-assault", mode=1, seat=1)  # Sally's Arm goes, then the Scare 2 Jack would go home
    assert row(s, 0) == [("jacks-house", [EXPLORER])]
    assert hand(s, 0) == []


# --- Armed Assault -----------------------------------------------------------------------------
@covers("armed-assault", mode=0)
def test_armed_assault_searches_six_for_sallys_arm(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["armed-assault"]},
        decks={0: ["sallys-arm", "igor", "sallys-arm", "zero", "fire", "clown", "reaper"]},
        pp={0: 1},
    )
    play(s, "armed-assault")
    assert hand(s, 0) == ["sallys-arm", "sallys-arm"]
    assert discard(s, 0) == ["igor", "zero", "fire", "clown"]
    assert deck(s, 0) == ["reaper"]


@covers("armed-assault", mode=1)
def test_armed_assault_gives_up_sallys_arm_to_send_a_scare_two_character_home(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", ["sallys-arm"])],
            1: [("oogies-lair", ["clown", "igor", "behemoth", "reaper"])],
        },
        hands={0: ["armed-assault"]},
        pp={0: 1},
    )
    play(s, "armed-assault", mode=1)
    assert discard(s, 0) == ["sallys-arm"]
    assert choices(s, 0, "choose") == [
        "Clown (With the Tear-away Face) at seat 1's Oogie's Lair",
        "Behemoth (Axe Victim) at seat 1's Oogie's Lair",
    ]
    s.choose(0, "Clown (With the Tear-away Face) at seat 1's Oogie's Lair")
    assert hand(s, 1) == ["clown"]
    assert row(s, 1) == [("oogies-lair", ["behemoth", "igor", "reaper"])]


# --- Bone Daddy --------------------------------------------------------------------------------
@covers("bone-daddy", mode=0)
def test_bone_daddy_searches_three_for_jack_and_the_players(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["bone-daddy"]},
        decks={0: [JACK, "sax-player", "igor", "accordion-player"]},
    )
    play(s, "bone-daddy")
    assert hand(s, 0) == [JACK, "sax-player"]
    assert discard(s, 0) == ["igor"]


@covers("bone-daddy", mode=1)
def test_bone_daddy_plays_jack_one_cheaper_per_player_at_his_locale(tcg):
    master = "jack-skellington-master-of-fright"
    s = ct_table(
        tcg,
        rows={
            0: [
                ("jacks-house", []),
                ("town-hall", ["sax-player", "bass-player", "igor"]),
                ("the-bakery", ["accordion-player"]),
            ]
        },
        hands={0: ["bone-daddy", master]},
        pp={0: 3},
    )
    play(s, "bone-daddy", mode=1)
    # 5 less two Players at Town Hall; Jack's House (5) is too dear; never Christmas Town
    assert choices(s, 0, "locale") == ["Play Jack Skellington (Master of Fright) to Town Hall for 3"]
    s.choose(0, "Play Jack Skellington (Master of Fright) to Town Hall for 3")
    assert row(s, 0)[1] == ("town-hall", sorted(["bass-player", "igor", master, "sax-player"]))
    assert s.state.players[0].pp == 0


@covers("bone-daddy", mode=1)
def test_bone_daddy_does_not_offer_a_jack_its_player_cannot_pay_for(tcg):
    master = "jack-skellington-master-of-fright"
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", ["sax-player", "igor"])]},
        hands={0: ["bone-daddy", master]},
        pp={0: 3},  # 5 less one Player is 4 at best
    )
    assert open_modes(s, 0, "bone-daddy") == [mode_label(s, "bone-daddy", 0)]


# --- Captive Audience --------------------------------------------------------------------------
@covers("captive-audience", mode=0)
def test_captive_audience_searches_six_for_one_character(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["captive-audience"]},
        decks={0: ["fire", "igor", "zero", "jingle-bells", "reaper", "clown", "behemoth"]},
        pp={0: 2},
    )
    play(s, "captive-audience")
    s.choose(0, "Take Zero (Ghost Dog)", kind="search-take")
    assert hand(s, 0) == ["zero"]
    assert sorted(discard(s, 0)) == ["clown", "fire", "igor", "jingle-bells", "reaper"]


@covers("captive-audience", mode=1)
def test_captive_audience_draws_one_per_other_character_at_town_hall_six_at_most(tcg):
    others = ["igor", "zero", "clown", "reaper", "behemoth", "cyclops", "mr-hyde"]
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", [JACK, *others])]},
        hands={0: ["captive-audience"]},
        decks={0: FILLER},
        pp={0: 2},
    )
    play(s, "captive-audience", mode=1)
    assert len(hand(s, 0)) == 6  # seven others, six at most
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", [JACK, "igor", "zero"])]},
        hands={0: ["captive-audience"]},
        decks={0: FILLER},
        pp={0: 2},
    )
    play(s, "captive-audience", mode=1)
    assert hand(s, 0) == ["fire", "igor"]


def test_captive_audience_needs_jack_at_town_hall(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [JACK]), ("town-hall", ["igor", "zero"])]},
        hands={0: ["captive-audience"]},
        pp={0: 2},
    )
    assert open_modes(s, 0, "captive-audience") == [mode_label(s, "captive-audience", 0)]


# --- Choo Choo Train ---------------------------------------------------------------------------
@covers("choo-choo-train")
def test_choo_choo_train_carries_the_christmas_characters_chosen_between_two_christmas_locales(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("jacks-house", ["igor"]),
                ("candy-shop", ["eddy-the-elf", EXPLORER, "suzy-the-elf", "iggy-the-elf"]),
                ("toy-factory", []),
                ("the-bakery", []),
            ]
        },
        hands={0: ["choo-choo-train"]},
    )
    play(s, "choo-choo-train")
    assert choices(s, 0, "route") == ["From Candy Shop to Toy Factory", "From Candy Shop to The Bakery"]
    s.choose(0, "From Candy Shop to The Bakery")
    s.choose(0, "Yes", kind="pick")  # Eddy
    s.choose(0, "No", kind="pick")  # Suzy
    s.choose(0, "Yes", kind="pick")  # Iggy; Jack, a Halloween Character, is never asked
    s.expect(0, "turn")
    assert row(s, 0)[1] == ("candy-shop", sorted([EXPLORER, "suzy-the-elf"]))
    assert row(s, 0)[3] == ("the-bakery", ["eddy-the-elf", "iggy-the-elf"])


# --- Christmas Equation ------------------------------------------------------------------------
@covers("christmas-equation", mode=0)
def test_christmas_equation_searches_six_for_jack(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["christmas-equation"]},
        decks={0: ["igor", EXPLORER, "zero", "fire", JACK, "clown", "reaper"]},
        pp={0: 1},
    )
    play(s, "christmas-equation")
    assert hand(s, 0) == [EXPLORER, JACK]
    assert discard(s, 0) == ["igor", "zero", "fire", "clown"]


@covers("christmas-equation", mode=1)
def test_christmas_equation_stacks_on_jack_and_runs_three_scare_one_creations_again(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [JACK])]},
        hands={0: ["christmas-equation"]},
        creations={0: ["spider-flake", "droopy-cane", "jingle-bells", "dissected-teddy"]},
        decks={0: ["igor", "zero"]},
        discards={0: ["reaper"]},
        pp={0: 1},
    )
    play(s, "christmas-equation", mode=1)
    st = s.state
    assert ids(s, st.stacked[in_row(st, 0, JACK)]) == ["christmas-equation"]
    first = choices(s, 0, "choose")
    assert first == [
        "Spider Flake",
        "Droopy Cane",
        "Dissected Teddy",
    ]  # three it must take; Jingle Bells is Scare 4
    s.choose(0, "Spider Flake")
    assert st.players[0].pp == 1
    assert choices(s, 0, "choose") == ["Droopy Cane", "Dissected Teddy"]
    s.choose(0, "Droopy Cane")
    assert hand(s, 0) == ["igor"]
    s.choose(0, "Take Reaper (Grim Harvester)", kind="recover")  # Dissected Teddy, the only one left
    assert hand(s, 0) == ["igor", "reaper"]
    s.expect(0, "turn")


def test_christmas_equation_needs_jack_at_his_house(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", [JACK])]},
        hands={0: ["christmas-equation"]},
        creations={0: ["spider-flake"]},
        pp={0: 1},
    )
    assert open_modes(s, 0, "christmas-equation") == [mode_label(s, "christmas-equation", 0)]


# --- Christmas Town Gates ----------------------------------------------------------------------
GATES_ROWS = {
    0: [("jacks-house", ["behemoth"]), ("candy-shop", ["eddy-the-elf", "suzy-the-elf"])],
    1: [("oogies-lair", ["clown", "devil"])],
}


def _gates_table(tcg, hand1):
    s = ct_table(
        tcg, rows=GATES_ROWS, hands={0: ["christmas-town-gates"], 1: hand1}, decks={1: FILLER}, pp={1: 2}
    )
    play(s, "christmas-town-gates")
    assert ids(s, s.state.players[0].placed) == ["christmas-town-gates"]
    s.choose(0, "End your turn")
    return s


@covers("christmas-town-gates")
def test_christmas_town_gates_lets_your_christmas_town_ignore_an_opponents_surprise_and_stays(tcg):
    s = _gates_table(tcg, ["mistletoe"])
    play(s, "mistletoe", mode=1, seat=1)
    s.choose(1, "Eddy the Elf (Eager Electrician) at seat 0's Candy Shop", kind="choose")
    respond = choices(s, 0, "respond")
    assert respond[0] == "Let it happen" and len(respond) == 2
    s.choose(0, respond[1])
    assert row(s, 0)[1] == ("candy-shop", ["eddy-the-elf", "suzy-the-elf"])
    assert ids(s, s.state.players[0].placed) == ["christmas-town-gates"]  # it stays on the table
    assert hand(s, 0) == []


def test_christmas_town_gates_does_not_shelter_halloweentown(tcg):
    s = _gates_table(tcg, ["without-a-trace"])
    play(s, "without-a-trace", mode=1, seat=1)
    # the Clown goes, then Behemoth (Scare 2) in Halloweentown: the Gates cannot answer
    assert not s.prompts(0)
    assert row(s, 0)[0] == ("jacks-house", [])
    assert discard(s, 0) == ["behemoth"]


def test_christmas_town_gates_stops_the_devil_drawing_for_your_christmas_characters(tcg):
    s = _gates_table(tcg, ["mistletoe"])
    play(s, "mistletoe", mode=1, seat=1)
    s.choose(1, "Eddy the Elf (Eager Electrician) at seat 0's Candy Shop", kind="choose")
    s.choose(0, "Let it happen", kind="respond")
    s.choose(0, "Let it happen", kind="respond")  # each Elf is a card of its own to answer
    assert row(s, 0)[1] == ("candy-shop", [])
    s.expect(1, "turn")  # no Devil trigger waits
    assert hand(s, 1) == []  # two of seat 0's Christmas Characters left play: the Devil drew nothing


# --- Conversations Worth Having ----------------------------------------------------------------
@covers("conversations-worth-having", mode=0)
def test_conversations_worth_having_searches_five_for_finklestein_and_jewel(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["conversations-worth-having"]},
        decks={0: ["jewel", "dr-finklestein-brainy-inventor", "igor", "jewel", "zero", "fire"]},
        pp={0: 1},
    )
    play(s, "conversations-worth-having")
    assert hand(s, 0) == ["dr-finklestein-brainy-inventor", "jewel", "jewel"]
    assert discard(s, 0) == ["igor", "zero"]
    assert deck(s, 0) == ["fire"]


@covers("conversations-worth-having", mode=1)
def test_conversations_worth_having_stacks_on_finklestein_and_with_jewel_takes_a_card_back(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["dr-finklestein-mad-scientist", "jewel"])]},
        hands={0: ["conversations-worth-having"]},
        discards={0: ["reaper", "zero"]},
        pp={0: 1},
    )
    play(s, "conversations-worth-having", mode=1)
    st = s.state
    assert ids(s, st.stacked[in_row(st, 0, "dr-finklestein-mad-scientist")]) == ["conversations-worth-having"]
    s.choose(0, "Take Reaper (Grim Harvester)", kind="recover")
    assert hand(s, 0) == ["reaper"]
    assert discard(s, 0) == ["zero"]


def test_conversations_worth_having_takes_nothing_back_without_jewel_beside_him(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["dr-finklestein-mad-scientist"]), ("town-hall", ["jewel"])]},
        hands={0: ["conversations-worth-having"]},
        discards={0: ["reaper"]},
        pp={0: 1},
    )
    play(s, "conversations-worth-having", mode=1)
    s.expect(0, "turn")
    assert ids(s, s.state.stacked[in_row(s.state, 0, "dr-finklestein-mad-scientist")]) == [
        "conversations-worth-having"
    ]
    assert hand(s, 0) == [] and discard(s, 0) == ["reaper"]


# --- Corpse Family Bonding ---------------------------------------------------------------------
@covers("corpse-family-bonding", mode=0)
def test_corpse_family_bonding_searches_four_for_the_corpse_family(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["corpse-family-bonding"]},
        decks={0: ["corpse-mom", "igor", "corpse-kid", "corpse-dad", "corpse-dad"]},
        pp={0: 1},
    )
    play(s, "corpse-family-bonding")
    assert hand(s, 0) == ["corpse-dad", "corpse-kid", "corpse-mom"]
    assert discard(s, 0) == ["igor"]
    assert deck(s, 0) == ["corpse-dad"]


@covers("corpse-family-bonding", mode=1)
def test_corpse_family_bonding_gathers_the_family_at_any_halloweentown_locale_for_three_points(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("jacks-house", ["corpse-dad"]),
                ("town-hall", ["corpse-mom"]),
                ("the-well", ["corpse-kid"]),
                ("town-square", []),
                ("the-bakery", []),
            ]
        },
        hands={0: ["corpse-family-bonding"]},
        pp={0: 1},
    )
    play(s, "corpse-family-bonding", mode=1)
    # Corpse Kid's "after you play a Surprise" goes off too: the Surprise first, and then
    # his question is skipped, the hand being empty
    s.choose(0, "Corpse Family Bonding: its effect as it is played (seat 0)", kind="order-triggers")
    options = choices(s, 0, "choose")
    assert "Town Square" in options and "The Bakery" not in options  # any Locale of Halloweentown
    s.choose(0, "Town Square")
    assert row(s, 0)[3] == ("town-square", ["corpse-dad", "corpse-kid", "corpse-mom"])
    assert s.state.players[0].pp == 3


def test_corpse_family_bonding_needs_the_three_at_three_locales(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["corpse-dad", "corpse-mom"]), ("the-well", ["corpse-kid"])]},
        hands={0: ["corpse-family-bonding"]},
        pp={0: 1},
    )
    assert open_modes(s, 0, "corpse-family-bonding") == [mode_label(s, "corpse-family-bonding", 0)]


# --- Depraved Offering -------------------------------------------------------------------------
@covers("depraved-offering")
def test_depraved_offering_discards_the_christmas_characters_chosen_at_the_tree_house_for_a_point_each(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("oogies-lair", ["oogie-boogie-meanest-guy-around"]),
                ("the-tree-house", [*LSB, "eddy-the-elf", "suzy-the-elf", "iggy-the-elf"]),
            ]
        },
        hands={0: ["depraved-offering"]},
        pp={0: 1},
    )
    play(s, "depraved-offering")
    asked = []
    for answer in ("Yes", "No", "Yes"):
        asked.append(s.expect(0, "pick").text)
        s.choose(0, answer, kind="pick")
    assert asked == [
        "Discard: Eddy the Elf (Eager Electrician)?",
        "Discard: Suzy the Elf (Stocking Stuffer)?",
        "Discard: Iggy the Elf (Infrequent Insomniac)?",
    ]  # Lock, Shock and Barrel are not Christmas Characters
    assert row(s, 0)[1] == ("the-tree-house", sorted([*LSB, "suzy-the-elf"]))
    assert discard(s, 0) == ["eddy-the-elf", "iggy-the-elf"]
    assert s.state.players[0].pp == 3


def test_depraved_offering_needs_lock_shock_and_barrel_all_at_the_tree_house(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("oogies-lair", ["oogie-boogie-meanest-guy-around", LSB[2]]),
                ("the-tree-house", [LSB[0], LSB[1], "eddy-the-elf"]),
            ]
        },
        hands={0: ["depraved-offering"]},
    )
    assert not playable(s, "depraved-offering")


def test_depraved_offering_needs_oogie_at_his_lair(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("oogies-lair", []),
                ("the-tree-house", [*LSB, "eddy-the-elf", "oogie-boogie-meanest-guy-around"]),
            ]
        },
        hands={0: ["depraved-offering"]},
    )
    assert not playable(s, "depraved-offering")


# --- Domain of Shadows -------------------------------------------------------------------------
SHADOWS = ["demented-shadow", "siamese-shadow", "wolf-shadow"]


@covers("domain-of-shadows", mode=0)
def test_domain_of_shadows_searches_six_for_shadows(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["domain-of-shadows"]},
        decks={0: ["wolf-shadow", "igor", "zero", "siamese-shadow", "fire", "clown", "demented-shadow"]},
        pp={0: 1},
    )
    play(s, "domain-of-shadows")
    assert hand(s, 0) == ["siamese-shadow", "wolf-shadow"]
    assert deck(s, 0) == ["demented-shadow"]


@covers("domain-of-shadows", mode=1)
def test_domain_of_shadows_adds_three_points_with_three_shadows_at_the_graveyard(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("the-graveyard", SHADOWS)]},
        hands={0: ["domain-of-shadows"]},
        pp={0: 1},
    )
    play(s, "domain-of-shadows", mode=1)
    assert s.state.players[0].pp == 3
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [SHADOWS[0]]), ("the-graveyard", SHADOWS[1:])]},
        hands={0: ["domain-of-shadows"]},
        pp={0: 1},
    )
    assert open_modes(s, 0, "domain-of-shadows") == [mode_label(s, "domain-of-shadows", 0)]


# --- Easter Door -------------------------------------------------------------------------------
@covers("easter-door", mode=0)
def test_easter_door_searches_six_for_the_easter_bunny(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["easter-door"]},
        decks={0: ["igor", "easter-bunny", "zero", "fire", "clown", "reaper", "easter-bunny"]},
    )
    play(s, "easter-door")
    assert hand(s, 0) == ["easter-bunny"]
    assert deck(s, 0) == ["easter-bunny"]


@covers("easter-door", mode=1)
def test_easter_door_discards_any_players_easter_bunny_and_then_draws_two(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["easter-bunny"])]},
        hands={0: ["easter-door"]},
        decks={0: ["igor", "zero", "fire"]},
    )
    play(s, "easter-door", mode=1)
    assert discard(s, 1) == ["easter-bunny"]
    assert hand(s, 0) == ["igor", "zero"]


def test_easter_door_draws_nothing_when_the_bunny_is_not_discarded(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["easter-bunny", "sally-shy-creature"])]},
        hands={0: ["easter-door"], 1: ["pull-yourself-together"]},
        decks={0: ["igor", "zero", "fire"]},
    )
    play(s, "easter-door", mode=1)
    s.choose(1, "Answer with Pull Yourself Together: Cancel it", kind="respond")
    assert row(s, 1) == [("oogies-lair", ["easter-bunny", "sally-shy-creature"])]
    assert hand(s, 0) == []  # "and then": no Bunny discarded, no cards drawn


# --- Electric Lights ---------------------------------------------------------------------------
@covers("electric-lights", mode=0)
def test_electric_lights_searches_six_for_jack(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["electric-lights"]},
        decks={0: ["igor", "zero", EXPLORER, "fire", "clown", "reaper", JACK]},
    )
    play(s, "electric-lights")
    assert hand(s, 0) == [EXPLORER]
    assert deck(s, 0) == [JACK]


@covers("electric-lights", mode=1)
def test_electric_lights_moves_jack_between_christmas_town_locales(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("the-bakery", [EXPLORER]), ("candy-shop", []), ("toy-factory", [])]},
        hands={0: ["electric-lights"]},
    )
    play(s, "electric-lights", mode=1)
    assert choices(s, 0, "destination") == ["Candy Shop", "Toy Factory"]
    s.choose(0, "Toy Factory")
    assert row(s, 0)[3] == ("toy-factory", [EXPLORER])


def test_electric_lights_does_not_move_jack_in_halloweentown(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [EXPLORER]), ("the-bakery", []), ("candy-shop", [])]},
        hands={0: ["electric-lights"]},
    )
    assert open_modes(s, 0, "electric-lights") == [mode_label(s, "electric-lights", 0)]


# --- Evil Eye ----------------------------------------------------------------------------------
@covers("evil-eye")
def test_evil_eye_turns_a_low_scare_character_face_down_until_the_end_phase(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["cyclops"])], 1: [("oogies-lair", ["clown", "reaper", "igor"])]},
        hands={0: ["evil-eye"], 1: ["clown"]},
        pp={0: 1, 1: 2},
    )
    play(s, "evil-eye")
    assert choices(s, 0, "choose") == [
        "Clown (With the Tear-away Face) at seat 1's Oogie's Lair",
        "Igor (Faithful Lackey) at seat 1's Oogie's Lair",
    ]  # Reaper is Scare 3
    s.choose(0, "Clown (With the Tear-away Face) at seat 1's Oogie's Lair")
    assert row(s, 1) == [("oogies-lair", ["igor", "reaper"])]
    assert discard(s, 1) == []
    s.choose(0, "End your turn")
    assert not playable(s, "clown", seat=1)  # its owner may not play that title again this Round
    s.choose(1, "End your turn")
    assert row(s, 1) == [("oogies-lair", ["clown", "igor", "reaper"])]  # back after the End Phase


def test_evil_eye_flips_a_character_that_only_cannot_be_discarded(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", ["cyclops"])],
            1: [("oogies-lair", ["oogie-boogie-voracious-villain", "igor"])],
        },
        hands={0: ["evil-eye"]},
        pp={0: 1},
        edit=lambda st: stack_on(st, 1, "igor", "aint-goin-nowhere"),
    )
    play(s, "evil-eye")  # Igor (1 + 1 Stacked) is turned face down: that is not a discard
    assert row(s, 1) == [("oogies-lair", ["oogie-boogie-voracious-villain"])]


def test_evil_eye_needs_the_cyclops_in_your_halloweentown(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("the-bakery", ["cyclops"])], 1: [("oogies-lair", ["igor"])]},
        hands={0: ["evil-eye"]},
        pp={0: 1},
    )
    assert not playable(s, "evil-eye")


# --- Eyes Glowing Red --------------------------------------------------------------------------
@covers("eyes-glowing-red", mode=0)
def test_eyes_glowing_red_searches_six_for_the_monster_under_the_bed(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["eyes-glowing-red"]},
        decks={0: ["igor", "monster-under-the-bed", "zero", "fire", "clown", "reaper"]},
    )
    play(s, "eyes-glowing-red")
    assert hand(s, 0) == ["monster-under-the-bed"]
    assert len(discard(s, 0)) == 5


@covers("eyes-glowing-red", mode=1)
def test_eyes_glowing_red_discards_the_cards_chosen_from_under_the_scary_bed_for_a_point_each(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("scary-bed", ["monster-under-the-bed"])]},
        hands={0: ["eyes-glowing-red"]},
        pp={0: 0},
        edit=lambda st: tuck(st, 0, "scary-bed", ["igor", "zero", "reaper"]),
    )
    play(s, "eyes-glowing-red", mode=1)
    for answer in ("Yes", "No", "Yes"):  # any number of them
        s.choose(0, answer, kind="pick")
    assert discard(s, 0) == ["igor", "reaper"]
    assert ids(s, s.state.players[0].row[1].beneath) == ["zero"]
    assert s.state.players[0].pp == 2


def test_eyes_glowing_red_needs_the_monster_at_your_scary_bed(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["monster-under-the-bed"]), ("scary-bed", [])]},
        hands={0: ["eyes-glowing-red"]},
        edit=lambda st: tuck(st, 0, "scary-bed", ["igor"]),
    )
    assert open_modes(s, 0, "eyes-glowing-red") == [mode_label(s, "eyes-glowing-red", 0)]


# --- Falling to Pieces -------------------------------------------------------------------------
SALLY = "sally-shy-creature"


@covers("falling-to-pieces", mode=0)
def test_falling_to_pieces_searches_three_for_sally_and_her_arm_and_leg(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["falling-to-pieces"]},
        decks={0: ["sallys-leg", "igor", SALLY, "sallys-arm"]},
    )
    play(s, "falling-to-pieces")
    assert hand(s, 0) == [SALLY, "sallys-leg"]
    assert discard(s, 0) == ["igor"]
    assert deck(s, 0) == ["sallys-arm"]


@covers("falling-to-pieces", mode=1)
def test_falling_to_pieces_draws_two_and_moves_two_with_the_three_at_three_locales(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", [SALLY]), ("town-hall", ["sallys-arm"]), ("the-well", ["sallys-leg", "igor"])]
        },
        hands={0: ["falling-to-pieces"]},
        decks={0: ["zero", "fire", "clown"]},
    )
    play(s, "falling-to-pieces", mode=1)
    assert hand(s, 0) == ["fire", "zero"]
    s.choose(0, "Move Igor (Faithful Lackey) to Town Hall", kind="move")
    s.choose(0, "Move Igor (Faithful Lackey) to Jack's House", kind="move")
    s.expect(0, "turn")  # two Movement spent
    assert row(s, 0)[0] == ("jacks-house", ["igor", SALLY])


def test_falling_to_pieces_needs_sally_apart_from_her_arm_and_leg(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [SALLY, "sallys-arm"]), ("the-well", ["sallys-leg"])]},
        hands={0: ["falling-to-pieces"]},
    )
    assert open_modes(s, 0, "falling-to-pieces") == [mode_label(s, "falling-to-pieces", 0)]


def test_falling_to_pieces_needs_the_three_in_halloweentown(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["sallys-arm"]), ("the-well", ["sallys-leg"]), ("the-bakery", [SALLY])]},
        hands={0: ["falling-to-pieces"]},
    )
    assert open_modes(s, 0, "falling-to-pieces") == [mode_label(s, "falling-to-pieces", 0)]


# --- Fingers Like Snakes -----------------------------------------------------------------------
@covers("fingers-like-snakes", mode=0)
def test_fingers_like_snakes_searches_six_for_the_monster_under_the_stairs(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["fingers-like-snakes"]},
        decks={0: ["igor", "zero", "fire", "clown", "reaper", "monster-under-the-stairs", "behemoth"]},
    )
    play(s, "fingers-like-snakes")
    assert hand(s, 0) == ["monster-under-the-stairs"]
    assert deck(s, 0) == ["behemoth"]


@covers("fingers-like-snakes", mode=1)
def test_fingers_like_snakes_draws_up_to_four_cards_in_hand(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("scary-staircase", ["monster-under-the-stairs"])]},
        hands={0: ["fingers-like-snakes", "igor"]},
        decks={0: FILLER},
    )
    play(s, "fingers-like-snakes", mode=1)
    assert len(hand(s, 0)) == 4
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["monster-under-the-stairs"]), ("scary-staircase", [])]},
        hands={0: ["fingers-like-snakes"]},
    )
    assert open_modes(s, 0, "fingers-like-snakes") == [mode_label(s, "fingers-like-snakes", 0)]


# --- Frog's Breath -----------------------------------------------------------------------------
@covers("frogs-breath", mode=0)
def test_frogs_breath_searches_three_for_sally(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["frogs-breath"]},
        decks={0: ["igor", SALLY, "sallys-arm", SALLY]},
    )
    play(s, "frogs-breath")
    assert hand(s, 0) == [SALLY]  # the Arm stands in for Sally only at a Locale: it is not taken
    assert deck(s, 0) == [SALLY]


@covers("frogs-breath", mode=1)
def test_frogs_breath_discards_deadly_nightshade_to_draw_three_with_sally_in_her_room(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("sallys-room", [SALLY])]},
        hands={0: ["frogs-breath", "deadly-nightshade", "igor"]},
        decks={0: FILLER},
    )
    play(s, "frogs-breath", mode=1)
    s.choose(0, "Discard Deadly Nightshade", kind="discard")
    assert discard(s, 0) == ["deadly-nightshade"]
    assert hand(s, 0) == ["fire", "igor", "igor", "zero"]


def test_frogs_breath_needs_sally_in_her_room_and_a_deadly_nightshade(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [SALLY]), ("sallys-room", [])]},
        hands={0: ["frogs-breath", "deadly-nightshade"]},
    )
    assert open_modes(s, 0, "frogs-breath") == [mode_label(s, "frogs-breath", 0)]
    s = ct_table(tcg, rows={0: [("sallys-room", [SALLY])]}, hands={0: ["frogs-breath", "igor"]})
    assert open_modes(s, 0, "frogs-breath") == [mode_label(s, "frogs-breath", 0)]


# --- Give It All Up ----------------------------------------------------------------------------
@covers("give-it-all-up")
def test_give_it_all_up_strips_every_other_stacked_surprise_in_halloweentowns_and_draws_as_many(tcg):
    def stacks(st):
        stack_on(st, 0, JACK, "alas-poor-jack")
        stack_on(st, 0, "igor", "worthy-accomplice")
        stack_on(st, 1, "clown", "lovely")
        stack_on(st, 1, "lock-savage-captor", "conversations-worth-having")  # in Christmas Town

    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", [JACK, "igor"])],
            1: [("oogies-lair", ["clown"]), ("candy-shop", ["lock-savage-captor"])],
        },
        hands={0: ["give-it-all-up"]},
        decks={0: FILLER},
        pp={0: 1},
        edit=stacks,
    )
    play(s, "give-it-all-up")
    st = s.state
    assert ids(s, st.stacked[in_row(st, 0, JACK)]) == ["give-it-all-up"]
    assert not st.stacked.get(in_row(st, 0, "igor")) and not st.stacked.get(in_row(st, 1, "clown"))
    assert ids(s, st.stacked[in_row(st, 1, "lock-savage-captor")]) == ["conversations-worth-having"]
    assert sorted(discard(s, 0)) == ["alas-poor-jack", "worthy-accomplice"] and discard(s, 1) == ["lovely"]
    assert len(hand(s, 0)) == 3


def test_give_it_all_up_may_be_answered_for_an_opponents_stacked_surprises(tcg):
    def stacks(st):
        stack_on(st, 0, "igor", "worthy-accomplice")
        stack_on(st, 1, "clown", "lovely")

    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [JACK, "igor"])], 1: [("oogies-lair", ["clown"])]},
        hands={0: ["give-it-all-up"], 1: ["sound-the-alarms"]},
        decks={0: FILLER},
        pp={0: 1},
        edit=stacks,
    )
    play(s, "give-it-all-up")
    s.choose(1, "Answer with Sound the Alarms!: Sound the alarm and ignore it", kind="respond")
    st = s.state
    assert ids(s, st.stacked[in_row(st, 1, "clown")]) == ["lovely"]  # seat 1's Surprise stays
    assert discard(s, 0) == ["worthy-accomplice"]
    assert len(hand(s, 0)) == 1  # one Surprise discarded, one card


# --- Give Up the Ghost -------------------------------------------------------------------------
@covers("give-up-the-ghost", mode=0)
def test_give_up_the_ghost_sends_one_or_two_characters_to_your_pumpkin_patch(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["igor", "zero"]), ("pumpkin-patch", []), ("town-hall", ["clown"])]},
        hands={0: ["give-up-the-ghost"]},
        pp={0: 1},
    )
    play(s, "give-up-the-ghost")
    s.choose(0, "Igor (Faithful Lackey) at seat 0's Jack's House", kind="choose")
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Clown (With the Tear-away Face) at seat 0's Town Hall", kind="choose")
    assert row(s, 0) == [("jacks-house", ["zero"]), ("pumpkin-patch", ["clown", "igor"]), ("town-hall", [])]
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["igor", "zero"]), ("pumpkin-patch", [])]},
        hands={0: ["give-up-the-ghost"]},
        pp={0: 1},
    )
    play(s, "give-up-the-ghost")
    s.choose(0, "Igor (Faithful Lackey) at seat 0's Jack's House", kind="choose")
    s.choose(0, "No", kind="may")  # one is enough
    assert row(s, 0) == [("jacks-house", ["zero"]), ("pumpkin-patch", ["igor"])]


@covers("give-up-the-ghost", mode=1)
def test_give_up_the_ghost_takes_a_character_from_under_your_pumpkin_patch(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("pumpkin-patch", [])]},
        hands={0: ["give-up-the-ghost"]},
        pp={0: 1},
        edit=lambda st: tuck(st, 0, "pumpkin-patch", ["reaper", "zero"]),
    )
    play(s, "give-up-the-ghost", mode=1)
    s.choose(0, "Reaper (Grim Harvester)", kind="take")
    assert hand(s, 0) == ["reaper"]
    assert ids(s, s.state.players[0].row[1].beneath) == ["zero"]


# --- Grand Marshall ----------------------------------------------------------------------------
@covers("grand-marshall", mode=0)
def test_grand_marshall_searches_four_for_the_hyde_family(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["grand-marshall"]},
        decks={0: ["mr-hyde-ii", "igor", "mr-hyde", "mr-hyde-iii", "mr-hyde"]},
    )
    play(s, "grand-marshall")
    assert hand(s, 0) == ["mr-hyde", "mr-hyde-ii", "mr-hyde-iii"]
    assert deck(s, 0) == ["mr-hyde"]


@covers("grand-marshall", mode=1)
def test_grand_marshall_sends_a_halloweentown_character_to_a_hyde(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["igor"]), ("the-well", ["mr-hyde"]), ("the-bakery", [EXPLORER])]},
        hands={0: ["grand-marshall"]},
    )
    play(s, "grand-marshall", mode=1)  # Jack, in Christmas Town, is not one to send: Igor goes at once
    assert row(s, 0) == [("jacks-house", []), ("the-well", ["igor", "mr-hyde"]), ("the-bakery", [EXPLORER])]


# --- He can fit down here! ---------------------------------------------------------------------
@covers("he-can-fit-down-here", mode=0)
def test_he_can_fit_down_here_moves_lock_shock_and_barrel_from_the_lair_to_the_tree_house(tcg):
    s = ct_table(
        tcg,
        rows={0: [("oogies-lair", LSB), ("the-tree-house", [])]},
        hands={0: ["he-can-fit-down-here"]},
    )
    play(s, "he-can-fit-down-here")
    s.choose(0, "Lock (Little Devil) at seat 0's Oogie's Lair", kind="choose")
    s.choose(0, "Yes", kind="may")
    s.choose(0, "Shock (Bossy Trick-or-Treater) at seat 0's Oogie's Lair", kind="choose")
    s.choose(0, "Yes", kind="may")  # and Barrel too: all three may go
    assert row(s, 0) == [("oogies-lair", []), ("the-tree-house", sorted(LSB))]


@covers("he-can-fit-down-here", mode=1)
def test_he_can_fit_down_here_sends_sandy_to_your_lair_with_lock_shock_and_barrel_in_halloweentown(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["sandy-claws", *LSB]), ("oogies-lair", [])]},
        hands={0: ["he-can-fit-down-here"]},
    )
    play(s, "he-can-fit-down-here")
    assert row(s, 0) == [("jacks-house", sorted(LSB)), ("oogies-lair", ["sandy-claws"])]


def test_he_can_fit_down_here_does_not_send_sandy_without_all_three_in_halloweentown(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["sandy-claws", LSB[0], LSB[1]]), ("oogies-lair", [])]},
        hands={0: ["he-can-fit-down-here"]},
    )
    assert not playable(s, "he-can-fit-down-here")


# --- Headhunter --------------------------------------------------------------------------------
@covers("headhunter", mode=0)
def test_headhunter_searches_six_for_undersea_gal(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["headhunter"]},
        decks={0: ["undersea-gal", "igor", "zero", "fire", "undersea-gal", "clown", "undersea-gal"]},
        pp={0: 1},
    )
    play(s, "headhunter")
    assert hand(s, 0) == ["undersea-gal", "undersea-gal"]
    assert deck(s, 0) == ["undersea-gal"]


@covers("headhunter", mode=1)
def test_headhunter_takes_a_surprise_back_with_undersea_gal_in_play(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["undersea-gal"])]},
        hands={0: ["headhunter"]},
        discards={0: ["igor", "fetch", "jingle-bells"]},
        pp={0: 1},
    )
    play(s, "headhunter", mode=1)
    assert choices(s, 0, "recover") == ["Take Fetch"]
    s.choose(0, "Take Fetch")
    assert hand(s, 0) == ["fetch"]
    s = ct_table(
        tcg, rows={0: [("jacks-house", [])]}, hands={0: ["headhunter"]}, discards={0: ["fetch"]}, pp={0: 1}
    )
    assert open_modes(s, 0, "headhunter") == [mode_label(s, "headhunter", 0)]


# --- How dare you! -----------------------------------------------------------------------------
@covers("how-dare-you")
def test_how_dare_you_takes_an_opponents_surprise_onto_your_table_and_raises_its_price(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["fetch", "fetch"], 1: ["how-dare-you"]},
        decks={0: FILLER},
    )
    play(s, "fetch")
    s.choose(1, "Yes", kind="may")
    st = s.state
    dare = st.players[1].placed
    assert ids(s, dare) == ["how-dare-you"]
    assert ids(s, st.stacked[dare[0]]) == ["fetch"]
    assert surprise_pile(s, 0) == []  # taken from the Surprise Discard Pile: no reimbursement
    other = next(c for c in st.players[0].hand if st.cards[c] == "fetch")
    assert tcg.rules.cost(st, 0, other) == 1 and tcg.rules.cost(st, 1, other) == 1


@covers("how-dare-you")
def test_how_dare_you_scores_with_the_surprise_stacked_on_it(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["twilight-sun"], 1: ["how-dare-you"]},
        decks={0: FILLER},
        pp={0: 2},
    )
    before = tcg.rules.score(s.state, 1)
    play(s, "twilight-sun", mode=0)
    s.choose(1, "Yes", kind="may")
    st = s.state
    assert ids(s, st.players[1].placed) == ["how-dare-you"]
    assert ids(s, st.stacked[st.players[1].placed[0]]) == ["twilight-sun"]
    # How dare you! is worth 0 and the Twilight Sun under it 2: the table's Surprise scores with its Stack
    assert tcg.rules.score(st, 1) == before + 2
    assert tcg.rules.score(st, 0) == 0


@covers("how-dare-you")
def test_a_surprise_on_the_table_scores_every_surprise_stacked_under_it(tcg):
    def lay(st: Any) -> None:
        dare = place(st, 1, "how-dare-you")
        st.stacked[dare] = [new_card(st, 0, "fire"), new_card(st, 0, "search-lights")]

    s = ct_table(tcg, rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]}, edit=lay)
    assert tcg.rules.score(s.state, 1) == 5 + 3  # Fire! and Search Lights, Stacked on How dare you!
    assert tcg.rules.score(s.state, 0) == 0


def test_how_dare_you_may_be_declined(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["fetch"], 1: ["how-dare-you"]},
    )
    play(s, "fetch")
    s.choose(1, "No", kind="may")
    assert hand(s, 1) == ["how-dare-you"] and surprise_pile(s, 0) == ["fetch"]


def test_how_dare_you_is_not_offered_to_a_player_with_one_on_the_table(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["fetch"], 1: ["how-dare-you"]},
        edit=lambda st: place(st, 1, "how-dare-you"),
    )
    play(s, "fetch")
    assert not s.prompts(1)
    assert surprise_pile(s, 0) == ["fetch"]


# --- I Can't Believe My Eyes -------------------------------------------------------------------
@covers("i-cant-believe-my-eyes")
def test_i_cant_believe_my_eyes_each_player_picks_a_discard_from_the_hand_on_their_left(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("the-bakery", [EXPLORER])], 1: [("oogies-lair", [])]},
        hands={0: ["i-cant-believe-my-eyes", "igor"], 1: ["zero", "clown"]},
        decks={0: ["fire"], 1: ["reaper"]},
        pp={0: 1},
    )
    play(s, "i-cant-believe-my-eyes")
    assert choices(s, 0, "choose") == ["Zero (Ghost Dog)", "Clown (With the Tear-away Face)"]
    s.choose(0, "Clown (With the Tear-away Face)")
    s.choose(1, "Igor (Faithful Lackey)", kind="choose")
    assert discard(s, 1) == ["clown"] and discard(s, 0) == ["igor"]
    assert hand(s, 0) == ["fire"]  # Jack is in seat 0's Christmas Town: a card
    assert hand(s, 1) == ["zero"]  # no Jack there: none


# --- I can't make decisions! -------------------------------------------------------------------
MAYOR = "the-mayor-elected-official"


@covers("i-cant-make-decisions", mode=0)
def test_i_cant_make_decisions_searches_six_for_the_mayor(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["i-cant-make-decisions"]},
        decks={0: ["igor", MAYOR, "zero", "the-mayor-lugubrious-leader", "fire", "clown", MAYOR]},
        pp={0: 1},
    )
    play(s, "i-cant-make-decisions")
    assert hand(s, 0) == [MAYOR, "the-mayor-lugubrious-leader"]
    assert deck(s, 0) == [MAYOR]


@covers("i-cant-make-decisions", mode=1)
def test_i_cant_make_decisions_shows_a_card_of_a_hand_whose_title_nobody_plays_this_round(tcg):
    s = ct_table(
        tcg,
        rows={0: [("mayor-mobile", [MAYOR])], 1: [("oogies-lair", [])]},
        hands={0: ["i-cant-make-decisions", "fetch"], 1: ["fetch", "zero"]},
        pp={0: 1, 1: 2},
    )
    play(s, "i-cant-make-decisions", mode=1)
    assert choices(s, 0, "choose") == ["Fetch", "Zero (Ghost Dog)"]  # seat 0 sees seat 1's hand
    s.choose(0, "Fetch")
    assert "fetch" in {c["card"] for c in s.view(None)["shown"]}  # shown to everyone
    assert not playable(s, "fetch", seat=0)  # nobody plays that title this Round
    s.choose(0, "End your turn")
    assert not playable(s, "fetch", seat=1)
    assert playable(s, "zero", seat=1)


def test_i_cant_make_decisions_bars_the_title_as_an_answer_too(tcg):
    s = ct_table(
        tcg,
        rows={0: [("mayor-mobile", [MAYOR, "clown"])], 1: [("oogies-lair", [SALLY, "behemoth"])]},
        hands={0: ["i-cant-make-decisions", "without-a-trace"], 1: ["pull-yourself-together"]},
        pp={0: 2},
    )
    play(s, "i-cant-make-decisions", mode=1)
    s.choose(0, "Pull Yourself Together", kind="choose")
    play(s, "without-a-trace", mode=1)
    s.choose(0, "Behemoth (Axe Victim) at seat 1's Oogie's Lair", kind="choose")
    # Pull Yourself Together (free with Sally) may not be played: seat 1 is asked all the
    # same (whom a window asks is public) and can only let it happen
    assert [c.id for p in s.prompts(1) for c in p.choices] == ["pass"]
    s.choose(1, "pass", kind="respond")
    assert discard(s, 1) == ["behemoth"]


def test_i_cant_make_decisions_bars_a_character_title_from_free_plays(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("mayor-mobile", [MAYOR]), ("town-hall", ["cyclops", "mr-hyde"])],
            1: [("oogies-lair", [])],
        },
        hands={0: ["i-cant-make-decisions", "what-a-night", "reaper"], 1: ["reaper"]},
        pp={0: 1},
    )
    play(s, "i-cant-make-decisions", mode=1)
    s.choose(0, "Reaper (Grim Harvester)", kind="choose")
    play(s, "what-a-night", mode=1)
    s.expect(0, "turn")  # Cyclops and Mr. Hyde went; the Reaper cannot come for free
    assert hand(s, 0) == ["reaper"]
    assert row(s, 0)[1] == ("town-hall", [])


def test_i_cant_make_decisions_needs_the_mayor_at_the_mayor_mobile(tcg):
    s = ct_table(
        tcg,
        rows={0: [("mayor-mobile", []), ("town-hall", [MAYOR])], 1: [("oogies-lair", [])]},
        hands={0: ["i-cant-make-decisions"], 1: ["fetch"]},
        pp={0: 1},
    )
    assert open_modes(s, 0, "i-cant-make-decisions") == [mode_label(s, "i-cant-make-decisions", 0)]


# --- I want it for my own ----------------------------------------------------------------------
def _want_table(tcg, carousel):
    return ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("candy-shop", []), ("carousel", carousel)], 1: [("oogies-lair", [])]},
        hands={0: ["i-want-it-for-my-own"]},
        creations={1: ["jingle-bells", "road-kill"]},
        pp={0: 2},
    )


@covers("i-want-it-for-my-own")
def test_i_want_it_for_my_own_discards_an_opponents_creation_with_jack_at_an_active_joy_three_locale(tcg):
    s = _want_table(tcg, [EXPLORER, "eddy-the-elf", "suzy-the-elf", "iggy-the-elf"])
    play(s, "i-want-it-for-my-own")
    s.choose(0, "Road Kill", kind="choose")
    assert discard(s, 1) == ["road-kill"]
    assert ids(s, s.state.players[1].creations) == ["jingle-bells"]


def test_i_want_it_for_my_own_is_not_offered_while_the_locale_is_not_active(tcg):
    s = _want_table(tcg, [EXPLORER, "eddy-the-elf", "suzy-the-elf"])  # Carousel needs 3 Joy
    assert not playable(s, "i-want-it-for-my-own")
    assert discard(s, 1) == [] and len(s.state.players[1].creations) == 2


def test_i_want_it_for_my_own_needs_a_joy_threshold_of_three(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", []), ("candy-shop", [EXPLORER, "eddy-the-elf", "suzy-the-elf"])],
            1: [("oogies-lair", [])],
        },
        hands={0: ["i-want-it-for-my-own"]},
        creations={1: ["road-kill"]},
        pp={0: 2},
    )
    assert not playable(s, "i-want-it-for-my-own")  # Candy Shop (Joy 2) is Active, but 2 is not enough
    assert discard(s, 1) == []


# --- It's Alive! -------------------------------------------------------------------------------
@covers("its-alive")
def test_its_alive_brings_a_creation_to_life_at_the_laboratory(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("the-laboratory", ["dr-finklestein-mad-scientist"])]},
        hands={0: ["its-alive"]},
        creations={0: ["jingle-bells", "road-kill"]},
        pp={0: 1},
    )
    play(s, "its-alive")
    s.choose(0, "Road Kill", kind="choose")
    st = s.state
    kill = in_row(st, 0, "road-kill")
    assert row(s, 0)[1] == ("the-laboratory", ["dr-finklestein-mad-scientist", "road-kill"])
    assert ids(s, st.stacked[kill]) == ["its-alive"]
    assert tcg.rules.is_(st, kill, "character") and tcg.rules.is_(st, kill, "creation")
    assert ids(s, st.players[0].creations) == ["jingle-bells"]


def test_its_alive_needs_finklestein_at_your_laboratory(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["dr-finklestein-mad-scientist"]), ("the-laboratory", [])]},
        hands={0: ["its-alive"]},
        creations={0: ["road-kill"]},
        pp={0: 1},
    )
    assert not playable(s, "its-alive")


# --- Juxtaposition -----------------------------------------------------------------------------
@covers("juxtaposition")
def test_juxtaposition_adds_a_point_per_halloween_visitor_at_an_active_christmas_locale(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("jacks-house", ["cyclops"]),
                (
                    "candy-shop",
                    ["eddy-the-elf", "suzy-the-elf", "igor", "zero", EXPLORER, "lock-savage-captor"],
                ),
                ("carousel", ["clown"]),  # not Active: Joy 3, no Elves
            ]
        },
        hands={0: ["juxtaposition"]},
        pp={0: 1},
    )
    play(s, "juxtaposition")
    assert s.state.players[0].pp == 2  # Igor and Zero; never Jack or Lock


def test_juxtaposition_adds_four_points_at_most(tcg):
    visitors = ["igor", "zero", "clown", "reaper", "behemoth"]
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("the-bakery", ["eddy-the-elf", *visitors])]},
        hands={0: ["juxtaposition"]},
        pp={0: 1},
    )
    play(s, "juxtaposition")
    assert s.state.players[0].pp == 4


# --- Little Henchmen ---------------------------------------------------------------------------
@covers("little-henchmen", mode=0)
def test_little_henchmen_searches_six_for_oogie_lock_shock_and_barrel(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["little-henchmen"]},
        decks={
            0: [
                "oogie-boogie-voracious-villain",
                "igor",
                LSB[0],
                "zero",
                LSB[1],
                LSB[2],
                "lock-savage-captor",
            ]
        },
        pp={0: 1},
    )
    play(s, "little-henchmen", mode=0)
    assert hand(s, 0) == sorted(["oogie-boogie-voracious-villain", *LSB])
    assert deck(s, 0) == ["lock-savage-captor"]


@covers("little-henchmen", mode=1)
def test_little_henchmen_searches_six_for_depraved_offering(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["little-henchmen"]},
        decks={0: ["depraved-offering", "igor", LSB[0], "depraved-offering", "zero", "fire"]},
        pp={0: 1},
    )
    play(s, "little-henchmen", mode=1)
    assert hand(s, 0) == ["depraved-offering", "depraved-offering"]
    assert discard(s, 0) == ["igor", LSB[0], "zero", "fire"]


# --- Lovely! -----------------------------------------------------------------------------------
@covers("lovely", mode=0)
def test_lovely_searches_four_for_sallys_leg(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["lovely"]},
        decks={0: ["igor", "sallys-leg", "sallys-arm", "zero", "sallys-leg"]},
        pp={0: 1},
    )
    play(s, "lovely")
    assert hand(s, 0) == ["sallys-leg"]
    assert deck(s, 0) == ["sallys-leg"]


@covers("lovely", mode=1)
def test_lovely_makes_an_opponents_surprises_cost_one_more_until_the_end_phase(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["sallys-leg"])], 1: [("oogies-lair", [])]},
        hands={0: ["lovely", "fetch"], 1: ["fetch"]},
        decks={0: FILLER, 1: FILLER},
        pp={0: 1, 1: 1},
    )
    play(s, "lovely", mode=1)
    assert surprise_pile(s, 0) == []  # set before seat 1: no reimbursement
    assert playable(s, "fetch", seat=0)  # your own Surprises keep their price
    s.choose(0, "End your turn")
    assert "Play Fetch (1 PP)" in labels(s, 1)
    s.choose(1, "End your turn")
    assert discard(s, 0) == ["lovely"]  # discarded in the End Phase
    assert len(hand(s, 0)) == 1  # nothing reimbursed


def test_lovely_makes_an_answering_surprise_cost_more_too(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["sallys-leg", "clown"])], 1: [("oogies-lair", ["behemoth"])]},
        hands={0: ["lovely", "without-a-trace"], 1: ["pull-yourself-together"]},
        pp={0: 2, 1: 1},
    )
    play(s, "lovely", mode=1)
    play(s, "without-a-trace", mode=1)
    # Pull Yourself Together costs 2 now and seat 1 has 1: asked all the same, it can
    # only let it happen
    assert [c.id for p in s.prompts(1) for c in p.choices] == ["pass"]
    s.choose(1, "pass", kind="respond")
    assert discard(s, 1) == ["behemoth"]


# --- Magical Journey ---------------------------------------------------------------------------
@covers("magical-journey")
def test_magical_journey_takes_a_halloween_character_between_tree_circle_and_christmas_town(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("tree-circle", [SALLY]), ("the-bakery", []), ("candy-shop", [])]},
        hands={0: ["magical-journey"]},
    )
    play(s, "magical-journey")
    assert choices(s, 0, "destination") == ["The Bakery", "Candy Shop"]
    s.choose(0, "Candy Shop")
    assert row(s, 0)[3] == ("candy-shop", [SALLY])
    s.choose(0, "Jack's House: Move 4")
    s.choose(0, "Move Sally (Shy Creature) to The Bakery", kind="move")
    # the travel lasts for the Journey only: later Movement keeps her in Christmas Town
    assert "Move Sally (Shy Creature) to Tree Circle" not in choices(s, 0, "move")


def test_magical_journey_brings_a_halloween_character_back_to_tree_circle(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("tree-circle", []),
                ("jacks-house", []),
                ("the-bakery", []),
                ("candy-shop", [SALLY, "eddy-the-elf"]),
            ]
        },
        hands={0: ["magical-journey"]},
    )
    play(s, "magical-journey")  # Sally is the only Halloween Character there
    assert choices(s, 0, "destination") == ["Tree Circle"]
    s.choose(0, "Tree Circle")
    assert row(s, 0)[0] == ("tree-circle", [SALLY])
    assert row(s, 0)[3] == ("candy-shop", ["eddy-the-elf"])


# --- Mirror, Mirror ----------------------------------------------------------------------------
@covers("mirror-mirror")
def test_mirror_mirror_answers_a_lost_character_with_one_of_equal_or_lower_scare(tcg):
    s = ct_table(
        tcg,
        turn=1,
        rows={
            0: [("jacks-house", ["behemoth"])],
            1: [("oogies-lair", ["clown", "reaper", "igor", "behemoth"])],
        },
        hands={0: ["mirror-mirror"], 1: ["without-a-trace"]},
        pp={1: 1},
    )
    play(s, "without-a-trace", mode=1, seat=1)
    assert discard(s, 0) == ["behemoth"]
    s.choose(0, "Yes", kind="may")
    assert choices(s, 0, "choose") == [
        "Igor (Faithful Lackey) at seat 1's Oogie's Lair",
        "Behemoth (Axe Victim) at seat 1's Oogie's Lair",
    ]  # Scare 2 or less; the Reaper is 3
    s.choose(0, "Behemoth (Axe Victim) at seat 1's Oogie's Lair")
    assert discard(s, 1) == ["clown", "behemoth"]
    assert surprise_pile(s, 0) == ["mirror-mirror"]


def test_mirror_mirror_may_be_declined_and_is_not_offered_in_your_own_turn(tcg):
    s = ct_table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", ["behemoth"])], 1: [("oogies-lair", ["clown", "igor"])]},
        hands={0: ["mirror-mirror"], 1: ["without-a-trace"]},
        pp={1: 1},
    )
    play(s, "without-a-trace", mode=1, seat=1)
    s.choose(0, "No", kind="may")
    assert hand(s, 0) == ["mirror-mirror"] and row(s, 1) == [("oogies-lair", ["igor"])]
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["clown"])], 1: [("oogies-lair", ["igor", "behemoth"])]},
        hands={0: ["mirror-mirror", "without-a-trace"]},
        pp={0: 1},
    )
    play(s, "without-a-trace", mode=1)  # seat 0 discards its own Clown in its own turn
    assert discard(s, 1) == ["behemoth"]
    assert not [p for p in s.prompts(0) if p.kind == "may"]


# --- Mission of Menace -------------------------------------------------------------------------
@covers("mission-of-menace")
def test_mission_of_menace_takes_lock_shock_barrel_and_the_chosen_companions_to_the_tree_house(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("the-tree-house", []),
                ("jacks-house", []),
                ("candy-shop", [*LSB_TRAVEL, "eddy-the-elf", "suzy-the-elf"]),
            ]
        },
        hands={0: ["mission-of-menace"]},
        pp={0: 1},
    )
    play(s, "mission-of-menace")
    s.choose(0, "Yes", kind="pick")  # Eddy comes along
    s.choose(0, "No", kind="pick")  # Suzy stays
    assert row(s, 0)[0] == ("the-tree-house", sorted([*LSB_TRAVEL, "eddy-the-elf"]))
    assert row(s, 0)[2] == ("candy-shop", ["suzy-the-elf"])


def test_mission_of_menace_needs_the_three_together_in_christmas_town(tcg):
    s = ct_table(
        tcg,
        rows={0: [("the-tree-house", []), ("jacks-house", LSB_TRAVEL), ("candy-shop", [])]},
        hands={0: ["mission-of-menace"]},
        pp={0: 1},
    )
    assert not playable(s, "mission-of-menace")


# --- Mistletoe ---------------------------------------------------------------------------------
@covers("mistletoe", mode=0)
def test_mistletoe_searches_six_for_elves(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["mistletoe"]},
        decks={0: ["eddy-the-elf", "igor", "santa-claus", "suzy-the-elf", "zero", "fire", "iggy-the-elf"]},
    )
    play(s, "mistletoe", mode=0)
    assert hand(s, 0) == ["eddy-the-elf", "suzy-the-elf"]
    assert deck(s, 0) == ["iggy-the-elf"]


@covers("mistletoe", mode=1)
def test_mistletoe_discards_two_elves_together_in_an_opponents_christmas_town(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", [])],
            1: [
                ("oogies-lair", []),
                ("candy-shop", ["eddy-the-elf", "suzy-the-elf", "iggy-the-elf"]),
                ("toy-factory", ["nelly-the-elf"]),
            ],
        },
        hands={0: ["mistletoe"]},
    )
    play(s, "mistletoe", mode=1)
    assert choices(s, 0, "choose") == [
        "Eddy the Elf (Eager Electrician) at seat 1's Candy Shop",
        "Suzy the Elf (Stocking Stuffer) at seat 1's Candy Shop",
        "Iggy the Elf (Infrequent Insomniac) at seat 1's Candy Shop",
    ]  # Nelly stands alone
    s.choose(0, "Eddy the Elf (Eager Electrician) at seat 1's Candy Shop")
    s.choose(0, "Iggy the Elf (Infrequent Insomniac) at seat 1's Candy Shop", kind="choose")
    assert discard(s, 1) == ["eddy-the-elf", "iggy-the-elf"]
    assert row(s, 1)[1] == ("candy-shop", ["suzy-the-elf"])


@covers("mistletoe", mode=1)
def test_mistletoe_does_not_offer_a_discard_without_two_elves_together(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", [])],
            1: [("oogies-lair", []), ("candy-shop", ["eddy-the-elf"]), ("toy-factory", ["nelly-the-elf"])],
        },
        hands={0: ["mistletoe"]},
    )
    assert open_modes(s, 0, "mistletoe") == [mode_label(s, "mistletoe", 0)]  # each Elf stands alone


# --- Morning Rounds ----------------------------------------------------------------------------
@covers("morning-rounds", mode=0)
def test_morning_rounds_searches_six_for_the_mayor(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["morning-rounds"]},
        decks={0: ["igor", "zero", MAYOR, "fire", "clown", "reaper", MAYOR]},
    )
    play(s, "morning-rounds")
    assert hand(s, 0) == [MAYOR]
    assert deck(s, 0) == [MAYOR]


@covers("morning-rounds", mode=1)
def test_morning_rounds_swaps_two_halloweentown_locales_with_their_characters(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("mayor-mobile", []),
                ("town-hall", ["igor"]),
                ("the-well", []),
                ("the-bakery", ["eddy-the-elf"]),
            ]
        },
        hands={0: ["morning-rounds"]},
    )
    play(s, "morning-rounds", mode=1)
    assert choices(s, 0, "swap") == [
        "Swap Mayor-mobile and Town Hall",
        "Swap Mayor-mobile and The Well",
        "Swap Town Hall and The Well",
    ]  # never a Christmas Town Locale
    s.choose(0, "Swap Town Hall and The Well")
    assert row(s, 0) == [
        ("mayor-mobile", []),
        ("the-well", []),
        ("town-hall", ["igor"]),
        ("the-bakery", ["eddy-the-elf"]),
    ]


def test_morning_rounds_needs_your_mayor_mobile(tcg):
    s = ct_table(tcg, rows={0: [("jacks-house", []), ("town-hall", [])]}, hands={0: ["morning-rounds"]})
    assert open_modes(s, 0, "morning-rounds") == [mode_label(s, "morning-rounds", 0)]


# --- Most Blood Drained ------------------------------------------------------------------------
@covers("most-blood-drained", mode=0)
def test_most_blood_drained_searches_four_for_vampires(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["most-blood-drained"]},
        decks={0: ["vampire-count", "igor", "vampire-lord", "zero", "vampire-baron"]},
        pp={0: 1},
    )
    play(s, "most-blood-drained")
    assert hand(s, 0) == ["vampire-count", "vampire-lord"]
    assert deck(s, 0) == ["vampire-baron"]


@covers("most-blood-drained", mode=1)
def test_most_blood_drained_takes_a_vampire_home_and_then_discards_a_scare_three_or_less(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", ["vampire-count"])],
            1: [("oogies-lair", ["reaper", "oogie-boogie-meanest-guy-around", "igor"])],
        },
        hands={0: ["most-blood-drained"]},
        pp={0: 1},
    )
    play(s, "most-blood-drained", mode=1)
    assert hand(s, 0) == ["vampire-count"]
    assert choices(s, 0, "choose") == [
        "Reaper (Grim Harvester) at seat 1's Oogie's Lair",
        "Igor (Faithful Lackey) at seat 1's Oogie's Lair",
    ]
    s.choose(0, "Reaper (Grim Harvester) at seat 1's Oogie's Lair")
    assert discard(s, 1) == ["reaper"]


# --- Night of Festivities ----------------------------------------------------------------------
@covers("night-of-festivities", mode=0)
def test_night_of_festivities_searches_three_for_one_or_two_characters(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["night-of-festivities"]},
        decks={0: ["igor", "zero", "clown", "reaper"]},
        pp={0: 1},
    )
    play(s, "night-of-festivities", mode=0)
    s.choose(0, "Take Clown (With the Tear-away Face)", kind="search-take")
    s.choose(0, "Take Igor (Faithful Lackey)", kind="search-take")
    assert hand(s, 0) == ["clown", "igor"]
    assert discard(s, 0) == ["zero"]


@covers("night-of-festivities", mode=1)
def test_night_of_festivities_turns_over_a_crowded_town_square_until_the_end_phase(tcg):
    crowd = ["igor", "zero", "clown", "reaper", "behemoth"]
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", []), ("town-square", crowd)]},
        hands={0: ["night-of-festivities"]},
        pp={0: 1},
    )
    play(s, "night-of-festivities", mode=1)
    st = s.state
    assert st.players[1].row[1].flipped and not tcg.rules.is_active(st, 1, 1)
    s.choose(0, "End your turn")
    assert not any(x.startswith("Town Square") for x in labels(s, 1))
    s.choose(1, "End your turn")
    assert not s.state.players[1].row[1].flipped


@covers("night-of-festivities", mode=1)
def test_night_of_festivities_leaves_a_town_square_of_four_alone(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", [])],
            1: [("oogies-lair", []), ("town-square", ["igor", "zero", "clown", "reaper"])],
        },
        hands={0: ["night-of-festivities"]},
        pp={0: 1},
    )
    # no opponent's Town Square holds five: turning one over is not offered
    assert open_modes(s, 0, "night-of-festivities") == [mode_label(s, "night-of-festivities", 0)]
    play(s, "night-of-festivities")
    assert not s.state.players[1].row[1].flipped


# --- Nothing Underneath ------------------------------------------------------------------------
@covers("nothing-underneath", mode=0)
def test_nothing_underneath_discards_a_surprise_stacked_on_a_card_of_your_halloweentown(tcg):
    def stacks(st):
        stack_on(st, 0, "igor", "worthy-accomplice")
        stack_on(st, 0, EXPLORER, "alas-poor-jack")  # Jack is in Christmas Town

    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["igor"]), ("the-bakery", [EXPLORER])]},
        hands={0: ["nothing-underneath"]},
        pp={0: 1},
        edit=stacks,
    )
    play(s, "nothing-underneath")
    assert choices(s, 0, "choose") == ["Worthy Accomplice on Igor (Faithful Lackey)"]
    s.choose(0, "Worthy Accomplice on Igor (Faithful Lackey)")
    assert discard(s, 0) == ["worthy-accomplice"]
    assert not s.state.stacked.get(in_row(s.state, 0, "igor"))


@covers("nothing-underneath", mode=0)
def test_nothing_underneath_does_not_offer_a_discard_when_nothing_of_yours_is_stacked(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["igor"])], 1: [("oogies-lair", ["clown"])]},
        hands={0: ["nothing-underneath"]},
        pp={0: 1},
        edit=lambda st: stack_on(st, 1, "clown", "shadow-on-the-moon", owner=0),  # in their town, not yours
    )
    assert not playable(s, "nothing-underneath")  # no Creation to Stack it on either


@covers("nothing-underneath", mode=1)
def test_nothing_underneath_stacks_on_a_creation_and_sends_a_wandering_monster_home(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", ["monster-under-the-bed"]), ("scary-bed", [])]},
        hands={0: ["nothing-underneath"]},
        creations={0: ["road-kill"]},
        pp={0: 1},
    )
    play(s, "nothing-underneath", mode=1)
    st = s.state
    assert ids(s, st.stacked[st.players[0].creations[0]]) == ["nothing-underneath"]
    assert hand(s, 1) == ["monster-under-the-bed"]


def test_nothing_underneath_leaves_a_monster_at_its_scary_bed(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", []), ("scary-bed", ["monster-under-the-bed"])]},
        hands={0: ["nothing-underneath"]},
        creations={0: ["road-kill"]},
        pp={0: 1},
    )
    play(s, "nothing-underneath", mode=1)
    assert row(s, 1)[1] == ("scary-bed", ["monster-under-the-bed"])
    assert ids(s, s.state.stacked[s.state.players[0].creations[0]]) == ["nothing-underneath"]


# --- Parasols ----------------------------------------------------------------------------------
def _parasols_table(tcg, day):
    s = ct_table(
        tcg,
        day=day,
        rows={0: [("jacks-house", ["igor", "behemoth"])], 1: [("oogies-lair", ["vampire-count", "clown"])]},
        hands={0: ["parasols"], 1: ["most-blood-drained", "without-a-trace"]},
        pp={0: 2, 1: 2},
    )
    play(s, "parasols")
    assert ids(s, s.state.players[0].placed) == ["parasols"]
    s.choose(0, "End your turn")
    play(s, "most-blood-drained", mode=1, seat=1)
    s.choose(1, "Igor (Faithful Lackey) at seat 0's Jack's House", kind="choose")
    play(s, "without-a-trace", mode=1, seat=1)
    return s


@covers("parasols")
def test_parasols_let_only_one_card_of_an_opponents_turn_reach_your_characters(tcg):
    s = _parasols_table(tcg, day=9)
    assert discard(s, 0) == ["igor"]  # the first card reached seat 0
    assert row(s, 0) == [("jacks-house", ["behemoth"])]  # the second passed seat 0 by


def test_parasols_do_nothing_from_day_ten(tcg):
    s = _parasols_table(tcg, day=10)
    assert discard(s, 0) == ["igor", "behemoth"]


# --- Penguin Rally -----------------------------------------------------------------------------
@covers("penguin-rally", mode=0)
def test_penguin_rally_searches_six_for_penguins(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["penguin-rally"]},
        decks={0: ["weary-willy", "igor", "eddy-the-elf", "languid-larry", "zero", "fire", "weary-willy"]},
        pp={0: 1},
    )
    play(s, "penguin-rally")
    assert hand(s, 0) == ["languid-larry", "weary-willy"]
    assert deck(s, 0) == ["weary-willy"]


@covers("penguin-rally", mode=1)
def test_penguin_rally_brings_every_hand_to_exactly_four(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", []), ("candy-shop", ["weary-willy", "languid-larry"])],
            1: [("oogies-lair", [])],
        },
        hands={0: ["penguin-rally", "igor"], 1: ["zero", "clown", "reaper", "fire", "behemoth", "cyclops"]},
        decks={0: FILLER},
        pp={0: 1},
    )
    play(s, "penguin-rally", mode=1)
    assert len(hand(s, 0)) == 4
    s.choose(1, "Discard Reaper (Grim Harvester)", kind="discard")
    s.choose(1, "Discard Fire!", kind="discard")
    assert hand(s, 1) == ["behemoth", "clown", "cyclops", "zero"]
    assert discard(s, 1) == ["reaper", "fire"]


def test_penguin_rally_needs_both_penguins_in_christmas_town(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["weary-willy"]), ("candy-shop", ["languid-larry"])]},
        hands={0: ["penguin-rally"]},
        pp={0: 1},
    )
    assert open_modes(s, 0, "penguin-rally") == [mode_label(s, "penguin-rally", 0)]


# --- Ravenous Fiend ----------------------------------------------------------------------------
@covers("ravenous-fiend", mode=0)
def test_ravenous_fiend_searches_six_for_the_eager_anaconda(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["ravenous-fiend"]},
        decks={0: ["igor", "eager-anaconda", "zero", "fire", "clown", "reaper", "eager-anaconda"]},
    )
    play(s, "ravenous-fiend")
    assert hand(s, 0) == ["eager-anaconda"]
    assert deck(s, 0) == ["eager-anaconda"]


@covers("ravenous-fiend", mode=1)
def test_ravenous_fiend_feeds_your_anaconda_to_discard_an_opponents_creation(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["ravenous-fiend"]},
        creations={0: ["eager-anaconda"], 1: ["jingle-bells", "road-kill"]},
    )
    play(s, "ravenous-fiend", mode=1)
    assert discard(s, 0) == ["eager-anaconda"]
    s.choose(0, "Jingle Bells", kind="choose")
    assert discard(s, 1) == ["jingle-bells"]


# --- Renowned Talents --------------------------------------------------------------------------
MASTER = "jack-skellington-master-of-fright"


@covers("renowned-talents", mode=0)
def test_renowned_talents_searches_six_for_jack(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["renowned-talents"]},
        decks={0: [MASTER, "igor", "zero", "fire", "clown", "reaper", JACK]},
        pp={0: 1},
    )
    play(s, "renowned-talents")
    assert hand(s, 0) == [MASTER]
    assert deck(s, 0) == [JACK]


@covers("renowned-talents", mode=1)
def test_renowned_talents_moves_an_opponents_character_next_door_and_the_master_of_fright_draws_two(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [MASTER])], 1: [("oogies-lair", ["igor"]), ("town-hall", [])]},
        hands={0: ["renowned-talents"]},
        decks={0: ["zero", "fire", "clown"]},
        pp={0: 1},
    )
    play(s, "renowned-talents", mode=1)
    assert row(s, 1) == [("oogies-lair", []), ("town-hall", ["igor"])]
    assert hand(s, 0) == ["fire", "zero"]


def test_renowned_talents_draws_nothing_for_another_jack(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [JACK])], 1: [("oogies-lair", ["igor"]), ("town-hall", [])]},
        hands={0: ["renowned-talents"]},
        decks={0: ["zero", "fire"]},
        pp={0: 1},
    )
    play(s, "renowned-talents", mode=1)
    assert row(s, 1) == [("oogies-lair", []), ("town-hall", ["igor"])]
    assert hand(s, 0) == []


def test_renowned_talents_master_of_fright_draws_even_when_the_move_is_answered(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [MASTER])], 1: [("oogies-lair", ["igor", SALLY]), ("town-hall", [])]},
        hands={0: ["renowned-talents"], 1: ["pull-yourself-together"]},
        decks={0: ["zero", "fire", "clown"]},
        pp={0: 1},
    )
    play(s, "renowned-talents", mode=1)
    s.choose(0, "Igor (Faithful Lackey) at seat 1's Oogie's Lair", kind="choose")
    s.choose(1, "Answer with Pull Yourself Together: Cancel it", kind="respond")
    assert row(s, 1)[0] == ("oogies-lair", ["igor", SALLY])
    assert hand(s, 0) == ["fire", "zero"]  # the draw is a sentence of its own, not an "and then"


def test_renowned_talents_needs_jack_in_your_halloweentown(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("the-bakery", [EXPLORER])], 1: [("oogies-lair", ["igor"])]},
        hands={0: ["renowned-talents"]},
        pp={0: 1},
    )
    assert open_modes(s, 0, "renowned-talents") == [mode_label(s, "renowned-talents", 0)]


# --- Safety in Numbers -------------------------------------------------------------------------
@covers("safety-in-numbers")
def test_safety_in_numbers_sends_lock_shock_or_barrel_to_hand_in_an_opponents_turn(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [LSB[0]])], 1: [("oogies-lair", ["vampire-count"])]},
        hands={0: ["safety-in-numbers"], 1: ["most-blood-drained"]},
        pp={0: 1, 1: 1},
    )
    play(s, "safety-in-numbers")
    assert ids(s, s.state.players[0].placed) == ["safety-in-numbers"]
    s.choose(0, "End your turn")
    play(s, "most-blood-drained", mode=1, seat=1)  # the Vampire goes home, then Lock would be discarded
    assert hand(s, 0) == [LSB[0]]
    assert discard(s, 0) == []


def test_safety_in_numbers_leaves_the_devil_nothing_to_draw(tcg):
    s = ct_table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", [LSB[0]])], 1: [("oogies-lair", ["vampire-count", "devil"])]},
        hands={1: ["most-blood-drained"]},
        decks={1: FILLER},
        pp={1: 1},
        edit=lambda st: place(st, 0, "safety-in-numbers"),
    )
    play(s, "most-blood-drained", mode=1, seat=1)
    assert hand(s, 0) == [LSB[0]]
    s.expect(1, "turn")
    assert hand(s, 1) == ["vampire-count"]  # Lock went to hand instead: no discard for the Devil


def test_safety_in_numbers_does_not_work_in_your_own_turn(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["clown", "igor"])], 1: [("oogies-lair", ["behemoth"])]},
        hands={0: ["without-a-trace"]},
        pp={0: 1},
        edit=lambda st: place(st, 0, "safety-in-numbers"),
    )
    s = ct_table(
        tcg,
        rows={
            0: [("guillotine-area", [LSB[0], "reaper", "behemoth", "clown"])],
            1: [("oogies-lair", ["igor"])],
        },
        edit=lambda st: place(st, 0, "safety-in-numbers"),
    )
    s.choose(0, labels(s, 0)[0])  # Guillotine Area: discard a Character here
    s.choose(0, "Lock (Little Devil) at seat 0's Guillotine Area", kind="choose")
    assert "lock-little-devil" in discard(s, 0)


# --- Same Routine ------------------------------------------------------------------------------
@covers("same-routine")
def test_same_routine_does_the_kings_activity_once_more_in_the_start_phase(tcg):
    def setup(st):
        for p in st.players:
            p.locale_deck.clear()

    s = ct_table(
        tcg,
        hands={0: ["same-routine", "igor", "zero"], 1: ["same-routine", "clown"]},
        decks={0: ["fire", "clown", "reaper"], 1: FILLER},
        turns_taken=1,
        edit=setup,
    )
    s.choose(0, "End your turn")
    assert s.state.king == 1
    s.choose(1, "draw", kind="king-activity")
    assert not any(x.startswith("First play Same Routine") for x in choices(s, 1, "king"))  # not the King
    s.choose(1, "Decline", kind="king")
    s.choose(0, "First play Same Routine (0 PP)", kind="king")
    s.choose(0, "Discard Igor (Faithful Lackey) to do it", kind="king")  # the extra time, paid
    s.choose(0, "Discard Zero (Ghost Dog) to do it", kind="king")  # the usual time, paid again
    assert hand(s, 0) == ["clown", "fire"]
    assert surprise_pile(s, 0) == ["same-routine"]


# --- Series of Experiments ---------------------------------------------------------------------
FINK = "dr-finklestein-mad-scientist"


@covers("series-of-experiments", mode=0)
def test_series_of_experiments_searches_five_for_jack_and_finklestein(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["series-of-experiments"]},
        decks={0: [FINK, "igor", JACK, "zero", "dr-finklestein-brainy-inventor", JACK]},
        pp={0: 1},
    )
    play(s, "series-of-experiments")
    assert hand(s, 0) == ["dr-finklestein-brainy-inventor", FINK, JACK]
    assert deck(s, 0) == [JACK]


@covers("series-of-experiments", mode=1)
def test_series_of_experiments_searches_six_for_scare_one_creations(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [JACK, FINK])]},
        hands={0: ["series-of-experiments"]},
        decks={
            0: ["spider-flake", "jingle-bells", "droopy-cane", "igor", "formaldetoys", "zero", "spider-flake"]
        },
        pp={0: 1},
    )
    play(s, "series-of-experiments", mode=1)
    assert hand(s, 0) == ["droopy-cane", "formaldetoys", "spider-flake"]
    assert discard(s, 0) == ["jingle-bells", "igor", "zero"]


def test_series_of_experiments_needs_both_in_your_halloweentown(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [FINK]), ("the-bakery", [EXPLORER])]},
        hands={0: ["series-of-experiments"]},
        pp={0: 1},
    )
    assert open_modes(s, 0, "series-of-experiments") == [mode_label(s, "series-of-experiments", 0)]


# --- Snowmobile --------------------------------------------------------------------------------
@covers("snowmobile", mode=0)
def test_snowmobile_searches_six_for_jack(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["snowmobile"]},
        decks={0: ["igor", "zero", "fire", "clown", "reaper", EXPLORER, JACK]},
        pp={0: 1},
    )
    play(s, "snowmobile")
    assert hand(s, 0) == [EXPLORER]
    assert deck(s, 0) == [JACK]


@covers("snowmobile", mode=1)
def test_snowmobile_drives_jack_and_up_to_three_companions_to_another_halloweentown_locale(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("jacks-house", [JACK, "igor", "zero", "clown", "reaper"]),
                ("town-hall", []),
                ("the-well", []),
                ("the-bakery", []),
            ]
        },
        hands={0: ["snowmobile"]},
        pp={0: 1},
    )
    play(s, "snowmobile", mode=1)
    assert choices(s, 0, "destination") == ["Town Hall", "The Well"]
    s.choose(0, "The Well")
    for _ in range(3):
        s.choose(0, "Yes", kind="pick")  # Igor, Zero, Clown
    s.expect(0, "turn")  # three companions at most: the Reaper is not asked
    assert row(s, 0)[0] == ("jacks-house", ["reaper"])
    assert row(s, 0)[2] == ("the-well", sorted([JACK, "igor", "zero", "clown"]))


def test_snowmobile_cannot_move_a_jack_who_cannot_move(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [JACK, "oogie-boogie-voracious-villain"]), ("town-hall", [])]},
        hands={0: ["snowmobile"]},
        pp={0: 1},
        edit=lambda st: stack_on(st, 0, JACK, "aint-goin-nowhere"),
    )
    play(s, "snowmobile", mode=1)
    s.expect(0, "turn")
    assert row(s, 0)[0] == ("jacks-house", [JACK, "oogie-boogie-voracious-villain"])


# --- Someplace New -----------------------------------------------------------------------------
def _locale_deck(st, cards):
    st.players[0].locale_deck = [new_card(st, 0, c) for c in cards]  # the last one is the top


@covers("someplace-new", mode=0)
def test_someplace_new_gives_two_movement(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["igor"]), ("town-hall", []), ("the-well", [])]},
        hands={0: ["someplace-new"]},
        pp={0: 1},
    )
    play(s, "someplace-new", mode=0)
    s.choose(0, "Move Igor (Faithful Lackey) to Town Hall", kind="move")
    s.choose(0, "Move Igor (Faithful Lackey) to The Well", kind="move")
    s.expect(0, "turn")
    assert row(s, 0)[2] == ("the-well", ["igor"])


@covers("someplace-new", mode=1)
def test_someplace_new_puts_one_or_both_of_the_top_two_locales_at_the_bottom(tcg):
    def make(choice):
        s = ct_table(
            tcg,
            rows={0: [("jacks-house", [])]},
            hands={0: ["someplace-new"]},
            pp={0: 1},
            edit=lambda st: _locale_deck(st, ["the-crypt", "town-hall", "the-well"]),
        )
        play(s, "someplace-new", mode=1)
        assert choices(s, 0, "choose") == [
            "Put The Well on the bottom",
            "Put Town Hall on the bottom",
            "Put both on the bottom",
        ]  # one of them at least goes
        shown = {c["card"] for c in s.view(0)["shown"]}
        assert shown == {"the-well", "town-hall"} and not s.view(1)["shown"]  # seen by seat 0 only
        s.choose(0, choice)
        return ids(s, s.state.players[0].locale_deck)

    assert make("Put The Well on the bottom") == ["the-well", "the-crypt", "town-hall"]
    assert make("Put both on the bottom") == ["town-hall", "the-well", "the-crypt"]


# --- Sound the Alarms! -------------------------------------------------------------------------
@covers("sound-the-alarms")
def test_sound_the_alarms_searches_three_for_the_mayor_and_mummy_boy(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["sound-the-alarms"]},
        decks={0: ["mummy-boy", "igor", MAYOR, "mummy-boy"]},
    )
    play(s, "sound-the-alarms")
    assert hand(s, 0) == ["mummy-boy", MAYOR]
    assert deck(s, 0) == ["mummy-boy"]


@covers("sound-the-alarms")
def test_sound_the_alarms_answers_a_card_aimed_at_your_creation(tcg):
    s = ct_table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", [])]},
        hands={0: ["sound-the-alarms"], 1: ["ravenous-fiend"]},
        creations={0: ["jingle-bells"], 1: ["eager-anaconda"]},
    )
    play(s, "ravenous-fiend", mode=1, seat=1)
    s.choose(0, "Answer with Sound the Alarms!: Sound the alarm and ignore it", kind="respond")
    assert ids(s, s.state.players[0].creations) == ["jingle-bells"]
    assert surprise_pile(s, 0) == ["sound-the-alarms"]
    assert discard(s, 1) == ["eager-anaconda"]


def test_sound_the_alarms_answers_a_card_that_turns_your_locale_over(tcg):
    crowd = ["igor", "zero", "clown", "reaper", "behemoth"]
    s = ct_table(
        tcg,
        turn=1,
        rows={0: [("jacks-house", []), ("town-square", crowd)], 1: [("oogies-lair", [])]},
        hands={0: ["sound-the-alarms"], 1: ["night-of-festivities"]},
        pp={1: 1},
    )
    play(s, "night-of-festivities", mode=1, seat=1)
    s.choose(0, "Answer with Sound the Alarms!: Sound the alarm and ignore it", kind="respond")
    assert not s.state.players[0].row[1].flipped


# --- Subordinate Claus -------------------------------------------------------------------------
@covers("subordinate-claus")
def test_subordinate_claus_shifts_an_elf_and_draws_two_when_it_joins_santa(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("candy-shop", ["eddy-the-elf"]), ("toy-factory", ["santa-claus"])]},
        hands={0: ["subordinate-claus"]},
        decks={0: ["igor", "zero", "fire"]},
    )
    play(s, "subordinate-claus")  # Jack's House is next door too, but in the other town
    assert row(s, 0)[2] == ("toy-factory", ["eddy-the-elf", "santa-claus"])
    assert hand(s, 0) == ["igor", "zero"]


def test_subordinate_claus_draws_nothing_away_from_the_clauses(tcg):
    s = ct_table(
        tcg,
        rows={0: [("candy-shop", ["eddy-the-elf"]), ("toy-factory", []), ("the-bakery", ["mrs-claus"])]},
        hands={0: ["subordinate-claus"]},
        decks={0: ["igor", "zero"]},
    )
    play(s, "subordinate-claus")
    assert row(s, 0)[1] == ("toy-factory", ["eddy-the-elf"])
    assert hand(s, 0) == []


# --- Trick or Treat! ---------------------------------------------------------------------------
def _trick_table(tcg, ct_chars):
    return ct_table(
        tcg,
        rows={
            0: [("jacks-house", []), ("candy-shop", LSB_TRAVEL)],
            1: [("oogies-lair", ["igor"]), ("toy-factory", ct_chars)],
        },
        hands={0: ["trick-or-treat"]},
        pp={0: 1},
        edit=lambda st: place(st, 1, "christmas-town-gates"),
    )


@covers("trick-or-treat")
def test_trick_or_treat_discards_the_gates_then_may_take_a_christmas_character_two_points_for_santa(tcg):
    s = _trick_table(tcg, ["santa-claus", "eddy-the-elf"])
    play(s, "trick-or-treat")
    assert discard(s, 1) == ["christmas-town-gates"] and s.state.players[1].placed == []
    assert choices(s, 0, "choose") == [
        "Santa Claus (Master of Christmas) at seat 1's Toy Factory",
        "Eddy the Elf (Eager Electrician) at seat 1's Toy Factory",
        "Choose none",
    ]  # Christmas Town only, and "may"
    s.choose(0, "Santa Claus (Master of Christmas) at seat 1's Toy Factory")
    assert discard(s, 1) == ["christmas-town-gates", "santa-claus"]
    assert s.state.players[0].pp == 2


def test_trick_or_treat_gives_no_points_for_an_elf_and_may_take_nobody(tcg):
    s = _trick_table(tcg, ["eddy-the-elf"])
    play(s, "trick-or-treat")
    s.choose(0, "Eddy the Elf (Eager Electrician) at seat 1's Toy Factory", kind="choose")
    assert s.state.players[0].pp == 0
    s = _trick_table(tcg, ["eddy-the-elf"])
    play(s, "trick-or-treat")
    s.choose(0, "Choose none", kind="choose")
    assert row(s, 1)[1] == ("toy-factory", ["eddy-the-elf"])


def test_trick_or_treat_needs_lock_shock_and_barrel_in_your_christmas_town(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", LSB_TRAVEL[:1]), ("candy-shop", LSB_TRAVEL[1:])],
            1: [("toy-factory", ["santa-claus"])],
        },
        hands={0: ["trick-or-treat"]},
        pp={0: 1},
    )
    assert not playable(s, "trick-or-treat")


# --- Uninvited Guest ---------------------------------------------------------------------------
def _guest_table(tcg, mine):
    return ct_table(
        tcg,
        rows={0: mine, 1: [("oogies-lair", []), ("town-hall", ["mr-hyde", "igor", "zero", "clown"])]},
        hands={0: ["uninvited-guest", "fire", "reaper", "zero"]},
        decks={0: ["behemoth", "cyclops"]},
    )


@covers("uninvited-guest")
def test_uninvited_guest_discards_per_active_locale_of_an_opponent_to_use_one_of_their_functions(tcg):
    s = _guest_table(tcg, [("jacks-house", [])])
    play(s, "uninvited-guest")
    options = choices(s, 0, "function")
    assert "Seat 1's Town Hall: Draw 1 card and add 3 Pumpkin Points (discard 2)" in options
    assert "Seat 1's Oogie's Lair: Add 3 Pumpkin Points (discard 2)" in options
    s.choose(0, "Seat 1's Town Hall: Draw 1 card and add 3 Pumpkin Points (discard 2)")
    s.choose(0, "Discard Fire!", kind="discard")
    s.choose(0, "Discard Zero (Ghost Dog)", kind="discard")
    assert discard(s, 0) == ["fire", "zero"]
    assert hand(s, 0) == ["behemoth", "reaper"]
    assert s.state.players[0].pp == 3
    assert not any(x.startswith("Jack's House:") for x in labels(s, 0))  # in place of the Function


def test_uninvited_guest_counts_as_performing_a_function_for_your_bonuses(tcg):
    elves = ["eddy-the-elf", "suzy-the-elf", "iggy-the-elf", "nelly-the-elf"]
    s = _guest_table(tcg, [("jacks-house", []), ("town-center", elves)])
    play(s, "uninvited-guest")
    s.choose(0, "Seat 1's Oogie's Lair: Add 3 Pumpkin Points (discard 2)", kind="function")
    s.choose(0, "Discard Fire!", kind="discard")
    s.choose(0, "Discard Zero (Ghost Dog)", kind="discard")
    assert s.state.players[0].pp == 3
    assert hand(s, 0) == ["behemoth", "reaper"]  # Town Center: a card for the Function performed


def test_uninvited_guest_needs_the_function_unused(tcg):
    s = _guest_table(tcg, [("jacks-house", [])])
    s.choose(0, "Jack's House: Add 2 Pumpkin Points")
    assert not playable(s, "uninvited-guest")


# --- We Bagged Him! ----------------------------------------------------------------------------
@covers("we-bagged-him")
def test_we_bagged_him_protects_the_jumbo_treat_bag_and_costs_less_per_christmas_visitor(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", ["eddy-the-elf", "suzy-the-elf"]), ("candy-shop", ["iggy-the-elf"])],
            1: [("oogies-lair", [])],
        },
        hands={0: ["we-bagged-him"], 1: ["ravenous-fiend"]},
        creations={0: ["jumbo-treat-bag"], 1: ["eager-anaconda"]},
        pp={0: 4},
    )
    assert "Play We Bagged Him! (4 PP)" in labels(
        s, 0
    )  # 6, less the two Christmas Characters in Halloweentown
    play(s, "we-bagged-him")
    st = s.state
    bag = st.players[0].creations[0]
    assert ids(s, st.stacked[bag]) == ["we-bagged-him"] and st.players[0].pp == 0
    s.choose(0, "End your turn")
    play(s, "ravenous-fiend", mode=1, seat=1)
    assert ids(s, s.state.players[0].creations) == ["jumbo-treat-bag"]  # opponents cannot touch it
    assert discard(s, 0) == []


def test_we_bagged_him_costs_six_with_no_christmas_characters_in_halloweentown(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("candy-shop", ["iggy-the-elf"])]},
        hands={0: ["we-bagged-him"]},
        creations={0: ["jumbo-treat-bag"]},
        pp={0: 6},
    )
    assert "Play We Bagged Him! (6 PP)" in labels(s, 0)


# --- We Did It! --------------------------------------------------------------------------------
@covers("we-did-it", mode=0)
def test_we_did_it_searches_five_for_behemoth_and_the_clown(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["we-did-it"]},
        decks={0: ["clown", "igor", "behemoth", "zero", "clown", "behemoth"]},
        pp={0: 1},
    )
    play(s, "we-did-it")
    assert hand(s, 0) == ["behemoth", "clown", "clown"]
    assert deck(s, 0) == ["behemoth"]


@covers("we-did-it", mode=1)
def test_we_did_it_makes_an_opponent_give_up_a_halloween_character_of_their_choice(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", ["behemoth", "clown"])],
            1: [("oogies-lair", ["igor"]), ("candy-shop", ["eddy-the-elf"])],
        },
        hands={0: ["we-did-it"], 1: ["zero", "suzy-the-elf"]},
        pp={0: 1},
    )
    play(s, "we-did-it", mode=1)
    assert choices(s, 1, "choose") == ["Zero (Ghost Dog)", "Igor (Faithful Lackey) at seat 1's Oogie's Lair"]
    s.choose(1, "Igor (Faithful Lackey) at seat 1's Oogie's Lair")
    assert discard(s, 1) == ["igor"]
    assert hand(s, 1) == ["suzy-the-elf", "zero"]


def test_we_did_it_offers_no_character_that_cannot_be_discarded(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", ["behemoth", "clown"])],
            1: [("oogies-lair", ["oogie-boogie-voracious-villain", "igor", "sandy-claws"])],
        },
        hands={0: ["we-did-it"], 1: ["zero"]},
        pp={0: 1},
        edit=lambda st: stack_on(st, 1, "igor", "aint-goin-nowhere"),
    )
    play(s, "we-did-it", mode=1)
    assert choices(s, 1, "choose") == [
        "Zero (Ghost Dog)",
        "Oogie Boogie (Voracious Villain) at seat 1's Oogie's Lair",
    ]  # not Igor (Ain't Goin' Nowhere) nor Sandy Claws


def test_we_did_it_needs_behemoth_and_the_clown_together(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["behemoth"]), ("town-hall", ["clown"])], 1: [("oogies-lair", ["igor"])]},
        hands={0: ["we-did-it"]},
        pp={0: 1},
    )
    assert open_modes(s, 0, "we-did-it") == [mode_label(s, "we-did-it", 0)]


# --- We've got to find Jack! -------------------------------------------------------------------
@covers("weve-got-to-find-jack")
def test_weve_got_to_find_jack_sends_a_character_to_an_empty_halloweentown_locale(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("jacks-house", ["igor", "oogie-boogie-voracious-villain", "sandy-claws"]),
                ("town-hall", ["zero"]),
                ("the-well", []),
                ("town-square", []),
                ("the-bakery", []),
            ]
        },
        hands={0: ["weve-got-to-find-jack"]},
    )
    play(s, "weve-got-to-find-jack")
    assert choices(s, 0, "choose") == [
        "Igor (Faithful Lackey) at seat 0's Jack's House",
        "Zero (Ghost Dog) at seat 0's Town Hall",
    ]  # never Sandy or Oogie
    s.choose(0, "Igor (Faithful Lackey) at seat 0's Jack's House")
    assert choices(s, 0, "destination") == ["The Well", "Town Square"]  # empty, in Halloweentown
    s.choose(0, "Town Square")
    assert row(s, 0)[3] == ("town-square", ["igor"])


@covers("weve-got-to-find-jack")
def test_weve_got_to_find_jack_is_not_offered_without_an_empty_halloweentown_locale(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["igor"]), ("town-hall", ["zero"]), ("the-bakery", [])]},
        hands={0: ["weve-got-to-find-jack"]},
    )
    assert not playable(s, "weve-got-to-find-jack")  # The Bakery is empty, but in Christmas Town


def test_weve_got_to_find_jack_cannot_be_played_with_jack_in_halloweentown(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [JACK, "igor"]), ("the-well", [])]},
        hands={0: ["weve-got-to-find-jack"]},
    )
    assert not playable(s, "weve-got-to-find-jack")


# --- What a Night! -----------------------------------------------------------------------------
@covers("what-a-night", mode=0)
def test_what_a_night_searches_three_for_cyclops_and_mr_hyde(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["what-a-night"]},
        decks={0: ["mr-hyde", "mr-hyde-ii", "cyclops", "cyclops"]},
    )
    play(s, "what-a-night")
    assert hand(s, 0) == ["cyclops", "mr-hyde"]
    assert discard(s, 0) == ["mr-hyde-ii"]


@covers("what-a-night", mode=1)
def test_what_a_night_lets_cyclops_and_mr_hyde_go_to_play_a_character_there_free(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", ["cyclops", "mr-hyde"])]},
        hands={0: ["what-a-night", "behemoth"]},
    )
    play(s, "what-a-night", mode=1)
    assert discard(s, 0) == ["cyclops", "mr-hyde"]
    assert choices(s, 0, "locale") == ["Play Behemoth (Axe Victim) to Town Hall for 0"]
    s.choose(0, "Play Behemoth (Axe Victim) to Town Hall for 0")
    assert row(s, 0)[1] == ("town-hall", ["behemoth"])
    assert s.state.players[0].pp == 0


# --- What's This? ------------------------------------------------------------------------------
@covers("whats-this")
def test_whats_this_lets_every_player_draw_per_active_christmas_locale_then_jack_adds_a_point(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [
                ("jacks-house", []),
                ("candy-shop", ["eddy-the-elf", "suzy-the-elf", EXPLORER]),
                ("the-bakery", ["iggy-the-elf"]),
                ("carousel", ["nelly-the-elf"]),  # not Active
            ],
            1: [("oogies-lair", []), ("the-bakery", ["eddy-the-elf"])],
        },
        hands={0: ["whats-this"]},
        decks={0: FILLER, 1: FILLER},
        pp={0: 1},
    )
    play(s, "whats-this")
    s.choose(0, "Yes", kind="may")
    s.choose(1, "No", kind="may")  # "may": seat 1 declines
    assert len(hand(s, 0)) == 2 and hand(s, 1) == []
    assert s.state.players[0].pp == 1 and s.state.players[1].pp == 0  # Jack in seat 0's Christmas Town


# --- Where is he? ------------------------------------------------------------------------------
@covers("where-is-he", mode=0)
def test_where_is_he_searches_five_for_jack_and_the_mayor(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["where-is-he"]},
        decks={0: [MAYOR, "igor", JACK, "zero", "fire", JACK]},
        pp={0: 1},
    )
    play(s, "where-is-he")
    assert hand(s, 0) == [JACK, MAYOR]
    assert deck(s, 0) == [JACK]


@covers("where-is-he", mode=1)
def test_where_is_he_sends_an_opponents_mayor_away_from_jack_back_to_hand(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("jacks-house", [JACK]), ("town-hall", [MAYOR])]},
        hands={0: ["where-is-he"]},
        pp={0: 1},
    )
    play(s, "where-is-he", mode=1)
    assert hand(s, 1) == [MAYOR]
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("jacks-house", [JACK, MAYOR])]},
        hands={0: ["where-is-he"]},
        pp={0: 1},
    )
    play(s, "where-is-he", mode=1)
    assert hand(s, 1) == [] and row(s, 1) == [("jacks-house", sorted([JACK, MAYOR]))]


# --- Witch Hazel -------------------------------------------------------------------------------
@covers("witch-hazel", mode=0)
def test_witch_hazel_searches_three_for_the_witches(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["witch-hazel"]},
        decks={0: ["little-witch", "igor", "big-witch", "big-witch"]},
    )
    play(s, "witch-hazel")
    assert hand(s, 0) == ["big-witch", "little-witch"]
    assert deck(s, 0) == ["big-witch"]


@covers("witch-hazel", mode=1)
def test_witch_hazel_plays_a_character_at_half_price_rounded_down(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("witches-nook", ["big-witch", "little-witch"])]},
        hands={0: ["witch-hazel", "wolf-shadow"]},
        pp={0: 1},
    )
    play(s, "witch-hazel", mode=1)
    assert choices(s, 0, "locale") == [
        "Play Wolf Shadow (Lupine Spirit) to Jack's House for 1",
        "Play Wolf Shadow (Lupine Spirit) to Witches' Nook for 1",
    ]  # 3 halved, rounded down
    s.choose(0, "Play Wolf Shadow (Lupine Spirit) to Jack's House for 1")
    assert row(s, 0)[0] == ("jacks-house", ["wolf-shadow"]) and s.state.players[0].pp == 0


def test_witch_hazel_needs_both_witches_at_your_nook(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["little-witch"]), ("witches-nook", ["big-witch"])]},
        hands={0: ["witch-hazel", "wolf-shadow"]},
    )
    assert open_modes(s, 0, "witch-hazel") == [mode_label(s, "witch-hazel", 0)]


# --- Without a Trace ---------------------------------------------------------------------------
@covers("without-a-trace", mode=0)
def test_without_a_trace_searches_six_for_the_clown(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["without-a-trace"]},
        decks={0: ["clown", "igor", "zero", "clown", "fire", "reaper", "clown"]},
        pp={0: 1},
    )
    play(s, "without-a-trace")
    assert hand(s, 0) == ["clown", "clown"]
    assert deck(s, 0) == ["clown"]


@covers("without-a-trace", mode=1)
def test_without_a_trace_gives_up_your_clown_to_discard_a_scare_two_character(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["clown"])], 1: [("oogies-lair", ["igor", "behemoth", "reaper", SALLY])]},
        hands={0: ["without-a-trace"]},
        pp={0: 1},
    )
    play(s, "without-a-trace", mode=1)
    assert discard(s, 0) == ["clown"]
    assert choices(s, 0, "choose") == [
        "Behemoth (Axe Victim) at seat 1's Oogie's Lair",
        "Sally (Shy Creature) at seat 1's Oogie's Lair",
    ]
    s.choose(0, "Sally (Shy Creature) at seat 1's Oogie's Lair")
    assert discard(s, 1) == [SALLY]


# --- Worm's Wart -------------------------------------------------------------------------------
@covers("worms-wart", mode=0)
def test_worms_wart_searches_three_for_sally(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["worms-wart"]},
        decks={0: [SALLY, "igor", "sallys-leg", SALLY]},
    )
    play(s, "worms-wart")
    assert hand(s, 0) == [SALLY]  # nor is the Leg
    assert deck(s, 0) == [SALLY]


@covers("worms-wart", mode=1)
def test_worms_wart_discards_deadly_nightshade_and_frogs_breath_for_three_points(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("sallys-room", [SALLY])]},
        hands={0: ["worms-wart", "deadly-nightshade", "frogs-breath", "igor"]},
    )
    play(s, "worms-wart", mode=1)
    s.choose(0, "Discard Deadly Nightshade", kind="discard")
    s.choose(0, "Discard Frog's Breath", kind="discard")
    assert discard(s, 0) == ["deadly-nightshade", "frogs-breath"]
    assert s.state.players[0].pp == 3


def test_worms_wart_needs_both_cards_in_hand(tcg):
    s = ct_table(
        tcg, rows={0: [("sallys-room", [SALLY])]}, hands={0: ["worms-wart", "deadly-nightshade", "igor"]}
    )
    assert open_modes(s, 0, "worms-wart") == [mode_label(s, "worms-wart", 0)]


# --- Worthy Accomplice -------------------------------------------------------------------------
@covers("worthy-accomplice", mode=0)
def test_worthy_accomplice_searches_five_for_finklestein_and_igor(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])]},
        hands={0: ["worthy-accomplice"]},
        decks={0: ["igor", "zero", FINK, "fire", "igor", "igor"]},
        pp={0: 1},
    )
    play(s, "worthy-accomplice")
    assert hand(s, 0) == [FINK, "igor", "igor"]
    assert deck(s, 0) == ["igor"]


@covers("worthy-accomplice", mode=1)
def test_worthy_accomplice_stacks_on_igor_and_exiles_a_discarded_character_for_its_scare(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["igor"])]},
        hands={0: ["worthy-accomplice"]},
        discards={0: ["oogie-boogie-meanest-guy-around", "zero", "fire"]},
        pp={0: 1},
    )
    play(s, "worthy-accomplice", mode=1)
    st = s.state
    assert ids(s, st.stacked[in_row(st, 0, "igor")]) == ["worthy-accomplice"]
    assert choices(s, 0, "choose") == ["Oogie Boogie (Meanest Guy Around)", "Zero (Ghost Dog)"]
    s.choose(0, "Oogie Boogie (Meanest Guy Around)")
    assert ids(s, st.players[0].removed) == ["oogie-boogie-meanest-guy-around"]
    assert st.players[0].pp == 3  # Scare 4, three at most


def test_worthy_accomplice_stacks_on_igor_even_with_no_character_to_exile(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", ["igor"])]},
        hands={0: ["worthy-accomplice"]},
        discards={0: ["fire"]},
        pp={0: 1},
    )
    play(s, "worthy-accomplice", mode=1)  # the Stack happens; "and then" finds nothing to remove
    st = s.state
    assert ids(s, st.stacked[in_row(st, 0, "igor")]) == ["worthy-accomplice"]
    assert st.players[0].removed == [] and st.players[0].pp == 0
