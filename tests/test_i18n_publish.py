"""The published results site (``tt event publish``) in the event's language and the season's
page (``tt season publish``) and lines in the command line's; their JSON the same in every
language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.event_helpers import EVENT_DECKS, Tt
from tt_organizer import i18n
from tt_organizer.cli.main import cli

DECKS = sorted(EVENT_DECKS.glob("legal_*.txt"))
NAMES = ["Ana", "Beto", "Carla", "Dani", "Eva", "Fede", "Gabi", "Hugo"]
ENGLISH = ("Standings", "Rounds", "Top cut", "The field", "Player", "Points", "Winner",
           "Table", "Result", "Main deck", "registered", "Colours", "Share", "Published with",
           "Swiss round", "best of", "ban list", "Decklists", "semi-final", "Final standings")


@pytest.fixture(autouse=True)
def _language_reset() -> Iterator[None]:
    yield
    i18n.set_language(None)  # `tt --language es` in-process chose Spanish for this thread


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("publish-es") / "copa.sqlite"
    tt = Tt(path)
    tt("create", "Copa", "--seed", "3", "--rounds", "3", "--top-cut", "4")
    for i, name in enumerate(NAMES):
        tt("register", name, "--deck", str(DECKS[i % len(DECKS)]))
    for _ in range(3):
        tt("pair")
        for table in tt.json("pairings"):
            if table["player2"] is not None:
                tt("report", str(table["table"]), "2-1" if table["table"] % 2 else "1-1-1")
    while "wins the event" not in tt("top-cut").stdout:
        for table in tt.json("pairings", "--top-cut"):
            if table["result"] is None:
                tt("report", str(table["table"]), "2-0")
    return path


def publish(event: Path, out: Path) -> dict[str, str]:
    result = CliRunner().invoke(cli, ["event", "publish", str(out), "--event", str(event),
                                      "--decklists", "all"], env={"LANG": "C", "LANGUAGE": ""})
    assert result.exit_code == 0, result.output
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(out.iterdir()) if p.is_file()}


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_site_in_the_events_language(tmp_path: Path, finished: Path) -> None:
    english = publish(finished, tmp_path / "en")
    Tt(finished)("settings", "--language", "es")
    spanish = publish(finished, tmp_path / "es")
    Tt(finished)("settings", "--language", "en")
    assert spanish["event.json"] == english["event.json"]  # data: codes, not words
    assert '<html lang="es">' in spanish["index.html"]
    index = words(spanish["index.html"])
    assert "Clasificación final" in index and "8 jugadores" in index
    assert "3 rondas suizas" in index and "al mejor de 3" in index and "Ganador:" in index
    assert "Jugador Puntos V-D-E OMW% GW% OGW% Mazo" in index
    assert "Publicado con tt-organizer." in index
    assert "Semifinal Mesa Jugador 1 Jugador 2 Resultado" in words(spanish["bracket.html"])
    assert "Ronda 1" in words(spanish["rounds.html"]) and "empate 1-1-1" in \
        words(spanish["rounds.html"])
    assert "Mazo principal (50)" in words(spanish["decklists.html"])
    assert "8 mazos inscritos." in words(spanish["field.html"])
    for name, html in spanish.items():
        if name.endswith(".html"):
            shown = words(html)
            left = [w for w in ENGLISH if re.search(rf"\b{w}\b", shown)]
            assert left == [], (name, left)
    assert "Final standings" in english["index.html"] and "draw 1-1-1" in english["rounds.html"]
    assert "8 registered decks." in english["field.html"]


def test_the_season_page_in_the_command_lines_language(tmp_path: Path, finished: Path) -> None:
    season = tmp_path / "season.json"
    runner = CliRunner()
    said = [runner.invoke(cli, ["--language", "es", "season", *args, "--file", str(season)])
            for args in (["create", "Circuito"], ["add", str(finished)], ["standings"])]
    assert all(r.exit_code == 0 for r in said), [r.output for r in said]
    assert said[0].output.startswith("temporada 'Circuito' (")
    assert ": agregado" in said[1].output and "(8 jugadores)" in said[1].output
    assert "Circuito — " in said[2].output and ", 1 evento" in said[2].output
    assert "Puesto" in said[2].output and "Mejor puesto" in said[2].output
    es = runner.invoke(cli, ["--language", "es", "season", "publish", str(tmp_path / "s"),
                             "--file", str(season)])
    assert es.exit_code == 0 and "Se publicó la temporada en" in es.output
    page = words((tmp_path / "s" / "index.html").read_text(encoding="utf-8"))
    assert "Clasificación de la temporada" in page and "1 evento" in page
    assert "Jugador Puntos Eventos Victorias Mejor puesto" in page and "(8 jugadores)" in page
    en = runner.invoke(cli, ["--language", "en", "event", "publish", str(tmp_path / "e"),
                             "--event", str(finished)])
    assert "Published 7 files to" in en.output
    es_line = runner.invoke(cli, ["--language", "es", "event", "publish", str(tmp_path / "e"),
                                  "--event", str(finished)]).output
    assert es_line.startswith("Se publicaron 7 archivos en ")
