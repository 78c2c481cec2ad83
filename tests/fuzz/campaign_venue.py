"""The hostile-input campaign's shared folders for ``refapp sync FOLDER`` (``tests/fuzz/campaign.py``).

Every case starts from one venue built with the real code (:func:`venue`): the head referee's device creates the
tournament and trusts two tablets, "good" and "bad" (the bad one is the one a sync reads first, so it must not stop
the other); each tablet trusts the head referee's device, syncs, sets up its table and records a few rulings, and
syncs again. The local data folder (the one ``refapp sync`` runs on) trusts the
head referee's device, so through its list it trusts both tablets: anything the bad tablet's files slip through is
merged, not merely held. The bad tablet's journal is written again as one signed run (one head after all its events),
so that any damage in it leaves nothing of it to store. Then each case damages the folder.

A case holds when ``refapp --data-dir D sync FOLDER`` answers without a traceback or a hang, exits 0, prints one
``refused: ...`` line for the bad device naming its file (and, where the case says so, the byte and the field), stores
nothing of the bad device (no event, no held line, no head), merges every event of the head referee's device and of
the good tablet, and ``refapp verify`` then says ok. A folder that cannot be used at all exits 2 with one line and
changes nothing.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.fuzz.campaign import Case, run_in_process

CAT = "shared folders (`sync`)"
SYNC = ["--data-dir", "{data}", "sync", "{tmp}/shared"]
VENUE = "refapp-venue"
AT = "2026-11-22T10:00:00+01:00"
OWN_HEADS = {  # this device's own journal ending with a head line that is not one
    "own-deep": b"[" * 100_000,
    "own-1e999": b'{"events":1e999,"newest":"x"}',
    "own-huge": b'{"events":100000000000000000000,"newest":"x"}',
}
DEVICES_LINE = re.compile(r"(    problem: |[a-z]+(-[a-z]+){4}-\d{3}  )")  # `refapp devices`: one line each
JUNK_LINE = bytes(b for b in random.Random(13).randbytes(4096) if b != 0x0A) + b"\n"


# -- the venue every case starts from --------------------------------------------------------------------------------


def venue(folder: Path) -> None:
    """Build ``folder/data`` (the local device, not synced yet) and ``folder/tmp``: ``shared`` (the shared folder as the
    head referee's device and both tablets left it), ``bad-key`` (the bad tablet's key files, to sign with) and
    ``venue.json`` (the devices' ids and how many events each wrote)."""
    from refapp.store.keys import KEY_FILE, PUBLIC_KEY_FILE
    from tests.sync.venue import Device

    scratch = folder / "tmp"
    shared = scratch / "shared"
    shared.mkdir(parents=True)
    devices = folder / "devices"
    head = Device(devices / "head", "Head")
    head.store.create_tournament("Venue Open")
    one, two = Device(devices / "one", "Tablet 1"), Device(devices / "two", "Tablet 2")
    # the bad tablet is the one read first (devices are read in their ids' order): it must not stop the other
    bad, good = sorted((one, two), key=lambda d: d.store.device_id)
    local = Device(folder / "data", "Local")
    for tablet in (good, bad):
        tablet.trust(head, "head")
        head.trust(tablet)
    local.trust(head, "head")
    head.sync(shared)
    rng = random.Random(7)
    for number, tablet in enumerate((good, bad), 1):
        tablet.sync(shared)
        tablet.set_up(number)
        for _ in range(6):
            tablet.record(rng)
        tablet.sync(shared)
    (scratch / "bad-key").mkdir()
    for name in (KEY_FILE, PUBLIC_KEY_FILE):
        shutil.copy2(bad.path / name, scratch / "bad-key" / name)
    assert bad.table is not None
    ids = {
        "head": head.store.device_id,
        "good": good.store.device_id,
        "bad": bad.store.device_id,
        "local": local.store.device_id,
        "events": {name: d.own_events() for name, d in (("head", head), ("good", good), ("bad", bad))},
        "bad_table": bad.table.table_id,
    }
    (scratch / "venue.json").write_text(json.dumps(ids))
    for d in (head, good, bad, local):
        d.close()
    path = _journal(scratch)
    path.write_bytes(_signed(scratch, _event_lines(scratch)))  # one head after all of the bad tablet's events


def _ids(tmp: Path) -> dict[str, Any]:
    return json.loads((tmp / "venue.json").read_text())


def _bad_dir(tmp: Path) -> Path:
    return tmp / "shared" / VENUE / _ids(tmp)["bad"]


def _journal(tmp: Path) -> Path:
    return _bad_dir(tmp) / "journal.jsonl"


def _device_file(tmp: Path) -> Path:
    return _bad_dir(tmp) / "device.json"


def _event_lines(tmp: Path) -> list[bytes]:
    """The bad tablet's event lines as written (its heads left out)."""
    return [ln + b"\n" for ln in _journal(tmp).read_bytes().split(b"\n") if ln and not ln.startswith(b'{"head":')]


def _head_for(tmp: Path, lines: list[bytes], events: int | None = None, key: Any = None) -> bytes:
    """A head line over ``lines`` (their chain computed as a reader computes it), signed by the bad tablet's key (or
    ``key``); ``events`` signs only the first so many."""
    from refapp.store.chain import GENESIS, canonical, hash_v2
    from refapp.store.codec_syncline import event_of, to_journal
    from refapp.store.keys import load_or_create
    from refapp.store.signing import sign_head

    device = _ids(tmp)["bad"]
    prev = GENESIS
    count = len(lines) if events is None else events
    for raw in lines[:count]:
        obj = json.loads(raw)
        try:
            prev = to_journal(device, event_of(obj, raw), prev)["hash"]
        except UnicodeDecodeError:  # an encoded surrogate: hashed as the text it would decode to
            payload = raw[raw.index(b',"p":') + 5 : raw.rindex(b',"s":')].decode("utf-8", "surrogatepass")
            fields = [obj["p"]["id"], device, obj["s"], obj["o"], obj["t"], obj["a"]]
            prev = hash_v2(prev, fields, payload.encode("utf-8", "surrogatepass").decode("utf-8", "replace"))
    signer = key or load_or_create(tmp / "bad-key")
    return (canonical({"head": sign_head(signer, device, count, prev).to_json()}) + "\n").encode()


def _signed(tmp: Path, lines: list[bytes]) -> bytes:
    return b"".join(lines) + _head_for(tmp, lines)


def _line(obj: dict[str, Any], text: Callable[[str], str] = lambda t: t) -> bytes:
    """A journal line as refapp writes it (compact, keys sorted, ASCII escapes), its text then changed by ``text``
    (a surrogate escape there stands for a byte that is not UTF-8)."""
    return (text(json.dumps(obj, sort_keys=True, separators=(",", ":"))) + "\n").encode("utf-8", "surrogateescape")


def _next_event(tmp: Path, payload: dict[str, Any]) -> dict[str, Any]:
    """An event line that follows the bad tablet's chain and its table's line, with ``payload`` (type, fields)."""
    lines = [json.loads(ln) for ln in _event_lines(tmp)]
    table = _ids(tmp)["bad_table"]
    at_table = [ln for ln in lines if ln["t"] == table]
    p = {"id": "7c7c7c7c-0000-4000-8000-000000000001", "at": AT, "by": "Tablet"} | payload
    return {"s": len(lines) + 1, "o": at_table[-1]["o"], "t": table, "a": at_table[-1]["p"]["id"], "p": p}


# -- ways to damage the bad tablet's files ---------------------------------------------------------------------------


def _journal_bytes(build: Callable[[Path], bytes]) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        _journal(tmp).write_bytes(build(tmp))
        return _journal(tmp)

    return make


def _first_line(raw: bytes) -> Callable[[Path], Path]:
    """``raw`` (one line) before the bad tablet's signed journal."""
    return _journal_bytes(lambda tmp: raw + _journal(tmp).read_bytes())


def _changed(change: Callable[[dict[str, Any]], Any], text: Callable[[str], str] = lambda t: t, sign: bool = False):
    """The bad tablet's first event line changed (as an object by ``change``, then as text by ``text``); its head kept
    as it was, or (``sign``) signed again by its key over the changed chain."""

    def build(tmp: Path) -> bytes:
        lines = _event_lines(tmp)
        obj = json.loads(lines[0])
        change(obj)
        lines[0] = _line(obj, text)
        return _signed(tmp, lines) if sign else b"".join(lines) + _journal(tmp).read_bytes().splitlines(True)[-1]

    return _journal_bytes(build)


def _added(payload: dict[str, Any], text: Callable[[str], str] = lambda t: t, sign: bool = True):
    """An event the bad tablet adds to its table (``payload``), signed by its key with the rest (``sign``; the device
    really wrote it), or put before the head it already signed (a line slipped in without the key)."""

    def build(tmp: Path) -> bytes:
        lines = _event_lines(tmp)
        extra = _line(_next_event(tmp, payload), text)
        if sign:
            return _signed(tmp, [*lines, extra])
        return b"".join(lines) + extra + _head_for(tmp, lines)

    return _journal_bytes(build)


def _reordered(how: Callable[[list[bytes]], list[bytes]]):
    def build(tmp: Path) -> bytes:
        lines = _event_lines(tmp)
        head = _head_for(tmp, lines)
        return b"".join(how(lines)) + head

    return _journal_bytes(build)


def _head_changed(how: str):
    def build(tmp: Path) -> bytes:
        lines = _event_lines(tmp)
        if how == "signature":
            head = json.loads(_head_for(tmp, lines))
            sig = head["head"]["signature"]
            head["head"]["signature"] = ("0" if sig[0] != "0" else "1") + sig[1:]
            return b"".join(lines) + _line(head)
        if how == "key":
            from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

            from refapp.store.keys import DeviceKey

            other = DeviceKey(Ed25519PrivateKey.from_private_bytes(bytes(range(32))), tmp / "other-key")
            return b"".join(lines) + _head_for(tmp, lines, key=other)
        if how == "fewer":
            return b"".join(lines) + _head_for(tmp, lines, events=len(lines) - 1)
        return _journal(tmp).read_bytes().splitlines(True)[-1]  # "alone": the head, every event before it removed

    return _journal_bytes(build)


def _replace(path_of: Callable[[Path], Path], how: str):
    """The file at ``path_of(tmp)`` replaced: by a folder, a FIFO, a symlink to /dev/zero, a symlink loop, an
    unreadable file (as root, who reads any file: a symlink to /proc/self/mem, which refuses a read at 0), or
    removed."""

    def make(tmp: Path) -> Path:
        path = path_of(tmp)
        path.unlink()
        if how == "folder":
            path.mkdir()
        elif how == "fifo":
            os.mkfifo(path)
        elif how == "zero":
            path.symlink_to("/dev/zero")
        elif how == "loop":
            for i in range(50):  # a chain of 50 links ending where it starts (past the kernel's 40)
                (path.parent / f"loop{i}").symlink_to(path.parent / f"loop{(i + 1) % 50}")
            path.symlink_to(path.parent / "loop0")
        elif how == "unreadable":
            if os.geteuid() == 0:
                path.symlink_to("/proc/self/mem")
            else:
                path.write_text("{}\n")
                path.chmod(0)
        return path

    return make


def _sparse_journal(tmp: Path) -> Path:
    with _journal(tmp).open("wb") as fh:
        fh.truncate(300 * 2**20)
    return _journal(tmp)


def _device_json(text: bytes | Callable[[dict[str, Any]], None]) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        path = _device_file(tmp)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            data = json.loads(path.read_bytes())
            text(data)
            path.write_text(json.dumps(data))
        return path

    return make


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(obj: dict[str, Any]) -> None:
        obj[key] = value

    return change


def _bad_folder(how: str) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        d = _bad_dir(tmp)
        if how == "file":
            shutil.rmtree(d)
            d.write_text("not a folder\n")
        elif how == "newline":
            d.rename(d.with_name(d.name + "\nrefused: forged"))
        elif how == "id-newline":
            data = json.loads((d / "device.json").read_bytes())
            data["device"] += "\nrefused: forged"
            d = d.rename(d.with_name(data["device"]))
            (d / "device.json").write_text(json.dumps(data))
        elif how == "up":
            (d.parent / "up").symlink_to(d.parent.parent)
        elif how == "self":
            (d.parent / "self").symlink_to(d.parent / "self")
        elif how == "empties":
            for i in range(1000):
                (d.parent / f"empty-{i:04d}").mkdir()
        return d

    return make


def _shared(how: str) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        folder = tmp / "shared"
        if how in ("missing", "file"):
            shutil.rmtree(folder)
            if how == "file":
                folder.write_text("a file\n")
        elif how == "unreadable":
            folder.chmod(0)
        elif how == "venue-file":
            shutil.rmtree(folder / VENUE)
            (folder / VENUE).write_text("a file\n")
        elif how.startswith("own-"):
            own = folder / VENUE / _ids(tmp)["local"]
            own.mkdir()
            if how == "own-fifo":
                os.mkfifo(own / "journal.jsonl")
            else:
                (own / "journal.jsonl").write_bytes(b'{"head":' + OWN_HEADS[how] + b"}\n")
        return folder

    return make


def _own_untouched(how: str) -> Callable[[Path, Path, str, str], str | None]:
    """This device's journal in the folder, which it did not write, is left as it was (never cut, never appended)."""

    def check(data: Path, tmp: Path, out: str, err: str) -> str | None:
        path = tmp / "shared" / VENUE / _ids(tmp)["local"] / "journal.jsonl"
        if path.read_bytes() != b'{"head":' + OWN_HEADS[how] + b"}\n":
            return f"{path} was written"
        if "journal.jsonl" not in err:
            return f"the refusal does not name the journal: {err.strip()[:160]!r}"
        return None

    return check


# -- judging a sync ----------------------------------------------------------------------------------------------------


def _stored(data: Path, device: str) -> tuple[int, int, int]:
    """(events, held lines, heads) of ``device`` in the data folder's database."""
    conn = sqlite3.connect(f"file:{data / 'refapp.sqlite3'}?mode=ro", uri=True)
    try:
        return tuple(  # type: ignore[return-value]
            conn.execute(f"SELECT count(*) FROM {t} WHERE device_id = ?", (device,)).fetchone()[0]
            for t in ("events", "held", "heads")
        )
    finally:
        conn.close()


def _named(tmp: Path, names: str) -> Path:
    """The file a refusal must name: the bad tablet's journal or device file, or those of the folders made by
    :func:`_bad_folder`."""
    if names in ("newline", "id-newline"):
        return _bad_dir(tmp).with_name(_bad_dir(tmp).name + "\nrefused: forged") / "device.json"
    if names in ("up", "self"):  # a device's folder that is a link: refused, named as the folder
        return _bad_dir(tmp).parent / names
    return _journal(tmp) if names == "journal" else _device_file(tmp)


def _escaped(path: Path) -> str:
    from refapp.store.safejson import one_line

    return one_line(path)


def synced(
    names: str | None = "journal", *also: str, bad_merged: bool = False, refusals: int = 1
) -> Callable[[Path, Path, str, str], str | None]:
    """The check of a sync that must go on: ``refusals`` ``refused:`` lines, the bad device's naming its file
    (``names``: "journal", "device", None for no refusal expected) and matching every pattern in ``also``; nothing of
    the bad device stored (unless ``bad_merged``: then all of it); every event of the others merged; verify ok."""

    def check(data: Path, tmp: Path, out: str, err: str) -> str | None:
        ids = _ids(tmp)
        lines = out.splitlines()
        if err.strip():
            return f"stderr: {err.strip().splitlines()[0][:120]!r}"
        odd = [ln for ln in lines[1:] if not ln.startswith("  ")]
        if not lines or not lines[0].endswith("event(s) of this device") or odd:
            return f"the report is not one line per device: {(odd or lines)[:2]!r}"
        refused = [ln for ln in lines if ln.startswith("    refused: ")]
        if len(refused) != refusals:
            return f"{len(refused)} refused line(s), expected {refusals}: {refused[:2]!r}"
        if names is not None:
            path = _escaped(_named(tmp, names))
            mine = [ln for ln in refused if path in ln]
            if not mine:
                return f"no refused line names {path}: {refused[:2]!r}"
            missing = [p for p in also if not re.search(p, mine[0])]
            if missing:
                return f"the refused line does not say {missing[0]!r}: {mine[0][:200]!r}"
        bad = _stored(data, ids["bad"])
        if bad_merged and bad[0] < ids["events"]["bad"]:
            return f"the bad tablet's {ids['events']['bad']} events were not merged ({bad[0]})"
        if not bad_merged and bad != (0, 0, 0):
            return f"stored from the bad device: {bad[0]} events, {bad[1]} held, {bad[2]} heads"
        for who in ("head", "good"):
            if _stored(data, ids[who])[0] != ids["events"][who]:
                return f"the {who} device's {ids['events'][who]} events were not all merged"
        code, vout, verr, crash = run_in_process(["--data-dir", str(data), "verify"], None)
        if crash or code != 0 or not vout.startswith("ok"):
            return f"verify after the sync: {crash or (vout or verr).strip()[:160]!r}"
        code, dout, derr, crash = run_in_process(["--data-dir", str(data), "devices"], None)
        odd = [ln for ln in dout.splitlines() if not DEVICES_LINE.match(ln)]
        if crash or code != 0 or odd or derr:
            return f"refapp devices after the sync: {crash or (odd or derr.splitlines())[:1]!r}"
        return None

    return check


def _case(
    name: str,
    make: Callable[[Path], Any],
    *also: str,
    names: str | None = "journal",
    bad_merged: bool = False,
    refusals: int = 1,
    process: bool = False,
) -> Case:
    check = synced(names, *also, bad_merged=bad_merged, refusals=refusals)
    return Case(CAT, name, SYNC, make=make, expect=0, check=check, setup=venue, process=process)


def venue_cases() -> list[Case]:
    deep = b"[" * 100_000 + b"]" * 100_000 + b"\n"
    riichi = {"type": "riichi", "seat": 0}
    start = {"type": "hanchan_start", "players": ["Ann", "Bob", "Cyd", "Dan"], "ruleset": "ema-2016"}
    nan = {"type": "riichi", "seat": "NAN"}
    warning = {"type": "incident", "seat": 1, "offence": "warning", "note": "NOTE"}

    def literal(word: str) -> Callable[[str], str]:
        return lambda t: t.replace('"NAN"', word)

    byte0 = r"at byte 0\b"
    cases = [
        _case("the folder as every device left it (control)", lambda tmp: tmp, names=None, refusals=0, bad_merged=True),
        _case("journal.jsonl nested 100,000 deep on one line", _first_line(deep), byte0, "nested"),
        _case("a 300 MB sparse journal line with no newline", _sparse_journal, byte0, "no signed head", process=True),
        _case("a line just over 1 MiB", _first_line(b" " * 2**20 + b"{}\n"), byte0, "longer"),
        _case(
            "a torn last line after the signed journal: left for later",
            _journal_bytes(lambda tmp: _journal(tmp).read_bytes() + b'{"a":null,"o"'),
            names=None,
            refusals=0,
            bad_merged=True,
        ),
        _case("a line of binary junk", _first_line(JUNK_LINE), byte0),
        _case("invalid UTF-8", _changed(lambda o: None, lambda t: t.replace('"o":"', '"o":"\udce9', 1)), byte0),
        _case(
            "a lone surrogate escape in a payload (its head kept)",
            _changed(_set("p", {}), lambda t: t.replace('"p":{}', '"p":{"id":"\\ud800"}')),
            byte0,
            "surrogate",
        ),
        _case("a valid event added and signed (control)", _added(warning), names=None, refusals=0, bad_merged=True),
        _case(
            "an encoded surrogate (bytes ED A0 80) in a payload (signed)",
            _added(warning, lambda t: t.replace('"NOTE"', '"\udced\udca0\udc80"')),
            "UTF-8",
        ),
        _case(
            "a lone surrogate escape in a payload (signed)",
            _added(warning, lambda t: t.replace('"NOTE"', '"\\udc00"')),
            "surrogate",
        ),
        _case("NaN as a seat (signed)", _added(nan, literal("NaN")), "NaN"),
        _case("Infinity as a seat (signed)", _added(nan, literal("Infinity")), "Infinity"),
        _case("-Infinity as a seat (its head kept)", _added(nan, literal("-Infinity"), sign=False), "Infinity"),
        _case("1e999 as a seat (signed)", _added(nan, literal("1e999")), "1e999"),
        _case(
            "a 5,000-digit integer as s",
            _changed(_set("s", "BIG"), lambda t: t.replace('"BIG"', "9" * 5000)),
            byte0,
            "digits",
        ),
        _case("s negative", _changed(_set("s", -1)), byte0, r"\bs\b|#-1"),
        _case("s zero", _changed(_set("s", 0)), byte0, r"\bs\b|#0"),
        _case("s a string", _changed(_set("s", "1")), byte0, r"'s'"),
        _case("s true", _changed(_set("s", True)), byte0, r"'s'"),
        _case("an unknown field", _changed(_set("x", 1)), byte0, r"'x'"),
        _case("a payload that is a list", _changed(_set("p", [1])), byte0, r"'p'"),
        _case(
            "a payload with a space (not canonical), signed: merged as signed",
            _added(warning, lambda t: t.replace('"seat":1', '"seat": 1')),
            names=None,
            refusals=0,
            bad_merged=True,
        ),
        _case(
            "resume.counters = 10**20 (signed)",
            _added(start | {"resume": {"scores": [25000] * 4, "counters": 10**20}}),
            "counters",
        ),
        _case(
            "resume.counters = 10**20 (its head kept)",
            _added(start | {"resume": {"scores": [25000] * 4, "counters": 10**20}}, sign=False),
            "events",
        ),
        _case("seat 10**20 (signed)", _added(riichi | {"seat": 10**20}), "seat"),
        _case("seat 10**20 (its head kept)", _added(riichi | {"seat": 10**20}, sign=False), "events"),
        _case("a head with a bad signature", _head_changed("signature"), "signature"),
        _case("a head signed with another key", _head_changed("key"), "key"),
        _case("a head counting fewer events than the lines before it", _head_changed("fewer"), "events"),
        _case("a head without any events before it", _head_changed("alone"), "events"),
        _case("a duplicated line", _reordered(lambda ls: [ls[0], *ls]), r"at byte \d+", "#1"),
        _case("lines out of order", _reordered(lambda ls: [ls[0], ls[2], ls[1], *ls[3:]]), r"at byte \d+", "#3"),
        _case("device.json missing", _replace(_device_file, "missing"), names="device"),
        _case("device.json binary junk", _device_json(JUNK_LINE), names="device"),
        _case("device.json nested 100,000 deep", _device_json(deep), names="device"),
        _case(
            "device.json nested 2,000 deep (within its size limit)",
            _device_json(b"[" * 2000 + b"]" * 2000),
            "nested",
            names="device",
        ),
        _case(
            "device.json with the key in capitals",
            _device_json(lambda d: d.update(key=d["key"].upper())),
            names="device",
        ),
        _case("device.json with a key that is no Ed25519 key", _device_json(_set("key", "ff" * 32)), names="journal"),
        _case("device.json a folder", _replace(_device_file, "folder"), names="device"),
        _case("device.json a FIFO", _replace(_device_file, "fifo"), names="device", process=True),
        _case("device.json with a key that is not hex", _device_json(_set("key", "z" * 64)), "'key'", names="device"),
        _case("device.json with a key of 62 digits", _device_json(_set("key", "ab" * 31)), "'key'", names="device"),
        _case(
            "device.json naming another device",
            _device_json(_set("device", "someone-else")),
            "someone-else",
            names="device",
        ),
        _case("journal.jsonl a folder", _replace(_journal, "folder"), "folder"),
        _case("journal.jsonl a FIFO", _replace(_journal, "fifo"), "FIFO", process=True),
        _case("journal.jsonl a symlink to /dev/zero", _replace(_journal, "zero"), process=True),
        _case("journal.jsonl a symlink loop (50 links)", _replace(_journal, "loop"), process=True),
        _case("journal.jsonl unreadable", _replace(_journal, "unreadable")),
        _case("the device's folder a file", _bad_folder("file"), names=None, refusals=0),
        _case(
            "a device id with a newline, its folder named the same",
            _bad_folder("id-newline"),
            "'device'",
            names="id-newline",
        ),
        _case("a device folder named with a newline", _bad_folder("newline"), r"\\n", names="newline"),
        _case("a device folder that is a symlink to the shared folder", _bad_folder("up"), names="up", bad_merged=True),
        _case(
            "a device folder that is a symlink to itself", _bad_folder("self"), "link", names="self", bad_merged=True
        ),
        *(
            Case(
                CAT,
                f"this device's own journal holds only a head line {what}: not this device's, refused",
                SYNC,
                make=_shared(how),
                setup=venue,
                check=_own_untouched(how),
            )
            for what, how in (
                ("nested 100,000 deep", "own-deep"),
                ("of 1e999 events", "own-1e999"),
                ("of 10**20 events", "own-huge"),
            )
        ),
        _case("1,000 empty device folders", _bad_folder("empties"), names=None, refusals=1000, bad_merged=True),
    ]
    for name, how in (("missing", "missing"), ("a file", "file"), ("unreadable", "unreadable"),
                      ("refapp-venue a file", "venue-file"), ("this device's journal a FIFO", "own-fifo")):  # fmt: skip
        if how == "unreadable" and os.geteuid() == 0:
            continue  # root reads and writes any folder whatever its mode
        cases.append(Case(CAT, f"the shared folder: {name}", SYNC, make=_shared(how), setup=venue))
    return cases
