"""Check the shipped format definitions, ban-list cache and card list, and record their
checksums.

A shipped file whose checksum matches ``checksums.json`` beside it is read without pydantic at
start-up; run this after editing one (``tests/test_startup.py`` fails until you do):

    python scripts/record_checksums.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tt_organizer.banlist.announcement import BanList  # noqa: E402
from tt_organizer.cards.database import read_card_rows  # noqa: E402
from tt_organizer.formats.model import FormatDefinition  # noqa: E402
from tt_organizer.records import record_checksum  # noqa: E402

SHIPPED = (
    (ROOT / "tt_organizer" / "formats" / "definitions", FormatDefinition, "*.json"),
    (ROOT / "banlist_cache", BanList, "????-??-??.json"),
)


def main() -> int:
    """Validate every shipped file with pydantic, then record its checksum."""
    for folder, model, pattern in SHIPPED:
        for path in sorted(folder.glob(pattern)):
            if path.name == "checksums.json":  # the record itself
                continue
            model.validate(json.loads(path.read_text(encoding="utf-8")))
            record_checksum(path)
            print(f"checked and recorded {path.relative_to(ROOT)}")
    cards = ROOT / "data" / "cards.json"
    read_card_rows(cards)  # every row parsed and checked (InputError if one is not)
    record_checksum(cards)
    print(f"checked and recorded {cards.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
