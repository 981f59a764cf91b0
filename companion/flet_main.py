"""Entry point for `flet build` (mobile and desktop bundles).

The bundle's root is this package's folder, so register it under its real
name before importing anything from it.
"""
import importlib.util
import sys
from pathlib import Path

if "companion" not in sys.modules:
    _here = Path(__file__).resolve().parent
    _spec = importlib.util.spec_from_file_location(
        "companion", _here / "__init__.py", submodule_search_locations=[str(_here)]
    )
    _module = importlib.util.module_from_spec(_spec)
    sys.modules["companion"] = _module
    _spec.loader.exec_module(_module)

from companion.app.cli import run_bundled  # noqa: E402

run_bundled()
