"""How the window opens on a screen: full screen or windowed, and at what size.

The default ("auto") is full screen on a small or portrait screen — at most 1366×800 (the tablets and small laptops
a table has: every pixel counts there, and a window frame and a task bar would cost the board a row of type) or
taller than wide (a portrait tablet) — and a window on anything larger (a desk with a big screen: the referee may
want other windows beside it). Setup's "Screen" choice ("full screen", "window") overrides it; F11 switches at
any time and is remembered.
"""

from __future__ import annotations

from PySide6.QtCore import QSize

SMALL_SCREEN = QSize(1366, 800)
WINDOW = QSize(1280, 800)  # the windowed size on a large screen


def wants_fullscreen(screen: QSize, setting: str = "auto") -> bool:
    """Whether to open full screen on a screen of ``screen`` (its full size) with the setting
    (``"auto"``, ``"on"`` or ``"off"``)."""
    if setting == "on":
        return True
    if setting == "off":
        return False
    portrait = screen.height() > screen.width()
    small = screen.width() <= SMALL_SCREEN.width() and screen.height() <= SMALL_SCREEN.height()
    return portrait or small


def windowed_size(available: QSize, minimum: QSize) -> QSize:
    """The size of a window on a screen whose free area is ``available``: 1280×800, or less to fit."""
    width = max(minimum.width(), min(WINDOW.width(), available.width()))
    height = max(minimum.height(), min(WINDOW.height(), available.height()))
    return QSize(width, height)


__all__ = ["SMALL_SCREEN", "WINDOW", "wants_fullscreen", "windowed_size"]
