"""What signed heads vouch for: a device's events enter this device's history only under its own signature.

Every device's hash chain is public (a bundle and a journal carry every hash), so anyone could append an event to
another device's chain. What they cannot make is that device's signed head: "my chain has N events, the newest
hashing to H", signed with the key the device's chain announced (:mod:`refapp.store.signing`). So a device's new
events are merged only up to the newest of its signed heads that names their chain; what follows is **held** (kept
aside, shown, never merged) until a signed head covers it. The one exception is a device this store has never seen,
accepted by name (``refapp import --accept-new-device ID``): the person importing vouches for it.

Every head verified here is kept (``signed_heads``), so the history can be passed on with the signatures that
vouch for it (a bundle carries them, :func:`heads_for_export`).

Layer: feature (signing: what the signed heads vouch for).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any

from .identity import owner
from .keys import SignatureError
from .signing import HeadError, SignedHead, verify_head

EVERYTHING = 2**63  # the coverage of a device accepted by name


def keep_head(conn: sqlite3.Connection, head: dict[str, Any]) -> None:
    """Keep a verified signed head (inside the caller's transaction): every head, and the newest per device."""
    conn.execute(
        "INSERT OR IGNORE INTO signed_heads (device_id, events, key, newest, signature) VALUES (?, ?, ?, ?, ?)",
        (head["device"], head["events"], head["key"], head["newest"], head["signature"]),
    )
    conn.execute(
        "INSERT INTO heads (device_id, key, events, newest, signature) VALUES (?, ?, ?, ?, ?) ON CONFLICT(device_id) "
        "DO UPDATE SET key = excluded.key, events = excluded.events, newest = excluded.newest, "
        "signature = excluded.signature WHERE excluded.events > heads.events",
        (head["device"], head["key"], head["events"], head["newest"], head["signature"]),
    )


def read_heads(data: Any) -> tuple[list[str], list[SignedHead]]:
    """(problems, heads) of a bundle's ``heads`` field (absent: none)."""
    raw = data.get("heads", []) if isinstance(data, dict) else []
    if not isinstance(raw, list):
        return ["field 'heads' should be a list of signed heads"], []
    problems, out = [], []
    for i, obj in enumerate(raw):
        try:
            out.append(SignedHead.from_json(obj))
        except HeadError as exc:
            problems.append(f"heads[{i}]: {exc}")
    return problems, out


def _keys(conn: sqlite3.Connection, lines: list[dict[str, Any]]) -> dict[str, str]:
    """Each device's announced key: stored, else announced by the lines (a device new here)."""
    keys = dict(conn.execute("SELECT device_id, key FROM device_keys").fetchall())
    for line in lines:
        p = line["payload"]
        if p.get("type") == "device_key" and line["device_id"] == p.get("device"):
            keys.setdefault(p["device"], p.get("key"))
    return keys


def coverage(
    conn: sqlite3.Connection,
    lines: list[dict[str, Any]],
    heads: Iterable[SignedHead],
    accepted: Iterable[str] = (),
    own: tuple[str, str | None] = ("", None),
) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """(how far each device's chain is vouched for, the heads that vouch), from ``heads`` and the ones kept here.
    A head counts when it is signed with the device's announced key and names the chain as ``lines`` (checked
    chains) or the stored events have it. A device whose key speaks for another device id here (a copied key,
    :mod:`refapp.store.identity`), or for another device earlier in the lines, is vouched for by nothing."""
    keys = _keys(conn, lines)
    first_with: dict[str, str] = {}
    for line in lines:
        key = keys.get(line["device_id"])
        if key is not None:
            first_with.setdefault(key, line["device_id"])
    copied = set()
    for device, key in keys.items():
        found = owner(conn, key, own[0], own[1]) or first_with.get(key, device)
        if found != device:
            copied.add(device)
    hashes = {(line["device_id"], line["device_seq"]): line["hash"] for line in lines}
    out: dict[str, int] = dict(conn.execute("SELECT device_id, max(events) FROM signed_heads GROUP BY device_id"))
    good: list[dict[str, Any]] = []
    for signed in heads:
        h = signed.head
        key = keys.get(h.device_id)
        if key is None:
            continue
        try:
            verify_head(signed, key, device_id=h.device_id)
        except (HeadError, SignatureError):
            continue
        have = hashes.get((h.device_id, h.events))
        if have is None:
            row = conn.execute(
                "SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (h.device_id, h.events)
            ).fetchone()
            have = row[0] if row else None
        if have != h.newest_hash:
            continue
        good.append(signed.to_json())
        out[h.device_id] = max(out.get(h.device_id, 0), h.events)
    known = {r[0] for r in conn.execute("SELECT DISTINCT device_id FROM events")}
    for device in accepted:
        if device not in known:
            out[device] = EVERYTHING
    for device in copied:
        out[device] = 0
    return out, good


def unvouched(lines: list[dict[str, Any]], new: list[int], covered: dict[str, int]) -> set[int]:
    """The new lines no signed head covers, and every new line that needs one of them (a later event of the same
    device, an event that follows one, a table's or a tournament's events when its creating event is held)."""
    held: set[int] = set()
    first_held: dict[str, int] = {}
    uuids: set[str] = set()
    tables: set[str] = set()
    tournaments: set[str] = set()
    changed = True
    while changed:  # dependencies point back in the lines' order; a second pass catches any that do not
        changed = False
        for i in new:
            if i in held:
                continue
            line = lines[i]
            device, seq, p = line["device_id"], line["device_seq"], line["payload"]
            if not (
                seq > covered.get(device, 0)
                or seq > first_held.get(device, EVERYTHING)
                or line.get("after") in uuids
                or (line["table_id"] and line["table_id"] in tables)
                or (p.get("tournament") in tournaments)
                or (line["tournament_id"] in tournaments)
            ):
                continue
            held.add(i)
            changed = True
            first_held[device] = min(first_held.get(device, EVERYTHING), seq)
            uuids.add(line["uuid"])
            if p.get("type") == "table":
                tables.add(p.get("table"))
            elif p.get("type") == "tournament":
                tournaments.add(p.get("tournament"))
    return held


def heads_for_export(conn: sqlite3.Connection, ends: dict[str, int]) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """For other devices' chains exported up to ``ends`` (device -> seq): how far to export each so that a signed
    head kept here covers it (the smallest one at or past the end, within what is stored), and those heads."""
    out_ends = dict(ends)
    heads = []
    for device, end in ends.items():
        top = conn.execute("SELECT max(device_seq) FROM events WHERE device_id = ?", (device,)).fetchone()[0] or 0
        row = conn.execute(
            "SELECT device_id, events, key, newest, signature FROM signed_heads WHERE device_id = ? AND events >= ? "
            "AND events <= ? ORDER BY events LIMIT 1",
            (device, end, top),
        ).fetchone()
        if row is None:
            continue
        out_ends[device] = row[1]
        heads.append(
            {
                "format": "refapp-signed-head",
                "version": 1,
                "device": row[0],
                "key": row[2],
                "events": row[1],
                "newest": row[3],
                "signature": row[4],
            }  # fmt: skip
        )
    return out_ends, heads
