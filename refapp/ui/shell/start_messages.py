"""What a start says besides the board, in the user's language: damaged settings and the referee PIN, a recovery's
report, a language whose translation is missing, a club rule-set file skipped."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QCoreApplication


class Damage(Protocol):
    """What was wrong with ``settings.json`` (``refapp.store.settings.SettingsDamage``)."""

    kind: str
    detail: str
    reset: list[str]
    kept_as: str | None


class Recovery(Protocol):
    """What a recovery did (``refapp.store.restoring.RecoveryReport``)."""

    backup: Path | None
    recovered: int
    dropped: list[str]
    kept_aside: Path | None
    rebuilt: bool
    salvaged: int
    cut: set[str]


def _settings_words(names: list[str]) -> str:
    words = {
        "every setting": QCoreApplication.translate("App", "every setting"),
        "language": QCoreApplication.translate("App", "language"),
        "theme": QCoreApplication.translate("App", "theme"),
        "referee": QCoreApplication.translate("App", "referee name"),
        "tournament_id": QCoreApplication.translate("App", "open table"),
        "table_id": QCoreApplication.translate("App", "open table"),
        "backup_every": QCoreApplication.translate("App", "backup interval"),
        "no_pin": QCoreApplication.translate("App", "referee PIN"),
        "relock_after": QCoreApplication.translate("App", "return to table mode"),
        "fullscreen": QCoreApplication.translate("App", "full screen"),
        "pin": QCoreApplication.translate("App", "referee PIN"),
    }
    shown: list[str] = []
    for name in names:
        word = words.get(name, QCoreApplication.translate("App", "PIN lockout") if name.startswith("pin_") else name)
        if word not in shown:
            shown.append(word)
    return ", ".join(shown)


def settings_messages(damage: Damage | None, pin_restored: bool, has_pin: bool) -> list[str]:
    """What the start says about damaged settings and the referee PIN."""
    out = []
    if damage is not None:
        if damage.kind == "version":
            detail = QCoreApplication.translate("App", "its version is not one refapp knows")
        elif damage.kind == "values":
            detail = QCoreApplication.translate("App", "unusable values")
        else:
            detail = damage.detail  # what the file reader found (too deep, not UTF-8, not JSON...)
        if damage.reset:
            text = QCoreApplication.translate("App", "The settings file was damaged (%1): reset to defaults: %2.")
        else:
            text = QCoreApplication.translate(
                "App", "The settings file was damaged (%1); every setting in it was kept."
            )
        out.append(text.replace("%1", detail).replace("%2", _settings_words(damage.reset)))
        if damage.kept_as:
            kept = QCoreApplication.translate("App", "The damaged file was kept as %1.")
            out[-1] += " " + kept.replace("%1", damage.kept_as)
    if has_pin and (damage is not None or pin_restored):
        out.append(QCoreApplication.translate("App", "The referee PIN was kept: the tablet stays locked."))
    elif damage is not None and "pin" in damage.reset:
        out.append(QCoreApplication.translate("App", "The referee PIN could not be kept: set a new one in Setup."))
    return out


def recovery_message(report: Recovery) -> str:
    """What a recovery put back, what it could not, and where the damaged files are."""
    if report.backup is not None and report.salvaged:
        text = QCoreApplication.translate(
            "App",
            "Restored from the backup %1; %2 event(s) recovered from the journal, %3 from the damaged database and "
            "the other backups.",
        )
        parts = [
            text.replace("%1", report.backup.name)
            .replace("%2", str(report.recovered))
            .replace("%3", str(report.salvaged))
        ]
    elif report.backup is not None:
        text = QCoreApplication.translate("App", "Restored from the backup %1; %2 event(s) recovered from the journal.")
        parts = [text.replace("%1", report.backup.name).replace("%2", str(report.recovered))]
    elif report.rebuilt:
        text = QCoreApplication.translate(
            "App",
            "Rebuilt from the events of the damaged database that are as they were signed (%1) and from the journal "
            "(%2).",
        )
        parts = [text.replace("%1", str(report.salvaged)).replace("%2", str(report.recovered))]
    else:
        text = QCoreApplication.translate(
            "App", "Restored from the database as it was; %1 event(s) recovered from the journal."
        )
        parts = [text.replace("%1", str(report.recovered))]
    if report.dropped:
        shown = "; ".join(report.dropped[:10]) + ("; ..." if len(report.dropped) > 10 else "")
        text = QCoreApplication.translate("App", "%1 event(s) could not be recovered: %2.")
        parts.append(text.replace("%1", str(len(report.dropped))).replace("%2", shown))
        if report.cut:
            parts.append(
                QCoreApplication.translate(
                    "App", "Another device's events come back with the next sync of the venue's shared folder."
                )
            )
    if report.kept_aside is not None:
        parts.append(
            QCoreApplication.translate("App", "The damaged files are kept in %1.").replace("%1", str(report.kept_aside))
        )
    return " ".join(parts)


def language_missing(code: str) -> str:
    return QCoreApplication.translate(
        "App", "The language %1 has no translation file here (translations/refapp_%1.qm): English is shown."
    ).replace("%1", code)


def rulesets_skipped(errors: Sequence[str]) -> list[str]:
    """A club rule-set file that could not be loaded: the file, the key and what is allowed (as the command line
    says it, ``refapp rulesets --check FILE``)."""
    return [QCoreApplication.translate("App", "Rule set skipped: %1").replace("%1", e) for e in errors]


__all__ = ["language_missing", "recovery_message", "rulesets_skipped", "settings_messages"]
