"""Console entry point: run the app, or check data, locales and recorded games."""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from pathlib import Path

from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, Translator

APP_NAME = "nemesis-companion"
DEFAULT_PORT = 8550


def default_data_dir() -> Path:
    # Mobile and desktop bundles built by `flet build` name their own storage.
    bundled = os.environ.get("FLET_APP_STORAGE_DATA")
    if bundled:
        return Path(bundled)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def has_display() -> bool:
    if platform.system() != "Linux":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=APP_NAME, description="Nemesis: Lockdown table companion")
    parser.add_argument("--web", action="store_true", help="serve the web client instead of the desktop window")
    parser.add_argument("--host", default="127.0.0.1", help="web server address (0.0.0.0 lets phones on the network join)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="web server port")
    parser.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the screens")
    parser.add_argument("--data-dir", type=Path, default=None, help="where games are saved")
    commands = parser.add_subparsers(dest="command")
    check_data = commands.add_parser("check-data", help="validate every rules data file")
    check_data.add_argument("--rules-dir", type=Path, default=None)
    check_locales = commands.add_parser("check-locales", help="report each language's coverage")
    check_locales.add_argument("--locales-dir", type=Path, default=None)
    replay = commands.add_parser("replay", help="apply a recorded list of commands and print the state as JSON")
    replay.add_argument("file", type=Path)
    replay.add_argument("--rules-dir", type=Path, default=None)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "check-data":
        from companion.checks import check_data

        return check_data(args.rules_dir)
    if args.command == "check-locales":
        from companion.checks import check_locales

        return check_locales(args.locales_dir)
    if args.command == "replay":
        from companion.replay import replay_file

        return replay_file(args.file, args.rules_dir)
    return run_app(web=args.web, host=args.host, port=args.port, language=args.lang, data_dir=args.data_dir)


def run_app(*, web: bool, host: str, port: int, language: str, data_dir: Path | None) -> int:
    import flet as ft

    from companion.startup import build_main

    translator = Translator(language)
    url = f"http://{host}:{port}"
    if web:
        print(translator.t("cli.serving", url=url), flush=True)
    elif not has_display():
        print(translator.t("cli.no_display", url=url), flush=True)
        web = True
    main_fn = build_main(language=language, data_dir=data_dir or default_data_dir())
    if web:
        ft.run(main_fn, view=ft.AppView.WEB_BROWSER, host=host, port=port, no_cdn=True)
    else:
        ft.run(main_fn)
    return 0


def run_bundled() -> None:
    """Started by a `flet build` bundle: the platform decides the window."""
    import flet as ft

    from companion.startup import build_main

    ft.run(build_main(language=DEFAULT_LANGUAGE, data_dir=default_data_dir()))


if __name__ == "__main__":
    sys.exit(main())
