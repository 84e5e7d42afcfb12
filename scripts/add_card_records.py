"""Add cards a recorded source has and the facts table lacks, through the card sync's own
mapping, then rebuild data/cards.json with the importer.

Run: ``python scripts/add_card_records.py tests/fixtures/real/cards/aegis-ex13-promos.json``

Each record is mapped by :func:`tt_organizer.cards.sync.records_to_rows` exactly as
``tt cards sync`` maps it. Only card numbers missing from data/source/cards.csv are added;
a number already there is never changed (a record that disagrees with it is reported).
The source of every file used is named in data/source/README.md.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tt_organizer.cards.importer import _sort_key, build_card_data  # noqa: E402
from tt_organizer.cards.sync import records_to_rows, to_csv  # noqa: E402

FACTS = ROOT / "data" / "source" / "cards.csv"


def main(path: str) -> None:
    records = json.loads(Path(path).read_text(encoding="utf-8"))
    new_rows, problems = records_to_rows(records)
    if problems:
        raise SystemExit("; ".join(problems))
    reader = csv.reader(io.StringIO(FACTS.read_text(encoding="utf-8")))
    _header, *rows = list(reader)
    have = {r[0]: r for r in rows}
    added = [r for r in new_rows if r[0] not in have]
    differ = [r[0] for r in new_rows if r[0] in have and have[r[0]] != r]
    if differ:
        print(f"kept as they are (the record differs): {', '.join(differ)}")
    merged = sorted(rows + added, key=lambda r: _sort_key(r[0]))
    FACTS.write_text(to_csv(merged), encoding="utf-8")
    build_card_data(FACTS, ROOT / "data")
    print(f"added {len(added)} card(s): {', '.join(r[0] for r in added)}")


if __name__ == "__main__":
    main(sys.argv[1])
