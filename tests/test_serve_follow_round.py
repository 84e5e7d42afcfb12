"""An open page follows the round: a new pairing changes every page's version and the
``round`` of ``/api/version``, and a phone left open — even with a half-filled report form of
the finished round — shows the new round (its table, or its bye) by itself, in Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.browser import chromium, have_chromium
from tests.serve_helpers import live_server, new_event
from tt_organizer.events import entering, rounds, store

FIVE = ("Alice", "Bob", "Carol", "Dan", "Eve")


def _finish_round(event: Path) -> None:
    with store.connect(event) as conn:
        rnd = store.current_round(conn)
        for m in store.read_matches(conn, "swiss", rnd):
            if m.player2 is not None and m.result is None:
                entering.report_result(conn, m.table, "2-1")


def _pair(event: Path) -> None:
    with store.connect(event) as conn:
        rounds.pair_next_round(conn)


def test_a_new_pairing_changes_every_pages_version(tmp_path: Path) -> None:
    event = new_event(tmp_path / "e.sqlite", FIVE)
    pages = ["/", "/projector", "/standings", "/org", *(f"/me/{i}" for i in range(1, 6))]
    with live_server(event) as live:
        def versions() -> dict[str, tuple[str, str]]:
            out = {}
            for page in pages:
                v = live.get("/api/version", params={"page": page}).json()
                out[page] = (v["version"], v["round"])
            return out

        before = versions()
        assert {r for _v, r in before.values()} == {"swiss:1"}
        _finish_round(event)
        reported = versions()
        _pair(event)
        after = versions()
        assert {r for _v, r in after.values()} == {"swiss:2"}
        for page in pages:  # every page: the round changed, so its version did
            assert after[page][0] != reported[page][0], page
        assert live.get("/").status_code == 200


@pytest.mark.skipif(not have_chromium(), reason="chromium is not installed")
def test_an_open_phone_follows_the_round(tmp_path: Path) -> None:
    event = new_event(tmp_path / "e.sqlite", FIVE)
    with store.connect(event) as conn:
        r1 = {m.player1: m for m in store.read_matches(conn, "swiss", 1)}
        r1.update({m.player2: m for m in store.read_matches(conn, "swiss", 1) if m.player2})
    playing = next(p for p, m in r1.items() if m.player2 is not None)
    with live_server(event) as live, chromium() as browser:
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
        try:
            me, home = ctx.new_page(), ctx.new_page()
            me.goto(live.url + f"/me/{playing}")
            home.goto(live.url + "/")
            assert me.inner_text("#mytable") == str(r1[playing].table)
            # the player starts a report and leaves it: a form being filled in
            me.locator("#report-form input[name=pin]").fill("12")
            _finish_round(event)
            _pair(event)
            with store.connect(event) as conn:
                now = next(m for m in store.read_matches(conn, "swiss", 2)
                           if playing in (m.player1, m.player2))
            me.wait_for_function("document.querySelector('header .round').textContent"
                                 ".indexOf('2') >= 0", timeout=15000)
            assert me.inner_text("#mytable") == str(now.table)
            assert me.get_attribute("body", "data-round") == "swiss:2"
            if now.player2 is None:
                assert "bye" in me.inner_text("#live").lower()
            else:
                assert me.locator("#report-form input[name=pin]").input_value() == ""
            home.wait_for_function("document.querySelector('#live h1').textContent"
                                   ".indexOf('2') >= 0", timeout=15000)
            assert "live" in home.inner_text("#fresh")
        finally:
            ctx.close()


def test_the_round_timer_is_cleared_by_a_new_round_and_the_end(tmp_path: Path) -> None:
    """Round 1's countdown stops when round 2 is paired; the last clock when the event's last
    result is in (audited); a clock that was never set is left alone (nothing logged)."""
    from tt_organizer.events import timer

    event = new_event(tmp_path / "e.sqlite", FIVE)  # 3 Swiss rounds, no top cut
    with live_server(event) as live:
        with store.connect(event) as conn:
            timer.start_timer(conn, 50)
        assert live.get("/api/timer").json()["set"] is True
        _finish_round(event)
        assert live.get("/api/timer").json()["set"] is True  # the round is not over yet
        _pair(event)
        assert live.get("/api/timer").json()["set"] is False
        assert live.get("/api/version").json()["timer"]["set"] is False
        _finish_round(event)
        _pair(event)  # no clock: nothing to reset
        with store.connect(event) as conn:
            resets = [e for e in store.read_audit(conn) if e.action == "timer-reset"]
            assert [json.loads(e.new or "") for e in resets] == [{"reason": "round 2"}]
            timer.start_timer(conn, 40)
        with store.connect(event) as conn:
            rnd = store.current_round(conn)
            last = [m for m in store.read_matches(conn, "swiss", rnd) if m.player2 is not None]
            entering.report_result(conn, last[0].table, "2-0")
            assert timer.timer_state(conn)["set"] is True  # one table still playing
            entering.report_result(conn, last[1].table, "0-2")
            assert timer.timer_state(conn)["set"] is False
        assert live.get("/api/timer").json()["set"] is False
