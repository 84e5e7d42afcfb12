"""Benchmark of the ``tt`` command line, side by side in one run, as ratios to ``tt --help``.

Every figure is the median wall time of N fresh processes (``subprocess.run``), in ms, and its
ratio to ``tt --help`` measured in the same run -- click's own floor: Python, click and the
command group, nothing of a command; beside it the median CPU time (user + system) of those
processes and its ratio, which a busy shared machine disturbs less. The targets of issue 23
are checked at the end (``ok`` / ``OVER``, on the CPU ratio and on the wall time of the bulk
commands); a command with a ratio target runs each time right after a ``tt --help`` run, and its
ratio is taken to the median CPU time of those interleaved runs (both see the same moments of
a shared machine, whose load moves the two differently).
Measured: bare start-up, ``tt --help``,
``tt deck validate`` on one deck (table and ``--json``), then at each event size (64, 1,024 and
4,096 players by default) ``report`` (one table), ``drop``, ``pairings --json``,
``standings`` (table and ``--json``), ``pair`` (the next round), ``export`` (.xlsx),
``report --from`` (a results sheet of a whole round) and ``register --from`` (a sign-up sheet
with a decklist per player), and ``check-batch`` of a folder of generated decklists (table,
``--json``, ``--out .xlsx`` and ``--jobs 1``).

The events are built with library calls (registered with decks, three rounds reported, round 4
paired) and cached in a temporary folder (``--cache DIR`` keeps them between runs). A command
that changes the event runs on a fresh copy of it each time (copied outside the timing), except
``report`` and ``drop``, which take a different table / player each run.

    python benchmarks/cli.py [--quick] [--runs N] [--sizes 64,1024,4096] [--batch 10000]
                             [--only 'report,drop,pairings,standings,pair,register']

Every process runs with ``PYTHONDONTWRITEBYTECODE`` taken out of its environment (a machine
may set it, and then every ``tt`` process compiles every module it imports from source again:
about 35 ms that no installed copy pays), after the package has been byte-compiled once and
each command has run once untimed (its warm-up), so the bytecode cache is warm when timing.

Prints a table, then as the LAST line one JSON object of every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
SAMPLE = ROOT / "samples" / "legal-red-tamer-tactics.txt"
PLAYED_ROUNDS = 3  # rounds reported before the measured round (round 4, paired, unreported)
BASE = "tt --help"
# the timed processes may write and always read the bytecode cache (see the docstring)
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
# issue 23's targets: label -> ("x", most times tt --help) or ("s", most seconds of wall time)
TARGETS = {
    "deck validate (table)": ("x", 2.0), "deck validate --json": ("x", 2.0),
    "4096: report TABLE 2-0": ("x", 2.0), "4096: drop": ("x", 2.0),
    "4096: pairings --json": ("x", 2.0), "4096: standings": ("x", 3.0),
    "1024: report --from (1 round)": ("s", 1.0), "4096: register --from": ("s", 3.0),
}


def tt_command() -> list[str]:
    """The installed ``tt`` script next to this Python, else ``python -m tt_organizer``."""
    script = Path(sys.executable).with_name("tt")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tt_organizer"]


def median_ms(cmd: Sequence[str], runs: int, setup: Callable[[int], None] | None = None,
              ok: tuple[int, ...] = (0,), offset: int = 0, patience: float = 20.0,
              paired: Sequence[str] | None = None) -> tuple[float, float, float | None]:
    """Median wall time of ``cmd`` over ``runs`` fresh processes after one warm-up; ``setup(i)``
    runs untimed before run ``i`` (-1 for the warm-up). In ``cmd``, ``{i}`` is the run's number
    counted from ``offset + 1`` and ``{i5}`` the same with five digits. A command whose warm-up
    takes over ``patience`` seconds is timed by that one run. A bad exit code stops the
    benchmark. ``paired``: a baseline command run just before each timed run (untimed for the
    command, its CPU time kept apart), so that both see the same moment of a shared machine.
    Returns (wall ms, CPU ms, the baseline's median CPU ms or None): the CPU time (user +
    system) of the process is what the other loads of a shared machine disturb least."""
    times, cpu, base_cpu = [], [], []
    for i in range(-1, runs):
        if setup is not None:
            setup(i)
        if paired is not None:
            used = _children_cpu()
            subprocess.run(paired, capture_output=True, check=False, env=CHILD_ENV)
            base_cpu.append((_children_cpu() - used) * 1000)
        k = i + 2 + offset
        argv = [a.replace("{i}", str(k)).replace("{i5}", f"{k:05d}") for a in cmd]
        used = _children_cpu()
        start = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, check=False, env=CHILD_ENV)
        elapsed = (time.perf_counter() - start) * 1000
        used = (_children_cpu() - used) * 1000
        if done.returncode not in ok:
            raise SystemExit(f"{' '.join(argv)} exited {done.returncode}:\n"
                             f"{done.stderr.decode(errors='replace')[-2000:]}")
        if i >= 0 or elapsed > patience * 1000:
            times.append(elapsed)
            cpu.append(used)
        if elapsed > patience * 1000:
            break
    return (statistics.median(times), statistics.median(cpu),
            statistics.median(base_cpu[1:]) if len(base_cpu) > 1 else None)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# --- building the events (library calls) ----------------------------------------------------


def _deck_text() -> str:
    return SAMPLE.read_text(encoding="utf-8")


def build_event(folder: Path, players: int) -> dict[str, Path]:
    """Event files for ``players``: ``empty`` (created, nobody registered), ``mid`` (three
    rounds reported, round 4 paired and unreported) and ``done`` (round 4 reported too)."""
    from tt_organizer.events import entering, setup, status, store
    from tt_organizer.events.players import register_player
    from tt_organizer.events.rounds import pair_next_round

    folder.mkdir(parents=True, exist_ok=True)
    files = {k: folder / f"{k}.db" for k in ("empty", "mid", "done")}
    if all(p.exists() for p in files.values()):
        return files
    for p in folder.iterdir():
        p.unlink()
    setup.create_event(files["empty"], f"Bench {players}", best_of=3, seed=players)
    shutil.copyfile(files["empty"], files["mid"])
    deck = _deck_text()
    with store.connect(files["mid"]) as conn, store.transaction(conn):
        for i in range(players):
            register_player(conn, f"Player {i:05d}", ext_id=f"ID{i:05d}",
                                    deck_text=deck, deck_source=f"deck-{i}.txt")
    results = ("2-0", "2-1", "1-2", "0-2", "draw")
    with store.connect(files["mid"]) as conn:
        for rnd in range(1, PLAYED_ROUNDS + 2):
            matches = pair_next_round(conn)
            if rnd > PLAYED_ROUNDS:
                break
            with store.transaction(conn):
                for m in matches:
                    if m.player2 is not None:
                        entering.report_result(conn, m.table, results[(m.table + rnd) % 5])
    shutil.copyfile(files["mid"], files["done"])
    with store.connect(files["done"]) as conn, store.transaction(conn):
        for m in status.status(conn)["missing"]:
            entering.report_result(conn, m, results[m % 5])
    for p in files.values():  # fold the WAL back so a plain file copy is the whole event
        with store.connect(p) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return files


def write_results_sheet(event: Path, out: Path) -> int:
    """A ``Round 4`` results sheet (.xlsx) filling every table of the event's round 4."""
    from openpyxl import Workbook

    from tt_organizer.events.store import load_snapshot

    snap = load_snapshot(event)
    wb = Workbook()
    ws = wb.active
    ws.title = f"Round {PLAYED_ROUNDS + 1}"
    ws.append(["Table", "Player 1", "Player 2", "Result"])
    rows = 0
    for m in snap.matches:
        if m.round == PLAYED_ROUNDS + 1 and m.stage == "swiss" and m.table > 0:
            p2 = snap.name(m.player2) if m.player2 is not None else "BYE"
            ws.append([m.table, snap.name(m.player1), p2,
                       "bye" if m.player2 is None else ("2-1" if m.table % 2 else "0-2")])
            rows += 1
    wb.save(out)
    return rows


def write_signup_sheet(players: int, out: Path) -> None:
    """A sign-up sheet (.xlsx): name, id and the decklist pasted into its cell."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Sign-ups"
    ws.append(["Name", "Player ID", "Decklist"])
    deck = _deck_text()
    for i in range(players):
        ws.append([f"Signup {i:05d}", f"S{i:05d}", deck])
    wb.save(out)


# --- the run -------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Build, time and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="3 runs, 64 and 256 players, 500 decks (a smoke run)")
    parser.add_argument("--runs", type=int, default=None, help="processes per figure (7)")
    parser.add_argument("--sizes", default=None, help="players per event (64,1024,4096)")
    parser.add_argument("--batch", type=int, default=None,
                        help="decklists for check-batch (10000; 0 skips it)")
    parser.add_argument("--cache", default=None, help="keep the built events in this folder")
    parser.add_argument("--bulk-sizes", default=None,
                        help="sizes at which export / report --from / register --from run "
                        "(default every size; '' none)")
    parser.add_argument("--tt", default=None,
                        help="the tt script to time (default the one next to this Python), "
                        "e.g. another checkout's, to compare before and after")
    parser.add_argument("--only", default=None,
                        help="time only the commands whose label holds one of these "
                        "comma-separated words (bare start-up always), e.g. 'report,pair'")
    parser.add_argument("--patience", type=float, default=20.0,
                        help="seconds; a slower command is timed by its warm-up run alone")
    args = parser.parse_args(argv)
    runs = args.runs or (3 if args.quick else 7)
    sizes = [int(s) for s in (("64,256" if args.quick else "64,1024,4096")
                              if args.sizes is None else args.sizes).split(",") if s]
    batch = args.batch if args.batch is not None else (500 if args.quick else 10_000)
    bulk = sizes if args.bulk_sizes is None else [int(n) for n in args.bulk_sizes.split(",") if n]
    tt = [args.tt] if args.tt else tt_command()
    figures: dict[str, float] = {}
    cpu_figures: dict[str, float] = {}
    lines: list[tuple[str, float, float]] = []

    only = [w for w in (args.only or "").split(",") if w]

    paired_base: dict[str, float] = {}  # a ratio target's own interleaved `tt --help` CPU ms

    def measure(label: str, cmd: Sequence[str], n: int = runs, **kw: object) -> None:
        if only and label not in ("python -c pass", BASE) and not any(w in label for w in only):
            return
        pair = [*tt, "--help"] if TARGETS.get(label, ("",))[0] == "x" else None
        ms, cpu, base_cpu = median_ms(cmd, n, patience=args.patience, paired=pair,
                                      **kw)  # type: ignore[arg-type]
        figures[label] = round(ms, 1)
        cpu_figures[label] = round(cpu, 1)
        if base_cpu is not None:
            paired_base[label] = round(base_cpu, 1)
        lines.append((label, ms, cpu))
        print(f"  {label:<40} {ms:9.1f} ms  (CPU {cpu:.1f} ms)", file=sys.stderr, flush=True)

    # byte-compile the package as installing it does; the warm-up run of each command (with
    # PYTHONDONTWRITEBYTECODE taken out, CHILD_ENV) writes the cache of anything else it imports
    import compileall

    import tt_organizer

    compileall.compile_dir(Path(tt_organizer.__file__).parent, quiet=1)
    tmp_ctx = tempfile.TemporaryDirectory(prefix="tt-bench-cli-")
    cache = Path(args.cache) if args.cache else Path(tmp_ctx.name)
    work = Path(tmp_ctx.name) / "work"
    work.mkdir(parents=True, exist_ok=True)
    try:
        measure("python -c pass", [sys.executable, "-c", "pass"], max(runs, 11))
        measure("tt --help", [*tt, "--help"], max(runs, 11))
        measure("deck validate (table)", [*tt, "deck", "validate", str(SAMPLE)], max(runs, 11))
        measure("deck validate --json", [*tt, "deck", "validate", "--json", str(SAMPLE)],
                max(runs, 11))
        for n in sizes:
            print(f"building the {n}-player event …", file=sys.stderr, flush=True)
            files = build_event(cache / f"event-{n}", n)
            mid = work / "mid.db"
            shutil.copyfile(files["mid"], mid)
            ev = ["--event", str(mid)]
            sheet = cache / f"event-{n}" / "round4.xlsx"
            if not sheet.exists():
                write_results_sheet(files["mid"], sheet)
            signup = cache / f"event-{n}" / "signup.xlsx"
            if not signup.exists():
                write_signup_sheet(n, signup)

            def fresh(src: Path, dst: Path = work / "copy.db") -> Callable[[int], None]:
                def setup(_: int) -> None:
                    for suffix in ("", "-wal", "-shm"):
                        Path(f"{dst}{suffix}").unlink(missing_ok=True)
                    shutil.copyfile(src, dst)
                return setup

            copy = ["--event", str(work / "copy.db")]
            # report / drop take a different table / player each run ({i} counts from 1)
            measure(f"{n}: report TABLE 2-0", [*tt, "event", "report", "{i}", "2-0", *ev])
            measure(f"{n}: report --json", [*tt, "event", "report", "{i}", "2-1", "--json",
                                            *ev], offset=runs + 1)
            measure(f"{n}: drop", [*tt, "event", "drop", "--id", "ID{i5}", *ev])
            measure(f"{n}: pairings --json", [*tt, "event", "pairings", "--json", *ev])
            measure(f"{n}: standings", [*tt, "event", "standings", *ev])
            measure(f"{n}: standings --json", [*tt, "event", "standings", "--json", *ev])
            measure(f"{n}: pair", [*tt, "event", "pair", *copy], setup=fresh(files["done"]))
            if n not in bulk:
                continue
            measure(f"{n}: export .xlsx", [*tt, "event", "export", str(work / "out.xlsx"), *ev])
            measure(f"{n}: report --from (1 round)",
                    [*tt, "event", "report", "--from", str(sheet), *copy],
                    n=max(3, runs // 2), setup=fresh(files["mid"]))
            measure(f"{n}: register --from",
                    [*tt, "event", "register", "--from", str(signup), *copy],
                    n=max(3, runs // 2), setup=fresh(files["empty"]))
        if batch:
            from batch import generate  # benchmarks/batch.py

            decks = cache / f"decks-{batch}"
            if not decks.exists():
                decks.mkdir()
                generate(decks, batch, 7)
            measure(f"check-batch {batch} decks (table)",
                    [*tt, "deck", "check-batch", str(decks)], n=3, ok=(0, 1))
            measure(f"check-batch {batch} decks --json",
                    [*tt, "deck", "check-batch", "--json", str(decks)], n=3, ok=(0, 1))
            measure(f"check-batch {batch} decks --out .xlsx",
                    [*tt, "deck", "check-batch", "--out", str(work / "batch.xlsx"), str(decks)],
                    n=3, ok=(0, 1))
            measure(f"check-batch {batch} decks --jobs 1 (serial)",
                    [*tt, "deck", "check-batch", "--jobs", "1", str(decks)], n=3, ok=(0, 1))
    finally:
        tmp_ctx.cleanup()

    base = figures[BASE]
    cpu_base = cpu_figures[BASE]
    print(f"\n{'command':<42} {'wall ms':>9} {'× help':>7} {'CPU ms':>9} {'× help':>7}  target")
    for label, ms, cpu in lines:
        kind, limit = TARGETS.get(label, ("", 0.0))
        if kind == "x":  # against the `tt --help` runs interleaved with this command's
            ratio = cpu / paired_base.get(label, cpu_base)
            target = (f"≤ {limit:g}×: {'ok' if ratio <= limit else 'OVER'} "
                      f"({ratio:.2f}× interleaved help)")
        elif kind == "s":
            target = f"≤ {limit:g} s: {'ok' if ms <= limit * 1000 else 'OVER'}"
        else:
            target = ""
        print(f"{label:<42} {ms:9.1f} {ms / base:7.2f} {cpu:9.1f} {cpu / cpu_base:7.2f}  {target}")
    print(json.dumps({"runs": runs, "sizes": sizes, "ms": figures, "cpu_ms": cpu_figures,
                      "ratio": {k: round(v / base, 2) for k, v in figures.items()},
                      "cpu_ratio": {k: round(v / cpu_base, 2) for k, v in cpu_figures.items()},
                      "paired_help_cpu_ms": paired_base,
                      "paired_cpu_ratio": {k: round(cpu_figures[k] / v, 2)
                                           for k, v in paired_base.items()}}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
