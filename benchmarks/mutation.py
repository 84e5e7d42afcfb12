"""Mutation testing of the core, by area: how many of the tool's mutants the area's tests catch.

    python benchmarks/mutation.py [--area NAME ...] [--sample N] [--seed S] [--list]

Runs cosmic-ray (https://cosmic-ray.readthedocs.io, 8.x; installed into the running
interpreter's environment when missing -- or ``pip install -e '.[mutation]'``) over the core
modules of each area, on a COPY of the checkout in a temporary folder (cosmic-ray edits the
module on disk for each mutant; the copy is imported first through ``PYTHONPATH``, so the
working tree is never touched, even when the run is killed). Each mutant runs only its
area's fast test files (``AREAS`` below), ``-x``, under ``nice``, one at a time.

Prints, per module and per area, the mutants caught / not caught, the equivalent ones (listed
with why in ``benchmarks/mutation_equivalents.md``: no behaviour can tell them apart, so they
are out of the score) and the score = caught / (mutants - equivalent); ``--list`` prints each
mutant not caught (module:line, operator, the line). The last line is one JSON object.

Too slow for CI (a mutant costs one pytest process: 2-10 s): run it on demand. SIGINT,
SIGTERM or SIGHUP end the script's children too -- cosmic-ray and the running mutant's
pytest, each in a process group of its own -- and remove the copy (exit 128 + signal).
cosmic-ray makes thousands of mutants of these modules (213 operators); ``--sample N`` (default 40)
runs N of each module's mutants, drawn with ``--seed`` -- the same draw every run of the same
code -- ``--sample 0`` runs all of them (hours).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENTS = ROOT / "benchmarks" / "mutation_equivalents.md"
COSMIC_RAY = "cosmic-ray>=8.7,<9"


@dataclass(frozen=True)
class Area:
    """Core modules and the fast test files that must catch their mutants."""

    modules: tuple[str, ...]
    tests: tuple[str, ...]


@dataclass
class Figures:
    """One module's mutants: made (outside annotations), in annotations, run, caught..."""

    made: int = 0
    annotations: int = 0
    run: int = 0
    caught: int = 0
    timeouts: int = 0
    errors: int = 0
    equivalent: list[dict[str, object]] = field(default_factory=list)
    not_caught: list[dict[str, object]] = field(default_factory=list)


AREAS: dict[str, Area] = {
    "deck validation": Area(
        ("tt_organizer/formats/validator.py",),
        ("tests/test_validator.py", "tests/test_validator_rules.py",
         "tests/test_formats_other_games.py")),
    "ban-list page": Area(
        ("tt_organizer/banlist/page.py", "tt_organizer/banlist/history.py"),
        ("tests/test_banlist_oracle.py", "tests/test_banlist_page.py",
         "tests/test_banlist_lifts.py", "tests/test_banlist_real_page.py",
         "tests/test_banlist_page_edge_cases.py", "tests/test_banlist_validate.py",
         "tests/test_banlist_history.py", "tests/test_banlist_history_oracle.py")),
    "pairing": Area(
        ("tt_organizer/pairing/swiss.py", "tt_organizer/pairing/matching.py"),
        # the recorded rounds first: they catch most mutants in seconds (-x stops there)
        ("tests/test_pairing_recorded.py", "tests/test_pairing_brute_force.py",
         "tests/test_pairing.py", "tests/test_avoid_effect.py", "tests/test_pairing_quality.py",
         "tests/test_pairing_rules.py")),
    "standings": Area(
        ("tt_organizer/standings/tiebreakers.py", "tt_organizer/standings/policy.py"),
        ("tests/test_standings.py", "tests/test_real_event_tiebreaks.py",
         "tests/test_tiebreak_policy_cli.py", "tests/test_standings_rules.py",
         "tests/test_standings_settings.py")),
    "results": Area(
        ("tt_organizer/events/result_text.py", "tt_organizer/events/entering.py"),
        ("tests/test_event_results.py", "tests/test_event_entry.py",
         "tests/test_event_library.py", "tests/test_result_rules.py",
         "tests/test_event_edge_cases.py", "tests/test_round_clock_end.py")),
    "store transactions": Area(
        ("tt_organizer/events/store/connection.py",),
        ("tests/test_event_library.py", "tests/test_event_crash.py",
         "tests/test_shared_event_file.py", "tests/test_event_file_damage.py",
         "tests/test_store_transactions.py")),
    "phone reports": Area(
        ("tt_organizer/events/phone_reports.py",),
        ("tests/test_phone_reports.py", "tests/test_phone_dispute_final.py",
         "tests/test_serve.py")),
}


#: The process groups this script started and that may still run (each child is started in
#: a session of its own, so a signal to this script does not reach it by itself).
_GROUPS: set[int] = set()
#: While a mutant's tests run, the file holding their process group (cosmic-ray starts the
#: test command in a new session: it is no child group of ours to know otherwise).
_TESTS_GROUP = "tests.pgid"


def child(cmd: list[str] | str, **kw: object) -> subprocess.CompletedProcess[str]:
    """``subprocess.run`` in a process group of its own, ended with this script."""
    proc = subprocess.Popen(cmd, start_new_session=True, text=True,  # type: ignore[call-overload]
                            **kw)
    _GROUPS.add(proc.pid)
    try:
        out, err = proc.communicate()
    finally:
        _GROUPS.discard(proc.pid)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def end_children(work: Path | None) -> None:
    """End (SIGTERM) every process group this script started: cosmic-ray first, so that it
    starts no further mutant, then the running mutant's tests (and anything they started)."""
    groups = sorted(_GROUPS)
    mark = work / _TESTS_GROUP if work is not None else None
    if mark is not None and mark.exists():
        with contextlib.suppress(ValueError, IndexError, OSError):
            groups.append(int(mark.read_text().split()[0]))
    for pgid in groups:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pgid, signal.SIGTERM)
    _GROUPS.clear()


def on_signal(work: list[Path]) -> None:
    """SIGTERM, SIGINT and SIGHUP end this script's children, then the script (so the
    temporary copy is removed too): exit status 128 + the signal."""
    def handler(signum: int, _frame: object) -> None:
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        end_children(work[0] if work else None)
        raise SystemExit(128 + signum)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, handler)


def ensure_cosmic_ray() -> None:
    """Install cosmic-ray into this interpreter's environment unless it is there."""
    try:
        import cosmic_ray  # noqa: F401
    except ImportError:
        print(f"installing {COSMIC_RAY} ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", COSMIC_RAY], check=True)


def tool(*args: str) -> list[str]:
    """A cosmic-ray command line of this interpreter's environment (no PATH lookup)."""
    return [sys.executable, "-c", "import sys; from cosmic_ray.cli import main; "
            "sys.exit(main())", *args]


def copy_checkout(into: Path) -> Path:
    """The files the tests need, copied (no .git, no virtual environment, no caches)."""
    skip = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.pyc", ".pytest_cache",
                                  ".mypy_cache", ".ruff_cache", ".hypothesis", "site")
    target = into / "checkout"
    shutil.copytree(ROOT, target, ignore=skip)
    return target


def equivalents() -> dict[tuple[str, str, str], str]:
    """(module, operator, line text) -> why, from the table in mutation_equivalents.md."""
    out: dict[tuple[str, str, str], str] = {}
    if not EQUIVALENTS.exists():
        return out
    for line in EQUIVALENTS.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        if len(cells) == 4 and cells[0].startswith("tt_organizer/"):
            module, operator, code, why = cells
            out[(module, operator, code.strip("`").replace("\\|", "|"))] = why
    return out


def annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the annotations of a module are, if it has ``from __future__ import
    annotations`` (then they are strings, never evaluated: a mutant inside one -- ``str |
    None`` made ``str - None`` -- is equivalent by construction)."""
    tree = ast.parse(source)
    future = any(isinstance(n, ast.ImportFrom) and n.module == "__future__"
                 and any(a.name == "annotations" for a in n.names) for n in tree.body)
    if not future:
        return []
    spans = []
    for node in ast.walk(tree):
        notes: list[ast.expr | None] = []
        if isinstance(node, ast.arg):
            notes.append(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            notes.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            notes.append(node.annotation)
        for note in notes:
            if note is not None:
                spans.append(((note.lineno, note.col_offset),
                              (note.end_lineno or note.lineno, note.end_col_offset or 0)))
    return spans


def sample(session: Path, checkout: Path, per_module: int, seed: int
           ) -> tuple[dict[str, int], dict[str, int]]:
    """Mark all but ``per_module`` mutants of each module as skipped; returns how many the
    tool made per module, and how many of them were in annotations (skipped: equivalent)."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    made: dict[str, list[tuple[str, int, str]]] = {}
    in_notes: dict[str, int] = {}
    spans: dict[str, list[tuple[tuple[int, int], tuple[int, int]]]] = {}
    with use_db(str(session), WorkDB.Mode.open) as db:
        skipped = WorkResult(worker_outcome=WorkerOutcome.SKIPPED)
        notes: list[str] = []
        for item in db.pending_work_items:
            m = item.mutations[0]
            module = str(m.module_path)
            if module not in spans:
                spans[module] = annotation_spans((checkout / module).read_text("utf-8"))
            start = tuple(m.start_pos)
            if any(lo <= start < hi for lo, hi in spans[module]):
                notes.append(item.job_id)
                in_notes[module] = in_notes.get(module, 0) + 1
                continue
            made.setdefault(module, []).append((m.operator_name, m.occurrence, item.job_id))
        if notes:
            db.set_multiple_results(notes, skipped)
        for module, jobs in made.items():
            jobs.sort()  # by operator and occurrence: the draw depends on seed and code only
            keep = set(random.Random(f"{seed}:{module}").sample(jobs, per_module)) \
                if 0 < per_module < len(jobs) else set(jobs)
            drop = [job for *_key, job in (j for j in jobs if j not in keep)]
            if drop:
                db.set_multiple_results(drop, skipped)
    return {module: len(jobs) for module, jobs in made.items()}, in_notes


Key = tuple[str, str, int]  # module, operator, occurrence


def caught_before(folder: Path) -> dict[Key, str]:
    """The mutants an earlier run (``--keep FOLDER``) caught, with the line each one changed
    as it was then (from the mutant's diff)."""
    out: dict[Key, str] = {}
    for session in sorted(folder.glob("*.sqlite")):
        dump = subprocess.run(tool("dump", str(session)), capture_output=True, text=True,
                              check=True).stdout
        for text in dump.splitlines():
            item, result = json.loads(text)
            if not result or result["worker_outcome"] != "normal" \
                    or result["test_outcome"] != "killed":
                continue
            m = item["mutations"][0]
            old = changed_line(result.get("diff") or "", "-")
            if old:
                out[(m["module_path"], m["operator_name"], m["occurrence"])] = old
    return out


def carry(session: Path, checkout: Path, caught: dict[Key, str]) -> int:
    """Record as caught, without running them again, the drawn mutants an earlier run caught
    on the same line of code (the area's test files only grow: its tests still fail)."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

    done = WorkResult(worker_outcome=WorkerOutcome.NORMAL, test_outcome=TestOutcome.KILLED,
                      output="caught by the earlier run (carried)")
    jobs = []
    with use_db(str(session), WorkDB.Mode.open) as db:
        for item in db.pending_work_items:
            m = item.mutations[0]
            old = caught.get((str(m.module_path), m.operator_name, m.occurrence))
            if old is not None and line_of(checkout, str(m.module_path),
                                           m.start_pos[0]) == old:
                jobs.append(item.job_id)
        if jobs:
            db.set_multiple_results(jobs, done)
    return len(jobs)


def changed_line(diff: str, mark: str) -> str:
    """The first line a mutant's diff removes (``mark`` "-") or adds ("+"), stripped; "" if
    none."""
    return next((d[1:].strip() for d in diff.splitlines()
                 if d.startswith(mark) and not d.startswith(mark * 3)), "")


def line_of(checkout: Path, module: str, row: int) -> str:
    lines = (checkout / module).read_text(encoding="utf-8").splitlines()
    return lines[row - 1].strip() if 0 < row <= len(lines) else ""


def run_area(name: str, area: Area, checkout: Path, args: argparse.Namespace,
             known: dict[tuple[str, str, str], str]) -> dict[str, Figures]:
    """Run one area's mutants; per module the figures and the mutants not caught."""
    work = checkout / ".mutation"
    work.mkdir(exist_ok=True)
    slug = re.sub(r"[^A-Za-z0-9]+", "-", name)
    config, session = work / f"{slug}.toml", work / f"{slug}.sqlite"
    # an older checkout (the "before" figures) may lack the newer test files
    tests = " ".join(t for t in area.tests if (checkout / t).exists())
    command = (f"nice -n {args.nice} {sys.executable} -m pytest -x -q -p no:cacheprovider "
               f"{tests}")
    # cosmic-ray runs the tests in a session of their own: the shell around them notes its
    # process group while they run, for ``end_children`` (a killed run leaves no pytest)
    mark = shlex.quote(str(work / _TESTS_GROUP))
    wrapped = shlex.join(["sh", "-c", f"echo $$ > {mark}; {command}; rc=$?; rm -f {mark}; "
                                      "exit $rc"])
    config.write_text(
        "[cosmic-ray]\n"
        f"module-path = {json.dumps(list(area.modules))}\n"
        f"timeout = {args.timeout}\n"
        "excluded-modules = []\n"
        f"test-command = {json.dumps(wrapped)}\n\n"
        "[cosmic-ray.distributor]\nname = \"local\"\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONDONTWRITEBYTECODE": "1"}

    def cr(*cmd: str) -> str:
        pipe = subprocess.PIPE if cmd[0] == "dump" else None
        done = child(tool(*cmd), cwd=checkout, env=env, stdout=pipe)
        if done.returncode != 0:
            raise SystemExit(f"[{name}] cosmic-ray {cmd[0]} failed (exit {done.returncode})")
        return done.stdout or ""

    # the tests must pass unmutated, or every mutant would count as caught
    base = child(command, shell=True, cwd=checkout, env=env, stdout=subprocess.PIPE,
                 stderr=subprocess.STDOUT)
    if base.returncode != 0:
        raise SystemExit(f"[{name}] the tests fail without any mutant:\n{base.stdout[-3000:]}")
    cr("init", str(config), str(session))
    made, in_notes = sample(session, checkout, args.sample, args.seed)
    carried = carry(session, checkout, args.caught) if args.caught else 0
    if carried:
        print(f"[{name}] {carried} drawn mutants caught by the earlier run: carried",
              file=sys.stderr, flush=True)
    started = time.monotonic()
    print(f"[{name}] {sum(min(n, args.sample or n) for n in made.values())} of "
          f"{sum(made.values())} mutants; tests: {tests}", file=sys.stderr, flush=True)
    cr("exec", str(config), str(session))
    out = tally(area, session, checkout, known, made, in_notes)
    print(f"[{name}] {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    return out


def tally(area: Area, session: Path, checkout: Path, known: dict[tuple[str, str, str], str],
          made: dict[str, int], in_notes: dict[str, int]) -> dict[str, Figures]:
    """Per module of ``area``: the figures of a session, and its mutants not caught."""
    dump = subprocess.run(tool("dump", str(session)), capture_output=True, text=True,
                          check=True).stdout
    out = {m: Figures(made=made.get(m, 0), annotations=in_notes.get(m, 0))
           for m in area.modules}
    for text in dump.splitlines():
        item, result = json.loads(text)
        if result is None or result["worker_outcome"] == "skipped":
            continue
        mutation = item["mutations"][0]
        module = mutation["module_path"]
        fig = out[module]
        fig.run += 1
        if result["worker_outcome"] != "normal":
            fig.errors += 1
            continue
        if result["test_outcome"] == "killed":
            fig.caught += 1
            if (result.get("output") or "") == "timeout":
                fig.timeouts += 1
            continue
        row = int(mutation["start_pos"][0])
        diff = result.get("diff") or ""
        becomes = changed_line(diff, "+")
        # the line as it was when the mutant ran (the module may have changed since)
        code = changed_line(diff, "-") or line_of(checkout, module, row)
        entry: dict[str, object] = {
            "line": row, "operator": mutation["operator_name"], "code": code,
            "occurrence": mutation["occurrence"], "becomes": becomes}
        # a row names the line (every mutant of that operator on it), or "line -> becomes"
        # (that one mutant: the same operator may make others on the line that are not)
        why = known.get((module, mutation["operator_name"], code)) or known.get(
            (module, mutation["operator_name"], f"{code} -> {becomes}"))
        if why is not None:
            entry["why"] = why
            fig.equivalent.append(entry)
        else:
            fig.not_caught.append(entry)
    return out


def made_counts(session: Path, checkout: Path) -> tuple[dict[str, int], dict[str, int]]:
    """The mutants a kept session holds per module: outside and inside annotations."""
    from cosmic_ray.work_db import WorkDB, use_db

    made: dict[str, int] = {}
    in_notes: dict[str, int] = {}
    spans: dict[str, list[tuple[tuple[int, int], tuple[int, int]]]] = {}
    with use_db(str(session), WorkDB.Mode.open) as db:
        for item in db.work_items:
            m = item.mutations[0]
            module = str(m.module_path)
            if module not in spans:
                spans[module] = annotation_spans((checkout / module).read_text("utf-8"))
            counts = in_notes if any(lo <= tuple(m.start_pos) < hi
                                     for lo, hi in spans[module]) else made
            counts[module] = counts.get(module, 0) + 1
    return made, in_notes


def score(figs: list[Figures]) -> tuple[int, int, int, int, float | None]:
    """(run, caught, not caught, equivalent, caught / (run - equivalent - errors))."""
    run = sum(f.run for f in figs)
    caught = sum(f.caught for f in figs)
    errors = sum(f.errors for f in figs)
    equivalent = sum(len(f.equivalent) for f in figs)
    missed = sum(len(f.not_caught) for f in figs)
    judged = run - equivalent - errors
    return run, caught, missed, equivalent, (caught / judged if judged else None)


def print_figures(results: dict[str, dict[str, Figures]], args: argparse.Namespace) -> None:
    """The table per area and module (and with ``--list`` each mutant not caught), then the
    JSON summary line."""
    summary: dict[str, object] = {}
    print(f"{'area / module':44} {'notes':>5} {'made':>5} {'run':>4} {'caught':>6} "
          f"{'missed':>6} {'equiv':>5} {'score':>6}")
    for name, modules in results.items():
        run, caught, missed, equivalent, ratio = score(list(modules.values()))
        made = sum(f.made for f in modules.values())
        notes = sum(f.annotations for f in modules.values())
        print(f"{name:44} {notes:5} {made:5} {run:4} {caught:6} {missed:6} {equivalent:5} "
              f"{'-' if ratio is None else f'{ratio:.0%}':>6}")
        summary[name] = {"made": made, "run": run, "caught": caught, "not_caught": missed,
                         "equivalent": equivalent,
                         "score": None if ratio is None else round(ratio, 3)}
        for module, fig in modules.items():
            m_run, m_caught, m_missed, m_eq, m_ratio = score([fig])
            print(f"  {module:42} {fig.annotations:5} {fig.made:5} "
                  f"{m_run:4} {m_caught:6} {m_missed:6} {m_eq:5} "
                  f"{'-' if m_ratio is None else f'{m_ratio:.0%}':>6}")
            if args.list:
                for label, entries in (("NOT CAUGHT", fig.not_caught),
                                       ("equivalent", fig.equivalent)):
                    for e in entries:
                        print(f"    {label} {module}:{e['line']} {e['operator']} "
                              f"#{e['occurrence']}: {e['code']}  ->  {e['becomes']}")
    print(json.dumps({"sample": None if args.report else args.sample,
                      "seed": None if args.report else args.seed,
                      "areas": summary}))


def main(argv: list[str] | None = None) -> int:
    """Run the areas asked for (all by default) and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--area", action="append", choices=sorted(AREAS),
                        help="an area to run (repeat; default: every area)")
    parser.add_argument("--sample", type=int, default=40,
                        help="mutants run per module, drawn at random (0: all; default 40)")
    parser.add_argument("--seed", type=int, default=42, help="the draw's seed (default 42)")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds a mutant's tests may take (default 120; past it the "
                             "mutant counts as caught: the tests hung)")
    parser.add_argument("--nice", type=int, default=15, help="nice level of the test runs")
    parser.add_argument("--list", action="store_true", help="print each mutant not caught")
    parser.add_argument("--keep", type=Path, help="keep the sessions (sqlite) in this folder")
    parser.add_argument("--report", type=Path, metavar="FOLDER",
                        help="print the figures of the sessions an earlier run kept "
                             "(--keep FOLDER) instead of running anything")
    parser.add_argument("--carry", type=Path, metavar="FOLDER",
                        help="a folder an earlier run kept (--keep): the drawn mutants it "
                             "caught on a line that has not changed count as caught without "
                             "running again (use it only when the area's tests only grew)")
    args = parser.parse_args(argv)
    work: list[Path] = []  # where the running area notes its tests' process group
    on_signal(work)  # a kill ends the children and still removes the copy
    ensure_cosmic_ray()
    args.caught = caught_before(args.carry) if args.carry else {}
    known = equivalents()
    results: dict[str, dict[str, Figures]] = {}
    if args.report:  # the figures of kept sessions, read against this checkout's code
        for name in args.area or list(AREAS):
            session = args.report / f"{re.sub(r'[^A-Za-z0-9]+', '-', name)}.sqlite"
            if session.exists():
                made, in_notes = made_counts(session, ROOT)
                results[name] = tally(AREAS[name], session, ROOT, known, made, in_notes)
        print_figures(results, args)
        return 0
    with tempfile.TemporaryDirectory(prefix="tt-mutation-") as tmp:
        checkout = copy_checkout(Path(tmp))
        work.append(checkout / ".mutation")
        for name in args.area or list(AREAS):
            results[name] = run_area(name, AREAS[name], checkout, args, known)
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            for f in (checkout / ".mutation").iterdir():
                shutil.copy2(f, args.keep / f.name)
    print_figures(results, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
