"""The README keeps exactly two set-up commands, and CI runs the same test command."""

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent


def _commands():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, re.S)


def test_readme_has_exactly_two_setup_commands():
    cmds = _commands()
    assert len(cmds) == 2
    assert cmds[0].strip().endswith(".venv/bin/refapp")
    assert cmds[1].strip().endswith(".venv/bin/python -m pytest")


def test_ci_runs_the_readme_test_command():
    test_cmd = _commands()[1].strip().rsplit("&& ", 1)[1]
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test_cmd in ci  # the very command, on a line of its own
    # the libraries the README installs for the tests are the ones CI installs
    readme_pkgs = set(_commands()[1].split("install -y", 1)[1].split("&&", 1)[0].split())
    ci_pkgs = set(next(line for line in ci if line.startswith("PKGS=")).split("=", 1)[1].strip('"').split())
    assert readme_pkgs == ci_pkgs
