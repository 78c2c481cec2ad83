"""Light and dark high-contrast themes (Qt stylesheets in resources/themes)."""

from __future__ import annotations

from importlib import resources

from PySide6.QtWidgets import QApplication


def stylesheet(theme: str) -> str:
    name = "dark.qss" if theme == "dark" else "light.qss"
    return resources.files("refapp.resources").joinpath("themes", name).read_text(encoding="utf-8")


def apply_theme(theme: str) -> None:
    app = QApplication.instance()
    if app is not None:
        sheet = stylesheet(theme)
        if app.styleSheet() != sheet:  # the same sheet again would only re-style every widget
            app.setStyleSheet(sheet)
