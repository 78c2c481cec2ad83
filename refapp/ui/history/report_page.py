"""Writing a report as a PDF, from the History page: one incident's, or the tournament's. The report's language is
chosen here, independently of the app's (English or French); the file goes into the data folder's ``reports/`` and
the page names it."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ..common.flow_grid import Choices
from ..common.flow_widgets import MainButton, scroll, title_label, wrapped_label
from ..common.languages import SOURCE, available, installed_language
from ..common.widgets import BigButton


class ReportPage(QWidget):
    back = Signal()
    write = Signal(str)  # the report's language (a code of refapp.ui.common.languages)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.title = title_label("", self)
        self.title.setObjectName("report_title")
        lay.addWidget(self.title)
        inner = QWidget(self)
        body = QVBoxLayout(inner)
        body.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.what = wrapped_label(inner, "", "report_what")
        body.addWidget(self.what)
        self.language_label = wrapped_label(inner, "question", "report_language_label")
        body.addWidget(self.language_label)
        # each language found (refapp.ui.common.languages) named in its own words: the same whatever the app's language
        self.language = Choices([(lang.code, lang.name) for lang in available()], inner, max_columns=3)
        self.language.setObjectName("report_language")
        body.addWidget(self.language)
        self.save_button = MainButton("", inner)
        self.save_button.setObjectName("save_report")
        self.save_button.clicked.connect(self._save)
        body.addWidget(self.save_button)
        self.where = wrapped_label(inner, "", "report_where")
        body.addWidget(self.where)
        self.message = QLabel(inner)
        self.message.setObjectName("report_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()
        body.addWidget(self.message)
        lay.addWidget(scroll(inner, self), 1)
        self.back_button = BigButton("", self, role="cancel")
        self.back_button.setObjectName("report_back")
        self.back_button.clicked.connect(self.back)
        lay.addWidget(self.back_button)
        self._what = ("", "")
        self.retranslate()

    def retranslate(self) -> None:
        self.language_label.setText(self.tr("Language of the report"))
        self.save_button.setText(self.tr("Write the PDF"))
        self.where.setText(self.tr("The file goes into the reports folder of this tablet's data folder."))
        self.back_button.setText(self.tr("Back"))
        self._show_what()

    def _show_what(self) -> None:
        kind, name = self._what
        if kind == "incident":
            self.title.setText(self.tr("Incident report (PDF)"))
            self.what.setText(self.tr("The report of this incident: %1").replace("%1", name))
        else:
            self.title.setText(self.tr("Tournament report (PDF)"))
            self.what.setText(
                self.tr("Every incident of %1: a summary, then each incident by table and session.").replace("%1", name)
            )

    def start(self, kind: str, name: str) -> None:
        """``kind``: "incident" (``name``: the incident in words) or "tournament" (``name``: the tournament)."""
        self._what = (kind, name)
        self._show_what()
        if self.language.value() is None:
            app = QCoreApplication.instance()
            self.language.set_value(installed_language(app) if app is not None else SOURCE)
        self.message.hide()

    def _save(self) -> None:
        language = self.language.value()
        if language:
            self.write.emit(language)

    def say(self, text: str, error: bool = False) -> None:
        self.message.setProperty("role", "error" if error else "info")
        self.message.style().unpolish(self.message)
        self.message.style().polish(self.message)
        self.message.setText(text)
        self.message.show()
