"""Result strings and the per-game calibration flags of ``tt event report``."""

from __future__ import annotations

import pytest

from tt_organizer.errors import EventError
from tt_organizer.events.result_text import parse_game_flags, parse_result, valid_results


@pytest.mark.parametrize(
    ("text", "best_of", "expected"),
    [
        ("2-0", 3, (2, 0, 0, "p1")),
        ("2-1", 3, (2, 1, 0, "p1")),
        ("1-2", 3, (1, 2, 0, "p2")),
        ("0-2", 3, (0, 2, 0, "p2")),
        ("1-0", 3, (1, 0, 0, "p1")),
        ("0-1", 3, (0, 1, 0, "p2")),
        ("1-1-1", 3, (1, 1, 1, "draw")),
        ("Draw", 3, (0, 0, 1, "draw")),
        ("double-loss", 3, (0, 0, 0, "double-loss")),
        ("1-0", 1, (1, 0, 0, "p1")),
        ("0-1", 1, (0, 1, 0, "p2")),
        ("draw", 1, (0, 0, 1, "draw")),
        (" double-loss ", 1, (0, 0, 0, "double-loss")),
    ],
)
def test_parse_result(text: str, best_of: int, expected: tuple[int, int, int, str]) -> None:
    r = parse_result(text, best_of)
    assert (r.p1_games, r.p2_games, r.draws, r.outcome) == expected


@pytest.mark.parametrize(
    ("text", "best_of", "expected"),
    [
        # the real shapes of published results, game counts stored as played
        ("1-1", 3, ("1-1", 1, 1, 0, "draw")),  # time called at one game each
        ("0-0-3", 3, ("0-0-3", 0, 0, 3, "draw")),  # three drawn games
        ("2-1-0", 3, ("2-1", 2, 1, 0, "p1")),
        ("1-2-0", 3, ("1-2", 1, 2, 0, "p2")),
        ("1-0-1", 3, ("1-0-1", 1, 0, 1, "p1")),  # a win and a drawn game
        ("0-1-1", 3, ("0-1-1", 0, 1, 1, "p2")),
        ("2-0-1", 3, ("2-0-1", 2, 0, 1, "p1")),
        ("0-0-1", 1, ("0-0-1", 0, 0, 1, "draw")),
        ("1-0-1", 1, ("1-0-1", 1, 0, 1, "p1")),  # a drawn game, then the decider
        # a drawn match with no game (Melee's 0-0-0: an intentional draw, or both absent)
        ("0-0-0", 3, ("0-0-0", 0, 0, 0, "draw")),
        ("0-0-0", 1, ("0-0-0", 0, 0, 0, "draw")),
        ("ID", 3, ("0-0-0", 0, 0, 0, "draw")),
        (" Intentional  Draw ", 1, ("0-0-0", 0, 0, 0, "draw")),
        ("draw", 3, ("draw", 0, 0, 1, "draw")),  # still one drawn game
    ],
)
def test_real_result_shapes(text: str, best_of: int,
                            expected: tuple[str, int, int, int, str]) -> None:
    r = parse_result(text, best_of)
    assert (r.text, r.p1_games, r.p2_games, r.draws, r.outcome) == expected
    assert r.games_played == sum(expected[1:4])


def test_drawn_game_in_the_winners_list_of_a_new_shape() -> None:
    games = parse_game_flags(parse_result("1-0-1", 3), winners="D,P1")
    assert [g.winner for g in games] == [None, "P1"]
    with pytest.raises(EventError, match="does not agree"):
        parse_game_flags(parse_result("0-0-3", 3), winners="D,D,P1")


def test_a_blank_game_entry_is_an_unknown_detail() -> None:
    """Only game 1 told (a phone's report): the other games are unknown, not refused."""
    games = parse_game_flags(parse_result("2-1", 3), first="P2,,", winners="P1,,", turns="7,,")
    assert [(g.first, g.winner, g.turns) for g in games] == [
        ("P2", "P1", 7), (None, None, None), (None, None, None)]
    sweep = parse_game_flags(parse_result("0-2", 3), winners=",")
    assert [g.winner for g in sweep] == ["P2", "P2"]  # a sweep names every winner
    with pytest.raises(EventError, match="does not agree"):  # two P2 wins in a 2-1
        parse_game_flags(parse_result("2-1", 3), winners="P2,,P2")
    with pytest.raises(EventError, match="had won the match after game 2"):
        parse_game_flags(parse_result("2-1", 3), winners="P1,P1,")
    with pytest.raises(EventError, match="lists 2 game"):  # still one entry per game played
        parse_game_flags(parse_result("2-1", 3), first="P1,")


@pytest.mark.parametrize(("text", "best_of"), [("2-0", 1), ("2-1", 1), ("1-1-1", 1), ("3-0", 3),
                                               ("1-1", 1), ("2-2", 3), ("0-0", 3), ("0-0-4", 3),
                                               ("10-1", 3), ("1-1-1-1", 3), ("win", 3), ("", 1)])
def test_result_that_does_not_fit_best_of(text: str, best_of: int) -> None:
    with pytest.raises(EventError, match=f"best-of-{best_of}"):
        parse_result(text, best_of)


def test_valid_results() -> None:
    assert valid_results(1) == ("1-0", "0-1", "draw", "double-loss", "0-0-0")
    assert parse_result("id", 3).no_game_draw and not parse_result("draw", 3).no_game_draw
    assert not parse_result("double-loss", 3).no_game_draw
    assert "1-1-1" in valid_results(3)


def test_game_flags_one_entry_per_game() -> None:
    r = parse_result("2-1", 3)
    games = parse_game_flags(r, first="P1,P2,P1", winners="P1,P2,P1", turns="7,9,6")
    assert [(g.number, g.first, g.winner, g.turns) for g in games] == [
        (1, "P1", "P1", 7), (2, "P2", "P2", 9), (3, "P1", "P1", 6)]


def test_game_flags_none_given() -> None:
    assert parse_game_flags(parse_result("2-0", 3)) == []


def test_game_flags_winners_inferred_when_unambiguous() -> None:
    games = parse_game_flags(parse_result("0-2", 3), turns="5,8")
    assert [g.winner for g in games] == ["P2", "P2"]
    games = parse_game_flags(parse_result("2-1", 3), turns="5,8,9")
    assert [g.winner for g in games] == [None, None, None]


def test_game_flags_drawn_game() -> None:
    games = parse_game_flags(parse_result("1-1-1", 3), winners="p2,p1,D", first="P1,P2,P1")
    assert [g.winner for g in games] == ["P2", "P1", None]


@pytest.mark.parametrize(
    ("result", "kwargs", "message"),
    [
        ("2-1", {"winners": "P1,P2"}, "2 game"),
        ("2-0", {"first": "P1,P2,P1"}, "3 game"),
        ("2-1", {"winners": "P1,P2,P2"}, "does not agree"),
        ("2-1", {"winners": "P1,P1,P2"}, "had won the match after game 2"),
        ("2-0", {"first": "P1,P3"}, "not a seat"),
        ("2-0", {"turns": "7,x"}, "not a turn"),
        ("2-0", {"turns": "7,0"}, "not a turn"),
        ("double-loss", {"winners": "P1"}, "0 game"),
    ],
)
def test_game_flags_refused(result: str, kwargs: dict[str, str], message: str) -> None:
    with pytest.raises(EventError, match=message):
        parse_game_flags(parse_result(result, 3), **kwargs)  # type: ignore[arg-type]


def test_game_flags_best_of_one() -> None:
    games = parse_game_flags(parse_result("0-1", 1), first="P1", winners="P2", turns="11",
                             best_of=1)
    assert [(g.first, g.winner, g.turns) for g in games] == [("P1", "P2", 11)]
