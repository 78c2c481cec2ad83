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


def state_text(
    table: str, head: str, count: int, st: TableState, pinned: Mapping[str, Any], memo: dict[int, str] | None = None
) -> str:
    """What ``table_states`` keeps of a table's state after event ``head`` (its ``count``-th): the state as JSON (its
    rule set named by the hash of its content when that content is in ``pinned``, else by its id) and its checksum.
    ``memo``: the hashes of the rule sets already seen by the caller (by object)."""
    rs = st.ruleset
    key = None
    if rs is not None:
        memo = {} if memo is None else memo
        h = memo.get(id(rs)) or memo.setdefault(id(rs), ruleset_content(rs)[0])
        key = h if h in pinned else rs.id
    text = json.dumps(dump_state(st, key), separators=(",", ":"))  # (one line: JSON escapes line feeds)
    return f"{text}\n{_checksum(table, head, count, text)}"


def save(
    conn: sqlite3.Connection, states: Mapping[str, tuple[str, int, TableState | str]], pinned: Mapping[str, Any]
) -> None:
    """Keep each table's state (inside the caller's transaction): {table: (head uuid, events, the state or what
    :func:`state_text` made of it)}."""
    memo: dict[int, str] = {}  # (the objects live through the call: their ids stay theirs)
    for table, (head, count, st) in states.items():
        text = st if isinstance(st, str) else state_text(table, head, count, st, pinned, memo)
        conn.execute(
            "INSERT INTO table_states (table_id, head, events, state) VALUES (?, ?, ?, ?) ON CONFLICT(table_id) DO "
            "UPDATE SET head = excluded.head, events = excluded.events, state = excluded.state",
            (table, head, count, text),
        )
