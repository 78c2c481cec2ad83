"""A long session must not exhaust Python's None: PySide6 6.12.0 took a reference from None on every Qt call that
returns nothing (Python 3.11), which aborts the app with "none_dealloc" after enough taps. pyproject.toml keeps
PySide6 below 6.12; this test fails on any installed Qt binding with that leak."""

import sys

from PySide6.QtWidgets import QPushButton


def test_qt_calls_do_not_take_references_from_none(qtbot):
    b = QPushButton()
    qtbot.addWidget(b)
    before = sys.getrefcount(None)
    for _ in range(10_000):
        b.setEnabled(True)
        b.setText("x")
    assert abs(sys.getrefcount(None) - before) < 100
