"""`tt event create` without --language takes the reader's language (LANG, `tt --language`)
when tt has a catalog for it; English otherwise; --language always wins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tt_organizer.cli.main import cli


def _created(tmp_path: Path, env: dict[str, str], *args: str) -> tuple[str, str]:
    path = tmp_path / "e.sqlite"
    base = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
    runner = CliRunner()
    made = runner.invoke(cli, [*args, "event", "create", "Copa", "--event", str(path)],
                         env={**base, **env})
    assert made.exit_code == 0, made.output
    shown = runner.invoke(cli, ["event", "settings", "--json", "--event", str(path)])
    assert shown.exit_code == 0, shown.output
    return json.loads(shown.stdout)["language"], made.stdout


@pytest.mark.parametrize(("env", "args", "expected"), [
    ({"LANG": "es_AR.UTF-8"}, (), "es"),
    ({"LANG": "es_ES.UTF-8"}, (), "es"),
    ({"LC_ALL": "es_MX.UTF-8", "LANG": "en_US.UTF-8"}, (), "es"),
    ({"LANG": "en_US.UTF-8"}, (), "en"),
    ({"LANG": "fr_FR.UTF-8"}, (), "en"),  # no French catalog: English
    ({}, ("--language", "es"), "es"),
    ({"LANG": "es_AR.UTF-8"}, ("--language", "en"), "en"),
])
def test_the_event_language_follows_the_reader(tmp_path: Path, env: dict[str, str],
                                               args: tuple[str, ...], expected: str) -> None:
    assert _created(tmp_path, env, *args)[0] == expected


def test_an_explicit_event_language_wins(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    made = CliRunner().invoke(cli, ["event", "create", "Copa", "--language", "en", "--event",
                                    str(path)], env={"LANG": "es_AR.UTF-8", "LANGUAGE": "",
                                                     "LC_ALL": "", "LC_MESSAGES": ""})
    assert made.exit_code == 0, made.output
    shown = CliRunner().invoke(cli, ["event", "settings", "--json", "--event", str(path)])
    assert json.loads(shown.stdout)["language"] == "en"


def test_create_says_the_language_when_it_is_not_english(tmp_path: Path) -> None:
    lang, out = _created(tmp_path, {"LANG": "es_AR.UTF-8"})
    assert lang == "es" and "idioma español (" in out and "tt event settings --language" in out
    (tmp_path / "b").mkdir()
    lang, out = _created(tmp_path / "b", {"LANG": "C"})
    assert lang == "en" and "tt event settings --language" not in out
