"""The ban list as announced on one date."""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, Field


class BannedPair(BaseModel):
    """If any card of side ``a`` is in a deck, no card of side ``b`` may be (and vice versa)."""

    a: list[str]
    b: list[str]


class BanList(BaseModel):
    """One announcement of Bandai's list for sanctioned play."""

    announced: dt.date
    source: str = ""
    fetched_at: str | None = None
    sha256: str | None = None
    banned: list[str] = Field(default_factory=list)
    restricted: dict[str, int] = Field(default_factory=dict)
    banned_pairs: list[BannedPair] = Field(default_factory=list)
    unknown_numbers: list[str] = Field(default_factory=list)

    def limit_for(self, number: str) -> int | None:
        """0 for a banned card, the restricted count for a restricted one, else None."""
        if number in self.banned:
            return 0
        return self.restricted.get(number)
