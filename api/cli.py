"""The `nbc` command line."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from nbc.core.bots import Budget, check_bot, supports, with_budget
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
err = Console(stderr=True, soft_wrap=True)  # messages stay on one line, for logs and grep


def _host(api: bool = False, builtin_only: bool = False, warnings: bool = False) -> PluginHost:
    """Load the plugins and print a warning for each problem. With `api`, also check
    the plugins' GraphQL view types (as the server will), with `warnings` the plugins'
    warnings too."""
    host = PluginHost.load(builtin_only=builtin_only)
    if api:
        from nbc.api.schema import check_view_types

        check_view_types(host)
        host.web_tables()  # a browser table the server would leave out is a problem too
    for problem in host.problems:
        err.print(
            f"[yellow]warning:[/] plugin '{escape(problem.plugin)}' ({escape(problem.source)}): "
            f"{escape(problem.reason)}"
        )
    for warning in host.warnings if warnings else []:
        err.print(
            f"[yellow]warning:[/] plugin '{escape(warning.plugin)}' ({escape(warning.source)}): "
            f"{escape(warning.reason)}"
        )
    return host


def _fail(message: str) -> None:
    err.print(f"[red]error:[/] {escape(message)}")
    raise typer.Exit(2)


def _progress(enabled: bool) -> Progress:
    """A progress bar on standard error, shown only when that is a terminal: never in
    logs, pipes or next to --json output."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not (enabled and err.is_terminal),
    )


def _allowed(counts: range) -> str:
    low, high = counts.start, counts.stop - 1
    return str(low) if low == high else f"{low} to {high}"


def _options_from(pairs: list[str]) -> dict[str, Any]:
    """`--option KEY=VALUE` pairs as options: each VALUE read as JSON, else as text."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            _fail(f"--option {pair!r}: expected KEY=VALUE, e.g. --option round_limit=6")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    return options


def _seat_count(game: Any, variant: str | None, players: int | None) -> int:
    """The seats to play: `players`, which the variant must allow, or the fewest it
    allows. A count it does not allow is a usage error naming the allowed counts."""
    counts = game.seat_counts(variant)
    if players is None:
        return counts.start
    if players not in counts:
        _fail(f"{game.name}/{game.variant(variant).name} is for {_allowed(counts)} players, not {players}")
    return players


@app.command()
def plugins(as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False) -> None:
    """List the loaded plugins, where each came from, the problems of any that were
    left out, warnings, the bots, and the plugins disabled by NBC_DISABLE_PLUGINS."""
    from nbc.api.schema import check_view_types

    host = PluginHost.load()
    check_view_types(host)  # a view type the API would leave out is a problem too
    host.web_tables()  # and so is a plugin's browser table
    if as_json:
        print(json.dumps(_plugins_data(host), indent=2))
        return
    table = Table("plugin", "from", "games")
    for info in host.plugins:
        table.add_row(escape(info.name), escape(info.source), escape(", ".join(info.games) or "-"))
    console.print(table)
    for problem in host.problems:
        console.print(
            f"[red]problem:[/] {escape(problem.plugin)} ({escape(problem.source)}): {escape(problem.reason)}"
        )
    for warning in host.warnings:
        console.print(
            f"[yellow]warning:[/] {escape(warning.plugin)} ({escape(warning.source)}): "
            f"{escape(warning.reason)}"
        )
    if host.blocked:
        console.print(f"disabled (NBC_DISABLE_PLUGINS): {escape(', '.join(host.blocked))}")
    bots = ", ".join(sorted(host.bots)) or "none"
    console.print(f"bots: {escape(bots)}")


def _plugins_data(host: PluginHost) -> dict[str, Any]:
    def trouble(found: Any) -> dict[str, str]:
        return {"plugin": found.plugin, "source": found.source, "reason": found.reason}

    return {
        "plugins": [{"name": p.name, "source": p.source, "games": list(p.games)} for p in host.plugins],
        "problems": [trouble(p) for p in host.problems],
        "warnings": [trouble(w) for w in host.warnings],
        "bots": [
            {
                "name": name,
                "description": getattr(bot, "description", ""),
                "games": sorted(g for g in host.games if supports(bot, g)),
            }
            for name, bot in sorted(host.bots.items())
        ],
        "blocked": list(host.blocked),
    }


@app.command(name="lint-cards")
def lint_cards(
    games_: Annotated[
        list[str] | None,
        typer.Argument(metavar="[GAME]...", help="games to check (default: every loaded game)"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Check every card definition of the loaded games (the TCG and its expansions:
    ops, functions, the names expressions give, fields, card ids) before any match is
    played, and the plugins left out over their data; exit 1 on any problem."""
    host = PluginHost.load()
    names = games_ or sorted(host.games)
    try:
        chosen = [host.game(name) for name in names]
    except NbcError as error:
        _fail(str(error))

    def provider(game: str) -> str:
        return next((p.name for p in host.plugins if game in p.games), "unknown")

    found: list[dict[str, Any]] = []
    for game in chosen:
        try:
            problems = list(game.card_problems())
        except Exception as error:
            problems = [(provider(game.name), f"card_problems failed: {type(error).__name__}: {error}")]
        try:
            cards = len(game.catalogue())
        except Exception:
            cards = None
        listed = [{"plugin": plugin, "problem": text} for plugin, text in problems]
        found.append({"game": game.name, "cards": cards, "problems": listed})
    # the plugins left out over their data (or anything else) that no game reported above
    providers = {provider(game.name) for game in chosen}
    reported = {p["plugin"] for entry in found for p in entry["problems"]}
    left_out = [
        {"plugin": p.plugin, "source": p.source, "reason": p.reason}
        for p in host.problems
        if p.plugin not in reported and (not games_ or p.plugin in providers)
    ]
    total = sum(len(entry["problems"]) for entry in found) + len(left_out)
    if as_json:
        print(json.dumps({"games": found, "plugin_problems": left_out, "problems": total}, indent=2))
    else:
        table = Table("game", "cards", "problems")
        for entry in found:
            shown = "-" if entry["cards"] is None else str(entry["cards"])
            table.add_row(escape(entry["game"]), shown, str(len(entry["problems"])))
        console.print(table)
        for entry in found:
            for p in entry["problems"]:
                console.print(
                    f"[red]problem:[/] {escape(entry['game'])} / {escape(p['plugin'])}: "
                    f"{escape(p['problem'])}"
                )
        for p in left_out:
            console.print(
                f"[red]plugin left out:[/] {escape(p['plugin'])} ({escape(p['source'])}): "
                f"{escape(p['reason'])}"
            )
        console.print("no problems" if not total else f"{total} problem{'s' if total != 1 else ''}")
    if total:
        raise typer.Exit(1)


@app.command()
def rules(
    book: Annotated[
        str | None, typer.Argument(help="a book (a game or an expansion); default: list the books")
    ] = None,
    tests: Annotated[
        list[Path] | None,
        typer.Option(
            "--tests", help="test files or folders to read the `shows` markers from (default: ./tests)"
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="print the book's docs page (Markdown)")
    ] = False,
) -> None:
    """Print every rule clause of a book with the tests that show it, then the clauses
    no test shows; exits 1 when there are any, or when a test names a clause the book
    lacks. Without a book, list the books the plugins offer."""
    from nbc.core.testkit import ruletests

    host = _host()
    books = host.rulebooks()
    if book is None:
        if as_json:
            print(
                json.dumps(
                    [{"book": b.name, "title": b.title, "game": b.game} for b in books.values()], indent=2
                )
            )
            return
        for b in books.values():
            console.print(f"{escape(b.name)}: {escape(b.title)} (game {escape(b.game)})")
        return
    if book not in books:
        _fail(f"there is no book '{book}'; the books are: {', '.join(sorted(books)) or 'none'}")
    found = books[book]
    paths = tests or [Path("tests")]
    for path in paths:
        if not path.exists():
            _fail(f"--tests {path}: no such file or folder")
    try:
        clauses = ruletests.load(found.clauses, found.name)
        shown = ruletests.traced(paths)
    except (ruletests.BadClauses, ValueError, SyntaxError) as error:
        _fail(str(error))
    result = ruletests.trace(found.name, found.title, clauses, shown)
    if markdown:
        print(ruletests.render(result), end="")
    elif as_json:
        print(json.dumps(result.as_json(), indent=2))
    else:
        for c in result.clauses:
            mark = " [ruling]" if c.ruling else ""
            console.print(f"[bold]{escape(c.id)}[/]{mark}  ({escape(c.section)})")
            console.print(f"    {escape(c.rule)}")
            for t in result.tests[c.id]:
                console.print(f"    [green]test[/] {escape(t)}")
        console.print(
            f"{len(clauses)} clauses, {len(clauses) - len(result.untested)} with tests; "
            f"{len(result.untested)} without: {escape(', '.join(result.untested) or 'none')}"
        )
        for name, where in result.unknown.items():
            console.print(f"[red]unknown clause[/] {escape(name)}, named by {escape(', '.join(where))}")
    if result.untested or result.unknown:
        raise typer.Exit(1)


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False) -> None:
    """List games, their variants with the options each sets, seat counts, and every
    option with its default, what it allows and what it means."""
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
                "defaults": _option_defaults(game),
                "options": game.options_schema(),
                "cards": [card.to_json() for card in game.catalogue()],
            }
        )
    if as_json:
        print(json.dumps(listed, indent=2))
        return
    if not listed:
        console.print("no games installed")
        return
    for number, entry in enumerate(listed):
        if number:
            console.print()
        low, high = entry["players"]
        _indented(0, f"{entry['name']}: {entry['title']}, {_seats_text(low, high)} seats", bold=entry["name"])
        console.print("  variants:")
        for i, variant in enumerate(entry["variants"]):
            preset = ", ".join(f"{k}={_value_text(v)}" for k, v in variant["options"].items())
            default = " (default)" if i == 0 else ""
            seats = _seats_text(*variant["players"])
            _indented(
                4, f"{variant['name']}{default}, {seats} seats: {variant['title']}", bold=variant["name"]
            )
            _indented(8, f"sets {preset}" if preset else "sets nothing: the defaults")
        console.print("  options:")
        schema = entry["options"]
        for name, prop in schema.get("properties", {}).items():
            default = _value_text(entry["defaults"][name]) if name in entry["defaults"] else "(required)"
            allowed = _allowed_text(prop, schema.get("$defs", {}))
            _indented(4, f"{name} = {default}  ({allowed})", bold=name)
            if prop.get("description"):
                _indented(8, prop["description"])
        cards = entry["cards"]
        if cards:
            authored = sum(1 for c in cards if "authored" in c["provenance"].values())
            sets = sorted({c["set"] for c in cards})
            _indented(
                2,
                f"cards: {len(cards)} in {', '.join(sets)}; {authored} with values authored here "
                "(the rest as printed); `nbc games --json` lists them",
            )


def _indented(spaces: int, text: str, bold: str = "") -> None:
    """Print `text` wrapped between words (never inside a hyphenated name), every line
    indented, nothing cut off; `bold` is the start of the text to show in bold."""
    import textwrap

    width = max(console.width, spaces + 20)
    lines = textwrap.wrap(
        text,
        width=width,
        initial_indent=" " * spaces,
        subsequent_indent=" " * (spaces + 2),
        break_on_hyphens=False,
    )
    shown = Text("\n".join(lines))
    if bold and text.startswith(bold):
        shown.stylize("bold", spaces, spaces + len(bold))
    console.print(shown, soft_wrap=True)


def _seats_text(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _option_defaults(game: Any) -> dict[str, Any]:
    """Each option's default as JSON data (also those made by a default factory, which
    the JSON Schema does not show); an option without a default is left out."""
    from pydantic_core import to_jsonable_python

    defaults = {}
    for name, info in game.Options.model_fields.items():
        if not info.is_required():
            defaults[name] = to_jsonable_python(info.get_default(call_default_factory=True))
    return defaults


def _value_text(value: Any) -> str:
    """An option value in full, as a person reads it: lists without quotes."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_value_text(item) for item in value) + "]"
    if isinstance(value, dict):
        return json.dumps(value, separators=(", ", ": "))
    if value is None:
        return "null"
    return str(value)


def _allowed_text(prop: dict[str, Any], defs: dict[str, Any]) -> str:
    """What a JSON Schema property allows, in a few words."""
    if "$ref" in prop:
        return prop["$ref"].rsplit("/", 1)[-1]
    if "enum" in prop:
        return "one of " + ", ".join(_value_text(v) for v in prop["enum"])
    if "anyOf" in prop:
        return " or ".join(_allowed_text(p, defs) for p in prop["anyOf"])
    kind = prop.get("type")
    if kind in ("integer", "number"):
        low, high = prop.get("minimum"), prop.get("maximum")
        word = "a whole number" if kind == "integer" else "a number"
        if low is not None and high is not None:
            return f"{low} to {high}"
        if low is not None:
            return f"{word}, at least {low}"
        if high is not None:
            return f"{word}, at most {high}"
        return word
    if kind == "boolean":
        return "true or false"
    if kind == "string":
        return "text"
    if kind == "array":
        return "a list of " + _allowed_text(prop.get("items", {}), defs)
    if kind == "null":
        return "null"
    return "any value"


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game name, see `nbc games`")],
    variant: Annotated[str | None, typer.Option(help="variant (default: the game's first)")] = None,
    players: Annotated[int | None, typer.Option(help="seats (default: the fewest allowed)")] = None,
    games: Annotated[int, typer.Option("--games", "-k", min=1, help="matches to play")] = 100,
    seed: Annotated[str, typer.Option(help="seed of the whole simulation")] = "0",
    bot: Annotated[str, typer.Option(help="bot that plays every seat")] = "random",
    budget: Annotated[
        str | None, typer.Option(help="the bot's thinking per move: seconds (0.5, 0.5s) or iterations (200i)")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="KEY=VALUE laid over the variant's options (VALUE read as JSON, else as text); repeatable",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Play bot-only matches and print the outcomes: wins per seat, how the matches
    ended and how long they were."""
    if not seed.strip():
        _fail("--seed must not be empty: give any number or text, e.g. --seed 7")
    options = _options_from(option or [])
    host = _host()
    try:
        chosen = host.game(game)
        count = _seat_count(chosen, variant, players)
        bot_impl = with_budget(
            check_bot(host.bots, bot, chosen.name), Budget.parse(budget) if budget else None
        )
        bots = {seat: bot_impl for seat in range(count)}
        with _progress(enabled=not as_json) as progress:
            task = progress.add_task(f"{game}", total=games)
            result = run_simulation(
                chosen,
                variant,
                count,
                games,
                seed,
                bots,
                progress=lambda done: progress.update(task, completed=done),
                options=options,
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
    lengths = result.length_quantiles()
    console.print("lengths: " + ", ".join(f"{name} {value}" for name, value in lengths.items()))
    console.print(
        "endings: " + ", ".join(f"{reason or '(none)'} {n}" for reason, n in sorted(result.endings.items()))
    )
    if result.peak_rss_kb is not None:
        growth = (
            ""
            if result.rss_growth_kb is None
            else f"   growth after the first tenth: {result.rss_growth_kb} KiB"
        )
        console.print(f"peak RSS: {result.peak_rss_kb / 1024:.1f} MiB{growth}")


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(help="game name, see `nbc games`")],
    bots: Annotated[
        str,
        typer.Option(
            "--bots", help="one bot per seat, comma-separated, e.g. ismcts,random (see `nbc plugins`)"
        ),
    ],
    variant: Annotated[str | None, typer.Option(help="variant (default: the game's first)")] = None,
    games: Annotated[
        int, typer.Option("--games", "-k", min=1, help="matches to play, over every seating")
    ] = 20,
    budget: Annotated[
        str | None,
        typer.Option(help="each bot's thinking per move: seconds (0.5, 0.5s) or iterations (200i)"),
    ] = None,
    seed: Annotated[str, typer.Option(help="seed of the whole tournament")] = "0",
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", min=1, help="processes playing at once (default: one per core)"),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="KEY=VALUE laid over the variant's options; repeatable"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    record: Annotated[
        str | None,
        typer.Option(
            "--record",
            help="keep each finished match in this file (JSON lines); run again with the same file "
            "and settings to play only the matches it lacks",
        ),
    ] = None,
) -> None:
    """Play bots against one another in every seating (the line-up rotated over the
    same deals) and print each bot's wins with a 95% confidence interval (Wilson) and
    its Elo rating. With an iteration budget the result depends only on the seed.
    With --record, a long tournament can be played in several sittings."""
    from nbc.core.tournament import tournament as run_tournament

    if not seed.strip():
        _fail("--seed must not be empty: give any number or text, e.g. --seed 7")
    lineup = [name.strip() for name in bots.split(",")]
    if len(lineup) < 2 or not all(lineup):
        _fail(f"--bots {bots!r}: name one bot per seat, at least two, e.g. --bots ismcts,random")
    options = _options_from(option or [])
    host = _host()
    try:
        parsed = Budget.parse(budget) if budget else None
        with _progress(enabled=True) as progress:
            task = progress.add_task(f"{game} {','.join(lineup)}", total=games)
            result = run_tournament(
                host,
                game,
                variant,
                lineup,
                games,
                budget=parsed,
                seed=seed,
                jobs=jobs,
                progress=lambda done: progress.update(task, completed=done),
                options=options,
                record=record,
            )
    except NbcError as error:
        _fail(str(error))
        return
    if as_json:
        print(json.dumps(result.as_dict(), indent=2))
        return
    console.print(
        f"{result.game}/{result.variant}, {result.players} seats, {len(result.entries)} matches, "
        f"budget {result.budget}, seed {result.seed}"
        + (f" ({result.recorded} of them from {record})" if result.recorded else ""),
        soft_wrap=True,  # one line, so that the record's path is never broken
    )
    table = Table("bot", "seats", "wins", "win rate", "95% CI", "Elo", "s/move")
    for standing in result.standings:
        table.add_row(
            standing.bot,
            str(standing.seats),
            f"{standing.wins:g}",
            f"{standing.rate:.1%}",
            f"{standing.low:.1%} to {standing.high:.1%}",
            f"{standing.elo:.0f}",
            f"{standing.seconds_per_move:.3g}",
        )
    console.print(table)


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
    workers: Annotated[int, typer.Option(min=1, help="--api: server processes")] = 1,
    pin_cpus: Annotated[
        bool, typer.Option("--pin-cpus", help="--api: serve with nbc serve --pin-cpus (a CPU per process)")
    ] = False,
    latency: Annotated[
        int,
        typer.Option(
            min=0, help="--api, PostgreSQL: acts to time from one server process to a subscriber on another"
        ),
    ] = 0,
) -> None:
    """Measure complete random games per second and choices per second through the
    public Match loop, and clones and determinizations per second of a match halfway
    through (with --api: the GraphQL act round trip of a real server, next to the
    engine's cost)."""
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
                workers=workers,
                pin_cpus=pin_cpus,
                latency_samples=latency,
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
            allowed = "; ".join(
                f"{game.name}/{variant}: {_allowed(game.seat_counts(variant))}"
                for game in chosen
                for variant in game.variants
            )
            _fail(f"no variant is for {players} players; the seat counts are: {allowed}")
            return
        results = []
        with _progress(enabled=not as_json) as progress:
            task = progress.add_task("", total=len(cases) * runs)
            for number, (game, variant) in enumerate(cases):
                progress.update(task, description=f"{game.name}/{variant}", refresh=True)
                done = number * runs
                results.append(
                    run_bench(
                        game,
                        variant,
                        players,
                        runs,
                        seconds,
                        progress=lambda run, done=done: progress.update(
                            task, completed=done + run, refresh=True
                        ),
                    )
                )
    except NbcError as error:
        _fail(str(error))
        return
    extra = _micro_benchmarks(chosen) if micro else []
    from nbc import _compiled

    compiled = bool(_compiled.active())
    if as_json:
        print(json.dumps([{**r.as_dict(), "compiled": compiled} for r in results] + extra, indent=2))
        return
    table = Table("game", "variant", "seats", "games/s", "choices/s", "clones/s", "determinize/s")
    for r in results:
        table.add_row(
            r.game,
            r.variant,
            str(r.players),
            f"{r.games_per_second:,.1f}",
            f"{r.choices_per_second:,.0f}",
            f"{r.clones_per_second:,.0f}",
            f"{r.determinize_per_second:,.0f}",
        )
    console.print(table)
    console.print(
        f"median of {runs} runs of {seconds:g}s each: random prompts and choices through Match.prompts "
        f"and Match.act, new matches included; clones and determinizations (a clone, then a redeal of "
        f"what seat 0 cannot know) of a match halfway through; {_compiled.describe()}"
    )
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
    `maps() -> {name: title}` and `render_map(name) -> text` (funkoverse does), and a
    third for the lines printed under the drawing, `map_notes(name) -> [line]` (the
    map's values, each authored one marked, and what the mark means)."""
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
            notes = getattr(game, "map_notes", None)
            for line in notes(name) if callable(notes) else ():
                console.print(line, markup=False, highlight=False, soft_wrap=True)
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
    # one short block per failure (the case, the seed, the check, the replay file), each
    # line whole: a log or a grep gets it as printed
    for failure in [*(f for row in rows for f in row.failures), *others]:
        console.print(f"[red]failed:[/] {escape(failure)}", soft_wrap=True, highlight=False)
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
    players: Annotated[
        int | None, typer.Option(min=1, help="seats in every game (default: a random legal count)")
    ] = None,
    light: Annotated[
        bool,
        typer.Option(
            "--light",
            help="for long runs: no twin match and no probes; prompts and the game's own checks at every "
            "choice, invariants now and then, the replay at the end (several times faster)",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
) -> None:
    """Play random legal set-ups with random choices, checking every step as the kit
    does; shrink the first failure and write it as a test. Exit status 1 on a failure."""

    from nbc.core.testkit import fuzz as fuzzing

    host = _host()
    try:
        chosen = host.game(game)
        for name in variant or []:
            chosen.variant(name)
        if players is not None:
            for name in variant or list(chosen.variants):
                chosen.check_players(name, players)
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
            players=players,
            probe_every=0 if light else fuzzing.PROBE_EVERY,
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
    if result.failure is not None:
        _print_finding(result.failure)


def _print_finding(finding: Any) -> None:
    """A failure the fuzzer shrank, as one short block: the case, the seed and what
    broke, the check, where it broke, the game's frames, and the test written."""
    console.print(f"[red]failed:[/] {escape(finding.message)}", soft_wrap=True, highlight=False)
    for line in finding.details:
        console.print(f"  {escape(line)}", soft_wrap=True, highlight=False)
    shrunk = f"shrunk from {finding.original_choices} choices to {len(finding.choices)}"
    if finding.test_file is None:
        console.print(f"  {shrunk}", soft_wrap=True, highlight=False)
        return
    console.print(f"  {shrunk}; the test: {escape(str(finding.test_file))}", soft_wrap=True, highlight=False)
    console.print(f"  replay it: pytest {escape(str(finding.test_file))}", soft_wrap=True, highlight=False)


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
        print(
            json.dumps(
                {
                    "check": finding.check,
                    "message": finding.message,
                    "details": finding.details,
                    "choices": len(finding.choices),
                    "test_file": str(finding.test_file),
                },
                indent=2,
            )
        )
    else:
        _print_finding(finding)
    raise typer.Exit(1)


@app.command()
def serve(
    host: Annotated[str, typer.Option(envvar="NBC_HOST", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(envvar="NBC_PORT", help="port, 1 to 65535")] = 8000,
    workers: Annotated[int, typer.Option(envvar="NBC_WORKERS", help="server processes, at least 1")] = 1,
    database: Annotated[
        str | None,
        typer.Option(envvar="NBC_DATABASE_URL", help="SQLAlchemy URL (default sqlite:///./nbc.db)"),
    ] = None,
    log_level: Annotated[
        str, typer.Option(help="uvicorn log level: critical, error, warning, info, debug, trace")
    ] = "info",
    ws_max_size: Annotated[
        int | None,
        typer.Option(
            envvar="NBC_WS_MAX_SIZE",
            help="bytes of one WebSocket message (default 65536); a bigger one closes the socket with 1009",
        ),
    ] = None,
    pin_cpus: Annotated[
        bool,
        typer.Option(
            "--pin-cpus",
            envvar="NBC_PIN_CPUS",
            help="keep each server process on a CPU of its own (Linux; for a machine that mostly serves)",
        ),
    ] = False,
) -> None:
    """Start the server: the browser client at /, GraphQL and GraphiQL at /graphql, health
    at /healthz. The other limits of each connection come from NBC_* variables
    (docs/api.md, "Limits")."""
    import os

    import uvicorn

    from nbc.api.connections import raise_open_file_limit
    from nbc.api.settings import DEFAULT_DATABASE, Settings, uvicorn_limits

    if not 1 <= port <= 65535:
        _fail(f"--port (NBC_PORT) must be a port number from 1 to 65535, not {port}")
    if workers < 1:
        _fail(f"--workers (NBC_WORKERS) must be at least 1, not {workers}")
    if log_level.lower() not in LOG_LEVELS:
        _fail(f"--log-level must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}")
    try:
        limits = uvicorn_limits(Settings.from_env(ws_max_size=ws_max_size))
    except ValueError as error:
        _fail(f"cannot serve: {error}")
        return
    _check_listen(host, port)
    from nbc.api.affinity import PIN_DIR_VARIABLE, can_pin

    os.environ.pop(PIN_DIR_VARIABLE, None)
    if pin_cpus and not can_pin():
        _fail("--pin-cpus (NBC_PIN_CPUS) needs a system where a process chooses its CPUs (Linux)")
    # The app factory reads its settings from the environment, in every worker.
    os.environ["NBC_DATABASE_URL"] = database or DEFAULT_DATABASE
    _check_database(os.environ["NBC_DATABASE_URL"])
    loaded = _host(api=True, warnings=True)
    address = f"http://{f'[{host}]' if ':' in host else host}:{port}"
    console.print(
        f"nbc-rules serving {', '.join(sorted(loaded.games)) or 'no games'} on {address}/ "
        f"(GraphQL at {address}/graphql; database {os.environ['NBC_DATABASE_URL']})"
    )
    if pin_cpus:
        # The workers claim their CPUs through lock files in a directory of this run.
        os.environ[PIN_DIR_VARIABLE] = tempfile.mkdtemp(prefix="nbc-cpus-")
    # Every open connection is a descriptor: let this process (and the workers, which
    # inherit it) have as many as the system allows, not the shell's usual 1024.
    raise_open_file_limit()
    try:
        uvicorn.run(
            "nbc.api.app:serve_app",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            log_level=log_level.lower(),
            # uvicorn's HTTP protocol with a head timeout and a cap on connections per
            # address (nbc.api.connections), named so that each worker imports it.
            http="nbc.api.connections:HTTPProtocol",
            **limits,  # type: ignore[arg-type]
        )
    finally:
        if pin_cpus:
            shutil.rmtree(os.environ.pop(PIN_DIR_VARIABLE), ignore_errors=True)


LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")


def _check_listen(host: str, port: int) -> None:
    """Resolve the address and bind it once before serving, so a bad address or a port
    in use is a one-line error instead of a server that says it listens and does not."""
    import socket

    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as error:
        _fail(
            f"--host (NBC_HOST) {host!r} is not an address to listen on: {getattr(error, 'strerror', error)}"
        )
        return
    family, kind, proto, _, address = found[0]
    try:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
            probe.bind(address)
    except OSError as error:
        _fail(f"cannot listen on {host} port {port}: {error.strerror or error}")


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
def schema(
    builtin_only: Annotated[
        bool,
        typer.Option(
            "--builtin-only",
            help="only nbc-rules' own games, leaving out third-party plugins (this is docs/schema.graphql)",
        ),
    ] = False,
) -> None:
    """Print the GraphQL schema (SDL) of the installed plugins."""
    from nbc.api.app import create_app, schema_sdl
    from nbc.api.settings import Settings

    host = PluginHost.load(builtin_only=builtin_only)
    app_ = create_app(Settings(database_url="sqlite://"), host=host)
    for problem in host.problems:  # the schema build adds the view types it left out
        err.print(
            f"[yellow]warning:[/] plugin '{escape(problem.plugin)}' ({escape(problem.source)}): "
            f"{escape(problem.reason)}"
        )
    print(schema_sdl(app_), end="")


@app.command(name="compile")
def compile_(
    clean: Annotated[bool, typer.Option("--clean", help="remove the compiled build instead")] = False,
    show: Annotated[bool, typer.Option("--log", help="show the compiler's output as it runs")] = False,
    if_stale: Annotated[
        bool, typer.Option("--if-stale", help="build only when there is no build of the current sources")
    ] = False,
) -> None:
    """Compile the hot modules with mypyc into this environment (docs/performance.md).

    Needs the `compiled` extra (mypy). Imports of nbc use the build while every compiled
    module's source is unchanged since; NBC_PURE=1 turns it off."""
    from nbc import _build, _compiled

    if clean:
        print("removed" if _build.clean() else "no compiled build to remove")
        return
    try:
        if if_stale:
            why = _build.stale()
            if not why:
                print(f"the compiled build of {len(_compiled.MODULES)} modules is up to date")
                return
            print(f"compiling {len(_compiled.MODULES)} modules with mypyc ({why}; about a minute)")
        where = _build.build(log=show)
    except _build.BuildError as error:
        _fail(str(error))
    print(f"compiled {len(_compiled.MODULES)} modules into {where}")


def main(argv: list[str] | None = None) -> Any:
    return app(args=argv if argv is not None else sys.argv[1:], prog_name="nbc")


if __name__ == "__main__":
    main()
