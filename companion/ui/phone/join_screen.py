"""A browser that holds no seat: join by scanning the table's QR code or typing its code.

Kept (kit.kept): the code field is one control for the page's life, never swapped, so
what was typed stays (its focus and caret too)."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.hosting.code_attempts import CodeAttempt, CodeOutcome
from companion.hosting.secrets import CODE_ALPHABET, CODE_LENGTH

from .. import ids, theme
from ..context import UiContext
from ..kit.kept import ActionButton, KeptScreen
from companion.ui.phone import ids as phone_ids


class JoinScreen(KeptScreen):
    """`shell.join_with_code(typed)` tries a code and returns the attempt (None: the table
    takes no phones now); what to tell the player goes to `shell.tell(text)` and comes back
    as `shell.notice` when the page shows again."""

    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        self.title = ft.Text("", size=24, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)
        self.help_text = ft.Text("", size=16, text_align=ft.TextAlign.CENTER)
        # The code's own letters only (a dash or a space typed from "ABC-DEF" is left out), so the
        # field's counter, and what a screen reader says is left, count the code itself.
        self.field = ft.TextField(
            label="", hint_text="", max_length=CODE_LENGTH,
            # (Flet checks the whole text after each key: one that does not fit is not taken.)
            input_filter=ft.InputFilter(regex_string=f"^[{CODE_ALPHABET}]*$", case_sensitive=False),
            capitalization=ft.TextCapitalization.CHARACTERS, autofocus=not ctx.is_phone, text_size=24, width=260,
            on_submit=lambda _e: self._submit())
        self.submit = ActionButton(self.changes, phone_ids.JOIN_SUBMIT, icon=ft.Icons.LOGIN, page_of=self.page,
                                   on_tap=self._submit)
        # Always present (empty until there is something to say): a hidden control inside a
        # Semantics wrapper is an error on the web client.
        self.message = ft.Text("", size=15, color=theme.ORANGE)
        body = ft.Column([ft.Icon(ft.Icons.QR_CODE_SCANNER, size=64, color=theme.YELLOW), self.title, self.help_text,
                          ids.tag(phone_ids.JOIN_CODE, self.field), self.submit.root, ids.tag(phone_ids.JOIN_MESSAGE, self.message)],
                         spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        self.frame = ft.Container(body, padding=24, alignment=ft.Alignment.CENTER)
        self.root = ids.tag(phone_ids.JOIN_SCREEN, self.frame)

    def _submit(self) -> None:
        t = self.ctx.texts.t
        typed = (self.field.value or "").strip()
        if not typed or self.shell is None:
            return
        attempt: CodeAttempt | None = self.shell.join_with_code(typed)
        if attempt is None:
            self.shell.tell(t("ui.join.closed"))
        elif attempt.outcome is CodeOutcome.TOO_SOON:
            self.shell.tell(t("ui.join.wait", seconds=max(1, round(attempt.retry_after))))
        elif attempt.outcome is not CodeOutcome.ACCEPTED:  # accepted: the page becomes the seat's screen
            self.shell.tell(t("ui.join.wrong", seconds=max(1, round(attempt.retry_after))))

    def put_view(self) -> None:
        ctx, put = self.ctx, self.changes.put
        t = ctx.texts.t
        put(self.title, value=t("ui.join.title"))
        put(self.help_text, value=t("ui.join.help"))
        put(self.field, label=t("ui.join.code_label"), hint_text=t("ui.join.code_hint"))
        self.submit.show(t("ui.join.submit"), refused=None)
        notice = getattr(self.shell, "notice", None)
        put(self.message, value=notice or "")
        put(self.frame, width=min(ctx.width - 2 * theme.PAGE_PADDING, 520))
