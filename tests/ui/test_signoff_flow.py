"""The head referee's paper, driven as on the tablet: History → an incident → a player's statement typed on the
keyboard, the sign-off with the tablet's referee PIN (a wrong PIN signs nothing), and the incident's report written
as a PDF whose text (``pdftotext``) shows the statement and the sign-off; then the tournament's report."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from refapp.store import reports
from refapp.store.verify import verify
from tests.pdftext import pdf_text
from tests.ui.conftest import pin_keys

PIN = "2468"


def _penalty(referee) -> dict:
    """A point penalty on Cyd (seat 2), with a note, ruled through the palette and confirmed."""
    referee.ruling(2, "point_penalty", {"reason": "conduct", "amount": 2000}, note="Phone rang twice")
    referee.tap(referee.window.ruling.preview_panel.confirm_button)
    assert referee.window.pages.currentWidget() is referee.window.board


def _open_incident(referee):
    w = referee.window
    referee.tap(w.nav["history"])
    view = w.history
    rows = [r for r in view.model.rows if r.get("offence") == "point_penalty"]
    assert len(rows) == 1
    view.open_detail(rows[0])
    QApplication.processEvents()
    assert view.pages.currentWidget() is view.detail_page
    return view, rows[0]


def test_statement_then_signoff_with_the_pin_then_the_report_shows_both(referee, qtbot, tmp_path):
    dialogs = referee.dialogs
    dialogs.on_pin(lambda d: pin_keys(qtbot, d, PIN))  # unlock for the ruling
    referee.setup_table("ema-2016", pin=PIN, referee="Sylvie")
    _penalty(referee)
    c = referee.controller
    assert c.modes.mode.name == "TABLE"  # back in table mode after the ruling

    view, row = _open_incident(referee)
    paper = view.paper
    assert paper.signed.text() == "Not signed."
    assert paper.statements.text() == "No statement was recorded."
    assert [b.text() for b in paper.players.buttons.values()] == ["Ann", "Bob", "Cyd", "Dan"]

    # a statement: the player, the text typed on the laptop keyboard; table mode asks the PIN first
    referee.tap(paper.players.buttons["Cyd"])
    assert not paper.record_button.isEnabled()  # no text yet
    paper.text.setFocus()
    qtbot.keyClicks(paper.text, "My phone was off.")
    assert paper.record_button.isEnabled()
    dialogs.on_pin(lambda d: pin_keys(qtbot, d, PIN))
    referee.tap(paper.record_button)
    assert "Cyd, recorded by Sylvie on" in paper.statements.text()
    assert paper.statements.text().endswith("My phone was off.")
    assert paper.text.toPlainText() == ""
    assert c.modes.mode.name == "TABLE"  # a referee action: table mode again

    # the sign-off: the head referee's name, then the PIN; a wrong PIN signs nothing
    assert paper.name.text() == "Sylvie"  # offered: this tablet's referee
    referee.type_into(paper.name, "Marie Head")
    before = len(dialogs.seen)
    dialogs.on_pin(lambda d: pin_keys(qtbot, d, "1111"))  # wrong, and the pad is then cancelled
    referee.tap(paper.sign_button)
    pad = dialogs.seen[before]
    assert pad.prompt.text() == "Wrong PIN. Try again."
    assert paper.signed.text() == "Not signed."
    assert paper.message.text() == "Not signed: the PIN was not given."
    assert c.settings.pin_failures == 1  # counted towards the lockout, as an unlock would be
    store = c.session.store
    assert reports.notes_for(store, row["tournament_id"]).get(row["uuid"]) is not None  # the statement only
    assert reports.notes_for(store, row["tournament_id"])[row["uuid"]].signoffs == ()

    referee.clock.advance(60)
    prompts: list[str] = []
    dialogs.on_pin(lambda d: (prompts.append(d.prompt.text()), pin_keys(qtbot, d, PIN)))
    referee.tap(paper.sign_button)
    assert prompts == ["Marie Head: enter the referee PIN to sign this incident off"]
    assert paper.signed.text() == "Signed off by Marie Head on 22/11/2026 10:01."
    assert not paper.sign_button.isEnabled()  # signed, nothing new since
    assert c.modes.mode.name == "TABLE"  # the PIN signed; it did not unlock the tablet
    notes = reports.notes_for(store, row["tournament_id"])[row["uuid"]]
    assert [(s.by, s.pin) for s in notes.signoffs] == [("Marie Head", True)]
    assert [(s.player, s.text, s.by) for s in notes.statements] == [("Cyd", "My phone was off.", "Sylvie")]

    # the report of this incident, in French while the app speaks English
    referee.tap(paper.report_button)
    page = view.report_page
    assert view.pages.currentWidget() is page
    referee.tap(page.language.buttons["fr"])
    referee.tap(page.save_button)
    written = _written(referee, page)
    assert written.parent == referee.data_dir / "reports" and written.suffix == ".pdf"
    assert referee.window.nav["board"].text() == "Board"  # the app kept its language
    text = pdf_text(written)
    for expected in (
        "Rapport d’incident",
        "Points de pénalité — Cyd",
        "Déclaration de Cyd, enregistrée par Sylvie le 22/11/2026 10:00",
        "My phone was off.",
        "Visé par Marie Head le 22/11/2026 10:01, avec le code PIN d’arbitre de l’appareil signataire.",
        "Phone rang twice",
    ):
        assert expected in text, expected
    referee.tap(page.back_button)
    assert view.pages.currentWidget() is view.detail_page

    assert verify(store, c.rulesets).ok


def test_without_a_pin_the_signoff_is_recorded_and_says_so(referee, qtbot):
    referee.setup_table("ema-2016")  # "No PIN (club night)"
    _penalty(referee)
    view, row = _open_incident(referee)
    paper = view.paper
    referee.type_into(paper.name, "Marie")
    referee.tap(paper.sign_button)
    assert referee.dialogs.kinds() == []  # no PIN pad: the tablet has no PIN
    assert paper.signed.text() == "Signed off by Marie on 22/11/2026 10:00."
    notes = reports.notes_for(referee.controller.session.store, row["tournament_id"])[row["uuid"]]
    assert [(s.by, s.pin) for s in notes.signoffs] == [("Marie", False)]
    # the tournament's report, from the list page
    view.show_list()
    referee.tap(view.tournament_report_button)
    page = view.report_page
    referee.tap(page.language.buttons["en"])
    referee.tap(page.save_button)
    written = _written(referee, page)
    text = pdf_text(written)
    assert "Tournament incident report" in text and "Paris Riichi Open" in text
    assert "Signed off by Marie on 22/11/2026 10:00 (the signing device had no referee PIN)." in text
    assert "1 incident at 1 table, 0 voided, 1 signed off, 0 not signed" in text


def test_five_wrong_pins_lock_the_signoff_pad_as_they_lock_the_tablet(referee, qtbot):
    dialogs = referee.dialogs
    dialogs.on_pin(lambda d: pin_keys(qtbot, d, PIN))
    referee.setup_table("ema-2016", pin=PIN)
    _penalty(referee)
    view, row = _open_incident(referee)
    referee.type_into(view.paper.name, "Marie")
    seen: list[bool] = []

    def five_wrong(d) -> None:
        for _ in range(5):
            pin_keys(qtbot, d, "0000")
        seen.append(d.keys["0"].isEnabled())
        pin_keys(qtbot, d, PIN)  # ignored: the keys are off

    dialogs.on_pin(five_wrong)
    referee.tap(view.paper.sign_button)
    assert seen == [False]  # locked out, keys off
    assert referee.controller.locked_seconds() == 60
    assert view.paper.signed.text() == "Not signed."
    assert referee.controller.modes.mode.name == "TABLE"


def test_a_statement_with_tags_is_shown_and_printed_as_typed(referee, qtbot, tmp_path):
    from tests.ui.test_plain_text import check

    referee.setup_table("ema-2016")
    _penalty(referee)
    view, _row = _open_incident(referee)
    paper = view.paper
    typed = "<b>Not</b> my phone & <i>not</i> my bag"
    referee.tap(paper.players.buttons["Cyd"])
    paper.text.setPlainText(typed)
    referee.tap(paper.record_button)
    check(view, (typed,))
    referee.tap(paper.report_button)
    referee.tap(view.report_page.save_button)
    written = _written(referee, view.report_page)
    assert typed in " ".join(pdf_text(written).split())


def _written(referee, page) -> Path:
    """The report's file, once its pages were painted and written (in a worker: the page says so when done)."""
    referee.qtbot.waitUntil(lambda: page.message.text().startswith("Report written: "), timeout=20_000)
    return Path(page.message.text().removeprefix("Report written: "))
