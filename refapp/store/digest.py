"""One signed digest over every stored row: what lets ``refapp verify`` tell in one pass that nothing stored changed.

Every row of ``events`` (every column, ``seq`` included) is folded, in ``seq`` order, into a running SHA-256:

    d₀ = SHA-256("refapp-local-digest v1")
    dₙ = SHA-256(dₙ₋₁ ‖ row)     row = SQLite's json_array(seq, every column of COLUMNS), as UTF-8

(a JSON array: a text as a JSON string, a number as digits, NULL as null: one row, one text, and never two rows with
the same text; SQLite builds it in C, so a verify reads one string a row.)

At the end of every write transaction the digest is brought up to the newest row and signed by this device's key
(``table digest``: the newest ``seq``, the digest, the key, the signature over the bytes of :func:`statement`). Rows are
only ever added at the end, so keeping it up costs one hash per new row.

``refapp verify`` folds every row again and compares: a changed, added, removed or reordered row, in any column, is
found in one pass (and then the deep checks run to name it). Someone who can read the data folder's ``device.key``
can sign a rewritten history again; the copies of this device's journal held by other devices and the venue's
folder still carry the heads it signed before (docs/reliability.md).

Layer: feature (signing).
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from dataclasses import dataclass

from .chain import COLUMNS
from .keys import DeviceKey, SignatureError, verify

START = hashlib.sha256(b"refapp-local-digest v1").hexdigest()
_ROW = "json_array(" + ", ".join(f'"{c}"' for c in ["seq", *COLUMNS]) + ")"


def statement(device: str, key_hex: str, seq: int, digest: str) -> bytes:
    """The signed bytes (format tag and version first: never mistaken for a signed head)."""
    return f"refapp-local-digest\nversion: 1\ndevice: {device}\nkey: {key_hex}\nseq: {seq}\ndigest: {digest}\n".encode()


def fold(
    conn: sqlite3.Connection, after_seq: int = 0, start: str = START, upto: int | None = None
) -> tuple[int, str, int]:
    """(newest seq, the digest up to it, how many rows) from ``start`` over the rows after ``after_seq`` (and up to
    ``upto``, when given)."""
    h = bytes.fromhex(start)
    seq, n = after_seq, 0
    sha = hashlib.sha256
    bound = " AND seq <= ?" if upto is not None else ""
    sql = f"SELECT seq, {_ROW} FROM events WHERE seq > ?{bound} ORDER BY seq"
    for row_seq, text in conn.execute(sql, (after_seq,) if upto is None else (after_seq, upto)):
        h = sha(h + text.encode("utf-8", "surrogatepass")).digest()
        seq, n = row_seq, n + 1
    return seq, h.hex(), n


def keep_up(conn: sqlite3.Connection, device: str, key: DeviceKey) -> None:
    """Bring the digest up to the newest row and sign it (inside the caller's write transaction)."""
    row = conn.execute("SELECT seq, digest FROM digest WHERE id = 1").fetchone()
    seq, digest = row if row else (0, START)
    newest, digest, n = fold(conn, seq, digest)
    if n == 0 and row is not None:
        return
    signature = key.sign(statement(device, key.public_hex, newest, digest)).hex()
    conn.execute(
        "INSERT INTO digest (id, seq, digest, key, signature) VALUES (1, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
        "seq = excluded.seq, digest = excluded.digest, key = excluded.key, signature = excluded.signature",
        (newest, digest, key.public_hex, signature),
    )


@dataclass(frozen=True)
class Check:
    ok: bool
    problem: str  # '' when ok
    signed: bool  # False: there is no signed digest to check (a database from before it)


def check(conn: sqlite3.Connection, device: str, announced_key: str | None) -> Check:
    """Fold every row again and compare with the signed digest."""
    try:
        row = conn.execute("SELECT seq, digest, key, signature FROM digest WHERE id = 1").fetchone()
    except sqlite3.OperationalError:
        return Check(False, "", False)
    if row is None:
        return Check(False, "", False)
    seq, digest, key, signature = row
    if not all(isinstance(v, str) and re.fullmatch(f"[0-9a-f]{{{n}}}", v) for v, n in ((digest, 64), (signature, 128))):
        return Check(False, "the stored rows' digest or its signature is not what this device wrote", True)
    if announced_key is None or key != announced_key:
        return Check(False, "the stored rows' digest is signed with a key this device's chain never announced", True)
    try:
        verify(key, statement(device, key, seq, digest), bytes.fromhex(signature))
    except (SignatureError, ValueError):
        return Check(False, "the stored rows' digest and its signature do not match (changed without the key)", True)
    upto, again, _ = fold(conn, 0, START, seq)
    if upto != seq or again != digest:
        return Check(False, "the stored events are not the ones this device signed: a row was changed, added, "
                            "removed or reordered after it was stored", True)  # fmt: skip
    newest = conn.execute("SELECT max(seq) FROM events").fetchone()[0] or 0
    if newest > seq:
        return Check(False, f"{newest - seq} row(s) after seq {seq} were added without this device's key", True)
    return Check(True, "", True)
