"""The seating plan of a tournament: its entries (:mod:`refapp.store.seating_entities`), published on the head
referee's device and carried to every tablet by the venue's sync like the session clock's; the plan as it stands (the
newest entry of each session); a prescripted seating read from CSV.

Each published session is one entity event of the device's chain: hash-chained, signed with the device's head,
checked by ``refapp verify``, carried by bundles and the sync. A later change of a session is a new entry; the one
before stays (what changed is read by comparing them: :meth:`Plan.previous`). Only the entries of this device and of
the devices it trusts as the head referee's count (:func:`planners`); others are kept, counted, and ignored.

Layer: feature (the seating plan).
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..domain.events import LogError
from ..domain.inputs import char_label, refused_in_name
from ..domain.seating import SeatingError, SessionSeating, check_sessions
from .db import Store, reading
from .devices import trust_state
from .entities import entity_row, parse_entity
from .errors import StoreError
from .safejson import one_line

HEADER = ("session", "table", "east", "south", "west", "north")


@dataclass(frozen=True, slots=True)
class SeatingEntry:
    """One published session: its tables, how it was made, by whom and when."""

    id: str
    seating: SessionSeating
    how: str
    seed: int | None
    kept: Mapping[str, int]
    reason: str
    by: str
    at: str
    seq: int

    @property
    def session(self) -> int:
        return self.seating.session


@dataclass(frozen=True, slots=True)
class Plan:
    """A tournament's plan as it stands: the newest entry of each session, and every entry in the order stored."""

    entries: tuple[SeatingEntry, ...] = ()
    current: Mapping[int, SeatingEntry] = field(default_factory=dict)
    ignored: int = 0  # entries written by a device this one does not trust as the head referee's

    @property
    def sessions(self) -> list[SessionSeating]:
        return [self.current[n].seating for n in sorted(self.current)]

    @property
    def last_session(self) -> int:
        return max(self.current, default=0)

    @property
    def kept(self) -> dict[str, int]:
        """The players kept at one table, as the newest entry says."""
        newest = max(self.current.values(), key=lambda e: e.seq, default=None)
        return dict(newest.kept) if newest is not None else {}

    def previous(self, session: int) -> SeatingEntry | None:
        """The entry the current one of that session replaced (None: it is the first)."""
        older = [e for e in self.entries if e.session == session]
        return older[-2] if len(older) > 1 else None


def planners(store: Store) -> set[str]:
    """The devices whose seating entries count here: this device, and those it trusts as the head referee's (a table's
    tablet, trusted as a table, cannot re-seat the tournament)."""
    with reading(store.path):
        trust = trust_state(store.conn, store.device_id)
        keys = store.conn.execute("SELECT device_id, key FROM device_keys").fetchall()
    heads = {device for device, key in keys if (e := trust.of_key(key)) is not None and e.role == "head"}
    return heads | {store.device_id}


def seating_plan(store: Store, tournament_id: str) -> Plan:
    """Every seating entry of a tournament that counts here (:func:`planners`), in one query."""
    with reading(store.path):
        rows = store.conn.execute(
            "SELECT seq, uuid, payload, device_id FROM events WHERE tournament_id = ? AND player IS NULL "
            "AND type = 'seating' AND +table_id = '' ORDER BY +seq",
            (tournament_id,),
        ).fetchall()
    allowed = planners(store) if rows else set()
    entries: list[SeatingEntry] = []
    current: dict[int, SeatingEntry] = {}
    ignored = 0
    for seq, uid, text, device in rows:
        if device not in allowed:
            ignored += 1
            continue
        p = json.loads(text)
        tables = tuple((str(t[0]), str(t[1]), str(t[2]), str(t[3])) for t in p["tables"])
        entry = SeatingEntry(
            uid,
            SessionSeating(int(p["session"]), tables),
            str(p["how"]),
            p.get("seed"),
            {str(k): int(v) for k, v in (p.get("kept") or {}).items()},
            str(p.get("reason") or ""),
            str(p.get("by") or ""),
            str(p.get("at") or ""),
            seq,
        )
        entries.append(entry)
        current[entry.session] = entry
    return Plan(tuple(entries), current, ignored)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def tournament_players(store: Store, tournament_id: str) -> list[str]:
    return [str(p["name"]) for p in store.players(tournament_id)]


def publish(
    store: Store,
    tournament_id: str,
    sessions: Sequence[SessionSeating],
    how: str,
    by: str,
    *,
    seed: int | None = None,
    kept: Mapping[str, int] | None = None,
    reason: str = "",
    at: str | None = None,
) -> list[SeatingEntry]:
    """Record these sessions' seating for the tournament, in one transaction (each replaces what was published for
    its session). Raises :class:`StoreError` (nothing stored) when a table does not seat four players of the
    tournament or a player sits twice in a session."""
    if store.conn.execute("SELECT 1 FROM tournaments WHERE id = ?", (tournament_id,)).fetchone() is None:
        raise StoreError(f"no tournament with id {tournament_id!r}")
    try:
        check_sessions(sessions, tournament_players(store, tournament_id))
    except SeatingError as exc:
        raise StoreError(f"nothing was published: {exc}") from None
    when = at or _now()
    rows: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for s in sessions:
        payload: dict[str, Any] = {"type": "seating", "id": str(uuid.uuid4()), "at": when, "by": by.strip()}
        payload |= {"tournament": tournament_id, "session": s.session, "tables": [list(t) for t in s.tables]}
        payload |= {"how": how, "seed": seed, "kept": dict(kept or {}), "reason": reason.strip()}
        try:
            parse_entity(payload)
            row = entity_row(store.device_id, payload)
        except LogError as exc:
            raise StoreError(f"nothing was published: session {s.session}: {exc.field}: {exc.message}") from None
        rows.append((payload, row))
    out: list[SeatingEntry] = []
    with store.writing() as w:
        for payload, row in rows:
            seq = w.add(row)
            s = next(x for x in sessions if x.session == payload["session"])
            out.append(SeatingEntry(payload["id"], s, how, seed, dict(kept or {}), payload["reason"], payload["by"],
                                    when, seq))  # fmt: skip
    return out


def sessions_started(store: Store, table_id: str) -> set[int]:
    """The session numbers of the hanchans started at a table (a start taken back by Undo does not count)."""
    with reading(store.path):
        rows = store.conn.execute(
            "SELECT e.payload FROM events e WHERE e.table_id = ? AND e.type = 'hanchan_start' "
            "AND NOT EXISTS (SELECT 1 FROM events v WHERE v.target = e.uuid)",
            (table_id,),
        ).fetchall()
    out: set[int] = set()
    for (text,) in rows:
        n = json.loads(text).get("session")
        if isinstance(n, int) and not isinstance(n, bool):
            out.add(n)
    return out


# -- a prescripted seating from CSV -----------------------------------------------------------------------------


def parse_seating_csv(
    text: str, source: str, players: Sequence[str], planned: Sequence[int] = ()
) -> list[SessionSeating]:
    """The sessions of a seating file (``session,table,east,south,west,north``; comma or semicolon; UTF-8): every
    name a player of the tournament (``players``), no player twice in a session, four players at each table, tables
    of a session numbered 1, 2, 3... and the sessions following those already ``planned`` with no gap. Raises
    :class:`SeatingError` naming the file, the row and the reason (the first problem met)."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise SeatingError(f"{source}: the file is empty (expected a header: {','.join(HEADER)})")
    first = text.splitlines()[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        rows = list(reader)
    except csv.Error as exc:
        raise SeatingError(f"{source}: row {reader.line_num}: not valid CSV ({exc})") from None
    header = [h.strip().lower() for h in rows[0]]
    if header[:6] != list(HEADER):
        shown = one_line(",".join(header))[:80] or "empty"
        raise SeatingError(f"{source}: row 1: the header must be {','.join(HEADER)} (got {shown})")
    known = {p.casefold(): p for p in players}
    tables: dict[int, dict[int, tuple[str, str, str, str]]] = {}
    seated: dict[tuple[int, str], tuple[int, int]] = {}  # (session, player) -> (table, row)
    for line, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row):
            continue
        where = f"{source}: row {line}"
        for c in row:
            bad = refused_in_name(c.strip())
            if bad is not None:
                raise SeatingError(f"{where}: {char_label(bad)} is not allowed in a name")
        cells = [c.strip() for c in row] + [""] * (6 - len(row))
        if len(row) > 6 and any(c.strip() for c in row[6:]):
            raise SeatingError(f"{where}: {len(row)} fields, the header has 6")
        session = _number(cells[0])
        if session is None:
            raise SeatingError(f"{where}: unknown session {cells[0][:20]!r} (a session is a number: 1, 2, 3...)")
        table = _number(cells[1])
        if table is None:
            raise SeatingError(f"{where}: {cells[1][:20]!r} is not a table number")
        names = cells[2:6]
        empty = [HEADER[2 + i] for i, n in enumerate(names) if not n]
        if empty:
            raise SeatingError(
                f"{where}: session {session}, table {table} has {4 - len(empty)} players (no {', '.join(empty)}): "
                "a table has four (add a substitute)"
            )
        found: list[str] = []
        for n in names:
            player = known.get(n.casefold())
            if player is None:
                raise SeatingError(
                    f"{where}: unknown player {n!r} (not a player of the tournament: add them with refapp players "
                    "import)"
                )
            before = seated.get((session, player))
            if before is not None:
                raise SeatingError(
                    f"{where}: {player} is twice in session {session} (already at table {before[0]}, row {before[1]})"
                )
            seated[(session, player)] = (table, line)
            found.append(player)
        if table in tables.setdefault(session, {}):
            raise SeatingError(f"{where}: table {table} of session {session} is already given")
        tables[session][table] = (found[0], found[1], found[2], found[3])
    if not tables:
        raise SeatingError(f"{source}: no table after the header")
    have = set(planned) | set(tables)
    for line, row in enumerate(rows[1:], 2):
        session = _number(row[0].strip()) if row else None
        if session is not None and any(n not in have for n in range(1, session)):
            gap = next(n for n in range(1, session) if n not in have)
            raise SeatingError(
                f"{source}: row {line}: unknown session {session}: there is no session {gap} (in the file or "
                "the plan): sessions follow 1, 2, 3..."
            )
    out: list[SessionSeating] = []
    for session in sorted(tables):
        numbers = sorted(tables[session])
        missing = next((k for k in range(1, len(numbers) + 1) if k not in tables[session]), None)
        if missing is not None:
            raise SeatingError(f"{source}: session {session} has no table {missing} (tables are numbered 1, 2, 3...)")
        out.append(SessionSeating(session, tuple(tables[session][k] for k in numbers)))
    return out


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() and text.isascii() and 1 <= int(text) <= 10_000 else None
