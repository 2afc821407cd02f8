"""Match: the one door (act), refusals that change nothing, replay and saving."""

import hashlib
import json

import pytest

from nbc.core.errors import BadOptions, GameBug, IllegalChoice, NotYourTurn, ReplayError
from nbc.core.game import Choice, Game, Options, Prompt, Variant
from nbc.core.match import Header, Match
from nbc.core.playout import play_out
from nbc.core.rng import Rng
from nbc.core.serial import canonical_json, to_data


def test_new_validates_variant_players_and_options(example_game):
    with pytest.raises(BadOptions, match="no variant 'nope'; its variants are: base, short"):
        Match.new(example_game, "nope", players=2)
    with pytest.raises(BadOptions, match="for 2 to 4 players, not 5"):
        Match.new(example_game, "base", players=5)
    with pytest.raises(BadOptions, match="'rounds'.*less than or equal to 20"):
        Match.new(example_game, "base", {"rounds": 99}, players=2)
    with pytest.raises(BadOptions, match="'colour'.*the options are: rounds, hand_size, mix"):
        Match.new(example_game, "base", {"colour": "red"}, players=2)


def test_variant_preset_and_overrides(example_game):
    match = Match.new(example_game, "short", players=3, seed=1)
    assert match.header.options == {"rounds": 2, "hand_size": 3, "mix": {}}
    match = Match.new(example_game, "short", {"hand_size": 1}, players=3, seed=1)
    assert match.header.options == {"rounds": 2, "hand_size": 1, "mix": {}}
    assert all(p["hand"]["count"] == 1 for p in match.view(None)["players"])


def test_illegal_choice_names_seat_id_and_options_and_changes_nothing(example_game):
    match = Match.new(example_game, players=2, seed=5)
    before = match.fingerprint()
    with pytest.raises(IllegalChoice) as caught:
        match.act(0, "steal-everything")
    message = str(caught.value)
    assert "seat 0" in message and "'steal-everything'" in message and "'trick'" in message
    assert caught.value.code == "ILLEGAL_CHOICE"
    assert match.fingerprint() == before and match.seq == 0


def test_not_your_turn(example_game):
    match = Match.new(example_game, players=2, seed=5)
    with pytest.raises(NotYourTurn, match="seat 1 has nothing to decide now; waiting for seat"):
        match.act(1, "trick")
    with pytest.raises(NotYourTurn, match="no seat 7"):
        match.act(7, "trick")


def test_act_on_a_finished_match_is_refused(example_game):
    match = Match.new(example_game, "short", players=2, seed=2)
    play_out(match, Rng(1))
    assert match.outcome() is not None
    with pytest.raises(NotYourTurn, match="the match is over"):
        match.act(0, "trick")


def test_replay_and_json_round_trip_give_the_same_fingerprint(example_game):
    match = Match.new(example_game, players=3, seed="replay")
    play_out(match, Rng(3))
    again = Match.replay(example_game, match.header, match.log)
    assert again.fingerprint() == match.fingerprint()
    loaded = Match.from_json(match.to_json(), {"trick-or-treat": example_game})
    assert loaded.fingerprint() == match.fingerprint()
    assert loaded.outcome() == match.outcome()


def test_different_seeds_deal_differently(example_game):
    a = Match.new(example_game, players=2, seed=1)
    b = Match.new(example_game, players=2, seed=2)
    assert a.view(0)["players"][0]["hand"] != b.view(0)["players"][0]["hand"]


def test_replay_refuses_a_log_the_game_would_not_accept(example_game):
    match = Match.new(example_game, players=2, seed=1)
    with pytest.raises(ReplayError, match="choice 1 of the log was refused"):
        Match.replay(example_game, match.header, [(1, "trick")])


def test_from_json_refuses_malformed_or_foreign_data(example_game):
    with pytest.raises(ReplayError, match="malformed"):
        Match.from_json("{}", example_game)
    match = Match.new(example_game, players=2, seed=1)
    data = json.loads(match.to_json())
    data["header"]["game"] = "other"
    with pytest.raises(ReplayError, match="game 'other'"):
        Match.from_json(json.dumps(data), {"trick-or-treat": example_game})


def test_events_are_redacted_per_seat(example_game):
    match = Match.new(example_game, players=2, seed=1)
    private = [e for e in match.events if e.kind == "drew"]
    assert {e.to for e in private} == {(0,), (1,)}
    assert all(e.kind != "drew" for e in match.events_for(None))
    assert [e.to for e in match.events_for(0) if e.kind == "drew"] == [(0,)]
    assert all(e.seq == 0 for e in match.events)  # set-up events
    match.act(0, "trick")
    assert all(e.seq == 1 for e in match.events_for(None, after=0))


def test_a_failing_apply_restores_the_match(example_game):
    class Fragile(type(example_game)):
        def apply(self, state, seat, choice, ctx):
            state.round = 99  # changed, then the game breaks
            raise RuntimeError("boom")

    game = Fragile()
    match = Match.new(game, players=2, seed=1)
    before = match.fingerprint()
    with pytest.raises(GameBug, match="failed applying seat 0's choice 'trick'.*boom.*unchanged"):
        match.act(0, "trick")
    assert match.fingerprint() == before and match.state.round == 1


def test_act_returns_its_own_events_also_after_a_failed_apply_replaced_the_lists(example_game):
    class FailsOnce(type(example_game)):
        failed = False

        def apply(self, state, seat, choice, ctx):
            if not FailsOnce.failed:
                FailsOnce.failed = True
                raise RuntimeError("boom")
            super().apply(state, seat, choice, ctx)

    match = Match.new(FailsOnce(), players=2, seed=1)
    events_before = match.events
    with pytest.raises(GameBug):
        match.act(0, "trick")
    assert match.events is not events_before  # the restore rebuilt the match's lists
    made = match.act(0, "trick")
    plain = Match.new(example_game, players=2, seed=1)
    expected = plain.act(0, "trick")
    assert made and made == expected
    assert match.events[-len(made):] == made and all(e.seq == 1 for e in made)
    assert match.fingerprint() == plain.fingerprint()


def test_from_position_replays_from_the_edited_state(example_game):
    match = Match.new(example_game, players=2, seed=1)
    match.state.round = 5
    positioned = Match.from_position(match)
    assert positioned.state.round == 5
    positioned.act(0, "trick")
    again = Match.replay(example_game, positioned.header, positioned.log)
    assert again.fingerprint() == positioned.fingerprint()


def test_header_never_appears_in_views(example_game):
    match = Match.new(example_game, players=2, seed="secret-seed-123")
    for seat in (0, 1, None):
        assert "secret-seed-123" not in json.dumps(match.view(seat))
    assert isinstance(match.header, Header)


def _plain_fingerprint(match: Match) -> str:
    """The fingerprint as defined: SHA-256 of one canonical JSON document."""
    data = {
        "state": match.game.dump_state(match.state),
        "rng": match.rng.get_state(),
        "events": to_data(match.events),
        "seq": len(match.log),
    }
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


def test_cached_fingerprints_equal_the_plain_definition_at_every_step(example_game):
    match = Match.new(example_game, "base", players=3, seed=11)
    rng = Rng(3)
    while match.prompts():
        assert match.fingerprint() == _plain_fingerprint(match)
        loaded = Match.from_json(match.to_json(), example_game)
        assert loaded.fingerprint() == _plain_fingerprint(match)
        assert json.loads(match.to_json())["events"] == [to_data(e) for e in match.events]
        prompt = match.prompts()[0]
        match.act(prompt.seat, prompt.choices[rng.below(len(prompt.choices))].id)
    assert match.fingerprint() == _plain_fingerprint(match)


def test_a_save_written_by_hand_still_loads_with_the_same_fingerprint(example_game):
    match = Match.new(example_game, "base", players=2, seed=4)
    play_out(match, Rng(1))
    pretty = json.dumps(json.loads(match.to_json()), indent=2)  # not canonical text
    assert Match.from_json(pretty, example_game).fingerprint() == match.fingerprint()
    reordered = json.dumps(dict(reversed(list(json.loads(match.to_json()).items()))))
    assert Match.from_json(reordered, example_game).fingerprint() == match.fingerprint()


class _Keeper(Game):
    """A tiny game whose state is the very data it was loaded from (no copy)."""

    name = "keeper"
    title = "Keeper"
    players = range(1, 2)
    Options = Options
    variants = {"base": Variant("base", "Base")}

    def setup(self, options, players, ctx):
        return {"items": []}

    def prompts(self, state):
        return [] if len(state["items"]) >= 3 else [Prompt(0, "add", "Add", (Choice("add", "Add"),))]

    def apply(self, state, seat, choice, ctx):
        state["items"].append(len(state["items"]))

    def view(self, state, seat):
        return {"items": list(state["items"])}

    def outcome(self, state):
        return None

    def dump_state(self, state):
        return state

    def load_state(self, data):
        return data


def test_two_loads_of_one_save_share_no_state():
    keeper = _Keeper()
    match = Match.new(keeper, players=1, seed=1)
    match.act(0, "add")
    text = match.to_json()
    first, second = Match.from_json(text, keeper), Match.from_json(text, keeper)
    first.act(0, "add")
    assert second.state["items"] == [0]
    assert second.fingerprint() == match.fingerprint()


def test_the_core_values_keep_their_fields_and_defaults():
    import pytest

    from nbc.core.game import Choice, Event

    event = Event("draw", "seat 0 draws 1", {"n": 1}, (0,), 3, 7)
    assert (event.kind, event.text, event.data, event.to, event.seq, event.index) == (
        "draw",
        "seat 0 draws 1",
        {"n": 1},
        (0,),
        3,
        7,
    )
    bare = Event(kind="turn")
    assert bare == Event("turn", "", {}, None, 0, 0)
    assert bare.data == {} and bare.data is not Event(kind="turn").data  # a fresh dict each time
    assert Choice("end", "End your turn") == Choice(id="end", label="End your turn", data={})
    with pytest.raises(TypeError):
        Event()  # type: ignore[call-arg]


def test_the_header_holds_options_in_canonical_order_so_a_saved_match_replays_alike(example_game):
    mix = {"worm-taffy": 3, "eyeball-gumdrop": 4, "bat-wing-toffee": 2}
    match = Match.new(example_game, "short", {"mix": mix}, players=2, seed=9)
    assert list(match.header.options["mix"]) == sorted(mix)
    loaded = Match.from_json(match.to_json(), example_game)
    assert Match.replay(example_game, loaded.header, loaded.log).fingerprint() == match.fingerprint()


def _saves_along(game, seed, players=3):
    """The saves of one match after each choice, and its fingerprint at each."""
    match = Match.new(game, "base", players=players, seed=seed)
    rng = Rng(seed)
    saves = []
    while True:
        saves.append((match.to_json(), match.fingerprint()))
        if match.over:
            return saves
        prompt = match.prompts()[0]
        match.act(prompt.seat, prompt.choices[rng.below(len(prompt.choices))].id)


def test_saves_of_several_matches_load_right_in_any_order(example_game):
    """A save is read against the last one (its events and log may begin the same):
    loading saves of different matches, out of order and again, changes nothing."""
    a, b = _saves_along(example_game, 1), _saves_along(example_game, 2, players=2)
    order = [a[3], a[7], a[5], b[2], a[8], b[6], b[6], a[8], a[0], a[-1], b[-1], b[0], a[-1]]
    for text, fingerprint in order:
        loaded = Match.from_json(text, example_game)
        assert loaded.fingerprint() == fingerprint
        assert loaded.to_json() == text
        assert [to_data(e) for e in loaded.events] == json.loads(text)["events"]


def test_a_save_with_hand_written_events_still_gives_the_fingerprint(example_game):
    """Events written in a save other than canonically (spaces, other key order) are
    hashed as their canonical text, even inside a save laid out like to_json's."""
    match = Match.new(example_game, "base", players=2, seed=4)
    play_out(match, Rng(1))
    text = match.to_json()
    first = json.loads(text)["events"][0]
    written = json.dumps(dict(reversed(list(first.items()))))  # spaces, keys reversed
    edited = text.replace(canonical_json(first), written, 1)
    assert edited != text
    assert Match.from_json(edited, example_game).fingerprint() == match.fingerprint()
    assert Match.from_json(text, example_game).fingerprint() == match.fingerprint()
    assert Match.from_json(edited, example_game).fingerprint() == match.fingerprint()


def test_malformed_saves_that_begin_like_canonical_ones_are_refused(example_game):
    saves = _saves_along(example_game, 3)
    text = saves[4][0]
    Match.from_json(saves[5][0], example_game)  # the last save read, for what is reused
    events_end = text.index('],"format":')
    log_at = text.index('"log":[') + len('"log":[')
    bad = [
        text[:events_end] + ",]" + text[events_end + 1 :],  # a trailing comma
        text[: len('{"events":[')] + "," + text[len('{"events":[') :],
        text[:log_at] + "," + text[log_at:],
        text.replace('"log":[[', '"log":[["x",', 1),
        text[:-1],
        text + " x",
    ]
    for broken in bad:
        with pytest.raises(ReplayError, match="malformed"):
            Match.from_json(broken, example_game)


def test_a_rewritten_log_is_saved_as_it_now_is(example_game):
    match = Match.new(example_game, "base", players=2, seed=4)
    play_out(match, Rng(1))
    match.to_json()
    last = match.log.pop()
    match.log.append(type(last)(last.seat, "rewritten"))
    assert json.loads(match.to_json())["log"][-1] == [last.seat, "rewritten"]


def test_saves_loaded_in_several_threads_at_once_load_right(example_game):
    import sys
    import threading

    a, b = _saves_along(example_game, 5), _saves_along(example_game, 6, players=2)
    failures = []

    def load_all(saves):
        for _ in range(20):
            for text, fingerprint in saves:
                if Match.from_json(text, example_game).fingerprint() != fingerprint:
                    failures.append(fingerprint)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=load_all, args=(saves,)) for saves in (a, b, a[::-1], b[::-1])]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not failures


def test_a_game_that_finds_its_own_choices_still_gets_only_offered_ones(example_game):
    asked = []

    class Indexed(type(example_game)):
        def find_choice(self, state, seat, choice_id):
            asked.append((seat, choice_id))
            for prompt in self.prompts(state):
                if prompt.seat == seat:
                    for choice in prompt.choices:
                        if choice.id == choice_id:
                            return choice
            return None

    match = Match.new(Indexed(), players=2, seed=5)
    before = match.fingerprint()
    with pytest.raises(IllegalChoice, match="seat 0 cannot choose 'steal-everything' now"):
        match.act(0, "steal-everything")
    with pytest.raises(NotYourTurn, match="seat 1 has nothing to decide now"):
        match.act(1, "trick")
    with pytest.raises(NotYourTurn, match="no seat True"):
        match.act(True, "trick")  # a bool is no seat, even where seat 1 could act
    assert match.fingerprint() == before and match.seq == 0
    match.act(0, "trick")
    assert (0, "trick") in asked and match.seq == 1


def test_a_clone_goes_on_alone_and_plays_like_its_original(example_game):
    match = Match.new(example_game, players=3, seed=8)
    play_out(match, Rng(2), max_steps=5, raise_on_limit=False)
    match.fingerprint()  # the events' texts and hash are worked out, and the clone takes them
    clone = match.clone()
    assert clone.fingerprint() == match.fingerprint() and clone.to_json() == match.to_json()
    before = match.fingerprint()
    twin = Match.from_json(match.to_json(), example_game)
    play_out(clone, Rng(3))
    assert match.fingerprint() == before and match.seq == 5  # the original did not move
    play_out(twin, Rng(3))
    assert clone.fingerprint() == twin.fingerprint()  # the clone plays as a reloaded match does


def test_a_clone_copies_the_state_through_the_games_copy_hook(example_game):
    copied = []

    class Copying(type(example_game)):
        def copy_state(self, state):
            copied.append(state)
            return super().copy_state(state)

    match = Match.new(Copying(), players=2, seed=1)
    clone = match.clone()
    assert copied == [match.state] and clone.state is not match.state
    assert canonical_json(to_data(clone.state)) == canonical_json(to_data(match.state))
