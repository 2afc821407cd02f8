"""The `nbc` command line."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from nbc.core.errors import NbcError
from nbc.core.host import PluginHost
from nbc.core.simulate import bench as run_bench
from nbc.core.simulate import simulate as run_simulation

app = typer.Typer(
    help="nbc-rules: rules engines for the games of The Nightmare Before Christmas.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()
err = Console(stderr=True)


def _host() -> PluginHost:
    host = PluginHost.load()
    for problem in host.problems:
        err.print(f"[yellow]warning:[/] plugin '{problem.plugin}' ({problem.source}): {problem.reason}")
    return host


def _fail(message: str) -> None:
    err.print(f"[red]error:[/] {message}")
    raise typer.Exit(2)


@app.command()
def plugins() -> None:
    """List the loaded plugins, where each came from, and any that failed."""
    host = PluginHost.load()
    table = Table("plugin", "from", "games")
    for info in host.plugins:
        table.add_row(info.name, info.source, ", ".join(info.games) or "-")
    console.print(table)
    for problem in host.problems:
        console.print(f"[red]failed:[/] {problem.plugin} ({problem.source}): {problem.reason}")
    if host.blocked:
        console.print(f"disabled (NBC_DISABLE_PLUGINS): {', '.join(host.blocked)}")
    bots = ", ".join(sorted(host.bots)) or "none"
    console.print(f"bots: {bots}")


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False) -> None:
    """List games, their variants, seat counts and options."""
    host = _host()
    listed = []
    for game in sorted(host.games.values(), key=lambda g: g.name):
        listed.append(
            {
                "name": game.name,
                "title": game.title,
                "players": [game.players.start, game.players.stop - 1],
                "variants": [
                    {
                        "name": v.name,
                        "title": v.title,
                        "players": [game.seat_counts(v.name).start, game.seat_counts(v.name).stop - 1],
                        "options": v.options,
                    }
                    for v in game.variants.values()
                ],
                "options": game.options_schema(),
            }
        )
    if as_json:
        print(json.dumps(listed, indent=2))
        return
    if not listed:
        console.print("no games installed")
        return
    table = Table("game", "title", "variant", "seats", "options")
    for entry in listed:
        props = entry["options"].get("properties", {})
        options = ", ".join(f"{k}={v.get('default', '?')}" for k, v in props.items()) or "-"
        for i, variant in enumerate(entry["variants"]):
            low, high = variant["players"]
            preset = ", ".join(f"{k}={v}" for k, v in variant["options"].items())
            table.add_row(
                entry["name"] if i == 0 else "",
                entry["title"] if i == 0 else "",
                f"{variant['name']}" + (f" ({preset})" if preset else ""),
                f"{low}-{high}" if low != high else str(low),
                options if i == 0 else "",
            )
    console.print(table)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game name, see `nbc games`")],
    variant: Annotated[str | None, typer.Option(help="variant (default: the game's first)")] = None,
    players: Annotated[int | None, typer.Option(help="seats (default: the fewest allowed)")] = None,
    games: Annotated[int, typer.Option("--games", "-k", min=1, help="matches to play")] = 100,
    seed: Annotated[str, typer.Option(help="seed of the whole simulation")] = "0",
    bot: Annotated[str, typer.Option(help="bot that plays every seat")] = "random",
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Play bot-only matches and print the outcomes."""
    host = _host()
    try:
        chosen = host.game(game)
        chosen.check_players(variant, players or chosen.seat_counts(variant).start)
        bot_impl = host.bot(bot)
        count = players or chosen.seat_counts(variant).start
        bots = {seat: bot_impl for seat in range(count)}
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
            disable=as_json,
        ) as progress:
            task = progress.add_task(f"{game}", total=games)
            result = run_simulation(
                chosen,
                variant,
                players,
                games,
                seed,
                bots,
                progress=lambda done: progress.update(task, completed=done),
            )
    except NbcError as error:
        _fail(str(error))
        return
    if as_json:
        print(json.dumps(result.as_dict(), indent=2))
        return
    table = Table("seat", "wins", "win rate")
    for seat, wins in enumerate(result.wins):
        table.add_row(str(seat), f"{wins:.1f}", f"{wins / result.games:.1%}")
    console.print(f"{result.game}/{result.variant}, {result.players} players, {result.games} matches")
    console.print(table)
    console.print(f"shared wins: {result.shared}   mean length: {result.mean_length:.1f} choices")
    if result.peak_rss_kb is not None:
        growth = (
            ""
            if result.rss_growth_kb is None
            else f"   growth after the first tenth: {result.rss_growth_kb} KiB"
        )
        console.print(f"peak RSS: {result.peak_rss_kb / 1024:.1f} MiB{growth}")


@app.command()
def bench(
    names: Annotated[list[str] | None, typer.Argument(help="games (default: all)")] = None,
    players: Annotated[int | None, typer.Option(help="seats (default: the fewest allowed)")] = None,
    runs: Annotated[int, typer.Option(min=1, help="runs per variant; the median is shown")] = 5,
    seconds: Annotated[float, typer.Option(min=0.01, help="length of one run")] = 1.0,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    api: Annotated[
        bool, typer.Option("--api", help="measure the GraphQL act round trip on a real server instead")
    ] = False,
    database: Annotated[
        str | None,
        typer.Option(help="--api: SQLAlchemy URL of the server's database (default: a temporary SQLite)"),
    ] = None,
    clients: Annotated[str, typer.Option(help="--api: concurrent client counts, comma-separated")] = "1,16",
    acts: Annotated[
        int, typer.Option(min=1, help="--api: acts for the most clients (fewer, at least 1/4, for others)")
    ] = 2000,
    micro: Annotated[
        bool, typer.Option("--micro", help="run the games' own micro-benchmarks (e.g. line of sight) too")
    ] = False,
    game: Annotated[str, typer.Option(help="--api: the game to play")] = "trick-or-treat",
    variant: Annotated[str, typer.Option(help="--api: the variant to play")] = "short",
) -> None:
    """Measure complete random games per second and choices per second (with --api:
    the GraphQL act round trip of a real server, next to the engine's cost)."""
    if api:
        from nbc.api.bench import bench_api, render_table, to_json

        try:
            counts = [int(c) for c in clients.split(",") if c.strip()]
        except ValueError:
            counts = []
        if not counts or min(counts) < 1:
            _fail(f"--clients takes client counts separated by commas, e.g. 1,16; not {clients!r}")
            return
        if names:
            _fail("with --api, name the game with --game (one game per run)")
            return
        try:
            result = bench_api(
                game,
                variant,
                counts,
                acts,
                database,
                players,
                host=_host(),
                say=lambda message: err.print(f"[dim]{message}[/]"),
            )
        except NbcError as error:
            _fail(str(error))
            return
        if as_json:
            print(to_json(result))
            return
        for renderable in render_table(result):
            console.print(renderable)
        return
    host = _host()
    try:
        chosen = [host.game(n) for n in names] if names else sorted(host.games.values(), key=lambda g: g.name)
        # With --players, variants that do not allow that many seats are skipped.
        cases = [
            (game, variant)
            for game in chosen
            for variant in game.variants
            if players is None or players in game.seat_counts(variant)
        ]
        if not cases:
            _fail(f"no variant of {', '.join(g.name for g in chosen)} is for {players} players")
            return
        results = [run_bench(game, variant, players, runs, seconds) for game, variant in cases]
    except NbcError as error:
        _fail(str(error))
        return
    extra = _micro_benchmarks(chosen) if micro else []
    if as_json:
        print(json.dumps([r.as_dict() for r in results] + extra, indent=2))
        return
    table = Table("game", "variant", "seats", "games/s", "choices/s")
    for r in results:
        table.add_row(
            r.game, r.variant, str(r.players), f"{r.games_per_second:,.1f}", f"{r.choices_per_second:,.0f}"
        )
    console.print(table)
    console.print(f"median of {runs} runs of {seconds:g}s each")
    for entry in extra:
        figures = ", ".join(
            f"{k}={v:,.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in entry["result"].items()
        )
        console.print(f"{entry['game']} / {entry['benchmark']}: {figures}")


def _micro_benchmarks(games: list[Any]) -> list[dict[str, Any]]:
    """A game may offer `benchmarks() -> {name: function}`; each function returns a dict
    of figures (this is how funkoverse reports its line-of-sight median)."""
    found = []
    for game in games:
        offered = getattr(game, "benchmarks", None)
        for label, run in (offered() if callable(offered) else {}).items():
            found.append({"game": game.name, "benchmark": label, "result": run()})
    return found


map_app = typer.Typer(help="Maps of the games played on a board.", no_args_is_help=True)
app.add_typer(map_app, name="map")


@map_app.command("show")
def map_show(name: Annotated[str, typer.Argument(help="map name, e.g. halloween-town")]) -> None:
    """Draw a map in the terminal. Any game may offer maps through two public methods,
    `maps() -> {name: title}` and `render_map(name) -> text` (funkoverse does)."""
    host = _host()
    known: list[str] = []
    for game in sorted(host.games.values(), key=lambda g: g.name):
        offered = getattr(game, "maps", None)
        if not callable(offered):
            continue
        maps = offered()
        if name in maps:
            console.print(f"{maps[name]} ({game.name})")
            console.print(game.render_map(name), markup=False, highlight=False, end="")
            return
        known += list(maps)
    _fail(f"no map {name!r}; the maps are: {', '.join(known) or 'none'}")


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def check(
    ctx: typer.Context,
    names: Annotated[
        list[str] | None, typer.Argument(help="games to check (default: every installed game)")
    ] = None,
    playouts: Annotated[
        int | None, typer.Option(min=1, help="playouts per variant and seat count (default 8)")
    ] = None,
    workers: Annotated[
        int, typer.Option(min=0, help="test processes (needs pytest-xdist; 0: one per core)")
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="print the table as JSON")] = False,
) -> None:
    """Run the conformance kit on installed games, in parallel, with a table per game.
    Options after `--` go to pytest (e.g. `nbc check tcg -- -x -k 2p`)."""
    try:
        import pytest  # noqa: F401
    except ImportError:
        _fail("nbc check needs pytest: pip install 'nbc-rules[dev]'")
        return
    import os

    from nbc.api.checking import run_check, xdist_available

    # Click hands everything after `--` to the game names: the first word that looks
    # like an option starts pytest's part.
    given = list(names or [])
    cut = next((i for i, word in enumerate(given) if word.startswith("-")), len(given))
    names, passed = given[:cut], given[cut:] + list(ctx.args)
    host = _host()
    for name in names:
        if name not in host.games:
            _fail(f"there is no game '{name}'; the games are: {', '.join(sorted(host.games)) or 'none'}")
    count = workers or min(os.cpu_count() or 1, 8)
    if count > 1 and not xdist_available():
        err.print("[yellow]note:[/] pytest-xdist is not installed, so the cases run one after another")
    code, rows, others, wall = run_check(names, playouts, count, passed, as_json)
    if as_json:
        print(
            json.dumps(
                {
                    "result": "passed" if code == 0 else "failed",
                    "exit_code": code,
                    "seconds": round(wall, 2),
                    "games": [row.as_dict() for row in rows],
                    "other_failures": others,
                },
                indent=2,
            )
        )
        raise typer.Exit(code)
    table = Table("game", "cases", "playouts", "choices", "time (s)", "result")
    for row in rows:
        colour = {"passed": "green", "failed": "red"}.get(row.result, "yellow")
        table.add_row(
            row.game,
            str(row.cases),
            str(row.playouts),
            f"{row.choices:,}",
            f"{row.seconds:,.1f}",
            f"[{colour}]{row.result}[/]",
        )
    console.print(table)
    for row in rows:
        for failure in row.failures:
            console.print(f"[red]failed:[/] {failure}")
    for failure in others:
        console.print(f"[red]failed:[/] {failure}")
    console.print(f"{sum(r.cases for r in rows)} cases in {wall:,.1f} s (wall clock)")
    raise typer.Exit(code)


@app.command()
def fuzz(
    game: Annotated[str, typer.Argument(help="the game to fuzz")],
    variant: Annotated[
        list[str] | None, typer.Option(help="variant to fuzz (repeatable; default: every variant)")
    ] = None,
    minutes: Annotated[float | None, typer.Option(min=0.0, help="time budget (default 1 minute)")] = None,
    games: Annotated[int | None, typer.Option(min=1, help="game budget (deterministic for a seed)")] = None,
    seed: Annotated[int, typer.Option(help="fuzzing seed; with a game budget, the same seed replays")] = 0,
    out: Annotated[
        str, typer.Option(help="folder where a failure is written as a test file")
    ] = "fuzz-failures",
    shrink_seconds: Annotated[float, typer.Option(min=0.0, help="time spent shrinking a failure")] = 60.0,
    show_coverage: Annotated[
        bool, typer.Option("--coverage", help="list the cards whose effect never fired")
    ] = False,
    replay: Annotated[
        str | None, typer.Option(help="shrink this replay file (from a kit failure) instead of fuzzing")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
) -> None:
    """Play random legal set-ups with random choices, checking every step as the kit
    does; shrink the first failure and write it as a test. Exit status 1 on a failure."""
    from pathlib import Path

    from nbc.core.testkit import fuzz as fuzzing

    host = _host()
    try:
        chosen = host.game(game)
        for name in variant or []:
            chosen.variant(name)
    except NbcError as error:
        _fail(str(error))
        return
    if replay is not None:
        _shrink_replay(chosen, Path(replay), Path(out), shrink_seconds, as_json)
        return
    seconds = None if minutes is None and games is not None else 60.0 * (1.0 if minutes is None else minutes)
    show_bar = not as_json and console.is_terminal
    bar = Progress(
        TextColumn("fuzzing {task.description}"),
        BarColumn(),
        TextColumn("{task.fields[games]} games, {task.fields[choices]:,} choices"),
        TimeRemainingColumn(),
        console=err,
        disable=not show_bar,
    )
    with bar:
        task = bar.add_task(game, total=1.0, games=0, choices=0)
        result = fuzzing.fuzz(
            chosen,
            seconds=seconds,
            games=games,
            seed=seed,
            variants=variant,
            out=Path(out),
            shrink_seconds=shrink_seconds,
            progress=lambda r, done: bar.update(task, completed=done, games=r.games, choices=r.choices),
        )
    if as_json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        _print_fuzz(result, show_coverage)
    raise typer.Exit(1 if result.failure is not None else 0)


def _print_fuzz(result: Any, show_coverage: bool) -> None:
    table = Table("variant", "games", "cards fired", "never fired")
    for variant, count in result.per_variant.items():
        never = result.never_fired.get(variant, {})
        keys = len(result.fired.get(variant, ())) + len(never)
        table.add_row(variant, str(count), f"{keys - len(never)}/{keys}" if keys else "-", str(len(never)))
    console.print(table)
    console.print(f"{result.games} games, {result.choices:,} choices in {result.seconds:,.1f} s")
    if show_coverage:
        for variant, never in result.never_fired.items():
            if never:
                names = ", ".join(f"{name} ({key})" for key, name in never.items())
                console.print(f"[yellow]{variant}: never fired:[/] {names}")
    failure = result.failure
    if failure is not None:
        console.print(f"[red]failure ({failure.check}):[/] {failure.message}")
        console.print(
            f"shrunk from {failure.original_choices} choices to {len(failure.choices)}; "
            f"test written to {failure.test_file}"
        )


def _shrink_replay(game: Any, path: Any, out: Any, shrink_seconds: float, as_json: bool) -> None:
    from nbc.core.testkit import fuzz as fuzzing

    try:
        finding = fuzzing.shrink_replay(game, json.loads(path.read_text()), shrink_seconds, out)
    except (OSError, ValueError, KeyError, TypeError, NbcError) as error:
        _fail(f"cannot use the replay {path}: {error}")
        return
    if finding is None:
        console.print("the replay does not fail: nothing to shrink")
        raise typer.Exit(0)
    if as_json:
        print(json.dumps({"check": finding.check, "message": finding.message,
                          "choices": len(finding.choices), "test_file": str(finding.test_file)}, indent=2))
    else:
        console.print(f"[red]failure ({finding.check}):[/] {finding.message}")
        console.print(f"shrunk from {finding.original_choices} choices to {len(finding.choices)}; "
                      f"test written to {finding.test_file}")
    raise typer.Exit(1)


@app.command()
def serve(
    host: Annotated[str, typer.Option(envvar="NBC_HOST", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(envvar="NBC_PORT", help="port")] = 8000,
    workers: Annotated[int, typer.Option(envvar="NBC_WORKERS", min=1, help="server processes")] = 1,
    database: Annotated[
        str | None,
        typer.Option(envvar="NBC_DATABASE_URL", help="SQLAlchemy URL (default sqlite:///./nbc.db)"),
    ] = None,
    log_level: Annotated[str, typer.Option(help="uvicorn log level")] = "info",
) -> None:
    """Start the GraphQL server (GraphiQL at /graphql, health at /healthz)."""
    import os

    import uvicorn

    from nbc.api.settings import DEFAULT_DATABASE

    # The app factory reads its settings from the environment, in every worker.
    os.environ["NBC_DATABASE_URL"] = database or DEFAULT_DATABASE
    _check_database(os.environ["NBC_DATABASE_URL"])
    loaded = _host()
    console.print(
        f"nbc-rules serving {', '.join(sorted(loaded.games)) or 'no games'} on "
        f"http://{host}:{port}/graphql (database {os.environ['NBC_DATABASE_URL']})"
    )
    uvicorn.run(
        "nbc.api.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
    )


def _check_database(url: str) -> None:
    """Open the database once before serving, so a bad URL is a one-line error."""
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError

    from nbc.api.storage import make_engine

    try:
        make_engine(url).dispose()
    except (ArgumentError, NoSuchModuleError, OperationalError, ValueError, ImportError) as error:
        reason = str(error).splitlines()[0]
        _fail(
            f"cannot open database {url!r}: {reason}. Use sqlite:///path/to/file.db or "
            "postgresql+psycopg://user@host:port/dbname"
        )


@app.command()
def schema() -> None:
    """Print the GraphQL schema (SDL) of the installed plugins."""
    from nbc.api.app import create_app, schema_sdl
    from nbc.api.settings import Settings

    print(schema_sdl(create_app(Settings(database_url="sqlite://"))), end="")


def main(argv: list[str] | None = None) -> Any:
    return app(args=argv if argv is not None else sys.argv[1:], prog_name="nbc")


if __name__ == "__main__":
    main()
