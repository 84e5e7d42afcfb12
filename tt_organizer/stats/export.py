"""``tt stats export``: the per-game dataset as files to share, and reading them back to pool.

A dataset folder holds

* ``games.json`` - the whole dataset (events, decks, games): what ``tt stats`` reads back;
* ``schema.json`` - its JSON Schema (:data:`SCHEMA_PATH`, version :data:`VERSION`);
* ``games.csv`` - one row per game with its event and both decks' Tamers and colours;
* ``decks.csv`` - one row per registered deck;
* ``README.md`` - what every column means.

The CSV files are for spreadsheets and R; the JSON file is the one a pool reads, so there is
one reader. Players appear only as identifiers (:func:`tt_organizer.stats.dataset.anonymize`).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tt_organizer.atomic import atomic_write, make_folder, write_json_atomic
from tt_organizer.errors import InputError
from tt_organizer.sheets.cell_text import safe_text
from tt_organizer.stats.dataset import DRAW, DeckRow, EventData, GameRow, anonymize

DATASET = "tt-organizer/game-data"
VERSION = 1
SCHEMA_PATH = Path(__file__).with_name("dataset.schema.json")
MAX_DATASET_BYTES = 256 * 1024 * 1024
FILES = ("games.json", "schema.json", "games.csv", "decks.csv", "README.md")

GAME_COLUMNS = (
    "event", "event_name", "event_date", "format", "format_version", "best_of", "stage",
    "round", "table", "game", "p1", "p2", "first", "winner", "turns",
    "p1_tamers", "p1_colours", "p1_split", "p2_tamers", "p2_colours", "p2_split",
)
DECK_COLUMNS = ("event", "player", "colours", "tamers", "split", "cards")

README = """# Tamer Tactics per-game dataset (version {version})

Written by {tool} on {exported_at}: {events} event(s), {games} games
played, {detailed} of them with who went first or the turn they ended.

Players are identifiers (`p` + 10 hex digits) that are the same within one event and mean
nothing outside it: an HMAC-SHA256 of the player under a random key made for this export of
that event and kept nowhere. There is no player name, PIN or membership id in these files.

* `games.json` - everything below in one file, checked by `schema.json` (JSON Schema 2020-12).
  tt-organizer's statistics read it and pool it with other datasets and event files.
* `games.csv` - one row per game played (a match drawn without a game, `0-0-0`, has none),
  with these columns in this order:
  * `event` - id of the event, the same on every export of it;
  * `event_name`, `event_date`, `format`, `format_version`, `best_of` - the event's;
  * `stage` - swiss / top-cut; `round`; `table`; `game` - 1-3 in the match;
  * `p1`, `p2` - the seats' identifiers (P1 is the first name on the pairing);
  * `first` - P1 / P2 who went first (empty = not recorded);
  * `winner` - P1 / P2 / draw (empty = not recorded);
  * `turns` - turn on which the game ended (empty = not recorded);
  * `p1_tamers` - the card numbers of the Tamers of seat P1's deck, `;`-separated;
  * `p1_colours` - seat P1's deck colours, `;`-separated;
  * `p1_split` - seat P1's pile split, Tamers/Digi-Eggs in cards;
  * `p2_tamers`, `p2_colours`, `p2_split` - the same for seat P2.

  The six deck columns are empty when that seat has no registered deck. A game of a match
  reported without per-game details is a row with `first`, `winner` and `turns` empty (for a
  sweep such as 2-0 the winner is filled in).
* `decks.csv` - one row per registered deck, with these columns in this order: `event` (the
  event's id), `player`, `colours` (`;`-separated), `tamers` (card numbers, `;`-separated),
  `split` (Tamers/Digi-Eggs in cards), `cards` (`NUMBER xCOUNT` for every card, main deck and
  pile together, `;`-separated).
"""


def _event_json(e: EventData) -> dict[str, Any]:
    return {
        "id": e.id, "name": e.name, "date": e.date, "format": e.format,
        "format_version": e.format_version, "best_of": e.best_of, "players": e.players,
        "matches": e.matches, "games_played": len(e.games),
        "decks": [{"player": d.player, "colours": list(d.colours), "tamers": list(d.tamers),
                   "split": d.split, "cards": d.cards} for d in e.decks],
        "games": [{"stage": g.stage, "round": g.round, "table": g.table, "game": g.game,
                   "p1": g.p1, "p2": g.p2, "first": g.first, "winner": g.winner,
                   "turns": g.turns} for g in e.games],
    }


def dataset_json(events: Sequence[EventData], *, exported_at: str | None = None
                 ) -> dict[str, Any]:
    """The ``games.json`` document of ``events`` (already anonymized)."""
    from tt_organizer import __version__

    return {
        "dataset": DATASET, "version": VERSION,
        "exported_at": exported_at or dt.datetime.now(dt.timezone.utc).strftime(
            "%Y-%m-%dT%H:%M:%SZ"),
        "tool": f"tt-organizer {__version__}",
        "events": [_event_json(e) for e in events],
    }


def _csv(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if v is None else safe_text(v) for v in row])
    return out.getvalue()


def _game_rows(events: Sequence[EventData]) -> list[list[object]]:
    rows: list[list[object]] = []
    for e in events:
        decks = {d.player: d for d in e.decks}
        for g in e.games:
            sides: list[object] = []
            for key in (g.p1, g.p2):
                d = decks.get(key)
                sides += ([";".join(d.tamers), ";".join(d.colours), d.split]
                          if d is not None else [None, None, None])
            rows.append([e.id, e.name, e.date, e.format, e.format_version, e.best_of, g.stage,
                         g.round, g.table, g.game, g.p1, g.p2, g.first, g.winner, g.turns,
                         *sides])
    return rows


@dataclass(frozen=True)
class Written:
    """What :func:`write_dataset` wrote."""

    folder: Path
    events: int
    games: int
    detailed: int  # games with who went first or their length

    def to_dict(self) -> dict[str, Any]:
        """The ``tt stats export --json`` shape."""
        return {"folder": str(self.folder), "files": list(FILES), "events": self.events,
                "games": self.games, "games_detailed": self.detailed}


def write_dataset(events: Sequence[EventData], folder: str | Path, *,
                  anonymized: bool = False) -> Written:
    """Write the dataset of ``events`` into ``folder`` (created if needed; each file atomically).
    Unless ``anonymized``, every event's players are replaced by fresh identifiers first."""
    out = make_folder(folder)
    shared = list(events) if anonymized else [anonymize(e) for e in events]
    doc = dataset_json(shared)
    write_json_atomic(out / "games.json", doc)
    write_json_atomic(out / "schema.json", json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    deck_rows = [[e.id, d.player, ";".join(d.colours), ";".join(d.tamers), d.split,
                  ";".join(f"{n} x{c}" for n, c in d.cards.items())]
                 for e in shared for d in e.decks]
    games = [g for e in shared for g in e.games]
    detailed = sum(1 for g in games if g.detailed)
    texts = {
        "games.csv": _csv(GAME_COLUMNS, _game_rows(shared)),
        "decks.csv": _csv(DECK_COLUMNS, deck_rows),
        "README.md": README.format(version=VERSION, tool=doc["tool"],
                                   exported_at=doc["exported_at"], events=len(shared),
                                   games=len(games), detailed=detailed),
    }
    for name, text in texts.items():
        with atomic_write(out / name) as tmp:
            tmp.write_text(text, encoding="utf-8")
    return Written(out, len(shared), len(games), detailed)


# --- reading a dataset back ---------------------------------------------------------------


def is_dataset(path: str | Path) -> bool:
    """True when ``path`` is a dataset folder or a ``.json`` file (else an event file)."""
    p = Path(path)
    return p.is_dir() or p.suffix.lower() == ".json"


def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise InputError("bad-dataset", what=what, file=where)


def _text_list(value: Any, where: str, what: str) -> tuple[str, ...]:
    _need(isinstance(value, list) and all(isinstance(v, str) for v in value), where, what)
    return tuple(value)


def _int(value: Any, where: str, what: str, *, optional: bool = False) -> Any:
    ok = (value is None and optional) or (type(value) is int and value >= 0)
    _need(ok, where, f"{what} is not a count")
    return value


def _deck(d: Any, where: str) -> DeckRow:
    _need(isinstance(d, dict), where, "a deck is not an object")
    cards = d.get("cards")
    _need(isinstance(cards, dict) and all(isinstance(k, str) and type(v) is int and v > 0
                                          for k, v in cards.items()), where, "deck cards")
    split = d.get("split")
    _need(split is None or isinstance(split, str), where, "deck split")
    player = d.get("player")
    _need(isinstance(player, str), where, "deck player")
    return DeckRow(player, _text_list(d.get("colours"), where, "deck colours"),
                   _text_list(d.get("tamers"), where, "deck tamers"), split, dict(cards))


def _game(g: Any, where: str) -> GameRow:
    _need(isinstance(g, dict), where, "a game is not an object")
    _need(g.get("stage") in ("swiss", "top-cut"), where, "game stage")
    _need(g.get("first") in ("P1", "P2", None), where, "game first")
    _need(g.get("winner") in ("P1", "P2", DRAW, None), where, "game winner")
    _need(isinstance(g.get("p1"), str) and isinstance(g.get("p2"), str), where, "game seats")
    return GameRow(g["stage"], _int(g.get("round"), where, "round"),
                   _int(g.get("table"), where, "table"), _int(g.get("game"), where, "game"),
                   g["p1"], g["p2"], g["first"], g["winner"],
                   _int(g.get("turns"), where, "turns", optional=True))


def _event(e: Any, where: str) -> EventData:
    _need(isinstance(e, dict), where, "an event is not an object")
    for key in ("id", "name", "date", "format", "format_version"):
        _need(isinstance(e.get(key), str), where, f"event {key}")
    decks, games = e.get("decks"), e.get("games")
    _need(isinstance(decks, list) and isinstance(games, list), where, "event decks / games")
    return EventData(
        id=e["id"], name=e["name"], date=e["date"], format=e["format"],
        format_version=e["format_version"], best_of=_int(e.get("best_of"), where, "best_of"),
        players=_int(e.get("players"), where, "players"),
        matches=_int(e.get("matches"), where, "matches"),
        decks=tuple(_deck(d, where) for d in decks),
        games=tuple(_game(g, where) for g in games),
    )


def read_dataset(path: str | Path) -> list[EventData]:
    """The events of a dataset folder (its ``games.json``) or file (InputError if it is not a
    dataset of a version this program knows)."""
    from tt_organizer.safe_files import read_json

    p = Path(path)
    file = p / "games.json" if p.is_dir() else p
    where = str(file)
    doc = read_json(file, MAX_DATASET_BYTES, what="game dataset", code="bad-dataset")
    _need(isinstance(doc, dict) and doc.get("dataset") == DATASET, where,
          f"no \"dataset\": \"{DATASET}\"")
    version = doc.get("version")
    if version != VERSION:
        raise InputError("dataset-version", version=repr(version), supported=VERSION, file=where)
    events = doc.get("events")
    _need(isinstance(events, list), where, "no events list")
    return [_event(e, where) for e in events]


def load_events(paths: Sequence[str | Path], *,
                cards: dict[str, tuple[str, str]] | None = None) -> list[EventData]:
    """The rows of every ``paths`` entry: an event file, or a dataset folder / ``.json`` file
    (whose events all count). ``cards`` (number -> (name, type)) finds the Tamers of an event
    file's decks; by default the shipped card database."""
    events: list[EventData] = []
    types: dict[str, str] | None = None
    for path in paths:
        if is_dataset(path):
            events += read_dataset(path)
            continue
        from tt_organizer.events.store import load_snapshot
        from tt_organizer.stats.dataset import from_snapshot

        if types is None:
            if cards is None:
                from tt_organizer.stats.calibration import card_table

                cards = card_table()
            types = {number: kind for number, (_, kind) in cards.items()}
        events.append(from_snapshot(load_snapshot(path), types))
    return events
