"""The Leaders' secret under the kit: a chosen leader is hidden from the other sides,
shared by teammates, and a view that shows it in any form fails the redeal check."""

import pytest

from nbc.core.match import Match
from nbc.core.rng import Rng
from nbc.core.testkit.checks import ConformanceError
from nbc.core.testkit.replay import replay_and_check
from nbc.core.testkit.ruletests import shows
from nbc.plugins.funkoverse.game import Funkoverse

GAME = Funkoverse()


# The characters and holders are pre-set, so the match opens on the leaders' pick.
LINEUP = ["sally", "oogie-boogie", "dr-finkelstein", "jack-skellington"]


def _options(players):
    # Sally plays for side 0 and Oogie Boogie for side 1 with any seat count
    return {"mode": "teams", "lineup": LINEUP, "gear": {"sally": "zero", "oogie-boogie": "zero"}}


def _leader_choice(seat, players):
    match = Match.new(GAME, "leaders", _options(players), players, seed=4)
    [prompt] = [p for p in match.prompts(seat) if p.kind == "leader"]
    return prompt.choices[0].id


@pytest.mark.parametrize("players", [2, 3, 4])
@shows("funkoverse.leaders.secret")
def test_a_chosen_leader_stays_secret_from_the_other_side_and_teammates_share_it(players):
    choice = _leader_choice(0, players)
    match = replay_and_check(GAME, "leaders", players, 4, _options(players), [(0, choice)])
    leader = choice.split(":", 1)[1]
    own = [s for s in match.state.sides if 0 in s.seats][0]
    for seat in range(players):
        shown = [s["leader"] for s in match.view(seat)["sides"] if 0 in s["seats"]][0]
        assert shown == (leader if seat in own.seats else None)
    assert GAME.redeal_hidden(match.clone().state, 1, Rng(0)) == 1  # seat 1 is on the other side


def test_a_view_that_shows_the_other_teams_leader_fails_the_kit():
    class Gossip(Funkoverse):
        def view(self, state, seat):
            view = super().view(state, seat)
            view["all_leaders"] = [side.leader for side in state.sides]
            return view

    game = Gossip()
    choice = _leader_choice(0, 4)
    with pytest.raises(
        ConformanceError, match=r"(seat [13]|a spectator)'s view changed .* at view\.all_leaders\[0\]"
    ):
        replay_and_check(game, "leaders", 4, 4, _options(4), [(0, choice)])
