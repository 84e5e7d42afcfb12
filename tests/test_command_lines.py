"""Command lines of ``tt deck validate`` and of the busiest ``tt event`` commands -- good ones,
refused ones, usage errors, --help, damaged event files -- each run end to end: an exit code
of the documented set, something said, never a traceback."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from event_helpers import Tt

from tt_organizer.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]
LEGAL = "samples/legal-red-tamer-tactics.txt"
ILLEGAL = "samples/illegal-deck.txt"
EV = "ev.sqlite"
ENV = {"NO_COLOR": "1", "COLUMNS": "100", "TT_ORGANIZER": "desk", "TT_EVENT": None,
       "TT_BANLIST_CACHE": None}


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Event files in the states the cases need."""
    folder = tmp_path_factory.mktemp("events")
    paired = folder / "paired.sqlite"  # 8 players, round 1 paired, table 1 reported
    tt = Tt(paired)
    tt("create", "Cup", "--seed", "5")
    for i in range(8):
        tt("register", f"P{i}", "--id", f"ID{i}")
    tt("pair")
    tt("report", "1", "2-0")
    done = folder / "round2.sqlite"  # round 1 complete, round 2 paired, P7 dropped
    shutil.copyfile(paired, done)
    tt = Tt(done)
    for table in (2, 3, 4):
        tt("report", str(table), "2-1")
    tt("drop", "P7")
    tt("pair")
    created = folder / "created.sqlite"  # players, no round
    tt = Tt(created)
    tt("create", "Cup", "--seed", "5")
    for i in range(3):
        tt("register", f"P{i}")
    tampered = folder / "tampered.sqlite"
    shutil.copyfile(paired, tampered)
    conn = sqlite3.connect(tampered)  # edited by hand, as tests/test_event_change_log.py does
    conn.execute("PRAGMA ignore_check_constraints = 1")
    with conn:
        conn.execute("UPDATE settings SET best_of = 2")
    conn.close()
    garbage = folder / "garbage.sqlite"
    garbage.write_text("not an event\n", encoding="utf-8")
    return {"paired": paired, "round2": done, "created": created, "tampered": tampered,
            "garbage": garbage}


E = ["--event", EV]
# (argv after `tt event`, the event file's state)
EVENT_CASES: list[tuple[list[str], str]] = [
    # report
    (["report", "2", "2-0", *E], "paired"),
    (["report", "3", "1-2", "--json", *E], "paired"),
    (["report", *E, "4", "1-1-1"], "paired"),
    (["report", "1", "2-0", *E], "paired"),  # already reported
    (["report", "99", "2-0", *E], "paired"),  # no such table
    (["report", "2", "2-0", "--round", "2", *E], "paired"),  # a stale slip
    (["report", "2", "2-0", "--round", "1", "--round", "3", *E], "paired"),
    (["report", "2", "5-5", *E], "paired"),  # no such result
    (["report", "2", "--winner", "P9", *E], "paired"),
    (["report", "2", "2-1", "--first", "1,2,1", "--winners", "1,2,1", "--turns", "7,8,9",
      "--json", *E], "paired"),
    (["report", "2", "--draw", "1-1", "--json", *E], "round2"),
    (["report", "1", "2-0", *E], "round2"),  # round 2
    (["report", "1", "2-0", *E], "tampered"),
    (["report", "1", "2-0", *E], "garbage"),
    (["report", "1", "2-0", *E], "created"),  # no round paired
    (["report", "0", "2-0", *E], "paired"),  # click refuses table 0
    (["report", "x", "2-0", *E], "paired"),
    (["report", "2", *E], "paired"),  # no result: usage
    (["report", "2", "2-0", "extra", *E], "paired"),
    (["report", "--from", "results.xlsx", *E], "paired"),
    (["report", "2", "2-0", f"--event={EV}"], "paired"),
    (["report", "2", "2-0", "--event", "missing.sqlite"], "paired"),
    (["report", "2", "2-0", "--event", "."], "paired"),  # a folder
    (["report", "2", "2-0", "--", *E], "paired"),
    (["report", "--help"], "paired"),
    (["report", "2", "2-0", "-h", *E], "paired"),
    # drop
    (["drop", "P3", *E], "paired"),  # still seated: a warning
    (["drop", "--id", "ID4", "--json", *E], "round2"),
    (["drop", "P7", *E], "round2"),  # already dropped
    (["drop", "Nobody", *E], "paired"),
    (["drop", "--id", "nope", "--json", *E], "paired"),
    (["drop", "P0", *E], "created"),  # before round 1
    (["drop", "P0", *E], "garbage"),
    (["drop", *E], "paired"),  # neither NAME nor --id: usage
    ([*E, "drop", "P1"], "paired"),  # an option of `tt event`: none
    (["drop", "P1", "--id", "ID1", *E], "paired"),
    (["drop", "--id", *E], "paired"),
    (["drop", "--name", "P1", *E], "paired"),
    # pairings
    (["pairings", *E], "paired"),
    (["pairings", "--json", *E], "round2"),
    (["pairings", "--round", "1", *E], "round2"),
    (["pairings", "--round", "1", "--json", *E], "round2"),
    (["pairings", "--round", "7", *E], "round2"),
    (["pairings", "--top-cut", *E], "round2"),  # no top cut yet
    (["pairings", *E], "created"),
    (["pairings", "--json", *E], "tampered"),
    (["pairings", "--round", "-1", *E], "paired"),
    (["pairings", "--swap", "P0", "P1", *E], "paired"),
    (["pairings", "--print", "wall.xlsx", *E], "paired"),
    # standings
    (["standings", *E], "round2"),
    (["standings", "--json", *E], "round2"),
    (["standings", "--round", "1", *E], "round2"),
    (["standings", "--round", "0", "--json", *E], "round2"),
    (["standings", "--round", "9", *E], "round2"),
    (["standings", "--final", *E], "round2"),
    (["standings", *E], "created"),
    (["standings", *E], "tampered"),
    (["standings", "--final", "--round", "1", *E], "round2"),
    (["standings", "--round", "one", *E], "round2"),
    (["standings", "--json", "--csv", *E], "round2"),
]


def invoke(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """Run ``tt ARGV`` in this process; its exit code, stdout and stderr (an exception that
    is not an exit fails the test, with its traceback)."""
    result = CliRunner().invoke(cli, argv, input=stdin, env=ENV)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("argv", "state"), EVENT_CASES,
                         ids=[f"{' '.join(c[0])} [{c[1]}]" for c in EVENT_CASES])
def test_event_command_lines(argv: list[str], state: str,
                             events: dict[str, Path], tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copyfile(events[state], tmp_path / EV)
    code, out, err = invoke(["event", *argv])
    assert out or err
    assert "Traceback" not in err
    if "--help" in argv or "-h" in argv:
        assert code == 0 and "Usage:" in out
    else:  # done, or refused / a usage error (exit 2, said on stderr)
        assert code in (0, 2), (out, err)
        assert (code == 2) is ("Error:" in err or err.startswith("error:")), err
    if state in ("tampered", "garbage"):
        assert code == 2


DECK_CASES: list[tuple[list[str], str]] = [
    (["deck", "validate", LEGAL], ""),
    (["deck", "validate", "--json", LEGAL], ""),
    (["deck", "validate", ILLEGAL], ""),
    (["deck", "validate", ILLEGAL, "--json"], ""),
    (["deck", "validate", LEGAL, ILLEGAL, "samples/standard-deck.txt"], ""),
    (["deck", "validate", "--json", LEGAL, ILLEGAL], ""),
    (["deck", "validate", LEGAL, "samples"], ""),  # a folder: unreadable, exit 2
    (["deck", "validate", "--json", "samples", LEGAL], ""),
    (["deck", "validate", "--strict-colors", "--strict-names", "--auto-zones", ILLEGAL], ""),
    (["deck", "validate", "--format", "standard", "samples/standard-deck.txt", "--json"], ""),
    (["deck", "validate", "--format", "tamer-tactics", "--format", "nope", LEGAL], ""),
    (["deck", "validate", "--banlist", "2026-03-16", "--json", ILLEGAL], ""),
    (["deck", "validate", "--banlist", "1999-01-01", LEGAL], ""),
    (["deck", "validate", "--cache", "banlist_cache", LEGAL], ""),
    (["deck", "validate", "--cache", "samples", LEGAL], ""),  # no ban list there
    (["deck", "validate", "-"], Path(ROOT / LEGAL).read_text(encoding="utf-8")),
    (["deck", "validate", "--json", "-", "-"], "1 BT1-010\n"),
    # usage errors and --help
    (["deck", "validate", "missing.txt"], ""),
    (["deck", "validate", "--json", LEGAL, "missing.txt"], ""),
    (["deck", "validate", "--cache", LEGAL, LEGAL], ""),  # a file: click refuses it
    (["deck", "validate"], ""),
    (["deck", "validate", "--help"], ""),
    (["deck", "validate", "-h", LEGAL], ""),
    (["deck", "validate", "--format=standard", LEGAL], ""),
    (["deck", "validate", "--format"], ""),
    (["deck", "validate", "--format", "--json", LEGAL], ""),
    (["deck", "validate", "--as-of", "2026-04-01", LEGAL], ""),
    (["deck", "validate", "--nope", LEGAL], ""),
    (["deck", "validate", "--", LEGAL], ""),
    (["deck", "check-batch", "samples"], ""),
    (["--help"], ""),
]


@pytest.mark.parametrize(("argv", "stdin"), DECK_CASES,
                         ids=[" ".join(c[0]) for c in DECK_CASES])
def test_deck_command_lines(argv: list[str], stdin: str,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = invoke(argv, stdin)
    assert out or err
    assert "Traceback" not in err
    assert code in (0, 1, 2), (out, err)
    if "--json" in argv and code != 2:
        import json

        assert isinstance(json.loads(out), list)


def test_the_environment_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """TT_BANLIST_CACHE counts as --cache: a folder with no ban list, or a file, is exit 2."""
    monkeypatch.chdir(ROOT)
    cache = tmp_path / "cache"
    shutil.copytree(ROOT / "banlist_cache", cache)
    (cache / "2026-03-16.json").unlink()
    (cache / "current.json").unlink()
    result = CliRunner().invoke(cli, ["deck", "validate", LEGAL],
                                env={**ENV, "TT_BANLIST_CACHE": str(cache)})
    assert result.exit_code == 2 and "ban" in result.stderr
    result = CliRunner().invoke(cli, ["deck", "validate", LEGAL],
                                env={**ENV, "TT_BANLIST_CACHE": str(ROOT / LEGAL)})
    assert result.exit_code == 2 and "is a file" in result.stderr
