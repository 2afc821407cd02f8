"""The whole Christmas Town pool: every card's rules load, compile and work in play."""

from __future__ import annotations

from pathlib import Path

import pytest
from ctkit import christmas_tcg, ct_table

from nbc.core.rng import Rng
from nbc.plugins.christmas_town import DATA
from nbc.plugins.tcg.effects import CUSTOM, OPS, PROGRAMS, TcgCard
from nbc.plugins.tcg.game import check_deck, load_pool, load_starters

POOL = load_pool(DATA / "cards")
CARDS = sorted(POOL.values(), key=lambda c: c.id)
RULE_FIELDS = tuple(
    n
    for n in TcgCard.model_fields
    if n
    not in {
        "id",
        "name",
        "alias",
        "kind",
        "set",
        "number",
        "variable",
        "rarity",
        "text",
        "start_hand",
        "groups",
        "holiday",
        "threshold",
        "authored",
    }
)


def test_the_christmas_town_pool_is_complete():
    assert len(CARDS) == 136
    kinds = {k: sum(1 for c in CARDS if c.kind == k) for k in ("locale", "character", "creation", "surprise")}
    assert kinds == {"locale": 22, "character": 36, "creation": 14, "surprise": 64}
    assert sum(1 for c in CARDS if c.kind == "locale" and c.holiday == "christmas") == 15
    assert sum(1 for c in CARDS if c.kind == "character" and c.holiday == "christmas") == 12
    assert all(c.number == 0 for c in CARDS if c.kind == "character" and c.holiday == "christmas")


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.id)
def test_every_card_has_its_effect_implemented(card):
    christmas_tcg()  # registers every program
    assert any(getattr(card, name) for name in RULE_FIELDS), f"{card.id} has text but no rules"
    for key, code in PROGRAMS.items():
        if key.split(".")[0] != card.id:
            continue
        for ins in code:
            assert ins["op"] in OPS
            if ins["op"] == "custom":
                assert ins["fn"] in CUSTOM, f"{card.id}: custom effect {ins['fn']!r} is missing"


def test_every_ready_deck_is_legal_and_uses_christmas_town():
    tcg = christmas_tcg()
    starters = load_starters(DATA / "decks")
    assert {"mrs-claus-pie-factory", "the-minion-engine"} <= set(starters)
    sets = (*tcg.sets, "christmas-town")
    for starter in starters.values():
        assert check_deck(starter, tcg.defs, sets, starter.id) == []
        assert any(tcg.defs[c].set == "christmas-town" for c in [*starter.locales, *starter.main])


ELVES = ["eddy-the-elf", "suzy-the-elf", "nelly-the-elf", "iggy-the-elf", "pauly-the-elf", "barry-the-elf"]
BOARD = {
    0: [
        (
            "jacks-house",
            ["jack-skellington-the-pumpkin-king", "zero", "sally-shy-creature", "cyclops", "mr-hyde"],
        ),
        ("the-laboratory", ["dr-finklestein-mad-scientist", "igor", "mummy-boy"]),
        (
            "town-square",
            [
                "the-mayor-elected-official",
                "corpse-kid",
                "the-bass",
                "accordion-player",
                "bass-player",
                "sax-player",
            ],
        ),
        ("oogies-lair", ["oogie-boogie-meanest-guy-around", "monster-under-the-bed", "clown", "behemoth"]),
        (
            "the-tree-house",
            [
                "lock-little-devil",
                "shock-little-hag",
                "barrel-little-skeleton",
                "devil",
                "sallys-arm",
                "wolfman",
            ],
        ),
        ("pumpkin-patch", []),
        ("tree-circle", ["sally-skilled-alchemist"]),
        ("toy-factory", [*ELVES, "mrs-claus", "santa-claus"]),
        (
            "town-center",
            [
                "timmy-the-elf",
                "chucky-the-elf",
                "weary-willy",
                "languid-larry",
                "jack-skellington-explorer-of-unknown-realms",
            ],
        ),
    ],
    1: [
        (
            "oogies-lair",
            ["oogie-boogie-voracious-villain", "vampire-count", "igor", "the-mayor-lugubrious-leader"],
        ),
        (
            "town-square",
            [
                "jack-skellington-demon-of-light",
                "sally-shy-creature",
                "dr-finklestein-brainy-inventor",
                "cyclops",
                "easter-bunny",
                "corpse-mom",
            ],
        ),
        ("candy-shop", ["eddy-the-elf", "suzy-the-elf", "santa-claus"]),
    ],
}
LSB = ("lock-little-devil", "shock-little-hag", "barrel-little-skeleton")


def _variant_rows(card_id, rows):
    """A few cards need the board arranged their way."""
    if card_id in ("trick-or-treat", "mission-of-menace"):  # Lock, Shock and Barrel in Christmas Town
        rows = [
            (loc, [c for c in chars if c not in LSB] + (list(LSB) if loc == "toy-factory" else []))
            for loc, chars in rows
        ]
    if card_id == "he-can-fit-down-here":  # Lock at Oogie's Lair
        rows = [
            (loc, [c for c in chars if c != LSB[0]] + ([LSB[0]] if loc == "oogies-lair" else []))
            for loc, chars in rows
        ]
    if card_id == "weve-got-to-find-jack":  # no Jack in Halloweentown
        rows = [(loc, [c for c in chars if c != "jack-skellington-the-pumpkin-king"]) for loc, chars in rows]
    return rows


DECK = ["zero", "jingle-bells", "fire", "igor", "eddy-the-elf", "the-well", "road-kill", "reaper"] * 3


def _resolve(s, rng, limit=300):
    for _ in range(limit):
        prompts = s.prompts()
        if [p.kind for p in prompts] == ["turn"] and prompts[0].seat == 0:
            return
        p = prompts[rng.below(len(prompts))]
        s.match.act(p.seat, p.choices[rng.below(len(p.choices))].id)
    raise AssertionError("the card's effect did not finish")


def _board(card_id, seat_hand):
    tcg = christmas_tcg()
    title = tcg.defs[card_id].title_key
    rows = {
        0: _variant_rows(
            card_id, [(loc, [c for c in chars if tcg.defs[c].title_key != title]) for loc, chars in BOARD[0]]
        ),
        1: BOARD[1],
    }
    return ct_table(
        tcg,
        hands={0: seat_hand, 1: ["pull-yourself-together", "mirror-mirror", "how-dare-you", "igor"]},
        rows=rows,
        creations={
            0: [c for c in ("jumbo-treat-bag", "road-kill", "eager-anaconda") if c != card_id],
            1: ["jingle-bells"],
        },
        decks={0: DECK, 1: DECK},
        discards={
            0: ["igor", "sound-of-rollin-dice", "jingle-bells", "jack-skellington-master-of-fright"],
            1: ["zero"],
        },
        pp={0: 6, 1: 1},
    )


PLAYABLE = [c for c in CARDS if c.kind in ("character", "creation", "surprise")]
# played only in answer to another player's card, or in the Start Phase (test_rules.py)
ANSWERS_ONLY = {"how-dare-you", "mirror-mirror", "same-routine"}


@pytest.mark.parametrize("card", PLAYABLE, ids=lambda c: c.id)
def test_every_card_plays_and_resolves(card):
    hand = [card.id, "igor", "zero", "fire", "clown", "deadly-nightshade", "frogs-breath", "road-kill"]
    s = _board(card.id, hand)
    options = [c for c in s.expect(0, "turn").choices if c.id.split(":")[0] in ("play", "replace", "playopp")]
    mine = [c for c in options if s.state.cards[c.id.split(":")[1]] == card.id]
    if card.id in ANSWERS_ONLY:
        assert not mine
        return
    assert mine, f"{card.id} cannot be played on the test board"
    for k, option in enumerate(mine[:3]):
        s = _board(card.id, hand)
        s.match.act(0, option.id)
        _resolve(s, Rng(k))
        assert any(e.kind == "play" and e.data["card"]["card"] == card.id for e in s.match.events)


def test_the_answering_surprises_answer():
    """How dare you! and Mirror, Mirror are offered in another player's turn."""
    tcg = christmas_tcg()
    rows = {0: [("jacks-house", ["clown"])], 1: [("oogies-lair", ["igor"])]}
    s = ct_table(tcg, rows=rows, hands={0: ["fetch"], 1: ["how-dare-you", "mirror-mirror"]}, pp={0: 6})
    s.choose(0, "Play Fetch (0 PP)")
    _resolve_until_seat(s, 1)
    s.choose(1, "Yes", kind="may")
    assert [tcg.rules.def_of(s.state, c).id for c in s.state.players[1].placed] == ["how-dare-you"]
    rows = {0: [("jacks-house", ["clown"])], 1: [("oogies-lair", ["igor"])]}
    s = ct_table(tcg, rows=rows, hands={1: ["mirror-mirror"]})
    s.choose(
        0, "Clown (With the Tear-away Face): Discard the Clown: discard an opponent's Character with Scare 1"
    )
    _resolve_until_seat(s, 1)
    s.choose(1, "Yes", kind="may")
    assert [tcg.rules.def_of(s.state, c).id for c in s.state.players[1].surprise_discard] == ["mirror-mirror"]


def _resolve_until_seat(s, seat, limit=50):
    for _ in range(limit):
        prompts = s.prompts()
        if any(p.seat == seat and p.kind == "may" for p in prompts):
            return
        p = prompts[0]
        s.match.act(p.seat, p.choices[-1].id if p.kind != "respond" else p.choices[0].id)
    raise AssertionError(f"seat {seat} was never asked")


LOCALES = [c for c in CARDS if c.is_locale]


@pytest.mark.parametrize("card", LOCALES, ids=lambda c: c.id)
def test_every_locale_function_or_bonus_works(card):
    tcg = christmas_tcg()
    christmas = card.holiday == "christmas"
    crowd = [*ELVES] if christmas else ["wolfman", "oogie-boogie-meanest-guy-around", "igor", "zero"]
    rows = (
        {0: [("jacks-house", []), (card.id, crowd)]}
        if christmas
        else {0: [(card.id, crowd), ("the-well", [])]}
    )
    s = ct_table(
        tcg,
        rows=rows,
        hands={0: ["timmy-the-elf", "chucky-the-elf", "road-kill", "fire", "zero"]},
        decks={0: DECK},
        discards={0: ["clown"]},
        pp={0: 6},
    )
    k = 1 if christmas else 0
    assert tcg.rules.is_active(s.state, 0, k)
    labels = [c.label for c in s.expect(0, "turn").choices]
    if christmas:
        assert not any(x.startswith(card.name + ":") and "Function" in x for x in labels)
        for wanted in (
            "Jack's House: Draw 2 cards",
            f"Play Timmy the Elf (Tenacious Toymaker) under {card.name} (0 PP)",
            "Play Road Kill (3 PP)",
            "Play Road Kill (2 PP)",
        ):
            if wanted in [c.label for c in s.expect(0, "turn").choices]:
                s.choose(0, wanted)
                _resolve(s, Rng(1))
        for ability in card.abilities:
            label = f"{card.name}: {ability.label}"
            if label in [c.label for c in s.expect(0, "turn").choices]:
                s.choose(0, label)
                _resolve(s, Rng(2))
        assert s.state.function_used
        return
    for j, fn in enumerate(card.functions):
        if j:
            s = ct_table(tcg, rows=rows, hands={0: ["igor", "zero", "fire"]}, decks={0: DECK}, pp={0: 6})
        s.choose(0, f"{card.name}: {fn.label}")
        _resolve(s, Rng(j))
        assert s.state.function_used


def test_the_docs_describe_every_custom_effect():
    import nbc.plugins.christmas_town.effects  # noqa: F401

    doc = (Path(__file__).parents[3] / "docs" / "games" / "christmas-town.md").read_text()
    own = [n for n, fn in CUSTOM.items() if fn.__module__ == "nbc.plugins.christmas_town.effects"]
    missing = [n for n in own if f"`{n}`" not in doc and n not in ("answer_from_hand", "how_dare_you")]
    assert not missing, f"docs/games/christmas-town.md does not describe: {', '.join(missing)}"
