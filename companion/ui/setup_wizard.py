"""New game: players (name + character), mode, Power layout, seed, title and language."""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import datetime, timezone

import flet as ft
from pydantic import ValidationError

from companion.engine import IllegalCommand, Mode, NewGame, PlayerSetup, Section
from companion.engine.setup import PLAYER_COUNTS

from . import ids, theme
from .context import UiContext
from .dialogs import show_message
from .scanner.setup_part import contamination_picker
from .victory.setup_part import contingency_picker

# The engine's own limit, so the field stops typing where the engine would refuse.
NAME_MAX = next(m.max_length for m in PlayerSetup.model_fields["name"].metadata if hasattr(m, "max_length"))
MAX_PLAYERS = max(high for _low, high in PLAYER_COUNTS.values())
MANUAL, SHUFFLE = "manual", "shuffle"


@dataclass
class Draft:
    """The wizard's answers so far; kept across re-renders (language switch, resize)."""

    players: list[dict[str, str]] = field(default_factory=list)
    mode: Mode = Mode.STANDARD
    layout_mode: str = SHUFFLE
    layout: dict[str, str] = field(default_factory=dict)  # section -> token number (text)
    seed: str = ""
    title: str = ""
    show_advanced: bool = False
    # The Intruder bag: drawn by the app, or a real bag whose tokens the table reports.
    physical_bag: bool = False
    show_odds: bool = True
    # The app deals and scans the Contamination cards; how many of them show INFECTED
    # (None: the rules data's value, which is unconfirmed).
    digital_contamination: bool = True
    infected_count: int | None = None
    # The app deals the Contingency tokens (else the table keeps the physical ones).
    contingency_tokens: bool = False


class SetupWizard:
    def __init__(self, ctx: UiContext, set_language) -> None:
        self.ctx = ctx
        self.set_language = set_language
        self.characters = [spec.id for spec in ctx.session.rules.characters]
        self.tokens = [str(spec.number) for spec in ctx.session.rules.power.tokens]
        self.draft = Draft()
        low = PLAYER_COUNTS[self.draft.mode][0]
        for _ in range(low):
            self._add_player()

    # -- draft changes -------------------------------------------------------
    def _free_characters(self, seat_index: int | None = None) -> list[str]:
        taken = {p["character"] for i, p in enumerate(self.draft.players) if i != seat_index}
        return [c for c in self.characters if c not in taken]

    def _add_player(self) -> None:
        free = self._free_characters()
        if len(self.draft.players) < MAX_PLAYERS and free:
            self.draft.players.append({"name": "", "character": free[0]})

    def _changed(self, rerender: bool = True) -> None:
        if rerender:
            self.ctx.rerender()

    # -- building --------------------------------------------------------------
    def build(self) -> ft.Control:
        t = self.ctx.texts.t
        d = self.draft
        low, high = PLAYER_COUNTS[d.mode]
        count_ok = low <= len(d.players) <= high
        # The noun agrees with the upper bound ("1 jogador", "de 2 a 5 jogadores").
        rule = (t("ui.setup.player_rule_exact", count=low, mode=d.mode.value) if low == high
                else t("ui.setup.player_rule", low=low, count=high, mode=d.mode.value))
        players = [self._player_row(i) for i in range(len(d.players))]
        add = ids.tag(
            ids.ADD_PLAYER,
            ft.Button(
                content=t("ui.setup.add_player"),
                icon=ft.Icons.PERSON_ADD,
                disabled=len(d.players) >= min(MAX_PLAYERS, len(self.characters)),
                on_click=lambda _e: (self._add_player(), self._changed()),
            ),
        )
        sections = [
            theme.card(
                ft.Column(
                    [*players, add, ft.Text(rule, color=theme.TEXT_MUTED if count_ok else theme.ORANGE)],
                    spacing=10,
                ),
                title=t("ui.setup.players"),
            ),
            theme.card(self._mode_picker(), title=t("ui.setup.mode")),
            theme.card(self._layout_picker(), title=t("ui.setup.power_layout")),
            theme.card(self._bag_picker(), title=t("ui.bag.setup.title")),
            theme.card(contamination_picker(self.ctx, self.draft), title=t("ui.setup.contamination.title")),
            theme.card(contingency_picker(self.ctx, self.draft), title=t("ui.setup.contingency.title")),
            theme.card(self._advanced(), title=t("ui.setup.more")),
        ]
        start = ids.tag(
            ids.START_GAME,
            ft.Button(
                content=t("ui.setup.start"),
                icon=ft.Icons.PLAY_ARROW,
                on_click=lambda _e: self._start(),
                height=52,
                style=ft.ButtonStyle(bgcolor=theme.BLUE, color=theme.TEXT),
            ),
        )
        cancel = ids.tag(
            ids.SETUP_CANCEL,
            ft.TextButton(content=t("ui.common.back"), on_click=lambda _e: self.ctx.navigate("home")),
        )
        return ft.Column(
            [ft.Text(t("ui.setup.title"), size=26, weight=ft.FontWeight.BOLD), *sections,
             ft.Row([cancel, start], alignment=ft.MainAxisAlignment.END, wrap=True)],
            spacing=theme.GAP,
            width=theme.form_width(self.ctx.width),
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    def _player_row(self, index: int) -> ft.Control:
        t = self.ctx.texts.t
        seat = index + 1
        player = self.draft.players[index]

        def on_name(e) -> None:
            player["name"] = e.control.value  # no re-render: keep the caret where it is

        def on_character(e) -> None:
            player["character"] = e.control.value
            self._changed()

        def on_remove(_e) -> None:
            del self.draft.players[index]
            self._changed()

        name = ids.tag(
            ids.player_name(seat),
            ft.TextField(
                label=t("ui.setup.player_name", seat=seat),
                value=player["name"],
                max_length=NAME_MAX,
                on_change=on_name,
                dense=True,
                counter="",
            ),
        )
        options = [
            ft.DropdownOption(
                key=c,
                text=self.ctx.texts.character(c),
                content=ids.tag(ids.character_option(c), ft.Text(self.ctx.texts.character(c))),
            )
            for c in self._free_characters(index)
        ]
        character = ids.tag(
            ids.player_character(seat),
            ft.Dropdown(
                label=t("ui.setup.character"),
                value=player["character"],
                options=options,
                on_select=on_character,
                dense=True,
                expand=True,
            ),
        )
        remove = ids.tag(
            ids.player_remove(seat),
            ft.IconButton(
                icon=ft.Icons.DELETE_OUTLINE,
                tooltip=t("ui.setup.remove_player"),
                on_click=on_remove,
                disabled=len(self.draft.players) <= 1,
            ),
        )
        if self.ctx.is_phone:
            # The Semantics wrapper does not pass `expand` on: the Container gives the width.
            return ft.Container(
                ft.Column([name, ft.Row([ft.Container(character, expand=True), remove])], spacing=6,
                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                padding=ft.Padding.only(bottom=8),
                border=ft.Border.only(bottom=ft.BorderSide(1, theme.OUTLINE)),
            )
        return ft.Row(
            [ft.Container(name, expand=3), ft.Container(character, expand=3), remove],
            vertical_alignment=ft.CrossAxisAlignment.START,
        )

    def _mode_picker(self) -> ft.Control:
        t = self.ctx.texts.t

        def on_change(e) -> None:
            self.draft.mode = Mode(e.control.selected[0])
            self._changed()

        return ids.tag(
            ids.SETUP_MODE,
            ft.SegmentedButton(
                segments=[ft.Segment(value=m.value, label=ft.Text(self.ctx.texts.mode(m))) for m in Mode],
                selected=[self.draft.mode.value],
                on_change=on_change,
                show_selected_icon=False,
            ),
        )

    def _layout_picker(self) -> ft.Control:
        t = self.ctx.texts.t
        d = self.draft

        def on_mode(e) -> None:
            d.layout_mode = e.control.selected[0]
            self._changed()

        picker = ids.tag(
            ids.SETUP_LAYOUT,
            ft.SegmentedButton(
                segments=[
                    ft.Segment(value=SHUFFLE, label=ft.Text(t("ui.setup.layout_shuffle"))),
                    ft.Segment(value=MANUAL, label=ft.Text(t("ui.setup.layout_manual"))),
                ],
                selected=[d.layout_mode],
                on_change=on_mode,
                show_selected_icon=False,
            ),
        )
        rows: list[ft.Control] = [picker]
        if d.layout_mode == MANUAL:
            rows.append(theme.muted(t("ui.setup.layout_manual_help")))
            fields = []
            for section in Section:
                def on_token(e, section=section) -> None:
                    d.layout[section.value] = e.control.value

                fields.append(
                    ids.tag(
                        ids.setup_power(section.value),
                        ft.Dropdown(
                            label=self.ctx.texts.section(section),
                            value=d.layout.get(section.value),
                            options=[ft.DropdownOption(key=n, text=n) for n in self.tokens],
                            on_select=on_token,
                            width=150,
                            dense=True,
                        ),
                    )
                )
            rows.append(ft.Row(fields, wrap=True, spacing=8, run_spacing=8))
        else:
            rows.append(theme.muted(t("ui.setup.layout_shuffle_help")))
        return ft.Column(rows, spacing=8)

    def _bag_picker(self) -> ft.Control:
        t = self.ctx.texts.t
        d = self.draft
        physical, digital = "physical", "digital"

        def on_mode(e) -> None:
            d.physical_bag = e.control.selected[0] == physical
            self._changed()

        def on_odds(e) -> None:
            d.show_odds = bool(e.control.value)

        picker = ids.tag(
            ids.SETUP_PHYSICAL_BAG,
            ft.SegmentedButton(
                segments=[
                    ft.Segment(value=digital,
                               label=ids.tag(ids.SETUP_BAG_DIGITAL, ft.Text(t("ui.bag.setup.digital")))),
                    ft.Segment(value=physical,
                               label=ids.tag(ids.SETUP_BAG_PHYSICAL, ft.Text(t("ui.bag.setup.physical")))),
                ],
                selected=[physical if d.physical_bag else digital],
                on_change=on_mode,
                show_selected_icon=False,
            ),
        )
        help_key = "ui.bag.setup.physical_help" if d.physical_bag else "ui.bag.setup.digital_help"
        odds = ids.tag(ids.SETUP_SHOW_ODDS, ft.Switch(label=t("ui.bag.setup.show_odds"), value=d.show_odds,
                                                      on_change=on_odds))
        return ft.Column([picker, theme.muted(t(help_key)), odds], spacing=8)

    def _advanced(self) -> ft.Control:
        t = self.ctx.texts.t
        d = self.draft

        def on_seed(e) -> None:
            d.seed = e.control.value

        def on_title(e) -> None:
            d.title = e.control.value

        def on_language(e) -> None:
            self.set_language(e.control.value)

        language = ft.Dropdown(
            label=t("ui.common.language"),
            value=self.ctx.texts.lang,
            options=[ft.DropdownOption(key=lang, text=self.ctx.texts.language_name(lang))
                     for lang in self.ctx.extras["languages"]],
            on_select=on_language,
            dense=True,
            width=260,
        )
        title = ids.tag(
            ids.SETUP_TITLE,
            ft.TextField(label=t("ui.setup.game_title"), hint_text=t("ui.setup.game_title_hint"),
                         value=d.title, on_change=on_title, dense=True),
        )
        seed = ids.tag(
            ids.SETUP_SEED,
            ft.TextField(label=t("ui.setup.seed"), helper=t("ui.setup.seed_help"), value=d.seed,
                         on_change=on_seed, dense=True, keyboard_type=ft.KeyboardType.NUMBER,
                         input_filter=ft.NumbersOnlyInputFilter()),  # full width: its hint is not cut off
        )
        return ft.Column([title, language, seed], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    # -- starting ------------------------------------------------------------
    def _command(self) -> NewGame:
        d = self.draft
        players = []
        for player in d.players:
            name = player["name"].strip()
            if not name:
                raise IllegalCommand("error.player_name_empty")
            players.append(PlayerSetup(name=name, character=player["character"]))
        layout = None
        if d.layout_mode == MANUAL:
            try:
                layout = {Section(s): int(d.layout[s.value]) for s in Section}
            except (KeyError, TypeError, ValueError):
                raise IllegalCommand("error.power_layout_invalid") from None
        seed = int(d.seed) if d.seed.strip() else secrets.randbelow(2**31)
        return NewGame(players=tuple(players), mode=d.mode, seed=seed, power_layout=layout,
                       physical_bag=d.physical_bag, show_odds=d.show_odds,
                       digital_contamination=d.digital_contamination,
                       infected_count=d.infected_count if d.digital_contamination else None,
                       contingency_tokens=d.contingency_tokens,
                       started_at=datetime.now(timezone.utc).replace(microsecond=0))

    def _title(self) -> str:
        if self.draft.title.strip():
            return self.draft.title.strip()
        names = ", ".join(p["name"].strip() for p in self.draft.players)
        return f"{names} · {datetime.now().strftime(self.ctx.texts.t('ui.home.date_format'))}"

    def _start(self) -> None:
        try:
            command = self._command()
        except IllegalCommand as exc:
            show_message(self.ctx.page, self.ctx.texts.error(exc))
            return
        except (ValidationError, ValueError):
            show_message(self.ctx.page, self.ctx.texts.t("ui.setup.invalid"))
            return
        if self.ctx.attempt(lambda: self.ctx.session.new_game(command, self._title())):
            self.ctx.navigate("home")  # the table takes over: a game is now open
