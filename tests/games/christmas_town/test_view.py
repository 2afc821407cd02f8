"""What the view says of Christmas Town: each Christmas Town Locale's Joy (the
Christmas Characters there) and the Joy it needs, and each Character's holiday. All
of it is public, so every seat and a spectator see the same; the base game's view
carries none of it."""

from __future__ import annotations

from ctkit import ct_table
from tcgkit import table

from nbc.core.testkit.ruletests import shows
from nbc.plugins.tcg.schema import build

EXPLORER = "jack-skellington-explorer-of-unknown-realms"


def _row(view, seat=0):
    return view["players"][seat]["row"]


@shows(
    "christmas-town.towns.card-sides",
    "christmas-town.joy.gold-number",
    "christmas-town.joy.threshold",
    "christmas-town.characters.halloween-keeps-holiday",
    "christmas-town.joy.only-christmas-characters",
)
def test_a_christmas_town_locale_shows_its_joy_against_what_it_needs(tcg):
    rows = {
        0: [
            ("jacks-house", ["sally-shy-creature"]),
            ("town-hall", []),
            ("candy-shop", ["eddy-the-elf", EXPLORER]),
        ],
        1: [("oogies-lair", []), ("the-bakery", []), ("elven-bedchamber", ["suzy-the-elf", "eddy-the-elf"])],
    }
    s = ct_table(tcg, rows=rows)
    views = [s.match.view(seat) for seat in (0, 1, None)]
    for view in views:
        mine, theirs = _row(view, 0), _row(view, 1)
        # Halloweentown Locales have no Joy; the Explorer is a Halloween Character and adds none
        assert ["joy" in slot for slot in mine] == [False, False, True]
        assert (mine[2]["joy"], mine[2]["joy_needed"], mine[2]["active"]) == (1, mine[2]["threshold"], False)
        assert mine[2]["threshold"] == 2
        assert (theirs[1]["joy"], theirs[1]["active"]) == (0, False)
        assert theirs[2]["joy"] == 2 and theirs[2]["joy"] < theirs[2]["joy_needed"] == theirs[2]["threshold"]
        assert [c["holiday"] for c in mine[2]["characters"]] == ["christmas", "halloween"]
        assert [c["holiday"] for c in mine[0]["characters"]] == ["halloween"]
    # the typed view (GraphQL's TcgView) carries them too
    typed = build(views[0]).players[0].row
    assert [(x.joy, x.joy_needed) for x in typed] == [(None, None), (None, None), (1, 2)]
    assert [c.holiday for c in typed[2].characters] == ["christmas", "halloween"]
    # public: the same for both seats and a spectator
    assert all(_row(views[0], s) == _row(views[1], s) == _row(views[2], s) for s in (0, 1))


@shows("christmas-town.joy.active")
def test_the_joy_grows_with_each_christmas_character_and_activates_the_locale(tcg):
    for elves, active in ((["eddy-the-elf"], False), (["eddy-the-elf", "suzy-the-elf"], True)):
        s = ct_table(tcg, rows={0: [("jacks-house", []), ("candy-shop", [*elves, EXPLORER])]})
        slot = _row(s.match.view(None))[1]
        assert slot["joy"] == len(elves) and slot["active"] is active
        assert (slot["joy"] >= slot["joy_needed"]) is active


def test_santas_house_lowers_the_joy_needed_shown(tcg):
    rows = {0: [("jacks-house", []), ("santas-house", ["santa-claus"]), ("cookie-factory", ["eddy-the-elf"])]}
    slot = _row(ct_table(tcg, rows=rows).match.view(0))[2]
    assert (slot["joy"], slot["threshold"], slot["joy_needed"], slot["active"]) == (1, 2, 1, True)
    rows = {0: [("jacks-house", []), ("santas-house", []), ("cookie-factory", ["eddy-the-elf"])]}
    slot = _row(ct_table(tcg, rows=rows).match.view(0))[2]
    assert (slot["joy"], slot["joy_needed"], slot["active"]) == (1, 2, False)


def test_the_base_game_view_has_no_joy_and_no_holiday(tcg):
    s = table(tcg, rows={0: [("jacks-house", ["sally-shy-creature"])]})
    for slot in _row(s.match.view(0)):
        assert "joy" not in slot and "joy_needed" not in slot
        assert all("holiday" not in c for c in slot["characters"])
