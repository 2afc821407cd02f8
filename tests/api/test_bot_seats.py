"""Bot seats chosen at createMatch: which bots fit a game, their budgets, and search
bots thinking in worker processes."""

from __future__ import annotations

import os

import pytest
from client import CREATE, play_to_end

from nbc.api.botpool import BotPool, parse_seat_bot, seat_bot_text
from nbc.api.service import MatchService, SeatSpec
from nbc.api.storage import Store, make_engine
from nbc.core.errors import BadOptions
from nbc.core.host import PluginHost
from nbc.core.match import Match
from nbc.core.rng import Rng

SEATS = (
    "mutation($i: CreateMatchInput!) { createMatch(input: $i) {"
    " match { id status seats { seat kind bot budget } } } }"
)


def test_the_games_list_the_bots_that_fit_them(api):
    games = {g["name"]: g["bots"] for g in api.run("{ games { name bots } }")["games"]}
    assert games["trick-or-treat"] == ["ismcts", "random"]
    assert games["tcg"] == ["ismcts", "random", "tcg-greedy"]
    assert "munchkin-greedy" in games["munchkin"] and "tcg-greedy" not in games["munchkin"]
    assert "funkoverse-greedy" in games["funkoverse"]


def test_the_bots_query_gives_the_budget_bounds_a_seat_is_held_to(api):
    bots = {b["name"]: b["budget"] for b in api.run("{ bots { name budget { min max default } } }")["bots"]}
    assert bots["ismcts"] == {"min": 0.05, "max": 5.0, "default": 0.5}
    assert bots["random"] is None and bots["tcg-greedy"] is None
    low, high = bots["ismcts"]["min"], bots["ismcts"]["max"]
    for budget, accepted in ((low, True), (high, True), (low / 2, False), (high * 2, False)):
        spec = {
            "game": "trick-or-treat",
            "seats": [{"kind": "PERSON"}, {"kind": "BOT", "bot": "ismcts", "budget": budget}],
        }
        body = api.raw(SEATS, {"i": spec})
        assert (not body.get("errors")) is accepted, (budget, body)


def test_a_seat_names_its_bot_and_budget(api):
    spec = {
        "game": "tcg",
        "variant": "base",
        "seats": [{"kind": "PERSON"}, {"kind": "BOT", "bot": "ismcts", "budget": 0.05}],
    }
    seats = api.run(SEATS, {"i": spec})["createMatch"]["match"]["seats"]
    assert seats[1] == {"seat": 1, "kind": "BOT", "bot": "ismcts", "budget": 0.05}
    assert seats[0]["budget"] is None


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        (
            {"kind": "BOT", "bot": "genius"},
            "seat 1: there is no bot 'genius'; the bots that play trick-or-treat are: ismcts, random",
        ),
        (
            {"kind": "BOT", "bot": "tcg-greedy"},
            "seat 1: the bot 'tcg-greedy' cannot play trick-or-treat; "
            "the bots that play trick-or-treat are: ismcts, random",
        ),
        (
            {"kind": "BOT", "bot": "ismcts", "budget": 9},
            "9 seconds per move is out of bounds; give 0.05 to 5",
        ),
        ({"kind": "BOT", "bot": "ismcts", "budget": 0.001}, "out of bounds"),
        ({"kind": "BOT", "bot": "random", "budget": 1}, "the bot 'random' thinks no longer or shorter"),
        ({"kind": "OPEN", "budget": 1}, "only a bot seat takes a budget"),
    ],
)
def test_a_bot_that_does_not_fit_is_refused_with_the_right_names(api, seat, message):
    spec = {"game": "trick-or-treat", "seats": [{"kind": "PERSON"}, seat]}
    error = api.refused(CREATE, {"i": spec})
    assert error.code == "BAD_OPTIONS"
    assert message in error.message


def test_search_bots_alone_are_sent_to_the_tournament_command(api):
    spec = {"game": "trick-or-treat", "seats": [{"kind": "BOT", "bot": "ismcts"}, {"kind": "BOT"}]}
    error = api.refused(CREATE, {"i": spec})
    assert error.code == "BAD_OPTIONS" and "nbc tournament" in error.message


def test_a_person_plays_a_searching_bot_to_the_end(api):
    spec = {
        "game": "trick-or-treat",
        "variant": "short",
        "seats": [{"kind": "PERSON"}, {"kind": "BOT", "bot": "ismcts", "budget": 0.05}],
    }
    data = api.run(CREATE + "", {"i": spec})["createMatch"]
    tokens = {t["seat"]: t["token"] for t in data["tokens"]}
    final = play_to_end(api, data["match"]["id"], tokens)
    assert final["status"] == "FINISHED"


def test_seat_bot_text_round_trips():
    assert parse_seat_bot(seat_bot_text("ismcts", 0.25)) == ("ismcts", 0.25)
    assert parse_seat_bot(seat_bot_text("random", None)) == ("random", None)
    assert parse_seat_bot(None) == ("random", None)


def test_a_search_bot_thinks_in_a_worker_process(example_game):
    """The search runs in the pool's process (the caller's thread only waits), and its
    answer is one of the seat's choices; a bot that does not search answers in place."""
    host = PluginHost.load()
    pool = BotPool(1)
    try:
        match = Match.new(example_game, seed=4)
        seat = match.all_prompts()[0].seat
        offered = {c.id for p in match.prompts(seat) for c in p.choices}
        assert pool.choose(match, seat, host.bot("random"), None, Rng(1)) in offered
        assert pool._executor is None  # nothing started for a bot that does not search
        choice = pool.choose(match, seat, host.bot("ismcts"), 0.05, Rng(1))
        workers = list(pool._executor._processes.values())
    finally:
        pool.close()
    assert choice in offered
    assert workers and all(worker.pid != os.getpid() for worker in workers)


def test_a_service_refuses_bad_bot_seats_before_storing_anything(tmp_path):
    service = MatchService(PluginHost.load(), Store(make_engine(f"sqlite:///{tmp_path / 'x.db'}")))
    with pytest.raises(BadOptions, match="seat 0: the bot 'munchkin-greedy' cannot play tcg"):
        service.create("tcg", "base", None, [SeatSpec("bot", "munchkin-greedy"), SeatSpec("person")], None)
    assert service.lobby(None, 10) == []
