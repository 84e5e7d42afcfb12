"""Scoring settings and tiebreak policies at their edges: what is refused, what a policy is
called and how its floor is written once stored and read back."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tt_organizer.errors import BadValue
from tt_organizer.standings.match_record import MatchRecord
from tt_organizer.standings.policy import MELEE, RULEBOOK, TiebreakPolicy
from tt_organizer.standings.tiebreakers import ScoringSettings, compute_standings


def test_a_win_worth_no_point_is_refused_and_one_point_is_a_full_match_win() -> None:
    for points in (0, -1):
        with pytest.raises(BadValue, match="a win must be worth at least 1 point"):
            ScoringSettings(win=points)
    # a 1-point win: 1 win of 2 rounds is an MW% of 1/2 (points / (win x rounds))
    one = ScoringSettings(win=1, draw=0, bye=1)
    table = compute_standings([1, 2, 3], [
        MatchRecord(1, 1, 2, 2, 0, 0, "p1"), MatchRecord(1, 3, None, 0, 0, 0, "bye"),
        MatchRecord(2, 3, 1, 2, 1, 0, "p1"), MatchRecord(2, 2, None, 0, 0, 0, "bye")],
        settings=one)
    line = {s.player: s for s in table}
    assert [(s.player, s.points) for s in table] == [(3, 2), (1, 1), (2, 1)]
    assert (line[1].mw, line[3].mw, line[2].mw) == (0.5, 1.0, 0.5)


@pytest.mark.parametrize("field", ["decimals", "opponent_decimals"])
def test_a_policy_rounds_to_1_to_12_decimals_and_no_other_number(field: str) -> None:
    for places in (1, 12):
        assert getattr(TiebreakPolicy(**{field: places}), field) == places
    for places in (0, 13, -1):
        with pytest.raises(BadValue, match="decimals: none or 1 to 12"):
            TiebreakPolicy(**{field: places})


def test_a_custom_policy_stored_and_read_back_keeps_the_name_it_started_from() -> None:
    """A rule-book policy changed rule by rule until it is nearest to Melee's is still
    ``rulebook+custom`` once stored with every rule and read back (only a file made before a
    rule existed is named after its nearest preset)."""
    near_melee = RULEBOOK.with_rules({**MELEE.rules(), "decimals": "6"})
    assert near_melee.name == "rulebook+custom"
    again = TiebreakPolicy.from_json(near_melee.to_json())
    assert again.name == "rulebook+custom" and again == near_melee
    # and a Melee policy with one rule changed stays Melee's
    custom = MELEE.with_rules({"drawn-game": "0"})
    assert TiebreakPolicy.from_json(custom.to_json()).name == "melee+custom"


def test_a_decimal_floor_is_written_as_the_decimal_it_was_given() -> None:
    for text in ("0", "1", "0.3", "0.33", "0.333", "0.3333", "0.0001"):
        policy = RULEBOOK.with_rules({"floor": text})
        assert policy.rules()["floor"] == text
        assert TiebreakPolicy.from_json(policy.to_json()).floor == Fraction(text)
    # a fraction no short decimal writes stays a fraction
    for text, shown in (("1/3", "1/3"), ("0.33333", "33333/100000"), ("2/7", "2/7"),
                        ("0.25", "1/4")):
        assert RULEBOOK.with_rules({"floor": text}).rules()["floor"] == shown


def test_a_stored_custom_policy_missing_a_rule_takes_it_from_the_preset_it_names() -> None:
    """A stored ``melee+custom`` (or ``melee-2024+custom``) that lists only some rules -- a
    hand-written or trimmed event file -- takes every other first-day rule from the preset
    before the ``+``: Melee's floor of 1/3 and counted byes, not the rule book's."""
    read = TiebreakPolicy.from_json({"name": "melee+custom", "drawn-game": "0",
                                     "missed-rounds": "ignored"})
    assert (read.floor, read.byes_counted, read.drawn_game_points) == (Fraction(1, 3), True, 0)
    assert read.rules()["floor"] == "1/3" and read.rules()["byes"] == "counted"
    assert read.name.endswith("+custom")
    plain = TiebreakPolicy.from_json({"name": "melee", "drawn-game": "0"})
    assert (plain.floor, plain.byes_counted) == (Fraction(1, 3), True)


def test_rules_are_read_whatever_their_capitals_spaces_and_empty_parts() -> None:
    """``--tiebreak-rule`` text as typed: names and values in any capitals, spaces around
    them, empty parts between commas skipped (not the end of the list)."""
    from tt_organizer.standings.policy import split_rules

    rules = split_rules(["  BYES = Counted ,, ", "Floor=1/3, ,No-Opponents=FLOOR"])
    assert rules == {"byes": "Counted", "floor": "1/3", "no-opponents": "FLOOR"}
    policy = RULEBOOK.with_rules(rules)
    assert (policy.byes_counted, policy.floor, policy.no_opponents_floor) == (
        True, Fraction(1, 3), True)
    assert RULEBOOK.with_rules({" Own-GW ": " UNFLOORED "}).own_gw_floored is False


def test_decimals_are_ascii_digits_only() -> None:
    """A count of decimals in another script's digits (Arabic-Indic ٣) is refused, as the
    floor's digits are."""
    for value in ("٣", "１２", "3.0", "+3"):
        with pytest.raises(BadValue, match="1 to 12"):
            RULEBOOK.with_rules({"decimals": value})
    assert RULEBOOK.with_rules({"decimals": " 3 "}).decimals == 3


@pytest.mark.parametrize("key", ["decimals", "opponent-decimals"])
def test_decimals_written_as_a_rule_take_1_to_12(key: str) -> None:
    """``decimals=12`` as an organizer types it is taken; ``=0`` and ``=13`` are refused."""
    for value in ("1", "12"):
        assert getattr(RULEBOOK.with_rules({key: value}), key.replace("-", "_")) == int(value)
    for value in ("0", "13"):
        with pytest.raises(BadValue, match="1 to 12"):
            RULEBOOK.with_rules({key: value})


@pytest.mark.parametrize("part", ["byes=", "byes= ", "=counted", " = ", "byes"])
def test_a_rule_without_a_name_or_a_value_is_refused_as_such(part: str) -> None:
    from tt_organizer.standings.policy import split_rules

    with pytest.raises(BadValue, match="NAME=VALUE") as refused:
        split_rules([f"floor=1/3,{part}"])
    assert refused.value.code == "tiebreak-rule-shape"


def test_points_for_a_loss_add_up_with_the_rest() -> None:
    """A league giving 1 point for a loss (3 a win, 2 a draw): a win, a draw and a loss make
    6 points; two losses 2; a double loss counts as a loss for both. Hand-computed."""
    league = ScoringSettings(win=3, draw=2, loss=1, bye=3)
    table = compute_standings([1, 2, 3, 4], [
        MatchRecord(1, 1, 2, 2, 0, 0, "p1"), MatchRecord(1, 3, 4, 1, 1, 1, "draw"),
        MatchRecord(2, 1, 3, 1, 1, 1, "draw"), MatchRecord(2, 2, 4, 0, 0, 0, "double-loss"),
        MatchRecord(3, 4, 1, 2, 1, 0, "p1"), MatchRecord(3, 3, 2, 2, 0, 0, "p1")],
        settings=league)
    points = {s.player: (s.points, s.wins, s.losses, s.draws) for s in table}
    assert points == {1: (6, 1, 1, 1), 2: (3, 0, 3, 0), 3: (7, 1, 0, 2), 4: (6, 1, 1, 1)}


def test_an_unreported_match_anywhere_counts_for_nothing_and_a_player_once() -> None:
    """A match without a result (round 2 not reported yet) listed before round 1's results
    leaves them counting; a player named twice has one line."""
    from types import SimpleNamespace

    pending = SimpleNamespace(round=2, player1=1, player2=3, p1_games=0, p2_games=0, draws=0,
                              outcome=None)
    table = compute_standings([1, 2, 3, 2, 1], [
        pending, MatchRecord(1, 1, 2, 2, 0, 0, "p1"), MatchRecord(1, 3, None, 0, 0, 0, "bye")])
    assert [(s.rank, s.player, s.points, s.wins, s.losses) for s in table] == [
        (1, 1, 3, 1, 0), (2, 3, 3, 1, 0), (3, 2, 0, 0, 1)]


def test_an_opponents_figure_rounds_half_up_before_the_mean() -> None:
    """With ``opponent-decimals=1`` and a floor of 255/512 (0.498046875), a winless opponent's
    figure is the floor rounded half-up to one decimal: 0.5, so the winner's OMW% is 0.5
    exactly (0.498... unrounded). Hand-computed."""
    policy = RULEBOOK.with_rules({"floor": "255/512", "opponent-decimals": "1"})
    beat = [MatchRecord(1, 1, 2, 2, 0, 0, "p1")]
    line = {s.player: s for s in compute_standings([1, 2], beat,
                                                   settings=ScoringSettings(policy=policy))}
    assert (line[1].omw, line[2].omw) == (0.5, 1.0)
    plain = {s.player: s for s in compute_standings([1, 2], beat, settings=ScoringSettings(
        policy=RULEBOOK.with_rules({"floor": "255/512"})))}
    assert plain[1].omw == 0.498046875


def test_a_floor_above_1_is_refused_by_the_rule_and_a_custom_stays_one_custom() -> None:
    for value in ("1.5", "2", "3/2"):
        with pytest.raises(BadValue, match="must be between 0 and 1") as refused:
            RULEBOOK.with_rules({"floor": value})
        assert refused.value.code == "floor-value-range"
    twice = RULEBOOK.with_rules({"byes": "counted"}).with_rules({"floor": "1/3"})
    assert twice.name == "rulebook+custom"


def test_a_player_without_opponents_gets_exactly_the_floor_when_the_policy_says_so() -> None:
    """``no-opponents=floor``: the player with round 1's bye (no opponent yet) has OMW%,
    OOMW% and OGW% of exactly the floor (0.33 in the rule book, 1/3 in Melee's)."""
    record = [MatchRecord(1, 1, 2, 2, 0, 0, "p1"), MatchRecord(1, 3, None, 0, 0, 0, "bye")]
    for policy, floor in ((RULEBOOK.with_rules({"no-opponents": "floor"}), 0.33),
                          (RULEBOOK.with_rules({"no-opponents": "floor", "floor": "1/3"}),
                           1 / 3)):
        line = {s.player: s for s in compute_standings(
            [1, 2, 3], record, settings=ScoringSettings(policy=policy))}
        assert (line[3].omw, line[3].oomw, line[3].ogw) == (floor, floor, floor)
        assert (line[1].omw, line[2].omw) == (floor, 1.0)  # 2 won nothing: the floor


def test_the_floor_without_opponents_is_exact_whatever_the_other_figures() -> None:
    """The other players' figures in thirds and ninths (a drawn match, byes counted), the
    floor in hundredths: the bye's player still shows exactly 0.33."""
    policy = RULEBOOK.with_rules({"no-opponents": "floor", "byes": "counted"})
    record = [MatchRecord(1, 1, 2, 1, 1, 1, "draw"), MatchRecord(1, 3, None, 0, 0, 0, "bye")]
    line = {s.player: s for s in compute_standings([1, 2, 3], record,
                                                   settings=ScoringSettings(policy=policy))}
    assert (line[3].omw, line[3].oomw, line[3].ogw) == (0.33, 0.33, 0.33)
    assert (line[1].omw, line[1].gw, line[1].ogw) == (1 / 3, 4 / 9, 4 / 9)


def test_zero_decimals_is_refused_by_the_rule_itself() -> None:
    for key in ("decimals", "opponent-decimals"):
        with pytest.raises(BadValue, match=f"{key}=0: none or a number of decimals") as no:
            RULEBOOK.with_rules({key: "0"})
        assert no.value.code == "decimals-value"
