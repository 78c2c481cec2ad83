"""The venue's commands: ``refapp device``, ``devices``, ``devices trust``, ``sync``, ``conflicts`` (docs/venue.md)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.files import DB_NAME, data_dir
from .common import CliError, catalog, open_store

if TYPE_CHECKING:
    from ..core.venue import OwnKey
    from .common import Subparsers


def register(sub: Subparsers) -> None:
    d = sub.add_parser("device", help="this device's fingerprint (for the head referee to trust it)")
    d.add_argument("--json", action="store_true", help='machine-readable: {"fingerprint", "device", "key"}')
    d.set_defaults(func=cmd_device)

    ds = sub.add_parser("devices", help="the devices this one knows: trusted or not, events, held, last sync")
    ds.add_argument("--json", action="store_true", help="machine-readable output")
    ds.set_defaults(func=cmd_devices)
    dsub = ds.add_subparsers(dest="devices_command", metavar="ACTION")
    t = dsub.add_parser("trust", help="trust the device with this fingerprint (its events are then merged)")
    t.add_argument("fingerprint", help="five words and three digits, as the device shows them")
    t.add_argument("--name", required=True, help="what to call it (e.g. 'Table 7', 'Head referee')")
    role = t.add_mutually_exclusive_group()
    role.add_argument("--head", action="store_true", help="the head referee's device: its own trust list is accepted")
    role.add_argument("--revoke", action="store_true", help="stop trusting it (what was merged stays)")
    t.set_defaults(func=cmd_devices_trust)

    s = sub.add_parser("sync", help="write this device's new events to a shared folder and merge the others'")
    s.add_argument("folder", help="the shared folder (USB stick, network share, Syncthing folder)")
    s.add_argument("--json", action="store_true", help="machine-readable output")
    s.set_defaults(func=cmd_sync)

    c = sub.add_parser("conflicts", help="for the head referee: tables two devices wrote after the same event, entries "
                       "written by a device that did not hold the table, a key seen under two device ids")  # fmt: skip
    c.add_argument("--json", action="store_true", help="machine-readable output")
    c.add_argument("--all", action="store_true", help="resolved conflicts too")
    c.set_defaults(func=cmd_conflicts)
    csub = c.add_subparsers(dest="conflicts_command", metavar="ACTION")
    r = csub.add_parser("resolve", help="keep one branch of a table's conflict; the other is set aside (kept)")
    r.add_argument("--table", type=int, required=True, help="the table number")
    r.add_argument("--tournament", help="the tournament's name (when two have a conflict at that table number)")
    r.add_argument("--keep", required=True, metavar="EVENT", help="the id of the first event of the branch that stands")
    r.add_argument("--reason", required=True, help="why (kept with the branch set aside)")
    r.add_argument("--referee", help="who decides (the head referee's name)")
    r.set_defaults(func=cmd_conflicts_resolve)
    k = csub.add_parser("keep-key", help="a key seen under several device ids: say which device it speaks for")
    k.add_argument("--fingerprint", required=True, help="the key's fingerprint, as `refapp conflicts` shows it")
    k.add_argument("--device", required=True, help="the device id that stands for the key (the others are refused)")
    k.add_argument("--reason", required=True, help="why (kept with the ruling)")
    k.add_argument("--referee", help="who decides (the head referee's name)")
    k.set_defaults(func=cmd_conflicts_keep_key)
    u = csub.add_parser("unheld", help="entries written at a table by a device that did not hold it: let them stand "
                        "or set them aside")  # fmt: skip
    u.add_argument("--table", type=int, required=True, help="the table number")
    u.add_argument("--tournament", help="the tournament's name (when two have such entries at that table number)")
    u.add_argument("--first", required=True, metavar="EVENT", help="the id of the first of those entries")
    what = u.add_mutually_exclusive_group(required=True)
    what.add_argument("--accept", action="store_true", help="they stand: they join the table")
    what.add_argument("--set-aside", action="store_true", help="they stay out of the table (kept, shown)")
    u.add_argument("--reason", required=True, help="why (kept with the ruling)")
    u.add_argument("--referee", help="who decides (the head referee's name)")
    u.set_defaults(func=cmd_conflicts_unheld)


def cmd_device(args: argparse.Namespace) -> int:
    """This device's fingerprint (made, with the key, the first time): read without taking the folder's lock, so it
    works while the app is open."""
    folder = data_dir(args.data_dir)
    found = _own_key(args) if (folder / DB_NAME).exists() else None
    if found is None:  # the first start (or a database from before device keys): the key and its entry are made
        open_store(args, must_exist=False).close()
        found = _own_key(args)
    if found is None:
        raise CliError(f"{folder}: this device's key could not be read (see refapp verify)")
    device_id, key, fp = found.device, found.key, found.fingerprint
    if args.json:
        print(json.dumps({"fingerprint": fp, "device": device_id, "key": key}))
    else:
        words, number = fp.rsplit("-", 1)
        print(f"fingerprint: {fp}")
        print(f"  read aloud: {words.replace('-', ' ')}, {' '.join(number)}")
        print(f"device: {device_id}")
    return 0


def _own_key(args: argparse.Namespace) -> OwnKey | None:
    from ..core.venue import own_key

    store = open_store(args, read_only=True)
    try:
        return own_key(store)
    finally:
        store.close()


def cmd_devices(args: argparse.Namespace) -> int:
    from ..core.venue import devices

    store = open_store(args, read_only=True)
    try:
        rows = devices(store)
    finally:
        store.close()
    if args.json:
        print(json.dumps([r.as_json() for r in rows], ensure_ascii=False, indent=1))
        return 0
    for r in rows:
        who = r.name or ("(this device)" if r.status == "this device" else "(no name)")
        parts = [f"{r.fingerprint}  {who}  [{r.status}]", f"{r.events} events"]
        if r.held:
            parts.append(f"{r.held} held")
        parts.append(f"last event {r.last_event_at or '-'}")
        parts.append(f"last sync {r.last_sync_at or '-'}")
        print(", ".join(parts))
        if r.problem:
            print(f"    problem: {r.problem}")
    return 0


def cmd_devices_trust(args: argparse.Namespace) -> int:
    from ..core.venue import trust

    role = "revoked" if args.revoke else "head" if args.head else "table"
    store = open_store(args, must_exist=False)
    try:
        try:
            done = trust(store, lambda: catalog(args).rulesets, args.fingerprint, args.name, role)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        entry, merged = done.entry, done.merged
    finally:
        store.close()
    what = {"table": "trusted", "head": "trusted as the head referee's device", "revoked": "no longer trusted"}[role]
    seen = "" if entry.key else " (not seen yet: its key is checked against the fingerprint when its files arrive)"
    print(f"{entry.fingerprint} ({entry.name}): {what}{seen}")
    if merged:
        print(f"merged {merged} held event(s)")
    return 0


def cmd_sync(args: argparse.Namespace) -> int:
    from ..core.venue import SyncError, sync_once

    rulesets = catalog(args).rulesets
    store = open_store(args, must_exist=False)
    try:
        report = sync_once(store, Path(args.folder), rulesets)  # the app's sync, here and now
    except SyncError as exc:
        raise CliError(str(exc)) from None
    finally:
        store.close()
    if args.json:
        print(json.dumps(report.as_json(), ensure_ascii=False, indent=1))
        return 0
    print(f"{report.folder}: wrote {report.written} event(s) of this device")
    for d in report.devices:
        who = d.name or "(not trusted)"
        line = f"  {d.fingerprint or d.device_id} {who} [{d.status}]: read {d.read}, merged {d.merged}"
        if d.held:
            line += f", {d.held} held"
        print(line)
        if d.problem:
            print(f"    refused: {d.problem}")
    for table in report.conflicts:
        print(f"  conflict: {table}: two devices wrote it after the same event (refapp conflicts)")
    return 0


def cmd_conflicts(args: argparse.Namespace) -> int:
    from ..core.venue import conflict_views, key_conflict_views, unheld_views

    store = open_store(args, read_only=True)
    try:
        views = conflict_views(store, include_resolved=args.all)
        unheld = unheld_views(store, include_resolved=args.all)
        keys = key_conflict_views(store, include_resolved=args.all)
    finally:
        store.close()
    if args.json:
        every = [v.as_json() for v in views] + [u.as_json() for u in unheld] + [k.as_json() for k in keys]
        print(json.dumps(every, ensure_ascii=False, indent=1))
        return 0
    if not views and not unheld and not keys:
        print("no conflict" if args.all else "no open conflict")
    for v in views:
        print(f"table {v.table} ({v.tournament}): {v.state}, two devices wrote it after {v.after_text}")
        for i, b in enumerate(v.branches, 1):
            aside = " [set aside]" if b.set_aside else ""
            print(f"  branch {i}{aside}: {b.events} event(s) by {', '.join(b.devices)}; first {b.first_text}; "
                  f"last {b.last_text}; id {b.first}")  # fmt: skip
        for r in v.resolutions:
            print(f"  resolved by {r['referee'] or '-'} ({r['device']}) at {r['at']}: {r['reason']}")
    for u in unheld:
        print(f"table {u.table} ({u.tournament}): {u.state}, {u.entries} entry(ies) by {u.device}, which did not hold "
              f"the table ({u.holder} did); first id {u.first}")  # fmt: skip
        if u.decision is not None:
            verb = "let stand" if u.decision["decision"] == "accept" else "set aside"
            print(f"  {verb} by {u.decision['referee'] or '-'} ({u.decision['device']}) at {u.decision['at']}: "
                  f"{u.decision['reason']}")  # fmt: skip
    for k in keys:
        if k.state == "two histories":
            d = k.devices[0]
            print(f"device {d['device']} ({k.fingerprint}): two different histories under one device id (a data "
                  "folder copied to a second tablet?): the second is refused; take that tablet out of use")  # fmt: skip
            continue
        print(f"key {k.fingerprint}: {k.state}, seen under {len(k.devices)} device ids (a copied key?)")
        for d in k.devices:
            mark = " [speaks for the key]" if d["stands"] else " [refused]"
            print(f"  device {d['device']} ({d['name']}){mark}: {d['events']} event(s) merged, {d['held']} held")
        for kept in k.resolutions:
            print(
                f"  kept {kept['device']} by {kept['referee'] or '-'} ({kept['by']}) at {kept['at']}: {kept['reason']}"
            )
    return 0


def cmd_conflicts_keep_key(args: argparse.Namespace) -> int:
    from ..core.venue import FingerprintError, keep_key, parse_fingerprint

    try:
        fp = parse_fingerprint(args.fingerprint)
    except FingerprintError as exc:
        raise CliError(f"--fingerprint: {exc}") from None
    store = open_store(args)
    try:
        try:
            keep_key(store, lambda: catalog(args).rulesets, fp, args.device, args.reason, args.referee or "")
        except ValueError as exc:
            raise CliError(str(exc)) from None
    finally:
        store.close()
    print(f"key {fp}: it speaks for device {args.device}; any other device id presenting it is refused")
    return 0


def cmd_conflicts_unheld(args: argparse.Namespace) -> int:
    from ..core.venue import rule_unheld, unheld_views

    store = open_store(args)
    try:
        found = [u for u in unheld_views(store, include_resolved=False) if u.table == args.table]
        if args.tournament is not None:
            found = [u for u in found if u.tournament == args.tournament]
        found = [u for u in found if u.first == args.first or u.first.startswith(args.first)]
        if not found:
            what = f"--table {args.table} --first {args.first}"
            raise CliError(f"{what}: no such entries waiting (refapp conflicts lists them)")
        if len({(u.table_id, u.first) for u in found}) > 1:
            raise CliError(f"--table {args.table}: several match: name the tournament and the whole --first id")
        u = found[0]
        decision = "accept" if args.accept else "set_aside"
        try:
            rule_unheld(store, u.table_id, u.first, decision, args.reason, args.referee or "")
        except ValueError as exc:
            raise CliError(str(exc)) from None
    finally:
        store.close()
    said = "stand: they join the table" if args.accept else "are set aside (kept, shown, never counted)"
    print(f"table {u.table}: the {u.entries} entry(ies) of {u.device} from {u.first} {said}")
    return 0


def cmd_conflicts_resolve(args: argparse.Namespace) -> int:
    from ..core.venue import conflict_views, resolve

    store = open_store(args)
    try:
        open_ = [v for v in conflict_views(store, include_resolved=False) if v.table == args.table]
        if args.tournament is not None:
            open_ = [v for v in open_ if args.tournament in (v.tournament,)]
        if not open_:
            raise CliError(f"--table {args.table}: no open conflict at that table (refapp conflicts lists them)")
        if len(open_) > 1:
            raise CliError(f"--table {args.table}: several open conflicts: name the tournament with --tournament")
        v = open_[0]
        keep = [b for b in v.branches if b.first == args.keep or b.first.startswith(args.keep)]
        if len(keep) != 1:
            ids = ", ".join(b.first for b in v.branches)
            raise CliError(f"--keep {args.keep!r}: name the first event of one branch ({ids})")
        try:
            resolve(store, v.table_id, v.after, keep[0].first, args.reason, args.referee or "")
        except ValueError as exc:
            raise CliError(str(exc)) from None
    finally:
        store.close()
    print(f"table {v.table}: the branch {keep[0].first} stands; the other is set aside (kept, shown in the history)")
    return 0
