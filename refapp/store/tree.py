"""A table's events as a tree: every event names the one it follows (``after``), so a table's events form a tree,
normally a line (:mod:`refapp.store.branches` says how a line is read off it, :mod:`refapp.store.holding` who may
write it).

Rows stored before schema 4 (hash version 1) carry no ``after``: they follow one another in stored order.

Layer: bottom (the projections of a table's events): imports no feature of the store.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field


@dataclass
class Node:
    """One stored event of a table, and the events that follow it."""

    seq: int
    uuid: str
    after: str | None
    device: str
    payload: str
    kids: list[Node] = field(default_factory=list)


def tree(conn: sqlite3.Connection, table: str) -> tuple[list[Node], dict[str, Node]]:
    """The table's events as a tree: the roots (normally one) and every node by uuid."""
    rows = conn.execute(
        'SELECT seq, uuid, "after", device_id, hash_v, payload FROM events WHERE table_id = ? ORDER BY seq', (table,)
    ).fetchall()
    nodes: dict[str, Node] = {}
    roots: list[Node] = []
    last_legacy: str | None = None
    for seq, uuid, after, device, hash_v, payload in rows:
        if hash_v != 2:
            after, last_legacy = last_legacy, uuid
        node = Node(seq, uuid, after, device, payload)
        nodes[uuid] = node
        parent = nodes.get(after) if after is not None else None
        if parent is None:
            roots.append(node)
        else:
            parent.kids.append(node)
    return roots, nodes


def children(conn: sqlite3.Connection, table: str, after: str | None) -> list[tuple[str, int]]:
    """(uuid, seq) of the stored events of hash version 2 that follow ``after`` (None: the table's start)."""
    return conn.execute(
        'SELECT uuid, seq FROM events WHERE table_id = ? AND "after" IS ? AND hash_v = 2 ORDER BY seq', (table, after)
    ).fetchall()


def subtree(conn: sqlite3.Connection, table: str, root: str) -> list[str]:
    """The uuids of ``root`` and of every stored event that follows it, directly or not."""
    out, todo = [], [root]
    while todo:
        uuid = todo.pop()
        out.append(uuid)
        todo += [r[0] for r in children(conn, table, uuid)]
    return out


def walk(root: Node) -> list[Node]:
    """``root`` and every node under it."""
    out, todo = [], [root]
    while todo:
        n = todo.pop()
        out.append(n)
        todo += n.kids
    return out
