"""Spreadsheet-safe CSV: every text cell quoted, and no text a spreadsheet could run as a formula, whatever separator
the spreadsheet reads the file with.

A player named ``=cmd|' /C calc'!A0``, a note starting with ``@SUM(...)``, a referee typing ``+33 6...``: in a CSV
opened by Excel or LibreOffice, a cell starting with ``=``, ``+``, ``-``, ``@`` (or a tab, a carriage return, a line
feed before one) is read as a formula (formula injection). :func:`safe_cell` puts an apostrophe in front of such text,
which spreadsheets show as text (the OWASP recommendation); the full-width ``＝ ＋ － ＠`` count too, and so do
spaces and quotes before the character (a reader that trims them sees the formula).

A spreadsheet does not always read the file with its own separator: a French spreadsheet splits lines at ``;``, and
the cell ``"Bob;=cmd|' /C calc'!A0"`` of a comma-separated file then gives it a cell ``=cmd|' /C calc'!A0`` — quotes
do not help a reader that does not split at the file's separator (past the first cell of a line it no longer knows
where quoted cells start). So the text after every ``,`` ``;`` tab and ``|`` inside a cell is checked as if it began a
cell, and gets its apostrophe there: ``Bob;'=cmd|' /C calc'!A0``. Under any separator no cell starts a formula.

:data:`QUOTING` quotes every text cell (``csv.QUOTE_NONNUMERIC``), so a reader using the file's own separator keeps
each row's cells whatever the text holds. Numbers are written as numbers (``int`` and :class:`~decimal.Decimal`,
unquoted: ``-5000``, ``-12.50``): they are ours, not typed text, and the results must still add up in a spreadsheet.
A typed text that looks like a signed number (``"-5000"``) is text, and gets its apostrophe like any other.
:data:`SEPARATORS` are the separators an export may be written with (``refapp export --separator``).

Layer: bottom (a helper for the exports): imports no feature of the store.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any

QUOTING = csv.QUOTE_NONNUMERIC
SEPARATORS = {"comma": ",", "semicolon": ";", "tab": "\t"}
_FORMULA_START = frozenset("=+-@\t\r\n\uff1d\uff0b\uff0d\uff20")
_LEAD = ' \t\r\n"\u00a0\u3000'  # what a reader may drop before a cell's first character (an apostrophe: never)
# what a spreadsheet may read as the end of a cell: a separator, or a line break (one that reads the file with another
# separator no longer knows which line breaks are inside quotes)
_SPLIT = re.compile(r"([,;\t|\r\n])")


def _runs(part: str) -> bool:
    """Whether a spreadsheet could run ``part`` as a formula when it begins a cell (or take a text for a number
    before what follows it: ``-5000`` then the next cell, to a reader splitting at another separator)."""
    return part[:1] in ("\t", "\r", "\n") or part.lstrip(_LEAD)[:1] in _FORMULA_START


def safe_cell(value: Any) -> Any:
    """``value`` as a CSV cell that no spreadsheet runs as a formula under any separator (numbers unchanged)."""
    if not isinstance(value, str) or not value:
        return value
    parts = _SPLIT.split(value)  # text, separator, text, separator, ..., text
    for k in range(2, len(parts), 2):
        if parts[k] and _runs(parts[k]):
            parts[k] = "'" + parts[k]
    out = "".join(parts)
    return "'" + out if _runs(value) else out


def safe_row(row: Iterable[Any]) -> list[Any]:
    """Every cell of a CSV row through :func:`safe_cell`."""
    return [safe_cell(v) for v in row]


def writer(fh: Any, separator: str = ",") -> Any:
    """A CSV writer quoting every text cell (numbers stay numbers), with ``separator`` (``,`` ``;`` or tab)."""
    if separator not in SEPARATORS.values():
        raise ValueError(f"separator {separator!r}: expected one of , ; or a tab")
    return csv.writer(fh, delimiter=separator, quoting=csv.QUOTE_NONNUMERIC)
