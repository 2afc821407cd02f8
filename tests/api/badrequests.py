"""Bad requests for the reliability suite (a helper module, not a test file).

`BadRequests(seed, targets)` makes requests that no server may accept, each a random
mutation of a valid operation on the real matches in `targets`: wrong types, missing
and extra arguments and variables, unknown fields, junk and over-long ids, tokens and
choices, another seat's token, acting out of turn or on a finished match, odd Unicode,
deep and huge documents, batches, wrong content types and methods, broken JSON. The
same seed makes the same mutations in the same order (only the matches' ids and
tokens, which the server makes, differ between runs).

A write (act, joinMatch, createMatch) always carries at least one argument that no
match could take, so whatever else is mutated, a correct server refuses it; a read
may be answered, and changes nothing either way. `judge` says what is wrong with an
answer.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from client import ACT, CREATE, MATCH

VIEW = (
    "query($id: ID!) { match(id: $id) { seq you viewJson view { __typename"
    " ... on JsonView { game data }"
    " ... on TrickOrTreatView { round players { seat hand { count cards { name } } } } } } }"
)
EVENTS = (
    "query($id: ID!, $after: Int!) {"
    " match(id: $id) { seq events(after: $after) { seq index kind text data private } } }"
)
JOIN = (
    "mutation($m: ID!, $seat: Int, $name: String) {"
    " joinMatch(matchId: $m, seat: $seat, name: $name) { seat token match { id status } } }"
)
LOBBY = "query($g: String, $n: Int!) { lobby(game: $g, limit: $n) { id openSeats } }"
CARDS = "query($g: String!, $s: String) { cards(game: $g, set: $s) { id name } }"
SUBSCRIBE = "subscription($m: ID!, $after: Int!) { matchEvents(matchId: $m, after: $after) { seq kind } }"

# Text a client may send and a match may even hold, but that trips careless code.
ODD = (
    "\u200f",  # right-to-left mark
    "\u202e",  # right-to-left override
    "e\u0301",  # a combining accent
    "\u0301",  # a combining accent on nothing
    "\U0001f383",  # an emoji outside the BMP
    "\U0001f9db\u200d\u2642\ufe0f",  # an emoji sequence with a joiner
    "\ufeff",  # a byte order mark
    "\uffff",  # a noncharacter
    "\U0010ffff",  # the last code point
    "\u00a0",
    "\u2028",
    "\t",
    " ",
    "'; --",
    '"',
    "\\",
    "{",
    "$x",
)
# Text the request guard refuses wherever it is (JSON writes them as \u escapes).
UNSENDABLE = ("\x00", "\ud800", "\udfff", "a\udbff")
NUMBERS = (-1, -(2**31), 2**31 - 1, 2**31, 2**63, 10**30, 1.5, -0.5, math.nan, math.inf)
WRONG_TYPES: tuple[Any, ...] = (1, 1.5, True, [], {}, ["a"], {"a": 1}, [[1]])
CONTENT_TYPES = (
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/graphql",
    "application/graphql+json",
    "application/jsonx",
    "application/json-patch+json",
    "",
)
STATUSES = {200, 400, 405, 413, 415, 429}
# What an operation maker returns: what it is, the document, its variables, the
# Authorization header (or None) and whether it writes.
Operation = tuple[str, str, dict[str, Any], bytes | None, bool]


@dataclass(frozen=True)
class Target:
    """A real match, as it stood before the batch."""

    id: str
    game: str
    status: str  # WAITING, ACTIVE or FINISHED
    seq: int
    players: int
    tokens: dict[int, str]
    movers: tuple[int, ...] = ()  # seats with a decision open
    choices: tuple[str, ...] = ()  # the first mover's choice ids
    open_seats: tuple[int, ...] = ()


@dataclass
class Request:
    what: str
    write: bool  # a correct server must refuse it
    method: str = "POST"
    body: bytes = b""
    headers: dict[str, Any] = field(default_factory=dict)
    params: dict[str, str] | None = None

    def send(self, http: Any) -> Any:
        if self.method == "GET":
            # Encoded here: a client library will not put a lone surrogate in a URL.
            query = urlencode({k: v.encode("utf-8", "surrogatepass") for k, v in (self.params or {}).items()})
            return http.get(f"/graphql?{query}", headers=self.headers)
        return http.request(self.method, "/graphql", content=self.body, headers=self.headers)


def documented_codes(docs: Path) -> set[str]:
    """The codes docs/api.md's table of errors lists."""
    section = docs.read_text().split("\n## Errors", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([A-Z_]+)` \|", section, flags=re.MULTILINE))


def judge(request: Request, status: int, text: str, codes: set[str]) -> list[str]:
    """What is wrong with the answer to a bad request: a 5xx, a status the API does
    not use, a traceback, a body that is not GraphQL-shaped JSON, an error without a
    documented code (or INTERNAL), or a write that was not refused."""
    where = f"{request.what}: HTTP {status}"
    problems = []
    if status >= 500 or status not in STATUSES:
        problems.append(f"{where}: unexpected status; {text[:200]}")
    if "Traceback" in text:
        problems.append(f"{where}: a traceback in the answer")
    try:
        body = json.loads(text)
    except ValueError:
        return [*problems, f"{where}: the answer is not JSON: {text[:200]!r}"]
    if not isinstance(body, dict):
        return [*problems, f"{where}: the answer is not a JSON object: {text[:200]}"]
    errors = body.get("errors") or []
    for error in errors:
        code = (error.get("extensions") or {}).get("code")
        if code not in codes or code == "INTERNAL":
            problems.append(f"{where}: error code {code!r}: {error.get('message', '')[:200]}")
    if status != 200 and not errors:
        problems.append(f"{where}: refused without an error")
    if request.write:
        data = body.get("data") or {}
        if not errors or any(value is not None for value in data.values()):
            problems.append(f"{where}: a write that should be refused was answered: {text[:300]}")
    return problems


class BadRequests:
    def __init__(self, seed: int, targets: list[Target]) -> None:
        self.rng = random.Random(seed)
        self.targets = targets
        self.ids = {t.id for t in targets}
        self.tokens = {token for t in targets for token in t.tokens.values()}
        self.active = [t for t in targets if t.status == "ACTIVE" and t.choices]
        self.operations: list[tuple[int, Callable[[], Operation]]] = [
            (6, self.act),
            (3, self.join),
            (3, self.create),
            (3, self.read_match),
            (2, self.read_view),
            (2, self.read_events),
            (1, self.lobby),
            (1, self.cards),
            (1, self.subscribe),
        ]

    # --- the batch ---------------------------------------------------------------
    def make(self) -> Request:
        rng = self.rng
        operation = rng.choices([o for _, o in self.operations], [w for w, _ in self.operations])[0]
        what, document, variables, token, write = operation()
        if rng.random() < 0.25:
            document, note = self.mangle_document(document)
            what += f"; {note}"
        payload: dict[str, Any] = {"query": document, "variables": variables}
        headers: dict[str, Any] = {"content-type": "application/json"}
        if token is not None:
            headers["authorization"] = token
        request = Request(what, write, body=json.dumps(payload).encode(), headers=headers)
        for _ in range(2):
            if rng.random() < 0.15:
                request = self.mangle_transport(request, payload)
        return request

    # --- valid operations with junk in them -----------------------------------------
    def act(self) -> Operation:
        rng = self.rng
        target = rng.choice(self.active)
        mover = target.movers[0]
        variables: dict[str, Any] = {"m": target.id, "c": rng.choice(target.choices), "s": target.seq}
        token: str | None = target.tokens[mover]
        way = rng.choice(
            [
                "junk choice",
                "junk choice",
                "stale expectedSeq",
                "another seat's token",
                "no token",
                "junk token",
                "another match's token",
                "a finished match",
                "a waiting match",
                "an unknown match",
                "a variable of the wrong type",
                "a missing variable",
            ]
        )
        if way == "junk choice":
            variables["c"] = self.junk(rng.choice(target.choices), avoid=set(target.choices))
        elif way == "stale expectedSeq":
            variables["s"] = target.seq + rng.choice([-1, 1, 2, -100, 1000])
        elif way == "another seat's token":
            others = [s for s in target.tokens if s not in target.movers]
            token = target.tokens[rng.choice(others)] if others else self.junk_token()
        elif way == "no token":
            token = None
        elif way == "junk token":
            token = self.junk_token()
        elif way == "another match's token":
            token = rng.choice(sorted(self.tokens - set(target.tokens.values())))
        elif way in ("a finished match", "a waiting match"):
            status = "FINISHED" if way == "a finished match" else "WAITING"
            other = rng.choice([t for t in self.targets if t.status == status and t.tokens])
            variables["m"], variables["s"] = other.id, other.seq
            token = rng.choice(list(other.tokens.values()))
        elif way == "an unknown match":
            variables["m"] = self.junk_id()
        elif way == "a variable of the wrong type":
            name = rng.choice(["m", "c", "s"])
            variables[name] = self.wrong_type(name == "m")
        else:
            del variables[rng.choice(["m", "c", "s"])]
        return f"act with {way}", ACT, variables, _header(token) if token is not None else None, True

    def join(self) -> Operation:
        rng = self.rng
        waiting = [t for t in self.targets if t.open_seats]
        full = [t for t in self.targets if not t.open_seats]
        way = rng.choice(
            [
                "a full match",
                "a seat that is not open",
                "a bad name",
                "an unknown match",
                "a wrong type",
                "no id",
            ]
        )
        target = rng.choice(full if way == "a full match" else waiting)
        seat: Any = rng.choice([None, *range(target.players)])
        name: Any = rng.choice([None, "Sally", self.junk("Sally", limit=80)])
        if way == "a seat that is not open":
            seat = rng.choice(
                [s for s in range(-2, target.players + 2) if s not in target.open_seats]
                + [2**31 - 1, -(2**31)]
            )
        elif way == "a bad name":
            name = rng.choice(["n" * rng.choice([81, 500, 5000]), "Sally" + rng.choice(UNSENDABLE)])
        variables: dict[str, Any] = {"m": target.id, "seat": seat, "name": name}
        if way == "an unknown match":
            variables["m"] = self.junk_id()
        elif way == "a wrong type":
            variables["seat"] = rng.choice(["1", 1.5, [1], {"seat": 1}, 2**31, True])
        elif way == "no id":
            del variables["m"]
        return f"joinMatch on {way}", JOIN, variables, None, True

    def create(self) -> Operation:
        rng = self.rng
        spec: dict[str, Any] = {
            "game": "trick-or-treat",
            "seats": [{"kind": "PERSON", "name": rng.choice([None, "Jack", *ODD])}, {"kind": "BOT"}],
        }
        if rng.random() < 0.5:
            spec["variant"] = "short"
        if rng.random() < 0.3:
            spec["listed"] = rng.choice([True, False])
        way = rng.choice(
            [
                "an unknown game",
                "an unknown variant",
                "a seat count the game refuses",
                "a seat kind that does not exist",
                "an unknown bot",
                "options the game refuses",
                "a seed over 200 characters",
                "replayable without a seed",
                "an unknown input field",
                "no game",
                "a bad seat name",
                "input of the wrong type",
            ]
        )
        if way == "an unknown game":
            spec["game"] = self.junk(
                "trick-or-treat", avoid={"trick-or-treat", "tcg", "munchkin", "funkoverse"}
            )
        elif way == "an unknown variant":
            spec["variant"] = self.junk("short", avoid={"short", "base"})
        elif way == "a seat count the game refuses":
            spec["seats"] = [{"kind": "BOT"}] * rng.choice([0, 1, 5, 9, 300])
        elif way == "a seat kind that does not exist":
            spec["seats"][1] = {"kind": rng.choice(["ROBOT", "person", "", 1, None, "BOT\u200f"])}
        elif way == "an unknown bot":
            spec["seats"][1] = {
                "kind": "BOT",
                "bot": self.junk("random", avoid={"random", ""}),
            }  # "" is the default
        elif way == "options the game refuses":
            spec["options"] = rng.choice(
                [
                    {"rounds": 0},
                    {"rounds": 21},
                    {"rounds": math.nan},
                    {"rounds": [[1]]},
                    {"hand_size": -1},
                    {"nonsense": 1},
                    [1],
                    "rounds",
                    7,
                ]
            )
        elif way == "a seed over 200 characters":
            spec["seed"] = "s" * rng.choice([201, 1000, 20000])
        elif way == "replayable without a seed":
            spec["replayable"] = True
        elif way == "an unknown input field":
            spec[rng.choice(["colour", "Game", "seat", "\U0001f383"])] = 1
        elif way == "no game":
            del spec["game"]
        elif way == "a bad seat name":
            spec["seats"][0]["name"] = rng.choice(["n" * 81, "Jack" + rng.choice(UNSENDABLE)])
        else:
            spec = rng.choice(["trick-or-treat", [spec], 5, None])
        return f"createMatch with {way}", CREATE, {"i": spec}, None, True

    def read_match(self) -> Operation:
        match_id, token, what = self.someone()
        return f"match as {what}", MATCH, {"id": match_id}, token, False

    def read_view(self) -> Operation:
        match_id, token, what = self.someone()
        return f"view as {what}", VIEW, {"id": match_id}, token, False

    def read_events(self) -> Operation:
        match_id, token, what = self.someone()
        after = self.rng.choice([-1, 0, 3, *NUMBERS, "1", None])
        return f"events after {after!r} as {what}", EVENTS, {"id": match_id, "after": after}, token, False

    def lobby(self) -> Operation:
        game = self.rng.choice([None, "trick-or-treat", self.junk("tcg"), *WRONG_TYPES])
        limit = self.rng.choice([1, 50, 200, 0, 201, *NUMBERS, "5", None])
        return f"lobby of {game!r}, limit {limit!r}", LOBBY, {"g": game, "n": limit}, None, False

    def cards(self) -> Operation:
        game = self.rng.choice(["tcg", "munchkin", self.junk("tcg"), *WRONG_TYPES])
        card_set = self.rng.choice([None, "premiere", self.junk("premiere"), 5])
        return f"cards of {game!r}, set {card_set!r}", CARDS, {"g": game, "s": card_set}, None, False

    def subscribe(self) -> Operation:
        match_id, token, what = self.someone()
        return f"a subscription over HTTP as {what}", SUBSCRIBE, {"m": match_id, "after": -1}, token, False

    # --- mutations of the document ------------------------------------------------------
    def mangle_document(self, document: str) -> tuple[str, str]:
        rng = self.rng
        way = rng.randrange(15)
        first = document.index("{")
        if way == 0:
            last = document.rindex("{") + 1
            return document[:last] + " nonsenseField " + document[last:], "an unknown field"
        if way == 1:
            return re.sub(r"(\w+)\((?=\w)", r"\1(bogus: 1, ", document, count=1), "an unknown argument"
        if way == 2:
            return re.sub(r"\w+: \$\w+", "", document, count=1), "an argument left out"
        if way == 3:
            cut = rng.randrange(1, len(document) - 1)
            return document[:cut], f"cut at {cut}"
        if way == 4:
            keyword = document.split("(", 1)[0].split("{", 1)[0].strip()
            other = rng.choice([k for k in ("query", "mutation", "subscription") if k != keyword])
            return other + document[len(keyword) :], f"sent as a {other}"
        if way == 5:
            at = rng.randrange(len(document))
            char = rng.choice([*ODD, *UNSENDABLE, "}", "(", "!", "@", "\x7f"])
            return document[:at] + char + document[at:], f"{char!r} put in at {at}"
        if way == 6:
            depth = rng.choice([3, 12, 40, 400, 1500])
            kind = rng.choice(["Query", "Mutation", "Subscription"])
            inner = document[first + 1 : document.rindex("}")]
            wrapped = f"... on {kind} {{ " * depth + inner + " }" * depth
            return document[: first + 1] + wrapped + " }", f"{depth} inline fragments deep"
        if way == 7:
            count = rng.choice([5, 29, 31, 60, 200])
            aliases = " ".join(f"a{n}: __typename" for n in range(count))
            return document[: first + 1] + f" {aliases} " + document[first + 1 :], f"{count} aliases"
        if way == 8:
            size = rng.choice([1000, 30000, 60000, 70000])
            return document + "\n#" + "x" * size, f"a comment of {size} characters"
        if way == 9:
            return re.sub(r"\{ (\w+)", r"{ \1 @nonsense", document, count=1), "an unknown directive"
        if way == 10:
            return document + " fragment F on Query { ...F }", "a fragment that spreads itself"
        if way == 11:
            return document + " " + document, "two anonymous operations"
        if way == 12:
            count = rng.choice([1000, 3990, 5000])
            return document[: first + 1] + " __typename" * count + document[
                first + 1 :
            ], f"{count} more tokens"
        if way == 13:
            depth = rng.choice([5, 300, 2000])
            return re.sub(r": \$\w+(?!:)", ": " + "[" * depth + "]" * depth, document, count=1), (
                f"a list literal {depth} deep"
            )
        return rng.choice(
            [*ODD, "", "{", "}", "query", "\U0001f383 { games { name } }"]
        ), "a document of junk"

    # --- mutations of how it is sent ------------------------------------------------------
    def mangle_transport(self, request: Request, payload: dict[str, Any]) -> Request:
        rng = self.rng
        way = rng.randrange(16)
        body = request.body
        if way == 0 and len(payload["query"]) > 20000:
            way = 1  # too long for a URL
        if way == 0:
            depth = rng.choice([3, 5000])
            variables = rng.choice(
                [
                    json.dumps(payload.get("variables")),
                    "{nope",
                    "[1]",
                    '{"x": ' + "[" * depth + "]" * depth + "}",
                ]
            )
            params = {"query": payload["query"], "variables": variables}
            return replace(
                request,
                what=request.what + f"; sent as GET, variables {variables[:20]!r}",
                method="GET",
                params=params,
            )
        if way == 1:
            method = rng.choice(["PUT", "PATCH", "DELETE", "OPTIONS"])
            return replace(request, what=request.what + f"; sent as {method}", method=method)
        if way == 2:
            kind = rng.choice(CONTENT_TYPES)
            return replace(
                request,
                what=request.what + f"; content type {kind!r}",
                headers={**request.headers, "content-type": kind},
            )
        if way == 3:
            return _with(request, b"[" + body + b", " + body + b"]", "batched in an array")
        if way == 4 and len(body) > 1:
            cut = rng.randrange(1, len(body))
            return _with(request, body[:cut], f"JSON cut at {cut}")
        if way == 5:
            return _with(request, body + rng.choice([b"}", b" x", b"\x00", b"{}"]), "junk after the JSON")
        if way == 6:
            return _with(
                request, json.dumps(body.decode(errors="replace")).encode(), "the JSON sent as a JSON string"
            )
        if way == 7:
            size = rng.choice([40000, 64000, 70000])
            padded = {**payload, "variables": {**_object(payload.get("variables")), "pad": "x" * size}}
            return _with(request, json.dumps(padded).encode(), f"padded with {size} characters")
        if way == 8:
            at = rng.randrange(len(body) + 1)
            junk = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80"])
            return _with(request, body[:at] + junk + body[at:], f"{junk!r} put in at byte {at}")
        if way == 9:
            return _with(request, b"\xef\xbb\xbf" + body, "a byte order mark first")
        if way == 10:
            return _with(request, json.dumps({**payload, "sneaky": 1}).encode(), "an unknown key")
        if way == 11:
            query = rng.choice([None, 5, [payload["query"]], {"query": payload["query"]}])
            return _with(
                request, json.dumps({**payload, "query": query}).encode(), f"query {type(query).__name__}"
            )
        if way == 12:
            variables = rng.choice([None, [1], "{}", 5])
            return _with(
                request, json.dumps({**payload, "variables": variables}).encode(), f"variables {variables!r}"
            )
        if way == 13:
            name = rng.choice(["Nope", "", 5, ["A"], self.junk("Op")])
            return _with(
                request, json.dumps({**payload, "operationName": name}).encode(), f"operationName {name!r}"
            )
        if way == 14:
            depth = rng.choice([20, 33, 500, 5000])
            nested = "[" * depth + "]" * depth
            text = json.dumps({**payload, "variables": {**_object(payload.get("variables")), "deep": 0}})
            return _with(
                request, text.replace('"deep": 0', f'"deep": {nested}').encode(), f"JSON {depth} deep"
            )
        extensions = rng.choice([5, "x", {"persistedQuery": {"version": 1, "sha256Hash": "00"}}])
        return _with(
            request, json.dumps({**payload, "extensions": extensions}).encode(), f"extensions {extensions!r}"
        )

    # --- junk ------------------------------------------------------------------------
    def junk(self, base: str, avoid: set[str] | None = None, limit: int | None = None) -> str:
        """`base` made odd; never one of `avoid`, at most `limit` characters if given."""
        rng = self.rng
        avoid = avoid or set()
        while True:
            way = rng.randrange(9)
            if way == 0:
                text = base + rng.choice(ODD)
            elif way == 1:
                text = rng.choice(ODD) + base
            elif way == 2:
                at = rng.randrange(len(base) + 1)
                text = base[:at] + rng.choice(ODD) + base[at:]
            elif way == 3:
                length = rng.choice([41, 81, 201, 1000, 5000])
                text = ((base or "x") * length)[:length]
            elif way == 4:
                at = rng.randrange(len(base) + 1)
                text = base[:at] + rng.choice(UNSENDABLE) + base[at:]
            elif way == 5:
                text = ""
            elif way == 6:
                text = rng.choice([base.upper(), base[::-1], base[:-1], base + base])
            elif way == 7:
                text = "".join(rng.choice(ODD) for _ in range(rng.randint(1, 30)))
            else:
                text = base.replace("-", "_").replace(":", "/")
            if text not in avoid and (limit is None or len(text) <= limit):
                return text

    def junk_id(self) -> str:
        return self.junk(self.rng.choice(sorted(self.ids)), avoid=self.ids)

    def junk_token(self) -> str:
        # Spaces around a real token are no junk: a header's value is read without them.
        while True:
            token = self.junk(self.rng.choice(sorted(self.tokens)), avoid=self.tokens)
            if token.strip() not in self.tokens:
                return token

    def wrong_type(self, for_id: bool = False) -> Any:
        # An ID takes a whole number too (as its text): that is no match either.
        return self.rng.choice(
            [*WRONG_TYPES, *NUMBERS, None] if not for_id else [1.5, True, [], {}, None, 10**30]
        )

    def someone(self) -> tuple[str, bytes | None, str]:
        """A match id and an Authorization header to read it with: a token real or not,
        of this match or not."""
        rng = self.rng
        target = rng.choice(self.targets)
        way = rng.choice(
            ["a spectator", "a seat", "another match's seat", "a junk token", "a junk id", "a bad scheme"]
        )
        token = None
        if way == "a seat" and target.tokens:
            token = rng.choice(list(target.tokens.values()))
        elif way == "another match's seat":
            token = rng.choice(sorted(self.tokens - set(target.tokens.values())))
        elif way == "a junk token":
            token = self.junk_token()
        elif way == "a bad scheme":
            return target.id, rng.choice([b"Basic abc", b"Bearer", b"Bearer    ", b"Token x", b"\xff"]), way
        match_id = self.junk_id() if way == "a junk id" else target.id
        return match_id, _header(token) if token is not None else None, way


def _header(token: str) -> bytes:
    """`Bearer <token>` as header bytes (UTF-8; line breaks and NULs cannot be sent)."""
    value = ("Bearer " + token).encode("utf-8", "surrogatepass")
    return bytes(b for b in value if b not in b"\r\n\x00")


def _with(request: Request, body: bytes, note: str) -> Request:
    return replace(request, what=f"{request.what}; {note}", body=body)


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}
