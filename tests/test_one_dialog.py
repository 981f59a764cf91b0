"""One dialog component: every dialog under companion/ui/ is a dialogs.Dialog (modal,
announced by its title, closing only itself); no module builds an AlertDialog of its own."""
from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "companion" / "ui"
HOME = UI / "dialogs.py"
# Flet's dialog kinds: built only by the component.
DIALOG_KINDS = {"AlertDialog", "CupertinoAlertDialog"}


def built_dialogs(source: str) -> list[int]:
    """The lines that build a Flet dialog (`ft.AlertDialog(…)`, or the name imported)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        if name in DIALOG_KINDS:
            lines.append(node.lineno)
    return sorted(lines)


def test_no_module_but_the_component_builds_a_dialog():
    found = {str(path.relative_to(UI)): lines for path in sorted(UI.rglob("*.py")) if path != HOME
             if (lines := built_dialogs(path.read_text(encoding="utf-8")))}
    assert found == {}
    assert built_dialogs(HOME.read_text(encoding="utf-8")), "the component builds the dialog"


def test_a_dialog_built_by_hand_is_found():
    planted = (
        "import flet as ft\n"
        "from flet import AlertDialog\n"
        "def ask(page):\n"
        "    page.show_dialog(ft.AlertDialog(modal=True))\n"
        "    return AlertDialog()\n"
    )
    assert built_dialogs(planted) == [4, 5]
    assert built_dialogs("def fine(page):\n    return page.width\n") == []
