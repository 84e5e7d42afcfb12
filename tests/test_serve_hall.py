"""Several events on one server (issue 39, the hall) over real HTTP: ``/api/events``, the
picker, each event's pages under ``/e/<id>``, PINs and cookies that stay in their event, one
organizer login for every console, the phones' polls, and the CLI on a served file."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.serve_helpers import TOKEN, csrf, live_hall, new_event, serve_process
from tt_organizer.events import phone_reports, store
from tt_organizer.web.hall import event_id, event_ids, folder_events

SIDE = ("Zed", "Yan", "Xo", "Wu")


@pytest.fixture()
def two(tmp_path: Path) -> list[Path]:
    return [new_event(tmp_path / "Main Event.sqlite", title="Main Cup"),
            new_event(tmp_path / "side.sqlite", SIDE, title="Side Cup")]


def _pin(path: Path, pid: int) -> str:
    with store.connect(path) as conn:
        return phone_reports.player_pin(conn, pid)


def _report(s: requests.Session, base: str, page: str, pin: str) -> requests.Response:
    token = csrf(s, base, page)
    return s.post(base + page, data={"csrf": token, "pin": pin, "action": "report",
                                     "result": "2-0"}, timeout=10)


def test_event_ids_are_slugs_of_the_file_names() -> None:
    assert event_id("/x/Main Event.sqlite") == "main-event"
    assert event_id("Ñandú 2026 — día 1.sqlite") == "nandu-2026-dia-1"
    assert event_id("!!!.sqlite") == "event"
    assert event_ids(["a/cup.sqlite", "b/cup.sqlite", "c/Cup.db"]) == ["cup", "cup-2", "cup-3"]


def test_events_are_listed_and_each_is_served_under_its_prefix(two: list[Path]) -> None:
    with live_hall(two) as srv:
        listed = srv.get("/api/events").json()
        assert [(e["id"], e["name"], e["round"], e["url"]) for e in listed] == [
            ("main-event", "Main Cup", 1, "/e/main-event"), ("side", "Side Cup", 1, "/e/side")]
        # each event's own API and pages, its links kept inside the event
        assert srv.get("/e/side/api/status").json()["players"] == len(SIDE)
        assert srv.get("/e/main-event/api/status").json()["players"] == 6
        page = srv.get("/e/side/").text
        assert "Zed" in page and "Alice" not in page
        links = re.findall(r'(?:href|action)="(/[^"]*)"', page)
        assert links and all(x.startswith(("/e/side/", "/static/")) for x in links), links
        assert srv.get("/e/nowhere/").status_code == 404
        assert srv.get("/standings").status_code == 404  # no event's page at the root


def test_the_picker_lists_every_event_in_the_readers_language(two: list[Path]) -> None:
    with live_hall(two) as srv:
        en = srv.get("/").text
        assert re.findall(r'<a class="card" href="([^"]+)"', en) == ["/e/main-event/", "/e/side/"]
        assert "Main Cup" in en and "Side Cup" in en and "Choose your event" in en
        es = srv.get("/", headers={"Accept-Language": "es-MX,es;q=0.9"})
        assert es.headers["Content-Language"] == "es"
        assert "Choose your event" not in es.text and "Ronda 1 de 3" in es.text
        assert "/org" not in en  # the consoles' links are the organizer's


def test_a_pin_or_cookie_of_one_event_is_worthless_in_another(two: list[Path]) -> None:
    main, side = two
    pid = next(p for p in range(1, 5) if _pin(main, p) != _pin(side, p))
    with live_hall(two) as srv:
        s = requests.Session()
        refused = _report(s, srv.url, f"/e/side/me/{pid}", _pin(main, pid))
        assert refused.status_code == 403 and "Wrong PIN" in refused.text
        # the player's own line on top, and the form's CSRF cookie: each in its event only
        phone = requests.Session()
        phone.get(f"{srv.url}/e/main-event/me/{pid}", timeout=10)
        assert 'id="mine"' in phone.get(f"{srv.url}/e/main-event/", timeout=10).text
        assert 'id="mine"' not in phone.get(f"{srv.url}/e/side/", timeout=10).text
        token = csrf(phone, srv.url, f"/e/main-event/me/{pid}")
        other = requests.Session()
        other.cookies.set("tt_csrf", token, path="/e/side")
        r = other.post(f"{srv.url}/e/side/me/{pid}", data={
            "csrf": token + "x", "pin": _pin(side, pid), "action": "report", "result": "2-0"})
        assert r.status_code == 403
        ok = _report(s, srv.url, f"/e/side/me/{pid}", _pin(side, pid))
        assert ok.status_code == 200 and ok.url.startswith(f"{srv.url}/e/side/me/{pid}?note=")
    with store.connect(side) as conn:
        assert phone_reports.open_report(conn, phone_reports.current_match(conn, pid))
    with store.connect(main) as conn:
        assert phone_reports.open_report(conn, phone_reports.current_match(conn, pid)) is None


def test_one_organizer_login_opens_every_console_naming_its_event(two: list[Path]) -> None:
    with live_hall(two) as srv:
        assert srv.get("/e/side/org").status_code == 401
        org = requests.Session()
        r = org.get(f"{srv.url}/e/main-event/org/login?token={TOKEN}", timeout=10)
        assert r.url == f"{srv.url}/e/main-event/org"
        for eid, name in (("main-event", "Main Cup"), ("side", "Side Cup")):
            page = org.get(f"{srv.url}/e/{eid}/org", timeout=10)
            assert page.status_code == 200
            assert re.search(r'id="console-event">([^<]*)<', page.text).group(1) == name
        assert 'href="/e/side/org"' in org.get(srv.url + "/", timeout=10).text
        wrong = requests.get(f"{srv.url}/e/side/org", timeout=10,
                             headers={"Authorization": "Bearer " + TOKEN[::-1]})
        assert wrong.status_code == 401


def test_a_poll_names_its_events_page(two: list[Path]) -> None:
    main, side = two
    pid = next(p for p in range(1, 5) if _pin(main, p) != _pin(side, p))

    def versions(srv_url: str) -> tuple[str, str]:
        return tuple(requests.get(f"{srv_url}/api/version", timeout=10,  # type: ignore[return-value]
                                  params={"page": f"/e/{e}/me/{pid}"}).json()["version"]
                     for e in ("main-event", "side"))

    with live_hall(two) as srv:
        before = versions(srv.url)
        page = requests.get(f"{srv.url}/e/side/me/{pid}", timeout=10).text
        assert f'data-version="{before[1]}"' in page  # the page and its poll agree
        _report(requests.Session(), srv.url, f"/e/side/me/{pid}", _pin(side, pid))
        after = versions(srv.url)
        assert after[0] == before[0] and after[1] != before[1]
        assert requests.get(f"{srv.url}/api/version", params={"page": "/e/none/me/1"},
                            timeout=10).status_code == 404


def _tt(event: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tt_organizer", "event", *args,
                           "--event", str(event)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "TT_ORGANIZER": "tester"})


def test_the_cli_serves_a_folder_and_works_on_a_served_file(tmp_path: Path) -> None:
    folder = tmp_path / "hall"
    folder.mkdir()
    new_event(folder / "Main Event.sqlite", title="Main Cup")
    side = new_event(folder / "side.sqlite", SIDE, title="Side Cup")
    (folder / "notes.txt").write_text("not an event")
    with serve_process(side, "--events", str(folder)) as (_proc, info):
        base = str(info["base"])
        assert [e["id"] for e in info["events"]] == ["side", "main-event"]  # type: ignore[index]
        assert info["organizer"] == f"{base}/org/login?token={TOKEN}"  # as with one event
        org = requests.Session()
        r = org.get(str(info["organizer"]), timeout=10)
        assert r.url == f"{base}/e/side/org" and 'id="console-event">Side Cup<' in r.text
        assert org.get(f"{base}/e/main-event/org", timeout=10).status_code == 200
        assert [e["id"] for e in requests.get(base + "/api/events", timeout=10).json()] == [
            "side", "main-event"]
        done = _tt(side, "report", "1", "2-0")
        assert done.returncode == 0, done.stderr
        rows = requests.get(base + "/e/side/api/pairings", timeout=10).json()
        assert [r["result"] for r in rows if r["table"] == 1] == ["2-0"]
        main_rows = requests.get(base + "/e/main-event/api/pairings", timeout=10).json()
        assert all(r["result"] is None for r in main_rows if r["player2"] is not None)
    assert folder_events(folder) == [str(folder / "Main Event.sqlite"), str(side)]


def test_the_cli_refuses_a_folder_without_events(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "tt_organizer", "event", "serve", "--events",
                        str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "no event file" in r.stderr and "Traceback" not in r.stderr


def test_each_event_has_its_own_timer_and_language_read_fresh(two: list[Path]) -> None:
    """The header, language and timer a page shows are remembered per change of the event:
    a change (the console's timer, the CLI's language) shows at once, in that event only."""
    side = two[1]

    def poll(eid: str) -> dict[str, object]:
        return requests.get(f"{srv.url}/api/version", params={"page": f"/e/{eid}/"},
                            timeout=10).json()

    with live_hall(two) as srv:
        assert not poll("side")["timer"]["set"]  # type: ignore[index]
        org = requests.Session()
        org.get(f"{srv.url}/e/side/org/login?token={TOKEN}", timeout=10)
        token = csrf(org, srv.url, "/e/side/org")
        r = org.post(f"{srv.url}/e/side/org/timer-start", timeout=10,
                     data={"csrf": token, "minutes": "50"})
        assert r.status_code == 200
        first = poll("side")["timer"]
        assert first["running"] and 2990 < first["remaining"] <= 3000  # type: ignore[index]
        assert not poll("main-event")["timer"]["set"]  # type: ignore[index]
        time.sleep(1.2)
        later = poll("side")["timer"]
        assert later["remaining"] <= first["remaining"] - 1  # type: ignore[index,operator]
        assert later["ends_at"] == first["ends_at"]  # type: ignore[index]
        assert 'lang="en"' in requests.get(f"{srv.url}/e/side/", timeout=10).text
        done = _tt(side, "settings", "--language", "es")
        assert done.returncode == 0, done.stderr
        assert '<html lang="es">' in requests.get(f"{srv.url}/e/side/", timeout=10).text
        assert '<html lang="en">' in requests.get(f"{srv.url}/e/main-event/", timeout=10).text
