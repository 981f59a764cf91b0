"""A browser that holds no seat: join by scanning the table's QR code or typing its code."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.hosting.code_attempts import CodeAttempt, CodeOutcome
from companion.hosting.secrets import CODE_ALPHABET, CODE_LENGTH

from .. import ids, theme
from ..context import UiContext
from ..kit.memo import kept_panel


def build_join_screen(ctx: UiContext, *, on_code: Callable[[str], CodeAttempt | None],
                      message: str | None = None, on_message: Callable[[str], None] = lambda _text: None) -> ft.Control:
    """`on_code(typed)` tries a code; it returns the attempt (None: the table takes no phones
    now). What to tell the player goes to `on_message`, and comes back as `message` when
    the page draws again. The code field is kept across redraws, so what was typed stays."""
    t = ctx.texts.t
    # Always present (empty until there is something to say): a hidden control inside a
    # Semantics wrapper is an error on the web client.
    shown = ft.Text(message or "", size=15, color=theme.ORANGE)

    def submit(_e=None) -> None:
        typed = (field.value or "").strip()
        if not typed:
            return
        attempt = on_code(typed)
        if attempt is None:
            on_message(t("ui.join.closed"))
        elif attempt.outcome is CodeOutcome.TOO_SOON:
            on_message(t("ui.join.wait", seconds=max(1, round(attempt.retry_after))))
        elif attempt.outcome is not CodeOutcome.ACCEPTED:  # accepted: the page becomes the seat's screen
            on_message(t("ui.join.wrong", seconds=max(1, round(attempt.retry_after))))

    # The code's own letters only (a dash or a space typed from "ABC-DEF" is left out), so the
    # field's counter, and what a screen reader says is left, count the code itself.
    field = kept_panel(ctx, "join-code", None, lambda: ft.TextField(
        label=t("ui.join.code_label"), hint_text=t("ui.join.code_hint"), max_length=CODE_LENGTH,
        # (Flet checks the whole text after each key: one that does not fit is not taken.)
        input_filter=ft.InputFilter(regex_string=f"^[{CODE_ALPHABET}]*$", case_sensitive=False),
        capitalization=ft.TextCapitalization.CHARACTERS, autofocus=not ctx.is_phone, text_size=24, width=260,
        on_submit=submit))
    body = ft.Column([
        ft.Icon(ft.Icons.QR_CODE_SCANNER, size=64, color=theme.YELLOW),
        ft.Text(t("ui.join.title"), size=24, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
        ft.Text(t("ui.join.help"), size=16, text_align=ft.TextAlign.CENTER),
        ids.tag(ids.JOIN_CODE, field),
        ids.tag(ids.JOIN_SUBMIT, ft.Button(content=t("ui.join.submit"), icon=ft.Icons.LOGIN, on_click=submit,
                                            height=48)),
        ids.tag(ids.JOIN_MESSAGE, shown),
    ], spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    return ids.tag(ids.JOIN_SCREEN, ft.Container(body, padding=24, alignment=ft.Alignment.CENTER,
                                                 width=min(ctx.width - 2 * theme.PAGE_PADDING, 520)))
