"""The store under damage: corrupted and truncated files, restore from backup, a read-only folder, a full disk,
a tampered event, and migrations from every earlier schema version."""

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from refapp.store import schema
from refapp.store.backup import backup, backups, maybe_backup
from refapp.store.db import (
    DB_NAME,
    GENESIS,
    HASHED,
    DamagedDatabase,
    Store,
    StoreError,
    canonical,
    row_hash,
)
from refapp.store.opening import open_store
from refapp.store.restoring import restore_newest_good_backup
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.logs import ev, hand, riichi, ron, rulesets, start


def filled(tmp_path: Path, n_riichi: int = 3) -> tuple[Store, TableBook]:
    store = open_store(tmp_path)
    tid = store.create_tournament("Paris Open", "2026-11-22T09:00:00+01:00")
    book = TableBook(store, store.create_table(tid, 7), rulesets())  # (as before schema 4: two transactions)
    book.commit(start("wrc-2015"))
    for seat in range(n_riichi):
        book.commit(riichi(seat))
    return store, book


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_truncated_database_is_detected_never_written_and_restored_from_backup(tmp_path):
    store, book = filled(tmp_path)
    backup(store)
    book.commit(ron(3, hand(1, limit="mangan")))  # after the backup: lost with the damaged file, kept aside
    store.close()
    db = tmp_path / DB_NAME
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2 - 17])
    damaged = sha(db)
    with pytest.raises(DamagedDatabase) as err:
        open_store(tmp_path)
    assert "is damaged" in str(err.value) and str(db) in str(err.value)
    assert sha(db) == damaged  # opening did not write to it
    used = restore_newest_good_backup(tmp_path)
    assert used == backups(tmp_path)[0]
    kept = list(tmp_path.glob("damaged-*/" + DB_NAME))
    assert [sha(p) for p in kept] == [damaged]
    store = open_store(tmp_path)
    assert verify(store).ok
    table = store.tables(store.tournaments()[0]["id"])[0]
    st = TableBook(store, table, rulesets()).state
    # the backup, and the ron stored after it: recovered from the journal
    assert [s.score for s in st.seats] == [29000, 29000 + 8000 + 3000, 29000, 30000 - 8000] and st.riichi_sticks == 0


def test_garbage_header_and_corrupted_pages_are_detected(tmp_path):
    store, _ = filled(tmp_path, n_riichi=3)
    store.close()
    db = tmp_path / DB_NAME
    data = bytearray(db.read_bytes())
    page = 4096
    data[2 * page : 2 * page + 200] = b"\xff" * 200  # a b-tree page header smashed
    db.write_bytes(bytes(data))
    with pytest.raises(DamagedDatabase):
        open_store(tmp_path)
    db.write_bytes(b"this is not a database at all, just text" * 10)
    with pytest.raises(DamagedDatabase, match="not a SQLite database"):
        open_store(tmp_path)


def test_no_good_backup_leaves_the_damaged_file_alone(tmp_path):
    (tmp_path / DB_NAME).write_bytes(b"junk" * 100)
    with pytest.raises(StoreError, match="No good backup"):
        restore_newest_good_backup(tmp_path)
    assert (tmp_path / DB_NAME).read_bytes() == b"junk" * 100


def test_a_torn_newest_backup_is_skipped_for_the_newest_good_one(tmp_path):
    # Backups are not flushed by SQLite (a 100 MB flush would stall the rulings committed meanwhile): after a power
    # cut the newest copy may be torn. The restore checks each copy and takes the newest good one.
    store, book = filled(tmp_path)
    older = backup(store)
    book.commit(ron(3, hand(1, limit="mangan")))
    newest = backup(store)
    store.close()
    assert backups(tmp_path)[0] == newest
    data = newest.read_bytes()
    newest.write_bytes(data[:4096] + b"\0" * (len(data) - 4096))  # the pages never reached the disk
    (tmp_path / DB_NAME).write_bytes(b"junk" * 100)
    assert restore_newest_good_backup(tmp_path) == older
    store = open_store(tmp_path)
    assert verify(store).ok
    table = store.tables(store.tournaments()[0]["id"])[0]
    st = TableBook(store, table, rulesets()).state
    # the older backup, then the ron from the journal; the torn copy is kept aside with the damaged files
    assert [s.score for s in st.seats] == [29000, 29000 + 8000 + 3000, 29000, 30000 - 8000] and st.riichi_sticks == 0
    assert list(tmp_path.glob(f"damaged-*/{newest.name}"))
    store.close()


def test_backups_rotate(tmp_path):
    store, _ = filled(tmp_path)
    for _ in range(13):
        backup(store, keep=10)
    assert len(backups(tmp_path)) == 10


def test_disk_full_refuses_the_ruling_and_keeps_the_last_stored_state(tmp_path):
    store, book = filled(tmp_path, n_riichi=1)
    before = [s.score for s in book.state.seats], book.state.riichi_sticks, len(book.events)
    pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count = {pages}")  # SQLite now answers SQLITE_FULL, as on a full disk
    big = ev("incident", seat=2, offence="warning", note="x" * 20000)
    with pytest.raises(StoreError, match="NOT saved: the disk is full"):
        book.commit(big)
    assert ([s.score for s in book.state.seats], book.state.riichi_sticks, len(book.events)) == before
    assert big["id"] not in {e["id"] for e in store.table_events(book.table.table_id)}
    assert book.state.seats[2].warnings == 0


def _make_read_only(folder: Path) -> callable:
    """Make ``folder`` and its database read-only for this process; return the undo. Root ignores permission bits,
    so as root the immutable attribute is used (it stops root too)."""
    paths = [folder / DB_NAME, folder]
    if os.geteuid() != 0:
        for p in paths:
            os.chmod(p, 0o444 if p.is_file() else 0o555)
        return lambda: [os.chmod(p, 0o644 if p.is_file() else 0o755) for p in paths]
    if shutil.which("chattr") is None:
        pytest.skip("running as root without chattr: cannot make a folder read-only")
    for p in paths:
        subprocess.run(["chattr", "+i", str(p)], check=True)
    return lambda: [subprocess.run(["chattr", "-i", str(p)], check=True) for p in reversed(paths)]


def test_read_only_data_folder_refuses_rulings_and_shows_the_last_stored_state(tmp_path):
    folder = tmp_path / "data"
    store, book = filled(folder, n_riichi=2)
    n_events = len(book.events)
    store.close()
    undo = _make_read_only(folder)
    try:
        store = open_store(folder)
        assert store.read_only
        table = store.tables(store.tournaments()[0]["id"])[0]
        book = TableBook(store, table, rulesets())
        assert [s.score for s in book.state.seats] == [29000, 29000, 30000, 30000]
        with pytest.raises(StoreError) as err:
            book.commit(riichi(3))
        assert str(err.value) == (
            "The ruling was NOT saved: the data folder is read-only. Choose a writable data folder and confirm again."
        )
        assert [s.score for s in book.state.seats] == [29000, 29000, 30000, 30000]
        assert len(store.table_events(table.table_id)) == n_events
        store.close()
    finally:
        undo()


def _seq(store: Store, uuid: str) -> int:
    return store.conn.execute("SELECT seq FROM events WHERE uuid = ?", (uuid,)).fetchone()[0]


def test_tampered_event_is_reported_by_verify(tmp_path):
    store, book = filled(tmp_path)
    assert verify(store).ok
    uuid2 = book.events[2]["id"]
    store.conn.execute("DROP TRIGGER events_no_update")
    store.conn.execute(
        "UPDATE events SET payload = replace(payload, '\"seat\":1', '\"seat\":2') WHERE uuid = ?", (uuid2,)
    )
    report = verify(store)
    assert not report.ok
    assert report.first_bad["uuid"] == uuid2 and report.first_bad["seq"] == _seq(store, uuid2)
    assert "content was changed" in report.message()


def test_deleted_event_is_reported_by_verify(tmp_path):
    store, book = filled(tmp_path)
    gone, next_ = _seq(store, book.events[1]["id"]), _seq(store, book.events[2]["id"])
    store.conn.execute("DROP TRIGGER events_no_delete")
    store.conn.execute("DELETE FROM events WHERE seq = ?", (gone,))
    report = verify(store)
    assert not report.ok and report.first_bad["seq"] == next_
    assert "missing or was reordered" in report.first_bad["reason"]


def test_append_only_triggers_refuse_updates_and_deletes(tmp_path):
    store, _ = filled(tmp_path)
    for sql in (
        "UPDATE events SET note = 'x'",
        "DELETE FROM events",
        "DELETE FROM tournaments",
        "UPDATE hanchans SET number = 2",
        "UPDATE ruleset_contents SET content = '{}'",
    ):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            store.conn.execute(sql)
    # the projections follow their events (a later change of a player is an event): a stray update is refused by
    # nothing but found by verify
    store.conn.execute("UPDATE tournaments SET name = 'y'")
    assert "tournaments" in verify(store).message()


# -- migrations: a database left by every earlier schema version opens, keeps its data and verifies ----------------


def _v1_rows(device: str) -> list[dict]:
    payloads = [
        {
            "type": "hanchan_start",
            "id": "e1",
            "at": "2026-01-01T10:00:00Z",
            "by": "ref",
            "players": ["Ann", "Bob", "Cyd", "Dan"],
            "ruleset": "ema-2012",
        },
        {"type": "riichi", "id": "e2", "at": "2026-01-01T10:05:00Z", "by": "ref", "seat": 2},
        {
            "type": "incident",
            "id": "e3",
            "at": "2026-01-01T10:06:00Z",
            "by": "ref",
            "seat": 1,
            "offence": "invalid_win_revealed",
            "answers": {},
            "note": "showed 13 tiles",
        },
        {"type": "void", "id": "e4", "at": "2026-01-01T10:07:00Z", "by": "ref", "target": "e3", "reason": "wrong seat"},
        {
            "type": "incident",
            "id": "e5",
            "at": "2026-01-01T10:08:00Z",
            "by": "ref",
            "seat": 0,
            "offence": "invalid_win_revealed",
            "answers": {},
            "note": "",
        },
    ]
    rows, prev = [], GENESIS
    for n, p in enumerate(payloads, 1):
        row = {
            "uuid": p["id"],
            "device_id": device,
            "device_seq": n,
            "at": p["at"],
            "referee": "ref",
            "tournament_id": "T",
            "table_id": "X",
            "hanchan_no": 1,
            "round_wind": "E",
            "hand_no": 1,
            "counters": 0,
            "type": p["type"],
            "seat": p.get("seat"),
            "player": None,
            "offence": p.get("offence"),
            "answers": canonical(p.get("answers", {})),
            "ruling": canonical({}),
            "ruleset_id": "ema-2012",
            "ruleset_version": "2012",
            "note": p.get("note", p.get("reason", "")),
            "payload": canonical(p),
        }
        row["prev_hash"], row["hash"] = prev, row_hash(prev, row)
        prev = row["hash"]
        rows.append(row)
    return rows


@pytest.mark.parametrize("old_version", range(1, schema.SCHEMA_VERSION))
def test_migration_from_every_earlier_version(tmp_path, old_version):
    conn = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    assert schema.migrate(conn, target=old_version) == list(range(1, old_version + 1))
    conn.execute("INSERT INTO meta VALUES ('device_id', 'old-device')")
    conn.execute("INSERT INTO tournaments VALUES ('T', 'Old Open', '2026-01-01', 'old-device')")
    conn.execute("INSERT INTO game_tables VALUES ('X', 'T', 4, '2026-01-01', 'old-device')")
    conn.execute(
        "INSERT INTO players (id, tournament_id, name, first_timer, created_at, device_id) "
        "VALUES ('P', 'T', 'Ann', 0, '2026-01-01', 'old-device')"
    )
    for row in _v1_rows("old-device"):
        cols = HASHED + ["prev_hash", "hash"]
        if old_version >= 3:  # as that version stored it: the voided event's id in its own column
            row["target"] = json.loads(row["payload"]).get("target")
            cols = cols + ["target"]
        conn.execute(
            f"INSERT INTO events ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", [row[c] for c in cols]
        )
    conn.execute("INSERT INTO hanchans VALUES ('e1', 'X', 1, 'ema-2012', '2012', '2026-01-01T10:00:00Z', 'old-device')")
    conn.close()

    store = open_store(tmp_path)
    assert schema.user_version(store.conn) == schema.SCHEMA_VERSION
    assert store.device_id == "old-device"
    assert verify(store).ok, verify(store).message()
    assert store.conn.execute("SELECT target FROM events WHERE uuid = 'e4'").fetchone() == ("e3",)
    assert store.players("T") == [{"id": "P", "name": "Ann", "first_timer": False, "federation_id": ""}]
    # adopted: what no event covered (the device, the tournament, table and player, the order of the old rows) is
    # now covered by events of the device's chain, appended once
    adopted = [r["type"] for r in store.iter_rows("WHERE device_seq > 5")]
    assert adopted == ["device", "tournament", "table", "player", "adopt", "device_key"]  # and its signing key
    book = TableBook(store, store.table("X"), rulesets())
    # e3 was voided: only e5 (East's chombo, 4,000 to each) stands; C's riichi stick went back
    assert [s.score for s in book.state.seats] == [-12000, 4000, 4000, 4000]
    book.commit(riichi(1))  # and the migrated database takes new events on the same chain
    assert verify(store).ok
    store.close()
    assert [r["type"] for r in store_rows(tmp_path)][-1] == "riichi"
    open_store(tmp_path).close()  # adopted once: a second open appends nothing
    assert len(store_rows(tmp_path)) == 12

    # the order of the old rows is now covered too: swapping two of them is found
    conn = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("UPDATE events SET seq = -2 WHERE uuid = 'e2'")
    conn.execute("UPDATE events SET seq = 2 WHERE uuid = 'e5'")
    conn.execute("UPDATE events SET seq = 5 WHERE uuid = 'e2'")
    conn.close()
    reader = open_store(tmp_path, read_only=True)
    report = verify(reader, rulesets())
    reader.close()
    assert not report.ok and "order" in report.message()


def store_rows(folder):
    reader = open_store(folder, read_only=True)
    try:
        return list(reader.iter_rows())
    finally:
        reader.close()


def test_a_newer_database_is_refused_with_a_message(tmp_path):
    conn = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    schema.migrate(conn)
    conn.execute("CREATE TABLE from_the_future (x)")  # what a newer refapp would add
    conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(StoreError, match="it was written by a newer refapp. Update refapp."):
        open_store(tmp_path)


def test_a_changed_void_target_is_reported_by_verify(tmp_path):
    store, book = filled(tmp_path)
    book.commit(ev("void", target=book.events[3]["id"], reason="wrong seat"))
    assert verify(store).ok
    store.conn.execute("DROP TRIGGER events_no_update")
    store.conn.execute("UPDATE events SET target = ? WHERE type = 'void'", (book.events[2]["id"],))
    report = verify(store)
    assert not report.ok and "column 'target'" in report.first_bad["reason"]


def test_automatic_backups_run_in_the_background_and_are_complete(tmp_path):
    store, book = filled(tmp_path, n_riichi=0)
    store.appends_since_backup = 20
    thread = maybe_backup(store, every=20)
    assert thread is not None  # the ruling was acknowledged before the copy is made
    store.wait_for_backup(10)
    made = backups(tmp_path)
    assert len(made) == 1 and not list((tmp_path / "backups").glob("*.part"))
    conn = sqlite3.connect(made[0])
    assert conn.execute("SELECT count(*) FROM events WHERE table_id <> ''").fetchone()[0] == len(book.events)
    conn.close()
    assert maybe_backup(store, every=20) is None  # not due again yet


def test_verify_reads_a_database_of_an_earlier_version_without_upgrading_it(tmp_path, capsys):
    from refapp.cli import main

    conn = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    schema.migrate(conn, target=3)
    conn.execute("INSERT INTO meta VALUES ('device_id', 'old-device')")
    conn.execute("INSERT INTO tournaments VALUES ('T', 'Old Open', '2026-01-01', 'old-device')")
    conn.execute("INSERT INTO game_tables VALUES ('X', 'T', 4, '2026-01-01', 'old-device')")
    for row in _v1_rows("old-device"):
        row["target"] = json.loads(row["payload"]).get("target")
        cols = HASHED + ["prev_hash", "hash", "target"]
        conn.execute(
            f"INSERT INTO events ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", [row[c] for c in cols]
        )
    conn.close()
    before = sha(tmp_path / DB_NAME)
    assert main(["--data-dir", str(tmp_path), "verify"]) == 0
    assert capsys.readouterr().out.startswith("ok: 5 events from 1 device(s)")
    assert main(["--data-dir", str(tmp_path), "history", "--all-types", "--include-voided", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["events"]) == 5
    assert sha(tmp_path / DB_NAME) == before  # not upgraded, not written
    conn = sqlite3.connect(tmp_path / DB_NAME)
    assert schema.user_version(conn) == 3
    conn.close()
