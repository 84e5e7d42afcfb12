"""Single-elimination top-cut brackets: seeding order, the first round, each next round."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tt_organizer.errors import BadValue
from tt_organizer.pairing.swiss import Pairing


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for a power-of-two ``size``:
    ``[1, 8, 4, 5, 2, 7, 3, 6]`` for 8, so seeds 1 and 2 can only meet in the final."""
    if size < 1 or size & (size - 1):
        raise BadValue("bracket-size", size=size)
    order = [1]
    while len(order) < size:
        m = 2 * len(order)
        order = [s for seed in order for s in (seed, m + 1 - seed)]
    return order


def pair_top_cut(seeds: Sequence[int]) -> list[Pairing]:
    """First round of a single-elimination top cut: 1 v N, then in bracket order.

    ``seeds`` are player ids, best first. Tables follow the bracket (for 8: 1v8, 4v5, 2v7,
    3v6), so the winners of tables 1+2, 3+4, ... meet next (:func:`pair_top_cut_round`).
    A size that is not a power of two gives the top seeds byes (``player2 None``).
    """
    n = len(seeds)
    if n < 2:
        raise BadValue("bracket-too-few")
    if len(set(seeds)) != n:
        raise BadValue("seeded-twice")
    size = 1 << (n - 1).bit_length()
    order = bracket_order(size)
    out = []
    for k in range(0, size, 2):
        a, b = order[k], order[k + 1]
        out.append(Pairing(table=k // 2 + 1, player1=seeds[a - 1],
                           player2=seeds[b - 1] if b <= n else None))
    return out


def bracket_seeds(first_round: Sequence[tuple[int, int | None]]) -> dict[int, int]:
    """Each player's seed (1 = best) read back from a bracket's first round, given as
    (player 1, player 2) per table in table order, as :func:`pair_top_cut` seats it."""
    order = bracket_order(2 * len(first_round))
    seeds: dict[int, int] = {}
    for k, (first, second) in enumerate(first_round):
        seeds[first] = order[2 * k]
        if second is not None:
            seeds[second] = order[2 * k + 1]
    return seeds


def pair_top_cut_round(winners: Sequence[int],
                       seeds: Mapping[int, int] | None = None) -> list[Pairing]:
    """Next top-cut round from the previous round's winners in table order (1+2, 3+4...).
    With ``seeds`` (player -> seed, 1 = best) the better seed is player 1 of each match (a
    player without a seed counts as the worse)."""
    if len(winners) < 2 or len(winners) % 2:
        raise BadValue("top-cut-winners-even")
    out = []
    for k in range(0, len(winners), 2):
        a, b = winners[k], winners[k + 1]
        if seeds is not None and seeds.get(b, len(seeds) + 1) < seeds.get(a, len(seeds) + 1):
            a, b = b, a
        out.append(Pairing(table=k // 2 + 1, player1=a, player2=b))
    return out
