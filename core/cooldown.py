"""A cooldown track: numbered spaces 1..N holding things that come back later.

Things (ability tokens, knocked-out characters, items, by id) are placed on a space,
everything shifts down one space at the end of a round, and whatever shifts off
space 1 is handed back to be returned to play. Order within a space is kept, so
things come back in the order they were placed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

DEFAULT_SIZE = 4


class CooldownError(ValueError):
    """A cooldown track was asked for something impossible; it is left unchanged."""


def clamp_space(cost: int, size: int = DEFAULT_SIZE) -> int | None:
    """The space a cost lands on: None below 1 (nothing is placed), `size` above it."""
    if cost < 1:
        return None
    return min(cost, size)


@dataclass(slots=True)
class CooldownTrack:
    """Spaces "1".."size" (str keys, for JSON), each a list of item ids, oldest first."""

    spaces: dict[str, list[str]] = field(default_factory=dict)
    size: int = DEFAULT_SIZE

    def __post_init__(self) -> None:
        if self.size < 1:
            raise CooldownError(f"a cooldown track needs at least 1 space, not {self.size}")
        keys = [str(space) for space in range(1, self.size + 1)]
        unknown = [key for key in self.spaces if key not in keys]
        if unknown:
            raise CooldownError(
                f"cooldown track of size {self.size}: unknown spaces {unknown}, "
                f"expected keys {', '.join(keys)}"
            )
        # always "1".."N", in order, whatever subset or order the dict was given in
        self.spaces = {key: self.spaces.get(key, []) for key in keys}
        everything = self.items()
        if len(set(everything)) != len(everything):
            raise CooldownError(f"cooldown track: an item is listed twice in {self.spaces}")

    def __contains__(self, item: object) -> bool:
        return any(item in items for items in self.spaces.values())

    def __len__(self) -> int:
        return sum(len(items) for items in self.spaces.values())

    def place(self, item: str, space: int) -> int | None:
        """Put `item` on `space`, clamped by `clamp_space`; returns the space used.

        A space below 1 places nothing and returns None (a cost-0 ability is free).
        """
        if item in self:
            raise CooldownError(f"cannot place {item!r}: already on space {self.find(item)}")
        landed = clamp_space(space, self.size)
        if landed is not None:
            self.spaces[str(landed)].append(item)
        return landed

    def shift(self) -> list[str]:
        """Move everything down one space; returns what fell off space 1, oldest first."""
        released = self.spaces["1"]
        for space in range(1, self.size):
            self.spaces[str(space)] = self.spaces[str(space + 1)]
        self.spaces[str(self.size)] = []
        return released

    def find(self, item: str) -> int | None:
        """The space `item` is on, or None."""
        for key, items in self.spaces.items():
            if item in items:
                return int(key)
        return None

    def remove(self, item: str) -> int:
        """Take `item` off the track early; returns the space it was on."""
        space = self.find(item)
        if space is None:
            raise CooldownError(f"cannot remove {item!r}: it is not on the cooldown track")
        self.spaces[str(space)].remove(item)
        return space

    def items_on(self, space: int) -> list[str]:
        """A copy of what is on one space, oldest first."""
        if not 1 <= space <= self.size:
            raise CooldownError(f"no space {space}: spaces run 1..{self.size}")
        return list(self.spaces[str(space)])

    def items(self) -> list[str]:
        """Everything on the track, space 1 first (the order it will come back)."""
        return [item for items in self.spaces.values() for item in items]
