"""The devices of a venue: this device's key in its chain, signed heads, trust, who writes a table, handovers and
resolutions. The folder transport is :mod:`refapp.store.sync`; the formats are in ``docs/venue.md``.

**Trust.** A device trusts another by its fingerprint (read from the other's screen, or picked among the devices
seen in a shared folder): a ``trust`` event of its own chain. It also accepts the trust entries of every device it
trusts as the head referee's (role ``head``): a tablet that trusts the head referee's device takes the tournament's
list of devices from it. A ``revoked`` entry (by this device, or by a head it trusts) ends the trust: nothing more of
that device is merged (what was merged stays). Events of a device that is not trusted are held aside and shown, never
merged.

**Who writes a table.** One device at a time: the device that wrote the table's first event (or created the table),
until a ``handover`` event gives it to another. A device refuses to write a table another device holds; taking a table
over is a handover entry made with the referee's PIN.

Layer: feature (devices).
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..domain.inputs import name_problem
from .branches import has_forks, line_texts
from .db import Store
from .entities import entity_row
from .errors import StoreError
from .identity import key_conflicts, owner
from .keys import FingerprintError, SignatureError, fingerprint, parse_fingerprint
from .refs import TableRef
from .signing import SignedHead, verify_head
from .tree import children


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _payload(kind: str, by: str = "", **fields: Any) -> dict[str, Any]:
    return {"type": kind, "id": str(uuid.uuid4()), "at": _now(), "by": by, **fields}


# -- this device's key -------------------------------------------------------------------------------------------------


def announce_key(store: Store) -> None:
    """Put this device's public key in its chain once (``device_key``); refuse a data folder whose key is not the one
    its chain announced (the key file was replaced: the chain can no longer be signed as before)."""
    key = store.key
    assert key is not None
    row = store.conn.execute("SELECT key FROM device_keys WHERE device_id = ?", (store.device_id,)).fetchone()
    if row is not None:
        if row[0] != key.public_hex:
            store.wait_for_check()  # a damaged row of device_keys is damage, named as such
            try:
                theirs = fingerprint(bytes.fromhex(row[0]))
            except (ValueError, TypeError):
                theirs = repr(row[0])
            raise StoreError(
                f"This device's history is signed with the key {theirs}, but the data "
                f"folder's device.key is {key.fingerprint}: restore the device.key (and device.pub) that go with this "
                "database from a backup of the data folder; nothing was written."
            )
        return
    with store.writing() as w:
        p = _payload("device_key", device=store.device_id, key=key.public_hex, fingerprint=key.fingerprint)
        w.add(entity_row(store.device_id, p))


def head_problems(store: Store) -> list[str]:
    """Every stored signed head checked (verify): the signature with the device's announced key, and the chain it
    vouches for; this device's newest events must be signed (rows added without the key are not). A device seen in
    a shared folder whose events are not merged here (not trusted, or waiting for what they follow) is no damage:
    :func:`head_notes` lists it."""
    conn = store.conn
    problems = []
    keys = dict(conn.execute("SELECT device_id, key FROM device_keys").fetchall())
    tops = dict(conn.execute("SELECT device_id, max(device_seq) FROM events GROUP BY device_id").fetchall())
    signed_devices = set()
    for device, key, events, newest, signature in conn.execute(
        "SELECT device_id, key, events, newest, signature FROM heads"
    ).fetchall():
        signed_devices.add(device)
        own = device == store.device_id
        who = "this device" if own else f"device {device}"
        announced = keys.get(device)
        top = tops.get(device) or 0
        if announced is None:
            if own or top:
                problems.append(f"{who}: its signed head names a key its chain never announced")
            continue  # seen, nothing of it merged here: a note
        head = {"format": "refapp-signed-head", "version": 1, "device": device, "key": key, "events": events}
        head |= {"newest": newest, "signature": signature}
        try:
            verify_head(SignedHead.from_json(head), announced, device_id=device)
        except SignatureError as exc:  # (a HeadError, or an announced key that is no key: a damaged row)
            problems.append(f"{who}: {exc}")
            continue
        if not own and top < events:
            continue  # its newest events are not merged here yet (held): a note
        row = conn.execute(
            "SELECT hash FROM events WHERE device_id = ? AND device_seq = ?", (device, events)
        ).fetchone()
        if row is None:
            problems.append(
                f"{who}: its signed head vouches for {events} events, but event #{events} is missing (only "
                f"{top} stored): its newest events were deleted, or the database was replaced by an older copy"
            )
            continue
        if row[0] != newest:
            problems.append(f"{who}: its signed head vouches for event #{events}, which is not stored as signed")
            continue
        if own and top > events:
            problems.append(
                f"this device: its events #{events + 1} to #{top} are not signed: they were written without this "
                "device's key"
            )
    own_events = conn.execute("SELECT 1 FROM events WHERE device_id = ? LIMIT 1", (store.device_id,)).fetchone()
    if own_events is not None and store.device_id not in signed_devices and store.device_id in keys:
        problems.append("this device: its chain carries no signature")
    return problems


def device_notes(store: Store) -> list[str]:
    """What verify says of other devices besides damage: devices whose events carry no signature (their chain
    announced no key: recorded before device keys), and devices seen in a shared folder whose signed events are not
    all merged here."""
    rows = store.conn.execute(
        "SELECT device_id, count(*) FROM events WHERE device_id NOT IN (SELECT device_id FROM device_keys) "
        "GROUP BY device_id"
    ).fetchall()
    notes = [f"note: the {n} event(s) of device {d} carry no signature (recorded before device keys)" for d, n in rows]
    return notes + head_notes(store)


def head_notes(store: Store) -> list[str]:
    """Devices seen in a shared folder whose signed events are not all merged here (information, not damage)."""
    conn = store.conn
    tops = dict(conn.execute("SELECT device_id, max(device_seq) FROM events GROUP BY device_id").fetchall())
    held = dict(conn.execute("SELECT device_id, count(*) FROM held GROUP BY device_id").fetchall())
    notes = []
    for device, key, events in conn.execute(
        "SELECT device_id, key, events FROM heads WHERE device_id <> ? ORDER BY device_id", (store.device_id,)
    ).fetchall():
        top = tops.get(device) or 0
        if top >= events:
            continue
        name = device_name(conn, device, store.device_id)
        state = "not trusted here" if not trust_state(conn, store.device_id).trusts(key) else "trusted"
        notes.append(
            f"note: device {device} ({name}, {state}): {top} of its {events} signed events merged here, "
            f"{held.get(device, 0)} held"
        )
    return notes


# -- trust -------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrustEntry:
    fingerprint: str
    key: str | None
    device: str | None
    name: str
    role: str  # "table", "head" or "revoked"
    by: str  # the device whose chain holds the entry
    at: str


@dataclass(frozen=True)
class Trust:
    """What this device trusts now: entries by fingerprint (the newest entry for a fingerprint counts)."""

    entries: dict[str, TrustEntry]

    def of_key(self, key_hex: str) -> TrustEntry | None:
        e = self.entries.get(fingerprint(bytes.fromhex(key_hex)))
        if e is None or e.role == "revoked" or (e.key is not None and e.key != key_hex):
            return None
        return e

    def trusts(self, key_hex: str) -> bool:
        return self.of_key(key_hex) is not None


def trust_state(conn: sqlite3.Connection, own_device: str) -> Trust:
    """This device's own trust entries, then those of the devices it trusts as the head referee's (its own entries
    win over a head's for the same fingerprint; among one source's entries, the newest)."""
    rows = conn.execute(
        "SELECT t.device_id, t.fingerprint, t.key, t.name, t.role, t.at FROM trusts t "
        "CROSS JOIN events e ON e.uuid = t.event ORDER BY e.seq"  # (trusts first: never a walk of every event)
    ).fetchall()
    by_device: dict[str, dict[str, TrustEntry]] = {}
    for device, fp, key, name, role, at in rows:
        by_device.setdefault(device, {})[fp] = TrustEntry(fp, key, None, name, role, device, at)
    own = dict(by_device.get(own_device, {}))
    keys = dict(conn.execute("SELECT device_id, key FROM device_keys").fetchall())
    heads = [e for e in own.values() if e.role == "head"]
    merged = dict(own)
    for head in heads:
        head_device = next((d for d, k in keys.items() if fingerprint(bytes.fromhex(k)) == head.fingerprint), None)
        if head_device is None or (head.key is not None and keys[head_device] != head.key):
            continue
        for fp, entry in by_device.get(head_device, {}).items():
            merged.setdefault(fp, entry)
    return Trust(merged)


def find_key(conn: sqlite3.Connection, fp: str) -> tuple[str | None, str | None]:
    """(device id, key) of a device with this fingerprint: the id its key was merged under here first, else the only id
    whose heads signed with it were kept here; the key alone when only a shared folder's device file showed it (anyone
    can write one: it names no device); (None, None) for a fingerprint never seen."""
    keys = {k: None for (k,) in conn.execute("SELECT DISTINCT key FROM peers")}
    keys |= {k: None for (k,) in conn.execute("SELECT DISTINCT key FROM signed_heads")}
    for device, key in conn.execute(
        "SELECT k.device_id, k.key FROM device_keys k LEFT JOIN events e ON e.uuid = k.event ORDER BY e.seq"
    ).fetchall():
        if fingerprint(bytes.fromhex(key)) == fp:
            return device, key
    for key in keys:
        if fingerprint(bytes.fromhex(key)) == fp:
            signers = [r[0] for r in conn.execute("SELECT DISTINCT device_id FROM signed_heads WHERE key = ?", (key,))]
            return (signers[0] if len(signers) == 1 else None), key
    return None, None


def name_trusted_devices(store: Store) -> int:
    """Complete this device's trust entries that name no device (a fingerprint trusted before its device was seen) with
    the id its key speaks for here now, in a new entry saying the same; return how many. A device new to the venue
    then knows which id the head referee's list means, even when a copy of the key shows up under another id first."""
    latest: dict[str, tuple[Any, ...]] = {}
    for row in store.conn.execute(
        "SELECT t.fingerprint, t.key, t.name, t.role, e.payload FROM trusts t CROSS JOIN events e ON e.uuid = t.event "
        "WHERE t.device_id = ? ORDER BY e.seq",  # (trusts first: never a walk of every event, at each sync)
        (store.device_id,),
    ):
        latest[row[0]] = row
    own_key = store.key.public_hex if store.key is not None else None
    named = 0
    for fp, _key, name, role, payload in latest.values():
        try:
            p = json.loads(payload)
        except ValueError:
            continue
        if role == "revoked" or p.get("device"):
            continue
        device, key = find_key(store.conn, fp)
        if device is None or key is None or owner(store.conn, key, store.device_id, own_key) != device:
            continue  # not merged yet, or the key is in conflict here: the head referee keeps one first
        q = _payload("trust", by=str(p.get("by") or ""), fingerprint=fp, key=key, device=device, name=name, role=role)
        with store.writing() as w:
            w.add(entity_row(store.device_id, q))
        named += 1
    return named


def add_trust(store: Store, typed: str, name: str, role: str = "table", by: str = "") -> TrustEntry:
    """Trust (or, with role ``revoked``, stop trusting) the device with this fingerprint. Raises ValueError with one
    line for a fingerprint mistyped or naming this device, StoreError when it cannot be stored."""
    try:
        fp = parse_fingerprint(typed)
    except FingerprintError as exc:
        raise ValueError(str(exc)) from None
    name = " ".join(str(name).split())
    if not name or len(name) > 100:
        raise ValueError("a device's name must be 1 to 100 characters")
    if problem := name_problem(name):
        raise ValueError(f"the device's name: {problem}")
    if role not in ("table", "head", "revoked"):
        raise ValueError(f"role {role!r}: must be table, head or revoked")
    if store.key is not None and fp == store.key.fingerprint:
        raise ValueError(f"fingerprint {fp} is this device's own")
    device, key = find_key(store.conn, fp)
    p = _payload("trust", by=by, fingerprint=fp, key=key, device=device, name=name, role=role)
    with store.writing() as w:
        w.add(entity_row(store.device_id, p))
    return TrustEntry(fp, key, device, name, role, store.device_id, p["at"])


# -- who writes a table ------------------------------------------------------------------------------------------------


def holder(conn: sqlite3.Connection, table_id: str, own_device: str) -> str | None:
    """The device that writes the table now: the newest handover's (by its place in the table's line), else the
    device that wrote the table's first event, else the one that created it. None for an unknown table."""
    handovers = conn.execute(
        'SELECT to_device, "after", at, event FROM handovers WHERE table_id = ?', (table_id,)
    ).fetchall()
    if len(handovers) == 1:
        return str(handovers[0][0])
    if handovers:
        line = [json.loads(t)["id"] for t in line_texts(conn, table_id, own_device)]
        place = {u: i for i, u in enumerate(line)}
        best = max(handovers, key=lambda h: (place.get(h[1], -1) if h[1] else -1, h[2], h[3]))
        return str(best[0])
    first = conn.execute("SELECT device_id FROM events WHERE table_id = ? ORDER BY seq LIMIT 1", (table_id,)).fetchone()
    if first is not None:
        # the first event of the table's line (a fork at the start: the branch shown)
        if not has_forks(conn, table_id):
            return str(first[0])
        head = line_texts(conn, table_id, own_device)
        if head:
            uid = json.loads(head[0])["id"]
            row = conn.execute("SELECT device_id FROM events WHERE uuid = ?", (uid,)).fetchone()
            return str(row[0])
    row = conn.execute("SELECT device_id FROM game_tables WHERE id = ?", (table_id,)).fetchone()
    return str(row[0]) if row else None


class NotHolder(StoreError):
    """The table is written by another device: a ruling here would fork it."""

    key = "not_holder"

    def __init__(self, table: TableRef, device: str, name: str):
        self.table, self.device, self.name = table, device, name
        super().__init__(table=table.number, device=name)


def device_name(conn: sqlite3.Connection, device: str, own_device: str) -> str:
    """How a person knows a device: the name it is trusted under here, else its fingerprint, else its id."""
    if device == own_device:
        return "this device"
    row = conn.execute("SELECT key, fingerprint FROM device_keys WHERE device_id = ?", (device,)).fetchone()
    if row is None:
        row = conn.execute("SELECT key, fingerprint FROM peers WHERE device_id = ? LIMIT 1", (device,)).fetchone()
    if row is None:
        return device
    entry = trust_state(conn, own_device).entries.get(row[1])
    return entry.name if entry is not None and entry.role != "revoked" else row[1]


def handover(store: Store, table: TableRef, referee: str = "") -> None:
    """This device takes the table over from the device holding it (nothing to do when it holds it already)."""
    if holder(store.conn, table.table_id, store.device_id) == store.device_id:
        return
    p = _payload("handover", by=referee, table=table.table_id, to=store.device_id,
                 after=store.last_event_id(table.table_id))  # fmt: skip
    with store.writing() as w:
        w.add(entity_row(store.device_id, p))


def give(store: Store, table: TableRef, to_device: str, referee: str = "") -> None:
    """Hand a table this device holds to another device (known to this one)."""
    if holder(store.conn, table.table_id, store.device_id) != store.device_id:
        raise StoreError(f"Table {table.number} is not held by this device: it cannot hand it over.")
    p = _payload("handover", by=referee, table=table.table_id, to=to_device,
                 after=store.last_event_id(table.table_id))  # fmt: skip
    with store.writing() as w:
        w.add(entity_row(store.device_id, p))


def resolve(store: Store, table_id: str, after: str, stands: str, reason: str, referee: str = "") -> None:
    """Settle the fork of a table after event ``after`` ('' for its start): the branch whose first event is
    ``stands`` stands, the others are set aside with ``reason`` (kept and shown, never replayed)."""
    reason = " ".join(str(reason).split())
    if not reason:
        raise ValueError("a resolution needs a reason (it is kept with the branch set aside)")
    if len(reason) > 500:
        raise ValueError("the reason is longer than 500 characters")
    kids = [k for k, _ in children(store.conn, table_id, after or None)]
    if len(kids) < 2:
        raise ValueError("there is no conflict at that point of the table")
    if stands not in kids:
        raise ValueError(f"{stands} is not the first event of a branch of this conflict")
    p = _payload("resolve", by=referee, table=table_id, after=after or None, stands=stands, reason=reason)
    with store.writing() as w:
        w.add(entity_row(store.device_id, p))


def keep_key(store: Store, fp: str, device: str, reason: str, referee: str = "") -> None:
    """Settle a key seen under several device ids: it speaks for ``device`` only (:mod:`refapp.store.identity`)."""
    reason = " ".join(str(reason).split())
    if not reason:
        raise ValueError("a ruling on a key needs a reason (it is kept with it)")
    if len(reason) > 500:
        raise ValueError("the reason is longer than 500 characters")
    own = store.key.public_hex if store.key is not None else None
    found = [
        c for c in key_conflicts(store.conn, store.device_id, own) if c.fingerprint == fp and c.state != "two histories"
    ]
    if not found:
        raise ValueError(f"no device id shares the key {fp} here: there is nothing to settle")
    if device not in {u.device_id for u in found[0].uses}:
        raise ValueError(f"device {device} was never seen with the key {fp}")
    p = _payload("key_resolve", by=referee, fingerprint=fp, device=device, reason=reason)
    with store.writing() as w:
        w.add(entity_row(store.device_id, p))


def rule_unheld(store: Store, table_id: str, first: str, decision: str, reason: str, referee: str = "") -> None:
    """Let the entries written without holding the table from ``first`` on stand (``"accept"``) or set them aside
    for good (``"set_aside"``) (:mod:`refapp.store.holding`)."""
    reason = " ".join(str(reason).split())
    if decision not in ("accept", "set_aside"):
        raise ValueError(f"decision {decision!r}: must be accept or set_aside")
    if not reason:
        raise ValueError("a ruling on entries written without holding the table needs a reason (it is kept with it)")
    if len(reason) > 500:
        raise ValueError("the reason is longer than 500 characters")
    row = store.conn.execute("SELECT 1 FROM unheld WHERE uuid = ? AND first = ? AND table_id = ?",
                             (first, first, table_id)).fetchone()  # fmt: skip
    if row is None:
        raise ValueError(f"{first} is not the first of entries written at this table without holding it")
    p = _payload("unheld_resolve", by=referee, table=table_id, first=first, decision=decision, reason=reason)
    with store.writing() as w:
        w.add(entity_row(store.device_id, p))
