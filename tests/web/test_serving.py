"""The browser client as files: `/` and every asset served from the package with the
right content type, nothing in them that loads from another origin, the vendored
scripts with their licences, GraphiQL's page on local assets, the `bots` query the
lobby reads, and a plugin's own table served through `nbc_web_tables`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from nbc.api.app import create_app
from nbc.api.settings import Settings
from nbc.api.web import STATIC
from nbc.core.game import WebTable
from nbc.core.hookspecs import hookimpl
from nbc.core.host import PluginHost

VENDORED = {
    "graphiql": ("graphiql.min.js", "graphiql.min.css"),
    "react": ("react.production.min.js",),
    "react_dom": ("react-dom.production.min.js",),
}
EXPECTED_TYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".txt": "text/plain",
}
URL = re.compile(r"""(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s"'`)<>]*""")
# Names that look like addresses but are only identifiers: XML namespaces, which
# createElementNS and React name elements by; nothing is ever fetched from them.
NAMESPACES = re.compile(r"https?://www\.w3\.org/(?:2000/svg|1999/xhtml|1999/xlink|XML/1998/namespace|1998/Math/MathML)")
# Where a browser would fetch something by itself: a tag's src or href, CSS url() and
# @import, an ES import, a fetch or a WebSocket; followed by the host it names.
LOADING = re.compile(
    r"""(?:(?:src|href)\s*=\s*["']?\s*|url\(\s*["']?\s*|@import\s+["']?|\bfetch\(\s*["']"""
    r"""|\bimport\s*(?:\(|[\w{},*\s]+from)\s*["']|new WebSocket\(\s*["'])"""
    r"""(?:(?:https?|wss?):)?//([A-Za-z0-9.-]+)"""
)
# Documentation's reserved example hosts (RFC 2606), as in comments that show markup.
EXAMPLES = re.compile(r"(?:^|\.)example\.(?:com|org|net)$")


def served_files() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*") if p.is_file() and p.suffix in EXPECTED_TYPES)


def is_vendored(path: Path) -> bool:
    return "vendor" in path.relative_to(STATIC).parts


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    database = tmp_path_factory.mktemp("serving") / "nbc.db"
    with TestClient(create_app(Settings(database_url=f"sqlite:///{database}"))) as made:
        yield made


def test_the_page_at_the_root_is_the_client(client):
    answer = client.get("/")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    assert '<script type="module" src="/web/app.js">' in answer.text
    assert '<link rel="stylesheet" href="/web/style.css">' in answer.text


@pytest.mark.parametrize("path", served_files(), ids=lambda p: str(p.relative_to(STATIC)))
def test_every_asset_is_served_with_its_content_type(client, path):
    answer = client.get(f"/web/{path.relative_to(STATIC).as_posix()}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].split(";")[0] == EXPECTED_TYPES[path.suffix]
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.content == path.read_bytes()


def test_a_missing_asset_is_a_404_not_the_page(client):
    assert client.get("/web/no-such-module.js").status_code == 404
    assert client.get("/web/../pyproject.toml").status_code == 404
    assert client.get("/web/plugins/no-such-game/table.js").status_code == 404


@pytest.mark.parametrize(
    "path", [p for p in served_files() if not is_vendored(p)], ids=lambda p: str(p.relative_to(STATIC))
)
def test_the_clients_own_files_name_no_other_origin(path):
    text = NAMESPACES.sub("", path.read_text(encoding="utf-8"))
    assert not URL.findall(text), f"{path.name} names another origin: {URL.findall(text)[:5]}"


@pytest.mark.parametrize("path", [p for p in served_files() if is_vendored(p)], ids=lambda p: p.name)
def test_the_vendored_files_load_nothing_from_another_origin(path):
    # Their texts keep the addresses of their documentation and error messages (links a
    # person may follow); none is in a place the browser would load from by itself.
    found = [h for h in LOADING.findall(path.read_text(encoding="utf-8")) if not EXAMPLES.search(h)]
    assert not found, f"{path.name} loads from another origin: {found[:5]}"


def test_the_vendored_scripts_carry_their_licences():
    for folder, files in VENDORED.items():
        licence = STATIC / "vendor" / folder / "LICENSE"
        assert licence.is_file(), f"vendor/{folder} has no LICENSE"
        assert "MIT License" in licence.read_text() or "Permission is hereby granted" in licence.read_text()
        for name in files:
            assert (STATIC / "vendor" / folder / name).is_file(), f"vendor/{folder}/{name} is missing"
    versions = (STATIC / "vendor" / "VERSIONS.txt").read_text()
    for expected in ("graphiql 3.8.3", "react 18.2.0", "react-dom 18.2.0"):
        assert expected in versions


def test_graphiql_is_served_from_this_server(client):
    answer = client.get("/graphql", headers={"Accept": "text/html"})
    assert answer.status_code == 200
    assert "/web/vendor/graphiql/graphiql.min.js" in answer.text
    assert "/web/vendor/react/react.production.min.js" in answer.text
    assert "/web/vendor/react_dom/react-dom.production.min.js" in answer.text
    assert not URL.findall(answer.text), URL.findall(answer.text)


def test_the_lobby_reads_the_bots_from_the_api(client):
    answer = client.post("/graphql", json={"query": "{ bots { name description } }"}).json()
    random = {"name": "random", "description": "picks uniformly at random among its legal choices"}
    assert random in answer["data"]["bots"]


def test_without_plugin_tables_the_list_is_empty(client):
    answer = client.get("/web/plugins.json")
    assert answer.headers["content-type"] == "application/json"
    assert answer.json() == {}


class TablePlugin:
    """A plugin that ships a table for the example game, and three broken ones."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @hookimpl
    def nbc_web_tables(self):
        return [
            WebTable("trick-or-treat", self.folder, "table.js"),
            WebTable("trick-or-treat", self.folder, "table.js"),  # a second one for the game
            WebTable("no-such-game", self.folder),
            WebTable("trick-or-treat", self.folder, "../outside.js"),
            "not a table",
        ]


def test_a_plugin_serves_its_own_table_and_broken_entries_are_reported(tmp_path):
    folder = tmp_path / "table"
    folder.mkdir()
    (folder / "table.js").write_text("export default function render(view, ctx) { return ctx.h('div'); }\n")
    (tmp_path / "outside.js").write_text("// not inside the folder\n")
    host = PluginHost.load(extra=[TablePlugin(folder)])
    tables = host.web_tables()
    assert tables == {"trick-or-treat": WebTable("trick-or-treat", folder, "table.js")}
    reasons = [p.reason for p in host.problems]
    assert any("a second table for 'trick-or-treat'" in r for r in reasons), reasons
    assert any("'no-such-game', which is no loaded game" in r for r in reasons), reasons
    assert any("must be a .js file inside" in r and "'../outside.js'" in r for r in reasons), reasons
    assert any("'not a table' is not a nbc.core.game.WebTable" in r for r in reasons), reasons
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'nbc.db'}"), host)
    with TestClient(app) as client:
        listed = client.get("/web/plugins.json").json()
        assert listed == {"trick-or-treat": "/web/plugins/trick-or-treat/table.js"}
        module = client.get("/web/plugins/trick-or-treat/table.js")
        assert module.status_code == 200
        assert module.headers["content-type"].startswith("text/javascript")
        assert "export default function render" in module.text
        assert client.get("/web/plugins/trick-or-treat/../outside.js").status_code == 404


def test_without_chromium_the_browser_tests_skip_unless_it_is_required(monkeypatch, tmp_path):
    import browser

    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.delenv("NBC_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no-chromium is not installed"):
        browser.need_browser()
    monkeypatch.setenv("NBC_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="NBC_REQUIRE_BROWSER=1 but .*no-chromium"):
        browser.need_browser()
