"""What card effects are made of: drawing, Pumpkin Points, discards, Searches, taking
cards back, choosing, removing cards from play, Stacking, placing, movement and the
other primitives the ops (effects.py) call."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from mypy_extensions import trait

from nbc.core.coverage import fired
from nbc.core.game import Choice, Context
from nbc.plugins.tcg.constants import (
    HALLOWEENTOWN,
    PP_CAP,
)
from nbc.plugins.tcg.effects import (
    ASK,
    CHECKS,
    custom,
    program_lead,
)
from nbc.plugins.tcg.machine import INTERNAL, EffectMachine
from nbc.plugins.tcg.scoring import Scoring
from nbc.plugins.tcg.state import Frame, Option, State, Trigger

if TYPE_CHECKING:
    from nbc.plugins.tcg.rules import Rules

# the last choice of every movement question, made once, with its value (see `Ask.of`)
STOP_MOVING = (Choice("stop", "Stop moving"), None)


@trait
class Primitives(EffectMachine, Scoring):
    """The primitives the ops call (mixed into `Rules`)."""

    def distinct(self, st: State, cards: Iterable[str]) -> list[str]:
        """One card of each kind: copies of a card are interchangeable, so one choice serves."""
        seen: set[str] = set()
        out = []
        for c in cards:
            key = st.cards[c]
            if key not in seen:
                seen.add(key)
                out.append(c)
        return out

    def draw(self, st: State, seat: int, n: int, ctx: Context) -> int:
        p = st.players[seat]
        n = max(0, min(n, len(p.deck)))
        if not n:
            return 0
        drawn = p.deck[-n:][::-1]
        del p.deck[-n:]
        p.hand.extend(drawn)
        ctx.emit("draw", f"seat {seat} draws {n}", {"seat": seat, "count": n})
        ctx.emit(
            "drew",
            "you draw " + ", ".join(self.label(st, c) for c in drawn),
            {"seat": seat, "cards": [self.card_data(st, c) for c in drawn], "refs": self.refs(st, *drawn)},
            to=[seat],
        )
        return n

    def add_pp(self, st: State, seat: int, n: int, ctx: Context) -> None:
        p = st.players[seat]
        before = p.pp
        p.pp = max(0, min(PP_CAP, p.pp + n))
        if p.pp != before:
            ctx.emit("pp", f"seat {seat} has {p.pp} Pumpkin Points", {"seat": seat, "pp": p.pp})

    def to_discard(self, st: State, card: str, ctx: Context, why: str) -> None:
        seat = st.owner[card]
        st.players[seat].discard.append(card)
        # a discard is seen by everyone as it happens, though another player's pile may
        # not be looked through later: the view shows it for this choice
        self.show(st, [card])
        ctx.emit(
            "discard",
            f"seat {seat} discards {self.label(st, card)} ({why})",
            {
                "seat": seat,
                "card": self.card_data(st, card),
                "why": why,
                "refs": [self.ref(st, card), *self.named(why)],
            },
        )

    def discard_hand_card(self, st: State, seat: int, card: str, ctx: Context, why: str) -> None:
        st.players[seat].hand.remove(card)
        self.to_discard(st, card, ctx, why)

    def take_out_of_play(self, st: State, card: str) -> int | None:
        """Lift a card off the table (wherever it is) and drop its Stacked cards and
        Hex counter; return the seat whose town it was in."""
        found = self.locate(st, card)
        town = None
        if found is not None:
            town = found[0]
            st.players[town].row[found[1]].characters.remove(card)
        else:
            for seat, p in enumerate(st.players):
                for zone in (p.creations, p.placed):
                    if card in zone:
                        zone.remove(card)
                        town = seat
        if card in st.hexed:
            st.hexed.remove(card)
        return town

    def drop_stack(self, st: State, card: str, ctx: Context) -> None:
        for s in st.stacked.pop(card, []):
            self.to_discard(st, s, ctx, "its card left play")
        for s in st.flags.pop(f"beneath:{card}", []):
            self.to_discard(st, s, ctx, "its card left play")

    def discard_from_hand(
        self, st: State, f: Frame, ins: dict, ctx: Context, optional: bool = False, seat: int | None = None
    ) -> Any:
        """`seat` (default: the effect's player) discards from hand, asked card by card."""
        seat = f.seat if seat is None else seat
        p = st.players[seat]
        key = f"_d{f.pc}"
        if key not in f.vars:
            if f.vars.get("by", f.seat) != seat:
                verdict = self.window(st, f, seat, "hand-discard", ctx)
                if verdict != True:  # noqa: E712 - False or ASK
                    return verdict
            n = (
                int(self.ev(st, f, ins["max" if optional else "n"]))
                if isinstance(ins.get("max" if optional else "n"), str)
                else int(ins.get("max" if optional else "n", 1))
            )
            find = ins.get("find", ["any"])
            pool = [c for c in p.hand if any(self.is_(st, c, g) for g in find)]
            if not optional and not ins.get("forced") and len(pool) < n:
                return False
            f.vars[key] = [min(n, len(pool)), 0]
        left, done = f.vars[key]
        if self.got(st) and st.answered_by == seat and f.vars.get("_wait") == key:
            del f.vars["_wait"]
            card = self.take(st)
            if card is None:
                left = 0
            else:
                self.discard_hand_card(
                    st, seat, card, ctx, "to pay for an effect" if not ins.get("forced") else "an effect"
                )
                left, done = left - 1, done + 1
            f.vars[key] = [left, done]
        find = ins.get("find", ["any"])
        pool = [c for c in p.hand if any(self.is_(st, c, g) for g in find)]
        if left > 0 and pool:
            f.vars["_wait"] = key
            options: list[Option] = [
                (f"discard:{c}", f"Discard {self.label(st, c)}", c, [self.ref(st, c)])
                for c in self.distinct(st, pool)
            ]
            if optional:
                options.append(("stop", "Discard no more", None))
            return self.ask(st, seat, "discard", f"Discard a card ({left} to go)", options)
        del f.vars[key]
        _store_var(f, ins, done)
        return True

    def search(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        seat = f.seat
        p = st.players[seat]
        key = f"_s{f.pc}"
        find = ins.get("find", ["any"])
        count = ins.get("count")
        if key not in f.vars:
            n = int(self.ev(st, f, ins["n"])) if isinstance(ins["n"], str) else int(ins["n"])
            if st.expansions and self.hooks is not None:
                n += self.hooks.search_bonus(self, st, seat)
            n = min(n, len(p.deck))
            shown = p.deck[len(p.deck) - n :][::-1]
            del p.deck[len(p.deck) - n :]
            ctx.emit(
                "search",
                f"seat {seat} searches {n}: " + ", ".join(self.label(st, c) for c in shown),
                {
                    "seat": seat,
                    "cards": [self.card_data(st, c) for c in shown],
                    "find": find,
                    "refs": self.refs(st, *shown),
                },
            )
            self.show(st, shown)
            flt = ins.get("filter")
            matches = [
                c
                for c in shown
                if any(self.is_(st, c, g) for g in find) and (not flt or self.ev(st, f, flt, c=c))
            ]
            f.vars[key] = {"shown": shown, "matches": matches, "taken": [], "left": count}
        s = f.vars[key]
        done, card = self.answered(st, f, key)
        if done:
            s["taken"].append(card)
            s["matches"].remove(card)
            s["left"] -= 1
        if s["left"] is None:
            s["taken"].extend(s["matches"])
            s["matches"] = []
        elif s["left"] > 0 and s["matches"]:
            if len(s["matches"]) <= s["left"]:
                s["taken"].extend(s["matches"])
                s["matches"] = []
            else:
                f.vars["_wait"] = key
                return self.ask(
                    st,
                    seat,
                    "search-take",
                    "Choose a card to take from the search",
                    [
                        (f"take:{c}", f"Take {self.label(st, c)}", c, [self.ref(st, c)])
                        for c in self.distinct(st, s["matches"])
                    ],
                )
        done, kept = self.answered(st, f, key + ":keep")
        if done:
            s["keep"] = kept
        if st.expansions and self.hooks is not None and not s["taken"] and "keep" not in s:
            # a Search that found nothing may still let its player keep a card (by a ruling of the expansion)
            allowed = self.hooks_of(st).failed_search(self, st, seat, f, list(s["shown"]))
            if allowed is True and s["shown"]:
                f.vars["_wait"] = key + ":keep"
                return self.ask(
                    st,
                    seat,
                    "search-keep",
                    "The search found nothing: keep one of the cards?",
                    [
                        (f"keep:{c}", f"Keep {self.label(st, c)}", c, [self.ref(st, c)])
                        for c in self.distinct(st, s["shown"])
                    ],
                )
            s["keep"] = allowed or None
        del f.vars[key]
        if s.get("keep"):
            s["taken"].append(s["keep"])
        p.hand.extend(s["taken"])
        if s["taken"]:
            ctx.emit(
                "search-take",
                f"seat {seat} takes " + ", ".join(self.label(st, c) for c in s["taken"]),
                {
                    "seat": seat,
                    "cards": [self.card_data(st, c) for c in s["taken"]],
                    "refs": self.refs(st, *s["taken"]),
                },
            )
        rest = [c for c in s["shown"] if c not in s["taken"]]
        for c in rest:
            self.to_discard(st, c, ctx, "searched and not taken")
        _store_var(f, ins, len(s["taken"]) - (1 if s.get("keep") else 0))
        return True

    def recover(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        seat = f.seat
        p = st.players[seat]
        find = ins.get("find", ["any"])
        key = f"_r{f.pc}"
        done, card = self.answered(st, f, key)
        if done:
            p.discard.remove(card)
            p.hand.append(card)
            self.show(st, [card])
            ctx.emit(
                "recover",
                f"seat {seat} takes {self.label(st, card)} from the discard pile",
                {"seat": seat, "card": self.card_data(st, card), "refs": [self.ref(st, card)]},
            )
            _store_var(f, ins, card)
            return True
        pool = [c for c in p.discard if any(self.is_(st, c, g) for g in find)]
        if not pool:
            return False
        f.vars["_wait"] = key
        return self.ask(
            st,
            seat,
            "recover",
            "Take a card from your discard pile",
            [
                (f"take:{c}", f"Take {self.label(st, c)}", c, [self.ref(st, c)])
                for c in self.distinct(st, pool)
            ],
        )

    def candidates(self, st: State, f: Frame, source: str) -> list[Any]:
        seat = f.seat
        if source == "my_chars":
            return self.characters(st, seat)
        if source == "my_chars_here":
            found = self.locate(st, f.source)
            if found is None:
                return []
            return [c for c in st.players[found[0]].row[found[1]].characters if c != f.source]
        if source == "opp_chars":
            return [c for s in self.opponents(st, seat) for c in self.characters(st, s)]
        if source == "any_chars":
            return [c for s in range(len(st.players)) for c in self.characters(st, s)]
        if source == "my_creations":
            return self.creations_of(st, seat)
        if source == "opp_creations":
            return [c for s in self.opponents(st, seat) for c in self.creations_of(st, s)]
        if source == "opp_placed":
            return [c for s in self.opponents(st, seat) for c in st.players[s].placed]
        if source == "hand":  # (the source is in hand only while a play is weighed: not a choice)
            return list(self.distinct(st, [c for c in st.players[seat].hand if c != f.source]))
        if source == "hand_and_town_chars":
            p = st.players[seat]
            return [
                *self.distinct(st, [c for c in p.hand if c != f.source and self.is_(st, c, "character")]),
                *self.characters(st, seat),
            ]
        if source == "at_this_locale":
            return list(self.slot_of_locale(st, f.source).characters)
        if source == "left_chars":
            return self.characters(st, f.vars["left"])
        if source == "discard":
            return list(self.distinct(st, st.players[seat].discard))
        if source == "opponents":
            return self.opponents(st, seat)
        if source == "players":
            return list(range(len(st.players)))
        if source in ("my_locales", "opp_locales", "any_locales"):
            seats = {"my_locales": [seat], "opp_locales": self.opponents(st, seat)}.get(
                source, list(range(len(st.players)))
            )
            return [slot.locale for s in seats for slot in st.players[s].row]
        raise ValueError(f"choose: unknown source {source!r}")

    def choice_pool(self, st: State, f: Frame, ins: dict) -> list[Any]:
        """What a `choose` step may pick now: its source's cards (or seats), in its town,
        passing its filter."""
        pool = self.candidates(st, f, ins["from"])
        town = ins.get("town")
        if town is not None:  # cards on the table count only in that town; others (a hand) stay
            pool = [c for c in pool if (t := self.card_town(st, c)) is None or t == town]
        flt = ins.get("filter")
        if flt:
            pool = [c for c in pool if self.ev(st, f, flt, c=c)]
        return pool

    def choose(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        key = f"_c{f.pc}"
        done, value = self.answered(st, f, key)
        if done:
            _store_var(f, ins, value)
            return value is not None
        pool = self.choice_pool(st, f, ins)
        if not pool:
            return False
        if len(pool) == 1 and not ins.get("optional"):
            _store_var(f, ins, pool[0])
            return True
        f.vars["_wait"] = key
        options: list[Option] = [self.pick_option(st, c) for c in pool]
        if ins.get("optional"):
            options.append(("none", "Choose none", None))
        return self.ask(st, f.seat, "choose", ins.get("label", "Choose"), options)

    def pick_option(self, st: State, c: Any) -> tuple[str, str, Any, list[str]]:
        """The option of a `choose` question for a seat or a card (with its Locale)."""
        if isinstance(c, int):
            return (f"pick:{c}", f"seat {c}", c, [])
        found = self.locate(st, c)
        if found is not None:
            locale = st.players[found[0]].row[found[1]].locale
            label = f"{self.label(st, c)} at seat {found[0]}'s {self.label(st, locale)}"
            return (f"pick:{c}", label, c, self.refs(st, c, locale))
        return (f"pick:{c}", self.label(st, c), c, [self.ref(st, c)])

    def remove_card(self, st: State, f: Frame, card: str | None, dest: str, ctx: Context) -> Any:
        """Discard (`dest` "discard") or return to hand (`dest` "hand") a card in play."""
        if card is None or not self.in_play(st, card):
            return False
        town = self.town_of(st, card)
        d = self.def_of(st, card)
        if card != f.source and town is not None:
            verdict = self.window(st, f, town, "character" if d.kind == "character" else "card", ctx, card)
            if verdict is not True:
                return verdict
        if self.shields(st, f, card, town):
            return False
        if dest == "discard" and self.is_immune(st, card):
            return False
        if dest == "hand" and town != f.vars.get("by", f.seat) and self.has_keyword(st, card, "kept"):
            return False
        if dest == "discard" and d.kind == "character":
            guard = self.guard_for(st, f, card, ctx)
            if guard == ASK:
                return ASK
            card = guard
            d = self.def_of(st, card)
        where = self.card_town(st, card) if d.kind == "character" else None
        town = self.take_out_of_play(st, card)
        self.drop_stack(st, card, ctx)
        owner = st.owner[card]
        if dest == "hand":
            st.players[owner].hand.append(card)
            self.mark_known(st, [card])
            ctx.emit(
                "bounce",
                f"{self.label(st, card)} returns to seat {owner}'s hand",
                {"seat": owner, "card": self.card_data(st, card), "refs": [self.ref(st, card)]},
            )
        else:
            self.to_discard(st, card, ctx, "discarded from play")
            if d.kind == "character":
                self.fire(st, "char_discarded", {"card": card, "town": town, "from_town": where})
        return True

    def guard_for(self, st: State, f: Frame, card: str, ctx: Context) -> Any:
        """A Character that may be discarded instead of `card` (Jewel), if its owner wants."""
        key = f"_g{f.pc}"
        done, guard = self.answered(st, f, key)
        if done:
            f.vars[key] = guard
            if guard != card:
                fired(st.cards[guard])  # it is discarded in the other's place
        if key in f.vars:
            return f.vars.pop(key)
        found = self.locate(st, card)
        if found is None:
            return card
        guards = [
            c
            for c in st.players[found[0]].row[found[1]].characters
            if c != card and (g := self.def_of(st, c).guards) and self.is_(st, card, g)
        ]
        if not guards:
            return card
        f.vars["_wait"] = key
        return self.ask(
            st,
            found[0],
            "guard",
            f"{self.label(st, card)} is about to be discarded",
            [("keep", f"Discard {self.label(st, card)}", card, [self.ref(st, card)])]
            + [
                (f"instead:{g}", f"Discard {self.label(st, g)} instead", g, self.refs(st, g, card))
                for g in guards
            ],
        )

    def stack(self, st: State, f: Frame, host: str | None, ctx: Context) -> Any:
        if host is None or not self.in_play(st, host):
            return False
        town = self.town_of(st, host)
        if self.shields(st, f, host, town):
            return False
        if town is not None and town != f.seat:
            verdict = self.window(st, f, town, "character", ctx, host)
            if verdict is not True:
                return verdict
        p = st.players[f.seat]
        if f.source in p.surprise_discard:
            p.surprise_discard.remove(f.source)
        st.stacked.setdefault(host, []).append(f.source)
        ctx.emit(
            "stack",
            f"seat {f.seat} stacks {self.label(st, f.source)} on {self.label(st, host)}",
            {
                "seat": f.seat,
                "card": self.card_data(st, f.source),
                "on": self.card_data(st, host),
                "refs": self.refs(st, f.source, host),
            },
        )
        if self.def_of(st, host).kind == "creation":
            self.fire(st, "stacked_on_creation", {"card": f.source, "on": host})
        return True

    def place(self, st: State, f: Frame, ctx: Context) -> Any:
        p = st.players[f.seat]
        if f.source in p.surprise_discard:
            p.surprise_discard.remove(f.source)
        d = self.def_of(st, f.source)
        if d.center:
            if any(self.def_of(st, c).name == d.name for c in st.center):
                p.discard.append(f.source)
                return False
            st.center.append(f.source)
            where = "the centre of the table"
        else:
            p.placed.append(f.source)
            where = "the table"
        ctx.emit(
            "place",
            f"seat {f.seat} places {self.label(st, f.source)} on {where}",
            {"seat": f.seat, "card": self.card_data(st, f.source), "refs": [self.ref(st, f.source)]},
        )
        return True

    def each(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        who = ins["who"]
        order = self.from_king(st)
        n = len(st.players)
        if who == "all":
            seats = order
        elif who == "opponents":
            seats = [s for s in order if s != f.seat]
        elif who == "left_of_each":
            seats = order
        elif who == "most_characters":
            counts = [len(self.characters(st, s)) for s in range(n)]
            seats = [s for s in order if counts[s] == max(counts)]
        elif who == "fewest_active":
            counts = [self.active_count(st, s) for s in range(n)]
            seats = [s for s in order if counts[s] == min(counts)]
        else:
            raise ValueError(f"each: unknown who {who!r}")
        keep = {k: v for k, v in f.vars.items() if not k.startswith("_")}
        for s in reversed(seats):
            st.stack.append(
                Frame(
                    ins["do"], s, f.source, 0, {**keep, "by": f.vars.get("by", f.seat), "left": (s + 1) % n}
                )
            )
        return True

    def relocate(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        card = f.source if ins.get("card", "self") == "self" else f.vars.get(ins["card"])
        if card is None:
            return False
        found = self.locate(st, card)
        if found is None:
            return False
        town, k = found
        if not self.can_move(st, card) or self.shields(st, f, card, town):
            return False
        d = self.def_of(st, card)
        if d.move_when and not self.ev_at(st, town, card, d.move_when):
            fired(d.id)  # its own rule keeps it where it is (Sandy Claws)
            return False
        if town != f.vars.get("by", f.seat) and card != f.source:
            verdict = self.window(st, f, town, "character", ctx, card)
            if verdict is not True:
                return verdict
        row = st.players[town].row
        key = f"_l{f.pc}"
        done, dest = self.answered(st, f, key)
        if not done:
            dests = self.relocate_dests(st, f, ins, card, town, k)
            if not dests:
                return False
            if len(dests) > 1:
                f.vars["_wait"] = key
                return self.ask(
                    st,
                    f.seat,
                    "destination",
                    f"Where does {self.label(st, card)} go?",
                    [
                        (f"to:{d}", self.label(st, row[d].locale), d, self.refs(st, row[d].locale, card))
                        for d in dests
                    ],
                )
            dest = dests[0]
        self.move_character(st, town, card, k, dest, ctx)
        return True

    def relocate_dests(self, st: State, f: Frame, ins: dict, card: str, town: int, k: int) -> list[int]:
        """The row places a `relocate` step may take `card` to from place k of `town`'s row."""
        row = st.players[town].row
        to = ins.get("to", "adjacent")
        if to == "adjacent":
            dests = [d for d in (k - 1, k + 1) if 0 <= d < len(row)]
        elif to == "any":
            dests = [d for d in range(len(row)) if d != k]
        elif to.startswith("var:"):
            other = self.locate(st, f.vars.get(to[4:]) or "")
            dests = [other[1]] if other is not None and other[0] == town and other[1] != k else []
        else:
            names = to.split("|")
            dests = [d for d, s in enumerate(row) if st.cards[s.locale] in names and d != k]
        return [d for d in dests if not row[d].flipped and self.may_enter(st, town, card, k, d)]

    def may_enter(self, st: State, town: int, card: str, frm: int, to: int) -> bool:
        if st.expansions and self.hooks is not None:
            verdict = self.hooks_of(st).may_move(self, st, town, card, frm, to)
            if verdict is not None:
                return verdict
        return True

    def move_character(self, st: State, town: int, card: str, frm: int, to: int, ctx: Context) -> None:
        row = st.players[town].row
        row[frm].characters.remove(card)
        row[to].characters.append(card)
        ctx.emit(
            "move",
            f"{self.label(st, card)} moves from {self.label(st, row[frm].locale)} "
            f"to {self.label(st, row[to].locale)}",
            {
                "seat": town,
                "card": self.card_data(st, card),
                "from": frm,
                "to": to,
                "refs": self.refs(st, card, row[frm].locale, row[to].locale),
            },
        )
        self.fire(st, "moved", {"card": card, "from_slot": frm, "to_slot": to})
        d = self.def_of(st, card)
        for other in row[frm].characters:
            od = self.def_of(st, other)
            follows = od.follows is not None and self.is_(st, card, od.follows)
            brought = any(self.is_(st, other, g) for g in d.brings)
            # it goes along only where it could go itself (an expansion may bar the way)
            if (follows or brought) and self.can_move(st, other) and self.may_enter(st, town, other, frm, to):
                why = od.id if follows else d.id
                st.triggers.append(
                    Trigger(
                        "rules.follow",
                        town,
                        other,
                        {"card": other, "from_slot": frm, "to_slot": to, "why": why, "leader": card},
                        self.effect_depth(st),
                    )
                )

    def movement(self, st: State, f: Frame, ins: dict, n: int, ctx: Context) -> Any:
        """Spend up to n Movement on your own Characters, one step at a time."""
        seat = f.seat
        key = f"_m{f.pc}"
        if key not in f.vars:
            f.vars[key] = {"left": n, "moved": []}
        m = f.vars[key]
        done, choice = self.answered(st, f, key)
        if done:
            if choice is None:
                m["left"] = 0
            elif choice[0] == "gather":  # one Movement; the player then picks whom it pulls in
                _, card, pulled = choice
                fired(st.cards[card])
                m["gather"] = {"at": card, "left": list(pulled), "chosen": []}
                m["left"] -= 1
            else:
                _, card, frm, to, price = choice
                if abs(to - frm) > 1:  # only a Character that may go anywhere skips Locales
                    fired(st.cards[card])
                self.move_character(st, seat, card, frm, to, ctx)
                m["left"] -= price
                m["moved"].append(card)
        gathering = m.get("gather")
        if gathering is not None:
            answered, yes = self.answered(st, f, key + ":gather")
            if answered:
                other = gathering["left"].pop(0)
                if yes:
                    gathering["chosen"].append(other)
            if gathering["left"]:
                f.vars["_wait"] = key + ":gather"
                at = self.locate(st, gathering["at"])
                into = self.label(st, st.players[seat].row[at[1]].locale) if at else "his Locale"
                pulled = [self.ref(st, gathering["left"][0])]
                return self.ask(
                    st,
                    seat,
                    "gather",
                    f"Pull {self.label(st, gathering['left'][0])} into {into}?",
                    [("yes", "Yes", True, pulled), ("no", "No", False, pulled)],
                )
            del m["gather"]
            found = self.locate(st, gathering["at"])
            for other in gathering["chosen"]:
                where = self.locate(st, other)
                if where is not None and found is not None:
                    self.move_character(st, seat, other, where[1], found[1], ctx)
                    m["moved"].append(other)
        options = self.move_options(st, f, ins, m) if m["left"] > 0 else []
        if not options:
            del f.vars[key]
            return True
        f.vars["_wait"] = key
        options.append(STOP_MOVING)
        return self.ask(st, seat, "move", f"Move your Characters ({m['left']} Movement left)", options)

    def move_options(self, st: State, f: Frame, ins: dict, m: dict) -> list[Option]:
        return list(self.moves(st, f, ins, m))

    def moves(self, st: State, f: Frame, ins: dict, m: dict) -> Iterator[Option]:
        """The moves open to `f.seat` with the Movement left in `m`, one at a time."""
        seat = f.seat
        row = st.players[seat].row
        flt = ins.get("filter")
        moved = m["moved"] if ins.get("different") else ()
        left = m["left"]
        for k, slot in enumerate(row):
            for card in slot.characters:
                d = self.defs[st.cards[card]]
                if not self.can_move(st, card) or (flt and not self.ev(st, f, flt, c=card)) or card in moved:
                    continue
                if d.move_when and not self.ev_at(st, seat, card, d.move_when):
                    fired(d.id)
                    continue
                leave = d.leave_cost.get(st.cards[slot.locale], 1) if d.leave_cost else 1
                if leave != 1:
                    fired(d.id)  # leaving this Locale costs it more Movement
                if leave <= left:
                    dests = range(len(row)) if d.move_anywhere else (k - 1, k + 1)
                    for to in dests:
                        if to == k or not 0 <= to < len(row) or row[to].flipped:
                            continue
                        if not self.may_enter(st, seat, card, k, to):
                            continue
                        yield (
                            f"mv:{card}:{to}",
                            f"Move {self.label(st, card)} to {self.label(st, row[to].locale)}",
                            ["mv", card, k, to, leave],
                            self.refs(st, card, row[to].locale),
                        )
                if d.gathers_at and st.cards[slot.locale] == d.gathers_at and not slot.flipped:
                    pulled = [
                        c
                        for j in (k - 1, k + 1)
                        if 0 <= j < len(row)
                        for c in row[j].characters
                        if self.can_move(st, c)
                        and not ((md := self.def_of(st, c).move_when) and not self.ev_at(st, seat, c, md))
                        and self.def_of(st, c).leave_cost.get(st.cards[row[j].locale], 1) <= 1
                        and (not flt or self.ev(st, f, flt, c=c))
                        and c not in moved
                        and self.may_enter(st, seat, c, j, k)
                    ]
                    if pulled:
                        yield (
                            f"gather:{card}",
                            f"{self.label(st, card)} pulls Characters of your choice from next door "
                            f"into {self.label(st, slot.locale)}",
                            ["gather", card, pulled],
                            self.refs(st, card, slot.locale),
                        )

    def look_hand(self, st: State, f: Frame, seat: int | None, ctx: Context) -> Any:
        if seat is None:
            return False
        hand = st.players[seat].hand
        self.show(st, hand, to=f.seat)
        ctx.emit("look", f"seat {f.seat} looks at seat {seat}'s hand", {"seat": f.seat, "target": seat})
        ctx.emit(
            "looked",
            f"seat {seat}'s hand: " + ", ".join(self.label(st, c) for c in hand),
            {"target": seat, "cards": [self.card_data(st, c) for c in hand], "refs": self.refs(st, *hand)},
            to=[f.seat],
        )
        return True

    def random_discard(self, st: State, f: Frame, seat: int | None, ctx: Context) -> Any:
        if seat is None:
            return False
        verdict = self.window(st, f, seat, "hand-discard", ctx) if seat != f.seat else True
        if verdict is not True:
            return verdict
        hand = st.players[seat].hand
        if not hand:
            return False
        card = hand[ctx.rng.below(len(hand))]
        self.discard_hand_card(st, seat, card, ctx, "chosen at random")
        return True

    def tuck_hand(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        seat = f.seat
        key = f"_t{f.pc}"
        slot = self.slot_of_locale(st, f.source)
        done = f.vars.get(key, 0)  # cards tucked so far (or the most, once the player stops)
        answered, card = self.answered(st, f, key)
        if answered:
            if card is None:
                done = int(ins.get("max", 1))
            else:
                st.players[seat].hand.remove(card)
                slot.beneath.append(card)
                f.vars.setdefault("_tucked", 0)
                f.vars["_tucked"] += 1
                ctx.emit(
                    "tuck",
                    f"seat {seat} tucks a card face down under {self.label(st, slot.locale)}",
                    {"seat": seat, "refs": [self.ref(st, slot.locale)]},  # the Locale: the card is unseen
                )
                done += 1
            f.vars[key] = done
        if done < int(ins.get("max", 1)) and st.players[seat].hand:
            f.vars["_wait"] = key
            options = [
                (f"tuck:{c}", f"Tuck {self.label(st, c)}", c, [self.ref(st, c)])
                for c in self.distinct(st, st.players[seat].hand)
            ]
            return self.ask(
                st, seat, "tuck", "Tuck a card face down", [*options, ("stop", "Tuck no more", None)]
            )
        _store_var(f, ins, f.vars.pop("_tucked", 0))
        f.vars.pop(key, None)
        return True

    def tuck_char(self, st: State, f: Frame, card: str | None, ctx: Context) -> Any:
        if card is None or self.locate(st, card) is None:
            return False
        slot = self.slot_of_locale(st, f.source)
        self.take_out_of_play(st, card)
        self.drop_stack(st, card, ctx)
        slot.beneath.append(card)
        self.mark_known(st, [card])  # it went face down in sight of everyone
        ctx.emit(
            "tuck",
            f"{self.label(st, card)} goes face down under {self.label(st, slot.locale)}",
            {"seat": f.seat, "card": self.card_data(st, card), "refs": self.refs(st, card, slot.locale)},
        )
        return True

    # -- whether a card's mode, Function or ability can be begun --
    def can_start(self, st: State, seat: int, source: str, key: str) -> bool:
        """Whether program `key` (a Surprise's mode, a Locale's Function, an ability),
        carried out now by `seat` for `source`, could do its first part: every choice it
        opens with has something to pick, its opening tests hold, and its first acting
        step has what it acts on (a target that may be discarded, returned, Stacked on
        or moved; a card to take back or to pay with). What comes after an "and then" or
        a "to" is not looked at: only the first part must be possible. A Surprise being
        weighed is still in its player's hand, which is why that hand is counted without
        it. Anything an opponent may answer with is not foreseen."""
        lead = program_lead(key)
        if not lead:
            return True
        return self.lead_holds(st, Frame(key, seat, source, 0, {}), lead, 0)

    def lead_holds(self, st: State, f: Frame, lead: list[dict[str, Any]], i: int) -> bool:
        while i < len(lead):
            ins = lead[i]
            name = ins["op"]
            when = ins.get("when")
            if when is not None and not self.ev(st, f, when):
                i += 1  # a step its `when` skips does nothing, and cannot fail
                continue
            if name == "set":
                n = ins["n"]
                f.vars[ins["as"]] = self.ev(st, f, n) if isinstance(n, str) else n
            elif name == "require":
                if not self.ev(st, f, ins["cond"]):
                    return False
            elif name == "choose":
                for c in self.choice_pool(st, f, ins):  # one pick that lets the rest go through
                    if "as" in ins:
                        f.vars[ins["as"]] = c
                    if self.lead_holds(st, f, lead, i + 1):
                        return True
                return False
            else:
                return self.first_step_holds(st, f, ins)
            i += 1
        return True

    def first_step_holds(self, st: State, f: Frame, ins: dict[str, Any]) -> bool:
        """Whether the first acting step of a program finds what it acts on."""
        name = ins["op"]
        p = st.players[f.seat]
        if name in ("destroy", "bounce", "discard_card", "stack"):
            card = f.vars.get(ins["on" if name == "stack" else "card"])
            if card is None:
                return False
            if name == "discard_card" and card in p.hand:
                return True
            if not self.in_play(st, card):
                return False
            town = self.town_of(st, card)
            if card != f.source and self.shields(st, f, card, town):
                return False
            if name in ("destroy", "discard_card"):
                d = self.defs[st.cards[card]]
                return not (d.immune or self.has_keyword(st, card, "immune"))
            if name == "bounce":
                return town == f.seat or not self.has_keyword(st, card, "kept")
            return True
        if name == "tuck_char":
            card = f.vars.get(ins["card"])
            return card is not None and self.locate(st, card) is not None
        if name == "relocate":
            card = f.source if ins.get("card", "self") == "self" else f.vars.get(ins["card"])
            found = None if card is None else self.locate(st, card)
            if card is None or found is None or not self.can_move(st, card):
                return False
            if self.shields(st, f, card, found[0]):
                return False
            d = self.defs[st.cards[card]]
            if d.move_when and not self.ev_at(st, found[0], card, d.move_when):
                return False
            return bool(self.relocate_dests(st, f, ins, card, found[0], found[1]))
        if name == "recover":
            find = ins.get("find", ["any"])
            return any(any(self.is_(st, c, g) for g in find) for c in p.discard)
        if name == "discard" and not ins.get("forced"):
            n = ins.get("n", 1)
            need = int(self.ev(st, f, n)) if isinstance(n, str) else int(n)
            find = ins.get("find", ["any"])
            pool = [c for c in p.hand if c != f.source and any(self.is_(st, c, g) for g in find)]
            return len(pool) >= need
        if name == "random_discard":
            seat = f.vars.get(ins["card"])
            return seat is not None and bool(st.players[seat].hand)
        if name == "custom":
            check = CHECKS.get(ins.get("fn", ""))
            return check is None or bool(check(self, st, f, ins))
        return True

    def remove_for_cost(self, st: State, card: str, ctx: Context) -> None:
        """Discard one of your own cards from play to pay for something (it counts as discarded)."""
        where = self.card_town(st, card)
        town = self.take_out_of_play(st, card)
        self.drop_stack(st, card, ctx)
        self.to_discard(st, card, ctx, "discarded from play to pay a cost")
        if self.def_of(st, card).kind == "character":
            self.fire(st, "char_discarded", {"card": card, "town": town, "from_town": where})


def _store_var(f: Frame, ins: dict, value: Any) -> None:
    if "as" in ins:
        f.vars[ins["as"]] = value


@custom("follow")
def _follow(g: Rules, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
    card = f.vars["card"]
    found = g.locate(st, card)
    if found is None or found[1] != f.vars["from_slot"]:
        return False
    to = f.vars["to_slot"]
    if "leader" in f.vars:  # it goes where the leader is now, which may be further on
        leader = g.locate(st, f.vars["leader"])
        if leader is None or leader[0] != found[0] or leader[1] == found[1]:
            return False
        to = leader[1]
    if not g.may_enter(st, found[0], card, found[1], to):
        return False
    g.move_character(st, found[0], card, found[1], to, ctx)
    if "why" in f.vars:  # the card whose ability let it come along
        fired(f.vars["why"])
    return True


INTERNAL.update(
    {
        "rules.discard": [{"op": "discard", "n": "n", "forced": True}],
        "rules.follow": [{"may": "Move along with it for free?", "then": [{"op": "custom", "fn": "follow"}]}],
    }
)


INTERNAL.update(
    {
        "rules.sacrifice3": [
            {
                "op": "choose",
                "from": "my_chars",
                "as": "a",
                "label": "Discard a Character (1 of 3)",
                "filter": "not immune(c)",
                "town": HALLOWEENTOWN,
            },
            {"op": "discard_card", "card": "a"},
            {
                "op": "choose",
                "from": "my_chars",
                "as": "b",
                "label": "Discard a Character (2 of 3)",
                "filter": "not immune(c)",
                "town": HALLOWEENTOWN,
            },
            {"op": "discard_card", "card": "b"},
            {
                "op": "choose",
                "from": "my_chars",
                "as": "c",
                "label": "Discard a Character (3 of 3)",
                "filter": "not immune(c)",
                "town": HALLOWEENTOWN,
            },
            {"op": "discard_card", "card": "c"},
        ],
        "rules.free_creation": [{"op": "custom", "fn": "free_creation"}],
        "rules.wheel": [
            {
                "op": "choose",
                "from": "opp_chars",
                "as": "t",
                "filter": "owner(c) == o and scare(c) == n and not immune(c)",
            },
            {"op": "destroy", "card": "t"},
        ],
    }
)
