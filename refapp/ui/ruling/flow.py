"""The ruling loop for one seat: palette → questions → preview → confirm.

Nothing is applied before Confirm, and Confirm applies only what the store accepted (see the controller). Every
answer is checked on the questions page as it is given (the same ledger preview as the preview page), so Preview is
on only when a preview can be made; the preview is rebuilt from the current answers every time it is shown.

The shell talks to this page through :meth:`RulingFlow.start`, :meth:`RulingFlow.choose`,
:meth:`RulingFlow.retranslate` and the signals: ``finished`` (confirmed or cancelled: back to the board),
``went_back`` (Back from the first step of a flow opened by another page: back to that page) and ``check_hand``
(the palette's hand-check button, with the seat).

On a keyboard each step starts where its answer is (the palette's first quick button, the first question, Confirm),
and Esc goes one step back, as Back does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from ...domain.events import LogError
from ...domain.table import Effect
from ..common.step_flow import StepFlow
from ..common.texts import offence_name
from .palette import OffencePalette
from .preview import PreviewPanel
from .questions import QuestionsPanel
from .words import words

if TYPE_CHECKING:
    from ...core.types import EventJson
    from ..shell.controller import Controller


class RulingFlow(StepFlow):
    finished = Signal()
    went_back = Signal()
    check_hand = Signal(int)
    reseat = Signal()  # the palette's Re-seat the table

    def __init__(self, controller: Controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.palette_page = OffencePalette(self)
        self.questions = QuestionsPanel(self)
        self.preview_panel = PreviewPanel(self, with_back=True)
        for w in (self.palette_page, self.questions, self.preview_panel):
            self.addWidget(w)
        self.palette_page.chosen.connect(self._chosen_in_palette)
        self.palette_page.cancelled.connect(self.finished)
        self.palette_page.check_hand.connect(self._check_hand)
        self.palette_page.reseat.connect(self.reseat)
        self.questions.back.connect(self.back)
        self.questions.cancel.connect(self.finished)
        self.questions.preview.connect(self.show_preview)
        self.questions.changed.connect(self._check)
        self.preview_panel.back.connect(self.back)
        self.preview_panel.cancel.connect(self.finished)
        self.preview_panel.confirm.connect(self.confirm)
        self.seat = 0
        self.offence = ""
        self.draft: EventJson | None = None  # the incident previewed, stored at Confirm
        self.hand_tiles = ""  # a hand from the hand checker, attached to the incident
        self._from_palette = False
        self._asked = False  # the offence has a questions page

    def _check_hand(self) -> None:
        self.check_hand.emit(self.seat)

    # -- the shell's entry points -----------------------------------------------------------------------------

    def start(self, seat: int) -> None:
        """The palette of ``seat``."""
        st = self.controller.open_state
        assert st.ruleset is not None  # (a ruling is asked for in a hanchan in play only)
        self.seat, self.offence, self.draft, self.hand_tiles = seat, "", None, ""
        self.palette_page.show_for(st.seats[seat].player, st.ruleset)
        self._step(self.palette_page)

    def choose(self, offence: str, hand_tiles: str = "") -> None:
        """The questions of ``offence`` (or its preview when it has none), opened by another page (the hand check,
        hand result): Back from here emits ``went_back``."""
        self._open(offence, hand_tiles, from_palette=False)

    def retranslate(self) -> None:
        """Every text of the current step again in the current language, the answers kept."""
        self.palette_page.retranslate()
        self.questions.retranslate()
        self.preview_panel.retranslate()
        if self.currentWidget() is self.preview_panel and self.offence:
            self.show_preview(force=True)
        elif self.currentWidget() is self.questions:
            self._check()

    # -- steps ------------------------------------------------------------------------------------------------

    def _chosen_in_palette(self, offence: str) -> None:
        self._open(offence, "", from_palette=True)  # an offence tapped in the palette carries no checked hand

    def _open(self, offence: str, hand_tiles: str, from_palette: bool) -> None:
        st = self.controller.open_state
        assert st.ruleset is not None  # (a ruling is asked for in a hanchan in play only)
        self.offence, self.hand_tiles, self._from_palette, self.draft = offence, hand_tiles, from_palette, None
        self.questions.build(st.ruleset, st, self.seat, offence)
        self._asked = bool(self.questions.rows) or not self.questions.substitute_row.isHidden()
        if self._asked:
            self._check()  # (before the page is shown: it is laid out once, as it will look)
            self._step(self.questions)
        else:
            self.show_preview()

    def back(self) -> None:
        """One step back, the answers kept: preview → questions → palette (or the page that opened the flow)."""
        current = self.currentWidget()
        if current is self.preview_panel and self._asked:
            self._check()
            self._step(self.questions)
        elif current is self.palette_page:
            self.finished.emit()
        elif self._from_palette:
            self._step(self.palette_page)
        else:
            self.went_back.emit()

    # -- checking and previewing ------------------------------------------------------------------------------

    def _event(self) -> EventJson:
        q = self.questions
        fields: dict[str, Any] = {"seat": self.seat, "offence": self.offence, "answers": q.answers()}
        if q.note.text().strip():
            fields["note"] = q.note.text().strip()
        if self.hand_tiles:
            fields["hand_tiles"] = self.hand_tiles
        if q.substitute_name():
            fields["substitute"] = q.substitute_name()
        return self.controller.new_event("incident", **fields)

    def _try(self, missing: list[str]) -> tuple[Effect | None, EventJson | None, str]:
        """The preview of the current answers and its incident, or why there is none (in words). ``missing``: the
        questions still to answer (from :meth:`QuestionsPanel.refresh`)."""
        if missing:
            return None, None, self.questions.missing_labels[missing[0]].text()
        event = self._event()
        try:
            return self.controller.preview(event), event, ""
        except LogError as exc:
            st = self.controller.state
            return None, None, words().refusal(exc, st, self.seat, self.questions.substitute_name())

    def _check(self) -> None:
        """Live, on every answer: Preview on only if a preview can be made; else the page says why."""
        missing = self.questions.refresh()
        self.questions.show_state(missing, self._try(missing)[2] if not missing else "")

    def show_preview(self, force: bool = False) -> None:
        """The preview of the current answers. With answers missing it stays on the questions (``force``: shows
        the preview page with the reason, as for any refusal)."""
        st = self.controller.open_state
        player = st.seats[self.seat].player
        title = f"{offence_name(self.offence)} — {player}"
        missing = self.questions.refresh() if self._asked else []
        if missing and not force:
            self._step(self.questions)
            self.questions.show_state(missing, "")
            return
        effect, event, why = self._try(missing)
        self.draft = event
        if effect is None:
            self.preview_panel.show_refusal(title, why)
            self._step(self.preview_panel)
            return
        assert event is not None
        note = event.get("note", "")
        self.preview_panel.show_effect(
            title,
            effect,
            st,
            self.controller.player_counts(player),
            player,
            note=note,
            answers=self.questions.answers_in_words() if self._asked else None,
        )
        self._step(self.preview_panel)

    def confirm(self) -> None:
        if self.draft is None:
            return
        note = self.preview_panel.note_edit.text().strip()
        if note:
            self.draft["note"] = note
        else:
            self.draft.pop("note", None)
        if self.controller.commit(self.draft) is not None:
            self.draft = None
            self.finished.emit()
        else:
            self.preview_panel.show_error(self.controller.last_error)
