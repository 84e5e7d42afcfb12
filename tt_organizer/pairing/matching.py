"""Maximum-weight matching in general graphs (Edmonds' blossom algorithm, O(n^3)).

A compact array-based implementation after Galil, "Efficient algorithms for finding maximum
matching in graphs" (1986) and Joris van Rantwijk's well-known reference implementation.
Integer weights keep every computation exact (dual variables are stored doubled). Used by
the Swiss pairing only on small graphs (a few dozen players); tests cross-check it against
exhaustive search.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

__all__ = ["matching_pairs", "max_weight_matching"]


def matching_pairs(mate: Sequence[int]) -> list[tuple[int, int]]:
    """The matched pairs ``(v, mate[v])`` with ``v < mate[v]``."""
    return [(v, w) for v, w in enumerate(mate) if w > v]


def max_weight_matching(
    nvertex: int,
    edges: Sequence[tuple[int, int, int]],
    maxcardinality: bool = False,
) -> list[int]:
    """Maximum-weight matching of the graph on vertices ``0..nvertex-1``.

    ``edges`` are ``(i, j, weight)`` with integer weights and ``i != j`` (no duplicates).
    With ``maxcardinality`` the result has maximum cardinality first, then maximum weight.
    Returns ``mate``: ``mate[v]`` is v's partner or -1.
    """
    if not edges or nvertex < 2:
        return [-1] * nvertex
    nedge = len(edges)
    e_i = [e[0] for e in edges]
    e_j = [e[1] for e in edges]
    e_w2 = [2 * e[2] for e in edges]
    maxweight = max(0, *(e[2] for e in edges))
    # endpoint[p] is the vertex of endpoint p: edge k has endpoints 2k (i) and 2k+1 (j).
    endpoint = [0] * (2 * nedge)
    neighbend: list[list[int]] = [[] for _ in range(nvertex)]
    for k in range(nedge):
        i, j = e_i[k], e_j[k]
        endpoint[2 * k] = i
        endpoint[2 * k + 1] = j
        neighbend[i].append(2 * k + 1)
        neighbend[j].append(2 * k)
    n2 = 2 * nvertex
    mate = [-1] * nvertex  # remote endpoint of the matched edge
    label = [0] * n2  # 0 free, 1 S, 2 T (5 = breadcrumb)
    labelend = [-1] * n2
    inblossom = list(range(nvertex))
    blossomparent = [-1] * n2
    blossomchilds: list[list[int] | None] = [None] * n2
    blossombase = list(range(nvertex)) + [-1] * nvertex
    blossomendps: list[list[int] | None] = [None] * n2
    bestedge = [-1] * n2
    blossombestedges: list[list[int] | None] = [None] * n2
    unusedblossoms = list(range(nvertex, n2))
    dualvar = [maxweight] * nvertex + [0] * nvertex
    allowedge = [False] * nedge
    queue: list[int] = []

    def slack(k: int) -> int:
        return dualvar[e_i[k]] + dualvar[e_j[k]] - e_w2[k]

    def leaves(b: int) -> Iterator[int]:
        if b < nvertex:
            yield b
            return
        for t in blossomchilds[b]:  # type: ignore[union-attr]
            if t < nvertex:
                yield t
            else:
                yield from leaves(t)

    def assign_label(w: int, t: int, p: int) -> None:
        while True:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = -1
            if t == 1:
                queue.extend(leaves(b))
                return
            base = blossombase[b]
            mp = mate[base]
            w, t, p = endpoint[mp], 1, mp ^ 1

    def scan_blossom(v: int, w: int) -> int:
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, k: int) -> None:
        v, w = e_i[k], e_j[k]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        blossomchilds[b] = path
        blossomendps[b] = endps
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for v in list(leaves(b)):
            if label[inblossom[v]] == 2:
                queue.append(v)
            inblossom[v] = b
        bestedgeto = [-1] * n2
        for bv in path:
            if blossombestedges[bv] is None:
                nblists = [[p // 2 for p in neighbend[v]] for v in leaves(bv)]
            else:
                nblists = [blossombestedges[bv]]  # type: ignore[list-item]
            for nblist in nblists:
                for kk in nblist:
                    i, j = e_i[kk], e_j[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if bj != b and label[bj] == 1 and (
                            bestedgeto[bj] == -1 or slack(kk) < slack(bestedgeto[bj])):
                        bestedgeto[bj] = kk
            blossombestedges[bv] = None
            bestedge[bv] = -1
        best = [kk for kk in bestedgeto if kk != -1]
        blossombestedges[b] = best
        bestedge[b] = -1
        for kk in best:
            if bestedge[b] == -1 or slack(kk) < slack(bestedge[b]):
                bestedge[b] = kk

    def expand_blossom(b: int, endstage: bool) -> None:
        childs = blossomchilds[b]
        assert childs is not None
        for s in childs:
            blossomparent[s] = -1
            if s < nvertex:
                inblossom[s] = s
            elif endstage and dualvar[s] == 0:
                expand_blossom(s, endstage)
            else:
                for v in leaves(s):
                    inblossom[v] = s
        if not endstage and label[b] == 2:
            endps = blossomendps[b]
            assert endps is not None
            entrychild = inblossom[endpoint[labelend[b] ^ 1]]
            j = childs.index(entrychild)
            if j & 1:
                j -= len(childs)
                jstep, endptrick = 1, 0
            else:
                jstep, endptrick = -1, 1
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
                assign_label(endpoint[p ^ 1], 2, p)
                allowedge[endps[j - endptrick] // 2] = True
                j += jstep
                p = endps[j - endptrick] ^ endptrick
                allowedge[p // 2] = True
                j += jstep
            bv = childs[j]
            label[endpoint[p ^ 1]] = label[bv] = 2
            labelend[endpoint[p ^ 1]] = labelend[bv] = p
            bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if label[bv] == 1:
                    j += jstep
                    continue
                found = -1
                for v in leaves(bv):
                    if label[v] != 0:
                        found = v
                        break
                if found != -1:
                    label[found] = 0
                    label[endpoint[mate[blossombase[bv]]]] = 0
                    assign_label(found, 2, labelend[found])
                j += jstep
        label[b] = labelend[b] = -1
        blossomchilds[b] = blossomendps[b] = None
        blossombase[b] = -1
        blossombestedges[b] = None
        bestedge[b] = -1
        unusedblossoms.append(b)

    def augment_blossom(b: int, v: int) -> None:
        t = v
        while blossomparent[t] != b:
            t = blossomparent[t]
        if t >= nvertex:
            augment_blossom(t, v)
        childs = blossomchilds[b]
        endps = blossomendps[b]
        assert childs is not None and endps is not None
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= nvertex:
                augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]
            if t >= nvertex:
                augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        blossomchilds[b] = childs[i:] + childs[:i]
        blossomendps[b] = endps[i:] + endps[:i]
        blossombase[b] = blossombase[blossomchilds[b][0]]  # type: ignore[index]

    def augment_matching(k: int) -> None:
        for s, p in ((e_i[k], 2 * k + 1), (e_j[k], 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= nvertex:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= nvertex:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    for _stage in range(nvertex):
        label[:] = [0] * n2
        bestedge[:] = [-1] * n2
        blossombestedges[nvertex:] = [None] * nvertex
        allowedge[:] = [False] * nedge
        queue[:] = []
        for v in range(nvertex):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                bv = inblossom[v]
                for p in neighbend[v]:
                    k = p >> 1
                    w = endpoint[p]
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    kslack = 0
                    if not allowedge[k]:
                        kslack = dualvar[v] + dualvar[w] - e_w2[k]
                        if kslack <= 0:
                            allowedge[k] = True
                    if allowedge[k]:
                        if label[bw] == 0:
                            assign_label(w, 2, p ^ 1)
                        elif label[bw] == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, k)
                                bv = inblossom[v]
                            else:
                                augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
                    elif label[bw] == 1:
                        if bestedge[bv] == -1 or kslack < slack(bestedge[bv]):
                            bestedge[bv] = k
                    elif label[w] == 0 and (
                            bestedge[w] == -1 or kslack < slack(bestedge[w])):
                        bestedge[w] = k
            if augmented:
                break
            deltatype = -1
            delta = 0
            deltaedge = deltablossom = -1
            if not maxcardinality:
                deltatype = 1
                delta = min(dualvar[:nvertex])
            for v in range(nvertex):
                if label[inblossom[v]] == 0 and bestedge[v] != -1:
                    d = slack(bestedge[v])
                    if deltatype == -1 or d < delta:
                        delta, deltatype, deltaedge = d, 2, bestedge[v]
            for b in range(n2):
                if blossomparent[b] == -1 and label[b] == 1 and bestedge[b] != -1:
                    d = slack(bestedge[b]) // 2
                    if deltatype == -1 or d < delta:
                        delta, deltatype, deltaedge = d, 3, bestedge[b]
            for b in range(nvertex, n2):
                if (blossombase[b] >= 0 and blossomparent[b] == -1 and label[b] == 2
                        and (deltatype == -1 or dualvar[b] < delta)):
                    delta, deltatype, deltablossom = dualvar[b], 4, b
            if deltatype == -1:
                deltatype = 1
                delta = max(0, min(dualvar[:nvertex]))
            for v in range(nvertex):
                lb = label[inblossom[v]]
                if lb == 1:
                    dualvar[v] -= delta
                elif lb == 2:
                    dualvar[v] += delta
            for b in range(nvertex, n2):
                if blossombase[b] >= 0 and blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 1:
                break
            if deltatype == 2:
                allowedge[deltaedge] = True
                i, j = e_i[deltaedge], e_j[deltaedge]
                if label[inblossom[i]] == 0:
                    i = j
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True
                queue.append(e_i[deltaedge])
            else:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        for b in range(nvertex, n2):
            if (blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1
                    and dualvar[b] == 0):
                expand_blossom(b, True)
    return [endpoint[m] if m >= 0 else -1 for m in mate]
