"""Filling a store with many valid events quickly, stored exactly as the app stores them (shared by the benchmarks).

The events are derived as :meth:`TableBook.commit` derives them (:class:`refapp.store.derive.TableReplay`), hashed
with the current hash version, each following its table's previous event (``after``), interleaved in time across
tables, and inserted in one transaction (not timed as appends). The journal is written as the app writes it.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from refapp.domain.events import parse_events
from refapp.store.chain import COLUMNS, CURRENT_HASH, row_hash_v2
from refapp.store.codec_journal import line_of
from refapp.store.db import Store, TableRef
from refapp.store.derive import TableReplay
from refapp.store.digest import keep_up
from refapp.store.entities import project
from refapp.store.signing import sign_chain

START = datetime(2026, 11, 21, 9, 0, 0)
OFFSET = "+01:00"


def fill(store: Store, tables: list[TableRef], logs: list[list[dict[str, Any]]], rulesets: Any) -> int:
    """Store the tables' event payloads (each log valid in order), interleaved in time. Returns how many."""
    rng = random.Random(7)
    order: list[int] = []
    left = [len(log) for log in logs]
    while any(left):
        t = rng.randrange(len(logs))
        if left[t]:
            order.append(t)
            left[t] -= 1
    cursors = [0] * len(logs)
    timed: list[tuple[int, dict[str, Any]]] = []
    for i, t in enumerate(order):
        event = logs[t][cursors[t]]
        cursors[t] += 1
        event["at"] = (START + timedelta(seconds=i)).isoformat() + OFFSET
        timed.append((t, event))
    rs = store.rulesets(rulesets)
    derived: dict[str, dict[str, Any]] = {}
    for log in logs:
        replay = TableReplay(rs, targets={e.get("target") for e in log if e["type"] == "void"})
        for payload, model in zip(log, parse_events(log)):
            derived[payload["id"]] = replay.push(payload, model)
    last = store.conn.execute(
        "SELECT device_seq, hash FROM events WHERE device_id = ? ORDER BY device_seq DESC LIMIT 1", (store.device_id,)
    ).fetchone()
    seq, prev = last
    heads: dict[str, str | None] = {}
    rows = []
    for t, event in timed:
        table = tables[t]
        row = store.row_for(table, event, {}, {}) | derived[event["id"]]
        seq += 1
        row |= {"device_seq": seq, "prev_hash": prev, "hash_v": CURRENT_HASH, "after": heads.get(table.table_id)}
        row["hash"] = prev = row_hash_v2(prev, row)
        heads[table.table_id] = event["id"]
        rows.append(row)
    names = ", ".join(f'"{c}"' if c == "after" else c for c in COLUMNS)
    sql = f"INSERT INTO events ({names}) VALUES ({', '.join('?' * len(COLUMNS))})"
    store.conn.execute("BEGIN IMMEDIATE")
    store.conn.executemany(sql, [[r[c] for c in COLUMNS] for r in rows])
    for row in rows:
        if row["type"] == "hanchan_start":
            project(store.conn, row, {"type": "hanchan_start"})
    if store.key is not None:  # signed like every commit of the app (refapp.store.devices, refapp.store.digest)
        sign_chain(store.conn, store.device_id, store.key)
        keep_up(store.conn, store.device_id, store.key)
    store.conn.execute("COMMIT")
    assert store.journal is not None
    store.journal.append(line_of(r) for r in rows)
    return len(rows)
