"""Builds the Flet entry function: rules, store and controller, with errors shown, not raised."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from companion.i18n import Translator
from companion.rules import RulesDataError, load_rules


def build_main(*, language: str, data_dir: Path, rules_dir: Path | None = None) -> Callable:
    from companion.controller import TableController
    from companion.store import GameStore
    from companion.ui.app import make_main
    from companion.ui.fatal import make_fatal_main

    translator = Translator(language)
    try:
        rules = load_rules(rules_dir)
    except RulesDataError as error:
        # Without rules there is no game to run: show why, in the table's language.
        return make_fatal_main(
            language=language,
            message=translator.t(
                "error.rules_data",
                file=error.file,
                entry=error.entry or "-",
                field=error.field or "-",
            ),
        )
    store = GameStore(data_dir, rules=rules)
    controller = TableController(store, rules)
    startup_errors = [
        translator.t(summary.error_key, file=summary.path.name)
        for summary in store.list_games()
        if summary.error_key
    ]
    controller.resume_latest()
    return make_main(controller, language=language, startup_errors=startup_errors)
