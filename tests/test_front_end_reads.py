"""Front ends only render: every module of cli/ and web/ reads and changes the event through
the library's operations and read models (tt_organizer.events.paired_rounds, result_changes,
drops, standings_lines, player_page, event_reads …); from the store it takes no more than a
connection (opening one, its type, its errors, who acts, its transaction)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "tt_organizer"
# what a front end may take from the store: a connection, its type, its errors, who acts
CONNECTING = {"connect", "open_event", "rollback_open", "Connection", "Error", "acting_as",
              "transaction"}


def _store_uses(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == "store" and node.attr not in CONNECTING):
            bad.append(f"{path.name}:{node.lineno}: store.{node.attr}")
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "tt_organizer.events.store"):
            names = {a.name for a in node.names}
            if node.module != "tt_organizer.events.store" or names - CONNECTING:
                bad.append(f"{path.name}:{node.lineno}: from {node.module} import "
                           f"{', '.join(sorted(names - CONNECTING) or names)}")
    return bad


def test_front_ends_read_through_the_library() -> None:
    files = [p for sub in ("cli", "web") for p in sorted((ROOT / sub).glob("*.py"))]
    assert len(files) >= 40  # every module of both
    found = [use for p in files for use in _store_uses(p)]
    assert found == [], "\n".join(found)


def test_the_check_finds_a_store_read(tmp_path: Path) -> None:
    """A front end that reads the store directly is caught."""
    sample = tmp_path / "sample.py"
    sample.write_text("from tt_organizer.events import store\n"
                      "from tt_organizer.events.store.matches import last_change\n"
                      "def f(conn):\n    with store.connect('x'):\n"
                      "        return store.read_players(conn)\n", encoding="utf-8")
    assert [u.split(": ", 1)[1] for u in _store_uses(sample)] == [
        "from tt_organizer.events.store.matches import last_change", "store.read_players"]
