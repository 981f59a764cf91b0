"""kit.graft: a rebuilt control tree keeps the old objects wherever nothing changed."""
from __future__ import annotations

import flet as ft

from companion.ui.kit.graft import graft


def _card(label: str, count: int, on_click=None) -> ft.Control:
    return ft.Container(ft.Column([ft.Text(label, size=18), ft.Row([ft.Text(str(count)),
                                                                  ft.Button(content="+", on_click=on_click)])]),
                        padding=8)


def test_an_unchanged_tree_is_the_old_one():
    old = _card("Fogo", 2)
    assert graft(old, _card("Fogo", 2)) is old


def test_a_changed_value_keeps_every_other_subtree():
    old = _card("Fogo", 2)
    new = graft(old, _card("Fogo", 3))
    assert new is not old
    old_title, old_row = old.content.controls
    new_title, new_row = new.content.controls
    assert new_title is old_title
    assert new_row is not old_row and new_row.controls[0].value == "3"
    assert new_row.controls[1] is old_row.controls[1]  # the button did not change


def test_a_kept_control_answers_with_the_newest_handler():
    taps = []
    old = _card("Fogo", 2, on_click=lambda _e: taps.append("old"))
    kept = graft(old, _card("Fogo", 2, on_click=lambda _e: taps.append("new")))
    assert kept is old
    kept.content.controls[1].controls[1].on_click(None)
    assert taps == ["new"]


def test_a_handler_that_appears_or_goes_is_a_change():
    old = _card("Fogo", 2)
    assert graft(old, _card("Fogo", 2, on_click=lambda _e: None)) is not old
    with_handler = _card("Fogo", 2, on_click=lambda _e: None)
    assert graft(with_handler, _card("Fogo", 2)) is not with_handler


def test_keyed_children_are_paired_by_key_wherever_they_moved():
    a, b = ft.Text("a", key="a"), ft.Text("b", key="b")
    old = ft.Column([a, b])
    new = graft(old, ft.Column([ft.Text("c", key="c"), ft.Text("b", key="b"), ft.Text("a", key="a")]))
    assert new is not old
    assert new.controls[1] is b and new.controls[2] is a
    assert new.controls[0].value == "c"


def test_another_type_or_key_is_never_taken_for_the_old_control():
    old = ft.Column([ft.Text("a", key="a")])
    new = graft(old, ft.Column([ft.Text("a", key="z")]))
    assert new is not old and new.controls[0] is not old.controls[0]
    assert graft(ft.Text("a"), ft.Icon(ft.Icons.ADD)).__class__ is ft.Icon


def test_a_longer_or_shorter_list_is_a_change_that_keeps_the_common_items():
    old = ft.Column([ft.Text("a"), ft.Text("b")])
    longer = graft(old, ft.Column([ft.Text("a"), ft.Text("b"), ft.Text("c")]))
    assert longer is not old and longer.controls[0] is old.controls[0] and longer.controls[1] is old.controls[1]
    shorter = graft(old, ft.Column([ft.Text("a")]))
    assert shorter is not old and shorter.controls[0] is old.controls[0]


def test_a_control_already_on_the_page_is_left_as_it_is():
    from tests.flet_session import live_page

    page, _wire = live_page()
    child = ft.Text("a")
    shown = ft.Column([child])
    page.controls = [shown]
    page.update()
    other = ft.Column([ft.Text("a"), ft.Text("b")])
    assert graft(other, shown) is shown
    assert shown.controls == [child] and shown.controls[0] is child


def test_below_a_root_the_unchanged_subtrees_are_the_old_ones_but_the_root_is_new():
    from companion.ui.kit.graft import graft_below

    old = _card("Fogo", 2)
    new = _card("Fogo", 2)
    kept = graft_below(old, new)
    assert kept is new and kept.content is old.content


def test_input_controls_are_always_the_new_ones():
    for make in (lambda: ft.TextField(value="a"), lambda: ft.Switch(value=True),
                 lambda: ft.Dropdown(value="1", options=[ft.DropdownOption(key="1")])):
        old, new = make(), make()
        assert graft(old, new) is new


def test_a_join_screen_shown_again_reads_the_code_typed_on_the_page_and_says_why_it_failed(tmp_path):
    """The join screen is kept (kit.kept): shown again, its field is the same control, with
    what the page reported as typed."""
    from companion.hosting.code_attempts import CodeAttempt, CodeOutcome
    from companion.ui import ids
    from companion.ui.phone.join_screen import JoinScreen, _Hooks

    from .flet_session import live_page
    from .ui_tree import make_context, make_controller

    page, _wire = live_page()
    ctx = make_context(make_controller(tmp_path), lang="pt-BR", width=390)
    typed, told = [], []

    def on_code(code: str) -> CodeAttempt:
        typed.append(code)
        return CodeAttempt(CodeOutcome.WRONG, retry_after=2)

    hooks = _Hooks(on_code, None, told.append)
    screen = JoinScreen(ctx, hooks)
    screen.show()
    page.controls = [screen.root]
    page.update()
    for _ in range(2):  # shown again, as a feed or a resize does
        page.update(*screen.show())
    field = _tagged(screen.root, ids.JOIN_CODE)
    page.session.apply_patch(field._i, {"value": "ABCD"})  # what the page reports as typed
    _tagged(screen.root, ids.JOIN_SUBMIT).on_click(None)
    assert typed == ["ABCD"] and told == [ctx.texts.t("ui.join.wrong", seconds=2)]
    hooks.notice = told[-1]
    page.update(*screen.show())
    assert _tagged(screen.root, ids.JOIN_MESSAGE).value == told[-1]
    assert _tagged(screen.root, ids.JOIN_CODE) is field and field.value == "ABCD"  # the typed code stays


def test_the_rules_search_works_after_the_screen_was_drawn_again(tmp_path):
    from types import SimpleNamespace

    from companion.ui import ids

    from .flet_session import live_page
    from .ui_tree import identifiers, make_controller, page_app

    page, _wire = live_page()
    app = page_app(page, make_controller(tmp_path), language="pt-BR", startup_errors=[])
    app.start()
    app.navigate("rules")
    app.render()
    field = _tagged(page.controls[-1], ids.RULES_SEARCH)
    assert not any(name.startswith("rules-result-") for name in identifiers(page.controls[-1]))
    field.on_change(SimpleNamespace(control=SimpleNamespace(value="Fogo")))
    assert ids.rules_result("step_8_fire_damage") in identifiers(page.controls[-1])
    # The field was not sent again while typing: the same control, still on the page.
    assert _tagged(page.controls[-1], ids.RULES_SEARCH) is field and page.session.index.get(field._i) is field


def _keyed(control):
    control.key = "screen-join"
    return control


def _tagged(root, identifier):
    from .ui_tree import walk

    return next(item.content for item in walk(root) if isinstance(item, ft.Semantics) and item.identifier == identifier)
