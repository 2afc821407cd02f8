"""Card effects: the vocabulary that card data is written in, and the sums that
combat reads.

Everything here is derived from what is in play each time it is asked; no bonus
is ever accumulated, so nothing can drift. The Effect ops (see `cards.Op`) are run
by `apply_effects`. Ops that need the victim's decision ("lose an Item of your
choice") queue a `Pending` decision instead of guessing.
"""

from __future__ import annotations

from nbc.core.game import REFS, Context
from nbc.core.rng import Rng
from nbc.plugins.munchkin.cards import KEPT_OPS, PLAIN, Effect, MunchkinCard
from nbc.plugins.munchkin.state import Combat, Foe, Pending, Player, State

RUN_AWAY_TARGET = 5  # a d6 roll plus modifiers of 5 or more escapes


# --- naming ------------------------------------------------------------------------


def card(state: State, card_id: str) -> MunchkinCard:
    return PLAIN[state.cards[card_id]]


def name(state: State, card_id: str) -> str:
    return state.planted.get(card_id) or PLAIN[state.cards[card_id]].name


def names(state: State, card_ids: list[str]) -> list[str]:
    return [name(state, c) for c in card_ids]


def ref(state: State, card_id: str) -> str:
    """A card instance's card reference for choices and events (`nbc.core.game.REFS`):
    its card id, which is its catalogue id, or the test kit's marker when planted (as
    `name` gives)."""
    return state.planted.get(card_id) or state.cards[card_id]


def refs(state: State, card_ids: list[str]) -> list[str]:
    """The card references of card instances, in order (see `ref`)."""
    planted, table = state.planted, state.cards
    if planted:
        return [planted.get(c) or table[c] for c in card_ids]
    return [table[c] for c in card_ids]


# --- decks -------------------------------------------------------------------------


def draw(state: State, deck: str, n: int, rng: Rng) -> list[str]:
    """Draw up to n cards from the Door or Treasure deck, reshuffling its discards
    when it runs out; with both empty, nothing more is drawn."""
    pile, discard = (
        (state.door_deck, state.door_discard)
        if deck == "door"
        else (state.treasure_deck, state.treasure_discard)
    )
    drawn = pile.draw_up_to(n)
    if len(drawn) < n and discard.cards:
        pile.cards = discard.cards
        discard.cards = []
        pile.shuffle(rng)
        drawn += pile.draw_up_to(n - len(drawn))
    return drawn


def discard(state: State, card_id: str) -> None:
    """Put a card face up on its own deck's discard pile."""
    pile = state.door_discard if PLAIN[state.cards[card_id]].deck == "door" else state.treasure_discard
    pile.cards.append(card_id)
    state.discarded.append(card_id)  # face up: everyone sees it land, even under another


# --- citizenship -------------------------------------------------------------------


def has_town(state: State, player: Player, town: str) -> bool:
    cits = player.citizenships
    if not cits:
        return False
    defs = state.cards
    return PLAIN[defs[cits[0]]].town == town or (len(cits) > 1 and PLAIN[defs[cits[1]]].town == town)


def suffers_town(state: State, player: Player, town: str) -> bool:
    """Does a monster's bonus against `town` apply? Not to a player whose Dual
    Citizenship backs a single Citizenship (advantages only)."""
    if player.dual is not None and len(player.citizenships) == 1:
        return False
    return has_town(state, player, town)


# --- items -------------------------------------------------------------------------


def hands_needed(c: MunchkinCard) -> int:
    return 2 if c.slot == "hands" else 1 if c.slot == "hand" else 0


def may_use(state: State, player: Player, item: str) -> bool:
    """Citizenship-only Items work only for that citizen (or with Cheat!)."""
    town = PLAIN[state.cards[item]].town
    return town is None or player.cheat_item == item or has_town(state, player, town)


def conflicts(state: State, player: Player, item: str) -> list[str]:
    """Equipped Items that must come off for `item` to go on (Cheat! ignores limits)."""
    if player.cheat_item == item:
        return []
    c = PLAIN[state.cards[item]]
    if c.slot == "none":
        return []
    others = [e for e in player.equipped if e != item and e != player.cheat_item]
    if c.slot in ("hand", "hands"):
        held = [e for e in others if PLAIN[state.cards[e]].slot in ("hand", "hands")]
        free = 2 - sum(hands_needed(PLAIN[state.cards[e]]) for e in held)
        out: list[str] = []
        for e in held:
            if free >= hands_needed(c):
                break
            out.append(e)
            free += hands_needed(PLAIN[state.cards[e]])
        return out
    return [e for e in others if PLAIN[state.cards[e]].slot == c.slot]


def can_equip(state: State, player: Player, item: str) -> bool:
    """An Item that is carried, not in use, and usable by its carrier. One-Shot Items on
    the table are carried but never equipped: they give nothing until used."""
    return (
        item not in player.equipped
        and PLAIN[state.cards[item]].kind == "item"
        and may_use(state, player, item)
    )


def equip(state: State, player: Player, item: str) -> list[str]:
    """Equip `item`, taking off what is in its way; returns what came off."""
    off = conflicts(state, player, item)
    for e in off:
        player.equipped.remove(e)
    player.equipped.append(item)
    return off


def remove_item(state: State, player: Player, item: str) -> None:
    """An Item leaves play (discarded, sold, traded away...). A Cheat! attached to it
    goes with it to the discards."""
    player.items.remove(item)
    if item in player.equipped:
        player.equipped.remove(item)
    if player.cheat_item == item:
        cheat = player.cheat
        assert cheat is not None, "a Cheat! is attached to an Item only with its card"
        discard(state, cheat)
        player.cheat = player.cheat_item = None


# --- combat sums -------------------------------------------------------------------


def foe_tags(state: State, foe: Foe) -> set[str]:
    tags: set[str] = set(PLAIN[state.cards[foe.card]].tags)
    if foe.undead:
        tags.add("undead")
    return tags


def fighters(combat: Combat, hero: int) -> list[int]:
    return [hero] if combat.helper is None else [hero, combat.helper]


def level_only(state: State, combat: Combat) -> bool:
    defs = state.cards
    return any(PLAIN[defs[f.card]].level_only for f in combat.foes)


NO_TAGS: frozenset[str] = frozenset()


Facts = tuple[bool, frozenset[str] | set[str]]  # what `fight_facts` finds


def fight_facts(state: State, combat: Combat | None) -> Facts:
    """What every fighter's strength reads of the fight: whether a monster counts
    Level only, and the monsters' tags."""
    if combat is None:
        return False, NO_TAGS
    defs = state.cards
    tags: set[str] = set()
    for foe in combat.foes:
        c = PLAIN[defs[foe.card]]
        if c.level_only:
            return True, NO_TAGS
        tags.update(c.tags)
        if foe.undead:
            tags.add("undead")
    return False, tags


def player_strength(state: State, seat: int, combat: Combat | None, facts: Facts | None = None) -> int:
    """A character's combat strength: Level plus Items, Ride and Citizenship (unless a
    monster says Level only), minus Curses kept in front of them. `facts` is
    `fight_facts(state, combat)`, when the caller has it already."""
    player = state.players[seat]
    defs = state.cards
    total = player.level
    for c in player.curses:
        for effect in PLAIN[defs[c]].effects:
            if effect.op in STRENGTH_OPS:
                total -= effect.n
    only_level, tags = fight_facts(state, combat) if facts is None else facts
    if only_level:
        return total
    for item in player.equipped:
        equipped = PLAIN[defs[item]]
        if equipped.town is None or may_use(state, player, item):
            total += equipped.bonus
            if equipped.vs_tag is not None and equipped.vs_tag in tags:
                total += equipped.vs_tag_bonus
    if player.ride is not None:
        total += PLAIN[defs[player.ride]].bonus
        for e in player.ride_enhancers:
            total += PLAIN[defs[e]].bonus
        if has_town(state, player, "thanksgiving"):
            total += THANKSGIVING_BONUS  # +2 for each Ride
    return total


STRENGTH_OPS = frozenset({"strength_penalty", "next_combat"})
THANKSGIVING_BONUS = PLAIN["thanksgiving-town"].bonus


def heroes_strength(state: State, combat: Combat) -> int:
    """The fighters' side: their strengths, plus what One-Shots and abilities added for
    them, unless a monster makes the whole fight one of Level only."""
    facts = fight_facts(state, combat)
    total = player_strength(state, state.turn, combat, facts)
    if combat.helper is not None:
        total += player_strength(state, combat.helper, combat, facts)
    return total if facts[0] else total + combat.hero_bonus


def winning(state: State, combat: Combat) -> bool:
    """Do the fighters beat the monsters now? (Monsters win ties.)"""
    return not combat.foes or heroes_strength(state, combat) > monsters_strength(state, combat)


def foe_strength(state: State, combat: Combat, foe: Foe) -> int:
    defs = state.cards
    c = PLAIN[defs[foe.card]]
    total = c.level
    for e in foe.enhancers:
        total += PLAIN[defs[e]].bonus
    if c.vs_town:
        players = state.players
        seats = fighters(combat, state.turn)
        for bonus in c.vs_town:
            town = bonus.town
            if bonus.n > 0:
                hit = any(suffers_town(state, players[s], town) for s in seats)
            else:  # a weakness against a town is that town's advantage
                hit = any(has_town(state, players[s], town) for s in seats)
            if hit:
                total += bonus.n
    return total


def monsters_strength(state: State, combat: Combat) -> int:
    total = 0
    for f in combat.foes:
        total += foe_strength(state, combat, f)
    return total


def foe_treasures(state: State, foe: Foe) -> int:
    c = PLAIN[state.cards[foe.card]]
    return max(0, c.treasures + sum(PLAIN[state.cards[e]].extra_treasures for e in foe.enhancers))


def run_modifier(state: State, seat: int, monster: str, combat: Combat | None) -> int:
    player = state.players[seat]
    total = PLAIN[state.cards[monster]].run_away
    if combat is not None:
        total += combat.run_bonus
    for c in player.citizenships:
        total += PLAIN[state.cards[c]].run_away
    for item in player.equipped:
        if may_use(state, player, item):
            total += PLAIN[state.cards[item]].run_away
    if player.ride is not None:
        total += PLAIN[state.cards[player.ride]].run_away
        total += sum(PLAIN[state.cards[e]].run_away for e in player.ride_enhancers)
    for c in player.curses:
        for effect in PLAIN[state.cards[c]].effects:
            if effect.op == "run_penalty":
                total -= effect.n
    return total


# --- levels (rules 1 and 4 live here) -------------------------------------------------


def next_kill_level(state: State, level: int) -> int:
    """The first level above `level` that only a kill can give (`kill_levels` is in
    increasing order)."""
    for k in state.kill_levels:
        if k > level:
            return k
    return state.win_level + 1


def gain_levels(state: State, seat: int, n: int, by_kill: bool) -> int:
    """Go up n levels. Without a kill, never to a level that needs one (rule 4). The
    dead cannot level up. Returns the levels actually gained."""
    player = state.players[seat]
    if player.dead or n <= 0:
        return 0
    target = min(player.level + n, state.win_level)
    if not by_kill:
        target = min(target, next_kill_level(state, player.level) - 1)
    gained = max(0, target - player.level)
    player.level += gained
    return gained


def lose_levels(state: State, seat: int, n: int) -> int:
    """Go down n levels, never below Level 1 (rule 1)."""
    player = state.players[seat]
    lost = min(n, player.level - 1)
    player.level -= lost
    return lost


def may_gain_without_kill(state: State, seat: int) -> bool:
    player = state.players[seat]
    if player.dead:
        return False
    level = player.level
    return level + 1 < next_kill_level(state, level)


# --- effects -----------------------------------------------------------------------


def item_bonus(state: State, player: Player, item: str) -> int:
    """What an Item adds to its carrier's strength: nothing unless it is equipped and
    works for them; its bonus against a tag counts while a monster of that tag is
    fought."""
    if item not in player.equipped or not may_use(state, player, item):
        return 0
    c = PLAIN[state.cards[item]]
    bonus = c.bonus
    fight = state.combat
    if c.vs_tag is not None and fight is not None and any(c.vs_tag in foe_tags(state, f) for f in fight.foes):
        bonus += c.vs_tag_bonus
    return bonus


def item_candidates(state: State, player: Player, slot: str) -> list[str]:
    if slot == "any":
        return list(player.items)
    if slot == "best":  # only Items that give their carrier a bonus count
        bonuses = {i: item_bonus(state, player, i) for i in player.items}
        best = max(bonuses.values(), default=0)
        return [i for i, b in bonuses.items() if b == best] if best > 0 else []
    if slot == "hand":
        return [i for i in player.items if PLAIN[state.cards[i]].slot in ("hand", "hands")]
    return [i for i in player.items if PLAIN[state.cards[i]].slot == slot]


def applies(state: State, player: Player, effect: Effect) -> bool:
    if effect.town is not None and not has_town(state, player, effect.town):
        return False
    return effect.except_town is None or not has_town(state, player, effect.except_town)


def apply_effects(state: State, seat: int, effects: list[Effect], source: str, ctx: Context) -> bool:
    """Run Bad Stuff or a Curse on `seat`. Returns True when the card is kept in front
    of the victim (a persistent or "next combat" Curse). Effects on something the
    victim lacks do nothing."""
    player = state.players[seat]
    kept = False
    for effect in effects:
        if player.dead or not applies(state, player, effect):
            continue
        op = effect.op
        if op in KEPT_OPS:
            kept = True
        elif op == "lose_levels":
            lost = lose_levels(state, seat, effect.n)
            if lost:
                ctx.emit(
                    "level",
                    f"seat {seat} loses {lost} level(s)",
                    {"seat": seat, "lost": lost, "level": player.level},
                )
        elif op == "lose_item":
            options = item_candidates(state, player, effect.slot)
            if len(options) == 1:
                lose_item(state, seat, options[0], ctx)
            elif options:
                state.pending.insert(0, Pending(seat, "lose-item", source, options))
        elif op == "lose_items":
            for item in item_candidates(state, player, effect.slot):
                lose_item(state, seat, item, ctx)
        elif op == "lose_citizenship":
            if len(player.citizenships) == 1:
                lose_citizenship(state, seat, player.citizenships[0], ctx)
            elif player.citizenships:
                state.pending.insert(0, Pending(seat, "lose-citizenship", source, list(player.citizenships)))
        elif op == "lose_ride":
            lose_ride(state, seat, ctx)
        elif op == "discard_hand":
            lose_cards(state, seat, list(player.hand.cards), ctx)
        elif op == "lose_cards":
            hand = player.hand.cards
            chosen = ctx.rng.sample(hand, min(effect.n, len(hand))) if hand else []
            lose_cards(state, seat, chosen, ctx)
        elif op == "death":
            die(state, seat, ctx)
    return kept


def lose_item(state: State, seat: int, item: str, ctx: Context) -> None:
    remove_item(state, state.players[seat], item)
    discard(state, item)
    ctx.emit(
        "lose",
        f"seat {seat} loses {name(state, item)}",
        {"seat": seat, "card": item, REFS: [ref(state, item)]},
    )


def lose_citizenship(state: State, seat: int, citizenship: str, ctx: Context) -> None:
    """A Citizenship leaves play; Dual Citizenship goes with the last one."""
    player = state.players[seat]
    player.citizenships.remove(citizenship)
    discard(state, citizenship)
    if not player.citizenships and player.dual is not None:
        discard(state, player.dual)
        player.dual = None
    ctx.emit(
        "lose",
        f"seat {seat} loses {name(state, citizenship)}",
        {"seat": seat, "card": citizenship, REFS: [ref(state, citizenship)]},
    )


def lose_ride(state: State, seat: int, ctx: Context | None) -> None:
    player = state.players[seat]
    if player.ride is None:
        return
    for c in player.ride_enhancers:
        discard(state, c)
    ride = player.ride
    player.ride_enhancers = []
    player.ride = None
    discard(state, ride)
    if ctx is not None:
        ctx.emit(
            "lose",
            f"seat {seat} loses {name(state, ride)}",
            {"seat": seat, "card": ride, REFS: [ref(state, ride)]},
        )


def lose_cards(state: State, seat: int, cards: list[str], ctx: Context) -> None:
    """Discard cards from a hand. They are not named: the discard pile shows only its
    top card, and these were hidden."""
    if not cards:
        return
    hand = state.players[seat].hand
    for c in cards:
        hand.remove(c)
        discard(state, c)
    ctx.emit(
        "discard", f"seat {seat} discards {len(cards)} card(s) from hand", {"seat": seat, "count": len(cards)}
    )


def die(state: State, seat: int, ctx: Context) -> None:
    """Death: lose everything but Level, Citizenship(s), Dual Citizenship and the
    Curses kept in front of you. The rest is laid out face up to be looted."""
    player = state.players[seat]
    if player.dead:
        return
    body = list(player.hand.cards) + list(player.items)
    if player.cheat is not None:
        body.append(player.cheat)  # separated from its Item
    if player.ride is not None:
        body.append(player.ride)
        body += player.ride_enhancers
    player.hand.cards = []
    player.items, player.equipped, player.ride_enhancers = [], [], []
    player.ride = player.cheat = player.cheat_item = None
    player.dead = True
    player.redraw = True
    state.pending = [p for p in state.pending if p.seat != seat]
    for runner in state.runners:
        if runner.seat == seat:
            runner.left = []  # the dead need not Run Away from the rest
    ctx.emit(
        "death",
        f"seat {seat} dies",
        {"seat": seat, "body": [{"id": c, "name": name(state, c)} for c in body], REFS: refs(state, body)},
    )
    state.body += body
    order = looting_order(state, seat, ctx)
    if state.body and order:
        state.pending.insert(0, Pending(order[0], "loot", None, [], order=order[1:]))
    else:
        discard_body(state)


def looting_order(state: State, dead: int, ctx: Context) -> list[int]:
    """Highest Level first; a die roll breaks ties (then seat order, if the dice tie
    too). Only living characters can take cards."""
    seats = [s for s, p in enumerate(state.players) if s != dead and not p.dead]
    levels = [state.players[s].level for s in seats]
    rolls: dict[int, int] = {}
    for s in seats:
        if levels.count(state.players[s].level) > 1:
            rolls[s] = ctx.rng.randint(1, 6)
    if rolls:
        ctx.emit("looting-rolls", "ties in Level for looting are broken by a roll", {"rolls": rolls})
    return sorted(seats, key=lambda s: (-state.players[s].level, -rolls.get(s, 0), s))


def discard_body(state: State) -> None:
    for c in state.body:
        discard(state, c)
    state.body = []
