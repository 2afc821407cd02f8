"""Match storage with SQLModel: SQLite by default, PostgreSQL with the same code.

A match is stored as its header (which holds the secret seed) and its choices, one
row each, keyed by (match, seq). That key is what makes two writers unable to both
append the same step: the second insert fails and its request gets STALE_SEQUENCE.
Snapshots (the whole match as JSON every few choices) make loading fast; a match
can always be rebuilt from the header and choices alone.
"""

from __future__ import annotations

import json
import logging
import secrets
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import bindparam, event, insert, inspect, text, update
from sqlalchemy import select as core_select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Field, Session, SQLModel, create_engine, select

from nbc.core.game import Game
from nbc.core.match import Action, Header, Match
from nbc.core.serial import from_data, to_data


def _now() -> datetime:
    return datetime.now(UTC)


class MatchRow(SQLModel, table=True):
    __tablename__ = "matches"

    id: str = Field(primary_key=True, max_length=40)
    game: str = Field(max_length=40)
    variant: str = Field(max_length=40)
    players: int
    header: str  # JSON of the Header, seed included: never sent to a client
    status: str = Field(max_length=16)  # waiting | active | finished
    seq: int = 0
    created_at: datetime = Field(default_factory=_now)
    updated_at: datetime = Field(default_factory=_now)
    listed: bool = False  # shown in the lobby while it has open seats
    replayable: bool = False  # created with the client's own seed, which anyone may then see


class SeatRow(SQLModel, table=True):
    __tablename__ = "seats"

    match_id: str = Field(primary_key=True, foreign_key="matches.id", max_length=40)
    seat: int = Field(primary_key=True)
    kind: str = Field(max_length=16)  # person | bot | open
    bot: str | None = Field(default=None, max_length=40)
    name: str | None = Field(default=None, max_length=80)
    token_hash: str | None = Field(default=None, index=True, max_length=64)


class ChoiceRow(SQLModel, table=True):
    __tablename__ = "choices"

    match_id: str = Field(primary_key=True, foreign_key="matches.id", max_length=40)
    seq: int = Field(primary_key=True)
    seat: int
    choice_id: str = Field(max_length=200)
    created_at: datetime = Field(default_factory=_now)


class SnapshotRow(SQLModel, table=True):
    __tablename__ = "snapshots"

    match_id: str = Field(primary_key=True, foreign_key="matches.id", max_length=40)
    seq: int = Field(primary_key=True)
    data: str  # Match.to_json()


class SecretRow(SQLModel, table=True):
    """The server's secret, made once and shared by every server process on the
    database: match seeds are mixed with it, so no client can predict a deal."""

    __tablename__ = "server_secrets"

    name: str = Field(primary_key=True, max_length=40)
    value: str = Field(max_length=128)


# Columns added after a table was first made: (table, column, SQL type and default).
ADDED_COLUMNS = (
    ("matches", "listed", "BOOLEAN NOT NULL DEFAULT FALSE"),
    ("matches", "replayable", "BOOLEAN NOT NULL DEFAULT FALSE"),
)


def _add_missing_columns(engine: Engine) -> None:
    """Bring a database made by an older version up to date (new columns only)."""
    present = {
        table: {c["name"] for c in inspect(engine).get_columns(table)} for table, _, _ in ADDED_COLUMNS
    }
    with engine.begin() as connection:
        for table, column, kind in ADDED_COLUMNS:
            if column not in present[table]:
                connection.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {kind}"))


@dataclass(frozen=True, slots=True)
class Head:
    seq: int
    status: str
    game: str
    listed: bool
    replayable: bool


class Conflict(Exception):
    """Another writer appended the same sequence number first."""


def make_engine(url: str) -> Engine:
    """An engine for `url`, with the tables created if missing."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection, _record):  # type: ignore[no-untyped-def]
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")  # readers do not wait for the writer
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()
    else:
        engine = create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)
    SQLModel.metadata.create_all(engine)
    _add_missing_columns(engine)
    return engine


CHANNEL = "nbc_moves"  # PostgreSQL's NOTIFY channel: the payload is a match id
log = logging.getLogger("nbc.api")

# An act's write, built once (see Store.append).
_MATCHES = MatchRow.__table__
_INSERT_CHOICES = insert(ChoiceRow.__table__)
_MOVE_MATCH = (
    update(_MATCHES)
    .where(_MATCHES.c.id == bindparam("id_"), _MATCHES.c.seq == bindparam("before"))
    .values(seq=bindparam("seq_"), status=bindparam("status_"), updated_at=bindparam("now"))
)
# PostgreSQL: the conditional update, the insert (of nothing unless the row moved) and
# the announcement in one statement; it returns one row if the match's row moved.
_APPEND_POSTGRES = (
    "WITH moved AS ("
    " UPDATE matches SET seq = %(seq)s, status = %(status)s, updated_at = %(now)s"
    " WHERE id = %(id)s AND seq = %(before)s RETURNING id),"
    " stored AS ("
    " INSERT INTO choices (match_id, seq, seat, choice_id, created_at)"
    " SELECT moved.id, c.seq, c.seat, c.choice_id, %(now)s FROM moved,"
    " unnest(%(seqs)s::integer[], %(seats)s::integer[], %(choices)s::varchar[]) AS c(seq, seat, choice_id))"
    " SELECT pg_notify(%(channel)s, moved.id) FROM moved"
)
# SQLite: the same two statements in the driver's own words (see Store._append_sqlite).
_INSERT_SQLITE = "INSERT INTO choices (match_id, seq, seat, choice_id, created_at) VALUES (?, ?, ?, ?, ?)"
_MOVE_SQLITE = "UPDATE matches SET seq = ?, status = ?, updated_at = ? WHERE id = ? AND seq = ?"


class Store:
    """Reads and writes matches; knows nothing of GraphQL."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self.sqlite = engine.dialect.name == "sqlite" and engine.dialect.driver == "pysqlite"
        # one statement, its own transaction: no BEGIN and COMMIT round trips
        self._autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
        # SQLite takes one writer at a time and makes the others poll for the lock
        # with sleeps; this process's writers queue here instead and wake at once.
        self._sqlite_writer = threading.Lock()
        # a time as the DateTime columns store it, so SQLAlchemy reads it back alike
        stored_type = _MATCHES.c.updated_at.type.dialect_impl(engine.dialect)
        self._stored_time = stored_type.bind_processor(engine.dialect) or (lambda t: t)

    def announce(self, match_id: str, connection: Connection | None = None) -> None:
        """Tell every server process on this database that the match changed
        (PostgreSQL's NOTIFY, delivered when the transaction commits; SQLite serves
        one process, which wakes its own subscribers)."""
        if not self.postgres:
            return
        statement = text("SELECT pg_notify(:channel, :id)")
        if connection is not None:
            connection.execute(statement, {"channel": CHANNEL, "id": match_id})
        else:
            with self.engine.begin() as own:
                own.execute(statement, {"channel": CHANNEL, "id": match_id})

    def listen(self, on_change: Callable[[str], None]) -> Callable[[], None]:
        """On PostgreSQL, call `on_change(match_id)` for every change any process
        announces, from a thread of its own (reconnecting if the server goes away).
        Returns what stops it (on SQLite, nothing to stop)."""
        if not self.postgres:
            return lambda: None
        import psycopg

        conninfo = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        stop = threading.Event()

        def run() -> None:
            while not stop.is_set():
                try:
                    with psycopg.connect(conninfo, autocommit=True) as connection:
                        connection.execute(f"LISTEN {CHANNEL}")
                        while not stop.is_set():
                            for note in connection.notifies(timeout=0.5):
                                on_change(note.payload)
                except Exception as error:  # the server restarted: listen again
                    log.warning("listening for other processes' moves failed (%s); retrying", error)
                    stop.wait(1.0)

        thread = threading.Thread(target=run, name="nbc-listen", daemon=True)
        thread.start()

        def halt() -> None:
            stop.set()
            thread.join(timeout=5)

        return halt

    def _session(self) -> Session:
        # Rows outlive their session (the service caches seats), so keep their values.
        return Session(self.engine, expire_on_commit=False)

    def secret(self) -> str:
        """The server secret (made by the first process that asks)."""
        with self._session() as session:
            row = session.get(SecretRow, "seeds")
            if row is not None:
                return row.value
        try:
            with self._session() as session:
                session.add(SecretRow(name="seeds", value=secrets.token_hex(32)))
                session.commit()
        except IntegrityError:
            pass  # another process made it first: theirs it is
        with self._session() as session:
            row = session.get(SecretRow, "seeds")
            assert row is not None
            return row.value

    def create(
        self,
        match_id: str,
        match: Match,
        seats: list[SeatRow],
        status: str,
        listed: bool = False,
        replayable: bool = False,
    ) -> None:
        header = json.dumps(to_data(match.header))
        with self._session() as session:
            session.add(
                MatchRow(
                    id=match_id,
                    game=match.header.game,
                    variant=match.header.variant,
                    players=match.players,
                    header=header,
                    status=status,
                    seq=0,
                    listed=listed,
                    replayable=replayable,
                )
            )
            session.flush()
            session.add_all(seats)
            session.commit()

    def seats(self, match_id: str) -> list[SeatRow]:
        with self._session() as session:
            rows = session.exec(select(SeatRow).where(SeatRow.match_id == match_id).order_by(SeatRow.seat))
            return list(rows)

    def claim_seat(self, match_id: str, seat: int, token_hash: str, name: str | None) -> bool:
        """Turn an open seat into a person's; False if it was taken meanwhile. One
        conditional update: of two claims racing, on any database, one changes the row
        and the other finds it no longer open."""
        seats = SeatRow.__table__
        with self.engine.begin() as connection:
            claimed = connection.execute(
                update(seats)
                .where(seats.c.match_id == match_id, seats.c.seat == seat, seats.c.kind == "open")
                .values(kind="person", token_hash=token_hash, name=name)
            )
            return claimed.rowcount == 1

    def set_status(self, match_id: str, status: str) -> None:
        with self._session() as session:
            row = session.get(MatchRow, match_id)
            if row is not None:
                row.status, row.updated_at = status, _now()
                session.add(row)
                session.commit()

    def lobby(self, game: str | None, limit: int) -> list[tuple[MatchRow, list[SeatRow]]]:
        """Listed matches still waiting for players, newest first, with their seats."""
        with self._session() as session:
            query = select(MatchRow).where(MatchRow.listed == True, MatchRow.status == "waiting")  # noqa: E712
            if game is not None:
                query = query.where(MatchRow.game == game)
            rows = list(session.exec(query.order_by(MatchRow.created_at.desc()).limit(limit)))  # type: ignore[attr-defined]
            ids = [r.id for r in rows]
            seats = list(session.exec(select(SeatRow).where(SeatRow.match_id.in_(ids)))) if ids else []  # type: ignore[attr-defined]
        by_match: dict[str, list[SeatRow]] = {}
        for seat in sorted(seats, key=lambda s: s.seat):
            by_match.setdefault(seat.match_id, []).append(seat)
        return [(r, by_match.get(r.id, [])) for r in rows]

    def head(self, match_id: str) -> Head | None:
        """What every request reads of a match first, or None if there is none."""
        table = MatchRow.__table__
        with self.engine.connect() as connection:
            row = connection.execute(
                core_select(
                    table.c.seq, table.c.status, table.c.game, table.c.listed, table.c.replayable
                ).where(table.c.id == match_id)
            ).first()
        return (
            None
            if row is None
            else Head(row.seq, row.status, row.game, bool(row.listed), bool(row.replayable))
        )

    def append(self, match_id: str, first_seq: int, actions: list[Action], status: str) -> None:
        """Store choices numbered first_seq, first_seq+1, ... in one transaction; raise
        Conflict if another writer got there first (nothing is stored then).

        This is every act's write, so it is kept to the fewest round trips: on
        PostgreSQL one statement (the match's row moved on by a conditional update,
        the choices inserted only if it moved, the change announced), run as its own
        transaction; elsewhere the insert and the conditional update in one
        transaction (on SQLite sent through the driver itself, one writer of this
        process at a time). The statements are built once, so each call only binds
        values."""
        now = _now()
        try:
            if self.postgres:
                with self._autocommit.connect() as connection:
                    moved = connection.exec_driver_sql(
                        _APPEND_POSTGRES,
                        {
                            "id": match_id,
                            "before": first_seq - 1,
                            "seq": first_seq + len(actions) - 1,
                            "status": status,
                            "now": now,
                            "seqs": list(range(first_seq, first_seq + len(actions))),
                            "seats": [a.seat for a in actions],
                            "choices": [a.choice for a in actions],
                            "channel": CHANNEL,
                        },
                    ).first()
                if moved is None:
                    raise Conflict(match_id)
                return
            if self.sqlite:
                self._append_sqlite(match_id, first_seq, actions, status, now)
                return
            with self.engine.begin() as connection:
                connection.execute(
                    _INSERT_CHOICES,
                    [
                        {
                            "match_id": match_id,
                            "seq": first_seq + i,
                            "seat": a.seat,
                            "choice_id": a.choice,
                            "created_at": now,
                        }
                        for i, a in enumerate(actions)
                    ],
                )
                moved = connection.execute(
                    _MOVE_MATCH,
                    {
                        "id_": match_id,
                        "before": first_seq - 1,
                        "seq_": first_seq + len(actions) - 1,
                        "status_": status,
                        "now": now,
                    },
                )
                if moved.rowcount != 1:
                    raise Conflict(match_id)
        except IntegrityError:
            raise Conflict(match_id) from None

    def _append_sqlite(
        self, match_id: str, first_seq: int, actions: list[Action], status: str, now: datetime
    ) -> None:
        """The insert and the conditional update in one transaction, sent through the
        driver directly: SQLAlchemy's statement machinery cost more than SQLite's work
        for these two. The driver opens the transaction at the insert."""
        stamp = self._stored_time(now)
        rows = [(match_id, first_seq + i, a.seat, a.choice, stamp) for i, a in enumerate(actions)]
        with self._sqlite_writer:
            connection = self.engine.raw_connection()
            try:
                cursor = connection.cursor()
                try:
                    cursor.executemany(_INSERT_SQLITE, rows)
                    last = first_seq + len(actions) - 1
                    cursor.execute(_MOVE_SQLITE, (last, status, stamp, match_id, first_seq - 1))
                    if cursor.rowcount != 1:
                        raise Conflict(match_id)
                    connection.commit()
                except BaseException:
                    connection.rollback()
                    raise
                finally:
                    cursor.close()
            except sqlite3.IntegrityError:
                raise Conflict(match_id) from None
            finally:
                connection.close()

    def save_snapshot(self, match_id: str, match: Match) -> None:
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(SnapshotRow.__table__).values(
                        match_id=match_id, seq=match.seq, data=match.to_json()
                    )
                )
        except IntegrityError:
            pass  # a snapshot of this very step is already stored

    def choices_after(self, match_id: str, seq: int) -> list[Action]:
        with self._session() as session:
            rows = session.exec(
                select(ChoiceRow)
                .where(ChoiceRow.match_id == match_id, ChoiceRow.seq > seq)
                .order_by(ChoiceRow.seq)
            )
            return [Action(r.seat, r.choice_id) for r in rows]

    def load(self, match_id: str, game: Game) -> Match | None:
        """Rebuild a match: the latest snapshot, then the choices made after it."""
        with self._session() as session:
            row = session.get(MatchRow, match_id)
            if row is None:
                return None
            snapshot = session.exec(
                select(SnapshotRow)
                .where(SnapshotRow.match_id == match_id)
                .order_by(SnapshotRow.seq.desc())  # type: ignore[attr-defined]
                .limit(1)
            ).first()
            header = from_data(Header, json.loads(row.header), "header")
        if snapshot is not None:
            match = Match.from_json(snapshot.data, game)
        else:
            match = Match.replay(game, header, [])
        for action in self.choices_after(match_id, match.seq):
            match.act(action.seat, action.choice)
        return match
