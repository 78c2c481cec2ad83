"""Builders for table-log events in tests: plain dicts, as a log file holds them."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

from refapp.domain.events import parse_event
from refapp.domain.ledger import replay
from refapp.store.rulesets import load_catalog

_ids = itertools.count()
AT = "2026-11-22T10:00:00+01:00"


@lru_cache(maxsize=1)
def rulesets():
    return load_catalog().rulesets


def ev(type_: str, **kw: Any) -> dict[str, Any]:
    return {"type": type_, "id": f"ev{next(_ids)}", "at": AT, "by": "test", **kw}


def start(ruleset: str, players=("Ann", "Bob", "Cyd", "Dan"), **kw: Any) -> dict[str, Any]:
    return ev("hanchan_start", players=list(players), ruleset=ruleset, **kw)


def riichi(seat: int) -> dict[str, Any]:
    return ev("riichi", seat=seat)


def ron(discarder: int, *winners: dict[str, Any]) -> dict[str, Any]:
    return ev("win", kind="ron", discarder=discarder, winners=list(winners))


def tsumo(winner: dict[str, Any]) -> dict[str, Any]:
    return ev("win", kind="tsumo", winners=[winner])


def hand(seat: int, **value: Any) -> dict[str, Any]:
    return {"seat": seat, **value}


def draw(*tenpai: int) -> dict[str, Any]:
    return ev("draw", tenpai=list(tenpai))


def end(reason: str = "time limit") -> dict[str, Any]:
    return ev("hanchan_end", reason=reason)


def void(target: dict[str, Any], reason: str = "entered by mistake") -> dict[str, Any]:
    return ev("void", target=target["id"], reason=reason)


def fold(events: list[dict[str, Any]]):
    return replay([parse_event(e, i) for i, e in enumerate(events)], rulesets())


def scores(state) -> list[int]:
    return [s.score for s in state.seats]


def club_rulesets(folder, **files: str):
    """The built-in rule sets plus club files written into ``folder`` (name -> TOML text)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    cat = load_catalog(folder)
    assert cat.errors == [], cat.errors
    return cat.rulesets


def fold_with(rulesets_, events: list[dict[str, Any]]):
    return replay([parse_event(e, i) for i, e in enumerate(events)], rulesets_)


def incident(seat: int, offence: str, **answers: Any) -> dict[str, Any]:
    return ev("incident", seat=seat, offence=offence, answers=answers)
