"""The app's one dialog (Dialog), the two questions it asks most (confirm, choose), and the
one message at the bottom (show_message: errors and explanations)."""
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


class Dialog:
    """The app's one dialog: modal, announced to screen readers as what it is (its title,
    unless `label` says), not as Flutter's "Alert", and closing only itself
    (page.pop_dialog() would close whichever is on top). Built when it opens; `show` again
    refills it in place (a language switch, a new entry)."""

    def __init__(self, page: ft.Page, texts: Texts, **look) -> None:
        self.page = page
        self.texts = texts
        self.control = ft.AlertDialog(modal=True, **look)

    @property
    def is_open(self) -> bool:
        return bool(self.control.open)

    def show(self, *, title: str | ft.Control | None, body: str | ft.Control, actions: Sequence[ft.Control],
             label: str | None = None, **look) -> None:
        dialog = self.control
        dialog.title = ft.Text(title, size=20, weight=ft.FontWeight.BOLD) if isinstance(title, str) else title
        dialog.content = ft.Text(body, size=16) if isinstance(body, str) else body
        dialog.actions = list(actions)
        for name, value in look.items():
            setattr(dialog, name, value)
        dialog.semantics_label = label or title_text(dialog.title)  # follows a language switch
        if dialog.open:
            self.refresh()
        else:
            self.page.show_dialog(dialog)

    def refresh(self) -> None:
        """Send what changed in the open dialog (a detached one, as in tests, needs nothing)."""
        try:
            self.control.update()
        except RuntimeError:
            pass

    def close(self, _e=None) -> None:
        if self.control.open:
            self.control.open = False
            self.refresh()

    def answer(self, then: Callable[[], None]) -> Callable:
        """A tap that closes the dialog, then does `then` in its turn (busy.in_turn). A second
        tap on the closing dialog does nothing: the first one answered it."""

        def handler(_e) -> Iterator[None]:
            if not self.control.open:
                return
            self.close()
            yield from in_turn(self.page, then)

        return handler

    def button(self, label_key: str, identifier: str, then: Callable[[], None] | None = None, *,
               primary: bool = False, danger: bool = False) -> ft.Control:
        """A button of the dialog's foot: it closes the dialog, then does `then` if any."""
        label = self.texts.t(label_key)
        on_click = self.close if then is None else self.answer(then)
        if primary:
            style = ft.ButtonStyle(bgcolor=theme.RED if danger else theme.BLUE, color=theme.TEXT)
            button: ft.Control = ft.Button(content=label, on_click=on_click, style=style)
        else:
            button = ft.TextButton(content=label, on_click=on_click)
        return ids.tag(identifier, button)


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
    dialog = Dialog(page, texts)
    dialog.show(title=title, body=body, actions=[
        dialog.button("ui.common.cancel", ids.CONFIRM_CANCEL),
        dialog.button(ok_key, ids.CONFIRM_OK, on_confirm, primary=True, danger=danger),
    ])
    return dialog.control


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
    dialog = Dialog(page, texts)
    buttons = [
        ids.tag(ids.choice(value), ft.Button(content=label, width=260,
                                             on_click=dialog.answer(lambda value=value: on_choice(value))))
        for value, label in options
    ]
    items: list[ft.Control] = [ft.Text(body, size=15)] if body else []
    dialog.show(title=title, body=ft.Column(items + buttons, tight=True, spacing=8,
                                            horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                actions=[dialog.button("ui.common.cancel", ids.CONFIRM_CANCEL)])
    return dialog.control
