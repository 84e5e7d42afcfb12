"""What the deck-check options asked for, and loading the check they describe. No click here:
the click-free path of ``tt deck validate`` (:mod:`tt_organizer.cli.fast`) builds the same
options as the click command (:mod:`tt_organizer.cli.options` declares them)."""

from __future__ import annotations

from tt_organizer.plain import field, record

TYPE_CHECKING = False  # no typing module at run time (tt_organizer.plain says why)
if TYPE_CHECKING:
    import datetime as dt

    from tt_organizer.banlist.model import BanList
    from tt_organizer.formats.check import CheckContext


@record(frozen=True)
class DeckCheckOptions:
    """What the deck-check options of ``tt deck validate`` / ``check-batch`` asked for."""

    format_id: str | None = None
    banlist_pick: str | None = None
    as_of: dt.date | None = None
    cache: str | None = None
    strict_colors: bool = False
    strict_names: bool = False
    auto_zones: bool = False
    input_format: str | None = None
    settings: dict[str, int] = field(default_factory=dict)
    sync_first: bool = False


def load_check_context(opts: DeckCheckOptions) -> CheckContext:
    """Load the format, card data and ban list the options name (syncing first with --sync);
    warn when the list was derived for --as-of."""
    from tt_organizer.formats.check import load_context

    if opts.sync_first:  # the HTTP and page-parsing modules load only when asked to sync
        from tt_organizer.banlist.sync import sync_before_validate
        from tt_organizer.cli.advice import describe
        from tt_organizer.cli.output import escape, warn

        if failed := sync_before_validate(opts.cache, words=describe):
            warn(escape(failed))
    check = load_context(
        opts.format_id,
        cache=opts.cache,
        banlist_pick=opts.banlist_pick,
        as_of=opts.as_of,
        strict_colors=opts.strict_colors,
        strict_names=opts.strict_names,
        auto_zones=opts.auto_zones,
        input_format=opts.input_format,
        settings=opts.settings,
    )
    note_derived(check.banlist)
    return check


def note_derived(bl: BanList | None) -> None:
    """Warn when the list was derived for --as-of rather than announced as such."""
    from tt_organizer.cli.output import warn

    if bl is not None and bl.note:
        warn(bl.note)
