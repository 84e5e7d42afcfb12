"""``tt banlist``: sync Bandai's list into the cache, show it, diff two announcements."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import click

from tt_organizer.banlist.announcement import BanList, BannedPair
from tt_organizer.banlist.cache import (
    cache_dir,
    current_banlist,
    list_announcements,
    load_banlist,
)
from tt_organizer.banlist.diff import diff_banlists
from tt_organizer.banlist.listing import banlist_json, cache_listing, card_name
from tt_organizer.banlist.page_sync import age_parts, page_source, sync_banlist
from tt_organizer.cards import load_cards
from tt_organizer.cards.database import CardDatabase
from tt_organizer.cli.options import (
    RETRIES,
    SecondsType,
    as_of_option,
    banlist_option,
    cache_option,
    json_option,
)
from tt_organizer.cli.output import line, print_json, styled, warn
from tt_organizer.cli.render import print_table
from tt_organizer.errors import BanlistError
from tt_organizer.i18n import N_, ngettext
from tt_organizer.i18n import gettext as _


@click.group()
def banlist() -> None:
    """Sync, show and diff Bandai's ban list (offline first: everything reads the cache)."""


@banlist.command("sync")
@click.option("--url", default=None, envvar="TT_BANLIST_URL", metavar="URL",
              help="Page to read: an http(s) address or a saved HTML file "
              "(env TT_BANLIST_URL; default the --region page).")
@click.option("--region", type=click.Choice(["world", "en", "jp"]), default="world",
              show_default=True, help="Which official site to read when no --url is given.")
@cache_option
@click.option("--force", is_flag=True,
              help="Store the list even if it fails the checks (missing part, empty, shrank).")
@click.option("--announced", type=click.DateTime(formats=["%Y-%m-%d"]), default=None,
              help="Announcement date to file the list under when the title has none.")
@click.option("--timeout", type=SecondsType(0.1, 3600), default=30.0, show_default=True,
              help="Seconds to wait for the server; the whole fetch, however slow the "
              "server, ends within TIMEOUT x (RETRIES+1) s plus back-off pauses.")
@click.option("--retries", type=RETRIES, default=3, show_default=True,
              help="Retries after a timeout, a connection error or an HTTP 5xx/429.")
@json_option
def sync(
    url: str | None,
    region: str,
    cache: str | None,
    force: bool,
    announced: dt.datetime | None,
    timeout: float,
    retries: int,
    as_json: bool,
) -> None:
    """Fetch the official page and store the list in the cache (one file per announcement).

    Network and HTTP errors exit 2 and leave the cache untouched; so does a page that fails
    the checks, unless --force.
    """
    source = page_source(url, region=region, timeout=timeout, retries=retries)
    result = sync_banlist(source, cache, force=force,
                          announced=announced.date() if announced else None)
    bl = result.banlist
    if as_json:
        print_json(result.to_dict())
        return
    for reason in result.overridden:
        warn(_("--force: stored despite: {reason}").format(reason=(reason)))
    counts = counts_text(len(bl.banned), len(bl.restricted), len(bl.banned_pairs))
    if result.status == "unchanged":
        line(_("unchanged: the list announced {announced} is already cached ({counts}) "
               "in {folder}").format(announced=bl.announced, counts=counts,
                                     folder=str(cache_dir(cache))))
    else:
        said = (_("stored the list announced {announced}{current}: {counts} -> {path}")
                if result.status == "new" else
                _("updated the list announced {announced}{current}: {counts} -> {path}"))
        current = _(" (now current)") if result.is_current else ""
        line(said.format(announced=bl.announced, current=current, counts=counts,
                         path=str(result.path)))
        if result.previous is not None and result.previous.announced != bl.announced:
            line(_("see the changes: `{command}`").format(
                command=f"tt banlist diff {result.previous.announced} {bl.announced}"))
    if bl.unknown_numbers:
        n = len(bl.unknown_numbers)
        warn(ngettext("{n} card number(s) not in the card database (kept): {numbers}",
                      "{n} card number(s) not in the card database (kept): {numbers}", n)
             .format(n=n, numbers=(", ".join(bl.unknown_numbers))))


def counts_text(banned: int, restricted: int, pairs: int) -> str:
    """``3 banned, 2 restricted, 1 banned pair(s)`` in the reader's words."""
    return (ngettext("{n} banned", "{n} banned", banned).format(n=banned) + ", "
            + ngettext("{n} restricted", "{n} restricted", restricted).format(n=restricted)
            + ", " + ngettext("{n} banned pair(s)", "{n} banned pair(s)", pairs).format(n=pairs))


def _cards() -> CardDatabase | None:
    try:
        return load_cards()
    except Exception:  # names are a nicety: show the list even without card data
        return None


def _load(cache: str | None, pick: str | None, as_of: dt.datetime | None) -> BanList:
    return load_banlist(cache, pick=pick, as_of=as_of.date() if as_of else None)


@banlist.command("show")
@banlist_option
@as_of_option
@cache_option
@json_option
def show(banlist_pick: str | None, as_of: dt.datetime | None, cache: str | None,
         as_json: bool) -> None:
    """Print the cached list (the current one unless --banlist / --as-of) with card names."""
    bl = _load(cache, banlist_pick, as_of)
    db = _cards()
    if as_json:
        print_json(banlist_json(bl, db))
        return
    if bl.note:
        warn(bl.note)
    title = (_("Ban list announced {announced}, effective {effective}") if bl.effective
             else _("Ban list announced {announced}"))
    line(styled(title.format(announced=bl.announced, effective=bl.effective), "bold")
         + (_(" — in force on {date}").format(date=bl.derived_as_of)
            if bl.derived_as_of else ""))
    line("  " + "".join(part.translate() for part in age_parts(bl)))
    if bl.source_url:
        line(_("  source: {url}").format(url=bl.source_url))
    if bl.sha256:
        line(_("  page sha256: {digest}").format(digest=bl.sha256))

    def listing(title: str, rows: list[tuple[str, str]]) -> None:
        shown = []
        for number, limit in rows:
            since = bl.since.get(number)
            shown.append((number, card_name(number, bl, db), limit,
                          since.isoformat() if since else ""))
        print_table(title, [(_(col), "left") for col in COLUMNS], shown)

    listing(_("Banned ({n})").format(n=len(bl.banned)), [(n, "0") for n in bl.banned])
    listing(_("Restricted ({n})").format(n=len(bl.restricted)),
            [(n, str(c)) for n, c in bl.restricted.items()])
    line(styled(_("Banned pairs ({n}): a deck may hold cards of side A or of side B, not "
                  "both").format(n=len(bl.banned_pairs)), "bold"))
    for i, pair in enumerate(bl.banned_pairs, start=1):
        a = ", ".join(f"{n} {card_name(n, bl, db)}" for n in pair.a)
        b = ", ".join(f"{n} {card_name(n, bl, db)}" for n in pair.b)
        line(f"  {i}. A: {a}")
        line(f"     B: {b}")
    if bl.unknown_numbers:
        warn(_("not in the card database: {numbers}").format(
            numbers=", ".join(bl.unknown_numbers)))


# the columns of `tt banlist show`'s tables
COLUMNS = (N_("Number"), N_("Name"), N_("Limit"), N_("Since"))


@banlist.command("list")
@cache_option
@json_option
def list_cmd(cache: str | None, as_json: bool) -> None:
    """List the cached announcements (the current one marked *)."""
    folder = cache_dir(cache)
    listing = cache_listing(folder)
    if as_json:
        print_json(listing)
        return
    rows = listing["announcements"]
    line(_("ban-list cache: {folder}").format(folder=(str(folder))))
    for r in rows:
        mark = "*" if r["current"] else " "
        fetched = (_("fetched {time}").format(time=r["fetched_at"]) if r["fetched_at"]
                   else _("fetched never (shipped)"))
        line(f" {mark} {r['announced']}  "
                      + counts_text(r["banned"], r["restricted"], r["banned_pairs"])
                      + f"; {fetched}")


def _resolve(cache: str | None, which: str) -> BanList:
    """A date of a cached announcement, else the list in force on that date, else a file."""
    try:
        day = dt.date.fromisoformat(which)
    except ValueError:
        return load_banlist(cache, pick=which)
    if day in list_announcements(cache_dir(cache)):
        return load_banlist(cache, pick=which)
    return load_banlist(cache, as_of=day)


@banlist.command("diff")
@click.argument("old", required=False)
@click.argument("new", required=False)
@cache_option
@json_option
def diff(old: str | None, new: str | None, cache: str | None, as_json: bool) -> None:
    """What changed from OLD to NEW (dates or files; default: the previous cached
    announcement and the current one). A date without its own announcement means the list in
    force on that date."""
    folder = cache_dir(cache)
    new_bl = _resolve(cache, new) if new else current_banlist(folder)
    if old:
        old_bl = _resolve(cache, old)
    else:
        earlier = [d for d in list_announcements(folder) if d < new_bl.announced]
        if not earlier:
            raise BanlistError(
                f"no cached announcement before {new_bl.announced} in {folder}: give OLD as a "
                "date (the list in force then) or a file"
            )
        old_bl = _resolve(cache, earlier[-1].isoformat())
    d = diff_banlists(old_bl, new_bl)
    if as_json:
        print_json(d.to_dict())
        return
    for bl in (old_bl, new_bl):
        if bl.note:
            warn(bl.note)

    def label(bl: BanList) -> str:
        return (_("list in force on {date}").format(date=bl.derived_as_of)
                if bl.derived_as_of else _("list of {date}").format(date=bl.announced))

    db = _cards()

    def name(n: str) -> str:
        return f"{n} {card_name(n, new_bl if n in new_bl.names else old_bl, db)}"

    line(styled(_("Ban list changes: {old} -> {new}").format(
        old=label(old_bl), new=label(new_bl)), "bold"))
    if d.empty:
        line(_("  no changes"))
        return
    sections: list[tuple[str, list[str]]] = [
        (_("Newly banned"), [name(n) for n in d.banned]),
        (_("Newly restricted"),
         [_("{card} (limit {limit})").format(card=name(n), limit=new_bl.restricted[n])
          for n in d.restricted]),
        (_("Changed"), [f"{name(n)}: {status_words(a)} -> {status_words(b)}"
                        for n, a, b in d.changed]),
        (_("Lifted (back to 4 copies)"),
         [_("{card} (was {was})").format(card=name(n), was=status_words(was))
          for n, was in d.lifted]),
        (_("New banned pairs"), [_pair_text(p, name) for p in d.pairs_added]),
        (_("Banned pairs removed"), [_pair_text(p, name) for p in d.pairs_removed]),
    ]
    for title, lines in sections:
        if lines:
            line(styled(title, "bold"))
            for text in lines:
                line(f"  - {text}")


def status_words(status: str) -> str:
    """A card's status on a list as the diff's JSON says it (``banned``, ``restricted to 1``)
    in the reader's words."""
    if status == "banned":
        return _("banned")
    if status.startswith("restricted to "):
        return _("restricted to {n}").format(n=status.removeprefix("restricted to "))
    return status


def _pair_text(pair: BannedPair, name: Callable[[str], str]) -> str:
    return f"{', '.join(name(n) for n in pair.a)}  <->  {', '.join(name(n) for n in pair.b)}"
