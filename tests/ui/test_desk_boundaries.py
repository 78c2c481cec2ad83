"""Setup, History and Results reach the store only through the controller (``controller.desk``): none of their
modules imports sqlite3 or the store (types for the checker aside), or reaches for the controller's store, its
database connection or its table book (raw events). Each module stays small."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "refapp" / "ui"
PAGES = sorted(
    [UI / "setup_view.py", UI / "history_view.py", UI / "results_view.py", UI / "chart.py", UI / "collate.py"]
    + [UI / "flow_grid.py"]
    + list((UI / "setup").glob("*.py"))
    + list((UI / "history").glob("*.py"))
    + list((UI / "results").glob("*.py"))
)
FORBIDDEN_ATTRIBUTES = {"store", "conn", "book"}


def _runtime_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """Imports outside ``if TYPE_CHECKING:`` blocks, as (line, module) with relative imports resolved to dots."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in ast.walk(node):
                skip.add(id(inner))
    out = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append((node.lineno, "." * node.level + (node.module or "")))
    return out


@pytest.mark.parametrize("path", PAGES, ids=[str(p.relative_to(UI)) for p in PAGES])
def test_a_page_module_reaches_the_store_only_through_the_controller(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    problems = []
    for line, module in _runtime_imports(tree):
        parts = module.lstrip(".").split(".")
        if parts[0] == "sqlite3" or "store" in parts:
            problems.append(f"line {line}: imports {module}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            problems.append(f"line {node.lineno}: reaches for .{node.attr}")
    assert problems == []


@pytest.mark.parametrize("path", PAGES, ids=[str(p.relative_to(UI)) for p in PAGES])
def test_a_page_module_stays_small(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 400
