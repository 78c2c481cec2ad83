"""Composition root: builds the QApplication, translators, store, controller and main window."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def install_translators(app, language: str) -> list:
    """Load refapp's and Qt's own translations for ``language`` (replacing the previous ones: Qt then sends a
    LanguageChange event to every widget, which re-translates in place)."""
    from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator

    locale = (
        QLocale(QLocale.Language.French, QLocale.Country.France)
        if language == "fr"
        else QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom)
    )
    QLocale.setDefault(locale)
    if getattr(app, "_refapp_language", None) == language:
        return app._refapp_translators  # already in place (a start installs them before its first frame)
    for old in getattr(app, "_refapp_translators", []):
        app.removeTranslator(old)
    installed = []
    from importlib import resources

    qm_dir = str(resources.files("refapp.translations"))
    ours = QTranslator(app)  # English: its plural forms only ("1 warning", "2 warnings")
    if ours.load(locale, "refapp", "_", qm_dir):
        app.installTranslator(ours)
        installed.append(ours)
    if language != "en":
        qt = QTranslator(app)  # Qt's own strings: standard buttons read "Annuler"
        if qt.load(locale, "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            app.installTranslator(qt)
            installed.append(qt)
    app._refapp_translators = installed
    app._refapp_language = language
    return installed


def open_store(data_dir: Path, parent=None):
    """Open the database. When it is damaged or lacks confirmed rulings, tell the user what is wrong and offer the
    recovery (the journal's rulings, else the newest good backup; the damaged files are kept aside) and say what
    was recovered and what could not be. Another refapp writing the folder, a full disk: said plainly. Returns the
    store, or None when the app cannot go on."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QMessageBox

    from .store.backup import recover, restore
    from .store.db import DamagedDatabase, DiskFull, FolderInUse, MissingEvents, Store, StoreError

    try:
        store = Store.open(data_dir)
    except (DamagedDatabase, MissingEvents) as exc:
        missing = isinstance(exc, MissingEvents)
        box = QMessageBox(parent)
        box.setIcon(QMessageBox.Icon.Critical)
        box.setWindowTitle(
            QCoreApplication.translate("App", "Confirmed rulings missing")
            if missing
            else QCoreApplication.translate("App", "Damaged database")
        )
        box.setText(str(exc))
        box.setInformativeText(
            QCoreApplication.translate(
                "App",
                "Recover them from this tablet's journal? The damaged files are kept aside; nothing else is changed.",
            )
            if missing
            else QCoreApplication.translate(
                "App",
                "Restore the newest good backup and the rulings recorded after it? The damaged files are kept aside.",
            )
        )
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        if box.exec() != QMessageBox.StandardButton.Yes:
            return None
        try:
            from .store.rulesets import load_catalog

            rulesets = load_catalog(Path(data_dir) / "rulesets").rulesets
            report = (recover if missing else restore)(data_dir, rulesets)
        except StoreError as err:
            QMessageBox.critical(parent, QCoreApplication.translate("App", "Nothing to restore from"), str(err))
            return None
        QMessageBox.information(parent, QCoreApplication.translate("App", "Restored"), report.message())
        try:
            store = Store.open(data_dir)
        except StoreError as err:
            QMessageBox.critical(parent, QCoreApplication.translate("App", "Cannot open the data folder"), str(err))
            return None
    except FolderInUse as exc:
        QMessageBox.critical(parent, QCoreApplication.translate("App", "Already open"), str(exc))
        return None
    except DiskFull as exc:
        QMessageBox.critical(parent, QCoreApplication.translate("App", "The disk is full"), str(exc))
        return None
    except StoreError as exc:
        QMessageBox.critical(parent, QCoreApplication.translate("App", "Cannot open the data folder"), str(exc))
        return None
    for warning in store.warnings:  # e.g. a read-only folder whose newest changes could not be read
        QMessageBox.warning(parent, QCoreApplication.translate("App", "Read-only data folder"), warning)
    return store


def first_frame(data_dir: Path, app=None):
    """The window of a start's first frame: the board as the app last showed it (``refapp.store.snapshot``), the
    top bar disabled; None when there is no usable snapshot. Loads no pydantic and no domain model."""
    from PySide6.QtWidgets import QApplication

    from .store.snapshot import quick_start
    from .ui.main_window import MainWindow
    from .ui.theme import apply_theme

    quick = quick_start(data_dir)
    if quick is None:
        return None
    install_translators(app or QApplication.instance(), quick["language"])
    apply_theme(quick["theme"])
    window = MainWindow(starting=True)
    window.board.set_facts(quick["board"], quick["table_number"])
    return window


def build(data_dir: Path, app=None, window=None):
    """Build the controller and the main window over ``data_dir`` (also used by tests and screenshots); with
    ``window`` (from :func:`first_frame`), attach the controller to it instead of building a new one."""
    from PySide6.QtWidgets import QApplication

    from .store.rulesets import load_catalog
    from .store.settings import load_settings
    from .ui.controller import Controller
    from .ui.main_window import MainWindow
    from .ui.theme import apply_theme

    app = app or QApplication.instance()
    settings, warning = load_settings(data_dir)
    install_translators(app, settings.language)
    apply_theme(settings.theme)
    store = open_store(data_dir, window)
    if store is None:
        return None, None
    catalog = load_catalog(data_dir / "rulesets")
    controller = Controller(store, catalog.rulesets, settings, data_dir)
    if window is None:
        window = MainWindow(controller)
    else:
        window.attach(controller)

    def switch_language(lang: str) -> None:
        install_translators(app, lang)  # Qt sends LanguageChange: the window re-translates in place

    window.language_requested.connect(switch_language)
    for message in ([warning] if warning else []) + [f"Rule set skipped: {e}" for e in catalog.errors]:
        window.show_error(message)
    return controller, window


def run(args: argparse.Namespace) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from .store.paths import data_dir

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("refapp")
    app.setApplicationDisplayName("refapp")
    app.setDesktopFileName("refapp")
    app.setWindowIcon(_icon())
    folder = data_dir(getattr(args, "data_dir", None))
    log_path = getattr(args, "log", None)
    if log_path:
        window = _log_window(Path(log_path), folder)
    else:
        # Two steps: the board as last shown, painted at once; right after that frame, the store is opened and
        # checked, the table replayed and the controller attached (input meanwhile waits in the event queue).
        window = first_frame(folder, app)
        if window is None:
            _, window = build(folder, app)
            if window is None:
                return 1
        else:

            def finish_start() -> None:
                controller, _ = build(folder, app, window)
                if controller is None:  # the store could not be opened (the user was told why)
                    app.exit(1)

            _after_first_frame(window, finish_start)
    window.show()
    if getattr(args, "quit_after", None) is not None:
        QTimer.singleShot(int(args.quit_after * 1000), app.quit)
    return app.exec()


def _after_first_frame(window, then) -> None:
    """Call ``then`` once the window's first frame has been painted."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    class Once(QObject):
        def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint:
                window.removeEventFilter(self)
                QTimer.singleShot(0, then)
            return False

    window._first_frame_hook = Once(window)
    window.installEventFilter(window._first_frame_hook)


def _icon():
    from importlib import resources

    from PySide6.QtGui import QIcon

    return QIcon(str(resources.files("refapp.resources").joinpath("icons", "refapp.svg")))


def _log_window(path: Path, folder: Path):
    """A read-only board showing the table of a table-log file."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication, QMessageBox

    from .domain.events import LogError, parse_log
    from .domain.ledger import replay
    from .store.rulesets import load_catalog
    from .ui.main_window import MainWindow
    from .ui.theme import apply_theme

    install_translators(QApplication.instance(), "en")
    apply_theme("light")
    window = MainWindow()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        state = replay(parse_log(data).events, load_catalog(folder / "rulesets").rulesets)
        window.board.set_state(state)
    except (OSError, ValueError, LogError) as exc:
        QMessageBox.critical(window, QCoreApplication.translate("App", "Cannot open the table log"), f"{path}: {exc}")
    return window
