"""The one rule: the domain never imports Qt (nor sqlite). Checked in a fresh interpreter."""

import json
import pkgutil
import subprocess
import sys

import refapp.domain


def test_domain_loads_no_qt_module():
    modules = [f"refapp.domain.{m.name}" for m in pkgutil.iter_modules(refapp.domain.__path__)]
    assert len(modules) >= 4
    code = (
        "import importlib, json, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print(json.dumps(sorted(k for k in sys.modules if k.split('.')[0] in ('PySide6', 'shiboken6', 'sqlite3'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == []
