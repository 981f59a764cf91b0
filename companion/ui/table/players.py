"""*Players join*: the table lets phones in, one large QR code per seat (with its typed
code beside it), shows which seats hold a phone, and re-issues a seat's pass. Kept
(kit.kept): built once per page; the QR code is drawn again only for another address,
seat or pass."""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.hosting.join_urls import seat_url
from companion.hosting.qr import qr_png
from companion.hosting.secrets import format_code

from .. import ids, theme
from ..context import UiContext
from ..kit.kept import ActionButton, Card, Chip, KeptScreen, KeyedItems
from ..routes import PLAYERS, TABLE
from .bits import LinkButton, Pill
from companion.ui.table import ids as table_ids

PICKED_SEAT = "players_seat"
PICKED_ADDRESS = "players_address"


class _Lockout:
    """An address that typed wrong codes lately: how many, how long it still waits, and a
    way to let the phones there try again at once."""

    def __init__(self, screen: KeptScreen, address: str) -> None:
        self.screen = screen
        self.address = address
        self.said = ft.Text("", size=14, expand=True)
        self.unlock = ActionButton(screen.changes, table_ids.players_unlock(address), icon=ft.Icons.LOCK_OPEN, compact=True,
                                   page_of=screen.page, on_tap=self._unlock)
        self.root = ft.Row([self.said, self.unlock.root], spacing=8)

    def _unlock(self) -> None:
        self.screen.ctx.extras["seating"].clear_lockout(self.address)
        self.screen.ctx.rerender()

    def show(self, lockout) -> None:
        t = self.screen.ctx.texts.t
        said = t("ui.net.lockout", address=lockout.address, count=lockout.wrong_codes)
        if lockout.wait > 0:
            said += " " + t("ui.net.lockout_wait", seconds=max(1, round(lockout.wait)))
        self.screen.changes.put(self.said, value=said)
        self.unlock.show(t("ui.net.unlock"), refused=None)


class PlayersScreen(KeptScreen):
    def __init__(self, ctx: UiContext, shell: Any = None) -> None:
        super().__init__(ctx, shell)
        changes, page = self.changes, self.page
        self.back = LinkButton(changes, table_ids.PLAYERS_BACK, icon=ft.Icons.ARROW_BACK, on_tap=lambda: ctx.navigate(TABLE))
        # Serving: on or off, where, the other addresses, what went wrong, who typed wrong codes.
        self.serving = ft.Switch(label="", value=False, on_change=lambda _e: self._toggle())
        self.address = ft.Text("", size=15, selectable=True)
        self.address_tag = ids.tag(table_ids.PLAYERS_ADDRESS, self.address)
        self.others = theme.muted("", size=14)
        self.addresses_row = ft.Row([], wrap=True, spacing=8, run_spacing=8)
        self.addresses: KeyedItems[Chip] = KeyedItems(changes, self.addresses_row, lambda index: Chip(
            changes, table_ids.players_address(index), lambda: self._pick_address(index)))  # type: ignore[arg-type]
        self.problem = ft.Text("", size=14, color=theme.ORANGE)
        self.lockouts_help = theme.muted("", size=14)
        self.lockouts_rows = ft.Column([], spacing=6)
        self.lockouts: KeyedItems[_Lockout] = KeyedItems(changes, self.lockouts_rows,
                                                         lambda address: _Lockout(self, address))  # type: ignore
        self.lockouts_part = ids.tag(table_ids.PLAYERS_LOCKOUTS, ft.Column([self.lockouts_help, self.lockouts_rows],
                                                                     spacing=6))
        self.serving_card = Card(changes, ft.Column([ids.tag(table_ids.PLAYERS_SERVING, self.serving),
                                                     self.address_tag, self.others,
                                                     self.addresses_row, self.problem, self.lockouts_part], spacing=8))
        # The seats, and the chosen seat's way in.
        self.help = theme.muted("", size=14)
        self.seats_row = ft.Row([], wrap=True, spacing=8, run_spacing=8)
        self.seats: KeyedItems[Chip] = KeyedItems(changes, self.seats_row, lambda seat: Chip(
            changes, table_ids.players_seat(seat), lambda: self._pick_seat(seat)))  # type: ignore[arg-type]
        self.who = ft.Text("", size=22, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)
        self.phone = Pill(changes)
        self.phone_tag = ft.Semantics(identifier="", content=self.phone.root)
        self.qr = ft.Image(src=b"", filter_quality=ft.FilterQuality.NONE)
        self.qr_drawn: tuple | None = None
        self.qr_tag = ids.tag(table_ids.PLAYERS_QR, self.qr)
        self.no_qr = ids.tag(table_ids.PLAYERS_NO_QR, ft.Text("", size=15, color=theme.ORANGE,
                                                        text_align=ft.TextAlign.CENTER))
        self.or_type = ft.Text("", size=14)
        # Selectable text has no readable text in the accessibility tree: the label carries it.
        self.code_text = ft.Text("", size=34, weight=ft.FontWeight.BOLD, font_family="monospace", selectable=True)
        self.code = ft.Semantics(identifier=table_ids.PLAYERS_CODE, label="", content=self.code_text)
        self.off = theme.muted("", size=15)
        self.reissue = ActionButton(changes, table_ids.PLAYERS_REISSUE, icon=ft.Icons.AUTORENEW, page_of=page,
                                    on_tap=self._reissue)
        self.reissue_help = theme.muted("", size=13)
        seat_card = ft.Column([self.who, self.phone_tag, self.qr_tag, self.no_qr, self.or_type, self.code, self.off,
                               self.reissue.root, self.reissue_help],
                              spacing=12, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        self.seats_card = Card(changes, ft.Column([self.help, self.seats_row, seat_card], spacing=12))
        self.body = ft.Container(ft.Column([self.back.root, self.serving_card.root, self.seats_card.root],
                                           spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
        self.root = ids.tag(table_ids.PLAYERS_SCREEN, self.body)

    # -- what the page holds ---------------------------------------------------------
    def _access(self):
        return self.ctx.extras["phone_access"]

    def _urls(self) -> list[str]:
        """Addresses a phone on this network can open, the likely one first; none: no QR code."""
        access = self._access()
        return access.base_urls() if access.accepting else []

    def _seat(self) -> int:
        seats = [member.seat for member in self.ctx.game.crew]
        seat = self.ctx.extras.get(PICKED_SEAT)
        return seat if seat in seats else seats[0]

    # -- taps ------------------------------------------------------------------------
    def _toggle(self) -> None:
        access, seating = self._access(), self.ctx.extras["seating"]
        if access.accepting:
            access.stop()
            seating.unseat_all()
        else:
            access.start()
        self.ctx.rerender()

    def _pick_address(self, index: int) -> None:
        urls = self._urls()
        if 1 <= index <= len(urls):
            self.ctx.extras[PICKED_ADDRESS] = urls[index - 1]
        self.ctx.rerender()

    def _pick_seat(self, seat: int) -> None:
        self.ctx.extras[PICKED_SEAT] = seat
        self.ctx.rerender()

    def _reissue(self) -> None:
        self.ctx.extras["seating"].reissue(self._seat())
        self.ctx.rerender()

    # -- what it shows ---------------------------------------------------------------
    def put_view(self) -> None:
        ctx, put = self.ctx, self.changes.put
        t, texts, game = ctx.texts.t, ctx.texts, ctx.game
        seating, access = ctx.extras["seating"], self._access()
        width = min(ctx.width - 2 * theme.PAGE_PADDING, theme.FORM_MAX_WIDTH)
        put(self.body, width=width)
        self.back.show(t("ui.common.back"))
        urls = self._urls()
        base = ctx.extras.get(PICKED_ADDRESS)
        if base not in urls:
            base = urls[0] if urls else None
        self.serving_card.show(t("ui.players.title"))
        put(self.serving, label=t("ui.players.serving"), value=access.accepting)
        put(self.address_tag, visible=base is not None)
        if base is not None:
            put(self.address, value=t("ui.players.address", address=base))
        several = len(urls) > 1
        put(self.others, visible=several)
        put(self.addresses_row, visible=several)
        if several:
            put(self.others, value=t("ui.net.other_addresses"))
            self.addresses.show(((index, url) for index, url in enumerate(urls, start=1)),
                                lambda chip, url: chip.show(url.split("://", 1)[1], selected=url == base))
        put(self.problem, visible=bool(access.problem))
        if access.problem:
            put(self.problem, value=t("ui.players.cannot_serve", reason=access.problem))
        found = seating.lockouts()
        put(self.lockouts_part, visible=bool(found))
        if found:
            put(self.lockouts_help, value=t("ui.net.lockouts_help"))
            self.lockouts.show(((lockout.address, lockout) for lockout in found),
                               lambda row, lockout: row.show(lockout))
        self.seats_card.show("")
        put(self.seats_card.title, visible=False)
        # Without a QR code, nothing to scan: the seat's code is what the help points to.
        put(self.help, value=t("ui.players.help" if base is not None else "ui.players.help_no_qr"))
        seat, with_phone = self._seat(), seating.seats_with_phone()
        self.seats.show(((member.seat, member) for member in game.crew),
                        lambda chip, member: chip.show(
                            member.name, sublabel=texts.character(member.character), selected=member.seat == seat,
                            icon=ft.Icons.SMARTPHONE if member.seat in with_phone else ft.Icons.PHONELINK_OFF,
                            icon_colour=theme.GREEN if member.seat in with_phone else theme.TEXT_MUTED))
        member = game.member(seat)
        put(self.who, value=t("ui.common.player_character", name=member.name,
                              character=texts.character(member.character)))
        has_phone = seat in with_phone
        put(self.phone_tag, identifier=table_ids.players_phone(seat))
        self.phone.show(t("ui.players.has_phone") if has_phone else t("ui.players.no_phone"),
                        bgcolor=theme.GREEN if has_phone else theme.SURFACE_HIGH)
        passed = seating.seat_pass(seat)
        put(self.code, label=format_code(passed.code))
        put(self.code_text, value=format_code(passed.code))
        # Nothing a phone could open: no QR code rather than one that cannot work. The code
        # still lets a browser on this computer in.
        put(self.qr_tag, visible=base is not None)
        put(self.or_type, visible=base is not None)
        put(self.no_qr, visible=base is None and access.accepting)
        put(self.code, visible=access.accepting or base is not None)
        put(self.off, visible=base is None and not access.accepting)
        if base is not None:
            drawn = (base, seat, passed.secret)
            if drawn != self.qr_drawn:
                self.qr_drawn = drawn
                put(self.qr, src=qr_png(seat_url(base, seat, passed.secret)))
            size = min(360.0, ctx.width - 80)
            put(self.qr, width=size, height=size)
            put(self.or_type, value=t("ui.players.or_type"))
        elif access.accepting:
            why = "ui.net.no_qr_loopback" if access.loopback_only else "ui.net.no_qr_no_network"
            put(self.no_qr.content, value=t(why))
        else:
            put(self.off, value=t("ui.players.off"))
        self.reissue.show(t("ui.players.reissue"), refused=None)
        put(self.reissue_help, value=t("ui.players.reissue_help"))


class PlayersEntry:
    """The table's button to the join screen, with how many phones hold a seat (only where
    phones can join)."""

    def __init__(self, screen: KeptScreen) -> None:
        self.screen = screen
        self.button = ActionButton(screen.changes, table_ids.PLAYERS_JOIN, icon=ft.Icons.QR_CODE_2, page_of=screen.page,
                                   on_tap=lambda: screen.ctx.navigate(PLAYERS))
        self.root = self.button.root

    def show(self) -> None:
        ctx = self.screen.ctx
        seating = ctx.extras.get("seating")
        if seating is None:
            self.button.show("", refused=None, visible=False)
            return
        self.button.show(ctx.texts.t("ui.players.open", count=len(seating.seats_with_phone()),
                                     total=len(ctx.game.crew)), refused=None)
