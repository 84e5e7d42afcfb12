"""``tt event serve`` over real HTTP on 127.0.0.1: the API equals the CLI's JSON, players
report and confirm with PINs, disputes reach the organizer, and the security rules hold."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
import requests

from tests.event_helpers import EVENT_DECKS, Tt
from tests.serve_helpers import TOKEN, csrf, live_server, new_event, serve_process
from tt_organizer.events import phone_reports, players, setup, store
from tt_organizer.web.pages import result_label


@pytest.fixture()
def event(tmp_path: Path) -> Path:
    return new_event(tmp_path / "ev.sqlite")


def _table_of(path: Path, name: str) -> tuple[int, int, int, str]:
    """(table, my id, opponent id, my seat) of ``name`` in the current round."""
    with store.connect(path) as conn:
        me = players.find_player(conn, name)
        m = phone_reports.current_match(conn, me.id)
        assert m is not None and m.player2 is not None
        seat = "P1" if m.player1 == me.id else "P2"
        return m.table, me.id, m.player2 if seat == "P1" else m.player1, seat


def _pin(path: Path, pid: int) -> str:
    with store.connect(path) as conn:
        return phone_reports.player_pin(conn, pid)


def _post(s: requests.Session, base: str, path: str, page: str | None = None,
          **data: str) -> requests.Response:
    token = csrf(s, base, page or path)
    return s.post(base + path, data={"csrf": token, **data}, timeout=10)


def test_api_is_exactly_the_cli_json(event: Path) -> None:
    tt = Tt(event)
    table, _me, _, _ = _table_of(event, "Alice")
    tt("report", str(table), "2-1")
    with live_server(event) as srv:
        for api, cli in (("/api/pairings", ("pairings",)), ("/api/standings", ("standings",)),
                         ("/api/status", ("status",)),
                         ("/api/pairings?round=1", ("pairings", "--round", "1"))):
            assert srv.get(api).json() == tt.json(*cli), api
        spec = srv.get("/api/openapi.json").json()
        assert {"/api/pairings", "/api/standings", "/api/status"} <= set(spec["paths"])
        assert srv.get("/api/pairings?round=9").status_code == 409
        # a round of other digits ("²") is a bad request, not a server error
        assert srv.get("/api/pairings?round=%C2%B2").status_code == 400


def test_pins_issued_at_registration_and_by_migration(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite", pair=False)
    tt = Tt(path)
    roster = tt.json("players")
    assert all(p["pin"] and len(p["pin"]) == 4 and p["pin"].isdigit() for p in roster)
    # an event file of schema 2 (before PINs) gets a PIN for every player when opened
    conn = sqlite3.connect(path)
    conn.executescript("DROP TRIGGER players_pin; DROP TABLE web_reports; DROP TABLE web_decks;"
                       "DROP TABLE web_timer; ALTER TABLE players DROP COLUMN pin;"
                       "ALTER TABLE settings DROP COLUMN tiebreak_policy;"  # version 4
                       "DROP TABLE avoid_pairs; ALTER TABLE players DROP COLUMN checked_in;"
                       "ALTER TABLE players DROP COLUMN bye_rounds;"  # version 5
                       "ALTER TABLE rounds DROP COLUMN seeded;"  # version 6
                       "DROP TABLE set_aside; ALTER TABLE settings DROP COLUMN require_decks; "
                       "ALTER TABLE settings DROP COLUMN language; "
                       "ALTER TABLE settings DROP COLUMN intentional_draws;"
                       "PRAGMA user_version = 2;")
    conn.close()
    with store.connect(path) as c:
        pins = phone_reports.player_pins(c)
        assert len(pins) == len(roster) and all(len(p) == 4 for p in pins.values())
        players.register_player(c, "Late Larry")
        assert phone_reports.player_pin(c, max(pins) + 1).isdigit()


def test_report_then_confirm_records_through_the_library(event: Path) -> None:
    table, alice, bob, seat = _table_of(event, "Alice")
    result = "2-1" if seat == "P1" else "1-2"  # Alice won 2-1
    with live_server(event) as srv:
        a, b = requests.Session(), requests.Session()
        r = _post(a, srv.url, f"/me/{alice}", pin=_pin(event, alice), action="report",
                  result=result, first1="P1", first2="P2", first3="P1", turns1="7",
                  turns2="9", turns3="8")
        assert "waiting for your opponent" in r.text
        states = {t["table"]: t["state"] for t in srv.get(
            "/api/org/tables", headers={"Authorization": f"Bearer {TOKEN}"}).json()}
        assert states[table] == "reported"
        assert srv.get("/api/pairings").json()[table - 1]["result"] is None  # not yet recorded
        r = _post(b, srv.url, f"/me/{bob}", pin=_pin(event, bob), action="confirm")
        assert "the result is recorded" in r.text
        assert srv.get("/api/pairings").json()[table - 1]["result"] == result
    log = Tt(event).json("log")
    assert [e["action"] for e in log[-3:]] == ["web-report", "report", "web-confirm"]
    assert log[-3]["actor"] == f"web:player#{alice}@127.0.0.1"
    with store.connect(event) as conn:
        m = next(m for m in store.read_matches(conn) if m.table == table)
    assert [g.turns for g in m.games] == [7, 9, 8]


def test_disagreement_goes_to_the_organizer(event: Path) -> None:
    table, alice, bob, seat = _table_of(event, "Alice")
    p1, p2 = ("Alice", "Bob") if seat == "P1" else ("Bob", "Alice")
    said, counter = (result_label(r, p1, p2, 3) for r in ("2-0", "0-2"))
    with live_server(event) as srv:
        a, b, org = requests.Session(), requests.Session(), requests.Session()
        _post(a, srv.url, f"/me/{alice}", pin=_pin(event, alice), action="report",
              result="2-0")
        r = _post(b, srv.url, f"/me/{bob}", pin=_pin(event, bob), action="dispute",
                  counter="0-2")
        assert "organizer will decide" in r.text
        org.get(srv.url + f"/org/login?token={TOKEN}", timeout=10)
        page = org.get(srv.url + "/org", timeout=10).text
        # both players' names and both versions, on the console and on both players' pages
        assert "disputed" in page
        assert f"<strong>Alice</strong> reported: {said}" in page
        assert f"<strong>Bob</strong> says: {counter}" in page
        for pid in (alice, bob):
            mine = a.get(srv.url + f"/me/{pid}", timeout=10).text
            assert f"<strong>Alice</strong> says: {said}" in mine
            assert f"<strong>Bob</strong> says: {counter}" in mine
        r = _post(org, srv.url, "/org/result", "/org", table=str(table), result="0-2")
        # said with names: the dispute settled in the player 2's favour
        assert ": dispute settled, " in r.text and " wins 2-0" in r.text
        assert "(Alice vs Bob)" in r.text or "(Bob vs Alice)" in r.text
        assert srv.get("/api/pairings").json()[table - 1]["result"] == "0-2"
    actions = [(e["action"], e["actor"]) for e in Tt(event).json("log")[-3:]]
    assert actions[-1] == ("report", "web:organizer@127.0.0.1")


def test_player_cannot_report_or_confirm_another_table(event: Path) -> None:
    table, alice, bob, _ = _table_of(event, "Alice")
    other = next(p for p in range(1, 7) if p not in (alice, bob))
    with live_server(event) as srv:
        s = requests.Session()
        # Alice's PIN does not work on another player's page...
        r = _post(s, srv.url, f"/me/{other}", pin=_pin(event, alice), action="report",
                  result="2-0")
        assert r.status_code == 403
        # ...and the other player can only touch their own table
        _post(s, srv.url, f"/me/{alice}", pin=_pin(event, alice), action="report",
              result="2-0")
        r = _post(s, srv.url, f"/me/{other}", pin=_pin(event, other), action="confirm")
        assert "no report of your table" in r.text
        # the reporter cannot confirm their own report
        r = _post(s, srv.url, f"/me/{alice}", pin=_pin(event, alice), action="confirm")
        assert "opponent has to confirm" in r.text
        assert srv.get("/api/pairings").json()[table - 1]["result"] is None


def test_wrong_pins_are_rate_limited(event: Path) -> None:
    _, alice, _, _ = _table_of(event, "Alice")
    real = _pin(event, alice)
    wrong = "0000" if real != "0000" else "1111"
    with live_server(event) as srv:
        s = requests.Session()
        codes = [_post(s, srv.url, f"/me/{alice}", pin=wrong, action="report",
                       result="2-0").status_code for _ in range(6)]
        assert codes == [403] * 5 + [429]
        r = _post(s, srv.url, f"/me/{alice}", pin=real, action="report", result="2-0")
        assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
        # in the site's own layout: what happened, how long to wait, whom to ask, the way
        # back; the result chosen is still chosen
        assert '<link rel="stylesheet" href="/static/app.css">' in r.text
        assert "Too many wrong PINs" in r.text and "ask the desk" in r.text
        assert 'href="/">Pairings</a>' in r.text
        assert 'value="2-0" data-games="2" checked' in r.text
    assert "web-report" not in [e["action"] for e in Tt(event).json("log")]


def test_nothing_of_the_organizer_works_without_the_token(event: Path) -> None:
    with live_server(event) as srv:
        s = requests.Session()
        page = s.get(srv.url + "/org", timeout=10)
        assert page.status_code == 401
        assert 'id="problem"' in page.text and "Organizer only" in page.text
        assert srv.get("/api/org/tables").status_code == 401
        assert srv.get("/api/org/players",
                       headers={"Authorization": "Bearer wrong"}).status_code == 401
        token = csrf(s, srv.url, "/deck")
        for action in ("pair", "result", "drop", "late", "timer-start", "timer-pause",
                       "timer-extend", "approve", "reject"):
            r = s.post(srv.url + f"/org/{action}", data={"csrf": token, "table": "1",
                                                        "result": "2-0", "name": "Alice",
                                                        "minutes": "5", "submission": "1"},
                       timeout=10)
            assert r.status_code == 401, action
        assert s.get(srv.url + "/org/login?token=nope", timeout=10).status_code == 401
        assert srv.get("/api/org/players",
                       headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200
    assert [e["action"] for e in Tt(event).json("log")].count("drop") == 0


def test_forms_refuse_cross_site_posts(event: Path) -> None:
    _, alice, _, _ = _table_of(event, "Alice")
    with live_server(event) as srv:
        s = requests.Session()
        token = csrf(s, srv.url, f"/me/{alice}")
        data = {"pin": _pin(event, alice), "action": "report", "result": "2-0"}
        assert s.post(srv.url + f"/me/{alice}", data=data, timeout=10).status_code == 403
        fresh = requests.post(srv.url + f"/me/{alice}", data={**data, "csrf": token},
                              timeout=10)  # token without the browser's cookie
        assert fresh.status_code == 403
        r = s.post(srv.url + f"/me/{alice}", data={**data, "csrf": token}, timeout=10,
                   headers={"Origin": "http://evil.example"})
        assert r.status_code == 403
        org = requests.Session()
        org.get(srv.url + f"/org/login?token={TOKEN}", timeout=10)
        assert org.post(srv.url + "/org/pair", data={}, timeout=10).status_code == 403
    assert "web-report" not in [e["action"] for e in Tt(event).json("log")]


def test_player_text_cannot_inject_markup(tmp_path: Path) -> None:
    evil = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    path = new_event(tmp_path / "ev.sqlite", ("Alice", evil, "Bob", "Dan"))
    with live_server(path) as srv:
        for page in ("/", "/standings", "/projector", "/me", "/me/2"):
            r = srv.get(page)
            assert evil not in r.text and "<script>alert" not in r.text, page
            assert "&lt;script&gt;" in r.text, page
            assert "script-src 'self'" in r.headers["Content-Security-Policy"]
        s = requests.Session()
        r = _post(s, srv.url, "/deck", name=evil, text=evil)
        assert evil not in r.text and "&lt;img src=x" in r.text


def test_decklist_submission_verdict_and_approval(event: Path, tmp_path: Path) -> None:
    legal = (EVENT_DECKS / "legal_red.txt").read_text(encoding="utf-8")
    with live_server(event) as srv:
        s = requests.Session()
        r = _post(s, srv.url, "/deck", name="Gina", text=legal)
        assert "LEGAL" in r.text and "NOT LEGAL" not in r.text
        token = csrf(s, srv.url, "/deck")
        bad = (EVENT_DECKS / "illegal_short.txt").read_bytes()
        r = s.post(srv.url + "/deck", data={"csrf": token, "name": "Hal"},
                   files={"file": ("hal.txt", bad)}, timeout=10)
        assert "NOT LEGAL" in r.text
        org = requests.Session()
        org.get(srv.url + f"/org/login?token={TOKEN}", timeout=10)
        assert "Registration queue" in org.get(srv.url + "/org", timeout=10).text
        r = _post(org, srv.url, "/org/approve", "/org", submission="1")
        assert "Registered Gina" in r.text
    # the verdict's messages are those of `tt deck validate` on the same file
    from click.testing import CliRunner

    from tt_organizer.cli.main import cli

    out = CliRunner().invoke(cli, ["deck", "validate", "--json",
                                   str(EVENT_DECKS / "illegal_short.txt")]).stdout
    messages = [e["message"] for e in json.loads(out)[0]["errors"]]
    with store.connect(event) as conn:
        from tt_organizer.events import submissions

        subs = submissions.submissions(conn)
        gina = players.find_player(conn, "Gina")
    assert [e["message"] for e in subs[1].report["errors"]] == messages
    assert gina.deck_legal is True and gina.late_entry_round == 2


def test_binds_loopback_unless_lan(event: Path) -> None:
    from tt_organizer.web.security import bind_host

    assert bind_host(False) == "127.0.0.1" and bind_host(True) == "0.0.0.0"
    with serve_process(event) as (_proc, info):
        assert info["host"] == "127.0.0.1"
        port = int(str(info["base"]).rsplit(":", 1)[1])
        listening = _listeners(port)
        assert listening == {"127.0.0.1"}, listening
    with serve_process(event, "--lan") as (_proc, info):
        port = int(str(info["base"]).rsplit(":", 1)[1])
        assert _listeners(port) == {"0.0.0.0"}


def _listeners(port: int) -> set[str]:
    """Local addresses with a socket listening on ``port`` (from /proc/net/tcp)."""
    import socket
    import struct

    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        addr, hexport = local.split(":")
        if state == "0A" and int(hexport, 16) == port:
            found.add(socket.inet_ntoa(struct.pack("<I", int(addr, 16))))
    return found


def test_kill_9_loses_nothing_confirmed(event: Path, tmp_path: Path) -> None:
    """A SIGKILL of the server while a confirmation is inside its transaction: every result
    confirmed before is kept, the one in flight is not half-written (still a pending report)."""
    import threading
    import time

    from tt_organizer.events.store import TEST_PAUSE_ENV

    marker, release = tmp_path / "in-transaction", tmp_path / "release"
    release.touch()  # transactions pass straight through until it is removed
    with store.connect(event) as conn:
        matches = [m for m in store.read_matches(conn) if m.player2 is not None]
        pins = phone_reports.player_pins(conn)
    confirmed = []
    env = {TEST_PAUSE_ENV: f"60:{marker}:{release}"}
    with serve_process(event, env=env) as (proc, info):
        base = str(info["base"])
        sessions = {}
        for m in matches:
            s = sessions[m.table] = requests.Session()
            _post(s, base, f"/me/{m.player1}", pin=pins[m.player1], action="report",
                  result="2-0")
        for m in matches[:-1]:
            r = _post(sessions[m.table], base, f"/me/{m.player2}", pin=pins[m.player2],
                      action="confirm")
            assert "recorded" in r.text
            confirmed.append(m.table)
        last = matches[-1]
        token = csrf(sessions[last.table], base, f"/me/{last.player2}")
        release.unlink()
        marker.unlink()
        threading.Thread(target=lambda: _swallow(lambda: sessions[last.table].post(
            base + f"/me/{last.player2}", timeout=30,
            data={"csrf": token, "pin": pins[last.player2], "action": "confirm"})),
            daemon=True).start()
        deadline = time.monotonic() + 20
        while not marker.exists():  # the confirmation is inside its transaction now
            assert time.monotonic() < deadline, "the confirmation never reached the database"
            time.sleep(0.02)
        proc.kill()
        proc.wait(10)
    tt = Tt(event)
    recorded = [p["table"] for p in tt.json("pairings") if p["result"] == "2-0"]
    assert recorded == confirmed
    with store.connect(event) as conn:
        still = phone_reports.reports(conn, open_only=True)
    assert [(r.table, r.status) for r in still] == [(last.table, "pending")]


def _swallow(call: object) -> None:
    import contextlib

    # the server is killed under the request: no answer, as expected
    with contextlib.suppress(requests.RequestException):
        call()  # type: ignore[operator]


def test_console_actions_are_audited_with_who_and_where(event: Path) -> None:
    with live_server(event) as srv:
        org = requests.Session()
        org.get(srv.url + f"/org/login?token={TOKEN}", timeout=10)
        r = _post(org, srv.url, "/org/late", "/org", name="Zoe")
        assert "Registered Zoe" in r.text
        # the desk sees the new player's PIN to tell them; it is in no address
        zoe = next(p for p in srv.get("/api/org/players", headers={
            "Authorization": f"Bearer {TOKEN}"}).json() if p["name"] == "Zoe")
        assert f'<strong class="pin">{zoe["pin"]}</strong>' in r.text
        assert zoe["pin"] not in r.url and all(zoe["pin"] not in h.url for h in r.history)
        # the console shows no other PIN
        others = {p["pin"] for p in srv.get("/api/org/players", headers={
            "Authorization": f"Bearer {TOKEN}"}).json()} - {zoe["pin"]}
        assert not any(f">{pin}<" in r.text for pin in others)
        asked = _post(org, srv.url, "/org/drop", "/org", name="Finn")  # asked first
        assert "Drop Finn?" in asked.text and "Dropped Finn" not in asked.text
        assert "Dropped Finn" in _post(org, srv.url, "/org/drop", "/org", name="Finn",
                                       confirm="yes").text
        _post(org, srv.url, "/org/timer-start", "/org", minutes="40")
        _post(org, srv.url, "/org/timer-pause", "/org")
        _post(org, srv.url, "/org/timer-extend", "/org", minutes="5")
        t = srv.get("/api/timer").json()
        assert t["seconds"] == 45 * 60 and not t["running"] and 44 * 60 < t["remaining"] <= 45 * 60
        r = _post(org, srv.url, "/org/pair", "/org")
        assert "Refused: " in r.text  # round 1 is not finished: the CLI's check, same words
    log = Tt(event).json("log")
    mine = [(e["action"], e["actor"]) for e in log if e["actor"].startswith("web:")]
    assert mine == [("late-entry", "web:organizer@127.0.0.1")] * 2 + [
        ("drop", "web:organizer@127.0.0.1"), ("timer-start", "web:organizer@127.0.0.1"),
        ("timer-pause", "web:organizer@127.0.0.1"), ("timer-extend", "web:organizer@127.0.0.1")]
    tt = Tt(event)
    err = tt("pair", code=2).stderr
    cli_message = err.split("error: ", 1)[1].strip().split(";")[0]
    assert f"Refused: {cli_message}" in r.text


def test_timer_runs_pauses_and_extends(event: Path) -> None:
    from tt_organizer.events import timer

    with store.connect(event) as conn:
        assert timer.timer_state(conn)["set"] is False
        started = timer.start_timer(conn, 50)
        later = timer.timer_state(conn, at=started["ends_at"] - 600)
        assert later["running"] and later["remaining"] == pytest.approx(600, abs=0.2)
        paused = timer.pause_timer(conn)
        assert timer.timer_state(conn, at=1e12)["remaining"] == paused["remaining"]
        with pytest.raises(Exception, match="not running"):
            timer.pause_timer(conn)
        timer.extend_timer(conn, 10)
        resumed = timer.start_timer(conn)
        assert resumed["running"] and resumed["remaining"] == pytest.approx(
            paused["remaining"] + 600, abs=1)


def test_serve_refuses_a_busy_port_and_a_missing_file(event: Path, tmp_path: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        err = Tt(event).refused("serve", "--port", str(port), match="cannot listen on")
        assert f"127.0.0.1:{port}" in err
    Tt(tmp_path / "missing.sqlite").refused("serve", match="no event database here")


def test_every_page_renders_at_every_stage(tmp_path: Path) -> None:
    """Registration, Swiss, top cut, finished: every page answers 200 and the API agrees with
    the CLI at each stage."""
    path = tmp_path / "ev.sqlite"
    setup.create_event(path, "Stages", best_of=1, seed=3, rounds=2, top_cut=4)
    with store.connect(path) as conn:
        for n in ("Ann", "Ben", "Cid", "Dee", "Eli", "Fay", "Gus", "Hal"):
            players.register_player(conn, n)
    tt = Tt(path)
    pages = ("/", "/standings", "/projector", "/me", "/me/1", "/deck", "/org")
    with live_server(path) as srv:
        org = requests.Session()
        org.get(srv.url + f"/org/login?token={TOKEN}", timeout=10)

        def check() -> None:
            for page in pages:
                assert org.get(srv.url + page, timeout=10).status_code == 200, page
            assert srv.get("/api/status").json() == tt.json("status")

        check()
        assert srv.get("/api/pairings").status_code == 409
        for _ in range(2):
            tt("pair")
            for m in tt.json("pairings"):
                if m["player2"]:
                    tt("report", str(m["table"]), "1-0")
            check()
        for _ in range(2):
            tt("top-cut")
            check()
            top = srv.get("/api/pairings?top_cut=true").json()
            assert top == tt.json("pairings", "--top-cut")
            for m in top:
                tt("report", str(m["table"]), "1-0")
        tt("top-cut")
        check()
        assert srv.get("/api/status").json()["champion"]
