"""Where refapp keeps its data: platformdirs' user data folder, or ``--data-dir`` / ``REFAPP_DATA_DIR``."""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "REFAPP_DATA_DIR"
DB_NAME = "refapp.sqlite3"  # in the data folder (refapp.store.db)
SETTINGS_FILE = "settings.json"  # in the data folder (refapp.store.settings)
LOG_FILE = "refapp.log"  # in the data folder, with refapp.log.1 ... (refapp.logs)


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The data folder: ``override`` if given, else ``$REFAPP_DATA_DIR``, else the platform's user data folder."""
    if override:
        return Path(override)
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    import platformdirs  # here: a start with --data-dir or REFAPP_DATA_DIR does without it

    return Path(platformdirs.user_data_dir("refapp", appauthor=False))
