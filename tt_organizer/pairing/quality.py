"""The quality of a round's pairings: rematches, floaters, the largest point gap and the
float vector ``D`` of :mod:`tt_organizer.pairing.swiss` (for logs, tests and the benchmark)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tt_organizer.pairing.swiss import Pairing, PlayerState


@dataclass(frozen=True)
class PairingReport:
    """Quality figures of one round's pairings (for logs, tests and the benchmark).

    ``float_vector`` is ``D`` from the docstring of :mod:`tt_organizer.pairing.swiss` (bye
    excluded); ``floaters`` counts players paired outside their score group;
    ``max_point_gap`` is the largest point difference at a table."""

    rematches: int
    floaters: int
    max_point_gap: int
    float_vector: tuple[int, ...]
    bye: int | None


def float_vector(players: Sequence[PlayerState], pairs: Iterable[tuple[int, int]]
                 ) -> tuple[int, ...]:
    """``D_b`` for each boundary between the score groups of ``players`` (see
    :mod:`tt_organizer.pairing.swiss`)."""
    levels = sorted({p.points for p in players}, reverse=True)
    where = {pts: k for k, pts in enumerate(levels)}
    group = {p.id: where[p.points] for p in players}
    out = [0] * max(0, len(levels) - 1)
    for a, b in pairs:
        lo, hi = sorted((group[a], group[b]))
        for k in range(lo, hi):
            out[k] += 1
    return tuple(out)


def analyze_pairings(players: Sequence[PlayerState], pairings: Sequence[Pairing]
                     ) -> PairingReport:
    """Rematches, floaters, largest point gap and float vector of a round's pairings."""
    by_id = {p.id: p for p in players}
    pairs = [(t.player1, t.player2) for t in pairings if t.player2 is not None]
    bye = next((t.player1 for t in pairings if t.player2 is None), None)
    rematches = sum(1 for a, b in pairs if b in by_id[a].opponents or a in by_id[b].opponents)
    gaps = [abs(by_id[a].points - by_id[b].points) for a, b in pairs]
    paired = [by_id[i] for pair in pairs for i in pair]
    return PairingReport(
        rematches=rematches,
        floaters=2 * sum(1 for g in gaps if g),
        max_point_gap=max(gaps, default=0),
        float_vector=float_vector(paired, pairs),
        bye=bye,
    )
