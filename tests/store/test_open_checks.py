"""Issue 12, problems 2 (read-only folders) and 4: damage the start check missed (index damage, invalid UTF-8,
``user_version``), a full disk taken for damage, a restore that checked too little, ``*.part`` files kept forever."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from refapp.cli import main as cli_main
from refapp.store import restoring
from refapp.store.backup import backup as take_backup
from refapp.store.backup import backups
from refapp.store.checks import DAMAGE_MARK
from refapp.store.db import DamagedDatabase, DiskFull, StoreError
from refapp.store.opening import open_store
from refapp.store.restoring import restore
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.logs import ev, rulesets
from tests.store.util import db, files_of, filled, hold_in_wal, killed_copy


def _raw(folder: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(db(folder), isolation_level=None)
    return conn


def _swap_roots(folder: Path, a: str, b: str) -> None:
    """Two indexes exchange their b-trees (as a stray write into the file could leave them): every page is sound,
    quick_check says ok, but each index now lists the other's entries."""
    conn = _raw(folder)
    roots = dict(conn.execute("SELECT name, rootpage FROM sqlite_master WHERE name IN (?, ?)", (a, b)).fetchall())
    conn.execute("PRAGMA writable_schema=ON")
    conn.execute("UPDATE sqlite_master SET rootpage = ? WHERE name = ?", (roots[b], a))
    conn.execute("UPDATE sqlite_master SET rootpage = ? WHERE name = ?", (roots[a], b))
    conn.execute("PRAGMA writable_schema=OFF")
    conn.close()
    conn = _raw(folder)
    assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    conn.close()


@pytest.mark.parametrize(
    "a, b",
    [
        ("events_table", "events_tournament"),  # same number of entries: only a full check sees it
        ("sqlite_autoindex_players_1", "sqlite_autoindex_game_tables_1"),  # different counts: seen at once
    ],
)
def test_index_damage_that_quick_check_misses_is_found_before_any_write(tmp_path, a, b):
    store, book = filled(tmp_path, n_riichi=3)
    store.close()
    _swap_roots(tmp_path, a, b)
    before = files_of(tmp_path)
    with pytest.raises(DamagedDatabase) as err:
        store = open_store(tmp_path)
        try:
            TableBook(store, book.table, rulesets()).commit(ev("riichi", seat=3))
        finally:
            store.close()
    assert "index" in str(err.value)
    # nothing stored changed; the damage is noted for the next start, which checks fully before it opens
    # (when the background check found it; an index whose count changed is found before, at the open)
    after = files_of(tmp_path)
    if DAMAGE_MARK in after:
        assert "index" in (tmp_path / DAMAGE_MARK).read_text()
        del after[DAMAGE_MARK]
    assert after == before
    with pytest.raises(DamagedDatabase, match="index"):
        open_store(tmp_path)  # the quick checks alone would let it through


def test_invalid_utf8_in_a_stored_text_is_damage_not_a_traceback(tmp_path, capsys):
    store, book = filled(tmp_path, n_riichi=0)
    book.commit(ev("incident", seat=1, offence="warning", note="phone"))
    store.close()
    conn = _raw(tmp_path)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("UPDATE events SET note = CAST(X'70686FFE6E65' AS TEXT) WHERE note = 'phone'")
    conn.close()
    code = cli_main(["--data-dir", str(tmp_path), "verify"])
    out = capsys.readouterr()
    assert code == 1 and "UTF-8" in out.out and "note" in out.out and "Traceback" not in out.err
    code = cli_main(
        [
            "--data-dir",
            str(tmp_path),
            "export",
            "--format",
            "csv",
            "-o",
            str(tmp_path.parent / f"{tmp_path.name}-x.csv"),
        ]
    )
    out = capsys.readouterr()
    assert code in (1, 2) and "UTF-8" in out.err and "Traceback" not in out.err
    with pytest.raises(DamagedDatabase, match="UTF-8"):
        store = open_store(tmp_path)
        try:
            TableBook(store, book.table, rulesets()).commit(ev("riichi", seat=0))
        finally:
            store.close()


def test_a_damaged_byte_in_the_schema_is_damage_not_a_traceback(tmp_path, capsys):
    """A byte of the database's schema (the text of a CREATE statement) that is no longer UTF-8: every command and
    the app's open say the database is damaged (found by the store campaign's random byte flips)."""
    store, book = filled(tmp_path, n_riichi=0)
    store.close()
    path = db(tmp_path)
    data = bytearray(path.read_bytes())
    at = data.index(b"CREATE TABLE players")
    data[at + 7] = 0x91  # inside the statement's text
    path.write_bytes(bytes(data))
    before = files_of(tmp_path)
    for command in (["verify"], ["history"]):
        code = cli_main(["--data-dir", str(tmp_path), *command])
        out = capsys.readouterr()
        text = out.out + out.err
        assert code in (1, 2) and "damaged" in text and "not UTF-8" in text and "Traceback" not in text, command
    with pytest.raises(DamagedDatabase, match="not UTF-8"):
        open_store(tmp_path)
    assert files_of(tmp_path) == before


@pytest.mark.parametrize("version", [0, 2, 99, -1])
def test_user_version_damage_is_a_clear_message(tmp_path, capsys, version):
    store, _ = filled(tmp_path, n_riichi=0)
    store.close()
    conn = _raw(tmp_path)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.close()
    before = files_of(tmp_path)
    with pytest.raises(StoreError) as err:
        open_store(tmp_path)
    assert "schema version" in str(err.value)
    if version != 99:
        assert isinstance(err.value, DamagedDatabase)
    code = cli_main(["--data-dir", str(tmp_path), "verify"])
    out = capsys.readouterr()
    assert code in (1, 2) and "schema version" in (out.out + out.err) and "Traceback" not in out.err
    assert files_of(tmp_path) == before


def test_a_full_disk_at_start_is_reported_as_a_full_disk(tmp_path, monkeypatch):
    store, _ = filled(tmp_path, n_riichi=0)
    store.close()
    real = sqlite3.connect

    def full(*args, **kwargs):
        conn = real(*args, **kwargs)
        if "mode=ro" in str(args[0]):
            return conn
        conn.close()
        exc = sqlite3.OperationalError("database or disk is full")
        exc.sqlite_errorname = "SQLITE_FULL"
        raise exc

    monkeypatch.setattr(sqlite3, "connect", full)
    with pytest.raises(DiskFull) as err:
        open_store(tmp_path)
    assert "disk is full" in str(err.value) and not isinstance(err.value, DamagedDatabase)


def test_a_really_full_disk_at_start_is_reported_as_a_full_disk(tmp_path):
    mnt = tmp_path / "small"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)], capture_output=True).returncode:
        pytest.skip("cannot mount a small tmpfs here (needs root): the monkeypatched test above covers the message")
    try:
        store, _ = filled(mnt / "data", n_riichi=1)
        store.close()
        (mnt / "data" / "refapp.sqlite3-shm").unlink(missing_ok=True)
        fd = os.open(mnt / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(fd, b"\0" * 4096):
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
        with pytest.raises(StoreError) as err:
            open_store(mnt / "data")
        assert "full" in str(err.value) and not isinstance(err.value, DamagedDatabase)
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_a_read_only_folder_with_a_pending_wal_says_it_may_be_stale(tmp_path):
    from tests.store.test_durability import _make_read_only

    store, book = filled(tmp_path / "live", n_riichi=0)
    hold_in_wal(store)
    book.commit(ev("riichi", seat=0))
    folder = killed_copy(tmp_path / "live", tmp_path / "ro")
    store.close()
    (folder / "refapp.sqlite3-shm").unlink()
    undo = _make_read_only(folder)
    try:
        reader = open_store(folder)
        assert reader.read_only
        assert any("stale" in w for w in reader.warnings)
        reader.close()
    finally:
        undo()


def test_restore_checks_the_chains_and_names_the_rulings_it_drops(tmp_path):
    store, book = filled(tmp_path, n_riichi=1)
    good = take_backup(store)
    book.commit(ev("incident", seat=2, offence="warning", at="2026-11-22T10:40:00+01:00"))
    bad = take_backup(store)
    store.close()
    conn = sqlite3.connect(bad, isolation_level=None)  # the newest backup: a broken chain, a sound file
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("UPDATE events SET payload = replace(payload, '\"seat\":2', '\"seat\":3') WHERE type = 'incident'")
    conn.close()
    assert backups(tmp_path)[0] == bad
    shutil.rmtree(tmp_path / "journal")  # no journal to recover from: the ruling is dropped, and named
    db(tmp_path).write_bytes(b"junk" * 100)
    report = restore(tmp_path, rulesets())
    assert report.backup == good
    assert bad.name in " ".join(report.skipped)
    assert any("warning" in d and "10:40" in d for d in report.dropped)
    store = open_store(tmp_path)
    assert verify(store).ok
    store.close()


def test_restore_recovers_from_the_journal_what_the_backup_lacks(tmp_path):
    store, book = filled(tmp_path, n_riichi=1)
    take_backup(store)
    book.commit(ev("incident", seat=2, offence="warning"))
    store.close()
    db(tmp_path).write_bytes(b"junk" * 100)
    report = restore(tmp_path, rulesets())
    assert report.recovered == 1 and report.dropped == []
    store = open_store(tmp_path)
    assert [e["id"] for e in store.table_events(book.table.table_id)] == [e["id"] for e in book.events]
    store.close()


def test_part_files_of_a_killed_backup_are_removed_at_the_next_start(tmp_path):
    store, _ = filled(tmp_path, n_riichi=0)
    take_backup(store)
    store.close()
    part = tmp_path / "backups" / "refapp-20261122T100000000000Z.sqlite3.part"
    part.write_bytes(b"\0" * 10000)
    open_store(tmp_path).close()
    assert not part.exists() and len(backups(tmp_path)) == 1


def test_a_damaged_database_is_copied_aside_before_any_repair(tmp_path):
    store, _ = filled(tmp_path, n_riichi=0)
    take_backup(store)
    store.close()
    db(tmp_path).write_bytes(b"junk" * 100)
    restore(tmp_path, rulesets())
    kept = list(tmp_path.glob("damaged-*/refapp.sqlite3"))
    assert [k.read_bytes() for k in kept] == [b"junk" * 100]
    assert restoring.DAMAGED_PREFIX == "damaged-"
