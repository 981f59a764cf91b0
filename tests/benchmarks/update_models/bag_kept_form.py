"""Model B's bag screen, its top half: the encounter form, the development card and the
token reveal, each built once per page and shown from every new view (kept.py).

The texts, the rules the screen asks about and the commands are the app's own
(companion/ui/bag); only how the controls are made and changed differs."""
from __future__ import annotations

import flet as ft

from companion.engine.bag import OUTCOME_NEEDED
from companion.engine.bag_model import BagDraw, DrawResult, Lighting, Place
from companion.ui import ids, theme
from companion.ui.bag.draft import HAND_MAX, draft_of
from companion.ui.bag.encounter import encounter_command, is_development_step, lighting_text, open_outcome_dialog
from companion.ui.bag.reveal import (ENCOUNTERS, NO_SURPRISE_BG, SURPRISE_BG, _heading, _player, _result_text,
                                     numbers_unconfirmed, open_surprise_attack)
from companion.ui.context import UiContext
from companion.ui.dialogs import show_message
from companion.ui.kit.chips import LIGHTING_COLOURS, LIGHTING_ICONS, active_seats, chosen_seat, place_label, shown_lighting
from companion.ui.kit.gate import CommandGate
from companion.ui.kit.kinds import DARK_ICON, KIND_COLOURS, KIND_ICONS, LIGHT_ICON, kind_name
from companion.ui.rules_screen import open_rules

from .kept import ActionButton, Card, Changes, Chip, CommandButton, KeyedItems


class Screen:
    """What every piece of the screen reads when it is shown or tapped: always the page's
    current context and gate, never a copy; and where the pieces note what they change."""

    def __init__(self, ctx: UiContext) -> None:
        self.ctx = ctx
        self.changes = Changes()

    def gate(self) -> CommandGate:
        return self.ctx.gate()

    def page(self) -> ft.Page:
        return self.ctx.page

    def help(self, topic: str) -> None:
        open_rules(self.ctx, topic)


def _label() -> ft.Text:
    return ft.Text("", size=14, weight=ft.FontWeight.W_600, color=theme.TEXT_MUTED)


class EncounterForm:
    """Who, where, how many cards; the light that applies; the draw button."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        changes = screen.changes
        self.who, self.where, self.hand_label = _label(), _label(), _label()
        self.seats_row = ft.Row([], wrap=True, spacing=8, run_spacing=8)
        self.seats = KeyedItems(changes, self.seats_row, lambda seat: Chip(
            changes, ids.encounter_seat(seat), lambda seat=seat: self._pick_seat(seat)))
        self.nobody = theme.muted("", size=14)
        self.places = {place: Chip(changes, ids.encounter_place(place.value), lambda place=place: self._pick_place(place))
                       for place in Place}
        self.hands = {n: Chip(changes, ids.encounter_hand(n), lambda n=n: self._pick_hand(n))
                      for n in range(HAND_MAX + 1)}
        self.hand_help = theme.muted("", size=13)
        self.light_icon = ft.Icon(LIGHTING_ICONS[Lighting.POWERED], size=26)
        self.light_text = ft.Text("", size=15, weight=ft.FontWeight.BOLD, expand=True)
        self.light_frame = ft.Container(content=ft.Row([self.light_icon, self.light_text], spacing=8),
                                        border_radius=10, padding=10)
        self.ignore = Chip(changes, ids.ENCOUNTER_IGNORE_DARKNESS, self._toggle_ignore)
        self.draw = ActionButton(changes, ids.DRAW_ENCOUNTER, icon=ft.Icons.CASINO, tone="primary", on_tap=self._draw,
                                 page_of=screen.page)
        rows = [self.who, self.seats_row, self.nobody, self.where,
                ft.Row([chip.root for chip in self.places.values()], wrap=True, spacing=8, run_spacing=8),
                self.hand_label,
                ids.tag(ids.ENCOUNTER_HAND, ft.Row([chip.root for chip in self.hands.values()], wrap=True, spacing=8,
                                                   run_spacing=8)),
                self.hand_help, ids.tag(ids.ENCOUNTER_LIGHTING, self.light_frame), self.ignore.root, self.draw.root]
        self.card = Card(changes, ft.Column(rows, spacing=8), help_of=screen.help)
        self.root = self.card.root

    # -- taps: each changes the page's draft, then the page is drawn again ------------
    def _draft(self):
        return draft_of(self.screen.ctx)

    def _pick_seat(self, seat: int) -> None:
        self._draft().pick_seat(seat)
        self.screen.ctx.rerender()

    def _pick_place(self, place: Place) -> None:
        self._draft().place = place
        self.screen.ctx.rerender()

    def _pick_hand(self, hand: int) -> None:
        self._draft().hand = hand
        self.screen.ctx.rerender()

    def _toggle_ignore(self) -> None:
        draft = self._draft()
        draft.ignore_darkness = not draft.ignore_darkness
        self.screen.ctx.rerender()

    def _draw(self) -> None:
        """The encounter as the form holds it now: drawn (digital bag) or asked (physical)."""
        ctx, gate, draft = self.screen.ctx, self.screen.gate(), self._draft()
        command = encounter_command(draft)
        if command is None:
            show_message(ctx.page, ctx.texts.t("ui.bag.encounter.hand_needed"))
            return
        refusal = gate.refusal(command)
        if refusal is not None and refusal.key == OUTCOME_NEEDED:
            open_outcome_dialog(gate, ctx.texts.t("ui.bag.outcome.title"),
                                lambda outcome: encounter_command(draft, outcome), after=self._drawn)
        elif gate.execute(command):
            self._drawn()

    def _drawn(self) -> None:
        self._draft().hand = None
        self.screen.ctx.rerender()

    # -- what it shows ---------------------------------------------------------------
    def show(self) -> None:
        ctx, gate, put = self.screen.ctx, self.screen.gate(), self.screen.changes.put
        texts, game, draft = ctx.texts, ctx.game, self._draft()
        t = texts.t
        draft.notice(game.bag.last_draw)
        draft.pick_seat(chosen_seat(draft.seat, game))
        self.card.show(t("ui.bag.encounter.title"), topic="encounter", help_tip=t("ui.rules.help"))
        put(self.who, value=t("ui.bag.encounter.who"))
        put(self.where, value=t("ui.bag.encounter.where"))
        put(self.hand_label, value=t("ui.bag.encounter.hand"))
        put(self.hand_help, value=t("ui.bag.encounter.hand_help"))
        seats = active_seats(game)
        self.seats.show(((seat, game.member(seat)) for seat in seats),
                        lambda chip, member: chip.show(member.name, sublabel=texts.character(member.character),
                                                       selected=member.seat == draft.seat, icon=ft.Icons.PERSON))
        put(self.seats_row, visible=bool(seats))
        put(self.nobody, visible=not seats, value=t("ui.bag.encounter.nobody"))
        for place, chip in self.places.items():
            lighting = game.lighting[place]
            chip.show(place_label(texts, place), selected=place is draft.place, icon=LIGHTING_ICONS[lighting],
                      icon_colour=LIGHTING_COLOURS[lighting])
        for n, chip in self.hands.items():
            chip.show(str(n), selected=n == draft.hand)
        lighting = shown_lighting(game, draft.place, draft.ignore_darkness)
        powered = lighting is Lighting.POWERED
        put(self.light_icon, icon=LIGHTING_ICONS[lighting], color=LIGHTING_COLOURS[lighting])
        put(self.light_text, value=lighting_text(texts, game, draft.place, draft.ignore_darkness))
        put(self.light_frame, bgcolor=theme.SURFACE_HIGH if powered else "#0b0d10",
            border=ft.Border.all(1, theme.YELLOW if powered else theme.OUTLINE))
        self.ignore.show(t("ui.bag.encounter.ignore_darkness"), selected=draft.ignore_darkness,
                         icon=ft.Icons.FLASHLIGHT_ON, icon_colour=theme.YELLOW)
        label = t("ui.bag.encounter.report") if game.bag.physical_bag else t("ui.bag.encounter.draw")
        command = encounter_command(draft)
        if command is None:
            refused = t("ui.bag.encounter.hand_needed")
        else:
            refusal = gate.refusal(command)
            refused = None if refusal is None or refusal.key == OUTCOME_NEEDED else texts.error(refusal)
        self.draw.show(label, refused=refused, visible=draft.seat is not None)


class Development:
    """The bag's development: the step-10 banner, its help and its button."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.now_text = ft.Text("", color="#1a1a1a", weight=ft.FontWeight.BOLD, expand=True)
        self.now = ft.Container(content=ft.Row([ft.Icon(ft.Icons.NOTIFICATIONS_ACTIVE, color="#1a1a1a"), self.now_text],
                                               spacing=8), bgcolor=theme.YELLOW, border_radius=8, padding=8)
        self.help_text = theme.muted("", size=14)
        self.button = CommandButton(screen.changes, ids.BAG_DEVELOPMENT, icon=ft.Icons.AUTORENEW, gate_of=screen.gate,
                                    page_of=screen.page, on_tap=self._develop)
        self.card = Card(screen.changes, ft.Column([self.now, self.help_text, self.button.root], spacing=8),
                         help_of=screen.help)
        self.root = self.card.root

    def _develop(self) -> None:
        ctx, gate = self.screen.ctx, self.screen.gate()
        command = ctx.game.develop()
        refusal = gate.refusal(command)
        if refusal is not None and refusal.key == OUTCOME_NEEDED:
            open_outcome_dialog(gate, ctx.texts.t("ui.bag.outcome.title"), lambda outcome: ctx.game.develop(outcome))
        else:
            gate.run(command, title=ctx.texts.t("ui.bag.develop.button"))

    def show(self) -> None:
        ctx, gate, put = self.screen.ctx, self.screen.gate(), self.screen.changes.put
        t, game = ctx.texts.t, ctx.game
        step = is_development_step(game)
        self.card.show(t("ui.bag.develop.title"), topic="bag_development", help_tip=t("ui.rules.help"))
        put(self.now, visible=step)
        put(self.now_text, value=t("ui.bag.develop.now"))
        put(self.help_text, value=t("ui.bag.develop.help"))
        command = game.develop()
        refusal = gate.refusal(command)
        refused = None if refusal is None or refusal.key == OUTCOME_NEEDED else ctx.texts.error(refusal)
        self.button.command = command
        self.button.show(t("ui.bag.develop.button"), refused=refused, tone="warning" if step else "normal")


class NumberBox:
    """One of a token's two numbers; the applied one bright and framed, the other dimmed."""

    def __init__(self, changes: Changes, icon, scale: float) -> None:
        self.changes = changes
        self.icon = ft.Icon(icon, size=16 * scale)
        self.caption = ft.Text("", size=12 * scale)
        self.number = ft.Text("", size=40 * scale, weight=ft.FontWeight.BOLD)
        self.applied = ft.Text("", size=12 * scale, weight=ft.FontWeight.BOLD, color="#1a1d21")
        self.root = ft.Container(
            content=ft.Column([ft.Row([self.icon, self.caption], spacing=4, tight=True,
                                      alignment=ft.MainAxisAlignment.CENTER), self.number, self.applied],
                              spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            border_radius=12, padding=ft.Padding.symmetric(horizontal=10 * scale, vertical=6 * scale), width=96 * scale,
        )

    def show(self, caption: str, applied_text: str, number: int, applied: bool | None) -> None:
        put = self.changes.put
        bright = applied is not False
        colour = theme.TEXT if bright else theme.TEXT_MUTED
        put(self.icon, color=colour)
        put(self.caption, color=colour, value=caption)
        put(self.number, value=str(number), color="#1a1d21" if applied else colour)
        put(self.applied, visible=bool(applied), value=applied_text)
        put(self.root, bgcolor=theme.YELLOW if applied else "#00000033",
            border=ft.Border.all(3, theme.TEXT) if applied else None, opacity=1.0 if bright else 0.55)


class TokenFace:
    """tokens.token_face, kept: colour, icon, kind and both numbers."""

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

    def show(self, texts, draw: BagDraw, dark_applies: bool | None) -> None:
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


class Reveal:
    """The last token out of the bag and its verdict. Every part is there from the start;
    the draw decides which are visible."""

    def __init__(self, screen: Screen, *, large: bool) -> None:
        self.screen = screen
        changes = screen.changes
        self.draw: BagDraw | None = None
        self.none = theme.muted("", size=15)
        self.heading = ft.Text("", size=17, weight=ft.FontWeight.BOLD)
        self.face = TokenFace(changes, 1.25 if large else 1.0)
        self.face_row = ft.Row([self.face.root], alignment=ft.MainAxisAlignment.CENTER)
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
        self.resolve = ActionButton(changes, ids.SURPRISE_ATTACK_RESOLVE, icon=ft.Icons.PEST_CONTROL, tone="warning",
                                    on_tap=self._resolve, page_of=screen.page)
        self.banner_frame = ft.Container(
            content=ft.Column([ft.Row([self.banner_icon, self.banner_title], spacing=10), self.banner_detail,
                               self.resolve.root], spacing=8, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            border_radius=12, padding=14)
        self.banner = ids.tag(ids.SURPRISE_ATTACK, self.banner_frame)
        self.result_text = ft.Text("", size=16, weight=ft.FontWeight.W_600)
        self.result = ids.tag(ids.DRAW_RESULT, ft.Container(
            content=self.result_text, bgcolor=theme.SURFACE_HIGH,
            border=ft.Border.only(left=ft.BorderSide(6, theme.YELLOW)), border_radius=6, padding=10))
        self.shown = ft.Column([self.heading, self.face_row, self.marks, self.why, self.banner, self.result],
                               spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.card = Card(changes, ft.Column([self.none, self.shown], spacing=0, tight=True), help_of=screen.help,
                         identifier=ids.TOKEN_REVEAL)
        self.root = self.card.root

    def _resolve(self) -> None:
        if self.draw is not None:
            open_surprise_attack(self.screen.ctx, self.draw)

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, game = ctx.texts, ctx.game
        draw = self.draw = game.bag.last_draw
        self.card.show(texts.t("ui.bag.reveal.title"), topic="encounter" if draw is None else "surprise_attack",
                       help_tip=texts.t("ui.rules.help"))
        put(self.none, visible=draw is None, value=texts.t("ui.bag.reveal.none"))
        put(self.shown, visible=draw is not None)
        if draw is None:
            return
        put(self.heading, value=_heading(texts, game, draw))
        dark_applies = draw.lighting.is_dark if draw.lighting is not None and draw.applied is not None else None
        self.face.show(texts, draw, dark_applies)
        unconfirmed = draw.light is not None and numbers_unconfirmed(ctx)
        put(self.reported, visible=draw.reported)
        put(self.unconfirmed, visible=unconfirmed, tooltip=texts.t("ui.bag.unconfirmed_numbers"))
        put(self.marks, visible=draw.reported or unconfirmed)
        put(self.reported_text, value=texts.t("ui.bag.reveal.reported"))
        put(self.unconfirmed_text, value=texts.t("common.unconfirmed"))
        explained = draw.lighting is not None and draw.applied is not None
        put(self.why, visible=explained)
        if explained:
            section = draw.place.value if draw.place is not None else None
            put(self.why, value=texts.t(f"ui.bag.reveal.why_{draw.lighting.value}", section=section,
                                        applied=draw.applied))
        verdict = draw.purpose in ENCOUNTERS and draw.result is not DrawResult.ADULTS_RETREAT
        put(self.banner, visible=verdict)
        result = None if verdict else _result_text(texts, draw)
        put(self.result, visible=bool(result))
        put(self.result_text, value=result or "")
        if verdict:
            self._show_verdict(draw)

    def _show_verdict(self, draw: BagDraw) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, game = ctx.texts, ctx.game
        player = _player(texts, game, draw)
        surprise = bool(draw.surprise_attack)
        if surprise:
            title = texts.upper(texts.t("ui.bag.surprise.yes"))
            detail = texts.t("ui.bag.surprise.yes_detail", player=player, hand=draw.hand, applied=draw.applied)
        else:
            title = texts.t("ui.bag.surprise.no")
            detail = (texts.t("ui.bag.surprise.no_detail", player=player, hand=draw.hand, applied=draw.applied)
                      if draw.result is DrawResult.PLACED else _result_text(texts, draw) or "")
        put(self.banner_icon, icon=ft.Icons.WARNING if surprise else ft.Icons.SHIELD)
        put(self.banner_title, value=title, size=28 if surprise else 22)
        put(self.banner_detail, value=detail)
        put(self.banner_frame, bgcolor=SURPRISE_BG if surprise else NO_SURPRISE_BG,
            border=ft.Border.all(3, theme.YELLOW if surprise else theme.GREEN))
        resolvable = surprise and draw.seat is not None and draw.place is not None and not game.is_over
        self.resolve.show(texts.t("ui.bag.surprise.resolve"), refused=None, visible=resolvable)
