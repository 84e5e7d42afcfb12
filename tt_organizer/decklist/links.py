"""Deck links players send, where the list is in the link itself.

* Egman Events - ``https://deckbuilder.egmanevents.com/?deck=BT21-064:4,EX8-009:4&type=digimon``
  (``NUMBER:COUNT`` pairs, comma separated);
* digimoncard.io - ``https://digimoncard.io/deckbuilder/?deck=4+BT1-010,3+BT1-019``
  (``COUNT+NUMBER``; a decoded ``+`` is a space);
* DigimonMeta - ``https://digimonmeta.com/...?dg=4nBT13-007a4nBT13-040`` (``COUNTnNUMBER``
  joined by ``a``).

A link that only names a saved deck (``digimoncard.app/deckbuilder/<id>``,
``digimoncard.dev/deck/<id>``) carries no list: it is refused with a message saying to paste
the site's text export instead. Cards are placed by card type (links have no sections).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tt_organizer.decklist.parsed import DeckLine, ParsedDecklist
from tt_organizer.errors import InputError
from tt_organizer.lazy_re import lazy_compile

TYPE_CHECKING = False  # no typing module at run time (start-up)
if TYPE_CHECKING:
    from typing import Any

Normalizer = Callable[[str], str | None]

LINK = lazy_compile(r"^https?://\S+$", re.IGNORECASE)
MAX_LINK_CHARS = 8_192
MAX_ENTRIES = 200  # a deck has a few dozen distinct numbers

# (format id, query parameter, one entry: (count group, number group)); a count is 1-6 ASCII
# digits (int() of 5,000 digits raises; "٤" is no count)
_SHAPES: tuple[tuple[str, str, re.Pattern[str], int, int], ...] = (
    ("link:egmanevents", "deck", lazy_compile(r"^\s*([^:,\s]+)\s*:\s*([0-9]{1,6})\s*$"), 2, 1),
    ("link:digimoncard.io", "deck", lazy_compile(r"^\s*([0-9]{1,6})[+\s]+([^+\s,]+)\s*$"), 1, 2),
    ("link:digimonmeta", "dg", lazy_compile(r"^([0-9]{1,6})n([A-Za-z0-9-]+)$"), 1, 2),
)
_SAVED_DECK_HOSTS = ("digimoncard.app", "digimoncard.dev")


def is_link(text: str) -> bool:
    """True if ``text`` is one web address (a pasted deck link)."""
    stripped = text.strip()
    return "\n" not in stripped and bool(LINK.match(stripped))


def _fail(code: str, source: str, **params: Any) -> InputError:
    """The refusal ``code`` (of :mod:`tt_organizer.messages`) of the link read from
    ``source``."""
    return InputError(code, file=source, **params)


_Shape = tuple[str, str, re.Pattern[str], int, int]


def _shape_for(host: str, query: dict[str, list[str]]) -> _Shape:
    host = host.lower().removeprefix("www.")
    if host.endswith("egmanevents.com"):
        return _SHAPES[0]
    if host == "digimoncard.io":
        return _SHAPES[1]
    if host.endswith("digimonmeta.com") or "dg" in query:
        return _SHAPES[2]
    if "deck" in query:
        value = query["deck"][0]
        return _SHAPES[0] if ":" in value else _SHAPES[1]
    raise LookupError(host)


def parse_link(text: str, *, source: str, normalize: Normalizer) -> ParsedDecklist:
    """The decklist a deck link carries; InputError naming the link's problem otherwise."""
    link = text.strip()
    if len(link) > MAX_LINK_CHARS:
        raise _fail("link-too-long", source, length=len(link), limit=MAX_LINK_CHARS)
    from urllib.parse import parse_qs, urlsplit  # only for a link

    try:
        parts = urlsplit(link)
        query = parse_qs(parts.query, keep_blank_values=True, max_num_fields=MAX_ENTRIES)
        host = parts.hostname or ""
    except ValueError as exc:
        raise _fail("unreadable-address", source, error=str(exc)) from None
    try:
        fmt, param, entry, count_at, number_at = _shape_for(host, query)
    except LookupError:
        host = host.removeprefix("www.")
        if host in _SAVED_DECK_HOSTS:
            raise _fail("saved-deck-link", source, host=host) from None
        raise _fail("not-a-deck-link", source) from None
    values = query.get(param)
    if not values or not values[0].strip():
        raise _fail("link-without-list", source, param=param)
    raw = values[0].split("|", 1)[0]  # a "|" starts a side deck in other games' links
    chunks = [c for c in (_meta_chunks(raw) if param == "dg" else raw.split(",")) if c]
    if len(chunks) > MAX_ENTRIES:
        raise _fail("too-many-link-cards", source, limit=MAX_ENTRIES)
    parsed = ParsedDecklist(source=source, input_format=fmt, lines=[])
    for chunk in chunks:
        m = entry.match(chunk)
        if m is None:
            raise _fail("unreadable-link-entry", source, entry=repr(chunk), param=param)
        count, written = int(m.group(count_at)), m.group(number_at)
        number = normalize(written)
        if number is None:
            raise _fail("link-entry-not-a-number", source, entry=repr(written))
        if not 1 <= count <= 99:
            raise _fail("link-count-out-of-range", source, count=count, number=written)
        parsed.lines.append(DeckLine(count, number, None, None, 1, chunk))
    return parsed


_META_CHUNK = lazy_compile(r"[0-9]{1,6}n[A-Za-z0-9]+-[0-9]+")


def _meta_chunks(raw: str) -> list[str]:
    """DigimonMeta's ``4nBT13-007a4nBT13-040``: "a" both joins entries and can start a
    number's prefix (``AD1-...``), so entries are found by their shape, not split on "a"."""
    found = _META_CHUNK.findall(raw)
    return found if "a".join(found) == raw else [raw]
