"""The standings against a second, plain reading of their definitions (the
docstring of ``tt_organizer.standings.tiebreakers``, rule by rule), on generated events --
byes, draws, double losses, a late entry's missed rounds, rematches -- under every preset
policy and other point values, floors and tiebreaker orders: every figure a standings line
shows and the order of the lines must agree exactly."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from tt_organizer.standings.match_record import MatchRecord
from tt_organizer.standings.policy import MELEE, MELEE_2024, MELEE_2025, RULEBOOK, TiebreakPolicy
from tt_organizer.standings.tiebreakers import ScoringSettings, compute_standings

GAMES = {"p1": [(2, 0, 0), (2, 1, 0), (1, 0, 0), (1, 0, 1)],
         "p2": [(0, 2, 0), (1, 2, 0), (0, 1, 0), (0, 1, 1)],
         "draw": [(1, 1, 1), (0, 0, 1), (1, 1, 0), (0, 0, 3)],
         "double-loss": [(0, 0, 0)]}


@st.composite
def events(draw: st.DrawFn) -> tuple[list[int], list[MatchRecord]]:
    n = draw(st.integers(2, 9))
    players = list(range(1, n + 1))
    late = draw(st.sampled_from([None, n]))  # the last player may have missed round 1
    matches: list[MatchRecord] = []
    for rnd in range(1, draw(st.integers(1, 4)) + 1):
        here = [p for p in players if not (p == late and rnd == 1)]
        if p := late if rnd == 1 else None:
            matches.append(MatchRecord(round=rnd, player1=p, player2=None, p1_games=0,
                                       p2_games=0, draws=0, outcome="loss-missed"))
        order = draw(st.permutations(here))
        if len(order) % 2:
            matches.append(MatchRecord.bye(rnd, order[-1]))
        for a, b in zip(order[0:-1:2], order[1::2], strict=False):
            outcome = draw(st.sampled_from(["p1", "p2", "draw", "double-loss", "p1", "p2"]))
            g1, g2, gd = draw(st.sampled_from(GAMES[outcome]))
            matches.append(MatchRecord(round=rnd, player1=a, player2=b, p1_games=g1,
                                       p2_games=g2, draws=gd, outcome=outcome))
    return players, matches


def reference(players: list[int], matches: list[MatchRecord], s: ScoringSettings
              ) -> list[tuple[object, ...]]:
    """Each standings line as the definitions say, in the order they rank."""
    pol: TiebreakPolicy = s.policy
    floor = pol.floor if s.mw_floor is None else Fraction(s.mw_floor).limit_denominator(
        1_000_000)
    rec = {p: {"w": 0, "l": 0, "d": 0, "byes": 0, "gw": 0, "gl": 0, "gd": 0, "missed": 0,
               "opp": []} for p in players}
    for m in matches:
        a = rec[m.player1]
        if m.outcome == "bye":
            a["w"] += 1
            a["byes"] += 1
            a["gw"] += s.bye_game_wins
            continue
        if m.outcome == "loss-missed":
            if pol.missed_rounds_count:  # a loss of the player's own record
                a["l"] += 1
            elif pol.missed_rounds_for_opponents:  # a 0-point round their opponents see
                a["missed"] += 1
            continue
        b = rec[m.player2]  # type: ignore[index]
        a["gw"] += m.p1_games
        a["gl"] += m.p2_games
        b["gw"] += m.p2_games
        b["gl"] += m.p1_games
        a["gd"] += m.draws
        b["gd"] += m.draws
        a["opp"].append(m.player2)  # type: ignore[attr-defined]
        b["opp"].append(m.player1)  # type: ignore[attr-defined]
        won, lost = {"p1": ("w", "l"), "p2": ("l", "w"), "draw": ("d", "d"),
                     "double-loss": ("l", "l")}[m.outcome]
        a[won] += 1
        b[lost] += 1

    def at_least(num: int, den: int) -> Fraction:
        return floor if den == 0 else max(floor, Fraction(num, den))

    def half_up(value: Fraction, places: int | None) -> Fraction:
        if places is None:
            return value
        return Fraction(math.floor(value * 10 ** places + Fraction(1, 2)), 10 ** places)

    pts, mw, opp_fig, gw, shown = {}, {}, {}, {}, {}
    for p, r in rec.items():
        pts[p] = (s.win * (r["w"] - r["byes"]) + s.bye * r["byes"] + s.draw * r["d"]
                  + s.loss * r["l"])
        played = r["w"] + r["l"] + r["d"]
        mw[p] = at_least(pts[p], s.win * played)
        out = 0 if pol.byes_counted else r["byes"]  # byes taken out of an opponent's figure
        opp_fig[p] = at_least(pts[p] - s.bye * out, s.win * (played - out + r["missed"]))
        num = 3 * r["gw"] + pol.drawn_game_points * r["gd"]
        den = 3 * (r["gw"] + r["gl"] + r["gd"])
        gw[p] = at_least(num, den)
        shown[p] = gw[p] if pol.own_gw_floored else (Fraction(num, den) if den else Fraction(0))
        if not den and not pol.no_games_gw_floor:
            shown[p] = Fraction(0)
    seen_opp = {p: half_up(v, pol.opponent_decimals) for p, v in opp_fig.items()}
    seen_gw = {p: half_up(v, pol.opponent_decimals) for p, v in gw.items()}
    empty = floor if pol.no_opponents_floor else Fraction(0)

    def mean(fig: dict[int, Fraction], p: int) -> Fraction:
        opps = rec[p]["opp"]
        return sum((fig[o] for o in opps), Fraction(0)) / len(opps) if opps else empty

    omw = {p: mean(seen_opp, p) for p in players}
    oomw = {p: mean(omw, p) for p in players}
    ogw = {p: mean(seen_gw, p) for p in players}
    tb = {name: {p: half_up(v, pol.decimals) for p, v in fig.items()}
          for name, fig in (("omw", omw), ("oomw", oomw), ("gw", shown), ("ogw", ogw))}
    omw, oomw, shown, ogw = tb["omw"], tb["oomw"], tb["gw"], tb["ogw"]
    ranked = sorted(players, key=lambda p: (-pts[p], *(-tb[t][p] for t in s.tiebreakers), p))
    return [(k, p, pts[p], rec[p]["w"], rec[p]["l"] + rec[p]["missed"], rec[p]["d"],
             float(omw[p]),
             float(oomw[p]), float(shown[p]), rec[p]["w"] + rec[p]["l"] + rec[p]["d"],
             float(mw[p]), float(ogw[p]), rec[p]["byes"])
            for k, p in enumerate(ranked, 1)]


scorings = st.builds(
    ScoringSettings,
    win=st.sampled_from([3, 3, 2]), draw=st.sampled_from([1, 1, 0]),
    bye=st.sampled_from([3, 3, 2]),
    tiebreakers=st.sampled_from([("omw", "oomw", "gw"), ("omw", "gw", "ogw"),
                                 ("gw", "omw"), ("oomw",), ("ogw", "omw")]),
    mw_floor=st.sampled_from([None, None, 0.25, 0.0]),
    bye_game_wins=st.sampled_from([2, 1, 0]),
    policy=st.sampled_from([RULEBOOK, MELEE, MELEE_2025, MELEE_2024]),
)


@settings(max_examples=150, deadline=None, database=None, derandomize=True)
@given(events(), scorings)
def test_standings_agree_with_the_definitions(event: tuple[list[int], list[MatchRecord]],
                                             scoring: ScoringSettings) -> None:
    players, matches = event
    got = compute_standings(players, matches, settings=scoring)
    assert [(s.rank, s.player, s.points, s.wins, s.losses, s.draws, s.omw, s.oomw, s.gw,
             s.rounds_played, s.mw, s.ogw, s.byes) for s in got] == reference(
        players, matches, scoring)


def test_dropped_players_are_marked_and_unreported_matches_count_for_nothing() -> None:
    matches: list[object] = [
        MatchRecord(round=1, player1=1, player2=2, p1_games=2, p2_games=0, draws=0,
                    outcome="p1"),
               # a stored match not reported yet (the Result protocol allows outcome None)
               SimpleNamespace(round=2, player1=1, player2=2, p1_games=0, p2_games=0, draws=0,
                               outcome=None)]
    got = compute_standings([1, 2], matches, dropped=[2])  # type: ignore[arg-type]
    assert [(s.player, s.points, s.dropped, s.rounds_played) for s in got] == [
        (1, 3, False, 1), (2, 0, True, 1)]


def test_standings_of_results_read_back_from_an_event_file(tmp_path: Path) -> None:
    """The same figures when the results come from the event file (strings SQLite made, not
    the literals of this file): round 1 reported, then the standings the library reads."""
    from tt_organizer.events import entering, event_standings, players, rounds, setup, store

    path = tmp_path / "event.sqlite"
    setup.create_event(path, "Read Cup", seed=2)
    with store.connect(path) as conn:
        for name in ("Ada", "Ben", "Cal", "Dee", "Eli"):
            players.register_player(conn, name)
        tables = rounds.pair_next_round(conn)
        results = ["2-1", "0-2"]
        for m, result in zip([t for t in tables if t.player2 is not None], results,
                             strict=True):
            entering.report_result(conn, m.table, result)
        lines = event_standings.standings(conn)
        stored = store.read_matches(conn)
    records = [MatchRecord(round=m.round, player1=m.player1, player2=m.player2,
                           p1_games=m.p1_games, p2_games=m.p2_games, draws=m.draws,
                           outcome=str(m.outcome)) for m in stored]
    expected = reference([p.player for p in lines], records, ScoringSettings())
    assert [(s.player, s.points, s.wins, s.losses, s.omw, s.gw) for s in lines] == [
        (e[1], e[2], e[3], e[4], e[6], e[8]) for e in expected]
    assert sorted(s.points for s in lines) == [0, 0, 3, 3, 3]  # two winners and the bye


def test_a_floor_is_between_0_and_1_and_written_as_given() -> None:
    for floor, text in ((Fraction(33, 100), "0.33"), (Fraction(1, 3), "1/3"),
                        (Fraction(1, 2), "1/2"), (Fraction(1), "1"), (Fraction(0), "0"),
                        (Fraction(1, 4), "1/4"), (Fraction(5, 10), "1/2")):
        assert TiebreakPolicy(floor=floor).rules()["floor"] == text
    for bad in (Fraction(3, 2), Fraction(-1, 3), Fraction(2)):
        try:
            TiebreakPolicy(floor=bad)
        except ValueError as refused:
            assert "is not between 0 and 1" in str(refused)
        else:
            raise AssertionError(f"floor {bad} accepted")



def test_figures_stay_exact_past_a_floats_range() -> None:
    """Ten players whose game counts are the primes 37 to 73 (all won but one game, against
    fresh opponents): their GW% share a denominator of about 2 * 10**17, past 2**53 where a
    float stops holding every integer. Each figure is still the exact fraction correctly
    rounded (70/71 shows as 0.9859154929577465, not one unit off in the last place), and
    every other figure and the order agree with the definitions."""
    primes = [37, 41, 43, 47, 53, 59, 61, 67, 71, 73]
    players: list[int] = []
    matches: list[MatchRecord] = []
    filler = 1000
    for p, games in enumerate(primes, 1):
        players.append(p)
        rnd, wins = 0, games - 1
        while wins:  # 2-0 wins (and a 1-0 for an odd count), then one game lost
            rnd, filler, won = rnd + 1, filler + 1, min(wins, 2)
            players.append(filler)
            matches.append(MatchRecord(round=rnd, player1=p, player2=filler, p1_games=won,
                                       p2_games=0, draws=0, outcome="p1"))
            wins -= won
        filler += 1
        players.append(filler)
        matches.append(MatchRecord(round=rnd + 1, player1=p, player2=filler, p1_games=0,
                                   p2_games=1, draws=0, outcome="p2"))
    players.append(999)  # a bye only: no opponent, so the floor with no-opponents=floor
    matches.append(MatchRecord.bye(1, 999))
    assert math.prod(primes) > 2 ** 53
    got = compute_standings(players, matches)
    gw = {s.player: s.gw for s in got}
    assert [gw[p] for p in range(1, 11)] == [float(Fraction(g - 1, g)) for g in primes]
    assert gw[9] == 0.9859154929577465
    for scoring in (ScoringSettings(),
                    ScoringSettings(policy=RULEBOOK.with_rules({"no-opponents": "floor"}))):
        got = compute_standings(players, matches, settings=scoring)
        assert [(s.rank, s.player, s.points, s.wins, s.losses, s.draws, s.omw, s.oomw, s.gw,
                 s.rounds_played, s.mw, s.ogw, s.byes) for s in got] == reference(
            players, matches, scoring)
