"""Scenario tests: set a game up in an exact position and script every choice.

    s = Scenario(game, players=2, seed=1, position=lambda state: ...)
    s.choose(0, "trick")                  # by choice id, or by exact label
    s.choose(1, "Bank Eyeball Gumdrop", kind="turn")
    assert s.view(0)["players"][0]["bag"]["count"] == 1
    s.finish()                            # fails if any prompt is left unanswered

Strict by default: choosing something that is not open fails and lists what is;
`finish()` fails on every prompt still open that the script did not declare with
`leave_open(seat, kind)`. A guess never stands in for a scripted choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nbc.core.game import Event, Game, Prompt
from nbc.core.match import Match, describe_choices

# pytest leaves out of its tracebacks every frame of a module that sets this (the kit's)
__tracebackhide__ = True


class ScenarioError(AssertionError):
    """The script and the game disagree."""


class Scenario:
    def __init__(
        self,
        game: Game,
        variant: str | None = None,
        players: int | None = None,
        seed: int | str = 0,
        options: dict[str, Any] | None = None,
        position: Callable[[Any], None] | None = None,
    ) -> None:
        match = Match.new(game, variant, options, players, seed)
        if position is not None:
            position(match.state)
            match = Match.from_position(match)
        self.match = match
        self.game = game
        self._mark = len(match.events)
        self._open: set[tuple[int, str]] = set()

    @property
    def state(self) -> Any:
        return self.match.state

    def prompts(self, seat: int | None = None) -> list[Prompt]:
        return self.match.prompts(seat)

    def expect(self, seat: int, kind: str) -> Prompt:
        """The seat's open prompt of `kind`; fails if there is none."""
        for prompt in self.match.prompts(seat):
            if prompt.kind == kind:
                return prompt
        raise ScenarioError(f"seat {seat} has no open '{kind}' prompt; {self._describe()}")

    def choose(self, seat: int, choice: str, kind: str | None = None) -> list[Event]:
        """Make seat's choice, named by id or by exact label (which must be unique)."""
        prompts = self.match.prompts(seat)
        if kind is not None:
            prompts = [p for p in prompts if p.kind == kind]
        if not prompts:
            wanted = f"'{kind}' prompt" if kind else "prompt"
            raise ScenarioError(
                f"the script chooses '{choice}' for seat {seat}, which has no {wanted} open; "
                f"{self._describe()}"
            )
        by_id = [c for p in prompts for c in p.choices if c.id == choice]
        by_label = [c for p in prompts for c in p.choices if c.label == choice]
        found = by_id or by_label
        if len(found) != 1:
            problem = "matches no choice" if not found else f"matches {len(found)} choices"
            raise ScenarioError(f"'{choice}' {problem} of seat {seat}: {describe_choices(prompts, 40)}")
        self._mark = len(self.match.events)
        return self.match.act(seat, found[0].id)

    def leave_open(self, seat: int, kind: str) -> None:
        """Declare that the script ends with this prompt still open, on purpose."""
        self._open.add((seat, kind))

    def finish(self) -> None:
        """Fail on any open prompt the script neither answered nor declared."""
        left = [p for p in self.match.all_prompts() if (p.seat, p.kind) not in self._open]
        if left:
            raise ScenarioError(f"the script ended with prompts unanswered: {self._describe(left)}")

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.match.view(seat)

    def events(
        self, seat: int | None | str = "all", kind: str | None = None, since_last: bool = False
    ) -> list[Event]:
        """Events as `seat` sees them (None: a spectator; "all": every event, unredacted),
        optionally only those of one kind, or only those of the last choice."""
        events = self.match.events[self._mark :] if since_last else self.match.events
        if seat != "all":
            events = [e for e in events if e.visible_to(seat)]  # type: ignore[arg-type]
        return [e for e in events if kind is None or e.kind == kind]

    def _describe(self, prompts: list[Prompt] | None = None) -> str:
        prompts = self.match.all_prompts() if prompts is None else prompts
        if not prompts:
            return "no prompt is open (the match is over)"
        parts = []
        for seat in sorted({p.seat for p in prompts}):
            mine = [p for p in prompts if p.seat == seat]
            parts.append(f"seat {seat}: {describe_choices(mine, 8)}")
        return " | ".join(parts)
