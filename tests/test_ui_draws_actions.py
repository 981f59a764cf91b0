"""Screens draw the engine's legal actions and send them back: no module under
companion/ui/ asks the engine whether a command is legal, builds a command of its own, or
reaches the engine anywhere but its views, commands (to name an action's type) and actions.
A walk over the code, with planted violations to show it finds each kind."""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "companion" / "ui"
# The engine modules a screen may import: what it renders, the names of what it sends.
ALLOWED_ENGINE = {"companion.engine.views", "companion.engine.commands", "companion.engine.actions"}
# Asking the engine about a command, or deciding a confirmation in the screen.
FORBIDDEN_CALLS = {"check", "refusal", "refusal_text", "when_disabled", "command_button", "show_command",
                   "parse_command"}
FORBIDDEN_KEYWORDS = {"confirm_key"}
# A new game is the one command sent before any game (and feed) exists: the setup form's.
SETUP_FORM = {"NewGame", "PlayerSetup"}
# Type names from engine.commands that are not commands.
NOT_COMMANDS = {"GameCommand"}


def _engine_module(node: ast.ImportFrom, path: Path) -> str | None:
    if node.level:
        parts = list(path.with_suffix("").parts)
        parts = parts[len(parts) - 1 - parts[::-1].index("companion"):][: -node.level]
        module = ".".join(parts + ([node.module] if node.module else []))
    else:
        module = node.module or ""
    return module if module == "companion.engine" or module.startswith("companion.engine.") else None


def faults_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    faults: list[str] = []
    commands: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = _engine_module(node, path)
            if module is None:
                continue
            if module not in ALLOWED_ENGINE:
                faults.append(f"imports {module} (line {node.lineno})")
            if module == "companion.engine.commands":
                commands |= {alias.asname or alias.name for alias in node.names} - NOT_COMMANDS
        elif isinstance(node, ast.Import):
            faults += [f"imports {alias.name} (line {node.lineno})" for alias in node.names
                       if alias.name.startswith("companion.engine")]
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
            if name in FORBIDDEN_CALLS:
                faults.append(f"calls {name} (line {node.lineno})")
            if isinstance(func, ast.Name) and func.id in commands and func.id not in SETUP_FORM:
                faults.append(f"builds a {func.id} (line {node.lineno})")
            faults += [f"passes {keyword.arg}= (line {node.lineno})" for keyword in node.keywords
                       if keyword.arg in FORBIDDEN_KEYWORDS]
    return faults


def all_faults(root: Path) -> dict[str, list[str]]:
    found = {}
    for path in sorted(root.rglob("*.py")):
        faults = faults_in(path)
        if faults:
            found[str(path.relative_to(root))] = faults
    return found


def test_no_screen_asks_builds_or_reaches_past_the_views():
    assert all_faults(UI) == {}


def test_the_walk_finds_each_planted_violation(tmp_path):
    planted = tmp_path / "companion" / "ui"
    shutil.copytree(UI, planted)
    screen = planted / "table" / "track_actions.py"
    screen.write_text(screen.read_text(encoding="utf-8") + "\n\n" + "\n".join([
        "from companion.engine.bag.odds import bag_odds",
        "import companion.engine.apply",
        "from ...engine.decks import attacks",
        "def _planted(ctx, gate, button):",
        "    ctx.session.check(AdvanceTime)",
        "    gate.refusal(None)",
        "    button.show_command(None, '')",
        "    gate.run(None, confirm_key='x')",
        "    return StartSelfDestruct()",
    ]) + "\n", encoding="utf-8")
    found = " | ".join(all_faults(planted)["table/track_actions.py"])
    for fault in ("imports companion.engine.bag.odds", "imports companion.engine.apply",
                  "imports companion.engine.decks", "calls check", "calls refusal", "calls show_command",
                  "passes confirm_key=", "builds a StartSelfDestruct"):
        assert fault in found, fault
