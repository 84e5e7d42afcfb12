"""Regular expressions compiled on first use.

Compiling a module's patterns when it loads was a large part of ``tt deck validate``'s
start-up, and a command uses few of them. :func:`lazy_compile` takes ``re.compile``'s
arguments and returns a stand-in that compiles on its first use, then keeps the compiled
pattern's methods as its own attributes: later calls cost what calls on the pattern cost.
``pattern`` and ``flags`` (as given) are readable without compiling.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

_DELEGATED = ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer",
              "groups", "groupindex", "scanner")


class LazyPattern:
    """A pattern compiled when first used (see :func:`lazy_compile`)."""

    def __init__(self, pattern: str | bytes, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def compiled(self) -> re.Pattern[str] | re.Pattern[bytes]:
        """The compiled pattern (compiled now if it was not yet)."""
        compiled = re.compile(self.pattern, self.flags)
        for name in _DELEGATED:
            setattr(self, name, getattr(compiled, name))
        return compiled

    def __getattr__(self, name: str) -> object:  # only for attributes not set yet
        if name not in _DELEGATED:
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return f"lazy_compile({self.pattern!r}, {self.flags!r})"


if TYPE_CHECKING:
    lazy_compile = re.compile
else:

    def lazy_compile(pattern, flags=0):
        """``re.compile(pattern, flags)``, compiled on first use."""
        return LazyPattern(pattern, flags)
