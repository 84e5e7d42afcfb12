"""The message catalogs: complete, placeholders kept, every shown message extracted; the
language chosen from the environment and ``tt --language``; machine output unchanged."""

from __future__ import annotations

import ast
import importlib.util
import io
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tt_organizer import i18n

ROOT = Path(__file__).resolve().parent.parent
TT = str(Path(sys.executable).with_name("tt"))
SAMPLE = str(ROOT / "samples" / "illegal-deck.txt")

# modules whose every user-facing literal goes through the catalog
CONVERTED = ["tt_organizer/cli/render.py", "tt_organizer/formats/validator.py",
             "tt_organizer/formats/name_check.py",
             "tt_organizer/printing/__init__.py", "tt_organizer/printing/pairings.py",
             "tt_organizer/printing/slips.py", "tt_organizer/printing/standings_sheet.py",
             "tt_organizer/printing/decklists.py", "tt_organizer/printing/grid.py",
             "tt_organizer/printing/registration.py", "tt_organizer/cli/setting_words.py",
             "tt_organizer/cli/click_words.py"]


def _scripts() -> object:
    spec = importlib.util.spec_from_file_location(
        "update_catalogs", ROOT / "scripts" / "update_catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _po(lang: str) -> object:
    with (ROOT / "tt_organizer" / "locale" / lang / "LC_MESSAGES" / "tt.po").open("rb") as f:
        return read_po(f, locale=lang)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _ids(catalog: object) -> set[object]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0])
            for m in catalog if m.id}  # type: ignore[attr-defined]


LANGUAGES = [lang for lang in i18n.available() if lang != i18n.DEFAULT]


def test_spanish_has_a_catalog() -> None:
    assert "es" in LANGUAGES


def test_the_template_holds_every_message_the_package_shows() -> None:
    """A message marked in the code but missing from tt.pot: run scripts/update_catalogs.py."""
    extracted = _ids(_scripts().extract())  # type: ignore[attr-defined]
    with (ROOT / "tt_organizer" / "locale" / "tt.pot").open("rb") as f:
        template = _ids(read_po(f))
    assert extracted - template == set(), "run scripts/update_catalogs.py"
    assert template - extracted == set(), "run scripts/update_catalogs.py"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated(lang: str) -> None:
    catalog = _po(lang)
    extracted = _ids(_scripts().extract())  # type: ignore[attr-defined]
    assert extracted - _ids(catalog) == set()
    untranslated = [m.id for m in catalog if m.id and (  # type: ignore[attr-defined]
        not m.string or (isinstance(m.string, tuple) and not all(m.string)) or m.fuzzy)]
    assert untranslated == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_are_the_same_in_every_language(lang: str) -> None:
    for m in _po(lang):  # type: ignore[attr-defined]
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        if not any(strings):  # untranslated: test_every_message_is_translated says so
            continue
        wanted = set().union(*(_fields(x) for x in ids))
        if len(ids) == 1:
            assert _fields(strings[0]) == wanted, (m.id, strings[0])
            continue
        # plural forms: each form uses some of the English forms' fields, all together all of
        # them (click's "Did you mean {possibility}?" / "… one of: {possibilities}?")
        for text in strings:
            assert _fields(text) <= wanted, (m.id, text)
        if len(strings) == 1:  # a language of one form (zh): the English plural's fields
            assert _fields(strings[0]) >= _fields(ids[-1]), (m.id, strings)
            continue
        assert set().union(*(_fields(x) for x in strings)) == wanted, (m.id, strings)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_is_the_catalog(lang: str) -> None:
    """The .mo the build hook wrote is the .po's (stale: reinstall, ``pip install -e .``)."""
    buf = io.BytesIO()
    write_mo(buf, _po(lang))
    mo = ROOT / "tt_organizer" / "locale" / lang / "LC_MESSAGES" / "tt.mo"
    assert mo.read_bytes() == buf.getvalue()


def _shown_literals(path: Path) -> list[tuple[int, str]]:
    """String literals with words in them that are not marked for the catalog, in calls that
    show text (f-strings included), outside docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    marked: set[int] = set()
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in {"_", "gettext", "ngettext", "pgettext", "N_", "NP_", "Msg", "PMsg",
                        "NMsg"}:
                marked.update(id(a) for a in node.args)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
        if isinstance(node, ast.JoinedStr):  # its parts are checked as one text
            marked.update(id(v) for v in node.values)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values
                           if isinstance(v, ast.Constant) and isinstance(v.value, str))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in marked or id(node) in docstrings:
                continue
            text = node.value
        else:
            continue
        # words of two letters or more outside markup ([bold]), codes and module paths
        words = re.findall(r"(?<![\[/\w.:])[a-z]{3,}(?![\w.:\]])", text)
        if words and not re.fullmatch(r"[\w.:-]+", text):  # a code: top-cut, by-name
            found.append((node.lineno, text))
    return found


@pytest.mark.parametrize("module", CONVERTED)
def test_converted_modules_show_no_bare_literal(module: str) -> None:
    allowed = {"left", "right", "red", "dim", "bold", "green", "yellow", "italic",
               "bold red", "bold green", "bold yellow", "Dual"}
    left = [(n, t) for n, t in _shown_literals(ROOT / module) if t not in allowed
            and not t.startswith(("\x1b[", "  [", "\\n"))]
    assert left == [], left


def test_the_checker_sees_a_bare_literal(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('def f(x):\n    """Doc."""\n    print(f"the deck has {x} cards")\n'
                   '    return _("marked text")\n')
    assert [t for _, t in _shown_literals(bad)] == ["the deck has  cards"]


def test_language_from_the_environment() -> None:
    env = {"LANG": "es_ES.UTF-8"}
    assert i18n.from_environment(env) == "es"
    assert i18n.from_environment({"LANGUAGE": "fr:es_AR", "LANG": "C"}) == "es"
    assert i18n.from_environment({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}) == "en"
    assert i18n.from_environment({"LC_MESSAGES": "es_MX.UTF-8"}) == "es"
    assert i18n.from_environment({}) == "en"


def test_local_numbers_and_dates() -> None:
    from datetime import date

    with i18n.using("es"):
        assert i18n.format_percent(0.125) == "12,5\xa0%"
        assert i18n.format_date(date(2026, 12, 4)) == "4 de diciembre de 2026"
        assert i18n.ngettext("{n} card", "{n} cards", 2) == "{n} cards"  # not in the catalog
    with i18n.using("en"):
        assert i18n.format_percent(0.125) == "12.5%"
        assert i18n.format_date(date(2026, 12, 4)) == "2026-12-04"


def _tt(*args: str, lang: str) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}
    env.update({"LANG": lang, "COLUMNS": "200", "NO_COLOR": "1"})
    return subprocess.run([TT, *args], capture_output=True, env=env, check=False)


def test_deck_validate_in_spanish_and_its_json_unchanged() -> None:
    es = _tt("deck", "validate", SAMPLE, lang="es_ES.UTF-8")
    en = _tt("deck", "validate", SAMPLE, lang="en_US.UTF-8")
    assert es.returncode == en.returncode == 1
    text = es.stdout.decode()
    assert "NO LEGAL" in text
    assert "MAIN_SIZE el mazo principal tiene 51 cartas; debe tener exactamente 50" in text
    assert "BT5-109 Mega Digimon Fusion! está prohibida" in text  # the card's printed name
    assert "Main deck has 51 cards" in en.stdout.decode()
    es_json = _tt("deck", "validate", "--json", SAMPLE, lang="es_ES.UTF-8")
    en_json = _tt("deck", "validate", "--json", SAMPLE, lang="C")
    assert es_json.stdout == en_json.stdout and es_json.returncode == en_json.returncode
    assert b"must have exactly 50" in es_json.stdout


def test_the_language_option_overrides_the_environment() -> None:
    out = _tt("--language", "es", "deck", "validate", SAMPLE, lang="en_US.UTF-8")
    assert "NO LEGAL" in out.stdout.decode()
    out = _tt("--language", "en", "deck", "validate", SAMPLE, lang="es_ES.UTF-8")
    assert "NOT LEGAL" in out.stdout.decode()
    refused = _tt("--language", "fr", "deck", "validate", SAMPLE, lang="C")
    assert refused.returncode == 2 and ", ".join(i18n.available()).encode() in refused.stderr
