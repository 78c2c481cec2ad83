"""Hash chains: what a stored event's hash covers, and the line that holds one event outside the database.

Each device chains its own events: every row's ``hash`` covers its content and the previous row's hash of the same
device (``prev_hash``; ``GENESIS`` for the first). Two versions, told apart by the row's ``hash_v``:

* version 1 (rows stored before schema 4): every column of ``HASHED``, derived ones included;
* version 2: only what cannot be derived: ``uuid, device_id, device_seq, tournament_id, table_id, after`` and the
  payload (the event as entered). ``after`` is the uuid of the previous event of the same table (None for a table's
  first event), so a table's order is in the hashes. Every other column is derived from the payload and the table's
  replay (:mod:`refapp.store.derive`) and checked by recomputing it.

A *line* is one event as the journal and the bundles hold it (one JSON object; see ``docs/store.md``): enough to
re-insert the row and check its chain, nothing derived (a version-1 line also carries the version-1 columns, since
they are what its hash covers). Its format is :mod:`refapp.store.codec_journal`'s.

Layer: bottom (the hash chain and its lines): imports no feature of the store.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .canonjson import canonical, canonical_scalars

GENESIS = "0" * 64

# Columns covered by a version-1 hash, in this order. Fixed forever (old rows keep their hashes).
HASHED = (
    "uuid device_id device_seq at referee tournament_id table_id hanchan_no round_wind hand_no counters type seat "
    "player offence answers ruling ruleset_id ruleset_version note payload"
).split()
# What a version-2 hash covers besides the payload and the previous hash.
HASHED_V2 = ("uuid", "device_id", "device_seq", "tournament_id", "table_id", "after")
# Every column of an event row (``seq`` aside), in the schema's order.
COLUMNS = [*HASHED, "prev_hash", "hash", "target", "hash_v", "after"]
# What a line holds (a version-1 line also holds ``row``: the version-1 columns).
LINE_KEYS: tuple[str, ...] = ("hash_v", "device_id", "device_seq", "uuid", "tournament_id", "table_id", "after")
LINE_KEYS += ("payload", "prev_hash", "hash")
CURRENT_HASH = 2


def row_hash(prev_hash: str, row: dict[str, Any]) -> str:
    """The version-1 hash of a row."""
    content = canonical([row[k] for k in HASHED])
    return hashlib.sha256((prev_hash + content).encode("utf-8")).hexdigest()


def row_hash_v2(prev_hash: str, row: dict[str, Any]) -> str:
    """The version-2 hash: ``v2``, the previous hash, the underivable columns (one JSON array, which holds no
    newline) and the payload text, each on its own line."""
    head = canonical(
        [row["uuid"], row["device_id"], row["device_seq"], row["tournament_id"], row["table_id"], row["after"]]
    )
    return hashlib.sha256(f"v2\n{prev_hash}\n{head}\n{row['payload']}".encode()).hexdigest()


def hash_v2(prev_hash: str, head: list[Any], payload: str) -> str:
    """:func:`row_hash_v2` of the columns given in ``HASHED_V2`` order (no row dict to build)."""
    return hashlib.sha256(f"v2\n{prev_hash}\n{canonical_scalars(head)}\n{payload}".encode()).hexdigest()


def hash_of(row: dict[str, Any]) -> str:
    """What ``row["hash"]`` should be, by its ``hash_v``."""
    if row.get("hash_v", 1) == 2:
        return row_hash_v2(row["prev_hash"], row)
    return row_hash(row["prev_hash"], row)


def payload_text(line: dict[str, Any]) -> str:
    """The payload column of a line's row: the hashed text (version 1) or the canonical text (version 2)."""
    if line.get("hash_v") == 1:
        return str(line["row"]["payload"])
    text = line.get("_payload_text")  # the text as read, when the reader kept it (refapp.store.syncfolder)
    return text if isinstance(text, str) else canonical(line["payload"])


def row_of(line: dict[str, Any]) -> dict[str, Any]:
    """The hashed columns of a line (what :func:`hash_of` takes; the inverse of :func:`line_of` for them). A line
    read from outside may lack any field: each missing one is None."""
    row = {k: line.get(k) for k in ("uuid", "device_id", "device_seq", "tournament_id", "table_id", "after")}
    row |= {"prev_hash": line.get("prev_hash"), "hash": line.get("hash"), "hash_v": line.get("hash_v")}
    row["payload"] = payload_text(line)
    if line.get("hash_v") == 1:
        row |= line["row"]
    return row
