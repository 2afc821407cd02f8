"""The card-data vocabulary of the TCG: the card model, expressions and effect programs.

A card's rules live in its TOML entry (see docs/games/tcg.md, "Card data"):

* **expressions** are short Python-like formulas in strings, such as
  `"number - (1 if to == 'jacks-house' else 0)"` or `"others_here('player') > 0"`.
  They may only call the functions listed in `FUNCTIONS`; anything else is refused
  when the data loads. Names that are not functions read the effect's variables (the
  `as` of an earlier step).
* **programs** are lists of steps, each a table with an `op` and its arguments, run in
  order. A step that cannot be carried out (no legal target, a cost that cannot be
  paid, a `require` that is false) **fails**, and a failed step ends its program: this
  is the rulebook's "and then" / "to". Control steps are `if` (with `then` and `else`
  lists), `may` (an optional part the player accepts or declines) and `require`.
  Any step may carry `when = "expr"`, which skips it (without failing) when false.

`compile_program` flattens a program into a list of instructions with jumps, so a
running effect is just a program key and a position: plain data that saves, loads and
replays mid-effect. The ops themselves are in `OPS`; each takes the rules object, the
state, the running frame and the instruction, and returns `True` (done), `False`
(failed) or `ASK` (a question is now open; the op runs again once it is answered).
"""

from __future__ import annotations

import ast
import difflib
import math
from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from pydantic import Field, model_validator

from nbc.core.cards import CardDef, DataModel

ASK = "ask"

KINDS = ("starting-locale", "locale", "character", "creation", "surprise")


# --- the card model --------------------------------------------------------------------
class Function(DataModel):
    label: str
    ops: list[dict[str, Any]]


class Mode(DataModel):
    label: str
    ops: list[dict[str, Any]]
    when: str | None = None  # expression: the mode may only be chosen when true
    # when the Surprise may be played this way: in your own turn, or in the Start Phase
    # when your turn to do the Pumpkin King's activity comes
    phase: Literal["turn", "king"] = "turn"


class Ability(DataModel):
    """An ability the owner may use during their own turn (`hex`: once per turn)."""

    label: str
    ops: list[dict[str, Any]]
    when: str | None = None
    hex: bool = False


class TriggerDef(DataModel):
    """`on` names a game event (see `TRIGGER_EVENTS`); `when` narrows it."""

    on: str
    ops: list[dict[str, Any]]
    when: str | None = None
    hex: bool = False


class Response(DataModel):
    """A card that may answer another player's card. `against` is what it answers:
    `hand-discard` (a card making you discard from hand), `character` (a card affecting
    one of your Characters in play), `surprise-character` (an opponent's Surprise
    affecting one of your Characters) or `card` (a card affecting one of your other
    cards in play). `zone` is where the card must be: `hand` (a
    Surprise played on another player's turn) or `play` (a card in your town)."""

    against: Literal["hand-discard", "character", "surprise-character", "card"]
    zone: Literal["hand", "play"]
    label: str
    cost: str | None = None  # expression; default: the card's number (hand) or free (play)
    when: str | None = None  # expression over `c`, the card being affected; without one it may answer any
    ops: list[dict[str, Any]] = Field(default_factory=list)  # after the answer, for the responder
    # where a card in play goes to answer: back to its owner's hand, discarded from play,
    # or nowhere (it answers and stays in play: Christmas Town Gates)
    leaves_to: Literal["hand", "discard", "nowhere"] = "hand"


class CostDiscount(DataModel):
    """An optional cost reduction paid by discarding: `per` less for each card discarded
    from `zone` (`hand`, or `town`: your Halloweentown) matching `find`, at most `max` cards."""

    zone: Literal["hand", "town"]
    find: list[str]
    per: int
    max: int
    when: str | None = None
    label: str
    batch: int = 1  # cards that must go together for one reduction
    exclusive: bool = False  # only when no earlier discount of this card was taken


class TcgCard(CardDef):
    alias: str = ""
    kind: Literal["starting-locale", "locale", "character", "creation", "surprise"]
    set: str
    number: int | None = None
    variable: bool = False  # the Scare Number is worked out in play (`scare`)
    rarity: str
    text: str
    start_hand: int | None = None
    groups: list[str] = Field(default_factory=list)
    # the card's holiday, which names its home town (Expansion.towns): the base game knows
    # `halloween` (Halloweentown); an expansion adds its own (checked when the game loads)
    holiday: str = "halloween"
    cost: str | None = None  # expression; default: the number
    scare: str | None = None  # expression for a variable Scare Number
    play_where: str | None = None  # expression over `to`: where a Character may be played
    play_when: str | None = None  # expression: whether the card may be played at all
    opponent_play: str | None = None  # expression for the cost of playing it into an opponent's town
    opponent_when: str | None = None  # expression: whether it may be played into an opponent's town now
    discounts: list[CostDiscount] = Field(default_factory=list)
    on_play: list[dict[str, Any]] = Field(default_factory=list)
    functions: list[Function] = Field(default_factory=list)
    modes: list[Mode] = Field(default_factory=list)
    abilities: list[Ability] = Field(default_factory=list)
    triggers: list[TriggerDef] = Field(default_factory=list)
    responses: list[Response] = Field(default_factory=list)
    cannot_move: bool = False
    move_when: str | None = None  # expression: the Character may only move while it holds
    leave_cost: dict[str, int] = Field(default_factory=dict)  # locale id -> Movement to leave it
    move_anywhere: bool = False  # one Movement takes it to any Locale of its town
    gathers_at: str | None = None  # locale id: one Movement there pulls in Characters from next door
    follows: str | None = None  # group: may follow that Character when it leaves their shared Locale
    brings: list[str] = Field(default_factory=list)  # groups it may take along when it moves
    immune: bool = False  # cannot be discarded from play by any card
    lends: list[str] = Field(default_factory=list)  # keywords it gives the card it is Stacked on
    guards: str | None = None  # group: may be discarded instead of a Character of that group here
    center: bool = False  # a Surprise that sits in the centre of the table until the End Phase
    modifiers: dict[str, int] = Field(default_factory=dict)  # centre/placed effects on costs
    not_a_creation_count: bool = False
    full_price: bool = False  # price cuts from centre or placed Surprises do not apply to it
    keywords: list[str] = Field(default_factory=list)  # printed rules words an expansion's hooks read
    beneath_scare: int = 0  # Scare added per card tucked beneath it (House of Cards)
    authored: list[str] = Field(default_factory=list)  # fields whose values are a ruling, not print
    # names of an expansion's cards, groups or holidays the card's expressions read (a
    # ruling for play with it): the check that every name is in the pool lets these by
    mentions: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> TcgCard:
        if self.kind == "starting-locale" and self.start_hand is None:
            raise ValueError("a starting-locale needs start_hand")
        if self.number is None and not self.variable:
            raise ValueError("number is required unless variable = true")
        if self.variable and self.scare is None:
            raise ValueError("a variable card needs a `scare` expression")
        if self.kind in ("locale", "starting-locale") and not (
            self.functions or self.triggers or self.abilities or self.keywords
        ):
            raise ValueError(
                "a Locale needs `functions` (or, for an expansion's Locale, triggers, abilities or keywords)"
            )
        if self.kind == "surprise" and not self.modes:
            raise ValueError("a Surprise needs at least one entry in `modes`")
        return self

    @property
    def title_key(self) -> str:
        return self.groups[0] if self.groups else self.id

    @property
    def is_locale(self) -> bool:
        return self.kind in ("locale", "starting-locale")


# what a card is, as opposed to what it does: every other field is a rule of the card
FACT_FIELDS = frozenset(
    {
        "id",
        "name",
        "alias",
        "kind",
        "set",
        "number",
        "rarity",
        "text",
        "start_hand",
        "groups",
        "holiday",
        "authored",
        "mentions",
    }
)


def is_plain(card: TcgCard) -> bool:
    """Whether a card has no printed effect: every rules field is left at its default."""
    return all(
        getattr(card, name) == info.get_default(call_default_factory=True)
        for name, info in TcgCard.model_fields.items()
        if name not in FACT_FIELDS
    )


# --- expressions -----------------------------------------------------------------------
# name -> what it means; the rules object implements each as a method `x_<name>`.
FUNCTIONS = {
    "mine": "mine(g): how many of your Characters in your Halloweentown answer to group or id g",
    "at": "at(g, loc): how many of your Characters answering to g stand at your Locale loc",
    "together": "together(g1, g2, ...): whether one of your Halloweentown Locales holds all those Characters",
    "together_in": "together_in(t, g1, g2, ...): the same in your town t (`any`: any of your Locales)",
    "locales_in": "locales_in(t): your Locales in town t (`any`: all of them)",
    "others_here": "others_here(g='any'): Characters of yours at the source's Locale, other than it",
    "removable_here": "removable_here(g='any'): those of others_here(g) that can be discarded from play",
    "here_is": "here_is(loc): whether the source Character stands at (or is being played to) Locale loc",
    "opp_has": "opp_has(g, t='any'): whether an opponent has a Character answering to g in play (in town t)",
    "creations": "creations(g='any'): your Creations in play (matching g)",
    "hand": "hand(): cards in your hand",
    "deck": "deck(): cards in your Main Deck",
    "pp": "pp(): your Pumpkin Points",
    "start_hand": "start_hand(): the starting-hand size on your Starting Locale",
    "active": "active(min_threshold=0): your Active Halloweentown Locales with at least that threshold",
    "locales": "locales(): your Halloweentown Locales in play",
    "scare": "scare(card): the current Scare Number of a card (instance id)",
    "printed": "printed(card): the printed number of a card",
    "is_": "is_(card, g): whether a card answers to group or id g",
    "kind": "kind(card): the card's kind",
    "alias": "alias(card): the card's alias",
    "owner": "owner(card): the seat owning a card",
    "me": "me(): your seat",
    "king": "king(): the seat holding the Pumpkin King card",
    "self_card": "self_card(): the instance id of the card whose effect this is",
    "where": "where(card): the Locale id a Character stands at",
    "alias_in_play": "alias_in_play(g, a): whether your Character answering to g with alias a is in play",
    "day": "day(): the current Day (1 to 12)",
    "beneath": "beneath(loc): cards tucked face down under your Locale loc",
    "opp_count": "opp_count(card): the Characters at that card's Locale",
    "in_discard": "in_discard(g='any'): cards in your discard pile matching g",
    "in_hand": "in_hand(g='any'): cards in your hand matching g",
    "hand_of": "hand_of(seat): cards in that player's hand",
    "immune": "immune(card): whether the card cannot be discarded from play",
    "opp_scare_count": "opp_scare_count(lo, hi): opponents' Characters with Scare from lo to hi",
    "function_used": "function_used(): whether this turn's Function has been performed",
    "total_scare": "total_scare(): the Scare Numbers of all your Characters added up",
    "chars_at": "chars_at(locale, g='any'): Characters matching g at that Locale (instance id)",
    "beside": "beside(card, g): whether a Character matching g stands at the same Locale as card",
    "opp_placed_count": "opp_placed_count(): Surprises opponents have placed on the table",
    "has_both": "has_both(seat, g1, g2): whether that player's Halloweentown holds Characters matching both",
    "any_has": "any_has(g): whether any player has a Character matching g in play",
    "locales_named": "locales_named(loc): how many of your Locales are loc",
    "witches_locale": "witches_locale(): your Active Locale of threshold 4 or less with both witches, or ''",
    "dice_pending": "dice_pending(): whether your Sound of Rollin' Dice may be rolled again",
    "left": "left(): the seat of the player on your left (next in turn order)",
    "locale_of": "locale_of(card): the instance id of the Locale a Character stands at ('' if none)",
    "holiday": "holiday(card): the card's holiday, 'halloween' or 'christmas'",
    "title_held": "title_held(card): the town the card is in holds a card of the source's title already",
    "town": "town(card): the town of a Locale, or of the Locale a Character stands at ('' if none)",
    "in_town": "in_town(g, t): your Characters answering to g in your town t (`any`: in play)",
    "has_keyword": "has_keyword(card, k): whether the card carries keyword k (or has been granted it)",
    "active_in": "active_in(t, m=0): your Active Locales in town t (`any`: all), threshold >= m",
    "locale_active": "locale_active(card): whether a Locale (or the Locale a Character stands at) is Active",
    "turn": "turn(): the seat whose Player Turn it is (-1 outside the Player Turns)",
    "spread": "spread(g, t='any'): how many of your Locales (in town t) hold your Characters answering to g",
    "has_placed": "has_placed(seat, g): whether that player has a Surprise answering to g on the table",
    "discarded": "discarded(card): whether the card lies in its owner's discard pile",
}
_SAFE_NODES = (
    ast.Expression,
    ast.BoolOp,
    ast.BinOp,
    ast.UnaryOp,
    ast.Compare,
    ast.IfExp,
    ast.Call,
    ast.Constant,
    ast.Name,
    ast.Load,
    ast.Tuple,
    ast.List,
    ast.And,
    ast.Or,
    ast.Not,
    ast.Add,
    ast.Sub,
    ast.Mult,
    ast.FloorDiv,
    ast.Mod,
    ast.USub,
    ast.Eq,
    ast.NotEq,
    ast.Lt,
    ast.LtE,
    ast.Gt,
    ast.GtE,
    ast.In,
    ast.NotIn,
)
_BUILTINS = {"min": min, "max": max, "len": len, "abs": abs}
# names an expression reads from the evaluation context rather than the effect's variables
_CONTEXT = {"to", "number", "c", "here"}


class ExpressionError(ValueError):
    pass


class _Rewrite(ast.NodeTransformer):
    """Turn `f(x)` into `E.x_f(x)` and a bare name into `E.v('name')`."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        node.args = [self.visit(a) for a in node.args]
        name = node.func.id  # checked in compile_expression
        if name in _BUILTINS:
            return node
        node.func = ast.Attribute(ast.Name("E", ast.Load()), f"x_{name}", ast.Load())
        return node

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in _BUILTINS or node.id in ("True", "False", "None"):
            return node
        return ast.Call(
            ast.Attribute(ast.Name("E", ast.Load()), "v", ast.Load()), [ast.Constant(node.id)], []
        )


_EXPR_CACHE: dict[str, Callable[[Any], Any]] = {}


def compile_expression(text: str) -> Callable[[Any], Any]:
    """Compile an expression string into a function of the rules object (once per text)."""
    found = _EXPR_CACHE.get(text)
    if found is not None:
        return found
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as error:
        raise ExpressionError(f"expression {text!r} does not parse: {error.msg}") from None
    for node in ast.walk(tree):
        if not isinstance(node, _SAFE_NODES):
            raise ExpressionError(
                f"expression {text!r}: {type(node).__name__} is not allowed "
                "(only arithmetic, comparisons, and/or/not, x if c else y and the listed functions)"
            )
        if isinstance(node, ast.Call) and (
            not isinstance(node.func, ast.Name)
            or (node.func.id not in FUNCTIONS and node.func.id not in _BUILTINS)
        ):
            shown = ast.unparse(node.func)
            known = sorted(FUNCTIONS) + sorted(_BUILTINS)
            raise ExpressionError(
                f"expression {text!r}: unknown function {shown!r}; "
                f"{_closest(shown, known)}known: {', '.join(known)}"
            )
    body = _Rewrite().visit(tree.body)
    lam = ast.Expression(
        ast.Lambda(
            ast.arguments(posonlyargs=[], args=[ast.arg("E")], kwonlyargs=[], kw_defaults=[], defaults=[]),
            body,
        )
    )
    ast.fix_missing_locations(lam)
    fn = eval(compile(lam, f"<expr {text}>", "eval"), {"__builtins__": {}, **_BUILTINS})  # noqa: S307
    _EXPR_CACHE[text] = fn
    return fn


def _closest(name: str, known: list[str]) -> str:
    """'did you mean X? ' for the known name nearest a misspelt one, or ''."""
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}? " if close else ""


def cut_price(price: float, amount: int, least: int | None = None) -> float:
    """`price` changed by `amount`. A cut (below 0) with a `least` price stops there,
    and never makes a card dearer than it was."""
    return price + amount if least is None else max(price + amount, min(price, least))


# Functions whose value is never below 0 (counts) or only 0 or 1 (tests): what
# `expression_bounds` knows of them. Every other function may give anything.
_COUNTS = {
    "mine", "at", "others_here", "removable_here", "creations", "hand", "deck", "pp", "start_hand", "active",
    "locales", "beneath", "opp_count", "in_discard", "in_hand", "hand_of", "opp_scare_count",
    "total_scare", "chars_at", "opp_placed_count", "locales_named", "in_town", "active_in", "locales_in",
    "spread",
}  # fmt: skip
_TESTS = {
    "together", "here_is", "opp_has", "is_", "alias_in_play", "immune", "function_used", "beside",
    "has_both", "any_has", "dice_pending", "has_keyword", "locale_active", "together_in", "has_placed",
    "discarded",
}  # fmt: skip
_ANY = (-math.inf, math.inf)


Bounds = tuple[float, float]
# what a caller knows of a function call with constant arguments: its bounds, or None
CallFacts = Callable[[str, list[Any]], Bounds | None]


def expression_bounds(text: str, known: dict[str, int], calls: CallFacts | None = None) -> Bounds:
    """The least and greatest value a numeric expression can take, whatever the table,
    with the names in `known` fixed (`number`, say) and `calls` telling what it knows of
    function calls; (-inf, inf) where nothing is known. A test whose bounds decide it
    (a count that is always 0, say) takes only the branch it decides."""
    return _bounds(ast.parse(text, mode="eval").body, known, calls)


def _truth(bounds: Bounds) -> bool | None:
    """Whether a value within `bounds` is always true (True), always false (False), or either."""
    lo, hi = bounds
    if lo == hi == 0:
        return False
    return True if lo > 0 or hi < 0 else None


def _compare(op: ast.cmpop, a: Bounds, b: Bounds) -> bool | None:
    (alo, ahi), (blo, bhi) = a, b
    if isinstance(op, ast.Gt | ast.Lt):
        if isinstance(op, ast.Lt):
            (alo, ahi), (blo, bhi) = (blo, bhi), (alo, ahi)
        return True if alo > bhi else False if ahi <= blo else None
    if isinstance(op, ast.GtE | ast.LtE):
        if isinstance(op, ast.LtE):
            (alo, ahi), (blo, bhi) = (blo, bhi), (alo, ahi)
        return True if alo >= bhi else False if ahi < blo else None
    if isinstance(op, ast.Eq | ast.NotEq) and _ANY not in (a, b):
        same = True if alo == ahi == blo == bhi else False if ahi < blo or bhi < alo else None
        return same if same is None or isinstance(op, ast.Eq) else not same
    return None


def _bounds(node: ast.AST, known: dict[str, int], calls: CallFacts | None) -> Bounds:
    def sub(n: ast.AST) -> Bounds:
        return _bounds(n, known, calls)

    if isinstance(node, ast.Constant):
        value = node.value
        return (value, value) if isinstance(value, int | float) else _ANY
    if isinstance(node, ast.Name):
        return (known[node.id], known[node.id]) if node.id in known else _ANY
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        lo, hi = sub(node.operand)
        return -hi, -lo
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
        (a, b), (c, d) = sub(node.left), sub(node.right)
        return (a + c, b + d) if isinstance(node.op, ast.Add) else (a - d, b - c)
    if isinstance(node, ast.IfExp):
        test = _truth(sub(node.test))
        if test is not None:
            return sub(node.body if test else node.orelse)
        (a, b), (c, d) = sub(node.body), sub(node.orelse)
        return min(a, c), max(b, d)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        test = _truth(sub(node.operand))
        return (0, 1) if test is None else (float(not test), float(not test))
    if isinstance(node, ast.Compare):
        if len(node.ops) == 1:
            verdict = _compare(node.ops[0], sub(node.left), sub(node.comparators[0]))
            if verdict is not None:
                return float(verdict), float(verdict)
        return 0, 1
    if isinstance(node, ast.BoolOp):  # `and` / `or` give one of their operands
        parts = [sub(v) for v in node.values]
        if isinstance(node.op, ast.And) and any(_truth(p) is False for p in parts):
            return 0, 0  # a number that is always 0 (or False) makes the whole `and` 0
        return min(lo for lo, _ in parts), max(hi for _, hi in parts)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        name = node.func.id
        if name in ("min", "max") and node.args and not node.keywords:
            parts = [sub(a) for a in node.args]
            pick = min if name == "min" else max
            return pick(lo for lo, _ in parts), pick(hi for _, hi in parts)
        if calls is not None and all(isinstance(a, ast.Constant) for a in node.args) and not node.keywords:
            found = calls(name, [a.value for a in node.args])  # type: ignore[attr-defined]
            if found is not None:
                return found
        if name in _COUNTS:
            return 0, math.inf
        if name in _TESTS:
            return 0, 1
    return _ANY


# --- programs --------------------------------------------------------------------------
# Every op and the arguments it takes (beyond `op`, `when` and `as`). Documented in
# docs/games/tcg.md; checked when the data loads.
OP_ARGS: dict[str, set[str]] = {}
OPS: dict[str, Callable[..., Any]] = {}


def op(name: str, *args: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        OPS[name] = fn
        OP_ARGS[name] = set(args)
        return fn

    return register


CONTROL = {"if", "may", "require", "jump", "jump_unless", "end"}
EXPR_ARGS = {"n", "max", "filter", "cond", "cost", "count"}


def compile_program(steps: list[dict[str, Any]], where: str) -> list[dict[str, Any]]:
    """Flatten a program (with nested `if` / `may`) into instructions with jumps."""
    out: list[dict[str, Any]] = []
    _emit(steps, out, where)
    return out


def _emit(steps: list[dict[str, Any]], out: list[dict[str, Any]], where: str) -> None:
    if not isinstance(steps, list):
        raise ExpressionError(f"{where}: a program is a list of steps, not {type(steps).__name__}")
    for k, step in enumerate(steps):
        at = f"{where}[{k}]"
        if not isinstance(step, dict):
            raise ExpressionError(f"{at}: a step is a table with an `op`, not {step!r}")
        step = dict(step)
        when = step.pop("when", None)
        if when is not None:
            compile_expression(when)
        if "if" in step:
            cond = step.pop("if")
            then, other = step.pop("then", []), step.pop("else", [])
            if step:
                raise ExpressionError(f"{at}: an `if` step takes only then/else, not {sorted(step)}")
            compile_expression(cond)
            jump_else = {"op": "jump_unless", "cond": cond if when is None else f"({when}) and ({cond})"}
            out.append(jump_else)
            _emit(then, out, f"{at}.then")
            if other:
                jump_end = {"op": "jump"}
                out.append(jump_end)
                jump_else["to"] = len(out)
                _emit(other, out, f"{at}.else")
                jump_end["to"] = len(out)
            else:
                jump_else["to"] = len(out)
            continue
        if "may" in step:
            label = step.pop("may")
            then = step.pop("then", [])
            if step:
                raise ExpressionError(f"{at}: a `may` step takes only then, not {sorted(step)}")
            ask = {"op": "may", "label": label, "when": when}
            out.append(ask)
            _emit(then, out, f"{at}.then")
            ask["to"] = len(out)
            continue
        name = step.get("op")
        if name not in OPS:
            hint = _closest(name, list(OPS)) if isinstance(name, str) else ""
            raise ExpressionError(f"{at}: unknown op {name!r}; {hint}known ops: {', '.join(sorted(OPS))}")
        allowed = OP_ARGS[name] | {"op", "as"}
        extra = set(step) - allowed
        if extra:
            hints = "".join(_closest(key, sorted(allowed)) for key in sorted(extra))
            raise ExpressionError(
                f"{at}: op {name!r} does not take {sorted(extra)}; "
                f"{hints}it takes {sorted(OP_ARGS[name]) or 'nothing'}"
            )
        for key in EXPR_ARGS & set(step):
            if isinstance(step[key], str):
                compile_expression(step[key])
        if when is not None:
            step["when"] = when
        out.append(step)


PROGRAMS: dict[str, list[dict[str, Any]]] = {}
# program key -> the coverage key (`nbc.core.coverage`) its card's effect reports
PROGRAM_FIRES: dict[str, str] = {}
# steps that only steer a program or pick a target: the card's effect has not done anything yet
QUIET_OPS = CONTROL | {"set", "choose", "each"}
# Python effects for the few cards no op fits, by name: fn(g, st, f, ins, ctx) like an op.
CUSTOM: dict[str, Callable[..., Any]] = {}


def custom(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        CUSTOM[name] = fn
        return fn

    return register


# For a custom effect that may find nothing to do: fn(g, st, f, ins) -> bool, whether
# it could be carried out now (`f` a probe frame holding what the steps before it
# chose). A mode, Function or ability whose first part is that effect is offered only
# when it holds (`Primitives.can_start`); without one the effect is taken to be possible.
CHECKS: dict[str, Callable[..., bool]] = {}


def custom_check(name: str) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    def register(fn: Callable[..., bool]) -> Callable[..., bool]:
        CHECKS[name] = fn
        return fn

    return register


# ops whose first use in a program can find nothing to act on (see `program_lead`)
TARGET_OPS = frozenset(
    {
        "destroy",
        "bounce",
        "discard_card",
        "stack",
        "tuck_char",
        "relocate",
        "recover",
        "discard",
        "random_discard",
    }
)
# where the leading part of a program ends at the latest: where it branches or hands over
_LEAD_ENDS = frozenset({"may", "jump", "jump_unless", "end", "each"})
LEADS: dict[str, list[dict[str, Any]]] = {}


def program_lead(key: str) -> list[dict[str, Any]]:
    """The steps of program `key` that decide whether its first part can be done: the
    choices and tests it opens with and the first step that acts (with the steps before
    it that a `when` may skip), or [] when none of them can find nothing to act on (a
    draw, a Search, Pumpkin Points: such a program can always start). Made once per
    program; `register_program` drops it with the old code."""
    found = LEADS.get(key)
    if found is None:
        lead: list[dict[str, Any]] = []
        for ins in PROGRAMS[key]:
            name = ins["op"]
            if name in _LEAD_ENDS:
                break
            lead.append(ins)
            if name not in ("choose", "set", "require") and "when" not in ins:
                break
        checked = any(
            i["op"] in ("choose", "require")
            or (i["op"] in TARGET_OPS and not i.get("forced"))
            or (i["op"] == "custom" and i.get("fn") in CHECKS)
            for i in lead
        )
        found = LEADS[key] = lead if checked else []
    return found


def register_program(key: str, steps: list[dict[str, Any]], fires: str | None = None) -> str:
    """Compile `steps` under `key` (nested `do` lists become programs of their own).
    `fires` names the card the program belongs to: each of its steps that does
    something reports it to `nbc.core.coverage` (the step's `fires`) when it succeeds."""
    code = compile_program(steps, key)
    for k, ins in enumerate(code):
        if "do" in ins:
            ins["do"] = register_program(f"{key}.{k}.do", ins["do"], fires)
        if fires is not None and ins["op"] not in QUIET_OPS:
            ins["fires"] = fires
    PROGRAMS[key] = code
    STEPS.pop(key, None)  # compiled again, from the new code, when it first runs
    LEADS.pop(key, None)
    if fires is not None:
        PROGRAM_FIRES[key] = fires
    return key


# Each program's steps ready to run, made once per program when it first runs (see
# `compiled_steps`): the effect machine reads no keys and looks up no op per step.
STEPS: dict[str, list[Step]] = {}


class Step(NamedTuple):
    """One instruction of a program, compiled: the function it calls (its op, or its
    card's own function for a `custom` step), its `when` compiled (None for none, and for
    a `may`, which reads its own `when`), the coverage key it reports (`fires`), and the
    instruction itself, which the function reads its arguments from."""

    run: Callable[..., Any]
    when: Callable[[Any], Any] | None
    fires: str | None
    ins: dict[str, Any]


def compiled_steps(key: str) -> list[Step]:
    """The steps of program `key`, compiled once (`register_program` drops the old ones)."""
    steps = []
    for ins in PROGRAMS[key]:
        name = ins["op"]
        run = OPS[name]
        if name == "custom":  # straight to the card's own function, when it is known
            run = CUSTOM.get(ins.get("fn"), run)  # type: ignore[arg-type]
        when = ins.get("when")
        test = None if when is None or name == "may" else compile_expression(when)
        steps.append(Step(run, test, ins.get("fires"), ins))
    STEPS[key] = steps
    return steps


# The ops and the cards' own effects (a module of their own, which a compiled build
# compiles); imported last, as they register themselves here.
from nbc.plugins.tcg import ops as _ops  # noqa: E402, F401
