"""Render resources/icons/refapp.svg to the PNG sizes of a desktop icon theme and a Windows .ico.

QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QImageWriter, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    QSvgRenderer(str(ICONS / "refapp.svg")).render(painter)
    painter.end()
    return image


def main() -> int:
    QGuiApplication(sys.argv[:1])
    for size in SIZES:
        render(size).save(str(ICONS / f"refapp-{size}.png"))
    writer = QImageWriter(str(ICONS / "refapp.ico"), b"ico")
    if not writer.write(render(256)):
        print(f"no .ico written: {writer.errorString()}", file=sys.stderr)
    print(f"icons written to {ICONS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
