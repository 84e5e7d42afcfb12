"""Every ``--help`` page in the reader's language: the issue's "English check" for help.

Each command of the click tree is asked for ``--help`` under ``LANG=C`` and under
``LANG=es.UTF-8`` (and each other language with a catalog: ``zh``); a translated line
identical to a line of the English page fails when it still holds a word of three or more
Latin letters that is not a code. Codes, exempt: option names and metavars (``--event
FILE``), command names, values written with ``=``, ``|``, a dot or a slash (choices, file
names, settings; a word of such a value, when wrapping splits it), and the card types as
printed on the cards (``Digimon, Tamer, Option, Digi-Egg, Dual``: the format's own words,
untranslated in Spanish too).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tt_organizer import i18n
from tt_organizer.cli import click_words, help_words
from tt_organizer.cli.main import cli

TT = str(Path(sys.executable).with_name("tt"))
CARD_TYPES = {"Digimon", "Tamer", "Option", "Digi", "Egg", "Dual"}
CODE = re.compile(r"^-|[=|/\[\]`]|\w\.\w")  # an option, a choice, a setting, a file name


@pytest.fixture(autouse=True)
def _installed() -> Iterator[None]:
    click_words.install()
    help_words.install()
    yield
    i18n.set_language(None)


def commands() -> list[tuple[str, ...]]:
    """The path of every command of the tree (``tt`` itself first)."""
    return [path for path, _command in help_words.walk(cli)]


def code_words() -> set[str]:
    """Words that are names, not English: every command's and option's name, every choice,
    the names in a help text's ``name=value`` settings (wrapping may split them)."""
    words = set(CARD_TYPES)
    for path, command in help_words.walk(cli):
        words.update(path)
        for param in command.params:
            for opt in (*param.opts, *param.secondary_opts):
                words.update(re.findall(r"[A-Za-z]+", opt))
            if isinstance(param.type, click.Choice):
                for choice in param.type.choices:
                    words.update(re.findall(r"[A-Za-z]+", str(choice)))
    for text, _where in help_words.help_texts(cli):  # a setting's names: missed-rounds=…
        for token in text.split():
            if "=" in token:
                words.update(re.findall(r"[A-Za-z]+", token))
    return words


def help_page(path: tuple[str, ...], lang: str) -> str:
    env = {name: "" for name in i18n.ENVIRONMENT}
    env.update({"LANG": lang, "COLUMNS": "80"})
    result = CliRunner().invoke(cli, [*path[1:], "--help"], env=env)
    assert result.exit_code == 0, result.output
    return result.output


def english_left(english: str, spanish: str, codes: set[str]) -> list[str]:
    """The lines of ``spanish`` identical to a line of ``english`` that hold an English word
    (three or more Latin letters, not a code)."""
    lines = set(english.splitlines())
    left = []
    for line in spanish.splitlines():
        if line not in lines:
            continue
        words = [w for token in line.split() if not CODE.search(token)
                 and not token.strip(".,;:()").isupper()
                 for w in re.findall(r"[A-Za-z]{3,}", token)]
        if any(w not in codes for w in words):
            left.append(line)
    return left


@pytest.mark.parametrize("lang", [lang for lang in i18n.available() if lang != i18n.DEFAULT])
def test_every_help_page_is_in_the_readers_language(lang: str) -> None:
    """Spanish, Chinese and every language with a catalog."""
    codes = code_words()
    paths = commands()
    assert len(paths) > 40 and ("tt", "event", "report") in paths
    left = {}
    for path in paths:
        english, spanish = help_page(path, "C"), help_page(path, f"{lang}.UTF-8")
        assert english != spanish
        if found := english_left(english, spanish, codes):
            left[" ".join(path)] = found
    assert left == {}


def test_the_check_finds_an_untranslated_help_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A help text missing from the catalog (or a wrapper that forgets options) fails."""
    real = help_words.gettext
    json_help = "Print JSON for machines instead of tables."
    monkeypatch.setattr(help_words, "gettext",
                        lambda text: text if text == json_help else real(text))
    path = ("tt", "event", "status")
    english, spanish = help_page(path, "C"), help_page(path, "es_ES.UTF-8")
    assert english_left(english, spanish, code_words()) == [
        "  --json        Print JSON for machines instead of tables."]


def test_help_words_are_spanish_from_the_real_command() -> None:
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}
    env.update({"LANG": "es_MX.UTF-8", "COLUMNS": "100"})
    out = subprocess.run([TT, "event", "--help"], capture_output=True, text=True, env=env,
                         check=True).stdout
    assert "  Lleva un evento: jugadores, rondas suizas, resultados, clasificación, corte\n" in out
    assert "  players      Lista los jugadores y sus mazos." in out
    assert "  avoid        Mantiene separados a A y B (familia, mismo auto): se..." in out
    top = subprocess.run([TT, "--language", "es", "--help"], capture_output=True, text=True,
                         env=env, check=True).stdout
    assert "Comandos:" in top and "  event    Lleva un evento: jugadores, rondas suizas" in top
    english = subprocess.run([TT, "--language", "en", "event", "report", "--help"],
                             capture_output=True, text=True, env=env, check=True).stdout
    assert "Report the RESULT of TABLE in the current round." in english
    assert "Print JSON for machines instead of tables." in english
