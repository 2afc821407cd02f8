"""What must hold after every choice of a TCG match (`TcgGame.invariants`).

Each check reads the state only and returns None, or what is wrong with the seat and
the card named. They are cheap enough to run after every choice of a fuzzed match: the
dearest one walks every card of the match once. docs/games/tcg.md lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from nbc.core.game import Invariant
from nbc.plugins.tcg.rules import HAND_LIMIT, PP_CAP
from nbc.plugins.tcg.state import State

if TYPE_CHECKING:
    from nbc.plugins.tcg.game import TcgGame

LOCALES = 6  # a Locale deck: the Starting Locale and five more
MAIN_KINDS = frozenset({"character", "creation", "surprise"})


def card_places(game: TcgGame, st: State) -> Iterator[tuple[str, str]]:
    """(where, instance id) for every card of the match, once for each place it lies in:
    a card that is lost is missing here, a duplicated one comes twice."""
    for seat, p in enumerate(st.players):
        mine = f"seat {seat}'s"
        if st.round == 0:  # it lies face down until Day 1 puts it into the row
            yield f"{mine} face-down Starting Locale", p.starting_locale
        for name, pile in (
            ("Locale deck", p.locale_deck),
            ("Main Deck", p.deck),
            ("hand", p.hand),
            ("discard pile", p.discard),
            ("Surprise Discard Pile", p.surprise_discard),
            ("Creations", p.creations),
            ("placed Surprises", p.placed),
            ("removed cards", p.removed),
        ):
            for card in pile:
                yield f"{mine} {name}", card
        for k, slot in enumerate(p.row):
            yield f"{mine} row", slot.locale
            for card in slot.characters:
                yield f"{mine} Locale {k + 1}", card
            for card in slot.beneath:
                yield f"under {mine} Locale {k + 1}", card
    for host, pile in st.stacked.items():
        for card in pile:
            yield f"Stacked on {host}", card
    for card in st.center:
        yield "the centre of the table", card
    for key, pile in st.flags.items():
        if key.startswith("beneath:"):  # face down under a card in play (House of Cards)
            for card in pile:
                yield f"under {key[len('beneath:') :]}", card
    for frame in st.stack:
        for card in held_by(frame.vars):
            yield f"in the hands of a running {frame.prog}", card
    if st.expansions and game.rules.hooks is not None:
        yield from game.rules.hooks.of(st).set_aside(game.rules, st) or ()


def held_by(variables: dict[str, Any]) -> Iterator[str]:
    """Cards a running effect has taken out of their pile and not yet put anywhere: the
    cards a Search turned over (`Rules.search`) and those Reorder puts back one by one."""
    for key, value in variables.items():
        if key.startswith("_s") and isinstance(value, dict) and "shown" in value:
            yield from value["shown"]
        elif key == "_ro":
            yield from value["cards"]
            yield from value["order"]


def invariants(game: TcgGame) -> list[Invariant]:
    rules = game.rules
    defs = rules.defs

    def name(st: State, card: str) -> str:
        return f"{card} ({rules.names.get(st.cards.get(card, ''), 'no such card')})"

    def pumpkin_points(st: State) -> str | None:
        for seat, p in enumerate(st.players):
            if not 0 <= p.pp <= PP_CAP:
                return f"seat {seat} holds {p.pp} Pumpkin Points"
        return None

    def after_end_phase(st: State) -> bool:
        """Whether nothing has happened since the last End Phase (or the set-up) but Locales
        being placed: the moment the End Phase's promises can be read off the table."""
        return st.phase in ("place", "over") or (st.phase == "king" and not st.king_activity)

    def hand_limit(st: State) -> str | None:
        if after_end_phase(st):
            for seat, p in enumerate(st.players):
                if len(p.hand) > HAND_LIMIT:
                    return f"seat {seat} holds {len(p.hand)} cards after the End Phase of Day {st.round}"
        return None

    def end_phase_reset(st: State) -> str | None:
        if not after_end_phase(st):
            return None
        for seat, p in enumerate(st.players):
            if p.pp:
                return f"seat {seat} kept {p.pp} Pumpkin Points through the End Phase"
            if p.surprise_discard:
                card = name(st, p.surprise_discard[0])
                return f"seat {seat}'s Surprise Discard Pile still holds {card} after the End Phase"
        if st.hexed:
            return f"{name(st, st.hexed[0])} kept its Hex counter through the End Phase"
        if st.center:
            return f"{name(st, st.center[0])} is still in the centre of the table after the End Phase"
        if st.flags.get("keywords"):
            return f"a keyword granted until the End Phase outlived it: {st.flags['keywords']}"
        return None

    def day_counters(st: State) -> str | None:
        if not 0 <= st.days_left <= st.days or st.days_left + st.round != st.days:
            return (
                f"Day {st.round} with {st.days_left} Day counters left does not add up to the "
                f"{st.days} the match began with"
            )
        if st.over and st.days_left:
            return f"the match ended with {st.days_left} Day counters left"
        if not 0 <= st.king < len(st.players):
            return f"the Pumpkin King card is with seat {st.king}, who is not at the table"
        return None

    def one_place(st: State) -> str | None:
        where: dict[str, str] = {}
        for place, card in card_places(game, st):
            if card not in st.cards:
                return f"{place} holds {card}, which is no card of this match"
            if card in where:
                return f"{name(st, card)} is in two places: {where[card]} and {place}"
            where[card] = place
        if len(where) != len(st.cards):
            lost = next(c for c in st.cards if c not in where)
            return f"{name(st, lost)}, seat {st.owner.get(lost)}'s card, is nowhere: it was lost"
        return None

    def own_piles(st: State) -> str | None:
        for seat, p in enumerate(st.players):
            for pile_name, pile in (
                ("Locale deck", p.locale_deck),
                ("Main Deck", p.deck),
                ("hand", p.hand),
                ("discard pile", p.discard),
                ("Surprise Discard Pile", p.surprise_discard),
                ("removed cards", p.removed),
                ("row", [slot.locale for slot in p.row]),
            ):
                for card in pile:
                    if st.owner.get(card) != seat:
                        other = st.owner.get(card)
                        return f"seat {seat}'s {pile_name} holds {name(st, card)}, seat {other}'s card"
        return None

    def kinds_in_place(st: State) -> str | None:
        def wrong(cards: list[str], allowed: Callable[[Any, str], bool], where: str) -> str | None:
            for card in cards:
                d = defs[st.cards[card]]
                if not allowed(d, card):
                    return f"{where} holds {name(st, card)}, a {d.kind}"
            return None

        def main_kind(d: Any, card: str) -> bool:
            return d.kind in MAIN_KINDS

        def surprise(d: Any, card: str) -> bool:
            return d.kind == "surprise"

        def standing(d: Any, card: str) -> bool:  # a Creation brought to life stands at a Locale too
            return d.kind == "character" or rules.is_(st, card, "character")

        def locale(d: Any, card: str) -> bool:
            return d.is_locale

        for seat, p in enumerate(st.players):
            mine = f"seat {seat}'s"
            found = (
                wrong(p.hand, main_kind, f"{mine} hand")
                or wrong(p.deck, main_kind, f"{mine} Main Deck")
                or wrong(p.discard, main_kind, f"{mine} discard pile")
                or wrong(p.surprise_discard, surprise, f"{mine} Surprise Discard Pile")
                or wrong(p.placed, surprise, f"{mine} placed Surprises")
                or wrong(p.creations, lambda d, c: d.kind == "creation", f"{mine} Creations")
                or wrong(p.locale_deck, lambda d, c: d.kind == "locale", f"{mine} Locale deck")
                or wrong([slot.locale for slot in p.row], locale, f"{mine} row of Locales")
                or wrong([c for slot in p.row for c in slot.characters], standing, f"{mine} Locales")
            )
            if found:
                return found
        return wrong(st.center, surprise, "the centre of the table") or wrong(
            [c for pile in st.stacked.values() for c in pile], surprise, "a Stack"
        )

    def locale_rows(st: State) -> str | None:
        for seat, p in enumerate(st.players):
            face_down = 1 if st.round == 0 else 0
            total = len(p.row) + len(p.locale_deck) + face_down
            if total != LOCALES:
                return f"seat {seat} has {total} Locales in row and Locale deck, not {LOCALES}"
            placing = any(a.kind == "place-locale" and a.seat == seat for a in st.asks)
            expected = min(st.round, LOCALES) - placing
            if len(p.row) != expected:
                return f"seat {seat} has {len(p.row)} Locales in play on Day {st.round}, not {expected}"
        return None

    def one_title_per_town(st: State) -> str | None:
        for seat, p in enumerate(st.players):
            for what, cards, key in (
                ("Character", [c for slot in p.row for c in slot.characters], "title_key"),
                ("Creation", rules.creations_of(st, seat), "name"),
                ("placed Surprise", p.placed, "name"),
            ):
                seen: dict[str, str] = {}
                for card in cards:
                    d = defs[st.cards[card]]
                    if what == "Character" and d.kind != "character":
                        continue  # a Creation standing at a Locale is checked as a Creation
                    title = getattr(d, key)
                    if title in seen:
                        both = f"{name(st, seen[title])} and {name(st, card)}"
                        return f"seat {seat}'s town holds two {what}s of one title: {both}"
                    seen[title] = card
        return None

    def surprise_once(st: State) -> str | None:
        for seat, p in enumerate(st.players):
            titles = [defs[st.cards[c]].name for c in p.surprise_discard]
            for played in (p.titles_this_round, titles):
                if len(set(played)) != len(played):
                    twice = next(t for t in played if played.count(t) > 1)
                    return f"seat {seat} played the Surprise {twice!r} twice on Day {st.round}"
        return None

    def stacks_and_hexes(st: State) -> str | None:
        in_play = set(st.center)
        for p in st.players:
            in_play.update(p.creations, p.placed)
            for slot in p.row:
                in_play.add(slot.locale)
                in_play.update(slot.characters)
        for card in st.hexed:
            if card not in in_play:
                return f"{name(st, card)} carries a Hex counter out of play"
        if st.stacked:
            aside: set[str] = set()  # a card an expansion set aside keeps what is Stacked on it
            if st.expansions and rules.hooks is not None:
                aside = {card for _, card in rules.hooks.of(st).set_aside(rules, st) or ()}
            for host, pile in st.stacked.items():
                if pile and host not in in_play and host not in aside:
                    return f"{name(st, pile[0])} is Stacked on {name(st, host)}, which is out of play"
        return None

    def outcome(st: State) -> str | None:
        if not st.over:
            return None
        result = game.outcome(st)
        scores = tuple(rules.score(st, seat) for seat in range(len(st.players)))
        if result is None:
            return "the match is over but has no outcome"
        if result.scores != scores:
            return f"the outcome's scores {result.scores} are not the players' Scare Points {scores}"
        best = max(scores)
        losers = [seat for seat in result.winners if scores[seat] != best]
        if losers or not result.winners:
            return f"the outcome names seats {result.winners} the winners with scores {scores}"
        return None

    return [
        Invariant("pumpkin-points", f"Every player holds 0 to {PP_CAP} Pumpkin Points.", pumpkin_points),
        Invariant(
            "hand-limit",
            f"Once the End Phase is over, no player holds more than {HAND_LIMIT} cards.",
            hand_limit,
        ),
        Invariant(
            "end-phase-reset",
            "Once the End Phase is over, Pumpkin Points are emptied, Surprise Discard Piles reimbursed, "
            "Hex counters, the centre of the table and granted keywords gone.",
            end_phase_reset,
        ),
        Invariant(
            "day-counters",
            "The Day counters left and the Days begun add up to the counters the match began with; "
            "the match ends with none left; the Pumpkin King is a player.",
            day_counters,
        ),
        Invariant("one-place", "Every card of the match is in exactly one place.", one_place),
        Invariant(
            "own-piles",
            "Decks, hands, discard and removed piles and the row of Locales hold their player's own cards.",
            own_piles,
        ),
        Invariant(
            "kinds-in-place", "Every pile holds only the kinds of card that belong there.", kinds_in_place
        ),
        Invariant(
            "locale-rows",
            "A player's row and Locale deck hold six Locales, and one more Locale is in play each Day "
            "up to the sixth.",
            locale_rows,
        ),
        Invariant(
            "one-title-per-town",
            "No town holds two Characters, two Creations or two placed Surprises of one title.",
            one_title_per_town,
        ),
        Invariant("surprise-once", "No player plays a Surprise title twice in a Day.", surprise_once),
        Invariant(
            "stacks-and-hexes",
            "Hex counters and Stacked Surprises sit only on cards in play.",
            stacks_and_hexes,
        ),
        Invariant(
            "outcome",
            "A finished match's outcome gives each player's Scare Points and only top scorers win.",
            outcome,
        ),
    ]
