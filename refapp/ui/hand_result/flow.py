"""Hand results from the board: the form, then the preview (the entry restated with its arithmetic), then Confirm.

Back on the preview returns to the form with every tap kept; Cancel (and Esc on the form) leaves; Esc on the preview
is Back. On a keyboard the preview starts on Confirm. The shell talks to
this page through :meth:`HandResultFlow.start`, :meth:`HandResultFlow.retranslate` and the signals ``finished`` and
``rule`` (seat, offence: a riichi player marked noten at a draw is to be ruled a noten riichi).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QWidget

from ...domain.events import LogError
from ...domain.table import Effect
from ..common.step_flow import StepFlow
from ..ruling.preview import PreviewPanel
from .echo import HandWords
from .form import HandResultPanel

if TYPE_CHECKING:
    from ...core.types import EventJson
    from ..shell.controller import Controller


class HandResultFlow(StepFlow):
    finished = Signal()
    rule = Signal(int, str)

    def __init__(self, controller: Controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.entry = HandResultPanel(self)
        self.preview_panel = PreviewPanel(self, with_back=True)
        self.addWidget(self.entry)
        self.addWidget(self.preview_panel)
        self.entry.cancel.connect(self.finished)
        self.entry.preview.connect(self.show_preview)
        self.entry.changed.connect(self._check)
        self.entry.rule_noten_riichi.connect(lambda seat: self.rule.emit(seat, "noten_riichi"))
        self.preview_panel.back.connect(self.back)
        self.preview_panel.cancel.connect(self.finished)
        self.preview_panel.confirm.connect(self.confirm)
        self.words = HandWords(self)
        self.draft: EventJson | None = None

    def start(self, prefill: dict[str, Any] | None = None) -> None:
        """A fresh form for the hand in play; ``prefill`` (from the hand check): ``kind``, ``seat``, ``han``,
        ``fu`` or ``limit``."""
        self.draft = None
        self.preview_panel.clear()
        self.entry.build(self.controller.open_state)
        if prefill:
            self.entry.prefill(
                str(prefill.get("kind", "ron")),
                int(prefill["seat"]),
                prefill.get("han"),
                prefill.get("fu"),
                prefill.get("limit"),
            )
        self.setCurrentWidget(self.entry)
        self._check()

    def back(self) -> None:
        if self.currentWidget() is self.preview_panel:
            self._check()
            self._step(self.entry)
        else:
            self.finished.emit()

    # -- checking and previewing ------------------------------------------------------------------------------

    def _try(self) -> tuple[Effect | None, EventJson | None, str]:
        problem = self.entry.problem()
        if problem:
            return None, None, problem
        type_, fields = self.entry.event_fields()
        event = self.controller.new_event(type_, **fields)
        try:
            return self.controller.preview(event), event, ""
        except LogError as exc:
            return None, None, self._refusal(exc)

    def _refusal(self, exc: LogError) -> str:
        """The ledger refused what the form let through: say it in words (the form checks the common cases)."""
        st = self.controller.state
        if st is None or st.game_over or exc.field == "type":
            return self.tr("The hanchan is over: start the next hanchan first.")
        if exc.field == "kind":
            return self.tr("This rule set has no abortive draws.")
        return self.tr("The rule set does not allow this hand result: check the winners and values.")

    def _check(self) -> None:
        if self.entry.state is None:
            return
        problem = self.entry.problem()
        self.entry.show_state("" if problem else self._try()[2])

    def show_preview(self, force: bool = False) -> None:
        """The preview of the form as it is now; stays on the form while something is missing (``force``: the
        preview page with the reason)."""
        effect, event, why = self._try()
        if effect is None and not force:
            self._step(self.entry)
            self._check()
            return
        title = self.tr("Hand result")
        self.draft = event
        if effect is None or event is None:
            self.preview_panel.show_refusal(title, why)
            self._step(self.preview_panel)
            return
        st = self.controller.open_state
        if event["type"] == "win":
            echo = self.words.win_lines(event, effect, st)
        else:
            echo = self.words.draw_lines(event, effect, st)
        self.preview_panel.show_effect(title, effect, st, echo=echo, skip=frozenset({"sticks_to_winner"}))
        self._step(self.preview_panel)

    def confirm(self) -> None:
        if self.draft is not None and self.controller.commit(self.draft) is not None:
            self.draft = None
            self.finished.emit()
        else:
            self.preview_panel.show_error(self.controller.last_error)

    # -- texts ------------------------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        """The current step again in the current language, every tap kept."""
        self.entry.retranslate()
        self.preview_panel.retranslate()
        if self.currentWidget() is self.preview_panel and self.draft is not None:
            self.show_preview(force=True)
        else:
            self._check()
