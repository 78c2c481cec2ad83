"""Every CSV refapp writes is safe to open in a spreadsheet: a typed text that starts like a formula (``=``, ``+``,
``-``, ``@``, tab, CR) gets a leading apostrophe, so it is shown as text and never run; numbers stay numbers."""

import csv
import io

import pytest

from refapp.store import exports as bundle
from refapp.store.csvsafe import safe_cell, safe_row
from refapp.store.db import Store
from refapp.store.tablebook import TableBook
from tests.logs import end, ev, rulesets, start

DANGEROUS = ["=cmd|' /C calc'!A0", "+33 6 12 34 56 78", "-2+3", "@SUM(A1:A9)", "\t=1+1", "\r=1+1"]


@pytest.mark.parametrize("text", DANGEROUS)
def test_formula_starts_become_text(text):
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize("value", [-5000, 12.5, -12.5, "-5000", "-15.30", "+4000", "Ann", "", None, "a=b", "O'Neil"])
def test_numbers_and_plain_text_are_unchanged(value):
    assert safe_cell(value) == value


def test_a_row():
    assert safe_row(["=1", 2, "x"]) == ["'=1", 2, "x"]


def formula_like(cell: str) -> bool:
    """What a spreadsheet would run: a cell starting like a formula that is not a plain number."""
    import re

    return cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not re.fullmatch(r"[+-]?\d+(\.\d+)?", cell)


@pytest.fixture
def hostile_store(tmp_path):
    """A finished hanchan whose every typed text starts like a formula."""
    store = Store.open(tmp_path)
    tid = store.create_tournament('=HYPERLINK("http://x","open")')
    players = ("=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)")
    for name, fed in zip(players, ("=1", "\t2", "\r3", "@4"), strict=True):
        store.add_player(tid, name, federation_id=fed)
    table = store.create_table(tid, 1)
    book = TableBook(store, table, rulesets())
    book.commit(start("ema-2016", players=players, by="=referee()"))
    book.commit(ev("incident", seat=1, offence="warning", note="=1+2", by="@referee"))
    book.commit(
        ev("incident", seat=2, offence="point_penalty", answers={"reason": "conduct", "amount": 2000}, note="-1+1")
    )
    book.commit(end())
    yield store, tid
    store.close()


def cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def test_incidents_csv_has_no_formula(hostile_store):
    store, _ = hostile_store
    buf = io.StringIO()
    assert bundle.export_incidents_csv(store, buf) == 2
    written = cells(buf.getvalue())
    assert [c for c in written if formula_like(c)] == []
    for typed in ("=1+2", "-1+1", "@referee", "+1+1", "-2+3", '=HYPERLINK("http://x","open")'):
        assert "'" + typed in written, typed  # shown as text, not lost


def test_results_csv_has_no_formula_and_numbers_stay_numbers(hostile_store):
    store, tid = hostile_store
    buf = io.StringIO()
    assert bundle.export_results_csv(store, tid, buf, rulesets=rulesets()) == 4
    rows = list(csv.reader(io.StringIO(buf.getvalue())))
    assert [c for row in rows for c in row if formula_like(c)] == []
    assert rows[1][0] == '\'=HYPERLINK("http://x","open")'
    assert {row[3] for row in rows[1:]} == {"'=cmd|' /C calc'!A0", "'+1+1", "'-2+3", "'@SUM(A1)"}
    assert {row[4] for row in rows[1:]} == {"'=1", "'\t2", "'\r3", "'@4"}
    col = rows[0].index("result")
    results = [float(row[col]) for row in rows[1:]]  # still numbers a spreadsheet adds up
    assert any(r < 0 for r in results)
