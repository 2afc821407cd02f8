"""The Start Phase: a Day counter goes, Locales are revealed or placed, and the Pumpkin
King's activity goes round the table (rulebook: Start Phase)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mypy_extensions import trait

from nbc.core.game import Choice, Context
from nbc.plugins.tcg.constants import (
    KING_ACTIVITIES,
)
from nbc.plugins.tcg.effects import (
    ASK,
    OPS,
    custom,
)
from nbc.plugins.tcg.machine import INTERNAL
from nbc.plugins.tcg.state import Ask, Frame, Slot, State
from nbc.plugins.tcg.turns import PlayerTurns

if TYPE_CHECKING:
    from nbc.plugins.tcg.rules import Rules

# the choices that are the same every time, made once, with their values (see `Ask.of`)
ACTIVITY_CHOICES = [(Choice(k, text), k) for k, text in KING_ACTIVITIES.items()]
DECLINE = (Choice("pass", "Decline"), None)
FREE = (Choice("free", "Do it for free"), "free")


@trait
class StartPhase(PlayerTurns):
    """The Start Phase (mixed into `Rules`)."""

    # -- Start Phase --
    def start_phase(self, st: State, ctx: Context) -> None:
        st.round += 1
        st.days_left -= 1
        ctx.emit(
            "day",
            f"Day {st.round} begins; seat {st.king} is the Pumpkin King; {st.days_left} Day counters remain",
            {"day": st.round, "king": st.king, "days_left": st.days_left},
        )
        if st.round == 1:
            for seat, p in enumerate(st.players):
                p.row.append(Slot(p.starting_locale))
                ctx.emit(
                    "reveal-start",
                    f"seat {seat} reveals {self.label(st, p.starting_locale)}",
                    {
                        "seat": seat,
                        "card": self.card_data(st, p.starting_locale),
                        "refs": [self.ref(st, p.starting_locale)],
                    },
                )
            for seat, p in enumerate(st.players):
                self.draw(st, seat, p.start_hand, ctx)
            st.phase = "place"
            return
        asks = [self.place_locale_ask(st, seat) for seat, p in enumerate(st.players) if p.locale_deck]
        st.asks = asks
        st.phase = "place"

    def place_locale_ask(self, st: State, seat: int) -> Ask:
        """The question of where `seat` puts the top Locale of its Locale deck (made again
        from the state by `remake_asks`)."""
        p = st.players[seat]
        new = p.locale_deck[-1]
        name = self.label(st, new)
        places = None
        if st.expansions and self.hooks is not None:
            places = self.hooks_of(st).locale_placements(self, st, seat, new)
        if places is None:
            about = [self.ref(st, new)]
            places = [
                ("left", f"{name} at the left end", 0, about),
                ("right", f"{name} at the right end", len(p.row), about),
            ]
        return Ask.of(seat, "place-locale", f"Place {name} in your row", places)

    def place_locale(self, st: State, seat: int, at: int, ctx: Context) -> None:
        """Put the top Locale of seat's Locale deck into its row at position `at`."""
        p = st.players[seat]
        new = p.locale_deck.pop()
        p.row.insert(at, Slot(new))
        ctx.emit(
            "place-locale",
            f"seat {seat} places {self.label(st, new)} at position {at + 1} of {len(p.row)}",
            {"seat": seat, "card": self.card_data(st, new), "position": at, "refs": [self.ref(st, new)]},
        )

    def finish_placing(self, st: State, ctx: Context) -> None:
        st.phase = "king"
        st.king_activity = ""
        st.turn = -1
        self.ask(
            st,
            st.king,
            "king-activity",
            "Choose the Pumpkin King's activity for this Day",
            ACTIVITY_CHOICES,
        )

    def king_next(self, st: State, ctx: Context) -> None:
        if not st.king_activity:
            st.king_activity = self.take(st)
            ctx.emit(
                "king-activity",
                f"the Pumpkin King chooses: {KING_ACTIVITIES[st.king_activity]}",
                {"activity": st.king_activity},
            )
        order = self.from_king(st)
        position = order.index(st.turn) + 1 if st.turn >= 0 else 0
        if position >= len(order):
            st.phase, st.turns_taken = "turn", 0
            self.begin_turn(st, st.king, ctx)
            return
        st.turn = order[position]
        self.push(st, "rules.king", st.turn, "", activity=st.king_activity)

    def king_free(self, st: State, seat: int, activity: str) -> bool:
        """Whether `seat` alone meets the activity's condition for doing it free."""
        if activity == "draw":
            counts: list[int] = [len(p.hand) for p in st.players]
            best = min(counts)
        elif activity == "pp":
            counts = [
                sum(1 for c in self.creations_of(st, s) if not self.def_of(st, c).not_a_creation_count)  # type: ignore[misc]  # mypy misreads it
                for s in range(len(st.players))
            ]
            best = max(counts)
        else:
            counts = [len(self.characters(st, s)) for s in range(len(st.players))]
            best = max(counts)
        return counts[seat] == best and counts.count(best) == 1


@custom("king_pay")
def _king_pay(g: Rules, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
    """Each player in turn may do the chosen activity: free, or by discarding a card."""
    seat, activity = f.seat, f.vars["activity"]
    if g.got(st):
        choice = g.take(st)
        if choice is None:
            ctx.emit("king-pass", f"seat {seat} declines the Pumpkin King's activity", {"seat": seat})
            return False
        if choice == "free":
            ctx.emit("king-free", f"seat {seat} does the activity for free", {"seat": seat})
        elif isinstance(choice, list):  # a Surprise played now; the question comes back after it
            g.push(st, "rules.play", seat, choice[1], verb="play", to=None, mode=None, phase="king")
            return ASK
        else:
            g.discard_hand_card(st, seat, choice, ctx, "for the Pumpkin King's activity")
        return True
    p = st.players[seat]
    cards = g.distinct(st, p.hand)
    options: list[tuple[Any, ...]] = [DECLINE]
    if activity != "move" or next(g.moves(st, f, {}, {"left": 1, "moved": []}), None) is not None:
        if g.king_free(st, seat, activity):
            options.append(FREE)
        options += [(f"discard:{c}", f"Discard {g.label(st, c)} to do it", c, [g.ref(st, c)]) for c in cards]
    if st.phase == "king":
        for card in cards:
            d = g.defs[st.cards[card]]
            if d.kind == "surprise" and g.may_play_surprise(st, seat, card, own_turn=False):
                price = g.cost(st, seat, card)
                if price <= p.pp and g.any_mode_open(st, seat, card, "king"):
                    label = f"First play {g.label(st, card)} ({price} PP)"
                    options.append((f"surprise:{card}", label, ["surprise", card], [g.ref(st, card)]))
    return g.ask(st, seat, "king", KING_ACTIVITIES[activity], options)


# the step each King's activity is, for a player who paid for it or does it free
_KING_STEPS: dict[str, dict[str, Any]] = {
    "draw": {"op": "draw", "n": 1},
    "pp": {"op": "pp", "n": 1},
    "move": {"op": "move", "n": 1},
}


@custom("king_do")
def _king_do(g: Rules, st: State, f: Frame, ins: dict, ctx: Context) -> Any:
    step = _KING_STEPS[f.vars["activity"]]
    return OPS[step["op"]](g, st, f, step, ctx)


INTERNAL.update({"rules.king": [{"op": "custom", "fn": "king_pay"}, {"op": "custom", "fn": "king_do"}]})
