"""One presentation of numbers (issue 27, item 5): every amount a screen, an export, a report or a command shows is
written by :mod:`refapp.domain.numbers` (which unit, which digits), through ``refapp.ui.common.texts`` in the app. Read from
the source (the syntax tree), no module but those says how an amount looks:

* no ``QLocale.toString`` of a number (a date or a time is written with a ``QLocale.FormatType``, and may be);
* no grouping of digits of its own (``f"{x:,}"``, ``format(x, ",")``, ``"{:,}".format(x)``);
* no conversion to the rule set's unit of its own (a division by a ``…unit`` or by 1,000, ``Fraction(x, unit)``).

The modules that write numbers that are not amounts (a file's size, a count of characters, the bounds of a number
typed on the command line) are listed with their reason; so is the one that converts an amount the other way, from
the unit a referee types it in.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_contracts import MODULES, PACKAGE, _name, _tree

HOME = {
    "domain/numbers.py": "the one function: which unit each kind of amount is shown in, and its digits",
    "ui/common/texts.py": "its thin Qt wrapper: the digits of the current language (QLocale), the unit's name translated",
}
# numbers that are not amounts, written where they are checked
NOT_AMOUNTS = {
    "domain/rules.py": "a rule-set file's size in bytes",
    "domain/rule_errors.py": "the bounds of a rule-set file's numbers, as the file writes them",
    "domain/rulings.py": "a refused answer, in the event's own numbers (table points, as the event carries them)",
    "store/rulesets.py": "a rule-set file's size in bytes",
    "store/safejson.py": "the digits and bytes of a JSON file read",
    "commands/common.py": "the bounds of a whole number typed on the command line",
}
# amounts converted the other way: from the unit they are entered in to the table points kept
ENTRY = {
    "ui/ruling/questions.py": "a penalty is entered in its unit (WRC points): the stepper's values times the unit",
}


def _formats_digits(node: ast.AST) -> bool:
    """A grouping format of its own: ``{x:,}``, ``{x:,.2f}``, ``format(x, ",")``, ``"{:,}".format(x)``."""
    if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
        spec = ast.unparse(node.format_spec)
        return "," in spec or "_d" in spec
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "format":
        return any(isinstance(a, ast.Constant) and "," in str(a.value) for a in node.args[1:])
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        target = node.func.value
        return isinstance(target, ast.Constant) and isinstance(target.value, str) and ":," in target.value
    return False


def _locale_number(node: ast.AST) -> bool:
    """``loc.toString(x)`` without a ``FormatType``: a number in the language's digits."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "toString"):
        return False
    return not any("FormatType" in ast.unparse(a) or "Format" in ast.unparse(a) for a in node.args[1:])


def _unit_of(node: ast.AST) -> bool:
    text = ast.unparse(node)
    return "unit" in text.lower() or (isinstance(node, ast.Constant) and node.value == 1000)


def _converts(node: ast.AST) -> bool:
    """``x / unit``, ``x // self._unit``, ``x / 1000``, ``Fraction(x, unit)``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv)):
        return _unit_of(node.right)
    if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("Fraction") and len(node.args) == 2:
        return _unit_of(node.args[1])
    return False


CHECKS = {
    "formats digits": _formats_digits,
    "writes a number with QLocale": _locale_number,
    "converts to a unit": _converts,
}


def problems(path: Path, name: str) -> list[str]:
    if name in HOME:
        return []
    out = []
    for node in ast.walk(_tree(path)):
        for what, check in CHECKS.items():
            if what == "formats digits" and name in NOT_AMOUNTS:
                continue
            if what == "converts to a unit" and name in ENTRY:
                continue
            if check(node):
                out.append(f"refapp/{name} line {getattr(node, 'lineno', '?')}: {what} ({ast.unparse(node)[:60]})")
    return out


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_module_writes_an_amount_by_itself(path):
    found = problems(path, _name(path))
    assert found == [], "write amounts with refapp.domain.numbers (refapp.ui.common.texts in the app): " + "; ".join(
        found
    )


def test_the_exceptions_are_real():
    """Each listed module still does what it is listed for (else the exception goes)."""
    for name in NOT_AMOUNTS:
        assert any(_formats_digits(n) for n in ast.walk(_tree(PACKAGE / name))), f"{name} formats no digits any more"
    for name in ENTRY:
        assert any(_converts(n) for n in ast.walk(_tree(PACKAGE / name))), f"{name} converts nothing any more"


def test_the_checker_sees_what_it_checks(tmp_path):
    """Each way of writing an amount by hand is found; a date written with QLocale and plain arithmetic are not."""
    module = tmp_path / "page.py"
    module.write_text(
        "def f(loc, x, rs, day):\n"
        "    a = f'{x:,}'\n"
        "    b = format(x, ',')\n"
        "    c = '{:,}'.format(x)\n"
        "    d = loc.toString(x)\n"
        "    e = x / rs.results.overall_unit\n"
        "    g = x // 1000\n"
        "    h = Fraction(x, unit)\n"
        "    ok = loc.toString(day, QLocale.FormatType.ShortFormat), x / 4, f'{x:>5}', x // 3\n",
        encoding="utf-8",
    )
    _tree.cache_clear()
    found = problems(module, "ui/page.py")
    assert sorted(int(p.split(": ", 1)[0].rsplit(" ", 1)[1]) for p in found) == [2, 3, 4, 5, 6, 7, 8], found
