"""``tt event create --tiebreak-preset/--tiebreak-rule`` and the standings that follow."""

from __future__ import annotations

from pathlib import Path

from event_helpers import Tt

from tt_organizer.events.store import load_snapshot
from tt_organizer.standings.policy import MELEE, MELEE_2024, MELEE_2025, RULEBOOK


def event(tmp_path: Path, *args: str) -> Tt:
    tt = Tt(tmp_path / "e.sqlite")
    tt("create", "Cup", "--seed", "4", "--rounds", "3", "--top-cut", "0", *args)
    for name in ("Ann", "Ben", "Cat", "Dan", "Eve"):
        tt("register", name)
    tt("pair")
    for p in tt.json("pairings"):
        if p["player2"] is not None:
            tt("report", str(p["table"]), "2-1")
    return tt


def test_melee_preset_is_stored_and_ranks_by_omw_gw_ogw(tmp_path: Path) -> None:
    tt = event(tmp_path, "--tiebreak-preset", "melee")
    settings = load_snapshot(tt.path).settings
    assert settings.tiebreak_policy == MELEE and settings.tiebreakers == ("omw", "gw", "ogw")
    rows = tt.json("standings")
    assert list(rows[0]["tiebreakers"]) == ["omw", "gw", "ogw"]
    out = tt("standings").stdout
    assert "tiebreak policy melee" in out
    header = next(line for line in out.splitlines() if "Rank" in line)
    assert header.index("OMW%") < header.index("GW%") < header.index("OGW%")
    assert "OOMW%" not in header


def test_rules_one_by_one_and_explicit_order(tmp_path: Path) -> None:
    tt = event(tmp_path, "--tiebreak-rule", "floor=1/3", "--tiebreak-rule", "byes=counted",
               "--tiebreakers", "omw,gw,ogw")
    policy = load_snapshot(tt.path).settings.tiebreak_policy
    assert policy.name == "rulebook+custom"
    assert policy.rules() == {"floor": "1/3", "byes": "counted", "drawn-game": "1",
                              "missed-rounds": "losses", "own-gw": "floored",
                              "no-opponents": "0", "no-games": "floor",
                              "opponent-decimals": "none", "decimals": "none"}
    header = next(line for line in tt("standings").stdout.splitlines() if "Rank" in line)
    assert "OGW%" in header and "OOMW%" not in header


def test_default_is_the_rulebook_and_bad_rules_are_refused(tmp_path: Path) -> None:
    tt = event(tmp_path)
    assert load_snapshot(tt.path).settings.tiebreak_policy == RULEBOOK
    created = Tt(tmp_path / "j.sqlite").json("create", "J", "--tiebreak-preset", "melee")
    assert created["settings"]["tiebreak_policy"] == MELEE.to_json()
    bad = Tt(tmp_path / "bad.sqlite")
    bad.refused("create", "X", "--tiebreak-rule", "floor=2", match="between 0 and 1")
    bad.refused("create", "X", "--tiebreak-rule", "byes=sometimes", match="excluded, counted")
    bad.refused("create", "X", "--tiebreak-rule", "floor", match="NAME=VALUE")
    assert not (tmp_path / "bad.sqlite").exists()


def test_melee_2024_preset_and_the_new_rules(tmp_path: Path) -> None:
    """``melee-2024`` keeps Melee's figures until 2024; the 2025 rules are rules of their own
    (``drawn-game``, ``own-gw``, ``no-games``, ``decimals``): melee-2024 with them changed is
    ``melee-2025``, and that with 2025-11's rules is ``melee``."""
    old = event(tmp_path, "--tiebreak-preset", "melee-2024")
    settings = load_snapshot(old.path).settings
    assert settings.tiebreak_policy == MELEE_2024 and settings.tiebreakers == ("omw", "gw", "ogw")
    assert "tiebreak policy melee-2024" in old("standings").stdout
    now = Tt(tmp_path / "n.sqlite").json("create", "N", "--tiebreak-preset", "melee-2024",
                                         "--tiebreak-rule", "drawn-game=1,own-gw=unfloored",
                                         "--tiebreak-rule", "no-games=floor,decimals=8")
    assert now["settings"]["tiebreak_policy"] == MELEE_2025.to_json()
    latest = Tt(tmp_path / "l.sqlite").json(
        "create", "L", "--tiebreak-preset", "melee-2025", "--tiebreak-rule",
        "own-gw=floored,missed-rounds=losses-for-opponents,opponent-decimals=8,decimals=7")
    assert latest["settings"]["tiebreak_policy"] == MELEE.to_json()
    y25 = Tt(tmp_path / "y.sqlite")
    y25("create", "Y", "--tiebreak-preset", "melee-2025")
    assert load_snapshot(y25.path).settings.tiebreakers == ("omw", "gw", "ogw")
    bad = Tt(tmp_path / "bad.sqlite")
    bad.refused("create", "X", "--tiebreak-rule", "own-gw=maybe", match="floored, unfloored")
