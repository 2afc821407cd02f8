"""docs/schema.graphql must be the schema the server serves (regenerate it with
`nbc schema > docs/schema.graphql`)."""

from pathlib import Path

from nbc.api.app import create_app, schema_sdl
from nbc.api.settings import Settings

EXPORTED = Path(__file__).parents[2] / "docs" / "schema.graphql"


def test_exported_schema_matches_the_live_schema(tmp_path):
    live = schema_sdl(create_app(Settings(database_url=f"sqlite:///{tmp_path / 'x.db'}")))
    assert EXPORTED.exists(), "docs/schema.graphql is missing: run `nbc schema > docs/schema.graphql`"
    assert EXPORTED.read_text() == live, (
        "docs/schema.graphql differs from the live schema: run `nbc schema > docs/schema.graphql`"
    )
