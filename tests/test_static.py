"""The static checks run with the tests (the README's test command, and CI through it): mypy with the settings of
pyproject.toml on ``refapp/`` (0 errors), ``ruff check .`` and ``ruff format --check .``. Each runs as the virtual
environment's own executable, next to the Python running the tests; a failure shows what the tool printed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    tool = BIN / command[0]
    if not tool.exists():
        pytest.fail(f"{tool} is missing: install the test extras (pip install -e '.[test]')")
    return subprocess.run([str(tool), *command[1:]], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_mypy_finds_no_error_in_refapp():
    done = _run("mypy")  # files, strictness and plugins: [tool.mypy] in pyproject.toml
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout


def test_ruff_finds_nothing_to_fix():
    done = _run("ruff", "check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_code_is_formatted():
    done = _run("ruff", "format", "--check", ".")
    assert done.returncode == 0, done.stdout + done.stderr
