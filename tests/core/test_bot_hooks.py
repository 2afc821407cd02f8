"""The kit drives a game's optional bot hooks (`evaluate`, `rollout_choice`, `advise`)
at its probe points: a wrong one fails the kit with a message that names the hook, the
case, what it returned and what is allowed. The guide's example of the three hooks
runs as written and passes."""

import math
import re
from pathlib import Path

import pytest

from nbc.core.bots import Budget, decide
from nbc.core.ismcts import IsmctsBot
from nbc.core.match import Match
from nbc.core.rng import Rng
from nbc.core.testkit.checks import Case, ConformanceError, check_case

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "writing-a-plugin.md"


@pytest.fixture
def base(example_game):
    return type(example_game)


def kit(game, players=2, seeds=range(2)):
    return check_case(Case(game, "base", players), seeds=seeds)


def guide_hooks():
    """The guide's code block that shows `standing_values`, run as the guide says: as
    methods written in the example game's `game.py`."""
    import trick_or_treat.game as module

    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)
    [code] = [block for block in blocks if "standing_values(" in block]
    namespace = dict(vars(module))
    exec(compile(code, f"{GUIDE}:standing_values", "exec"), namespace)
    return {name: namespace[name] for name in ("evaluate", "rollout_choice", "advise")}


def test_the_guides_bot_hooks_run_as_written_and_pass_the_kit(base):
    hooks = guide_hooks()
    game = type("Advised", (base,), hooks)()
    report = kit(game, players=3)
    assert report.playouts == 2 and report.bot_checks > 0
    match = Match.new(game, "base", {}, 3, 1)
    values = game.evaluate(match.state)
    assert len(values) == 3 and math.isclose(sum(values), 1.0)
    # and the search bot plays with them
    prompts = match.all_prompts()
    seat = prompts[0].seat
    choice = decide(IsmctsBot().with_budget(Budget(iterations=30)), match, seat, prompts, Rng(2))
    assert choice in {c.id for c in prompts[0].choices}


def test_a_game_without_bot_hooks_is_not_asked(example_game):
    assert kit(example_game).bot_checks == 0


def _evaluate(answer):
    def evaluate(self, state):
        return answer(self, state) if callable(answer) else answer

    return {"evaluate": evaluate}


def _scores_as_they_are(self, state):
    return list(self._scores(state))


def _evaluate_that_rolls(self, state):
    state.last_roll = 7
    return [0.5, 0.5]


def _rollout_label(self, state, prompts, rng):
    return prompts[0].choices[0].label


def _rollout_choice_object(self, state, prompts, rng):
    return prompts[0].choices[-1]


def _rollout_that_draws(self, state, prompts, rng):
    state.deck.cards.pop()
    return None


def _advise_other_verb(self, view, prompts, rng):
    return "bank-everything"


def _advise_that_scribbles(self, view, prompts, rng):
    view["players"][0]["score"] = 99
    return None


def _advise_that_fails(self, view, prompts, rng):
    return view["hand"]  # the view has no such key


BROKEN = {
    "one number": (
        _evaluate([0.5]),
        r"evaluate\(state\) returned \[0\.5\]: 1 numbers for 2 seats; it must return None or one "
        r"finite number in 0\.\.1 per seat \(2 numbers\)",
    ),
    "raw scores": (
        _evaluate(_scores_as_they_are),
        r"evaluate\(state\) returned \[.*\]: seat \d's value \d+ is not within 0\.\.1",
    ),
    "not a number": (
        _evaluate([math.nan, 0.5]),
        r"evaluate\(state\) returned \[nan, 0\.5\]: seat 0's value nan is not within 0\.\.1",
    ),
    "a dict": (
        _evaluate({0: 0.5, 1: 0.5}),
        r"evaluate\(state\) returned \{0: 0\.5, 1: 0\.5\}: a dict, not a list of numbers",
    ),
    "strings": (
        _evaluate(["0.5", "0.5"]),
        r"evaluate\(state\) returned \['0\.5', '0\.5'\]: seat 0's value is a str, not a number",
    ),
    "changes the state": (
        {"evaluate": _evaluate_that_rolls},
        r"evaluate\(state\) changed the state: at state\.last_roll, .* became 7; it must only read it",
    ),
    "a label": (
        {"rollout_choice": _rollout_label},
        r"rollout_choice\(state, prompts, rng\) for seat \d returned '.*', which is not the id of a "
        r"choice of the prompts it was given \('.*'\); it must return None or one of those ids",
    ),
    "a choice object": (
        {"rollout_choice": _rollout_choice_object},
        r"rollout_choice\(state, prompts, rng\) for seat \d returned Choice\(",
    ),
    "draws a card": (
        {"rollout_choice": _rollout_that_draws},
        r"rollout_choice\(state, prompts, rng\) changed the state: at state\.deck",
    ),
    "an id never offered": (
        {"advise": _advise_other_verb},
        r"advise\(view, prompts, rng\) for seat \d returned 'bank-everything', which is not the id",
    ),
    "scribbles on the view": (
        {"advise": _advise_that_scribbles},
        r"advise\(view, prompts, rng\) changed the view it was given: at view\.players\[0\]\.score, "
        r"\d+ became 99",
    ),
    "raises": (
        {"advise": _advise_that_fails},
        r"advise\(view, prompts, rng\) raised KeyError: 'hand'; the bot hooks must answer",
    ),
}


@pytest.mark.parametrize("defect", list(BROKEN))
def test_a_wrong_bot_hook_fails_the_kit_naming_the_hook_the_case_and_the_answer(base, defect):
    hooks, message = BROKEN[defect]
    broken = type("Broken", (base,), hooks)()
    start = r"^trick-or-treat/base/2p seed 0, after \d+ choices: "
    with pytest.raises(ConformanceError, match=start + message):
        kit(broken)
    error = pytest.raises(ConformanceError, kit, broken).value
    hook = next(iter(hooks))
    assert error.check == "bots" and error.signature == f"bots:{hook}"


def test_a_hook_that_raises_shows_the_games_own_frame(base):
    broken = type("Broken", (base,), {"advise": _advise_that_fails})()
    block = str(pytest.raises(ConformanceError, kit, broken).value)
    assert "where the game raised KeyError:" in block
    assert re.search(r"test_bot_hooks\.py:\d+, in _advise_that_fails: return view\[\"hand\"\]", block)
    assert "checks.py" not in block
