"""The hooks of the nbc plugin host: the one place a plugin author reads.

A plugin is any module or object with functions marked `@hookimpl` and named after
these specs. Plugins are found through the `nbc` entry-point group (built-in games are
registered there too, exactly like third-party ones):

    [project.entry-points.nbc]
    mygame = "mygame.plugin"

Games may declare hooks of their own with `nbc_add_hookspecs`, for expansions to
implement (the TCG declares the hooks its Christmas Town expansion answers; Munchkin
declares `munchkin_card_set`, through which other packages add card sets). A game
that finds something wrong with what an expansion brings (a card with an unknown op, say)
leaves that expansion out and returns the problem from `Game.plugin_problems()` as
(plugin name, reason) pairs; the host records it as the expansion plugin's own problem,
so the game and its other expansions load on. `Game.card_problems()` gives every problem
with the card data a game reads, for `nbc lint-cards`.

Besides the five methods of the contract, a `Game` may override these methods,
which the test kit (`nbc check`) and the fuzzer (`nbc fuzz`) use to find its bugs
(see `nbc.core.game.Game` for each one's contract):

- `random_setup(rng, variant, players, focus) -> Setup`: a random legal set-up (deck lists,
  card mixes, characters, scenarios), favouring the cards named in `focus`;
- `shrink_setup(setup) -> [Setup]`: smaller legal set-ups, to shrink a failure;
- `invariants() -> [Invariant]`: what must hold after every choice;
- `redeal_hidden(state, seat, rng) -> int`: redraw what `seat` cannot know (the kit
  checks that `seat`'s view and prompts do not change; the `ismcts` bot samples with
  it, so the draw must depend only on what `seat` knows: sort the hidden cards first);
- `evaluate(state) -> [float]`, `rollout_choice(state, prompts, rng) -> id`,
  `advise(view, prompts, rng) -> id`: how the `ismcts` bot scores a playout it cuts
  short, plays its playouts, and which move it tries first (defaults: a tie, chance,
  none);
- `plant(state, seat, marker) -> int`: mark the cards only `seat` may know;
- `unknowns(state, seat) -> [Unknown]`, `put_unknowns(state, values)`: what `seat`
  cannot know, place by place, and writing new values there: the kit builds twins
  of a position from them, without the game's redeal, and checks that views,
  prompts, events and who is asked do not change (`nbc.core.game.reassign` makes
  `redeal_hidden` from the two);
- `coverage(variant) -> {key: name}`: the cards whose effects the game reports
  through `nbc.core.coverage.fired(key)`;
- `catalogue() -> [CatalogueCard]`: every card definition a client may show (name,
  text, numbers, copies), each field marked `printed` or `authored`;
- `self_checks(on) -> bool`: turn on the game's own costly internal checks while the
  kit and the fuzzer play (the TCG's check that card effects resume safely);
- `copy_state(state) -> state`: a direct copy, equal to saving and loading the state
  (`Match.clone`, which search bots call for every sample, uses it);
- `find_choice(state, seat, choice_id) -> Choice | None`: answer `Match.act` from the
  game's own index of what it offers (None for anything not offered to `seat`);
- `steering(variant, focus, rng) -> chooser`: how the fuzzer plays a set-up built
  around cards that never fired: `choose(match, prompts, rng) -> choice id`.

A per-card test says which card it checks with `nbc.core.testkit.cardtests.covers`;
a game's gate test can then require a test of every card. A rules test says which
clauses of a book (`nbc_rulebooks`) it shows with `nbc.core.testkit.ruletests.shows`.

Hook names and arguments are checked when the plugins load: a function marked
`@hookimpl` whose name is not one of these nor a hook a game declares (a
misspelling), or that takes an argument its hook does not have, gets the plugin
left out and reported by `nbc plugins`, with the nearest real name; the other
plugins load as usual. A plugin that implements no hook at all (it forgot
`@hookimpl`) loads, adds nothing, and gets a warning.

An implementation may be a compiled function (a module built with mypyc, as
`nbc compile` builds Christmas Town's hooks): `@hookimpl` registers it through a
Python twin with the same parameters, which must be plain positional-or-keyword ones.
"""

from __future__ import annotations

import inspect
import types
from typing import Any

import pluggy

PROJECT = "nbc"

hookspec = pluggy.HookspecMarker(PROJECT)


class _ImplMarker(pluggy.HookimplMarker):
    """pluggy's `@hookimpl`, which also takes a compiled function (`nbc._compiled`, or
    any extension module a plugin builds). pluggy registers Python functions only, and
    reads their argument names from their code; so a compiled function is marked and
    registered as its Python twin (`python_twin`), which calls it with the same
    arguments and names it in `compiled` for callers that may skip the twin."""

    def __call__(self, function: Any = None, **options: Any) -> Any:  # type: ignore[override]
        if function is None:
            return lambda later: self(later, **options)
        if not isinstance(function, types.FunctionType) and inspect.isbuiltin(function):
            function = python_twin(function)
        return super().__call__(function, **options)


def python_twin(function: Any) -> Any:
    """A Python function taking the same parameters as compiled `function` and calling it."""
    params = list(inspect.signature(function).parameters.values())
    if any(p.kind is not p.POSITIONAL_OR_KEYWORD for p in params):
        name = function.__qualname__
        raise TypeError(f"{name}: a compiled hook implementation takes plain parameters only")
    names = ", ".join(p.name for p in params)
    namespace: dict[str, Any] = {"compiled": function}
    exec(f"def {function.__name__}({names}):\n    return compiled({names})\n", namespace)  # noqa: S102
    twin = namespace[function.__name__]
    twin.__defaults__ = tuple(p.default for p in params if p.default is not p.empty) or None
    twin.__module__, twin.__qualname__ = function.__module__, function.__qualname__
    twin.__doc__ = function.__doc__
    twin.compiled = function
    return twin


hookimpl = _ImplMarker(PROJECT)


@hookspec
def nbc_games() -> list[Any]:
    """Return the games this plugin provides, as `nbc.core.game.Game` subclasses or
    instances. Each needs a unique `name` (lowercase, digits and dashes), a `title`,
    `players` (a range of seat counts), `Options`, at least one `variant`, and the
    contract's methods. A game that fails validation is reported by name and skipped."""


@hookspec
def nbc_add_hookspecs(pm: pluggy.PluginManager) -> None:
    """Add a module or class of hook specifications to `pm`, so that expansions can
    implement hooks this plugin calls (`pm.add_hookspecs(MyGameSpecs)`). Called once,
    before any game is listed."""


@hookspec
def nbc_graphql_types() -> list[Any]:
    """Return `nbc.core.game.ViewType` records: for a game, the strawberry type of its
    view and a function that builds it from the view dict (which it must only read: the
    server makes one view per step and seat and shares it between answers). They join
    the `View` union the API serves; a game without one is served as `JsonView`.
    Import the strawberry types inside the implementation: only the API calls this
    hook, and a program that only plays should not load GraphQL."""


@hookspec
def nbc_web_tables() -> list[Any]:
    """Return `nbc.core.game.WebTable` records: for a game, a folder of browser files
    (plain ES modules, CSS, images) that the server serves under `/web/plugins/<game>/`,
    and the module in it that draws the game's table in the browser client (its
    default export, `render(view, context)`, is described in docs/web.md). A game
    without one gets the client's generic table."""


@hookspec
def nbc_rulebooks() -> list[Any]:
    """Return `nbc.core.game.Rulebook` records: each names a TOML file listing the
    rules of a book (a game's or an expansion's) as numbered clauses in the plugin's
    own words. Tests mark the clauses they show with
    `nbc.core.testkit.ruletests.shows`; `nbc rules BOOK` prints every clause with its
    tests and the clauses that have none."""


@hookspec
def nbc_bots() -> list[Any]:
    """Return bots this plugin offers: objects with a `name` (unique among all plugins;
    a game's own bot is named after it, e.g. `tcg-greedy`) and a method
    `choose(view, prompts, rng) -> choice_id` that reads only its seat's view and
    prompts and draws only from `rng`. Optional attributes (`nbc.core.bots`):
    `games`, the names of the games it can play (absent or None: every game; the API
    and the CLI refuse it for any other); `needs_view = False` when it never reads the
    view; `wants_infoset = True` to be called with `infoset=`, an `InfoSet` whose
    `sample(rng)` builds whole positions consistent with what the seat knows;
    `with_budget(budget)`, a copy that thinks within a `Budget` (seconds or
    iterations per move). The host offers `random` and `ismcts`; a game gets a
    strong `ismcts` by implementing `redeal_hidden` (and, optionally, `evaluate`,
    `rollout_choice` and `advise`)."""
