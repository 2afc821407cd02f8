"""What card expressions can read: the functions of the expression language (`x_<name>`
in `Scope`, listed with their meaning in effects.FUNCTIONS) and the running effect's
variables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nbc.plugins.tcg.constants import ANY_TOWN, HALLOWEENTOWN
from nbc.plugins.tcg.state import Slot, State

if TYPE_CHECKING:
    from nbc.plugins.tcg.rules import Rules

_NO_VARS: dict[str, Any] = {}  # the variables of an expression evaluated outside any effect


class Scope:
    """What an expression sees: the state, the acting seat, the source card, the
    effect's variables and a few context names (`to`, `number`, `c`, `here`)."""

    __slots__ = ("g", "st", "seat", "source", "vars", "extra")

    def __init__(self, g: Rules, st: State, seat: int, source: str, vars: dict, extra: dict) -> None:
        self.g, self.st, self.seat, self.source, self.vars, self.extra = g, st, seat, source, vars, extra

    def v(self, name: str) -> Any:
        if name in self.extra:
            return self.extra[name]
        if name in self.vars:
            return self.vars[name]
        if name == "here":
            return self.g.locale_id_of(self.st, self.source)
        raise KeyError(f"the expression reads '{name}', which this effect has not set")

    # -- the functions listed in effects.FUNCTIONS --
    # x_mine, x_at and x_together run inside most price expressions, so they are plain loops.
    # The base vocabulary's "your town" is your Halloweentown (`Rules.town_slots`); the
    # `*_in` functions name a town, or `any` for every town of the player.
    def x_mine(self, g: str) -> int:
        return self.x_in_town(g, HALLOWEENTOWN)

    def x_at(self, g: str, loc: str) -> int:
        is_, st, cards, defs, n = self.g.is_, self.st, self.st.cards, self.g.defs, 0
        stand_in = "at-locale-as:" + g  # a card that counts as g wherever g must be at a Locale
        for slot in st.players[self.seat].row:
            if cards[slot.locale] == loc and not slot.flipped:
                for c in slot.characters:
                    if is_(st, c, g) or stand_in in defs[cards[c]].keywords:
                        n += 1
        return n

    def x_together(self, *groups: str) -> bool:
        return self.x_together_in(HALLOWEENTOWN, *groups)

    def x_together_in(self, t: str, *groups: str) -> bool:
        is_, st = self.g.is_, self.st
        for slot in self.g.town_slots(st, self.seat, t):
            chars = slot.characters
            for g in groups:
                for c in chars:
                    if is_(st, c, g):
                        break
                else:
                    break
            else:
                return True
        return False

    def x_others_here(self, g: str = "any") -> int:
        slot = self._here_slot()
        if slot is None:
            return 0
        return sum(1 for c in slot.characters if c != self.source and self.g.is_(self.st, c, g))

    def x_removable_here(self, g: str = "any") -> int:
        slot = self._here_slot()
        if slot is None:
            return 0
        return sum(
            1
            for c in slot.characters
            if c != self.source and self.g.is_(self.st, c, g) and not self.g.is_immune(self.st, c)
        )

    def _here_slot(self) -> Slot | None:
        if "to_slot" in self.extra:
            seat, k = self.extra["to_slot"]
            return self.st.players[seat].row[k]
        found = self.g.locate(self.st, self.source)
        return None if found is None else self.st.players[found[0]].row[found[1]]

    def x_here_is(self, loc: str) -> bool:
        slot = self._here_slot()  # a Locale turned face down (Dark Alley) is no Locale by name
        return slot is not None and not slot.flipped and self.g.def_of(self.st, slot.locale).id == loc

    def x_opp_has(self, g: str, t: str = ANY_TOWN) -> bool:
        return any(
            self.g.is_(self.st, c, g)
            for s in self.g.opponents(self.st, self.seat)
            for c in self.g.town_characters(self.st, s, t)
        )

    def x_creations(self, g: str = "any") -> int:
        return sum(1 for c in self.g.creations_of(self.st, self.seat) if self.g.is_(self.st, c, g))

    def x_hand(self) -> int:
        return len(self.st.players[self.seat].hand)

    def x_deck(self) -> int:
        return len(self.st.players[self.seat].deck)

    def x_pp(self) -> int:
        return self.st.players[self.seat].pp

    def x_start_hand(self) -> int:
        return self.st.players[self.seat].start_hand

    def x_active(self, min_threshold: int = 0) -> int:
        return self.x_active_in(HALLOWEENTOWN, min_threshold)

    def x_locales(self) -> int:
        return self.x_locales_in(HALLOWEENTOWN)

    def x_locales_in(self, t: str) -> int:
        return len(self.g.town_slots(self.st, self.seat, t))

    def x_scare(self, card: str) -> int:
        return self.g.scare(self.st, card)

    def x_printed(self, card: str) -> int:
        return self.g.def_of(self.st, card).number or 0

    def x_is_(self, card: str, g: str) -> bool:
        return self.g.is_(self.st, card, g)

    def x_kind(self, card: str) -> str:
        return self.g.def_of(self.st, card).kind

    def x_alias(self, card: str) -> str:
        return self.g.def_of(self.st, card).alias

    def x_owner(self, card: str) -> int:
        return self.st.owner[card]

    def x_me(self) -> int:
        return self.seat

    def x_king(self) -> int:
        return self.st.king

    def x_self_card(self) -> str:
        return self.source

    def x_where(self, card: str) -> str:
        return self.g.locale_id_of(self.st, card)

    def x_alias_in_play(self, g: str, a: str) -> bool:
        return any(
            self.g.is_(self.st, c, g) and self.g.def_of(self.st, c).alias == a
            for c in self.g.characters(self.st, self.seat)
        )

    def x_day(self) -> int:
        return self.st.round

    def x_beneath(self, loc: str) -> int:
        return sum(len(s.beneath) for s in self.g.slots_named(self.st, self.seat, loc))

    def x_opp_count(self, card: str) -> int:
        found = self.g.locate(self.st, card)
        return 0 if found is None else len(self.st.players[found[0]].row[found[1]].characters)

    def x_in_discard(self, g: str = "any") -> int:
        return sum(1 for c in self.st.players[self.seat].discard if self.g.is_(self.st, c, g))

    def x_in_hand(self, g: str = "any") -> int:
        return sum(1 for c in self.st.players[self.seat].hand if self.g.is_(self.st, c, g))

    def x_hand_of(self, seat: int) -> int:
        return len(self.st.players[seat].hand)

    def x_immune(self, card: str) -> bool:
        return self.g.is_immune(self.st, card)

    def x_opp_scare_count(self, lo: int, hi: int) -> int:
        return sum(
            1
            for s in self.g.opponents(self.st, self.seat)
            for c in self.g.characters(self.st, s)
            if lo <= self.g.scare(self.st, c) <= hi and not self.g.is_immune(self.st, c)
        )

    def x_function_used(self) -> bool:
        return self.st.function_used

    def x_total_scare(self) -> int:
        return sum(self.g.scare(self.st, c) for c in self.g.characters(self.st, self.seat))

    def x_chars_at(self, locale: str, g: str = "any") -> int:
        slot = self.g.slot_of_locale(self.st, locale)
        return sum(1 for c in slot.characters if self.g.is_(self.st, c, g))

    def x_beside(self, card: str, g: str) -> bool:
        found = self.g.locate(self.st, card)
        if found is None:
            return False
        slot = self.st.players[found[0]].row[found[1]]
        return any(c != card and self.g.is_(self.st, c, g) for c in slot.characters)

    def x_opp_placed_count(self) -> int:
        return sum(len(self.st.players[s].placed) for s in self.g.opponents(self.st, self.seat))

    def x_has_both(self, seat: int, g1: str, g2: str) -> bool:
        chars = self.g.town_characters(self.st, seat, HALLOWEENTOWN)
        return any(self.g.is_(self.st, c, g1) for c in chars) and any(
            self.g.is_(self.st, c, g2) for c in chars
        )

    def x_any_has(self, g: str) -> bool:
        return any(
            self.g.is_(self.st, c, g)
            for s in range(len(self.st.players))
            for c in self.g.characters(self.st, s)
        )

    def x_locales_named(self, loc: str) -> int:
        return len(self.g.slots_named(self.st, self.seat, loc))

    def x_witches_locale(self) -> str:
        for k, slot in enumerate(self.st.players[self.seat].row):
            chars = slot.characters
            if (
                any(self.g.is_(self.st, c, "big-witch") for c in chars)
                and any(self.g.is_(self.st, c, "little-witch") for c in chars)
                and self.g.threshold(self.st, slot) <= 4
                and self.g.is_active(self.st, self.seat, k)
            ):
                return slot.locale
        return ""

    def x_dice_pending(self) -> bool:
        dice = self.st.flags.get("dice")
        return dice is not None and dice["seat"] == self.seat and dice.get("next", self.source) == self.source

    def x_left(self) -> int:
        return (self.seat + 1) % len(self.st.players)

    def x_locale_of(self, card: str) -> str:
        found = self.g.locate(self.st, card)
        return "" if found is None else self.st.players[found[0]].row[found[1]].locale

    def x_title_held(self, card: str) -> bool:
        """Whether the town `card` is in (its owner's) holds the source card's title already."""
        return self.g.title_in_town(self.st, self.st.owner[card], self.source) is not None

    def x_holiday(self, card: str) -> str:
        return self.g.def_of(self.st, card).holiday

    def x_town(self, card: str) -> str:
        return self.g.card_town(self.st, card) or ""

    def x_in_town(self, g: str, t: str) -> int:
        is_, st, n = self.g.is_, self.st, 0
        for slot in self.g.town_slots(st, self.seat, t):
            for c in slot.characters:
                if is_(st, c, g):
                    n += 1
        return n

    def x_active_in(self, t: str, min_threshold: int = 0) -> int:
        g, st, seat = self.g, self.st, self.seat
        if not st.expansions and t not in (HALLOWEENTOWN, ANY_TOWN):
            return 0
        every = not st.expansions or t == ANY_TOWN
        return sum(
            1
            for k, slot in enumerate(st.players[seat].row)
            if (every or g.slot_town(st, seat, k) == t)
            and g.is_active(st, seat, k)
            and g.threshold(st, slot) >= min_threshold
        )

    def x_locale_active(self, card: str) -> bool:
        found = self.g.locate(self.st, card) or self.g.locate_locale(self.st, card)
        return found is not None and self.g.is_active(self.st, found[0], found[1])

    def x_has_keyword(self, card: str, k: str) -> bool:
        return self.g.has_keyword(self.st, card, k)

    def x_turn(self) -> int:
        return self.st.turn if self.st.phase == "turn" else -1

    def x_spread(self, g: str, t: str = "any") -> int:
        return sum(
            1
            for k, slot in enumerate(self.st.players[self.seat].row)
            if (t == "any" or self.g.slot_town(self.st, self.seat, k) == t)
            and any(self.g.is_(self.st, c, g) for c in slot.characters)
        )

    def x_has_placed(self, seat: int, g: str) -> bool:
        return any(self.g.is_(self.st, c, g) for c in self.st.players[seat].placed)

    def x_discarded(self, card: str) -> bool:
        return card in self.st.players[self.st.owner[card]].discard
