"""The conformance suite must fail on games that break the contract.

Each broken game below is the example game with one defect; the suite must name it.
"""

import json
import random
import re
from pathlib import Path

import pytest

from nbc.core.game import Choice, Context, Prompt, Setup
from nbc.core.match import Action, Match
from nbc.core.rng import Rng
from nbc.core.testkit.checks import Case, ConformanceError, cases, check_case, check_playout
from nbc.core.testkit.scenario import Scenario, ScenarioError


def run(game, players=2, variant="short", seeds=range(3)):
    return check_case(Case(game, variant, players), seeds=seeds)


def test_the_example_game_passes_and_its_secrecy_is_checked(example_game):
    report = run(example_game, players=3, variant="base")
    assert report.playouts == 3 and report.choices > 0
    assert report.secrecy_checks > 0


@pytest.fixture
def base(example_game):
    return type(example_game)


def test_a_view_that_shows_other_hands_fails(base):
    class LeakyView(base):
        def view(self, state, seat):
            return super().view(state, 0)  # everyone sees seat 0's hand

    with pytest.raises(ConformanceError, match="view shows a card only seat 0 may know"):
        run(LeakyView())


def test_a_deck_order_in_the_view_fails(base):
    class LeakyDeck(base):
        def view(self, state, seat):
            view = super().view(state, seat)
            view["deck"]["top"] = self.card_name(state, state.deck.cards[-1]) if state.deck.cards else None
            return view

    with pytest.raises(ConformanceError, match="card only nobody may know"):
        run(LeakyDeck())


def test_an_event_that_names_a_hidden_card_to_others_fails(base):
    class LeakyEvent(base):
        def _draw(self, state, seat, n, ctx):
            drawn = state.deck.cards[-n:]
            super()._draw(state, seat, n, ctx)
            if ctx.seq > 0:  # set-up stays clean: this leak is only in later draws
                ctx.emit("gossip", "", {"names": [self.card_name(state, c) for c in drawn]})

    with pytest.raises(ConformanceError, match="event 'gossip' tells .* of a card only"):
        run(LeakyEvent(), seeds=range(6))


def test_a_set_up_event_that_announces_the_hands_fails(base):
    class Announcer(base):
        def setup(self, options, players, ctx):
            state = super().setup(options, players, ctx)
            hands = {s: [self.card_name(state, c) for c in p.hand.cards] for s, p in enumerate(state.players)}
            ctx.emit("hands", "everyone's hand", {"hands": hands})
            return state

    with pytest.raises(ConformanceError, match="a set-up event tells .* a card only seat . holds"):
        run(Announcer(), seeds=range(2))


def test_prompts_that_name_another_seats_cards_fail(base):
    class Nosy(base):
        def prompts(self, state):
            prompts = super().prompts(state)
            rival = state.players[(state.turn + 1) % len(state.players)].hand.cards
            extra = tuple(Choice(f"peek:{c}", f"Guess {self.card_name(state, c)}") for c in rival)
            return [Prompt(p.seat, p.kind, p.text, p.choices + extra) for p in prompts]

    with pytest.raises(ConformanceError, match="prompts name a card only seat . may know"):
        run(Nosy(), seeds=range(2))


def test_randomness_outside_the_match_rng_fails(base):
    class Unseeded(base):
        def _trick(self, state, seat, ctx):
            # Unseeded and wide, so the match and its twin all but never agree by luck.
            state.last_roll = random.getrandbits(60)

    with pytest.raises(ConformanceError, match="same seed and the same choices gave different"):
        run(Unseeded(), seeds=range(6))


def test_a_state_that_changes_when_a_choice_is_refused_fails(base):
    class Restless(base):
        def prompts(self, state):
            state.last_roll = (state.last_roll or 0) + 1  # reading prompts changes the state
            return super().prompts(state)

    with pytest.raises(ConformanceError, match=r"calling prompts\(\) changed the state"):
        run(Restless())


def test_an_engine_that_accepts_a_choice_it_did_not_offer_fails(example_game):
    class Lenient(Match):
        """Applies whatever it is sent, as a careless engine or game would."""

        __slots__ = ()

        def act(self, seat, choice_id):
            prompts = self.game.prompts(self.state)
            if not prompts:
                return super().act(seat, choice_id)
            fallback = prompts[0].choices[-1]
            offered = {c.id: c for p in prompts for c in p.choices}
            ctx = Context(self.rng, self.events, self.seq + 1)
            self.game.apply(self.state, prompts[0].seat, offered.get(choice_id, fallback), ctx)
            self.log.append(Action(seat, choice_id))
            self.forget_prompts()
            return []

    with pytest.raises(ConformanceError, match="should have been refused"):
        check_case(Case(example_game, "short", 2), seeds=range(1), engine=Lenient)


def test_a_game_whose_prompts_offer_another_seats_choice_as_its_own_fails(base):
    class Duplicated(base):
        def prompts(self, state):
            prompts = super().prompts(state)
            return [Prompt(p.seat, p.kind, p.text, (*p.choices, p.choices[0])) for p in prompts]

    with pytest.raises(ConformanceError, match="offered choice id .* twice"):
        run(Duplicated())


def test_a_game_that_never_ends_fails(base):
    class Endless(base):
        def _end_turn(self, state, ctx):
            state.turn = (state.turn + 1) % len(state.players)

        def prompts(self, state):
            return [Prompt(state.turn, "turn", "again", (Choice("trick", "Play a trick"),))]

    with pytest.raises(ConformanceError, match="did not end within 50 choices"):
        check_case(Case(Endless(), "short", 2), seeds=range(1), max_steps=50)


def test_a_stuck_game_fails(base):
    class Stuck(base):
        def prompts(self, state):
            return [] if state.round > 1 else super().prompts(state)

    with pytest.raises(ConformanceError, match="not over but no seat has a choice"):
        run(Stuck())


def test_an_event_changed_after_it_was_recorded_fails(base):
    class Amender(base):
        def _trick(self, state, seat, ctx):
            super()._trick(state, seat, ctx)
            ctx.events[0].data["amended"] = ctx.seq  # rewrites the first event of the match

    with pytest.raises(ConformanceError, match=r"event 0 \('.*', recorded at choice 0\) changed after"):
        run(Amender())


def test_a_state_that_does_not_survive_saving_fails(base):
    class Forgetful(base):
        def load_state(self, data):
            state = super().load_state(data)
            state.round = 1
            return state

    with pytest.raises(ConformanceError, match="saving and loading changes the state"):
        run(Forgetful())


def test_cases_cover_every_variant_and_seat_count(example_game):
    ids = [c.id for c in cases([example_game])]
    assert ids == [f"trick-or-treat/{v}/{n}p" for v in ("base", "short") for n in (2, 3, 4)]


# --- the scenario tool ------------------------------------------------------------


def rig(hand_cards):
    """Position: seat 0 holds exactly the given candy definitions."""

    def position(state):
        hand = state.players[0].hand.cards
        for card, def_id in zip(hand, hand_cards, strict=False):
            state.cards[card] = def_id

    return position


def test_scenario_scripts_choices_by_label_and_checks_views(example_game):
    s = Scenario(example_game, "short", players=2, seed=3, position=rig(["pumpkin-fudge"] * 3))
    prompt = s.expect(0, "turn")
    first = prompt.choices[0].id
    s.choose(0, first)
    assert s.view(None)["players"][0]["score"] == 6
    banked = s.events(kind="bank", since_last=True)
    assert len(banked) == 1 and banked[0].data["name"] == "Pumpkin King Fudge"


def test_scenario_refuses_an_ambiguous_label(example_game):
    s = Scenario(example_game, "short", players=2, seed=3, position=rig(["pumpkin-fudge"] * 3))
    with pytest.raises(ScenarioError, match="matches 3 choices of seat 0"):
        s.choose(0, "Bank Pumpkin King Fudge")


def test_scenario_refuses_a_choice_that_is_not_open(example_game):
    s = Scenario(example_game, "short", players=2, seed=3)
    with pytest.raises(ScenarioError, match="seat 1, which has no prompt open; seat 0:"):
        s.choose(1, "trick")


def test_scenario_fails_on_an_unanswered_prompt(example_game):
    s = Scenario(example_game, "short", players=2, seed=3)
    s.choose(0, "trick")
    with pytest.raises(ScenarioError, match="ended with prompts unanswered"):
        s.finish()
    s.leave_open(1, "turn")
    s.leave_open(0, "discard")
    s.finish()


def test_scenario_events_redact_for_a_seat_and_a_spectator(example_game):
    s = Scenario(example_game, "short", players=2, seed=3)
    assert {e.kind for e in s.events(kind="drew")} == {"drew"} and len(s.events(kind="drew")) == 2
    assert [e.to for e in s.events(0, kind="drew")] == [(0,)]
    assert s.events(None, kind="drew") == []


# --- what a failure looks like ----------------------------------------------------

AUTHORS_TESTS = """
from nbc.core.testkit.checks import Case, check_case
from nbc.core.testkit.scenario import Scenario
from trick_or_treat.game import TrickOrTreat


class LeakyView(TrickOrTreat):
    def view(self, state, seat):
        return super().view(state, 0)


class LateCrash(TrickOrTreat):
    def _trick(self, state, seat, ctx):
        if state.round >= 4:
            raise RuntimeError("no tricks after round 3")
        super()._trick(state, seat, ctx)


def test_leaky_view():
    check_case(Case(LeakyView(), "base", 4), seeds=range(2))


def test_late_crash():
    check_case(Case(LateCrash(), "base", 4), seeds=range(2))


def test_scripted_crash():
    s = Scenario(LateCrash(), "base", 2, seed=1)
    while True:
        [prompt] = s.match.all_prompts()
        ids = [c.id for c in prompt.choices]
        s.choose(prompt.seat, "trick" if "trick" in ids else ids[0])
"""


def run_pytest(tmp_path, capsys, source, *args):
    """Run pytest in this process on a test file of `source`; its output, by test."""
    name = f"test_authors_{abs(hash(tmp_path)) % 10**8}"
    (tmp_path / f"{name}.py").write_text(source)
    pytest.main([str(tmp_path / f"{name}.py"), "-p", "no:cacheprovider", "-p", "no:xdist", *args])
    output = capsys.readouterr().out
    sections = re.split(r"\n_{3,} (test_\w+) _{3,}\n", output.split("= FAILURES =", 1)[1])
    by_test = dict(zip(sections[1::2], sections[2::2], strict=True))
    by_test[list(by_test)[-1]] = by_test[list(by_test)[-1]].split("\n===")[0]
    return output, by_test


def test_a_kit_failure_under_pytest_is_one_short_block_with_the_case_seed_and_replay_file(tmp_path, capsys):
    output, failures = run_pytest(tmp_path, capsys, AUTHORS_TESTS, "-k", "leaky or late")
    assert set(failures) == {"test_leaky_view", "test_late_crash"}
    for text in failures.values():
        lines = text.strip().splitlines()
        assert len(lines) <= 10, text
        assert re.match(r"trick-or-treat/base/4p seed 0, after \d+ choices: ", lines[0])
        # no traceback through the kit, no replay inline
        assert "checks.py" not in text and "twins.py" not in text and '"choices"' not in text
        [replay] = re.findall(r"  replay \(\d+ choices\): (\S+\.json)", text)
        assert f"nbc fuzz trick-or-treat --replay {replay}" in text
        saved = json.loads(Path(replay).read_text())
        assert saved["game"] == "trick-or-treat" and saved["players"] == 4 and saved["seed"] == 0
    assert "  where: view.players[0].hand.cards[0].name" in failures["test_leaky_view"]
    # a crash shows where the game's own code raised, and the full replay of a long match
    crash = failures["test_late_crash"]
    assert "check: crash (crash:RuntimeError@" in crash
    assert re.search(r"test_authors_\d+\.py:\d+, in _trick: raise RuntimeError", crash)
    [replay] = re.findall(r"  replay \((\d+) choices\)", crash)
    assert int(replay) > 12
    # and nothing of it is said twice
    assert output.count("shrink it into a test") == 2 and output.count("where the game raised") == 1


def test_a_traceback_through_the_kit_shows_the_games_frame_not_the_kits(tmp_path, capsys):
    _, failures = run_pytest(tmp_path, capsys, AUTHORS_TESTS, "-k", "scripted")
    text = failures["test_scripted_crash"]
    assert 'raise RuntimeError("no tricks after round 3")' in text and "s.choose(" in text
    assert "scenario.py" not in text and "def choose(" not in text


def test_long_tracebacks_stay_available(tmp_path, capsys):
    _, failures = run_pytest(tmp_path, capsys, AUTHORS_TESTS, "-k", "leaky", "--full-trace")
    assert "checks.py" in failures["test_leaky_view"]


def test_a_failure_names_its_replay_file_even_for_a_long_match(base):
    from trick_or_treat.game import CANDY

    class LateCrash(base):
        def _trick(self, state, seat, ctx):
            if state.round >= 15:
                raise RuntimeError("no tricks after round 14")
            super()._trick(state, seat, ctx)

    every = {candy: 10 for candy in CANDY}
    setup = Setup("base", 3, {"rounds": 20, "mix": every})
    error = pytest.raises(ConformanceError, check_playout, LateCrash(), setup, 0, Rng("long").below).value
    assert len(error.log) > 40
    lines = str(error).splitlines()
    assert len(lines) <= 10 and lines[0] == error.summary
    saved = json.loads(error.replay_file().read_text())
    assert [tuple(c) for c in saved["choices"]] == error.log
