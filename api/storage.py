"""Match storage with SQLModel: SQLite by default, PostgreSQL with the same code.

A match is stored as its header (which holds the secret seed) and its choices, one
row each, keyed by (match, seq). That key is what makes two writers unable to both
append the same step: the second insert fails and its request gets STALE_SEQUENCE.
Snapshots (the whole match as JSON every few choices) make loading fast; a match
can always be rebuilt from the header and choices alone.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from sqlalchemy import event, insert, update
from sqlalchemy import select as core_select
from sqlalchemy.engine import Engine
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
    return engine


class Store:
    """Reads and writes matches; knows nothing of GraphQL."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def _session(self) -> Session:
        # Rows outlive their session (the service caches seats), so keep their values.
        return Session(self.engine, expire_on_commit=False)

    def create(self, match_id: str, match: Match, seats: list[SeatRow], status: str) -> None:
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
        """Turn an open seat into a person's; False if it was taken meanwhile."""
        with self._session() as session:
            row = session.get(SeatRow, (match_id, seat), with_for_update=True)
            if row is None or row.kind != "open":
                return False
            row.kind, row.token_hash, row.name = "person", token_hash, name
            session.add(row)
            session.commit()
            return True

    def set_status(self, match_id: str, status: str) -> None:
        with self._session() as session:
            row = session.get(MatchRow, match_id)
            if row is not None:
                row.status, row.updated_at = status, _now()
                session.add(row)
                session.commit()

    def head(self, match_id: str) -> tuple[int, str, str] | None:
        """(seq, status, game) of a match, or None: the one read every request makes."""
        table = MatchRow.__table__
        with self.engine.connect() as connection:
            row = connection.execute(
                core_select(table.c.seq, table.c.status, table.c.game).where(table.c.id == match_id)
            ).first()
        return None if row is None else (row.seq, row.status, row.game)

    def append(self, match_id: str, first_seq: int, actions: list[Action], status: str) -> None:
        """Store choices numbered first_seq, first_seq+1, ... in one transaction; raise
        Conflict if another writer got there first (nothing is stored then)."""
        matches = MatchRow.__table__
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(ChoiceRow.__table__),
                    [
                        {
                            "match_id": match_id,
                            "seq": first_seq + i,
                            "seat": a.seat,
                            "choice_id": a.choice,
                            "created_at": _now(),
                        }
                        for i, a in enumerate(actions)
                    ],
                )
                moved = connection.execute(
                    update(matches)
                    .where(matches.c.id == match_id, matches.c.seq == first_seq - 1)
                    .values(seq=first_seq + len(actions) - 1, status=status, updated_at=_now())
                )
                if moved.rowcount != 1:
                    raise Conflict(match_id)
        except IntegrityError:
            raise Conflict(match_id) from None

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
