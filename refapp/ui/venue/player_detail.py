"""One player's record on the head referee's desk: the counts, where the player stands now in the rule set's warning
scope (the next warning's number, the next offence on each warning ladder, a dead hand when it is one), and every
incident at every table and session, oldest first: where and when, the offence and the ruling, its warning number
and ladder step, what it counted at the player's other tables, who entered it; voided and set-aside incidents are
listed and marked as not counted (:class:`refapp.store.records.PlayerRecord`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDate, QLocale
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from ...domain.offences import RULING_NAMES
from ..common.flow_widgets import clear_layout, title_label, wrapped_label
from ..common.texts import amount, ordinal, round_name, ruleset_text, ruling_name
from ..history.format import by_text, offence_text, time_text
from .tile import flag, line, set_flag

if TYPE_CHECKING:
    from ...core.types import LadderPosition, PlayerRecord, RecordIncident, Records
    from ...core.types import RecordSession as Session
    from .players import CountWords


def session_text(session: Session | None) -> str:
    """``Session 2``, or the day of play of a session without a number ("" when not known)."""
    if session is None:
        return ""
    kind, value = session
    if kind == "number":
        return QCoreApplication.translate("PlayerDetail", "Session %1").replace("%1", str(value))
    try:
        day = QDate.fromString(str(value), "yyyy-MM-dd")
    except (TypeError, ValueError):
        return str(value)
    return QLocale().toString(day, QLocale.FormatType.ShortFormat) if day.isValid() else str(value)


class PlayerDetail(QWidget):
    """The player's name, counts, standing and incidents (rebuilt for each player shown)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("player_detail")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.name = title_label("", self)
        self.name.setObjectName("player_name")
        lay.addWidget(self.name)
        self.counts = wrapped_label(self, "question", "player_counts")
        lay.addWidget(self.counts)
        self.standing_head = wrapped_label(self, "group", "player_standing_head")
        lay.addWidget(self.standing_head)
        self.standing = QVBoxLayout()
        lay.addLayout(self.standing)
        self.incidents_head = wrapped_label(self, "group", "player_incidents_head")
        lay.addWidget(self.incidents_head)
        self.incidents = QVBoxLayout()
        self.incidents.setSpacing(8)
        lay.addLayout(self.incidents)
        self.cards: list[IncidentCard] = []

    def show_record(self, p: PlayerRecord, records: Records, words: CountWords) -> None:
        self.name.setText(p.player)
        self.counts.setText(words.record(p))
        self._standing(p, records)
        clear_layout(self.incidents)
        self.cards = []
        if not p.incidents:
            self.incidents_head.setText(self.tr("No incident recorded for this player."))
            return
        self.incidents_head.setText(self.tr("Incidents, oldest first"))
        ladders = {lad.ladder: ruleset_text(lad.citation) or lad.ladder for lad in p.ladders}
        for i in p.incidents:
            card = IncidentCard(i, ladders, self)
            self.cards.append(card)
            self.incidents.addWidget(card)

    def _standing(self, p: PlayerRecord, records: Records) -> None:
        clear_layout(self.standing)
        if not records.ruleset:
            self.standing_head.setText(self.tr("No hanchan has been started yet."))
            return
        scope = {
            "tournament": self.tr("Now: warnings counted over the tournament"),
            "session": self.tr("Now: warnings counted per session (%1)").replace("%1", session_text(records.session)),
            "hanchan": self.tr("Now: warnings counted per hanchan"),
        }
        self.standing_head.setText(scope.get(records.scope, self.tr("Now")))
        text = self.tr("%n warning(s) in this count; the next one is the %1.", "", p.warnings_in_scope)
        lines = [(text.replace("%1", ordinal(p.next_warning)), "")]
        for lad in p.ladders:
            lines.append((self._ladder_line(lad), "conflict" if lad.next_dead_hand else ""))
        for text, kind in lines:
            lab = flag(self, kind, "standing_line") if kind else wrapped_label(self, "tile-line", "standing_line")
            lab.setText(text)
            self.standing.addWidget(lab)

    def _ladder_line(self, lad: LadderPosition) -> str:
        name = ruleset_text(lad.citation) or lad.ladder
        if lad.next_dead_hand:
            text = self.tr("%1: %n offence(s) counted; the next one is the %2: a dead hand.", "", lad.steps)
        else:
            text = self.tr("%1: %n offence(s) counted; the next one is the %2: a warning.", "", lad.steps)
        return text.replace("%1", name).replace("%2", ordinal(lad.next_step))


class IncidentCard(QFrame):
    """One incident: where and when, the offence and the ruling, the counts it climbed, who entered it."""

    def __init__(self, i: RecordIncident, ladders: dict[str, str], parent: QWidget | None = None):
        super().__init__(parent)
        self.incident = i
        self.ladders = ladders  # a ladder's id → its name in the rule set
        self.setProperty("role", "incident-card")
        self.setProperty("counted", i.counted)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(12, 8, 12, 10)
        lay.setSpacing(2)
        self.labels: list[QLabel] = []
        for role, text in (("tile-state", self._where(i)), ("tile-line", self._what(i)), *self._counts(i),
                           ("tile-line", self.tr("Entered by %1").replace("%1", by_text(i.referee)))):  # fmt: skip
            lab = line(self, role)
            lab.setText(text)
            lay.addWidget(lab)
            self.labels.append(lab)
        if not i.counted:
            mark = flag(self, "voided", "not_counted")
            text = (
                self.tr("Set aside (a conflict between devices): not counted")
                if i.set_aside
                else self.tr("Voided: not counted")
            )
            set_flag(mark, "voided", text)
            lay.addWidget(mark)
            self.labels.append(mark)

    def words(self) -> str:
        return "\n".join(lab.text() for lab in self.labels)

    def _where(self, i: RecordIncident) -> str:
        wind = "ESWN".index(i.round_wind) if i.round_wind in ("E", "S", "W", "N") else 0
        when = time_text(i.at, long=True)
        session = session_text(i.session)
        if i.session is not None and i.session[0] != "number" and session and when.startswith(session):
            when = when[len(session) :].strip()  # a session named by its day: the day once
        parts = [self.tr("Table %1").replace("%1", str(i.table)), session,
                 self.tr("hanchan %1").replace("%1", str(i.hanchan)), round_name(wind, i.hand), when]  # fmt: skip
        return " · ".join(p for p in parts if p)

    def _what(self, i: RecordIncident) -> str:
        if not i.ruling:
            ruling = self.tr("no ruling recorded")
        elif i.ruling in RULING_NAMES:
            ruling = ruling_name(i.ruling, i.chombo_word)
        else:
            ruling = self.tr("a ruling of a newer version")
        said = i.said_amount
        if said is not None:
            ruling += " " + amount(said)
        if i.warning_number:
            ruling += " (" + self.tr("the %1 warning").replace("%1", ordinal(i.warning_number)) + ")"
        return self.tr("%1: %2").replace("%1", offence_text(i.offence) or "–").replace("%2", ruling)

    def _counts(self, i: RecordIncident) -> list[tuple[str, str]]:
        out = []
        name = self.ladders.get(i.ladder, i.ladder)
        if i.ladder and i.ladder_step:
            text = self.tr("%1: the %2 offence on this ladder").replace("%1", name)
            out.append(text.replace("%2", ordinal(i.ladder_step)))
        elif i.ladder:
            out.append(self.tr("%1: an offence on this ladder").replace("%1", name))
        if i.elsewhere_warnings:
            out.append(self.tr("When entered, it counted %n warning(s) at other tables", "", i.elsewhere_warnings))
        if i.elsewhere_steps:
            out.append(self.tr("When entered, it counted %n offence(s) on the ladder at other tables", "",
                               i.elsewhere_steps))  # fmt: skip
        return [("tile-line", t) for t in out]
