"""The smallest Flet web app worth comparing against: one button that changes one Text.

Served the same way as the companion (web browser view, offline client), so what
bench_web measures beyond this app is the companion's own cost.

Run: python -m tests.benchmarks.empty_flet_app --port 8551
"""
from __future__ import annotations

import argparse

import flet as ft

BUTTON_ID = "empty-button"
TEXT_ID = "empty-text"


def main(page: ft.Page) -> None:
    taps = ft.Text("0", size=20)

    def tapped(_e) -> None:
        taps.value = str(int(taps.value) + 1)
        taps.update()

    # In the middle of the page, where a tap needs no scrolling.
    page.vertical_alignment = ft.MainAxisAlignment.CENTER
    page.horizontal_alignment = ft.CrossAxisAlignment.CENTER
    page.add(
        ft.Semantics(identifier=BUTTON_ID, content=ft.Button(content="Tap", on_click=tapped)),
        ft.Semantics(identifier=TEXT_ID, content=taps),
    )


def serve(host: str, port: int) -> None:
    ft.run(main, view=ft.AppView.WEB_BROWSER, host=host, port=port, no_cdn=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="an empty Flet web app")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    serve(args.host, args.port)
