"""docs/schema.graphql must be the schema the server serves with nbc-rules' own games
(regenerate it with `nbc schema --builtin-only > docs/schema.graphql`). Third-party
plugins installed beside them, such as the example game, add their view types to the
live schema but not to the exported one."""

from pathlib import Path

from typer.testing import CliRunner

from nbc.api.app import create_app, schema_sdl
from nbc.api.cli import app as cli
from nbc.api.settings import Settings
from nbc.core.host import PluginHost

EXPORTED = Path(__file__).parents[2] / "docs" / "schema.graphql"
REGENERATE = "run `nbc schema --builtin-only > docs/schema.graphql`"

THIRD_PARTY = """
import strawberry

from nbc.core.game import ViewType
from nbc.core.hookspecs import hookimpl
from trick_or_treat.game import TrickOrTreat


class Lantern(TrickOrTreat):
    name = "lantern"


@strawberry.type
class LanternView:
    round: int


@hookimpl
def nbc_games():
    return [Lantern]


@hookimpl
def nbc_graphql_types():
    return [ViewType(game="lantern", type=LanternView, build=lambda v: LanternView(round=v["round"]))]
"""


def builtin_schema(tmp_path: Path) -> str:
    host = PluginHost.load(builtin_only=True)
    return schema_sdl(create_app(Settings(database_url=f"sqlite:///{tmp_path / 'x.db'}"), host=host))


def test_exported_schema_matches_the_built_in_games_schema(tmp_path):
    assert EXPORTED.exists(), f"docs/schema.graphql is missing: {REGENERATE}"
    assert EXPORTED.read_text() == builtin_schema(tmp_path), (
        f"docs/schema.graphql is out of date: {REGENERATE}"
    )


def test_an_installed_third_party_plugin_does_not_make_the_export_drift(installed_plugins, tmp_path):
    installed_plugins({"lantern": THIRD_PARTY})
    live = schema_sdl(create_app(Settings(database_url="sqlite://")))
    assert "type LanternView" in live and "TrickOrTreatView" in live  # installed, and served
    exported = EXPORTED.read_text()
    assert "LanternView" not in exported and "TrickOrTreatView" not in exported
    assert exported == builtin_schema(tmp_path)


def test_nbc_schema_builtin_only_prints_the_exported_schema(installed_plugins):
    installed_plugins({"lantern": THIRD_PARTY})
    result = CliRunner().invoke(cli, ["schema", "--builtin-only"])
    assert result.exit_code == 0, result.output
    assert result.stdout == EXPORTED.read_text()
