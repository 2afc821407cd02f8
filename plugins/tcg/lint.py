"""Checking TCG card data before any match is played: each card file, each card and
each expansion on its own.

`card_problems` reads one card the way the rules will: it compiles every program
(`effects.compile_program`, without registering it), parses every expression, and looks
up every name the card gives as a constant (a group, card id or kind; a Locale id; a
town; a keyword; a trigger event) in the pool the card belongs to. Each problem is a
`CardProblem` naming the file, the card and the field, and what would be right (the
nearest valid name, found with difflib, where one is close).

`check_expansion` loads one expansion's card files and ready decks and checks them
against the base pool and the expansions already taken in: the game leaves out an
expansion with any problem and reports it as a problem of the expansion's own plugin
(`TcgGame.plugin_problems`), so one bad expansion never takes the TCG down.
"""

from __future__ import annotations

import ast
import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nbc.core.cards import DataError, load_cards, load_table
from nbc.core.game import NAME_PATTERN, Variant
from nbc.plugins.tcg.constants import ANY_TOWN, HALLOWEENTOWN, TRIGGER_EVENTS
from nbc.plugins.tcg.effects import (
    EXPR_ARGS,
    KINDS,
    ExpressionError,
    TcgCard,
    compile_expression,
    compile_program,
)
from nbc.plugins.tcg.hooks import Expansion


@dataclass(frozen=True, slots=True)
class CardProblem:
    """One thing wrong with card data: where (file, card id, field) and what would be
    right. `card` is "" for a problem of a whole file, deck or expansion."""

    file: str
    card: str
    field: str
    reason: str

    def __str__(self) -> str:
        where = self.file
        if self.card:
            where += f": card '{self.card}'"
        if self.field:
            where += f", field '{self.field}'"
        return f"{where}: {self.reason}"


# What each argument of an expression function names, when it is given as a constant:
# `group` (a group, card id or kind, or `any`), `locale` (a Locale's card id), `town`
# (a town, or `any`), `keyword`; None for anything else (an instance id, a number). The
# last kind listed repeats for further arguments (`together(g1, g2, ...)`).
ARG_KINDS: dict[str, tuple[str | None, ...]] = {
    "mine": ("group",),
    "at": ("group", "locale"),
    "together": ("group",),
    "together_in": ("town", "group"),
    "locales_in": ("town",),
    "others_here": ("group",),
    "removable_here": ("group",),
    "here_is": ("locale",),
    "opp_has": ("group", "town"),
    "creations": ("group",),
    "is_": (None, "group"),
    "alias_in_play": ("group", None),
    "beneath": ("locale",),
    "in_discard": ("group",),
    "in_hand": ("group",),
    "chars_at": (None, "group"),
    "beside": (None, "group"),
    "has_both": (None, "group", "group"),
    "any_has": ("group",),
    "locales_named": ("locale",),
    "in_town": ("group", "town"),
    "has_keyword": (None, "keyword"),
    "active_in": ("town", None),
    "spread": ("group", "town"),
    "has_placed": (None, "group"),
}
# a value compared with one of these (`to == 'jacks-house'`, `kind(c) == 'character'`)
# names the kind of thing given
_COMPARED_NAMES = {"to": "locale", "here": "locale"}
_COMPARED_CALLS = {"where": "locale", "kind": "kind", "town": "town", "holiday": "holiday"}
_WHAT = {
    "group": "group, card id or kind",
    "locale": "Locale id",
    "town": "town",
    "keyword": "keyword",
    "kind": "card kind",
    "holiday": "holiday",
}
# card fields holding expressions, and those naming groups, Locales or keywords
_EXPRESSION_FIELDS = (
    "cost",
    "scare",
    "play_where",
    "play_when",
    "opponent_play",
    "opponent_when",
    "move_when",
)
_PARTS = ("functions", "modes", "abilities", "triggers", "responses")


@dataclass(slots=True)
class Names:
    """The names a card may give, by kind: those of the pool it belongs to (the base
    game's, or the base game's and one expansion's), its towns and its keywords."""

    groups: set[str] = field(default_factory=set)
    locales: set[str] = field(default_factory=set)
    towns: set[str] = field(default_factory=set)
    holidays: set[str] = field(default_factory=set)
    keywords: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, defs: Iterable[TcgCard], towns: Mapping[str, str], keywords: Iterable[str]) -> Names:
        """`towns`: holiday -> town, as `Expansion.towns` (the base game's added)."""
        cards = list(defs)
        groups = {"any", *KINDS, *(d.id for d in cards)}
        groups.update(g for d in cards for g in d.groups)
        holidays = {"halloween": HALLOWEENTOWN, **towns}
        return cls(
            groups=groups,
            locales={d.id for d in cards if d.is_locale},
            towns={ANY_TOWN, *holidays.values()},
            holidays=set(holidays),
            keywords=set(keywords),
        )

    def with_mentions(self, mentions: Iterable[str]) -> Names:
        """These names and a card's `mentions` (an expansion's names its rulings read),
        which pass as any kind of name."""
        more = set(mentions)
        return Names(
            self.groups | more,
            self.locales | more,
            self.towns | more,
            self.holidays | more,
            self.keywords | more,
        )

    def known(self, kind: str) -> set[str]:
        if kind == "kind":
            return set(KINDS)
        return {
            "group": self.groups,
            "locale": self.locales,
            "town": self.towns,
            "holiday": self.holidays,
            "keyword": self.keywords,
        }[kind]

    def miss(self, kind: str, value: str) -> str | None:
        """Why `value` is no `kind` of this pool (None: it is one)."""
        known = self.known(kind)
        if value in known or (value == "" and kind == "locale"):  # `where(c) == ''`: at no Locale
            return None
        if kind == "keyword" and any(k.endswith(":") and value.startswith(k) for k in known):
            return None  # a member of a family (`at-locale-as:jack-skellington`)
        return f"{value!r} is no {_WHAT[kind]} of this pool; {nearest(value, known)}"


def nearest(value: str, known: Iterable[str]) -> str:
    """'did you mean X?' with the closest of `known`, or what the choices are."""
    names = sorted(known)
    close = difflib.get_close_matches(value, names, n=1, cutoff=0.6)
    if close:
        return f"did you mean {close[0]!r}?"
    if len(names) <= 12:
        return f"known: {', '.join(names)}"
    return f"no known name is close ({len(names)} known)"


def expression_problems(text: str, names: Names) -> list[str]:
    """What is wrong with expression `text`: it does not compile (an unknown function,
    a construct not allowed) or names, as a constant, something the pool lacks."""
    try:
        compile_expression(text)
    except ExpressionError as error:
        return [str(error)]
    found: list[str] = []

    def check(kind: str | None, node: ast.AST) -> None:
        if kind is not None and isinstance(node, ast.Constant) and isinstance(node.value, str):
            why = names.miss(kind, node.value)
            if why:
                found.append(f"expression {text!r}: {why}")

    for node in ast.walk(ast.parse(text, mode="eval")):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            kinds = ARG_KINDS.get(node.func.id)
            if kinds:
                for k, arg in enumerate(node.args):
                    check(kinds[min(k, len(kinds) - 1)], arg)
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            kind = next((k for k in map(_compared_kind, sides) if k is not None), None)
            for side in sides:
                for item in side.elts if isinstance(side, ast.Tuple | ast.List) else [side]:
                    check(kind, item)
    return found


def _compared_kind(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return _COMPARED_NAMES.get(node.id)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return _COMPARED_CALLS.get(node.func.id)
    return None


def program_problems(steps: Any, where: str, names: Names) -> list[str]:
    """What is wrong with a program: it does not compile (an unknown op, an argument
    an op does not take), or an expression or `find` list in it is wrong."""
    try:
        code = compile_program(steps, where)
    except ExpressionError as error:
        return [str(error)]
    found: list[str] = []
    for k, ins in enumerate(code):
        at = f"{where} (step {k}, op {ins['op']!r})"
        for key in ("when", *sorted(EXPR_ARGS)):
            text = ins.get(key)
            if isinstance(text, str):
                found.extend(f"{at}: {p}" for p in expression_problems(text, names))
        find = ins.get("find")
        if isinstance(find, list):
            found.extend(
                f"{at}: find: {why}" for g in find if isinstance(g, str) and (why := names.miss("group", g))
            )
        if "do" in ins:
            found.extend(program_problems(ins["do"], f"{where}[{k}].do", names))
    return found


def card_problems(card: TcgCard, file: str, names: Names) -> list[CardProblem]:
    """Everything wrong with one card read from `file`, each naming its field."""
    out: list[CardProblem] = []
    if card.mentions:
        names = names.with_mentions(card.mentions)

    def add(field_: str, reason: str) -> None:
        out.append(CardProblem(file, card.id, field_, reason))

    def name(field_: str, kind: str, value: str) -> None:
        why = names.miss(kind, value)
        if why:
            add(field_, why)

    for key in _EXPRESSION_FIELDS:
        text = getattr(card, key)
        if text is not None:
            for p in expression_problems(text, names):
                add(key, p)
    for k, disc in enumerate(card.discounts):
        if disc.when:
            for p in expression_problems(disc.when, names):
                add(f"discounts[{k}].when", p)
        for g in disc.find:
            name(f"discounts[{k}].find", "group", g)
    for p in program_problems(card.on_play, "on_play", names):
        add("on_play", p)
    for part_name in _PARTS:
        for k, part in enumerate(getattr(card, part_name)):
            here = f"{part_name}[{k}]"
            for p in program_problems(part.ops, f"{here}.ops", names):
                add(f"{here}.ops", p)
            for key in ("when", "cost"):
                text = getattr(part, key, None)
                if text:
                    for p in expression_problems(text, names):
                        add(f"{here}.{key}", p)
    for k, trig in enumerate(card.triggers):
        if trig.on not in TRIGGER_EVENTS:
            add(f"triggers[{k}].on", f"no game event {trig.on!r}; {nearest(trig.on, TRIGGER_EVENTS)}")
    name("holiday", "holiday", card.holiday)
    for key in ("follows", "guards"):
        value = getattr(card, key)
        if value is not None:
            name(key, "group", value)
    for g in card.brings:
        name("brings", "group", g)
    if card.gathers_at is not None:
        name("gathers_at", "locale", card.gathers_at)
    for loc in card.leave_cost:
        name("leave_cost", "locale", loc)
    for word in card.keywords:
        name("keywords", "keyword", word)
    for word in card.lends:
        name("lends", "keyword", word)
    return out


def read_cards(folder: Path) -> tuple[dict[str, tuple[TcgCard, str]], list[CardProblem]]:
    """Every card of a folder's `*.toml` files, by id, with the file it came from, and
    the problems of files that do not load (a file with a problem gives no cards)."""
    files = sorted(Path(folder).glob("*.toml"))
    if not files:
        return {}, [CardProblem(str(folder), "", "", "no .toml card files found; expected at least one")]
    cards: dict[str, tuple[TcgCard, str]] = {}
    problems: list[CardProblem] = []
    for file in files:
        try:
            loaded = load_cards(file, TcgCard)
        except DataError as error:
            problems.extend(
                CardProblem(str(file), "", "", line.removeprefix(f"{file}: ")) for line in error.problems
            )
            continue
        for key, card in loaded.items():
            if key in cards:
                problems.append(
                    CardProblem(str(file), key, "id", f"duplicate id; already defined in {cards[key][1]}")
                )
            else:
                cards[key] = (card, str(file))
    return cards, problems


def pool_problems(
    cards: Mapping[str, tuple[TcgCard, str]], towns: Mapping[str, str], keywords: Iterable[str]
) -> list[CardProblem]:
    """Every card of a pool checked against the names of the whole pool."""
    names = Names.of((card for card, _ in cards.values()), towns, keywords)
    return [p for card, file in cards.values() for p in card_problems(card, file, names)]


@dataclass(slots=True)
class Checked:
    """One expansion as loaded and checked: its cards, its ready decks and its problems
    (an expansion with any problem is left out)."""

    info: Expansion
    defs: dict[str, TcgCard] = field(default_factory=dict)
    starters: dict[str, Any] = field(default_factory=dict)
    problems: list[CardProblem] = field(default_factory=list)


def check_expansion(
    info: Any,
    base: Mapping[str, TcgCard],
    base_keywords: Iterable[str],
    taken_cards: Mapping[str, str],
    taken_decks: Mapping[str, str],
    taken_variants: Iterable[str],
    check_deck: Any,
    base_sets: tuple[str, ...],
) -> Checked:
    """Load and check one expansion on its own: what `tcg_expansion` returned, its card
    files (each card against the base pool and its own cards), its card ids (none may be
    a base card's or another expansion's, `taken_cards`: id -> who has it), its towns and
    keywords, its ready decks (ids not taken, each a legal deck of its pool) and its
    variant (a new name whose options are valid). `check_deck(deck, defs, sets, where)`
    is the game's deck check."""
    from nbc.plugins.tcg.game import Starter, TcgOptions

    if not isinstance(info, Expansion):
        found = Checked(Expansion("?", Variant("?", "?")))
        found.problems.append(
            CardProblem("tcg_expansion", "", "", f"returned {type(info).__name__}, not an Expansion")
        )
        return found
    checked = Checked(info)
    problems = checked.problems
    label = f"expansion {info.name!r}"

    def whole(reason: str) -> None:
        problems.append(CardProblem(label, "", "", reason))

    if not isinstance(info.name, str) or not NAME_PATTERN.match(info.name):
        whole("its name must be lowercase letters, digits and dashes, starting with a letter")
    variant = info.variant
    if not isinstance(variant, Variant):
        whole(f"variant is a {type(variant).__name__}, not a nbc.core.game.Variant")
    else:
        if variant.name in taken_variants:
            whole(f"variant {variant.name!r} is taken already (by the TCG or another expansion)")
        try:
            options = TcgOptions.model_validate(variant.options)
        except Exception as error:
            whole(f"variant {variant.name!r} has bad options: {error}")
        else:
            if info.name not in options.expansions:
                whole(
                    f"variant {variant.name!r} does not enable the expansion: "
                    f"give it options expansions = [{info.name!r}]"
                )
    clash = sorted(set(info.towns) & {"halloween"})
    if clash:
        whole(f"towns: holiday {clash[0]!r} is the base game's own")
    keywords = {*base_keywords, *info.keywords}
    if info.cards is not None:
        cards, problems_ = read_cards(info.cards)
        problems.extend(problems_)
        for key, (card, file) in list(cards.items()):
            owner = "a base card" if key in base else taken_cards.get(key)
            if owner is not None:
                problems.append(
                    CardProblem(
                        file, key, "id", f"the id is {owner}'s already; give the card an id of its own"
                    )
                )
                del cards[key]
            elif card.set not in info.sets:
                problems.append(
                    CardProblem(
                        file,
                        key,
                        "set",
                        f"{card.set!r} is no set of the expansion; "
                        f"its sets: {', '.join(info.sets) or 'none'}",
                    )
                )
        pool = {**{k: (d, "base") for k, d in base.items()}, **cards}
        names = Names.of((card for card, _ in pool.values()), info.towns, keywords)
        for card, file in cards.values():
            problems.extend(card_problems(card, file, names))
        checked.defs = {key: card for key, (card, _) in cards.items()}
    if info.decks is not None:
        for path in sorted(Path(info.decks).glob("*.toml")):
            try:
                decks = load_table(path, Starter, "starter")
            except DataError as error:
                problems.extend(
                    CardProblem(str(path), "", "", line.removeprefix(f"{path}: ")) for line in error.problems
                )
                continue
            for key, deck in decks.items():
                if key in taken_decks:
                    problems.append(
                        CardProblem(
                            str(path), key, "id", f"ready deck {key!r} is {taken_decks[key]}'s already"
                        )
                    )
                    continue
                defs = {**base, **checked.defs}
                for why in check_deck(deck, defs, base_sets + tuple(info.sets), f"starter {key!r}"):
                    problems.append(CardProblem(str(path), key, "", why))
                checked.starters[key] = deck
    return checked
