"""``tt stats``: the format-calibration report over one or many event files."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from tt_organizer.cli.options import POSITIVE, json_option
from tt_organizer.cli.output import line, print_json, styled
from tt_organizer.cli.render import print_table
from tt_organizer.errors import InputError
from tt_organizer.stats.calibration import (
    Bucket,
    CalibrationStats,
    Popular,
    card_table,
    check_pool,
    pool_stats,
)
from tt_organizer.stats.export import FILES, load_events, write_dataset
from tt_organizer.stats.plots import KINDS, report_json, write_report
from tt_organizer.stats.workbook import write_workbook

Command = TypeVar("Command", bound=Callable[..., object])


class StatsGroup(click.Group):
    """``tt stats SOURCES…`` shows the figures (the ``show`` command); ``tt stats export`` and
    ``tt stats report`` are commands of their own."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["show", *args]
        return super().parse_args(ctx, args)


@click.group("stats", cls=StatsGroup)
def stats() -> None:
    """Format-calibration figures from event files and shared datasets.

    `tt stats SOURCES…` (the same as `tt stats show`) prints the figures; `tt stats export`
    writes a dataset to share; `tt stats report` draws the plots.
    """


sources_argument = click.argument("sources", nargs=-1, required=True,
                                  type=click.Path(path_type=str), metavar="SOURCES…")
mixed_option = click.option(
    "--mixed-versions", is_flag=True,
    help="Pool events of different format versions (refused by default).")
min_options = [
    click.option("--min-games", type=POSITIVE, default=30, show_default=True,
                 help="Games needed before the first-player win rate is reported."),
    click.option("--min-bucket", type=POSITIVE, default=10, show_default=True,
                 help="Games needed per colour / Tamer / pile split (and for game length)."),
]


def with_min_options(func: Command) -> Command:
    """Add --min-games/--min-bucket."""
    for option in reversed(min_options):
        func = option(func)
    return func


def _pooled(sources: tuple[str, ...], *, mixed_versions: bool, min_games: int,
            min_bucket: int, top: int = 10) -> CalibrationStats:
    cards = card_table()
    return pool_stats(load_events(sources, cards=cards), cards=cards,
                      mixed_versions=mixed_versions, min_games=min_games,
                      min_bucket=min_bucket, top=top)


@stats.command("show")
@sources_argument
@json_option
@click.option("--out", type=click.Path(dir_okay=False, path_type=str), default=None,
              help="Also write an .xlsx workbook with every figure and its charts.")
@with_min_options
@click.option("--top", type=POSITIVE, default=10, show_default=True,
              help="How many Tamers and cards to list.")
@mixed_option
def show(
    sources: tuple[str, ...],
    as_json: bool,
    out: str | None,
    min_games: int,
    min_bucket: int,
    top: int,
    mixed_versions: bool,
) -> None:
    """Format-calibration figures pooled over SOURCES: event .sqlite files, and dataset
    folders (or their games.json) written by `tt stats export`. The first player's win rate
    with its 95% Wilson interval against the 50–55% target, game length, win rates by deck
    colour, by Tamer and by Tamer:Digi-Egg split, the most-registered Tamers and cards, and how
    many of the games played carry per-game details. Every figure shows its sample size; small
    samples say "not enough games". Events of different format versions are refused unless
    --mixed-versions.
    """
    if out is not None and not out.lower().endswith(".xlsx"):
        raise InputError("the workbook file name must end with .xlsx", file=out)
    result = _pooled(sources, mixed_versions=mixed_versions, min_games=min_games,
                     min_bucket=min_bucket, top=top)
    if as_json:
        print_json(result.to_dict())
    else:
        render_stats(result)
    if out is not None:
        written = write_workbook(result, out)
        if not as_json:
            line(f"workbook written to {written}", err=True)


@stats.command("export")
@sources_argument
@click.option("-o", "--out", "folder", required=True,
              type=click.Path(file_okay=False, path_type=str),
              help="Folder to write the dataset into (made if missing; its files replaced).")
@mixed_option
@json_option
def export(sources: tuple[str, ...], folder: str, mixed_versions: bool, as_json: bool) -> None:
    """Write the per-game dataset of SOURCES (event files or datasets) into a folder to share:
    games.json with its JSON Schema (schema.json), games.csv (one row per game), decks.csv
    and a README. Players become identifiers that are stable within an event and meaningless
    outside it; no name, PIN or membership id is written.
    """
    events = load_events(sources)
    check_pool(events, mixed_versions=mixed_versions)
    written = write_dataset(events, folder)
    if as_json:
        print_json(written.to_dict())
        return
    line(f"dataset written to {written.folder}: {written.events} event(s), {written.games} "
         f"games ({written.detailed} with per-game details)")
    line(f"  files: {', '.join(FILES)}")


@stats.command("report")
@sources_argument
@click.option("-o", "--out", required=True, type=click.Path(dir_okay=False, path_type=str),
              help="The report file: .pdf (one page per plot) or .html (plots inline).")
@with_min_options
@mixed_option
@json_option
def report(sources: tuple[str, ...], out: str, min_games: int, min_bucket: int,
           mixed_versions: bool, as_json: bool) -> None:
    """Draw the figures of SOURCES (event files or datasets) as plots: the first player's win
    rate per event and pooled with its 95% Wilson interval, game length by turns, win rate by
    Tamer and by colour with their intervals.
    """
    if not out.lower().endswith(KINDS):
        raise InputError("the report file name must end with .pdf or .html", file=out)
    result = _pooled(sources, mixed_versions=mixed_versions, min_games=min_games,
                     min_bucket=min_bucket)
    written = write_report(result, out)
    if as_json:
        print_json(report_json(result, written))
        return
    line(f"report written to {written}")


def _pct(value: float | None) -> str:
    return "" if value is None else f"{value:.1%}"


def render_stats(result: CalibrationStats) -> None:
    """Print the report for people: the headline, then one table per figure."""
    fp = result.first_player
    r = fp.overall
    line(f"{styled('Format calibration', 'bold')} — {', '.join(result.events)}")
    line(
        f"{len(result.events)} event(s), {result.players} players, {result.decks} registered "
        f"decks, {result.matches} matches, {result.games} games played"
    )
    line(
        f"Per-game details: {result.detailed} of {result.games} games played "
        f"(who went first: {result.with_first}, turns: {result.with_turns})"
    )
    line()
    line(f"{styled('First player wins:', 'bold')} {r.text()}")
    if r.status == "ok":
        line(f"  {fp.verdict}")
    if r.games:
        line(f"  {r.wins} of {r.games} decisive games won by the first player")
    left_out = [f"{n} {what}" for n, what in ((fp.draws, "drawn"),
                                             (fp.unknown_winner, "without a winner"),
                                             (fp.unknown_first, "without a first player"))
                if n]
    if left_out:
        line(f"  games left out: {', '.join(left_out)}")
    if len(fp.per_event) > 1:
        for name, rate in fp.per_event:
            line(f"  · {name}: {rate.text()}")

    length = result.length
    line()
    if not length.games:
        line(f"{styled('Game length:', 'bold')} no data")
    else:
        values = list(length.histogram)
        head = (f"mean turn {length.mean:.1f}, median {length.median:g}"
                if length.mean is not None and length.median is not None
                else f"{length.status} for mean and median (need {result.min_bucket})")
        line(f"{styled('Game length', 'bold')} (n={length.games}; "
             f"turns {values[0]}–{values[-1]}): {head}")
        peak = max(length.histogram.values())
        for turn, n in length.histogram.items():
            bar = "█" * max(1, round(24 * n / peak))
            line(f"  turn {turn:>2} {bar} {n}")

    _bucket_table("Win rate by deck colour (non-mirror games)", "Colour",
                  result.colours)
    _bucket_table("Win rate by Tamer (non-mirror games)", "Tamer",
                  result.tamer_rates[:20])
    _bucket_table("Win rate by Tamer:Digi-Egg split (non-mirror games)",
                  "Tamers/Eggs", result.splits)
    _popular_table(f"Most-registered Tamers (of {result.decks} decks)", result.tamers)
    _popular_table(f"Most-registered cards (of {result.decks} decks)", result.cards)
    for note in result.notes:
        line(styled(f"note: {note}", "dim"))


def _bucket_table(title: str, label: str, buckets: tuple[Bucket, ...]) -> None:
    line()
    if not buckets:
        line(f"{styled(title + ':', 'bold')} no data")
        return
    rows = []
    for b in buckets:
        r = b.rate
        if r.status == "ok":
            low, high = r.interval or (0.0, 0.0)
            rate: str | tuple[str, str] = _pct(r.rate)
            interval = f"{_pct(low)}–{_pct(high)}"
        else:
            rate, interval = (r.status, "dim"), ""
        rows.append((b.label, str(r.games), str(r.wins), rate, interval, str(b.mirrors),
                     str(b.decks)))
    print_table(title, [(column, "left" if column == label else "right") for column in
                        (label, "Games", "Wins", "Win rate", "95% interval", "Mirrors",
                         "Decks")], rows)


def _popular_table(title: str, items: tuple[Popular, ...]) -> None:
    line()
    if not items:
        line(f"{styled(title + ':', 'bold')} no data")
        return
    print_table(title, [(column, "right" if column in ("#", "Decks", "Share", "Copies")
                         else "left")
                        for column in ("#", "Number", "Name", "Decks", "Share", "Copies")],
                [(str(i), p.number, p.name, str(p.decks), _pct(p.share), str(p.copies))
                 for i, p in enumerate(items, 1)])
