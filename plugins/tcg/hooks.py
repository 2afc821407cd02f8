"""Hooks the TCG offers its expansions (added to the host with `nbc_add_hookspecs`).

An expansion implements these with `nbc.core.hookspecs.hookimpl` and names itself in
`tcg_expansion`. The TCG calls an expansion's hooks only in matches whose variant
enables it (`State.expansions`), and not at all in a base game. Every hook receives the
rules object `g` and the state; `g` offers an expansion the members listed in
`nbc.plugins.tcg.api.TcgApi` (and no others). Hooks returning a value are
`firstresult`: the first expansion with an answer decides, `None` means "no opinion".
docs/games/tcg.md ("Expansion hooks") describes how an expansion is put together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pluggy

from nbc.core.game import Variant

hookspec = pluggy.HookspecMarker("nbc")


@dataclass(frozen=True, slots=True)
class Expansion:
    """What an expansion brings: its name (as listed in the `expansions` option), the
    variant that enables it, the card sets it adds (the `set` of its cards), folders of
    card data (`[[card]]` TOML) and ready decks (`[[starter]]` TOML), the towns it adds
    (`towns`: a card `holiday` -> the town its Locales form and its Characters come from;
    the base game has `{"halloween": "halloweentown"}`), and the `keywords` its cards may
    print (the words its hooks read; a card printing a keyword no loaded game or
    expansion declares is refused when the data loads)."""

    name: str
    variant: Variant
    sets: tuple[str, ...] = ()
    cards: Path | None = None
    decks: Path | None = None
    towns: dict[str, str] = field(default_factory=dict)
    keywords: frozenset[str] = frozenset()


@hookspec
def tcg_expansion() -> Expansion:
    """Describe the expansion this plugin implements (see `Expansion`)."""


@hookspec(firstresult=True)
def tcg_locale_active(g: Any, st: Any, seat: int, k: int) -> bool | None:
    """Whether Locale k of seat's row is Active (None: the base rule decides)."""


@hookspec(firstresult=True)
def tcg_may_play_character(g: Any, st: Any, seat: int, card: str, town: int, k: int, how: str) -> bool | None:
    """Whether `seat` may put Character `card` at Locale k of the row of seat `town` (the
    row's owner: `seat` itself, or an opponent). `how` names the play path: `play` (from
    hand to your own row, paid, cheaper or free), `opponent` (into an opponent's row, as
    Easter Bunny), `replace` (a new version takes the old one's place at its Locale).
    False forbids it; None leaves it to the base rules."""


@hookspec(firstresult=True)
def tcg_may_move(g: Any, st: Any, town: int, card: str, frm: int, to: int) -> bool | None:
    """Whether a Character may go from Locale `frm` to Locale `to` of that row."""


@hookspec
def tcg_function_performed(g: Any, st: Any, seat: int, locale: str) -> None:
    """A Function was performed (Bonuses that answer Functions queue their effects)."""


@hookspec
def tcg_search_bonus(g: Any, st: Any, seat: int) -> int:
    """Extra cards a Search by `seat` turns over."""


@hookspec(firstresult=True)
def tcg_failed_search(g: Any, st: Any, seat: int, frame: Any, shown: list[str]) -> bool | str | None:
    """A Search found nothing: True lets `seat` choose one of the `shown` cards to keep,
    a card id keeps that card, None discards them all as usual."""


@hookspec(firstresult=True)
def tcg_locale_placements(
    g: Any, st: Any, seat: int, card: str
) -> list[tuple[str, str, int, list[str]]] | None:
    """Where a new Locale may go: (choice id, label, row index, refs), where `refs` are
    the card references of what the label names (`g.refs(st, card)`; see `Ask.of`)."""


@hookspec(firstresult=True)
def tcg_tiebreak_threshold(g: Any, st: Any, seat: int, k: int) -> int | None:
    """The threshold of an Active Locale counted for the second tie-break."""


@hookspec
def tcg_event(g: Any, st: Any, event: str, data: dict[str, Any]) -> None:
    """A game event happened (one of `rules.TRIGGER_EVENTS`, with the data triggers see):
    an expansion may queue triggers of its own (`st.triggers`), e.g. Locale Bonuses."""


@hookspec
def tcg_more_actions(g: Any, st: Any, seat: int) -> list[tuple[str, str, Any, list[str]]]:
    """Extra options for seat's turn menu: (choice id, label, action, refs), where an
    action is `["use", card, j]` (ability j of a card, such as a Locale) like the menu's own
    and `refs` are the card references of the cards the label names (`g.refs`, `g.named`)."""


@hookspec(firstresult=True)
def tcg_adjust_cost(g: Any, st: Any, seat: int, card: str, price: int) -> int | None:
    """The price of playing `card` after the expansion's changes (None: unchanged)."""


@hookspec
def tcg_price_cuts(cards: list[Any]) -> list[tuple[str, int, int | None]]:
    """Every price cut `tcg_adjust_cost` could make at once in a match holding these
    card definitions, each as (key, amount, least): the cards it applies to (a card id,
    kind or group), how much (below 0), and the price it never goes under (or None).
    The turn menu passes over cards dearer than the Pumpkin Points held, whatever the
    table; a cut left out here would hide a card that could be afforded."""


@hookspec
def tcg_check_deck(deck: Any, defs: dict[str, Any], where: str) -> list[str]:
    """Problems with a deck list under the expansion's construction rules (each one a
    sentence naming what is wrong and what is allowed)."""


@hookspec(firstresult=True)
def tcg_shelter(g: Any, st: Any, by: int, seat: int, source: str, against: str) -> bool | None:
    """Before `seat` is offered answers to player `by`'s card `source`: False shelters the
    player (the card does not affect them, as if answered); None lets it go on."""


@hookspec
def tcg_view(g: Any, st: Any, seat: int | None, view: dict[str, Any]) -> None:
    """`seat`'s view (None: a spectator's) has been built: the expansion may add fields
    of its own to it in place, public information only (what every seat may know)."""


@hookspec
def tcg_set_aside(g: Any, st: Any) -> list[tuple[str, str]]:
    """Cards the expansion keeps out of the TCG's own places for a while (set aside, face
    down beside a Locale), as (where, instance id) pairs: the checks that every card is
    in exactly one place count them there."""


HOOKS = (
    "tcg_locale_active",
    "tcg_may_play_character",
    "tcg_may_move",
    "tcg_function_performed",
    "tcg_search_bonus",
    "tcg_failed_search",
    "tcg_locale_placements",
    "tcg_tiebreak_threshold",
    "tcg_event",
    "tcg_more_actions",
    "tcg_adjust_cost",
    "tcg_check_deck",
    "tcg_shelter",
    "tcg_set_aside",
    "tcg_view",
)


class ExpansionHooks:
    """Calls a hook on the expansions a match enables (`State.expansions`) and no others."""

    def __init__(self, pm: pluggy.PluginManager, plugin_of: dict[str, str]) -> None:
        self.pm = pm
        self.plugin_of = plugin_of  # expansion name -> plugin name
        self._callers: dict[tuple[tuple[str, ...], str], Any] = {}
        self._bound: dict[tuple[str, ...], _Bound] = {}  # by expansions

    def of(self, st: Any) -> _Bound:
        """The callers for `st`'s expansions, one attribute per hook (the name without
        `tcg_`): the rules' inner loop calls these directly (through `Basics.hooks_of`,
        which keeps them with the state)."""
        key = tuple(st.expansions)
        bound = self._bound.get(key)
        if bound is None:
            bound = self._bound[key] = _Bound(self, key)
        return bound

    def caller_for(self, expansions: tuple[str, ...], hook: str) -> Any:
        key = (expansions, hook)
        found = self._callers.get(key)
        if found is None:
            enabled = {self.plugin_of[e] for e in expansions if e in self.plugin_of}
            others = [p for name, p in self.pm.list_name_plugin() if name not in enabled]
            subset = self.pm.subset_hook_caller(hook, remove_plugins=others)
            found = _DirectCall(subset)
            if found.first and len(found.impls) == 1 and found.impls[0][1] is None:
                found = found.impls[0][0]  # one implementation, same arguments: call it as it is
            self._callers[key] = found
        return found

    def search_bonus(self, g: Any, st: Any, seat: int) -> int:
        return sum(self.of(st).search_bonus(g, st, seat))

    def price_cuts(self, expansions: tuple[str, ...], cards: list[Any]) -> list[Any]:
        return [cut for cuts in self.caller_for(expansions, "tcg_price_cuts")(cards) for cut in cuts]

    def check_deck(
        self, expansions: tuple[str, ...], deck: Any, defs: dict[str, Any], where: str
    ) -> list[str]:
        found = self.caller_for(expansions, "tcg_check_deck")(deck, defs, where)
        return [problem for problems in found for problem in problems]


class _Bound:
    """The hook callers of one set of expansions, as attributes named like the hooks
    without `tcg_`. Hooks whose results are ignored (`event`, `function_performed`) are
    bound straight to a lone implementation too, and `more_actions` gives one list (of
    every implementation's entries; None when a lone implementation has none)."""

    def __init__(self, hooks: ExpansionHooks, expansions: tuple[str, ...]) -> None:
        for name in HOOKS:
            found = hooks.caller_for(expansions, name)
            lone = isinstance(found, _DirectCall) and len(found.impls) == 1 and found.impls[0][1] is None
            if lone and name in _RESULT_IGNORED | _JOINED:
                found = found.impls[0][0]
            elif name in _JOINED:
                found = _Joined(found)
            setattr(self, name[len("tcg_") :], found)


class _Joined:
    """Calls a hook whose implementations each return a list, and joins the lists."""

    __slots__ = ("caller",)

    def __init__(self, caller: Any) -> None:
        self.caller = caller

    def __call__(self, *args: Any) -> list[Any]:
        return [item for found in self.caller(*args) for item in found]


_RESULT_IGNORED = frozenset({"tcg_event", "tcg_function_performed", "tcg_view"})
_JOINED = frozenset({"tcg_more_actions", "tcg_set_aside"})
# every hook this module declares
HOOKS = tuple(name for name, value in list(globals().items()) if name.startswith("tcg_") and callable(value))


class _DirectCall:
    """A hook caller for the rules' inner loop: the implementations that pluggy would call,
    in pluggy's order (last registered first, honouring tryfirst/trylast), called directly
    with positional arguments in the spec's order. Hooks here never wrap each other, so
    this gives pluggy's results without its per-call bookkeeping, which was the largest
    cost of a Christmas Town game."""

    __slots__ = ("impls", "first")

    def __init__(self, caller: Any) -> None:
        impls = caller.get_hookimpls()
        if any(i.hookwrapper or i.wrapper for i in impls):
            raise ValueError(f"{caller.name}: TCG hooks cannot be wrappers")
        spec = tuple(caller.spec.argnames) if caller.spec else ()
        # each implementation with the positions of the spec arguments it takes
        # (a compiled implementation is called as itself, not through its Python twin)
        self.impls = [
            (
                getattr(i.function, "compiled", i.function),
                None if tuple(i.argnames) == spec else tuple(spec.index(n) for n in i.argnames),
            )
            for i in reversed(impls)
        ]
        self.first = bool(caller.spec and caller.spec.opts.get("firstresult"))

    def __call__(self, *args: Any) -> Any:
        results = []
        for function, picks in self.impls:
            result = function(*args) if picks is None else function(*[args[k] for k in picks])
            if result is not None:
                if self.first:
                    return result
                results.append(result)
        return None if self.first else results
