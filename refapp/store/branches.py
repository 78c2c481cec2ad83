"""A table's line: its events one after the other, and the forks where two devices wrote it after the same event.

Every event of a table names the one it follows (``after``, hashed: see :mod:`refapp.store.chain`), so a table's
events form a tree. On one device it is always a line: a commit is refused when the table changed under it
(:class:`refapp.store.errors.TableChanged`). Two devices that both wrote the table after the same event (a handover gone
wrong, a tablet that kept playing while another took its table over) make a **fork**: both branches are stored, the
table is *in conflict*, and the head referee resolves it (a ``resolve`` event names the branch that stands; the
others are *set aside*: kept and shown, never replayed). Nothing is ever chosen by time of writing.

While a fork is open, the table's line follows, at the fork, the branch holding this device's own newest event of the
table (so a tablet goes on with what it showed), else the branch stored first here.

Rows stored before schema 4 (hash version 1) carry no ``after``: they follow one another in stored order.
Tables: ``table_forks`` (every fork point; ``after`` is ``''`` for the table's start) and ``set_aside`` (each set-aside
event and the resolution that set it aside) are projections, rebuilt by verify (:func:`expected_forks`,
:func:`expected_set_aside`).

Layer: bottom (the projections of a table's events): imports no feature of the store.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .holding import has_unheld, open_unheld, unheld_of
from .tree import Node, children, subtree, tree, walk


def on_table_event(conn: sqlite3.Connection, row: dict[str, Any]) -> None:
    """Projections of one stored table event: a fork it makes, and whether it extends a set-aside branch (inside the
    event's transaction)."""
    if row.get("hash_v", 1) != 2:
        return
    table, after, uuid = row["table_id"], row.get("after"), row["uuid"]
    sibling = conn.execute(
        'SELECT 1 FROM events WHERE table_id = ? AND "after" IS ? AND uuid <> ? AND hash_v = 2 LIMIT 1',
        (table, after, uuid),
    ).fetchone()
    if sibling is not None:
        conn.execute('INSERT OR IGNORE INTO table_forks (table_id, "after") VALUES (?, ?)', (table, after or ""))
        set_aside_by(conn, table, after or "")  # a branch started after the fork was resolved is set aside too
    elif after is not None:
        r = conn.execute("SELECT resolution FROM set_aside WHERE uuid = ?", (after,)).fetchone()
        if r is not None:
            conn.execute("INSERT OR IGNORE INTO set_aside (uuid, resolution) VALUES (?, ?)", (uuid, r[0]))


def on_table_events(conn: sqlite3.Connection, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """:func:`on_table_event` for rows stored together (all inserted already), with one query per table when the
    batch is long, makes no fork and meets no set-aside branch (a first sync, a long import). Returns the rows still
    to be seen one by one, in order (all of them when the quick check does not hold)."""
    todo = [r for r in rows if r.get("table_id") and r.get("hash_v", 1) == 2]
    if len(todo) < 32 or conn.execute("SELECT 1 FROM set_aside LIMIT 1").fetchone() is not None:
        return todo
    keys = {(r["table_id"], r.get("after")) for r in todo}
    if len(keys) != len(todo):  # two of the batch follow the same event: a fork
        return todo
    for table in {t for t, _ in keys}:
        forks = conn.execute(
            'SELECT "after" FROM events WHERE table_id = ? AND hash_v = 2 GROUP BY "after" HAVING count(*) > 1',
            (table,),
        ).fetchall()
        if any((table, a) in keys for (a,) in forks):
            return todo
    return []


def _standing(resolutions: list[tuple[str, str]]) -> tuple[str | None, str | None]:
    """(the branch that stands, the resolution that says so) when every resolution of a fork agrees, else None."""
    named = {stands for _, stands in resolutions}
    if len(named) != 1:
        return None, None
    return resolutions[0][1], resolutions[0][0]


def set_aside_by(conn: sqlite3.Connection, table: str, after: str) -> None:
    """Set aside, at the fork after ``after``, every branch but the one its resolutions agree on (none when they
    disagree or there is none)."""
    res = conn.execute(
        "SELECT r.event, r.stands FROM resolutions r JOIN events e ON e.uuid = r.event WHERE r.table_id = ? AND "
        'r."after" = ? ORDER BY e.seq',
        (table, after),
    ).fetchall()
    stands, by = _standing([(r[0], r[1]) for r in res])
    fork_kids = [r[0] for r in children(conn, table, after or None)]
    for kid in fork_kids:
        for uuid in subtree(conn, table, kid):
            conn.execute("DELETE FROM set_aside WHERE uuid = ?", (uuid,))
            if stands is not None and kid != stands:
                conn.execute("INSERT INTO set_aside (uuid, resolution) VALUES (?, ?)", (uuid, by))


# -- the line --------------------------------------------------------------------------------------------------------


def has_forks(conn: sqlite3.Connection, table: str) -> bool:
    try:
        return conn.execute("SELECT 1 FROM table_forks WHERE table_id = ? LIMIT 1", (table,)).fetchone() is not None
    except sqlite3.OperationalError:  # a database of an earlier schema (read without upgrading)
        return False


def _line(conn: sqlite3.Connection, table: str, own_device: str) -> list[Node]:
    roots, nodes = tree(conn, table)
    aside = {r[0] for r in conn.execute(
        "SELECT s.uuid FROM set_aside s JOIN events e ON e.uuid = s.uuid WHERE e.table_id = ?", (table,))}  # fmt: skip
    aside |= unheld_of(conn, table, own_device)  # written without holding the table: out until let stand
    own = [n for n in nodes.values() if n.device == own_device and n.uuid not in aside]
    mine: set[str] = set()
    if own:
        n: Node | None = max(own, key=lambda x: x.seq)
        while n is not None:
            mine.add(n.uuid)
            n = nodes.get(n.after) if n.after is not None else None
    out: list[Node] = []
    kids = roots
    while True:
        kids = [k for k in kids if k.uuid not in aside]
        if not kids:
            return out
        pick = next((k for k in kids if k.uuid in mine), kids[0])  # kids are in stored order
        out.append(pick)
        kids = pick.kids


def plain(conn: sqlite3.Connection, table: str) -> bool:
    """Whether the table's line is all its events in stored order: no fork, nothing written without holding it."""
    return not has_forks(conn, table) and not has_unheld(conn, table)


def line_texts(conn: sqlite3.Connection, table: str, own_device: str) -> list[str]:
    """The payload texts of the table's line, in order."""
    if plain(conn, table):
        return [r[0] for r in conn.execute("SELECT payload FROM events WHERE table_id = ? ORDER BY seq", (table,))]
    return [n.payload for n in _line(conn, table, own_device)]


def line_head(conn: sqlite3.Connection, table: str, own_device: str) -> str | None:
    """The uuid of the last event of the table's line (what the next event follows)."""
    if plain(conn, table):
        row = conn.execute("SELECT uuid FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (table,)).fetchone()
        return row[0] if row else None
    line = _line(conn, table, own_device)
    return line[-1].uuid if line else None


def path_texts(conn: sqlite3.Connection, table: str, last: str | None) -> list[str] | None:
    """The payload texts from the table's first event to ``last`` (inclusive) following ``after`` back; None when
    ``last`` is not a stored event of the table. ``last=None``: the empty path."""
    if last is None:
        return []
    _, nodes = tree(conn, table)
    node = nodes.get(last)
    if node is None:
        return None
    out = []
    while node is not None:
        out.append(node.payload)
        node = nodes.get(node.after) if node.after is not None else None
    return out[::-1]


# -- conflicts -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Branch:
    first: str  # the uuid of the branch's first event
    devices: tuple[str, ...]  # the devices that wrote its events, in order of their first event there
    events: int
    first_payload: dict[str, Any]
    last_payload: dict[str, Any]
    set_aside: bool


@dataclass(frozen=True)
class Conflict:
    table_id: str
    after: str  # '' for the table's start
    after_payload: dict[str, Any] | None
    branches: tuple[Branch, ...]
    state: str  # "open", "resolved" or "disputed" (resolutions that disagree)
    stands: str | None
    resolutions: tuple[dict[str, Any], ...]  # {"event", "stands", "reason", "device", "referee", "at"}


def conflicts(conn: sqlite3.Connection, tables: Iterable[str] | None = None) -> list[Conflict]:
    """Every fork of the given tables (all when None), in stored order of their tables' first events."""
    try:
        forks = conn.execute('SELECT table_id, "after" FROM table_forks').fetchall()
    except sqlite3.OperationalError:
        return []
    wanted = set(tables) if tables is not None else None
    out = []
    trees: dict[str, dict[str, Node]] = {}
    for table, after in forks:
        if wanted is not None and table not in wanted:
            continue
        if table not in trees:
            trees[table] = tree(conn, table)[1]
        nodes = trees[table]
        res = conn.execute(
            "SELECT r.event, r.stands, r.reason, r.device_id, r.referee, r.at FROM resolutions r JOIN events e ON "
            'e.uuid = r.event WHERE r.table_id = ? AND r."after" = ? ORDER BY e.seq',
            (table, after),
        ).fetchall()
        stands, _ = _standing([(r[0], r[1]) for r in res])
        state = "open" if not res else "resolved" if stands is not None else "disputed"
        kids = sorted((n for n in nodes.values() if n.after == (after or None)), key=lambda n: n.seq)
        kids = [n for n in kids if n.uuid not in unheld_of(conn, table)]  # set aside as written without holding
        if len(kids) < 2:
            continue
        branches = []
        for kid in kids:
            sub = walk(kid)
            devices: list[str] = []
            for n in sub:
                if n.device not in devices:
                    devices.append(n.device)
            last = max(sub, key=lambda n: n.seq)
            branches.append(Branch(kid.uuid, tuple(devices), len(sub), json.loads(kid.payload),
                                   json.loads(last.payload), stands is not None and kid.uuid != stands))  # fmt: skip
        resolutions = tuple(
            {"event": r[0], "stands": r[1], "reason": r[2], "device": r[3], "referee": r[4], "at": r[5]} for r in res
        )
        point = nodes.get(after) if after else None
        out.append(Conflict(table, after, json.loads(point.payload) if point else None, tuple(branches), state,
                            stands, resolutions))  # fmt: skip
    return out


def in_conflict(conn: sqlite3.Connection, table: str) -> bool:
    """Whether the table has a fork that is not resolved, or entries written without holding it that the head referee
    has not ruled on."""
    if has_forks(conn, table) and any(c.state != "resolved" for c in conflicts(conn, [table])):
        return True
    return open_unheld(conn, table)


# -- what verify rebuilds ----------------------------------------------------------------------------------------------


def expected_forks(conn: sqlite3.Connection) -> set[tuple[str, str]]:
    """Every (table, event) that two stored events of hash version 2 follow. (Read from the (table, after) index;
    the groups following a table's start are counted again without rows stored before schema 4.)"""
    rows = conn.execute(
        'SELECT table_id, "after" FROM events WHERE table_id <> \'\' GROUP BY table_id, "after" HAVING count(*) > 1'
    ).fetchall()
    return {(t, a or "") for t, a in rows if a is not None or len(children(conn, t, None)) > 1}


def expected_set_aside(conn: sqlite3.Connection) -> dict[str, str]:
    """uuid -> resolution, from the resolutions and the tables' events."""
    by_fork: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for event, table, after, stands in conn.execute(
        'SELECT r.event, r.table_id, r."after", r.stands FROM resolutions r JOIN events e ON e.uuid = r.event '
        "ORDER BY e.seq"
    ):
        by_fork[(table, after)].append((event, stands))
    out: dict[str, str] = {}
    for (table, after), res in by_fork.items():
        stands, by = _standing(res)
        if stands is None or by is None:
            continue
        for kid, _ in children(conn, table, after or None):
            if kid != stands:
                for uuid in subtree(conn, table, kid):
                    out[uuid] = by
    return out
