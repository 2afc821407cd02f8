"""Trick or Treat: bank a candy or play a trick, for the fullest bag.

A turn offers one prompt to the seat whose turn it is: bank one candy from the hand
(`treat:<card id>`) or play a trick (`trick`). A trick rolls a d6: 5-6 steals a
random candy from the next seat's hand, 2-4 draws a card, 1 makes the player discard
a candy of their choice (`discard:<card id>`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import Field, field_validator

from nbc.core import coverage
from nbc.core.cards import CardDef, load_cards, make_instances
from nbc.core.dice import d6
from nbc.core.errors import BadOptions
from nbc.core.game import (
    Choice,
    Context,
    Game,
    Invariant,
    Options,
    Outcome,
    Prompt,
    Setup,
    Steering,
    Unknown,
    Variant,
    reassign,
)
from nbc.core.piles import Pile
from nbc.core.rng import Rng
from trick_or_treat.state import Player, State


class Candy(CardDef):
    value: int = Field(ge=1)
    copies: int = Field(ge=1)


CANDY = load_cards(Path(__file__).parent / "data" / "cards.toml", Candy)
DIE = d6()


class TrickOrTreatOptions(Options):
    rounds: int = Field(default=5, ge=1, le=20, description="rounds before the bags are counted")
    hand_size: int = Field(default=3, ge=1, le=5, description="candies dealt to each player")
    mix: dict[str, int] = Field(
        default_factory=dict,
        description="copies of each candy in the deck (candy id -> 0 to 10); empty: the printed copies",
    )

    @field_validator("mix")
    @classmethod
    def _known_candies(cls, mix: dict[str, int]) -> dict[str, int]:
        for candy, copies in mix.items():
            if candy not in CANDY:
                raise ValueError(f"no candy {candy!r}; the candies are {', '.join(CANDY)}")
            if not 0 <= copies <= 10:
                raise ValueError(f"{candy!r}: {copies} copies; give 0 to 10")
        return mix


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
        copies = {c.id: options.mix.get(c.id, c.copies) if options.mix else c.copies for c in CANDY.values()}
        def_ids = [candy for candy, n in copies.items() for _ in range(n)]
        if len(def_ids) < options.hand_size * players:
            raise BadOptions(
                f"the mix holds {len(def_ids)} candies; {players} players with hands of "
                f"{options.hand_size} need at least {options.hand_size * players}"
            )
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
            coverage.fired(state.cards[card])
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

    # --- test kit and fuzzer --------------------------------------------------------
    def random_setup(
        self, rng: Rng, variant: str | None = None, players: int | None = None, focus: Sequence[str] = ()
    ) -> Setup:
        """A random mix of candies (the focus candies always in it), a random hand
        size, and enough candies for every hand."""
        setup = super().random_setup(rng, variant, players)
        hand_size = rng.randint(1, 5)
        mix = {candy: rng.randint(0, 4) for candy in CANDY}
        for candy in focus:
            mix[candy] = max(mix.get(candy, 0), 3)
        for candy in CANDY:  # top up, kind by kind, until every hand can be dealt
            short = hand_size * setup.players - sum(mix.values())
            if short > 0:
                mix[candy] = min(10, mix[candy] + short)
        return Setup(setup.variant, setup.players, {"hand_size": hand_size, "mix": mix})

    def shrink_setup(self, setup: Setup) -> Iterable[Setup]:
        """Fewer seats, then fewer kinds of candy (each dropped kind's copies go to
        the ones kept, so every hand can still be dealt)."""
        yield from super().shrink_setup(setup)
        mix = setup.options.get("mix") or {c.id: c.copies for c in CANDY.values()}
        for candy in [c for c, n in mix.items() if n]:
            smaller = {c: n for c, n in mix.items() if c != candy and n}
            if smaller:
                keep = next(iter(smaller))
                smaller[keep] = min(10, smaller[keep] + mix[candy])
                yield Setup(setup.variant, setup.players, {**setup.options, "mix": smaller})

    def steering(self, variant: str, focus: Sequence[str], rng: Rng) -> Steering:
        """Bank a focus candy three times in four when one is in hand, and never
        discard one while another candy could go; otherwise play at random."""
        wanted = set(focus)

        def choose(match: Any, prompts: Sequence[Prompt], draw: Rng) -> str:
            choices = [c for p in prompts for c in p.choices]
            cards = match.state.cards
            bank = [c for c in choices if c.id.startswith("treat:") and cards[c.id[6:]] in wanted]
            if bank and draw.below(4):
                return bank[draw.below(len(bank))].id
            keep = [c for c in choices if not (c.id.startswith("discard:") and cards[c.id[8:]] in wanted)]
            choices = keep or choices
            return choices[draw.below(len(choices))].id

        return choose

    def invariants(self) -> Sequence[Invariant]:
        return INVARIANTS

    def unknowns(self, state: State, seat: int | None) -> list[Unknown]:
        """What `seat` cannot see: the deck and the other hands (the bags and the discard
        pile are face up). Every card has the same back, so all of them are one pool;
        a card instance keeps its place and only which candy it is changes."""
        hidden = list(state.deck.cards)
        for s, player in enumerate(state.players):
            if s != seat:
                hidden += player.hand.cards
        return [Unknown(card, "candy", state.cards[card]) for card in hidden]

    def put_unknowns(self, state: State, values: Mapping[Hashable, str]) -> None:
        for card, candy in values.items():
            state.cards[card] = candy

    def redeal_hidden(self, state: State, seat: int | None, rng: Rng) -> int:
        """Swap which candy is which among the cards `seat` cannot see. `reassign` sorts
        them first, so the redeal depends on which candies are hidden, never on where
        each one truly is: a search bot's samples carry nothing it cannot know."""
        found = self.unknowns(state, seat)
        self.put_unknowns(state, reassign(found, rng))
        return len(found)

    def coverage(self, variant: str) -> dict[str, str]:
        """A candy "fires" when it is banked."""
        return {c.id: c.name for c in CANDY.values()}

    def plant(self, state: State, seat: int | None, marker: str) -> int:
        pile = state.deck if seat is None else state.players[seat].hand
        for k, card in enumerate(pile.cards):
            state.planted[card] = f"{marker}-{k}"
        return len(pile.cards)


def _every_card_in_one_place(state: State) -> str | None:
    piles = [state.deck, state.discard, *(p.hand for p in state.players), *(p.bag for p in state.players)]
    seen: dict[str, str] = {}
    for pile in piles:
        for card in pile.cards:
            if card in seen:
                return f"{card} is in both {seen[card]} and {pile.name}"
            seen[card] = pile.name
    missing = sorted(set(state.cards) - set(seen))
    return f"{', '.join(missing)} are nowhere" if missing else None


def _round_within_limit(state: State) -> str | None:
    limit = state.rounds + 1
    return None if 1 <= state.round <= limit else f"round {state.round}, outside 1 to {limit}"


INVARIANTS = (
    Invariant("one-place", "every candy is in exactly one pile", _every_card_in_one_place),
    Invariant("rounds", "the round counter stays within the rounds played", _round_within_limit),
)
