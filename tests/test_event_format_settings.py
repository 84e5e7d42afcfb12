"""An event may set its format's own settings (a cap on Ultimate Digimon in dmcg-1999); the
event database gained a column for them in schema version 2, and version-1 files migrate."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from event_helpers import Tt

from tt_organizer.events import players, store
from tt_organizer.events.store import schema
from tt_organizer.formats.game_import import import_game_cards

GAMES = Path(__file__).parent / "fixtures" / "games"


@pytest.fixture(autouse=True)
def dmcg_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TT_USER_DATA", str(tmp_path / "user-data"))
    import_game_cards(GAMES / "dmcg-1999-cards.csv", "dmcg-1999")
    players.check_context.cache_clear()


def test_event_caps_ultimates(tmp_path: Path) -> None:
    deck = str(GAMES / "dmcg-1999-legal.txt")  # three Ultimates: MetalGreymon x2, WereGarurumon
    capped = Tt(tmp_path / "capped.sqlite")
    capped("create", "Retro Night", "--format", "dmcg-1999", "--setting", "max_ultimates=2")
    assert capped.json("status")["format"] == "dmcg-1999"
    err = capped.refused("register", "Ann", "--deck", deck, match="ULTIMATE_LIMIT")
    assert "not legal" in err
    open_event = Tt(tmp_path / "open.sqlite")
    open_event("create", "Retro Night", "--format", "dmcg-1999")
    assert open_event.json("register", "Ann", "--deck", deck)["legal"] is True
    conn = store.open_event(tmp_path / "capped.sqlite")
    try:
        assert store.read_settings(conn).format_settings == {"max_ultimates": 2}
    finally:
        conn.close()


def test_unknown_format_setting_is_refused(tmp_path: Path) -> None:
    tt = Tt(tmp_path / "e.sqlite")
    err = tt("create", "Cup", "--setting", "max_ultimates=2", code=2).stderr
    assert "has no setting max_ultimates" in err
    assert not (tmp_path / "e.sqlite").exists()


def test_version_1_database_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    conn = sqlite3.connect(path)
    for statement in schema._statements(schema.MIGRATIONS[0]):
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
    conn.execute(
        "INSERT INTO settings (id, name, format_id, banlist_date, best_of, rounds, rounds_auto,"
        " top_cut, win_points, draw_points, loss_points, bye_points, unfinished, tiebreakers,"
        " seed, strict_colors, created_at) VALUES (1, 'Old Cup', 'tamer-tactics-0.9.1',"
        " '2026-03-16', 3, NULL, 1, NULL, 3, 1, 0, 3, 'draw', 'omw,oomw,gw', 7, 0,"
        " '2026-01-01T00:00:00+00:00')"
    )
    conn.commit()
    conn.close()

    snap = store.load_snapshot(path)
    assert snap.settings.name == "Old Cup" and snap.settings.format_settings == {}
    # a file from before tiebreak policies computes its figures by the rule book
    from tt_organizer.standings.policy import RULEBOOK

    assert snap.settings.tiebreak_policy == RULEBOOK
    check = sqlite3.connect(path)
    try:
        assert check.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
        assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        check.close()
    Tt(path)("register", "Ann")  # the migrated event keeps working
