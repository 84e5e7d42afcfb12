"""A corrupted event file gives exit 2 and a message, never a traceback, and
no command reports failure after it committed its change.

The event file is a real one built by the CLI; the damage is done to its bytes (a seeded
byte-flip loop) or, for stored values, by SQL that bypasses the schema's checks.
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from event_helpers import Tt

from tt_organizer.cli.main import cli

LEGAL = str(Path(__file__).parent / "fixtures" / "events" / "legal_red.txt")
FLIPS = int(os.environ.get("TT_FLIP_COUNT", "60"))
COMMANDS = [
    ("status",), ("standings",), ("players",), ("pairings",), ("log",),
    ("report", "3", "1-0"), ("correct", "1", "1", "0-1"), ("drop", "Ann"), ("pair",),
    ("export", "{tmp}/out.xlsx"),
]


@pytest.fixture(scope="module")
def base_event(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A best-of-one event of six players, round 1 paired, two of three tables reported."""
    path = tmp_path_factory.mktemp("event") / "event.sqlite"
    tt = Tt(path)
    tt("create", "Cup", "--seed", "3", "--best-of", "1")
    for name in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay"):
        tt("register", name, "--deck", LEGAL)
    tt("pair")
    tt("report", "1", "1-0", "--turns", "7")
    tt("report", "2", "0-1", "--first", "P2")
    assert not Path(f"{path}-wal").exists()  # checkpointed: the file holds everything
    return path.read_bytes()


def _run(path: Path, args: tuple[str, ...]) -> Result:
    args = tuple(a.replace("{tmp}", str(path.parent)) for a in args)
    return CliRunner().invoke(cli, ["event", *args, "--event", str(path)])


def _no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{type(result.exception).__name__}: {result.exception}")
    assert "Traceback" not in result.output


def _fresh(path: Path, data: bytes) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.write_bytes(data)


def test_the_undamaged_file_works(base_event: bytes, tmp_path: Path) -> None:
    path = tmp_path / "event.sqlite"
    for args in COMMANDS:
        _fresh(path, base_event)
        result = _run(path, args)
        _no_traceback(result)
        # `pair` is refused: table 3 of round 1 is not reported in the base file
        assert result.exit_code == (2 if args == ("pair",) else 0), (args, result.output)


def test_seeded_byte_flips(base_event: bytes, tmp_path: Path) -> None:
    path = tmp_path / "event.sqlite"
    refused = 0
    for seed in range(FLIPS):
        rng = random.Random(seed)
        damaged = bytearray(base_event)
        for _ in range(rng.choice((1, 1, 2, 8))):
            damaged[rng.randrange(len(damaged))] ^= rng.randrange(1, 256)
        for args in COMMANDS:
            _fresh(path, bytes(damaged))
            result = _run(path, args)
            _no_traceback(result)
            assert result.exit_code in (0, 2), (seed, args, result.output)
            if result.exit_code != 0:
                refused += 1
                # refused: nothing was changed (not even a result recorded before the error)
                assert path.read_bytes() == bytes(damaged), (seed, args, result.output)
                assert "error:" in result.output
    assert refused > 0  # the loop did reach damaged pages


# SQL run on a plain connection (no foreign keys) with CHECK constraints ignored: values the
# toolkit never writes
BAD_VALUES = [
    "UPDATE settings SET tiebreakers = 'omw,bogus'",
    "UPDATE settings SET tiebreakers = 'omw,omw'",
    "UPDATE settings SET best_of = 2",
    "UPDATE settings SET best_of = 'three'",
    "UPDATE settings SET unfinished = 'coin-flip'",
    "UPDATE settings SET win_points = -5",
    "UPDATE settings SET draw_points = 99999999999999999999",
    "UPDATE settings SET rounds = 0",
    "UPDATE settings SET top_cut = 5",
    "UPDATE settings SET seed = 'x'",
    "UPDATE settings SET banlist_date = 'yesterday'",
    "UPDATE settings SET format_settings = 'not json'",
    "UPDATE settings SET format_settings = '{\"max_ultimates\": \"two\"}'",
    "UPDATE settings SET format_settings = '[1, 2]'",
    "UPDATE settings SET name = CAST(X'C328' AS TEXT)",
    "UPDATE players SET dropped_round = 'x' WHERE id = 1",
    "UPDATE players SET late_entry_round = -1 WHERE id = 2",
    "UPDATE decks SET main = '[1, 2]' WHERE player_id = 1",
    "UPDATE decks SET main = '{\"BT1-009\": \"four\"}' WHERE player_id = 1",
    "UPDATE decks SET codes = '{' WHERE player_id = 1",
    "UPDATE decks SET text = CAST(X'FFFE' AS TEXT) WHERE player_id = 2",
    "UPDATE matches SET result = '9-9' WHERE table_no = 1",
    "UPDATE matches SET outcome = 'win' WHERE table_no = 1",
    "UPDATE matches SET player1 = 999 WHERE table_no = 2",
    "UPDATE matches SET stage = 'final' WHERE table_no = 3",
    "UPDATE matches SET round = 0 WHERE table_no = 3",
    "UPDATE matches SET p1_games = -1 WHERE table_no = 1",
    "UPDATE games SET turns = -3",
    "UPDATE games SET winner = 999",
]


@pytest.mark.parametrize("sql", BAD_VALUES)
def test_invalid_stored_values_exit_2_with_a_message(
    base_event: bytes, tmp_path: Path, sql: str
) -> None:
    path = tmp_path / "event.sqlite"
    _fresh(path, base_event)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA ignore_check_constraints = 1")
    with conn:
        assert conn.execute(sql).rowcount >= 1
    conn.close()
    shutil.copy(path, tmp_path / "damaged.sqlite")
    damaged = path.read_bytes()
    for args in COMMANDS:
        _fresh(path, damaged)
        result = _run(path, args)
        _no_traceback(result)
        assert result.exit_code == 2, (sql, args, result.output)
        assert "event.sqlite: the event file" in result.output, result.output
        assert path.read_bytes() == damaged


def test_an_error_after_the_commit_is_not_a_failure(
    base_event: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If showing the result fails once the change is committed, the command still exits 0
    (it did what it was asked) and says the change was saved."""
    from tt_organizer.events import status

    path = tmp_path / "event.sqlite"
    _fresh(path, base_event)

    def broken_read(*_args: object, **_kwargs: object) -> None:
        raise sqlite3.DatabaseError("disk I/O error")

    monkeypatch.setattr(status, "missing_tables", broken_read)
    result = _run(path, ("report", "3", "1-0"))
    _no_traceback(result)
    assert result.exit_code == 0, result.output
    assert "the change was saved, but showing it failed: database error" in result.output
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT result FROM matches WHERE table_no = 3").fetchone()[0] == "1-0"
    conn.close()
