"""Schema of the event store: ``SCHEMA_VERSION`` and the ordered migrations that reach it.

Each migration takes a database at version ``n - 1`` to version ``n`` inside one transaction. Never edit a
migration that has shipped: add a new one.

Layer: bottom (the schema and its migrations): imports no feature of the store.
"""

from __future__ import annotations

import sqlite3

SCHEMA_VERSION = 7

_APPEND_ONLY = (
    "CREATE TRIGGER IF NOT EXISTS {t}_no_update BEFORE UPDATE ON {t} "
    "BEGIN SELECT RAISE(ABORT, '{t} is append-only: record a void and a new event instead'); END",
    "CREATE TRIGGER IF NOT EXISTS {t}_no_delete BEFORE DELETE ON {t} "
    "BEGIN SELECT RAISE(ABORT, '{t} is append-only: nothing is ever deleted'); END",
)

# v1: the first release: tournaments, tables, players, hanchans and the events of the ledger, hash-chained.
V1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL, device_id TEXT NOT NULL);
CREATE TABLE game_tables (
    id TEXT PRIMARY KEY, tournament_id TEXT NOT NULL REFERENCES tournaments(id), number INTEGER NOT NULL,
    created_at TEXT NOT NULL, device_id TEXT NOT NULL);
CREATE TABLE players (
    id TEXT PRIMARY KEY, tournament_id TEXT NOT NULL REFERENCES tournaments(id), name TEXT NOT NULL,
    first_timer INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, device_id TEXT NOT NULL);
CREATE TABLE hanchans (
    id TEXT PRIMARY KEY, table_id TEXT NOT NULL REFERENCES game_tables(id), number INTEGER NOT NULL,
    ruleset_id TEXT NOT NULL, ruleset_version TEXT NOT NULL, created_at TEXT NOT NULL, device_id TEXT NOT NULL);
CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    device_id TEXT NOT NULL,
    device_seq INTEGER NOT NULL,
    at TEXT NOT NULL,
    referee TEXT NOT NULL,
    tournament_id TEXT NOT NULL,
    table_id TEXT NOT NULL,
    hanchan_no INTEGER NOT NULL,
    round_wind TEXT NOT NULL,
    hand_no INTEGER NOT NULL,
    counters INTEGER NOT NULL,
    type TEXT NOT NULL,
    seat INTEGER,
    player TEXT,
    offence TEXT,
    answers TEXT NOT NULL,
    ruling TEXT NOT NULL,
    ruleset_id TEXT NOT NULL,
    ruleset_version TEXT NOT NULL,
    note TEXT NOT NULL,
    payload TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    UNIQUE (device_id, device_seq));
CREATE INDEX events_table ON events (table_id, seq);
"""

# v2: history queries (by tournament, player, offence, rule set, date) stay fast with 100,000 events.
V2 = """
CREATE INDEX events_tournament ON events (tournament_id, seq);
CREATE INDEX events_player ON events (tournament_id, player, type);
CREATE INDEX events_offence ON events (offence, seq);
CREATE INDEX events_at ON events (at);
CREATE INDEX events_ruleset ON events (ruleset_id, seq);
"""

# v3: the voided event's uuid is a column (undo and history skip voided events without reading payloads), and the
# player roster carries a federation id (EMA number) for the results export.
V3 = """
ALTER TABLE events ADD COLUMN target TEXT;
CREATE INDEX events_target ON events (target);
ALTER TABLE players ADD COLUMN federation_id TEXT NOT NULL DEFAULT '';
"""

# v4: hash version 2 (only the underivable columns and the payload are hashed; ``after`` puts a table's order in the
# hashes), tournaments, tables, players, rule sets and the device id as events of the device's chain (the tables
# below stay, as projections of those events: a later change of a player is an event that updates its row), and the
# contents of the rule sets hanchans started with, by hash. Rows stored before keep hash version 1.
V4 = """
ALTER TABLE events ADD COLUMN hash_v INTEGER NOT NULL DEFAULT 1;
ALTER TABLE events ADD COLUMN "after" TEXT;
CREATE INDEX events_after ON events (table_id, "after");
CREATE TABLE ruleset_contents (
    hash TEXT PRIMARY KEY, ruleset_id TEXT NOT NULL, version TEXT NOT NULL, content TEXT NOT NULL);
DROP TRIGGER IF EXISTS tournaments_no_update;
DROP TRIGGER IF EXISTS game_tables_no_update;
DROP TRIGGER IF EXISTS players_no_update
"""
PROJECTIONS = ("tournaments", "game_tables", "players")

# v5: the venue (docs/venue.md). Projections of the venue's entity events (device keys, trust, handovers, conflict
# resolutions) and of the tables' forks (two devices that wrote one table after the same event), the events a
# resolution set aside; and, not events, what this device read from shared folders: the devices seen there, the lines
# held back (an untrusted device, an event still waiting for the one it follows), the newest signed head of every
# device, the state a table's replay reached after merging (a cache: refapp.store.tablecache), and this device's signed
# digest over every stored row (refapp.store.digest). ``after`` is '' for "the table's start" in these tables.
V5 = """
CREATE TABLE device_keys (device_id TEXT PRIMARY KEY, key TEXT NOT NULL, fingerprint TEXT NOT NULL,
    event TEXT NOT NULL);
CREATE TABLE trusts (event TEXT PRIMARY KEY, device_id TEXT NOT NULL, fingerprint TEXT NOT NULL, key TEXT,
    name TEXT NOT NULL, role TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE handovers (event TEXT PRIMARY KEY, table_id TEXT NOT NULL, to_device TEXT NOT NULL,
    "after" TEXT NOT NULL, device_id TEXT NOT NULL, at TEXT NOT NULL);
CREATE INDEX handovers_table ON handovers (table_id);
CREATE TABLE resolutions (event TEXT PRIMARY KEY, table_id TEXT NOT NULL, "after" TEXT NOT NULL,
    stands TEXT NOT NULL, reason TEXT NOT NULL, device_id TEXT NOT NULL, referee TEXT NOT NULL, at TEXT NOT NULL);
CREATE INDEX resolutions_table ON resolutions (table_id);
CREATE TABLE table_forks (table_id TEXT NOT NULL, "after" TEXT NOT NULL, PRIMARY KEY (table_id, "after"));
CREATE TABLE set_aside (uuid TEXT PRIMARY KEY, resolution TEXT NOT NULL);
CREATE TABLE peers (folder TEXT NOT NULL, device_id TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL,
    first_seen TEXT NOT NULL, last_read TEXT NOT NULL, read_offset INTEGER NOT NULL, read_seq INTEGER NOT NULL,
    read_hash TEXT NOT NULL, problem TEXT NOT NULL, PRIMARY KEY (folder, device_id));
CREATE TABLE held (device_id TEXT NOT NULL, device_seq INTEGER NOT NULL, line TEXT NOT NULL,
    PRIMARY KEY (device_id, device_seq));
CREATE TABLE heads (device_id TEXT PRIMARY KEY, key TEXT NOT NULL, events INTEGER NOT NULL, newest TEXT NOT NULL,
    signature TEXT NOT NULL);
CREATE TABLE table_states (table_id TEXT PRIMARY KEY, head TEXT NOT NULL, events INTEGER NOT NULL,
    state TEXT NOT NULL);
CREATE TABLE digest (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL, digest TEXT NOT NULL,
    key TEXT NOT NULL, signature TEXT NOT NULL)
"""


# v6: the shared folder as hostile ground (docs/reliability.md). What this device last made of each journal it read
# (its size, time and file: a journal judged and not changed since is not read again); every signed head verified
# here, not only each device's newest (a bundle passes on the heads that vouch for what it carries); projections of the
# head referee's rulings on a key seen under two device ids (refapp.store.identity), of the entries written by a device
# that did not hold their table, and of the rulings on them (refapp.store.holding).
V6 = """
ALTER TABLE peers ADD COLUMN judged TEXT NOT NULL DEFAULT '';
CREATE TABLE signed_heads (device_id TEXT NOT NULL, events INTEGER NOT NULL, key TEXT NOT NULL, newest TEXT NOT NULL,
    signature TEXT NOT NULL, PRIMARY KEY (device_id, events));
INSERT INTO signed_heads (device_id, events, key, newest, signature)
    SELECT device_id, events, key, newest, signature FROM heads;
CREATE TABLE key_rulings (event TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, device TEXT NOT NULL, reason TEXT NOT NULL,
    device_id TEXT NOT NULL, referee TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE unheld (uuid TEXT PRIMARY KEY, table_id TEXT NOT NULL, first TEXT NOT NULL, device_id TEXT NOT NULL,
    holder TEXT NOT NULL);
CREATE INDEX unheld_table ON unheld (table_id);
CREATE TABLE unheld_rulings (event TEXT PRIMARY KEY, table_id TEXT NOT NULL, first TEXT NOT NULL,
    decision TEXT NOT NULL, reason TEXT NOT NULL, device_id TEXT NOT NULL, referee TEXT NOT NULL, at TEXT NOT NULL);
CREATE INDEX unheld_rulings_table ON unheld_rulings (table_id)
"""

# v7: the tournament's incidents in the order stored, without a walk of every event of the tournament (a player's
# record across tables reads them: refapp.store.history.incident_rows; 9,000 incidents among 100,000 events).
V7 = """
CREATE INDEX events_incidents ON events (tournament_id, seq) WHERE type = 'incident'
"""


def _triggers(conn: sqlite3.Connection) -> None:
    for table in ("tournaments", "game_tables", "players", "hanchans", "events"):
        for statement in _APPEND_ONLY:
            conn.execute(statement.format(t=table))


def _v4_hook(conn: sqlite3.Connection) -> None:
    # projections may be updated (by their entity events; verify checks them against the events), never deleted
    for statement in _APPEND_ONLY:
        conn.execute(statement.format(t="ruleset_contents"))
    # what no event covers yet (this device, rows stored before) is adopted by the next writable open
    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('adopt_pending', '1')")


def _v3_backfill(conn: sqlite3.Connection) -> None:
    # Fill the new column from the payloads of voids stored under v1/v2. The append-only trigger is lifted for this
    # one migration step only (it is recreated right after, in the same transaction).
    conn.execute("DROP TRIGGER IF EXISTS events_no_update")
    conn.execute("UPDATE events SET target = json_extract(payload, '$.target') WHERE type = 'void'")
    _triggers(conn)


MIGRATIONS: list[tuple[str, object]] = [
    (V1, None),
    (V2, None),
    (V3, _v3_backfill),
    (V4, _v4_hook),
    (V5, None),
    (V6, None),
    (V7, None),
]
assert len(MIGRATIONS) == SCHEMA_VERSION


class NewerSchema(RuntimeError):
    """The database was written by a newer refapp."""


def user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> list[int]:
    """Bring ``conn`` from its ``user_version`` to ``target``; return the versions applied. One transaction each."""
    applied = []
    current = user_version(conn)
    if current < 0:
        raise ValueError(f"schema version {current} is not a version of refapp")
    if current > SCHEMA_VERSION:
        raise NewerSchema(
            f"the database has schema version {current}, newer than this refapp ({SCHEMA_VERSION}): update refapp"
        )
    for version in range(current + 1, target + 1):
        sql, hook = MIGRATIONS[version - 1]
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _split(sql):
                conn.execute(statement)
            if version == 1:
                _triggers(conn)
            if callable(hook):
                hook(conn)
            conn.execute(f"PRAGMA user_version = {version}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        applied.append(version)
    return applied


def layout(conn: sqlite3.Connection) -> frozenset[tuple[str, ...]]:
    """The tables (with their columns) and indexes of a database: what its schema version implies. (Triggers are left
    out: they guard against mistakes, and verify reports the rows, not the triggers.)"""
    out: set[tuple[str, ...]] = set()
    for kind, name in conn.execute("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'index')"):
        if name.startswith("sqlite_") and kind == "table":
            continue
        out.add((kind, name))
        if kind == "table":
            out.update(("column", name, r[1]) for r in conn.execute(f'PRAGMA table_info("{name}")'))
    return frozenset(out)


_LAYOUTS: dict[int, frozenset[tuple[str, ...]]] = {}
_INDEX_SQL: dict[str, str] = {}  # the statement that creates each index, as the migrations wrote it

# Secondary indexes of the events that no step of a sync reads. A long first sync drops them and builds them once at
# its end (refapp.store.sync): inserting 300,000 rows into six more B-trees costs more than sorting them afterwards.
# A database without them (a sync cut short) is whole, only slower to search: its layout counts as its version's, and
# the next open for writing builds them.
DEFERRABLE = ("events_tournament", "events_player", "events_offence", "events_at", "events_ruleset", "events_incidents")


def expected_layout(version: int) -> frozenset[tuple[str, ...]]:
    """The layout of a database at ``version`` (built once in memory by the migrations)."""
    if not _LAYOUTS:
        mem = sqlite3.connect(":memory:", isolation_level=None)
        _LAYOUTS[0] = layout(mem)
        for v in range(1, SCHEMA_VERSION + 1):
            migrate(mem, target=v)
            _LAYOUTS[v] = layout(mem)
        _INDEX_SQL.update(mem.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"))
        mem.close()
    return _LAYOUTS[version]


def missing_deferred(conn: sqlite3.Connection) -> list[str]:
    """The :data:`DEFERRABLE` indexes the database's version has and the database lacks."""
    version = user_version(conn)
    if not 0 <= version <= SCHEMA_VERSION:
        return []
    expected, present = expected_layout(version), _indexes(conn)
    return [n for n in DEFERRABLE if ("index", n) in expected and n not in present]


def _indexes(conn: sqlite3.Connection) -> set[str]:
    return {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}


def drop_deferred(conn: sqlite3.Connection) -> list[str]:
    """Drop the :data:`DEFERRABLE` indexes (inside the caller's transaction); return those dropped."""
    present = _indexes(conn)
    dropped = [n for n in DEFERRABLE if n in present]
    for name in dropped:
        conn.execute(f'DROP INDEX "{name}"')
    return dropped


def build_deferred(conn: sqlite3.Connection) -> list[str]:
    """Build the :data:`DEFERRABLE` indexes the database lacks (inside the caller's transaction, if any); return
    them."""
    missing = missing_deferred(conn)
    for name in missing:
        conn.execute(_INDEX_SQL[name])
    return missing


def schema_problem(conn: sqlite3.Connection) -> str | None:
    """Why the database's ``user_version`` does not describe its tables, or None. A newer version is not damage (a
    newer refapp wrote it) unless the tables say otherwise; nor are :data:`DEFERRABLE` indexes left out."""
    version = user_version(conn)
    actual = layout(conn) | {("index", name) for name in missing_deferred(conn)}
    if 0 <= version <= SCHEMA_VERSION and actual == expected_layout(version):
        return None
    if (
        version > SCHEMA_VERSION
        and actual >= expected_layout(SCHEMA_VERSION)
        and actual != expected_layout(SCHEMA_VERSION)
    ):
        return None  # a newer refapp's tables: reported by migrate() as newer, not as damage
    match = [v for v in range(SCHEMA_VERSION + 1) if expected_layout(v) == actual]
    if match:
        return f"its schema version says {version}, but its tables are those of version {match[0]}"
    return f"its schema version says {version}, but its tables are not those of any version of refapp"


def _split(sql: str) -> list[str]:
    return [s.strip() for s in sql.split(";") if s.strip()]
