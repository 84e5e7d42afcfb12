"""Generated seasons through every season output: standings, look-alikes, the table, the
workbook and the PDF. Long, wide (CJK), zero-width and formula-like names; empty seasons."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook

from tests.fuzz.fuzz_settings import FUZZ
from tt_organizer.printing.season_sheet import print_season
from tt_organizer.season.file import Season
from tt_organizer.season.ranking import look_alikes, season_standings
from tt_organizer.season.scheme import shipped_schemes
from tt_organizer.season.season_workbook import standings_rows, write_workbook
from tt_organizer.season.summary import EventSummary, PlayerResult

NAMES = st.one_of(
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1,
            max_size=60).filter(lambda s: s.strip()),
    st.sampled_from(["王小明", "=SUM(A1)", "Zoë\u200b", "A" * 120, "ｆｕｌｌｗｉｄｔｈ", "ana"]),
)


@st.composite
def seasons(draw: st.DrawFn) -> Season:
    scheme = draw(st.sampled_from(list(shipped_schemes().values())))
    events = []
    for n in range(draw(st.integers(0, 4))):
        names = draw(st.lists(NAMES, max_size=10, unique_by=lambda s: " ".join(s.split())
                              .casefold()))
        players = tuple(
            PlayerResult(name=name, place=str(i), wins=draw(st.integers(0, 6)),
                         losses=draw(st.integers(0, 6)), draws=draw(st.integers(0, 2)),
                         byes=draw(st.integers(0, 1)), dropped=draw(st.booleans()))
            for i, name in enumerate(names, 1))
        events.append(EventSummary(key=f"k{n}", name=draw(NAMES), date="2026-01-01",
                                   path=f"e{n}.sqlite", fingerprint="f", finished=True,
                                   players=players))
    return Season(name=draw(NAMES), scheme=scheme, events=tuple(events))


@FUZZ
@given(seasons())
def test_every_output_of_a_generated_season(season: Season) -> None:
    lines = season_standings(season)
    assert sorted(s.rank for s in lines) == [s.rank for s in lines]
    assert len(lines) == len({" ".join(r.name.split()).casefold()
                              for e in season.events for r in e.players})
    look_alikes(season)
    header, rows = standings_rows(season, lines)
    assert all(len(r) == len(header) for r in rows)
    with tempfile.TemporaryDirectory() as folder:
        xlsx = write_workbook(season, lines, Path(folder) / "s.xlsx")
        ws = load_workbook(xlsx)["Season standings"]
        assert [ws.cell(row=i + 2, column=2).value for i in range(len(lines))] == \
            [s.player for s in lines]
        _, pages = print_season(season, lines, Path(folder) / "s.pdf")
        assert pages >= 1
