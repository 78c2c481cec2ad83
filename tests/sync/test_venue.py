"""Many tablets, one tournament: devices that sync through one shared folder converge; a device nobody trusts is held
aside; a forged or re-signed journal is refused naming its device; two devices writing one table make a conflict
that is kept, shown and resolved; a handover moves a table without one."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refapp.cli import main as cli
from refapp.store import history
from refapp.store.branches import conflicts, in_conflict
from refapp.store.devices import NotHolder, handover, resolve
from refapp.store.keys import load_or_create
from refapp.store.opening import open_store
from refapp.store.signing import sign_head
from refapp.store.syncfolder import device_dir
from refapp.store.verify import verify
from tests.logs import rulesets
from tests.sync.venue import Device


def _venue(tmp: Path, n: int) -> tuple[list[Device], Path]:
    """The head referee's device (which creates the tournament and trusts the tablets) and ``n - 1`` tablets (which
    trust the head referee's device, get the tournament through the folder and set up a table each)."""
    folder = tmp / "shared"
    folder.mkdir()
    head = Device(tmp / "head", "Head")
    head.store.create_tournament("Venue Open")
    tablets = [Device(tmp / f"tablet{i}", f"T{i}") for i in range(1, n)]
    for t in tablets:
        t.trust(head, "head")
        head.trust(t)
    head.sync(folder)
    for i, t in enumerate(tablets, 1):
        t.sync(folder)
        t.set_up(i)
    return [head, *tablets], folder


def _settle(devices: list[Device], folder: Path) -> None:
    for _ in range(3):  # every device has written and read everything after two rounds; the third changes nothing
        for d in devices:
            d.sync(folder)


def _torn_append(d: Device, folder: Path, rng: random.Random) -> None:
    """A sync whose append to the folder was cut (a USB stick pulled out): the journal ends at a random byte of it."""
    path = device_dir(folder, d.store.device_id) / "journal.jsonl"
    before = path.stat().st_size if path.exists() else 0
    d.record(rng)
    d.sync(folder)
    after = path.stat().st_size
    with path.open("r+b") as fh:
        fh.truncate(rng.randint(before, after - 1))


STEPS = st.lists(
    st.tuples(st.sampled_from(["record", "record", "sync", "torn", "offline"]), st.integers(0, 2)), max_size=18
)


@pytest.mark.parametrize("n", [2, 3])
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(steps=STEPS, seed=st.integers(0, 10**6))
def test_devices_syncing_through_one_folder_converge(tmp_path_factory, n, steps, seed):
    """Two and three data folders (the head referee's device and tablets), rulings recorded in any order, syncs in
    any order, a device that stays away for a while, appends cut short: after everyone has synced, every device
    holds the same events and every table the same line, and every history verifies."""
    rng = random.Random(seed)
    devices, folder = _venue(tmp_path_factory.mktemp("venue"), n)
    tablets = devices[1:]
    away: set[int] = set()
    try:
        for action, k in steps:
            k %= n
            d = devices[k]
            if action == "offline":
                away ^= {k}  # leaves the venue's network, or comes back
            elif action == "record" and d in tablets:
                d.record(rng)
            elif action == "sync" and k not in away:
                d.sync(folder)
            elif action == "torn" and d in tablets and k not in away:
                _torn_append(d, folder, rng)
        _settle(devices, folder)
        first = devices[0].history()
        for d in devices[1:]:
            assert d.history() == first
        for d in devices:
            report = verify(d.store, rulesets())
            assert report.ok, report.message()
            assert not d.store.conn.execute("SELECT 1 FROM held").fetchone()
    finally:
        for d in devices:
            d.close()


def test_events_of_a_device_nobody_trusts_are_held_and_shown_never_merged(tmp_path):
    devices, folder = _venue(tmp_path, 2)
    head, tablet = devices
    stranger = Device(tmp_path / "stranger", "Stranger")
    stranger.trust(head, "head")
    stranger.sync(folder)
    stranger.set_up(9)
    for _ in range(3):
        stranger.record(random.Random(1))
    stranger.sync(folder)
    report = head.sync(folder)
    row = next(r for r in report.devices if r.device_id == stranger.store.device_id)
    assert (row.status, row.merged, row.held) == ("untrusted", 0, stranger.own_events())
    assert head.store.conn.execute(
        "SELECT count(*) FROM events WHERE device_id = ?", (stranger.store.device_id,)
    ).fetchone() == (0,)
    assert not any(t.number == 9 for t in head.store.tables(head.store.tournaments()[0]["id"]))
    # shown: `refapp devices` names it, untrusted, with its events held
    from refapp.store.venue_reads import devices as device_rows

    shown = next(r for r in device_rows(head.store) if r.device_id == stranger.store.device_id)
    assert (shown.status, shown.held, shown.fingerprint) == ("untrusted", stranger.own_events(), stranger.fingerprint)
    # trusted by its fingerprint: what was held is merged, checked again
    head.trust(stranger)
    from refapp.store.sync import merge_held

    assert merge_held(head.store, rulesets()) == stranger.own_events()
    assert any(t.number == 9 for t in head.store.tables(head.store.tournaments()[0]["id"]))
    assert verify(head.store, rulesets()).ok
    for d in (*devices, stranger):
        d.close()


def _journal(folder: Path, d: Device) -> Path:
    return device_dir(folder, d.store.device_id) / "journal.jsonl"


def test_a_journal_changed_in_the_folder_is_refused_naming_its_device(tmp_path):
    devices, folder = _venue(tmp_path, 2)
    head, tablet = devices
    rng = random.Random(3)
    for _ in range(4):
        tablet.record(rng)
    tablet.sync(folder)
    path = _journal(folder, tablet)
    lines = path.read_text().splitlines()
    i = max(k for k, ln in enumerate(lines) if '"riichi"' in ln or '"tsumo"' in ln)
    forged = lines[i].replace('"by":"T1"', '"by":"Mallory"')
    assert forged != lines[i]
    path.write_text("\n".join(lines[:i] + [forged] + lines[i + 1 :]) + "\n")
    report = head.sync(folder)
    row = next(r for r in report.devices if r.device_id == tablet.store.device_id)
    assert tablet.store.device_id in row.problem and "newest hash" in row.problem
    # what the tablet's earlier signed heads cover was merged; nothing from the changed stretch on
    forged_id = json.loads(forged)["p"]["id"]
    stored = {r[0] for r in head.store.conn.execute("SELECT uuid FROM events WHERE device_id = ?",
                                                    (tablet.store.device_id,))}  # fmt: skip
    assert forged_id not in stored and len(stored) == row.merged < tablet.own_events()
    assert verify(head.store, rulesets()).ok
    code = cli(["--data-dir", str(head.path), "devices"])
    assert code == 0
    for d in devices:
        d.close()


def test_a_journal_signed_again_by_another_key_is_refused_naming_its_device(tmp_path):
    devices, folder = _venue(tmp_path, 2)
    head, tablet = devices
    tablet.record(random.Random(4))
    tablet.sync(folder)
    # Mallory rewrites a ruling of the tablet's journal, computes its chain again and signs it with her own key
    from refapp.store.codec_syncline import event_of, to_journal

    path = _journal(folder, tablet)
    mallory = load_or_create(tmp_path / "mallory")
    rows, prev = [], "0" * 64
    out = []
    for raw in path.read_text().splitlines():
        obj = json.loads(raw)
        if "head" in obj:
            continue
        obj["p"]["by"] = "Mallory" if obj["p"].get("type") == "hanchan_start" else obj["p"].get("by", "")
        line = to_journal(tablet.store.device_id, event_of(obj), prev)
        prev = line["hash"]
        rows.append(line)
        out.append(json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    head_ = sign_head(mallory, tablet.store.device_id, rows[-1]["device_seq"], prev).to_json()
    out.append(json.dumps({"head": head_}, sort_keys=True, separators=(",", ":")))
    path.write_text("\n".join(out) + "\n")
    before = head.store.count_events()
    report = head.sync(folder)
    row = next(r for r in report.devices if r.device_id == tablet.store.device_id)
    assert tablet.store.device_id in row.problem
    assert mallory.fingerprint in row.problem and tablet.fingerprint in row.problem
    assert head.store.count_events() == before
    for d in devices:
        d.close()


def test_two_devices_writing_one_table_are_a_conflict_kept_shown_and_resolved(tmp_path, capsys):
    devices, folder = _venue(tmp_path, 3)
    head, b, c = devices
    rng = random.Random(5)
    b.record(rng)
    b.sync(folder)
    c.sync(folder)
    table = c.store.table(b.table.table_id)
    # the referee takes table 1 over on tablet C (tablet B seemed dead), but B goes on recording before it syncs
    handover(c.store, table, "Marie")
    c_event = c.record(rng, table)
    b_event = b.record(rng)
    _settle(devices, folder)
    for d in devices:
        assert in_conflict(d.store.conn, table.table_id), d.name
    found = conflicts(head.store.conn)
    assert len(found) == 1 and found[0].state == "open"
    branches = {br.first: br for br in found[0].branches}
    assert set(branches) == {b_event["id"], c_event["id"]}
    assert branches[b_event["id"]].devices == (b.store.device_id,)
    assert branches[c_event["id"]].devices == (c.store.device_id,)
    # each tablet still shows what it recorded; the head referee's inbox lists both branches
    assert b.store.table_events(table.table_id)[-1]["id"] == b_event["id"]
    assert c.store.table_events(table.table_id)[-1]["id"] == c_event["id"]
    assert cli(["--data-dir", str(head.path), "conflicts", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown[0]["table"] == 1 and shown[0]["state"] == "open" and len(shown[0]["branches"]) == 2
    # the head referee keeps C's branch, with a reason
    resolve(head.store, table.table_id, found[0].after, c_event["id"], "the table was handed over to C at 10:42",
            "Head referee")  # fmt: skip
    _settle(devices, folder)
    for d in devices:
        assert not in_conflict(d.store.conn, table.table_id), d.name
        assert d.store.table_events(table.table_id)[-1]["id"] == c_event["id"]
        # both branches are kept: B's ruling is still stored, shown as set aside with the reason
        rows = {r["uuid"]: r for r in history.query(d.store, include_voided=True, types=None, limit=None)}
        assert rows[b_event["id"]]["voided"] and rows[b_event["id"]]["set_aside"]
        assert not rows[c_event["id"]]["voided"]
        assert verify(d.store, rulesets()).ok
    from refapp.store.history_detail import incident_extra

    extra = incident_extra(head.store, rows[b_event["id"]])
    assert extra.void is not None and extra.void.set_aside and "handed over" in extra.void.reason
    for d in devices:
        d.close()


def test_long_branches_read_in_one_sync_are_still_a_conflict(tmp_path):
    """A device that reads both branches of a fork for the first time, each long (the quick path of a long merge),
    finds the conflict as a device that read them one by one does; an entry after the resolution extends the kept
    branch, and one made on the set-aside branch is set aside too."""
    devices, folder = _venue(tmp_path, 3)
    head, b, c = devices
    rng = random.Random(11)
    b.record(rng)
    b.sync(folder)
    c.sync(folder)
    table = c.store.table(b.table.table_id)
    handover(c.store, table, "Marie")
    c_first = c.record(rng, table)
    b_first = b.record(rng)
    for _ in range(40):
        c.record(rng, table)
        b.record(rng)
    b.sync(folder)
    c.sync(folder)
    late = Device(tmp_path / "late", "Late")
    late.trust(head, "head")
    head.trust(late)
    head.sync(folder)
    report = late.sync(folder)
    assert report.conflicts == ["table 1 (Venue Open)"]
    assert in_conflict(late.store.conn, table.table_id)
    found = conflicts(late.store.conn)
    assert len(found) == 1 and {br.first for br in found[0].branches} == {b_first["id"], c_first["id"]}
    assert sorted(br.events for br in found[0].branches) == [41, 41]
    resolve(head.store, table.table_id, found[0].after, c_first["id"], "the table was handed over to C", "Head")
    b_late = b.record(rng)  # B has not heard of the resolution yet
    for d in (head, b, c):
        d.sync(folder)
    late.sync(folder)
    assert not in_conflict(late.store.conn, table.table_id)
    rows = {r["uuid"]: r for r in history.query(late.store, include_voided=True, types=None, limit=None)}
    assert rows[b_first["id"]]["set_aside"] and rows[b_late["id"]]["set_aside"]
    assert not rows[c_first["id"]]["voided"]
    assert late.store.table_events(table.table_id)[-1]["id"] != b_late["id"]
    assert verify(late.store, rulesets()).ok
    for d in (*devices, late):
        d.close()


def test_a_handover_moves_a_table_without_a_conflict(tmp_path):
    devices, folder = _venue(tmp_path, 3)
    head, b, c = devices
    rng = random.Random(6)
    for _ in range(3):
        b.record(rng)
    b.sync(folder)
    c.sync(folder)
    table = c.store.table(b.table.table_id)
    with pytest.raises(NotHolder) as err:  # C cannot write B's table before it takes it over
        c.book(table).require_holder()
    assert "table 1" in str(err.value) and "T1" in str(err.value) or b.fingerprint in str(err.value)
    handover(c.store, table, "Marie")
    c.book(table).require_holder()
    for _ in range(2):
        c.record(rng, table)
    _settle(devices, folder)
    for d in devices:
        assert not conflicts(d.store.conn)
        assert verify(d.store, rulesets()).ok
    assert b.history() == c.history() == head.history()
    with pytest.raises(NotHolder):  # and B now knows it no longer writes it
        b.book().require_holder()
    for d in devices:
        d.close()


def test_verify_checks_every_devices_signature(tmp_path):
    devices, folder = _venue(tmp_path, 2)
    head, tablet = devices
    tablet.record(random.Random(7))
    _settle(devices, folder)
    assert verify(head.store, rulesets()).ok
    head.close()
    conn = sqlite3.connect(tmp_path / "head" / "refapp.sqlite3")
    conn.execute("UPDATE heads SET signature = ? WHERE device_id = ?", ("00" * 64, tablet.store.device_id))
    conn.commit()
    conn.close()

    store = open_store(tmp_path / "head", read_only=True)
    report = verify(store, rulesets())
    assert not report.ok and tablet.store.device_id in report.message() and "signature" in report.message()
    store.close()
    tablet.close()


def test_a_device_whose_data_folder_was_copied_is_refused_in_the_folder(tmp_path):
    devices, folder = _venue(tmp_path, 2)
    head, tablet = devices
    tablet.record(random.Random(8))
    tablet.sync(folder)
    tablet.close()
    shutil.copytree(tmp_path / "tablet1", tmp_path / "copy")
    (tmp_path / "copy" / "refapp.lock").unlink(missing_ok=True)
    twin = Device(tmp_path / "copy", "T1")
    twin.table = twin.store.tables(twin.store.tournaments()[0]["id"])[0]
    twin.record(random.Random(9))
    original = Device(tmp_path / "tablet1", "T1")
    original.table = twin.table
    original.record(random.Random(10))
    original.sync(folder)
    from refapp.store.sync import SyncError

    with pytest.raises(SyncError, match="not this device's history"):
        twin.sync(folder)
    for d in (head, twin, original):
        d.close()
