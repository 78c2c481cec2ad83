"""Signed heads: "device D's chain has N events and its newest hash is H", signed with D's key.

Every event hashes the one before it on the same device, so the newest hash vouches for the whole chain: a verifier
checks one signature per device (then the chain's hashes), not one per event. The signed bytes are fixed text with
a format tag and a version on their first two lines, so a head signature can never be taken for any other signed
data; ``docs/venue.md`` ("Device keys and signatures") gives them byte for byte.

Layer: feature (signing).
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from .chain import GENESIS
from .digest import keep_up
from .keys import DeviceKey, SignatureError, fingerprint, load_public_key, verify

HEAD_FORMAT = "refapp-signed-head"
HEAD_VERSION = 1
MAX_EVENTS = 2**63 - 1
_DEVICE = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_HASH = re.compile(r"[0-9a-f]{64}")
_FIELDS = ("device", "key", "events", "newest")


class HeadError(SignatureError):
    """A signed head was refused (the message names the device and what is wrong)."""


@dataclass(frozen=True)
class Head:
    """What a device signs: its id, its public key (64 hex digits), how many events its chain has, the newest hash
    (``GENESIS`` for an empty chain)."""

    device_id: str
    public_key: str
    events: int
    newest_hash: str

    def __post_init__(self) -> None:
        who = f"signed head of device {self.device_id!r}"
        if not isinstance(self.device_id, str) or not _DEVICE.fullmatch(self.device_id):
            raise HeadError(f"{who}: the device id must be 1 to 128 letters, digits or . _ : -")
        if not isinstance(self.public_key, str) or not _HASH.fullmatch(self.public_key):
            raise HeadError(f"{who}: the key must be 64 lowercase hexadecimal digits")
        if type(self.events) is not int or not 0 <= self.events <= MAX_EVENTS:
            raise HeadError(f"{who}: the number of events must be a whole number from 0, not {self.events!r}")
        if not isinstance(self.newest_hash, str) or not _HASH.fullmatch(self.newest_hash):
            raise HeadError(f"{who}: the newest hash must be 64 lowercase hexadecimal digits")
        if (self.events == 0) != (self.newest_hash == GENESIS):
            raise HeadError(f"{who}: an empty chain, and only an empty chain, has the newest hash {GENESIS[:8]}…")

    def to_bytes(self) -> bytes:
        """The canonical bytes that are signed (ASCII, one field a line, each line ending in LF)."""
        return (
            f"{HEAD_FORMAT}\nversion: {HEAD_VERSION}\ndevice: {self.device_id}\nkey: {self.public_key}\n"
            f"events: {self.events}\nnewest: {self.newest_hash}\n"
        ).encode("ascii")

    @classmethod
    def from_bytes(cls, data: bytes) -> Head:
        """Read canonical bytes back; anything else (even an extra space) is refused, so bytes and head are one."""
        try:
            text = data.decode("ascii")
        except UnicodeDecodeError:
            raise HeadError("a signed head must be ASCII text") from None
        if "\r" in text:
            raise HeadError("a signed head's lines end in a line feed only, not CR LF")
        lines = text.split("\n")
        if len(lines) != 7 or lines[-1] != "":
            raise HeadError("a signed head has exactly six lines, each ending in a line feed")
        if lines[0] != HEAD_FORMAT:
            raise HeadError(f"not a signed head: the first line is {lines[0][:40]!r}, not {HEAD_FORMAT!r}")
        if lines[1] != f"version: {HEAD_VERSION}":
            raise HeadError(f"signed head {lines[1][:40]!r}: only version {HEAD_VERSION} is known")
        values = {}
        for name, line in zip(_FIELDS, lines[2:6], strict=True):
            prefix = f"{name}: "
            if not line.startswith(prefix):
                raise HeadError(f"signed head: line {line[:40]!r} should be the {name!r} line")
            values[name] = line[len(prefix) :]
        events = values["events"]
        if not re.fullmatch(r"0|[1-9][0-9]{0,18}", events):
            raise HeadError(f"signed head: events {events[:40]!r} is not a whole number written plainly")
        head = cls(values["device"], values["key"], int(events), values["newest"])
        if head.to_bytes() != data:
            raise HeadError("signed head: the bytes are not in canonical form")
        return head


@dataclass(frozen=True)
class SignedHead:
    """A head and its 64-byte Ed25519 signature over ``head.to_bytes()``."""

    head: Head
    signature: bytes

    def to_json(self) -> dict[str, Any]:
        """The head as JSON fields (``format``, ``version``, the four fields, ``signature`` in hex)."""
        h = self.head
        return {
            "format": HEAD_FORMAT,
            "version": HEAD_VERSION,
            "device": h.device_id,
            "key": h.public_key,
            "events": h.events,
            "newest": h.newest_hash,
            "signature": self.signature.hex(),
        }

    @classmethod
    def from_json(cls, obj: Any) -> SignedHead:
        """Read ``to_json``'s fields back (HeadError naming the field that is missing or wrong)."""
        if not isinstance(obj, dict):
            raise HeadError(f"a signed head is a JSON object, not {type(obj).__name__}")
        who = f"signed head of device {obj.get('device')!r}" if isinstance(obj.get("device"), str) else "signed head"
        if obj.get("format") != HEAD_FORMAT:
            raise HeadError(f"{who}: field 'format' must be {HEAD_FORMAT!r}")
        if obj.get("version") != HEAD_VERSION or type(obj.get("version")) is not int:
            raise HeadError(f"{who}: field 'version' must be {HEAD_VERSION} (got {obj.get('version')!r})")
        for name in (*_FIELDS, "signature"):
            if name not in obj:
                raise HeadError(f"{who}: field {name!r} is missing")
        extra = sorted(set(obj) - {"format", "version", *_FIELDS, "signature"})
        if extra:
            raise HeadError(f"{who}: unknown field {extra[0]!r}")
        sig = obj["signature"]
        if not isinstance(sig, str) or not re.fullmatch(r"[0-9a-f]{128}", sig):
            raise HeadError(f"{who}: field 'signature' must be 128 lowercase hexadecimal digits")
        return cls(Head(obj["device"], obj["key"], obj["events"], obj["newest"]), bytes.fromhex(sig))


def sign_head(key: DeviceKey, device_id: str, events: int, newest_hash: str) -> SignedHead:
    """Sign "``device_id``'s chain has ``events`` events, the newest hashing to ``newest_hash``" with ``key``."""
    head = Head(device_id, key.public_hex, events, newest_hash)
    return SignedHead(head, key.sign(head.to_bytes()))


def verify_head(
    signed: SignedHead,
    trusted_key: Ed25519PublicKey | bytes | str,
    *,
    device_id: str | None = None,
    events: int | None = None,
    newest_hash: str | None = None,
) -> Head:
    """The head, if it is signed by ``trusted_key`` (the key this device is trusted with) and says what is expected.

    ``device_id``, ``events`` and ``newest_hash``, when given, are what the verifier read (the journal's device, its
    number of events and its newest hash); any difference is refused. HeadError names the device and the reason.
    """
    head = signed.head
    who = f"device {head.device_id}"
    if device_id is not None and head.device_id != device_id:
        raise HeadError(f"device {device_id}: its journal carries a head signed for device {head.device_id}")
    trusted = load_public_key(trusted_key)
    trusted_hex = trusted.public_bytes_raw().hex()
    if head.public_key != trusted_hex:
        raise HeadError(
            f"{who}: its head is signed with the key {fingerprint(bytes.fromhex(head.public_key))}, but the device "
            f"is trusted with the key {fingerprint(trusted)} (signed again by another device?)"
        )
    try:
        verify(trusted, head.to_bytes(), signed.signature)
    except SignatureError as exc:
        raise HeadError(f"{who}: its head's signature does not match: {exc}") from None
    if events is not None and head.events != events:
        raise HeadError(f"{who}: the signed head says {head.events} events, the journal has {events}")
    if newest_hash is not None and head.newest_hash != newest_hash:
        raise HeadError(
            f"{who}: the signed head's newest hash is {head.newest_hash[:12]}…, the journal's is {newest_hash[:12]}…"
        )
    return head


# -- this device's chain, signed as it is written ----------------------------------------------------------------------


def store_head(conn: sqlite3.Connection, head: dict[str, Any]) -> None:
    """Keep a device's newest signed head (``SignedHead.to_json()``) in ``heads`` (inside the caller's transaction)."""
    conn.execute(
        "INSERT INTO heads (device_id, key, events, newest, signature) VALUES (?, ?, ?, ?, ?) ON CONFLICT(device_id) "
        "DO UPDATE SET key = excluded.key, events = excluded.events, newest = excluded.newest, "
        "signature = excluded.signature",
        (head["device"], head["key"], head["events"], head["newest"], head["signature"]),
    )


def sign_chain(conn: sqlite3.Connection, device_id: str, key: DeviceKey) -> None:
    """Sign ``device_id``'s chain as it is now in ``conn`` with ``key`` (inside the caller's write transaction)."""
    last = conn.execute(
        "SELECT device_seq, hash FROM events WHERE device_id = ? ORDER BY device_seq DESC LIMIT 1", (device_id,)
    ).fetchone()
    if last is not None:
        store_head(conn, sign_head(key, device_id, last[0], last[1]).to_json())


@dataclass(frozen=True)
class Sealer:
    """The last step of every write transaction of a store opened with this device's key
    (:attr:`refapp.store.db.Store.seal`, installed by :mod:`refapp.store.opening`): the chain's head signed again when
    rows were added (it vouches for the whole chain: docs/venue.md), and the signed digest of every stored row brought
    up to date (:mod:`refapp.store.digest`: imported rows too)."""

    device_id: str
    key: DeviceKey

    def __call__(self, conn: sqlite3.Connection, added: bool) -> None:
        if added:
            sign_chain(conn, self.device_id, self.key)
        keep_up(conn, self.device_id, self.key)
