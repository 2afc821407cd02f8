"""The kit and the fuzzer must find bugs by themselves in deliberately broken toy games.

Each broken game is the example game (Trick or Treat) with one defect of a kind the
default set-up and a name-based secrecy check cannot see.
"""

import re
import subprocess
import sys

import pytest

from nbc.core.game import Game, Invariant, Setup, Unknown, Variant, reassign
from nbc.core.rng import Rng
from nbc.core.testkit.checks import Case, ConformanceError, check_case
from nbc.core.testkit.fuzz import fuzz

EVERY_CANDY_BUT_FUDGE = {
    "eyeball-gumdrop": 6,
    "spider-licorice": 5,
    "bat-wing-toffee": 4,
    "worm-taffy": 3,
    "pumpkin-fudge": 0,
}


@pytest.fixture
def base(example_game):
    return type(example_game)


def kit(game, players=2, variant="base", seeds=range(4), random_setups=True):
    return check_case(Case(game, variant, players), seeds=seeds, random_setups=random_setups)


def test_the_example_game_passes_the_kit_with_random_set_ups_and_redeals(example_game):
    report = kit(example_game, players=3)
    assert report.random_setups == 2 and report.redeal_checks > 0 and report.secrecy_checks > 0


class _RareCrash:
    """Banking the rare Pumpkin King Fudge crashes; the default deck has none."""

    variants = {"base": Variant("base", "Without fudge", options={"mix": EVERY_CANDY_BUT_FUDGE})}

    def apply(self, state, seat, choice, ctx):
        verb, _, card = choice.id.partition(":")
        if verb == "treat" and state.cards[card] == "pumpkin-fudge":
            raise KeyError("fudge")
        super().apply(state, seat, choice, ctx)


def test_a_crash_that_needs_a_rare_card_passes_the_preset_but_the_fuzzer_finds_and_shrinks_it(base, tmp_path):
    broken = type("RareCrash", (_RareCrash, base), {})()
    kit(broken, random_setups=False, seeds=range(6))  # the preset never deals the card
    result = fuzz(broken, seconds=None, games=200, seed=3, out=tmp_path, shrink_seconds=20)
    finding = result.failure
    assert finding is not None and finding.signature == "crash:KeyError@test_fuzz:apply"
    assert len(finding.choices) <= finding.original_choices
    # The shrunk set-up keeps the fudge and little else, and the last choice banks it.
    mix = finding.setup.options["mix"]
    assert mix["pumpkin-fudge"] > 0 and sum(1 for n in mix.values() if n) <= 2
    assert finding.labels[-1] == "Bank Pumpkin King Fudge"
    # The test file it wrote reproduces the failure on its own.
    text = finding.test_file.read_text()
    assert "replay_and_check(" in text and "# Bank Pumpkin King Fudge" in text
    with pytest.raises(ConformanceError, match="taking it failed: KeyError") as failure:
        namespace = {}
        exec(compile(text, str(finding.test_file), "exec"), namespace)
        _run_written_test(namespace, broken)
    assert failure.value.check == "crash"


def _run_written_test(namespace, game):
    """Run the written test against the broken game object (it is not installed)."""
    from nbc.core.testkit import replay

    original = replay.replay_and_check

    def with_game(name, **kwargs):
        assert name == game.name
        return original(game, **kwargs)

    namespace["replay_and_check"] = with_game
    test = next(value for key, value in namespace.items() if key.startswith("test_fuzz_"))
    test.__globals__["replay_and_check"] = with_game
    test()


def test_an_offered_choice_that_fails_is_a_stuck_match_reported_with_its_replay(base):
    class Stuck(base):
        def _trick(self, state, seat, ctx):
            if state.round >= 2:
                raise RuntimeError("no tricks after round 1")
            super()._trick(state, seat, ctx)

    with pytest.raises(ConformanceError, match=r"'Play a trick' \(trick\) and taking it failed") as failure:
        kit(Stuck())
    error = failure.value
    assert error.check == "crash" and error.log[-1][1] == "trick"
    assert "replay" in str(error)


def test_a_view_that_looks_up_a_hidden_card_directly_fails_the_redeal_check(base):
    from trick_or_treat.game import CANDY

    class Peeking(base):
        def view(self, state, seat):
            view = super().view(state, seat)
            if seat is not None:  # the best value in the next hand: no card is named
                rival = state.players[(seat + 1) % len(state.players)].hand.cards
                view["rival_best"] = max((CANDY[state.cards[c]].value for c in rival), default=0)
            return view

    # without a redeal and without unknowns (so no twins), the planted markers alone do not see it
    blind = type("Blind", (Peeking,), {"redeal_hidden": Game.redeal_hidden, "unknowns": Game.unknowns})
    kit(blind(), random_setups=False)
    # a redeal, or a twin the kit builds from the unknowns, does
    with pytest.raises(ConformanceError, match=r"seat \d's view changed .* at view\.rival_best"):
        kit(Peeking())


def test_a_broken_declared_invariant_fails(base):
    class Duplicating(base):
        def _draw(self, state, seat, n, ctx):
            super()._draw(state, seat, n, ctx)
            if ctx.seq > 3 and state.players[seat].hand.cards and state.deck.cards:
                state.deck.cards.append(state.players[seat].hand.cards[0])  # a card in two piles

    with pytest.raises(ConformanceError, match="invariant 'one-place' .* is in both") as failure:
        kit(Duplicating())
    assert failure.value.signature == "invariant:one-place"


def test_an_invariant_whose_check_crashes_fails(base):
    def boom(state):
        raise ZeroDivisionError("x")

    class Fragile(base):
        def invariants(self):
            return (Invariant("boom", "never checked cleanly", boom),)

    with pytest.raises(ConformanceError, match="invariant 'boom' .* the check itself failed"):
        kit(Fragile())


class _Teams:
    """Four seats in two teams (0 and 2, 1 and 3); teammates see each other's hands."""

    def view(self, state, seat):
        view = super().view(state, seat)
        if seat is not None:
            mate = (seat + 2) % 4
            view["partner"] = [self.card_name(state, c) for c in state.players[mate].hand.cards]
        return view

    def unknowns(self, state, seat):
        kept = set() if seat is None else {seat, (seat + 2) % 4}
        hidden = list(state.deck.cards)
        for s, player in enumerate(state.players):
            if s not in kept:
                hidden += player.hand.cards
        return [Unknown(card, "candy", state.cards[card]) for card in hidden]

    def redeal_hidden(self, state, seat, rng):
        found = self.unknowns(state, seat)
        self.put_unknowns(state, reassign(found, rng))
        return len(found)

    def plant(self, state, seat, marker):
        return 0  # a team secret is known to two seats: the per-seat planting cannot express it


def test_a_team_secret_passes_while_kept_and_fails_when_the_other_team_sees_it(base):
    teams = type("Teams", (_Teams, base), {})()
    report = kit(teams, players=4, random_setups=False)
    assert report.redeal_checks > 0

    class Gossip(_Teams, base):
        def view(self, state, seat):
            view = super().view(state, seat)
            if seat is not None:  # the other team's secret: seat+1's hand
                view["rivals"] = sorted(
                    self.card_name(state, c) for c in state.players[(seat + 1) % 4].hand.cards
                )
            return view

    with pytest.raises(
        ConformanceError,
        match=r"view changed (when only cards hidden from|in a twin that differs only in what) seat \d",
    ):
        kit(Gossip(), players=4, random_setups=False)


def test_randomness_outside_the_rng_is_named_as_such_even_at_the_first_probe(base):
    import random

    class Unseeded(base):
        def _trick(self, state, seat, ctx):
            state.last_roll = random.getrandbits(60)

    with pytest.raises(ConformanceError, match="randomness outside the match's RNG") as failure:
        kit(Unseeded(), seeds=range(6))
    assert failure.value.check == "determinism"


def test_a_view_with_a_value_that_is_not_json_names_the_game_case_and_field(base):
    class Setty(base):
        def view(self, state, seat):
            view = super().view(state, seat)
            view["players"][0]["tags"] = {"sweet"}
            return view

    with pytest.raises(
        ConformanceError,
        match=r"trick-or-treat/base/2p .* view\(0\) holds a value that is not "
        r"JSON at \.players\[0\]\.tags: set",
    ):
        kit(Setty())


def test_a_leak_names_the_path_inside_the_view(base):
    class LeakyView(base):
        def view(self, state, seat):
            return super().view(state, 0)

    with pytest.raises(ConformanceError, match=r"at \.players\[0\]\.hand\.cards\[0\]\.name"):
        kit(LeakyView())


def test_fuzzing_is_deterministic_for_a_game_budget(example_game):
    first = fuzz(example_game, seconds=None, games=20, seed=5)
    second = fuzz(example_game, seconds=None, games=20, seed=5)
    assert (first.choices, first.per_variant) == (second.choices, second.per_variant)
    assert first.failure is None and first.games == 20


def test_nbc_fuzz_reports_json_and_coverage():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "nbc.api.cli",
            "fuzz",
            "trick-or-treat",
            "--games",
            "30",
            "--json",
            "--coverage",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    import json

    report = json.loads(done.stdout)
    assert report["games"] == 30 and report["failure"] is None
    assert report["coverage"]["base"]["never_fired"] == []


def test_the_light_mode_still_finds_a_rare_crash_and_a_broken_invariant(base):
    rare = type("RareCrash", (_RareCrash, base), {})()
    result = fuzz(rare, seconds=None, games=200, seed=3, shrink_seconds=5, probe_every=0)
    assert result.failure is not None and result.failure.signature == "crash:KeyError@test_fuzz:apply"

    class Duplicating(base):
        def _draw(self, state, seat, n, ctx):
            super()._draw(state, seat, n, ctx)
            if ctx.seq > 3 and state.players[seat].hand.cards and state.deck.cards:
                state.deck.cards.append(state.players[seat].hand.cards[0])

    result = fuzz(Duplicating(), seconds=None, games=20, seed=3, shrink_seconds=5, probe_every=0)
    assert result.failure is not None and result.failure.signature == "invariant:one-place"


def test_the_fuzzer_plays_the_seat_count_it_is_given(example_game):
    seen = []
    original = type(example_game).random_setup

    class Counting(type(example_game)):
        def random_setup(self, rng, variant, players, focus):
            setup = original(self, rng, variant, players, focus)
            seen.append(setup.players)
            return setup

    fuzz(Counting(), seconds=None, games=6, seed=1, players=3, probe_every=0)
    assert seen == [3] * 6


class _Steered:
    """Steers toward the focus candies: banks the first one offered, else the first
    choice; counts its calls and the focus it was given."""

    calls: list[tuple[str, ...]]

    def steering(self, variant, focus, rng):
        wanted = tuple(focus)
        self.calls.append(wanted)

        def choose(match, prompts, draw):
            choices = [c for p in prompts for c in p.choices]
            for c in choices:
                if c.id.startswith("treat:") and match.state.cards[c.id[6:]] in wanted:
                    return c.id
            return choices[0].id

        return choose


def test_the_fuzzer_plays_focused_set_ups_with_the_game_steering_and_shrinks_what_it_finds(base, tmp_path):
    steered = type("Steered", (_Steered, _RareCrash, base), {"calls": []})()
    result = fuzz(steered, seconds=None, games=30, seed=4, out=tmp_path, shrink_seconds=10)
    # Every game had a focus (the fudge had not fired), so every game was steered, and
    # the first game's chooser banked the fudge as soon as it could: the crash.
    assert steered.calls and all(steered.calls)
    finding = result.failure
    assert finding is not None and finding.signature == "crash:KeyError@test_fuzz:apply"
    assert result.games == 1 and finding.labels[-1] == "Bank Pumpkin King Fudge"
    # The steered choices were recorded as draws: the written test replays them alone.
    with pytest.raises(ConformanceError, match="taking it failed: KeyError"):
        namespace = {}
        exec(compile(finding.test_file.read_text(), str(finding.test_file), "exec"), namespace)
        _run_written_test(namespace, steered)


def test_keys_fired_in_an_earlier_run_are_not_focused_on_again(base):
    steered = type("Steered", (_Steered, base), {"calls": []})()
    every = {"base": set(steered.coverage("base"))}
    result = fuzz(steered, seconds=None, games=5, seed=4, variants=["base"], fired=every)
    assert steered.calls == [] and result.fired["base"] == every["base"]
    assert result.never_fired == {"base": {}}


def test_a_steering_that_chooses_what_is_not_offered_is_named(base):
    class Lost(base):
        def steering(self, variant, focus, rng):
            return lambda match, prompts, draw: "eat:everything"

    with pytest.raises(ValueError, match="steering chose 'eat:everything', which is not one of its choices"):
        fuzz(Lost(), seconds=None, games=1, seed=1)


def test_the_example_game_steers_toward_its_focus_candies(example_game):
    from nbc.core.match import Match

    choose = example_game.steering("base", ["pumpkin-fudge"], Rng(1))
    match = Match.new(
        example_game, "base", {"mix": {"pumpkin-fudge": 6, "worm-taffy": 6}, "hand_size": 5}, 2, 7
    )
    banked = 0
    for _ in range(40):
        if match.over:
            break
        prompts = match.all_prompts()
        choice = choose(match, prompts, Rng(len(match.log)))
        offered = {c.id: c.label for c in prompts[0].choices}
        assert choice in offered
        if offered[choice].startswith("Discard"):  # never the fudge while a taffy could go
            assert "Fudge" not in offered[choice] or all("Fudge" in v for v in offered.values())
        banked += offered[choice] == "Bank Pumpkin King Fudge"
        match.act(prompts[0].seat, choice)
    assert banked >= 3


class _LateWithFewKinds:
    """Crashes at the end of the 4th turn while the deck holds three kinds of candy or
    more, of the 12th with fewer: the smaller set-up (one kind fewer) fails later."""

    def shrink_setup(self, setup):
        mix = setup.options["mix"]
        kept = [candy for candy, copies in mix.items() if copies]
        if len(kept) > 1:
            yield Setup(setup.variant, setup.players, {**setup.options, "mix": {**mix, kept[-1]: 0}})

    def _end_turn(self, state, ctx):
        turns = (state.round - 1) * len(state.players) + state.turn + 1
        if turns >= (4 if len(set(state.cards.values())) >= 3 else 12):
            raise RuntimeError("late")
        super()._end_turn(state, ctx)


def test_shrinking_never_returns_a_longer_replay_than_it_started_from(base):
    from nbc.core.testkit.fuzz import PROBE_EVERY, _attempt, shrink

    game = type("Late", (_LateWithFewKinds, base), {})()
    three_kinds = {"eyeball-gumdrop": 10, "spider-licorice": 10, "worm-taffy": 10}
    mix = {candy: three_kinds.get(candy, 0) for candy in EVERY_CANDY_BUT_FUDGE}
    setup = Setup("base", 2, {"rounds": 20, "mix": mix})
    error, taken = _attempt(game, setup, "late", None, PROBE_EVERY, Rng("late"))
    assert error is not None and error.signature == "crash:RuntimeError@test_fuzz:_end_turn"
    # a set-up of two kinds fails too, but only after many more choices
    smaller = next(iter(game.shrink_setup(setup)))
    later, _ = _attempt(game, smaller, "late:2", None, PROBE_EVERY, Rng("late:2"))
    assert later is not None and later.signature == error.signature and len(later.log) > len(error.log)
    finding = shrink(game, error, setup, "late", taken, seconds=20)
    assert finding.signature == error.signature
    assert len(finding.choices) <= len(error.log) == finding.original_choices
    assert finding.setup.options["mix"] == mix  # the smaller set-up lost: its replay was longer


CRASHY_TREATS = """
from nbc.core.hookspecs import hookimpl
from trick_or_treat.game import TrickOrTreat


class CrashyTreats(TrickOrTreat):
    name = "crashy-treats"

    def _trick(self, state, seat, ctx):
        if state.round >= 2:
            raise RuntimeError("no tricks after round 1")
        super()._trick(state, seat, ctx)


@hookimpl
def nbc_games():
    return [CrashyTreats]
"""


def test_nbc_fuzz_prints_a_failure_as_one_short_block_with_the_test_it_wrote(installed_plugins, tmp_path):
    from typer.testing import CliRunner

    from nbc.api.cli import app

    installed_plugins({"crashy-treats": CRASHY_TREATS})
    out = tmp_path / "found"
    result = CliRunner().invoke(
        app, ["fuzz", "crashy-treats", "--games", "5", "--out", str(out), "--shrink-seconds", "5"]
    )
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    [start] = [k for k, line in enumerate(lines) if line.startswith("failed:")]
    block = lines[start:]
    assert len(block) <= 12 and len(lines) <= 25, result.output
    case = r"crashy-treats/(base|short)/\dp seed '[^']+'"
    assert re.match(rf"failed: {case}.*, after \d+ choices: seat \d", block[0])
    text = "\n".join(block)
    assert "  check: crash (crash:RuntimeError@" in text and "where the game raised RuntimeError:" in text
    assert re.search(r"nbc_test_plugin_crashy_treats\.py:\d+, in _trick: raise RuntimeError", text)
    [written] = out.glob("test_fuzz_*.py")
    assert f"  replay it: pytest {written}" in text
    assert result.output.count("the match is stuck whenever this choice is taken") == 1
