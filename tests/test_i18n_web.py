"""Phone pages in the reader's language, on a real server: the browser's ``Accept-Language``
when tt has it, else the event's language, a switch remembered in a cookie; the API's JSON the
same in every language. A Spanish phone page in Chromium, reported and confirmed in Spanish."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from tests.browser import chromium, have_chromium
from tests.serve_helpers import TOKEN, csrf, live_server, new_event
from tt_organizer import i18n
from tt_organizer.events import phone_reports, store
from tt_organizer.events.setup import change_language

ES = {"Accept-Language": "es-AR,es;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en-GB,en;q=0.9"}
SHOTS = Path(os.environ.get("TT_SCREENSHOTS") or tempfile.mkdtemp(prefix="tt-shots-"))


def test_negotiation() -> None:
    assert i18n.negotiate("es-AR,es;q=0.9,en;q=0.5", "en") == "es"
    assert i18n.negotiate("fr-FR,fr;q=0.9,en;q=0.8,es;q=0.7", "es") == "en"
    assert i18n.negotiate("en;q=0.2,es;q=0.8", "en") == "es"
    assert i18n.negotiate("fr,de", "es") == "es"
    assert i18n.negotiate("es;q=0", "en") == "en"
    assert i18n.negotiate(None, "en") == "en"
    assert i18n.negotiate("*;q=0.5, garbage;q=x", "es") == "es"


def test_pages_follow_the_browser_then_the_event(tmp_path: Path) -> None:
    event = new_event(tmp_path / "e.sqlite")
    with live_server(event) as live:
        home_es = live.get("/", headers=ES)
        assert home_es.headers["Content-Language"] == "es"
        assert '<html lang="es">' in home_es.text
        assert "<h1>Ronda 1</h1>" in home_es.text and "Mesa" in home_es.text
        home_en = live.get("/", headers=EN)
        assert "<h1>Round 1</h1>" in home_en.text and "Emparejamientos" not in home_en.text
        me_es = live.get("/me/1", headers=ES).text
        assert "Mis resultados" in me_es and "Reportar mi resultado" in me_es
        assert "Tu PIN" in me_es and "My results" not in me_es
        assert "My results" in live.get("/me/1", headers=EN).text
        # no Accept-Language tt knows: the event's language (English, then Spanish)
        assert "Pairings" in live.get("/", headers={"Accept-Language": "fr"}).text
        with store.connect(event) as conn:
            change_language(conn, "es")
        assert "Emparejamientos" in live.get("/", headers={"Accept-Language": "fr"}).text
        assert "Emparejamientos" in live.get("/").text
        # the switch: ?lang=en wins over the browser and is remembered
        switched = live.get("/standings?lang=en", headers=ES)
        assert "<h1>Standings</h1>" in switched.text
        cookie = switched.cookies.get("tt_lang")
        assert cookie == "en"
        again = live.get("/", headers=ES, cookies={"tt_lang": "en"})
        assert "<h1>Round 1</h1>" in again.text
        assert 'href="?lang=es"' in again.text


@pytest.mark.parametrize("path", ["/api/pairings", "/api/standings", "/api/status",
                                  "/api/me/1", "/api/nothing-here"])
def test_api_json_is_the_same_in_every_language(tmp_path: Path, path: str) -> None:
    event = new_event(tmp_path / "e.sqlite")
    with store.connect(event) as conn:
        change_language(conn, "es")
    with live_server(event) as live:
        es, en = live.get(path, headers=ES), live.get(path, headers=EN)
        assert es.status_code == en.status_code
        assert es.content == en.content


def test_the_console_and_the_phone_messages_in_spanish(tmp_path: Path) -> None:
    """The organizer console, its messages after an action (a refusal too), the judge's log,
    and a player's message after a report and after a wrong PIN: in the reader's language."""
    import requests

    from tt_organizer.events import penalties

    event = new_event(tmp_path / "e.sqlite")
    with store.connect(event) as conn:
        penalties.give_penalty(conn, store.player_names(conn, [1])[1], "deck-problem",
                               "warning")
        pin = phone_reports.player_pin(conn, 1)
    with live_server(event) as live:
        org = requests.Session()
        org.headers.update(ES)
        org.get(f"{live.url}/org/login?token={TOKEN}", timeout=10)
        page = org.get(live.url + "/org", timeout=10).text
        assert "<h1>Consola</h1>" in page and "Emparejar la siguiente ronda" in page
        assert "Registro del juez" in page and "advertencia" in page
        assert "El mazo no coincide con la lista" in page  # the infraction's name too
        assert "Pair the next round" not in page

        def post(path: str, **data: str) -> str:
            token = csrf(org, live.url, "/org")
            return org.post(live.url + path, data={"csrf": token, **data}, timeout=10).text

        assert "Cronómetro en marcha" in post("/org/timer-start", minutes="40")
        refused = post("/org/pair")
        assert 'class="msg bad"' in refused and "Rechazado: " in refused
        player = requests.Session()
        player.headers.update(ES)
        token = csrf(player, live.url, "/me/1")
        wrong = player.post(f"{live.url}/me/1", data={
            "csrf": token, "pin": "0000" if pin != "0000" else "1111", "action": "report",
            "result": "2-0"}, timeout=10)
        assert wrong.status_code == 403 and "PIN incorrecto" in wrong.text
        token = csrf(player, live.url, "/me/1")
        done = player.post(f"{live.url}/me/1", data={
            "csrf": token, "pin": pin, "action": "report", "result": "2-0"}, timeout=10)
        assert "Reportado: falta que tu rival lo confirme" in done.text
        english = requests.Session()
        english.headers.update(EN)
        english.get(f"{live.url}/org/login?token={TOKEN}", timeout=10)
        page = english.get(live.url + "/org", timeout=10).text
        assert "<h1>Console</h1>" in page and "warning" in page
        assert "Deck does not match the decklist" in page


def test_a_spanish_phone_reports_and_confirms(tmp_path: Path) -> None:
    pytest.importorskip("playwright.sync_api")
    if not have_chromium():
        pytest.skip("chromium is not installed (.ci/run installs it)")
    event = new_event(tmp_path / "e.sqlite")
    with store.connect(event) as conn:
        match = phone_reports.current_match(conn, 1)
        assert match is not None and match.player2 is not None
        other = match.player2 if match.player1 == 1 else match.player1
        pins = {1: phone_reports.player_pin(conn, 1), other: phone_reports.player_pin(conn, other)}
    with live_server(event) as live, chromium() as browser:
        phone = browser.new_context(
            viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True,
            has_touch=True, locale="es-ES")
        page = phone.new_page()
        page.goto(live.url + "/")
        assert page.locator("h1").inner_text() == "Ronda 1"
        assert page.locator("header .round").inner_text() == "Ronda 1 de 3"
        page.screenshot(path=str(SHOTS / "es-phone-pairings.png"), full_page=True)
        page.goto(f"{live.url}/me/1")
        assert page.locator("#report-form h2").inner_text() == "Reportar mi resultado"
        chips = page.locator("#report-form .results label").all_inner_texts()
        assert chips and all(text.startswith("gana ") for text in chips)
        assert "Detalles de las partidas" in page.inner_text("#report-form")
        page.check("#report-form .results input[value='2-0']")
        page.fill("#report-form input[name=pin]", pins[1])
        page.click("#report-form button[value=report]")
        page.wait_for_selector(".state.reported")
        assert "esperando a que tu rival lo confirme" in page.inner_text(".state.reported")
        assert "Reportado por" in page.inner_text(".state.reported")
        page.screenshot(path=str(SHOTS / "es-phone-report.png"), full_page=True)
        page.goto(f"{live.url}/me/{other}")
        assert page.locator("#confirm-form h2").inner_text() == "Confirmar el resultado"
        page.fill("#confirm-form input[name=pin]", pins[other])
        page.click("#confirm-form button[value=confirm]")
        page.wait_for_selector(".state.confirmed")
        assert "Resultado registrado" in page.inner_text(".state.confirmed")
        page.screenshot(path=str(SHOTS / "es-phone-confirmed.png"), full_page=True)
        page.goto(f"{live.url}/deck")
        page.fill("#deck-form input[name=name]", "Zoe")
        page.fill("#deck-form textarea[name=text]",
                  (Path(__file__).resolve().parent.parent / "samples" / "illegal-deck.txt")
                  .read_text(encoding="utf-8"))
        page.click("#deck-form button")
        page.wait_for_selector("#verdict")
        verdict = page.inner_text("#verdict")
        assert "NO LEGAL" in verdict
        assert "MAIN_SIZE el mazo principal tiene 51 cartas; debe tener exactamente 50" in verdict
        assert "Mega Digimon Fusion! está prohibida" in verdict
        page.screenshot(path=str(SHOTS / "es-phone-deck.png"), full_page=True)
        desktop = browser.new_context(viewport={"width": 1366, "height": 768},
                                      locale="es-ES")
        wide = desktop.new_page()
        wide.goto(live.url + "/standings")
        assert wide.locator("h1").inner_text() == "Clasificación"
        wide.screenshot(path=str(SHOTS / "es-standings-1366.png"))
    with store.connect(event) as conn:
        assert store.read_matches(conn, "swiss", 1, match.table)[0].result is not None


def test_error_pages_give_their_advice_in_the_readers_language(tmp_path: Path) -> None:
    event = new_event(tmp_path / "e.sqlite")
    with live_server(event) as live:
        es = live.get("/no/such/page", headers={"Accept-Language": "es"})
        en = live.get("/no/such/page", headers={"Accept-Language": "en"})
    assert es.status_code == en.status_code == 404
    assert "Esta página no existe" in es.text and "There is no such page" not in es.text
    assert "There is no such page here" in en.text
