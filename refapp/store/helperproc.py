"""How this program starts a helper process of its own: a window-less process that runs one function of the
``refapp`` package (a long sync's rows derived ahead, :mod:`refapp.store.ahead`; the open's check of every stored
row, :mod:`refapp.store.fullcheck`).

The bundled app is one executable: it starts itself again with the helper's option (``packaging/entry.py`` knows
them). Elsewhere, this Python runs the function, with the folder this ``refapp`` package is in first on the module
path.

Layer: feature (helper processes; imports nothing of refapp).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def command(option: str, call: str, *args: str) -> list[str]:
    """The command line of a helper: ``option`` for the bundled app, else ``python -c call``; ``args`` after it."""
    if getattr(sys, "frozen", False):
        return [sys.executable, option, *args]
    return [sys.executable, "-c", call, *args]


def environment() -> dict[str, str]:
    """This process's environment, with the folder this ``refapp`` package is in first on the module path."""
    env = dict(os.environ)
    here = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [here, env.get("PYTHONPATH", "")]))
    return env


__all__ = ["command", "environment"]
