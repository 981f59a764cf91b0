"""The benchmarks' loaded floor: the empty app asked to hold N static controls holds about
N, so what bench_web and bench_floor print beside "N controls" is a page of that size."""
from __future__ import annotations

import pytest

from tests.support.control_tree import controls_on
from tests.benchmarks.empty_flet_app import CONTROLS_PER_CARD, app_main

from .flet_session import live_page


def _controls(static: int) -> int:
    page, _wire = live_page()
    app_main(static)(page)
    return sum(1 for _ in controls_on(page))


@pytest.mark.parametrize("static", [60, 240, 559])
def test_the_empty_app_holds_the_static_controls_it_is_asked_for(static):
    added = _controls(static) - _controls(0)
    assert abs(added - static) <= CONTROLS_PER_CARD // 2


def test_the_empty_app_alone_is_one_button_and_one_text():
    from tests.benchmarks.empty_flet_app import main

    page, _wire = live_page()
    main(page)
    # A Semantics around the button and one around the text, nothing else.
    assert len(page.controls) == 2
