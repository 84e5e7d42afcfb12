"""The calibration figures in the reader's words: a rate, its place against the target, a
status ("not enough games"), shared by ``tt stats``, ``tt stats report`` and the projector's
statistics page. The library's own English (``Rate.text()``, ``FirstPlayer.verdict``) is what
``--json`` carries; English words here are the same."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tt_organizer import i18n
from tt_organizer.i18n import N_

if TYPE_CHECKING:
    from tt_organizer.stats.calibration import FirstPlayer, Rate

# the first player's rate against the target band, by FirstPlayer.placement
PLACEMENT_WORDS = {
    "above": N_("above the {band} target: the first player is favoured"),
    "below": N_("below the {band} target: the second player is favoured"),
    "within": N_("within the {band} target"),
    "outside": N_("outside the {band} target, but the interval (95%) still reaches it"),
}


def rate_words(rate: Rate) -> str:
    """A rate for the page, in the current language: ``54,8 % (46,0 %–63,3 %, n=104)``,
    «no hay suficientes partidas (n=12, se necesitan 30)» or «sin datos»."""
    if not rate.games:
        return i18n.gettext("no data")
    if not rate.enough or rate.rate is None:
        return i18n.gettext("not enough games (n={n}, need {minimum})").format(
            n=rate.games, minimum=rate.minimum)
    low, high = rate.interval or (0.0, 0.0)
    shown, low_shown, high_shown = (i18n.format_percent(x) for x in (rate.rate, low, high))
    return f"{shown} ({low_shown}–{high_shown}, n={rate.games})"


def verdict_words(first: FirstPlayer) -> str:
    """The first player's rate against the target, in the current language ("" when the
    rate is not ``ok``: the rate's own words say why)."""
    words = PLACEMENT_WORDS.get(first.placement)
    if words is None:
        return ""
    band = f"{i18n.format_percent(first.target[0], 0)}–{i18n.format_percent(first.target[1], 0)}"
    return i18n.gettext(words).format(band=band)


def percent(value: float | None) -> str:
    """A share as the reader's locale writes it with one decimal (``""`` for none)."""
    return "" if value is None else i18n.format_percent(value)


def status_words(status: str) -> str:
    """A rate's status (``no data``, ``not enough games``) in the reader's words."""
    return i18n.gettext(STATUS_WORDS.get(status, status))


STATUS_WORDS = {"no data": N_("no data"), "not enough games": N_("not enough games")}
