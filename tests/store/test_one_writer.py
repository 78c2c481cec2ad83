"""Issue 12, problem 1: two windows on one data folder bricked a table (the stale one stored a ruling after the other
did; the log no longer replayed). Now one process writes a data folder at a time (an OS lock), and every commit
checks that the table has not changed since the state it was built from."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from refapp.store.db import FolderInUse, StoreError, TableChanged
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.logs import ev, rulesets
from tests.store.util import dispose, filled

ROOT = Path(__file__).resolve().parents[2]


def test_a_second_store_on_the_same_folder_is_refused_naming_the_folder_and_the_holder(tmp_path):
    store, _ = filled(tmp_path)
    with pytest.raises(FolderInUse) as err:
        open_store(tmp_path)
    assert isinstance(err.value, StoreError)
    assert str(tmp_path) in str(err.value) and f"process {os.getpid()}" in str(err.value)
    store.close()
    again = open_store(tmp_path)  # released on close
    again.close()


def test_read_only_commands_do_not_need_the_lock(tmp_path):
    store, book = filled(tmp_path)
    reader = open_store(tmp_path, read_only=True)
    assert reader.read_only and verify(reader).ok
    assert len(reader.table_events(book.table.table_id)) == len(book.events)
    reader.close()
    store.close()


def test_a_second_process_is_refused_with_the_pid_of_the_first(tmp_path):
    store, _ = filled(tmp_path)
    code = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from refapp.store.errors import FolderInUse
        from refapp.store.opening import open_store
        try:
            open_store({str(tmp_path)!r})
        except FolderInUse as exc:
            print(exc)
            sys.exit(3)
        """
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 3, proc.stderr
    assert f"process {os.getpid()}" in proc.stdout and str(tmp_path) in proc.stdout
    store.close()
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_a_stale_view_never_writes_a_fork(tmp_path):
    # Two views of one table (as two windows had): the first stores a ruling, the stale second one tries to.
    store, first = filled(tmp_path, n_riichi=0)
    second = TableBook(store, first.table, rulesets())
    first.commit(ev("incident", seat=1, offence="warning"))
    before = store.table_events(first.table.table_id)
    with pytest.raises(TableChanged) as err:
        second.commit(ev("incident", seat=2, offence="warning"))
    assert "table 7" in str(err.value) and "changed" in str(err.value)
    assert store.table_events(first.table.table_id) == before  # nothing stored
    second.rebuild()  # reloaded: now it sees the first view's ruling and may rule again
    assert second.state.seats[1].warnings == 1
    second.commit(ev("incident", seat=2, offence="warning"))
    assert TableBook(store, first.table, rulesets()).state.seats[2].warnings == 1
    assert verify(store).ok
    store.close()


def test_the_controller_reloads_and_asks_for_a_new_preview(tmp_path, qtbot):
    from refapp.store.settings import Settings
    from refapp.ui.shell.controller import Controller

    store, book = filled(tmp_path, n_riichi=0)
    settings = Settings(tournament_id=book.table.tournament_id, table_id=book.table.table_id)
    controller = Controller(store, rulesets(), settings, tmp_path)
    errors: list[str] = []
    controller.error.connect(errors.append)
    book.commit(ev("riichi", seat=0))  # another writer of this table (an import, another view)
    assert controller.state.riichi_sticks == 0  # the controller's view is stale
    assert controller.commit(controller.new_event("riichi", seat=1)) is None
    assert errors and "preview" in errors[-1].lower()
    assert controller.state.riichi_sticks == 1 and controller.state.seats[0].riichi  # reloaded
    assert [e["type"] for e in store.table_events(book.table.table_id)][-1] == "riichi"
    assert controller.commit(controller.new_event("riichi", seat=1)) is not None
    assert controller.state.riichi_sticks == 2
    dispose(controller)
    store.close()
