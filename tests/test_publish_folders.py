"""Publishing into a folder (issue 41, item 3): the marker is a manifest of what a
publication wrote; publishing again removes only what the earlier publication of the same
kind wrote, and a folder holding another kind of publication or a file no publication wrote
is refused (exit 2), left exactly as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.event_helpers import Tt
from tests.serve_helpers import new_event
from tt_organizer.cli.main import cli
from tt_organizer.publish.site import MARKER


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A 4-player event with round 1 reported, and a season holding it."""
    folder = tmp_path_factory.mktemp("pub")
    event = new_event(folder / "cup.sqlite", ("Ana", "Bo", "Cy", "Di"))
    tt = Tt(event)
    for table in tt.json("pairings"):
        tt("report", str(table["table"]), "2-0")
    season = folder / "season.json"
    for args in (["create", "Circuit"], ["add", str(event)]):
        assert CliRunner().invoke(cli, ["season", *args, "--file", str(season)]).exit_code == 0
    return event, season


def _event(out: Path, event: Path) -> Result:
    return CliRunner().invoke(cli, ["event", "publish", str(out), "--event", str(event)])


def _season(out: Path, season: Path) -> Result:
    return CliRunner().invoke(cli, ["season", "publish", str(out), "--file", str(season)])


def _state(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def test_the_marker_lists_what_was_written(tmp_path: Path, files: tuple[Path, Path]) -> None:
    event, _ = files
    out = tmp_path / "site"
    assert _event(out, event).exit_code == 0
    manifest = json.loads((out / MARKER).read_text(encoding="utf-8"))
    assert manifest["kind"] == "event"
    assert sorted(manifest["files"]) == sorted(p.name for p in out.iterdir()
                                               if p.name != MARKER)


def test_a_season_is_not_published_over_an_event(tmp_path: Path,
                                                 files: tuple[Path, Path]) -> None:
    event, season = files
    out = tmp_path / "site"
    assert _event(out, event).exit_code == 0
    before = _state(out)
    result = _season(out, season)
    assert result.exit_code == 2
    assert "holds a published event" in result.stderr and "Traceback" not in result.output
    assert _state(out) == before  # rounds.html, bracket.html, decklists.html... all still there
    other = tmp_path / "season-site"
    assert _season(other, season).exit_code == 0
    before = _state(other)
    result = _event(other, event)
    assert result.exit_code == 2 and "holds a published season" in result.stderr
    assert _state(other) == before


def test_republishing_removes_only_what_the_earlier_publication_wrote(
        tmp_path: Path, files: tuple[Path, Path]) -> None:
    _, season = files
    out = tmp_path / "site"
    assert _season(out, season).exit_code == 0
    # an earlier publication that wrote one more page (as a later version might)
    manifest = json.loads((out / MARKER).read_text(encoding="utf-8"))
    manifest["files"].append("old-page.html")
    (out / MARKER).write_text(json.dumps(manifest), encoding="utf-8")
    (out / "old-page.html").write_text("old", encoding="utf-8")
    assert _season(out, season).exit_code == 0
    assert not (out / "old-page.html").exists()
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [MARKER, "index.html", "season.json", "style.css"])


@pytest.mark.parametrize("foreign", ["notes.txt", "index.html.bak", "sub/"])
def test_a_file_no_publication_wrote_is_refused(tmp_path: Path, files: tuple[Path, Path],
                                               foreign: str) -> None:
    event, _ = files
    out = tmp_path / "site"
    assert _event(out, event).exit_code == 0
    if foreign.endswith("/"):
        (out / foreign.rstrip("/")).mkdir()
    else:
        (out / foreign).write_text("mine", encoding="utf-8")
    before = _state(out) if not foreign.endswith("/") else None
    result = _event(out, event)
    assert result.exit_code == 2, result.output
    assert "did not write" in result.stderr and foreign.rstrip("/") in result.stderr
    if before is not None:
        assert _state(out) == before


def test_an_earlier_versions_marker_is_recognised(tmp_path: Path,
                                                  files: tuple[Path, Path]) -> None:
    event, season = files
    out = tmp_path / "site"
    assert _event(out, event).exit_code == 0
    (out / MARKER).write_text("tt-organizer publication\n", encoding="utf-8")
    assert _season(out, season).exit_code == 2  # still an event's folder
    assert _event(out, event).exit_code == 0
    assert json.loads((out / MARKER).read_text(encoding="utf-8"))["kind"] == "event"


def test_a_bad_manifest_is_refused(tmp_path: Path, files: tuple[Path, Path]) -> None:
    event, _ = files
    out = tmp_path / "site"
    assert _event(out, event).exit_code == 0
    (out / MARKER).write_text(json.dumps({"kind": "event", "files": ["../../etc/passwd"]}),
                              encoding="utf-8")
    result = _event(out, event)
    assert result.exit_code == 2 and "not a manifest" in result.stderr
