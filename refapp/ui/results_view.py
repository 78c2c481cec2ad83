"""Results view (placeholder: being built)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget


class ResultsView(QWidget):
    def __init__(self, controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        lay = QVBoxLayout(self)
        self.label = QLabel(self)
        lay.addWidget(self.label)
        self.retranslate()

    def retranslate(self) -> None:
        self.label.setText(self.tr("Results"))

    def refresh(self) -> None:
        pass
