"""The TCG's numbers and names that every part of the rules shares."""

from __future__ import annotations

HALLOWEENTOWN = "halloweentown"  # the base game's one town; an expansion may add more (Expansion.towns)
ANY_TOWN = "any"  # in the town functions (`in_town`, `together_in`, ...): every town of the player
PP_CAP = 6  # Pumpkin Points a player holds at most
HAND_LIMIT = 7  # cards in hand after the End Phase, at most
SURPRISE_LIMIT = 3  # Surprises in the Surprise Discard Pile that end a player's Surprises for the turn
DAYS = 12  # Day counters
MAIN_DECK_MIN = 40  # cards a Main Deck holds at least
TITLE_MAX = 4  # copies of one Card Title a Main Deck holds at most
Cut = tuple[str, int, int | None]  # a price cut: (card id, kind or group), amount, least price or None
KING_ACTIVITIES = {
    "draw": "Draw 1 card (free for the single player with the fewest cards in hand)",
    "pp": "Add 1 Pumpkin Point (free for the single player with the most Creations)",
    "move": "Move 1 Character (free for the single player with the most Characters)",
}
# the game events card triggers listen for (`on` in a card's `triggers`)
TRIGGER_EVENTS = (
    "char_discarded",
    "creation_played",
    "surprise_played",
    "function_here",
    "moved",
    "stacked_on_creation",
    "char_played",
    "function_performed",
    "end_phase",
)
