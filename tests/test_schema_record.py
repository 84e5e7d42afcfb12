"""The record of the schema made at install (``schema_rows.json``): a file equal to it is
taken at once; a record that is missing, stale or wrong never refuses a sound file nor lets a
file that differs from the migrations through."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tt_organizer.errors import EventError
from tt_organizer.events import setup, store
from tt_organizer.events.store import schema


@pytest.fixture
def record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A record of this test's own, read afresh."""
    path = tmp_path / "schema_rows.json"
    monkeypatch.setattr(schema, "SCHEMA_RECORD", str(path))
    schema.recorded_schema_rows.cache_clear()
    yield path
    schema.recorded_schema_rows.cache_clear()


def _event(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / "event.sqlite"
    setup.create_event(path, "Record")
    return path


def test_the_installed_record_is_what_the_migrations_write() -> None:
    """`pip install` (hatch_build.py) wrote the record of these migrations."""
    schema.recorded_schema_rows.cache_clear()
    assert schema.recorded_schema_rows() == schema.built_schema_rows()


def test_a_record_is_written_and_read_back(record: Path, tmp_path: Path) -> None:
    schema.record_schema_rows(str(record))
    schema.recorded_schema_rows.cache_clear()
    assert schema.recorded_schema_rows() == schema.built_schema_rows()
    store.open_event(_event(tmp_path)).close()


@pytest.mark.parametrize("content", [None, "{", '{"rows": []}', "stale"])
def test_a_missing_or_stale_record_changes_no_verdict(
        record: Path, tmp_path: Path, content: str | None) -> None:
    """Without a usable record the schema is built in memory: a sound file opens, and a file
    whose trigger was dropped is refused even when a stale record matches it."""
    sound, path = _event(tmp_path / "a"), _event(tmp_path / "b")
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER matches_changed")
    damaged = sorted(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE "
                                  "name NOT LIKE 'sqlite%'").fetchall())
    conn.close()
    if content == "stale":  # made from other migrations (an install older than the code)
        record.write_text(json.dumps({"migrations": "10:00000000", "rows": damaged}))
    elif content is not None:
        record.write_text(content)
    schema.recorded_schema_rows.cache_clear()
    assert schema.recorded_schema_rows() is None
    store.open_event(sound).close()
    with pytest.raises(EventError, match="trigger matches_changed is missing"):
        store.open_event(path)
