"""A small GraphQL client for tests, over any httpx-compatible client (the
in-process Starlette TestClient, or httpx against a real server)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

MATCH_FIELDS = """
  id seq status players you waitingFor
  seats { seat kind bot }
  prompts { seat kind text choices { id label } }
  viewJson
  events { seq index kind text data private }
  outcome { winners scores tiebreak reason }
"""

CREATE = (
    "mutation($i: CreateMatchInput!) { createMatch(input: $i) { tokens { seat token } match {"
    + MATCH_FIELDS
    + "} } }"
)
MATCH = "query($id: ID!) { match(id: $id) {" + MATCH_FIELDS + "} }"
ACT = (
    "mutation($m: ID!, $c: String!, $s: Int!) { act(matchId: $m, choiceId: $c, expectedSeq: $s) {"
    " events { seq kind text data private } match {" + MATCH_FIELDS + "} } }"
)
JOIN = (
    "mutation($m: ID!, $seat: Int) { joinMatch(matchId: $m, seat: $seat) { seat token match { id status } } }"
)


class GraphQLFailure(AssertionError):
    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__(errors)
        self.errors = errors
        self.code = (errors[0].get("extensions") or {}).get("code")
        self.message = errors[0]["message"]


@dataclass
class Api:
    http: Any
    path: str = "/graphql"

    def raw(
        self, query: str, variables: dict[str, Any] | None = None, token: str | None = None
    ) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.http.post(
            self.path, json={"query": query, "variables": variables or {}}, headers=headers
        )
        return response.json()

    def run(
        self, query: str, variables: dict[str, Any] | None = None, token: str | None = None
    ) -> dict[str, Any]:
        body = self.raw(query, variables, token)
        if body.get("errors"):
            raise GraphQLFailure(body["errors"])
        return body["data"]

    def create(
        self, game: str, seats: list[str], variant: str | None = None, **extra: Any
    ) -> tuple[dict, dict[int, str]]:
        spec = {"game": game, "seats": [{"kind": s} for s in seats], **extra}
        if variant:
            spec["variant"] = variant
        data = self.run(CREATE, {"i": spec})["createMatch"]
        return data["match"], {t["seat"]: t["token"] for t in data["tokens"]}

    def match(self, match_id: str, token: str | None = None) -> dict[str, Any]:
        return self.run(MATCH, {"id": match_id}, token)["match"]

    def act(self, match_id: str, token: str, choice: str, seq: int) -> dict[str, Any]:
        return self.run(ACT, {"m": match_id, "c": choice, "s": seq}, token)["act"]

    def refused(
        self, query: str, variables: dict[str, Any] | None = None, token: str | None = None
    ) -> GraphQLFailure:
        body = self.raw(query, variables, token)
        assert body.get("errors"), f"expected a refusal, got {body}"
        return GraphQLFailure(body["errors"])


def settled(api: Api, match_id: str, token: str | None = None, seconds: float = 60.0) -> dict[str, Any]:
    """The match once no bot seat has a decision open (bots play off the request
    path, so an act answers before they have moved)."""
    deadline = time.monotonic() + seconds
    while True:
        state = api.match(match_id, token)
        bots = {s["seat"] for s in state["seats"] if s["kind"] == "BOT"}
        if state["status"] != "ACTIVE" or not bots & set(state["waitingFor"]):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"the bots of match {match_id} did not move in {seconds:g} s")
        time.sleep(0.005)


def play_to_end(api: Api, match_id: str, tokens: dict[int, str], limit: int = 5000) -> dict[str, Any]:
    """Act for the person seats (first choice of each prompt, rotating) until the end."""
    for step in range(limit):
        state = settled(api, match_id)
        if state["status"] == "FINISHED":
            return state
        seat = next(s for s in state["waitingFor"] if s in tokens)
        mine = api.match(match_id, tokens[seat])
        choices = [c for p in mine["prompts"] for c in p["choices"]]
        api.act(match_id, tokens[seat], choices[step % len(choices)]["id"], mine["seq"])
    raise AssertionError(f"match {match_id} did not end in {limit} acts")
