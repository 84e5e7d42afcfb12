"""Format-calibration statistics over snapshots built by hand, the workbook and ``tt stats``."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner
from sheet_layout import fits_wide

from tt_organizer.cli.main import cli
from tt_organizer.events.models import (
    EventSettings,
    EventSnapshot,
    GameInfo,
    MatchInfo,
    PlayerInfo,
)
from tt_organizer.stats import compute_stats, wilson_interval
from tt_organizer.stats.stats_workbook import write_workbook

# number -> (name, type) for pile splits and the most-registered lists
CARDS = {
    **{f"T{i}": (f"Tamer {i}", "Tamer") for i in range(1, 9)},
    **{f"E{i}": (f"Egg {i}", "Digi-Egg") for i in range(1, 4)},
    **{f"D{i}": (f"Digimon {i}", "Digimon") for i in range(1, 4)},
}

Game = tuple[int | None, int | None, int | None]  # (first, winner, turns) as player ids


def player(pid: int, colors: Sequence[str] = ("Red",), tamers: int = 5, eggs: int = 4,
           deck: bool = True) -> PlayerInfo:
    pile = {f"T{i}": 1 for i in range(1, tamers + 1)}
    if eggs:
        pile["E1"] = eggs
    return PlayerInfo(
        id=pid, name=f"P{pid}", deck_legal=True if deck else None,
        deck_colors=tuple(colors) if deck else (),
        main={"D1": 4, "D2": 2} if deck else {}, pile=pile if deck else {},
    )


def match(p1: int, p2: int | None, games: Sequence[Game], rnd: int = 1, table: int = 1,
          draws: int | None = None) -> MatchInfo:
    infos = tuple(GameInfo(i, f, w, t) for i, (f, w, t) in enumerate(games, 1))
    p1_games = sum(1 for _, w, _ in games if w == p1)
    p2_games = sum(1 for _, w, _ in games if w == p2)
    if draws is None:
        draws = sum(1 for _, w, _ in games if w is None)
    return MatchInfo(round=rnd, table=table, player1=p1, player2=p2,
                     result=f"{p1_games}-{p2_games}" if p2 else "bye",
                     p1_games=p1_games, p2_games=p2_games, draws=draws, games=infos)


def snapshot(name: str, players: Sequence[PlayerInfo], matches: Sequence[MatchInfo]
             ) -> EventSnapshot:
    return EventSnapshot(path=f"{name}.sqlite", settings=EventSettings(name=name),
                         players=tuple(players), matches=tuple(matches))


def first_player_events(first_wins: int, games: int, events: int, seed: int = 3
                        ) -> list[EventSnapshot]:
    """``games`` decisive games with a known first player, ``first_wins`` of them won by the
    first player, spread over ``events`` events; plus a bye, draws and unrecorded games."""
    rng = random.Random(seed)
    outcomes = [True] * first_wins + [False] * (games - first_wins)
    rng.shuffle(outcomes)
    snaps = []
    per_event = math.ceil(games / events)
    for e in range(events):
        chunk = outcomes[e * per_event:(e + 1) * per_event]
        matches = []
        for i, first_won in enumerate(chunk):
            first = rng.choice((1, 2))
            other = 3 - first
            matches.append(match(1, 2, [(first, first if first_won else other, 6 + i % 4)],
                                 rnd=i + 1))
        # a drawn game with a first player, a decisive game without one, a bye
        matches.append(match(1, 2, [(1, None, 12)], rnd=90))
        matches.append(match(1, 2, [(None, 2, None)], rnd=91))
        matches.append(match(1, None, [], rnd=92))
        snaps.append(snapshot(f"event {e}", [player(1), player(2, ("Blue",))], matches))
    return snaps


def test_wilson_matches_hand_computation() -> None:
    # 33 of 60: p = .55, z = 1.96; centre = (p + z²/2n)/(1 + z²/n), half-width as in Wilson (1927)
    low, high = wilson_interval(33, 60) or (0, 0)
    assert low == pytest.approx(0.424919, abs=1e-6)
    assert high == pytest.approx(0.669063, abs=1e-6)
    assert wilson_interval(0, 0) is None
    assert wilson_interval(0, 10) == (0.0, pytest.approx(0.277533, abs=1e-6))
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def test_first_player_rate_over_generated_events() -> None:
    stats = compute_stats(first_player_events(33, 60, 3), cards=CARDS)
    fp = stats.first_player
    assert (fp.overall.wins, fp.overall.games) == (33, 60)
    assert fp.overall.rate == pytest.approx(0.55)
    low, high = fp.overall.interval or (0, 0)
    assert (low, high) == (pytest.approx(0.424919, abs=1e-6), pytest.approx(0.669063, abs=1e-6))
    assert fp.draws == 3 and fp.unknown_first == 3 and fp.unknown_winner == 0
    assert fp.verdict == "within the 50%–55% target"
    assert [r.games for _, r in fp.per_event] == [20, 20, 20]
    assert sum(r.wins for _, r in fp.per_event) == 33
    assert stats.games == 66 and stats.matches == 66  # byes are not matches played
    assert fp.overall.text() == "55.0% (42.5%–66.9%, n=60)"


def test_verdicts_and_thresholds() -> None:
    def verdict(wins: int, games: int) -> str:
        return compute_stats(first_player_events(wins, games, 1), cards=CARDS).first_player.verdict

    assert verdict(80, 100) == "above the 50%–55% target: the first player is favoured"
    assert verdict(20, 100) == "below the 50%–55% target: the second player is favoured"
    assert verdict(58, 100).startswith("outside the 50%–55% target, but")
    assert verdict(20, 29) == "not enough games (n=29, need 30)"
    assert compute_stats(first_player_events(20, 29, 1), cards=CARDS,
                         min_games=20).first_player.overall.status == "ok"


def test_no_first_player_data_is_no_data() -> None:
    snaps = [snapshot("no first", [player(1), player(2)],
                      [match(1, 2, [(None, 1, None), (None, 2, None), (None, 1, None)])]),
             snapshot("empty", [], [])]
    stats = compute_stats(snaps, cards=CARDS)
    fp = stats.first_player
    assert fp.overall.games == 0 and fp.overall.rate is None and fp.overall.interval is None
    assert fp.overall.status == "no data" and fp.verdict == "no data"
    assert fp.unknown_first == 3
    assert stats.length.status == "no data" and stats.length.mean is None
    assert "no game records who went first" in " ".join(stats.notes)
    doc = stats.to_dict()
    json.dumps(doc)
    assert doc["first_player"]["rate"] is None and doc["first_player"]["status"] == "no data"
    # nothing at all
    assert compute_stats([], cards=CARDS).first_player.verdict == "no data"


def test_unknown_winner_is_not_a_draw() -> None:
    # "2-1" reported with --first but without --winners: the games have no winner
    m = MatchInfo(round=1, table=1, player1=1, player2=2, result="2-1", p1_games=2,
                  p2_games=1, games=tuple(GameInfo(i, 1, None, None) for i in (1, 2, 3)))
    fp = compute_stats([snapshot("e", [player(1), player(2)], [m])], cards=CARDS).first_player
    assert fp.draws == 0 and fp.unknown_winner == 3 and fp.overall.games == 0


def test_game_length_distribution() -> None:
    turns = [5, 6, 6, 7, 7, 7, 8, 9, 9, 12]
    games = [(1, 1, t) for t in turns] + [(1, 2, None)]
    stats = compute_stats([snapshot("len", [player(1), player(2)], [match(1, 2, games)])],
                          cards=CARDS)
    length = stats.length
    assert length.histogram == {5: 1, 6: 2, 7: 3, 8: 1, 9: 2, 12: 1}
    assert length.games == 10 and length.status == "ok"
    assert length.mean == pytest.approx(7.6) and length.median == 7.0
    small = compute_stats([snapshot("s", [player(1), player(2)],
                                    [match(1, 2, [(1, 1, 7)])])], cards=CARDS).length
    assert small.status == "not enough games" and small.mean is None and small.games == 1


def test_colour_and_split_win_rates_leave_mirrors_out() -> None:
    players = [
        player(1, ("Red",), tamers=7, eggs=2),
        player(2, ("Blue",), tamers=4, eggs=5),
        player(3, ("Red", "Blue"), tamers=7, eggs=2),
        player(4, ("Red",), tamers=5, eggs=4),
        player(5, deck=False),
    ]
    matches = [
        match(1, 2, [(1, 1, 5)], table=1),  # Red beats Blue; 7/2 beats 4/5
        match(3, 1, [(3, 3, 5)], table=2),  # Red mirror; Blue (3) beats non-Blue; 7/2 mirror
        match(4, 1, [(4, 4, 5)], table=3),  # Red mirror; 5/4 beats 7/2
        match(2, 4, [(2, 2, 5)], table=4),  # Blue beats Red; 4/5 beats 5/4
        match(5, 1, [(5, 5, 5)], table=5),  # no deck: not in colour / split rates
        match(1, 2, [(1, None, 9)], table=6),  # a draw: in no win rate
    ]
    stats = compute_stats([snapshot("colours", players, matches)], cards=CARDS, min_bucket=2)
    colours = {b.label: b for b in stats.colours}
    assert list(colours) == ["Red", "Blue"]  # the card game's colour order
    red, blue = colours["Red"], colours["Blue"]
    assert (red.rate.wins, red.rate.games, red.mirrors, red.decks) == (1, 2, 2, 3)
    assert (blue.rate.wins, blue.rate.games, blue.mirrors, blue.decks) == (2, 3, 0, 2)
    assert blue.rate.rate == pytest.approx(2 / 3) and blue.rate.status == "ok"
    splits = {b.label: b for b in stats.splits}
    assert list(splits) == ["7/2", "5/4", "4/5"]
    assert (splits["7/2"].rate.wins, splits["7/2"].rate.games, splits["7/2"].mirrors) == (1, 2, 1)
    assert (splits["4/5"].rate.wins, splits["4/5"].rate.games) == (1, 2)
    assert (splits["5/4"].rate.wins, splits["5/4"].rate.games) == (1, 2)
    # with the default threshold (10 per bucket) the same figures say "not enough games"
    default = compute_stats([snapshot("colours", players, matches)], cards=CARDS)
    assert all(b.rate.status == "not enough games" for b in default.colours)
    assert "not enough games (n=2, need 10)" in default.colours[0].rate.text()


def test_most_registered() -> None:
    players = [player(1, tamers=7), player(2, tamers=4), player(3, tamers=5), player(4, deck=False)]
    stats = compute_stats([snapshot("top", players, [])], cards=CARDS, top=3)
    assert stats.decks == 3 and stats.players == 4
    assert [(t.number, t.decks) for t in stats.tamers] == [("T1", 3), ("T2", 3), ("T3", 3)]
    assert stats.tamers[0].name == "Tamer 1" and stats.tamers[0].share == 1.0
    assert [c.number for c in stats.cards] == ["D1", "E1", "D2"]  # 3 decks each, by copies
    assert stats.cards[0].copies == 12


def test_workbook_holds_charts(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    stats = compute_stats(first_player_events(33, 60, 3), cards=CARDS)
    out = write_workbook(stats, tmp_path / "stats.xlsx")
    wb = load_workbook(out)
    assert wb.sheetnames == ["Summary", "First player", "Game length", "Colours",
                             "Tamer win rates", "Pile split", "Tamers", "Cards"]
    assert len(wb["Tamer win rates"]._charts) == 1
    assert len(wb["First player"]._charts) == 1
    assert len(wb["Game length"]._charts) == 1
    assert len(wb["Colours"]._charts) == 1
    rows = list(wb["First player"].iter_rows(values_only=True))
    assert rows[1][:4] == ("All events", 60, 33, pytest.approx(0.55))
    assert rows[1][4] == pytest.approx(0.424919, abs=1e-6)
    assert len(rows) == 1 + 1 + 3  # all events + each event
    summary = {r[0]: r[1] for r in wb["Summary"].iter_rows(min_row=2, values_only=True)}
    assert summary["First player: verdict"] == "within the 50%–55% target"
    # no data at all still writes a workbook
    empty = write_workbook(compute_stats([], cards=CARDS), tmp_path / "empty.xlsx")
    assert load_workbook(empty)["First player"]._charts


def test_workbook_prints_each_sheet_on_the_page_width(tmp_path: Path) -> None:
    """A chart beside its table must not be cut in two by a page break when printed."""
    from openpyxl import load_workbook

    out = write_workbook(compute_stats(first_player_events(33, 60, 3), cards=CARDS),
                         tmp_path / "stats.xlsx")
    wb = load_workbook(out)
    for ws in wb.worksheets:
        assert ws.page_setup.orientation == "landscape"
        assert ws.sheet_properties.pageSetUpPr.fitToPage
        assert fits_wide(ws) and ws.page_setup.fitToHeight == 0
    formats = {r[0].value: r[1].number_format for r in wb["Summary"].iter_rows(max_col=2)}
    assert formats["First player: win rate"] == formats["First player: 95% Wilson interval, low"]
    assert "%" in formats["First player: win rate"]
    assert formats["Game length: mean turn"] == "0.0"


def test_workbook_escapes_player_text(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    snap = snapshot("=HYPERLINK(\"http://x\")", [player(1), player(2)],
                    [match(1, 2, [(1, 1, 6)])])
    out = write_workbook(compute_stats([snap], cards=CARDS), tmp_path / "s.xlsx")
    cell = load_workbook(out)["Summary"]["B2"]
    assert cell.value == "=HYPERLINK(\"http://x\")" and cell.data_type == "s"


# --- end to end: real event files written by the event service --------------------------------

COLOURS = ("Red", "Blue", "Yellow", "Green")


def _deck_text(colour: str, tamers: int, eggs: int) -> str:
    from tt_organizer.banlist.cache import load_banlist
    from tt_organizer.cards.database import load_cards

    listed = set(load_banlist(pick="2026-03-16").restricted) | {"BT5-109", "BT2-090", "EX5-065"}

    def pool(kind: str) -> list[str]:
        return [c.number for c in load_cards() if c.card_type == kind and c.colors == (colour,)
                and c.number not in listed and c.copy_limit is None]

    digimon, options, tamer_pool, egg_pool = (pool(k) for k in
                                              ("Digimon", "Option", "Tamer", "Digi-Egg"))
    main = [(4, n) for n in digimon[:10]] + [(2, digimon[10]), (4, options[0]), (4, options[1])]
    pile = [(1, n) for n in tamer_pool[:tamers]] + [(min(eggs, 4), egg_pool[0])]
    if eggs > 4:
        pile.append((eggs - 4, egg_pool[1]))
    return ("Main deck\n" + "".join(f"{c} {n}\n" for c, n in main) + "Tamers & Eggs\n"
            + "".join(f"{c} {n}\n" for c, n in pile))


def _event(path: Path, name: str, players: int, rounds: int, with_first: bool) -> None:
    from tt_organizer.events import entering, setup, store
    from tt_organizer.events.players import register_player
    from tt_organizer.events.rounds import pair_next_round

    setup.create_event(path, name, banlist="2026-03-16", seed=5, rounds=rounds, top_cut=0)
    with store.connect(path) as conn:
        for i in range(players):
            tamers = 7 - i % 4
            register_player(conn, f"{name} player {i}",
                                    deck_text=_deck_text(COLOURS[i % 4], tamers, 9 - tamers))
        for _ in range(rounds):
            for m in pair_next_round(conn):
                if m.player2 is None:
                    continue
                if not with_first:
                    entering.report_result(conn, m.table, "2-0", turns="6,7")
                elif m.table % 2:  # the first player wins game 1 of 3
                    entering.report_result(conn, m.table, "2-1", first="P1,P1,P2",
                                          winners="P1,P2,P1", turns="7,9,6")
                else:  # the first player wins game 2 of 2
                    entering.report_result(conn, m.table, "2-0", first="P2,P1",
                                          winners="P1,P1", turns="8,5")


@pytest.fixture(scope="module")
def event_files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("events")
    a, b = folder / "a.sqlite", folder / "b.sqlite"
    _event(a, "Spring cup", 8, 3, with_first=True)
    _event(b, "Club night", 4, 2, with_first=False)
    return a, b


def test_cli_stats_over_event_files(event_files: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = event_files
    out = tmp_path / "stats.xlsx"
    result = CliRunner().invoke(cli, ["stats", str(a), str(b), "--json", "--out", str(out)])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["events"] == ["Spring cup", "Club night"]
    assert (doc["players"], doc["decks"], doc["matches"], doc["games"]) == (12, 12, 16, 38)
    fp = doc["first_player"]
    assert (fp["wins"], fp["games"], fp["unknown_first"], fp["draws"]) == (12, 30, 8, 0)
    assert fp["rate"] == pytest.approx(0.4)
    assert fp["low"] == pytest.approx(0.245906, abs=1e-6)
    assert fp["high"] == pytest.approx(0.576796, abs=1e-6)
    assert fp["status"] == "ok"
    assert [e["games"] for e in fp["per_event"]] == [30, 0]
    assert doc["game_length"]["histogram"] == {"5": 6, "6": 10, "7": 10, "8": 6, "9": 6}
    assert {s["label"] for s in doc["pile_splits"]} == {"7/2", "6/3", "5/4", "4/5"}
    assert {c["label"] for c in doc["colours"]} == set(COLOURS)
    # three decks per colour, each with the colour's first Tamer
    assert (doc["top_tamers"][0]["decks"], doc["top_tamers"][0]["share"]) == (3, 0.25)
    from openpyxl import load_workbook

    wb = load_workbook(out)
    assert wb["First player"]._charts and wb["Game length"]._charts


def test_cli_stats_without_first_player_data(event_files: tuple[Path, Path]) -> None:
    _, b = event_files
    result = CliRunner().invoke(cli, ["stats", str(b), "--json"])
    assert result.exit_code == 0, result.output
    fp = json.loads(result.output)["first_player"]
    assert fp["status"] == "no data" and fp["rate"] is None and fp["low"] is None
    text = CliRunner().invoke(cli, ["stats", str(b)])
    assert text.exit_code == 0
    assert "First player wins: no data" in text.output


def test_cli_stats_rejects_a_non_event_file(tmp_path: Path) -> None:
    bad = tmp_path / "x.sqlite"
    bad.write_text("not a database", encoding="utf-8")
    result = CliRunner().invoke(cli, ["stats", str(bad)])
    assert result.exit_code == 2
    assert "error" in result.output

