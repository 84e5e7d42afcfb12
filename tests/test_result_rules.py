"""Result entry, every limit at its edge -- which result strings a best-of-one or
best-of-three match takes (and how they are stored), and the per-game lists that must agree
with them (who went first, the game winners, the turns). Found by the mutation run: the
limits (2 games won, 3 drawn, turn 1 to 1000) and the early-win check had no test at both
sides of the edge."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tt_organizer.errors import EventError
from tt_organizer.events.result_text import (
    games_to_win,
    parse_game_flags,
    parse_result,
    valid_results,
)


@pytest.mark.parametrize(("text", "best_of", "stored"), [
    ("2-0", 3, ("2-0", 2, 0, 0, "p1")),
    ("2–1", 3, ("2-1", 2, 1, 0, "p1")),  # an en dash, as phones type it
    ("1-2", 3, ("1-2", 1, 2, 0, "p2")),
    ("0-1", 3, ("0-1", 0, 1, 0, "p2")),
    (" 1-1-1 ", 3, ("1-1-1", 1, 1, 1, "draw")),
    ("1-1", 3, ("1-1", 1, 1, 0, "draw")),  # time called at one game each
    ("0-0-3", 3, ("0-0-3", 0, 0, 3, "draw")),  # the most drawn games
    ("0-0-1", 3, ("0-0-1", 0, 0, 1, "draw")),
    ("2-0-3", 3, ("2-0-3", 2, 0, 3, "p1")),
    ("1-0-1", 3, ("1-0-1", 1, 0, 1, "p1")),
    ("0-1-1", 3, ("0-1-1", 0, 1, 1, "p2")),
    ("2-1-0", 3, ("2-1", 2, 1, 0, "p1")),
    ("0-2-0", 3, ("0-2", 0, 2, 0, "p2")),
    ("D", 3, ("draw", 0, 0, 1, "draw")),
    ("Double Loss", 3, ("double-loss", 0, 0, 0, "double-loss")),
    ("dl", 1, ("double-loss", 0, 0, 0, "double-loss")),
    ("1-0", 1, ("1-0", 1, 0, 0, "p1")),
    ("0-1", 1, ("0-1", 0, 1, 0, "p2")),
    ("1-0-1", 1, ("1-0-1", 1, 0, 1, "p1")),
    ("0-0-2", 1, ("0-0-2", 0, 0, 2, "draw")),
    ("3-2", 5, ("3-2", 3, 2, 0, "p1")),
    ("3-0", 5, ("3-0", 3, 0, 0, "p1")),  # a clean sweep is no named result in best of 5
    ("0-3", 5, ("0-3", 0, 3, 0, "p2")),
    ("2-0-0", 5, ("2-0", 2, 0, 0, "p1")),  # time called at 2-0
    ("2-3-1", 5, ("2-3-1", 2, 3, 1, "p2")),
])
def test_accepted_results_are_stored_as_played(text: str, best_of: int,
                                               stored: tuple[object, ...]) -> None:
    r = parse_result(text, best_of)
    assert (r.text, r.p1_games, r.p2_games, r.draws, r.outcome) == stored
    assert r.games_played == sum(stored[1:4])  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "best_of"), [
    ("3-0", 3), ("2-2", 3), ("0-0", 3), ("0-0-4", 3), ("2-0-4", 3), ("10-0", 3),
    ("1-0-0-0", 3), ("2-0", 1), ("1-1", 1), ("0-0", 1), ("4-0", 5), ("3-3", 5), ("", 3),
    ("2-x", 3), ("-2-0", 3),
])
def test_results_that_do_not_fit_are_refused(text: str, best_of: int) -> None:
    with pytest.raises(EventError) as refused:
        parse_result(text, best_of)
    need = games_to_win(best_of)
    assert f"does not fit best-of-{best_of}" in str(refused.value)
    assert f"(at most {need} won, 3 drawn)" in str(refused.value)


def test_named_results_and_games_to_win() -> None:
    assert valid_results(1) == ("1-0", "0-1", "draw", "double-loss", "0-0-0")
    assert valid_results(3)[:4] == ("2-0", "2-1", "1-2", "0-2")
    assert [games_to_win(n) for n in (1, 3, 5)] == [1, 2, 3]
    with pytest.raises(EventError, match="use one of 1-0, 0-1, draw, double-loss, 0-0-0"):
        parse_result("2-1", 1)


def flags(text: str, best_of: int = 3, **lists: object) -> list[tuple[object, ...]]:
    result = parse_result(text, best_of)
    return [(g.number, g.first, g.winner, g.turns)
            for g in parse_game_flags(result, best_of=best_of, **lists)]  # type: ignore[arg-type]


def test_game_lists_describe_each_game() -> None:
    assert flags("2-1") == []  # no list: nothing to describe
    assert flags("2-1", first="P1,P2,P1", winners="p1, P2 ,P1", turns="7,9,8") == [
        (1, "P1", "P1", 7), (2, "P2", "P2", 9), (3, "P1", "P1", 8)]
    assert flags("2-0", turns=[5, 6]) == [(1, None, "P1", 5), (2, None, "P1", 6)]  # a sweep
    assert flags("0-2", first="P2,P1") == [(1, "P2", "P2", None), (2, "P1", "P2", None)]
    assert flags("2-1", first="P1,P2,P1") == [(1, "P1", None, None), (2, "P2", None, None),
                                              (3, "P1", None, None)]
    assert flags("1-1-1", winners="P1,D,P2") == [(1, None, "P1", None), (2, None, None, None),
                                                 (3, None, "P2", None)]
    assert flags("1-1-1", winners="P1,P2,-")[2][2] is None
    assert flags("1-1-1", winners="draw,P2,P1")[0][2] is None
    # a blank entry is a game not known: a sweep fills it, otherwise it stays unknown
    assert flags("2-0", winners="P1,") == [(1, None, "P1", None), (2, None, "P1", None)]
    assert flags("2-1", winners="P1,,P1", turns="1,,1000") == [
        (1, None, "P1", 1), (2, None, None, None), (3, None, "P1", 1000)]
    assert flags("1-0-1", best_of=1, winners="D,P1") == [(1, None, None, None),
                                                         (2, None, "P1", None)]


@pytest.mark.parametrize(("text", "best_of", "lists", "words"), [
    ("2-1", 3, {"first": "P1,P2"}, "who went first lists 2 game(s) but result 2-1 means 3"),
    ("2-0", 3, {"winners": "P1,P1,P2"}, "game winners lists 3 game(s)"),
    ("2-0", 3, {"turns": "5"}, "turns lists 1 game(s)"),
    ("2-1", 3, {"winners": "P1,P1,P2"}, "P1 had won the match after game 2"),
    ("2-1", 3, {"winners": "P2,P1,P1"}, None),
    ("2-1", 3, {"winners": "P1,P1,"}, "P1 had won the match after game 2"),
    ("2-1", 3, {"winners": "P2,P2,P1"}, "does not agree with result 2-1 (P1 1, P2 2, drawn 0)"),
    ("2-1", 3, {"winners": "P2,P2,"}, "does not agree with result 2-1 (P1 0, P2 2, drawn 0)"),
    ("1-1-1", 3, {"winners": "D,D,"}, "(P1 0, P2 0, drawn 2)"),
    ("1-0-1", 1, {"winners": "P1,D"}, "P1 had won the match after game 1"),
    ("2-0", 3, {"turns": "0,5"}, "'0' is not a turn number (1 to 1000)"),
    ("2-0", 3, {"turns": "5,1001"}, "'1001' is not a turn number"),
    ("2-0", 3, {"turns": "5,x"}, "'x' is not a turn number"),
    ("2-0", 3, {"first": "P1,P3"}, "who went first: 'P3' is not a seat (P1 or P2)"),
    ("2-1", 3, {"winners": "P1,X,P1"}, "game winners: 'X' is not a seat"),
])
def test_game_lists_that_disagree_are_refused(text: str, best_of: int, lists: dict[str, str],
                                              words: str | None) -> None:
    if words is None:
        assert len(flags(text, best_of, **lists)) == 3
        return
    with pytest.raises(EventError) as refused:
        flags(text, best_of, **lists)
    assert words in str(refused.value)
    assert refused.value.code == "game-lists"


def test_a_table_of_a_finished_round_points_to_the_latest_one(tmp_path: Path) -> None:
    """Table 3 existed in rounds 1 and 2; round 3 has two tables (two players dropped):
    reporting table 3 now names round 2 -- the latest round it belongs to -- in the words
    and in the hint to correct it."""
    from tt_organizer.events import entering, players, rounds, setup, store

    path = tmp_path / "event.sqlite"
    setup.create_event(path, "Table Cup", seed=1)
    with store.connect(path) as conn:
        for name in ("Ada", "Ben", "Cal", "Dee", "Eli", "Fay"):
            players.register_player(conn, name)
        for _ in range(2):
            for m in rounds.pair_next_round(conn):
                if m.player2 is not None:
                    entering.report_result(conn, m.table, "2-0")
        players.drop(conn, "Ada")
        players.drop(conn, "Ben")
        assert len(rounds.pair_next_round(conn)) == 2
        with pytest.raises(EventError) as refused:
            entering.report_result(conn, 3, "2-0")
    assert "table 3 belongs to the finished round 2" in str(refused.value)
    assert refused.value.code == "table-in-finished-round"
    # the hint also holds the message's parameters (the error of the missing table)
    assert refused.value.hint.items() >= {"command": "correct", "round": 2, "table": 3,
                                          "top_cut": False}.items()


def test_a_table_two_rounds_back_is_found_there(tmp_path: Path) -> None:
    """Table 4 existed only in round 1 (eight players; two dropped before round 2 and two more
    before round 3): reporting it in round 3 names round 1, searching back past round 2."""
    from tt_organizer.events import entering, players, rounds, setup, store

    path = tmp_path / "event.sqlite"
    setup.create_event(path, "Table Cup", seed=1)
    with store.connect(path) as conn:
        names = ("Ada", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal")
        for name in names:
            players.register_player(conn, name)
        for dropped in (("Ada", "Ben"), ("Cal", "Dee"), ()):
            tables = rounds.pair_next_round(conn)
            for m in tables:
                if m.player2 is not None and dropped:
                    entering.report_result(conn, m.table, "2-0")
            for name in dropped:
                players.drop(conn, name)
        assert len(tables) == 2
        with pytest.raises(EventError) as refused:
            entering.report_result(conn, 4, "2-0")
    assert refused.value.code == "table-in-finished-round"
    assert str(refused.value) == ("no table 4 in round 3 (tables 1–2); table 4 belongs to the "
                                  "finished round 1")
    # shown in Spanish, the missing table's words are Spanish too (quoted as words, not text)
    from tt_organizer import i18n

    i18n.set_language("es")
    try:
        assert refused.value.shown() == ("no hay mesa 4 en la ronda 3 (mesas 1–2); la mesa 4 es "
                                         "de la ronda 1, ya terminada")
    finally:
        i18n.set_language(None)


def test_a_swiss_result_three_rounds_back_needs_the_override(tmp_path: Path) -> None:
    """A Swiss result may be corrected while the next round is played; two rounds back or
    more -- here three, with round 4 paired -- only with the override."""
    from tt_organizer.events import entering, players, rounds, setup, store

    path = tmp_path / "event.sqlite"
    setup.create_event(path, "Late Cup", seed=2)
    with store.connect(path) as conn:
        for name in ("Ada", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"):
            players.register_player(conn, name)  # ten players: four rounds
        for _ in range(3):
            for m in rounds.pair_next_round(conn):
                if m.player2 is not None:
                    entering.report_result(conn, m.table, "2-0")
        rounds.pair_next_round(conn)
        for back in (1, 2):
            with pytest.raises(EventError) as refused:
                entering.correct_result(conn, back, 1, "0-2")
            assert refused.value.code == "correction-closed", back
        done = entering.correct_result(conn, 3, 1, "0-2")
        assert done.result == "0-2"
        done = entering.correct_result(conn, 1, 1, "0-2", override=True)
        assert done.result == "0-2"


def test_a_result_reported_by_name_finds_the_seat() -> None:
    """``report TABLE --winner NAME``: the full name (any case or spacing) wins over a prefix
    that fits both; a prefix must fit one player only."""
    from types import SimpleNamespace

    from tt_organizer.events.entering import seat_of_name, seat_result, winner_name

    names = {1: "Ann", 2: "Anna Lee", 3: "Bob"}
    m = SimpleNamespace(table=4, round=2, player1=1, player2=2)
    assert seat_of_name(m, names, "ANN") == "P1"  # exact, though "ann" starts both names
    assert seat_of_name(m, names, "anna  lee") == "P2"
    assert seat_of_name(m, names, "anna") == "P2"  # a prefix of one name only
    for ref, why in (("an", "fits both players"), ("bob", "is neither")):
        with pytest.raises(EventError, match=f"table 4 of round 2 is Ann v Anna Lee; '{ref}' "
                                             f"{why}"):
            seat_of_name(m, names, ref)
    assert seat_result(m, names, 3, winner="Anna Lee") == "0-2"
    assert seat_result(m, names, 3, winner="ann", score="2-1") == "2-1"
    assert seat_result(m, names, 1, winner="anna") == "0-1"
    assert seat_result(m, names, 3, draw=True) == "draw"
    played = {None: None, "p1": "Ann", "p2": "Anna Lee", "draw": None, "double-loss": None}
    for outcome, name in played.items():
        assert winner_name(SimpleNamespace(player1=1, player2=2, outcome=outcome),
                           names) == name
    assert winner_name(SimpleNamespace(player1=3, player2=None, outcome="bye"), names) == "Bob"


@pytest.mark.parametrize(("best_of", "score", "example"), [(3, "1-2", "e.g. 2-1"),
                                                           (3, "0-2", "e.g. 2-1"),
                                                           (1, "0-1", "e.g. 1-0")])
def test_a_winner_with_a_losing_score_is_shown_the_right_way_round(
        best_of: int, score: str, example: str) -> None:
    """``report TABLE --winner NAME SCORE`` with the score from the loser's side: refused,
    with an example score of the match's own length from the winner's side."""
    from types import SimpleNamespace

    from tt_organizer.events.entering import seat_result

    m = SimpleNamespace(table=1, round=1, player1=1, player2=2)
    with pytest.raises(EventError) as refused:
        seat_result(m, {1: "Ann", 2: "Bob"}, best_of, winner="Bob", score=score)
    assert str(refused.value).endswith(f"give the score from the winner's side, {example}")
    assert refused.value.code == "winner-or-draw"
    with pytest.raises(EventError, match="that score has a winner"):
        seat_result(m, {1: "Ann", 2: "Bob"}, best_of, draw=True, score=example[-3:])


def test_a_top_cut_correction_names_every_bracket_round_paired_on_it(tmp_path: Path) -> None:
    """Correcting a quarter-final's score (same winner) once the final is paired: the answer
    names both later bracket rounds -- the semifinals and the final -- as paired on the old
    result; correcting a semifinal names the final only."""
    from tests.event_helpers import Tt, start_event

    tt = Tt(tmp_path / "cut.sqlite")
    start_event(tt, [f"P{i}" for i in range(8)], "--rounds", "1", "--top-cut", "8",
                "--best-of", "1")
    tt("pair")
    for p in tt.json("pairings"):
        tt("report", str(p["table"]), "1-0")
    for _ in range(3):  # quarter-finals, semifinals, final paired in turn
        tt("top-cut")
        if len(tt.json("pairings", "--top-cut")) > 1:
            for p in tt.json("pairings", "--top-cut"):
                tt("report", str(p["table"]), "1-0")
    quarter = tt.json("correct", "1", "1", "1-0-1", "--top-cut")
    assert quarter["paired_on_old_result"] == ["top-cut round 2", "top-cut round 3"]
    semi = tt.json("correct", "2", "1", "1-0-1", "--top-cut")
    assert semi["paired_on_old_result"] == ["top-cut round 3"]


def test_a_swiss_correction_names_every_later_round_paired_on_it(tmp_path: Path) -> None:
    """Correcting round 1 once round 3 is paired (``--override``: the round is closed) names
    rounds 2 and 3 as paired on the old result (round 2's correction: round 3 only)."""
    from tests.event_helpers import Tt, start_event

    tt = Tt(tmp_path / "swiss.sqlite")
    start_event(tt, [f"P{i}" for i in range(6)], "--rounds", "3", "--best-of", "1")
    for _ in range(3):
        tt("pair")
        for p in tt.json("pairings"):
            if p["player2"] is not None:
                tt("report", str(p["table"]), "1-0")
    first = tt.json("correct", "1", "1", "0-1", "--override")
    assert first["paired_on_old_result"] == ["round 2", "round 3"]
    second = tt.json("correct", "2", "1", "0-1", "--override")
    assert second["paired_on_old_result"] == ["round 3"]


def test_a_top_cut_table_reported_cleared_and_corrected_as_the_top_cuts(
        tmp_path: Path) -> None:
    """The bracket's tables by what a user reads: ``tt event log`` names a phone report and
    the result it recorded "top-cut round 1 table N" (the stage read back from the event
    file; "round 1 table N" in the Swiss rounds); a correction to the same result is refused
    naming the top cut; a semifinal is cleared (logged as the top cut's) until the final is
    paired on it, then refused with advice naming ``--top-cut``; once the final is paired,
    the semifinal's winner cannot change, though the score of the same winner can."""
    from tt_organizer.events import (
        entering,
        event_reads,
        phone_reports,
        players,
        queries,
        rounds,
        setup,
        store,
        topcut,
    )

    path = tmp_path / "event.sqlite"
    setup.create_event(path, "Log Cup", rounds=1, top_cut=4, seed=3)
    with store.connect(path) as conn:
        for name in ("Ada", "Ben", "Cal", "Dee"):
            players.register_player(conn, name)
        swiss = rounds.pair_next_round(conn)[0]
        phone_reports.submit_report(conn, swiss.player1, "2-0")
        phone_reports.submit_report(conn, swiss.player2, "2-0")
        for m in queries.round_matches(conn, "swiss", 1):
            if m.result is None:
                entering.report_result(conn, m.table, "2-1")
        semi = topcut.start_top_cut(conn)[0]
        phone_reports.submit_report(conn, semi.player1, "0-2")
        phone_reports.submit_report(conn, semi.player2, "0-2")
        log = [(e.action, e.subject) for e in event_reads.audit_log(conn)]
        assert refused(lambda: entering.correct_result(
            conn, 1, semi.table, "0-2", top_cut=True))[:2] == (
            "no-change", f"table {semi.table} is already 0-2 (round 1 of the top cut); "
                         "nothing to correct")
        other = next(m for m in queries.round_matches(conn, "top-cut", 1) if m.result is None)
        entering.report_result(conn, other.table, "2-0")
        # a semifinal cleared while the final is unpaired, the clearing logged as the top cut's
        assert entering.unreport_result(conn, 1, other.table, top_cut=True).result == "2-0"
        assert queries.find_match(conn, "top-cut", 1, other.table).result is None
        last = event_reads.audit_log(conn)[-1]
        assert (last.action, last.subject) == ("unreport", f"top-cut round 1 table {other.table}")
        assert refused(lambda: entering.unreport_result(conn, 1, other.table, top_cut=True)
                       )[:2] == ("not-reported-nothing-to-clear", f"table {other.table} of "
                                 "top-cut round 1 is not reported; nothing to clear")
        entering.report_result(conn, other.table, "2-0")
        topcut.advance_top_cut(conn)
        assert refused(lambda: entering.unreport_result(conn, 1, semi.table, top_cut=True)) == (
            "paired-on-result", f"table {semi.table} of top-cut round 1 cannot be cleared: "
            "top-cut round 2 was paired on its result 0-2",
            f"; use `tt event correct 1 {semi.table} RESULT --top-cut` to change it")
        # P2 won the semifinal: once the final is paired, P1 cannot be made the winner
        assert refused(lambda: entering.correct_result(
            conn, 1, semi.table, "2-1", top_cut=True))[:2] == (
            "top-cut-winner-fixed", f"top-cut round 2 is paired; the winner of table "
                                    f"{semi.table} can no longer change")
        assert entering.correct_result(conn, 1, semi.table, "1-2", top_cut=True).result == "1-2"
        # a bracket round's result is never "finished" and corrected from the report command
        assert refused(lambda: entering.report_result(conn, 1, "2-0", round_number=1))[:2] == (
            "not-current-round", "round 1 is not the current round (2)")
    for action in ("web-report", "report"):
        assert (action, f"round 1 table {swiss.table}") in log
        assert (action, f"top-cut round 1 table {semi.table}") in log


def refused(call: Any) -> tuple[str | None, str, str]:
    """The code, the English words and the command line's advice of a refusal."""
    from tt_organizer.cli.advice import command_advice

    with pytest.raises(EventError) as caught:
        call()
    return caught.value.code, str(caught.value), command_advice(caught.value)


def test_results_refused_outside_the_current_round_say_what_to_do(tmp_path: Path) -> None:
    """Before any pairing, for a round that is not the current one, for a bye, for a finished
    round (correct it instead): each refusal says so, names the way out, and leaves the file
    as it was; a correction to the result already recorded changes nothing and logs nothing."""
    from event_helpers import dump

    from tt_organizer.events import entering, event_reads, players, queries, rounds, setup, store

    path = tmp_path / "event.sqlite"
    setup.create_event(path, "Edge Cup", rounds=3, top_cut=0, seed=2)
    with store.connect(path) as conn:
        for name in ("Ada", "Ben", "Cal", "Dee", "Eli"):
            players.register_player(conn, name)
        assert refused(lambda: entering.report_result(conn, 1, "2-0")) == (
            "no-round", "no round is paired yet", "; use `tt event pair` (or `pair --from FILE`)")
        assert refused(lambda: entering.report_by_name(conn, 1, winner="Ada"))[0] == "no-round"
        first = rounds.pair_next_round(conn)
        bye = next(m for m in first if m.player2 is None)
        names = {p.id: p.name for p in store.read_players(conn)}
        stored = queries.find_match(conn, "swiss", 1, bye.table)  # as the file holds it
        assert (stored.outcome, entering.winner_name(stored, names)) == (
            "bye", names[bye.player1])
        assert refused(lambda: entering.report_result(conn, 1, "2-0", round_number=2))[:2] == (
            "not-current-round", "round 2 is not the current round (1)")
        assert refused(lambda: entering.report_by_name(
            conn, bye.table, winner="Ada"))[:2] == (
            "bye-nothing-to-report",
            f"table {bye.table} of round 1 is a bye; nothing to report")
        for m in first:
            if m.player2 is not None:
                entering.report_result(conn, m.table, "2-1")
        rounds.pair_next_round(conn)
        assert refused(lambda: entering.report_result(conn, 1, "2-0", round_number=1)) == (
            "round-finished", "round 1 is finished (the current round is 2)",
            "; use `tt event correct 1 1 RESULT`")
        assert refused(lambda: entering.correct_result(conn, 1, bye.table, "2-0"))[:2] == (
            "bye-nothing-to-correct", f"table {bye.table} of round 1 is a bye; nothing to correct")
        before = dump(path)
        logged = len(event_reads.audit_log(conn))
        assert refused(lambda: entering.correct_result(conn, 1, 1, " 2-1 "))[:2] == (
            "no-change", "table 1 is already 2-1 (round 1); nothing to correct")
        assert len(event_reads.audit_log(conn)) == logged
    assert dump(path) == before


def test_every_stored_result_reads_in_words_on_the_phone() -> None:
    """What the event file holds -- a reported result, the bye, a round a late entry missed
    (any case or spacing) -- as the phone pages say it; anything else is refused."""
    from tt_organizer.web.pages import result_label

    assert result_label("bye", "Ada", None, 3) == "Bye: a win without an opponent"
    assert result_label(" BYE ", "Ada", None, 1) == "Bye: a win without an opponent"
    assert result_label("loss", "Ada", None, 3) == "Missed round (entered late): a loss"
    assert result_label("Loss", "Ada", None, 1) == "Missed round (entered late): a loss"
    assert result_label("1-2", "Ada", "Ben", 3) == "Ben wins 2-1"
    assert result_label("1-0", "Ada", "Ben", 1) == "Ada wins 1-0"
    with pytest.raises(EventError, match="does not fit best-of-3"):
        result_label("byes", "Ada", None, 3)


def test_a_late_entrys_missed_round_is_no_table_to_report(tmp_path: Path) -> None:
    """A late entry's missed round is stored at table 0: reporting "table 0" in the next
    round is refused as a table the round does not have, not sent to correct round 1."""
    from tt_organizer.events import entering, players, rounds, setup, store

    path = tmp_path / "event.sqlite"
    setup.create_event(path, "Late Cup", rounds=3, seed=4)
    with store.connect(path) as conn:
        for name in ("Ada", "Ben", "Cal", "Dee", "Eli"):
            players.register_player(conn, name)
        for m in rounds.pair_next_round(conn):
            if m.player2 is not None:
                entering.report_result(conn, m.table, "2-0")
        players.late_entry(conn, "Fay")
        tables = [m.table for m in rounds.pair_next_round(conn)]
        assert refused(lambda: entering.report_result(conn, 0, "2-0"))[:2] == (
            "no-table-in-round", f"no table 0 in round 2 (tables 1–{max(tables)})")


@pytest.mark.parametrize(("typed", "stored"), [
    ("1-1-1", "double-loss"), ("1-1", "double-loss"), ("draw", "double-loss"),
    ("0-0-0", "draw"), ("id", "draw"), ("2-1", "p1"), ("0-1", "p2"), ("double-loss", "double-loss"),
])
def test_an_unfinished_match_is_a_double_loss_where_the_event_says_so(
        tmp_path: Path, typed: str, stored: str) -> None:
    """``--unfinished double-loss``: a drawn match (time called) is stored as a double loss,
    reported or corrected; an intentional draw (no game played) stays a draw."""
    from tt_organizer.events import entering, players, rounds, setup, store

    path = tmp_path / "event.sqlite"
    setup.create_event(path, "DL Cup", unfinished="double-loss", seed=1)
    with store.connect(path) as conn:
        for name in ("Ada", "Ben", "Cal", "Dee"):
            players.register_player(conn, name)
        rounds.pair_next_round(conn)
        assert entering.report_result(conn, 1, typed).outcome == stored
        entering.report_result(conn, 2, "2-0")
        assert entering.correct_result(conn, 1, 2, typed).outcome == stored


def test_game_lists_given_as_lists_or_empty() -> None:
    """The lists as a form or a sheet gives them -- Python lists, entries trimmed -- read the
    same as typed ones; an empty list describes no game (a double loss), and is one entry
    short of anything played."""
    assert flags("2-1", first=["P1", " p2", "P1"], winners=["P1", "P2", ""],
                 turns=["7", "", "9"]) == [(1, "P1", "P1", 7), (2, "P2", "P2", None),
                                           (3, "P1", None, 9)]
    assert flags("double-loss", first="", winners="", turns="") == []
    with pytest.raises(EventError, match="who went first lists 0 game"):
        flags("2-0", first="")
