"""Player and organizer pages in a real headless browser (Debian's chromium through
Playwright): find my table, report and confirm, a dispute, live updates, decklist verdict,
the timer. Also writes the screenshots of the README and docs/serve.md (docs/img/serve/)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.event_helpers import EVENT_DECKS, Tt
from tests.serve_helpers import TOKEN, live_server, new_event
from tt_organizer.events import phone_reports, players, store

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = os.environ.get("TT_CHROMIUM", "/usr/bin/chromium")
# TT_SCREENSHOTS=docs/img/serve refreshes the screenshots of the README and docs;
# otherwise they go to a temp dir
SHOTS = Path(os.environ.get("TT_SCREENSHOTS") or tempfile.mkdtemp(prefix="tt-shots-"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 1,
         "is_mobile": True, "has_touch": True, "bypass_csp": True}
# bypass_csp: Playwright's wait_for_function evaluates strings, which the pages' CSP forbids

pytestmark = pytest.mark.skipif(not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists(),
                                reason="chromium is not installed (.ci/run installs it)")

NAMES = ("Alice Archer", "Bob Brandt", "Carol Chen", "Dan Dietz", "Eve Estrada",
         "Finn Fischer", "Gabi Gomez", "Hugo Hart")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def _me(path: Path, name: str) -> tuple[int, str, int, str, int]:
    with store.connect(path) as conn:
        p = players.find_player(conn, name)
        m = phone_reports.current_match(conn, p.id)
        assert m is not None and m.player2 is not None
        opp = m.player2 if m.player1 == p.id else m.player1
        return (p.id, phone_reports.player_pin(conn, p.id), opp,
                phone_reports.player_pin(conn, opp), m.table)


def test_event_from_phones(browser: sync_api.Browser, tmp_path: Path) -> None:
    event = new_event(tmp_path / "ev.sqlite", NAMES)
    with live_server(event) as srv:
        alice_ctx = browser.new_context(**PHONE)
        bob_ctx = browser.new_context(**PHONE)
        org_ctx = browser.new_context(viewport={"width": 1280, "height": 720},
                                      bypass_csp=True)
        try:
            alice, bob, org = alice_ctx.new_page(), bob_ctx.new_page(), org_ctx.new_page()
            _aid, apin, bid, bpin, table = _me(event, "Alice Archer")

            # a player finds their table by searching their name
            alice.goto(srv.url + "/")
            alice.fill("#search", "alice")
            visible = alice.locator("table.pairings tbody tr:visible")
            assert visible.count() == 1
            assert visible.first.locator("td").first.inner_text() == str(table)
            alice.fill("#search", str(table))
            assert alice.locator("table.pairings tbody tr:visible").count() == 1
            alice.screenshot(path=str(SHOTS / "phone-pairings.png"))

            # my page: table, opponent, seat; report, and the opponent confirms
            alice.goto(srv.url + "/me")
            alice.fill("#search", "alice")
            alice.click("text=Alice Archer")
            assert alice.inner_text("#mytable") == str(table)
            alice.select_option("select[name=result]", label="Alice Archer wins 2-1")
            for game, (first, turns) in enumerate((("P1", "7"), ("P2", "9"), ("P1", "8")), 1):
                alice.select_option(f"select[name=first{game}]", first)
                alice.fill(f"input[name=turns{game}]", turns)
            alice.fill("#report-form input[name=pin]", apin)
            alice.screenshot(path=str(SHOTS / "phone-report.png"), full_page=True)
            alice.click("#report-form button[value=report]")
            assert "waiting for your opponent" in alice.inner_text(".msg")

            bob.goto(srv.url + f"/me/{bid}")
            # stored from seat P1's side as `tt event report` takes it; shown with the name
            assert bob.get_attribute("#reported-result", "data-result") in ("2-1", "1-2")
            assert bob.inner_text("#reported-result") == "Alice Archer wins 2-1"
            bob.fill("#confirm-form input[name=pin]", bpin)
            bob.screenshot(path=str(SHOTS / "phone-confirm.png"), full_page=True)
            bob.click("#confirm-form button[value=confirm]")
            assert "the result is recorded" in bob.inner_text(".msg")

            # a dispute reaches the organizer's console
            cid, cpin, did, dpin, ctable = _me(event, "Carol Chen")
            carol = bob_ctx.new_page()
            carol.goto(srv.url + f"/me/{cid}")
            carol.select_option("select[name=result]", "2-0")
            carol.fill("#report-form input[name=pin]", cpin)
            carol.click("#report-form button[value=report]")
            dan = alice_ctx.new_page()
            dan.goto(srv.url + f"/me/{did}")
            dan.select_option("#confirm-form select[name=counter]", "0-2")
            dan.fill("#confirm-form input[name=pin]", dpin)
            dan.click("#confirm-form button[value=dispute]")
            org.goto(srv.url + f"/org/login?token={TOKEN}")
            row = org.locator(f"#tables tr[data-table='{ctable}']")
            assert row.locator("td.state").inner_text() == "disputed"
            org.fill("#result-form input[name=table]", str(ctable))
            org.select_option("#result-form select[name=result]", "2-0")
            org.click("#result-form button")
            assert "2-0 recorded" in org.inner_text("#org-msg")

            # the timer runs on every page
            org.fill("form[action='/org/timer-start'] input[name=minutes]", "50")
            org.click("#timer-start")
            alice.goto(srv.url + "/")
            alice.wait_for_function(
                "document.getElementById('timer').textContent.indexOf('49:') === 0",
                timeout=8000)
            first = alice.inner_text("#timer")
            alice.wait_for_timeout(2100)
            assert alice.inner_text("#timer") != first

            # the organizer finishes the round and pairs the next: phones change, no reload
            for m in Tt(event).json("pairings"):
                if m["result"] is None and m["player2"]:
                    Tt(event)("report", str(m["table"]), "1-2")
            alice.evaluate("window.__same_page = 1")
            alice.wait_for_function(
                "document.querySelectorAll('table.pairings tbody tr').length > 0 && "
                "document.body.innerText.indexOf('1-2') >= 0", timeout=10000)
            org.goto(srv.url + "/org")
            org.click("#pair-next")
            alice.wait_for_function(
                "document.querySelector('h1').textContent.indexOf('round 2') >= 0",
                timeout=10000)
            assert alice.evaluate("window.__same_page") == 1  # no reload happened
            assert "up to date" in alice.inner_text("#fresh")
            alice.fill("#search", "")
            alice.screenshot(path=str(SHOTS / "phone-round2.png"))
            org.screenshot(path=str(SHOTS / "console.png"), full_page=True)

            proj = org_ctx.new_page()
            proj.goto(srv.url + "/projector")
            names = proj.locator("table.pairings tbody tr td:first-child").all_inner_texts()
            assert names == sorted(NAMES)  # every player, by name
            proj.screenshot(path=str(SHOTS / "projector.png"))
        finally:
            for ctx in (alice_ctx, bob_ctx, org_ctx):
                ctx.close()


def test_decklist_submission_shows_verdict(browser: sync_api.Browser, tmp_path: Path) -> None:
    event = new_event(tmp_path / "ev.sqlite", pair=False)
    with live_server(event) as srv:
        ctx = browser.new_context(**PHONE)
        try:
            page = ctx.new_page()
            page.goto(srv.url + "/deck")
            page.fill("input[name=name]", "Ivy")
            page.set_input_files("input[name=file]", str(EVENT_DECKS / "illegal_short.txt"))
            page.click("#deck-form button")
            assert page.inner_text("#verdict .big") == "NOT LEGAL"
            assert page.locator("#verdict li.err").count() >= 1
            page.screenshot(path=str(SHOTS / "phone-deck.png"))
            page.fill("input[name=name]", "Jo")
            page.fill("textarea[name=text]",
                      (EVENT_DECKS / "legal_red.txt").read_text(encoding="utf-8"))
            page.click("#deck-form button")
            assert page.inner_text("#verdict .big") == "LEGAL"
        finally:
            ctx.close()
