"""The text of a PDF as anyone would copy it out: ``pdftotext`` from poppler-utils (the README's test command and CI
install it; without it these tests fail, they are never skipped)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path


def pdf_text(path: Path, layout: bool = True) -> str:
    """The PDF's text (``-layout``: columns kept), no-break spaces as plain spaces (French puts them before colons)."""
    tool = shutil.which("pdftotext")
    assert tool is not None, "pdftotext is needed to read the reports back: apt-get install poppler-utils"
    args = [tool, *(["-layout"] if layout else []), str(path), "-"]
    text = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return text.replace("\u00a0", " ").replace("\u202f", " ")
