"""The stats workbook: one sheet per figure, with charts (first-player win rate with its
interval, game-length histogram, win rate by colour and by pile split)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tt_organizer.stats.calibration import Bucket, CalibrationStats, Popular, Rate

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.chart import BarChart
    from openpyxl.worksheet.worksheet import Worksheet

_PCT = "0.0%"


def _sheet_table(ws: Worksheet, header: Sequence[str], rows: Sequence[Sequence[object]],
                 widths: Sequence[int], pct_columns: Sequence[int] = ()) -> None:
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    from tt_organizer.export.cells import put_row

    put_row(ws, 1, list(header))
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for r, values in enumerate(rows, start=2):
        put_row(ws, r, list(values))
        for c in pct_columns:
            ws.cell(row=r, column=c).number_format = _PCT
    for i, width in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(i)].width = width
    ws.freeze_panes = "A2"


def _rate_cells(rate: Rate) -> list[object]:
    low, high = rate.interval or (None, None)
    value = rate.rate
    minus = None if value is None or low is None else value - low
    plus = None if value is None or high is None else high - value
    return [rate.games, rate.wins, value, low, high, minus, plus, rate.status]


_RATE_HEADER = ["Games", "Wins", "Win rate", "95% low", "95% high", "− error", "+ error",
                "Status"]


def _rate_chart(
    ws: Worksheet, title: str, rows: int, anchor: str, label_col: int = 1
) -> BarChart:
    """A bar chart of the Win rate column with the Wilson interval as error bars."""
    from openpyxl.chart import BarChart, Reference
    from openpyxl.chart.data_source import AxDataSource, NumDataSource, NumRef, StrRef
    from openpyxl.chart.error_bar import ErrorBars
    from openpyxl.utils import get_column_letter, quote_sheetname

    first = label_col + 1  # Games column
    rate_col, minus_col, plus_col = first + 2, first + 5, first + 6
    chart = BarChart()
    chart.type = "col"
    chart.title = title
    chart.y_axis.title = "win rate"
    chart.y_axis.scaling.min = 0
    chart.y_axis.scaling.max = 1
    chart.y_axis.number_format = "0%"
    chart.y_axis.delete = False
    chart.x_axis.delete = False
    chart.legend = None
    data = Reference(ws, min_col=rate_col, min_row=1, max_row=rows + 1)
    chart.add_data(data, titles_from_data=True)
    sheet = quote_sheetname(ws.title)

    def cells(col: int) -> str:
        letter = get_column_letter(col)
        return f"{sheet}!${letter}$2:${letter}${rows + 1}"

    def ref(col: int) -> NumDataSource:
        return NumDataSource(numRef=NumRef(f=cells(col)))

    # the labels (event names, colours, "7/2") are text: a string reference, not set_categories'
    # number reference, which LibreOffice shows as 1, 2, 3...
    chart.series[0].cat = AxDataSource(strRef=StrRef(f=cells(label_col)))
    chart.series[0].errBars = ErrorBars(errDir="y", errBarType="both", errValType="cust",
                                        noEndCap=False, plus=ref(plus_col), minus=ref(minus_col))
    chart.width, chart.height = 18, 9
    ws.add_chart(chart, anchor)
    return chart


def _buckets(ws: Worksheet, label: str, buckets: Sequence[Bucket], title: str,
             label_width: int = 12) -> None:
    rows = [[b.label, *_rate_cells(b.rate), b.mirrors, b.decks] for b in buckets]
    _sheet_table(ws, [label, *_RATE_HEADER, "Mirror games", "Decks"], rows,
                 (label_width, 8, 8, 10, 10, 10, 10, 10, 18, 13, 8),
                 pct_columns=(4, 5, 6, 7, 8))
    if buckets:
        _rate_chart(ws, title, len(rows), "N2")


def _popular(ws: Worksheet, items: Sequence[Popular]) -> None:
    rows = [[i, p.number, p.name, p.decks, p.copies, p.share] for i, p in enumerate(items, 1)]
    _sheet_table(ws, ["Rank", "Number", "Name", "Decks", "Copies", "Share of decks"], rows,
                 (6, 12, 30, 8, 8, 14), pct_columns=(6,))


def build_workbook(stats: CalibrationStats) -> Workbook:
    """An openpyxl Workbook holding every figure of ``stats`` and its charts."""
    from openpyxl import Workbook
    from openpyxl.chart import BarChart, Reference

    from tt_organizer.export.workbook import print_layout

    fp = stats.first_player
    overall = fp.overall
    length = stats.length
    wb = Workbook()
    ws = wb.active
    ws.title = "Summary"
    low, high = overall.interval or (None, None)
    summary: list[list[object]] = [
        ["Events", ", ".join(stats.events)],
        ["Players", stats.players],
        ["Registered decks", stats.decks],
        ["Matches played", stats.matches],
        ["Games played", stats.games],
        ["Games with per-game details", stats.detailed],
        ["First player: decisive games with first player recorded", overall.games],
        ["First player: games won", overall.wins],
        ["First player: win rate", overall.rate],
        ["First player: 95% Wilson interval, low", low],
        ["First player: 95% Wilson interval, high", high],
        ["First player: target", f"{fp.target[0]:.0%}–{fp.target[1]:.0%}"],
        ["First player: verdict", fp.verdict],
        ["First player: drawn games (not in the rate)", fp.draws],
        ["First player: games without a recorded winner", fp.unknown_winner],
        ["Decisive games without a first player", fp.unknown_first],
        ["Game length: games with turns recorded", length.games],
        ["Game length: mean turn", length.mean],
        ["Game length: median turn", length.median],
        ["Game length: status", length.status],
        ["Minimum games for the headline", stats.min_games],
        ["Minimum games per colour / split", stats.min_bucket],
    ]
    notes: list[list[object]] = [["Note", note] for note in stats.notes]
    _sheet_table(ws, ["Figure", "Value"], summary + notes, (52, 60))
    formats = {
        "First player: win rate": _PCT,
        "First player: 95% Wilson interval, low": _PCT,
        "First player: 95% Wilson interval, high": _PCT,
        "Game length: mean turn": "0.0",
        "Game length: median turn": "0.0",
    }
    for row in ws.iter_rows(min_col=1, max_col=2):
        if row[0].value in formats:
            row[1].number_format = formats[row[0].value]

    ws = wb.create_sheet("First player")
    rows = [["All events", *_rate_cells(overall)]]
    if len(fp.per_event) > 1:
        rows += [[name, *_rate_cells(rate)] for name, rate in fp.per_event]
    _sheet_table(ws, ["Events", *_RATE_HEADER], rows, (28, 8, 8, 10, 10, 10, 10, 10, 18),
                 pct_columns=(4, 5, 6, 7, 8))
    _rate_chart(ws, f"First-player win rate (95% interval; target "
                    f"{fp.target[0]:.0%}–{fp.target[1]:.0%})", len(rows), "K2")

    ws = wb.create_sheet("Game length")
    hist = [[turn, n] for turn, n in length.histogram.items()]
    _sheet_table(ws, ["Turn", "Games"], hist, (8, 8))
    chart = BarChart()
    chart.type = "col"
    chart.title = f"Turn on which the game ended (n={length.games})"
    chart.x_axis.title = "turn"
    chart.y_axis.title = "games"
    chart.y_axis.delete = False
    chart.x_axis.delete = False
    chart.legend = None
    chart.gapWidth = 20
    chart.add_data(Reference(ws, min_col=2, min_row=1, max_row=max(2, len(hist) + 1)),
                   titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=max(2, len(hist) + 1)))
    chart.width, chart.height = 18, 9
    ws.add_chart(chart, "D2")

    _buckets(wb.create_sheet("Colours"), "Colour", stats.colours,
             "Win rate by deck colour (non-mirror games, 95% interval)")
    _buckets(wb.create_sheet("Tamer win rates"), "Tamer", stats.tamer_rates,
             "Win rate by Tamer (non-mirror games, 95% interval)", label_width=40)
    _buckets(wb.create_sheet("Pile split"), "Tamers/Eggs", stats.splits,
             "Win rate by Tamer:Digi-Egg split (non-mirror games, 95% interval)")
    _popular(wb.create_sheet("Tamers"), stats.tamers)
    _popular(wb.create_sheet("Cards"), stats.cards)
    title = "Format calibration — " + ", ".join(stats.events)
    made = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    for sheet in wb.worksheets:
        # landscape, fit to the page width: a chart beside its table is never cut in two
        print_layout(sheet, event=title, exported=made, landscape=True, header_rows="1:1")
    return wb


def write_workbook(stats: CalibrationStats, path: str | Path) -> Path:
    """Write the stats workbook to ``path`` atomically; return the path written."""
    from tt_organizer.export.cells import save_workbook_atomic

    return save_workbook_atomic(build_workbook(stats), path)
