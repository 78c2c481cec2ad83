"""The head referee's inbox: tables two devices wrote after the same event. Each branch is shown with its devices and
its first and last entries; keeping one (with a reason and the PIN) sets the other aside, kept and shown forever."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from ..dialog_base import TouchDialog
from ..flow_widgets import clear_layout
from ..widgets import BigButton, Segmented, WrapButton
from .words import entry_text, local_time

if TYPE_CHECKING:
    from ...store.venue_reads import BranchView, ConflictView
    from ..venue_desk import VenueDesk

REASONS = ("handed_over", "tablet_out", "entered_twice")


class ReasonDialog(TouchDialog):
    """Why this branch stands: a usual reason in one tap, or the head referee's own words (a keyboard)."""

    def __init__(self, branch_text: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("reason_dialog")
        self.setMinimumWidth(560)
        lay = QVBoxLayout(self)
        title = QLabel(self.tr("Keep this branch?"), self)
        title.setProperty("role", "title")
        lay.addWidget(title)
        what = QLabel(branch_text, self)
        what.setWordWrap(True)
        what.setProperty("role", "ruling")
        lay.addWidget(what)
        effect = QLabel(self.tr("The other branch is set aside: kept and shown in the history, never counted."), self)
        effect.setWordWrap(True)
        lay.addWidget(effect)
        label = QLabel(self.tr("Reason"), self)
        label.setProperty("role", "question")
        lay.addWidget(label)
        texts = {
            "handed_over": self.tr("The table was handed over to this tablet"),
            "tablet_out": self.tr("The other tablet was out of use"),
            "entered_twice": self.tr("The same hand was entered twice"),
        }
        self.choice = Segmented([(k, texts[k]) for k in REASONS], 1, self)
        self._typed = QLineEdit(self)
        self.choice.changed.connect(lambda _: self._typed.clear())
        lay.addWidget(self.choice)
        self._typed.setObjectName("reason_text")
        self._typed.setPlaceholderText(self.tr("or type the reason"))
        self._typed.setMaxLength(500)
        self._typed.textEdited.connect(lambda _: self.choice.clear())
        lay.addWidget(self._typed)
        row, _, self.yes = self.answer_row(self.tr("Cancel"), self.tr("Keep this branch"))
        self.yes.setObjectName("keep_branch")
        lay.addLayout(row)
        self._texts = texts
        self.choice.changed.connect(lambda _: self._update())
        self._typed.textChanged.connect(lambda _: self._update())
        self._update()

    def _update(self) -> None:
        self.yes.setEnabled(bool(self.reason()))  # a reason is required: it is kept with the branch set aside

    def reason(self) -> str:
        typed = " ".join(self._typed.text().split())
        if typed:
            return typed
        key = self.choice.value()
        return self._texts[key] if key else ""


class ConflictsTab(QWidget):
    """Open conflicts first, each with a Keep button per branch; resolved ones below, with who decided and why."""

    def __init__(self, venue: VenueDesk, ask_pin: Callable[[], bool], parent: QWidget | None = None):
        super().__init__(parent)
        self.venue = venue
        self.ask_pin = ask_pin
        self.lay = QVBoxLayout(self)
        self.lay.setContentsMargins(0, 0, 0, 0)
        self.keep_buttons: list[BigButton] = []

    def refresh(self) -> None:
        clear_layout(self.lay)
        self.keep_buttons = []
        views = self.venue.conflicts(include_resolved=True)
        if not views:
            empty = QLabel(self.tr("No conflict: every table was written by one device at a time."), self)
            empty.setWordWrap(True)
            empty.setProperty("role", "question")
            self.lay.addWidget(empty)
        for view in views:
            self._conflict(view)
        self.lay.addStretch(1)

    def _conflict(self, view: ConflictView) -> None:
        head = QLabel(self)
        head.setWordWrap(True)
        head.setProperty("role", "title" if view.state != "resolved" else "group")
        after = entry_text(view.after_entry) if view.after_entry is not None else self.tr("the table's start")
        text = self.tr("Table %1 (%2): two devices wrote it after %3").replace("%1", str(view.table))
        head.setText(text.replace("%2", view.tournament).replace("%3", after))
        self.lay.addWidget(head)
        if view.state == "disputed":
            disputed = QLabel(self.tr("Two resolutions disagree: keep one branch again."), self)
            disputed.setProperty("role", "error")
            disputed.setWordWrap(True)
            self.lay.addWidget(disputed)
        for n, branch in enumerate(view.branches, 1):
            row = QHBoxLayout()
            label = QLabel(self._branch_text(n, branch), self)
            label.setWordWrap(True)
            label.setProperty("role", "note" if branch.set_aside else "ruling")
            row.addWidget(label, 1)
            if view.state != "resolved":
                keep = WrapButton(self.tr("Keep this one"), self, role="primary")
                keep.setObjectName(f"keep_{view.table}_{n}")
                keep.clicked.connect(lambda _=False, v=view, b=branch, i=n: self._keep(v, b, i))
                keep.setMinimumSize(200, 64)  # a touch target beside the branch's lines
                self.keep_buttons.append(keep)
                row.addWidget(keep)
            self.lay.addLayout(row)
        for r in view.resolutions:
            done = QLabel(self)
            done.setWordWrap(True)
            done.setProperty("role", "citation")
            text = self.tr("Settled by %1 (%2) at %3: %4")
            done.setText(text.replace("%1", r["referee"] or "–").replace("%2", r["device"])
                         .replace("%3", local_time(r["at"])).replace("%4", r["reason"]))  # fmt: skip
            self.lay.addWidget(done)

    def _branch_text(self, n: int, branch: BranchView) -> str:
        lines = [
            self.tr("Branch %1: %n entry(ies) by %2", "", branch.events)
            .replace("%1", str(n))
            .replace("%2", ", ".join(branch.devices))  # fmt: skip
        ]
        lines.append(self.tr("first: %1").replace("%1", entry_text(branch.first_entry)))
        if branch.events > 1:
            lines.append(self.tr("last: %1").replace("%1", entry_text(branch.last_entry)))
        if branch.set_aside:
            lines.append(self.tr("SET ASIDE"))
        return "\n".join(lines)

    def _keep(self, view: ConflictView, branch: BranchView, n: int) -> None:
        dialog = ReasonDialog(self._branch_text(n, branch), self)
        if dialog.exec() != TouchDialog.DialogCode.Accepted or not self.ask_pin():
            return
        try:
            self.venue.resolve(view, branch.first, dialog.reason())
        except ValueError as exc:
            self.venue.c.error.emit(str(exc))
        self.refresh()

    def retranslate(self) -> None:
        if self.isVisible():
            self.refresh()
