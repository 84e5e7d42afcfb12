"""Build the shipped card database (``data/cards.json``) from the facts table ``cards.csv``."""

from __future__ import annotations

import csv
import hashlib
import io
import re
from pathlib import Path

from tt_organizer.atomic import write_json_atomic
from tt_organizer.cards.card import CARD_TYPES, CARDS_FILE, COLORS
from tt_organizer.cards.numbers import normalize_number
from tt_organizer.errors import InputError
from tt_organizer.i18n import N_, Term
from tt_organizer.records import record_checksum
from tt_organizer.safe_files import read_limited
from tt_organizer.typed_numbers import is_count

MAX_CSV_BYTES = 64 * 1024 * 1024  # the facts table of every card ever printed is a few MB

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
COLUMNS = ("card_number", "name", "card_type", "colors", "level", "rarity", "set_code")
# Optional: copies a card's own text allows ("You can include up to 50 copies..."), empty = 4.
COPY_LIMIT_COLUMN = "copy_limit"
JSON_COLUMNS = ["number", "name", "type", "colors", "level", "rarity", "set", "copy_limit"]


def parse_cards_csv(text: str, source: str = "cards.csv") -> list[list[object]]:
    """Parse and check the facts table; return rows ``[number, name, type, colors, level,
    rarity, set, copy_limit]`` sorted by number. Raises InputError naming the line of a bad row."""
    reader = csv.DictReader(io.StringIO(text))
    try:
        return _parse_rows(reader, source)
    except csv.Error as exc:
        raise InputError("unreadable-csv", file=source, line=reader.line_num,
                         error=str(exc)) from None


def _parse_rows(reader: csv.DictReader[str], source: str) -> list[list[object]]:
    missing = [c for c in COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise InputError("missing-columns", file=source, line=1, columns=", ".join(missing))
    rows: dict[str, list[object]] = {}
    for rec in reader:
        i = reader.line_num  # the row's last line (a quoted cell may span lines)
        raw = (rec.get("card_number") or "").strip()
        number = normalize_number(raw)
        if number is None:
            raise InputError("not-a-card-number-here", file=source, line=i, text=raw)
        card_type = (rec.get("card_type") or "").strip()
        if card_type not in CARD_TYPES:
            raise InputError("unknown-card-type", file=source, line=i, value=repr(card_type))
        colors = [c.strip().title() for c in (rec.get("colors") or "").split("/") if c.strip()]
        bad = [c for c in colors if c not in COLORS]
        if bad or not colors:
            raise InputError("bad-colours", file=source, line=i,
                             colours=str(bad) if bad else Term(N_("(none)")))
        level_text = (rec.get("level") or "").strip()
        limit_text = (rec.get(COPY_LIMIT_COLUMN) or "").strip()
        if level_text and not is_count(level_text):
            raise InputError("bad-level", file=source, line=i, value=repr(level_text))
        level = int(level_text) if level_text else None
        if limit_text and not (limit_text.isascii() and limit_text.isdigit()
                               and 1 <= int(limit_text) <= 99):
            raise InputError("bad-copy-limit", file=source, line=i, value=repr(limit_text))
        if number in rows:
            raise InputError("card-listed-twice", file=source, line=i, number=number)
        name = (rec.get("name") or "").strip()
        if _CONTROL.search(name):
            raise InputError("bad-card-name", file=source, line=i, value=repr(name))
        rows[number] = [
            number,
            name,
            card_type,
            "/".join(colors),
            level,
            (rec.get("rarity") or "").strip() or None,
            (rec.get("set_code") or "").strip() or number.split("-")[0],
            int(limit_text) if limit_text else None,
        ]
    if not rows:
        raise InputError("no-cards-in-table", file=source)
    return [rows[k] for k in sorted(rows, key=_sort_key)]


def _sort_key(number: str) -> tuple[str, int, int]:
    set_code, _, idx = number.partition("-")
    prefix = set_code.rstrip("0123456789")
    digits = set_code[len(prefix):]
    return prefix, int(digits or 0), int(idx)


def build_card_data(csv_path: Path, out_dir: Path) -> Path:
    """Import ``csv_path`` into ``out_dir/cards.json`` (atomically) and return the path."""
    raw = read_limited(csv_path, MAX_CSV_BYTES, what="card facts table")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise InputError("facts-not-utf8", file=str(csv_path), line=line) from None
    rows = parse_cards_csv(text, source=str(csv_path))
    payload = {
        "schema": 1,
        "source_file": csv_path.name,
        "source_sha256": hashlib.sha256(raw).hexdigest(),
        "count": len(rows),
        "columns": JSON_COLUMNS,
        "cards": rows,
    }
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / CARDS_FILE
    write_json_atomic(target, payload, compact=True)
    record_checksum(target)  # checked above: loaded by its index from now on
    return target


def build_json(target: Path) -> dict[str, str]:
    """What ``tt cards build --json`` prints: the card file written."""
    return {"written": str(target)}
