"""Once a player disputes a result from their phone, nobody's phone can record it:
neither the disputing opponent confirming it after all, nor the reporter confirming their own,
nor either of them reporting again -- the organizer decides. Over real HTTP (a live server)
and through the library."""

from __future__ import annotations

from pathlib import Path

import pytest
import requests

from tests.serve_helpers import csrf, live_server, new_event
from tt_organizer.errors import EventError
from tt_organizer.events import phone_reports, players, store


def _seats(path: Path) -> tuple[int, int, int]:
    """(table, Alice's id, her opponent's id) in round 1."""
    with store.connect(path) as conn:
        alice = players.find_player(conn, "Alice").id
        m = phone_reports.current_match(conn, alice)
        assert m is not None and m.player2 is not None
        return m.table, alice, m.player2 if m.player1 == alice else m.player1


def _pin(path: Path, pid: int) -> str:
    with store.connect(path) as conn:
        return phone_reports.player_pin(conn, pid)


_TOKENS: dict[int, str] = {}


def _post(s: requests.Session, base: str, pid: int, **data: str) -> requests.Response:
    """POST the player's form as their phone would; the phone's CSRF token is read once
    (a disputed table's page shows no form, but a phone that kept it can still send it)."""
    token = _TOKENS.get(id(s)) or _TOKENS.setdefault(id(s), csrf(s, base, f"/me/{pid}"))
    return s.post(f"{base}/me/{pid}", data={"csrf": token, **data}, timeout=10)


def _open_report(path: Path, table: int) -> tuple[str, str, str | None]:
    with store.connect(path) as conn:
        rep = next(r for r in phone_reports.reports(conn) if r.table == table
                   and r.status in phone_reports.OPEN)
        return rep.status, rep.result, rep.counter


def test_a_disputed_report_cannot_be_confirmed_from_a_phone(tmp_path: Path) -> None:
    event = new_event(tmp_path / "ev.sqlite")
    table, alice, rival = _seats(event)
    with live_server(event) as srv:
        a, b = requests.Session(), requests.Session()
        _TOKENS.clear()
        r = _post(a, srv.url, alice, pin=_pin(event, alice), action="report", result="2-0")
        assert "waiting for your opponent" in r.text
        r = _post(b, srv.url, rival, pin=_pin(event, rival), action="dispute", counter="0-2")
        assert "organizer will decide" in r.text
        for pid in (alice, rival):  # neither page offers to confirm any more
            assert 'value="confirm"' not in b.get(f"{srv.url}/me/{pid}", timeout=10).text
        # the opponent changes their mind: too late, the report is the organizer's now
        r = _post(b, srv.url, rival, pin=_pin(event, rival), action="confirm")
        assert r.status_code == 400 and "Not recorded" in r.text
        assert "no report of your table waiting" in r.text
        # nor may the reporter confirm it, nor either player report it again (agreeing)
        r = _post(a, srv.url, alice, pin=_pin(event, alice), action="confirm")
        assert r.status_code == 400 and "Not recorded" in r.text
        for s, pid in ((b, rival), (a, alice)):
            r = _post(s, srv.url, pid, pin=_pin(event, pid), action="report", result="2-0")
            assert r.status_code == 400 and "disputed; the organizer decides" in r.text
        assert srv.get("/api/pairings").json()[table - 1]["result"] is None
        states = {t["table"]: t["state"] for t in srv.get(
            "/api/org/tables", headers={"Authorization": f"Bearer {srv.token}"}).json()}
        assert states[table] == "disputed"
    assert _open_report(event, table) == ("disputed", "2-0", "0-2")


@pytest.mark.parametrize("who", ["reporter", "opponent"])
def test_the_library_refuses_to_record_a_disputed_report(tmp_path: Path, who: str) -> None:
    event = new_event(tmp_path / "ev.sqlite")
    table, alice, rival = _seats(event)
    with store.connect(event) as conn:
        phone_reports.submit_report(conn, alice, "2-0")
        assert phone_reports.answer_report(conn, rival, agree=False,
                                           counter="0-2").status == "disputed"
        pid = alice if who == "reporter" else rival
        with pytest.raises(EventError, match="no report of your table waiting"):
            phone_reports.answer_report(conn, pid, agree=True)
        with pytest.raises(EventError, match="disputed"):
            phone_reports.submit_report(conn, pid, "2-0")
        match = next(m for m in store.read_matches(conn) if m.table == table)
        assert match.result is None
    assert _open_report(event, table) == ("disputed", "2-0", "0-2")


def test_no_pin_opens_the_page_of_a_player_who_does_not_exist(tmp_path: Path) -> None:
    event = new_event(tmp_path / "ev.sqlite")
    _table, alice, _rival = _seats(event)
    with store.connect(event) as conn:
        pin = phone_reports.player_pin(conn, alice)
        assert phone_reports.check_pin(conn, alice, pin)
        assert phone_reports.check_pin(conn, alice, f" {pin} ")  # typed with spaces
        assert not phone_reports.check_pin(conn, alice, "")
        for nobody in (0, 999):
            assert not phone_reports.check_pin(conn, nobody, pin)
            assert not phone_reports.check_pin(conn, nobody, "")


def test_a_report_with_bad_game_lists_is_refused_at_once(tmp_path: Path) -> None:
    """Checked when the player reports, not only when the opponent confirms: nothing waits
    for the opponent that could never be recorded."""
    event = new_event(tmp_path / "ev.sqlite")
    _table, alice, rival = _seats(event)
    with store.connect(event) as conn:
        for lists in ({"first": "P1"}, {"winners": "P1,P2"}, {"turns": "7"}):
            with pytest.raises(EventError, match=r"lists 1 game|does not agree"):
                phone_reports.submit_report(conn, alice, "2-0", **lists)
        assert phone_reports.reports(conn) == []
        with pytest.raises(EventError, match="no report of your table waiting"):
            phone_reports.answer_report(conn, rival, agree=True)


def test_the_log_keeps_the_counter_result_of_a_dispute_only(tmp_path: Path) -> None:
    event = new_event(tmp_path / "ev.sqlite")
    _table, alice, rival = _seats(event)
    with store.connect(event) as conn:
        phone_reports.submit_report(conn, alice, "2-0")
        phone_reports.answer_report(conn, rival, agree=False, counter="0-2")
        dispute = store.read_audit(conn)[-1]
        assert dispute.action == "web-dispute" and '"counter": "0-2"' in (dispute.new or "")
    other = new_event(tmp_path / "ok.sqlite")
    _table, alice, rival = _seats(other)
    with store.connect(other) as conn:
        phone_reports.submit_report(conn, alice, "2-0")
        phone_reports.answer_report(conn, rival, agree=True, counter="0-2")
        confirm = store.read_audit(conn)[-1]
        assert confirm.action == "web-confirm" and '"counter": null' in (confirm.new or "")
