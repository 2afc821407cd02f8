"""The ops card programs are made of, and the Python effects of the cards no op fits
(`custom`). Each op is `fn(g, st, f, ins, ctx) -> True | False | ASK`: `g` is the rules
object (nbc.plugins.tcg.rules.Rules), `f` the running Frame, `ins` the instruction it
reads its arguments from (see `effects`, which holds the vocabulary, the registries and
the program compiler, and imports this module once they exist, so that every op is
known before any program is checked). A compiled build compiles this module.
"""

from __future__ import annotations

from typing import Any

from nbc.plugins.tcg.effects import ASK, custom, custom_check, op


def _n(g: Any, st: Any, f: Any, ins: dict[str, Any], key: str = "n", default: int = 0) -> int:
    value = ins.get(key, default)
    return int(g.ev(st, f, value)) if isinstance(value, str) else int(value)


def _store(f: Any, ins: dict[str, Any], value: Any) -> None:
    if "as" in ins:
        f.vars[ins["as"]] = value


@op("jump")
def _jump(g, st, f, ins, ctx):
    f.pc = ins["to"] - 1
    return True


@op("jump_unless", "cond")
def _jump_unless(g, st, f, ins, ctx):
    if not g.ev(st, f, ins["cond"]):
        f.pc = ins["to"] - 1
    return True


@op("may", "label")
def _may(g, st, f, ins, ctx):
    if ins.get("when") and not g.ev(st, f, ins["when"]):
        f.pc = ins["to"] - 1
        return True
    if not g.got(st):
        # the question is about its card's effect: both answers name the card
        about = g.refs(st, f.source) if f.source else []
        return g.ask(
            st, f.seat, "may", ins["label"], [("yes", "Yes", True, about), ("no", "No", False, about)]
        )
    if not g.take(st):
        f.pc = ins["to"] - 1
    return True


@op("require", "cond")
def _require(g, st, f, ins, ctx):
    return bool(g.ev(st, f, ins["cond"]))


@op("draw", "n")
def _draw(g, st, f, ins, ctx):
    _store(f, ins, g.draw(st, f.seat, _n(g, st, f, ins), ctx))
    return True


@op("pp", "n")
def _pp(g, st, f, ins, ctx):
    g.add_pp(st, f.seat, _n(g, st, f, ins), ctx)
    return True


@op("move", "n", "filter", "different")
def _move(g, st, f, ins, ctx):
    return g.movement(st, f, ins, _n(g, st, f, ins), ctx)


@op("discard", "n", "find", "forced")
def _discard(g, st, f, ins, ctx):
    """Discard n cards of your choice from hand (matching `find`). Without `forced`
    this is a cost: it fails, discarding nothing, when you cannot discard them all."""
    return g.discard_from_hand(st, f, ins, ctx)


@op("discard_up_to", "max", "find")
def _discard_up_to(g, st, f, ins, ctx):
    return g.discard_from_hand(st, f, ins, ctx, optional=True)


@op("search", "n", "find", "count", "filter")
def _search(g, st, f, ins, ctx):
    return g.search(st, f, ins, ctx)


@op("recover", "find")
def _recover(g, st, f, ins, ctx):
    """Take one card matching `find` from your discard pile into your hand, shown to all."""
    return g.recover(st, f, ins, ctx)


@op("choose", "from", "filter", "optional", "label", "town")
def _choose(g, st, f, ins, ctx):
    return g.choose(st, f, ins, ctx)


@op("destroy", "card")
def _destroy(g, st, f, ins, ctx):
    """Discard a card in play (usually an opponent's) to its owner's discard pile."""
    return g.remove_card(st, f, f.vars.get(ins["card"]), "discard", ctx)


@op("bounce", "card")
def _bounce(g, st, f, ins, ctx):
    """Return a card in play to its owner's hand."""
    return g.remove_card(st, f, f.vars.get(ins["card"]), "hand", ctx)


@op("sacrifice")
def _sacrifice(g, st, f, ins, ctx):
    """Discard the source card from play (the cost of its own ability)."""
    return g.remove_card(st, f, f.source, "discard", ctx)


@op("return_self")
def _return_self(g, st, f, ins, ctx):
    """Return the source card from play to its owner's hand."""
    return g.remove_card(st, f, f.source, "hand", ctx)


@op("stack", "on")
def _stack(g, st, f, ins, ctx):
    """Stack the source Surprise beneath the card in variable `on`."""
    return g.stack(st, f, f.vars.get(ins["on"]), ctx)


@op("place")
def _place(g, st, f, ins, ctx):
    """Leave the source Surprise on the table as part of your town."""
    return g.place(st, f, ctx)


@op("each", "who", "do")
def _each(g, st, f, ins, ctx):
    """Run `do` for each player named by `who`, in turn order from the Pumpkin King, each
    as the acting player (`me()`); the original player is in variable `by`."""
    return g.each(st, f, ins, ctx)


@op("relocate", "card", "to")
def _relocate(g, st, f, ins, ctx):
    """Move a Character without spending Movement: `to` is `adjacent`, `any`, a Locale id,
    or `var:<name>` for the Locale of a chosen card."""
    return g.relocate(st, f, ins, ctx)


@op("look_hand", "card")
def _look_hand(g, st, f, ins, ctx):
    """Look at the hand of the player in variable `card` (a seat)."""
    return g.look_hand(st, f, f.vars.get(ins["card"]), ctx)


@op("random_discard", "card")
def _random_discard(g, st, f, ins, ctx):
    """The player (seat in variable `card`) discards a random card from hand."""
    return g.random_discard(st, f, f.vars.get(ins["card"]), ctx)


@op("tuck_hand", "max")
def _tuck_hand(g, st, f, ins, ctx):
    return g.tuck_hand(st, f, ins, ctx)


@op("tuck_char", "card")
def _tuck_char(g, st, f, ins, ctx):
    return g.tuck_char(st, f, f.vars.get(ins["card"]), ctx)


@op("set", "n")
def _set(g, st, f, ins, ctx):
    """Work out `n` now and keep it in variable `as`."""
    _store(f, ins, g.ev(st, f, ins["n"]) if isinstance(ins["n"], str) else ins["n"])
    return True


@op("discard_card", "card")
def _discard_card(g, st, f, ins, ctx):
    """Discard a card of your own, from your hand or from play."""
    card = f.vars.get(ins["card"])
    if card is None:
        return False
    if card in st.players[f.seat].hand:
        g.discard_hand_card(st, f.seat, card, ctx, "an effect")
        return True
    return g.remove_card(st, f, card, "discard", ctx)


@op("make_discard", "card", "n")
def _make_discard(g, st, f, ins, ctx):
    """The player (seat in variable `card`) discards n cards of their choice; `as` gets
    how many they discarded (none when they answered the card)."""
    seat = f.vars.get(ins["card"])
    if seat is None:
        return False
    return g.discard_from_hand(st, f, {**ins, "forced": True}, ctx, seat=seat)


@op("grant", "card", "keyword")
def _grant(g, st, f, ins, ctx):
    """The card in variable `card` (default: the source) gains `keyword` until the End Phase."""
    card = f.source if ins.get("card", "self") == "self" else f.vars.get(ins["card"])
    if card is None:
        return False
    granted = st.flags.setdefault("keywords", {}).setdefault(card, [])
    if ins["keyword"] not in granted:
        granted.append(ins["keyword"])
    ctx.emit(
        "grant",
        f"{g.label(st, card)} gains {ins['keyword']!r} until the End Phase",
        {"card": g.card_data(st, card), "keyword": ins["keyword"], "refs": [g.ref(st, card)]},
    )
    return True


@op("custom", "fn", "card", "locale", "n", "direction")
def _custom(g, st, f, ins, ctx):
    """A card whose effect no op fits: a named Python function in CUSTOM (below)."""
    return g.custom(st, f, ins, ctx)


# --- cards no op fits ------------------------------------------------------------------
# Each is named by the `fn` of a `custom` step; they take and return what ops do.


def _answer(g: Any, st: Any, f: Any, key: str) -> tuple[bool, Any]:
    return g.answered(st, f, key)


def _ask(g: Any, st: Any, f: Any, key: str, seat: int, kind: str, text: str, options: list) -> str:
    return g.ask_for(st, f, key, seat, kind, text, options)


@custom("flip_locale")
def _flip_locale(g, st, f, ins, ctx):
    """Dark Alley: the chosen Locale is face down (never Active, no Function) until the End Phase.
    Its owner may answer a card aimed at their Locale (Sound the Alarms!)."""
    locale = f.vars[ins["card"]]
    found = g.locate_locale(st, locale)
    if found is not None:
        verdict = g.window(st, f, found[0], "card", ctx, locale)
        if verdict is not True:
            return verdict
    slot = g.slot_of_locale(st, locale)
    slot.flipped = True
    ctx.emit(
        "flip",
        f"{g.label(st, slot.locale)} is turned face down until the End Phase",
        {"card": g.card_data(st, slot.locale), "refs": [g.ref(st, slot.locale)]},
    )
    return True


@custom_check("double_dead")
def _can_double_dead(g, st, f, ins):
    return any(p.discard for p in st.players)


@custom("double_dead")
def _double_dead(g, st, f, ins, ctx):
    done, title = _answer(g, st, f, "dd")
    if not done:
        versions: dict[str, set[str]] = {}  # each title in a discard pile, with its cards there
        for p in st.players:
            for c in p.discard:
                versions.setdefault(g.def_of(st, c).name, set()).add(st.cards[c])
        if not versions:
            return False
        options = [(f"title:{t}", t, t, sorted(versions[t])) for t in sorted(versions)]
        return _ask(g, st, f, "dd", f.seat, "name-title", "Name a Card Title", options)
    for seat, p in enumerate(st.players):
        gone = [c for c in p.discard if g.def_of(st, c).name == title]
        for c in gone:
            p.discard.remove(c)
            p.removed.append(c)
        if gone:
            ctx.emit(
                "remove",
                f"{len(gone)} {title} leave seat {seat}'s discard pile for good",
                {"seat": seat, "title": title, "count": len(gone), "refs": g.refs(st, *gone)},
            )
    return True


@custom("eureka")
def _eureka(g, st, f, ins, ctx):
    done, n = _answer(g, st, f, "eu")
    p = st.players[f.seat]
    if not done:
        return _ask(
            g,
            st,
            f,
            "eu",
            f.seat,
            "spend",
            "Spend how many Pumpkin Points?",
            [(f"spend:{k}", f"Spend {k}", k) for k in range(1, p.pp + 1)],
        )
    p.pp -= n
    g.draw(st, f.seat, n, ctx)
    return True


@custom("use_function")
def _use_function(g, st, f, ins, ctx):
    """The effect takes the place of this turn's Function."""
    st.function_used = True
    return True


def _empty_pairs(g, st):
    """(seat, a, b): two empty Locales of that player's Halloweentown (Gate Keeper)."""
    for seat, p in enumerate(st.players):
        empty = [k for k, s in enumerate(p.row) if not s.characters]
        for i, a in enumerate(empty):
            for b in empty[i + 1 :]:
                if (
                    g.slot_town(st, seat, a) == "halloweentown"
                    and g.slot_town(st, seat, b) == "halloweentown"
                ):
                    yield seat, a, b  # the card swaps Locales of a Halloweentown only


@custom_check("swap_empty_locales")
def _can_swap_empty(g, st, f, ins):
    return next(_empty_pairs(g, st), None) is not None


@custom("swap_empty_locales")
def _swap_empty(g, st, f, ins, ctx):
    pick = f.vars.get("_swap")  # chosen already: waiting for the owner's answer
    done = pick is not None
    if not done:
        done, pick = _answer(g, st, f, "sw")
    if not done:
        options = []
        for seat, a, b in _empty_pairs(g, st):
            p = st.players[seat]
            label = f"seat {seat}: swap {g.label(st, p.row[a].locale)} and {g.label(st, p.row[b].locale)}"
            refs = g.refs(st, p.row[a].locale, p.row[b].locale)
            options.append((f"swap:{seat}:{a}:{b}", label, [seat, a, b], refs))
        if not options:
            return False
        return _ask(g, st, f, "sw", f.seat, "swap", "Swap two empty Locales", options)
    f.vars["_swap"] = pick
    seat, a, b = pick
    row = st.players[seat].row
    verdict = g.window(st, f, seat, "card", ctx, row[a].locale)  # another's Locales: they may answer
    if verdict is not True:
        return verdict
    del f.vars["_swap"]
    row[a], row[b] = row[b], row[a]
    ctx.emit(
        "swap",
        f"seat {seat}'s Locales {a + 1} and {b + 1} change places",
        {"seat": seat, "slots": [a, b], "refs": g.refs(st, row[a].locale, row[b].locale)},
    )
    return True


@custom("hello_oogie")
def _hello_oogie(g, st, f, ins, ctx):
    """Discard one Jack and one Oogie of the chosen opponent's Halloweentown. One answer
    covers both: the window's verdict is kept for this step, so the second discard
    reads it instead of asking again."""
    seat = f.vars[ins["card"]]
    verdict = g.window(st, f, seat, "character", ctx)
    if verdict is not True:
        return verdict
    town = [
        c
        for k, slot in enumerate(st.players[seat].row)
        if g.slot_town(st, seat, k) == "halloweentown"
        for c in slot.characters
    ]
    pair = [
        next((c for c in town if g.is_(st, c, x) and not g.is_immune(st, c)), None)
        for x in ("jack-skellington", "oogie-boogie")
    ]
    if None in pair:
        return False
    for c in pair:
        if g.in_play(st, c) and g.remove_card(st, f, c, "discard", ctx) == ASK:
            return ASK
    return True


@custom("clear_beneath")
def _clear_beneath(g, st, f, ins, ctx):
    for slot in g.slots_named(st, f.seat, ins["locale"]):
        for c in list(slot.beneath):
            slot.beneath.remove(c)
            g.to_discard(st, c, ctx, "cleared from under a Locale")
    return True


@custom("take_beneath")
def _take_beneath(g, st, f, ins, ctx):
    slots = g.slots_named(st, f.seat, ins["locale"])
    taken = f.vars.get("_tb", 0)
    done, card = _answer(g, st, f, "tb")
    if done:
        if card is None:
            taken = ins["n"]
        else:
            for slot in slots:
                if card in slot.beneath:
                    slot.beneath.remove(card)
            st.players[f.seat].hand.append(card)
            ctx.emit("take", f"seat {f.seat} takes a card from under a Locale", {"seat": f.seat})
            taken += 1
        f.vars["_tb"] = taken
    pool = [c for slot in slots for c in slot.beneath]
    if taken < ins["n"] and pool:
        return _ask(
            g,
            st,
            f,
            "tb",
            f.seat,
            "take",
            "Take a card from under the Locale",
            [(f"take:{c}", g.label(st, c), c, [g.ref(st, c)]) for c in pool]
            + [("stop", "Take no more", None)],
        )
    f.vars.pop("_tb", None)
    return True


def pick_each(g, st, f, key, pool, text, limit=None):
    """Ask yes or no about each card of `pool` in turn (for effects that move or discard
    "any number" of cards, or up to `limit` of them). Returns the open question's ASK, or
    None when every card has been asked about; the chosen ones are then in
    f.vars[key]["chosen"]."""
    state = f.vars.setdefault(key, {"left": list(pool), "chosen": []})
    done, yes = _answer(g, st, f, key + "?")
    if done:
        card = state["left"].pop(0)
        if yes:
            state["chosen"].append(card)
    if limit is not None and len(state["chosen"]) >= limit:
        state["left"] = []  # as many as the card allows: no more questions
    if state["left"]:
        card = state["left"][0]
        about = [g.ref(st, card)]  # both answers are about this card
        return _ask(
            g,
            st,
            f,
            key + "?",
            f.seat,
            "pick",
            f"{text}: {g.label(st, card)}?",
            [("yes", "Yes", True, about), ("no", "No", False, about)],
        )
    return None


def _went_along(st, moved):
    """Characters the same effect moved have gone wherever it took them: a free follow
    it offered them on the way (Zero after Jack, Shock's companions) is withdrawn."""
    st.triggers[:] = [t for t in st.triggers if not (t.prog == "rules.follow" and t.source in moved)]


def _movable(g, st, seat, card):
    d = g.def_of(st, card)
    return g.can_move(st, card) and not (d.move_when and not g.ev_at(st, seat, card, d.move_when))


@custom_check("hitch")
def _can_hitch(g, st, f, ins):
    """Someone could ride: off the Mayor-mobile to another Locale, or onto it from one."""
    row = st.players[f.seat].row
    mobile = next(
        (k for k, s in enumerate(row) if st.cards[s.locale] == "mayor-mobile" and not s.flipped), None
    )
    if mobile is None:
        return False
    pairs = (
        [(mobile, k) for k in range(len(row)) if k != mobile]
        if ins["direction"] == "out"
        else [(k, mobile) for k in range(len(row)) if k != mobile]
    )
    return any(
        _movable(g, st, f.seat, c) and g.may_enter(st, f.seat, c, frm, to)
        for frm, to in pairs
        if not row[frm].flipped and not row[to].flipped
        for c in row[frm].characters
    )


@custom("hitch")
def _hitch(g, st, f, ins, ctx):
    """Hitch a Ride: Characters leave the Mayor-mobile for one Locale, or gather there from one."""
    row = st.players[f.seat].row
    mobile = next(
        (k for k, s in enumerate(row) if st.cards[s.locale] == "mayor-mobile" and not s.flipped), None
    )
    if mobile is None:
        return False
    if "other" not in f.vars:
        done, other = _answer(g, st, f, "hitch-where")
        if not done:
            options = [
                (f"locale:{k}", g.label(st, s.locale), k, [g.ref(st, s.locale)])
                for k, s in enumerate(row)
                if k != mobile and not s.flipped
            ]
            if ins["direction"] == "in":
                options = [o for o in options if row[o[2]].characters]
            if not options:
                return False
            text = (
                "Which Locale do they go to?" if ins["direction"] == "out" else "Which Locale do they leave?"
            )
            return _ask(g, st, f, "hitch-where", f.seat, "locale", text, options)
        f.vars["other"] = other
    frm, to = (mobile, f.vars["other"]) if ins["direction"] == "out" else (f.vars["other"], mobile)
    pool = [
        c for c in row[frm].characters if _movable(g, st, f.seat, c) and g.may_enter(st, f.seat, c, frm, to)
    ]
    asked = pick_each(g, st, f, "_hitch", pool, "Take along")
    if asked:
        return asked
    chosen = f.vars.pop("_hitch")["chosen"]
    for c in chosen:
        g.move_character(st, f.seat, c, row.index(next(s for s in row if c in s.characters)), to, ctx)
    _went_along(st, chosen)
    return True


@custom_check("town_meeting")
def _can_town_meeting(g, st, f, ins):
    row = st.players[f.seat].row
    targets = [
        k for k, s in enumerate(row) if st.cards[s.locale] in ("town-hall", "town-square") and not s.flipped
    ]
    return any(
        k != j and _movable(g, st, f.seat, c) and g.may_enter(st, f.seat, c, j, k)
        for j, slot in enumerate(row)
        for c in slot.characters
        for k in targets
    )


@custom("town_meeting")
def _town_meeting(g, st, f, ins, ctx):
    row = st.players[f.seat].row
    targets = [
        k for k, s in enumerate(row) if st.cards[s.locale] in ("town-hall", "town-square") and not s.flipped
    ]
    if not targets:
        return False
    state = f.vars.setdefault("_tm", {"left": [c for c in g.characters(st, f.seat)], "moved": []})
    done, dest = _answer(g, st, f, "tm")
    if done:
        card = state["left"].pop(0)
        found = g.locate(st, card)
        if dest is not None and found is not None and found[1] != dest:
            g.move_character(st, f.seat, card, found[1], dest, ctx)
            state["moved"].append(card)
    while state["left"]:
        card = state["left"][0]
        found = g.locate(st, card)
        options = [
            (f"to:{k}", f"To {g.label(st, row[k].locale)}", k, g.refs(st, row[k].locale, card))
            for k in targets
            if found and k != found[1] and g.may_enter(st, f.seat, card, found[1], k)
        ]
        if not _movable(g, st, f.seat, card):  # a Character that cannot move stays
            options = []
        if not options or found is None:
            state["left"].pop(0)
            continue
        return _ask(
            g,
            st,
            f,
            "tm",
            f.seat,
            "destination",
            f"Move {g.label(st, card)}?",
            [("stay", "Leave it", None, [g.ref(st, card)]), *options],
        )
    _went_along(st, f.vars.pop("_tm")["moved"])
    return True


def _trio_home(g, st, row):
    """The row place where Lock, Shock and Barrel stand together, or None."""
    return next(
        (
            k
            for k, s in enumerate(row)
            if all(any(g.is_(st, c, x) for c in s.characters) for x in ("lock", "shock", "barrel"))
        ),
        None,
    )


def _tub_places(g, st, seat, row, home):
    trio = [next(c for c in row[home].characters if g.is_(st, c, x)) for x in ("lock", "shock", "barrel")]
    if not all(_movable(g, st, seat, c) for c in trio):  # they move together or not at all
        return trio, []
    places = [
        k
        for k, s in enumerate(row)
        if k != home and not s.flipped and all(g.may_enter(st, seat, c, home, k) for c in trio)
    ]
    return trio, places


@custom_check("tub_of_terror")
def _can_tub(g, st, f, ins):
    row = st.players[f.seat].row
    home = _trio_home(g, st, row)
    return home is not None and bool(_tub_places(g, st, f.seat, row, home)[1])


@custom("tub_of_terror")
def _tub(g, st, f, ins, ctx):
    row = st.players[f.seat].row
    home = _trio_home(g, st, row)
    if home is None:
        return False
    done, dest = _answer(g, st, f, "tub")
    if not done:
        trio, places = _tub_places(g, st, f.seat, row, home)
        options = [
            (f"to:{k}", g.label(st, row[k].locale), k, g.refs(st, row[k].locale, *trio)) for k in places
        ]
        if not options:
            return False
        return _ask(g, st, f, "tub", f.seat, "destination", "Where do Lock, Shock and Barrel go?", options)
    trio = [next(c for c in row[home].characters if g.is_(st, c, x)) for x in ("lock", "shock", "barrel")]
    for card in trio:
        g.move_character(st, f.seat, card, home, dest, ctx)
    _went_along(st, trio)
    return True


@custom("king_again")
def _king_again(g, st, f, ins, ctx):
    """I am the Pumpkin King!: pick an activity; every player in turn may do it once more."""
    done, activity = _answer(g, st, f, "ka")
    if not done:
        from nbc.plugins.tcg.rules import KING_ACTIVITIES

        return _ask(
            g,
            st,
            f,
            "ka",
            f.seat,
            "king-activity",
            "Choose a Pumpkin King activity",
            [(k, t, k) for k, t in KING_ACTIVITIES.items()],
        )
    ctx.emit(
        "king-activity", f"seat {f.seat} borrows the Pumpkin King card: {activity}", {"activity": activity}
    )
    n = len(st.players)
    for k in reversed(range(n)):  # the player holds the King's card now: the round starts with them
        g.push(st, "rules.king", (f.seat + k) % n, f.source, activity=activity)
    return True


def _tyb_functions(g, st, f):
    """(row place, Function, cards to discard) for each Function of an inactive Locale of
    yours whose missing Scare the hand can pay (the Surprise itself, while it is weighed
    in hand, does not pay) and whose first part could be done."""
    p = st.players[f.seat]
    hand = len(p.hand) - (1 if f.source in p.hand else 0)
    for k, slot in enumerate(p.row):
        if slot.flipped or g.is_active(st, f.seat, k):
            continue
        missing = g.threshold(st, slot) - sum(g.scare(st, c) for c in slot.characters)
        if 0 < missing <= hand:
            d = g.def_of(st, slot.locale)
            for j in range(len(d.functions)):
                if g.can_start(st, f.seat, slot.locale, f"{d.id}.function{j}"):
                    yield k, j, missing


@custom_check("time_you_begun")
def _can_time_you_begun(g, st, f, ins):
    return next(_tyb_functions(g, st, f), None) is not None


@custom("time_you_begun")
def _time_you_begun(g, st, f, ins, ctx):
    """Pay the missing Scare in cards from hand; the inactive Locale then performs a Function."""
    done, pick = _answer(g, st, f, "tyb")
    if not done:
        options = []
        for k, j, missing in _tyb_functions(g, st, f):
            d = g.def_of(st, st.players[f.seat].row[k].locale)
            label = f"{d.name}: {d.functions[j].label} (discard {missing})"
            options.append((f"fn:{k}:{j}", label, [k, j, missing], [d.id, *g.named(d.functions[j].label)]))
        if not options:
            return False
        return _ask(g, st, f, "tyb", f.seat, "function", "Which Locale's Function?", options)
    k, j, missing = pick
    f.vars["_tyb"] = [k, j]
    g.push(st, "rules.discard", f.seat, f.source, n=missing, by=f.seat)
    return True


@custom("perform_chosen")
def _perform_chosen(g, st, f, ins, ctx):
    k, j = f.vars["_tyb"]
    g.perform_function(st, f.seat, k, j, ctx)
    return True


@custom("extra_function")
def _extra_function(g, st, f, ins, ctx):
    """Say It Twice: one more Function this turn, from the witches' Locale."""
    locale = g.ev(st, f, "witches_locale()")
    st.extra_functions += 1
    st.flags["extra_at"] = locale
    ctx.emit(
        "extra-function",
        f"seat {f.seat} may perform one more Function at {g.label(st, locale)}",
        {"seat": f.seat, "refs": [g.ref(st, locale)]},
    )
    return True


@custom_check("pick_discard")
def _can_pick_discard(g, st, f, ins):
    seat = f.vars.get(ins["card"])
    return seat is not None and bool(st.players[seat].hand)


@custom("pick_discard")
def _pick_discard(g, st, f, ins, ctx):
    """Mad Genius: see the opponent's hand and choose the card they discard."""
    seat = f.vars[ins["card"]]
    verdict = g.window(st, f, seat, "hand-discard", ctx)
    if verdict is not True:
        return verdict
    done, card = _answer(g, st, f, "pd")
    if not done:
        hand = st.players[seat].hand
        if not hand:
            return False
        if f.vars.get("_pd_seen") != f.pc:  # the hand is looked at once, not again on resuming
            f.vars["_pd_seen"] = f.pc
            g.look_hand(st, f, seat, ctx)
        return _ask(
            g,
            st,
            f,
            "pd",
            f.seat,
            "choose",
            f"Which of seat {seat}'s cards is discarded?",
            [(f"pick:{c}", g.label(st, c), c, [g.ref(st, c)]) for c in g.distinct(st, hand)],
        )
    f.vars.pop("_pd_seen", None)
    g.discard_hand_card(st, seat, card, ctx, "picked by an opponent")
    return True


@custom("double")
def _double(g, st, f, ins, ctx):
    """Moody Mayor: the Mayor's Scare counts twice toward his Locale's threshold today."""
    st.flags[f"double:{f.vars[ins['card']]}"] = True
    return True


@custom("show")
def _show(g, st, f, ins, ctx):
    """Show everyone the card in variable `card` (from your hand or discard pile)."""
    card = f.vars[ins["card"]]
    g.show(st, [card])
    where = "hand" if card in st.players[f.seat].hand else "discard pile"
    ctx.emit(
        "show",
        f"seat {f.seat} shows {g.label(st, card)} from the {where}",
        {"seat": f.seat, "card": g.card_data(st, card), "refs": [g.ref(st, card)]},
    )
    return True


@custom_check("reorder_top")
def _can_reorder_top(g, st, f, ins):
    return bool(st.players[f.seat].deck)


@custom("reorder_top")
def _reorder_top(g, st, f, ins, ctx):
    """Look at the top n cards and put them back one by one; the last one chosen ends on top."""
    p = st.players[f.seat]
    state = f.vars.get("_ro")
    if state is None:
        n = min(int(ins["n"]), len(p.deck))
        if not n:
            return False
        state = f.vars["_ro"] = {"cards": p.deck[len(p.deck) - n :][::-1], "order": []}
        del p.deck[len(p.deck) - n :]
        ctx.emit(
            "look-top",
            f"seat {f.seat} looks at the top {n} cards of the Main Deck",
            {"seat": f.seat, "count": n},
        )
    done, card = _answer(g, st, f, "ro")
    if done:
        state["cards"].remove(card)
        state["order"].append(card)
    if len(state["cards"]) > 1:
        return _ask(
            g,
            st,
            f,
            "ro",
            f.seat,
            "order",
            "Choose the next card to put back (the last one goes on top)",
            [(f"put:{c}", g.label(st, c), c, [g.ref(st, c)]) for c in state["cards"]],
        )
    p.deck.extend(state["order"] + state["cards"])
    del f.vars["_ro"]
    return True


@custom("organ_donor")
def _organ_donor(g, st, f, ins, ctx):
    """Each player may discard Finklestein, or three other Characters, from their
    Halloweentown to play a Creation free."""
    seat = f.seat
    p = st.players[seat]
    creations = [
        c
        for c in g.distinct(st, p.hand)
        if g.def_of(st, c).kind == "creation" and g.title_in_town(st, seat, c) is None
    ]
    # from their Halloweentown, and only Characters that may be discarded from play
    chars = [c for c in g.town_characters(st, seat) if not g.is_immune(st, c)]
    finkle = [c for c in chars if g.is_(st, c, "dr-finklestein")]
    done, pick = _answer(g, st, f, "od")
    if not done:
        # whether a player is asked depends on what is in play and on the size of its
        # hand, never on what the hand holds (with no Creation in it, it can only pass)
        if not p.hand or (not finkle and len(chars) < 3):
            return True
        options = [("pass", "Do not take part", None)]
        for cr in creations:
            if finkle:
                label = f"Discard Dr. Finklestein to play {g.label(st, cr)} free"
                options.append((f"fink:{cr}", label, ["fink", cr], g.refs(st, cr, finkle[0])))
            if len(chars) >= 3:
                label = f"Discard three Characters to play {g.label(st, cr)} free"
                options.append((f"three:{cr}", label, ["three", cr], [g.ref(st, cr)]))
        return _ask(g, st, f, "od", seat, "organ-donor", "Trade Characters for a free Creation?", options)
    if pick is None:
        return True
    how, creation = pick
    if how == "fink":
        g.remove_for_cost(st, finkle[0], ctx)
    else:
        g.push(st, "rules.free_creation", seat, creation)  # runs after the three discards below
        g.push(st, "rules.sacrifice3", seat, f.source)
        return True
    g.play_free(st, seat, creation, ctx)
    return True


@custom("free_creation")
def _free_creation(g, st, f, ins, ctx):
    if f.source in st.players[f.seat].hand:
        g.play_free(st, f.seat, f.source, ctx)
    return True


@custom("sackful")
def _sackful(g, st, f, ins, ctx):
    p = st.players[f.seat]
    done, yes = _answer(g, st, f, "sack")
    if not done:
        if "_top" not in f.vars:  # turned once: resuming before the answer asks again
            top = f.vars["_top"] = p.deck.pop()
            g.show(st, [top])
            ctx.emit(
                "turn-top",
                f"seat {f.seat} turns over {g.label(st, top)}",
                {"seat": f.seat, "card": g.card_data(st, top), "refs": [g.ref(st, top)]},
            )
            p.hand.append(top)
        top = f.vars["_top"]
        if g.def_of(st, top).kind == "creation" and g.title_in_town(st, f.seat, top) is None:
            return _ask(
                g,
                st,
                f,
                "sack",
                f.seat,
                "may",
                f"Play {g.label(st, top)} for free?",
                [("yes", "Yes", True, [g.ref(st, top)]), ("no", "No", False, [g.ref(st, top)])],
            )
        yes = False
    top = f.vars.pop("_top")
    if yes:
        g.play_free(st, f.seat, top, ctx)
    else:
        g.discard_hand_card(st, f.seat, top, ctx, "turned over by Sackful of Mischief")
    return True


def _mill(g, st, seat, ctx):
    """Turn over the top card of a player's Main Deck and discard it; its number (or None)."""
    p = st.players[seat]
    if not p.deck:
        return None
    top = p.deck.pop()
    p.discard.append(top)
    g.show(st, [top])
    ctx.emit(
        "mill",
        f"seat {seat} turns over {g.label(st, top)} from the Main Deck",
        {"seat": seat, "card": g.card_data(st, top), "refs": [g.ref(st, top)]},
    )
    return g.def_of(st, top).number or 0


@custom_check("rollin_dice")
def _can_roll(g, st, f, ins):
    """A card can be turned from the deck of the chosen Character's player."""
    target = f.vars.get(ins["card"])
    seat = None if target is None else g.town_of(st, target)
    return seat is not None and bool(st.players[seat].deck)


@custom("rollin_dice")
def _rollin_dice(g, st, f, ins, ctx):
    target = f.vars[ins["card"]]
    key = f"_dice{f.pc}"
    if key not in f.vars:  # the card is turned once; an opponent's answer resumes after it
        seat = g.town_of(st, target)
        if seat is None:
            return False
        value = _mill(g, st, seat, ctx)
        if value is None:
            return False
        higher = value > g.scare(st, target)
        if not higher:  # the Character stands: Let's Play! may add a second card, right after this one
            st.flags["dice"] = {"seat": f.seat, "target": target, "value": value}
        f.vars[key] = [target, higher]
    return _discard_if(g, st, f, key, ctx)


@custom("lets_play")
def _lets_play(g, st, f, ins, ctx):
    key = f"_dice{f.pc}"
    if key not in f.vars:  # the second card is turned once, as the first was
        dice = st.flags.pop("dice")
        target = dice["target"]
        seat = g.town_of(st, target)
        if seat is None:
            return False
        more = _mill(g, st, seat, ctx)
        if more is None:
            return False
        f.vars[key] = [target, dice["value"] + more > g.scare(st, target)]
    return _discard_if(g, st, f, key, ctx)


def _discard_if(g, st, f, key, ctx):
    """Discard the target when the turned card(s) beat it (`[target, higher]` under
    `key`), kept while its owner is asked whether to answer, so resuming turns nothing again."""
    target, higher = f.vars[key]
    if not higher:
        del f.vars[key]
        return True
    result = g.remove_card(st, f, target, "discard", ctx)
    if result != ASK:
        del f.vars[key]
    return result


@custom_check("wheel")
def _can_wheel(g, st, f, ins):
    seat = f.vars.get(ins["card"])
    return seat is not None and bool(st.players[seat].deck)


@custom("wheel")
def _wheel(g, st, f, ins, ctx):
    seat = f.vars[ins["card"]]
    value = _mill(g, st, seat, ctx)
    if value is None:
        return False
    f.vars["_n"] = value
    g.push(st, "rules.wheel", f.seat, f.source, n=value, o=seat)
    return True


@custom("house_of_cards")
def _house_of_cards(g, st, f, ins, ctx):
    """Turn the top card: a Surprise topples the House (it and all beneath are discarded);
    anything else goes face down beneath it, adding to its Scare."""
    p = st.players[f.seat]
    house = next(c for c in g.creations_of(st, f.seat) if g.is_(st, c, "house-of-cards"))
    top = p.deck.pop()
    g.show(st, [top])
    ctx.emit(
        "turn-top",
        f"seat {f.seat} turns over {g.label(st, top)}",
        {"seat": f.seat, "card": g.card_data(st, top), "refs": [g.ref(st, top)]},
    )
    key = f"beneath:{house}"
    if g.def_of(st, top).kind == "surprise":
        p.discard.append(top)
        for c in st.flags.pop(key, []):
            g.to_discard(st, c, ctx, "the House of Cards topples")
        return True
    st.flags.setdefault(key, []).append(top)
    return True
