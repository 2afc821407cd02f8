"""`nbc tournament`: every seating, Wilson intervals, Elo, and the same result for a
seed however many processes play."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from nbc.api.cli import app
from nbc.core.errors import BadOptions
from nbc.core.host import PluginHost
from nbc.core.tournament import Entry, elo, seating_of, tournament, wilson

runner = CliRunner()


@pytest.fixture(scope="module")
def host() -> PluginHost:
    return PluginHost.load()


def test_every_seating_is_played_on_the_same_deals():
    assert [seating_of(("a", "b", "c"), k) for k in range(4)] == [
        ("a", "b", "c"),
        ("b", "c", "a"),
        ("c", "a", "b"),
        ("a", "b", "c"),
    ]


def test_wilson_interval_of_known_rates():
    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_elo_gives_the_winner_more_by_the_logistic_rule():
    # 3 to 1 against the other: 10 ** (d / 400) = 3, d = 191 points
    entries = [Entry(k, ("a", "b"), (1.0, 0.0) if k < 30 else (0.0, 1.0), 1, "") for k in range(40)]
    ratings = elo(entries, ["a", "b"])
    assert 180 < ratings["a"] - ratings["b"] < 195
    assert ratings["a"] + ratings["b"] == pytest.approx(3000)


def test_a_tournament_rotates_seats_and_counts_wins(host):
    result = tournament(host, "trick-or-treat", None, ["ismcts", "random"], 6, budget=None, seed="s", jobs=1)
    assert [e.seating for e in result.entries] == [("ismcts", "random"), ("random", "ismcts")] * 3
    for standing in result.standings:
        assert standing.seats == 6
        assert standing.low <= standing.rate <= standing.high
    assert sum(s.wins for s in result.standings) == pytest.approx(sum(sum(e.shares) for e in result.entries))


def test_a_tournament_is_the_same_for_a_seed_whatever_the_processes(host):
    def run(jobs: int) -> dict:
        from nbc.core.bots import Budget

        return tournament(
            host,
            "trick-or-treat",
            None,
            ["ismcts", "random"],
            4,
            budget=Budget(iterations=8),
            seed="d",
            jobs=jobs,
        ).as_dict()

    one = run(1)
    assert _untimed(run(2)) == _untimed(one)
    assert one["matches"][0]["seating"] == ["ismcts", "random"]


def _untimed(result: dict) -> dict:
    """A tournament's JSON without its thinking times (the machine's, not the seed's)."""
    for standing in result["standings"]:
        assert standing.pop("seconds_per_move") >= 0
    return result


def test_a_tournament_counts_each_bots_decisions_and_their_time(host):
    from nbc.core.bots import Budget

    result = tournament(host, "trick-or-treat", None, ["ismcts", "random"], 4, Budget(iterations=8), "t", 1)
    for entry in result.entries:
        assert len(entry.moves) == len(entry.seconds) == 2
        assert 0 < sum(entry.moves) <= entry.steps  # forced choices are no decisions
    table = {s.bot: s for s in result.standings}
    assert table["ismcts"].moves == sum(
        m for e in result.entries for m, b in zip(e.moves, e.seating, strict=True) if b == "ismcts"
    )
    assert table["ismcts"].seconds_per_move > table["random"].seconds_per_move > 0


def test_a_line_up_must_fit_the_seats_and_the_game(host):
    with pytest.raises(BadOptions, match="needs 7 seats"):
        tournament(host, "trick-or-treat", None, ["random"] * 7, 2)
    with pytest.raises(BadOptions, match="there is no bot 'nope'; the bots that play trick-or-treat are: "):
        tournament(host, "trick-or-treat", None, ["nope", "random"], 2)


def test_the_command_prints_a_table_and_json():
    args = ["tournament", "trick-or-treat", "--bots", "ismcts,random", "--games", "4", "--budget", "6i"]
    shown = runner.invoke(app, [*args, "--jobs", "1"])
    assert shown.exit_code == 0, shown.output
    assert "95% CI" in shown.output and "Elo" in shown.output and "ismcts" in shown.output
    data = json.loads(runner.invoke(app, [*args, "--json", "--seed", "3"]).stdout)
    assert data["games"] == 4 and data["budget"] == "6i"
    assert {s["bot"] for s in data["standings"]} == {"ismcts", "random"}
    assert "s/move" in shown.output
    again = json.loads(runner.invoke(app, [*args, "--json", "--seed", "3", "--jobs", "2"]).stdout)
    assert _untimed(again) == _untimed(data)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", "random"], "at least two"),
        (["--bots", "random,random", "--budget", "soon"], "cannot read"),
    ],
)
def test_the_command_refuses_bad_input_with_what_would_do(extra, message):
    result = runner.invoke(app, ["tournament", "trick-or-treat", *extra])
    assert result.exit_code == 2
    assert message in result.output


def _recorded(host, path, games: int, jobs: int = 1, **changes) -> dict:
    from nbc.core.bots import Budget

    settings = {"budget": Budget(iterations=6), "seed": "r", "lineup": ["ismcts", "random"]}
    settings.update(changes)
    result = tournament(
        host,
        "trick-or-treat",
        None,
        settings["lineup"],
        games,
        budget=settings["budget"],
        seed=settings["seed"],
        jobs=jobs,
        record=path,
    )
    return result.as_dict()


def test_a_recorded_tournament_played_in_sittings_is_the_one_played_at_once(host, tmp_path):
    whole = _recorded(host, tmp_path / "whole.jsonl", 6)
    assert whole["recorded"] == 0
    split = tmp_path / "split.jsonl"
    first = _recorded(host, split, 3)
    assert first["games"] == 3 and first["recorded"] == 0
    rest = _recorded(host, split, 6, jobs=2)  # the three it lacks, in two processes
    assert rest["recorded"] == 3
    assert _untimed(rest) | {"recorded": 0} == _untimed(whole)
    lines = split.read_text().splitlines()
    assert json.loads(lines[0])["tournament"]["lineup"] == ["ismcts", "random"]
    assert sorted(json.loads(line)["match"]["number"] for line in lines[1:]) == list(range(6))
    again = _recorded(host, split, 6)  # nothing left to play
    assert again["recorded"] == 6 and len(split.read_text().splitlines()) == 7


def test_a_match_cut_off_while_being_written_is_played_again(host, tmp_path):
    path = tmp_path / "cut.jsonl"
    whole = _recorded(host, path, 4)
    text = path.read_text()
    path.write_text(text[: text.rstrip("\n").rfind("\n") + 1] + '{"match": {"numb')
    resumed = _recorded(host, path, 4)
    assert resumed["recorded"] == 3
    assert _untimed(resumed) | {"recorded": 0} == _untimed(whole)
    assert path.read_text().endswith("}\n") and len(path.read_text().splitlines()) == 5


def test_a_record_of_another_tournament_or_a_broken_one_is_refused(host, tmp_path):
    from nbc.core.bots import Budget

    path = tmp_path / "r.jsonl"
    _recorded(host, path, 2)
    before = path.read_text()
    with pytest.raises(BadOptions, match=r"another tournament: its seed is 'r', this run's is 'other'"):
        _recorded(host, path, 2, seed="other")
    with pytest.raises(BadOptions, match=r"its budget is '6i', this run's is '7i'"):
        _recorded(host, path, 2, budget=Budget(iterations=7))
    with pytest.raises(BadOptions, match=r"its lineup is \['ismcts', 'random'\], this run's is"):
        _recorded(host, path, 2, lineup=["random", "ismcts"])
    assert path.read_text() == before  # refused: nothing written

    lines = before.splitlines()
    broken = {
        "not JSON": ["{oops", *lines[1:]],
        "the first line is not": ['{"games": 2}', *lines[1:]],
        "not a finished match": [lines[0], '{"match": {"number": 0}}'],
        "cannot have the seating": [lines[0], lines[2].replace('"number": 1', '"number": 0')],
        "is there twice": [lines[0], lines[1], lines[1]],
    }
    for why, content in broken.items():
        path.write_text("\n".join(content) + "\n")
        with pytest.raises(BadOptions, match=why) as refused:
            _recorded(host, path, 2)
        assert str(path) in str(refused.value) and "line" in str(refused.value)
    path.write_text("")
    with pytest.raises(BadOptions, match="the file is empty"):
        _recorded(host, path, 2)


def test_the_command_resumes_from_its_record(tmp_path):
    folder = tmp_path / ("a-folder-with-a-long-name-" * 3)  # the summary line passes 80 columns
    folder.mkdir()
    path = folder / "c.jsonl"
    args = [
        "tournament",
        "trick-or-treat",
        "--bots",
        "ismcts,random",
        "--budget",
        "6i",
        "--record",
        str(path),
    ]
    assert runner.invoke(app, [*args, "--games", "2", "--jobs", "1"]).exit_code == 0
    shown = runner.invoke(app, [*args, "--games", "4", "--jobs", "1"])
    assert shown.exit_code == 0, shown.output
    assert f"4 matches, budget 6i, seed 0 (2 of them from {path})" in shown.output  # on one line
    refused = runner.invoke(app, [*args, "--games", "4", "--seed", "9"])
    assert refused.exit_code == 2 and "another tournament: its seed is '0'" in refused.output
