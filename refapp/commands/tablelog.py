"""``refapp replay LOG`` and ``refapp schema table-log``: the table-log format (docs/table-log.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from .common import CliError, catalog, print_json, read_json

if TYPE_CHECKING:
    from .common import Subparsers


def register(sub: Subparsers) -> None:
    r = sub.add_parser("replay", help="replay a table log and print the final state as JSON")
    r.add_argument("log", help="table log file (JSON), or - for stdin")
    r.set_defaults(func=cmd_replay)

    s = sub.add_parser("schema", help="print a JSON Schema")
    s.add_argument("what", choices=["table-log"])
    s.set_defaults(func=cmd_schema)


def cmd_replay(args: argparse.Namespace) -> int:
    import gc

    from ..domain.events import LogError, parse_log
    from ..domain.ledger import replay
    from ..domain.ledger_json import state_to_json

    gc.disable()  # a one-shot command over possibly 100,000 events: no cycles to collect before it exits

    data = read_json(args.log)
    try:
        log = parse_log(data)
        state = replay(log.events, catalog(args).rulesets)
    except LogError as exc:
        raise CliError(f"{args.log}: {exc}") from None
    print_json(state_to_json(state))
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from ..domain.events import TableLog

    json.dump(TableLog.model_json_schema(), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0
