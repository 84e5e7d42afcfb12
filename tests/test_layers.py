"""The import layers of ``tt_organizer``: a module imports its own layer or lower ones only.

Every module under ``tt_organizer/`` is parsed with :mod:`ast`; imports at module level and
inside functions (and under ``TYPE_CHECKING``) all count. Layers, highest first:

7. ``cli`` (and ``__main__``): the command line.
6. front-end services: ``web/``, ``printing/``, ``batch.py``.
5. ``events/``, ``export/``, ``stats/``: the event library and what reads its results.
4. ``formats/``: deck checks against a format.
3. ``decklist/``, ``banlist/``: reading decklists and ban lists.
2. ``cards/``: card databases.
1. ``pairing/``, ``standings/``: pure algorithms (they import nothing but the base).
0. the base: errors, atomic writes, paths, sources, sheet reading, column names, local time,
   formula-safe cell text.

A new top-level module or package must be placed here (the test fails on an unplaced one).
"""

from __future__ import annotations

import ast
from pathlib import Path

import tt_organizer

PACKAGE = Path(tt_organizer.__file__).parent

LAYERS: dict[str, int] = {
    "cli": 7,
    "__main__": 7,
    "web": 6,
    "printing": 6,
    "batch": 6,
    "events": 5,
    "export": 5,
    "stats": 5,
    "formats": 4,
    "decklist": 3,
    "banlist": 3,
    "cards": 2,
    "pairing": 1,
    "standings": 1,
    "__init__": 0,
    "errors": 0,
    "atomic": 0,
    "paths": 0,
    "sources": 0,
    "tables": 0,
    "columns": 0,
    "localtime": 0,
    "cell_text": 0,
}

# (importing module, imported module): an upward import that must stay, each with its reason.
ALLOWED: dict[tuple[str, str], str] = {}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[str, int]]:
    """(absolute module imported, line) for every ``tt_organizer`` import in ``path``."""
    name = _module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append((target, node.lineno))
    return [(t, line) for t, line in found if t == "tt_organizer" or t.startswith("tt_organizer.")]


def _layer_key(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_every_module_is_placed_in_a_layer() -> None:
    unplaced = {_layer_key(_module_name(p)) for p in _modules()} - LAYERS.keys()
    assert not unplaced, f"place these in LAYERS: {sorted(unplaced)}"


def test_imports_go_down_the_layers_only() -> None:
    violations = []
    for path in _modules():
        source = _module_name(path)
        for target, line in _imports(path):
            src, dst = _layer_key(source), _layer_key(target)
            if LAYERS.get(dst, 0) > LAYERS.get(src, 0) and (source, target) not in ALLOWED:
                rel = path.relative_to(PACKAGE.parent)
                violations.append(f"{rel}:{line}: {source} ({src}) imports {target} ({dst})")
    assert not violations, "upward imports:\n" + "\n".join(violations)


def test_the_layer_check_sees_imports_inside_functions() -> None:
    """The check reads function-level imports too (an upward one there is still upward)."""
    games = PACKAGE / "cli" / "main.py"
    inner = [t for t, _ in _imports(games)]
    assert inner, "cli/main.py imports its command modules"
    assert all(t.startswith("tt_organizer") for t in inner)


def _graph() -> dict[str, set[str]]:
    names = {_module_name(p) for p in _modules()}
    graph: dict[str, set[str]] = {}
    for path in _modules():
        targets = set()
        for target, _ in _imports(path):
            while target not in names and "." in target:  # `from pkg import name` → pkg
                target = target.rsplit(".", 1)[0]
            targets.add(target)
        graph[_module_name(path)] = targets - {_module_name(path)}
    return graph


def test_no_import_cycles_between_modules() -> None:
    """No two modules import each other, directly or round a loop (package ``__init__``
    re-exports of their own submodules aside)."""
    graph = _graph()
    cycles: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt.startswith(node + ".") or node.startswith(nxt + "."):
                continue  # a package and its own submodules
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert not cycles, "import cycles:\n" + "\n".join(" → ".join(c) for c in cycles)
