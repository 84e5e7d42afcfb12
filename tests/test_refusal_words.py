"""Refusals as data: a library refusal is a code and its parameters, worded from one catalog
(``tt_organizer.messages``) in the reader's language, English in ``str()`` (what JSON says)."""

from __future__ import annotations

import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from tt_organizer import i18n
from tt_organizer.errors import BadValue, EventError, InputError
from tt_organizer.messages import WORDS
from tt_organizer.standings.policy import parse_rule


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_a_code_builds_its_message_in_each_language() -> None:
    exc = EventError("top-cut-round-not-current", round=3, current=2)
    assert exc.code == "top-cut-round-not-current"
    assert exc.params == {"round": 3, "current": 2}
    assert str(exc) == "top-cut round 3 is not paired (current 2)"
    with i18n.using("es"):
        assert "corte final" in exc.shown() and "3" in exc.shown()
    with i18n.using("zh"):
        assert "淘汰赛" in exc.shown()
    assert str(exc) == "top-cut round 3 is not paired (current 2)"  # still English after


def test_a_code_given_apart_keeps_the_json_code() -> None:
    exc = InputError("scheme-not-object", source="x.json", code="bad-scheme")
    assert exc.code == "bad-scheme"
    assert str(exc) == "x.json: a points scheme is a JSON object"


def test_a_sentence_with_parameters_is_refused() -> None:
    with pytest.raises(TypeError):
        EventError("not a code {x}", x=1)


def test_a_pure_check_is_still_a_value_error_with_a_code() -> None:
    with pytest.raises(ValueError) as caught:
        parse_rule("floor", "2")
    assert isinstance(caught.value, BadValue)
    assert caught.value.code == "floor-value-range"
    with i18n.using("es"):
        assert caught.value.shown() == "floor=2: debe estar entre 0 y 1"


def test_every_template_translates_with_the_same_fields() -> None:
    """A translation that drops or renames a field would raise KeyError at the worst moment."""
    for lang in ("es", "zh"):
        with i18n.using(lang):
            for code, template in WORDS.items():
                shown = i18n.gettext(template)
                words = re.sub(r"\{[^}]*\}", "", template)
                assert shown != template or not re.search(r"[a-z]{3}", words), (lang, code)
                assert _fields(shown) == _fields(template), (lang, code)


def test_codes_are_kebab_case() -> None:
    bad = [code for code in WORDS if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", code)]
    assert not bad


def _tt(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tt_organizer", *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(("lang", "words"), [
    ("es", "el nombre de un archivo de temporada termina en .json"),
    ("zh", "赛季文件名以 .json 结尾"),
    ("en", "a season file name ends with .json"),
])
def test_the_command_line_words_a_refusal_in_its_language(
        tmp_path: Path, lang: str, words: str) -> None:
    out = _tt(tmp_path, "--language", lang, "season", "create", "X", "--file", "bad.txt")
    assert out.returncode == 2
    assert words in out.stderr
    assert "Traceback" not in out.stderr


def test_a_scheme_refusal_names_the_field_in_spanish(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_text('{"id": "x", "name": "y", "bogus": 1}', encoding="utf-8")
    out = _tt(tmp_path, "--language", "es", "season", "create", "X", "--file", "ok.json",
              "--scheme", "s.json")
    assert out.returncode == 2
    assert "campos desconocidos: bogus; un esquema tiene" in out.stderr
