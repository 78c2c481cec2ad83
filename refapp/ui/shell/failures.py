"""When something fails that the app did not foresee: Qt's own messages and every uncaught exception go to the log
(:mod:`refapp.logs`), and the user sees a short message saying so and where the log is, never a traceback. The app
carries on: what was stored is stored (a ruling is shown as applied only once the database committed it)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QMessageLogContext, QObject, QtMsgType, Signal, qInstallMessageHandler
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

_qt_log = logging.getLogger("refapp.qt")
_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}


def _qt_message(kind: QtMsgType, context: QMessageLogContext, text: str) -> None:
    where = f" ({context.category})" if context.category and context.category != "default" else ""
    _qt_log.log(_LEVELS.get(kind, logging.WARNING), "%s%s", text, where)


def log_qt_messages() -> None:
    """Qt's own messages (warnings of a style sheet, a platform plugin, a font) go to the log."""
    qInstallMessageHandler(_qt_message)


def stop_logging_qt_messages() -> None:
    qInstallMessageHandler(None)


class FailureNotice(QObject):
    """Says that something went wrong and where the log is. :meth:`report` may be called from any thread (the
    message is shown in the window's thread); while one message is open, the next failures are only logged."""

    _failed = Signal()

    def __init__(self, log: Path | None, parent: QObject | None = None):
        super().__init__(parent)
        self.log = log
        self.box: QMessageBox | None = None
        self._failed.connect(self._show)

    def report(self, exc: BaseException) -> None:
        self._failed.emit()

    def text(self) -> str:
        if self.log is None:
            return QCoreApplication.translate(
                "Failure", "refapp met a problem it did not expect. What was stored is kept; go on, or start again."
            )
        return QCoreApplication.translate(
            "Failure",
            "refapp met a problem it did not expect. What was stored is kept; go on, or start again. What happened "
            "is written in the log: %1",
        ).replace("%1", str(self.log))

    def _show(self) -> None:
        if self.box is not None and self.box.isVisible():
            return
        parent = QApplication.activeWindow()
        from PySide6.QtWidgets import QMessageBox  # here: a start's first frame does not wait for its enums

        box = QMessageBox(parent if isinstance(parent, QWidget) else None)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(QCoreApplication.translate("Failure", "Something went wrong"))
        box.setText(self.text())
        box.setStandardButtons(QMessageBox.StandardButton.Ok)
        box.show()  # not exec(): the app goes on behind it
        self.box = box


__all__ = ["FailureNotice", "log_qt_messages", "stop_logging_qt_messages"]
