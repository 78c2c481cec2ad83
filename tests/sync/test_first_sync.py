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

from refapp.store.devices import add_trust, handover
from refapp.store.opening import open_store
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


def _first_sync(path: Path, folder: Path, group_seconds: float | None) -> None:
    store = open_store(path)
    report = sync(store, folder, rulesets(), group_seconds=group_seconds)
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


CHILD = "import sys; from refapp.cli import main; sys.exit(main(sys.argv[1:]))"


def test_a_first_sync_killed_at_any_moment_is_completed_by_the_next(venue, tmp_path):
    head, folder = venue
    _late(tmp_path / "reference", head)
    started = time.monotonic()
    cmd = [sys.executable, "-c", CHILD, "--data-dir", str(tmp_path / "reference"), "sync"]
    subprocess.run([*cmd, str(_copy(folder, tmp_path / "f-reference"))], check=True, capture_output=True)
    whole = time.monotonic() - started  # a whole first sync, Python's start included
    reference = _rows(tmp_path / "reference")
    rng = random.Random(7)
    killed = 0
    for trial in range(8):
        path, shared = tmp_path / f"late{trial}", _copy(folder, tmp_path / f"f-late{trial}")
        _late(path, head)
        proc = subprocess.Popen([sys.executable, "-c", CHILD, "--data-dir", str(path), "sync", str(shared)],
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
