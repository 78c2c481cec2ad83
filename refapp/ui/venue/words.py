"""The venue's words: a fingerprint read aloud, a device's status, a time, the last sync."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDate, QLocale, QObject, QTime

from ..common.describe import describe
from ..common.texts import round_name

if TYPE_CHECKING:
    from ..shell.controller import Controller


def fingerprint_lines(fp: str) -> tuple[str, str]:
    """``orbit-marble-linen-goat-mango-737`` as ("orbit marble linen goat mango", "7 3 7"): read aloud, compared
    word for word."""
    if "-" not in fp:
        return fp, ""
    words, number = fp.rsplit("-", 1)
    return words.replace("-", " "), " ".join(number)


def status_text(status: str) -> str:
    return {
        "this device": QCoreApplication.translate("Venue", "this device"),
        "trusted": QCoreApplication.translate("Venue", "trusted"),
        "head": QCoreApplication.translate("Venue", "trusted as the head referee's device"),
        "untrusted": QCoreApplication.translate("Venue", "not trusted: its events are held"),
        "revoked": QCoreApplication.translate("Venue", "no longer trusted"),
        "conflict": QCoreApplication.translate("Venue", "uses the key of another device: see Conflicts"),
    }.get(status, status)


def local_time(at: str | None) -> str:
    """An ISO time as the local hour and minute (the date too when it is not today), or a dash."""
    if not at:
        return "–"
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        return at
    if when.tzinfo is not None:
        when = when.astimezone()
    locale = QLocale()
    time = locale.toString(QTime(when.hour, when.minute), QLocale.FormatType.ShortFormat)
    if when.date() == datetime.now().date():
        return time
    return locale.toString(QDate(when.year, when.month, when.day), QLocale.FormatType.ShortFormat) + " " + time


def entry_text(entry: object) -> str:
    """A stored entry in the screen's language: "East 3 · Riichi: Inès Petit · 10:10" (an EntryView of
    refapp.store.venue_reads; a dash when there is none)."""
    if entry is None:
        return "–"
    payload = getattr(entry, "payload", {})
    wind = "ESWN".find(getattr(entry, "round_wind", "") or "E")
    parts = []
    if payload.get("type") != "hanchan_start" and getattr(entry, "hand", 0):
        parts.append(round_name(max(wind, 0), int(getattr(entry, "hand", 1))))
    parts.append(describe(payload, list(getattr(entry, "names", ())), getattr(entry, "ruling", "")))
    parts.append(local_time(getattr(entry, "at", "")))
    return " · ".join(p for p in parts if p)


class VenueWords(QObject):
    """Plural sentences of the venue's module-level texts (lupdate reads a plural from ``tr(text, "", n)``)."""

    def held(self, n: int) -> str:
        return self.tr("%n event(s) held", "", n)


def sync_status(controller: Controller) -> str:
    """One line: the shared folder's last sync ("Synced 10:42"), its problem, or that there is none."""
    venue = controller.venue
    if not venue.folder:
        return QCoreApplication.translate("Venue", "No shared folder: this device syncs with no other.")
    if venue.syncing:
        p = venue.progress
        if p is None:
            return QCoreApplication.translate("Venue", "Syncing…")
        text = QCoreApplication.translate("Venue", "Syncing: %1 of %2 devices read, %3 events merged")
        return text.replace("%1", str(p.devices_read)).replace("%2", str(p.devices)).replace("%3", str(p.merged))
    if venue.last_problem:
        return QCoreApplication.translate("Venue", "Not synced: %1").replace("%1", venue.last_problem)
    if venue.last_report is None:
        return QCoreApplication.translate("Venue", "Not synced yet since refapp started")
    held = sum(d.held for d in venue.last_report.devices)
    text = QCoreApplication.translate("Venue", "Synced %1").replace("%1", local_time(venue.last_report.at))
    if held:
        text += " · " + VenueWords().held(held)
    return text
