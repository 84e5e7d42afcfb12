"""Section-header vocabulary of pasted decklists: which lines name a zone, and which zone.

A header is a line whose words (after dropping ``//``/``#`` markers, punctuation and a
trailing count such as ``(5)``, ``: 50`` or ``- 8 cards``) all belong to the vocabulary below:

* **main** - ``Main``, ``Main deck``, ``Deck``, ``Deck list``, ``Digimon``, ``Digimon Deck List``,
  ``Digimon DeckList``, ``Option(s)``, ``Dual(s)`` and combinations (``Digimon & Options``);
* **pile** - any header that also names ``Egg(s)``, ``Digi-Egg(s)``, ``Digitama``, ``Tamer(s)`` or
  ``Pile``: ``Egg Deck``, ``Digi-Egg deck``, ``Eggs``, ``Tamers``, ``Tamer pile``,
  ``Tamer + Digi-Egg pile``, ``Tamers & Eggs`` ... (``Tamers`` is a pile header even in a list
  that also has ``Digimon``/``Options`` headers: those stay main). A header that names only
  Tamers (``Tamers``, ``Tamer (5)``) is a pile header whose cards are placed by card type
  (:func:`names_only_tamers`): deck builders group a standard deck's main-deck Tamers under
  it, and in Tamer Tactics their type's zone is the pile anyway;
* the same in Spanish (:data:`SECTION_WORDS`, accents optional): ``Mazo principal (50)``,
  ``Opciones``; ``Pila Tamer + Digi-Egg (8)``, ``Tamers y Digi-Egg``, ``Huevos``,
  ``Digi-Huevos``, ``Mazo Digi-Egg``, ``Domadores``; ``Banquillo``;
* the same in Chinese: ``主卡组 (50)``, ``卡组``; ``驯兽师 + 数码蛋卡组 (8张)``, ``数码蛋``,
  ``蛋组``, ``驯兽师``; ``副卡组``;
* **skip** - ``Sideboard``, ``Side deck``, ``Side``, ``Maybeboard``, ``Maybe``, ``Considering``:
  neither format has a sideboard, so the lines under such a header are ignored (not even read)
  until the next header.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from tt_organizer.decklist.parsed import MAIN, PILE
from tt_organizer.lazy_re import lazy_compile

SKIP = "skip"
BANNER = "banner"
# The header words by language (compared lower-case, accents dropped: "Sección" is "seccion").
# Every language's words are read whatever language tt speaks: a list is pasted in the
# language of whoever wrote it. A new language adds its words here, nothing else.
# "banners": export banners (``// Digimon DeckList``, ``// Digimon Deck List``), the title deck
# builders put above the whole list, eggs included: they name no zone, the cards under them
# are placed by card type. "filler": words that may appear in a header without changing its
# meaning ("Digi" of "Digi-Egg", "y" of "Tamers y Digi-Egg").
SECTION_WORDS: dict[str, dict[str, frozenset[str]]] = {
    "en": {
        "main": frozenset({"main", "deck", "decklist", "maindeck", "digimon", "digimons",
                           "option", "options", "dual", "duals"}),
        "pile": frozenset({"egg", "eggs", "digiegg", "digieggs", "eggdeck", "tamer", "tamers",
                           "pile", "digitama", "digitamas"}),
        "skip": frozenset({"sideboard", "side", "sidedeck", "maybeboard", "maybe",
                           "considering"}),
        "filler": frozenset({"and", "card", "cards", "list", "zone", "section", "digi"}),
        "tamers": frozenset({"tamer", "tamers"}),
    },
    "es": {
        "main": frozenset({"mazo", "principal", "opcion", "opciones", "digimones", "lista"}),
        "pile": frozenset({"huevo", "huevos", "digihuevo", "digihuevos", "pila", "domador",
                           "domadores"}),
        "skip": frozenset({"banquillo", "reserva", "suplentes", "descartes"}),
        "filler": frozenset({"y", "e", "de", "del", "la", "el", "los", "las", "carta",
                             "cartas", "zona", "seccion", "mi"}),
        "tamers": frozenset({"domador", "domadores"}),
    },
    # Chinese, as players write it (no spaces: a header is cut into these words, longest
    # first, by :func:`header_words`): 主卡组 (50), 驯兽师 + 数码蛋卡组 (8张), 数码蛋, 蛋组
    "zh": {
        "main": frozenset({"主卡组", "主牌组", "主卡", "主", "卡组", "牌组", "卡表", "数码宝贝",
                           "选项", "选项卡"}),
        "pile": frozenset({"数码蛋", "数码蛋卡组", "数码蛋组", "蛋", "蛋组", "蛋卡组", "驯兽师",
                           "驯兽师卡组", "卡堆"}),
        "skip": frozenset({"副卡组", "备牌", "备选", "候补"}),
        "filler": frozenset({"与", "和", "及", "加", "的", "卡", "卡牌", "张", "列表", "清单",
                             "区", "部分"}),
        "tamers": frozenset({"驯兽师"}),
    },
}
_BANNERS = frozenset({("digimon", "decklist"), ("digimon", "deck"), ("数码宝贝", "卡组")})


def _every(kind: str) -> frozenset[str]:
    return frozenset(w for words in SECTION_WORDS.values() for w in words.get(kind, ()))


_MAIN_WORDS = _every("main")
_PILE_WORDS = _every("pile")
_SKIP_WORDS = _every("skip")
_FILLER_WORDS = _every("filler")
_TAMER_WORDS = _every("tamers")
_VOCABULARY = _MAIN_WORDS | _PILE_WORDS | _SKIP_WORDS | _FILLER_WORDS
_CJK_WORDS = sorted((w for w in _VOCABULARY if not w.isascii()), key=len, reverse=True)

_MARKER = lazy_compile(r"^(?://+|#+|[-*=•]+)")
_WORD = lazy_compile(r"[^\W\d_]+|\d+")
_MAX_HEADER = 80  # a longer line is never a header


def header_words(line: str) -> list[str]:
    """The lower-case words of ``line`` read as a header (markers and a trailing count removed).

    ``Egg Deck (5)``, ``Main deck: 50``, ``Tamers - 5 cards`` and ``Digimon x4`` lose their
    count; every regex here is linear, whatever the line holds.
    """
    text = _MARKER.sub("", line.strip(), count=1)
    words = [part for w in _WORD.findall(text) for part in _cut(_plain(w))]
    if len(words) >= 2 and words[-1] in ("card", "cards", "张") and words[-2].isdigit():
        words = words[:-2]
    elif words and words[-1].isdigit():
        words = words[:-1]
    else:
        return words
    if words and words[-1] in ("x", "×"):
        words = words[:-1]
    return words


@lru_cache(maxsize=4096)
def classify_header(line: str) -> str | None:
    """``"main"``, ``"pile"`` or ``"skip"`` if ``line`` is a section header, else None."""
    if len(line) > _MAX_HEADER:
        return None
    words = header_words(line)
    if not words or any(w not in _VOCABULARY for w in words):
        return None
    meaningful = [w for w in words if w not in _FILLER_WORDS]
    if not meaningful:
        return None
    if tuple(meaningful) in _BANNERS:
        return BANNER
    if any(w in _SKIP_WORDS for w in meaningful):
        return SKIP
    if any(w in _PILE_WORDS for w in meaningful):
        return PILE
    return MAIN


def names_only_tamers(line: str) -> bool:
    """True if ``line`` is a header naming only Tamers (``Tamers``, ``// Tamer (5)``): a list
    grouped by card type, not a zone - its cards go where their type belongs."""
    if classify_header(line) != PILE:
        return False
    return all(w in _TAMER_WORDS for w in header_words(line) if w not in _FILLER_WORDS)


def _cut(word: str) -> list[str]:
    """A word of a language written without spaces (Chinese) cut into the vocabulary's words,
    longest first (``驯兽师数码蛋卡组`` -> ``驯兽师``, ``数码蛋卡组``); a word that does not cut
    into them whole stays as it is (so it is no header word)."""
    if word.isascii() or word in _VOCABULARY:
        return [word]
    parts: list[str] = []
    rest = word
    while rest:
        hit = next((w for w in _CJK_WORDS if rest.startswith(w)), None)
        if hit is None:
            return [word]
        parts.append(hit)
        rest = rest[len(hit):]
    return parts


def _plain(word: str) -> str:
    """A word lower-case without accents (``Opción`` -> ``opcion``)."""
    if word.isascii():
        return word.lower()
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
