"""Play one match against a bot through the nbc-rules GraphQL API.

    python examples/play_against_bot.py [GAME] [VARIANT] [--url http://127.0.0.1:8000/graphql]

It lists the games, creates a match (you in seat 0, a bot in seat 1), follows the
match's events over a WebSocket subscription while it plays a random choice at every
prompt, and prints the outcome. Needs only httpx and websockets; the GraphQL
documents are the files in examples/graphql/.
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


async def play(url: str, game: str, variant: str | None) -> int:
    ws_url = url.replace("http", "ws", 1)
    async with httpx.AsyncClient(timeout=30) as http:
        call = Api(http, url)
        games = (await call("games"))["games"]
        for g in games:
            print(f"game {g['name']}: {g['title']} ({', '.join(v['name'] for v in g['variants'])})")
        seats = [{"kind": "PERSON", "name": "me"}, {"kind": "BOT", "bot": "random"}]
        created = await call("create_match", input={"game": game, "variant": variant, "seats": seats})
        match_id, token = created["createMatch"]["match"]["id"], created["createMatch"]["tokens"][0]["token"]
        print(f"created match {match_id} ({game}); I am seat 0, a bot is seat 1")

        events = asyncio.create_task(follow_events(ws_url, match_id, token))
        while True:
            match = (await call("match", token, id=match_id))["match"]
            if match["status"] == "FINISHED":
                break
            if events.done():  # the subscription failed: stop now, with its error
                events.result()
            if not match["prompts"]:  # not our turn (cannot last: bots move at once)
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
        print("I won!" if 0 in outcome["winners"] else "The bot won.")
        return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="trick-or-treat")
    parser.add_argument("variant", nargs="?", default="short")
    parser.add_argument("--url", default="http://127.0.0.1:8000/graphql")
    args = parser.parse_args()
    try:
        return asyncio.run(play(args.url, args.game, args.variant))
    except (ApiError, httpx.HTTPError, websockets.WebSocketException, OSError, RuntimeError) as error:
        code = getattr(error, "code", None)
        print(f"error: {f'{code}: ' if code else ''}{error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
