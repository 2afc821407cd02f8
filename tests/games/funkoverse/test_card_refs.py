"""Card references: every Funkoverse choice and event that concerns a card (a
character, a minion, a companion, an ability, an item or status, the scenario and the
map) names it by its catalogue id (`data["refs"]`, the card it is about first, then
the others its label or text names); texts name cards by their display names, the
things on a cooldown track included."""

from __future__ import annotations

from nbc.core.game import Choice
from nbc.core.match import Match


def choice(s, seat: int, choice_id: str) -> Choice:
    [found] = [c for p in s.prompts(seat) for c in p.choices if c.id == choice_id]
    return found


def told(s, seat: int | None, kind: str) -> list[tuple[str, list[str]]]:
    """The text and refs of each event of `kind` that `seat` saw in the last choice."""
    return [(e.text, list(e.refs)) for e in s.events(seat, kind=kind, since_last=True)]


def test_the_setup_names_the_scenario_and_the_map(fk):
    match = Match.new(fk.GAME, "territory", players=2, seed=0)
    [setup] = [e for e in match.events_for(None) if e.kind == "setup"]
    assert setup.text.startswith("Territory on Halloween Town;")
    assert setup.refs == ("territory", "halloween-town")


def test_choosing_a_character_and_standing_an_ally_up_names_both(fk):
    s = fk.table({"mummy": (4, 1), "jack-skellington": (5, 1), "vampire": (8, 8)}, down=("jack-skellington",))
    assert choice(s, 0, "pick:mummy").refs == ("mummy",)
    s.choose(0, "pick:mummy")
    assert choice(s, 0, "assist:jack-skellington").refs == ("jack-skellington",)
    assert choice(s, 0, "end").refs == ()
    s.choose(0, "assist:jack-skellington")
    for seat in (0, 1, None):
        assert told(s, seat, "assist") == [
            ("Mummy stands Jack Skellington up", ["mummy", "jack-skellington"])
        ]
    s.leave_open(0, "action")
    s.finish()


def test_an_ability_is_named_by_its_catalogue_id_then_its_character(fk):
    s = fk.table({"dr-finkelstein": (3, 1), "vampire": (5, 1)}, options={"lineup": fk.FINKELSTEIN_FIRST})
    s.choose(0, "pick:dr-finkelstein")
    assert choice(s, 0, "ability:brain-scratch").refs == ("dr-finkelstein/brain-scratch",)
    s.choose(0, "ability:brain-scratch")
    [(_, about)] = told(s, 1, "ability")
    assert about == ["dr-finkelstein/brain-scratch", "dr-finkelstein"]
    assert choice(s, 0, "target:vampire").refs == ("vampire",)
    s.choose(0, "target:vampire")
    [(_, about)] = told(s, None, "challenge")
    assert about == ["vampire", "dr-finkelstein"]  # the target, then the challenger
    s.leave_open(0, "action")
    s.finish()


def test_a_piece_back_from_the_cooldown_track_is_named_not_shown_by_its_id(fk):
    def edit(state):
        state.sides[1].cooldown.place("piece:vampire", 1)

    s = fk.table({"jack-skellington": (4, 1), "sally": (8, 8)}, edit=edit)
    s.choose(0, "pick:jack-skellington")
    s.choose(0, "end")
    s.choose(1, "pick:sally")
    s.choose(1, "end")
    assert told(s, None, "returns") == [("Vampire returns to play", ["vampire"])]
    assert choice(s, 1, "place:8,9").refs == ("vampire",)
    s.choose(1, "place:8,9")
    s.leave_open(1, "turn")
    s.finish()
