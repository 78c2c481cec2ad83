"""Issue 12, problems 2 and 3: a lost or damaged WAL lost acknowledged rulings silently, a 0-byte database was taken
for a fresh install, and new backups rotated the good ones away.

Each device keeps a journal of its own events (``journal/<device>.jsonl``), appended after every commit. Every open
compares it with the database before writing anything."""

from __future__ import annotations

import json
import sqlite3

import pytest

from refapp.store.backup import backup, backups
from refapp.store.db import DamagedDatabase, MissingEvents
from refapp.store.opening import open_store
from refapp.store.restoring import recover
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from refapp.store.witness import journal_path
from tests.logs import ev, hand, ron, rulesets
from tests.store.util import db, files_of, filled, hold_in_wal, killed_copy, wal


def _session_in_wal(tmp_path, n: int = 6):
    """A table whose last ``n`` rulings are only in the WAL, and the folder as a SIGKILL would leave it."""
    store, book = filled(tmp_path / "live", n_riichi=0)
    hold_in_wal(store)
    rulings = []
    for i in range(n):
        e = ev("incident", seat=i % 4, offence="warning", at=f"2026-11-22T10:{10 + i:02d}:00+01:00")
        book.commit(e)
        rulings.append(e)
    folder = killed_copy(tmp_path / "live", tmp_path / "killed")
    store.close()
    return folder, book, rulings


@pytest.mark.parametrize("damage", ["deleted", "truncated", "flipped", "zeroed header"])
def test_a_lost_or_damaged_wal_is_found_named_and_never_written(tmp_path, damage):
    folder, book, rulings = _session_in_wal(tmp_path)
    w = wal(folder)
    data = w.read_bytes()
    if damage == "deleted":
        w.unlink()
        (folder / (db(folder).name + "-shm")).unlink()
    elif damage == "truncated":
        w.write_bytes(data[: 32 + 3 * (4096 + 24) + 100])
    elif damage == "flipped":
        w.write_bytes(data[:200] + bytes(b ^ 0xFF for b in data[200:400]) + data[400:])
    else:
        w.write_bytes(b"\0" * 32 + data[32:])
    before = files_of(folder)
    with pytest.raises(MissingEvents) as err:
        open_store(folder)
    exc = err.value
    assert isinstance(exc, DamagedDatabase)
    missing = exc.missing
    assert 1 <= len(missing) <= len(rulings)
    assert [m["uuid"] for m in missing] == [r["id"] for r in rulings][-len(missing) :]
    text = str(exc)
    assert f"{len(missing)} " in text and "table 7" in text and "warning" in text and "10:1" in text
    assert "East 1" in text and "seat" in text
    assert files_of(folder) == before  # nothing written: the WAL is not checkpointed away, nothing deleted

    # verify (read-only) says so too, and changes nothing
    reader = open_store(folder, read_only=True)
    report = verify(reader)
    reader.close()
    assert not report.ok and "missing" in report.message()
    assert files_of(folder) == before

    # recovery from the journal: the damaged files are kept aside, every ruling is back, the chain verifies
    result = recover(folder, rulesets())
    assert result.recovered == len(missing)
    assert list(folder.glob("damaged-*/refapp.sqlite3"))
    store = open_store(folder)
    assert verify(store).ok
    events = store.table_events(book.table.table_id)
    assert [e["id"] for e in events] == [e["id"] for e in book.events]
    assert TableBook(store, book.table, rulesets()).state.seats[1].warnings == 2
    store.close()


def test_deleted_newest_events_are_found_against_the_journal(tmp_path):
    store, book = filled(tmp_path, n_riichi=3)
    last = book.events[-2:]
    store.close()
    conn = sqlite3.connect(db(tmp_path))
    conn.execute("DROP TRIGGER events_no_delete")
    conn.execute("DELETE FROM events WHERE uuid IN (?, ?)", [e["id"] for e in last])
    conn.commit()
    conn.close()
    with pytest.raises(MissingEvents) as err:
        open_store(tmp_path)
    assert [m["uuid"] for m in err.value.missing] == [e["id"] for e in last]
    assert "riichi" in str(err.value)


def test_a_journal_behind_by_the_last_commit_is_caught_up_silently(tmp_path):
    store, book = filled(tmp_path, n_riichi=2)
    path = journal_path(tmp_path, store.device_id)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    store.close()
    path.write_text("".join(lines[:-1]) + lines[-1][:17], encoding="utf-8")  # killed between commit and append
    store = open_store(tmp_path)
    assert verify(store).ok
    assert path.read_text(encoding="utf-8").splitlines(keepends=True) == lines
    store.close()


def test_a_missing_journal_is_rebuilt_from_a_healthy_database(tmp_path):
    store, book = filled(tmp_path, n_riichi=2)
    path = journal_path(tmp_path, store.device_id)
    lines = path.read_text(encoding="utf-8")
    store.close()
    path.unlink()
    open_store(tmp_path).close()
    assert path.read_text(encoding="utf-8") == lines
    row = json.loads(lines.splitlines()[-1])
    assert row["payload"]["id"] == book.events[-1]["id"] and row["device_seq"] == len(lines.splitlines())


@pytest.mark.parametrize("how", ["zero bytes", "deleted"])
def test_an_empty_or_missing_database_is_damage_when_the_folder_says_there_was_one(tmp_path, how):
    store, book = filled(tmp_path, n_riichi=2)
    backup(store)
    store.close()
    for suffix in ("", "-wal", "-shm"):
        p = tmp_path / (db(tmp_path).name + suffix)
        if p.exists():
            p.unlink()
    if how == "zero bytes":
        db(tmp_path).write_bytes(b"")
    before = files_of(tmp_path)
    with pytest.raises(DamagedDatabase) as err:
        open_store(tmp_path)
    assert "journal" in str(err.value) and "backup" in str(err.value)
    assert files_of(tmp_path) == before  # not taken for a fresh install
    result = recover(tmp_path, rulesets())
    assert result.backup is not None
    store = open_store(tmp_path)
    assert [e["id"] for e in store.table_events(book.table.table_id)] == [e["id"] for e in book.events]
    assert verify(store).ok
    store.close()


def test_settings_pointing_at_a_table_make_an_empty_folder_damage(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "table_id": "t-1"}), encoding="utf-8")
    with pytest.raises(DamagedDatabase, match="settings"):
        open_store(tmp_path)


def test_a_fresh_folder_is_a_fresh_install(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "language": "fr"}), encoding="utf-8")
    store = open_store(tmp_path)
    assert verify(store).ok
    store.close()


def test_backups_of_another_history_are_never_rotated_away(tmp_path):
    import shutil

    store, book = filled(tmp_path / "a", n_riichi=1)
    store.close()
    shutil.copytree(tmp_path / "a", tmp_path / "b")  # the same device, then two histories
    store = open_store(tmp_path / "a")
    TableBook(store, book.table, rulesets()).commit(ev("riichi", seat=1))
    diverged = [backup(store) for _ in range(2)]
    store.close()
    other, _ = filled(tmp_path / "c", n_riichi=1)  # another device
    foreign = [backup(other) for _ in range(2)]
    other.close()
    dest = tmp_path / "b" / "backups"
    dest.mkdir(exist_ok=True)
    for p in diverged + foreign:
        shutil.copy2(p, dest / p.name)
    store = open_store(tmp_path / "b")
    TableBook(store, book.table, rulesets()).commit(ev("riichi", seat=2))
    own = [backup(store, keep=2) for _ in range(4)]
    store.close()
    kept = {p.name for p in backups(tmp_path / "b")}
    assert {p.name for p in diverged + foreign} <= kept  # never rotated away
    assert {p.name for p in own[-2:]} <= kept and len(kept) == 2 + 4


def test_journal_lines_hold_what_reinserts_a_row(tmp_path):
    store, book = filled(tmp_path, n_riichi=1)
    book.commit(ron(0, hand(1, limit="mangan")))
    lines = [json.loads(x) for x in journal_path(tmp_path, store.device_id).read_text("utf-8").splitlines()]
    rows = list(store.iter_rows("WHERE device_id = ?", (store.device_id,)))
    assert [x["hash"] for x in lines] == [r["hash"] for r in rows]
    assert set(lines[-1]) == {
        "hash_v",
        "device_id",
        "device_seq",
        "uuid",
        "tournament_id",
        "table_id",
        "after",
        "payload",
        "prev_hash",
        "hash",
    }
    assert lines[-1]["after"] == book.events[-2]["id"]
    store.close()
