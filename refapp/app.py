"""Composition root: builds the QApplication, the store and the main window."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def run(args: argparse.Namespace) -> int:
    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QApplication, QMessageBox

    from .domain.events import LogError, parse_log
    from .domain.ledger import replay
    from .store.paths import data_dir
    from .store.rulesets import load_catalog
    from .ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("refapp")
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom))
    window = MainWindow()
    state = None
    log_path = getattr(args, "log", None)
    if log_path:
        try:
            data = json.loads(Path(log_path).read_text(encoding="utf-8"))
            catalog = load_catalog(data_dir(args.data_dir) / "rulesets")
            state = replay(parse_log(data).events, catalog.rulesets)
        except (OSError, ValueError, LogError) as exc:
            QMessageBox.critical(window, window.tr("Cannot open the table log"), f"{log_path}: {exc}")
    window.show_state(state)
    window.show()
    if getattr(args, "quit_after", None) is not None:
        from PySide6.QtCore import QTimer

        QTimer.singleShot(int(args.quit_after * 1000), app.quit)
    return app.exec()
