"""`nbc check`: the conformance kit over installed games, in parallel, with a table.

The kit runs through `pytest.main` (so pytest's options pass through); a small
plugin collects each case's result, time and counts, which become one row per game,
and each failure as one short block (the kit's `ConformanceError.block`, which the
nbc pytest plugin records as the user property `nbc_failure`). pytest itself prints
no tracebacks (`--tb=no`) and no summary of failures (`-rN`), so each failure is
shown once; options after `--` can ask for them again (`-- --tb=long`).
With pytest-xdist installed, the cases run on several processes.
"""

from __future__ import annotations

import contextlib
import importlib.util
import sys
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class GameRow:
    game: str
    cases: int = 0
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    playouts: int = 0
    choices: int = 0
    seconds: float = 0.0  # summed over its cases (they may run side by side)
    failures: list[str] = field(default_factory=list)

    @property
    def result(self) -> str:
        if self.failed:
            return "failed"
        return "passed" if self.passed else "skipped"

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "cases": self.cases,
            "passed": self.passed,
            "failed": self.failed,
            "skipped": self.skipped,
            "playouts": self.playouts,
            "choices": self.choices,
            "seconds": round(self.seconds, 2),
            "result": self.result,
            "failures": self.failures,
        }


class _Collector:
    """A pytest plugin that gathers one row per game from the conformance cases."""

    def __init__(self) -> None:
        self.rows: dict[str, GameRow] = {}
        self.other_failures: list[str] = []

    def pytest_runtest_logreport(self, report: Any) -> None:
        case = _case_id(report.nodeid)
        if case is None:
            if report.failed:
                self.other_failures.append(f"{report.nodeid}: {_first_line(report)}")
            return
        row = self.rows.setdefault(case.split("/")[0], GameRow(case.split("/")[0]))
        row.seconds += report.duration
        props = dict(report.user_properties)
        if report.when == "call":
            row.cases += 1
            row.playouts += int(props.get("playouts", 0))
            row.choices += int(props.get("choices", 0))
        if report.failed:
            row.failed += 1
            block = props.get("nbc_failure")
            row.failures.append(str(block) if block else f"{case}: {_first_line(report)}")
        elif report.when == "call" and report.passed:
            row.passed += 1
        elif report.skipped:
            row.skipped += 1


def _case_id(nodeid: str) -> str | None:
    if "test_conformance[" not in nodeid:
        return None
    return nodeid.split("test_conformance[", 1)[1].rstrip("]")


def _first_line(report: Any) -> str:
    text = str(getattr(report, "longrepr", "") or "")
    for line in text.splitlines():
        if line.startswith("E "):
            return line[1:].strip()
    return text.splitlines()[-1] if text else "failed"


def xdist_available() -> bool:
    # Found without importing it: pytest must be the first to import its plugins.
    return importlib.util.find_spec("xdist") is not None


def run_check(
    games: list[str], playouts: int | None, workers: int, extra: list[str], quiet_stdout: bool
) -> tuple[int, list[GameRow], list[str], float]:
    """Run the kit; return pytest's exit code, a row per game, failures outside the
    cases (a plugin that did not load), and the wall time."""
    import pytest

    args = ["-p", "no:cacheprovider", "--tb=no", "-rN", "--pyargs", "nbc.core.testkit.conformance"]
    for game in games:
        args += ["--nbc-game", game]
    if playouts is not None:
        args += ["--nbc-playouts", str(playouts)]
    if workers > 1 and xdist_available():
        args += ["-n", str(workers)]
    collector = _Collector()
    started = time.perf_counter()
    redirect = contextlib.redirect_stdout(sys.stderr) if quiet_stdout else contextlib.nullcontext()
    with redirect:
        code = pytest.main([*args, *extra], plugins=[collector])
    rows = sorted(collector.rows.values(), key=lambda r: r.game)
    return int(code), rows, collector.other_failures, time.perf_counter() - started
