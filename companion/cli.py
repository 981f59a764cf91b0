"""Console entry point: run the app, or check data, locales and recorded games."""
from __future__ import annotations

import argparse
import errno
import os
import platform
import socket
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
    parser.add_argument("--port", type=_port_number, default=DEFAULT_PORT, help="web server port")
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
    from companion.startup import NoUsableLanguage, choose_language, prepare

    try:
        choice = choose_language(language)
    except NoUsableLanguage as error:
        print(f"{APP_NAME}: {error}", file=sys.stderr, flush=True)
        return 1
    for notice in choice.notices:
        print(notice, file=sys.stderr, flush=True)
    translator = Translator(choice.language)
    desktop_problem = None
    if web:
        view, line_key = "web", "cli.serving"
    elif not has_display():
        view, line_key = "web", "cli.no_display"
    else:
        desktop_problem = _prepare_desktop_client(translator)
        view, line_key = "desktop", None
        if desktop_problem is not None:
            view = "fallback"
            line_key = "startup.desktop_offline" if desktop_problem.offline else "startup.desktop_broken"
    if view != "desktop":
        refused = _cannot_listen(host, port)
        if refused is not None and view == "fallback" and refused.errno == errno.EADDRINUSE:
            port = _free_port(host)  # nobody asked for this port: any free one will do
        elif refused is not None:
            print(_listen_problem(translator, host, port, refused), file=sys.stderr, flush=True)
            return 1
    url = f"http://{host}:{port}"
    if line_key is not None:
        print(translator.t(line_key, url=url, reason=getattr(desktop_problem, "reason", "")), flush=True)
    startup = prepare(choice=choice, data_dir=data_dir or default_data_dir())
    if startup.rules_problem is not None:
        print(startup.rules_problem, file=sys.stderr, flush=True)
    _serve(view, startup.main, host=host, port=port, url=url)
    # The error screen was all the app could show.
    return 1 if startup.rules_problem is not None else 0


def _serve(view: str, main_fn, *, host: str, port: int, url: str) -> None:
    import flet as ft

    if view == "desktop":
        ft.run(main_fn)
    elif view == "fallback":
        _serve_web_and_open_browser(main_fn, host=host, port=port, url=url)
    else:
        ft.run(main_fn, view=ft.AppView.WEB_BROWSER, host=host, port=port, no_cdn=True)


def _port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port number is 1-65535, not {port}")
    return port


def _cannot_listen(host: str, port: int) -> OSError | None:
    """Why the web server could not listen on host:port, found before it tries (and fails noisily)."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the web server binds
            probe.bind(address)
    except OSError as error:
        return error
    return None


def _free_port(host: str) -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def _listen_problem(translator: Translator, host: str, port: int, error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return translator.t("startup.port_in_use", port=port)
    return translator.t("startup.cannot_listen", address=f"{host}:{port}", reason=error.strerror or str(error))


def _prepare_desktop_client(translator: Translator):
    from companion import desktop_client

    def notice() -> None:
        print(translator.t("startup.desktop_downloading"), flush=True)

    return desktop_client.prepare(download_notice=notice)


def _serve_web_and_open_browser(main_fn, *, host: str, port: int, url: str) -> None:
    """The web client in place of the desktop window, opened in the browser if there is one."""
    import flet as ft

    from companion.desktop_client import open_browser_when_ready

    # Flet would open the browser itself, from inside the server's start-up where a failure
    # stops the server; this process opens it once the server listens, and survives a failure.
    previous = os.environ.get("FLET_FORCE_WEB_SERVER")
    os.environ["FLET_FORCE_WEB_SERVER"] = "true"
    try:
        open_browser_when_ready(url, host, port)
        ft.run(main_fn, view=ft.AppView.WEB_BROWSER, host=host, port=port, no_cdn=True)
    finally:
        if previous is None:
            os.environ.pop("FLET_FORCE_WEB_SERVER", None)
        else:
            os.environ["FLET_FORCE_WEB_SERVER"] = previous


def run_bundled() -> None:
    """Started by a `flet build` bundle: the platform decides the window."""
    import flet as ft

    from companion.startup import build_main

    ft.run(build_main(language=DEFAULT_LANGUAGE, data_dir=default_data_dir()))


if __name__ == "__main__":
    sys.exit(main())
