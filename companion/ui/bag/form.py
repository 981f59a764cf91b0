"""The bag screen's forms, kept (kit.kept): the encounter (who, where, how many cards, the
light that applies, the draw) and the bag's development, with the button that takes a
token out of the bag."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.engine.commands import ResolveEncounter
from companion.engine.views import Action, Lighting, Place

from .. import ids, theme
from ..context import UiContext
from ..dialogs import show_message
from ..kit.chips import LIGHTING_COLOURS, LIGHTING_ICONS, active_seats, place_label, shown_lighting
from ..kit.gate import CommandGate
from ..kit.kept import Card, Changes, Chip, KeptScreen, KeyedItems, OfferButton
from .draft import HAND_MAX, BagDraft, draft_of
from .encounter import OUTCOME, development_action, is_development_step, lighting_text, open_outcome_dialog
from companion.ui.bag import ids as bag_ids


class DrawButton(OfferButton):
    """A button that takes a token out of the bag: the feed's draw (an encounter, the bag's
    development) with the player's picks. A digital bag draws it on a tap; a physical
    bag's action still asks which token came out (its `outcome` choice), so the tap asks
    the table and sends it with that outcome. With `after`, the command is sent as it is
    and `after` runs once it was taken; without, it goes through the gate (which asks
    first when it must)."""

    def __init__(self, changes: Changes, identifier: str, *, icon, gate_of: Callable[[], CommandGate],
                 page_of: Callable[[], ft.Page], outcome_title: Callable[[], str],
                 after: Callable[[], None] | None = None, tone: str = "normal") -> None:
        super().__init__(changes, identifier, icon=icon, gate_of=gate_of, page_of=page_of, tone=tone,
                         on_tap=self._draw)
        self._outcome_title = outcome_title
        self._after = after
        self.missing: str | None = None

    def show_draw(self, action: Action | None, label: str, *, picked: dict[str, Any] | None = None,
                  missing: str | None = None, tone: str | None = None, visible: bool = True) -> None:
        """`missing`: what the form still needs (the button waits for it and says so)."""
        self.missing = missing
        self.show_action(action, label, picked=picked, unready=missing, tone=tone, visible=visible)

    def _reason(self, action: Action | None, picked: dict[str, Any], unready: str | None) -> str | None:
        # What the form still needs comes first (a tap on the frame too); a physical bag's
        # outcome is asked at the tap.
        unready = unready if unready is not None else self.missing
        if action is not None and unready is not None:
            return unready
        outcomes = action.choices.get(OUTCOME) if action is not None else None
        if outcomes and action is not None and action.refusal is None:
            picked = {**picked, OUTCOME: outcomes[0]}
        return super()._reason(action, picked, None)

    def _draw(self) -> None:
        gate, action, picked = self._gate_of(), self.action, self.picked
        if action is None:
            return
        reason = self._reason(action, picked, None)
        if reason is not None:
            show_message(gate.ctx.page, reason)
        elif OUTCOME in action.choices:
            open_outcome_dialog(gate, self._outcome_title(), action, picked, after=self._after)
        elif self._after is None:
            gate.run_action(action, picked, title=self.title)
        elif gate.execute(action.command(**picked)):
            self._after()


def encounter_action(ctx: UiContext, seat: int | None) -> Action | None:
    """The feed's encounter for `seat`; before a Character is chosen, any Character's (the
    draw then says what it waits for)."""
    if seat is not None:
        return ctx.action(ResolveEncounter, seat=seat)
    offered = ctx.actions.of_type(ResolveEncounter)
    return offered[0] if offered else None


def encounter_picks(draft: BagDraft) -> dict[str, Any]:
    """The encounter as entered so far (the draw waits until it is complete)."""
    return {"place": draft.place, "hand": draft.hand, "ignore_darkness": draft.ignore_darkness}


def _label() -> ft.Text:
    return ft.Text("", size=14, weight=ft.FontWeight.W_600, color=theme.TEXT_MUTED)


class EncounterForm:
    """Who meets the intruder, where, how many cards in hand; the light that applies there;
    the draw. Each pick changes the page's draft (bag.draft) and shows the page again.
    Nothing is chosen before the table chooses it; the draw says what it still waits for.
    `draw_apart`: the screen places the draw button itself (`draw.root`)."""

    def __init__(self, screen: KeptScreen, *, draw_apart: bool = False) -> None:
        self.screen = screen
        changes = screen.changes
        self.who, self.where, self.hand_label = _label(), _label(), _label()
        self.seats_row = ft.Row([], wrap=True, spacing=8, run_spacing=8)
        self.seats: KeyedItems[Chip] = KeyedItems(changes, self.seats_row, lambda seat: Chip(
            changes, bag_ids.encounter_seat(seat), lambda: self._pick_seat(seat)))
        self.nobody = theme.muted("", size=14)
        self.places = {place: Chip(changes, bag_ids.encounter_place(place.value), lambda place=place: self._pick_place(place))
                       for place in Place}
        self.hands = {n: Chip(changes, bag_ids.encounter_hand(n), lambda n=n: self._pick_hand(n))
                      for n in range(HAND_MAX + 1)}
        self.hand_help = theme.muted("", size=13)
        self.light_icon = ft.Icon(LIGHTING_ICONS[Lighting.POWERED], size=26)
        self.light_text = ft.Text("", size=15, weight=ft.FontWeight.BOLD, expand=True)
        self.light_frame = ft.Container(content=ft.Row([self.light_icon, self.light_text], spacing=8),
                                        border_radius=10, padding=10)
        self.ignore = Chip(changes, bag_ids.ENCOUNTER_IGNORE_DARKNESS, self._toggle_ignore)
        self.draw = DrawButton(changes, bag_ids.DRAW_ENCOUNTER, icon=ft.Icons.CASINO, tone="primary", gate_of=screen.gate,
                               page_of=screen.page, after=self._drawn,
                               outcome_title=lambda: screen.ctx.texts.t("ui.bag.outcome.title"))
        self.places_row = ft.Row([chip.root for chip in self.places.values()], wrap=True, spacing=8, run_spacing=8)
        rows = [self.who, self.seats_row, self.nobody, self.where, self.places_row, self.hand_label,
                ids.tag(bag_ids.ENCOUNTER_HAND, ft.Row([chip.root for chip in self.hands.values()], wrap=True, spacing=8,
                                                   run_spacing=8)),
                self.hand_help, ids.tag(bag_ids.ENCOUNTER_LIGHTING, self.light_frame), self.ignore.root]
        if not draw_apart:
            rows.append(self.draw.root)
        self.card = Card(changes, ft.Column(rows, spacing=8), help_of=screen.help)
        self.root = self.card.root

    # -- taps: each changes the page's draft, then the page is shown again -------------
    def _draft(self) -> BagDraft:
        return draft_of(self.screen.ctx)

    def _pick_seat(self, seat: int) -> None:
        self._draft().pick_seat(seat)
        self.screen.ctx.rerender()

    def _pick_place(self, place: Place) -> None:
        self._draft().pick_place(place)
        self.screen.ctx.rerender()

    def _pick_hand(self, hand: int) -> None:
        self._draft().hand = hand
        self.screen.ctx.rerender()

    def _toggle_ignore(self) -> None:
        draft = self._draft()
        draft.ignore_darkness = not draft.ignore_darkness
        self.screen.ctx.rerender()

    def _drawn(self) -> None:
        self._draft().new_encounter()  # asked anew for the next encounter
        self.screen.ctx.rerender()

    # -- what it shows ---------------------------------------------------------------
    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, game, draft = ctx.texts, ctx.game, self._draft()
        t = texts.t
        draft.notice(game)
        seats = active_seats(game)
        if draft.seat not in seats:
            draft.pick_seat(None)  # gone from the Facility meanwhile
        self.card.show(t("ui.bag.encounter.title"), topic="encounter", help_tip=t("ui.rules.help"))
        put(self.who, value=t("ui.bag.encounter.who"))
        put(self.where, value=t("ui.bag.encounter.where"))
        put(self.hand_label, value=t("ui.bag.encounter.hand"))
        put(self.hand_help, value=t("ui.bag.encounter.hand_help"))
        self.seats.show(((seat, game.member(seat)) for seat in seats),
                        lambda chip, member: chip.show(member.name, sublabel=texts.character(member.character),
                                                       selected=member.seat == draft.seat, icon=ft.Icons.PERSON))
        put(self.seats_row, visible=bool(seats))
        put(self.nobody, visible=not seats)
        if not seats:
            put(self.nobody, value=t("ui.bag.encounter.nobody"))
        for place, lighting in game.lighting.items():
            self.places[place].show(place_label(texts, place), selected=place == draft.place,
                                    icon=LIGHTING_ICONS[lighting], icon_colour=LIGHTING_COLOURS[lighting])
        for n, chip in self.hands.items():
            chip.show(str(n), selected=n == draft.hand)
        self._show_lighting()
        self.ignore.show(t("ui.events_screen.ignore_darkness"), sublabel=t("ui.events_screen.ignore_darkness_items"),
                         selected=draft.ignore_darkness, icon=ft.Icons.FLASHLIGHT_ON, icon_colour=theme.YELLOW)
        label = t("ui.bag.encounter.report") if game.bag.physical_bag else t("ui.bag.encounter.draw")
        self.draw.show_draw(encounter_action(ctx, draft.seat), label, picked=encounter_picks(draft),
                            missing=self._missing(), visible=bool(seats))

    def _missing(self) -> str | None:
        """What the form still waits for, in words (None: it is complete)."""
        t, draft = self.screen.ctx.texts.t, self._draft()
        if draft.seat is None:
            return t("ui.events_screen.encounter.needs_seat")
        if draft.place is None:
            return t("ui.events_screen.encounter.needs_place")
        if draft.hand is None:
            return t("ui.bag.encounter.hand_needed")
        return None

    def _show_lighting(self) -> None:
        """Which number of the token applies at the chosen place; nothing before a place is chosen."""
        ctx, put, draft = self.screen.ctx, self.screen.changes.put, self._draft()
        if draft.place is None:
            put(self.light_icon, icon=ft.Icons.HELP_OUTLINE, color=theme.TEXT_MUTED)
            put(self.light_text, value=ctx.texts.t("ui.events_screen.encounter.where_unknown"))
            put(self.light_frame, bgcolor=theme.SURFACE_HIGH, border=ft.Border.all(1, theme.OUTLINE))
            return
        lighting = shown_lighting(ctx.game, draft.place, draft.ignore_darkness)
        powered = lighting is Lighting.POWERED
        put(self.light_icon, icon=LIGHTING_ICONS[lighting], color=LIGHTING_COLOURS[lighting])
        put(self.light_text, value=lighting_text(ctx.texts, ctx.game, draft.place, draft.ignore_darkness))
        put(self.light_frame, bgcolor=theme.SURFACE_HIGH if powered else "#0b0d10",
            border=ft.Border.all(1, theme.YELLOW if powered else theme.OUTLINE))


class Development:
    """The bag's development: the banner at step 10 of the Event Phase, its help and its button."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.now_text = ft.Text("", color="#1a1a1a", weight=ft.FontWeight.BOLD, expand=True)
        self.now = ft.Container(content=ft.Row([ft.Icon(ft.Icons.NOTIFICATIONS_ACTIVE, color="#1a1a1a"), self.now_text],
                                               spacing=8), bgcolor=theme.YELLOW, border_radius=8, padding=8)
        self.help_text = theme.muted("", size=14)
        self.button = DrawButton(screen.changes, bag_ids.BAG_DEVELOPMENT, icon=ft.Icons.AUTORENEW, gate_of=screen.gate,
                                 page_of=screen.page, outcome_title=lambda: screen.ctx.texts.t("ui.bag.outcome.title"))
        self.card = Card(screen.changes, ft.Column([self.now, self.help_text, self.button.root], spacing=8),
                         help_of=screen.help)
        self.root = self.card.root

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t = ctx.texts.t
        step = is_development_step(ctx.game)
        self.card.show(t("ui.bag.develop.title"), topic="bag_development", help_tip=t("ui.rules.help"))
        put(self.now, visible=step)
        if step:
            put(self.now_text, value=t("ui.bag.develop.now"))
        put(self.help_text, value=t("ui.bag.develop.help"))
        self.button.show_draw(development_action(ctx), t("ui.bag.develop.button"),
                              tone="warning" if step else "normal")
