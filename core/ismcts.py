"""`ismcts`: a search bot for any game that can sample what a seat cannot see.

Single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse, 2012). Each iteration

1. draws a *determinization*: `InfoSet.sample(rng)`, a clone of the match in which
   the game redealt everything the bot's seat cannot know and whose RNG is fresh, so
   the search never reads the true hidden cards, dice or shuffles;
2. walks down the tree from the bot's decision, choosing among the moves that are
   legal in this determinization by UCT with availability counts (a move's
   exploration term counts the iterations in which it was on offer, not its
   parent's visits, since hidden cards make moves come and go);
3. adds one new move, then plays on with the game's `rollout_choice` (or at random)
   for at most `depth` choices, scoring the end with the `Outcome` (a shared win is
   shared) or, when cut short, with the game's `evaluate` (or a tie);
4. credits each move on the path with the reward of the seat that made it, so in a
   game of several seats every node holds the statistics of the seat that acts there.

Moves a seat cannot avoid (one choice on offer) are played without a node. When the
game can advise (`Game.advise`, its heuristic player's choice from the seat's view),
the advised move starts with a few visits at the value of the position so far (the
mean of its playouts), and the bot leaves it only for a move whose playouts beat it
by more than their noise (1.5 standard errors), so a short search plays at least as
well as the advice. Otherwise the bot returns its most visited move. With an
iteration budget its play depends only on its RNG and what its seat knows; a time
budget also depends on the machine's speed.

The budget is a maximum: the search ends as soon as no iterations left could change
its answer (the most visited move, or the advised one, leads the next by more than
the iterations left), so it plays as the whole budget would, in less time.
"""

from __future__ import annotations

import math
import time
from typing import Any

from nbc.core.bots import Budget, InfoSet
from nbc.core.errors import GameBug
from nbc.core.game import Game, Prompt
from nbc.core.rng import Rng

DEFAULT_BUDGET = Budget(seconds=0.5)
EXPLORATION = 0.7  # UCT's constant, for rewards in 0..1
ROLLOUT_DEPTH = 60  # choices a playout may make past the tree before it is scored
ADVICE_VISITS = 10  # visits credited up front to the game's advised move, at the position's value
DEVIATION = 1.5  # standard errors by which a move must beat the advised one to replace it
MIN_ITERATIONS = 8  # iterations before the search may stop early (and time its own rate)


class _Unplayable(Exception):
    """A sampled position offers a seat a prompt without choices (a game's bug that
    only a redealt position reaches): the iteration is dropped."""


class _Node:
    __slots__ = ("seat", "visits", "avail", "reward", "children", "prior", "prior_value")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose move led here, whose reward is kept
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        # visits credited up front (the advised move), each at `prior_value`; both are
        # counted in `visits` and `reward`
        self.prior = 0
        self.prior_value = 0.0
        self.children: dict[tuple[int, str], _Node] = {}


class IsmctsBot:
    """Information-set MCTS over positions sampled from what its seat may know."""

    name = "ismcts"
    description = "searches positions sampled from what its seat may know (information-set MCTS)"
    wants_infoset = True
    games = None  # every game: one with nothing hidden keeps the default redeal

    def __init__(
        self,
        budget: Budget = DEFAULT_BUDGET,
        exploration: float = EXPLORATION,
        depth: int = ROLLOUT_DEPTH,
    ) -> None:
        self.budget = budget
        self.exploration = exploration
        self.depth = depth

    def with_budget(self, budget: Budget) -> IsmctsBot:
        return IsmctsBot(budget, self.exploration, self.depth)

    def choose(
        self, view: dict[str, Any], prompts: list[Prompt], rng: Rng, infoset: InfoSet | None = None
    ) -> str:
        own = [c.id for p in prompts for c in p.choices]
        if not own:
            raise ValueError("the ismcts bot was asked to choose with no choices open")
        if len(own) == 1:
            return own[0]
        if infoset is None:
            raise ValueError(
                "the ismcts bot needs its seat's information set: drivers call it through "
                "nbc.core.bots.decide, which passes one"
            )
        root = _Node(infoset.seat)
        game = infoset.game
        seat = infoset.seat
        advised = None
        if type(game).advise is not Game.advise:
            advised = game.advise(infoset.view, prompts, rng.fork("advice"))
            if advised in own:
                child = root.children[(seat, advised)] = _Node(seat)
                child.visits = child.avail = child.prior = ADVICE_VISITS
                child.prior_value = 0.5  # until playouts tell the position's value
                child.reward = ADVICE_VISITS * child.prior_value
            else:
                advised = None
        root = self.search(infoset, rng, root, settled=advised)
        best, best_key = own[0], (-1, -1.0)
        for choice in own:
            child = root.children.get((seat, choice))
            if child is not None:
                key = (child.visits, child.reward / child.visits if child.visits else 0.0)
                if key > best_key:
                    best, best_key = choice, key
        if advised is not None and best != advised and not self._clearly_better(root, seat, best, advised):
            return advised
        return best

    @staticmethod
    def _clearly_better(root: _Node, seat: int, best: str, advised: str) -> bool:
        """Whether the playouts of `best` beat those of the advised move by more than
        their noise (DEVIATION standard errors): a short search whose playouts cannot
        tell the moves apart keeps to the advice."""
        mine, theirs = root.children[(seat, best)], root.children[(seat, advised)]
        measured = theirs.visits - theirs.prior
        if measured <= 0:  # the search never went back to the advice: it found it worse
            return mine.visits >= 2 * theirs.prior
        gap = mine.reward / mine.visits - (theirs.reward - theirs.prior * theirs.prior_value) / measured
        return gap > DEVIATION * math.sqrt(0.25 / mine.visits + 0.25 / measured)

    def search(
        self, infoset: InfoSet, rng: Rng, root: _Node | None = None, settled: str | None = None
    ) -> _Node:
        """Grow the tree of `infoset`'s decision within the budget; returns its root.

        The budget is a maximum: the search stops as soon as its most visited move can no
        longer be overtaken by the iterations left (with a time budget, those the rate so
        far would fit in the time left), since every iteration adds one visit to one move
        at the root. When the game advised a move (`settled`), only that move's lead
        ends the search early: the choice between another leader and the advice still
        depends on their playouts."""
        root = root if root is not None else _Node(infoset.seat)
        budget = self.budget
        limit = budget.iterations if budget.iterations is not None else math.inf
        start = time.perf_counter()
        deadline = start + budget.seconds if budget.seconds is not None else math.inf
        game = infoset.game
        rollout = None if type(game).rollout_choice is Game.rollout_choice else game.rollout_choice
        evaluate = None if type(game).evaluate is Game.evaluate else game.evaluate
        seat = infoset.seat
        advice = root.children.get((seat, settled)) if settled is not None else None
        done = 0
        while done < limit:
            now = time.perf_counter() if deadline != math.inf else 0.0
            if now >= deadline:
                break
            if done >= MIN_ITERATIONS:
                left = limit - done
                if deadline != math.inf:
                    left = min(left, (deadline - now) * done / max(now - start, 1e-9))
                if _out_of_reach(root, seat, left, settled):
                    break
            self._iterate(root, infoset, rng, rollout, evaluate)
            if advice is not None:
                _reprice(root, seat, advice)
            done += 1
        return root

    def _iterate(self, root: _Node, infoset: InfoSet, rng: Rng, rollout: Any, evaluate: Any) -> None:
        match = infoset.sample(rng)
        players = infoset.players
        node, path = root, []
        first = True
        try:
            while True:
                prompts = match.all_prompts()
                if not prompts:
                    break
                seat = infoset.seat if first else _pick_seat(prompts, rng)
                first = False
                legal = [(seat, c.id) for p in prompts if p.seat == seat for c in p.choices]
                if not legal:
                    raise _Unplayable
                if len(legal) == 1:  # forced: no decision, no node
                    match.act(*legal[0])
                    continue
                children = node.children
                untried = []
                for key in legal:
                    child = children.get(key)
                    if child is None or not child.visits:
                        # Never scored: a node made by an iteration that was then
                        # dropped (the rules failed on its sample) is tried afresh.
                        untried.append(key)
                    else:
                        child.avail += 1
                if untried:
                    key = untried[rng.below(len(untried))]
                    child = children[key] = _Node(seat)
                    child.avail = 1
                    match.act(*key)
                    path.append(child)
                    break
                key = self._select(children, legal)
                match.act(*key)
                node = children[key]
                path.append(node)
            rewards = self._play_out(match, players, rng, rollout, evaluate)
        except (GameBug, _Unplayable):  # the rules failed on this determinization: drop it
            return
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.seat]

    def _select(
        self, children: dict[tuple[int, str], _Node], legal: list[tuple[int, str]]
    ) -> tuple[int, str]:
        c = self.exploration
        best, best_score = legal[0], -math.inf
        for key in legal:
            child = children[key]
            score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = key, score
        return best

    def _play_out(self, match: Any, players: int, rng: Rng, rollout: Any, evaluate: Any) -> list[float]:
        state, act, all_prompts = match.state, match.act, match.all_prompts
        for _ in range(self.depth):
            prompts = all_prompts()
            if not prompts:
                return rewards_of(match.outcome(), players)
            if len(prompts) == 1:
                mine = prompts
                seat = prompts[0].seat
            else:
                seat = _pick_seat(prompts, rng)
                mine = [p for p in prompts if p.seat == seat]
            choice = rollout(state, mine, rng) if rollout is not None else None
            if choice is None:
                total = sum(len(p.choices) for p in mine)
                if total == 0:
                    raise _Unplayable
                index = rng.below(total)
                for p in mine:
                    if index < len(p.choices):
                        choice = p.choices[index].id
                        break
                    index -= len(p.choices)
            act(seat, choice)
        if not all_prompts():
            return rewards_of(match.outcome(), players)
        if evaluate is not None:
            values = evaluate(match.state)
            if values is not None:
                return [float(v) for v in values]
        return [1.0 / players] * players


def _reprice(root: _Node, seat: int, advice: _Node) -> None:
    """Credit the advised move's up-front visits at the value of the position so far
    (the mean reward of every playout from the root), not at an even score: a prior
    of one half makes the advice look worse than any move in a winning position, so
    the search left it for a passive one (ending a turn rather than challenging), and
    better than any in a losing one."""
    total, count = 0.0, 0
    for (who, _), child in root.children.items():
        if who == seat:
            total += child.reward
            count += child.visits
    total -= advice.prior * advice.prior_value
    count -= advice.prior
    if count > 0:
        value = total / count
        advice.reward += advice.prior * (value - advice.prior_value)
        advice.prior_value = value


def _out_of_reach(root: _Node, seat: int, left: float, settled: str | None) -> bool:
    """Whether the most visited move at the root keeps its place whatever `left` more
    iterations do (each adds one visit to one move), and is `settled` when that is given."""
    first, second, leader = 0, 0, None
    for (who, choice), child in root.children.items():
        if who != seat:
            continue
        if child.visits > first:
            first, second, leader = child.visits, first, choice
        elif child.visits > second:
            second = child.visits
    if leader is None or (settled is not None and leader != settled):
        return False
    return first > second + left


def _pick_seat(prompts: list[Prompt], rng: Rng) -> int:
    first = prompts[0].seat
    if all(p.seat == first for p in prompts):
        return first
    seats = sorted({p.seat for p in prompts})
    return seats[rng.below(len(seats))]


def rewards_of(outcome: Any, players: int) -> list[float]:
    """Each seat's reward for a finished match: a win is 1, shared among the winners;
    a match with no winner gives every seat the same."""
    if outcome is None or not outcome.winners:
        return [1.0 / players] * players
    share = 1.0 / len(outcome.winners)
    rewards = [0.0] * players
    for seat in outcome.winners:
        rewards[seat] = share
    return rewards
