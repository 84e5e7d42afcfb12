"""People's names as organizers and players type them: case and accents aside everywhere a
name is typed (every command through ``find_player``, the phone search), ambiguity refused
with both names, the closest names suggested; sorted by a collation key."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.event_helpers import Tt
from tests.serve_helpers import live_server, new_event
from tt_organizer.errors import EventError
from tt_organizer.events import players, setup, store
from tt_organizer.names import fold, match_name, sort_key, suggest

NAMES = ("José Martínez", "Sofía Pérez", "Ángel Zúñiga", "Tomás Ibáñez", "Zoë Xu",
         "Bea Álvarez", "Øyvind Ærø", "Carla Díaz")


# ------------------------------------------------------------------ the library

def test_fold() -> None:
    assert fold("  José   MARTÍNEZ ") == "jose martinez"
    assert fold("Ibáñez") == "ibanez" and fold("Øyvind Ærø") == "oyvind aero"
    assert fold("Straße") == "strasse"
    assert fold("O'Brien") != fold("OBrien")  # punctuation stays


def test_match_name() -> None:
    people = {"José Martínez": 1, "Sofía Pérez": 2, "Jose Martin": 3}
    assert match_name("jose martinez", people).found == 1
    assert match_name("SOFIA perez", people).found == 2
    assert match_name("Jose Martin", people).found == 3
    none = match_name("Jose Martines", people)
    assert none.found is None and none.suggestions[0] == "José Martínez"
    # two names fold the same: the one spelt exactly so wins, otherwise both are named
    twins = {"José Martínez": 1, "Jose Martinez": 2}
    assert match_name("José Martínez", twins).found == 1
    assert match_name("jose martinez", twins).found == 2  # spelt so, up to case
    assert match_name("JOSÉ MARTINEZ", twins).ambiguous == ["Jose Martinez", "José Martínez"]


def test_suggest_a_first_name_alone() -> None:
    assert suggest("tomas", NAMES) == ["Tomás Ibáñez"]
    assert suggest("qqqq", NAMES) == []


def test_sort_key_puts_accented_initials_with_their_letter() -> None:
    assert sorted(NAMES, key=sort_key) == [
        "Ángel Zúñiga", "Bea Álvarez", "Carla Díaz", "José Martínez", "Øyvind Ærø",
        "Sofía Pérez", "Tomás Ibáñez", "Zoë Xu"]
    assert sorted(["José", "jose", "Jose"], key=sort_key) == ["Jose", "jose", "José"]


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "e.sqlite"
    setup.create_event(path, "Copa", seed=3, rounds=3, top_cut=0)
    with store.connect(path) as conn:
        for name in NAMES:
            players.register_player(conn, name)
    return path


def test_find_player_case_and_accents_aside(event: Path) -> None:
    with store.connect(event) as conn:
        assert players.find_player(conn, "jose martinez").name == "José Martínez"
        assert players.find_player(conn, "ANGEL ZUNIGA").name == "Ángel Zúñiga"
        assert players.find_player(conn, "oyvind aero").name == "Øyvind Ærø"
        with pytest.raises(EventError) as info:
            players.find_player(conn, "Tomas Ibanes")
        assert info.value.code == "no-player"
        assert info.value.hint["suggestions"] == ["Tomás Ibáñez"]
        assert "did you mean Tomás Ibáñez?" in str(info.value)
        players.register_player(conn, "Jose Martinez")  # another person, spelt without accents
        assert players.find_player(conn, "Jose Martinez").name == "Jose Martinez"
        assert players.find_player(conn, "José Martínez").name == "José Martínez"
        with pytest.raises(EventError) as info:
            players.find_player(conn, "jose martínez")
        assert info.value.code == "ambiguous-player"
        assert "Jose Martinez" in str(info.value) and "José Martínez" in str(info.value)


# ------------------------------------------------------------------ every command

def test_every_command_finds_a_name_typed_without_accents(tmp_path: Path) -> None:
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Copa", "--seed", "5", "--rounds", "3", "--top-cut", "0")
    for name in NAMES:
        tt("register", name)
    deck = Path(__file__).parent / "fixtures" / "batch" / "legal.txt"
    assert "José Martínez" in tt("deck", "jose martinez", str(deck)).stdout
    out = tt.json("check-in", "Jose Martinez", "sofia perez", "ANGEL zuniga", "tomas ibanez",
                  "zoe xu", "bea alvarez", "oyvind aero", "carla diaz")
    assert (out["checked_in_count"], out["players"]) == (8, 8)
    tt("avoid", "jose martinez", "sofia perez")
    tt("pair")
    rows = tt.json("pairings")
    seated = {n: r for r in rows for n in (r["player1"], r["player2"])}
    assert seated["José Martínez"] is not seated["Sofía Pérez"]  # kept apart
    # swap José with a player of another table, both typed without accents
    table = seated["José Martínez"]
    other = next(r for r in rows if r is not table)
    partner = other["player1"]
    tt("pairings", "--swap", "jose martinez", fold(partner))
    seated = {n: r for r in tt.json("pairings") for n in (r["player1"], r["player2"])}
    assert seated["José Martínez"]["table"] == other["table"]
    assert seated[partner]["table"] == table["table"]
    # report by the winner's name, without accents: the score from José's side
    table = seated["José Martínez"]
    tt("report", str(table["table"]), "--winner", "jose martinez", "2-1")
    result = next(r for r in tt.json("pairings") if r["table"] == table["table"])["result"]
    assert result == ("2-1" if table["player1"] == "José Martínez" else "1-2")
    # a penalty, a drop and an undrop, by names without accents
    given = tt.json("penalty", "sofia perez", "unsporting-conduct-minor", "warning")
    assert "Sofía Pérez" in json.dumps(given, ensure_ascii=False)
    assert tt.json("drop", "carla diaz")["name"] == "Carla Díaz"
    assert tt.json("undrop", "CARLA DIAZ")["name"] == "Carla Díaz"
    # nothing matches: the closest name is suggested
    err = tt.refused("drop", "Tomas Ibanes", match="did you mean Tomás Ibáñez?")
    assert "Traceback" not in err


def test_two_players_folding_alike_are_refused_by_name_both_named(tmp_path: Path) -> None:
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Copa")
    tt("register", "José Martínez")
    tt("register", "Jose Martinez")
    err = tt.refused("drop", "jose martínez", match="could be")
    assert "Jose Martinez" in err and "José Martínez" in err
    err = tt.refused("check-in", "JOSÉ MARTINEZ", match="could be")
    assert "Jose Martinez" in err and "José Martínez" in err
    # each is found by their own spelling
    assert tt.json("check-in", "José Martínez")["checked_in"] == 1


# ------------------------------------------------------------------ the phone search

def _visible(html: str) -> list[str]:
    """The names of the lines a page shows (not hidden)."""
    return re.findall(r'<li data-name="[^"]*" data-table="[^"]*">.*?<b class="name">([^<]+)</b>',
                      html, re.S)


def test_the_phone_search_finds_names_without_accents(tmp_path: Path) -> None:
    event = new_event(tmp_path / "e.sqlite", NAMES)
    with live_server(event) as srv:
        for typed, name in (("jose", "José Martínez"), ("sofia", "Sofía Pérez"),
                            ("angel", "Ángel Zúñiga"), ("ZUNIGA", "Ángel Zúñiga"),
                            ("oyvind", "Øyvind Ærø")):
            page = srv.get("/", params={"q": typed})
            assert page.status_code == 200
            assert _visible(page.text) == [name], typed
        page = srv.get("/", params={"q": "tomas ibanes"})
        assert _visible(page.text) == []
        assert 'id="suggest"' in page.text and "Tomás Ibáñez</a>?" in page.text
        assert "Did you mean" in page.text
        page = srv.get("/", params={"q": "qqqq"})
        assert 'id="suggest"' not in page.text
        # every name folded for the page's own filter (app.js compares folded text)
        assert 'data-name="jose martinez"' in srv.get("/").text


def test_the_phone_search_in_a_browser(tmp_path: Path) -> None:
    from tests.browser import chromium, have_chromium

    if not have_chromium():
        pytest.skip("chromium is not installed")
    event = new_event(tmp_path / "e.sqlite", NAMES)
    with live_server(event) as srv, chromium() as browser:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(srv.url + "/")
        page.fill("#search", "Ángel")
        assert page.locator("li:not(.hidden) b.name").all_inner_texts() == ["Ángel Zúñiga"]
        page.fill("#search", "sofia")
        assert page.locator("li:not(.hidden) b.name").all_inner_texts() == ["Sofía Pérez"]
        page.fill("#search", "ØYVIND")
        assert page.locator("li:not(.hidden) b.name").all_inner_texts() == ["Øyvind Ærø"]
        page.fill("#search", "aero")
        assert page.locator("li:not(.hidden) b.name").all_inner_texts() == ["Øyvind Ærø"]
        page.fill("#search", "zzzz")
        assert page.locator("li:not(.hidden)").count() == 0
        assert page.locator("#nomatch").is_visible()




# ------------------------------------------------------------------ sorted by collation

SORTED = ["Ángel Zúñiga", "Bea Álvarez", "Carla Díaz", "José Martínez", "Øyvind Ærø",
          "Sofía Pérez", "Tomás Ibáñez", "Zoë Xu"]


def test_every_sheet_sorts_names_by_collation(tmp_path: Path) -> None:
    """Ángel sorts with the A's on the wall sheet (workbook and PDF), the registration sheet
    and the decklists sheet, not after Zoë."""
    import pdfplumber
    from openpyxl import load_workbook

    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Copa", "--seed", "5", "--rounds", "3", "--top-cut", "0")
    deck = Path(__file__).parent / "fixtures" / "batch" / "legal.txt"
    for name in reversed(NAMES):
        tt("register", name, "--deck", str(deck))
    tt("pair")
    wall = tmp_path / "wall.xlsx"
    tt("pairings", "--print", str(wall))
    book = load_workbook(wall, read_only=True)
    sheet = next(s for s in book.worksheets if "name" in s.title.casefold())
    names = [r[0] for r in sheet.iter_rows(values_only=True)
             if isinstance(r[0], str) and r[0] in NAMES]
    assert names == SORTED
    for what in ("pairings", "registration", "decklists"):
        pdf = tmp_path / f"{what}.pdf"
        tt("print", what, "-o", str(pdf))
        with pdfplumber.open(pdf) as doc:
            text = "\n".join(page.extract_text() or "" for page in doc.pages)
        at = [text.find(n) for n in SORTED]
        assert all(i >= 0 for i in at), (what, at)
        if what == "pairings":  # the by-name page comes first: each name's first mention
            assert at == sorted(at), (what, at)
        else:
            assert at == sorted(at), (what, text[:400])


def test_a_results_sheet_names_players_without_accents(tmp_path: Path) -> None:
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Copa", "--seed", "5", "--rounds", "3", "--top-cut", "0")
    for name in NAMES:
        tt("register", name)
    tt("pair")
    rows = tt.json("pairings")
    sheet = tmp_path / "Round 1.csv"
    lines = ["Mesa,Jugador 1,Jugador 2,Resultado"]
    lines += [f"{r['table']},{fold(r['player1']).upper()},{fold(r['player2'])},2-0"
              for r in rows]
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tt("report", "--from", str(sheet))
    assert [r["result"] for r in tt.json("pairings")] == ["2-0"] * len(rows)


def test_registering_a_name_equal_to_another_once_folded_warns(tmp_path: Path) -> None:
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Copa")
    first = tt("register", "José Martínez")
    assert "registered too" not in first.stderr
    second = tt("register", "Jose Martinez")
    assert "José Martínez is registered too" in second.stderr
    assert tt.json("register", "Ana")["look_alikes"] == []
    assert tt.json("register", "JOSE MARTÍNEZ")["look_alikes"] == ["Jose Martinez",
                                                                    "José Martínez"]
