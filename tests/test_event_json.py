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


def test_commands_build_no_json_shape_themselves() -> None:
    """Every ``--json`` shape comes from the library (the models' ``to_dict``,
    :mod:`tt_organizer.events.views`, :mod:`tt_organizer.banlist.listing`, …): no command module
    writes a dict or list of its own to ``print_json``, nor collects dicts it built for it."""
    import ast

    import tt_organizer.cli

    def shape(node: ast.AST) -> bool:
        """A dict or list written here (a list of the library's own dicts is fine)."""
        if isinstance(node, (ast.ListComp, ast.List)):
            items = [node.elt] if isinstance(node, ast.ListComp) else node.elts
            return any(not isinstance(item, ast.Call) for item in items)
        return isinstance(node, (ast.Dict, ast.DictComp))

    built = []
    for path in sorted(Path(tt_organizer.cli.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            called = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if called == "print_json" and any(shape(a) for a in node.args):
                built.append(f"{path.name}:{node.lineno}")
            # results.append({...}) collecting an output shape the command built itself
            if called == "append" and any(isinstance(a, ast.Dict) for a in node.args):
                built.append(f"{path.name}:{node.lineno}")
    assert not built, f"JSON shapes built in cli/: {built}"
