"""Which test checks which card: the per-card test table.

A test that asserts a card's printed effect says so with `covers`:

    from nbc.core.testkit.cardtests import covers

    @covers("sound-of-rollin-dice")
    def test_sound_of_rollin_dice_discards_a_lower_character(tcg): ...

    @covers("lets-play", mode=1)   # a card with several modes or functions: one per mode
    def test_lets_play_adds_a_second_card(tcg): ...

`covers` adds the pytest marker `nbc_card` and nothing else, so the test runs as any
other. `table(paths)` reads the test files' source (no import, so a broken test file
still lists) and gives every covered key with its tests; `required(cards)` gives the
keys a pool needs: the card's id when it has at most one mode, else `id#0`, `id#1`, ...
for each mode (a Surprise's modes, a Locale's pick-one Functions). `missing` compares
the two; a game's gate test fails on any key left without a test, and `render` writes
the table as the Markdown page kept in the docs.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

# pytest leaves out of its tracebacks every frame of a module that sets this (the kit's)
__tracebackhide__ = True

MARKER = "nbc_card"


def key(card: str, mode: int | None = None) -> str:
    return card if mode is None else f"{card}#{mode}"


def covers(card: str, *more: str, mode: int | None = None) -> Callable[[Any], Any]:
    """Mark a test as checking the printed effect of `card` (and of `more` cards, with
    no mode), or of one mode of `card`."""
    if mode is not None and more:
        raise ValueError("covers: give one card when naming a mode")
    keys = [key(card, mode), *more]
    return pytest.mark.nbc_card(*keys)


def _literal(node: ast.AST) -> Any:
    try:
        return ast.literal_eval(node)
    except ValueError as exc:
        raise ValueError(f"covers(...) takes literal card ids; found {ast.unparse(node)!r}") from exc


def _covered_keys(call: ast.Call) -> list[str]:
    cards = [_literal(a) for a in call.args]
    mode = next((_literal(k.value) for k in call.keywords if k.arg == "mode"), None)
    return [key(cards[0], mode), *cards[1:]] if cards else []


def decorated(paths: Iterable[Path], name: str) -> Iterator[tuple[ast.Call, str]]:
    """Every call decorator named `name` (`@name(...)` or `@module.name(...)`) on a test
    function under `paths` (files or folders), with the test it marks (`file::name`,
    the file relative to the folder given). The source is parsed, not imported."""
    for root in paths:
        root = Path(root)
        files = sorted(root.rglob("test_*.py")) if root.is_dir() else [root]
        base = root if root.is_dir() else root.parent
        for file in files:
            tree = ast.parse(file.read_text(), filename=str(file))
            for node in ast.walk(tree):
                if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                for dec in node.decorator_list:
                    if (
                        isinstance(dec, ast.Call)
                        and getattr(dec.func, "id", getattr(dec.func, "attr", "")) == name
                    ):
                        yield dec, f"{file.relative_to(base).as_posix()}::{node.name}"


def table(paths: Iterable[Path]) -> dict[str, list[str]]:
    """Every key covered by a test under `paths` (files or folders), with the tests
    (`file::name`, the file relative to the folder given) that cover it, sorted."""
    out: dict[str, list[str]] = {}
    for call, test in decorated(paths, "covers"):
        for k in _covered_keys(call):
            out.setdefault(k, []).append(test)
    return {k: sorted(v) for k, v in sorted(out.items())}


def required(cards: Iterable[tuple[str, int]]) -> list[str]:
    """The keys a pool needs, from (card id, number of modes) pairs."""
    out: list[str] = []
    for card, modes in cards:
        out.extend([card] if modes <= 1 else [key(card, m) for m in range(modes)])
    return out


def missing(needed: Iterable[str], covered: dict[str, list[str]]) -> list[str]:
    return [k for k in needed if k not in covered]


def unknown(needed: Iterable[str], covered: dict[str, list[str]]) -> list[str]:
    """Covered keys that name no card or mode of the pool (a misspelt id)."""
    known = set(needed)
    return [k for k in covered if k not in known]


def render(title: str, needed: Iterable[str], covered: dict[str, list[str]], names: dict[str, str]) -> str:
    lines = [
        f"# {title}",
        "",
        "Every card, or every mode of a card with several, and the tests that assert its",
        "printed effect. Written by the gate test from the `covers` markers; do not edit",
        "by hand (the gate says how to renew it).",
        "",
        "| card | name | tests |",
        "|---|---|---|",
    ]
    for k in needed:
        tests = covered.get(k, [])
        card = k.split("#")[0]
        lines.append(
            f"| `{k}` | {names.get(card, card)} | {'<br>'.join(f'`{t}`' for t in tests) or '**none**'} |"
        )
    return "\n".join(lines) + "\n"
