"""Spreadsheet exports: the incidents CSV (one row per incident) and the EMA-style results CSV (one row per player
per hanchan of the tournament, with the standings' places). See ``docs/bundle.md`` for their columns.

Both are written through :mod:`refapp.store.csvsafe`: every text cell quoted, numbers as numbers, and no text a
spreadsheet could run as a formula under any separator; ``separator`` is ``,`` (the default), ``;`` (what a French
spreadsheet reads in columns) or a tab."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from ..domain.rules import RuleSet
from ..domain.standings import LineKind
from . import history
from .csvsafe import safe_row, writer
from .db import Store, StoreError, reading
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


def export_incidents_csv(
    store: Store, path_or_file: str | os.PathLike[str] | IO[str], *, separator: str = ",", **filters: Any
) -> int:
    """Write one CSV row per incident (oldest first), with the history filters of :func:`history.query`.

    Voided incidents are included (column ``voided``) unless ``include_voided=False``. Returns the number of rows.
    """
    filters.setdefault("include_voided", True)
    filters["limit"] = None
    filters.pop("offset", None)
    rows = history.query(store, **filters)
    rows.reverse()
    with _output(path_or_file) as fh:
        out = writer(fh, separator)
        out.writerow(INCIDENT_COLUMNS)
        for row in rows:
            out.writerow(safe_row(incident_csv_row(row)))
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
    "place",  # the player's place in the tournament's standings ("" if not in the ranking)
    "disqualified",  # "yes" on every row of a disqualified player
    "status",  # "final", or "in play": the hanchan is not over (its row is as if it ended now)
]


def _fmt(x: Fraction | int) -> int | Decimal:
    """A number as the CSV writes it: whole, or with two decimals (a number, unquoted: it adds up)."""
    x = Fraction(x)
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
    tournament's standings.

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
        from .rulesets import load_catalog

        rulesets = load_catalog(store.path.parent / "rulesets").rulesets
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
    with _output(path_or_file) as fh:
        out = writer(fh, separator)
        out.writerow(RESULT_COLUMNS)
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
                _fmt(line.uma),
                _fmt(line.oka),
                _fmt(line.leftover),
                _fmt(line.penalties),
                _fmt(line.result),
                line.substitute_for,
                "" if rank is None else rank,
                "yes" if not sub and line.player in disqualified else "",
                "in play" if line.in_play else "final",
            ]
            out.writerow(safe_row(row))
            n += 1
    return n
