"""The PDF writer's pages (refapp.ui.report.pdf): a part longer than a page runs onto the next with every line
printed once (none cut by the page and printed again on the next), a section's heading never stays alone at the
bottom of a page, every page has the running head and "Page n of N", and the report's language leaves the app's as
it was (no retranslation of its windows)."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QLocale
from PySide6.QtWidgets import QApplication, QWidget

from refapp.app import install_translators
from refapp.ui.report import report_language
from refapp.ui.report.content import heading
from refapp.ui.report.pdf import Prepared, _paint
from tests.pdftext import pdf_text


def _pdf(tmp_path: Path, parts: list[str]) -> tuple[str, int]:
    pdf = _paint(Prepared(parts, "Incident report", "Paris Riichi Open", "refapp · printed now", "Page %1 of %2"))
    path = tmp_path / "t.pdf"
    path.write_bytes(pdf.data)
    return pdf_text(path), pdf.pages


def test_a_long_part_runs_over_pages_each_line_once(qapp, tmp_path):
    lines = [f"Line {i:03d} of the statement" for i in range(180)]
    text, pages = _pdf(tmp_path, ["<html><body>" + "".join(f"<p>{t}</p>" for t in lines) + "</body></html>"])
    assert pages >= 3
    found = re.findall(r"Line \d{3} of the statement", text)
    assert found == lines  # each once, in order: no line cut by a page and printed again on the next
    for n in range(1, pages + 1):
        assert f"Page {n} of {pages}" in text
    assert text.count("Incident report") == pages and text.count("Paris Riichi Open") == pages


def test_a_heading_starts_on_the_page_of_what_follows_it(qapp, tmp_path):
    for filler in range(40, 60):  # the heading lands near the bottom of the first page for some of these
        before = "".join(f"<p>Filler {i}</p>" for i in range(filler))
        html = f"<html><body>{before}{heading('Head referee')}<p>Signed by Marie.</p></body></html>"
        text, _pages = _pdf(tmp_path, [html])
        pages = text.split("\f")
        where_heading = next(i for i, p in enumerate(pages) if "Head referee" in p)
        where_text = next(i for i, p in enumerate(pages) if "Signed by Marie." in p)
        assert where_heading == where_text, f"{filler} lines before: the heading alone at the bottom of a page"


def test_parts_start_on_new_pages_and_are_numbered_across(qapp, tmp_path):
    parts = [f"<html><body><p>Part {k}</p></body></html>" for k in range(3)]
    text, pages = _pdf(tmp_path, parts)
    assert pages == 3
    for k, page in enumerate(text.split("\f")[:3]):
        assert f"Part {k}" in page and f"Page {k + 1} of 3" in page


class _Window(QWidget):
    """A window that counts the language changes it is told about (each would re-translate a page)."""

    def __init__(self):
        super().__init__()
        self.changes = 0

    def changeEvent(self, event):  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.changes += 1
        super().changeEvent(event)


def test_the_report_language_is_installed_only_while_writing(qapp):
    install_translators(qapp, "en")
    window = _Window()
    window.show()
    QApplication.processEvents()
    window.changes = 0
    with report_language("fr"):
        assert QCoreApplication.translate("ReportTexts", "Incident report") == "Rapport d’incident"
        assert QLocale().language() == QLocale.Language.French
    QApplication.processEvents()
    assert QCoreApplication.translate("ReportTexts", "Incident report") == "Incident report"
    assert QLocale().language() == QLocale.Language.English
    assert window.changes == 0  # the app's windows were never told to re-translate
    install_translators(qapp, "fr")  # (as Setup's language choice does: the window is told)
    QApplication.processEvents()
    assert window.changes >= 1
    install_translators(qapp, "en")
    window.close()


def test_an_incident_set_aside_by_a_conflict_says_so_in_both_languages(qapp):
    from datetime import datetime

    from refapp.store.history_detail import VoidInfo
    from refapp.ui.history.entry import void_text

    at = "2026-11-22T10:43:00+01:00"
    shown = datetime.fromisoformat(at).astimezone().strftime("%d/%m/%Y %H:%M")
    aside = VoidInfo(at=at, by="Head referee", reason="the table was handed over to C", set_aside=True)
    with report_language("en"):
        assert void_text(aside) == (
            f"SET ASIDE on {shown} by Head referee (a conflict between devices): the table was handed over to C"
        )
        assert void_text(VoidInfo(at=at, by="Marie", reason="wrong seat")) == f"VOIDED on {shown} by Marie: wrong seat"
    with report_language("fr"):
        assert void_text(aside) == (
            f"MIS DE CÔTÉ le {shown} par Head referee (un conflit entre appareils)\u00a0: the table was handed over to C"
        )
