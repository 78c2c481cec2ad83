"""Signed heads: one signature vouches for a device's whole chain; forged, re-signed or changed heads are refused
with the device named."""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import replace
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from refapp.store.db import GENESIS
from refapp.store.keys import DeviceKey
from refapp.store.signing import HEAD_FORMAT, Head, HeadError, SignedHead, sign_head, verify_head

ROOT = Path(__file__).resolve().parents[2]
DEVICE = "5c1f9a2e-7b43-4d8e-9a61-3e2f0b7c4d19"
NEWEST = hashlib.sha256(b"refapp example").hexdigest()


def _key(seed: bytes) -> DeviceKey:
    return DeviceKey(Ed25519PrivateKey.from_private_bytes(seed), Path("unused"))


KEY = _key(bytes(range(32)))  # the documented example key
OTHER = _key(bytes(32))  # another device's key


def test_the_signed_bytes_and_signature_are_exactly_those_documented():
    signed = sign_head(KEY, DEVICE, 3, NEWEST)
    expected = (
        f"refapp-signed-head\nversion: 1\ndevice: {DEVICE}\nkey: {KEY.public_hex}\nevents: 3\nnewest: {NEWEST}\n"
    ).encode("ascii")
    assert signed.head.to_bytes() == expected
    doc = (ROOT / "docs" / "venue.md").read_text()
    block = re.search(r"```text\n(refapp-signed-head\n.*?)```", doc, re.S)
    assert block and block.group(1).encode() == expected  # the docs show these very bytes
    assert signed.signature.hex() in doc  # and the signature they get (Ed25519 is deterministic)
    assert verify_head(signed, KEY.public_hex, device_id=DEVICE, events=3, newest_hash=NEWEST) == signed.head


def test_bytes_and_json_round_trip():
    signed = sign_head(KEY, DEVICE, 12345, NEWEST)
    assert Head.from_bytes(signed.head.to_bytes()) == signed.head
    text = json.dumps(signed.to_json())
    back = SignedHead.from_json(json.loads(text))
    assert back == signed
    assert verify_head(back, KEY.public) == signed.head
    empty = sign_head(KEY, DEVICE, 0, GENESIS)  # a device with no events yet
    assert verify_head(SignedHead.from_json(empty.to_json()), KEY.public_bytes).events == 0


def test_a_forged_signature_is_refused_with_the_device_named():
    signed = sign_head(KEY, DEVICE, 3, NEWEST)
    for sig in (os.urandom(64), bytes(64), bytes([signed.signature[0] ^ 1]) + signed.signature[1:]):
        with pytest.raises(HeadError, match=f"device {DEVICE}: its head's signature does not match"):
            verify_head(SignedHead(signed.head, sig), KEY.public)


def test_a_head_signed_again_by_another_key_is_refused():
    # Another device signs the same statement, naming its own key: the key is not the one this device is trusted with.
    resigned = sign_head(OTHER, DEVICE, 3, NEWEST)
    with pytest.raises(HeadError) as exc:
        verify_head(resigned, KEY.public_hex)
    msg = str(exc.value)
    assert msg.startswith(f"device {DEVICE}: its head is signed with the key {OTHER.fingerprint}")
    assert f"trusted with the key {KEY.fingerprint}" in msg
    # Or naming the trusted key while signing with its own: the signature does not match.
    head = sign_head(KEY, DEVICE, 3, NEWEST).head
    forged = SignedHead(head, OTHER.sign(head.to_bytes()))
    with pytest.raises(HeadError, match=f"device {DEVICE}: its head's signature does not match"):
        verify_head(forged, KEY.public)


@pytest.mark.parametrize(
    "change",
    [
        {"events": 4},
        {"events": 2},
        {"newest_hash": hashlib.sha256(b"another chain").hexdigest()},
        {"device_id": "another-device"},
    ],
)
def test_a_changed_number_of_events_newest_hash_or_device_is_refused(change):
    signed = sign_head(KEY, DEVICE, 3, NEWEST)
    changed = SignedHead(replace(signed.head, **change), signed.signature)
    with pytest.raises(HeadError, match="its head's signature does not match"):
        verify_head(changed, KEY.public)


def test_a_head_that_does_not_match_the_journal_is_refused():
    signed = sign_head(KEY, DEVICE, 3, NEWEST)
    with pytest.raises(HeadError, match=f"device {DEVICE}: the signed head says 3 events, the journal has 4"):
        verify_head(signed, KEY.public, events=4)
    with pytest.raises(HeadError, match=f"device {DEVICE}: the signed head's newest hash is {NEWEST[:12]}…"):
        verify_head(signed, KEY.public, newest_hash=GENESIS.replace("0", "a"))
    with pytest.raises(HeadError, match=f"device other: its journal carries a head signed for device {DEVICE}"):
        verify_head(signed, KEY.public, device_id="other")


def test_head_signatures_cannot_be_taken_for_other_signed_data():
    signed = sign_head(KEY, DEVICE, 3, NEWEST)
    data = signed.head.to_bytes()
    assert data.startswith(HEAD_FORMAT.encode() + b"\nversion: 1\n")
    # Bytes that are not canonical are refused before any signature is looked at.
    for bad, reason in [
        (data.replace(b"\n", b"\r\n"), "not CR LF"),
        (data[:-1], "exactly six lines"),
        (b"refapp-bundle" + data[len(HEAD_FORMAT) :], "not a signed head"),
        (data.replace(b"version: 1", b"version: 2"), "only version 1 is known"),
        (data.replace(b"events: 3", b"events: 03"), "not a whole number written plainly"),
        (data.replace(b"events: 3", b"events:  3"), "not a whole number written plainly"),
        (data.replace(b"device: ", b"device:"), "should be the 'device' line"),
        (data.replace(b"key: ", b"newest: "), "should be the 'key' line"),
        (data.replace(b"device: 5c", b"device: \xc3\xa9"), "must be ASCII"),
        (data.replace(NEWEST.encode(), NEWEST.upper().encode()), "64 lowercase hexadecimal digits"),
    ]:
        with pytest.raises(HeadError, match=reason):
            Head.from_bytes(bad)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"device_id": "has space"}, "the device id must be"),
        ({"device_id": "x\nevents: 9"}, "the device id must be"),
        ({"device_id": ""}, "the device id must be"),
        ({"events": -1}, "whole number from 0"),
        ({"events": True}, "whole number from 0"),
        ({"events": 2**63}, "whole number from 0"),
        ({"events": 0}, "an empty chain, and only an empty chain"),
        ({"newest_hash": GENESIS}, "an empty chain, and only an empty chain"),
        ({"newest_hash": "ab"}, "newest hash must be 64 lowercase hexadecimal digits"),
        ({"public_key": "00" * 31}, "the key must be 64 lowercase hexadecimal digits"),
    ],
)
def test_a_head_with_a_bad_field_cannot_be_made(fields, message):
    values = {"device_id": DEVICE, "public_key": KEY.public_hex, "events": 3, "newest_hash": NEWEST} | fields
    with pytest.raises(HeadError, match=message):
        Head(**values)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "refapp-bundle"}, "field 'format' must be 'refapp-signed-head'"),
        ({"version": 2}, "field 'version' must be 1"),
        ({"version": True}, "field 'version' must be 1"),
        ({"events": None}, "the number of events must be a whole number"),
        ({"events": "3"}, "the number of events must be a whole number"),
        ({"signature": "zz"}, "field 'signature' must be 128 lowercase hexadecimal digits"),
        ({"extra": 1}, "unknown field 'extra'"),
    ],
)
def test_a_bad_json_head_names_the_field(change, message):
    obj = sign_head(KEY, DEVICE, 3, NEWEST).to_json() | change
    with pytest.raises(HeadError, match=message) as exc:
        SignedHead.from_json(obj)
    assert DEVICE in str(exc.value)
    missing = sign_head(KEY, DEVICE, 3, NEWEST).to_json()
    del missing["newest"]
    with pytest.raises(HeadError, match="field 'newest' is missing"):
        SignedHead.from_json(missing)
    with pytest.raises(HeadError, match="a signed head is a JSON object, not list"):
        SignedHead.from_json([])
