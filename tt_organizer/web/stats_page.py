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
from tt_organizer.stats.words import rate_words, verdict_words
from tt_organizer.web.server import Server, secure_headers

if TYPE_CHECKING:
    from tt_organizer.stats.calibration import CalibrationStats


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
