"""An independent optimum for one Swiss round (networkx), for tests and the benchmark.

The optimum is over the whole field with the round's bye held fixed: every rematch-free
perfect matching of the other active players, ranked by the pairing objective's gap
criteria -- (a) pairs more than one win apart, (b) the gaps largest first (the largest
gap, then how many pairs have it, ...), (c) the sum of squared gaps. networkx's
``max_weight_matching`` knows nothing of score groups or of the project's own matcher.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tt_organizer.pairing.swiss import Pairing, PlayerState

__all__ = ["RoundFigures", "optimum", "round_figures"]


@dataclass(frozen=True)
class RoundFigures:
    """Quality of one round's pairs: rematches, pairs more than a win apart, the largest
    gap and the sum of squared gaps (in match points)."""

    rematches: int
    over_one_win: int
    max_gap: int
    squared_gaps: int


def _gaps(by: dict[int, PlayerState], pairs: Sequence[tuple[int, int]]) -> list[int]:
    return [abs(by[a].points - by[b].points) for a, b in pairs]


def round_figures(players: Sequence[PlayerState], pairs: Sequence[tuple[int, int]],
                  win: int = 3) -> RoundFigures:
    """The figures of ``pairs`` (ids of ``players``)."""
    by = {p.id: p for p in players}
    gaps = _gaps(by, pairs)
    return RoundFigures(
        rematches=sum(1 for a, b in pairs if b in by[a].opponents or a in by[b].opponents),
        over_one_win=sum(1 for g in gaps if g > win),
        max_gap=max(gaps, default=0),
        squared_gaps=sum(g * g for g in gaps),
    )


def optimum(players: Sequence[PlayerState], pairings: Sequence[Pairing], win: int = 3
            ) -> RoundFigures:
    """The best figures any rematch-free pairing of the same active players with the same
    bye reaches (networkx on the whole field).

    When ``pairings`` has no pair over one win apart, neither has the optimum and its
    largest gap is at most ours, so edges with a larger gap cannot be in it: they are left
    out (an exact shortcut that keeps large fields fast)."""
    import networkx as nx

    active = [p for p in players if not p.dropped]
    bye = next((t.player1 for t in pairings if t.player2 is None), None)
    ours = round_figures(active, [(t.player1, t.player2) for t in pairings
                                  if t.player2 is not None], win)
    limit = ours.max_gap if ours.over_one_win == 0 else None
    nodes = [p for p in active if p.id != bye]
    gap_values = sorted({abs(a.points - b.points) for a in nodes for b in nodes})
    npairs = len(nodes) // 2 + 1
    rank = {g: npairs ** k for k, g in enumerate(gap_values)}
    top_sq = max(gap_values, default=0) ** 2 * npairs + 1
    top_rank = npairs ** len(gap_values) * npairs + 1
    graph = nx.Graph()
    graph.add_nodes_from(p.id for p in nodes)
    for k, a in enumerate(nodes):
        for b in nodes[k + 1:]:
            if b.id in a.opponents or a.id in b.opponents:
                continue
            g = abs(a.points - b.points)
            if limit is not None and g > limit:
                continue
            cost = ((1 if g > win else 0) * top_rank + rank[g]) * top_sq + g * g
            graph.add_edge(a.id, b.id, weight=-cost)
    mate = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(mate) != len(nodes):
        raise AssertionError("no rematch-free pairing exists with this bye")
    return round_figures(active, list(mate), win)
