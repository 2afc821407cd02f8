"""The rules gate: every clause of every book (the TCG, Christmas Town, Munchkin,
Funkoverse) has a test that shows it, no test names a clause its book lacks, and each
book's page in docs/games/ is current.

To renew the pages after adding tests or clauses:

    .venv/bin/python tests/test_rulebooks.py
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nbc.core.host import PluginHost
from nbc.core.testkit import ruletests

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
BOOKS = ("tcg", "christmas-town", "munchkin", "funkoverse")


def _books():
    return PluginHost.load(disabled=[]).rulebooks()


def _trace(book: str) -> ruletests.Trace:
    found = _books()[book]
    return ruletests.trace(
        found.name, found.title, ruletests.load(found.clauses, found.name), ruletests.traced([TESTS])
    )


def page(book: str) -> Path:
    return ROOT / "docs" / "games" / f"{book}-rules.md"


def test_every_built_in_book_is_offered():
    assert set(_books()) == set(BOOKS)


@pytest.mark.parametrize("book", BOOKS)
def test_every_clause_has_a_test_and_every_marker_a_clause(book):
    result = _trace(book)
    assert not result.unknown, f"tests name clauses that {book} does not have: {result.unknown}"
    assert not result.untested, f"{len(result.untested)} clauses of {book} have no test: {result.untested}"


@pytest.mark.parametrize("book", BOOKS)
def test_the_book_page_is_current(book):
    assert page(book).read_text() == ruletests.render(_trace(book)), (
        f"{page(book)} is out of date: run `python {Path(__file__).relative_to(ROOT)}`"
    )


def test_every_marker_names_a_book():
    prefixes = {name + "." for name in BOOKS}
    stray = {k: v for k, v in ruletests.traced([TESTS]).items() if not any(k.startswith(p) for p in prefixes)}
    assert not stray, f"shows(...) names clauses of no book: {stray}"


if __name__ == "__main__":
    for name in BOOKS:
        page(name).write_text(ruletests.render(_trace(name)))
        print(f"wrote {page(name)}")
