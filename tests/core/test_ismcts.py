"""The `ismcts` bot and the information sets it searches: what it may read, and that
its play depends on nothing its seat cannot know."""

from __future__ import annotations

import pytest

from nbc.core.bots import Budget, InfoSet, RandomBot, check_bot, decide
from nbc.core.errors import BadOptions
from nbc.core.game import Outcome
from nbc.core.host import PluginHost
from nbc.core.ismcts import IsmctsBot, rewards_of
from nbc.core.match import Match
from nbc.core.playout import bot_step, play_out
from nbc.core.rng import Rng

TINY = Budget(iterations=24)


@pytest.fixture(scope="module")
def host() -> PluginHost:
    return PluginHost.load()


def _positions(match: Match, steps: int, rng: Rng) -> list[Match]:
    """Copies of `match` after each of `steps` random choices (only those where the seat
    to act has a real decision)."""
    found = []
    for _ in range(steps):
        prompts = match.all_prompts()
        if not prompts:
            break
        if sum(len(p.choices) for p in prompts if p.seat == prompts[0].seat) > 1:
            found.append(match.clone())
        bot_step(match, rng)
    return found


def _twin(match: Match, seat: int, label: str) -> Match:
    """The same position with other hidden cards and another future: what `seat`
    knows is the same, the truth is not."""
    twin = match.clone()
    match.game.redeal_hidden(twin.state, seat, Rng(label))
    twin.rng = Rng(f"{label}:future")
    return twin


REDEALING = [
    ("trick-or-treat", "base", 2, 3),
    ("tcg", "base", 2, 20),
    ("tcg", "christmas-town", 2, 20),
    ("munchkin", "base", 4, 40),
    ("funkoverse", "leaders", 2, 0),
]


@pytest.mark.parametrize(("name", "variant", "players", "steps"), REDEALING)
def test_redeal_depends_only_on_what_the_seat_knows(host, name, variant, players, steps):
    """Two positions that differ only in cards hidden from a seat redeal to the very
    same state for the same RNG (the hidden cards are sorted before the shuffle)."""
    game = host.game(name)
    match = Match.new(game, variant, players=players, seed=5)
    play_out(match, Rng(3), max_steps=steps, raise_on_limit=False)
    rng = Rng(3)
    twin = None
    for _ in range(400):  # on to a position that hides something from the seat to act
        assert not match.over, f"{name} ended before it hid anything from the seat to act"
        seat = match.all_prompts()[0].seat
        twins = [_twin(match, seat, f"other:{k}") for k in range(4)]  # a redraw may land alike
        twin = next((t for t in twins if game.state_json(t.state) != game.state_json(match.state)), None)
        if twin is not None:
            break
        bot_step(match, rng)
    else:
        pytest.fail(f"{name} never hid anything from the seat to act")
    assert twin.view(seat) == match.view(seat)
    one, two = match.clone(), twin.clone()
    game.redeal_hidden(one.state, seat, Rng("same"))
    game.redeal_hidden(two.state, seat, Rng("same"))
    assert game.state_json(one.state) == game.state_json(two.state)


def test_a_sample_carries_no_secret_of_the_true_match(example_game):
    match = Match.new(example_game, seed=11)
    seat = match.all_prompts()[0].seat
    infoset = InfoSet(match, seat, match.view(seat), match.prompts(seat))
    sample = infoset.sample(Rng(1))
    assert sample.header.seed == 0 and sample.header.start is None
    assert sample.log == [] and sample.events == []
    assert sample.rng.get_state() != match.rng.get_state()
    assert sample.view(seat) == match.view(seat)
    assert sample.prompts(seat) == match.prompts(seat)
    assert not hasattr(infoset, "match") and "match" not in dir(infoset)


@pytest.mark.parametrize(("name", "variant"), [("trick-or-treat", "base"), ("tcg", "base")])
def test_ismcts_decides_alike_when_only_hidden_cards_differ(host, name, variant):
    """The secrecy proof: positions that differ only in what the bot's seat cannot see
    (others' cards, deck order, future dice and shuffles) get the same decisions from
    the same bot seed; the true match never reaches the search."""
    game = host.game(name)
    bot = IsmctsBot(TINY)
    positions = _positions(Match.new(game, variant, seed=21), 30, Rng(4))[:6]
    assert len(positions) >= 3
    differing = 0
    for number, match in enumerate(positions):
        seat = match.all_prompts()[0].seat
        twin = _twin(match, seat, f"twin:{number}")
        differing += game.state_json(twin.state) != game.state_json(match.state)
        prompts = match.prompts(seat)
        mine = decide(bot, match, seat, prompts, Rng(f"bot:{number}"))
        theirs = decide(bot, twin, seat, twin.prompts(seat), Rng(f"bot:{number}"))
        assert mine == theirs
    assert differing, "the twins must hide something different"


def test_ismcts_with_an_iteration_budget_repeats_itself(example_game):
    def play(seed: int) -> str:
        match = Match.new(example_game, seed=seed)
        play_out(match, Rng(seed), bots={0: IsmctsBot(TINY)})
        return match.fingerprint()

    assert play(3) == play(3)


def test_ismcts_beats_random_at_trick_or_treat(example_game):
    wins = 0
    for seed in range(16):
        seat = seed % 2
        match = Match.new(example_game, seed=seed)
        play_out(match, Rng(seed), bots={seat: IsmctsBot(Budget(iterations=40)), 1 - seat: RandomBot()})
        outcome = match.outcome()
        wins += seat in outcome.winners and len(outcome.winners) == 1
    assert wins >= 11


def test_ismcts_plays_a_whole_tcg_match(host):
    match = Match.new(host.game("tcg"), "base", seed=2)
    play_out(match, Rng(2), bots={0: IsmctsBot(Budget(iterations=4)), 1: RandomBot()})
    assert match.over


def test_ismcts_needs_its_information_set():
    prompts = [_prompt(["a", "b"])]
    with pytest.raises(ValueError, match="information set"):
        IsmctsBot(TINY).choose({}, prompts, Rng(1))
    assert IsmctsBot(TINY).choose({}, [_prompt(["only"])], Rng(1)) == "only"


def _prompt(ids: list[str]):
    from nbc.core.game import Choice, Prompt

    return Prompt(0, "pick", "pick one", tuple(Choice(i, i) for i in ids))


def test_rewards_share_a_win_and_split_a_draw():
    assert rewards_of(Outcome(winners=(1,)), 3) == [0.0, 1.0, 0.0]
    assert rewards_of(Outcome(winners=(0, 2)), 3) == [0.5, 0.0, 0.5]
    assert rewards_of(Outcome(winners=()), 2) == [0.5, 0.5]


@pytest.mark.parametrize(
    ("text", "budget"),
    [("0.5", Budget(seconds=0.5)), ("0.25s", Budget(seconds=0.25)), ("200i", Budget(iterations=200))],
)
def test_budgets_read_seconds_or_iterations(text, budget):
    assert Budget.parse(text) == budget


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fast", "cannot read the budget"),
        ("0s", "out of bounds"),
        ("100", "out of bounds"),
        ("0i", "out of bounds"),
        ("1.5i", "whole number"),
    ],
)
def test_bad_budgets_are_refused_with_what_is_allowed(text, message):
    with pytest.raises(BadOptions, match=message):
        Budget.parse(text)


def test_a_bot_for_another_game_is_refused_with_the_names_that_fit():
    class Only:
        name = "only-chess"
        games = frozenset({"chess"})

    bots = {"random": RandomBot(), "only-chess": Only()}
    with pytest.raises(BadOptions, match="cannot play tcg; the bots that play tcg are: random"):
        check_bot(bots, "only-chess", "tcg")
    with pytest.raises(BadOptions, match="there is no bot 'nope'; the bots that play tcg are: random"):
        check_bot(bots, "nope", "tcg")
    assert check_bot(bots, "only-chess", "chess") is bots["only-chess"]


def test_a_short_search_keeps_to_the_games_advice(example_game):
    """With too few playouts to tell the moves apart, ismcts plays what the game
    advises; without advice the same search picks by its own visits."""
    from trick_or_treat.game import TrickOrTreat

    class Advised(TrickOrTreat):
        def advise(self, view, prompts, rng):
            return prompts[0].choices[-1].id

    match = Match.new(Advised(), seed=8)
    seat = match.all_prompts()[0].seat
    prompts = match.prompts(seat)
    assert len(prompts[0].choices) > 2
    advised = prompts[0].choices[-1].id
    picks = {decide(IsmctsBot(Budget(iterations=3)), match, seat, prompts, Rng(k)) for k in range(6)}
    assert picks == {advised}
    plain = Match.new(example_game, seed=8)
    unadvised = {decide(IsmctsBot(Budget(iterations=3)), plain, seat, prompts, Rng(k)) for k in range(6)}
    assert unadvised != {advised}


@pytest.mark.parametrize("value", [0.9, 0.1])
def test_advice_is_not_left_for_an_equal_move_however_the_position_stands(example_game, monkeypatch, value):
    """The visits credited to the advised move up front count at the position's value,
    not at an even score: when every move scores the same, the search keeps to the
    advice whether it is winning or losing. (At an even score, the advice looked worse
    than any move of a won position, and the search left it for a passive one: in
    Funkoverse it ended turns rather than challenge, and matches it was winning dragged
    on for a thousand choices.)"""
    from nbc.core import ismcts
    from trick_or_treat.game import TrickOrTreat

    class Advised(TrickOrTreat):
        def advise(self, view, prompts, rng):
            return prompts[0].choices[0].id

    match = Match.new(Advised(), seed=8)
    seat = match.all_prompts()[0].seat
    prompts = match.prompts(seat)
    assert len(prompts[0].choices) > 2

    def level(self, match, players, rng, rollout, evaluate):
        return [value if s == seat else 1 - value for s in range(players)]

    monkeypatch.setattr(ismcts.IsmctsBot, "_play_out", level)
    picks = {decide(IsmctsBot(Budget(iterations=300)), match, seat, prompts, Rng(k)) for k in range(4)}
    assert picks == {prompts[0].choices[0].id}


@pytest.mark.parametrize("advised", [False, True])
def test_the_search_stops_early_only_when_its_move_is_settled(example_game, monkeypatch, advised):
    """The budget is a maximum: the search ends once its most visited move cannot be
    overtaken by the iterations left, and so plays what the whole budget would play."""
    import nbc.core.ismcts as ismcts
    from trick_or_treat.game import TrickOrTreat

    class Advised(TrickOrTreat):
        def advise(self, view, prompts, rng):
            return prompts[0].choices[0].id

    game = Advised() if advised else example_game
    positions = _positions(Match.new(game, seed=13), 12, Rng(6))
    assert len(positions) >= 4
    counted = {"iterations": 0}
    iterate = IsmctsBot._iterate

    def counting(self, *args):
        counted["iterations"] += 1
        return iterate(self, *args)

    monkeypatch.setattr(IsmctsBot, "_iterate", counting)

    def decisions() -> tuple[list[str], int]:
        counted["iterations"] = 0
        picks = []
        for number, match in enumerate(positions):
            seat = match.all_prompts()[0].seat
            bot = IsmctsBot(Budget(iterations=150))
            picks.append(decide(bot, match, seat, match.prompts(seat), Rng(f"early:{number}")))
        return picks, counted["iterations"]

    early, spent = decisions()
    monkeypatch.setattr(ismcts, "_out_of_reach", lambda *args: False)
    full, budget = decisions()
    assert early == full
    assert budget == 150 * len(positions)
    assert spent < budget


def test_a_dropped_iteration_leaves_no_unscored_move_behind(example_game, monkeypatch):
    """When the rules fail on a sampled position, the iteration is dropped; the move
    it had just tried is tried again later, never scored as if it had been played (a
    tournament once stopped on a division by its zero visits)."""
    from nbc.core import ismcts

    played_out = ismcts.IsmctsBot._play_out
    calls = []

    def failing_first(self, *args):
        calls.append(1)
        if len(calls) == 1:
            raise ismcts._Unplayable
        return played_out(self, *args)

    monkeypatch.setattr(ismcts.IsmctsBot, "_play_out", failing_first)
    match = Match.new(example_game, seed=7)
    seat = match.all_prompts()[0].seat
    prompts = match.prompts(seat)
    assert sum(len(p.choices) for p in prompts) > 1
    bot = IsmctsBot(Budget(iterations=40))
    root = bot.search(InfoSet(match, seat, match.view(seat), prompts), Rng("drop"))
    assert len(calls) == 40
    assert root.children and all(child.visits > 0 for child in root.children.values())
    assert sum(child.visits for child in root.children.values()) == 39  # one iteration dropped
