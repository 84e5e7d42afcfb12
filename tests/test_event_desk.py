"""The registration desk (issue 26): sign-up sheets as they really arrive (a corrected second
answer, a sheet imported again as it grows), ``tt event deck``, missing decks, check-in in
bulk, no-shows set aside, late arrivals seated against the bye."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from event_helpers import Tt

from tt_organizer.events import check_in, players, queries, rounds, setup, store
from tt_organizer.events.sheet_import import read_names, read_registrations, register_sheet

FIXTURES = Path(__file__).parent / "fixtures"
# a Google Forms export: Ann (legal deck), Ben (illegal deck), Chloé (legal), Dan (no deck)
GOOGLE_FORM = FIXTURES / "real" / "sheets" / "google-form-export.csv"
LEGAL = FIXTURES / "events" / "legal_red.txt"
BLUE = FIXTURES / "events" / "legal_blue.txt"
YELLOW = FIXTURES / "events" / "legal_yellow.txt"
ILLEGAL = FIXTURES / "events" / "illegal_short.txt"
HEADER = ["Timestamp", "Email Address", "Full name", "Bandai TCG+ ID",
          "Paste your decklist here", "Anything else we should know?"]


@pytest.fixture
def tt(tmp_path: Path) -> Tt:
    return Tt(tmp_path / "event.sqlite")


@pytest.fixture
def conn(tmp_path: Path) -> Any:
    path = tmp_path / "lib.sqlite"
    setup.create_event(path, "Cup", seed=11, top_cut=0)
    with store.connect(path) as opened:
        yield opened


def form_rows() -> list[list[str]]:
    """The rows of the real Google Forms export (without its header)."""
    with GOOGLE_FORM.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == HEADER
    return rows[1:]


def write_form(path: Path, rows: list[list[str]]) -> Path:
    """A sheet shaped as Google Forms writes it (CRLF records, quoted multi-line answers)."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\r\n")
        writer.writerow(HEADER)
        writer.writerows(rows)
    return path


def answer(when: str, name: str, deck: Path | None, ext_id: str = "") -> list[str]:
    text = deck.read_text(encoding="utf-8") if deck is not None else ""
    return [when, f"{name.split()[0].lower()}@example.org", name, ext_id, text, ""]


# --- sign-ups as they arrive ----------------------------------------------------------------


def test_the_real_export_imports_and_a_corrected_second_answer_replaces_the_first(
        conn: Any, tmp_path: Path) -> None:
    rows = form_rows()
    # Ann sends the form again the next morning with another deck: the later answer counts
    sheet = write_form(tmp_path / "signup.csv",
                       [*rows, answer("3/16/2026 08:30:00", "Ann Aoyama", BLUE, "0000123456")])
    read = read_registrations(sheet)
    assert [(r.row, r.name) for r in read] == [(3, "Ben Brandt"), (4, "Chloé Ćwik"),
                                               (5, "Dan Dorn"), (6, "Ann Aoyama")]
    assert [(r.row, r.by) for r in read.replaced] == [(2, 6)]
    outcome = register_sheet(conn, sheet, allow_illegal=True)
    assert [(r.row, r.action, r.replaced_by) for r in outcome.rows] == [
        (2, "replaced", 6), (3, "new", None), (4, "new", None), (5, "new", None),
        (6, "new", None)]
    ann = store.read_player(conn, players.find_player(conn, "ann aoyama").id)
    assert ann is not None and ann.deck_text == BLUE.read_text(encoding="utf-8")
    assert ann.deck_source == "signup.csv row 6" and ann.ext_id == "0000123456"
    assert len(store.read_players(conn)) == 4


def test_the_timestamp_decides_which_answer_is_the_latest(conn: Any, tmp_path: Path) -> None:
    """A sheet sorted by name (not by time): the upper row is the later answer."""
    sheet = write_form(tmp_path / "sorted.csv", [
        answer("3/15/2026 09:00:00", "Eli Evans", BLUE),
        answer("3/14/2026 21:00:00", "eli evans", LEGAL),  # sent first, sorted below
        answer("3/14/2026 20:00:00", "Fay Fox", None)])
    outcome = register_sheet(conn, sheet)
    assert [(r.row, r.action, r.replaced_by) for r in outcome.rows] == [
        (2, "new", None), (3, "replaced", 2), (4, "new", None)]
    eli = players.find_player(conn, "Eli Evans")
    assert eli.name == "Eli Evans" and eli.deck_text == BLUE.read_text(encoding="utf-8")


def test_without_a_readable_timestamp_the_lower_row_counts(conn: Any, tmp_path: Path) -> None:
    plain = tmp_path / "plain.csv"
    plain.write_text("Name,Deck file\nGus,legal_red.txt\nGUS,legal_blue.txt\n", "utf-8")
    for deck in (LEGAL, BLUE):
        (tmp_path / deck.name).write_bytes(deck.read_bytes())
    outcome = register_sheet(conn, plain)
    assert [(r.row, r.action) for r in outcome.rows] == [(2, "replaced"), (3, "new")]
    assert players.find_player(conn, "gus").deck_source == "legal_blue.txt"
    odd = tmp_path / "odd.csv"  # a timestamp column that does not read as times
    odd.write_text("Timestamp,Name\nyesterday,Hal\nsoon,hal\n", "utf-8")
    read = read_registrations(odd)
    assert [r.row for r in read] == [3] and any("lower row" in n for n in read.notes)


def test_a_grown_sheet_registers_new_rows_updates_changed_decks_and_leaves_the_rest(
        conn: Any, tmp_path: Path) -> None:
    rows = form_rows()
    sheet = write_form(tmp_path / "signup.csv", rows)
    first = register_sheet(conn, sheet, allow_illegal=True)
    assert (first.count("new"), first.count("refused")) == (4, 0)
    log_size = len(store.read_audit(conn))
    again = register_sheet(conn, sheet, allow_illegal=True)  # the same sheet: nothing to do
    assert [r.action for r in again.rows] == ["unchanged"] * 4
    assert len(store.read_audit(conn)) == log_size
    # the sheet grows: Chloé corrects her list (same row, edited), Eli and Fay sign up
    rows[2][4] = YELLOW.read_text(encoding="utf-8")
    write_form(sheet, [*rows, answer("3/16/2026 10:00:00", "Eli Evans", LEGAL),
                       answer("3/16/2026 10:05:00", "Fay Fox", None)])
    grown = register_sheet(conn, sheet, allow_illegal=True)
    assert [(r.row, r.action) for r in grown.rows] == [
        (2, "unchanged"), (3, "unchanged"), (4, "updated"), (5, "unchanged"), (6, "new"),
        (7, "new")]
    assert (grown.count("new"), grown.count("updated"), grown.count("unchanged")) == (2, 1, 3)
    chloe = players.find_player(conn, "Chloé Ćwik")
    assert chloe.deck_text == YELLOW.read_text(encoding="utf-8") and chloe.deck_legal
    deck_log = [a for a in store.read_audit(conn) if a.action == "deck"
                and a.subject.endswith("Chloé Ćwik")]
    assert json.loads(deck_log[-1].old) == {"source": "signup.csv row 4"}  # it replaced
    # once round 2 is paired a changed deck is refused (it needs `deck --override`)
    for name in ("Eli Evans", "Fay Fox"):
        store.audit(conn, "test", name, None, None)
    for _ in range(2):
        rounds.pair_next_round(conn)
        for m in queries.round_matches(conn, "swiss", store.current_round(conn)):
            if m.result is None:
                from tt_organizer.events.entering import report_result

                report_result(conn, m.table, "2-0")
    rows[0][4] = YELLOW.read_text(encoding="utf-8")
    write_form(sheet, rows)
    late = register_sheet(conn, sheet, allow_illegal=True)
    ann = late.rows[0]
    assert ann.action == "refused" and ann.error is not None
    assert ann.error.code == "deck-locked"
    assert [r.action for r in late.rows[1:]] == ["unchanged"] * 3


def test_register_from_a_grown_sheet_exits_0_with_the_counts(tt: Tt, tmp_path: Path) -> None:
    tt("create", "Cup", "--seed", "3")
    rows = form_rows()
    sheet = write_form(tmp_path / "signup.csv", rows)
    out = tt("register", "--from", str(sheet), code=1).stdout  # Ben's deck is illegal
    assert "3 new, 0 updated, 0 unchanged, 1 refused" in out
    rows[1][4] = LEGAL.read_text(encoding="utf-8")  # Ben sends a legal list
    write_form(sheet, [*rows, answer("3/16/2026 10:00:00", "Eli Evans", None),
                       answer("3/16/2026 11:00:00", "Dan Dorn", BLUE)])  # Dan's list at last
    out = tt("register", "--from", str(sheet)).stdout
    assert out.splitlines()[-1] == "2 new, 1 updated, 2 unchanged, 1 replaced"
    assert "row 5: replaced — Dan Dorn's later answer on row 7 counts" in out
    assert "row 7: updated" in out and "row 6: legal — Registered" not in out
    shown = tt.json("register", "--from", str(sheet))
    assert {k: shown[k] for k in ("new", "updated", "unchanged", "replaced", "refused")} == {
        "new": 0, "updated": 0, "unchanged": 5, "replaced": 1, "refused": 0}
    assert [(r["row"], r["action"]) for r in shown["rows"]] == [
        (2, "unchanged"), (3, "unchanged"), (4, "unchanged"), (5, "replaced"),
        (6, "unchanged"), (7, "unchanged")]
    assert shown["rows"][3]["replaced_by"] == 7
    assert shown["rows"][6 - 2]["player"]["name"] == "Eli Evans"


# --- tt event deck --------------------------------------------------------------------------


def test_deck_gives_and_replaces_a_deck_checked_and_logged(tt: Tt) -> None:
    tt("create", "Cup", "--seed", "3")
    tt("register", "Eli Evans")
    tt("register", "Fay", "--deck", str(LEGAL))
    refused = tt("register", "Eli Evans", "--deck", str(LEGAL), code=2).stderr
    assert "already registered" in refused
    out = tt("deck", "eli evans", str(LEGAL)).stdout
    assert "Eli Evans now has deck legal_red.txt: legal" in out
    out = tt("deck", "Eli Evans", str(BLUE)).stdout
    assert "replaced legal_red.txt with deck legal_blue.txt: legal" in out
    tt.refused("deck", "Eli Evans", str(ILLEGAL), match="is not legal")
    shown = tt.json("deck", "Eli Evans", str(ILLEGAL), "--allow-illegal")
    assert (shown["name"], shown["deck"], shown["legal"]) == ("Eli Evans", "illegal_short.txt",
                                                              False)
    assert shown["replaced"] == "legal_blue.txt" and shown["deck_report"]["legal"] is False
    tt.refused("deck", "Nobody", str(LEGAL), match="no player named 'Nobody'")
    # standard input
    result = tt.runner.invoke(__import__("tt_organizer.cli.main", fromlist=["cli"]).cli,
                              ["event", "deck", "Fay", "-"], input=YELLOW.read_text("utf-8"),
                              env={"TT_EVENT": str(tt.path)})
    assert result.exit_code == 0, result.output
    assert "replaced legal_red.txt with deck <stdin>: legal" in result.stdout
    log = [e for e in tt.json("log") if e["action"] == "deck"]
    assert json.loads(log[-1]["old"]) == {"source": "legal_red.txt", "legal": True}
    assert json.loads(log[-1]["new"])["source"] == "<stdin>"
    assert "give or replace" in tt("deck", "--help").stdout.lower() or \
        "replace theirs" in tt("deck", "--help").stdout


def test_a_deck_changes_after_round_1_only_with_override(tt: Tt) -> None:
    tt("create", "Cup", "--seed", "3")
    for name in ("Ann", "Ben", "Cat", "Dan"):
        tt("register", name)
    tt("pair")
    tt("deck", "Ann", str(LEGAL))  # during round 1: still open
    for table in (1, 2):
        tt("report", str(table), "2-0")
    tt("pair")
    err = tt.refused("deck", "Ben", str(LEGAL), match="round 2 is paired")
    assert "only with --override" in err
    out = tt("deck", "Ben", str(LEGAL), "--override").stdout
    assert "(override, logged)" in out
    logged = [e for e in tt.json("log") if e["action"] == "deck"][-1]
    assert json.loads(logged["new"])["override"] is True


# --- missing decks --------------------------------------------------------------------------


def test_status_and_pair_name_the_players_without_a_deck(tt: Tt) -> None:
    tt("create", "Cup", "--seed", "3")
    tt("register", "Ann", "--deck", str(LEGAL))
    tt("register", "Eli Evans")
    tt("register", "Cat", "--deck", str(BLUE))
    tt("register", "Dan")
    status = tt("status").stdout
    assert "no deck (2): Eli Evans, Dan" in status
    res = tt("pair")
    assert "no deck: 2 player(s) play without a registered deck: Eli Evans, Dan" in res.stderr
    tt("deck", "Dan", str(YELLOW))
    assert "no deck (1): Eli Evans" in tt("status").stdout
    assert tt.json("status")["no_deck"] == ["Eli Evans"]


def test_an_event_that_requires_decks_refuses_to_pair_without_them(tt: Tt) -> None:
    out = tt("create", "Cup", "--seed", "3", "--require-decks").stdout
    assert "every player needs a deck" in out
    assert tt.json("status")["players"] == 0
    tt("register", "Ann", "--deck", str(LEGAL))
    tt("register", "Eli Evans")
    tt("register", "Cat", "--deck", str(BLUE))
    err = tt.refused("pair", match="1 player(s) have no deck and this event requires one: "
                                   "Eli Evans")
    assert "tt event deck NAME FILE" in err
    tt("deck", "Eli Evans", str(YELLOW))
    assert "no deck" not in tt("pair").stderr
    settings = json.loads(json.loads(tt("log", "--json").stdout)[0]["new"])
    assert settings["require_decks"] is True


# --- check-in in bulk -----------------------------------------------------------------------


def test_check_in_many_names_at_once_and_status_counts_them(tt: Tt) -> None:
    tt("create", "Cup", "--seed", "3")
    for name in ("Ann", "Ben", "Cat", "Dan", "Eli Evans", "Fay"):
        tt("register", name)
    assert "checked in 0/6" in tt("status").stdout
    out = tt("check-in", "Ann", "ben", "Cat").stdout
    assert "3 checked in: Ann, Ben, Cat" in out and "checked in 3/6" in out
    assert "checked in 3/6" in tt("status").stdout
    assert tt.json("status")["checked_in"] == 3
    # one unknown name refuses the whole list, nothing changes
    err = tt.refused("check-in", "Dan", "Zed", "Yan", match="no player named 'Zed', 'Yan'")
    assert "nobody was checked in" in err
    shown = tt.json("check-in", "Dan", "Ann")
    assert shown == {"name": None, "names": ["Dan"], "already": ["Ann"], "checked_in": True,
                     "checked_in_count": 4, "players": 6}
    one = tt.json("check-in", "Fay", "--no-show")
    assert (one["name"], one["checked_in"]) == ("Fay", False)
    assert "no-show: Fay" in tt("status").stdout
    tt("check-in", code=2)  # nobody named
    assert "NAME" in tt("check-in", "--help").stdout


def test_check_in_from_a_list_or_the_sign_up_sheet(tt: Tt, tmp_path: Path) -> None:
    tt("create", "Cup", "--seed", "3")
    tt("register", "--from", str(GOOGLE_FORM), "--allow-illegal")
    tt("register", "Eli Evans")
    names = tmp_path / "here.txt"
    names.write_text("# at the door\nAnn Aoyama\n\n  ben   brandt \n", encoding="utf-8")
    assert read_names(names) == ["Ann Aoyama", "ben brandt"]
    assert "checked in 2/5" in tt("check-in", "--from", str(names)).stdout
    # the sign-up sheet itself: everyone on it
    assert "checked in 4/5" in tt("check-in", "--from", str(GOOGLE_FORM)).stdout
    one_column = tmp_path / "col.csv"
    one_column.write_text("Eli Evans\r\nDan Dorn\r\n", encoding="utf-8")
    assert read_names(one_column) == ["Eli Evans", "Dan Dorn"]
    shown = tt.json("check-in", "--from", str(one_column))
    assert shown["names"] == ["Eli Evans"] and shown["already"] == ["Dan Dorn"]
    assert shown["checked_in_count"] == 5


def test_a_no_show_is_set_aside_and_comes_back_late_with_their_deck(tt: Tt) -> None:
    tt("create", "Cup", "--seed", "3")
    tt("register", "--from", str(GOOGLE_FORM), "--allow-illegal")
    tt("register", "Eli Evans")
    tt("check-in", "Ann Aoyama", "Ben Brandt", "Dan Dorn", "Eli Evans")
    tt("check-in", "Chloé Ćwik", "--no-show")
    res = tt("pair")
    assert "removed before round 1" in res.stderr and "Chloé Ćwik" in res.stderr
    status = tt("status").stdout
    assert "set aside at check-in (late-entry brings them back): Chloé Ćwik" in status
    assert "Chloé Ćwik" not in [p["name"] for p in tt.json("players")]
    out = tt("late-entry", "chloé ćwik").stdout  # no --deck: the deck was kept
    assert "Chloé Ćwik (id 0000654321): deck google-form-export.csv row 4 legal" in out
    chloe = next(p for p in tt.json("players") if p["name"] == "Chloé Ćwik")
    assert chloe["legal"] is True and chloe["ext_id"] == "0000654321"
    assert tt.json("status")["set_aside"] == []
    log = [e for e in tt.json("log") if e["action"] in ("no-show", "set-aside")]
    assert [e["action"] for e in log] == ["no-show", "set-aside"]


# --- late arrivals --------------------------------------------------------------------------


def test_a_late_arrival_in_round_1_plays_the_bye_player(tt: Tt) -> None:
    tt("create", "Cup", "--seed", "5")
    for name in ("A1", "B2", "C3", "D4", "E5"):
        tt("register", name)
    tt("pair")
    bye = next(p for p in tt.json("pairings") if p["player2"] is None)
    shown = tt.json("late-entry", "H8")
    assert shown["missed_rounds"] == [] and shown["seated_at_table"] == bye["table"]
    assert shown["late_entry_round"] == 1
    table = next(p for p in tt.json("pairings") if p["table"] == bye["table"])
    assert (table["player1"], table["player2"], table["result"]) == (bye["player1"], "H8", None)
    assert all(p["player2"] is not None for p in tt.json("pairings"))
    assert tt.json("status")["missing"] == [1, 2, 3]
    for t in (1, 2, 3):
        tt("report", str(t), "2-1")
    standings = {s["player"]: s for s in tt.json("standings")}
    assert standings["H8"]["points"] == 0 and standings[bye["player1"]]["points"] == 3


def test_late_arrivals_in_a_later_round_and_without_a_bye(tt: Tt, conn: Any) -> None:
    tt("create", "Cup", "--seed", "5", "--rounds", "5")
    for name in ("A1", "B2", "C3", "D4", "E5", "F6"):
        tt("register", name)
    tt("pair")
    for t in (1, 2, 3):
        tt("report", str(t), "2-0")
    tt("pair")
    out = tt("late-entry", "H8").stdout  # six players: no bye to take
    assert "a loss for round(s) 1, 2" in out and "seated" not in out
    err = tt.refused("pairings", "--set", "2", "A1", "H8",
                     match="H8 entered late and has a loss for missing round 2")
    assert "table 0" not in err
    for t in (1, 2, 3):
        tt("report", str(t), "2-0")
    tt("pair")  # round 3: seven players, a bye
    bye = next(p for p in tt.json("pairings") if p["player2"] is None)
    shown = tt.json("late-entry", "I9")
    assert shown["missed_rounds"] == [1, 2] and shown["seated_at_table"] == bye["table"]
    assert shown["late_entry_round"] == 3
    # a round already over: the late entry plays from the next round
    for p in tt.json("pairings"):
        if p["result"] is None:
            tt("report", str(p["table"]), "1-2")
    later = tt.json("late-entry", "J10")
    assert later["missed_rounds"] == [1, 2, 3] and later["seated_at_table"] is None


def test_a_granted_bye_is_not_taken_by_a_late_arrival(conn: Any) -> None:
    from tt_organizer.events import constraints

    for name in ("A", "B", "C", "D", "E"):
        players.register_player(conn, name)
    constraints.set_bye_rounds(conn, "A", [1])  # an invited player: the others pair evenly
    rounds.pair_next_round(conn)
    reg = players.late_entry(conn, "Late")
    assert reg.seated is None and reg.missed_rounds == [1]


# --- the day: forty players from a form -------------------------------------------


def test_forty_players_from_a_form_through_check_in_and_late_arrivals(tt: Tt,
                                                                       tmp_path: Path) -> None:
    decks = [LEGAL, BLUE, YELLOW]
    names = [f"Player {n:02d}" for n in range(1, 41)]
    rows = [answer(f"3/14/2026 {9 + n // 60}:{n % 60:02d}:00", name, decks[n % 3] if n % 7
                   else None, f"{100000 + n}") for n, name in enumerate(names)]
    # Player 09 corrects the answer an hour later (another deck)
    rows.append(answer("3/14/2026 11:30:00", "Player 09", YELLOW, "100008"))
    sheet = write_form(tmp_path / "responses.csv", rows)
    tt("create", "Forty", "--seed", "26", "--rounds", "6")
    out = tt("register", "--from", str(sheet)).stdout
    assert out.splitlines()[-1] == "40 new, 0 updated, 0 unchanged, 1 replaced"
    # two more answers arrive; the sheet is imported again
    rows += [answer("3/14/2026 11:40:00", "Player 41", LEGAL, "100041"),
             answer("3/14/2026 11:45:00", "Player 42", BLUE, "100042")]
    write_form(sheet, rows)
    out = tt("register", "--from", str(sheet)).stdout
    assert out.splitlines()[-1] == "2 new, 0 updated, 40 unchanged, 1 replaced"
    without = [n for k, n in enumerate(names) if not k % 7]
    assert tt.json("status")["no_deck"] == without
    for name in without:
        tt("deck", name, str(LEGAL))
    assert tt.json("status")["no_deck"] == []
    # 39 of 42 are at the door: one list, one command
    here = [*names[:38], "Player 41"]
    listed = tmp_path / "door.txt"
    listed.write_text("\n".join(here) + "\n", encoding="utf-8")
    assert "checked in 39/42" in tt("check-in", "--from", str(listed)).stdout
    tt("check-in", "Player 39", "--no-show")
    assert "checked in 39/42" in tt("status").stdout
    res = tt("pair")
    assert "3 player(s)" in res.stderr  # Player 39, 40 and 42 set aside
    round1 = tt.json("pairings")
    assert len(round1) == 20 and sum(p["player2"] is None for p in round1) == 1
    # Player 39 arrives after all: no file needed, and the bye player gets an opponent
    shown = tt.json("late-entry", "Player 39")
    assert shown["legal"] is True and shown["missed_rounds"] == []
    assert shown["seated_at_table"] == 20
    assert all(p["player2"] is not None for p in tt.json("pairings"))
    late = tt.json("late-entry", "Player 40")  # no bye left: a loss for round 1
    assert late["missed_rounds"] == [1] and late["seated_at_table"] is None
    for p in tt.json("pairings"):
        tt("report", str(p["table"]), "2-1")
    round2 = tt.json("pair")
    seated = {x for p in round2 for x in (p["player1"], p["player2"]) if x}
    assert {"Player 39", "Player 40"} <= seated and len(seated) == 41


def test_the_library_check_in_is_one_transaction(conn: Any) -> None:
    for name in ("Ann", "Ben"):
        players.register_player(conn, name)
    done = check_in.check_in(conn, ["Ann", "Ben", "ann"])
    assert [p.name for p in done.players] == ["Ann", "Ben"]
    assert (done.checked_in, done.registered) == (2, 2)
    before = dump_conn(conn)
    with pytest.raises(Exception, match="no player named 'Cy'"):
        check_in.check_in(conn, ["Ben", "Cy"], no_show=True)
    assert dump_conn(conn) == before


def dump_conn(conn: Any) -> str:
    out = io.StringIO()
    for line in conn.iterdump():
        out.write(line + "\n")
    return out.getvalue()



def test_a_late_sign_up_sheet_brings_a_no_show_back_with_their_deck(conn: Any,
                                                                     tmp_path: Path) -> None:
    sheet = write_form(tmp_path / "signup.csv", form_rows())
    register_sheet(conn, sheet, allow_illegal=True)
    check_in.check_in(conn, ["Ann Aoyama", "Ben Brandt", "Dan Dorn"])
    rounds.pair_next_round(conn)
    assert check_in.set_aside_players(conn) == ["Chloé Ćwik"]
    late = tmp_path / "late.csv"
    late.write_text("Name\nChloé Ćwik\n", encoding="utf-8")
    outcome = register_sheet(conn, late, late=True)
    [row] = outcome.rows
    assert row.action == "new" and row.registration is not None
    chloe = row.registration.player
    assert chloe.deck_source == "signup.csv row 4" and chloe.ext_id == "0000654321"
    assert check_in.set_aside_players(conn) == []
