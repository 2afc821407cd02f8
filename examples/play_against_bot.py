"""Play one match against bots through the nbc-rules GraphQL API.

    python examples/play_against_bot.py [GAME] [VARIANT] [--players N] [--url http://127.0.0.1:8000/graphql]

It lists the games, creates a match of GAME (default trick-or-treat) in VARIANT
(default: the game's first) with N seats (default: the fewest the variant allows),
you in seat 0 and a bot in every other seat. It follows the match's events over a
WebSocket subscription while it plays a random choice at every prompt, and prints the
outcome. Needs only httpx and websockets; the GraphQL documents are the files in
examples/graphql/.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from pathlib import Path

import httpx
import websockets

DOCUMENTS = {p.stem: p.read_text() for p in (Path(__file__).parent / "graphql").glob("*.graphql")}
SUBSCRIPTION_TIMEOUT = 15.0  # seconds to wait for the last events once the match is over


class ApiError(Exception):
    def __init__(self, error: dict) -> None:
        super().__init__(error["message"])
        self.code = (error.get("extensions") or {}).get("code")


class Api:
    """Runs the documents of examples/graphql/ over HTTP; raises ApiError on a refusal."""

    def __init__(self, http: httpx.AsyncClient, url: str) -> None:
        self.http, self.url = http, url

    async def __call__(self, document: str, token: str | None = None, /, **variables) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        body = {"query": DOCUMENTS[document], "variables": variables}
        response = await self.http.post(self.url, json=body, headers=headers)
        response.raise_for_status()  # GraphQL refusals come with 200; anything else is a wrong URL
        answer = response.json()
        if answer.get("errors"):
            raise ApiError(answer["errors"][0])
        return answer["data"]


async def follow_events(ws_url: str, match_id: str, token: str) -> int:
    """Print the match's events as they arrive (graphql-transport-ws); return how many."""
    received = 0
    async with websockets.connect(ws_url, subprotocols=["graphql-transport-ws"]) as ws:
        auth = {"Authorization": f"Bearer {token}"}  # seat token: see the events as seat 0 sees them
        await ws.send(json.dumps({"type": "connection_init", "payload": auth}))
        ack = json.loads(await ws.recv())
        if ack["type"] != "connection_ack":
            raise RuntimeError(f"the server refused the connection: {ack}")
        await ws.send(
            json.dumps(
                {
                    "id": "events",
                    "type": "subscribe",
                    "payload": {"query": DOCUMENTS["match_events"], "variables": {"matchId": match_id}},
                }
            )
        )
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "next":
                if message["payload"].get("errors"):
                    raise ApiError(message["payload"]["errors"][0])
                event = message["payload"]["data"]["matchEvents"]
                received += 1
                print(f"  [event {event['seq']}.{event['index']}] {event['text']}")
            elif message["type"] == "ping":
                await ws.send(json.dumps({"type": "pong"}))
            elif message["type"] == "error":
                raise ApiError(message["payload"][0])
            elif message["type"] == "complete":  # the match is over
                return received
    raise RuntimeError("the server closed the subscription before the match ended")


class BadChoice(Exception):
    """A game, variant or seat count the server does not offer."""


def plan(games: list[dict], game: str, variant: str | None, players: int | None) -> tuple[str, int]:
    """The variant and seat count to play, from the server's list of games: the
    variant asked for, or the game's first; the seats asked for, or the fewest that
    variant allows."""
    found = next((g for g in games if g["name"] == game), None)
    if found is None:
        raise BadChoice(f"there is no game {game!r}; the games are: {', '.join(g['name'] for g in games)}")
    variants = {v["name"]: v for v in found["variants"]}
    if variant is None:
        chosen = found["variants"][0]
    elif variant in variants:
        chosen = variants[variant]
    else:
        raise BadChoice(f"{game} has no variant {variant!r}; its variants are: {', '.join(variants)}")
    low, high = chosen["minPlayers"], chosen["maxPlayers"]
    if players is None:
        players = low
    if not low <= players <= high:
        allowed = str(low) if low == high else f"{low} to {high}"
        raise BadChoice(f"{game}/{chosen['name']} is for {allowed} players, not {players}")
    return chosen["name"], players


def verdict(winners: list[int], players: int, me: int = 0) -> str:
    """Say honestly who won: a shared win is not a win of one's own."""
    if not winners:
        return "Nobody won."
    if len(winners) == players:
        return "A draw: every seat shares the win."
    others = [w for w in winners if w != me]
    if me in winners:
        if not others:
            return "I won!"
        return f"A shared win: I share it with seat{'s' if len(others) > 1 else ''} {_seats(others)}."
    if len(winners) == 1:
        return f"The bot in seat {winners[0]} won."
    return f"The bots in seats {_seats(winners)} share the win."


def _seats(seats: list[int]) -> str:
    names = [str(s) for s in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


async def play(url: str, game: str, variant: str | None, players: int | None = None) -> int:
    ws_url = url.replace("http", "ws", 1)
    async with httpx.AsyncClient(timeout=30) as http:
        call = Api(http, url)
        games = (await call("games"))["games"]
        for g in games:
            print(f"game {g['name']}: {g['title']} ({', '.join(v['name'] for v in g['variants'])})")
        variant, players = plan(games, game, variant, players)
        seats = [{"kind": "PERSON", "name": "me"}] + [{"kind": "BOT", "bot": "random"}] * (players - 1)
        created = await call("create_match", input={"game": game, "variant": variant, "seats": seats})
        match_id, token = created["createMatch"]["match"]["id"], created["createMatch"]["tokens"][0]["token"]
        bots = "a bot is seat 1" if players == 2 else f"bots are seats 1 to {players - 1}"
        print(f"created match {match_id} ({game}/{variant}, {players} seats); I am seat 0, {bots}")

        events = asyncio.create_task(follow_events(ws_url, match_id, token))
        while True:
            match = (await call("match", token, id=match_id))["match"]
            if match["status"] == "FINISHED":
                break
            if events.done():  # the subscription failed: stop now, with its error
                events.result()
            if not match["prompts"]:  # not our turn: the bots are playing (their moves come by subscription)
                await asyncio.sleep(0.1)
                continue
            prompt = match["prompts"][0]
            choice = random.choice(prompt["choices"])
            print(f"seq {match['seq']}: {prompt['text']} -> {choice['label']}")
            try:
                await call("act", token, matchId=match_id, choiceId=choice["id"], expectedSeq=match["seq"])
            except ApiError as error:
                if error.code != "STALE_SEQUENCE":
                    raise
                print("  the match moved on meanwhile; reading it again")

        try:
            received = await asyncio.wait_for(events, SUBSCRIPTION_TIMEOUT)
        except TimeoutError:
            print(f"error: no end of the event stream within {SUBSCRIPTION_TIMEOUT:g}s", file=sys.stderr)
            return 1
        print(f"subscription complete: {received} events received")
        outcome = match["outcome"]
        print(f"outcome: winners {outcome['winners']}, scores {outcome['scores']} ({outcome['reason']})")
        print(verdict(outcome["winners"], players))
        return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="trick-or-treat")
    parser.add_argument("variant", nargs="?", default=None, help="default: the game's first variant")
    parser.add_argument(
        "--players", type=int, default=None, help="seats, yours included (default: the fewest allowed)"
    )
    parser.add_argument("--url", default="http://127.0.0.1:8000/graphql")
    args = parser.parse_args()
    try:
        return asyncio.run(play(args.url, args.game, args.variant, args.players))
    except BadChoice as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except (ApiError, httpx.HTTPError, websockets.WebSocketException, OSError, RuntimeError) as error:
        code = getattr(error, "code", None)
        print(f"error: {f'{code}: ' if code else ''}{error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
