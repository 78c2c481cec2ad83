"""Player rosters from CSV files (exported from a tournament's spreadsheet).

Accepted columns (header row, case-insensitive, in any order): ``name`` (required), ``federation_id`` (or ``ema``,
``ema_id``, ``id``), ``first_timer`` (yes/no, true/false, 1/0, x or empty). Comma or semicolon separated, UTF-8
(with or without BOM). A bad file gets one message naming the file, the line and the field; nothing is imported.
A name or a federation id holding a control character (NUL, a line feed inside quotes, a tab...) or an invisible
formatting character (a direction mark or override, a zero-width space...: :mod:`refapp.domain.inputs`) is refused,
naming the line, the column and the character. Lines are the file's own (a quoted cell running over two lines
counts both).

Layer: feature (the roster files).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from ..domain.catalogue import Param, english
from ..domain.inputs import char_label, refused_in_name
from .safejson import one_line

_NAME = ("name", "player", "nom", "joueur")
_ID = ("federation_id", "ema", "ema_id", "ema number", "id", "licence", "license")
_FIRST = ("first_timer", "first timer", "first-timer", "debutant", "débutant")
_TRUE = {"yes", "y", "true", "1", "x", "oui", "o"}
_FALSE = {"no", "n", "false", "0", "", "non"}


class RosterError(ValueError):
    """A roster that cannot be read, raised with a message id (``key``) and its ``params``: the English line, the id's
    sentence in the catalogue (:mod:`refapp.domain.catalogue`), names the file, the line and the field; a screen says
    the same id in its language (``refapp.ui.common.messages``)."""

    def __init__(self, message: str = "", key: str = "", **params: Param):
        super().__init__(message or english(key, params))
        self.key, self.params = key, params


@dataclass(frozen=True)
class RosterEntry:
    name: str
    federation_id: str = ""
    first_timer: bool = False


def parse_roster(text: str, source: str = "roster") -> list[RosterEntry]:
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise RosterError(key="roster_empty", file=source)
    first_line = text.splitlines()[0]
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    rows: list[list[str]] = []
    starts: list[int] = []  # the file's line on which each row starts
    try:
        for row in reader:
            starts.append(reader.line_num - sum(cell.count("\n") for cell in row))
            rows.append(row)
    except csv.Error as exc:
        raise RosterError(key="roster_not_csv", file=source, line=reader.line_num, reason=exc) from None
    header = [h.strip().lower() for h in rows[0]]

    def column(names: tuple[str, ...]) -> int | None:
        for i, h in enumerate(header):
            if h in names:
                return i
        return None

    name_col, id_col, first_col = column(_NAME), column(_ID), column(_FIRST)
    if name_col is None:
        raise RosterError(key="roster_no_name_column", file=source, columns=one_line(", ".join(header)) or "empty")
    out: list[RosterEntry] = []
    seen: dict[str, int] = {}
    for line, row in zip(starts[1:], rows[1:], strict=True):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise RosterError(key="roster_fields", file=source, line=line, fields=len(row), header=len(header))
        cells = row + [""] * (len(header) - len(row))
        for col in (name_col, id_col):
            bad = refused_in_name(cells[col].strip()) if col is not None else None  # (spaces around: trimmed)
            if col is not None and bad is not None:
                label = char_label(bad)
                raise RosterError(
                    key="roster_name_char",
                    file=source,
                    line=line,
                    column=col + 1,
                    field=rows[0][col].strip(),
                    char=label,
                )
        name = cells[name_col].strip()
        if not name:
            raise RosterError(key="roster_no_name", file=source, line=line)
        if len(name) > 60:
            raise RosterError(key="roster_long_name", file=source, line=line)
        key = name.casefold()
        if key in seen:
            raise RosterError(key="roster_twice", file=source, line=line, player=name, first=seen[key])
        seen[key] = line
        first = cells[first_col].strip().lower() if first_col is not None else ""
        if first not in _TRUE | _FALSE:
            raise RosterError(key="roster_first_timer", file=source, line=line, value=repr(first))
        fid = cells[id_col].strip() if id_col is not None else ""
        out.append(RosterEntry(name=name, federation_id=fid, first_timer=first in _TRUE))
    if not out:
        raise RosterError(key="roster_no_players", file=source)
    return out
