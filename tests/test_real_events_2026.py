"""Real Melee events of 2026 replayed through ``tt event`` with ``--tiebreak-preset melee``.

The fixtures (tests/fixtures/real/events/README.md names each source) are published Melee
events as cached by fbettega/MTG_decklistcache: every round's matches (each listed from both
players' sides) and the published standings with Melee's OMW%, GW% and OGW%. Each event is
run as an organizer would: ``create``, ``register`` the players of round 1, then for each
Swiss round ``late-entry`` whoever first plays in it, ``drop`` whoever stopped playing, and
``pair --from`` the round as Melee paired it, with its results. ``standings --json`` must
give every published Swiss point total, every OMW%, GW% and OGW% to 4 decimals and every
rank outside the top cut; ``top-cut`` then seeds Melee's bracket and, with its results,
``standings --final`` gives the published final ranking.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.event_helpers import Tt
from tt_organizer.events.published_results import cache_rounds, published_records
from tt_organizer.standings.policy import MELEE, MELEE_2025
from tt_organizer.standings.tiebreakers import ScoringSettings, compute_standings

EVENTS = Path(__file__).parent / "fixtures" / "real" / "events"
#: Each event: its Swiss rounds (the later rounds are its top cut) and the top cut's size.
SWISS = {
    # 72 players, 7 rounds, a late entry (EDP116825, from round 2), drawn games, byes, drops,
    # a top 8
    "modern-392633-2026-01-10": (7, 8),
    # 14 players, 5 rounds, a 0-0-0 draw, 1-1 draws, a bye, a drop, a top 4
    "rcq-1-ronda-3-2025-2026-armenia-8-febrero-standard-401604-2026-02-08": (5, 4),
    # 9 players, 4 rounds: Cizzler's only match is a bye (round 1), then a drop
    "premod-cologne-first-june-event-432889-2026-06-11": (4, 0),
    # 30 players, 5 rounds, a late entry (SilasPereira, from round 2), byes, drops, a top 8
    "2026-european-legacy-masters-qualifier-2-x-okc-land-run-trial-414623-2026-04-11": (5, 8),
}


def load(stem: str) -> dict[str, Any]:
    return json.loads((EVENTS / f"{stem}.json").read_text(encoding="utf-8"))


def swiss_rounds(doc: dict[str, Any], count: int) -> list[list[tuple[str, str | None, str]]]:
    """The first ``count`` rounds, each match once (the cache lists it from both sides)."""
    out = []
    for rnd in cache_rounds(doc)[:count]:
        seen: dict[frozenset[str], tuple[str, str | None, str]] = {}
        for first, second, score in rnd:
            seen.setdefault(frozenset((first, second or "-")), (first, second, score))
        out.append(list(seen.values()))
    return out


def replay(tmp_path: Path, stem: str, *preset: str) -> tuple[Tt, list[dict[str, Any]]]:
    """The event run through ``tt event``; its standings as ``standings --json`` prints them."""
    doc = load(stem)
    count, _ = SWISS[stem]
    tt = Tt(tmp_path / "melee.sqlite")
    tt("create", doc["Tournament"]["Name"], "--rounds", str(count), "--top-cut",
       str(SWISS[stem][1]), "--seed", "1", *(preset or ("--tiebreak-preset", "melee")))
    active: set[str] = set()
    for number, matches in enumerate(swiss_rounds(doc, count), 1):
        present = {n for m in matches for n in m[:2] if n not in (None, "-")}
        for name in sorted(active - present):
            tt("drop", name)
        for name in [n for m in matches for n in m[:2] if n not in (None, "-")]:
            if name not in active:
                tt("register" if number == 1 else "late-entry", name)
        active = present
        pairing = {"round": number, "pairings": [
            {"table": t, "player1": a, "player2": None if b in (None, "-") else b,
             "result": score} for t, (a, b, score) in enumerate(matches, 1)]}
        path = tmp_path / f"round{number}.json"
        path.write_text(json.dumps(pairing), encoding="utf-8")
        tt("pair", "--from", str(path))
    return tt, tt.json("standings")


def play_top_cut(tt: Tt, doc: dict[str, Any], count: int) -> list[list[frozenset[str]]]:
    """Seed and play the top cut with ``tt event top-cut``, each bracket match reported with
    Melee's result (by the winner's name); the tables ``tt`` paired, round by round."""
    paired = []
    for rnd in swiss_rounds(doc, len(doc["Rounds"]))[count:]:
        tables = tt.json("top-cut")["pairings"]
        paired.append([frozenset((t["player1"], t["player2"])) for t in tables])
        results = {frozenset((a, b)): (a, b, score) for a, b, score in rnd}
        for t in tables:
            a, b, score = results[frozenset((t["player1"], t["player2"]))]
            won, lost, drawn = (int(x) for x in score.split("-"))
            winner = a if won > lost else b
            tt("report", str(t["table"]), "--winner", winner,
               f"{max(won, lost)}-{min(won, lost)}-{drawn}")
    tt("top-cut")  # the champion
    return paired


@pytest.mark.parametrize("stem", [s for s in SWISS if SWISS[s][1]])
def test_the_top_cut_follows_and_the_final_ranking_is_melees(tmp_path: Path, stem: str) -> None:
    """After the Swiss rounds, ``tt event top-cut`` seeds the same bracket Melee played (1 v 8,
    2 v 7 …: the Swiss order of the top cut is Melee's), and with Melee's bracket results
    ``standings --final`` gives the published final ranking, every place; the Swiss
    figures of the top cut's players stay their Swiss ones."""
    doc = load(stem)
    count, _ = SWISS[stem]
    tt, swiss = replay(tmp_path, stem)
    played = play_top_cut(tt, doc, count)
    melee = [[frozenset(m[:2]) for m in rnd]
             for rnd in swiss_rounds(doc, len(doc["Rounds"]))[count:]]
    assert [set(r) for r in played] == [set(r) for r in melee]
    final = tt.json("standings", "--final")
    assert [r["player"] for r in final] == [p["Player"] for p in doc["Standings"]]
    assert tt.json("standings") == swiss  # the bracket changes no Swiss figure


@pytest.mark.parametrize("stem", list(SWISS))
def test_melee_preset_gives_every_published_figure(tmp_path: Path, stem: str) -> None:
    doc = load(stem)
    _, cut = SWISS[stem]
    _, rows = replay(tmp_path, stem)
    ours = {r["player"]: r for r in rows}
    published = doc["Standings"]
    assert len(ours) == len(published)
    for pub in published:
        row = ours[pub["Player"]]
        assert row["points"] == pub["Points"], pub["Player"]
        for key, theirs in (("omw", pub["OMWP"]), ("gw", pub["GWP"]), ("ogw", pub["OGWP"])):
            assert row[key] == round(theirs, 4), (pub["Player"], key, row[key], theirs)
        if pub["Rank"] > cut:  # outside the top cut the published rank is the Swiss rank
            assert row["rank"] == pub["Rank"], pub["Player"]
            # and so is the record: Swiss only, a late entry's missed rounds as losses
            assert (row["wins"], row["losses"], row["draws"]) == (
                pub["Wins"], pub["Losses"], pub["Draws"]), pub["Player"]
    # the top cut's players are the Swiss top (their published ranks are the bracket's)
    assert {r["player"] for r in rows if r["rank"] <= cut} == {
        p["Player"] for p in published if p["Rank"] <= cut}


def test_the_top_cut_published_records_hold_the_bracket_but_the_figures_do_not() -> None:
    """Melee's records of the top-cut players count their bracket matches, their points and
    tiebreakers only the Swiss rounds: the Armenia RCQ's winner, Stickgualteros, is published
    5-0-2 (3 Swiss wins and 2 drawn matches, then 2 bracket wins) at 11 points, the Swiss
    ones (3 x 3 + 2)."""
    doc = load("rcq-1-ronda-3-2025-2026-armenia-8-febrero-standard-401604-2026-02-08")
    rounds = swiss_rounds(doc, 7)
    winner = doc["Standings"][0]
    bracket = [m for rnd in rounds[5:] for m in rnd if winner["Player"] in m[:2]]
    assert len(bracket) == 2
    assert winner["Player"] == "Stickgualteros"
    assert (winner["Points"], winner["Wins"], winner["Losses"], winner["Draws"]) == (11, 5, 0, 2)


def test_0_0_0_is_a_drawn_match_without_a_game() -> None:
    """The Armenia RCQ's 0-0-0 (an intentional draw) counts 1 point each and no game: as
    one drawn game (0-0-1, what ``draw`` stores) its players' GW% would miss Melee's."""
    stem = "rcq-1-ronda-3-2025-2026-armenia-8-febrero-standard-401604-2026-02-08"
    doc = load(stem)
    rounds = swiss_rounds(doc, SWISS[stem][0])
    assert sum(m[2] == "0-0-0" for rnd in rounds for m in rnd) == 1
    as_game = [[(a, b, "0-0-1" if s == "0-0-0" else s) for a, b, s in rnd] for rnd in rounds]

    def gw(rnds: list[Any]) -> dict[str, float]:
        ids, records = published_records(rnds)
        names = {v: k for k, v in ids.items()}
        rows = compute_standings(list(ids.values()), records, settings=ScoringSettings(
            tiebreakers=("omw", "gw", "ogw"), policy=MELEE))
        return {names[s.player]: s.gw for s in rows}

    pub = {p["Player"]: p["GWP"] for p in doc["Standings"]}
    right, wrong = gw(rounds), gw(as_game)
    assert all(abs(right[n] - pub[n]) < 5e-5 for n in pub)
    assert [n for n in pub if abs(wrong[n] - pub[n]) >= 5e-5]


@pytest.mark.parametrize(("rule", "value", "stem"), [
    # the late entry's missed round, as a loss only for their opponents
    ("missed-rounds", "ignored", "modern-392633-2026-01-10"),
    ("missed-rounds", "ignored",
     "2026-european-legacy-masters-qualifier-2-x-okc-land-run-trial-414623-2026-04-11"),
    # Cizzler: only a bye, OMW% and OGW% at the floor
    ("no-opponents", "0", "premod-cologne-first-june-event-432889-2026-06-11"),
    # the own GW% floored again
    ("own-gw", "unfloored", "modern-392633-2026-01-10"),
    ("floor", "0.33", "modern-392633-2026-01-10"),
    ("byes", "excluded", "modern-392633-2026-01-10"),
    ("drawn-game", "0", "modern-392633-2026-01-10"),
])
def test_each_rule_of_melee_now_is_needed(rule: str, value: str, stem: str) -> None:
    """Each rule of ``melee`` set otherwise misses published figures of these events (the
    library replay: the same records as the ``tt event`` replay above)."""
    doc = load(stem)
    rounds = swiss_rounds(doc, SWISS[stem][0])
    ids, records = published_records(rounds)
    late = {n: i for i, rnd in enumerate(rounds) for m in rnd for n in m[:2]
            if n not in (None, "-")}
    first = {n: min(i for i, rnd in enumerate(rounds) for m in rnd if n in m[:2])
             for n in late}
    from tt_organizer.standings.match_record import MatchRecord

    records += [MatchRecord.missed(r + 1, ids[n]) for n, f in first.items() for r in range(f)]

    def misses(policy: Any) -> int:
        rows = compute_standings(list(ids.values()), records, settings=ScoringSettings(
            tiebreakers=("omw", "gw", "ogw"), policy=policy))
        names = {v: k for k, v in ids.items()}
        got = {names[s.player]: (s.omw, s.gw, s.ogw) for s in rows}
        return sum(abs(a - b) >= 5e-5 for p in doc["Standings"] for a, b in zip(
            got[p["Player"]], (p["OMWP"], p["GWP"], p["OGWP"]), strict=True))

    assert misses(MELEE) == 0
    assert misses(MELEE.with_rules({rule: value})) > 0
    # missed rounds as losses of the late entry's own record too (the rule book) publish the
    # same figures: they differ only in the player's own MW%, which Melee does not publish
    assert misses(MELEE.with_rules({"missed-rounds": "losses"})) == 0


def test_melee_2025_misses_2026_figures(tmp_path: Path) -> None:
    """The same event under ``melee-2025`` (Melee's figures of early 2025) does not give the
    published figures of 2026: the own GW% is floored again since 2025-11-13."""
    stem = "premod-cologne-first-june-event-432889-2026-06-11"
    _, rows = replay(tmp_path, stem, "--tiebreak-preset", "melee-2025")
    pub = {p["Player"]: p for p in load(stem)["Standings"]}
    assert any(r["gw"] != round(pub[r["player"]]["GWP"], 4) for r in rows)
    assert MELEE_2025.own_gw_floored is False
