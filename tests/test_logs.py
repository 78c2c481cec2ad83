"""The log (refapp.logs): ``refapp.log`` in the data folder, rotated at about 1 MB with three older files, made only
when something is written; every uncaught exception logged with its traceback (main thread and others); a failed
backup logged; the command line answers a failure it did not foresee with one line and the traceback in the log."""

from __future__ import annotations

import logging
import sys
import threading

import pytest

from refapp import logs
from refapp.cli import EXIT_INTERNAL, main
from refapp.store.backup import maybe_backup
from refapp.store.opening import open_store


@pytest.fixture
def log_in(tmp_path):
    path = logs.start_log(tmp_path / "data")
    yield path
    logs.stop_log()
    logs.remove_hooks()


def test_the_log_is_made_in_the_data_folder_when_first_written(log_in):
    assert log_in.name == "refapp.log" and not log_in.parent.exists(), "nothing written, nothing made"
    assert logs.log_path() == log_in
    logging.getLogger("refapp.ui").warning("shown: %s", "La décision n’a PAS été enregistrée")
    text = log_in.read_text(encoding="utf-8")
    assert "WARNING refapp.ui [MainThread]: shown: La décision n’a PAS été enregistrée" in text


def test_the_log_rotates_and_keeps_three_older_files(log_in):
    line = "x" * 1000
    for _ in range(5000):  # about 5 MB
        logs.log.info(line)
    files = sorted(p.name for p in log_in.parent.iterdir())
    assert files == ["refapp.log", "refapp.log.1", "refapp.log.2", "refapp.log.3"]
    assert all(p.stat().st_size <= logs.MAX_BYTES + 2000 for p in log_in.parent.iterdir())


def test_an_uncaught_exception_is_logged_with_its_traceback_and_reported(log_in):
    reported: list[BaseException] = []
    logs.install_hooks(reported.append)

    def deep() -> None:
        raise ZeroDivisionError("a bug three calls down")

    try:
        deep()
    except ZeroDivisionError:
        sys.excepthook(*sys.exc_info())
    worker = threading.Thread(target=lambda: [][1], name="refapp-worker")
    worker.start()
    worker.join()
    text = log_in.read_text(encoding="utf-8")
    assert "CRITICAL refapp [MainThread]: uncaught exception" in text
    assert "Traceback (most recent call last)" in text and "in deep" in text
    assert "ZeroDivisionError: a bug three calls down" in text
    assert "uncaught exception in thread refapp-worker" in text and "IndexError: list index out of range" in text
    assert [type(e) for e in reported] == [ZeroDivisionError, IndexError]


def test_a_failed_backup_is_logged_and_told(log_in, tmp_path, monkeypatch):
    store = open_store(tmp_path / "data")
    try:
        store.appends_since_backup = 20

        def refuse(*args, **kwargs):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr("refapp.store.backup.make_backup", refuse)
        told: list[BaseException] = []
        thread = maybe_backup(store, every=20, failed=told.append)
        assert thread is not None
        thread.join()
        assert [str(e) for e in told] == ["[Errno 28] No space left on device"]
        text = log_in.read_text(encoding="utf-8")
        assert "WARNING refapp.store [refapp-backup]: backup failed: [Errno 28] No space left on device" in text
    finally:
        store.close()


def test_the_command_line_says_an_unforeseen_failure_in_one_line_and_logs_it(tmp_path, monkeypatch, capsys):
    def broken(*args, **kwargs):
        raise KeyError("a bug")

    monkeypatch.setattr("refapp.store.rulesets.load_catalog", broken)
    data = tmp_path / "data"
    assert main(["--data-dir", str(data), "rulesets"]) == EXIT_INTERNAL
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err == f"refapp: unexpected error: KeyError: 'a bug'; the details are in {data / 'refapp.log'}\n"
    text = (data / "refapp.log").read_text(encoding="utf-8")
    assert "CRITICAL refapp [MainThread]: refapp rulesets failed" in text and "KeyError: 'a bug'" in text
    assert logs.log_path() is None and logs.log.propagate, "the command's log is closed again"


def test_a_command_that_succeeds_writes_no_log(tmp_path, capsys):
    data = tmp_path / "data"
    assert main(["--data-dir", str(data), "rulesets"]) == 0
    assert not data.exists()
