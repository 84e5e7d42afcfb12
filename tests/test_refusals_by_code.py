"""Refusals as data: the library raises a code and its parameters; `tt` words it in the
reader's language (Spanish, Chinese), while the code and the English words stay for machines."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.print_helpers import make_event
from tt_organizer import i18n
from tt_organizer.errors import EventError, InputError
from tt_organizer.events import entering, store
from tt_organizer.events.result_text import parse_result
from tt_organizer.events.sheet_import import read_registrations

TT = str(Path(sys.executable).with_name("tt"))

# each refusal: its code, the English words and the words of each language (a part of them)
WORDS = {
    "sheet-missing-columns": {"en": "missing column 'Name'", "es": "falta la columna 'Name'",
                              "zh": "缺少列 'Name'"},
    "result-not-fit": {"en": "result '2-x' does not fit best-of-3",
                       "es": "el resultado '2-x' no corresponde a una ronda al mejor de 3",
                       "zh": "结果 '2-x' 不符合 BO3"},
    "round-finished": {"en": "round 1 is finished (the current round is 2)",
                       "es": "la ronda 1 terminó (la ronda actual es la 2)",
                       "zh": "第 1 轮已结束（当前是第 2 轮）"},
}


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """Eight players, best of three, round 1 reported and round 2 paired; a sign-up sheet
    without a Name column beside it."""
    (tmp_path / "signup.csv").write_text("Email,ID\nana@example.org,1\n", encoding="utf-8")
    return make_event(tmp_path / "cup.sqlite", 8, rounds=2)


def _tt(*args: str, lang: str, event: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}
    env.update({"LANG": "C", "COLUMNS": "200", "NO_COLOR": "1"})
    return subprocess.run([TT, "--language", lang, "event", *args, "--event", str(event)],
                          capture_output=True, text=True, env=env, cwd=event.parent,
                          check=False)


COMMANDS = {
    "sheet-missing-columns": ("register", "--from", "signup.csv"),
    "result-not-fit": ("report", "1", "2-x"),
    "round-finished": ("report", "1", "2-0", "--round", "1"),
}


@pytest.mark.parametrize("code", sorted(COMMANDS))
@pytest.mark.parametrize("lang", ["en", "es", "zh"])
def test_a_refusal_is_worded_in_the_readers_language(event: Path, code: str, lang: str) -> None:
    """The refusal in the chosen language, and nothing of it in English but in an English
    run; --json changes neither the words on stderr nor the exit code, and prints no JSON."""
    before = event.read_bytes()
    for extra in ((), ("--json",)):
        done = _tt(*COMMANDS[code], *extra, lang=lang, event=event)
        assert done.returncode == 2, done.stderr
        assert WORDS[code][lang] in done.stderr, done.stderr
        if lang != "en":
            assert WORDS[code]["en"] not in done.stderr, done.stderr
        assert "Traceback" not in done.stderr and done.stdout == ""
    assert event.read_bytes() == before


def test_the_library_keeps_the_code_and_the_english_words(event: Path) -> None:
    """The same refusals raised by the library: the code, English ``str()`` (what JSON
    carries) and the reader's words from ``shown()`` under each language."""
    raised: dict[str, EventError | InputError] = {}
    with pytest.raises(InputError) as sheet:
        read_registrations(event.parent / "signup.csv")
    raised["sheet-missing-columns"] = sheet.value
    with pytest.raises(EventError) as result:
        parse_result("2-x", 3)
    raised["result-not-fit"] = result.value
    with store.connect(event) as conn, pytest.raises(EventError) as finished:
        entering.report_result(conn, 1, "2-0", round_number=1)
    raised["round-finished"] = finished.value
    for code, exc in raised.items():
        assert exc.code == code
        assert WORDS[code]["en"] in str(exc)
        for lang in ("es", "zh"):
            with i18n.using(lang):
                assert WORDS[code][lang] in exc.shown()
                assert WORDS[code]["en"] in str(exc)  # JSON's words never change
    assert raised["result-not-fit"].params["best_of"] == 3
    assert raised["round-finished"].hint["command"] == "correct"
