"""Simulate two Tamer Tactics events through the real ``tt event`` CLI, then print
``tt stats`` over them, export each as a dataset (``tt stats export``) and draw the report of
the two datasets pooled (``tt stats report``): the outputs shown in docs/stats.md.

    python scripts/stats_demo.py OUT_DIR

The players, decks and pairings are real; the game results are simulated with a 57%
first-player advantage, so the figures illustrate the report, not the format.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from tt_organizer.banlist.cache import load_banlist
from tt_organizer.cards.database import load_cards

TT = [sys.executable, "-m", "tt_organizer"]
COLOURS = ["Red", "Blue", "Yellow", "Green", "Black", "Purple"]
SPLITS = [(7, 2), (6, 3), (5, 4), (4, 5)]
FIRST_PLAYER_EDGE = 0.57  # simulated first-player win rate


def tt(*args: str) -> str:
    """Run one ``tt`` command; stop on any failure."""
    done = subprocess.run([*TT, *args], capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"tt {' '.join(args)}: {done.stdout}{done.stderr}")
    return done.stdout


class Demo:
    """Generates legal decks of real cards and plays events with random results."""

    def __init__(self, out: Path, seed: int = 2026) -> None:
        self.out = out
        self.rng = random.Random(seed)
        banlist = load_banlist(pick="2026-03-16")
        self.listed = (set(banlist.banned) | set(banlist.restricted)
                       | {n for p in banlist.banned_pairs for n in (*p.a, *p.b)})
        self.cards = list(load_cards())

    def pool(self, kind: str, colour: str) -> list[str]:
        return [c.number for c in self.cards if c.card_type == kind and c.colors == (colour,)
                and c.number not in self.listed and c.copy_limit is None]

    def deck(self, colour: str, tamers: int, eggs: int) -> str:
        r = self.rng
        digimon, options, tamer_pool, egg_pool = (
            self.pool(k, colour) for k in ("Digimon", "Option", "Tamer", "Digi-Egg"))
        chosen = r.sample(digimon[:30], 11)
        opts = r.sample(options[:8], 2)
        main = [(4, n) for n in chosen[:10]] + [(2, chosen[10]), (4, opts[0]), (4, opts[1])]
        egg = r.sample(egg_pool[:6], 2)
        pile = [(1, n) for n in r.sample(tamer_pool[:10], tamers)] + [(min(4, eggs), egg[0])]
        if eggs > 4:
            pile.append((eggs - 4, egg[1]))
        return ("// Digimon Deck List\n" + "".join(f"{c} {n}\n" for c, n in main)
                + "// Tamer + Digi-Egg pile\n" + "".join(f"{c} {n}\n" for c, n in pile))

    def match(self, with_first: bool) -> list[str]:
        r = self.rng
        games: list[tuple[str, str, int]] = []
        score = {"P1": 0, "P2": 0}
        while max(score.values()) < 2:
            first = r.choice(["P1", "P2"])
            other = "P2" if first == "P1" else "P1"
            winner = first if r.random() < FIRST_PLAYER_EDGE else other
            games.append((first, winner, r.choice([5, 6, 6, 7, 7, 7, 8, 8, 9, 10, 11])))
            score[winner] += 1
        args = [f"{score['P1']}-{score['P2']}", "--winners", ",".join(g[1] for g in games),
                "--turns", ",".join(str(g[2]) for g in games)]
        if with_first:
            args += ["--first", ",".join(g[0] for g in games)]
        return args

    def event(self, name: str, file: str, players: int, rounds: int, first_share: float) -> Path:
        path = self.out / file
        path.unlink(missing_ok=True)
        ev = ["--event", str(path)]
        tt("event", "create", name, "--rounds", str(rounds), "--top-cut", "0", "--seed", "11",
           "--banlist", "2026-03-16", *ev)
        for i in range(players):
            colour = COLOURS[self.rng.randrange(len(COLOURS))]
            tamers, eggs = SPLITS[self.rng.randrange(len(SPLITS))]
            deck = self.out / f"{path.stem}-{i:02d}.txt"
            deck.write_text(self.deck(colour, tamers, eggs), encoding="utf-8")
            tt("event", "register", f"{name.split()[0]} player {i + 1:02d}", "--deck",
               str(deck), *ev)
        for _ in range(rounds):
            tt("event", "pair", *ev)
            for m in json.loads(tt("event", "pairings", "--json", *ev)):
                if m["player2"] is not None:
                    with_first = self.rng.random() < first_share
                    tt("event", "report", str(m["table"]), *self.match(with_first), *ev)
        return path


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "stats-demo")
    out.mkdir(parents=True, exist_ok=True)
    demo = Demo(out)
    spring = demo.event("Spring Cup 2026", "spring.sqlite", 16, 4, 1.0)
    club = demo.event("Club Night 7", "club.sqlite", 10, 3, 0.6)
    print(tt("stats", str(spring), str(club), "--out", str(out / "stats.xlsx")))
    print(tt("stats", "export", str(spring), "-o", str(out / "spring-data")))
    print(tt("stats", "export", str(club), "-o", str(out / "club-data")))
    print(tt("stats", "report", str(out / "spring-data"), str(out / "club-data"), "-o",
             str(out / "report.pdf")))


if __name__ == "__main__":
    main()
