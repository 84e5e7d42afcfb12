"""``/projector/stats``: the first player's win rate of this event, for the projector at the
end of the event (the plot of ``tt stats report``, drawn from the event as it is now).

The page shows the plot as ``<img src="/projector/stats.svg">``: an SVG loaded as an image runs
no script and needs no inline style in the page, so the page keeps the server's CSP.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tt_organizer import i18n
from tt_organizer.events.event_reads import event_snapshot
from tt_organizer.i18n import N_
from tt_organizer.web.server import Server, secure_headers

if TYPE_CHECKING:
    from tt_organizer.stats.calibration import CalibrationStats, FirstPlayer, Rate

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


def _stats(server: Server) -> CalibrationStats:
    from tt_organizer.stats.calibration import compute_stats

    with server.db() as conn:
        snapshot = event_snapshot(conn, server.path)
    return compute_stats([snapshot])


def routes(server: Server) -> list[Route]:
    """The page and its plot, for ``server`` (the event being served)."""

    def page(request: Request) -> Response:
        result = _stats(server)
        return server.page(request, "projector_stats.html", stats=result,
                           first=result.first_player, rate_words=rate_words,
                           verdict_words=verdict_words)

    def plot(request: Request) -> Response:
        from tt_organizer.stats.plots import first_player_figure, svg
        with i18n.using(server.language(request)):  # its labels in the page's language
            drawn = svg(first_player_figure(_stats(server)))
        response = Response(drawn, media_type="image/svg+xml")
        secure_headers(response)
        return response

    return [Route("/projector/stats", page), Route("/projector/stats.svg", plot)]
