"""A match survives a server restart exactly: a real `nbc serve` process is stopped
and started again on the same database."""

from __future__ import annotations

import httpx
from client import Api, play_to_end, settled

from nbc.api.devserver import free_port, running_server
from nbc.api.storage import Store, make_engine
from nbc.core.host import PluginHost


def stored_fingerprint(database_url: str, match_id: str) -> str:
    game = PluginHost.load().game("trick-or-treat")
    match = Store(make_engine(database_url)).load(match_id, game)
    assert match is not None
    return match.fingerprint()


def test_a_match_survives_a_server_restart(database_url):
    port = free_port()
    with running_server(database_url, port=port, env={"NBC_SNAPSHOT_EVERY": "3"}) as base:
        api = Api(httpx.Client(base_url=base, timeout=10))
        match, tokens = api.create("trick-or-treat", ["PERSON", "BOT"], seed="restart")
        mid = match["id"]
        for _ in range(5):  # past a snapshot, so loading uses snapshot + later choices
            state = settled(api, mid, tokens[0])
            if state["status"] == "FINISHED":
                break
            api.act(mid, tokens[0], state["prompts"][0]["choices"][-1]["id"], state["seq"])
        before = {who: api.match(mid, tokens.get(who)) for who in (None, 0)}
        fingerprint = stored_fingerprint(database_url, mid)

    with running_server(database_url, port=port) as base:
        api = Api(httpx.Client(base_url=base, timeout=10))
        after = {who: api.match(mid, tokens.get(who)) for who in (None, 0)}
        assert after == before
        assert stored_fingerprint(database_url, mid) == fingerprint
        final = play_to_end(api, mid, tokens)  # and play goes on where it stopped
        assert final["outcome"] is not None
