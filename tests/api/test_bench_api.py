"""`nbc bench --api` against a real server, with tiny numbers. No speed is asserted:
only that it runs, stops its server, and reports well-formed, positive numbers, and
that each act it times is one seat's choice."""

from __future__ import annotations

import asyncio
import json

from postgres import postgres_url
from typer.testing import CliRunner

from nbc.api.bench import ApiBenchError, Played, SeatAct, Wire, acts_for, engine_replay, percentile
from nbc.api.cli import app
from nbc.core.host import PluginHost
from nbc.core.match import Match

FIELDS = {
    "game",
    "variant",
    "players",
    "database",
    "workers",
    "pin_cpus",
    "event_latency_samples",
    "event_latency_missed",
    "event_latency_p50_ms",
    "event_latency_p95_ms",
    "event_latency_max_ms",
    "event_latency_target_met",
    "event_latency_max_target_met",
    "clients",
    "acts",
    "matches",
    "reads",
    "seconds",
    "acts_per_second",
    "p50_ms",
    "p99_ms",
    "mean_ms",
    "engine_ms_per_choice",
    "engine_choices_per_act",
    "engine_ms_per_act",
    "overhead_ms",
    "engine_replay_exact",
    "p50_target_met",
    "acts_per_second_target_met",
}


def test_bench_api_reports_one_row_per_client_count_as_json():
    args = ["bench", "--api", "--clients", "1,3", "--acts", "36", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [row["clients"] for row in rows] == [1, 3]
    # exactly the acts asked for, though clients read between acts
    assert [row["acts"] for row in rows] == [acts_for(1, 3, 36), 36] == [12, 36]
    for row in rows:
        assert set(row) == FIELDS
        assert (row["game"], row["variant"], row["players"], row["database"], row["workers"]) == (
            "trick-or-treat",
            "short",
            2,
            "sqlite",
            1,
        )
        assert row["pin_cpus"] is False
        # no latency asked for: none measured
        assert row["event_latency_samples"] == row["event_latency_missed"] == 0
        assert row["event_latency_p50_ms"] is None and row["event_latency_target_met"] is None
        assert row["event_latency_max_target_met"] is None
        for key in (
            "matches",
            "reads",
            "seconds",
            "acts_per_second",
            "p50_ms",
            "p99_ms",
            "mean_ms",
            "engine_ms_per_choice",
            "engine_ms_per_act",
        ):
            assert row[key] > 0, (key, row)
        assert row["p99_ms"] >= row["p50_ms"]
        # Every seat is a PERSON seat: an act is one choice, and the client reads the
        # next seat's prompts when the answer was another seat's (at most once an act).
        assert row["engine_choices_per_act"] == 1
        assert row["engine_ms_per_act"] == row["engine_ms_per_choice"]
        assert row["reads"] <= row["acts"]
        assert row["engine_replay_exact"] is True
        # The latency target is judged for one client only.
        assert (
            isinstance(row["p50_target_met"], bool) if row["clients"] == 1 else row["p50_target_met"] is None
        )
        assert row["acts_per_second_target_met"] is None  # stated for 16 clients


def test_bench_api_on_postgresql_with_two_workers_reports_the_cross_worker_latency():
    url = postgres_url()
    args = ["bench", "--api", "--clients", "2", "--acts", "20", "--database", url, "--workers", "2"]
    result = CliRunner().invoke(app, [*args, "--pin-cpus", "--latency", "10", "--json"])
    assert result.exit_code == 0, result.output
    [row] = json.loads(result.stdout)
    assert set(row) == FIELDS
    assert (row["database"], row["workers"], row["clients"], row["acts"]) == ("postgresql", 2, 2, 20)
    assert row["pin_cpus"] is True
    # matchUpdates sends a message for every step, so every act is a sample
    assert row["event_latency_samples"] == 10 and row["event_latency_missed"] == 0
    assert 0 < row["event_latency_p50_ms"] <= row["event_latency_p95_ms"] <= row["event_latency_max_ms"]
    assert isinstance(row["event_latency_target_met"], bool)
    assert row["event_latency_max_target_met"] is (row["event_latency_max_ms"] <= 250)
    assert row["acts_per_second"] > 0 and row["engine_replay_exact"] is True


def test_the_engine_replay_checks_each_choice_against_the_servers_step():
    game = PluginHost.load().game("trick-or-treat")
    match = Match.new(game, "short", None, 2, "replay")
    acts = []
    while match.all_prompts():
        prompt = match.all_prompts()[0]
        before = match.seq
        match.act(prompt.seat, prompt.choices[0].id)
        acts.append(SeatAct(prompt.seat, prompt.choices[0].id, before, match.seq))
    played = Played("m", "replay", {0: "t0", 1: "t1"}, {}, 0, acts)
    cost = engine_replay(game, "short", 2, [played])
    assert cost.exact and cost.acts == cost.choices == len(acts) > 0 and cost.seconds > 0
    acts[-1].seq_after += 1  # the server said another step: the replay does not match
    assert not engine_replay(game, "short", 2, [played]).exact


def test_bench_api_refuses_a_latency_run_without_postgresql():
    result = CliRunner().invoke(app, ["bench", "--api", "--clients", "1", "--acts", "4", "--latency", "5"])
    assert result.exit_code == 2 and "needs PostgreSQL" in result.output


def test_bench_api_refuses_bad_client_counts():
    result = CliRunner().invoke(app, ["bench", "--api", "--clients", "1,many"])
    assert result.exit_code == 2 and "--clients" in result.output


def test_percentile_is_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50 and percentile(values, 99) == 99 and percentile([], 50) == 0


def test_the_bench_client_reads_answers_by_length_by_chunks_and_to_the_close():
    """The bench's own HTTP/1.1 client against a server that answers its three
    requests in the three ways HTTP/1.1 frames a body; it sends what it was given."""
    answers = [
        b'HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\n{"a":1}',
        b"HTTP/1.1 400 Bad Request\r\nTransfer-Encoding: chunked\r\n\r\n"
        b'3\r\n{"b\r\n4;x=y\r\n":2}\r\n0\r\nTrailer: t\r\n\r\n',
        b'HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n{"c":3}',
    ]
    seen: list[tuple[str, str | None, str, bytes]] = []

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while answers:
            head = await reader.readuntil(b"\r\n\r\n")
            first, *lines = head.decode().strip().split("\r\n")
            fields = {name.lower(): value for name, _, value in (line.partition(": ") for line in lines)}
            body = await reader.readexactly(int(fields["content-length"]))
            seen.append((first, fields.get("authorization"), fields["content-type"], body))
            writer.write(answers.pop(0))
            await writer.drain()
            if not answers:
                writer.close()

    async def run() -> list[tuple[int, bytes]]:
        server = await asyncio.start_server(answer, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server, Wire(f"http://127.0.0.1:{port}") as client:
            got = [await client.post(b"[1]", "t0"), await client.post(b"[2]"), await client.post(b"[3]")]
            assert client._writer is None  # the server closed: the next post opens again
            return got

    got = asyncio.run(run())
    assert got == [(200, b'{"a":1}'), (400, b'{"b":2}'), (200, b'{"c":3}')]
    request = ("POST /graphql HTTP/1.1", None, "application/json")
    assert seen == [
        (request[0], "Bearer t0", request[2], b"[1]"),
        (*request, b"[2]"),
        (*request, b"[3]"),
    ]


def test_the_bench_client_refuses_what_it_cannot_speak():
    for url in ("https://127.0.0.1:1", "127.0.0.1:8000"):
        try:
            Wire(url)
        except ApiBenchError as error:
            assert "plain http" in str(error)
        else:
            raise AssertionError(f"{url} was accepted")
