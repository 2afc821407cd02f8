"""The Christmas Town rules, as answers to the TCG's expansion hooks.

Each function below implements one hook of `nbc.plugins.tcg.hooks`; the TCG calls them
only in matches whose `expansions` option lists "christmas-town". Sections follow the
expansion rules (shared/rules/002): 1-2 the two towns and the Locale row, 3 where
Characters are played, 4 travel, 5 Joy Thresholds, 6 Bonuses, 7 winning.

The row: a player's Halloweentown Locales come first (left), then their Christmas Town
Locales (right); the view leaves a gap between the groups. A Locale's town is its card's
`holiday`, so a town never depends on where a Locale lies. The two inner edges are the
last Halloweentown Locale and the first Christmas Town Locale.
"""

from __future__ import annotations

from typing import Any

from nbc.core.coverage import fired
from nbc.core.hookspecs import hookimpl
from nbc.plugins.christmas_town import effects
from nbc.plugins.christmas_town.effects import CHRISTMAS_TOWN  # noqa: F401  (holiday "christmas")
from nbc.plugins.tcg.api import HALLOWEENTOWN, Rules, State, Trigger, cut_price

MAX_CHRISTMAS_LOCALES = 5
TRAVEL = "travel"  # keyword: "may travel between Holiday Towns" (printed, or granted)
# the keywords Christmas Town cards print, which the hooks below read (Expansion.keywords)
KEYWORDS = frozenset(
    {
        TRAVEL,
        "factory",  # a Factory that Santa's House eases
        "eases-factories",  # Santa's House
        "creations-cost-less",  # Toy Factory
        "search-bonus",  # The Bakery
        "keeps-failed-search",  # Zero, Pale Retriever
        "active-with:",  # Zero's Doghouse: Active whenever that Character is there
    }
)


def town_of_locale(g: Rules, st: State, locale: str) -> str:
    return g.home_town(st, locale)


def halloweentown_size(g: Rules, st: State, seat: int) -> int:
    """How many Locales the Halloweentown group holds (they come first in the row)."""
    return len(g.town_slots(st, seat, HALLOWEENTOWN))


# --- 1-2. Two towns, one row with a gap ----------------------------------------------------
@hookimpl
def tcg_locale_placements(g: Rules, st: State, seat: int, card: str) -> list[tuple[str, str, int, list[str]]]:
    """A new Locale goes at either end of its own town's group."""
    row = st.players[seat].row
    name = g.label(st, card)
    about = [g.ref(st, card)]
    h = halloweentown_size(g, st, seat)
    if town_of_locale(g, st, card) == HALLOWEENTOWN:
        return [
            ("left", f"{name} at the left end of your Halloweentown", 0, about),
            ("right", f"{name} at the right end of your Halloweentown", h, about),
        ]
    if h == len(row):
        return [("right", f"{name} starts your Christmas Town", h, about)]
    return [
        ("left", f"{name} at the left end of your Christmas Town", h, about),
        ("right", f"{name} at the right end of your Christmas Town", len(row), about),
    ]


@hookimpl
def tcg_check_deck(deck: Any, defs: dict[str, Any], where: str) -> list[str]:
    problems = []
    start = defs.get(deck.starting_locale)
    if start is not None and start.holiday == "christmas":
        problems.append(f"{where}: the Starting Locale must be a Halloweentown Locale")
    christmas = [c for c in deck.locales if c in defs and defs[c].holiday == "christmas"]
    if len(christmas) > MAX_CHRISTMAS_LOCALES:
        problems.append(
            f"{where}: {len(christmas)} Christmas Town Locales; at most {MAX_CHRISTMAS_LOCALES} "
            "may replace Halloweentown Locales"
        )
    return problems


# --- 3. Characters are played to their own holiday's town -------------------------------------
@hookimpl
def tcg_may_play_character(
    g: Rules, st: State, seat: int, card: str, town: int, k: int, how: str
) -> bool | None:
    """A Character goes to its own town's Locales (a new version replacing an old one takes
    its place, wherever that is); Evil Eye's titles wait for the next Round; Santa Claus and
    Sandy Claws never share one player's towns. `town` is the row's owner."""
    home = g.home_town(st, card)
    if how != "replace" and g.slot_town(st, town, k) != home:
        return False
    title = g.def_of(st, card).title_key
    flipped = st.flags.get("flipped_titles")
    if flipped and title in flipped.get(str(town), ()):
        return False  # Evil Eye: that title may not come back this Round
    if g.def_of(st, card).name in st.flags.get("banned_titles", ()):
        return False  # I can't make decisions!: nobody plays that title this Round, free or not
    for one, other in (("sandy-claws", "santa-claus"), ("santa-claus", "sandy-claws")):
        if title == one and any(g.is_(st, c, other) for c in g.characters(st, town)):
            return False  # Santa Claus and Sandy Claws never share a player's towns
    return None


# --- 4. Travel between Holiday Towns -----------------------------------------------------------
@hookimpl
def tcg_may_move(g: Rules, st: State, town: int, card: str, frm: int, to: int) -> bool | None:
    row = st.players[town].row
    a, b = town_of_locale(g, st, row[frm].locale), town_of_locale(g, st, row[to].locale)
    if a == b:
        return None
    if not g.has_keyword(st, card, TRAVEL):
        return False
    h = halloweentown_size(g, st, town)
    return {frm, to} == {h - 1, h}  # only the two inner edges are connected


# --- 5. Joy Thresholds -------------------------------------------------------------------------
def joy_needed(g: Rules, st: State, seat: int, k: int, record: bool = True) -> int:
    """A Christmas Town Locale's Joy Threshold, less Santa's House's help for Factories
    (`record`: count Santa's House as used, for the card coverage; the view does not)."""
    row = st.players[seat].row
    d = g.defs[st.cards[row[k].locale]]
    need = d.number or 0
    if "factory" in d.keywords:
        for slot in row:
            helper = g.defs[st.cards[slot.locale]]
            eases = "eases-factories" in helper.keywords and not slot.flipped
            if eases and any(g.is_(st, c, "santa-claus") for c in slot.characters):
                need -= 1
                if record:
                    fired(helper.id)
                break
    return need


@hookimpl
def tcg_locale_active(g: Rules, st: State, seat: int, k: int) -> bool | None:
    slot = st.players[seat].row[k]
    d = g.defs[st.cards[slot.locale]]
    if d.holiday != "christmas":
        for word in d.keywords:  # Zero's Doghouse: Active whenever Zero is there
            if word.startswith("active-with:") and any(g.is_(st, c, word[12:]) for c in slot.characters):
                fired(d.id)
                return True
        return None
    if st.flags and f"active:{slot.locale}" in st.flags:
        return True
    defs, cards = g.defs, st.cards
    count = 0  # the Joy (see joy below), counted inline: this runs in the rules' inner loop
    for c in slot.characters:
        if defs[cards[c]].holiday == "christmas":
            count += 1
    return count >= joy_needed(g, st, seat, k)


def joy(g: Rules, st: State, slot: Any) -> int:
    """The Joy at a Locale: the number of Christmas Characters there."""
    defs, cards = g.defs, st.cards
    return sum(1 for c in slot.characters if defs[cards[c]].holiday == "christmas")


@hookimpl
def tcg_view(g: Rules, st: State, seat: int | None, view: dict[str, Any]) -> None:
    """Public, so the same for every seat: each Character in a row carries its
    `holiday`, and each Christmas Town Locale its `joy` (the Christmas Characters there)
    and `joy_needed` (its Joy Threshold, less what Santa's House takes off)."""
    defs, cards = g.defs, st.cards
    for s, player in enumerate(view["players"]):
        row = st.players[s].row
        for k, shown in enumerate(player["row"]):
            slot = row[k]
            for character, c in zip(shown["characters"], slot.characters, strict=True):
                character["holiday"] = defs[cards[c]].holiday
            if defs[cards[slot.locale]].holiday == "christmas":
                shown["joy"] = joy(g, st, slot)
                shown["joy_needed"] = joy_needed(g, st, s, k, record=False)


# --- 6. Bonuses of Active Christmas Town Locales -----------------------------------------------
def active_bonus_locales(g: Rules, st: State, seat: int, keyword: str | None = None, want: Any = None):
    """(row index, slot, card) of seat's Active Christmas Town Locales (with a keyword, or
    whose card `want` accepts); the cheap tests come before the Joy count."""
    for k, slot in enumerate(st.players[seat].row):
        d = g.defs[st.cards[slot.locale]]
        if d.holiday != "christmas" or (keyword is not None and keyword not in d.keywords):
            continue
        if want is not None and not want(d):
            continue
        if g.is_active(st, seat, k):
            yield k, slot, d


class _Facts:
    """What a match's cards let Christmas Town do, worked out once per match (kept in the
    state's memo, never saved): hooks whose cards are absent answer at once."""

    __slots__ = ("bonus_events", "answers", "ability_locales", "toy_factory")

    def __init__(self, g: Any, cards: frozenset[str]) -> None:
        defs = [g.defs[c] for c in cards]
        ct_locales = [d for d in defs if d.holiday == "christmas" and d.is_locale]
        # events some Christmas Town Locale of the match has a Bonus for
        self.bonus_events = frozenset(t.on for d in ct_locales for t in d.triggers)
        # events a card of the match answers from hand or from the table (effects.answer_event)
        self.answers = frozenset(
            event for event, needs in effects.ANSWERS.items() if not needs or not needs.isdisjoint(cards)
        )
        self.ability_locales = frozenset(d.id for d in ct_locales if d.abilities)
        self.toy_factory = any("creations-cost-less" in d.keywords for d in defs)


def facts(g: Rules, st: State) -> _Facts:
    cards = g.in_match(st)  # first: a new match (or new cards) starts the memo afresh
    found = st.memo.get("ct")
    if found is None:
        found = st.memo["ct"] = _Facts(g, cards)
    return found


@hookimpl
def tcg_event(g: Rules, st: State, event: str, data: dict[str, Any]) -> None:
    known = facts(g, st)
    if event in known.answers:
        effects.answer_event(g, st, event, data)  # cards that answer events (How dare you!, ...)
    if event not in known.bonus_events:
        return

    def listens(d: Any) -> bool:
        return any(t.on == event for t in d.triggers)

    for seat in range(len(st.players)):
        for _, slot, d in active_bonus_locales(g, st, seat, want=listens):
            for j, trig in enumerate(d.triggers):
                if trig.on != event:
                    continue
                if trig.when and not g.ev_at(st, seat, slot.locale, trig.when, **data):
                    continue
                st.triggers.append(
                    Trigger(f"{d.id}.trigger{j}", seat, slot.locale, dict(data), g.effect_depth(st))
                )


@hookimpl
def tcg_more_actions(g: Rules, st: State, seat: int) -> list[tuple[str, str, Any, list[str]]]:
    """Bonuses used in your turn (Cookie Factory): the abilities of Active CT Locales."""
    out: list[tuple[str, str, Any, list[str]]] = []
    with_abilities = facts(g, st).ability_locales
    if not with_abilities:
        return out
    cards = st.cards
    for k, slot in enumerate(st.players[seat].row):
        if cards[slot.locale] not in with_abilities or not g.is_active(st, seat, k):
            continue
        d = g.defs[cards[slot.locale]]
        for j, ability in enumerate(d.abilities):
            if ability.when and not g.ev_at(st, seat, slot.locale, ability.when):
                continue
            if not g.can_start(st, seat, slot.locale, f"{d.id}.ability{j}"):
                continue
            refs = [g.ref(st, slot.locale), *g.named(ability.label)]
            out.append(
                (f"use:{slot.locale}:{j}", f"{d.name}: {ability.label}", ["use", slot.locale, j], refs)
            )
    return out


@hookimpl
def tcg_search_bonus(g: Rules, st: State, seat: int) -> int:
    bonus = 0
    for _, _, d in active_bonus_locales(g, st, seat, "search-bonus"):
        fired(d.id)
        bonus += 1
    return bonus


@hookimpl
def tcg_adjust_cost(g: Rules, st: State, seat: int, card: str, price: int) -> int | None:
    d = g.defs[st.cards[card]]
    changed = price
    if d.kind == "creation" and facts(g, st).toy_factory:
        for _, _, factory in active_bonus_locales(g, st, seat, "creations-cost-less"):
            cut = int(cut_price(changed, -1, 1))  # Toy Factory: never below 1
            if cut != changed:
                fired(factory.id)
            changed = cut
    if d.kind == "surprise":
        changed += st.flags.get("lovely", []).count(seat)  # Lovely!
        for p in st.players:
            for c in p.placed:
                if any(g.defs[st.cards[s]].name == d.name for s in st.stacked.get(c, ())):
                    changed += 1  # How dare you!: that title costs 1 more
    if d.name in st.flags.get("banned_titles", ()):
        changed = 99  # I can't make decisions!: nobody may play it this Round
    return None if changed == price else changed


@hookimpl
def tcg_price_cuts(cards: list[Any]) -> list[tuple[str, int, int | None]]:
    """Each Locale that makes Creations cheaper (Toy Factory) may cut 1, never below 1."""
    return [("creation", -1, 1) for d in cards if "creations-cost-less" in d.keywords]


@hookimpl
def tcg_failed_search(g: Rules, st: State, seat: int, frame: Any, shown: list[str]) -> bool | None:
    """Zero, Pale Retriever: with Jack at The Dark Wood, a Surprise's failed Search keeps a card."""
    if not shown or not frame.source or g.def_of(st, frame.source).kind != "surprise":
        return None
    for slot in g.slots_named(st, seat, "the-dark-wood"):
        keeps = [c for c in slot.characters if "keeps-failed-search" in g.def_of(st, c).keywords]
        retriever = keeps[0] if keeps else None
        if retriever and any(g.is_(st, c, "jack-skellington") for c in slot.characters):
            fired(st.cards[retriever])
            return True  # the player chooses which card to keep
    return None


@hookimpl
def tcg_shelter(g: Rules, st: State, by: int, seat: int, source: str, against: str) -> bool | None:
    """Parasols: before Day 10, each opponent's turn may reach your Characters or hand
    with one card only; a second card of that turn does not affect you."""
    if by != st.turn or st.round >= 10 or against not in ("character", "surprise-character", "hand-discard"):
        return None
    if not any(st.cards[c] == "parasols" for c in st.players[seat].placed):
        return None
    used = st.flags.setdefault("parasols", {})
    key = f"{st.round}:{by}>{seat}"
    first = used.setdefault(key, source)
    if first == source:
        return None
    fired("parasols")
    return False


@hookimpl
def tcg_set_aside(g: Rules, st: State) -> list[tuple[str, str]]:
    """Evil Eye's face-down Characters and Lovely! in front of its target, until the End Phase."""
    flags = st.flags
    out = [(f"face down beside seat {seat}'s row", card) for card, seat, _ in flags.get("flipped_chars", ())]
    out += [("set aside by Lovely!", card) for card in flags.get("lovely_cards", ())]
    return out


# --- 7. Winning --------------------------------------------------------------------------------
@hookimpl
def tcg_tiebreak_threshold(g: Rules, st: State, seat: int, k: int) -> int | None:
    """Scare and Joy Thresholds count alike: the printed number of each Active Locale."""
    return g.defs[st.cards[st.players[seat].row[k].locale]].number or 0
