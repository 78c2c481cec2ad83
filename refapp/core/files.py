"""The files a face reads beside the store, with the store's own safeguards: where the data folder is, a JSON
document given by the user (size, nesting, huge numbers, lone surrogates refused in one line), a user's file read
whole (a regular file only), and a text made safe for one line of a terminal.

Light on purpose (no database, no pydantic): the command line imports it before any command runs. What is written
out (an export, a report) is :mod:`.outfiles`.
"""

from __future__ import annotations

from ..store.paths import DB_NAME, data_dir, read_regular
from ..store.safejson import one_line, read_json

__all__ = ["DB_NAME", "data_dir", "one_line", "read_json", "read_regular"]
