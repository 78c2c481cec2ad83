"""The state a table's replay reached when events were last merged into it, kept so the next merge starts there.

Merging another device's new events needs each table's state before them, to derive their columns (the ruling as
applied, the hand, the player...). Replaying every table from its first event on every sync would cost a second or
more on a venue's 100,000 events; ``table_states`` keeps, per table, the state after its newest merged event. It is
a cache: never trusted for anything but a starting point (a state that does not read back, or a table that changed
since, is replayed from the start), never exported, and ``refapp verify`` derives every column again from scratch.

Each kept state carries a SHA-256 of what it says (the table, the event it follows, the count, the state's text):
a state changed in the file (a flipped bit that still reads back, a count off by one) is replayed from the start
instead of giving merged events wrong columns, which would then be signed with the rest. (States kept before the
checksum are replayed from the start once.)

Layer: feature (the tables' replay states kept for merges).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Mapping
from typing import Any

from ..domain.rules import RuleSet
from ..domain.state_json import dump_state, load_state
from ..domain.table import TableState
from .derive import ruleset_content


def load(
    conn: sqlite3.Connection, table: str, head: str | None, rulesets: Mapping[str, RuleSet]
) -> tuple[TableState, int] | None:
    """(the table's state after event ``head``, its number of events) if kept, else None."""
    if head is None:
        return None
    try:
        row = conn.execute("SELECT head, events, state FROM table_states WHERE table_id = ?", (table,)).fetchone()
    except sqlite3.OperationalError:
        return None
    if row is None or row[0] != head:
        return None
    try:
        text, _, checksum = row[2].rpartition("\n")
        if checksum != _checksum(table, row[0], row[1], text):
            return None  # changed since it was kept (or kept before the checksum): replayed from the start
        return load_state(json.loads(text), rulesets), int(row[1])
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, UnicodeError):
        return None


def _checksum(table: str, head: str, events: int, text: str) -> str:
    return hashlib.sha256(json.dumps([table, head, events, text]).encode("utf-8")).hexdigest()


def save(conn: sqlite3.Connection, states: dict[str, tuple[str, int, TableState]], pinned: Mapping[str, Any]) -> None:
    """Keep each table's state (inside the caller's transaction): {table: (head uuid, events, state)}."""
    keys: dict[int, str | None] = {}
    for table, (head, count, st) in states.items():
        rs = st.ruleset
        if rs is not None and id(rs) not in keys:
            h = ruleset_content(rs)[0]
            keys[id(rs)] = h if h in pinned else rs.id
        key = keys[id(rs)] if rs is not None else None
        text = json.dumps(dump_state(st, key), separators=(",", ":"))  # (one line: JSON escapes line feeds)
        conn.execute(
            "INSERT INTO table_states (table_id, head, events, state) VALUES (?, ?, ?, ?) ON CONFLICT(table_id) DO "
            "UPDATE SET head = excluded.head, events = excluded.events, state = excluded.state",
            (table, head, count, f"{text}\n{_checksum(table, head, count, text)}"),
        )
