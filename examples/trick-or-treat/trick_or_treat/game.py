"""Trick or Treat: bank a candy or play a trick, for the fullest bag.

A turn offers one prompt to the seat whose turn it is: bank one candy from the hand
(`treat:<card id>`) or play a trick (`trick`). A trick rolls a d6: 5-6 steals a
random candy from the next seat's hand, 2-4 draws a card, 1 makes the player discard
a candy of their choice (`discard:<card id>`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from nbc.core.cards import CardDef, load_cards, make_instances
from nbc.core.dice import d6
from nbc.core.game import Choice, Context, Game, Options, Outcome, Prompt, Variant
from nbc.core.piles import Pile
from trick_or_treat.state import Player, State


class Candy(CardDef):
    value: int = Field(ge=1)
    copies: int = Field(ge=1)


CANDY = load_cards(Path(__file__).parent / "data" / "cards.toml", Candy)
DIE = d6()


class TrickOrTreatOptions(Options):
    rounds: int = Field(default=5, ge=1, le=20, description="rounds before the bags are counted")
    hand_size: int = Field(default=3, ge=1, le=5, description="candies dealt to each player")


class TrickOrTreat(Game):
    name = "trick-or-treat"
    title = "Trick or Treat (example game)"
    description = "An example plugin: hidden hands, a die, and a face-up bag per player."
    players = range(2, 5)
    Options = TrickOrTreatOptions
    variants = {
        "base": Variant("base", "Five rounds"),
        "short": Variant("short", "Two rounds", options={"rounds": 2}),
    }
    State = State

    def setup(self, options: TrickOrTreatOptions, players: int, ctx: Context) -> State:
        def_ids = [c.id for c in CANDY.values() for _ in range(c.copies)]
        cards = make_instances(def_ids, ctx.rng)
        deck = Pile("deck", list(cards), seen_by="none")
        deck.shuffle(ctx.rng)
        state = State(
            rounds=options.rounds,
            deck=deck,
            discard=Pile("discard", seen_by="all"),
            players=[
                Player(Pile(f"hand {s}", seen_by="owner", owner=s), Pile(f"bag {s}", seen_by="all"))
                for s in range(players)
            ],
            cards=cards,
        )
        for seat in range(players):
            self._draw(state, seat, options.hand_size, ctx)
        return state

    # --- prompts ------------------------------------------------------------------
    def prompts(self, state: State) -> list[Prompt]:
        if state.over:
            return []
        seat = state.turn
        hand = state.players[seat].hand.cards
        if state.must_discard:
            choices = tuple(Choice(f"discard:{c}", f"Discard {self.card_name(state, c)}") for c in hand)
            return [Prompt(seat, "discard", "The trick backfired: discard a candy", choices)]
        choices = tuple(Choice(f"treat:{c}", f"Bank {self.card_name(state, c)}") for c in hand)
        return [
            Prompt(seat, "turn", "Bank a candy or play a trick", (*choices, Choice("trick", "Play a trick")))
        ]

    # --- apply --------------------------------------------------------------------
    def apply(self, state: State, seat: int, choice: Choice, ctx: Context) -> None:
        verb, _, card = choice.id.partition(":")
        player = state.players[seat]
        if verb == "treat":
            player.hand.remove(card)
            player.bag.put_top([card])
            ctx.emit(
                "bank",
                f"seat {seat} banks {self.card_name(state, card)}",
                {"seat": seat, "card": card, "name": self.card_name(state, card)},
            )
            self._draw(state, seat, 1, ctx)
        elif verb == "discard":
            player.hand.remove(card)
            state.discard.put_top([card])
            state.must_discard = False
            ctx.emit(
                "discard",
                f"seat {seat} discards {self.card_name(state, card)}",
                {"seat": seat, "card": card, "name": self.card_name(state, card)},
            )
        else:
            self._trick(state, seat, ctx)
            if state.must_discard:
                return
        self._end_turn(state, ctx)

    def _trick(self, state: State, seat: int, ctx: Context) -> None:
        roll = DIE.face(DIE.roll(ctx.rng)).values["pips"]
        state.last_roll = roll
        ctx.emit("roll", f"seat {seat} rolls {roll}", {"seat": seat, "roll": roll})
        if roll >= 5:
            victim = (seat + 1) % len(state.players)
            loot = state.players[victim].hand
            if not loot.cards:
                ctx.emit("steal-failed", f"seat {victim} has no candy to steal", {"victim": victim})
                return
            card = loot.cards[ctx.rng.below(len(loot.cards))]
            loot.remove(card)
            state.players[seat].hand.put_top([card])
            name = self.card_name(state, card)
            ctx.emit(
                "steal", f"seat {seat} steals a candy from seat {victim}", {"thief": seat, "victim": victim}
            )
            ctx.emit(
                "stolen",
                f"seat {seat} steals {name} from seat {victim}",
                {"thief": seat, "victim": victim, "card": card, "name": name},
                to=[seat, victim],
            )
        elif roll >= 2:
            self._draw(state, seat, 1, ctx)
        elif state.players[seat].hand.cards:
            state.must_discard = True

    def _draw(self, state: State, seat: int, n: int, ctx: Context) -> None:
        drawn = state.deck.draw_up_to(n)
        if not drawn:
            return
        state.players[seat].hand.put_top(drawn)
        ctx.emit("draw", f"seat {seat} draws {len(drawn)}", {"seat": seat, "count": len(drawn)})
        names = [self.card_name(state, c) for c in drawn]
        ctx.emit(
            "drew",
            f"you draw {', '.join(names)}",
            {"cards": [{"id": c, "name": n} for c, n in zip(drawn, names, strict=True)]},
            to=[seat],
        )

    def _end_turn(self, state: State, ctx: Context) -> None:
        seats = len(state.players)
        state.turn = (state.turn + 1) % seats
        if state.turn == 0:
            state.round += 1
        no_candy_left = not state.deck.cards and all(not p.hand.cards for p in state.players)
        if state.round > state.rounds or no_candy_left:
            state.over = True
            ctx.emit("game-over", "the bags are counted", {"scores": list(self._scores(state))})

    # --- view and outcome ---------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        def show(pile: Pile) -> dict[str, Any]:
            seen = pile.view_for(seat)
            if isinstance(seen, int):
                return {"count": seen}
            return {"count": len(seen), "cards": [{"id": c, "name": self.card_name(state, c)} for c in seen]}

        return {
            "round": state.round,
            "rounds": state.rounds,
            "turn": state.turn,
            "last_roll": state.last_roll,
            "deck": show(state.deck),
            "discard": show(state.discard),
            "players": [
                {"seat": s, "hand": show(p.hand), "bag": show(p.bag), "score": self._score(state, p)}
                for s, p in enumerate(state.players)
            ],
        }

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        scores = self._scores(state)
        best = max(scores)
        return Outcome(
            winners=tuple(s for s, score in enumerate(scores) if score == best),
            scores=scores,
            reason="the fullest bag wins",
        )

    def _scores(self, state: State) -> tuple[int, ...]:
        return tuple(self._score(state, p) for p in state.players)

    def _score(self, state: State, player: Player) -> int:
        return sum(CANDY[state.cards[c]].value for c in player.bag.cards)

    def card_name(self, state: State, card: str) -> str:
        return state.planted.get(card) or CANDY[state.cards[card]].name

    # --- test kit -----------------------------------------------------------------
    def plant(self, state: State, seat: int | None, marker: str) -> int:
        pile = state.deck if seat is None else state.players[seat].hand
        for k, card in enumerate(pile.cards):
            state.planted[card] = f"{marker}-{k}"
        return len(pile.cards)
