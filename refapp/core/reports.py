"""Incident reports: what goes in one (an incident, or the open table's whole tournament), its file's name, and the
file in the data folder's ``reports/``. The pages of a report are made by the face (the app paints a PDF with Qt:
:mod:`refapp.ui.report`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from ..store import reports
from ..store.db import Store
from ..store.outfile import OutputError, write_bytes
from ..store.reports import Report, ReportError

if TYPE_CHECKING:
    from ..domain.rules import RuleSet
    from .session import Session


def incident_report(store: Store, rulesets: Mapping[str, RuleSet], incident: str) -> Report:
    """The report of one incident (its id, or the start of it: at least 4 characters). Raises ReportError naming
    the incident."""
    return reports.incident_report(store, rulesets, incident)


def tournament_report(store: Store, rulesets: Mapping[str, RuleSet], tournament_id: str) -> Report:
    """The report of every incident of a tournament (voided ones included), by table, session, hanchan, then in the
    order entered."""
    return reports.tournament_report(store, rulesets, tournament_id)


def compose(session: Session, language: str, incident: str | None = None) -> tuple[Report, str]:
    """The report of one incident (its id) or, without one, of the open table's tournament, and its file's name.
    Raises ReportError or StoreError."""
    store, rulesets = session.store, session.rulesets
    stamp = session.clock().astimezone().strftime("%Y%m%d-%H%M%S")
    if incident is not None:
        report = incident_report(store, rulesets, incident)
        row = report.incidents[0].row
        return report, f"incident-table{row['table']}-hanchan{row['hanchan']}-{incident[:8]}-{stamp}-{language}.pdf"
    table = session.table
    if table is None:
        raise ReportError("tournament", key="report_no_table")
    report = tournament_report(store, rulesets, table.tournament_id)
    return report, f"tournament-{_slug(report.tournament)}-{stamp}-{language}.pdf"


def save(data_dir: Path, name: str, data: bytes) -> Path:
    """Write a report's file into the data folder's ``reports/``; returns it. Raises OutputError."""
    folder = data_dir / "reports"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{folder}: {exc.strerror or exc}") from None
    return write_bytes(folder / name, data)


def _slug(name: str) -> str:
    """A tournament's name as part of a file name: letters and digits, the rest as dashes."""
    kept = "".join(ch if ch.isalnum() else "-" for ch in name).strip("-")
    return "-".join(part for part in kept.split("-") if part)[:60] or "tournament"


__all__ = ["Report", "ReportError", "compose", "incident_report", "save", "tournament_report"]
