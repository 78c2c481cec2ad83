"""The rule sets a data folder offers: the built-in ones and the club's own files (``rulesets/*.toml``), a club file
checked as the app would load it, and every parameter of a rule set with where it comes from (``refapp rulesets``).
The app loads the same catalogue at start (:func:`refapp.core.folder.load_catalog`)."""

from __future__ import annotations

from pathlib import Path

from ..domain.rules import RuleSet
from ..store.rulesets import Catalog, Parameter, check_file, parameters


def check_club_file(path: Path, folder: Path) -> tuple[RuleSet, Catalog]:
    """Read and validate one rule-set file as the app would load it from the data folder ``folder`` (``extends`` may
    name a built-in or another club file there or beside it). Raises RuleSetError naming the file and the key."""
    return check_file(path, folder / "rulesets")


__all__ = ["Catalog", "Parameter", "check_club_file", "parameters"]
