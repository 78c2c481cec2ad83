"""The devices of the venue: each one seen in the shared folder or trusted, with its fingerprint to compare with its
own screen, and Trust / Stop trusting (referee PIN)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from ...core.errors import Refused
from ...domain.inputs import refused_in_name
from ..common.dialog_base import TouchDialog
from ..common.flow_widgets import clear_layout
from ..common.widgets import Segmented, WrapButton
from ..setup.field import FieldError, invisible_char, mark
from .words import fingerprint_lines, local_time, status_text

if TYPE_CHECKING:
    from ...core.types import DeviceRow, HeldDevice
    from .desk import VenueDesk


class TrustDialog(TouchDialog):
    """Trust a device: its fingerprint (shown, or typed for one not seen yet), a name, and its role."""

    def __init__(self, fingerprint: str, name: str, role: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("trust_dialog")
        self.setMinimumWidth(560)
        lay = QVBoxLayout(self)
        title = QLabel(self.tr("Trust this device?"), self)
        title.setProperty("role", "title")
        lay.addWidget(title)
        if fingerprint:
            words, digits = fingerprint_lines(fingerprint)
            shown = QLabel(f"{words}\n{digits}", self)
            shown.setObjectName("trust_fingerprint")
            shown.setProperty("role", "ruling")
            shown.setWordWrap(True)
            lay.addWidget(shown)
            check = QLabel(self.tr("Compare it word for word with the fingerprint on the device's own screen."), self)
            check.setWordWrap(True)
            lay.addWidget(check)
        self.typed = QLineEdit(self)
        self.typed.setObjectName("trust_typed")
        self.typed.setPlaceholderText(self.tr("its fingerprint: five words and three digits"))
        self.typed.setVisible(not fingerprint)
        lay.addWidget(self.typed)
        label = QLabel(self.tr("Name"), self)
        label.setProperty("role", "question")
        lay.addWidget(label)
        self.name = QLineEdit(name, self)
        self.name.setObjectName("trust_name")
        self.name.setMaxLength(100)
        lay.addWidget(self.name)
        self.name_error = FieldError(self, "trust_name_error")  # a control or invisible character in the name
        lay.addWidget(self.name_error)
        self.role = Segmented([("table", self.tr("A table's or a referee's tablet")),
                               ("head", self.tr("The head referee's device"))], 1, self)  # fmt: skip
        self.role.set_value(role)
        lay.addWidget(self.role)
        row, _, self.yes = self.answer_row(self.tr("Cancel"), self.tr("Trust it"))
        self.yes.setObjectName("trust_yes")
        lay.addLayout(row)
        self._fp = fingerprint
        self.name.textChanged.connect(lambda _: self._update())
        self.typed.textChanged.connect(lambda _: self._update())
        self._update()

    def _update(self) -> None:
        bad = refused_in_name(self.name.text().strip())
        shown = self.name_error.isVisibleTo(self)
        mark(self.name, self.name_error, invisible_char(bad) if bad else "")
        if self.isVisible() and shown != self.name_error.isVisibleTo(self):
            self.adjustSize()  # room for the reason (and back), the answers never squeezed
        self.yes.setEnabled(bool(self.name.text().strip()) and bad is None and bool(self.fingerprint()))

    def fingerprint(self) -> str:
        return self._fp or self.typed.text().strip()


class DevicesTab(QWidget):
    def __init__(self, venue: VenueDesk, ask_pin: Callable[[], bool], parent: QWidget | None = None):
        super().__init__(parent)
        self.venue = venue
        self.ask_pin = ask_pin
        self.lay = QVBoxLayout(self)
        self.lay.setContentsMargins(0, 0, 0, 0)
        self.rows: dict[str, QLabel] = {}

    def refresh(self) -> None:
        clear_layout(self.lay)
        self.rows = {}
        held = {h.device: h for h in self.venue.held()}
        order = {"this device": 0, "conflict": 1, "untrusted": 1, "head": 2, "trusted": 3, "revoked": 4}
        for row in sorted(self.venue.devices(), key=lambda r: order.get(r.status, 5)):
            self._row(row, held.get(row.device_id or ""))
        typed = WrapButton(self.tr("Trust a device by its fingerprint (typed)"), self)
        typed.setObjectName("trust_by_fingerprint")
        typed.clicked.connect(lambda: self._trust("", "", None, "table"))
        self.lay.addWidget(typed)
        self.lay.addStretch(1)

    def _row(self, row: DeviceRow, held: HeldDevice | None) -> None:
        words, digits = fingerprint_lines(row.fingerprint)
        if row.status == "this device":
            who = self.tr("This device")
        else:
            who = (row.name or self.tr("(no name)")) + " — " + status_text(row.status)
        parts = [who, f"{words}  {digits}"]
        facts = self.tr("%n event(s) here", "", row.events)
        if row.held:
            facts += " · " + self.tr("%n held", "", row.held)
            if held and held.numbers:
                facts += " · " + self.tr("table(s) %1").replace("%1", ", ".join(str(n) for n in held.numbers))
        if row.status != "this device":
            newest = row.last_event_at or (held.newest if held else "") or None
            facts += " · " + self.tr("newest %1 · read %2").replace("%1", local_time(newest))
            facts = facts.replace("%2", local_time(row.last_sync_at))
        parts.append(facts)
        if row.problem and row.status != "conflict":  # (a copied key: Conflicts says it in words)
            parts.append(self.tr("Refused: %1").replace("%1", row.problem))
        label = QLabel("\n".join(parts), self)
        label.setWordWrap(True)
        label.setProperty("role", "error" if row.problem or row.status == "conflict" else
                          "question" if row.status == "untrusted" else "ruling")  # fmt: skip
        name = row.fingerprint if row.status != "conflict" else f"{row.fingerprint}_{row.device_id}"  # one key, 2 ids
        label.setObjectName(f"device_{name}")
        self.rows[name] = label
        self.lay.addWidget(label)
        buttons = QHBoxLayout()
        if row.status in ("untrusted", "revoked"):
            suggested = self.venue.suggested_name(row.device_id)
            name = self.tr("Table %1").replace("%1", suggested) if suggested else ""
            trust = WrapButton(self.tr("Trust"), self, role="primary")
            trust.setObjectName(f"trust_{row.fingerprint}")
            trust.clicked.connect(lambda _=False, r=row, n=name: self._trust(r.fingerprint, n, r.device_id, "table"))
            head = WrapButton(self.tr("Trust as the head referee's device"), self)
            head.setObjectName(f"trust_head_{row.fingerprint}")
            head.clicked.connect(
                lambda _=False, r=row: self._trust(r.fingerprint, self.tr("Head referee"), r.device_id, "head")
            )
            buttons.addWidget(trust)
            buttons.addWidget(head)
        elif row.status in ("trusted", "head"):
            stop = WrapButton(self.tr("Stop trusting"), self, role="danger")
            stop.setObjectName(f"revoke_{row.fingerprint}")
            stop.clicked.connect(lambda _=False, r=row: self._revoke(r))
            stop.setMinimumSize(240, 56)  # a touch target, however short its words
            buttons.addWidget(stop)
            buttons.addStretch(1)
        if buttons.count():
            self.lay.addLayout(buttons)

    def _trust(self, fingerprint: str, name: str, device: str | None, role: str) -> None:
        dialog = TrustDialog(fingerprint, name, role, self)
        if dialog.exec() != TouchDialog.DialogCode.Accepted or not self.ask_pin():
            return
        try:
            self.venue.trust(dialog.fingerprint(), dialog.name.text(), dialog.role.value() or role)
        except Refused as exc:
            self.venue.c.refused(exc)
        self.refresh()

    def _revoke(self, row: DeviceRow) -> None:
        if not self.ask_pin():
            return
        try:
            self.venue.trust(row.fingerprint, row.name or row.fingerprint, "revoked")
        except Refused as exc:
            self.venue.c.refused(exc)
        self.refresh()

    def retranslate(self) -> None:
        if self.isVisible():
            self.refresh()
