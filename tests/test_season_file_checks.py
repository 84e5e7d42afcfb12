"""One validated reading of a season file (issue 41, item 2): a hand-edited or merged file
with a count that is not a bounded whole number, a repeated event or a place outside the
field is refused by every season command with exit 2, naming the file, the event's position
and the field; nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tt_organizer.cli.main import cli
from tt_organizer.season.file import create_season, read_season
from tt_organizer.season.ranking import season_standings
from tt_organizer.season.scheme import load_scheme


def _event(key: str, name: str, wins: object = 2) -> dict[str, object]:
    players = [{"name": n, "place": str(i), "wins": w, "losses": 2 - w if i > 1 else 0,
                "draws": 0, "byes": 0, "dropped": False}
               for i, (n, w) in enumerate((("Ana", 2), ("Bo", 1), ("Cy", 0)), 1)]
    players[0]["wins"] = wins
    return {"key": key, "name": name, "date": "2026-12-01", "path": f"{key}.sqlite",
            "fingerprint": "f" * 64, "finished": True, "players": players}


def _season(tmp_path: Path, events: list[dict[str, object]], raw: dict[str, str] | None = None
            ) -> Path:
    path = tmp_path / "league.json"
    create_season(path, "League", load_scheme("store-league"))
    data = json.loads(path.read_text())
    data["events"] = events
    text = json.dumps(data)
    for old, new in (raw or {}).items():  # what json.dumps cannot write (a 401-digit count)
        text = text.replace(old, new)
    path.write_text(text)
    return path


BIG = "9" * 401
FAULTS = {
    "infinity": ([_event("k1", "Week 1", wins=float("inf"))], None, "events[1].players[1].wins"),
    "401 digits": ([_event("k1", "Week 1", wins=123456)], {"123456": BIG},
                   "events[1].players[1].wins"),
    "negative": ([_event("k1", "Week 1"), _event("k2", "Week 2", wins=-3)], None,
                 "events[2].players[1].wins"),
    "repeated event": ([_event("k1", "Week 1"), _event("k2", "Week 2"), _event("k1", "Week 1")],
                       None, "events[3].key"),
    "place outside the field": ([_event("k1", "Week 1")], {'"place": "3"': '"place": "4"'},
                                "events[1].players[3].place"),
    "float count": ([_event("k1", "Week 1", wins=2.0)], None, "events[1].players[1].wins"),
    "text count": ([_event("k1", "Week 1", wins="2")], None, "events[1].players[1].wins"),
}

# every season command that reads the season file (schemes reads none; create refuses an
# existing file before reading it)
COMMANDS = {
    "add": ["add", "week9.sqlite"],
    "alias": ["alias", "Ana", "Ana B"],
    "standings": ["standings"],
    "standings --json": ["standings", "--json"],
    "standings -o xlsx": ["standings", "-o", "OUT/s.xlsx"],
    "standings -o pdf": ["standings", "-o", "OUT/s.pdf"],
    "publish": ["publish", "OUT/site"],
    "create": ["create", "Other"],
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_every_season_command_refuses_a_bad_file(tmp_path: Path, fault: str) -> None:
    events, raw, field = FAULTS[fault]
    path = _season(tmp_path, events, raw)
    before = path.read_bytes()
    out = tmp_path / "out"
    out.mkdir()
    runner = CliRunner()
    for name, args in COMMANDS.items():
        args = [a.replace("OUT", str(out)) for a in args]
        result = runner.invoke(cli, ["season", *args, "--file", str(path)])
        assert result.exit_code == 2, (name, result.output, result.exception)
        assert "Traceback" not in result.output
        if name != "create":  # create refuses the existing file as it is
            assert str(path) in result.stderr, (name, result.stderr)
            assert field in result.stderr, (name, result.stderr)
        assert path.read_bytes() == before, name
        assert list(out.iterdir()) == [], name


def test_a_repeated_event_is_named_with_both_positions(tmp_path: Path) -> None:
    path = _season(tmp_path, [_event("k1", "Week 1"), _event("k1", "Week 1")])
    result = CliRunner().invoke(cli, ["season", "standings", "--file", str(path)])
    assert result.exit_code == 2
    assert "events[2].key: the same event as events[1] ('Week 1')" in result.stderr
    assert "a season counts each event once" in result.stderr


def test_a_valid_file_counts_each_event_once(tmp_path: Path) -> None:
    path = _season(tmp_path, [_event("k1", "Week 1"), _event("k2", "Week 2", wins=1)])
    season = read_season(path)
    lines = {line.player: line for line in season_standings(season)}
    # store-league: win 3, participation 1, place 1 -> 4; Ana: (2*3+1+4) + (1*3+1+4) = 19
    assert lines["Ana"].points == 19
    assert lines["Ana"].events_played == 2
    # the bound itself is accepted, one more is not
    (tmp_path / "edge").mkdir()
    edge = _season(tmp_path / "edge", [_event("k1", "Week 1", wins=1000)])
    assert read_season(edge).events[0].players[0].wins == 1000
    (tmp_path / "over").mkdir()
    over = _season(tmp_path / "over", [_event("k1", "Week 1", wins=1001)])
    result = CliRunner().invoke(cli, ["season", "standings", "--file", str(over)])
    assert result.exit_code == 2 and "events[1].players[1].wins" in result.stderr
