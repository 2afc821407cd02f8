"""Munchkin's state codec: what it writes is what nbc's plain codec would write."""

from __future__ import annotations

import json

import pytest

from nbc.core.match import Match
from nbc.core.playout import bot_step
from nbc.core.rng import Rng
from nbc.core.serial import canonical_json, to_data
from nbc.plugins.munchkin.game import Munchkin
from nbc.plugins.munchkin.state import UNSAVED, CardTable, State

GAME = Munchkin()


def _plain_dump(state: State) -> dict:
    """The state as nbc.core.serial would save it, with the two shortcuts of the
    codec: `cards` as one string of card ids (c1..cN in order), piles' card lists as
    one comma-separated string."""
    data = {k: v for k, v in to_data(state).items() if k not in UNSAVED}

    def piles(value):
        if isinstance(value, dict):
            if value.keys() == {"name", "cards", "seen_by", "owner"}:
                return {**value, "cards": ",".join(value["cards"])}
            return {k: piles(v) for k, v in value.items()}
        if isinstance(value, list):
            return [piles(v) for v in value]
        return value

    data = piles(data)
    data["cards"] = ",".join(state.cards[f"c{i}"] for i in range(1, len(state.cards) + 1))
    return data


def _positions(variant: str, players: int, seed: int, every: int = 1):
    match = Match.new(GAME, variant, players=players, seed=seed)
    rng = Rng(f"codec:{seed}")
    while True:
        if match.seq % every == 0:
            yield match
        if match.over:
            return
        bot_step(match, rng)


@pytest.mark.parametrize(
    ("variant", "players", "seed"),
    [("base", 3, 1), ("faster", 4, 2), ("epic", 5, 3), ("two-player", 2, 4), ("base", 6, 5)],
)
def test_the_written_text_is_the_canonical_json_of_the_dump(variant, players, seed):
    for match in _positions(variant, players, seed):
        state = match.state
        dumped = GAME.dump_state(state)
        assert GAME.state_json(state) == canonical_json(dumped)
        assert dumped == _plain_dump(state)
        if match.seq % 5 == 0:
            loaded = GAME.load_state(json.loads(GAME.state_json(state)))
            assert type(loaded.cards) is CardTable and loaded == state
            assert GAME.state_json(loaded) == GAME.state_json(state)


def test_planted_names_unusual_values_and_a_plain_card_dict_are_written_alike():
    for match in _positions("epic", 4, 7, every=50):
        state = GAME.load_state(GAME.dump_state(match.state))
        GAME.plant(state, 1, 'MARK"\u00e9\\x')
        state.last_roll = None
        state.reason = 'a "quoted" reason \u2603\n'
        state.players[0].dual = None
        state.players[1].level = True  # the wrong type: written as json would
        state.cards = dict(state.cards)  # a plain dict, as a hand-made position may hold
        assert GAME.state_json(state) == canonical_json(GAME.dump_state(state))


def test_the_card_table_never_changes():
    table = CardTable({"c1": "axe", "c2": "sled"})
    for change in (
        lambda: table.__setitem__("c3", "x"),
        lambda: table.__delitem__("c1"),
        lambda: table.update({"c1": "x"}),
        lambda: table.pop("c1"),
        lambda: table.popitem(),
        lambda: table.clear(),
        lambda: table.setdefault("c3", "x"),
    ):
        with pytest.raises(TypeError):
            change()
    assert table == {"c1": "axe", "c2": "sled"} and table.saved() == "axe,sled"
    assert table.text() == '"axe,sled"'
    other = CardTable({"x1": "axe"})
    assert other.saved() == {"x1": "axe"}
