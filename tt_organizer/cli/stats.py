"""``tt stats``: the format-calibration report over one or many event files."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from tt_organizer.cli.options import json_option
from tt_organizer.errors import InputError

if TYPE_CHECKING:
    from rich.console import Console

    from tt_organizer.stats.calibration import Bucket, CalibrationStats, Popular


@click.command("stats")
@click.argument("events", nargs=-1, required=True,
                type=click.Path(dir_okay=False, path_type=str))
@json_option
@click.option("--out", type=click.Path(dir_okay=False, path_type=str), default=None,
              help="Also write an .xlsx workbook with every figure and its charts.")
@click.option("--min-games", type=click.IntRange(1), default=30, show_default=True,
              help="Games needed before the first-player win rate is reported.")
@click.option("--min-bucket", type=click.IntRange(1), default=10, show_default=True,
              help="Games needed per colour / pile split (and for game-length figures).")
@click.option("--top", type=click.IntRange(1), default=10, show_default=True,
              help="How many Tamers and cards to list.")
def stats(
    events: tuple[str, ...],
    as_json: bool,
    out: str | None,
    min_games: int,
    min_bucket: int,
    top: int,
) -> None:
    """Format-calibration figures pooled over EVENTS (event .sqlite files): the first
    player's win rate with its 95% Wilson interval against the 50–55% target, game length,
    win rates by deck colour and by Tamer:Digi-Egg split, the most-registered Tamers and cards.
    Every figure shows its sample size; small samples say "not enough games".
    """
    from tt_organizer.cli.output import console, err_console, print_json
    from tt_organizer.events.store import load_snapshot
    from tt_organizer.stats.calibration import compute_stats

    if out is not None and not out.lower().endswith(".xlsx"):
        raise InputError("the workbook file name must end with .xlsx", file=out)
    snapshots = [load_snapshot(path) for path in events]
    result = compute_stats(snapshots, min_games=min_games, min_bucket=min_bucket, top=top)
    if as_json:
        print_json(result.to_dict())
    else:
        render_stats(console, result)
    if out is not None:
        from tt_organizer.stats.workbook import write_workbook

        written = write_workbook(result, out)
        if not as_json:
            err_console.print(f"workbook written to {written}", markup=False)


def _pct(value: float | None) -> str:
    return "" if value is None else f"{value:.1%}"


def render_stats(console: Console, result: CalibrationStats) -> None:
    """Print the report for people: the headline, then one table per figure."""
    from rich.markup import escape

    fp = result.first_player
    r = fp.overall
    console.print(f"[bold]Format calibration[/] — {escape(', '.join(result.events))}")
    console.print(
        f"{len(result.events)} event(s), {result.players} players, {result.decks} registered "
        f"decks, {result.matches} matches, {result.games} games recorded"
    )
    console.print()
    console.print(f"[bold]First player wins:[/] {escape(r.text())}")
    if r.status == "ok":
        console.print(f"  {escape(fp.verdict)}")
    if r.games:
        console.print(f"  {r.wins} of {r.games} decisive games won by the first player")
    left_out = [f"{n} {what}" for n, what in ((fp.draws, "drawn"),
                                             (fp.unknown_winner, "without a winner"),
                                             (fp.unknown_first, "without a first player"))
                if n]
    if left_out:
        console.print(f"  games left out: {', '.join(left_out)}")
    if len(fp.per_event) > 1:
        for name, rate in fp.per_event:
            console.print(f"  · {escape(name)}: {escape(rate.text())}")

    length = result.length
    console.print()
    if not length.games:
        console.print("[bold]Game length:[/] no data")
    else:
        values = list(length.histogram)
        head = (f"mean turn {length.mean:.1f}, median {length.median:g}"
                if length.mean is not None and length.median is not None
                else f"{length.status} for mean and median (need {result.min_bucket})")
        console.print(f"[bold]Game length[/] (n={length.games}; turns {values[0]}–{values[-1]}):"
                      f" {head}")
        peak = max(length.histogram.values())
        for turn, n in length.histogram.items():
            bar = "█" * max(1, round(24 * n / peak))
            console.print(f"  turn {turn:>2} {bar} {n}")

    _bucket_table(console, "Win rate by deck colour (non-mirror games)", "Colour",
                  result.colours)
    _bucket_table(console, "Win rate by Tamer:Digi-Egg split (non-mirror games)",
                  "Tamers/Eggs", result.splits)
    _popular_table(console, f"Most-registered Tamers (of {result.decks} decks)", result.tamers)
    _popular_table(console, f"Most-registered cards (of {result.decks} decks)", result.cards)
    for note in result.notes:
        console.print(f"[dim]note: {escape(note)}[/]")


def _bucket_table(console: Console, title: str, label: str, buckets: tuple[Bucket, ...]) -> None:
    from tt_organizer.cli.render import print_table

    console.print()
    if not buckets:
        console.print(f"[bold]{title}:[/] no data")
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


def _popular_table(console: Console, title: str, items: tuple[Popular, ...]) -> None:
    from tt_organizer.cli.render import print_table

    console.print()
    if not items:
        console.print(f"[bold]{title}:[/] no data")
        return
    print_table(title, [(column, "right" if column in ("#", "Decks", "Share", "Copies")
                         else "left")
                        for column in ("#", "Number", "Name", "Decks", "Share", "Copies")],
                [(str(i), p.number, p.name, str(p.decks), _pct(p.share), str(p.copies))
                 for i, p in enumerate(items, 1)])
