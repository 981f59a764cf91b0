"""Generic dialogs: confirm, pick one of several, and error/explanation snackbars."""
from __future__ import annotations

from typing import Callable, Iterator, Sequence

import flet as ft

from . import ids, theme
from .busy import in_turn
from .i18n_view import Texts


def title_text(title) -> str | None:
    """The words of a dialog's title (a text, or the first text in a row of icon and text)."""
    if isinstance(title, str):
        return title or None
    if isinstance(title, ft.Text):
        return title.value or None
    for part in getattr(title, "controls", None) or []:
        found = title_text(part)
        if found:
            return found
    return None


def show_dialog(page: ft.Page, dialog: ft.AlertDialog, label: str | None = None) -> None:
    """Open `dialog`, announced to screen readers as what it is (its title, unless `label`
    says), not as Flutter's "Alert"."""
    dialog.semantics_label = label or title_text(dialog.title) or dialog.semantics_label
    page.show_dialog(dialog)


def close(page: ft.Page, dialog: ft.AlertDialog) -> None:
    """Close this very dialog (page.pop_dialog() would close whichever is on top)."""
    if dialog.open:
        dialog.open = False
        dialog.update()


def show_message(page: ft.Page, text: str, *, error: bool = True) -> None:
    """A short message at the bottom; errors stay a little longer (they explain a refusal)."""
    page.show_dialog(
        ft.SnackBar(
            content=ft.Text(text, color=theme.TEXT, size=15),
            bgcolor=theme.DANGER_BG if error else theme.SURFACE_HIGH,
            duration=ft.Duration(milliseconds=6000 if error else 3000),
            show_close_icon=True,
            close_icon_color=theme.TEXT,
        )
    )


def dialog_button(texts: Texts, label_key: str, identifier: str, on_click, *, primary: bool = False,
                  danger: bool = False) -> ft.Control:
    label = texts.t(label_key)
    if primary:
        style = ft.ButtonStyle(bgcolor=theme.RED if danger else theme.BLUE, color=theme.TEXT)
        button: ft.Control = ft.Button(content=label, on_click=on_click, style=style)
    else:
        button = ft.TextButton(content=label, on_click=on_click)
    return ids.tag(identifier, button)


def confirm(
    page: ft.Page,
    texts: Texts,
    *,
    title: str,
    body: str | ft.Control,
    on_confirm: Callable[[], None],
    ok_key: str = "ui.common.confirm",
    danger: bool = True,
) -> ft.AlertDialog:
    """Ask before something the table cannot take back."""
    dialog = ft.AlertDialog(modal=True)

    def ok(_e) -> Iterator[None]:
        if not dialog.open:
            return  # a second tap on a closing dialog: the first one answered it
        close(page, dialog)
        yield from in_turn(page, on_confirm)

    dialog.title = ft.Text(title, size=20, weight=ft.FontWeight.BOLD)
    dialog.content = ft.Text(body, size=16) if isinstance(body, str) else body
    dialog.actions = [
        dialog_button(texts, "ui.common.cancel", ids.CONFIRM_CANCEL, lambda _e: close(page, dialog)),
        dialog_button(texts, ok_key, ids.CONFIRM_OK, ok, primary=True, danger=danger),
    ]
    show_dialog(page, dialog)
    return dialog


def choose(
    page: ft.Page,
    texts: Texts,
    *,
    title: str,
    options: Sequence[tuple[str, str]],
    on_choice: Callable[[str], None],
    body: str | None = None,
) -> ft.AlertDialog:
    """Pick one value among `options` (value, label): one big button each."""
    dialog = ft.AlertDialog(modal=True)

    def picked(value: str) -> Callable:
        def handler(_e) -> Iterator[None]:
            close(page, dialog)
            yield from in_turn(page, lambda: on_choice(value))

        return handler

    buttons = [
        ids.tag(ids.choice(value), ft.Button(content=label, on_click=picked(value), width=260))
        for value, label in options
    ]
    items: list[ft.Control] = [ft.Text(body, size=15)] if body else []
    dialog.title = ft.Text(title, size=20, weight=ft.FontWeight.BOLD)
    dialog.content = ft.Column(items + buttons, tight=True, spacing=8,
                               horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    dialog.actions = [
        dialog_button(texts, "ui.common.cancel", ids.CONFIRM_CANCEL, lambda _e: close(page, dialog))
    ]
    show_dialog(page, dialog)
    return dialog
