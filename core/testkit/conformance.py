"""The conformance suite, run over every installed game, variant and seat count:

    pytest --pyargs nbc.core.testkit.conformance [--nbc-game NAME] [--nbc-playouts N]

See `nbc.core.testkit.checks` for what each check proves.
"""

from __future__ import annotations

import warnings
from typing import Any

from nbc.core.host import PluginHost
from nbc.core.testkit.checks import Case, check_case


def test_plugins_load_cleanly(nbc_host: PluginHost) -> None:
    problems = [f"{p.plugin} ({p.source}): {p.reason}" for p in nbc_host.problems]
    assert not problems, "plugins failed to load:\n" + "\n".join(problems)


def test_conformance(
    nbc_case: Case, nbc_playouts: int, nbc_known: frozenset[str], record_property: Any
) -> None:
    report = check_case(nbc_case, seeds=range(nbc_playouts), known=nbc_known)
    record_property("playouts", report.playouts)
    record_property("choices", report.choices)
    if report.known:
        warnings.warn(f"{nbc_case.id}: known open defects met: {report.known}", stacklevel=1)
    assert report.playouts + sum(report.known.values()) == nbc_playouts
    if report.secrecy_checks == 0:
        warnings.warn(
            f"{nbc_case.id}: plant() never planted a card, so hidden information was not "
            "checked (fine only for a game with no hidden cards)",
            stacklevel=1,
        )
    elif report.twin_checks == 0:
        warnings.warn(
            f"{nbc_case.id}: the game declares no unknowns() (or none ever differed), so the kit "
            "built no twins of its positions: who is asked and the redeal were not checked",
            stacklevel=1,
        )
