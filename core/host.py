"""The plugin host: loads plugins, collects their games and bots.

Plugins come from the `nbc` entry-point group (built-in games included) and from
objects passed in directly (tests, embedding). One that fails to import, or a game
that breaks the contract, is recorded as a `PluginProblem` with its name and reason;
everything else still loads.
"""

from __future__ import annotations

import inspect
import os
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

import pluggy
from pydantic import BaseModel

from nbc.core import bots, hookspecs
from nbc.core.errors import BadOptions, NbcError
from nbc.core.game import NAME_PATTERN, Game

ENTRY_POINT_GROUP = "nbc"
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
    plugin: str
    source: str
    reason: str


@dataclass(slots=True)
class PluginHost:
    pm: pluggy.PluginManager
    plugins: list[PluginInfo] = field(default_factory=list)
    problems: list[PluginProblem] = field(default_factory=list)
    games: dict[str, Game] = field(default_factory=dict)
    bots: dict[str, Any] = field(default_factory=dict)
    blocked: list[str] = field(default_factory=list)

    @classmethod
    def load(
        cls, extra: list[Any] | None = None, entry_points_: bool = True, disabled: list[str] | None = None
    ) -> PluginHost:
        """Build a host: the host's own plugin, every `nbc` entry point (unless
        `entry_points_` is False), then `extra` plugin objects or modules. Plugins named
        in `disabled` (default: the NBC_DISABLE_PLUGINS variable) are blocked with
        pluggy's blocking and never register."""
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        host = cls(pm)
        host.blocked = disabled_from_environment() if disabled is None else list(disabled)
        for name in host.blocked:
            pm.set_blocked(name)
        host._register(bots, "nbc.core.bots", "host")
        if entry_points_:
            for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
                dist = f" ({ep.dist.name} {ep.dist.version})" if ep.dist else ""
                source = f"entry point {ep.name} = {ep.value}{dist}"
                if pm.is_blocked(ep.name):
                    continue
                try:
                    plugin = ep.load()
                except Exception as error:  # a broken plugin must not stop the others
                    host.problems.append(PluginProblem(ep.name, source, f"failed to import: {_why(error)}"))
                    continue
                host._register(plugin, ep.name, source)
        for plugin in extra or []:
            name = getattr(plugin, "__name__", None) or type(plugin).__name__
            host._register(plugin, name, "registered directly")
        host._collect()
        return host

    def _register(self, plugin: Any, name: str, source: str) -> None:
        try:
            if self.pm.register(plugin, name=name) is None:
                return  # blocked (NBC_DISABLE_PLUGINS)
        except Exception as error:
            self.problems.append(PluginProblem(name, source, f"cannot register: {_why(error)}"))
            return
        self.plugins.append(PluginInfo(name, source))

    def _collect(self) -> None:
        # Hook specs first, so expansions' hooks are known before games are used.
        for impl in self.pm.hook.nbc_add_hookspecs.get_hookimpls():
            try:
                impl.function(pm=self.pm)
            except Exception as error:
                self._problem(impl.plugin_name, f"nbc_add_hookspecs failed: {_why(error)}")
        # Specs added late must also check implementations registered earlier.
        self.pm.check_pending()
        for impl in self.pm.hook.nbc_games.get_hookimpls():
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
        for impl in self.pm.hook.nbc_bots.get_hookimpls():
            try:
                for bot in impl.function():
                    self.bots.setdefault(bot.name, bot)
            except Exception as error:
                self._problem(impl.plugin_name, f"nbc_bots failed: {_why(error)}")

    def _provider(self, game: str) -> str:
        return next((p.name for p in self.plugins if game in p.games), "unknown")

    def _problem(self, plugin: str, reason: str) -> None:
        source = next((p.source for p in self.plugins if p.name == plugin), "unknown")
        self.problems.append(PluginProblem(plugin, source, reason))

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

    def graphql_types(self) -> list[Any]:
        types_: list[Any] = []
        for result in self.pm.hook.nbc_graphql_types():
            types_.extend(result or [])
        return types_


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
