"""Power per Section (token number, on/off) and the Power commands."""
from __future__ import annotations

import flet as ft

from companion.engine import Section
from companion.engine.commands import FlipPower, PowerSurge, RestorePower, SwapPower

from .. import ids, theme
from ..dialogs import close, dialog_button, show_dialog
from ..kit.gate import CommandGate, command_button
from ..rules_screen import help_button


def _state_key(section: Section, on: bool) -> str:
    """Only a Section goes dark without Power; the Elevator just stops."""
    if on:
        return "power_state.on"
    return "power_state.off_elevator" if section is Section.ELEVATOR else "power_state.off"


def _section_tile(gate: CommandGate, section: Section) -> ft.Control:
    texts = gate.ctx.texts
    token = gate.ctx.game.power[section]
    on = token.active
    colour = theme.BLUE if on else theme.RED
    tile = ft.Container(
        content=ft.Column(
            [
                ft.Text(texts.section(section), size=15, weight=ft.FontWeight.BOLD, max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS),
                ft.Row(
                    [
                        ft.Container(
                            content=ft.Text(str(token.number), size=22, weight=ft.FontWeight.BOLD,
                                            color=theme.TEXT),
                            bgcolor=colour, width=40, height=40, border_radius=20,
                            alignment=ft.Alignment.CENTER,
                            tooltip=texts.t("ui.power.token", token=token.number),
                        ),
                        ft.Text(texts.t(_state_key(section, on)), size=14,
                                weight=ft.FontWeight.BOLD, color=theme.TEXT, expand=True),
                    ],
                    spacing=8,
                ),
                command_button(gate, FlipPower(section=section), label=texts.t("ui.power.flip"),
                               icon=ft.Icons.SYNC, identifier=ids.power_flip(section.value), compact=True),
            ],
            spacing=6,
            tight=True,
        ),
        bgcolor=theme.BLUE_DARK if on else theme.RED_DARK,
        border_radius=theme.RADIUS,
        padding=10,
        border=ft.Border.all(2, colour),
    )
    return ids.tag(ids.power(section.value), tile)


def build_power_panel(gate: CommandGate) -> ft.Control:
    t = gate.ctx.texts.t
    tiles = ft.ResponsiveRow(
        # Two per row: long "no power" labels stay on one or two lines at every width.
        [ft.Container(_section_tile(gate, s), col=6) for s in Section],
        spacing=8,
        run_spacing=8,
    )
    actions = ft.Row(
        [
            command_button(gate, RestorePower(layout=None), label=t("ui.power.restore"),
                           icon=ft.Icons.BOLT, identifier=ids.RESTORE_POWER, tone="primary",
                           on_click=lambda _e: open_restore_dialog(gate)),
            command_button(gate, SwapPower(first=Section.S01, second=Section.S02), label=t("ui.power.swap"),
                           icon=ft.Icons.SWAP_HORIZ, identifier=ids.SWAP_POWER,
                           on_click=lambda _e: open_swap_dialog(gate)),
            command_button(gate, PowerSurge(), label=t("ui.power.surge"), icon=ft.Icons.FLASH_OFF,
                           identifier=ids.POWER_SURGE),
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )
    return theme.card(ft.Column([tiles, actions], spacing=10), title=t("ui.power.title"),
                      help=help_button(gate.ctx, "power"))


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
    grid = ft.Row([ids.tag(ids.restore_power_section(s.value), p) for s, p in pickers.items()], wrap=True, spacing=8,
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
    dialog = ft.AlertDialog(modal=True, scrollable=True)

    def ok(_e) -> None:
        layout = None
        if mode.value == "rearrange":
            layout = {s: int(p.value) for s, p in pickers.items()}
        close(ctx.page, dialog)
        gate.execute(RestorePower(layout=layout))

    help_text = t("ui.power.restore_help", tokens=", ".join(str(n) for n in rules.restore_active_tokens),
                  count=rules.restore_skip_if_active_at_least)
    dialog.title = ft.Text(t("ui.power.restore"), size=20, weight=ft.FontWeight.BOLD)
    dialog.content = ft.Column([ft.Text(help_text, size=15), mode, grid], tight=True, spacing=10, width=480)
    dialog.actions = [
        dialog_button(ctx.texts, "ui.common.cancel", ids.CONFIRM_CANCEL, lambda _e: close(ctx.page, dialog)),
        dialog_button(ctx.texts, "ui.common.confirm", ids.CONFIRM_OK, ok, primary=True),
    ]
    show_dialog(ctx.page, dialog)


def open_swap_dialog(gate: CommandGate) -> None:
    ctx = gate.ctx
    t = ctx.texts.t
    options = [ft.DropdownOption(key=s.value, text=ctx.texts.section(s)) for s in Section]
    first = ft.Dropdown(label=t("ui.power.swap_first"), value=Section.S01.value, options=options, width=200,
                        dense=True)
    second = ft.Dropdown(label=t("ui.power.swap_second"), value=Section.S02.value, options=list(options),
                         width=200, dense=True)
    dialog = ft.AlertDialog(modal=True)

    def ok(_e) -> None:
        close(ctx.page, dialog)
        gate.execute(SwapPower(first=Section(first.value), second=Section(second.value)))

    dialog.title = ft.Text(t("ui.power.swap"), size=20, weight=ft.FontWeight.BOLD)
    dialog.content = ft.Column([ft.Text(t("ui.power.swap_help"), size=15), first, second], tight=True,
                               spacing=10)
    dialog.actions = [
        dialog_button(ctx.texts, "ui.common.cancel", ids.CONFIRM_CANCEL, lambda _e: close(ctx.page, dialog)),
        dialog_button(ctx.texts, "ui.common.confirm", ids.CONFIRM_OK, ok, primary=True),
    ]
    show_dialog(ctx.page, dialog)
