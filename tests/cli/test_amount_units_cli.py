"""One unit for every amount on the command line (issue 29, problem 1): under WRC 2015 (1 point = 1,000 table points)
a chonbo (20 points) and a 10-point penalty are said in points by `refapp history`, `refapp records`, `refapp
report` (the PDF), `refapp export` (both CSVs) and `refapp standings`, as the app says them; under EMA 2016 the
amounts stay in table points, as they were."""

from __future__ import annotations

import csv
import io
import re

import pytest

from refapp.cli import main
from tests.logs import end, ev, start
from tests.pdftext import pdf_text
from tests.standings_data import store_of


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err
    return out


def _tournament(folder, ruleset: str, penalty: int):
    """Bob (seat 1) an invalid win with the hand revealed (a chombo), Cyd (seat 2) a point penalty for bad conduct
    of ``penalty`` table points (as the app stores the 10 points a WRC referee taps), then the hanchan ends."""
    log = [
        start(ruleset),
        ev("incident", seat=1, offence="invalid_win_revealed", answers={"simultaneous_win": False}),
        ev("incident", seat=2, offence="point_penalty", answers={"reason": "conduct", "amount": penalty}),
        end(),
    ]
    store_of(folder, "Open 2026", [log]).close()
    return folder


@pytest.fixture
def wrc(tmp_path, qapp):  # (qapp: `refapp report` writes with the tests' QApplication, never a QGuiApplication)
    return _tournament(tmp_path / "wrc", "wrc-2015", 10_000)


@pytest.fixture
def ema(tmp_path, qapp):
    return _tournament(tmp_path / "ema", "ema-2016", 2_000)


def _pdf(capsys, folder, tmp_path) -> str:
    path = tmp_path / f"{folder.name}.pdf"
    run(capsys, "--data-dir", folder, "report", "--lang", "en", "-o", path)
    return re.sub(r"\s+", " ", pdf_text(path, layout=False))


def test_wrc_amounts_are_points_in_every_command(wrc, tmp_path, capsys):
    history = run(capsys, "--data-dir", wrc, "history")
    assert re.search(r"invalid_win_revealed\s+chombo 20 points", history), history
    assert re.search(r"point_penalty\s+point penalty 10 points", history), history
    records = run(capsys, "--data-dir", wrc, "records", "--player", "Bob")
    assert "chombo 20 points" in records and "20,000" not in records, records
    pdf = _pdf(capsys, wrc, tmp_path)
    assert "Chonbo 20 points" in pdf and "Point penalty 10 points" in pdf  # the summary
    assert "Chonbo — 20 points from the overall score" in pdf and "Penalty (points): 10" in pdf
    assert "20,000" not in pdf and "10,000" not in pdf
    incidents = {r["offence"]: r for r in csv.DictReader(io.StringIO(run(capsys, "--data-dir", wrc, "export",
                                                                           "--format", "csv", "-o", "-")))}  # fmt: skip
    assert (incidents["invalid_win_revealed"]["amount (points)"], incidents["point_penalty"]["amount (points)"]) == (
        "20", "10"
    )  # fmt: skip
    assert incidents["point_penalty"]["answers"] == "amount=10 points; reason=conduct"
    results = {r["player"]: r for r in csv.DictReader(io.StringIO(run(capsys, "--data-dir", wrc, "export", "--format",
                                                                       "results", "-o", "-")))}  # fmt: skip
    # all four at 30,000: uma shared 0 each; Bob and Cyd lose their penalties in points
    assert (results["Bob"]["penalties (points)"], results["Bob"]["result (points)"]) == ("20", "-20")
    assert (results["Cyd"]["penalties (points)"], results["Cyd"]["result (points)"]) == ("10", "-10")
    standings = run(capsys, "--data-dir", wrc, "standings")
    assert "amounts in points of 1,000 table points" in standings
    assert re.search(r"Bob\s+1\s+0\s+0\s+20\s+-20", standings), standings


def test_ema_amounts_stay_table_points_in_every_command(ema, tmp_path, capsys):
    history = run(capsys, "--data-dir", ema, "history")
    assert re.search(r"invalid_win_revealed\s+chombo 20,000\s", history), history
    assert re.search(r"point_penalty\s+point penalty 2,000\s", history), history
    records = run(capsys, "--data-dir", ema, "records", "--player", "Cyd")
    assert "point penalty 2,000" in records and " points" not in records, records
    pdf = _pdf(capsys, ema, tmp_path)
    assert "Chombo — 20,000 from the hanchan result, after uma" in pdf and "Point penalty — 2,000 (table score)" in pdf
    assert "(points)" not in pdf
    incidents = {r["offence"]: r for r in csv.DictReader(io.StringIO(run(capsys, "--data-dir", ema, "export",
                                                                           "--format", "csv", "-o", "-")))}  # fmt: skip
    assert incidents["point_penalty"]["amount (table points)"] == "2000"
    assert incidents["point_penalty"]["answers"] == "amount=2000; reason=conduct"
    results = {r["player"]: r for r in csv.DictReader(io.StringIO(run(capsys, "--data-dir", ema, "export", "--format",
                                                                       "results", "-o", "-")))}  # fmt: skip
    # Cyd's 2,000 came off his table score: he is 4th; Ann, Bob and Dan share 15,000 + 5,000 - 5,000 of uma
    assert (results["Bob"]["penalties (table points)"], results["Bob"]["result (table points)"]) == ("20000", "-15000")
