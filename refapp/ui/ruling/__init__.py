"""The ruling flow: offence palette (with the search in the referee's words), questions, preview, confirm."""

from .flow import RulingFlow
from .palette import OffencePalette
from .preview import PreviewPanel
from .questions import QuestionsPanel

__all__ = ["OffencePalette", "PreviewPanel", "QuestionsPanel", "RulingFlow"]
