"""The command line prints by one path (tt_organizer/cli/output.py): plain text, never markup,
so a file path or a card name holding ``[bold]`` or ``[/]`` prints as it is; styling only by
``styled()``, which shows control characters and colours only a terminal."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tt_organizer.cli import output
from tt_organizer.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]
# a folder whose path reads ".../[bold]x[/] [red]y": rich would eat the tags (or refuse a [/]
# that closes nothing)
MARKUP = Path("[bold]x[", "] [red]y")
CSV = ("card_number,name,card_type,colors,level,rarity,set_code\n"
       "BT1-010,[bold]Agu[/]mon,Digimon,Red,3,C,BT1\n"
       "BT1-085,Tai Kamiya,Tamer,Red,,R,BT1\n")


def run(*args: str, env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(cli, list(args), env=env)
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.output


@pytest.fixture
def card_csv(tmp_path: Path) -> Path:
    path = tmp_path / "cards.csv"
    path.write_text(CSV, encoding="utf-8")
    return path


def test_cards_build_prints_the_folder_as_it_is(tmp_path: Path, card_csv: Path) -> None:
    folder = tmp_path / MARKUP
    out = run("cards", "build", str(card_csv), "--out", str(folder))
    assert "[bold]x[/] [red]y" in out
    assert out == f"wrote {folder / 'cards.json'}\n"


def test_cards_sync_prints_the_folder_as_it_is(tmp_path: Path, card_csv: Path) -> None:
    folder = tmp_path / MARKUP
    folder.mkdir(parents=True)
    out = run("cards", "sync", "--from", str(card_csv), "--out", str(folder))
    assert f"wrote {folder / 'cards.json'}: 2 cards" in out


def test_banlist_list_prints_the_cache_folder_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / MARKUP
    shutil.copytree(ROOT / "banlist_cache", folder)
    out = run("banlist", "list", "--cache", str(folder))
    assert out.splitlines()[0] == f"ban-list cache: {folder}"


def test_a_card_name_with_markup_shows_as_it_is(tmp_path: Path, card_csv: Path) -> None:
    run("cards", "build", str(card_csv), "--out", str(tmp_path / "data"))
    out = run("cards", "show", "BT1-010", env={"TT_DATA_DIR": str(tmp_path / "data"),
                                               "NO_COLOR": "1"})
    assert out.splitlines()[0] == "BT1-010  [bold]Agu[/]mon"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_styled_colours_only_a_terminal_and_shows_control_characters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr("sys.stdout", io.StringIO())
    assert output.styled("a\x1b[31mb [bold]", "bold") == "a\\x1b[31mb [bold]"
    monkeypatch.setattr("sys.stdout", Terminal())
    assert output.styled("a\x1b[31mb", "bold") == "\x1b[1ma\\x1b[31mb\x1b[0m"
    assert output.styled("ok", "bold red") == "\x1b[1;31mok\x1b[0m"
    monkeypatch.setenv("NO_COLOR", "1")
    assert output.styled("ok", "bold") == "ok"
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setattr("sys.stderr", io.StringIO())
    assert output.styled("ok", "dim", err=True) == "ok"  # stderr is not a terminal


def test_line_prints_plain_text_on_the_stream_asked(capsys: pytest.CaptureFixture[str]) -> None:
    output.line("[bold]x[/]")
    output.line("[/]", err=True)
    output.line()
    captured = capsys.readouterr()
    assert captured.out == "[bold]x[/]\n\n"
    assert captured.err == "[/]\n"


def test_an_event_template_styles_its_marks_and_never_a_players_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``say()``'s templates keep style marks (``[bold]{name}[/]``): the marks become ANSI on
    a terminal, a name holding ``[bold]`` or ``[/]`` stays text, a backslash stays."""
    monkeypatch.setattr(output, "colour_on", lambda stream: True)
    name = output.escape("Ana [bold]x[/] \\[y]")
    shown = output.marked("Created event [bold]{name}[/] in {file}".format(
        name=name, file=output.escape("[red]f.sqlite")))
    assert shown == "Created event \x1b[1mAna [bold]x[/] \\[y]\x1b[0m in [red]f.sqlite"
    assert output.marked("  [bold red]hi[/] [not a style]") == "  \x1b[1;31mhi\x1b[0m [not a style]"
    monkeypatch.setattr(output, "colour_on", lambda stream: False)
    assert output.marked("[green]legal[/]") == "legal"


def test_tt_event_create_prints_a_marked_up_name_as_it_is(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["event", "create", "[bold]Cup[/]", "--event",
                                      str(tmp_path / "e.sqlite")])
    assert result.exit_code == 0, result.output
    assert "[bold]Cup[/]" in result.output
    assert "\x1b[" not in result.output
