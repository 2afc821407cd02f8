"""`munchkin-greedy`: a quick heuristic player of Munchkin, and the search helpers the
`ismcts` bot uses on Munchkin positions.

The bot reads only its seat's view and prompts (and the public card list, to know
what a card it holds does). It

- puts on the table whatever makes it stronger (Items, Rides, Citizenships) and plays
  Level cards at once;
- looks for trouble only with a monster from its hand it beats by the sums, else
  loots the room;
- in its fight, passes when it is already stronger, else throws in a one-shot bonus,
  else asks the lowest-level rival for help offering one Treasure, else lets the
  fight go and runs;
- in another's fight, helps for a share unless the fighter is close to winning, and
  plays monster enhancers against a fighter who is about to win;
- aims curses at the highest-level rival; ends its turn without trading.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nbc.core.bots import any_choice, standing_values
from nbc.core.game import Prompt
from nbc.core.rng import Rng
from nbc.plugins.munchkin.cards import CARDS

BY_NAME = {card.name: card for card in CARDS.values()}  # a card set's cards join it (`sets.register`)
TABLE_KINDS = {"item", "ride", "ride-enhancer", "citizenship", "dual", "level"}
NEAR_WIN = 2  # levels from the win at which a rival is stopped rather than helped


class MunchkinGreedyBot:
    name = "munchkin-greedy"
    description = "Munchkin heuristics: fight when the sums say so, help for a share, run when losing"
    games = frozenset({"munchkin"})

    def choose(self, view: dict[str, Any], prompts: list[Prompt], rng: Rng) -> str:
        seat = prompts[0].seat
        for prompt in prompts:
            answer = _ANSWERS.get(prompt.kind)
            if answer is not None:
                found = answer(view, seat, prompt, rng)
                if found is not None and any(c.id == found for c in prompt.choices):
                    return found
        return any_choice(prompts, rng)


def _hand(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """The seat's hand: instance id -> card definition."""
    cards = view["players"][seat]["hand"].get("cards") or []
    return {c["id"]: BY_NAME.get(c["name"]) for c in cards}


def _plays(prompt: Prompt, hand: dict[str, Any], kinds: set[str]) -> list[str]:
    found = []
    for choice in prompt.choices:
        if choice.id.startswith("play:"):
            card = hand.get(choice.id.split(":", 1)[1])
            if card is not None and card.kind in kinds:
                found.append(choice.id)
    return found


def _rivals_by_level(view: dict[str, Any], seat: int) -> list[int]:
    players = view["players"]
    return sorted((s for s in range(len(players)) if s != seat), key=lambda s: (players[s]["level"], s))


def _arrange(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    plays = _plays(prompt, _hand(view, seat), TABLE_KINDS)
    if plays:
        return plays[0]
    ids = [c.id for c in prompt.choices]
    for done in ("kick", "ready"):
        if done in ids:
            return done
    return None


def _trouble(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    hand = _hand(view, seat)
    strength = view["players"][seat]["strength"]
    best, best_level = "loot", -1
    for choice in prompt.choices:
        if choice.id.startswith("fight:"):
            card = hand.get(choice.id.split(":", 1)[1])
            if card is not None and card.level + 1 < strength and card.level > best_level:
                best, best_level = choice.id, card.level
    return best


def _combat(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    combat = view.get("combat") or {}
    hand = _hand(view, seat)
    ours = combat.get("heroes_strength", 0)
    theirs = combat.get("monsters_strength", 0)
    fighting = seat in (combat.get("hero"), combat.get("helper"))
    if fighting:
        if ours > theirs:
            return "pass"
        bonuses = [
            c for c in _plays(prompt, hand, {"one-shot"}) if (hand[c.split(":", 1)[1]].use or "") == "bonus"
        ]
        if bonuses:
            return max(bonuses, key=lambda c: hand[c.split(":", 1)[1]].bonus)
        if combat.get("hero") == seat and combat.get("helper") is None:
            for rival in _rivals_by_level(view, seat):
                if f"ask:{rival}" in [c.id for c in prompt.choices]:
                    return f"ask:{rival}"
        return "pass"
    hero = combat.get("hero")
    if hero is not None and ours > theirs:
        level = view["players"][hero]["level"]
        if level >= view.get("win_level", 10) - NEAR_WIN:
            against = _plays(prompt, hand, {"enhancer", "wandering"})
            if against:
                return against[0]
    return "pass"


def _help(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    combat = view.get("combat") or {}
    hero = combat.get("hero")
    if hero is None:
        return "accept"
    near = view["players"][hero]["level"] >= view.get("win_level", 10) - NEAR_WIN
    return "refuse" if near else "accept"


def _bribe(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    ids = [c.id for c in prompt.choices]
    return "share:1:me" if "share:1:me" in ids else "ask" if "ask" in ids else None


def _target(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    text = prompt.text
    name = text[len("Play ") :].split(" on which", 1)[0] if text.startswith("Play ") else ""
    card = BY_NAME.get(name)
    if card is not None and card.kind == "curse":
        rivals = _rivals_by_level(view, seat)
        for rival in reversed(rivals):
            if f"to:{rival}" in [c.id for c in prompt.choices]:
                return f"to:{rival}"
    return f"to:{seat}"


def _revealed(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    for choice in prompt.choices:
        if choice.id == "play":
            card = BY_NAME.get(choice.label[len("Play ") :])
            return "play" if card is not None and card.kind in TABLE_KINDS else "keep"
    return None


def _received(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    plays = _plays(prompt, _hand(view, seat), TABLE_KINDS)
    return plays[0] if plays else "keep"


def _side(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    combat = view.get("combat") or {}
    if seat in (combat.get("hero"), combat.get("helper")):
        return "heroes"
    return next((c.id for c in prompt.choices if c.id.startswith("foe:")), None)


def _first_of(*ids: str) -> Any:
    def answer(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
        offered = [c.id for c in prompt.choices]
        return next((i for i in ids if i in offered), None)

    return answer


def _anytime(view: dict[str, Any], seat: int, prompt: Prompt, rng: Rng) -> str | None:
    plays = _plays(prompt, _hand(view, seat), {"level", "item", "ride", "citizenship"})
    return plays[0] if plays else "pass"


_ANSWERS = {
    "create": _arrange,
    "arrange": _arrange,
    "trouble": _trouble,
    "combat": _combat,
    "help": _help,
    "bribe": _bribe,
    "target": _target,
    "revealed": _revealed,
    "received": _received,
    "side": _side,
    "anytime": _anytime,
    "charity": _first_of("end"),
    "trade": _first_of("cancel"),
    "trade-answer": _first_of("decline"),
    "sale": _first_of("sell", "cancel"),
}


# --- search helpers (the state here is a sampled position, never the true one) -------------


def evaluate(state: Any) -> Sequence[float]:
    """Levels as shares of the win (a level is the only score Munchkin keeps)."""
    return standing_values([p.level for p in state.players], 1.2)
