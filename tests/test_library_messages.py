"""Library messages name no command-line syntax: no ``--option``, no ``tt …`` command.

Every module of ``tt_organizer/`` outside ``cli/`` is parsed with :mod:`ast` and each string
literal (f-string parts included, docstrings left out: they document the code) is searched for
an option (``--best-of``) or a command (``tt event correct``). A refusal names its input in
plain words and carries a code and a hint; the command line alone turns those into its options
and advice (:mod:`tt_organizer.cli.advice`), so the web server never shows CLI syntax.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import tt_organizer
from tt_organizer.cli.advice import ADVICE, OPTIONS, describe
from tt_organizer.errors import EventError, in_words
from tt_organizer.events import constraints, result_text, setup

PACKAGE = Path(tt_organizer.__file__).parent
FRONT_END = ("cli", "__main__.py")

OPTION = re.compile(r"(?<![\w-])--[a-z]")
COMMAND = re.compile(r"`tt |\btt (?:event|deck|banlist|cards|formats|serve|stats)\b")

# (module, text in the literal) -> why it may name the command line's syntax
ALLOWED: dict[tuple[str, str], str] = {
    ("events/store/schema.py", "as --first"): (
        "an SQL comment in a migration: schema text, never shown"),
    ("formats/zones.py", "--auto-zones moved "): (
        "a note of `tt deck validate` that only its --auto-zones option produces; the note is "
        "part of the `--json` output (a contract), so its words stay"
    ),
    ("stats/calibration.py", "report results with --first"): (
        "a note of `tt stats`, part of its `--json` output and workbook (a contract)"),
    ("stats/calibration.py", "report results with --turns"): (
        "a note of `tt stats`, part of its `--json` output and workbook (a contract)"),
    ("web/openapi.py", "`tt event"): (
        "the web API's own documentation, naming the command each endpoint mirrors"),
}


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                out.add(id(body[0].value))
    return out


def cli_syntax(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string literal in ``path`` that names an option or a command."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docs = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and id(node) not in docs and (OPTION.search(node.value) or COMMAND.search(node.value))
    ]


def _allowed(module: str, text: str) -> bool:
    return any(module == m and snippet in text for m, snippet in ALLOWED)


def test_no_library_message_names_cli_syntax() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        if module.startswith(FRONT_END):
            continue
        found += [f"{module}:{line}: {text!r}" for line, text in cli_syntax(path)
                  if not _allowed(module, text)]
    assert not found, "library text naming CLI syntax (give a code and hint instead):\n" + (
        "\n".join(found))


def test_every_allowance_is_still_needed() -> None:
    for module, snippet in ALLOWED:
        texts = [text for _, text in cli_syntax(PACKAGE / module)]
        assert any(snippet in t for t in texts), f"{module}: {snippet!r} is gone: drop it"


def test_the_scan_finds_options_and_commands(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Docs may say `tt event pair --seeded`."""\n'
        'A = f"--best-of {1}: must be 1 or 3"\n'
        'B = "see `tt event players`"\n'
        'C = "a bye -- or a loss"\n'
        'D = "best of 2: must be 1 or 3"\n', encoding="utf-8")
    assert sorted(line for line, _ in cli_syntax(sample)) == [2, 3]


@pytest.mark.parametrize(("call", "domain", "cli"), [
    (lambda: setup.create_event(Path("never-created.sqlite"), "X", best_of=2),
     "best of 2: must be 1 or 3",
     "--best-of 2: must be 1 or 3"),
    (lambda: constraints.parse_rounds("0"), "bye rounds 0: a list of round numbers",
     "--bye-rounds 0: a list of round numbers"),
    (lambda: result_text.parse_game_flags(result_text.parse_result("2-0", 3), turns="4"),
     "turns lists 1 game(s)", "--turns lists 1 game(s)"),
])
def test_a_refusal_names_its_field_in_words_and_the_cli_by_option(
        call: object, domain: str, cli: str) -> None:
    with pytest.raises(EventError) as refused:
        call()  # type: ignore[operator]
    exc = refused.value
    assert str(exc).startswith(domain) and "--" not in str(exc)
    assert describe(exc).startswith(cli)
    # another front-end names the same field its own way (the report form: its label)
    field = exc.hint["words"][0][1]
    assert in_words(exc, {field: "'Label'"}).startswith("'Label'")


def test_every_hinted_field_and_code_has_cli_words() -> None:
    """Each field a library message names in words, and each code with advice, is known to the
    command line (a field it does not know would be shown in the library's words)."""
    # a field's words may be marked for the catalog: field_hint((N_("best of"), "best_of"))
    words = re.compile(r'field_hint\(((?:\((?:N_\()?"[^"]+"\)?, "[^"]+"\),?\s*)+)')
    fields: set[str] = set()
    codes: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for group in words.findall(text):
            fields.update(re.findall(r'\((?:N_\()?"[^"]+"\)?, "([^"]+)"\)', group))
        codes.update(re.findall(r'code="([a-z-]+)"', text))
        # the code form: ``raise BanlistError("no-banlist-cache", folder=...)``
        codes.update(re.findall(r'\b[A-Z]\w*(?:Error|Refused)\(\s*"([a-z][a-z0-9-]*)"', text))
    assert fields and fields <= set(OPTIONS) | {"announced", "announced_given"}
    assert {"no-banlist-cache", "deck-not-legal", "port-busy", "directory"} <= codes & set(ADVICE)


def test_check_batch_still_advises_on_a_roster_cell_naming_a_folder(tmp_path: Path) -> None:
    """The row's error is the library's words plus the command line's advice, as before."""
    import json

    from click.testing import CliRunner

    from tt_organizer.cli.main import cli

    (tmp_path / "deck.txt").mkdir()
    roster = tmp_path / "roster.csv"
    roster.write_text("Player,Decklist\nAnn,deck.txt\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["deck", "check-batch", str(roster), "--json"])
    (row,) = json.loads(result.stdout)["rows"]
    assert row["error"] == (
        "is a directory, not a decklist file (`tt deck check-batch` checks a folder)")
