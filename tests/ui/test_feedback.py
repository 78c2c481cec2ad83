"""What was recorded is said where the eye is: on every page that confirms something (a statement, a sign-off, a
report written, a roster read, the settings saved, the session clock set), the confirmation shows right under the
button that was tapped, scrolled into view with it at each of the four sizes, in a bar whose words keep their padding
from its edges and whose edges keep off the window's."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QLabel, QWidget

from tests.ui.layout import SIZE_IDS, SIZES, settle

PAD = 8  # the theme's padding of a message bar (px): words never touch its edges


def _rect(w: QWidget, window: QWidget) -> QRect:
    return QRect(w.mapTo(window, QPoint(0, 0)), w.size())


def _in_view(w: QWidget, window: QWidget) -> bool:
    """The whole of ``w`` is on screen: inside the window and inside the viewport of every scroll area holding it."""
    rect = _rect(w, window)
    if not window.rect().contains(rect):
        return False
    parent = w.parentWidget()
    while parent is not None and parent is not window:
        if isinstance(parent, QAbstractScrollArea) and not _rect(parent.viewport(), window).contains(rect):
            return False
        parent = parent.parentWidget()
    return True


def said_at(page: QWidget, button: QWidget, window: QWidget, text: str) -> None:
    """A label of ``page`` says ``text``, in view, right under ``button`` (also in view), its words padded, its bar off
    the window's edges."""
    QApplication.processEvents()
    saying = [lab for lab in page.findChildren(QLabel) if lab.isVisible() and lab.text() == text]
    assert len(saying) == 1, f"{text!r} is said {len(saying)} times"
    message = saying[0]
    assert _in_view(message, window), f"{text!r} is out of view at {window.width()}×{window.height()}"
    assert _in_view(button, window), f"{button.objectName()} scrolled out of view"
    gap = _rect(message, window).top() - _rect(button, window).bottom()
    assert 0 <= gap <= 24, f"{text!r} is {gap} px from its button: not where the eye is"
    m = message.contentsMargins()
    assert min(m.left(), m.top(), m.right(), m.bottom()) >= PAD, f"{text!r} touches its bar's edges: {m}"
    rect = _rect(message, window)
    assert rect.left() >= PAD and window.width() - rect.right() > PAD, f"{text!r}'s bar touches the window's edge"


def _penalty_incident(referee):
    referee.ruling(2, "point_penalty", {"reason": "conduct", "amount": 2000})
    referee.tap(referee.window.ruling.preview_panel.confirm_button)
    w = referee.window
    referee.tap(w.nav["history"])
    view = w.history
    view.open_detail(next(r for r in view.model.rows if r.get("offence") == "point_penalty"))
    QApplication.processEvents()
    return view


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_statement_recorded_and_a_signoff_are_said_under_their_buttons_in_view(referee, qtbot, size):
    w = referee.window
    referee.qtbot.wait(20)  # the window's first layout settles (the setup page's last rule sets are below the fold)
    referee.setup_table("ema-2016")
    w.resize(*size)
    paper = _penalty_incident(referee).paper
    referee.tap(paper.players.buttons["Cyd"])
    paper.text.setFocus()
    qtbot.keyClicks(paper.text, "My phone was off.")
    referee.tap(paper.record_button)
    assert paper.text.toPlainText() == ""  # the box empties: what was recorded is said under its button
    said_at(paper, paper.record_button, w, "Recorded: the statement of Cyd.")

    referee.type_into(paper.name, "Marie")
    referee.tap(paper.sign_button)
    said_at(paper, paper.sign_button, w, "Signed off by Marie.")
    assert not [lab for lab in paper.findChildren(QLabel) if lab.isVisible() and lab.text().startswith("Recorded")]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_report_written_is_said_under_its_button_in_view(referee, size):
    w = referee.window
    referee.qtbot.wait(20)  # the window's first layout settles (the setup page's last rule sets are below the fold)
    referee.setup_table("ema-2016")
    w.resize(*size)
    view = _penalty_incident(referee)
    referee.tap(view.paper.report_button)
    page = view.report_page
    referee.tap(page.language.buttons["en"])
    referee.tap(page.save_button)
    referee.qtbot.waitUntil(lambda: page.message.text().startswith("Report written: "), timeout=20_000)
    settle()
    said_at(page, page.save_button, w, page.message.text())


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_roster_read_is_said_under_its_button_in_view(referee, tmp_path, size):
    w = referee.window
    w.resize(*size)
    s = w.setup
    roster = tmp_path / "roster.csv"
    roster.write_text("name\nAnn\nBob\nCyd\nDan\nEve\n", encoding="utf-8")
    s.area.verticalScrollBar().setValue(0)  # the referee is at the top of the page; the button is further down
    assert s.load_roster(roster)
    said_at(s, s.roster_button, w, "5 players imported.")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_settings_saved_and_the_session_clock_set_are_said_above_their_buttons(referee, size):
    w = referee.window
    referee.qtbot.wait(20)  # the window's first layout settles (the setup page's last rule sets are below the fold)
    referee.setup_table("ema-2016")
    w.resize(*size)
    referee.tap(w.nav["setup"])
    s = w.setup
    referee.tap(s.save_button)
    message = s.message
    assert message.isVisible() and message.text() == "Settings saved."
    # the bar sits just above the button row, which never scrolls: in view, padded, off the window's edges
    gap = _rect(s.save_button, w).top() - _rect(message, w).bottom()
    assert 0 <= gap <= 24 and _in_view(message, w)
    assert message.contentsMargins().left() >= PAD and _rect(message, w).left() >= PAD

    referee.tap(s.clock_button)
    page = w.clock_page
    page.show_part("session")
    referee.tap(page.set_button)
    message = page.message
    assert message.isVisible() and message.text().startswith("Session 1 set: ")
    gap = _rect(page.set_button, w).top() - _rect(message, w).bottom()
    assert 0 <= gap <= 24 and _in_view(message, w)
    assert message.contentsMargins().left() >= PAD and _rect(message, w).left() >= PAD


def test_a_bar_turned_red_then_green_keeps_its_padding(referee, tmp_path):
    """The role a bar starts with is not the last: its words keep their padding through every change."""
    s = referee.window.setup
    bad = tmp_path / "bad.csv"
    bad.write_text("nom_complet\nAnn\n", encoding="utf-8")
    assert not s.load_roster(bad)
    status = s.players_section.roster_status
    assert status.property("role") == "error" and status.contentsMargins().left() >= PAD
    good = tmp_path / "good.csv"
    good.write_text("name\nAnn\n", encoding="utf-8")
    assert s.load_roster(good)
    assert status.property("role") == "info" and status.contentsMargins().left() >= PAD
