"""The event library: store, registration, Swiss rounds, results, corrections, top cut."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from event_helpers import as_version_5, dump

from tt_organizer.errors import EventError
from tt_organizer.events import (
    entering,
    event_standings,
    players,
    queries,
    rounds,
    setup,
    status,
    store,
    topcut,
)
from tt_organizer.events.store.schema import SCHEMA_VERSION

FIXTURES = Path(__file__).parent / "fixtures" / "events"
LEGAL = FIXTURES / "legal_red.txt"
ILLEGAL = FIXTURES / "illegal_short.txt"
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def event_path(tmp_path: Path) -> Path:
    path = tmp_path / "event.sqlite"
    setup.create_event(path, "Test Cup", seed=42)
    return path


@pytest.fixture
def conn(event_path: Path) -> Iterator[sqlite3.Connection]:
    with store.connect(event_path) as c:
        yield c


def register_all(conn: sqlite3.Connection, names: list[str] = NAMES) -> None:
    for name in names:
        players.register_player(conn, name, deck_path=LEGAL)


def report_round(conn: sqlite3.Connection, results: tuple[str, ...] = ("2-0", "2-1", "0-2",
                                                                       "1-2")) -> None:
    stage, rnd = queries.current_stage(conn)
    for i, m in enumerate(queries.round_matches(conn, stage, rnd)):
        if m.result is None:
            entering.report_result(conn, m.table, results[i % len(results)])


# --- store -----------------------------------------------------------------------------------


def test_create_stores_settings_and_pragmas(event_path: Path) -> None:
    snap = store.load_snapshot(event_path)
    s = snap.settings
    assert (s.name, s.best_of, s.rounds, s.top_cut, s.seed) == ("Test Cup", 3, None, None, 42)
    from tt_organizer.banlist.cache import load_banlist

    assert s.format_id == "tamer-tactics-0.9.1"
    assert s.banlist_date == load_banlist().announced.isoformat()  # newest cached, pinned
    assert s.tiebreakers == ("omw", "oomw", "gw")
    assert [a.action for a in snap.audit] == ["create"]
    with store.connect(event_path) as c:
        assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert c.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert c.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_create_refuses_existing_file(event_path: Path) -> None:
    with pytest.raises(EventError, match="exists"):
        setup.create_event(event_path, "Again")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"best_of": 2}, "best of"), ({"top_cut": 6}, "top cut"), ({"rounds": 0}, "rounds"),
     ({"tiebreakers": ["omw", "xyz"]}, "tiebreakers"), ({"unfinished": "loss"}, "unfinished"),
     ({"banlist": "1999-01-01"}, "1999")],
)
def test_create_refuses_bad_settings(tmp_path: Path, kwargs: dict[str, object],
                                     message: str) -> None:
    path = tmp_path / "e.sqlite"
    with pytest.raises(Exception, match=message) as refused:
        setup.create_event(path, "X", **kwargs)  # type: ignore[arg-type]
    assert not path.exists()
    assert "--" not in str(refused.value)  # the library names no option (the CLI does)


def test_open_refuses_missing_corrupt_foreign_and_newer(tmp_path: Path, event_path: Path) -> None:
    with pytest.raises(EventError, match="no event database"):
        store.load_snapshot(tmp_path / "missing.sqlite")
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(EventError, match="not an event database"):
        store.load_snapshot(junk)
    foreign = tmp_path / "foreign.sqlite"
    c = sqlite3.connect(foreign)
    c.execute("CREATE TABLE t (x)")
    c.commit()
    c.close()
    before = foreign.read_bytes()
    with pytest.raises(EventError, match="not a tt-organizer event database"):
        store.load_snapshot(foreign)
    assert foreign.read_bytes() == before
    truncated = tmp_path / "truncated.sqlite"
    with store.connect(event_path) as c:
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = event_path.read_bytes()
    truncated.write_bytes(data[:100] + b"\xff" * (len(data) - 100))
    with pytest.raises(EventError, match=r"corrupt|not an event database"):
        store.load_snapshot(truncated)
    c = sqlite3.connect(event_path)
    c.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    c.close()
    before_dump = dump(event_path)
    with pytest.raises(EventError, match="newer"):
        store.load_snapshot(event_path)
    assert dump(event_path) == before_dump


def test_older_schema_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    c = sqlite3.connect(path)
    c.execute("PRAGMA application_id = 1414808918")  # schema 0: just the marker
    c.close()
    with pytest.raises(EventError, match="without settings"):
        store.open_event(path)  # migrated, but an event needs its settings row
    c = sqlite3.connect(path)
    assert c.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    c.close()


def test_audit_log_is_append_only(conn: sqlite3.Connection) -> None:
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("UPDATE audit SET actor = 'x'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("DELETE FROM audit")


def test_audit_actor(conn: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TT_ORGANIZER", "Head Judge")
    players.register_player(conn, "Ann")
    assert store.read_audit(conn)[-1].actor == "Head Judge"


def test_nested_transaction_rolls_back_to_savepoint(conn: sqlite3.Connection) -> None:
    with store.transaction(conn):
        players.register_player(conn, "Ann")
        with pytest.raises(EventError):
            players.register_player(conn, "ANN")
        players.register_player(conn, "Ben")
    assert [p.name for p in store.read_players(conn)] == ["Ann", "Ben"]


# --- registration ----------------------------------------------------------------------------


def test_register_stores_deck(conn: sqlite3.Connection) -> None:
    reg = players.register_player(conn, "  Ann  Lee ", deck_path=LEGAL, ext_id="BN-1")
    p = reg.player
    assert (p.name, p.ext_id, p.deck_legal, p.deck_source) == ("Ann Lee", "BN-1", True,
                                                              "legal_red.txt")
    assert p.deck_text == LEGAL.read_text(encoding="utf-8")
    assert sum(p.main.values()) == 50 and sum(p.pile.values()) == 6
    assert "Red" in p.deck_colors and p.deck_codes == ()


def test_register_refuses_duplicates_and_illegal(conn: sqlite3.Connection,
                                                 event_path: Path) -> None:
    players.register_player(conn, "Ann", ext_id="7")
    before = dump(event_path)
    for kwargs, message in [
        ({"name": "aNN"}, "already registered"),
        ({"name": "Bob", "ext_id": "7"}, "already registered"),
        ({"name": "Bob", "deck_path": ILLEGAL}, "not legal.*MAIN_SIZE"),
        ({"name": "BYE"}, "not a player name"),
    ]:
        with pytest.raises(EventError, match=message):
            players.register_player(conn, **kwargs)  # type: ignore[arg-type]
    assert dump(event_path) == before


def test_register_illegal_allowed_is_logged(conn: sqlite3.Connection) -> None:
    reg = players.register_player(conn, "Bob", deck_path=ILLEGAL, allow_illegal=True)
    assert reg.player.deck_legal is False and "MAIN_SIZE" in reg.player.deck_codes
    assert "allow-illegal" in [a.action for a in store.read_audit(conn)]


def test_register_deck_text(conn: sqlite3.Connection) -> None:
    reg = players.register_player(conn, "Cat", deck_text=LEGAL.read_text(), deck_source="form")
    assert reg.player.deck_legal is True and reg.player.deck_source == "form"


# --- a whole event ---------------------------------------------------------------------------


def test_eight_player_event_end_to_end(conn: sqlite3.Connection, event_path: Path) -> None:
    register_all(conn)
    for rnd in (1, 2, 3):
        matches = rounds.pair_next_round(conn)
        assert len(matches) == 4 and {m.round for m in matches} == {rnd}
        seated = [p for m in matches for p in (m.player1, m.player2)]
        assert sorted(seated) == list(range(1, 9))  # type: ignore[type-var]
        with pytest.raises(EventError, match="misses results"):
            rounds.pair_next_round(conn)
        report_round(conn)
    assert store.read_settings(conn).rounds == 3  # auto: 8 players → 3 rounds
    with pytest.raises(EventError, match="all 3 Swiss rounds"):
        rounds.pair_next_round(conn)
    table = event_standings.standings(conn)
    assert [s.rank for s in table] == list(range(1, 9))
    assert sum(s.wins for s in table) == 12 and sum(s.losses for s in table) == 12
    assert table[0].points == 9
    # no rematches
    pairs = [frozenset((m.player1, m.player2)) for m in store.read_matches(conn)]
    assert len(pairs) == len(set(pairs)) == 12
    with pytest.raises(EventError, match="no top cut"):
        topcut.advance_top_cut(conn)
    snap = store.load_snapshot(event_path)
    assert snap.current_round == 3 and len(snap.matches) == 12
    assert all(m.result and m.reported_at for m in snap.matches)
    actions = [a.action for a in snap.audit]
    assert actions.count("report") == 12 and actions.count("pair") == 3
    assert actions.count("register") == 8 and actions.count("deck") == 8


def test_standings_reproducible_from_results(conn: sqlite3.Connection, event_path: Path) -> None:
    from tt_organizer.standings.match_record import MatchRecord
    from tt_organizer.standings.tiebreakers import compute_standings

    register_all(conn)
    for _ in range(2):
        rounds.pair_next_round(conn)
        report_round(conn, ("2-1", "1-1-1", "0-2", "2-0"))
    snap = store.load_snapshot(event_path)
    records = [MatchRecord(m.round, m.player1, m.player2, m.p1_games, m.p2_games, m.draws,
                           m.outcome or "") for m in snap.matches]
    again = compute_standings([p.id for p in snap.players], records,
                              settings=snap.settings.scoring())
    assert again == event_standings.standings(conn)
    after_one = event_standings.standings(conn, 1)
    assert sum(s.wins + s.losses + s.draws for s in after_one) == 8


def test_read_results_are_the_reported_matches(conn: sqlite3.Connection) -> None:
    """The standings' narrow read gives exactly the reported matches of the full read, as
    records: a bye (7 players), a late entry's missed round, a draw, a double loss, and an
    unreported table left out; the other stage's matches are not read."""
    from tt_organizer.standings.match_record import MatchRecord

    register_all(conn, NAMES[:7])
    rounds.pair_next_round(conn)
    report_round(conn, ("2-1", "1-1-1", "double-loss"))
    players.register_player(conn, "Ivy", deck_path=LEGAL, late=True)
    rounds.pair_next_round(conn)
    first = queries.round_matches(conn, "swiss", 2)[0]
    entering.report_result(conn, first.table, "0-2")
    matches = store.read_matches(conn, "swiss")
    expected = [MatchRecord(m.round, m.player1, m.player2, m.p1_games, m.p2_games, m.draws,
                            m.outcome) for m in matches if m.outcome is not None]
    got = store.read_results(conn, "swiss")
    key = lambda r: (r.round, r.player1)  # noqa: E731
    assert sorted(got, key=key) == sorted(expected, key=key)
    outcomes = {r.outcome for r in got}
    assert {"bye", "draw", "double-loss", "loss-missed", "p2"} <= outcomes
    assert len(got) < len(matches)  # round 2's other tables are not reported
    assert store.read_results(conn, "top-cut") == []


def test_same_seed_same_pairings(tmp_path: Path) -> None:
    out = []
    for n in (1, 2):
        path = tmp_path / f"e{n}.sqlite"
        setup.create_event(path, "X", seed=99)
        with store.connect(path) as c:
            register_all(c)
            out.append([(m.table, m.player1, m.player2) for m in rounds.pair_next_round(c)])
    assert out[0] == out[1]


def test_seeded_first_round(conn: sqlite3.Connection) -> None:
    register_all(conn)
    matches = rounds.pair_next_round(conn, seeded=True)
    assert len(matches) == 4
    assert "seeded" in (store.read_audit(conn)[-1].new or "")


def test_bye_is_auto_reported(conn: sqlite3.Connection) -> None:
    register_all(conn, NAMES[:7])
    matches = rounds.pair_next_round(conn)
    byes = [m for m in matches if m.player2 is None]
    assert len(byes) == 1 and byes[0].result == "bye" and byes[0].outcome == "bye"
    with pytest.raises(EventError, match="bye"):
        entering.report_result(conn, byes[0].table, "2-0")


def test_report_refusals_leave_database_unchanged(conn: sqlite3.Connection,
                                                  event_path: Path) -> None:
    register_all(conn)
    rounds.pair_next_round(conn)
    entering.report_result(conn, 1, "2-0")
    report_round(conn)
    rounds.pair_next_round(conn)
    entering.report_result(conn, 1, "2-1")
    before = dump(event_path)
    for args, kwargs, message in [
        ((9, "2-0"), {}, "no table 9 in round 2"),
        ((2, "2-0"), {"round_number": 1}, "round 1 is finished"),
        ((2, "3-0"), {}, "does not fit best-of-3"),
        ((1, "2-0"), {}, "already reported as 2-1"),
        ((2, "2-1"), {"winners": "P1,P1"}, "2 game"),
    ]:
        with pytest.raises(EventError, match=message):
            entering.report_result(conn, *args, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(EventError, match="misses results"):
        rounds.pair_next_round(conn)
    with pytest.raises(EventError, match=r"round 2 is already paired$"):
        players.register_player(conn, "Zed")
    assert dump(event_path) == before


def test_report_table_of_an_earlier_round(conn: sqlite3.Connection) -> None:
    register_all(conn)
    rounds.pair_next_round(conn)
    report_round(conn)
    players.drop(conn, "Ann")
    players.drop(conn, "Ben")
    assert len(rounds.pair_next_round(conn)) == 3
    with pytest.raises(EventError, match="table 4 belongs to the finished round 1"):
        entering.report_result(conn, 4, "2-0")


def test_calibration_games_stored(conn: sqlite3.Connection, event_path: Path) -> None:
    register_all(conn)
    m = rounds.pair_next_round(conn)[0]
    entering.report_result(conn, m.table, "2-1", first="P1,P2,P1", winners="P1,P2,P1",
                          turns="7,9,6")
    got = store.load_snapshot(event_path).round_matches(1)[0]
    assert [(g.number, g.first, g.winner, g.turns) for g in got.games] == [
        (1, m.player1, m.player1, 7), (2, m.player2, m.player2, 9), (3, m.player1, m.player1, 6)]
    entering.correct_result(conn, 1, m.table, "1-2", winners="P2,P1,P2", turns="5,6,7")
    got = store.load_snapshot(event_path).round_matches(1)[0]
    assert got.result == "1-2" and got.outcome == "p2"
    assert [(g.first, g.winner, g.turns) for g in got.games] == [
        (None, m.player2, 5), (None, m.player1, 6), (None, m.player2, 7)]


def test_best_of_one(tmp_path: Path) -> None:
    path = tmp_path / "bo1.sqlite"
    setup.create_event(path, "Bo1", best_of=1, seed=1)
    with store.connect(path) as c:
        register_all(c, NAMES[:4])
        rounds.pair_next_round(c)
        with pytest.raises(EventError, match="best-of-1"):
            entering.report_result(c, 1, "2-0")
        entering.report_result(c, 1, "1-0", first="P2", winners="P1", turns="8")
        entering.report_result(c, 2, "draw")
        ms = queries.round_matches(c, "swiss", 1)
        assert (ms[0].p1_games, ms[0].outcome, ms[1].outcome) == (1, "p1", "draw")


def test_unfinished_double_loss(tmp_path: Path) -> None:
    path = tmp_path / "dl.sqlite"
    setup.create_event(path, "DL", unfinished="double-loss", seed=1)
    with store.connect(path) as c:
        register_all(c, NAMES[:4])
        rounds.pair_next_round(c)
        m = entering.report_result(c, 1, "1-1-1")
        assert (m.result, m.outcome) == ("1-1-1", "double-loss")


# --- corrections, drops, repair, late entries ------------------------------------------------


def test_correct_window_and_override(conn: sqlite3.Connection, event_path: Path) -> None:
    register_all(conn)
    rounds.pair_next_round(conn)
    with pytest.raises(EventError, match="not reported yet"):
        entering.correct_result(conn, 1, 1, "2-0")
    report_round(conn)
    rounds.pair_next_round(conn)
    m = entering.correct_result(conn, 1, 1, "0-2")  # round 2 paired: still open
    assert m.outcome == "p2"
    report_round(conn)
    rounds.pair_next_round(conn)  # round 3 = second round after round 1
    before = dump(event_path)
    with pytest.raises(EventError, match=r"closed for corrections \(round \d+ is paired\)$"):
        entering.correct_result(conn, 1, 1, "2-0")
    with pytest.raises(EventError, match="no table 7"):
        entering.correct_result(conn, 1, 7, "2-0")
    assert dump(event_path) == before
    entering.correct_result(conn, 1, 1, "2-0", override=True)
    entering.correct_result(conn, 2, 1, "1-1-1")  # round 2: still in its window
    log = [a for a in store.read_audit(conn) if a.action == "correct"]
    assert [a.subject for a in log] == ["round 1 table 1", "round 1 table 1", "round 2 table 1"]
    assert '"result": "2-0"' in (log[0].old or "") and '"result": "0-2"' in (log[0].new or "")
    assert '"override": true' in (log[1].new or "")
    # standings follow the corrected results
    snap = store.load_snapshot(event_path)
    assert snap.round_matches(1)[0].result == "2-0"


def test_drop_repair_and_undrop(conn: sqlite3.Connection, event_path: Path) -> None:
    register_all(conn)
    rounds.pair_next_round(conn)
    report_round(conn)
    r2 = rounds.pair_next_round(conn)
    entering.report_result(conn, r2[0].table, "2-0")
    kept = queries.round_matches(conn, "swiss", 2)[0]
    victim = r2[1].player2
    assert victim is not None
    name = store.read_players(conn)[victim - 1].name
    p = players.drop(conn, name.upper())
    assert p.dropped and p.dropped_round == 2
    assert players.pending_in_current_round(conn, victim) is not None
    with pytest.raises(EventError, match="already dropped"):
        players.drop(conn, name)
    new = rounds.repair_round(conn).whole  # every table of the round
    assert (new[0].table, new[0].player1, new[0].player2, new[0].result) == (
        kept.table, kept.player1, kept.player2, kept.result)  # the reported table stays
    seated = [x for m in new for x in (m.player1, m.player2) if x is not None]
    assert victim not in seated and len(seated) == 7 and len(set(seated)) == 7
    assert sum(1 for m in new if m.player2 is None) == 1  # 7 players: a bye
    assert [m.table for m in new] == [1, 3, 4, 5]  # tables keep their numbers; bye last
    assert players.find_player(conn, name).dropped_round == 1  # did not play round 2
    repair = [a for a in store.read_audit(conn) if a.action == "repair"]
    assert len(repair) == 1 and repair[0].old and repair[0].new
    report_round(conn)
    standing = {s.player: s for s in event_standings.standings(conn)}
    assert standing[victim].dropped and standing[victim].rounds_played == 1
    players.undrop(conn, name)
    r3 = rounds.pair_next_round(conn)
    assert victim in [x for m in r3 for x in (m.player1, m.player2)]
    actions = [a.action for a in store.read_audit(conn)]
    assert "drop" in actions and "undrop" in actions


def test_drop_by_id(conn: sqlite3.Connection) -> None:
    players.register_player(conn, "Ann", ext_id="A-1")
    players.register_player(conn, "Ben")
    assert players.drop(conn, "A-1", by_id=True).name == "Ann"
    assert players.drop(conn, "2", by_id=True).name == "Ben"
    with pytest.raises(EventError, match="no player"):
        players.drop(conn, "Nobody")


def test_late_entry(conn: sqlite3.Connection) -> None:
    register_all(conn, NAMES[:7])
    rounds.pair_next_round(conn)
    report_round(conn)
    rounds.pair_next_round(conn)
    bye = next(m for m in queries.round_matches(conn, "swiss", 2) if m.player2 is None)
    reg = players.late_entry(conn, "Ivy", deck_path=LEGAL)
    # round 2 is being played and has a bye: Ivy takes it, against the bye player
    assert reg.missed_rounds == [1] and reg.player.late_entry_round == 2
    assert reg.seated is not None and reg.seated.table == bye.table
    assert (reg.seated.player1, reg.seated.player2) == (bye.player1, reg.player.id)
    report_round(conn)
    ivy = next(s for s in event_standings.standings(conn) if s.player == reg.player.id)
    played = queries.find_match(conn, "swiss", 2, bye.table)
    won = played.result in ("0-2", "1-2")  # Ivy sits as player 2
    assert (ivy.points, ivy.losses) == ((3, 1) if won else (0, 2))  # round 1: a loss
    r3 = rounds.pair_next_round(conn)
    assert reg.player.id in [x for m in r3 for x in (m.player1, m.player2)]
    assert all(m.table > 0 for m in r3)


def test_top_cut(tmp_path: Path) -> None:
    path = tmp_path / "tc.sqlite"
    setup.create_event(path, "Top", rounds=3, top_cut=4, seed=5)
    with store.connect(path) as c:
        register_all(c)
        with pytest.raises(EventError, match="not over"):
            topcut.advance_top_cut(c)
        for _ in range(3):
            rounds.pair_next_round(c)
            report_round(c)
        seeds = [s.player for s in event_standings.standings(c)][:4]
        semis = topcut.start_top_cut(c)
        assert len(semis) == 2 and {x for m in semis for x in (m.player1, m.player2)} == set(seeds)
        with pytest.raises(EventError, match="already started"):
            topcut.start_top_cut(c)
        with pytest.raises(EventError, match="needs a winner"):
            entering.report_result(c, 1, "1-1-1")
        with pytest.raises(EventError, match="top cut has started"):
            rounds.pair_next_round(c)
        entering.report_result(c, 1, "2-0")
        with pytest.raises(EventError, match="misses results"):
            topcut.advance_top_cut(c)
        entering.report_result(c, 2, "0-2")
        final = topcut.advance_top_cut(c)
        assert len(final) == 1
        assert (final[0].player1, final[0].player2) == (semis[0].player1, semis[1].player2)
        with pytest.raises(EventError, match="can no longer change"):
            entering.correct_result(c, 1, 1, "0-2", top_cut=True)
        entering.correct_result(c, 1, 1, "2-1", top_cut=True)  # same winner: fine
        assert topcut.champion(c) is None
        entering.report_result(c, 1, "2-1")
        champ = topcut.champion(c)
        assert champ is not None and champ.id == semis[0].player1
        with pytest.raises(EventError, match="top cut is over"):
            topcut.advance_top_cut(c)
        assert status.status(c)["champion"] == champ.name


def test_a_seeded_round_is_stored_with_the_round(conn: sqlite3.Connection) -> None:
    """``--seeded`` is a fact of round 1 in the rounds table, not read back from the log."""
    register_all(conn)
    rounds.pair_next_round(conn, seeded=True)
    assert store.round_seeded(conn, setup.SWISS, 1)
    entering.report_result(conn, 1, "2-0")
    for table in (2, 3, 4):
        entering.report_result(conn, table, "2-0")
    rounds.pair_next_round(conn)
    assert not store.round_seeded(conn, setup.SWISS, 2)


@pytest.mark.parametrize("seeded", [True, False])
def test_migration_takes_seeded_from_the_log_of_an_older_file(
    event_path: Path, seeded: bool
) -> None:
    """A file written before the rounds table had ``seeded`` (version 5) gets it from its
    audit log's last pairing of each round when it is opened."""
    with store.connect(event_path) as c:
        register_all(c)
        rounds.pair_next_round(c, seeded=seeded)
    as_version_5(event_path)
    with store.connect(event_path) as c:
        assert store.round_seeded(c, setup.SWISS, 1) is seeded
    raw = sqlite3.connect(event_path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    raw.close()


def test_refusals_name_no_command_and_carry_a_hint(conn: sqlite3.Connection) -> None:
    """A library refusal says what is wrong in no front-end's syntax and carries a code and a
    structured hint; the command line alone turns the hint into ``tt event`` advice."""
    from tt_organizer.cli.advice import describe

    register_all(conn)
    rounds.pair_next_round(conn)
    report_round(conn)
    rounds.pair_next_round(conn)
    refusals = [
        (lambda: entering.report_result(conn, 2, "2-0", round_number=1), "round-finished",
         {"command": "correct", "round": 1, "table": 2},
         "round 1 is finished (the current round is 2); use `tt event correct 1 2 RESULT`"),
        (lambda: entering.correct_result(conn, 2, 1, "2-0"), "not-reported",
         {"command": "report", "table": 1},
         "table 1 of round 2 is not reported yet; use `tt event report 1 RESULT`"),
        (lambda: players.register_player(conn, "Zed"), "round-paired",
         {"command": "late-entry", "name": "Zed"},
         "round 2 is already paired; add Zed with `tt event late-entry`"),
        (lambda: players.find_player(conn, "Nobody"), "no-player", {"command": "players"},
         "no player named 'Nobody' (see `tt event players`)"),
    ]
    for call, code, hint, shown in refusals:
        with pytest.raises(EventError) as refused:
            call()
        # the hint holds the message's parameters too (TTError merges them in)
        assert refused.value.code == code and refused.value.hint.items() >= hint.items()
        assert "`tt " not in str(refused.value)
        assert describe(refused.value) == shown


def test_a_refused_operation_leaves_the_stored_event_unchanged(conn: sqlite3.Connection) -> None:
    """Each refusal (kept from the old store-parity scenario, on the real SQLite file): the
    snapshot read after it equals the one before."""
    register_all(conn)
    rounds.pair_next_round(conn)
    table = queries.round_matches(conn, setup.SWISS, 1)[0]
    refusals = [
        lambda: players.register_player(conn, NAMES[0].lower()),  # the same name
        lambda: entering.correct_result(conn, 1, table.table, "2-0"),  # not reported yet
        lambda: rounds.pair_next_round(conn),  # round 1 is not finished
    ]
    for refuse in refusals:
        before = store.read_snapshot(conn)
        with pytest.raises(EventError):
            refuse()
        assert store.read_snapshot(conn) == before
    entering.report_result(conn, table.table, "2-0")
    before = store.read_snapshot(conn)
    with pytest.raises(EventError, match="already reported"):
        entering.report_result(conn, table.table, "0-2")
    assert store.read_snapshot(conn) == before


def test_an_exception_inside_a_transaction_rolls_everything_back(conn: sqlite3.Connection
                                                                 ) -> None:
    players.register_player(conn, "Ann")
    before = store.read_snapshot(conn)
    with pytest.raises(RuntimeError), store.transaction(conn):
        players.register_player(conn, "Ben")
        assert store.count_players(conn) == 2
        raise RuntimeError("boom")
    assert store.count_players(conn) == 1 and store.read_snapshot(conn) == before
