"""A command module that cannot be imported fails loudly, never as "No such command"."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tt_organizer.cli.main import TTGroup, cli


@pytest.fixture
def broken_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tt_broken_cmd.py").write_text(
        "import tt_no_such_dependency_xyz\n", encoding="utf-8"
    )
    (tmp_path / "tt_empty_cmd.py").write_text("OTHER = 1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(
        TTGroup,
        "lazy",
        {
            **TTGroup.lazy,
            "broken": ("tt_broken_cmd:broken", "A command whose module raises ImportError."),
            "empty": ("tt_empty_cmd:empty", "A command whose module lacks the attribute."),
        },
    )


@pytest.mark.usefixtures("broken_commands")
def test_a_command_module_that_raises_import_error_names_the_module() -> None:
    result = CliRunner().invoke(cli, ["broken", "--help"])
    assert result.exit_code == 2
    assert "the `tt broken` command cannot load: tt_broken_cmd:" in result.stderr
    assert "tt_no_such_dependency_xyz" in result.stderr
    assert "No such command" not in result.output + result.stderr
    assert "Traceback" not in result.output + result.stderr


@pytest.mark.usefixtures("broken_commands")
def test_a_command_module_without_its_command_names_the_attribute() -> None:
    result = CliRunner().invoke(cli, ["empty"])
    assert result.exit_code == 2
    assert "the `tt empty` command cannot load: tt_empty_cmd:" in result.stderr
    assert "'empty'" in result.stderr


@pytest.mark.usefixtures("broken_commands")
def test_the_other_commands_still_run_and_an_unknown_one_is_still_unknown() -> None:
    assert CliRunner().invoke(cli, ["formats", "--json"]).exit_code == 0
    unknown = CliRunner().invoke(cli, ["no-such-command"])
    assert unknown.exit_code == 2 and "No such command" in unknown.stderr


def test_an_event_command_module_that_cannot_load_names_the_command(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`tt event`'s commands load lazily the same way: a broken module is named, exit 2."""
    from tt_organizer.cli.event import event

    (tmp_path / "tt_broken_event_cmd.py").write_text("import tt_no_such_dependency_xyz\n",
                                                     encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(event.lazy_targets, "broken", "tt_broken_event_cmd:broken")  # type: ignore[attr-defined]
    result = CliRunner().invoke(cli, ["event", "broken"])
    assert result.exit_code == 2
    assert "the `tt event broken` command cannot load: tt_broken_event_cmd:" in result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_tt_event_loads_only_the_command_that_runs(tmp_path: Path) -> None:
    """`tt event standings` imports the standings' command module, not the other ones."""
    import subprocess
    import sys

    probe = ("import sys\nfrom tt_organizer.cli.main import cli\n"
             "try:\n    cli(['event', 'standings', '--event', sys.argv[1]], prog_name='tt')\n"
             "except SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith('tt_organizer.cli.')))\n")
    out = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "none.sqlite")],
                         capture_output=True, text=True, check=True).stdout
    loaded = out.strip().splitlines()[-1]
    assert "tt_organizer.cli.event_ranking" in loaded
    for other in ("event_results", "event_players", "event_pairing", "event_desk", "serve",
                  "publish", "penalties"):
        assert f"tt_organizer.cli.{other}'" not in loaded, loaded
