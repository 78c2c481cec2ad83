"""Finding and reading rule-set files: the built-ins shipped in ``resources/rulesets`` and a club's own files in
the user data folder's ``rulesets/``. Parsing and validation are the domain's (:mod:`refapp.domain.rules`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..domain.rules import RuleSet, RuleSetError, parse_ruleset_text


@dataclass
class Catalog:
    """Every usable rule set by id, where it came from, and the files that could not be loaded (with why)."""

    rulesets: dict[str, RuleSet] = field(default_factory=dict)
    origins: dict[str, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def _builtin_files() -> list[tuple[str, str]]:
    folder = resources.files("refapp.resources").joinpath("rulesets")
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    return [(f"built-in {f.name}", f.read_text(encoding="utf-8")) for f in files]


def load_catalog(user_dir: Path | None = None) -> Catalog:
    """Load the built-in rule sets, then every ``*.toml`` in ``user_dir`` (which may extend a built-in).

    A bad user file is reported in ``errors`` and skipped: the others, and every built-in, still load.
    """
    cat = Catalog()
    raw: dict[str, dict[str, Any]] = {}
    for name, text in _builtin_files():
        rs, data = parse_ruleset_text(text, name, raw)  # a broken built-in is a bug: let it raise
        cat.rulesets[rs.id], cat.origins[rs.id], raw[rs.id] = rs, name, data
    if user_dir is not None and user_dir.is_dir():
        for path in sorted(user_dir.glob("*.toml")):
            try:
                rs, data = check_file(path, raw)
            except RuleSetError as exc:
                cat.errors.append(str(exc))
                continue
            except Exception as exc:  # noqa: BLE001 - a club's file, however broken, never stops the app
                cat.errors.append(f"{path}: cannot be used ({type(exc).__name__}: {str(exc)[:120]})")
                continue
            if rs.id in cat.rulesets:
                cat.errors.append(
                    f"{path}: key 'id': {rs.id!r} is already used by {cat.origins[rs.id]}; choose a new id"
                )
                continue
            cat.rulesets[rs.id], cat.origins[rs.id], raw[rs.id] = rs, str(path), data
    return cat


def check_file(path: Path, bases: dict[str, dict[str, Any]] | None = None) -> tuple[RuleSet, dict[str, Any]]:
    """Read and validate one rule-set file; raise :class:`RuleSetError` naming the file and key."""
    if bases is None:
        bases = {}
        for name, text in _builtin_files():
            rs, data = parse_ruleset_text(text, name, bases)
            bases[rs.id] = data
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleSetError(f"{path}: cannot be read: {exc}") from None
    return parse_ruleset_text(text, str(path), bases)
