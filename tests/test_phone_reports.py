"""Results reported from phones, at the library level (tt_organizer.events.phone_reports)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.event_helpers import dump
from tests.serve_helpers import new_event
from tt_organizer.errors import EventError
from tt_organizer.events import phone_reports, store


def _pair(conn: object) -> tuple[int, int, int]:
    m = next(m for m in store.read_matches(conn) if m.player2 is not None)  # type: ignore[arg-type]
    assert m.player2 is not None
    return m.table, m.player1, m.player2


def test_same_result_from_both_players_confirms(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite")
    with store.connect(path) as conn:
        table, p1, p2 = _pair(conn)
        games = {"first": "P2,P1,P2", "winners": "P1,P2,P1", "turns": "5,6,7"}
        first = phone_reports.submit_report(conn, p1, "2-1", **games, client="a")
        assert first.status == "pending"
        again = phone_reports.submit_report(conn, p2, "2-1", **games, client="b")
        assert again.status == "confirmed" and again.id == first.id
        m = phone_reports.current_match(conn, p1)
        assert m is not None and m.result == "2-1"
        assert [(g.number, g.first, g.winner, g.turns) for g in m.games] == [
            (1, p2, p1, 5), (2, p1, p2, 6), (3, p2, p1, 7)]
        assert phone_reports.table_states(conn)[table - 1]["state"] == "confirmed"
        with pytest.raises(EventError, match="already recorded"):
            phone_reports.submit_report(conn, p1, "2-0")


def test_different_result_disputes_and_organizer_settles(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite")
    with store.connect(path) as conn:
        table, p1, p2 = _pair(conn)
        phone_reports.submit_report(conn, p1, "2-0")
        rep = phone_reports.submit_report(conn, p2, "0-2")
        assert rep.status == "disputed" and rep.counter == "0-2"
        with pytest.raises(EventError, match="disputed"):
            phone_reports.submit_report(conn, p1, "2-1")
        done = phone_reports.organizer_result(conn, table, "0-2")
        assert done.result == "0-2" and done.before is None
        assert done.settled is not None and done.settled.status == "disputed"
        assert phone_reports.reports(conn, open_only=True) == []
        assert [r.status for r in phone_reports.reports(conn)] == ["resolved"]  # the desk's
        # a recorded table is corrected, as `tt event correct` does
        fixed = phone_reports.organizer_result(conn, table, "2-1")
        assert fixed.result == "2-1" and fixed.settled is None
        assert fixed.before is not None and fixed.before.result == "0-2"


def test_a_refused_report_stores_nothing(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite")
    with store.connect(path) as conn:
        _, p1, _ = _pair(conn)
    before = dump(path)
    with store.connect(path) as conn:
        with pytest.raises(EventError, match="does not fit best-of-3"):
            phone_reports.submit_report(conn, p1, "3-0")
        with pytest.raises(EventError, match=r"^turns lists 1 game") as refused:
            phone_reports.submit_report(conn, p1, "2-0", turns="4")
        assert refused.value.code == "game-lists"
        assert refused.value.hint["words"] == [["turns", "turns"]]
        with pytest.raises(EventError, match="no report of your table"):
            phone_reports.answer_report(conn, p1, agree=True)
    assert dump(path) == before


def test_organizer_desk_in_a_top_cut_enters_and_corrects_the_bracket_table(
        tmp_path: Path) -> None:
    """The top cut's round 1 table 1 shares its round and table numbers with the Swiss round
    1 table 1: the organizer's entry and correction land on the bracket's table, and the
    Swiss result stays as it was."""
    from tests.event_helpers import Tt

    tt = Tt(tmp_path / "cut.sqlite")
    tt("create", "Cut", "--seed", "5", "--rounds", "1", "--top-cut", "4", "--best-of", "1")
    for i in range(6):
        tt("register", f"P{i}")
    tt("pair")
    for p in tt.json("pairings"):
        if p["player2"] is not None:
            tt("report", str(p["table"]), "1-0")
    tt("top-cut")
    with store.connect(tt.path) as conn:
        names = {p.id: p.name for p in store.read_players(conn)}
        swiss = next(m for m in store.read_matches(conn)
                     if m.stage == "swiss" and m.round == 1 and m.table == 1)
        cut = next(m for m in store.read_matches(conn)
                   if m.stage == "top-cut" and m.round == 1 and m.table == 1)
        assert swiss.result == "1-0" and cut.result is None
        # the desk lists the bracket's tables only, not the Swiss round of the same number
        assert [(t["stage"], t["round"], t["table"], t["player1"]) for t in
                phone_reports.table_states(conn)] == [
            ("top-cut", 1, m.table, names[m.player1]) for m in store.read_matches(conn)
            if m.stage == "top-cut"]
        entered = phone_reports.organizer_result(conn, 1, "0-1")
        assert entered.before is None  # an entry, not a correction
        assert (entered.match.stage, entered.match.player1, entered.result) == (
            "top-cut", cut.player1, "0-1")
        fixed = phone_reports.organizer_result(conn, 1, "1-0")
        assert fixed.before is not None and fixed.before.stage == "top-cut"
        assert fixed.before.result == "0-1" and fixed.result == "1-0"
        again = {(m.stage, m.round, m.table): m.result for m in store.read_matches(conn)}
    assert again[("swiss", 1, 1)] == "1-0" and again[("top-cut", 1, 1)] == "1-0"


def test_organizer_entry_and_correction_keep_who_went_first_and_game_winners(
        tmp_path: Path) -> None:
    """The desk's per-game details (who went first, who won each game) are stored with the
    result it enters and with the one it corrects to, as ``tt event report``/``correct``."""
    path = new_event(tmp_path / "ev.sqlite")
    with store.connect(path) as conn:
        table, p1, p2 = _pair(conn)
        done = phone_reports.organizer_result(conn, table, "2-1", first="P1,P2,P1")
        assert [(g.number, g.first) for g in done.match.games] == [(1, p1), (2, p2), (3, p1)]
        fixed = phone_reports.organizer_result(conn, table, "1-2", winners="P2,P1,P2")
        assert fixed.before is not None and fixed.before.result == "2-1"
        stored = next(m for m in store.read_matches(conn) if m.table == table and m.round == 1)
    assert stored.result == "1-2"
    assert [(g.number, g.winner) for g in stored.games] == [(1, p2), (2, p1), (3, p2)]


def test_organizer_entry_and_correction_keep_every_game_list(tmp_path: Path) -> None:
    """All three per-game lists the desk takes (who went first, who won each game, the
    turns) are stored with an entered result and with a corrected one."""
    path = new_event(tmp_path / "ev.sqlite")
    with store.connect(path) as conn:
        table, p1, p2 = _pair(conn)
        done = phone_reports.organizer_result(conn, table, "2-1", first="P2,P1,P2",
                                              winners="P1,P2,P1", turns="5,6,7")
        assert [(g.number, g.first, g.winner, g.turns) for g in done.match.games] == [
            (1, p2, p1, 5), (2, p1, p2, 6), (3, p2, p1, 7)]
        fixed = phone_reports.organizer_result(conn, table, "2-0", first="P1,P1",
                                               winners="P1,P1", turns="9,10")
        assert fixed.before is not None
        stored = next(m for m in store.read_matches(conn) if m.table == table and m.round == 1)
    assert stored.result == "2-0"
    assert [(g.number, g.first, g.winner, g.turns) for g in stored.games] == [
        (1, p1, p1, 9), (2, p1, p1, 10)]


def test_a_late_entrys_missed_round_is_no_table_on_the_desk(tmp_path: Path) -> None:
    """A player entering after round 1 was paired has a loss for missing it (stored with no
    table): the desk's list shows the round's real tables only, not a table 0."""
    from tt_organizer.events import players

    path = new_event(tmp_path / "ev.sqlite")
    with store.connect(path) as conn:
        before = phone_reports.table_states(conn)
        players.late_entry(conn, "Zed Late")
        after = phone_reports.table_states(conn)
        missed = [m for m in store.read_matches(conn) if m.table == 0]
    assert missed, "the late entry's missed round is stored (with no table)"
    assert after == before
    assert all(t["table"] > 0 for t in after)
    assert "Zed Late" not in {t["player1"] for t in after} | {t["player2"] for t in after}


def test_a_phone_is_told_only_of_its_own_report_a_table_change_withdrew(
        tmp_path: Path) -> None:
    """``withdrawn_report``, what a player's phone says: nothing while their report waits or
    once it is confirmed; their report once a swap withdrew it; nothing again after they
    report at their new table; never the opponent's report."""
    from tests.event_helpers import Tt

    path = new_event(tmp_path / "ev.sqlite", ("Alice", "Bob", "Carol", "Dan"))
    names = {}
    with store.connect(path) as conn:
        names = {p.id: p.name for p in store.read_players(conn)}
        one, two = sorted((m for m in store.read_matches(conn) if m.table > 0),
                          key=lambda m: m.table)
        assert one.player2 is not None and two.player2 is not None
        phone_reports.submit_report(conn, two.player1, "2-0")
        phone_reports.answer_report(conn, two.player2, agree=True)
        assert phone_reports.withdrawn_report(conn, two.player1) is None  # confirmed
        mine = phone_reports.submit_report(conn, one.player1, "0-2")
        assert phone_reports.withdrawn_report(conn, one.player1) is None  # still waiting
    Tt(path)("unreport", "1", str(two.table))
    Tt(path)("pairings", "--swap", names[one.player2], names[two.player2])
    with store.connect(path) as conn:
        told = phone_reports.withdrawn_report(conn, one.player1)
        assert told is not None and told.id == mine.id and told.status == "withdrawn"
        assert phone_reports.withdrawn_report(conn, one.player2) is None  # not theirs
        phone_reports.submit_report(conn, one.player1, "2-0")
        assert phone_reports.withdrawn_report(conn, one.player1) is None  # reported since


def test_the_player_with_the_bye_has_no_table_to_report(tmp_path: Path) -> None:
    path = new_event(tmp_path / "ev.sqlite", ("Alice", "Bob", "Carol", "Dan", "Eve"))
    with store.connect(path) as conn:
        bye = next(m for m in store.read_matches(conn) if m.player2 is None)
        with pytest.raises(EventError, match="you have no table to report in the current round"):
            phone_reports.submit_report(conn, bye.player1, "2-0")
        assert phone_reports.reports(conn) == []


def test_either_player_may_report_first_and_the_other_confirms(tmp_path: Path) -> None:
    """Whichever seat reports first -- the player with the higher id or the lower -- the
    same result from the opponent confirms that report and records it (no second report)."""
    path = new_event(tmp_path / "ev.sqlite", ("Alice", "Bob", "Carol", "Dan"))
    with store.connect(path) as conn:
        tables = sorted((m for m in store.read_matches(conn) if m.player2 is not None),
                        key=lambda m: m.table)
        assert len(tables) == 2
        for m, first_reporter in zip(tables, (max, min), strict=True):
            assert m.player2 is not None
            reporter = first_reporter(m.player1, m.player2)
            other = m.player2 if reporter == m.player1 else m.player1
            made = phone_reports.submit_report(conn, reporter, "2-1")
            answer = phone_reports.submit_report(conn, other, "2-1")
            assert (answer.id, answer.status, answer.reporter, answer.answered_by) == (
                made.id, "confirmed", reporter, other)
        assert [(t["table"], t["state"], t["result"]) for t in
                phone_reports.table_states(conn)] == [(1, "confirmed", "2-1"),
                                                      (2, "confirmed", "2-1")]
        assert [r.status for r in phone_reports.reports(conn)] == ["confirmed", "confirmed"]


@pytest.mark.parametrize(("reported", "answered"), [
    (("1-2", {}), ("2-1", {})),
    (("0-2", {}), ("2-0", {})),
    (("2-0", {"turns": "5,6"}), ("2-0", {"turns": "5,7"})),
    (("2-1", {"first": "P1,P2,P1"}), ("2-1", {"first": "P2,P1,P2"})),
    (("2-1", {"winners": "P1,P2,P1"}), ("2-1", {"winners": "P2,P1,P1"})),
])
def test_an_answer_that_differs_in_anything_disputes(
        tmp_path: Path, reported: tuple[str, dict[str, str]],
        answered: tuple[str, dict[str, str]]) -> None:
    """The opponent's own report confirms only when it is the same in every field (result,
    who went first, game winners, turns); any difference -- either way round -- disputes,
    and nothing is recorded."""
    path = new_event(tmp_path / "ev.sqlite")
    with store.connect(path) as conn:
        table, p1, p2 = _pair(conn)
        phone_reports.submit_report(conn, p1, reported[0], **reported[1])
        rep = phone_reports.submit_report(conn, p2, answered[0], **answered[1])
        assert (rep.status, rep.result, rep.counter) == ("disputed", reported[0], answered[0])
        assert phone_reports.table_states(conn)[table - 1]["state"] == "disputed"
        assert phone_reports.current_match(conn, p1).result is None  # type: ignore[union-attr]


def test_the_desk_follows_each_table_from_missing_to_reported_disputed_and_confirmed(
        tmp_path: Path) -> None:
    """What the organizer's table list says of each table as its report moves on:
    ``missing``, ``reported`` (waiting for the opponent), ``disputed``, ``confirmed``."""
    path = new_event(tmp_path / "ev.sqlite", ("Alice", "Bob", "Carol", "Dan"))
    with store.connect(path) as conn:
        one, two = sorted((m for m in store.read_matches(conn) if m.table > 0),
                          key=lambda m: m.table)
        assert one.player2 is not None and two.player2 is not None

        def states() -> list[tuple[int, str, str | None]]:
            return [(t["table"], t["state"], t["report"] and t["report"]["status"])
                    for t in phone_reports.table_states(conn)]

        assert states() == [(1, "missing", None), (2, "missing", None)]
        phone_reports.submit_report(conn, one.player1, "2-0")
        phone_reports.submit_report(conn, two.player2, "0-2")
        assert states() == [(1, "reported", "pending"), (2, "reported", "pending")]
        phone_reports.answer_report(conn, one.player2, agree=False, counter="0-2")
        assert states() == [(1, "disputed", "disputed"), (2, "reported", "pending")]
        phone_reports.answer_report(conn, two.player1, agree=True)
        assert states() == [(1, "disputed", "disputed"), (2, "confirmed", None)]
        phone_reports.organizer_result(conn, 1, "1-1")
        assert states() == [(1, "confirmed", None), (2, "confirmed", None)]


def test_only_the_opponent_confirms_whichever_seat_reported(tmp_path: Path) -> None:
    """The reporter cannot confirm their own report; the opponent can, whether their player
    id is above or below the reporter's."""
    path = new_event(tmp_path / "ev.sqlite", ("Alice", "Bob", "Carol", "Dan"))
    with store.connect(path) as conn:
        tables = sorted((m for m in store.read_matches(conn) if m.player2 is not None),
                        key=lambda m: m.table)
        for m, pick in zip(tables, (max, min), strict=True):
            assert m.player2 is not None
            reporter = pick(m.player1, m.player2)
            other = m.player2 if reporter == m.player1 else m.player1
            phone_reports.submit_report(conn, reporter, "0-2")
            with pytest.raises(EventError, match="your opponent has to confirm your report"):
                phone_reports.answer_report(conn, reporter, agree=True)
            done = phone_reports.answer_report(conn, other, agree=True)
            assert (done.status, done.answered_by) == ("confirmed", other)
        assert [m.result for m in store.read_matches(conn) if m.player2 is not None] == [
            "0-2", "0-2"]


def test_a_late_entry_has_no_table_in_the_round_they_missed(tmp_path: Path) -> None:
    """A player entering after round 1 was paired holds a missed-round loss of round 1 (no
    table): their phone page shows no table of the round and offers no report."""
    from tt_organizer.events import players
    from tt_organizer.events.player_page import read_player_page

    path = new_event(tmp_path / "ev.sqlite")
    with store.connect(path) as conn:
        late = players.late_entry(conn, "Zed Late").player.id
        assert [(m.round, m.table, m.player2) for m in store.read_matches(conn)
                if m.player1 == late] == [(1, 0, None)]
        assert phone_reports.current_match(conn, late) is None
        page = read_player_page(conn, str(path), late)
        assert page is not None and page.match is None and page.seat is None
        with pytest.raises(EventError, match="you have no table to report in the current round"):
            phone_reports.submit_report(conn, late, "2-0")


def test_an_intentional_draw_from_a_phone_only_where_the_event_takes_one(
        tmp_path: Path) -> None:
    """``0-0-0`` (an intentional draw) from a phone is refused while the event takes none,
    and nothing is stored; once allowed, it waits for the opponent like any result. A drawn
    match with games played is a result, never refused."""
    from tt_organizer.events import setup

    path = new_event(tmp_path / "ev.sqlite")
    with store.connect(path) as conn:
        table, p1, p2 = _pair(conn)
        with pytest.raises(EventError, match="takes no intentional draw from a phone") as no:
            phone_reports.submit_report(conn, p1, "0-0-0")
        assert no.value.code == "no-intentional-draws" and phone_reports.reports(conn) == []
        drawn = phone_reports.submit_report(conn, p1, "1-1-1")
        assert drawn.status == "pending" and drawn.result == "1-1-1"
        setup.change_intentional_draws(conn, True)
        made = phone_reports.submit_report(conn, p1, "0-0-0")  # the reporter changes it
        assert (made.status, made.result) == ("pending", "0-0-0")
        done = phone_reports.submit_report(conn, p2, "0-0-0")
        assert done.status == "confirmed"
        assert phone_reports.table_states(conn)[table - 1]["result"] == "0-0-0"


def test_a_report_left_open_by_a_player_no_longer_at_the_table_is_never_used(
        tmp_path: Path) -> None:
    """Every change of a table's players withdraws its reports; a file changed by other
    means (another program, an older tt) may still hold an open report whose reporter sits
    elsewhere now. The desk does not show it, the new opponent cannot confirm it, and a
    new report at that table replaces it."""
    path = new_event(tmp_path / "ev.sqlite", ("Alice", "Bob", "Carol", "Dan"))
    with store.connect(path) as conn:
        one, two = sorted((m for m in store.read_matches(conn) if m.table > 0),
                          key=lambda m: m.table)
        assert one.player2 is not None and two.player2 is not None
        gone = phone_reports.submit_report(conn, one.player1, "2-0")
        # the reporter and table 2's first player change places, no tt write involved
        conn.execute("UPDATE matches SET player1 = CASE table_no WHEN 1 THEN ? ELSE ? END "
                     "WHERE round = 1 AND table_no IN (1, 2)", (two.player1, one.player1))
        states = phone_reports.table_states(conn)
        assert [(t["table"], t["state"], t["report"]) for t in states] == [
            (1, "missing", None), (2, "missing", None)]
        with pytest.raises(EventError, match="no report of your table waiting"):
            phone_reports.answer_report(conn, one.player2, agree=True)
        fresh = phone_reports.submit_report(conn, two.player1, "0-2")
        assert fresh.id != gone.id and fresh.status == "pending"
        by_id = {r.id: r.status for r in phone_reports.reports(conn)}
        assert by_id == {gone.id: "withdrawn", fresh.id: "pending"}
        told = phone_reports.withdrawn_report(conn, one.player1)  # the old reporter's phone
        assert told is not None and told.id == gone.id
        done = phone_reports.answer_report(conn, one.player2, agree=True)
        assert (done.id, done.status) == (fresh.id, "confirmed")


def test_the_desk_neither_reports_nor_corrects_a_bye(tmp_path: Path) -> None:
    """The organizer's entry at the bye's table is refused as ``tt event report`` refuses
    it (a bye has nothing to report), never taken as a correction of the bye."""
    path = new_event(tmp_path / "ev.sqlite", ("Alice", "Bob", "Carol", "Dan", "Eve"))
    with store.connect(path) as conn:
        bye = next(m for m in store.read_matches(conn) if m.player2 is None)
        with pytest.raises(EventError, match="is a bye; nothing to report") as refused:
            phone_reports.organizer_result(conn, bye.table, "2-0")
        assert refused.value.code == "bye-nothing-to-report"
        again = next(m for m in store.read_matches(conn) if m.player2 is None)
    assert again.result == bye.result == "bye"


def test_players_with_ids_past_256_report_and_confirm_like_any(tmp_path: Path) -> None:
    """Player ids are compared as numbers, not as objects: in a big event (ids past 256,
    where Python no longer shares one object per number) the reporter changing their own
    report still changes it, and the opponent's same result confirms it."""
    from tt_organizer.events import rounds

    path = new_event(tmp_path / "ev.sqlite", ("Alice", "Bob", "Carol", "Dan"), pair=False)
    with store.connect(path) as conn:
        conn.execute("UPDATE players SET id = id + 1000")
        rounds.pair_next_round(conn)
        table, p1, p2 = _pair(conn)
        assert min(p1, p2) > 1000
        phone_reports.submit_report(conn, p1, "2-0")
        changed = phone_reports.submit_report(conn, int(str(p1)), "2-1")  # the reporter again
        assert (changed.status, changed.result, changed.reporter) == ("pending", "2-1", p1)
        with pytest.raises(EventError, match="your opponent has to confirm your report"):
            phone_reports.answer_report(conn, int(str(p1)), agree=True)
        done = phone_reports.submit_report(conn, int(str(p2)), "2-1")
        assert (done.id, done.status) == (changed.id, "confirmed")
        assert phone_reports.table_states(conn)[table - 1]["result"] == "2-1"


def test_the_desk_lists_the_current_rounds_tables_only(tmp_path: Path) -> None:
    """Once round 2 is paired, the organizer's table list holds round 2's tables, not round
    1's recorded ones."""
    from tt_organizer.events import rounds

    path = new_event(tmp_path / "ev.sqlite", ("Alice", "Bob", "Carol", "Dan"))
    with store.connect(path) as conn:
        for m in store.read_matches(conn):
            phone_reports.organizer_result(conn, m.table, "2-0")
        rounds.pair_next_round(conn)
        states = phone_reports.table_states(conn)
    assert [(t["round"], t["table"], t["state"]) for t in states] == [
        (2, 1, "missing"), (2, 2, "missing")]


def test_the_desk_corrects_a_result_two_rounds_back_only_with_override(tmp_path: Path) -> None:
    """As ``tt event correct``: a round-1 result may be corrected while round 2 is played;
    once round 3 is paired the desk refuses it unless the organizer overrides."""
    from tt_organizer.events import rounds

    path = new_event(tmp_path / "ev.sqlite", ("Alice", "Bob", "Carol", "Dan"))
    with store.connect(path) as conn:
        for rnd in (1, 2):
            for m in store.read_matches(conn):
                if m.round == rnd:
                    phone_reports.organizer_result(conn, m.table, "2-0")
            rounds.pair_next_round(conn)
        with pytest.raises(EventError) as refused:
            phone_reports.organizer_result(conn, 1, "0-2", round_number=1)
        assert refused.value.code == "correction-closed"
        assert refused.value.hint.get("option") == "override"
        done = phone_reports.organizer_result(conn, 1, "0-2", round_number=1, override=True)
        assert done.before is not None and done.result == "0-2"
