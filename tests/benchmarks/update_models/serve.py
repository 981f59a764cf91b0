"""Serve one update model on the web, as the empty Flet app is served (ft.run, web browser
view, offline client), the table's page resuming the latest game in `--data-dir`.

Run: python -m tests.benchmarks.update_models.serve --model B --data-dir DIR --port 8551
     [--keep-index] [--no-fast-path] [--flet-transport]

Flet's patches as each model ships (A: all three; B and C: diff_fast_path and
quiet_transport; live_index under every model for the screens still rebuilt), each
switchable to measure it."""
from __future__ import annotations

import argparse

import flet as ft

from companion.seats.controller import TableController
from companion.rules import load_rules
from companion.store import GameStore


def main() -> None:
    parser = argparse.ArgumentParser(description="serve one update model of the companion's table page")
    parser.add_argument("--model", choices=["A", "B", "C"], required=True)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--keep-index", choices=["yes", "no", "as-shipped"], default="as-shipped",
                        help="live_index on the whole page after every render (as shipped: A yes, B and C only "
                             "under the screens still rebuilt)")
    parser.add_argument("--no-fast-path", action="store_true", help="Flet's diff without diff_fast_path")
    parser.add_argument("--flet-transport", action="store_true", help="Flet's transport without quiet_transport")
    args = parser.parse_args()

    from companion.hosting.flet_patches import install_quiet_transport
    from companion.hosting.flet_patches import install_diff_fast_path

    from .rig import app_class, open_app

    if not args.flet_transport:
        install_quiet_transport()
    if not args.no_fast_path:
        install_diff_fast_path()
    keep_index = {"yes": True, "no": False}.get(args.keep_index, True if args.model == "A" else None)
    app = app_class(args.model, keep_index=keep_index)
    rules = load_rules()
    controller = TableController(GameStore(args.data_dir, rules=rules), rules)
    if controller.resume_latest() is None:
        raise SystemExit(f"no game to resume in {args.data_dir}")

    def page_main(page: ft.Page) -> None:
        open_app(app, page, controller).start()

    ft.run(page_main, view=ft.AppView.WEB_BROWSER, host=args.host, port=args.port, no_cdn=True)


if __name__ == "__main__":
    main()
