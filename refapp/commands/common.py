"""What the command groups share: the one-line error, the rule-set catalogue, JSON in and out, the store, and the
argument types."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import JsonInputError, StoreError
from ..core.files import DB_NAME, data_dir
from ..core.files import read_json as read

if TYPE_CHECKING:
    from ..core.folder import Catalog
    from ..core.types import Store
    from ..domain.rules import RuleSet

    # what add_subparsers() returns: each command group's register() adds its commands to it
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

EXIT_BAD_INPUT = 2
EXIT_DAMAGED = 1  # `refapp verify`: the database or a hash chain is damaged


class CliError(Exception):
    """A user-facing error: printed as one line, exit status 2."""


def catalog(args: argparse.Namespace) -> Catalog:
    """The rule sets, built-in and the data folder's own; a club file that cannot be loaded is a warning line."""
    from ..core.folder import load_catalog

    cat = load_catalog(data_dir(getattr(args, "data_dir", None)))
    for err in cat.errors:
        print(f"refapp: warning: rule set skipped: {err}", file=sys.stderr)
    return cat


def named_ruleset(args: argparse.Namespace, option: str = "--ruleset") -> RuleSet | None:
    """The rule set named by ``args.ruleset``, or None when none is named."""
    if getattr(args, "ruleset", None) is None:
        return None
    cat = catalog(args)
    rs = cat.rulesets.get(args.ruleset)
    if rs is None:
        raise CliError(f"{option}: unknown rule set {args.ruleset!r} (known: {', '.join(sorted(cat.rulesets))})")
    return rs


def read_json(path: str) -> Any:
    """The JSON document of a file given on the command line (``-``: standard input), read with the limits of
    :mod:`refapp.core.files` (size, nesting, huge integers, NaN, lone surrogates): bad input is one line."""
    try:
        return read(path)
    except JsonInputError as exc:
        raise CliError(str(exc)) from None


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def data_folder(args: argparse.Namespace, *, must_exist: bool = True) -> Path:
    """The data folder (``--data-dir``, else the default); with ``must_exist``, one that holds a database."""
    folder = data_dir(getattr(args, "data_dir", None))
    if must_exist and not (folder / DB_NAME).exists():
        raise CliError(f"no refapp database in {folder} (nothing recorded there yet; see --data-dir)")
    return folder


def open_store(args: argparse.Namespace, *, must_exist: bool = True, read_only: bool = False) -> Store:
    """The data folder's store: read-only (no lock, nothing written) for the commands that only read."""
    from ..core.folder import open_folder

    folder = data_folder(args, must_exist=must_exist)
    try:
        store = open_folder(folder, read_only=read_only)
    except StoreError as exc:
        raise CliError(str(exc)) from None
    for warning in store.warnings:
        print(f"refapp: warning: {warning}", file=sys.stderr)
    return store


def tournament_ids(store: Store, ref: str) -> list[str]:
    """The ids of the tournaments whose id or name is ``ref`` (at least one, else :class:`CliError`)."""
    from ..core.folder import tournament_ids as find
    from ..core.folder import tournament_names

    ids = find(store, ref)
    if not ids:
        known = ", ".join(repr(name) for _, name in tournament_names(store)) or "none yet"
        raise CliError(f"--tournament: no tournament with id or name {ref!r} (known: {known})")
    return ids


def one_tournament(store: Store, ref: str | None) -> str:
    """The id of the tournament named by ``ref``, or of the only tournament when ``ref`` is None."""
    from ..core.folder import tournament_names

    if ref is None:
        all_ = tournament_names(store)
        if len(all_) == 1:
            return all_[0][0]
        known = ", ".join(repr(name) for _, name in all_) or "none yet"
        raise CliError(f"--tournament is needed: which tournament? (known: {known})")
    ids = tournament_ids(store, ref)
    if len(ids) > 1:
        raise CliError(
            f"--tournament: {len(ids)} tournaments are named {ref!r}: give the id instead ({', '.join(ids)})"
        )
    return ids[0]


def whole_number(minimum: int, maximum: int = 10**9) -> Callable[[str], int]:
    """An argparse type: a whole number from ``minimum`` to ``maximum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            shown = text if len(text) <= 40 else text[:40] + "..."
            raise argparse.ArgumentTypeError(f"expected a whole number, got {shown!r}") from None
        if not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"expected {minimum} to {maximum:,}, got {text[:40]}")
        return value

    return parse
