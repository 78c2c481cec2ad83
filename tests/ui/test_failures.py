"""When something fails that the app did not foresee: the exception is logged with its traceback, and the window
says in a few words, in the user's language, that it happened and where the log is (never a traceback); Qt's own
warnings go to the log; a failed backup is logged and said in the window while play goes on. ``refapp`` itself
sets all of this up (checked in a real process)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import qWarning
from PySide6.QtWidgets import QApplication, QMessageBox

from refapp import logs
from refapp.app import install_translators
from refapp.ui.shell.failures import FailureNotice, log_qt_messages, stop_logging_qt_messages

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def logged(tmp_path):
    path = logs.start_log(tmp_path / "logs")
    yield path
    stop_logging_qt_messages()
    logs.remove_hooks()
    logs.stop_log()


def _boxes() -> list[QMessageBox]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


def test_an_uncaught_exception_is_logged_and_said_in_a_few_words(qtbot, logged):
    notice = FailureNotice(logged)
    logs.install_hooks(notice.report)
    app = QApplication.instance()
    install_translators(app, "fr")
    try:
        try:
            raise RuntimeError("a slot failed")
        except RuntimeError:
            sys.excepthook(*sys.exc_info())
        qtbot.waitUntil(lambda: len(_boxes()) == 1)
        box = _boxes()[0]
        assert box.windowTitle() == "Un problème est survenu"
        assert box.text() == (
            "refapp a rencontré un problème imprévu. Ce qui a été enregistré est conservé\u00a0; continuez, ou "
            f"relancez refapp. Ce qui s’est passé est écrit dans le journal des erreurs\u00a0: {logged}"
        )
        assert "Traceback" not in box.text() and "RuntimeError" not in box.text()
        worker = threading.Thread(target=lambda: 1 / 0, name="refapp-worker")  # a second one: logged, one box
        worker.start()
        worker.join()
        QApplication.processEvents()
        assert len(_boxes()) == 1
        text = logged.read_text(encoding="utf-8")
        assert "RuntimeError: a slot failed" in text and "ZeroDivisionError" in text and "Traceback" in text
    finally:
        install_translators(app, "en")
        for box in _boxes():
            box.close()


def test_an_exception_in_another_thread_is_said_in_the_window(qtbot, logged):
    notice = FailureNotice(logged)
    logs.install_hooks(notice.report)
    worker = threading.Thread(target=lambda: [][0], name="refapp-worker")
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: len(_boxes()) == 1)
    try:
        assert _boxes()[0].text().endswith(f"What happened is written in the log: {logged}")
    finally:
        for box in _boxes():
            box.close()


def test_qt_warnings_go_to_the_log(logged):
    log_qt_messages()
    qWarning("a style sheet could not be parsed")
    assert "WARNING refapp.qt [MainThread]: a style sheet could not be parsed" in logged.read_text(encoding="utf-8")


def test_a_failed_backup_is_said_in_the_window_and_play_goes_on(referee, logged, monkeypatch):
    c = referee.controller
    referee.setup_table("ema-2016")
    c.settings.backup_every = 1

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("refapp.store.backup.make_backup", full)
    referee.riichi(1)
    c.session.store.wait_for_backup(5)
    referee.qtbot.waitUntil(lambda: referee.window.banner.isVisible())
    assert referee.window.banner.text() == (
        "The automatic backup failed ([Errno 28] No space left on device); play goes on and the next backup will be "
        f"tried. See the log: {logged}"
    )
    assert "backup failed: [Errno 28] No space left on device" in logged.read_text(encoding="utf-8")
    referee.riichi(2)  # play goes on
    assert referee.centre()[2] == "2 riichi sticks"


def test_refapp_logs_its_start_and_stop_in_the_data_folder(tmp_path):
    data = tmp_path / "data"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "refapp", "--data-dir", str(data), "--quit-after", "1"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    text = (data / "refapp.log").read_text(encoding="utf-8")
    assert f"INFO refapp [MainThread]: refapp 0.1.0 starts on {data}" in text
    assert text.rstrip().endswith("INFO refapp [MainThread]: refapp stops")
