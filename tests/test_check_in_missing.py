"""`tt event check-in --missing`: who has not checked in yet, the no-shows, by name; JSON too;
nothing changed."""

from __future__ import annotations

from pathlib import Path

from tests.event_helpers import Tt, dump
from tt_organizer.events import check_in, store


def _event(tmp_path: Path) -> Tt:
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Copa", "--seed", "2")
    for name, ext in (("Zoë Xu", None), ("Ángel Zúñiga", "1100567890"), ("Ben", None),
                      ("Cy", None), ("Dee", None)):
        tt("register", name, *(("--id", ext) if ext else ()))
    return tt


def test_missing_lists_who_is_still_to_come(tmp_path: Path) -> None:
    tt = _event(tmp_path)
    tt("check-in", "ben", "dee")
    tt("check-in", "--no-show", "cy")
    before = dump(tt.path)
    out = tt("check-in", "--missing").stdout
    assert dump(tt.path) == before  # nothing changed
    assert out.splitlines() == ["2 not checked in:", "  #2 Ángel Zúñiga (1100567890)",
                                "  #1 Zoë Xu", "1 no-show:", "  #4 Cy", "checked in 2/5"]
    got = tt.json("check-in", "--missing")
    assert [p["name"] for p in got["not_checked_in"]] == ["Ángel Zúñiga", "Zoë Xu"]
    assert got["not_checked_in"][0] == {"id": 2, "name": "Ángel Zúñiga", "ext_id": "1100567890"}
    assert [p["name"] for p in got["no_shows"]] == ["Cy"]
    assert (got["checked_in_count"], got["players"], got["check_in_over"]) == (2, 5, False)
    tt("check-in", "zoe xu", "angel zuniga")
    out = tt("check-in", "--missing").stdout
    assert "not checked in" not in out and "1 no-show:" in out and "checked in 4/5" in out
    tt("pair")  # Cy is set aside
    got = tt.json("check-in", "--missing")
    assert got["set_aside"] == ["Cy"] and got["check_in_over"] is True
    assert got["not_checked_in"] == [] and got["no_shows"] == []
    assert "round 1 is paired: check-in is over" in tt("check-in", "--missing").stdout


def test_missing_with_nobody_checked_in_and_a_dropped_player(tmp_path: Path) -> None:
    tt = _event(tmp_path)
    tt("drop", "Ben")
    with store.connect(tt.path) as conn:
        found = check_in.missing(conn)
    assert [p.name for p in found.waiting] == ["Ángel Zúñiga", "Cy", "Dee", "Zoë Xu"]
    assert found.checked_in == 0


def test_missing_takes_no_names(tmp_path: Path) -> None:
    tt = _event(tmp_path)
    err = tt("check-in", "--missing", "Ben", code=2).stderr
    assert "--missing" in err and "Traceback" not in err
    everyone = Tt(tmp_path / "empty.sqlite")
    everyone("create", "Vacío")
    assert "nobody is registered" in everyone("check-in", "--missing").stdout
