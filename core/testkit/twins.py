"""Twins: positions that differ from the match only in what one seat cannot know, built
by the kit itself from the game's declaration of its unknowns (`Game.unknowns`), never
with the game's own redeal.

For a seat (or a spectator; each in turn) at every probe point, the kit moves the values among the
places of each pool and re-picks every secret (`Unknown.could_be`), writes them into a
copy with `Game.put_unknowns`, and checks:
- the seat's view and prompts are the same in the twin;
- which seats are asked, and what kind of prompt each has, are the same (the seats
  waited for are public: asking only the seats that hold an answer tells everyone who
  holds one);
- the card references of the events the seat is told next differ only by cards the
  step showed it (the same check as after a redeal);
- `Game.redeal_hidden` gives the same position from the match and from the twin (it
  keeps no hidden truth), and changes nothing but the places the seat cannot know (a
  card everyone saw go into a hand stays there).
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from nbc.core.game import Game, Unknown, reassign
from nbc.core.match import Match
from nbc.core.rng import Rng
from nbc.core.serial import canonical_json, to_data

__tracebackhide__ = True  # pytest leaves the kit's frames out of tracebacks

if TYPE_CHECKING:
    from nbc.core.testkit.checks import _Playout


def declared(game: Game) -> bool:
    return type(game).unknowns is not Game.unknowns


def asked(match: Match) -> list[tuple[int, str]]:
    """Who is asked what kind of question: public, whatever the seats hold."""
    return sorted({(p.seat, p.kind) for p in match.all_prompts()})


def check_twins(playout: _Playout, step: int, probe: Rng) -> int:
    """Build a twin for one viewer (in turn: over a playout's probes every seat and a
    spectator get theirs, at a fraction of the cost of all at every probe) and check
    it; return 1 when the twin differed from the match in at least one place."""
    from nbc.core.testkit.checks import hash_of

    match = playout.match
    assert match is not None
    if not declared(playout.game):
        return 0
    viewers = [*range(match.players), None]
    playout.twin_turn += 1
    return check_twin(
        playout, step, probe, viewers[(playout.twin_turn + hash_of(playout.seed)) % len(viewers)]
    )


def check_twin(
    playout: _Playout, step: int, probe: Rng, viewer: int | None, then: tuple[int, str] | None = None
) -> int:
    """Build and check `viewer`'s twin of the playout's match (see the module); `then`
    names the (seat, choice) taken in both for the next step (default: one drawn)."""
    from nbc.core.testkit.checks import _first_difference, _who

    match, game = playout.match, playout.game
    assert match is not None
    who = _who(viewer)
    found = _unknowns(playout, match, viewer, step)
    if not found:
        return 0
    values = reassign(found, Rng(f"twin:{playout.seed}:{step}:{viewer}"))
    twin = match.clone()
    game.put_unknowns(twin.state, values)
    twin.forget_prompts()
    back = {u.place: u.value for u in _unknowns(playout, twin, viewer, step)}
    if back != values:
        place = next((p for p in values if back.get(p) != values[p]), None)
        raise playout.fail(
            "twin",
            step,
            f"put_unknowns did not put what unknowns() reads back for {who}: at place {place!r} "
            f"it put {values.get(place)!r} and unknowns() now reads {back.get(place)!r} "
            "(the two must describe the same places)",
        )
    pairs = [("view", match.view(viewer), twin.view(viewer))]
    if viewer is not None:
        pairs.append(("prompts", to_data(match.prompts(viewer)), to_data(twin.prompts(viewer))))
    pairs.append(("seats asked", asked(match), asked(twin)))
    for what, before, after in pairs:
        if canonical_json(before) != canonical_json(after):
            path, old, new = _first_difference(to_data(before), to_data(after))
            hint = (
                "asking a seat only when it holds an answer tells everyone what it holds: ask every "
                "seat the window concerns, or a fixed set of seats"
                if what == "seats asked"
                else f"the {what} depends on something {who} may not know"
            )
            raise playout.fail(
                "secrecy",
                step,
                f"{who}'s {what} changed in a twin that differs only in what {who} cannot know "
                f"(the kit moved {_moved(found, values)}): at {what}{path}, {old!r:.80} became "
                f"{new!r:.80}; {hint}",
                signature=f"secrecy:twin-{what.replace(' ', '-')}",
                path=f"{what}{path}",
            )
    if not match.over:
        playout.check_redeal_events(step, viewer, twin.clone(), probe, then)
    if type(game).redeal_hidden is not Game.redeal_hidden:
        _check_redeal(playout, step, viewer, found, twin, _first_difference)
    return int(any(values[u.place] != u.value for u in found))


def check_position(
    game: Game,
    match: Match,
    viewers: list[int | None] | None = None,
    seed: str = "position",
    then: tuple[int, str] | None = None,
) -> int:
    """Check the twins of one position (a scripted test's) for each of `viewers`
    (default: every seat and a spectator), as the kit does at a probe, with `then`
    (seat, choice id) as the next step when given; raises `ConformanceError`. Returns
    how many twins differed from the match."""
    from nbc.core.game import Setup
    from nbc.core.testkit.checks import Report, _Playout

    header = match.header
    playout = _Playout(
        game, Setup(header.variant, header.players, header.options), seed, type(match), Report()
    )
    playout.match = match
    chosen = [*range(match.players), None] if viewers is None else viewers
    return sum(check_twin(playout, 0, Rng(f"{seed}:{k}"), v, then) for k, v in enumerate(chosen))


def _unknowns(playout: _Playout, match: Match, viewer: int | None, step: int) -> list[Unknown]:
    found = list(playout.game.unknowns(match.state, viewer) or [])
    places = [u.place for u in found]
    if len(set(places)) != len(places):
        raise playout.fail("twin", step, f"unknowns() for {_name(viewer)} lists a place twice")
    for u in found:
        if u.could_be and u.value not in u.could_be:
            raise playout.fail(
                "twin",
                step,
                f"unknowns() for {_name(viewer)}: the secret at {u.place!r} is {u.value!r}, which is not "
                f"among what it could be {list(u.could_be)!r}",
            )
    return found


def _check_redeal(
    playout: _Playout, step: int, viewer: int | None, found: list[Unknown], twin: Match, difference: Any
) -> None:
    match, game = playout.match, playout.game
    assert match is not None
    who = _name(viewer)
    key = f"twin-redeal:{playout.seed}:{step}:{viewer}"
    a, b = match.clone(), twin.clone()
    game.redeal_hidden(a.state, viewer, Rng(key))
    game.redeal_hidden(b.state, viewer, Rng(key))
    one, other = json.loads(game.state_json(a.state)), json.loads(game.state_json(b.state))
    if one != other:
        path, x, y = difference(one, other)
        raise playout.fail(
            "secrecy",
            step,
            f"redeal_hidden for {who} keeps hidden truth: redealing the match and a twin that differs "
            f"only in what {who} cannot know, with the same draws, gives different positions at "
            f"state{path} ({x!r:.80} against {y!r:.80}). A redeal must depend only on what {who} knows "
            "(sort the hidden cards before shuffling, and redraw every one of them)",
            signature="secrecy:redeal-keeps",
            path=f"state{path}",
        )
    # the redeal may change only the places the seat cannot know
    after = {u.place: u for u in (game.unknowns(a.state, viewer) or [])}
    if set(after) != {u.place for u in found}:
        extra = sorted(map(repr, set(after) ^ {u.place for u in found}))[:3]
        raise playout.fail(
            "secrecy",
            step,
            f"redeal_hidden for {who} changed which places {who} cannot know (for instance "
            f"{', '.join(extra)}); a redeal moves hidden things among hidden places only",
            signature="secrecy:redeal-public",
        )
    rebuilt = match.clone()
    game.put_unknowns(rebuilt.state, {p: u.value for p, u in after.items()})
    want, got = json.loads(game.state_json(rebuilt.state)), json.loads(game.state_json(a.state))
    if want != got:
        path, x, y = difference(want, got)
        raise playout.fail(
            "secrecy",
            step,
            f"redeal_hidden for {who} changed something {who} may know: at state{path}, {x!r:.80} became "
            f"{y!r:.80}, which is none of the places unknowns() lists (a card everyone saw go somewhere "
            "must stay there)",
            signature="secrecy:redeal-public",
            path=f"state{path}",
        )


def _moved(found: list[Unknown], values: dict[Hashable, str]) -> str:
    changed = [f"{u.place!r}: {u.value} -> {values[u.place]}" for u in found if values[u.place] != u.value]
    if not changed:
        return "nothing"
    more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
    return ", ".join(changed[:3]) + more


def _name(viewer: int | None) -> str:
    return "a spectator" if viewer is None else f"seat {viewer}"
