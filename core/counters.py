"""Bounded counters: Pumpkin Points 0..6, a Munchkin level 1..10, and the like."""

from __future__ import annotations

from dataclasses import dataclass


class CounterError(ValueError):
    """A counter was set up wrongly or, in strict mode, pushed past a bound."""


@dataclass(slots=True)
class Counter:
    """An integer kept within low..high (both included).

    By default changes are clamped to the bounds, as most rules say ("you cannot go
    above 6"). With `strict=True` a change that would cross a bound is refused with a
    `CounterError` instead, and the counter is left as it was.
    """

    value: int
    low: int
    high: int
    name: str = "counter"

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise CounterError(f"counter '{self.name}': low {self.low} is above high {self.high}")
        if not self.low <= self.value <= self.high:
            raise CounterError(
                f"counter '{self.name}': starting value {self.value} is outside {self.low}..{self.high}"
            )

    @property
    def at_max(self) -> bool:
        return self.value == self.high

    @property
    def at_min(self) -> bool:
        return self.value == self.low

    def add(self, n: int, *, strict: bool = False) -> int:
        """Change by `n` (negative to lower); returns how much it actually changed."""
        return self._move_to(self.value + n, strict, f"add {n} to {self.value}")

    def set(self, value: int, *, strict: bool = False) -> int:
        """Set to `value` (clamped unless strict); returns how much it actually changed."""
        return self._move_to(value, strict, f"set it to {value}")

    def _move_to(self, wanted: int, strict: bool, request: str) -> int:
        clamped = min(max(wanted, self.low), self.high)
        if strict and clamped != wanted:
            raise CounterError(
                f"counter '{self.name}' (bounds {self.low}..{self.high}): "
                f"cannot {request}, that gives {wanted}"
            )
        change = clamped - self.value
        self.value = clamped
        return change
