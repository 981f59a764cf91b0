"""The last token out of the bag, large and kept (kit.kept): its kind, both numbers with the
applied one highlighted and why, and the verdict (a Surprise Attack banner, or what to do
now); a Surprise Attack leads to the attack screen in one tap. reveal.build_reveal draws
the same for screens that are still rebuilt."""
from __future__ import annotations

import flet as ft

from companion.engine.views import BagDraw, DrawResult
from companion.engine.views import PendingAttack, PendingKind

from .. import ids, theme
from ..i18n_view import Texts
from ..kit.kept import ActionButton, Card, Changes, KeptScreen
from ..kit.kinds import DARK_ICON, KIND_COLOURS, KIND_ICONS, LIGHT_ICON, kind_name
from .reveal import (BAG_SCREEN, ENCOUNTERS, NO_SURPRISE_BG, SURPRISE_BG, _heading, _player, numbers_unconfirmed,
                     open_surprise_attack, result_text)
from companion.ui.bag import ids as bag_ids


class NumberBox:
    """One of a token's two numbers; the applied one bright and framed, the other dimmed."""

    def __init__(self, changes: Changes, icon, scale: float) -> None:
        self.changes = changes
        self.icon = ft.Icon(icon, size=16 * scale)
        self.caption = ft.Text("", size=12 * scale, text_align=ft.TextAlign.CENTER)
        self.number = ft.Text("", size=40 * scale, weight=ft.FontWeight.BOLD)
        self.applied = ft.Text("", size=12 * scale, weight=ft.FontWeight.BOLD, color="#1a1d21")
        # The icon over its caption, which takes the box's whole width and may wrap: beside
        # the icon, "Com Energia" was cut on a phone.
        self.root = ft.Container(
            content=ft.Column([self.icon, self.caption, self.number, self.applied],
                              spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            border_radius=12, padding=ft.Padding.symmetric(horizontal=10 * scale, vertical=6 * scale), width=96 * scale,
        )

    def show(self, caption: str, applied_text: str, number: int, applied: bool | None) -> None:
        """`applied`: None when neither number applies (no encounter), else whether this one does."""
        put = self.changes.put
        bright = applied is not False
        colour = theme.TEXT if bright else theme.TEXT_MUTED
        put(self.icon, color=colour)
        put(self.caption, color=colour, value=caption)
        put(self.number, value=str(number), color="#1a1d21" if applied else colour)
        put(self.applied, visible=bool(applied))
        if applied:
            put(self.applied, value=applied_text)
        put(self.root, bgcolor=theme.YELLOW if applied else "#00000033",
            border=ft.Border.all(3, theme.TEXT) if applied else None, opacity=1.0 if bright else 0.55)


class TokenFace:
    """A token as players see it (tokens.token_face, kept): colour, icon, kind, both numbers."""

    def __init__(self, changes: Changes, scale: float) -> None:
        self.changes = changes
        self.icon = ft.Icon(KIND_ICONS["blank"], color=theme.TEXT, size=30 * scale)
        self.name = ft.Text("", size=24 * scale, weight=ft.FontWeight.BOLD, color=theme.TEXT)
        self.light = NumberBox(changes, LIGHT_ICON, scale)
        self.dark = NumberBox(changes, DARK_ICON, scale)
        self.numbers = ft.Row([self.light.root, self.dark.root], spacing=10 * scale, tight=True,
                              alignment=ft.MainAxisAlignment.CENTER)
        self.root = ft.Container(
            content=ft.Column([ft.Row([self.icon, self.name], spacing=8, tight=True,
                                      alignment=ft.MainAxisAlignment.CENTER), self.numbers],
                              spacing=10 * scale, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            border_radius=28 * scale, border=ft.Border.all(3, "#ffffff55"),
            padding=ft.Padding.symmetric(horizontal=18 * scale, vertical=14 * scale), alignment=ft.Alignment.CENTER,
        )

    def show(self, texts: Texts, draw: BagDraw, dark_applies: bool | None) -> None:
        put = self.changes.put
        put(self.root, bgcolor=KIND_COLOURS[draw.kind])
        put(self.icon, icon=KIND_ICONS[draw.kind])
        put(self.name, value=kind_name(texts, draw.kind))
        has_numbers = draw.light is not None and draw.dark is not None
        put(self.numbers, visible=has_numbers)
        if has_numbers:
            applied = texts.t("ui.bag.reveal.applied")
            self.light.show(texts.t("ui.bag.reveal.light"), applied, draw.light,
                            None if dark_applies is None else not dark_applies)
            self.dark.show(texts.t("ui.bag.reveal.dark"), applied, draw.dark, dark_applies)


class TokenLine:
    """The last token in one line, for a phone's footer beside the draw: it shows in the
    draw's own answer, in view wherever the body was scrolled (the whole card stays in the
    body, and nothing scrolls to it)."""

    def __init__(self, changes: Changes) -> None:
        self.changes = changes
        self.icon = ft.Icon(KIND_ICONS["blank"], color=theme.TEXT, size=20)
        self.kind = ft.Text("", size=15, weight=ft.FontWeight.BOLD, color=theme.TEXT)
        self.number = ft.Text("", size=18, weight=ft.FontWeight.BOLD, color=theme.TEXT)
        self.chip = ft.Container(ft.Row([self.icon, self.kind, self.number], spacing=6, tight=True),
                                 border_radius=16, padding=ft.Padding.symmetric(horizontal=10, vertical=4))
        self.verdict = ft.Text("", size=15, weight=ft.FontWeight.W_600, expand=True, max_lines=2,
                               overflow=ft.TextOverflow.ELLIPSIS)
        self.root = ids.tag(bag_ids.DRAW_LINE, ft.Row([self.chip, self.verdict], spacing=10,
                                                      vertical_alignment=ft.CrossAxisAlignment.CENTER))

    def show(self, texts: Texts, draw: BagDraw | None, verdict: str) -> None:
        put = self.changes.put
        put(self.root, visible=draw is not None)
        if draw is None:
            return
        put(self.chip, bgcolor=KIND_COLOURS[draw.kind])
        put(self.icon, icon=KIND_ICONS[draw.kind])
        put(self.kind, value=kind_name(texts, draw.kind))
        put(self.number, visible=draw.applied is not None, value="" if draw.applied is None else str(draw.applied))
        put(self.verdict, value=verdict)


class Reveal:
    """The last token out of the bag and its verdict. Every part is there from the start;
    the draw decides which are visible. `back_to`: where the attack screen returns.
    `resolve_apart`: the screen places the Surprise Attack's Resolve itself (`resolve.root`,
    in a phone's footer at the bottom edge); it shows only while the verdict does.
    `line_apart`: the screen also places the token in one line (`line.root`, beside it)."""

    def __init__(self, screen: KeptScreen, *, large: bool, back_to: str = BAG_SCREEN,
                 resolve_apart: bool = False, line_apart: bool = False) -> None:
        self.screen = screen
        self.line = TokenLine(screen.changes) if line_apart else None
        self.back_to = back_to
        changes = screen.changes
        self.draw: BagDraw | None = None
        # The Surprise Attack the game owes for the draw on show (None: none is open).
        self.owed: PendingAttack | None = None
        self.none = theme.muted("", size=15)
        self.heading = ft.Text("", size=17, weight=ft.FontWeight.BOLD)
        self.face = TokenFace(changes, 1.25 if large else 1.0)
        self.reported_text = ft.Text("", size=13, color=theme.TEXT, weight=ft.FontWeight.BOLD)
        self.reported = ft.Container(content=self.reported_text, bgcolor=theme.SURFACE_HIGH, border_radius=20,
                                     padding=ft.Padding.symmetric(horizontal=10, vertical=3))
        self.unconfirmed_text = theme.muted("")
        self.unconfirmed = ft.Container(ft.Row([theme.unconfirmed_badge(16), self.unconfirmed_text], spacing=4,
                                               tight=True))
        self.marks = ft.Row([self.reported, self.unconfirmed], wrap=True, spacing=8,
                            alignment=ft.MainAxisAlignment.CENTER)
        self.why = ft.Text("", size=15, text_align=ft.TextAlign.CENTER)
        # The verdict of an encounter: Surprise Attack or not.
        self.banner_icon = ft.Icon(ft.Icons.SHIELD, color=theme.TEXT, size=34)
        self.banner_title = ft.Text("", weight=ft.FontWeight.BOLD, color=theme.TEXT, expand=True)
        self.banner_detail = ft.Text("", size=15, color=theme.TEXT)
        self.resolve = ActionButton(changes, bag_ids.SURPRISE_ATTACK_RESOLVE, icon=ft.Icons.PEST_CONTROL, tone="warning",
                                    on_tap=self._resolve, page_of=screen.page)
        self.banner_frame = ft.Container(
            content=ft.Column([ft.Row([self.banner_icon, self.banner_title], spacing=10), self.banner_detail,
                               *([] if resolve_apart else [self.resolve.root])], spacing=8, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            border_radius=12, padding=14)
        self.banner = ids.tag(bag_ids.SURPRISE_ATTACK, self.banner_frame)
        self.result_text = ft.Text("", size=16, weight=ft.FontWeight.W_600)
        self.result = ids.tag(bag_ids.DRAW_RESULT, ft.Container(
            content=self.result_text, bgcolor=theme.SURFACE_HIGH,
            border=ft.Border.only(left=ft.BorderSide(6, theme.YELLOW)), border_radius=6, padding=10))
        self.shown = ft.Column([self.heading, ft.Row([self.face.root], alignment=ft.MainAxisAlignment.CENTER),
                                self.marks, self.why, self.banner, self.result],
                               spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.card = Card(changes, ft.Column([self.none, self.shown], spacing=0, tight=True), help_of=screen.help,
                         identifier=bag_ids.TOKEN_REVEAL)
        self.root = self.card.root

    def _resolve(self) -> None:
        if self.owed is not None:
            open_surprise_attack(self.screen.ctx, self.owed, self.back_to)

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, game = ctx.texts, ctx.game
        draw = self.draw = game.bag.last_draw
        self.card.show(texts.t("ui.bag.reveal.title"), topic="encounter" if draw is None else "surprise_attack",
                       help_tip=texts.t("ui.rules.help"))
        put(self.none, visible=draw is None)
        put(self.shown, visible=draw is not None)
        if draw is None:
            put(self.none, value=texts.t("ui.bag.reveal.none"))
            self.hide_resolve()
            if self.line is not None:
                self.line.show(texts, None, "")
            return
        put(self.heading, value=_heading(texts, game, draw))
        dark_applies = draw.lighting.is_dark if draw.lighting is not None and draw.applied is not None else None
        self.face.show(texts, draw, dark_applies)
        unconfirmed = draw.light is not None and numbers_unconfirmed(ctx)
        put(self.marks, visible=draw.reported or unconfirmed)
        put(self.reported, visible=draw.reported)
        put(self.unconfirmed, visible=unconfirmed)
        if draw.reported:
            put(self.reported_text, value=texts.t("ui.bag.reveal.reported"))
        if unconfirmed:
            put(self.unconfirmed, tooltip=texts.t("ui.bag.unconfirmed_numbers"))
            put(self.unconfirmed_text, value=texts.t("common.unconfirmed"))
        explained = draw.lighting is not None and draw.applied is not None
        put(self.why, visible=explained)
        if explained:
            section = draw.place.value if draw.place is not None else None
            put(self.why, value=texts.t(f"ui.bag.reveal.why_{draw.lighting.value}", section=section,
                                        applied=draw.applied))
        verdict = draw.purpose in ENCOUNTERS and draw.result is not DrawResult.ADULTS_RETREAT
        put(self.banner, visible=verdict)
        result = None if verdict else result_text(texts, draw)
        put(self.result, visible=bool(result))
        if result:
            put(self.result_text, value=result)
        if verdict:
            said = self._show_verdict(draw)
        else:
            said = result or _heading(texts, game, draw)
            self.hide_resolve()
        if self.line is not None:
            self.line.show(texts, draw, said)

    def hide_resolve(self) -> None:
        """No Surprise Attack to resolve on screen (a Resolve placed apart would stay)."""
        self.screen.changes.put(self.resolve.root, visible=False)

    def _show_verdict(self, draw: BagDraw) -> str:
        """Shows the verdict's banner; returns its title."""
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, game = ctx.texts, ctx.game
        player = _player(texts, game, draw)
        past = bool(draw.surprise_attack)
        owed = self.owed = (game.pending_attack(PendingKind.SURPRISE_ATTACK, draw.seat)
                            if past and not game.is_over else None)
        surprise = owed is not None
        if surprise:
            past = False
            title = texts.upper(texts.t("ui.bag.surprise.yes"))
            detail = texts.t("ui.bag.surprise.yes_detail", player=player, hand=draw.hand, applied=draw.applied)
        elif past:
            # Its moment has passed: the banner tells what was, and offers nothing.
            title = texts.t("ui.bag.surprise.lapsed" if draw.surprise_closed == "lapsed" else "ui.bag.surprise.resolved")
            detail = texts.t("ui.bag.surprise.past_detail", player=player, hand=draw.hand, applied=draw.applied)
        elif draw.result is DrawResult.PLACED:
            title = texts.t("ui.bag.surprise.no")
            detail = texts.t("ui.bag.surprise.no_detail", player=player, hand=draw.hand, applied=draw.applied)
        else:
            title, detail = texts.t("ui.bag.surprise.no"), result_text(texts, draw) or ""
        put(self.banner_icon, icon=ft.Icons.WARNING if surprise else ft.Icons.HISTORY if past else ft.Icons.SHIELD)
        put(self.banner_title, value=title, size=28 if surprise else 22)
        put(self.banner_detail, value=detail)
        put(self.banner_frame, bgcolor=SURPRISE_BG if surprise else theme.SURFACE_HIGH if past else NO_SURPRISE_BG,
            border=ft.Border.all(3, theme.YELLOW if surprise else theme.OUTLINE if past else theme.GREEN))
        self.resolve.show(texts.t("ui.bag.surprise.resolve"), refused=None, visible=surprise)
        return title
