"""The store's fault and tamper campaign: random cases in each category of issue 12, counted as held or broke.

    .venv/bin/python -m tests.store.campaign [--trials N] [--seed S] [--only CATEGORY]

A case *held* when refapp did what it promises: the damage is named before anything is written (the files are
byte-for-byte as they were), ``refapp verify`` says damaged, and the recovery gives back every acknowledged ruling;
or, for an attack, verify names it; or, for a bad bundle, it is refused whole with a message and nothing is stored.
Anything else *broke*. One row is expected to break, and says so: an attacker with file access who rewrites the
chain, the journal and every backup consistently and signs it again with the device key read from the same data
folder (see docs/reliability.md). Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

from refapp.store.backup import backup, backups
from refapp.store.bundle import BundleError, export_bundle, import_bundle
from refapp.store.chain import GENESIS, row_hash, row_hash_v2
from refapp.store.checks import DAMAGE_MARK
from refapp.store.db import DB_NAME, DamagedDatabase, FolderInUse, MissingEvents, Store, StoreError, TableChanged
from refapp.store.opening import open_store
from refapp.store.restoring import recover
from refapp.store.rulesets import load_catalog
from refapp.store.tablebook import TableBook
from refapp.store.verify import verify as verify_store
from tests.logs import end, ev, hand, rulesets, start, tsumo
from tests.store.util import files_of, hold_in_wal, killed_copy, wal

ROWS: list[tuple[str, str, int, int]] = []  # (category, case, held, broke)


def _case(category: str, case: str, trials: int, run: Callable[[random.Random, Path], bool], seed: int) -> None:
    held = broke = 0
    for t in range(trials):
        rng = random.Random(f"{seed}-{case}-{t}")
        with tempfile.TemporaryDirectory() as tmp:
            try:
                ok = run(rng, Path(tmp))
            except Exception as exc:  # a traceback is a broken case
                print(f"  broke: {case} #{t}: {type(exc).__name__}: {exc}")
                ok = False
        held += ok
        broke += not ok
    ROWS.append((category, case, held, broke))


def _session(folder: Path, rng: random.Random, n: int | None = None) -> tuple[Store, TableBook]:
    store = open_store(folder)
    table = store.setup_table("Campaign Open", rng.randint(1, 40), [{"name": x} for x in "ABCD"])
    book = TableBook(store, table, rulesets())
    book.commit(start(rng.choice(["wrc-2015", "ema-2016", "ema-2012", "sg-league"]), players=("A", "B", "C", "D")))
    for _ in range(n if n is not None else rng.randint(1, 8)):
        _ruling(book, rng)
    return store, book


def _ruling(book: TableBook, rng: random.Random) -> dict:
    st = book.state
    free = [i for i, s in enumerate(st.seats) if not s.riichi and not s.dead_hand]
    if free and rng.random() < 0.4:
        e = ev("riichi", seat=rng.choice(free))
    else:
        e = ev("incident", seat=rng.randrange(4), offence="warning", at=f"2026-11-22T10:{rng.randrange(60):02d}:00Z")
    book.commit(e)
    return e


def _ids(store: Store, book: TableBook) -> list[str]:
    return [e["id"] for e in store.table_events(book.table.table_id)]


def _recovers(folder: Path, expected: list[str], table_id: str) -> bool:
    recover(folder, rulesets())
    store = open_store(folder)
    try:
        return [e["id"] for e in store.table_events(table_id)] == expected and verify_store(store, rulesets()).ok
    finally:
        store.close()


def _refused_untouched(folder: Path, kinds: tuple[type, ...] = (DamagedDatabase,)) -> bool:
    before = files_of(folder)
    try:
        open_store(folder).close()
        return False
    except kinds:
        return files_of(folder) == before


def _verify_bad(folder: Path) -> bool:
    reader = open_store(folder, read_only=True)
    try:
        return not verify_store(reader, rulesets()).ok
    finally:
        reader.close()


# -- 1. two writers ------------------------------------------------------------------------------------------------


def two_stores(rng: random.Random, tmp: Path) -> bool:
    store, _ = _session(tmp, rng)
    try:
        open_store(tmp)
        return False
    except FolderInUse as exc:
        return str(os.getpid()) in str(exc)
    finally:
        store.close()


def stale_views(rng: random.Random, tmp: Path) -> bool:
    store, a = _session(tmp, rng, n=0)
    b = TableBook(store, a.table, rulesets())
    acked = []
    for _ in range(rng.randint(5, 20)):
        book = rng.choice([a, b])
        try:
            acked.append(_ruling(book, rng)["id"])
        except TableChanged:
            book.rebuild()  # what the controller does
    ok = _ids(store, a)[1:] == acked and verify_store(store, rulesets()).ok
    store.close()
    return ok


# -- 2. the WAL ----------------------------------------------------------------------------------------------------


def wal_damage(kind: str) -> Callable[[random.Random, Path], bool]:
    def run(rng: random.Random, tmp: Path) -> bool:
        store, book = _session(tmp / "live", rng)
        hold_in_wal(store)
        for _ in range(rng.randint(1, 12)):
            _ruling(book, rng)
        expected = _ids(store, book)
        folder = killed_copy(tmp / "live", tmp / "k")
        store.close()
        w, data = wal(folder), wal(folder).read_bytes()
        shm = folder / (DB_NAME + "-shm")
        if kind == "deleted":
            w.unlink()
            shm.unlink()
        elif kind == "truncated":
            w.write_bytes(data[: rng.randrange(0, len(data))])
        elif kind == "flipped bytes":
            b = bytearray(data)
            for _ in range(rng.randint(1, 8)):
                b[rng.randrange(32, len(b))] ^= 1 << rng.randrange(8)
            w.write_bytes(bytes(b))
        elif kind == "zeroed header":
            w.write_bytes(b"\0" * 32 + data[32:])
        before = files_of(folder)
        try:
            s = open_store(folder)
        except MissingEvents:
            return (
                files_of(folder) == before and _verify_bad(folder) and _recovers(folder, expected, book.table.table_id)
            )
        ok = _ids(s, book) == expected and verify_store(s, rulesets()).ok  # the damage hit nothing acknowledged
        s.close()
        return ok

    return run


def read_only_pending_wal(rng: random.Random, tmp: Path) -> bool:
    store, book = _session(tmp / "live", rng)
    hold_in_wal(store)
    _ruling(book, rng)
    folder = killed_copy(tmp / "live", tmp / "ro")
    store.close()
    (folder / (DB_NAME + "-shm")).unlink()
    for p in (folder / DB_NAME, folder):
        os.chmod(p, 0o444 if p.is_file() else 0o555)
    attr = os.geteuid() == 0 and shutil.which("chattr")
    if attr:
        for p in (folder / DB_NAME, folder):
            os.system(f"chattr +i '{p}'")
    try:
        s = open_store(folder)
        ok = s.read_only and any("stale" in w for w in s.warnings)
        s.close()
        return ok
    finally:
        if attr:
            for p in (folder, folder / DB_NAME):
                os.system(f"chattr -i '{p}'")
        for p in (folder, folder / DB_NAME):
            os.chmod(p, 0o755 if p.is_dir() else 0o644)


# -- 3. an emptied or replaced database ------------------------------------------------------------------------------


def emptied(kind: str) -> Callable[[random.Random, Path], bool]:
    def run(rng: random.Random, tmp: Path) -> bool:
        store, book = _session(tmp, rng)
        expected = _ids(store, book)
        backup(store)
        store.close()
        for s in ("", "-wal", "-shm"):
            Path(f"{tmp / DB_NAME}{s}").unlink(missing_ok=True)
        if kind == "zero bytes":
            (tmp / DB_NAME).write_bytes(b"")
        elif kind == "replaced by another device's":
            other = tmp / "elsewhere"
            _session(other, rng)[0].close()
            shutil.copy2(other / DB_NAME, tmp / DB_NAME)
            shutil.rmtree(other)
        if not _refused_untouched(tmp):
            return False
        return _recovers(tmp, expected, book.table.table_id)

    return run


def rolled_back(rng: random.Random, tmp: Path) -> bool:
    store, book = _session(tmp, rng)
    old = tmp / "old.sqlite3"
    backup(store)
    shutil.copy2(backups(tmp)[0], old)
    for _ in range(rng.randint(1, 5)):
        _ruling(book, rng)
    expected = _ids(store, book)
    store.close()
    for s in ("-wal", "-shm"):
        Path(f"{tmp / DB_NAME}{s}").unlink(missing_ok=True)
    shutil.copy2(old, tmp / DB_NAME)
    return _refused_untouched(tmp) and _recovers(tmp, expected, book.table.table_id)


def foreign_backups_kept(rng: random.Random, tmp: Path) -> bool:
    other, _ = _session(tmp / "other", rng)
    foreign = [backup(other) for _ in range(rng.randint(1, 4))]
    other.close()
    store, book = _session(tmp / "mine", rng)
    (tmp / "mine" / "backups").mkdir(exist_ok=True)
    for p in foreign:
        shutil.copy2(p, tmp / "mine" / "backups" / p.name)
    for _ in range(rng.randint(3, 12)):
        _ruling(book, rng)
        backup(store, keep=2)
    store.close()
    kept = {p.name for p in backups(tmp / "mine")}
    return {p.name for p in foreign} <= kept


# -- 4. damage at start ----------------------------------------------------------------------------------------------


def index_swap(rng: random.Random, tmp: Path) -> bool:
    from tests.store.test_open_checks import _swap_roots

    store, book = _session(tmp, rng)
    store.close()
    pairs = [
        ("events_table", "events_tournament"),
        ("events_offence", "events_ruleset"),
        ("events_at", "events_target"),
        ("sqlite_autoindex_players_1", "sqlite_autoindex_game_tables_1"),
    ]
    _swap_roots(tmp, *rng.choice(pairs))
    before = files_of(tmp)
    try:
        s = open_store(tmp)
        try:
            TableBook(s, book.table, rulesets()).commit(ev("riichi", seat=rng.randrange(4)))
        finally:
            s.close()
        return False
    except (DamagedDatabase, ValueError):
        after = files_of(tmp)
        after.pop(DAMAGE_MARK, None)  # the note the background check leaves for the next start
        return after == before


def flipped_page_bytes(rng: random.Random, tmp: Path) -> bool:
    store, book = _session(tmp, rng, n=rng.randint(20, 60))
    expected = _ids(store, book)
    store.close()
    db = tmp / DB_NAME
    data = bytearray(db.read_bytes())
    for _ in range(rng.randint(1, 4)):
        data[rng.randrange(100, len(data))] ^= 0xFF
    db.write_bytes(bytes(data))
    before = files_of(tmp)
    try:
        s = open_store(tmp)
        try:
            b = TableBook(s, book.table, rulesets())
            b.commit(ev("incident", seat=rng.randrange(4), offence="warning"))
            ok = verify_store(s, rulesets()).ok and _ids(s, book)[: len(expected)] == expected
        finally:
            s.close()
        return ok  # the flip hit unused bytes: nothing was damaged
    except (DamagedDatabase, ValueError, StoreError):
        return files_of(tmp) == before and _recovers(tmp, expected, book.table.table_id)


def bad_utf8(rng: random.Random, tmp: Path) -> bool:
    store, book = _session(tmp, rng)
    store.close()
    col = rng.choice(["note", "referee", "player", "ruling"])
    conn = sqlite3.connect(tmp / DB_NAME, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute(f"UPDATE events SET {col} = CAST(X'41FE42' AS TEXT) WHERE seq = (SELECT max(seq) FROM events)")
    conn.close()
    from refapp.cli import main

    with contextlib.redirect_stdout(open(os.devnull, "w")), contextlib.redirect_stderr(open(os.devnull, "w")):
        verify_code = main(["--data-dir", str(tmp), "verify"])
        export_code = main(
            ["--data-dir", str(tmp), "export", "--format", "csv", "-o", str(tmp.parent / f"{tmp.name}-x.csv")]
        )
    try:
        s = open_store(tmp)
        TableBook(s, book.table, rulesets()).commit(ev("riichi", seat=0))
        s.close()
        app_ok = False
    except DamagedDatabase:
        app_ok = True
    return verify_code == 1 and export_code in (0, 1) and app_ok


def user_version(rng: random.Random, tmp: Path) -> bool:
    store, _ = _session(tmp, rng)
    store.close()
    conn = sqlite3.connect(tmp / DB_NAME)
    conn.execute(f"PRAGMA user_version = {rng.choice([0, 1, 2, 3, 5, 77, -1, 2**31 - 1])}")
    conn.commit()
    conn.close()
    return _refused_untouched(tmp, (StoreError,))


def restore_broken_chain(rng: random.Random, tmp: Path) -> bool:
    store, book = _session(tmp, rng)
    backup(store)
    _ruling(book, rng)
    bad = backup(store)
    expected = _ids(store, book)
    store.close()
    conn = sqlite3.connect(bad, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute(
        'UPDATE events SET payload = replace(payload, \'"by":"test"\', \'"by":"x"\') WHERE seq = (SELECT max(seq) FROM events)'
    )  # noqa: E501
    conn.close()
    (tmp / DB_NAME).write_bytes(b"junk" * 100)
    report = recover(tmp, rulesets())
    s = open_store(tmp)
    ok = report.backup != bad and _ids(s, book) == expected and verify_store(s, rulesets()).ok
    s.close()
    return ok


def killed_backup(rng: random.Random, tmp: Path) -> bool:
    store, _ = _session(tmp, rng)
    backup(store)
    store.close()
    (tmp / "backups" / f"refapp-2026{rng.randrange(10**8):08d}.sqlite3.part").write_bytes(os.urandom(4096))
    open_store(tmp).close()
    return not list((tmp / "backups").glob("*.part"))


# -- 5. tampering ----------------------------------------------------------------------------------------------------


def _edit(folder: Path, sql: str, params: tuple = ()) -> None:
    conn = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    for t in ("events", "tournaments", "game_tables", "players", "hanchans", "ruleset_contents"):
        conn.execute(f"DROP TRIGGER IF EXISTS {t}_no_update")
        conn.execute(f"DROP TRIGGER IF EXISTS {t}_no_delete")
    conn.execute(sql, params)
    conn.close()


def swapped_seq(rng: random.Random, tmp: Path) -> bool:
    store, book = _session(tmp, rng, n=rng.randint(2, 10))
    seqs = [r[0] for r in store.conn.execute("SELECT seq FROM events WHERE table_id <> '' ORDER BY seq")]
    store.close()
    a, b = rng.sample(seqs, 2)
    conn = sqlite3.connect(tmp / DB_NAME, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("UPDATE events SET seq = -1 WHERE seq = ?", (a,))
    conn.execute("UPDATE events SET seq = ? WHERE seq = ?", (a, b))
    conn.execute("UPDATE events SET seq = ? WHERE seq = -1", (b,))
    conn.close()
    return _verify_bad(tmp)


def deleted_newest(witness: str) -> Callable[[random.Random, Path], bool]:
    def run(rng: random.Random, tmp: Path) -> bool:
        store, book = _session(tmp, rng, n=rng.randint(3, 10))
        backup(store)
        k = rng.randint(1, 3)
        gone = [e["id"] for e in book.events[-k:]]
        store.close()
        if witness == "backup only":
            shutil.rmtree(tmp / "journal")
        _edit(tmp, f"DELETE FROM events WHERE uuid IN ({', '.join('?' * k)})", tuple(gone))
        return _verify_bad(tmp)

    return run


def changed_column(rng: random.Random, tmp: Path) -> bool:
    store, book = _session(tmp, rng, n=rng.randint(2, 8))
    store.close()
    sql = rng.choice(
        [
            "UPDATE events SET player = 'Z' WHERE type = 'incident'",
            "UPDATE events SET ruling = replace(ruling, 'warning', 'disqualification') WHERE type = 'incident'",
            "UPDATE events SET referee = 'Mallory' WHERE type IN ('incident', 'riichi')",
            "UPDATE events SET hand_no = hand_no + 1 WHERE table_id <> ''",
            "UPDATE events SET counters = 9 WHERE table_id <> ''",
            "UPDATE events SET ruleset_id = 'x' WHERE table_id <> ''",
            "UPDATE events SET seat = (seat + 1) % 4 WHERE seat IS NOT NULL",
            "UPDATE events SET \"after\" = NULL WHERE table_id <> ''",
            "UPDATE tournaments SET name = 'Forged'",
            "UPDATE game_tables SET number = number + 1",
            "UPDATE players SET first_timer = 1 - first_timer",
            "UPDATE players SET federation_id = '999'",
            "DELETE FROM hanchans",
            "UPDATE hanchans SET number = 9",
            "UPDATE meta SET value = 'another' WHERE key = 'device_id'",
            "UPDATE events SET payload = replace(payload, '\"A\"', '\"Z\"') WHERE type = 'hanchan_start'",
        ]
    )
    _edit(tmp, sql)
    return _verify_bad(tmp)


def rewritten_chain(rng: random.Random, tmp: Path) -> bool:
    """Change a payload and recompute every hash after it (anyone can: no key), with the journal and backups left
    alone: held if verify names it (the journal and the backups still hold the old hashes)."""
    store, book = _session(tmp, rng, n=rng.randint(2, 6))
    backup(store)
    store.close()
    _rechain(tmp)
    return _verify_bad(tmp)


def rewritten_everything(rng: random.Random, tmp: Path) -> bool:
    """The same, and the journal rebuilt and every backup removed, by a forger without the device's key: held if
    verify names it (the chain's signed head no longer matches)."""
    store, book = _session(tmp, rng, n=rng.randint(2, 6))
    store.close()
    _rechain(tmp)
    shutil.rmtree(tmp / "journal")
    return _verify_bad(tmp)


def rewritten_and_resigned(rng: random.Random, tmp: Path) -> bool:
    """The same, signed again with the device key read from the data folder: undetectable on this device alone
    (documented: the copies of its journal on other devices and in the venue's folder still hold the old heads)."""
    from refapp.store.digest import keep_up
    from refapp.store.keys import load_or_create
    from refapp.store.signing import sign_chain

    store, book = _session(tmp, rng, n=rng.randint(2, 6))
    device = store.device_id
    store.close()
    _rechain(tmp)
    shutil.rmtree(tmp / "journal")
    conn = sqlite3.connect(tmp / DB_NAME, isolation_level=None)
    key = load_or_create(tmp)
    sign_chain(conn, device, key)
    conn.execute("DELETE FROM digest")
    keep_up(conn, device, key)  # and the digest of every row, folded again and signed
    conn.close()
    return _verify_bad(tmp)


def _rechain(folder: Path) -> None:
    conn = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    rows = conn.execute(
        'SELECT seq, uuid, device_id, device_seq, tournament_id, table_id, "after", payload, type FROM events '
        "ORDER BY device_seq"
    ).fetchall()
    prev = GENESIS
    target = max(r[0] for r in rows if r[5] != "")  # the newest ruling: its referee is changed
    for seq, uuid, device, dseq, tid, table, after, payload, _kind in rows:
        if seq == target:
            payload = payload.replace('"by":"test"', '"by":"forger"')
            conn.execute("UPDATE events SET payload = ?, referee = 'forger' WHERE seq = ?", (payload, seq))
        row = {"uuid": uuid, "device_id": device, "device_seq": dseq, "tournament_id": tid, "table_id": table}
        row |= {"after": after, "payload": payload}
        h = row_hash_v2(prev, row)
        conn.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?", (prev, h, seq))
        prev = h
    conn.close()


# -- 6. import ------------------------------------------------------------------------------------------------------


def _bundle_pair(rng: random.Random, tmp: Path) -> tuple[Store, TableBook, Store]:
    a, book = _session(tmp / "a", rng)
    b = open_store(tmp / "b")
    return a, book, b


def unknown_device(rng: random.Random, tmp: Path) -> bool:
    a, _, b = _bundle_pair(rng, tmp)
    n = b.count_events()
    try:
        import_bundle(b, export_bundle(a), rulesets=rulesets())
        return False
    except BundleError as exc:
        return a.device_id in str(exc) and b.count_events() == n
    finally:
        a.close()
        b.close()


def contradicting_column(rng: random.Random, tmp: Path) -> bool:
    from tests.store.test_import_trust import _v1_bundle

    a, book, b = _bundle_pair(rng, tmp)
    book.commit(ev("incident", seat=1, offence="warning"))
    data = _v1_bundle(a)
    rows = data["events"]
    i = rng.randrange(len(rows))
    column, value = rng.choice(
        [("player", "Z"), ("referee", "Mallory"), ("note", "forged"), ("hand_no", 4), ("counters", 7),
         ("round_wind", "S"), ("ruleset_id", "x"), ("hanchan_no", 5), ("ruling", '{"ruling":{"kind":"x"}}')]
    )  # fmt: skip
    if rows[i][column] == value:
        value = "other" if isinstance(value, str) else value + 1
    rows[i][column] = value
    for j in range(i, len(rows)):  # the forger recomputes the chain (anyone can: it has no key)
        rows[j]["prev_hash"] = rows[j - 1]["hash"] if j else GENESIS
        rows[j]["hash"] = row_hash(rows[j]["prev_hash"], rows[j])
    n = b.count_events()
    try:
        import_bundle(b, data, rulesets=rulesets(), accept_devices={a.device_id})
        return False
    except BundleError as exc:
        return f"events[{i}]" in str(exc) and repr(column) in str(exc) and b.count_events() == n
    finally:
        a.close()
        b.close()


def fork(rng: random.Random, tmp: Path) -> bool:
    a, book, b = _bundle_pair(rng, tmp)
    import_bundle(b, export_bundle(a), rulesets=rulesets(), accept_devices={a.device_id})
    for _ in range(rng.randint(0, 2)):
        _ruling(book, rng)
        import_bundle(b, export_bundle(a), rulesets=rulesets())
    _ruling(book, rng)
    _ruling(TableBook(b, b.table(book.table.table_id), rulesets()), rng)
    n = a.count_events()
    try:
        import_bundle(a, export_bundle(b), rulesets=rulesets(), accept_devices={b.device_id})
        return False
    except BundleError as exc:
        return "fork" in str(exc) and a.count_events() == n
    finally:
        a.close()
        b.close()


def huge_number(rng: random.Random, tmp: Path) -> bool:
    a, book, b = _bundle_pair(rng, tmp)
    data = export_bundle(a)
    line = next(x for x in data["events"] if x["payload"]["type"] == "hanchan_start")
    field = rng.choice(["counters", "riichi_sticks", "scores", "overall", "hand"])
    big = rng.choice([10**20, 2**63, -(10**19), 10**400 if field != "overall" else 1e308])
    value = [big, 0, 0, 0] if field in ("scores", "overall") else big
    line["payload"]["resume"] = {"scores": [25000] * 4, field: value}
    n = b.count_events()
    try:
        import_bundle(b, data, rulesets=rulesets(), accept_devices={a.device_id})
        return False
    except BundleError as exc:
        return field in str(exc) and b.count_events() == n
    finally:
        a.close()
        b.close()


# -- 7. rule-set files -----------------------------------------------------------------------------------------------


def edited_ruleset(rng: random.Random, tmp: Path) -> bool:
    rules = tmp / "rulesets"
    rules.mkdir()
    text = 'extends = "ema-2016"\nid = "club"\nname = "Club"\nversion = "1"\n[chombo]\nmode = "flat_each_table"\n'
    (rules / "club.toml").write_text(text + f"amount = {rng.choice([1000, 4000, 8000])}\n", encoding="utf-8")
    store = open_store(tmp)
    table = store.setup_table("Club", 1, [])
    book = TableBook(store, table, load_catalog(rules).rulesets)
    book.commit(start("club"))
    for _ in range(rng.randint(1, 3)):
        book.commit(ev("incident", seat=rng.randrange(4), offence="invalid_win_revealed"))
    book.commit(tsumo(hand(rng.randrange(4), han=2, fu=30)))
    book.commit(end())
    board = [s.score for s in book.state.seats]
    (rules / "club.toml").write_text(text + f"amount = {rng.choice([2000, 12000, 16000])}\n", encoding="utf-8")
    again = TableBook(store, table, load_catalog(rules).rulesets)
    ok = [s.score for s in again.state.seats] == board and again.ruleset_notice() != ""
    ok = ok and verify_store(store, load_catalog(rules).rulesets).ok
    store.close()
    return ok


# -- 8. damaged rows (issue 26) ---------------------------------------------------------------------------------------


def damaged_row(kind: str) -> Callable[[random.Random, Path], bool]:
    """One bit flipped or one byte changed in one stored row of a venue's device (tests/store/flips.py): held when
    ``refapp verify`` names it (event and table) with exit 1, the app writes nothing onto it, and ``refapp recover``
    gives every event back (verify then ok) or names, with exit 1, each one it cannot; a flip in unused bytes of a
    page, when verify says ok and the app writes on."""

    def run(rng: random.Random, tmp: Path) -> bool:
        from tests.store import flips

        verdict = flips.trial(tmp, kind, rng)
        if not verdict.held:
            print(f"  broke: {' || '.join(verdict.why)[:600]}")
        return verdict.held

    return run


CASES = [
    ("1. two writers on one data folder", "a second store in the same process", two_stores),
    ("1. two writers on one data folder", "two views of one table, rulings interleaved", stale_views),
    ("2. a lost or damaged WAL", "WAL deleted after a kill", wal_damage("deleted")),
    ("2. a lost or damaged WAL", "WAL truncated at a random byte", wal_damage("truncated")),
    ("2. a lost or damaged WAL", "random bits flipped in the WAL", wal_damage("flipped bytes")),
    ("2. a lost or damaged WAL", "WAL header zeroed", wal_damage("zeroed header")),
    ("2. a lost or damaged WAL", "read-only folder with a pending WAL", read_only_pending_wal),
    ("3. an emptied or replaced database", "0-byte database", emptied("zero bytes")),
    ("3. an emptied or replaced database", "database deleted", emptied("deleted")),
    ("3. an emptied or replaced database", "replaced by another device's", emptied("replaced by another device's")),
    ("3. an emptied or replaced database", "replaced by an older copy of itself", rolled_back),
    ("3. an emptied or replaced database", "another history's backups, then new backups", foreign_backups_kept),
    ("4. damage at start", "two indexes exchange their b-trees", index_swap),
    ("4. damage at start", "random bytes flipped in the database", flipped_page_bytes),
    ("4. damage at start", "invalid UTF-8 in a stored text (verify, export, app)", bad_utf8),
    ("4. damage at start", "user_version damaged", user_version),
    ("4. damage at start", "restore with a newest backup whose chain is broken", restore_broken_chain),
    ("4. damage at start", "a backup killed half-written (*.part)", killed_backup),
    ("5. tampering", "two rows' seq swapped", swapped_seq),
    ("5. tampering", "newest events deleted (journal and backup)", deleted_newest("journal")),
    ("5. tampering", "newest events deleted (backup only)", deleted_newest("backup only")),
    ("5. tampering", "a derived column, projection row or device id changed", changed_column),
    ("5. tampering", "a payload changed, the chain recomputed", rewritten_chain),
    ("5. tampering", "... and the journal and backups rewritten too (no key)", rewritten_everything),
    ("5. tampering", "... and signed again with the key from the data folder", rewritten_and_resigned),
    ("6. import", "a bundle from an unknown device", unknown_device),
    ("6. import", "a row whose column contradicts its payload", contradicting_column),
    ("6. import", "two devices wrote the same table", fork),
    ("6. import", "an out-of-range number", huge_number),
    ("7. rule-set files", "a club file edited after rulings", edited_ruleset),
    ("8. damaged rows", "a bit or a byte changed in any column of a stored event", damaged_row("column")),
    ("8. damaged rows", "... in a projection, a signed head or the signed digest", damaged_row("projection")),
    ("8. damaged rows", "a bit flipped in an event's record in the database file", damaged_row("file")),
    ("8. damaged rows", "a bit flipped anywhere in a page of events or of its indexes", damaged_row("page")),
    ("8. damaged rows", "a table's cached state changed, then a sync merges", damaged_row("cache")),
]


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--trials", type=int, default=10)
    args.add_argument("--seed", type=int, default=20261122)
    args.add_argument("--only", default="", help="only the categories whose name starts with this (e.g. '8.')")
    opts = args.parse_args(argv)
    for category, case, run in CASES:
        if category.startswith(opts.only):
            _case(category, case, opts.trials, run, opts.seed)
    print("| category | case | tried | held | broke |")
    print("|---|---|---|---|---|")
    for category, case, held, broke in ROWS:
        print(f"| {category} | {case} | {held + broke} | {held} | {broke} |")
    total_held = sum(r[2] for r in ROWS)
    total_broke = sum(r[3] for r in ROWS)
    print(f"| **all** | | {total_held + total_broke} | {total_held} | {total_broke} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
