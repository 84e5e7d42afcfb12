"""Benchmark: what reading tt in Spanish costs, side by side with English in one run.

Median wall and CPU time (user + system) of N fresh processes, in ms, of
``tt deck validate samples/illegal-deck.txt`` (the human report) and ``tt event standings``
on an event of ``--players`` players (three rounds reported), each with ``LANG=C`` and
``LANG=es_ES.UTF-8``, the runs interleaved; printed with the Spanish / English ratio, then the
in-process cost of one message lookup (``i18n.gettext``) in each language.

    python benchmarks/languages.py [--runs 15] [--players 512]

Prints a table, then as the LAST line one JSON object of every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TT = str(Path(sys.executable).with_name("tt"))
LANGS = {"en": "C", "es": "es_ES.UTF-8"}


def _event(path: Path, players: int) -> Path:
    from tt_organizer.events import entering, setup, store
    from tt_organizer.events.players import register_player
    from tt_organizer.events.rounds import pair_next_round

    setup.create_event(path, "Bench", seed=3, rounds=5)
    with store.connect(path) as conn:
        for i in range(players):
            register_player(conn, f"Player {i:04d}")
        for _ in range(3):
            for m in pair_next_round(conn):
                if m.player2 is not None:
                    entering.report_result(conn, m.table, "2-1")
    return path


def _run(args: list[str], lang: str) -> tuple[float, float]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update({"LANG": lang, "COLUMNS": "200"})
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([TT, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--players", type=int, default=512)
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        event = _event(Path(tmp) / "bench.sqlite", opts.players)
        commands = {
            "deck validate": ["deck", "validate", str(ROOT / "samples" / "illegal-deck.txt")],
            f"event standings ({opts.players})": ["event", "standings", "--event", str(event)],
        }
        figures: dict[str, dict[str, float]] = {}
        for name, args in commands.items():
            times: dict[str, list[tuple[float, float]]] = {lang: [] for lang in LANGS}
            for _ in range(opts.runs):  # interleaved: a busy machine disturbs both alike
                for lang, value in LANGS.items():
                    times[lang].append(_run(args, value))
            row: dict[str, float] = {}
            for lang in LANGS:
                row[f"{lang}_wall_ms"] = statistics.median(w for w, _ in times[lang])
                row[f"{lang}_cpu_ms"] = statistics.median(c for _, c in times[lang])
            row["es_en_wall"] = row["es_wall_ms"] / row["en_wall_ms"]
            row["es_en_cpu"] = row["es_cpu_ms"] / row["en_cpu_ms"]
            figures[name] = row
    from tt_organizer import i18n

    for lang in LANGS:
        with i18n.using(lang):
            i18n.gettext("Table")  # the catalog read once
            start = time.perf_counter()
            for _ in range(100_000):
                i18n.gettext("Table")
            figures[f"gettext ({lang})"] = {
                "us_per_call": (time.perf_counter() - start) / 100_000 * 1e6}
    print(f"{'what':32} {'en wall':>9} {'es wall':>9} {'es/en':>6} {'en cpu':>8} {'es cpu':>8}"
          f" {'es/en':>6}")
    for name, row in figures.items():
        if "us_per_call" in row:
            print(f"{name:32} {row['us_per_call']:8.2f} µs per message")
            continue
        print(f"{name:32} {row['en_wall_ms']:9.1f} {row['es_wall_ms']:9.1f} "
              f"{row['es_en_wall']:6.2f} {row['en_cpu_ms']:8.1f} {row['es_cpu_ms']:8.1f} "
              f"{row['es_en_cpu']:6.2f}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
