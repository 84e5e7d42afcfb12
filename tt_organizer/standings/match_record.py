"""One reported result as the pure standings read it (:func:`~tt_organizer.standings.
tiebreakers.compute_standings` takes these, or an event's stored matches)."""

from __future__ import annotations

from dataclasses import dataclass

from tt_organizer.errors import BadValue
from tt_organizer.standings.tiebreakers import OUTCOMES, SOLO_OUTCOMES


@dataclass
class MatchRecord:
    """One reported result; ``draws`` counts drawn games. ``player2`` is None exactly for
    ``bye`` and ``loss-missed``. A value (nothing assigns to it), but not a frozen dataclass:
    a big event's standings read thousands, and a frozen ``__init__`` costs more than the read."""

    round: int
    player1: int
    player2: int | None
    p1_games: int
    p2_games: int
    draws: int
    outcome: str

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise BadValue("unknown-outcome", outcome=repr(self.outcome),
                           outcomes=", ".join(OUTCOMES))
        if (self.player2 is None) != (self.outcome in SOLO_OUTCOMES):
            raise BadValue("outcome-needs-no-opponent" if self.outcome in SOLO_OUTCOMES
                           else "outcome-needs-opponent", outcome=repr(self.outcome))
        if self.player1 == self.player2:
            raise BadValue("plays-themselves", player=self.player1)
        if min(self.p1_games, self.p2_games, self.draws) < 0:
            raise BadValue("negative-games")

    @classmethod
    def bye(cls, round: int, player: int) -> MatchRecord:
        """A bye for ``player`` in ``round``."""
        return cls(round, player, None, 0, 0, 0, "bye")

    @classmethod
    def missed(cls, round: int, player: int) -> MatchRecord:
        """A round ``player`` missed (late entry): a loss for their own record."""
        return cls(round, player, None, 0, 0, 0, "loss-missed")
