"""`refapp export -o PATH` writes only regular files: a device, a FIFO or a folder is refused with one line, a
symlink is written through (the link stays, its target gets the export), a new file gets the mode the user's umask
gives, a replaced file keeps its mode; `-o -` with a closed or full standard output is one line and exit 2."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from refapp.cli import main
from tests.history_data import build

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data_dir(tmp_path):
    folder = tmp_path / "data"
    build(folder).store.close()
    return folder


def export(capsys, data_dir, target, *more) -> tuple[int, str, str]:
    code = main(["--data-dir", str(data_dir), "export", "-o", str(target), *more])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("refapp: ") and "Traceback" not in err, err
    return err


def null_device(tmp_path) -> Path:
    """A device node to export to: a private copy of /dev/null when we may make one (as root, where an export that
    replaced its target would replace the system's /dev/null), else /dev/null itself (which a user cannot replace)."""
    node = tmp_path / "null-device"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        return Path("/dev/null")
    return node


def test_a_device_is_refused_and_left_alone(data_dir, tmp_path, capsys):
    device = null_device(tmp_path)
    code, out, err = export(capsys, data_dir, device)
    assert code == 2 and out == ""
    assert f"{device}: is a device, not a regular file" in one_line(err)
    assert stat.S_ISCHR(os.lstat(device).st_mode)


@pytest.mark.parametrize("fmt", ["bundle", "csv"])
def test_a_fifo_is_refused_and_left_alone(data_dir, tmp_path, capsys, fmt):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, _, err = export(capsys, data_dir, fifo, "--format", fmt)
    assert code == 2 and "is a FIFO (named pipe), not a regular file" in one_line(err)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_folder_is_refused(data_dir, tmp_path, capsys):
    code, _, err = export(capsys, data_dir, tmp_path)
    assert code == 2 and "is a folder, not a regular file" in one_line(err)


def test_a_symlink_to_a_device_is_refused(data_dir, tmp_path, capsys):
    device = null_device(tmp_path)
    link = tmp_path / "out.json"
    link.symlink_to(device)
    code, _, err = export(capsys, data_dir, link)
    assert code == 2 and "is a device" in one_line(err) and str(device) in err
    assert link.is_symlink() and stat.S_ISCHR(os.lstat(device).st_mode)


def test_a_symlink_to_a_file_is_written_through(data_dir, tmp_path, capsys):
    real = tmp_path / "exports" / "bundle.json"
    real.parent.mkdir()
    real.write_text("old")
    real.chmod(0o640)
    link = tmp_path / "latest.json"
    link.symlink_to(real)
    code, out, err = export(capsys, data_dir, link)
    assert code == 0 and err == ""
    assert out.startswith(f"wrote {link} (through the link to {real}):")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8").startswith('{"format":"refapp-bundle"')
    assert stat.S_IMODE(real.stat().st_mode) == 0o640  # a replaced file keeps its mode
    assert sorted(p.name for p in real.parent.iterdir()) == ["bundle.json"]  # no temporary file left


def test_a_dangling_symlink_is_written_through(data_dir, tmp_path, capsys):
    link = tmp_path / "latest.csv"
    link.symlink_to(tmp_path / "new.csv")
    code, _, _ = export(capsys, data_dir, link, "--format", "csv")
    assert code == 0 and link.is_symlink()
    assert (tmp_path / "new.csv").read_text(encoding="utf-8-sig").startswith('"time","tournament"')


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_a_new_file_gets_the_mode_of_the_umask(data_dir, tmp_path, capsys, umask):
    old = os.umask(umask)
    try:
        code, _, _ = export(capsys, data_dir, tmp_path / "out.csv", "--format", "csv")
    finally:
        os.umask(old)
    assert code == 0
    assert stat.S_IMODE((tmp_path / "out.csv").stat().st_mode) == 0o666 & ~umask


def test_a_failed_export_leaves_no_temporary_file(data_dir, tmp_path, capsys):
    code, _, err = export(capsys, data_dir, tmp_path / "out.csv", "--format", "results", "--tournament", "nope")
    assert code == 2 and list(tmp_path.iterdir()) == [data_dir]
    code, _, err = export(capsys, data_dir, tmp_path / "no-folder" / "out.csv")
    assert code == 2 and "cannot be written" in one_line(err) and list(tmp_path.iterdir()) == [data_dir]


def run_shell(redirect: str, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = ["sh", "-c", f'exec "$@" {redirect}', "sh", sys.executable, "-m", "refapp", *argv]
    return subprocess.run(cmd, stderr=subprocess.PIPE, text=True, env=env, timeout=60)


@pytest.mark.parametrize(
    ("redirect", "words"),
    [(">&-", "standard output is closed"), (">/dev/full", "standard output cannot be written: no space left")],
)
def test_export_to_a_closed_or_full_stdout(data_dir, redirect, words):
    proc = run_shell(redirect, "--data-dir", str(data_dir), "export", "-o", "-")
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and words in proc.stderr.lower(), proc.stderr
