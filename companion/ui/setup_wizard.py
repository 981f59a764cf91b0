"""New game: players (name + character), mode, Power layout, seed, title and language.

The wizard (SetupWizard) holds the answers; its screen (SetupScreen) is kept (kit.kept):
built once per page, every field a control that is never swapped, so what a player types
stays where they type it."""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable

import flet as ft
from pydantic import ValidationError

from companion.engine.views import IllegalCommand
from companion.vocab import Mode, Section
from companion.engine.commands import NewGame, PlayerSetup
from companion.engine.views import PLAYER_COUNTS

from . import ids, theme
from .context import UiContext
from .dialogs import show_message
from .kit.kept import PHONE, Card, Changes, KeptScreen, KeyedItems
from .kit.parts import LinkButton
from .kit.pinned import Pinned
from .scanner.setup_part import ContaminationPicker
from .victory.setup_part import ContingencyPicker

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
    # The Intruder bag: drawn by the app, or a real bag whose tokens the table reports.
    physical_bag: bool = False
    show_odds: bool = True
    # The app deals and scans the Contamination cards (None: the table has not chosen; it
    # decides the game, so Start waits); how many of them show INFECTED (None: the rules
    # data's value, which is unconfirmed).
    digital_contamination: bool | None = None
    infected_count: int | None = None
    # The app deals the Contingency tokens (else the table keeps the physical ones).
    contingency_tokens: bool = False


class SetupWizard:
    def __init__(self, ctx: UiContext, set_language) -> None:
        self.ctx = ctx
        self.set_language = set_language
        self.characters = [spec.id for spec in ctx.session.rules.characters]
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

    # -- starting ------------------------------------------------------------
    def missing(self) -> str | None:
        """The locale key of what Start waits for (None: nothing)."""
        return "ui.setup.contamination.needed" if self.draft.digital_contamination is None else None

    def _command(self) -> NewGame:
        d = self.draft
        if self.missing() is not None:
            raise IllegalCommand(self.missing())
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
                       digital_contamination=bool(d.digital_contamination),
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


# --------------------------------------------------------------------- the screen
class PlayerRow:
    """One player: name, Character, and a way to remove them. The name field is never sent
    back while the player types (the draft takes each letter without a new render)."""

    def __init__(self, screen: "SetupScreen", index: int) -> None:
        self.screen = screen
        self.index = index
        seat = index + 1
        self.options = {c: ft.DropdownOption(key=c, text=c, content=ids.tag(ids.character_option(c), ft.Text(c)))
                        for c in screen.characters}
        self.name = ft.TextField(label="", value="", max_length=NAME_MAX, on_change=self._name, dense=True, counter="")
        self.character = ft.Dropdown(label="", value=None, options=[], on_select=self._character, dense=True,
                                     expand=True)
        self.remove = ft.IconButton(icon=ft.Icons.DELETE_OUTLINE, on_click=self._remove)
        name = ids.tag(ids.player_name(seat), self.name)
        character = ids.tag(ids.player_character(seat), self.character)
        remove = ids.tag(ids.player_remove(seat), self.remove)
        if screen.layout == PHONE:
            # The Semantics wrapper does not pass `expand` on: the Container gives the width.
            self.root: ft.Control = ft.Container(
                ft.Column([name, ft.Row([ft.Container(character, expand=True), remove])], spacing=6,
                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                padding=ft.Padding.only(bottom=8), border=ft.Border.only(bottom=ft.BorderSide(1, theme.OUTLINE)))
        else:
            self.root = ft.Row([ft.Container(name, expand=3), ft.Container(character, expand=3), remove],
                               vertical_alignment=ft.CrossAxisAlignment.START)

    def _player(self) -> dict[str, str] | None:
        players = self.screen.wizard().draft.players
        return players[self.index] if self.index < len(players) else None

    def _name(self, e) -> None:
        player = self._player()
        if player is not None:
            player["name"] = e.control.value or ""  # no render: the caret stays where it is

    def _character(self, e) -> None:
        player = self._player()
        if player is not None and e.control.value:
            player["character"] = e.control.value
            self.screen.ctx.rerender()

    def _remove(self, _e) -> None:
        players = self.screen.wizard().draft.players
        if len(players) > 1 and self.index < len(players):
            del players[self.index]
            self.screen.ctx.rerender()

    def show(self, wizard: "SetupWizard") -> None:
        ctx, put = self.screen.ctx, self.screen.changes.put
        t, texts = ctx.texts.t, ctx.texts
        player = wizard.draft.players[self.index]
        seat = self.index + 1
        put(self.name, label=t("ui.setup.player_name", seat=seat), value=player["name"])
        for character, option in self.options.items():
            put(option, text=texts.character(character))
            put(option.content.content, value=texts.character(character))
        put(self.character, label=t("ui.setup.character"), value=player["character"],
            options=[self.options[c] for c in wizard._free_characters(self.index)])
        put(self.remove, tooltip=t("ui.setup.remove_player"), disabled=len(wizard.draft.players) <= 1)


class _Segments:
    """A segmented choice (ft.SegmentedButton, kept): its labels put on every show."""

    def __init__(self, identifier: str, values: list[str], on_pick: Callable[[str], None],
                 label_ids: dict[str, str] | None = None) -> None:
        self.labels = {value: ft.Text("") for value in values}
        self.picker = ft.SegmentedButton(
            segments=[ft.Segment(value=value, label=ids.tag(label_ids[value], text) if label_ids else text)
                      for value, text in self.labels.items()],
            selected=[values[0]], on_change=lambda e: on_pick(e.control.selected[0]), show_selected_icon=False)
        self.root = ids.tag(identifier, self.picker)

    def show(self, changes: Changes, labels: dict[str, str], selected: str) -> None:
        for value, text in self.labels.items():
            changes.put(text, value=labels[value])
        changes.put(self.picker, selected=[selected])


class SetupScreen(KeptScreen):
    """The wizard's screen. `wizard`: the wizard it shows (tests); on a page, the shell's,
    asked anew on every show (a new game after home starts a new wizard)."""

    def __init__(self, ctx: UiContext, shell: Any = None, *, wizard: "SetupWizard | None" = None) -> None:
        super().__init__(ctx, shell)
        changes = self.changes
        self._wizard = wizard
        self.characters = [spec.id for spec in ctx.session.rules.characters]
        self.heading = ft.Text("", size=26, weight=ft.FontWeight.BOLD)
        # Players.
        self.rows_column = ft.Column([], spacing=10)
        self.rows: KeyedItems[PlayerRow] = KeyedItems(changes, self.rows_column, lambda i: PlayerRow(self, int(i)))
        self.add_label = ft.Text("")
        self.add = ft.Button(content=self.add_label, icon=ft.Icons.PERSON_ADD, on_click=self._add)
        self.rule = ft.Text("")
        self.players = Card(changes, ft.Column([self.rows_column, ids.tag(ids.ADD_PLAYER, self.add), self.rule],
                                               spacing=10))
        # Mode.
        self.mode = _Segments(ids.SETUP_MODE, [m.value for m in Mode], self._mode)
        self.mode_card = Card(changes, self.mode.root)
        # Power layout.
        self.layout_mode = _Segments(ids.SETUP_LAYOUT, [SHUFFLE, MANUAL], self._layout_mode)
        self.layout_help = theme.muted("")
        self.tokens = {section: ft.Dropdown(label="", value=None, options=[ft.DropdownOption(key=n, text=n)
                                                                           for n in self.tokens_of(ctx)],
                                            on_select=lambda e, section=section: self._token(section, e), width=150,
                                            dense=True)
                       for section in Section}
        self.tokens_row = ft.Row([ids.tag(ids.setup_power(section.value), field)
                                  for section, field in self.tokens.items()], wrap=True, spacing=8, run_spacing=8)
        self.layout_card = Card(changes, ft.Column([self.layout_mode.root, self.layout_help, self.tokens_row],
                                                   spacing=8))
        # The Intruder bag.
        self.bag = _Segments(ids.SETUP_PHYSICAL_BAG, ["digital", "physical"], self._bag,
                             {"digital": ids.SETUP_BAG_DIGITAL, "physical": ids.SETUP_BAG_PHYSICAL})
        self.bag_help = theme.muted("")
        self.odds = ft.Switch(label="", value=True, on_change=self._odds)
        self.bag_card = Card(changes, ft.Column([self.bag.root, self.bag_help, ids.tag(ids.SETUP_SHOW_ODDS, self.odds)],
                                                spacing=8))
        # Contamination and Contingency.
        self.contamination = ContaminationPicker(changes, lambda: self.ctx, lambda: self.wizard().draft)
        self.contamination_card = Card(changes, self.contamination.root)
        self.contingency = ContingencyPicker(changes, lambda: self.ctx, lambda: self.wizard().draft)
        self.contingency_card = Card(changes, self.contingency.root)
        # More.
        self.title_field = ft.TextField(label="", hint_text="", value="", on_change=self._title, dense=True)
        self.language = ft.Dropdown(label="", value=None, options=[], on_select=self._language, dense=True, width=260)
        self.language_options: dict[str, ft.DropdownOption] = {}
        self.seed = ft.TextField(label="", helper="", value="", on_change=self._seed, dense=True,
                                 keyboard_type=ft.KeyboardType.NUMBER,
                                 input_filter=ft.NumbersOnlyInputFilter())  # full width: its hint is not cut off
        self.more = Card(changes, ft.Column([ids.tag(ids.SETUP_TITLE, self.title_field), self.language,
                                             ids.tag(ids.SETUP_SEED, self.seed)], spacing=10,
                                            horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
        self.cancel = LinkButton(changes, ids.SETUP_CANCEL, on_tap=lambda: self.ctx.navigate("home"))
        self.start_label = ft.Text("")
        self.start = ft.Button(content=self.start_label, icon=ft.Icons.PLAY_ARROW, height=52,
                               on_click=lambda _e: self.wizard()._start(),
                               style=ft.ButtonStyle(bgcolor={ft.ControlState.DISABLED: theme.BUTTON_DISABLED,
                                                             ft.ControlState.DEFAULT: theme.BLUE},
                                                    color=theme.TEXT))
        self.start_waits = theme.muted("", size=13)
        # Hidden as a whole: Flutter draws an error for a shown Semantics around a hidden control.
        self.start_waits_tag = ids.tag(ids.START_WAITS, self.start_waits)
        # The form scrolls; Start stays at the window's bottom edge, in view on a small phone.
        self.pinned = Pinned(changes, body=[self.heading, self.players.root, self.mode_card.root,
                                            self.layout_card.root, self.bag_card.root, self.contamination_card.root,
                                            self.contingency_card.root, self.more.root],
                             footer=[self.start_waits_tag,
                                     ft.Row([self.cancel.root, ids.tag(ids.START_GAME, self.start)],
                                            alignment=ft.MainAxisAlignment.END, wrap=True)],
                             phone=True)
        self.root = self.pinned.root

    @staticmethod
    def tokens_of(ctx: UiContext) -> list[str]:
        return [str(spec.number) for spec in ctx.session.rules.power.tokens]

    def wizard(self) -> "SetupWizard":
        return self._wizard if self._wizard is not None else self.shell.setup_wizard()

    # -- taps: each changes the wizard's draft ----------------------------------------
    def _add(self, _e) -> None:
        self.wizard()._add_player()
        self.ctx.rerender()

    def _mode(self, value: str) -> None:
        self.wizard().draft.mode = Mode(value)
        self.ctx.rerender()

    def _layout_mode(self, value: str) -> None:
        self.wizard().draft.layout_mode = value
        self.ctx.rerender()

    def _token(self, section: Section, e) -> None:
        self.wizard().draft.layout[section.value] = e.control.value

    def _bag(self, value: str) -> None:
        self.wizard().draft.physical_bag = value == "physical"
        self.ctx.rerender()

    def _odds(self, e) -> None:
        self.wizard().draft.show_odds = bool(e.control.value)

    def _title(self, e) -> None:
        self.wizard().draft.title = e.control.value or ""

    def _seed(self, e) -> None:
        self.wizard().draft.seed = e.control.value or ""

    def _language(self, e) -> None:
        if e.control.value:
            self.wizard().set_language(e.control.value)

    # -- showing ---------------------------------------------------------------------
    def put_view(self) -> None:
        ctx, put = self.ctx, self.changes.put
        t, texts = ctx.texts.t, ctx.texts
        wizard = self.wizard()
        d = wizard.draft
        self.pinned.fill(ctx, theme.form_width(ctx.width), min_window=theme.MIN_PINNED_WINDOW_WITHOUT_STRIP)
        put(self.heading, value=t("ui.setup.title"))
        low, high = PLAYER_COUNTS[d.mode]
        count_ok = low <= len(d.players) <= high
        # The noun agrees with the upper bound ("1 jogador", "de 2 a 5 jogadores").
        rule = (t("ui.setup.player_rule_exact", count=low, mode=d.mode.value) if low == high
                else t("ui.setup.player_rule", low=low, count=high, mode=d.mode.value))
        self.players.show(t("ui.setup.players"))
        self.rows.show(((index, index) for index in range(len(d.players))), lambda row, _index: row.show(wizard))
        put(self.add_label, value=t("ui.setup.add_player"))
        put(self.add, disabled=len(d.players) >= min(MAX_PLAYERS, len(self.characters)))
        put(self.rule, value=rule, color=theme.TEXT_MUTED if count_ok else theme.ORANGE)
        self.mode_card.show(t("ui.setup.mode"))
        self.mode.show(self.changes, {m.value: texts.mode(m) for m in Mode}, d.mode.value)
        self.layout_card.show(t("ui.setup.power_layout"))
        self.layout_mode.show(self.changes, {SHUFFLE: t("ui.setup.layout_shuffle"),
                                             MANUAL: t("ui.setup.layout_manual")}, d.layout_mode)
        manual = d.layout_mode == MANUAL
        put(self.layout_help, value=t("ui.setup.layout_manual_help" if manual else "ui.setup.layout_shuffle_help"))
        put(self.tokens_row, visible=manual)
        if manual:
            for section, field in self.tokens.items():
                put(field, label=texts.section(section), value=d.layout.get(section.value))
        self.bag_card.show(t("ui.bag.setup.title"))
        self.bag.show(self.changes, {"digital": t("ui.bag.setup.digital"), "physical": t("ui.bag.setup.physical")},
                      "physical" if d.physical_bag else "digital")
        put(self.bag_help, value=t("ui.bag.setup.physical_help" if d.physical_bag else "ui.bag.setup.digital_help"))
        put(self.odds, label=t("ui.bag.setup.show_odds"), value=d.show_odds)
        self.contamination_card.show(t("ui.setup.contamination.title"))
        self.contamination.show()
        self.contingency_card.show(t("ui.setup.contingency.title"))
        self.contingency.show()
        self.more.show(t("ui.setup.more"))
        put(self.title_field, label=t("ui.setup.game_title"), hint_text=t("ui.setup.game_title_hint"), value=d.title)
        languages = list(ctx.extras["languages"])
        for lang in languages:
            if lang not in self.language_options:  # once per language the app offers
                self.language_options[lang] = ft.DropdownOption(key=lang, text="")
            put(self.language_options[lang], text=texts.language_name(lang))
        put(self.language, label=t("ui.common.language"), value=texts.lang,
            options=[self.language_options[lang] for lang in languages])
        put(self.seed, label=t("ui.setup.seed"), helper=t("ui.setup.seed_help"), value=d.seed)
        self.cancel.show(t("ui.common.back"))
        put(self.start_label, value=t("ui.setup.start"))
        waits = wizard.missing()
        put(self.start, disabled=waits is not None)
        put(self.start_waits_tag, visible=waits is not None)
        put(self.start_waits, value=t(waits) if waits is not None else "")
