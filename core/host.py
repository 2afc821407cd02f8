"""The plugin host: loads plugins, collects their games and bots.

Plugins come from the `nbc` entry-point group (built-in games included) and from
objects passed in directly (tests, embedding). A plugin that cannot be used is left
out and recorded as a `PluginProblem` with its name and reason, and everything else
still loads: one that fails to import, one with a hook implementation whose name is
no hook (a misspelling) or whose arguments the hook does not have, a hook that
raises, or a game that breaks the contract. A game may leave out a part of another
plugin it takes in (the TCG an expansion with a bad card): it reports it through
`Game.plugin_problems`, recorded after `plugins_loaded` as that plugin's problem. A
plugin that loads but implements no hook at all (its functions lack `@hookimpl`) is
kept and gets a `PluginWarning`.
"""

from __future__ import annotations

import difflib
import inspect
import os
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pluggy
from pydantic import BaseModel

from nbc.core import bots, hookspecs
from nbc.core.errors import BadOptions, NbcError
from nbc.core.game import NAME_PATTERN, Game, Rulebook, WebTable

ENTRY_POINT_GROUP = "nbc"
BUILTIN_DISTRIBUTION = "nbc-rules"  # the distribution whose entry points are the built-in games
BUILTIN_PACKAGE = "nbc.plugins"
DISABLE_VARIABLE = "NBC_DISABLE_PLUGINS"  # comma-separated plugin names the host blocks


def disabled_from_environment() -> list[str]:
    return [name.strip() for name in os.environ.get(DISABLE_VARIABLE, "").split(",") if name.strip()]


@dataclass(frozen=True, slots=True)
class PluginInfo:
    name: str
    source: str  # where it came from: "entry point mygame = pkg.mod (dist 1.0)", "host", ...
    games: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PluginProblem:
    """A plugin, or a part of one, that was left out, and why."""

    plugin: str
    source: str
    reason: str


@dataclass(frozen=True, slots=True)
class PluginWarning:
    """A plugin that loaded but probably does not do what its author meant."""

    plugin: str
    source: str
    reason: str


class _Manager(pluggy.PluginManager):
    """A pluggy manager that checks, when a game declares hooks late (through
    `nbc_add_hookspecs`), the implementations registered before the declaration.
    pluggy would raise from `add_hookspecs`, blaming the declaring game; here a plugin
    whose implementation takes arguments the hook does not have is handed to `refuse`
    (which unregisters it) before the hooks are added."""

    def __init__(self, project: str) -> None:
        super().__init__(project)
        self.refuse: Any = None  # set by the host: refuse(plugin_name, reason)

    def add_hookspecs(self, module_or_class: Any) -> None:
        for name in dir(module_or_class):
            opts = self.parse_hookspec_opts(module_or_class, name)
            caller = getattr(self.hook, name, None)
            if opts is None or caller is None or caller.has_spec() or self.refuse is None:
                continue
            spec = pluggy.HookCaller(name, _never_called, module_or_class, opts).spec
            assert spec is not None
            allowed = (*spec.argnames, *spec.kwargnames)
            for impl in caller.get_hookimpls():
                reason = _argument_problem(name, impl.argnames, allowed)
                if reason:
                    self.refuse(impl.plugin_name, reason)
        super().add_hookspecs(module_or_class)


def _never_called(*args: Any) -> Any:
    raise AssertionError("a hook caller made only to read a hook's specification was called")


@dataclass(slots=True)
class PluginHost:
    pm: pluggy.PluginManager
    plugins: list[PluginInfo] = field(default_factory=list)
    problems: list[PluginProblem] = field(default_factory=list)
    warnings: list[PluginWarning] = field(default_factory=list)
    games: dict[str, Game] = field(default_factory=dict)
    bots: dict[str, Any] = field(default_factory=dict)
    blocked: list[str] = field(default_factory=list)
    _view_types: list[tuple[str, Any]] | None = field(default=None, repr=False)
    _web_tables: dict[str, WebTable] | None = field(default=None, repr=False)
    _rulebooks: dict[str, Rulebook] | None = field(default=None, repr=False)

    @classmethod
    def load(
        cls,
        extra: list[Any] | None = None,
        entry_points_: bool = True,
        disabled: list[str] | None = None,
        builtin_only: bool = False,
    ) -> PluginHost:
        """Build a host: the host's own plugin, every `nbc` entry point (unless
        `entry_points_` is False; only nbc-rules' own, the built-in games, with
        `builtin_only`), then `extra` plugin objects or modules. Plugins named in
        `disabled` (default: the NBC_DISABLE_PLUGINS variable) are blocked with
        pluggy's blocking and never register."""
        pm = _Manager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        host = cls(pm)
        pm.refuse = host._refuse
        host.blocked = disabled_from_environment() if disabled is None else list(disabled)
        for name in host.blocked:
            pm.set_blocked(name)
        host._register(bots, "nbc.core.bots", "host")
        if entry_points_:
            for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
                if builtin_only and not is_builtin(ep):
                    continue
                dist = f" ({ep.dist.name} {ep.dist.version})" if ep.dist else ""
                source = f"entry point {ep.name} = {ep.value}{dist}"
                if pm.is_blocked(ep.name):
                    continue
                try:
                    plugin = ep.load()
                except (Exception, SystemExit) as error:  # a broken plugin must not stop the others
                    host.problems.append(PluginProblem(ep.name, source, f"failed to import: {_why(error)}"))
                    continue
                host._register(plugin, ep.name, source)
        for plugin in extra or []:
            name = getattr(plugin, "__name__", None) or type(plugin).__name__
            host._register(plugin, name, "registered directly")
        host._collect()
        return host

    def _register(self, plugin: Any, name: str, source: str) -> None:
        if self.pm.is_blocked(name):
            return  # NBC_DISABLE_PLUGINS
        reasons = _signature_problems(self.pm, plugin)
        if reasons:
            self.problems.append(PluginProblem(name, source, "; ".join(reasons)))
            return
        try:
            if self.pm.register(plugin, name=name) is None:
                return
        except Exception as error:
            if self.pm.get_plugin(name) is plugin:  # older pluggy may leave it half registered
                self.pm.unregister(name=name)
            self.problems.append(PluginProblem(name, source, f"cannot register: {_why(error)}"))
            return
        self.plugins.append(PluginInfo(name, source))
        if not self.pm.get_hookcallers(plugin):
            self.warnings.append(PluginWarning(name, source, _provides_nothing(plugin)))

    def _refuse(self, plugin: str, reason: str) -> None:
        """Leave a registered plugin out: unregister it and record why."""
        source = next((p.source for p in self.plugins if p.name == plugin), "unknown")
        if self.pm.get_plugin(plugin) is not None:
            self.pm.unregister(name=plugin)
        self.plugins = [p for p in self.plugins if p.name != plugin]
        self.problems.append(PluginProblem(plugin, source, reason))

    def _active(self, impl: pluggy.HookImpl) -> bool:
        return self.pm.get_plugin(impl.plugin_name) is not None

    def _collect(self) -> None:
        # Hook specs first, so expansions' hooks are known before games are used.
        for impl in self.pm.hook.nbc_add_hookspecs.get_hookimpls():
            if not self._active(impl):
                continue
            try:
                impl.function(pm=self.pm)
            except Exception as error:
                self._problem(impl.plugin_name, f"nbc_add_hookspecs failed: {_why(error)}")
        # Only now is every hook declared: an implementation of none is a misspelling.
        self._refuse_unknown_hooks()
        self._warn_unmarked_hooks()
        for impl in self.pm.hook.nbc_games.get_hookimpls():
            if not self._active(impl):
                continue
            try:
                provided = list(impl.function())
            except Exception as error:
                self._problem(impl.plugin_name, f"nbc_games failed: {_why(error)}")
                continue
            names = []
            for item in provided:
                try:
                    game = _as_game(item)
                    check_game(game)
                    if game.name in self.games:
                        raise ValueError(f"another plugin already provides a game named '{game.name}'")
                except Exception as error:
                    label = getattr(item, "name", None) or getattr(item, "__name__", repr(item))
                    self._problem(impl.plugin_name, f"game '{label}' refused: {_why(error)}")
                    continue
                self.games[game.name] = game
                names.append(game.name)
            self._note_games(impl.plugin_name, names)
        for game in list(self.games.values()):
            try:
                game.plugins_loaded(self.pm)
                check_game(game)
            except Exception as error:
                self._problem(
                    self._provider(game.name),
                    f"game '{game.name}' could not take in its expansions: {_why(error)}",
                )
            # what the game left out of other plugins (a bad expansion) is theirs
            try:
                for plugin, reason in game.plugin_problems():
                    self.add_problem(plugin, reason)
            except Exception as error:
                self._problem(
                    self._provider(game.name), f"game '{game.name}' plugin_problems failed: {_why(error)}"
                )
        for impl in self.pm.hook.nbc_bots.get_hookimpls():
            if not self._active(impl):
                continue
            try:
                for bot in impl.function():
                    self.bots.setdefault(bot.name, bot)
            except Exception as error:
                self._problem(impl.plugin_name, f"nbc_bots failed: {_why(error)}")

    def _refuse_unknown_hooks(self) -> None:
        """pluggy's `check_pending` raises for the whole manager on the first hook
        implementation that matches no declared hook. Here each such plugin is left
        out on its own, with the nearest real hook name as a hint."""
        callers = dict(vars(self.pm.hook))
        known = sorted(name for name, caller in callers.items() if caller.has_spec())
        for name, caller in callers.items():
            if caller.has_spec():
                continue
            for impl in caller.get_hookimpls():
                if impl.optionalhook or not self._active(impl):
                    continue
                self._refuse(impl.plugin_name, _unknown_hook(name, impl, known))

    def _warn_unmarked_hooks(self) -> None:
        """A plugin that implements some hooks but also defines a function named exactly
        like a hook without marking it: that function is never called."""
        known = {name for name, caller in vars(self.pm.hook).items() if caller.has_spec()}
        for info in list(self.plugins):
            plugin = self.pm.get_plugin(info.name)
            callers = self.pm.get_hookcallers(plugin) if plugin is not None else None
            if not callers:
                continue  # not registered, or already warned about (it implements nothing)
            implemented = {caller.name for caller in callers}
            unmarked = sorted(
                attr
                for attr in known - implemented
                if callable(getattr(plugin, attr, None)) and self.pm.parse_hookimpl_opts(plugin, attr) is None
            )
            if unmarked:
                names = ", ".join(unmarked)
                self.warnings.append(
                    PluginWarning(
                        info.name,
                        info.source,
                        f"{names} {'is' if len(unmarked) == 1 else 'are'} named like a hook but not "
                        "marked @hookimpl, so never called; probably forgot @hookimpl",
                    )
                )

    def _provider(self, game: str) -> str:
        return next((p.name for p in self.plugins if game in p.games), "unknown")

    def _problem(self, plugin: str, reason: str) -> None:
        source = next((p.source for p in self.plugins if p.name == plugin), "unknown")
        self.problems.append(PluginProblem(plugin, source, reason))

    def add_problem(self, plugin: str, reason: str) -> None:
        """Record a problem found outside the host (the API's schema build reports view
        types it had to leave out this way); a problem already recorded is not repeated."""
        source = next((p.source for p in self.plugins if p.name == plugin), "unknown")
        problem = PluginProblem(plugin, source, reason)
        if problem not in self.problems:
            self.problems.append(problem)

    def _note_games(self, plugin: str, names: list[str]) -> None:
        self.plugins = [
            PluginInfo(p.name, p.source, p.games + tuple(names)) if p.name == plugin else p
            for p in self.plugins
        ]

    def game(self, name: str) -> Game:
        try:
            return self.games[name]
        except KeyError:
            known = ", ".join(sorted(self.games)) or "none"
            raise BadOptions(f"there is no game '{name}'; the games are: {known}") from None

    def bot(self, name: str) -> Any:
        try:
            return self.bots[name]
        except KeyError:
            known = ", ".join(sorted(self.bots)) or "none"
            raise BadOptions(f"there is no bot '{name}'; the bots are: {known}") from None

    def view_types(self) -> list[tuple[str, Any]]:
        """What `nbc_graphql_types` returns, as (plugin name, item) pairs in the order
        the plugins registered. Asked once (the hooks import strawberry types); a hook
        that raises is recorded as a problem and gives nothing."""
        if self._view_types is None:
            found: list[tuple[str, Any]] = []
            for impl in self.pm.hook.nbc_graphql_types.get_hookimpls():
                if not self._active(impl):
                    continue
                try:
                    found.extend((impl.plugin_name, item) for item in impl.function() or [])
                except Exception as error:
                    self._problem(impl.plugin_name, f"nbc_graphql_types failed: {_why(error)}")
            self._view_types = found
        return list(self._view_types)

    def graphql_types(self) -> list[Any]:
        return [item for _, item in self.view_types()]

    def web_tables(self) -> dict[str, WebTable]:
        """What `nbc_web_tables` returns, by game, asked once. An item that is not a
        `WebTable`, names a game no plugin loaded, a second table for a game, a folder
        that does not exist or a module missing from it is recorded as a problem of its
        plugin and left out (the game then gets the browser client's generic table)."""
        if self._web_tables is None:
            self._web_tables = self._gather("nbc_web_tables", _web_table_problem, lambda t: t.game)
        return dict(self._web_tables)

    def rulebooks(self) -> dict[str, Rulebook]:
        """What `nbc_rulebooks` returns, by book name, asked once. An item that is not
        a `Rulebook`, names a game no plugin loaded, repeats a book's name or points at
        no file is recorded as a problem of its plugin and left out."""
        if self._rulebooks is None:
            self._rulebooks = self._gather("nbc_rulebooks", _rulebook_problem, lambda b: b.name)
        return dict(self._rulebooks)

    def _gather(self, hook: str, problem_of: Any, key: Any) -> dict[str, Any]:
        """The items every active plugin's `hook` returns, by `key(item)`; a hook that
        raises, or an item `problem_of(item, games, found)` finds fault with, is recorded
        as a problem of its plugin and left out."""
        found: dict[str, Any] = {}
        for impl in getattr(self.pm.hook, hook).get_hookimpls():
            if not self._active(impl):
                continue
            try:
                items = list(impl.function() or [])
            except Exception as error:
                self._problem(impl.plugin_name, f"{hook} failed: {_why(error)}")
                continue
            for item in items:
                problem = problem_of(item, self.games, found)
                if problem:
                    self._problem(impl.plugin_name, f"{hook}: {problem}")
                else:
                    found[key(item)] = item
        return found


def _rulebook_problem(item: Any, games: dict[str, Game], found: dict[str, Rulebook]) -> str | None:
    if not isinstance(item, Rulebook):
        return f"{item!r} is not a nbc.core.game.Rulebook(name, title, clauses, game)"
    if item.game not in games:
        known = ", ".join(sorted(games))
        return f"the book '{item.name}' is of '{item.game}', which is no loaded game (the games: {known})"
    if item.name in found:
        return f"a second book named '{item.name}'; the first one is kept"
    if not Path(item.clauses).is_file():
        return f"the clause file of '{item.name}' does not exist: {item.clauses}"
    return None


def _web_table_problem(item: Any, games: dict[str, Game], found: dict[str, WebTable]) -> str | None:
    if not isinstance(item, WebTable):
        return f"{item!r} is not a nbc.core.game.WebTable(game, folder, module)"
    if item.game not in games:
        return f"a table for '{item.game}', which is no loaded game (the games: {', '.join(sorted(games))})"
    folder = Path(item.folder)
    if not folder.is_dir():
        return f"the table folder of '{item.game}' does not exist: {folder}"
    module = (folder / item.module).resolve()
    if not module.is_file() or not module.is_relative_to(folder.resolve()) or module.suffix != ".js":
        return f"the table module of '{item.game}' must be a .js file inside {folder}, not '{item.module}'"
    if item.game in found:
        return f"a second table for '{item.game}'; the first one is kept"
    return None


def is_builtin(ep: Any) -> bool:
    """Whether an entry point is one of nbc-rules' own plugins (a built-in game)."""
    if ep.dist is not None:
        return ep.dist.name == BUILTIN_DISTRIBUTION
    return ep.value.split(":")[0].startswith(BUILTIN_PACKAGE + ".")


def _argument_problem(hook: str, argnames: tuple[str, ...], allowed: tuple[str, ...]) -> str | None:
    wrong = [a for a in argnames if a not in allowed]
    if not wrong:
        return None
    hint = ""
    close = [m for a in wrong for m in difflib.get_close_matches(a, allowed, n=1)]
    if len(close) == len(wrong):
        hint = f" (did you mean {', '.join(repr(c) for c in close)}?)"
    plural = "s" if len(wrong) > 1 else ""
    return (
        f"hook '{hook}' has no argument{plural} {', '.join(repr(w) for w in wrong)}{hint}; "
        f"its arguments are: {', '.join(allowed) or 'none'}"
    )


def _signature_problems(pm: pluggy.PluginManager, plugin: Any) -> list[str]:
    """The plugin's implementations of already declared hooks whose arguments the
    hook does not have (pluggy would refuse to register the plugin for them)."""
    reasons = []
    for attr in dir(plugin):
        try:
            opts = pm.parse_hookimpl_opts(plugin, attr)
        except Exception:
            continue
        if opts is None:
            continue
        name = opts.get("specname") or attr
        caller = getattr(pm.hook, name, None)
        if caller is None or not caller.has_spec():
            continue
        try:
            impl = pluggy.HookImpl(plugin, "?", getattr(plugin, attr), opts)
        except Exception:
            continue  # pluggy's own registration will say what is wrong
        spec = caller.spec
        reason = _argument_problem(name, impl.argnames, (*spec.argnames, *spec.kwargnames))
        if reason:
            reasons.append(reason)
    return reasons


def _unknown_hook(name: str, impl: pluggy.HookImpl, known: list[str]) -> str:
    function = getattr(impl.function, "__name__", name)
    what = f"'{function}'" + (f" (for hook '{name}')" if function != name else "")
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    if close:
        hint = f"; did you mean '{close[0]}'?"
    elif name.startswith(hookspecs.PROJECT + "_"):
        hint = f"; the hooks are: {', '.join(k for k in known if k.startswith(hookspecs.PROJECT + '_'))}"
    else:
        hint = (
            "; a hook that a game declares (with nbc_add_hookspecs) is known only while that "
            "game's plugin loads"
        )
    return f"{what} is marked @hookimpl, but no hook of that name is declared{hint}"


def _provides_nothing(plugin: Any) -> str:
    project = hookspecs.PROJECT + "_"
    unmarked = sorted(
        attr for attr in dir(plugin) if attr.startswith(project) and callable(getattr(plugin, attr, None))
    )
    if unmarked:
        names = ", ".join(unmarked)
        return (
            f"it implements no hook, so it adds nothing: {names} "
            f"{'is' if len(unmarked) == 1 else 'are'} not marked @hookimpl "
            "(from nbc.core.hookspecs import hookimpl)"
        )
    return (
        "it implements no hook, so it adds nothing; probably forgot @hookimpl "
        "(from nbc.core.hookspecs import hookimpl) on its hook functions"
    )


def _as_game(item: Any) -> Game:
    if inspect.isclass(item):
        if not issubclass(item, Game):
            raise TypeError(f"{item.__name__} is not a subclass of nbc.core.game.Game")
        return item()
    if not isinstance(item, Game):
        raise TypeError(f"{item!r} is not a Game")
    return item


def check_game(game: Game) -> None:
    """Refuse a game that breaks the contract, saying what is wrong."""
    cls = type(game)
    for attr in ("name", "title", "players", "variants", "State"):
        if not hasattr(game, attr):
            raise TypeError(f"{cls.__name__} has no '{attr}' attribute")
    if not isinstance(game.name, str) or not NAME_PATTERN.match(game.name):
        raise ValueError(
            f"name {game.name!r} must be lowercase letters, digits and dashes, starting with a letter"
        )
    if not isinstance(game.players, range) or len(game.players) == 0 or game.players.start < 1:
        raise ValueError(f"players must be a non-empty range of seat counts, not {game.players!r}")
    if not (inspect.isclass(game.Options) and issubclass(game.Options, BaseModel)):
        raise TypeError("Options must be a pydantic model class")
    if not isinstance(game.variants, dict) or not game.variants:
        raise ValueError("a game needs at least one variant")
    for method in ("setup", "prompts", "apply", "view", "outcome"):
        if getattr(cls, method) is getattr(Game, method):
            raise TypeError(f"{cls.__name__} does not implement {method}()")
    for key, variant in game.variants.items():
        if key != variant.name or not NAME_PATTERN.match(key):
            raise ValueError(f"variant key {key!r} must equal its name and be a lowercase slug")
        try:
            game.make_options(key, None)
        except BadOptions as error:
            raise ValueError(f"variant '{key}' has bad options: {error}") from None
        counts = game.seat_counts(key)
        if len(counts) == 0 or counts.start < 1:
            raise ValueError(f"variant '{key}' allows no seat count")


def _why(error: BaseException) -> str:
    if isinstance(error, NbcError):
        return str(error)
    return f"{type(error).__name__}: {error}"
