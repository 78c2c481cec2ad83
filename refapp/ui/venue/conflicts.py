"""The head referee's inbox: tables two devices wrote after the same event. Each branch is shown with its devices and
its first and last entries; keeping one (with a reason and the PIN) sets the other aside, kept and shown forever."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from ...core.errors import Refused
from ..common.dialog_base import TouchDialog
from ..common.flow_widgets import clear_layout
from ..common.widgets import BigButton, Segmented, WrapButton
from .words import entry_text, fingerprint_lines, local_time

if TYPE_CHECKING:
    from ...core.types import BranchView, ConflictView, KeyConflictView, KeyDevice, UnheldView
    from .desk import VenueDesk


class ReasonDialog(TouchDialog):
    """Why the head referee decides so: a usual reason in one tap, or the head referee's own words (a keyboard). By
    default, for keeping one branch of a fork; ``title``, ``effect``, ``reasons`` and ``yes`` ask for another
    decision."""

    def __init__(
        self,
        what_text: str,
        parent: QWidget | None = None,
        *,
        title: str = "",
        effect: str = "",
        reasons: dict[str, str] | None = None,
        yes: str = "",
        yes_name: str = "keep_branch",
    ):
        super().__init__(parent)
        self.setObjectName("reason_dialog")
        self.setMinimumWidth(560)
        lay = QVBoxLayout(self)
        head = QLabel(title or self.tr("Keep this branch?"), self)
        head.setProperty("role", "title")
        lay.addWidget(head)
        what = QLabel(what_text, self)
        what.setWordWrap(True)
        what.setProperty("role", "ruling")
        lay.addWidget(what)
        said = effect or self.tr("The other branch is set aside: kept and shown in the history, never counted.")
        effect_label = QLabel(said, self)
        effect_label.setWordWrap(True)
        lay.addWidget(effect_label)
        label = QLabel(self.tr("Reason"), self)
        label.setProperty("role", "question")
        lay.addWidget(label)
        texts = reasons or {
            "handed_over": self.tr("The table was handed over to this tablet"),
            "tablet_out": self.tr("The other tablet was out of use"),
            "entered_twice": self.tr("The same hand was entered twice"),
        }
        self.choice = Segmented(list(texts.items()), 1, self)
        self._typed = QLineEdit(self)
        self.choice.changed.connect(lambda _: self._typed.clear())
        lay.addWidget(self.choice)
        self._typed.setObjectName("reason_text")
        self._typed.setPlaceholderText(self.tr("or type the reason"))
        self._typed.setMaxLength(500)
        self._typed.textEdited.connect(lambda _: self.choice.clear())
        lay.addWidget(self._typed)
        row, _, self.yes = self.answer_row(self.tr("Cancel"), yes or self.tr("Keep this branch"))
        self.yes.setObjectName(yes_name)
        lay.addLayout(row)
        self._texts = texts
        self.choice.changed.connect(lambda _: self._update())
        self._typed.textChanged.connect(lambda _: self._update())
        self._update()

    def _update(self) -> None:
        self.yes.setEnabled(bool(self.reason()))  # a reason is required: it is kept with the decision

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
        unheld = self.venue.unheld(include_resolved=True)
        keys = self.venue.key_conflicts(include_resolved=True)
        if not views and not unheld and not keys:
            empty = QLabel(self.tr("No conflict: every table was written by one device at a time."), self)
            empty.setWordWrap(True)
            empty.setProperty("role", "question")
            self.lay.addWidget(empty)
        for view in views:
            self._conflict(view)
        for u in unheld:
            self._unheld(u)
        for k in keys:
            self._key(k)
        self.lay.addStretch(1)

    # -- entries written without holding the table ------------------------------------------------------------------

    def _unheld_text(self, view: UnheldView) -> str:
        head = self.tr("Table %1 (%2): %n entry(ies) written by %3, which did not hold the table (%4 did)", "",
                       view.entries)  # fmt: skip
        head = head.replace("%1", str(view.table)).replace("%2", view.tournament).replace("%3", view.device)
        return (
            head.replace("%4", view.holder or "–")
            + "\n"
            + self.tr("first: %1").replace("%1", entry_text(view.first_entry))
        )

    def _unheld(self, view: UnheldView) -> None:
        label = QLabel(self._unheld_text(view) if view.state != "accepted" else "", self)
        if view.state == "accepted":
            label.setText(self.tr("Table %1 (%2): entries by %3, written without holding the table, stand")
                          .replace("%1", str(view.table)).replace("%2", view.tournament)
                          .replace("%3", view.device))  # fmt: skip
        label.setWordWrap(True)
        label.setProperty("role", "title" if view.state == "open" else "group")
        self.lay.addWidget(label)
        if view.state == "open":
            row = QHBoxLayout()
            stand = WrapButton(self.tr("Let them stand"), self, role="primary")
            stand.setObjectName(f"unheld_accept_{view.table}")
            stand.setMinimumSize(200, 64)
            stand.clicked.connect(lambda _=False, v=view: self._rule_unheld(v, "accept"))
            aside = WrapButton(self.tr("Set them aside"), self, role="danger")
            aside.setObjectName(f"unheld_aside_{view.table}")
            aside.setMinimumSize(200, 64)
            aside.clicked.connect(lambda _=False, v=view: self._rule_unheld(v, "set_aside"))
            row.addWidget(stand, 1)  # half the width each: big targets, never clipped
            row.addWidget(aside, 1)
            self.keep_buttons += [stand, aside]
            self.lay.addLayout(row)
        elif view.decision is not None:
            self._settled(view.decision, "stand" if view.decision["decision"] == "accept" else "aside")

    def _rule_unheld(self, view: UnheldView, decision: str) -> None:
        accept = decision == "accept"
        dialog = ReasonDialog(
            self._unheld_text(view),
            self,
            title=self.tr("Let these entries stand?") if accept else self.tr("Set these entries aside?"),
            effect=self.tr("They join the table, as if their tablet had held it from there.") if accept else
            self.tr("They stay out of the table: kept and shown in the history, never counted."),
            reasons={
                "took_over": self.tr("The tablet took the table over without a handover"),
                "wrong_table": self.tr("They were entered at the wrong table"),
                "entered_twice": self.tr("The same hand was entered twice"),
            },
            yes=self.tr("Let them stand") if accept else self.tr("Set them aside"),
            yes_name="unheld_yes",
        )  # fmt: skip
        if dialog.exec() != TouchDialog.DialogCode.Accepted or not self.ask_pin():
            return
        try:
            self.venue.rule_unheld(view, decision, dialog.reason())
        except Refused as exc:
            self.venue.c.refused(exc)
        self.refresh()

    # -- a key used by two devices ----------------------------------------------------------------------------------

    def _key(self, view: KeyConflictView) -> None:
        words, digits = fingerprint_lines(view.fingerprint)
        head = QLabel(self)
        head.setWordWrap(True)
        head.setProperty("role", "title" if view.state != "resolved" else "group")
        if view.state == "two histories":
            device = view.devices[0]
            head.setText(self.tr("Device %1 (key %2 %3) wrote two different histories under one name: a data folder "
                                 "copied to a second tablet? The second is refused; take that tablet out of use.")
                         .replace("%1", str(device["name"])).replace("%2", words).replace("%3", digits))  # fmt: skip
            self.lay.addWidget(head)
            return
        head.setText(self.tr("The key %1 %2 is used by %n device(s): a copied key? Only one may speak for it.", "",
                             len(view.devices)).replace("%1", words).replace("%2", digits))  # fmt: skip
        self.lay.addWidget(head)
        for n, device in enumerate(view.devices, 1):
            row = QHBoxLayout()
            name = self.tr("This device") if device["this"] else str(device["name"])
            name += f" ({str(device['device'])[:8]}…)"  # one key, one name: the ids tell them apart
            text = self.tr("%1: %n event(s) here", "", int(device["events"])).replace("%1", name)
            if device["held"]:
                text += " · " + self.tr("%n held", "", int(device["held"]))
            text += " · " + (self.tr("speaks for the key") if device["stands"] else self.tr("refused"))
            label = QLabel(text, self)
            label.setWordWrap(True)
            label.setProperty("role", "ruling" if device["stands"] else "note")
            row.addWidget(label, 1)
            if view.state != "resolved" and not device["stands"] and not device["this"]:
                keep = WrapButton(self.tr("Keep this one"), self, role="primary")
                keep.setObjectName(f"keep_key_{n}")
                keep.setMinimumSize(200, 64)
                keep.clicked.connect(lambda _=False, v=view, d=device: self._keep_key(v, d))
                self.keep_buttons.append(keep)
                row.addWidget(keep)
            self.lay.addLayout(row)
        for r in view.resolutions:
            self._settled({"referee": r["referee"], "device": r["by"], "at": r["at"], "reason": r["reason"]}, "key")

    def _keep_key(self, view: KeyConflictView, device: KeyDevice) -> None:
        dialog = ReasonDialog(
            str(device["name"]),
            self,
            title=self.tr("Keep this device for the key?"),
            effect=self.tr("Only this device speaks for the key from now on; nothing more of the other is merged."),
            reasons={
                "reinstalled": self.tr("The tablet was set up again with its key"),
                "copied": self.tr("The other one is a copy"),
            },
            yes=self.tr("Keep this one"),
            yes_name="keep_key_yes",
        )
        if dialog.exec() != TouchDialog.DialogCode.Accepted or not self.ask_pin():
            return
        try:
            self.venue.keep_key(view, str(device["device"]), dialog.reason())
        except Refused as exc:
            self.venue.c.refused(exc)
        self.refresh()

    def _settled(self, r: dict[str, str], how: str) -> None:
        done = QLabel(self)
        done.setWordWrap(True)
        done.setProperty("role", "citation")
        text = {
            "stand": self.tr("Let stand by %1 (%2) at %3: %4"),
            "aside": self.tr("Set aside by %1 (%2) at %3: %4"),
            "key": self.tr("Settled by %1 (%2) at %3: %4"),
        }[how]
        done.setText(text.replace("%1", r["referee"] or "–").replace("%2", r["device"])
                     .replace("%3", local_time(r["at"])).replace("%4", r["reason"]))  # fmt: skip
        self.lay.addWidget(done)

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
        except Refused as exc:
            self.venue.c.refused(exc)
        self.refresh()

    def retranslate(self) -> None:
        if self.isVisible():
            self.refresh()
