"""`refapp` with no command starts the board; its arguments are read without building every command's parser, and
whatever else is given (a command, --help, --version, a mistake) is answered by the whole parser as before."""

from __future__ import annotations

import pytest

from refapp import __version__
from refapp.cli import board_arguments, build_parser, main


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--data-dir", "/tmp/tablet"],
        ["--data-dir=/tmp/tablet", "--log", "log.json"],
        ["--data-dir", "verify"],  # a folder named like a command is still a folder
        ["--quit-after", "2.5"],
        ["--data", "/tmp/tablet"],  # an abbreviation argparse accepts
    ],
)
def test_a_start_of_the_board_reads_what_the_whole_parser_reads(argv: list[str]) -> None:
    quick = board_arguments(argv)
    whole = build_parser().parse_args(argv)
    assert quick is not None
    for name in ("data_dir", "log", "quit_after"):
        assert getattr(quick, name) == getattr(whole, name)
    assert getattr(whole, "func", None) is None  # the whole parser also starts the board


@pytest.mark.parametrize(
    "argv",
    [
        ["verify"],
        ["--data-dir", "/tmp/tablet", "history", "list"],
        ["gui", "--log", "log.json"],
        ["--help"],
        ["-h"],
        ["--version"],
        ["--quit-after", "soon"],
        ["--data-dir"],
        ["--colour", "red"],
    ],
)
def test_anything_else_goes_to_the_whole_parser(argv: list[str]) -> None:
    assert board_arguments(argv) is None


def test_the_whole_parser_still_answers_a_mistake_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--quit-after", "soon"])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.count("\n") == 1
    assert "--quit-after" in err and "'soon'" in err


def test_the_version_and_the_commands_are_still_listed(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0 and capsys.readouterr().out.strip() == f"refapp {__version__}"
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in ("replay", "verify", "history", "rulesets", "standings", "device"):
        assert command in out
