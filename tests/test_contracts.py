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
* The command line (``refapp/commands``, ``refapp/cli.py``, ``refapp/cli_io.py``), like the user interface, never
  imports sqlite3 nor ``refapp.store``: every command goes through the core (:mod:`refapp.core`), the app's own
  path for the same action, and none reaches for a ``.store``, ``.conn`` or ``.book`` attribute. The allowance list
  :data:`COMMAND_STORE_GATES` (a module and its reason) is empty.
* Nothing but the entry points (``refapp/cli.py``, ``refapp/app.py``) imports the command line or the
  composition root.
* Nothing in ``refapp`` imports in a circle (the graph counts every import of the package's own modules, at a
  module's top and inside functions).
* A module imports one of the package's modules inside a function only where start-up speed needs it: each such
  import is listed in :data:`LAZY_IMPORTS` with its reason (and each listed one still exists).
* No module imports a private name (``_name``) of another module.
* ``refapp/store`` is in two layers: each of its modules says ``Layer: bottom`` or ``Layer: feature`` in its
  docstring, and a bottom module imports no feature.
* What one layer (the faces; the core; the store; the domain) hands another is a typed record, not a loose dict:
  no ``dict[str, Any]``, ``Mapping[str, Any]``, ``dict[str, object]``, bare ``dict`` or ``Any`` in the signature of
  a function, method or class field used across a layer boundary (:func:`loose_crossings`), but those listed in
  :data:`LOOSE_ALLOWED`, each with its reason.

Imports under ``if TYPE_CHECKING:`` are for the type checker only and are allowed everywhere. Imports inside
functions count (they run). ``tests/domain/test_no_qt.py`` checks the domain's rule again at run time.

A module of more than :data:`MAX_LINES` lines says why on a line starting ``# size:`` at its top.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from dataclasses import dataclass
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
# The command line's modules that may import refapp.store, and why: none (the core is its one door, as for the app).
COMMAND_STORE_GATES: dict[str, str] = {}
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
    "commands": (*QT, "sqlite3", "refapp.store", "refapp.ui", "refapp.app"),
    "cli": ("sqlite3", "refapp.store"),  # (the app, Qt and all, only when no command is given: LAZY_IMPORTS)
    "cli_io": (*QT, "sqlite3", "refapp.store", "refapp.ui", "refapp.app"),
}
COMMAND_LINE = ("commands", "cli", "cli_io")


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


def forbidden_imports(path: Path, package: Path = PACKAGE) -> list[str]:
    """The imports of ``path`` (a module of ``package``) that its room may not make."""
    name = str(path.relative_to(package))
    room = path.relative_to(package).parts[0].removesuffix(".py")
    forbidden = FORBIDDEN.get(room, ())
    if name in STORE_GATES or name in COMMAND_STORE_GATES:
        forbidden = tuple(f for f in forbidden if f not in ("sqlite3", "refapp.store"))
    if name in QT_COMMANDS:
        forbidden = tuple(f for f in forbidden if f not in (*QT, "refapp.ui"))
    return sorted(
        {
            f"line {line}: imports {module}"
            for line, module in runtime_imports(path, package.parent)
            if any(_imports(module, prefix) for prefix in forbidden)
        }
    )


def store_reaches(path: Path) -> list[str]:
    """Where ``path`` reaches for a store, a database connection or a table book by its attribute."""
    return [
        f"line {node.lineno}: reaches for .{node.attr}"
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES
    ]


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_a_module_imports_only_what_its_room_may(path):
    problems = forbidden_imports(path)
    assert problems == [], (
        f"refapp/{_name(path)} breaks the contracts of refapp/{_room(path)} (see this test's docstring)"
    )


@pytest.mark.parametrize("path", [p for p in MODULES if _room(p) == "ui" and _name(p) not in STORE_GATES], ids=_name)
def test_a_ui_module_does_not_reach_for_the_store(path):
    assert store_reaches(path) == []


@pytest.mark.parametrize(
    "path", [p for p in MODULES if _room(p) in COMMAND_LINE and _name(p) not in COMMAND_STORE_GATES], ids=_name
)
def test_a_command_does_not_reach_for_the_store(path):
    """A command holds the store the core opened for it (:mod:`refapp.core.folder`) only to hand it back to the core:
    no SQL of its own, no raw events."""
    assert store_reaches(path) == []


def test_the_exceptions_are_few_and_real():
    assert len(STORE_GATES) <= 4 and len(QT_COMMANDS) <= 2 and len(COMMAND_STORE_GATES) <= 2
    for name in COMMAND_STORE_GATES:
        path = PACKAGE / name
        assert path.exists(), name
        assert any(_imports(m, "refapp.store") for _, m in runtime_imports(path)), f"{name} needs no gate any more"
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


def test_the_checker_sees_a_command_reach_for_the_store(tmp_path):
    """A command that imports the store (or sqlite3) in any of the ways Python allows, or reaches for a connection,
    breaks the command line's contract; the same command through the core does not."""
    package = tmp_path / "refapp"
    (package / "commands").mkdir(parents=True)
    module = package / "commands" / "venue.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "import sqlite3\n"
        "from ..store.sync import sync\n"
        "if TYPE_CHECKING:\n"
        "    from refapp.store.db import Store\n"
        "def cmd_device(store):\n"
        "    from refapp.store import devices\n"
        "    return store.conn.execute('SELECT key FROM device_keys')\n",
        encoding="utf-8",
    )
    assert forbidden_imports(module, package) == [
        "line 2: imports sqlite3",
        "line 3: imports refapp.store.sync",
        "line 3: imports refapp.store.sync.sync",
        "line 7: imports refapp.store",
        "line 7: imports refapp.store.devices",
    ]
    assert store_reaches(module) == ["line 8: reaches for .conn"]
    module.write_text(
        "from ..core.venue import own_key, sync_once\n"
        "def cmd_device(store):\n"
        "    from ..core.folder import open_folder\n"
        "    return own_key(store)\n",
        encoding="utf-8",
    )
    _tree.cache_clear()
    assert forbidden_imports(module, package) == [] and store_reaches(module) == []
    for name in ("cli.py", "cli_io.py"):  # the command line's entry points too
        entry = package / name
        entry.write_text("from .store.safejson import one_line\n", encoding="utf-8")
        found = forbidden_imports(entry, package)
        assert found == ["line 1: imports refapp.store.safejson", "line 1: imports refapp.store.safejson.one_line"]


def test_every_package_is_installed():
    """A package missing from pyproject's list works from a clone and is missing from an installed refapp."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    packages = {".".join(_dotted(p)) for p in PACKAGE.rglob("__init__.py")}
    assert packages - listed == set()


# -- the import graph ------------------------------------------------------------------------------------------------

# Why an import waits inside a function: start-up speed, nothing else (every other import is at its module's top).
FIRST_FRAME_PAGES = (
    "the main window is built for the first frame, which loads no pydantic, no domain model and no store: a page, "
    "and the core, the domain and the store it needs, loads when the page is first shown"
)
FIRST_FRAME_APP = (
    "the main window is built for the first frame: what the attached app adds to it (the session clock, the calls, "
    "a riichi's refusal) loads the domain's models (pydantic) when the app attaches"
)
SECOND_STEP = (
    "the app's second step, after the first frame is painted: the store, the settings, the rule sets and the "
    "controller (pydantic, SQLite, the ledger)"
)
LOG_WINDOW = "only for refapp --log FILE: a table log's replay (the domain's models, the ledger)"
BOARD_FACTS = (
    "refapp.ui.board imports board_facts for the first frame; the ledger's JSON view (pydantic) loads only when "
    "there is a state to show"
)
CLI_GROUPS = (
    "refapp with no command starts the board at once: the command groups' parsers load only for a command or --help"
)
CLI_APP = "a command never loads the app (Qt, the window)"
CLI_LANGUAGE = "only when REFAPP_LANG asks for a refusal in another language than English: Qt's translations load then"
COMMAND_RUN = (
    "every command group's parser is built for any command: a command's implementation (the store, the domain's "
    "models, Qt) loads only when that command runs"
)


def _each(reason: str, importer: str, *imported: str) -> dict[tuple[str, str], str]:
    return {(importer, f"refapp.{m}"): reason for m in imported}


# (importing module, imported module) -> why it waits inside a function
LAZY_IMPORTS: dict[tuple[str, str], str] = {
    **_each(FIRST_FRAME_PAGES, "refapp.ui.shell.pages", "ui.ruling", "ui.hand_result", "ui.history.view",
            "ui.results.view", "ui.setup.view", "ui.venue.page", "ui.hand_check", "ui.clock.page", "ui.reseat"),
    **_each(FIRST_FRAME_APP, "refapp.ui.shell.main_window", "ui.clock.panel", "ui.board.referee_call",
            "ui.board.confirm_bar", "ui.board.planned", "domain.events"),
    **_each(BOARD_FACTS, "refapp.domain.board", "domain.ledger_json"),
    **_each(SECOND_STEP, "refapp.app", "core.folder", "core.integrity", "store.settings", "ui.shell.controller"),
    **_each(LOG_WINDOW, "refapp.app", "core.folder", "domain.events", "domain.ledger"),
    **_each(CLI_GROUPS, "refapp.cli", *(f"commands.{c}" for c in ("clock", "hand", "history", "integrity", "players",
            "records", "reports", "seating", "rulesets", "standings", "tablelog", "transfer", "venue"))),
    **_each(CLI_APP, "refapp.cli", "app"),
    **_each(CLI_LANGUAGE, "refapp.cli_language", "ui.common.languages", "ui.common.messages"),
    **_each(COMMAND_RUN, "refapp.commands.clock", "core.clock", "core.folder", "domain.clock", "domain.rules"),
    **_each(COMMAND_RUN, "refapp.commands.common", "core.folder"),
    **_each(COMMAND_RUN, "refapp.commands.hand", "domain.hands", "domain.hands.waits"),
    **_each(COMMAND_RUN, "refapp.commands.history", "core.folder", "core.search"),
    **_each(COMMAND_RUN, "refapp.commands.integrity", "core.integrity"),
    **_each(COMMAND_RUN, "refapp.commands.players", "core.folder", "core.seating"),
    **_each(COMMAND_RUN, "refapp.commands.seating", "commands.clock", "core.errors", "core.folder", "core.seating",
            "domain.seating"),
    **_each(COMMAND_RUN, "refapp.commands.records", "core.results"),
    **_each(COMMAND_RUN, "refapp.commands.reports", "core.folder", "core.history", "core.reports",
            "ui.common.languages", "ui.report"),
    **_each(COMMAND_RUN, "refapp.commands.rulesets", "core.rulesets", "domain.rules", "domain.rulings"),
    **_each(COMMAND_RUN, "refapp.commands.standings", "core.results", "domain.tournament"),
    **_each(COMMAND_RUN, "refapp.commands.tablelog", "domain.events", "domain.ledger", "domain.ledger_json"),
    **_each(COMMAND_RUN, "refapp.commands.transfer", "core.transfer"),
    **_each(COMMAND_RUN, "refapp.commands.venue", "core.venue"),
}  # fmt: skip


@dataclass(frozen=True)
class Import:
    """One import of a package's own module: by ``module`` at ``line``, of ``target`` (the nearest module that
    exists: ``from pkg import name`` is ``pkg.name`` when that is a module, else ``pkg``), the ``names`` a ``from``
    import takes, and whether it runs inside a function."""

    module: str
    line: int
    target: str
    names: tuple[str, ...]
    in_function: bool


def _module_name(package: Path, path: Path) -> str:
    return ".".join(_dotted(path, package.parent))


def package_imports(package: Path) -> list[Import]:
    """Every import of ``package``'s own modules by its modules, at their top or inside functions; those under ``if
    TYPE_CHECKING:`` are left out (no dependency at run time)."""
    files = {_module_name(package, p): p for p in sorted(package.rglob("*.py"))}

    def known(name: str) -> str | None:
        while name:
            if name in files:
                return name
            name = name.rpartition(".")[0]
        return None

    out: list[Import] = []
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        typing_only: set[int] = set()
        in_function: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                typing_only.update(id(inner) for sub in node.body for inner in ast.walk(sub))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                in_function.update(id(sub) for sub in ast.walk(node) if sub is not node)
        package_parts = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                targets = [(alias.name, ()) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base_parts = package_parts[: len(package_parts) - (node.level - 1)]
                    base = ".".join(base_parts + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                targets = [(f"{base}.{a.name}" if f"{base}.{a.name}" in files else base, (a.name,)) for a in node.names]
            else:
                continue
            for target, names in targets:
                if target != package.name and not target.startswith(package.name + "."):
                    continue
                found = known(target)
                if found is not None and found != module:
                    out.append(Import(module, node.lineno, found, names, id(node) in in_function))
    return out


def circles(imports: list[Import]) -> list[list[str]]:
    """The import circles: each set of two or more modules that import one another (a package's ``__init__``
    importing its own children is none)."""
    graph: dict[str, set[str]] = {}
    for imp in imports:
        graph.setdefault(imp.module, set()).add(imp.target)
        graph.setdefault(imp.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return [c for c in found if not all(m == c[0] or m.startswith(c[0] + ".") for m in c)]


def unlisted_lazy_imports(imports: list[Import], listed: dict[tuple[str, str], str]) -> list[str]:
    """The imports inside functions that :data:`LAZY_IMPORTS` (or ``listed``) does not give a reason for."""
    return sorted(
        {
            f"{i.module} line {i.line}: {i.target}"
            for i in imports
            if i.in_function and (i.module, i.target) not in listed
        }
    )


def private_imports(imports: list[Import]) -> list[str]:
    """The private names (``_name``, not ``__dunder__``) imported from another module."""
    return sorted(
        f"{i.module} line {i.line}: {name} from {i.target}"
        for i in imports
        for name in i.names
        if name.startswith("_") and not name.startswith("__")
    )


@cache
def _refapp_imports() -> tuple[Import, ...]:
    return tuple(package_imports(PACKAGE))


def test_nothing_in_refapp_imports_in_a_circle():
    assert circles(list(_refapp_imports())) == []


def test_an_import_inside_a_function_waits_for_a_listed_reason():
    """Start-up speed is the one reason for an import inside a function; anything else imports at the top (an import
    hidden in a function to dodge a circle hides the circle)."""
    assert unlisted_lazy_imports(list(_refapp_imports()), LAZY_IMPORTS) == []


def test_every_listed_lazy_import_is_real_and_says_why():
    lazy = {(i.module, i.target) for i in _refapp_imports() if i.in_function}
    assert sorted(set(LAZY_IMPORTS) - lazy) == [], "listed, but no longer imported inside a function: unlist it"
    assert all(len(reason) >= 40 for reason in LAZY_IMPORTS.values())


def test_no_private_name_is_imported_from_another_module():
    assert private_imports(list(_refapp_imports())) == []


STORE_LAYERS = ("bottom", "feature")


def _layer(path: Path) -> str | None:
    doc = ast.get_docstring(_tree(path)) or ""
    found = re.search(r"^Layer: (\w+)", doc, re.M)
    return found.group(1) if found else None


def test_the_store_is_in_layers():
    """Each module of ``refapp/store`` says its layer in its docstring; a bottom module imports no feature."""
    store = [p for p in MODULES if _room(p) == "store" and p.name != "__init__.py"]
    layers = {".".join(_dotted(p)): _layer(p) for p in store}
    assert sorted(m for m, layer in layers.items() if layer not in STORE_LAYERS) == [], "say 'Layer: bottom|feature'"
    upward = sorted(
        f"{i.module} line {i.line}: imports the feature {i.target}"
        for i in _refapp_imports()
        if layers.get(i.module) == "bottom" and layers.get(i.target) == "feature"
    )
    assert upward == []


def test_the_import_checker_sees_each_kind(tmp_path):
    """On a small package: a circle made through an import inside a function, that import unlisted (and passed once
    listed), a private name taken from another module; an import for the type checker only is no import, and
    ``from package import module`` names the module."""
    pkg = tmp_path / "refapp"
    (pkg / "store").mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "store" / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "store" / "db.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from .verify import Report\n"
        "def check():\n"
        "    from . import verify\n"
        "    return verify.run()\n",
        encoding="utf-8",
    )
    (pkg / "store" / "verify.py").write_text("from .db import check\ndef run():\n    return check\n", encoding="utf-8")
    (pkg / "store" / "rows.py").write_text("from refapp.store.db import _writer\n", encoding="utf-8")
    (pkg / "lone.py").write_text("def f():\n    from .store import rows\n", encoding="utf-8")
    imports = package_imports(pkg)
    assert circles(imports) == [["refapp.store.db", "refapp.store.verify"]]
    assert unlisted_lazy_imports(imports, {}) == [
        "refapp.lone line 2: refapp.store.rows",
        "refapp.store.db line 5: refapp.store.verify",
    ]
    listed = {("refapp.store.db", "refapp.store.verify"): "a reason", ("refapp.lone", "refapp.store.rows"): "another"}
    assert unlisted_lazy_imports(imports, listed) == []
    assert private_imports(imports) == ["refapp.store.rows line 1: _writer from refapp.store.db"]
    assert not any(i.line == 3 for i in imports if i.module == "refapp.store.db")  # the type checker's only
    # the circle gone (the verify module no longer imports db): no circle, the lazy import still to list
    (pkg / "store" / "verify.py").write_text("def run():\n    return None\n", encoding="utf-8")
    assert circles(package_imports(pkg)) == []


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


# -- typed records across the layers ---------------------------------------------------------------------------------

# The layers, top to bottom: a module's layer is its room's (the faces: the app's pages, the command line, the
# composition roots and the log).
LAYERS = {"ui": "faces", "commands": "faces", "core": "core", "store": "store", "domain": "domain"}
LOOSE_CONTAINERS = {"dict", "Dict", "Mapping", "MutableMapping"}
# A method read as ``x.append`` may be a list's: the names of the built-in containers' methods tell nothing.
BUILTIN_METHODS = {name for kind in (list, dict, set, str, tuple) for name in dir(kind) if not name.startswith("_")}
# Why a loose dict still crosses a layer boundary (each reason names what it holds and where it is typed instead).


def _loose(reason: str, module: str, *qualnames: str) -> dict[tuple[str, str], str]:
    return {(f"refapp.{module}", q): reason for q in qualnames}


# (defining module, qualified name) -> why it still hands a loose dict across a layer boundary
LOOSE_ALLOWED: dict[tuple[str, str], str] = {}


def _layer_of(module: str) -> str:
    parts = module.split(".")
    return LAYERS.get(parts[1], "faces") if len(parts) > 1 else "faces"


def loose_parts(annotation: ast.expr | None) -> list[str]:
    """What in one annotation stands for a record without saying its fields: ``dict[str, Any]``, ``Mapping[str,
    Any]``, ``dict[str, object]`` (any loose mapping whose values are ``Any`` or ``object``), a bare ``dict`` and an
    ``Any`` (but inside ``Callable[...]``, where it says "whatever a callback returns")."""
    if annotation is None:
        return []
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = ast.parse(annotation.value, mode="eval").body
    found: list[str] = []

    def last(node: ast.expr) -> str:
        return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""

    def walk(node: ast.expr) -> None:
        if isinstance(node, ast.Subscript):
            head = last(node.value)
            if head == "Callable":
                return
            if head in LOOSE_CONTAINERS and isinstance(node.slice, ast.Tuple) and len(node.slice.elts) == 2:
                if last(node.slice.elts[1]) in ("Any", "object"):
                    found.append(ast.unparse(node))
                    return
            for child in node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]:
                walk(child)
        elif isinstance(node, ast.BinOp):
            walk(node.left)
            walk(node.right)
        elif last(node) in ("dict", "Dict", "Any"):
            found.append(ast.unparse(node))

    walk(annotation)
    return found


@dataclass(frozen=True)
class Loose:
    """A loose record in the signature of ``qualname`` (defined in ``module``) that ``user`` (another layer) uses."""

    module: str
    qualname: str
    where: str  # "return", "parameter NAME", "field NAME"
    annotation: str
    user: str

    def __str__(self) -> str:
        return f"{self.module}.{self.qualname} ({self.where}: {self.annotation}) used by {self.user}"


class _Package:
    """Every module of a package, parsed: what each defines at its top and what each imports (all imports: those
    for the type checker too, and those inside functions — a type named is a record handed over)."""

    def __init__(self, package: Path) -> None:
        self.trees = {_module_name(package, p): _parse(p) for p in sorted(package.rglob("*.py"))}
        self.defs: dict[str, dict[str, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]] = {}
        self.names: dict[str, dict[str, tuple[str, str]]] = {}  # module -> local name -> (module, name)
        for module, tree in self.trees.items():
            self.defs[module] = {
                node.name: node
                for node in tree.body
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            }
            self.names[module] = self._imported(module, tree)

    def _imported(self, module: str, tree: ast.Module) -> dict[str, tuple[str, str]]:
        is_package = module.split(".")[-1] == "__init__" or any(m.startswith(module + ".") for m in self.trees)
        parts = module.split(".") if is_package else module.split(".")[:-1]
        out: dict[str, tuple[str, str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(parts[: len(parts) - (node.level - 1)] + ([node.module] if node.module else []))
                for alias in node.names:
                    out[alias.asname or alias.name] = (base, alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        out[alias.asname] = (alias.name, "")
        return out

    def resolve(self, module: str, name: str, depth: int = 0) -> tuple[str, ast.AST | None]:
        """Where ``name`` as ``module`` sees it is defined: (module, its definition), (module, None) for a module
        of the package, ("", None) for anything else."""
        if depth > 10:
            return "", None
        if not name:
            return (module, None) if module in self.trees else ("", None)
        if f"{module}.{name}" in self.trees and name not in self.defs.get(module, {}):
            return f"{module}.{name}", None
        if name in self.defs.get(module, {}):
            return module, self.defs[module][name]
        if name in self.names.get(module, {}):
            target, original = self.names[module][name]
            if target in self.trees or f"{target}.{original}" in self.trees:
                return self.resolve(target, original, depth + 1)
        return "", None


def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _signature(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[str, ast.expr | None]]:
    a = node.args
    params = [p for p in (*a.posonlyargs, *a.args, *a.kwonlyargs) if p.arg not in ("self", "cls")]
    return [(f"parameter {p.arg}", p.annotation) for p in params] + [("return", node.returns)]


def _members(node: ast.ClassDef) -> dict[str, list[tuple[str, ast.expr | None]]]:
    """A class's public methods (and ``__init__``) and its annotated fields, each with its annotations."""
    out: dict[str, list[tuple[str, ast.expr | None]]] = {}
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if not item.name.startswith("_") or item.name == "__init__":
                out.setdefault(item.name, []).extend(_signature(item))
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            if not item.target.id.startswith("_"):
                out[item.target.id] = [(f"field {item.target.id}", item.annotation)]
    return out


def loose_crossings(package: Path) -> list[Loose]:
    """Each function, method or class field defined in one layer and used from a module of another whose
    annotations hold a loose record (:func:`loose_parts`).

    Used means: a name imported from a module of another layer (also for the type checker only, also inside a
    function; re-exports followed to the definition) — a function's parameters and return, a class's fields and
    ``__init__`` and the methods whose name the user module reads as an attribute anywhere (but the names of the
    built-in containers' methods, ``append``, ``get``...: those would be a list's as often); an imported module's
    functions and classes the user reads as ``module.name``; and, followed to any depth, the classes that these
    annotations name (a record returned carries its fields across), through the classes of the user's own layer too
    (a page reaching the core through the controller's ``history`` property).

    What it cannot see: a method reached through an object whose type no annotation names (an attribute set in
    ``__init__`` without an annotation in the class body, a value typed by inference only); a method with a built-in
    container's name; a method inherited from a base class; what a dict holds when its annotation says nothing
    loose (``dict[str, int]`` is typed enough); ``object`` (an honest "anything, checked here", as a parser's input).
    It may count too much: a method counts as used when its name is read as any attribute in the user module."""
    pkg = _Package(package)
    found: set[Loose] = set()
    for user, tree in pkg.trees.items():
        layer = _layer_of(user)
        attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        module_reads: dict[str, set[str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                module_reads.setdefault(node.value.id, set()).add(node.attr)
        todo: list[tuple[str, ast.AST]] = []
        for local, (target, original) in pkg.names[user].items():
            where, node = pkg.resolve(target, original)
            if not where:
                continue
            if node is None:  # a module: what the user reads from it
                todo += [pkg.resolve(where, attr) for attr in module_reads.get(local, ()) if attr]  # type: ignore[misc]
            else:
                todo.append((where, node))
        seen: set[tuple[str, str]] = set()
        while todo:
            where, node = todo.pop()
            if not where or node is None:
                continue
            assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            if (where, node.name) in seen:
                continue
            seen.add((where, node.name))
            crossing = _layer_of(where) != layer  # (one of the user's own layer: only followed to what it names)
            if isinstance(node, ast.ClassDef):
                members = {
                    name: notes
                    for name, notes in _members(node).items()
                    if (name in attributes and name not in BUILTIN_METHODS)
                    or (crossing and (name == "__init__" or notes[0][0].startswith("field ")))
                }
                signatures = [(f"{node.name}.{name}", notes) for name, notes in members.items()]
            else:
                signatures = [(node.name, _signature(node))]
            for qualname, notes in signatures:
                for kind, annotation in notes:
                    for part in loose_parts(annotation) if crossing else ():
                        found.add(Loose(where, qualname, kind, part, user))
                    for name in {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)} if annotation else ():
                        todo.append(pkg.resolve(where, name))  # type: ignore[arg-type]
    return sorted(found, key=str)


def test_no_loose_record_crosses_a_layer():
    """What one layer hands another is a typed record (a pydantic model, a frozen dataclass, a TypedDict for JSON on
    its way to or from a codec), never a loose dict: see :func:`loose_crossings` for what is checked. The few still
    loose are listed in :data:`LOOSE_ALLOWED`, each with its reason."""
    found = loose_crossings(PACKAGE)
    assert sorted({str(f) for f in found if (f.module, f.qualname) not in LOOSE_ALLOWED}) == []
    typed = sorted(set(LOOSE_ALLOWED) - {(f.module, f.qualname) for f in found})
    assert typed == [], "listed, but no loose record crosses there any more: unlist it"
    assert all(len(reason) >= 40 for reason in LOOSE_ALLOWED.values())


def test_the_record_checker_sees_what_it_checks(tmp_path):
    """On a small package: a store function and a store class's method and field handing a loose dict to the core
    are found (through a re-export, a module import, a returned record's field), and a core method the user
    interface reaches through a class of its own layer; a typed record and a dict kept inside one layer are not."""
    pkg = tmp_path / "refapp"
    for room in ("store", "core", "domain", "ui"):
        (pkg / room).mkdir(parents=True)
        (pkg / room / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "store" / "__init__.py").write_text("from .rows import Book\n", encoding="utf-8")
    (pkg / "store" / "rows.py").write_text(
        "from __future__ import annotations\n"
        "from dataclasses import dataclass\n"
        "from typing import Any, Mapping\n"
        "@dataclass(frozen=True)\n"
        "class Row:\n"
        "    name: str\n"
        "    extra: dict[str, object]\n"
        "class Book:\n"
        "    def events(self) -> list[dict[str, Any]]: ...\n"
        "    def row(self, key: str) -> Row: ...\n"
        "    def unused(self, x: dict) -> None: ...\n"
        "def read(rows: Mapping[str, Any], f: Callable[..., Any]) -> Row: ...\n"
        "def inside(x: dict[str, Any]) -> Any: ...\n"
        "def typed(x: Row) -> 'list[Row]': ...\n",
        encoding="utf-8",
    )
    (pkg / "store" / "reads.py").write_text(
        "from .rows import inside\ndef here(x):\n    return inside(x)\n", encoding="utf-8"
    )
    (pkg / "core" / "session.py").write_text(
        "from ..store import Book\n"
        "from ..store import rows\n"
        "def f(book: Book):\n"
        "    return book.events(), book.row('a').name, rows.read({}, print), rows.typed(None)\n",
        encoding="utf-8",
    )
    (pkg / "core" / "desk.py").write_text(
        "from typing import Any\nclass Desk:\n    def page(self, filters: dict[str, Any]) -> list[int]: ...\n",
        encoding="utf-8",
    )
    (pkg / "ui" / "controller.py").write_text(
        "from ..core.desk import Desk\nclass Controller:\n    @property\n    def desk(self) -> Desk: ...\n",
        encoding="utf-8",
    )
    (pkg / "ui" / "page.py").write_text(
        "from .controller import Controller\ndef show(c: Controller):\n    return c.desk.page({})\n", encoding="utf-8"
    )
    assert sorted(str(f) for f in loose_crossings(pkg)) == [
        "refapp.core.desk.Desk.page (parameter filters: dict[str, Any]) used by refapp.ui.page",
        "refapp.store.rows.Book.events (return: dict[str, Any]) used by refapp.core.session",
        "refapp.store.rows.Row.extra (field extra: dict[str, object]) used by refapp.core.session",
        "refapp.store.rows.read (parameter rows: Mapping[str, Any]) used by refapp.core.session",
    ]
    assert loose_parts(ast.parse("dict | list[Any] | tuple[str, Callable[[int], Any]]", mode="eval").body) == [
        "dict",
        "Any",
    ]
