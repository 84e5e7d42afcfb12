"""Card names compared as players write them: case, accents, spaces and punctuation ignored,
``&`` read as ``and`` (``MetalGreymon (X Antibody)`` = ``Metal Greymon X-Antibody``), a trailing
``ACE`` optional; a written ``A / B`` (a Dual card's two halves) names a card when either half
does."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from tt_organizer.lazy_re import lazy_compile

_NOT_ALNUM = lazy_compile(r"[\W_]+")
_AND = lazy_compile(r"\s*[&＆]\s*")
_HALVES = lazy_compile(r"\s*/\s*")


@lru_cache(maxsize=8192)
def name_key(name: str) -> str:
    """``name`` normalised for comparison."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return _NOT_ALNUM.sub("", _AND.sub(" and ", text))


_ACE = lazy_compile(r"\s+ACE$")


def same_name(written: str, official: str) -> bool:
    """True if ``written`` names the card called ``official`` (deck builders add " ACE" to an
    ACE card's name: ``Myotismon ACE`` names ``Myotismon``)."""
    key = name_key(official)
    if name_key(written) == key or name_key(_ACE.sub("", written)) == key:
        return True
    halves = [h for h in _HALVES.split(written) if h.strip()]
    official_keys = {name_key(h) for h in _HALVES.split(official)} | {key}
    return len(halves) > 1 and any(name_key(h) in official_keys for h in halves)
