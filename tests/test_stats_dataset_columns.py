"""Every column of every CSV of ``tt stats export`` is named, exactly, in the dataset's
README.md and in its schema's descriptions (issue 37)."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from tt_organizer.stats.export import write_dataset

#: The schema's description of each CSV's rows: the object a row stands for.
SCHEMA_DEF = {"games.csv": "game", "decks.csv": "deck"}


@pytest.mark.parametrize("name", list(SCHEMA_DEF))
def test_every_csv_column_is_named_in_the_readme_and_the_schema(tmp_path: Path,
                                                                name: str) -> None:
    out = tmp_path / "data"
    write_dataset([], out)
    with (out / name).open(encoding="utf-8", newline="") as f:
        header = next(csv.reader(f))
    readme = (out / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index(f"`{name}`"):]
    section = section[:section.find("\n* `", 1) if "\n* `" in section[1:] else len(section)]
    schema = json.loads((out / "schema.json").read_text(encoding="utf-8"))
    described = schema["$defs"][SCHEMA_DEF[name]]["description"]
    described = described[described.index("in this order:"):]  # the list of columns
    assert header
    for column in header:
        assert f"`{column}`" in section, (name, column)
        assert re.search(rf"(?<![\w-]){re.escape(column)}(?![\w-])", described), (name, column)
    # and in the header's order in the schema
    places = [re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", described) for c in header]
    starts = [m.start() for m in places if m]
    assert starts == sorted(starts), name
    # the per-seat columns are named one by one, not only as a pattern
    if name == "games.csv":
        for column in ("p1_tamers", "p1_colours", "p1_split", "p2_tamers", "p2_colours",
                       "p2_split"):
            assert column in header and f"`{column}`" in section
