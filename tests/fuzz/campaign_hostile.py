"""The campaign's cases for a shared folder as hostile ground (issue 26): links, hard links and device nodes in place of
files and folders, this device's own journal or folder turned against it, journals nobody signed, a copied key, and a
bundle that appends a ruling to a trusted device's chain. Built on the venue of :mod:`tests.fuzz.campaign_venue`.

A case holds when the answer is the expected one (a sync that must go on: exit 0 with one ``refused:`` line naming the
path; a sync that cannot run: exit 2 with one line naming the path) and nothing outside this device's own journal
files changed: the database, the key and every file a link points to are byte for byte as they were, and nothing of
the hostile device, or of the forgery, is stored.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from refapp.store.opening import open_store
from tests.fuzz.campaign import Case
from tests.fuzz.campaign_venue import (
    CAT,
    SYNC,
    VENUE,
    _device_file,
    _ids,
    _journal,
    _stored,
    synced,
    venue,
)

Check = Callable[[Path, Path, str, str], str | None]


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _data(tmp: Path) -> Path:
    return tmp.parent / "data"


def _own(tmp: Path) -> Path:
    own = tmp / "shared" / VENUE / _ids(tmp)["local"]
    own.mkdir(exist_ok=True)
    return own


def _record(tmp: Path, paths: list[Path]) -> None:
    """Remember the bytes of ``paths`` (the files a case's links point to) for the check."""
    (tmp / "victims.json").write_text(json.dumps({str(p): _sha(p) for p in paths}))


def _victims_untouched(tmp: Path) -> str | None:
    for path, digest in json.loads((tmp / "victims.json").read_text()).items():
        if not Path(path).is_file() or _sha(Path(path)) != digest:
            return f"{path} was changed through a link"
    return None


def _refusal(*words: str, then: Check | None = None) -> Check:
    """The check of a sync refused whole (exit 2): its line says ``words``, every victim is untouched, and (for the
    data folder's database) verify still says ok."""

    def check(data: Path, tmp: Path, out: str, err: str) -> str | None:
        missing = [w for w in words if w not in err]
        if missing:
            return f"the refusal does not say {missing[0]!r}: {err.strip()[:200]!r}"
        return _victims_untouched(tmp) or (then(data, tmp, out, err) if then else None)

    return check


def _and_untouched(inner: Check) -> Check:
    def check(data: Path, tmp: Path, out: str, err: str) -> str | None:
        return inner(data, tmp, out, err) or _victims_untouched(tmp)

    return check


# -- this device's own files turned against it ----------------------------------------------------------------------


def _own_journal_link(target: str) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        victim = _data(tmp) / target
        _record(tmp, [victim])
        (_own(tmp) / "journal.jsonl").symlink_to(victim)
        return tmp

    return make


def _own_folder_link(which: str) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        decoy = tmp / "decoy"
        decoy.mkdir()
        (decoy / "journal.jsonl").write_bytes(b"someone else's file\n")
        (decoy / "device.json").write_bytes(b"{}\n")
        _record(tmp, [decoy / "journal.jsonl", decoy / "device.json", _data(tmp) / "device.key"])
        place = tmp / "shared" / VENUE if which == "venue" else _own(tmp)
        shutil.rmtree(place)
        place.symlink_to(decoy, target_is_directory=True)
        return tmp

    return make


def _own_hard_link(tmp: Path) -> Path:
    victim = tmp / "key-copy"
    shutil.copy(_data(tmp) / "device.key", victim)
    _record(tmp, [victim])
    os.link(victim, _own(tmp) / "journal.jsonl")
    return tmp


def _own_device_file_link(tmp: Path) -> Path:
    victim = tmp / "victim.json"
    victim.write_bytes(b'{"precious": true}\n')
    _record(tmp, [victim])
    (_own(tmp) / "device.json").symlink_to(victim)
    return tmp


def _planted_tmp_link(tmp: Path) -> Path:
    victim = tmp / "victim.txt"
    victim.write_bytes(b"precious\n")
    _record(tmp, [victim])
    (_own(tmp) / ".device.json.tmp").symlink_to(victim)
    (tmp / "shared" / VENUE / ".README.txt.tmp").symlink_to(victim)
    return tmp


# -- another device's files -------------------------------------------------------------------------------------------


def _bad_journal(how: str) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        path = _journal(tmp)
        if how == "device-link":
            dev = _device_file(tmp)
            copy = tmp / "device-copy.json"
            shutil.copy(dev, copy)
            _record(tmp, [copy])
            dev.unlink()
            dev.symlink_to(copy)
            return dev
        copy = tmp / "journal-copy.jsonl"
        shutil.copy(path, copy)
        _record(tmp, [copy])
        path.unlink()
        if how == "hardlink":
            os.link(copy, path)
        else:  # a device node
            os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 5))
        return path

    return make


def _unsigned(n: int) -> Callable[[Path], Path]:
    """The bad tablet's journal replaced by ``n`` chained event lines that no head covers."""

    def make(tmp: Path) -> Path:
        from refapp.store.chain import GENESIS, canonical, hash_v2

        device, prev = _ids(tmp)["bad"], GENESIS
        with _journal(tmp).open("w", encoding="utf-8") as fh:
            for s in range(1, n + 1):
                payload = {"at": "2026-11-22T10:00:00+01:00", "by": "", "id": f"00000000-0000-4000-8000-{s:012d}",
                           "seat": 0, "type": "riichi"}  # fmt: skip
                prev = hash_v2(prev, [payload["id"], device, s, "t", "x", None], canonical(payload))
                fh.write(canonical({"a": None, "o": "t", "p": payload, "s": s, "t": "x"}) + "\n")
        _record(tmp, [])
        return _journal(tmp)

    return make


def _copied_key(tmp: Path) -> Path:
    """A second device folder under a new id, with the bad tablet's key, its journal the bad tablet's chain written
    again as that device's and signed with the copied key."""
    from refapp.store.chain import GENESIS, canonical
    from refapp.store.codec_syncline import event_of, to_journal
    from refapp.store.keys import load_or_create
    from refapp.store.signing import sign_head
    from refapp.store.syncfolder import DEVICE_FORMAT

    key = load_or_create(tmp / "bad-key")
    copy_id = "copy-of-the-bad-tablet"
    d = tmp / "shared" / VENUE / copy_id
    d.mkdir()
    body = {"format": DEVICE_FORMAT, "version": 1, "device": copy_id, "key": key.public_hex,
            "fingerprint": key.fingerprint}  # fmt: skip
    (d / "device.json").write_text(canonical(body) + "\n")
    prev, out, n = GENESIS, [], 0
    for raw in _journal(tmp).read_bytes().splitlines():
        obj = json.loads(raw)
        if "head" in obj:
            continue
        line = to_journal(copy_id, event_of(obj), prev)
        prev, n = line["hash"], n + 1
        out.append(canonical(obj))
    out.append(canonical({"head": sign_head(key, copy_id, n, prev).to_json()}))
    (d / "journal.jsonl").write_text("\n".join(out) + "\n")
    _record(tmp, [])
    return d


def _copy_not_merged(data: Path, tmp: Path, out: str, err: str) -> str | None:
    events, _held, _heads = _stored(data, "copy-of-the-bad-tablet")
    if events:
        return f"{events} events of the device with a copied key were merged"
    line = [ln for ln in out.splitlines() if ln.startswith("    refused: ") and "copy-of-the-bad-tablet" in ln]
    if not line or "copied key" not in line[0]:
        return f"no refusal names the copied key: {out[-300:]!r}"
    # the head referee's device never merged the tablet, so nothing names the id its key speaks for: the real tablet
    # waits too, its events held (none lost, none merged) until the head referee keeps one of the two
    merged, held, _heads = _stored(data, _ids(tmp)["bad"])
    if merged or held != _ids(tmp)["events"]["bad"]:
        return f"the real tablet: {merged} events merged, {held} held (all of them held expected)"
    if not any(_ids(tmp)["bad"] in ln and "another device id too" in ln for ln in out.splitlines()):
        return "the real tablet is not named as showing a key another device id shows too"
    return None


# -- a bundle appending a ruling to a trusted device's chain --------------------------------------------------------


def _forged_bundle(tmp: Path) -> Path:
    """The local device syncs the venue, exports a bundle; the good tablet's chain gets one more event (its hashes
    computed, no key) and the bundle claims to be the good tablet's."""
    from refapp.store.bundle import dumps, export_bundle
    from refapp.store.chain import hash_of, row_of
    from refapp.store.sync import sync
    from tests.logs import rulesets

    store = open_store(_data(tmp))
    try:
        sync(store, tmp / "shared", rulesets())
        data = export_bundle(store)
    finally:
        store.close()
    good = _ids(tmp)["good"]
    last = [ln for ln in data["events"] if ln["device_id"] == good and ln["table_id"]][-1]
    forged = json.loads(json.dumps(last))
    forged["uuid"] = "forged-0000-4000-8000-000000000001"
    forged["payload"] = {"id": forged["uuid"], "type": "incident", "seat": 1, "offence": "warning", "note": "forged",
                         "at": "2026-11-22T11:00:00+01:00", "by": "Mallory"}  # fmt: skip
    forged |= {"device_seq": last["device_seq"] + 1, "prev_hash": last["hash"], "after": last["uuid"]}
    forged["hash"] = hash_of(row_of(forged))
    data["events"].append(forged)
    data["device_id"] = good
    path = tmp / "forged-bundle.json"
    path.write_text(dumps(data))
    _record(tmp, [])
    return path


def _forgery_held(data: Path, tmp: Path, out: str, err: str) -> str | None:
    import sqlite3

    conn = sqlite3.connect(f"file:{data / 'refapp.sqlite3'}?mode=ro", uri=True)
    try:
        stored = conn.execute("SELECT 1 FROM events WHERE uuid = 'forged-0000-4000-8000-000000000001'").fetchone()
    finally:
        conn.close()
    if stored:
        return "the forged ruling was stored"
    if "1 event(s) held" not in out:
        return f"import does not say the forged event is held: {out.strip()[:200]!r}"
    return None


def hostile_cases() -> list[Case]:
    def refused(name: str, make: Callable[[Path], Any], *words: str) -> Case:
        return Case(CAT, name, SYNC, make=make, setup=venue, check=_refusal(*words))

    def goes_on(name: str, make: Callable[[Path], Any], check: Check) -> Case:
        return Case(CAT, name, SYNC, make=make, expect=0, setup=venue, check=_and_untouched(check))

    cases = [
        refused(
            "this device's journal a link to its database", _own_journal_link("refapp.sqlite3"), "journal.jsonl", "link"
        ),  # fmt: skip
        refused(
            "this device's journal a link to its device key", _own_journal_link("device.key"), "journal.jsonl", "link"
        ),  # fmt: skip
        refused("this device's journal a hard link to a copy of its key", _own_hard_link, "journal.jsonl", "hard link"),
        refused("this device's folder a link to another folder", _own_folder_link("device"), "link"),
        refused("refapp-venue a link to another folder", _own_folder_link("venue"), "refapp-venue", "link"),
        refused("this device's device.json a link to another file", _own_device_file_link, "device.json", "link"),
        goes_on(
            "links planted where this device writes its files (.device.json.tmp, .README.txt.tmp)",
            _planted_tmp_link,
            synced(None, refusals=0, bad_merged=True),
        ),  # fmt: skip
        goes_on(
            "the bad tablet's journal a hard link to a copy", _bad_journal("hardlink"), synced("journal", "hard link")
        ),  # fmt: skip
        goes_on(
            "the bad tablet's device.json a link to a copy", _bad_journal("device-link"), synced("device", "link")
        ),  # fmt: skip
        goes_on(
            "the bad tablet's journal 30,000 chained lines no head covers (3 MB)",
            _unsigned(30_000),
            synced("journal", "no signed head"),
        ),  # fmt: skip
        goes_on(
            "a second device folder with the bad tablet's key (a copied key), nobody has named the tablet's id yet",
            _copied_key,
            _copy_not_merged,
        ),
        Case(
            "bundles with hostile values: import",
            "a ruling appended to a trusted tablet's chain without its key (the bundle claims to be that tablet's)",
            ["--data-dir", "{data}", "import", "{f}"],
            make=_forged_bundle,
            expect=0,
            setup=venue,
            check=_forgery_held,
        ),
    ]
    if os.geteuid() == 0:
        cases.append(goes_on("the bad tablet's journal a device node (/dev/zero's numbers)", _bad_journal("node"),
                             synced("journal", "device node")))  # fmt: skip
    return cases
