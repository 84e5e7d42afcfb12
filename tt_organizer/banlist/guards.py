"""Checks that keep a page which looks right but is wrong out of the ban-list cache.

Each function returns the reasons to refuse (empty when the page passes); ``tt banlist sync``
refuses the page on any of them unless ``--force``:

* the bytes do not decode cleanly in the charset the server or page names (a Shift_JIS page
  labelled UTF-8 would store garbled names);
* the announcement date is more than :data:`FUTURE_MARGIN_DAYS` days after today (a page dated
  2099 would become the current list for decades);
* the list grew abnormally: more than :data:`MAX_ENTRIES` entries, or more than twice the
  cached current list and :data:`GROWTH_SLACK` entries more than it;
* most of its card numbers are unknown to the card database;
* other cards or limits are already cached under the same announcement date (an announcement
  does not change; a page that says otherwise is wrong, or needs a human to confirm with
  ``--force``). Only the history or names differing is an update, not a refusal.
"""

from __future__ import annotations

import datetime as dt

from tt_organizer.banlist.announcement import BanList
from tt_organizer.i18n import Msg
from tt_organizer.messages import WORDS
from tt_organizer.sources import Fetched

FUTURE_MARGIN_DAYS = 7  # time zones, clock skew, a page dated the week it takes effect
MAX_ENTRIES = 1000  # real lists hold a few dozen entries
GROWTH_SLACK = 50


def decode_page(fetched: Fetched) -> tuple[str, list[Msg]]:
    """The page's text and the reasons to refuse it.

    The text is decoded by what the bytes are, not only by what the server says: a byte-order
    mark decides; then a body that is valid UTF-8 (with non-ASCII text) is UTF-8 when the page
    is labelled UTF-8 or a one-byte charset (``iso-8859-1``, ``windows-1252``: a UTF-8 page
    served with a wrong label would otherwise decode "cleanly" into ``ç³ç°``); otherwise
    the charset the server names, else the page's ``<meta>`` one, must decode it strictly. A
    body none of them decodes is refused (the text returned is then the replacement-character
    decoding), so no card name is ever stored garbled. A server label and a ``<meta>`` that
    disagree: a multi-byte charset that decodes the page strictly wins over a one-byte one, and
    one that does not makes the page refused (a one-byte reading would be a guess)."""
    body = fetched.body
    for bom, codec in _BOMS:
        if body.startswith(bom):
            try:
                return body[len(bom):].decode(codec), []
            except UnicodeDecodeError as exc:
                return fetched.text(), [_undecodable(codec, exc)]
    header, meta = fetched.declared_charset, fetched.meta_charset
    labels = [c for c in (header, meta) if c] or ["utf-8"]
    known = [c for c in labels if _codec(c) is not None]
    if not known:
        return fetched.text(), [Msg(WORDS["unknown-charset"], charset=repr(labels[0]))]
    if body.isascii():
        return body.decode("ascii"), []
    try:
        utf8: str | None = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        utf8, utf8_error = None, exc
    if utf8 is not None and any(_codec(c) == "utf-8" or _one_byte(c) for c in known):
        return utf8, []
    # a multi-byte charset that decodes the page strictly (decoding proves it)
    for charset in known:
        if _codec(charset) == "utf-8" or _one_byte(charset):
            continue
        try:
            return body.decode(charset), []
        except UnicodeDecodeError:
            continue
    if utf8 is not None:  # labelled as a multi-byte charset it is not: its content says UTF-8
        return utf8, []
    wide = [c for c in known if not _one_byte(c)]
    if wide:  # a label the bytes contradict: a one-byte reading would only be a guess
        return fetched.text(), [_undecodable(wide[0], utf8_error)]
    return body.decode(known[0]), []  # one-byte charsets only, and not UTF-8


_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


def _undecodable(charset: str, exc: UnicodeDecodeError) -> Msg:
    return Msg(WORDS["undecodable-page"], charset=charset, at=exc.start)


def _codec(charset: str) -> str | None:
    """The Python codec name of ``charset`` (``utf-8``, ``iso8859-1``...), None if unknown."""
    import codecs

    try:
        return codecs.lookup(charset).name
    except LookupError:
        return None


def _one_byte(charset: str) -> bool:
    """True for a charset with one character per byte (iso-8859-*, windows-125x, ascii...),
    in which any bytes decode, so that decoding proves nothing."""
    name = _codec(charset)
    if name is None or name == "utf-8":
        return False
    return len(bytes(range(256)).decode(name, errors="replace")) == 256


def check_date(announced: dt.date, today: dt.date | None = None) -> list[Msg]:
    """Refuse an announcement dated more than FUTURE_MARGIN_DAYS days ahead."""
    today = today or dt.date.today()
    if (announced - today).days > FUTURE_MARGIN_DAYS:
        return [Msg(WORDS["announcement-in-future"], date=announced, today=today,
                    days=FUTURE_MARGIN_DAYS)]
    return []


def check_growth(new: BanList, previous: BanList | None) -> list[Msg]:
    """Refuse a list far larger than any real one, or than the cached current list."""
    size = max(new.size(), len(new.all_numbers()))
    if size > MAX_ENTRIES:
        return [Msg(WORDS["banlist-too-large"], size=size)]
    if previous is not None and previous.size():
        old = previous.size()
        if size > max(2 * old, old + GROWTH_SLACK):
            return [Msg(WORDS["banlist-grew"], old=old, date=previous.announced, size=size)]
    return []


def check_unknown(new: BanList, known: set[str] | None) -> list[Msg]:
    """Refuse a list most of whose card numbers the card database does not know."""
    numbers = new.all_numbers()
    if known is None or not numbers:
        return []
    unknown = [n for n in numbers if n not in known]
    if len(unknown) * 2 > len(numbers):
        return [Msg(WORDS["banlist-numbers-unknown"], unknown=len(unknown), total=len(numbers),
                    examples=", ".join(unknown[:3]))]
    return []


def check_same_date(new: BanList, existing: BanList | None) -> list[Msg]:
    """Refuse a list that differs from the one already cached for its announcement date."""
    if existing is None or _core(existing) == _core(new):
        return []  # the same cards and limits (the dated history may have been filled in)
    return [Msg(WORDS["banlist-date-taken"], date=new.announced, cached=_counts(existing),
                page=_counts(new))]


def _core(bl: BanList) -> tuple[object, ...]:
    """What a deck check depends on: the banned cards, the limits, the pairs."""
    return (set(bl.banned), dict(bl.restricted), sorted(p.key() for p in bl.banned_pairs))


def _counts(bl: BanList) -> Msg:
    return Msg(WORDS["banlist-counts"], banned=len(bl.banned), restricted=len(bl.restricted),
               pairs=len(bl.banned_pairs))
