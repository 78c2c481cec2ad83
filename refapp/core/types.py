"""The types the faces (the app, the command line) name: the store's and the domain's records as the core hands them
over. A face imports them from here, never from the store (tests/test_contracts.py): what the core gives is what
this module lists."""

from __future__ import annotations

from ..domain.event_json import EventJson
from ..store.calls import OpenCall
from ..store.clock import ClockEntries, TableClock
from ..store.db import Store, StoreError, TableChanged, TableRef
from ..store.history_detail import IncidentExtra, VoidInfo
from ..store.outfile import OutputError
from ..store.records import ElsewhereCounts, LadderPosition, PlayerRecord, RecordCounts, RecordIncident, Records
from ..store.records import Session as RecordSession
from ..store.reports import IncidentNotes, Report, ReportError, ReportIncident, Signoff, Statement
from ..store.roster import RosterEntry, RosterError
from ..store.rows import HistoryRow, IncidentSummary, NewPlayer, PlayerRow, TournamentRow
from ..store.settings import Settings
from ..store.setup_reads import KnownPlayer, NextHanchan
from ..store.sync import DeviceSync, SyncReport
from ..store.venue_reads import (
    BranchView,
    ConflictView,
    DeviceRow,
    EntryView,
    ForkResolution,
    HeldDevice,
    KeyConflictView,
    KeyDevice,
    UnheldView,
)

__all__ = [
    "BranchView",
    "ClockEntries",
    "ConflictView",
    "DeviceRow",
    "DeviceSync",
    "ElsewhereCounts",
    "EntryView",
    "EventJson",
    "ForkResolution",
    "HeldDevice",
    "HistoryRow",
    "IncidentExtra",
    "IncidentNotes",
    "IncidentSummary",
    "KeyConflictView",
    "KeyDevice",
    "KnownPlayer",
    "LadderPosition",
    "NewPlayer",
    "NextHanchan",
    "OpenCall",
    "OutputError",
    "PlayerRecord",
    "PlayerRow",
    "RecordCounts",
    "RecordIncident",
    "RecordSession",
    "Records",
    "Report",
    "ReportError",
    "ReportIncident",
    "RosterEntry",
    "RosterError",
    "Settings",
    "Signoff",
    "Statement",
    "Store",
    "StoreError",
    "SyncReport",
    "TableChanged",
    "TableClock",
    "TableRef",
    "TournamentRow",
    "UnheldView",
    "VoidInfo",
]
