"""The codebase's contracts, read from the source (the syntax tree, not a run): which room imports which, which user
interface modules may reach the store, how long a module may grow, and that every package is installed.

* ``refapp/domain`` is pure: it imports neither Qt (PySide6, shiboken6), sqlite3, the store nor the user interface.
* ``refapp/store`` never imports the user interface nor Qt.
* ``refapp/core`` (the application layer) imports neither Qt nor the faces above it (the user interface, the command
  line, the composition root).
* ``refapp/ui`` never imports sqlite3 nor ``refapp.store``: it reaches what is stored through the core only, and none
  of its modules reaches for a ``.store``, ``.conn`` or ``.book`` attribute (a store, a database connection, the
  table book of raw events).
* ``refapp/commands`` (the headless command line) never imports Qt nor the user interface, but in the modules of
  :data:`QT_COMMANDS`, each with its reason.
* Nothing but the entry points (``refapp/cli.py``, ``refapp/app.py``) imports the command line or the
  composition root.

Imports under ``if TYPE_CHECKING:`` are for the type checker only and are allowed everywhere. Imports inside
functions count (they run). ``tests/domain/test_no_qt.py`` checks the domain's rule again at run time.

A module of more than :data:`MAX_LINES` lines says why on a line starting ``# size:`` at its top.
"""

from __future__ import annotations

import ast
import tomllib
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "refapp"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_LINES = 500

# The user interface's modules that may import refapp.store, and why: none (the core is its one door).
STORE_GATES: dict[str, str] = {}
FORBIDDEN_ATTRIBUTES = {"store", "conn", "book"}
# The command groups that may use Qt and the user interface's modules, and why (headless all the same: offscreen).
QT_COMMANDS = {
    "commands/reports.py": "writes the incident report PDF with Qt's PDF writer (refapp.ui.report), offscreen",
}

QT = ("PySide6", "shiboken6")
# room → module prefixes it never imports
FORBIDDEN = {
    "domain": (
        *QT,
        "sqlite3",
        "refapp.store",
        "refapp.core",
        "refapp.ui",
        "refapp.commands",
        "refapp.cli",
        "refapp.app",
    ),
    "store": (*QT, "refapp.core", "refapp.ui", "refapp.commands", "refapp.cli", "refapp.app"),
    "core": (*QT, "refapp.ui", "refapp.commands", "refapp.cli", "refapp.app"),
    "ui": ("sqlite3", "refapp.store", "refapp.commands", "refapp.cli", "refapp.app"),
    "commands": (*QT, "refapp.ui", "refapp.app"),
}


def _name(path: Path) -> str:
    return str(path.relative_to(PACKAGE))


def _room(path: Path) -> str:
    """``domain``, ``store``, ``ui``, ``commands``, or the module's own name for a top-level module."""
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def _dotted(path: Path, root: Path = ROOT) -> list[str]:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return parts[:-1] if parts[-1] == "__init__" else parts


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def runtime_imports(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """The modules ``path`` imports outside ``if TYPE_CHECKING:`` blocks, as (line, absolute dotted name); for
    ``from package import name`` both the package and ``package.name`` (a name may be a module)."""
    tree = _tree(path)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(inner) for inner in ast.walk(node))
    package = _dotted(path, root) if path.name == "__init__.py" else _dotted(path, root)[:-1]
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.append((node.lineno, module))
            out += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return out


def _imports(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_a_module_imports_only_what_its_room_may(path):
    room = _room(path)
    forbidden = FORBIDDEN.get(room, ())
    if room == "ui" and _name(path) not in STORE_GATES:
        forbidden = (*forbidden, "refapp.store")
    if _name(path) in QT_COMMANDS:
        forbidden = tuple(f for f in forbidden if f not in (*QT, "refapp.ui"))
    problems = sorted(
        {
            f"line {line}: imports {module}"
            for line, module in runtime_imports(path)
            if any(_imports(module, prefix) for prefix in forbidden)
        }
    )
    assert problems == [], f"refapp/{_name(path)} breaks the contracts of refapp/{room} (see this test's docstring)"


@pytest.mark.parametrize("path", [p for p in MODULES if _room(p) == "ui" and _name(p) not in STORE_GATES], ids=_name)
def test_a_ui_module_does_not_reach_for_the_store(path):
    problems = [
        f"line {node.lineno}: reaches for .{node.attr}"
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES
    ]
    assert problems == []


def test_the_exceptions_are_few_and_real():
    assert len(STORE_GATES) <= 4 and len(QT_COMMANDS) <= 2
    for name in QT_COMMANDS:
        assert any(_imports(m, "PySide6") for _, m in runtime_imports(PACKAGE / name)), f"{name} needs no Qt any more"
    for name in STORE_GATES:
        path = PACKAGE / name
        assert path.exists(), name
        assert any(_imports(m, "refapp.store") for _, m in runtime_imports(path)), f"{name} needs no gate any more"


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_a_long_module_says_why(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    if len(lines) <= MAX_LINES:
        return
    reason = next((line for line in lines[:3] if line.startswith("# size:")), None)
    assert reason is not None, f"refapp/{_name(path)} has {len(lines)} lines: split it, or say why on a '# size:' line"
    assert len(reason.removeprefix("# size:").strip()) >= 20, "the reason is a sentence"


@pytest.mark.parametrize("path", [p for p in MODULES if _room(p) == "ui"], ids=_name)
def test_a_stack_of_pages_is_a_pages(path):
    """A bare QStackedWidget asks every hidden page its height for a width whenever the shown page changes (every
    wrapped label of every page measured again: most of a tap's frame). ``refapp.ui.common.widgets.Pages`` does not."""
    if _name(path) == "ui/common/widgets.py":
        return
    problems = [
        f"line {node.lineno}: QStackedWidget (use refapp.ui.common.widgets.Pages)"
        for node in ast.walk(_tree(path))
        if (isinstance(node, ast.Name) and node.id == "QStackedWidget")
        or (isinstance(node, ast.Attribute) and node.attr == "QStackedWidget")
        or (isinstance(node, ast.alias) and node.name == "QStackedWidget")
    ]
    assert problems == []


def test_the_checker_sees_what_it_checks(tmp_path):
    """The checker finds a forbidden import written in any of the ways Python allows, and passes over one made for
    the type checker only."""
    ui = tmp_path / "refapp" / "ui" / "page"
    ui.mkdir(parents=True)
    module = ui / "view.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "import sqlite3\n"
        "from ...store import db\n"
        "if TYPE_CHECKING:\n"
        "    from refapp.store.db import Store\n"
        "def later():\n"
        "    from ... import store\n",
        encoding="utf-8",
    )
    found = runtime_imports(module, tmp_path)
    assert (2, "sqlite3") in found
    assert (3, "refapp.store") in found and (3, "refapp.store.db") in found
    assert (7, "refapp.store") in found
    assert not any(line == 5 for line, _ in found)


def test_every_package_is_installed():
    """A package missing from pyproject's list works from a clone and is missing from an installed refapp."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    packages = {".".join(_dotted(p)) for p in PACKAGE.rglob("__init__.py")}
    assert packages - listed == set()


# Documents that are not in the repository (the project's research notes): code, tests, docs and the user's texts
# cite the rule books by name and section, and the project's own docs (docs/rulings.md, docs/hand-checks.md,
# docs/worked-examples.md) instead.
OUTSIDE = ("RULES" + ".md", "HAND" + "-CHECKS", "shared" + "/rules", "shared" + "/seeds")


def test_nothing_cites_a_document_outside_the_repository():
    places = [ROOT / "README.md", *(ROOT / "pyproject.toml",)]
    for folder in ("refapp", "tests", "docs", "resources", "translations", "packaging", "benchmarks", ".ci"):
        places += [p for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".md", ".toml", ".ts", ".sh", "")]
    found = []
    for path in places:
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{path.relative_to(ROOT)}: {name}" for name in OUTSIDE if name in text]
    assert found == []
