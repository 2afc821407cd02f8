"""The test kit's check of card references (`nbc.core.game.REFS`).

A choice or an event that names cards lists them for clients as catalogue ids under
`data["refs"]`. `RefCheck.problem(text, data)` says what is wrong with one label or
event text and its data, or None:

- `refs`, when present, is a list of strings, each an id of the game's `catalogue()`
  (any strings when the game has no catalogue);
- a label or text that names a catalogue card by its display name lists one of that
  name's ids in its refs. Names are matched as they are written (case and all), as
  whole words, the longest first: "Zero (Ghost Dog)" is one name, not "Zero" and
  something else, and "Locale" does not contain a card called "Lock";
- a label or text shows no catalogue id where a display name belongs: an id with a
  dash ("jack-pumpkin-king") that is no part of any display name, written as a word
  of its own.

The secrecy of refs is the secrecy checks' business (`checks.py`): a planted card's
ref is its marker, and a redeal of what a seat cannot know must not change the refs
it is told, unless the step showed it the card.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from nbc.core.cards import NameFinder
from nbc.core.game import REFS, Game

# pytest leaves out of its tracebacks every frame of a module that sets this (the kit's)
__tracebackhide__ = True

# the memo of verdicts is dropped when it grows past this many texts
MEMO_LIMIT = 100_000


class RefCheck:
    """A game's card references checked against its catalogue (see the module)."""

    def __init__(self, game: Game) -> None:
        catalogue = list(game.catalogue())
        self.ids = frozenset(c.id for c in catalogue)
        by_name: dict[str, set[str]] = {}
        for card in catalogue:
            by_name.setdefault(card.name, set()).add(card.id)
        self.by_name = by_name
        self.names = NameFinder(by_name)
        joined = "\n".join(by_name)
        self.slugs = NameFinder(i for i in self.ids if "-" in i and i not in joined)
        self._memo: dict[tuple[str, tuple[str, ...]], str | None] = {}

    def problem(self, text: str, data: Any) -> str | None:
        """What is wrong with a label (or event text) and its data's refs; None if nothing."""
        refs = data.get(REFS) if isinstance(data, dict) else None
        if refs is not None and (
            not isinstance(refs, list | tuple) or not all(isinstance(r, str) for r in refs)
        ):
            return f"has refs {refs!r:.80}: a list of catalogue ids (strings) is expected"
        key = (text, tuple(refs) if refs else ())
        memo = self._memo
        if key in memo:
            return memo[key]
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        found = memo[key] = self._problem(text, key[1])
        return found

    def _problem(self, text: str, refs: tuple[str, ...]) -> str | None:
        if self.ids:
            unknown = [r for r in refs if r not in self.ids]
            if unknown:
                return f"carries the card ref {unknown[0]!r}, which is no id of the game's catalogue()"
        for name in self.names(text):
            ids = self.by_name[name]
            if ids.isdisjoint(refs):
                listed = ", ".join(sorted(ids))
                return (
                    f"names {name!r} but its refs {list(refs)} hold none of its ids ({listed}); "
                    f"a choice or event that names a card lists it under data[{REFS!r}]"
                )
        shown = self.slugs(text)
        if shown:
            return (
                f"shows the internal id {shown[0]!r}; labels and texts name cards by "
                "their display names (the id belongs in the refs)"
            )
        return None


@lru_cache(maxsize=32)
def ref_check(game: Game) -> RefCheck:
    """The check for `game` (made once per game object: its catalogue does not change)."""
    return RefCheck(game)
