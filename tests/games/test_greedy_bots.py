"""The games' heuristic bots: what each one does with a position, that each plays only
its own game, and that each beats the random bot."""

from __future__ import annotations

import pytest

from nbc.core.bots import RandomBot, supports
from nbc.core.game import Choice, Prompt
from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.playout import bot_step, play_out
from nbc.core.rng import Rng
from nbc.plugins.funkoverse.bot import FunkoverseGreedyBot
from nbc.plugins.munchkin.bot import MunchkinGreedyBot
from nbc.plugins.tcg.bot import TcgGreedyBot


@pytest.fixture(scope="module")
def host() -> PluginHost:
    return PluginHost.load()


def _prompt(kind: str, *choices: tuple[str, str], seat: int = 0) -> Prompt:
    return Prompt(seat, kind, kind, tuple(Choice(i, label) for i, label in choices))


@pytest.mark.parametrize(
    ("bot", "game"),
    [("tcg-greedy", "tcg"), ("munchkin-greedy", "munchkin"), ("funkoverse-greedy", "funkoverse")],
)
def test_each_heuristic_bot_plays_its_own_game_only(host, bot, game):
    assert supports(host.bot(bot), game)
    assert [name for name in host.games if supports(host.bot(bot), name)] == [game]


def _tcg_view(hand: list[tuple[str, str, int]], row: list[tuple[int, list[int]]], points: int = 0) -> dict:
    return {
        "you": 0,
        "players": [
            {
                "pumpkin_points": points,
                "hand": [{"id": i, "kind": kind, "number": n} for i, kind, n in hand],
                "row": [
                    {
                        "threshold": t,
                        "characters": [{"id": f"x{k}{j}", "scare": s} for j, s in enumerate(chars)],
                    }
                    for k, (t, chars) in enumerate(row)
                ],
            }
        ],
    }


def test_tcg_greedy_plays_its_dearest_character_where_it_activates_a_locale():
    view = _tcg_view([("c1", "character", 2), ("c2", "character", 3)], [(0, []), (5, [1]), (3, [2])])
    turn = _prompt(
        "turn",
        ("play:c1:0", "Play A under X (2 PP)"),
        ("play:c2:0", "Play B under X (3 PP)"),
        ("play:c2:1", "Play B under Y (3 PP)"),
        ("play:c2:2", "Play B under Z (3 PP)"),
        ("end", "End your turn"),
    )
    # under Z (threshold 3, 2 there) B activates it; under Y (5, 1 there) it does not
    assert TcgGreedyBot().choose(view, [turn], Rng(1)) == "play:c2:2"


def test_tcg_greedy_takes_pumpkin_points_when_its_hand_costs_more_and_discards_the_least():
    view = _tcg_view([("c1", "character", 5), ("c2", "surprise", 0)], [(0, [])], points=1)
    turn = _prompt(
        "turn", ("fn:0:0", "House: Draw 2 cards"), ("fn:0:1", "House: Add 2 Pumpkin Points"), ("end", "End")
    )
    assert TcgGreedyBot().choose(view, [turn], Rng(1)) == "fn:0:1"
    discard = _prompt("discard-to-7", ("discard:c1", "Discard A"), ("discard:c2", "Discard B"))
    assert TcgGreedyBot().choose(view, [discard], Rng(1)) == "discard:c2"


def _munchkin_view(ours: int, theirs: int, levels: list[int], hand: list[tuple[str, str]]) -> dict:
    return {
        "win_level": 10,
        "combat": {"hero": 0, "helper": None, "heroes_strength": ours, "monsters_strength": theirs},
        "players": [
            {
                "level": level,
                "strength": level,
                "hand": {"cards": [{"id": i, "name": n} for i, n in hand] if s == 0 else None},
            }
            for s, level in enumerate(levels)
        ],
    }


def test_munchkin_greedy_fights_on_when_stronger_and_asks_the_weakest_for_help_when_not():
    combat = _prompt("combat", ("pass", "Pass"), ("ask:1", "Ask seat 1"), ("ask:2", "Ask seat 2"))
    assert MunchkinGreedyBot().choose(_munchkin_view(9, 8, [3, 5, 2], []), [combat], Rng(1)) == "pass"
    assert MunchkinGreedyBot().choose(_munchkin_view(5, 8, [3, 5, 2], []), [combat], Rng(1)) == "ask:2"


def test_munchkin_greedy_throws_in_its_biggest_bonus_before_asking():
    combat = _prompt("combat", ("pass", "Pass"), ("ask:1", "Ask"), ("play:c1", "Play"), ("play:c2", "Play"))
    view = _munchkin_view(5, 8, [3, 5], [("c1", "Christmas Cookies"), ("c2", "Exploding Present")])
    assert MunchkinGreedyBot().choose(view, [combat], Rng(1)) == "play:c2"


def test_munchkin_greedy_helps_unless_the_fighter_is_about_to_win():
    help_prompt = _prompt("help", ("accept", "Help for 1 Treasure"), ("refuse", "Refuse"), seat=1)
    assert MunchkinGreedyBot().choose(_munchkin_view(5, 8, [4, 5], []), [help_prompt], Rng(1)) == "accept"
    assert MunchkinGreedyBot().choose(_munchkin_view(5, 8, [9, 5], []), [help_prompt], Rng(1)) == "refuse"


def _funko_view(pieces: list[tuple[str, int, tuple[int, int], bool, int]], active: str) -> dict:
    return {
        "active": active,
        "sides": [{"index": 0, "seats": [0]}, {"index": 1, "seats": [1]}],
        "pieces": [
            {"id": i, "side": side, "square": list(sq), "standing": up, "kind": "character", "defense": d}
            for i, side, sq, up, d in [(p[0], p[1], p[2], p[3], p[4]) for p in pieces]
        ],
    }


def test_funkoverse_greedy_challenges_a_fallen_rival_first_and_moves_toward_rivals():
    view = _funko_view(
        [("jack", 0, (5, 5), True, 2), ("sally", 1, (5, 6), True, 1), ("oogie", 1, (6, 5), False, 3)], "jack"
    )
    action = _prompt(
        "action", ("move", "Move"), ("challenge:sally", "Sally"), ("challenge:oogie", "Oogie"), ("end", "End")
    )
    assert FunkoverseGreedyBot().choose(view, [action], Rng(1)) == "challenge:oogie"
    far = _funko_view([("jack", 0, (0, 0), True, 2), ("sally", 1, (8, 8), True, 1)], "jack")
    assert (
        FunkoverseGreedyBot().choose(far, [_prompt("action", ("move", "Move"), ("end", "End"))], Rng(1))
        == "move"
    )
    move = _prompt("move", ("to:0,1", "0,1"), ("to:2,2", "2,2"), ("to:1,0", "1,0"))
    assert FunkoverseGreedyBot().choose(far, [move], Rng(1)) == "to:2,2"


def test_funkoverse_greedy_walks_round_a_wall_instead_of_waiting_beside_it():
    """Next to a rival by the grid but with a wall between (no challenge on offer), the
    piece moves on instead of ending its turn: as the crow flies it was already there,
    and two such pieces would wait beside the wall for ever."""
    from nbc.plugins.funkoverse.effects import grid

    lair = grid("oogie-boogies-lair")
    assert not lair.step_allowed((2, 2), (2, 3)) and not lair.step_allowed((2, 3), (2, 2))
    view = _funko_view([("jack", 0, (2, 2), True, 2), ("sally", 1, (2, 3), True, 1)], "jack")
    action = _prompt("action", ("move", "Move"), ("end", "End"))
    assert FunkoverseGreedyBot().choose(view, [action], Rng(1)) == "end"  # no map: crow flies
    view["map"] = {"id": "oogie-boogies-lair"}
    assert FunkoverseGreedyBot().choose(view, [action], Rng(1)) == "move"


def test_funkoverse_advice_takes_the_best_character_on_offer_and_else_plays_as_greedy():
    """The advice `ismcts` starts from picks by the measured order (Oogie Boogie first),
    from every character of the box; past set-up it is the heuristic player's choice."""
    from nbc.plugins.funkoverse.bot import CHARACTER_ORDER, advise
    from nbc.plugins.funkoverse.effects import HEROES

    assert sorted(CHARACTER_ORDER) == sorted(HEROES)
    assert CHARACTER_ORDER[0] == "oogie-boogie"
    cast = [("character:" + c, c) for c in ("jack-skellington", "sally", "oogie-boogie", "dr-finkelstein")]
    assert advise({}, [_prompt("character", *cast)], Rng(1)) == "character:oogie-boogie"
    assert advise({}, [_prompt("character", *cast[:2])], Rng(1)) == "character:sally"
    assert advise({}, [_prompt("character", cast[0], cast[3])], Rng(1)) == "character:dr-finkelstein"
    view = _funko_view(
        [("jack", 0, (5, 5), True, 2), ("sally", 1, (5, 6), True, 1), ("oogie", 1, (6, 5), False, 3)], "jack"
    )
    action = _prompt("action", ("move", "Move"), ("challenge:sally", "Sally"), ("challenge:oogie", "Oogie"))
    assert advise(view, [action], Rng(1)) == FunkoverseGreedyBot().choose(view, [action], Rng(1))


@pytest.mark.parametrize(
    ("game", "variant", "bot", "players", "matches", "least"),
    [
        ("tcg", "base", "tcg-greedy", 2, 12, 8),
        ("funkoverse", "first-game", "funkoverse-greedy", 2, 6, 5),
        # a random seat of four wins a quarter: 6 of 16 is half again as many
        ("munchkin", "base", "munchkin-greedy", 4, 16, 6),
    ],
)
def test_each_heuristic_bot_beats_the_random_bot(host, game, variant, bot, players, matches, least):
    wins = 0
    for number in range(matches):
        seat = number % players
        match = Match.new(host.game(game), variant, players=players, seed=f"greedy:{number}")
        bots = {s: RandomBot() for s in range(players)} | {seat: host.bot(bot)}
        play_out(match, Rng(number), bots=bots)
        wins += match.outcome().winners == (seat,)
    assert wins >= least


def test_tcg_evaluate_counts_hands_and_days_left(host):
    """The search's guess at the winner: shares that add up to 1, a card more in hand is
    worth something, and the same lead is surer with fewer Days left."""
    game = host.game("tcg")
    match = Match.new(game, "base", seed=4)
    play_out(match, Rng(4), max_steps=40, raise_on_limit=False)
    state = match.state
    before = game.evaluate(state)
    assert abs(sum(before) - 1) < 1e-9 and before[0] != before[1]
    leader = 0 if before[0] > before[1] else 1
    richer = match.clone()
    player = richer.state.players[1 - leader]
    player.hand.append(player.deck.pop())
    assert game.evaluate(richer.state)[1 - leader] > before[1 - leader]
    assert state.days_left > 4
    later = match.clone()
    later.state.days_left = state.days_left - 4
    assert game.evaluate(later.state)[leader] > before[leader]


def test_funkoverse_evaluate_counts_a_fallen_rival_next_to_us(host):
    """The search's guess at the winner rises for a side standing next to a knocked-down
    rival (any win against it is a knock-out), more than for the rival merely lying
    down far away."""
    from nbc.plugins.funkoverse.bot import _on_foot

    game = host.game("funkoverse")
    match = Match.new(game, "first-game", seed=3)
    rng = Rng(3)

    def placed(side: int) -> bool:
        return sum(p.side == side and p.kind != "minion" and p.square is not None for p in pieces()) >= 2

    def pieces():
        return match.state.pieces.values()

    while not (placed(0) and placed(1)):  # on to the first turn, every character on the map
        assert bot_step(match, rng), "the match ended before its characters were placed"
    state = match.state
    ours = next(p for p in state.pieces.values() if p.side == 0 and p.kind != "minion" and p.square)
    rival = next(p for p in state.pieces.values() if p.side == 1 and p.kind != "minion" and p.square)
    taken = {p.square for p in state.pieces.values() if p.square is not None}
    seat = state.sides[0].seats[0]
    even = game.evaluate(state)[seat]
    rival.standing = False
    far = game.evaluate(state)[seat]
    beside = next(sq for sq, d in _on_foot(state.map, rival.square).items() if d == 1 and sq not in taken)
    ours.square = beside
    near = game.evaluate(state)[seat]
    assert even < far < near
