"""The effect machine: how a card's effect runs, waits for answers and sets off others.

An effect is a compiled program (effects.py) on the stack (`State.stack`, one `Frame` a
running effect). `step` runs the instruction at the top frame's position; an op that asks
a question returns `ASK` and runs again, from its start, once the question is answered,
so it must never repeat what it did before asking (`checked_op` checks this in tests and
in the fuzzer, `STRICT_STEPS`). Triggers wait in `State.triggers` until the effect that
set them off is over (`effect_depth`); a card just played queues its own effect with them
(`played`), and the current player orders several (the rulebook's timing rule). Response
windows (`window`) let a player answer an effect aimed at them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mypy_extensions import trait

from nbc.core.coverage import fired
from nbc.core.game import Context
from nbc.plugins.tcg.basics import Basics
from nbc.plugins.tcg.effects import (
    ASK,
    CUSTOM,
    OPS,
    PROGRAM_FIRES,
    PROGRAMS,
    STEPS,
    compiled_steps,
)
from nbc.plugins.tcg.scope import Scope
from nbc.plugins.tcg.state import Ask, Frame, Option, Slot, State, Trigger

# Checked after every step when true (tests and the fuzzer): see `EffectMachine.checked_op`.
STRICT_STEPS = False
# the rules' own procedures run as programs (the King's activity, playing a card, ...), by
# key; each module that has some adds them, and Rules compiles them
INTERNAL: dict[str, list[dict[str, Any]]] = {}
TRIGGERS_BY_EVENT: dict[str, set[str]] = {}  # event -> the card ids with a trigger on it
NOTHING: frozenset[str] = frozenset()


@trait
class EffectMachine(Basics):
    """The stack, questions, triggers and response windows (mixed into `Rules`)."""

    def ask(self, st: State, seat: int, kind: str, text: str, options: Iterable[Option]) -> str:
        st.asks = [Ask.of(seat, kind, text, options)]
        return ASK

    def answered(self, st: State, f: Frame, key: str) -> tuple[bool, Any]:
        """(True, value) once the question a step asked under `key` (`ask_for`) has been
        answered; (False, None) before. Steps that ask run again after the answer."""
        if st.answered_by >= 0 and f.vars.get("_wait") == key:
            del f.vars["_wait"]
            return True, self.take(st)
        return False, None

    def ask_for(self, st: State, f: Frame, key: str, seat: int, kind: str, text: str, options: Any) -> str:
        """Ask `seat` on behalf of step `f`; `answered(st, f, key)` reads the answer."""
        f.vars["_wait"] = key
        return self.ask(st, seat, kind, text, options)

    def got(self, st: State) -> bool:
        return st.answered_by >= 0

    def take(self, st: State) -> Any:
        value = st.answer
        st.answer, st.answered_by = None, -1
        return value

    def show(self, st: State, cards: Iterable[str], to: int | None = None) -> None:
        """Record cards revealed by this choice (to everyone, or to one seat) for the views."""
        cards = list(cards)
        shown = st.shown.setdefault("all" if to is None else str(to), [])
        if shown:
            seen = {c["id"] for c in shown}  # a step that runs again shows nothing twice
            shown.extend(self.card_data(st, c) for c in cards if c not in seen)
        else:
            shown.extend(self.card_data(st, c) for c in cards)
        self.mark_known(st, cards, to)

    def mark_known(self, st: State, cards: Iterable[str], seat: int | None = None) -> None:
        """Remember that `seat` (None: everyone) saw these cards, which may go on to a hidden
        place (a hand, a deck top, under a Locale): redealing hidden cards keeps them."""
        who = -1 if seat is None else seat
        known = st.known
        for c in cards:
            seats = known.get(c)
            if seats is None:
                known[c] = [who]
            elif who not in seats and -1 not in seats:
                seats.append(who)

    def step(self, st: State, ctx: Context) -> None:
        f = st.stack[-1]
        steps = STEPS.get(f.prog)
        if steps is None:
            steps = compiled_steps(f.prog)
        pc = f.pc
        if pc >= len(steps):
            st.stack.pop()
            return
        run, when, fires, ins = steps[pc]
        # (self is the Rules this mixin is part of)
        if when is not None and not when(Scope(self, st, f.seat, f.source, f.vars, {})):  # type: ignore[arg-type]
            f.pc = pc + 1
            return
        result = self.checked_op(st, f, ins, ctx) if STRICT_STEPS else run(self, st, f, ins, ctx)
        if result == ASK:
            return
        if result is True and fires is not None:  # a step of a card's effect did its work
            fired(fires)
        if st.stack and st.stack[-1] is not f and any(x is f for x in st.stack):
            # the op pushed frames of its own (each): this one resumes after them
            f.pc += 1 if result else len(steps)
            return
        if result:
            f.pc += 1
        else:
            f.pc = len(steps)

    def checked_op(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        """Run one step and check the effect machine's resume rule: a step that asks a
        question runs again from its start once the question is answered, so running it
        again before the answer must change nothing (no card moved twice, no second
        draw, no event said twice). Tests and the fuzzer turn this on (`STRICT_STEPS`)."""
        result = OPS[ins["op"]](self, st, f, ins, ctx)
        if result == ASK and st.asks and st.stack and st.stack[-1] is f:
            before = (_digest(st), ctx.rng.get_state(), len(ctx.new_events))
            again = OPS[ins["op"]](self, st, f, ins, ctx)
            after = (_digest(st), ctx.rng.get_state(), len(ctx.new_events))
            if again != ASK or after != before:
                raise AssertionError(
                    f"step {f.pc} of {f.prog} ({ins['op']}) is not safe to resume: run again before its "
                    "question is answered, it "
                    + ("did not ask again" if again != ASK else "changed the table")
                )
        return result

    def push(self, st: State, prog: str, seat: int, source: str = "", **vars: Any) -> None:
        if prog.endswith(".on_play"):
            vars.setdefault("into", seat)  # the seat whose town the card entered
        st.stack.append(Frame(prog, seat, source, 0, vars))

    def in_match(self, st: State) -> frozenset[str]:
        """The card definitions a match holds, in any zone (worked out once per match)."""
        memo = st.memo
        if memo.get("cards") != len(st.cards):  # a new match, or a test that added cards
            memo.clear()
            memo["cards"] = len(st.cards)
            memo["defs"] = frozenset(st.cards.values())
        return memo["defs"]

    def fire(self, st: State, event: str, data: dict[str, Any], where: Slot | None = None) -> None:
        """Queue every in-play card's trigger that listens for `event`."""
        if st.expansions and self.hooks is not None:
            self.hooks_of(st).event(self, st, event, data)
        listeners = TRIGGERS_BY_EVENT.get(event)
        if not listeners:
            return
        memo = st.memo  # the match's card definitions (`in_match`, without its call)
        if listeners.isdisjoint(memo["defs"] if memo.get("cards") == len(st.cards) else self.in_match(st)):
            return
        for seat, p in enumerate(st.players):
            if where is not None:  # this very Slot: comparing Slots by value compares every field
                pool = where.characters if any(slot is where for slot in p.row) else []
            else:
                pool = [*self.characters(st, seat), *p.creations, *p.placed]
            for card in pool:
                d = self.defs[st.cards[card]]
                if d.id not in listeners:
                    continue
                for k, trig in enumerate(d.triggers):
                    if trig.on != event or (trig.hex and card in st.hexed):
                        continue
                    if trig.hex and (st.phase != "turn" or st.turn != seat):
                        continue  # HEX text is only usable in its player's own turn
                    if trig.when and not self.ev_at(st, seat, card, trig.when, **data):
                        continue
                    if trig.hex:
                        st.hexed.append(card)
                    st.triggers.append(
                        Trigger(f"{d.id}.trigger{k}", seat, card, dict(data), self.effect_depth(st))
                    )

    def effect_depth(self, st: State) -> int:
        """The stack height below the card effect now running (-1 outside any): what a
        trigger it sets off waits for. The frames a card's effect pushes for itself (an
        `each`) are part of it: its triggers wait until the whole effect is over."""
        k = len(st.stack) - 1
        if k < 0:
            return -1
        source = st.stack[k].source
        while k > 0 and source and st.stack[k - 1].source == source:
            k -= 1
        return k

    def due(self, st: State) -> bool:
        """Whether some queued trigger's effect is over, so it goes before the stack resumes."""
        height = len(st.stack)
        return any(t.depth >= height for t in st.triggers)

    def played(
        self, st: State, seat: int, card: str, prog: str, event: str, data: dict | None = None, **vars: Any
    ) -> None:
        """A card was just played: queue its own effect (`prog`, when it has steps) and the
        triggers its play sets off (`event`, with `data` besides the card). The current
        player orders them when there are several (the rulebook's Dr. Finklestein
        example); one runs at once."""
        depth, queued = self.effect_depth(st), len(st.triggers)
        self.fire(st, event, {"card": card, **(data or {})})
        if not PROGRAMS[prog]:
            return
        if prog.endswith(".on_play"):
            vars.setdefault("into", seat)
        if len(st.triggers) == queued:  # nothing else goes off: the card's effect runs now
            st.stack.append(Frame(prog, seat, card, 0, vars))
        else:
            st.triggers.insert(queued, Trigger(prog, seat, card, vars, depth, True))

    def resolve_triggers(self, st: State, ctx: Context) -> None:
        height = len(st.stack)
        due = [k for k, t in enumerate(st.triggers) if not height or t.depth >= height]
        # A card still in its holder's hand (How dare you!) is that player's chance to
        # answer: it waits for the effects on the table, and nobody else orders it (or
        # sees its name). Those go one at a time, in the order they were queued.
        shown = [k for k in due if st.triggers[k].source not in st.players[st.triggers[k].seat].hand]
        due = shown or due[:1]
        if len(due) == 1 or self.got(st):
            t = st.triggers.pop(due[0] if len(due) == 1 else self.take(st))
            st.stack.append(Frame(t.prog, t.seat, t.source, 0, t.vars))
            if not t.own:
                _trigger_fires(t)
            return
        chooser = st.turn if st.turn >= 0 else st.king
        self.ask(
            st,
            chooser,
            "order-triggers",
            "Several effects go off at once: choose which resolves first",
            [
                (
                    f"trigger:{k}",
                    self.trigger_label(st, st.triggers[k]),
                    k,
                    [self.ref(st, st.triggers[k].source)],
                )
                for k in due
            ],
        )

    def trigger_label(self, st: State, t: Trigger) -> str:
        what = "its effect as it is played" if t.own else "its triggered effect"
        return f"{self.label(st, t.source)}: {what} (seat {t.seat})"

    def responses_for(
        self, st: State, seat: int, against: str, from_surprise: bool, target: str | None = None
    ) -> list[tuple[str, int]]:
        """The (card, response index) pairs `seat` may use now against such an effect."""
        p = st.players[seat]
        kinds = {against}
        if against == "character" and from_surprise:
            kinds.add("surprise-character")
        out = []
        for zone, cards in (("hand", p.hand), ("play", self.own_cards(st, seat))):
            for card in cards:
                d = self.defs[st.cards[card]]
                for j, resp in enumerate(d.responses):
                    if resp.zone != zone or resp.against not in kinds:
                        continue
                    if resp.when and (target is None or not self.ev_at(st, seat, card, resp.when, c=target)):
                        continue
                    if zone == "hand":
                        if not self.may_play_surprise(st, seat, card, own_turn=False):
                            continue
                        if self.response_price(st, seat, card, resp) > p.pp:
                            continue
                    out.append((card, j))
        return out

    def may_answer_from_hand(self, st: State, seat: int, against: str, from_surprise: bool) -> bool:
        """Whether `seat` is asked to answer such an effect even with nothing to answer it
        with now: when its own cards (hand, decks and discards alike: which of them is
        in its hand is its secret) include one that answers it from hand, and its hand
        is not empty. Whom a window asks is public, so it must not depend on what a
        hand holds; a seat asked with no answer can only let the effect happen."""
        if not st.players[seat].hand:
            return False
        kinds = {against, "surprise-character"} if against == "character" and from_surprise else {against}
        answers = self.hand_answers
        for card, owner in st.owner.items():
            if owner == seat and not answers.get(st.cards[card], NOTHING).isdisjoint(kinds):
                return True
        return False

    def window(
        self, st: State, f: Frame, seat: int, against: str, ctx: Context, target: str | None = None
    ) -> Any:
        """Offer `seat` the chance to answer the running effect (aimed at `target`, when it
        is one card). True: go on; False: the effect is cancelled for that player; ASK:
        waiting for the answer."""
        by = f.vars.get("by", f.seat)
        if seat == by:
            return True
        if seat in f.vars.get("_immune", []):
            return False
        key = f"_w{f.pc}:{seat}"
        if key in f.vars:
            return f.vars[key]
        done, choice = self.answered(st, f, key)
        if done:
            if choice is None:
                f.vars[key] = True
                return True
            card, j = choice
            self.use_response(st, seat, card, j, f, ctx)
            f.vars.setdefault("_immune", []).append(seat)
            f.vars[key] = False
            return False
        source = f.source
        if (
            st.expansions
            and self.hooks is not None
            and self.hooks_of(st).shelter(self, st, by, seat, source, against) is False
        ):
            f.vars.setdefault("_immune", []).append(seat)
            f.vars[key] = False
            ctx.emit(
                "sheltered",
                f"seat {seat} is sheltered from {self.label(st, source) if source else 'it'}",
                {"seat": seat, "refs": self.refs(st, source) if source else []},
            )
            return False
        from_surprise = bool(source) and self.defs[st.cards[source]].kind == "surprise"
        options = self.responses_for(st, seat, against, from_surprise, target)
        if not options and not self.may_answer_from_hand(st, seat, against, from_surprise):
            f.vars[key] = True
            return True
        f.vars["_wait"] = key
        what = self.label(st, source) if source else "this effect"
        source_refs = self.refs(st, source) if source else []  # the card whose effect it answers
        answers: list[Option] = [("pass", "Let it happen", None, source_refs)]
        for c, j in options:
            answer = self.def_of(st, c).responses[j].label
            label = f"Answer with {self.label(st, c)}: {answer}"
            answers.append(
                (f"respond:{c}:{j}", label, [c, j], [self.ref(st, c), *self.named(answer), *source_refs])
            )
        return self.ask(st, seat, "respond", f"Seat {by}'s {what} affects you: answer it?", answers)

    def response_price(self, st: State, seat: int, card: str, resp: Any) -> int:
        """What answering from hand costs: the response's own price, changed by the
        expansions' price rules as any other card's price is."""
        price = (
            int(self.ev_at(st, seat, card, resp.cost))
            if resp.cost
            else (self.defs[st.cards[card]].number or 0)
        )
        if st.expansions and self.hooks is not None:
            changed = self.hooks_of(st).adjust_cost(self, st, seat, card, price)
            if changed is not None:
                price = changed
        return max(0, price)

    def use_response(self, st: State, seat: int, card: str, j: int, f: Frame, ctx: Context) -> None:
        d = self.def_of(st, card)
        resp = d.responses[j]
        p = st.players[seat]
        if resp.zone == "hand":
            p.pp -= self.response_price(st, seat, card, resp)
            p.hand.remove(card)
            p.surprise_discard.append(card)
            p.titles_this_round.append(d.name)
        elif resp.leaves_to == "discard":  # given up from play (The Rat): a discard like any other
            self.remove_for_cost(st, card, ctx)
        elif resp.leaves_to == "hand":
            self.take_out_of_play(st, card)
            self.drop_stack(st, card, ctx)
            p.hand.append(card)
            self.mark_known(st, [card])  # picked up from the table in sight of everyone
        fired(d.id)
        ctx.emit(
            "response",
            f"seat {seat} answers with {self.label(st, card)}: {resp.label}",
            {
                "seat": seat,
                "card": self.card_data(st, card),
                "refs": [self.ref(st, card), *self.named(resp.label)],
            },
        )
        if resp.ops:
            self.push(st, f"{d.id}.response{j}", seat, card)

    def custom(self, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
        return CUSTOM[ins["fn"]](self, st, f, ins, ctx)


def _digest(st: State) -> tuple:
    """What an effect's step can change, as one comparable value (for `checked_op`):
    cheaper than the whole saved state, and as searching."""
    return (
        tuple(
            (
                tuple(p.hand),
                tuple(p.deck),
                tuple(p.discard),
                tuple(p.surprise_discard),
                tuple((s.locale, tuple(s.characters), tuple(s.beneath), s.flipped) for s in p.row),
                tuple(p.creations),
                tuple(p.placed),
                tuple(p.locale_deck),
                tuple(p.removed),
                p.pp,
            )
            for p in st.players
        ),
        repr(st.flags),
        repr(st.stacked),
        repr(st.shown),
        tuple(st.center),
        tuple(st.hexed),
        tuple((t.prog, t.source) for t in st.triggers),
        tuple((f.prog, f.pc, repr(f.vars)) for f in st.stack),
        repr([(a.seat, a.kind, a.text, [c.id for c in a.choices]) for a in st.asks]),
        (st.days_left, st.round, st.king, st.king_activity, st.phase, st.turn, st.turns_taken),
        (st.function_used, st.extra_functions, st.over, len(st.cards), repr(st.known)),
    )


def _trigger_fires(t: Trigger) -> None:
    """A card's trigger (or an expansion's Bonus) goes off: report it to coverage."""
    key = PROGRAM_FIRES.get(t.prog)
    if key is not None:
        fired(key)
