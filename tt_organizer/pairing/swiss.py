"""Swiss pairing: no avoidable rematch, then the smallest point gaps, then fewest floats.

Terms. A *score group* is the set of active players on the same match points; groups are
numbered 0 (top) down. The *gap* of a table is the difference of its players' points. A
*floater* is a player paired outside their own group; the *float vector* of a round is
``D = (D_0, D_1, ...)`` where ``D_b`` counts the pairs with one player in groups ``0..b``
and the other below ``b``.

Priorities, in order (each one only breaks ties of the ones above):

1. The bye (odd count) goes to a player who has not had one, if any active player has not.
2. No rematch, whenever a rematch-free pairing of the whole round exists (decided globally;
   if none exists, the fewest rematches).
3. The bye goes to the lowest-ranked such player for whom the rest can still be paired
   without a rematch.
4. What players feel, lexicographically: (a) the fewest pairs more than one win apart
   (gap > ``win_points``); (b) the gaps largest first -- the smallest largest gap, then the
   fewest tables with it, then the next largest, ... (an exponential weight per distinct
   gap value); (c) hence the smallest sum of squared gaps (two pairings equal on (b) have
   the same gaps, so (b) fixes it: it needs no weight of its own).
   So a 4-0 never meets a 0-4 while a pairing with smaller gaps exists.
5. Floats: ``D`` lexicographically minimal (when the players left are at most
   ``JOINT_LIMIT`` -- every round of an event of up to 64 players -- exactly; on larger
   fields bracket by bracket, top-down).
6. A floater from above is paired in the next group before anyone else floats further;
   the players leaving a group are its lowest-ranked, those paired up with a floater its
   highest-ranked.
7. Within a group: random (seeded, as in other TCG Swiss systems) or ``fold`` (1st v. middle).

Levels 2-6 are the integer weights of one maximum-weight matching (exact, every level
outweighs all below it). On fields above ``JOINT_LIMIT`` the brackets are solved top-down;
a bracket's exact solve charges each player it leaves unpaired the gap to the next score
group, so the floats it sends down are the ones with the smallest gaps; consecutive small
groups (fewer than ``2f + 2`` players each, typically the top tables) are solved as one
such bracket, so who floats out of them is decided by the gaps rather than the order; in a
large group the odd player out is the lowest-ranked who can meet someone of the next group.
Criteria 4a-4c on those sizes are checked against the networkx optimum of the whole field
in ``tests/test_pairing_quality.py`` (16-256 players) and printed per round by
``benchmarks/pairing.py``.

Algorithm. Groups are processed from the top with the floaters carried down. Let ``f`` be
the most opponents any active player has met among the active players. A set of ``m``
players (``m`` even) with ``m >= 2f + 2`` always has a rematch-free pairing (Dirac: the
"may meet" graph has minimum degree ``>= m/2``, so it is Hamiltonian). Hence while at least
``2f + 2`` players remain below the current bracket, the bracket can be paired on its own
(maximum matching) and the rest is always completable; large brackets are paired greedily
in random order while ``2f + 2`` players remain (Dirac again) and the last few exactly.
Small brackets and the tail of the round are solved exactly by maximum-weight matching
(Edmonds' blossom algorithm, :mod:`tt_organizer.pairing.matching`, on graphs of at most a
few dozen players) with lexicographic integer weights encoding the priorities above. When
a large group sits above fewer than ``2f + 2`` players, only its lowest ``2f + 2 + rest``
players join that exact solve (Hall: they can take any partner the rest needs and still
pair among themselves), the others are paired greedily. Only a field too small for the
bound can make a rematch unavoidable; it is then solved whole, allowing fewest rematches.
The work is about linear in the number of players plus a handful of small exact solves.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tt_organizer.errors import BadValue
from tt_organizer.pairing.matching import matching_pairs, max_weight_matching

__all__ = [
    "JOINT_LIMIT",
    "PAIRING_METHODS",
    "Pairing",
    "PlayerState",
    "pair_round",
    "rounds_for_players",
]

#: When at most this many players are left to pair, the rest of the round is solved exactly
#: in one weighted matching (so events of up to this size are paired optimally every round).
JOINT_LIMIT = 64

#: How players of one score group are matched with each other.
PAIRING_METHODS = ("random", "fold")

#: Swiss rounds by player count (rule book, FORMAT.md): (at most this many players, rounds).
_ROUNDS_BY_PLAYERS = ((8, 3), (16, 4), (32, 5), (64, 6), (128, 7), (226, 8), (409, 9))


def rounds_for_players(count: int) -> int:
    """Swiss rounds by player count (the rule book: ≤8 → 3 … ≤409 → 9, more → 10)."""
    for limit, rounds in _ROUNDS_BY_PLAYERS:
        if count <= limit:
            return rounds
    return 10


_PATTERN_RANGE = 1000  # random tie-break weights are drawn from range(_PATTERN_RANGE)


@dataclass(frozen=True)
class PlayerState:
    """One player as the pairing sees them before a round.

    ``rank`` is the current standings position (1 = best; the seeding order before round 1);
    it orders players inside a score group and picks the bye. ``opponents`` are the players
    met so far (a bye is not an opponent). ``dropped`` players are never paired.
    """

    id: int
    points: int
    opponents: frozenset[int]
    had_bye: bool
    rank: int
    dropped: bool = False


@dataclass(frozen=True)
class Pairing:
    """One table: ``player2 is None`` is the bye (always the last table of a Swiss round)."""

    table: int
    player1: int
    player2: int | None

    @property
    def is_bye(self) -> bool:
        """True for the bye."""
        return self.player2 is None


def pair_round(
    players: Sequence[PlayerState],
    *,
    round_number: int,
    seed: int,
    random_first_round: bool = True,
    method: str = "random",
    joint_limit: int = JOINT_LIMIT,
    win_points: int = 3,
) -> list[Pairing]:
    """Pair one Swiss round (see the module docstring for the rules and guarantees).

    Deterministic for given players, ``round_number`` and ``seed``. In round 1 the order is
    random by seed, or the seeding order (``rank``, paired 1st v. middle) when
    ``random_first_round`` is false. ``method`` ("random" or "fold") pairs within score
    groups in later rounds. ``win_points`` is what a match win is worth (pairs more than
    one win apart are avoided first). ``joint_limit``: fields up to this many players are
    solved as a whole, larger ones bracket by bracket (tests lower it to reach that path on
    small fields). Tables are numbered from the top score group down, bye last.
    """
    if method not in PAIRING_METHODS:
        raise BadValue("unknown-pairing-method", method=repr(method),
                       methods=", ".join(PAIRING_METHODS))
    if round_number < 1:
        raise BadValue("round-number-from-1")
    seen: set[int] = set()
    for p in players:
        if p.id in seen:
            raise BadValue("player-listed-twice", player=p.id)
        seen.add(p.id)
    active = [p for p in players if not p.dropped]
    rng = random.Random(f"tt-swiss:{seed}:{round_number}")
    first = round_number == 1
    if first and random_first_round:
        shuffled = sorted(active, key=lambda p: (p.rank, p.id))
        rng.shuffle(shuffled)
        tiebreak = {p.id: i for i, p in enumerate(shuffled)}
        active.sort(key=lambda p: (-p.points, tiebreak[p.id]))
    else:
        active.sort(key=lambda p: (-p.points, p.rank, p.id))
    pattern = "fold" if first and not random_first_round else ("random" if first else method)
    solver = _Round(active, rng=rng, pattern=pattern, joint_limit=joint_limit,
                    win=win_points)
    pairs, bye = solver.solve()
    ids = solver.ids
    pairs.sort()
    out = [Pairing(table=t, player1=ids[a], player2=ids[b]) for t, (a, b) in enumerate(pairs, 1)]
    if bye is not None:
        out.append(Pairing(table=len(out) + 1, player1=ids[bye], player2=None))
    return out


# --- the round solver -----------------------------------------------------------------------


class _Round:
    """One round's pairing problem; players are referred to by their index in ``ids``
    (sorted by points descending, then rank), so a lower index is a better placement."""

    def __init__(self, active: list[PlayerState], *, rng: random.Random, pattern: str,
                 joint_limit: int, win: int = 3) -> None:
        self.rng = rng
        self.win = win
        self.pattern = pattern
        self.joint_limit = joint_limit
        self.ids = [p.id for p in active]
        self.points = [p.points for p in active]
        self.had_bye = [p.had_bye for p in active]
        index = {pid: i for i, pid in enumerate(self.ids)}
        forb: list[set[int]] = [set() for _ in active]
        for i, p in enumerate(active):
            for o in p.opponents:
                j = index.get(o)
                if j is not None and j != i:
                    forb[i].add(j)
                    forb[j].add(i)
        self.forb = forb
        self.f = max((len(s) for s in forb), default=0)
        self.group: list[int] = [0] * len(active)
        self.groups: list[list[int]] = []
        self.pos_top = [0] * len(active)
        self.pos_bottom = [0] * len(active)
        self._index_groups(None)

    def _index_groups(self, bye: int | None) -> None:
        """Score groups (without the bye) and each player's place in their group."""
        self.groups = []
        for i, pts in enumerate(self.points):
            if i == bye:
                continue
            if not self.groups or pts != self.points[self.groups[-1][0]]:
                self.groups.append([])
            self.groups[-1].append(i)
        for gi, members in enumerate(self.groups):
            for k, i in enumerate(members):
                self.group[i] = gi
                self.pos_top[i] = k
                self.pos_bottom[i] = len(members) - 1 - k

    # -- helpers ---------------------------------------------------------------------------

    @property
    def dirac(self) -> int:
        """Any even set of at least this many active players has a rematch-free pairing."""
        return 2 * self.f + 2

    def feasible(self, nodes: list[int]) -> bool:
        """Whether ``nodes`` can be paired completely without a rematch."""
        if len(nodes) % 2:
            return False
        if len(nodes) >= self.dirac:
            return True
        return self.dfs_pairs(nodes) is not None

    def dfs_pairs(self, nodes: list[int]) -> list[tuple[int, int]] | None:
        """A rematch-free perfect matching of a small set (memoised search), or None.

        Candidates are tried in random order (``random`` pattern) or the fold order."""
        n = len(nodes)
        if n % 2:
            return None
        if n == 0:
            return []
        if self.pattern == "random":
            pref = list(range(n))
            self.rng.shuffle(pref)
        else:
            pref = list(range(n))  # nodes come in rank order; fold prefers far partners
        adj = [0] * n
        for k, v in enumerate(nodes):
            forb = self.forb[v]
            mask = 0
            for k2, w in enumerate(nodes):
                if k2 != k and w not in forb:
                    mask |= 1 << k2
            adj[k] = mask
        failed: set[int] = set()
        half = n // 2

        def order(k: int, cand: int) -> list[int]:
            found = [k2 for k2 in pref if cand >> k2 & 1]
            if self.pattern == "fold":
                found.sort(key=lambda k2: (abs(abs(k2 - k) - half), k2))
            return found

        def rec(mask: int) -> list[tuple[int, int]] | None:
            if not mask:
                return []
            if mask in failed:
                return None
            best, best_cand, best_count = -1, 0, n + 1
            rest = mask
            while rest:
                low = rest & -rest
                k = low.bit_length() - 1
                rest ^= low
                cand = adj[k] & mask
                count = bin(cand).count("1")
                if count < best_count:
                    best, best_cand, best_count = k, cand, count
                    if count <= 1:
                        break
            if best_count == 0:
                failed.add(mask)
                return None
            without = mask & ~(1 << best)
            for k2 in order(best, best_cand):
                sub = rec(without & ~(1 << k2))
                if sub is not None:
                    sub.append((best, k2))
                    return sub
            failed.add(mask)
            return None

        found = rec((1 << n) - 1)
        if found is None:
            return None
        return [_ordered(nodes[a], nodes[b]) for a, b in found]

    def rematches(self, pairs: Iterable[tuple[int, int]]) -> int:
        """How many of ``pairs`` are rematches."""
        return sum(1 for a, b in pairs if b in self.forb[a])

    # -- top level -------------------------------------------------------------------------

    def solve(self) -> tuple[list[tuple[int, int]], int | None]:
        """All pairs (index pairs, lower index first) and the bye (an index or None)."""
        n = len(self.ids)
        everyone = list(range(n))
        bye: int | None = None
        if n % 2:
            eligible = [i for i in reversed(everyone) if not self.had_bye[i]]
            if not eligible:
                eligible = list(reversed(everyone))
            for cand in eligible:
                if self.feasible([i for i in everyone if i != cand]):
                    bye = cand
                    break
            else:
                return self._soft(eligible)
        elif not self.feasible(everyone):
            return self.exact(everyone, gi=0, mdps=(), mode="joint", soft=True)[0], None
        if bye is not None:
            self._index_groups(bye)
        return self._brackets(), bye

    def _soft(self, eligible: list[int]) -> tuple[list[tuple[int, int]], int | None]:
        """No rematch-free pairing exists (a small field): fewest rematches, then the
        lowest-ranked eligible bye, then the usual float rules."""
        best: tuple[int, list[tuple[int, int]], int] | None = None
        for cand in eligible:
            self._index_groups(cand)
            rest = [i for i in range(len(self.ids)) if i != cand]
            pairs = self.exact(rest, gi=0, mdps=(), mode="joint", soft=True)[0]
            count = self.rematches(pairs)
            if best is None or count < best[0]:
                best = (count, pairs, cand)
        assert best is not None
        return best[1], best[2]

    def _brackets(self) -> list[tuple[int, int]]:
        pairs: list[tuple[int, int]] = []
        groups = self.groups
        floaters: list[int] = []
        gi = 0
        while gi < len(groups):
            residents = groups[gi]
            below = sum(len(g) for g in groups[gi + 1:])
            total = len(floaters) + len(residents) + below
            if total <= self.joint_limit:
                pairs += self._joint(floaters, gi)
                return pairs
            window = self._window(floaters, gi) if below >= self.dirac else None
            if window is not None:
                made, floaters, gi = window
                pairs += made
                continue
            if below >= self.dirac or below == 0:  # the rest is completable (or empty)
                made, floaters = self._bracket(floaters, residents)
                pairs += made
                gi += 1
                continue
            split = self._tail_split(floaters, gi, below)
            pairs += split if split is not None else self._joint(floaters, gi)
            return pairs
        assert not floaters
        return pairs

    def _window(self, floaters: list[int], gi: int
                ) -> tuple[list[tuple[int, int]], list[int], int] | None:
        """Consecutive small groups from ``gi`` down (fewer than ``2f + 2`` players each),
        solved in one exact bracket: who floats out of them, and how, is decided by the
        gaps, not by the top-down order (two one-point floats beat a pair and a two-point
        float). Those left unpaired float into the first large group below, which can take
        them (it has more than ``f`` players for each) and leaves the rest completable.
        Returns (pairs, floaters, index of that group), or None if ``gi`` is not small."""
        groups = self.groups
        if len(groups[gi]) >= self.dirac or gi + 1 >= len(groups) or (
                len(groups[gi + 1]) >= self.dirac):
            return None
        nodes = list(floaters) + groups[gi]
        j = gi + 1
        while j < len(groups) and len(groups[j]) < self.dirac:
            nodes += groups[j]
            j += 1
        if j >= len(groups) or len(nodes) > self.joint_limit:
            return None
        made, unmatched = self.exact(nodes, gi=gi, mdps=floaters, mode="bracket", after=j,
                                     pairs_first=False)
        if len(unmatched) + self.f > len(groups[j]):
            return None
        return made, sorted(unmatched), j

    # -- pieces ----------------------------------------------------------------------------

    def _joint(self, floaters: list[int], gi: int) -> list[tuple[int, int]]:
        """Exact solve of the floaters and every group from ``gi`` down."""
        nodes = list(floaters)
        for members in self.groups[gi:]:
            nodes += members
        pairs, unmatched = self.exact(nodes, gi=gi, mdps=floaters, mode="joint")
        if unmatched:  # cannot happen (the rest is completable by construction); be safe
            pairs, _ = self.exact(nodes, gi=gi, mdps=floaters, mode="joint", soft=True)
        return pairs

    def _bracket(self, floaters: list[int], residents: list[int]
                 ) -> tuple[list[tuple[int, int]], list[int]]:
        """Pair a bracket whose completion below is guaranteed; returns (pairs, floaters)."""
        f = self.f
        if len(residents) < 2 * f + 3 + len(floaters):
            pairs, unmatched = self.exact(floaters + residents, gi=self.group[residents[0]],
                                          mdps=floaters, mode="bracket")
            return pairs, sorted(unmatched)
        pairs, used = self._pair_floaters(floaters, residents)
        pool = [r for r in residents if r not in used]
        out: list[int] = []
        if len(pool) % 2:
            # the lowest-ranked who can meet someone of the next group (so the float stays
            # one group long); the rest still meets the Dirac bound
            gi = self.group[residents[0]]
            nxt = self.groups[gi + 1] if gi + 1 < len(self.groups) else []
            k = next((k for k in range(len(pool) - 1, -1, -1)
                      if any(v not in self.forb[pool[k]] for v in nxt)), len(pool) - 1)
            out = [pool.pop(k)]
        return pairs + self.pair_pool(pool), out

    def _pair_floaters(self, floaters: list[int], residents: list[int]
                       ) -> tuple[list[tuple[int, int]], set[int]]:
        """Pair every floater in a large bracket (each other or the top residents)."""
        if not floaters:
            return [], set()
        if len(floaters) == 1:
            x = floaters[0]
            for r in residents:
                if r not in self.forb[x]:
                    return [_ordered(x, r)], {r}
            raise AssertionError("unreachable: a large bracket always has a partner")
        top = residents[: len(floaters) + self.f]
        pairs, unmatched = self.exact(floaters + top, gi=self.group[residents[0]],
                                      mdps=floaters, mode="mdp")
        assert not set(unmatched) & set(floaters)
        used = {i for pair in pairs for i in pair}
        return pairs, used

    def _tail_split(self, floaters: list[int], gi: int, below: int
                    ) -> list[tuple[int, int]] | None:
        """A large bracket over a small rest: pair its head alone, solve tail + rest exactly.

        The tail (lowest-ranked ``2f + 2 + below`` residents) can take every partner the rest
        may need (Hall) and still pair itself (Dirac), so nothing is lost; None if the head
        is too small for that argument (then the caller solves everything exactly)."""
        residents = self.groups[gi]
        t = self.dirac + below
        if len(residents) - t < len(floaters) + self.dirac:
            return None
        head = residents[: len(residents) - t]
        tail = residents[len(residents) - t:]
        pairs, used = self._pair_floaters(floaters, head)
        pool = [r for r in head if r not in used]
        pairs += self.pair_pool(pool)
        nodes = tail + [i for members in self.groups[gi + 1:] for i in members]
        made, unmatched = self.exact(nodes, gi=gi, mdps=(), mode="joint")
        if unmatched:  # cannot happen; be safe
            made, _ = self.exact(nodes, gi=gi, mdps=(), mode="joint", soft=True)
        return pairs + made

    def pair_pool(self, pool: list[int]) -> list[tuple[int, int]]:
        """Perfect rematch-free pairing of one group's players (even count, completable).

        Greedy (random order or fold) while at least ``2f + 2`` players would remain, so
        the remainder stays completable by Dirac's bound; the last few exactly."""
        if self.pattern == "random":
            order = list(pool)
            self.rng.shuffle(order)
            order.reverse()  # pop from the end
            pairs: list[tuple[int, int]] = []
            limit = self.dirac + 2
            while len(order) >= limit:
                x = order.pop()
                forb = self.forb[x]
                for j in range(len(order) - 1, -1, -1):
                    y = order[j]
                    if y not in forb:
                        del order[j]
                        pairs.append(_ordered(x, y))
                        break
                else:  # pragma: no cover - impossible while len(order) > f
                    raise AssertionError("no partner in a large pool")
            rest = order
        else:
            half = len(pool) // 2
            top = pool[:half]
            bottom = pool[half:]
            pairs = []
            remaining = len(pool)
            k = 0
            while remaining >= self.dirac + 2 and k < len(top):
                x = top[k]
                for j, y in enumerate(bottom):
                    if y not in self.forb[x]:
                        del bottom[j]
                        pairs.append(_ordered(x, y))
                        remaining -= 2
                        break
                else:
                    break
                k += 1
            rest = sorted(top[k:] + bottom)
        if rest:
            found = self.dfs_pairs(rest)
            if found is None:  # pragma: no cover - excluded by the Dirac bound
                raise AssertionError("pool not completable")
            pairs += found
        return pairs

    # -- exact solver ----------------------------------------------------------------------

    def exact(self, nodes: list[int], *, gi: int, mdps: Sequence[int], mode: str,
              soft: bool = False, after: int | None = None, pairs_first: bool = True
              ) -> tuple[list[tuple[int, int]], list[int]]:
        """Maximum-weight matching on ``nodes`` with lexicographic integer weights.

        ``mode``: "joint" (pair everyone; minimise the float vector from boundary ``gi``
        down), "bracket" (most pairs inside one bracket -- unless ``pairs_first`` is false;
        the unmatched float down to group ``after``, default the next, and are charged that
        gap), or "mdp" (pair only the floaters ``mdps``, with each other or residents).
        ``soft`` allows rematches (fewest first). Returns (pairs, unmatched nodes).
        """
        n = len(nodes)
        if n < 2:
            return [], list(nodes)
        npairs = max(1, n // 2)
        mdp_set = set(mdps)
        mdp_reward = {x: 1 << (len(mdps) - 1 - k) for k, x in enumerate(mdps)}
        eff = {v: (gi if v in mdp_set else self.group[v]) for v in nodes}
        # Float-vector weights: boundary b (gi <= b < last) is worth W ** (last - 1 - b).
        last = max(eff.values())
        nb = last - gi
        base = npairs + 1
        cum = [0] * (nb + 1)  # cum[k] = cost of crossing boundaries gi .. gi + k - 1
        for k in range(nb):
            cum[k + 1] = cum[k] + base ** (nb - 1 - k)
        pts = self.points
        win = self.win
        # Gap levels: (a) pairs more than one win apart, (b) the gaps largest first (a
        # distinct gap value outweighs every smaller one: minimises the largest gap, then
        # how many pairs have it, ...; equal on (b), two matchings have the same gaps, so
        # the same sum of squared gaps: criterion 4c needs no level of its own).
        # In "bracket" mode a player left unmatched floats to the next score group: that
        # gap is what pairing them inside the bracket saves.
        nxt = gi + 1 if after is None else after
        below = self.groups[nxt] if mode == "bracket" and nxt < len(self.groups) else []
        drop = {v: pts[v] - pts[below[0]] for v in nodes} if below else {}
        levels = sorted({pts[v] for v in nodes} | ({pts[below[0]]} if below else set()))
        gap_values = sorted({hi - lo for k, lo in enumerate(levels) for hi in levels[k + 1:]})
        gap_base = 3 * npairs + 1
        gap_rank = {g: gap_base ** k for k, g in enumerate(gap_values)}
        # Scales, least significant level first: pattern, ranks (E), floaters from above
        # (C), float vector (B), gaps largest first (G2), pairs more than a win apart
        # (G1), rematches (A), pairs made (P).
        m_f = max(_PATTERN_RANGE, n)
        m_e = 4 * n + 4
        m_c = 2 * (1 << len(mdps)) + 1
        m_b = cum[nb] + 1
        m_g2 = 3 * gap_base ** len(gap_values) + 1
        s_f = 1
        s_e = s_f * (2 * npairs * m_f + 1)
        s_c = s_e * (2 * npairs * m_e + 1)
        s_b = s_c * (2 * npairs * m_c + 1)
        s_g2 = s_b * (2 * npairs * m_b + 1)
        s_g1 = s_g2 * (2 * npairs * m_g2 + 1)
        s_a = s_g1 * (6 * npairs + 1)
        s_p = s_a * (2 * npairs * 1 + 1)
        pos_top, pos_bottom, forb = self.pos_top, self.pos_bottom, self.forb
        group_size = {gg: len(self.groups[gg]) for gg in set(eff.values())}
        rng = self.rng
        edges: list[tuple[int, int, int]] = []
        for a in range(n):
            u = nodes[a]
            for b in range(a + 1, n):
                v = nodes[b]
                rematch = v in forb[u]
                if rematch and not soft:
                    continue
                u_mdp, v_mdp = u in mdp_set, v in mdp_set
                if mode == "mdp" and not (u_mdp or v_mdp):
                    continue
                eu, ev = eff[u], eff[v]
                hi_node, lo_node = (u, v) if eu <= ev else (v, u)
                e_hi, e_lo = min(eu, ev), max(eu, ev)
                # A: rematch; G1, G2: point gap; B: boundaries crossed
                level_a = -1 if rematch else 0
                gap = abs(pts[u] - pts[v])
                level_g1 = level_g2 = 0
                for g, sign in ((gap, -1), (drop.get(u, 0), 1), (drop.get(v, 0), 1)):
                    if g:
                        level_g1 += sign if g > win else 0
                        level_g2 += sign * gap_rank[g]
                level_b = -(cum[e_lo - gi] - cum[e_hi - gi]) if mode == "joint" else 0
                # C: floaters from above paired in their bracket
                level_c = 0
                if u_mdp and ev == gi:
                    level_c += mdp_reward[u]
                if v_mdp and eu == gi:
                    level_c += mdp_reward[v]
                # E: the lowest-ranked float, the highest-ranked are pulled up
                level_e = 0
                if e_hi < e_lo:
                    if hi_node not in mdp_set:
                        level_e -= pos_bottom[hi_node]
                    level_e -= pos_top[lo_node]
                elif u_mdp != v_mdp:
                    level_e -= pos_top[v if u_mdp else u]
                if mode == "bracket":
                    if not u_mdp:
                        level_e += pos_bottom[u]
                    if not v_mdp:
                        level_e += pos_bottom[v]
                # pattern within a group
                level_f = 0
                if eu == ev and not u_mdp and not v_mdp:
                    if self.pattern == "random":
                        level_f = rng.randrange(_PATTERN_RANGE)
                    else:
                        half = group_size[eu] // 2
                        level_f = -abs(abs(pos_top[u] - pos_top[v]) - half)
                level_p = 2 if pairs_first else 0
                weight = (level_p * s_p + level_a * s_a + level_g1 * s_g1 + level_g2 * s_g2
                          + level_b * s_b + level_c * s_c
                          + level_e * s_e + level_f * s_f)
                if weight > 0:
                    edges.append((a, b, weight))
        mate = max_weight_matching(n, edges)
        pairs = [_ordered(nodes[a], nodes[b]) for a, b in matching_pairs(mate)]
        matched = {i for pair in pairs for i in pair}
        return pairs, [v for v in nodes if v not in matched]


def _ordered(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)
