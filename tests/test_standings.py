"""Standings and tiebreakers against hand-computed figures."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tt_organizer.pairing.simulate import simulate_event
from tt_organizer.standings.match_record import MatchRecord
from tt_organizer.standings.tiebreakers import ScoringSettings, Standing, compute_standings


def win(rnd: int, winner: int, loser: int, games: tuple[int, int] = (2, 0)) -> MatchRecord:
    return MatchRecord(rnd, winner, loser, games[0], games[1], 0, "p1")


def by_player(table: list[Standing]) -> dict[int, Standing]:
    return {s.player: s for s in table}


# --- the rule book's worked example --------------------------------------------------------


def worked_example() -> list[MatchRecord]:
    """Player 1 goes 5-1 against opponents 2..7 who finish 0-2 (then drops), 4-2, 3-3,
    4-2, 3-3, 4-2; their other matches are against fresh filler players (100+)."""
    records = {2: (0, 2), 3: (4, 2), 4: (3, 3), 5: (4, 2), 6: (3, 3), 7: (4, 2)}
    matches = []
    filler = 100
    for rnd, opp in enumerate(range(2, 8), 1):
        beat_one = opp == 3  # player 1's only loss is to player 3, in round 2
        matches.append(win(rnd, opp, 1) if beat_one else win(rnd, 1, opp))
        wins, losses = records[opp]
        wins -= 1 if beat_one else 0
        losses -= 0 if beat_one else 1
        other_rounds = [r for r in range(1, 7) if r != rnd][: wins + losses]
        for k, r in enumerate(other_rounds):
            filler += 1
            matches.append(win(r, opp, filler) if k < wins else win(r, filler, opp))
    return matches


def test_worked_example_omw() -> None:
    matches = worked_example()
    players = sorted({m.player1 for m in matches} | {m.player2 for m in matches if m.player2})
    table = by_player(compute_standings(players, matches, dropped=[2]))
    me = table[1]
    assert (me.points, me.wins, me.losses, me.rounds_played) == (15, 5, 1, 6)
    # records as the example states them (the 0-2 player dropped after two rounds)
    assert [(table[o].wins, table[o].losses) for o in range(2, 8)] == [
        (0, 2), (4, 2), (3, 3), (4, 2), (3, 3), (4, 2)]
    assert table[2].dropped and table[2].rounds_played == 2
    # (.33 + 2/3 + 1/2 + 2/3 + 1/2 + 2/3) / 6 with the book's floor of exactly 0.33
    assert me.omw == pytest.approx(0.555, abs=1e-12)
    assert me.omw == float((Fraction(33, 100) + 3 * Fraction(2, 3) + 2 * Fraction(1, 2)) / 6)
    # with a floor of exactly one third the same example gives 5/9 = 0.5555...
    third = by_player(compute_standings(players, matches,
                                        settings=ScoringSettings(mw_floor=1 / 3)))[1]
    assert third.omw == pytest.approx(5 / 9, abs=1e-12)
    # a float floor is read to a denominator of at most a million: 1/1000001 becomes 1/10**6
    # (the 0-2 player's MW% is the floor itself, and it counts 1/6 in OMW%)
    tiny = by_player(compute_standings(players, matches,
                                       settings=ScoringSettings(mw_floor=1 / 1_000_001)))[1]
    assert tiny.omw == float((Fraction(1, 10**6) + 3 * Fraction(2, 3) + 2 * Fraction(1, 2)) / 6)


# --- a small event with a bye, a drop, a draw and a late entry -----------------------------

A, B, C, D, E = 1, 2, 3, 4, 5


def small_event() -> list[MatchRecord]:
    """R1: A beats B 2-0, C draws D 1-1, E (late entry) misses the round.
    R2: C beats A 2-1, D beats B 2-0, E has the bye; D drops afterwards.
    R3: A beats E 2-1, B beats C 2-0."""
    return [
        win(1, A, B),
        MatchRecord(1, C, D, 1, 1, 0, "draw"),
        MatchRecord.missed(1, E),
        MatchRecord(2, A, C, 1, 2, 0, "p2"),
        win(2, D, B),
        MatchRecord.bye(2, E),
        win(3, A, E, (2, 1)),
        MatchRecord(3, B, C, 2, 0, 0, "p1"),
    ]


def test_small_event_by_hand() -> None:
    table = compute_standings([A, B, C, D, E], small_event(), dropped=[D])
    # points: A 6, C 4, D 4, B 3, E 3 (E: missed 0 + bye 3 + loss 0).
    # Opponent figures (byes out): A 6/9, B 3/9, C 4/9, D 4/6, E 0/6 -> floor 0.33.
    # OMW: A (B, C, E) = (1/3 + 4/9 + 33/100)/3 = 997/2700; B (A, D, C) = 16/27;
    #      C (D, A, B) = 5/9; D (C, B) = 7/18; E (A) = 2/3.
    # OOMW: A = (16/27 + 5/9 + 2/3)/3 = 49/81; B = (997/2700 + 7/18 + 5/9)/3 = 3547/8100;
    #       C = (7/18 + 997/2700 + 16/27)/3 = 3647/8100; D = (5/9 + 16/27)/2 = 31/54;
    #       E = 997/2700.
    # GW (bye = 2-0): A 5-3 -> 15/24; B 2-4 -> 1/3; C 3-4 -> 3/7; D 3-1 -> 3/4; E 3-2 -> 3/5.
    # C and D tie on 4 points: OMW 5/9 > 7/18. E and B tie on 3: OMW 2/3 > 16/27.
    expected = [
        # rank, player, points, W, L, D, omw, oomw, gw, dropped, rounds
        (1, A, 6, 2, 1, 0, Fraction(997, 2700), Fraction(49, 81), Fraction(15, 24), False, 3),
        (2, C, 4, 1, 1, 1, Fraction(5, 9), Fraction(3647, 8100), Fraction(3, 7), False, 3),
        (3, D, 4, 1, 0, 1, Fraction(7, 18), Fraction(31, 54), Fraction(3, 4), True, 2),
        (4, E, 3, 1, 2, 0, Fraction(2, 3), Fraction(997, 2700), Fraction(3, 5), False, 3),
        (5, B, 3, 1, 2, 0, Fraction(16, 27), Fraction(3547, 8100), Fraction(1, 3), False, 3),
    ]
    assert len(table) == len(expected)
    for s, (rank, player, pts, w, l_, d, omw, oomw, gw, dropped, rounds) in zip(
            table, expected, strict=True):
        assert (s.rank, s.player, s.points, s.wins, s.losses, s.draws) == (
            rank, player, pts, w, l_, d)
        assert (s.dropped, s.rounds_played) == (dropped, rounds)
        assert s.omw == float(omw)
        assert s.oomw == float(oomw)
        assert s.gw == float(gw)
    e = by_player(table)[E]
    assert e.byes == 1 and e.mw == pytest.approx(1 / 3)


def test_tiebreaker_order_is_a_setting() -> None:
    gw_first = compute_standings([A, B, C, D, E], small_event(),
                                 settings=ScoringSettings(tiebreakers=["gw", "omw"]))
    # GW first: D (3/4) above C (3/7); E (3/5) above B (1/3)
    assert [s.player for s in gw_first] == [A, D, C, E, B]
    with pytest.raises(ValueError):
        ScoringSettings(tiebreakers=("nope",))


def test_bye_game_credit_is_a_setting() -> None:
    bo1 = by_player(compute_standings([A, B, C, D, E], small_event(),
                                      settings=ScoringSettings(bye_game_wins=0)))
    # E without credit for the bye: 1 game won, 2 lost -> 3/9 -> 1/3
    assert bo1[E].gw == pytest.approx(1 / 3)


def test_points_settings_double_loss_and_full_ties() -> None:
    matches = [
        MatchRecord(1, 10, 11, 1, 1, 0, "double-loss"),
        MatchRecord(1, 12, 13, 0, 0, 1, "draw"),
    ]
    table = compute_standings([13, 12, 11, 10, 14], matches,
                              settings=ScoringSettings(draw=2))
    pts = {s.player: s.points for s in table}
    assert pts == {12: 2, 13: 2, 10: 0, 11: 0, 14: 0}
    st = by_player(table)
    assert st[10].losses == 1 and st[11].losses == 1 and st[10].omw == pytest.approx(0.33)
    assert st[14].rounds_played == 0 and st[14].omw == 0.0
    # full ties fall back to player id
    assert [s.player for s in table] == [12, 13, 10, 11, 14]


def test_dropped_players_still_count_for_opponents() -> None:
    matches = [win(1, 1, 2), win(2, 2, 3), win(3, 1, 3)]
    table = by_player(compute_standings([1, 2, 3], matches, dropped=[2]))
    # player 2 (1-1 over two rounds, dropped) counts with 3/6 for player 1
    assert table[1].omw == pytest.approx((0.5 + 0.33) / 2)
    assert table[2].dropped and table[2].rounds_played == 2


def test_record_validation() -> None:
    with pytest.raises(ValueError):
        MatchRecord(1, 1, None, 0, 0, 0, "p1")
    with pytest.raises(ValueError):
        MatchRecord(1, 1, 2, 0, 0, 0, "bye")
    with pytest.raises(ValueError):
        MatchRecord(1, 1, 2, 0, 0, 0, "won")
    with pytest.raises(ValueError):
        MatchRecord(1, 1, 1, 2, 0, 0, "p1")
    with pytest.raises(ValueError):
        compute_standings([1], [win(1, 1, 2)])


def test_simulated_event_standings_are_consistent() -> None:
    sim = simulate_event(64, 6, seed=9, drop_rate=0.03, late_entries=2)
    table = sim.standings
    assert [s.rank for s in table] == list(range(1, 65))
    keys = [(-s.points, -s.omw, -s.oomw, -s.gw) for s in table]
    assert keys == sorted(keys)
    total_points = sum(s.points for s in table)
    wins = sum(1 for m in sim.matches if m.outcome in ("p1", "p2", "bye"))
    draws = sum(1 for m in sim.matches if m.outcome == "draw")
    assert total_points == 3 * wins + 2 * draws
    for s in table:
        assert 0.33 <= s.gw <= 1 and (s.omw == 0 or 0.33 <= s.omw <= 1)
        assert s.rounds_played == s.wins + s.losses + s.draws
    late = [by_player(table)[p] for p in sim.late]
    assert all((s.rounds_played == 6 or s.dropped) and s.losses >= 1 for s in late)
    assert {s.player for s in table if s.dropped} == sim.dropped


# --- tiebreak policies: every rule on its own ----------------------------------------------


def test_policy_rules_one_at_a_time() -> None:
    from tt_organizer.standings.policy import MELEE, MELEE_2025, RULEBOOK

    players = [A, B, C, D, E]

    def omw_of_a(policy: object) -> Fraction:
        s = by_player(compute_standings(players, small_event(),
                                        settings=ScoringSettings(policy=policy)))  # type: ignore[arg-type]
        return Fraction(s[A].omw).limit_denominator(10_000)

    # A met B (3 of 9 points), C (4 of 9) and E (late entry: missed round, bye, loss to A)
    b, c = Fraction(1, 3), Fraction(4, 9)
    # rule book: E's figure without the bye is 0 of 2 rounds (missed round = loss) -> 0.33
    assert omw_of_a(RULEBOOK) == (b + c + Fraction(33, 100)) / 3
    # byes counted: 3 points of 3 rounds = 1/3
    assert omw_of_a(RULEBOOK.with_rules({"byes": "counted"})) == (b + c + Fraction(1, 3)) / 3
    # missed rounds ignored (byes still out): 0 of 1 round -> floor 0.33
    assert omw_of_a(RULEBOOK.with_rules({"missed-rounds": "ignored"})) == (
        b + c + Fraction(33, 100)) / 3
    # both: 3 points of 2 rounds (bye, loss) = 1/2; Melee 2025 also floors at exactly 1/3
    assert omw_of_a(MELEE_2025) == (b + c + Fraction(1, 2)) / 3
    e = by_player(compute_standings(players, small_event(),
                                    settings=ScoringSettings(policy=MELEE_2025)))[E]
    assert (e.wins, e.losses, e.rounds_played) == (1, 1, 2)  # the missed round is not a loss
    # Melee now: the missed round is a 0-point round in the figure A sees (3 of 9 points,
    # 1/3) and a loss in E's published record, but E's own MW% is 3 of 6 (rounds played)
    assert omw_of_a(MELEE) == (b + c + Fraction(1, 3)) / 3
    assert omw_of_a(MELEE_2025.with_rules({"missed-rounds": "losses-for-opponents"})) == (
        b + c + Fraction(1, 3)) / 3
    now = by_player(compute_standings(players, small_event(),
                                      settings=ScoringSettings(policy=MELEE)))[E]
    assert (now.wins, now.losses, now.rounds_played, now.mw) == (1, 2, 2, 0.5)


def test_drawn_game_points_rule() -> None:
    from tt_organizer.standings.policy import MELEE, MELEE_2024, MELEE_2025, RULEBOOK

    match = [MatchRecord(1, A, B, 1, 0, 1, "p1")]  # 1-0-1: a win and a drawn game
    rule = by_player(compute_standings([A, B], match))
    assert rule[A].gw == pytest.approx(4 / 6)  # 3 + 1 game points of 6
    assert rule[B].gw == pytest.approx(0.33)  # 1 of 6, floored
    old = by_player(compute_standings([A, B], match, settings=ScoringSettings(policy=MELEE_2024)))
    assert old[A].gw == pytest.approx(3 / 6)
    assert old[B].gw == pytest.approx(1 / 3)  # 0 of 6, floored at exactly a third
    y25 = by_player(compute_standings([A, B], match, settings=ScoringSettings(policy=MELEE_2025)))
    assert y25[A].gw == pytest.approx(4 / 6)  # since 2025 a drawn game is 1 game point
    assert y25[B].gw == pytest.approx(1 / 6)  # and in 2025 the own GW% is shown unfloored
    now = by_player(compute_standings([A, B], match, settings=ScoringSettings(policy=MELEE)))
    assert (now[A].gw, now[B].gw) == (0.6666667, 0.3333333)  # floored again, 7 decimals
    zero = RULEBOOK.with_rules({"drawn-game": "0"})
    assert by_player(compute_standings([A, B], match, settings=ScoringSettings(policy=zero))
                     )[A].gw == pytest.approx(0.5)


def test_own_gw_unfloored_is_shown_but_opponents_use_the_floored_figure() -> None:
    """Melee in 2025: B's own GW% is 1 of 7 (0.1429) as shown, but A's OGW% counts B at
    1/3; D, registered and never paired, shows GW% 0 (the rule book shows the floor) and,
    without opponents, OMW% and OGW% at the floor (the rule book: 0)."""
    from tt_organizer.standings.policy import MELEE, MELEE_2025

    matches = [MatchRecord(1, A, B, 2, 1, 0, "p1"), MatchRecord(2, A, B, 2, 0, 0, "p1"),
               MatchRecord(3, B, A, 0, 2, 0, "p2")]  # B: 1 game won of 7
    now = by_player(compute_standings([A, B, D], matches, settings=ScoringSettings(
        tiebreakers=("omw", "gw", "ogw"), policy=MELEE_2025)))
    assert now[B].gw == pytest.approx(1 / 7)
    assert now[A].ogw == pytest.approx(1 / 3)  # the floored figure of B
    assert now[B].ogw == pytest.approx(6 / 7)
    assert now[D].gw == 0 and now[D].omw == now[D].ogw == pytest.approx(1 / 3)
    assert by_player(compute_standings([A, B, D], matches, settings=ScoringSettings(
        policy=MELEE)))[D].gw == 0.3333333  # Melee now floors the own GW% again
    book = by_player(compute_standings([A, B, D], matches))
    assert book[D].omw == book[D].ogw == 0
    assert book[B].gw == pytest.approx(0.33) and book[D].gw == pytest.approx(0.33)
    floored = MELEE_2025.with_rules({"own-gw": "floored"})
    assert by_player(compute_standings([A, B, D], matches, settings=ScoringSettings(
        policy=floored)))[B].gw == pytest.approx(1 / 3)


def test_ranking_follows_the_shown_own_gw() -> None:
    """A and B both lost to C and D (same points, same OMW%): unfloored, B's 1 game of 5
    (0.2) ranks above A's 0 of 4; floored, both are 1/3 and the player id puts A first."""
    from tt_organizer.standings.policy import MELEE, MELEE_2025

    matches = [MatchRecord(1, A, C, 0, 2, 0, "p2"), MatchRecord(1, B, D, 1, 2, 0, "p2"),
               MatchRecord(2, A, D, 0, 2, 0, "p2"), MatchRecord(2, B, C, 0, 2, 0, "p2")]

    def ranked(policy: object) -> list[Standing]:
        return compute_standings([A, B, C, D], matches, settings=ScoringSettings(
            tiebreakers=("omw", "gw"), policy=policy))  # type: ignore[arg-type]

    now = ranked(MELEE_2025)
    assert [(s.player, s.gw) for s in now[2:]] == [(B, pytest.approx(0.2)), (A, 0)]
    assert [s.player for s in ranked(MELEE_2025.with_rules({"own-gw": "floored"}))[2:]] == [A, B]
    assert [s.player for s in ranked(MELEE)[2:]] == [A, B]


def test_policy_as_data() -> None:
    from tt_organizer.standings.policy import (
        MELEE,
        MELEE_2024,
        MELEE_2025,
        RULEBOOK,
        TiebreakPolicy,
        split_rules,
    )

    new = {"no-opponents": "0", "no-games": "floor", "opponent-decimals": "none",
           "decimals": "none"}
    assert RULEBOOK.rules() == {"floor": "0.33", "byes": "excluded", "drawn-game": "1",
                                "missed-rounds": "losses", "own-gw": "floored", **new}
    assert MELEE.rules() == {"floor": "1/3", "byes": "counted", "drawn-game": "1",
                             "missed-rounds": "losses-for-opponents", "own-gw": "floored",
                             "no-opponents": "floor", "no-games": "floor",
                             "opponent-decimals": "8", "decimals": "7"}
    assert MELEE_2025.rules() == {"floor": "1/3", "byes": "counted", "drawn-game": "1",
                                  "missed-rounds": "ignored", "own-gw": "unfloored",
                                  "no-opponents": "floor", "no-games": "floor",
                                  "opponent-decimals": "none", "decimals": "8"}
    assert MELEE_2024.rules() == {"floor": "1/3", "byes": "counted", "drawn-game": "0",
                                  "missed-rounds": "ignored", "own-gw": "floored",
                                  "no-opponents": "floor", "no-games": "0",
                                  "opponent-decimals": "none", "decimals": "6"}
    # an event stored with "melee" before 2025's rules existed keeps its figures: the rules
    # it predates take the values it computed with, and it is named after the nearest preset
    stored = {"name": "melee", "floor": "1/3", "byes": "counted", "drawn-game": "0",
              "missed-rounds": "ignored"}
    old = TiebreakPolicy.from_json(stored)
    assert old.name == "melee-2024+custom" and old.rules() == {**MELEE_2024.rules(), **new}
    # one stored with "melee" in 2025 (every rule of then) keeps 2025's figures
    of_2025 = TiebreakPolicy.from_json({"name": "melee", "floor": "1/3", "byes": "counted",
                                        "drawn-game": "1", "missed-rounds": "ignored",
                                        "own-gw": "unfloored"})
    assert of_2025.name == "melee-2025+custom"
    assert of_2025.with_rules({"no-opponents": "floor", "decimals": "8"}) == MELEE_2025
    for preset in (MELEE, MELEE_2025, MELEE_2024):
        assert TiebreakPolicy.from_json(preset.to_json()) == preset
    assert MELEE_2025.with_rules({"drawn-game": "0", "own-gw": "floored", "no-games": "0",
                                  "decimals": "6"}) == MELEE_2024
    assert MELEE.with_rules({"missed-rounds": "ignored", "own-gw": "unfloored",
                             "opponent-decimals": "none", "decimals": "8"}) == MELEE_2025
    assert MELEE.with_rules({"drawn-game": "0"}).name == "melee+custom"
    assert MELEE.with_rules({"decimals": "none"}).decimals is None
    custom = RULEBOOK.with_rules(split_rules(["floor=1/3", "byes=counted"]))
    assert custom.name == "rulebook+custom" and custom.floor == Fraction(1, 3)
    assert TiebreakPolicy.from_json(custom.to_json()) == custom
    assert TiebreakPolicy.from_json(MELEE.to_json()) == MELEE
    assert TiebreakPolicy.from_json({}) == RULEBOOK  # files made before policies
    assert RULEBOOK.with_rules({"floor": "0.33"}) == RULEBOOK  # unchanged: still the preset
    for bad, message in ((["floor=2"], "between 0 and 1"), (["floor=x"], "fraction"),
                         (["byes=maybe"], "excluded, counted"), (["speed=1"], "unknown"),
                         (["floor"], "NAME=VALUE"), (["decimals=13"], "1 to 12"),
                         (["decimals=x"], "1 to 12"), (["no-opponents=1"], "0, floor"),
                         (["missed-rounds=maybe"], "losses-for-opponents")):
        with pytest.raises(ValueError, match=message):
            RULEBOOK.with_rules(split_rules(bad))


def test_no_opponents_and_no_games_rules() -> None:
    """A player whose only match is a bye: OMW%, OOMW%, OGW% at the floor under Melee's
    presets (published 0.3333 in 2026), 0 under the rule book or with ``no-opponents=0``. A
    registered player who never played: GW% 0 under ``melee-2024`` (``no-games=0``), the
    floor otherwise."""
    from tt_organizer.standings.policy import MELEE, MELEE_2024, RULEBOOK

    matches = [MatchRecord.bye(1, A), win(1, B, C)]

    def line(policy: object, who: int) -> Standing:
        return by_player(compute_standings([A, B, C, D], matches, settings=ScoringSettings(
            tiebreakers=("omw", "oomw", "gw", "ogw"), policy=policy)))[who]  # type: ignore[arg-type]

    now = line(MELEE, A)
    assert (now.omw, now.oomw, now.ogw, now.gw) == (0.3333333, 0.3333333, 0.3333333, 1.0)
    book = line(RULEBOOK, A)
    assert (book.omw, book.oomw, book.ogw) == (0, 0, 0)
    assert line(MELEE.with_rules({"no-opponents": "0"}), A).omw == 0
    assert line(RULEBOOK.with_rules({"no-opponents": "floor"}), A).omw == pytest.approx(0.33)
    # D never played
    assert line(MELEE_2024, D).gw == 0
    assert line(MELEE_2024.with_rules({"no-games": "floor"}), D).gw == pytest.approx(1 / 3)
    assert line(MELEE, D).gw == 0.3333333 and line(RULEBOOK, D).gw == pytest.approx(0.33)
    # C lost to B: C's own figures are unchanged by the rule (C has an opponent)
    assert line(MELEE, C).omw == 1.0


def test_decimals_round_half_up_and_rank_by_the_rounded_figure() -> None:
    """``decimals=1``: B's GW% 1 of 4 games = 0.25 is shown 0.3 (half-up; Python's round
    would give 0.2); ``opponent-decimals`` rounds each opponent's figure before the mean."""
    from tt_organizer.standings.policy import MELEE_2025

    matches = [MatchRecord(1, A, B, 2, 1, 0, "p1"), MatchRecord(2, C, B, 1, 0, 0, "p1")]
    one = MELEE_2025.with_rules({"decimals": "1"})
    rows = by_player(compute_standings([A, B, C], matches, settings=ScoringSettings(
        tiebreakers=("omw", "gw", "ogw"), policy=one)))
    assert rows[B].gw == 0.3
    exact = by_player(compute_standings([A, B, C], matches, settings=ScoringSettings(
        tiebreakers=("omw", "gw", "ogw"), policy=MELEE_2025.with_rules({"decimals": "none"}))))
    assert exact[B].gw == 0.25
    # A's only opponent B has MW% 0 -> floor 1/3; rounded to 1 decimal before the mean: 0.3
    rounded = MELEE_2025.with_rules({"decimals": "none", "opponent-decimals": "1"})
    assert by_player(compute_standings([A, B, C], matches, settings=ScoringSettings(
        policy=rounded)))[A].omw == 0.3


def test_a_tiebreaker_figure_shows_as_a_percentage_or_nothing() -> None:
    from tt_organizer.standings.tiebreakers import percent_text

    assert percent_text(None) == ""
    assert percent_text(2 / 3) == "66.67%"
    assert percent_text(0.0) == "0.00%"
