"""``tt stats export`` / pooling / ``tt stats report`` on a simulated 64-player event.

The events are run through the real ``tt event`` commands (in process): 64 players registered
with generated legal decklists (scripts/stats_demo.py's generator), six Swiss rounds, every
match reported with ``--first/--winners/--turns`` (the game results are simulated).
"""

from __future__ import annotations

import csv
import importlib.util
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from event_helpers import Tt

from tests.browser import chromium, have_chromium
from tt_organizer.cli.main import cli
from tt_organizer.events.store import load_snapshot
from tt_organizer.stats.calibration import compute_stats
from tt_organizer.stats.dataset import anonymize, from_snapshot
from tt_organizer.stats.export import SCHEMA_PATH, read_dataset
from tt_organizer.stats.wilson import wilson_interval

ROOT = Path(__file__).parents[1]


def _demo_module() -> Any:
    spec = importlib.util.spec_from_file_location("stats_demo", ROOT / "scripts" / "stats_demo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run_event(module: Any, demo: Any, folder: Path, title: str, players: int, rounds: int,
               first_share: float, prefix: str) -> tuple[Path, list[str], list[str]]:
    """An event with per-game details on some share of its matches; its names and PINs."""
    path = folder / f"{prefix}.sqlite"
    tt = Tt(path)
    tt("create", title, "--rounds", str(rounds), "--top-cut", "0", "--seed", "5",
       "--banlist", "2026-03-16")
    names = [f"{prefix.title()}zoë Quill-{i:02d}" for i in range(players)]
    for i, name in enumerate(names):
        colour = module.COLOURS[demo.rng.randrange(len(module.COLOURS))]
        tamers, eggs = module.SPLITS[demo.rng.randrange(len(module.SPLITS))]
        deck = folder / f"{prefix}-{i:02d}.txt"
        deck.write_text(demo.deck(colour, tamers, eggs), encoding="utf-8")
        tt("register", name, "--deck", str(deck))
    for _ in range(rounds):
        tt("pair")
        for m in tt.json("pairings"):
            if m["player2"] is not None:
                args = demo.match(with_first=demo.rng.random() < first_share)
                if demo.rng.random() > first_share:  # some matches: no details at all
                    args = args[:1]
                tt("report", str(m["table"]), *args)
    pins = [p["pin"] for p in tt.json("players") if p["pin"]]
    return path, names, pins


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("stats-events")
    module = _demo_module()
    demo = module.Demo(folder, seed=29)
    big = _run_event(module, demo, folder, "Big Cup 64", 64, 6, 0.9, "big")
    small = _run_event(module, demo, folder, "Club Night", 16, 4, 0.7, "club")
    return {"folder": folder, "big": big, "small": small}


def stats_cli(*args: str, code: int = 0) -> Any:
    result = CliRunner().invoke(cli, ["stats", *args])
    assert result.exit_code == code, (args, result.output, result.stderr)
    return result


def export(event: Path, out: Path) -> Path:
    stats_cli("export", str(event), "-o", str(out))
    return out


def test_the_dataset_validates_and_names_no_player(tmp_path: Path, events: dict[str, Any]
                                                   ) -> None:
    import jsonschema_rs

    path, names, pins = events["big"]
    out = export(path, tmp_path / "big")
    assert sorted(p.name for p in out.iterdir()) == ["README.md", "decks.csv", "games.csv",
                                                     "games.json", "schema.json"]
    doc = json.loads((out / "games.json").read_text(encoding="utf-8"))
    schema = json.loads((out / "schema.json").read_text(encoding="utf-8"))
    assert schema == json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    validator = jsonschema_rs.validator_for(schema)
    validator.validate(doc)
    # the schema is strict: an extra field or a name where an identifier goes is refused
    bad = json.loads(json.dumps(doc))
    bad["events"][0]["games"][0]["p1"] = names[0]
    assert not validator.is_valid(bad)
    bad = json.loads(json.dumps(doc))
    bad["events"][0]["decks"][0]["name"] = names[0]
    assert not validator.is_valid(bad)

    (event,) = doc["events"]
    assert event["players"] == 64 and len(event["decks"]) == 64
    assert event["format"] == "tamer-tactics-0.9.1" and event["format_version"] == "0.9.1"
    snap = load_snapshot(path)
    played = sum(m.p1_games + m.p2_games + m.draws for m in snap.matches if m.player2)
    assert event["games_played"] == len(event["games"]) == played
    # identifiers: one per player, the same in decks and games, none a player id or name
    ids = {d["player"] for d in event["decks"]}
    assert len(ids) == 64
    assert {g[s] for g in event["games"] for s in ("p1", "p2")} <= ids
    # no name, no PIN, anywhere in any file
    everything = "\n".join(p.read_text(encoding="utf-8") for p in out.iterdir())
    for name in names:
        assert name not in everything and name.split()[0] not in everything
    assert "Quill" not in everything and "zoë" not in everything.lower()
    assert '"pin"' not in everything and "ext_id" not in everything
    for pin in pins:
        assert not re.search(rf"(?<![\w-]){pin}(?![\w-])", everything), pin
    # a new export of the same event gives the players new identifiers, the event the same id
    again = json.loads((export(path, tmp_path / "again") / "games.json").read_text())
    assert again["events"][0]["id"] == event["id"]
    assert not ids & {d["player"] for d in again["events"][0]["decks"]}


def test_the_csv_rows_agree_with_the_json(tmp_path: Path, events: dict[str, Any]) -> None:
    out = export(events["big"][0], tmp_path / "big")
    doc = json.loads((out / "games.json").read_text(encoding="utf-8"))
    games = doc["events"][0]["games"]
    decks = {d["player"]: d for d in doc["events"][0]["decks"]}
    with (out / "games.csv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(games)
    for row, g in zip(rows, games, strict=True):
        assert (row["round"], row["table"], row["game"]) == (str(g["round"]), str(g["table"]),
                                                            str(g["game"]))
        assert row["first"] == (g["first"] or "") and row["winner"] == (g["winner"] or "")
        assert row["p1_tamers"] == ";".join(decks[g["p1"]]["tamers"])
        assert row["p2_colours"] == ";".join(decks[g["p2"]]["colours"])
    with (out / "decks.csv").open(encoding="utf-8", newline="") as f:
        assert len(list(csv.DictReader(f))) == 64


def test_datasets_pool_into_the_figures_of_the_event_files(tmp_path: Path,
                                                           events: dict[str, Any]) -> None:
    big, small = events["big"][0], events["small"][0]
    a, b = export(big, tmp_path / "a"), export(small, tmp_path / "b")
    from_files = json.loads(stats_cli(str(big), str(small), "--json").stdout)
    from_data = json.loads(stats_cli(str(a), str(b / "games.json"), "--json").stdout)
    mixed = json.loads(stats_cli(str(a), str(small), "--json").stdout)
    assert from_data == from_files == mixed
    assert from_files["games"] > from_files["games_detailed"] > 0  # some matches lack details
    # an independent count from the CSV files: the first player's win rate and its interval
    wins = games = 0
    for folder in (a, b):
        with (folder / "games.csv").open(encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                if row["first"] and row["winner"] in ("P1", "P2"):
                    games += 1
                    wins += row["first"] == row["winner"]
    fp = from_files["first_player"]
    assert (fp["wins"], fp["games"]) == (wins, games)
    assert (fp["low"], fp["high"]) == pytest.approx(wilson_interval(wins, games))
    assert [e["games"] for e in fp["per_event"]] == [
        sum(1 for g in read_dataset(f)[0].games if g.first and g.winner in ("P1", "P2"))
        for f in (a, b)]
    # the library says the same as the command line
    snaps = [load_snapshot(big), load_snapshot(small)]
    assert compute_stats(snaps).to_dict() == from_files
    text = stats_cli(str(a), str(b)).stdout
    assert (f"Per-game details: {from_files['games_detailed']} of {from_files['games']} games "
            "played") in text
    assert "Win rate by Tamer" in text


def test_pools_refuse_mixed_versions_and_the_same_event_twice(
        tmp_path: Path, events: dict[str, Any]) -> None:
    big, small = events["big"][0], events["small"][0]
    a, b = export(big, tmp_path / "a"), export(small, tmp_path / "b")
    doc = json.loads((b / "games.json").read_text(encoding="utf-8"))
    doc["events"][0]["format_version"] = "1.0"
    (b / "games.json").write_text(json.dumps(doc), encoding="utf-8")
    err = stats_cli(str(a), str(b), code=2).stderr
    assert "different format versions" in err and "0.9.1" in err and "1.0" in err
    assert "Traceback" not in err
    pooled = json.loads(stats_cli(str(a), str(b), "--json", "--mixed-versions").stdout)
    assert len(pooled["formats"]) == 2
    err = stats_cli(str(a), str(big), code=2).stderr
    assert "given twice" in err
    doc["version"] = 2
    (b / "games.json").write_text(json.dumps(doc), encoding="utf-8")
    assert "dataset version 2" in stats_cli(str(b), code=2).stderr
    (b / "games.json").write_text('{"dataset": "something else"}', encoding="utf-8")
    assert "not a tt-organizer game dataset" in stats_cli(str(b), code=2).stderr


def test_identifiers_are_an_hmac_under_a_per_export_salt(events: dict[str, Any]) -> None:
    data = from_snapshot(load_snapshot(events["small"][0]), {})
    one = anonymize(data, salt=b"k" * 32)
    assert one == anonymize(data, salt=b"k" * 32)
    assert {d.player for d in one.decks}.isdisjoint(
        {d.player for d in anonymize(data, salt=b"j" * 32).decks})
    assert all(re.fullmatch(r"p[0-9a-f]{10}", g.p1) for g in one.games)


def test_the_report_shows_the_intervals(tmp_path: Path, events: dict[str, Any]) -> None:
    import pdfplumber

    big, small = events["big"][0], events["small"][0]
    pdf = tmp_path / "report.pdf"
    stats_cli("report", str(big), str(small), "-o", str(pdf))
    numbers = json.loads(stats_cli(str(big), str(small), "--json").stdout)
    fp = numbers["first_player"]
    with pdfplumber.open(pdf) as doc:
        pages = [p.extract_text() or "" for p in doc.pages]
    assert len(pages) == 5
    assert "First player's win rate" in pages[1] and "target 50%–55%" in pages[1]
    pooled = f"{fp['rate']:.0%} [{fp['low']:.0%}–{fp['high']:.0%}] n={fp['games']}"
    assert pooled in pages[1].replace("  ", " ")
    assert "Big Cup 64" in pages[1] and "Club Night" in pages[1]
    assert "Game length" in pages[2] and "Win rate by Tamer" in pages[3]
    assert "Win rate by deck colour" in pages[4]
    assert f"{numbers['games_detailed']} of {numbers['games']} carry per-game details" in pages[0]
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(pdf), str(tmp_path / "page")],
                   check=True)
    assert len(list(tmp_path.glob("page-*.png"))) == 5

    page = tmp_path / "report.html"
    stats_cli("report", str(big), str(small), "-o", str(page))
    text = page.read_text(encoding="utf-8")
    assert text.count("<svg") == 4
    assert not re.search(r"""(src|href)=["']?https?:""", text)  # opens offline
    assert stats_cli("report", str(big), "-o", str(tmp_path / "r.png"), code=2)


def test_the_projector_shows_the_first_player_plot(tmp_path: Path, events: dict[str, Any]
                                                   ) -> None:
    """The page served over HTTP, its SVG plot, and the page in Chromium (with the CSP on)."""
    import os

    from serve_helpers import live_server

    big = events["big"][0]
    fp = json.loads(stats_cli(str(big), "--json").stdout)["first_player"]
    with live_server(big) as srv:
        page = srv.get("/projector/stats")
        assert page.status_code == 200
        assert "Content-Security-Policy" in page.headers
        assert f"n={fp['games']}" in page.text and 'src="/projector/stats.svg' in page.text
        plot = srv.get("/projector/stats.svg")
        assert plot.headers["content-type"].startswith("image/svg+xml")
        assert plot.text.lstrip().startswith("<svg") and "<script" not in plot.text
        assert "First player" in plot.text
        pytest.importorskip("playwright.sync_api")
        if not have_chromium():
            pytest.skip("chromium is not installed")
        with chromium() as browser:
            tab = browser.new_page(viewport={"width": 1366, "height": 768})
            tab.goto(srv.url + "/projector/stats")
            tab.wait_for_load_state("load")
            width = tab.evaluate("document.querySelector('img.stats-plot').naturalWidth")
            assert width > 300  # the SVG loaded and drew under the page's CSP
            tab.screenshot(path=str(tmp_path / "projector-stats.png"), full_page=True)
            shots = os.environ.get("TT_SCREENSHOTS")
            if shots:
                tab.screenshot(path=str(Path(shots) / "projector-stats.png"))


def test_a_dataset_reads_back_as_written(tmp_path: Path) -> None:
    """Generated events (hostile event names included) survive write_dataset/read_dataset."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from tt_organizer.stats.dataset import DeckRow, EventData, GameRow
    from tt_organizer.stats.export import write_dataset

    seat = st.sampled_from(["P1", "P2", None])
    players = [f"p{i:010x}" for i in range(6)]

    @st.composite
    def event(draw: Any, index: int) -> EventData:
        decks = tuple(DeckRow(p, tuple(draw(st.lists(st.sampled_from(["Red", "Blue", "Black"]),
                                                         unique=True, max_size=2))),
                              tuple(draw(st.lists(st.sampled_from(["BT1-085", "BT6-089"]),
                                                  unique=True))),
                              draw(st.sampled_from(["6/3", "7/2", None])),
                              {"BT1-010": draw(st.integers(1, 4))})
                      for p in players[:draw(st.integers(0, 6))])
        games = tuple(GameRow(draw(st.sampled_from(["swiss", "top-cut"])), r, t, g,
                              players[0], players[1], draw(seat),
                              draw(st.sampled_from(["P1", "P2", "draw", None])),
                              draw(st.one_of(st.none(), st.integers(1, 30))))
                      for r, t, g in draw(st.lists(st.tuples(st.integers(1, 9),
                                                             st.integers(1, 40),
                                                             st.integers(1, 3)), max_size=8)))
        return EventData(f"{index:016x}", draw(st.text(max_size=30)), "2026-12-04",
                         "tamer-tactics-0.9.1", "0.9.1", 3, len(decks),
                         draw(st.integers(0, 50)), decks, games)

    @settings(max_examples=25, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True).flatmap(
        lambda ids: st.tuples(*[event(i) for i in ids])))
    def round_trip(events: tuple[EventData, ...]) -> None:
        out = tmp_path / "ds"
        write_dataset(list(events), out, anonymized=True)
        assert read_dataset(out) == list(events)
        with (out / "games.csv").open(encoding="utf-8", newline="") as f:
            names = [row["event_name"] for row in csv.DictReader(f)]
        for name in names:
            assert not name.startswith(("=", "+", "-", "@"))  # never a formula

    round_trip()
