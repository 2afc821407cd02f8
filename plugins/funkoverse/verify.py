"""What the test kit and the fuzzer use to check Funkoverse by themselves: random legal
set-ups and smaller ones, the invariants that hold after every choice, redealing the
one secret (a Leaders side's pick), and the coverage keys of the cards' effects.

`Funkoverse` (game.py) hands each of its optional methods to a function here, so the
round's rules in rules.py stay free of anything that exists only for checking.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from nbc.core.errors import BadOptions
from nbc.core.game import Invariant, Setup, Unknown, reassign
from nbc.core.rng import Rng
from nbc.plugins.funkoverse import rules
from nbc.plugins.funkoverse.effects import BASICS, CARDS, GEAR, HEROES, ITEMS, SCENARIOS, grid
from nbc.plugins.funkoverse.setup import EXTRAS, gear_of, heroes_by_side, leader_candidates, seating
from nbc.plugins.funkoverse.state import State

if TYPE_CHECKING:
    from nbc.plugins.funkoverse.game import Funkoverse

MODES = ("teams", "free-for-all")
TWO_SIDED = ("territory", "leaders")  # no Free-for-All (game.py refuses it)
RANDOM_ROUND_LIMIT = 6  # a capped random set-up stops after 1 to this many rounds (ties play on)
# With a focus, longer matches: random pieces need rounds to meet, and most effects
# (challenges, Rag Doll, the Oogie dice) need rivals next to each other.
FOCUS_ROUND_LIMIT = (8, 14)


# -- coverage keys ---------------------------------------------------------------------


def coverage_keys(scenario: str | None = None) -> dict[str, str]:
    """Every card effect the rules report through `nbc.core.coverage.fired`: each
    ability and trait as "<card>/<id>", each item, status and companion by its id.
    A set-up may field any character and any extra in every variant, so a scenario
    can reach every key but an ability that animates markers where it has none (It's
    Alive!!! in the first game)."""
    keys: dict[str, str] = {}
    has_markers = scenario is None or bool(SCENARIOS[scenario].markers) or scenario == "triumph"
    for card in CARDS.values():
        if card.trait is not None:
            keys[f"{card.id}/{card.trait.id}"] = f"{card.name}: {card.trait.name}"
        for ability in card.ability:
            if not has_markers and any(step.op == "animate" for step in ability.steps):
                continue
            keys[f"{card.id}/{ability.id}"] = f"{card.name}: {ability.name}"
        if card.kind == "companion":
            keys[card.id] = card.name
    for item in ITEMS.values():
        keys[item.id] = item.name
    return keys


def _hero_for(key: str) -> str | None:
    """The character a set-up must field for `key` to be able to fire."""
    card = key.split("/", 1)[0]
    if card in HEROES:
        return card
    for hero in HEROES:  # a status comes from an ability that gives it
        for ability in CARDS[hero].ability:
            if any(step.op == "give-status" and step.status == key for step in ability.steps):
                return hero
    return None


# -- random set-ups and shrinking ------------------------------------------------------


def random_setup(
    game: Funkoverse, rng: Rng, variant: str | None, players: int | None, focus: Sequence[str]
) -> Setup:
    """A random legal set-up drawn only from `rng`: the variant's scenario with a
    random seat count, mode (Free-for-All only where the scenario allows it), extras,
    and round cap or none; half of the set-ups pre-set the line-up (and some of those
    the holders, through `gear`), the others leave the characters and holders to the
    players' set-up choices. Characters named by `focus` keys are pre-set in play,
    focused extras are handed out, and a focus makes the match longer."""
    name = game.variant(variant if variant is not None else rng.choice(list(game.variants))).name
    if players is None:
        counts = game.seat_counts(name)
        players = counts[rng.below(len(counts))]
    preset = game.make_options(name, None)
    mode = preset.mode  # two players: one side each, whatever the mode says
    if players > 2:
        mode = "teams" if preset.scenario in TWO_SIDED else rng.choice(MODES)
    want_gear = [g for g in GEAR if g in focus]
    options: dict[str, Any] = {"mode": mode, "lineup": [], "gear": {}}
    if focus or rng.below(2):
        options["lineup"] = _random_lineup(rng, players, mode, focus)
    style = rng.below(5)  # none, Fog Juice, Zero, either, or a holder and extra per side
    if options["lineup"] and (style == 4 or len(want_gear) > 1):
        sides = heroes_by_side(options["lineup"], players, mode)
        things = [rng.choice(GEAR) for _ in sides]
        for i, thing in enumerate(want_gear[: len(sides)]):
            things[i] = thing
        options["gear"] = {rng.choice(heroes): thing for heroes, thing in zip(sides, things, strict=True)}
        options["extras"] = "none"
    elif want_gear:
        options["extras"] = want_gear[0]
    else:
        options["extras"] = EXTRAS[min(style, 3)]
    if focus:
        options["round_limit"] = rng.randint(*FOCUS_ROUND_LIMIT)
    else:  # a quarter play to the goal, as the book does; the others are capped to stay short
        options["round_limit"] = None if rng.below(4) == 0 else rng.randint(1, RANDOM_ROUND_LIMIT)
    return Setup(name, players, options)


def _random_lineup(rng: Rng, players: int, mode: str, focus: Sequence[str]) -> list[str]:
    """A shuffled line-up with the characters `focus` needs among the pairs in play."""
    lineup = list(HEROES)
    rng.shuffle(lineup)
    in_play = len(seating(players, mode)[1])  # pairs 0..in_play-1 take part
    wanted = list(dict.fromkeys(h for h in map(_hero_for, focus) if h is not None))[:in_play]
    for hero in wanted:
        k = lineup.index(hero)
        if k >= in_play:  # swap it with a random played character that is not wanted
            free = [j for j in range(in_play) if lineup[j] not in wanted]
            j = free[rng.below(len(free))]
            lineup[j], lineup[k] = lineup[k], lineup[j]
    return lineup


def legal(game: Funkoverse, setup: Setup) -> bool:
    """Whether `Match.new` would accept the set-up (seats, options, and the gear's
    holders, which depend on the seats)."""
    try:
        game.check_players(setup.variant, setup.players)
        gear_of(game.make_options(setup.variant, setup.options), setup.players)
    except BadOptions:
        return False
    return True


def shrink_setup(game: Funkoverse, setup: Setup) -> Iterator[Setup]:
    """Legal set-ups simpler than `setup`, simplest first: fewer seats (keeping the
    extras where their holders still play, dropping them otherwise), then no extras,
    then lower round caps."""
    options = game.make_options(setup.variant, setup.options)
    plain = {**setup.options, "extras": "none", "gear": {}}
    has_extras = options.extras != "none" or bool(options.gear)
    candidates: list[Setup] = []
    for players in game.seat_counts(setup.variant):
        if players >= setup.players:
            break
        kept = Setup(setup.variant, players, setup.options)
        candidates.append(kept if legal(game, kept) else Setup(setup.variant, players, plain))
    if has_extras:
        candidates.append(Setup(setup.variant, setup.players, plain))
    # A cap shortens a match: no cap shrinks to caps, and a cap to lower ones.
    cap = options.round_limit
    limits = [1, RANDOM_ROUND_LIMIT] if cap is None else sorted({1, cap // 2, cap - 1})
    for limit in limits:
        if cap is None or 1 <= limit < cap:
            candidates.append(Setup(setup.variant, setup.players, {**setup.options, "round_limit": limit}))
    yield from (c for c in candidates if legal(game, c))


# -- invariants --------------------------------------------------------------------------


def _label(state: State, piece_id: str) -> str:
    piece = state.pieces.get(piece_id)
    return f"{piece_id}" if piece is None else f"{rules.name(piece)} ({piece_id})"


def pieces_on_open_squares(state: State) -> str | None:
    g = grid(state.map)
    for piece in state.pieces.values():
        sq = piece.square
        if sq is None:
            continue
        if not g.on_board(sq):
            return f"{_label(state, piece.id)} is on {sq}, off the {state.map} map"
        if sq in g.solid:
            return f"{_label(state, piece.id)} is on {sq}, a closed square"
    return None


def one_piece_per_square(state: State) -> str | None:
    seen: dict[tuple[int, int], str] = {}
    for piece in state.pieces.values():
        if piece.square is None:
            continue
        sq = tuple(piece.square)
        if sq in seen:
            return f"{_label(state, seen[sq])} and {_label(state, piece.id)} share {sq}"
        seen[sq] = piece.id  # type: ignore[index]
    return None


def pieces_accounted_for(state: State) -> str | None:
    """A piece is in exactly one place: on the map, on its side's track, waiting to be
    placed, or (a minion only) back in the supply. Before the holders are settled
    nothing is placed yet."""
    if state.picking or state.outfitting:
        return None
    waiting = Counter(state.placing)
    tracked = {
        thing.partition(":")[2]: i
        for i, side in enumerate(state.sides)
        for thing in side.cooldown.items()
        if thing.startswith("piece:")
    }
    for piece in state.pieces.values():
        places = [f"square {piece.square}"] if piece.square is not None else []
        places += ["the placing queue"] * waiting[piece.id]
        if piece.id in tracked:
            places.append(f"side {tracked[piece.id]}'s cooldown track")
        who = _label(state, piece.id)
        if len(places) > 1:
            return f"{who} is in {len(places)} places at once: {', '.join(places)}"
        if not places and piece.kind != "minion":
            return f"{who} is off the map, on no cooldown track and not waiting to be placed"
        if piece.id in tracked and tracked[piece.id] != piece.side:
            return f"{who} is on side {tracked[piece.id]}'s track, not on its own side {piece.side}'s"
    return None


def _issued_tokens(state: State, side: int) -> Counter[str]:
    """The ability token colours a side took at set-up: one per dot of its characters."""
    return Counter(
        colour
        for p in state.pieces.values()
        if p.side == side and p.kind == "character"
        for colour in CARDS[p.card].tokens
    )


def cooldown_and_tokens(state: State) -> str | None:
    """Each track has its four spaces; each token, item, knocked-out piece and point
    marker is in one place only; a side's tokens are exactly those its characters
    brought, each in its pool or on its track; the Pumpkin King is held at most once."""
    where: dict[str, str] = {}
    for i, side in enumerate(state.sides):
        track = side.cooldown
        spaces = [str(n) for n in range(1, track.size + 1)]
        if track.size != 4 or list(track.spaces) != spaces:
            return f"side {i}'s cooldown track has spaces {list(track.spaces)} (size {track.size}), not 1-4"
        tokens: list[str] = []
        for place, things in [("pool", [f"token:{t}" for t in side.pool])] + [
            (f"track space {s}", list(track.spaces[s])) for s in spaces
        ]:
            for thing in things:
                here = f"side {i}'s {place}"
                kind, _, ident = thing.partition(":")
                key = f"{i}/{thing}" if kind == "token" else thing  # token ids are per side
                if key in where:
                    return f"{thing} is both in {where[key]} and in {here}"
                where[key] = here
                if kind == "token":
                    tokens.append(ident)
                elif kind in ("piece", "item"):
                    piece = state.pieces.get(ident)
                    if piece is None or piece.side != i:
                        return f"{thing} on {here} is not a piece of side {i}"
                    if kind == "item" and piece.item is None:
                        return f"{thing} on {here}: {_label(state, ident)} holds no item"
                elif kind == "marker":
                    marker = state.markers.get(ident)
                    if marker is None or ident == "T":
                        return f"{thing} on {here} is not a point marker of this match"
                else:
                    return f"{here} holds {thing!r}, which is no token, piece, item or marker"
        colours = Counter(t.rsplit("-", 1)[0] for t in tokens)
        if colours != _issued_tokens(state, i):
            return (
                f"side {i} has tokens {sorted(tokens)}, but its characters brought "
                f"{sorted(_issued_tokens(state, i).elements())}"
            )
    kings = [p.id for p in state.pieces.values() if "pumpkin-king" in p.statuses]
    if len(kings) > 1:
        return f"the Pumpkin King is held by {len(kings)} pieces: {', '.join(kings)}"
    return None


def scores_within_bounds(state: State) -> str | None:
    """Points are never negative, rounds count from 1, and a running match has no
    winners yet."""
    for i, side in enumerate(state.sides):
        if side.points < 0:
            return f"side {i} has {side.points} points"
    if state.round < 1:
        return f"round {state.round} is before the first"
    if not state.over and state.winners:
        return f"the match goes on but sides {state.winners} are already winners"
    return None


def one_winner(state: State) -> str | None:
    """A match ends the book's way: one side wins, alone at the top of the scores,
    with the goal reached, or ahead once the optional round cap has passed; sides
    tied for the lead never share a win but play on. A first game still running has
    no side alone at or past its goal (that ends it at once)."""
    leader = rules.sole_leader(state)
    points = [side.points for side in state.sides]
    if not state.over:
        if SCENARIOS[state.scenario].immediate and leader is not None and points[leader] >= state.goal:
            return (
                f"side {leader} leads with {points[leader]} points, the goal is {state.goal}, "
                "and the first game goes on"
            )
        return None
    if len(state.winners) != 1:
        return f"the match ended with winners {state.winners} (points {points}); one side must win alone"
    winner = state.winners[0]
    if winner != leader:
        return f"side {winner} won with points {points}, but it is not alone at the top"
    if state.reason == rules.REACHED_GOAL:
        if points[winner] < state.goal:
            return f"side {winner} won by the goal with {points[winner]} points, short of {state.goal}"
    elif state.reason == rules.ROUND_LIMIT:
        if state.round_limit is None or state.round < state.round_limit:
            return f"the round cap {state.round_limit} ended the match in round {state.round}"
    else:
        return f"the match ended for an unknown reason {state.reason!r}"
    return None


def points_from_their_sources(state: State) -> str | None:
    """A side's points add up from where they came from, and each source is one its
    scenario scores: a point for a character next to a knock-out only in the first
    game, the scoring area only in Territory, the triumph marker only in Triumph (in
    whole rounds of its points), rival starting areas only in Infiltrate, point
    markers only where they are set up, and every point marker waiting on a side's
    track was a point for that side."""
    allowed = rules.point_sources(state.scenario)
    triumph = SCENARIOS[state.scenario].triumph_points
    for i, side in enumerate(state.sides):
        total = sum(side.scored.values())
        if total != side.points:
            return f"side {i} has {side.points} points, but its points by source {side.scored} make {total}"
        for source, points in side.scored.items():
            if source not in allowed:
                return (
                    f"side {i} has {points} points from {source!r}, which {state.scenario} does not "
                    f"give (it scores: {', '.join(allowed)})"
                )
            if points < 1:
                return f"side {i} has {points} points from {source!r}"
        taken = sum(1 for thing in side.cooldown.items() if thing.startswith("marker:"))
        if side.scored.get(rules.POINT_MARKER, 0) < taken:
            return (
                f"side {i} has {taken} point markers on its track but "
                f"{side.scored.get(rules.POINT_MARKER, 0)} points from point markers"
            )
        if triumph and side.scored.get(rules.TRIUMPH, 0) % triumph:
            held = side.scored[rules.TRIUMPH]
            return f"side {i} has {held} points from the triumph marker, not whole rounds of {triumph}"
    return None


def markers_on_real_squares(state: State) -> str | None:
    """Each marker is on an open square of the map, carried by a piece on the map
    (the triumph marker), or on one side's track (a point marker)."""
    g = grid(state.map)
    on_track = {
        thing.partition(":")[2]
        for side in state.sides
        for thing in side.cooldown.items()
        if thing.startswith("marker:")
    }
    for marker in state.markers.values():
        if marker.home != rules.area(state.map, marker.id)[0]:
            return f"marker {marker.id} is set up on {marker.home}, not on its letter's square"
        if marker.holder is not None:
            holder = state.pieces.get(marker.holder)
            if marker.square is not None:
                return f"marker {marker.id} lies on {marker.square} and is carried by {marker.holder}"
            if holder is None or holder.square is None:
                who = _label(state, marker.holder)
                return f"marker {marker.id} is carried by {who}, which is not on the map"
        elif marker.square is not None:
            if not g.on_board(marker.square) or marker.square in g.solid:
                return f"marker {marker.id} is on {marker.square}, which is not an open square of the map"
            if marker.id in on_track:
                return f"marker {marker.id} lies on {marker.square} and is on a cooldown track"
        elif marker.id not in on_track:
            return f"marker {marker.id} is nowhere: not on the map, carried or on a track"
    return None


def turn_in_order(state: State) -> str | None:
    """The turn's bookkeeping points at real things: sides, pieces, a challenge's dice
    and targets, at most two actions."""
    n = len(state.sides)
    if not (0 <= state.turn < n and 0 <= state.first < n):
        return f"side {state.turn} is on turn and side {state.first} first, with {n} sides"
    for depth, frame in enumerate(state.frames):
        if frame.piece not in state.pieces:
            return f"a frame acts for {frame.piece!r}, which is no piece"
        if frame.root and depth > 0:  # (Igor's action after the doctor's turn is alone and not a turn)
            return f"{_label(state, frame.piece)} takes a turn on top of another piece's actions"
        if not 0 <= frame.actions <= 2:
            return f"{_label(state, frame.piece)} has {frame.actions} actions left"
        if frame.dice < 0 or any(t not in state.pieces for t in frame.targets):
            return (
                f"{_label(state, frame.piece)}'s challenge has {frame.dice} dice and targets {frame.targets}"
            )
    if state.frames and state.frames[0].root and state.pieces[state.frames[0].piece].side != state.turn:
        return f"{_label(state, state.frames[0].piece)} takes a turn for side {state.turn}, not its own"
    r = state.reaction
    if r is not None and (
        r.target not in state.pieces or state.pieces[r.target].seat != r.seat or r.dice < 0
    ):
        return f"a Rag Doll question about {r.target!r} goes to seat {r.seat} with {r.dice} dice"
    return None


def leaders_are_characters(state: State) -> str | None:
    """In Leaders each side's leader is one of its own characters, picked once the
    characters and holders are settled; the leaders are revealed exactly when every
    side has chosen. Other scenarios have no leaders."""
    chosen = [side.leader for side in state.sides]
    if state.scenario != "leaders":
        return None if chosen == [None] * len(chosen) else f"{state.scenario} has leaders {chosen}"
    if state.picking or state.outfitting:
        if chosen != [None] * len(chosen) or state.choosing_leaders or state.leaders_revealed:
            return f"leaders {chosen} are being picked before the characters are set"
        return None
    for i, leader in enumerate(chosen):
        if leader is not None and leader not in {p.id for p in leader_candidates(state, i)}:
            return f"side {i}'s leader {leader!r} is not one of its characters"
    if state.leaders_revealed != (None not in chosen) or state.choosing_leaders == state.leaders_revealed:
        return (
            f"leaders {chosen} with choosing={state.choosing_leaders} and revealed={state.leaders_revealed}"
        )
    return None


def lineup_in_play(state: State) -> str | None:
    """Each character plays at most once (the box has one of each, and characters of
    one name are never allies); once every pair has chosen, each pair's character,
    basic character and minion are in play for its seat and side, and nothing else
    but the companions; each side holds at most one item or companion, and exactly
    one once the holders are settled when the sides bring them."""
    chosen = [hero for hero in state.lineup if hero]
    if len(chosen) != len(set(chosen)) or any(hero not in HEROES for hero in chosen):
        return f"the lineup {state.lineup} repeats a character or names one that is not in the box"
    if len(state.lineup) != len(state.pair_seats):
        return f"{len(state.lineup)} characters for {len(state.pair_seats)} pairs"
    if state.picking:
        return (
            None
            if not state.pieces
            else f"pieces {sorted(state.pieces)} are in play while pairs still choose"
        )
    expected: dict[str, tuple[int, str]] = {}
    for k, seat in enumerate(state.pair_seats):
        hero = state.lineup[k]
        expected[hero] = expected[BASICS[k]] = (seat, "character")
        if CARDS[hero].minion:
            expected[CARDS[hero].minion] = (seat, "minion")
    for piece_id in expected:
        piece = state.pieces.get(piece_id)
        if piece is None or piece.seat != expected[piece_id][0]:
            return f"{piece_id} should be in play for seat {expected[piece_id][0]}"
    for piece in state.pieces.values():
        if piece.id not in expected and piece.kind != "companion":
            return f"{_label(state, piece.id)} is in play but no pair brought it"
    for i in range(len(state.sides)):
        held = [p.id for p in state.pieces.values() if p.side == i and (p.item or p.kind == "companion")]
        if len(held) > 1:
            return f"side {i} brings {len(held)} items or companions: {held}"
        settled = i not in state.outfitting
        if state.extras != "none" and settled and not held:
            return f"side {i} was to bring {state.extras} but holds nothing"
    return None


INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "open-squares", "Every piece on the map stands on an open square of it.", pieces_on_open_squares
    ),
    Invariant(
        "one-per-square", "No two pieces, standing or knocked down, share a square.", one_piece_per_square
    ),
    Invariant(
        "accounted-for",
        "Every piece is in one place: on the map, on its own side's track, waiting to be placed, "
        "or (a minion) in the supply.",
        pieces_accounted_for,
    ),
    Invariant(
        "cooldown",
        "Tracks have spaces 1-4, nothing is in two places, a side's tokens are those its characters brought, "
        "and one Pumpkin King at most.",
        cooldown_and_tokens,
    ),
    Invariant(
        "scores",
        "Points are never negative, rounds count from 1, and a running match has no winners.",
        scores_within_bounds,
    ),
    Invariant(
        "one-winner",
        "A match ends with one side alone at the top, at its goal or past the round cap; never a shared "
        "win; a running first game has no side alone at its goal.",
        one_winner,
    ),
    Invariant(
        "point-sources",
        "A side's points add up from their sources, each one its scenario scores (next to a knock-out: "
        "the first game only); every point marker on a track was a point for that side.",
        points_from_their_sources,
    ),
    Invariant(
        "markers",
        "Every marker lies on an open square, is carried by a piece on the map, or waits on one track.",
        markers_on_real_squares,
    ),
    Invariant(
        "turn",
        "The turn's frames name real pieces, at most two actions, and the side on turn acts.",
        turn_in_order,
    ),
    Invariant(
        "line-up",
        "Each character plays once; every pair's pieces are in play once chosen; a side brings at most "
        "one item or companion.",
        lineup_in_play,
    ),
    Invariant(
        "leaders",
        "A leader is one of its side's characters, and the leaders are revealed once every side has chosen.",
        leaders_are_characters,
    ),
)


# -- the one secret ----------------------------------------------------------------------


def unknowns(state: State, seat: int | None) -> list[Unknown]:
    """What `seat` cannot know: while some side is still choosing its leader, the pick
    of every other side that has made one (a side's own pick is shared by its seats).
    Each is a secret pick among that side's candidates."""
    if not state.choosing_leaders:
        return []
    out = []
    for i, side in enumerate(state.sides):
        if side.leader is not None and (seat is None or seat not in side.seats):
            candidates = tuple(sorted(p.id for p in leader_candidates(state, i)))
            out.append(Unknown(("leader", i), f"leader:{i}", side.leader, candidates))
    return out


def put_unknowns(state: State, values: Mapping[Hashable, str]) -> None:
    for (_, i), leader in values.items():
        state.sides[i].leader = leader
    state.offered = None


def redeal_hidden(state: State, seat: int | None, rng: Rng) -> int:
    """Re-pick, in place, every leader `seat` cannot know (`unknowns`). Returns how many
    picks were redrawn; a redraw may land on the same character. The draw reads the
    candidates in sorted order, never the true pick."""
    found = unknowns(state, seat)
    put_unknowns(state, reassign(found, rng))
    return len(found)
