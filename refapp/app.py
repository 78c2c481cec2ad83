"""Composition root: builds the QApplication, translators, log, store, controller and main window."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from . import __version__
from .logs import install_hooks, log_path, start_log
from .store import paths
from .store.errors import DamagedDatabase, DiskFull, FolderInUse, MissingEvents, StoreError
from .store.safejson import JsonInputError, one_line, read_json
from .store.snapshot import quick_start
from .ui.common import languages
from .ui.common.messages import said
from .ui.common.theme import apply_theme
from .ui.shell.failures import FailureNotice, log_qt_messages
from .ui.shell.main_window import MainWindow
from .ui.shell.single_instance import SingleInstance
from .ui.shell.start_messages import language_missing, recovery_message, rulesets_skipped, settings_messages
from .ui.shell.start_problem import show_start_problem

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication, QWidget

    from .store.db import Store
    from .ui.shell.controller import Controller

_log = logging.getLogger("refapp")


def install_translators(app: QCoreApplication, language: str) -> str:
    """Install the translations of ``language`` (:mod:`refapp.ui.languages`); returns the code installed (English
    when that language has no translation file)."""
    return languages.install_translators(app, language)


def open_store(data_dir: Path, parent: QWidget | None = None) -> Store | None:
    """Open the database. When it is damaged or lacks confirmed rulings, tell the user what is wrong and offer the
    recovery (the journal's rulings, else the newest good backup; the damaged files are kept aside) and say what
    was recovered and what could not be. Another refapp writing the folder, a full disk: said plainly. Returns the
    store, or None when the app cannot go on."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QMessageBox

    from .core.folder import load_catalog, open_folder
    from .core.integrity import put_back

    try:
        store = open_folder(data_dir, window=True)
    except (DamagedDatabase, MissingEvents) as exc:
        missing = isinstance(exc, MissingEvents)
        box = QMessageBox(parent)
        box.setIcon(QMessageBox.Icon.Critical)
        box.setWindowTitle(
            QCoreApplication.translate("App", "Confirmed rulings missing")
            if missing
            else QCoreApplication.translate("App", "Damaged database")
        )
        _log.error("at start: %s", exc)
        box.setText(said(exc))
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
            rulesets = load_catalog(Path(data_dir)).rulesets
            report = put_back(data_dir, rulesets, from_backup=not missing)
        except StoreError as err:
            _log.error("recovery: %s", err)
            QMessageBox.critical(parent, QCoreApplication.translate("App", "Nothing to restore from"), said(err))
            return None
        _log.warning("recovery: %s", report.message())
        QMessageBox.information(parent, QCoreApplication.translate("App", "Restored"), recovery_message(report))
        try:
            store = open_folder(data_dir, window=True)
        except StoreError as err:
            _log.error("at start: %s", err)
            QMessageBox.critical(parent, QCoreApplication.translate("App", "Cannot open the data folder"), said(err))
            return None
    except StoreError as exc:
        _log.error("at start: %s", exc)
        if isinstance(exc, FolderInUse):
            title = QCoreApplication.translate("App", "Already open")
        elif isinstance(exc, DiskFull):
            title = QCoreApplication.translate("App", "The disk is full")
        else:
            title = QCoreApplication.translate("App", "Cannot open the data folder")
        QMessageBox.critical(parent, title, said(exc))
        return None
    for warning in store.warnings:  # e.g. a read-only folder whose newest changes could not be read
        _log.warning("at start: %s", warning)
        QMessageBox.warning(parent, QCoreApplication.translate("App", "Read-only data folder"), said(warning))
    return store


def first_frame(data_dir: Path, app: QCoreApplication | None = None) -> MainWindow | None:
    """The window of a start's first frame: the board as the app last showed it (``refapp.store.snapshot``), the
    top bar disabled; None when there is no usable snapshot. Loads no pydantic and no domain model."""

    quick = quick_start(data_dir)
    if quick is None:
        return None
    install_translators(app or _app(), quick["language"])
    apply_theme(quick["theme"])
    window = MainWindow(starting=True)
    window.screen_setting = quick.get("fullscreen", "auto")  # full screen or not from the first frame on
    try:
        window.board.set_facts(quick["board"], quick["table_number"])
    except Exception:  # noqa: BLE001 - a snapshot the checks let through: the ordinary start instead, never a freeze
        window.deleteLater()
        return None
    return window


def build(
    data_dir: Path, app: QCoreApplication | None = None, window: MainWindow | None = None
) -> tuple[Controller, MainWindow] | tuple[None, None]:
    """Build the controller and the main window over ``data_dir`` (also used by tests and screenshots); with
    ``window`` (from :func:`first_frame`), attach the controller to it instead of building a new one.

    Returns ``(None, None)`` when the database cannot be opened (the user was told why). Every message raised while
    the window was not attached yet (damaged settings, a rule-set file skipped, a table that does not replay) is
    shown in the window once it is."""
    from .core.folder import load_catalog
    from .store.settings import has_pin, load_settings, restore_pin
    from .ui.shell.controller import Controller

    qapp = app or _app()
    settings, damage = load_settings(data_dir)
    if damage is not None:
        _log.warning("settings: %s", damage.message())
    shown_language = install_translators(qapp, settings.language)
    apply_theme(settings.theme)
    store = open_store(data_dir, window)
    if store is None:
        return None, None
    pin_restored = restore_pin(settings, store)
    catalog = load_catalog(data_dir)
    controller = Controller(store, catalog.rulesets, settings, data_dir)
    early_error = controller.last_error  # emitted before any window listened (a table that does not replay)
    if window is None:
        window = MainWindow(controller)
    else:
        window.attach(controller)

    def switch_language(lang: str) -> None:
        install_translators(qapp, lang)  # Qt sends LanguageChange: the window re-translates in place

    window.language_requested.connect(switch_language)
    messages = settings_messages(damage, pin_restored, has_pin(settings))
    if shown_language != settings.language:
        messages.append(language_missing(settings.language))
    messages += rulesets_skipped(catalog.errors)
    if early_error:
        messages.append(early_error)
    if messages:
        window.show_error("\n".join(messages))
    if damage is not None or pin_restored:
        controller.save_settings()  # a good settings file again (with the PIN)
    return controller, window


def display_problem(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str | None:
    """Why Qt could not open a window here (None: it may try). On Linux and the BSDs Qt aborts with a core dump
    and a misleading message when there is no display; say it in one line instead."""
    if platform.startswith(("win", "darwin")):
        return None
    qpa = environ.get("QT_QPA_PLATFORM", "")
    if qpa and not qpa.startswith(("xcb", "wayland")):
        return None  # offscreen, vnc, eglfs, linuxfb...: no display server needed
    if environ.get("WAYLAND_DISPLAY") and not qpa.startswith("xcb"):
        return None
    display = environ.get("DISPLAY", "")
    if not display:
        return "no display: set DISPLAY, or QT_QPA_PLATFORM=offscreen for a headless check"
    if not _x_server_answers(display):
        return f"no display: nothing answers at DISPLAY={display}; start the X server, or set QT_QPA_PLATFORM=offscreen"
    return None


def _x_server_answers(display: str) -> bool:
    """Whether an X server listens at ``display`` (":0", "unix:0", "host:10.0"); True when it cannot be told."""
    import re
    import socket

    m = re.fullmatch(r"(?:unix)?:(\d+)(?:\.\d+)?", display)
    if m is None:
        return True  # a remote or unusual display: let Qt try
    path = f"/tmp/.X11-unix/X{m.group(1)}"
    for address in (path, "\0" + path):  # the socket file, or Linux's abstract socket of the same name
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(1)
        try:
            sock.connect(address)
            return True
        except OSError:
            continue
        finally:
            sock.close()
    return False


def run(args: argparse.Namespace) -> int:
    problem = display_problem()
    if problem is not None:
        print(f"refapp: {problem}", file=sys.stderr)
        return 2

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setApplicationName("refapp")
    app.setApplicationDisplayName("refapp")
    app.setDesktopFileName("refapp")
    app.setWindowIcon(_icon())
    folder = paths.data_dir(getattr(args, "data_dir", None))
    log = start_log(folder)
    log_qt_messages()
    notice = FailureNotice(log, app)  # an uncaught exception: logged, and a short message says where the log is
    install_hooks(notice.report)

    said_start: list[bool] = []

    def started() -> None:  # once: after the first frame, or when the app stops before it
        if not said_start:
            said_start.append(True)
            _log.info("refapp %s starts on %s", __version__, folder)

    def stopped() -> None:
        started()
        _log.info("refapp stops")

    app.aboutToQuit.connect(stopped)
    if getattr(args, "quit_after", None) is not None:
        QTimer.singleShot(int(args.quit_after * 1000), lambda: _quit(app))
    log_path = getattr(args, "log", None)
    if log_path:
        started()
        window = _log_window(Path(log_path), folder)
        window.show()
        return app.exec()
    claim, guard = _claim_folder(folder)
    if claim != "first":
        started()
    if claim == "forwarded":
        return 0
    if claim == "not answering":
        app.exec()  # until the message is closed
        return 1
    app.aboutToQuit.connect(guard.release)  # the socket goes with the app (one left by a crash is cleared)
    window = _start(folder, app, started)
    guard.window = lambda: window
    window.show_on_screen()  # full screen on a small or portrait screen (refapp.ui.shell.screen)
    return app.exec()


def _app() -> QApplication:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        raise RuntimeError("refapp's window needs a QApplication")
    return app


def _quit(app: QApplication) -> None:
    """Quit, closing any modal dialog first (a dialog's own event loop does not end with ``app.quit()``)."""
    from PySide6.QtCore import QTimer

    modal = app.activeModalWidget()
    if modal is None:
        app.quit()
        return
    modal.close()
    QTimer.singleShot(0, lambda: _quit(app))


Claim = Literal["first", "forwarded", "not answering"]


def _claim_folder(folder: Path) -> tuple[Claim, SingleInstance]:
    """``(claim, guard)``: "first" (go on; keep the guard), "forwarded" (another instance came forward: exit) or
    "not answering" (another instance holds the folder but did not answer: exit); the user is told."""
    from PySide6.QtCore import QCoreApplication

    app = _app()
    guard = SingleInstance(folder, app)
    claim = guard.claim()
    if claim == "forwarded":
        print(f"refapp: refapp is already running on this data folder ({folder}); its window was brought to the front")
    elif claim == "not answering":
        line = (
            f"another refapp is running on this data folder ({folder}) but does not answer; "
            "wait for it or close it, then start again"
        )
        _log.warning(line)
        print(f"refapp: {line}", file=sys.stderr)
        from PySide6.QtWidgets import QMessageBox  # here: a start's first frame does not wait for its enums

        title = QCoreApplication.translate("App", "refapp is already running")
        text = QCoreApplication.translate(
            "App",
            "Another refapp is running on this data folder (%1) but does not answer. Wait for it or close it, then "
            "start refapp again.",
        ).replace("%1", str(folder))
        box = QMessageBox(QMessageBox.Icon.Warning, title, text)
        box.finished.connect(lambda _: app.exit(1))
        box.show()  # not exec(): the caller runs the event loop, so a quit (or --quit-after) ends it normally
        guard.message = box
    return claim, guard


def _start(folder: Path, app: QApplication, started: Callable[[], None]) -> MainWindow:
    """The window of a start: the kept board at once and the rest after its first frame, or the ordinary way. Any
    failure of the start shows the problem page instead of the board (never a frozen snapshot). ``started`` logs
    the start: with the rest (the log's first line opens its file, which loads a module the first frame need not
    wait for)."""
    try:
        window = first_frame(folder, app)
    except Exception:  # noqa: BLE001 - the snapshot is only a cache: take the ordinary way
        _log.warning("the kept board could not be shown", exc_info=True)
        window = None
    if window is None:
        started()
        try:
            _, built = build(folder, app)
        except Exception as exc:  # noqa: BLE001 - shown in the window, never lost in a traceback
            return _failed(MainWindow(starting=True), exc)
        return built if built is not None else _failed(MainWindow(starting=True), None)
    kept = window

    def finish_start() -> None:
        started()
        try:
            controller, _ = build(folder, app, kept)
        except Exception as exc:  # noqa: BLE001 - shown in the window, never lost in a traceback
            _failed(kept, exc)
            return
        if controller is None:  # the store could not be opened (the user was told why)
            _failed(kept, None)

    _after_first_frame(window, finish_start)
    return window


def _failed(window: MainWindow, exc: BaseException | None) -> MainWindow:
    """Show why the start cannot go on, in the window (which is returned); an unexpected failure is logged with its
    traceback and the page says where the log is."""
    from PySide6.QtCore import QCoreApplication

    if exc is None:
        message = QCoreApplication.translate("App", "The data folder could not be opened (see the message shown).")
    elif isinstance(exc, StoreError):
        _log.error("the start cannot go on: %s", exc)
        message = one_line(said(exc))
    else:
        _log.error("the start failed", exc_info=exc)
        message = f"{type(exc).__name__}: {one_line(exc)}"
        path = log_path()
        if path is not None:
            message += "\n" + QCoreApplication.translate("App", "What happened is written in the log: %1").replace(
                "%1", str(path)
            )
    show_start_problem(window, message)
    return window


def _after_first_frame(window: QWidget, then: Callable[[], None], fallback_ms: int = 2000) -> None:
    """Call ``then`` once, when the window's first frame has been painted (or after ``fallback_ms`` if no frame is
    ever painted: a minimised or hidden window must still finish its start)."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    done: list[bool] = []

    class Once(QObject):
        def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint and not done:
                QTimer.singleShot(0, once)
            return False

    hook = Once(window)

    def once() -> None:
        if not done:
            done.append(True)
            window.removeEventFilter(hook)
            then()

    window.installEventFilter(hook)
    QTimer.singleShot(fallback_ms, once)


def _icon() -> QIcon:
    from importlib import resources

    from PySide6.QtGui import QIcon

    return QIcon(str(resources.files("refapp.resources").joinpath("icons", "refapp.svg")))


def _log_window(path: Path, folder: Path) -> MainWindow:
    """A read-only board showing the table of a table-log file; a file that cannot be shown is said in the window."""
    from PySide6.QtCore import QCoreApplication

    from .core.folder import load_catalog
    from .domain.events import LogError, parse_log
    from .domain.ledger import replay

    install_translators(_app(), "en")
    apply_theme("light")
    window = MainWindow()
    try:
        state = replay(parse_log(read_json(path)).events, load_catalog(folder).rulesets)
        window.board.set_state(state)
    except Exception as exc:  # noqa: BLE001 - said in the window, never a traceback
        if isinstance(exc, JsonInputError):
            what = str(exc)
        else:
            what = one_line(f"{path}: {exc if isinstance(exc, LogError) else f'{type(exc).__name__}: {exc}'}")
        window.show_error(QCoreApplication.translate("App", "Cannot open the table log: %1").replace("%1", what))
    return window
