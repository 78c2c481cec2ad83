"""Issue 28: the open's full check of a big database runs in a helper process (refapp/store/fullcheck.py), so that the
window's thread is not slowed by it (a tab tapped at once after the start took 400 ms instead of 260). It finds the
same as the check in this process, what it finds is noted for the next start, and a helper that cannot start or
says nothing readable leaves the check to this process: damage is never let through.

The venue (:func:`tests.store.flips.venue`): the head referee's device with its own table 2 and a tablet's table 1
merged through a shared folder; the damage, a merged win's counters changed (what verify names as ``counters``)."""

from __future__ import annotations

import sqlite3
import sys
import uuid
from pathlib import Path

import pytest

from refapp.store import fullcheck
from refapp.store.checks import DAMAGE_MARK
from refapp.store.db import DB_NAME, DamagedDatabase
from refapp.store.fullcheck import FullCheck
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from tests.logs import ev, rulesets
from tests.store import flips


@pytest.fixture
def v(tmp_path: Path) -> flips.Venue:
    return flips.venue(tmp_path / "venue")


def _merged_win(v: flips.Venue) -> tuple[str, int]:
    return min((k for k, e in v.events.items() if e["type"] == "win" and e["table"] == 1 and k[0] != v.own),
               key=lambda k: v.events[k]["seq"])  # fmt: skip


def _damage(v: flips.Venue) -> tuple[str, int]:
    key = _merged_win(v)
    conn = sqlite3.connect(v.head / DB_NAME, isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS events_no_update")
    conn.execute("UPDATE events SET counters = counters + 8 WHERE seq = ?", (v.events[key]["seq"],))
    conn.close()
    return key


@pytest.fixture
def nothing_here(monkeypatch):
    """The check in this process fails the test: what is found was found by the helper process."""

    def refused(path: Path) -> None:
        raise AssertionError("checked in the app's process")

    monkeypatch.setattr(fullcheck, "full_problem", refused)


def test_the_helper_process_finds_a_damaged_row_as_this_process_does_and_notes_it(v, nothing_here, monkeypatch):
    key = _damage(v)
    apart = FullCheck(v.head / DB_NAME, apart=True)
    with pytest.raises(DamagedDatabase) as err:
        apart.wait()
    assert flips.named(str(err.value), v, key) and "counters" in str(err.value)
    assert flips.named((v.head / DAMAGE_MARK).read_text(), v, key)  # the next start checks fully before it opens
    monkeypatch.undo()
    (v.head / DAMAGE_MARK).unlink()
    here = FullCheck(v.head / DB_NAME, apart=False)
    with pytest.raises(DamagedDatabase) as same:
        here.wait()
    assert str(same.value) == str(err.value)


def test_a_sound_database_checked_apart_opens_and_takes_a_ruling(v, nothing_here, monkeypatch):
    monkeypatch.setattr(fullcheck, "APART_BYTES", 0)  # every database is big enough
    store = open_store(v.head, check_apart=True)  # as the app opens it
    try:
        assert store._check is not None and store._check.apart
        table = next(t for t in store.tables(store.tournaments()[0]["id"]) if t.number == 2)
        book = TableBook(store, table, rulesets())
        before = book.state.seats[0].score
        book.commit(ev("incident", seat=0, offence="warning", id=str(uuid.uuid4())))  # waits for the check
        assert store._check.problem is None and book.state.seats[0].score == before  # (a warning costs nothing)
        assert book.state.seats[0].warnings == 1
    finally:
        store.close()
    assert not (v.head / DAMAGE_MARK).exists()


def test_a_small_database_or_a_command_checks_in_its_own_threads(v, monkeypatch):
    assert (v.head / DB_NAME).stat().st_size < fullcheck.APART_BYTES
    for apart, big in ((True, False), (False, True)):  # the app on a small database; a command on a big one
        if big:
            monkeypatch.setattr(fullcheck, "APART_BYTES", 0)
        store = open_store(v.head, check_apart=apart)
        try:
            assert store._check is not None and not store._check.apart
            store.wait_for_check()
        finally:
            store.close()


@pytest.mark.parametrize(
    "helper",
    [
        ["/nonexistent/refapp-helper"],  # cannot start
        [sys.executable, "-c", "import sys; sys.exit(3)"],  # stops
        [sys.executable, "-c", "print('all good')"],  # says nothing readable
        [sys.executable, "-c", "print('{\"problem\": 7}')"],  # says something else
    ],
    ids=["cannot-start", "stops", "not-json", "not-a-problem"],
)
def test_a_helper_that_cannot_say_leaves_the_check_to_this_process(v, monkeypatch, helper):
    key = _damage(v)
    monkeypatch.setattr(fullcheck, "command", lambda *_: helper)
    check = FullCheck(v.head / DB_NAME, apart=True)
    with pytest.raises(DamagedDatabase) as err:
        check.wait()
    assert flips.named(str(err.value), v, key) and "counters" in str(err.value)
