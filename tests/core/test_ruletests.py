"""The rule-clause tracer: clause files are checked, `shows` markers are read from
source, and `nbc rules` reports untested and unknown clauses."""

from __future__ import annotations

import json
import textwrap

import pytest
from typer.testing import CliRunner

from nbc.api.cli import app
from nbc.core.testkit import ruletests

GOOD = """
[[clause]]
id = "toy.turn.draw"
section = "Turn"
rule = "Draw one card."

[[clause]]
id = "toy.turn.tie"
section = "Turn"
rule = "Ties go to the youngest."
ruling = true
"""


def write(tmp_path, text, name="clauses.toml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def test_a_clause_file_loads_in_order_with_its_rulings(tmp_path):
    clauses = ruletests.load(write(tmp_path, GOOD), "toy")
    assert [(c.id, c.ruling) for c in clauses] == [("toy.turn.draw", False), ("toy.turn.tie", True)]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[[clause]]\nid='toy.a'\nsection='S'\n", "clause 1 ('toy.a'): 'rule' must be non-empty text"),
        ("[[clause]]\nid='other.a'\nsection='S'\nrule='r'\n", "the id must be 'toy.' then"),
        ("[[clause]]\nid='toy.A b'\nsection='S'\nrule='r'\n", "the id must be 'toy.' then"),
        ("[[clause]]\nid='toy.a'\nsection='S'\nrule='r'\nwords='x'\n", "unknown fields ['words']"),
        ("[[clause]]\nid='toy.a'\nsection='S'\nrule='r'\nruling='yes'\n", "'ruling' must be true or false"),
        (
            "[[clause]]\nid='toy.a'\nsection='S'\nrule='r'\n[[clause]]\nid='toy.a'\nsection='S'\nrule='q'\n",
            "used twice",
        ),
        ("title='x'\n", "unknown top-level keys ['title']"),
        ("", "no [[clause]] tables"),
        ("[[clause]\n", "cannot be read as TOML"),
    ],
)
def test_a_bad_clause_file_is_refused_with_where_and_what(tmp_path, text, says):
    path = write(tmp_path, text)
    with pytest.raises(ruletests.BadClauses) as error:
        ruletests.load(path, "toy")
    assert str(path) in str(error.value) and says in str(error.value)


def test_shows_refuses_what_is_no_clause_id():
    with pytest.raises(ValueError, match="is not a clause id"):
        ruletests.shows("draw one card")
    assert ruletests.shows("toy.turn.draw").mark.args == ("toy.turn.draw",)


def test_traced_reads_markers_from_source_and_trace_splits_untested_and_unknown(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_toy.py").write_text(
        textwrap.dedent(
            """
            from nbc.core.testkit.ruletests import shows
            from nbc.core.testkit import ruletests

            @shows("toy.turn.draw")
            def test_draw(): ...

            @ruletests.shows("toy.turn.draw", "toy.turn.drwa")
            def test_draw_again(): ...
            """
        )
    )
    shown = ruletests.traced([tests])
    assert shown == {
        "toy.turn.draw": ["test_toy.py::test_draw", "test_toy.py::test_draw_again"],
        "toy.turn.drwa": ["test_toy.py::test_draw_again"],
    }
    result = ruletests.trace("toy", "Toy", ruletests.load(write(tmp_path, GOOD), "toy"), shown)
    assert result.untested == ["toy.turn.tie"]
    assert result.unknown == {"toy.turn.drwa": ["test_toy.py::test_draw_again"]}
    page = ruletests.render(result)
    assert "| `toy.turn.tie` | Turn | Ties go to the youngest. *(ruling)* | **none** |" in page


def test_nbc_rules_lists_the_books_and_fails_on_an_untested_clause(tmp_path):
    runner = CliRunner()
    listed = runner.invoke(app, ["rules", "--json"])
    assert listed.exit_code == 0
    assert {"tcg", "christmas-town", "munchkin", "funkoverse"} <= {
        b["book"] for b in json.loads(listed.stdout)
    }
    empty = tmp_path / "test_nothing.py"
    empty.write_text("def test_nothing(): ...\n")
    untested = runner.invoke(app, ["rules", "munchkin", "--json", "--tests", str(empty)])
    assert untested.exit_code == 1
    data = json.loads(untested.stdout)
    assert data["untested"] == [c["id"] for c in data["clauses"]] and data["untested"]
    unknown = runner.invoke(app, ["rules", "no-such-book"])
    assert unknown.exit_code == 2 and "there is no book 'no-such-book'" in unknown.output
