"""The offence palette: the first step of a ruling. Quick buttons for the four commonest rulings, a search in the
referee's words (:mod:`.search`), then every offence of the rule set grouped by kind, most common first."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QLineEdit, QSizePolicy, QVBoxLayout, QWidget

from ...domain.offences import GROUPS, OFFENCES, RULING_KINDS
from ...domain.rules import RuleSet
from ..common.flow_widgets import scroll, title_label, wrapped_label
from ..common.focus_ring import move_focus
from ..common.texts import group_name, offence_name, ruleset_text, ruling_name
from ..common.widgets import BigButton, WrapButton
from .search import OffenceIndex, build_index

# The quick buttons: a ruling kind, and the offence it opens ("" for chombo: it shows every offence that can be one).
QUICK = {"chombo": "", "dead_hand": "dead_hand", "warning": "warning", "point_penalty": "point_penalty"}


class OffencePalette(QWidget):
    """Tap an offence (``chosen``), or a quick button; ``check_hand`` asks for the hand check of the seat."""

    chosen = Signal(str)
    cancelled = Signal()
    check_hand = Signal()
    reseat = Signal()  # the players were found in the wrong seats: re-seat the table (refapp.ui.reseat)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.ruleset: RuleSet | None = None
        self.player = ""
        self._index: OffenceIndex | None = None
        self._arranged: set[str] | None = None  # the offences placed in the grids now
        lay = QVBoxLayout(self)
        self.title = title_label("", self)
        self.title.setObjectName("palette_title")
        lay.addWidget(self.title)
        quick_row = QHBoxLayout()
        self.quick: dict[str, WrapButton] = {}
        for kind in QUICK:
            b = WrapButton("", self, role="quick")
            b.setObjectName(f"quick_{kind}")
            b.clicked.connect(lambda _=False, k=kind: self._quick(k))
            self.quick[kind] = b
            quick_row.addWidget(b)
        lay.addLayout(quick_row)
        search_row = QHBoxLayout()
        self.search = QLineEdit(self)
        self.search.setObjectName("offence_search")
        self.search.setMinimumHeight(48)
        self.search.textChanged.connect(self._filter)
        self.search.installEventFilter(self)  # Enter or Down: the first offence found
        search_row.addWidget(self.search, 3)
        self.clear_search = BigButton("✕", self, role="cancel")  # (Qt's own clear button is too small to tap)
        self.clear_search.setObjectName("clear_search")
        self.clear_search.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.clear_search.clicked.connect(self.search.clear)
        self.clear_search.hide()
        search_row.addWidget(self.clear_search)
        self.check_hand_button = WrapButton("", self)
        self.check_hand_button.setObjectName("check_hand")
        self.check_hand_button.clicked.connect(self.check_hand)
        search_row.addWidget(self.check_hand_button, 2)
        lay.addLayout(search_row)
        self.no_match = wrapped_label(self, "note", "no_match")
        self.no_match.hide()
        lay.addWidget(self.no_match)
        inner = QWidget(self)
        grid = QVBoxLayout(inner)
        self.buttons: dict[str, WrapButton] = {}
        self.headers: dict[str, QLabel] = {}
        self._boxes: dict[str, QGridLayout] = {}
        for group in GROUPS:
            header = QLabel(inner)
            header.setProperty("role", "group")
            header.setWordWrap(True)
            self.headers[group] = header
            grid.addWidget(header)
            box = QGridLayout()
            box.setColumnStretch(0, 1)  # two equal columns, even for a group showing one offence
            box.setColumnStretch(1, 1)
            self._boxes[group] = box
            for off in (o for o in OFFENCES.values() if o.group == group):
                b = WrapButton("", inner, role="offence")
                b.setObjectName(f"offence_{off.id}")
                b.setProperty("offence", off.id)
                b.clicked.connect(lambda _=False, oid=off.id: self.chosen.emit(oid))
                self.buttons[off.id] = b
            grid.addLayout(box)
        grid.addStretch(1)
        lay.addWidget(scroll(inner, self), 1)
        bottom = QHBoxLayout()
        self.reseat_button = WrapButton("", self)
        self.reseat_button.setObjectName("palette_reseat")
        self.reseat_button.clicked.connect(self.reseat)
        bottom.addWidget(self.reseat_button)
        self.cancel_button = BigButton("", self, role="cancel")
        self.cancel_button.setObjectName("palette_cancel")
        self.cancel_button.clicked.connect(self.cancelled)
        bottom.addWidget(self.cancel_button)
        lay.addLayout(bottom)
        self.retranslate()

    # -- state ------------------------------------------------------------------------------------------------

    def show_for(self, player: str, ruleset: RuleSet) -> None:
        """The palette of ``player`` under ``ruleset``: only the rule set's offences, the search cleared. (Called
        on every seat tap: only what changed is redone.)"""
        self.player = player
        self.title.setText(self.tr("Offence by %1").replace("%1", player))
        self.search.blockSignals(True)
        self.search.clear()
        self.search.blockSignals(False)
        if ruleset is not self.ruleset:
            self.ruleset = ruleset
            self._place(ruleset)
            self.retranslate()
        else:
            self._filter("")

    def _place(self, ruleset: RuleSet) -> None:
        """The rule set's offences in their groups, two to a row."""
        self._arrange({oid for oid in OFFENCES if oid in ruleset.offences})
        for kind, b in self.quick.items():
            target = QUICK[kind]
            b.setEnabled(not target or target in ruleset.offences)
        self._index = None

    def _arrange(self, shown: set[str]) -> None:
        """The offences ``shown`` packed two to a row in their groups, in palette order: a search or the Chonbo
        filter leaves no hole where a hidden offence was. (Redone only when what is shown changes.)"""
        if shown == self._arranged:
            return
        self._arranged = set(shown)
        for group, box in self._boxes.items():
            members = [oid for oid, o in OFFENCES.items() if o.group == group]
            for oid in members:
                box.removeWidget(self.buttons[oid])
            for n, oid in enumerate(m for m in members if m in shown):
                box.addWidget(self.buttons[oid], n // 2, n % 2)
        for oid, b in self.buttons.items():
            _shown(b, oid in shown)

    def first_focus(self) -> QWidget | None:
        """Where the keyboard starts: the first quick button that can be used (else the search)."""
        return next((b for b in self.quick.values() if b.isEnabled()), self.search)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if obj is self.search and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Down):
                first = next((self.buttons[oid] for oid in self.visible_offences()), None)
                if first is not None:
                    move_focus(first)
                    return True
        return super().eventFilter(obj, event)

    def visible_offences(self) -> list[str]:
        """The offences shown now, in palette order."""
        return [oid for oid, b in self.buttons.items() if not b.isHidden()]

    # -- texts ------------------------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        word = self.ruleset.chombo_word if self.ruleset is not None else "chombo"
        names = {
            "chombo": ruling_name("chombo", word),
            "dead_hand": ruling_name("dead_hand"),
            "warning": ruling_name("warning"),
            "point_penalty": ruling_name("point_penalty"),
        }
        for kind, b in self.quick.items():
            b.setText(names[kind])
        for group, header in self.headers.items():
            header.setText(group_name(group))
        for oid, b in self.buttons.items():
            b.setText(offence_name(oid))
        self.title.setText(self.tr("Offence by %1").replace("%1", self.player))
        self.search.setPlaceholderText(self.tr("Search: a word or a section number"))
        self.check_hand_button.setText(self.tr("Check this player's hand"))
        self.clear_search.setAccessibleName(self.tr("Clear the search"))
        self.clear_search.setToolTip(self.tr("Clear the search"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.reseat_button.setText(self.tr("Re-seat the table (players in the wrong seats)"))
        self._index = None  # titles and citations changed language
        self._filter(self.search.text())

    # -- search -----------------------------------------------------------------------------------------------

    def _quick(self, kind: str) -> None:
        target = QUICK[kind]
        if target:
            self.chosen.emit(target)
        else:
            self.search.setText(self.quick[kind].text())

    def _index_now(self) -> OffenceIndex | None:
        rs = self.ruleset
        if rs is None:
            return None
        if self._index is None:
            titles = {oid: offence_name(oid) for oid in rs.offences if oid in OFFENCES}
            citations = {oid: ruleset_text(off.citation) for oid, off in rs.offences.items()}
            kinds = {k: ruling_name(k, rs.chombo_word) for k in RULING_KINDS if k != "referee_choice"}
            self._index = build_index(rs, titles, citations, kinds)
        return self._index

    def _filter(self, text: str) -> None:
        rs = self.ruleset
        if rs is None:
            return
        _shown(self.clear_search, bool(text))
        if text.strip():
            index = self._index_now()
            shown = set(index.find(text)) if index is not None else set()
        else:
            shown = {oid for oid in OFFENCES if oid in rs.offences}
        self._arrange(shown)
        for group, header in self.headers.items():
            _shown(header, any(OFFENCES[oid].group == group for oid in shown))
        if shown or not text.strip():
            self.no_match.hide()
        else:
            self.no_match.setText(
                self.tr(
                    "No offence matches “%1” — try a word of the rule book (chombo, dead hand, false ron, late) or a "
                    "section number (5.1)."
                ).replace("%1", text.strip())
            )
            self.no_match.show()


def _shown(widget: QWidget, shown: bool) -> None:
    """Show or hide only when it changes (a seat tap re-shows the palette: no needless work)."""
    if widget.isHidden() == shown:
        widget.setVisible(shown)
