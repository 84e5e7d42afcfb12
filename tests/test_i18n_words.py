"""Words at the edge in Spanish: zone names with their article, colours that agree, real
plural forms, one word for one idea; English and JSON unchanged."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.print_helpers import make_event
from tt_organizer import i18n
from tt_organizer.errors import EventError
from tt_organizer.events import rounds, store
from tt_organizer.i18n import NMsg, PMsg, Term, translate

ROOT = Path(__file__).resolve().parent.parent
TT = str(Path(sys.executable).with_name("tt"))
SAMPLE = str(ROOT / "samples" / "illegal-deck.txt")
PO = ROOT / "tt_organizer" / "locale" / "es" / "LC_MESSAGES" / "tt.po"


def tt(*args: str, lang: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``tt`` in a fresh process under ``LANG=lang``."""
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}
    env.update({"LANG": lang, "COLUMNS": "200", "NO_COLOR": "1"})
    return subprocess.run([TT, *args], capture_output=True, text=True, env=env, check=False,
                          cwd=cwd)


def test_zone_names_take_their_article_and_the_option_colour_agrees() -> None:
    es = tt("deck", "validate", SAMPLE, lang="es_ES.UTF-8").stdout
    assert ("WRONG_ZONE BT6-087 Tai Kamiya es una carta Tamer en el mazo principal: va en la "
            "pila Tamer + Digi-Egg") in es
    assert "MAIN_SIZE el mazo principal tiene 51 cartas; debe tener exactamente 50" in es
    assert ("COLOR_REQUIREMENT BT5-109 Mega Digimon Fusion! (Option blanca): ningún Digimon en "
            "el mazo principal ni Tamer en la pila Tamer + Digi-Egg es blanco, así que solo "
            "sirve por su efecto de seguridad") in es
    assert "Mazo principal (51 cartas)" in es  # a heading keeps the name alone, capitalised
    en = tt("deck", "validate", SAMPLE, lang="C").stdout
    assert ("BT5-109 Mega Digimon Fusion! (White Option): no White Digimon in the Main deck or "
            "Tamer in the Tamer + Digi-Egg pile, so it can only be used for its security "
            "effect") in en
    assert "is a Tamer card in the Main deck: it belongs in the Tamer + Digi-Egg pile" in en


def test_a_term_in_a_context_falls_back_to_its_plain_word() -> None:
    with i18n.using("es"):
        assert translate(Term("Main deck", i18n.ZONE)) == "el mazo principal"
        assert translate(Term("Main deck")) == "Mazo principal"
        assert translate(Term("Red/White", i18n.CARD_COLOUR)) == "roja/blanca"
        assert translate(Term("Red", i18n.BEING_COLOUR)) == "rojo"
        # no form in the context: the word alone, not the English
        assert translate(Term("Blanco-only word", i18n.ZONE)) == "Blanco-only word"
        assert translate(Term("Tamers", i18n.ZONE)) == "Tamers"
    with i18n.using("en"):
        assert translate(Term("Main deck", i18n.ZONE)) == "Main deck"


def test_counted_messages_have_real_plural_forms() -> None:
    def unreported(n: int, tables: str) -> EventError:  # as events/rounds.py raises it
        return EventError("round-unreported", round=2, results=NMsg(
            "results for table(s) {tables}", "results for table(s) {tables}", n, tables=tables))

    one, two = unreported(1, "4"), unreported(2, "4, 5")
    assert str(one) == "round 2 still misses results for table(s) 4"
    with i18n.using("es"):
        assert one.shown() == "a la ronda 2 todavía le falta el resultado de la mesa 4"
        assert two.shown() == ("a la ronda 2 todavía le faltan los resultados de las "
                               "mesas 4, 5")
        shown = {n: i18n.ngettext("{points} pts", "{points} pts", n).format(points=n)
                 for n in (1, 3)}
        assert shown == {1: "1 punto", 3: "3 puntos"}
        assert i18n.ngettext("{n} new", "{n} new", 3).format(n=3) == "3 nuevas"  # rows
        assert i18n.ngettext("{n} illegal", "{n} illegal", 2).format(n=2) == "2 no legales"
        either = PMsg("after a negation", "{a} or {b}", a="x", b="y")
        assert either.translate() == "x ni y" and str(either) == "x or y"


def test_a_refused_pairing_counts_its_tables_in_spanish(tmp_path: Path) -> None:
    path = make_event(tmp_path / "e.sqlite", 8, rounds=1)  # round 1 paired, none reported
    with store.connect(path) as conn, pytest.raises(EventError) as refused:
        rounds.pair_next_round(conn)
    assert str(refused.value) == "round 1 still misses results for table(s) 1, 2, 3, 4"
    with i18n.using("es"):
        assert refused.value.shown() == (
            "a la ronda 1 todavía le faltan los resultados de las mesas 1, 2, 3, 4")
    out = tt("--language", "es", "event", "pair", "--event", str(path), lang="C")
    assert out.returncode == 2
    assert "a la ronda 1 todavía le faltan los resultados de las mesas 1, 2, 3, 4" in out.stderr


def test_no_catalog_word_left_from_the_fixed_list() -> None:
    """The fixes of issue 36's "wrong or unnatural" list stay in: one word for one idea."""
    with PO.open("rb") as f:
        catalog = read_po(f, locale="es")
    strings = []
    for m in catalog:
        if m.id:
            strings += [m.string] if isinstance(m.string, str) else list(m.string)
    text = "\n".join(strings)
    for wrong in ("(s)", "(es)", "Id juntos", "siembra", "sembró", "línea de órdenes",
                  "Escrito ", "permitir ilegal", "Digi-Eggs", "autoriza", "entrada tardía",
                  "tardío", "socio", "lista inscrita", "mazo registrado", "informa", "Informa",
                  "cuadro", "Nv"):
        assert wrong not in text, wrong
    shown = {m.id: m.string for m in catalog if isinstance(m.id, str)}
    assert shown["Subject"] == "Afecta a" and shown["Lv"] == "Nivel"
    assert shown["Wrote {file}"] == "Guardado en {file}"
    assert shown["Bracket round"] == "Ronda de la llave"


def test_the_correct_advice_names_its_placeholder_in_spanish(tmp_path: Path) -> None:
    path = make_event(tmp_path / "e.sqlite", 8, rounds=1)
    assert tt("event", "report", "1", "2-0", "--event", str(path), lang="C").returncode == 0
    es = tt("event", "report", "1", "2-0", "--event", str(path), lang="es_MX.UTF-8")
    assert ("la mesa 1 de la ronda 1 ya se reportó como 2-0; usa `tt event correct 1 1 "
            "RESULTADO` para cambiarlo") in es.stderr
    en = tt("event", "report", "1", "2-0", "--event", str(path), lang="C")
    assert "use `tt event correct 1 1 RESULT` to change it" in en.stderr


@pytest.mark.parametrize(("lang", "percent", "number"), [
    ("es_MX.UTF-8", "33.00%", "12.5"),       # Mexico: a decimal point, no space
    ("es_ES.UTF-8", "33,00\xa0%", "12,5"),   # Spain: a decimal comma, a space before %
    ("es_AR.UTF-8", "33,00%", "12,5"),
    ("en_US.UTF-8", "33.00%", "12.5"),
])
def test_numbers_follow_the_readers_full_locale(monkeypatch: pytest.MonkeyPatch, lang: str,
                                                percent: str, number: str) -> None:
    for var in i18n.NUMBERS_ENVIRONMENT:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", lang)
    with i18n.using(None):
        assert i18n.format_percent(0.33, 2) == percent
        assert i18n.format_number(12.5, 1) == number


def test_a_region_named_with_the_language_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "es_ES.UTF-8")
    with i18n.using("es-MX"):
        assert i18n.locale_name() == "es_MX" and i18n.format_percent(0.5, 1) == "50.0%"
    with i18n.using("es"):  # an event's language alone: the environment's region
        assert i18n.locale_name() == "es_ES" and i18n.format_percent(0.5, 1) == "50,0\xa0%"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")  # another language's region is not taken
    with i18n.using("es"):
        assert i18n.locale_name() == "es"


def test_standings_print_the_locales_percentages(tmp_path: Path) -> None:
    path = make_event(tmp_path / "e.sqlite", 4, rounds=2)  # round 1 reported
    mx = tt("event", "standings", "--event", str(path), lang="es_MX.UTF-8").stdout
    es = tt("event", "standings", "--event", str(path), lang="es_ES.UTF-8").stdout
    en = tt("event", "standings", "--event", str(path), lang="C").stdout
    assert re.search(r"\b\d+\.00%", mx) and "Clasificación" in mx and ",00" not in mx
    assert re.search(r"\b\d+,00[\xa0 ]%", es) and ".00" not in es
    assert re.search(r"\b\d+\.00%", en) and "Standings" in en


@pytest.mark.parametrize(("typed", "code"), [
    ("empate", "draw"), ("E", "draw"), ("Doble  derrota", "double-loss"), ("DD", "double-loss"),
    ("doble-derrota", "double-loss"), ("draw", "draw"), ("D", "draw"),
    ("double-loss", "double-loss"), ("2-1", "2-1"),
])
def test_result_words_are_typed_in_either_language(typed: str, code: str) -> None:
    from tt_organizer.events.result_text import parse_result

    for lang in ("en", "es"):
        with i18n.using(lang):
            assert parse_result(typed, 3).text == code
            assert parse_result(typed, 1).text == code if code != "2-1" else True


def test_a_spanish_report_and_correction_say_the_words_json_keeps_the_codes(
        tmp_path: Path) -> None:
    path = make_event(tmp_path / "e.sqlite", 8, rounds=1)
    ev = ("--event", str(path))
    es = tt("event", "report", "2", "empate", *ev, lang="es_ES.UTF-8")
    assert es.returncode == 0, es.stderr
    assert "empate" in es.stdout and "draw" not in es.stdout
    out = tt("event", "correct", "1", "2", "doble derrota", *ev, lang="es_ES.UTF-8").stdout
    assert "corregido empate → doble derrota" in out
    out = tt("event", "correct", "1", "2", "E", *ev, lang="C").stdout
    assert "corrected double-loss → draw" in out
    data = tt("event", "report", "3", "DD", "--json", *ev, lang="es_ES.UTF-8").stdout
    assert '"double-loss"' in data and "doble" not in data
    refused = tt("event", "report", "4", "empatado", *ev, lang="es_ES.UTF-8")
    assert refused.returncode == 2
    assert ("el resultado 'empatado' no corresponde a una ronda al mejor de 3; usa uno de "
            "estos: 2-0, 2-1, 1-2, 0-2, 1-0, 0-1, 1-1-1, empate, doble derrota, 0-0-0, o "
            "partidas"
            ) in refused.stderr
    refused = tt("event", "report", "4", "empatado", *ev, lang="C")
    assert ("result 'empatado' does not fit best-of-3; use one of 2-0, 2-1, 1-2, 0-2, 1-0, 0-1, "
            "1-1-1, draw, double-loss, 0-0-0 or games won-lost[-drawn]") in refused.stderr


def test_setting_values_are_words_in_spanish(tmp_path: Path) -> None:
    path = str(tmp_path / "e.sqlite")
    out = tt("event", "create", "Copa", "--event", path, "--tiebreak-preset", "melee",
             "--top-cut", "0", lang="es_ES.UTF-8").stdout
    assert "rondas: automático, corte final: no," in out
    assert "partida sin terminar = empate" in out
    assert ("desempate de Melee: mínimo 1/3, byes contados, partida empatada = 1 punto, rondas "
            "no jugadas = derrotas para sus rivales, GW% propio con mínimo, sin rivales = mínimo, "
            "sin partidas = mínimo, 8 decimales por rival, 7 decimales") in out
    assert "Idioma del evento: español" in tt("event", "settings", "--event", path,
                                             lang="es_MX.UTF-8").stdout
    assert "Event language: Spanish" in tt("event", "settings", "--event", path, lang="C").stdout
    status = tt("event", "status", "--event", path, lang="es_ES.UTF-8").stdout
    assert ", sin corte final" in status
    en = tt("event", "create", "Cup", "--event", str(tmp_path / "en.sqlite"), lang="C").stdout
    assert ("tiebreak policy rulebook: floor=0.33, byes=excluded, drawn-game=1, "
            "missed-rounds=losses, own-gw=floored") in en and "unfinished = draw" in en
    rulebook = tt("event", "create", "Copa", "--event", str(tmp_path / "r.sqlite"),
                  lang="es_ES.UTF-8").stdout
    assert "desempate del reglamento: mínimo 0,33, byes excluidos" in rulebook


def test_prefixes_paper_and_later_rounds_in_spanish(tmp_path: Path) -> None:
    path = make_event(tmp_path / "e.sqlite", 8, rounds=3)  # rounds 1-2 reported, 3 paired
    ev = ("--event", str(path))
    printed = tt("event", "print", "slips", "--paper", "letter", "--out",
                 str(tmp_path / "s.pdf"), *ev, lang="es_ES.UTF-8")
    assert "(1 página, carta)" in printed.stdout or "páginas, carta)" in printed.stdout
    fixed = tt("event", "correct", "1", "2", "2-0", "--override", *ev, lang="es_ES.UTF-8")
    assert fixed.returncode == 0, fixed.stderr
    assert ("aviso: ronda 2, ronda 3: se emparejaron con el resultado anterior (1-2); esos "
            "emparejamientos no cambian") in fixed.stderr
    assert tt("event", "report", "1", "2-0", *ev, lang="C").returncode == 0
    refused = tt("event", "report", "1", "2-0", *ev, lang="es_ES.UTF-8")
    assert refused.stderr.startswith("error: la mesa 1 de la ronda 3 ya se reportó como 2-0")
    fixed = tt("event", "correct", "1", "2", "1-2", "--override", *ev, lang="C")
    assert "warning: round 2, round 3 were paired on the old result 2-0" in fixed.stderr


def test_the_judges_log_and_the_infraction_list_in_spanish(tmp_path: Path) -> None:
    path = make_event(tmp_path / "e.sqlite", 8, rounds=1)
    ev = ("--event", str(path))
    assert tt("event", "penalties", *ev, lang="es_ES.UTF-8").stdout.strip() == (
        "Todavía no se puso ninguna penalización.")
    given = tt("event", "penalty", "Gus Ebner", "tardiness", "game-loss", *ev,
               lang="es_ES.UTF-8")
    assert given.returncode == 0, given.stderr
    assert "Gus Ebner: partida perdida (Llegar tarde, ronda 1)" in given.stdout
    log = tt("event", "penalties", *ev, lang="es_ES.UTF-8").stdout
    for words in ("Penalizaciones", "Ronda", "Jugador", "Infracción", "Penalización",
                  "Llegar tarde", "partida perdida"):
        assert words in log, words
    assert "Tardiness" not in log and "game-loss" not in log
    en = tt("event", "penalties", *ev, lang="C").stdout
    assert "Tardiness" in en and "game loss" in en and "Infraction" in en
    listed = tt("event", "infractions", lang="es_ES.UTF-8").stdout
    for words in ("Infracciones", "Categoría", "Juego lento", "Error de torneo", "advertencia"):
        assert words in listed, words
    assert "Slow play" not in listed and "Tournament error" not in listed
    data = tt("event", "infractions", "--json", lang="es_ES.UTF-8").stdout
    assert '"Slow play"' in data and "Juego lento" not in data


def test_common_refusals_are_in_spanish(tmp_path: Path) -> None:
    ev = ("--event", str(tmp_path / "event.sqlite"))
    said = tt("event", "status", *ev, lang="es_ES.UTF-8").stderr
    assert ("event.sqlite: aquí no hay ninguna base de datos de evento (crea una con "
            "`tt event create`)") in said
    assert tt("event", "create", "Copa", *ev, lang="C").returncode == 0
    said = tt("event", "create", "Copa", *ev, lang="es_ES.UTF-8").stderr
    assert "el archivo ya existe; una base de datos de evento se crea una sola vez" in said
    for name in ("Ana", "Beto", "Caro", "Dani"):
        assert tt("event", "register", name, *ev, lang="C").returncode == 0
    said = tt("event", "register", "ana", *ev, lang="es_ES.UTF-8").stderr
    assert "error: ana: ya está inscrito (como Ana)" in said
    said = tt("event", "deck", "Ana", str(tmp_path / "nada.txt"), *ev, lang="es_ES.UTF-8")
    assert "nada.txt: no se encontró el archivo" in said.stderr
    assert tt("event", "pair", *ev, lang="C").returncode == 0
    said = tt("event", "report", "1", "--winner", "Pepe", *ev, lang="es_ES.UTF-8").stderr
    assert "'Pepe' no es ninguno de los dos (revisa el número de mesa" in said
    said = tt("event", "top-cut", *ev, lang="es_ES.UTF-8").stderr
    assert "las rondas suizas no terminaron (ronda 1 de" in said
    said = tt("event", "top-cut", *ev, lang="C").stderr
    assert "the Swiss rounds are not over (round 1 of" in said


def test_clicks_own_words_are_in_spanish() -> None:
    typo = tt("event", "stauts", lang="es_ES.UTF-8")
    assert typo.returncode == 2
    assert typo.stderr.splitlines()[:2] == ["Uso: tt event [OPTIONS] COMMAND [ARGS]...",
                                            "Prueba 'tt event --help' para ver la ayuda."]
    assert "Error: No existe el comando 'stauts'. ¿Quisiste decir 'status'?" in typo.stderr
    missing = tt("event", "correct", lang="es_MX.UTF-8").stderr
    assert "Error: Falta un argumento 'ROUND'." in missing
    bad = tt("event", "penalty", "Ana", "slow-play", "ban", lang="es_ES.UTF-8").stderr
    assert "'ban' no es ninguno de estos: 'warning', 'game-loss'" in bad
    helped = tt("--language", "es", "event", "--help", lang="C").stdout
    assert "Opciones:" in helped and "Comandos:" in helped
    assert "Muestra este mensaje y termina." in helped
    en = tt("event", "stauts", lang="C").stderr
    assert "Try 'tt event --help' for help." in en and "No such command 'stauts'." in en


def test_check_in_counts_its_players_in_spanish(tmp_path: Path) -> None:
    ev = ("--event", str(tmp_path / "event.sqlite"))
    assert tt("event", "create", "Copa", *ev, lang="C").returncode == 0
    for name in ("Ana", "Beto", "Caro"):
        assert tt("event", "register", name, *ev, lang="C").returncode == 0
    out = tt("event", "check-in", "Ana", "Beto", *ev, lang="es_ES.UTF-8").stdout
    assert "2 jugadores con check-in: Ana, Beto" in out
    out = tt("event", "check-in", "Caro", *ev, lang="C").stdout
    assert "Caro: checked in" in out


def test_the_ban_list_is_shown_in_spanish() -> None:
    es = tt("banlist", "show", lang="es_MX.UTF-8")
    assert es.returncode == 0, es.stderr
    for words in ("Lista de prohibidas anunciada el", "días)", "Prohibidas (", "Restringidas (",
                  "Número", "Nombre", "Límite", "Desde", "Parejas prohibidas (",
                  "un mazo puede llevar cartas del lado A o del lado B, no de los dos"):
        assert words in es.stdout, words
    assert "Banned" not in es.stdout and "days ago" not in es.stdout
    en = tt("banlist", "show", lang="C").stdout
    assert "Ban list announced" in en and "days ago" in en and "Restricted (" in en


def test_tt_formats_reads_in_spanish_and_its_json_stays_english() -> None:
    es = tt("formats", "tamer-tactics-0.9.1", "dmcg-1999", lang="es_ES.UTF-8").stdout
    one_line = " ".join(es.split())  # rich wraps long lines
    for words in (
            "tamer-tactics-0.9.1 (predeterminado)", "(juego digimon-2020)",
            "Formato de fans: cada Digimon se une a un grupo liderado por un Tamer.",
            "Mazo principal: exactamente 50 cartas (Digimon, Option, Dual); como máximo 4 "
            "copias por número de carta [MAIN_SIZE, MAIN_COPIES]",
            "Pila Tamer + Digi-Egg, Tamers: 4–7 Tamers; todos con números de carta distintos",
            "tipos de carta: Digimon, Option, Dual solo en el mazo principal; Tamer, Digi-Egg "
            "solo en la pila Tamer + Digi-Egg [WRONG_ZONE]",
            "(advertencia salvo con --strict-colors)",
            "al menos 1 Digimon de nivel III [LEVEL_III_REQUIRED]",
            "como máximo 3 cartas con el mismo nombre", "sin lista de prohibidas"):
        assert words in one_line, words
    assert "at most" not in es and "copies" not in es and "card data" not in es
    es_json = tt("formats", "--json", lang="es_ES.UTF-8").stdout
    assert es_json == tt("formats", "--json", lang="C").stdout
    assert "exactly 50 cards (Digimon, Option, Dual); at most 4 copies per card number" in es_json


def test_workbook_values_are_words_in_the_events_language(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    from tt_organizer.events import penalties
    from tt_organizer.events.players import register_player
    from tt_organizer.events.setup import change_language
    from tt_organizer.export.workbook import export_csv, export_event

    path = make_event(tmp_path / "e.sqlite", 8, rounds=2)  # round 1 reported
    with store.connect(path) as conn:
        register_player(conn, "Hugo Pérez", deck_path=Path(SAMPLE), allow_illegal=True,
                        late=True)
        penalties.give_penalty(conn, "Gus Ebner", "tardiness", "game-loss")
        change_language(conn, "es")
        snap = store.read_snapshot(conn, str(path))

    def cells(book: Path, sheet: str) -> set[object]:
        ws = load_workbook(book)[sheet]
        return {v for row in ws.iter_rows(min_row=3, values_only=True) for v in row}

    out = export_event(snap, tmp_path / "copa.xlsx")
    results = cells(out, "Resultados")
    assert {"suiza", "gana J1", "gana J2"} <= results and "swiss" not in results
    players = cells(out, "Jugadores")
    assert {"no legal", "sin mazo", "Rojo"} <= players and "illegal" not in players
    decks = cells(out, "Listas de mazo")
    assert {"Mazo principal", "Pila Tamer + Digi-Egg", "Blanco"} <= decks
    assert "Main deck" not in decks and "White" not in decks
    judged = cells(out, "Penalizaciones")
    assert {"suiza", "Llegar tarde", "partida perdida"} <= judged
    folder = tmp_path / "csv"
    export_csv(snap, folder)  # a machine's copy: the English codes, whatever the language
    text = (folder / "results.csv").read_text(encoding="utf-8")
    assert "swiss,1," in text and ",p1," in text and "suiza" not in text
    text = (folder / "penalties.csv").read_text(encoding="utf-8")
    assert "Tardiness" in text and "game-loss" in text and "Swiss" in text


def test_the_audit_log_reads_in_spanish(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    from tt_organizer.events.audit_words import subject_words

    path = make_event(tmp_path / "e.sqlite", 4, rounds=2)  # round 1 reported
    ev = ("--event", str(path))
    es = tt("event", "log", *ev, lang="es_ES.UTF-8").stdout
    assert " · creación · evento: " in es
    assert " · inscripción · jugador 1 " in es
    assert " · emparejamiento · ronda 1: " in es and " · reporte · ronda 1, mesa 1: " in es
    en = tt("event", "log", *ev, lang="C").stdout
    assert " root create event: " in en and " report round 1 table 1: " in en
    assert (tt("event", "log", "--json", *ev, lang="es_ES.UTF-8").stdout
            == tt("event", "log", "--json", *ev, lang="C").stdout)
    assert tt("event", "settings", "--language", "es", *ev, lang="C").returncode == 0
    out = tmp_path / "e.xlsx"
    assert tt("event", "export", str(out), "--csv", str(tmp_path / "csv"), *ev,
              lang="C").returncode == 0
    ws = load_workbook(out)["Registro"]
    values = {v for row in ws.iter_rows(min_row=3, values_only=True) for v in row}
    assert {"creación", "evento", "reporte", "ronda 1, mesa 1", "idioma"} <= values
    csv = (tmp_path / "csv" / "audit.csv").read_text(encoding="utf-8")
    assert ",create,event," in csv and ",report,round 1 table 1," in csv
    with i18n.using("es"):  # names stay as written, an unknown subject as stored
        assert translate(subject_words("players Ana / Beto")) == "jugadores Ana / Beto"
        assert translate(subject_words("something new 3")) == "something new 3"


def test_rounds_not_paired_are_refused_in_spanish(tmp_path: Path) -> None:
    ev = ("--event", str(tmp_path / "event.sqlite"))
    assert tt("event", "create", "Copa", *ev, lang="C").returncode == 0
    said = tt("event", "pair", *ev, lang="es_MX.UTF-8").stderr
    assert "error: 0 jugadores activos; para emparejar hacen falta al menos 2" in said
    said = tt("event", "pairings", "--round", "2", *ev, lang="es_MX.UTF-8").stderr
    assert "todavía no hay ninguna ronda emparejada" in said
    said = tt("event", "pairings", "--top-cut", *ev, lang="es_MX.UTF-8").stderr
    assert "el corte final no empezó" in said
    path = make_event(tmp_path / "e.sqlite", 4, rounds=1)
    said = tt("event", "pairings", "--round", "5", "--event", str(path), lang="es_MX.UTF-8")
    assert "la ronda 5 no está emparejada (la ronda actual es: 1)" in said.stderr
    said = tt("event", "pairings", "--round", "5", "--event", str(path), lang="C").stderr
    assert "round 5 is not paired (current round 1)" in said


def test_a_batch_deck_check_reads_in_spanish(tmp_path: Path) -> None:
    import shutil

    for name in ("illegal-deck.txt", "legal-red-tamer-tactics.txt"):
        shutil.copy(ROOT / "samples" / name, tmp_path / name)
    es = tt("deck", "check-batch", str(tmp_path), lang="es_MX.UTF-8").stdout
    one_line = " ".join(es.split())
    for words in ("Revisión de mazos — tamer-tactics-0.9.1", "Jugador", "Veredicto",
                  "Primer mensaje", "no legal", "el mazo principal tiene 51 cartas;",
                  "2 mazos: 1 legal, 1 no legal, 0 ilegibles"):
        assert words in one_line, words
    en = " ".join(tt("deck", "check-batch", str(tmp_path), lang="C").stdout.split())
    assert "2 decks: 1 legal, 1 illegal, 0 unreadable" in en
    assert "Main deck has 51 cards" in en


def test_the_browsers_region_sets_the_numbers_of_a_page(tmp_path: Path) -> None:
    import requests

    from tests.serve_helpers import live_server

    assert i18n.negotiate_locale("es-MX,es;q=0.9,en;q=0.5", "es") == "es-MX"
    assert i18n.negotiate_locale("es;q=0.9,es-AR;q=0.8", "es") == "es-AR"
    assert i18n.negotiate_locale("en-GB,es-MX;q=0.5", "en") == "en-GB"
    assert i18n.negotiate_locale("es", "es") == "es"
    assert i18n.negotiate_locale("fr-FR", "es") == "es"
    path = make_event(tmp_path / "e.sqlite", 8, rounds=2)  # round 1 reported
    with live_server(path) as live:
        def page(accept: str) -> str:
            return requests.get(live.url + "/standings", headers={"Accept-Language": accept},
                                timeout=10).text

        mexico, spain = page("es-MX,es;q=0.9"), page("es-ES,es;q=0.9")
    assert "Clasificación" in mexico and "Clasificación" in spain
    assert re.search(r">\d+%<", mexico) and not re.search(r"\d+\xa0%", mexico)
    assert re.search(r">\d+\xa0%<", spain)
