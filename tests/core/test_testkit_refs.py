"""The kit's card-reference checks must pass a game that names its cards right and fail
each way of getting them wrong.

`Carded` is the example game with a card catalogue (its candies) and card references
(`data["refs"]`) on every choice and event that names a candy, its view naming each
candy it shows by id too; each broken game below is `Carded` with one defect.
"""

from __future__ import annotations

from typing import Any

import pytest

from nbc.core.cards import NameFinder
from nbc.core.game import REFS, CatalogueCard, Choice, Prompt, card_refs
from nbc.core.testkit.checks import Case, ConformanceError, check_case
from nbc.core.testkit.refs import RefCheck


def run(game, players=2, variant="short", seeds=range(3)):
    return check_case(Case(game, variant, players), seeds=seeds)


class _Told:
    """The context the example game's `apply` and `_draw` get, passed on, with each
    event's refs added by `refer(state, kind, data)` unless the event brings its own."""

    def __init__(self, ctx: Any, refer: Any, state: Any) -> None:
        self._ctx, self._refer, self.state = ctx, refer, state

    @classmethod
    def around(cls, ctx: Any, refer: Any, state: Any) -> Any:
        return ctx if isinstance(ctx, cls) else cls(ctx, refer, state)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ctx, name)

    def emit(self, kind: str, text: str = "", data: dict | None = None, to: Any = None) -> None:
        data = dict(data or {})
        if REFS not in data:
            refs = self._refer(self.state, kind, data)
            if refs:
                data[REFS] = refs
        self._ctx.emit(kind, text, data, to)


@pytest.fixture
def carded(example_game):
    from trick_or_treat.game import CANDY

    class Carded(type(example_game)):
        def catalogue(self):
            return [
                CatalogueCard(c.id, c.name, "base", "candy", f"worth {c.value}", {"value": c.value}, c.copies)
                for c in CANDY.values()
            ]

        def ref(self, state, card):
            return state.planted.get(card) or state.cards[card]

        def refer(self, state, kind, data):
            if "card" in data:
                return [self.ref(state, data["card"])]
            if kind == "drew":
                return [self.ref(state, c["id"]) for c in data["cards"]]
            return []

        def _draw(self, state, seat, n, ctx):  # set-up draws as well as later ones
            super()._draw(state, seat, n, _Told.around(ctx, self.refer, state))

        def apply(self, state, seat, choice, ctx):
            super().apply(state, seat, choice, _Told.around(ctx, self.refer, state))

        def prompts(self, state):
            return [
                Prompt(p.seat, p.kind, p.text, tuple(self.choice(state, c) for c in p.choices))
                for p in super().prompts(state)
            ]

        def choice(self, state, choice):
            _, _, card = choice.id.partition(":")
            return Choice(choice.id, choice.label, {REFS: [self.ref(state, card)]}) if card else choice

        def view(self, state, seat):
            view = super().view(state, seat)
            for pile in [
                view["deck"],
                view["discard"],
                *(x for p in view["players"] for x in (p["hand"], p["bag"])),
            ]:
                for entry in pile.get("cards", []):
                    if entry["id"] not in state.planted:  # as the TCG's: a planted card shows no id
                        entry["card"] = state.cards[entry["id"]]
            return view

    return Carded


def test_a_game_that_names_its_cards_right_passes(carded):
    report = run(carded(), players=3, variant="base")
    assert report.playouts == 3 and report.secrecy_checks > 0 and report.redeal_checks > 0


def test_a_ref_that_is_no_catalogue_id_fails(carded):
    class ByName(carded):
        def choice(self, state, choice):
            _, _, card = choice.id.partition(":")
            name = self.card_name(state, card) if card else None
            return Choice(choice.id, choice.label, {REFS: [name]}) if card else choice

    with pytest.raises(
        ConformanceError, match="carries the card ref '.*', which is no id of the game's catalogue"
    ):
        run(ByName())


def test_a_label_that_names_a_card_without_its_ref_fails(carded):
    class Unreferenced(carded):
        def choice(self, state, choice):
            return choice

    with pytest.raises(
        ConformanceError, match=r"choice 'treat:c\d+' \('Bank .*'\) names '.*' but its refs \[\]"
    ):
        run(Unreferenced())


def test_an_event_text_that_shows_an_id_fails(carded):
    class IdInText(carded):
        def _draw(self, state, seat, n, ctx):
            drawn = state.deck.cards[-n:]
            super()._draw(state, seat, n, ctx)
            if drawn and ctx.seq > 0:
                ctx.emit("drew-ids", f"you draw {state.cards[drawn[0]]}", {}, to=[seat])

    with pytest.raises(ConformanceError, match="event 'drew-ids' .* shows the internal id '[a-z]+-[a-z]+'"):
        run(IdInText(), seeds=range(6))


def test_a_public_event_that_carries_a_planted_cards_ref_fails(carded):
    class Gossip(carded):
        def _draw(self, state, seat, n, ctx):
            drawn = state.deck.cards[-n:][::-1]
            super()._draw(state, seat, n, ctx)
            if drawn and ctx.seq > 0:  # to everyone, named only by refs
                ctx.emit("gossip", "", {REFS: [self.ref(state, c) for c in drawn]})

    with pytest.raises(ConformanceError, match="event 'gossip' tells .* of a card only nobody may know"):
        run(Gossip(), seeds=range(8))


def test_a_public_event_that_carries_a_hidden_cards_ref_fails_even_unplanted(carded):
    """The game forgets to mark refs when planted: the redeal check still finds the leak."""

    class Unplanted(carded):
        def _draw(self, state, seat, n, ctx):
            drawn = state.deck.cards[-n:][::-1]
            super()._draw(state, seat, n, ctx)
            if drawn and ctx.seq > 0:
                ctx.emit("gossip", "", {REFS: [state.cards[c] for c in drawn]})

    with pytest.raises(
        ConformanceError, match="event 'gossip' tells .* of the card '.*'.* were redealt"
    ) as failure:
        run(Unplanted(), seeds=range(8))
    assert failure.value.signature == "secrecy:redeal-event:gossip"


def test_a_set_up_event_that_carries_the_hands_refs_fails(carded):
    class Announcer(carded):
        def setup(self, options, players, ctx):
            state = super().setup(options, players, ctx)
            refs = [state.cards[c] for p in state.players for c in p.hand.cards]
            ctx.emit("hands", "every hand", {REFS: refs})
            return state

    with pytest.raises(ConformanceError, match="set-up event 'hands' carries the card ref '.*' to seat ."):
        run(Announcer(), seeds=range(2))


def test_card_refs_reads_the_refs_of_a_choice_or_an_event():
    assert card_refs({"refs": ["zero", "zero"], "card": "c4"}) == ("zero", "zero")
    assert card_refs({"card": "c4"}) == ()
    assert Choice("x", "X", {"refs": ["a"]}).refs == ("a",) and Choice("y", "Y").refs == ()


def test_names_are_found_whole_and_the_longest_first():
    find = NameFinder(["Lock", "Zero", "Zero (Ghost Dog)", "Fire!", "Town Hall"])
    assert find("Play Zero (Ghost Dog) under Town Hall") == ["Zero (Ghost Dog)", "Town Hall"]
    assert find("Locale: Lockdown, Zeros") == []  # no name inside another word
    assert find("Fire! then Lock, then Zero") == ["Fire!", "Lock", "Zero"]
    assert find("Zero and Zero") == ["Zero", "Zero"]


def test_the_ref_check_explains_what_is_wrong(example_game):
    class Tiny(type(example_game)):
        def catalogue(self):
            return [
                CatalogueCard("pumpkin-fudge", "Pumpkin King Fudge", "base", "candy", ""),
                CatalogueCard("worm-taffy", "Worm's Wort Taffy", "base", "candy", ""),
            ]

    check = RefCheck(Tiny())
    assert check.problem("Bank Pumpkin King Fudge", {REFS: ["pumpkin-fudge"]}) is None
    assert "names 'Pumpkin King Fudge' but its refs []" in check.problem("Bank Pumpkin King Fudge", {})
    assert "no id of the game's catalogue" in check.problem("Bank it", {REFS: ["fudge"]})
    assert "shows the internal id 'worm-taffy'" in check.problem("you draw worm-taffy", {})
    assert "a list of catalogue ids" in check.problem("x", {REFS: "worm-taffy"})
    assert check.problem("seat 0 draws 2", {}) is None
