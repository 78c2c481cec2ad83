"""A first sync (a new device reading a whole venue) merges in shared transactions (``Store.grouped``): the rows it
stores are, column for column, those of the plain path (each write its own transaction) on a venue with a conflict,
a handover, held events and two rule sets; and a first sync killed at any moment loses nothing: the next sync
completes it to the same rows, and verify finds nothing wrong."""

from __future__ import annotations

import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from refapp.store import ahead as derive_ahead
from refapp.store import sync as sync_module
from refapp.store.devices import add_trust, handover
from refapp.store.opening import open_store
from refapp.store.schema import DEFERRABLE
from refapp.store.sync import sync
from refapp.store.verify import verify
from tests.logs import rulesets
from tests.sync.venue import Device

# every table that a merge writes, and what identifies a row of it (the late device's own rows are left out: its
# trust entry and the names it publishes are its own events, and differ from one late device to another)
TABLES = {
    "events": "device_id, device_seq",
    "tournaments": "id",
    "game_tables": "id",
    "players": "id",
    "hanchans": "id",
    "held": "device_id, device_seq",
    "handovers": "event",
    "table_forks": 'table_id, "after"',
    "set_aside": "uuid",
    "table_states": "table_id",
    "unheld": "uuid",
    "signed_heads": "device_id, events",
}


@pytest.fixture(scope="module")
def venue(tmp_path_factory):
    """The head referee's device and three tablets: T1 and T2 write table 1 after a handover without T1 knowing (a
    conflict), T3 writes table 3 under both rule sets it picks from; a device nobody trusts writes a table too (its
    events are held)."""
    tmp = tmp_path_factory.mktemp("venue")
    folder = tmp / "shared"
    folder.mkdir()
    head = Device(tmp / "head", "Head")
    head.store.create_tournament("Venue Open")
    tablets = [Device(tmp / f"tablet{i}", f"T{i}") for i in (1, 2, 3)]
    stranger = Device(tmp / "stranger", "X")
    for t in (*tablets, stranger):
        t.trust(head, "head")
    for t in tablets:
        head.trust(t)
    head.sync(folder)
    for i, t in zip((1, 2, 3), tablets):
        t.sync(folder)
        t.set_up(i)
    stranger.sync(folder)
    stranger.set_up(9)
    t1, t2, t3 = tablets
    rng = random.Random(3)
    for _ in range(30):
        t1.record(rng)
        t3.record(rng)
        stranger.record(rng)
    t1.sync(folder)
    t2.sync(folder)
    table = t2.store.table(t1.table.table_id)
    handover(t2.store, table, "Marie")
    for _ in range(25):
        t2.record(rng, table)
        t1.record(rng)  # T1 has not read the handover: a fork
    for _ in range(150):
        t3.record(rng)
    for d in (*tablets, stranger, head):
        d.sync(folder)
    assert head.fingerprint
    yield head, folder
    for d in (head, *tablets, stranger):
        d.close()


def _late(path: Path, head: Device) -> None:
    store = open_store(path)
    add_trust(store, head.fingerprint, "Head referee", role="head")
    store.close()


def _rows(path: Path) -> dict[str, list[tuple]]:
    store = open_store(path, read_only=True)
    own = store.device_id
    conn = store.conn
    out = {}
    for table, key in TABLES.items():
        cols = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
        where = " WHERE device_id != ?" if "device_id" in cols else ""
        quoted = ", ".join(f'"{c}"' for c in cols)
        out[table] = conn.execute(
            f"SELECT {quoted} FROM {table}{where} ORDER BY {key}", (own,) if where else ()
        ).fetchall()
    store.close()
    return out


def _copy(folder: Path, to: Path) -> Path:
    """The venue's folder as it is now, for one late device (each writes its own journal there)."""
    shutil.copytree(folder, to)
    return to


def _first_sync(path: Path, folder: Path, group_seconds: float | None, ahead: bool | None = False) -> None:
    store = open_store(path)
    report = sync(store, folder, rulesets(), group_seconds=group_seconds, ahead=ahead)
    assert not [d.problem for d in report.devices if d.problem and d.status != "untrusted"], report
    store.close()


def test_the_grouped_first_sync_stores_what_the_plain_path_stores(venue, tmp_path):
    head, folder = venue
    _late(tmp_path / "plain", head)
    _first_sync(tmp_path / "plain", _copy(folder, tmp_path / "f-plain"), None)
    _late(tmp_path / "grouped", head)
    _first_sync(tmp_path / "grouped", _copy(folder, tmp_path / "f-grouped"), 0.25)
    plain, grouped = _rows(tmp_path / "plain"), _rows(tmp_path / "grouped")
    assert len(plain["events"]) > 280 and plain["held"] and plain["table_forks"] and plain["handovers"]
    assert len({r[0] for r in plain["hanchans"]}) > 1
    rulesets_used = open_store(tmp_path / "plain", read_only=True)
    assert (
        len({r[0] for r in rulesets_used.conn.execute("SELECT DISTINCT ruleset_id FROM events WHERE ruleset_id != ''")})
        == 2
    )
    rulesets_used.close()
    for table in TABLES:
        assert grouped[table] == plain[table], table


@pytest.fixture
def taken(monkeypatch):
    """How many rows each sync took from the process deriving ahead (refapp.store.ahead), and derived itself."""
    seen: list[tuple[int, int]] = []
    close = derive_ahead.Ahead.close

    def counting(self):
        seen.append((self.used, self.derived_here))
        close(self)

    monkeypatch.setattr(derive_ahead.Ahead, "close", counting)
    return seen


def _indexes(path: Path) -> list[tuple[str, str]]:
    store = open_store(path, read_only=True)
    found = store.conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name").fetchall()
    store.close()
    return found


def test_rows_derived_ahead_are_those_derived_here(venue, tmp_path, taken, monkeypatch):
    head, folder = venue
    _late(tmp_path / "plain", head)
    _first_sync(tmp_path / "plain", _copy(folder, tmp_path / "f-plain"), None)
    _late(tmp_path / "ahead", head)
    dropped: list[list[str]] = []
    drop = sync_module.drop_deferred
    monkeypatch.setattr(sync_module, "drop_deferred", lambda conn: dropped.append(drop(conn)) or dropped[-1])
    _first_sync(tmp_path / "ahead", _copy(folder, tmp_path / "f-ahead"), 0.25, ahead=True)
    plain, ahead = _rows(tmp_path / "plain"), _rows(tmp_path / "ahead")
    for table in TABLES:
        assert ahead[table] == plain[table], table
    # a first sync: the indexes no step of it reads were built at its end, as they were
    assert dropped == [list(DEFERRABLE)]
    assert _indexes(tmp_path / "ahead") == _indexes(tmp_path / "plain")
    # the other process derived the rows of the tables only one device wrote; the conflicting table (two devices
    # wrote it) and its fork were derived here (and what was held until the end of the sync: merged after it)
    [(used, here)] = taken
    assert used > 200 and here > 0


def _tamper(folder: Path, device_id: str) -> None:
    """One of the device's riichi lines says another seat (what the process deriving ahead may read if the file
    changes between its reading and the merge's): every hash from there on differs from the signed ones."""
    journal = folder / "refapp-venue" / device_id / "journal.jsonl"
    lines = journal.read_bytes().split(b"\n")
    for i, raw in enumerate(lines):
        if b'"type":"riichi"' in raw and b'"seat":1' in raw:
            lines[i] = raw.replace(b'"seat":1', b'"seat":2')
            break
    else:
        raise AssertionError("no riichi of seat 1")
    journal.write_bytes(b"\n".join(lines))


def test_rows_derived_ahead_from_other_bytes_are_not_taken(venue, tmp_path, taken, monkeypatch):
    head, folder = venue
    _late(tmp_path / "plain", head)
    _first_sync(tmp_path / "plain", _copy(folder, tmp_path / "f-plain"), None)
    other = _copy(folder, tmp_path / "f-other")  # what the other process reads: T3's journal changed
    t3 = max((p.parent.name for p in (other / "refapp-venue").glob("*/journal.jsonl")), key=lambda n: (
        other / "refapp-venue" / n / "journal.jsonl").stat().st_size)  # fmt: skip
    _tamper(other, t3)
    start = derive_ahead.Ahead.__init__
    monkeypatch.setattr(derive_ahead.Ahead, "__init__", lambda self, root, *a: start(self, other, *a))
    _late(tmp_path / "ahead", head)
    _first_sync(tmp_path / "ahead", _copy(folder, tmp_path / "f-ahead"), 0.25, ahead=True)
    plain, ahead = _rows(tmp_path / "plain"), _rows(tmp_path / "ahead")
    for table in TABLES:
        assert ahead[table] == plain[table], table
    [(used, here)] = taken
    assert here > 150  # T3's table (from the changed line on) was derived here
    assert used > 0


# a process busy with the first device's journal for ever: it says so, and says it again, but never finishes
BUSY = """
import pickle, sys, time
root, venue, jobs, catalog, pinned = pickle.load(sys.stdin.buffer)
out = sys.stdout.buffer
pickle.dump(("device", jobs[0].name, jobs[0].name), out)
for k in range(1200):
    pickle.dump(("rows", k, [], {}, {}), out)
    out.flush()
    time.sleep(0.05)
"""


@pytest.mark.parametrize(
    "child", ["import sys; sys.exit(3)", "import time; time.sleep(60)", BUSY], ids=["stops", "silent", "busy"]
)
def test_a_sync_whose_other_process_stops_or_falls_silent_derives_the_rows_itself(
    venue, tmp_path, taken, monkeypatch, child
):
    head, folder = venue
    _late(tmp_path / "plain", head)
    _first_sync(tmp_path / "plain", _copy(folder, tmp_path / "f-plain"), None)
    monkeypatch.setattr(derive_ahead, "command", lambda *_: [sys.executable, "-c", child])
    monkeypatch.setattr(derive_ahead, "SILENCE", 0.5)
    monkeypatch.setattr(derive_ahead, "WAIT_MIN", 0.3)
    _late(tmp_path / "ahead", head)
    started = time.monotonic()
    _first_sync(tmp_path / "ahead", _copy(folder, tmp_path / "f-ahead"), 0.25, ahead=True)
    assert time.monotonic() - started < 20
    assert _rows(tmp_path / "ahead") == _rows(tmp_path / "plain")
    [(used, here)] = taken
    assert used == 0 and here > 250


def test_an_incremental_sync_derives_ahead_only_what_follows_nothing_stored(venue, tmp_path, taken):
    """Tables that already hold events here when the sync starts are derived here (the other process knows only what
    it read in this sync); the rows are the same either way."""
    head, folder = venue
    _late(tmp_path / "plain", head)
    shared = _copy(folder, tmp_path / "f-plain")
    store = open_store(tmp_path / "plain")
    sync(store, shared, rulesets(), ahead=False)
    (table3,) = store.conn.execute("SELECT id FROM game_tables WHERE number = 3").fetchone()
    store.close()
    t4 = Device(tmp_path / "t4", "T4")  # takes table 3 over, and sets up table 4
    t4.trust(head, "head")
    t4.sync(shared)
    handover(t4.store, t4.store.table(table3), "Marie")
    rng = random.Random(11)
    for _ in range(20):
        t4.record(rng, t4.store.table(table3))
    t4.set_up(4)
    for _ in range(20):
        t4.record(rng)
    t4.sync(shared)
    store = open_store(tmp_path / "plain")
    add_trust(store, t4.fingerprint, "T4")  # (the late device trusts it itself)
    store.close()
    t4.close()
    shutil.copytree(tmp_path / "plain", tmp_path / "ahead")  # (the same device twice: they never meet)
    _copy(shared, tmp_path / "f-ahead")
    _first_sync(tmp_path / "plain", shared, 0.25, ahead=False)
    _first_sync(tmp_path / "ahead", tmp_path / "f-ahead", 0.25, ahead=True)
    assert _rows(tmp_path / "ahead") == _rows(tmp_path / "plain")
    [(used, here)] = taken
    assert used >= 20 and here >= 20  # table 4's rows from the other process, table 3's derived here


CHILD = "import sys; from refapp.cli import main; sys.exit(main(sys.argv[1:]))"
AHEAD = "import refapp.store.ahead as a; a.WORTH = 0; " + CHILD  # (the venue is small: derived ahead all the same)


@pytest.mark.parametrize("child", [CHILD, AHEAD], ids=["plain", "ahead"])
def test_a_first_sync_killed_at_any_moment_is_completed_by_the_next(venue, tmp_path, child):
    head, folder = venue
    _late(tmp_path / "reference", head)
    started = time.monotonic()
    cmd = [sys.executable, "-c", child, "--data-dir", str(tmp_path / "reference"), "sync"]
    subprocess.run([*cmd, str(_copy(folder, tmp_path / "f-reference"))], check=True, capture_output=True)
    whole = time.monotonic() - started  # a whole first sync, Python's start included
    reference = _rows(tmp_path / "reference")
    rng = random.Random(7)
    killed = 0
    for trial in range(8):
        path, shared = tmp_path / f"late{trial}", _copy(folder, tmp_path / f"f-late{trial}")
        _late(path, head)
        proc = subprocess.Popen([sys.executable, "-c", child, "--data-dir", str(path), "sync", str(shared)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        time.sleep(rng.uniform(0.3, 1.0) * whole)
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            killed += 1
        proc.wait(30)
        store = open_store(path)  # the open finds nothing lost (its journal and its database agree)
        sync(store, shared, rulesets())
        assert verify(store, rulesets()).ok, trial
        store.close()
        assert _rows(path) == reference, trial
    assert killed >= 4  # the kills did land in the middle of first syncs
