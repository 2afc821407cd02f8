"""Base cards that say "your Halloweentown" count only Halloweentown when Christmas Town
is loaded; cards that say "in play" count both towns; every play path asks the
expansion's hooks with the row's owner.

Each position has a Christmas Town next to the Halloweentown; the Characters a base
card names stand in Christmas Town (they travelled there), where the card must not see
them, and each test also shows the card working when they are in Halloweentown.
"""

from __future__ import annotations

import pytest
from ctkit import ct_table, options
from tcgkit import discard, hand, row

from nbc.core.testkit.cardtests import covers
from nbc.core.testkit.ruletests import shows

DECK = ["road-kill", "zero", "clown", "cyclops", "behemoth", "fire", "fetch", "igor"]  # drawn from the left


def _rows(ht: list[str], ct: list[str], more_ht: tuple = ()) -> list:
    """Seat 0's row: Jack's House (with `ht`), any more Halloweentown Locales, then The
    Bakery in Christmas Town (with `ct`)."""
    return [("jacks-house", list(ht)), *more_ht, ("the-bakery", list(ct))]


def _table(tcg, ht=(), ct=(), hand_=(), pp=6, **kwargs):
    kwargs.setdefault("decks", {0: list(DECK), 1: list(DECK)})
    return ct_table(
        tcg,
        rows={0: _rows(list(ht), list(ct)), 1: [("oogies-lair", [])]},
        hands={0: list(hand_)},
        pp={0: pp},
        **kwargs,
    )


def _price(s, card_label: str) -> int | None:
    """The price the turn menu asks for a Creation or Surprise (None: not offered)."""
    for label in options(s):
        if label.startswith(f"Play {card_label} (") and label.endswith(" PP)"):
            return int(label.rsplit("(", 1)[1].split()[0])
    return None


# --- the Mayor, Lugubrious Leader: the example -------------------------------------------
MAYOR = "the-mayor-lugubrious-leader"


@covers("the-mayor-lugubrious-leader")
def test_lugubrious_leader_draws_for_a_halloweentown_character_discarded(tcg):
    s = _table(tcg, ht=[MAYOR, "igor"])
    s.choose(0, "Igor (Faithful Lackey): Discard Igor: Move 2")  # nobody can use the Movement
    assert discard(s, 0) == ["igor"]
    assert hand(s, 0) == ["road-kill"]  # the Mayor drew the top card


def test_lugubrious_leader_ignores_an_elf_discarded_from_christmas_town(tcg):
    s = _table(tcg, ht=[MAYOR], ct=["mrs-claus", "nelly-the-elf"])
    s.choose(0, "Mrs. Claus (Pie-baking Wonder): Discard an Elf here (draw 1 at The Bakery)")
    assert discard(s, 0) == ["nelly-the-elf"]
    assert hand(s, 0) == ["road-kill"]  # Mrs. Claus's card only: the Mayor drew nothing
    s.expect(0, "turn")


@shows("christmas-town.characters.christmas-in-halloweentown")
def test_elven_bedchamber_counts_elves_discarded_from_christmas_town_only(tcg):
    rows = {
        0: [
            ("jacks-house", ["mrs-claus", "nelly-the-elf"]),
            ("elven-bedchamber", ["eddy-the-elf", "iggy-the-elf", "pauly-the-elf", "suzy-the-elf"]),
        ],
        1: [("oogies-lair", [])],
    }
    s = ct_table(tcg, rows=rows, decks={0: list(DECK)})
    s.choose(0, "Mrs. Claus (Pie-baking Wonder): Discard an Elf here (draw 1 at The Bakery)")
    assert discard(s, 0) == ["nelly-the-elf"]
    assert hand(s, 0) == []  # an Elf left Halloweentown: no Bonus (and no Bakery)


# --- counts of "your Halloweentown" ---------------------------------------------------------------
@pytest.mark.parametrize("vampire", ["vampire-baron", "vampire-count", "vampire-lord", "vampire-prince"])
def test_a_vampire_counts_the_vampires_of_halloweentown_only(tcg, vampire):
    others = [v for v in ("vampire-baron", "vampire-count", "vampire-lord", "vampire-prince") if v != vampire]
    s = _table(tcg, ht=[vampire, others[0]], ct=others[1:])
    me = next(c for c in s.state.players[0].row[0].characters if s.state.cards[c] == vampire)
    assert tcg.rules.scare(s.state, me) == 2  # the two in Halloweentown, not the two in Christmas Town


@pytest.mark.parametrize(
    ("card", "label", "full", "names", "cut"),
    [
        ("jingle-bells", "Jingle Bells", 4, ["accordion-player", "sax-player"], 2),
        ("scorpion-surprise", "Scorpion Surprise", 4, ["mr-hyde", "mr-hyde-ii"], 2),
        ("scary-teddy", "Scary Teddy", 4, ["corpse-dad", "devil", "wolfman"], 3),
        ("christmas-tree-bats", "Christmas Tree Bats", 3, ["corpse-mom", "bass-player"], 2),
        (
            "jumbo-treat-bag",
            "Jumbo Treat Bag",
            5,
            ["lock-little-devil", "shock-little-hag", "barrel-little-skeleton"],
            3,
        ),
        (
            "sandy-claws-outfit",
            "Sandy Claws Outfit",
            6,
            ["jack-skellington-the-pumpkin-king", "sally-shy-creature"],
            3,
        ),
    ],
)
@shows("christmas-town.characters.halloween-in-christmas-town")
def test_a_creation_is_cheaper_only_for_characters_in_halloweentown(tcg, card, label, full, names, cut):
    away = _table(tcg, ct=names, hand_=[card])
    assert _price(away, label) == full
    home = _table(tcg, ht=names, hand_=[card])
    assert _price(home, label) == full - cut


def test_delightful_hat_offers_its_discount_only_with_harlequin_demon_in_halloweentown(tcg):
    away = _table(tcg, ct=["harlequin-demon"], hand_=["delightful-hat", "zero"], pp=4)
    away.choose(0, "Play Delightful Hat (4 PP)")
    assert hand(away, 0) == ["zero"]  # paid in full, nothing asked
    assert away.state.players[0].pp == 0
    home = _table(tcg, ht=["harlequin-demon"], hand_=["delightful-hat", "zero"], pp=4)
    home.choose(0, "Play Delightful Hat (4 PP)")
    home.expect(0, "discount")


def test_old_sparkly_needs_six_active_halloweentown_locales(tcg):
    ht = [
        ("town-hall", ["the-mayor-elected-official", "mr-hyde"]),
        ("the-well", ["igor"]),
        ("back-alley", ["cyclops", "zero", "mr-hyde-ii"]),
        ("tree-circle", ["wolfman", "mr-hyde-iii"]),
    ]
    rows = {0: [("jacks-house", []), *ht, ("the-bakery", ["eddy-the-elf"])], 1: [("oogies-lair", [])]}
    s = ct_table(tcg, rows=rows, hands={0: ["old-sparkly"]}, pp={0: 6})
    assert _price(s, "Old Sparkly") == 5  # five Active Halloweentown Locales and one Christmas Town Locale
    rows[0][-1] = ("sallys-room", ["sally-shy-creature"])
    s = ct_table(tcg, rows=rows, hands={0: ["old-sparkly"]}, pp={0: 6})
    assert _price(s, "Old Sparkly") == 1


@covers("everybody-make-a-scene")
def test_everybody_make_a_scene_counts_active_halloweentown_locales(tcg):
    rows = {
        0: [
            ("jacks-house", []),
            ("town-hall", ["the-mayor-elected-official", "mr-hyde"]),
            ("the-bakery", ["eddy-the-elf"]),
            ("candy-shop", ["iggy-the-elf", "suzy-the-elf"]),
        ],
        1: [("oogies-lair", [])],
    }
    s = ct_table(tcg, rows=rows, hands={0: ["everybody-make-a-scene"]}, pp={0: 2}, decks={0: list(DECK)})
    s.choose(0, "Play Everybody make a scene (2 PP)")
    # with the Mayor in Halloweentown: thresholds of 1 or more, so Town Hall only
    # (Jack's House has 0; the Christmas Town Locales do not count)
    assert hand(s, 0) == ["road-kill"]


# --- conditions "if X is in your Halloweentown" ----------------------------------------------------
@pytest.mark.parametrize(
    ("card", "label", "who", "drawn"),
    [
        ("road-kill", "Road Kill", "decomposing-guy", 2),
        ("undead-duck", "Undead Duck", "vampire-count", 1),
    ],
)
def test_a_creation_draws_only_for_its_character_in_halloweentown(tcg, card, label, who, drawn):
    away = _table(tcg, ct=[who], hand_=[card])
    away.choose(0, f"Play {label} ({_price(away, label)} PP)")
    assert hand(away, 0) == []
    home = _table(tcg, ht=[who], hand_=[card])
    home.choose(0, f"Play {label} ({_price(home, label)} PP)")
    assert len(hand(home, 0)) == drawn


@pytest.mark.parametrize(
    ("card", "label", "who", "asked"),
    [
        ("dead-head", "Dead Head", "undersea-gal", "recover"),
        ("jack-in-the-box", "Jack in the Box", "clown", "may"),
        ("marie-antoinette-doll", "Marie Antoinette Doll", "mummy-boy", "choose"),
        ("nutcracker", "Nutcracker", "behemoth", "discard"),
    ],
)
def test_a_creation_acts_only_with_its_character_in_halloweentown(tcg, card, label, who, asked):
    extra = {"discards": {0: ["igor"]}}
    away = _table(tcg, ct=[who], hand_=[card, "zero"], **extra)
    away.choose(0, f"Play {label} ({_price(away, label)} PP)")
    away.expect(0, "turn")  # played, and nothing more happens
    home = _table(tcg, ht=[who], hand_=[card, "zero"], **extra)
    home.choose(0, f"Play {label} ({_price(home, label)} PP)")
    home.expect(0, asked)


def test_fender_bender_returns_a_creation_only_with_corpse_kid_in_halloweentown(tcg):
    def play(where):
        s = ct_table(
            tcg,
            rows={0: _rows(*where), 1: [("oogies-lair", [])]},
            hands={0: ["fender-bender"]},
            creations={1: ["road-kill"]},
            pp={0: 6},
        )
        s.choose(0, "Play Fender Bender (3 PP)")
        return s

    away = play(([], ["corpse-kid"]))
    assert [away.state.cards[c] for c in away.state.players[1].creations] == ["road-kill"]
    home = play((["corpse-kid"], []))
    assert home.state.players[1].creations == [] and hand(home, 1) == ["road-kill"]


def _add(st, seat: int, zone: str, card_id: str) -> None:
    """A new card of seat's in its hand, discard pile or first Locale of its row."""
    cid = f"c{40_000 + len(st.cards)}"
    st.cards[cid], st.owner[cid] = card_id, seat
    p = st.players[seat]
    {"hand": p.hand, "discard": p.discard, "row": p.row[0].characters}[zone].append(cid)


_SECOND_PART_NEEDS = {
    "three-of-a-kind": lambda st: [_add(st, 1, "hand", c) for c in ("igor", "zero", "clown", "fire")],
    "throw-me-a-bone": lambda st: _add(st, 0, "discard", "road-kill"),
}


def _modes(s, card_id: str) -> list[int]:
    card = next(c for c in s.state.players[0].hand if s.state.cards[c] == card_id)
    return tcg_rules(s).modes_open(s.state, 0, card)


def tcg_rules(s):
    return s.game.rules


@pytest.mark.parametrize(
    ("card", "names"),
    [
        ("bun-ny", ["behemoth", "easter-bunny"]),
        ("fetch", ["jack-skellington-the-pumpkin-king", "zero"]),
        ("i-never-realized", ["jack-skellington-the-pumpkin-king", "sally-shy-creature"]),
        ("its-a-phase-my-dear", ["dr-finklestein-mad-scientist", "sally-shy-creature"]),
        ("master-the-plans", ["dr-finklestein-mad-scientist", "igor"]),
        ("putrid-playmates", ["corpse-kid", "mummy-boy"]),
        ("lets-play", ["oogie-boogie-meanest-guy-around"]),
        ("my-fantasies", ["jack-skellington-the-pumpkin-king"]),
        ("mystic-cauldron", ["big-witch"]),
        ("three-of-a-kind", ["lock-little-devil", "shock-little-hag", "barrel-little-skeleton"]),
        ("throw-me-a-bone", ["dr-finklestein-mad-scientist", "igor"]),
    ],
)
def test_a_surprises_second_ability_needs_its_characters_in_halloweentown(tcg, card, names):
    edit = None
    if card == "lets-play":  # played right after Sound of Rollin' Dice

        def edit(st):
            st.flags["dice"] = {"seat": 0, "target": "", "value": 0}

    elif card in _SECOND_PART_NEEDS:  # what the ability acts on, so that it can be offered at all
        edit = _SECOND_PART_NEEDS[card]

    away = _table(tcg, ct=names, hand_=[card], edit=edit)
    assert 1 not in _modes(away, card)
    home = _table(tcg, ht=names, hand_=[card], edit=edit)
    assert 1 in _modes(home, card)


def test_a_card_that_says_in_play_still_sees_christmas_town(tcg):
    s = _table(
        tcg,
        ct=["sally-shy-creature"],
        hand_=["deadly-nightshade"],
        edit=lambda st: _add(st, 1, "row", "dr-finklestein-mad-scientist"),  # a Finklestein to send home
    )
    assert _modes(s, "deadly-nightshade") == [0, 1]  # your Sally is in play, in either town
    s = _table(
        tcg, ct=["lock-little-devil", "shock-little-hag", "barrel-little-skeleton"], hand_=["i-told-you"]
    )
    assert _modes(s, "i-told-you") == [0, 1]  # together at one Locale, in either town


@pytest.mark.parametrize(
    ("card", "label", "names", "drawn"),
    [
        ("kidnap-mr-sandy-claws", "Kidnap Mr. Sandy Claws", ["lock-little-devil", "shock-little-hag"], 1),
        (
            "nightmare-before-christmas",
            "Nightmare Before Christmas",
            ["jack-skellington-the-pumpkin-king", "sally-shy-creature"],
            0,
        ),
    ],
)
def test_everyone_draws_only_for_characters_in_their_halloweentown(tcg, card, label, names, drawn):
    away = _table(tcg, ct=names, hand_=[card])
    away.choose(0, f"Play {label} ({_price(away, label)} PP)")
    assert len(hand(away, 0)) == drawn
    home = _table(tcg, ht=names, hand_=[card])
    home.choose(0, f"Play {label} ({_price(home, label)} PP)")
    assert len(hand(home, 0)) == drawn + len(names)


def test_im_the_boogie_man_draws_only_for_oogie_in_halloweentown(tcg):
    oogie = "oogie-boogie-meanest-guy-around"
    away = _table(tcg, ct=[oogie], hand_=["im-the-boogie-man"])
    away.choose(0, "Play I'm the Boogie Man! (0 PP)")
    assert hand(away, 0) == []
    home = _table(tcg, ht=[oogie], hand_=["im-the-boogie-man"])
    home.choose(0, "Play I'm the Boogie Man! (0 PP)")
    assert hand(home, 0) == ["road-kill"]


def test_somethings_up_with_jack_draws_only_for_jack_in_halloweentown(tcg):
    jack = "jack-skellington-the-pumpkin-king"
    away = _table(tcg, ct=[jack], hand_=["somethings-up-with-jack"])
    away.choose(0, "Play Something's up with Jack (0 PP)")
    assert hand(away, 0) == []
    home = _table(tcg, ht=[jack], hand_=["somethings-up-with-jack"])
    home.choose(0, "Play Something's up with Jack (0 PP)")
    assert hand(home, 0) == ["road-kill"]


# --- choices "from your Halloweentown" ------------------------------------------------------------
def test_wreath_of_wrath_takes_a_character_from_halloweentown_only(tcg):
    s = _table(tcg, ht=["igor"], ct=["zero"], hand_=["wreath-of-wrath"])
    s.choose(0, "Play Wreath of Wrath (5 PP)")
    assert discard(s, 0) == ["igor"]  # the only choice: Zero stands in Christmas Town
    assert row(s, 0)[-1] == ("the-bakery", ["zero"])


def test_reaper_offers_hand_and_halloweentown_characters_only(tcg):
    s = _table(tcg, ht=["igor"], ct=["zero"], hand_=["reaper", "clown"])
    s.choose(0, "Play Reaper (Grim Harvester) under Jack's House (3 PP)")
    labels = options(s, 0, "choose")
    assert any(x.startswith("Igor (Faithful Lackey)") for x in labels)
    assert any(x.startswith("Clown") for x in labels)
    assert not any(x.startswith("Zero") for x in labels)


def test_organ_donor_trades_only_halloweentown_characters(tcg):
    s = _table(
        tcg,
        ht=["igor"],
        ct=["dr-finklestein-mad-scientist", "zero", "cyclops"],
        hand_=["organ-donor", "road-kill"],
    )
    s.choose(0, "Play Organ Donor (1 PP)")
    s.expect(0, "turn")  # no Finklestein and fewer than three Characters in Halloweentown: not asked


def test_hello_oogie_needs_jack_and_oogie_in_the_opponents_halloweentown(tcg):
    jack, oogie = "jack-skellington-the-pumpkin-king", "oogie-boogie-meanest-guy-around"

    def board(ht, ct):
        return ct_table(
            tcg, rows={0: [("jacks-house", [])], 1: _rows(ht, ct)}, hands={0: ["hello-oogie"]}, pp={0: 6}
        )

    assert _modes(board([jack], [oogie]), "hello-oogie") == []
    assert _modes(board([jack, oogie], []), "hello-oogie") == [1]


def test_i_am_not_the_one_moves_a_sally_of_an_opponents_halloweentown_only(tcg):
    def board(ht, ct):
        more = (("town-hall", []),)  # a Halloweentown Locale next door that she may be moved to
        return ct_table(
            tcg,
            rows={0: [("jacks-house", [])], 1: _rows(ht, ct, more)},
            hands={0: ["i-am-not-the-one"]},
            pp={0: 6},
        )

    assert _modes(board([], ["sally-shy-creature"]), "i-am-not-the-one") == [0]
    assert _modes(board(["sally-shy-creature"], []), "i-am-not-the-one") == [0, 1]


# --- play paths ------------------------------------------------------------------------------------
def test_easter_bunny_is_not_played_under_an_opponents_christmas_town_locale(tcg):
    s = ct_table(
        tcg,
        rows={0: [("jacks-house", [])], 1: [("oogies-lair", []), ("town-hall", []), ("the-bakery", [])]},
        hands={0: ["easter-bunny"]},
        pp={0: 2},
    )
    labels = options(s)
    assert "Play Easter Bunny (Scared Rabbit) under seat 1's Town Hall (2 PP)" in labels
    assert not any("seat 1's The Bakery" in x for x in labels)


def test_easter_bunny_is_not_played_into_a_town_holding_one(tcg):
    s = ct_table(
        tcg,
        rows={
            0: [("jacks-house", [])],
            1: [("oogies-lair", []), ("the-bakery", ["easter-bunny"]), ("town-hall", [])],
        },
        hands={0: ["easter-bunny"]},
        pp={0: 2},
    )
    assert not any("seat 1's" in x for x in options(s))


def test_a_character_may_not_replace_a_version_where_an_expansion_forbids_it(tcg):
    jack = "jack-skellington-explorer-of-unknown-realms"
    st_rows = {0: _rows([], [jack]), 1: [("oogies-lair", [])]}

    def flipped(st):
        st.flags["flipped_titles"] = {"0": ["jack-skellington"]}

    s = ct_table(tcg, rows=st_rows, hands={0: ["jack-skellington-the-pumpkin-king"]}, pp={0: 6}, edit=flipped)
    assert not any(x.startswith("Replace Jack") for x in options(s))
    s = ct_table(tcg, rows=st_rows, hands={0: ["jack-skellington-the-pumpkin-king"]}, pp={0: 6})
    assert any(x.startswith("Replace Jack") for x in options(s))  # in Christmas Town, as it stands


def test_every_play_path_gives_the_hook_the_rows_owner(tcg):
    seen = []
    hooks = tcg.rules.hooks

    s = ct_table(
        tcg,
        rows={0: [("jacks-house", []), ("town-hall", ["igor"])], 1: [("oogies-lair", []), ("town-hall", [])]},
        hands={0: ["easter-bunny", "jack-skellington-the-pumpkin-king"]},
        pp={0: 6},
    )
    real = hooks.of(s.state).may_play_character

    def spy(g, st, seat, card, town, k, how):
        seen.append((seat, town, how))
        return real(g, st, seat, card, town, k, how)

    bound = hooks.of(s.state)
    bound.may_play_character = spy
    try:
        tcg.rules.menu(s.state, 0)
    finally:
        bound.may_play_character = real
    assert (0, 0, "play") in seen and (0, 1, "opponent") in seen
