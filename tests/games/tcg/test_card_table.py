"""The per-card gate: every card of the TCG and Christmas Town pools (every mode of a card
with several) has a test that asserts its printed effect, marked with `covers`, and the
table of them in docs/games/tcg-card-tests.md is current.

To renew the table after adding tests:

    .venv/bin/python tests/games/tcg/test_card_table.py
"""

from __future__ import annotations

from pathlib import Path

from nbc.core.testkit import cardtests

ROOT = Path(__file__).resolve().parents[3]
TESTS = [ROOT / "tests/games/tcg", ROOT / "tests/games/christmas_town"]
TABLE = ROOT / "docs/games/tcg-card-tests.md"
TITLE = "TCG and Christmas Town: the test of every card"


def _game():
    from nbc.core.host import PluginHost

    return PluginHost.load(disabled=[]).game("tcg")


def _pool(game) -> tuple[list[str], dict[str, str]]:
    defs = sorted(game.defs.values(), key=lambda d: (d.set != "premiere", d.set, d.id))
    needed = cardtests.required((d.id, max(len(d.modes), len(d.functions))) for d in defs)
    names = {d.id: f"{d.name}{', ' + d.alias if d.alias else ''}" for d in defs}
    return needed, names


def _covered() -> dict[str, list[str]]:
    return {k: [f"{Path(t).as_posix()}" for t in v] for k, v in cardtests.table(TESTS).items()}


def render() -> str:
    needed, names = _pool(_game())
    return cardtests.render(TITLE, needed, _covered(), names)


def test_every_card_and_mode_has_a_test_of_its_printed_effect():
    needed, _ = _pool(_game())
    assert len({k.split("#")[0] for k in needed}) == 295  # 159 TCG cards and 136 of Christmas Town
    covered = _covered()
    assert not cardtests.unknown(needed, covered), "covers(...) names no card or mode of the pools"
    lacking = cardtests.missing(needed, covered)
    assert not lacking, f"{len(lacking)} cards or modes have no test of their printed effect: {lacking}"


def test_the_card_test_table_is_current():
    assert TABLE.read_text() == render(), (
        f"{TABLE} is out of date: run `python {Path(__file__).relative_to(ROOT)}`"
    )


if __name__ == "__main__":
    TABLE.write_text(render())
    print(f"wrote {TABLE}")
