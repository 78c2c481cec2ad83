"""What a face writes out beside the store (an export, a report): to a regular file only, through a temporary file
renamed over it, never into the data folder, a link followed and said; a CSV's separators. Light on purpose: the
command line's parsers import it for every command."""

from __future__ import annotations

from ..store.csvsafe import SEPARATORS
from ..store.outfile import OutputError, resolve_target, write_bytes, write_file

__all__ = ["SEPARATORS", "OutputError", "resolve_target", "write_bytes", "write_file"]
