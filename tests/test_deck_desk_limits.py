"""The anonymous deck desk has limits (issue 41, item 5): pending submissions per address and
in total are capped (429, a page in the reader's language), a list's size is bounded, the
stored report is compact, and the console lists the queue page by page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import requests

from tests.event_helpers import EVENT_DECKS
from tests.serve_helpers import TOKEN, csrf, live_server, new_event
from tt_organizer.errors import EventError
from tt_organizer.events import store, submissions


def unknown_list(kb: int = 190, seed: int = 0) -> str:
    """A list of ``kb`` kB of cards that do not exist (the issue's flood)."""
    lines, size, i = [], 0, 0
    while size < kb * 1000:
        code = f"BT{100 + 10 * seed + i // 1000}-{i % 1000:03d}"
        line = f"1 Card that does not exist {i} {code}\n"
        lines.append(line)
        size += len(line)
        i += 1
    return "".join(lines)


def _size(event: Path) -> int:
    wal = event.with_name(event.name + "-wal")
    return event.stat().st_size + (wal.stat().st_size if wal.exists() else 0)


def _post(s: requests.Session, base: str, name: str, text: str,
          lang: str = "en") -> requests.Response:
    token = csrf(s, base, "/deck")
    return s.post(base + "/deck", data={"csrf": token, "name": name, "text": text},
                  headers={"Accept-Language": lang}, timeout=60)


def test_a_flood_from_one_address_meets_a_429(tmp_path: Path) -> None:
    """12 anonymous 190 kB lists from one address meet a 429 before the event file grows by
    6 MB; the stored report is the verdict and its violations, not the card table."""
    event = new_event(tmp_path / "ev.sqlite", pair=False)
    start = _size(event)
    codes = []
    with live_server(event) as srv:
        s = requests.Session()
        for i in range(12):
            r = _post(s, srv.url, f"Flood {i}", unknown_list(seed=i))
            codes.append(r.status_code)
            if r.status_code == 429:
                assert _size(event) - start < 6_000_000
                assert "already waiting for the organizer" in r.text
                assert "Card that does not exist" not in r.text  # the list is not echoed
        limit = submissions.MAX_PENDING_PER_CLIENT
        assert codes == [200] * limit + [429] * (12 - limit)
        es = _post(s, srv.url, "Flood es", unknown_list(kb=1), lang="es")
        assert es.status_code == 429
        assert "ya esperan al organizador" in es.text
    grown = _size(event) - start
    assert grown < limit * 260_000, grown  # the text (190 kB) and a small report, each
    with store.connect(event) as conn:
        subs = submissions.submissions(conn)
        rows = store.submission_rows(conn)
    assert len(subs) == limit
    for sub, row in zip(subs, rows, strict=True):
        assert len(row["report"]) < 12_000, len(row["report"])
        assert set(sub.report) == {"file", "format", "legal", "errors", "warnings",
                                   "more_errors", "more_warnings", "notes", "banlist",
                                   "input_format"}
        assert sub.report["legal"] is False
        assert 0 < len(sub.report["errors"]) <= submissions.MAX_VIOLATIONS


def test_the_verdict_page_is_bounded(tmp_path: Path) -> None:
    event = new_event(tmp_path / "ev.sqlite", pair=False)
    with live_server(event) as srv:
        r = _post(requests.Session(), srv.url, "Many", unknown_list(kb=20))
        assert r.status_code == 200
        assert len(r.text) < 40_000, len(r.text)
        assert re.search(r"…and \d+ more", r.text)


def test_a_list_over_the_bound_is_refused(tmp_path: Path) -> None:
    event = new_event(tmp_path / "ev.sqlite", pair=False)
    with live_server(event) as srv:
        s = requests.Session()
        text = unknown_list(kb=submissions.MAX_DECK_BYTES // 1000 + 1)
        r = _post(s, srv.url, "Big", text)
        assert r.status_code == 400 and "at most 200 kB" in r.text
    with store.connect(event) as conn:
        assert submissions.submissions(conn) == []


def test_the_total_cap_and_a_freed_slot(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Everyone's pending submissions are capped too; approving or rejecting one frees its
    slot (library level: every address here is 127.0.0.1)."""
    monkeypatch.setattr(submissions, "MAX_PENDING", 3)
    legal = (EVENT_DECKS / "legal_red.txt").read_text(encoding="utf-8")
    event = new_event(tmp_path / "ev.sqlite", pair=False)
    with store.connect(event) as conn:
        for i in range(3):
            submissions.submit_deck(conn, f"P{i}", legal, client=f"10.0.0.{i}")
        with pytest.raises(EventError, match="3 decklists are already waiting") as full:
            submissions.submit_deck(conn, "P9", legal, client="10.0.0.9")
        assert full.value.code == "too-many-submissions"
        submissions.reject_deck(conn, 1)
        submissions.submit_deck(conn, "P9", legal, client="10.0.0.9")
        assert len(submissions.submissions(conn, pending_only=True)) == 3


def test_the_console_lists_the_queue_page_by_page(tmp_path: Path) -> None:
    legal = (EVENT_DECKS / "legal_red.txt").read_text(encoding="utf-8")
    event = new_event(tmp_path / "ev.sqlite", pair=False)
    with store.connect(event) as conn:
        for i in range(1, 46):
            submissions.submit_deck(conn, f"Sub {i:02d}", legal, client=f"10.0.{i}.1")
    with live_server(event) as srv, requests.Session() as org:
        org.get(srv.url + f"/org/login?token={TOKEN}", timeout=10)
        first = org.get(srv.url + "/org", timeout=10).text
        shown = re.findall(r"#(\d+) Sub", first)
        assert shown == [str(i) for i in range(45, 25, -1)]  # the newest 20
        assert "Page 1 of 3 (45 decklists)" in first and "?queue=2" in first
        last = org.get(srv.url + "/org?queue=3", timeout=10).text
        assert re.findall(r"#(\d+) Sub", last) == ["5", "4", "3", "2", "1"]
        assert "?queue=2" in last and "?queue=4" not in last
        beyond = org.get(srv.url + "/org?queue=99", timeout=10).text
        assert "Page 3 of 3" in beyond
        assert org.get(srv.url + "/org?queue=x", timeout=10).status_code == 200


def test_queue_page_bounds(tmp_path: Path) -> None:
    event = new_event(tmp_path / "ev.sqlite", pair=False)
    with store.connect(event) as conn:
        empty = submissions.queue_page(conn)
        assert (empty.items, empty.page, empty.pages, empty.total) == ([], 1, 1, 0)
        legal = (EVENT_DECKS / "legal_red.txt").read_text(encoding="utf-8")
        for i in range(3):
            submissions.submit_deck(conn, f"S{i}", legal, client=f"c{i}")
        page = submissions.queue_page(conn, 1, size=2)
        assert [s.name for s in page.items] == ["S2", "S1"] and page.pages == 2
        page = submissions.queue_page(conn, 2, size=2)
        assert [s.name for s in page.items] == ["S0"]
        assert json.loads(json.dumps(page.items[0].report))["legal"] is True
