"""The History page (kept here for the window, which builds it by this name): see :mod:`refapp.ui.history`."""

from .history.view import HistoryView

__all__ = ["HistoryView"]
