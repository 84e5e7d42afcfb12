"""A refused report says the same thing on the command line and on the organizer's console:
both make the same library call (tt_organizer.events.result_changes) and show the refusal's
own words, in the reader's language — checked through ``tt event report`` and a real server."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
import requests
from click.testing import CliRunner

from tests.serve_helpers import TOKEN, csrf, live_server, new_event
from tt_organizer.cli.main import cli
from tt_organizer.errors import TTError
from tt_organizer.events import result_changes, store
from tt_organizer.i18n import using

NAMES = ("Ana", "Bob", "Cid", "Dee", "Eve")  # table 3 is the bye


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("table,result", [("1", "5-0"), ("9", "2-0"), ("3", "2-0")])
def test_cli_and_console_word_a_refused_report_alike(tmp_path: Path, lang: str, table: str,
                                                     result: str) -> None:
    path = new_event(tmp_path / "ev.sqlite", NAMES)
    with store.connect(path) as conn, pytest.raises(TTError) as refused:
        result_changes.report(conn, int(table), result)
    with using(lang):
        words = refused.value.shown()
    out = CliRunner().invoke(cli, ["--language", lang, "event", "report", table, result,
                                   "--event", str(path)])
    assert out.exit_code == 2 and words in out.stderr, out.stderr
    with live_server(path) as srv, requests.Session() as org:
        org.headers["Accept-Language"] = lang
        org.get(f"{srv.url}/org/login?token={TOKEN}", timeout=10)
        page = org.post(f"{srv.url}/org/result", timeout=10, data={
            "csrf": csrf(org, srv.url, "/org"), "table": table, "result": result}).text
    assert words in html.unescape(page)
    with store.connect(path) as conn:  # refused everywhere: nothing recorded
        assert all(m.result is None for m in store.read_matches(conn) if m.player2)
