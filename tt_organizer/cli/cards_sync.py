"""``tt cards sync``: refresh data/cards.json from a public card list."""

from __future__ import annotations

from pathlib import Path

import click

from tt_organizer.cards.sync import card_source, sync_cards
from tt_organizer.cli.options import RETRIES, SecondsType, json_option
from tt_organizer.cli.output import line, print_json, warn
from tt_organizer.i18n import gettext as _
from tt_organizer.i18n import ngettext
from tt_organizer.paths import card_sync_dir


@click.command("sync")
@click.option("--url", default=None, envvar="TT_CARDS_URL", metavar="URL",
              help="Address of the card list (env TT_CARDS_URL; default the community "
              "cards.json of vinicius3333/aegis-digimon-tcg).")
@click.option("--from", "from_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Read the card list from this file instead (JSON or cards.csv).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder holding cards.json (default the data folder).")
@click.option("--force", is_flag=True, help="Replace cards.json even if the list shrank by half "
              "or would lose facts the current data has.")
@click.option("--timeout", type=SecondsType(0.1, 3600), default=60.0, show_default=True,
              help="Seconds to wait for the server at each step.")
@click.option("--retries", type=RETRIES, default=3, show_default=True,
              help="Retries after a timeout, a connection error or an HTTP 5xx/429.")
@json_option
def sync(url: str | None, from_file: Path | None, out: Path | None, force: bool,
         timeout: float, retries: int, as_json: bool) -> None:
    """Fetch a public card list, check every row and replace cards.json atomically.

    Accepts our cards.csv facts table or a JSON list of card records in the shapes of the
    public sources (aegis: cardId, nameEn, kinds, colors, maxCountInDeck; TakaOtaku: id,
    name.english, cardType, color "A/B", cardLv "Lv.4", rule; digimoncard.io: cardnumber,
    type, color + color2, level). Nothing is written if any record is invalid, if the list
    shrank by more than half or would lose a level, colour, rarity, copy limit or card the
    current data has (unless --force), or if nothing changed. Local fixes in
    card_overrides.json are never touched and apply on top of the synced data.
    """
    if url and from_file:
        raise click.UsageError(_("give --url or --from, not both"))
    source = card_source(str(from_file) if from_file else url, timeout=timeout, retries=retries)
    result = sync_cards(source, out or card_sync_dir(), force=force)
    if as_json:
        print_json(result.to_dict())
        return
    for reason in result.overridden:
        warn(_("--force: replaced despite: {reason}").format(reason=reason))
    if result.status == "unchanged":
        line(_("unchanged: {file} already holds these {n} cards").format(
            file=result.target, n=result.count))
    else:
        before = (_(" (was {n})").format(n=result.previous) if result.previous is not None
                  else "")
        line(_("wrote {file}: {n} cards{before} from {source}").format(
            file=result.target, n=result.count, before=before, source=result.source))
    if result.skipped:
        n = len(result.skipped)
        line(ngettext("left out {n} card(s) not released yet in English",
                               "left out {n} card(s) not released yet in English", n)
                      .format(n=n))
    if result.kept_fixes:
        n = len(result.kept_fixes)
        line(ngettext("kept {n} local fix(es) from card_overrides.json: {fixes}",
                               "kept {n} local fix(es) from card_overrides.json: {fixes}", n)
                      .format(n=n, fixes=", ".join(result.kept_fixes)))
