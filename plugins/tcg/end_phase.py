"""The End Phase, in the order of the Round Order Chart: Pumpkin Points emptied,
Surprises reimbursed (if the player wants), Hex counters removed, hands cut to 7,
empty Main Decks recycled, the Pumpkin King card passed on (rulebook: End Phase)."""

from __future__ import annotations

from mypy_extensions import trait

from nbc.core.game import Context
from nbc.plugins.tcg.constants import (
    HAND_LIMIT,
)
from nbc.plugins.tcg.primitives import Primitives
from nbc.plugins.tcg.state import Ask, State


@trait
class EndPhase(Primitives):
    """The End Phase (mixed into `Rules`)."""

    # -- End Phase --
    def end_phase(self, st: State, ctx: Context) -> None:
        if "end_begun" not in st.flags:
            # effects that happen "at the start of the End Phase" resolve first
            st.flags["end_begun"] = True
            self.fire(st, "end_phase", {})
            if st.triggers:
                return
        ctx.emit("end-phase", f"the End Phase of Day {st.round}", {"day": st.round})
        for p in st.players:
            p.pp = 0
        owed = {}
        for seat, p in enumerate(st.players):
            count = len(p.surprise_discard)
            if count:
                p.discard.extend(p.surprise_discard)
                p.surprise_discard.clear()
                owed[str(seat)] = count
            p.titles_this_round.clear()
        st.hexed.clear()
        for card in st.center:
            self.to_discard(st, card, ctx, "the End Phase clears the centre of the table")
        st.center.clear()
        for p in st.players:
            for slot in p.row:
                slot.flipped = False
        st.flags = {k: v for k, v in st.flags.items() if k.startswith("beneath:")}
        if owed:
            st.flags["reimburse"] = owed
        st.phase = "reimburse"

    def reimburse_all(self, st: State, ctx: Context) -> None:
        """Every player who played Surprises this Round may draw as many cards (all of
        them or none), all at once."""
        owed = st.flags.pop("reimburse", {})
        st.asks = [
            Ask.of(
                int(seat),
                "reimburse",
                f"You played {n} Surprise{'s' if n > 1 else ''} this Day: draw {n} to replace them?",
                [("draw", f"Draw {n}", n), ("decline", "Draw nothing", 0)],
            )
            for seat, n in owed.items()
        ]
        st.phase = "trim"

    def reimburse(self, st: State, seat: int, n: int, ctx: Context) -> None:
        if n:
            self.draw(st, seat, n, ctx)
        else:
            ctx.emit("reimburse-declined", f"seat {seat} draws nothing for its Surprises", {"seat": seat})

    def trim_ask(self, st: State, seat: int) -> Ask:
        """The question of which card `seat` discards next on the way down to the hand
        limit (made again from the state by `remake_asks`)."""
        over = len(st.players[seat].hand) - HAND_LIMIT
        options = [
            (f"discard:{c}", f"Discard {self.label(st, c)}", c, [self.ref(st, c)])
            for c in self.distinct(st, st.players[seat].hand)
        ]
        return Ask.of(seat, "discard-to-7", f"Discard down to {HAND_LIMIT}: {over} more", options)

    def remake_asks(self, st: State, keep: int | None) -> None:
        """Make the questions that are read off the state again (placing a Locale,
        discarding down to the hand limit, the turn's menu), but `keep`'s: after a redeal
        changed which card is which, another seat's question offers what its new cards
        allow."""
        for k, ask in enumerate(st.asks):
            if ask.seat == keep:
                continue
            if ask.kind == "place-locale":
                st.asks[k] = self.place_locale_ask(st, ask.seat)
            elif ask.kind == "discard-to-7":
                st.asks[k] = self.trim_ask(st, ask.seat)
            elif ask.kind == "turn":
                st.asks[k] = Ask.of(ask.seat, "turn", ask.text, self.menu(st, ask.seat))

    def trim_hands(self, st: State, ctx: Context) -> None:
        asks = [self.trim_ask(st, seat) for seat, p in enumerate(st.players) if len(p.hand) > HAND_LIMIT]
        if asks:
            st.asks = asks
            return
        for seat, p in enumerate(st.players):
            if not p.deck and p.discard:
                p.deck = p.discard
                p.discard = []
                ctx.rng.shuffle(p.deck)
                for c in p.deck:  # shuffled face down: where each one lies is nobody's knowledge
                    st.known.pop(c, None)
                ctx.emit(
                    "recycle",
                    f"seat {seat} shuffles the discard pile into a new Main Deck ({len(p.deck)} cards)",
                    {"seat": seat, "count": len(p.deck)},
                )
        st.king = (st.king + 1) % len(st.players)
        ctx.emit("king", f"the Pumpkin King card passes to seat {st.king}", {"king": st.king})
        if st.days_left <= 0:
            st.over = True
            st.phase = "over"
            ctx.emit("game-over", "the 12th Day is over; Scare Points are counted", self.scores_data(st))
            return
        st.phase = "start"
