"""The text of an incident report, as HTML for Qt's rich-text engine, in the language installed now.

Every value is said by the History page's own words (:mod:`refapp.ui.history.entry` and
:mod:`refapp.ui.history.format`) and the preview's (:func:`refapp.ui.common.texts.status_badge`); this module only lays
them out as a document: the incident's place and time, the players, the offence, the questions and answers, the
ruling with its citation and source status, who paid whom, the void, the players' statements and the head referee's
sign-off. Everything typed by a person (names, notes, statements) is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDate, QLocale, QObject

from ...domain.rules import RuleSet
from ...domain.stored import StoredEffect
from ..common.texts import ruleset_text, status_badge, wind
from ..history import entry
from ..history.format import by_text, hand_text, offence_text, overall_unit_of, ruling_text, time_text

if TYPE_CHECKING:  # the report's contents, read from the store by the desk or the command line
    from ...core.types import IncidentNotes, Report, ReportIncident, Signoff

ACCENT = "#1f3a5f"  # headings and rules
MUTED = "#555555"
ALERT = "#a40000"  # voided, a source not verified


def esc(text: object) -> str:
    """Text typed by a person, safe in HTML, line breaks kept."""
    return html.escape(str(text)).replace("\n", "<br/>")


class ReportTexts(QObject):
    """The report's own words (context "ReportTexts"; a QObject, so that counts get their plural forms)."""

    def title(self, whole: bool) -> str:
        return self.tr("Tournament incident report") if whole else self.tr("Incident report")

    def incidents(self, n: int) -> str:
        return self.tr("%n incident(s)", "", n)

    def voided(self, n: int) -> str:
        return self.tr("%n voided", "", n)

    def signed(self, n: int) -> str:
        return self.tr("%n signed off", "", n)

    def not_signed(self, n: int) -> str:
        return self.tr("%n not signed", "", n)

    def tables(self, n: int) -> str:
        return self.tr("at %n table(s)", "", n)


_TEXTS = ReportTexts()


def session_text(session: tuple[str, object] | None) -> str:
    """``2``, or the day when the hanchan was given no session number, or a dash when unknown."""
    if session is None:
        return "—"
    kind, value = session
    if kind == "number":
        return str(value)
    try:
        day = datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)
    shown = QLocale().toString(QDate(day.year, day.month, day.day), QLocale.FormatType.ShortFormat)
    return QCoreApplication.translate("ReportTexts", "day of %1").replace("%1", shown)


def status_text(status: str | None) -> str:
    """The source status of the ruling: the badge the app shows for a cell not verified, else that it was."""
    if status is None:
        return QCoreApplication.translate(
            "ReportTexts", "Source status unknown: the table's entries could not be replayed."
        )
    return status_badge(status) or QCoreApplication.translate(
        "ReportTexts", "Source checked against the rule book's text."
    )


def signoff_text(s: Signoff) -> str:
    if s.pin:
        text = QCoreApplication.translate(
            "ReportTexts", "Signed off by %1 on %2, with the referee PIN of the signing device."
        )
    else:
        text = QCoreApplication.translate(
            "ReportTexts", "Signed off by %1 on %2 (the signing device had no referee PIN)."
        )
    return text.replace("%1", esc(s.by)).replace("%2", esc(time_text(s.at, long=True)))


def short_id(uuid: str) -> str:
    return uuid[:8]


# -- pieces ---------------------------------------------------------------------------------------------------

RESOLUTION = 300  # dots per inch the document is laid out at (refapp.ui.report.pdf)
RULE = "#c8ccd2"


def pad(points: float) -> int:
    """A length in points as the rich-text engine takes lengths: CSS pixels (1/96 inch)."""
    return max(1, round(points * 96 / 72))


def px(points: float) -> str:
    return f"{pad(points)}px"


def heading(text: str, size: float = 11, top: float = 7) -> str:
    """A section heading: bold, in the accent colour, over a rule."""
    return (
        f'<table width="100%" cellspacing="0" cellpadding="0" style="margin-top:{px(top)}; margin-bottom:{px(4)};">'
        f'<tr><td style="border-bottom: {px(1.2)} solid {ACCENT}; padding-bottom:{px(2)}; font-size:{size}pt; '
        f'font-weight:bold; color:{ACCENT};"><a name="keep">{esc(text)}</a></td></tr></table>'
    )


def _h2(text: str) -> str:
    return heading(text)


def _box(inner: str, colour: str = RULE, background: str = "#f5f6f8", left: float = 3) -> str:
    """A framed block (a statement, the sign-off, the void)."""
    return (
        f'<table width="100%" cellspacing="0" cellpadding="{pad(6)}" '
        f'style="margin-top:{px(3)}; margin-bottom:{px(3)};"><tr><td style="border: {px(0.6)} solid {colour}; '
        f'border-left: {px(left)} solid {colour}; background-color:{background};">{inner}</td></tr></table>'
    )


def _facts_table(rows: list[tuple[str, str]], columns: int = 1) -> str:
    """Label and value pairs, ``columns`` pairs to a line, ruled (values already escaped)."""
    line = f"border-bottom: {px(0.5)} solid {RULE};"
    label_w, value_w = (18, 82) if columns == 1 else (18, 32)
    out = []
    for i in range(0, len(rows), columns):
        cells = []
        for k, v in rows[i : i + columns]:
            cells.append(f'<td width="{label_w}%" style="{line} color:{MUTED};">{esc(k)}</td>')
            cells.append(f'<td width="{value_w}%" style="{line}">{v}</td>')
        missing = columns - len(rows[i : i + columns])
        cells += [f'<td style="{line}"></td>'] * (2 * missing)
        out.append("<tr>" + "".join(cells) + "</tr>")
    space = pad(1.3)
    return f'<table width="100%" cellspacing="0" cellpadding="{space}">{"".join(out)}</table>'


def _grid(rows: list[list[str]], numbers_from: int = 1, widths: list[int] | None = None, size: float = 0) -> str:
    """A ruled table: the first row is the header; columns from ``numbers_from`` on are right-aligned (values
    already escaped). A row whose first cell is the only one filled is a group's title across the table."""
    cell = f"border: {px(0.5)} solid #9aa0a8;"
    font = f" font-size:{size}pt;" if size else ""
    space = pad(2.2)
    out = [f'<table width="100%" cellspacing="0" cellpadding="{space}" style="border-collapse: collapse;{font}">']
    for r, row in enumerate(rows):
        if r and row[0] and not any(row[1:]):
            out.append(f'<tr><td colspan="{len(row)}" style="{cell} background-color:#f0f2f5;">{row[0]}</td></tr>')
            continue
        tag = "th" if r == 0 else "td"
        shade = f" background-color:#e3e8ef; color:{ACCENT};" if r == 0 else ""
        cells = []
        for c, text in enumerate(row):
            align = "right" if c >= numbers_from else "left"
            width = f' width="{widths[c]}%"' if widths and r == 0 else ""
            cells.append(f'<{tag} align="{align}"{width} style="{cell}{shade}">{text}</{tag}>')
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table>")
    return "".join(out)


def _bullets(lines: list[str]) -> str:
    return (
        f'<ul style="margin-top:{px(3)}; margin-bottom:{px(2)};">'
        + "".join(f"<li>{esc(line.removeprefix('• '))}</li>" for line in lines)
        + "</ul>"
    )


def _para(inner: str, style: str = "") -> str:
    return f'<p style="margin-top:{px(2)}; margin-bottom:{px(2)};{style}">{inner}</p>'


def _players(item: ReportIncident, effect: StoredEffect, unit: int) -> str:
    """Seat, wind, name and role of each player at the hand, and what each paid or received (the History page's
    own table of transfers, beside the names)."""
    names = item.extra.names
    seat = item.row.get("seat")
    dealer = effect.dealer[0] if effect.dealer is not None else None
    name = entry.seat_name(names)
    moved = entry.transfer_rows(effect, name, unit)
    head = [
        QCoreApplication.translate("ReportTexts", "Seat"),
        QCoreApplication.translate("ReportTexts", "Wind"),
        QCoreApplication.translate("ReportTexts", "Player"),
        QCoreApplication.translate("ReportTexts", "Role"),
    ]
    rows = [[esc(h) for h in head + (moved[0][1:] if moved else [])]]
    for i in range(max(len(names), 4)):
        letter = "ESWN"[(i - dealer) % 4] if dealer is not None else ""
        who, mark = esc(name(i)), ""
        if i == seat:
            who, mark = f"<b>{who}</b>", f"<b>{esc(QCoreApplication.translate('ReportTexts', 'Offender'))}</b>"
        if dealer == i:
            mark = (mark + " · " if mark else "") + esc(QCoreApplication.translate("ReportTexts", "Dealer"))
        paid = [esc(c) for c in moved[i + 1][1:]] if moved and i + 1 < len(moved) else []
        rows.append([str(i + 1), esc(wind(letter)) if letter else "—", who, mark, *paid])
    extra = len(rows[0]) - 4
    widths = [8, 12, 30, 22] if extra else [10, 16, 44, 30]
    widths += [28 // extra] * extra if extra else []
    return _grid(rows, numbers_from=4, widths=widths)


def _statements(notes: IncidentNotes) -> str:
    if not notes.statements:
        return _para(esc(QCoreApplication.translate("ReportTexts", "No statement was recorded.")))
    parts = []
    for s in notes.statements:
        if s.by:
            head = (
                QCoreApplication.translate("ReportTexts", "Statement of %1, recorded by %2 on %3")
                .replace("%1", f"<b>{esc(s.player)}</b>")
                .replace("%2", esc(by_text(s.by)))
                .replace("%3", esc(time_text(s.at, long=True)))
            )
        else:  # recorded from the command line of a device with no referee name
            head = (
                QCoreApplication.translate("ReportTexts", "Statement of %1, recorded on %2")
                .replace("%1", f"<b>{esc(s.player)}</b>")
                .replace("%2", esc(time_text(s.at, long=True)))
            )
        if notes.after_signoff(s):
            late = QCoreApplication.translate("ReportTexts", "(recorded after the sign-off)")
            head += f' <span style="color:{ALERT};">{esc(late)}</span>'
        quoted = QCoreApplication.translate("ReportTexts", "“%1”", "a statement in quotation marks").replace(
            "%1", esc(s.text)
        )
        text = f'<p style="margin-top:{px(3)}; margin-bottom:0px;">{quoted}</p>'
        parts.append(_box(f'<p style="margin:0px; color:{MUTED};">{head}</p>{text}'))
    return "".join(parts)


def _signoff(notes: IncidentNotes) -> str:
    if notes.signed is not None:
        said = [signoff_text(s) for s in notes.signoffs]
        said[0] = f'<a name="keep">{said[0]}</a>'  # the sign-off stays with its heading and the lines to sign on
        earlier = "".join(_para(t, f" color:{MUTED};") for t in said[:-1])
        inner = earlier + f'<p style="margin:0px;"><b>{said[-1]}</b></p>'
        box = _box(inner, colour="#2e6b34", background="#eef6ef")
    else:
        unsigned = esc(QCoreApplication.translate("ReportTexts", "Not signed."))
        inner = f'<p style="margin:0px;"><a name="keep"><b>{unsigned}</b></a></p>'
        box = _box(inner, colour=ALERT, background="#fbeeee")
    signature = esc(QCoreApplication.translate("ReportTexts", "Signature of the head referee:"))
    date = esc(QCoreApplication.translate("ReportTexts", "Date:"))
    paper = (
        f'<table width="100%" cellspacing="0" cellpadding="0" style="margin-top:{px(12)};"><tr>'
        f'<td width="60%">{signature} ________________________</td>'
        f'<td width="40%">{date} ________________</td></tr></table>'
    )
    return box + paper


# -- one incident ---------------------------------------------------------------------------------------------


def incident_html(item: ReportIncident, rulesets: Mapping[str, RuleSet], label: str = "") -> str:
    """One incident, every part of it; ``label`` says where it stands in a tournament report."""
    row = item.row
    effect = StoredEffect.from_json(row.get("ruling"))
    ruling = effect.ruling
    rs = rulesets.get(str(row.get("ruleset_id") or ""))
    name = entry.seat_name(item.extra.names)
    voided = bool(row.get("voided"))
    out = []
    if label:
        out.append(_para(f"<b>{esc(label)}</b>", f" font-size:10pt; color:{ACCENT};"))
    out.append(
        f'<p style="margin-top:0px; margin-bottom:{px(4)}; font-size:15pt; font-weight:bold; color:{ACCENT};">'
        f"{esc(entry.title(row))}</p>"
    )
    if voided:
        out.append(_box(f'<p style="margin:0px; color:{ALERT};"><b>{esc(entry.void_text(item.extra.void))}</b></p>',
                        colour=ALERT, background="#fbeeee"))  # fmt: skip
    rule_set = ruleset_text(rs.name) if rs is not None else str(row.get("ruleset_id") or "—")
    head = [(QCoreApplication.translate("ReportTexts", "Tournament"), esc(row.get("tournament") or ""))]
    where = [
        (QCoreApplication.translate("ReportTexts", "Table"), esc(row.get("table"))),
        (QCoreApplication.translate("ReportTexts", "Time"), esc(time_text(str(row["at"]), long=True))),
        (QCoreApplication.translate("ReportTexts", "Session"), esc(session_text(item.session))),
        (QCoreApplication.translate("ReportTexts", "Hanchan"), esc(row.get("hanchan"))),
        (QCoreApplication.translate("ReportTexts", "Hand"), esc(hand_text(row))),
        (QCoreApplication.translate("ReportTexts", "Counters"), esc(row.get("counters") or 0)),
        (QCoreApplication.translate("ReportTexts", "Entered by"), esc(by_text(row.get("referee")))),
        (QCoreApplication.translate("ReportTexts", "Rule set"), esc(rule_set)),
    ]
    tail = [
        (
            QCoreApplication.translate("ReportTexts", "Voided"),
            esc(entry.void_text(item.extra.void) if voided else QCoreApplication.translate("ReportTexts", "No")),
        ),
        (QCoreApplication.translate("ReportTexts", "Incident ID"), esc(row.get("uuid"))),
    ]
    facts = _facts_table(head) + _facts_table(where, columns=2) + _facts_table(tail)
    out.append(_h2(QCoreApplication.translate("ReportTexts", "The incident")) + facts)
    offence = [
        (QCoreApplication.translate("ReportTexts", "Offence"), f"<b>{esc(offence_text(row.get('offence')))}</b>"),
        (QCoreApplication.translate("ReportTexts", "Offender"), esc(row.get("player") or "—")),
        (QCoreApplication.translate("ReportTexts", "Referee's note"), esc(row.get("note") or "—")),
    ]
    if item.extra.hand_tiles:
        offence.append((QCoreApplication.translate("ReportTexts", "Hand shown"), esc(item.extra.hand_tiles)))
    out.append(_h2(QCoreApplication.translate("ReportTexts", "The offence")) + _facts_table(offence))
    answers = entry.answer_lines(row, rs)
    out.append(_h2(QCoreApplication.translate("ReportTexts", "Questions and answers")))
    out.append(
        _bullets(answers)
        if answers
        else _para(esc(QCoreApplication.translate("ReportTexts", "No question was asked.")))
    )
    out.append(_h2(QCoreApplication.translate("ReportTexts", "Ruling")))
    decided = entry.ruling_line(row, rulesets)
    if decided:
        out.append(_para(f"<b>{esc(decided)}</b>", " font-size:11pt;"))
    if item.explain:
        out.append(_para(esc(ruleset_text(item.explain))))
    out += [_para(esc(r)) for r in entry.remark_lines(ruling)]
    citation = entry.citation_text(ruling, rs)
    colour = MUTED if item.status == "verified" else ALERT
    sources = [
        (QCoreApplication.translate("ReportTexts", "Rule book"), esc(citation or "—")),
        (
            QCoreApplication.translate("ReportTexts", "Source"),
            f'<span style="color:{colour};">{esc(status_text(item.status))}</span>',
        ),
    ]
    out.append(_facts_table(sources))
    out.append(
        _h2(QCoreApplication.translate("ReportTexts", "Players: who pays whom"))
        + _players(item, effect, overall_unit_of(rs))
    )
    if not effect.moved_points:
        out.append(_para(esc(entry.no_points_text())))
    facts_lines = entry.fact_lines(effect, name, overall_unit_of(rs))
    if facts_lines:
        out.append(_bullets(facts_lines))
    out.append(_h2(QCoreApplication.translate("ReportTexts", "Player statements")) + _statements(item.notes))
    out.append(_h2(QCoreApplication.translate("ReportTexts", "Head referee's sign-off")) + _signoff(item.notes))
    return "".join(out)


# -- the whole report -----------------------------------------------------------------------------------------


def _summary(report: Report, rulesets: Mapping[str, RuleSet]) -> str:
    items = report.incidents
    voided = sum(1 for i in items if i.row.get("voided"))
    signed = sum(1 for i in items if i.notes.signed is not None)
    tables = len({i.row["table"] for i in items})
    counts = ", ".join(
        [
            _TEXTS.incidents(len(items)) + " " + _TEXTS.tables(tables),
            _TEXTS.voided(voided),
            _TEXTS.signed(signed),
            _TEXTS.not_signed(len(items) - signed),
        ]
    )
    out = [_h2(QCoreApplication.translate("ReportTexts", "Summary")), _para(esc(counts))]
    if not items:
        out.append(
            _para(esc(QCoreApplication.translate("ReportTexts", "No incident was recorded in this tournament.")))
        )
        return "".join(out)
    head = [
        QCoreApplication.translate("ReportTexts", "No."),
        QCoreApplication.translate("ReportTexts", "Time"),
        QCoreApplication.translate("ReportTexts", "Hanchan"),
        QCoreApplication.translate("ReportTexts", "Hand"),
        QCoreApplication.translate("ReportTexts", "Player"),
        QCoreApplication.translate("ReportTexts", "Offence"),
        QCoreApplication.translate("ReportTexts", "Ruling"),
        QCoreApplication.translate("ReportTexts", "Signed off"),
    ]
    rows = [[esc(h) for h in head]]
    group = None
    for n, item in enumerate(items, 1):
        row = item.row
        key = (row["table"], session_text(item.session))
        if key != group:
            group = key
            title = (
                QCoreApplication.translate("ReportTexts", "Table %1 · session %2")
                .replace("%1", str(row["table"]))
                .replace("%2", key[1])
            )
            rows.append([f'<b style="color:{ACCENT};">{esc(title)}</b>'] + [""] * (len(head) - 1))
        decided = ruling_text(row, rulesets)
        if row.get("voided"):
            decided = QCoreApplication.translate("ReportTexts", "%1 (voided)").replace("%1", decided or "—")
        signoff = item.notes.signed
        signed_by = signoff.by if signoff is not None else QCoreApplication.translate("ReportTexts", "not signed")
        rows.append(
            [
                str(n),
                esc(time_text(str(row["at"]), long=True)),
                esc(row["hanchan"]),
                esc(hand_text(row)),
                esc(row.get("player") or ""),
                esc(offence_text(row.get("offence"))),
                esc(decided),
                esc(signed_by),
            ]
        )
    out.append(_grid(rows, numbers_from=99, widths=[5, 17, 10, 8, 12, 19, 16, 13], size=8.5))
    return "".join(out)


def report_parts(report: Report, rulesets: Mapping[str, RuleSet]) -> list[str]:
    """The document as parts that each start on a new page (HTML each): one incident; or, for a tournament, its
    title and summary, then each incident. (Parts, not one document: a document of thousands of pages would reach
    the limits of Qt's text layout.)"""
    if not report.whole:  # the running head names the report and the tournament
        (item,) = report.incidents
        return [f"<html><body>{incident_html(item, rulesets)}</body></html>"]
    head = [
        f'<p style="margin-top:0px; margin-bottom:{px(2)}; font-size:18pt; font-weight:bold; color:{ACCENT};">'
        f"{esc(_TEXTS.title(True))}</p>",
        _para(f"<b>{esc(report.tournament)}</b>", f" font-size:13pt; margin-bottom:{px(6)};"),
        _summary(report, rulesets),
    ]
    parts = ["<html><body>" + "".join(head) + "</body></html>"]
    total = len(report.incidents)
    for n, item in enumerate(report.incidents, 1):
        label = (
            QCoreApplication.translate("ReportTexts", "Incident %1 of %2 · table %3 · session %4")
            .replace("%1", str(n))
            .replace("%2", str(total))
            .replace("%3", str(item.row["table"]))
            .replace("%4", session_text(item.session))
        )
        parts.append(f"<html><body>{incident_html(item, rulesets, label)}</body></html>")
    return parts
