"""The events' secondary indexes that a long first sync leaves out and builds at its end
(refapp.store.schema.DEFERRABLE): a database without them, as a sync cut short leaves it, is whole. It opens, reads
and verifies as it is; the next open for writing builds them. Any other index missing is still damage."""

from __future__ import annotations

import sqlite3

import pytest

from refapp.store.db import DamagedDatabase
from refapp.store.opening import open_store
from refapp.store.schema import DEFERRABLE, drop_deferred
from refapp.store.verify import verify
from tests.logs import rulesets
from tests.store.util import db, filled


def _indexes(folder) -> set[str]:
    conn = sqlite3.connect(db(folder))
    try:
        return {n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    finally:
        conn.close()


def _drop(folder, names=None) -> None:
    conn = sqlite3.connect(db(folder), isolation_level=None)
    try:
        if names is None:
            assert drop_deferred(conn) == list(DEFERRABLE)
        else:
            for name in names:
                conn.execute(f"DROP INDEX {name}")
    finally:
        conn.close()


def test_a_database_without_the_deferred_indexes_opens_and_the_open_for_writing_builds_them(tmp_path):
    store, _ = filled(tmp_path, n_riichi=3)
    events = store.count_events()
    store.close()
    _drop(tmp_path)
    assert not set(DEFERRABLE) & _indexes(tmp_path)

    reader = open_store(tmp_path, read_only=True)  # read as it is: nothing built, nothing refused
    assert reader.count_events() == events
    assert verify(reader, rulesets()).ok
    reader.close()
    assert not set(DEFERRABLE) & _indexes(tmp_path)

    store = open_store(tmp_path)
    store.wait_for_check()
    assert set(DEFERRABLE) <= _indexes(tmp_path)
    assert store.count_events() == events
    assert verify(store, rulesets()).ok
    store.close()


@pytest.mark.parametrize("name", ["events_table", "events_after", "events_target"])
def test_any_other_index_missing_is_still_damage(tmp_path, name):
    store, _ = filled(tmp_path, n_riichi=2)
    store.close()
    _drop(tmp_path, [name])
    with pytest.raises(DamagedDatabase, match="tables are not those"):
        open_store(tmp_path)
