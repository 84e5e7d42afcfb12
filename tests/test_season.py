"""``tt season``: points across events, checked against totals worked out by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from tests.event_helpers import Tt
from tt_organizer.cli.main import cli
from tt_organizer.errors import InputError
from tt_organizer.season.file import add_alias, add_events, create_season, read_season
from tt_organizer.season.ranking import look_alikes, season_standings
from tt_organizer.season.scheme import load_scheme, scheme_from_dict, shipped_schemes

STRENGTH = ["Ana García", "Ana Garcia", "ANA GARCÍA", "Bo", "Cy", "Di", "Ed", "Flo"]


def _strength(name: str) -> int:
    return STRENGTH.index(name)


def play_event(path: Path, title: str, names: list[str], rounds: int) -> Path:
    """An event where the earlier name of STRENGTH always wins, 2-0."""
    tt = Tt(path)
    tt("create", title, "--seed", "3", "--rounds", str(rounds), "--top-cut", "0")
    for name in names:
        tt("register", name)
    for _ in range(rounds):
        tt("pair")
        for table in tt.json("pairings"):
            if table["player2"] is None:
                continue
            winner = min(table["player1"], table["player2"], key=_strength)
            tt("report", str(table["table"]), "--winner", winner, "2-0")
    return path


@pytest.fixture(scope="module")
def three_events(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("season")
    return [
        play_event(folder / "e1.sqlite", "Week 1", ["Ana García", "Bo", "Cy", "Di"], 2),
        play_event(folder / "e2.sqlite", "Week 2", ["Ana Garcia", "Bo", "Cy", "Ed"], 2),
        play_event(folder / "e3.sqlite", "Week 3",
                   ["ANA GARCÍA", "Bo", "Cy", "Di", "Ed", "Flo"], 3),
    ]


def event_standings(path: Path) -> list[dict]:
    return Tt(path).json("standings")


def season_file(tmp_path: Path, events: list[Path], scheme: str = "store-league") -> Path:
    path = tmp_path / "league.json"
    create_season(path, "Spring league", load_scheme(scheme))
    add_events(path, [str(e) for e in events])
    return path


def test_shipped_schemes_are_valid_and_round_trip() -> None:
    shipped = shipped_schemes()
    assert set(shipped) == {"store-league", "regional-circuit"}
    for scheme in shipped.values():
        assert scheme_from_dict(scheme.to_dict()) == scheme


def test_store_league_totals_by_hand(tmp_path: Path, three_events: list[Path]) -> None:
    path = season_file(tmp_path, three_events)
    # Ana García wins every match: Week 1 and 2 (2 rounds) 2*3 + 1 + 4 (1st) = 11 each,
    # Week 3 (3 rounds) 3*3 + 1 + 4 = 14. Before the alias, "Ana Garcia" is another player.
    before = {s.player: s for s in season_standings(read_season(path))}
    assert before["Ana García"].points == 11 + 14  # "ANA GARCÍA" is the same key
    assert before["Ana García"].spellings == ("ANA GARCÍA",)
    assert before["Ana Garcia"].points == 11
    assert ("Ana Garcia", "Ana García") in look_alikes(read_season(path))
    add_alias(path, "Ana García", "Ana Garcia")
    season = read_season(path)
    lines = season_standings(season)
    assert lines[0].player == "Ana García" and lines[0].rank == 1
    assert lines[0].points == 36 and lines[0].events_played == 3
    assert lines[0].match_wins == 7 and lines[0].event_wins == 3
    assert look_alikes(season) == []
    # every other player: the same arithmetic from each event's own standings
    expected: dict[str, int] = {}
    bands = [(1, 4), (2, 3), (4, 2), (8, 1)]
    for event in three_events:
        for s in event_standings(event):
            place = s["rank"]
            extra = next((p for up_to, p in bands if place <= up_to), 0)
            # no byes in these events: every win is a match won
            points = 3 * s["wins"] + 1 * s["draws"] + 1 + extra
            name = "Ana García" if s["player"].casefold().startswith("ana") else s["player"]
            expected[name] = expected.get(name, 0) + points
    assert {s.player: s.points for s in lines} == expected


def test_regional_circuit_best_of(tmp_path: Path, three_events: list[Path]) -> None:
    path = season_file(tmp_path, three_events, "regional-circuit")
    add_alias(path, "Ana García", "Ana Garcia")
    lines = {s.player: s for s in season_standings(read_season(path))}
    assert lines["Ana García"].points == 3 * (10 + 100)  # three events, best 4 count
    own = tmp_path / "best2.json"
    own.write_text(json.dumps({**shipped_schemes()["regional-circuit"].to_dict(),
                               "id": "best-two", "best_of": 2}), encoding="utf-8")
    path2 = tmp_path / "best2-season.json"
    create_season(path2, "Circuit", load_scheme(str(own)))
    add_events(path2, [str(e) for e in three_events])
    add_alias(path2, "Ana García", "Ana Garcia")
    ana = {s.player: s for s in season_standings(read_season(path2))}["Ana García"]
    assert ana.points == 2 * 110 and ana.events_counted == 2 and ana.events_played == 3
    assert sum(1 for s in ana.scores if not s.counted) == 1


def test_an_event_added_twice_counts_once(tmp_path: Path, three_events: list[Path]) -> None:
    path = season_file(tmp_path, three_events)
    again = add_events(path, [str(three_events[0])])
    assert [a.outcome for a in again] == ["unchanged"]
    copy = tmp_path / "copy-of-week1.sqlite"
    copy.write_bytes(three_events[0].read_bytes())
    assert [a.outcome for a in add_events(path, [str(copy)])] == ["unchanged"]
    assert len(read_season(path).events) == 3
    total = sum(s.points for s in season_standings(read_season(path)))
    add_events(path, [str(e) for e in three_events])
    assert sum(s.points for s in season_standings(read_season(path))) == total


def test_a_changed_event_is_re_added(tmp_path: Path, three_events: list[Path]) -> None:
    source = tmp_path / "week1.sqlite"
    source.write_bytes(three_events[0].read_bytes())
    path = season_file(tmp_path, [source, *three_events[1:]])
    tt = Tt(source)
    last = tt.json("pairings")
    loser_table = next(t for t in last if t["player2"] is not None
                       and "Ana García" not in (t["player1"], t["player2"]))
    # the weaker player (who won 2-0) now loses 0-2: the result read from seat P1's side
    weaker_is_p1 = _strength(loser_table["player1"]) > _strength(loser_table["player2"])
    tt("correct", "2", str(loser_table["table"]), "2-0" if weaker_is_p1 else "0-2",
       "--override")
    from tt_organizer.season.file import changed_events

    assert [e.path for e in changed_events(read_season(path))] == [str(source)]
    outcome = add_events(path, [str(source)])
    assert [a.outcome for a in outcome] == ["re-added"]
    season = read_season(path)
    assert len(season.events) == 3 and changed_events(season) == []


def test_cli_table_json_xlsx_pdf(tmp_path: Path, three_events: list[Path]) -> None:
    runner = CliRunner()
    path = tmp_path / "s.json"

    def tt(*args: str, code: int = 0) -> str:
        result = runner.invoke(cli, ["season", *args, "--file", str(path)])
        assert result.exit_code == code, result.output
        return result.output

    tt("create", "Spring league", "--scheme", "store-league")
    out = tt("add", *map(str, three_events))
    assert out.count(": added") == 3
    assert "unchanged" in tt("add", str(three_events[1]))
    warned = runner.invoke(cli, ["season", "standings", "--file", str(path)])
    assert "look alike" in warned.stderr
    tt("alias", "Ana García", "Ana Garcia")
    table = tt("standings")
    assert "Ana García" in table and "36" in table
    data = json.loads(tt("standings", "--json"))
    assert data["standings"][0]["player"] == "Ana García"
    assert data["standings"][0]["points"] == 36
    assert data["standings"][0]["spellings"] == ["ANA GARCÍA", "Ana Garcia"]
    assert data["look_alikes"] == []
    xlsx = tmp_path / "season.xlsx"
    tt("standings", "-o", str(xlsx))
    ws = load_workbook(xlsx)["Season standings"]
    assert ws["B2"].value == "Ana García" and ws["C2"].value == 36
    pdf = tmp_path / "season.pdf"
    tt("standings", "-o", str(pdf))
    with pdfplumber.open(pdf) as doc:
        text = doc.pages[0].extract_text()
    assert "Season standings" in text and "Ana García" in text and "36" in text
    tt("standings", "-o", str(tmp_path / "season.txt"), code=2)


def test_refusals(tmp_path: Path, three_events: list[Path]) -> None:
    path = season_file(tmp_path, three_events)
    with pytest.raises(InputError, match="created only once"):
        create_season(path, "again", load_scheme("store-league"))
    with pytest.raises(InputError, match="already one player"):
        add_alias(path, "Bo", "bo")
    bad = tmp_path / "bad.json"
    bad.write_text('{"id": "x", "match": {"win": -1}}', encoding="utf-8")
    with pytest.raises(InputError, match=r"match\.win"):
        load_scheme(str(bad))
    with pytest.raises(InputError, match="no shipped points scheme"):
        load_scheme("nope")
    not_season = tmp_path / "not.json"
    not_season.write_text("[]", encoding="utf-8")
    with pytest.raises(InputError, match="not a season file"):
        read_season(not_season)
    runner = CliRunner()
    result = runner.invoke(cli, ["season", "add", str(tmp_path / "missing.sqlite"),
                                 "--file", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
