"""The ruling flow: offence palette (with the search in the referee's words), questions, preview, confirm."""

from ..common.flow_widgets import scroll
from ..common.flow_widgets import title_label as _title  # (other pages still import these two from here)
from .flow import RulingFlow
from .palette import OffencePalette
from .preview import PreviewPanel
from .questions import QuestionsPanel

__all__ = ["OffencePalette", "PreviewPanel", "QuestionsPanel", "RulingFlow", "_title", "scroll"]
