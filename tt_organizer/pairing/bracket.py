"""Single-elimination top-cut brackets: seeding order, the first round, each next round."""

from __future__ import annotations

from collections.abc import Sequence

from tt_organizer.pairing.swiss import Pairing


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for a power-of-two ``size``:
    ``[1, 8, 4, 5, 2, 7, 3, 6]`` for 8, so seeds 1 and 2 can only meet in the final."""
    if size < 1 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two, not {size}")
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
        raise ValueError("a top cut needs at least 2 players")
    if len(set(seeds)) != n:
        raise ValueError("a player is seeded twice")
    size = 1 << (n - 1).bit_length()
    order = bracket_order(size)
    out = []
    for k in range(0, size, 2):
        a, b = order[k], order[k + 1]
        out.append(Pairing(table=k // 2 + 1, player1=seeds[a - 1],
                           player2=seeds[b - 1] if b <= n else None))
    return out


def pair_top_cut_round(winners: Sequence[int]) -> list[Pairing]:
    """Next top-cut round from the previous round's winners in table order (1+2, 3+4...)."""
    if len(winners) < 2 or len(winners) % 2:
        raise ValueError("the next top-cut round needs an even number (>= 2) of winners")
    return [Pairing(table=k // 2 + 1, player1=winners[k], player2=winners[k + 1])
            for k in range(0, len(winners), 2)]
