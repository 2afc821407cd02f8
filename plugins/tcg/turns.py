"""The Player Turns: the turn menu (one Function, cards to play, abilities, ending the
turn), what a card costs and where it may be played, and playing it (rulebook: Player
Turn Phase, Playing Cards, Replacing Characters)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from mypy_extensions import trait

from nbc.core.coverage import fired
from nbc.core.game import REFS, Choice, Context
from nbc.plugins.tcg.constants import (
    SURPRISE_LIMIT,
)
from nbc.plugins.tcg.effects import (
    PROGRAMS,
    compile_expression,
    custom,
    cut_price,
)
from nbc.plugins.tcg.machine import INTERNAL
from nbc.plugins.tcg.primitives import Primitives
from nbc.plugins.tcg.scope import _NO_VARS, Scope
from nbc.plugins.tcg.state import Frame, Option, State

if TYPE_CHECKING:
    from nbc.plugins.tcg.rules import Rules


# the last entry of every turn menu, the same each time
END_TURN = Choice("end", "End your turn")


@trait
class PlayerTurns(Primitives):
    """The Player Turns (mixed into `Rules`)."""

    # -- Player Turns --
    def begin_turn(self, st: State, seat: int, ctx: Context) -> None:
        st.turn = seat
        st.function_used = False
        st.extra_functions = 0
        ctx.emit("turn", f"seat {seat} begins a Player Turn", {"seat": seat})

    def end_turn(self, st: State, ctx: Context) -> None:
        ctx.emit("turn-end", f"seat {st.turn} ends the turn", {"seat": st.turn})
        st.turns_taken += 1
        if st.turns_taken >= len(st.players):
            st.phase = "end"
            return
        self.begin_turn(st, (st.turn + 1) % len(st.players), ctx)

    def turn_menu(self, st: State, ctx: Context) -> None:
        seat = st.turn
        if st.answered_by >= 0:  # the menu's answer (`got`, `take`)
            action = st.answer
            st.answer, st.answered_by = None, -1
            verb = action[0]
            dice = st.flags.get("dice")
            if dice is not None:  # Let's Play! may follow a roll only as the very next card played
                if verb == "play" and "next" not in dice:
                    dice["next"] = action[1]
                else:
                    del st.flags["dice"]
            if verb == "end":
                self.end_turn(st, ctx)
            elif verb == "fn":
                self.perform_function(st, seat, action[1], action[2], ctx)
            elif verb == "use":
                self.use_ability(st, seat, action[1], action[2], ctx)
            else:  # play / replace / playopp
                self.push(st, "rules.play", seat, action[1], verb=verb, to=action[2], mode=None)
            return
        self.ask(
            st,
            seat,
            "turn",
            "Your turn: play cards, perform one Function, or end the turn",
            self.menu(st, seat),
        )

    def menu(self, st: State, seat: int) -> list[Option]:
        p = st.players[seat]
        out: list[Option] = []
        if not st.function_used or st.extra_functions:
            only = st.flags.get("extra_at") if st.function_used else None
            cards = st.cards
            for k, slot in enumerate(p.row):
                if (only is None or slot.locale == only) and self.is_active(st, seat, k):
                    d = self.defs[cards[slot.locale]]
                    for j, option in enumerate(self.function_options(cards[slot.locale], k)):
                        # a Function whose first part finds nothing to act on is not offered
                        if self.can_start(st, seat, slot.locale, f"{d.id}.function{j}"):
                            out.append(option)
        pp, cards, defs = p.pp, st.cards, self.defs
        if p.hand:
            floors = self.floors(st)
            seen: set[str] = set()
            for card in p.hand:  # one entry per kind of card: copies are interchangeable
                key = cards[card]
                if key not in seen:
                    seen.add(key)
                    if floors[key] <= pp:
                        out.extend(self.play_options(st, seat, card))
        for card in self.own_cards(st, seat):
            d = defs[cards[card]]
            if not d.abilities:
                continue
            for j, ability in enumerate(d.abilities):
                if ability.hex and card in st.hexed:
                    continue
                if ability.when and not self.ev_at(st, seat, card, ability.when):
                    continue
                if not self.can_start(st, seat, card, f"{d.id}.ability{j}"):
                    continue
                out.append(
                    (
                        f"use:{card}:{j}",
                        f"{self.label(st, card)}: {ability.label}",
                        ["use", card, j],
                        [self.ref(st, card), *self.named(ability.label)],
                    )
                )
        if st.expansions and self.hooks is not None:
            out.extend(self.hooks_of(st).more_actions(self, st, seat) or ())
        out.append((END_TURN, ["end"]))
        return out

    def floors(self, st: State) -> dict[str, int]:
        """The least each card of a match can cost there, whatever the table (with the
        cuts its expansions declare, tcg_price_cuts): the turn menu passes over cards
        dearer than the Pumpkin Points held unpriced. Worked out once per match's cards by
        `Rules.price_floors`."""
        defs = self.in_match(st)
        found = st.memo.get("floors")
        if found is None:
            key = (defs, tuple(st.expansions))
            found = self._floors.get(key)
            if found is None:
                if len(self._floors) > 256:
                    self._floors.clear()
                cards = [self.defs[d] for d in defs]
                cuts = []
                if st.expansions and self.hooks is not None:
                    cuts = self.hooks.price_cuts(key[1], cards)
                found = self._floors[key] = self.price_floors(cards, cuts)
            st.memo["floors"] = found
        return found

    def function_options(self, locale: str, k: int) -> list[tuple[Choice, list[Any]]]:
        """The menu entries for the Functions of Locale `locale` (a card id) at row place k
        (a Locale in a row is face up, so its reference is its card id), as (Choice,
        action) pairs made once."""
        found = self._function_options.get((locale, k))
        if found is None:
            d = self.defs[locale]
            found = [
                (
                    Choice(f"fn:{k}:{j}", f"{d.name}: {fn.label}", {REFS: [d.id, *self.named(fn.label)]}),
                    ["fn", k, j],
                )
                for j, fn in enumerate(d.functions)
            ]
            self._function_options[locale, k] = found
        return found

    def own_cards(self, st: State, seat: int) -> list[str]:
        p = st.players[seat]
        return [*[c for slot in p.row for c in slot.characters], *p.creations, *p.placed]

    def perform_function(self, st: State, seat: int, k: int, j: int, ctx: Context) -> None:
        slot = st.players[seat].row[k]
        if st.function_used:
            st.extra_functions -= 1
        st.function_used = True
        d = self.def_of(st, slot.locale)
        ctx.emit(
            "function",
            f"seat {seat} performs {d.name}: {d.functions[j].label}",
            {
                "seat": seat,
                "locale": self.card_data(st, slot.locale),
                "function": j,
                "refs": [self.ref(st, slot.locale), *self.named(d.functions[j].label)],
            },
        )
        self.push(st, f"{d.id}.function{j}", seat, slot.locale)
        fired(d.id)
        self.fire(st, "function_here", {"locale": slot.locale}, where=slot)
        self.fire(st, "function_performed", {"player": seat, "locale": slot.locale})
        if st.expansions and self.hooks is not None:
            self.hooks_of(st).function_performed(self, st, seat, slot.locale)

    def use_ability(self, st: State, seat: int, card: str, j: int, ctx: Context) -> None:
        ability = self.def_of(st, card).abilities[j]
        if ability.hex:
            st.hexed.append(card)
        ctx.emit(
            "ability",
            f"seat {seat} uses {self.label(st, card)}: {ability.label}",
            {
                "seat": seat,
                "card": self.card_data(st, card),
                "ability": j,
                "refs": [self.ref(st, card), *self.named(ability.label)],
            },
        )
        self.push(st, f"{self.def_of(st, card).id}.ability{j}", seat, card)

    def cost(self, st: State, seat: int, card: str, to: tuple[int, int] | None = None) -> int:
        d = self.defs[st.cards[card]]
        if d.cost is None:
            value = d.number or 0
        else:
            extra: dict[str, Any] = {"number": d.number or 0, "to": ""}
            if to is not None:
                extra["to"] = st.cards[st.players[to[0]].row[to[1]].locale]
                extra["to_slot"] = to
            scope = Scope(self, st, seat, card, _NO_VARS, extra)  # type: ignore[arg-type]  # self is the Rules
            value = int(compile_expression(d.cost)(scope))
            if value != (d.number or 0):
                fired(d.id)  # its own price rule changed the price
        placed = st.players[seat].placed
        if st.center or placed:
            for mod_card in [*st.center, *placed]:
                mods = self.def_of(st, mod_card).modifiers
                for key, delta in mods.items():
                    if key != "floor" and self.is_(st, card, key):
                        if delta < 0 and d.full_price:
                            fired(d.id)  # its full price held against a cut
                            continue
                        changed = int(cut_price(value, delta, mods.get("floor") if delta < 0 else None))
                        if changed != value:
                            fired(st.cards[mod_card])
                        value = changed
        if st.expansions and self.hooks is not None:
            adjusted = self.hooks_of(st).adjust_cost(self, st, seat, card, value)
            if adjusted is not None:
                value = adjusted
        return max(0, value)

    def max_discount(self, st: State, seat: int, card: str) -> int:
        total = 0
        for disc in self.def_of(st, card).discounts:
            if disc.when and not self.ev_at(st, seat, card, disc.when):
                continue
            total += disc.per * min(disc.max, len(self.discount_pool(st, seat, card, disc)) // disc.batch)
        return total

    def discount_pool(self, st: State, seat: int, card: str, disc: Any) -> list[str]:
        p = st.players[seat]
        # "town": the cards of your Halloweentown (Eager Anaconda's Characters)
        if disc.zone == "hand":
            pool = p.hand
        else:  # only cards that may be discarded from play pay (not Sandy Claws, say)
            town = [*self.town_characters(st, seat), *p.creations, *p.placed]
            pool = [c for c in town if not self.is_immune(st, c)]
        return [c for c in pool if c != card and any(self.is_(st, c, g) for g in disc.find)]

    def title_in_town(self, st: State, seat: int, card: str) -> str | None:
        """The instance of the same Card Title already in `seat`'s town, if any."""
        defs, cards = self.defs, st.cards
        d = defs[cards[card]]
        if d.kind == "character":
            key = d.title_key
            for slot in st.players[seat].row:
                for c in slot.characters:
                    if defs[cards[c]].title_key == key:
                        return c
            return None
        zone = self.creations_of(st, seat) if d.kind == "creation" else st.players[seat].placed
        for c in zone:
            if defs[cards[c]].name == d.name:
                return c
        for host, stack in st.stacked.items():  # Stacked on a card of this town, whoever played it
            if st.owner.get(host) == seat:
                for c in stack:
                    if defs[cards[c]].name == d.name:
                        return c
        return None

    def play_options(self, st: State, seat: int, card: str) -> list[Option]:
        d = self.defs[st.cards[card]]
        if d.play_when and not self.ev_at(st, seat, card, d.play_when):
            fired(d.id)  # its own condition keeps it in hand
            return []
        p = st.players[seat]
        name = self.label(st, card)
        out: list[Option] = []
        kind = d.kind
        if kind == "character":
            current = self.title_in_town(st, seat, card)
            if current is not None:
                old = self.def_of(st, current)
                if old.id != d.id and (d.number or 0) >= (old.number or 0):
                    price = (d.number or 0) - (old.number or 0)
                    at = self.locate(st, current)
                    assert at is not None  # a Character of the same title in a town stands at a Locale
                    if price <= p.pp and self.may_play_character(st, seat, card, at[0], at[1], "replace"):
                        out.append(
                            (
                                f"replace:{card}",
                                f"Replace {self.label(st, current)} with {name} ({price} PP)",
                                ["replace", card, None],
                                self.refs(st, card, current),
                            )
                        )
            else:
                discount = self.max_discount(st, seat, card) if d.discounts else 0
                by_place = d.id in self.cost_by_place
                price = 0 if by_place else self.cost(st, seat, card)
                for k, slot in enumerate(p.row):
                    if not by_place and price - discount > p.pp:
                        break  # the same price everywhere, and too dear
                    if not self.may_play_character(st, seat, card, seat, k, "play"):
                        continue
                    if by_place:
                        price = self.cost(st, seat, card, (seat, k))
                    if price - discount <= p.pp:
                        out.append(
                            (
                                f"play:{card}:{k}",
                                f"Play {name} under {self.label(st, slot.locale)} ({price} PP)",
                                ["play", card, [seat, k]],
                                self.refs(st, card, slot.locale),
                            )
                        )
            if d.opponent_play:
                price = int(self.ev_at(st, seat, card, d.opponent_play, number=d.number or 0))
                if price <= p.pp:
                    for s in self.opponents(st, seat):
                        if self.title_in_town(st, s, card) is not None:
                            continue  # that player's towns hold the title already
                        for k, slot in enumerate(st.players[s].row):
                            if self.def_of(st, slot.locale).kind == "starting-locale":
                                continue
                            if not self.may_play_character(st, seat, card, s, k, "opponent"):
                                continue
                            loc = self.label(st, slot.locale)
                            out.append(
                                (
                                    f"playopp:{card}:{s}:{k}",
                                    f"Play {name} under seat {s}'s {loc} ({price} PP)",
                                    ["playopp", card, [s, k]],
                                    self.refs(st, card, slot.locale),
                                )
                            )
            return out
        if kind == "creation":
            price = self.cost(st, seat, card)
            if (
                price - self.max_discount(st, seat, card) <= p.pp
                and self.title_in_town(st, seat, card) is None
            ):
                out.append(
                    (f"play:{card}", f"Play {name} ({price} PP)", ["play", card, None], [self.ref(st, card)])
                )
            if d.opponent_play and (not d.opponent_when or self.ev_at(st, seat, card, d.opponent_when)):
                price = int(self.ev_at(st, seat, card, d.opponent_play, number=d.number or 0))
                for s in self.opponents(st, seat) if price <= p.pp else ():
                    if self.title_in_town(st, s, card) is None:
                        out.append(
                            (
                                f"playopp:{card}:{s}",
                                f"Play {name} into seat {s}'s town ({price} PP)",
                                ["playopp", card, [s, -1]],
                                [self.ref(st, card)],
                            )
                        )
            return out
        if kind == "surprise":
            if not self.may_play_surprise(st, seat, card, own_turn=True):
                return []
            price = self.cost(st, seat, card)
            if price <= p.pp and self.any_mode_open(st, seat, card):
                out.append(
                    (f"play:{card}", f"Play {name} ({price} PP)", ["play", card, None], [self.ref(st, card)])
                )
        return out

    def may_play_character(
        self, st: State, seat: int, card: str, town: int, k: int, how: str = "play"
    ) -> bool:
        """Whether `seat` may put Character `card` at Locale k of `town`'s row (the row's
        owner: seat itself, or an opponent). `how` is the play path: `play` (from hand to
        your own row, paid or free), `opponent` (into an opponent's row), `replace` (a
        new version takes the old one's place). Every path asks the card's own rule and
        the expansions (`tcg_may_play_character`)."""
        slot = st.players[town].row[k]
        if slot.flipped:
            return False
        d = self.defs[st.cards[card]]
        if d.play_where:
            to = st.cards[slot.locale]
            if not self.ev_at(st, seat, card, d.play_where, to=to, to_slot=(town, k)):
                fired(d.id)  # its own rule rules this Locale out
                return False
        if st.expansions and self.hooks is not None:
            verdict = self.hooks_of(st).may_play_character(self, st, seat, card, town, k, how)
            if verdict is not None:
                return verdict
        return True

    def may_play_surprise(self, st: State, seat: int, card: str, own_turn: bool) -> bool:
        p = st.players[seat]
        d = self.def_of(st, card)
        if d.name in p.titles_this_round:
            return False
        return not (own_turn and len(p.surprise_discard) >= SURPRISE_LIMIT)

    def modes_open(self, st: State, seat: int, card: str, phase: str = "turn") -> list[int]:
        return list(self.open_modes(st, seat, card, phase))

    def any_mode_open(self, st: State, seat: int, card: str, phase: str = "turn") -> bool:
        return next(self.open_modes(st, seat, card, phase), None) is not None

    def open_modes(self, st: State, seat: int, card: str, phase: str) -> Iterator[int]:
        """The modes of Surprise `card` that `seat` may choose now, one at a time."""
        d = self.defs[st.cards[card]]
        keeps = None  # whether the title is in town already, looked up when it matters
        for k, mode in enumerate(d.modes):
            if mode.phase != phase:
                continue
            places = self._mode_places.get((d.id, k))
            if places is None:  # whether the mode puts the card into the player's own town
                program = PROGRAMS[f"{d.id}.mode{k}"]
                # a Surprise Stacked on an opponent's card goes into that opponent's town:
                # its choice of card leaves out the towns that hold the title (`title_held`)
                picks = [i for i in program if i["op"] == "choose"]
                onto = {i["as"] for i in picks if str(i.get("from")).startswith("opp")}
                places = self._mode_places[d.id, k] = any(
                    i["op"] == "place" or (i["op"] == "stack" and i.get("on") not in onto) for i in program
                )
            if places:
                if keeps is None:
                    keeps = self.title_in_town(st, seat, card) is not None or (
                        d.center and any(self.defs[st.cards[c]].name == d.name for c in st.center)
                    )  # one copy of a title in a town, and one in the centre of the table
                if keeps:
                    continue
            if mode.when and not self.ev_at(st, seat, card, mode.when):
                continue
            if not self.can_start(st, seat, card, f"{d.id}.mode{k}"):
                continue  # its first part would find nothing to act on: not worth paying for
            yield k

    def play_free(self, st: State, seat: int, card: str, ctx: Context) -> None:
        """Put a Creation from hand into play without paying for it (its on-play effect runs)."""
        p = st.players[seat]
        p.hand.remove(card)
        p.creations.append(card)
        ctx.emit(
            "play",
            f"seat {seat} plays {self.label(st, card)} for free",
            {"seat": seat, "card": self.card_data(st, card), "cost": 0, "refs": [self.ref(st, card)]},
        )
        self.played(st, seat, card, f"{self.def_of(st, card).id}.on_play", "creation_played")


@custom("play_mode")
def _play_mode(g: Rules, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
    card = f.source
    if g.def_of(st, card).kind != "surprise":
        return True
    if g.got(st):
        f.vars["mode"] = g.take(st)
        return True
    modes = g.modes_open(st, f.seat, card, f.vars.get("phase", "turn"))
    if len(modes) == 1:
        f.vars["mode"] = modes[0]
        return True
    d = g.def_of(st, card)
    return g.ask(
        st,
        f.seat,
        "mode",
        f"{d.name}: choose which ability to use",
        [(f"mode:{k}", d.modes[k].label, k, [g.ref(st, card), *g.named(d.modes[k].label)]) for k in modes],
    )


@custom("play_discount")
def _play_discount(g: Rules, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
    """Optional cost reductions paid by discarding (Hanging Tree, Delightful Hat, ...)."""
    seat, card = f.seat, f.source
    d = g.def_of(st, card)
    if not d.discounts or f.vars["verb"] != "play":
        f.vars["discount"] = 0
        return True
    f.vars.setdefault("discount", 0)
    f.vars.setdefault("disc_k", 0)
    if g.got(st):
        chosen = g.take(st)
        disc = d.discounts[f.vars["disc_k"]]
        if chosen is None:
            f.vars["disc_k"] += 1
            f.vars.pop("disc_n", None)
        else:
            if disc.zone == "hand":
                g.discard_hand_card(st, seat, chosen, ctx, f"to lower the cost of {d.name}")
            else:
                g.remove_for_cost(st, chosen, ctx)
            f.vars["disc_n"] = f.vars.get("disc_n", 0) + 1
            if f.vars["disc_n"] % disc.batch == 0:
                f.vars["discount"] += disc.per
                fired(d.id)
    while f.vars["disc_k"] < len(d.discounts):
        disc = d.discounts[f.vars["disc_k"]]
        to = tuple(f.vars["to"]) if f.vars["to"] else None
        price = g.cost(st, seat, card, to) - f.vars["discount"]
        pool = g.discount_pool(st, seat, card, disc)
        usable = (not disc.when or g.ev_at(st, seat, card, disc.when)) and price > 0
        if disc.exclusive and f.vars["discount"] > 0:
            usable = False
        made = f.vars.get("disc_n", 0)
        # a discount paid from the hand is offered whenever the hand could pay it (its size
        # is public), even when no card in it can: whether the player is asked must not
        # tell the others what the hand holds (then only paying in full is offered)
        unseen = (
            disc.zone == "hand"
            and made % disc.batch == 0
            and len(st.players[seat].hand) >= disc.batch
            and price <= st.players[seat].pp
        )
        if not usable or (len(pool) < disc.batch and not unseen) or made >= disc.max * disc.batch:
            f.vars["disc_k"] += 1
            f.vars.pop("disc_n", None)
            continue
        options: list[Option] = [
            (
                f"discount:{c}",
                f"{disc.label}: {g.label(st, c)}",
                c,
                [g.ref(st, c), *g.named(disc.label), g.ref(st, card)],
            )
            for c in (g.distinct(st, pool) if len(pool) >= disc.batch or made % disc.batch else [])
        ]
        if price <= st.players[seat].pp and f.vars.get("disc_n", 0) % disc.batch == 0:
            options.append(("stop", f"Pay {price} without discarding more", None, [g.ref(st, card)]))
        return g.ask(st, seat, "discount", f"{d.name} costs {price}: lower it?", options)
    return True


@custom("play_pay")
def _play_pay(g: Rules, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
    seat, card, verb = f.seat, f.source, f.vars["verb"]
    d = g.def_of(st, card)
    p = st.players[seat]
    to: tuple[int, int] | None = (f.vars["to"][0], f.vars["to"][1]) if f.vars["to"] else None
    # the card a replacement replaces (a replacement is offered only when it stands in play)
    old = g.title_in_town(st, seat, card) if verb == "replace" else None
    if old is not None:
        price = (d.number or 0) - (g.def_of(st, old).number or 0)
    elif verb == "playopp":
        assert d.opponent_play is not None, f"{d.id} has no price in another town"
        price = int(g.ev_at(st, seat, card, d.opponent_play, number=d.number or 0))
    else:
        price = max(0, g.cost(st, seat, card, to) - f.vars.get("discount", 0))
    if price > p.pp:  # discounts were declined: the play is called off, nothing is spent
        return False
    p.pp -= price
    p.hand.remove(card)
    ctx.emit(
        "play",
        f"seat {seat} plays {g.label(st, card)} for {price}",
        {"seat": seat, "card": g.card_data(st, card), "cost": price, "refs": [g.ref(st, card)]},
    )
    if verb == "playopp" or d.id in g.plain:
        fired(d.id)  # played into another town, or a card whose whole job is being in play
    if d.kind == "character":
        if old is not None:
            at = g.locate(st, old)
            assert at is not None, f"{old} is replaced but stands nowhere"
            town, k = at
            slot = st.players[town].row[k]
            slot.characters[slot.characters.index(old)] = card
            if old in st.stacked:
                st.stacked[card] = st.stacked.pop(old)
            if old in st.hexed:
                st.hexed.remove(old)
            st.players[st.owner[old]].discard.append(old)
            g.show(st, [old])
            ctx.emit(
                "replace",
                f"{g.label(st, old)} is replaced",
                {"seat": seat, "card": g.card_data(st, old), "refs": [g.ref(st, old)]},
            )
        else:
            assert to is not None, f"{card} is played to no Locale"
            st.players[to[0]].row[to[1]].characters.append(card)
        g.played(st, seat, card, f"{d.id}.on_play", "char_played", data={"replaced": verb == "replace"})
    elif d.kind == "creation":
        into = seat
        if verb == "playopp":
            assert to is not None, f"{card} is played into no town"
            into = to[0]
        st.players[into].creations.append(card)
        g.played(st, seat, card, f"{d.id}.on_play", "creation_played", into=into)
    else:
        p.surprise_discard.append(card)
        p.titles_this_round.append(d.name)
        fired(d.id)  # a Surprise resolves once paid for, whatever its steps then find
        g.played(st, seat, card, f"{d.id}.mode{f.vars['mode']}", "surprise_played")
    return True


INTERNAL.update(
    {
        "rules.play": [
            {"op": "custom", "fn": "play_mode"},
            {"op": "custom", "fn": "play_discount"},
            {"op": "custom", "fn": "play_pay"},
        ]
    }
)
