"""A session of the core over a fresh data folder, without Qt: what the app and the command line both call."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from refapp.core.session import Session
from refapp.core.setup import HanchanRequest, Seating
from refapp.store.opening import open_store
from refapp.store.settings import Settings
from tests.logs import rulesets


class Clock:
    """A clock that moves one minute at each reading: every entry has its own time, in the order it was made."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


@pytest.fixture
def session(tmp_path) -> Iterator[Session]:
    store = open_store(tmp_path)
    s = Session(store, rulesets(), Settings(no_pin=True, referee="Marie"), tmp_path, clock=Clock())
    yield s
    store.close()


def request(table: int, players: tuple[str, ...], ruleset: str, hanchan: int = 1, tournament: str = "Paris Open"):
    return HanchanRequest(tournament, table, tuple(Seating(p) for p in players), ruleset, 1, hanchan)
