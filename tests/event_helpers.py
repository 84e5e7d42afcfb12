"""Shared helpers of the event tests: run ``tt event …`` on one file, dump a database."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from tt_organizer.cli.main import cli

EVENT_DECKS = Path(__file__).parent / "fixtures" / "events"


def dump(path: Path) -> str:
    """The whole database as SQL text, to prove a refused command changed nothing."""
    conn = sqlite3.connect(path)
    try:
        return "\n".join(conn.iterdump())
    finally:
        conn.close()


class Tt:
    """Runs ``tt event …`` against one event file (``TT_EVENT``), as organizer "tester"."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.runner = CliRunner()

    def __call__(self, *args: str, code: int = 0) -> Result:
        result = self.runner.invoke(cli, ["event", *args], env={"TT_EVENT": str(self.path),
                                                                "TT_ORGANIZER": "tester"})
        assert result.exit_code == code, (args, result.output, result.exception)
        return result

    def json(self, *args: str) -> Any:
        return json.loads(self(*args, "--json").stdout)

    def refused(self, *args: str, match: str) -> str:
        """Run a command that must be refused (exit 2) and leave the file unchanged."""
        before = dump(self.path) if self.path.exists() else None
        err = self(*args, code=2).stderr
        assert match in err, err
        assert "Traceback" not in err
        if before is not None:
            assert dump(self.path) == before
        return err


def start_event(tt: Tt, names: list[str], *args: str, title: str = "Cup", seed: int = 7
                ) -> None:
    """Create an event with ``seed`` (and ``args``) and register ``names`` without decks."""
    tt("create", title, "--seed", str(seed), *args)
    for name in names:
        tt("register", name)


def run_swiss(tmp_path: Path, players: int, cut: int) -> Tt:
    """An event of ``players`` (P00, P01 …), best-of-1, 2 Swiss rounds played (seed 5) and a
    top ``cut`` ahead (0: none); every third table won by player 2."""
    tt = Tt(tmp_path / f"top{cut}.sqlite")
    tt("create", "Cut", "--seed", "5", "--rounds", "2", "--top-cut", str(cut), "--best-of", "1")
    for i in range(players):
        tt("register", f"P{i:02d}")
    for _ in range(2):
        tt("pair")
        for p in tt.json("pairings"):
            if p["player2"] is not None:
                tt("report", str(p["table"]), "1-0" if p["table"] % 3 else "0-1")
    return tt


def as_version_5(path: Path) -> None:
    """Turn an event file into one as schema version 5 wrote it (the columns and tables added
    since gone), to test the migration on open."""
    raw = sqlite3.connect(path)
    raw.executescript("ALTER TABLE rounds DROP COLUMN seeded; DROP TABLE set_aside; "
                      "ALTER TABLE settings DROP COLUMN require_decks; "
                      "ALTER TABLE settings DROP COLUMN language; "
                      "ALTER TABLE settings DROP COLUMN intentional_draws; "
                      "PRAGMA user_version = 5;")
    raw.close()
