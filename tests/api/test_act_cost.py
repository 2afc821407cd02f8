"""What an act costs the database, counted, not timed: the SQL statements one `act`
sends (docs/api.md, Speed). A process whose copy of the match is current stores the
person's choice without reading anything first (the bots' replies are stored by the
bot queue's threads, after the act has answered): on SQLite the insert
of the choices and the conditional update of the match's row, in one transaction; on
PostgreSQL one statement. A change that adds a read or a statement to every act
fails here."""

from __future__ import annotations

import threading
from itertools import groupby

from client import settled
from sqlalchemy import event

from nbc.core.match import Match

MIN_ACTS = 3


def _statements_per_act(api, app) -> list[list[str]]:
    """What the database was sent during each act of a match. On SQLite that is what
    the driver hands SQLite (its trace callback, which also shows the transaction's
    BEGIN and COMMIT); on PostgreSQL what SQLAlchemy sends, each statement its own
    transaction."""
    engine = app.state.service.store.engine
    sqlite = engine.dialect.name == "sqlite"
    sent: list[str] = []

    def note(statement: str) -> None:
        # the bots' moves are stored by the bot queue's threads, not by the act
        if not threading.current_thread().name.startswith("nbc-bots"):
            sent.append(" ".join(statement.split()[:3]).upper())

    def on_statement(conn, cursor, statement, parameters, context, executemany):  # type: ignore[no-untyped-def]
        note(statement)

    def on_connect(dbapi_connection, record):  # type: ignore[no-untyped-def]
        dbapi_connection.set_trace_callback(note)

    # a whole match against a bot, well before the first snapshot (50 choices)
    match, tokens = api.create("trick-or-treat", ["PERSON", "BOT"], options={"rounds": 4})
    if sqlite:
        event.listen(engine, "connect", on_connect)
        engine.dispose()  # the connections from now on are traced
    else:
        event.listen(engine, "before_cursor_execute", on_statement)
    per_act = []
    try:
        while match["status"] == "ACTIVE":
            choices = match["prompts"][0]["choices"]
            choice = choices[len(per_act) % len(choices)]["id"]
            sent.clear()
            api.act(match["id"], tokens[0], choice, match["seq"])
            # SQLite's trace shows the one multi-row insert once per row
            per_act.append([s for s, _ in groupby(sent) if not s.startswith("PRAGMA")])
            match = settled(api, match["id"], tokens[0])
            assert match["seq"] < 50
    finally:
        if sqlite:
            event.remove(engine, "connect", on_connect)
            engine.dispose()
        else:
            event.remove(engine, "before_cursor_execute", on_statement)
    return per_act


def test_an_act_sends_only_its_write(api, app, database_url):
    per_act = _statements_per_act(api, app)
    if database_url.startswith("sqlite"):
        expected = ["BEGIN", "INSERT INTO CHOICES", "UPDATE MATCHES SET", "COMMIT"]
    else:  # one statement, its own transaction
        expected = ["WITH MOVED AS"]
    assert len(per_act) >= MIN_ACTS
    assert per_act == [expected] * len(per_act)


def test_a_view_is_made_once_per_step_and_seat(api, monkeypatch):
    made: list[int | None] = []
    view = Match.view

    def counted(self, seat):  # type: ignore[no-untyped-def]
        made.append(seat)
        return view(self, seat)

    monkeypatch.setattr(Match, "view", counted)
    match, tokens = api.create("trick-or-treat", ["PERSON", "PERSON"], variant="short")
    assert made == [0]  # createMatch answers as the first person seat
    first = [api.match(match["id"], tokens[0])["viewJson"] for _ in range(3)]
    assert made == [0]
    assert first[0] == first[1] == first[2] == match["viewJson"]
    assert api.match(match["id"])["viewJson"] != first[0]  # a spectator's own view
    assert made == [0, None]
    seat = match["waitingFor"][0]
    mine = api.match(match["id"], tokens[seat])
    after = api.act(match["id"], tokens[seat], mine["prompts"][0]["choices"][0]["id"], mine["seq"])
    made.clear()
    again = api.match(match["id"], tokens[seat])
    assert again["viewJson"] == after["match"]["viewJson"]
    assert made == []  # the act's answer made the new step's view for its seat
    other = 1 - seat
    api.match(match["id"], tokens[other])
    assert made == [other]  # a new step: a new view for the other seat


def test_an_acts_times_are_stored_as_every_other_time(api, app):
    """The act's write stamps the choices and the match's row with times in the form
    the tables' other writes use, so they read back as times."""
    from sqlalchemy import text

    match, tokens = api.create("trick-or-treat", ["PERSON", "BOT"], options={"rounds": 4})
    choice = match["prompts"][0]["choices"][0]["id"]
    api.act(match["id"], tokens[0], choice, match["seq"])
    engine = app.state.service.store.engine
    with engine.connect() as connection:
        created, updated = connection.execute(
            text("SELECT created_at, updated_at FROM matches WHERE id = :id"), {"id": match["id"]}
        ).one()
        stamped = (
            connection.execute(
                text("SELECT created_at FROM choices WHERE match_id = :id"), {"id": match["id"]}
            )
            .scalars()
            .all()
        )
    raw = [created, updated, *stamped]
    assert len(raw) >= 3
    assert {type(value) for value in raw} == {type(created)}
    if isinstance(created, str):  # SQLite keeps text: one shape for all
        assert {len(value) for value in raw} == {len(created)}
        assert all("+" not in value for value in raw)
