"""A plugin's GraphQL view type that cannot join the schema is left out, with a problem
reported, and the server still starts with everything else."""

from __future__ import annotations

import strawberry
from starlette.testclient import TestClient

from nbc.api.app import create_app, schema_sdl
from nbc.api.schema import check_view_types
from nbc.api.settings import Settings
from nbc.core.game import ViewType
from nbc.core.hookspecs import hookimpl
from nbc.core.host import PluginHost


def test_a_view_type_name_used_twice_leaves_out_the_later_plugins_type(broken_plugins, tmp_path):
    host = PluginHost.load()
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'x.db'}"), host=host)
    [problem] = [p for p in host.problems if p.plugin == "view-clash"]
    assert "view type 'TcgView' for game 'haunted-treats' left out" in problem.reason
    assert "served as JsonView" in problem.reason and "defined multiple times" in problem.reason
    sdl = schema_sdl(app)
    assert "union View = JsonView | FunkoverseView | MunchkinView | TcgView | TrickOrTreatView" in sdl
    assert "type TcgView {\n  day: Int!" in sdl  # the TCG's own type, not the impostor's
    with TestClient(app) as client:
        query = """mutation {
            createMatch(input: {game: "haunted-treats", seats: [{kind: BOT}, {kind: BOT}]}) {
                match { game view { __typename } } } }"""
        answer = client.post("/graphql", json={"query": query}).json()
        assert answer["data"]["createMatch"]["match"] == {
            "game": "haunted-treats",
            "view": {"__typename": "JsonView"},
        }
        query = "{ games { name } }"
        names = {g["name"] for g in client.post("/graphql", json={"query": query}).json()["data"]["games"]}
        assert {"tcg", "munchkin", "funkoverse", "trick-or-treat", "haunted-treats"} <= names


def test_view_types_that_are_not_view_types_or_repeat_a_game_are_left_out(example_game):
    @strawberry.type(name="OtherTrickOrTreatView")
    class Other:
        round: int

    class Repeats:
        @staticmethod
        @hookimpl
        def nbc_graphql_types():
            return [ViewType(game="trick-or-treat", type=Other, build=lambda v: Other(round=v["round"]))]

    class NotAViewType:
        @staticmethod
        @hookimpl
        def nbc_graphql_types():
            return ["TrickOrTreatView"]

    class Raises:
        @staticmethod
        @hookimpl
        def nbc_graphql_types():
            raise RuntimeError("no types today")

    host = PluginHost.load(extra=[Repeats, NotAViewType, Raises])
    accepted = check_view_types(host)
    assert accepted["trick-or-treat"].type.__name__ == "TrickOrTreatView"
    reasons = {p.plugin: p.reason for p in host.problems}
    assert "plugin 'trick-or-treat' already gives that game a view type" in reasons["Repeats"]
    assert "returned 'TrickOrTreatView', not a nbc.core.game.ViewType" in reasons["NotAViewType"]
    assert reasons["Raises"] == "nbc_graphql_types failed: RuntimeError: no types today"
    create_app(Settings(database_url="sqlite://"), host=host)  # builds, without them
