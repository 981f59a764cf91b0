"""Power per Section (token number, on/off) and the Power commands; the dialogs that restore and
swap Power (built when they open)."""
from __future__ import annotations

import flet as ft

from companion.vocab import Section
from companion.engine.commands import FlipPower, GameCommand, PowerSurge, RestorePower, SwapPower

from .. import ids, theme
from ..dialogs import Dialog, show_message
from ..kit.gate import CommandGate
from ..kit.kept import Card, KeptScreen, OfferButton
from companion.ui.table import ids as table_ids

# What the Power buttons show before the dialog asks: the tokens kept, the first two Sections.
KEEP_LAYOUT = {"layout": None}
FIRST_PAIR = {"first": Section.S01, "second": Section.S02}


def _state_key(section: Section, on: bool) -> str:
    """Only a Section goes dark without Power; the Elevator just stops."""
    if on:
        return "power_state.on"
    return "power_state.off_elevator" if section is Section.ELEVATOR else "power_state.off"


class _SectionTile:
    """One Section's (or the Elevator's) Power: its token's number, on or off, and its flip."""

    def __init__(self, screen: KeptScreen, section: Section) -> None:
        self.screen = screen
        self.section = section
        changes = screen.changes
        self.name = ft.Text("", size=15, weight=ft.FontWeight.BOLD, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
        self.number = ft.Text("", size=22, weight=ft.FontWeight.BOLD, color=theme.TEXT)
        self.token = ft.Container(content=self.number, width=40, height=40, border_radius=20,
                                  alignment=ft.Alignment.CENTER)
        self.on_off = ft.Text("", size=14, weight=ft.FontWeight.BOLD, color=theme.TEXT, expand=True)
        self.flip = OfferButton(changes, table_ids.power_flip(section.value), icon=ft.Icons.SYNC, gate_of=screen.gate,
                                page_of=screen.page, compact=True)
        self.tile = ft.Container(content=ft.Column([self.name, ft.Row([self.token, self.on_off], spacing=8),
                                                    self.flip.root], spacing=6, tight=True),
                                 border_radius=theme.RADIUS, padding=10)
        self.root = ft.Container(ids.tag(table_ids.power(section.value), self.tile), col=6)

    def show(self) -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        texts, section = ctx.texts, self.section
        token = ctx.game.power[section]
        on = token.active
        colour = theme.BLUE if on else theme.RED
        put(self.name, value=texts.section(section))
        put(self.number, value=str(token.number))
        put(self.token, bgcolor=colour, tooltip=texts.t("ui.power.token", token=token.number))
        put(self.on_off, value=texts.t(_state_key(section, on)))
        put(self.tile, bgcolor=theme.BLUE_DARK if on else theme.RED_DARK, border=ft.Border.all(2, colour))
        self.flip.show_action(ctx.action(FlipPower, section=section), texts.t("ui.power.flip"))


class PowerPanel:
    """Power per Section (token number, on/off) and the Power commands. Kept (kit.kept)."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        changes, gate, page = screen.changes, screen.gate, screen.page
        self.tiles = [_SectionTile(screen, section) for section in Section]
        self.restore = OfferButton(changes, table_ids.RESTORE_POWER, icon=ft.Icons.BOLT, gate_of=gate, page_of=page,
                                   tone="primary", on_tap=lambda: open_restore_dialog(screen.gate()))
        self.swap = OfferButton(changes, table_ids.SWAP_POWER, icon=ft.Icons.SWAP_HORIZ, gate_of=gate, page_of=page,
                                on_tap=lambda: open_swap_dialog(screen.gate()))
        self.surge = OfferButton(changes, table_ids.POWER_SURGE, icon=ft.Icons.FLASH_OFF, gate_of=gate, page_of=page)
        # Two per row: long "no power" labels stay on one or two lines at every width.
        tiles = ft.ResponsiveRow([tile.root for tile in self.tiles], spacing=8, run_spacing=8)
        actions = ft.Row([self.restore.root, self.swap.root, self.surge.root], wrap=True, spacing=8, run_spacing=8)
        self.card = Card(changes, ft.Column([tiles, actions], spacing=10), help_of=screen.help)
        self.root = self.card.root

    def inputs(self) -> tuple:
        """What `show` reads besides the actions it looks up (KeptScreen.show_part)."""
        return (self.screen.ctx.game.power,)

    def show(self) -> None:
        ctx = self.screen.ctx
        t = ctx.texts.t
        self.card.show(t("ui.power.title"), topic="power", help_tip=t("ui.rules.help"))
        for tile in self.tiles:
            tile.show()
        self.restore.show_action(ctx.action(RestorePower), t("ui.power.restore"), picked=KEEP_LAYOUT)
        self.swap.show_action(ctx.action(SwapPower), t("ui.power.swap"), picked=FIRST_PAIR)
        self.surge.show_action(ctx.action(PowerSurge), t("ui.power.surge"))


def _send_picked(gate: CommandGate, command: type[GameCommand], picked: dict, unoffered: str) -> None:
    """The dialog's answer, sent through the newest feed's action (a refusal is told when
    sent); `unoffered` says why a pick the action does not offer cannot be sent."""
    ctx = gate.ctx
    action = ctx.action(command)
    if action is None:
        show_message(ctx.page, ctx.texts.t("error.action_gone"))
    elif action.allows(**picked):
        gate.execute(action.command(**picked))
    elif action.refusal is not None:
        show_message(ctx.page, ctx.texts.error(action.refusal))
    else:
        show_message(ctx.page, ctx.texts.t(unoffered))


def _token_picker(gate: CommandGate, label: str, value: int) -> ft.Dropdown:
    numbers = [str(spec.number) for spec in gate.ctx.session.rules.power.tokens]
    return ft.Dropdown(label=label, value=str(value), options=[ft.DropdownOption(key=n, text=n) for n in numbers],
                       width=150, dense=True)


def open_restore_dialog(gate: CommandGate) -> None:
    """Backup Power: the player may also rearrange the tokens (step 2), so ask how."""
    ctx = gate.ctx
    t = ctx.texts.t
    state = ctx.game
    rules = ctx.session.rules.power
    pickers = {s: _token_picker(gate, ctx.texts.section(s), state.power[s].number) for s in Section}
    grid = ft.Row([ids.tag(table_ids.restore_power_section(s.value), p) for s, p in pickers.items()], wrap=True, spacing=8,
                  run_spacing=8, visible=False)
    mode = ft.RadioGroup(
        value="keep",
        content=ft.Column([ft.Radio(value="keep", label=t("ui.power.restore_keep")),
                           ft.Radio(value="rearrange", label=t("ui.power.restore_rearrange"))], tight=True),
    )

    def on_mode(_e) -> None:
        grid.visible = mode.value == "rearrange"
        grid.update()

    mode.on_change = on_mode
    # Scrollable as a whole: a scrolling column inside would stretch the dialog to full height.
    dialog = Dialog(ctx.page, ctx.texts, scrollable=True)

    def send() -> None:
        layout = None
        if mode.value == "rearrange":
            layout = {s: int(p.value) for s, p in pickers.items()}
        _send_picked(gate, RestorePower, {"layout": layout}, "error.power_layout_invalid")

    help_text = t("ui.power.restore_help", tokens=", ".join(str(n) for n in rules.restore_active_tokens),
                  count=rules.restore_skip_if_active_at_least)
    dialog.show(title=t("ui.power.restore"),
                body=ft.Column([ft.Text(help_text, size=15), mode, grid], tight=True, spacing=10, width=480),
                actions=[dialog.button("ui.common.cancel", ids.CONFIRM_CANCEL),
                         dialog.button("ui.common.confirm", ids.CONFIRM_OK, send, primary=True)])


def open_swap_dialog(gate: CommandGate) -> None:
    ctx = gate.ctx
    t = ctx.texts.t
    options = [ft.DropdownOption(key=s.value, text=ctx.texts.section(s)) for s in Section]
    first = ft.Dropdown(label=t("ui.power.swap_first"), value=Section.S01.value, options=options, width=200,
                        dense=True)
    second = ft.Dropdown(label=t("ui.power.swap_second"), value=Section.S02.value, options=list(options),
                         width=200, dense=True)
    dialog = Dialog(ctx.page, ctx.texts)

    def send() -> None:
        picked = {"first": Section(first.value), "second": Section(second.value)}
        _send_picked(gate, SwapPower, picked, "error.action_gone")

    dialog.show(title=t("ui.power.swap"),
                body=ft.Column([ft.Text(t("ui.power.swap_help"), size=15), first, second], tight=True, spacing=10),
                actions=[dialog.button("ui.common.cancel", ids.CONFIRM_CANCEL),
                         dialog.button("ui.common.confirm", ids.CONFIRM_OK, send, primary=True)])
