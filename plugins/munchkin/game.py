"""Munchkin The Nightmare Before Christmas: the Game, its options and variants.

The turn flow is in `rules.py`, card effects in `effects.py`, the card data in
`data/cards/*.toml` (read by `cards.py`), the per-seat view in `view.py`.
"""

from __future__ import annotations

import difflib
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from pydantic import Field, SerializerFunctionWrapHandler, field_validator, model_serializer

from nbc.core.cards import DataError, make_instances
from nbc.core.errors import BadOptions
from nbc.core.game import (
    CatalogueCard,
    Choice,
    Context,
    Game,
    Invariant,
    Options,
    Outcome,
    Prompt,
    Setup,
    Unknown,
    Variant,
)
from nbc.core.piles import Pile
from nbc.core.rng import Rng
from nbc.plugins.munchkin import rules, sets, verify
from nbc.plugins.munchkin.cards import ALL, CARDS, MunchkinCard, catalogue_numbers, provenance
from nbc.plugins.munchkin.effects import name
from nbc.plugins.munchkin.state import CardTable, Player, State, copy, dump, load
from nbc.plugins.munchkin.state import text as state_text
from nbc.plugins.munchkin.view import view as build_view

OFFICIAL = range(3, 7)


class MunchkinOptions(Options):
    win_level: int = Field(default=10, ge=2, le=20, description="the Level that wins (by a kill)")
    listen_at_the_door: bool = Field(
        default=False,
        description="faster play: a face-down Door at the start of each turn; Loot the Room draws a Treasure",
    )
    shared_victories: bool = Field(
        default=False,
        description="faster play: a helper shares the win of the fight that reaches the winning Level",
    )
    epic: bool = Field(
        default=False,
        description=(
            "authored Epic rules: to Level 20; 10 needs no kill but 19 and 20 do; "
            "from Level 10 kick open two doors"
        ),
    )
    unofficial_two_players: bool = Field(
        default=False, description="unofficial: allow a two-player game (the rulesheet says three to six)"
    )
    turn_limit: int = Field(
        default=0,
        ge=0,
        description="end after this many turns, highest Level winning (0: no limit); authored",
    )
    cards: dict[str, int] = Field(
        default_factory=dict,
        description="the card mix: copies of each card (card id -> 0 to 10); empty: every card with its "
        "copies in the pool",
    )
    sets: list[str] = Field(
        default_factory=list,
        description="card sets from other packages to shuffle in (see `nbc games`); "
        "empty: the base cards only",
    )

    @field_validator("cards")
    @classmethod
    def _known_cards(cls, mix: dict[str, int]) -> dict[str, int]:
        problems = []
        for card, copies in mix.items():
            if card not in ALL:
                close = difflib.get_close_matches(card, ALL, n=3)
                hint = f"; did you mean {', '.join(close)}?" if close else " (see `nbc games --json`)"
                problems.append(f"{card!r} is not a Munchkin card{hint}")
            elif not 0 <= copies <= 10:
                problems.append(f"{card!r}: {copies} copies; give 0 to 10")
        if problems:
            raise ValueError("; ".join(problems))
        return mix

    @field_validator("sets")
    @classmethod
    def _distinct_sets(cls, names: list[str]) -> list[str]:
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise ValueError(f"{', '.join(twice)} named more than once")
        return names

    @model_serializer(mode="wrap")
    def _without_empty_sets(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A match without card sets keeps the header it always had (no `sets` key), so
        saves and replays of base matches do not change."""
        data: dict[str, Any] = handler(self)
        if not self.sets:
            data.pop("sets", None)
        return data


class Munchkin(Game):
    name = "munchkin"
    title = "Munchkin The Nightmare Before Christmas"
    description = "Kick open doors, fight monsters, grab the Treasure: first to Level 10 by a kill wins."
    players = range(2, 7)
    Options = MunchkinOptions
    variants = {
        "base": Variant("base", "The rulesheet's game, to Level 10", players=OFFICIAL),
        "faster": Variant(
            "faster",
            "Faster play: Listen at the Door, and shared victories",
            options={"listen_at_the_door": True, "shared_victories": True},
            players=OFFICIAL,
        ),
        "epic": Variant(
            "epic",
            "Epic (authored): to Level 20",
            options={"epic": True, "win_level": 20},
            description="Authored from the separate Epic Munchkin rules; the rulesheet only points to them.",
            players=OFFICIAL,
        ),
        "two-player": Variant(
            "two-player",
            "Unofficial two-player game",
            options={"unofficial_two_players": True},
            description="Not in the rulesheet, which is for three to six players.",
            players=range(2, 3),
        ),
    }
    State = State

    def __init__(self) -> None:
        self.card_sets: dict[str, sets.LoadedSet] = {}  # by name: the sets this game took in
        self.set_problems: list[str] = []  # the sets left out, and why

    def plugins_loaded(self, pm: Any) -> None:
        """Take in the card sets installed as plugins (`hooks.munchkin_card_set`). A set
        with a problem is left out and its plugin reported (`nbc plugins`); the others
        and the base game carry on."""
        if not hasattr(pm.hook, "munchkin_card_set"):
            return
        variants = dict(type(self).variants)
        for impl in pm.hook.munchkin_card_set.get_hookimpls():
            try:
                loaded = sets.load_set(impl.function(), self.card_sets)
                variant = loaded.info.variant
                if variant is not None:
                    if variant.name in variants:
                        raise DataError(
                            f"card set '{loaded.info.name}': its variant '{variant.name}' is already "
                            f"a variant of munchkin (the variants are: {', '.join(variants)})"
                        )
                    named = variant.options.get("sets")
                    if not isinstance(named, list) or loaded.info.name not in named:
                        raise DataError(
                            f"card set '{loaded.info.name}': its variant '{variant.name}' must name the "
                            f"set in its options (`sets: [{loaded.info.name!r}]`)"
                        )
            except Exception as error:  # a broken set must not stop the game or the others
                reason = f"munchkin card set left out: {error}"
                self.set_problems.append(f"{impl.plugin_name}: {reason}")
                refuse = getattr(pm, "refuse", None)
                if refuse is not None:
                    refuse(impl.plugin_name, reason)
                continue
            sets.register(loaded)
            self.card_sets[loaded.info.name] = loaded
            if variant is not None:
                variants[variant.name] = variant
        self.variants = variants

    def pool(self, names: Sequence[str] = ()) -> dict[str, MunchkinCard]:
        """The cards a match with card sets `names` shuffles from: the base cards, then
        each set's in the order named. Raises `BadOptions` for a set not installed."""
        unknown = [n for n in names if n not in self.card_sets]
        if unknown:
            known = ", ".join(self.card_sets) or "none installed"
            raise BadOptions(
                f"munchkin option 'sets': no card set called {', '.join(map(repr, unknown))} (known: {known})"
            )
        if not names:
            return CARDS
        found = dict(CARDS)
        for set_name in names:
            found.update(self.card_sets[set_name].cards)
        return found

    def variant_pool(
        self, variant: str | None, options: Mapping[str, Any] | None = None
    ) -> dict[str, MunchkinCard]:
        """The pool of a variant, with `options` laid over its preset."""
        merged = {**self.variant(variant).options, **(options or {})}
        return self.pool(merged.get("sets") or ())

    def setup(self, options: MunchkinOptions, players: int, ctx: Context) -> State:
        if players == 2 and not options.unofficial_two_players:
            raise BadOptions("munchkin is for 3 to 6 players; two players need unofficial_two_players")
        pool = self.pool(options.sets)
        mix = options.cards or verify.standard_mix(pool)
        outside = [card for card in mix if card not in pool]
        if outside:
            raise BadOptions(
                f"munchkin option 'cards': {', '.join(outside)} belong to card sets this match does not "
                f"name in 'sets' ({', '.join(sorted({ALL[c].card_set for c in outside}))})"
            )
        problems = verify.mix_problems(mix, players)
        if problems:
            raise BadOptions(f"munchkin option 'cards': {'; '.join(problems)}")
        def_ids = [card for card in pool if mix.get(card) for _ in range(mix[card])]
        cards = make_instances(def_ids, ctx.rng)
        door = [i for i, d in cards.items() if ALL[d].deck == "door"]
        treasure = [i for i, d in cards.items() if ALL[d].deck == "treasure"]
        state = State(
            win_level=options.win_level,
            kill_levels=[19, 20] if options.epic else [options.win_level],
            listen=options.listen_at_the_door,
            shared_victories=options.shared_victories,
            epic=options.epic,
            turn_limit=options.turn_limit,
            door_deck=Pile("door deck", door, seen_by="none"),
            treasure_deck=Pile("treasure deck", treasure, seen_by="none"),
            door_discard=Pile("door discard", seen_by="all"),
            treasure_discard=Pile("treasure discard", seen_by="all"),
            players=[Player(Pile(f"hand {s}", seen_by="owner", owner=s)) for s in range(players)],
            cards=CardTable(cards),
            ready=[False] * players,
            waived=[False] * players,
        )
        state.door_deck.shuffle(ctx.rng)
        state.treasure_deck.shuffle(ctx.rng)
        for seat in range(players):
            rules.give_face_down(state, seat, state.door_deck.draw(4), ctx, "is dealt Doors")
            rules.give_face_down(state, seat, state.treasure_deck.draw(4), ctx, "is dealt Treasures")
        state.turn = ctx.rng.below(players)  # "decide who goes first by any method": a die
        return state

    def prompts(self, state: State) -> list[Prompt]:
        out = state.offered = rules.prompts(state)  # kept until the next choice (find_choice)
        return out

    def apply(self, state: State, seat: int, choice: Choice, ctx: Context) -> None:
        rules.apply(state, seat, choice, ctx)

    # From the prompts last worked out for this state (`rules.find_choice`); a plain
    # function, so `Match.act` calls it without a method in between.
    find_choice = staticmethod(rules.find_choice)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        return Outcome(
            winners=tuple(state.winners),
            scores=tuple(p.level for p in state.players),
            reason=state.reason,
        )

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump(state)

    def load_state(self, data: Any) -> State:
        return load(State, data)

    def copy_state(self, state: State) -> State:
        """A direct copy, equal to saving and loading the state (`state.copy`)."""
        return copy(state)

    def state_json(self, state: State) -> str:
        return state_text(state)

    # --- the test kit and the fuzzer (nbc.plugins.munchkin.verify) -------------------------
    def random_setup(
        self, rng: Rng, variant: str | None = None, players: int | None = None, focus: Sequence[str] = ()
    ) -> Setup:
        base = super().random_setup(rng, variant, players)
        pool = self.variant_pool(base.variant)
        return Setup(
            base.variant, base.players, verify.random_setup(rng, base.variant, base.players, focus, pool)
        )

    def shrink_setup(self, setup: Setup) -> Iterable[Setup]:
        yield from super().shrink_setup(setup)
        yield from verify.shrink_setup(setup, self.variant_pool(setup.variant, setup.options))

    def invariants(self) -> Sequence[Invariant]:
        return verify.INVARIANTS

    def redeal_hidden(self, state: State, seat: int | None, rng: Rng) -> int:
        return verify.redeal_hidden(state, seat, rng)

    def unknowns(self, state: State, seat: int | None) -> list[Unknown]:
        return verify.unknowns(state, seat)

    def put_unknowns(self, state: State, values: Mapping[Hashable, str]) -> None:
        verify.put_unknowns(state, values)

    def advise(self, view: dict[str, Any], prompts: Sequence[Prompt], rng: Rng) -> str | None:
        """What `munchkin-greedy` would choose."""
        from nbc.plugins.munchkin.bot import MunchkinGreedyBot

        return MunchkinGreedyBot().choose(view, list(prompts), rng)

    def evaluate(self, state: State) -> Sequence[float]:
        """Levels as shares of the win, for the `ismcts` bot (see `bot`)."""
        from nbc.plugins.munchkin.bot import evaluate

        return evaluate(state)

    def coverage(self, variant: str) -> dict[str, str]:
        """Every card of the variant's pool (its card sets' too); see
        docs/games/munchkin.md for when each kind fires."""
        return {c.id: c.name for c in self.variant_pool(variant).values()}

    def catalogue(self) -> Sequence[CatalogueCard]:
        """Every card of the pool, with where each field comes from (`printed` by a public
        source, or `authored` here; see `cards.py` and docs/games/munchkin.md), and
        every card of the card sets taken in (its `set` the set's title)."""
        titles = {name: loaded.info.title for name, loaded in self.card_sets.items()}
        pool = [*CARDS.values(), *(c for loaded in self.card_sets.values() for c in loaded.cards.values())]
        return [
            CatalogueCard(
                id=c.id,
                name=c.name,
                set=titles.get(c.card_set, self.title),
                kind=c.kind,
                text=c.text,
                numbers=catalogue_numbers(c),
                copies=c.copies,
                provenance=provenance(c),
            )
            for c in pool
        ]

    def card_name(self, state: State, card: str) -> str:
        return name(state, card)

    def plant(self, state: State, seat: int | None, marker: str) -> int:
        """Hands are known only to their owner (but for cards everyone saw go
        there); the decks to nobody. A card the last choice discarded face up and then
        shuffled back into its deck is known to everyone until the next choice."""
        state.offered = None  # the prompts name cards by their new names
        landed = set(state.discarded)
        if seat is None:
            hidden = [c for c in state.door_deck.cards + state.treasure_deck.cards if c not in landed]
        else:
            player = state.players[seat]
            hidden = [c for c in player.hand.cards if c not in player.known and c not in landed]
        for k, c in enumerate(hidden):
            state.planted[c] = f"{marker}-{k}"
        return len(hidden)
