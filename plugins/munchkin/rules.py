"""The turn flow of Munchkin The Nightmare Before Christmas, in the rulesheet's order.

    character creation   everyone may play a Citizenship (and Dual Citizenship), a Ride
                         and Items, then is ready
    each turn:
      start              the dead come back; a player who died draws 4 Door + 4 Treasure
      0 Listen at the Door   (faster play) draw a face-down Door card
      arrange            play cards, change equipment, sell Items, trade; then kick open the door
      1 Kick Open the Door   monster: combat; Curse: it hits you; other: keep or play it
      2 Look for Trouble or Loot the Room   (only if no monster was fought in phase 1)
      combat             a reaction window: everyone may play cards until all have passed
                         since the last card; then win (rewards) or Run Away
      3 Charity          more than five cards in hand: play them, give or discard the excess

Who may act when (docs/games/munchkin.md has the table):

- the player whose turn it is acts in its own prompts: arrange, Look for Trouble or
  Loot the Room, and Charity offer everything the rulesheet allows on one's own turn
  outside combat;
- every other living seat has an **any-time window** alongside, once a turn (it opens
  when the turn starts), while it can use it: cards playable at any time (Go Up a
  Level, Curses, Rides and Ride Enhancers, Holiday Cheer), giving up a Citizenship,
  and, when it is not fighting, changing its equipment or offering a trade. Passing,
  offering a trade or giving up a Citizenship closes the window until the next turn;
- in a combat every living seat is in the reaction window; the seats out of the fight
  may also change their equipment there;
- a card received outside one's own turn (Charity, a share of Treasure, a looted body)
  may be played at once: its receiver decides before anything else goes on.

A `Pending` decision (a target, a victim's pick, a bribe, an answer) always comes
first. After each choice `settle` runs the automatic steps (closing a window,
ending a turn), so `prompts` only ever reads the state.
"""

from __future__ import annotations

from nbc.core import coverage
from nbc.core.dice import d6
from nbc.core.game import REFS, Choice, Context, Prompt, offered_choice
from nbc.plugins.munchkin import effects as fx
from nbc.plugins.munchkin.cards import HAND_LIMIT, PLAIN, MunchkinCard
from nbc.plugins.munchkin.effects import card, name, ref, refs
from nbc.plugins.munchkin.state import Combat, Foe, Pending, Runner, State

DIE = d6()
ANY_TIME = frozenset({"ride", "ride-enhancer", "level", "curse"})  # kinds anyone may play any time
JOIN_TAGS = frozenset({"undead", "demon"})  # tags that let a monster join a fight of its kind
WINDOW_PHASES = frozenset({"arrange", "revealed", "trouble", "run", "split", "charity"})
OWN_TURN = frozenset({"turn", "received", "create"})  # where the own-turn plays are allowed

# kinds of play: "direct" needs nothing more, "player" a target player, "item" one of
# the player's Items, "side" the fighters or a monster, "foe" a monster, "search" a
# card from the discards. Where a card is played: "turn" (one's own turn, outside
# combat), "received" (just received, outside combat), "create" (character creation),
# "anytime" (an any-time window) or "combat" (a reaction window).
# (choice id, label), (choice id, label, card refs) when the label names cards (see
# nbc.core.game.REFS), or a Choice made once and kept
Play = tuple[str, str] | tuple[str, str, tuple[str, ...]] | Choice

PASS = Choice("pass", "Pass")
KICK = Choice("kick", "Kick Open the Door")
LOOT = Choice("loot", "Loot the Room")
CHARITY = Choice("charity", "Give away the excess (or discard it, if you are lowest)")
END = Choice("end", "End your turn")
SELL = Choice("sell", "Sell Items for levels")
TRADE = Choice("trade", "Offer a trade")
SEATS = range(8)
ASK = [Choice(f"ask:{s}", f"Ask seat {s} for help") for s in SEATS]
ON_SEAT = [Choice(f"to:{s}", f"On seat {s}") for s in SEATS]
WITH = [Choice(f"with:{s}", f"Offer seat {s} a trade") for s in SEATS]


def combat_now(state: State) -> Combat:
    """The combat going on, for the code that runs only during one."""
    combat = state.combat
    assert combat is not None, "no combat is going on"
    return combat


def card_of(p: Pending) -> str:
    """The card of a decision that plays one (or comes from one's Bad Stuff or Curse):
    every kind that reads it is made with it."""
    c = p.card
    assert c is not None, f"a {p.kind} decision without its card"
    return c


def target_of(p: Pending) -> int:
    """The other seat of a decision that has one: a bribe, a request for help, a trade
    offer once its partner is chosen, an answer to a trade offer."""
    target = p.target
    assert target is not None, f"a {p.kind} decision without its other seat"
    return target


# ======================================================================================
# prompts
# ======================================================================================


def find_choice(state: State, seat: int, choice_id: str) -> Choice | None:
    """The choice `choice_id` of `seat`'s prompt, when the prompts of this state were
    worked out already (`Munchkin.prompts` keeps them in `State.offered` until the next
    choice); None otherwise, and for anything not offered."""
    return offered_choice(state.offered, seat, choice_id)


def prompts(state: State) -> list[Prompt]:
    if state.over:
        return []
    if state.pending:
        return [pending_prompt(state, state.pending[0])]
    phase = state.phase
    if phase == "create":
        return [
            Prompt(
                s,
                "create",
                "Create your character, then say you are ready",
                _choices(create_choices(state, s)),
            )
            for s in range(len(state.players))
            if not state.ready[s]
        ]
    if phase == "combat":
        return combat_prompts(state)
    out = main_prompts(state, phase)
    out += anytime_prompts(state, [p.seat for p in out])
    return out


def main_prompts(state: State, phase: str) -> list[Prompt]:
    """The prompts of the seats whose step of the turn it is."""
    turn = state.turn
    choices: list[Choice]
    if phase == "arrange":
        choices = [KICK, *own_turn_choices(state)]
        return [Prompt(turn, "arrange", "Arrange your cards, then kick open the door", tuple(choices))]
    if phase == "revealed":
        c = state.revealed[0]
        about = (ref(state, c),)
        options: list[Play] = [("keep", f"Keep {name(state, c)}", about)]
        if play_kind(state, turn, c, "turn") == "direct":
            options.append(("play", f"Play {name(state, c)}", about))
        return [Prompt(turn, "revealed", "Keep the card or play it", _choices(options))]
    if phase == "trouble":
        choices = [
            card_choice(state, "fight", c)
            for c in state.players[turn].hand.cards
            if card(state, c).kind == "monster"
        ]
        choices += [LOOT, *own_turn_choices(state)]
        return [Prompt(turn, "trouble", "Look for Trouble or Loot the Room", tuple(choices))]
    if phase == "run":
        runners = [r for r in state.runners if r.left]
        return [Prompt(r.seat, "run", "Run Away", _choices(run_choices(state, r))) for r in runners]
    if phase == "split":
        choices = [card_choice(state, "take", c) for c in state.pool]
        return [Prompt(state.split_next, "pick", "Pick a Treasure", tuple(choices))]
    if phase == "charity":
        over = len(state.players[turn].hand.cards) > HAND_LIMIT
        choices = [*own_turn_choices(state), CHARITY if over else END]
        text = (
            "Charity: get down to five cards"
            if over
            else "Play cards or change your table, then end your turn"
        )
        return [Prompt(turn, "charity", text, tuple(choices))]
    raise AssertionError(f"unknown phase {phase}")


# Choices are immutable: the same one serves every prompt. A match makes a few hundred
# of each kind below (their ids name card instances, which hold other cards in every
# match), so the caches are emptied past CHOICES_KEPT: enough for a match, and small
# enough that what they hold costs the garbage collector's full passes little.
CHOICES_KEPT = 4096
_MADE: dict[Play, Choice] = {}


def _choices(options: list[Play]) -> tuple[Choice, ...]:
    made = _MADE
    get = made.get
    return tuple([o if isinstance(o, Choice) else (get(o) or _make(o)) for o in options])


def _make(option: tuple[str, str] | tuple[str, str, tuple[str, ...]]) -> Choice:
    if len(_MADE) > CHOICES_KEPT:
        _MADE.clear()
    about = option[2] if len(option) == 3 else ()
    choice = _MADE[option] = Choice(option[0], option[1], {REFS: list(about)} if about else {})
    return choice


# The labels of the choices that name one card, by verb.
LABELS = {
    "play": "Play {}",
    "carry": "Put {} on the table",
    "use": "Use {} from the table",
    "dropcit": "Give up {}",
    "on": "Put on {}",
    "fight": "Look for Trouble: fight {}",
    "take": "Take {}",
    "join": "Send {} into the fight",
    "scare": "Halloween Town: discard {} for +3",
    "run": "Roll to Run Away from {}",
    "lose": "Lose {}",
    "add": "Add {} to the sale",
    "item": "Add {} to the bribe",
    "give": "Give {}",
    "discard": "Discard {}",
    "get": "Ask for seat {seat}'s {}",
}
# The cards a verb's label names besides the card it is about (their card ids).
LABEL_REFS = {"scare": ("halloween-town",)}
_CARD_CHOICES: dict[tuple[str, str, str], Choice] = {}
PLAY_LABEL, CARRY_LABEL = LABELS["play"], LABELS["carry"]


def card_choice(state: State, verb: str, c: str, label: str | None = None) -> Choice:
    """The choice `verb:c`, labelled with the card's name (in `label`, or the verb's
    label): one Choice object per label, card and definition (a planted name, from the
    test kit, is labelled afresh)."""
    label = LABELS[verb] if label is None else label
    planted = state.planted
    if planted:
        marker = planted.get(c)
        if marker is not None:
            return _choices([(f"{verb}:{c}", label.format(marker), (marker, *LABEL_REFS.get(verb, ())))])[0]
    d = state.cards[c]
    key = (label, c, d)
    choice = _CARD_CHOICES.get(key)
    if choice is None:
        if len(_CARD_CHOICES) > CHOICES_KEPT:
            _CARD_CHOICES.clear()
        choice = _CARD_CHOICES[key] = Choice(
            f"{verb}:{c}", label.format(PLAIN[d].name), {REFS: [d, *LABEL_REFS.get(verb, ())]}
        )
    return choice


def create_choices(state: State, seat: int) -> list[Play]:
    """Character creation: one Citizenship (with Dual Citizenship once it is down), one
    Ride, and Items (One-Shot Items too, put on the table)."""
    player = state.players[seat]
    options: list[Play] = []
    for c in player.hand.cards:
        kind = card(state, c).kind
        if (
            kind == "item"
            or (kind == "citizenship" and not player.citizenships)
            or (kind == "dual" and player.citizenships and player.dual is None)
            or (kind == "ride" and player.ride is None)
        ):
            options.append(card_choice(state, "play", c))
        elif kind == "one-shot":
            options.append(card_choice(state, "carry", c))
    options.append(("ready", "Ready"))
    return options


NEVER_FROM_HAND = {  # kinds never played from hand by a play:… choice there
    "turn": frozenset({"monster", "enhancer", "wandering"}),
    "received": frozenset({"monster", "enhancer", "wandering"}),
    "anytime": frozenset({"monster", "enhancer", "wandering", "citizenship", "dual", "item", "cheat"}),
    "combat": frozenset({"monster", "wandering", "item", "cheat"}),
}


# How `card_plays` reads each card definition in each place, worked out once: never from
# the hand there (0), always playable, or the condition it asks.
_ALWAYS, _LEVEL, _RIDE_ENHANCER, _ONE_SHOT, _ENHANCER, _PLAY_KIND = range(1, 7)


def _play_class(kind: str, where: str) -> int:
    if kind in NEVER_FROM_HAND[where]:
        return 0
    if kind in ("curse", "ride", "item"):  # an Item is never played where `never` leaves it out
        return _ALWAYS
    return {
        "level": _LEVEL,
        "ride-enhancer": _RIDE_ENHANCER,
        "one-shot": _ONE_SHOT,
        "enhancer": _ENHANCER,  # only in a fight, on one of its monsters
    }.get(kind, _PLAY_KIND)


PLAY_CLASS = {
    where: {key: _play_class(c.kind, where) for key, c in PLAIN.items()} for where in NEVER_FROM_HAND
}
# A set, not a frozenset: a card set's One-Shots join it when the set loads (`index_cards`).
ONE_SHOTS = {key for key, c in PLAIN.items() if c.kind == "one-shot"}


def card_plays(state: State, seat: int, where: str) -> list[Choice]:
    """Cards `seat` may play now, from its hand and (One-Shot Items) from its table,
    and One-Shots it may put on the table. (The kinds whose answer never varies are
    decided here; the rest ask `play_kind`.)"""
    player = state.players[seat]
    options: list[Choice] = []
    classes = PLAY_CLASS[where]
    defs = state.cards
    own = where in OWN_TURN
    made = None if state.planted else _CARD_CHOICES  # the Choices made already (card_choice)
    levels_ok = None  # may some player gain a level from a Go Up a Level card? (asked once)
    for c in player.hand.cards:
        did = defs[c]
        how = classes[did]
        if not how:
            continue
        if how == _ALWAYS:
            playable = True
        elif how == _LEVEL:
            if levels_ok is None:
                levels_ok = any_may_gain(state)
            playable = levels_ok
        elif how == _RIDE_ENHANCER:
            playable = player.ride is not None
        elif how == _ONE_SHOT:
            if one_shot_kind(state, seat, c, where) is not None:
                choice = made and made.get((PLAY_LABEL, c, did))
                options.append(choice or card_choice(state, "play", c))
            if own:
                choice = made and made.get((CARRY_LABEL, c, did))
                options.append(choice or card_choice(state, "carry", c))
            continue
        elif how == _ENHANCER:
            playable = bool(combat_now(state).foes)
        else:
            playable = play_kind(state, seat, c, where) is not None
        if playable:
            choice = made and made.get((PLAY_LABEL, c, did))
            options.append(choice or card_choice(state, "play", c))
    for c in player.items:
        if defs[c] in ONE_SHOTS and one_shot_kind(state, seat, c, where) is not None:
            options.append(card_choice(state, "use", c))
    return options


def any_may_gain(state: State) -> bool:
    """Is there a player a Go Up a Level card could raise?"""
    return any(fx.may_gain_without_kill(state, s) for s in range(len(state.players)))


def own_turn_choices(state: State) -> list[Choice]:
    """What the player whose turn it is may do outside combat, besides moving on (kept
    in the memo until the next choice: `settle` and `prompts` both ask)."""
    memo = state.window_memo
    kept = memo.get("own")
    if kept is not None and kept[0] == state.step:
        return kept[1]
    options = _own_turn_choices(state)
    memo["own"] = (state.step, options)
    return options


def _own_turn_choices(state: State) -> list[Choice]:
    seat = state.turn
    player = state.players[seat]
    if player.dead:
        return []  # a dead character has nothing to play until its next turn
    options = card_plays(state, seat, "turn")
    options += equipment_choices(state, seat)
    options += [card_choice(state, "dropcit", c) for c in player.citizenships]
    options += sell_choice(state, seat)
    if may_offer_trade(state, seat):
        options.append(TRADE)
    return options


def anytime_prompts(state: State, busy: list[int]) -> list[Prompt]:
    """The any-time windows of the seats not taking this step of the turn: every living
    seat that has not closed its window is asked, with a pass at least, whatever it
    holds (the seats waited for are public, so asking only those with a card to play
    would tell everyone who holds one)."""
    if state.phase not in WINDOW_PHASES:
        return []
    memo = state.anytime_memo
    out = []
    shared = None
    turn, waived = state.turn, state.waived
    for s, player in enumerate(state.players):
        if s == turn or waived[s] or player.dead or s in busy:
            continue
        if shared is None:  # what every seat's window reads of the others
            shared = _shared_key(state)
        key = (shared, _anytime_key(state, s, player))
        kept = memo.get(s)
        if kept is not None and kept[0] == key:
            prompt = kept[1]
        else:
            prompt = Prompt(s, "anytime", ANYTIME_TEXT, tuple(anytime_choices(state, s)))
            memo[s] = (key, prompt)
        out.append(prompt)
    return out


ANYTIME_TEXT = "Play a card, change your table, or pass"


def _shared_key(state: State) -> tuple:
    """What a seat's window reads of the others: whose turn it is, who fights, the
    Levels (for Go Up a Level), who is dead (for targets and trade partners)."""
    combat = state.combat
    return (
        state.turn,
        combat is None,
        None if combat is None else combat.helper,
        tuple([(p.level, p.dead) for p in state.players]),
        len(state.planted),
    )


def _anytime_key(state: State, seat: int, player) -> tuple:
    """Everything of its own a seat's window depends on (with `_shared_key`, what it
    reads of the others): a window is worked out again only when one of these changed
    (the state never holds two windows that differ with the same key). The step of the
    turn counts only through the bounds: the Items put on in it, an offer declined in it.
    (One flat tuple, the lists told apart by their lengths.)"""
    hand, items, equipped, cits = player.hand.cards, player.items, player.equipped, player.citizenships
    return (
        len(hand),
        len(items),
        len(equipped),
        len(cits),
        *hand,
        *items,
        *equipped,
        *cits,
        player.ride,
        bool(player.curses),
        player.cheat_item,
        player.declined_step == state.step,
        *(player.worn if player.worn and worn_now(state, player) else ()),
    )


def anytime_choices(state: State, seat: int) -> list[Choice]:
    """A seat's any-time window: cards playable at any time, giving up a Citizenship,
    and, out of combat, its equipment and a trade offer; a pass always."""
    player = state.players[seat]
    options = card_plays(state, seat, "anytime")
    options += [card_choice(state, "dropcit", c) for c in player.citizenships]
    if not fighting(state, seat):
        options += equipment_choices(state, seat)
        if may_offer_trade(state, seat):
            options.append(TRADE)
    return [PASS, *options]


def fighting(state: State, seat: int) -> bool:
    """Is `seat` in a combat (fighting, helping, or running away)?"""
    combat = state.combat
    return combat is not None and (seat == state.turn or seat == combat.helper)


def combat_prompts(state: State) -> list[Prompt]:
    """Every seat that has not passed since the last card, with its reaction-window
    choices (kept in the memo while only passes happen)."""
    combat = combat_now(state)
    memo = state.window_memo
    step = state.step
    out = []
    for s, passed in enumerate(combat.passed):
        if not passed:
            kept = memo.get(s)
            if kept is not None and kept[0] == step:
                prompt = kept[1]
            else:
                prompt = Prompt(s, "combat", COMBAT_TEXT, _choices(window_choices(state, s)))
                memo[s] = (step, prompt)
            out.append(prompt)
    return out


COMBAT_TEXT = "Play a card into the combat, or pass"


# How each card definition in a hand may bring a monster into a fight: as the monster
# (1), as a Wandering Monster or an Enhancer that makes a monster Undead (2), or not (0).
def _joining(c: MunchkinCard) -> int:
    return 1 if c.kind == "monster" else 2 if c.kind == "wandering" or c.make_undead else 0


JOINING = {key: _joining(c) for key, c in PLAIN.items()}


def window_choices(state: State, seat: int) -> list[Play]:
    """What a seat may do in a combat's reaction window. (Called for every seat at
    every step of a window, so it looks at each card once.)"""
    combat = combat_now(state)
    player = state.players[seat]
    options: list[Play] = [PASS]
    if player.dead:
        return options
    if seat == state.turn and combat.helper is None:
        asks = [
            ASK[s]
            for s, other in enumerate(state.players)
            if s != seat and not other.dead and s not in combat.asked
        ]
        if asks and not fx.winning(state, combat):  # asked only by a fighter who cannot win alone
            options += asks
    hand = player.hand.cards
    defs = state.cards
    monsters: list[str] = []
    helpers: list[str] = []  # Wandering Monster and Undead-making Enhancers
    for c in hand:
        how = JOINING[defs[c]]
        if how:
            (monsters if how == 1 else helpers).append(c)
    options += card_plays(state, seat, "combat")
    for c in player.citizenships:
        options.append(card_choice(state, "dropcit", c))
    in_fight = seat == state.turn or seat == combat.helper
    if not in_fight:  # a seat out of the fight is not in combat: it may change its equipment
        options += equipment_choices(state, seat)
    if not monsters:
        return options
    tags: set[str] = set()
    for foe in combat.foes:
        tags |= fx.foe_tags(state, foe)
    tags &= JOIN_TAGS  # Sandy Claws is a Santa monster only when sets are combined
    for m in monsters:
        if tags.intersection(PLAIN[defs[m]].tags):
            options.append(card_choice(state, "join", m))
    for w in helpers:
        if PLAIN[defs[w]].kind == "wandering":
            options += [
                (
                    f"wander:{w}:{m}",
                    f"Wandering Monster: {name(state, m)} joins",
                    (ref(state, m), ref(state, w)),
                )
                for m in monsters
            ]
        elif "undead" in tags:
            options += [
                (
                    f"raise:{w}:{m}",
                    f"{name(state, w)}: {name(state, m)} joins as Undead",
                    (ref(state, w), ref(state, m)),
                )
                for m in monsters
                if "undead" not in PLAIN[defs[m]].tags
            ]
    if in_fight and fx.has_town(state, player, "halloween"):
        options += [card_choice(state, "scare", m) for m in monsters]
    return options


def run_choices(state: State, runner: Runner) -> list[Play]:
    seat = runner.seat
    player = state.players[seat]
    options: list[Play | Choice] = [card_choice(state, "run", m) for m in runner.left]
    if player.ride is not None:
        ride = (ref(state, player.ride),)
        helper = state.combat.helper if state.combat else None
        helper_running = any(r.seat == helper and r.left for r in state.runners)
        if seat == state.turn and helper is not None and helper_running:
            options.append(
                ("ride:both", f"Sacrifice {name(state, player.ride)}: you and your helper escape", ride)
            )
            options.append(
                ("ride:alone", f"Sacrifice {name(state, player.ride)}: you escape, your helper rolls", ride)
            )
        else:
            options.append(("ride", f"Sacrifice {name(state, player.ride)} to escape every monster", ride))
    if fx.has_town(state, player, "christmas"):
        for item in christmas_fodder(state, seat):
            options += [
                (
                    f"xmas:{item}:{m}",
                    f"Discard {name(state, item)} to escape {name(state, m)}",
                    (ref(state, item), ref(state, m)),
                )
                for m in runner.left
            ]
    # cards anyone may play at any time, a runner too (a Ride, then sacrificed, escapes)
    options += card_plays(state, seat, "anytime")
    options += [card_choice(state, "dropcit", c) for c in player.citizenships]
    return options


def christmas_fodder(state: State, seat: int) -> list[str]:
    return [c for c in sellable(state, seat) if card(state, c).gold >= PLAIN["christmas-town"].gold]


# --- tables: equipment, selling, trading ----------------------------------------------


def tradeable(state: State, seat: int) -> list[str]:
    """Items on the table that may change hands (an Item backed by a Cheat! stays)."""
    player = state.players[seat]
    return [i for i in player.items if i != player.cheat_item]


def sellable(state: State, seat: int) -> list[str]:
    """Every Item a seat carries (one a Cheat! is attached to included: the Cheat! goes
    to the discards with it) and the Items in its hand."""
    player = state.players[seat]
    hand = [c for c in player.hand.cards if card(state, c).kind in ("item", "one-shot")]
    return player.items + hand


def table_key(player) -> str:
    """A seat's table as the bound on putting Items on reads it: what it carries, its
    Citizenships, the Item its Cheat! holds."""
    return f"{','.join(player.items)}|{','.join(player.citizenships)}|{player.cheat_item}"


def worn_now(state: State, player) -> bool:
    """Do the Items `player` put on still count against putting them on again (same step
    of the turn, same table)? (docs: Bounds)"""
    return bool(player.worn) and player.worn_step == state.step and player.worn_table == table_key(player)


# Whether an Item of each definition may be put on: never (0; not an Item), always (1),
# or if its carrier may use it (2: a Citizenship-only Item).
def _wear(c: MunchkinCard) -> int:
    return 0 if c.kind != "item" else 1 if c.town is None else 2


WEAR = {key: _wear(c) for key, c in PLAIN.items()}
ON_LABEL = LABELS["on"]


def wearable(state: State, seat: int) -> list[str]:
    """Items `seat` may put on: carried, usable, not on, and not put on already in this
    step with the table as it is (putting one back on would undo a change)."""
    player = state.players[seat]
    items = player.items
    equipped = player.equipped
    if not items or len(equipped) == len(items):
        return []
    defs = state.cards
    found = []
    for i in items:
        if i in equipped:
            continue
        how = WEAR[defs[i]]
        if how == 1 or (how == 2 and fx.may_use(state, player, i)):
            found.append(i)
    if found and player.worn and worn_now(state, player):
        found = [i for i in found if i not in player.worn]
    return found


def equipment_choices(state: State, seat: int) -> list[Choice]:
    player = state.players[seat]
    items = player.items
    if not items or len(player.equipped) == len(items):
        return []  # nothing to put on (as `wearable` finds)
    found = wearable(state, seat)
    if not found:
        return []
    if state.planted:
        return [card_choice(state, "on", i) for i in found]
    defs, made = state.cards, _CARD_CHOICES  # the Choices made already, found at once
    return [made.get((ON_LABEL, i, defs[i])) or card_choice(state, "on", i) for i in found]


def sale_key(state: State, seat: int) -> str:
    player = state.players[seat]
    return f"{state.step}|{','.join(player.hand.cards)}|{','.join(player.items)}"


# The Gold a card fetches in a sale, by definition (0 for cards that are not Items).
def _sale_gold(c: MunchkinCard) -> int:
    return c.gold if c.kind in ("item", "one-shot") else 0


SALE_GOLD = {key: _sale_gold(c) for key, c in PLAIN.items()}


def index_cards(new: dict[str, MunchkinCard]) -> None:
    """Add card definitions (the plain twins of a card set's cards, already in `PLAIN`)
    to the tables above, which the rules read by definition id (`sets.register`)."""
    for key, c in new.items():
        for where, classes in PLAY_CLASS.items():
            classes[key] = _play_class(c.kind, where)
        if c.kind == "one-shot":
            ONE_SHOTS.add(key)
        JOINING[key] = _joining(c)
        WEAR[key] = _wear(c)
        SALE_GOLD[key] = _sale_gold(c)


def sell_choice(state: State, seat: int) -> list[Choice]:
    """Selling, when the seat's Items (table and hand) make 1,000 Gold and a level
    may be bought."""
    player = state.players[seat]
    defs = state.cards
    gold = 0
    for c in player.items:
        gold += SALE_GOLD[defs[c]]
    if gold < 1000:
        for c in player.hand.cards:
            gold += SALE_GOLD[defs[c]]
        if gold < 1000:
            return []
    if not fx.may_gain_without_kill(state, seat):
        return []
    if player.sale_off and player.sale_off == sale_key(state, seat):
        return []  # a sale called off is not started again until the seat's cards change
    return [SELL]


def trade_partners(state: State, seat: int) -> list[int]:
    """Living seats out of combat that `seat` could offer a trade to."""
    combat = state.combat
    busy = () if combat is None else (state.turn, combat.helper)
    return [s for s, other in enumerate(state.players) if s != seat and not other.dead and s not in busy]


def may_offer_trade(state: State, seat: int) -> bool:
    """An offer gives at least one Item from the table; out of combat, and not after an
    offer of this seat was declined (or called off) in this step."""
    player = state.players[seat]
    items = player.items
    if not items or player.declined_step == state.step:
        return False
    if len(items) == 1 and items[0] == player.cheat_item:
        return False
    combat = state.combat
    if combat is None:
        return any(s != seat and not other.dead for s, other in enumerate(state.players))
    turn, helper = state.turn, combat.helper
    if seat in (turn, helper):
        return False
    for s, other in enumerate(state.players):
        if s != seat and s != turn and s != helper and not other.dead:
            return True
    return False


# --- what a card may do ---------------------------------------------------------------


def play_kind(state: State, seat: int, c: str, where: str) -> str | None:
    """How `seat` may play card `c` (in its hand, or a One-Shot on its table) now, or
    None (see the kinds and places above)."""
    player = state.players[seat]
    d = card(state, c)
    kind = d.kind
    if kind == "ride":
        return "direct"
    if kind == "ride-enhancer":
        return "direct" if player.ride is not None else None
    if kind == "level":
        return "player" if any_may_gain(state) else None
    if kind == "curse":
        return "player"
    if kind == "one-shot":
        return one_shot_kind(state, seat, c, where)
    own = where in OWN_TURN or (where == "combat" and seat == state.turn)
    if kind == "citizenship":
        if not own or any(card(state, x).town == d.town for x in player.citizenships):
            return None
        return "direct" if len(player.citizenships) < 2 else None
    if kind == "dual":
        return "direct" if own and player.citizenships and player.dual is None else None
    if where in OWN_TURN:
        if kind == "item":
            return "direct"
        if kind == "cheat":
            return "item" if player.cheat is None and cheat_targets(state, seat) else None
        return None
    if where == "combat" and kind == "enhancer":
        return "foe" if combat_now(state).foes else None
    return None


def one_shot_kind(state: State, seat: int, c: str, where: str) -> str | None:
    """A One-Shot Item's use: Holiday Cheer any time; the rest on one's own turn or in a
    fight, as their text says."""
    d = card(state, c)
    use = d.use
    if use == "remove_curse":
        return "direct" if state.players[seat].curses else None
    if where == "anytime":
        return None
    if use == "take_discard":
        return "search" if state.door_discard.cards or state.treasure_discard.cards else None
    if where != "combat":
        return "direct" if use == "draw_treasure" else None
    if use == "bonus":
        return "side"
    if use == "run_away":
        return "direct"
    if use in ("defeat", "defeat_keep"):
        return "foe" if defeatable(state, d.max_level) else None
    return None


def cheat_targets(state: State, seat: int) -> list[str]:
    return [i for i in state.players[seat].items if card(state, i).kind == "item"]


def defeatable(state: State, max_level: int) -> list[int]:
    combat = combat_now(state)
    return [i for i, f in enumerate(combat.foes) if card(state, f.card).level <= max_level]


def received_choices(state: State, seat: int, cards: list[str]) -> list[Play]:
    """The just-received cards `seat` may play at once."""
    player = state.players[seat]
    options: list[Play] = []
    for c in cards:
        if c not in player.hand.cards:
            continue
        kind = card(state, c).kind
        if kind not in NEVER_FROM_HAND["received"] and play_kind(state, seat, c, "received") is not None:
            options.append(card_choice(state, "play", c))
        if kind == "one-shot":
            options.append(card_choice(state, "carry", c))
    return options


def pending_prompt(state: State, p: Pending) -> Prompt:
    kind = p.kind
    seat = p.seat
    options: list[Play]
    if kind == "trade":  # the most frequent: a step of building a trade offer
        return Prompt(seat, kind, "Make a trade offer", tuple(trade_choices(state, p)))
    if kind == "target":
        c = card_of(p)
        options = [ON_SEAT[s] for s in targets(state, c)]
        return Prompt(seat, kind, f"Play {name(state, c)} on which player?", _choices(options))
    if kind == "side":
        options = [("heroes", "For the fighters")]
        options += [
            (f"foe:{i}", f"For {name(state, f.card)}", (ref(state, f.card),))
            for i, f in enumerate(combat_now(state).foes)
        ]
        return Prompt(seat, kind, f"Use {name(state, card_of(p))} for which side?", _choices(options))
    if kind == "foe":
        c = card_of(p)
        d = card(state, c)
        foes = combat_now(state).foes
        indexes = defeatable(state, d.max_level) if d.kind == "one-shot" else range(len(foes))
        options = [(f"foe:{i}", name(state, foes[i].card), (ref(state, foes[i].card),)) for i in indexes]
        return Prompt(seat, kind, f"Play {name(state, c)} on which monster?", _choices(options))
    if kind == "item":
        options = [(f"on:{i}", name(state, i), (ref(state, i),)) for i in cheat_targets(state, seat)]
        return Prompt(seat, kind, f"Attach {name(state, card_of(p))} to which Item?", _choices(options))
    if kind == "search":
        found = [c for c in state.door_discard.cards + state.treasure_discard.cards]
        options = [card_choice(state, "take", c) for c in found]
        return Prompt(seat, kind, "Take a card from the discards", _choices(options))
    if kind == "bribe":
        return Prompt(seat, kind, f"Offer seat {p.target} a bribe to help", _choices(bribe_choices(state, p)))
    if kind == "help":
        label = f"Help seat {p.target} for {offer_text(state, p.options, p.n, p.order == [1], 'you')}"
        options = [("accept", label, tuple(refs(state, p.options))), ("refuse", "Refuse")]
        return Prompt(seat, kind, f"Seat {p.target} asks for your help", _choices(options))
    if kind in ("lose-item", "lose-citizenship"):
        options = [card_choice(state, "lose", c) for c in p.options]
        return Prompt(seat, kind, f"{name(state, card_of(p))}: choose what you lose", _choices(options))
    if kind == "loot":
        options = [card_choice(state, "take", c) for c in state.body]
        return Prompt(seat, kind, "Loot the Body: take one card", _choices(options))
    if kind == "sale":
        total = sum(card(state, c).gold for c in state.sale)
        options = [card_choice(state, "add", c) for c in sellable(state, seat)]
        if total >= 1000 and state.players[seat].level + total // 1000 < fx.next_kill_level(
            state, state.players[seat].level
        ):
            options.append(("sell", f"Sell for {total // 1000} level(s) ({total} Gold, no change)"))
        options.append(("cancel", "Call off the sale"))
        return Prompt(seat, kind, f"Selling Items: {total} Gold so far", _choices(options))
    if kind == "trade-answer":
        gives = [c for c in p.options if c in state.players[target_of(p)].items]
        takes = [c for c in p.options if c not in gives]
        label = f"Take {', '.join(fx.names(state, gives)) or 'nothing'}"
        label += f" for your {', '.join(fx.names(state, takes)) or 'nothing'}"
        options = [("accept", label, tuple(refs(state, gives + takes))), ("decline", "Decline")]
        return Prompt(seat, kind, f"Seat {p.target} offers a trade", _choices(options))
    if kind == "received":
        options = received_choices(state, seat, p.options)
        options.append(("keep", "Keep them in your hand"))
        return Prompt(seat, kind, "You have just received cards: play them now?", _choices(options))
    if kind == "charity":
        hand = state.players[seat].hand.cards
        if not p.options:
            options = [card_choice(state, "discard", c) for c in hand]
        else:
            options = [
                (f"give:{c}:{s}", f"Give {name(state, c)} to seat {s}", (ref(state, c),))
                for s in charity_recipients(p)
                for c in hand
            ]
        return Prompt(seat, kind, "Charity: give away or discard the excess", _choices(options))
    raise AssertionError(f"unknown pending decision {kind}")


def offer_text(state: State, items: list[str], share: int, helper_first: bool, helper: str) -> str:
    """A bribe in words: the Items, then the share of the Treasures and who picks first."""
    parts = fx.names(state, items)
    if share:
        parts.append(f"{share} Treasure(s), {helper if helper_first else 'the fighter'} picking first")
    return ", ".join(parts) or "nothing"


def bribe_choices(state: State, p: Pending) -> list[Play]:
    """Build a bribe: any Items the fighter carries, and a share of the Treasures with
    the order of picking; then ask."""
    seat = p.seat
    items = [i for i in tradeable(state, seat) if i not in p.options]
    options: list[Play] = [card_choice(state, "item", i) for i in items]
    if not p.order:
        combat = combat_now(state)
        total = sum(fx.foe_treasures(state, f) for f in combat.foes) + combat.kept_treasure
        for k in range(1, total + 1):
            options.append((f"share:{k}:you", f"Add {k} of the Treasures, helper picks first"))
            options.append((f"share:{k}:me", f"Add {k} of the Treasures, you pick first"))
    offer = offer_text(state, p.options, p.n, p.order == [1], "the helper")
    options.append(("ask", f"Ask for help, offering {offer}", tuple(refs(state, p.options))))
    return options


def trade_choices(state: State, p: Pending) -> list[Choice]:
    """Build a trade offer: the other seat, then Items of one's table to give (one at
    least) and Items of that seat's table to ask for (several for several; none makes
    it a gift)."""
    seat = p.seat
    if p.target is None:
        options = [WITH[s] for s in trade_partners(state, seat)]
        options.append(CALL_OFF)
        return options
    chosen = p.options
    mine = state.players[seat].items
    wanted = GET_LABELS[p.target]
    if state.planted:
        options = [card_choice(state, "give", i) for i in tradeable(state, seat) if i not in chosen]
        options += [
            card_choice(state, "get", i, wanted) for i in tradeable(state, p.target) if i not in chosen
        ]
    else:  # the Choices made already, found at once (as `card_choice` finds them)
        defs, made = state.cards, _CARD_CHOICES
        give = LABELS["give"]
        options = [
            made.get((give, i, defs[i])) or card_choice(state, "give", i)
            for i in tradeable(state, seat)
            if i not in chosen
        ]
        options += [
            made.get((wanted, i, defs[i])) or card_choice(state, "get", i, wanted)
            for i in tradeable(state, p.target)
            if i not in chosen
        ]
    gives = [c for c in chosen if c in mine]
    if gives:
        asked = [c for c in chosen if c not in gives]
        wanted = ", ".join(fx.names(state, asked)) or "nothing"
        offer = (
            "offer",
            f"Offer {', '.join(fx.names(state, gives))} for {wanted}",
            tuple(refs(state, gives + asked)),
        )
        options.append(_MADE.get(offer) or _make(offer))
    options.append(CALL_OFF)
    return options


CALL_OFF = Choice("cancel", "Call off the offer")
GET_LABELS = [LABELS["get"].replace("{seat}", str(s)) for s in SEATS]


def targets(state: State, c: str) -> list[int]:
    kind = card(state, c).kind
    if kind == "level":
        return [s for s in range(len(state.players)) if fx.may_gain_without_kill(state, s)]
    return [s for s, p in enumerate(state.players) if not p.dead]


def charity_recipients(p: Pending) -> list[int]:
    """Tied lowest players share the excess as evenly as possible: each gets the
    base share, and `extra` of them one more (the giver decides who)."""
    seats = [int(s) for s in p.options]
    base, extra = divmod(p.n, len(seats))
    bigger = sum(1 for given in p.order if given > base)
    return [
        s
        for s, given in zip(seats, p.order, strict=True)
        if given < base or (given == base and bigger < extra)
    ]


# ======================================================================================
# apply
# ======================================================================================


def apply(state: State, seat: int, choice: Choice, ctx: Context) -> None:
    state.offered = None
    verb, _, rest = choice.id.partition(":")
    if state.discarded:
        state.discarded = []
    pending = state.pending
    if verb != "pass" or pending:
        state.window_memo.clear()  # only a pass leaves the other seats' choices as they were
    phase = state.phase
    if pending:
        resolve_pending(state, pending.pop(0), verb, rest, ctx)
    elif phase == "create":
        on_create(state, seat, verb, rest, ctx)
    elif phase == "combat":
        on_combat(state, seat, verb, rest, ctx)
    elif seat == state.turn if phase != "run" and phase != "split" else takes_the_step(state, seat):
        PHASES[phase](state, seat, verb, rest, ctx)
    else:
        on_anytime(state, seat, verb, rest, ctx)
    settle(state, ctx)


def takes_the_step(state: State, seat: int) -> bool:
    """Is `seat` the one whose step of the turn it is (rather than in its any-time window)?"""
    phase = state.phase
    if phase == "run":
        return any(r.seat == seat and r.left for r in state.runners)
    if phase == "split":
        return seat == state.split_next
    return seat == state.turn


def on_create(state: State, seat: int, verb: str, rest: str, ctx: Context) -> None:
    if verb == "ready":
        state.ready[seat] = True
        if all(state.ready):
            ctx.emit("start", f"seat {state.turn} goes first", {"seat": state.turn})
            start_turn(state, ctx)
    elif verb == "carry":
        carry(state, seat, take_card(state, seat, rest), ctx)
    else:
        play_direct(state, seat, take_card(state, seat, rest), ctx)


def on_own_turn(state: State, seat: int, verb: str, rest: str, ctx: Context) -> None:
    """The turn player's arrange, Look for Trouble or Loot, and Charity steps."""
    if verb == "kick":
        kick_open_the_door(state, ctx)
    elif verb == "fight":
        state.players[seat].hand.remove(rest)
        ctx.emit(
            "trouble",
            f"seat {seat} looks for trouble: {name(state, rest)}",
            {"seat": seat, "card": rest, REFS: [ref(state, rest)]},
        )
        start_combat(state, [rest], ctx)
    elif verb == "loot":
        deck = "treasure" if state.listen else "door"  # faster play loots a Treasure
        drawn = fx.draw(state, deck, 1, ctx.rng)
        give_face_down(state, seat, drawn, ctx, "loots the room")
        set_phase(state, "charity")
    elif verb == "charity":
        start_charity(state, seat)
    elif verb == "end":
        end_turn(state, ctx)
    else:
        table_action(state, seat, verb, rest, "turn", ctx)


def on_anytime(state: State, seat: int, verb: str, rest: str, ctx: Context) -> None:
    """A seat's any-time window: a pass, or a change of its table, closes it until the
    next one opens; cards may be played one after another."""
    if verb == "pass":
        state.waived[seat] = True
        return
    if verb not in ("play", "use", "on"):
        state.waived[seat] = True  # one trade offer, or Citizenship given up, a window
    table_action(state, seat, verb, rest, "anytime", ctx)


def table_action(state: State, seat: int, verb: str, rest: str, where: str, ctx: Context) -> None:
    """Playing cards and changing one's table, wherever they are allowed."""
    if verb in ("play", "use"):
        start_play(state, seat, rest, where, ctx)
    elif verb == "carry":
        carry(state, seat, take_card(state, seat, rest), ctx)
    elif verb == "on":
        put_on(state, seat, rest)
    elif verb == "dropcit":
        fx.lose_citizenship(state, seat, rest, ctx)
    elif verb == "sell":
        state.pending.insert(0, Pending(seat, "sale"))
    elif verb == "trade":
        state.pending.insert(0, Pending(seat, "trade"))
    else:
        raise AssertionError(f"unknown action {verb}")


def on_revealed(state: State, seat: int, verb: str, rest: str, ctx: Context) -> None:
    c = state.revealed.pop(0)
    if verb == "play":
        play_direct(state, seat, c, ctx)
    else:
        to_hand_face_up(state, seat, c)  # everyone saw it drawn: no event
    if state.revealed:
        return
    if state.lurking:
        monsters = [c for c in state.lurking if card(state, c).kind == "monster"]
        enhancers = [c for c in state.lurking if c not in monsters]
        state.lurking = []
        start_combat(state, monsters, ctx)
        combat_now(state).foes[0].enhancers += enhancers
    else:
        set_phase(state, "trouble")


def on_combat(state: State, seat: int, verb: str, rest: str, ctx: Context) -> None:
    combat = combat_now(state)
    if verb == "pass":
        combat.passed[seat] = True
        return
    hand = state.players[seat].hand
    if verb == "ask":
        state.pending.insert(0, Pending(seat, "bribe", target=int(rest)))
        combat.asked.append(int(rest))
        return
    if verb in ("play", "use"):
        start_play(state, seat, rest, "combat", ctx)
        return
    if verb == "on":  # a seat out of the fight changes its equipment: nothing in the fight changes
        put_on(state, seat, rest)
        return
    if verb == "dropcit":
        fx.lose_citizenship(state, seat, rest, ctx)
    elif verb == "join":
        hand.remove(rest)
        combat.foes.append(Foe(rest))
        ctx.emit(
            "join",
            f"seat {seat} sends {name(state, rest)} into the fight",
            {"seat": seat, "card": rest, REFS: [ref(state, rest)]},
        )
    elif verb in ("wander", "raise"):
        helper_card, monster = rest.split(":")
        hand.remove(helper_card)
        hand.remove(monster)
        coverage.fired(state.cards[helper_card])
        foe = Foe(monster)
        if verb == "wander":
            combat.played.append(helper_card)
        else:
            foe.enhancers.append(helper_card)
            foe.undead = True
        combat.foes.append(foe)
        ctx.emit(
            "join",
            f"seat {seat} plays {name(state, helper_card)}: {name(state, monster)} joins the fight",
            {"seat": seat, "card": monster, "with": helper_card, REFS: refs(state, [helper_card, monster])},
        )
    elif verb == "scare":
        hand.remove(rest)
        combat.played.append(rest)
        combat.hero_bonus += PLAIN["halloween-town"].bonus
        coverage.fired("halloween-town")
        ctx.emit(
            "power",
            f"seat {seat} discards {name(state, rest)} for +3",
            {"seat": seat, "card": rest, REFS: [ref(state, rest)]},
        )
    reopen(state)


def on_run(state: State, seat: int, verb: str, rest: str, ctx: Context) -> None:
    runner = next(r for r in state.runners if r.seat == seat)
    player = state.players[seat]
    if verb == "ride":
        ride = player.ride
        assert ride is not None, "a Ride sacrificed by a runner without one"
        fx.lose_ride(state, seat, None)
        runner.left = []
        if rest == "both":
            for r in state.runners:
                r.left = []
        ctx.emit(
            "sacrifice",
            f"seat {seat} sacrifices {name(state, ride)} to escape",
            {"seat": seat, "card": ride, REFS: [ref(state, ride)]},
        )
    elif verb == "xmas":
        item, monster = rest.split(":")
        if item in player.hand.cards:
            player.hand.remove(item)
            fx.discard(state, item)
        else:
            fx.remove_item(state, player, item)
            fx.discard(state, item)
        runner.left.remove(monster)
        ctx.emit(
            "escape",
            f"seat {seat} discards {name(state, item)} and escapes {name(state, monster)}",
            {"seat": seat, "card": monster, "item": item, REFS: refs(state, [item, monster])},
        )
    elif verb == "run":
        runner.left.remove(rest)
        roll = DIE.face(DIE.roll(ctx.rng)).values["pips"]
        state.last_roll = roll
        modifier = fx.run_modifier(state, seat, rest, state.combat)
        escaped = roll + modifier >= fx.RUN_AWAY_TARGET
        ctx.emit(
            "run",
            f"seat {seat} rolls {roll} ({modifier:+d}) to flee {name(state, rest)}: "
            + ("escapes" if escaped else "caught"),
            {
                "seat": seat,
                "card": rest,
                "roll": roll,
                "modifier": modifier,
                "escaped": escaped,
                REFS: [ref(state, rest)],
            },
        )
        if not escaped:
            fx.apply_effects(state, seat, card(state, rest).bad_stuff, rest, ctx)
    else:  # a card anyone may play at any time
        table_action(state, seat, verb, rest, "anytime", ctx)


def on_split(state: State, seat: int, verb: str, rest: str, ctx: Context) -> None:
    hero, helper = state.turn, state.split_helper
    assert helper is not None, "a Treasure split without a helper"
    take_from_pool(state, seat, rest, ctx)
    if seat == helper:
        state.split_share -= 1
    hero_left = len(state.pool) - state.split_share
    if state.split_share == 0 or hero_left == 0:
        rest_to = hero if state.split_share == 0 else helper
        for c in list(state.pool):
            take_from_pool(state, rest_to, c, ctx)
    else:
        state.split_next = helper if seat == hero else hero


def take_from_pool(state: State, seat: int, c: str, ctx: Context) -> None:
    state.pool.remove(c)
    to_hand_face_up(state, seat, c)
    ctx.emit("take", f"seat {seat} takes {name(state, c)}", {"seat": seat, "card": c, REFS: [ref(state, c)]})
    received(state, seat, [c])


def start_charity(state: State, seat: int) -> None:
    state.charity_given = True  # once the excess is given, the turn is over
    excess = len(state.players[seat].hand.cards) - HAND_LIMIT
    others = [s for s, p in enumerate(state.players) if s != seat and not p.dead]
    lowest = min((state.players[s].level for s in others), default=None)
    if lowest is None or state.players[seat].level <= lowest:
        recipients: list[int] = []  # lowest or tied for lowest: discard
    else:
        recipients = [s for s in others if state.players[s].level == lowest]
    state.pending.insert(
        0,
        Pending(seat, "charity", options=[str(s) for s in recipients], n=excess, order=[0] * len(recipients)),
    )


# What the seat taking each step of a turn does with a choice, in the rulesheet's order.
PHASES = {
    "arrange": on_own_turn,
    "revealed": on_revealed,
    "trouble": on_own_turn,
    "run": on_run,
    "split": on_split,
    "charity": on_own_turn,
}


# --- pending decisions ----------------------------------------------------------------


def resolve_pending(state: State, p: Pending, verb: str, rest: str, ctx: Context) -> None:
    seat = p.seat
    kind = p.kind
    if kind == "trade":  # the most frequent: a step of building a trade offer
        resolve_trade(state, p, verb, rest)
        return
    player = state.players[seat]
    if kind == "target":
        play_on_player(state, seat, take_card(state, seat, card_of(p)), int(rest), ctx)
    elif kind == "side":
        c = card_of(p)
        combat = combat_now(state)
        take_card(state, seat, c)
        combat.played.append(c)
        bonus = card(state, c).bonus
        coverage.fired(state.cards[c])
        if verb == "heroes":
            combat.hero_bonus += bonus
            what = "the fighters"
        else:
            foe = combat.foes[int(rest)]
            foe.enhancers.append(c)
            combat.played.remove(c)
            what = name(state, foe.card)
        about = [ref(state, c)] if verb == "heroes" else refs(state, [c, foe.card])
        ctx.emit(
            "play",
            f"seat {seat} plays {name(state, c)} for {what}",
            {"seat": seat, "card": c, REFS: about},
        )
        reopen(state)
    elif kind == "foe":
        play_on_foe(state, seat, take_card(state, seat, card_of(p)), int(rest), ctx)
        reopen(state)
    elif kind == "item":
        c = card_of(p)
        take_card(state, seat, c)
        player.cheat, player.cheat_item = c, rest
        coverage.fired(state.cards[c])
        ctx.emit(
            "cheat",
            f"seat {seat} attaches Cheat! to {name(state, rest)}",
            # the text names the card by its printed name, and the view marks the Item
            {"seat": seat, "card": rest, REFS: [state.cards[c], ref(state, rest)]},
        )
    elif kind == "search":
        c = card_of(p)
        coverage.fired(state.cards[c])
        pile = state.door_discard if rest in state.door_discard.cards else state.treasure_discard
        pile.remove(rest)
        take_card(state, seat, c)
        to_hand_face_up(state, seat, rest)
        if state.combat is not None:
            state.combat.played.append(c)
            reopen(state)
        else:
            fx.discard(state, c)
        ctx.emit(
            "search",
            f"seat {seat} plays {name(state, c)} and takes {name(state, rest)} from the discards",
            {"seat": seat, "card": rest, REFS: refs(state, [c, rest])},
        )
        received(state, seat, [rest])
    elif kind == "bribe":
        resolve_bribe(state, p, verb, rest)
    elif kind == "help":
        resolve_help(state, p, verb, ctx)
    elif kind == "lose-item":
        fx.lose_item(state, seat, rest, ctx)
    elif kind == "lose-citizenship":
        fx.lose_citizenship(state, seat, rest, ctx)
    elif kind == "loot":
        state.body.remove(rest)
        to_hand_face_up(state, seat, rest)
        ctx.emit(
            "loot",
            f"seat {seat} loots {name(state, rest)}",
            {"seat": seat, "card": rest, REFS: [ref(state, rest)]},
        )
        if state.body and p.order:
            state.pending.insert(0, Pending(p.order[0], "loot", order=p.order[1:]))
        else:
            fx.discard_body(state)
        received(state, seat, [rest])
    elif kind == "sale":
        resolve_sale(state, seat, p, verb, rest, ctx)
    elif kind == "trade-answer":
        resolve_trade_answer(state, p, verb, ctx)
    elif kind == "received":
        if verb in ("play", "carry"):
            rest_of = [c for c in p.options if c != rest and c in player.hand.cards]
            if rest_of:
                state.pending.insert(0, Pending(seat, "received", options=rest_of))
            if verb == "carry":
                carry(state, seat, take_card(state, seat, rest), ctx)
            else:
                start_play(state, seat, rest, "received", ctx)
    elif kind == "charity":
        resolve_charity(state, seat, p, verb, rest, ctx)


def resolve_bribe(state: State, p: Pending, verb: str, rest: str) -> None:
    if verb == "item":
        p.options.append(rest)
        state.pending.insert(0, p)
    elif verb == "share":
        count, first = rest.split(":")
        p.n = int(count)
        p.order = [1 if first == "you" else 0]
        state.pending.insert(0, p)
    else:  # ask, offering what was put together
        offer = Pending(
            target_of(p), "help", target=p.seat, options=list(p.options), n=p.n, order=list(p.order)
        )
        state.pending.insert(0, offer)


def resolve_help(state: State, p: Pending, verb: str, ctx: Context) -> None:
    seat, hero = p.seat, p.target
    if verb == "refuse":
        ctx.emit("refuse", f"seat {seat} refuses to help seat {hero}", {"seat": seat, "hero": hero})
        return
    combat = combat_now(state)
    combat.helper = seat
    combat.bribe_items = list(p.options)  # handed over if the fight is won (Items do not
    combat.bribe_share = p.n  # change hands, or status, during a combat)
    combat.helper_first = p.order == [1]
    ctx.emit(
        "help",
        f"seat {seat} helps seat {hero}",
        {"seat": seat, "hero": hero, "bribe": list(p.options), "share": p.n},
    )
    reopen(state)


def put_on(state: State, seat: int, item: str) -> None:
    """Equip an Item, taking off what is in its way (no event: the view shows it), and
    note it for the bound on putting the same Item on again."""
    player = state.players[seat]
    if not worn_now(state, player):
        player.worn, player.worn_step, player.worn_table = [], state.step, table_key(player)
    fx.equip(state, player, item)
    player.worn.append(item)


def resolve_trade(state: State, p: Pending, verb: str, rest: str) -> None:
    seat = p.seat
    if verb == "cancel":
        state.players[seat].declined_step = state.step  # no offer again in this step
    elif verb == "with":
        p.target = int(rest)
        state.pending.insert(0, p)
    elif verb in ("give", "get"):
        p.options.append(rest)
        state.pending.insert(0, p)
    else:  # offer
        state.pending.insert(0, Pending(target_of(p), "trade-answer", options=list(p.options), target=seat))


def resolve_trade_answer(state: State, p: Pending, verb: str, ctx: Context) -> None:
    seat, proposer = p.seat, target_of(p)
    if verb == "decline":
        state.players[proposer].declined_step = state.step
        ctx.emit("decline", f"seat {seat} declines the trade", {"seat": seat, "proposer": proposer})
        return
    giver, taker = state.players[proposer], state.players[seat]
    gives = [c for c in p.options if c in giver.items]
    takes = [c for c in p.options if c in taker.items]
    for c in gives:
        fx.remove_item(state, giver, c)
        taker.items.append(c)  # a traded Item stays in play, carried
    for c in takes:
        fx.remove_item(state, taker, c)
        giver.items.append(c)
    ctx.emit(
        "trade",
        f"seat {proposer} gives {', '.join(fx.names(state, gives)) or 'nothing'} "
        f"for seat {seat}'s {', '.join(fx.names(state, takes)) or 'nothing'}",
        {"seats": [proposer, seat], "gives": gives, "takes": takes, REFS: refs(state, gives + takes)},
    )


def resolve_sale(state: State, seat: int, p: Pending, verb: str, rest: str, ctx: Context) -> None:
    player = state.players[seat]
    if verb == "add":
        if rest in player.hand.cards:
            player.hand.remove(rest)
            state.sale_from.append("hand")
        elif rest == player.cheat_item:  # its Cheat! waits on the table: sold with it, or back on it
            player.items.remove(rest)
            if rest in player.equipped:
                player.equipped.remove(rest)
            player.cheat_item = None
            state.sale_from.append("cheat")
        else:
            fx.remove_item(state, player, rest)
            state.sale_from.append("table")
        state.sale.append(rest)
        state.pending.insert(0, p)
        return
    if verb == "sell":
        total = sum(card(state, c).gold for c in state.sale)
        gained = fx.gain_levels(state, seat, total // 1000, by_kill=False)
        ctx.emit(
            "sell",
            f"seat {seat} sells {', '.join(fx.names(state, state.sale))} for {gained} level(s)",
            {
                "seat": seat,
                "cards": list(state.sale),
                "gold": total,
                "levels": gained,
                "level": player.level,
                REFS: refs(state, state.sale),
            },
        )
        for c in state.sale:
            fx.discard(state, c)
        if "cheat" in state.sale_from and player.cheat is not None:
            fx.discard(state, player.cheat)  # the Cheat! goes with the Item it was attached to
            player.cheat = None
    else:  # called off: everything goes back where it came from
        for c, origin in zip(state.sale, state.sale_from, strict=True):
            if origin == "hand":
                to_hand_face_up(state, seat, c)  # it was shown for sale
            else:
                player.items.append(c)
                if origin == "cheat":
                    player.cheat_item = c
        player.sale_off = sale_key(state, seat)
    state.sale, state.sale_from = [], []


def resolve_charity(state: State, seat: int, p: Pending, verb: str, rest: str, ctx: Context) -> None:
    hand = state.players[seat].hand
    if verb == "discard":
        hand.remove(rest)
        fx.discard(state, rest)
        ctx.emit(
            "charity",
            f"seat {seat} discards {name(state, rest)}",
            {"seat": seat, "card": rest, REFS: [ref(state, rest)]},
        )
        if len(hand.cards) > HAND_LIMIT:
            state.pending.insert(0, p)
        return
    c, seat_to = rest.split(":")
    to = int(seat_to)
    hand.remove(c)
    state.players[to].hand.cards.append(c)
    state.players[to].seen.append(f"{c}@{seat}")  # the giver knows where it went
    p.order[[int(s) for s in p.options].index(to)] += 1
    ctx.emit("charity", f"seat {seat} gives a card to seat {to}", {"from": seat, "to": to})
    ctx.emit(
        "charity-card",
        f"seat {seat} gives {name(state, c)} to seat {to}",
        {"from": seat, "to": to, "card": c, REFS: [ref(state, c)]},
        to=[seat, to],
    )
    if len(hand.cards) > HAND_LIMIT:
        state.pending.insert(0, p)
    received(state, to, [c])


# --- playing cards ---------------------------------------------------------------------


def take_card(state: State, seat: int, c: str) -> str:
    """A card leaves `seat`'s hand, or (a One-Shot Item used from the table) its table."""
    player = state.players[seat]
    if c in player.hand.cards:
        player.hand.remove(c)
    else:
        fx.remove_item(state, player, c)
    return c


def start_play(state: State, seat: int, c: str, where: str, ctx: Context) -> None:
    """Play a card from hand (or a One-Shot from the table): at once, or after the player
    picks its target."""
    kind = play_kind(state, seat, c, where)
    in_combat = state.phase == "combat"
    if kind == "direct":
        play_direct(state, seat, take_card(state, seat, c), ctx)
        if in_combat:
            reopen(state)
    elif kind == "foe" and len(combat_now(state).foes) == 1 and card(state, c).kind == "enhancer":
        play_on_foe(state, seat, take_card(state, seat, c), 0, ctx)
        reopen(state)
    else:
        assert kind is not None, "a card played where it may not be"  # only playable cards are offered
        pending_kind = {"player": "target", "item": "item"}.get(kind, kind)
        state.pending.insert(0, Pending(seat, pending_kind, c))
        # the card is on the table for all to see while its player decides where it goes
        # (the decision everyone waits on is about it); back in hand it stays known
        player = state.players[seat]
        if c in player.hand.cards and c not in player.known:
            player.known.append(c)
        ctx.emit(
            "playing",
            f"seat {seat} plays {name(state, c)}",
            {"seat": seat, "card": c, REFS: [ref(state, c)]},
        )


def carry(state: State, seat: int, c: str, ctx: Context) -> None:
    """A One-Shot Item goes on the table, carried (never equipped), to be used from there."""
    state.players[seat].items.append(c)
    ctx.emit(
        "carry",
        f"seat {seat} puts {name(state, c)} on the table",
        {"seat": seat, "card": c, REFS: [ref(state, c)]},
    )


def play_direct(state: State, seat: int, c: str, ctx: Context) -> None:
    """Put a card into play that needs no target (it has left the hand already)."""
    player = state.players[seat]
    d = card(state, c)
    coverage.fired(d.id)  # it is in play, or its one-shot effect happens now
    kind = d.kind
    if kind == "item":
        player.items.append(c)
        if not fx.conflicts(state, player, c) and fx.may_use(state, player, c):
            player.equipped.append(c)
    elif kind == "ride":
        fx.lose_ride(state, seat, None)
        player.ride = c
    elif kind == "ride-enhancer":
        player.ride_enhancers.append(c)
    elif kind == "citizenship":
        if player.citizenships and player.dual is None:
            fx.lose_citizenship(state, seat, player.citizenships[0], ctx)
        player.citizenships.append(c)
    elif kind == "dual":
        player.dual = c
    elif d.use == "run_away":
        combat = combat_now(state)
        combat.run_bonus += d.bonus
        combat.played.append(c)
    elif d.use == "draw_treasure":
        fx.discard(state, c)
        ctx.emit(
            "play", f"seat {seat} plays {name(state, c)}", {"seat": seat, "card": c, REFS: [ref(state, c)]}
        )
        give_face_down(state, seat, fx.draw(state, "treasure", d.bonus, ctx.rng), ctx, "draws")
        return
    elif d.use == "remove_curse":
        for curse in player.curses:
            fx.discard(state, curse)
        player.curses = []
        fx.discard(state, c)
    ctx.emit("play", f"seat {seat} plays {name(state, c)}", {"seat": seat, "card": c, REFS: [ref(state, c)]})


def play_on_player(state: State, seat: int, c: str, target: int, ctx: Context) -> None:
    d = card(state, c)
    coverage.fired(d.id)
    if d.kind == "level":
        gained = fx.gain_levels(state, target, 1, by_kill=False)
        fx.discard(state, c)
        ctx.emit(
            "level",
            f"seat {seat} plays {name(state, c)} on seat {target}",
            {
                "seat": target,
                "card": c,
                "gained": gained,
                "level": state.players[target].level,
                "by": seat,
                REFS: [ref(state, c)],
            },
        )
    else:
        curse(state, target, c, ctx, by=seat)
    if state.phase == "combat":
        reopen(state)


def curse(state: State, target: int, c: str, ctx: Context, by: int | None) -> None:
    """A Curse hits `target` now; persistent and "next combat" Curses are kept in front
    of the victim, the rest are discarded."""
    who = "drawn" if by is None else f"played by seat {by}"
    ctx.emit(
        "curse",
        f"{name(state, c)} ({who}) hits seat {target}",
        {"seat": target, "card": c, "by": by, REFS: [ref(state, c)]},
    )
    coverage.fired(state.cards[c])
    kept = fx.apply_effects(state, target, card(state, c).effects, c, ctx)
    if kept and not state.players[target].dead:
        state.players[target].curses.append(c)
    else:
        fx.discard(state, c)


def play_on_foe(state: State, seat: int, c: str, index: int, ctx: Context) -> None:
    combat = combat_now(state)
    foe = combat.foes[index]
    d = card(state, c)
    coverage.fired(d.id)
    if d.kind == "enhancer":
        foe.enhancers.append(c)
        if d.make_undead:
            foe.undead = True
        ctx.emit(
            "enhance",
            f"seat {seat} plays {name(state, c)} on {name(state, foe.card)}",
            {"seat": seat, "card": c, REFS: refs(state, [c, foe.card])},
        )
        return
    # a one-shot that defeats a monster without killing it
    combat.foes.pop(index)
    combat.defeated.append(foe.card)
    combat.defeated += foe.enhancers
    combat.played.append(c)
    if d.use == "defeat_keep":
        combat.kept_treasure += fx.foe_treasures(state, foe)
    ctx.emit(
        "defeat",
        f"seat {seat} plays {name(state, c)}: {name(state, foe.card)} leaves the fight",
        {"seat": seat, "card": c, "monster": foe.card, REFS: refs(state, [c, foe.card])},
    )


def to_hand_face_up(state: State, seat: int, c: str) -> None:
    """A card goes to a hand after everyone has seen it."""
    player = state.players[seat]
    player.hand.cards.append(c)
    player.known.append(c)


def received(state: State, seat: int, cards: list[str]) -> None:
    """Cards reached `seat`'s hand outside its own turn: out of combat it may play them
    at once ("as soon as you get it"), before anything else goes on."""
    if seat == state.turn or state.players[seat].dead or fighting(state, seat):
        return
    first = state.pending[0] if state.pending else None
    if first is not None and first.kind == "received" and first.seat == seat:
        first.options += cards  # several cards at once (a share of the Treasure)
    else:  # asked whatever the cards are: whether the receiver decides is public
        state.pending.insert(0, Pending(seat, "received", options=list(cards)))


def forget_known(state: State) -> None:
    """Cards that left a hand are no longer known to be in it."""
    for player in state.players:
        known = player.known
        if known and not all(map(player.hand.cards.__contains__, known)):
            hand = player.hand.cards
            player.known = [c for c in known if c in hand]
        if player.seen:
            hand = player.hand.cards
            player.seen = [k for k in player.seen if k.partition("@")[0] in hand]


def give_face_down(state: State, seat: int, drawn: list[str], ctx: Context, verb: str) -> None:
    """Cards drawn face down: everyone learns how many, only the drawer which."""
    forget_known(state)
    if not drawn:
        ctx.emit("empty", f"seat {seat} {verb}: no card is left to draw", {"seat": seat})
        return
    state.players[seat].hand.cards += drawn
    ctx.emit("draw", f"seat {seat} {verb}: {len(drawn)} card(s)", {"seat": seat, "count": len(drawn)})
    ctx.emit(
        "drew",
        f"you draw {', '.join(fx.names(state, drawn))}",
        {"cards": [{"id": c, "name": name(state, c)} for c in drawn], REFS: refs(state, drawn)},
        to=[seat],
    )


# --- the turn --------------------------------------------------------------------------


def set_phase(state: State, phase: str) -> None:
    """The turn moves on to its next step. The start of a turn opens every seat's
    any-time window again."""
    state.phase = phase
    state.step += 1
    if phase == "arrange":
        state.waived = [False] * len(state.players)


def start_turn(state: State, ctx: Context) -> None:
    state.charity_given = False
    for player in state.players:
        player.dead = False  # back next turn, with no cards
    seat = state.turn
    player = state.players[seat]
    if player.redraw:
        player.redraw = False
        give_face_down(state, seat, fx.draw(state, "door", 4, ctx.rng), ctx, "returns and draws Doors")
        give_face_down(state, seat, fx.draw(state, "treasure", 4, ctx.rng), ctx, "draws Treasures")
    if state.listen:
        give_face_down(state, seat, fx.draw(state, "door", 1, ctx.rng), ctx, "listens at the door")
    set_phase(state, "arrange")


def kick_open_the_door(state: State, ctx: Context) -> None:
    seat = state.turn
    epic = state.epic and state.players[seat].level >= 10
    drawn = fx.draw(state, "door", 2 if epic else 1, ctx.rng)
    if not drawn:
        ctx.emit("empty", "no Door card is left to draw", {})
        set_phase(state, "trouble")
        return
    ctx.emit(
        "kick",
        f"seat {seat} kicks open the door: {', '.join(fx.names(state, drawn))}",
        {"seat": seat, "cards": [{"id": c, "name": name(state, c)} for c in drawn], REFS: refs(state, drawn)},
    )
    # Epic order: Curses first, then everything else, then monsters (with Enhancers).
    for c in drawn:
        if card(state, c).kind == "curse":
            curse(state, seat, c, ctx, by=None)
    monsters = [c for c in drawn if card(state, c).kind == "monster"]
    others = [c for c in drawn if card(state, c).kind != "curse" and c not in monsters]
    if monsters:
        enhancers = [c for c in others if card(state, c).kind == "enhancer"]
        others = [c for c in others if c not in enhancers]
        state.lurking = monsters + enhancers
    if others:
        state.revealed = others
        set_phase(state, "revealed")
    elif state.lurking:
        lurking, state.lurking = state.lurking, []
        start_combat(state, [c for c in lurking if c in monsters], ctx)
        combat_now(state).foes[0].enhancers += [c for c in lurking if c not in monsters]
    else:
        set_phase(state, "trouble")


def start_combat(state: State, monsters: list[str], ctx: Context) -> None:
    state.combat = Combat(foes=[Foe(m) for m in monsters], passed=[p.dead for p in state.players])
    set_phase(state, "combat")


def reopen(state: State) -> None:
    """A card was played: everyone may answer it again."""
    combat = combat_now(state)
    combat.passed = [p.dead for p in state.players]


def resolve_combat(state: State, ctx: Context) -> None:
    combat = combat_now(state)
    hero = state.turn
    if coverage.active():
        _fire_fight(state, combat)
    heroes = fx.heroes_strength(state, combat)
    monsters = fx.monsters_strength(state, combat)
    if not combat.foes or heroes > monsters:
        win_combat(state, ctx, heroes, monsters)
        return
    ctx.emit(
        "combat",
        f"seat {hero} loses the fight, {heroes} to {monsters}, and must Run Away",
        {"seat": hero, "heroes": heroes, "monsters": monsters, "won": False},
    )
    runners = [hero] if combat.helper is None else [hero, combat.helper]
    state.runners = []
    for seat in runners:
        level = state.players[seat].level
        left = []
        for foe in combat.foes:
            if card(state, foe.card).no_pursue >= level:
                ctx.emit(
                    "escape",
                    f"{name(state, foe.card)} lets seat {seat} go",
                    {"seat": seat, "card": foe.card, REFS: [ref(state, foe.card)]},
                )
            else:
                left.append(foe.card)
        state.runners.append(Runner(seat, left))
    set_phase(state, "run")


def _fire_fight(state: State, combat: Combat) -> None:
    """Coverage: a fight's sums count its monsters and Enhancers and the fighters'
    equipped Items, Rides and Citizenships."""
    for foe in combat.foes:
        for c in (foe.card, *foe.enhancers):
            coverage.fired(state.cards[c])
    for seat in fx.fighters(combat, state.turn):
        p = state.players[seat]
        for held in (*p.equipped, *p.citizenships, *p.ride_enhancers, p.ride, p.dual, p.cheat):
            if held is not None:
                coverage.fired(state.cards[held])


def win_combat(state: State, ctx: Context, heroes: int, monsters: int) -> None:
    """Kill every monster left; rewards come only after the fight is over (rule 3)."""
    combat = combat_now(state)
    hero = state.turn
    levels = sum(card(state, f.card).levels for f in combat.foes)
    treasures = sum(fx.foe_treasures(state, f) for f in combat.foes) + combat.kept_treasure
    helper = combat.helper
    finish_combat(state)
    gained = fx.gain_levels(state, hero, levels, by_kill=True)  # only a kill levels you up (rule 2)
    ctx.emit(
        "combat",
        f"seat {hero} wins the fight, {heroes} to {monsters}, and goes up {gained} level(s)",
        {
            "seat": hero,
            "heroes": heroes,
            "monsters": monsters,
            "won": True,
            "gained": gained,
            "level": state.players[hero].level,
            "helper": helper,
        },
    )
    if state.players[hero].level >= state.win_level:
        state.over = True
        state.winners = [hero]
        if state.shared_victories and helper is not None:
            state.winners.append(helper)
        state.reason = f"seat {hero} reached Level {state.win_level} with a kill"
        ctx.emit("game-over", state.reason, {"winners": list(state.winners), "by": "kill"})
        return
    if helper is not None:
        pay_bribe(state, hero, helper, combat.bribe_items, ctx)
    drawn = fx.draw(state, "treasure", treasures, ctx.rng)
    if helper is None:
        give_face_down(state, hero, drawn, ctx, "claims the Treasure")
        set_phase(state, "charity")
        return
    state.pool = drawn  # face up: the whole party sees what was won
    ctx.emit(
        "treasure",
        f"the Treasure, face up: {', '.join(fx.names(state, drawn)) or 'none'}",
        {"cards": [{"id": c, "name": name(state, c)} for c in drawn], REFS: refs(state, drawn)},
    )
    state.split_helper = helper
    state.split_share = min(combat.bribe_share, len(drawn))
    state.split_next = helper if combat.helper_first else hero
    if not state.split_share:
        for c in list(state.pool):
            take_from_pool(state, hero, c, ctx)
    set_phase(state, "split")


def pay_bribe(state: State, hero: int, helper: int, items: list[str], ctx: Context) -> None:
    """The Items promised for the help change hands once the fight is won (those the
    fighter still carries), and stay in play, carried."""
    giver, taker = state.players[hero], state.players[helper]
    paid = [i for i in items if i in giver.items and i != giver.cheat_item]
    for i in paid:
        fx.remove_item(state, giver, i)
        taker.items.append(i)
    if paid:
        ctx.emit(
            "bribe",
            f"seat {hero} gives {', '.join(fx.names(state, paid))} to seat {helper}",
            {"from": hero, "to": helper, "cards": paid, REFS: refs(state, paid)},
        )


def finish_combat(state: State) -> None:
    """Discard the monsters and every card played; 'next combat' Curses are used up."""
    combat = combat_now(state)
    for foe in combat.foes:
        fx.discard(state, foe.card)
        for c in foe.enhancers:
            fx.discard(state, c)
    for c in combat.defeated + combat.played:
        fx.discard(state, c)
    for seat in fx.fighters(combat, state.turn):
        player = state.players[seat]
        used = [c for c in player.curses if any(e.op == "next_combat" for e in card(state, c).effects)]
        for c in used:
            player.curses.remove(c)
            fx.discard(state, c)
    state.combat = None
    state.runners = []


def end_turn(state: State, ctx: Context) -> None:
    state.turn = (state.turn + 1) % len(state.players)
    state.turns += 1
    if state.turn_limit and state.turns > state.turn_limit:
        best = max(p.level for p in state.players)
        state.over = True
        state.winners = [s for s, p in enumerate(state.players) if p.level == best]
        state.reason = f"the turn limit ({state.turn_limit}) was reached; the highest Level wins"
        ctx.emit("game-over", state.reason, {"winners": list(state.winners), "by": "turn-limit"})
        return
    start_turn(state, ctx)


def drop_stale_choices(state: State) -> None:
    """Two Curses at once (Epic) may each want the victim to pick an Item: once the
    first has taken one, the second offers only what is left, or nothing. A pick of
    just-received cards goes when none of them is still in the hand."""
    if not state.pending:
        return
    for p in list(state.pending):
        if p.kind == "lose-item":
            p.options = [c for c in p.options if c in state.players[p.seat].items]
        elif p.kind == "lose-citizenship":
            p.options = [c for c in p.options if c in state.players[p.seat].citizenships]
        elif p.kind == "received":
            hand = state.players[p.seat].hand.cards
            p.options = [c for c in p.options if c in hand]
        else:
            continue
        if not p.options:
            state.pending.remove(p)


def settle(state: State, ctx: Context) -> None:
    """Take the steps nobody has to decide, until someone has to."""
    forget_known(state)
    if state.pending:
        drop_stale_choices(state)
    while not state.over and not state.pending:
        phase = state.phase
        if phase == "combat" and all(combat_now(state).passed):
            resolve_combat(state, ctx)
        elif phase == "run" and not any(r.left for r in state.runners):
            finish_combat(state)
            set_phase(state, "charity")
        elif phase == "split" and not state.pool:
            state.split_helper = None
            set_phase(state, "charity")
        elif (
            phase == "charity"
            and len(hand := state.players[state.turn].hand.cards) <= HAND_LIMIT
            and (state.charity_given or (not hand and not own_turn_choices(state)))
        ):
            # Charity is over, or there is nothing left to do. With cards in hand the
            # player is asked all the same (with an end of the turn at least): whether
            # the turn stops here must not tell the others what the hand holds.
            end_turn(state, ctx)
        else:
            return
