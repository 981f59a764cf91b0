"""`check-data` and `check-locales`: one summary line on success, the culprit on failure."""
from __future__ import annotations

import sys
from pathlib import Path

from companion.rules import RulesDataError, load_rules, summarise


def check_data(rules_dir: Path | None) -> int:
    try:
        rules = load_rules(rules_dir)
    except RulesDataError as error:
        print(str(error), file=sys.stderr)
        return 1
    print(summarise(rules))
    return 0


def check_locales(locales_dir: Path | None = None) -> int:
    from companion.i18n import LocaleError
    from companion.rules_ref.validation import check_locales as run_check

    try:
        report = run_check(locales_dir)
    except LocaleError as error:
        print(str(error), file=sys.stderr)
        return 1
    for line in report.summary_lines():
        print(line)
    return 0 if report.ok else 1
