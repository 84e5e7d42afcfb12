"""Front ends only render: the result, player, standings, desk, settings and penalty commands
and the web server's pages read the event through the library's read models
(tt_organizer.events.result_changes, drops, standings_lines, player_page, event_reads …);
from the store they take no more than a connection. The files of cli/ and web/ not yet
converted are listed in PENDING (another branch converts them); a file leaves the list once
it reads through the library."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "tt_organizer"
# what a front end may take from the store: a connection, its type, its errors, who acts
CONNECTING = {"connect", "open_event", "rollback_open", "Connection", "Error", "acting_as",
              "transaction"}
PENDING = {"cli/event.py", "cli/event_pairing.py", "cli/event_output.py", "web/organizer.py"}
PENDING |= {str(p.relative_to(ROOT)) for sub in ("cli",) for p in (ROOT / sub).glob("*.py")
            if not p.name.startswith(("event_", "penalties"))}


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
    files = [p for sub in ("cli", "web") for p in sorted((ROOT / sub).glob("*.py"))
             if str(p.relative_to(ROOT)) not in PENDING]
    assert len(files) >= 12  # the converted ones: results, players, desk, the web pages …
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
