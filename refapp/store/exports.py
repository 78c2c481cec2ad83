"""Spreadsheet exports: the incidents CSV (one row per incident) and the EMA-style results CSV (one row per player
per hanchan of the tournament, with the standings' places). See ``docs/bundle.md`` for their columns.

Both are written through :mod:`refapp.store.csvsafe`: every text cell quoted, numbers as numbers, and no text a
spreadsheet could run as a formula under any separator; ``separator`` is ``,`` (the default), ``;`` (what a French
spreadsheet reads in columns) or a tab.

Layer: feature (read models: the exports).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from ..domain.numbers import AmountKind, Unit, ruling_amount, ruling_amount_kind, shown, unit_of
from ..domain.rules import RuleSet
from ..domain.standings import LineKind
from . import history
from .csvsafe import safe_row, writer
from .db import Store, reading
from .errors import StoreError
from .rows import HistoryRow
from .rulesets import load_catalog
from .standings_reads import StandingsReader


@contextlib.contextmanager
def _output(path_or_file: str | os.PathLike[str] | IO[str]) -> Iterator[IO[str]]:
    if not isinstance(path_or_file, (str, os.PathLike)):
        yield path_or_file
        return
    # utf-8 with a byte-order mark: spreadsheet programs then read accented names right
    with open(Path(path_or_file), "w", encoding="utf-8-sig", newline="") as fh:
        yield fh


INCIDENT_COLUMNS = [
    "time",
    "tournament",
    "table",
    "hanchan",
    "hand",
    "seat",
    "player",
    "offence",
    "answers",
    "ruling",
    "amount (table points)",  # what the ruling took, in the column of its unit (refapp.domain.numbers)
    "amount (points)",  # the rule set's overall points (WRC: 1 point = 1,000 table points)
    "amount (rating points)",
    "citation",
    "rule set",
    "referee",
    "note",
    "voided",
    "id",
]


def _answer(key: str, value: Any, entered: Unit, unit: int) -> str:
    """An answer as the CSV writes it: its id or number; a penalty entered in the rule set's points says so."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key == "amount" and type(value) is int and entered is Unit.POINTS:
        return shown(value, AmountKind.OVERALL, unit).text()  # "10 points": as entered, not the 10,000 kept
    return str(value)


_AMOUNT_UNITS = (Unit.TABLE_POINTS, Unit.POINTS, Unit.RATING_POINTS)  # the amount columns, in order


def incident_csv_row(row: HistoryRow, rulesets: Mapping[str, RuleSet] | None = None) -> list[Any]:
    """One history row as the incidents CSV writes it (``INCIDENT_COLUMNS``): the ruling's amount in the column of
    its unit (its hanchan's rule set says which: ``rulesets``; an unknown rule set's amounts are table points)."""
    ruling = history.stored_effect(row).ruling
    rs = (rulesets or {}).get(str(row.get("ruleset_id") or ""))
    unit = rs.results.overall_unit if rs is not None else 1
    said = None
    if ruling is not None:
        said = ruling_amount(ruling.kind_text, ruling.amount, ruling.scope, rs.chombo.mode if rs else "", unit)
        if said is None and ruling.amount:  # a chombo paid at the table: its payment, in table points
            said = shown(ruling.amount)
    amounts = ["" if said is None or said.unit is not u else said.number for u in _AMOUNT_UNITS]
    scope = ruling.scope if ruling is not None and ruling.scope else (rs.penalties.scope if rs is not None else "")
    entered = unit_of(ruling_amount_kind("point_penalty", scope), unit)[0]  # the unit a penalty was entered in
    return [
        row["at"],
        row["tournament"],
        row["table"],
        row["hanchan"],
        f"{row['round_wind']}{row['hand']}",
        "" if row["seat"] is None else row["seat"],
        row["player"] or "",
        row["offence"] or "",
        "; ".join(f"{k}={_answer(k, v, entered, unit)}" for k, v in sorted(row["answers"].items())),
        ruling.kind_text if ruling else "",
        *amounts,
        (f"club rule ({ruling.club_rule})" if ruling.club_rule else ruling.citation) if ruling else "",
        row["ruleset_id"],
        row["referee"],
        row["note"],
        "yes" if row["voided"] else "no",
        row["uuid"],
    ]


def export_incidents_csv(
    store: Store,
    path_or_file: str | os.PathLike[str] | IO[str],
    *,
    separator: str = ",",
    rulesets: Mapping[str, RuleSet] | None = None,
    **filters: Any,
) -> int:
    """Write one CSV row per incident (oldest first), with the history filters of :func:`history.query`.

    Voided incidents are included (column ``voided``) unless ``include_voided=False``. Each ruling's amount is in
    the column of its unit, which its rule set says (``rulesets``: by default the built-in rule sets plus the data
    folder's ``rulesets/``). Returns the number of rows.
    """
    filters.setdefault("include_voided", True)
    filters["limit"] = None
    filters.pop("offset", None)
    if rulesets is None:
        rulesets = _catalog(store)
    rows = history.query(store, **filters)
    rows.reverse()
    with _output(path_or_file) as fh:
        out = writer(fh, separator)
        out.writerow(INCIDENT_COLUMNS)
        for row in rows:
            out.writerow(safe_row(incident_csv_row(row, rulesets)))
    return len(rows)


def _catalog(store: Store) -> Mapping[str, RuleSet]:
    """The built-in rule sets plus the data folder's ``rulesets/``."""
    return load_catalog(store.path.parent / "rulesets").rulesets


RESULT_AMOUNTS = ("uma", "oka", "leftover", "penalties", "result")  # in the standings' unit, named in the head


def result_columns(unit: Unit = Unit.TABLE_POINTS) -> list[str]:
    """The results CSV's columns; the amounts (what goes into the overall score) say their unit: ``uma (points)``
    under WRC, ``uma (table points)`` elsewhere."""
    return [
        "tournament",
        "hanchan",
        "table",
        "player",
        "federation id",
        "seat",
        "table score",
        "rank",
        *(f"{name} ({unit.value})" for name in RESULT_AMOUNTS),
        "substitute for",  # a substitute's row (not ranked): whose seat it was
        "place",  # the player's place in the tournament's standings ("" if not in the ranking)
        "disqualified",  # "yes" on every row of a disqualified player
        "status",  # "final", or "in play": the hanchan is not over (its row is as if it ended now)
        "rule set",  # the rule set the hanchan was played under
        "other rule set",  # "yes": not the tournament's (its first hanchan's): scored by its own, counted, marked
    ]


def _fmt(x: Fraction | int, unit: int = 1) -> int | Decimal:
    """An amount of the overall score in the standings' unit (``unit`` table points make one), as the CSV writes
    it: whole, or with two decimals (a number, unquoted: it adds up)."""
    x = shown(x, AmountKind.OVERALL, unit).value
    return int(x) if x.denominator == 1 else Decimal(f"{float(x):.2f}")


def export_results_csv(
    store: Store,
    tournament_id: str,
    path_or_file: str | os.PathLike[str] | IO[str],
    *,
    rulesets: Mapping[str, RuleSet] | None = None,
    separator: str = ",",
) -> int:
    """Write an EMA-style results CSV: one row per player per hanchan of every table of the tournament (id or name),
    the hanchans in play included (status "in play", as if they ended now), with each player's place in the
    tournament's standings, and each hanchan's rule set (``other rule set``: "yes" on the rows of a hanchan played
    under another rule set than the tournament's, its first hanchan's: scored by its own rule set, counted, marked).

    Substitutes are written under their own names (or left out where the rule set leaves them out of the
    standings); a disqualified player's rows are marked, with his place where the rule set ranks him (EMA: at the
    bottom) and none where it does not list him (WRC). ``rulesets`` defaults to the built-in rule sets plus the data
    folder's ``rulesets/``. Returns the number of rows; raises :class:`StoreError` for an unknown tournament or a
    log that does not replay.
    """
    with reading(store.path):  # a stored text that is not UTF-8 is damage, said in one line
        return _results_csv(store, tournament_id, path_or_file, rulesets, separator)


def _results_csv(
    store: Store,
    tournament_id: str,
    path_or_file: str | os.PathLike[str] | IO[str],
    rulesets: Mapping[str, RuleSet] | None,
    separator: str,
) -> int:
    if rulesets is None:
        rulesets = _catalog(store)
    ids = history.tournament_ids(store, tournament_id)
    if len(ids) != 1:
        problem = "No tournament" if not ids else "More than one tournament"
        raise StoreError(f"{problem} with id or name {tournament_id!r}")
    tid = ids[0]
    name = next(t["name"] for t in store.tournaments() if t["id"] == tid)
    federation = {p["name"]: p["federation_id"] for p in store.players(tid)}
    st = StandingsReader(store, rulesets).standings(tid)
    lines = st.lines() if st is not None else []
    place = {p.name: p.rank for p in st.ranking} if st is not None else {}
    disqualified = {p.name for p in st.ranking + st.not_listed if p.disqualified} if st is not None else set()
    substitutes = st is None or st.ruleset.standings.substitutes == "listed"
    u = st.unit if st is not None else 1
    ruleset_of = {(r.table, r.hanchan): r.ruleset.id for r in st.records} if st is not None else {}
    ranked_under = st.ruleset.id if st is not None else ""
    with _output(path_or_file) as fh:
        out = writer(fh, separator)
        out.writerow(result_columns(unit_of(AmountKind.OVERALL, u)[0]))
        n = 0
        for line in lines:
            sub = line.kind is LineKind.SUBSTITUTE
            if sub and not substitutes:
                continue
            no_table = line.kind in (LineKind.ABSENT, LineKind.DISQUALIFIED)
            rank = place.get(line.player) if not sub else None
            row = [
                name,
                line.hanchan,
                line.table,
                line.player or f"substitute for {line.substitute_for}",
                "" if sub else (federation.get(line.player) or ""),
                line.seat,
                "" if no_table else line.score,
                "" if no_table else line.rank,
                _fmt(line.uma, u),
                _fmt(line.oka, u),
                _fmt(line.leftover, u),
                _fmt(line.penalties, u),
                _fmt(line.result, u),
                line.substitute_for,
                "" if rank is None else rank,
                "yes" if not sub and line.player in disqualified else "",
                "in play" if line.in_play else "final",
                ruleset_of.get((line.table, line.hanchan), ""),
                "yes" if ruleset_of.get((line.table, line.hanchan), ranked_under) != ranked_under else "",
            ]
            out.writerow(safe_row(row))
            n += 1
    return n
