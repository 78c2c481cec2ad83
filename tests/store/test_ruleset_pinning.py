"""Issue 12, problem 7: a club rule-set file edited after rulings rewrote history (chombo 4,000 -> 12,000 in the file,
and the board of a finished hanchan went from 18,000 to -6,000 while the stored ruling said 4,000). A hanchan now
keeps the rule set it started with (its content, stored by hash); a changed file applies to new hanchans only, and
the app says so."""

from __future__ import annotations

from pathlib import Path

from refapp.store.opening import open_store
from refapp.store.rulesets import load_catalog
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify
from tests.logs import end, ev, start
from tests.store.util import dispose

CLUB = """
extends = "ema-2016"
id = "club"
name = "Club night"
version = "2026"

[chombo]
mode = "flat_each_table"
amount = {amount}
"""


def _club(folder: Path, amount: int) -> dict:
    rules = folder / "rulesets"
    rules.mkdir(parents=True, exist_ok=True)
    (rules / "club.toml").write_text(CLUB.format(amount=amount), encoding="utf-8")
    catalog = load_catalog(rules)
    assert not catalog.errors, catalog.errors
    return catalog.rulesets


def test_a_club_file_edited_after_rulings_changes_no_finished_hanchan(tmp_path):
    store = open_store(tmp_path)
    table = store.setup_table("Club", 1, [])
    book = TableBook(store, table, _club(tmp_path, 4000))
    book.commit(start("club"))
    book.commit(ev("incident", seat=0, offence="invalid_win_revealed"))  # chombo: 4,000 to each other player
    book.commit(end())
    assert [s.score for s in book.state.seats] == [18000, 34000, 34000, 34000]
    assert book.ruleset_notice() == ""

    edited = _club(tmp_path, 12000)  # the club edits its file after the rulings
    book = TableBook(store, table, edited)
    assert [s.score for s in book.state.seats] == [18000, 34000, 34000, 34000]
    assert "club" in book.ruleset_notice().lower() and "next hanchan" in book.ruleset_notice()
    assert verify(store, edited).ok

    # the next hanchan takes the edited file
    book.commit(start("club"))
    book.commit(ev("incident", seat=0, offence="invalid_win_revealed"))
    assert [s.score for s in book.state.seats] == [-6000, 42000, 42000, 42000]
    assert book.ruleset_notice() == ""
    # and both hanchans replay as they were ruled, even with the file gone
    (tmp_path / "rulesets" / "club.toml").unlink()
    book = TableBook(store, table, load_catalog(tmp_path / "rulesets").rulesets)
    assert [s.score for s in book.state.seats] == [-6000, 42000, 42000, 42000]
    assert "no longer" in book.ruleset_notice()
    store.close()


def test_the_controller_tells_the_referee(tmp_path, qtbot):
    from refapp.store.settings import Settings
    from refapp.ui.shell.controller import Controller

    store = open_store(tmp_path)
    table = store.setup_table("Club", 1, [])
    TableBook(store, table, _club(tmp_path, 4000)).commit(start("club"))
    settings = Settings(tournament_id=table.tournament_id, table_id=table.table_id)
    errors: list[str] = []
    controller = Controller(store, _club(tmp_path, 12000), settings, tmp_path)
    controller.error.connect(errors.append)
    assert "next hanchan" in controller.ruleset_notice
    controller.open_table(table)
    assert errors and "next hanchan" in errors[-1]
    dispose(controller)
    store.close()
