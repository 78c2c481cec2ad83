"""The shared folder is hostile ground: whatever is placed in it, a sync never writes outside this device's own
journal files, never reads through a link, a hard link, a FIFO or a device node, and says what it refused; an
untrusted or unsigned journal costs a bounded time per sync and is not read again while it does not change."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import stat
from pathlib import Path

import pytest

from refapp.store import sync as sync_module
from refapp.store.sync import SyncError
from refapp.store.syncfolder import device_dir, venue_dir
from refapp.store.verify import verify
from tests.logs import rulesets
from tests.sync.venue import Device, head_and_tablet

pytestmark = pytest.mark.usefixtures("both_merges")  # (tests/sync/conftest.py)


def _venue(tmp: Path) -> tuple[Device, Device, Path]:
    """The head referee's device and one tablet that trust each other, a table and a few rulings, synced twice."""
    head, tablet, folder = head_and_tablet(tmp, 5)
    head.sync(folder)
    return head, tablet, folder


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _snapshot(*folders: Path) -> dict[str, tuple[int, str]]:
    """Every regular file under the folders (links not followed): size and hash."""
    out = {}
    for base in folders:
        for root, _dirs, files in os.walk(base):
            for name in files:
                p = Path(root) / name
                if p.is_symlink() or not p.is_file():
                    continue
                out[str(p)] = (p.stat().st_size, _digest(p))
    return out


def _own_journal(folder: Path, d: Device) -> Path:
    return device_dir(folder, d.store.device_id) / "journal.jsonl"


# -- this device's own files ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["refapp.sqlite3", "device.key"])
def test_a_link_in_place_of_this_devices_journal_is_refused_and_its_target_untouched(tmp_path, target):
    """Replace the tablet's own journal in the folder with a link to its database (or its key): the next sync
    refuses in one line naming the journal, and the database (the key) is exactly as it was."""
    head, tablet, folder = _venue(tmp_path)
    tablet.record(random.Random(9))
    journal = _own_journal(folder, tablet)
    journal.unlink()
    victim = tablet.path / target
    journal.symlink_to(victim)
    tablet.store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = _digest(victim), victim.stat().st_size
    with pytest.raises(SyncError) as exc:
        tablet.sync(folder)
    message = str(exc.value)
    assert "\n" not in message and str(journal) in message and "link" in message
    assert (_digest(victim), victim.stat().st_size) == before
    assert journal.is_symlink()
    assert verify(tablet.store, rulesets()).ok
    head.close()
    tablet.close()


def test_a_hard_link_in_place_of_this_devices_journal_is_refused(tmp_path):
    head, tablet, folder = _venue(tmp_path)
    tablet.record(random.Random(9))
    journal = _own_journal(folder, tablet)
    journal.unlink()
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious\n" * 100)
    os.link(victim, journal)
    with pytest.raises(SyncError) as exc:
        tablet.sync(folder)
    assert str(journal) in str(exc.value) and "hard link" in str(exc.value)
    assert victim.read_bytes() == b"precious\n" * 100
    head.close()
    tablet.close()


@pytest.mark.parametrize("which", ["device", "venue"])
def test_a_folder_replaced_by_a_link_is_never_written_through(tmp_path, which):
    """The tablet's own folder in the shared folder (or refapp-venue itself) replaced by a link to its data folder:
    the sync refuses naming it, and nothing is written in the data folder."""
    head, tablet, folder = _venue(tmp_path)
    tablet.record(random.Random(9))
    place = device_dir(folder, tablet.store.device_id) if which == "device" else venue_dir(folder)
    shutil.rmtree(place)
    decoy = tmp_path / "decoy"
    decoy.mkdir()
    (decoy / "journal.jsonl").write_bytes(b"not yours\n")
    (decoy / "device.json").write_bytes(b"{}\n")
    place.symlink_to(decoy, target_is_directory=True)
    before = _snapshot(decoy, tablet.path)
    with pytest.raises(SyncError) as exc:
        tablet.sync(folder)
    assert str(place) in str(exc.value) and "link" in str(exc.value)
    after = _snapshot(decoy, tablet.path)
    assert {k: v for k, v in after.items() if "refapp.sqlite3" not in k} == {
        k: v for k, v in before.items() if "refapp.sqlite3" not in k
    }
    assert sorted(os.listdir(decoy)) == ["device.json", "journal.jsonl"]
    head.close()
    tablet.close()


def test_a_link_waiting_where_the_device_file_is_written_is_replaced_never_written_through(tmp_path):
    """A new device's first sync writes its device.json through a temporary file: a link planted under that
    temporary name (or under device.json) is replaced, and its target is not touched."""
    folder = tmp_path / "shared"
    folder.mkdir()
    d = Device(tmp_path / "new", "New")
    own = device_dir(folder, d.store.device_id)
    own.mkdir(parents=True)
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious\n")
    (own / ".device.json.tmp").symlink_to(victim)
    (venue_dir(folder) / ".README.txt.tmp").symlink_to(victim)
    d.sync(folder)
    assert victim.read_bytes() == b"precious\n"
    assert not (own / "device.json").is_symlink()
    assert json.loads((own / "device.json").read_bytes())["device"] == d.store.device_id
    d.close()


@pytest.mark.parametrize("content", ["another device's journal", "no head"])
def test_a_file_in_this_devices_folder_it_did_not_write_is_refused_not_cut(tmp_path, content):
    """This device's journal replaced by content it did not write (another device's journal, or anything without a
    head of this device): refused, never cut nor appended to."""
    head, tablet, folder = _venue(tmp_path)
    tablet.record(random.Random(9))
    journal = _own_journal(folder, tablet)
    other = _own_journal(folder, head).read_bytes() if content != "no head" else b"precious notes\n" * 500
    journal.write_bytes(other)
    with pytest.raises(SyncError) as exc:
        tablet.sync(folder)
    assert str(journal) in str(exc.value) and "not this device's" in str(exc.value)
    assert journal.read_bytes() == other
    head.close()
    tablet.close()


def test_a_first_sync_cut_short_is_completed(tmp_path):
    """A first sync cut before its head (a USB stick pulled out): the journal holds a prefix of this device's lines;
    the next sync writes it again whole, and the head referee's device merges it."""
    head, tablet, folder = _venue(tmp_path)
    fresh = Device(tmp_path / "fresh", "T2")
    fresh.trust(head, "head")
    head.trust(fresh)
    fresh.sync(folder)
    fresh.set_up(2)
    fresh.record(random.Random(2))
    fresh.sync(folder)
    journal = _own_journal(folder, fresh)
    text = journal.read_bytes()
    journal.write_bytes(text[: len(text.split(b"\n")[0]) + 40])  # the first line and part of the second
    fresh.sync(folder)

    def events(data: bytes) -> list[bytes]:
        return [ln for ln in data.splitlines() if not ln.startswith(b'{"head":')]

    assert events(journal.read_bytes()) == events(text) and journal.read_bytes().splitlines()[-1].startswith(b'{"head"')
    head.sync(folder)
    assert (
        head.store.conn.execute("SELECT count(*) FROM events WHERE device_id = ?", (fresh.store.device_id,)).fetchone()[
            0
        ]
        == fresh.own_events()
    )
    for d in (head, tablet, fresh):
        d.close()


# -- other devices' files ------------------------------------------------------------------------------------------


def _refusal(report, device_id: str) -> str:
    row = next(r for r in report.devices if r.device_id == device_id)
    return row.problem


def test_another_devices_journal_as_a_link_or_hard_link_is_not_read(tmp_path):
    """The tablet's journal replaced by a link (or a hard link) to a copy of itself: the head referee's device
    refuses it naming the file and merges nothing new from it."""
    head, tablet, folder = _venue(tmp_path)
    tablet.record(random.Random(9))
    tablet.sync(folder)
    journal = _own_journal(folder, tablet)
    copy = tmp_path / "copy.jsonl"
    shutil.copy(journal, copy)
    before = head.store.count_events()
    for how in ("symlink", "hardlink"):
        journal.unlink()
        if how == "symlink":
            journal.symlink_to(copy)
        else:
            os.link(copy, journal)
        report = head.sync(folder)
        problem = _refusal(report, tablet.store.device_id)
        assert str(journal) in problem and ("link" in problem), problem
        assert head.store.count_events() == before
    head.close()
    tablet.close()


def test_a_device_file_as_a_link_and_a_device_folder_as_a_link_are_refused(tmp_path):
    head, tablet, folder = _venue(tmp_path)
    dev_file = device_dir(folder, tablet.store.device_id) / "device.json"
    copy = tmp_path / "device.json"
    shutil.copy(dev_file, copy)
    dev_file.unlink()
    dev_file.symlink_to(copy)
    linked = venue_dir(folder) / "linked"
    linked.symlink_to(device_dir(folder, head.store.device_id), target_is_directory=True)
    report = head.sync(folder)
    problems = {r.device_id: r.problem for r in report.devices}
    assert str(linked) in problems["linked"] and "link" in problems["linked"]
    assert str(dev_file) in problems[tablet.store.device_id] and "link" in problems[tablet.store.device_id]
    head.close()
    tablet.close()


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_device_node_or_a_fifo_in_place_of_a_journal_is_refused_without_blocking(tmp_path):
    head, tablet, folder = _venue(tmp_path)
    journal = _own_journal(folder, tablet)
    for kind in ("device", "fifo"):
        journal.unlink()
        if kind == "device":
            os.mknod(journal, stat.S_IFCHR | 0o600, os.makedev(1, 5))  # /dev/zero's numbers
        else:
            os.mkfifo(journal)
        report = head.sync(folder)
        problem = _refusal(report, tablet.store.device_id)
        assert str(journal) in problem and ("device node" in problem or "FIFO" in problem), problem
    head.close()
    tablet.close()


# -- bounded reading -------------------------------------------------------------------------------------------------


def _chained_lines(device_id: str, n: int) -> bytes:
    """``n`` chained event lines of a made-up device, no head (a journal nobody signed)."""
    from refapp.store.chain import GENESIS, canonical, hash_v2

    prev, out = GENESIS, []
    for s in range(1, n + 1):
        payload = {"id": f"00000000-0000-4000-8000-{s:012d}", "type": "riichi", "seat": 0, "at": "x", "by": ""}
        line = {"a": None, "o": "t", "p": payload, "s": s, "t": "x"}
        prev = hash_v2(prev, [payload["id"], device_id, s, "t", "x", None], canonical(payload))
        out.append(canonical(line))
    return ("\n".join(out) + "\n").encode()


def _stranger(folder: Path, tmp: Path, lines: bytes) -> tuple[str, Path]:
    """A device folder of a made-up device (a real key) with ``lines`` as its journal."""
    from refapp.store.chain import canonical
    from refapp.store.keys import load_or_create
    from refapp.store.syncfolder import DEVICE_FORMAT

    key = load_or_create(tmp / "stranger-key")
    device_id = "stranger"
    d = venue_dir(folder) / device_id
    d.mkdir()
    body = {"format": DEVICE_FORMAT, "version": 1, "device": device_id, "key": key.public_hex,
            "fingerprint": key.fingerprint}  # fmt: skip
    (d / "device.json").write_text(canonical(body) + "\n")
    (d / "journal.jsonl").write_bytes(lines)
    return device_id, d / "journal.jsonl"


def test_an_unsigned_journal_is_not_parsed_and_not_read_again_until_it_changes(tmp_path, monkeypatch):
    head, tablet, folder = _venue(tmp_path)
    device_id, journal = _stranger(folder, tmp_path, _chained_lines("stranger", 20_000))
    calls = []
    real = sync_module.decode
    monkeypatch.setattr(sync_module, "decode", lambda raw, where: calls.append(1) or real(raw, where))
    report = head.sync(folder)
    row = next(r for r in report.devices if r.device_id == device_id)
    assert (row.read, row.merged, row.held) == (0, 0, 0)
    assert len(calls) == 0  # no line parsed: no head after them could vouch for any
    assert head.store.conn.execute("SELECT count(*) FROM held").fetchone() == (0,)
    report = head.sync(folder)  # nothing changed: not looked at again
    assert len(calls) == 0
    head.close()
    tablet.close()


def test_lines_waiting_for_a_head_are_bounded(tmp_path, monkeypatch):
    """A journal whose lines never reach a head covering them (a head at the end that names another chain): reading
    stops after ``PENDING_BYTES`` with a line naming the device, and the journal is not read again unchanged."""
    monkeypatch.setattr(sync_module, "PENDING_BYTES", 200_000)
    head, tablet, folder = _venue(tmp_path)
    lines = _chained_lines("stranger", 5_000)
    bogus = {"head": {"format": "refapp-signed-head", "version": 1, "device": "stranger", "key": "0" * 64,
                      "events": 5000, "newest": "0" * 64, "signature": "0" * 128}}  # fmt: skip
    device_id, journal = _stranger(folder, tmp_path, lines + (json.dumps(bogus) + "\n").encode())
    calls = []
    real = sync_module.decode
    monkeypatch.setattr(sync_module, "decode", lambda raw, where: calls.append(1) or real(raw, where))
    report = head.sync(folder)
    row = next(r for r in report.devices if r.device_id == device_id)
    assert str(journal) in row.problem and "without a signed head" in row.problem
    assert 0 < len(calls) < 5_000 and (row.read, row.held) == (0, 0)
    parsed = len(calls)
    head.sync(folder)
    assert len(calls) == parsed
    head.close()
    tablet.close()


def test_an_untrusted_device_is_read_a_bounded_part_at_a_time(tmp_path, monkeypatch):
    """A device nobody trusts with a long signed journal: each sync reads at most the budget, the held events stop
    at ``HELD_MAX``, and the report says what was not read; once trusted, the rest is read and merged."""
    monkeypatch.setattr(sync_module, "UNTRUSTED_LINES", 30)
    monkeypatch.setattr(sync_module, "HELD_MAX", 50)
    monkeypatch.setattr(sync_module, "HEAD_EVERY", 10)
    head, tablet, folder = _venue(tmp_path)
    stranger = Device(tmp_path / "stranger", "Stranger")
    stranger.trust(head, "head")
    stranger.sync(folder)
    stranger.set_up(9)
    rng = random.Random(1)
    for _ in range(70):
        stranger.record(rng)
    stranger.sync(folder)
    total = stranger.own_events()
    seen = []
    for _ in range(3):
        report = head.sync(folder)
        row = next(r for r in report.devices if r.device_id == stranger.store.device_id)
        seen.append(row.held)
        assert row.merged == 0
    assert (
        seen[0] < 30 + 10 and seen[-1] < 50 + 10 and seen[0] < seen[1] == seen[2] < total
    )  # one head's lines more at most
    assert "not read" in row.problem or "later sync" in row.problem
    head.trust(stranger)
    for _ in range(3):
        head.sync(folder)
    assert (
        head.store.conn.execute(
            "SELECT count(*) FROM events WHERE device_id = ?", (stranger.store.device_id,)
        ).fetchone()[0]
        == total
    )
    for d in (head, tablet, stranger):
        d.close()


def test_a_long_first_sync_is_signed_a_part_at_a_time(tmp_path, monkeypatch):
    """The writer signs its journal at least every ``HEAD_EVERY`` events, so a reader checks and merges a first sync
    of a long history a part at a time (nothing waits for a head at the very end)."""
    monkeypatch.setattr(sync_module, "HEAD_EVERY", 7)
    head, tablet, folder = _venue(tmp_path)
    rng = random.Random(8)
    for _ in range(30):
        tablet.record(rng)
    tablet.sync(folder)
    lines = _own_journal(folder, tablet).read_text().splitlines()
    gaps, run = [], 0
    for ln in lines:
        if ln.startswith('{"head":'):
            gaps.append(run)
            run = 0
        else:
            run += 1
    assert run == 0 and max(gaps) <= 7
    head.sync(folder)
    assert (
        head.store.conn.execute(
            "SELECT count(*) FROM events WHERE device_id = ?", (tablet.store.device_id,)
        ).fetchone()[0]
        == tablet.own_events()
    )
    assert verify(head.store, rulesets()).ok
    head.close()
    tablet.close()
