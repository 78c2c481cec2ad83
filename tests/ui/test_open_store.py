"""The app's start over a damaged or busy data folder: the user is told what is wrong and offered the recovery."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from refapp.app import open_store
from refapp.store.opening import open_store as open_folder
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.logs import ev, rulesets
from tests.store.util import filled, hold_in_wal, killed_copy, wal


class Dialogs:
    """QMessageBox answered as a user would (Yes), every message recorded."""

    def __init__(self, monkeypatch, answer=QMessageBox.StandardButton.Yes):
        self.shown: list[tuple[str, str]] = []

        def exec_(box):
            self.shown.append(("question", box.text() + "\n" + box.informativeText()))
            return answer

        monkeypatch.setattr(QMessageBox, "exec", exec_)
        for kind in ("information", "critical", "warning"):
            monkeypatch.setattr(
                QMessageBox, kind, staticmethod(lambda parent, title, text, k=kind: self.shown.append((k, text)))
            )


def test_missing_rulings_are_named_and_recovered_on_request(tmp_path, qtbot, monkeypatch):
    store, book = filled(tmp_path / "live", n_riichi=0)
    hold_in_wal(store)
    for seat in range(3):
        book.commit(ev("incident", seat=seat, offence="warning"))
    folder = killed_copy(tmp_path / "live", tmp_path / "tablet")
    store.close()
    wal(folder).unlink()  # the WAL is lost: three confirmed warnings with it
    (folder / "refapp.sqlite3-shm").unlink()
    dialogs = Dialogs(monkeypatch)
    recovered = open_store(folder)
    assert recovered is not None
    kind, text = dialogs.shown[0]
    assert kind == "question" and "3 confirmed" in text and "table 7" in text and "journal" in text
    assert dialogs.shown[1][0] == "information" and "3 event(s) recovered" in dialogs.shown[1][1]
    state = TableBook(recovered, book.table, rulesets()).state
    assert [s.warnings for s in state.seats] == [1, 1, 1, 0]
    recovered.close()


def test_declining_the_recovery_writes_nothing(tmp_path, qtbot, monkeypatch):
    from tests.store.util import files_of

    store, book = filled(tmp_path / "live", n_riichi=0)
    hold_in_wal(store)
    book.commit(ev("riichi", seat=0))
    folder = killed_copy(tmp_path / "live", tmp_path / "tablet")
    store.close()
    wal(folder).unlink()
    (folder / "refapp.sqlite3-shm").unlink()
    before = files_of(folder)
    Dialogs(monkeypatch, answer=QMessageBox.StandardButton.No)
    assert open_store(folder) is None
    assert files_of(folder) == before


def test_a_second_window_is_told_the_folder_is_in_use(tmp_path, qtbot, monkeypatch):
    first = open_folder(tmp_path)
    dialogs = Dialogs(monkeypatch)
    assert open_store(tmp_path) is None
    assert dialogs.shown[0][0] == "critical" and "in use by another refapp" in dialogs.shown[0][1]
    first.close()


def test_a_damaged_row_is_refused_at_the_next_start_and_the_recovery_says_what_it_rebuilt(tmp_path, qtbot, monkeypatch):
    """Issue 26: a ruling whose stored column was changed. The first start's full check finds it (nothing can be
    recorded); the next start refuses at once and offers the recovery, which derives the column again from the
    events as they were signed: the report never says the database was kept "as it was"."""
    import sqlite3

    from refapp.store.db import DamagedDatabase

    store, book = filled(tmp_path, n_riichi=2)
    store.close()
    conn = sqlite3.connect(tmp_path / "refapp.sqlite3", isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("UPDATE events SET counters = 7 WHERE type = 'riichi'")
    conn.close()
    first = open_folder(tmp_path)
    try:
        first.wait_for_check()
        raise AssertionError("the full check did not find the changed column")
    except DamagedDatabase as exc:
        assert "counters" in str(exc) and "table 7" in str(exc)
    finally:
        first.close()
    dialogs = Dialogs(monkeypatch)
    recovered = open_store(tmp_path)
    assert recovered is not None
    kind, text = dialogs.shown[0]
    assert kind == "question" and "counters" in text
    kind, text = dialogs.shown[1]
    assert kind == "information" and "Rebuilt from the events of the damaged database" in text, text
    assert "as it was;" not in text
    assert verify(recovered, rulesets()).ok
    assert [e["id"] for e in recovered.table_events(book.table.table_id)] == [e["id"] for e in book.events]
    recovered.close()
