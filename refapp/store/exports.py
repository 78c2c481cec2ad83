"""Spreadsheet exports: the incidents CSV (one row per incident) and the EMA-style results CSV (one row per player
per finished hanchan). See ``docs/bundle.md`` for their columns."""

from __future__ import annotations

import contextlib
import csv
import os
from collections.abc import Iterator, Mapping
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from ..domain.events import LogError
from ..domain.log_results import finished_hanchans
from ..domain.rules import RuleSet
from . import history
from .csvsafe import safe_row
from .db import Store, StoreError


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
    "amount",
    "citation",
    "rule set",
    "referee",
    "note",
    "voided",
    "id",
]


def _answer(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def incident_csv_row(row: dict[str, Any]) -> list[Any]:
    """One history row as the incidents CSV writes it (``INCIDENT_COLUMNS``)."""
    ruling = history.stored_effect(row).ruling
    return [
        row["at"],
        row["tournament"],
        row["table"],
        row["hanchan"],
        f"{row['round_wind']}{row['hand']}",
        "" if row["seat"] is None else row["seat"],
        row["player"] or "",
        row["offence"] or "",
        "; ".join(f"{k}={_answer(v)}" for k, v in sorted(row["answers"].items())),
        ruling.kind_text if ruling else "",
        (ruling.amount or "") if ruling else "",
        ruling.citation if ruling else "",
        row["ruleset_id"],
        row["referee"],
        row["note"],
        "yes" if row["voided"] else "no",
        row["uuid"],
    ]


def export_incidents_csv(store: Store, path_or_file: str | os.PathLike[str] | IO[str], **filters: Any) -> int:
    """Write one CSV row per incident (oldest first), with the history filters of :func:`history.query`.

    Voided incidents are included (column ``voided``) unless ``include_voided=False``. Returns the number of rows.
    """
    filters.setdefault("include_voided", True)
    filters["limit"] = None
    filters.pop("offset", None)
    rows = history.query(store, **filters)
    rows.reverse()
    with _output(path_or_file) as fh:
        writer = csv.writer(fh)
        writer.writerow(INCIDENT_COLUMNS)
        for row in rows:
            writer.writerow(safe_row(incident_csv_row(row)))
    return len(rows)


RESULT_COLUMNS = [
    "tournament",
    "hanchan",
    "table",
    "player",
    "federation id",
    "seat",
    "table score",
    "rank",
    "uma",
    "oka",
    "leftover",
    "penalties",
    "result",
    "substitute for",  # a substitute's row (not ranked): whose seat it was
]


def _fmt(x: Fraction | int) -> int | str:
    x = Fraction(x)
    return int(x) if x.denominator == 1 else f"{float(x):.2f}"


def export_results_csv(
    store: Store,
    tournament_id: str,
    path_or_file: str | os.PathLike[str] | IO[str],
    *,
    rulesets: Mapping[str, RuleSet] | None = None,
) -> int:
    """Write an EMA-style results CSV: one row per player per finished hanchan of the tournament (id or name).

    Each table's stored log is replayed (voids resolved). ``rulesets`` defaults to the built-in rule sets plus the
    data folder's ``rulesets/``. Returns the number of rows; raises :class:`StoreError` for an unknown tournament or
    a log that does not replay.
    """
    if rulesets is None:
        from .rulesets import load_catalog

        rulesets = load_catalog(store.path.parent / "rulesets").rulesets
    ids = history.tournament_ids(store, tournament_id)
    if len(ids) != 1:
        problem = "No tournament" if not ids else "More than one tournament"
        raise StoreError(f"{problem} with id or name {tournament_id!r}")
    tid = ids[0]
    name = store.conn.execute("SELECT name FROM tournaments WHERE id = ?", (tid,)).fetchone()[0]
    federation = {p["name"]: p["federation_id"] for p in store.players(tid)}
    rulesets = store.rulesets(rulesets)  # hanchans replay with the rule set they started with
    lines: list[tuple[Any, ...]] = []
    for table in store.tables(tid):
        try:
            hanchans = finished_hanchans(store.table_events(table.table_id), rulesets)
        except LogError as exc:
            raise StoreError(f"table {table.number} of {name}: its log does not replay: {exc}") from None
        for h in hanchans:
            for r in h["rows"]:
                lines.append(
                    (
                        h["hanchan"],
                        table.number,
                        r["seat"],
                        [
                            name,
                            h["hanchan"],
                            table.number,
                            r["player"] or f"substitute for {r['substitute_for']}",
                            "" if r["substitute_for"] else federation.get(r["player"], ""),
                            r["seat"],
                            "" if r["absent"] else r["score"],
                            "" if r["absent"] else r["rank"],
                            _fmt(r["uma"]),
                            _fmt(r["oka"]),
                            _fmt(r["leftover"]),
                            _fmt(r["penalties"]),
                            _fmt(r["result"]),
                            r["substitute_for"],
                        ],
                    )
                )
    lines.sort(key=lambda t: t[:3])
    with _output(path_or_file) as fh:
        writer = csv.writer(fh)
        writer.writerow(RESULT_COLUMNS)
        for *_, line in lines:
            writer.writerow(safe_row(line))
    return len(lines)
