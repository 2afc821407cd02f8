"""Random legal set-ups of the TCG for the fuzzer and the test kit, and smaller ones to
shrink a failure with (`TcgGame.random_setup`, `TcgGame.shrink_setup`).

A set-up is a variant, a seat count and options: one deck list per seat and, one time
in five, fewer Days. Every deck is built to pass the game's own deck check (`check_deck`
and the enabled expansions' `tcg_check_deck`): one Starting Locale, five different
other Locales (at most five of them in Christmas Town), at least 40 Main Deck cards and
no more than four of a Card Title. Decks come in styles, so that random play meets the
whole card pool, not only its common cards:

- `plain`: any cards of the variant, Characters more often than the rest;
- `responses`: cards that act in other players' turns, many times more often;
- `rare`: rare mechanics many times more often: travel between towns, triggers and
  Bonuses, abilities, Creations, cards with effects of their own (`custom`), price
  changes, cards played into other towns; at least two Christmas Town Locales;
- `busy`: cheap Characters and Locales with low thresholds, for towns that come alive;
- `festive` (with Christmas Town): Christmas Characters crowding one or two Christmas
  Town Locales, so that high Joy Thresholds are met;
- a ready deck now and then.

The `focus` cards (coverage keys that have not fired yet) go into the decks as several
copies where the rules let them: Main Deck cards up to the title limit, Locales into the
Locale deck, a Starting Locale as the Starting Locale. A long list is shared out among
the seats; a short one goes to every seat, and each set-up works hardest on one or two
of its cards: four copies, a card for each card or name group their rules mention (and
for those that those mention: Snake & Spider Stew wants Sandy Claws at Oogie's Lair, and
Sandy moves only with Lock, Shock and Barrel in play), and a deck suited to what they
need (`Pool.wants`: Active Locales, Pumpkin Points, travellers into Christmas Town).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from nbc.core.errors import BadOptions
from nbc.core.game import Setup
from nbc.core.rng import Rng
from nbc.plugins.tcg.effects import FACT_FIELDS, KINDS, TcgCard
from nbc.plugins.tcg.rules import DAYS, MAIN_DECK_MIN, TITLE_MAX

if TYPE_CHECKING:
    from nbc.plugins.tcg.game import TcgGame

# deck styles, drawn uniformly (a style listed twice comes twice as often)
STYLES = ("plain", "plain", "responses", "rare", "rare", "busy")
CHRISTMAS_STYLES = (*STYLES, "festive", "festive")  # with Christmas Town in the pool
SHORT_GAMES = 5  # one set-up in this many has fewer Days
READY = 7  # one seat in this many plays a ready deck (when it has no focus cards to hold)
BIAS = 8  # how many times more often a favoured card is drawn
FOCUS_EVERYWHERE = 8  # this few focus cards go into every seat's deck (they may need opponents)
FOCUS_PER_SEAT = 12  # a longer focus list is shared out, this many Main Deck cards a seat
COMPANIONS = 3  # names of a card's rules that bring a card along (all of them for a short focus)
VERSIONS = 3  # cards that answer one name, at most, brought along for a short focus
DEAR = 5  # a focus card this dear brings Locales rich in Pumpkin Points along
DEAREST = 6  # and one this dear the richest of them (all the Points a player may hold)
RICH = 3  # Pumpkin Points a rich Locale's Function adds at once, at least
_PROGRAMS = {"on_play", "functions", "modes", "abilities", "triggers"}  # a card's effect programs
_TOKEN = re.compile(r"[a-z][a-z0-9-]*")
_QUOTED = re.compile(r"'([a-z][a-z0-9-]*)'")


@dataclass
class Pool:
    """The cards one variant may use, sorted the ways deck building needs."""

    variant: str
    sets: tuple[str, ...]
    styles: tuple[str, ...]
    starting: list[str]
    locales: list[str]  # Halloweentown Locales (not Starting Locales)
    christmas_locales: list[str]
    main: list[str]
    title: dict[str, str]  # card id -> Card Title (all versions of a Character share one)
    kind: dict[str, str]
    number: dict[str, int]  # Scare Number or threshold
    festive: set[str]  # Christmas Characters: played only to Christmas Town
    travellers: set[str]  # Characters that may cross between the towns
    responders: set[str]  # cards that act in other players' turns
    rare: set[str]  # cards with rare mechanics
    needs: dict[str, list[str]]  # card id -> cards and name groups its rules name
    rich: list[str]  # Locales and Starting Locales with a Function adding RICH Pumpkin Points or more
    points: dict[str, int]  # Locale id -> the most Pumpkin Points one of its Functions adds
    cutters: dict[str, list[str]]  # card id -> cards whose modifiers make it cheaper
    givers: list[str]  # Main Deck cards whose effects add Pumpkin Points
    # what makes a want come true -> Main Deck cards that bring it about: "attacked" (cards
    # that discard Characters from play), "stacked-on-creation" (Surprises Stacked on Creations)
    makers: dict[str, list[str]]
    # card id -> what its effect needs: "busy" (many Active Locales), "rich" (many Pumpkin
    # Points), "crossing" (Characters that travel into Christmas Town), and `makers` keys
    wants: dict[str, set[str]]
    answering: dict[str, list[str]]  # a card id or name group -> Main Deck cards answering to it
    ready: list[str]  # ready decks legal in the variant
    weights: dict[tuple[str, bool], tuple[list[str], list[int]]] = field(default_factory=dict)

    def cumulative(self, style: str, has_christmas: bool) -> tuple[list[str], list[int]]:
        """Main Deck cards and their cumulative weights for a deck of that style."""
        key = (style, has_christmas)
        found = self.weights.get(key)
        if found is None:
            favoured = {
                "responses": self.responders,
                "rare": self.rare,
                "busy": {c for c in self.main if self.kind[c] == "character" and self.number[c] <= 2},
                "festive": self.festive,
            }.get(style, set())
            cards, weights = [], []
            for card in self.main:
                if card in self.festive and not has_christmas:
                    continue  # nowhere to play it
                weight = {"character": 3, "creation": 2}.get(self.kind[card], 1)
                cards.append(card)
                weights.append(weight * BIAS if card in favoured else weight)
            found = self.weights[key] = (cards, list(accumulate(weights)))
        return found


def pool_of(game: TcgGame, variant: str) -> Pool:
    found = game.pools.get(variant)
    if found is None:
        found = game.pools[variant] = _make_pool(game, variant)
    return found


def _make_pool(game: TcgGame, variant: str) -> Pool:
    sets = game.variant_sets(variant)
    defs = [d for d in game.defs.values() if d.set in sets]
    main = [d for d in defs if not d.is_locale]
    locales = [d for d in defs if d.kind == "locale"]
    groups = {g for d in main for g in d.groups}
    names = ({d.id for d in defs} | groups) - {"any", *KINDS}
    answering: dict[str, list[str]] = {}
    for d in main:
        for key in {d.id, *d.groups}:
            answering.setdefault(key, []).append(d.id)
    christmas = any(d.holiday == "christmas" for d in locales)
    return Pool(
        variant=variant,
        sets=sets,
        styles=CHRISTMAS_STYLES if christmas else STYLES,
        starting=[d.id for d in defs if d.kind == "starting-locale" and d.holiday != "christmas"],
        locales=[d.id for d in locales if d.holiday != "christmas"],
        christmas_locales=[d.id for d in locales if d.holiday == "christmas"],
        main=[d.id for d in main],
        title={d.id: d.name for d in main},
        kind={d.id: d.kind for d in main},
        number={d.id: d.number or 0 for d in defs},
        festive={d.id for d in main if d.kind == "character" and d.holiday == "christmas"},
        travellers={d.id for d in main if "travel" in d.keywords},
        responders={d.id for d in main if _responds(d)},
        rare={d.id for d in defs if _is_rare(d)},
        needs={d.id: sorted(_names_in(d, names) | (set(CODE_NEEDS.get(d.id, ())) & names)) for d in defs},
        rich=[d.id for d in defs if d.is_locale and d.holiday != "christmas" and points(d) >= RICH],
        points={d.id: points(d) for d in defs if d.is_locale},
        cutters={d.id: [c.id for c in main if _cuts(c, d)] for d in main},
        givers=[d.id for d in main if "'op': 'pp'" in _program_text(d)],
        makers={
            "attacked": [d.id for d in main if "'op': 'destroy'" in _program_text(d)],
            "stacked-on-creation": [
                d.id
                for d in main
                if "'op': 'stack'" in _program_text(d) and "my_creations" in _program_text(d)
            ],
        },
        wants={d.id: _wants(d) for d in defs},
        answering=answering,
        ready=[name for name in game.starters if _legal_deck(game, variant, name)],
    )


def _responds(d: TcgCard) -> bool:
    """Whether the card acts in other players' turns: answers, guards, Start Phase plays."""
    return bool(d.responses or d.guards or any(m.phase == "king" for m in d.modes))


def _is_rare(d: TcgCard) -> bool:
    if d.kind == "creation" or "travel" in d.keywords or d.triggers or d.abilities:
        return True
    if d.modifiers or d.opponent_play or d.discounts:
        return True
    if d.is_locale and (d.holiday == "christmas" or d.keywords):
        return True
    return "'custom'" in _program_text(d)  # a card with an effect of its own


def _program_text(d: TcgCard) -> str:
    """A card's effect programs as text, to look for the ops they use."""
    return repr(d.model_dump(include=_PROGRAMS))


def points(d: TcgCard) -> int:
    """The most Pumpkin Points one Function of the Locale adds (a fixed number)."""
    found = [step.get("n") for fn in d.functions for step in fn.ops if step.get("op") == "pp"]
    return max((n for n in found if isinstance(n, int)), default=0)


def _cuts(cutter: TcgCard, d: TcgCard) -> bool:
    """Whether `cutter`'s price changes make `d` cheaper."""
    return any(v < 0 and (k in (d.kind, d.id) or k in d.groups) for k, v in cutter.modifiers.items())


# What a card's effect needs that its data does not name, because an expansion's rules
# hold the condition in code (`tcg_failed_search`): the cards and Locales it names.
CODE_NEEDS = {"zero-pale-retriever": ("jack-skellington", "the-dark-wood")}


def _wants(d: TcgCard) -> set[str]:
    """What a card's effect needs besides other cards: `busy` when its rules count Active
    Locales, else `rich` when it is dear (DEAR Pumpkin Points or more); `crossing` when a
    Halloween card's rules look into Christmas Town; `attacked` for a card that guards or
    answers; `stacked-on-creation` for a trigger on that event."""
    rules = repr(d.model_dump(exclude=set(FACT_FIELDS)))
    wants = {"crossing"} if "'christmas-town'" in rules and d.holiday != "christmas" else set()
    if d.guards or d.immune or any(r.against != "hand-discard" for r in d.responses):
        wants.add("attacked")  # it shows only when someone goes for a Character
    if any(t.on == "stacked_on_creation" for t in d.triggers):
        wants.add("stacked-on-creation")
    if "active" in rules:
        return wants | {"busy"}  # a price that falls with Active Locales is paid with them, not riches
    return wants | {"rich"} if not d.is_locale and (d.number or 0) >= DEAR else wants


def _names_in(d: TcgCard, names: set[str]) -> set[str]:
    """The cards and name groups a card's rules name (other than its own title)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.update([value] if _TOKEN.fullmatch(value) else _QUOTED.findall(value))
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    walk(d.model_dump(exclude=set(FACT_FIELDS)))
    return (found & names) - {d.id, d.title_key}


def _legal_deck(game: TcgGame, variant: str, deck: str | dict[str, Any]) -> bool:
    try:
        game.resolve_decks(game.make_options(variant, {"decks": [deck]}), 1)
    except BadOptions:
        return False
    return True


def _pick(rng: Rng, cards: list[str], cumulative: list[int]) -> str:
    return cards[bisect_right(cumulative, rng.below(cumulative[-1]))]


def _weighted_sample(rng: Rng, items: list[str], weights: list[int], k: int) -> list[str]:
    """k different items, each drawn with a chance in proportion to its weight."""
    items, weights, out = list(items), list(weights), []
    for _ in range(k):
        at = bisect_right(list(accumulate(weights)), rng.below(sum(weights)))
        out.append(items.pop(at))
        weights.pop(at)
    return out


class DeckList:
    """A deck list being built; `add` keeps every Card Title within the limit."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.main: dict[str, int] = {}
        self.titles: dict[str, int] = {}
        self.total = 0

    def add(self, card: str, copies: int) -> int:
        title = self.pool.title[card]
        copies = min(copies, TITLE_MAX - self.titles.get(title, 0))
        if copies > 0:
            self.main[card] = self.main.get(card, 0) + copies
            self.titles[title] = self.titles.get(title, 0) + copies
            self.total += copies
        return max(copies, 0)


def random_setup(
    game: TcgGame, rng: Rng, variant: str | None, players: int | None, focus: Sequence[str]
) -> Setup:
    name = game.variant(variant if variant is not None else rng.choice(list(game.variants))).name
    pool = pool_of(game, name)
    if players is None:
        counts = game.seat_counts(name)
        players = counts[rng.below(len(counts))]
    legal = set(pool.main) | set(pool.starting) | set(pool.locales) | set(pool.christmas_locales)
    wanted = [card for card in focus if card in legal]
    rng.shuffle(wanted)
    short = len(wanted) <= FOCUS_EVERYWHERE
    # a short focus goes to every seat, and each set-up works hardest on one or two of it
    stress = rng.randint(1, 2) if short else 0
    decks: list[str | dict[str, Any]] = []
    for seat in range(players):
        share = wanted if short else wanted[seat::players]
        if pool.ready and not share and rng.below(READY) == 0:  # a ready deck has no room for focus
            decks.append(rng.choice(pool.ready))
        else:
            decks.append(random_deck(pool, rng, rng.choice(pool.styles), share, thorough=stress))
    options: dict[str, Any] = {"decks": decks}
    if rng.below(SHORT_GAMES) == 0:
        options["days"] = rng.randint(1, DAYS - 1)
    return Setup(name, players, options)


def random_deck(
    pool: Pool, rng: Rng, style: str, focus: Sequence[str] = (), thorough: int = 0
) -> dict[str, Any]:
    """A legal deck list of `style` holding the `focus` cards where the rules allow, with
    cards for what they name. The first `thorough` focus cards get as many copies as the
    rules allow, a card for every name they mention and for the names those mention, and
    a deck suited to what they need (`Pool.wants`)."""
    stressed = list(focus[:thorough])
    rest = [c for c in focus[thorough:] if c not in pool.title]
    rest += [c for c in focus[thorough:] if c in pool.title][:FOCUS_PER_SEAT]
    near = _companions(pool, rng, stressed, True)
    near += _companions(pool, rng, near, True)
    wants = {want for card in stressed for want in pool.wants.get(card, ())}
    if "rich" in wants:  # to afford a dear card in one turn: Locales rich in Points, price cuts
        if any(pool.number[card] >= DEAREST for card in stressed):  # the richest, and a rich start
            near += sorted(pool.rich, key=pool.points.__getitem__, reverse=True)[:3]
        else:
            near += rng.sample(pool.rich, min(2, len(pool.rich)))
        near += rng.sample(pool.givers, min(3, len(pool.givers)))
        near += [cut for card in stressed for cut in pool.cutters.get(card, ())]
    if "busy" in wants:
        style = "busy"
    for want in wants & pool.makers.keys():  # every seat gets them: opponents attack too
        near += rng.sample(pool.makers[want], min(3, len(pool.makers[want])))
    far = _companions(pool, rng, rest, False)
    ordered = [*stressed, *rest, *near, *far]  # what matters most first: it wins a tight place
    places = [c for c in ordered if c not in pool.title]
    start = next((c for c in places if c in pool.starting), None) or rng.choice(pool.starting)
    main = [c for c in ordered if c in pool.title]
    christmas = "crossing" in wants or any(c in pool.festive for c in main)
    locales = _locale_deck(pool, rng, style, places, christmas)
    deck = DeckList(pool)
    for group, least, most in ((stressed, TITLE_MAX, TITLE_MAX), ([*near, *rest], 2, 4), (far, 1, 3)):
        for card in group:
            if card in pool.title:
                deck.add(card, rng.randint(least, most))
    target = MAIN_DECK_MIN if rng.below(4) else MAIN_DECK_MIN + rng.randint(1, 10)
    cards, cumulative = pool.cumulative(style, any(c in pool.christmas_locales for c in locales))
    while deck.total < target:
        deck.add(_pick(rng, cards, cumulative), rng.randint(1, 4))
    return {"starting_locale": start, "locales": locales, "main": deck.main}


def _companions(pool: Pool, rng: Rng, cards: list[str], thorough: bool) -> list[str]:
    """Cards for the names these cards' rules mention: a card answering each (several
    versions when `thorough`), or the Locale named."""
    out: list[str] = []
    for card in cards:
        needs = pool.needs.get(card, [])
        crossing = "crossing" in pool.wants.get(card, ())
        for name in needs if thorough else rng.sample(needs, min(COMPANIONS, len(needs))):
            answers = pool.answering.get(name)
            if answers is None:
                out.append(name)  # a Locale (or a card this variant lacks, which is left out)
                continue
            if crossing:  # only a traveller gets into Christmas Town from Halloweentown
                answers = [a for a in answers if a in pool.travellers] or answers
            if thorough:
                out.extend(rng.sample(answers, min(VERSIONS, len(answers))))
            else:
                out.append(rng.choice(answers))
    return out


def _locale_deck(pool: Pool, rng: Rng, style: str, wanted: list[str], festive: bool) -> list[str]:
    """Five different Locales: the wanted ones first, then a mix of the towns (at least
    one Christmas Town Locale for a Main Deck with Christmas Characters, one or two for
    a `festive` deck, whose Characters then crowd them; low thresholds for `busy`)."""
    halloween = [c for c in dict.fromkeys(wanted) if c in pool.locales]
    christmas = [c for c in dict.fromkeys(wanted) if c in pool.christmas_locales]
    del christmas[5:]
    del halloween[5 - len(christmas) :]
    count = 0
    if pool.christmas_locales:
        room = 5 - len(halloween)  # Christmas Town may take every other place
        least = min(room, max(len(christmas), {"rare": 2, "festive": 1}.get(style, 1 if festive else 0)))
        most = max(least, min(room, 2)) if style == "festive" else room
        count = rng.randint(least, most)
    for town, pile, size in (
        (christmas, pool.christmas_locales, count),
        (halloween, pool.locales, 5 - count),
    ):
        more = [c for c in pile if c not in town]
        if style == "busy":  # low thresholds: Locales that Characters make Active easily
            town += _weighted_sample(
                rng, more, [(7 - min(pool.number[c], 6)) ** 3 for c in more], size - len(town)
            )
        else:
            town += rng.sample(more, size - len(town))
    locales = halloween + christmas
    rng.shuffle(locales)
    return locales


# --- shrinking -------------------------------------------------------------------------
def deck_entries(game: TcgGame, setup: Setup) -> list[Any]:
    """Every seat's deck as the options would give it: a ready deck's id or a deck list
    (seats without one get the base starters in turn, as the game deals them)."""
    from nbc.plugins.tcg.game import BASE_STARTERS

    given = {**game.variant(setup.variant).options, **setup.options}.get("decks", [])
    return [
        given[seat] if seat < len(given) else BASE_STARTERS[seat % len(BASE_STARTERS)].id
        for seat in range(setup.players)
    ]


def shrink_setup(game: TcgGame, setup: Setup) -> Iterator[Setup]:
    """Smaller legal set-ups, simplest first: fewer seats, fewer Days, ready decks in
    place of deck lists, deck lists with fewer different cards."""
    decks = deck_entries(game, setup)
    days = setup.options.get("days", game.variant(setup.variant).options.get("days", DAYS))

    def with_(decks: list[Any], players: int | None = None, days_: int | None = None) -> Setup:
        options = {**setup.options, "decks": decks}
        if days_ is not None:
            options["days"] = days_
        return Setup(setup.variant, setup.players if players is None else players, options)

    candidates: list[Setup] = []
    counts = game.seat_counts(setup.variant)
    for players in counts:
        if players < setup.players:
            candidates.append(with_(decks[:players], players))
    if setup.players - 1 in counts:
        for seat in range(setup.players - 1):  # leaving out the last seat came above
            candidates.append(with_(decks[:seat] + decks[seat + 1 :], setup.players - 1))
    for fewer in sorted({1, days // 2, days - 1}):
        if 1 <= fewer < days:
            candidates.append(with_(decks, days_=fewer))
    ready = pool_of(game, setup.variant).ready
    for seat, deck in enumerate(decks):
        if not isinstance(deck, str) and ready:
            candidates.append(with_([*decks[:seat], ready[seat % len(ready)], *decks[seat + 1 :]]))
    for seat, deck in enumerate(decks):
        if isinstance(deck, str):
            continue
        for smaller in _fewer_titles(game, setup.variant, deck):
            candidates.append(with_([*decks[:seat], smaller, *decks[seat + 1 :]]))
    for candidate in candidates:
        if _legal_setup(game, candidate):
            yield candidate


def _fewer_titles(game: TcgGame, variant: str, deck: Any) -> Iterator[dict[str, Any]]:
    """The deck with half its Main Deck cards left out (each half in turn), the kept
    ones refilled to 40 with more copies, as far as the title limit lets them."""
    deck = dict(deck)
    pool = pool_of(game, variant)
    cards = [c for c in deck["main"] if c in pool.title]
    half = len(cards) // 2
    if half < 1:
        return
    for kept in (cards[:half], cards[half:]):
        smaller = DeckList(pool)
        for card in kept:
            smaller.add(card, deck["main"][card])
        for card in kept:  # more copies of what is kept
            if smaller.total < MAIN_DECK_MIN:
                smaller.add(card, MAIN_DECK_MIN - smaller.total)
        for card in cards:  # a half too small for 40 takes back what it must
            if smaller.total < MAIN_DECK_MIN:
                smaller.add(card, MAIN_DECK_MIN - smaller.total)
        if len(smaller.main) < len(cards):
            yield {**deck, "main": smaller.main}


def _legal_setup(game: TcgGame, setup: Setup) -> bool:
    try:
        game.check_players(setup.variant, setup.players)
        game.resolve_decks(game.make_options(setup.variant, setup.options), setup.players)
    except BadOptions:
        return False
    return True
