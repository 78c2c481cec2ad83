"""Issue 28: a standings read with many events to replay (no cache) replays some tables in a helper process
(refapp/store/standings_reads.py): the standings are the same as read in one process, to the point; a helper that
cannot start or says nothing usable leaves its tables to this process; a table that does not replay is named as
before.

The tournament (tests/standings_data.ema_tables): table 1 (9 events) and table 2 (7 events) under EMA 2012; read in
one process, Ann leads with 51,000 and Hal is last with 3,900 (disqualified in hanchan 2, ranked at the bottom)."""

from __future__ import annotations

import sqlite3
import sys

import pytest

from refapp.store import standings_reads
from refapp.store.db import DB_NAME
from refapp.store.errors import StoreError
from refapp.store.opening import open_store
from refapp.store.standings_reads import StandingsReader
from tests.logs import rulesets
from tests.standings_data import ema_tables, store_of

EXPECTED = [("Ann", 51000), ("Eve", 42000), ("Cyd", 25000), ("Dan", 25000), ("Fay", -15000), ("Gus", -51900),
            ("Bob", -84000), ("Hal", 3900)]  # fmt: skip


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(standings_reads, "APART_EVENTS", 1)  # a small tournament is read apart in the tests
    monkeypatch.setattr(standings_reads, "APART_SHARE", 0.4)
    monkeypatch.setattr(standings_reads.os, "cpu_count", lambda: 2)
    folder = tmp_path / "data"
    store_of(folder, "EMA Open", ema_tables()).close()
    return folder


@pytest.fixture
def here(monkeypatch):
    """The tables replayed in this process (by number)."""
    seen: list[int] = []
    real = standings_reads.hanchan_records

    def counted(events, rs, table=0):
        seen.append(table)
        return real(events, rs, table)

    monkeypatch.setattr(standings_reads, "hanchan_records", counted)
    return seen


def _read(folder):
    store = open_store(folder, read_only=True)
    try:
        reader = StandingsReader(store, rulesets())
        return reader, reader.standings(store.tournaments()[0]["id"])
    finally:
        store.close()


def test_a_long_read_replays_a_table_in_a_helper_with_the_same_standings(folder, here, monkeypatch):
    reader, apart = _read(folder)
    assert here == [2]  # table 1 (9 of 16 events: nearest the helper's share, 6.4) came from the helper
    assert reader.replayed == 16
    assert [(p.name, p.total) for p in apart.ranking] == EXPECTED
    monkeypatch.setattr(standings_reads, "APART_EVENTS", 10**9)
    here.clear()
    _, alone = _read(folder)
    assert sorted(here) == [1, 2]
    assert apart == alone  # every line of every hanchan, to the point


@pytest.mark.parametrize(
    "helper",
    [
        ["/nonexistent/refapp-helper"],  # cannot start
        [sys.executable, "-c", "import sys; sys.exit(3)"],  # stops
        [sys.executable, "-c", "print('all good')"],  # says nothing readable
        [sys.executable, "-c", "import sys; sys.stdin.read(); print('{\"x\": [1, 2]}')"],  # about no table asked
    ],
    ids=["cannot-start", "stops", "not-json", "other-tables"],
)
def test_a_helper_that_cannot_say_leaves_its_tables_to_this_process(folder, here, monkeypatch, helper):
    monkeypatch.setattr(standings_reads, "command", lambda *_: helper)
    _, st = _read(folder)
    assert sorted(here) == [1, 2]
    assert [(p.name, p.total) for p in st.ranking] == EXPECTED


@pytest.mark.parametrize("number", [1, 2], ids=["the-helpers", "this-processs"])
def test_a_table_that_does_not_replay_is_named_as_in_one_process(folder, monkeypatch, number):
    conn = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS events_no_update")
    table = conn.execute("SELECT id FROM game_tables WHERE number = ?", (number,)).fetchone()[0]
    conn.execute(  # the table's first ron, from a seat that does not exist
        "UPDATE events SET payload = json_set(payload, '$.discarder', 9) WHERE seq = "
        "(SELECT min(seq) FROM events WHERE table_id = ? AND type = 'win')",
        (table,),
    )
    conn.close()
    with pytest.raises(StoreError) as apart:
        _read(folder)
    monkeypatch.setattr(standings_reads, "APART_EVENTS", 10**9)
    with pytest.raises(StoreError) as alone:
        _read(folder)
    assert str(apart.value) == str(alone.value)
    assert f"Table {number} of EMA Open" in str(apart.value) and "discarder" in str(apart.value)
