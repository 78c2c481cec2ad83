"""Writes that share a transaction (``Store.grouped``, :mod:`refapp.store.txgroup`): what a sync's many small writes
keep of the one-write-one-transaction rules — a write that fails undoes only itself, what went well is committed when
the block ends (even by an exception) and this device's own rows are journaled once committed, a refusal that rolled
the shared transaction back is said, not hidden."""

from __future__ import annotations

import json
import sqlite3

import pytest

from refapp.store.db import StoreError
from refapp.store.opening import open_store
from refapp.store.witness import journal_path


def _meta(folder, key):
    conn = sqlite3.connect(folder / "refapp.sqlite3")  # another connection: what is committed
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None
    finally:
        conn.close()


def _put(store, key, value):
    with store.writing():
        store.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))


def test_a_failing_write_in_a_group_undoes_only_itself_and_the_rest_is_committed_at_the_end(tmp_path):
    store = open_store(tmp_path / "d")
    store.wait_for_check()
    with store.grouped(seconds=3600):
        _put(store, "a", "1")
        with pytest.raises(ValueError), store.writing():
            store.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('b', '2')")
            raise ValueError("a write that fails half-way")
        _put(store, "c", "3")
        assert _meta(tmp_path / "d", "a") is None  # one transaction, still open: nothing committed yet
    assert (_meta(tmp_path / "d", "a"), _meta(tmp_path / "d", "b"), _meta(tmp_path / "d", "c")) == ("1", None, "3")
    store.close()


def test_a_group_commits_once_its_transaction_has_been_open_long_enough(tmp_path):
    store = open_store(tmp_path / "d")
    store.wait_for_check()
    with store.grouped(seconds=0):
        _put(store, "a", "1")
        assert _meta(tmp_path / "d", "a") == "1"  # due at once: committed after the write
    store.close()


def test_what_went_well_is_committed_when_the_block_ends_by_an_exception(tmp_path):
    store = open_store(tmp_path / "d")
    store.wait_for_check()
    with pytest.raises(KeyError), store.grouped(seconds=3600):
        _put(store, "a", "1")
        raise KeyError("the sync stops")
    assert _meta(tmp_path / "d", "a") == "1"
    store.close()


def test_own_rows_written_in_a_group_are_journaled_once_committed(tmp_path):
    folder = tmp_path / "d"
    store = open_store(folder)
    store.wait_for_check()
    path = journal_path(folder, store.device_id)
    before = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    with store.grouped(seconds=3600):
        tid = store.create_tournament("Spring Open")
        assert (path.read_text(encoding="utf-8").splitlines() if path.exists() else []) == before
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(before) + 1
    assert json.loads(lines[-1])["payload"]["tournament"] == tid
    store.close()
    again = open_store(folder)  # the open compares the journal with the database: they agree
    assert [t["name"] for t in again.tournaments()] == ["Spring Open"]
    again.close()


def test_a_write_breaking_a_deferred_foreign_key_is_refused_alone(tmp_path):
    store = open_store(tmp_path / "d")
    store.wait_for_check()
    with store.grouped(seconds=3600):
        _put(store, "a", "1")
        with (
            pytest.raises(StoreError, match="NOT saved: the database refused it .FOREIGN KEY constraint failed"),
            store.writing(),
        ):
            store.conn.execute("PRAGMA defer_foreign_keys = ON")
            store.conn.execute(
                "INSERT INTO game_tables (id, tournament_id, number, created_at, device_id) VALUES ('t', 'nowhere', 1, 'x', 'd')"
            )
        _put(store, "c", "3")
    assert (_meta(tmp_path / "d", "a"), _meta(tmp_path / "d", "c")) == ("1", "3")
    assert store.conn.execute("SELECT count(*) FROM game_tables").fetchone()[0] == 0
    store.close()


def test_a_refusal_that_rolled_the_shared_transaction_back_is_raised_at_the_end(tmp_path):
    store = open_store(tmp_path / "d")
    store.wait_for_check()
    with pytest.raises(StoreError), store.grouped(seconds=3600):
        _put(store, "a", "1")
        with pytest.raises(StoreError), store.writing():
            store.conn.execute("ROLLBACK")  # as SQLite does on some failures (a full disk, an I/O error)
            raise sqlite3.OperationalError("disk I/O error")
        _put(store, "c", "3")  # the sync goes on with the next device...
    # ... but the end of the block says the earlier writes were lost, and they are not claimed
    assert _meta(tmp_path / "d", "a") is None
    assert _meta(tmp_path / "d", "c") == "3"
    store.close()
