"""One window per data folder: a second start brings the first window forward and exits with one line; a first
instance that does not answer is said clearly; a socket left by a crash does not block the next start. And with no
display at all, `refapp` says so in one line instead of Qt's abort and core dump."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtNetwork import QLocalServer
from PySide6.QtWidgets import QApplication, QMainWindow

from refapp.ui.shell.single_instance import SingleInstance, server_name

ROOT = Path(__file__).resolve().parents[2]


def refapp_process(*argv: str, env_extra: dict | None = None, drop: tuple = ()) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update({"PYTHONPATH": str(ROOT), **(env_extra or {})})
    return subprocess.Popen(
        [sys.executable, "-m", "refapp", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )


def finish(qtbot, proc: subprocess.Popen, timeout: float = 30) -> tuple[int, str, str]:
    """Let this process's event loop run (it answers the second instance) until ``proc`` ends."""
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=int(timeout * 1000))
    out, err = proc.communicate()
    return proc.returncode, out, err


def test_the_name_is_per_folder_and_per_user(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "a")
    assert server_name(tmp_path / "a") == server_name(tmp_path / "link"), "the same folder through a link"
    assert server_name(tmp_path / "a") != server_name(tmp_path / "b")
    assert str(os.getuid()) in server_name(tmp_path / "a")


def test_a_second_start_brings_the_first_window_forward_and_exits(qtbot, tmp_path):
    folder = tmp_path / "data"
    first = SingleInstance(folder)
    assert first.claim() == "first"
    window = QMainWindow()
    qtbot.addWidget(window)
    window.showMinimized()
    first.window = lambda: window
    try:
        with qtbot.waitSignal(first.activated, timeout=30_000):
            proc = refapp_process("--data-dir", str(folder), "--quit-after", "20",
                                  env_extra={"QT_QPA_PLATFORM": "offscreen"})  # fmt: skip
            code, out, err = finish(qtbot, proc)
    finally:
        first.release()
    assert code == 0, err
    assert out.strip() == (
        f"refapp: refapp is already running on this data folder ({folder}); its window was brought to the front"
    )
    assert not (window.windowState() & Qt.WindowState.WindowMinimized) and window.isVisible()
    assert not (folder / "refapp.sqlite3").exists(), "the second start opened nothing"


def test_a_first_instance_that_does_not_answer_is_said_clearly(qtbot, tmp_path):
    folder = tmp_path / "data"
    mute = QLocalServer()
    assert mute.listen(server_name(folder))  # accepts, never answers (a frozen first instance)
    try:
        proc = refapp_process("--data-dir", str(folder), "--quit-after", "8",
                              env_extra={"QT_QPA_PLATFORM": "offscreen"})  # fmt: skip
        code, out, err = finish(qtbot, proc)
    finally:
        mute.close()
    assert code == 1
    lines = [line for line in err.splitlines() if line.startswith("refapp: ")]
    assert lines == [
        f"refapp: another refapp is running on this data folder ({folder}) but does not answer; "
        "wait for it or close it, then start again"
    ]
    assert not (folder / "refapp.sqlite3").exists()


def test_a_socket_left_by_a_crash_does_not_block_the_next_start(tmp_path):
    folder = tmp_path / "data"
    probe = QLocalServer()
    assert probe.listen(server_name(folder))
    path = probe.fullServerName()
    probe.close()
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)  # a socket file nobody listens on, as after SIGKILL
    stale.bind(path)
    stale.close()
    assert os.path.exists(path)
    guard = SingleInstance(folder)
    try:
        assert guard.claim(wait_ms=500) == "first"
    finally:
        guard.release()


def test_two_folders_two_instances(tmp_path):
    a, b = SingleInstance(tmp_path / "a"), SingleInstance(tmp_path / "b")
    try:
        assert a.claim() == "first" and b.claim() == "first"
    finally:
        a.release()
        b.release()


def test_no_display_is_one_line_and_exit_2(tmp_path):
    started = time.perf_counter()
    proc = refapp_process("--data-dir", str(tmp_path), drop=("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, err
    assert err == "refapp: no display: set DISPLAY, or QT_QPA_PLATFORM=offscreen for a headless check\n"
    assert out == "" and time.perf_counter() - started < 30
    assert not list(tmp_path.iterdir()), "nothing created"
    assert not list(Path.cwd().glob("core*")), "no core dump"


def test_no_display_for_a_table_log_too(tmp_path):
    proc = refapp_process("--log", str(tmp_path / "x.json"), drop=("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and err.startswith("refapp: no display:")


def test_the_guard_keeps_running_with_the_app():
    assert QApplication.instance() is not None
