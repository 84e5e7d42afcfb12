"""The event database schema and its migrations.

The schema version lives in ``PRAGMA user_version``; ``PRAGMA application_id`` marks the file
as a tt-organizer event so that a foreign SQLite file is recognised and left alone. Every
migration runs in the transaction that opens the file, so a failed migration changes nothing.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import zlib

from tt_organizer.lazy_re import lazy_compile

APPLICATION_ID = 0x54544556  # "TTEV"
SCHEMA_VERSION = 12

_V1 = """
CREATE TABLE settings (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    name          TEXT    NOT NULL,
    format_id     TEXT    NOT NULL,
    banlist_date  TEXT,
    best_of       INTEGER NOT NULL CHECK (best_of IN (1, 3)),
    rounds        INTEGER,            -- NULL = auto (fixed at the first pairing)
    rounds_auto   INTEGER NOT NULL DEFAULT 0,
    top_cut       INTEGER,            -- NULL = by player count; 0 = none
    win_points    INTEGER NOT NULL,
    draw_points   INTEGER NOT NULL,
    loss_points   INTEGER NOT NULL,
    bye_points    INTEGER NOT NULL,
    unfinished    TEXT    NOT NULL CHECK (unfinished IN ('draw', 'double-loss')),
    tiebreakers   TEXT    NOT NULL,   -- comma separated
    seed          INTEGER NOT NULL,
    strict_colors INTEGER NOT NULL DEFAULT 0,
    created_at    TEXT    NOT NULL
);

CREATE TABLE players (
    id               INTEGER PRIMARY KEY,
    name             TEXT    NOT NULL,
    name_key         TEXT    NOT NULL UNIQUE,   -- casefolded name
    ext_id           TEXT    UNIQUE,
    registered_at    TEXT    NOT NULL,
    dropped          INTEGER NOT NULL DEFAULT 0,
    dropped_round    INTEGER,
    late_entry_round INTEGER
);

CREATE TABLE decks (
    player_id     INTEGER PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
    source        TEXT,
    text          TEXT    NOT NULL,
    format_id     TEXT    NOT NULL,
    banlist_date  TEXT,
    legal         INTEGER NOT NULL,
    allow_illegal INTEGER NOT NULL DEFAULT 0,
    codes         TEXT    NOT NULL DEFAULT '[]',  -- JSON array
    colors        TEXT    NOT NULL DEFAULT '[]',  -- JSON array
    main          TEXT    NOT NULL DEFAULT '{}',  -- JSON object number -> count
    pile          TEXT    NOT NULL DEFAULT '{}',
    report        TEXT,                           -- JSON of the validation report
    checked_at    TEXT    NOT NULL
);

CREATE TABLE rounds (
    stage     TEXT    NOT NULL CHECK (stage IN ('swiss', 'top-cut')),
    number    INTEGER NOT NULL CHECK (number >= 1),
    paired_at TEXT    NOT NULL,
    PRIMARY KEY (stage, number)
);

CREATE TABLE matches (
    id          INTEGER PRIMARY KEY,
    stage       TEXT    NOT NULL,
    round       INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,   -- 0 for a late entry's missed round
    player1     INTEGER NOT NULL REFERENCES players(id),
    player2     INTEGER REFERENCES players(id),
    result      TEXT,
    p1_games    INTEGER NOT NULL DEFAULT 0,
    p2_games    INTEGER NOT NULL DEFAULT 0,
    draws       INTEGER NOT NULL DEFAULT 0,
    outcome     TEXT CHECK (outcome IS NULL OR outcome IN
                  ('p1', 'p2', 'draw', 'double-loss', 'bye', 'loss-missed')),
    reported_at TEXT,
    FOREIGN KEY (stage, round) REFERENCES rounds(stage, number)
);
CREATE UNIQUE INDEX matches_table ON matches(stage, round, table_no) WHERE table_no > 0;
CREATE INDEX matches_player1 ON matches(player1);
CREATE INDEX matches_player2 ON matches(player2);

CREATE TABLE games (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    number   INTEGER NOT NULL CHECK (number >= 1),
    first    INTEGER REFERENCES players(id),
    winner   INTEGER REFERENCES players(id),
    turns    INTEGER,
    PRIMARY KEY (match_id, number)
);

CREATE TABLE audit (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    at      TEXT NOT NULL,
    actor   TEXT NOT NULL,
    action  TEXT NOT NULL,
    subject TEXT NOT NULL,
    old     TEXT,
    new     TEXT
);
CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
"""

# Version 2: format settings an event sets for its deck checks (e.g. {"max_ultimates": 2}).
_V2 = """
ALTER TABLE settings ADD COLUMN format_settings TEXT NOT NULL DEFAULT '{}';  -- JSON object
"""

# Version 3 (`tt event serve`): a short PIN per player (given at registration: existing players
# get one here, new ones from the trigger), results reported from phones awaiting the
# opponent's confirmation, decklists submitted from phones, and the round timer.
_V3_SERVE_PINS_REPORTS = """
ALTER TABLE players ADD COLUMN pin TEXT;
UPDATE players SET pin = substr('0000' || abs(random() % 10000), -4) WHERE pin IS NULL;
CREATE TRIGGER players_pin AFTER INSERT ON players WHEN NEW.pin IS NULL
BEGIN UPDATE players SET pin = substr('0000' || abs(random() % 10000), -4) WHERE id = NEW.id; END;

CREATE TABLE web_reports (
    id           INTEGER PRIMARY KEY,
    stage        TEXT    NOT NULL,
    round        INTEGER NOT NULL,
    table_no     INTEGER NOT NULL,
    reporter     INTEGER NOT NULL REFERENCES players(id),
    result       TEXT    NOT NULL,   -- from seat P1's side, as `tt event report` takes it
    first        TEXT,               -- P1,P2,… as --first
    winners      TEXT,               -- as --winners
    turns        TEXT,               -- as --turns
    status       TEXT    NOT NULL CHECK (status IN
                   ('pending', 'confirmed', 'disputed', 'resolved', 'withdrawn')),
    created_at   TEXT    NOT NULL,
    client       TEXT    NOT NULL,
    answered_by  INTEGER REFERENCES players(id),
    answered_at  TEXT,
    counter      TEXT                -- the opponent's result when they disagreed
);
CREATE UNIQUE INDEX web_reports_open ON web_reports(stage, round, table_no)
    WHERE status IN ('pending', 'disputed');

CREATE TABLE web_decks (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    ext_id      TEXT,
    source      TEXT    NOT NULL,
    text        TEXT    NOT NULL,
    legal       INTEGER NOT NULL,
    report      TEXT    NOT NULL,    -- JSON of the validation report
    status      TEXT    NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    created_at  TEXT    NOT NULL,
    client      TEXT    NOT NULL,
    player_id   INTEGER REFERENCES players(id)
);

CREATE TABLE web_timer (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    seconds    INTEGER NOT NULL,     -- the round's length, extensions included
    started_at REAL,                 -- epoch seconds when running, else NULL
    elapsed    REAL    NOT NULL DEFAULT 0  -- seconds run before the last pause
);
"""

# Version 4: the event's tiebreak policy (tt_organizer.standings.policy) as JSON; '{}' = the
# rule book, so files made before policies keep their figures.
_V4_TIEBREAK_POLICY = """
ALTER TABLE settings ADD COLUMN tiebreak_policy TEXT NOT NULL DEFAULT '{}';  -- JSON object
"""

# Pairing constraints an organizer sets (tt_organizer.events.manual): check-in (NULL = not
# asked, 1 = here, 0 = no-show), byes granted for given rounds (invited players) and pairs of
# players who should not meet (until_round NULL = all event).
_V5_PAIRING_CONSTRAINTS = """
ALTER TABLE players ADD COLUMN checked_in INTEGER CHECK (checked_in IN (0, 1));
ALTER TABLE players ADD COLUMN bye_rounds TEXT NOT NULL DEFAULT '';  -- e.g. "1,2"
CREATE TABLE avoid_pairs (
    player_a    INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    player_b    INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    until_round INTEGER CHECK (until_round IS NULL OR until_round >= 1),
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (player_a, player_b),
    CHECK (player_a < player_b)
);
"""

# Whether a round was paired by seeding (--seeded) is a fact of the round, not of the audit log;
# an older file takes it from the log's last pairing of each round.
_V6_ROUND_SEEDED = """
ALTER TABLE rounds ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0 CHECK (seeded IN (0, 1));
UPDATE rounds SET seeded = 1 WHERE stage = 'swiss' AND coalesce((
    SELECT json_extract(new, '$.seeded') FROM audit
    WHERE action = 'pair' AND subject = 'round ' || rounds.number AND json_valid(new)
    ORDER BY id DESC LIMIT 1), 0) = 1;
"""

# The change log: every row written to the checked tables is named in `unchecked` by a trigger,
# whoever writes it. The toolkit empties it when it commits (its own writes are sound), so what
# it holds when a file is opened was written by something else -- a hand edit -- and only those
# rows need checking (tt_organizer.events.store.integrity.check_changes), not the whole file.
# (IF NOT EXISTS: a test may turn a file's version back to run the later migrations again.)
_V7_CHANGE_LOG = """
CREATE TABLE IF NOT EXISTS unchecked (
    tbl TEXT    NOT NULL,   -- settings, players (a deck is its player's), matches, audit
    row INTEGER NOT NULL,   -- the row's id (a game is its match's)
    PRIMARY KEY (tbl, row)
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS settings_added AFTER INSERT ON settings
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('settings', NEW.id); END;
CREATE TRIGGER IF NOT EXISTS settings_changed AFTER UPDATE ON settings
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('settings', NEW.id); END;
CREATE TRIGGER IF NOT EXISTS players_added AFTER INSERT ON players
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('players', NEW.id); END;
CREATE TRIGGER IF NOT EXISTS players_changed AFTER UPDATE ON players
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('players', NEW.id); END;
CREATE TRIGGER IF NOT EXISTS players_removed AFTER DELETE ON players
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('players', OLD.id); END;
CREATE TRIGGER IF NOT EXISTS decks_added AFTER INSERT ON decks
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('players', NEW.player_id); END;
CREATE TRIGGER IF NOT EXISTS decks_changed AFTER UPDATE ON decks
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('players', NEW.player_id); END;
CREATE TRIGGER IF NOT EXISTS matches_added AFTER INSERT ON matches
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('matches', NEW.id); END;
CREATE TRIGGER IF NOT EXISTS matches_changed AFTER UPDATE ON matches
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('matches', NEW.id); END;
CREATE TRIGGER IF NOT EXISTS games_added AFTER INSERT ON games
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('matches', NEW.match_id); END;
CREATE TRIGGER IF NOT EXISTS games_changed AFTER UPDATE ON games
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('matches', NEW.match_id); END;
CREATE TRIGGER IF NOT EXISTS audit_added AFTER INSERT ON audit
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('audit', NEW.id); END;
"""

# The judge's log (tt_organizer.events.penalties): one row per penalty given. A game or match
# loss also changes the match's result through the normal result path (audited there).
_V8_PENALTIES = """
CREATE TABLE IF NOT EXISTS penalties (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    stage      TEXT    NOT NULL CHECK (stage IN ('swiss', 'top-cut')),
    round      INTEGER NOT NULL CHECK (round >= 0),   -- 0: before the first round
    infraction TEXT    NOT NULL CHECK (length(infraction) BETWEEN 1 AND 80),
    penalty    TEXT    NOT NULL
               CHECK (penalty IN ('warning', 'game-loss', 'match-loss', 'disqualification')),
    note       TEXT    NOT NULL DEFAULT '' CHECK (length(note) <= 500),
    judge      TEXT    NOT NULL,
    at         TEXT    NOT NULL
);
CREATE TRIGGER IF NOT EXISTS penalties_added AFTER INSERT ON penalties
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('penalties', NEW.id); END;
CREATE TRIGGER IF NOT EXISTS penalties_changed AFTER UPDATE ON penalties
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('penalties', NEW.id); END;
CREATE TRIGGER IF NOT EXISTS penalties_removed AFTER DELETE ON penalties
BEGIN INSERT OR IGNORE INTO unchecked VALUES ('penalties', OLD.id); END;
"""

# The desk (issue 26): an event may refuse to pair players without a deck, and a no-show is
# set aside -- name, id and deck kept out of the event -- so that arriving late needs no file.
_V9_DESK = """
ALTER TABLE settings ADD COLUMN require_decks INTEGER NOT NULL DEFAULT 0
    CHECK (require_decks IN (0, 1));
CREATE TABLE IF NOT EXISTS set_aside (
    name_key      TEXT    PRIMARY KEY,   -- casefolded name
    name          TEXT    NOT NULL,
    ext_id        TEXT,
    deck_source   TEXT,
    deck_text     TEXT,                  -- the decklist as registered (NULL: no deck)
    allow_illegal INTEGER NOT NULL DEFAULT 0 CHECK (allow_illegal IN (0, 1)),
    set_aside_at  TEXT    NOT NULL
);
"""

# Version 10 (issue 22): every table's inserts, updates and deletes land in the change log. A
# row deleted by something other than the toolkit is named, in words, in `removed` (the toolkit
# empties it with `unchecked` when it commits): a file with a row removed by hand is refused,
# as nothing can check a row that is not there. Rows of the tables without a checked reader
# (rounds, avoid_pairs, set_aside, the web tables; penalties log their own) are named in
# `unchecked` by their table and rowid, and make the next open check the whole file. (IF NOT
# EXISTS throughout, as in version 7. A trigger's INSERT OR IGNORE would take the conflict
# policy of the statement that fired it -- an upsert's fails -- hence WHERE NOT EXISTS.)
_V10_EVERY_CHANGE_LOGGED = """
CREATE TABLE IF NOT EXISTS removed (
    what TEXT PRIMARY KEY   -- the removed row, in words: 'swiss round 1 table 3'
) WITHOUT ROWID;
""" + "".join(
    f"CREATE TRIGGER IF NOT EXISTS {table}_{when.lower()}_logged AFTER {when} ON {table}\n"
    f"BEGIN INSERT INTO unchecked SELECT '{table}', NEW.rowid WHERE NOT EXISTS (SELECT 1 FROM "
    f"unchecked WHERE tbl = '{table}' AND row = NEW.rowid); END;\n"
    for table in ("rounds", "avoid_pairs", "set_aside", "web_reports", "web_decks", "web_timer")
    for when in ("INSERT", "UPDATE")
) + "".join(
    f"CREATE TRIGGER IF NOT EXISTS {table}_deleted AFTER DELETE ON {table}\n"
    f"BEGIN INSERT INTO removed SELECT {what} WHERE NOT EXISTS (SELECT 1 FROM removed WHERE "
    f"what = {what}); END;\n"
    for table, what in (
        ("settings", "'the settings'"),
        ("players", "'player ' || OLD.id"),
        ("decks", "'the deck of player ' || OLD.player_id"),
        ("rounds", "OLD.stage || ' round ' || OLD.number"),
        ("matches", "OLD.stage || ' round ' || OLD.round || ' table ' || OLD.table_no"),
        ("games", "'game ' || OLD.number || ' of match ' || OLD.match_id"),
        ("avoid_pairs", "'the avoid pair of players ' || OLD.player_a || ' and ' || OLD.player_b"),
        ("web_reports", "'phone report ' || OLD.id"),
        ("web_decks", "'submitted deck ' || OLD.id"),
        ("web_timer", "'the round timer'"),
        ("penalties", "'penalty ' || OLD.id"),
        ("set_aside", "'set-aside entry ' || OLD.rowid"),
    )
)

# The language of what the event prints, exports and shows (tt_organizer.i18n): en, es, ...
_V11_LANGUAGE = """
ALTER TABLE settings ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
"""

# Issue 37: whether players may report an intentional draw (0-0-0, no game played) on their
# phones; the organizer's own entry (command line, sheet, console) always accepts it.
_V12_INTENTIONAL_DRAWS = """
ALTER TABLE settings ADD COLUMN intentional_draws INTEGER NOT NULL DEFAULT 0
    CHECK (intentional_draws IN (0, 1));
"""

# MIGRATIONS[i] takes a database from version i to version i + 1.
MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3_SERVE_PINS_REPORTS, _V4_TIEBREAK_POLICY,
                              _V5_PAIRING_CONSTRAINTS, _V6_ROUND_SEEDED, _V7_CHANGE_LOG,
                              _V8_PENALTIES, _V9_DESK, _V10_EVERY_CHANGE_LOGGED,
                              _V11_LANGUAGE, _V12_INTENTIONAL_DRAWS)

assert len(MIGRATIONS) == SCHEMA_VERSION


def migrate(conn: sqlite3.Connection, from_version: int) -> int:
    """Apply every migration after ``from_version`` (inside the caller's transaction);
    returns the new version."""
    for version in range(from_version, SCHEMA_VERSION):
        for statement in _statements(MIGRATIONS[version]):
            if not _column_there(conn, statement):
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {version + 1}")
    if from_version == 0:
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    return SCHEMA_VERSION


def _column_there(conn: sqlite3.Connection, statement: str) -> bool:
    """Whether ``statement`` adds a column the table has already (a file whose version was
    turned back: ``ADD COLUMN`` has no ``IF NOT EXISTS``)."""
    words = statement.split()
    if [w.upper() for w in words[:2]] != ["ALTER", "TABLE"] or len(words) < 6:
        return False
    if [w.upper() for w in words[3:5]] != ["ADD", "COLUMN"]:
        return False
    table, column = words[2], words[5]
    return any(row[1] == column for row in conn.execute(f"PRAGMA table_info({table})"))


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (``executescript`` would commit)."""
    out: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out


SchemaRow = tuple[str, str, str, str]  # type, name, table, SQL (normalised)
_COMMENT = lazy_compile(r"--[^\n]*")
_SPACE_AROUND = lazy_compile(r"\s*([(),=])\s*")


def _normalised(sql: str | None) -> str:
    """SQL text without comments, runs of spaces or spaces around punctuation: a file made by
    an older version, whose comments said something else, is not told apart by them."""
    text = " ".join(_COMMENT.sub("", sql or "").split())
    return _SPACE_AROUND.sub(r"\1", text)


# The two tables Litestream (tt_organizer.events.replica) creates in a database it copies, row
# for row as ``sqlite_master`` holds them: accepted in an event file exactly so, and only so (a
# table of that name defined otherwise, or any index or trigger on them, is still refused).
LITESTREAM_ROWS: frozenset[tuple[str, str, str, str | None]] = frozenset({
    ("table", "_litestream_seq", "_litestream_seq",
     "CREATE TABLE _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER)"),
    ("table", "_litestream_lock", "_litestream_lock", "CREATE TABLE _litestream_lock (id INTEGER)"),
})


def _schema_rows(conn: sqlite3.Connection) -> frozenset[tuple[str, str, str, str | None]]:
    """The file's tables, indexes and triggers, but SQLite's own and Litestream's."""
    cur = conn.cursor()
    cur.row_factory = None  # plain tuples, whatever rows the connection gives (sqlite3.Row)
    return frozenset(cur.execute(  # sqlite_* are SQLite's own (sequence, statistics, ...)
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' "
        "ESCAPE '\\'").fetchall()) - LITESTREAM_ROWS


@functools.cache
def expected_schema() -> tuple[frozenset[tuple[str, str, str, str | None]], dict[str, SchemaRow]]:
    """The schema this version writes (built once per process, in memory, by the migrations):
    its raw rows, and its rows by name, normalised."""
    raw = built_schema_rows()
    return raw, {r[1]: (r[0], r[1], r[2], _normalised(r[3])) for r in raw}


def built_schema_rows() -> frozenset[tuple[str, str, str, str | None]]:
    """The rows of ``sqlite_master`` the migrations write, built in an in-memory database."""
    mem = sqlite3.connect(":memory:")
    try:
        migrate(mem, 0)
        return _schema_rows(mem)
    finally:
        mem.close()


# The rows the migrations write, recorded when the package is installed (``hatch_build.py``
# calls record_schema_rows): an event command compares the file with them without building
# the schema in memory (a few ms). Only an exact match is taken from the record; any other
# file is compared with the schema built by the migrations, so a record that is missing or
# stale (migrations changed since the install) never refuses a file, it only costs the build.
SCHEMA_RECORD = os.path.join(os.path.dirname(__file__), "schema_rows.json")


def migrations_digest() -> str:
    """A digest of the migrations' text and the schema version: what a record was made from."""
    return f"{SCHEMA_VERSION}:{zlib.crc32(chr(0).join(MIGRATIONS).encode()):08x}"


def record_schema_rows(path: str = SCHEMA_RECORD) -> str:
    """Write the record of the rows the migrations write (at install; see SCHEMA_RECORD)."""
    rows = sorted(built_schema_rows(), key=lambda r: (r[0], r[1]))
    with open(f"{path}.tmp", "w", encoding="utf-8") as out:
        json.dump({"migrations": migrations_digest(), "rows": rows}, out, indent=1)
        out.write("\n")
    os.replace(f"{path}.tmp", path)
    return path


@functools.cache
def recorded_schema_rows() -> frozenset[tuple[str, str, str, str | None]] | None:
    """The recorded rows (None when there is no record for these migrations)."""
    try:
        with open(SCHEMA_RECORD, encoding="utf-8") as record_file:
            record = json.load(record_file)
        if record["migrations"] != migrations_digest():
            return None
        return frozenset(tuple(row) for row in record["rows"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def schema_differences(conn: sqlite3.Connection) -> list[str]:
    """How the file's tables, indexes and triggers differ from what this version writes
    (empty when they agree: one query, compared with the expected rows): a trigger dropped,
    a table altered, an index or trigger added by hand."""
    have_raw = _schema_rows(conn)
    if have_raw == recorded_schema_rows():
        return []
    raw, expected = expected_schema()
    if have_raw == raw:
        return []
    have = {r[1]: (r[0], r[1], r[2], _normalised(r[3])) for r in have_raw}
    out = []
    for name in sorted(expected.keys() | have.keys()):
        want, got = expected.get(name), have.get(name)
        if got == want:
            continue
        kind = (want or got or ("object",))[0]
        if got is None:
            out.append(f"{kind} {name} is missing")
        elif want is None:
            out.append(f"{kind} {name} is not one this version writes")
        else:
            out.append(f"{kind} {name} is defined differently")
    return out
