"""The whole card pool: every card's rules load, compile and work in play."""

from __future__ import annotations

import pytest
from tcgkit import table

from nbc.core.rng import Rng
from nbc.core.testkit.ruletests import shows
from nbc.plugins.tcg.effects import CUSTOM, OPS, PROGRAMS
from nbc.plugins.tcg.game import POOL, STARTERS, TcgGame

RULE_FIELDS = (
    "cost",
    "scare",
    "play_where",
    "play_when",
    "opponent_play",
    "discounts",
    "on_play",
    "functions",
    "modes",
    "abilities",
    "triggers",
    "responses",
    "cannot_move",
    "move_when",
    "leave_cost",
    "move_anywhere",
    "gathers_at",
    "follows",
    "brings",
    "immune",
    "guards",
    "modifiers",
    "beneath_scare",
)
BASE = [c for c in POOL.values() if c.set in ("premiere", "tournament-kit")]


def test_the_base_pool_is_complete():
    assert len([c for c in BASE if c.set == "premiere"]) == 151
    assert len([c for c in BASE if c.set == "tournament-kit"]) == 8
    kinds = {
        k: sum(1 for c in BASE if c.kind == k)
        for k in ("starting-locale", "locale", "character", "creation", "surprise")
    }
    assert kinds == {"starting-locale": 4, "locale": 16, "character": 53, "creation": 23, "surprise": 63}


@pytest.mark.parametrize("card", BASE, ids=lambda c: c.id)
def test_every_card_has_its_effect_implemented(card):
    """Each card's text is carried by rules data, and every program step is a known op."""
    assert any(getattr(card, name) for name in RULE_FIELDS), f"{card.id} has text but no rules"
    for key, code in PROGRAMS.items():
        if key.split(".")[0] != card.id:
            continue
        for ins in code:
            assert ins["op"] in OPS
            if ins["op"] == "custom":
                assert ins["fn"] in CUSTOM, f"{card.id}: custom effect {ins['fn']!r} is missing"


@shows("tcg.setup.decks")
def test_every_starter_deck_is_legal(tcg):
    from nbc.plugins.tcg.game import check_deck

    for starter in STARTERS.values():
        assert check_deck(starter, tcg.defs, tcg.sets, starter.id) == []


# A crowded town where most cards' conditions hold.
BOARD = {
    0: [
        ("jacks-house", ["jack-skellington-the-pumpkin-king", "zero", "sally-shy-creature"]),
        ("the-laboratory", ["dr-finklestein-mad-scientist", "igor"]),
        ("town-square", ["the-mayor-elected-official", "corpse-kid", "mummy-boy"]),
        ("oogies-lair", ["oogie-boogie-gamblin-boogie-man", "sandy-claws", "monster-under-the-bed"]),
        (
            "the-tree-house",
            ["lock-little-devil", "shock-little-hag", "barrel-little-skeleton", "big-witch", "little-witch"],
        ),
        (
            "scary-bed",
            [
                "behemoth",
                "easter-bunny",
                "wolfman",
                "reaper",
                "devil",
                "clown",
                "undersea-gal",
                "decomposing-guy",
            ],
        ),
    ],
    1: [
        ("oogies-lair", ["oogie-boogie-meanest-guy-around", "vampire-count", "igor"]),
        (
            "town-hall",
            [
                "jack-skellington-demon-of-light",
                "sally-shy-creature",
                "dr-finklestein-brainy-inventor",
                "cyclops",
            ],
        ),
    ],
}
DECK = [
    "zero",
    "jingle-bells",
    "fire",
    "igor",
    "sally-shy-creature",
    "the-well",
    "house-of-cards",
    "reaper",
] * 3


def _resolve(s, rng, limit=200):
    """Answer whatever the card asks (at random) until seat 0's turn menu is back."""
    for _ in range(limit):
        prompts = s.prompts()
        if [p.kind for p in prompts] == ["turn"] and prompts[0].seat == 0:
            return
        p = prompts[rng.below(len(prompts))]
        s.match.act(p.seat, p.choices[rng.below(len(p.choices))].id)
    raise AssertionError("the card's effect did not finish")


def _tuck(st):
    """Two cards face down under seat 0's Scary Bed."""
    slot = next(s for s in st.players[0].row if st.cards[s.locale] == "scary-bed")
    for k, card in enumerate(("fire", "zero")):
        cid = f"c{99990 + k}"
        st.cards[cid], st.owner[cid] = card, 0
        slot.beneath.append(cid)


def _mayor_mobile(st):
    """Seat 0's Laboratory becomes a Mayor-mobile (Hitch a Ride moves to or from one)."""
    slot = next(s for s in st.players[0].row if st.cards[s.locale] == "the-laboratory")
    st.cards[slot.locale] = "mayor-mobile"


def _short_laboratory(st):
    """Igor leaves seat 0's Laboratory, which is then 1 short (It's Time You Begun needs one)."""
    slot = next(s for s in st.players[0].row if st.cards[s.locale] == "the-laboratory")
    slot.characters[:] = [c for c in slot.characters if st.cards[c] != "igor"]


def _gates_opposite(st):
    """Seat 1 has Halloweentown Gates on the table (Gate Keeper may discard it)."""
    cid = "c99980"
    st.cards[cid], st.owner[cid] = "halloweentown-gates", 1
    st.players[1].placed.append(cid)


# cards that the crowded board gives nothing to do (so they are not offered there): what
# each needs besides
NEEDS = {
    "hitch-a-ride": _mayor_mobile,
    "its-time-you-begun": _short_laboratory,
    "gate-keeper": _gates_opposite,
}


def _board(card_id, seat_hand):
    """The board, less seat 0's Characters of the same title as the card under test."""
    title = POOL[card_id].title_key
    rows = {
        0: [(loc, [c for c in chars if POOL[c].title_key != title]) for loc, chars in BOARD[0]],
        1: BOARD[1],
    }
    return table(
        TcgGame(),
        hands={0: seat_hand, 1: ["pull-yourself-together", "hyde-and-seek", "igor", "zero"]},
        rows=rows,
        creations={0: [c for c in ("house-of-cards", "road-kill") if c != card_id], 1: ["jingle-bells"]},
        edit=lambda st: (_tuck(st), NEEDS.get(card_id, lambda st: None)(st)),
        decks={0: DECK, 1: DECK},
        discards={0: ["igor", "sound-of-rollin-dice", "jingle-bells"], 1: ["zero"]},
        pp={0: 6, 1: 1},
    )


PLAYABLE = [c for c in BASE if c.kind in ("character", "creation", "surprise")]


@pytest.mark.parametrize("card", PLAYABLE, ids=lambda c: c.id)
def test_every_card_plays_and_resolves(card):
    hand = [card.id, "igor", "zero", "fire", "clown", "mr-hyde"]
    s = _board(card.id, hand)
    options = [c for c in s.expect(0, "turn").choices if c.id.split(":")[0] in ("play", "replace", "playopp")]
    mine = [c for c in options if s.state.cards[c.id.split(":")[1]] == card.id]
    assert mine, f"{card.id} cannot be played on the test board"
    for k, option in enumerate(mine[:3]):
        s = _board(card.id, hand)
        s.match.act(0, option.id)
        _resolve(s, Rng(k))
        assert any(e.kind == "play" and e.data["card"]["card"] == card.id for e in s.match.events) or k > 0


LOCALES = [c for c in BASE if c.is_locale]


@pytest.mark.parametrize("card", LOCALES, ids=lambda c: c.id)
def test_every_locale_function_performs(card):
    for j in range(len(card.functions)):
        s = table(
            TcgGame(),
            rows={
                0: [
                    (card.id, ["wolfman", "oogie-boogie-meanest-guy-around", "igor"]),
                    ("the-well" if card.id != "the-well" else "town-hall", ["zero"]),
                ]
            },
            hands={0: ["igor", "zero", "fire"]},
            decks={0: DECK},
            discards={0: ["clown"]},
        )
        label = f"{card.name}: {card.functions[j].label}"
        s.choose(0, label)
        _resolve(s, Rng(j))
        assert s.state.function_used


def test_the_docs_describe_every_op_function_and_custom_effect(tcg):
    from pathlib import Path

    from nbc.plugins.tcg.effects import FUNCTIONS

    doc = (Path(__file__).parents[3] / "docs" / "games" / "tcg.md").read_text()
    hidden = {"jump", "jump_unless"}  # made by the compiler from `if` and `may`
    missing = [f"op {name}" for name in OPS if name not in hidden and f"`{name}`" not in doc]
    missing += [f"function {name}" for name in FUNCTIONS if f"`{name}(" not in doc]
    procedures = {i.get("fn") for key, code in PROGRAMS.items() if key.startswith("rules.") for i in code}
    own = {name for name, fn in CUSTOM.items() if fn.__module__.startswith("nbc.plugins.tcg.")}
    missing += [f"custom {name}" for name in own if name not in procedures and f"`{name}`" not in doc]
    assert not missing, f"docs/games/tcg.md does not describe: {', '.join(missing)}"
