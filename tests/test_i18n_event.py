"""An event in Spanish: printed sheets, workbooks and round names in the event's language,
read back (PDF text, xlsx cells); the Spanish export imported again; JSON unchanged."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
from openpyxl import load_workbook

from tests.print_helpers import make_event
from tt_organizer import i18n
from tt_organizer.errors import EventError
from tt_organizer.events import setup, store
from tt_organizer.events.final_placings import bracket_round_name
from tt_organizer.events.players import register_player
from tt_organizer.events.setup import change_language
from tt_organizer.export.workbook import export_event
from tt_organizer.printing import print_event

ROOT = Path(__file__).resolve().parent.parent
TT = str(Path(sys.executable).with_name("tt"))
DECK = ROOT / "samples" / "illegal-deck.txt"


@pytest.fixture
def spanish(tmp_path: Path) -> Path:
    """Eight players, round 2 paired (round 1 reported), the event in Spanish."""
    path = make_event(tmp_path / "copa.sqlite", 8, rounds=2)
    with store.connect(path) as conn:
        register_player(conn, "Hugo Pérez", deck_path=DECK, allow_illegal=True,
                                late=True)
        assert change_language(conn, "es").language == "es"
    return path


def _pdf_text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def test_the_language_is_stored_and_changed(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    assert setup.create_event(path, "Copa", language="es_AR").language == "es"
    with store.connect(path) as conn:
        assert store.read_settings(conn).language == "es"
        with pytest.raises(EventError) as refused:
            change_language(conn, "klingon")
        assert refused.value.code == "bad-language"
        assert change_language(conn, "en").language == "en"
        assert [a.action for a in store.read_snapshot(conn, str(path)).audit][-1] == "language"


def test_printed_sheets_are_in_spanish(spanish: Path, tmp_path: Path) -> None:
    with store.connect(spanish) as conn:
        snap = store.read_snapshot(conn, str(spanish))
    texts = {}
    for kind in ("pairings", "slips", "standings", "decklists"):
        out = print_event(snap, kind, tmp_path / f"{kind}.pdf", paper="a4")
        texts[kind] = _pdf_text(out.path)
    assert "Ronda 2 de" in texts["pairings"]
    assert "emparejamientos por mesa" in texts["pairings"]
    assert "Mesa" in texts["pairings"] and "Jugador 1" in texts["pairings"]
    assert "Mesa 1" in texts["slips"] and "Partida 1" in texts["slips"]
    assert "Empezó" in texts["slips"] and "E = empate" in texts["slips"]
    # after the current round, as `tt event standings` says, which is in progress
    assert "Clasificación tras la ronda 2 (ronda 2 en curso: 0 de" in texts["standings"]
    assert "Puesto" in texts["standings"] and "V-D-E" in texts["standings"]
    assert "," in texts["standings"] and "%" in texts["standings"]
    assert "100,00 %" in texts["standings"] or "0,00 %" in texts["standings"]
    assert "Revisión de mazo — Hugo Pérez" in texts["decklists"]
    assert "Mazo principal" in texts["decklists"] and "NO LEGAL" in texts["decklists"]
    assert "Mega Digimon Fusion!" in texts["decklists"]  # card names as printed
    for text in texts.values():
        assert "página 1 de" in text
        assert "Round" not in text and "Table" not in text


def test_an_english_event_prints_in_english_whatever_the_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    monkeypatch.setenv("LANGUAGE", "es")
    assert i18n.current() == "es"
    path = make_event(tmp_path / "cup.sqlite", 4, rounds=1)
    with store.connect(path) as conn:
        snap = store.read_snapshot(conn, str(path))
    text = _pdf_text(print_event(snap, "pairings", tmp_path / "p.pdf", paper="a4").path)
    assert "Round 1 of" in text and "pairings by table" in text


def test_the_workbook_is_in_spanish_and_reads_back(spanish: Path, tmp_path: Path) -> None:
    with store.connect(spanish) as conn:
        snap = store.read_snapshot(conn, str(spanish))
    out = export_event(snap, tmp_path / "copa.xlsx")
    wb = load_workbook(out)
    assert wb.sheetnames[:3] == ["Clasificación", "Emparejamientos R1", "Emparejamientos R2"]
    assert "Listas de mazo" in wb.sheetnames and "Jugadores" in wb.sheetnames
    pairing = wb["Emparejamientos R2"]
    assert [c.value for c in pairing[2]][:5] == ["Ronda", "Mesa", "Jugador 1", "Puntos J1",
                                                 "Jugador 2"]
    assert "exportado" in pairing["A1"].value
    assert pairing.oddFooter.center.text == "Página &P de &N"
    # the organizer types the results into the Spanish sheet; the import reads them
    header = [c.value for c in pairing[2]]
    result_col = header.index("Resultado") + 1
    rows = 0
    for row in range(3, pairing.max_row + 1):
        if pairing.cell(row, 5).value:  # a table with two players
            pairing.cell(row, result_col).value = "2-1"
            rows += 1
    wb.save(tmp_path / "typed.xlsx")
    from tt_organizer.events.sheet_import import record_results_sheet

    with store.connect(spanish) as conn:
        assert record_results_sheet(conn, tmp_path / "typed.xlsx") == rows
        assert all(m.outcome for m in store.read_snapshot(conn, "").round_matches(2))


def test_round_names() -> None:
    with i18n.using("es"):
        assert [bracket_round_name(n, shown=True) for n in (8, 4, 2, 16)] == [
            "cuartos de final", "semifinal", "final", "ronda de 16"]
        assert bracket_round_name(8) == "quarter-final"  # what JSON carries


def _tt(*args: str, lang: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}
    env.update({"LANG": lang, "COLUMNS": "200", "NO_COLOR": "1"})
    return subprocess.run([TT, *args], capture_output=True, env=env, cwd=cwd, check=False)


@pytest.mark.parametrize("command", [
    ("event", "standings", "--json"), ("event", "pairings", "--json"),
    ("event", "status", "--json"), ("event", "players", "--json"),
    ("event", "settings", "--json"), ("event", "report", "1", "9-9", "--json"),
    ("event", "settings", "--language", "fr", "--json"),
])
def test_event_json_and_exit_codes_are_the_same_in_every_language(
        spanish: Path, command: tuple[str, ...]) -> None:
    args = (*command, "--event", str(spanish))
    en = _tt(*args, lang="C", cwd=spanish.parent)
    es = _tt(*args, lang="es_ES.UTF-8", cwd=spanish.parent)
    forced = _tt("--language", "es", *args, lang="C", cwd=spanish.parent)
    assert en.returncode == es.returncode == forced.returncode
    assert en.stdout == es.stdout == forced.stdout
    if en.returncode == 0:
        json.loads(en.stdout)


def test_event_commands_speak_the_readers_language(tmp_path: Path) -> None:
    """create, register, players, drop, pair, report, correct, status, print: Spanish words
    under a Spanish locale, English under C; a player without colours shows an empty cell."""
    def run(*args: str, lang: str) -> str:
        done = _tt(*args, "--event", str(tmp_path / f"{lang}.sqlite"), lang=lang, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        return done.stdout.decode() + done.stderr.decode()

    said: dict[str, str] = {}
    for lang in ("C", "es_ES.UTF-8"):
        out = run("event", "create", "Copa", "--rounds", "2", lang=lang)
        for name in ("Ana", "Beto", "Carla", "Dani", "Eva"):
            out += run("event", "register", name, lang=lang)
        out += run("event", "players", lang=lang)
        out += run("event", "drop", "Eva", lang=lang)
        out += run("event", "pair", lang=lang)
        out += run("event", "report", "1", "1-0", lang=lang)
        out += run("event", "correct", "1", "1", "0-1", lang=lang)
        out += run("event", "status", lang=lang)
        out += run("event", "print", "pairings", lang=lang)
        said[lang] = out
    en, es = said["C"], said["es_ES.UTF-8"]
    for words in ("Created event Copa", "Registered #1 Ana: no deck", "5 players",
                  "Dropped Eva before round 1", "Round 1 of 2", "Player 1",
                  "corrected 1-0 → 0-1", "players: 5 registered, 4 active",
                  "no deck: 4 player(s) play without a registered deck"):
        assert words in en
    for words in ("Evento Copa creado", "Inscrito #1 Ana: sin mazo", "5 jugadores",
                  "Eva se retira antes de la ronda 1", "Ronda 1 de 2", "Jugador 1",
                  "corregido 1-0 → 0-1", "jugadores: 5 inscritos, 4 activos",
                  "sin mazo: 4 jugadores juegan sin un mazo inscrito"):
        assert words in es
    assert "Project-Id-Version" not in es  # an empty word is not looked up in the catalog
