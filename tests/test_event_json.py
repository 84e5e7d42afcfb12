"""Every ``tt event`` command speaks JSON with --json; the shapes other tools rely on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from event_helpers import EVENT_DECKS as DECKS
from event_helpers import Tt


def tt(db: Path, *args: str, code: int = 0) -> Any:
    if code:
        return Tt(db)(*args, "--json", code=code).output
    return Tt(db).json(*args)


def test_event_commands_print_json(tmp_path: Path) -> None:
    db = tmp_path / "e.sqlite"
    created = tt(db, "create", "Json Cup", "--seed", "7", "--rounds", "2")
    assert created["settings"]["name"] == "Json Cup" and created["settings"]["seed"] == 7
    for name, deck in (("Ann", "legal_red.txt"), ("Ben", "legal_blue.txt"),
                       ("Cat", "legal_yellow.txt"), ("Dan", "legal_red.txt")):
        reg = tt(db, "register", name, "--deck", str(DECKS / deck))
        assert reg["name"] == name and reg["legal"] is True
        assert reg["deck_report"]["legal"] is True and reg["deck_report"]["errors"] == []
    tt(db, "register", "Eve", "--deck", str(DECKS / "illegal_short.txt"), code=2)

    pairs = tt(db, "pair")
    assert len(pairs) == 2
    assert set(pairs[0]) == {"table", "player1", "player2", "result"}
    assert pairs[0]["result"] is None
    assert tt(db, "pairings") == pairs

    first = tt(db, "report", "1", "2-1", "--first", "P1,P2,P1", "--winners", "P1,P2,P1")
    assert first["table"] == 1 and first["result"] == "2-1" and first["missing_tables"] == [2]
    assert [g["first"] is not None for g in first["games"]] == [True, True, True]
    tt(db, "report", "2", "0-2")
    fixed = tt(db, "correct", "1", "2", "1-2")
    assert fixed["old_result"] == "0-2" and fixed["result"] == "1-2"

    dropped = tt(db, "drop", pairs[0]["player1"])
    assert dropped["dropped"] is True and dropped["still_paired_at_table"] is None
    assert tt(db, "undrop", pairs[0]["player1"])["dropped"] is False

    late = tt(db, "late-entry", "Fay", "--deck", str(DECKS / "legal_blue.txt"))
    assert late["missed_rounds"] == [1] and late["late_entry_round"] == 2

    round2 = tt(db, "pair")
    assert len(round2) == 3 and round2[-1]["player2"] is None  # five players: a bye
    tt(db, "drop", round2[0]["player1"])
    again = tt(db, "repair", "--yes")
    assert all(set(t) == {"table", "player1", "player2", "result"} for t in again)
    assert round2[0]["player1"] not in {t["player1"] for t in again}
    assert round2[1] in again  # the table nobody left keeps its players

    standings = tt(db, "standings")
    assert [s["rank"] for s in standings] == list(range(1, 6))
    written = tt(db, "export", str(tmp_path / "out.xlsx"))
    assert written["written"] == [str(tmp_path / "out.xlsx")]
    assert (tmp_path / "out.xlsx").exists()


def test_event_commands_build_no_json_shape_themselves() -> None:
    """Every ``--json`` shape of the event commands comes from the library (the models'
    ``to_dict`` and :mod:`tt_organizer.events.views`): the command line passes on what it gets
    and never writes a dict or list of its own to ``print_json``."""
    import ast

    import tt_organizer.cli

    built = []
    for name in ("event.py", "event_pairing.py"):
        path = Path(tt_organizer.cli.__file__).parent / name
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print_json"
                    and any(isinstance(a, (ast.Dict, ast.List, ast.ListComp, ast.DictComp))
                            for a in node.args)):
                built.append(f"{name}:{node.lineno}")
    assert not built, f"JSON shapes built in cli/: {built}"
