"""This device: its fingerprint, large, to be read from across a table and compared word for word; the shared folder;
Sync now; Sync automatically; what the last sync did."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QLabel, QVBoxLayout, QWidget

from ..common.widgets import BigButton, Toggle, WrapButton
from .words import fingerprint_lines, local_time, status_text, sync_status

if TYPE_CHECKING:
    from .desk import VenueDesk


class ThisDeviceTab(QWidget):
    def __init__(self, venue: VenueDesk, ask_pin: Callable[[], bool], parent: QWidget | None = None):
        super().__init__(parent)
        self.venue = venue
        self.ask_pin = ask_pin
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.caption = QLabel(self)
        self.caption.setProperty("role", "question")
        self.caption.setWordWrap(True)
        lay.addWidget(self.caption)
        self.words = QLabel(self)
        self.words.setObjectName("fingerprint_words")
        self.words.setProperty("role", "fingerprint")
        self.words.setWordWrap(True)
        lay.addWidget(self.words)
        self.digits = QLabel(self)
        self.digits.setObjectName("fingerprint_digits")
        self.digits.setProperty("role", "fingerprint")
        lay.addWidget(self.digits)
        self.folder_title = QLabel(self)
        self.folder_title.setProperty("role", "group")
        lay.addWidget(self.folder_title)
        self.folder = QLabel(self)
        self.folder.setObjectName("sync_folder")
        self.folder.setWordWrap(True)
        lay.addWidget(self.folder)
        self.choose = WrapButton("", self)
        self.choose.setObjectName("choose_folder")
        self.choose.clicked.connect(self._choose)
        lay.addWidget(self.choose)
        self.auto = Toggle("", self)
        self.auto.setObjectName("sync_auto")
        self.auto.clicked.connect(self._auto)
        lay.addWidget(self.auto)
        self.auto_note = QLabel(self)
        self.auto_note.setWordWrap(True)
        self.auto_note.setProperty("role", "citation")
        lay.addWidget(self.auto_note)
        self.sync = BigButton("", self, role="primary")
        self.sync.setObjectName("sync_now")
        self.sync.clicked.connect(self._sync)
        lay.addWidget(self.sync)
        self.result = QLabel(self)
        self.result.setObjectName("sync_result")
        self.result.setWordWrap(True)
        lay.addWidget(self.result)
        lay.addStretch(1)
        self.pick_folder: Callable[[], str] = lambda: QFileDialog.getExistingDirectory(
            self, self.tr("The shared folder"), self.venue.folder
        )
        self.retranslate()

    def retranslate(self) -> None:
        self.caption.setText(self.tr("This device's fingerprint: the head referee compares it word for word."))
        self.folder_title.setText(self.tr("Shared folder"))
        self.choose.setText(self.tr("Choose the shared folder (USB stick, network share, Syncthing folder)"))
        self.auto.setText(self.tr("Sync automatically"))
        self.auto_note.setText(self.tr("After each entry, when the folder changes, and every 30 seconds."))
        self.sync.setText(self.tr("Sync now"))
        self.refresh()

    def refresh(self) -> None:
        words, digits = fingerprint_lines(self.venue.fingerprint)
        self.words.setText(words)
        self.digits.setText(digits)
        self.folder.setText(self.venue.folder or self.tr("None: this device syncs with no other."))
        self.auto.setChecked(self.venue.auto)
        self.auto.setEnabled(bool(self.venue.folder))
        self.sync.setEnabled(bool(self.venue.folder))
        self.result.setText(self.last_sync_text())
        self.result.setProperty("role", "error" if self.venue.last_problem else "")
        self.result.style().unpolish(self.result)
        self.result.style().polish(self.result)

    def last_sync_text(self) -> str:
        v = self.venue
        if v.syncing:
            return sync_status(v.c)
        if v.last_problem:
            return self.tr("Not synced: %1").replace("%1", v.last_problem)
        report = v.last_report
        if report is None:
            return self.tr("Not synced since refapp started.")
        lines = [self.tr("Synced at %1: %n event(s) of this device written", "", report.written)
                 .replace("%1", local_time(report.at))]  # fmt: skip
        for d in report.devices:
            who = d.name or d.fingerprint
            line = self.tr("%1 (%2): %n merged", "", d.merged).replace("%1", who).replace("%2", status_text(d.status))
            if d.held:
                line += ", " + self.tr("%n held", "", d.held)
            if d.problem:
                line += " — " + self.tr("refused: %1").replace("%1", d.problem)
            lines.append(line)
        for table in report.conflicts:
            lines.append(self.tr("In conflict: %1").replace("%1", table))
        return "\n".join(lines)

    def _choose(self) -> None:
        if not self.ask_pin():
            return
        folder = self.pick_folder()
        if folder:
            self.venue.set_folder(folder)
        self.refresh()

    def _auto(self) -> None:
        if not self.ask_pin():
            self.auto.setChecked(self.venue.auto)
            return
        self.venue.set_auto(self.auto.isChecked())
        self.refresh()

    def _sync(self) -> None:
        self.venue.sync_now()  # (in a worker: the page is shown again when it ends, and as it goes)
        self.refresh()
