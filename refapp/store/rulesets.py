"""Finding and reading rule-set files: the built-ins shipped in ``resources/rulesets`` and a club's own files in
the user data folder's ``rulesets/``. Parsing and validation are the domain's (:mod:`refapp.domain.rules`).

A club file may extend a built-in or another club file (``extends = "<id>"``); chains are resolved whatever the file
names' order, a cycle is named as such, and a club file cannot take a built-in's id. A ruling a club file changes
without a citation of its own is the club's rule, and said so (:func:`refapp.domain.rules.extend`).

Layer: feature (the rule-set files).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from pydantic import BaseModel

from ..domain.jsontypes import Json, TomlTable
from ..domain.rules import SECTIONS, RuleSet, RuleSetError, check_own, deep_merge, extend, load_toml, validate_raw
from .paths import read_regular


@dataclass
class Catalog:
    """Every usable rule set by id, where it came from, and the files that could not be loaded (with why)."""

    rulesets: dict[str, RuleSet] = field(default_factory=dict)
    origins: dict[str, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    own: dict[str, TomlTable] = field(default_factory=dict)  # each file's own keys (before extends)
    parents: dict[str, str] = field(default_factory=dict)  # id -> the id it extends
    builtin: set[str] = field(default_factory=set)
    # id -> what its club file changes without citing it (one line each, naming the file and the key: rulesets --check)
    warnings: dict[str, list[str]] = field(default_factory=dict)


def _builtin_files() -> list[tuple[str, str]]:
    folder = resources.files("refapp.resources").joinpath("rulesets")
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    return [(f"built-in {f.name}", f.read_text(encoding="utf-8")) for f in files]


def _read(path: Path) -> str:
    try:
        size = path.stat().st_size
        if size > 10_000_000:  # not read at all: the domain's limit is far lower, say so without loading it
            raise RuleSetError(f"{path}: file too large ({size:,} bytes; a rule-set file is at most 1,000,000)")
        return read_regular(path).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleSetError(f"{path}: cannot be read: {exc}") from None


class _Resolver:
    """Merges ``extends`` chains of raw files; built-ins first, then club files in any order."""

    def __init__(self, cat: Catalog):
        self.cat = cat
        self.merged: dict[str, TomlTable] = {}
        self.pending: dict[str, tuple[str, TomlTable]] = {}  # club id -> (source, own raw)
        self.failed: dict[str, str] = {}

    def add_builtin(self, source: str, text: str) -> None:
        raw = load_toml(text, source)  # a broken built-in is a bug: let it raise
        own = dict(raw)
        parent = raw.pop("extends", None)
        if parent is not None:
            parent = str(parent)
            raw = deep_merge(self.merged[parent], raw)
            self.cat.parents[str(raw["id"])] = parent
        rs = validate_raw(raw, source)
        self.cat.rulesets[rs.id], self.cat.origins[rs.id] = rs, source
        self.cat.own[rs.id], self.merged[rs.id] = own, raw
        self.cat.builtin.add(rs.id)

    def resolve(self, rid: str, stack: tuple[str, ...] = ()) -> TomlTable:
        """The merged raw data of club rule set ``rid``; raises :class:`RuleSetError` naming its file."""
        if rid in self.merged:
            return self.merged[rid]
        source, own = self.pending[rid]
        if rid in self.failed:
            raise RuleSetError(self.failed[rid])
        raw = dict(own)
        parent = raw.pop("extends", None)
        try:
            if parent is not None:
                if not isinstance(parent, str):
                    raise RuleSetError(f"{source}: key 'extends': expected the id of a rule set in quotes")
                chain = (*stack, rid)
                if parent in chain:
                    cycle = " -> ".join((*chain[chain.index(parent) :], parent))
                    raise RuleSetError(f"{source}: key 'extends': a cycle of extends ({cycle})")
                if parent in self.merged:
                    base = self.merged[parent]
                elif parent in self.pending:
                    try:
                        base = self.resolve(parent, chain)
                    except RuleSetError as exc:
                        if "a cycle of extends" in str(exc):
                            raise RuleSetError(f"{source}: key 'extends': {str(exc).split(': ', 2)[-1]}") from None
                        raise RuleSetError(
                            f"{source}: key 'extends': {parent!r} could not be loaded ({self.pending[parent][0]})"
                        ) from None
                else:
                    known = ", ".join(sorted({*self.merged, *self.pending} - {rid}))
                    raise RuleSetError(f"{source}: key 'extends': unknown rule set {parent!r} (known: {known})")
                raw, self.cat.warnings[rid] = extend(base, raw, source)
                self.cat.parents[rid] = parent
            rs = validate_raw(raw, source)
        except RuleSetError as exc:
            self.failed[rid] = str(exc)
            raise
        self.cat.rulesets[rid], self.cat.origins[rid], self.cat.own[rid] = rs, source, own
        self.merged[rid] = raw
        return raw


def _club_files(resolver: _Resolver, files: list[tuple[str, str]]) -> list[str]:
    """Register club files (source, text); returns the errors of files that cannot even be registered."""
    cat, errors = resolver.cat, []
    for source, text in files:
        try:
            raw = load_toml(text, source)
            check_own(raw, source)
        except RuleSetError as exc:
            errors.append(str(exc))
            continue
        rid = raw.get("id")
        if not isinstance(rid, str):
            errors.append(
                f"{source}: key 'id': " + ("missing (required)" if rid is None else "expected text in quotes")
            )
            continue
        if rid in cat.builtin:
            errors.append(
                f"{source}: key 'id': {rid!r} is the id of a built-in rule set ({cat.origins[rid]}); choose a new id"
            )
            continue
        if rid in resolver.pending:
            errors.append(f"{source}: key 'id': {rid!r} is already used by {resolver.pending[rid][0]}; choose a new id")
            continue
        resolver.pending[rid] = (source, raw)
    return errors


def _builtins() -> _Resolver:
    resolver = _Resolver(Catalog())
    for name, text in _builtin_files():
        resolver.add_builtin(name, text)
    return resolver


def load_catalog(user_dir: Path | None = None) -> Catalog:
    """Load the built-in rule sets, then every ``*.toml`` in ``user_dir`` (which may extend any loaded rule set).

    A bad user file is reported in ``errors`` and skipped: the others, and every built-in, still load.
    """
    resolver = _builtins()
    cat = resolver.cat
    if user_dir is not None and user_dir.is_dir():
        files = []
        for path in sorted(user_dir.glob("*.toml")):
            try:
                files.append((str(path), _read(path)))
            except RuleSetError as exc:
                cat.errors.append(str(exc))
        cat.errors += _club_files(resolver, files)
        for rid in list(resolver.pending):
            try:
                resolver.resolve(rid)
            except RuleSetError as exc:
                if str(exc) not in cat.errors:
                    cat.errors.append(str(exc))
            except Exception as exc:  # noqa: BLE001 - a club's file, however broken, never stops the app
                cat.errors.append(f"rule set {rid!r}: cannot be used ({type(exc).__name__}: {str(exc)[:120]})")
    return cat


def check_file(path: Path, user_dir: Path | None = None) -> tuple[RuleSet, Catalog]:
    """Read and validate one rule-set file as the app would load it; raise :class:`RuleSetError` naming the file
    and key. ``extends`` may name a built-in or another club file in ``user_dir`` or in the file's own folder."""
    resolver = _builtins()
    source = str(path)
    errors = _club_files(resolver, [(source, _read(path))])
    if errors:
        raise RuleSetError(errors[0])
    target = next(rid for rid, (src, _) in resolver.pending.items() if src == source)
    folders = [d for d in (user_dir, path.parent) if d is not None and d.is_dir()]
    seen = {path.resolve()}
    for folder in folders:
        for other in sorted(folder.glob("*.toml")):
            if other.resolve() in seen:
                continue
            seen.add(other.resolve())
            try:
                text = _read(other)
            except RuleSetError:
                continue
            problems = _club_files(resolver, [(str(other), text)])
            if folder == user_dir and any(f"{target!r} is already used by {source}" in p for p in problems):
                raise RuleSetError(f"{source}: key 'id': {target!r} is already used by {other}; choose a new id")
    resolver.resolve(target)
    return resolver.cat.rulesets[target], resolver.cat


# -- where each parameter comes from -------------------------------------------------------------------------------


def _has(raw: dict[str, Any], path: list[str]) -> bool:
    node: Any = raw
    for part in path:
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def origin_of(cat: Catalog, rid: str, path: list[str]) -> str:
    """``"own"`` if rule set ``rid``'s file sets ``path``, the id of the ancestor that sets it, else ``"default"``."""
    current: str | None = rid
    while current is not None:
        if _has(cat.own.get(current, {}), path):
            return "own" if current == rid else current
        current = cat.parents.get(current)
    return "default"


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):  # a parameter that is a table of its own (game.extra_rounds)
        return value.model_dump(mode="json")
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


# one parameter of a rule set as `refapp rulesets show` lists it ("from": the file it comes from, "own", "default")
Parameter = TypedDict(
    "Parameter", {"key": str, "value": Json, "from": str, "note": NotRequired[str], "status": NotRequired[str]}
)


def parameters(cat: Catalog, rid: str) -> list[Parameter]:
    """Every parameter of a rule set, in file order: key, value, where it comes from, and its note (with status)."""
    rs = cat.rulesets[rid]
    rows: list[Parameter] = []
    for key in ("name", "version", "source", "chombo_word"):
        rows.append({"key": key, "value": getattr(rs, key), "from": origin_of(cat, rid, [key])})
    for section, model in SECTIONS.items():
        values = getattr(rs, section)
        for name in model.model_fields:
            key = f"{section}.{name}"
            row: Parameter = {
                "key": key,
                "value": _plain(getattr(values, name)),
                "from": origin_of(cat, rid, [section, name]),
            }
            note = rs.note_for(key) or rs.note_for(section)
            if note:
                row["note"] = note
                status = rs.status_for(key) if rs.note_for(key) else rs.status_for(section)
                if status is not None:
                    row["status"] = status
            rows.append(row)
    for name, ladder in rs.ladders.items():
        rows.append(
            {
                "key": f"ladders.{name}",
                "value": {"dead_hand_from": ladder.dead_hand_from, "citation": ladder.citation},
                "from": origin_of(cat, rid, ["ladders", name]),
                "status": ladder.status,
            }
        )
    for oid in rs.offences:
        rows.append(
            {
                "key": f"offences.{oid}",
                "value": f"{len(rs.offences[oid].rules)} rule(s)",
                "from": origin_of(cat, rid, ["offences", oid]),
                "status": rs.offences[oid].status,
            }
        )
    return rows
