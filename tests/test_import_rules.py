"""The house rules of imports: no circle between modules, no import that runs back up
between the rooms of companion/, and the engine's areas reach each other only as listed.

Imports are read from the source (ast), at module level and inside functions alike;
only imports under `if TYPE_CHECKING:` are left out (they never run).
"""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "companion"

# The rooms, lowest first: a module may import its own room and the rooms below it.
LAYERS: list[tuple[str, ...]] = [
    ("companion.vocab", "companion.reading"),
    ("companion.rules",),
    ("companion.i18n",),
    ("companion.rules_ref",),
    ("companion.engine",),
    ("companion.store",),
    ("companion.hosting",),
    ("companion.seats",),
    ("companion.ui",),
    ("companion.app", "companion.__main__", "companion.flet_main"),
]
# The package itself holds only its version, below everything; a loose module beside it has no room.
ROOT = "companion"

# The engine: its core modules sit in companion/engine/ itself, each area in a package.
# The core's base is what every area builds on; the core's top assembles the areas.
ENGINE = "companion.engine"
CORE_TOP = {"apply", "session", "setup", "queries", "views", "authority", "actions"}
# Which area each area may import (besides itself, the core's base and the state's models
# below). Anything else fails.
AREA_MAY_IMPORT: dict[str, set[str]] = {
    "track": set(),
    "pending": set(),
    "crew": {"track"},
    "bag": {"crew", "pending"},
    "contamination": {"bag", "crew", "track"},
    "decks": {"bag", "contamination", "crew", "pending"},
    "victory": {"contamination", "crew", "track"},
    "phase": {"bag", "contamination", "crew", "decks", "track"},
}
# The state's models: the core's base holds the game state, made of these; any part may read them.
STATE_MODELS = {
    "companion.engine.bag.model",
    "companion.engine.crew.body_model",
    "companion.engine.contamination.model",
    "companion.engine.victory.contingency_model",
    "companion.engine.victory.model",
    "companion.engine.decks.cards",
    "companion.engine.phase.model",
    "companion.engine.pending.model",
}


def module_names(package: Path) -> dict[str, Path]:
    names = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else None
            if name == "TYPE_CHECKING":
                for child in node.body:
                    skipped |= {id(inner) for inner in ast.walk(child)}
    return skipped


def import_graph(package: Path) -> dict[str, set[str]]:
    """module -> the modules of `package` it imports (explicitly named)."""
    modules = module_names(package)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _type_checking_nodes(tree)
        own_package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names if alias.name in modules}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = own_package.split(".")[: len(own_package.split(".")) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                for alias in node.names:
                    if f"{source}.{alias.name}" in modules:
                        found.add(f"{source}.{alias.name}")
                    elif source in modules:
                        found.add(source)
        found.discard(name)
        graph[name] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle of imports (strongly connected parts with more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def layer_of(module: str) -> int:
    if module == ROOT:
        return 0
    best, best_len = -1, -1
    for level, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = level, len(prefix)
    return best


def engine_place(module: str) -> tuple[str, str] | None:
    """('base' | 'top', name) for a core module, ('area', area) for an area's module."""
    if not module.startswith(ENGINE + "."):
        return None
    rest = module[len(ENGINE) + 1:].split(".")
    if len(rest) == 1 and (PACKAGE / "engine" / rest[0]).is_dir() or len(rest) > 1:
        return ("area", rest[0])
    return ("top" if rest[0] in CORE_TOP else "base", rest[0])


def violations(graph: dict[str, set[str]]) -> list[str]:
    """Every import that runs upward between the rooms, or between the engine's parts."""
    found = []
    for module, imported in sorted(graph.items()):
        for target in sorted(imported):
            if layer_of(target) > layer_of(module):
                found.append(f"{module} -> {target}: imports a room above its own")
                continue
            here, there = engine_place(module), engine_place(target)
            if target == ENGINE and module.startswith(ENGINE + "."):
                found.append(f"{module} -> {target}: the engine's parts never import the engine's root")
            if here is None or there is None:
                continue
            if there[0] == "top" and here[0] != "top":
                found.append(f"{module} -> {target}: only the core's top imports the core's top")
            elif target in STATE_MODELS:
                continue
            elif here[0] == "base" and there[0] == "area":
                found.append(f"{module} -> {target}: the core's base reads only the state's models")
            elif here[0] == "area" and there[0] == "area" and here[1] != there[1] \
                    and there[1] not in AREA_MAY_IMPORT.get(here[1], set()):
                found.append(f"{module} -> {target}: area {here[1]} may not import area {there[1]}")
    return found


def test_no_import_circle() -> None:
    assert cycles(import_graph(PACKAGE)) == []


def test_no_import_runs_upward() -> None:
    assert violations(import_graph(PACKAGE)) == []


def test_every_module_has_a_room_and_every_area_is_listed() -> None:
    graph = import_graph(PACKAGE)
    assert [module for module in graph if layer_of(module) < 0] == []
    assert layer_of("companion.loose_module") < 0
    areas = {place[1] for module in graph if (place := engine_place(module)) and place[0] == "area"}
    assert areas == set(AREA_MAY_IMPORT)


def test_the_area_rules_are_a_circle_free_order() -> None:
    area_graph = {f"{ENGINE}.{area}": {f"{ENGINE}.{other}" for other in others}
                  for area, others in AREA_MAY_IMPORT.items()}
    assert cycles(area_graph) == []


@pytest.fixture()
def planted(tmp_path: Path) -> Path:
    copy = tmp_path / "companion"
    shutil.copytree(PACKAGE, copy, ignore=lambda folder, names: [
        name for name in names if name == "__pycache__" or (Path(folder, name).is_file() and not name.endswith(".py"))])
    return copy


def test_a_planted_circle_is_found(planted: Path) -> None:
    # errors is imported by nearly everything; have it import the views back, inside a function.
    errors = planted / "engine" / "errors.py"
    errors.write_text(errors.read_text(encoding="utf-8")
                      + "\n\ndef _planted():\n    from companion.engine.views import TABLE\n", encoding="utf-8")
    found = cycles(import_graph(planted))
    assert any("companion.engine.errors" in part and "companion.engine.views" in part for part in found)


def test_a_type_checking_import_is_not_a_circle(planted: Path) -> None:
    errors = planted / "engine" / "errors.py"
    errors.write_text(errors.read_text(encoding="utf-8")
                      + "\nif TYPE_CHECKING:\n    from companion.engine.views import TABLE\n", encoding="utf-8")
    assert cycles(import_graph(planted)) == []


def test_planted_upward_imports_are_found(planted: Path) -> None:
    state = planted / "engine" / "state.py"
    state.write_text(state.read_text(encoding="utf-8") + "\nfrom companion.ui import theme\n", encoding="utf-8")
    bag = planted / "engine" / "bag" / "handlers.py"
    bag.write_text(bag.read_text(encoding="utf-8") + "\nfrom companion.engine.victory import fates\n",
                   encoding="utf-8")
    track = planted / "engine" / "track" / "ending.py"
    track.write_text(track.read_text(encoding="utf-8") + "\nfrom companion.engine import GameState\n",
                     encoding="utf-8")
    found = violations(import_graph(planted))
    assert "companion.engine.state -> companion.ui.theme: imports a room above its own" in found
    assert "companion.engine.bag.handlers -> companion.engine.victory.fates: area bag may not import area victory" in found
    assert ("companion.engine.track.ending -> companion.engine: the engine's parts never import the engine's root"
            in found)


def test_a_long_module_says_why_it_is_one_piece():
    """Past 450 lines a module's docstring says why it is not split."""
    import ast as _ast

    unexplained = []
    for path in sorted((Path(__file__).resolve().parent.parent / "companion").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") <= 450:
            continue
        doc = _ast.get_docstring(_ast.parse(text)) or ""
        if "one piece" not in doc:
            unexplained.append(str(path))
    assert unexplained == []
