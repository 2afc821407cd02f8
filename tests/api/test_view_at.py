"""Past views (`Match.viewAt(seq)`): a seat's or a spectator's view as it stood after
a given choice, rebuilt on the server from the match's header and its first choices,
holding only what that seat could know then."""

from __future__ import annotations

import json
import random

import pytest
from client import ACT, CREATE

from nbc.api.service import PastPositions
from nbc.core.host import PluginHost
from nbc.core.match import Match

LIVE = "query($id: ID!) { match(id: $id) { seq status waitingFor viewJson prompts { choices { id } } } }"
AT = "query($id: ID!, $seq: Int!) { match(id: $id) { seq viewAt(seq: $seq) } }"


def view_at(api, match_id: str, seq: int, token: str | None) -> dict:
    return api.run(AT, {"id": match_id, "seq": seq}, token)["match"]["viewAt"]


@pytest.fixture
def played(api):
    """A two-day TCG match between two person seats, played by the first choices, with
    every seat's (and a spectator's) live view recorded after every choice."""
    spec = {"game": "tcg", "seats": [{"kind": "PERSON"}, {"kind": "PERSON"}], "options": {"days": 2}}
    created = api.run(CREATE, {"i": spec})["createMatch"]
    match_id = created["match"]["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    rng = random.Random("view-at")
    live: list[dict] = []
    while True:
        seen = {who: api.run(LIVE, {"id": match_id}, tokens.get(who))["match"] for who in (None, 0, 1)}
        live.append({who: m["viewJson"] for who, m in seen.items()})
        assert seen[None]["seq"] == len(live) - 1
        if seen[None]["status"] == "FINISHED":
            return match_id, tokens, live
        seat = seen[None]["waitingFor"][0]
        choices = [c["id"] for p in seen[seat]["prompts"] for c in p["choices"]]
        api.run(ACT, {"m": match_id, "c": rng.choice(choices), "s": len(live) - 1}, tokens[seat])


def test_a_past_view_equals_the_view_shown_live_at_that_step(api, played):
    match_id, tokens, live = played
    assert len(live) > 10
    # backward from the end, then forward from the start, then jumping about
    order = list(range(len(live) - 1, -1, -1)) + list(range(len(live)))
    order += random.Random("jumps").sample(range(len(live)), min(15, len(live)))
    for seq in order:
        for who in (0, 1, None):
            assert view_at(api, match_id, seq, tokens.get(who)) == live[seq][who], (seq, who)


def test_a_past_view_holds_no_card_of_another_seats_hand(api, played):
    match_id, tokens, live = played
    checked = 0
    for seq in range(0, len(live), 3):
        views = {who: view_at(api, match_id, seq, tokens.get(who)) for who in (None, 0, 1)}
        for seat in (0, 1):
            own = views[seat]["players"][seat]
            hand = own["hand"]
            assert len(hand) == own["hand_size"] and all("id" in card for card in hand)
            # a card shown to everyone (the spectator's `shown`) is public while it is shown
            public = {card["id"] for card in views[None]["shown"]}
            ids = {card["id"] for card in hand} - public
            checked += len(ids)
            other = json.dumps(views[1 - seat])
            spectator = json.dumps(views[None])
            for card_id in ids:
                assert f'"{card_id}"' not in other, (seq, seat, card_id)
                assert f'"{card_id}"' not in spectator, (seq, seat, card_id)
            assert views[1 - seat]["players"][seat]["hand"] is None
            assert views[None]["players"][seat]["hand"] is None
    assert checked > 20


def test_a_step_outside_the_match_is_refused_with_the_range(api):
    match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short")
    mid = match["id"]
    api.act(mid, tokens[0], "trick", 0)
    for seq in (-1, 2, 10**6):
        error = api.refused(AT, {"id": mid, "seq": seq}, tokens[0])
        assert error.code == "BAD_REQUEST", error.errors
        assert f"seq {seq}" in error.message and "0 (the set-up) to 1" in error.message, error.message
    assert view_at(api, mid, 1, tokens[0]) == api.match(mid, tokens[0])["viewJson"]


def test_a_past_view_needs_the_seats_own_token(api):
    match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short")
    other, _ = api.create("trick-or-treat", ["PERSON", "PERSON"], "short")
    error = api.refused(AT, {"id": other["id"], "seq": 0}, tokens[0])
    assert error.code == "UNAUTHENTICATED"
    error = api.refused(AT, {"id": "no-such-match", "seq": 0})
    assert error.code == "NOT_FOUND"


def test_past_views_are_priced_higher_than_other_fields(api):
    match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], "short")
    many = "query($id: ID!) { match(id: $id) { " + " ".join(["viewAt(seq: 0)"] * 51) + " } }"
    error = api.refused(many, {"id": match["id"]}, tokens[0])  # 1 + 51 * 200
    assert error.code == "BAD_REQUEST" and "costs more than 10000" in error.message
    assert "viewAt 200" in error.message
    cheap = "query($id: ID!) { match(id: $id) { " + " ".join(["seq"] * 51) + " } }"
    assert api.run(cheap, {"id": match["id"]}, tokens[0])["match"]["seq"] == 0


# --- the positions kept between requests ----------------------------------------------


def _long_match() -> Match:
    host = PluginHost.load()
    match = Match.new(host.game("tcg"), "base", None, 2, "past-positions")
    while not match.over:
        prompt = match.all_prompts()[0]
        match.act(prompt.seat, prompt.choices[match.seq % len(prompt.choices)].id)
    return match


def test_kept_positions_rebuild_every_step_exactly_and_stay_bounded():
    match = _long_match()
    past = PastPositions(every=10, size=6)
    rng = random.Random("positions")
    steps = list(range(match.seq + 1))
    for seq in rng.sample(steps, 25) + steps[::7] + steps[::-11]:
        rebuilt = past.position("m", match.header, match.game, match.log[:seq])
        expected = Match.replay(match.game, match.header, match.log[:seq])
        assert rebuilt.fingerprint() == expected.fingerprint(), seq
        assert len(past) <= 6
    assert past.position("m", match.header, match.game, match.log).fingerprint() == match.fingerprint()


def test_stepping_on_by_one_choice_replays_one_choice(monkeypatch):
    match = _long_match()
    past = PastPositions(every=10, size=8)
    past.position("m", match.header, match.game, match.log[:57])
    acted = []
    real = Match.act

    def counting(self, seat, choice):
        acted.append(choice)
        return real(self, seat, choice)

    monkeypatch.setattr(Match, "act", counting)
    past.position("m", match.header, match.game, match.log[:58])
    assert len(acted) == 1
    acted.clear()
    past.position("m", match.header, match.game, match.log[:52])  # back: from the checkpoint at 50
    assert len(acted) == 2
    acted.clear()
    past.position("m", match.header, match.game, match.log[:0])
    assert acted == []
