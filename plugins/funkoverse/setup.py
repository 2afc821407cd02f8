"""Setting up a Funkoverse match: the decisions players make at the table before the
first turn, in this order.

    first player          the First Player marker goes to a random side (as the
                          scenario set-up flips it before anything is chosen)
    characters            one pair at a time, from the first player clockwise, the pair's
                          player chooses a character not yet in play (the box has one of
                          each, and characters of one name are never allies); the pair's
                          basic character and base colour go with its seat
    items and companions  when the sides bring Fog Juice or Zero (the `extras` option),
                          each side gives its one to a character of its choice, or first
                          chooses which of the two to bring (`extras = "choose"`); a side
                          with a single way to do it is not asked
    leaders (Leaders)     every side picks its leader in secret, all at once
    placing               the pieces go on the map (rules.py, `placement_squares`)

Options may pre-set the characters (`lineup`) and the holders (`gear`, which needs a
lineup): then those questions are not asked. `seating` says who plays which pair.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nbc.core.cooldown import CooldownTrack
from nbc.core.errors import BadOptions
from nbc.core.game import REFS, Choice, Context, Prompt
from nbc.plugins.funkoverse.effects import BASICS, CARDS, GEAR, HEROES, ITEMS, MAP_CARDS, SCENARIOS, grid
from nbc.plugins.funkoverse.state import Marker, Piece, Side, State

if TYPE_CHECKING:
    from nbc.plugins.funkoverse.game import FunkoverseOptions

BASES = ("red", "blue", "green", "yellow")  # pair k's base colour
EXTRAS = ("none", "fog-juice", "zero", "choose")


# -- who plays which pair ----------------------------------------------------------------


def seating(players: int, mode: str) -> tuple[list[list[int]], list[int]]:
    """The seats of each side, and the seat playing each pair k (a character, basic
    character k, base colour k). Only the pairs listed are in play."""
    if players == 2:
        return [[0], [1]], [0, 1]
    if mode == "teams":  # with three, seat 1 alone plays two pairs against the team of 0 and 2
        if players == 3:
            return [[0, 2], [1]], [0, 1, 2, 1]
        return [[0, 2], [1, 3]], [0, 1, 2, 3]
    return [[s] for s in range(players)], list(range(players))


def heroes_by_side(lineup: list[str], players: int, mode: str) -> list[list[str]]:
    """The characters (not the basic ones) each side plays with a given lineup."""
    side_seats, pair_seats = seating(players, mode)
    side_of = {seat: i for i, seats in enumerate(side_seats) for seat in seats}
    found: list[list[str]] = [[] for _ in side_seats]
    for k, seat in enumerate(pair_seats):
        found[side_of[seat]].append(lineup[k])
    return found


def gear_of(options: FunkoverseOptions, players: int) -> dict[str, str]:
    """The holders the `gear` option pre-sets, checked against the seats (which
    characters play on which side depends on them); BadOptions when they do not fit."""
    if not options.gear:
        return {}
    if not options.lineup:
        raise BadOptions(
            "gear refused: it names the characters that hold items or have companions, so it needs "
            "a lineup too (without one the players choose their characters, and then their holders)"
        )
    sides = heroes_by_side(options.lineup, players, options.mode)
    in_play = [hero for heroes in sides for hero in heroes]
    problems = [
        f"{hero} is not in play with {players} players (in play: {', '.join(in_play)})"
        for hero in options.gear
        if hero not in in_play
    ]
    for i, heroes in enumerate(sides):
        given = [hero for hero in heroes if hero in options.gear]
        if len(given) != 1:
            # one item or one companion per side, and every side as many as the others
            problems.append(
                f"side {i} ({', '.join(heroes)}) is given {len(given)} things; every side needs exactly one"
            )
    if problems:
        raise BadOptions("gear refused: " + "; ".join(problems))
    return dict(options.gear)


def side_of_seat(state: State, seat: int) -> int:
    return next(i for i, side in enumerate(state.sides) if seat in side.seats)


# -- the state before anything is chosen ---------------------------------------------------


def new_state(options: FunkoverseOptions, players: int, ctx: Context) -> State:
    """The match as the box is opened: sides, tracks, markers, the First Player marker;
    then whatever the options pre-set, and set-up goes as far as it can without asking."""
    scenario = SCENARIOS[options.scenario]
    side_seats, pair_seats = seating(players, options.mode)
    gear = gear_of(options, players)  # refuses a bad pre-set before anything is built
    side_of = {seat: i for i, seats in enumerate(side_seats) for seat in seats}
    sides = [
        Side(seats=seats, bases=[BASES[k] for k, seat in enumerate(pair_seats) if side_of[seat] == i])
        for i, seats in enumerate(side_seats)
    ]
    for side in sides:
        side.cooldown = CooldownTrack()
    homes = {glyph: sq for sq, glyph in grid(scenario.map).labels.items() if glyph in "ABCDT"}
    markers = {m: Marker(m, homes[m], homes[m]) for m in scenario.markers}
    if scenario.id == "triumph":
        markers["T"] = Marker("T", homes["T"], homes["T"])
    pairs_per_side = len(pair_seats) // len(sides)  # every side plays as many pairs
    first = ctx.rng.below(len(sides))
    state = State(
        scenario=scenario.id,
        map=scenario.map,
        mode="teams" if players == 2 or options.mode == "teams" else "free-for-all",
        round_limit=options.round_limit,
        goal=scenario.goal if pairs_per_side == 1 else scenario.goal_large,
        pieces={},
        sides=sides,
        markers=markers,
        first=first,
        turn=first,
        lineup=[""] * len(pair_seats),
        pair_seats=pair_seats,
        extras="none" if gear else options.extras,
    )
    ctx.emit(
        "setup",
        f"{scenario.name} on {MAP_CARDS[scenario.map].name}; side {first} has the First Player marker",
        {
            "scenario": scenario.id,
            "map": scenario.map,
            "first": first,
            "goal": state.goal,
            REFS: [scenario.id, scenario.map],
        },
    )
    if options.lineup:
        state.lineup = list(options.lineup[: len(pair_seats)])
        field(state, ctx)
        for hero, thing in gear.items():
            give(state, hero, thing, ctx)
        outfit_unasked(state, ctx)
    else:
        start = min(k for k, seat in enumerate(pair_seats) if side_of[seat] == first)
        state.picking = [(start + step) % len(pair_seats) for step in range(len(pair_seats))]
    return state


# -- the questions ---------------------------------------------------------------------------


def prompts(state: State) -> list[Prompt]:
    """The open set-up question(s), or [] once set-up has nothing more to ask."""
    if state.picking:
        k = state.picking[0]
        taken = set(state.lineup)
        return [
            Prompt(
                state.pair_seats[k],
                "character",
                f"Choose the character that plays from the {BASES[k]} base with {CARDS[BASICS[k]].name}",
                tuple(CHARACTER_CHOICES[h] for h in HEROES if h not in taken),
            )
        ]
    if state.outfitting:
        side = state.outfitting[0]
        return [
            Prompt(
                state.sides[side].seats[0],
                "gear",
                "Give your side's item or companion to one of your characters",
                tuple(
                    Choice(f"gear:{hero}:{thing}", _gear_label(hero, thing), {REFS: _gear_refs(hero, thing)})
                    for hero, thing in gear_options(state, side)
                ),
            )
        ]
    if state.choosing_leaders:
        return [
            Prompt(
                side.seats[0],
                "leader",
                "Choose your leader in secret",
                tuple(
                    Choice(f"leader:{p.id}", f"Lead with {_name(p)}", {REFS: [p.card]})
                    for p in leader_candidates(state, i)
                ),
            )
            for i, side in enumerate(state.sides)
            if side.leader is None
        ]
    return []


def apply(state: State, seat: int, choice_id: str, ctx: Context) -> None:
    """Answer the set-up question `choice_id` belongs to (it was offered to `seat`)."""
    verb, _, arg = choice_id.partition(":")
    if verb == "character":
        choose_character(state, arg, ctx)
    elif verb == "gear":
        hero, _, thing = arg.partition(":")
        state.outfitting.pop(0)
        give(state, hero, thing, ctx)
        outfit_unasked(state, ctx)
    elif verb == "leader":
        choose_leader(state, seat, arg, ctx)
    else:  # pragma: no cover - prompts offer nothing else
        raise AssertionError(f"unknown set-up choice {choice_id!r}")


# The choice of each character at set-up, made once (its card id is its catalogue id).
CHARACTER_CHOICES = {h: Choice(f"character:{h}", f"Play {CARDS[h].name}", {REFS: [h]}) for h in HEROES}


def _name(piece: Piece) -> str:
    return CARDS[piece.card].name


def _gear_label(hero: str, thing: str) -> str:
    if thing in ITEMS:
        return f"{CARDS[hero].name} holds {ITEMS[thing].name}"
    return f"{CARDS[thing].name} joins {CARDS[hero].name}"


def _gear_refs(hero: str, thing: str) -> list[str]:
    """The card references of a gear label: the item or companion given, then the
    character (both card ids, which are catalogue ids)."""
    return [thing, hero]


# -- characters ------------------------------------------------------------------------------


def choose_character(state: State, hero: str, ctx: Context) -> None:
    k = state.picking.pop(0)
    state.lineup[k] = hero
    ctx.emit(
        "character",
        f"seat {state.pair_seats[k]} plays {CARDS[hero].name} from the {BASES[k]} base",
        {"pair": k, "seat": state.pair_seats[k], "character": hero, "base": BASES[k], REFS: [hero]},
    )
    if not state.picking:
        field(state, ctx)
        outfit_unasked(state, ctx)


def field(state: State, ctx: Context) -> None:
    """Every pair's pieces join the match: its character, basic character and the
    character's minion token; each character's ability tokens join its side's pool."""
    for k, seat in enumerate(state.pair_seats):
        side_index, base = side_of_seat(state, seat), BASES[k]
        side = state.sides[side_index]
        hero, basic = state.lineup[k], BASICS[k]
        state.pieces[hero] = Piece(hero, hero, "character", seat, side_index, base)
        state.pieces[basic] = Piece(basic, basic, "basic", seat, side_index, base)
        minion = CARDS[hero].minion
        if minion:
            state.pieces[minion] = Piece(minion, minion, "minion", seat, side_index, base, owner=hero)
        for colour in CARDS[hero].tokens:
            side.pool.append(f"{colour}-{len(side.pool) + 1}")
    n = len(state.sides)
    if state.extras != "none":
        state.outfitting = [(state.first + step) % n for step in range(n)]


# -- items and companions --------------------------------------------------------------------


def gear_options(state: State, side: int) -> list[tuple[str, str]]:
    """The ways side `side` may give its item or companion: (character, thing)."""
    things = GEAR if state.extras == "choose" else (state.extras,)
    heroes = [p.id for p in state.pieces.values() if p.side == side and p.kind == "character"]
    return [(hero, thing) for thing in things for hero in heroes]


def give(state: State, hero_id: str, thing: str, ctx: Context) -> None:
    """`hero_id` takes the item, or the companion joins it (one per side, so the
    companion's piece id names the side)."""
    hero = state.pieces[hero_id]
    if thing in ITEMS:
        hero.item = thing
    else:
        companion = f"{thing}-{hero.side}"
        state.pieces[companion] = Piece(
            companion, thing, "companion", hero.seat, hero.side, hero.base, owner=hero.id
        )
    ctx.emit(
        "gear",
        _gear_label(hero.card, thing),
        {"side": hero.side, "character": hero.id, "thing": thing, REFS: _gear_refs(hero.card, thing)},
    )


def outfit_unasked(state: State, ctx: Context) -> None:
    """Give out whatever a side has only one way to give, then, once every side has,
    go on to the leaders (Leaders) and to placing the pieces."""
    while state.outfitting:
        found = gear_options(state, state.outfitting[0])
        if len(found) > 1:
            return
        state.outfitting.pop(0)
        give(state, *found[0], ctx)
    state.choosing_leaders = state.scenario == "leaders"
    n = len(state.sides)
    state.placing = [
        p.id for step in range(n) for p in state.pieces.values() if p.side == (state.first + step) % n
    ]


# -- leaders (the Leaders scenario) -----------------------------------------------------------


def leader_candidates(state: State, side: int) -> list[Piece]:
    """The characters a side may choose as its leader (basic ones included)."""
    return [p for p in state.pieces.values() if p.side == side and p.kind in ("character", "basic")]


def choose_leader(state: State, seat: int, piece_id: str, ctx: Context) -> None:
    side_index = next(i for i, s in enumerate(state.sides) if s.seats[0] == seat and s.leader is None)
    side = state.sides[side_index]
    side.leader = piece_id
    ctx.emit("leader-chosen", f"side {side_index} has chosen a leader", {"side": side_index})
    ctx.emit(
        "my-leader",
        f"your leader is {_name(state.pieces[piece_id])}",
        {"side": side_index, "leader": piece_id, REFS: [state.pieces[piece_id].card]},
        to=side.seats,
    )
    if all(s.leader is not None for s in state.sides):
        state.choosing_leaders = False
        state.leaders_revealed = True
        ctx.emit(
            "leaders",
            "the leaders are revealed",
            {"leaders": [state.planted.get(s.leader or "", s.leader) for s in state.sides]},
        )
