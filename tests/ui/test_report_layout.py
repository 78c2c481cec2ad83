"""The incident's paper (statements, sign-off, the report button) and the report page fit every screen the app is
checked at, in English and in French (``tests/ui/layout.py``): a statement and a sign-off recorded and listed, a
statement being typed; the report page of an incident and of the tournament, with the file it wrote named."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tests.ui.conftest import scroll_to
from tests.ui.layout import SIZE_IDS, SIZES
from tests.ui.test_desk_layout import LANGS, _history, render, windows  # noqa: F401 - (the fixture)


def _paper(window, typed: bool) -> None:
    _history(window, "detail")
    view = window.history
    row = view.shown_row
    desk = window.controller.history
    if not desk.incident_notes(row).statements:  # once for the module's window
        desk.add_statement(row, row["player"], "Je n’ai pas entendu la sonnerie, mon téléphone était éteint. " * 3)
        desk.sign_off(row, "Marie-Hélène Duval", pin=False)
        view.open_detail(row)
    paper = view.paper
    if typed:
        paper.players.buttons[row["player"]].setChecked(True)
        paper.text.setPlainText("The phone rang in my bag; I did not answer it.")
    QApplication.processEvents()
    scroll_to(paper.report_button)


def _report(window, kind: str) -> None:
    _history(window, "detail")
    view = window.history
    view.reporting.open_report(kind)
    page = view.report_page
    page.say("Report written: " + str(window.controller.data_dir / "reports" / "tournament-Championnat-de-France.pdf"))


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("what", ["paper", "typing", "incident_report", "tournament_report"])
def test_paper_and_report_page_fit(qapp, windows, what, lang, size):  # noqa: F811 - the fixture
    window = windows("played")
    show = {
        "paper": lambda: _paper(window, typed=False),
        "typing": lambda: _paper(window, typed=True),
        "incident_report": lambda: _report(window, "incident"),
        "tournament_report": lambda: _report(window, "tournament"),
    }[what]
    assert render(qapp, window, lang, size, show) == []
    view = window.history
    if what in ("paper", "typing"):
        assert view.pages.currentWidget() is view.detail_page
        assert view.paper.signed.isVisible() and view.paper.report_button.isVisible()
    else:
        assert view.pages.currentWidget() is view.report_page
        assert view.report_page.save_button.isEnabled() and view.report_page.message.isVisible()
