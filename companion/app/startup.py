"""Starting the app: the working language, then rules, store and controller, with errors shown, not raised."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from companion.app import problem_text
from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, Translator
from companion.i18n.catalog import language_problems
from companion.rules import RulesDataError, load_rules

if TYPE_CHECKING:
    from companion.seats.phone_access import PhoneAccess
    from companion.seats.seating import Seating
    from companion.store import GameStore


class NoUsableLanguage(Exception):
    """Every language's locale files are broken: there is no text to show anything in."""


@dataclass(frozen=True)
class LanguageChoice:
    language: str  # the working language: the one asked for, unless its files are broken
    notices: tuple[str, ...]  # in `language`: which languages are off, and why
    languages: tuple[str, ...]  # those a player can switch to


def choose_language(requested: str) -> LanguageChoice:
    """A broken language is switched off; if it is the one asked for, another one is used."""
    problems = language_problems()
    usable = tuple(lang for lang in LANGUAGES if lang not in problems)
    if not usable:
        raise NoUsableLanguage("no language can be used: " + "; ".join(str(error) for error in problems.values()))
    if requested in usable:
        language, notices = requested, []
    else:
        language = DEFAULT_LANGUAGE if DEFAULT_LANGUAGE in usable else usable[0]
        t = Translator(language)
        notices = [problem_text.language_fallback(t, requested, language, problems[requested])]
    t = Translator(language)
    notices += [problem_text.language_disabled(t, lang, error)
                for lang, error in problems.items() if lang != requested]
    return LanguageChoice(language=language, notices=tuple(notices), languages=usable)


@dataclass(frozen=True)
class Startup:
    # make(access, trusted) -> a Flet main: `trusted` for the desktop window (always the
    # table), else a web page is what its address makes it.
    make: Callable[["PhoneAccess | None", bool], Callable]
    rules_problem: str | None  # one line, in the working language, when the rules data cannot be used
    seating: "Seating | None" = None
    # In the working language: why saved games are read-only here, and each unusable file.
    store_problems: tuple[str, ...] = ()
    # Moves with every change of the game (the controller's version); None without rules.
    changes: Callable[[], int] | None = None

    @property
    def main(self) -> Callable:
        """The table's main without phones (bundles, where the platform decides the window)."""
        return self.make(None, True)

    def page_main(self, access: "PhoneAccess | None", *, trusted: bool) -> Callable:
        return self.make(access, trusted)


def prepare(*, choice: LanguageChoice, data_dir: Path, rules_dir: Path | None = None) -> Startup:
    from companion.seats.controller import TableController
    from companion.store import GameStore
    from companion.app.pages import make_main
    from companion.ui.fatal import make_fatal_main

    language = choice.language
    translator = Translator(language)
    try:
        rules = load_rules(rules_dir)
    except RulesDataError as raised:
        error = raised  # the except clause unbinds its name; the screen describes it later
        # Without rules there is no game to run: show why, in the table's language.
        fatal = make_fatal_main(
            language=language,
            languages=choice.languages,
            describe=lambda lang: problem_text.rules_error(Translator(lang), error),
        )
        return Startup(make=lambda _access, _trusted: fatal, rules_problem=problem_text.rules_error(translator, error))
    store = GameStore(data_dir, rules=rules)
    controller = TableController(store, rules)
    store_problems = _store_problems(translator, store)
    failed: list = []
    controller.resume_latest(failed)
    store_problems += [translator.error(error) for error in failed]
    startup_errors = list(choice.notices) + store_problems
    from companion.seats.seating import Seating

    seating = Seating(controller, data_dir)

    def make(access: "PhoneAccess | None", trusted: bool) -> Callable:
        return make_main(controller, language=language, startup_errors=startup_errors,
                         seating=seating if access is not None else None, phone_access=access, trusted=trusted)

    return Startup(make=make, rules_problem=None, seating=seating, store_problems=tuple(store_problems),
                   changes=lambda: controller.version)


def _store_problems(translator: Translator, store: "GameStore") -> list[str]:
    """Whether this process may save here, then every saved game that cannot be opened."""
    problems = []
    folder_problem = store.claim()
    if folder_problem is not None:
        problems.append(translator.t(folder_problem, folder=str(store.data_dir)))
    problems += [translator.t(summary.error_key, **summary.problem)
                 for summary in store.list_games() if summary.error_key]
    return problems


def build_main(*, language: str, data_dir: Path, rules_dir: Path | None = None) -> Callable:
    """The entry function alone, for bundles, where the screen is the only place to say what is wrong."""
    try:
        choice = choose_language(language)
    except NoUsableLanguage as error:
        from companion.ui.fatal import make_fatal_main

        message = str(error)
        return make_fatal_main(language=None, languages=(), describe=lambda _lang: message)
    return prepare(choice=choice, data_dir=data_dir, rules_dir=rules_dir).main

