"""``tt event publish``: the event's results as a static site (HTML + CSS + JSON)."""

from __future__ import annotations

import click

from tt_organizer.cli.options import event_option, json_option
from tt_organizer.cli.output import line, print_json
from tt_organizer.events.event_reads import load_event
from tt_organizer.i18n import ngettext
from tt_organizer.publish.site import publish_event


@click.command("publish")
@click.argument("folder", type=click.Path(dir_okay=True, file_okay=False, path_type=str))
@click.option("--decklists", type=click.Choice(["top-cut", "all", "none"]), default="top-cut",
              show_default=True,
              help="Which decklists to publish: the top cut's (the Swiss top 8 when there "
              "is no top cut), every one, or none.")
@json_option
@event_option
def publish(folder: str, decklists: str, as_json: bool, event_path: str) -> None:
    """Write the results into FOLDER as a static site that opens from the folder or any web
    host: standings, every round, the bracket, decklists, the field; event.json holds the
    same data. No script, no PIN, nothing fetched from elsewhere."""
    published = publish_event(load_event(event_path), folder, decklists=decklists)
    if as_json:
        print_json(published.to_dict())
        return

    count = len(published.files) - 1
    line(ngettext("Published {n} file to {folder}: open {index}",
                  "Published {n} files to {folder}: open {index}", count).format(
        n=count, folder=published.folder, index=published.folder / "index.html"))
