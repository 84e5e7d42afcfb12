"""Sign-up sheets and decklists in Spanish: a Google Forms export headed in Spanish registers
every row with its deck, decks pasted with Spanish section headers are read (``tt event
register --from``, ``tt deck check-batch``, ``tt deck validate``), and the header words are
data, one table per language."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from event_helpers import Tt

from tt_organizer.cli.main import cli
from tt_organizer.decklist.parsed import MAIN, PILE
from tt_organizer.decklist.sections import SECTION_WORDS, classify_header
from tt_organizer.events.sheet_import import read_registrations
from tt_organizer.sheets.columns import ROSTER_WORDS, find_roster, header_key
from tt_organizer.sheets.reading import read_table

SHEETS = Path(__file__).parent / "fixtures" / "real" / "sheets"
FORM_CSV = SHEETS / "formulario-inscripcion.csv"
FORM_XLSX = SHEETS / "formulario-inscripcion.xlsx"
NAMES = ["Nicolás Álvarez", "Sofía Pérez", "José Martínez", "Ángel Zúñiga", "Mateo Rodríguez",
         "Camila Núñez"]


def _tt(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == code, (args, result.output)
    return result.stdout


@pytest.mark.parametrize("sheet", [FORM_CSV, FORM_XLSX], ids=["csv", "xlsx"])
def test_a_spanish_google_form_registers_every_row_with_its_deck(tmp_path: Path,
                                                                 sheet: Path) -> None:
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Torneo")
    out = tt.json("register", "--from", str(sheet))
    assert (out["new"], out["refused"]) == (6, 0)
    assert [r["name"] for r in out["rows"]] == NAMES
    assert all(r["player"]["legal"] and r["status"] == "legal" for r in out["rows"])
    by_name = {p["name"]: p for p in tt.json("players")}
    assert by_name["Nicolás Álvarez"]["ext_id"] == "1100234567"
    assert by_name["Camila Núñez"]["ext_id"] is None
    assert by_name["Sofía Pérez"]["deck"] == f"{sheet.name} row 3"


def test_the_columns_a_spanish_form_names() -> None:
    roster = find_roster(read_table(FORM_CSV))
    assert roster is not None
    assert roster.roles == {"name": 2, "ext_id": 3, "deck": 4, "submitted": 0}


def test_spanish_headers_are_compared_without_case_accents_or_punctuation(
        tmp_path: Path) -> None:
    sheet = tmp_path / "f.csv"
    sheet.write_text("MARCA TEMPORAL;¿NÚMERO DE MIEMBRO?;Jugador;Mazo\n"
                     "2026/11/28 10:02:11 p. m. GMT-3;77;Lía;\n", encoding="utf-8")
    rows = read_registrations(sheet)
    assert [(r.name, r.ext_id) for r in rows] == [("Lía", "77")]
    assert header_key("¿Número de miembro (Bandai ID)?") == "numero de miembro bandai id"


def test_the_time_of_a_spanish_answer_orders_two_answers(tmp_path: Path) -> None:
    """Sofía answers again at 11:30 a. m., before her 10:15 p. m. answer but on a lower row:
    her p. m. answer counts (read as 22:15, not 10:15, and not by row)."""
    sheet = tmp_path / FORM_CSV.name
    rows = list(csv.reader(FORM_CSV.open(encoding="utf-8", newline="")))
    again = list(rows[2])
    again[0] = "2026/11/28 11:30:00 a.\u00a0m. GMT-3"
    again[4] = "1 BT1-010"  # a deck nobody would keep
    with sheet.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([*rows, again])
    got = read_registrations(sheet)
    assert [(r.row, r.name) for r in got if r.name == "Sofía Pérez"] == [(3, "Sofía Pérez")]
    assert [(r.row, r.by) for r in got.replaced] == [(8, 3)]
    assert got.notes == []


@pytest.mark.parametrize("sheet", [FORM_CSV, FORM_XLSX], ids=["csv", "xlsx"])
def test_check_batch_reads_a_spanish_form_as_one_deck_a_row(sheet: Path) -> None:
    out = json.loads(_tt("deck", "check-batch", str(sheet), "--json"))
    assert (out["decks"], out["legal"], out["unreadable"]) == (6, 6, 0)
    assert [d["player"] for d in out["rows"]] == NAMES
    assert [d["source"].rsplit(":", 1)[1] for d in out["rows"]] == [f"row {n}"
                                                                     for n in range(2, 8)]


# ------------------------------------------------------------------ Spanish section headers



@pytest.mark.parametrize(("header", "kind"), [
    ("Mazo principal (50)", MAIN), ("// Mazo Principal: 50", MAIN), ("Opciones (6)", MAIN),
    ("Digimon y Opciones", MAIN), ("Lista del mazo:", MAIN), ("Sección principal", MAIN),
    ("Tamers y Digi-Egg", PILE), ("Pila Tamer + Digi-Egg (8)", PILE), ("Huevos", PILE),
    ("Digi-Huevos", PILE), ("Mazo Digi-Egg", PILE), ("Mazo de huevos (5)", PILE),
    ("Domadores", PILE), ("Banquillo", "skip"), ("Agumon", None), ("Mazo Agumon", None),
])
def test_spanish_section_headers(header: str, kind: str | None) -> None:
    assert classify_header(header) == kind


def test_a_deck_with_spanish_sections_validates(tmp_path: Path) -> None:
    legal = (Path(__file__).parent / "fixtures" / "batch" / "legal.txt").read_text()
    main, pile = legal.split("// Tamer + Digi-Egg pile\n")
    deck = tmp_path / "mazo.txt"
    deck.write_text("Mazo principal (50)\n" + main.split("\n", 1)[1]
                    + "Pila Tamer + Digi-Egg (9)\n" + pile, encoding="utf-8")
    [out] = json.loads(_tt("deck", "validate", str(deck), "--json"))
    assert out["legal"] is True
    # the pile header put the eggs and the Tamers in the pile
    assert sum(out["pile"].values()) == 9
    assert sum(out["main"].values()) == 50
    # a Tamer under the main header is in the wrong zone: the header was read as a zone
    deck.write_text("Mazo principal (51)\n" + main.split("\n", 1)[1] + "1 Tai Kamiya BT1-085\n"
                    + "Huevos\n" + pile.replace("1 Tai Kamiya BT1-085\n", ""), encoding="utf-8")
    [out] = json.loads(_tt("deck", "validate", str(deck), "--json", code=1))
    assert "WRONG_ZONE" in [e["code"] for e in out["errors"]]
    assert out["pile"] == {"BT2-084": 1, "BT4-092": 1, "BT6-087": 1, "BT7-085": 1,
                           "BT1-001": 2, "BT1-002": 2}


def test_header_words_are_data_per_language() -> None:
    """A language is a table of words (no code): every role has its Spanish (and Chinese)
    words."""
    assert set(ROSTER_WORDS) == {"en", "es", "zh"} == set(SECTION_WORDS)
    for lang in ("es", "zh"):
        assert set(ROSTER_WORDS[lang]) == set(ROSTER_WORDS["en"])
        assert {"main", "pile", "skip", "filler"} <= set(SECTION_WORDS[lang])


# ------------------------------------------------------------------ answers sent again

def _form_with(tmp_path: Path, *extra: tuple[str, str, str, str]) -> Path:
    """The Spanish form with rows appended: (time, name, id, deck)."""
    sheet = tmp_path / FORM_CSV.name
    rows = list(csv.reader(FORM_CSV.open(encoding="utf-8", newline="")))
    for when, name, ext_id, deck in extra:
        rows.append([when, "x@example.com", name, ext_id, deck, ""])
    with sheet.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    return sheet


LEGAL = (Path(__file__).parent / "fixtures" / "batch" / "legal.txt").read_text()
# another legal deck: one Kokatorimon less, one Nuclear Laser more
OTHER_DECK = LEGAL.replace("4 Kokatorimon BT1-014", "3 Kokatorimon BT1-014\n1 BT1-092")


def test_an_answer_sent_again_without_accents_is_the_same_player(tmp_path: Path) -> None:
    """Row 8: Nicolás again, same id, typed without accents and in lower case, with another
    deck: one player, the later deck, the accented spelling kept."""
    deck = OTHER_DECK
    sheet = _form_with(tmp_path, ("2026/12/01 8:00:00 a. m. GMT-3", "nicolas alvarez",
                                  "1100234567", deck))
    got = read_registrations(sheet)
    assert [(r.row, r.by) for r in got.replaced] == [(2, 8)]
    nico = next(r for r in got if r.ext_id == "1100234567")
    assert (nico.row, nico.name, nico.deck_text) == (8, "Nicolás Álvarez", deck)
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Torneo")
    out = tt.json("register", "--from", str(sheet))
    assert (out["new"], out["replaced"], out["refused"]) == (6, 1, 0)
    players = tt.json("players")
    assert [p["name"] for p in players if p["ext_id"] == "1100234567"] == ["Nicolás Álvarez"]
    assert len(players) == 6


def test_a_better_spelling_is_kept_either_way() -> None:
    from tt_organizer.events.sheet_import import better_spelling

    assert better_spelling("Mateo Rodríguez", "mateo rodríguez") == "Mateo Rodríguez"
    assert better_spelling("Mateo Rodríguez", "Mateo Rodriguez") == "Mateo Rodríguez"
    assert better_spelling("mateo rodriguez", "Mateo Rodríguez") == "Mateo Rodríguez"
    assert better_spelling("MATEO RODRIGUEZ", "Mateo Rodriguez") == "Mateo Rodriguez"
    # equal in looks: the later answer's
    assert better_spelling("Mateo Rodríguez", "Mateo Rodríguez ") == "Mateo Rodríguez "


def test_a_sheet_imported_again_finds_the_player_by_their_folded_name(tmp_path: Path) -> None:
    """The first import registered Nicolás; the grown sheet has his answer again without
    accents (same id): updated, not a second player, not a refusal."""
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Torneo")
    tt.json("register", "--from", str(_form_with(tmp_path)))
    deck = OTHER_DECK
    sheet = _form_with(tmp_path, ("2026/12/01 8:00:00 a. m. GMT-3", "Nicolas Alvarez",
                                  "1100234567", deck))
    out = tt.json("register", "--from", str(sheet))
    assert (out["new"], out["updated"], out["refused"]) == (0, 1, 0), out
    assert [p["name"] for p in tt.json("players")].count("Nicolás Álvarez") == 1


def test_another_name_on_the_same_id_refuses_that_row_alone(tmp_path: Path) -> None:
    sheet = _form_with(tmp_path, ("2026/12/01 8:00:00 a. m. GMT-3", "Nico Suárez",
                                  "1100234567", LEGAL))
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Torneo")
    result = tt("register", "--from", str(sheet), code=1)
    out = result.stdout
    assert "6 new" in out and "1 refused" in out
    refusal = next(line for line in out.splitlines() if line.startswith("row 8"))
    assert "Nicolás Álvarez" in refusal and "row 2" in refusal and "Nico Suárez" in refusal
    assert "1100234567" in refusal
    names = [p["name"] for p in tt.json("players")]
    assert "Nico Suárez" not in names and "Nicolás Álvarez" in names
    other = Tt(tmp_path / "e2.sqlite")
    other("create", "Torneo")
    rows = json.loads(other("register", "--from", str(sheet), "--json", code=1).stdout)["rows"]
    assert [(r["row"], r["action"]) for r in rows] == [(n, "new") for n in range(2, 8)] + [
        (8, "refused")]


def test_the_id_is_the_player_s_who_gave_it_first(tmp_path: Path) -> None:
    """Nico Suárez (row 8) gives Nicolás's id; Nicolás answers again on row 9: the id is
    Nicolás's (his first answer, row 2, came first), row 8 is refused, naming both."""
    sheet = _form_with(tmp_path, ("2026/12/01 8:00:00 a. m. GMT-3", "Nico Suárez", "1100234567",
                                  ""),
                       ("2026/12/01 9:00:00 a. m. GMT-3", "NICOLAS ALVAREZ", "1100234567", ""))
    rows = {r.row: r for r in read_registrations(sheet)}
    assert rows[9].name == "Nicolás Álvarez" and rows[9].refusal is None
    refusal = rows[8].refusal
    assert refusal is not None and refusal.code == "id-taken"
    # the hint also holds the message's parameters (tt_organizer.errors.TTError)
    assert refusal.hint.items() >= {"id": "1100234567", "name": "Nicolás Álvarez",
                                     "row": 2}.items()
    assert "Nico Suárez" in str(refusal) and "row 8" in str(refusal)


def test_a_row_without_a_deck_imported_again_says_no_deck(tmp_path: Path) -> None:
    sheet = _form_with(tmp_path, ("2026/12/01 8:00:00 a. m. GMT-3", "Lía Gómez", "", ""))
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Torneo")
    tt("register", "--from", str(sheet))
    out = tt("register", "--from", str(sheet)).stdout
    assert "row 8: unchanged — #7 Lía Gómez: no deck" in out
    assert "row 2: unchanged — #1 Nicolás Álvarez: deck legal" in out


@pytest.mark.parametrize(("header", "row"), [
    ("Marca temporal,Nombre,Apellido,ID de Bandai", "2026/11/28 10:02:11 p. m. GMT-3,Lía,"
     "Gómez Paz,77"),
    ("Timestamp,First name,Last name,Bandai ID", "3/14/2026 18:02:41,Lía,Gómez Paz,77"),
    ("Nombres,Apellidos", "Lía,Gómez Paz"),
])
def test_a_first_name_and_a_surname_column_are_joined(tmp_path: Path, header: str,
                                                      row: str) -> None:
    sheet = tmp_path / "f.csv"
    sheet.write_text(f"{header}\n{row}\n", encoding="utf-8")
    assert [r.name for r in read_registrations(sheet)] == ["Lía Gómez Paz"]


def test_a_full_name_column_is_not_joined_to_a_surname(tmp_path: Path) -> None:
    sheet = tmp_path / "f.csv"
    sheet.write_text("Nombre completo,Apellido\nLía Gómez Paz,Gómez Paz\n", encoding="utf-8")
    assert [r.name for r in read_registrations(sheet)] == ["Lía Gómez Paz"]
