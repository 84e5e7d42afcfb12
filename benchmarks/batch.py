"""Benchmark of ``tt deck check-batch``: 1,000 generated decklists in a temporary folder.

Times the in-process batch (collect + check with one loaded context), the whole
``tt deck check-batch DIR --json`` subprocess call, ``python -c pass`` and one
``tt deck validate FILE`` call, and prints decks per second.

    python benchmarks/batch.py [--decks 1000] [--seed 7] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

COLORS = ("Red", "Blue", "Yellow", "Green", "Black", "Purple")
SHAPES = ("digimoncard.io", "plain", "tts", "csv")


def _pools() -> tuple[dict[str, dict[str, list[str]]], list[str]]:
    """Card numbers by colour and type (cards without a special copy limit, not on the list)."""
    from tt_organizer.banlist.cache import load_banlist
    from tt_organizer.cards.database import load_cards

    banlist = load_banlist(None)
    listed = set(banlist.banned) | set(banlist.restricted)
    for pair in banlist.banned_pairs:
        listed |= set(pair.a) | set(pair.b)
    pools: dict[str, dict[str, list[str]]] = {c: {} for c in COLORS}
    for card in load_cards():
        if len(card.colors) != 1 or card.colors[0] not in pools or card.copy_limit is not None:
            continue
        if card.number in listed:
            continue
        pools[card.colors[0]].setdefault(card.card_type, []).append(card.number)
    return pools, list(banlist.banned)


def make_deck(rng: random.Random, pools: dict, banned: list[str]) -> tuple[list, list, bool]:
    """(main, pile, meant_legal): lists of (count, number); about one deck in three illegal."""
    pool = pools[rng.choice(COLORS)]
    options = rng.sample(pool["Option"], 3)
    digimon = rng.sample(pool["Digimon"], 12)
    main = [(4, n) for n in digimon[:10]] + [(2, digimon[10]), (4, options[0]), (4, options[1])]
    tamers = rng.sample(pool["Tamer"], rng.randint(4, 7))
    eggs = rng.sample(pool["Digi-Egg"], 2)
    egg_total = rng.randint(2, min(5, 12 - len(tamers)))
    pile = [(1, n) for n in tamers] + [(egg_total - egg_total // 2, eggs[0])]
    if egg_total // 2:
        pile.append((egg_total // 2, eggs[1]))
    fault = rng.randrange(9)
    if fault == 0:
        main.append((1, rng.choice(banned)))  # BANNED + MAIN_SIZE
    elif fault == 1:
        main[0] = (5, main[0][1])  # MAIN_COPIES + MAIN_SIZE
    elif fault == 2:
        pile = [(1, n) for n in tamers[:3]] + pile[len(tamers):]  # too few Tamers
    return main, pile, fault > 2


def render(main: list, pile: list, shape: str) -> tuple[str, str]:
    """(suffix, text) of a decklist in one of the shapes the parser reads."""
    if shape == "tts":
        items = ["Exported from https://digimoncard.dev"]
        items += [n for c, n in main + pile for _ in range(c)]
        return ".json", json.dumps(items)
    if shape == "csv":
        rows = ["count,number,section"]
        rows += [f"{c},{n},main" for c, n in main] + [f"{c},{n},pile" for c, n in pile]
        return ".csv", "\n".join(rows) + "\n"
    if shape == "plain":
        lines = ["Main deck", *(f"{c}x {n}" for c, n in main), "Tamers & Eggs"]
        lines += [f"{c}x {n}" for c, n in pile]
        return ".txt", "\n".join(lines) + "\n"
    lines = ["// Digimon Deck List", *(f"{c} Card {n}" for c, n in main), "// Egg Deck"]
    lines += [f"{c} Card {n}" for c, n in pile]
    return ".txt", "\n".join(lines) + "\n"


def generate(folder: Path, decks: int, seed: int) -> int:
    """Write ``decks`` decklists to ``folder``; return how many are meant to be legal."""
    rng = random.Random(seed)
    pools, banned = _pools()
    legal = 0
    for i in range(decks):
        main, pile, ok = make_deck(rng, pools, banned)
        legal += ok
        suffix, text = render(main, pile, SHAPES[i % len(SHAPES)])
        (folder / f"player-{i:04d}{suffix}").write_text(text, encoding="utf-8")
    return legal


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    """Generate, time and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    tt = shutil.which("tt", path=str(Path(sys.executable).parent)) or shutil.which("tt")
    if tt is None:
        sys.exit("the `tt` command is not installed next to this Python")
    with tempfile.TemporaryDirectory(prefix="tt-bench-") as tmp:
        folder = Path(tmp) / "decks"
        folder.mkdir()
        meant_legal = generate(folder, args.decks, args.seed)
        one = next(folder.glob("*.txt"))

        from tt_organizer.batch import batch_summary, check_batch
        from tt_organizer.formats.check import load_context

        rows: list = []

        def in_process() -> None:
            rows[:] = check_batch([folder], load_context())

        t_lib = best_of(args.repeat, in_process)
        counts = batch_summary(rows)

        def cli_batch() -> None:
            done = subprocess.run([tt, "deck", "check-batch", str(folder), "--json"],
                                  capture_output=True, check=False)
            if done.returncode not in (0, 1):
                raise SystemExit(done.stderr.decode())

        t_cli = best_of(args.repeat, cli_batch)
        t_pass = best_of(args.repeat, lambda: subprocess.run(
            [sys.executable, "-c", "pass"], check=True))
        t_one = best_of(args.repeat, lambda: subprocess.run(
            [tt, "deck", "validate", str(one)], capture_output=True, check=False))

    n = args.decks
    print(f"{n} generated decklists ({', '.join(SHAPES)}); {meant_legal} meant legal")
    print(f"result: {counts['legal']} legal, {counts['illegal']} illegal, "
          f"{counts['unreadable']} unreadable")
    print(f"in-process batch (load once + check):   {t_lib:7.3f} s  {n / t_lib:8.0f} decks/s")
    print(f"`tt deck check-batch DIR --json`:        {t_cli:7.3f} s  {n / t_cli:8.0f} decks/s")
    print(f"`python -c pass`:                        {t_pass:7.3f} s")
    print(f"one `tt deck validate FILE`:             {t_one:7.3f} s")
    print(f"the batch call costs {t_cli / t_one:.1f} x one validate call "
          f"({t_cli / t_pass:.1f} x a bare Python start-up); "
          f"{n} validate calls would take about {n * t_one:.0f} s")


if __name__ == "__main__":
    main()
