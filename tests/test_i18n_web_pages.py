"""The organizer's login page, the projector's statistics page (its plot too) and the page
title in the reader's language, over HTTP on a real server; the statistics page at 390x844 in
Chromium."""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

import pytest

from tests.browser import chromium, have_chromium
from tests.event_helpers import Tt
from tests.serve_helpers import TOKEN, live_server, new_event
from tt_organizer import i18n
from tt_organizer.stats.calibration import FirstPlayer, Rate
from tt_organizer.web.stats_page import rate_words, verdict_words

ES = {"Accept-Language": "es-MX,es;q=0.9"}
EN = {"Accept-Language": "en-US,en;q=0.9"}
SHOTS = Path(os.environ.get("TT_SCREENSHOTS") or tempfile.mkdtemp(prefix="tt-shots-"))


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_login_page_in_spanish(tmp_path: Path) -> None:
    with live_server(new_event(tmp_path / "e.sqlite")) as live:
        page = live.get("/org/login", headers=ES)
        assert page.status_code == 200 and page.headers["Content-Language"] == "es"
        words = text_of(page.text)
        assert "Organización" in words and "Token (se imprimió al iniciar el servidor)" in words
        assert "Entrar" in words
        for english in ("Organizer", "printed when", "Enter", "Wrong token"):
            assert english not in words
        wrong = live.get("/org/login?token=nope", headers=ES)
        assert wrong.status_code == 401 and "Token incorrecto." in wrong.text
        english = live.get("/org/login?token=nope", headers=EN)
        assert "Wrong token." in english.text and "Token (printed when the server started)" \
            in english.text and ">Enter<" in english.text
        assert "Serve Cup" in page.text.split("</title>")[0]  # the event's name as the title


def test_the_title_fallback_is_a_message() -> None:
    with i18n.using("es"):
        assert i18n.gettext("Tamer Tactics event") == "Evento de Tamer Tactics"


def test_the_first_player_words() -> None:
    within = FirstPlayer(overall=Rate(wins=53, games=100, minimum=30), draws=0,
                         unknown_first=0)
    above = FirstPlayer(overall=Rate(wins=80, games=100, minimum=30), draws=0,
                        unknown_first=0)
    few = FirstPlayer(overall=Rate(wins=3, games=4, minimum=30), draws=0, unknown_first=0)
    with i18n.using("es_MX"):
        assert rate_words(within.overall) == "53.0% (43.3%–62.5%, n=100)"
        assert verdict_words(within) == "dentro del objetivo de 50%–55%"
        assert verdict_words(above) == ("por encima del objetivo de 50%–55%: el primer jugador "
                                        "tiene ventaja")
        assert rate_words(few.overall) == "no hay suficientes partidas (n=4, se necesitan 30)"
        assert verdict_words(few) == ""
    with i18n.using("es_ES"):
        assert rate_words(within.overall) == "53,0\xa0% (43,3\xa0%–62,5\xa0%, n=100)"
    with i18n.using("en"):  # the library's own English verdict, unchanged
        assert verdict_words(within) == within.verdict == "within the 50%–55% target"
        assert verdict_words(above) == above.verdict


@pytest.fixture
def played(tmp_path: Path) -> Path:
    event = new_event(tmp_path / "e.sqlite")
    tt = Tt(event)
    pairings = json.loads(tt("pairings", "--json").output)
    for match in pairings:
        if match["player2"] is not None:
            tt("report", str(match["table"]), "2-0", "--first", "P1,P2", "--winners", "P1,P1")
    return event


def test_the_projector_statistics_in_spanish(played: Path) -> None:
    with live_server(played) as live:
        page = live.get("/projector/stats", headers=ES)
        assert page.status_code == 200 and page.headers["Content-Language"] == "es"
        words = text_of(page.text)
        assert "¿Quién gana: el primer jugador?" in words
        assert "no hay suficientes partidas (n=6, se necesitan 30)" in words
        assert ("6 de 6 partidas jugadas tienen detalles por partida (quién empezó: 6). "
                "Gracias por reportarlos.") in words
        for english in ("Who wins", "games played", "Thank you", "not enough games"):
            assert english not in words
        assert 'src="/projector/stats.svg?v=' in page.text and "lang=es" in page.text
        plot = live.get("/projector/stats.svg?lang=es")
        assert "Porcentaje de victorias del primer jugador" in plot.text
        assert "First player" not in plot.text
        assert "First player&#39;s win rate" in live.get("/projector/stats.svg?lang=en").text \
            or "First player's win rate" in live.get("/projector/stats.svg?lang=en").text
        english = text_of(live.get("/projector/stats", headers=EN).text)
        assert "Who wins: the first player?" in english and "Thank you" in english
        if not have_chromium():
            pytest.skip("chromium is not installed")
        with chromium() as browser:
            for path, name in (("/projector/stats", "stats"), ("/org/login?token=x", "login")):
                tab = browser.new_page(viewport={"width": 390, "height": 844},
                                       extra_http_headers=ES)
                tab.goto(live.url + path)
                tab.wait_for_load_state("load")
                assert tab.evaluate("document.documentElement.scrollWidth") <= 390
                tab.screenshot(path=str(SHOTS / f"es-{name}-390.png"), full_page=True)
                tab.close()
        assert TOKEN
