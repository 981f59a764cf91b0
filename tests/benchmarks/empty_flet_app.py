"""The smallest Flet web app worth comparing against: one button that changes one Text.

Served the same way as the companion (web browser view, offline client), so what
bench_web measures beyond this app is the companion's own cost.

With `--controls N` it also holds N controls that never change, drawn as the companion
draws its panels (rounded, framed cards with a heading and a line of text): the same tap
on a page as full as the companion's shows what the page's size alone costs.

With `--screens 2` it is two such screens, each with a button that shows the other one:
both are kept on the page and a switch only changes which is visible (each screen is
isolated, so the update sends the two visibilities and walks neither screen).

Run: python -m tests.benchmarks.empty_flet_app --port 8551 [--controls 560] [--screens 2]
"""
from __future__ import annotations

import argparse

import flet as ft

BUTTON_ID = "empty-button"
TEXT_ID = "empty-text"
# A static card: its Container, Column, heading, Row and two Texts.
CONTROLS_PER_CARD = 6


def static_cards(controls: int) -> list[ft.Control]:
    """Cards holding about `controls` controls between them (a multiple of a card's six)."""
    return [
        ft.Container(
            ft.Column([ft.Text(f"Panel {n + 1}", size=16, weight=ft.FontWeight.BOLD),
                       ft.Row([ft.Text("Value", size=15, expand=True), ft.Text(str(n), size=20)])],
                      spacing=8, tight=True),
            bgcolor="#1b2128", border_radius=10, padding=12, border=ft.Border.all(1, "#3a4552"),
        )
        for n in range(round(controls / CONTROLS_PER_CARD))
    ]


def app_main(controls: int):
    def main(page: ft.Page) -> None:
        taps = ft.Text("0", size=20)

        def tapped(_e) -> None:
            taps.value = str(int(taps.value) + 1)
            taps.update()

        # In the middle of the page, where a tap needs no scrolling.
        page.vertical_alignment = ft.MainAxisAlignment.CENTER
        page.horizontal_alignment = ft.CrossAxisAlignment.CENTER
        if controls:
            # The button and its text first, the cards below them, as the companion's
            # first screen has its actions on top and scrolls.
            page.vertical_alignment = ft.MainAxisAlignment.START
            page.scroll = ft.ScrollMode.AUTO
        page.add(
            ft.Semantics(identifier=BUTTON_ID, content=ft.Button(content="Tap", on_click=tapped)),
            ft.Semantics(identifier=TEXT_ID, content=taps),
            *static_cards(controls),
        )

    return main


def switch_id(screen: int) -> str:
    return f"empty-switch-{screen}"


def marker_id(screen: int) -> str:
    return f"empty-screen-{screen}"


@ft.control(isolated=True)
class _Screen(ft.Container):
    """A kept screen: an update of the page sends its visibility, not its controls."""


def two_screens_main(controls: int):
    def main(page: ft.Page) -> None:
        screens: list[_Screen] = []

        def show(index: int) -> None:
            for n, screen in enumerate(screens):
                screen.visible = n == index
            page.update()

        for n in range(2):
            other = 1 - n
            screens.append(_Screen(visible=n == 0, content=ft.Column([
                ft.Semantics(identifier=switch_id(n + 1), content=ft.Button(
                    content=f"Screen {other + 1}", on_click=lambda _e, other=other: show(other))),
                ft.Semantics(identifier=marker_id(n + 1), content=ft.Text(f"Screen {n + 1}", size=20)),
                *static_cards(controls),
            ])))
        page.vertical_alignment = ft.MainAxisAlignment.START
        page.horizontal_alignment = ft.CrossAxisAlignment.CENTER
        page.scroll = ft.ScrollMode.AUTO
        page.add(*screens)

    return main


main = app_main(0)


def serve(host: str, port: int, controls: int = 0, screens: int = 1) -> None:
    target = two_screens_main(controls) if screens == 2 else app_main(controls)
    ft.run(target, view=ft.AppView.WEB_BROWSER, host=host, port=port, no_cdn=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="an empty Flet web app")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--controls", type=int, default=0, help="static controls below the button (default 0)")
    parser.add_argument("--screens", type=int, choices=[1, 2], default=1,
                        help="2: two screens of that many controls each, switched by a button on each")
    args = parser.parse_args()
    serve(args.host, args.port, args.controls, args.screens)
