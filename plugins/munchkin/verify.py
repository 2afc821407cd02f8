"""What the test kit and the fuzzer use on Munchkin: random set-ups (seat counts and
card mixes), the invariants checked after every choice, and redealing the cards a
seat cannot see. See `nbc.core.game.Game` for each method's contract and
docs/games/munchkin.md for the list in words."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence

from nbc.core.game import Invariant, Setup, Unknown, reassign
from nbc.core.rng import Rng
from nbc.plugins.munchkin.cards import ALL, CARDS, MunchkinCard
from nbc.plugins.munchkin.state import State

DEAL = 4  # Doors and Treasures dealt to each seat
SPARE = 8  # cards of each deck beyond the deal, so a game can be played at all


def standard_mix(pool: Mapping[str, MunchkinCard] = CARDS) -> dict[str, int]:
    """Every card of `pool` (default: the base cards) with its copies."""
    return {c.id: c.copies for c in pool.values()}


def mix_problems(mix: dict[str, int], players: int) -> list[str]:
    """What makes a card mix unplayable for `players` seats (empty: it is fine)."""
    problems = []
    for deck in ("door", "treasure"):
        count = sum(n for card, n in mix.items() if ALL[card].deck == deck)
        least = DEAL * players + SPARE
        if count < least:
            problems.append(
                f"the mix holds {count} {deck.title()} cards; {players} players need at least {least} "
                f"({DEAL} each to start and {SPARE} to play)"
            )
    return problems


def random_setup(
    rng: Rng, variant: str, players: int, focus: Sequence[str], pool: Mapping[str, MunchkinCard] = CARDS
) -> dict[str, object]:
    """Options for a random legal set-up: half the time the standard pool, otherwise a
    random mix (each card in or out, with 1 to its copies in the pool, focus cards with
    extra copies), topped up to a playable size; sometimes a turn limit. `pool` is the
    variant's cards (its card sets' with the base ones)."""
    options: dict[str, object] = {}
    if rng.below(2):
        mix = {}
        for card in pool.values():
            if rng.below(3):
                mix[card.id] = rng.randint(1, card.copies)
        for card in focus:
            if card in pool:
                mix[card] = max(mix.get(card, 0), 3)
        ids = sorted(pool)
        while mix_problems(mix, players):
            card = ids[rng.below(len(ids))]
            mix[card] = min(pool[card].copies + 2, mix.get(card, 0) + 1)
        options["cards"] = mix
    if rng.below(2):
        options["turn_limit"] = rng.randint(4, 40)
    return options


def shrink_setup(setup: Setup, pool: Mapping[str, MunchkinCard] = CARDS) -> Iterable[Setup]:
    """A shorter game (a turn limit), then smaller mixes: half of the kinds of card
    dropped, then one copy of each, always topped up to a playable size."""
    options = setup.options
    limit = options.get("turn_limit") or 0
    if not limit or limit > 8:
        yield Setup(setup.variant, setup.players, {**options, "turn_limit": 8})
    mix = dict(options.get("cards") or standard_mix(pool))
    kinds = sorted(mix)
    for keep in (kinds[: len(kinds) // 2], kinds[len(kinds) // 2 :]):
        smaller = {card: mix[card] for card in keep}
        if not mix_problems(smaller, setup.players):
            yield Setup(setup.variant, setup.players, {**options, "cards": smaller})
    single = {card: 1 for card in mix}
    if single != mix and not mix_problems(single, setup.players):
        yield Setup(setup.variant, setup.players, {**options, "cards": single})


# --- invariants ---------------------------------------------------------------------------


def places(state: State) -> list[tuple[str, list[str]]]:
    """Every place a card can be, each card in exactly one of them."""
    found: list[tuple[str, list[str]]] = [
        ("the Door deck", state.door_deck.cards),
        ("the Treasure deck", state.treasure_deck.cards),
        ("the Door discards", state.door_discard.cards),
        ("the Treasure discards", state.treasure_discard.cards),
        ("the face-up Doors", state.revealed),
        ("the lurking monsters", state.lurking),
        ("the Treasures being shared", state.pool),
        ("a dead character's body", state.body),
        ("the Items put up for sale", state.sale),
    ]
    for seat, p in enumerate(state.players):
        in_play = [*p.citizenships, *p.ride_enhancers, *p.items, *p.curses]
        in_play += [c for c in (p.dual, p.ride, p.cheat) if c is not None]
        found += [(f"seat {seat}'s hand", p.hand.cards), (f"seat {seat}'s cards in play", in_play)]
    combat = state.combat
    if combat is not None:
        fight = [c for foe in combat.foes for c in (foe.card, *foe.enhancers)]
        found.append(("the combat", fight + combat.played + combat.defeated))
    return found


def every_card_in_one_place(state: State) -> str | None:
    where: dict[str, str] = {}
    for place, cards in places(state):
        for card in cards:
            if card in where:
                return f"{card} ({ALL[state.cards[card]].name}) is in {where[card]} and in {place}"
            where[card] = place
    missing = [c for c in state.cards if c not in where]
    if missing:
        first = missing[0]
        return f"{len(missing)} card(s) are nowhere, e.g. {first} ({ALL[state.cards[first]].name})"
    return None


def levels_in_bounds(state: State) -> str | None:
    for seat, p in enumerate(state.players):
        if not 1 <= p.level <= state.win_level:
            return f"seat {seat} is at Level {p.level}, outside 1 to {state.win_level}"
    return None


def equipment_fits(state: State) -> str | None:
    """Equipped Items are carried Items (One-Shot Items on the table never are), and (but
    for the one a Cheat! holds) fit the slots: one headgear, one armor, one footgear, two
    hands."""
    for seat, p in enumerate(state.players):
        if not set(p.equipped) <= set(p.items):
            return f"seat {seat} has an Item equipped that it does not carry"
        if any(ALL[state.cards[i]].kind != "item" for i in p.equipped):
            return f"seat {seat} has a One-Shot Item equipped"
        used = {"head": 0, "armor": 0, "foot": 0, "hands": 0}
        for item in p.equipped:
            if item == p.cheat_item:
                continue
            slot = ALL[state.cards[item]].slot
            if slot in ("hand", "hands"):
                used["hands"] += 2 if slot == "hands" else 1
            elif slot in used:
                used[slot] += 1
        for slot, limit in (("head", 1), ("armor", 1), ("foot", 1), ("hands", 2)):
            if used[slot] > limit:
                return f"seat {seat} has {used[slot]} {slot} in use; at most {limit}"
    return None


def decks_hold_their_own_cards(state: State) -> str | None:
    for pile, deck in (
        (state.door_deck, "door"),
        (state.door_discard, "door"),
        (state.treasure_deck, "treasure"),
        (state.treasure_discard, "treasure"),
    ):
        for card in pile.cards:
            if ALL[state.cards[card]].deck != deck:
                return f"{ALL[state.cards[card]].name} ({card}) is in the {pile.name}"
    return None


INVARIANTS = (
    Invariant("one-place", "every card is in exactly one place", every_card_in_one_place),
    Invariant("levels", "every Level is between 1 and the winning Level", levels_in_bounds),
    Invariant("equipment", "equipped Items are carried and fit the body's slots", equipment_fits),
    Invariant("decks", "Door piles hold Doors and Treasure piles Treasures", decks_hold_their_own_cards),
)


# --- redealing ------------------------------------------------------------------------------


def unknowns(state: State, seat: int | None) -> list[Unknown]:
    """What `seat` cannot know: every card of the face-down decks and of the other
    hands, but for the cards everyone saw go into a hand (`known`: a card taken face
    up, a card announced as it is played), a Charity gift for its giver (`seen`) and
    a card the last choice
    discarded face up and shuffled back. A card swaps only with cards of its own deck,
    whose back everyone sees."""
    landed = set(state.discarded)
    out: list[Unknown] = []
    for deck, pile in (("door", state.door_deck), ("treasure", state.treasure_deck)):
        out += [Unknown((deck, i), deck, c) for i, c in enumerate(pile.cards) if c not in landed]
    for s, p in enumerate(state.players):
        if s == seat:
            continue
        kept = landed.union(p.known)
        if seat is not None and p.seen:
            kept.update(k.partition("@")[0] for k in p.seen if k.endswith(f"@{seat}"))
        out += [
            Unknown(("hand", s, i), ALL[state.cards[c]].deck, c)
            for i, c in enumerate(p.hand.cards)
            if c not in kept
        ]
    return out


def put_unknowns(state: State, values: Mapping[Hashable, str]) -> None:
    """Write cards into the places `unknowns` names (the card table never changes: cards
    are moved, never renamed)."""
    for place, c in values.items():
        if place[0] == "hand":
            state.players[place[1]].hand.cards[place[2]] = c
        else:
            (state.door_deck if place[0] == "door" else state.treasure_deck).cards[place[1]] = c
    state.offered = None  # the hands changed
    state.window_memo.clear()
    state.anytime_memo.clear()


def redeal_hidden(state: State, seat: int | None, rng: Rng) -> int:
    """Move the cards `seat` cannot know among the places it cannot see into
    (`unknowns`), each deck's cards among that deck's places. The draw depends only on
    which cards are unknown and on `rng` (`reassign` sorts them first)."""
    found = unknowns(state, seat)
    values = reassign(found, rng)
    put_unknowns(state, values)
    return sum(1 for u in found if values[u.place] != u.value)
