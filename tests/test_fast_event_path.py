"""The click-free path of ``tt event report / drop / pairings / standings``
(tt_organizer/cli/fast.py) prints the same bytes on stdout and stderr, exits with the same code
and leaves the event file the same as the click command, over a set of command lines per
command: successes, ``--json``, refusals (an unknown table or player, a result already
reported, a wrong round, a tampered or damaged file) and the lines it leaves to click."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from event_helpers import Tt, dump

from tt_organizer.cli import event as event_cli
from tt_organizer.cli.fast import SHAPES, parse
from tt_organizer.cli.main import cli

FAST = [sys.executable, "-m", "tt_organizer"]  # __main__ runs the console script's main
CLICK = [sys.executable, "-c", "from tt_organizer.cli.main import main; main()"]
EV = "ev.sqlite"  # every case's event file, relative: messages name it the same on both paths


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Event files in the states the cases need."""
    folder = tmp_path_factory.mktemp("fast-events")
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
# (argv after `tt event`, the event file's state, whether the fast path runs it)
CASES: list[tuple[list[str], str, bool]] = [
    # report
    (["report", "2", "2-0", *E], "paired", True),
    (["report", "3", "1-2", "--json", *E], "paired", True),
    (["report", *E, "4", "1-1-1"], "paired", True),
    (["report", "1", "2-0", *E], "paired", True),  # already reported
    (["report", "99", "2-0", *E], "paired", True),  # no such table
    (["report", "2", "2-0", "--round", "2", *E], "paired", True),  # a stale slip
    (["report", "2", "2-0", "--round", "1", "--round", "3", *E], "paired", True),
    (["report", "2", "5-5", *E], "paired", True),  # no such result
    (["report", "2", "--winner", "P9", *E], "paired", True),
    (["report", "2", "2-1", "--first", "1,2,1", "--winners", "1,2,1", "--turns", "7,8,9",
      "--json", *E], "paired", True),
    (["report", "2", "--draw", "1-1", "--json", *E], "round2", True),
    (["report", "1", "2-0", *E], "round2", True),  # round 2
    (["report", "1", "2-0", *E], "tampered", True),
    (["report", "1", "2-0", *E], "garbage", True),
    (["report", "1", "2-0", *E], "created", True),  # no round paired
    (["report", "0", "2-0", *E], "paired", False),  # click refuses table 0
    (["report", "x", "2-0", *E], "paired", False),
    (["report", "2", *E], "paired", False),  # no result: usage
    (["report", "2", "2-0", "extra", *E], "paired", False),
    (["report", "--from", "results.xlsx", *E], "paired", False),
    (["report", "2", "2-0", f"--event={EV}"], "paired", False),
    (["report", "2", "2-0", "--event", "missing.sqlite"], "paired", False),
    (["report", "2", "2-0", "--event", "."], "paired", False),  # a folder
    (["report", "2", "2-0", "--", *E], "paired", False),
    (["report", "--help"], "paired", False),
    (["report", "2", "2-0", "-h", *E], "paired", False),
    # drop
    (["drop", "P3", *E], "paired", True),  # still seated: a warning
    (["drop", "--id", "ID4", "--json", *E], "round2", True),
    (["drop", "P7", *E], "round2", True),  # already dropped
    (["drop", "Nobody", *E], "paired", True),
    (["drop", "--id", "nope", "--json", *E], "paired", True),
    (["drop", "P0", *E], "created", True),  # before round 1
    (["drop", "P0", *E], "garbage", True),
    (["drop", *E], "paired", False),  # neither NAME nor --id: usage
    ([*E, "drop", "P1"], "paired", False),  # an option of `tt event`: none
    (["drop", "P1", "--id", "ID1", *E], "paired", False),
    (["drop", "--id", *E], "paired", False),
    (["drop", "--name", "P1", *E], "paired", False),
    # pairings
    (["pairings", *E], "paired", True),
    (["pairings", "--json", *E], "round2", True),
    (["pairings", "--round", "1", *E], "round2", True),
    (["pairings", "--round", "1", "--json", *E], "round2", True),
    (["pairings", "--round", "7", *E], "round2", True),
    (["pairings", "--top-cut", *E], "round2", True),  # no top cut yet
    (["pairings", *E], "created", True),
    (["pairings", "--json", *E], "tampered", True),
    (["pairings", "--round", "-1", *E], "paired", False),
    (["pairings", "--swap", "P0", "P1", *E], "paired", False),
    (["pairings", "--print", "wall.xlsx", *E], "paired", False),
    # standings
    (["standings", *E], "round2", True),
    (["standings", "--json", *E], "round2", True),
    (["standings", "--round", "1", *E], "round2", True),
    (["standings", "--round", "0", "--json", *E], "round2", True),
    (["standings", "--round", "9", *E], "round2", True),
    (["standings", "--final", *E], "round2", True),
    (["standings", *E], "created", True),
    (["standings", *E], "tampered", True),
    (["standings", "--final", "--round", "1", *E], "round2", False),
    (["standings", "--round", "one", *E], "round2", False),
    (["standings", "--json", "--csv", *E], "round2", False),
]


def run(cmd: list[str], argv: list[str], source: Path, folder: Path, env: dict[str, str]
        ) -> tuple[int, bytes, bytes, str]:
    """Run ``tt event ARGV`` in ``folder`` on a copy of ``source``: its exit code, stdout,
    stderr and the event file afterwards."""
    folder.mkdir()
    shutil.copyfile(source, folder / EV)
    done = subprocess.run([*cmd, "event", *argv], capture_output=True, cwd=folder, env=env,
                          check=False)
    if "garbage" in source.name:
        return done.returncode, done.stdout, done.stderr, (folder / EV).read_text()
    # the same rows, logged at their own times
    after = re.sub(r"'\d{4}-\d\d-\d\dT[0-9:.+Z-]+'", "'TIME'", dump(folder / EV))
    return done.returncode, done.stdout, done.stderr, after


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TT_EVENT", "TT_BANLIST_CACHE")}
    env.update(NO_COLOR="1", COLUMNS="100", TT_ORGANIZER="desk", **extra)
    return env


@pytest.mark.parametrize(("argv", "state", "fast"), CASES,
                         ids=[f"{' '.join(c[0])} [{c[1]}]" for c in CASES])
def test_both_paths_print_exit_and_write_the_same(
    argv: list[str], state: str, fast: bool, events: dict[str, Path], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copyfile(events[state], tmp_path / EV)  # what the fast path looks at
    monkeypatch.delenv("TT_EVENT", raising=False)
    assert (parse(["event", *argv]) is not None) is fast
    env = clean_env()
    by_fast = run(FAST, argv, events[state], tmp_path / "fast", env)
    assert by_fast == run(CLICK, argv, events[state], tmp_path / "click", env)
    code, out, err, _ = by_fast
    assert b"Traceback" not in err and (out or err)
    assert code in (0, 2)


def test_the_event_file_from_the_environment(events: dict[str, Path], tmp_path: Path) -> None:
    """TT_EVENT counts as --event on both paths (and --event wins over it)."""
    env = clean_env(TT_EVENT=EV)
    for argv in (["report", "2", "2-0"], ["standings", "--json"], ["drop", "--id", "ID2"],
                 ["pairings", "--event", "missing.sqlite"]):
        name = "-".join(argv)
        by_fast = run(FAST, argv, events["paired"], tmp_path / f"fast{name}", env)
        assert by_fast == run(CLICK, argv, events["paired"], tmp_path / f"click{name}", env)
        assert by_fast[0] == (2 if "missing.sqlite" in argv else 0)


RUNNERS = {("event", "report"): "report_table", ("event", "drop"): "drop_player",
           ("event", "pairings"): "show_pairings", ("event", "standings"): "show_standings"}


@pytest.mark.parametrize("argv", [c[0] for c in CASES if c[2]],
                         ids=[f"{' '.join(c[0])} [{c[1]}]" for c in CASES if c[2]])
def test_click_would_call_the_same_function_with_the_same_keywords(
    argv: list[str], events: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The click command, given the same command line, calls the same function of
    cli/event_work.py with exactly the keywords the fast path builds, defaults included."""
    monkeypatch.chdir(tmp_path)
    shutil.copyfile(events["paired"], tmp_path / EV)
    monkeypatch.delenv("TT_EVENT", raising=False)
    parsed = parse(["event", *argv])
    assert parsed is not None
    shape, kwargs = parsed
    name = RUNNERS[shape.path]
    assert shape.runner == f"tt_organizer.cli.event_work:{name}"
    seen: list[dict[str, Any]] = []
    monkeypatch.setattr(event_cli, name, lambda **kw: seen.append(kw))
    result = CliRunner().invoke(cli, ["event", *argv])
    assert result.exit_code == 0, result.output
    assert seen == [kwargs]


def test_every_event_shape_is_covered() -> None:
    """Each event command has cases on both paths."""
    for path in RUNNERS:
        assert path in SHAPES
        runs = {fast for argv, _, fast in CASES if ("event", argv[0]) == path}
        assert runs == {True, False}, path
