"""People's names as people type them: compared without case, accents or extra spaces, sorted
by a collation key, matched against a list of names with a suggestion when nothing matches.

``fold("  José  MARTÍNEZ ")`` is ``"jose martinez"``: case folded, accents and other combining
marks dropped (``ñ`` -> ``n``, ``ç`` -> ``c``), a few letters that do not decompose spelled
out (``ø`` -> ``o``, ``ł`` -> ``l``, ``æ`` -> ``ae``), runs of spaces one space. Punctuation
stays (``O'Brien`` is not ``OBrien``). Every command that takes a player's name finds it
through :func:`match_name`; every list of players sorted by name uses :func:`sort_key`.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Generic, TypeVar

# letters NFKD leaves whole, written as their base letters
_SPELLED = str.maketrans({"ø": "o", "đ": "d", "ð": "d", "ł": "l", "ħ": "h", "ı": "i",
                          "æ": "ae", "œ": "oe", "þ": "th", "ŀ": "l"})


@lru_cache(maxsize=16384)
def fold(text: str) -> str:
    """``text`` as names are compared: no case, no accents, one space between words."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.translate(_SPELLED).split())


def sort_key(name: str) -> tuple[str, str, str]:
    """The collation key of a name: its folded form first (``Álvarez`` sorts with the A's,
    not after ``Zúñiga``), then its case-folded spelling, then the name itself, so equal
    folds still sort one way every time (``Jose``, ``jose``, ``José``)."""
    return fold(name), " ".join(name.casefold().split()), name


T = TypeVar("T")


@dataclass
class NameMatch(Generic[T]):
    """What :func:`match_name` found for a typed name: ``found`` (one), or ``ambiguous``
    (several names fold to it, none spelled exactly so), or neither, with ``suggestions``
    (the closest names, best first)."""

    found: T | None = None
    ambiguous: list[str] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)


def match_name(typed: str, items: Mapping[str, T] | Iterable[tuple[str, T]]) -> NameMatch[T]:
    """The item whose name ``typed`` names: the name spelt so (up to case and spaces)
    first; else the one name equal to it once folded (``Jose Martinez`` names ``José
    Martínez``); several such names are ``ambiguous``; with none, the closest names by
    :mod:`difflib` on the folded forms are ``suggestions``. Many look-ups in one list:
    :class:`NameIndex`."""
    return NameIndex(items).match(typed)


class NameIndex(Generic[T]):
    """Names (each with its item) indexed once for many :meth:`match` look-ups."""

    def __init__(self, items: Mapping[str, T] | Iterable[tuple[str, T]]) -> None:
        pairs = list(items.items()) if isinstance(items, Mapping) else list(items)
        self.names = [n for n, _v in pairs]
        self.exact: dict[str, list[tuple[str, T]]] = {}
        self.folded: dict[str, list[tuple[str, T]]] = {}
        for name, value in pairs:
            self.exact.setdefault(" ".join(name.casefold().split()), []).append((name, value))
            self.folded.setdefault(fold(name), []).append((name, value))

    def match(self, typed: str, *, suggestions: bool = True) -> NameMatch[T]:
        """What :func:`match_name` finds (``suggestions`` False: none computed, a miss is
        cheap)."""
        exact = self.exact.get(" ".join(typed.casefold().split()), [])
        if len(exact) == 1:
            return NameMatch(found=exact[0][1])
        folded = exact or self.folded.get(fold(typed), [])
        if len(folded) == 1:
            return NameMatch(found=folded[0][1])
        if folded:
            return NameMatch(ambiguous=sorted((n for n, _v in folded), key=sort_key))
        return NameMatch(suggestions=suggest(typed, self.names) if suggestions else [])


def search_hit(typed: str, name: str) -> bool:
    """Whether a search for ``typed`` finds ``name``: part of it, case and accents aside
    (``jose`` finds ``José Martínez``, ``martin`` too)."""
    return fold(typed) in fold(name)


def suggest(typed: str, names: Iterable[str], *, limit: int = 3) -> list[str]:
    """The names closest to ``typed`` (compared folded), best first; none when nothing is
    close. A typed first or last name alone suggests the names holding it as a word."""
    by_fold: dict[str, str] = {}
    for name in names:
        by_fold.setdefault(fold(name), name)
    key = fold(typed)
    if not key:
        return []
    close = difflib.get_close_matches(key, list(by_fold), n=limit, cutoff=0.6)
    if len(close) < limit:
        words = [f for f in by_fold if f not in close and key in f.split()]
        close += sorted(words)[:limit - len(close)]
    return [by_fold[c] for c in close]
