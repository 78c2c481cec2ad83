"""What the venue's pages and commands show: the devices this one knows, and the tables' conflicts, in words.

Read models over :mod:`refapp.store.devices`, :mod:`refapp.store.branches` and the sync state (``peers``, ``held``);
the app reaches them through its controller, the command line directly.

Layer: feature (read models: the venue's desk).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, TypedDict

from ..domain.event_json import EventJson
from ..domain.jsontypes import Json, JsonObject
from .branches import Conflict, conflicts
from .codec_effect import decode as decode_effect
from .db import Store
from .devices import device_name, trust_state
from .history_detail import seat_names
from .holding import unheld_branches
from .identity import key_conflicts, speaks_for
from .keys import fingerprint
from .recovery import describe_rows


@dataclass(frozen=True)
class DeviceRow:
    device_id: str | None  # None: trusted by fingerprint, not seen yet
    fingerprint: str
    name: str  # as trusted here ('' when not trusted)
    status: str  # "this device", "trusted", "head", "untrusted", "revoked", "conflict" (a copied key)
    events: int  # its events in this device's history
    held: int  # its events held back (not trusted yet, or waiting for what they follow)
    last_event_at: str | None
    last_sync_at: str | None  # when this device last read its journal from a shared folder
    problem: str  # the last sync's problem with it ('' when none)

    def as_json(self) -> JsonObject:
        return dict(self.__dict__)


def devices(store: Store) -> list[DeviceRow]:
    """This device first, then every device it has seen or trusts, by name then fingerprint."""
    conn = store.conn
    trust = trust_state(conn, store.device_id)
    own_key = store.key.public_hex if store.key is not None else None
    keys: dict[str, str] = dict(conn.execute("SELECT DISTINCT device_id, key FROM peers").fetchall())
    keys |= dict(conn.execute("SELECT device_id, key FROM device_keys").fetchall())
    counts = dict(conn.execute("SELECT device_id, count(*) FROM events GROUP BY device_id").fetchall())
    last_at = dict(conn.execute("SELECT device_id, max(at) FROM events GROUP BY device_id").fetchall())
    held = dict(conn.execute("SELECT device_id, count(*) FROM held GROUP BY device_id").fetchall())
    synced = dict(conn.execute("SELECT device_id, max(last_read) FROM peers GROUP BY device_id").fetchall())
    problems = dict(conn.execute("SELECT device_id, problem FROM peers WHERE problem <> ''").fetchall())
    rows = []
    seen_fps = set()
    for device, key in keys.items():
        fp = fingerprint(bytes.fromhex(key))
        seen_fps.add(fp)
        if device == store.device_id:
            status, name = "this device", ""
        elif not speaks_for(conn, device, key, store.device_id, own_key):
            status, name = "conflict", ""  # a copied key: it speaks for another device id here
        else:
            entry = trust.entries.get(fp)
            if entry is None or (entry.key is not None and entry.key != key):
                status, name = "untrusted", ""
            else:
                status, name = _status(entry.role), entry.name
        rows.append(DeviceRow(device, fp, name, status, int(counts.get(device, 0)), int(held.get(device, 0)),
                              last_at.get(device), synced.get(device), problems.get(device, "")))  # fmt: skip
    for fp, entry in trust.entries.items():
        if fp not in seen_fps:
            status = _status(entry.role)
            rows.append(DeviceRow(None, fp, entry.name, status, 0, 0, None, None, ""))
    rows.sort(key=lambda r: (r.status != "this device", r.name.casefold() or "\uffff", r.fingerprint))
    return rows


def _status(role: str) -> str:
    return {"table": "trusted", "head": "head", "revoked": "revoked"}[role]


@dataclass(frozen=True)
class EntryView:
    """One stored entry, for the screen to say in its own language: the payload as entered, where it was (round wind
    letter, hand), the players of its hanchan in seat order, the applied ruling's kind, the time."""

    payload: EventJson
    round_wind: str
    hand: int
    names: tuple[str, ...]
    ruling: str
    at: str


@dataclass(frozen=True)
class BranchView:
    first: str  # the uuid of its first event (what a resolution names)
    devices: tuple[str, ...]  # the devices that wrote it, as a person knows them
    events: int
    first_text: str  # its first and last events in words ("table 7, East 2, riichi, seat 2 (Cyd), 10:40")
    last_text: str
    set_aside: bool
    first_entry: EntryView | None = None
    last_entry: EntryView | None = None


class ForkResolution(TypedDict):
    """A head referee's resolution of a fork: the branch that stands (its first event's uuid), why, who, when, and on
    which device (as a person knows it)."""

    stands: str
    reason: str
    referee: str
    at: str
    device: str


@dataclass(frozen=True)
class ConflictView:
    table_id: str
    table: int
    tournament: str
    after: str  # the event both branches follow ('' for the table's start)
    after_text: str
    state: str  # "open", "resolved", "disputed"
    branches: tuple[BranchView, ...]
    resolutions: tuple[ForkResolution, ...]
    after_entry: EntryView | None = None  # the entry both branches follow (None: the table's start)

    def as_json(self) -> JsonObject:
        out = {k: v for k, v in self.__dict__.items() if k != "after_entry"}
        out["kind"] = "fork"
        out["branches"] = [{k: v for k, v in b.__dict__.items() if not k.endswith("_entry")} for b in self.branches]
        out["resolutions"] = [dict(r) for r in self.resolutions]
        return out


def name_of(store: Store, device: str) -> str:
    return device_name(store.conn, device, store.device_id)


def conflict_views(store: Store, include_resolved: bool = True) -> list[ConflictView]:
    conn = store.conn
    numbers = {r[0]: (r[1], r[2]) for r in conn.execute(
        "SELECT t.id, t.number, u.name FROM game_tables t JOIN tournaments u ON u.id = t.tournament_id")}  # fmt: skip
    out = []
    for c in conflicts(conn):
        if c.state == "resolved" and not include_resolved:
            continue
        out.append(_view(store, c, numbers))
    out.sort(key=lambda v: (v.state == "resolved", v.tournament, v.table))
    return out


def _view(store: Store, c: Conflict, numbers: dict[str, tuple[int, str]]) -> ConflictView:
    number, tournament = numbers.get(c.table_id, (0, ""))
    branches = []
    for b in c.branches:
        texts = _texts(store, [b.first_payload["id"], b.last_payload["id"]], {c.table_id: number})
        branches.append(BranchView(b.first, tuple(name_of(store, d) for d in b.devices), b.events, texts[0],
                                   texts[1], b.set_aside, entry(store, b.first_payload["id"]),
                                   entry(store, b.last_payload["id"])))  # fmt: skip
    after_text = _texts(store, [c.after], {c.table_id: number})[0] if c.after else "the start of the table"
    resolutions = tuple(
        ForkResolution(stands=r["stands"], reason=r["reason"], referee=r["referee"], at=r["at"],
                       device=name_of(store, r["device"])) for r in c.resolutions
    )  # fmt: skip
    view = ConflictView(c.table_id, number, tournament, c.after, after_text, c.state, tuple(branches), resolutions,
                        entry(store, c.after) if c.after else None)  # fmt: skip
    return view


def entry(store: Store, uuid: str) -> EntryView | None:
    """A stored entry for the screen (None for an unknown id)."""
    row = store.conn.execute(
        "SELECT payload, round_wind, hand_no, table_id, hanchan_no, ruling, at FROM events WHERE uuid = ?", (uuid,)
    ).fetchone()
    if row is None:
        return None
    payload = json.loads(row[0])
    names = tuple(payload.get("players") or ()) or seat_names(store, row[3], int(row[4] or 0))
    ruling = decode_effect(row[5], f"event {uuid}").kind_text
    return EntryView(payload, str(row[1] or ""), int(row[2] or 0), tuple(names), ruling, str(row[6]))


def _texts(store: Store, uuids: list[str], numbers: dict[str, Any]) -> list[str]:
    cols = ["uuid", "device_seq", "table_id", "payload", "round_wind", "hand_no", "player"]
    out = []
    for u in uuids:
        row = store.conn.execute(f"SELECT {', '.join(cols)} FROM events WHERE uuid = ?", (u,)).fetchone()
        if row is None:
            out.append(u)
            continue
        out.append(describe_rows([dict(zip(cols, row))], numbers)[0]["text"])
    return out


@dataclass(frozen=True)
class UnheldView:
    """Entries a device wrote at a table it did not hold: kept out of the table until the head referee rules."""

    table_id: str
    table: int
    tournament: str
    first: str  # the first entry (what a ruling names)
    device: str  # who wrote them, as a person knows the device
    holder: str  # who held the table there
    entries: int
    state: str  # "open", "set aside", "accepted"
    first_entry: EntryView | None
    decision: dict[str, str] | None  # {"decision", "reason", "referee", "device", "at"}

    def as_json(self) -> JsonObject:
        out = {k: v for k, v in self.__dict__.items() if k != "first_entry"}
        out["kind"] = "unheld"
        return out


def unheld_views(store: Store, include_resolved: bool = True) -> list[UnheldView]:
    conn = store.conn
    numbers = {r[0]: (r[1], r[2]) for r in conn.execute(
        "SELECT t.id, t.number, u.name FROM game_tables t JOIN tournaments u ON u.id = t.tournament_id")}  # fmt: skip
    out = []
    for b in unheld_branches(conn):
        if b.state != "open" and not include_resolved:
            continue
        number, tournament = numbers.get(b.table_id, (0, ""))
        decision = dict(b.decision) if b.decision is not None else None
        if decision is not None:
            decision["device"] = name_of(store, decision["device"])
        out.append(UnheldView(b.table_id, number, tournament, b.first, name_of(store, b.device),
                              name_of(store, b.holder) if b.holder else "", b.entries, b.state,
                              entry(store, b.first), decision))  # fmt: skip
    out.sort(key=lambda v: (v.state != "open", v.tournament, v.table))
    return out


class KeyDevice(TypedDict):
    """One device id a key was seen under: its name, whether it is this device, its events merged and held here, and
    whether it speaks for the key."""

    device: str
    name: str
    this: bool
    events: int
    held: int
    stands: bool


@dataclass(frozen=True)
class KeyConflictView:
    """One key seen under several device ids (a copied key), or a device id with two histories."""

    fingerprint: str
    devices: tuple[KeyDevice, ...]  # the standing first
    state: str  # "open", "resolved", "two histories"
    resolutions: tuple[dict[str, str], ...]

    def as_json(self) -> JsonObject:
        devices: list[Json] = [
            {"device": d["device"], "name": d["name"], "this": d["this"], "events": d["events"], "held": d["held"],
             "stands": d["stands"]} for d in self.devices
        ]  # fmt: skip
        return {"kind": "key", "fingerprint": self.fingerprint, "devices": devices, "state": self.state,
                "resolutions": [dict(r) for r in self.resolutions]}  # fmt: skip


def key_conflict_views(store: Store, include_resolved: bool = True) -> list[KeyConflictView]:
    conn = store.conn
    own = store.key.public_hex if store.key is not None else None
    counts = dict(conn.execute("SELECT device_id, count(*) FROM events GROUP BY device_id").fetchall())
    held = dict(conn.execute("SELECT device_id, count(*) FROM held GROUP BY device_id").fetchall())
    out = []
    for c in key_conflicts(conn, store.device_id, own):
        if c.state == "resolved" and not include_resolved:
            continue
        devices = tuple(
            KeyDevice(device=u.device_id, name=name_of(store, u.device_id), this=u.device_id == store.device_id,
                      events=int(counts.get(u.device_id, 0)), held=int(held.get(u.device_id, 0)),
                      stands=u.device_id == c.stands)
            for u in c.uses
        )  # fmt: skip
        resolutions = tuple(dict(r) | {"by": name_of(store, r["by"])} for r in c.resolutions)
        out.append(KeyConflictView(c.fingerprint, devices, c.state, resolutions))
    return out


@dataclass(frozen=True)
class HeldDevice:
    """A device whose events are held here (not trusted yet): how many, the tables they concern (ids and numbers)
    and the newest entry's time ("" for none), for the dashboard."""

    device: str
    name: str
    events: int
    tables: list[str]
    numbers: list[int]
    newest: str


def held_summary(store: Store) -> list[HeldDevice]:
    """Per device with held events: how many, which tables, and the newest time (for the dashboard)."""
    conn = store.conn
    out = []
    numbers = dict(conn.execute("SELECT id, number FROM game_tables").fetchall())
    for (device,) in conn.execute("SELECT DISTINCT device_id FROM held").fetchall():
        lines = [json.loads(t) for (t,) in conn.execute("SELECT line FROM held WHERE device_id = ?", (device,))]
        for ln in lines:  # tables the held events create
            p = ln["payload"]
            if p.get("type") == "table":
                numbers.setdefault(p.get("table"), p.get("number"))
        tables = sorted({ln["table_id"] for ln in lines if ln["table_id"]})
        out.append(HeldDevice(device=device, name=name_of(store, device), events=len(lines), tables=tables,
                              numbers=sorted({n for t in tables if isinstance(n := numbers.get(t), int)}),
                              newest=max((ln["payload"].get("at", "") for ln in lines), default="")))  # fmt: skip
    return out
