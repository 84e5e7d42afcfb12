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
    "publish": 6,
    "batch": 6,
    "events": 5,
    "export": 5,
    "stats": 5,
    "season": 5,
    "formats": 4,
    "decklist": 3,
    "banlist": 3,
    "cards": 2,
    "pairing": 1,
    "standings": 1,
    "__init__": 0,
    "errors": 0,
    "messages": 0,
    "i18n": 0,
    "atomic": 0,
    "paths": 0,
    "sources": 0,
    "sheets": 0,
    "names": 0,
    "localtime": 0,
    "lazy_re": 0,
    "records": 0,
    # base modules other branches of issue 13/15 bring (placed ahead, so a merge passes)
    "typed_numbers": 0,
    "safe_files": 0,
    "http_deadline": 0,
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, *, runtime_only: bool = False) -> list[tuple[str, int]]:
    """(absolute module imported, line) for every ``tt_organizer`` import in ``path``: ``from
    pkg import name`` is an import of the module ``pkg.name`` when there is one, else of
    ``pkg``; ``runtime_only`` leaves out those under ``if TYPE_CHECKING:`` (never executed)."""
    name = _module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            typing_only |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if runtime_only and id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.append((sub if sub in _MODULE_NAMES else target, node.lineno))
    return [(t, line) for t, line in found if t == "tt_organizer" or t.startswith("tt_organizer.")]


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


_MODULE_NAMES = frozenset(_module_name(p) for p in _modules())


def _layer_key(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def test_every_module_is_placed_in_a_layer() -> None:
    unplaced = {_layer_key(_module_name(p)) for p in _modules()} - LAYERS.keys()
    assert not unplaced, f"place these in LAYERS: {sorted(unplaced)}"


def test_imports_go_down_the_layers_only() -> None:
    violations = []
    for path in _modules():
        source = _module_name(path)
        for target, line in _imports(path):
            src, dst = _layer_key(source), _layer_key(target)
            if LAYERS.get(dst, 0) > LAYERS.get(src, 0):
                rel = path.relative_to(PACKAGE.parent)
                violations.append(f"{rel}:{line}: {source} ({src}) imports {target} ({dst})")
    assert not violations, "upward imports:\n" + "\n".join(violations)


def test_the_layer_check_sees_imports_inside_functions_and_under_type_checking() -> None:
    """events/rounds.py imports pairing/swiss.py only inside a function; printing/__init__.py
    imports batch.py only under ``TYPE_CHECKING`` (a dependency, though not a run-time
    import)."""
    rounds = PACKAGE / "events" / "rounds.py"
    line = dict(_imports(rounds))["tt_organizer.pairing.swiss"]
    text = rounds.read_text().splitlines()[line - 1]
    assert text.startswith("    ") and text.lstrip().startswith("from ")  # indented: in a def
    printing = PACKAGE / "printing" / "__init__.py"
    assert "tt_organizer.batch" in dict(_imports(printing))
    assert "tt_organizer.batch" not in dict(_imports(printing, runtime_only=True))


def test_from_a_package_import_a_module_is_an_import_of_that_module() -> None:
    """``from tt_organizer.events import store`` is an edge to the module
    ``tt_organizer.events.store``, not to the package ``tt_organizer.events``; ``from
    tt_organizer.events.store import connect`` (a name) is an edge to the store package."""
    found = dict(_imports(PACKAGE / "events" / "rounds.py"))
    assert "tt_organizer.events.store" in found and "tt_organizer.events" not in found
    assert "tt_organizer.events.queries" in found
    web = dict(_imports(PACKAGE / "web" / "app.py"))
    assert "tt_organizer.events.store" in web


def _graph() -> dict[str, set[str]]:
    names = {_module_name(p) for p in _modules()}
    graph: dict[str, set[str]] = {}
    for path in _modules():
        targets = set()
        for target, _ in _imports(path):
            while target not in names and "." in target:  # `import pkg.name.attr` → a module
                target = target.rsplit(".", 1)[0]
            targets.add(target)
        graph[_module_name(path)] = targets - {_module_name(path)}
    return graph


def test_no_import_cycles_between_modules() -> None:
    """No two modules import each other, directly or round a loop: imports inside functions and
    under ``TYPE_CHECKING`` count (a loop of type hints is still a loop a reader must follow),
    and a package's ``__init__`` counts as a module like any other. No exceptions."""
    graph = _graph()
    cycles: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
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


# The modules that talk to the database: the store package (its schema and checks included).
# Everything else uses the store's named operations and its types.
STORE_MODULES = ("events/store/",)


def _outside_store() -> list[Path]:
    return [p for p in _modules()
            if not str(p.relative_to(PACKAGE)).startswith(STORE_MODULES)]


def test_no_sqlite3_outside_the_store() -> None:
    """No module above the store imports ``sqlite3`` (not even for a type)."""
    found = []
    for path in _outside_store():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n == "sqlite3" or n.startswith("sqlite3.") for n in names):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert not found, f"sqlite3 imported above the store: {found}"


def test_no_sql_outside_the_store() -> None:
    """No module above the store runs a statement itself (``.execute``/``.executemany``/
    ``.executescript``): every read and write is a named store operation."""
    found = []
    for path in _outside_store():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute)
                    and node.attr in ("execute", "executemany", "executescript")):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert not found, f"SQL run above the store: {found}"


def test_no_module_uses_another_modules_private_names() -> None:
    """A module imports another module's public names only: no ``from m import _x`` and no
    ``m._x`` on a module of the package it imported (the owning module makes a shared helper
    public instead)."""
    found = []
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        modules: set[str] = set()  # local names bound to tt_organizer modules
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tt_organizer"):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} "
                                     f"from {node.module} import {alias.name}")
                    modules.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                modules.update(a.asname or a.name.split(".")[0] for a in node.names
                               if a.name.startswith("tt_organizer"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in modules and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} "
                             f"{node.value.id}.{node.attr}")
    assert not found, f"private names used across modules: {found}"


def test_no_module_is_over_700_lines() -> None:
    """One concept per module: none grows past 700 lines."""
    long = {str(p.relative_to(PACKAGE)): n for p in _modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 700}
    assert not long, f"modules over 700 lines: {long}"


# --- the library speaks in codes (front ends take only a connection from the store:
# tests/test_front_end_reads.py) ------------------------------------------------------------

FRONT_ENDS = ("cli", "web")
#: exceptions a caller's bug raises (never shown to a user as a refusal)
PROGRAMMER_ERRORS = frozenset({"AssertionError", "TypeError", "NotImplementedError"})


def _front_end(path: Path) -> bool:
    return path.relative_to(PACKAGE).parts[0] in FRONT_ENDS


def _error_classes() -> set[str]:
    """Names of the toolkit's exception classes (TTError and every subclass, by name)."""
    names = {"TTError"}
    trees = [ast.parse(p.read_text(encoding="utf-8")) for p in _modules()]
    while True:
        more = {node.name for tree in trees for node in ast.walk(tree)
                if isinstance(node, ast.ClassDef)
                and any((getattr(b, "id", None) or getattr(b, "attr", None)) in names
                        for b in node.bases)}
        if more <= names:
            return names
        names |= more


def _sentence(arg: ast.expr, codes: set[str]) -> bool:
    """Whether ``arg``, the first argument of an exception, is a sentence built in place."""
    if isinstance(arg, ast.IfExp):
        return _sentence(arg.body, codes) or _sentence(arg.orelse, codes)
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value not in codes
    if isinstance(arg, ast.JoinedStr | ast.BinOp):
        return True
    if isinstance(arg, ast.Call):
        name = getattr(arg.func, "id", None) or getattr(arg.func, "attr", None)
        return name in {"Msg", "NMsg", "PMsg", "_", "gettext", "ngettext", "format"}
    return False


def test_the_library_raises_codes_not_sentences() -> None:
    """Outside cli/ and web/, an exception is a code of :mod:`tt_organizer.messages` and its
    parameters: no f-string, no literal sentence, no message built in place -- the words live
    in one catalog, worded at the edge in the reader's language."""
    from tt_organizer.messages import WORDS

    codes, classes = set(WORDS), _error_classes() | {"ValueError", "KeyError", "LookupError",
                                                     "RuntimeError", "OSError"}
    found = []
    for path in _modules():
        if _front_end(path):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in classes and name not in PROGRAMMER_ERRORS and _sentence(node.args[0],
                                                                              codes):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {name}")
    assert not found, "sentences built in the library:\n" + "\n".join(found)


def test_the_code_check_sees_a_sentence() -> None:
    codes = {"round-no-pairings"}
    assert _sentence(ast.parse('f"round {n}"').body[0].value, codes)  # type: ignore[attr-defined]
    assert _sentence(ast.parse('"no such round"').body[0].value, codes)  # type: ignore[attr-defined]
    assert _sentence(ast.parse('Msg("x")').body[0].value, codes)  # type: ignore[attr-defined]
    assert not _sentence(ast.parse('"round-no-pairings"').body[0].value, codes)  # type: ignore[attr-defined]
