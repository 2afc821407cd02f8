"""Which test shows which rule: every rule of a book as a numbered clause, traced to tests.

A game or expansion lists the rules of its book in a TOML file of clauses, each in the
project's own words, with the part of the book it comes from, and offers the file
through the `nbc_rulebooks` hook (`nbc.core.game.Rulebook`):

    [[clause]]
    id = "tcg.end.reimburse"              # the book's name, then dotted lowercase parts
    section = "End Phase: Reimburse Surprises"
    rule = "Each seat draws one card for every Surprise it played this round."
    ruling = false                        # true: the book is silent, the project rules

A test says which clauses it shows with `shows`, as `covers` does for cards:

    from nbc.core.testkit.ruletests import shows

    @shows("tcg.end.reimburse", "tcg.end.surprise-pile")
    def test_the_end_phase_pays_back_each_surprise(tcg): ...

`shows` adds the pytest marker `nbc_rule` and nothing else. `traced(paths)` reads the
test files' source (no import) and gives every clause shown with its tests; `nbc rules
BOOK` prints a book's clauses with their tests and the clauses with none, and the
project's gate test fails on a clause without a test or a marker naming no clause.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from nbc.core.testkit.cardtests import decorated

# pytest leaves out of its tracebacks every frame of a module that sets this (the kit's)
__tracebackhide__ = True

MARKER = "nbc_rule"
_PART = r"[a-z0-9]+(?:-[a-z0-9]+)*"
_FIELDS = {"id": str, "section": str, "rule": str, "ruling": bool}
_REQUIRED = ("id", "section", "rule")


def shows(clause: str, *more: str) -> Callable[[Any], Any]:
    """Mark a test as showing the rule clauses named (ids from a book's clause file)."""
    for name in (clause, *more):
        if not isinstance(name, str) or not re.fullmatch(rf"{_PART}(?:\.{_PART})+", name):
            raise ValueError(f"shows: {name!r} is not a clause id (such as 'tcg.end.reimburse')")
    return pytest.mark.nbc_rule(clause, *more)


@dataclass(frozen=True, slots=True)
class Clause:
    """One rule of a book, in the project's words: `section` names where the book
    states it; `ruling` is True when the book is silent and the project decided."""

    id: str
    section: str
    rule: str
    ruling: bool = False


class BadClauses(ValueError):
    """A clause file that cannot be read: the message names the file, the clause and
    what would be right."""


def load(path: Path, book: str) -> list[Clause]:
    """The clauses of `path`, in file order, checked: every clause has an id under
    `book.` (unique), a section and a rule, and no other field than `ruling`."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise BadClauses(f"{path}: cannot be read as TOML: {error}") from None
    extra = sorted(set(data) - {"clause"})
    if extra:
        raise BadClauses(
            f"{path}: unknown top-level keys {extra}; a clause file holds [[clause]] tables only"
        )
    raw = data.get("clause")
    if not isinstance(raw, list) or not raw:
        raise BadClauses(f"{path}: no [[clause]] tables; each rule of the book is one [[clause]]")
    out: list[Clause] = []
    seen: set[str] = set()
    pattern = re.compile(rf"{re.escape(book)}(?:\.{_PART})+")
    for number, item in enumerate(raw, 1):
        where = f"{path}: clause {number}" + (
            f" ({item.get('id')!r})" if isinstance(item.get("id"), str) else ""
        )
        unknown = sorted(set(item) - set(_FIELDS))
        if unknown:
            raise BadClauses(f"{where}: unknown fields {unknown}; a clause has {sorted(_FIELDS)}")
        for name in _REQUIRED:
            if not isinstance(item.get(name), str) or not item[name].strip():
                raise BadClauses(f"{where}: '{name}' must be non-empty text")
        if not isinstance(item.get("ruling", False), bool):
            raise BadClauses(f"{where}: 'ruling' must be true or false")
        if not pattern.fullmatch(item["id"]):
            raise BadClauses(
                f"{where}: the id must be '{book}.' then dotted lowercase parts (letters, digits, dashes), "
                f"such as '{book}.setup.deal'"
            )
        if item["id"] in seen:
            raise BadClauses(f"{where}: the id {item['id']!r} is used twice")
        seen.add(item["id"])
        out.append(
            Clause(
                item["id"], item["section"].strip(), " ".join(item["rule"].split()), item.get("ruling", False)
            )
        )
    return out


def traced(paths: Iterable[Path]) -> dict[str, list[str]]:
    """Every clause id a test under `paths` (files or folders) shows, with its tests
    (`file::name`, the file relative to the folder given), sorted."""
    out: dict[str, list[str]] = {}
    for call, test in decorated(paths, "shows"):
        for arg in call.args:
            if not isinstance(arg, ast.Constant) or not isinstance(arg.value, str):
                raise ValueError(f"{test}: shows(...) takes literal clause ids")
            out.setdefault(arg.value, []).append(test)
    return {k: sorted(set(v)) for k, v in sorted(out.items())}


@dataclass(frozen=True, slots=True)
class Trace:
    """A book's clauses against the tests: `tests[id]` lists a clause's tests,
    `untested` the clauses with none, `unknown` the ids that tests name under this
    book's prefix but the book does not have (a misspelling or a removed clause)."""

    book: str
    title: str
    clauses: list[Clause]
    tests: dict[str, list[str]]
    untested: list[str]
    unknown: dict[str, list[str]]

    def as_json(self) -> dict[str, Any]:
        return {
            "book": self.book,
            "title": self.title,
            "clauses": [
                {
                    "id": c.id,
                    "section": c.section,
                    "rule": c.rule,
                    "ruling": c.ruling,
                    "tests": self.tests.get(c.id, []),
                }
                for c in self.clauses
            ],
            "untested": self.untested,
            "unknown": self.unknown,
        }


def trace(book: str, title: str, clauses: list[Clause], shown: dict[str, list[str]]) -> Trace:
    ids = {c.id for c in clauses}
    prefix = book + "."
    return Trace(
        book,
        title,
        clauses,
        {c.id: shown.get(c.id, []) for c in clauses},
        [c.id for c in clauses if not shown.get(c.id)],
        {k: v for k, v in shown.items() if k.startswith(prefix) and k not in ids},
    )


def render(result: Trace) -> str:
    """The docs page of a book's clauses and their tests."""
    rulings = sum(c.ruling for c in result.clauses)
    lines = [
        f"# {result.title}: every rule and its tests",
        "",
        f"The {len(result.clauses)} rules of the book as clauses in our own words, each with the part of",
        "the book it comes from and the tests that show it"
        + (
            f"; {rulings} marked *ruling* are where the book is silent and the project decides."
            if rulings
            else "."
        ),
        "Written from the clause file and the tests' `shows` markers by `nbc rules "
        f"{result.book} --markdown`; the gate test fails when it is out of date.",
        "",
        "| clause | book | rule | tests |",
        "|---|---|---|---|",
    ]
    for c in result.clauses:
        tests = "<br>".join(f"`{t}`" for t in result.tests.get(c.id, [])) or "**none**"
        rule = _cell(c.rule) + (" *(ruling)*" if c.ruling else "")
        lines.append(f"| `{c.id}` | {_cell(c.section)} | {rule} | {tests} |")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")
