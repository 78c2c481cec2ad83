"""The venue's entity events: a device's key, trust in another device, a table handed over, a conflict resolved.

Like tournaments and players (:mod:`refapp.store.entities`), each is an event of the writing device's chain with
``table_id = ''``, and its table is a projection written in the same transaction and rebuilt by verify. Payloads
(besides ``id``, ``at``, ``by``):

* ``device_key``: ``{"device", "key", "fingerprint"}``: the device's public key (64 hex digits) and its fingerprint;
  written once by the device itself, so that every copy of its chain says which key signs it;
* ``trust``: ``{"fingerprint", "key", "device", "name", "role"}``: the writing device trusts the device with that key
  (``key`` and ``device`` may be ``null`` when only the fingerprint was typed before the device was seen); ``role``
  is ``"table"`` (a table's tablet, a referee's tablet), ``"head"`` (the head referee's device: its own trust
  entries are accepted too) or ``"revoked"`` (no longer trusted: nothing more of it is merged);
* ``handover``: ``{"table", "to", "after"}``: the table is written by device ``to`` from now on; ``after`` is the
  table's newest event the writing device knew (``null``: none);
* ``resolve``: ``{"table", "after", "stands", "reason"}``: at the table's fork after event ``after`` (``null``: its
  start), the branch whose first event is ``stands`` stands; every other branch is set aside (kept, never replayed);
* ``key_resolve``: ``{"fingerprint", "device", "reason"}``: the key with that fingerprint, seen under several device
  ids, speaks for ``device`` only (:mod:`refapp.store.identity`);
* ``unheld_resolve``: ``{"table", "first", "decision", "reason"}``: the entries a device wrote at a table it did not
  hold, from event ``first`` on, stand (``decision`` ``"accept"``) or stay set aside (``"set_aside"``)
  (:mod:`refapp.store.holding`).

Layer: bottom (the entity events' models and their projections): imports no feature of the store.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from .branches import expected_forks, expected_set_aside, set_aside_by
from .entity_base import BaseEntity
from .holding import expected_unheld, recompute
from .keys import FingerprintError, fingerprint, parse_fingerprint

_Id = Annotated[str, Field(min_length=1, max_length=100)]
_Hex64 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
VENUE_TYPES = ("device_key", "trust", "handover", "resolve", "key_resolve", "unheld_resolve")
ROLES = ("table", "head", "revoked")
MAX_REASON = 500


def _fingerprint_of(key: str) -> str:
    return fingerprint(bytes.fromhex(key))


def _models() -> tuple[type, ...]:
    class DeviceKeyEntity(BaseEntity):
        type: Literal["device_key"]
        device: _Id
        key: _Hex64
        fingerprint: Annotated[str, Field(max_length=100)]

        @model_validator(mode="after")
        def _fingerprint_matches(self) -> DeviceKeyEntity:
            if _fingerprint_of(self.key) != self.fingerprint:
                raise ValueError("the fingerprint is not the key's")
            return self

    class TrustEntity(BaseEntity):
        type: Literal["trust"]
        fingerprint: Annotated[str, Field(max_length=100)]
        key: _Hex64 | None = None
        device: _Id | None = None
        name: Annotated[str, Field(min_length=1, max_length=100)]
        role: Literal["table", "head", "revoked"]

        @model_validator(mode="after")
        def _fingerprint_matches(self) -> TrustEntity:
            try:
                canonical_fp = parse_fingerprint(self.fingerprint)
            except FingerprintError as exc:
                raise ValueError(str(exc)) from None
            if canonical_fp != self.fingerprint:
                raise ValueError("the fingerprint is not written in its canonical form")
            if self.key is not None and _fingerprint_of(self.key) != self.fingerprint:
                raise ValueError("the fingerprint is not the key's")
            return self

    class HandoverEntity(BaseEntity):
        type: Literal["handover"]
        table: _Id
        to: _Id
        after: _Id | None

    class ResolveEntity(BaseEntity):
        type: Literal["resolve"]
        table: _Id
        after: _Id | None
        stands: _Id
        reason: Annotated[str, Field(min_length=1, max_length=MAX_REASON)]

    class KeyResolveEntity(BaseEntity):
        type: Literal["key_resolve"]
        fingerprint: Annotated[str, Field(max_length=100)]
        device: _Id
        reason: Annotated[str, Field(min_length=1, max_length=MAX_REASON)]

    class UnheldResolveEntity(BaseEntity):
        type: Literal["unheld_resolve"]
        table: _Id
        first: _Id
        decision: Literal["accept", "set_aside"]
        reason: Annotated[str, Field(min_length=1, max_length=MAX_REASON)]

    return DeviceKeyEntity, TrustEntity, HandoverEntity, ResolveEntity, KeyResolveEntity, UnheldResolveEntity


MODELS = _models()


def project_venue(conn: sqlite3.Connection, row: dict[str, Any], payload: dict[str, Any]) -> None:
    """Write what one stored venue entity event changes (inside the event's transaction)."""
    kind, device, at = payload["type"], row["device_id"], payload["at"]
    if kind == "device_key":
        conn.execute(
            "INSERT OR IGNORE INTO device_keys (device_id, key, fingerprint, event) VALUES (?, ?, ?, ?)",
            (payload["device"], payload["key"], payload["fingerprint"], payload["id"]),
        )
    elif kind == "trust":
        conn.execute(
            "INSERT INTO trusts (event, device_id, fingerprint, key, name, role, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (payload["id"], device, payload["fingerprint"], payload.get("key"), payload["name"], payload["role"], at),
        )
    elif kind == "handover":
        conn.execute(
            'INSERT INTO handovers (event, table_id, to_device, "after", device_id, at) VALUES (?, ?, ?, ?, ?, ?)',
            (payload["id"], payload["table"], payload["to"], payload.get("after") or "", device, at),
        )
    elif kind == "resolve":
        conn.execute(
            'INSERT INTO resolutions (event, table_id, "after", stands, reason, device_id, referee, at) '
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (payload["id"], payload["table"], payload.get("after") or "", payload["stands"], payload["reason"],
             device, payload.get("by", ""), at),
        )  # fmt: skip
        set_aside_by(conn, payload["table"], payload.get("after") or "")
    elif kind == "key_resolve":
        conn.execute(
            "INSERT INTO key_rulings (event, fingerprint, device, reason, device_id, referee, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (payload["id"], payload["fingerprint"], payload["device"], payload["reason"], device,
             payload.get("by", ""), at),
        )  # fmt: skip
    elif kind == "unheld_resolve":
        conn.execute(
            "INSERT INTO unheld_rulings (event, table_id, first, decision, reason, device_id, referee, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (payload["id"], payload["table"], payload["first"], payload["decision"], payload["reason"], device,
             payload.get("by", ""), at),
        )  # fmt: skip
        recompute(conn, payload["table"])
    if kind == "handover":
        recompute(conn, payload["table"])


VENUE_PROJECTIONS = {
    "device_keys": ("device_id", "key", "fingerprint", "event"),
    "trusts": ("event", "device_id", "fingerprint", "key", "name", "role", "at"),
    "handovers": ("event", "table_id", "to_device", "after", "device_id", "at"),
    "resolutions": ("event", "table_id", "after", "stands", "reason", "device_id", "referee", "at"),
    "key_rulings": ("event", "fingerprint", "device", "reason", "device_id", "referee", "at"),
    "unheld_rulings": ("event", "table_id", "first", "decision", "reason", "device_id", "referee", "at"),
}


def expected_venue(conn: sqlite3.Connection) -> dict[str, dict[Any, tuple[Any, ...]]]:
    """The venue projection rows the stored events imply (what verify compares with)."""
    out: dict[str, dict[Any, tuple[Any, ...]]] = {t: {} for t in VENUE_PROJECTIONS}
    rows = conn.execute(
        "SELECT device_id, type, payload FROM events WHERE table_id = '' AND type IN "
        "('device_key', 'trust', 'handover', 'resolve', 'key_resolve', 'unheld_resolve') ORDER BY seq"
    )
    for device, kind, text in rows:
        try:
            _expect(out, device, kind, json.loads(text))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            continue  # a damaged event: verify names it (refapp.store.rowchecks), and its row is unexplained
    return out


def _expect(out: dict[str, dict[Any, tuple[Any, ...]]], device: str, kind: str, p: dict[str, Any]) -> None:
    """The venue projection row one event implies."""
    if kind == "device_key":
        out["device_keys"].setdefault(p["device"], (p["device"], p["key"], p["fingerprint"], p["id"]))
    elif kind == "trust":
        out["trusts"][p["id"]] = (p["id"], device, p["fingerprint"], p.get("key"), p["name"], p["role"], p["at"])
    elif kind == "handover":
        out["handovers"][p["id"]] = (p["id"], p["table"], p["to"], p.get("after") or "", device, p["at"])
    elif kind == "resolve":
        out["resolutions"][p["id"]] = (p["id"], p["table"], p.get("after") or "", p["stands"], p["reason"],
                                       device, p.get("by", ""), p["at"])  # fmt: skip
    elif kind == "key_resolve":
        out["key_rulings"][p["id"]] = (p["id"], p["fingerprint"], p["device"], p["reason"], device, p.get("by", ""),
                                       p["at"])  # fmt: skip
    else:
        out["unheld_rulings"][p["id"]] = (p["id"], p["table"], p["first"], p["decision"], p["reason"], device,
                                          p.get("by", ""), p["at"])  # fmt: skip


def venue_problems(conn: sqlite3.Connection) -> list[str]:
    """Rows of the venue projections that their events do not imply, or that are missing; forks and set-aside events
    against the tables' events (:func:`refapp.store.branches.expected_forks`)."""
    problems: list[str] = []
    expected = expected_venue(conn)
    for table, cols in VENUE_PROJECTIONS.items():
        quoted = ", ".join(f'"{c}"' for c in cols)
        actual = {r[0]: tuple(r) for r in conn.execute(f"SELECT {quoted} FROM {table}")}
        problems += _compare(table, cols[0], actual, expected[table])
    forks = {(t, a): (t, a) for t, a in conn.execute('SELECT table_id, "after" FROM table_forks')}
    problems += _compare("table_forks", "table_id, after", forks, {k: k for k in expected_forks(conn)})
    aside = {u: (u, r) for u, r in conn.execute("SELECT uuid, resolution FROM set_aside")}
    problems += _compare("set_aside", "uuid", aside, {u: (u, r) for u, r in expected_set_aside(conn).items()})
    unheld = {r[0]: tuple(r) for r in conn.execute("SELECT uuid, table_id, first, device_id, holder FROM unheld")}
    problems += _compare("unheld", "uuid", unheld, expected_unheld(conn))
    return problems


def _compare(table: str, key: str, actual: dict[Any, Any], want: dict[Any, Any]) -> list[str]:
    out = []
    for k, row in actual.items():
        if k not in want:
            out.append(f"{table} row {key} {k} is covered by no event (added outside refapp)")
        elif want[k] != row:
            out.append(f"{table} row {key} {k} is not what its events say")
    out += [f"{table} row {key} {k} is missing (its event is stored)" for k in want if k not in actual]
    return out
