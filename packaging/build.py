"""Build the one-folder bundle: packaging/dist/refapp/refapp (refapp.exe on Windows).

    .venv/bin/pip install pyinstaller && .venv/bin/python packaging/build.py

Stages the installed layout (refapp/, refapp/resources, refapp/translations) in packaging/build/stage, then runs
PyInstaller on packaging/refapp.spec. Prints the bundle's size and the build time.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "packaging" / "build"
DIST = ROOT / "packaging" / "dist"


def stage() -> Path:
    target = BUILD / "stage"
    shutil.rmtree(target, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "refapp", target / "refapp", ignore=ignore)
    shutil.copytree(ROOT / "resources", target / "refapp" / "resources", ignore=ignore)
    shutil.copytree(ROOT / "translations", target / "refapp" / "translations", ignore=ignore)
    return target


def size_of(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def main() -> int:
    start = time.perf_counter()
    staged = stage()
    env = {**os.environ, "REFAPP_STAGE": str(staged)}
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--distpath",
        str(DIST),
        "--workpath",
        str(BUILD / "work"),
        str(ROOT / "packaging" / "refapp.spec"),
    ]
    subprocess.run(cmd, check=True, env=env, cwd=ROOT)
    bundle = DIST / "refapp"
    print(f"bundle: {bundle} ({size_of(bundle) / 2**20:.0f} MiB), built in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
