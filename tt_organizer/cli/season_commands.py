"""``tt season``: points across events — create a season, add events, join spellings, rank."""

from __future__ import annotations

import shlex

import click

from tt_organizer.cli.options import json_option
from tt_organizer.cli.output import line, print_json, warn
from tt_organizer.cli.render import print_table
from tt_organizer.errors import InputError
from tt_organizer.i18n import N_, gettext, ngettext
from tt_organizer.publish.site import publish_season
from tt_organizer.season.file import (
    add_alias,
    add_events,
    changed_events,
    create_season,
    read_season,
)
from tt_organizer.season.ranking import look_alikes, season_standings, standings_json
from tt_organizer.season.scheme import load_scheme, shipped_schemes
from tt_organizer.season.season_workbook import standings_rows, write_workbook

season_file_option = click.option(
    "--file", "season_path", envvar="TT_SEASON", default="season.json", show_default=True,
    type=click.Path(dir_okay=False, path_type=str),
    help="The season file (JSON; env TT_SEASON).")


@click.group()
def season() -> None:
    """Add up points across events: a store league, a regional circuit.

    A season is one JSON file: its name, a points scheme (`tt season schemes`), the events
    added and the aliases that join two spellings of one player.
    """


@season.command("schemes")
@json_option
def schemes(as_json: bool) -> None:
    """List the shipped points schemes (a scheme of one's own is a JSON file of the same
    shape: see docs/season.md)."""
    shipped = shipped_schemes()
    if as_json:
        print_json([s.to_dict() for s in shipped.values()])
        return
    for s in shipped.values():
        line(f"{s.id}: {gettext(s.name)} — {gettext(s.description)}")


@season.command("create")
@click.argument("name")
@season_file_option
@click.option("--scheme", default="store-league", show_default=True, metavar="ID|FILE",
              help="A shipped points scheme (`tt season schemes`) or a scheme JSON file.")
@json_option
def create(name: str, season_path: str, scheme: str, as_json: bool) -> None:
    """Create the season NAME in a new season file."""
    created = create_season(season_path, name, load_scheme(scheme))
    if as_json:
        print_json(created.created_json(season_path))
        return

    line(gettext("created season {name} ({scheme}) in {file}").format(
        name=repr(created.name), scheme=gettext(created.scheme.name), file=season_path))


@season.command("add")
@click.argument("events", nargs=-1, required=True,
                type=click.Path(dir_okay=False, path_type=str))
@season_file_option
@json_option
def add(events: tuple[str, ...], season_path: str, as_json: bool) -> None:
    """Add EVENTS (event .sqlite files) to the season. An event already in it is counted once:
    re-added when it changed since, left alone when not."""
    added = add_events(season_path, list(events))
    if as_json:
        print_json([a.to_dict() for a in added])
        return

    outcomes = {"added": N_("added"), "re-added": N_("changed since it was added: re-added"),
                "unchanged": N_("already in the season, unchanged: not counted twice")}
    for a in added:
        players = len(a.event.players)
        line(ngettext("{date} {name} ({n} player): {what}", "{date} {name} ({n} players): {what}",
                      players).format(date=a.event.date, name=a.event.name, n=players,
                                      what=gettext(outcomes[a.outcome])))
        if not a.event.finished:
            warn(gettext("{name}: not finished (a table is unreported); add it again when it "
                         "is").format(name=a.event.name))


@season.command("alias")
@click.argument("name")
@click.argument("other")
@season_file_option
@json_option
def alias(name: str, other: str, season_path: str, as_json: bool) -> None:
    """Count OTHER's results under NAME: two spellings of one player."""
    updated = add_alias(season_path, name, other)
    if as_json:
        print_json(updated.alias_json(other))
        return

    line(gettext("{other} now counts as {name}").format(other=repr(other),
                                                        name=repr(updated.canonical(other))))


@season.command("standings")
@season_file_option
@json_option
@click.option("-o", "--out", type=click.Path(dir_okay=False, path_type=str), default=None,
              help="Also write the standings to FILE.xlsx or FILE.pdf.")
def standings(season_path: str, as_json: bool, out: str | None) -> None:
    """The season's standings under its points scheme, with names that may be one player."""
    if out is not None and not out.lower().endswith((".xlsx", ".pdf")):
        raise InputError("the output file name must end with .xlsx or .pdf", file=out)
    current = read_season(season_path)
    lines = season_standings(current)
    changed = changed_events(current)
    if as_json:
        print_json(standings_json(current, changed))
    else:
        similar = look_alikes(current)
        header, rows = standings_rows(current, lines)
        shown = [[str(c) for c in r[:6]] for r in rows]
        count = len(current.events)
        title = ngettext("{season} — {scheme}, {n} event", "{season} — {scheme}, {n} events",
                         count).format(season=current.name, scheme=gettext(current.scheme.name),
                                  n=count)
        if current.scheme.best_of:
            title += ", " + gettext("the best {n} count").format(n=current.scheme.best_of)
        aligns = ["right", "left", "right", "right", "right", "right"]
        columns = [gettext(h) for h in header[:6]]
        print_table(title, list(zip(columns, aligns, strict=True)), shown)
        for a, b in similar:
            warn(gettext("{a} and {b} look alike: if they are one player, {command}").format(
                a=repr(a), b=repr(b),
                command=f"`tt season alias {shlex.quote(a)} {shlex.quote(b)}`"))
        for e in changed:
            warn(gettext("{file} changed since it was added: {command} to count the "
                         "change").format(file=e.path,
                                          command=f"`tt season add {shlex.quote(e.path)}`"))
    if out is not None:
        if out.lower().endswith(".pdf"):
            # reportlab: 36 ms of start-up (python -X importtime), only for a .pdf
            from tt_organizer.printing.season_sheet import print_season

            written, _ = print_season(current, lines, out)
        else:
            written = write_workbook(current, lines, out)
        if not as_json:
            line(gettext("written to {file}").format(file=written), err=True)


@season.command("publish")
@click.argument("folder", type=click.Path(dir_okay=True, file_okay=False, path_type=str))
@season_file_option
@json_option
def publish(folder: str, season_path: str, as_json: bool) -> None:
    """Write the season standings into FOLDER as a static site (HTML + CSS + season.json)."""
    published = publish_season(read_season(season_path), folder)
    if as_json:
        print_json(published.to_dict())
        return

    line(gettext("Published the season to {folder}: open {index}").format(
        folder=published.folder, index=published.folder / "index.html"))
