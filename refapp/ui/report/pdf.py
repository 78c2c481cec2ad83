"""An incident report as a PDF, with Qt's own PDF writer: A4 pages, a running head (the report's title and the
tournament), a foot with the time it was printed and "Page 2 of 5", the body laid out by Qt's rich-text engine.

The report's language is chosen independently of the app's: :func:`report_language` installs the translators of
that language while the report is written (as ``refapp.app.install_translators`` does at start) and puts the app's
back afterwards. The language change is kept from the windows meanwhile, so an open app does not re-translate
itself twice for a report.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QEvent,
    QIODevice,
    QLocale,
    QMarginsF,
    QObject,
    QRectF,
    QSizeF,
    Qt,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QTextBlock,
    QTextDocument,
    QTextFormat,
    QTextTable,
)

from ...domain.rules import RuleSet
from ..common.languages import install_translators, installed, remove_translators
from ..history.format import time_text
from .content import ACCENT, MUTED, RESOLUTION, ReportTexts, report_parts

if TYPE_CHECKING:
    from ...core.types import Report

BODY_PT = 9


class _LanguageChangeKept(QObject):
    """Keeps the LanguageChange events of a report's translators from the app (its windows would re-translate)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        return event.type() == QEvent.Type.LanguageChange


@contextmanager
def report_language(language: str) -> Iterator[None]:
    """Translate into ``language`` (a code of :mod:`refapp.ui.common.languages`) inside the block; the app's language
    (or none) after it."""
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("a QGuiApplication is needed to write a report")
    previous = installed(app)
    locale = QLocale()
    keep = _LanguageChangeKept()
    app.installEventFilter(keep)
    try:
        install_translators(app, language)
        yield
    finally:
        if previous is not None:
            install_translators(app, previous)
        else:
            remove_translators(app)
        QLocale.setDefault(locale)
        app.removeEventFilter(keep)


def _font(points: float, bold: bool = False) -> QFont:
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.GeneralFont)
    font.setPointSizeF(points)
    font.setBold(bold)
    font.setFeature(QFont.Tag("liga"), 0)  # no "ﬀ" ligatures: the PDF's text reads (and searches) as written
    return font


@dataclass(frozen=True, slots=True)
class Pdf:
    data: bytes
    pages: int


@dataclass(frozen=True)
class Prepared:
    """A report's words, in its language, ready to be laid out and painted (in any thread: :func:`paint`)."""

    parts: list[str]
    title: str
    tournament: str
    foot: str
    page_of: str  # "Page %1 of %2" in the report's language


def prepare(
    report: Report, rulesets: Mapping[str, RuleSet], language: str, printed: datetime | None = None
) -> Prepared:
    """The report's words in ``language`` (a code of :mod:`refapp.ui.common.languages`). In the GUI thread: the language
    is switched for the time it takes."""
    with report_language(language):
        words = ReportTexts()
        title = words.title(report.whole)
        stamp = time_text((printed or datetime.now(UTC)).isoformat(timespec="seconds"), long=True)
        foot = QCoreApplication.translate("ReportTexts", "refapp · printed %1").replace("%1", stamp)
        page_of = QCoreApplication.translate("ReportTexts", "Page %1 of %2")
        return Prepared(report_parts(report, rulesets), title, report.tournament, foot, page_of)


def paint(prepared: Prepared) -> Pdf:
    """The PDF of a prepared report (laid out and painted here: a worker thread may do it)."""
    return _paint(prepared)


def render(report: Report, rulesets: Mapping[str, RuleSet], language: str, printed: datetime | None = None) -> Pdf:
    """The report as a PDF, written in ``language`` (a code of :mod:`refapp.ui.common.languages`)."""
    return paint(prepare(report, rulesets, language, printed))


def _paint(prepared: Prepared) -> Pdf:
    """Lay out each part (its own pages), then paint every page with the running head and "Page n of N"."""
    parts, title, tournament, foot = prepared.parts, prepared.title, prepared.tournament, prepared.foot
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageMargins(QMarginsF(16, 12, 16, 12), QPageLayout.Unit.Millimeter)
    writer.setResolution(RESOLUTION)
    writer.setTitle(f"{title} — {tournament}")
    writer.setCreator("refapp")
    page = writer.pageLayout().paintRectPixels(RESOLUTION)
    width, height = float(page.width()), float(page.height())
    mm = RESOLUTION / 25.4
    head_h, foot_h = 10 * mm, 8 * mm
    body = QRectF(0, head_h, width, height - head_h - foot_h)
    band = 2 * mm
    docs = [_layout(html, writer, body, band) for html in parts]
    pages = sum(doc.pageCount() for doc in docs)
    painter = QPainter(writer)
    number = 0
    try:
        for doc in docs:
            for n in range(doc.pageCount()):
                if number:
                    writer.newPage()
                number += 1
                _frame(painter, width, height, head_h, foot_h, title, tournament, foot, prepared.page_of, number, pages)
                painter.save()
                painter.translate(-band, head_h - n * body.height())
                doc.drawContents(painter, QRectF(0, n * body.height(), width + 2 * band, body.height()))
                painter.restore()
            doc.clear()  # (painted: its memory back before the next part)
    finally:
        painter.end()
    buffer.close()
    return Pdf(bytes(data.data()), pages)


def _layout(html: str, writer: QPdfWriter, body: QRectF, band: float) -> QTextDocument:
    """One part, laid out once on pages of the body's size. The document's margin is a band of white at the top and
    bottom of every page (Qt's pagination may let a line reach a few pixels past a page's bottom margin, never past
    the page: a line cut by the page would be printed twice); the page is wider by the side margins, which are
    painted into the page's own margin (:func:`_paint` shifts the part left)."""
    doc = QTextDocument()
    doc.documentLayout().setPaintDevice(writer)
    doc.setDefaultFont(_font(BODY_PT))
    doc.setDocumentMargin(band * 96 / RESOLUTION)  # (a document's margin is in CSS pixels, its page in the PDF's)
    doc.setPageSize(QSizeF(body.width() + 2 * band, body.height()))
    doc.setHtml(html)
    keep_with_next(doc, body.height())
    return doc


def keep_with_next(doc: QTextDocument, page_height: float) -> None:
    """A part marked ``<a name="keep">`` (a section's heading, the sign-off) starts on the page where what follows
    it starts. Marked parts that follow each other make one chain (the heading of the sign-off, its box, the lines to
    sign on): a page break goes before the chain's first part when the chain and what follows it do not start on
    one page. Repeated until nothing moves (each break moves what follows)."""
    layout = doc.documentLayout()
    for _ in range(500):
        tables = [f for f in doc.rootFrame().childFrames() if isinstance(f, QTextTable)]
        i = 0
        moved = False
        while i < len(tables):
            first = tables[i]
            if not _kept(doc, first):
                i += 1
                continue
            j = i
            while True:
                after = _next_block(doc, tables[j])
                inside = j + 1 < len(tables) and tables[j + 1].firstPosition() <= after.position()
                if after.isValid() and inside and _kept(doc, tables[j + 1]):
                    j += 1
                    continue
                break
            top = layout.frameBoundingRect(first).top()
            if after.isValid() and int(top // page_height) != int(layout.blockBoundingRect(after).top() // page_height):
                fmt = first.format()
                if fmt.pageBreakPolicy() != QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore:
                    fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
                    first.setFormat(fmt)
                    moved = True
                    break
            i = j + 1
        if not moved:
            return


def _kept(doc: QTextDocument, table: QTextTable) -> bool:
    return "keep" in _anchors(doc.findBlock(table.firstPosition()))


def _next_block(doc: QTextDocument, table: QTextTable) -> QTextBlock:
    """The first block with text after a table (Qt puts an empty block between a table and what follows)."""
    after = doc.findBlock(table.lastPosition() + 1)
    while after.isValid() and not after.text().strip():
        after = after.next()
    return after


def _anchors(block: QTextBlock) -> list[str]:
    it = block.begin()
    return [] if it.atEnd() else list(it.fragment().charFormat().anchorNames())


def _frame(
    painter: QPainter,
    width: float,
    height: float,
    head_h: float,
    foot_h: float,
    title: str,
    tournament: str,
    foot: str,
    page_of: str,
    page: int,
    pages: int,
) -> None:
    """The running head (title left, tournament right, a rule under them) and foot (printed, page n of N)."""
    mm = RESOLUTION / 25.4
    painter.save()
    painter.setPen(QColor(ACCENT))
    painter.setFont(_font(9, bold=True))
    top = QRectF(0, 0, width, head_h - 3 * mm)
    flags = Qt.AlignmentFlag.AlignBottom | Qt.TextFlag.TextSingleLine
    painter.drawText(top, int(flags | Qt.AlignmentFlag.AlignLeft), title)
    painter.setFont(_font(9))
    room = QRectF(width * 0.45, 0, width * 0.55, head_h - 3 * mm)
    shown = painter.fontMetrics().elidedText(tournament, Qt.TextElideMode.ElideRight, int(room.width()))
    painter.drawText(room, int(flags | Qt.AlignmentFlag.AlignRight), shown)
    painter.setPen(QPen(QColor(ACCENT), 0.5 * mm / 2))
    painter.drawLine(0, int(head_h - 2 * mm), int(width), int(head_h - 2 * mm))
    painter.setPen(QPen(QColor("#999999"), 0.3 * mm / 2))
    y = height - foot_h + 3 * mm
    painter.drawLine(0, int(y), int(width), int(y))
    painter.setPen(QColor(MUTED))
    painter.setFont(_font(8))
    bottom = QRectF(0, y + 1 * mm, width, foot_h - 4 * mm)
    top_flags = Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextSingleLine
    painter.drawText(bottom, int(top_flags | Qt.AlignmentFlag.AlignLeft), foot)
    number = page_of.replace("%1", str(page)).replace("%2", str(pages))
    painter.drawText(bottom, int(top_flags | Qt.AlignmentFlag.AlignRight), number)
    painter.restore()
