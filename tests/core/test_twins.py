"""The kit's own twins (`nbc.core.testkit.twins`): built from `Game.unknowns`, never with
the game's redeal, they catch a game that asks only the seats holding an answer, a
view that reads a hidden card, a redeal that keeps hidden truth and a redeal that
moves a card everyone saw. Each broken game is the example game with one defect."""

from __future__ import annotations

import pytest

from nbc.core.game import Choice, Prompt, Unknown, reassign
from nbc.core.match import Match
from nbc.core.rng import Rng
from nbc.core.testkit.checks import Case, ConformanceError, check_case


def run(game, players=3, seeds=range(4)):
    return check_case(Case(game, "short", players), seeds=seeds, probe_every=2)


@pytest.fixture
def base(example_game):
    return type(example_game)


def test_the_example_game_passes_its_twins(example_game):
    report = run(example_game)
    assert report.twin_checks > 0


def test_reassign_keeps_pools_apart_and_ignores_where_each_value_is():
    found = [
        Unknown(("h", 0), "door", "b"),
        Unknown(("h", 1), "door", "a"),
        Unknown(("d", 0), "treasure", "x"),
    ]
    swapped = [
        Unknown(("h", 0), "door", "a"),
        Unknown(("h", 1), "door", "b"),
        Unknown(("d", 0), "treasure", "x"),
    ]
    one, other = reassign(found, Rng("r")), reassign(swapped, Rng("r"))
    assert one == other and one[("d", 0)] == "x" and sorted([one[("h", 0)], one[("h", 1)]]) == ["a", "b"]
    secret = reassign([Unknown("leader", "leader", "jack", could_be=("sally", "jack"))], Rng("s"))
    assert secret["leader"] in {"sally", "jack"}


CANDY = "eyeball-gumdrop"


class _Waves:
    """After the turn's seat, some others are asked whether to wave (a choice that
    changes nothing): `wavers(state)` says which."""

    def prompts(self, state):
        out = super().prompts(state)
        if out and not state.must_discard:
            out += [Prompt(s, "wave", "Wave?", (Choice("wave", "Wave"),)) for s in self.wavers(state)]
        return out

    def apply(self, state, seat, choice, ctx):
        if choice.id != "wave":
            super().apply(state, seat, choice, ctx)


def test_asking_only_the_seats_that_hold_a_card_fails(base):
    class AsksHolders(_Waves, base):
        def wavers(self, state):
            return [
                s
                for s, p in enumerate(state.players)
                if s != state.turn and any(state.cards[c] == CANDY for c in p.hand.cards)
            ]

    with pytest.raises(ConformanceError, match="seats asked") as error:
        run(AsksHolders(), seeds=range(8))
    assert error.value.signature in ("secrecy:twin-seats-asked", "secrecy:asked-after")


def test_asking_every_other_seat_alike_passes(base):
    class AsksEveryone(_Waves, base):
        def wavers(self, state):
            return [s for s in range(len(state.players)) if s != state.turn]

    assert run(AsksEveryone(), seeds=range(8)).twin_checks > 0


def test_a_view_that_reads_a_hidden_card_fails_in_a_twin(base):
    class Peeks(base):
        def view(self, state, seat):
            view = super().view(state, seat)
            view["gumdrops_out"] = sum(1 for c in state.deck.cards if state.cards[c] == CANDY)
            return view

        def plant(self, state, seat, marker):
            return 0  # what the planting check would see: the twin must find it alone

        def redeal_hidden(self, state, seat, rng):
            return 0

    with pytest.raises(ConformanceError, match="view changed in a twin") as error:
        run(Peeks())
    assert error.value.signature == "secrecy:twin-view"


def test_a_redeal_that_keeps_hidden_truth_fails(base):
    class KeepsTheDeck(base):
        def redeal_hidden(self, state, seat, rng):
            # shuffles the other hands but leaves the deck as it truly is
            hands = [u for u in self.unknowns(state, seat) if u.place not in state.deck.cards]
            self.put_unknowns(state, reassign(hands, rng))
            return len(hands)

    with pytest.raises(ConformanceError, match="keeps hidden truth") as error:
        run(KeepsTheDeck())
    assert error.value.signature == "secrecy:redeal-keeps"


def test_a_redeal_that_moves_a_card_everyone_saw_fails(base):
    class ShownHands(base):
        """Seat 0 plays with its hand face up; the redeal forgets it."""

        def unknowns(self, state, seat):
            shown = set(state.players[0].hand.cards)
            return [u for u in super().unknowns(state, seat) if u.place not in shown]

        def redeal_hidden(self, state, seat, rng):
            hidden = [
                *state.deck.cards,
                *(c for s, p in enumerate(state.players) if s != seat for c in p.hand.cards),
            ]
            found = [Unknown(c, "candy", state.cards[c]) for c in hidden]
            self.put_unknowns(state, reassign(found, rng))
            return len(found)

    with pytest.raises(ConformanceError, match="redeal_hidden for seat [12] changed") as error:
        run(ShownHands())
    assert error.value.signature == "secrecy:redeal-public"


def test_put_unknowns_that_writes_elsewhere_fails(base):
    class WritesNothing(base):
        def put_unknowns(self, state, values):
            pass

    with pytest.raises(ConformanceError, match="put_unknowns did not put what unknowns"):
        run(WritesNothing())


def test_a_match_can_be_twinned_by_hand(example_game):
    match = Match.new(example_game, "short", players=2, seed=3)
    found = example_game.unknowns(match.state, 0)
    assert found and all(u.place not in match.state.players[0].hand.cards for u in found)
