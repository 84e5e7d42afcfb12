"""Section-header vocabulary of pasted decklists: which lines name a zone, and which zone.

A header is a line whose words (after dropping ``//``/``#`` markers, a trailing colon and a
trailing count such as ``(5)``, ``: 50`` or ``- 8 cards``) all belong to the vocabulary below:

* **main** - ``Main``, ``Main deck``, ``Deck``, ``Deck list``, ``Digimon``, ``Digimon Deck List``,
  ``Digimon DeckList``, ``Option(s)``, ``Dual(s)`` and combinations (``Digimon & Options``);
* **pile** - any header that also names ``Egg(s)``, ``Digi-Egg(s)``, ``Digitama``, ``Tamer(s)`` or
  ``Pile``: ``Egg Deck``, ``Digi-Egg deck``, ``Eggs``, ``Tamers``, ``Tamer pile``,
  ``Tamer + Digi-Egg pile``, ``Tamers & Eggs`` ... (``Tamers`` is a pile header even in a list
  that also has ``Digimon``/``Options`` headers: those stay main);
* **skip** - ``Sideboard``, ``Side deck``, ``Side``, ``Maybeboard``, ``Maybe``, ``Considering``:
  neither format has a sideboard, so the lines under such a header are ignored (not even read)
  until the next header.
"""

from __future__ import annotations

import re

from tt_organizer.decklist.model import MAIN, PILE

SKIP = "skip"

_MAIN_WORDS = frozenset(
    {"main", "deck", "digimon", "digimons", "option", "options", "dual", "duals"}
)
_PILE_WORDS = frozenset({"egg", "eggs", "tamer", "tamers", "pile", "digitama", "digitamas"})
_SKIP_WORDS = frozenset({"sideboard", "side", "maybeboard", "maybe", "considering"})
# Words that may appear in a header without changing its meaning.
_FILLER_WORDS = frozenset({"and", "card", "cards", "list", "zone", "section"})
_VOCABULARY = _MAIN_WORDS | _PILE_WORDS | _SKIP_WORDS | _FILLER_WORDS

_MARKER = re.compile(r"^\s*(?://+|#+|[-*=•]+)?\s*")
# A trailing count: "(5)", "[50]", ": 50", "- 8 cards", "x5", "5".
_TRAILING_COUNT = re.compile(
    r"[\s:=\-–]*[(\[]?\s*[x×]?\s*\d+\s*(?:cards?)?\s*[)\]]?\s*[:=]?\s*$", re.IGNORECASE
)
_JOINED = (
    (re.compile(r"digi[\s\-_]*eggs?", re.IGNORECASE), " egg "),
    (re.compile(r"deck[\s\-_]*list", re.IGNORECASE), " deck "),
    (re.compile(r"main[\s\-_]*deck", re.IGNORECASE), " main deck "),
    (re.compile(r"side[\s\-_]*(?:deck|board)", re.IGNORECASE), " sideboard "),
)
_WORD = re.compile(r"[^\W\d_]+|\d+")


def header_words(line: str) -> list[str]:
    """The lower-case words of ``line`` read as a header (markers, colon and count removed)."""
    text = _MARKER.sub("", line, count=1)
    text = text.strip().rstrip(":=").strip()
    text = _TRAILING_COUNT.sub("", text)
    for pattern, replacement in _JOINED:
        text = pattern.sub(replacement, text)
    return [w.lower() for w in _WORD.findall(text)]


def classify_header(line: str) -> str | None:
    """``"main"``, ``"pile"`` or ``"skip"`` if ``line`` is a section header, else None."""
    words = header_words(line)
    if not words or any(w not in _VOCABULARY for w in words):
        return None
    meaningful = [w for w in words if w not in _FILLER_WORDS]
    if not meaningful:
        return None
    if any(w in _SKIP_WORDS for w in meaningful):
        return SKIP
    if any(w in _PILE_WORDS for w in meaningful):
        return PILE
    return MAIN
