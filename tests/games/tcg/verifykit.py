"""Checks of the TCG's verification methods (random set-ups, shrinking, invariants,
redealing hidden cards, coverage), shared by the base game's tests and Christmas Town's:
each takes the game and a variant."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from nbc.core.game import Setup
from nbc.core.match import Match
from nbc.core.rng import Rng
from nbc.core.serial import canonical_json, to_data
from nbc.plugins.tcg.game import DeckList, check_deck
from nbc.plugins.tcg.setups import deck_entries
from nbc.plugins.tcg.verify import play_checked


def deck_problems(game: Any, variant: str, deck: Any) -> list[str]:
    """What the game's own deck checks (the TCG's and the variant's expansions') say."""
    listed = deck if isinstance(deck, DeckList) else DeckList(**deck)
    expansions = tuple(game.variant(variant).options.get("expansions", ()))
    problems = check_deck(listed, game.defs, game.variant_sets(variant), "deck")
    if expansions:
        problems += game.rules.hooks.check_deck(expansions, listed, game.defs, "deck")
    return problems


def assert_legal(game: Any, setup: Setup) -> Match:
    """The set-up's seat count is the variant's, every deck list passes the deck checks,
    the options are the model's own, and a match starts from it."""
    assert setup.players in game.seat_counts(setup.variant)
    assert set(setup.options) <= set(game.Options.model_fields)
    for deck in setup.options.get("decks", []):
        if not isinstance(deck, str):
            assert deck_problems(game, setup.variant, deck) == [], deck
    return Match.new(game, setup.variant, setup.options, setup.players, seed=1)


def size(game: Any, setup: Setup) -> tuple[int, int, int, int]:
    """How big a set-up is: seats, Days, deck lists, different Main Deck cards in them."""
    days = setup.options.get("days", game.variant(setup.variant).options.get("days", 12))
    lists = [d for d in deck_entries(game, setup) if not isinstance(d, str)]
    return setup.players, days, len(lists), sum(len(dict(d)["main"]) for d in lists)


def smaller(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(x <= y for x, y in zip(a, b, strict=True)) and a != b


def positions(game: Any, variant: str, matches: int, every: int, seed: str) -> Iterator[Any]:
    """Saved states of random matches of random set-ups, one every `every` choices or so."""
    rng = Rng(seed)
    for k in range(matches):
        setup = game.random_setup(rng, variant)
        match = Match.new(game, setup.variant, setup.options, setup.players, seed=k)
        while match.all_prompts():
            if rng.below(every) == 0:
                yield game.dump_state(match.state)
            prompt = match.all_prompts()[0]
            try:
                match.act(prompt.seat, prompt.choices[rng.below(len(prompt.choices))].id)
            except Exception:  # a known GameBug ends this match; the positions before it count
                break


def seen_by(game: Any, state: Any, seat: int | None) -> str:
    """Everything `seat` may know: its view and its prompts."""
    prompts = [p for p in game.prompts(state) if seat is not None and p.seat == seat]
    return canonical_json([game.view(state, seat), to_data(prompts)])


def check_redeals(game: Any, variant: str, matches: int, seed: str) -> Counter[str]:
    """Redeal every seat's (and a spectator's) hidden cards in random positions: what the
    seat may know stays exactly as it was, the cards each player owns stay theirs, the
    count is the instances that changed; return how often cards changed."""
    counts: Counter[str] = Counter()
    for k, data in enumerate(positions(game, variant, matches, 9, seed)):
        for seat in [*range(len(data["players"])), None]:
            state = game.load_state(data)
            before, cards = seen_by(game, state, seat), dict(state.cards)
            changed = game.redeal_hidden(state, seat, Rng(f"{seed}:{k}:{seat}"))
            assert seen_by(game, state, seat) == before, (k, seat)
            assert changed == sum(1 for c in cards if state.cards[c] != cards[c])
            for owner in range(len(state.players)):
                mine = [c for c in cards if state.owner[c] == owner]
                assert Counter(state.cards[c] for c in mine) == Counter(cards[c] for c in mine)
            if seat is not None:
                p = state.players[seat]
                its_own = [*p.hand, *[c for slot in p.row for c in slot.beneath]]  # it knows these
                assert all(state.cards[c] == cards[c] for c in its_own)
            assert all(state.cards[c] == cards[c] for c in state.known if -1 in state.known[c])
            counts["redeals"] += 1
            counts["changed"] += changed > 0
    return counts


def check_invariants(
    game: Any, variant: str, matches: int, seed: str, known: dict[str, tuple[str, ...]]
) -> Counter[str]:
    """Random playouts of random set-ups keep every invariant, but for the rules bugs
    in `known` (invariant name -> cards its message may name); return what broke."""
    rng = Rng(seed)
    broken: Counter[str] = Counter()
    checks = game.invariants()
    for k in range(matches):
        for failure in play_checked(game, game.random_setup(rng, variant), k, checks):
            assert any(card in failure.message for card in known.get(failure.invariant, ())), failure
            broken[failure.invariant] += 1
    return broken
