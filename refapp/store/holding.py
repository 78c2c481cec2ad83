"""Who may write a table, entry by entry: an entry written by a device that did not hold the table waits for the head
referee.

A table has one writing device at a time (:mod:`refapp.store.devices`): the device that wrote its first entry, until
a ``handover`` gives it to another from a given entry on. A trusted device that writes a table it does not hold
(without a handover) has not forked it — nobody else wrote after the same entry — but its entries must not slip into
the table unnoticed. So each such entry, and every entry that follows it, is **unheld**: stored (its device's chain
stays whole and verifiable), kept out of the table's line, and shown to the head referee, who lets them stand
(``unheld_resolve`` with ``decision`` ``"accept"``: they join the table, their device holding it from there) or sets
them aside for good (``"set_aside"``).

Which entries are unheld is a function of the stored events alone (the tables' trees, the handovers, the rulings),
the same on every device whatever order they arrived in: :func:`compute` says it from scratch, :func:`on_row` keeps
the ``unheld`` projection up to date one stored entry at a time, :func:`recompute` after a handover or a ruling, and
verify compares the projection with :func:`expected_unheld`.

Layer: bottom (the projections of a table's events): imports no feature of the store.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from .tree import tree

Row = tuple[str, str, str, str, str]  # (uuid, table, first unheld entry of its branch, its device, the holder then)


def _handovers(conn: sqlite3.Connection, table: str) -> dict[str, str]:
    """``after`` ('' for the table's start) -> the device that holds the table from there (the newest handover)."""
    out: dict[str, str] = {}
    for after, to in conn.execute(
        'SELECT "after", to_device FROM handovers WHERE table_id = ? ORDER BY at, event', (table,)
    ):
        out[after] = to
    return out


def _decisions(conn: sqlite3.Connection, table: str) -> dict[str, str]:
    """The first entry of an unheld branch -> the head referee's newest decision on it ("accept" or "set_aside")."""
    out: dict[str, str] = {}
    for first, decision in conn.execute(
        "SELECT first, decision FROM unheld_rulings WHERE table_id = ? ORDER BY at, event", (table,)
    ):
        out[first] = decision
    return out


def compute(conn: sqlite3.Connection, table: str) -> dict[str, Row]:
    """Every unheld entry of the table, from its stored events. An entry that forks the table (another entry follows
    the same one) is left to the fork, the head referee settles it as a conflict already, unless it was set aside as
    unheld before the fork was made."""
    roots, _ = tree(conn, table)
    handovers = _handovers(conn, table)
    decisions = _decisions(conn, table)
    out: dict[str, Row] = {}
    start = handovers.get("")
    forked_roots = len(roots) > 1
    todo: list[tuple[Any, str | None, tuple[str, str] | None, bool]] = [
        (r, start, None, forked_roots) for r in reversed(roots)
    ]
    while todo:
        node, holder, branch, forked = todo.pop()
        if branch is None and (not forked or decisions.get(node.uuid) == "set_aside"):
            expected = holder if holder is not None else node.device  # nobody yet: the first to write holds
            if node.device != expected and decisions.get(node.uuid) != "accept":
                branch = (node.uuid, expected)
        if branch is not None:  # (a handover after an unheld entry changes nothing: the branch is not the table's)
            out[node.uuid] = (node.uuid, table, branch[0], node.device, branch[1])
            after = None
        else:
            after = handovers.get(node.uuid, node.device)
        todo += [(k, after, branch, len(node.kids) > 1) for k in reversed(node.kids)]
    return out


def recompute(conn: sqlite3.Connection, table: str) -> None:
    """Write the table's unheld entries again (after a handover or a ruling on them; inside the caller's
    transaction)."""
    conn.execute("DELETE FROM unheld WHERE table_id = ?", (table,))
    conn.executemany(
        "INSERT INTO unheld (uuid, table_id, first, device_id, holder) VALUES (?, ?, ?, ?, ?)",
        list(compute(conn, table).values()),
    )


def on_row(conn: sqlite3.Connection, row: dict[str, Any], memo: dict[str, Any] | None = None) -> None:
    """The projection of one stored table entry (inside its transaction): unheld when its branch is, or when its
    device is not the one holding the table after the entry it follows. ``memo`` (shared by the rows stored together)
    spares the lookups of the entries stored just before it."""
    if row.get("hash_v", 1) != 2:
        return
    memo = memo if memo is not None else {}
    table, uuid, device, after = row["table_id"], row["uuid"], row["device_id"], row.get("after")
    known: dict[str, tuple[str, Row | None]] = memo.setdefault("rows", {})  # uuid -> (device, its unheld row)
    tables: dict[str, tuple[dict[str, str], dict[str, str]]] = memo.setdefault("tables", {})
    if table not in tables:
        tables[table] = (_handovers(conn, table), _decisions(conn, table))
    handovers, decisions = tables[table]
    found: Row | None = None
    if after is None:
        expected = handovers.get("", device)
    else:
        parent = known.get(after) or _stored(conn, after)
        if parent[1] is not None:  # in an unheld branch: unheld too
            found = (uuid, table, parent[1][2], device, parent[1][4])
        expected = handovers.get(after, parent[0])
    settled = decisions.get(uuid)
    if (
        found is None
        and device != expected
        and settled != "accept"
        and (settled == "set_aside" or not _forks(conn, table, after))
    ):
        found = (uuid, table, uuid, device, expected)
    unheld: dict[str, bool] = memo.setdefault("unheld", {})  # table -> whether it has unheld entries
    if table not in unheld:
        unheld[table] = has_unheld(conn, table)
    if found is None and unheld[table] and _forks(conn, table, after):
        recompute(conn, table)  # it forks the table where an unheld branch starts: that branch is the fork's now
        forget(memo, table)
        return
    if found is not None:
        conn.execute("INSERT OR REPLACE INTO unheld (uuid, table_id, first, device_id, holder) VALUES (?, ?, ?, ?, ?)",
                     found)  # fmt: skip
        unheld[table] = True
    known[uuid] = (device, found)


def _forks(conn: sqlite3.Connection, table: str, after: str | None) -> bool:
    """Whether two stored entries of the table follow ``after`` (None: the table's start)."""
    n = conn.execute(
        'SELECT count(*) FROM (SELECT 1 FROM events WHERE table_id = ? AND "after" IS ? AND hash_v = 2 LIMIT 2)',
        (table, after),
    ).fetchone()[0]
    return bool(n > 1)


def _stored(conn: sqlite3.Connection, uuid: str) -> tuple[str, Row | None]:
    """(device, unheld row or None) of a stored entry."""
    dev = conn.execute("SELECT device_id FROM events WHERE uuid = ?", (uuid,)).fetchone()
    r = conn.execute("SELECT uuid, table_id, first, device_id, holder FROM unheld WHERE uuid = ?", (uuid,)).fetchone()
    row: Row | None = (r[0], r[1], r[2], r[3], r[4]) if r else None
    return (dev[0] if dev else "", row)


def forget(memo: dict[str, Any], table: str) -> None:
    """A handover or a ruling on the table was stored: what the memo knows of it is stale."""
    memo.get("tables", {}).pop(table, None)
    memo.get("unheld", {}).pop(table, None)
    memo.pop("rows", None)


def has_unheld(conn: sqlite3.Connection, table: str) -> bool:
    try:
        return conn.execute("SELECT 1 FROM unheld WHERE table_id = ? LIMIT 1", (table,)).fetchone() is not None
    except sqlite3.OperationalError:  # a database of an earlier schema (read without upgrading)
        return False


def open_unheld(conn: sqlite3.Connection, table: str) -> bool:
    """Whether the table has entries written without holding it that the head referee has not ruled on."""
    if not has_unheld(conn, table):
        return False
    firsts = {r[0] for r in conn.execute("SELECT DISTINCT first FROM unheld WHERE table_id = ?", (table,))}
    ruled = {r[0] for r in conn.execute("SELECT DISTINCT first FROM unheld_rulings WHERE table_id = ?", (table,))}
    return bool(firsts - ruled)


def unheld_of(conn: sqlite3.Connection, table: str, own_device: str | None = None) -> set[str]:
    """The table's entries kept out of its line (unheld, not let stand); those of ``own_device`` stay in its own line
    (a device goes on with what it showed, as at a fork)."""
    if not has_unheld(conn, table):
        return set()
    rows = conn.execute("SELECT uuid, device_id FROM unheld WHERE table_id = ?", (table,))
    return {u for u, d in rows if d != own_device}


def expected_unheld(conn: sqlite3.Connection) -> dict[str, Row]:
    """Every table's unheld entries, from the stored events (what verify compares the projection with)."""
    out: dict[str, Row] = {}
    for (table,) in conn.execute("SELECT DISTINCT table_id FROM events WHERE table_id <> ''").fetchall():
        out.update(compute(conn, table))
    return out


@dataclass(frozen=True)
class Unheld:
    """A branch of entries written by a device that did not hold the table."""

    table_id: str
    first: str  # its first entry
    device: str  # who wrote it
    holder: str  # who held the table there
    entries: int
    state: str  # "open", "accepted" (let stand: no longer unheld) or "set aside"
    decision: dict[str, str] | None  # {"decision", "reason", "referee", "device", "at"}


def unheld_branches(conn: sqlite3.Connection) -> list[Unheld]:
    """Every branch written without holding its table, and those the head referee let stand, by table."""
    try:
        rows = conn.execute(
            "SELECT table_id, first, device_id, holder, count(*) FROM unheld GROUP BY table_id, first"
        ).fetchall()
        rulings = conn.execute(
            "SELECT table_id, first, decision, reason, referee, device_id, at FROM unheld_rulings ORDER BY at, event"
        ).fetchall()
    except sqlite3.OperationalError:
        return []
    decided: dict[tuple[str, str], dict[str, str]] = {}
    for table, first, decision, reason, referee, device, at in rulings:
        decided[(table, first)] = {"decision": decision, "reason": reason, "referee": referee, "device": device,
                                   "at": at}  # fmt: skip
    out = []
    for table, first, device, holder, n in rows:
        d = decided.get((table, first))
        state = "set aside" if d is not None and d["decision"] == "set_aside" else "open"
        out.append(Unheld(table, first, device, holder, int(n), state, d))
    for (table, first), d in decided.items():
        if d["decision"] == "accept":
            dev = conn.execute("SELECT device_id FROM events WHERE uuid = ?", (first,)).fetchone()
            out.append(Unheld(table, first, dev[0] if dev else "", "", 0, "accepted", d))
    return out
