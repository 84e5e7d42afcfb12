"""A new language is one catalog file: a Portuguese catalog dropped into a copy of the locale
folder (no code touched) is offered by ``tt --language``, ``tt event create --language``, the
web's ``Accept-Language`` and its language switch; and text in a CJK script prints in PDFs
(the sheet font is chosen by the text's script, not by a language code)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pdfplumber
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from click.testing import CliRunner

from tests.print_helpers import make_event
from tests.serve_helpers import live_server, new_event
from tt_organizer import i18n
from tt_organizer.cli.main import cli
from tt_organizer.events import result_words, store
from tt_organizer.events.players import register_player
from tt_organizer.events.setup import change_language
from tt_organizer.printing import print_event

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = str(ROOT / "samples" / "illegal-deck.txt")
# the new language's own words for a few messages; every other message keeps the Spanish text
# it was copied from (a translator's first draft)
PORTUGUESE = {"NOT LEGAL": "NÃO LEGAL", "Round {round}": "Rodada {round}",
              "Pairings": "Emparelhamentos"}


def _forget() -> None:
    """Drop what i18n and the result words read once (the languages, their catalogs)."""
    i18n._available.clear()
    i18n._catalogs.clear()
    i18n._from_environment.clear()
    result_words._typed.clear()


@pytest.fixture
def portuguese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The package's locale folder copied, with ``pt/LC_MESSAGES/tt.po`` added and compiled
    as the build would; tt reads its catalogs from the copy."""
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    with (locale / "es" / "LC_MESSAGES" / "tt.po").open("rb") as f:
        catalog = read_po(f, locale="es")
    catalog.locale = "pt"  # type: ignore[assignment]
    for msgid, text in PORTUGUESE.items():
        catalog[msgid].string = text
    (locale / "pt" / "LC_MESSAGES").mkdir(parents=True)
    with (locale / "pt" / "LC_MESSAGES" / "tt.po").open("wb") as f:
        write_po(f, catalog)
    with (locale / "pt" / "LC_MESSAGES" / "tt.mo").open("wb") as f:  # as the build does
        write_mo(f, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(locale))
    _forget()
    yield locale
    _forget()


def test_a_new_catalog_is_a_new_language_everywhere(portuguese: Path, tmp_path: Path) -> None:
    assert "pt" in i18n.available()
    runner = CliRunner()
    said = runner.invoke(cli, ["--language", "pt", "deck", "validate", SAMPLE])
    assert said.exit_code == 1 and "NÃO LEGAL" in said.output
    refused = runner.invoke(cli, ["--language", "xx", "deck", "validate", SAMPLE])
    assert refused.exit_code == 2 and "en, es, pt, zh" in refused.output

    event = tmp_path / "e.sqlite"
    made = runner.invoke(cli, ["event", "create", "Copa", "--event", str(event),
                               "--language", "pt", "--rounds", "3"])
    assert made.exit_code == 0, made.output
    with store.connect(event) as conn:
        assert store.read_settings(conn).language == "pt"

    served = new_event(tmp_path / "web.sqlite")
    with live_server(served) as live:
        page = live.get("/", headers={"Accept-Language": "pt-BR,pt;q=0.9,en;q=0.5"})
        assert page.headers["Content-Language"] == "pt"
        assert "<h1>Rodada 1</h1>" in page.text
        assert "português" in page.text  # the switch names it from Babel's locale data
        assert "<h1>Round 1</h1>" in live.get("/", headers={"Accept-Language": "en"}).text


def test_the_shipped_languages_name_themselves() -> None:
    shown = dict(i18n.languages_shown())
    assert shown["en"] == "English" and shown["es"] == "español" and shown["zh"] == "中文"


def _pdf_text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def test_chinese_text_prints_in_pdfs_of_any_language(tmp_path: Path) -> None:
    path = make_event(tmp_path / "cup.sqlite", 7, rounds=2)
    with store.connect(path) as conn:
        register_player(conn, "李小龙", late=True)
        register_player(conn, "José Núñez", late=True)
        snap = store.read_snapshot(conn, str(path))
    english = _pdf_text(print_event(snap, "standings", tmp_path / "en.pdf", paper="a4").path)
    assert "李小龙" in english and "José Núñez" in english and "?" not in english
    with store.connect(path) as conn:
        change_language(conn, "zh")
        snap = store.read_snapshot(conn, str(path))
    chinese = _pdf_text(print_event(snap, "pairings", tmp_path / "zh.pdf", paper="a4").path)
    assert "选手 1" in chinese and "李小龙" in chinese and "?" not in chinese


def test_the_cjk_font_draws_every_character_tt_sets_in_it() -> None:
    """The characters ``layout`` sets in STSong-Light all have a glyph in it: each is in the
    font's Unicode map (UniGB-UCS2-H, as pdfminer ships it)."""
    from pdfminer.cmapdb import CMapDB

    from tt_organizer.printing import layout

    codes: set[int] = set()

    def walk(node: dict, prefix: bytes) -> None:  # type: ignore[type-arg]
        for byte, value in node.items():
            if isinstance(value, dict):
                walk(value, prefix + bytes([byte]))
            elif len(prefix) == 1:
                codes.add(int.from_bytes(prefix + bytes([byte]), "big"))

    walk(CMapDB.get_cmap("UniGB-UCS2-H").code2cid, b"")  # type: ignore[attr-defined]
    drawn = {c for c in range(0x3000, 0x10000) if layout._CJK.match(chr(c))}
    assert len(drawn) > 20000 and drawn <= codes
    assert {ord(c) for c in layout._CJK_ALSO} | set(range(0x20, 0x7F)) <= codes
    fonts = layout.fonts()
    assert fonts.clean("李 · Ćwik ⺀") == "李 ・ ?wik ?"  # no glyph: a ? as for any font
