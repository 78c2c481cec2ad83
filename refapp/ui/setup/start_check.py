"""Setup's check before a hanchan starts, said to the referee (:class:`refapp.core.setup.StartCheck`): the rule set the
tournament ranks under (its first hanchan's), a hanchan under another one, and the players in play at another table;
then the confirmation it needs: Back to Setup / Start anyway."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ...core.setup import InPlayElsewhere, StartCheck
from ...domain.rules import RuleSet
from ..common.dialog_base import TouchDialog
from ..common.texts import ruleset_text


def ruleset_name(check: StartCheck, rulesets: Mapping[str, RuleSet], chosen: bool) -> str:
    """The name of the rule set chosen (``chosen``) or of the tournament's, in the screen's language."""
    if chosen:
        rs = rulesets.get(check.ruleset)
        return ruleset_text(rs.name) if rs is not None else check.ruleset
    return ruleset_text(check.tournament_ruleset_name or check.tournament_ruleset)


def tournament_line(check: StartCheck, rulesets: Mapping[str, RuleSet]) -> str:
    """What the tournament ranks under, said under Setup's rule sets ("" before any tournament is typed)."""
    if not check.tournament_ruleset:
        return QCoreApplication.translate(
            "StartCheck", "The tournament's first hanchan chooses the rule set the whole tournament is ranked under."
        )
    text = QCoreApplication.translate(
        "StartCheck", "This tournament is ranked under %1, the rule set of its first hanchan (table %2, hanchan %3)."
    )
    table, hanchan = check.first
    return (
        text.replace("%1", ruleset_name(check, rulesets, False)).replace("%2", str(table)).replace("%3", str(hanchan))
    )


def other_ruleset_line(check: StartCheck, rulesets: Mapping[str, RuleSet]) -> str:
    """The flag of a hanchan under another rule set than the tournament's ("" when it is the tournament's)."""
    if not check.other_ruleset:
        return ""
    text = QCoreApplication.translate(
        "StartCheck",
        "%1 is not the tournament's rule set: this hanchan is scored by %1, counted in the standings in the unit of "
        "%2 and marked there. Starting it asks for a confirmation.",
    )
    return text.replace("%1", ruleset_name(check, rulesets, True)).replace("%2", ruleset_name(check, rulesets, False))


def elsewhere_line(found: InPlayElsewhere) -> str:
    """The flag of a player seated in a hanchan not over yet at another table."""
    text = QCoreApplication.translate("StartCheck", "%1 is in play at table %2 (hanchan %3 is not over).")
    return text.replace("%1", found.player).replace("%2", str(found.table)).replace("%3", str(found.hanchan))


class StartCheckDialog(TouchDialog):
    """What Setup found, for the referee to confirm before the hanchan starts: Back to Setup (nothing is started) or
    Start anyway."""

    def __init__(self, check: StartCheck, rulesets: Mapping[str, RuleSet], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("start_check_dialog")
        self.setWindowTitle(self.tr("Start a hanchan"))
        host = parent.window() if parent is not None else None
        # as wide as its sentences read well, never wider than the window (portrait: 800 px), so that they wrap
        self.setFixedWidth(max(360, min(720, host.width() - 48)) if host is not None else 720)
        lay = self._lay = QVBoxLayout(self)
        lay.setContentsMargins(20, 16, 20, 16)
        lay.setSpacing(10)
        self.title = QLabel(self.tr("Confirm before the hanchan starts"), self)
        self.title.setProperty("role", "title")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.lines: list[QLabel] = []
        texts = []
        if check.other_ruleset:
            texts.append(tournament_line(check, rulesets) + " " + other_ruleset_line(check, rulesets))
        texts += [elsewhere_line(e) for e in check.elsewhere]
        for text in texts:
            lab = QLabel(text, self)
            lab.setProperty("role", "ruling")
            lab.setWordWrap(True)
            lay.addWidget(lab)
            self.lines.append(lab)
        row, self.no, self.yes = self.answer_row(self.tr("Back to Setup"), self.tr("Start anyway"))
        self.no.setObjectName("start_check_back")
        self.yes.setObjectName("start_check_start")
        lay.addLayout(row)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        # a window takes its height from its layout's preferred width: at this width the sentences need more lines
        self.setFixedHeight(self._lay.totalHeightForWidth(self.width()))
        super().showEvent(event)

    def texts(self) -> list[str]:
        """What the dialog says, a line each (for tests)."""
        return [lab.text() for lab in self.lines]


__all__ = ["StartCheckDialog", "elsewhere_line", "other_ruleset_line", "tournament_line"]
