"""Christmas Town cards no TCG op fits: custom effects (`{op = "custom", fn = ...}`).

They are registered in the TCG's custom-effect table (`nbc.plugins.tcg.effects.custom`),
the TCG's documented way for card data to reach Python, and each takes and returns what
an op does: True (done), False (failed: the card's program ends) or ASK. Cards that
answer events in other players' turns (How dare you!, Mirror, Mirror, Safety in Numbers)
and Evil Eye's return in the End Phase are handled by `answer_event`, which the
expansion's `tcg_event` hook calls.
"""

from __future__ import annotations

from typing import Any

from nbc.core.coverage import fired
from nbc.plugins.tcg.api import ASK, HALLOWEENTOWN, Trigger, custom, custom_check, pick_each, register_program

CHRISTMAS_TOWN = "christmas-town"


def _answer(g: Any, st: Any, f: Any, key: str) -> tuple[bool, Any]:
    return g.answered(st, f, key)


def _ask(g: Any, st: Any, f: Any, key: str, kind: str, text: str, options: list, seat: int | None = None):
    return g.ask_for(st, f, key, f.seat if seat is None else seat, kind, text, options)


def _slot_of(g: Any, st: Any, card: str) -> tuple[int, int] | None:
    return g.locate(st, card)


# --- moving --------------------------------------------------------------------------------------
def _journeys(g, st, seat, k):
    """Where Magical Journey may take a Character from place k of seat's row."""
    row = st.players[seat].row
    at_circle = st.cards[row[k].locale] == "tree-circle"
    return [
        j
        for j, s in enumerate(row)
        if j != k
        and not s.flipped
        and (g.slot_town(st, seat, j) == CHRISTMAS_TOWN if at_circle else st.cards[s.locale] == "tree-circle")
    ]


@custom_check("magical_journey")
def _can_journey(g, st, f, ins):
    card = f.vars.get(ins["card"])
    found = None if card is None else g.locate(st, card)
    return found is not None and g.can_move(st, card) and bool(_journeys(g, st, found[0], found[1]))


@custom("magical_journey")
def _magical_journey(g, st, f, ins, ctx):
    """The Character goes between your Tree Circle and one of your Christmas Town Locales (the
    card's own move, not only between inner edges). It may travel for that move only: later
    moves need travel of its own."""
    card = f.vars.get(ins["card"])
    found = None if card is None else g.locate(st, card)
    if found is None:
        return False
    seat, k = found
    row = st.players[seat].row
    done, dest = _answer(g, st, f, "mj")
    if not done:
        options = [
            (f"to:{j}", g.label(st, row[j].locale), j, g.refs(st, row[j].locale, card))
            for j in _journeys(g, st, seat, k)
        ]
        if not options:
            return False
        return _ask(g, st, f, "mj", "destination", f"Where does {g.label(st, card)} travel?", options)
    if not g.can_move(st, card):
        return False
    ctx.emit(
        "grant",
        f"{g.label(st, card)} may travel between Holiday Towns for this move",
        {"card": g.card_data(st, card), "refs": [g.ref(st, card)]},
    )
    g.move_character(st, seat, card, k, dest, ctx)
    return True


def _move_to_places(g, st, f, ins, card, seat, k):
    row = st.players[seat].row
    return [
        j
        for j, s in enumerate(row)
        if j != k
        and not s.flipped
        and g.ev(st, f, ins["direction"], c=s.locale, distance=abs(j - k))
        and (g.slot_town(st, seat, j) == g.slot_town(st, seat, k) or g.may_enter(st, seat, card, k, j))
    ]


@custom_check("move_to")
def _can_move_to(g, st, f, ins):
    card = f.vars.get(ins["card"])
    found = None if card is None else g.locate(st, card)
    if found is None or not g.can_move(st, card) or g.shields(st, f, card, found[0]):
        return False
    return bool(_move_to_places(g, st, f, ins, card, found[0], found[1]))


@custom("move_to")
def _move_to(g, st, f, ins, ctx):
    """Move the Character in `card` (free) to a Locale of its row for which the expression
    `direction` holds (`c` is the Locale's instance id, `distance` how many Locales away it
    is); crossing towns still needs travel. Moving an opponent's Character lets them answer."""
    card = f.vars.get(ins["card"])
    found = None if card is None else g.locate(st, card)
    if found is None:
        return False
    seat, k = found
    if not g.can_move(st, card) or g.shields(st, f, card, seat):
        return False
    if seat != f.vars.get("by", f.seat):
        verdict = g.window(st, f, seat, "character", ctx, card)
        if verdict is not True:
            return verdict
    row = st.players[seat].row
    done, dest = _answer(g, st, f, "mt")
    if not done:
        options = [
            (f"to:{j}", g.label(st, row[j].locale), j, g.refs(st, row[j].locale, card))
            for j in _move_to_places(g, st, f, ins, card, seat, k)
        ]
        if not options:
            return False
        if len(options) == 1:
            dest = options[0][2]
        else:
            return _ask(g, st, f, "mt", "destination", f"Where does {g.label(st, card)} go?", options)
    g.move_character(st, seat, card, k, dest, ctx)
    return True


@custom_check("choo_choo")
def _can_choo_choo(g, st, f, ins):
    """A Christmas Character that can move stands in Christmas Town, which has another Locale."""
    row = st.players[f.seat].row
    ct = [k for k in range(len(row)) if g.slot_town(st, f.seat, k) == CHRISTMAS_TOWN and not row[k].flipped]
    return len(ct) > 1 and any(
        g.def_of(st, c).holiday == "christmas" and g.can_move(st, c) for k in ct for c in row[k].characters
    )


@custom("choo_choo")
def _choo_choo(g, st, f, ins, ctx):
    """Move any of your Christmas Characters from one Christmas Town Locale to another."""
    row = st.players[f.seat].row
    ct = [k for k in range(len(row)) if g.slot_town(st, f.seat, k) == CHRISTMAS_TOWN and not row[k].flipped]
    if "route" not in f.vars:
        done, route = _answer(g, st, f, "cc")
        if not done:
            options = [
                (
                    f"route:{a}:{b}",
                    f"From {g.label(st, row[a].locale)} to {g.label(st, row[b].locale)}",
                    [a, b],
                    g.refs(st, row[a].locale, row[b].locale),
                )
                for a in ct
                if any(g.def_of(st, c).holiday == "christmas" for c in row[a].characters)
                for b in ct
                if b != a
            ]
            if not options:
                return False
            return _ask(g, st, f, "cc", "route", "Which Locales does the train join?", options)
        f.vars["route"] = route
    a, b = f.vars["route"]
    pool = [c for c in row[a].characters if g.def_of(st, c).holiday == "christmas" and g.can_move(st, c)]
    asked = pick_each(g, st, f, "_cc", pool, "Take along")
    if asked:
        return asked
    for c in f.vars.pop("_cc")["chosen"]:
        g.move_character(st, f.seat, c, a, b, ctx)
    return True


@custom_check("snowmobile")
def _can_snowmobile(g, st, f, ins):
    jack = f.vars.get(ins["card"])
    found = None if jack is None else g.locate(st, jack)
    if found is None or not g.can_move(st, jack):
        return False
    seat, k = found
    row = st.players[seat].row
    return any(
        j != k
        and not s.flipped
        and g.slot_town(st, seat, j) == HALLOWEENTOWN
        and g.may_enter(st, seat, jack, k, j)
        for j, s in enumerate(row)
    )


@custom("snowmobile")
def _snowmobile(g, st, f, ins, ctx):
    """Jack and up to 3 Characters beside him go together to one other Halloweentown Locale."""
    jack = f.vars.get(ins["card"])
    found = None if jack is None else g.locate(st, jack)
    if found is None:
        return False
    seat, k = found
    row = st.players[seat].row
    if not g.can_move(st, jack):
        return False
    if "dest" not in f.vars:
        done, dest = _answer(g, st, f, "sm")
        if not done:
            options = [
                (f"to:{j}", g.label(st, s.locale), j, g.refs(st, s.locale, jack))
                for j, s in enumerate(row)
                if j != k
                and not s.flipped
                and g.slot_town(st, seat, j) == HALLOWEENTOWN
                and g.may_enter(st, seat, jack, k, j)
            ]
            if not options:
                return False
            return _ask(g, st, f, "sm", "destination", "Where does the Snowmobile go?", options)
        f.vars["dest"] = dest
    dest = f.vars["dest"]
    pool = [
        c for c in row[k].characters if c != jack and g.may_enter(st, seat, c, k, dest) and g.can_move(st, c)
    ]
    asked = pick_each(g, st, f, "_sm", pool, "Ride along", limit=3)
    if asked:
        return asked
    riders = f.vars.pop("_sm")["chosen"]
    for c in [*riders, jack]:  # the riders first: a Character that follows Jack is already aboard
        g.move_character(st, seat, c, k, dest, ctx)
    return True


@custom_check("mission_of_menace")
def _can_mission(g, st, f, ins):
    """Your Tree House is there and Lock, Shock and Barrel, together in Christmas Town, can move."""
    row = st.players[f.seat].row
    if not any(st.cards[s.locale] == "the-tree-house" and not s.flipped for s in row):
        return False
    for k, slot in enumerate(row):
        if g.slot_town(st, f.seat, k) != CHRISTMAS_TOWN:
            continue
        trio = [
            next((c for c in slot.characters if g.is_(st, c, x)), None) for x in ("lock", "shock", "barrel")
        ]
        if None not in trio and all(g.can_move(st, c) for c in trio):
            return True
    return False


@custom("mission_of_menace")
def _mission(g, st, f, ins, ctx):
    """Lock, Shock and Barrel together in your Christmas Town go to your Tree House with any
    of the other Characters there that you choose (all of them may cross the towns for it)."""
    row = st.players[f.seat].row
    home = next(
        (k for k, s in enumerate(row) if st.cards[s.locale] == "the-tree-house" and not s.flipped), None
    )
    if home is None:
        return False
    for k, slot in enumerate(row):
        if g.slot_town(st, f.seat, k) != CHRISTMAS_TOWN:
            continue
        trio = [
            next((c for c in slot.characters if g.is_(st, c, x)), None) for x in ("lock", "shock", "barrel")
        ]
        if None in trio or not all(g.can_move(st, c) for c in trio):
            continue
        pool = [c for c in slot.characters if c not in trio and g.can_move(st, c)]
        asked = pick_each(g, st, f, "_mm", pool, "Take along")
        if asked:
            return asked
        for c in [*trio, *f.vars.pop("_mm")["chosen"]]:
            g.move_character(st, f.seat, c, k, home, ctx)
        return True
    return False


@custom("gather")
def _gather(g, st, f, ins, ctx):
    """Every Character of yours in group `direction` goes to the Locale in `card` (a Locale,
    or a Character standing at it), unless it cannot move there."""
    anchor = f.vars.get(ins["card"])
    found = None if anchor is None else g.locate(st, anchor) or g.locate_locale(st, anchor)
    if found is None:
        return False
    seat, k = found
    for c in g.characters(st, seat):
        where = g.locate(st, c)
        if (
            g.is_(st, c, ins["direction"])
            and where[1] != k
            and g.can_move(st, c)
            and g.may_enter(st, seat, c, where[1], k)
        ):
            g.move_character(st, seat, c, where[1], k, ctx)
    return True


@custom_check("swap_locales")
def _can_swap_locales(g, st, f, ins):
    row = st.players[f.seat].row
    return sum(1 for k in range(len(row)) if g.slot_town(st, f.seat, k) == HALLOWEENTOWN) > 1


@custom("swap_locales")
def _swap_locales(g, st, f, ins, ctx):
    """Morning Rounds: two of your Halloweentown Locales change places, Characters and all."""
    row = st.players[f.seat].row
    done, pick = _answer(g, st, f, "sw")
    if not done:
        ht = [k for k in range(len(row)) if g.slot_town(st, f.seat, k) == HALLOWEENTOWN]
        options = [
            (
                f"swap:{a}:{b}",
                f"Swap {g.label(st, row[a].locale)} and {g.label(st, row[b].locale)}",
                [a, b],
                g.refs(st, row[a].locale, row[b].locale),
            )
            for i, a in enumerate(ht)
            for b in ht[i + 1 :]
        ]
        if not options:
            return False
        return _ask(g, st, f, "sw", "swap", "Which two Locales change places?", options)
    a, b = pick
    row[a], row[b] = row[b], row[a]
    ctx.emit(
        "swap",
        f"seat {f.seat}'s Locales {a + 1} and {b + 1} change places",
        {"seat": f.seat, "slots": [a, b], "refs": g.refs(st, row[a].locale, row[b].locale)},
    )
    return True


# --- playing cards -------------------------------------------------------------------------------
def _put_character(g, st, seat, card, k, price, ctx):
    p = st.players[seat]
    p.pp -= price
    p.hand.remove(card)
    p.row[k].characters.append(card)
    ctx.emit(
        "play",
        f"seat {seat} plays {g.label(st, card)} for {price}",
        {"seat": seat, "card": g.card_data(st, card), "cost": price, "refs": [g.ref(st, card)]},
    )
    g.played(st, seat, card, f"{g.def_of(st, card).id}.on_play", "char_played", data={"replaced": False})


def _play_places(g, st, f, ins, card, pp):
    """(row place, price) where the Character in hand may go for at most `pp` Points."""
    p = st.players[f.seat]
    mode = ins["direction"]
    only = f.vars.get(ins["locale"]) if ins.get("locale") else None
    out = []
    for k, slot in enumerate(p.row):
        if only is not None and slot.locale != only:
            continue
        if not g.may_play_character(st, f.seat, card, f.seat, k, "play"):
            continue
        price = g.cost(st, f.seat, card, (f.seat, k))
        if mode == "per-player":
            if g.slot_town(st, f.seat, k) != HALLOWEENTOWN:
                continue
            price = max(0, price - sum(1 for c in slot.characters if g.is_(st, c, "player")))
        elif mode == "half":
            price //= 2
        else:
            price = 0
        if price <= pp:
            out.append((k, price))
    return out


@custom_check("play_character")
def _can_play_character(g, st, f, ins):
    """The Character may go somewhere at a price its player can pay once the Surprise
    (still in hand while it is weighed) is paid for."""
    card = f.vars.get(ins["card"])
    p = st.players[f.seat]
    if card is None or card not in p.hand or g.title_in_town(st, f.seat, card) is not None:
        return False
    pp = p.pp - (g.cost(st, f.seat, f.source) if f.source in p.hand else 0)
    return bool(_play_places(g, st, f, ins, card, pp))


@custom("play_character")
def _play_character(g, st, f, ins, ctx):
    """Play the Character in `card` from hand: `direction` is `per-player` (1 less per
    Player at the Locale, Halloweentown only), `half` (half price, rounded down) or `free`
    (to the Locale in variable `locale`)."""
    card = f.vars.get(ins["card"])
    p = st.players[f.seat]
    if card is None or card not in p.hand or g.title_in_town(st, f.seat, card) is not None:
        return False
    done, pick = _answer(g, st, f, "pc")
    if done:
        k, price = pick
        _put_character(g, st, f.seat, card, k, price, ctx)
        return True
    options = [
        (
            f"play:{k}",
            f"Play {g.label(st, card)} to {g.label(st, p.row[k].locale)} for {price}",
            [k, price],
            g.refs(st, card, p.row[k].locale),
        )
        for k, price in _play_places(g, st, f, ins, card, p.pp)
    ]
    if not options:
        return False
    return _ask(g, st, f, "pc", "locale", f"Where does {g.label(st, card)} go?", options)


@custom("play_creation_free")
def _play_creation_free(g, st, f, ins, ctx):
    card = f.vars.get(ins["card"])
    if card is None or card not in st.players[f.seat].hand or g.title_in_town(st, f.seat, card) is not None:
        return False
    if g.def_of(st, card).name in st.flags.get("banned_titles", ()):
        return False  # I can't make decisions!: nobody plays that title this Round
    g.play_free(st, f.seat, card, ctx)
    return True


@custom("rerun")
def _rerun(g, st, f, ins, ctx):
    """Christmas Equation: a Creation's on-play text happens again."""
    card = f.vars.get(ins["card"])
    if card is None:
        return False
    g.push(st, f"{g.def_of(st, card).id}.on_play", f.seat, card)
    return True


@custom("give_creation")
def _give_creation(g, st, f, ins, ctx):
    """Cute Puppy put into play in its player's own town (played free): it goes on to the
    town of an opponent who has no Creation of its title (the player picks among several);
    when no opponent may take it, it is discarded."""
    mine = st.players[f.seat].creations
    if f.source not in mine:
        return False
    done, seat = _answer(g, st, f, "gc")
    if not done:
        takers = [s for s in g.opponents(st, f.seat) if g.title_in_town(st, s, f.source) is None]
        if not takers:
            mine.remove(f.source)
            g.to_discard(st, f.source, ctx, "no opponent's town may take it")
            return False
        if len(takers) > 1:
            about = [g.ref(st, f.source)]  # each answer sends this card
            options = [(f"seat:{s}", f"seat {s}", s, about) for s in takers]
            return _ask(g, st, f, "gc", "choose", f"Whose town does {g.label(st, f.source)} go to?", options)
        seat = takers[0]
    mine.remove(f.source)
    st.players[seat].creations.append(f.source)
    ctx.emit(
        "give",
        f"{g.label(st, f.source)} joins seat {seat}'s town",
        {"seat": seat, "card": g.card_data(st, f.source), "refs": [g.ref(st, f.source)]},
    )
    return True


@custom("steal_creation")
def _steal_creation(g, st, f, ins, ctx):
    """Extendable Arm, played into seat `into`'s town: one of the Creations beside that
    player's row (not the Arm, not a title the player of the Arm already has) moves into the
    Arm player's town. The player picks it; the owner of the town may answer."""
    town = f.vars.get("into")
    if town is None or town == f.seat:
        return False
    card = f.vars.get("_sc")
    if card is None:
        done, card = _answer(g, st, f, "sc")
        if not done:
            pool = [
                c
                for c in g.distinct(st, st.players[town].creations)
                if c != f.source
                and g.title_in_town(st, f.seat, c) is None
                and not g.shields(st, f, c, town)  # a Jumbo Treat Bag under We Bagged Him! stays
            ]
            if not pool:
                return False
            if len(pool) > 1:
                options = [(f"pick:{c}", g.label(st, c), c, [g.ref(st, c)]) for c in pool]
                return _ask(g, st, f, "sc", "choose", "Which Creation do you take?", options)
            card = pool[0]
        f.vars["_sc"] = card
    verdict = g.window(st, f, town, "card", ctx, card)
    if verdict is not True:
        return verdict
    del f.vars["_sc"]
    if card not in st.players[town].creations:
        return False
    st.players[town].creations.remove(card)
    st.players[f.seat].creations.append(card)
    ctx.emit(
        "steal",
        f"seat {f.seat} takes {g.label(st, card)} into their town",
        {"seat": f.seat, "card": g.card_data(st, card), "refs": [g.ref(st, card)]},
    )
    return True


# --- cards, piles and decks ----------------------------------------------------------------------
@custom("count")
def _count(g, st, f, ins, ctx):
    """Count your Characters for which the expression `direction` holds (as `c`), into `as`."""
    f.vars[ins.get("as", "k")] = sum(
        1 for c in g.characters(st, f.seat) if g.ev(st, f, ins["direction"], c=c)
    )
    return True


@custom_check("remove_top")
def _can_remove_top(g, st, f, ins):
    seat = f.vars.get(ins["card"])
    return seat is not None and bool(st.players[seat].deck)


@custom("remove_top")
def _remove_top(g, st, f, ins, ctx):
    """A Good Scare: the top card of that player's Main Deck leaves the game (shown to all)."""
    seat = f.vars.get(ins["card"])
    if seat is None or not st.players[seat].deck:
        return False
    top = st.players[seat].deck.pop()
    st.players[seat].removed.append(top)
    g.show(st, [top])
    ctx.emit(
        "remove",
        f"{g.label(st, top)} leaves the game from seat {seat}'s deck",
        {"seat": seat, "card": g.card_data(st, top), "refs": [g.ref(st, top)]},
    )
    return True


@custom("exile")
def _exile(g, st, f, ins, ctx):
    """Worthy Accomplice: a card from your discard pile leaves the game."""
    card = f.vars.get(ins["card"])
    p = st.players[f.seat]
    if card is None or card not in p.discard:
        return False
    p.discard.remove(card)
    p.removed.append(card)
    ctx.emit(
        "remove",
        f"{g.label(st, card)} leaves the game",
        {"seat": f.seat, "card": g.card_data(st, card), "refs": [g.ref(st, card)]},
    )
    return True


@custom("discard_chosen")
def _discard_chosen(g, st, f, ins, ctx):
    """Depraved Offering: any of your Characters matching `direction` (as `c`) are discarded;
    the number goes into `as`."""
    pool = [c for c in g.characters(st, f.seat) if g.ev(st, f, ins["direction"], c=c)]
    asked = pick_each(g, st, f, "_dc", pool, "Discard")
    if asked:
        return asked
    chosen = f.vars.pop("_dc")["chosen"]
    for c in chosen:
        g.remove_for_cost(st, c, ctx)
    f.vars[ins.get("as", "k")] = len(chosen)
    return True


@custom("discard_beneath")
def _discard_beneath(g, st, f, ins, ctx):
    """Eyes Glowing Red: discard any of the cards tucked under your Locale `locale`, asked
    one by one; the number discarded goes into `as`."""
    pool = [c for slot in g.slots_named(st, f.seat, ins["locale"]) for c in slot.beneath]
    asked = pick_each(g, st, f, "_db", pool, "Discard from beneath")
    if asked:
        return asked
    chosen = f.vars.pop("_db")["chosen"]
    for slot in g.slots_named(st, f.seat, ins["locale"]):
        for c in [c for c in slot.beneath if c in chosen]:
            slot.beneath.remove(c)
            g.to_discard(st, c, ctx, "cleared from under a Locale")
    f.vars[ins.get("as", "k")] = len(chosen)
    return True


@custom("strip_stacks")
def _strip_stacks(g, st, f, ins, ctx):
    """Give It All Up: every other Surprise Stacked on a Character in any Halloweentown is
    discarded; draw as many. Characters in a Christmas Town keep theirs. Each other player
    whose Surprises would go may answer first (Sound the Alarms!)."""
    gone = 0
    hosts = [
        (s, c)
        for s, p in enumerate(st.players)
        for k, slot in enumerate(p.row)
        if g.slot_town(st, s, k) == HALLOWEENTOWN
        for c in slot.characters
    ]
    keeps = set()
    for seat in sorted({s for s, c in hosts if any(x != f.source for x in st.stacked.get(c, ()))}):
        first = next(x for s, c in hosts if s == seat for x in st.stacked.get(c, ()) if x != f.source)
        verdict = g.window(st, f, seat, "card", ctx, first)
        if verdict == ASK:
            return ASK
        if verdict is not True:
            keeps.add(seat)
    for seat, host in hosts:
        if seat in keeps:
            continue
        for s in [s for s in st.stacked.get(host, []) if s != f.source]:
            st.stacked[host].remove(s)
            g.to_discard(st, s, ctx, "Give It All Up")
            gone += 1
    g.draw(st, f.seat, gone, ctx)
    return True


def _own_hosts(g, st, seat):
    """The cards of seat's Halloweentown a Surprise may be Stacked on: the Characters
    there, the Creations and the Surprises on the table."""
    p = st.players[seat]
    return [
        *(
            c
            for k, slot in enumerate(p.row)
            if g.slot_town(st, seat, k) == HALLOWEENTOWN
            for c in slot.characters
        ),
        *p.creations,
        *p.placed,
    ]


@custom_check("unstack")
def _can_unstack(g, st, f, ins):
    return any(st.stacked.get(host) for host in _own_hosts(g, st, f.seat))


@custom("unstack")
def _unstack(g, st, f, ins, ctx):
    """Nothing Underneath: discard one Surprise Stacked on a card of your Halloweentown (your
    Characters there, your Creations, your Surprises on the table)."""
    done, pick = _answer(g, st, f, "us")
    if done:
        host, s = pick
        st.stacked[host].remove(s)
        g.to_discard(st, s, ctx, "Nothing Underneath")
        return True
    hosts = _own_hosts(g, st, f.seat)
    options = [
        (f"unstack:{s}", f"{g.label(st, s)} on {g.label(st, host)}", [host, s], g.refs(st, s, host))
        for host in hosts
        for s in st.stacked.get(host, [])
    ]
    if not options:
        return False
    return _ask(g, st, f, "us", "choose", "Which Stacked Surprise goes?", options)


@custom_check("someplace_new")
def _can_look_at_locales(g, st, f, ins):
    return bool(st.players[f.seat].locale_deck)


@custom("someplace_new")
def _someplace_new(g, st, f, ins, ctx):
    """Look at the top 2 Locales of your Locale deck (seen by you alone); put one of them,
    or both, on the bottom (both: slipped under one after the other, so the second one
    seen ends deepest)."""
    deck = st.players[f.seat].locale_deck
    done, bottom = _answer(g, st, f, "sn")
    if not done:
        top = deck[-2:][::-1]
        if not top:
            return False
        g.show(st, top, to=f.seat)
        options = [(f"bottom:{c}", f"Put {g.label(st, c)} on the bottom", [c], [g.ref(st, c)]) for c in top]
        if len(top) == 2:
            options.append(("bottom:both", "Put both on the bottom", top, g.refs(st, *top)))
        return _ask(g, st, f, "sn", "choose", "Which Locales go to the bottom of your Locale deck?", options)
    for card in bottom:
        deck.remove(card)
        deck.insert(0, card)
    return True


# --- rules for a Round ---------------------------------------------------------------------------
@custom("flip_char")
def _flip_char(g, st, f, ins, ctx):
    """Evil Eye: the Character is face down (out of play) until the End Phase; its owner
    may not play that title again this Round."""
    card = f.vars.get(ins["card"])
    found = None if card is None else g.locate(st, card)
    if found is None:
        return False
    seat, k = found
    verdict = g.window(st, f, seat, "character", ctx, card)
    if verdict is not True:
        return verdict
    g.take_out_of_play(st, card)
    st.flags.setdefault("flipped_chars", []).append([card, seat, st.players[seat].row[k].locale])
    st.flags.setdefault("flipped_titles", {}).setdefault(str(seat), []).append(g.def_of(st, card).title_key)
    ctx.emit(
        "flip",
        f"{g.label(st, card)} is turned face down until the End Phase",
        {"card": g.card_data(st, card), "refs": [g.ref(st, card)]},
    )
    return True


@custom("ban_title")
def _ban_title(g, st, f, ins, ctx):
    """I can't make decisions!: a card of that hand is shown; nobody plays its title this Round."""
    seat = f.vars.get(ins["card"])
    done, card = _answer(g, st, f, "bt")
    if not done:
        hand = [] if seat is None else st.players[seat].hand
        if not hand:
            return False
        return _ask(
            g,
            st,
            f,
            "bt",
            "choose",
            "Which card is shown to everyone?",
            [(f"pick:{c}", g.label(st, c), c, [g.ref(st, c)]) for c in g.distinct(st, hand)],
        )
    g.show(st, [card])
    st.flags.setdefault("banned_titles", []).append(g.def_of(st, card).name)
    ctx.emit(
        "ban",
        f"nobody may play {g.def_of(st, card).name} this Round",
        {"card": g.card_data(st, card), "refs": [g.ref(st, card)]},
    )
    return True


@custom("lovely")
def _lovely(g, st, f, ins, ctx):
    """Lovely!: that player's Surprises cost 1 more until the End Phase, when Lovely! is discarded."""
    seat = f.vars.get(ins["card"])
    if seat is None:
        return False
    st.flags.setdefault("lovely", []).append(seat)
    p = st.players[f.seat]
    if f.source in p.surprise_discard:
        p.surprise_discard.remove(f.source)  # it sits in front of them, so it earns no reimbursement
        st.flags.setdefault("lovely_cards", []).append(f.source)
    return True


@custom("same_routine")
def _same_routine(g, st, f, ins, ctx):
    """Do the Pumpkin King's activity of this Day once more (paying again); not for the King."""
    if st.king == f.seat or not st.king_activity:
        return False
    g.push(st, "rules.king", f.seat, f.source, activity=st.king_activity)
    return True


def _guest_functions(g, st, f):
    """(seat, row place, Function, cards to discard) for each Function of an opponent's
    Active Locale that the hand can pay for (without the Surprise itself, while it is
    weighed in hand) and whose first part could be done by this player."""
    p = st.players[f.seat]
    hand = len(p.hand) - (1 if f.source in p.hand else 0)
    for seat in g.opponents(st, f.seat):
        n = g.active_count(st, seat)
        if n > hand:
            continue
        for k, slot in enumerate(st.players[seat].row):
            if slot.flipped or not g.is_active(st, seat, k):
                continue
            d = g.def_of(st, slot.locale)
            for j in range(len(d.functions)):
                if g.can_start(st, f.seat, slot.locale, f"{d.id}.function{j}"):
                    yield seat, k, j, n


@custom_check("uninvited_guest")
def _can_be_a_guest(g, st, f, ins):
    return next(_guest_functions(g, st, f), None) is not None


@custom("uninvited_guest")
def _uninvited_guest(g, st, f, ins, ctx):
    """In place of your Function: discard as many cards as an opponent has Active Locales,
    then perform a Function of one of that opponent's Active Locales."""
    done, pick = _answer(g, st, f, "ug")
    if not done:
        options = []
        for seat, k, j, n in _guest_functions(g, st, f):
            d = g.def_of(st, st.players[seat].row[k].locale)
            label = d.functions[j].label
            options.append(
                (
                    f"fn:{seat}:{k}:{j}",
                    f"Seat {seat}'s {d.name}: {label} (discard {n})",
                    [seat, k, j, n],
                    [g.ref(st, st.players[seat].row[k].locale), *g.named(label)],
                )
            )
        if not options:
            return False
        return _ask(g, st, f, "ug", "function", "Whose Function do you use?", options)
    seat, k, j, n = pick
    st.function_used = True
    slot = st.players[seat].row[k]
    g.push(st, f"{g.def_of(st, slot.locale).id}.function{j}", f.seat, slot.locale)
    # it is a Function performed, by this player, at that Locale: what waits for one hears
    # of it once the Function is over (fired with the Function's frame on top)
    g.fire(st, "function_here", {"locale": slot.locale}, where=slot)
    g.fire(st, "function_performed", {"player": f.seat, "locale": slot.locale})
    g.push(st, "rules.discard", f.seat, f.source, n=n, by=f.seat)
    return True


# --- cards that answer events (called from the tcg_event hook) ----------------------------------
register_program(
    "christmas-town.how-dare-you",
    [{"may": "Answer with How dare you!?", "then": [{"op": "custom", "fn": "how_dare_you"}]}],
    "how-dare-you",
)
register_program(
    "christmas-town.mirror-mirror",
    [
        {
            "may": "Answer with Mirror, Mirror?",
            "then": [
                {"op": "custom", "fn": "answer_from_hand"},
                {
                    "op": "choose",
                    "from": "opp_chars",
                    "as": "t",
                    "label": "Whose Character goes?",
                    "filter": "owner(c) == culprit and scare(c) <= lost and not immune(c)",
                },
                {"op": "destroy", "card": "t"},
            ],
        }
    ],
    "mirror-mirror",
)


def _in_hand(g, st, seat, card_id):
    return next((c for c in st.players[seat].hand if st.cards[c] == card_id), None)


# the events answer_event looks at, with the cards that must be in the match for it to
# matter (empty: always, as it tidies flags other effects leave for the End Phase)
ANSWERS: dict[str, frozenset[str]] = {
    "surprise_played": frozenset({"how-dare-you"}),
    "char_discarded": frozenset({"safety-in-numbers", "mirror-mirror"}),
    "end_phase": frozenset(),
}


def answer_event(g: Any, st: Any, event: str, data: dict[str, Any]) -> None:
    if event == "surprise_played":
        player = st.owner[data["card"]]
        for seat in g.opponents(st, player):
            card = _in_hand(g, st, seat, "how-dare-you")
            if (
                card
                and g.may_play_surprise(st, seat, card, own_turn=False)
                and g.title_in_town(st, seat, card) is None  # one on your table at most
            ):
                st.triggers.append(
                    _trigger(g, st, "christmas-town.how-dare-you", seat, card, {"target": data["card"]})
                )
    elif event == "char_discarded":
        card, seat = data["card"], st.owner[data["card"]]
        if seat == st.turn:
            return
        if any(g.is_(st, card, x) for x in ("lock", "shock", "barrel")) and any(
            st.cards[c] == "safety-in-numbers" for c in st.players[seat].placed
        ):
            p = st.players[seat]
            if card in p.discard:  # Safety in Numbers: to the hand instead
                p.discard.remove(card)
                p.hand.append(card)
                g.mark_known(st, [card])  # everyone saw it go
                fired("safety-in-numbers")
            return
        mirror = _in_hand(g, st, seat, "mirror-mirror")
        if mirror and g.may_play_surprise(st, seat, mirror, own_turn=False):
            lost = g.def_of(st, card).number or 0
            st.triggers.append(
                _trigger(
                    g, st, "christmas-town.mirror-mirror", seat, mirror, {"culprit": st.turn, "lost": lost}
                )
            )
    elif event == "end_phase":
        for card, seat, locale in st.flags.pop("flipped_chars", []):
            found = g.locate_locale(st, locale)
            if found is not None:
                st.players[found[0]].row[found[1]].characters.append(card)
            else:
                st.players[seat].discard.append(card)
        for card in st.flags.pop("lovely_cards", []):
            st.players[st.owner[card]].discard.append(card)


def _trigger(g: Any, st: Any, prog: str, seat: int, source: str, vars: dict[str, Any]) -> Any:
    return Trigger(prog, seat, source, vars, g.effect_depth(st))


def _pay_from_hand(g, st, seat, card, ctx):
    p = st.players[seat]
    if card not in p.hand:
        return False
    d = g.def_of(st, card)
    price = g.cost(st, seat, card)
    if price > p.pp:
        return False
    p.pp -= price
    p.hand.remove(card)
    p.titles_this_round.append(d.name)
    ctx.emit(
        "response",
        f"seat {seat} answers with {g.label(st, card)}",
        {"seat": seat, "card": g.card_data(st, card), "refs": [g.ref(st, card)]},
    )
    return True


@custom("answer_from_hand")
def _answer_from_hand(g, st, f, ins, ctx):
    """Play the source Surprise from hand in another player's turn."""
    if not _pay_from_hand(g, st, f.seat, f.source, ctx):
        return False
    st.players[f.seat].surprise_discard.append(f.source)
    return True


@custom("how_dare_you")
def _how_dare_you(g, st, f, ins, ctx):
    """How dare you! goes on the table in your Halloweentown with their Surprise Stacked on it."""
    target = f.vars["target"]
    other = st.players[st.owner[target]]
    if target not in other.surprise_discard or not _pay_from_hand(g, st, f.seat, f.source, ctx):
        return False
    other.surprise_discard.remove(target)
    st.players[f.seat].placed.append(f.source)
    st.stacked.setdefault(f.source, []).append(target)
    return True


__all__ = ["ASK", "answer_event"]


@custom("animate")
def _animate(g, st, f, ins, ctx):
    """It's Alive!: the Creation in `card` leaves the side of the table and stands at your
    Locale `locale`, counting as a Character as well (the Stacked card lends `animated`)."""
    card = f.vars.get(ins["card"])
    p = st.players[f.seat]
    slot = next((s for s in p.row if st.cards[s.locale] == ins["locale"] and not s.flipped), None)
    if card is None or card not in p.creations or slot is None:
        return False
    p.creations.remove(card)
    slot.characters.append(card)
    ctx.emit(
        "animate",
        f"{g.label(st, card)} comes to life at {g.label(st, slot.locale)}",
        {"seat": f.seat, "card": g.card_data(st, card), "refs": g.refs(st, card, slot.locale)},
    )
    return True
