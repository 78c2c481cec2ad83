"""A device is its key, not a name in a file.

A device id is only a name a data folder gives itself; what vouches for a device is its key. Copying ``device.key``
into a fresh data folder makes a new device id with the same key, and trust (given by fingerprint) would follow the
key to it. So one key seen under two device ids (announced in two chains, or presented by two folders of a shared
folder) is a **key conflict** for the head referee: until it is settled, only the device id the key was first known
under here speaks for it (a key this device holds speaks for this device only), and nothing of the other merges. The
head referee settles it with a ``key_resolve`` event naming the device id that stands for the key; every other id
presenting the key is refused from then on (what was merged stays).

Two different chains under one device id (a data folder copied to a second tablet) are refused as they are read
(:func:`refapp.store.sync`); the device is listed here too, as a conflict nobody can settle but by taking the second
tablet out of use.

Layer: feature (devices).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from .keys import fingerprint

TWO_HISTORIES = "two different histories under one device id"  # in a sync's problem line (refapp.store.sync)


@dataclass(frozen=True)
class KeyUse:
    device_id: str
    announced: bool  # its chain (merged here) announced the key
    first_seen: str  # when a shared folder first showed it ('' when only announced)


@dataclass(frozen=True)
class KeyConflict:
    fingerprint: str
    key: str
    uses: tuple[KeyUse, ...]  # every device id the key was seen under, the one it stands for first
    stands: str  # the device id that speaks for the key now
    state: str  # "open" (nobody decided: the first known stands for now), "resolved", "two histories"
    resolutions: tuple[dict[str, str], ...] = field(default=())  # {"device", "reason", "referee", "by", "at"}


def _ruling(conn: sqlite3.Connection, fp: str) -> tuple[str, ...] | None:
    """(the device kept, reason, referee, by, at) of the newest ruling on the key, or None."""
    try:
        row = conn.execute(
            "SELECT device, reason, referee, device_id, at FROM key_rulings WHERE fingerprint = ? ORDER BY at DESC, "
            "event DESC LIMIT 1",
            (fp,),
        ).fetchone()
    except sqlite3.OperationalError:  # a database of an earlier schema (read without upgrading)
        return None
    return tuple(row) if row else None


def _uses(conn: sqlite3.Connection) -> dict[str, list[KeyUse]]:
    """Every device id each key was seen under: announced in a merged chain (in the order merged), then shown by a
    shared folder (in the order first seen)."""
    out: dict[str, list[KeyUse]] = {}
    for device, key in conn.execute(
        "SELECT k.device_id, k.key FROM device_keys k LEFT JOIN events e ON e.uuid = k.event ORDER BY e.seq"
    ):
        out.setdefault(key, []).append(KeyUse(device, True, ""))
    for device, key, first in conn.execute(
        "SELECT device_id, key, min(first_seen) FROM peers GROUP BY device_id, key ORDER BY min(first_seen), device_id"
    ):
        uses = out.setdefault(key, [])
        if not any(u.device_id == device for u in uses):
            uses.append(KeyUse(device, False, first))
    return out


def owner(conn: sqlite3.Connection, key: str, own_device: str, own_key: str | None) -> str | None:
    """The device id that speaks for ``key`` here: this device for its own key, else the one the head referee kept,
    else the one a trust entry names (the device was trusted as it was seen then), else the one whose chain was merged
    here first; ``""`` when heads signed with the key for several device ids were kept here and none of these says
    which (nobody speaks for it until the head referee keeps one); None otherwise (a sync then holds back every device
    id that proves it holds the key)."""
    if key == own_key:
        return own_device
    ruling = _ruling(conn, fingerprint(bytes.fromhex(key)))
    if ruling is not None:
        return ruling[0]
    try:  # the device id a trust entry names for the key (the head referee trusted it as seen then)
        row = conn.execute(
            "SELECT json_extract(e.payload, '$.device') FROM trusts t JOIN events e ON e.uuid = t.event "
            "WHERE t.key = ? AND t.role <> 'revoked' AND json_extract(e.payload, '$.device') IS NOT NULL "
            "ORDER BY t.device_id <> ?, e.seq LIMIT 1",  # (this device's own entries first)
            (key, own_device),
        ).fetchone()
    except sqlite3.OperationalError:  # (a payload that is no JSON any more: verify names it)
        row = None
    if row is not None:
        return str(row[0])
    row = conn.execute(
        "SELECT k.device_id FROM device_keys k LEFT JOIN events e ON e.uuid = k.event WHERE k.key = ? ORDER BY e.seq "
        "LIMIT 1",
        (key,),
    ).fetchone()
    if row is not None:
        return str(row[0])
    signers = conn.execute("SELECT count(DISTINCT device_id) FROM signed_heads WHERE key = ?", (key,)).fetchone()[0]
    if signers > 1:  # heads signed with the key for several ids, none merged nor named: nobody speaks for it yet
        return ""
    return None  # (a device file alone proves nothing: anyone on the share can write one showing any public key)


def speaks_for(conn: sqlite3.Connection, device: str, key: str, own_device: str, own_key: str | None) -> bool:
    """Whether ``device`` is the one its key speaks for here (otherwise nothing of it merges)."""
    found = owner(conn, key, own_device, own_key)
    return found is None or found == device


def key_conflicts(conn: sqlite3.Connection, own_device: str, own_key: str | None) -> list[KeyConflict]:
    """Every key seen under two device ids, and every device refused for two histories, open ones first."""
    out = []
    uses = _uses(conn)
    if own_key is not None:
        mine = uses.setdefault(own_key, [])
        if not any(u.device_id == own_device for u in mine):
            mine.insert(0, KeyUse(own_device, True, ""))
    for key, found in uses.items():
        if len({u.device_id for u in found}) < 2:
            continue
        fp = fingerprint(bytes.fromhex(key))
        stands = owner(conn, key, own_device, own_key) or found[0].device_id
        ordered = sorted(found, key=lambda u: u.device_id != stands)
        ruling = _ruling(conn, fp)
        resolutions: tuple[dict[str, str], ...] = ()
        if ruling is not None:
            resolutions = ({"device": ruling[0], "reason": ruling[1], "referee": ruling[2], "by": ruling[3],
                            "at": ruling[4]},)  # fmt: skip
        state = "resolved" if ruling is not None else "open"
        out.append(KeyConflict(fp, key, tuple(ordered), stands, state, resolutions))
    for device, key in conn.execute(
        "SELECT device_id, key FROM peers WHERE problem LIKE ? GROUP BY device_id", (f"%{TWO_HISTORIES}%",)
    ):
        fp = fingerprint(bytes.fromhex(key))
        out.append(KeyConflict(fp, key, (KeyUse(device, True, ""),), device, "two histories"))
    out.sort(key=lambda c: (c.state == "resolved", c.fingerprint))
    return out
