"""The hall in a real headless browser (Debian's chromium through Playwright): the event
picker and an event's pages at a phone's 390x844 with nothing wider than the screen, a player
picking their event, finding themselves and reporting, their opponent's page following the
change live (the poll through the root), and the console at a laptop's width naming its event.
Screenshots: TT_SCREENSHOTS (docs/img/serve/) or a temp dir."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import LAPTOP, PHONE, SHOTS, chromium, have_chromium
from tests.print_helpers import player_names
from tests.serve_helpers import TOKEN, live_hall, new_event
from tt_organizer.events import phone_reports, store

sync_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason="chromium is not installed (.ci/run installs it)")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium() as b:
        yield b


def _fits(page: sync_api.Page) -> None:
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, (page.url, width, inner)


def test_a_player_picks_their_event_and_reports(browser: sync_api.Browser,
                                                tmp_path: Path) -> None:
    names = tuple(player_names(8))
    main = new_event(tmp_path / "main.sqlite", names, title="Tamer Tactics Regional Main Event")
    side = new_event(tmp_path / "Side Event Sunday.sqlite", names[::-1],
                     title="Sunday Side Event — Best of One")
    with store.connect(side) as conn:
        match = next(m for m in store.read_matches(conn) if m.player2 is not None)
        me, opp = match.player1, match.player2
        assert opp is not None
        me_pin, opp_pin = phone_reports.player_pin(conn, me), phone_reports.player_pin(conn, opp)
        my_name = store.read_player(conn, me).name  # type: ignore[union-attr]
    with live_hall([main, side]) as srv:
        ctx, opp_ctx = browser.new_context(**PHONE), browser.new_context(**PHONE)
        org_ctx = browser.new_context(**LAPTOP)
        try:
            phone, other, org = ctx.new_page(), opp_ctx.new_page(), org_ctx.new_page()
            phone.goto(srv.url + "/")
            cards = phone.locator("#events a.card")
            assert cards.count() == 2
            assert "Sunday Side Event" in cards.nth(1).inner_text()
            _fits(phone)
            phone.screenshot(path=str(SHOTS / "phone-hall-picker.png"), full_page=True)

            cards.nth(1).click()  # the side event's pairings: find myself as always
            assert phone.url == srv.url + "/e/side-event-sunday/"
            phone.fill("#search", my_name.split()[0])
            phone.locator("#lines li:visible").first.click()
            assert phone.url == f"{srv.url}/e/side-event-sunday/me/{me}"
            _fits(phone)
            phone.screenshot(path=str(SHOTS / "phone-hall-me.png"), full_page=True)

            other.goto(f"{srv.url}/e/side-event-sunday/me/{opp}")
            phone.check("#report-form .results input[value='2-0']")
            phone.fill("#report-form input[name=pin]", me_pin)
            phone.click("#report-form button[value=report]")
            assert "waiting for your opponent" in phone.inner_text(".msg")
            assert phone.url.startswith(f"{srv.url}/e/side-event-sunday/me/{me}?note=")
            # the opponent's open page follows by itself (its poll names the event's page)
            other.wait_for_selector("#confirm-form", timeout=15000)
            other.fill("#confirm-form input[name=pin]", opp_pin)
            other.click("#confirm-form button[value=confirm]")
            assert "the result is recorded" in other.inner_text(".msg")
            for page in ("/", "/standings", "/me", "/deck"):
                phone.goto(f"{srv.url}/e/side-event-sunday{page}")
                _fits(phone)
            phone.goto(f"{srv.url}/e/side-event-sunday/standings")
            phone.screenshot(path=str(SHOTS / "phone-hall-standings.png"), full_page=True)

            org.goto(f"{srv.url}/e/main/org/login?token={TOKEN}")
            org.goto(f"{srv.url}/e/side-event-sunday/org")
            assert org.inner_text("#console-event") == "Sunday Side Event — Best of One"
            assert float(org.eval_on_selector("#console-event", "e => parseFloat("
                                              "getComputedStyle(e).fontSize)")) >= 28
            _fits(org)
            org.screenshot(path=str(SHOTS / "laptop-hall-console.png"))
            phone.goto(f"{srv.url}/e/main/org/login?token={TOKEN}")
            phone.goto(f"{srv.url}/e/main/org")
            _fits(phone)
        finally:
            for c in (ctx, opp_ctx, org_ctx):
                c.close()
    with store.connect(side) as conn:
        assert next(m for m in store.read_matches(conn) if m.table == match.table).result
