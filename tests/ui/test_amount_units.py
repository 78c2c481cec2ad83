"""One unit for every amount (issue 29, problem 1): under WRC (1 point = 1,000 table points) a chonbo and a 10-point
penalty entered by taps are said as 20 and 10 *points* on every screen that shows them — the preview, the board's
message and seat, History's row and detail, Results (this hanchan and the tournament), the Players tab, the PDF
report — and in the CSV export and ``refapp history``; under EMA (1 point = 1 table point) nothing changes."""

from __future__ import annotations

import csv
import io
import re

from PySide6.QtCore import QSize
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QLabel, QStyleOptionViewItem

from refapp.app import install_translators
from refapp.cli import main
from refapp.store.exports import export_incidents_csv
from tests.pdftext import pdf_text
from tests.ui.conftest import Referee


def _confirm(referee: Referee) -> str:
    """Confirm the preview; the board's message after it."""
    w = referee.window
    referee.tap(w.ruling.preview_panel.confirm_button)
    assert w.pages.currentWidget() is w.board
    return w.notice.message.text()


def _preview_words(referee: Referee) -> str:
    pp = referee.window.ruling.preview_panel
    cells = [lab.text() for lab in pp.findChildren(QLabel) if lab.isVisibleTo(pp)]
    return "\n".join(cells)


def _history_rows(referee: Referee) -> list[str]:
    w = referee.window
    w.show_history()
    QApplication.processEvents()
    view = w.history
    return [" | ".join(view.model.data(view.model.index(i, 0)).split("\n")) for i in range(view.model.rowCount())]


def _history_detail(referee: Referee, offence: str) -> str:
    w = referee.window
    w.show_history()
    view = w.history
    row = next(r for r in view.model.rows if r.get("offence") == offence)
    view.open_detail(row)
    QApplication.processEvents()
    page = view.detail_page
    texts = [lab.text() for lab in page.findChildren(QLabel) if lab.isVisibleTo(page)]
    return "\n".join(texts + [" | ".join(r) for r in view.transfer_texts()])


def _results(referee: Referee, scope: str) -> list[list[str]]:
    w = referee.window
    w.show_results()
    view = w.results
    view.show_scope(scope)
    QApplication.processEvents()
    if scope != "hanchan":
        referee.qtbot.waitUntil(lambda: not view.tournament.busy, timeout=20_000)  # worked out in a worker
    return view.table_texts() if scope == "hanchan" else view.tournament.table_texts()


def _players_tab(referee: Referee, name: str) -> str:
    w = referee.window
    w.show_tables("players")
    page = w._page("venue")
    players = page.players
    if players.detail.isVisible():
        referee.tap(players.back)
    row = next(r for r in players.grid.items if r.record.player == name)
    referee.tap(row)
    return "\n".join(card.words() for card in players.detail.cards)


def _pdf(referee: Referee, tmp_path) -> str:
    written: list[object] = []
    referee.controller.write_report("en", None, lambda path, problem: written.append(path or problem))
    referee.qtbot.waitUntil(lambda: bool(written), timeout=20_000)  # painted and written in a worker
    return re.sub(r"\s+", " ", pdf_text(written[0], layout=False))


def _csv(referee: Referee) -> list[dict[str, str]]:
    out = io.StringIO()
    export_incidents_csv(referee.controller.session.store, out)
    return list(csv.DictReader(io.StringIO(out.getvalue())))


def _cli_history(referee: Referee, capsys) -> list[str]:
    assert main(["--data-dir", str(referee.data_dir), "history"]) == 0
    return capsys.readouterr().out.splitlines()


def _chombo_and_penalty(referee: Referee, ruleset: str, chombo: str, penalty: int) -> tuple[str, str, str, str]:
    """Bob (seat 1) a chombo, Cyd (seat 2) a point penalty, both by taps: the previews' and the messages' words."""
    referee.setup_table(ruleset)
    referee.ruling(1, chombo)
    chombo_preview = _preview_words(referee)
    chombo_message = _confirm(referee)
    referee.ruling(2, "point_penalty", {"reason": "conduct", "amount": penalty})
    penalty_preview = _preview_words(referee)
    penalty_message = _confirm(referee)
    return chombo_preview, chombo_message, penalty_preview, penalty_message


def test_wrc_a_chonbo_and_a_penalty_are_points_on_every_screen_export_and_command(referee, tmp_path, capsys):
    chombo_preview, chombo_message, penalty_preview, penalty_message = _chombo_and_penalty(
        referee, "wrc-2015", "invalid_win_revealed", 10
    )
    # the preview: the sentence and the table's overall column say points
    assert "Bob loses 20 points from the overall score" in chombo_preview
    assert "Overall change (points)" in chombo_preview and "\u221220" in chombo_preview.split("\n")
    assert "Point penalty — 10 points (overall score)" in penalty_preview
    assert "20,000" not in chombo_preview and "10,000" not in penalty_preview
    # the board: the message names the amount, the seats their overall score in points
    assert chombo_message.endswith("— 20 points"), chombo_message
    assert penalty_message.endswith("— 10 points"), penalty_message
    seats = referee.seats()
    assert seats[1][2:4] == ("30,000", "Overall \u221220 points")
    assert seats[2][2:4] == ("30,000", "Overall \u221210 points")
    # History: the rows and the details
    rows = _history_rows(referee)
    assert any(r.endswith("Chonbo 20 points") for r in rows), rows
    assert any(r.endswith("Point penalty 10 points") for r in rows), rows
    chombo_detail = _history_detail(referee, "invalid_win_revealed")
    assert "Chonbo — 20 points from the overall score" in chombo_detail
    assert "Bob | 0 | \u221220" in chombo_detail and "Overall score (points)" in chombo_detail
    penalty_detail = _history_detail(referee, "point_penalty")
    assert "Point penalty — 10 points (overall score)" in penalty_detail
    assert "Cyd | 0 | \u221210" in penalty_detail
    for text in (chombo_detail, penalty_detail, "\n".join(rows)):
        assert "20,000" not in text and "10,000" not in text
    # Results: this hanchan's overall column in points, and the tournament's standings
    hanchan = _results(referee, "hanchan")
    assert hanchan[0] == ["Rank", "Player", "Wind", "Table score", "Overall (points)"]
    assert {r[1]: r[4] for r in hanchan[1:]} == {"Ann": "0", "Bob": "\u221220", "Cyd": "\u221210", "Dan": "0"}
    tournament = _results(referee, "tournament")
    assert tournament[0][-1] == "Total (points)", tournament[0]
    assert {r[1].split("\n")[0]: r[-1] for r in tournament[1:]}["Bob"] == "\u221220"
    # the Players tab: Bob's incident and Cyd's
    bob, cyd = _players_tab(referee, "Bob"), _players_tab(referee, "Cyd")
    assert "Invalid win, hand revealed: Chonbo 20 points" in bob and "Point penalty: Point penalty 10 points" in cyd
    assert "20,000" not in bob and "10,000" not in cyd
    # the PDF report
    pdf = _pdf(referee, tmp_path)
    assert "Chonbo 20 points" in pdf and "Point penalty 10 points" in pdf, pdf  # the summary's rows
    assert "Chonbo — 20 points from the overall score" in pdf and "Point penalty — 10 points (overall score)" in pdf
    assert "Overall score (points) 1 East Ann Dealer 0 0 2 South Bob Offender 0 \u221220" in pdf
    assert "20,000" not in pdf and "10,000" not in pdf
    # the CSV export: the amount in the column of its unit
    rows_csv = {r["offence"]: r for r in _csv(referee)}
    assert rows_csv["invalid_win_revealed"]["amount (points)"] == "20"
    assert rows_csv["point_penalty"]["amount (points)"] == "10"
    assert rows_csv["point_penalty"]["amount (table points)"] == ""
    # refapp history
    lines = _cli_history(referee, capsys)
    assert any("chombo 20 points" in line for line in lines), lines
    assert any("point penalty 10 points" in line for line in lines), lines


def test_ema_amounts_stay_in_table_points(referee, tmp_path, capsys):
    """EMA 2016: a chombo is 20,000 off the hanchan result after uma, a penalty 2,000 off the table score: both in
    table points, as before, and never called "points" of another unit."""
    chombo_preview, chombo_message, penalty_preview, penalty_message = _chombo_and_penalty(
        referee, "ema-2016", "invalid_win_revealed", 2000
    )
    assert "Bob loses 20,000 from the hanchan result, after uma" in chombo_preview
    assert "Point penalty — 2,000 (table score)" in penalty_preview and "(points)" not in penalty_preview
    assert chombo_message.endswith("— 20,000"), chombo_message
    assert penalty_message.endswith("— 2,000"), penalty_message
    assert referee.seats()[2][2:4] == ("28,000", "Overall 0")
    rows = _history_rows(referee)
    assert any(r.endswith("Point penalty 2,000") for r in rows), rows
    assert "Point penalty — 2,000 (table score)" in _history_detail(referee, "point_penalty")
    hanchan = _results(referee, "hanchan")
    assert hanchan[0] == ["Rank", "Player", "Wind", "Table score", "Overall"]
    assert {r[1]: r[3] for r in hanchan[1:]}["Cyd"] == "28,000"
    assert "Point penalty: Point penalty 2,000" in _players_tab(referee, "Cyd")
    pdf = _pdf(referee, tmp_path)
    assert "Point penalty — 2,000 (table score)" in pdf and "Chombo — 20,000 from the hanchan result" in pdf
    assert "2,000 points left the table (given to nobody)." in pdf  # table points: the only ones under EMA
    assert "(points)" not in pdf and not re.search(r"\d points(?! left the table)", pdf), pdf
    rows_csv = {r["offence"]: r for r in _csv(referee)}
    assert rows_csv["point_penalty"]["amount (table points)"] == "2000"
    assert rows_csv["invalid_win_revealed"]["amount (table points)"] == "20000"
    lines = _cli_history(referee, capsys)
    assert any("point penalty 2,000" in line for line in lines), lines


class _Recorder(QPainter):
    """A painter that keeps the texts drawn (the history's rows are painted by a delegate, not made of labels)."""

    def __init__(self, device: QImage):
        super().__init__(device)
        self.texts: list[str] = []

    def drawText(self, *args) -> None:  # noqa: N802 - Qt override
        self.texts.append(str(args[-1]))
        super().drawText(*args)


def test_a_history_row_keeps_the_players_name_beside_the_amount_in_portrait_french(referee):
    """The ruling's amount makes the ruling longer ("Chonbo 20 points"): where the title and the ruling do not fit on
    one line (800 pixels wide, in French), the ruling goes under the title, and neither the player's name nor the
    amount is cut."""
    referee.setup_table("wrc-2015", players=("Ann Lefevre", "Bob Martin", "Chloe Dubois", "Daniel Wu"))
    referee.ruling(1, "invalid_win_revealed")
    _confirm(referee)
    w = referee.window
    install_translators(QApplication.instance(), "fr")
    try:
        w.resize(800, 1280)
        w.show_history()
        QApplication.processEvents()
        view = w.history.list
        index = view.model().index(0, 0)
        option = QStyleOptionViewItem()
        option.rect = view.visualRect(index)
        option.font = view.font()
        option.palette = view.palette()
        image = QImage(option.rect.size() + QSize(option.rect.x(), option.rect.y()), QImage.Format.Format_ARGB32)
        painter = _Recorder(image)
        view.itemDelegate().paint(painter, option, index)
        painter.end()
    finally:
        install_translators(QApplication.instance(), "en")
    assert "Déclaration vide de victoire, main révélée — Bob Martin" in painter.texts, painter.texts
    assert "Chonbo 20 points" in painter.texts, painter.texts
