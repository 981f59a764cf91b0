"""Console entry point: run the app, or check data, locales and recorded games."""
from __future__ import annotations

import argparse
import errno
import os
import platform
import sys
from pathlib import Path

from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, Translator

APP_NAME = "nemesis-companion"
DEFAULT_PORT = 8550
# Every interface: the phones at the table open the server at its local network address.
# What keeps the table's game its own is in the README (Phones at the table).
PHONES_HOST = "0.0.0.0"


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
    parser.add_argument("--host", default=None,
                        help="web server address (default 0.0.0.0: phones on the local network reach it;"
                             " 127.0.0.1 keeps it to this computer)")
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
        from companion.app.checks import check_data

        return check_data(args.rules_dir)
    if args.command == "check-locales":
        from companion.app.checks import check_locales

        return check_locales(args.locales_dir)
    if args.command == "replay":
        from companion.app.replay import replay_file

        return replay_file(args.file, args.rules_dir)
    return run_app(web=args.web, host=args.host, port=args.port, language=args.lang, data_dir=args.data_dir)


def run_app(*, web: bool, host: str | None, port: int, language: str, data_dir: Path | None) -> int:
    from companion.app.startup import NoUsableLanguage, choose_language, prepare

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
    startup = prepare(choice=choice, data_dir=data_dir or default_data_dir())
    if startup.rules_problem is not None:
        print(startup.rules_problem, file=sys.stderr, flush=True)
    for problem in startup.store_problems:
        print(problem, file=sys.stderr, flush=True)
    if view == "desktop":
        _run_desktop(startup, host=host or PHONES_HOST, port=port, language=choice.language)
    else:
        served = _serve_web(startup, translator, host=host or PHONES_HOST, port=port, line_key=line_key,
                            reason=getattr(desktop_problem, "reason", ""), open_browser=view == "fallback")
        if not served:
            return 1
    # The error screen was all the app could show.
    return 1 if startup.rules_problem is not None else 0


def _collect_when_idle(startup) -> None:
    """Full garbage collections wait for a still moment (hosting/idle_gc.py)."""
    if startup.changes is not None:
        from companion.hosting.idle_gc import IdleCollector

        IdleCollector(startup.changes).start()


def _freeze_startup_objects() -> None:
    """What startup loaded (rules, locales, Flet, the web server) lives as long as the
    process: out of the garbage collector's full scans, which otherwise walk it all (about
    80 ms, measured on the table's server) in the middle of whatever tap is running."""
    import gc

    gc.collect()
    gc.freeze()


def _run_desktop(startup, *, host: str, port: int, language: str) -> None:
    """The window is the table; *Players join* starts a web server for the phones on
    host:port, which stops with the window."""
    import flet as ft

    from companion.seats.phone_access import PhoneAccess

    access = PhoneAccess(host=host, port=port, make_main=lambda: startup.page_main(access, trusted=False),
                         language=language)
    _freeze_startup_objects()
    _collect_when_idle(startup)
    try:
        ft.run(startup.page_main(access, trusted=True))
    finally:
        access.stop()


def _serve_web(startup, translator: Translator, *, host: str, port: int, line_key: str, reason: str,
               open_browser: bool) -> bool:
    """One web server for the table and the phones. Only a browser holding the table's
    address (with its host key) is the table; that address is printed here."""
    from companion.hosting.join_urls import table_url
    from companion.hosting.server import serve
    from companion.seats.phone_access import PhoneAccess

    access = PhoneAccess(host=host, port=port)
    try:
        server = serve(startup.page_main(access, trusted=False), host=host, port=port, language=translator.lang)
    except OSError as error:
        if open_browser and error.errno == errno.EADDRINUSE:
            server = serve(startup.page_main(access, trusted=False), host=host, port=0, language=translator.lang)
        else:
            print(_listen_problem(translator, host, port, error), file=sys.stderr, flush=True)
            return False
    access.attach(server)
    url = server.local_url
    if startup.seating is not None:
        url = table_url(server.local_url, startup.seating.host_key)
    print(translator.t(line_key, url=url, reason=reason), flush=True)
    if startup.seating is not None:
        # A tablet as the table opens it at the local network address.
        lan = [table_url(base, startup.seating.host_key) for base in server.phone_urls()[:1]]
        for link in lan:
            print(translator.t("cli.serving_lan", url=link), flush=True)
        _print_qr((lan or [url])[0])
    if open_browser:
        from companion.app.desktop_client import open_browser_when_ready

        open_browser_when_ready(url, host, server.port)
    _freeze_startup_objects()
    _collect_when_idle(startup)
    server.serve_forever()
    return True


def _print_qr(url: str) -> None:
    """The table's address as a QR code in the terminal, for a tablet to open it."""
    import io

    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(url)
    out = io.StringIO()
    try:
        code.print_ascii(out=out, invert=True)
    except Exception:  # noqa: BLE001 - a terminal that cannot show it still has the address above
        return
    print(out.getvalue(), flush=True)


def _port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port number is 1-65535, not {port}")
    return port


def _listen_problem(translator: Translator, host: str, port: int, error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return translator.t("startup.port_in_use", port=port)
    return translator.t("startup.cannot_listen", address=f"{host}:{port}", reason=error.strerror or str(error))


def _prepare_desktop_client(translator: Translator):
    from companion.app import desktop_client

    def notice() -> None:
        print(translator.t("startup.desktop_downloading"), flush=True)

    return desktop_client.prepare(download_notice=notice)


def run_bundled() -> None:
    """Started by a `flet build` bundle: the platform decides the window."""
    import flet as ft

    from companion.app.startup import build_main

    ft.run(build_main(language=DEFAULT_LANGUAGE, data_dir=default_data_dir()))


if __name__ == "__main__":
    sys.exit(main())
