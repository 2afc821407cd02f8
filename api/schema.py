"""The GraphQL schema (strawberry), built from the plugins that are loaded.

Each game's view is served typed, as a member of the `View` union, when its plugin
offers a `ViewType` through `nbc_graphql_types`; otherwise as `JsonView`. Every
refusal is a GraphQL error whose `extensions.code` says what kind it is.
"""

# No `from __future__ import annotations` here: the types built inside build_schema
# must be resolved when defined, not looked up later by name.

import asyncio
import enum
import logging
from collections.abc import AsyncGenerator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from typing import Annotated, Any, Union

import strawberry
from graphql import GraphQLError
from starlette.responses import Response
from strawberry.extensions import (
    MaxAliasesLimiter,
    QueryDepthLimiter,
)
from strawberry.scalars import JSON
from strawberry.types import Info

from nbc.api.botpool import DEFAULT_SECONDS, MAX_SECONDS, MIN_SECONDS
from nbc.api.errors import Unauthenticated, Unavailable, unavailable
from nbc.api.executor import LeanExecutor
from nbc.api.guard import DocumentCache, DocumentChecks, Proxies, address_key, client_address
from nbc.api.service import Caller, Loaded, MatchService, SeatSpec
from nbc.api.settings import Settings
from nbc.core.bots import bots_for, supports
from nbc.core.errors import GameBug, NbcError
from nbc.core.game import Choice, Event, Game, Prompt, ViewType
from nbc.core.host import PluginHost

log = logging.getLogger("nbc.api")
RECHECK_SECONDS = 1.0  # a subscription reads the database at least this often
RETRY_AFTER_SECONDS = 2  # what a refusal for an unreachable database tells the client to wait
# Pages of the lists a match serves (events, its record of choices): the default size
# and the largest a client may ask for (nbc.api.guard prices a list by its size).
PAGE = 200
MAX_PAGE = 1000
UPDATE_EVENTS = 200  # events in one matchUpdates message at most (a long catch-up takes several)
# Engine and database work runs in threads, so that the event loop (other clients,
# /healthz, subscriptions) never waits on one request's work. (The event loop's own
# executor hands work over in fewer steps than anyio's thread runner.)
WORKERS = ThreadPoolExecutor(max_workers=8, thread_name_prefix="nbc-work")


async def off_loop(function: Callable[..., Any], *args: Any) -> Any:
    return await asyncio.get_running_loop().run_in_executor(WORKERS, function, *args)


UNAVAILABLE_MESSAGE = (
    "the match store cannot be reached just now; nothing was changed: try again in a few seconds"
)


@contextmanager
def refusals() -> Iterator[None]:
    """Turn the platform's typed errors into GraphQL errors with a code; a database
    that cannot be reached is UNAVAILABLE (its driver's words stay in the server log)."""
    try:
        yield
    except GameBug as error:
        # Its message may name hidden cards: keep it in the server log only.
        log.error("game bug", exc_info=error)
        raise GraphQLError(
            "internal error in the game's rules; the match is unchanged and the server log has the details",
            extensions={"code": error.code},
        ) from error
    except NbcError as error:
        raise GraphQLError(str(error), extensions={"code": error.code}) from error
    except Exception as error:
        if not unavailable(error):
            raise
        log.warning("the database is unavailable (%s); answered UNAVAILABLE", type(error).__name__)
        raise GraphQLError(UNAVAILABLE_MESSAGE, extensions={"code": Unavailable.code}) from None


@contextmanager
def waits_out_outages() -> Iterator[None]:
    """Swallow an UNAVAILABLE refusal (a subscription waits for the database)."""
    try:
        yield
    except GraphQLError as error:
        if (error.extensions or {}).get("code") != Unavailable.code:
            raise


SUBSCRIPTION_OVER_HTTP = "Cannot return null for non-nullable field Subscription."


def give_codes(errors: list[GraphQLError]) -> None:
    """Give every error a code: BAD_REQUEST for a request that is malformed (does not
    parse or validate, bad variables, a subscription sent over plain HTTP), and
    INTERNAL, with the details only in the server log, for a failure while running
    a field that is not a refusal."""
    for error in errors:
        if error.extensions and "code" in error.extensions:
            continue
        if error.message.startswith(SUBSCRIPTION_OVER_HTTP):
            error.message = "subscriptions are served over WebSocket (graphql-transport-ws) at /graphql"
            error.extensions = {"code": "BAD_REQUEST"}
        elif (
            error.path is None
            or error.original_error is None
            or isinstance(error.original_error, GraphQLError)
        ):
            error.extensions = {**(error.extensions or {}), "code": "BAD_REQUEST"}
        elif unavailable(error.original_error):
            log.warning("the database is unavailable (%s)", type(error.original_error).__name__)
            error.message = UNAVAILABLE_MESSAGE
            error.extensions = {"code": Unavailable.code}
        else:
            log.error("internal error", exc_info=error.original_error)
            error.message = "internal error; the server log has the details"
            error.extensions = {"code": "INTERNAL"}


class Schema(strawberry.Schema):
    documents: DocumentCache  # parsed and checked documents (DocumentChecks)

    def process_errors(self, errors: list[GraphQLError], execution_context: Any = None) -> None:
        """Called on every error before the response is made. Refusals are answers,
        not server faults, so nothing is logged for them (see give_codes). An answer
        with an UNAVAILABLE error goes out over HTTP as 503 with Retry-After."""
        give_codes(errors)
        if any((e.extensions or {}).get("code") == Unavailable.code for e in errors):
            context = getattr(execution_context, "context", None)
            response = context.get("response") if isinstance(context, dict) else None
            if isinstance(response, Response):
                response.status_code = 503
                response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)


@strawberry.enum
class SeatKind(enum.Enum):
    PERSON = "person"
    BOT = "bot"
    OPEN = "open"


@strawberry.enum
class MatchStatus(enum.Enum):
    WAITING = "waiting"
    ACTIVE = "active"
    FINISHED = "finished"


@strawberry.type(name="Variant", description="A named preset of a game's options.")
class VariantInfo:
    name: str
    title: str
    description: str
    min_players: int
    max_players: int
    options: JSON


@strawberry.type(name="Game", description="A game that matches can be created for.")
class GameInfo:
    name: str
    title: str
    description: str
    min_players: int
    max_players: int
    variants: list[VariantInfo]
    options_schema: JSON = strawberry.field(description="JSON Schema of the options")
    bots: list[str] = strawberry.field(description="the bots that can play this game, for BOT seats")


CARD_DESCRIPTION = (
    "the catalogue id (as in `cards(game)`) of the card this is about, the first of `cards`; "
    "null when it concerns no card"
)
CARDS_DESCRIPTION = (
    "the catalogue ids of every card this concerns: the one it is about first, then the others "
    "its label or text names, in order; empty when none"
)


@strawberry.type(name="Choice")
class ChoiceInfo:
    id: str
    label: str
    data: JSON
    card: str | None = strawberry.field(description=CARD_DESCRIPTION)
    cards: list[str] = strawberry.field(description=CARDS_DESCRIPTION)


@strawberry.type(name="Prompt", description="A decision open to a seat; answer it with act(choiceId).")
class PromptInfo:
    seat: int
    kind: str
    text: str
    choices: list[ChoiceInfo]


@strawberry.type(name="Event", description="Something that happened, as the caller may see it.")
class EventInfo:
    seq: int = strawberry.field(description="the number of choices made before it (0: set-up)")
    index: int
    kind: str
    text: str
    data: JSON
    private: bool = strawberry.field(description="true when only some seats see this event")
    card: str | None = strawberry.field(description=CARD_DESCRIPTION)
    cards: list[str] = strawberry.field(description=CARDS_DESCRIPTION)


@strawberry.type(name="Outcome")
class OutcomeInfo:
    winners: list[int]
    scores: list[int]
    tiebreak: str | None
    reason: str


def replay_shown(loaded: Loaded) -> bool:
    """Whether everyone may read what replays the match (its seed and its choices):
    once it is finished, or always for a replayable match (docs/api.md, "Seeds")."""
    return loaded.replayable or loaded.status == "finished"


@strawberry.type(name="ChoiceMade", description="One choice of a match's record, bots' included.")
class ChoiceMade:
    seq: int = strawberry.field(description="its number: 1 for the first choice of the match")
    seat: int
    choice_id: str


@strawberry.type(name="Seat")
class SeatInfo:
    seat: int
    kind: SeatKind
    bot: str | None
    name: str | None
    budget: float | None = strawberry.field(
        default=None, description="a search bot's seconds per move, when its seat set them"
    )


@strawberry.type(description="A match that was created, with the person seats' tokens (shown only here).")
class SeatToken:
    seat: int
    token: str


@strawberry.type(description="A game's view with no typed GraphQL form: the view as JSON.")
class JsonView:
    game: str
    data: JSON


@strawberry.input
class SeatInput:
    kind: SeatKind
    bot: str | None = strawberry.field(
        default=None, description="bot name for BOT seats (default random); `Game.bots` lists those that fit"
    )
    budget: float | None = strawberry.field(
        default=None,
        description="a BOT seat's thinking time per move in seconds, 0.05 to 5, for bots that search "
        "(ismcts; default 0.5); refused for other seats and bots",
    )
    name: str | None = None


@strawberry.input
class CreateMatchInput:
    game: str
    seats: list[SeatInput]
    variant: str | None = None
    options: JSON | None = None
    seed: str | None = strawberry.field(
        default=None,
        description=(
            "with replayable: the seed the match is dealt from; without: mixed with a server "
            "secret, so that nobody can know the deal"
        ),
    )
    replayable: bool = strawberry.field(
        default=False,
        description=(
            "deal from `seed` exactly, so the match can be replayed anywhere; everyone may then "
            "read the seed (and so every hidden card): for open games, tests and puzzles"
        ),
    )
    listed: bool = strawberry.field(
        default=False, description="show the match in the lobby while it has open seats"
    )


@strawberry.type(name="Card", description="A card (or piece) definition, to show to a person.")
class CardInfo:
    id: str
    name: str
    set: str
    kind: str
    text: str = strawberry.field(description="what the card does, in this engine's words")
    numbers: JSON = strawberry.field(description="its printed (or authored) numbers by name")
    copies: int | None = strawberry.field(description="how many its set holds, when fixed")
    provenance: JSON = strawberry.field(
        description="per field (name, text, copies, each number): printed on the card, or authored here"
    )


@strawberry.type(description="The seconds per move a BOT seat may give a bot that searches.")
class BotBudget:
    min: float = strawberry.field(description="the least a seat may give, in seconds per move")
    max: float = strawberry.field(description="the most a seat may give, in seconds per move")
    default: float = strawberry.field(description="what the bot gets when its seat names none")


@strawberry.type(name="Bot", description="A bot that can take a seat: createMatch with kind BOT and its name")
class BotInfo:
    name: str
    description: str
    games: list[str] = strawberry.field(
        description="the games it can play (BOT seats of other games refuse it)"
    )
    budget: BotBudget | None = strawberry.field(
        description="the thinking time a BOT seat may give it per move; null for a bot that takes none"
    )


@strawberry.type(name="LobbyMatch", description="A listed match that has open seats.")
class LobbyMatch:
    id: strawberry.ID
    game: str
    variant: str
    players: int
    seats: list[SeatInfo]
    open_seats: list[int]
    age_seconds: float = strawberry.field(description="seconds since it was created")


def game_info(game: Game, bots: list[str] | None = None) -> GameInfo:
    return GameInfo(
        name=game.name,
        title=game.title,
        description=game.description,
        min_players=game.players.start,
        max_players=game.players.stop - 1,
        variants=[
            VariantInfo(
                name=v.name,
                title=v.title,
                description=v.description,
                min_players=game.seat_counts(v.name).start,
                max_players=game.seat_counts(v.name).stop - 1,
                options=v.options,
            )
            for v in game.variants.values()
        ],
        options_schema=game.options_schema(),
        bots=bots or [],
    )


def event_info(event: Event) -> EventInfo:
    cards = list(event.refs)
    return EventInfo(
        seq=event.seq,
        index=event.index,
        kind=event.kind,
        text=event.text,
        data=event.data,
        private=event.to is not None,
        card=cards[0] if cards else None,
        cards=cards,
    )


def choice_info(choice: Choice) -> ChoiceInfo:
    cards = list(choice.refs)
    return ChoiceInfo(
        id=choice.id, label=choice.label, data=choice.data, card=cards[0] if cards else None, cards=cards
    )


def prompt_info(prompt: Prompt) -> PromptInfo:
    return PromptInfo(
        seat=prompt.seat,
        kind=prompt.kind,
        text=prompt.text,
        choices=[choice_info(c) for c in prompt.choices],
    )


def check_page(limit: int) -> None:
    if not 1 <= limit <= MAX_PAGE:
        raise GraphQLError(
            f"limit is {limit}; a page holds 1 to {MAX_PAGE}: ask for the rest in further pages",
            extensions={"code": "BAD_REQUEST"},
        )


def page_of(events: list[Event], limit: int) -> list[Event]:
    """The first events of whole choices, at most `limit` of them unless the first
    choice alone made more (a page never ends inside a choice, so the next page can
    start after the last event's seq)."""
    if len(events) <= limit:
        return events
    end = limit
    last = events[limit - 1].seq
    if events[limit].seq == last:  # the page would end inside a choice: end before it
        end = next((i for i in range(limit - 1, -1, -1) if events[i].seq != last), -1) + 1
        if end == 0:  # one choice made more than a page: its events whole
            end = next((i for i in range(limit, len(events)) if events[i].seq != last), len(events))
    return events[:end]


def client_of(info: Info, proxies: Proxies) -> str:
    """Who creates a match, for the bot queue's turns and the share of searching bots:
    its address (as the rate limiter finds it, through trusted proxies), never a seat:
    a seat token is had for the asking, so it would buy a new share each time."""
    request = info.context.get("request")
    scope = getattr(request, "scope", None)
    return address_key(client_address(scope if isinstance(scope, dict) else {}, proxies))


def bearer(info: Info) -> str | None:
    """The seat token from `Authorization: Bearer ...` (HTTP or WebSocket upgrade) or
    from the WebSocket connection_init payload {"Authorization": "Bearer ..."}."""
    context = info.context
    header = None
    params = context.get("connection_params")
    if isinstance(params, dict):
        header = params.get("Authorization") or params.get("authorization")
    request = context.get("request")
    if header is None and request is not None:
        header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = str(header).partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise GraphQLError(
            "the Authorization header must be 'Bearer <seat token>'",
            extensions={"code": Unauthenticated.code},
        )
    return token.strip()


def build_schema(service: MatchService, settings: Settings | None = None) -> strawberry.Schema:
    """The schema for the loaded plugins. A plugin's view type that cannot join it (its
    GraphQL type name is taken by another plugin's type or by the API's own, or it is
    not a valid strawberry type) is left out and recorded on the host as a problem of
    that plugin; its game is then served as `JsonView`."""
    settings = settings or Settings()
    _, schema = _accept_view_types(service.host, lambda views: _make_schema(service, settings, views))
    return schema


def check_view_types(host: PluginHost) -> dict[str, ViewType]:
    """The view types the API would serve, by game; those it would leave out are
    recorded on the host as problems (what `nbc plugins` and `nbc serve` report)."""
    accepted, _ = _accept_view_types(host, lambda views: _make_schema(None, Settings(), views))
    return accepted


def _accept_view_types(
    host: PluginHost, make: Callable[[list[ViewType]], strawberry.Schema]
) -> tuple[dict[str, ViewType], strawberry.Schema]:
    candidates: list[tuple[str, ViewType]] = []
    for plugin, item in host.view_types():
        if not isinstance(item, ViewType):
            host.add_problem(plugin, f"nbc_graphql_types returned {item!r}, not a nbc.core.game.ViewType")
            continue
        if item.game not in host.games:
            continue  # the game did not load (that is reported already): nothing to serve
        taken = next((p for p, v in candidates if v.game == item.game), None)
        if taken is not None:
            host.add_problem(
                plugin,
                f"view type {_type_name(item)} for game '{item.game}' left out: "
                f"plugin '{taken}' already gives that game a view type",
            )
            continue
        if getattr(item.type, "__strawberry_definition__", None) is None:
            host.add_problem(
                plugin,
                f"view type for game '{item.game}' left out (served as JsonView): "
                f"{item.type!r} is not a strawberry type",
            )
            continue
        candidates.append((plugin, item))
    try:
        schema = make([v for _, v in candidates])
        return {v.game: v for _, v in candidates}, schema
    except Exception:
        if not candidates:
            raise  # the API's own types are broken: no plugin to blame
    # Something does not fit: add the view types one by one, in the order the plugins
    # registered, and leave out each that breaks the schema.
    accepted: list[tuple[str, ViewType]] = []
    for plugin, item in candidates:
        try:
            make([v for _, v in accepted] + [item])
        except Exception as error:
            reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            if "defined multiple times" in reason:
                reason += (
                    " (another plugin's type or one of the API's own uses that name; give the type "
                    "a name of its own with @strawberry.type(name=...))"
                )
            host.add_problem(
                plugin,
                f"view type {_type_name(item)} for game '{item.game}' left out of the GraphQL schema "
                f"(the game is served as JsonView): {reason}",
            )
            log.warning("plugin %s: view type of %s left out: %s", plugin, item.game, reason)
            continue
        accepted.append((plugin, item))
    return {v.game: v for _, v in accepted}, make([v for _, v in accepted])


def _type_name(item: ViewType) -> str:
    definition = getattr(item.type, "__strawberry_definition__", None)
    return f"'{definition.name}'" if definition is not None else repr(item.type)


def _make_schema(
    service: MatchService | None, settings: Settings, views: list[ViewType]
) -> strawberry.Schema:
    view_types: dict[str, ViewType] = {v.game: v for v in views}
    proxies = Proxies(settings.trusted_proxies)
    members = tuple(dict.fromkeys([JsonView, *(v.type for v in view_types.values())]))
    if len(members) == 1:  # a union needs two members; with no typed views, JSON it is
        View: Any = JsonView
    else:
        View = Annotated[Union[members], strawberry.union("View")]  # noqa: UP007

    def build_view(game: Game, view: dict[str, Any]) -> Any:
        typed = view_types.get(game.name)
        return typed.build(view) if typed else JsonView(game=game.name, data=view)

    @strawberry.type(name="Match", description="A match as the caller may see it.")
    class MatchInfo:
        id: strawberry.ID
        game: str
        variant: str
        status: MatchStatus
        seq: int = strawberry.field(description="choices made so far; send it as act(expectedSeq)")
        players: int
        options: JSON
        seats: list[SeatInfo]
        you: int | None = strawberry.field(description="the caller's seat; null for a spectator")
        replayable: bool = strawberry.field(
            description="dealt from a seed its creator chose: whoever knows it can see every deal"
        )
        listed: bool = strawberry.field(description="shown in the lobby while it has open seats")
        _loaded: strawberry.Private[Loaded]
        _caller: strawberry.Private[Caller]

        @strawberry.field(
            description="the seed the match was dealt from: shown once it is finished, or always "
            "for a replayable match; null otherwise"
        )
        def seed(self) -> str | None:
            return self._loaded.match.header.seed if replay_shown(self._loaded) else None

        @strawberry.field(
            description="the choices made, in order, bots' included, a page at a time: `limit` of "
            "them from number `from` (1: the first); shown when the seed is (once it is finished, "
            "or always for a replayable match); with the seed, the game, variant, options and "
            "players, they replay the match exactly; null otherwise"
        )
        def choices(
            self,
            from_: Annotated[
                int, strawberry.argument(name="from", description="the seq of the first choice to give")
            ] = 1,
            limit: Annotated[
                int, strawberry.argument(description=f"at most this many, 1 to {MAX_PAGE}")
            ] = PAGE,
        ) -> list[ChoiceMade] | None:
            if not replay_shown(self._loaded):
                return None
            check_page(limit)
            if from_ < 1:
                raise GraphQLError(
                    f"from is {from_}; the first choice of a match is number 1",
                    extensions={"code": "BAD_REQUEST"},
                )
            log = self._loaded.match.log[from_ - 1 : from_ - 1 + limit]
            return [ChoiceMade(seq=n, seat=a.seat, choice_id=a.choice) for n, a in enumerate(log, from_)]

        @strawberry.field(description="what the caller may know of the match")
        def view(self) -> View:  # type: ignore[valid-type]
            return build_view(self._loaded.match.game, service.view(self._loaded, self.you))

        @strawberry.field(description="the same view as JSON")
        def view_json(self) -> JSON:
            return service.view(self._loaded, self.you)

        @strawberry.field(
            description="the caller's view (a seat's, or a spectator's) as it stood after choice "
            "number `seq` (0: the set-up; at most the match's seq): only what that seat could "
            "know then"
        )
        async def view_at(self, seq: int) -> JSON:
            with refusals():
                return await off_loop(service.view_at, self._caller, seq)

        @strawberry.field(description="the caller's open prompts (empty for spectators)")
        def prompts(self) -> list[PromptInfo]:
            return [prompt_info(p) for p in service.prompts(self._loaded, self.you)]

        @strawberry.field(description="seats that have a decision open")
        def waiting_for(self) -> list[int]:
            return self._loaded.match.seats_to_act() if self._loaded.status == "active" else []

        @strawberry.field(
            description="events the caller may see, made after choice number `after` (-1: from the "
            "set-up on), a page at a time: a page holds the events of whole choices, at most "
            "`limit` of them unless one choice alone made more (then that choice's events come "
            "whole); the next page is after the last event's seq"
        )
        def events(
            self,
            after: int = -1,
            limit: Annotated[
                int, strawberry.argument(description=f"events in the page at most, 1 to {MAX_PAGE}")
            ] = PAGE,
        ) -> list[EventInfo]:
            check_page(limit)
            return [event_info(e) for e in page_of(service.events(self._loaded, self.you, after), limit)]

        @strawberry.field
        def outcome(self) -> OutcomeInfo | None:
            outcome = self._loaded.match.outcome()
            if outcome is None:
                return None
            return OutcomeInfo(
                winners=list(outcome.winners),
                scores=list(outcome.scores),
                tiebreak=outcome.tiebreak,
                reason=outcome.reason,
            )

    def match_info(loaded: Loaded, caller: Caller) -> MatchInfo:
        match = loaded.match
        return MatchInfo(
            id=strawberry.ID(caller.match_id),
            game=match.game.name,
            variant=match.header.variant,
            status=MatchStatus(loaded.status),
            seq=match.seq,
            players=match.players,
            options=match.header.options,
            seats=[
                SeatInfo(seat=s.seat, kind=SeatKind(s.kind), bot=s.bot, name=s.name, budget=s.budget)
                for s in service.seat_infos(loaded)
            ],
            you=caller.seat,
            replayable=loaded.replayable,
            listed=loaded.listed,
            _loaded=loaded,
            _caller=caller,
        )

    @strawberry.type(
        name="MatchUpdate",
        description="A message of matchUpdates: the match moved to step `seq`, with the events of "
        "the steps since the previous message that the caller may see (often none).",
    )
    class MatchUpdate:
        seq: int = strawberry.field(
            description="the caller has now been sent every event of its up to this step"
        )
        status: MatchStatus
        waiting_for: list[int] = strawberry.field(description="seats that have a decision open now")
        open_seats: int = strawberry.field(
            description="seats nobody has taken yet (a message comes when one is taken, too)"
        )
        events: list[EventInfo]

    @strawberry.type(description="The result of act: the match after the choice and what happened.")
    class ActResult:
        match: MatchInfo
        events: list[EventInfo]

    @strawberry.type(description="A new match and one token per PERSON seat, shown only this once.")
    class CreatedMatch:
        match: MatchInfo
        tokens: list[SeatToken]

    @strawberry.type(description="A seat taken with joinMatch, and its token (shown only this once).")
    class JoinedMatch:
        match: MatchInfo
        seat: int
        token: str

    @strawberry.type
    class Query:
        @strawberry.field(description="every game, its variants, seat counts and options")
        def games(self) -> list[GameInfo]:
            return [
                game_info(g, bots_for(service.host.bots, g.name))
                for g in sorted(service.host.games.values(), key=lambda g: g.name)
            ]

        @strawberry.field(description="the bots the server offers for BOT seats, by name")
        def bots(self) -> list[BotInfo]:
            return [
                BotInfo(
                    name=name,
                    description=str(getattr(bot, "description", "") or ""),
                    games=sorted(g for g in service.host.games if supports(bot, g)),
                    budget=BotBudget(min=MIN_SECONDS, max=MAX_SECONDS, default=DEFAULT_SECONDS)
                    if hasattr(bot, "with_budget")
                    else None,
                )
                for name, bot in sorted(service.host.bots.items())
            ]

        @strawberry.field(description="a match; the seat token, if sent, picks the seat you see it as")
        async def match(self, info: Info, id: strawberry.ID) -> MatchInfo:
            token = bearer(info)
            with refusals():
                caller, loaded = await off_loop(service.look, str(id), token)
                return match_info(loaded, caller)

        @strawberry.field(description="every card definition of a game (of one set, if named)")
        def cards(self, game: str, set: str | None = None) -> list[CardInfo]:
            with refusals():
                return [
                    CardInfo(
                        id=c.id,
                        name=c.name,
                        set=c.set,
                        kind=c.kind,
                        text=c.text,
                        numbers=c.numbers,
                        copies=c.copies,
                        provenance=c.provenance,
                    )
                    for c in service.catalogue(game, set)
                ]

        @strawberry.field(description="listed matches with open seats, newest first")
        async def lobby(self, game: str | None = None, limit: int = 50) -> list[LobbyMatch]:
            with refusals():
                return [
                    LobbyMatch(
                        id=strawberry.ID(entry.id),
                        game=entry.game,
                        variant=entry.variant,
                        players=entry.players,
                        seats=[
                            SeatInfo(
                                seat=s.seat, kind=SeatKind(s.kind), bot=s.bot, name=s.name, budget=s.budget
                            )
                            for s in entry.seats
                        ],
                        open_seats=[s.seat for s in entry.seats if s.kind == "open"],
                        age_seconds=entry.age_seconds,
                    )
                    for entry in await off_loop(service.lobby, game, limit)
                ]

    @strawberry.type
    class Mutation:
        @strawberry.mutation(description="start a match; seats are PERSON, BOT or OPEN (joinable)")
        async def create_match(self, info: Info, input: CreateMatchInput) -> CreatedMatch:
            with refusals():
                match_id, tokens = await off_loop(
                    service.create,
                    input.game,
                    input.variant,
                    input.options,  # type: ignore[arg-type]
                    [SeatSpec(s.kind.value, s.bot, s.name, s.budget) for s in input.seats],
                    input.seed,
                    input.listed,
                    input.replayable,
                    client_of(info, proxies),
                )
                loaded = await off_loop(service.get, match_id)
                return CreatedMatch(
                    match=match_info(loaded, Caller(match_id, min(tokens) if tokens else None)),
                    tokens=[SeatToken(seat=s, token=t) for s, t in sorted(tokens.items())],
                )

        @strawberry.mutation(description="take an open seat (the lowest unless `seat` is given)")
        async def join_match(
            self, match_id: strawberry.ID, seat: int | None = None, name: str | None = None
        ) -> JoinedMatch:
            with refusals():
                number, token = await off_loop(service.join, str(match_id), seat, name)
                loaded = await off_loop(service.get, str(match_id))
                return JoinedMatch(
                    match=match_info(loaded, Caller(str(match_id), number)), seat=number, token=token
                )

        @strawberry.mutation(
            description="make a choice as the token's seat; expectedSeq must equal the match's seq"
        )
        async def act(
            self, info: Info, match_id: strawberry.ID, choice_id: str, expected_seq: int
        ) -> ActResult:
            token = bearer(info)
            with refusals():
                caller, events, loaded = await off_loop(
                    service.act, str(match_id), token, choice_id, expected_seq
                )
                return ActResult(match=match_info(loaded, caller), events=[event_info(e) for e in events])

    async def follow(
        info: Info, match_id: strawberry.ID, after: int
    ) -> AsyncGenerator[tuple[Loaded, list[Event]], None]:
        """The match at each step it reaches, with the caller's events since the step
        before (the first time: after `after`), read as one snapshot. Woken by a change
        made here or announced by another process (PostgreSQL), and reading the
        database anyway every RECHECK_SECONDS. While the database cannot be reached it
        waits and reads again: nothing is sent, and nothing is lost or sent twice."""
        token = bearer(info)
        caller = None
        while caller is None:
            with waits_out_outages(), refusals():
                caller = await off_loop(service.caller, str(match_id), token)
            if caller is None:
                await asyncio.sleep(RECHECK_SECONDS)
        seen = after
        watch = service.watchers.watch(caller.match_id)
        woken = watch[1]
        try:
            while True:
                woken.clear()
                loaded = None
                with waits_out_outages(), refusals():
                    loaded = await off_loop(service.get, caller.match_id)
                if loaded is not None:
                    # the events and the step they reach, from one snapshot, before yielding
                    batch = service.events(loaded, caller.seat, seen)
                    seen = loaded.match.seq
                    yield loaded, batch
                    if loaded.status == "finished":
                        return
                with suppress(TimeoutError):
                    await asyncio.wait_for(woken.wait(), RECHECK_SECONDS)
        finally:
            service.watchers.unwatch(caller.match_id, watch)

    @strawberry.type
    class Subscription:
        @strawberry.subscription(
            description="the caller's events as they happen, after choice number `after` (a step "
            "that shows the caller no event sends nothing here: matchUpdates tells of every step)"
        )
        async def match_events(
            self, info: Info, match_id: strawberry.ID, after: int = -1
        ) -> AsyncGenerator[EventInfo, None]:
            async for _, batch in follow(info, match_id, after):
                for event in batch:
                    yield event_info(event)

        @strawberry.subscription(
            description="a message each time the match moves on, even by a step that shows the "
            "caller no event: the step it reached, its status, the seats it waits for, and the "
            "caller's events since the previous message (the first message at once: the match "
            "as it is, with the events after choice number `after`; a long catch-up comes in "
            f"several messages of at most {UPDATE_EVENTS} events, each ending at a whole step). "
            "It ends after the message that tells the match is finished."
        )
        async def match_updates(
            self, info: Info, match_id: strawberry.ID, after: int = -1
        ) -> AsyncGenerator[MatchUpdate, None]:
            told: tuple[int, str, list[int], int] | None = None
            async for loaded, batch in follow(info, match_id, after):
                match = loaded.match
                waiting = match.seats_to_act() if loaded.status == "active" else []
                free = sum(1 for seat in loaded.seats if seat.kind == "open")
                state = (match.seq, loaded.status, waiting, free)
                while len(batch) > UPDATE_EVENTS:
                    page = page_of(batch, UPDATE_EVENTS)
                    if len(page) == len(batch):
                        break
                    batch = batch[len(page) :]
                    yield MatchUpdate(
                        seq=page[-1].seq,
                        status=MatchStatus(loaded.status),
                        waiting_for=waiting,
                        open_seats=free,
                        events=[event_info(e) for e in page],
                    )
                if state != told or batch:
                    told = state
                    yield MatchUpdate(
                        seq=match.seq,
                        status=MatchStatus(loaded.status),
                        waiting_for=waiting,
                        open_seats=free,
                        events=[event_info(e) for e in batch],
                    )

    # The limits' validation rules are built once, so validated documents can be cached.
    limits = (
        *QueryDepthLimiter(max_depth=settings.max_depth).validation_rules,
        *MaxAliasesLimiter(max_alias_count=settings.max_aliases).validation_rules,
    )
    documents = DocumentCache()
    schema = Schema(
        query=Query,
        mutation=Mutation,
        subscription=Subscription,
        types=list(members),
        execution_context_class=LeanExecutor,
        extensions=[
            lambda: DocumentChecks(
                documents,
                max_tokens=settings.max_tokens,
                max_cost=settings.max_cost,
                max_selections=settings.max_selections,
                extra_rules=limits,
            ),
        ],
    )
    schema.documents = documents
    return schema
