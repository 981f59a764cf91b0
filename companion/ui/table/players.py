"""*Players join*: the table lets phones in, one large QR code per seat (with its typed
code beside it), shows which seats hold a phone, and re-issues a seat's pass."""
from __future__ import annotations

import flet as ft

from companion.hosting.join_urls import seat_url
from companion.hosting.qr import qr_png
from companion.hosting.secrets import format_code

from .. import ids, theme
from ..context import UiContext
from ..kit.chips import chips, choice_chip
from ..kit.gate import styled_button

PICKED_SEAT = "players_seat"
PICKED_ADDRESS = "players_address"


def build_players_screen(ctx: UiContext) -> ft.Control:
    t = ctx.texts.t
    seating = ctx.extras["seating"]
    access = ctx.extras["phone_access"]
    game = ctx.game
    seats = [member.seat for member in game.crew]
    seat = ctx.extras.get(PICKED_SEAT)
    if seat not in seats:
        seat = seats[0]
    with_phone = seating.seats_with_phone()
    # Addresses a phone on this network can open, the likely one first; none: no QR code.
    urls = access.base_urls() if access.accepting else []
    base = ctx.extras.get(PICKED_ADDRESS)
    if base not in urls:
        base = urls[0] if urls else None

    def pick(chosen: int) -> None:
        ctx.extras[PICKED_SEAT] = chosen
        ctx.rerender()

    def pick_address(chosen: str) -> None:
        ctx.extras[PICKED_ADDRESS] = chosen
        ctx.rerender()

    def toggle(_e) -> None:
        if access.accepting:
            access.stop()
            seating.unseat_all()
        else:
            access.start()
        ctx.rerender()

    serving: list[ft.Control] = [
        ids.tag(ids.PLAYERS_SERVING, ft.Switch(label=t("ui.players.serving"), value=access.accepting,
                                                on_change=toggle)),
    ]
    if base is not None:
        serving.append(ids.tag(ids.PLAYERS_ADDRESS, ft.Text(t("ui.players.address", address=base),
                                                           size=15, selectable=True)))
    if len(urls) > 1:
        serving.append(theme.muted(t("ui.net.other_addresses"), size=14))
        serving.append(chips([
            choice_chip(url.split("://", 1)[1], selected=url == base, on_click=lambda _e, url=url: pick_address(url),
                        identifier=ids.players_address(index))
            for index, url in enumerate(urls, start=1)
        ]))
    if access.problem:
        serving.append(ft.Text(t("ui.players.cannot_serve", reason=access.problem), size=14, color=theme.ORANGE))
    lockouts = _lockouts(ctx, seating)
    if lockouts is not None:
        serving.append(lockouts)

    seat_chips = chips([
        choice_chip(game.member(s).name, sublabel=ctx.texts.character(game.member(s).character),
                    selected=s == seat, on_click=lambda _e, s=s: pick(s), identifier=ids.players_seat(s),
                    icon=ft.Icons.SMARTPHONE if s in with_phone else ft.Icons.PHONELINK_OFF,
                    icon_colour=theme.GREEN if s in with_phone else theme.TEXT_MUTED)
        for s in seats
    ])
    member = game.member(seat)
    passed = seating.seat_pass(seat)
    qr: list[ft.Control]
    # Selectable text has no readable text in the accessibility tree: the label carries it.
    code = ft.Semantics(identifier=ids.PLAYERS_CODE, label=format_code(passed.code),
                        content=ft.Text(format_code(passed.code), size=34, weight=ft.FontWeight.BOLD,
                                        font_family="monospace", selectable=True))
    if base is not None:
        size = min(360.0, ctx.width - 80)
        qr = [
            ids.tag(ids.PLAYERS_QR, ft.Image(src=qr_png(seat_url(base, seat, passed.secret)), width=size,
                                             height=size, filter_quality=ft.FilterQuality.NONE)),
            ft.Text(t("ui.players.or_type"), size=14),
            code,
        ]
    elif access.accepting:
        # Nothing a phone could open: no QR code rather than one that cannot work. The code
        # still lets a browser on this computer in.
        why = "ui.net.no_qr_loopback" if access.loopback_only else "ui.net.no_qr_no_network"
        qr = [ids.tag(ids.PLAYERS_NO_QR, ft.Text(t(why), size=15, color=theme.ORANGE,
                                                  text_align=ft.TextAlign.CENTER)), code]
    else:
        qr = [theme.muted(t("ui.players.off"), size=15)]
    phone = t("ui.players.has_phone") if seat in with_phone else t("ui.players.no_phone")
    card = ft.Column([
        ft.Text(t("ui.common.player_character", name=member.name, character=ctx.texts.character(member.character)),
                size=22, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
        ids.tag(ids.players_phone(seat), theme.pill(phone, bgcolor=theme.GREEN if seat in with_phone else theme.SURFACE_HIGH)),
        *qr,
        ids.tag(ids.PLAYERS_REISSUE, styled_button(t("ui.players.reissue"), icon=ft.Icons.AUTORENEW,
                                                   on_click=lambda _e: (seating.reissue(seat), ctx.rerender()))),
        theme.muted(t("ui.players.reissue_help"), size=13),
    ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    back = ids.tag(ids.PLAYERS_BACK, ft.TextButton(content=t("ui.common.back"), icon=ft.Icons.ARROW_BACK,
                                                   on_click=lambda _e: ctx.navigate("table")))
    return ids.tag(ids.PLAYERS_SCREEN, ft.Container(ft.Column([
        back,
        theme.card(ft.Column(serving, spacing=8), title=t("ui.players.title")),
        theme.card(ft.Column([theme.muted(t("ui.players.help"), size=14), seat_chips, card], spacing=12)),
    ], spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        width=min(ctx.width - 2 * theme.PAGE_PADDING, theme.FORM_MAX_WIDTH)))


def _lockouts(ctx: UiContext, seating) -> ft.Control | None:
    """Who typed wrong codes lately: a network address each, how many, how long it still
    waits, and a way to let the phones there try again at once."""
    found = seating.lockouts()
    if not found:
        return None
    t = ctx.texts.t

    def unlock(address: str) -> None:
        seating.clear_lockout(address)
        ctx.rerender()

    rows: list[ft.Control] = [theme.muted(t("ui.net.lockouts_help"), size=14)]
    for lockout in found:
        said = t("ui.net.lockout", address=lockout.address, count=lockout.wrong_codes)
        if lockout.wait > 0:
            said += " " + t("ui.net.lockout_wait", seconds=max(1, round(lockout.wait)))
        rows.append(ft.Row([
            ft.Text(said, size=14, expand=True),
            ids.tag(ids.players_unlock(lockout.address), styled_button(
                t("ui.net.unlock"), icon=ft.Icons.LOCK_OPEN, compact=True,
                on_click=lambda _e, address=lockout.address: unlock(address))),
        ], spacing=8))
    return ids.tag(ids.PLAYERS_LOCKOUTS, ft.Column(rows, spacing=6))


def build_players_entry(ctx: UiContext) -> ft.Control:
    """The table's button to the join screen, with how many phones hold a seat."""
    seating = ctx.extras.get("seating")
    if seating is None:
        return ft.Container()
    t = ctx.texts.t
    count = len(seating.seats_with_phone())
    return ids.tag(ids.PLAYERS_JOIN, styled_button(t("ui.players.open", count=count, total=len(ctx.game.crew)),
                                                   icon=ft.Icons.QR_CODE_2, on_click=lambda _e: ctx.navigate("players")))
