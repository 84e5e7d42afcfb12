"""``tt deck check-batch``: the registration desk's batch deck check."""

from __future__ import annotations

import gc
import sys

import click

from tt_organizer.batch import (
    BatchRow,
    batch_payload,
    batch_summary,
    collect_inputs,
    run_batch,
    write_json_report,
    write_xlsx_report,
)
from tt_organizer.cli import output
from tt_organizer.cli.advice import command_advice, describe
from tt_organizer.cli.options import CountType, deck_check_options, json_option
from tt_organizer.cli.output import line, print_json, warn
from tt_organizer.cli.render import print_table
from tt_organizer.errors import EXIT_INVALID, EXIT_OK, InputError
from tt_organizer.formats.check import CheckContext, CheckOptions, open_check
from tt_organizer.i18n import N_, ngettext
from tt_organizer.i18n import gettext as _
from tt_organizer.printing import print_batch

PROGRESS_MIN_DECKS = 20
# the columns of the batch table on the terminal
BATCH_COLUMNS = (N_("Player"), N_("Source"), N_("Verdict"), N_("Codes"), N_("First message"))


@click.command("check-batch", short_help="Validate a folder, zip or roster sheet of decklists.")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=str))
@click.option(
    "--out",
    "out",
    type=click.Path(dir_okay=False, path_type=str),
    default=None,
    help="Also write the full report: an .xlsx workbook (Summary and Details sheets), a "
    "print-ready .pdf (paper size from the locale) or .json.",
)
@click.option(
    "--jobs",
    "jobs",
    type=CountType(1, 256),
    default=None,
    metavar="N",
    help="Worker processes that check the decks (default: one per CPU for a batch of "
    "hundreds of decks; 1 checks them all in this process). The output is the same either way.",
)
@deck_check_options
@json_option
@click.pass_context
def check_batch(
    ctx: click.Context,
    paths: tuple[str, ...],
    out: str | None,
    jobs: int | None,
    as_json: bool,
    check_options: CheckOptions,
) -> None:
    """Validate every deck in PATHS: folders (recursive), zips of decklists, decklist files,
    or a roster sheet (.csv/.xlsx with a player column and a decklist column, one deck per row).

    Prints one summary table (or JSON with --json); an unreadable file is a row with its
    error. Exit 0 if every deck is legal, 1 otherwise.
    """
    # 10,000 decks' rows stay in memory to the end and hold no reference cycles: the cyclic
    # collector's passes over them cost several tenths of a second and free nothing
    collecting = gc.isenabled()
    gc.disable()
    try:
        legal = _check_batch(paths, out, jobs, as_json, check_options)
    finally:
        if collecting:
            gc.enable()
    ctx.exit(EXIT_OK if legal else EXIT_INVALID)


def _check_batch(
    paths: tuple[str, ...],
    out: str | None,
    jobs: int | None,
    as_json: bool,
    check_options: CheckOptions,
) -> bool:
    """The command's work; True when every deck is legal."""
    if out is not None and not out.lower().endswith((".json", ".xlsx", ".pdf")):
        raise InputError("the report file name must end with .xlsx, .pdf or .json", file=out)
    check = open_check(check_options, words=describe)
    for warning in check.warnings:
        warn(warning)
    items = collect_inputs(paths)
    if not items:
        raise InputError("no decklists found in " + ", ".join(paths))
    if not as_json:
        for note in items.notes:  # a roster column that looks like decklists but is not read
            warn(note)
    if sys.stderr.isatty() and len(items) > PROGRESS_MIN_DECKS:
        # rich.progress: 27 ms of start-up (python -X importtime), only for a progress bar
        from rich.progress import Progress

        with Progress(console=output.err_console, transient=True) as progress:
            task = progress.add_task("Checking decks", total=len(items))
            rows = run_batch(items, check, on_row=lambda _row: progress.advance(task),
                             advice=command_advice, jobs=jobs)
    else:
        rows = run_batch(items, check, advice=command_advice, jobs=jobs)
    if as_json:
        print_json(batch_payload(rows, check, items.notes), long_fields=True)
    else:
        _render(rows, check.fmt.id)
    if out is not None:
        _write_report(rows, check, out, items.notes)
        if not as_json:
            line(f"report written to {out}", err=True)
    return all(r.legal for r in rows)


def _render(rows: list[BatchRow], format_id: str) -> None:
    counts = batch_summary(rows)
    verdicts = {None: (_("unreadable"), "bold yellow"), True: (_("legal"), "green"),
                False: (_("illegal"), "bold red")}
    print_table(
        _("Deck check — {format}").format(format=format_id),
        [(_(c), "left") for c in BATCH_COLUMNS],
        [(r.player, r.source, verdicts[r.legal], ", ".join(r.codes), _first_message(r))
         for r in rows],
    )
    line(_("{decks}: {legal}, {illegal}, {unreadable}").format(
        decks=ngettext("{n} deck", "{n} decks", counts["decks"]).format(n=counts["decks"]),
        legal=ngettext("{n} legal", "{n} legal", counts["legal"]).format(n=counts["legal"]),
        illegal=ngettext("{n} illegal", "{n} illegal", counts["illegal"]).format(
            n=counts["illegal"]),
        unreadable=ngettext("{n} unreadable", "{n} unreadable", counts["unreadable"]).format(
            n=counts["unreadable"])))


def _first_message(row: BatchRow) -> str:
    """The row's first error (else warning) in the reader's language when its report came
    back with it; the English message otherwise (a deck that could not be read)."""
    report = row.report
    if report is None:
        return row.message
    if report.errors:
        return report.errors[0].shown()
    if report.warnings:
        return _("warning {code}: {message}").format(code=report.warnings[0].code,
                                                      message=report.warnings[0].shown())
    return row.message


def _write_report(rows: list[BatchRow], ctx: CheckContext, path: str, notes: list[str]
                  ) -> None:
    """The full report: JSON for a ``.json`` path, a PDF for ``.pdf``, else an xlsx workbook."""
    if path.lower().endswith(".json"):
        write_json_report(rows, ctx, path, notes)
    elif path.lower().endswith(".pdf"):
        print_batch(rows, ctx.fmt.id, path)
    else:
        write_xlsx_report(rows, ctx, path)
