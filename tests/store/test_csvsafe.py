"""Every CSV refapp writes is safe to open in a spreadsheet, whatever separator the spreadsheet splits it at: every
text cell is quoted, a text that a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, a tab, a carriage
return or a line feed, also after spaces or quotes, also after any ``,`` ``;`` tab or ``|`` inside the text) gets an
apostrophe, and numbers stay numbers that add up.

The CSVs are written by the real command (``refapp export``) from a tournament whose every typed text is hostile,
then read as a spreadsheet reads them: with each separator, honouring quotes (Python's reader, as LibreOffice and
Excel read quotes)."""

from __future__ import annotations

import csv
import io
import re
import string
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from refapp.cli import main
from refapp.store.csvsafe import safe_cell, safe_row
from refapp.store.opening import open_store
from refapp.store.tablebook import TableBook
from tests.logs import end, ev, rulesets, start

READERS = {"comma": ",", "semicolon": ";", "tab": "\t", "pipe": "|"}
FORMULA = ("=", "+", "-", "@", "\t", "\r", "\n", "＝", "＋", "－", "＠")
PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+([.,][0-9]+)?")


def runs(cell: str) -> bool:
    """What a spreadsheet could run as a formula: a cell starting like one (also after the spaces, tabs, line breaks
    and quotes a reader may drop) that is not a plain number. A leading apostrophe makes any cell text."""
    rest = cell.lstrip(' \t\r\n"\u00a0\u3000')
    return rest[:1] in FORMULA and not PLAIN_NUMBER.fullmatch(rest.rstrip(' \t\r\n"\u00a0\u3000'))


def read(text: str, separator: str, **kw) -> list[list]:
    return list(csv.reader(io.StringIO(text), delimiter=separator, **kw))


def formulas(text: str) -> dict[str, list[str]]:
    """The cells a spreadsheet would run, by the separator it reads the text with (a carriage return ends a line
    there, as a line feed does)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    found = {name: [c for row in read(text, sep) for c in row if isinstance(c, str) and runs(c)]
             for name, sep in READERS.items()}  # fmt: skip
    return {k: v for k, v in found.items() if v}


# -- one cell --------------------------------------------------------------------------------------------------------

DANGEROUS = [
    "=cmd|' /C calc'!A0",
    "Bob;=cmd|' /C calc'!A0;",
    "+33 6 12 34 56 78",
    "-2+3",
    "@SUM(A1:A9)",
    "\t=1+1",
    "\r=1+1",
    "\n=1+1",
    " =1+1",
    '"=1+1"',
    "a;=b",
    "a,=b",
    "a\t=b",
    "a|=b",
    'x;"=HYPERLINK(""http://x"")"',
    "ok, -2000 penalty",
    "＝1+1",
]


@pytest.mark.parametrize("text", DANGEROUS)
def test_a_formula_anywhere_a_reader_could_start_a_cell_becomes_text(text):
    cell = safe_cell(text)
    assert cell != text and cell.replace("'", "") == text.replace("'", "")  # only apostrophes added
    for name, sep in READERS.items():
        for line in (cell, f"x{sep}{cell}{sep}y"):  # alone, and in the middle of a line: unquoted
            assert formulas(line) == {}, (name, line)


@pytest.mark.parametrize(
    "value", [-5000, 12.5, Decimal("-12.50"), "Ann", "", None, "a=b", "O'Neil", "A-B", "'=1+1", "a; b"]
)
def test_numbers_and_plain_text_are_unchanged(value):
    assert safe_cell(value) == value


@pytest.mark.parametrize("text", ["-5000", "+4000", "-15.30"])
def test_a_text_that_looks_like_a_signed_number_is_text(text):
    assert safe_cell(text) == "'" + text  # (numbers refapp writes are numbers, never texts)


def test_a_row():
    assert safe_row(["=1", 2, "x;@y"]) == ["'=1", 2, "x;'@y"]


hostile_text = st.text(alphabet=string.ascii_letters[:6] + "=+-@\t\r\n ,;|\"'0123456789.", max_size=24)


@given(st.lists(hostile_text, min_size=1, max_size=6), st.sampled_from(sorted(READERS.values())))
def test_no_text_becomes_a_formula_under_any_separator(texts, sep):
    """Any text, written quoted with any separator and read back with any separator: no cell runs."""
    buf = io.StringIO()
    csv.writer(buf, delimiter=sep, quoting=csv.QUOTE_NONNUMERIC).writerow(safe_row(texts))
    assert formulas(buf.getvalue()) == {}
    assert read(buf.getvalue(), sep)[0] == safe_row(texts)  # its own separator: the cells as written


# -- the real exports ------------------------------------------------------------------------------------------------

PLAYERS = ("Bob;=cmd|' /C calc'!A0;", "+1+1;-2+3", "@SUM(A1)|=1", 'Ann "=2+2", =3')
TOURNAMENT = '=HYPERLINK("http://x","open");=1'


@pytest.fixture
def hostile(tmp_path):
    """A finished hanchan whose every typed text is hostile (all of them names refapp accepts)."""
    store = open_store(tmp_path / "data")
    tid = store.create_tournament(TOURNAMENT)
    for name, fed in zip(PLAYERS, ("=1;=2", "@4", "-3,=4", "+33|=5"), strict=True):
        store.add_player(tid, name, federation_id=fed)
    table = store.create_table(tid, 1)
    book = TableBook(store, table, rulesets())
    book.commit(start("ema-2016", players=PLAYERS, by="=referee();@x"))
    book.commit(ev("incident", seat=0, offence="warning", note="\t=1+2;\n=3+4", by="@referee"))
    book.commit(
        ev("incident", seat=2, offence="point_penalty", answers={"reason": "conduct", "amount": 2000}, note="ok, -1+1")
    )
    book.commit(end())
    store.close()
    return tmp_path / "data"


def export(data, tmp_path, fmt: str, separator: str = "comma") -> str:
    out = tmp_path / f"{fmt}-{separator}.csv"
    args = ["--data-dir", str(data), "export", "--format", fmt, "-o", str(out)]
    if separator != "comma":  # (the comma is the default)
        args += ["--separator", separator]
    if fmt == "results":
        args += ["--tournament", TOURNAMENT]
    assert main(args) == 0
    return out.read_text(encoding="utf-8-sig")


@pytest.mark.parametrize("fmt", ["csv", "results"])
@pytest.mark.parametrize("separator", ["comma", "semicolon", "tab"])
def test_no_cell_of_an_export_runs_as_a_formula_whatever_separator_reads_it(hostile, tmp_path, fmt, separator):
    text = export(hostile, tmp_path, fmt, separator)
    assert formulas(text) == {}
    # what was typed is kept, shown as text
    own = read(text, READERS[separator])
    cells = {c for row in own for c in row}
    assert "Bob;'=cmd|' /C calc'!A0;" in cells and '\'=HYPERLINK("http://x","open");\'=1' in cells


def test_a_semicolon_spreadsheet_reading_the_comma_file_gets_no_formula_cell(hostile, tmp_path):
    """The issue's case: the comma-separated file opened by a French spreadsheet, which splits at ';'."""
    for fmt in ("csv", "results"):
        text = export(hostile, tmp_path, fmt)
        cells = [c for row in read(text, ";") for c in row]
        assert "=cmd|' /C calc'!A0" not in cells and "'=cmd|' /C calc'!A0" in cells
        assert not any(runs(c) for c in cells)


@pytest.mark.parametrize("fmt", ["csv", "results"])
@pytest.mark.parametrize("separator", ["comma", "semicolon", "tab"])
def test_a_reader_using_the_files_separator_keeps_each_rows_cell_count(hostile, tmp_path, fmt, separator):
    text = export(hostile, tmp_path, fmt, separator)
    rows = read(text, READERS[separator])
    assert len(rows) >= 3 and {len(r) for r in rows} == {len(rows[0])}
    if separator == "semicolon":  # a French spreadsheet reading the file made for it
        assert len(rows[0]) == (19 if fmt == "csv" else 17) and rows[0][0] in ("time", "tournament")


@pytest.mark.parametrize("separator", ["comma", "semicolon", "tab"])
def test_every_text_cell_is_quoted_and_numbers_stay_numbers_that_add_up(hostile, tmp_path, separator):
    sep = READERS[separator]
    text = export(hostile, tmp_path, "results", separator)
    # read as a spreadsheet that takes unquoted cells as numbers: every unquoted cell must be one
    rows = read(text, sep, quoting=csv.QUOTE_NONNUMERIC)
    header, body = rows[0], rows[1:]
    col = {name.removesuffix(" (table points)"): header.index(name) for name in header}  # (the unit: EMA's)
    for row in body:
        for name in ("hanchan", "table", "seat", "table score", "rank", "uma", "oka", "penalties", "result", "place"):
            assert isinstance(row[col[name]], float), (name, row[col[name]])
        for name in ("tournament", "player", "federation id", "status"):
            assert isinstance(row[col[name]], str), name
    # they add up: four players' 30,000 less the 2,000 point penalty taken off the table; the uma to zero
    assert sum(row[col["table score"]] for row in body) == 120_000 - 2000
    assert sum(row[col["uma"]] for row in body) == 0
    assert sum(row[col["result"]] for row in body) == -2000 and min(row[col["result"]] for row in body) == -17_000
    incidents = read(export(hostile, tmp_path, "csv", separator), sep, quoting=csv.QUOTE_NONNUMERIC)
    h = incidents[0]
    for row in incidents[1:]:
        assert isinstance(row[h.index("table")], float) and isinstance(row[h.index("hanchan")], float)
        assert isinstance(row[h.index("player")], str) and isinstance(row[h.index("note")], str)
    assert any(row[h.index("amount (table points)")] == 2000 for row in incidents[1:])
